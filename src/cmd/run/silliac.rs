//! `firstmoves run FILE.sil|FILE.pt`: load a program through SILLIAC's console start (the
//! period bootstrap on the tape loads it), feed `--tape` frames after it on the reader, run to a
//! stop and print what the teleprinter printed.

use std::path::Path;

use anyhow::{bail, Context};
use emu::silliac::orders::word_to_sex;
use emu::silliac::{format_pt, read_tape_file, Half, Limits, Machine, Stop};
use harness::report::run::{self, Reader, SilliacRun, SilliacStop};

use super::{exit_for_stop, RunArgs};

/// Orders a SILLIAC run may obey when no limit is given: the dama program's own bound on one
/// reply (`programs/dama/src/sil.rs`), which its deepest setting stays far below (a1+b1: about
/// 20,000 emulated s a position), so that only a runaway program reaches it; a minute or two
/// of host time.
const DEFAULT_ORDERS: u64 = 20_000_000_000;

/// Orders the bootstrap may take to load a program (a full store takes about 6,000).
const LOAD_ORDER_LIMIT: u64 = 1_000_000;
/// Orders per slice when tracing, so the trace is printed as it grows.
const TRACE_SLICE: u64 = 100_000;

/// The frames to load and, for assembled programs, where the program starts.
fn load_frames(file: &Path) -> anyhow::Result<(Vec<u8>, Option<u16>)> {
    let is_sil = file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sil"));
    if !is_sil {
        return Ok((read_tape_file(file)?, None));
    }
    let name = file.display().to_string();
    let source = crate::cmd::read_input(file, crate::cmd::Kind::Source)?;
    let program = assembler::sil::assemble(&source, &name).map_err(|d| anyhow::anyhow!("{d}"))?;
    let frames = program
        .tape()
        .map_err(|e| anyhow::anyhow!("{name}: tape image: {e}"))?;
    Ok((frames, Some(program.start)))
}

pub fn run(args: &RunArgs) -> anyhow::Result<()> {
    if args.cards.is_some()
        || args.load.is_some()
        || args.printer.is_some()
        || args.switches.is_some()
        || args.keys.is_some()
        || args.limit_cycles.is_some()
        || args.dump.is_some()
        || args.reader_eof
        || args.cpu.cpu != emu::ibm7090::Model::Ibm7090
    {
        bail!("--cards, --reader-eof, --load, --printer, --switches, --keys, --limit-cycles, --dump and --cpu are for 7090 programs (.fap, .obj, .cbn, .p7b)");
    }
    let (frames, start) = load_frames(&args.file)?;
    let mut m = Machine::new();
    m.set_timing(args.timing.bound());
    m.reader_mut().push(&frames);
    if args.tape.len() > 1 {
        bail!("SILLIAC has one tape reader: give --tape once");
    }
    if let Some(tape) = args.tape.first() {
        let input = read_tape_file(Path::new(tape))?;
        m.reader_mut().push(&input);
    }
    m.set_trace(args.trace);
    m.console_start();

    // Loading: until control first reaches the program's start (assembled programs only; a
    // tape's start is not known, so its load time is part of the run).
    let mut load = None;
    if let Some(start) = start {
        let stop = m.run(Limits {
            max_orders: Some(LOAD_ORDER_LIMIT),
            breakpoint: Some((start, Half::Left)),
            ..Limits::none()
        });
        flush_trace(&mut m, args.json);
        match stop {
            Stop::Breakpoint { .. } => load = Some((m.clock_ns(), m.orders(), m.spread())),
            other => bail!(
                "{}: the program did not load: {other} (control never reached its start {start:04}L)",
                args.file.display()
            ),
        }
    }
    let (load_ns, load_orders, load_spread) = load.unwrap_or_default();

    let default_budget = args.limit_orders.is_none() && args.limit_us.is_none();
    let limits = Limits {
        max_orders: args
            .limit_orders
            .or(default_budget.then_some(DEFAULT_ORDERS)),
        max_ns: args.limit_us.map(|us| us.saturating_mul(1000)),
        breakpoint: None,
    };
    let stop = run_with_trace(&mut m, limits, args.json);
    let emulated_ns = m.clock_ns() - load_ns;
    let (end, begin) = (m.spread(), load_spread);
    let spread = end - begin;
    let orders = m.orders() - load_orders;
    let punched = m.punch().text();

    if let Some(path) = &args.punch {
        std::fs::write(path, format_pt(m.punch().frames()))
            .with_context(|| format!("writing {}", path.display()))?;
    }

    if args.json {
        let (address, half) = stop.location().unwrap_or_else(|| m.control());
        let out = SilliacRun {
            machine: run::Silliac::Silliac,
            file: args.file.display().to_string(),
            load_us: load.map(|(ns, _, _)| ns as f64 / 1000.0),
            load_orders: load.map(|(_, o, _)| o),
            orders,
            emulated_ns,
            emulated_us: emulated_ns as f64 / 1000.0,
            timing: args.timing.bound().into(),
            emulated_seconds_spread: spread.map(|ns| ns as f64 / 1e9).into(),
            stop: SilliacStop {
                reason: stop.reason().to_string(),
                address,
                half: half.letter().to_string(),
                message: stop.to_string(),
            },
            a: word_to_sex(m.a()),
            q: word_to_sex(m.q()),
            counts: emu::silliac::control::count_table(m.counts())
                .into_iter()
                .collect(),
            reader: Reader {
                read: m.reader().position(),
                left: m.reader().available(),
            },
            punched: punched.clone(),
            punched_frames: m.punch().frames().len(),
        };
        // Through a Value: its keys sorted, as every JSON report (docs/json.md).
        crate::cmd::output::print_json_pretty(out)?;
    } else {
        print!("{punched}");
        if !punched.is_empty() && !punched.ends_with('\n') {
            println!();
        }
        let load_text = match load {
            Some((ns, _, _)) => format!(", loaded in {} us", ns as f64 / 1000.0),
            None => String::new(),
        };
        eprintln!(
            "stop: {stop}; {orders} orders, {} emulated us{load_text}; A={} Q={}",
            emulated_ns as f64 / 1000.0,
            word_to_sex(m.a()),
            word_to_sex(m.q())
        );
    }
    exit_for_stop(
        stop.is_error(),
        matches!(stop, Stop::OrderBudget | Stop::TimeBudget),
        default_budget.then_some((DEFAULT_ORDERS, "orders")),
    );
    Ok(())
}

