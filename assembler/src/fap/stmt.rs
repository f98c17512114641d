//! A FAP statement as the parser gives it to the layout, and how FAP writes expressions.

use emu::ibm7090::isa::InstrInfo;

use crate::core::expr::{Expr, NumberSyntax};
use crate::core::span::Span;
pub use crate::ibm7090::encode::{Address, Fields};

/// FAP expressions: decimal numbers, symbols (which may start with a digit, `2ND`, and hold
/// parentheses, `(IOS)`, and a heading before `$`, `B$(IOS)`), `*`.
pub const FAP_SYNTAX: NumberSyntax = NumberSyntax {
    prefix: None,
    radix: 8,
    digit: octal_digit,
    character: None,
    digit_names: true,
    name_chars: "()$",
    plain_radix: 10,
    star_names: true,
};

/// The Boolean operand of the indicator orders: numbers in octal.
pub const FAP_BOOLEAN: NumberSyntax = NumberSyntax {
    plain_radix: 8,
    ..FAP_SYNTAX
};

fn octal_digit(c: char) -> Option<u8> {
    c.to_digit(8).map(|d| d as u8)
}

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
        /// Bits a spelling adds to the row's word (IOCPN's non-transmit bit).
        bits: u64,
    },
    /// DEC, OCT, BCI, BCD: the words are known when parsed.
    Words(Vec<u64>),
    Vfd(Vec<VfdField>),
    Org(Expr),
    Bss(Expr),
    Bes(Expr),
    /// EQU and SYN (the same in absolute FAP).
    Equ(Expr),
    /// BOOL: an octal value.
    Bool(u64),
    /// HEAD and HED: the heading character from here on (`None`: no heading, `0`).
    Head(Option<char>),
    /// DUP m,n: the next m cards are assembled n times.
    Dup {
        cards: usize,
        times: usize,
    },
    /// TCD: a transfer card to this address; assembling goes on.
    Tcd(Expr),
    /// An indicator order and its 18-bit operand.
    Mask {
        info: &'static InstrInfo,
        operand: Expr,
    },
    End(Option<Expr>),
    /// REM, TTL, EJECT...: listing control, nothing to assemble.
    Nothing,
}

impl Stmt {
    /// Every expression of the statement, to rewrite its names.
    pub fn exprs_mut(&mut self) -> Vec<&mut Expr> {
        match self {
            Stmt::Instr { fields, .. } => {
                let address = match &mut fields.address {
                    Some(Address::Expr(e)) => Some(e),
                    _ => None,
                };
                address
                    .into_iter()
                    .chain(fields.tag.as_mut())
                    .chain(fields.decrement.as_mut())
                    .collect()
            }
            Stmt::Vfd(fields) => fields
                .iter_mut()
                .filter_map(|f| match f {
                    VfdField::Expr { value, .. } => Some(value),
                    VfdField::Bits { .. } => None,
                })
                .collect(),
            Stmt::Org(e) | Stmt::Bss(e) | Stmt::Bes(e) | Stmt::Equ(e) | Stmt::Tcd(e) => vec![e],
            Stmt::Mask { operand, .. } => vec![operand],
            Stmt::End(e) => e.iter_mut().collect(),
            Stmt::Words(_) | Stmt::Bool(_) | Stmt::Head(_) | Stmt::Dup { .. } | Stmt::Nothing => {
                Vec::new()
            }
        }
    }
}

/// A card: its location symbol (at most one) and its statement, with where the operation is.
pub type Line = crate::core::dialect::Line<Stmt>;
