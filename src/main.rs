//! `firstmoves`: the command line of the project.

mod cmd;
mod console;
mod progress;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "firstmoves",
    version,
    about = "The first game-playing programs on faithful emulations of SILLIAC and the IBM 7090"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Assemble a program (`*.sil` for SILLIAC).
    Asm(cmd::asm::AsmArgs),
    /// Run a program or tape on its emulated machine.
    Run(cmd::run::RunArgs),
    /// Measure emulator speed.
    Bench(cmd::bench::BenchArgs),
    /// Findler's dama: rules, native engines, the emulated SILLIAC program.
    #[command(subcommand)]
    Dama(cmd::dama::DamaCommand),
    /// Chess: the programs (Kotok, SOMA, Turochamp, MATER) natively and on the emulated 7090,
    /// perft, cross-checks, UCI, matches.
    #[command(subcommand)]
    Chess(cmd::chess::ChessCommand),
    /// The operator's console: monitor commands (script or prompt) for SILLIAC.
    Console(console::ConsoleArgs),
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Asm(args) => cmd::asm::run(args),
        Command::Run(args) => cmd::run::run(args),
        Command::Bench(args) => cmd::bench::run(args),
        Command::Dama(command) => cmd::dama::run(command),
        Command::Chess(command) => cmd::chess::run(command),
        Command::Console(args) => console::run(args),
    }
}
