//! Address expressions: `['+'|'-'] product (('+'|'-') product)*`, `product = term (('*'|'/')
//! term)*`, a term being a decimal number, a number in the dialect's other radix (SILLIAC: `#`
//! and sexadecimal digits), a character constant, a symbol, or `*` (the current word; after a
//! term `*` multiplies). Evaluation never guesses: a symbol not yet known makes the value
//! pending, and the layout passes iterate to a fixed point (see `symbols`).

use super::cursor::{describe_next, is_name_char, is_name_start, Cursor};
use std::collections::BTreeSet;

use super::diag::{Collector, CoreError};
use super::span::Span;

/// Numbers may not exceed this magnitude (a 40-bit word's range, with room for a sign).
pub const NUMBER_LIMIT: i64 = 1 << 40;

/// How a dialect writes numbers in its second radix, and what else its terms allow.
#[derive(Clone, Copy, Debug)]
pub struct NumberSyntax {
    /// The character that introduces a number in the second radix; `None`: no second radix in
    /// expressions (FAP writes octal only in OCT, BOOL and `=O` literals).
    pub prefix: Option<char>,
    pub radix: u32,
    pub digit: fn(char) -> Option<u8>,
    /// The value of a character constant `'c'` (`'\n'` for a newline), if the dialect has them.
    pub character: Option<fn(char) -> Option<i64>>,
    /// A name may start with a digit if it holds another character (FAP: `2ND`, `9L`);
    /// otherwise such a token is a malformed number.
    pub digit_names: bool,
    /// Characters a name may hold besides letters, digits, `_` and `.` (FAP: `(IOS)`, and `$`,
    /// which joins a heading to a name: `B$(IOS)`).
    pub name_chars: &'static str,
    /// The radix of a number written without a prefix: 10, or 8 where a dialect reads octal
    /// (FAP's Boolean operands).
    pub plain_radix: u32,
    /// `*` followed by a name character starts a name (FAP reads `*8` as a symbol); otherwise
    /// a term `*` is the current word.
    pub star_names: bool,
}

impl NumberSyntax {
    /// Decimal numbers, symbols and `*` only.
    pub const DECIMAL: NumberSyntax = NumberSyntax {
        prefix: None,
        radix: 10,
        digit: |c| c.to_digit(10).map(|d| d as u8),
        character: None,
        digit_names: false,
        name_chars: "",
        plain_radix: 10,
        star_names: false,
    };

    fn is_name_char(&self, c: char) -> bool {
        is_name_char(c) || self.name_chars.contains(c)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    Number(i64),
    Symbol(String),
    /// `*`: the address of the current word.
    Here,
}

/// `* term` or `/ term` after an operand's first term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Factor {
    pub divide: bool,
    pub term: Term,
    pub span: Span,
}

/// A signed product: `-term * term / term`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operand {
    pub negative: bool,
    pub term: Term,
    pub span: Span,
    pub factors: Vec<Factor>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    pub operands: Vec<Operand>,
    pub span: Span,
}

/// What the symbol table knows about a name during a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    Value(i64),
    /// Not (yet) known: defined later, defined circularly, or not at all.
    Pending,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Eval {
    Value(i64),
    /// The names that were not known, with where they were used.
    Pending(Vec<(String, Span)>),
    /// A division by zero at this divisor.
    DivideByZero(Span),
}

impl Eval {
    /// The value, or the errors that stand in its way reported to `errors`: a name still
    /// pending is circular if `defined` (defined somewhere in the source), else undefined.
    pub fn value_or_report<E: From<CoreError> + PartialEq>(
        self,
        defined: &BTreeSet<String>,
        errors: &mut Collector<E>,
    ) -> Option<i64> {
        match self {
            Eval::Value(v) => Some(v),
            Eval::Pending(names) => {
                for (n, span) in names {
                    let err = if defined.contains(&n) {
                        CoreError::CircularSymbol(n)
                    } else {
                        CoreError::UndefinedSymbol(n)
                    };
                    errors.error(span, err);
                }
                None
            }
            Eval::DivideByZero(span) => {
                errors.error(span, CoreError::DivideByZero);
                None
            }
        }
    }
}

impl Expr {
    /// A plain number, e.g. for building expressions in code.
    pub fn number(n: i64, span: Span) -> Expr {
        Expr {
            operands: vec![Operand {
                negative: false,
                term: Term::Number(n),
                span,
                factors: Vec::new(),
            }],
            span,
        }
    }

