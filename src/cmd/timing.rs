//! `--timing low|nominal|high` (which figures the emulated clock charges), the JSON form of a
//! period time's spread, and `firstmoves timing`: the timing table and how much of a headline
//! program's period time rests on sourced, derived and estimated rows (docs/timing.md).

use emu::silliac::timing::{self, Spread, TimingStatus};
use emu::Bound;
use programs::dama::exhibition::{self as ex, ExhibitionOptions};
use serde_json::json;

/// Which figures of the timing table the emulated clock charges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum TimingBound {
    /// Every row's low bound: the least the period machine can have taken.
    Low,
    /// The nominal figures (the default; the reports' plain fields are these).
    #[default]
    Nominal,
    /// Every row's high bound.
    High,
}

impl From<TimingBound> for Bound {
    fn from(b: TimingBound) -> Bound {
        match b {
            TimingBound::Low => Bound::Low,
            TimingBound::Nominal => Bound::Nominal,
            TimingBound::High => Bound::High,
        }
    }
}

/// The flag, for the commands that report emulated time.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct TimingArg {
    /// Charge the low, nominal or high figure of every timing row (docs/timing.md): SILLIAC's
    /// orders and tape, the 7090's input and output. The run is the same, its period time that
    /// bound's. The JSON gives all three beside the chosen one.
    #[arg(long, value_enum, default_value = "nominal")]
    pub timing: TimingBound,
}

impl TimingArg {
    pub fn bound(&self) -> Bound {
        self.timing.into()
    }
}

/// A period time under the three bounds, in seconds.
pub fn seconds_json(s: Spread) -> serde_json::Value {
    json!({
        "low": s.low_ns as f64 / 1e9,
        "nominal": s.nominal_ns as f64 / 1e9,
        "high": s.high_ns as f64 / 1e9,
    })
}

/// The same in words, e.g. "low 1.0 s, nominal 2.0 s, high 3.5 s".
pub fn seconds_text(s: Spread) -> String {
    format!(
        "low {:.1} s, nominal {:.1} s, high {:.1} s",
        s.low_ns as f64 / 1e9,
        s.nominal_ns as f64 / 1e9,
        s.high_ns as f64 / 1e9
    )
}

#[derive(clap::Args)]
pub struct TimingArgs {
    /// Run a headline program and split its nominal period time by the status of the rows it
    /// was charged from: `dama` (the default 25-board exhibition on SILLIAC). Without it, print
    /// SILLIAC's timing table.
    #[arg(long, value_parser = ["dama"])]
    pub program: Option<String>,
    /// One JSON object instead of the text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: TimingArgs) -> anyhow::Result<()> {
    if args.program.is_none() {
        if args.json {
            let rows: Vec<serde_json::Value> = timing::TIMING_TABLE
                .iter()
                .map(|r| {
                    json!({
                        "row": r.name,
                        "fixed_ns": {"low": r.fixed.low_ns, "nominal": r.fixed.nominal_ns, "high": r.fixed.high_ns},
                        "per_unit_ns": {"low": r.per_unit.low_ns, "nominal": r.per_unit.nominal_ns, "high": r.per_unit.high_ns},
                        "unit": r.unit,
                        "status": r.status.name(),
                        "source": r.source,
                        "bounds": r.bounds,
                    })
                })
                .collect();
            println!("{}", json!({"machine": "silliac", "rows": rows}));
        } else {
            print!("{}", timing::markdown_table());
        }
        return Ok(());
    }
    // The default exhibition: its report carries the split of its nominal time.
    let r = ex::exhibition(&ExhibitionOptions::default())?;
    let total: u64 = r.by_status.iter().sum();
    if args.json {
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
