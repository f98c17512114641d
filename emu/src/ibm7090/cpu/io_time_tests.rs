//! The channels beside the CPU in period time: overlap, interlocks, the `TCOA *` spin.

use super::*;
use crate::ibm7090::card::Card;
use crate::ibm7090::io_timing::Bound;
use crate::ibm7090::isa::by_mnemonic;

fn ins(m: &str, addr: u32, tag: u8, dec: u32) -> u64 {
    by_mnemonic(m).unwrap().encode(addr, tag, dec, false)
}

/// IOCD count,,address.
fn iocd(count: u64, addr: u64) -> u64 {
    count << 18 | addr
}

const COMPUTE: u32 = 30_000;

/// Read `cards` cards (RCDA, RCHA, IOCD 24 words each) while counting XR1 down from `compute`
/// (AXT, then TIX to itself), then wait (`TCOA *`) and halt (HPR at 0o107). With `read`
/// false the selects are skipped (computing only); with `compute` 0 the count is skipped.
fn program(cards: usize, read: bool, compute: u32, bound: Bound) -> Machine {
    let mut m = Machine::new();
    m.set_io_bound(bound);
    for k in 0..cards {
        m.io.reader
            .hopper
            .push_back(Card::from_text(&format!("CARD {k}"), k).unwrap());
    }
    let nop = ins("NOP", 0, 0, 0);
    let (rds, rch) = if read {
        (ins("RDS", 0o1321, 0, 0), ins("RCHA", 0o200, 0, 0))
    } else {
        (nop, nop)
    };
    let (axt, tix) = if compute > 0 {
        (ins("AXT", compute, 1, 0), ins("TIX", 0o103, 1, 1))
    } else {
        (nop, nop)
    };
    m.load(
        0o100,
        &[
            rds,
            rch,
            axt,
            tix,
            ins("TCOA", 0o104, 0, 0),
            // The next card: XR2 counts them.
            ins("TIX", 0o100, 2, 1),
            nop,
            ins("HPR", 0, 0, 0),
        ],
    );
    m.xr[2] = cards as u32;
    m.load(0o200, &[iocd(24, 0o300)]);
    m.ic = 0o100;
    m
}

fn finish(mut m: Machine) -> Machine {
    assert_eq!(
        m.run(Limits::instructions(10_000_000)),
        Stop::HaltProceed { address: 0o107 }
    );
    m
}

#[test]
fn computing_while_the_reader_reads_takes_less_than_the_sum() {
    let both = finish(program(1, true, COMPUTE, Bound::Nominal));
    let read = finish(program(1, true, 0, Bound::Nominal));
    let compute = finish(program(1, false, COMPUTE, Bound::Nominal));
    // Computing only: NOP, NOP, AXT (1 each), 30,000 TIX (1), TCOA (2, the channel idle),
    // TIX, NOP, HPR (1 each).
    assert_eq!(compute.cycles(), 30_008);
    assert_eq!(compute.io_wait_cycles(), 0);
    // Reading only: the select at 0; the 24th word at 27,500 + 11 * 4,150 + 150 = 73,300 of
    // the 100,800 parts of the 240 ms card cycle (110,092 cycles) = 80,057 (up). RDS and RCHA
    // (2 each) and two NOPs bring the TCOA * to 6; it is taken at 6, 8, .., 80,056 (80,052
    // cycles of I/O wait) and falls through at 80,058; TCOA, TIX, NOP, HPR: 80,063.
    assert_eq!(read.io.busy_until(0), 80_057);
    assert_eq!(read.io_wait_cycles(), 80_052);
    assert_eq!(read.cycles(), 80_063);
    // Both: RDS, RCHA, AXT and the count bring the TCOA * to 30,005; taken at 30,005, ..,
    // 80,055 (50,052 cycles), it falls through at 80,057: 80,062, less than the sum 110,071.
    assert_eq!(both.io_wait_cycles(), 50_052);
    assert_eq!(both.cycles(), 80_062);
    assert!(both.cycles() < read.cycles() + compute.cycles());
    // The CPU's own time is the computing program's and the two I/O orders' 2 more.
    assert_eq!(both.cycles() - both.io_wait_cycles(), 30_008 + 2);
    assert_eq!(
        both.mem()[0o300..0o330],
        Card::from_text("CARD 0", 0).unwrap().image()
    );
}

#[test]
fn the_next_card_waits_for_the_readers_cycle() {
    // Three cards read back to back: each select after the first waits for the reader's
    // 240 ms cycle (SIMH stalls the select on a busy reader, `cdr_chsel`).
    let m = finish(program(3, true, 0, Bound::Nominal));
    let cycle = 110_092;
    assert_eq!(m.io.busy_until(0), 2 * cycle + 80_057);
    assert!(m.cycles() > 2 * cycle + 80_057 && m.cycles() < 2 * cycle + 80_057 + 10);
    assert_eq!(m.io.reader.cards_read, 3);
}

