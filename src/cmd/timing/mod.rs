//! `firstmoves timing`: the timing table and how much of a headline program's period time
//! rests on sourced, derived and estimated rows (docs/timing.md): dama's on SILLIAC
//! (`silliac.rs`), and the 7090 chess programs', whose I/O wait is a part of its own
//! (`ibm7090.rs`).

use chess::registry;
use emu::silliac::timing;
use serde_json::json;

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
            let rows: Vec<serde_json::Value> = timing::TIMING_TABLE
                .iter()
                .map(|r| {
                    json!({
                        "row": r.name,
                        "fixed_ns": harness::json::spread(r.fixed),
                        "per_unit_ns": harness::json::spread(r.per_unit),
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
            ibm7090::chess(name, &super::chess::program(name)?.timing()?, args.json)
        }
        _ => silliac::dama(args.json),
    }
}
