//! The 709 floating-point instructions as 9AP's `DEC` conversion uses them (FAD, FSB, FMP,
//! FDP, ACL; 9AP5 1568-1606): truncating, with the low-order part in the MQ. The rules are the
//! 709's as SIMH's `i7094` models them (docs/ibm7090.md; /work/briefs/7090-gap.md §9):
//!
//! * FAD: the operand with the smaller characteristic is shifted right by the difference into a
//!   54-bit fraction (none of it is kept beyond 63 places), then added or subtracted; a carry
//!   out shifts right one; the sum is normalised. AC gets the high 27 bits, MQ the low 27 with
//!   characteristic - 27, both the result's sign; a zero fraction gives characteristic 0.
//! * FMP: MQ x C(Y), the 54-bit product of the fractions, normalised by at most one place.
//! * FDP: AC / C(Y); quotient in MQ, remainder in AC (characteristic - 27, the dividend's sign).
//!
//! Nothing here can spill in a conversion 9AP makes of a number it accepts; a spill (which
//! would make the real machine trap) is reported as `None`, and the conversion as an error.

/// Sign bit.
const S: u64 = 1 << 35;
/// 27 bits of fraction.
const FRACTION: u64 = (1 << 27) - 1;
/// The top bit of the 54-bit fraction: normalised.
const NORMAL: u64 = 1 << 53;

/// An unpacked number: sign, characteristic, 54-bit fraction (the word's 27 bits on top).
#[derive(Clone, Copy, Debug)]
struct Fp {
    s: bool,
    ch: i32,
    fr: u64,
}

fn unpack(w: u64) -> Fp {
    Fp {
        s: w & S != 0,
        ch: ((w >> 27) & 0o377) as i32,
        fr: (w & FRACTION) << 27,
    }
}

/// AC and MQ of a result; `None` on a spill (a characteristic outside 0..255).
fn pack(r: Fp, mqch: i32) -> Option<(u64, u64)> {
    if !(0..=255).contains(&r.ch) || !(0..=255).contains(&mqch) {
        return None;
    }
    let s = if r.s { S } else { 0 };
    Some((
        s | (r.ch as u64) << 27 | r.fr >> 27,
        s | (mqch as u64) << 27 | (r.fr & FRACTION),
    ))
}

/// FAD: AC + C(Y), normalised; (AC, MQ).
pub fn fad(ac: u64, y: u64) -> Option<(u64, u64)> {
    let (mut a, mut b) = (unpack(ac), unpack(y));
    if a.ch > b.ch {
        std::mem::swap(&mut a, &mut b);
    }
    let diff = b.ch - a.ch;
    if diff > 0 {
        a.fr = if diff > 0o77 { 0 } else { a.fr >> diff };
    }
    if a.s != b.s {
        if a.fr >= b.fr {
            b.fr = a.fr - b.fr;
            b.s = a.s;
        } else {
            b.fr -= a.fr;
        }
    } else {
        b.fr += a.fr;
        if b.fr >> 54 != 0 {
            b.fr >>= 1;
            b.ch += 1;
        }
    }
    if b.fr == 0 {
        b.ch = 0;
        return pack(b, 0);
    }
    while b.fr & NORMAL == 0 {
        b.fr <<= 1;
        b.ch -= 1;
    }
    pack(b, b.ch - 27)
}

/// FSB: FAD of C(Y) with its sign inverted.
pub fn fsb(ac: u64, y: u64) -> Option<(u64, u64)> {
    fad(ac, y ^ S)
}

/// FMP: MQ x C(Y); (AC, MQ).
pub fn fmp(mq: u64, y: u64) -> Option<(u64, u64)> {
    let (a, b) = (unpack(mq), unpack(y));
    let s = a.s != b.s;
    if b.ch == 0 && b.fr == 0 {
        let z = if s { S } else { 0 };
        return Some((z, z));
    }
    let mut r = Fp {
        s,
        ch: a.ch + b.ch - 128,
        fr: (a.fr >> 27) * (b.fr >> 27),
    };
    if r.fr & NORMAL == 0 {
        r.fr <<= 1;
        r.ch -= 1;
    }
    if r.fr >> 27 == 0 {
        r.ch = 0;
        return pack(r, 0);
    }
    pack(r, r.ch - 27)
}