#[test]
fn the_spin_run_on_at_once_counts_as_stepping_it() {
    for cards in [1, 2] {
        for compute in [0, 100, COMPUTE] {
            let fast = finish(program(cards, true, compute, Bound::Nominal));
            // One step at a time (a step runs the spin on too, as one instruction).
            let mut slow = program(cards, true, compute, Bound::Nominal);
            let mut steps = 0;
            while slow.step().is_none() {
                steps += 1;
                assert!(steps < 100_000);
            }
            assert_eq!(
                (fast.cycles(), fast.instructions(), fast.io_wait_cycles()),
                (slow.cycles(), slow.instructions(), slow.io_wait_cycles()),
                "{cards} cards, count {compute}"
            );
            // With the trace on the same (and no tight loop: the channel will finish).
            let mut traced = program(cards, true, compute, Bound::Nominal);
            traced.set_trace(true);
            let traced = finish(traced);
            assert_eq!(traced.cycles(), fast.cycles());
        }
    }
}

#[test]
fn a_spin_stops_at_the_budget_as_stepping_would() {
    let full = finish(program(1, true, 0, Bound::Nominal));
    for budget in [7, 1_000, 50_001, 80_000] {
        let mut m = program(1, true, 0, Bound::Nominal);
        assert_eq!(m.run(Limits::cycles(budget)), Stop::CycleBudget);
        // The first instruction that would start at or after the budget did not.
        assert!(
            m.cycles() >= budget && m.cycles() < budget + 2,
            "{budget}: {}",
            m.cycles()
        );
        assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o107 });
        assert_eq!(m.cycles(), full.cycles());
        // A spin cut by the budget goes on as a second one: one instruction more.
        assert!(m.instructions() - full.instructions() <= 1);
    }
    // The spin counts as one instruction: RDS, RCHA, NOP, NOP, TCOA (taken, run on), TCOA
    // (through), TIX, NOP, HPR.
    assert_eq!(full.instructions(), 9);
}

#[test]
fn low_never_takes_more_cycles_than_high() {
    for (cards, read, compute) in [
        (1, true, 0),
        (2, true, 100),
        (3, true, COMPUTE),
        (1, false, 10),
    ] {
        let [l, n, h] = Bound::ALL.map(|b| finish(program(cards, read, compute, b)).cycles());
        assert!(l <= n && n <= h, "{cards} {read} {compute}: {l} {n} {h}");
    }
    // Tapes: write two records on A1, rewind, read one back.
    let tape = |b: Bound| {
        let mut m = Machine::new();
        m.set_io_bound(b);
        m.io.mount(0o1201, crate::ibm7090::tape::Tape::blank())
            .unwrap();
        m.load(
            0o100,
            &[
                ins("WRS", 0o1201, 0, 0),
                ins("RCHA", 0o200, 0, 0),
                ins("WRS", 0o1201, 0, 0),
                ins("RCHA", 0o200, 0, 0),
                ins("REW", 0o1201, 0, 0),
                ins("RDS", 0o1201, 0, 0),
                ins("RCHA", 0o200, 0, 0),
                ins("TCOA", 0o107, 0, 0),
                ins("HPR", 0, 0, 0),
            ],
        );
        m.load(0o200, &[iocd(14, 0o300)]);
        m.ic = 0o100;
        assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o110 });
        m.cycles()
    };
    let [l, n, h] = Bound::ALL.map(tape);
    assert!(l <= n && n <= h, "tape: {l} {n} {h}");
    // Nominal: two records of 84 characters (5,512 cycles each), the rewind of 2 * (0.151 +
    // 0.75) inches at 500 in/s, the record read again.
    assert!(n > 3 * 5_512, "{n}");
}

#[test]
fn lch_waits_for_the_end_of_the_ioct() {
    // RCDA; RCHA IOCT 300,,2; LCHA IOCD 302,,22: the LCH holds the CPU until the second word
    // (row 9 right, 27,650 of 100,800 parts of the 110,092-cycle card cycle = 30,199, up).
    let mut m = Machine::new();
    m.io.reader
        .hopper
        .push_back(Card::from_text("LCH", 0).unwrap());
    m.load(
        0o100,
        &[
            ins("RDS", 0o1321, 0, 0),
            ins("RCHA", 0o200, 0, 0),
            ins("LCHA", 0o201, 0, 0),
            ins("HPR", 0, 0, 0),
        ],
    );
    m.load(0o200, &[5 << 33 | iocd(2, 0o300), iocd(22, 0o302)]);
    m.ic = 0o100;
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o103 });
    assert_eq!(m.io_wait_cycles(), 30_199 - 4);
    assert_eq!(
        m.mem()[0o300..0o330],
        Card::from_text("LCH", 0).unwrap().image()
    );
}

