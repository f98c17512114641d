//! The period-time spread of the dama exhibition (docs/timing.md): plays the default
//! exhibition (25 boards, seed 1, demo setting, as `firstmoves dama exhibition`) and states how
//! far its emulated time can be off under the low and high figures of the SILLIAC timing table,
//! and how much of it rests on sourced, derived and estimated rows.
//!
//! `cargo run --release -p dama --example exhibition_spread [BOARDS]`

use dama::exhibition::{EventKind, Exhibition, ExhibitionOptions};
use emu::silliac::timing::{nominal_by_status, spread};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut opts = ExhibitionOptions::default();
    if let Some(b) = std::env::args().nth(1) {
        opts.boards = b.parse()?;
    }
    let mut ex = Exhibition::new(&opts)?;
    let mut moves: Vec<u64> = Vec::new();
    while let Some(e) = ex.next_event()? {
        if let EventKind::MachineMove(m) = e.kind {
            moves.push(m.period_ns);
        }
    }
    let m = ex.machine();
    let work = m.work();
    let s = spread(m.counts(), &work);
    assert_eq!(s.nominal, m.clock_ns(), "the spread's nominal is the clock");
    let secs = |ns: u64| ns as f64 / 1e9;
    println!(
        "{} boards, {} machine moves, {} orders; work: {:?}",
        opts.boards,
        moves.len(),
        m.orders(),
        work
    );
    println!(
        "emulated time: low {:.1} s, nominal {:.1} s, high {:.1} s (low {:.3} x, high {:.3} x nominal)",
        secs(s.low),
        secs(s.nominal),
        secs(s.high),
        s.low as f64 / s.nominal as f64,
        s.high as f64 / s.nominal as f64
    );
    for (status, ns) in nominal_by_status(m.counts(), &work) {
        println!(
            "  {status:?}: {:.1} s, {:.1} % of the nominal",
            secs(ns),
            100.0 * ns as f64 / s.nominal as f64
        );
    }
    moves.sort_unstable();
    if let (Some(&min), Some(&max)) = (moves.first(), moves.last()) {
        let med = moves[moves.len() / 2];
        println!(
            "machine moves (nominal): min {:.1} s, median {:.1} s, max {:.1} s",
            secs(min),
            secs(med),
            secs(max)
        );
        // Per move only the nominal is known; scaling by the whole run's ratios assumes every
        // move has the run's mix of orders (they all run the same search loop).
        for (name, num) in s.named() {
            let scaled = |t: u64| (t as u128 * num as u128 / s.nominal as u128) as u64;
            let within = moves
                .iter()
                .filter(|&&t| (10_000_000_000..=150_000_000_000).contains(&scaled(t)))
                .count();
            println!(
                "  {name}: median {:.1} s, max {:.1} s, {within} of {} moves within Findler's 10-150 s",
                secs(scaled(med)),
                secs(scaled(max)),
                moves.len()
            );
        }
    }
    Ok(())
}
