//! The fixed-point, logical, shift, transfer and index orders, XEC, the ±0760 group, and the
//! rows that stop the machine.

use super::*;

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
    assert_eq!(m.mem()[0o210], NEG | 5);
    assert_eq!(cycles(&m), 6);
    let m = run(
        &[ins("CAL", 0o200, 0, 0), ins("SLW", 0o201, 0, 0)],
        &[NEG | 5],
        |_| {},
    );
    assert_eq!(m.ac, AC_P | 5, "CAL puts the sign bit in P");
    assert_eq!(m.mem()[0o201], NEG | 5);
    let m = run(
        &[
            ins("STZ", 0o200, 0, 0),
            ins("LDQ", 0o201, 0, 0),
            ins("STQ", 0o202, 0, 0),
        ],
        &[7, NEG | 3],
        |_| {},
    );
    assert_eq!(
        (m.mem()[0o200], m.mq, m.mem()[0o202]),
        (0, NEG | 3, NEG | 3)
    );
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
    assert_eq!(m.mem()[0o201], 0o000000054321);
    assert_eq!(m.mem()[0o202], 0o012345000000);
    assert_eq!(m.mem()[0o203], 0o000000600000);
    assert_eq!(
        m.mem()[0o204],
        0o300000000000,
        "S goes to AC S, not P: STP stores P,1,2"
    );
    assert_eq!(m.mem()[0o205], 0o777777700106);
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
    assert_eq!((m.mem()[0o201], m.mem()[0o202]), (0o3, 0o57));
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
    assert_eq!(m.mem()[0o200], 5 << 18);
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

#[test]
fn slq_and_rnd() {
    // SLQ: MQ's S,1-17 into the word's left half; the right half kept.
    let m = run(&[ins("SLQ", 0o200, 0, 0)], &[0o123456_654321], |m| {
        m.mq = NEG | 0o012345_777777
    });
    assert_eq!(m.mem()[0o200], NEG | 0o012345_654321);
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
    m.mem_mut()[0o200] = ins("XEC", 0o200, 0, 0);
    m.ic = 0o100;
    assert_eq!(m.run(Limits::none()), Stop::XecLoop { address: 0o100 });
    assert_eq!(m.ic, 0o101);
    // A chain of 16 XECs ending in a CLA runs.
    let mut m = Machine::new();
    m.load(0o100, &[ins("XEC", 0o200, 0, 0), ins("HPR", 0, 0, 0)]);
    for k in 0..15 {
        m.mem_mut()[0o200 + k] = ins("XEC", 0o201 + k as u32, 0, 0);
    }
    m.mem_mut()[0o217] = ins("CLA", 0o300, 0, 0);
    m.mem_mut()[0o300] = 7;
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
    m.mem_mut()[0o200] = 1;
    (m.ac, m.ic) = (5, 0o100);
    assert_eq!(
        m.run(Limits::none()),
        Stop::DivideCheckHalt { address: 0o101 }
    );
    assert!(m.divide_check);
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
    m.mem_mut()[0] = 0o077700000000;
    m.mem_mut()[1] = ins("CLA", 0o200, 0, 0);
    m.mem_mut()[0o200] = 5;
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
    m.mem_mut()[0o200] = 0o000100000000;
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
        m.mem_mut()[0o100] = info.encode(info.operand_min as u32, 0, 0, false);
        if info.format == Format::Io {
            // A unit that is there: the reader, the printer, or a tape on A1 or B1.
            let unit = match info.function {
                0 => 0o1201,
                u if info.operand_max > 0 => u + 1,
                u => u,
            };
            m.mem_mut()[0o100] = info.encode(unit as u32, 0, 0, false);
            if info.operand_max > 0 {
                m.mem_mut()[0o100] = info.encode(1, 0, 0, false);
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
