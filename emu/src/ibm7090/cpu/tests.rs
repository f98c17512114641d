//! Per-instruction tests: exact results and cycles. Expected values come from the semantics
//! in shared/notes/ibm7090-machine.md §2 and the cycle rules of ibm7090-timing.md.
// Octal words grouped by the machine's fields and characters.
#![allow(clippy::inconsistent_digit_grouping, clippy::unusual_byte_groupings)]

use super::*;
use crate::ibm7090::arith::{self, AC_P, AC_S, MAG, SIGN};
use crate::ibm7090::isa::{by_mnemonic, Format, Status};
use crate::ibm7090::timing;

/// Index registers A, B, C (XR1, XR2, XR4).
fn abc(m: &Machine) -> [u32; 3] {
    [m.xr[1], m.xr[2], m.xr[4]]
}

const NEG: u64 = SIGN;

fn ins(m: &str, addr: u32, tag: u8, dec: u32) -> u64 {
    by_mnemonic(m).unwrap().encode(addr, tag, dec, false)
}

fn ind(m: &str, addr: u32, tag: u8) -> u64 {
    by_mnemonic(m).unwrap().encode(addr, tag, 0, true)
}

/// Run `program` from 0o100 to its HPR (appended), with data at 0o200...
fn run(program: &[u64], data: &[u64], setup: impl FnOnce(&mut Machine)) -> Machine {
    let mut m = Machine::new();
    m.load(0o100, program);
    m.mem[0o100 + program.len()] = ins("HPR", 0, 0, 0);
    m.load(0o200, data);
    m.ic = 0o100;
    setup(&mut m);
    let stop = m.run(Limits::instructions(10_000));
    assert!(matches!(stop, Stop::HaltProceed { .. }), "{stop}");
    m
}

/// Cycles of the program without the final HPR (1 cycle).
fn cycles(m: &Machine) -> u64 {
    m.cycles() - 1
}

#[test]
fn loads_and_stores() {
    let m = run(
        &[
            ins("CLA", 0o200, 0, 0),
            ins("STO", 0o210, 0, 0),
            ins("CLS", 0o200, 0, 0),
        ],
        &[NEG | 5],
        |_| {},
    );
    assert_eq!(m.ac, 5);
    assert_eq!(m.mem[0o210], NEG | 5);
    assert_eq!(cycles(&m), 6);
    let m = run(
        &[ins("CAL", 0o200, 0, 0), ins("SLW", 0o201, 0, 0)],
        &[NEG | 5],
        |_| {},
    );
    assert_eq!(m.ac, AC_P | 5, "CAL puts the sign bit in P");
    assert_eq!(m.mem[0o201], NEG | 5);
    let m = run(
        &[
            ins("STZ", 0o200, 0, 0),
            ins("LDQ", 0o201, 0, 0),
            ins("STQ", 0o202, 0, 0),
        ],
        &[7, NEG | 3],
        |_| {},
    );
    assert_eq!((m.mem[0o200], m.mq, m.mem[0o202]), (0, NEG | 3, NEG | 3));
    assert_eq!(cycles(&m), 6);
}

#[test]
fn partial_stores() {
    let m = run(
        &[
            ins("CLA", 0o200, 0, 0),
            ins("STA", 0o201, 0, 0),
            ins("STD", 0o202, 0, 0),
            ins("STT", 0o203, 0, 0),
            ins("STP", 0o204, 0, 0),
            ins("STL", 0o205, 0, 0),
        ],
        &[0o712345654321, 0, 0, 0, 0, 0o777777777777],
        |_| {},
    );
    assert_eq!(m.mem[0o201], 0o000000054321);
    assert_eq!(m.mem[0o202], 0o012345000000);
    assert_eq!(m.mem[0o203], 0o000000600000);
    assert_eq!(
        m.mem[0o204], 0o300000000000,
        "S goes to AC S, not P: STP stores P,1,2"
    );
    assert_eq!(m.mem[0o205], 0o777777700106);
    assert_eq!(cycles(&m), 12);
}

#[test]
fn add_subtract_overflow() {
    let m = run(
        &[ins("CLA", 0o200, 0, 0), ins("ADD", 0o201, 0, 0)],
        &[MAG, 1],
        |_| {},
    );
    assert_eq!(m.ac, AC_P);
    assert!(m.overflow);
    let m = run(
        &[ins("CLA", 0o200, 0, 0), ins("SUB", 0o200, 0, 0)],
        &[NEG | 9],
        |_| {},
    );
    assert_eq!(m.ac, AC_S, "-9 - (-9) = -0");
    let m = run(
        &[
            ins("CLA", 0o200, 0, 0),
            ins("ADM", 0o201, 0, 0),
            ins("SBM", 0o202, 0, 0),
        ],
        &[3, NEG | 4, 10],
        |_| {},
    );
    assert_eq!(m.ac, AC_S | 3);
    assert_eq!(cycles(&m), 6);
}

#[test]
fn logic() {
    let m = run(
        &[ins("CAL", 0o200, 0, 0), ins("ANA", 0o201, 0, 0)],
        &[NEG | 0o17, NEG | 0o5],
        |_| {},
    );
    assert_eq!(m.ac, AC_P | 5);
    assert_eq!(cycles(&m), 5, "ANA is I, E, L");
    let m = run(
        &[
            ins("CLA", 0o200, 0, 0),
            ins("ORA", 0o201, 0, 0),
            ins("ERA", 0o202, 0, 0),
        ],
        &[NEG | 1, 2, 3],
        |_| {},
    );
    assert_eq!(m.ac, 0, "ERA clears S");
    let m = run(
        &[
            ins("CAL", 0o200, 0, 0),
            ins("ANS", 0o201, 0, 0),
            ins("ORS", 0o202, 0, 0),
        ],
        &[0o17, 0o3, 0o40],
        |_| {},
    );
    assert_eq!((m.mem[0o201], m.mem[0o202]), (0o3, 0o57));
    assert_eq!(cycles(&m), 2 + 4 + 2);
    let m = run(
        &[ins("CAL", 0o200, 0, 0), ins("ACL", 0o201, 0, 0)],
        &[WORD, 2],
        |_| {},
    );
    assert_eq!(m.ac, 2, "end-around carry: -0 + 2 in ones' complement");
}

