//! `firstmoves dama exhibition` and `firstmoves dama crosscheck`: Findler's program on the
//! emulated SILLIAC (being built).

// Minimal stubs (written by the dama rules helper so that `dama.rs` compiles); the exhibition
// helper replaces them with the real harness.

#[derive(clap::Args)]
pub struct ExhibitionArgs {}

#[derive(clap::Args)]
pub struct CrosscheckArgs {}

pub fn exhibition(_args: ExhibitionArgs) -> anyhow::Result<()> {
    anyhow::bail!("`dama exhibition` is not built yet")
}

pub fn crosscheck(_args: CrosscheckArgs) -> anyhow::Result<()> {
    anyhow::bail!("`dama crosscheck` is not built yet")
}
