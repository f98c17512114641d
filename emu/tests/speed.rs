//! Emulator speed, a benchmark, not a test: run with
//! `cargo test --release -p emu --test speed -- --ignored --nocapture`.
//! (`firstmoves bench silliac` is the command the docs quote.)

use emu::silliac::bench::silliac_bench_machine;
use emu::silliac::{Limits, Stop};

#[test]
#[ignore]
fn silliac_orders_per_second() {
    let mut m = silliac_bench_machine();
    m.run(Limits::orders(10_000_000));
    let mut rates = Vec::new();
    for _ in 0..7 {
        let cpu0 = thread_cpu_ns();
        assert_eq!(m.run(Limits::orders(100_000_000)), Stop::OrderBudget);
        let cpu = (thread_cpu_ns() - cpu0) as f64 / 1e9;
        rates.push(100.0 / cpu);
    }
    rates.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "million orders per CPU second: best {:.1}, median {:.1}, worst {:.1}",
        rates[6], rates[3], rates[0]
    );
}

/// CPU time of this thread in ns (Linux), so that a busy host does not distort the figure.
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
