//! `firstmoves`: the command line of the project.

mod cmd;
mod console;
mod progress;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "firstmoves",
    version = VERSION,
    about = "The first game-playing programs on faithful emulations of SILLIAC and the IBM 7090",
    after_help = AFTER_HELP
)]
struct Cli {
    /// No progress bars or progress lines on standard error (results and errors still print).
    #[arg(short, long, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Assemble a program: SILLIAC order notation (`*.sil`), the 7090's FAP (`*.fap`) or the
    /// cards of IBM's diagnostic assembler 9AP (`--dialect 9ap`).
    Asm(cmd::asm::AsmArgs),
    /// Run a program or tape on its emulated machine.
    #[command(after_help = "\
Every run is bounded: without --limit-orders, --limit-us or --limit-cycles it stops after
2 x 10^10 SILLIAC orders or 10^10 7090 instructions. A transfer to itself that changes nothing
(7090 TRA *, SILLIAC 26 n at nL) stops the run as a tight loop, naming its address.

Exit status: 0 the program stopped as it meant to (a halt, a stop order, out of input);
1 an error (a missing file, bad input); 2 usage; 3 the budget was spent; 4 a machine stop
the program cannot go on from (an order refused, a tight loop, a channel or tape error).")]
    Run(cmd::run::RunArgs),
    /// Measure emulator speed.
    Bench(cmd::bench::BenchArgs),
    /// Findler's dama: rules, native engines, the emulated SILLIAC program.
    #[command(subcommand)]
    Dama(cmd::dama::DamaCommand),
    #[command(subcommand, about = cmd::chess::about())]
    Chess(cmd::chess::ChessCommand),
    /// IBM's 709/7090 diagnostics (../shared/diags) run to their stops as the write-ups say.
    #[command(after_help = "\
Every run is bounded: --limit-cycles, default 50 million cycles (all seven end far below it).

Exit status: 0 the write-up's normal stop; 1 an error stop of the write-up's tables, a stop
they do not list, or an error; 2 usage; 3 the budget was spent.")]
    Diag(cmd::diag::DiagArgs),
    /// The operator's console of SILLIAC or the 7090: monitor commands (script or prompt), in
    /// SIMH's words or the project's.
    Console(console::ConsoleArgs),
    /// The timing table and its bounds, or how much of a headline program's period time rests
    /// on sourced, derived and estimated figures (`--program dama`).
    Timing(cmd::timing::TimingArgs),
    /// LISP 1.5 on the emulated 7090: boot its system tape with a job on the input tape and
    /// print SYSPOT.
    #[command(after_help = "\
Example:
  firstmoves lisp ../shared/period/lisp15/LISPTAPE.BIN ../shared/period/lisp15/propcal.lsp

Every run is bounded: --limit-orders, default 10^10 instructions.

Exit status: 0 LISP stopped as it means to (its HPR at the end of the run); 1 an error (a
missing file, a card outside the 7090's character set); 2 usage; 3 the budget was spent; 4 a
machine stop LISP cannot go on from.")]
    Lisp(cmd::lisp::LispArgs),
    /// 7090 tape images as SIMH and s709 make them: a card deck in text to a BCD tape, a tape's
    /// records as text or print lines, its blocks.
    #[command(subcommand)]
    Tape(cmd::tape::TapeCommand),
    /// Combine the JSON reports of a campaign's shards (`--shard K/N --json`) into the report
    /// the whole run would have printed.
    Merge(cmd::merge::MergeArgs),
    /// Shell completions for bash, zsh or fish, on standard output.
    Completions(cmd::help::CompletionsArgs),
    /// The manual pages (roff), on standard output: `firstmoves man | man -l -` for every page,
    /// `firstmoves man dama exhibition` for one.
    Man(cmd::help::ManArgs),
}

/// The whole command line: the derived definition and the `-o` every command shares.
fn command() -> clap::Command {
    cmd::output::add(Cli::command())
}

/// The version and the commit the binary was built from (build.rs; "unknown" outside git).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("FIRSTMOVES_COMMIT"),
    ")"
);

const AFTER_HELP: &str = "\
Examples:
  firstmoves dama exhibition                               25 boards of dama on emulated SILLIAC
  firstmoves chess best --program kotok --engine emulated  Kotok's move from the start, on the
                                                           emulated 7090 (native twin by default)
  firstmoves run ../shared/tapes/t.pt                      a period ILLIAC tape on SILLIAC: the
                                                           loader X1 and a program it reads
  firstmoves console silliac ../shared/tapes/t.pt          SILLIAC's operator's console with that
                                                           tape (`go`, `show`, `quit`)

Exit status: 0 success; 1 an error or a failed check (a mismatch, a diagnostic's error
stop); 2 a usage error; 3 a run's budget spent; 4 a run's machine stop the program cannot go
on from (an order refused, a tight loop).";

fn main() -> ExitCode {
    quiet_on_closed_output();
    let matches = command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    progress::set_quiet(cli.quiet);
    if let Err(e) = cmd::output::redirect(&matches) {
        eprintln!("firstmoves: error: {e:#}");
        return ExitCode::FAILURE;
    }
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
        Command::Lisp(args) => cmd::lisp::run(args),
        Command::Merge(args) => cmd::merge::run(args),
        Command::Tape(command) => cmd::tape::run(command),
        Command::Timing(args) => cmd::timing::run(args),
        Command::Completions(args) => cmd::help::completions(command(), args),
        Command::Man(args) => cmd::help::man(command(), args),
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
