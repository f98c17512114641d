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
use emu::ibm7090::Machine;

use super::job::period_time;
use super::run::ibm7090::{parse_switches, parse_tape_unit};

#[derive(clap::Args)]
#[command(mut_arg("tapes", |a| a.help(
    "Write every reel as the run left it into this folder, under the names SIMH's lisp.ini \
     attaches (sysin.bcd, sysppt.bin, sysout.bcd, sysppt7.bin, systap.bin, syscore.bin; the \
     system tape is not written)"
)))]
pub struct LispArgs {
    /// The LISP 1.5 system tape, a P7B image (../shared/period/lisp15/LISPTAPE.BIN).
    pub system: PathBuf,
    /// The job: a card deck in text, a line a card (../shared/period/lisp15/propcal.lsp).
    pub job: PathBuf,
    /// Sense switches down: 3 prints on line as well as on SYSPOT; `none` for all up.
    #[arg(long, default_value = "3")]
    pub switches: String,
    #[command(flatten)]
    pub job_args: super::job::JobArgs,
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
    machine(
        &args.system,
        &args.job,
        switches,
        args.job_args.timing.bound(),
    )
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
    let stop = args.job_args.run(&mut m);
    print!("{}", syspot(&m)?.to_print_text());
    let reels = REELS
        .iter()
        .map(|&(unit, name)| Ok((parse_tape_unit(unit)?, name)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    args.job_args.write(&m, &reels)?;
    eprintln!("{}", period_time(&m, &stop));
    args.job_args.exit_for(&stop);
    Ok(())
}
