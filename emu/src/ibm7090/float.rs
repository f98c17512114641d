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

    /// Shifts the double-length fraction left until its bit 9 is 1, lowering the
    /// characteristic by as many places, and returns them; a zero fraction instead gets
    /// characteristic 0 ([CE-79] "clear the AC to give a zero characteristic") and `None`.
    #[inline(always)]
    fn normalize(&mut self) -> Option<u32> {
        if self.fr == 0 {
            self.ch = 0;
            return None;
        }
        let shifts = self.fr.leading_zeros() - (64 - LONG);
        self.fr <<= shifts;
        self.ch -= shifts as i32;
        Some(shifts)
    }

    /// FMP's normalizing (DFMP's too): one place left if bit 9 is 0, and both characteristics
    /// 0 if the high half of the fraction is then 0. Returns the MQ's characteristic (the
    /// AC's less 27).
    #[inline(always)]
    fn normalize_product(&mut self) -> i32 {
        if self.fr & NORMAL == 0 {
            self.fr <<= 1;
            self.ch -= 1;
        }
        if self.high() == 0 {
            self.ch = 0;
            0
        } else {
            self.ch - 27
        }
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
    let aligned = Aligned::new(Unpacked::ac(ac), ac & AC_P != 0, Unpacked::word(word));
    let Aligned { small, large, .. } = aligned;
    // 9M08A's trigger T2 (the MQ half is not zero) and the carry out of position 9 when the
    // fractions' high halves are subtracted (the larger-characteristic operand's is larger).
    let mq_not_zero = small.fr & FRACTION != 0;
    let unlike = small.negative != large.negative;
    let nine_carry = large.high() > small.high();
    let mut r = aligned.sum();
    let mut cycles = 2 + 1 + aligned.align_cycles + 1;
    if normalize {
        cycles += normalize_sum(&mut r);
    } else if unlike && nine_carry && mq_not_zero {
        cycles += 1;
    }
    let mq_ch = if normalize && r.fr == 0 { 0 } else { r.ch - 27 };
    Outcome::packed(r, r.negative, mq_ch, cycles)
}

/// FAD's operands after its steps 1 and 2 (`add`; DFAD's too, on the double fractions).
#[derive(Clone, Copy, Debug)]
struct Aligned {
    /// The operand with the smaller characteristic, its fraction shifted right by the
    /// difference (cleared if the difference is over 77 octal).
    small: Unpacked,
    /// The other, whose characteristic the sum takes.
    large: Unpacked,
    /// L cycles of the alignment (step 2, as 9M08A counts them).
    align_cycles: u32,
}

impl Aligned {
    /// The AC's number `a` (its P bit `p`) and the operand `b`, the larger characteristic
    /// winning; an AC whose Q or P is set always counts as the larger, its P ORed into its
    /// sign and Q,P dropped [SUP op_fad].
    #[inline(always)]
    fn new(mut a: Unpacked, p: bool, b: Unpacked) -> Aligned {
        let (mut small, large) = if a.ch > b.ch {
            if p {
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
        let align_cycles = if cleared {
            1
        } else {
            steps_of_twelve(diff as u32)
        };
        Aligned {
            small,
            large,
            align_cycles,
        }
    }

    /// Step 3: unlike signs subtract the smaller fraction from the larger, the result taking
    /// the sign of the larger (`small`'s when they are equal); like signs add, a carry
    /// shifting right one and raising the characteristic.
    #[inline(always)]
    fn sum(self) -> Unpacked {
        let Aligned { small, large, .. } = self;
        let mut r = large;
        if small.negative != large.negative {
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
        r
    }
}

/// FAD's steps 4 (zero test) and 5 (normalize, `Unpacked::normalize`); returns their L
/// cycles: one for the test and, unless the sum is zero, 9M08A's count of the shifts
/// (`steps_of_twelve`: one when none is needed).
#[inline(always)]
fn normalize_sum(r: &mut Unpacked) -> u32 {
    1 + r.normalize().map_or(0, steps_of_twelve)
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
    let mq_ch = if normalize {
        r.normalize_product()
    } else {
        r.ch - 27
    };
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
mod tests;
