//! Runs: the trace, the bounds of one step, budgets in slices, and the hot loop against
//! single steps.

use super::*;

#[test]
fn trace_lines() {
    let mut m = Machine::new();
    m.load(0o100, &[ins("CLA", 0o200, 0, 0), ins("HPR", 0, 0, 0)]);
    m.mem_mut()[0o200] = 5;
    m.ic = 0o100;
    m.set_trace(true);
    m.run(Limits::none());
    let t = m.take_trace();
    assert_eq!(t.lines().count(), 2);
    assert!(t.starts_with("         0 00100 050000000200 CLA 200"));
    assert!(t.lines().nth(1).unwrap().starts_with("         2 00101"));
}

#[test]
fn step_bounds_hold() {
    // The hot loop's unchecked slices rely on these bounds per step (see `run`).
    let worst = Model::ALL
        .iter()
        .flat_map(|&m| crate::Bound::ALL.map(|b| decode::table(m, b)))
        .flat_map(|t| t.ops.iter())
        .map(|d| d.cycles as u64)
        .max()
        .unwrap();
    let shift = timing::shift_cycles(255) as u64;
    let multiply = timing::multiply_cycles(MAG, MAG) as u64;
    let divide = timing::divide_cycles(false) as u64;
    // Floating point: the table's largest count, and one more for the trap.
    let float = crate::ibm7090::isa::TABLE
        .iter()
        .map(|i| i.timing.max() as u64)
        .max()
        .unwrap()
        + 1;
    let by_count = timing::count_multiply_cycles(MAG, MAG, 63)
        .max(timing::count_divide_cycles(63, false)) as u64;
    let convert = timing::convert_cycles(255) as u64;
    let longest = shift
        .max(multiply)
        .max(divide)
        .max(by_count)
        .max(convert)
        .max(float);
    assert!(worst + 1 + longest <= STEP_MAX_LEVEL_CYCLES);
}

#[test]
fn budgets_stop_at_the_same_instruction_in_slices() {
    // A loop of ALS 255 (22 cycles each) and TRA: stepped by one, and run with budgets.
    let prog = [ins("ALS", 255, 0, 0), ins("TRA", 0o100, 0, 0)];
    for limit in [1u64, 7, 1_000, 70_001, 200_003] {
        let mut a = Machine::new();
        a.load(0o100, &prog);
        a.ic = 0o100;
        let mut b = Machine::new();
        b.load(0o100, &prog);
        b.ic = 0o100;
        assert_eq!(a.run(Limits::cycles(limit)), Stop::CycleBudget);
        while b.cycles() < limit {
            b.step();
        }
        assert_eq!(
            (a.cycles(), a.instructions()),
            (b.cycles(), b.instructions())
        );
        let mut c = Machine::new();
        c.load(0o100, &prog);
        c.ic = 0o100;
        assert_eq!(c.run(Limits::instructions(limit)), Stop::InstructionBudget);
        assert_eq!(c.instructions(), limit);
    }
}

/// Random words for `hot_loop_agrees_with_single_steps`: the implemented CPU rows but the
/// halts, any tag, often indirect, addresses within the program (so stores change code).
struct RandomWords {
    rows: Vec<&'static crate::ibm7090::isa::InstrInfo>,
    s: u64,
}

impl RandomWords {
    fn new(seed: u64) -> RandomWords {
        let rows = crate::ibm7090::isa::TABLE
            .iter()
            .filter(|i| {
                i.status() == Status::Implemented
                    && !matches!(i.mnemonic, "HTR" | "HPR" | "DVH" | "DFDH")
                    && matches!(
                        i.format,
                        Format::TypeA | Format::TypeB | Format::Shift | Format::Group0760
                    )
            })
            .collect();
        RandomWords {
            rows,
            s: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
        }
    }

    fn next(&mut self, n: u64) -> u64 {
        self.s ^= self.s << 13;
        self.s ^= self.s >> 7;
        self.s ^= self.s << 17;
        self.s % n
    }

    fn word(&mut self) -> u64 {
        let n = self.rows.len() as u64;
        let i = self.next(n) as usize;
        let info = self.rows[i];
        let address = if info.format == Format::Group0760 {
            (info.operand_min as u64 + self.next(3)) as u32
        } else {
            (0o100 + self.next(0o140)) as u32
        };
        let tag = [0, 0, 0, 1, 2, 4, 3, 7, 5, 6][self.next(10) as usize];
        let decrement = self.next(8) as u32;
        let indirect = self.next(4) == 0;
        info.encode(address, tag, decrement, indirect)
    }
}

