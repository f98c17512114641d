//! `firstmoves asm` (being built).

#[derive(clap::Args)]
pub struct AsmArgs {}

pub fn run(_args: AsmArgs) -> anyhow::Result<()> {
    anyhow::bail!("`asm` is not built yet")
}
