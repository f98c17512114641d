//! `firstmoves bench ibsys`: the largest IBSYS job of ../shared/period/ibsys/jobs (primesII:
//! FORTRAN II compiles a sieve of Eratosthenes, loads it and runs it, 17 million instructions),
//! or with `--program NAME` IBM's FAP assembling a chess program of the registry (its source as
//! our assembler reads it, the job `fap_judge` gives IBM's FAP: 38-50 million instructions,
//! SOMA's the most), from the library tapes to IBSYS's halt again and again, as `firstmoves
//! ibsys` runs a job, in instructions per host second; beside it SIMH's `i7094` on the same
//! input tape with ibsys.ini's units (../shared/period/simh/ibsys.ini), five runs to a process.

use std::path::PathBuf;

use anyhow::{bail, Context};
use emu::ibm7090::bcd;
use emu::ibm7090::ibsys::{sysin_deck, END_OF_JOBS, SYSIN1, SYSOU1};
use emu::ibm7090::{Limits, Machine, Model, Stop};

use super::{repeated_runs, Figures};

/// The job measured without `--program`.
const JOB: &str = "jobs/primesII.job";
/// The `$DATE` card's date, `firstmoves ibsys`'s default.
const DATE: &str = "010164";

/// A job `bench ibsys` runs.
struct Job {
    /// Its name on the workload line.
    name: String,
    /// Where its cards come from, for an error's message.
    source: PathBuf,
    /// SYSIN1's cards, less what `sysin_deck` adds.
    cards: String,
}

/// primesII, or a `$EXECUTE IBSFAP` job of `program`'s FAP source, each character outside the
/// 7090's set (comments carry a few) a blank, as a keypunch without it would leave the column.
fn job(program: Option<&str>) -> anyhow::Result<Job> {
    let Some(name) = program else {
        let source = super::period_dir("ibsys").join(JOB);
        return Ok(Job {
            name: format!("the job {JOB}"),
            cards: crate::cmd::read_input(&source, crate::cmd::Kind::Source)?,
            source,
        });
    };
    let entry = crate::cmd::chess::program(name)?;
    let source = entry.source();
    let (text, _) =
        chess::emulated::joined(&chess::emulated::chess_parts(source.path, source.text));
    let id = name.to_ascii_uppercase();
    let mut cards =
        format!("$JOB           FAP {id}\n$EXECUTE       IBSFAP\n$ID    {id}\n*      FAP\n");
    for line in text.lines() {
        cards.extend(line.chars().map(|c| match bcd::encode(c) {
            Some(_) => c,
            None => ' ',
        }));
        cards.push('\n');
    }
    Ok(Job {
        name: format!("IBM's FAP assembling {name}"),
        source: PathBuf::from(source.path),
        cards,
    })
}

/// The job's machine, booted into IBSYS (the library tapes read from their files).
fn machine(job: &Job, bound: emu::Bound) -> anyhow::Result<Machine> {
    let dir = super::period_dir("ibsys");
    let sysin = sysin_deck(&job.cards, DATE);
    crate::cmd::ibsys::machine_for(&dir, &job.source, &sysin, Model::Ibm7094, bound)
}

/// One run to IBSYS's halt at END OF JOBS, from its files: the machine as it stopped.
fn run_once(job: &Job, bound: emu::Bound) -> anyhow::Result<Machine> {
    let mut m = machine(job, bound)?;
    match m.run(Limits::instructions(
        crate::cmd::run::ibm7090::DEFAULT_INSTRUCTIONS,
    )) {
        Stop::Halt { address, .. } if address == END_OF_JOBS => Ok(m),
        other => bail!("IBSYS stopped with {other}, not at END OF JOBS (HTR at 07464)"),
    }
}

pub fn bench(seconds: f64, program: Option<&str>, bound: emu::Bound) -> anyhow::Result<Figures> {
    let job = job(program)?;
    let first = run_once(&job, bound)?;
    let (instructions, cycles) = (first.instructions(), first.cycles());
    let model = first.model();
    let emulated = model.cycles_to_us(cycles) / 1e6;
    let mut figures = repeated_runs(
        seconds,
        format!(
            "IBSYS, {} from the library tapes: {instructions} instructions, {cycles} cycles, {emulated:.2} s of 7094 time a run ({:.2} s of it I/O wait)",
            job.name,
            model.cycles_to_us(first.io_wait_cycles()) / 1e6
        ),
        instructions,
        emulated,
        || {
            run_once(&job, bound)?;
            Ok(())
        },
    )?;
    figures.machine = model.machine();
    Ok(figures)
}

/// SIMH's deck: the same input tape and library tapes with ibsys.ini's units; what firstmoves'
/// run put on SYSOU1 to compare with.
pub fn deck(
    exe: PathBuf,
    program: Option<&str>,
    bound: emu::Bound,
) -> anyhow::Result<super::simh::Deck> {
    let job = job(program)?;
    let fresh = machine(&job, bound)?;
    let done = run_once(&job, bound)?;
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
    super::simh::Deck::ibsys(
        exe,
        &sysin,
        &super::period_dir("ibsys"),
        done.instructions(),
        printed,
    )
}