#[test]
fn multiply_and_divide() {
    let m = run(
        &[ins("LDQ", 0o200, 0, 0), ins("MPY", 0o201, 0, 0)],
        &[NEG | 3, 5],
        |_| {},
    );
    assert_eq!((m.ac, m.mq), (AC_S, NEG | 15));
    // LDQ 2 + MPY: k = 2 one-bits: 2 + ceil(41/12) = 6.
    assert_eq!(cycles(&m), 2 + 6);
    let m = run(
        &[ins("LDQ", 0o200, 0, 0), ins("MPY", 0o201, 0, 0)],
        &[3, 0],
        |_| {},
    );
    assert_eq!(cycles(&m), 2 + 2, "zero multiplicand ends after E");
    let m = run(
        &[
            ins("CLA", 0o200, 0, 0),
            ins("LDQ", 0o201, 0, 0),
            ins("DVP", 0o202, 0, 0),
        ],
        &[NEG, 100, 7],
        |_| {},
    );
    assert_eq!((m.ac, m.mq), (AC_S | 2, NEG | 14));
    assert_eq!(cycles(&m), 4 + 14);
    let m = run(
        &[ins("CLA", 0o200, 0, 0), ins("DVP", 0o201, 0, 0)],
        &[7, 7],
        |_| {},
    );
    assert!(m.divide_check);
    assert_eq!(cycles(&m), 2 + 3);
    let mut mm = Machine::new();
    mm.load(0o100, &[ins("CLA", 0o200, 0, 0), ins("DVH", 0o201, 0, 0)]);
    mm.load(0o200, &[7, 7]);
    mm.ic = 0o100;
    assert_eq!(
        mm.run(Limits::none()),
        Stop::DivideCheckHalt { address: 0o101 }
    );
    let m = run(
        &[ins("LDQ", 0o200, 0, 0), ins("MPR", 0o201, 0, 0)],
        &[1 << 34, 1],
        |_| {},
    );
    assert_eq!(m.ac, 1, "rounded by MQ bit 1");
}

#[test]
fn shifts_and_their_cycles() {
    let m = run(
        &[ins("CLA", 0o200, 0, 0), ins("ALS", 17, 0, 0)],
        &[1],
        |_| {},
    );
    assert_eq!(m.ac, 1 << 17);
    assert_eq!(cycles(&m), 2 + 3);
    let m = run(
        &[ins("CLA", 0o200, 0, 0), ins("LRS", 35, 0, 0)],
        &[NEG | 5],
        |_| {},
    );
    assert_eq!((m.ac, m.mq), (AC_S, NEG | 5));
    assert_eq!(cycles(&m), 2 + 4);
    let m = run(
        &[ins("LDQ", 0o200, 0, 0), ins("RQL", 0o401, 0, 0)],
        &[NEG],
        |_| {},
    );
    assert_eq!(m.mq, 1, "count is the low 8 bits: 0o401 -> 1");
    assert_eq!(cycles(&m), 2 + 2);
}

#[test]
fn transfers_and_skips() {
    // TZE taken skips the CLA of 1.
    let m = run(
        &[
            ins("TZE", 0o102, 0, 0),
            ins("CLA", 0o200, 0, 0),
            ins("CAS", 0o201, 0, 0),
            ins("CLA", 0o200, 0, 0),
            ins("NOP", 0, 0, 0),
            ins("NOP", 0, 0, 0),
        ],
        &[1, 0],
        |_| {},
    );
    // AC = +0 vs +0: equal, skip one (the CLA at 0o103).
    assert_eq!(m.ac, 0);
    assert_eq!(cycles(&m), 1 + 3 + 1 + 1);
    let m = run(
        &[
            ins("CLA", 0o200, 0, 0),
            ins("TMI", 0o103, 0, 0),
            ins("CLA", 0o201, 0, 0),
        ],
        &[NEG | 1, 9],
        |_| {},
    );
    assert_eq!(m.ac, AC_S | 1);
    let m = run(
        &[ins("ZET", 0o200, 0, 0), ins("CLA", 0o201, 0, 0)],
        &[NEG, 9],
        |_| {},
    );
    assert_eq!(m.ac, 0, "ZET ignores the sign");
}

#[test]
fn index_registers_and_tags() {
    let m = run(
        &[
            ins("AXT", 3, 1, 0),
            ins("AXT", 4, 2, 0),
            ins("CLA", 0o210, 3, 0), // Y = 0o210 - (3 | 4) = 0o203
            ins("PXA", 0, 3, 0),     // OR of A and B, written back to both
        ],
        &[0, 0, 0, 42],
        |_| {},
    );
    assert_eq!(m.ac, 7);
    assert_eq!(abc(&m), [7, 7, 0]);
    let m = run(
        &[
            ins("AXT", 3, 4, 0),
            ins("TIX", 0o101, 4, 1),
            ins("TXI", 0o103, 1, 5),
            ins("SXD", 0o200, 1, 0),
        ],
        &[0],
        |_| {},
    );
    assert_eq!(abc(&m), [5, 0, 1]);
    assert_eq!(m.mem[0o200], 5 << 18);
    assert_eq!(cycles(&m), 1 + 3 + 1 + 2);
    let m = run(
        &[
            ins("TSX", 0o102, 4, 0),
            ins("HPR", 0, 0, 0),
            ins("TRA", 1, 4, 0),
        ],
        &[],
        |_| {},
    );
    assert_eq!(m.ic, 0o102, "returned to 0o101 and halted there");
    assert_eq!(m.xr[4], (0o100u16).wrapping_neg() as u32 & 0o77777);
    let m = run(
        &[ins("LXD", 0o200, 1, 0), ins("LAC", 0o200, 2, 0)],
        &[0o000005000003],
        |_| {},
    );
    assert_eq!(abc(&m), [5, 0o77775, 0]);
}

