//! `firstmoves timing`: the timing table and how much of a headline program's period time
//! rests on sourced, derived and estimated rows (docs/timing.md): dama's on SILLIAC
//! (`silliac.rs`), and the 7090 chess programs', whose I/O wait is a part of its own
//! (`ibm7090.rs`).

use chess::registry;
use emu::silliac::timing;
use harness::report::timing::{self as report, TimingRow, TimingTable};

mod ibm7090;
mod silliac;

#[derive(clap::Args)]
pub struct TimingArgs {
    /// Run a headline program and split its nominal period time by the status of the rows it
    /// was charged from: `dama` on SILLIAC, or a chess program of the registry on the emulated
    /// 7090 with the CPU's I/O wait as a part of its own and the rows that carry the most time
    /// (`timing --help` says what each runs). Without it, print SILLIAC's timing table.
    #[arg(long, value_parser = program_names())]
    pub program: Option<String>,
    /// One JSON object instead of the text.
    #[arg(long)]
    pub json: bool,
}

/// `--program`'s values: `dama` and the registry's chess programs, in alphabetical order, each
/// with what it runs.
fn program_names() -> clap::builder::PossibleValuesParser {
    use clap::builder::PossibleValue;
    let mut values: Vec<(&'static str, &'static str)> = registry::PLAYERS
        .iter()
        .map(|e| (e.name(), e.timing_run()))
        .collect();
    values.push((
        "dama",
        "the default 25-board exhibition on SILLIAC (`dama exhibition`)",
    ));
    values.sort_unstable();
    clap::builder::PossibleValuesParser::new(
        values
            .into_iter()
            .map(|(name, run)| PossibleValue::new(name).help(run)),
    )
}

pub fn run(args: TimingArgs) -> anyhow::Result<()> {
    if args.program.is_none() {
        if args.json {
            let rows = timing::TIMING_TABLE
                .iter()
                .map(|r| TimingRow {
                    row: r.name.to_string(),
                    fixed_ns: r.fixed.into(),
                    per_unit_ns: r.per_unit.into(),
                    unit: r.unit.to_string(),
                    status: silliac::status(r.status),
                    source: r.source.to_string(),
                    bounds: r.bounds.to_string(),
                })
                .collect();
            let table = TimingTable {
                machine: report::Silliac::Silliac,
                rows,
            };
            // Through a Value: its keys sorted, as every JSON report (docs/json.md).
            crate::cmd::output::print_json(table)?;
        } else {
            print!("{}", timing::markdown_table());
        }
        return Ok(());
    }
    match args.program.as_deref() {
        // A 7090 chess program, by its registry row (`clap` takes only the rows' names).
        Some(name) if name != "dama" => {
            ibm7090::chess(name, &super::chess::program(name)?.timing()?, args.json)
        }
        _ => silliac::dama(args.json),
    }
}
