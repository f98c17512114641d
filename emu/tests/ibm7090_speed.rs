//! Speed of the 7090 emulator on the benchmark loop, measured, never asserted:
//! `cargo test --release -p emu --test ibm7090_speed -- --ignored --nocapture`.
//! (`firstmoves bench 7090` and scripts/bench-7090.sh are the reported measurements.)

use emu::ibm7090::bench::{bench_machine, BENCH_INSTRUCTIONS};
use emu::ibm7090::{Limits, Stop};
use std::time::Instant;

#[test]
#[ignore = "a measurement, not a test"]
fn benchmark_loop_speed() {
    let mut m = bench_machine();
    let t = Instant::now();
    let stop = m.run(Limits::none());
    let s = t.elapsed().as_secs_f64();
    assert!(matches!(stop, Stop::HaltProceed { .. }));
    assert_eq!(m.instructions(), BENCH_INSTRUCTIONS);
    println!(
        "{} instructions, {} cycles in {s:.3} s: {:.1} M instructions/s",
        m.instructions(),
        m.cycles(),
        m.instructions() as f64 / s / 1e6
    );
}