/// One step of a random I/O program (`random_programs_are_the_same_run_and_ordered`).
#[derive(Clone, Copy, Debug)]
enum Step {
    /// RDS the reader, RCHA an IOCD of n (1..=24) words.
    Read(u64),
    /// WRS the printer, RCHA n words.
    Print(u64),
    /// WRS the punch, RCHA n words.
    Punch(u64),
    /// WRS tape A1 (BCD), RCHA n (1..=40) words.
    Tape(u64),
    /// AXT k,1 and TIX to itself: k passes of computing.
    Compute(u32),
    /// TCOA to itself: wait for channel A.
    Wait,
}

/// The program of `steps`, from 0o100 (IOCDs from 0o2000, the buffer at 0o3000), ending with a
/// wait and HPR; the reader holds a card for every read.
fn random_program(steps: &[Step], bound: Bound) -> Machine {
    let mut m = Machine::new();
    m.set_io_bound(bound);
    m.io.mount(0o1201, crate::ibm7090::tape::Tape::blank())
        .unwrap();
    let mut code = Vec::new();
    let mut iocds = Vec::new();
    let at = |code: &Vec<u64>| 0o100 + code.len() as u32;
    let mut select = |code: &mut Vec<u64>, order: &str, unit: u32, n: u64| {
        code.push(ins(order, unit, 0, 0));
        code.push(ins("RCHA", 0o2000 + iocds.len() as u32, 0, 0));
        iocds.push(iocd(n, 0o3000));
    };
    let mut cards = 0;
    for &s in steps {
        match s {
            Step::Read(n) => {
                select(&mut code, "RDS", 0o1321, n);
                cards += 1;
            }
            Step::Print(n) => select(&mut code, "WRS", 0o1361, n),
            Step::Punch(n) => select(&mut code, "WRS", 0o1341, n),
            Step::Tape(n) => select(&mut code, "WRS", 0o1201, n),
            Step::Compute(k) => {
                code.push(ins("AXT", k, 1, 0));
                let here = at(&code);
                code.push(ins("TIX", here, 1, 1));
            }
            Step::Wait => {
                let here = at(&code);
                code.push(ins("TCOA", here, 0, 0));
            }
        }
    }
    let here = at(&code);
    code.push(ins("TCOA", here, 0, 0));
    code.push(ins("HPR", 0, 0, 0));
    for k in 0..cards {
        m.io.reader
            .hopper
            .push_back(Card::from_text(&format!("CARD {k}"), k).unwrap());
    }
    m.load(0o100, &code);
    m.load(0o2000, &iocds);
    m.ic = 0o100;
    m
}

mod random {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// Any mix of reading, printing, punching, writing tape and computing is the same run
        /// under the three I/O bounds (the same stop, the same cycles of its own), and never
        /// takes more cycles under Low than under Nominal, nor under Nominal than under High.
        /// The count of instructions may differ: a `TCOA *` that finds the channel busy under
        /// one bound and free under another counts its spin as one more instruction.
        #[test]
        fn random_programs_are_the_same_run_and_ordered(
            steps in proptest::collection::vec(
                prop_oneof![
                    (1u64..=24).prop_map(Step::Read),
                    (1u64..=24).prop_map(Step::Print),
                    (1u64..=24).prop_map(Step::Punch),
                    (1u64..=40).prop_map(Step::Tape),
                    (1u32..=40_000).prop_map(Step::Compute),
                    Just(Step::Wait),
                ],
                1..12,
            )
        ) {
            let runs = Bound::ALL.map(|b| {
                let mut m = random_program(&steps, b);
                let stop = m.run(Limits::instructions(10_000_000));
                (stop, m.instructions(), m.cycles(), m.io_wait_cycles())
            });
            let [l, n, h] = runs;
            prop_assert!(matches!(n.0, Stop::HaltProceed { .. }), "{:?}", n.0);
            prop_assert_eq!(l.0, n.0);
            prop_assert_eq!(h.0, n.0);
            let waits = steps.iter().filter(|s| matches!(s, Step::Wait)).count() as u64 + 1;
            prop_assert!(l.1.abs_diff(n.1) <= waits && h.1.abs_diff(n.1) <= waits);
            prop_assert!(l.2 <= n.2 && n.2 <= h.2, "{} {} {}", l.2, n.2, h.2);
            // The CPU's own cycles are the same under every bound; only the waits differ.
            prop_assert_eq!(l.2 - l.3, n.2 - n.3);
            prop_assert_eq!(h.2 - h.3, n.2 - n.3);
        }
    }
}
