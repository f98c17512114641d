//! Data words: DEC (integers, fixed point with a binary point `B`, floating point), OCT, BCI,
//! and the 7090's sign-magnitude word layout they share.

use super::bcd;
use super::error::Ibm7090Error;

/// The sign bit (S) of a 36-bit word.
pub const SIGN: u64 = 1 << 35;
/// Bits 1-35, the magnitude.
pub const MAGNITUDE: u64 = SIGN - 1;
/// All 36 bits.
pub const WORD: u64 = (1 << 36) - 1;

/// A sign and a magnitude into a word; None if the magnitude needs more than 35 bits.
pub fn signed_word(negative: bool, magnitude: u64) -> Option<u64> {
    (magnitude <= MAGNITUDE).then_some(if negative {
        SIGN | magnitude
    } else {
        magnitude
    })
}

/// One DEC item: `12`, `-5` (integers), `1B17`, `-.25B0`, `3.5E1B20` (fixed point: the binary
/// point lies after bit n, the value truncated toward zero), `3.5`, `1E-3`, `2.E5` (floating
/// point: characteristic 128 + exponent in bits 1-8, normalised fraction in bits 9-35, rounded).
pub fn dec_word(text: &str) -> Result<u64, Ibm7090Error> {
    let bad = || Ibm7090Error::BadDecimal(text.to_string());
    let range = || Ibm7090Error::DecimalOutOfRange(text.to_string());
    let (negative, body) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let upper = body.to_ascii_uppercase();
    let (number, binary_point) = match upper.split_once('B') {
        Some((n, b)) => {
            let b: i32 = parse_signed_int(b).ok_or_else(bad)?;
            (n.to_string(), Some(b))
        }
        None => (upper.clone(), None),
    };
    let (mantissa, exponent) = match number.split_once('E') {
        Some((m, e)) => (m.to_string(), Some(parse_signed_int(e).ok_or_else(bad)?)),
        None => (number.clone(), None),
    };
    let digits_ok = !mantissa.is_empty()
        && mantissa.chars().all(|c| c.is_ascii_digit() || c == '.')
        && mantissa.chars().filter(|&c| c == '.').count() <= 1
        && mantissa.chars().any(|c| c.is_ascii_digit());
    if !digits_ok {
        return Err(bad());
    }
    let is_float = binary_point.is_none() && (mantissa.contains('.') || exponent.is_some());
    if !is_float && binary_point.is_none() {
        // A plain integer, exactly.
        let mut m: u64 = 0;
        for c in mantissa.chars() {
            m = m
                .checked_mul(10)
                .and_then(|m| m.checked_add(u64::from(c as u8 - b'0')))
                .ok_or_else(range)?;
        }
        return signed_word(negative, m).ok_or_else(range);
    }
    let value: f64 = format!("{mantissa}E{}", exponent.unwrap_or(0))
        .parse()
        .map_err(|_| bad())?;
    if let Some(b) = binary_point {
        if !(-35..=70).contains(&b) {
            return Err(range());
        }
        let scaled = (value * 2f64.powi(35 - b)).trunc();
        if scaled >= (1u64 << 35) as f64 || scaled.is_nan() {
            return Err(range());
        }
        return signed_word(negative, scaled as u64).ok_or_else(range);
    }
    if value == 0.0 && mantissa.chars().any(|c| c.is_ascii_digit() && c != '0') {
        // Digits that are not all zero but underflow f64 (1E-400): far below the 7090's range.
        return Err(range());
    }
    float_word(negative, value).ok_or_else(range)
}

/// A non-negative magnitude into the 7090's single-precision floating-point word; None if
/// its exponent is outside the characteristic's range.
fn float_word(negative: bool, value: f64) -> Option<u64> {
    let sign = if negative { SIGN } else { 0 };
    if value == 0.0 {
        return Some(sign);
    }
    if !value.is_finite() {
        return None;
    }
    let (f, mut e) = frexp(value);
    let mut fraction = (f * (1u64 << 27) as f64).round() as u64;
    if fraction == 1 << 27 {
        fraction >>= 1;
        e += 1;
    }
    let characteristic = e + 128;
    if !(0..=255).contains(&characteristic) {
        return None;
    }
    Some(sign | (characteristic as u64) << 27 | fraction)
}

/// A positive finite value as f * 2^e with 0.5 <= f < 1, read from the IEEE bits rather than
/// by dividing by 2^e in floating point, which overflows to infinity near f64::MAX (1E308) and
/// to zero for subnormals, where a normalising loop would never end.
fn frexp(value: f64) -> (f64, i32) {
    const EXPONENT: u64 = 0x7ff << 52;
    let bits = value.to_bits();
    let biased = ((bits & EXPONENT) >> 52) as i32;
    if biased == 0 {
        // Subnormal: scale into the normal range first (exact, a power of two).
        let (f, e) = frexp(value * 2f64.powi(64));
        return (f, e - 64);
    }
    // The same significand with the exponent of 0.5.
    (f64::from_bits(bits & !EXPONENT | 1022 << 52), biased - 1022)
}

fn parse_signed_int(s: &str) -> Option<i32> {
    let (neg, d) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if d.is_empty() || d.len() > 4 || !d.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let v: i32 = d.parse().ok()?;
    Some(if neg { -v } else { v })
}

