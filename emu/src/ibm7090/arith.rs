//! The arithmetic unit: AC (S, Q, P, 1-35) and MQ (S, 1-35), sign-magnitude.
//!
//! AC is kept in a `u64` as 38 bits: S at bit 37, Q at 36, P at 35, positions 1-35 at 34..0
//! (the layout SIMH's i7094 uses, so registers compare directly). MQ and store words are
//! 36 bits: S at bit 35. Rules [SUP i7094_cpu1.c, which passes diagnostic 9M01B]:
//! - a zero result keeps the AC sign ("if C(AC) is zero, the sign of AC is unchanged");
//! - overflow is set when an addition of like signs changes P (a carry into P);
//! - MPY/DVP give both AC and MQ the product/quotient sign rules below.

/// AC sign.
pub const AC_S: u64 = 1 << 37;
/// AC Q.
pub const AC_Q: u64 = 1 << 36;
/// AC P.
pub const AC_P: u64 = 1 << 35;
/// AC magnitude Q, P, 1-35.
pub const AC_MAG: u64 = (1 << 37) - 1;
/// AC as a logical word: P, 1-35.
pub const AC_LOGICAL: u64 = (1 << 36) - 1;
/// Word sign.
pub const SIGN: u64 = 1 << 35;
/// Word magnitude 1-35.
pub const MAG: u64 = SIGN - 1;
/// 36-bit word.
pub const WORD: u64 = (1 << 36) - 1;

/// AC := a word, sign to S, magnitude to 1-35, Q and P cleared (CLA).
#[inline]
pub fn ac_from_word(w: u64) -> u64 {
    (w & MAG) | if w & SIGN != 0 { AC_S } else { 0 }
}

/// AC(S,1-35) as a word (STO, XCA).
#[inline]
pub fn word_from_ac(ac: u64) -> u64 {
    (ac & MAG) | if ac & AC_S != 0 { SIGN } else { 0 }
}

/// AC + operand (a 36-bit sign-magnitude word); returns (AC, overflow).
#[inline(always)]
pub fn add(ac: u64, op: u64) -> (u64, bool) {
    let mac = ac & AC_MAG;
    let mop = op & MAG;
    let sign = ac & AC_S;
    let op_negative = op & SIGN != 0;
    if (sign != 0) != op_negative {
        if mac >= mop {
            (sign | (mac - mop), false)
        } else {
            ((sign ^ AC_S) | (mop - mac), false)
        }
    } else {
        let sum = (mac + mop) & AC_MAG;
        (sign | sum, (sum ^ mac) & AC_P != 0)
    }
}

/// Logical add (ACL): AC(P,1-35) + word with end-around carry; S and Q kept.
#[inline]
pub fn add_logical(ac: u64, w: u64) -> u64 {
    let mut t = (ac & AC_LOGICAL) + w;
    if t > AC_LOGICAL {
        t = (t & AC_LOGICAL) + 1;
    }
    (ac & (AC_S | AC_Q)) | (t & AC_LOGICAL)
}

/// MPY: AC:MQ := MQ * w. Returns (AC, MQ). AC Q,P are 0; both signs are the product's sign,
/// also when the product is zero; a zero operand leaves AC and MQ magnitudes 0.
#[inline]
pub fn multiply(mq: u64, w: u64) -> (u64, u64) {
    let negative = ((mq ^ w) & SIGN) != 0;
    let p = (mq & MAG) as u128 * (w & MAG) as u128;
    let mut ac = (p >> 35) as u64;
    let mut q = (p as u64) & MAG;
    if negative {
        ac |= AC_S;
        q |= SIGN;
    }
    (ac, q)
}

/// MPR: MPY, then AC magnitude + 1 if MQ bit 1 is set.
#[inline]
pub fn multiply_round(mq: u64, w: u64) -> (u64, u64) {
    let (ac, q) = multiply(mq, w);
    if q & (1 << 34) != 0 {
        ((ac & AC_S) | ((ac + 1) & AC_MAG), q)
    } else {
        (ac, q)
    }
}

