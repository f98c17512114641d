//! Kotok's program on the emulated IBM 7090 (issue 6, its emulated half): `chess best --engine
//! emulated`, `chess crosscheck` and `chess period --engine emulated`. The UCI engine is
//! `programs::chess::kotok::crosscheck::EmulatedKotok`.

use std::time::Instant;

use anyhow::bail;
use programs::chess::kotok::crosscheck::{self, crosscheck, search_emulated};
use programs::chess::kotok::Params;
use programs::chess::Position;
use programs::progress::Progress;

use super::{ProgramArg, SearchOpts};

/// `chess best --program kotok --engine emulated`.
pub fn best(p: &Position, params: &Params, json: bool) -> anyhow::Result<()> {
    let e = search_emulated(p, params)?;
    // The printout gives no search depth (native `depth` is the deepest ply reached), so none.
    let extra = serde_json::json!({ "depth": null });
    super::print_emulated_best(p, &e.result, &e.outcome, extra, json);
    Ok(())
}

#[derive(clap::Args)]
pub struct CrosscheckArgs {
    #[arg(long, value_enum, default_value = "kotok")]
    pub program: ProgramArg,
    /// How many positions (random play from the start and from the middle-game set).
    #[arg(long, default_value_t = 20)]
    pub positions: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub search: SearchOpts,
    /// One JSON object: positions, mismatches (fen, native, emulated).
    #[arg(long)]
    pub json: bool,
}

fn answer_json(r: &programs::chess::SearchResult) -> serde_json::Value {
    serde_json::json!({
        "move": r.best.map(|m| m.uci()),
        "value": r.value,
        "pv": r.pv.iter().map(|m| m.uci()).collect::<Vec<_>>(),
        "positions": r.positions,
    })
}

/// `chess crosscheck`: both twins on the same positions; exit status 1 on any mismatch.
pub fn run_crosscheck(a: CrosscheckArgs) -> anyhow::Result<()> {
    if a.program != ProgramArg::Kotok {
        bail!("crosscheck: only --program kotok has an emulated twin so far");
    }
    let params = a.search.params();
    crosscheck::program_card(&params)?;
    crosscheck::program()?;
    let ps = crosscheck::positions(a.positions, a.seed);
    let mut progress = crate::progress::Reporter::new("crosscheck");
    let n = ps.len();
    let started = Instant::now();
    let r = crosscheck(&ps, &params, |i| progress.update(i + 1, n));
    let host = started.elapsed().as_secs_f64();
    if a.json {
        let mismatches: Vec<serde_json::Value> = r
            .mismatches
            .iter()
            .map(|m| {
                serde_json::json!({
                    "fen": m.fen,
                    "native": answer_json(&m.native),
                    "emulated": match &m.emulated {
                        Ok(e) => answer_json(e),
                        Err(e) => serde_json::json!({ "error": e }),
                    },
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::json!({
                "program": "kotok",
                "positions": r.positions,
                "mismatches": mismatches,
                "seed": a.seed,
                "positions_examined": r.positions_examined,
                "emulated_seconds": r.emulated_seconds,
                "host_seconds": host,
            })
        );
    } else {
        for m in &r.mismatches {
            println!("MISMATCH {m}");
        }
        println!(
            "{} positions, {} mismatches (seed {}); {} positions examined in {:.1} emulated minutes",
            r.positions,
            r.mismatches.len(),
            a.seed,
            r.positions_examined,
            r.emulated_seconds / 60.0
        );
    }
    if !r.mismatches.is_empty() {
        std::process::exit(1);
    }
    Ok(())
}

/// `chess period --engine emulated`: the middle-game set on the emulated 7090 with and without
/// alpha-beta: positions examined, emulated minutes a move, positions per emulated minute,
/// beside the memo's figures. Each answer is checked against the native twin.
pub fn period(json: bool) -> anyhow::Result<()> {
    let ab = Params::default();
    let mm = Params {
        alpha_beta: false,
        ..Params::default()
    };
    let mut rows = Vec::new();
    let (mut pos_ab, mut pos_mm, mut sec_ab, mut sec_mm) = (0u64, 0u64, 0f64, 0f64);
    for (name, p) in programs::chess::period::middlegames() {
        let r = search_emulated(&p, &ab)?;
        let s = search_emulated(&p, &mm)?;
        for (e, params) in [(&r, &ab), (&s, &mm)] {
            let native = programs::chess::kotok::tree(&p, params);
            if crosscheck::answer(&e.result) != crosscheck::answer(&native) {
                bail!("{name}: the emulated and native twins differ");
            }
        }
        if (r.result.best, r.result.value) != (s.result.best, s.result.value) {
            bail!("{name}: alpha-beta and minimax disagree");
        }
        pos_ab += r.result.positions;
        pos_mm += s.result.positions;
        sec_ab += r.outcome.emulated_seconds;
        sec_mm += s.outcome.emulated_seconds;
        rows.push(serde_json::json!({
            "name": name,
            "move": r.result.best.map(|m| m.uci()),
            "value": r.result.value,
            "positions_alpha_beta": r.result.positions,
            "positions_minimax": s.result.positions,
            "emulated_minutes_alpha_beta": r.outcome.emulated_seconds / 60.0,
            "emulated_minutes_minimax": s.outcome.emulated_seconds / 60.0,
        }));
    }
    let n = rows.len() as f64;
    let rate_ab = pos_ab as f64 / (sec_ab / 60.0);
    let rate_mm = pos_mm as f64 / (sec_mm / 60.0);
    if json {
        println!(
            "{}",
            serde_json::json!({
                "engine": "emulated",
                "positions": rows,
                "mean_positions_alpha_beta": pos_ab as f64 / n,
                "mean_positions_minimax": pos_mm as f64 / n,
                "mean_emulated_minutes_alpha_beta": sec_ab / 60.0 / n,
                "mean_emulated_minutes_minimax": sec_mm / 60.0 / n,
                "positions_per_emulated_minute_alpha_beta": rate_ab,
                "positions_per_emulated_minute_minimax": rate_mm,
                "memo_positions_per_minute": 1100,
                "memo_minutes_a_move_709_before_alpha_beta": [5, 20],
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
            "{:<26} {:>6} {:>7} {:>9} {:>9} {:>8.2} {:>8.2}",
            r["name"].as_str().unwrap_or(""),
            r["move"].as_str().unwrap_or("-"),
            r["value"].as_i64().unwrap_or(0),
            r["positions_alpha_beta"].as_u64().unwrap_or(0),
            r["positions_minimax"].as_u64().unwrap_or(0),
            r["emulated_minutes_alpha_beta"].as_f64().unwrap_or(0.0),
            r["emulated_minutes_minimax"].as_f64().unwrap_or(0.0),
        );
    }
    println!(
        "emulated 7090, mean a move: alpha-beta {:.0} positions in {:.2} minutes, minimax {:.0} in {:.2} minutes",
        pos_ab as f64 / n,
        sec_ab / 60.0 / n,
        pos_mm as f64 / n,
        sec_mm / 60.0 / n
    );
    println!(
        "positions per emulated minute: alpha-beta {rate_ab:.0}, minimax {rate_mm:.0} \
         (memo: about 1,100 on the 7090; 5-20 minutes a move on the 709 before alpha-beta)"
    );
    Ok(())
}
