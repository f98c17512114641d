//! The arithmetic unit: A (accumulator), Q (multiplier-quotient), the complement gate and the
//! adder. Numbers are two's-complement fractions -1 <= x < 1; digit 0 (bit 39 of a `u64`) is
//! the sign. Double length is A:Q with q0 left out (79 digits: a0..a39 q1..q39; notes §4,
//! confirmed by P2's `10 39` copy idiom, evidence §2.2).
//!
//! Each function takes and returns raw 40-bit patterns so that it can be tested alone.

/// Mask of a 40-bit word.
pub const WORD_MASK: u64 = (1 << 40) - 1;
pub const SIGN: u64 = 1 << 39;
/// The number 1/2 (digit 1).
pub const HALF: u64 = 1 << 38;
/// Digits 1-39 (the fraction part; q1..q39 for Q).
pub const LOW39: u64 = SIGN - 1;
const MASK79: u128 = (1 << 79) - 1;

/// A 40-bit pattern as a signed integer in units of 2^-39.
#[inline(always)]
pub fn to_signed(w: u64) -> i64 {
    ((w << 24) as i64) >> 24
}

/// A signed integer (units of 2^-39) reduced to a 40-bit pattern (two's-complement wrap).
#[inline(always)]
pub fn from_signed(v: i64) -> u64 {
    (v as u64) & WORD_MASK
}

/// A at the start of an order (the order table decodes it from variant bits B1 and B8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// A as it is.
    Hold,
    /// A := 0.
    Clear,
    /// A := 1/2 ("roundoff").
    OneHalf,
}

/// A at the start of an order.
#[inline(always)]
pub fn preset(a: u64, p: Preset) -> u64 {
    match p {
        Preset::Hold => a,
        Preset::Clear => 0,
        Preset::OneHalf => HALF,
    }
}

/// How the complement gate passes an operand to the adder (the order table decodes it from
/// variant bits B4 and B2 and the order type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gate {
    /// Negate the operand (B4 = 0).
    pub negate: bool,
    /// Take its absolute value first (B2 = 1).
    pub abs: bool,
    /// The "increment" families F and K: the carry into digit 39 inverted.
    pub increment: bool,
}

/// The complement gate: the operand as the adder sees it. Negation is one's complement plus a
/// carry into digit 39; the "increment" families F and K invert that carry (F5: M + 2^-39,
/// F1: not M; notes §3.3).
#[inline(always)]
pub fn gate(m: u64, g: Gate) -> u64 {
    let complement = (g.abs && m & SIGN != 0) ^ g.negate;
    let passed = if complement { !m & WORD_MASK } else { m };
    let carry = (complement ^ g.increment) as u64;
    (passed + carry) & WORD_MASK
}

/// Addition in the adder: overflow wraps silently (notes §3.4, demonstrated by X1).
#[inline(always)]
pub fn add(a: u64, b: u64) -> u64 {
    (a + b) & WORD_MASK
}

/// Shift A:Q left `n` places: a0 is lost, q1 moves into a39, zeros enter q39, q0 stays.
#[inline(always)]
pub fn shift_left(a: u64, q: u64, n: u32) -> (u64, u64) {
    let q0 = q & SIGN;
    if n < 40 {
        // In two words (half the host instructions of the 79-digit form below): A takes the
        // n digits leaving the top of Q's 39.
        let ql = q & LOW39;
        return (
            (a << n | ql >> (39 - n)) & WORD_MASK,
            q0 | (ql << n & LOW39),
        );
    }
    if n >= 79 {
        return (0, q0);
    }
    let v = ((a as u128) << 39 | (q & LOW39) as u128) << n & MASK79;
    ((v >> 39) as u64, q0 | (v as u64 & LOW39))
}