#[test]
fn hot_loop_agrees_with_single_steps() {
    // The hot loop (run) forms addresses and caches decoded words its own way; the single
    // step decodes every word afresh. Same stop, registers, counters and store; after a stop
    // both go on with a new word where they stopped.
    // Each model (the 7094 in either tag mode: EMTM and LMTM among the words change it).
    const LIMIT: u64 = 20_000;
    for (model, seed) in (0..200)
        .map(|s| (Model::Ibm7090, s))
        .chain((200..300).map(|s| (Model::Ibm7094, s)))
        .chain((300..330).map(|s| (Model::Ibm709, s)))
    {
        let mut words = RandomWords::new(seed);
        let mut a = Machine::with_model(model);
        for at in 0o100..0o240 {
            a.mem_mut()[at] = words.word();
        }
        for n in [1, 2, 3, 4, 5, 6, 7] {
            a.xr[n] = words.next(8) as u32;
        }
        if model != Model::Ibm7094 {
            (a.xr[3], a.xr[5], a.xr[6], a.xr[7]) = (0, 0, 0, 0);
        }
        a.multi_tag = model != Model::Ibm7094 || words.next(2) == 0;
        a.ic = 0o100;
        let mut b = Machine::with_model(model);
        b.mem = a.mem.clone();
        (b.xr, b.ic, b.multi_tag) = (a.xr, a.ic, a.multi_tag);
        for round in 0..20 {
            let stop_a = a.run(Limits::instructions(LIMIT));
            let start = b.instructions();
            // A single step never stops on a tight loop (SIMH does not): `b` runs as far as
            // `a`, and must stand on the loop, which one more step leaves as it is.
            let tight = matches!(stop_a, Stop::TightLoop { .. });
            let limit = if tight {
                a.instructions() - start
            } else {
                LIMIT
            };
            let mut stop_b = Stop::InstructionBudget;
            while b.instructions() - start < limit {
                if let Some(s) = b.step() {
                    stop_b = s;
                    break;
                }
            }
            let at = format!("{model} seed {seed} round {round}");
            if let (Stop::TightLoop { address }, Stop::InstructionBudget) = (stop_a, stop_b) {
                assert_eq!(b.ic, address as u32, "{at}");
                let regs = |m: &Machine| (m.ac, m.mq, m.xr, m.ic, m.overflow, m.mem()[0]);
                let before = regs(&b);
                assert_eq!((a.step(), b.step()), (None, None), "{at}");
                assert_eq!(regs(&b), before, "{at}: not a tight loop");
                stop_b = stop_a;
            }
            assert_eq!(stop_a, stop_b, "{at}");
            assert_eq!(
                (a.ac, a.mq, a.xr, a.ic, a.overflow, a.divide_check),
                (b.ac, b.mq, b.xr, b.ic, b.overflow, b.divide_check),
                "{at}"
            );
            assert_eq!(
                (a.floating_trap, a.mq_overflow),
                (b.floating_trap, b.mq_overflow),
                "{at}"
            );
            assert_eq!(
                (a.sense_lights, a.sense_indicators, a.multi_tag),
                (b.sense_lights, b.sense_indicators, b.multi_tag),
                "{at}"
            );
            // The hold-off an XEC leaves, whichever path ran it.
            assert_eq!(a.channel_traps, b.channel_traps, "{at}");
            assert_eq!(
                (a.cycles(), a.instructions()),
                (b.cycles(), b.instructions()),
                "{at}"
            );
            assert!(a.mem()[..] == b.mem()[..], "{at}");
            let w = words.word();
            let (ia, ib) = (a.ic as usize, b.ic as usize);
            a.mem_mut()[ia] = w;
            b.mem_mut()[ib] = w;
        }
    }
}

/// A machine with `program` at 0100, the `data` words in place and IC at 0100.
pub(super) fn loaded(program: &[u64], data: &[(usize, u64)]) -> Machine {
    let mut m = Machine::new();
    m.load(0o100, program);
    for &(at, w) in data {
        m.mem_mut()[at] = w;
    }
    m.ic = 0o100;
    m
}

/// `program` at 0o100 run with `limits` (the hot loop), and again one step at a time up to the
/// same count: the same stop, registers, counters, trap hold-off and store.
pub(super) fn run_as_steps(
    program: &[u64],
    data: &[(usize, u64)],
    limits: Limits,
) -> (Machine, Stop) {
    let mut a = loaded(program, data);
    let mut b = Machine::new();
    b.mem = a.mem.clone();
    b.ic = a.ic;
    let stop_a = a.run(limits);
    let mut stop_b = Stop::InstructionBudget;
    while b.instructions() < a.instructions() {
        if let Some(s) = b.step() {
            stop_b = s;
            break;
        }
    }
    if matches!(stop_a, Stop::InstructionBudget | Stop::CycleBudget) {
        // The single steps ran to the same count.
        assert_eq!(stop_b, Stop::InstructionBudget);
    } else {
        assert_eq!(stop_a, stop_b);
    }
    assert_eq!(
        (a.ac, a.mq, a.xr, a.ic, a.overflow),
        (b.ac, b.mq, b.xr, b.ic, b.overflow)
    );
    assert_eq!(
        (a.cycles(), a.instructions()),
        (b.cycles(), b.instructions())
    );
    assert_eq!(a.channel_traps, b.channel_traps);
    assert!(a.mem()[..] == b.mem()[..]);
    (a, stop_a)
}

