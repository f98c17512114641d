//! `firstmoves bench 7090`: the 7090 emulator's speed on the compute-bound loop of
//! emu::ibm7090::bench (the program scripts/bench-7090.sh also runs on SIMH i7094), in
//! instructions per host second, with the cycle counter running as always; or, with
//! `--program`, on a chess program of the registry.

use anyhow::{bail, Context};
use chess::crosscheck::CrosscheckTiming;
use chess::program::Twin;
use chess::registry::Ask;
use chess::Position;
use emu::ibm7090::bench::{bench_machine, BENCH_START};
use emu::ibm7090::{Limits, Model, Stop};

use super::{measure, repeated_runs, Figures};

pub fn bench(seconds: f64, model: Model, bound: emu::Bound) -> anyhow::Result<Figures> {
    let mut m = bench_machine();
    m.set_model(model);
    m.set_cpu_bound(bound);
    let _ = m.run(Limits::instructions(10_000_000));
    let (i0, c0) = (m.instructions(), m.cycles());
    let mut halts = 0u64;
    let t = measure(seconds, || {
        match m.run(Limits::instructions(50_000_000)) {
            Stop::InstructionBudget => {}
            // The program ends after 90,010,002 instructions; start it again.
            Stop::HaltProceed { .. } => {
                halts += 1;
                m.ic = BENCH_START as u32;
            }
            other => bail!("benchmark program stopped: {other}"),
        }
        Ok(())
    })?;
    let instructions = m.instructions() - i0;
    let cycles = m.cycles() - c0;
    Ok(Figures {
        machine: model.machine(),
        workload: format!("CLA ADD STO ANA ALS TZE LDQ ORA TIX loop; {halts} complete runs"),
        unit: "instructions",
        work: instructions,
        detail: Some(format!(
            "instructions: {instructions} in {:.3} host seconds (wall clock), {cycles} cycles counted",
            t.host
        )),
        measured: t,
        emulated_seconds: match model {
            Model::Ibm7090 => cycles as f64 * 2.18e-6,
            _ => model.cycles_to_us(cycles) * 1e-6,
        },
    })
}

/// The emulated twin's answer for `p` under the default settings, timed with `bound` alone.
fn emulated(p: &Position, bound: emu::Bound) -> Ask<'_> {
    Ask {
        position: p,
        twin: Twin::Emulated,
        settings: &[],
        timing: CrosscheckTiming {
            cpu: emu::ibm7090::Model::Ibm7090,
            bound,
            spread: false,
        },
    }
}

/// `bench 7090 --program NAME`: the program's search from the initial position, one problem
/// deck after another on a fresh copy of the loaded machine, in instructions per host second.
pub fn bench_program(name: &str, seconds: f64, bound: emu::Bound) -> anyhow::Result<Figures> {
    let entry = crate::cmd::chess::program(name)?;
    let start_position = Position::start();
    // The first run assembles the program and warms the caches.
    let first = entry.best(&emulated(&start_position, bound))?;
    let out = first.outcome.context("the emulated twin gives its run")?;
    repeated_runs(
        seconds,
        format!(
            "{name} from the initial position: {} instructions, {} cycles, {:.2} s of 7090 time a run",
            out.instructions, out.cycles, out.emulated_seconds
        ),
        out.instructions,
        out.emulated_seconds,
        || {
            entry.best(&emulated(&start_position, bound))?;
            Ok(())
        },
    )
}

/// SIMH's deck for `bench 7090 --program NAME`: the program's object deck and the initial
/// position's problem on the input tape, with firstmoves' run of it to compare and count by.
pub fn program_deck(
    name: &str,
    exe: std::path::PathBuf,
    bound: emu::Bound,
) -> anyhow::Result<super::simh::Deck> {
    let entry = crate::cmd::chess::program(name)?;
    let start_position = Position::start();
    let (program, deck) = entry.problem(&start_position, &[])?;
    let run = entry.best(&emulated(&start_position, bound))?;
    let out = run.outcome.context("the emulated twin gives its run")?;
    super::simh::Deck::problem(
        exe,
        &program.assembled().object_deck(),
        program.assembled().start.into(),
        program
            .symbol("GAMECD")
            .context("the program has no GAMECD")?
            + 1,
        &chess::emulated::deck_tape(&deck),
        out.instructions,
        out.printed,
    )
}