#[test]
fn indirect_costs_one_cycle() {
    let m = run(&[ind("CLA", 0o200, 0)], &[0o205, 0, 0, 0, 0, 77], |_| {});
    assert_eq!(m.ac, 77);
    assert_eq!(cycles(&m), 3);
}

#[test]
fn xec_runs_the_target_in_place() {
    let m = run(
        &[ins("XEC", 0o200, 0, 0), ins("NOP", 0, 0, 0)],
        &[ins("CLA", 0o201, 0, 0), 5],
        |_| {},
    );
    assert_eq!(m.ac, 5);
    assert_eq!(cycles(&m), 1 + 2 + 1);
}

#[test]
fn group_0760_sense_and_lights() {
    let m = run(
        &[
            ins("SWT", 2, 0, 0),
            ins("CLA", 0o200, 0, 0),
            ins("SLN", 3, 0, 0),
            ins("SLT", 3, 0, 0),
            ins("CLS", 0o200, 0, 0),
            ins("CHS", 0, 0, 0),
        ],
        &[1],
        |m| m.sense_switches = 0b10,
    );
    assert_eq!(m.ac, AC_S);
    assert_eq!(m.sense_lights, 0);
    assert_eq!(cycles(&m), 2 + 2 + 2 + 2);
    let m = run(
        &[
            ins("ENK", 0, 0, 0),
            ins("DCT", 0, 0, 0),
            ins("COM", 0, 0, 0),
        ],
        &[],
        |m| m.keys = 0o123,
    );
    assert_eq!(m.mq, 0o123);
    assert_eq!(m.ac, 0, "DCT skipped COM: divide check was off");
}

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
    m.mem[0o200] = big;
    m.mem[0] = 0o777_777_577_777;
    m.mem[0o10] = ins("HPR", 0, 0, 0);
    m.ic = 0o100;
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o10 });
    assert_eq!(m.mem[0], 0o700_006_500_102, "{:012o}", m.mem[0]);
    assert_eq!(m.ac, 0o400 << 27 | 1 << 26, "the results stay");
    assert_eq!(m.cycles(), 2 + 7 + 1 + 1);
    // Executed by XEC at 0100: 0000 gets the XEC's location + 1.
    let mut m = Machine::new();
    m.load(0o100, &[ins("XEC", 0o150, 0, 0)]);
    m.mem[0o150] = ins("FMP", 0o200, 0, 0);
    m.mem[0o200] = fp(false, 0o10, 1 << 26);
    m.mem[0o10] = ins("HPR", 0, 0, 0);
    m.mq = fp(false, 0o10, 1 << 26);
    m.ic = 0o100;
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o10 });
    assert_eq!(m.mem[0], 0o000_003_000_101, "multiply, AC and MQ underflow");
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
    assert_eq!(m.mem[0], 0, "no trap");
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

#[test]
fn unimplemented_stops_without_executing() {
    // Every row of the table is emulated now; the executor's arm for an operation it lacks
    // still refuses the word: not executed, not counted, the IC back on it.
    let mut m = Machine::new();
    let word = 0o056400000200;
    m.ic = 0o102;
    let mut r = Regs::load(&m);
    let d = crate::ibm7090::decode::UNIMPLEMENTED;
    let s = m.execute_decoded(&mut r, word, d, 0o101, 0);
    assert_eq!(
        s,
        Err(Stop::Unimplemented {
            word,
            address: 0o101
        })
    );
    assert_eq!((r.ic, r.instructions, r.cycles), (0o101, 0, 0));
}

#[test]
fn illegal_orders_stop_past_themselves() {
    // +0777 is no 7090 order: nothing done, IC past it (SIMH's "Undefined instruction").
    let mut m = Machine::new();
    m.mem[0] = 0o077700000000;
    m.mem[1] = ins("CLA", 0o200, 0, 0);
    m.mem[0o200] = 5;
    assert_eq!(
        m.run(Limits::none()),
        Stop::IllegalOrder {
            word: 0o077700000000,
            address: 0,
            model: Model::Ibm7090
        }
    );
    assert_eq!((m.ic, m.ac), (1, 0));
    // Executed by an XEC: the IC is past the XEC.
    let mut m = Machine::new();
    m.load(0o100, &[ins("XEC", 0o200, 0, 0)]);
    m.mem[0o200] = 0o000100000000;
    m.ic = 0o100;
    assert_eq!(
        m.run(Limits::none()),
        Stop::IllegalOrder {
            word: 0o000100000000,
            address: 0o100,
            model: Model::Ibm7090
        }
    );
    assert_eq!(m.ic, 0o101);
    // Unassigned ±0760 addresses are no operation (SIMH's op_pse/op_mse), 2 cycles.
    let m = run(
        &[
            0o076000000777,
            0o476000001363,
            ins("MSE", 0o163, 0, 0),
            ins("CLA", 0o200, 0, 0),
        ],
        &[5],
        |m| m.sense_switches = 0b100,
    );
    assert_eq!(m.ac, 0, "MSE 163 (SWT 3) skipped the CLA");
    assert_eq!(cycles(&m), 6);
}

