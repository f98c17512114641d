//! 9AP's reading of a variable field: `SCAN` (9AP5 297-460, pass 1 9AP3 450-613), once per
//! subfield. A subfield ends at a comma or a blank; after a blank every further subfield is 0.
//!
//! Characters other than `+ - * / , $` and blank accumulate into the current term, which keeps
//! its **last six** (`SCAN3`). A term is `*` alone (the location counter), all digits (zone
//! bits 00: a decimal number, `=` and `'` counting as 11 and 12), or a symbol. Operators are
//! applied by a deferred scheme (`ADD` `SUB` `MPY` `DIV`, 9AP5 425-453): the value is a sum
//! `TEQ` and a current product `TERM`; `+t` adds `TERM` to `TEQ` and makes `t` the new `TERM`,
//! `-t` the same with `-t`, `*t` multiplies `TERM` (low 35 bits), `/t` divides it (a divisor of
//! 0 leaves it as it is: a divide check, no division). A `*` met while the term is still empty
//! is a character, not an operator, so `*+2` is the location plus 2 and `**` is 0. `h$` names the
//! heading of the next term. The result is cut to 15 bits, a negative one as its 2's complement
//! (`EQL2`, 9AP5 337-340).

use super::card::{is_numeric, Card, LAST_FIELD_COLUMN};
use super::error::Ap9Error;
use crate::core::span::Span;

/// The six-bit code of `*`.
const STAR: u8 = 0o54;
/// 35 bits: the magnitude of a 709 word.
const MAGNITUDE: i64 = (1 << 35) - 1;

/// The operator applied when a term ends (the operator written before it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

/// What one term is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// `*`: the location counter.
    Here,
    Number(i64),
    /// A symbol: its last six characters as 9AP keeps them (right-justified six-bit codes), and
    /// the heading a `h$` before it named (else the current heading applies).
    Symbol {
        chars: u64,
        heading: Option<u8>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    pub op: Op,
    pub value: Value,
    /// The term as written (for messages) and where it starts.
    pub text: String,
    pub span: Span,
}

/// One subfield: its terms in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expr {
    pub terms: Vec<Term>,
}

impl Expr {
    /// The value: 15 bits, a negative one as its 2's complement. `value` gives each term's
    /// value (a symbol's); `here` is what `*` means.
    pub fn eval<E>(
        &self,
        here: i64,
        mut value: impl FnMut(&Term) -> Result<i64, E>,
    ) -> Result<u32, E> {
        let (mut teq, mut term) = (0i64, 0i64);
        for t in &self.terms {
            let v = match t.value {
                Value::Here => here,
                Value::Number(n) => n,
                Value::Symbol { .. } => value(t)?,
            };
            match t.op {
                Op::Add => {
                    teq = add(teq, term);
                    term = v;
                }
                Op::Sub => {
                    teq = add(teq, term);
                    term = -v;
                }
                // MPY: the low 35 bits of the product in MQ, with the product's sign.
                Op::Mul => {
                    let p = (u128::from(term.unsigned_abs()) * u128::from(v.unsigned_abs())) as i64
                        & MAGNITUDE;
                    term = if (term < 0) != (v < 0) { -p } else { p };
                }
                // DVP of (AC sign, 0 | MQ = |TERM|): no division (a divide check) by zero.
                Op::Div if v != 0 => {
                    let q = term.abs() / v.abs();
                    term = if (term < 0) != (v < 0) { -q } else { q };
                }
                Op::Div => {}
            }
        }
        Ok((add(teq, term) & 0o77777) as u32)
    }
}

/// The 709's sign-magnitude add: a carry out of bit 1 is lost when the sum is stored.
fn add(a: i64, b: i64) -> i64 {
    let s = a + b;
    s.signum() * (s.abs() & MAGNITUDE)
}

/// The value of a term of digits (`INT`, 9AP5 402-423): leading zero characters skipped, then
/// each character times ten, `=` and `'` counting 11 and 12.
fn number(chars: u64) -> i64 {
    (0..6)
        .rev()
        .map(|k| ((chars >> (6 * k)) & 0o77) as i64)
        .fold(0, |n, d| n * 10 + d)
}

/// The subfields of a variable field that starts in `start` (none if the card has no
/// variable field), as far as `SCAN` reads them: at most `count`, stopping at the first
/// blank. A field that runs past column 72 is refused: 9AP would read on into the card's
/// identification columns.
pub fn subfields(
    card: &Card,
    start: Option<usize>,
    count: usize,
) -> Result<Vec<Expr>, (Span, Ap9Error)> {
    let Some(start) = start else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    let mut col = start;
    while out.len() < count {
        let (expr, end) = subfield(card, col)?;
        out.push(expr);
        if card.at(end) != ',' {
            break;
        }
        col = end + 1;
    }
    Ok(out)
}