/// DVP/DVH: (AC:MQ) / w. `None` on divide check (|AC| >= |w|, nothing changes); else
/// (AC = remainder with the dividend's sign, MQ = quotient with the sign rule of algebra;
/// the MQ's own sign plays no part).
#[inline]
pub fn divide(ac: u64, mq: u64, w: u64) -> Option<(u64, u64)> {
    let d = w & MAG;
    let high = ac & AC_MAG;
    if high >= d {
        return None;
    }
    let dividend = ((high as u128) << 35) | (mq & MAG) as u128;
    let quotient = (dividend / d as u128) as u64;
    let remainder = (dividend % d as u128) as u64;
    let ac_negative = ac & AC_S != 0;
    let w_negative = w & SIGN != 0;
    let q = quotient | if ac_negative != w_negative { SIGN } else { 0 };
    let r = remainder | if ac_negative { AC_S } else { 0 };
    Some((r, q))
}

/// VLM: MPY with `n` steps (1-63) instead of 35: each step adds C(Y) to AC if MQ(35) is 1,
/// then shifts AC(Q,P,1-35):MQ(1-35) right one [CE-64]. So the low n bits of MQ multiply,
/// the product ends in AC and the top n bits of MQ, MQ's other bits slide down. A zero
/// multiplicand or MQ magnitude gives zeros; both signs are the product's (SIMH op_mpy).
/// Returns (AC, MQ).
#[inline]
pub fn multiply_steps(mq: u64, w: u64, n: u32) -> (u64, u64) {
    let negative = ((mq ^ w) & SIGN) != 0;
    let d = w & MAG;
    let (mut ac, mut q) = (0u64, mq & MAG);
    if d != 0 && q != 0 {
        for _ in 0..n {
            if q & 1 != 0 {
                ac = (ac + d) & AC_MAG;
            }
            q = (q >> 1) | ((ac & 1) << 34);
            ac >>= 1;
        }
    } else {
        q = 0;
    }
    if negative {
        (ac | AC_S, q | SIGN)
    } else {
        (ac, q)
    }
}

/// VDH/VDP: DVP with `n` quotient steps (1-63) instead of 35: each shifts AC(Q,P,1-35):MQ(1-35)
/// left one and subtracts C(Y) from AC when it goes, setting MQ(35) [CE-69; SIMH op_div]. More
/// than 35 steps shift quotient bits into AC. `None` on divide check (|AC| >= |C(Y)|, nothing
/// changes); else (AC = remainder with the dividend's sign, MQ with the quotient's).
#[inline]
pub fn divide_steps(ac: u64, mq: u64, w: u64, n: u32) -> Option<(u64, u64)> {
    let d = w & MAG;
    let (mut a, mut q) = (ac & AC_MAG, mq & MAG);
    if a >= d {
        return None;
    }
    for _ in 0..n {
        a = ((a << 1) & AC_MAG) | (q >> 34);
        q = (q << 1) & MAG;
        if a >= d {
            a -= d;
            q |= 1;
        }
    }
    let ac_negative = ac & AC_S != 0;
    let q = q | if ac_negative != (w & SIGN != 0) {
        SIGN
    } else {
        0
    };
    Some((a | if ac_negative { AC_S } else { 0 }, q))
}

/// ALS n: AC(Q,P,1-35) << n, sign kept; overflow if a 1 from 1-35 reaches P.
#[inline]
pub fn als(ac: u64, n: u32) -> (u64, bool) {
    let m = ac & MAG;
    let overflow = if n >= 35 { m != 0 } else { m >> (35 - n) != 0 };
    let mag = if n >= 37 { 0 } else { (ac << n) & AC_MAG };
    ((ac & AC_S) | mag, overflow)
}

/// ARS n: AC(Q,P,1-35) >> n, sign kept.
#[inline]
pub fn ars(ac: u64, n: u32) -> u64 {
    let mag = if n >= 37 { 0 } else { (ac & AC_MAG) >> n };
    (ac & AC_S) | mag
}

/// LLS n: AC(Q,P,1-35):MQ(1-35) << n; MQ sign kept, AC sign := MQ sign; overflow if a 1
/// enters P. Returns (AC, MQ, overflow).
#[inline]
pub fn lls(ac: u64, mq: u64, n: u32) -> (u64, u64, bool) {
    // 72 bits: AC Q,P,1-35 (37) above MQ 1-35 (35).
    let both = ((ac & AC_MAG) as u128) << 35 | (mq & MAG) as u128;
    let (shifted, overflow) = shift_left_watch(both, n, 72, 70);
    let new_ac = (shifted >> 35) as u64 & AC_MAG;
    let new_mq = (shifted as u64 & MAG) | (mq & SIGN);
    let s = if mq & SIGN != 0 { AC_S } else { 0 };
    (new_ac | s, new_mq, overflow)
}

