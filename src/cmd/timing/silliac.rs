//! `firstmoves timing --program dama`: the default exhibition on SILLIAC, its period time
//! split by the status of the rows it was charged from.

use dama::exhibition::{self as ex, ExhibitionOptions};
use emu::silliac::timing::TimingStatus;
use serde_json::json;

use crate::cmd::bounds::{seconds_json, seconds_text};

/// dama's share: the default exhibition, whose report carries the split of its nominal time.
pub fn dama(as_json: bool) -> anyhow::Result<()> {
    // The default exhibition: its report carries the split of its nominal time.
    let r = ex::exhibition(&ExhibitionOptions::default())?;
    let total: u64 = r.by_status.iter().sum();
    if as_json {
        let mut shares = serde_json::Map::new();
        for (s, ns) in TimingStatus::ALL.iter().zip(r.by_status) {
            shares.insert(
                s.name().to_string(),
                json!({"seconds": ns as f64 / 1e9, "share": ns as f64 / total.max(1) as f64}),
            );
        }
        println!(
            "{}",
            json!({
                "program": "dama",
                "machine": "silliac",
                "run": "dama exhibition (25 boards, the default opponents, seed 1, demo setting)",
                "emulated_seconds": r.emulated_ns as f64 / 1e9,
                "emulated_seconds_spread": seconds_json(r.period),
                "by_status": shares,
            })
        );
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
