//! The 7094's double-precision floating point: DFAD DFSB DFAM DFSM, DUFA DUFS DUAM DUSM, DFMP
//! DUFM, DFDH DFDP. A double number is an even-odd pair of words: sign and characteristic in
//! the even one, the fraction its bits 9-35 and then the odd one's bits 9-35 (the odd word's
//! sign and characteristic are not used); in the registers AC holds the sign, characteristic
//! (Q, P, 1-8) and high fraction, MQ the low fraction with the result's sign and the
//! characteristic less 27 [S2: Wikipedia "IBM 7090"; SUP `fp_pack`].
//!
//! The semantics are SIMH's (`i7094_cpu1.c` op_dfad, op_dfmp, op_dfdv: the differential's
//! oracle), including what the double-precision hardware leaves in the sense indicators, which
//! it uses as a temporary register ("the sense-indicator register is needed for temporary
//! storage" [BN]). Each operation is a pure function of AC, MQ, SI and the two operand words
//! (the operand's sign already changed for DFSB, DFAM, DFSM: `Sign`), returning AC, MQ, SI, the
//! spill code, the divide check and the cycles [I] (docs/timing.md "The 709 and the 7094").

use super::{normalize_sum, pack, Aligned, Unpacked, BIAS, CH_MAX, FRACTION, LONG};
use crate::ibm7090::arith::{AC_P, AC_S, SIGN};

/// Bit 9 of a word (and of the AC): the normal bit of a fraction.
const B9: u64 = 1 << 26;

/// What a double-precision order leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub ac: u64,
    pub mq: u64,
    /// The sense indicators (unchanged where the operation does not write them).
    pub si: u64,
    /// Spill code (`super::spill`), 0 if the characteristics stayed in range.
    pub spill: u8,
    /// DFDH, DFDP: a divide check (no spill, no trap).
    pub divide_check: bool,
    pub cycles: u32,
}

/// AC:MQ as a double number: the AC's sign and characteristic (with Q and P), the 54-bit
/// fraction of both.
fn registers(ac: u64, mq: u64) -> Unpacked {
    let a = Unpacked::ac(ac);
    Unpacked {
        fr: a.fr | (mq & FRACTION),
        ..a
    }
}

/// C(Y):C(Y+1) as a double number: the even word's sign and characteristic.
fn operand(hi: u64, lo: u64) -> Unpacked {
    let h = Unpacked::word(hi);
    Unpacked {
        fr: h.fr | (lo & FRACTION),
        ..h
    }
}

/// A word of sign, characteristic (8 bits kept) and a 27-bit fraction, as SI receives it.
fn word(negative: bool, ch: i32, fr: u64) -> u64 {
    let sign = if negative { SIGN } else { 0 };
    sign | (((ch & CH_MAX) as u64) << 27) | (fr & FRACTION)
}

fn packed(r: Unpacked, mq_ch: i32, si: u64, cycles: u32) -> Outcome {
    let (ac, mq, spill) = pack(r, r.negative, mq_ch);
    Outcome {
        ac,
        mq,
        si,
        spill,
        divide_check: false,
        cycles,
    }
}

/// DFAD (and with `normalize` false DUFA): AC:MQ + C(Y):C(Y+1), by FAD's rules on the 54-bit
/// fractions (the larger characteristic wins, an AC with Q or P set always counts as the larger
/// with P ORed into its sign; the smaller shifted right by the difference, cleared beyond 77
/// octal). SI gets the larger operand's sign, characteristic and high fraction, except in two
/// early ends: the AC's characteristic larger by more than 100 octal and its bit 9 set (SI
/// kept), or C(Y)'s larger by more than 77 octal and its bit 9 set (SI gets C(Y)'s sign and
/// characteristic and the MQ's fraction) [SUP op_dfad].
///
/// Cycles [I]: FAD's (9M08A's steps, `super::add`) with the alignment and the normalizing
/// counted over the double fraction, and one more for the second word.
pub fn add(ac: u64, mq: u64, si: u64, hi: u64, lo: u64, normalize: bool) -> Outcome {
    let a = registers(ac, mq);
    let b = operand(hi, lo);
    let si = if a.ch > b.ch {
        if a.ch - b.ch > 0o100 && ac & B9 != 0 {
            si
        } else {
            word(a.negative, a.ch, a.high())
        }
    } else if b.ch - a.ch > 0o77 && hi & B9 != 0 {
        word(b.negative, b.ch, mq)
    } else {
        word(b.negative, b.ch, b.high())
    };
    let aligned = Aligned::new(a, ac & AC_P != 0, b);
    let mut r = aligned.sum();
    let mut cycles = 2 + 1 + aligned.align_cycles + 1 + 1;
    if normalize {
        cycles += normalize_sum(&mut r);
    }
    let mq_ch = if normalize && r.fr == 0 { 0 } else { r.ch - 27 };
    packed(r, mq_ch, si, cycles)
}

/// L cycles of one 27 × 27-bit partial product, MPY's per-bit rule [I] (`super::multiply`).
fn product_steps(multiplier: u64) -> u32 {
    (27 + 3 * (multiplier & FRACTION).count_ones()).div_ceil(12)
}

