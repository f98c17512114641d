//! The floating-point part of the arithmetic unit: single precision in the 709's format, as the
//! 7090 executes FAD FSB FAM FSM UFA UFS UAM USM, FMP UFM, FDH FDP and FRN; the 7094's double
//! precision in `double`.
//!
//! Word: S, characteristic 1-8 (excess 200 octal), fraction 9-35; normal when bit 9 is 1
//! [CE-71]. In the AC the characteristic is Q,P,1-8 (10 bits), so an overflowed characteristic
//! survives there [SUP `fp_pack`]. Each operation is a pure function of the registers and the
//! operand: it returns the new AC and MQ, the spill code (what the floating trap stores in the
//! decrement of location 0000 [CE-142]) and the instruction's cycles; the executor
//! (`cpu/exec.rs`) stores the results and takes the trap.
//!
//! The semantics are SIMH's (`i7094_cpu1.c` op_fad, op_fmp, op_fdv, op_frnd, fp_pack), which the
//! diagnostics are run against; where the CE manual says otherwise it is written down in
//! docs/ibm7090.md ("Floating point"). The cycle rules are 9M08A's (IBM's own cycle-by-cycle
//! simulation of FAD, FSB, UFA and UFS) and the CE manual's headings; see each function.

use super::arith::{self, AC_P, AC_S, SIGN};

pub mod double;

/// Fraction bits of a word or of the AC (9-35).
pub const FRACTION: u64 = (1 << 27) - 1;
/// Excess of the characteristic.
const BIAS: i32 = 0o200;
/// Largest characteristic of a word.
const CH_MAX: i32 = 0o377;
/// A characteristic as the AC holds it (Q, P, 1-8).
const AC_CH: i32 = 0o1777;
/// Bits of the double-length fraction (AC fraction above MQ fraction).
const LONG: u32 = 54;
/// The carry out of the double-length fraction, and its normal bit.
const CARRY: u64 = 1 << LONG;
const NORMAL: u64 = 1 << (LONG - 1);
/// MQ bit 9, which FRN rounds by.
const MQ9: u64 = 1 << 26;

/// Spill code bits: the decrement the floating trap stores in location 0000 [CE-142].
pub mod spill {
    /// Position 17: the MQ over- or underflowed.
    pub const MQ: u8 = 0o1;
    /// Position 16: the AC over- or underflowed.
    pub const AC: u8 = 0o2;
    /// Position 15: overflow (else underflow).
    pub const OVERFLOW: u8 = 0o4;
    /// Position 14: during a divide.
    pub const DIVIDE: u8 = 0o10;
}

/// What a floating-point instruction leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// AC: S, Q, P, 1-35 (38 bits, as `arith` keeps it).
    pub ac: u64,
    pub mq: u64,
    /// Spill code (`spill`), 0 if the characteristics stayed in range.
    pub spill: u8,
    /// FDH/FDP: the divide check (AC unchanged, MQ the quotient's sign only, no spill).
    pub divide_check: bool,
    /// Cycles of the instruction (I, E and L), without an indirect cycle or a trap.
    pub cycles: u32,
}

impl Outcome {
    /// The AC and MQ packed from `r` (`pack`), with their spill code.
    fn packed(r: Unpacked, mq_negative: bool, mq_ch: i32, cycles: u32) -> Outcome {
        let (ac, mq, spill) = pack(r, mq_negative, mq_ch);
        Outcome::plain(ac, mq, spill, cycles)
    }

    /// Registers as they are, no divide check.
    fn plain(ac: u64, mq: u64, spill: u8, cycles: u32) -> Outcome {
        Outcome {
            ac,
            mq,
            spill,
            divide_check: false,
            cycles,
        }
    }
}

/// A number taken apart: sign, characteristic (may leave 0..=377 while computing) and a
/// double-length fraction (54 bits: the 27-bit fraction of a word is its high half).
#[derive(Clone, Copy, Debug)]
struct Unpacked {
    negative: bool,
    ch: i32,
    fr: u64,
}

impl Unpacked {
    /// From the AC: its characteristic includes Q and P.
    fn ac(ac: u64) -> Unpacked {
        Unpacked {
            negative: ac & AC_S != 0,
            ch: ((ac >> 27) as i32) & AC_CH,
            fr: (ac & FRACTION) << 27,
        }
    }

    /// From a word (the MQ or C(Y)).
    fn word(w: u64) -> Unpacked {
        Unpacked {
            negative: w & SIGN != 0,
            ch: ((w >> 27) as i32) & CH_MAX,
            fr: (w & FRACTION) << 27,
        }
    }

    /// The high half of the fraction (the AC's).
    fn high(self) -> u64 {
        (self.fr >> 27) & FRACTION
    }
}

/// AC := sign, characteristic (10 bits, two's complement if it went negative) and the high
/// half of `fr`; MQ := its own sign and characteristic (8 bits) and the low half. The spill
/// code says which characteristic left 0..=377 [SUP `fp_pack`; CE-142].
fn pack(r: Unpacked, mq_negative: bool, mq_ch: i32) -> (u64, u64, u8) {
    let ac = if r.negative { AC_S } else { 0 } | (((r.ch & AC_CH) as u64) << 27) | r.high();
    let mq =
        if mq_negative { SIGN } else { 0 } | (((mq_ch & CH_MAX) as u64) << 27) | (r.fr & FRACTION);
    let range = |ch: i32, unit: u8| match ch {
        c if c > CH_MAX => spill::OVERFLOW | unit,
        c if c < 0 => unit,
        _ => 0,
    };
    (ac, mq, range(r.ch, spill::AC) | range(mq_ch, spill::MQ))
}

