//! `--program turochamp --engine emulated` for `firstmoves chess best` and `uci`, and `firstmoves chess
//! crosscheck --program turochamp` (issue 7, emulated half): Turochamp's FAP program on the
//! emulated 7090 (programs/turochamp/turochamp.fap), and its cross-check with the native twin.

use anyhow::bail;
use programs::chess::turochamp::crosscheck::{
    self, cases, crosscheck_with, program, EmulatedTurochamp,
};
use programs::chess::uci::Engine;
use programs::chess::Position;

/// The full plies the FAP program's card takes.
fn check_full_plies(n: usize) -> anyhow::Result<()> {
    if !(1..=9).contains(&n) {
        bail!("--full-plies {n}: the FAP program takes 1 to 9");
    }
    Ok(())
}

/// `chess best --program turochamp --engine emulated`: the printer's lines and the emulated
/// time, or JSON as the native engine's with `emulated_seconds`, `cycles`, `position_play`.
pub fn best(p: &Position, full_plies: usize, ratio: bool, json: bool) -> anyhow::Result<()> {
    check_full_plies(full_plies)?;
    let e = crosscheck::emulated_best(p, full_plies, ratio)?;
    let extra = serde_json::json!({ "position_play": e.position_play });
    super::print_emulated_best(p, &e.result, &e.outcome, extra, json);
    Ok(())
}

/// `chess uci --program turochamp --engine emulated`: the FAP program behind UCI, the options
/// of the command line as the native engine takes them (the program assembled at once, so a
/// broken program is reported before the first `go`).
pub fn engine(o: &super::others::ProgramOpts) -> anyhow::Result<Box<dyn Engine>> {
    check_full_plies(o.full_plies)?;
    program()?;
    let mut e = EmulatedTurochamp::default();
    e.native.params.full_plies = o.full_plies;
    e.native.params.ratio = !o.difference;
    Ok(Box::new(e))
}

/// The cross-check's budget a problem: 2 x 10^8 cycles (7.3 emulated minutes); an unpruned
/// analysis beyond it (Kiwipete: 33 million positions) is listed, not run natively.
pub const CROSSCHECK_CYCLES: u64 = 200_000_000;

/// Random plies from the start for the cross-check's random positions.
pub const CROSSCHECK_PLIES: usize = 30;

/// `chess crosscheck --program turochamp`: the FAP program against `turochamp::best` on the
/// middle-game set and random play, each position under one full ply with W/B and W - B and
/// two full plies with W/B; exit status 1 on any mismatch.
pub fn run_crosscheck(positions: usize, seed: u64, json: bool) -> anyhow::Result<()> {
    program()?;
    let list = cases(positions, seed, CROSSCHECK_PLIES);
    let mut progress = crate::progress::Reporter::new("crosscheck");
    let started = std::time::Instant::now();
    let r = crosscheck_with(&list, CROSSCHECK_CYCLES, &mut progress);
    drop(progress);
    let host = started.elapsed().as_secs_f64();
    if json {
        let mismatches: Vec<serde_json::Value> = r
            .mismatches
            .iter()
            .map(|m| {
                serde_json::json!({
                    "name": m.name,
                    "fen": m.fen,
                    "full_plies": m.full_plies,
                    "ratio": m.ratio,
                    "native": m.native.to_string(),
                    "emulated": m.emulated.to_string(),
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::json!({
                "program": "turochamp",
                "positions": positions,
                "problems": r.problems,
                "agreed": r.agreed,
                "over_budget": r
                    .over_budget
                    .iter()
                    .map(|(n, f, ratio)| {
                        serde_json::json!({"name": n, "full_plies": f, "ratio": ratio})
                    })
                    .collect::<Vec<_>>(),
                "mismatches": mismatches,
                "seed": seed,
                "positions_examined": r.positions,
                "emulated_seconds": r.emulated_seconds,
                "max_emulated_seconds": r.max_emulated_seconds,
                "host_seconds": host,
            })
        );
    } else {
        for m in &r.mismatches {
            println!(
                "MISMATCH {} full plies {} {} {}: native {}; emulated {}",
                m.name,
                m.full_plies,
                if m.ratio { "W/B" } else { "W-B" },
                m.fen,
                m.native,
                m.emulated
            );
        }
        for (n, f, ratio) in &r.over_budget {
            println!(
                "OVER BUDGET {n} full plies {f} {}: more than {CROSSCHECK_CYCLES} cycles, \
                 not compared",
                if *ratio { "W/B" } else { "W-B" }
            );
        }
        println!(
            "{} problems ({positions} positions x 3 readings, seed {seed}): {} agree, {} mismatches, {} over budget; {} positions \
             examined, {:.1} emulated minutes, the slowest move {:.1} s",
            r.problems,
            r.agreed,
            r.mismatches.len(),
            r.over_budget.len(),
            r.positions,
            r.emulated_seconds / 60.0,
            r.max_emulated_seconds
        );
    }
    if !r.mismatches.is_empty() {
        std::process::exit(1);
    }
    Ok(())
}
