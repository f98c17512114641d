//! The floating-point orders, their spills and the floating trap.

use super::*;

/// A floating-point word: sign, characteristic, fraction.
fn fp(negative: bool, ch: u64, fraction: u64) -> u64 {
    (if negative { NEG } else { 0 }) | ch << 27 | fraction
}

const ONE: u64 = 0o201400000000;
const TWO: u64 = 0o202400000000;

#[test]
fn floating_add_family() {
    // FAD, FSB, FAM, FSM, UFA: 1 + 1, 1 - (-1) ... with the MQ's characteristic 27 lower.
    for (op, y, ac, mq) in [
        ("FAD", ONE, TWO, 0o147 << 27),
        ("FSB", ONE | NEG, TWO, 0o147 << 27),
        ("FAM", ONE | NEG, TWO, 0o147 << 27),
        ("FSM", ONE, 0, 0),
        ("UFS", ONE, 0o201 << 27, 0o146 << 27),
        ("UAM", ONE | NEG, TWO, 0o147 << 27),
        ("USM", ONE | NEG, 0o201 << 27, 0o146 << 27),
        ("UFA", ONE, TWO, 0o147 << 27),
    ] {
        let m = run(
            &[ins("CLA", 0o200, 0, 0), ins(op, 0o201, 0, 0)],
            &[ONE, y],
            |m| m.mq = 0o777,
        );
        assert_eq!((m.ac, m.mq), (ac, mq), "{op}");
    }
    // Cycles: CLA 2, FAD of equal characteristics with a carry 7 (9M08A's steps), +1 indirect.
    let m = run(
        &[ins("CLA", 0o200, 0, 0), ind("FAD", 0o202, 0)],
        &[ONE, ONE, 0o201],
        |_| {},
    );
    assert_eq!(m.ac, TWO);
    assert_eq!(cycles(&m), 2 + 7 + 1);
}

#[test]
fn floating_multiply_divide_round() {
    let m = run(
        &[ins("LDQ", 0o200, 0, 0), ins("FMP", 0o201, 0, 0)],
        &[TWO, TWO | NEG],
        |_| {},
    );
    assert_eq!((m.ac, m.mq), (AC_S | 0o203400000000, NEG | 0o150 << 27));
    let m = run(
        &[ins("CLA", 0o200, 0, 0), ins("FDP", 0o201, 0, 0)],
        &[ONE, TWO],
        |_| {},
    );
    assert_eq!(m.mq, fp(false, 0o200, 1 << 26));
    assert_eq!(cycles(&m), 2 + 14);
    // FRN: 9M10A's case, a location in the AC and the TSX word in the MQ.
    let m = run(&[ins("FRN", 0, 0, 0)], &[], |m| {
        m.ac = 0o26;
        m.mq = 0o007400400013;
    });
    assert_eq!((m.ac, cycles(&m)), (0o27, 2));
}

#[test]
fn floating_divide_check() {
    // FDP proceeds: divide check on, MQ the quotient's sign, AC kept.
    let m = run(
        &[ins("CLA", 0o200, 0, 0), ins("FDP", 0o201, 0, 0)],
        &[ONE | NEG, 0],
        |_| {},
    );
    assert!(m.divide_check);
    assert_eq!((m.ac, m.mq), (AC_S | ONE, NEG));
    assert_eq!(cycles(&m), 2 + 3);
    // FDH halts with IC at the next instruction.
    let mut m = Machine::new();
    m.load(0o100, &[ins("CLA", 0o200, 0, 0), ins("FDH", 0o201, 0, 0)]);
    m.load(0o200, &[TWO, fp(false, 0o201, 1 << 25)]);
    m.ic = 0o100;
    assert_eq!(
        m.run(Limits::none()),
        Stop::DivideCheckHalt { address: 0o101 }
    );
    assert_eq!(m.ic, 0o102);
    assert!(m.divide_check);
}

#[test]
fn floating_trap() {
    // An AC overflow (code 06) at 0101: 0000 gets 06 in its decrement and 0102 in its address,
    // its prefix and tag kept; the next instruction is 0010's.
    let big = fp(false, 0o377, 1 << 26);
    let mut m = Machine::new();
    m.load(0o100, &[ins("CLA", 0o200, 0, 0), ins("FAD", 0o200, 0, 0)]);
    m.mem_mut()[0o200] = big;
    m.mem_mut()[0] = 0o777_777_577_777;
    m.mem_mut()[0o10] = ins("HPR", 0, 0, 0);
    m.ic = 0o100;
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o10 });
    assert_eq!(m.mem()[0], 0o700_006_500_102, "{:012o}", m.mem()[0]);
    assert_eq!(m.ac, 0o400 << 27 | 1 << 26, "the results stay");
    assert_eq!(m.cycles(), 2 + 7 + 1 + 1);
    // Executed by XEC at 0100: 0000 gets the XEC's location + 1.
    let mut m = Machine::new();
    m.load(0o100, &[ins("XEC", 0o150, 0, 0)]);
    m.mem_mut()[0o150] = ins("FMP", 0o200, 0, 0);
    m.mem_mut()[0o200] = fp(false, 0o10, 1 << 26);
    m.mem_mut()[0o10] = ins("HPR", 0, 0, 0);
    m.mq = fp(false, 0o10, 1 << 26);
    m.ic = 0o100;
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o10 });
    assert_eq!(
        m.mem()[0],
        0o000_003_000_101,
        "multiply, AC and MQ underflow"
    );
    // Out of floating trap mode (LFTM) the spill sets AC overflow and MQ overflow; TQO
    // transfers on MQ overflow and turns it off; EFTM turns it off too.
    let m = run(
        &[
            ins("LFTM", 0, 0, 0),
            ins("LDQ", 0o200, 0, 0),
            ins("FMP", 0o200, 0, 0),
            ins("TQO", 0o105, 0, 0),
            ins("HPR", 0, 0, 0),
            ins("NOP", 0, 0, 0),
        ],
        &[fp(false, 0o10, 1 << 26)],
        |_| {},
    );
    assert!(m.overflow && !m.mq_overflow && !m.floating_trap);
    assert_eq!(m.mem()[0], 0, "no trap");
    let m = run(
        &[
            ins("LFTM", 0, 0, 0),
            ins("LDQ", 0o200, 0, 0),
            ins("FMP", 0o200, 0, 0),
            ins("EFTM", 0, 0, 0),
            ins("TQO", 0o100, 0, 0),
        ],
        &[fp(false, 0o10, 1 << 26)],
        |_| {},
    );
    assert!(m.floating_trap && !m.mq_overflow, "EFTM: MQ overflow off");
}
