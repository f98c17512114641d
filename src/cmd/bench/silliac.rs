//! `firstmoves bench silliac`: SILLIAC's speed on the compute-bound loop of
//! emu::silliac::bench, or with `--live-view` on the exhibition with and without its live view;
//! `--pairs` counts the pairs of orders both obey.

use std::time::Instant;

use anyhow::bail;
use emu::silliac::bench::{silliac_bench_machine, BENCH_LOOP_ORDERS};
use emu::silliac::{Limits, Stop};

use super::{measure, thread_cpu_ns, Figures};

pub fn bench(seconds: f64, bound: emu::Bound) -> anyhow::Result<Figures> {
    let mut m = silliac_bench_machine();
    m.set_timing(bound);
    // Warm up caches and branch predictors.
    let _ = m.run(Limits::orders(10_000_000));
    let (orders0, clock0) = (m.orders(), m.clock_ns());
    let mut chunks = 0u64;
    let t = measure(seconds, || {
        let stop = m.run(Limits::orders(50_000_000));
        if stop != Stop::OrderBudget {
            bail!("benchmark program stopped: {stop}");
        }
        chunks += 1;
        Ok(())
    })?;
    let orders = m.orders() - orders0;
    let emulated_s = (m.clock_ns() - clock0) as f64 / 1e9;
    Ok(Figures {
        machine: "silliac",
        workload: format!("compute-bound loop of {BENCH_LOOP_ORDERS} orders, {chunks} runs of 50M"),
        unit: "emulated orders",
        work: orders,
        detail: Some(format!(
            "orders: {orders} in {:.3} host seconds (wall clock)",
            t.host
        )),
        measured: t,
        emulated_seconds: emulated_s,
    })
}

/// `bench silliac --live-view`: the exhibition's orders per CPU second of this thread with
/// and without the live view's work, runs alternated (off, on, off, on, off, on) so that the
/// host's load falls on both alike; the medians and the cost.
pub fn live_view(json: bool, bound: emu::Bound) -> anyhow::Result<()> {
    let opts = dama::exhibition::ExhibitionOptions {
        timing: bound,
        ..Default::default()
    };
    let mut rates: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut orders = 0;
    for _ in 0..3 {
        for (i, view) in [false, true].into_iter().enumerate() {
            let cpu0 = thread_cpu_ns();
            let start = Instant::now();
            orders =
                crate::console::exhibition::bench_run(&opts, view).map_err(anyhow::Error::msg)?;
            let host = start.elapsed().as_secs_f64();
            // The thread's CPU time where the host gives it, else the wall clock.
            let secs = thread_cpu_ns()
                .zip(cpu0)
                .map_or(host, |(b, a)| (b - a) as f64 / 1e9);
            rates[i].push(orders as f64 / secs);
        }
    }
    let median = |v: &[f64]| v[super::median_index(v)];
    let (off, on) = (median(&rates[0]), median(&rates[1]));
    let cost = 100.0 * (1.0 - on / off);
    if json {
        crate::cmd::output::print_json_pretty(harness::report::bench::LiveViewReport {
            machine: "silliac".to_string(),
            workload: "the 25-board dama exhibition (default settings), to its end".to_string(),
            orders,
            runs: 3,
            orders_per_cpu_second_view_off: off,
            orders_per_cpu_second_view_on: on,
            view_cost_percent: cost,
        })?;
    } else {
        println!(
            "SILLIAC, the 25-board exhibition to its end: {orders} orders a run, 3 runs each way"
        );
        println!(
            "live view off: {:.1} million orders per CPU second (median)",
            off / 1e6
        );
        println!(
            "live view on:  {:.1} million orders per CPU second (median)",
            on / 1e6
        );
        println!(
            "the view's cost: {cost:.1} % (views taken and screens drawn on the emulating thread)"
        );
    }
    Ok(())
}

/// Pairs printed for the exhibition.
const PAIRS_SHOWN: usize = 60;

/// `bench silliac --pairs`: the pairs of orders obeyed in sequence (the second at the control
/// counter after the first) over the 25-board exhibition (default settings) and over
/// `BENCH_LOOP_ORDERS` orders of the compute-bound loop, the commonest first, each with its
/// share of the orders and whether the block loop fuses it.
pub fn pairs(bound: emu::Bound) -> anyhow::Result<()> {
    let opts = dama::exhibition::ExhibitionOptions {
        timing: bound,
        ..Default::default()
    };
    let mut ex = dama::exhibition::Exhibition::new(&opts)?;
    ex.machine_mut().count_pairs(true);
    while ex.next_event()?.is_some() {}
    let m = ex.machine();
    print_pairs(
        "the 25-board exhibition",
        m.orders(),
        &m.pair_counts(),
        PAIRS_SHOWN,
    );
    let mut m = silliac_bench_machine();
    m.set_timing(bound);
    m.count_pairs(true);
    let stop = m.run(Limits::orders(BENCH_LOOP_ORDERS * 1000));
    if stop != Stop::OrderBudget {
        bail!("benchmark program stopped: {stop}");
    }
    println!();
    print_pairs(
        "the compute-bound loop",
        m.orders(),
        &m.pair_counts(),
        PAIRS_SHOWN,
    );
    Ok(())
}

fn print_pairs(what: &str, orders: u64, pairs: &[(u8, u8, u64)], shown: usize) {
    let name = emu::silliac::orders::function_name;
    println!("{what}: {orders} orders; pairs obeyed in sequence, commonest first");
    println!(
        "{:>4}  {:<7}  {:>12}  {:>7}  fused",
        "rank", "pair", "count", "share"
    );
    for (i, &(a, b, n)) in pairs.iter().take(shown).enumerate() {
        let fused = if emu::silliac::Machine::fused_pair(a, b) {
            "yes"
        } else {
            ""
        };
        println!(
            "{:>4}  {:<7}  {n:>12}  {:>6.2}%  {fused}",
            i + 1,
            format!("{} {}", name(a), name(b)),
            100.0 * n as f64 / orders.max(1) as f64
        );
    }
    if pairs.len() > shown {
        println!("({} more pairs)", pairs.len() - shown);
    }
}