/// Run to a stop; when tracing, in slices so the trace is printed while it grows.
fn run_with_trace(m: &mut Machine, limits: Limits, json: bool) -> Stop {
    let mut left_orders = limits.max_orders;
    let end_ns = limits.max_ns.map(|ns| m.clock_ns().saturating_add(ns));
    loop {
        let slice = match left_orders {
            Some(n) => n.min(TRACE_SLICE),
            None => TRACE_SLICE,
        };
        let before = m.orders();
        let stop = m.run(Limits {
            max_orders: Some(slice),
            max_ns: end_ns.map(|e| e.saturating_sub(m.clock_ns())),
            breakpoint: None,
        });
        flush_trace(m, json);
        if let Some(n) = left_orders.as_mut() {
            *n -= m.orders() - before;
        }
        match stop {
            Stop::OrderBudget if left_orders != Some(0) => continue,
            other => return other,
        }
    }
}

fn flush_trace(m: &mut Machine, json: bool) {
    let t = m.take_trace();
    if t.is_empty() {
        return;
    }
    if json {
        eprint!("{t}");
    } else {
        print!("{t}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emu::silliac::orders::{pair, Order};

    /// 10: L4 11 | 26 10, a loop of one addition and one transfer.
    fn looping() -> Machine {
        let mut m = Machine::new();
        m.set_word(10, pair(Order::new(0xF4, 11), Order::new(0x26, 10)));
        m.set_word(11, 1);
        m.set_control(10, Half::Left);
        m
    }

    #[test]
    fn limits_hold_across_slices() {
        let mut m = looping();
        let limits = Limits {
            max_orders: Some(250_001),
            ..Limits::none()
        };
        assert_eq!(run_with_trace(&mut m, limits, false), Stop::OrderBudget);
        assert_eq!(m.orders(), 250_001);
        let mut m = looping();
        // 1 s of emulated time: 115 us a trip of two orders.
        let limits = Limits {
            max_ns: Some(1_000_000_000),
            ..Limits::none()
        };
        assert_eq!(run_with_trace(&mut m, limits, false), Stop::TimeBudget);
        assert!(m.clock_ns() >= 1_000_000_000 && m.clock_ns() < 1_000_075_000);
        assert_eq!(m.orders(), 2 * (1_000_000_000 / 115_000) + 1);
    }

    #[test]
    fn sil_programs_load_through_the_console() {
        let dir = std::env::temp_dir().join(format!("fm-run-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("p.sil");
        std::fs::write(&file, ".org 100\nstart: 92 66\n 24 start\n").unwrap();
        let (frames, start) = load_frames(&file).unwrap();
        assert_eq!(start, Some(100));
        let mut m = Machine::new();
        m.reader_mut().push(&frames);
        m.console_start();
        let stop = m.run(Limits {
            breakpoint: Some((100, Half::Left)),
            ..Limits::none()
        });
        assert_eq!(
            stop,
            Stop::Breakpoint {
                address: 100,
                half: Half::Left
            }
        );
        assert_eq!(m.reader().available(), 0);
        assert!(matches!(m.run(Limits::none()), Stop::StopOrder { .. }));
        assert_eq!(m.punch().text(), "1");
        std::fs::write(&file, "start: XX 1\n").unwrap();
        assert!(load_frames(&file)
            .unwrap_err()
            .to_string()
            .contains("p.sil"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