/// How FSB, FAM and FSM (and UFS, UAM, USM) change the operand's sign before the add.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// FAD, UFA.
    Keep,
    /// FSB, UFS.
    Invert,
    /// FAM, UAM.
    Plus,
    /// FSM, USM.
    Minus,
}

impl Sign {
    pub fn apply(self, w: u64) -> u64 {
        match self {
            Sign::Keep => w,
            Sign::Invert => w ^ SIGN,
            Sign::Plus => w & !SIGN,
            Sign::Minus => w | SIGN,
        }
    }
}

/// FAD (and with `normalize` false UFA): AC + C(Y), the operand's sign already applied
/// (`Sign`). The MQ's old contents play no part.
///
/// The operand with the smaller characteristic is shifted right by the difference into the
/// double-length fraction (cleared if the difference is over 77 octal [CE-78]); an AC whose Q
/// or P is set always counts as the larger, its P ORed into its sign and Q,P dropped [SUP
/// op_fad]. Unlike signs subtract the smaller fraction from the larger, the result taking the
/// sign of the larger (of the smaller-characteristic operand when the fractions are equal);
/// like signs add, a carry shifting right one and raising the characteristic. Normalizing
/// shifts left until bit 9 is 1, lowering the characteristic; a zero fraction then gets
/// characteristic 0 in AC and MQ and keeps its sign ([CE-79] "clear the AC to give a zero
/// characteristic"). The MQ gets the same sign and the characteristic less 27.
///
/// Cycles, as 9M08A simulates them cycle by cycle (9m08a.asm, its steps 1-5, with one printed
/// line per machine cycle): I and E; step 1 (compare characteristics) one L; step 2 (align) one
/// L per 12 places of the difference and one for the rest, plus one more when the rest is even
/// and not zero (a difference over 77 octal: one L); step 3 (add) one L; UFA ends there unless
/// unlike signs with the larger fraction in the shifted-out half (MQ not zero) need step 4 to
/// complement the MQ; FAD has step 4 (zero test) and, unless the result is zero, step 5
/// (normalize) with one L per 12 shifts and one for the rest (one more when the number of
/// shifts is even and not zero), one L when no shift is needed.
pub fn add(ac: u64, word: u64, normalize: bool) -> Outcome {
    let mut a = Unpacked::ac(ac);
    let b = Unpacked::word(word);
    // `small` is shifted to the characteristic of `large`.
    let (mut small, large) = if a.ch > b.ch {
        if ac & AC_P != 0 {
            a.negative = true;
        }
        (
            b,
            Unpacked {
                ch: a.ch & CH_MAX,
                ..a
            },
        )
    } else {
        (a, b)
    };
    let diff = large.ch - small.ch;
    let cleared = !(0..=0o77).contains(&diff);
    small.fr = if cleared { 0 } else { small.fr >> diff };
    // 9M08A's trigger T2 (the MQ half is not zero) and the carry out of position 9 when the
    // fractions' high halves are subtracted (the larger-characteristic operand's is larger).
    let mq_not_zero = small.fr & FRACTION != 0;
    let unlike = small.negative != large.negative;
    let nine_carry = large.high() > small.high();
    let mut r = large;
    if unlike {
        if small.fr >= large.fr {
            r.fr = small.fr - large.fr;
            r.negative = small.negative;
        } else {
            r.fr = large.fr - small.fr;
        }
    } else {
        r.fr = large.fr + small.fr;
        if r.fr & CARRY != 0 {
            r.fr >>= 1;
            r.ch += 1;
        }
    }
    let align = if cleared {
        1
    } else {
        steps_of_twelve(diff as u32)
    };
    let mut cycles = 2 + 1 + align + 1;
    if normalize {
        cycles += 1;
        if r.fr == 0 {
            r.ch = 0;
        } else {
            let shifts = r.fr.leading_zeros() - (64 - LONG);
            r.fr <<= shifts;
            r.ch -= shifts as i32;
            cycles += if shifts == 0 {
                1
            } else {
                steps_of_twelve(shifts)
            };
        }
    } else if unlike && nine_carry && mq_not_zero {
        cycles += 1;
    }
    let mq_ch = if normalize && r.fr == 0 { 0 } else { r.ch - 27 };
    Outcome::packed(r, r.negative, mq_ch, cycles)
}

/// L cycles to shift n places twelve at a time as 9M08A counts them: one per full 12, one for
/// the rest, one more when the rest is even and not zero (n = 0 still takes one).
fn steps_of_twelve(n: u32) -> u32 {
    let rest = n % 12;
    n / 12 + 1 + u32::from(rest != 0 && rest.is_multiple_of(2))
}

