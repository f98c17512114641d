//! `firstmoves bench MACHINE`: emulator speed on a compute-bound program built in-process
//! (hand-packed orders, no assembler), in emulated orders per host second and the speed-up
//! over the real machine's time for the same orders. A benchmark, never a test.

use std::time::{Duration, Instant};

use anyhow::bail;
use emu::silliac::bench::{silliac_bench_machine, BENCH_LOOP_ORDERS};
use emu::silliac::{Limits, Stop};

mod ibm7090;

#[derive(clap::Args)]
pub struct BenchArgs {
    /// The machine to measure: `silliac` or `7090`.
    pub machine: String,
    /// Host seconds to run for (0.1 to 3600).
    #[arg(long, default_value_t = 2.0, value_parser = super::seconds_within(0.1, 3600.0))]
    pub seconds: f64,
    /// 7090: instead of the compute-bound loop, a chess program of the registry searching the
    /// initial position on the emulated 7090 (cards in, printer out), again and again.
    #[arg(long, value_parser = crate::cmd::chess::program_names())]
    pub program: Option<String>,
}

pub fn run(args: BenchArgs) -> anyhow::Result<()> {
    match (args.machine.as_str(), &args.program) {
        ("7090" | "ibm7090", Some(p)) => ibm7090::bench_program(p, args.seconds),
        (_, Some(_)) => bail!("--program: the chess programs run on the 7090"),
        ("silliac", None) => bench_silliac(args.seconds),
        ("7090" | "ibm7090", None) => ibm7090::bench(args.seconds),
        (other, None) => bail!("no benchmark for machine `{other}` (known: silliac, 7090)"),
    }
}

/// How long the measured work took: wall clock, and CPU time of this thread where the host
/// tells it.
pub struct Measured {
    pub host: f64,
    pub cpu: Option<f64>,
}

/// Call `work` until `seconds` of wall clock have passed (at least 0.1 s).
pub fn measure(
    seconds: f64,
    mut work: impl FnMut() -> anyhow::Result<()>,
) -> anyhow::Result<Measured> {
    let budget = Duration::from_secs_f64(seconds.max(0.1));
    let cpu0 = thread_cpu_ns();
    let start = Instant::now();
    while start.elapsed() < budget {
        work()?;
    }
    let host = start.elapsed().as_secs_f64();
    let cpu = thread_cpu_ns().zip(cpu0).map(|(b, a)| (b - a) as f64 / 1e9);
    Ok(Measured { host, cpu })
}

/// The speed lines: `count` `what` (e.g. "emulated orders") per host and per CPU second.
pub fn print_speed(what: &str, count: u64, m: &Measured) {
    println!(
        "speed: {:.1} million {what} per host second (wall clock)",
        count as f64 / m.host / 1e6
    );
    if let Some(cpu) = m.cpu {
        // On a busy host the wall clock includes time other processes had the core.
        println!(
            "speed: {:.1} million {what} per CPU second of this thread ({cpu:.3} s)",
            count as f64 / cpu / 1e6
        );
    }
}

fn bench_silliac(seconds: f64) -> anyhow::Result<()> {
    let mut m = silliac_bench_machine();
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
    println!(
        "machine: silliac (compute-bound loop of {BENCH_LOOP_ORDERS} orders, {chunks} runs of 50M)"
    );
    println!(
        "orders: {orders} in {:.3} host seconds (wall clock)",
        t.host
    );
    print_speed("emulated orders", orders, &t);
    println!(
        "emulated time: {emulated_s:.1} s of SILLIAC time; speed-up over SILLIAC: {:.0}x (wall clock)",
        emulated_s / t.host
    );
    Ok(())
}

/// CPU time this thread has run, in ns (Linux `/proc/thread-self/schedstat`, first field).
fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}
