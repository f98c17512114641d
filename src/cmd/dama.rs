//! `firstmoves dama ...`: the rules and native engines (issue 3) and the emulated SILLIAC
//! program with its exhibition harness (issue 4, in `exhibition.rs`).

use std::time::Instant;

use anyhow::{bail, Context};
use dama::fom::Weights;
use dama::learn::{learn_with, play_match_with, LearnOptions, MatchOptions};
use dama::movegen::{legal_moves, legal_moves_slow, perft, perft_slow};
use dama::search::{faithful, fast, root_table, Depth, Select, Setting};
use dama::{parse_strategy, play_from, Position};
use harness::shard::Shard;

#[derive(clap::Subcommand)]
pub enum DamaCommand {
    /// List the legal moves of a position, one a line, in canonical order.
    Moves(MovesArgs),
    /// Draw a position, with its phase, rank number and the state of the game.
    Show(ShowArgs),
    /// Findler's search: the move, its value C(1) and the positions examined.
    Best(BestArgs),
    /// Play one game between two strategies and print the record.
    Play(PlayArgs),
    /// Findler's learning process for the weights of the six figures of merit.
    Learn(LearnArgs),
    /// Many games between two strategies from random openings, sides swapped.
    Match(MatchArgs),
    /// Positions per second of the faithful and fast engines; time of one move.
    Bench(BenchArgs),
    /// Count move paths from a position (perft), fast and optionally slow generator.
    Perft(PerftArgs),
    /// Findler's program on the emulated SILLIAC against native opponents.
    Exhibition(super::exhibition::ExhibitionArgs),
    /// Compare the emulated SILLIAC program with the native engine move by move.
    Crosscheck(super::exhibition::CrosscheckArgs),
    /// Step through one board's game record (from --record or --report) with the period time
    /// of each of SILLIAC's moves.
    Replay(super::exhibition::ReplayArgs),
}

/// `--position`, shared by the commands that take a position.
#[derive(clap::Args)]
pub struct At {
    /// Position `A:1,..,8/B:25,..,32/A` (the side to move last); default: the start.
    #[arg(long)]
    pub position: Option<String>,
}

impl At {
    /// The start position unless `--position` is given.
    fn get(&self) -> anyhow::Result<Position> {
        match &self.position {
            None => Ok(Position::start()),
            Some(t) => t
                .parse()
                .with_context(|| format!("--position `{t}` is not a dama position")),
        }
    }
}

/// `moves`, and `perft` with its depth: a position, the generator, text or JSON.
#[derive(clap::Args)]
pub struct MovesArgs {
    #[command(flatten)]
    pub at: At,
    /// The slow square-by-square generator, a cross-check (perft: counts with both and checks
    /// that they agree).
    #[arg(long)]
    pub slow: bool,
    /// The answer as JSON (moves: the position and its moves; perft: the counts).
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub at: At,
    /// The position's facts as JSON (no diagram).
    #[arg(long)]
    pub json: bool,
}

/// Which engine runs the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineArg {
    /// Plain minimax; counts positions examined as the contract defines.
    Native,
    /// Alpha-beta: same move and value, its own smaller count.
    Fast,
    /// Findler's program in SILLIAC orders on the emulated SILLIAC (adds `emulated_seconds`).
    Emulated,
}

#[derive(clap::Args)]
pub struct BestArgs {
    #[command(flatten)]
    pub at: At,
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    /// Findler's setting: demo (a3+b3), selective, or aN+bM (a1..a3 with b1..b4).
    #[arg(long, value_name = "SETTING", default_value = "demo", value_parser = setting_arg)]
    pub select: Setting,
    /// Print JSON: move, value, positions, setting, engine.
    #[arg(long)]
    pub json: bool,
    /// Also list C(1) of every root move (for `selective`, the first pass).
    #[arg(long)]
    pub root: bool,
}

