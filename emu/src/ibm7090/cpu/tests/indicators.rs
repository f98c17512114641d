//! The sense indicators and TIO, TIF.

use super::*;

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
    assert_eq!(m.mem()[0o204], NEG | 0o070);
    assert_eq!(m.mem()[0o210], 9, "ONT 071 did not skip");
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
                m.mem_mut()[0o103] = ins("HPR", 0, 0, 0);
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
