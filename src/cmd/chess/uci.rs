//! `firstmoves chess uci`: a program from the registry, either twin, behind UCI on standard
//! input and output.

use std::io::{self, BufReader, BufWriter};

use chess::uci;

use anyhow::Context;

use super::Which;

#[derive(clap::Args)]
pub struct UciArgs {
    #[command(flatten)]
    pub which: Which,
}

pub fn run(a: UciArgs) -> anyhow::Result<()> {
    // The emulated twin is assembled here, so a broken program is reported before the first
    // `go`.
    let (entry, g) = a.which.program()?;
    let mut engine = entry
        .engine(a.which.engine.twin(), &g.settings)
        .with_context(|| g.context(&a.which.program))?;
    engine
        .set_option("Timing", a.which.timing.bound().name())
        .map_err(anyhow::Error::msg)?;
    engine
        .set_option("Cpu", a.which.cpu.cpu.name())
        .map_err(anyhow::Error::msg)?;
    uci::run(
        engine.as_mut(),
        BufReader::new(io::stdin()),
        BufWriter::new(io::stdout()),
    )?;
    Ok(())
}
