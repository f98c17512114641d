//! `firstmoves chess ...`: the chess core and Kotok's 1962 program (issue 6, native half).

use std::io::{self, BufWriter};
use std::time::Instant;

use anyhow::{bail, Context};
use programs::chess::kotok::{tree, Params};
use programs::chess::movegen::divide;
use programs::chess::notation::line_san;
use programs::chess::{initia, printer as print, SearchResult};
use programs::chess::{parse_fen, perft, uci, Position};

#[path = "chess_kotok.rs"]
mod kotok_emulated;
#[path = "chess_match.rs"]
mod matchcmd;
#[path = "chess_mate.rs"]
mod mate;
#[path = "chess_programs.rs"]
mod others;
#[path = "chess_turochamp.rs"]
mod turo_emulated;

/// `chess best --engine emulated`, for every program: JSON as the native engine's plus the
/// run's `emulated_seconds`, `cycles`, `instructions` and the program's `extra` fields (a null
/// there drops the field); or the 7090's own printer lines, then the emulated time.
fn print_emulated_best(
    p: &Position,
    r: &programs::chess::SearchResult,
    out: &programs::chess::emulated::Outcome,
    extra: serde_json::Value,
    json: bool,
) {
    if json {
        let san = line_san(p, &r.pv);
        let mut v = serde_json::json!({
            "move": r.best.map(|m| m.uci()),
            "san": san.first(),
            "value": r.value,
            "pv": r.pv.iter().map(|m| m.uci()).collect::<Vec<_>>(),
            "pv_san": san,
            "positions": r.positions,
            "depth": r.depth,
            "engine": "emulated",
            "emulated_seconds": out.emulated_seconds,
            "cycles": out.cycles,
            "instructions": out.instructions,
        });
        if let (Some(v), serde_json::Value::Object(extra)) = (v.as_object_mut(), extra) {
            for (k, x) in extra {
                if x.is_null() {
                    v.remove(&k);
                } else {
                    v.insert(k, x);
                }
            }
        }
        println!("{v}");
    } else {
        for l in &out.printed {
            println!("{}", l.trim_end());
        }
        println!(
            "EMULATED 7090 TIME  {:.1} S ({} CYCLES)",
            out.emulated_seconds, out.cycles
        );
    }
}

#[derive(clap::Subcommand)]
pub enum ChessCommand {
    /// The program's move for a position: move, value, principal variation, positions examined.
    Best(BestArgs),
    /// Count leaf positions `depth` plies down (perft).
    Perft(PerftArgs),
    /// Speak UCI on standard input and output.
    Uci(UciArgs),
    /// Kotok's program on the emulated 7090 against its native twin, position by position
    /// (exit status 1 on any mismatch).
    Crosscheck(kotok_emulated::CrosscheckArgs),
    /// Read problems from cards in INITIA's language and print each answer as Figure 1 does.
    Cards(CardsArgs),
    /// The period comparison: positions examined per move on the middle-game set, with and
    /// without alpha-beta, and minutes at the memo's 1,100 positions a minute.
    Period(PeriodArgs),
    /// MATER I or II: search for a mating combination (found, line, positions examined).
    Mate(mate::MateArgs),
    /// MATER I and II on the 1,001 BWTC positions beside Stockfish's table.
    MateCampaign(mate::MateCampaignArgs),
    /// Play programs and UCI engines against each other; PGN as the games finish.
    Match(matchcmd::MatchArgs),
}

/// The programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ProgramArg {
    Kotok,
    /// Maynard Smith's one-move analyser (1961; SOMAC 1966 with --rules somac1966).
    Soma,
    /// Turing and Champernowne's paper machine (1948).
    Turochamp,
}

/// Which twin runs the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineArg {
    /// The Rust twin.
    Native,
    /// The FAP program on the emulated 7090.
    Emulated,
}

