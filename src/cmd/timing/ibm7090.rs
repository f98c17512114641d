//! `firstmoves timing --program NAME` of a 7090 chess program: its problem profiled, the period
//! time split by the status of the rows and the CPU's I/O wait.

use chess::registry::Timed;
use emu::ibm7090::Profile;
use emu::silliac::timing::TimingStatus;

use chess::report::timing::{ByStatus, Part, RowTime, TimingReport};

use crate::cmd::bounds::seconds_text;

/// Rows listed in the text (the JSON has them all).
const TOP_ROWS: usize = 12;

/// Seconds of `cycles` 7090 cycles (2.18 us = 218 / 10^8 s, one rounding, as `Outcome`).
fn seconds_7090(cycles: u64) -> f64 {
    (cycles * 218) as f64 / 1e8
}

/// A 7090 chess program's problem, profiled under the nominal I/O figures; its period time
/// also under the low and high ones (the CPU's cycles are the same under every bound).
pub fn chess(name: &str, r: &Timed, as_json: bool) -> anyhow::Result<()> {
    let run = r.run;
    // 2.18 us = 2,180 ns a cycle, exact.
    let cycles = &r.cycles;
    let spread = cycles.map(|c| c * 2180);
    let pr = &r.profile;
    let parts = parts(pr);
    let total = pr.total().max(1) as f64;
    if as_json {
        let part = |cycles: u64| Part {
            cycles,
            seconds: seconds_7090(cycles),
            share: cycles as f64 / total,
        };
        let rows = pr
            .top_rows()
            .into_iter()
            .map(|(info, rc)| RowTime {
                row: info.mnemonic.to_string(),
                status: pr.status(info).into(),
                count: rc.count,
                cycles: rc.cycles,
                share: rc.cycles as f64 / total,
            })
            .collect();
        let report = TimingReport {
            program: name.to_string(),
            machine: "ibm7090".into(),
            run: run.to_string(),
            answer: r.answer.to_string(),
            emulated_seconds: r.outcome.emulated_seconds,
            emulated_seconds_spread: spread.map(|ns| ns as f64 / 1e9).into(),
            cycles: r.outcome.cycles,
            instructions: r.outcome.instructions,
            by_status: ByStatus {
                sourced: part(pr.status_cycles(TimingStatus::Sourced)),
                derived: part(pr.status_cycles(TimingStatus::Derived)),
                estimate: part(pr.status_cycles(TimingStatus::Estimate)),
                io_wait: part(pr.io_wait()),
            },
            rows,
        };
        crate::cmd::output::print_json(report)?;
    } else {
        println!(
            "{name} on the IBM 7090 ({run}): {:.1} s of period time ({}; the spread is the I/O \
             figures')",
            r.outcome.emulated_seconds,
            seconds_text(spread)
        );
        println!("  answer: {}", r.answer);
        for (key, cycles) in &parts {
            println!(
                "  {key:<9} {:>10.1} s  {:5.1} %",
                seconds_7090(*cycles),
                100.0 * *cycles as f64 / total
            );
        }
        println!("  the rows that carry the most time:");
        for (info, rc) in pr.top_rows().into_iter().take(TOP_ROWS) {
            println!(
                "    {:<5} {:<9} {:>11} times {:>8.1} s  {:5.1} %",
                info.mnemonic,
                pr.status(info).name(),
                rc.count,
                seconds_7090(rc.cycles),
                100.0 * rc.cycles as f64 / total
            );
        }
    }
    Ok(())
}

/// The profile's parts: each status's cycles and the I/O wait, as the JSON names them.
fn parts(pr: &Profile) -> Vec<(&'static str, u64)> {
    let mut v: Vec<_> = TimingStatus::ALL
        .iter()
        .map(|&s| (s.name(), pr.status_cycles(s)))
        .collect();
    v.push(("io_wait", pr.io_wait()));
    v
}
