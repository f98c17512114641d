//! `--timing low|nominal|high` (which figures the emulated clock charges), the JSON form of a
//! period time's spread, and `firstmoves timing`: the timing table and how much of a headline
//! program's period time rests on sourced, derived and estimated rows (docs/timing.md): dama's
//! on SILLIAC, and the 7090 chess programs', whose I/O wait is a part of its own.

use chess::registry::{self, Timed};
use dama::exhibition::{self as ex, ExhibitionOptions};
use emu::ibm7090::Profile;
use emu::silliac::timing::{self, Spread, TimingStatus};
use emu::Bound;
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
    /// was charged from: `dama` (the default 25-board exhibition on SILLIAC); `kotok`, `soma`,
    /// `turochamp` (the initial position, default settings, on the emulated 7090) or `mater`
    /// (MATER I on the Immortal Game's mate in 2), with the CPU's I/O wait as a part of its
    /// own and the rows that carry the most time. Without it, print SILLIAC's timing table.
    #[arg(long, value_parser = program_names())]
    pub program: Option<String>,
    /// One JSON object instead of the text.
    #[arg(long)]
    pub json: bool,
}

/// `--program`'s values: `dama` and the registry's chess programs, in alphabetical order.
fn program_names() -> clap::builder::PossibleValuesParser {
    let mut names: Vec<&'static str> = registry::PLAYERS.iter().map(|e| e.name()).collect();
    names.push("dama");
    names.sort_unstable();
    clap::builder::PossibleValuesParser::new(names)
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
    match args.program.as_deref() {
        // A 7090 chess program, by its registry row (`clap` takes only the rows' names).
        Some(name) if name != "dama" => {
            chess(name, &super::chess::program(name)?.timing()?, args.json)
        }
        _ => dama(args.json),
    }
}

/// Rows listed in the text (the JSON has them all).
const TOP_ROWS: usize = 12;

/// Seconds of `cycles` 7090 cycles (2.18 us = 218 / 10^8 s, one rounding, as `Outcome`).
fn seconds_7090(cycles: u64) -> f64 {
    (cycles * 218) as f64 / 1e8
}

/// A 7090 chess program's problem, profiled under the nominal I/O figures; its period time
/// also under the low and high ones (the CPU's cycles are the same under every bound).
fn chess(name: &str, r: &Timed, as_json: bool) -> anyhow::Result<()> {
    let run = r.run;
    // 2.18 us = 2,180 ns a cycle, exact.
    let cycles = &r.cycles;
    let spread = Spread {
        low_ns: cycles.low * 2180,
        nominal_ns: cycles.nominal * 2180,
        high_ns: cycles.high * 2180,
    };
    let pr = &r.profile;
    let parts = parts(pr);
    let total = pr.total().max(1) as f64;
    if as_json {
        let mut shares = serde_json::Map::new();
        for (key, cycles) in &parts {
            shares.insert(
                key.to_string(),
                json!({
                    "seconds": seconds_7090(*cycles),
                    "share": *cycles as f64 / total,
                    "cycles": cycles,
                }),
            );
        }
        let rows: Vec<serde_json::Value> = pr
            .top_rows()
            .into_iter()
            .map(|(info, rc)| {
                json!({
                    "row": info.mnemonic,
                    "status": pr.status(info).name(),
                    "count": rc.count,
                    "cycles": rc.cycles,
                    "share": rc.cycles as f64 / total,
                })
            })
            .collect();
        println!(
            "{}",
            json!({
                "program": name,
                "machine": "ibm7090",
                "run": run,
                "answer": r.answer.to_string(),
                "emulated_seconds": r.outcome.emulated_seconds,
                "emulated_seconds_spread": seconds_json(spread),
                "cycles": r.outcome.cycles,
                "instructions": r.outcome.instructions,
                "by_status": shares,
                "rows": rows,
            })
        );
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

/// dama's share: the default exhibition, whose report carries the split of its nominal time.
fn dama(as_json: bool) -> anyhow::Result<()> {
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
