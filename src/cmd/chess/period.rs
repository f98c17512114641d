//! `firstmoves chess period`: a program's figures beside its period sources (`Player::period`),
//! from the native twin or in emulated minutes on the 7090.

use anyhow::anyhow;
use chess::emulated::Clock;

use super::{default_program, program, program_names, EngineArg};

#[derive(clap::Args)]
pub struct PeriodArgs {
    /// Which chess program (the registry's; see the values below).
    #[arg(long, default_value = default_program(), value_parser = program_names())]
    pub program: String,
    /// `emulated`: positions per emulated minute and emulated minutes a move on the 7090 (or
    /// the machine `--cpu` names).
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    #[command(flatten)]
    pub cpu: crate::cmd::run::ibm7090::CpuArg,
    #[command(flatten)]
    pub timing: crate::cmd::bounds::TimingArg,
    /// One JSON object: the program's figures beside the period sources' (positions, time a
    /// move), instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: PeriodArgs) -> anyhow::Result<()> {
    let entry = program(&a.program)?;
    let figures = entry
        .period(
            a.engine.twin(),
            Clock {
                cpu: a.cpu.cpu,
                bound: a.timing.bound(),
            },
        )
        .ok_or_else(|| anyhow!("period: {} has no period figures", a.program))?
        .map_err(|e| anyhow!("period: {e}"))?;
    if a.json {
        crate::cmd::output::print_json(figures.json)?;
    } else {
        print!("{}", figures.text);
    }
    Ok(())
}
