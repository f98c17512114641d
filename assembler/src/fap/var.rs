//! A card's variable field as each operation reads it: `address,tag,decrement` (with literals
//! and `**`), expressions, the items of DEC and OCT, VFD's fields, BCI's and BCD's text.

use super::error::FapError;
use super::stmt::{Stmt, VfdField, FAP_BOOLEAN, FAP_SYNTAX};
use crate::core::cursor::{describe_next, Cursor};
use crate::core::diag::CoreError;
use crate::core::expr::{parse_expr, Expr};
use crate::core::span::Span;
use crate::ibm7090::bcd;
use crate::ibm7090::data::{bci_words, dec_word, oct_word};
use crate::ibm7090::encode::{Address, Fields};
use crate::ibm7090::Ibm7090Error;

type Error = (Span, FapError);

fn fap(span: Span, e: impl Into<FapError>) -> Error {
    (span, e.into())
}

fn core(span: Span, e: CoreError) -> Error {
    (span, e.into())
}

/// The variable field of one card.
pub struct Var<'a> {
    pub chars: &'a [char],
    pub start: usize,
    pub end: usize,
    pub number: u32,
}

impl Var<'_> {
    pub fn is_empty(&self) -> bool {
        self.start >= self.end
    }

    pub fn span(&self) -> Span {
        Span::new(self.number, self.start as u32 + 1)
    }

    pub fn text(&self) -> (String, Span) {
        (
            self.chars[self.start..self.end].iter().collect(),
            self.span(),
        )
    }

    fn cursor(&self) -> Cursor {
        let text: String = self.chars[..self.end].iter().collect();
        let mut c = Cursor::new(&text, self.number);
        c.set_position(self.start);
        c
    }

    pub fn missing(&self, op: &str, what: &'static str) -> Error {
        fap(
            self.span(),
            FapError::MissingOperand {
                op: op.to_string(),
                what,
            },
        )
    }

    pub fn expr(&self) -> Result<Expr, Error> {
        let mut c = self.cursor();
        let e = parse_expr(&mut c, &FAP_SYNTAX).map_err(|(s, e)| core(s, e))?;
        finish(&c)?;
        Ok(e)
    }

    /// An indicator order's operand: one expression, numbers in octal, 0 if blank.
    pub fn boolean(&self, at: Span) -> Result<Expr, Error> {
        if self.is_empty() {
            return Ok(Expr::number(0, at));
        }
        let mut c = self.cursor();
        let e = parse_expr(&mut c, &FAP_BOOLEAN).map_err(|(s, e)| core(s, e))?;
        finish(&c)?;
        Ok(e)
    }

    /// The expression, or 0 for a blank field (as FAP reads a blank subfield).
    pub fn expr_or_zero(&self, at: Span) -> Result<Expr, Error> {
        if self.is_empty() {
            Ok(Expr::number(0, at))
        } else {
            self.expr()
        }
    }

    pub fn required_expr(&self, op: &str, what: &'static str) -> Result<Expr, Error> {
        if self.is_empty() {
            return Err(self.missing(op, what));
        }
        self.expr()
    }

    /// Comma-separated items converted one by one (DEC, OCT).
    pub fn list(
        &self,
        op: &str,
        convert: fn(&str) -> Result<u64, Ibm7090Error>,
    ) -> Result<Vec<u64>, Error> {
        if self.is_empty() {
            return Err(self.missing(op, "at least one number"));
        }
        let mut words = Vec::new();
        let mut i = self.start;
        for item in self.chars[self.start..self.end].split(|&c| c == ',') {
            let text: String = item.iter().collect();
            let span = Span::new(self.number, i as u32 + 1);
            words.push(convert(&text).map_err(|e| fap(span, e))?);
            i += item.len() + 1;
        }
        Ok(words)
    }

    /// `address,tag,decrement`.
    pub fn fields(&self) -> Result<Fields, Error> {
        let mut f = Fields::default();
        if self.is_empty() {
            return Ok(f);
        }
        let mut c = self.cursor();
        f.address = self.address(&mut c)?;
        if c.eat(',') {
            f.tag = subfield(&mut c)?;
            if c.eat(',') {
                f.decrement = subfield(&mut c)?;
            }
        }
        finish(&c)?;
        Ok(f)
    }

    fn address(&self, c: &mut Cursor) -> Result<Option<Address>, Error> {
        let span = c.span();
        match c.peek() {
            None | Some(',') => Ok(None),
            Some('=') => {
                c.bump();
                let start = c.position();
                let upper = c.peek().map(|c| c.to_ascii_uppercase());
                let text = if upper == Some('H') {
                    // Six characters, blanks included; short literals padded with blanks.
                    c.bump();
                    let mut t = String::new();
                    for _ in 0..6 {
                        match c.bump() {
                            Some(ch) => t.push(ch),
                            None => break,
                        }
                    }
                    t
                } else {
                    c.take_while(|ch| ch != ',')
                };
                let shown = format!(
                    "={}",
                    &self.chars[start..c.position()].iter().collect::<String>()
                );
                let word = literal(upper, &text)
                    .map_err(|e| fap(span, e))?
                    .ok_or_else(|| fap(span, FapError::BadLiteral(shown)))?;
                Ok(Some(Address::Literal(word, span)))
            }
            Some('*') if filled(c) => Ok(Some(Address::Filled(span))),
            _ => Ok(Some(Address::Expr(
                parse_expr(c, &FAP_SYNTAX).map_err(|(s, e)| core(s, e))?,
            ))),
        }
    }

    pub fn vfd(&self, op: &str) -> Result<Vec<VfdField>, Error> {
        if self.is_empty() {
            return Err(self.missing(op, "fields"));
        }
        let mut out = Vec::new();
        let mut c = self.cursor();
        loop {
            let span = c.span();
            let kind = match c.peek().map(|c| c.to_ascii_uppercase()) {
                Some('O') => {
                    c.bump();
                    'O'
                }
                Some('H') => {
                    c.bump();
                    'H'
                }
                _ => 'D',
            };
            let width_text = c.take_while(|ch| ch.is_ascii_digit());
            let bad = |c: &Cursor| {
                let t: String = self.chars[span.column as usize - 1..c.position().min(self.end)]
                    .iter()
                    .collect();
                fap(span, FapError::BadVfd(t))
            };
            let Ok(width) = width_text.parse::<u32>() else {
                return Err(bad(&c));
            };
            if !c.eat('/') || width == 0 || width > 36 {
                return Err(bad(&c));
            }
            let vspan = c.span();
            match kind {
                'O' => {
                    let t = c.take_while(|ch| ch != ',');
                    let v = oct_word(&t).map_err(|e| fap(vspan, e))?;
                    out.push(VfdField::Bits {
                        width,
                        value: v,
                        span: vspan,
                    });
                }
                'H' => {
                    if width % 6 != 0 {
                        return Err(bad(&c));
                    }
                    let n = (width / 6) as usize;
                    let t: Vec<char> = (0..n).filter_map(|_| c.bump()).collect();
                    let mut v = 0u64;
                    for (k, ch) in t.iter().chain(std::iter::repeat(&' ')).take(n).enumerate() {
                        let code = bcd::bcd(*ch)
                            .ok_or_else(|| fap(vspan.plus(k), Ibm7090Error::NotBcd(*ch)))?;
                        v = (v << 6) | u64::from(code);
                    }
                    out.push(VfdField::Bits {
                        width,
                        value: v,
                        span: vspan,
                    });
                }
                _ => {
                    let e = parse_expr(&mut c, &FAP_SYNTAX).map_err(|(s, e)| core(s, e))?;
                    out.push(VfdField::Expr { width, value: e });
                }
            }
            if !c.eat(',') {
                break;
            }
        }
        finish(&c)?;
        Ok(out)
    }
}