/// The setting language of every dama command (`--select`, and `findler:SETTING` in the
/// strategies): one parser, `Setting`'s, and its one error.
pub fn setting_arg(text: &str) -> Result<Setting, String> {
    text.parse()
        .map_err(|e: dama::search::SettingError| e.to_string())
}

#[derive(clap::Args)]
pub struct PlayArgs {
    /// Player A (moves first): findler[:SETTING] (SETTING as for --select: demo, selective,
    /// aN+bM), findler-faithful[:SETTING],
    /// grand[:A2,A2',A3,A4,A5,A6][@K], greedy, random[:SEED].
    #[arg(long, default_value = "findler")]
    pub a: String,
    /// Player B, same forms.
    #[arg(long, default_value = "greedy")]
    pub b: String,
    /// Seed for `random` players without their own seed (B gets seed + 1).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub at: At,
    /// Print the record as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct LearnArgs {
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// At most this many iterations (1 to 10,000).
    #[arg(long, default_value_t = 10, value_parser = super::usize_within(1, 10_000))]
    pub iterations: usize,
    /// How far a variant moves one weight (a positive number up to 100).
    #[arg(long, default_value_t = 0.25, value_parser = mesh)]
    pub mesh: f64,
    /// The starting set {alpha}_00: a2,a2',a3,a4,a5,a6 (a1 = 1).
    #[arg(long)]
    pub start: Option<String>,
    /// Look-ahead of every player in half-moves (1..6).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=6))]
    pub depth: u32,
    /// Play every board twice with the sides swapped; the variant must win both.
    #[arg(long)]
    pub both_sides: bool,
    /// Print the whole report as JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub jobs: super::Jobs,
}

#[derive(clap::Args)]
pub struct MatchArgs {
    /// One strategy (same forms as `play`).
    #[arg(long)]
    pub x: String,
    /// The other strategy.
    #[arg(long)]
    pub y: String,
    /// Pairs of games (1 to 100,000); each pair starts from one random opening, played with
    /// sides swapped.
    #[arg(long, default_value_t = 50, value_parser = super::usize_within(1, 100_000))]
    pub pairs: usize,
    /// Random half-moves before the strategies take over (0 to 200).
    #[arg(long, default_value_t = 4, value_parser = super::usize_within(0, 200))]
    pub opening: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub jobs: super::Jobs,
    /// Play only the K-th of N equal slices of the pairs (1 <= K <= N), for spreading the match
    /// over machines; `firstmoves merge` combines the N JSON reports into the whole match's
    /// (needs --json).
    #[arg(long, value_name = "K/N", requires = "json")]
    pub shard: Option<Shard>,
}

#[derive(clap::Args)]
pub struct BenchArgs {
    /// Repeat each measurement this many times and keep the fastest (1 to 1,000).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub repeat: u32,
    /// The measurements as one JSON object (each case's move, value, and both engines'
    /// positions, host seconds and rate; perft 6) instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct PerftArgs {
    /// Half-moves down (0 to 12).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(0..=12))]
    pub depth: u32,
    #[command(flatten)]
    pub moves: MovesArgs,
}

pub fn run(command: DamaCommand) -> anyhow::Result<()> {
    match command {
        DamaCommand::Moves(args) => moves(args),
        DamaCommand::Show(args) => show(args),
        DamaCommand::Best(args) => best(args),
        DamaCommand::Play(args) => play(args),
        DamaCommand::Learn(args) => learn_cmd(args),
        DamaCommand::Match(args) => match_cmd(args),
        DamaCommand::Bench(args) => bench(args),
        DamaCommand::Perft(args) => perft_cmd(args),
        DamaCommand::Exhibition(args) => super::exhibition::exhibition(args),
        DamaCommand::Crosscheck(args) => super::exhibition::crosscheck(args),
        DamaCommand::Replay(args) => super::exhibition::replay(args),
    }
}