/// One OCT item: up to twelve octal digits with an optional sign (`-17` sets the sign bit).
pub fn oct_word(text: &str) -> Result<u64, Ibm7090Error> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(8)) {
        return Err(Ibm7090Error::BadOctal(text.to_string()));
    }
    let digits = digits.trim_start_matches('0');
    if digits.len() > 12 {
        return Err(Ibm7090Error::OctalOutOfRange(text.to_string()));
    }
    let v = u64::from_str_radix(if digits.is_empty() { "0" } else { digits }, 8)
        .map_err(|_| Ibm7090Error::BadOctal(text.to_string()))?;
    match negative {
        false => Ok(v),
        true if v <= MAGNITUDE => Ok(SIGN | v),
        true => Err(Ibm7090Error::OctalOutOfRange(text.to_string())),
    }
}

/// BCI text into words of six characters, padded with blanks. Errors carry the offset of the
/// bad character.
pub fn bci_words(text: &[char], words: usize) -> Result<Vec<u64>, (usize, Ibm7090Error)> {
    (0..words)
        .map(|i| {
            let chunk: Vec<char> = (0..6)
                .map(|j| text.get(i * 6 + j).copied().unwrap_or(' '))
                .collect();
            bcd::word(&chunk).map_err(|k| (i * 6 + k, Ibm7090Error::NotBcd(chunk[k])))
        })
        .collect()
}

/// A word as twelve octal digits, as listings print data.
pub fn octal(word: u64) -> String {
    format!("{:012o}", word & WORD)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_integers() {
        assert_eq!(dec_word("12"), Ok(12));
        assert_eq!(dec_word("-12"), Ok(SIGN | 12));
        assert_eq!(dec_word("+7"), Ok(7));
        assert_eq!(dec_word("-0"), Ok(SIGN));
        assert_eq!(dec_word("34359738367"), Ok(MAGNITUDE));
        assert!(dec_word("34359738368").is_err());
        assert!(dec_word("1x").is_err());
        assert!(dec_word("").is_err());
        assert!(dec_word("-").is_err());
    }

    #[test]
    fn fixed_point() {
        assert_eq!(dec_word("1B17"), Ok(1 << 18));
        assert_eq!(dec_word("1B35"), Ok(1));
        assert_eq!(dec_word(".5B0"), Ok(1 << 34));
        assert_eq!(dec_word("-.25B0"), Ok(SIGN | 1 << 33));
        assert_eq!(dec_word("3.5B17"), Ok(7 << 17));
        // 0.1 * 2^35 = 3435973836.8, truncated.
        assert_eq!(dec_word(".1B0"), Ok(3_435_973_836));
        assert_eq!(dec_word("1.5E1B35"), Ok(15));
        assert!(dec_word("1B0").is_err());
    }

    #[test]
    fn floating_point() {
        // 1.0 = .5 * 2^1: characteristic 129 = 0201, fraction 0400000000 (octal).
        assert_eq!(dec_word("1.0"), Ok(0o201400000000));
        assert_eq!(dec_word("1."), Ok(0o201400000000));
        assert_eq!(dec_word("-1.0"), Ok(SIGN | 0o201400000000));
        assert_eq!(dec_word("3.5"), Ok(0o202700000000));
        assert_eq!(dec_word("0.5"), Ok(0o200400000000));
        assert_eq!(dec_word("1E2"), Ok(0o207620000000));
        assert_eq!(dec_word("0.0"), Ok(0));
        assert!(dec_word("1E99").is_err());
    }

    /// Exponents past f64's or the 7090's range (`DEC 1E308`) are errors, never a panic or an
    /// endless normalising loop.
    #[test]
    fn floating_point_out_of_range() {
        for text in [
            "1E308",
            "1.7976931348623157E308",
            "1E-320",
            "1E-400",
            "1E39",
            "1E-39",
        ] {
            assert_eq!(
                dec_word(text),
                Err(Ibm7090Error::DecimalOutOfRange(text.to_string()))
            );
        }
        assert_eq!(dec_word("0E-400"), Ok(0));
        // Just inside: .5 * 2^127 and .5 * 2^-128.
        assert_eq!(dec_word("8.507059173023462E37"), Ok(0o377400000000));
        assert_eq!(dec_word("1.4693679385278594E-39"), Ok(0o000400000000));
        assert!(dec_word("1E999999999999").is_err());
        // Huge digit strings: an error, quickly.
        assert!(dec_word(&format!("1{}", "0".repeat(100_000))).is_err());
        assert!(dec_word(&format!("1{}.", "0".repeat(100_000))).is_err());
        assert!(dec_word(&format!(".{}1E30", "0".repeat(100_000))).is_err());
    }

    #[test]
    fn octal_words() {
        assert_eq!(oct_word("17"), Ok(0o17));
        assert_eq!(oct_word("-17"), Ok(SIGN | 0o17));
        assert_eq!(oct_word("777777777777"), Ok(WORD));
        assert_eq!(oct_word("0000000000000017"), Ok(0o17));
        assert!(oct_word("-400000000000").is_err());
        assert!(oct_word("1000000000000").is_err());
        assert!(oct_word("8").is_err());
        assert!(oct_word("").is_err());
    }

    #[test]
    fn bci() {
        let t: Vec<char> = "HELLO WORLD".chars().collect();
        assert_eq!(bci_words(&t, 2), Ok(vec![0o302543434660, 0o664651432460]));
        let t: Vec<char> = "AB!".chars().collect();
        assert_eq!(bci_words(&t, 1), Err((2, Ibm7090Error::NotBcd('!'))));
    }
}