/// LGL n: AC(Q,P,1-35):MQ(S,1-35) << n logically; AC sign kept; overflow if a 1 enters P.
#[inline]
pub fn lgl(ac: u64, mq: u64, n: u32) -> (u64, u64, bool) {
    // 73 bits: AC Q,P,1-35 (37) above MQ S,1-35 (36).
    let both = ((ac & AC_MAG) as u128) << 36 | (mq & WORD) as u128;
    let (shifted, overflow) = shift_left_watch(both, n, 73, 71);
    let new_ac = (shifted >> 36) as u64 & AC_MAG;
    ((ac & AC_S) | new_ac, shifted as u64 & WORD, overflow)
}

/// Shift a `width`-bit value left by n, reporting whether a 1 ever lands on bit `p`.
#[inline]
fn shift_left_watch(v: u128, n: u32, width: u32, p: u32) -> (u128, bool) {
    let mask = (1u128 << width) - 1;
    // Bits that pass through P are those at positions p-n .. p-1 (below P, within reach).
    let reach = n.min(p);
    let window = if reach == 0 {
        0
    } else {
        (v >> (p - reach)) & ((1u128 << reach) - 1)
    };
    let shifted = if n >= width { 0 } else { (v << n) & mask };
    (shifted, window != 0)
}

/// LRS n: AC(Q,P,1-35):MQ(1-35) >> n; AC sign kept, MQ sign := AC sign.
#[inline]
pub fn lrs(ac: u64, mq: u64, n: u32) -> (u64, u64) {
    let both = ((ac & AC_MAG) as u128) << 35 | (mq & MAG) as u128;
    let shifted = if n >= 72 { 0 } else { both >> n };
    let new_ac = (shifted >> 35) as u64 & AC_MAG;
    let s = ac & AC_S;
    let new_mq = (shifted as u64 & MAG) | if s != 0 { SIGN } else { 0 };
    (s | new_ac, new_mq)
}

/// LGR n: AC(Q,P,1-35):MQ(S,1-35) >> n logically; AC sign kept.
#[inline]
pub fn lgr(ac: u64, mq: u64, n: u32) -> (u64, u64) {
    let both = ((ac & AC_MAG) as u128) << 36 | (mq & WORD) as u128;
    let shifted = if n >= 73 { 0 } else { both >> n };
    (
        (ac & AC_S) | ((shifted >> 36) as u64 & AC_MAG),
        shifted as u64 & WORD,
    )
}