/// FMP (and with `normalize` false UFM): MQ × C(Y).
///
/// Both results take the sign of the product. A "normal zero" C(Y) (characteristic and
/// fraction 0) gives ±0 in AC and MQ, no spill. Otherwise the 27 × 27-bit product with
/// characteristic MQ + C(Y) − 200 octal; FMP shifts it left one place if bit 9 is 0 and, if
/// the AC's fraction is then 0, sets both characteristics to 0 (the MQ keeps its fraction);
/// UFM does neither [SUP op_fmp]. MQ characteristic = AC's − 27 [CE-86].
///
/// Cycles: 2 (I, E) when the instruction ends after E: C(Y)'s fraction is 0, or, for FMP only,
/// the MQ's ([CE-85]; UFM "prevents turning on the FP trigger if MQ = 0" [CE-86]). Otherwise
/// [I]: one L for the characteristic (first step [CE-85]), the multiply by MPY's rule over the
/// 27 fraction bits (a 0 bit one clock pulse, a 1 bit four, 12 pulses an L cycle,
/// `timing::multiply_cycles`), and one L to finish (normalize, MQ characteristic): 13 at most,
/// the heading's (Max I, E, 11L) [CE-86].
pub fn multiply(mq: u64, word: u64, normalize: bool) -> Outcome {
    let a = Unpacked::word(mq);
    let b = Unpacked::word(word);
    let negative = a.negative ^ b.negative;
    let early = b.fr == 0 || (normalize && a.fr == 0);
    let ones = (mq & FRACTION).count_ones();
    let cycles = if early {
        2
    } else {
        2 + 1 + (27 + 3 * ones).div_ceil(12) + 1
    };
    if b.ch == 0 && b.fr == 0 {
        let (ac, mq) = if negative { (AC_S, SIGN) } else { (0, 0) };
        return Outcome::plain(ac, mq, 0, cycles);
    }
    let mut r = Unpacked {
        negative,
        ch: a.ch + b.ch - BIAS,
        fr: a.high() * b.high(),
    };
    let mut mq_ch = r.ch - 27;
    if normalize {
        if r.fr & NORMAL == 0 {
            r.fr <<= 1;
            r.ch -= 1;
        }
        if r.high() == 0 {
            r.ch = 0;
            mq_ch = 0;
        } else {
            mq_ch = r.ch - 27;
        }
    }
    Outcome::packed(r, negative, mq_ch, cycles)
}

/// FDH, FDP: AC ÷ C(Y); the quotient to the MQ (sign of algebra), the remainder to the AC
/// (the dividend's sign, characteristic the dividend's − 27) [CE-86].
///
/// Divide check when the AC's fraction is at least twice C(Y)'s (so always for a zero
/// divisor fraction): MQ := the quotient's sign only, AC unchanged, no spill. A zero AC
/// fraction: MQ := the quotient's sign, AC := +0. Otherwise the AC's Q,P are dropped; a
/// dividend fraction not less than the divisor's is shifted right one (characteristic + 1);
/// the 27-bit quotient has characteristic AC − C(Y) + 200 octal. No normalizing. A spill
/// carries the divide bit [SUP op_fdv; CE-142].
///
/// Cycles: 3 (I, E, L) for a divide check or a zero dividend fraction (the first step ends
/// the operation [CE-92]); otherwise 14, the heading's (Max I, E, 12L) [CE-86]: like DVH, no
/// data-dependence is sourced [I].
pub fn divide(ac: u64, word: u64) -> Outcome {
    let mut a = Unpacked::ac(ac);
    let b = Unpacked::word(word);
    let negative = a.negative ^ b.negative;
    let sign_only = if negative { SIGN } else { 0 };
    if a.fr >= 2 * b.fr {
        return Outcome {
            divide_check: true,
            ..Outcome::plain(ac, sign_only, 0, 3)
        };
    }
    if a.fr == 0 {
        return Outcome::plain(0, sign_only, 0, 3);
    }
    a.ch &= CH_MAX;
    if a.fr >= b.fr {
        a.fr >>= 1;
        a.ch += 1;
    }
    let divisor = b.high();
    let quotient = a.fr / divisor;
    let remainder = a.fr % divisor;
    let mq_ch = a.ch - b.ch + BIAS;
    let r = Unpacked {
        negative: a.negative,
        ch: a.ch - 27,
        fr: remainder << 27 | quotient,
    };
    let o = Outcome::packed(r, negative, mq_ch, 14);
    Outcome {
        spill: if o.spill != 0 {
            o.spill | spill::DIVIDE
        } else {
            0
        },
        ..o
    }
}

/// FRN: if MQ bit 9 is 1, one is added to the AC's fraction; a carry out of position 9
/// shifts the fraction right, puts a one in 9 and raises the characteristic [CE-86]; reaching
/// 400 octal from a characteristic whose Q,P were clear is an AC overflow (code 06) [SUP
/// op_frnd]. The MQ is unchanged. Returns the AC and the spill code; cycles (I, L) = 2
/// [CE-86], in the table.
pub fn round(ac: u64, mq: u64) -> (u64, u8) {
    if mq & MQ9 == 0 {
        return (ac, 0);
    }
    let mut r = Unpacked::ac(ac);
    r.fr += 1 << 27;
    let mut spill = 0;
    if r.fr & CARRY != 0 {
        r.fr >>= 1;
        r.ch += 1;
        if r.ch == CH_MAX + 1 {
            spill = spill::OVERFLOW | spill::AC;
        }
    }
    let ac = if r.negative { AC_S } else { 0 } | (((r.ch & AC_CH) as u64) << 27) | r.high();
    (ac, spill)
}