fn moves(args: MovesArgs) -> anyhow::Result<()> {
    let p = args.at.get()?;
    let list: Vec<_> = if args.slow {
        legal_moves_slow(&p)
    } else {
        legal_moves(&p).iter().copied().collect()
    };
    if args.json {
        let moves: Vec<String> = list.iter().map(|m| m.to_string()).collect();
        let v = serde_json::json!({"position": p.to_string(), "side": p.side.to_string(), "moves": moves});
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    for m in list {
        println!("{m}");
    }
    Ok(())
}

fn show(args: ShowArgs) -> anyhow::Result<()> {
    let p = args.at.get()?;
    if args.json {
        let over = dama::game::outcome(&p);
        let v = serde_json::json!({
            "position": p.to_string(),
            "side": p.side.to_string(),
            "middle_game": p.is_middle(),
            "rank_number": p.rank_number(),
            "legal_moves": legal_moves(&p).len(),
            "winner": over.as_ref().map(|(w, _)| w.to_string()),
            "end": over.as_ref().map(|(_, e)| format!("{e:?}")),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    print!("{}", dama::board::diagram(&p));
    println!("{p}");
    println!(
        "{} to move; {}; rank number r = {} (start 72)",
        p.side,
        if p.is_middle() {
            "middle game (a piece on rows 4-5)"
        } else {
            "opening or end game"
        },
        p.rank_number()
    );
    match dama::game::outcome(&p) {
        Some((winner, end)) => println!("game over: {winner} has won ({end:?})"),
        None => println!("{} legal moves", legal_moves(&p).len()),
    }
    Ok(())
}

fn best(args: BestArgs) -> anyhow::Result<()> {
    let p = args.at.get()?;
    let setting = args.select;
    let mut emulated_ns = None;
    let r = match args.engine {
        EngineArg::Native => faithful(&p, setting),
        EngineArg::Fast => fast(&p, setting),
        EngineArg::Emulated => {
            let (r, ns) = dama::exhibition::best_emulated(&p, setting)?;
            emulated_ns = Some(ns);
            r
        }
    };
    let engine = match args.engine {
        EngineArg::Native => "native",
        EngineArg::Fast => "fast",
        EngineArg::Emulated => "emulated",
    };
    let root = args.root.then(|| root_table(&p, setting).0);
    if args.json {
        let mut v = serde_json::json!({
            "move": r.mv.map(|m| m.to_string()),
            "value": r.value,
            "positions": r.positions,
            "setting": setting.to_string(),
            "engine": engine,
            "position": p.to_string(),
        });
        if let Some(ns) = emulated_ns {
            v["emulated_seconds"] = serde_json::json!(ns as f64 / 1e9);
        }
        if let Some(root) = &root {
            v["root"] = root
                .iter()
                .map(|(m, c)| serde_json::json!({"move": m.to_string(), "value": c}))
                .collect();
        }
        println!("{v}");
    } else {
        match r.mv {
            Some(m) => match emulated_ns {
                Some(ns) => println!(
                    "{m} value {} positions {} emulated {:.1} s",
                    r.value,
                    r.positions,
                    ns as f64 / 1e9
                ),
                None => println!("{m} value {} positions {}", r.value, r.positions),
            },
            None => println!(
                "no move: {} is blocked and so has won (positions 0)",
                p.side
            ),
        }
        for (m, c) in root.iter().flatten() {
            println!("  {m} {c}");
        }
    }
    Ok(())
}

fn play(args: PlayArgs) -> anyhow::Result<()> {
    let mut a = parse_strategy(&args.a, args.seed).context("--a")?;
    let mut b = parse_strategy(&args.b, args.seed.wrapping_add(1)).context("--b")?;
    let start = args.at.get()?;
    let record = play_from(a.as_mut(), b.as_mut(), start)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&record)?);
    } else {
        println!("{record}");
    }
    Ok(())
}

/// `--mesh`: a positive finite step, at most 100.
fn mesh(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(m) if m.is_finite() && m > 0.0 && m <= 100.0 => Ok(m),
        _ => Err(format!("{text} is not a positive number up to 100")),
    }
}

