//! 9AP's data cards, read character by character as its pass 2 reads them: `OCT` (`OCTV`,
//! 9AP5 1439-1467), `DEC` (`DECOP`, 9AP5 1480-1638), `BCD` (9AP5 1412-1428) and `BCI`
//! (9AP5 603-624). None of them uses a symbol, so their words are known when the card is read.

use super::card::{Card, BLANK, LAST_FIELD_COLUMN};
use super::error::Ap9Error;
use crate::core::span::Span;
use emu::ibm7090::float;

const S: u64 = 1 << 35;
const MAGNITUDE: u64 = S - 1;
const COMMA: u8 = 0o73;
const MINUS: u8 = 0o40;
const PLUS: u8 = 0o20;
const POINT: u8 = 0o33;
const E: u8 = 0o25;
const B: u8 = 0o22;

type Fail = (Span, Ap9Error);

/// The characters of a variable field from `start` (a card without one reads as a blank).
struct Reader<'a> {
    card: &'a Card,
    col: usize,
    empty: bool,
}

impl Reader<'_> {
    fn new(card: &Card, start: Option<usize>) -> Reader<'_> {
        Reader {
            card,
            col: start.unwrap_or(1),
            empty: start.is_none(),
        }
    }

    /// The next character's code; reading past column 72 is refused.
    fn next(&mut self) -> Result<u8, Fail> {
        if self.empty {
            return Ok(BLANK);
        }
        if self.col > LAST_FIELD_COLUMN {
            return Err((self.card.span(self.col), Ap9Error::FieldPastColumn72));
        }
        let c = self.card.code(self.col)?;
        self.col += 1;
        Ok(c)
    }
}

/// How an octal number ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OctalEnd {
    Comma,
    /// A blank (the end of the field).
    Blank,
    /// Any other character: it ends the field too.
    Other,
}

/// `OCTV`: one octal number. Digits 0-7 shift in from the right (a one shifted into the sign
/// position sets the sign, so twelve digits keep all 36 bits and a 13th pushes the first one
/// out); `+` is ignored; `-` sets the sign and clears the digits before it.
fn octal(r: &mut Reader) -> Result<(u64, OctalEnd), Fail> {
    let (mut sign, mut magnitude) = (false, 0u64);
    loop {
        match r.next()? {
            d if d < 0o10 => {
                let shifted = magnitude << 3 | u64::from(d);
                // SLW stores the bit shifted into P as the sign; otherwise STO keeps the sign.
                sign |= shifted & S != 0;
                magnitude = shifted & MAGNITUDE;
            }
            COMMA => return Ok((word(sign, magnitude), OctalEnd::Comma)),
            MINUS => (sign, magnitude) = (true, 0),
            PLUS => {}
            BLANK => return Ok((word(sign, magnitude), OctalEnd::Blank)),
            _ => return Ok((word(sign, magnitude), OctalEnd::Other)),
        }
    }
}

fn word(sign: bool, magnitude: u64) -> u64 {
    if sign {
        S | magnitude
    } else {
        magnitude
    }
}

/// The words of an `OCT` card: comma-separated octal numbers.
pub fn oct(card: &Card, start: Option<usize>) -> Result<Vec<u64>, Fail> {
    let mut r = Reader::new(card, start);
    let mut out = Vec::new();
    loop {
        let (w, end) = octal(&mut r)?;
        out.push(w);
        if end != OctalEnd::Comma {
            return Ok(out);
        }
    }
}

/// The octal operand of SIR SIL RIR RIL RFT LFT RNT LNT IIR IIL: the number and how it ended.
pub fn octal_operand(card: &Card, start: Option<usize>) -> Result<(u64, OctalEnd), Fail> {
    octal(&mut Reader::new(card, start))
}

/// The words of a `DEC` card.
pub fn dec(card: &Card, start: Option<usize>) -> Result<Vec<u64>, Fail> {
    let mut r = Reader::new(card, start);
    let mut out = Vec::new();
    loop {
        let at = card.span(r.col);
        let (number, more) = Decimal::read(&mut r)?;
        out.push(number.word().ok_or((at, Ap9Error::DecimalOutOfRange))?);
        if !more {
            return Ok(out);
        }
    }
}

/// Where digits go: the mantissa, the decimal exponent after `E`, the binary point after `B`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Mantissa,
    Exponent,
    Binary,
}

