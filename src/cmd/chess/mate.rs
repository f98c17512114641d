//! `firstmoves chess mate` and `chess mate-campaign`: MATER I and II, the native twin
//! or the FAP program on the emulated 7090 (`--engine emulated`).

use std::time::Instant;

use anyhow::Context;
use chess::mater::program::solve_emulated;
use chess::mater::{campaign, solve, MateResult, Params};
use chess::notation::line_san;
use chess::parse_fen;
use chess::report::mate::{
    Level, LevelSeconds, MateCampaignReport, MateReport, MateRun, MateShard, Simon1962,
};
use chess::report::Engine;
use harness::progress::{map_in_order, twins_costliest_first, Progress};
use harness::shard::Shard;

use super::EngineArg;

#[derive(clap::Args)]
pub struct MateArgs {
    /// The position (FEN), the attacker to move.
    #[arg(long)]
    pub fen: String,
    /// Which twin searches: `native` (the Rust twin, the default) or `emulated` (MATER's FAP
    /// program on the emulated 7090).
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    /// 1 = MATER I (checks only), 2 = MATER II (also quiet mate threats).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub mater: u8,
    /// MATER II: attacker levels with quiet threats (default 2; the source's literal reading: 1;
    /// at most 5, MATER's deepest line).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=5))]
    pub threat_levels: Option<u32>,
    /// One JSON object: found, line (UCI), line_san, mate_in, positions (and for the
    /// emulated engine emulated_seconds).
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct MateCampaignArgs {
    /// The table (default: programs/chess/testdata/bwtc_stockfish.tsv, built in).
    #[arg(long)]
    pub tsv: Option<String>,
    /// Only the first N positions (1 to 100,000). `--limit` is an older name for it.
    #[arg(long, alias = "limit", value_parser = crate::cmd::usize_within(1, 100_000))]
    pub positions: Option<usize>,
    /// MATER II's threat levels (default 2; 0 to 5).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=5))]
    pub threat_levels: Option<u32>,
    /// `emulated`: the FAP program on the emulated 7090, each answer compared with the native
    /// twin's (found, line, positions); adds the emulated seconds and the agreement count.
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    /// One JSON object with both summaries.
    #[arg(long)]
    pub json: bool,
    /// Also print one line per position: number, MATER's mate distance and first move,
    /// Stockfish's distance and first move, the key move.
    #[arg(long)]
    pub rows: bool,
    #[command(flatten)]
    pub jobs: crate::cmd::Jobs,
    /// Run only the K-th of N equal slices of the positions (1 <= K <= N), for spreading the
    /// campaign over machines; `firstmoves merge` combines the N JSON reports into the whole
    /// run's (needs --json).
    #[arg(long, value_name = "K/N", requires = "json", conflicts_with = "rows")]
    pub shard: Option<Shard>,
}

fn params(level: u8, threat_levels: Option<u32>) -> Params {
    let mut p = if level == 2 {
        Params::mater2()
    } else {
        Params::mater1()
    };
    if let (2, Some(t)) = (level, threat_levels) {
        p.threat_levels = t;
    }
    p
}

pub fn mate(a: MateArgs) -> anyhow::Result<()> {
    let p = parse_fen(&a.fen).with_context(|| format!("--fen `{}`", a.fen))?;
    let params = params(a.mater, a.threat_levels);
    let (r, emulated_seconds) = if a.engine == EngineArg::Emulated {
        let (r, run) = solve_emulated(&p, &params)?;
        (r, Some(run.emulated_seconds))
    } else {
        (solve(&p, &params), None)
    };
    let san = line_san(&p, &r.line);
    if a.json {
        let report = MateReport {
            mater: a.mater,
            engine: if emulated_seconds.is_some() {
                Engine::Emulated
            } else {
                Engine::Native
            },
            found: r.found,
            mate_in: r.mate_in(),
            line: r.line.iter().map(|m| m.uci()).collect(),
            line_san: san,
            positions: r.positions,
            emulated_seconds,
        };
        crate::cmd::output::print_json(report)?;
        return Ok(());
    }
    if r.found {
        println!(
            "MATER {}: mate in {}: {} ({} positions)",
            a.mater,
            r.mate_in(),
            san.join(" "),
            r.positions
        );
    } else {
        println!(
            "MATER {}: no mate found ({} positions)",
            a.mater, r.positions
        );
    }
    if let Some(s) = emulated_seconds {
        println!("emulated 7090: {s:.3} s");
    }
    Ok(())
}

/// The emulated campaign: each row on the 7090 and natively; the emulated outcomes, the rows
/// where the two differ (found, line or positions), each row's emulated seconds.
fn run_emulated(
    rows: &[campaign::Row],
    params: &Params,
    jobs: usize,
    progress: &mut crate::progress::Reporter,
) -> anyhow::Result<(Vec<campaign::Outcome>, Vec<u32>, Vec<f64>)> {
    // Each row on its own: both runs are pure functions of the row, so the order of the
    // threads does not matter; the sums below go in row order.
    let (natives, runs) = twins_costliest_first(
        rows,
        jobs,
        progress,
        |row| solve(&row.position, params),
        |n| n.positions,
        |row| solve_emulated(&row.position, params),
    );
    let mut outcomes = Vec::new();
    let mut differ = Vec::new();
    let mut seconds = Vec::new();
    for (row, (emulated, native)) in rows.iter().zip(runs.into_iter().zip(natives)) {
        let (r, run): (MateResult, _) =
            emulated.with_context(|| format!("BWTC line {}", row.number))?;
        seconds.push(run.emulated_seconds);
        if r != native {
            differ.push(row.number);
        }
        let first = r
            .line
            .first()
            .map(|&m| campaign::bare_san(&chess::san(&row.position, m)));
        outcomes.push(campaign::Outcome {
            number: row.number,
            result: r,
            first,
        });
    }
    Ok((outcomes, differ, seconds))
}

/// One level's emulated figures: the rows where the twins differ, the emulated seconds, and
/// each row's (for a shard's report).
struct Emulated {
    differ: Vec<u32>,
    seconds: f64,
    per_row: Vec<f64>,
}

/// One level of the campaign on `rows`: the outcomes, and with the emulated engine its
/// figures.
fn campaign_level(
    a: &MateCampaignArgs,
    rows: &[campaign::Row],
    level: u8,
) -> anyhow::Result<(Vec<campaign::Outcome>, Option<Emulated>)> {
    let mut progress =
        crate::progress::Reporter::new(if level == 1 { "MATER I" } else { "MATER II" });
    let p = params(level, a.threat_levels);
    let (outcomes, emulated) = if a.engine == EngineArg::Emulated {
        let (o, differ, seconds) = run_emulated(rows, &p, a.jobs.get(), &mut progress)?;
        // Added from 0 in row order, as a merge of shards adds them again.
        let sum = seconds.iter().fold(0.0, |sum, s| sum + s);
        let e = Emulated {
            differ,
            seconds: sum,
            per_row: seconds,
        };
        (o, Some(e))
    } else {
        let o = map_in_order(rows, a.jobs.get(), &mut progress, |row| {
            campaign::run(std::slice::from_ref(row), &p)
        })
        .into_iter()
        .flatten()
        .collect();
        (o, None)
    };
    progress.update(rows.len(), rows.len());
    Ok((outcomes, emulated))
}

/// `--rows`: one line a position.
fn print_rows(level: u8, rows: &[campaign::Row], outcomes: &[campaign::Outcome]) {
    for (row, o) in rows.iter().zip(outcomes) {
        println!(
            "MATER {level} line {:4}: {} {:6} sf {} {:6} key {:6} positions {}",
            row.number,
            o.result.mate_in(),
            o.first.as_deref().unwrap_or("-"),
            row.sf_mate.map_or("-".to_string(), |m| m.to_string()),
            row.sf_first.as_deref().unwrap_or("-"),
            row.key_move,
            o.result.positions
        );
    }
}

/// One level's summary as text; `secs` the host seconds.
fn print_level(level: u8, s: &campaign::Summary, emulated: Option<&Emulated>, secs: f64) {
    let pct = |n: usize| 100.0 * n as f64 / s.positions_tried.max(1) as f64;
    match emulated {
        Some(e) => {
            println!(
                "MATER {level} on {} BWTC positions, emulated 7090: {:.1} s of \
                 7090 time ({secs:.1} s host, native twin included)",
                s.positions_tried, e.seconds
            );
            println!(
                "  emulated = native (found, line, positions) on {} of {}{}",
                s.positions_tried - e.differ.len(),
                s.positions_tried,
                if e.differ.is_empty() {
                    String::new()
                } else {
                    format!("; differ on lines {:?}", e.differ)
                }
            );
        }
        None => println!(
            "MATER {level} on {} BWTC positions ({secs:.1} s native)",
            s.positions_tried
        ),
    }
    println!("  mates proved        {:5} ({:.1}%)", s.found, pct(s.found));
    println!(
        "  of Stockfish's all-check lines {} proved {}",
        s.stockfish_all_checks, s.found_of_all_checks
    );
    println!(
        "  first move = Stockfish's {}, = key move {}",
        s.same_first_as_stockfish, s.same_first_as_key
    );
    println!(
        "  distance vs Stockfish: shorter {}, same {}, longer {}; Stockfish none {}",
        s.shorter_than_stockfish,
        s.same_distance_as_stockfish,
        s.longer_than_stockfish,
        s.found_where_stockfish_none
    );
    println!("  found by mate-in 1..9: {:?}", &s.found_by_distance[1..]);
    println!(
        "  positions examined: mean {:.1}, max {}",
        s.positions_total as f64 / s.positions_tried.max(1) as f64,
        s.positions_max
    );
}

pub fn mate_campaign(a: MateCampaignArgs) -> anyhow::Result<()> {
    let text = match &a.tsv {
        Some(path) => crate::cmd::read_input(std::path::Path::new(path), crate::cmd::Kind::Source)?,
        None => campaign::BWTC_TSV.to_string(),
    };
    let name = a.tsv.as_deref().unwrap_or("bwtc_stockfish.tsv");
    let mut rows = campaign::read_table(&text).with_context(|| name.to_string())?;
    if let Some(n) = a.positions {
        rows.truncate(n);
    }
    let shard = a.shard.unwrap_or(Shard::WHOLE);
    let rows = &rows[shard.range(rows.len())];
    let mut levels = Vec::new();
    // Each level's per-row emulated seconds, for a shard's report.
    let mut per_row = Vec::new();
    for level in [1u8, 2] {
        let t = Instant::now();
        let (outcomes, emulated) = campaign_level(&a, rows, level)?;
        let secs = t.elapsed().as_secs_f64();
        let summary = campaign::summarize(rows, &outcomes);
        if a.rows {
            print_rows(level, rows, &outcomes);
        }
        if !a.json {
            print_level(level, &summary, emulated.as_ref(), secs);
        }
        let host = |native: bool| (native == emulated.is_none()).then_some(secs);
        levels.push(Level {
            summary,
            native_seconds: host(true),
            emulated_seconds: emulated.as_ref().map(|e| e.seconds),
            host_seconds: host(false),
            differ_from_native: emulated.as_ref().map(|e| e.differ.clone()),
        });
        per_row.extend(emulated.map(|e| e.per_row));
    }
    if a.json {
        let engine = if a.engine == EngineArg::Emulated {
            Engine::Emulated
        } else {
            Engine::Native
        };
        let [mater1, mater2]: [Level; 2] = levels.try_into().expect("two levels");
        let report = MateCampaignReport {
            mater1,
            mater2,
            simon_1962: Simon1962 {
                found: 52,
                positions: 129,
                collection: "Fine 1952".into(),
            },
            shard: a.shard.map(|shard| MateShard {
                k: shard.k,
                n: shard.n,
                // What makes shards of one run: the command, the table, the settings, the
                // binary.
                run: MateRun {
                    command: "chess mate-campaign".into(),
                    tsv: a.tsv.clone(),
                    positions: a.positions,
                    threat_levels: a.threat_levels,
                    engine,
                    version: crate::VERSION.into(),
                },
                seconds: Vec::new(),
                emulated_seconds: <[Vec<f64>; 2]>::try_from(per_row)
                    .ok()
                    .map(|[mater1, mater2]| LevelSeconds { mater1, mater2 }),
            }),
        };
        crate::cmd::output::print_json(report)?;
    } else {
        println!("Simon & Simon 1962 (hand simulation, Fine's 129 positions): 52 (40.3%)");
    }
    Ok(())
}