#[test]
fn xec_in_the_hot_loop_as_single_steps() {
    // XEC of CHS and of NOP by turns (a word the loop stores), counted down by XR1.
    let chs = ins("CHS", 0, 0, 0);
    let nop = ins("NOP", 0, 0, 0);
    let program = [
        ins("AXT", 50, 1, 0),
        ins("CLA", 0o201, 0, 0),
        ins("XEC", 0o200, 0, 0),
        ins("CAL", 0o200, 0, 0),
        ins("ERA", 0o202, 0, 0),
        ins("SLW", 0o200, 0, 0),
        ins("TIX", 0o101, 1, 1),
        ins("HPR", 0, 0, 0),
    ];
    let data = [(0o200, chs), (0o201, 7), (0o202, chs ^ nop)];
    let (m, stop) = run_as_steps(&program, &data, Limits::none());
    assert_eq!(stop, Stop::HaltProceed { address: 0o107 });
    // XEC and its word count two; the hold-off XEC leaves is on.
    assert_eq!(m.instructions(), 1 + 50 * 7 + 1);
    assert!(m.channel_traps.delay);
    // Budgets that end just before, at and after an XEC.
    for n in 1..=12 {
        run_as_steps(&program, &data, Limits::instructions(n));
        run_as_steps(&program, &data, Limits::cycles(n));
    }
}

#[test]
fn xec_of_a_store_into_the_running_code() {
    // The executed STO writes the word after the XEC, which then runs as written (CLA 0o202);
    // an executed HTR stops at the XEC with the HTR's target.
    let program = [
        ins("CLA", 0o201, 0, 0),
        ins("XEC", 0o200, 0, 0),
        ins("NOP", 0, 0, 0),
        ins("XEC", 0o203, 0, 0),
    ];
    let data = [
        (0o200, ins("STO", 0o102, 0, 0)),
        (0o201, ins("CLA", 0o202, 0, 0)),
        (0o202, 9),
        (0o203, ins("HTR", 0o150, 0, 0)),
    ];
    let (m, stop) = run_as_steps(&program, &data, Limits::none());
    assert_eq!(
        stop,
        Stop::Halt {
            address: 0o103,
            target: 0o150,
            trapped: false
        }
    );
    assert_eq!((m.ac, m.ic, m.instructions()), (9, 0o150, 6));
}

#[test]
fn xec_of_transfers_in_the_hot_loop() {
    // An XEC of TXI elsewhere runs in the loop, as single steps run it; an XEC of TRA back
    // to the XEC is left to the machine's tight-loop test, which stops the run there.
    let program = [
        ins("AXT", 5, 1, 0),
        ins("XEC", 0o200, 0, 0),
        ins("HPR", 0, 0, 0),
        ins("TIX", 0o101, 1, 1),
        ins("XEC", 0o201, 0, 0),
    ];
    let data = [
        (0o200, ins("TXI", 0o103, 1, 0)),
        (0o201, ins("TRA", 0o104, 0, 0)),
    ];
    let mut m = loaded(&program, &data);
    // A budget far past the stop, so that a run that misses the tight loop fails, not hangs.
    assert_eq!(
        m.run(Limits::instructions(10_000)),
        Stop::TightLoop { address: 0o104 }
    );
    // AXT, five XECs of TXI (two each) and five TIX, then the XEC of TRA twice (two each),
    // the two rounds the tight-loop test needs.
    assert_eq!((m.xr[1], m.instructions()), (1, 1 + 5 * 3 + 2 * 2));
    // Budgets that end anywhere before the tight-loop stop, which single steps do not make.
    for n in 1..=17 {
        let (m, _) = run_as_steps(&program, &data, Limits::instructions(n));
        for c in m.cycles().saturating_sub(2)..=m.cycles() {
            run_as_steps(&program, &data, Limits::cycles(c.max(1)));
        }
    }
}

#[test]
fn an_xec_no_longer_in_the_store_is_not_run_at_a_slice_end() {
    // The hot loop caches 0102's XEC; then an indirect CLA replaces it. A slice of one step
    // leaves that word to the machine without fetching it into the cache: it runs as the
    // store holds it, not as the XEC the cache still has.
    let program = [
        ins("CLA", 0o201, 0, 0),
        ins("NOP", 0, 0, 0),
        ins("XEC", 0o200, 0, 0),
        ins("HPR", 0, 0, 0),
    ];
    let data = [
        (0o200, ins("CHS", 0, 0, 0)),
        (0o201, 5),
        (0o300, 0o301),
        (0o301, 77),
    ];
    let mut m = loaded(&program, &data);
    m.set_translation(false);
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o103 });
    assert_eq!(m.ac, arith::AC_S | 5);
    m.mem_mut()[0o102] = ind("CLA", 0o300, 0);
    m.ic = 0o102;
    // A slice of one step: left to the machine.
    assert_eq!(m.run(Limits::instructions(1)), Stop::InstructionBudget);
    assert_eq!((m.ac, m.ic), (77, 0o103));
}