fn native_only(engine: EngineArg) -> anyhow::Result<()> {
    if engine == EngineArg::Emulated {
        bail!(
            "--engine emulated: this command has no FAP twin on the emulated 7090; \
             use --engine native"
        );
    }
    Ok(())
}

#[derive(clap::Args)]
pub struct SearchOpts {
    /// Plausible moves kept at each ply (the memo's input parameters).
    #[arg(long, value_delimiter = ',', default_value = "4,3,2,2,1,1,1,1,0,0")]
    pub widths: Vec<usize>,
    /// Plain minimax, as on the 709 in spring 1961 (same move and value, more positions).
    #[arg(long)]
    pub no_alpha_beta: bool,
    /// The first ply at which a stable position ends the search.
    #[arg(long, default_value_t = 4)]
    pub stable_from: usize,
}

impl SearchOpts {
    fn params(&self) -> Params {
        Params {
            widths: self.widths.clone(),
            alpha_beta: !self.no_alpha_beta,
            stable_from: self.stable_from,
        }
    }
}

#[derive(clap::Args)]
pub struct BestArgs {
    #[arg(long, value_enum, default_value = "kotok")]
    pub program: ProgramArg,
    /// The position (FEN); default: the initial position.
    #[arg(long)]
    pub fen: Option<String>,
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    #[command(flatten)]
    pub search: SearchOpts,
    #[command(flatten)]
    pub other: others::ProgramOpts,
    /// One JSON object: move (UCI), san, value, pv, positions.
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct PerftArgs {
    /// The position (FEN); default: the initial position.
    #[arg(long)]
    pub fen: Option<String>,
    #[arg(long)]
    pub depth: u32,
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    /// Counts by first move.
    #[arg(long)]
    pub divide: bool,
}

#[derive(clap::Args)]
pub struct UciArgs {
    #[arg(long, value_enum, default_value = "kotok")]
    pub program: ProgramArg,
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    #[command(flatten)]
    pub other: others::ProgramOpts,
}

#[derive(clap::Args)]
pub struct CardsArgs {
    /// The deck: a text file, one card a line (columns 1-72 read).
    pub file: String,
    #[command(flatten)]
    pub search: SearchOpts,
}

#[derive(clap::Args)]
pub struct PeriodArgs {
    #[arg(long, value_enum, default_value = "kotok")]
    pub program: ProgramArg,
    /// `emulated`: positions per emulated minute and emulated minutes a move on the 7090.
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    #[arg(long)]
    pub json: bool,
}

fn position(fen: &Option<String>) -> anyhow::Result<Position> {
    match fen {
        None => Ok(Position::start()),
        Some(f) => parse_fen(f).with_context(|| format!("--fen `{f}`")),
    }
}

fn result_json(p: &Position, r: &SearchResult) -> serde_json::Value {
    let san = line_san(p, &r.pv);
    serde_json::json!({
        "move": r.best.map(|m| m.uci()),
        "san": san.first(),
        "value": r.value,
        "pv": r.pv.iter().map(|m| m.uci()).collect::<Vec<_>>(),
        "pv_san": san,
        "positions": r.positions,
        "depth": r.depth,
        "engine": "native",
    })
}

pub fn run(command: ChessCommand) -> anyhow::Result<()> {
    match command {
        ChessCommand::Best(a) => {
            let p = position(&a.fen)?;
            if a.engine == EngineArg::Emulated && a.program == ProgramArg::Kotok {
                return kotok_emulated::best(&p, &a.search.params(), a.json);
            }
            if a.engine == EngineArg::Emulated && a.program == ProgramArg::Soma {
                return others::soma_emulated_best(&p, &a.other, a.json);
            }
            if a.engine == EngineArg::Emulated && a.program == ProgramArg::Turochamp {
                let o = &a.other;
                return turo_emulated::best(&p, o.full_plies, !o.difference, a.json);
            }
            native_only(a.engine)?;
            let r = match a.program {
                ProgramArg::Kotok => tree(&p, &a.search.params()),
                ProgramArg::Soma => others::soma_best(&p, &a.other),
                ProgramArg::Turochamp => others::turochamp_best(&p, &a.other),
            };
            if a.json {
                println!("{}", result_json(&p, &r));
            } else if a.program == ProgramArg::Kotok {
                print!("{}", print::figure1(&p, &r));
            } else {
                print!("{}", others::text(&p, &r)?);
            }
        }
        ChessCommand::Perft(a) => {
            let mut p = position(&a.fen)?;
            let t = Instant::now();
            if a.engine == EngineArg::Emulated {
                if a.divide {
                    bail!("--divide: the FAP perft program counts the total only; use --engine native");
                }
                if a.depth > 9 {
                    bail!("--depth {}: the FAP perft program goes to depth 9", a.depth);
                }
                let (n, out) = programs::chess::emulated::perft(&p, a.depth)?;
                let host = t.elapsed().as_secs_f64();
                println!("{n}");
                println!("emulated 7090: {:.6} s", out.emulated_seconds);
                eprintln!(
                    "{} instructions, {} cycles; host {host:.3} s, {:.1} M instructions/s",
                    out.instructions,
                    out.cycles,
                    out.instructions as f64 / host / 1e6
                );
            } else if a.divide {
                let mut total = 0;
                for (m, n) in divide(&mut p, a.depth) {
                    println!("{m}: {n}");
                    total += n;
                }
                println!("total {total}");
            } else {
                println!("{}", perft(&mut p, a.depth));
            }
            eprintln!("{:.3} s", t.elapsed().as_secs_f64());
        }
        ChessCommand::Uci(a) => {
            let emulated_kotok = a.engine == EngineArg::Emulated && a.program == ProgramArg::Kotok;
            let emulated_soma = a.engine == EngineArg::Emulated && a.program == ProgramArg::Soma;
            let emulated_turo =
                a.engine == EngineArg::Emulated && a.program == ProgramArg::Turochamp;
            if !emulated_kotok && !emulated_soma && !emulated_turo {
                native_only(a.engine)?;
            }
            let mut engine: Box<dyn uci::Engine> = match a.program {
                ProgramArg::Kotok if emulated_kotok => {
                    // Assemble before the first `go`, so a broken program is reported at once.
                    programs::chess::kotok::crosscheck::program()?;
                    Box::new(programs::chess::kotok::crosscheck::EmulatedKotok::default())
                }
                ProgramArg::Kotok => Box::new(uci::NativeKotok::default()),
                ProgramArg::Soma if emulated_soma => others::soma_emulated_engine(&a.other)?,
                ProgramArg::Soma => others::soma_engine(&a.other),
                ProgramArg::Turochamp if emulated_turo => turo_emulated::engine(&a.other)?,
                ProgramArg::Turochamp => others::turochamp_engine(&a.other),
            };
            let stdin = io::stdin();
            uci::run(engine.as_mut(), stdin.lock(), BufWriter::new(io::stdout()))?;
        }
        ChessCommand::Cards(a) => {
            let deck = std::fs::read_to_string(&a.file)
                .with_context(|| format!("cannot read {}", a.file))?;
            for (n, problem) in initia::read_cards(&deck).into_iter().enumerate() {
                println!("PROBLEM {}", n + 1);
                match problem {
                    Ok(pb) => {
                        for c in &pb.comments {
                            println!("/{c}/");
                        }
                        let r = tree(&pb.position, &a.search.params());
                        print!("{}", print::figure1(&pb.position, &r));
                    }
                    Err(e) => println!("{}: {e}; problem skipped", a.file),
                }
                println!();
            }
        }
        ChessCommand::Crosscheck(a) if a.program == ProgramArg::Soma => {
            others::soma_crosscheck(a.positions, a.seed, a.json)?
        }
        ChessCommand::Crosscheck(a) if a.program == ProgramArg::Turochamp => {
            turo_emulated::run_crosscheck(a.positions, a.seed, a.json)?
        }
        ChessCommand::Crosscheck(a) => kotok_emulated::run_crosscheck(a)?,
        ChessCommand::Period(a) if a.engine == EngineArg::Emulated => {
            if a.program != ProgramArg::Kotok {
                bail!("period --engine emulated: only Kotok's program runs on the emulated 7090");
            }
            kotok_emulated::period(a.json)?
        }
        ChessCommand::Period(a) => period(a)?,
        ChessCommand::Mate(a) => mate::mate(a)?,
        ChessCommand::MateCampaign(a) => mate::mate_campaign(a)?,
        ChessCommand::Match(a) => matchcmd::run(a)?,
    }
    Ok(())
}

/// The memo's rate on the 7090: "approximately 1100 positions per minute".
const MEMO_POSITIONS_PER_MINUTE: f64 = 1100.0;

fn period(a: PeriodArgs) -> anyhow::Result<()> {
    let ab = Params::default();
    let mm = Params {
        alpha_beta: false,
        ..Params::default()
    };
    let mut rows = Vec::new();
    let (mut tot_ab, mut tot_mm) = (0u64, 0u64);
    for (name, p) in programs::chess::period::middlegames() {
        let t = Instant::now();
        let r = tree(&p, &ab);
        let secs_ab = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let s = tree(&p, &mm);
        let secs_mm = t.elapsed().as_secs_f64();
        if (r.best, r.value) != (s.best, s.value) {
            bail!("{name}: alpha-beta and minimax disagree");
        }
        tot_ab += r.positions;
        tot_mm += s.positions;
        rows.push(serde_json::json!({
            "name": name,
            "fen": programs::chess::to_fen(&p),
            "move": r.best.map(|m| m.uci()),
            "value": r.value,
            "positions_alpha_beta": r.positions,
            "positions_minimax": s.positions,
            "memo_rate_minutes_alpha_beta": r.positions as f64 / MEMO_POSITIONS_PER_MINUTE,
            "memo_rate_minutes_minimax": s.positions as f64 / MEMO_POSITIONS_PER_MINUTE,
            "native_seconds_alpha_beta": secs_ab,
            "native_seconds_minimax": secs_mm,
        }));
    }
    let n = rows.len() as f64;
    if a.json {
        println!(
            "{}",
            serde_json::json!({
                "positions": rows,
                "mean_positions_alpha_beta": tot_ab as f64 / n,
                "mean_positions_minimax": tot_mm as f64 / n,
            })
        );
        return Ok(());
    }
    println!(
        "{:<26} {:>6} {:>7} {:>9} {:>9} {:>8} {:>8}",
        "position", "move", "value", "pos a-b", "pos mmax", "min a-b", "min mmax"
    );
    for r in &rows {
        println!(
            "{:<26} {:>6} {:>7} {:>9} {:>9} {:>8.1} {:>8.1}",
            r["name"].as_str().unwrap_or(""),
            r["move"].as_str().unwrap_or("-"),
            r["value"].as_i64().unwrap_or(0),
            r["positions_alpha_beta"].as_u64().unwrap_or(0),
            r["positions_minimax"].as_u64().unwrap_or(0),
            r["memo_rate_minutes_alpha_beta"].as_f64().unwrap_or(0.0),
            r["memo_rate_minutes_minimax"].as_f64().unwrap_or(0.0),
        );
    }
    println!(
        "mean positions a move: alpha-beta {:.0}, minimax {:.0}; at 1,100 a minute: {:.1} and {:.1} minutes",
        tot_ab as f64 / n,
        tot_mm as f64 / n,
        tot_ab as f64 / n / MEMO_POSITIONS_PER_MINUTE,
        tot_mm as f64 / n / MEMO_POSITIONS_PER_MINUTE
    );
    Ok(())
}
