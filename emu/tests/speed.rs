//! Emulator speed, a benchmark, not a test: run with
//! `cargo test --release -p emu --test speed -- --ignored --nocapture`.
//! (`firstmoves bench silliac` is the command the docs quote.)

use emu::silliac::bench::silliac_bench_machine;
use emu::silliac::{Limits, Stop};
use std::time::Instant;

#[test]
#[ignore]
fn silliac_orders_per_second() {
    let mut m = silliac_bench_machine();
    m.run(Limits::orders(10_000_000));
    let cpu0 = thread_cpu_ns();
    let start = Instant::now();
    let before = m.orders();
    for _ in 0..8 {
        assert_eq!(m.run(Limits::orders(50_000_000)), Stop::OrderBudget);
    }
    let s = start.elapsed().as_secs_f64();
    let cpu = (thread_cpu_ns() - cpu0) as f64 / 1e9;
    let n = (m.orders() - before) as f64;
    println!(
        "{:.1} million orders per host second (wall), {:.1} per CPU second",
        n / s / 1e6,
        n / cpu / 1e6
    );
}

/// CPU time of this thread in ns (Linux), so that a busy host does not distort the figure.
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
