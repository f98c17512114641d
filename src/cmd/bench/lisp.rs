//! `firstmoves bench lisp`: LISP 1.5's Wang-algorithm job (`firstmoves lisp`'s run of
//! ../shared/period/lisp15/propcal.lsp under LISPTAPE.BIN, sense switch 3) again and again, in
//! instructions per host second; beside it SIMH's `i7094` on the same tapes with s709's units
//! (`../shared/period/simh/lisp.ini`'s layout), five runs to a process.

use std::path::PathBuf;

use anyhow::{bail, Context};
use emu::ibm7090::{Limits, Machine, Stop};

use super::{repeated_runs, Figures};

/// The job's machine, ready to run (sense switch 3, as s709's lisp.cmd).
fn machine(bound: emu::Bound) -> anyhow::Result<Machine> {
    let dir = super::period_dir("lisp15");
    crate::cmd::lisp::machine(
        &dir.join("LISPTAPE.BIN"),
        &dir.join("propcal.lsp"),
        0b100,
        bound,
    )
}

/// One run to LISP's end, from its files (the tapes read and mounted, LOAD TAPE): the machine
/// as it stopped.
fn run_once(bound: emu::Bound) -> anyhow::Result<Machine> {
    let mut m = machine(bound)?;
    match m.run(Limits::instructions(
        crate::cmd::run::ibm7090::DEFAULT_INSTRUCTIONS,
    )) {
        Stop::HaltProceed { address: 0o10523 } => Ok(m),
        other => bail!("LISP 1.5 stopped with {other}, not at its end (HPR at 10523)"),
    }
}

pub fn bench(seconds: f64, bound: emu::Bound) -> anyhow::Result<Figures> {
    let first = run_once(bound)?;
    let (instructions, cycles) = (first.instructions(), first.cycles());
    let emulated = emu::ibm7090::timing::cycles_to_us(cycles) / 1e6;
    repeated_runs(
        seconds,
        format!(
            "LISP 1.5, the Wang job of propcal.lsp from its files: {instructions} instructions, {cycles} cycles, {emulated:.2} s of 7090 time a run ({:.2} s of it I/O wait)",
            emu::ibm7090::timing::cycles_to_us(first.io_wait_cycles()) / 1e6
        ),
        instructions,
        emulated,
        || {
            run_once(bound)?;
            Ok(())
        },
    )
}

/// SIMH's deck: the same input tape and system tape, run with lisp.ini's units; what
/// firstmoves' run put on SYSPOT to compare with.
pub fn deck(exe: PathBuf, bound: emu::Bound) -> anyhow::Result<super::simh::Deck> {
    let fresh = machine(bound)?;
    let done = run_once(bound)?;
    let sysin = fresh
        .io
        .tape(0o1201)
        .context("the job's tape on A1")?
        .to_p7b();
    let printed = crate::cmd::lisp::syspot(&done)?.bcd_lines();
    super::simh::Deck::lisp(
        exe,
        &sysin,
        &super::period_dir("lisp15").join("LISPTAPE.BIN"),
        done.instructions(),
        printed,
    )
}