/// One subfield from `col`: the expression and the column of the comma or blank that ends it.
fn subfield(card: &Card, mut col: usize) -> Result<(Expr, usize), (Span, Ap9Error)> {
    let mut expr = Expr::default();
    let mut pending = Op::Add;
    let (mut chars, mut heading) = (0u64, None);
    let (mut text, mut from) = (String::new(), col);
    loop {
        if col > LAST_FIELD_COLUMN {
            return Err((card.span(col), Ap9Error::FieldPastColumn72));
        }
        let c = card.at(col);
        let op = match c {
            ' ' | ',' => None,
            '+' | '&' => Some(Op::Add),
            '-' => Some(Op::Sub),
            '/' => Some(Op::Div),
            '*' if chars != 0 => Some(Op::Mul),
            '$' => {
                // The characters so far name the heading of this term (the last one counts).
                heading = Some((chars & 0o77) as u8);
                chars = 0;
                text.push(c);
                col += 1;
                continue;
            }
            _ => {
                chars = (chars << 6 | u64::from(card.code(col)?)) & 0o777777777777;
                text.push(c.to_ascii_uppercase());
                col += 1;
                continue;
            }
        };
        let value = if chars == u64::from(STAR) {
            Value::Here
        } else if (0..6).all(|k| is_numeric(((chars >> (6 * k)) & 0o77) as u8)) {
            Value::Number(number(chars))
        } else {
            Value::Symbol { chars, heading }
        };
        expr.terms.push(Term {
            op: pending,
            value,
            text: std::mem::take(&mut text),
            span: card.span(from),
        });
        match op {
            None => return Ok((expr, col)),
            Some(op) => {
                pending = op;
                chars = 0;
                heading = None;
                col += 1;
                from = col;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first subfield of a card whose variable field starts in column 12.
    fn value(field: &str, here: i64) -> u32 {
        let card = Card::new(&format!("       PZE {field}"), 1);
        let e = subfields(&card, Some(12), 3).unwrap();
        e[0].eval(here, |t| -> Result<i64, ()> {
            Ok(match &t.text[..] {
                "A" => 10,
                "B" => 3,
                _ => 0,
            })
        })
        .unwrap()
    }

    #[test]
    fn arithmetic_as_9ap() {
        assert_eq!(value("A+B*2", 0), 16);
        assert_eq!(value("A-B-1", 0), 6);
        assert_eq!(value("-1", 0), 0o77777);
        assert_eq!(value("32767+2", 0), 1);
        assert_eq!(value("*+2", 100), 102);
        assert_eq!(value("*-1", 100), 99);
        assert_eq!(value("**", 100), 0);
        assert_eq!(value("A/B", 0), 3);
        assert_eq!(value("A/0", 0), 10);
        assert_eq!(value("-A/B", 0), 0o77775);
        assert_eq!(value("3*64", 0), 192);
        // Digits keep their last six; '=' counts 11.
        assert_eq!(value("1234567", 0), 234567 & 0o77777);
        assert_eq!(value("=5", 0), 115);
        assert_eq!(value("", 0), 0);
    }

    #[test]
    fn subfields_and_blanks() {
        let card = Card::new("       TXI *+1,4,0   REMARK,9", 1);
        let e = subfields(&card, Some(12), 3).unwrap();
        assert_eq!(e.len(), 3);
        assert_eq!(e[1].terms[0].value, Value::Number(4));
        let card = Card::new("       IOCD 3,,20", 1);
        let e = subfields(&card, Some(13), 3).unwrap();
        assert_eq!(e[1].terms[0].value, Value::Number(0));
        assert_eq!(e[2].terms[0].value, Value::Number(20));
        // A blank ends the field: the rest is remark.
        let card = Card::new("       TXL *+2,1 3M", 1);
        assert_eq!(subfields(&card, Some(12), 3).unwrap().len(), 2);
        // Headings: the last character before '$'.
        let card = Card::new("       PZE Q$AB+0$C", 1);
        let e = subfields(&card, Some(12), 1).unwrap();
        assert!(matches!(
            e[0].terms[0].value,
            Value::Symbol {
                heading: Some(0o50),
                ..
            }
        ));
        assert!(matches!(
            e[0].terms[1].value,
            Value::Symbol {
                heading: Some(0),
                ..
            }
        ));
        // A field that does not end by column 72.
        let card = Card::new(&format!("       OCT {}", "1".repeat(70)), 4);
        assert_eq!(
            subfields(&card, Some(12), 1).unwrap_err(),
            (Span::new(4, 73), Ap9Error::FieldPastColumn72)
        );
    }
}
