//! `firstmoves lisp SYSTEM JOB`: LISP 1.5 on the emulated 7090, its tapes laid out as s709's
//! `runlisp` and SIMH's `lisp.ini` lay them (docs/lisp15.md): the job made into the input tape
//! SYSIN on A1 (a card deck in text, `tape write`'s layout), blank reels on A2 (SYSPPT), A3
//! (SYSPOT), A7, B2 (SYSTAP) and B3 (SYSTMP), the system tape on A4 with its ring out, the
//! card reader's hopper empty with END OF FILE pressed, sense switch 3 down (LISP prints on
//! line too), LOAD TAPE from A4. The run goes to its stop; SYSPOT (A3) is printed as print
//! lines on standard output (column 1 the carriage control, as s709's `bcd2txt -p`), the
//! stop and the period time (the CPU's and the I/O wait) on standard error.

use std::path::{Path, PathBuf};

use anyhow::Context;
use emu::ibm7090::tape::{Code, Tape};
use emu::ibm7090::{timing, Limits, Machine, Stop};

use super::run::ibm7090::{parse_switches, parse_tape_unit, DEFAULT_INSTRUCTIONS};

#[derive(clap::Args)]
pub struct LispArgs {
    /// The LISP 1.5 system tape, a P7B image (../shared/period/lisp15/LISPTAPE.BIN).
    pub system: PathBuf,
    /// The job: a card deck in text, a line a card (../shared/period/lisp15/propcal.lsp).
    pub job: PathBuf,
    /// Sense switches down: 3 prints on line as well as on SYSPOT; `none` for all up.
    #[arg(long, default_value = "3")]
    pub switches: String,
    /// Write the printer's lines here.
    #[arg(long)]
    pub printer: Option<PathBuf>,
    /// Write the punch's cards here (`.cbn` column binary, else text).
    #[arg(long)]
    pub punch: Option<PathBuf>,
    /// Write every reel as the run left it into this folder, under the names SIMH's lisp.ini
    /// attaches (sysin.bcd, sysppt.bin, sysout.bcd, sysppt7.bin, systap.bin, syscore.bin; the
    /// system tape is not written).
    #[arg(long)]
    pub tapes: Option<PathBuf>,
    /// Stop after this many instructions (default 10^10, with exit status 3).
    #[arg(long)]
    pub limit_orders: Option<u64>,
    #[command(flatten)]
    pub timing: crate::cmd::bounds::TimingArg,
}

/// The reels the run mounts besides the system tape: unit, file name in `--tapes`, and what
/// LISP calls it.
pub const REELS: [(&str, &str); 6] = [
    ("A1", "sysin.bcd"),
    ("A2", "sysppt.bin"),
    ("A3", "sysout.bcd"),
    ("A7", "sysppt7.bin"),
    ("B2", "systap.bin"),
    ("B3", "syscore.bin"),
];
/// Where the system tape goes, and the unit SYSPOT is written on.
pub const SYSTEM_UNIT: &str = "A4";
pub const SYSPOT_UNIT: &str = "A3";

/// The machine ready to run: reels mounted, switches set, LOAD TAPE pressed.
fn prepared(args: &LispArgs) -> anyhow::Result<Machine> {
    let switches = if args.switches.eq_ignore_ascii_case("none") {
        0
    } else {
        parse_switches(&args.switches)?
    };
    machine(&args.system, &args.job, switches, args.timing.bound())
}

/// The machine ready to run the `job` (a card deck in text) under the `system` tape: reels
/// mounted, the sense switches set, LOAD TAPE pressed; its I/O timed with `bound`.
pub fn machine(
    system: &Path,
    job: &Path,
    switches: u8,
    bound: emu::Bound,
) -> anyhow::Result<Machine> {
    let mut m = Machine::new();
    m.set_io_bound(bound);
    m.sense_switches = switches;
    let deck = super::read_input(job, super::Kind::Source)?;
    let sysin = Tape::from_cards_text(&deck).with_context(|| format!("{}", job.display()))?;
    for (unit, _) in REELS {
        let mut reel = if unit == "A1" {
            sysin.clone()
        } else {
            Tape::blank()
        };
        reel.ring = true;
        m.io.mount(parse_tape_unit(unit)?, reel)?;
    }
    let system = super::run::ibm7090::read_tape(system, true, Code::Tape)?;
    let load = parse_tape_unit(SYSTEM_UNIT)?;
    m.io.mount(load, system)?;
    m.io.reader.end_of_file = true;
    // LOAD TAPE reads in binary: the unit's binary address.
    m.load_tape(load | 0o20)
        .with_context(|| format!("LOAD TAPE {SYSTEM_UNIT}"))?;
    Ok(m)
}

/// The SYSPOT reel as the run left it.
pub fn syspot(m: &Machine) -> anyhow::Result<&Tape> {
    m.io.tape(parse_tape_unit(SYSPOT_UNIT)?)
        .context("no reel on SYSPOT's unit")
}

pub fn run(args: LispArgs) -> anyhow::Result<()> {
    let mut m = prepared(&args)?;
    let limit = args.limit_orders.unwrap_or(DEFAULT_INSTRUCTIONS);
    let stop = m.run(Limits::instructions(limit));
    print!("{}", syspot(&m)?.to_print_text());
    if let Some(path) = &args.printer {
        let mut text = m.io.printer.lines.join("\n");
        if !text.is_empty() {
            text.push('\n');
        }
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(path) = &args.punch {
        super::run::ibm7090::write_punch(&m, path)?;
    }
    if let Some(dir) = &args.tapes {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        for (unit, name) in REELS {
            if let Some(t) = m.io.tape(parse_tape_unit(unit)?) {
                super::tape::write_tape(&dir.join(name), t, Code::Tape)?;
            }
        }
    }
    let seconds = |cycles: u64| timing::cycles_to_us(cycles) / 1e6;
    let (cycles, wait) = (m.cycles(), m.io_wait_cycles());
    eprintln!(
        "stop: {stop}; {} instructions, {cycles} cycles: period time {:.2} s (CPU {:.2} s, I/O wait {:.2} s)",
        m.instructions(),
        seconds(cycles),
        seconds(cycles - wait),
        seconds(wait),
    );
    super::run::exit_for_stop(
        stop.is_error(),
        matches!(stop, Stop::InstructionBudget),
        args.limit_orders
            .is_none()
            .then_some((DEFAULT_INSTRUCTIONS, "instructions")),
    );
    Ok(())
}
