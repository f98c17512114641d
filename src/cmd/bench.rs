//! `firstmoves bench` (being built).

#[derive(clap::Args)]
pub struct BenchArgs {}

pub fn run(_args: BenchArgs) -> anyhow::Result<()> {
    anyhow::bail!("`bench` is not built yet")
}