/// Shift A:Q right `n` places: a0 is copied (sign propagates), a39 moves into q1, q39 is
/// lost, q0 stays.
#[inline(always)]
pub fn shift_right(a: u64, q: u64, n: u32) -> (u64, u64) {
    let q0 = q & SIGN;
    if n < 40 {
        // In two words: A's sign copied down, and Q's 39 digits take the n leaving A.
        let sa = ((a << 24) as i64 >> 24) as u64;
        return (
            (sa as i64 >> n) as u64 & WORD_MASK,
            q0 | ((q & LOW39) >> n | a << (39 - n) & LOW39),
        );
    }
    let v = (((a as u128) << 39 | (q & LOW39) as u128) << 49) as i128 >> 49;
    let v = (v >> n.min(127)) as u128 & MASK79;
    ((v >> 39) as u64, q0 | (v as u64 & LOW39))
}

/// Multiplication: the 39-step shift-and-add with the multiplicand `m` (already through the
/// gate) and the multiplier Q, starting from A = `a` (0 for 75, 1/2 for 7J, the old A for 74),
/// then the sign correction A := A - m when q0 = 1 ([B], [E]). Its exact result is
/// `a * 2^-39 + m * Q` as a 79-digit number in A:Q, wrapped; q0 keeps the multiplier's sign
/// because the steps never shift it.
#[inline(always)]
pub fn multiply(a: u64, m: u64, q: u64) -> (u64, u64) {
    let r = to_signed(a) as i128 + to_signed(m) as i128 * to_signed(q) as i128;
    let r = r as u128 & MASK79;
    (
        ((r >> 39) as u64) & WORD_MASK,
        (q & SIGN) | (r as u64 & LOW39),
    )
}