#[test]
fn every_implemented_row_executes() {
    for info in crate::ibm7090::isa::TABLE {
        if info.status() != Status::Implemented
            || matches!(info.format, Format::ChannelCommand | Format::PrefixData)
        {
            continue;
        }
        let mut m = Machine::new();
        m.io.reader.load_text("X\nY\n").unwrap();
        m.mem[0o100] = info.encode(info.operand_min as u32, 0, 0, false);
        if info.format == Format::Io {
            // A unit that is there: the reader, the printer, or a tape on A1 or B1.
            let unit = match info.function {
                0 => 0o1201,
                u if info.operand_max > 0 => u + 1,
                u => u,
            };
            m.mem[0o100] = info.encode(unit as u32, 0, 0, false);
            if info.operand_max > 0 {
                m.mem[0o100] = info.encode(1, 0, 0, false);
            }
            for t in [0o1201, 0o2201] {
                let mut reel = crate::ibm7090::tape::Tape::blank();
                reel.write_block(crate::ibm7090::tape::Block::Record(vec![0o21]));
                reel.rewind();
                m.io.mount(t, reel).unwrap();
            }
            m.io.select(crate::ibm7090::channel::CARD_READER, false)
                .unwrap();
        }
        m.ic = 0o100;
        let s = m.step();
        let absent = info.summary.contains("absent: stops");
        assert!(
            !matches!(s, Some(Stop::Unimplemented { .. }))
                && (absent || !matches!(s, Some(Stop::Channel { .. }))),
            "{} {:?}",
            info.mnemonic,
            s
        );
    }
}

#[test]
fn card_in_line_out() {
    // Read a card (24 row-binary words) into 0o300.. and print it: the 711 to the 716.
    let iocd = |count: u64, addr: u64| count << 18 | addr;
    let mut m = Machine::new();
    m.io.reader.load_text("HELLO WORLD\n").unwrap();
    m.load(
        0o100,
        &[
            ins("RDS", 0o1321, 0, 0),
            ins("RCHA", 0o200, 0, 0),
            ins("WRS", 0o1361, 0, 0),
            ins("RCHA", 0o200, 0, 0),
            ins("HPR", 0, 0, 0),
        ],
    );
    m.load(0o200, &[iocd(24, 0o300)]);
    m.ic = 0o100;
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o104 });
    assert_eq!(m.io.printer.lines, vec!["HELLO WORLD".to_string()]);
    let mut m2 = Machine::new();
    m2.load(0o100, &[ins("RDS", 0o1321, 0, 0)]);
    m2.ic = 0o100;
    assert_eq!(m2.run(Limits::none()), Stop::ReaderEmpty { address: 0o100 });
    assert_eq!(m2.ic, 0o100, "the select did not happen");
}

#[test]
fn io_orders_on_the_machine() {
    // A BCD tape on A2 read to its end: the select past the last record stops there.
    let mut m = Machine::new();
    m.io.mount(
        0o1202,
        crate::ibm7090::tape::Tape::from_bcd_text("CARD ONE\n").unwrap(),
    )
    .unwrap();
    m.load(
        0o100,
        &[
            ins("RTDA", 2, 0, 0),
            ins("RCHA", 0o200, 0, 0),
            ins("TRA", 0o100, 0, 0),
        ],
    );
    m.load(0o200, &[14 << 18 | 0o300]);
    m.ic = 0o100;
    assert_eq!(
        m.run(Limits::instructions(100)),
        Stop::BlankTape {
            address: 0o100,
            unit: 0o1202
        }
    );
    assert_eq!(m.instructions(), 3);
    // The second select waits for the first record: a 3/4-inch gap and 84 characters at
    // 41,667 a second = 12.016 ms = 5,512 cycles from the first select (io_timing).
    assert_eq!(m.cycles(), 5_512);
    assert_eq!(m.io_wait_cycles(), 5_512 - (2 + 2 + 1));
    assert_eq!(
        crate::ibm7090::bcd::unpack(&m.mem[0o300..0o302]),
        "CARD ONE    "
    );
    // TCOB on a channel at rest falls through; TCNB transfers; TEFA with no end of file
    // falls through; IOT skips with the I/O check off; RCHC stops, its IC on it.
    let mut m = Machine::new();
    m.load(
        0o100,
        &[
            ins("TCOB", 0o177, 0, 0),
            ins("TCNB", 0o103, 0, 0),
            ins("HTR", 0o177, 0, 0),
            ins("TEFA", 0o177, 0, 0),
            ins("IOT", 0, 0, 0),
            ins("HTR", 0o177, 0, 0),
            ins("BTTA", 0, 0, 0),
            ins("HTR", 0o177, 0, 0),
            ins("SPRA", 3, 0, 0),
            ins("RCHC", 0o200, 0, 0),
        ],
    );
    m.ic = 0o100;
    assert!(
        matches!(
            m.run(Limits::instructions(100)),
            Stop::Channel { address: 0o111, .. }
        ),
        "{:o}",
        m.ic
    );
    assert_eq!(m.ic, 0o111);
}

#[test]
fn trace_lines() {
    let mut m = Machine::new();
    m.load(0o100, &[ins("CLA", 0o200, 0, 0), ins("HPR", 0, 0, 0)]);
    m.mem[0o200] = 5;
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
            a.mem[at] = words.word();
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
                let regs = |m: &Machine| (m.ac, m.mq, m.xr, m.ic, m.overflow, m.mem[0]);
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
            assert_eq!(
                (a.cycles(), a.instructions()),
                (b.cycles(), b.instructions()),
                "{at}"
            );
            assert!(a.mem[..] == b.mem[..], "{at}");
            let w = words.word();
            a.mem[a.ic as usize] = w;
            b.mem[b.ic as usize] = w;
        }
    }
}

