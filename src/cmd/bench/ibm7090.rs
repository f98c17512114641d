//! `firstmoves bench 7090`: the 7090 emulator's speed on the compute-bound loop of
//! emu::ibm7090::bench (the program scripts/bench-7090.sh also runs on SIMH i7094), in
//! instructions per host second, with the cycle counter running as always.

use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use emu::ibm7090::bench::{bench_machine, BENCH_START};
use emu::ibm7090::{Limits, Stop};

pub fn bench(seconds: f64) -> anyhow::Result<()> {
    let mut m = bench_machine();
    let _ = m.run(Limits::instructions(10_000_000));
    let (i0, c0) = (m.instructions(), m.cycles());
    let budget = Duration::from_secs_f64(seconds.max(0.1));
    let cpu0 = super::thread_cpu_ns();
    let start = Instant::now();
    let mut halts = 0u64;
    while start.elapsed() < budget {
        match m.run(Limits::instructions(50_000_000)) {
            Stop::InstructionBudget => {}
            // The program ends after 90,010,002 instructions; start it again.
            Stop::HaltProceed { .. } => {
                halts += 1;
                m.ic = BENCH_START as u32;
            }
            other => bail!("benchmark program stopped: {other}"),
        }
    }
    let host = start.elapsed().as_secs_f64();
    let cpu = super::thread_cpu_ns()
        .zip(cpu0)
        .map(|(b, a)| (b - a) as f64 / 1e9);
    let instructions = m.instructions() - i0;
    let cycles = m.cycles() - c0;
    println!("machine: ibm7090 (CLA ADD STO ANA ALS TZE LDQ ORA TIX loop; {halts} complete runs)");
    println!("instructions: {instructions} in {host:.3} host seconds (wall clock), {cycles} cycles counted");
    println!(
        "speed: {:.1} million instructions per host second (wall clock)",
        instructions as f64 / host / 1e6
    );
    if let Some(cpu) = cpu {
        println!(
            "speed: {:.1} million instructions per CPU second of this thread ({cpu:.3} s)",
            instructions as f64 / cpu / 1e6
        );
    }
    let emulated_s = cycles as f64 * 2.18e-6;
    println!(
        "emulated time: {emulated_s:.1} s of 7090 time; speed-up over the 7090: {:.0}x (wall clock)",
        emulated_s / host
    );
    Ok(())
}

/// `bench 7090 --program NAME`: the program's search from the initial position, one problem
/// deck after another on a fresh copy of the loaded machine, in instructions per host second.
pub fn bench_program(name: &str, seconds: f64) -> anyhow::Result<()> {
    let entry = crate::cmd::chess::program(name)?;
    let start_position = programs::chess::Position::start();
    let twin = programs::chess::program::Twin::Emulated;
    // The first run assembles the program and warms the caches.
    let first = entry.best(&start_position, twin, &[])?;
    let out = first.outcome.context("the emulated twin gives its run")?;
    let budget = Duration::from_secs_f64(seconds.max(0.1));
    let cpu0 = super::thread_cpu_ns();
    let start = Instant::now();
    let mut runs = 0u64;
    while start.elapsed() < budget {
        entry.best(&start_position, twin, &[])?;
        runs += 1;
    }
    let host = start.elapsed().as_secs_f64();
    let cpu = super::thread_cpu_ns()
        .zip(cpu0)
        .map(|(b, a)| (b - a) as f64 / 1e9);
    let instructions = out.instructions * runs;
    println!(
        "machine: ibm7090 ({name} from the initial position: {} instructions, {} cycles, {:.2} s of 7090 time a run; {runs} runs)",
        out.instructions, out.cycles, out.emulated_seconds
    );
    println!(
        "speed: {:.1} million instructions per host second (wall clock)",
        instructions as f64 / host / 1e6
    );
    if let Some(cpu) = cpu {
        println!(
            "speed: {:.1} million instructions per CPU second of this thread ({cpu:.3} s)",
            instructions as f64 / cpu / 1e6
        );
    }
    println!(
        "speed-up over the 7090: {:.0}x (wall clock)",
        out.emulated_seconds * runs as f64 / host
    );
    Ok(())
}