/// One `DEC` number as read: N (the mantissa digits), k (the decimal exponent: digits dropped
/// before the point add one, digits kept after it take one off, `E` adds its exponent) and the
/// indicators (sense lights 1-3 in 9AP: point, exponent, binary point).
#[derive(Default)]
struct Decimal {
    n: i64,
    exponent: i64,
    binary: i64,
    k: i64,
    point: bool,
    e: bool,
    b: bool,
}

impl Decimal {
    /// Read one number; `true` if a comma followed it.
    fn read(r: &mut Reader) -> Result<(Decimal, bool), Fail> {
        let mut d = Decimal::default();
        let mut target = Target::Mantissa;
        let mut subtract = false;
        // After the point (until E or B) every step to the next character takes one off k.
        let mut counting = false;
        loop {
            let c = r.next()?;
            match c {
                0..=9 => {
                    let digit = i64::from(c);
                    let acc = match target {
                        Target::Mantissa => &mut d.n,
                        Target::Exponent => &mut d.exponent,
                        Target::Binary => &mut d.binary,
                    };
                    let tens = *acc * 10;
                    let v = if subtract { tens - digit } else { tens + digit };
                    if tens.abs() > MAGNITUDE as i64 || v.abs() > MAGNITUDE as i64 {
                        // TOV OVF: the digit is dropped and counted as a power of ten.
                        d.k += 1;
                    } else {
                        *acc = v;
                    }
                }
                POINT => {
                    d.point = true;
                    counting = true;
                    d.k += 1;
                }
                E | B => {
                    if c == E {
                        d.e = true;
                        target = Target::Exponent;
                    } else {
                        d.b = true;
                        target = Target::Binary;
                    }
                    counting = false;
                    subtract = false;
                    continue;
                }
                MINUS => subtract = true,
                PLUS => subtract = false,
                COMMA => return Ok((d, true)),
                _ => return Ok((d, false)),
            }
            if counting {
                d.k -= 1;
            }
        }
    }

    /// The word 9AP stores, or `None` where 9AP reports an error (exponent out of range,
    /// a floating-point spill, a negative shift for `B`).
    fn word(&self) -> Option<u64> {
        if self.n == 0 {
            return Some(0);
        }
        let integer = word(self.n < 0, self.n.unsigned_abs());
        if !self.e && !self.b && !self.point {
            return Some(integer);
        }
        // The decimal exponent is kept in an index register: 15 bits.
        let k = if self.e {
            self.k + self.exponent
        } else {
            self.k
        }
        .rem_euclid(1 << 15);
        // CM5-CM6: float N and scale it by 10^k with the 709's own floating-point orders,
        // as 9AP does (the emulator's floating-point unit, emu::ibm7090::float); a negative k
        // is its 15-bit complement in the index register.
        let k = if k >= 1 << 14 { k - (1 << 15) } else { k };
        let (ac, mq) = float::dec_9ap_ac_mq(self.n < 0, self.n.unsigned_abs(), k as i32).ok()?;
        if !self.b {
            return Some(ac);
        }
        // CM6: a fixed-point number with the binary point after bit b: shift the 35-bit
        // mantissa (27 bits of AC, the next 8 of MQ) right by 128 - characteristic + b.
        let characteristic = ((ac >> 27) & 0o377) as i64;
        let count = 128 - characteristic + self.binary;
        if count < 0 {
            return None;
        }
        let mantissa = (ac & 0o777777777) << 8 | (mq & 0o777777777) >> 19;
        let shifted = if count > 35 { 0 } else { mantissa >> count };
        Some((mq & S) | shifted)
    }
}

/// The words of a `BCD` card: the count in column 12 (1-9; blank or any other character: 10),
/// six characters a word from column 13, blanks included.
pub fn bcd(card: &Card) -> Result<Vec<u64>, Fail> {
    let count = match card.at(12) {
        '0' => return Err((card.span(12), Ap9Error::ZeroCount("BCD"))),
        c @ '1'..='9' => c as usize - '0' as usize,
        _ => 10,
    };
    text_words(card, 13, count)
}

/// The words of a `BCI` card: the first character of the variable field is the count (a digit
/// 1-9), the next is skipped, the text follows.
pub fn bci(card: &Card, start: Option<usize>) -> Result<Vec<u64>, Fail> {
    let Some(start) = start else {
        return Err((card.span(8), Ap9Error::BciCount));
    };
    let count = match card.at(start) {
        '0' => return Err((card.span(start), Ap9Error::ZeroCount("BCI"))),
        c @ '1'..='9' => c as usize - '0' as usize,
        _ => return Err((card.span(start), Ap9Error::BciCount)),
    };
    text_words(card, start + 2, count)
}