/// FDP: AC / C(Y); (AC = remainder, MQ = quotient). `None` also on a divide check.
pub fn fdp(ac: u64, y: u64) -> Option<(u64, u64)> {
    let (mut a, b) = (unpack(ac), unpack(y));
    let quotient_sign = if a.s != b.s { S } else { 0 };
    if a.fr >= 2 * b.fr {
        return None;
    }
    if a.fr == 0 {
        return Some((0, quotient_sign));
    }
    if a.fr >= b.fr {
        a.fr >>= 1;
        a.ch += 1;
    }
    let divisor = b.fr >> 27;
    let (q, r) = (a.fr / divisor, a.fr % divisor);
    let qch = a.ch - b.ch + 128;
    let rch = a.ch - 27;
    if !(0..=255).contains(&qch) || !(0..=255).contains(&rch) {
        return None;
    }
    let rs = if a.s { S } else { 0 };
    Some((
        rs | (rch as u64) << 27 | r,
        quotient_sign | (qch as u64) << 27 | q,
    ))
}

/// ACL: C(Y) added to AC bits P,1-35 as a 36-bit logical sum with the carry out of P added
/// back at the right; the AC's sign is not touched. Returns the AC word and its P bit.
pub fn acl(ac: u64, y: u64) -> (u64, bool) {
    let mut sum = (ac & (S - 1)) + y;
    if sum >> 36 != 0 {
        sum = (sum & ((1 << 36) - 1)) + 1;
    }
    ((ac & S) | (sum & (S - 1)), sum & S != 0)
}

/// P(k): 10^k x 2^-35 as a normalised floating-point word rounded to nearest, k = 0..=48, as
/// the table after `Q128` in 9AP5 105-117 holds them (all 48 are the correctly rounded values,
/// 9ap-conventions §4.4, and a test reads them from 9ap.src).
pub fn power_of_ten(k: u32) -> u64 {
    // 10^k as little-endian 32-bit limbs.
    let mut limbs: Vec<u64> = vec![1];
    for _ in 0..k {
        let mut carry = 0u64;
        for l in limbs.iter_mut() {
            let v = *l * 10 + carry;
            *l = v & 0xFFFF_FFFF;
            carry = v >> 32;
        }
        if carry != 0 {
            limbs.push(carry);
        }
    }
    let bit = |i: u64| -> u64 {
        let (limb, at) = ((i / 32) as usize, i % 32);
        limbs.get(limb).map_or(0, |l| (l >> at) & 1)
    };
    // The number of bits of 10^k; its fraction is the first 27, rounded (half up) by the next.
    let last = limbs.last().copied().unwrap_or(1);
    let top = (limbs.len() as u64 - 1) * 32 + (64 - u64::from(last.leading_zeros()));
    let mut fraction = 0u64;
    for i in 0..27u64 {
        fraction = fraction << 1 | if top > i { bit(top - 1 - i) } else { 0 };
    }
    let mut exponent = top as i64;
    if top > 27 && bit(top - 28) == 1 {
        fraction += 1;
        if fraction >> 27 != 0 {
            fraction >>= 1;
            exponent += 1;
        }
    }
    // value = 0.fraction x 2^exponent x 2^-35.
    ((128 + exponent - 35) as u64) << 27 | fraction
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_of_ten() {
        // 9AP5 106: 10^1, 10^2; 9AP5 117: 10^48.
        assert_eq!(power_of_ten(1), 0o141500000000);
        assert_eq!(power_of_ten(2), 0o144620000000);
        assert_eq!(power_of_ten(48), 0o375536246150);
        assert_eq!(power_of_ten(0), 0o136400000000);
    }

    #[test]
    fn arithmetic() {
        // 1.0 + 1.0 = 2.0; 2.0 x 3.0 = 6.0; 6.0 / 2.0 = 3.0.
        let one = 0o201400000000;
        assert_eq!(fad(one, one), Some((0o202400000000, 0o147000000000)));
        assert_eq!(fsb(one, one), Some((0, 0)));
        let (six, _) = fmp(0o202400000000, 0o202600000000).unwrap();
        assert_eq!(six, 0o203600000000);
        let (_, three) = fdp(six, 0o202400000000).unwrap();
        assert_eq!(three, 0o202600000000);
        assert_eq!(acl(0o777777777777, 1), (0o400000000000, true));
        assert_eq!(acl(0o377777777777, 0o777777777777), (0o377777777777, false));
        assert_eq!(acl(0o377000000000, 0o043000000000), (0o042000000000, true));
    }
}