#[test]
fn load_cards_boots_a_self_loading_card() {
    // 9M10A's one FUL card as 9AP punched it (docs/assembler.md, 9AP's self-loading card): IOCD 3,,20 at 0 reads
    // 8R..12L into 3-26, TCOA * at 1 waits for it, and 2 starts the walk. 12R is not read.
    let words: [u64; 24] = [
        0o000024000003,
        0o006000000001,
        0o077400100030,
        0o075400100000,
        0o073700200000,
        0o056000000025,
        0o460000200000,
        0o056000000026,
        0o460000200001,
        0o060000277777,
        0o002000200000,
        0o463400400015,
        0o073400400000,
        0o100000400016,
        0o700000400020,
        0o000000000003,
        0o100001100021,
        0o300001100003,
        0o076000000166,
        0o042000000000,
        0o002000000002,
        0o076000000011,
        0o007400400013,
        0o777777777777,
    ];
    let mut m = Machine::new();
    m.io.reader
        .hopper
        .push_back(crate::ibm7090::card::Card::from_image(&words));
    m.load_cards().unwrap();
    assert_eq!(m.ic, 1);
    assert_eq!(m.mem[..23], words[..23]);
    assert_eq!(m.mem[23], 0);
    // TCOA * spins while the rest of the card comes, one step at a time; then falls through.
    let until = m.io.busy_until(0);
    assert!(until > m.cycles());
    assert_eq!(m.step(), None);
    assert_eq!(m.ic, 1, "TCOA * while the card is read");
    while m.ic == 1 {
        assert_eq!(m.step(), None);
    }
    assert!(
        m.cycles() >= until && m.cycles() < until + 4,
        "{} {until}",
        m.cycles()
    );
    assert_eq!(m.ic, 2);
    assert_eq!(m.step(), None);
    assert_eq!(m.xr[1], 0o30, "AXT 24,1");
    assert_eq!(
        Machine::new().load_cards(),
        Err(crate::ibm7090::channel::ChannelError::ReaderEmpty)
    );
}

#[test]
fn sense_indicators_from_and_to_ac() {
    // AC with S, Q, P and bit 35: PAI takes P,1-35 (P to SI 0); PIA gives AC P,1-35, S,Q 0.
    let m = run(
        &[
            ins("PAI", 0, 0, 0),
            ins("CLA", 0o200, 0, 0),
            ins("PIA", 0, 0, 0),
        ],
        &[NEG | 7],
        |m| m.ac = AC_S | (1 << 36) | AC_P | 1,
    );
    assert_eq!(m.sense_indicators, SIGN | 1);
    assert_eq!(m.ac, AC_P | 1);
    assert_eq!(cycles(&m), 2 + 2 + 2);
    let m = run(
        &[
            ins("OAI", 0, 0, 0),
            ins("CAL", 0o200, 0, 0),
            ins("IIA", 0, 0, 0),
            ins("CAL", 0o201, 0, 0),
            ins("RIA", 0, 0, 0),
        ],
        &[0o707, 0o001],
        |m| {
            m.sense_indicators = 0o070;
            m.ac = 0o007;
        },
    );
    // 070 | 007 = 077; ^ 707 = 770; & !001 = 770.
    assert_eq!(m.sense_indicators, 0o770);
}

#[test]
fn sense_indicators_with_store() {
    let m = run(
        &[
            ins("LDI", 0o200, 0, 0),
            ins("OSI", 0o201, 0, 0),
            ins("IIS", 0o202, 0, 0),
            ins("RIS", 0o203, 0, 0),
            ins("STI", 0o204, 0, 0),
            // ONT: all of 0o070 on: skip the STZ.
            ins("ONT", 0o205, 0, 0),
            ins("STZ", 0o204, 0, 0),
            // OFT: 0o001 is off: skip; ONT of 0o701: not all on, no skip.
            ins("OFT", 0o206, 0, 0),
            ins("STZ", 0o204, 0, 0),
            ins("ONT", 0o207, 0, 0),
            ins("STO", 0o210, 0, 0),
        ],
        &[NEG | 0o700, 0o070, 0o707, 0o007, 0, 0o070, 0o001, 0o071],
        |m| m.ac = 9,
    );
    // (S|700 | 070) ^ 707 = S|077 ... & !007 = S|070.
    assert_eq!(m.sense_indicators, NEG | 0o070);
    assert_eq!(m.mem[0o204], NEG | 0o070);
    assert_eq!(m.mem[0o210], 9, "ONT 071 did not skip");
}

