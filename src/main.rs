//! `firstmoves`: the command line of the project.

mod cmd;
mod console;
mod progress;

use std::process::ExitCode;

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
    /// IBM's 709/7090 diagnostics (../shared/diags) run to their stops as the write-ups say.
    Diag(cmd::diag::DiagArgs),
    /// The operator's console: monitor commands (script or prompt) for SILLIAC.
    Console(console::ConsoleArgs),
}

fn main() -> ExitCode {
    quiet_on_closed_output();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Asm(args) => cmd::asm::run(args),
        Command::Run(args) => cmd::run::run(args),
        Command::Bench(args) => cmd::bench::run(args),
        Command::Dama(command) => cmd::dama::run(command),
        Command::Chess(command) => cmd::chess::run(command),
        Command::Console(args) => console::run(args),
        Command::Diag(args) => match cmd::diag::run(args) {
            // The verdict's status: 1 an error or unexpected stop, 3 the budget spent.
            Ok(code) if code != 0 => return ExitCode::from(code),
            other => other.map(|_| ()),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // The error and its causes, plainly: a user who set RUST_BACKTRACE for another
            // tool gets no backtrace under a missing file or a bad value.
            eprintln!("firstmoves: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Output that can no longer be written ends the program, as Unix tools do: a closed pipe
/// (`firstmoves ... | head`) quietly, with the status a SIGPIPE gives (141); any other failure
/// (`> /dev/full`) with a one-line error and status 1. `println!` reports both by panicking
/// with "failed printing to stdout"; this hook turns that panic into the exit.
fn quiet_on_closed_output() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(reason) = message.strip_prefix("failed printing to stdout: ") {
            if reason.contains("Broken pipe") {
                std::process::exit(141);
            }
            eprintln!("firstmoves: error: cannot write to standard output: {reason}");
            std::process::exit(1);
        }
        default(info);
    }));
}
