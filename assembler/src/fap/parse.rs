//! The card parser. A FAP card: location symbol in columns 1-6, operation from column 8 (`*`
//! appended = indirect), variable field `address,tag,decrement` from column 16 ending at the
//! first blank, comments after it, columns 73-80 ignored (identification), `*` in column 1 =
//! comment card. Free-form lines (operation not in column 8, or a tab anywhere) take the first
//! token after the operation as the variable field. Each line is parsed on its own; a line with
//! an error is reported and skipped.

use emu::ibm7090::isa::{by_mnemonic, is_extended, Format, InstrInfo};

use super::error::FapError;
use crate::core::cursor::{describe_next, is_name_char, Cursor};
use crate::core::diag::CoreError;
use crate::core::expr::{parse_expr, Expr, NumberSyntax};
use crate::core::span::Span;
use crate::ibm7090::bcd;
use crate::ibm7090::data::{bci_words, dec_word, oct_word};
pub use crate::ibm7090::encode::{Address, Fields};
use crate::ibm7090::Ibm7090Error;

/// FAP expressions: decimal numbers, symbols (which may start with a digit: `2ND`), `*`.
pub const FAP_SYNTAX: NumberSyntax = NumberSyntax {
    prefix: None,
    radix: 8,
    digit: octal_digit,
    character: None,
    digit_names: true,
};

fn octal_digit(c: char) -> Option<u8> {
    c.to_digit(8).map(|d| d as u8)
}

/// Columns 73-80 of a card are its identification, never part of the statement.
pub const LAST_COLUMN: usize = 72;
/// Column of the operation on a card.
const OP_COLUMN: usize = 8;
/// Column where a card's variable field starts; a token further right is a comment.
const VAR_COLUMN: usize = 16;

/// One VFD field: `width/value`, `Owidth/octal`, `Hwidth/characters`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VfdField {
    Expr { width: u32, value: Expr },
    Bits { width: u32, value: u64, span: Span },
}