#[test]
fn sense_indicators_immediate() {
    // The mask is bits 18-35 of the order: tag and address (SIR 32767,7 = all of 18-35).
    let m = run(
        &[
            ins("SIR", 0o77777, 7, 0),
            ins("SIL", 0o00003, 4, 0),
            ins("RIR", 0o00070, 0, 0),
            ins("IIL", 0o00001, 0, 0),
            ins("RIL", 0o40000, 0, 0),
        ],
        &[],
        |_| {},
    );
    // Left: 400003 then ^1 = 400002; & !040000 (left bit 21) stays.
    assert_eq!(m.sense_indicators, 0o400002_777707);
    assert_eq!(cycles(&m), 10);
    // The tests: RFT/LFT skip if all selected are off, RNT/LNT if all are on.
    let probe = |order: &str, mask: u32, tag: u8, si: u64| {
        let m = run(
            &[ins(order, mask, tag, 0), ins("CLA", 0o200, 0, 0)],
            &[1],
            |m| m.sense_indicators = si,
        );
        m.ac == 0
    };
    assert!(probe("RFT", 0o12, 0, 0o777777_000005));
    assert!(!probe("RFT", 0o12, 0, 0o000002));
    assert!(probe("RNT", 0o12, 1, 0o100012));
    assert!(!probe("RNT", 0o12, 1, 0o000012));
    assert!(probe("LFT", 0o12, 0, 0o000000_777777));
    assert!(!probe("LFT", 0o12, 0, 0o000010_000000));
    assert!(probe("LNT", 0o12, 0, 0o000012_000000));
    assert!(!probe("LNT", 0o12, 0, 0o000002_000012));
    // A zero mask: every selected bit is both on and off.
    assert!(probe("RFT", 0, 0, 0o777));
    assert!(probe("LNT", 0, 0, 0));
}

#[test]
fn tio_and_tif() {
    // TIO transfers if every SI bit AC(P,1-35) selects is on, TIF if every one is off.
    let probe = |order: &str, ac: u64, si: u64| {
        let m = run(
            &[ins(order, 0o103, 0, 0), ins("CLA", 0o200, 0, 0)],
            &[1],
            |m| {
                m.ac = ac;
                m.sense_indicators = si;
                m.mem[0o103] = ins("HPR", 0, 0, 0);
            },
        );
        m.ac != 1
    };
    assert!(probe("TIO", AC_P | 3, SIGN | 7));
    assert!(!probe("TIO", AC_P | 3, 7));
    assert!(probe("TIO", AC_S, 0), "AC 1-35 and P zero: transfers");
    assert!(probe("TIF", 0o30, 0o7));
    assert!(!probe("TIF", 0o30, 0o10));
}

#[test]
fn trap_mode_stores_every_transfer_and_traps_the_taken_ones() {
    // 0000 holds TRA 0 with a tag: only its address part changes [CE-98].
    let m = run(
        &[
            ins("ETM", 0, 0, 0),
            ins("TZE", 0o300, 0, 0), // AC not zero: falls through, location stored
            ins("PAI", 0, 0, 0),     // not a transfer: 0000 kept
            ins("TRA", 0o300, 0, 0), // traps to 0001
        ],
        &[],
        |m| {
            m.ac = 5;
            m.mem[0] = ins("TRA", 0, 2, 0);
            // 0001: back at 0o104 with trap mode left.
            m.mem[1] = ins("LTM", 0, 0, 0);
            m.mem[2] = ins("TRA", 0o104, 0, 0);
        },
    );
    assert_eq!(m.mem[0], ins("TRA", 0o103, 2, 0));
    assert!(!m.trap_mode);
    assert_eq!(cycles(&m), 2 + 1 + 2 + 1 + 2 + 1);
}

#[test]
fn trapped_transfers_keep_their_side_effects() {
    let trap = |program: &[u64], setup: &dyn Fn(&mut Machine)| {
        let mut m = Machine::new();
        m.load(0o100, program);
        m.mem[1] = ins("HPR", 0, 0, 0);
        m.ic = 0o100;
        m.trap_mode = true;
        setup(&mut m);
        let stop = m.run(Limits::instructions(100));
        (m, stop)
    };
    // TSX: the index register gets the 2's complement of the location anyway.
    let (m, stop) = trap(&[ins("TSX", 0o300, 4, 0)], &|_| {});
    assert_eq!(stop, Stop::HaltProceed { address: 1 });
    assert_eq!((m.mem[0], m.xr[4]), (0o100, 0o77700));
    // TIX: decremented, trapped; TNX: decremented, not a transfer: falls through.
    let (m, _) = trap(&[ins("TIX", 0o300, 1, 2)], &|m| m.xr[1] = 5);
    assert_eq!((m.mem[0], m.xr[1], m.ic), (0o100, 3, 2));
    let (m, _) = trap(&[ins("TNX", 0o300, 1, 2), ins("HPR", 0, 0, 0)], &|m| {
        m.xr[1] = 5
    });
    assert_eq!((m.mem[0], m.xr[1], m.ic), (0o100, 3, 0o102));
    // TOV clears the overflow indicator when it traps.
    let (m, _) = trap(&[ins("TOV", 0o300, 0, 0)], &|m| m.overflow = true);
    assert_eq!((m.mem[0], m.overflow, m.ic), (0o100, false, 2));
    // An indirect transfer: its own location is stored, not the one it would go to.
    let (m, _) = trap(&[ind("TRA", 0o200, 0)], &|m| m.mem[0o200] = 0o300);
    assert_eq!(m.mem[0], 0o100);
    // XEC of a transfer: the XEC's location (SIMH keeps the fetch's location).
    let (m, _) = trap(&[ins("XEC", 0o200, 0, 0)], &|m| {
        m.mem[0o200] = ins("TRA", 0o300, 0, 0)
    });
    assert_eq!((m.mem[0], m.ic), (0o100, 2));
    // TTR is immune.
    let (m, stop) = trap(&[ins("TTR", 0o300, 0, 0)], &|m| {
        m.mem[0o300] = ins("HPR", 0, 0, 0)
    });
    assert_eq!((m.mem[0], stop), (0, Stop::HaltProceed { address: 0o300 }));
}

