//! A 9AP card into a statement: its location field, its operation looked up as 9AP's pass 2
//! does (the pseudo-operations first, then `SWT`, then the operation table: 9AP5 916-991) and
//! its variable field read as that operation reads it.

use super::card::{is_numeric, Card, Fields};
use super::data::{self, OctalEnd};
use super::error::Ap9Error;
use super::optable::{self, Sign, OCTAL_OPERAND};
use super::scan::{subfields, Expr};
use crate::core::dialect::Line;
use crate::core::span::Span;

type Fail = (Span, Ap9Error);

/// How an instruction's variable field enters its word (docs/assembler.md, 9AP "The variable
/// field").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// address, tag, decrement OR-ed into the code.
    Fields(Vec<Expr>),
    /// `SWT n`: n = 7..12 are the minus sense codes.
    Swt(Vec<Expr>),
    /// The octal-operand group with an octal number ended by a blank: code | number.
    Octal(u64),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A word of the operation table (instruction, data word, channel command).
    Instr {
        name: String,
        code: u64,
        indirect: bool,
        form: Form,
    },
    /// OCT and DEC words.
    Data(Vec<u64>),
    /// BCD and BCI words.
    Text(Vec<u64>),
    Org(Expr),
    Bss(Expr),
    Bes(Expr),
    /// EQU and SYN (SYN's relocation mark matters only to REL cards).
    Equ(Expr),
    Define(u64),
    /// HED: the heading character from column 1.
    Hed(u8),
    /// FUL (true) and ABS (false): 24-word or 22-word cards from here.
    Full(bool),
    End(Expr),
    Tcd(Expr),
    Def(Expr),
    /// REM and SKIP: nothing to assemble.
    Nothing,
    Fin,
    /// What is left of a card that could not be read: it still takes its words.
    Bad(usize),
}

impl Kind {
    /// The words the card takes.
    pub fn words(&self) -> usize {
        match self {
            Kind::Instr { .. } => 1,
            Kind::Data(w) | Kind::Text(w) => w.len(),
            Kind::Bad(n) => *n,
            _ => 0,
        }
    }