/// Why 9AP's conversion of a decimal number gave no word (9AP punches 0 and flags the card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecError {
    /// The decimal exponent is outside −48..=38 (9AP5 1578, 1596).
    #[error("decimal exponent outside -48..=38")]
    Exponent,
    /// The result's characteristic left the word (the `ACL` into P test, 9AP5 1592-1595,
    /// 1604-1606), or one of the floating-point steps spilled (on the 709 a floating trap,
    /// whose handler 9AP does not provide).
    #[error("the number is outside the floating-point range")]
    Range,
}

/// 9AP's conversion of a floating `DEC` number, done as 9AP does it with the 709's own
/// floating-point instructions (9ap.src, DECOP, 9AP5 1568-1606; docs/assembler.md, 9AP
/// §4.4): `n` is the mantissa's digits as an integer (35-bit magnitude, 0 excluded: 9AP
/// punches +0), `k` the power of ten (the `E` exponent less the digits after the point).
///
/// n is floated exactly (its high 20 bits with characteristic 252 octal, normalized by
/// `FAD`, then its low 15 bits with characteristic 233 added, the MQ kept as a residue);
/// for k > 0 both parts are multiplied (`FMP`) by P(k) = 10^k × 2^−35 and summed (`FAD`), for
/// k < 0 divided twice (`FDP`), and 35 is added to or taken from the characteristic (`ACL`).
/// The word is the AC's sign and bits 1-35.
pub fn dec_9ap(negative: bool, n: u64, k: i32) -> Result<u64, DecError> {
    dec_9ap_ac_mq(negative, n, k).map(|(ac, _)| ac)
}

/// `dec_9ap` with the MQ too (as words): the low-order part, which 9AP's `B` form (a fixed
/// binary point) shifts in.
pub fn dec_9ap_ac_mq(negative: bool, n: u64, k: i32) -> Result<(u64, u64), DecError> {
    if !(-48..=38).contains(&k) {
        return Err(DecError::Exponent);
    }
    let mut spills = 0;
    let mut fp = |o: Outcome| {
        spills |= o.spill | u8::from(o.divide_check);
        o
    };
    let n = n & arith::MAG;
    let fl1 = 0o233 << 27 | (n & 0o77777);
    let fl2 = 0o252 << 27;
    let ac = (if negative { AC_S } else { 0 } | n >> 15) | fl2;
    let floated = fp(add(ac, fl2, true));
    let plus = floated.ac & AC_S == 0;
    let floated = fp(add(floated.ac, if plus { fl1 } else { fl1 ^ SIGN }, true));
    let (ac, residue) = (floated.ac, floated.mq);
    let word = |ac: u64| arith::word_from_ac(ac);
    let (ac, mq) = match k {
        0 => (ac, residue),
        1.. => {
            let p = power_of_ten(k as u32);
            let high = fp(multiply(p, word(ac), true));
            let low = fp(multiply(p, residue, true));
            let sum = fp(add(low.ac, high.mq, true));
            let sum = fp(add(sum.ac, word(high.ac), true));
            let ac = arith::add_logical(sum.ac, 0o043 << 27);
            if ac & AC_P != 0 {
                return Err(DecError::Range);
            }
            (ac, sum.mq)
        }
        _ => {
            let p = power_of_ten(k.unsigned_abs());
            let first = fp(divide(ac, p));
            let rest = fp(add(first.ac, residue, true));
            let second = fp(divide(rest.ac, p));
            let sum = fp(add(arith::ac_from_word(second.mq), first.mq, true));
            let ac = arith::add_logical(sum.ac, 0o335 << 27);
            if ac & AC_P == 0 {
                return Err(DecError::Range);
            }
            (ac, sum.mq)
        }
    };
    if spills != 0 {
        return Err(DecError::Range);
    }
    Ok((word(ac), mq))
}