    /// The symbol, if the expression is exactly one symbol with no sign or offset.
    pub fn bare_symbol(&self) -> Option<&str> {
        match self.operands.as_slice() {
            [Operand {
                negative: false,
                term: Term::Symbol(s),
                factors,
                ..
            }] if factors.is_empty() => Some(s),
            _ => None,
        }
    }

    /// Every symbol named in the expression.
    pub fn symbols(&self) -> impl Iterator<Item = (&str, Span)> {
        self.operands
            .iter()
            .flat_map(|o| {
                std::iter::once((&o.term, o.span))
                    .chain(o.factors.iter().map(|f| (&f.term, f.span)))
            })
            .filter_map(|(t, span)| match t {
                Term::Symbol(s) => Some((s.as_str(), span)),
                _ => None,
            })
    }

    pub fn eval(&self, here: i64, mut lookup: impl FnMut(&str) -> Lookup) -> Eval {
        let mut total: i64 = 0;
        let mut pending = Vec::new();
        let mut value = |t: &Term, span: Span, pending: &mut Vec<(String, Span)>| match t {
            Term::Number(n) => *n,
            Term::Here => here,
            Term::Symbol(s) => match lookup(s) {
                Lookup::Value(v) => v,
                Lookup::Pending => {
                    pending.push((s.clone(), span));
                    // A stand-in that cannot divide by zero; the result is not used.
                    1
                }
            },
        };
        for o in &self.operands {
            let mut v = value(&o.term, o.span, &mut pending);
            for f in &o.factors {
                let x = value(&f.term, f.span, &mut pending);
                if f.divide {
                    if x == 0 {
                        return Eval::DivideByZero(f.span);
                    }
                    // Rounds toward zero; MIN / -1 saturates like the other operations.
                    v = v.checked_div(x).unwrap_or(i64::MAX);
                } else {
                    v = v.saturating_mul(x);
                }
            }
            // Saturating: the range checks of the caller then reject the value.
            total = if o.negative {
                total.saturating_sub(v)
            } else {
                total.saturating_add(v)
            };
        }
        if pending.is_empty() {
            Eval::Value(total)
        } else {
            Eval::Pending(pending)
        }
    }
}

/// Parse an expression at the cursor. Stops before anything that cannot continue it.
pub fn parse_expr(c: &mut Cursor, syntax: &NumberSyntax) -> Result<Expr, (Span, CoreError)> {
    c.skip_spaces();
    let span = c.span();
    let mut operands = Vec::new();
    let mut first = true;
    loop {
        c.skip_spaces();
        let sign_span = c.span();
        let (negative, signed) = if c.eat('-') {
            (true, true)
        } else if c.eat('+') {
            (false, true)
        } else if !first {
            break;
        } else {
            (false, false)
        };
        c.skip_spaces();
        let at = c.span();
        let term = parse_term(c, syntax).map_err(|(s, e)| {
            if let CoreError::ExpectedTerm { found } = e {
                if signed {
                    (s, CoreError::ExpectedTerm { found })
                } else {
                    (sign_span, CoreError::ExpectedExpression { found })
                }
            } else {
                (s, e)
            }
        })?;
        let mut factors = Vec::new();
        loop {
            c.skip_spaces();
            let divide = match c.peek() {
                Some('*') => false,
                Some('/') => true,
                _ => break,
            };
            c.bump();
            c.skip_spaces();
            let span = c.span();
            let term = parse_term(c, syntax)?;
            factors.push(Factor { divide, term, span });
        }
        operands.push(Operand {
            negative,
            term,
            span: at,
            factors,
        });
        first = false;
    }
    Ok(Expr { operands, span })
}

