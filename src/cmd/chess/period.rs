//! `firstmoves chess period`: a program's figures beside its period sources (Kotok's: positions
//! examined per move on the middle-game set with and without alpha-beta, at the memo's rate or
//! in emulated minutes on the 7090).

use anyhow::anyhow;

use super::{program, program_names, EngineArg};

#[derive(clap::Args)]
pub struct PeriodArgs {
    #[arg(long, default_value = "kotok", value_parser = program_names())]
    pub program: String,
    /// `emulated`: positions per emulated minute and emulated minutes a move on the 7090.
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: PeriodArgs) -> anyhow::Result<()> {
    let entry = program(&a.program)?;
    let figures = entry
        .period(a.engine.twin())
        .ok_or_else(|| anyhow!("period: {} has no period figures (kotok has)", a.program))?
        .map_err(|e| anyhow!("period: {e}"))?;
    if a.json {
        println!("{}", figures.json);
    } else {
        print!("{}", figures.text);
    }
    Ok(())
}