/// DFMP (and with `normalize` false DUFM): AC:MQ × C(Y):C(Y+1) as (A + B') × (C + D'), ' a
/// factor 2^-27: A·C + (A·D)' + (B·C)', the high 27 bits of each of the last two; B·D is never
/// formed. ±0 (the product's sign) with SI := C(Y) when either operand is a normal zero or A
/// and C are both 0; otherwise the characteristic is the AC's (8 bits) + C(Y)'s − 200 octal,
/// DFMP shifts left once when bit 9 is 0 and clears both characteristics when the high
/// fraction is 0; SI := (B·C)' (no sign or characteristic), or with A and B both 0 C(Y)
/// (DFMP) or C(Y)'s sign and characteristic (DUFM) [SUP op_dfmp].
///
/// Cycles [I]: 2 when it ends at once; otherwise I, E, one L for the characteristic, FMP's
/// steps for A·C and A·D (by A's bits) and B·C (by B's) and one L to finish.
pub fn multiply(ac: u64, mq: u64, hi: u64, lo: u64, normalize: bool) -> Outcome {
    let a = registers(ac, mq);
    let b = operand(hi, lo);
    let negative = a.negative ^ b.negative;
    let (f1h, f1l) = (a.fr >> 27, a.fr & FRACTION);
    let (f2h, f2l) = (b.fr >> 27, b.fr & FRACTION);
    if (a.ch == 0 && a.fr == 0) || (b.ch == 0 && b.fr == 0) || (f1h == 0 && f2h == 0) {
        let (ac, mq) = if negative { (AC_S, SIGN) } else { (0, 0) };
        return Outcome {
            ac,
            mq,
            si: hi,
            spill: 0,
            divide_check: false,
            cycles: 2,
        };
    }
    let cycles = 2 + 1 + 2 * product_steps(f1h) + product_steps(f1l) + 1;
    let mut r = Unpacked {
        negative,
        ch: (a.ch & CH_MAX) + b.ch - BIAS,
        fr: 0,
    };
    let si = if a.fr != 0 {
        let bc = (f1l * f2h) >> 27;
        r.fr = f1h * f2h + ((f1h * f2l) >> 27) + bc;
        bc
    } else if normalize {
        hi
    } else {
        word(b.negative, b.ch, 0)
    };
    let mq_ch = if normalize {
        r.normalize_product()
    } else {
        r.ch - 27
    };
    packed(r, mq_ch, si, cycles)
}

/// DFDH, DFDP: AC:MQ ÷ C(Y):C(Y+1), (A + B') / (C + D') to two terms: Q1 = (A + B')/C with
/// remainder R, Q2 = (R − Q1·D)/C (R − Q1·D to its high 27 bits), quotient Q1 ± Q2 normalized
/// (a late change to the 7094; single precision does not normalize) [SUP op_dfdv].
///
/// Divide check when |A| ≥ 2|C|: SI := 0, AC and MQ kept. A zero A: AC, MQ and SI := the
/// quotient's sign alone. A second divide check when |R − Q1·D| ≥ 2|C|: AC := R − Q1·D (its
/// sign), MQ := that sign alone, SI := Q1. Otherwise SI := the quotient's sign, characteristic
/// and Q1. A dividend fraction A not less than C is shifted right one first (characteristic
/// + 1). No spill carries the divide bit.
///
/// Cycles [I]: 3 on a divide check or a zero dividend (the first step ends it, as FDP); else
/// I, E, two divides of 12 L each (FDP's), FMP's steps for Q1·D and one L to finish; the
/// second divide check ends after the first divide and the product.
pub fn divide(ac: u64, mq: u64, hi: u64, lo: u64) -> Outcome {
    let mut a = registers(ac, mq);
    let b = operand(hi, 0);
    let ac_negative = a.negative;
    let negative = a.negative ^ b.negative;
    let (f1h, f2h) = (a.fr >> 27, b.fr >> 27);
    let end = |ac, mq, si, cycles, divide_check| Outcome {
        ac,
        mq,
        si,
        spill: 0,
        divide_check,
        cycles,
    };
    if f1h >= 2 * f2h {
        return end(ac, mq, 0, 3, true);
    }
    let sign = if negative { SIGN } else { 0 };
    if f1h == 0 {
        let ac = if negative { AC_S } else { 0 };
        return end(ac, sign, sign, 3, false);
    }
    a.ch &= CH_MAX;
    if f1h >= f2h {
        a.fr >>= 1;
        a.ch += 1;
    }
    let ch = a.ch - b.ch + BIAS;
    let (q1, rem) = (a.fr / f2h, a.fr % f2h);
    let rem = rem << 27;
    let q1d = (q1 * (lo & FRACTION)) & !FRACTION;
    let correct_down = rem < q1d;
    let diff = rem.abs_diff(q1d);
    let multiply = 1 + product_steps(q1) + 1;
    let si = word(negative, ch, q1);
    if diff >= 2 * b.fr {
        let s = correct_down ^ ac_negative;
        let ac = if s { AC_S } else { 0 } | ((diff >> 27) & FRACTION);
        return end(
            ac,
            if s { SIGN } else { 0 },
            si,
            2 + 12 + multiply + 1,
            true,
        );
    }
    let mut q2 = diff / f2h;
    if diff >= b.fr {
        q2 &= !1;
    }
    let q = q1 << 27;
    let mut r = Unpacked {
        negative,
        ch,
        fr: if correct_down {
            q.wrapping_sub(q2)
        } else {
            q + q2
        } & ((1 << LONG) - 1),
    };
    r.normalize();
    let mq_ch = if r.fr == 0 { 0 } else { r.ch - 27 };
    packed(r, mq_ch, si, 2 + 24 + multiply + 1)
}

#[cfg(test)]
mod tests;