impl VfdField {
    pub fn width(&self) -> u32 {
        match self {
            VfdField::Expr { width, .. } | VfdField::Bits { width, .. } => *width,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    Instr {
        info: &'static InstrInfo,
        indirect: bool,
        fields: Fields,
    },
    /// DEC, OCT, BCI: the words are known when parsed.
    Words(Vec<u64>),
    Vfd(Vec<VfdField>),
    Org(Expr),
    Bss(Expr),
    Bes(Expr),
    /// EQU and SYN (the same in absolute FAP).
    Equ(Expr),
    /// BOOL: an octal value.
    Bool(u64),
    End(Option<Expr>),
    /// REM, TTL, EJECT...: listing control, nothing to assemble.
    Nothing,
}

/// A card: its location symbol (at most one) and its statement, with where the operation is.
pub type Line = crate::core::dialect::Line<Stmt>;

type Error = (Span, FapError);

fn fap(span: Span, e: impl Into<FapError>) -> Error {
    (span, e.into())
}

fn core(span: Span, e: CoreError) -> Error {
    (span, e.into())
}

/// Pseudo-ops that only steer the listing or the loader of a relocatable deck.
const LISTING_CONTROL: &[&str] = &[
    "REM", "TTL", "TITLE", "EJECT", "SPACE", "DETAIL", "LIST", "UNLIST", "PCC", "PMC", "ABS",
    "FUL", "LBL", "COUNT", "ENTRY", "NOCRS", "PUNCH", "UNPNCH", "NULL",
];

/// The extent of a token: from `start` up to the first blank.
fn token_end(chars: &[char], start: usize) -> usize {
    let mut i = start;
    while i < chars.len() && !chars[i].is_whitespace() {
        // `=H` takes the next six characters, blanks included.
        if chars[i] == '='
            && chars
                .get(i + 1)
                .is_some_and(|c| c.eq_ignore_ascii_case(&'H'))
        {
            i = (i + 8).min(chars.len());
            continue;
        }
        i += 1;
    }
    i
}

fn skip_blanks(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    i
}

/// The location symbol of a card whose statement could not be parsed, so that the rest of
/// the program still finds it (one error, not one more per use).
pub fn label_of(text: &str, number: u32) -> Option<(String, Span)> {
    let chars: Vec<char> = text.chars().take(LAST_COLUMN).collect();
    let first = chars.first().copied().unwrap_or(' ');
    if first.is_whitespace() || first == '*' {
        return None;
    }
    let name: String = chars[..token_end(&chars, 0)].iter().collect();
    is_symbol(&name).then(|| (name, Span::new(number, 1)))
}

/// Parse one line. `Ok(None)` for comments and blank lines.
pub fn parse_line(text: &str, number: u32) -> Result<Option<Line>, Error> {
    let free_form = text.contains('\t');
    let chars: Vec<char> = text.chars().take(LAST_COLUMN).collect();
    if chars.first() == Some(&'*') || chars.iter().all(|c| c.is_whitespace()) {
        return Ok(None);
    }
    let at = |i: usize| Span::new(number, i as u32 + 1);
    // Location field.
    let mut label = None;
    let mut i = 0;
    if !chars[0].is_whitespace() {
        let end = token_end(&chars, 0);
        let name: String = chars[..end].iter().collect();
        if !is_symbol(&name) {
            return Err(fap(at(0), FapError::BadLabel(name)));
        }
        label = Some((name, at(0)));
        i = end;
    }
    // Operation.
    let op_start = skip_blanks(&chars, i);
    // A blank operation field (columns 8-14 of a card): FAP assembles a PZE word, whose
    // variable field may follow in column 16.
    let blank_op = op_start >= chars.len()
        || (!free_form
            && op_start + 1 >= VAR_COLUMN
            && !is_operation(&token_upper(&chars, op_start)));
    if blank_op {
        let info = by_mnemonic("PZE").expect("PZE is in the table");
        let var = Var {
            chars: &chars,
            start: op_start.min(chars.len()),
            end: if op_start < chars.len() {
                token_end(&chars, op_start)
            } else {
                op_start
            },
            number,
        };
        let stmt = Stmt::Instr {
            info,
            indirect: false,
            fields: var.fields()?,
        };
        return Ok(Some(Line {
            number,
            labels: label.into_iter().collect(),
            stmt: Some((stmt, at(op_start))),
        }));
    }
    let op_end = token_end(&chars, op_start);
    let op: String = chars[op_start..op_end].iter().collect();
    let op_span = at(op_start);
    let card = !free_form && op_start + 1 == OP_COLUMN;
    // Variable field: on a card it starts by column 16; free-form, it is the next token.
    let var_start = skip_blanks(&chars, op_end);
    let var_present = var_start < chars.len() && (!card || var_start < VAR_COLUMN);
    let var_end = if var_present {
        token_end(&chars, var_start)
    } else {
        var_start
    };
    let upper = op.to_ascii_uppercase();
    let (name, indirect) = match upper.strip_suffix('*') {
        Some(n) if !n.is_empty() => (n.to_string(), true),
        _ => (upper.clone(), false),
    };
    let var = Var {
        chars: &chars,
        start: var_start,
        end: if var_present { var_end } else { var_start },
        number,
    };
    if indirect && !matches!(by_mnemonic(&name), Some(i) if allows_star(i)) {
        let e = if is_pseudo(&name) || by_mnemonic(&name).is_some() {
            FapError::NoIndirect(name.clone())
        } else {
            FapError::UnknownOperation(op.clone())
        };
        return Err(fap(op_span, e));
    }
    let stmt = match name.as_str() {
        "ORG" => Stmt::Org(var.required_expr(&name, "an address")?),
        "BSS" => Stmt::Bss(var.required_expr(&name, "a count")?),
        "BES" => Stmt::Bes(var.required_expr(&name, "a count")?),
        "EQU" | "SYN" => {
            if label.is_none() {
                return Err(fap(op_span, FapError::NeedsLabel(name)));
            }
            Stmt::Equ(var.required_expr(&name, "a value")?)
        }
        "BOOL" => {
            if label.is_none() {
                return Err(fap(op_span, FapError::NeedsLabel(name)));
            }
            let (text, s) = var.text();
            if text.is_empty() {
                return Err(var.missing(&name, "an octal value"));
            }
            let w = oct_word(&text).map_err(|e| fap(s, e))?;
            if w > 0o77777 {
                return Err(fap(s, Ibm7090Error::BadOctal(text)));
            }
            Stmt::Bool(w)
        }
        "END" => Stmt::End(if var.is_empty() {
            None
        } else {
            Some(var.expr()?)
        }),
        "DEC" => Stmt::Words(var.list(&name, dec_word)?),
        "OCT" => Stmt::Words(var.list(&name, oct_word)?),
        "BCI" => Stmt::Words(bci(&chars, &var, &name, number)?),
        "VFD" => Stmt::Vfd(var.vfd(&name)?),
        n if LISTING_CONTROL.contains(&n) => Stmt::Nothing,
        _ => {
            let Some(info) = by_mnemonic(&name) else {
                // `CLA 5` typed from column 1 reads as location CLA, operation 5.
                if let Some((l, span)) = &label {
                    if is_operation(&l.to_ascii_uppercase()) {
                        return Err(fap(*span, FapError::OperationInLocationField(l.clone())));
                    }
                }
                return Err(fap(op_span, FapError::UnknownOperation(op.clone())));
            };
            // Instructions the emulator does not execute (Status::Unimplemented) assemble
            // all the same: the machine stops on them with `Unimplemented` and the address.
            let fields = if takes_no_variable_field(info) {
                // The rest of the card is a comment.
                Fields::default()
            } else {
                var.fields()?
            };
            check_subfields(info, &fields, &name, op_span)?;
            Stmt::Instr {
                info,
                indirect,
                fields,
            }
        }
    };
    Ok(Some(Line {
        number,
        labels: label.into_iter().collect(),
        stmt: Some((stmt, op_span)),
    }))
}

/// The token at `start`, upper-cased, without a trailing `*`.
fn token_upper(chars: &[char], start: usize) -> String {
    let t: String = chars[start..token_end(chars, start)].iter().collect();
    let t = t.to_ascii_uppercase();
    match t.strip_suffix('*') {
        Some(n) if !n.is_empty() => n.to_string(),
        _ => t,
    }
}

/// A pseudo-op or an instruction of the table.
fn is_operation(name: &str) -> bool {
    is_pseudo(name) || by_mnemonic(name).is_some()
}

fn allows_star(i: &InstrInfo) -> bool {
    i.allows_indirect() || i.format == Format::ChannelCommand
}

fn is_pseudo(name: &str) -> bool {
    matches!(
        name,
        "ORG" | "BSS" | "BES" | "EQU" | "SYN" | "BOOL" | "END" | "DEC" | "OCT" | "BCI" | "VFD"
    ) || LISTING_CONTROL.contains(&name)
}

/// ±0760 group members with no operand (CHS, COM, ...): their address is fixed.
fn takes_no_variable_field(info: &InstrInfo) -> bool {
    info.format == Format::Group0760 && info.operand_max == 0
}

/// Subfields an operation does not have are errors, not silently dropped bits.
fn check_subfields(info: &InstrInfo, f: &Fields, op: &str, op_span: Span) -> Result<(), Error> {
    let has_decrement = matches!(
        info.format,
        Format::TypeA
            | Format::PrefixData
            | Format::ChannelCommand
            | Format::Count
            | Format::Convert
    );
    if let (false, Some(d)) = (has_decrement, &f.decrement) {
        return Err(fap(
            d.span,
            FapError::UnexpectedSubfield {
                op: op.to_string(),
                field: "decrement",
            },
        ));
    }
    if let (true, 0, Some(a)) = (is_extended(info), info.operand_max, &f.address) {
        // RCDA, WPRA: the unit is part of the operation.
        return Err(fap(
            a.span(),
            FapError::UnexpectedSubfield {
                op: op.to_string(),
                field: "address (the unit is part of the operation)",
            },
        ));
    }
    // SWT n, RTDA n: the number is required.
    let numbered = matches!(info.format, Format::Group0760 | Format::Io) && info.operand_max > 0;
    if numbered && f.address.is_none() {
        return Err(fap(
            op_span,
            FapError::MissingOperand {
                op: op.to_string(),
                what: "a number",
            },
        ));
    }
    Ok(())
}

/// A location symbol: letters, digits and `.`, at least one letter.
pub fn is_symbol(s: &str) -> bool {
    !s.is_empty() && s.chars().all(is_name_char) && s.chars().any(|c| c.is_ascii_alphabetic())
}

/// The variable field of one card.
struct Var<'a> {
    chars: &'a [char],
    start: usize,
    end: usize,
    number: u32,
}

impl Var<'_> {
    fn is_empty(&self) -> bool {
        self.start >= self.end
    }

