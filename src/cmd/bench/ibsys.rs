//! `firstmoves bench ibsys`: the largest IBSYS job of ../shared/period/ibsys/jobs (primesII:
//! FORTRAN II compiles a sieve of Eratosthenes, loads it and runs it, 17 million instructions)
//! from the library tapes to IBSYS's halt again and again, as `firstmoves ibsys` runs it, in
//! instructions per host second; beside it SIMH's `i7094` on the same input tape with
//! ibsys.ini's units (../shared/period/simh/ibsys.ini), five runs to a process.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use emu::ibm7090::ibsys::{sysin_deck, END_OF_JOBS, SYSIN1, SYSOU1};
use emu::ibm7090::{Limits, Machine, Model, Stop};

use super::{repeated_runs, Figures};

/// The job measured.
const JOB: &str = "jobs/primesII.job";
/// The `$DATE` card's date, `firstmoves ibsys`'s default.
const DATE: &str = "010164";

/// Where the period material is: ../shared/period/ibsys from here, else beside the checkout.
fn ibsys_dir() -> PathBuf {
    let here = Path::new("../shared/period/ibsys");
    if here.is_dir() {
        here.to_path_buf()
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/period/ibsys")
    }
}

/// The job's machine, booted into IBSYS (the library tapes read from their files).
fn machine(bound: emu::Bound) -> anyhow::Result<Machine> {
    let dir = ibsys_dir();
    let job = dir.join(JOB);
    let deck = crate::cmd::read_input(&job, crate::cmd::Kind::Source)?;
    let sysin = sysin_deck(&deck, DATE);
    crate::cmd::ibsys::machine_for(&dir, &job, &sysin, Model::Ibm7094, bound)
}

/// One run to IBSYS's halt at END OF JOBS, from its files: the machine as it stopped.
fn run_once(bound: emu::Bound) -> anyhow::Result<Machine> {
    let mut m = machine(bound)?;
    match m.run(Limits::instructions(
        crate::cmd::run::ibm7090::DEFAULT_INSTRUCTIONS,
    )) {
        Stop::Halt { address, .. } if address == END_OF_JOBS => Ok(m),
        other => bail!("IBSYS stopped with {other}, not at END OF JOBS (HTR at 07464)"),
    }
}

pub fn bench(seconds: f64, bound: emu::Bound) -> anyhow::Result<Figures> {
    let first = run_once(bound)?;
    let (instructions, cycles) = (first.instructions(), first.cycles());
    let model = first.model();
    let emulated = model.cycles_to_us(cycles) / 1e6;
    let mut figures = repeated_runs(
        seconds,
        format!(
            "IBSYS, the job {JOB} from the library tapes: {instructions} instructions, {cycles} cycles, {emulated:.2} s of 7094 time a run ({:.2} s of it I/O wait)",
            model.cycles_to_us(first.io_wait_cycles()) / 1e6
        ),
        instructions,
        emulated,
        || {
            run_once(bound)?;
            Ok(())
        },
    )?;
    figures.machine = model.machine();
    Ok(figures)
}

/// SIMH's deck: the same input tape and library tapes with ibsys.ini's units; what firstmoves'
/// run put on SYSOU1 to compare with.
pub fn deck(exe: PathBuf, bound: emu::Bound) -> anyhow::Result<super::simh::Deck> {
    let fresh = machine(bound)?;
    let done = run_once(bound)?;
    let sysin = fresh
        .io
        .tape(SYSIN1)
        .context("the job's tape on A3")?
        .to_p7b();
    let printed = done
        .io
        .tape(SYSOU1)
        .context("no reel on SYSOU1")?
        .bcd_lines();
    super::simh::Deck::ibsys(exe, &sysin, &ibsys_dir(), done.instructions(), printed)
}
