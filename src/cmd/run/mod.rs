//! `firstmoves run FILE`: a program or tape on its emulated machine, which the file's kind
//! names: SILLIAC's assembly and tapes (`silliac.rs`), the IBM 7090's FAP, decks and tapes
//! (`ibm7090.rs`). The flags and the exit statuses are the same for both.

use std::path::PathBuf;

pub(crate) mod ibm7090;
mod silliac;

#[derive(clap::Args)]
pub struct RunArgs {
    /// The program: SILLIAC assembly (`.sil`) or a tape (`.pt` text, or raw frames 0..31);
    /// for the IBM 7090, FAP source (`.fap`), an asm7090 object deck (`.obj`), a
    /// column-binary deck (`.cbn`: LOAD CARDS) or a tape image (`.p7b`, `.bcd`, `.bin`,
    /// `.tap`: LOAD TAPE, the image mounted read only).
    pub file: PathBuf,
    /// SILLIAC: input tape whose frames follow the program on the reader. 7090: `UNIT=FILE`
    /// mounts a tape on a 729 (`A2=deck.txt`, `B1=9ap.bcd`), written back at the end if the
    /// run wrote on it; repeatable. A P7B image (`.p7b`, `.bcd`, `.bin`, `.tap`), BCD records
    /// a line (`.txt`, `#EOF` a tape mark) or a card deck in text (any other name: 84-character
    /// records, a form feed a tape mark, as s709's txt2bcd). Letters after the unit: `r` ring
    /// out (read only, never written back: `A4r=LISPTAPE.BIN`), `m` the image's BCD in s709's
    /// memory code (`A1m=sysin.bcd`).
    #[arg(long)]
    pub tape: Vec<String>,
    /// Write the punched output: SILLIAC a `.pt` tape; 7090 the punch's cards (`.cbn` column
    /// binary, else text).
    #[arg(long)]
    pub punch: Option<PathBuf>,
    /// Stop after this many emulated microseconds from the program's start.
    #[arg(long)]
    pub limit_us: Option<u64>,
    /// Stop after this many orders (7090: instructions) from the program's start. Without any
    /// --limit-* flag a run stops after 2 x 10^10 SILLIAC orders or 10^10 7090 instructions
    /// (each far beyond the longest program of the project), with exit status 3.
    #[arg(long)]
    pub limit_orders: Option<u64>,
    /// Print one trace line per order (to stderr with --json).
    #[arg(long)]
    pub trace: bool,
    /// Print one JSON object instead of the teleprinter text.
    #[arg(long)]
    pub json: bool,
    /// 7090: cards for the card reader, one card a line (text punched in the Hollerith code,
    /// or SIMH's column binary for a `.cbn` file).
    #[arg(long)]
    pub cards: Option<PathBuf>,
    /// 7090: the card reader's END OF FILE key pressed: once the hopper is empty (or with no
    /// `--cards`), a read ends with the channel's end of file (TEFA) instead of stopping the
    /// machine, as SIMH's reader does at the end of its attached file.
    #[arg(long)]
    pub reader_eof: bool,
    /// 7090: press a load key instead of starting at the program's start: `cards` (LOAD
    /// CARDS) or a tape unit (`B1`: LOAD TAPE). A `.cbn` or tape-image FILE implies it.
    #[arg(long)]
    pub load: Option<String>,
    /// 7090: write the printed lines here instead of to stdout.
    #[arg(long)]
    pub printer: Option<PathBuf>,
    /// 7090: sense switches down (on), e.g. `1,3`.
    #[arg(long)]
    pub switches: Option<String>,
    /// 7090: the console entry keys, an octal word (`-` for the sign), which ENK reads.
    #[arg(long, allow_hyphen_values = true)]
    pub keys: Option<String>,
    /// 7090: stop after this many machine cycles (2.18 us each) from the start.
    #[arg(long)]
    pub limit_cycles: Option<u64>,
    /// 7090: include the words in this octal address range, e.g. `200-217`.
    #[arg(long)]
    pub dump: Option<String>,
    #[command(flatten)]
    pub timing: crate::cmd::bounds::TimingArg,
    #[command(flatten)]
    pub cpu: ibm7090::CpuArg,
}

/// Exit status of a run whose budget was spent (0 success, 1 an error or a failed check, 2
/// usage, 4 a machine stop: README, "Exit status").
pub const EXIT_BUDGET: i32 = 3;

/// Exit status of a run the machine stopped where the program cannot go on (an order
/// refused, a tight loop, a channel or tape error): the program's fault, not the tool's (1).
pub const EXIT_MACHINE_STOP: i32 = 4;

/// End the process with the status a run's stop calls for: 4 if the program cannot go on, 3
/// if a budget ended it (naming the default one, `default`, when no limit was given); a stop
/// the program asked for returns.
pub fn exit_for_stop(cannot_go_on: bool, budget: bool, default: Option<(u64, &str)>) {
    if cannot_go_on {
        std::process::exit(EXIT_MACHINE_STOP);
    }
    if budget {
        if let Some((n, unit)) = default {
            eprintln!("(the default budget of {n} {unit}; --limit-orders N sets another)");
        }
        std::process::exit(EXIT_BUDGET);
    }
}

pub fn run(args: RunArgs) -> anyhow::Result<()> {
    if ibm7090::is_7090_file(&args.file) {
        ibm7090::run(&args)
    } else {
        silliac::run(&args)
    }
}