#[test]
fn htr_in_trap_mode_traps_when_started_again() {
    let mut m = Machine::new();
    m.load(0o100, &[ins("ETM", 0, 0, 0), ins("HTR", 0o500, 0, 0)]);
    m.mem[1] = ins("HPR", 0, 0, 0);
    m.ic = 0o100;
    let stop = m.run(Limits::none());
    assert_eq!(
        stop,
        Stop::Halt {
            address: 0o101,
            target: 0o500,
            trapped: true
        }
    );
    // Halted: 0000 not yet changed; the IC is where START goes.
    assert_eq!((m.mem[0], m.ic, m.halt_trap), (0, 1, Some(0o101)));
    // The pending trap survives a snapshot.
    let mut m =
        crate::ibm7090::snapshot::from_text(&crate::ibm7090::snapshot::to_text(&m), "halted")
            .unwrap();
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 1 });
    assert_eq!((m.mem[0], m.halt_trap), (0o101, None));
}

#[test]
fn str_stores_its_location_and_goes_to_2() {
    let str_at = |trap_mode: bool| {
        let mut m = Machine::new();
        m.load(0o100, &[ins("NOP", 0, 0, 0), ins("STR", 0o777, 3, 0o55)]);
        m.mem[0] = NEG | 0o7_00000;
        m.mem[2] = ins("HPR", 0, 0, 0);
        (m.ic, m.trap_mode) = (0o100, trap_mode);
        (m.xr[1], m.xr[2]) = (0o1, 0o2);
        assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 2 });
        m
    };
    for trap_mode in [false, true] {
        let m = str_at(trap_mode);
        assert_eq!(m.mem[0], NEG | 0o7_00000 | 0o102);
        assert_eq!(m.trap_mode, trap_mode, "STR does not enter trap mode");
        // As for any Type A order, tag 3 rewrites A and B with their OR (SIMH `get_xrx`).
        assert_eq!(abc(&m), [0o3, 0o3, 0]);
        assert_eq!(m.cycles(), 1 + 2 + 1);
    }
}

#[test]
fn the_hot_loop_runs_in_trap_mode_as_the_single_step() {
    // A counted loop that leaves trap mode from its trap handler: run and step agree.
    let program = [
        ins("AXT", 3, 1, 0),
        ins("ETM", 0, 0, 0),
        ins("TIX", 0o102, 1, 1),
        ins("CLA", 0, 0, 0),
        ins("HPR", 0, 0, 0),
    ];
    let setup = |m: &mut Machine| {
        m.load(0o100, &program);
        // 0001: LTM, then on at the location stored + 1.
        m.load(1, &[ins("LTM", 0, 0, 0), ins("TRA", 0o103, 0, 0)]);
        m.ic = 0o100;
    };
    let mut a = Machine::new();
    setup(&mut a);
    let stop = a.run(Limits::none());
    let mut b = Machine::new();
    setup(&mut b);
    let stop_b = loop {
        if let Some(s) = b.step() {
            break s;
        }
    };
    assert_eq!(stop, stop_b);
    assert_eq!(
        (a.ac, a.xr, a.ic, a.cycles()),
        (b.ac, b.xr, b.ic, b.cycles())
    );
    assert_eq!((a.ac, a.xr[1]), (0o102, 2));
}

#[test]
fn slq_and_rnd() {
    // SLQ: MQ's S,1-17 into the word's left half; the right half kept.
    let m = run(&[ins("SLQ", 0o200, 0, 0)], &[0o123456_654321], |m| {
        m.mq = NEG | 0o012345_777777
    });
    assert_eq!(m.mem[0o200], NEG | 0o012345_654321);
    assert_eq!(cycles(&m), 2);
    // RND: MQ(1) = 1 adds +1 to AC algebraically, as SIMH does (CE-69: the magnitude; they
    // differ for a negative AC); overflow when P changes.
    let rnd = |ac: u64, mq: u64| {
        let m = run(&[ins("RND", 0, 0, 0)], &[], |m| (m.ac, m.mq) = (ac, mq));
        assert_eq!(cycles(&m), 2);
        (m.ac, m.overflow)
    };
    assert_eq!(rnd(5, 1 << 34), (6, false));
    assert_eq!(rnd(AC_S | 5, 1 << 34), (AC_S | 4, false));
    assert_eq!(rnd(AC_S, NEG | 1 << 34), (1, false));
    assert_eq!(rnd(MAG, 1 << 34), (AC_P, true));
    assert_eq!(rnd(AC_S - 1, 1 << 34), (0, true));
    assert_eq!(rnd(5, (1 << 34) - 1), (5, false), "MQ(1) = 0: nothing");
}

#[test]
fn xec_chains_stop_at_the_seventeenth_xec() {
    // 0o200 XECs itself: 16 XECs run, the 17th stops, IC past the first (SIMH's xec_max).
    let mut m = Machine::new();
    m.load(0o100, &[ins("XEC", 0o200, 0, 0)]);
    m.mem[0o200] = ins("XEC", 0o200, 0, 0);
    m.ic = 0o100;
    assert_eq!(m.run(Limits::none()), Stop::XecLoop { address: 0o100 });
    assert_eq!(m.ic, 0o101);
    // A chain of 16 XECs ending in a CLA runs.
    let mut m = Machine::new();
    m.load(0o100, &[ins("XEC", 0o200, 0, 0), ins("HPR", 0, 0, 0)]);
    for k in 0..15 {
        m.mem[0o200 + k] = ins("XEC", 0o201 + k as u32, 0, 0);
    }
    m.mem[0o217] = ins("CLA", 0o300, 0, 0);
    m.mem[0o300] = 7;
    m.ic = 0o100;
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o101 });
    assert_eq!(m.ac, 7);
}