    /// Whether the card's location symbol is defined (docs/assembler.md, 9AP "Cards").
    pub fn defines(&self) -> bool {
        !matches!(
            self,
            Kind::Hed(_)
                | Kind::Full(_)
                | Kind::End(_)
                | Kind::Tcd(_)
                | Kind::Def(_)
                | Kind::Nothing
                | Kind::Fin
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stmt {
    pub kind: Kind,
    /// A location field of digits: the card's word goes to this (decimal) location.
    pub decimal: Option<(u16, Span)>,
}

/// The location field: a symbol (the line's label) or a decimal location.
/// A card's label (if any) and decimal location (if any).
type Location = (Vec<(String, Span)>, Option<(u16, Span)>);

fn location(f: &Fields) -> Location {
    match &f.location {
        None => (Vec::new(), None),
        Some((text, span)) => {
            let codes: Vec<u8> = text.chars().filter_map(super::card::code).collect();
            if codes.iter().all(|&c| is_numeric(c)) {
                let n = codes.iter().fold(0i64, |n, &d| n * 10 + i64::from(d));
                (Vec::new(), Some(((n & 0o77777) as u16, *span)))
            } else {
                (vec![(text.clone(), *span)], None)
            }
        }
    }
}

/// The operation's name as 9AP compares it: the characters up to the terminator, the six-
/// character word padded with `0` characters, so trailing `0`s do not count.
fn name(operation: &str) -> &str {
    operation.trim_end_matches('0')
}

/// Parse one card; `Ok(None)` for the two heading cards and remark cards.
pub fn parse_line(text: &str, number: u32) -> Result<Option<Line<Stmt>>, Fail> {
    let card = Card::new(text, number);
    if number <= 2 || card.is_remark() {
        return Ok(None);
    }
    let f = card.fields()?;
    let (labels, decimal) = location(&f);
    let kind = statement(&card, &f)?;
    Ok(Some(Line {
        number,
        labels,
        stmt: Some((Stmt { kind, decimal }, f.op_span)),
    }))
}

/// What survives of a card with an error: its location symbol and its words.
pub fn recover(text: &str, number: u32) -> Option<Line<Stmt>> {
    let card = Card::new(text, number);
    let f = card.fields().ok()?;
    let (labels, decimal) = location(&f);
    let words = usize::from(!pseudo(name(&f.operation)));
    Some(Line {
        number,
        labels,
        stmt: Some((
            Stmt {
                kind: Kind::Bad(words),
                decimal,
            },
            f.op_span,
        )),
    })
}

/// 9AP's pseudo-operations (9AP3 041-068).
const PSEUDO: [&str; 28] = [
    "HED", "FUL", "FIN", "ERROR", "EQU", "END", "DEFINE", "DEF", "DEC", "BSS", "BES", "BEGIN",
    "BCI", "BCD", "ABS", "LIB", "OCT", "ORG", "PLR", "PST", "REL", "REM", "REP", "RETURN", "RST",
    "SKIP", "SYN", "TCD",
];

fn pseudo(name: &str) -> bool {
    PSEUDO.contains(&name)
}

fn statement(card: &Card, f: &Fields) -> Result<Kind, Fail> {
    let op = name(&f.operation);
    let one = |card: &Card| -> Result<Expr, Fail> {
        Ok(subfields(card, f.field, 1)?.pop().unwrap_or_default())
    };
    let unsupported = |what| Err((f.op_span, Ap9Error::Unsupported(op_static(op), what)));
    Ok(match op {
        "REM" | "SKIP" => Kind::Nothing,
        "HED" => Kind::Hed(card.code(1)?),
        "FUL" => Kind::Full(true),
        "ABS" => Kind::Full(false),
        "FIN" => Kind::Fin,
        "ORG" => Kind::Org(one(card)?),
        "BSS" => Kind::Bss(one(card)?),
        "BES" => Kind::Bes(one(card)?),
        "EQU" | "SYN" => Kind::Equ(one(card)?),
        "DEFINE" => Kind::Define(data::octal_operand(card, f.field)?.0 & 0o77777),
        "END" => Kind::End(one(card)?),
        "TCD" => Kind::Tcd(one(card)?),
        "DEF" => Kind::Def(one(card)?),
        "OCT" => Kind::Data(data::oct(card, f.field)?),
        "DEC" => Kind::Data(data::dec(card, f.field)?),
        "BCD" => Kind::Text(data::bcd(card)?),
        "BCI" => Kind::Text(data::bci(card, f.field)?),
        "REL" => return unsupported("relocatable cards are not described in 9AP's source"),
        "PST" => return unsupported("punching the symbol table is not described"),
        "LIB" | "PLR" => return unsupported("it reads subroutines from a library tape"),
        "RST" => return unsupported("it reads binary patch cards into 9AP itself"),
        "ERROR" | "RETURN" | "BEGIN" | "REP" => {
            return unsupported("9AP's two passes disagree on its number of words")
        }
        "SWT" => Kind::Instr {
            name: op.to_string(),
            code: 0o076000000160,
            indirect: f.indirect,
            form: Form::Swt(subfields(card, f.field, 3)?),
        },
        _ => {
            let Some(&(_, sign, magnitude, _)) = optable::lookup(op) else {
                return Err((f.op_span, Ap9Error::UnknownOperation(f.operation.clone())));
            };
            let code = magnitude & !OCTAL_OPERAND | if sign == Sign::Minus { 1 << 35 } else { 0 };
            let form = if magnitude & OCTAL_OPERAND != 0 {
                match data::octal_operand(card, f.field)? {
                    (n, OctalEnd::Blank) => Form::Octal(n),
                    _ => Form::Fields(subfields(card, f.field, 3)?),
                }
            } else {
                Form::Fields(subfields(card, f.field, 3)?)
            };
            Kind::Instr {
                name: op.to_string(),
                code,
                indirect: f.indirect,
                form,
            }
        }
    })
}

/// The name of an unsupported pseudo-operation, for its message.
fn op_static(op: &str) -> &'static str {
    PSEUDO.iter().find(|&&p| p == op).copied().unwrap_or("this")
}