/// Division of the double-length A:Q (a0 sign, 78 fraction digits, q0 left out) by `d`
/// (already through the gate). The quotient goes to Q: the floor of the exact quotient with
/// digit 39 forced to 1 ("von Neumann rounding", [B]); A gets the remainder
/// A:Q - quotient * d, in units of 2^-78. `None` when the quotient is not in -1 <= x < 1
/// (including d = 0): the machine stops (divide overflow, [B] lists it as a stop).
#[inline]
pub fn divide(a: u64, q: u64, d: u64) -> Option<(u64, u64)> {
    let d = to_signed(d) as i128;
    if d == 0 {
        return None;
    }
    let dividend = (to_signed(a) as i128) << 39 | (q & LOW39) as i128;
    let mut quot = dividend / d;
    if dividend % d != 0 && ((dividend < 0) != (d < 0)) {
        quot -= 1;
    }
    let quot = quot | 1;
    if !(-(1i128 << 39)..(1i128 << 39)).contains(&quot) {
        return None;
    }
    let rem = dividend - quot * d;
    Some((from_signed(rem as i64), from_signed(quot as i64)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const UNIT: i128 = 1 << 39;

    fn frac(x: f64) -> u64 {
        from_signed((x * UNIT as f64).round() as i64)
    }

    fn g(negate: bool, abs: bool, increment: bool) -> Gate {
        Gate {
            negate,
            abs,
            increment,
        }
    }

    #[test]
    fn gate_variants() {
        let m = frac(0.25);
        let n = frac(-0.25);
        assert_eq!(gate(m, g(false, false, false)), m); // +M
        assert_eq!(gate(m, g(true, false, false)), n); // -M
        assert_eq!(gate(n, g(false, true, false)), m); // |M|
        assert_eq!(gate(n, g(true, true, false)), n); // -|M|
        assert_eq!(gate(m, g(true, true, false)), n);
        assert_eq!(gate(m, g(false, false, true)), add(m, 1)); // F5: M + 2^-39
        assert_eq!(gate(m, g(true, false, true)), !m & WORD_MASK); // F1: not M
        assert_eq!(gate(SIGN, g(true, false, false)), SIGN); // -(-1) wraps to -1
    }

    #[test]
    fn shifts_skip_q0() {
        // 10 39 copies A's fraction into q1..q39 (P2's idiom), A becomes the sign.
        let a = frac(0.75);
        let (a2, q2) = shift_right(a, SIGN, 39);
        assert_eq!(a2, 0);
        assert_eq!(q2, SIGN | (a & LOW39));
        let (a3, q3) = shift_left(a2, q2, 39);
        assert_eq!((a3, q3), (a, SIGN));
        assert_eq!(shift_right(SIGN, 0, 200), (WORD_MASK, LOW39));
        assert_eq!(shift_left(WORD_MASK, WORD_MASK, 79), (0, SIGN));
        // 19 26 after A := 1/2: A = 2^-39 (the bootstrap's increment).
        assert_eq!(shift_right(HALF, 0, 38).0, 1);
    }

    #[test]
    fn multiply_examples() {
        // 1/2 * 1/2 = 1/4 exactly, low half zero.
        assert_eq!(multiply(0, HALF, HALF), (frac(0.25), 0));
        // -1/2 * 1/2: sign correction path (multiplier negative).
        assert_eq!(multiply(0, HALF, frac(-0.5)), (frac(-0.25), SIGN));
        // 10 * 2^-39 times a fraction: the integer part lands in a36..a39 (P2's digit step).
        let (a, q) = multiply(0, 10, frac(0.28543216));
        assert_eq!(a, 2);
        assert_eq!(q & SIGN, 0);
        // rounded (7J): A := 1/2 first adds 2^-40.
        assert_eq!(multiply(HALF, 1, HALF).0, 1); // 2^-39 * 1/2 = 2^-40 rounds up
        assert_eq!(multiply(0, 1, HALF).0, 0);
    }

    #[test]
    fn divide_examples() {
        // 1/4 / 1/2 = 1/2: floor is exact and even, digit 39 forced to 1.
        let (r, q) = divide(frac(0.25), 0, HALF).unwrap();
        assert_eq!(q, HALF | 1);
        assert_eq!(to_signed(r), -to_signed(HALF));
        assert!(divide(HALF, 0, HALF).is_none()); // quotient 1: overflow
        assert!(divide(0, 0, 0).is_none());
        let (_, q) = divide(frac(-0.25), 0, HALF).unwrap();
        assert_eq!(q, frac(-0.5) | 1);
    }

    fn model_signed(w: u64) -> i128 {
        let v = (w & WORD_MASK) as i128;
        if v >= 1 << 39 {
            v - (1 << 40)
        } else {
            v
        }
    }

    fn model_word(v: i128) -> u64 {
        (v.rem_euclid(1 << 40)) as u64
    }

    /// The 79-digit A:Q as an integer (units 2^-78), q0 left out.
    fn model_double(a: u64, q: u64) -> i128 {
        model_signed(a) * UNIT + (q & LOW39) as i128
    }

    fn model_split(v: i128, q0: u64) -> (u64, u64) {
        let v = v.rem_euclid(1 << 79);
        let a = (v >> 39) as u64;
        (a, q0 | (v & (UNIT - 1)) as u64)
    }

    /// [B]'s multiplication, step by step: 39 times "if q39 = 1 then A := A + M; shift A:Q
    /// right one place", then A := A - M if q0 = 1. A is kept with spare high digits, as the
    /// adder's carry keeps the sign right between steps.
    fn multiply_steps(a: u64, m: u64, q: u64) -> (u64, u64) {
        let m = model_signed(m);
        let mut acc = model_signed(a); // units 2^-39, may leave -1..1 between add and shift
        let mut frac = q & LOW39; // q1..q39
        for _ in 0..39 {
            if frac & 1 == 1 {
                acc += m;
            }
            let low = (acc & 1) as u64;
            acc >>= 1;
            frac = (frac >> 1) | (low << 38);
        }
        if q & SIGN != 0 {
            acc -= m;
        }
        (model_word(acc), (q & SIGN) | frac)
    }

    /// Restoring long division for a non-negative dividend smaller than a positive divisor:
    /// 39 times "shift the remainder left one place; if it is at least d, subtract d and
    /// make the next quotient digit 1"; then digit 39 is forced to 1.
    fn divide_steps(a: u64, q: u64, d: u64) -> (u64, u64) {
        let d = model_signed(d);
        let mut rem = model_signed(a); // the high half, units 2^-39
        let mut low = q & LOW39; // digits still to bring down
        let mut quot: i128 = 0;
        for _ in 0..39 {
            rem = rem * 2 + ((low >> 38) & 1) as i128;
            low = (low << 1) & LOW39;
            quot *= 2;
            if rem >= d {
                rem -= d;
                quot += 1;
            }
        }
        // rem is now the remainder in units 2^-78 of floor(A:Q / d); force digit 39 to 1.
        if quot & 1 == 0 {
            quot += 1;
            rem -= d;
        }
        (model_word(rem), model_word(quot))
    }

    proptest! {
        #[test]
        fn add_matches_model(a in 0u64..1 << 40, m in 0u64..1 << 40, negate: bool, abs: bool, inc: bool) {
            let v = model_signed(m);
            let gated = match (negate, abs) {
                (false, false) => v,
                (true, false) => -v,
                (false, true) => v.abs(),
                (true, true) => -v.abs(),
            };
            // The increment families differ by exactly one unit from the normal ones.
            let complement = (abs && v < 0) ^ negate;
            let adjust = if !inc { 0 } else if complement { -1 } else { 1 };
            let want = model_word(model_signed(a) + gated + adjust);
            prop_assert_eq!(add(a, gate(m, g(negate, abs, inc))), want);
        }

        #[test]
        fn shifts_match_model(a in 0u64..1 << 40, q in 0u64..1 << 40, n in 0u32..100) {
            let d = model_double(a, q);
            let left = if n >= 79 { 0 } else { d << n };
            prop_assert_eq!(shift_left(a, q, n), model_split(left, q & SIGN));
            let right = d >> n.min(100);
            prop_assert_eq!(shift_right(a, q, n), model_split(right, q & SIGN));
        }

        #[test]
        fn multiply_matches_model(a in 0u64..1 << 40, m in 0u64..1 << 40, q in 0u64..1 << 40) {
            let want = model_signed(a) + model_signed(m) * model_signed(q);
            prop_assert_eq!(multiply(a, m, q), model_split(want, q & SIGN));
        }

        #[test]
        fn multiply_matches_step_algorithm(a in 0u64..1 << 40, m in 0u64..1 << 40, q in 0u64..1 << 40) {
            prop_assert_eq!(multiply(a, m, q), multiply_steps(a, m, q));
        }

        #[test]
        fn divide_matches_long_division(d in 1u64..1 << 39, a in 0u64..1 << 39, q in 0u64..1 << 40) {
            // positive operands with A < d, where the long division applies
            let a = a % d;
            prop_assert_eq!(divide(a, q, d), Some(divide_steps(a, q, d)));
        }

        #[test]
        fn divide_matches_model(a in 0u64..1 << 40, q in 0u64..1 << 40, d in 0u64..1 << 40) {
            let dd = model_signed(d);
            let n = model_double(a, q);
            let got = divide(a, q, d);
            if dd == 0 {
                prop_assert!(got.is_none());
            } else {
                // floor(n / dd) computed with a positive divisor
                let fl = if dd > 0 { n.div_euclid(dd) } else { (-n).div_euclid(-dd) };
                let quot = fl | 1;
                if !(-UNIT..UNIT).contains(&quot) {
                    prop_assert!(got.is_none());
                } else {
                    let (r, qq) = got.unwrap();
                    prop_assert_eq!(qq, model_word(quot));
                    prop_assert_eq!(model_signed(r), n - quot * dd);
                }
            }
        }
    }
}
