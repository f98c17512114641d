//! `firstmoves dama bench`: positions per second of the faithful and fast engines, and perft.

use std::time::Instant;

use anyhow::bail;
use dama::movegen::perft;
use dama::report::{BenchCase, BenchPerft, DamaBenchReport, EngineSpeed};
use dama::search::{faithful, fast, Depth, Select, Setting};
use dama::Position;

#[derive(clap::Args)]
pub struct BenchArgs {
    /// Repeat each measurement this many times and keep the fastest (1 to 1,000).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub repeat: u32,
    /// The measurements as one JSON object (each case's move, value, and both engines'
    /// positions, host seconds and rate; perft 6) instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Best of `repeat` runs of `f`, in seconds, with its last result.
fn timed<T>(repeat: u32, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..repeat.max(1) {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed().as_secs_f64());
        out = Some(r);
    }
    (best, out.expect("at least one run"))
}

pub fn run(args: BenchArgs) -> anyhow::Result<()> {
    // A middle-game position (after 8-12 25-21 12-16 21-17 from the start): the demo setting
    // searches all moves at half-moves 1-2 here.
    let middle: Position = "A:1,2,3,4,5,6,7,16/B:17,26,27,28,29,30,31,32/A"
        .parse()
        .expect("bench position");
    let a1b1 = Setting::Rule {
        depth: Depth::A1,
        select: Select::B1,
    };
    let fig2 = dama::fom::fig2();
    let cases = [
        ("start, demo (a3+b3)", Position::start(), Setting::DEMO),
        ("Fig. 2, demo (a3+b3)", fig2, Setting::DEMO),
        ("Fig. 2, a1+b1 (6 deep, all moves)", fig2, a1b1),
        ("middle, demo (a3+b3)", middle, Setting::DEMO),
        ("middle, selective", middle, Setting::Selective),
        ("start, a1+b1 (6 deep, all moves)", Position::start(), a1b1),
        ("middle, a1+b1 (6 deep, all moves)", middle, a1b1),
    ];
    if !args.json {
        println!("dama bench (best of {} runs each)", args.repeat);
    }
    // One engine's measurement: positions, host seconds (the fastest run), rate.
    let figures = |positions: u64, seconds: f64| EngineSpeed {
        positions,
        host_seconds: seconds,
        positions_per_second: positions as f64 / seconds,
    };
    let mut rows = Vec::new();
    for (name, p, s) in cases {
        let (tn, rn) = timed(args.repeat, || faithful(&p, s));
        let (tf, rf) = timed(args.repeat, || fast(&p, s));
        if (rn.mv, rn.value) != (rf.mv, rf.value) {
            bail!("{name}: engines disagree: faithful {rn:?}, fast {rf:?}");
        }
        let mv = rn.mv.map_or("none".to_string(), |m| m.to_string());
        if args.json {
            rows.push(BenchCase {
                case: name.to_string(),
                position: p,
                mv: rn.mv,
                value: rn.value,
                faithful: figures(rn.positions, tn),
                fast: figures(rf.positions, tf),
            });
            continue;
        }
        println!(
            "{name}: move {mv} value {}\n  faithful {:>10} positions {:>9.3} ms {:>7.1} M positions/s\n  fast     {:>10} positions {:>9.3} ms {:>7.1} M positions/s",
            rn.value,
            rn.positions,
            tn * 1e3,
            rn.positions as f64 / tn / 1e6,
            rf.positions,
            tf * 1e3,
            rf.positions as f64 / tf / 1e6,
        );
    }
    let (tp, n) = timed(args.repeat, || perft(&Position::start(), 6));
    if args.json {
        let v = DamaBenchReport {
            repeat: args.repeat,
            cases: rows,
            perft: BenchPerft {
                depth: 6,
                paths: n,
                host_seconds: tp,
                paths_per_second: n as f64 / tp,
            },
        };
        // Through a Value: its keys sorted, as every JSON report (docs/json.md).
        crate::cmd::output::print_json_pretty(v)?;
        return Ok(());
    }
    println!(
        "perft 6 from the start: {n} paths in {:.3} ms ({:.1} M paths/s)",
        tp * 1e3,
        n as f64 / tp / 1e6
    );
    Ok(())
}