fn learn_cmd(args: LearnArgs) -> anyhow::Result<()> {
    if !(args.mesh.is_finite() && args.mesh > 0.0) {
        bail!("--mesh {}: must be a positive number", args.mesh);
    }
    if !(1..=6).contains(&args.depth) {
        bail!("--depth {}: must be 1..6", args.depth);
    }
    let start = match &args.start {
        None => Weights::default(),
        Some(t) => t.parse::<Weights>().context("--start")?,
    };
    let opts = LearnOptions {
        start,
        mesh: args.mesh,
        iterations: args.iterations,
        depth: args.depth,
        seed: args.seed,
        both_sides: args.both_sides,
    };
    let report = learn_with(
        &opts,
        args.jobs.get(),
        &mut crate::progress::Reporter::new("learn"),
    )?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    println!(
        "learning: seed {} mesh {} depth {}{}; weights a2,a2',a3,a4,a5,a6 (a1 = 1)",
        report.seed,
        report.mesh,
        report.depth,
        if report.both_sides {
            ", both sides"
        } else {
            ""
        }
    );
    for (i, it) in report.iterations.iter().enumerate() {
        println!("iteration {i}: base {}", it.base);
        for (j, t) in it.trials.iter().enumerate() {
            let games: Vec<String> = t
                .games
                .iter()
                .map(|g| {
                    format!(
                        "variant as {}: {} in {} ({:?}, loser lacks {})",
                        g.variant_side,
                        if g.variant_won { "won" } else { "lost" },
                        g.half_moves,
                        g.end,
                        g.loser_deficit
                    )
                })
                .collect();
            println!(
                "  variant {} ({} {:+}): {}{}",
                j + 1,
                t.changed,
                t.delta,
                games.join("; "),
                if it.chosen == Some(j) {
                    "  <- chosen"
                } else {
                    ""
                }
            );
        }
    }
    println!(
        "final {} ({})",
        report.final_weights,
        if report.converged {
            "no variant beat it"
        } else {
            "iteration limit reached"
        }
    );
    Ok(())
}

fn match_cmd(args: MatchArgs) -> anyhow::Result<()> {
    // Check both texts once, so that the factories below cannot fail.
    parse_strategy(&args.x, args.seed).context("--x")?;
    parse_strategy(&args.y, args.seed).context("--y")?;
    let (x, y, seed) = (args.x.clone(), args.y.clone(), args.seed);
    let r = play_match_with(
        &|| parse_strategy(&x, seed).expect("checked above"),
        &|| parse_strategy(&y, seed.wrapping_add(1)).expect("checked above"),
        &MatchOptions {
            pairs: args.pairs,
            opening: args.opening,
            seed: args.seed,
            shard: args.shard.unwrap_or(Shard::WHOLE),
            jobs: args.jobs.get(),
        },
        &mut crate::progress::Reporter::new("match"),
    )?;
    if args.json {
        // Through a map, so its keys are sorted as a merge of shards prints them.
        let mut v = serde_json::to_value(&r)?;
        if let Some(shard) = args.shard {
            // What makes shards of one match: the command, the match, the binary.
            v["shard"] = serde_json::json!({
                "k": shard.k,
                "n": shard.n,
                "run": {
                    "command": "dama match",
                    "x": args.x,
                    "y": args.y,
                    "pairs": args.pairs,
                    "opening": args.opening,
                    "seed": args.seed,
                    "version": crate::VERSION,
                },
            });
        }
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!(
            "{} games from {}-half-move random openings (seed {}): {} won {}, {} won {}; the first mover won {}, {} ended blocked",
            r.games, args.opening, args.seed, r.x, r.x_wins, r.y, r.y_wins, r.first_mover_wins, r.blocked_ends
        );
    }
    Ok(())
}

/// Best of `repeat` runs of `f`, in seconds, with its last result.
fn timed<T>(repeat: u32, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..repeat.max(1) {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed().as_secs_f64());
        out = Some(r);
    }
    (best, out.expect("at least one run"))
}