/// One term at the cursor (spaces already skipped).
fn parse_term(c: &mut Cursor, syntax: &NumberSyntax) -> Result<Term, (Span, CoreError)> {
    let at = c.span();
    Ok(match c.peek() {
        Some('*') if syntax.star_names && c.peek_at(1).is_some_and(|n| syntax.is_name_char(n)) => {
            c.bump();
            Term::Symbol(format!("*{}", c.take_while(|ch| syntax.is_name_char(ch))))
        }
        Some('*') => {
            c.bump();
            Term::Here
        }
        Some(ch) if ch.is_ascii_digit() => {
            let text = c.take_while(|ch| syntax.is_name_char(ch));
            if syntax.digit_names && text.chars().any(|c| !c.is_ascii_digit()) {
                Term::Symbol(text)
            } else {
                Term::Number(plain(&text, syntax.plain_radix).map_err(|e| (at, e))?)
            }
        }
        Some(ch) if Some(ch) == syntax.prefix => {
            c.bump();
            let text = c.take_while(is_name_char);
            Term::Number(radix(&text, syntax).map_err(|e| (at, e))?)
        }
        Some(ch) if is_name_start(ch) || syntax.name_chars.contains(ch) => {
            Term::Symbol(c.take_while(|ch| syntax.is_name_char(ch)))
        }
        Some('\'') if syntax.character.is_some() => {
            Term::Number(character(c, syntax).map_err(|e| (at, e))?)
        }
        _ => {
            return Err((
                at,
                CoreError::ExpectedTerm {
                    found: describe_next(c),
                },
            ))
        }
    })
}

/// `'c'` or `'\n'`, the cursor on the opening quote.
fn character(c: &mut Cursor, syntax: &NumberSyntax) -> Result<i64, CoreError> {
    let start = c.position();
    c.bump();
    let ch = match c.bump() {
        Some('\\') => match c.bump() {
            Some('n') => Some('\n'),
            other => other.map(|_| '\0'),
        },
        other => other,
    };
    let closed = c.eat('\'');
    let text: String = {
        let end = c.position();
        c.set_position(start);
        let t = c.take_while(|_| true);
        c.set_position(end);
        t.chars().take(end - start).collect()
    };
    match (ch, closed) {
        (Some(ch), true) if ch != '\0' => syntax
            .character
            .and_then(|f| f(ch))
            .ok_or(CoreError::BadCharacter(text)),
        _ => Err(CoreError::BadCharacter(text)),
    }
}

/// A number of digits in `radix` (10 or 8).
fn plain(text: &str, radix: u32) -> Result<i64, CoreError> {
    if !text.chars().all(|c| c.is_digit(radix)) {
        return Err(CoreError::BadNumber(text.to_string()));
    }
    let mut v: i64 = 0;
    for ch in text.chars() {
        v = v * i64::from(radix) + i64::from(ch as u8 - b'0');
        if v > NUMBER_LIMIT {
            return Err(CoreError::NumberTooLarge(text.to_string()));
        }
    }
    Ok(v)
}

