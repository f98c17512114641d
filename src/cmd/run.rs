//! `firstmoves run` (being built).

#[derive(clap::Args)]
pub struct RunArgs {}

pub fn run(_args: RunArgs) -> anyhow::Result<()> {
    anyhow::bail!("`run` is not built yet")
}