#[test]
fn vlm_vdh_vdp_with_their_counts() {
    // VLM with count 35 is MPY; count 0 changes nothing, not even the signs (9M21A "COUNT
    // TAKES PRECEDENT"); a zero multiplicand gives signed zeros.
    let vlm = |mq: u64, w: u64, c: u32| {
        let m = run(&[ins("VLM", 0o200, 0, c)], &[w], |m| {
            (m.ac, m.mq) = (AC_S | AC_P | 5, mq)
        });
        (m.ac, m.mq, cycles(&m))
    };
    let (ac, mq) = arith::multiply(NEG | 12345, 678);
    assert_eq!(vlm(NEG | 12345, 678, 35), (ac, mq, 2 + 5));
    assert_eq!(vlm(MAG, MAG, 0), (AC_S | AC_P | 5, MAG, 2));
    assert_eq!(vlm(MAG, NEG, 5), (AC_S, NEG, 2));
    // Count 4: the low 4 bits of MQ (0b0110) times 3 = 0b10010 above the rest of MQ shifted
    // down 4: AC:MQ = 0b10010 << 31 | MQ >> 4, whose top bit lands in AC(35).
    let (ac, mq, _) = vlm(0o1_000_006, 3, 4);
    assert_eq!((ac, mq), (1, (0b0010 << 31) | 0o1_000_006 >> 4));
    // The alias +0205 is VLM too (SIMH "for diagnostic").
    let m = run(&[0o020504_000200], &[2], |m| m.mq = 3);
    assert_eq!(m.mq, 6 << 31);

    // VDP with count 35 is DVP; count 0 changes nothing and sets no divide check, even when
    // one applies (9M21A `VDP K2,0,0`).
    let vdp = |ac: u64, mq: u64, w: u64, c: u32| {
        let m = run(&[ins("VDP", 0o200, 0, c)], &[w], |m| {
            (m.ac, m.mq) = (ac, mq)
        });
        (m.ac, m.mq, m.divide_check, cycles(&m))
    };
    let (r, q) = arith::divide(AC_S | 3, 77, 10).unwrap();
    assert_eq!(vdp(AC_S | 3, 77, 10, 35), (r, q, false, 14));
    assert_eq!(vdp(9, 77, 5, 0), (9, 77, false, 2));
    assert_eq!(vdp(9, 77, 5, 4), (9, 77, true, 3));
    // Count 3 on 0:0b101 << 32 (AC 0) by 2: quotient 0b10, remainder 1 in AC.
    assert_eq!(vdp(0, 0b101 << 32, 2, 3), (1, 0b10, false, 3));
    // VDH halts on divide check; with count 0 it does not.
    let mut m = Machine::new();
    m.load(0o100, &[ins("VDH", 0o200, 0, 0), ins("VDH", 0o200, 0, 9)]);
    m.mem[0o200] = 1;
    (m.ac, m.ic) = (5, 0o100);
    assert_eq!(
        m.run(Limits::none()),
        Stop::DivideCheckHalt { address: 0o101 }
    );
    assert!(m.divide_check);
}

fn convert(m: &str, address: u32, xr_a: bool, count: u32) -> u64 {
    by_mnemonic(m)
        .unwrap()
        .encode(address, xr_a as u8, count, false)
}

#[test]
fn cvr_replaces_from_the_ac_by_table() {
    // Two tables: at 0o300 (next: 0o400) and 0o400 (next: 0o300); the table word's S,1-5
    // enter AC(P,1-5) as AC shifts right six. AC's characters (low first): 02, 05.
    let mut table = [0u64; 0o200];
    table[0o02] = 0o11_0000_000400; // S,1-5 = 11, next table 0o400
    table[0o100 + 0o05] = 0o22_0000_000300; // S,1-5 = 22, next 0o300
    let m = run(&[convert("CVR", 0o300, true, 2)], &table, |m| {
        m.load(0o300, &table[..0o100]);
        m.load(0o400, &table[0o100..]);
        m.ac = AC_S | 0o0502;
    });
    assert_eq!(m.ac, AC_S | 0o22_11_000000_00);
    assert_eq!(
        m.xr[1], 0o300,
        "bit 20: XR A := the last table word's address"
    );
    assert_eq!(cycles(&m), 2 + 2);
    // Count 0 with bit 20: XR A := the order's own address (SIMH).
    let m = run(&[convert("CVR", 0o1234, true, 0)], &[], |_| {});
    assert_eq!((m.xr[1], cycles(&m)), (0o1234, 2));
    // A count of 64 or more spills into the opcode: +0115 is CVR with count 0o100 + c.
    let w = convert("CVR", 0o300, false, 0o101);
    assert_eq!(w >> 24, 0o0115);
    assert_eq!(crate::ibm7090::decode(w).unwrap().mnemonic, "CVR");
}

#[test]
fn crq_and_caq_from_the_mq() {
    // MQ's S-5 (high character first): 03 then 01. Table at 0o300 names itself.
    let mut table = [0o300u64; 0o100];
    table[0o03] = 0o44_0000_000300;
    table[0o01] = 0o55_0000_000300;
    let m = run(&[convert("CRQ", 0o300, false, 2)], &[], |m| {
        m.load(0o300, &table);
        m.mq = 0o03_01_7777_7777;
    });
    // MQ shifted left 12, the two table characters at the right.
    assert_eq!(m.mq, 0o7777_7777_44_55);
    // CAQ: MQ rotates, the whole table words add into AC(Q,P,1-35), AC's sign kept.
    let m = run(&[convert("CAQ", 0o300, true, 2)], &[], |m| {
        m.load(0o300, &table);
        m.mq = 0o03_01_7777_7777;
        m.ac = AC_S | 5;
    });
    assert_eq!(m.mq, 0o7777_7777_03_01);
    assert_eq!(m.ac, AC_S | (5 + 0o44_0000_000300 + 0o55_0000_000300));
    assert_eq!(m.xr[1], 0o300);
}
