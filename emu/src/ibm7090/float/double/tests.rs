use super::*;
use crate::ibm7090::float::{self, Sign};

/// A word: sign, characteristic, 27-bit fraction.
fn fw(negative: bool, ch: u64, fr: u64) -> u64 {
    (if negative { SIGN } else { 0 }) | ch << 27 | fr
}

/// A register AC from a word (S moved to bit 37).
fn ac(w: u64) -> u64 {
    crate::ibm7090::arith::ac_from_word(w)
}

#[test]
fn with_zero_low_halves_dfad_is_fad() {
    // FAD clears the MQ first; DFAD with MQ and C(Y+1) fractions 0 adds the same numbers.
    let cases = [
        (fw(false, 0o201, 1 << 26), fw(false, 0o201, 1 << 26)),
        (fw(false, 0o210, 0o123456701), fw(true, 0o203, 0o77777777)),
        (fw(true, 0o150, 1 << 26), fw(false, 0o160, 0o4000001)),
        (fw(false, 0o201, 1 << 26), fw(true, 0o201, 1 << 26)),
    ];
    for (a, b) in cases {
        for normalize in [true, false] {
            let single = float::add(ac(a), b, normalize);
            let d = add(ac(a), 0, 0, b, 0, normalize);
            assert_eq!((d.ac, d.mq, d.spill), (single.ac, single.mq, single.spill));
        }
    }
}

#[test]
fn dfad_keeps_the_low_half() {
    // 1.0 + 2^-40: the sum's low half holds the bit FAD would lose.
    let one = fw(false, 0o201, 1 << 26);
    let low = fw(false, 0o201 - 27, 0);
    let d = add(ac(one), low, 0, one, 1 << 13, true);
    // AC:MQ = 1.0 + 2^-40 + 1.0 = 2 + 2^-40.
    assert_eq!(d.ac, ac(fw(false, 0o202, 1 << 26)));
    assert_eq!(d.mq, fw(false, 0o202 - 27, 1 << 12));
    // SI: the larger (equal characteristics: C(Y)'s) sign, characteristic, high fraction.
    assert_eq!(d.si, one);
    assert_eq!(d.spill, 0);
}

#[test]
fn dfad_early_ends_and_si() {
    // AC's characteristic larger by more than 100 octal with bit 9 set: SI kept.
    let big = fw(false, 0o350, 1 << 26);
    let small = fw(false, 0o100, 1 << 26);
    let d = add(ac(big), 0, 0o1234, small, 0, true);
    assert_eq!(d.si, 0o1234);
    assert_eq!(d.ac, ac(big));
    // C(Y)'s larger by more than 77 octal with bit 9 set: SI gets its sign and characteristic
    // and the MQ's fraction.
    let d = add(
        ac(small),
        fw(true, 0, 0o555),
        0,
        Sign::Invert.apply(big),
        0,
        true,
    );
    assert_eq!(d.si, fw(true, 0o350, 0o555));
}

#[test]
fn dfmp_products() {
    // 0.5 x 0.5 = 0.25: A = C = 2^26, B = D = 0.
    let half = fw(false, 0o200, 1 << 26);
    let d = multiply(ac(half), 0, half, 0, true);
    assert_eq!(d.ac, ac(fw(false, 0o177, 1 << 26)));
    assert_eq!(d.mq, fw(false, 0o177 - 27, 0));
    // SI keeps B x C's high half (0 here).
    assert_eq!(d.si, 0);
    // A normal zero: ±0 in AC and MQ, SI := C(Y).
    let d = multiply(0, 0, fw(true, 0o200, 1 << 26), 5, true);
    assert_eq!(
        (d.ac, d.mq, d.si, d.cycles),
        (AC_S, SIGN, fw(true, 0o200, 1 << 26), 2)
    );
}

#[test]
fn dfdp_quotients_and_checks() {
    // 0.5 / 0.5 = 1.0 (normalized: 0.5 × 2^1).
    let half = fw(false, 0o200, 1 << 26);
    let d = divide(ac(half), 0, half, 0);
    assert!(!d.divide_check);
    assert_eq!(d.ac, ac(fw(false, 0o201, 1 << 26)));
    assert_eq!(d.mq, fw(false, 0o201 - 27, 0));
    // A zero divisor: divide check, SI := 0, AC and MQ kept.
    let d = divide(ac(half), 0o17, fw(false, 0o200, 0), 0);
    assert!(d.divide_check);
    assert_eq!((d.ac, d.mq, d.si, d.cycles), (ac(half), 0o17, 0, 3));
    // A zero dividend: the quotient's sign in AC, MQ and SI.
    let d = divide(AC_S, 0, half, 0);
    assert_eq!((d.ac, d.mq, d.si), (AC_S, SIGN, SIGN));
}

#[test]
fn cycles_stay_within_the_rows_bounds() {
    use crate::ibm7090::isa::Timing;
    let words = [
        0,
        fw(false, 0o200, 1 << 26),
        fw(true, 0o377, (1 << 27) - 1),
        fw(false, 0o1, 0o7070707),
        fw(true, 0o300, 1 << 26 | 0o52525252),
    ];
    for &a in &words {
        for &b in &words {
            for &lo in &[0, 0o777777777, 0o525252525] {
                for n in [true, false] {
                    let c = add(ac(a), lo, 0, b, lo, n).cycles as u16;
                    let t = if n {
                        Timing::DoubleAdd
                    } else {
                        Timing::DoubleAddUnnormalized
                    };
                    assert!((t.nominal() as u16..=t.max()).contains(&c), "{c}");
                    let c = multiply(ac(a), lo, b, lo, n).cycles as u16;
                    let t = Timing::DoubleMultiply;
                    assert!((t.nominal() as u16..=t.max()).contains(&c), "{c}");
                }
                let c = divide(ac(a), lo, b, lo).cycles as u16;
                let t = Timing::DoubleDivide;
                assert!((t.nominal() as u16..=t.max()).contains(&c), "{c}");
            }
        }
    }
}