/// RQL n: rotate MQ(S,1-35) left n.
#[inline]
pub fn rql(mq: u64, n: u32) -> u64 {
    let n = n % 36;
    if n == 0 {
        mq
    } else {
        ((mq << n) | (mq >> (36 - n))) & WORD
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A sign-magnitude value as a signed integer (the big-integer model).
    fn val(w: u64, sign_bit: u64, mag: u64) -> (bool, i128) {
        let m = (w & mag) as i128;
        (w & sign_bit != 0, if w & sign_bit != 0 { -m } else { m })
    }

    fn word() -> impl Strategy<Value = u64> {
        prop_oneof![
            0..=WORD,
            Just(0),
            Just(SIGN),
            Just(MAG),
            Just(WORD),
            (0u64..64).prop_map(|x| x | (SIGN * (x & 1))),
        ]
    }

    proptest! {
        #[test]
        fn add_matches_integers(a in word(), b in word()) {
            let ac = ac_from_word(a);
            let (r, ovf) = add(ac, b);
            let (_, x) = val(a, SIGN, MAG);
            let (_, y) = val(b, SIGN, MAG);
            let sum = x + y;
            let (rs, rv) = val(r, AC_S, AC_MAG);
            // |sum| < 2^36 always fits Q,P,1-35: exact.
            prop_assert_eq!(rv, sum);
            let expect_sign = if sum == 0 { a & SIGN != 0 } else { sum < 0 };
            prop_assert_eq!(rs, expect_sign);
            prop_assert_eq!(ovf, sum.unsigned_abs() >= 1 << 35);
        }

        #[test]
        fn multiply_matches_integers(q in word(), w in word()) {
            let (ac, mq) = multiply(q, w);
            let p = (q & MAG) as u128 * (w & MAG) as u128;
            let got = ((ac & AC_MAG) as u128) << 35 | (mq & MAG) as u128;
            prop_assert_eq!(got, p);
            let neg = (q ^ w) & SIGN != 0;
            prop_assert_eq!(ac & AC_S != 0, neg);
            prop_assert_eq!(mq & SIGN != 0, neg);
        }

        #[test]
        fn divide_matches_integers(a in word(), q in word(), w in word()) {
            let ac = ac_from_word(a);
            match divide(ac, q, w) {
                None => prop_assert!((a & MAG) >= (w & MAG)),
                Some((r, quo)) => {
                    let n = ((a & MAG) as u128) << 35 | (q & MAG) as u128;
                    let d = (w & MAG) as u128;
                    prop_assert_eq!((quo & MAG) as u128, n / d);
                    prop_assert_eq!((r & AC_MAG) as u128, n % d);
                    prop_assert_eq!(r & AC_S != 0, a & SIGN != 0);
                    prop_assert_eq!(quo & SIGN != 0, (a ^ w) & SIGN != 0);
                }
            }
        }

        #[test]
        fn count_35_is_mpy_and_dvp(a in word(), q in word(), w in word(), n in 1u32..64) {
            prop_assert_eq!(multiply_steps(q, w, 35), multiply(q, w));
            let ac = ac_from_word(a);
            prop_assert_eq!(divide_steps(ac, q, w, 35), divide(ac, q, w));
            // Fewer steps: the low n bits of MQ times C(Y), MQ's other bits shifted down.
            if n <= 35 && w & MAG != 0 && q & MAG != 0 {
                let (hi, lo) = multiply_steps(q, w, n);
                let low = (q & MAG) & ((1u64 << n) - 1);
                let whole = ((hi & AC_MAG) as u128) << 35 | (lo & MAG) as u128;
                let want = ((low as u128 * (w & MAG) as u128) << (35 - n))
                    | ((q & MAG) >> n) as u128;
                prop_assert_eq!(whole, want);
            }
        }

        #[test]
        fn long_shifts_are_inverse_when_nothing_is_lost(a in 0u64..(1 << 20), q in word(), n in 0u32..15) {
            let ac = a | AC_S;
            let (ac2, mq2, ovf) = lls(ac, q & MAG, n);
            prop_assert!(!ovf);
            let (ac3, mq3) = lrs(ac2, mq2, n);
            prop_assert_eq!(ac3 & AC_MAG, a);
            prop_assert_eq!(mq3 & MAG, q & MAG);
        }

        #[test]
        fn rql_rotates(q in word(), n in 0u32..256) {
            let r = rql(q, n);
            prop_assert_eq!(r.count_ones(), q.count_ones());
            prop_assert_eq!(rql(r, 36 - n % 36), q);
        }
    }

    #[test]
    fn zero_result_keeps_ac_sign() {
        // -5 + 5 = -0 on the 7090.
        let (r, _) = add(ac_from_word(SIGN | 5), 5);
        assert_eq!(r, AC_S);
        // +5 - 5 = +0.
        let (r, _) = add(ac_from_word(5), SIGN | 5);
        assert_eq!(r, 0);
    }

    #[test]
    fn overflow_into_p() {
        let (r, ovf) = add(ac_from_word(MAG), 1);
        assert!(ovf);
        assert_eq!(r, AC_P);
        let (r, ovf) = add(r, MAG);
        assert!(!ovf, "P stays 1: no change of P");
        assert_eq!(r, AC_P | MAG);
        let (r, ovf) = add(r, 1);
        assert!(ovf, "P changes to 0 as the carry reaches Q");
        assert_eq!(r, AC_Q);
    }

    #[test]
    fn shifts() {
        assert_eq!(als(1, 3), (8, false));
        assert_eq!(als(1 << 34, 1), (AC_P, true));
        assert_eq!(ars(AC_S | 8, 3), AC_S | 1);
        let (ac, mq, _) = lls(0, SIGN | 1 << 34, 1);
        assert_eq!((ac, mq), (AC_S | 1, SIGN));
        let (ac, mq) = lrs(AC_S | 1, 0, 1);
        assert_eq!((ac, mq), (AC_S, SIGN | 1 << 34));
        let (ac, mq, _) = lgl(0, SIGN, 1);
        assert_eq!((ac, mq), (1, 0));
        let (ac, mq) = lgr(1, 0, 1);
        assert_eq!((ac, mq), (0, SIGN));
        assert_eq!(rql(SIGN, 1), 1);
    }
}
