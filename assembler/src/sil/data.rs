//! Data words: decimal fractions, integers and sexadecimal words, converted exactly (no
//! floating point, so `.dec` gives the same word on every host).

use emu::silliac::orders::{sex_digit, WORD_MASK};

use super::error::SilError;

/// 2^39: one in the units of digit 39.
const ONE: u64 = 1 << 39;

/// A decimal fraction -1 <= x < 1 rounded to the nearest multiple of 2^-39 (ties away from
/// zero), as a 40-bit two's-complement word.
pub fn decimal_word(text: &str) -> Result<u64, SilError> {
    let bad = || SilError::BadDecimal(text.to_string());
    let (negative, body) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let (int_part, frac_part) = match body.split_once('.') {
        Some((i, f)) => (i, f),
        None => (body, ""),
    };
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (int_part.is_empty() && frac_part.is_empty())
        || !all_digits(int_part)
        || !all_digits(frac_part)
    {
        return Err(bad());
    }
    let int_value = int_part.trim_start_matches('0');
    if int_value.len() > 1 || int_value.bytes().next().is_some_and(|b| b > b'1') {
        return Err(SilError::DecimalOutOfRange(text.to_string()));
    }
    let mut magnitude: u64 = if int_value.is_empty() { 0 } else { ONE };
    // Binary digits of the fraction by repeated doubling of its decimal digits: the carry
    // out of the top digit is the next binary digit.
    let mut digits: Vec<u8> = frac_part.bytes().map(|b| b - b'0').collect();
    let mut next_bit = || {
        let mut carry = 0;
        for d in digits.iter_mut().rev() {
            let v = *d * 2 + carry;
            *d = v % 10;
            carry = v / 10;
        }
        carry as u64
    };
    let mut fraction: u64 = 0;
    for _ in 0..39 {
        fraction = fraction << 1 | next_bit();
    }
    let round = next_bit();
    magnitude += fraction + round;
    let in_range = if negative {
        magnitude <= ONE
    } else {
        magnitude < ONE
    };
    if !in_range {
        return Err(SilError::DecimalOutOfRange(text.to_string()));
    }
    Ok(if negative {
        magnitude.wrapping_neg() & WORD_MASK
    } else {
        magnitude
    })
}

/// An integer n, -2^39 <= n < 2^39, as the word n·2^-39.
pub fn integer_word(n: i64) -> Result<u64, SilError> {
    if !(-(ONE as i64)..ONE as i64).contains(&n) {
        return Err(SilError::IntegerOutOfRange(n));
    }
    Ok(n as u64 & WORD_MASK)
}

/// Exactly ten sexadecimal characters, digit 0 first.
pub fn sex_word(text: &str) -> Result<u64, SilError> {
    if text.chars().count() != 10 {
        return Err(SilError::BadSexWord(text.to_string()));
    }
    text.chars().try_fold(0u64, |w, c| {
        sex_digit(c)
            .map(|d| w << 4 | u64::from(d))
            .ok_or_else(|| SilError::BadSexWord(text.to_string()))
    })
}

/// The value of a word as a fraction, for comments in listings and disassembly.
pub fn word_fraction(word: u64) -> f64 {
    let signed = ((word << 24) as i64) >> 24;
    signed as f64 / ONE as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use emu::silliac::orders::word_to_sex;

    #[test]
    fn fractions() {
        assert_eq!(decimal_word("0.5").unwrap(), 0x80_0000_0000 >> 1);
        assert_eq!(word_to_sex(decimal_word("-0.5").unwrap()), "N000000000");
        assert_eq!(word_to_sex(decimal_word("-1").unwrap()), "8000000000");
        assert_eq!(word_to_sex(decimal_word("-1.000").unwrap()), "8000000000");
        assert_eq!(decimal_word(".25").unwrap(), 1 << 37);
        assert_eq!(decimal_word("+0.25").unwrap(), 1 << 37);
        assert_eq!(decimal_word("0").unwrap(), 0);
        assert_eq!(decimal_word("-0").unwrap(), 0);
        // 0.1 = 0.000110011001100...; 2^39 * 0.1 = 54975581388.8 -> 54975581389
        assert_eq!(decimal_word("0.1").unwrap(), 54_975_581_389);
        assert_eq!(decimal_word("-0.1").unwrap(), (1 << 40) - 54_975_581_389);
        // The largest fraction and a value that rounds up to 1.
        assert_eq!(
            decimal_word("0.999999999998181010596454143524169921875").unwrap(),
            ONE - 1
        );
        assert!(matches!(
            decimal_word("0.99999999999999"),
            Err(SilError::DecimalOutOfRange(_))
        ));
    }

    #[test]
    fn fraction_errors() {
        for bad in ["", "-", ".", "1e3", "0.5x", "--1", "0..1"] {
            assert!(
                matches!(decimal_word(bad), Err(SilError::BadDecimal(_))),
                "{bad}"
            );
        }
        for out in ["1", "1.0", "-1.5", "2", "-1.0000001", "10.0"] {
            assert!(
                matches!(decimal_word(out), Err(SilError::DecimalOutOfRange(_))),
                "{out}"
            );
        }
    }

    #[test]
    fn fractions_agree_with_floating_point() {
        // A second computation: for short decimals the f64 product is exact enough to round.
        for s in ["0.3", "0.123456", "-0.75", "0.999", "-0.000001"] {
            let x: f64 = s.parse().unwrap();
            let expect = (x * ONE as f64).round() as i64;
            assert_eq!(decimal_word(s).unwrap(), expect as u64 & WORD_MASK, "{s}");
        }
    }

    #[test]
    fn integers_and_sex() {
        assert_eq!(integer_word(10).unwrap(), 10);
        assert_eq!(integer_word(-1).unwrap(), WORD_MASK);
        assert_eq!(integer_word(-(1 << 39)).unwrap(), 1 << 39);
        assert!(integer_word(1 << 39).is_err());
        assert_eq!(sex_word("80028403F6").unwrap(), 0x80028403E6);
        assert_eq!(sex_word("7llllllll6").unwrap(), 0x7FFFFFFFF6);
        assert!(sex_word("80028403F").is_err());
        assert!(sex_word("80028403FA").is_err());
        assert_eq!(word_fraction(decimal_word("-0.25").unwrap()), -0.25);
    }
}
