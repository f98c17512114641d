//! The line parser: `[label:]... [order [| order] | directive] [; comment]`.
//! Each line is parsed on its own; a line with an error is reported and skipped, and the
//! other lines are still parsed so that every error of the file is found.

use emu::silliac::orders::{parse_function, sex_digit};

use super::data::{decimal_word, sex_word};
use super::error::SilError;
use crate::core::cursor::{describe_next, is_name_char, is_name_start, Cursor};
use crate::core::diag::CoreError;
use crate::core::expr::{parse_expr, Expr, NumberSyntax};
use crate::core::span::Span;

/// `#3F7`: sexadecimal numbers in expressions.
pub const SEX_SYNTAX: NumberSyntax = NumberSyntax {
    prefix: Some('#'),
    radix: 16,
    digit: sex_digit,
    character: Some(punch_address),
    digit_names: false,
    name_chars: "",
    plain_radix: 10,
    star_names: false,
};

/// `'c'`: the address n that makes `92 n` punch character c, n = 64 (c mod 16) + 2 +
/// (c div 16) for frame value c, as in the table of "n for 92" orders (notes §6, Halton 1958
/// via Jones). The frame comes from the emulator's teleprinter tables (figure shift first, then
/// letter shift; N J F L, space and CR/LF are the same in both). `'\n'` is CR/LF.
pub fn punch_address(ch: char) -> Option<i64> {
    use emu::silliac::tape::{FIGURES, LETTERS};
    let frame = FIGURES
        .iter()
        .position(|&f| f == ch && ch != '\0')
        .or_else(|| LETTERS.iter().position(|&l| l == ch && ch != '\0'))? as i64;
    Some(64 * (frame % 16) + 2 + frame / 16)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderStmt {
    pub function: u8,
    /// Where the function characters are.
    pub span: Span,
    pub address: Expr,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    Order(OrderStmt),
    /// `a | b` on one line: one word, `a` in its left half.
    Pair(OrderStmt, OrderStmt),
    Org(Expr),
    Left,
    /// `.dec`, `.sex`: the word is known when parsed.
    Word(u64),
    Int(Expr),
    Bss(Expr),
    Equ(String, Span, Expr),
    Start(Expr),
    Allow(Vec<u8>),
}

/// A line: its labels and its statement.
pub type Line = crate::core::dialect::Line<Stmt>;

type Error = (Span, SilError);

fn core(span: Span, e: CoreError) -> Error {
    (span, e.into())
}

fn sil(span: Span, e: SilError) -> Error {
    (span, e)
}

fn expr(c: &mut Cursor) -> Result<Expr, Error> {
    parse_expr(c, &SEX_SYNTAX).map_err(|(s, e)| core(s, e))
}

fn at_line_end(c: &mut Cursor) -> bool {
    c.skip_spaces();
    c.at_end() || c.peek() == Some(';')
}

/// One whitespace-separated word (up to a comment or a comma).
fn word(c: &mut Cursor) -> String {
    c.take_while(|ch| !ch.is_whitespace() && ch != ';' && ch != ',')
}

fn order(c: &mut Cursor) -> Result<OrderStmt, Error> {
    let span = c.span();
    let w = c.take_while(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '.');
    let function = parse_function(&w).ok_or_else(|| sil(span, SilError::NotAnOrder(w)))?;
    let address = expr(c)?;
    Ok(OrderStmt {
        function,
        span,
        address,
    })
}

fn directive(c: &mut Cursor, span: Span) -> Result<Stmt, Error> {
    c.bump(); // '.'
    let name = c.take_while(is_name_char);
    let lower = name.to_ascii_lowercase();
    let missing = |c: &mut Cursor, directive: &'static str, what: &'static str| {
        if at_line_end(c) {
            Err(sil(c.span(), SilError::MissingOperand { directive, what }))
        } else {
            Ok(())
        }
    };
    Ok(match lower.as_str() {
        "org" => {
            missing(c, "org", "an address")?;
            Stmt::Org(expr(c)?)
        }
        "left" => Stmt::Left,
        "dec" => {
            missing(c, "dec", "a decimal fraction")?;
            let at = c.span();
            let w = word(c);
            Stmt::Word(decimal_word(&w).map_err(|e| sil(at, e))?)
        }
        "sex" => {
            missing(c, "sex", "ten sexadecimal characters")?;
            let at = c.span();
            let w = word(c);
            Stmt::Word(sex_word(&w).map_err(|e| sil(at, e))?)
        }
        "int" => {
            missing(c, "int", "an integer")?;
            Stmt::Int(expr(c)?)
        }
        "bss" => {
            missing(c, "bss", "a count of words")?;
            Stmt::Bss(expr(c)?)
        }
        "equ" => {
            missing(c, "equ", "a name and a value")?;
            let at = c.span();
            let n = c.take_while(is_name_char);
            if n.is_empty() || !n.starts_with(is_name_start) {
                let mut n = n;
                n.push_str(&word(c));
                return Err(core(at, CoreError::BadName(n)));
            }
            c.skip_spaces();
            c.eat(',');
            missing(c, "equ", "a value after the name")?;
            Stmt::Equ(n, at, expr(c)?)
        }
        "start" => {
            missing(c, "start", "an address")?;
            Stmt::Start(expr(c)?)
        }
        "allow" => {
            missing(c, "allow", "one or more function codes")?;
            let mut codes = Vec::new();
            while !at_line_end(c) {
                let at = c.span();
                let w = word(c);
                let code = parse_function(&w).ok_or_else(|| sil(at, SilError::BadFunction(w)))?;
                codes.push(code);
                c.skip_spaces();
                c.eat(',');
            }
            Stmt::Allow(codes)
        }
        _ => return Err(sil(span, SilError::UnknownDirective(name))),
    })
}

/// Parse one line.
pub fn parse_line(text: &str, number: u32) -> Result<Line, Error> {
    let mut c = Cursor::new(text, number);
    let mut labels = Vec::new();
    // Labels: a name directly followed by ':'.
    loop {
        c.skip_spaces();
        let start = c.position();
        let span = c.span();
        match c.peek() {
            Some(ch) if is_name_start(ch) => {
                let n = c.take_while(is_name_char);
                if c.eat(':') {
                    labels.push((n, span));
                    continue;
                }
                c.set_position(start);
            }
            Some(ch)
                if (ch.is_ascii_digit() || ch == '.') && {
                    // A label that does not start with a letter, e.g. `1a:`: name it as bad.
                    let mut probe = c.clone();
                    probe.bump();
                    probe.take_while(is_name_char);
                    probe.peek() == Some(':')
                } =>
            {
                let n = c.take_while(is_name_char);
                return Err(core(span, CoreError::BadName(n)));
            }
            _ => {}
        }
        break;
    }
    c.skip_spaces();
    if at_line_end(&mut c) {
        return Ok(Line {
            number,
            labels,
            stmt: None,
        });
    }
    let span = c.span();
    let stmt = match c.peek() {
        Some('.') => directive(&mut c, span)?,
        Some(ch) if ch.is_ascii_alphanumeric() => {
            let left = order(&mut c)?;
            c.skip_spaces();
            if c.eat('|') {
                c.skip_spaces();
                if c.at_end() || c.peek() == Some(';') {
                    return Err(sil(
                        c.span(),
                        SilError::ExpectedRightOrder(describe_next(&c)),
                    ));
                }
                Stmt::Pair(left, order(&mut c)?)
            } else {
                Stmt::Order(left)
            }
        }
        Some(ch) => return Err(core(span, CoreError::UnexpectedCharacter(ch))),
        None => unreachable!("checked by at_line_end"),
    };
    if !at_line_end(&mut c) {
        let at = c.span();
        let rest: String = c
            .rest()
            .split(';')
            .next()
            .unwrap_or("")
            .trim_end()
            .to_string();
        return Err(core(at, CoreError::TrailingText(rest)));
    }
    Ok(Line {
        number,
        labels,
        stmt: Some((stmt, span)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Line {
        parse_line(s, 1).unwrap_or_else(|e| panic!("{s}: {e:?}"))
    }

    #[test]
    fn orders_and_labels() {
        let l = ok("loop: L5 100 ; comment");
        assert_eq!(l.labels, vec![("loop".to_string(), Span::new(1, 1))]);
        let Some((Stmt::Order(o), at)) = l.stmt else {
            panic!()
        };
        assert_eq!(o.function, 0xF5);
        assert_eq!(at, Span::new(1, 7));
        assert_eq!(o.address.span, Span::new(1, 10));
        let l = ok("  a: b:\t7j #3f7");
        assert_eq!(l.labels.len(), 2);
        assert!(matches!(
            l.stmt,
            Some((Stmt::Order(OrderStmt { function: 0x7D, .. }), _))
        ));
        assert!(ok("; only a comment").stmt.is_none());
        assert!(ok("").stmt.is_none());
        assert!(ok("x:").stmt.is_none());
        assert!(matches!(ok("L5 1 | 26 x").stmt, Some((Stmt::Pair(..), _))));
    }

    #[test]
    fn punch_addresses_match_the_period_table() {
        // Halton's table (notes §6): 0 -> 2, 5 -> 322, CR/LF -> 131, letter shift 259...
        assert_eq!(punch_address('0'), Some(2));
        assert_eq!(punch_address('5'), Some(322));
        assert_eq!(punch_address('\n'), Some(131));
        assert_eq!(punch_address(' '), Some(963));
        assert_eq!(punch_address('A'), Some(387));
        assert_eq!(punch_address('P'), Some(2)); // letter shift P shares frame 0
        assert_eq!(punch_address('+'), Some(642));
        assert_eq!(punch_address('-'), Some(706));
        assert_eq!(punch_address('Z'), Some(899));
        assert_eq!(punch_address('?'), None);
        assert_eq!(punch_address('\0'), None);
        let Some((Stmt::Order(o), _)) = ok("92 'K'").stmt else {
            panic!()
        };
        assert_eq!(
            o.address.operands[0].term,
            crate::core::expr::Term::Number(642)
        );
    }

    #[test]
    fn directives() {
        assert!(matches!(ok(".org 100").stmt, Some((Stmt::Org(_), _))));
        assert!(matches!(ok(".LEFT").stmt, Some((Stmt::Left, _))));
        assert_eq!(ok(".dec -0.5").stmt.unwrap().0, Stmt::Word(0xC0_0000_0000));
        assert_eq!(
            ok(".sex 80028403F6").stmt.unwrap().0,
            Stmt::Word(0x80028403E6)
        );
        assert!(matches!(ok(".int -1").stmt, Some((Stmt::Int(_), _))));
        assert!(matches!(ok(".bss 3").stmt, Some((Stmt::Bss(_), _))));
        assert!(matches!(ok(".equ ten, 10").stmt, Some((Stmt::Equ(n, _, _), _)) if n == "ten"));
        assert!(matches!(ok(".start go").stmt, Some((Stmt::Start(_), _))));
        assert_eq!(
            ok(".allow 0F, 8k").stmt.unwrap().0,
            Stmt::Allow(vec![0x0E, 0x8A])
        );
    }
}