fn text_words(card: &Card, from: usize, count: usize) -> Result<Vec<u64>, Fail> {
    let last = from + 6 * count - 1;
    if last > LAST_FIELD_COLUMN {
        return Err((
            card.span(LAST_FIELD_COLUMN + 1),
            Ap9Error::FieldPastColumn72,
        ));
    }
    (0..count)
        .map(|w| {
            (0..6).try_fold(0u64, |acc, i| {
                Ok(acc << 6 | u64::from(card.code(from + 6 * w + i)?))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(op: &str, text: &str) -> Card {
        Card::new(&format!("       {op:<4}{text}"), 1)
    }

    fn oct1(text: &str) -> Vec<u64> {
        oct(&field("OCT", text), Some(12)).unwrap()
    }

    fn dec1(text: &str) -> u64 {
        let w = dec(&field("DEC", text), Some(12)).unwrap();
        assert_eq!(w.len(), 1, "{text}");
        w[0]
    }

    #[test]
    fn octal_words() {
        assert_eq!(oct1("453200000000"), vec![S | 0o053200000000]);
        assert_eq!(oct1("7777777777777"), vec![0o777777777777]);
        assert_eq!(oct1("377600000000"), vec![0o377600000000]);
        assert_eq!(oct1("-5"), vec![S | 5]);
        assert_eq!(oct1("5-3"), vec![S | 3]);
        assert_eq!(oct1("+17"), vec![0o17]);
        assert_eq!(oct1("164000000000,131,+0"), vec![0o164000000000, 0o131, 0]);
        assert_eq!(oct1("9,5"), vec![0]);
        assert_eq!(oct1("1,8"), vec![1, 0]);
        assert_eq!(oct(&field("OCT", ""), None).unwrap(), vec![0]);
    }

    #[test]
    fn decimal_words() {
        // docs/assembler.md, 9AP's DEC.
        for (text, word) in [
            ("1.0", 0o201400000000),
            ("-3.0", 0o602600000000),
            ("4.095E3", 0o214777700000),
            ("6.324E-19", 0o104565233127),
            ("2.99764E5", 0o223444572000),
            ("-6.4E1", 0o607400000000),
            ("7.05", 0o203703146314),
            ("6.282", 0o203622030446),
            ("7.04", 0o203702436560),
            ("997.0", 0o212762400000),
            ("35", 0o43),
            ("-5", S | 5),
            ("0", 0),
            ("-0", 0),
            ("0.0", 0),
            ("99999999999", 0o112402761777),
            ("1B17", 0o000001000000),
            ("3.5B20", 0o000000340000),
        ] {
            assert_eq!(dec1(text), word, "DEC {text}: {:012o}", dec1(text));
        }
        let w = dec(&field("DEC", "4.095E3,6.324E-19"), Some(12)).unwrap();
        assert_eq!(w, vec![0o214777700000, 0o104565233127]);
        let e = dec(&field("DEC", "1E39"), Some(12)).unwrap_err();
        assert_eq!(e.1, Ap9Error::DecimalOutOfRange);
    }

    /// Exponents and digit strings far outside the 709's range (`DEC 1E308`) are the card's
    /// error, never a panic or a hang, in 9AP's own conversion too.
    #[test]
    fn decimal_out_of_range() {
        for text in [
            "1E308",
            "1E-320",
            "1E99999999999999999999999999",
            "1E-9999999999999999999999999",
            "99999999999999999999999999999999999999999999999999999999.",
            "1E308B17",
            "1B-99999999999999999999999999999999",
        ] {
            let e = dec(&field("DEC", text), Some(12)).unwrap_err();
            assert_eq!(e.1, Ap9Error::DecimalOutOfRange, "DEC {text}");
        }
    }

    #[test]
    fn text() {
        let card = Card::new("       BCD 1PAI      TEST-PLACE", 1);
        assert_eq!(bcd(&card).unwrap(), vec![0o472131606060]);
        let card = Card::new("       BCI 1,ABCDEF", 1);
        assert_eq!(bci(&card, Some(12)).unwrap(), vec![0o212223242526]);
        let card = Card::new("       BCD 0", 1);
        assert!(bcd(&card).is_err());
        // A count of ten from column 13 runs exactly to column 72.
        let card = Card::new("       BCD  ", 1);
        assert_eq!(bcd(&card).unwrap(), vec![0o606060606060; 10]);
    }
}