/// P(k) = 10^k × 2^−35 as a normal 709 floating-point word rounded to nearest, 1 ≤ k ≤ 48:
/// the table after `Q128` in 9AP (9AP5 105-117), whose 48 words are these values.
pub fn power_of_ten(k: u32) -> u64 {
    // 10^k in 32-bit limbs, least significant first (10^48 < 2^160).
    let mut limbs = vec![1u32];
    for _ in 0..k {
        let mut carry = 0u64;
        for l in limbs.iter_mut() {
            let v = u64::from(*l) * 10 + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            limbs.push(carry as u32);
        }
    }
    let bits = limbs.len() as u32 * 32 - limbs.last().map_or(32, |l| l.leading_zeros());
    let bit = |i: u32| limbs[(i / 32) as usize] >> (i % 32) & 1 == 1;
    // The top 27 bits, and the next one to round by.
    let mut fraction = 0u64;
    for i in 0..27 {
        fraction <<= 1;
        if let Some(b) = (bits - 1).checked_sub(i) {
            fraction |= u64::from(bit(b));
        }
    }
    let mut exponent = bits as i32 - 35;
    let round = bits > 27 && bit(bits - 28);
    if round {
        fraction += 1;
        if fraction == 1 << 27 {
            fraction >>= 1;
            exponent += 1;
        }
    }
    ((exponent + BIAS) as u64) << 27 | fraction
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const S: u64 = SIGN;

    /// A word from sign, characteristic and fraction.
    fn fw(negative: bool, ch: u64, fr: u64) -> u64 {
        (if negative { S } else { 0 }) | ch << 27 | fr
    }

    /// The obviously-correct model: numbers as signed integers of fraction units at a
    /// characteristic, the 709's steps written as integer arithmetic with loops, no bit
    /// tricks. Returns (AC, MQ, spill) for FAD/UFA.
    fn model_add(ac: u64, word: u64, normalize: bool) -> (u64, u64, u8) {
        let ac_ch = ((ac >> 27) & 0o1777) as i64;
        let w_ch = ((word >> 27) & 0o377) as i64;
        let mut ac_neg = ac & AC_S != 0;
        let w_neg = word & S != 0;
        let ac_f = (ac & FRACTION) as i128;
        let w_f = (word & FRACTION) as i128;
        // The operand with the larger characteristic decides the scale; the other's
        // fraction, in units of 2^-54, is divided by 2^d and truncated (the bits shifted
        // out of the MQ are lost), or lost altogether beyond 63 places.
        let (big, small, ch) = if ac_ch > w_ch {
            if ac & AC_P != 0 {
                ac_neg = true;
            }
            let ch = ac_ch % 256;
            ((ac_neg, ac_f), (w_neg, w_f, ch - w_ch), ch)
        } else {
            ((w_neg, w_f), (ac_neg, ac_f, w_ch - ac_ch), w_ch)
        };
        let scaled_big = big.1 * (1i128 << 27);
        let scaled_small = if small.2 < 0 || small.2 > 63 {
            0
        } else {
            (small.1 * (1i128 << 27)) / (1i128 << small.2)
        };
        let value_big = if big.0 { -scaled_big } else { scaled_big };
        let value_small = if small.0 { -scaled_small } else { scaled_small };
        let sum = value_big + value_small;
        let mut negative = if sum == 0 {
            // Equal magnitudes: the smaller-characteristic operand's sign when signs differ.
            if big.0 != small.0 {
                small.0
            } else {
                big.0
            }
        } else {
            sum < 0
        };
        if big.0 == small.0 {
            negative = big.0;
        }
        let mut m = sum.abs();
        let mut ch = ch;
        while m >= 1 << 54 {
            m /= 2;
            ch += 1;
        }
        let mut mq_ch = ch - 27;
        if normalize {
            if m == 0 {
                ch = 0;
                mq_ch = 0;
            } else {
                while m < 1 << 53 {
                    m *= 2;
                    ch -= 1;
                }
                mq_ch = ch - 27;
            }
        }
        model_pack(negative, ch, m as u64, negative, mq_ch)
    }

    fn model_pack(
        negative: bool,
        ch: i64,
        m: u64,
        mq_negative: bool,
        mq_ch: i64,
    ) -> (u64, u64, u8) {
        let wrap = |c: i64, modulus: i64| c.rem_euclid(modulus) as u64;
        let ac = (if negative { AC_S } else { 0 }) | wrap(ch, 1024) << 27 | (m >> 27);
        let mq = (if mq_negative { S } else { 0 }) | wrap(mq_ch, 256) << 27 | (m % (1 << 27));
        let mut spill = 0;
        if ch > 255 {
            spill |= spill::OVERFLOW | spill::AC;
        } else if ch < 0 {
            spill |= spill::AC;
        }
        if mq_ch > 255 {
            spill |= spill::OVERFLOW | spill::MQ;
        } else if mq_ch < 0 {
            spill |= spill::MQ;
        }
        (ac, mq, spill)
    }

    /// FMP/UFM in the model: the integer product of the fractions.
    fn model_multiply(mq: u64, word: u64, normalize: bool) -> (u64, u64, u8) {
        let negative = (mq ^ word) & S != 0;
        let (a_ch, b_ch) = (((mq >> 27) & 0o377) as i64, ((word >> 27) & 0o377) as i64);
        if word & !S == 0 {
            return model_pack(negative, 0, 0, negative, 0);
        }
        let mut m = (mq & FRACTION) * (word & FRACTION);
        let mut ch = a_ch + b_ch - 128;
        let mut mq_ch = ch - 27;
        if normalize {
            if m < 1 << 53 {
                m *= 2;
                ch -= 1;
            }
            if m < 1 << 27 {
                ch = 0;
                mq_ch = 0;
            } else {
                mq_ch = ch - 27;
            }
        }
        model_pack(negative, ch, m, negative, mq_ch)
    }

    /// FDP in the model: long division of fractions, characteristics by subtraction.
    fn model_divide(ac: u64, word: u64) -> Option<(u64, u64, u8)> {
        let a = (ac & FRACTION) as u128;
        let b = (word & FRACTION) as u128;
        let q_neg = (ac & AC_S != 0) != (word & S != 0);
        if a >= 2 * b {
            return None;
        }
        let sign = if q_neg { S } else { 0 };
        if a == 0 {
            return Some((0, sign, 0));
        }
        let mut ch = ((ac >> 27) & 0o377) as i64;
        let mut dividend = a << 27;
        if a >= b {
            dividend /= 2;
            ch += 1;
        }
        let q = dividend / b;
        let rem = dividend - q * b;
        let mq_ch = ch - ((word >> 27) & 0o377) as i64 + 128;
        let (acw, mqw, spill) = model_pack(
            ac & AC_S != 0,
            ch - 27,
            ((rem << 27) | q) as u64,
            q_neg,
            mq_ch,
        );
        Some((acw, mqw, if spill != 0 { spill | spill::DIVIDE } else { 0 }))
    }

    /// Floating-point words with the interesting cases common: zeros of both signs, normal
    /// and unnormal fractions, characteristics at the ends and near each other.
    fn fword() -> impl Strategy<Value = u64> {
        let ch = prop_oneof![0u64..=0o377, 0u64..4, 0o374u64..=0o377, 0o176u64..0o204,];
        let fr = prop_oneof![
            (1u64 << 26)..(1 << 27),
            0u64..(1 << 27),
            Just(0u64),
            0u64..64,
            Just(FRACTION),
        ];
        prop_oneof![
            Just(0u64),
            Just(S),
            (any::<bool>(), ch, fr).prop_map(|(n, c, f)| fw(n, c, f)),
        ]
    }

    /// AC values: words, sometimes with Q and P set.
    fn fac() -> impl Strategy<Value = u64> {
        (fword(), 0u64..4, 0u32..8).prop_map(|(w, qp, p)| {
            let ac = arith::ac_from_word(w);
            if p == 0 {
                ac | qp << 35
            } else {
                ac
            }
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        #[test]
        fn add_matches_the_model(ac in fac(), w in fword(), normalize in any::<bool>()) {
            let o = add(ac, w, normalize);
            prop_assert_eq!((o.ac, o.mq, o.spill), model_add(ac, w, normalize));
            let bounds = if normalize { 6..=18 } else { 5..=12 };
            prop_assert!(bounds.contains(&o.cycles));
        }

        #[test]
        fn multiply_matches_the_model(mq in fword(), w in fword(), normalize in any::<bool>()) {
            let o = multiply(mq, w, normalize);
            prop_assert_eq!((o.ac, o.mq, o.spill), model_multiply(mq, w, normalize));
            prop_assert!((2..=13).contains(&o.cycles));
        }

        #[test]
        fn divide_matches_the_model(ac in fac(), w in fword()) {
            let o = divide(ac, w);
            match model_divide(ac, w) {
                None => {
                    prop_assert!(o.divide_check);
                    prop_assert_eq!(o.ac, ac);
                    prop_assert_eq!(o.mq, if (ac & AC_S != 0) != (w & S != 0) { S } else { 0 });
                    prop_assert_eq!(o.cycles, 3);
                }
                Some(r) => {
                    prop_assert!(!o.divide_check);
                    prop_assert_eq!((o.ac, o.mq, o.spill), r);
                }
            }
        }

        #[test]
        fn round_adds_one_by_mq9(ac in fac(), mq in fword()) {
            let (r, spill) = round(ac, mq);
            if mq & MQ9 == 0 {
                prop_assert_eq!((r, spill), (ac, 0));
            } else {
                // Fraction + 1 with the carry into the characteristic, as one number.
                let f = (ac & FRACTION) + 1;
                let (ch, f) = if f == 1 << 27 {
                    (((ac >> 27) & 0o1777) + 1, f >> 1)
                } else {
                    ((ac >> 27) & 0o1777, f)
                };
                prop_assert_eq!(r, (ac & AC_S) | (ch & 0o1777) << 27 | f);
                let overflow = f == 1 << 26 && ch == 0o400 && (ac & FRACTION) == FRACTION;
                prop_assert_eq!(spill != 0, overflow);
            }
        }

        /// The model's sum is the exact sum when nothing is shifted out: FAD of two normal
        /// numbers at nearby characteristics is the exact value, renormalized.
        #[test]
        fn add_is_exact_when_nothing_is_lost(a in (1u64 << 26)..(1 << 27), b in (1u64 << 26)..(1 << 27),
                                             ch in 0o100u64..0o300, d in 0u64..20, na in any::<bool>(), nb in any::<bool>()) {
            let x = fw(na, ch + d, a);
            let y = fw(nb, ch, b);
            let o = add(arith::ac_from_word(x), y, true);
            let value = |w: u64| -> f64 {
                let f = (w & FRACTION) as f64 / (1u64 << 27) as f64;
                let e = ((w >> 27) & 0o377) as i32 - 128;
                let v = f * 2f64.powi(e);
                if w & S != 0 { -v } else { v }
            };
            let got = value(arith::word_from_ac(o.ac)) + value(o.mq);
            let want = value(x) + value(y);
            prop_assert!((got - want).abs() <= want.abs() * 1e-15 + f64::MIN_POSITIVE);
        }
    }

    #[test]
    fn hand_cases() {
        let one = fw(false, 0o201, 1 << 26);
        let two = fw(false, 0o202, 1 << 26);
        // 1 + 1 = 2; MQ characteristic 202 - 33 (octal) = 147.
        let o = add(arith::ac_from_word(one), one, true);
        assert_eq!((o.ac, o.mq, o.spill), (two, 0o147 << 27, 0));
        // 2 - 1 = 1.
        let o = add(arith::ac_from_word(two), one ^ S, true);
        assert_eq!(o.ac, one);
        // 1 - 1 = +0 with characteristic 0 (FAD), and characteristic kept (UFA).
        let o = add(arith::ac_from_word(one), one ^ S, true);
        assert_eq!((o.ac, o.mq), (0, 0));
        let o = add(arith::ac_from_word(one), one ^ S, false);
        assert_eq!((o.ac, o.mq), (0o201 << 27, 0o146 << 27));
        // -1 + 1: equal magnitudes, the sign of the operand with the smaller (here equal)
        // characteristic, the AC's.
        let o = add(arith::ac_from_word(one ^ S), one, true);
        assert_eq!(o.ac, AC_S);
        // SIMH 3.8.1 run: FAD of 377 400000000 to itself: AC characteristic 400
        // in Q,P,1-8, MQ 345 000000000, code 06 (AC overflow).
        let big = fw(false, 0o377, 1 << 26);
        let o = add(arith::ac_from_word(big), big, true);
        assert_eq!(o.ac, 0o400 << 27 | 1 << 26);
        assert_eq!(o.mq, 0o345 << 27);
        assert_eq!(o.spill, 0o6);
        // Underflow of the MQ only: characteristic 30 - 33 < 0, code 01.
        let small = fw(false, 0o30, 1 << 26);
        let o = add(arith::ac_from_word(small), small, true);
        assert_eq!(o.spill, spill::MQ);
        // SIMH run: MQ = 200 000000000, UFM of 377 000000000: AC = 377 000000000, MQ = 344
        // 000000000, no trap (the CE manual would give zeros).
        let o = multiply(0o200 << 27, 0o377 << 27, false);
        assert_eq!((o.ac, o.mq, o.spill), (0o377 << 27, 0o344 << 27, 0));
        // FMP 1 x 1 = 1 (the product .25 normalized).
        let o = multiply(one, one, true);
        assert_eq!((o.ac, o.mq, o.spill), (one, 0o146 << 27, 0));
        // FMP by a normal zero: signed zeros.
        let o = multiply(one ^ S, 0, true);
        assert_eq!((o.ac, o.mq, o.cycles), (AC_S, S, 2));
        // FDP 1 / 2 = .5: quotient 200 400000000; the dividend's fraction, not less than the
        // divisor's, was shifted right (characteristic 202), so the remainder 0 has 202 - 33.
        let o = divide(arith::ac_from_word(one), two);
        assert_eq!(
            (o.mq, o.ac, o.spill),
            (fw(false, 0o200, 1 << 26), 0o147 << 27, 0)
        );
        // Divide check: 1 / 0.
        let o = divide(arith::ac_from_word(one), 0);
        assert!(o.divide_check);
        assert_eq!((o.ac, o.mq, o.cycles), (arith::ac_from_word(one), 0, 3));
        // FRN: 9M10A's fixed-point AC X with the TSX word in the MQ (bit 9 set) gives X + 1.
        let (ac, spill) = round(0o26, 0o007400400013);
        assert_eq!((ac, spill), (0o27, 0));
        // FRN carrying out of the fraction at characteristic 377: code 06.
        let (ac, spill) = round(0o377 << 27 | FRACTION, MQ9);
        assert_eq!((ac, spill), (0o400 << 27 | 1 << 26, 0o6));
    }

    #[test]
    fn spill_codes_are_ce_142s() {
        // Every code of the CE manual's table [CE-142], from operands that produce it.
        let n = |ch: u64| fw(false, ch, 1 << 26);
        let ac = |ch: u64| arith::ac_from_word(n(ch));
        for (code, got, what) in [
            (
                0o01,
                add(ac(0o30), n(0o30), true).spill,
                "add: MQ underflow",
            ),
            (
                0o03,
                multiply(n(0o10), n(0o10), true).spill,
                "multiply: both under",
            ),
            (
                0o06,
                round(ac(0o377) | FRACTION, MQ9).1,
                "round: AC overflow",
            ),
            (
                0o07,
                multiply(n(0o377), n(0o377), true).spill,
                "both overflow",
            ),
            (
                0o11,
                divide(ac(0o40), n(0o377)).spill,
                "divide: MQ underflow",
            ),
            (
                0o12,
                divide(ac(0o12), n(0o12)).spill,
                "divide: AC underflow",
            ),
            (0o13, divide(ac(0o30), n(0o377)).spill, "divide: both under"),
            (0o15, divide(ac(0o377), n(0o1)).spill, "divide: MQ overflow"),
        ] {
            assert_eq!(got, code, "{what}");
        }
    }

    #[test]
    fn fad_cycles_follow_9m08a() {
        let one = fw(false, 0o201, 1 << 26);
        // Equal characteristics, a carry (1 + 1): I, E, steps 1-4, step 5 with no shift.
        assert_eq!(add(arith::ac_from_word(one), one, true).cycles, 7);
        // A zero result ends after step 4.
        assert_eq!(add(arith::ac_from_word(one), one ^ S, true).cycles, 6);
        // UFA ends after step 3.
        assert_eq!(add(arith::ac_from_word(one), one, false).cycles, 5);
        // Alignment: 12 places take two L (a full 12, then the rest 0), 10 places two (an even
        // rest), 11 places one, 13 places two.
        for (d, align) in [(12, 2), (10, 2), (11, 1), (13, 2), (24, 3), (0o100, 1)] {
            let x = fw(false, 0o201 + d, 1 << 26);
            let o = add(arith::ac_from_word(one), x, false);
            assert_eq!(o.cycles, 2 + 1 + align + 1, "difference {d}");
        }
        // Normalizing: 3 places (odd) one L, 2 places (even) two, 14 places two.
        for (shifts, l) in [(3u32, 1), (2, 2), (14, 3), (13, 2)] {
            let x = fw(false, 0o201, 1 << 26);
            let y = fw(true, 0o201, (1 << 26) - (1 << (26 - shifts)));
            let o = add(arith::ac_from_word(x), y, true);
            assert_eq!(o.ac & FRACTION, 1 << 26);
            assert_eq!(o.ac >> 27, 0o201 - u64::from(shifts), "{shifts}");
            assert_eq!(o.cycles, 2 + 1 + 1 + 1 + 1 + l, "{shifts} shifts");
        }
        // UFA needing step 4: unlike signs, the larger-characteristic fraction larger, and
        // bits of the smaller in the MQ half.
        let x = fw(false, 0o202, 1 << 26 | 1);
        let y = fw(true, 0o201, 3 << 25 | 1);
        assert_eq!(
            add(arith::ac_from_word(y), x, false).cycles,
            2 + 1 + 1 + 1 + 1
        );
    }

    #[test]
    fn powers_of_ten_are_9aps_table() {
        // Words of 9AP's table (9ap.src, 9AP5 106-117): P(12) = 5^12 2^-23 is a tie, rounded
        // up.
        assert_eq!(power_of_ten(1), 0o141500000000);
        assert_eq!(power_of_ten(2), 0o144620000000);
        assert_eq!(power_of_ten(10), 0o177452013710);
        assert_eq!(power_of_ten(11), 0o202564416672);
        assert_eq!(power_of_ten(12), 0o205721522451);
        assert_eq!(power_of_ten(38), 0o334454732313);
        assert_eq!(power_of_ten(48), 0o375536246150);
    }

    /// Parse a `DEC` field the way 9AP counts it (digits, `.`, `E`), for the test vectors.
    fn dec(field: &str) -> u64 {
        let (negative, body) = match field.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, field),
        };
        let (mantissa, e) = body.split_once('E').unwrap_or((body, "0"));
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let n: u64 = format!("{int}{frac}").parse().unwrap();
        let k = e.parse::<i32>().unwrap() - frac.len() as i32;
        dec_9ap(negative, n, k).unwrap()
    }

    #[test]
    fn dec_follows_9ap() {
        // Every floating DEC field of the diagnostics with the word 9AP punched
        // (the words 9AP itself punched in SIMH; assembler/tests/ap9_diags.rs).
        let vectors = [
            ("1.0", 0o201400000000u64),
            ("2.0", 0o202400000000),
            ("-3.0", 0o602600000000),
            ("4.0", 0o203400000000),
            ("8.0", 0o204400000000),
            ("-12.0", 0o604600000000),
            ("4.095E3", 0o214777700000),
            ("6.324E-19", 0o104565233127),
            ("2.99764E5", 0o223444572000),
            ("-6.4E1", 0o607400000000),
            ("7.05", 0o203703146314),
            ("7.0", 0o203700000000),
            ("16.0", 0o205400000000),
            ("-4.095E3", 0o614777700000),
            ("6.282", 0o203622030446),
            ("2.87647E5", 0o223430717400),
            ("-3.2E1", 0o606400000000),
            ("3.0", 0o202600000000),
            ("7.04", 0o203702436560),
            ("-1.0", 0o601400000000),
            ("6.0", 0o203600000000),
            ("-40.0", 0o606500000000),
            ("196.0", 0o210610000000),
            ("14.0", 0o204700000000),
            ("-10.0", 0o604500000000),
            ("10.0", 0o204500000000),
            ("-144.0", 0o610440000000),
            ("676.0", 0o212522000000),
            ("26.0", 0o205640000000),
            ("-18.0", 0o605440000000),
            ("5.0", 0o203500000000),
            ("11.0", 0o204540000000),
            ("13.0", 0o204640000000),
            ("17.0", 0o205420000000),
            ("19.0", 0o205460000000),
            ("23.0", 0o205560000000),
            ("29.0", 0o205720000000),
            ("97.0", 0o207604000000),
            ("997.0", 0o212762400000),
        ];
        for (field, want) in vectors {
            assert_eq!(dec(field), want, "DEC {field}: {:012o}", dec(field));
        }
        assert_eq!(dec_9ap(false, 1, 39), Err(DecError::Exponent));
        assert_eq!(dec_9ap(false, 1, -49), Err(DecError::Exponent));
    }
}