/// `**` (or more stars) as a whole subfield: the period convention for a field the program
/// fills in, assembled as 0 (`TXL ****,4,0`, `TXI *+1,2,**`). The cursor moves past it.
fn filled(c: &mut Cursor) -> bool {
    let mut n = 0;
    while c.peek_at(n) == Some('*') {
        n += 1;
    }
    let whole = n >= 2 && matches!(c.peek_at(n), None | Some(','));
    if whole {
        c.set_position(c.position() + n);
    }
    whole
}

/// A tag or decrement subfield: empty (next is `,` or the end), `**`, or an expression.
fn subfield(c: &mut Cursor) -> Result<Option<Expr>, Error> {
    let span = c.span();
    match c.peek() {
        None | Some(',') => Ok(None),
        Some('*') if filled(c) => Ok(Some(Expr::number(0, span))),
        _ => Ok(Some(
            parse_expr(c, &FAP_SYNTAX).map_err(|(s, e)| core(s, e))?,
        )),
    }
}

fn finish(c: &Cursor) -> Result<(), Error> {
    if c.at_end() {
        Ok(())
    } else {
        Err(core(
            c.span(),
            CoreError::TrailingText(describe_next(c).trim_matches('\'').to_string()),
        ))
    }
}

/// The word of a literal's text after `=` (`upper` is its first character, upper-cased).
fn literal(upper: Option<char>, text: &str) -> Result<Option<u64>, Ibm7090Error> {
    match upper {
        Some('H') => {
            let chars: Vec<char> = text.chars().collect();
            let w = bci_words(&chars, 1).map_err(|(_, e)| e)?;
            Ok(Some(w[0]))
        }
        Some('O') => oct_word(&text[1..]).map(Some),
        Some(c) if c.is_ascii_digit() || c == '-' || c == '+' || c == '.' => {
            dec_word(text).map(Some)
        }
        _ => Ok(None),
    }
}