    fn span(&self) -> Span {
        Span::new(self.number, self.start as u32 + 1)
    }

    fn text(&self) -> (String, Span) {
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

    fn missing(&self, op: &str, what: &'static str) -> Error {
        fap(
            self.span(),
            FapError::MissingOperand {
                op: op.to_string(),
                what,
            },
        )
    }

    fn expr(&self) -> Result<Expr, Error> {
        let mut c = self.cursor();
        let e = parse_expr(&mut c, &FAP_SYNTAX).map_err(|(s, e)| core(s, e))?;
        finish(&c)?;
        Ok(e)
    }

    fn required_expr(&self, op: &str, what: &'static str) -> Result<Expr, Error> {
        if self.is_empty() {
            return Err(self.missing(op, what));
        }
        self.expr()
    }

    /// Comma-separated items converted one by one (DEC, OCT).
    fn list(
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
    fn fields(&self) -> Result<Fields, Error> {
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
            Some('*') if c.peek_at(1) == Some('*') && matches!(c.peek_at(2), None | Some(',')) => {
                c.bump();
                c.bump();
                Ok(Some(Address::Filled(span)))
            }
            _ => Ok(Some(Address::Expr(
                parse_expr(c, &FAP_SYNTAX).map_err(|(s, e)| core(s, e))?,
            ))),
        }
    }

    fn vfd(&self, op: &str) -> Result<Vec<VfdField>, Error> {
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

/// A tag or decrement subfield: empty (next is `,` or the end) or an expression.
fn subfield(c: &mut Cursor) -> Result<Option<Expr>, Error> {
    match c.peek() {
        None | Some(',') => Ok(None),
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
fn bci(chars: &[char], var: &Var, op: &str, number: u32) -> Result<Vec<u64>, Error> {
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
