//! `firstmoves timing --program dama`: the default exhibition on SILLIAC, its period time
//! split by the status of the rows it was charged from.

use dama::exhibition::{self as ex, ExhibitionOptions};
use emu::silliac::timing::TimingStatus;
use harness::report::timing::{ByStatus, Dama, DamaTiming, Silliac, Status, StatusShare};

use crate::cmd::bounds::seconds_text;

/// A row's status as the report names it.
pub fn status(s: TimingStatus) -> Status {
    match s {
        TimingStatus::Sourced => Status::Sourced,
        TimingStatus::Derived => Status::Derived,
        TimingStatus::Estimate => Status::Estimate,
    }
}

/// dama's share: the default exhibition, whose report carries the split of its nominal time.
pub fn dama(as_json: bool) -> anyhow::Result<()> {
    // The default exhibition: its report carries the split of its nominal time.
    let r = ex::exhibition(&ExhibitionOptions::default())?;
    let total: u64 = r.by_status.iter().sum();
    if as_json {
        let share = |status: TimingStatus| {
            let ns = TimingStatus::ALL
                .iter()
                .zip(r.by_status)
                .find_map(|(s, ns)| (*s == status).then_some(ns))
                .unwrap_or(0);
            StatusShare {
                seconds: ns as f64 / 1e9,
                share: ns as f64 / total.max(1) as f64,
            }
        };
        let report = DamaTiming {
            program: Dama::Dama,
            machine: Silliac::Silliac,
            run: "dama exhibition (25 boards, the default opponents, seed 1, demo setting)"
                .to_string(),
            emulated_seconds: r.emulated_ns as f64 / 1e9,
            emulated_seconds_spread: r.period.map(|ns| ns as f64 / 1e9).into(),
            by_status: ByStatus {
                sourced: share(TimingStatus::Sourced),
                derived: share(TimingStatus::Derived),
                estimate: share(TimingStatus::Estimate),
            },
        };
        // Through a Value: its keys sorted, as every JSON report (docs/json.md).
        crate::cmd::output::print_json(report)?;
    } else {
        println!(
            "dama on SILLIAC (the default 25-board exhibition): {:.1} s of period time ({})",
            r.emulated_ns as f64 / 1e9,
            seconds_text(r.period)
        );
        for (s, ns) in TimingStatus::ALL.iter().zip(r.by_status) {
            println!(
                "  {:<9} {:>10.1} s  {:5.1} %",
                s.name(),
                ns as f64 / 1e9,
                100.0 * ns as f64 / total.max(1) as f64
            );
        }
    }
    Ok(())
}