/// BCI n,text: the text is the 6n characters after the comma, blanks included (short cards
/// are padded with blanks).
pub fn bci(chars: &[char], var: &Var, op: &str, number: u32) -> Result<Vec<u64>, Error> {
    if var.is_empty() {
        return Err(var.missing(op, "a word count and text (BCI n,text)"));
    }
    let comma = (var.start..chars.len())
        .find(|&i| chars[i] == ',')
        .ok_or_else(|| var.missing(op, "a word count and text (BCI n,text)"))?;
    let count_text: String = chars[var.start..comma].iter().collect();
    let span = var.span();
    if count_text.trim().is_empty() {
        return Err(var.missing(op, "a word count before the comma (BCI n,text)"));
    }
    let n: i64 = count_text
        .trim()
        .parse()
        .map_err(|_| core(span, CoreError::BadNumber(count_text.clone())))?;
    if !(1..=10).contains(&n) {
        return Err(fap(
            span,
            FapError::BadCount {
                op: "BCI",
                value: n,
            },
        ));
    }
    let text = &chars[comma + 1..];
    bci_words(text, n as usize).map_err(|(k, e)| fap(Span::new(number, (comma + 2 + k) as u32), e))
}

/// BCD ntext: n (one digit, 0 for 10) words of the 6n characters right after it, blanks
/// included (short cards are padded with blanks).
pub fn bcd(var: &Var, op: &str) -> Result<Vec<u64>, Error> {
    let count = var.chars.get(var.start).and_then(|c| c.to_digit(10));
    let Some(n) = count.filter(|_| !var.is_empty()) else {
        return Err(var.missing(op, "a word count digit and text (BCD ntext)"));
    };
    let n = if n == 0 { 10 } else { n as usize };
    let first = var.start + 1;
    bci_words(var.chars.get(first..).unwrap_or(&[]), n)
        .map_err(|(k, e)| fap(Span::new(var.number, (first + 1 + k) as u32), e))
}

/// Most cards one DUP may repeat, and most times: bounds on memory, not FAP's.
const DUP_CARDS: usize = 1000;
const DUP_TIMES: usize = 32768;

impl Var<'_> {
    /// DUP m,n: m cards, n times (decimal numbers).
    pub fn dup(&self, op: &str) -> Result<Stmt, Error> {
        let (text, span) = self.text();
        let what = "two counts (DUP cards,times)";
        let (cards, times) = text.split_once(',').ok_or_else(|| self.missing(op, what))?;
        let count = |t: &str, max: usize| -> Result<usize, Error> {
            let n: usize = t
                .parse()
                .map_err(|_| core(span, CoreError::BadNumber(t.to_string())))?;
            if (1..=max).contains(&n) {
                Ok(n)
            } else {
                Err(fap(
                    span,
                    FapError::BadCount {
                        op: "DUP",
                        value: n as i64,
                    },
                ))
            }
        };
        Ok(Stmt::Dup {
            cards: count(cards, DUP_CARDS)?,
            times: count(times, DUP_TIMES)?,
        })
    }
}
