//! `firstmoves dama ...` (being built).

#[derive(clap::Subcommand)]
pub enum DamaCommand {}

pub fn run(command: DamaCommand) -> anyhow::Result<()> {
    match command {}
}