fn radix(text: &str, syntax: &NumberSyntax) -> Result<i64, CoreError> {
    let shown = format!("{}{}", syntax.prefix.unwrap_or(' '), text);
    if text.is_empty() {
        return Err(CoreError::BadNumber(shown));
    }
    let mut v: i64 = 0;
    for ch in text.chars() {
        let d = (syntax.digit)(ch).ok_or_else(|| CoreError::BadNumber(shown.clone()))?;
        v = v * i64::from(syntax.radix) + i64::from(d);
        if v > NUMBER_LIMIT {
            return Err(CoreError::NumberTooLarge(shown));
        }
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEX: NumberSyntax = NumberSyntax {
        prefix: Some('#'),
        radix: 16,
        digit: |c| c.to_digit(16).map(|d| d as u8),
        character: Some(|c| c.is_ascii_uppercase().then_some(c as i64)),
        digit_names: false,
        name_chars: "",
        plain_radix: 10,
        star_names: false,
    };

    #[test]
    fn digit_names_and_no_prefix() {
        const NAMED: NumberSyntax = NumberSyntax {
            radix: 8,
            digit: |c| c.to_digit(8).map(|d| d as u8),
            digit_names: true,
            ..NumberSyntax::DECIMAL
        };
        let e = parse_expr(&mut Cursor::new("2ND+10", 1), &NAMED).unwrap();
        assert_eq!(e.operands[0].term, Term::Symbol("2ND".into()));
        assert_eq!(e.operands[1].term, Term::Number(10));
        assert!(parse_expr(&mut Cursor::new("#7", 1), &NAMED).is_err());
        assert!(parse_expr(&mut Cursor::new("2ND", 1), &HEX).is_err());
        const MARKS: NumberSyntax = NumberSyntax {
            name_chars: "()$",
            ..NAMED
        };
        let e = parse_expr(&mut Cursor::new("B$(IOS)-)002+9L", 1), &MARKS).unwrap();
        let terms: Vec<&Term> = e.operands.iter().map(|o| &o.term).collect();
        assert_eq!(
            terms,
            [
                &Term::Symbol("B$(IOS)".into()),
                &Term::Symbol(")002".into()),
                &Term::Symbol("9L".into())
            ]
        );
        assert!(e.operands[1].negative);
        assert!(parse_expr(&mut Cursor::new("(IOS)", 1), &NAMED).is_err());
    }

    fn parse(s: &str) -> Result<Expr, (Span, CoreError)> {
        parse_expr(&mut Cursor::new(s, 1), &HEX)
    }

    fn value(s: &str) -> i64 {
        match parse(s).unwrap().eval(100, |n| {
            if n == "a" {
                Lookup::Value(7)
            } else {
                Lookup::Pending
            }
        }) {
            Eval::Value(v) => v,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn values() {
        assert_eq!(value("12"), 12);
        assert_eq!(value("a+1"), 8);
        assert_eq!(value("a - 10 + #1F"), 28);
        assert_eq!(value("-a"), -7);
        assert_eq!(value("*+2"), 102);
        assert_eq!(value("*-*"), 0);
        assert_eq!(value("'A'+1"), 66);
        assert_eq!(value("2*a+1"), 15);
        assert_eq!(value("1+a*2"), 15);
        assert_eq!(value("-a/2"), -3);
        assert_eq!(value("**2"), 200);
        assert_eq!(value("8 * 8 - 1"), 63);
        assert_eq!(value("a/2*2"), 6);
    }

    #[test]
    fn pending_names_are_listed() {
        let e = parse("a+b-c").unwrap();
        let Eval::Pending(p) = e.eval(0, |n| {
            if n == "a" {
                Lookup::Value(1)
            } else {
                Lookup::Pending
            }
        }) else {
            panic!()
        };
        assert_eq!(
            p,
            vec![("b".into(), Span::new(1, 3)), ("c".into(), Span::new(1, 5))]
        );
    }

    #[test]
    fn bare() {
        assert_eq!(parse("loop").unwrap().bare_symbol(), Some("loop"));
        assert_eq!(parse("loop+0").unwrap().bare_symbol(), None);
        assert_eq!(parse("loop*1").unwrap().bare_symbol(), None);
        assert_eq!(parse("-loop").unwrap().bare_symbol(), None);
    }

    #[test]
    fn divide_by_zero() {
        let e = parse("a/(0)");
        assert!(e.is_err());
        let e = parse("a/0").unwrap();
        assert_eq!(
            e.eval(0, |_| Lookup::Value(1)),
            Eval::DivideByZero(Span::new(1, 3))
        );
        // A pending divisor is not a division by zero.
        let e = parse("1/b").unwrap();
        assert!(matches!(e.eval(0, |_| Lookup::Pending), Eval::Pending(_)));
    }

    #[test]
    fn stops_before_other_text() {
        let mut c = Cursor::new("a+1 ; comment", 1);
        parse_expr(&mut c, &HEX).unwrap();
        c.skip_spaces();
        assert_eq!(c.peek(), Some(';'));
    }

    #[test]
    fn errors() {
        assert_eq!(
            parse("").unwrap_err(),
            (
                Span::new(1, 1),
                CoreError::ExpectedExpression {
                    found: "the end of the line".into()
                }
            )
        );
        assert_eq!(
            parse("a+ ;").unwrap_err(),
            (
                Span::new(1, 4),
                CoreError::ExpectedTerm {
                    found: "';'".into()
                }
            )
        );
        assert_eq!(
            parse("12x").unwrap_err().1,
            CoreError::BadNumber("12x".into())
        );
        assert_eq!(parse("#").unwrap_err().1, CoreError::BadNumber("#".into()));
        assert_eq!(
            parse("#G").unwrap_err().1,
            CoreError::BadNumber("#G".into())
        );
        assert_eq!(
            parse("'a'").unwrap_err().1,
            CoreError::BadCharacter("'a'".into())
        );
        assert_eq!(
            parse("'A").unwrap_err().1,
            CoreError::BadCharacter("'A".into())
        );
        assert_eq!(
            parse("'\\q'").unwrap_err().1,
            CoreError::BadCharacter("'\\q'".into())
        );
        assert!(matches!(
            parse("99999999999999").unwrap_err().1,
            CoreError::NumberTooLarge(_)
        ));
    }
}