fn bench(args: BenchArgs) -> anyhow::Result<()> {
    // A middle-game position (after 8-12 25-21 12-16 21-17 from the start): the demo setting
    // searches all moves at half-moves 1-2 here.
    let middle: Position = "A:1,2,3,4,5,6,7,16/B:17,26,27,28,29,30,31,32/A"
        .parse()
        .expect("bench position");
    let a1b1 = Setting::Rule {
        depth: Depth::A1,
        select: Select::B1,
    };
    let fig2 = dama::fom::fig2();
    let cases = [
        ("start, demo (a3+b3)", Position::start(), Setting::DEMO),
        ("Fig. 2, demo (a3+b3)", fig2, Setting::DEMO),
        ("Fig. 2, a1+b1 (6 deep, all moves)", fig2, a1b1),
        ("middle, demo (a3+b3)", middle, Setting::DEMO),
        ("middle, selective", middle, Setting::Selective),
        ("start, a1+b1 (6 deep, all moves)", Position::start(), a1b1),
        ("middle, a1+b1 (6 deep, all moves)", middle, a1b1),
    ];
    if !args.json {
        println!("dama bench (best of {} runs each)", args.repeat);
    }
    // One engine's measurement: positions, host seconds (the fastest run), rate.
    let figures = |positions: u64, seconds: f64| {
        serde_json::json!({
            "positions": positions,
            "host_seconds": seconds,
            "positions_per_second": positions as f64 / seconds,
        })
    };
    let mut rows = Vec::new();
    for (name, p, s) in cases {
        let (tn, rn) = timed(args.repeat, || faithful(&p, s));
        let (tf, rf) = timed(args.repeat, || fast(&p, s));
        if (rn.mv, rn.value) != (rf.mv, rf.value) {
            bail!("{name}: engines disagree: faithful {rn:?}, fast {rf:?}");
        }
        let mv = rn.mv.map_or("none".to_string(), |m| m.to_string());
        if args.json {
            rows.push(serde_json::json!({
                "case": name,
                "position": p.to_string(),
                "move": rn.mv.map(|m| m.to_string()),
                "value": rn.value,
                "faithful": figures(rn.positions, tn),
                "fast": figures(rf.positions, tf),
            }));
            continue;
        }
        println!(
            "{name}: move {mv} value {}\n  faithful {:>10} positions {:>9.3} ms {:>7.1} M positions/s\n  fast     {:>10} positions {:>9.3} ms {:>7.1} M positions/s",
            rn.value,
            rn.positions,
            tn * 1e3,
            rn.positions as f64 / tn / 1e6,
            rf.positions,
            tf * 1e3,
            rf.positions as f64 / tf / 1e6,
        );
    }
    let (tp, n) = timed(args.repeat, || perft(&Position::start(), 6));
    if args.json {
        let v = serde_json::json!({
            "repeat": args.repeat,
            "cases": rows,
            "perft": {"depth": 6, "paths": n, "host_seconds": tp, "paths_per_second": n as f64 / tp},
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    println!(
        "perft 6 from the start: {n} paths in {:.3} ms ({:.1} M paths/s)",
        tp * 1e3,
        n as f64 / tp / 1e6
    );
    Ok(())
}

fn perft_cmd(args: PerftArgs) -> anyhow::Result<()> {
    let p = args.moves.at.get()?;
    if args.depth > 9 {
        bail!("--depth {}: at most 9", args.depth);
    }
    let mut counts = Vec::new();
    for d in 1..=args.depth {
        let n = perft(&p, d);
        if args.moves.slow {
            let s = perft_slow(&p, d);
            if s != n {
                bail!("depth {d}: fast generator {n}, slow generator {s}");
            }
        }
        if args.moves.json {
            counts.push(serde_json::json!({"depth": d, "paths": n}));
        } else {
            println!("{d} {n}");
        }
    }
    if args.moves.json {
        let v = serde_json::json!({"position": p.to_string(), "slow_checked": args.moves.slow, "counts": counts});
        println!("{}", serde_json::to_string_pretty(&v)?);
    }
    Ok(())
}
