//! An instruction's fields and its word: `address,tag,decrement` (each possibly absent), checked
//! and encoded through the emulator's instruction table (`emu::ibm7090::isa`), however a
//! dialect writes them (FAP's free variable field, 9AP's card columns).

use emu::ibm7090::isa::{Format, InstrInfo};

use super::error::Ibm7090Error;
use crate::core::dialect::{Dialect, Encoder, Valued};
use crate::core::expr::Expr;
use crate::core::span::Span;

/// An address subfield.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Address {
    Expr(Expr),
    /// `=...`: a literal, already converted to its word.
    Literal(u64, Span),
    /// `**`: the period convention for an address the program fills in; assembled as 0.
    Filled(Span),
}

impl Address {
    pub fn span(&self) -> Span {
        match self {
            Address::Expr(e) => e.span,
            Address::Literal(_, s) | Address::Filled(s) => *s,
        }
    }
}

/// `address,tag,decrement`, each subfield possibly absent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fields {
    pub address: Option<Address>,
    pub tag: Option<Expr>,
    pub decrement: Option<Expr>,
}

/// What a word holds, for the listing's layout of its octal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordKind {
    /// An instruction, prefix word or channel command: its row of the emulator's table.
    Instruction(&'static InstrInfo),
    Data,
}

/// The symbol-table name of the literal with this word: never a valid symbol.
pub fn literal_key(word: u64) -> String {
    format!("={word:012o}")
}

/// An address or decrement value into 15 bits: 0..32767, or a negative value down to -32767
/// as its 2's complement (FAP's rule: `-1` is 77777).
pub fn address_bits(v: i64) -> Option<u32> {
    (-32767..=32767)
        .contains(&v)
        .then_some((v & 0o77777) as u32)
}

/// The word of an instruction with the settled symbols (`*` = `here`); a field that does not
/// fit is reported and taken as 0 (a ±0760 operand out of range as the lowest).
pub fn instruction<D>(
    enc: &mut Encoder<'_, D>,
    info: &InstrInfo,
    indirect: bool,
    f: &Fields,
    here: i64,
) -> u64
where
    D: Dialect,
    D::Error: From<Ibm7090Error>,
{
    let mut address = match &f.address {
        None => match info.format {
            // RDS, WRS... with a blank variable field select their usual unit.
            Format::Io => u32::from(info.function),
            _ => 0,
        },
        Some(Address::Filled(_)) => 0,
        // The pool is laid out after END, so its addresses are settled symbols.
        Some(Address::Literal(w, _)) => enc
            .symbol(&literal_key(*w))
            .map_or(0, |s| s.value() as u32 & 0o77777),
        Some(Address::Expr(e)) => field(enc, e, here, "address"),
    };
    // SWT n, RTDA n: n in its range, added to the function or unit by `encode`; `**` (the
    // program fills the unit in) is 0.
    if matches!(info.format, Format::Group0760 | Format::Io) && info.operand_max > 0 {
        let (lo, hi) = (u32::from(info.operand_min), u32::from(info.operand_max));
        if let Some(a @ Address::Expr(_)) = &f.address {
            if !(lo..=hi).contains(&address) {
                enc.error(
                    a.span(),
                    Ibm7090Error::OperandOutOfRange {
                        op: info.mnemonic,
                        value: address,
                        min: lo,
                        max: hi,
                    },
                );
                address = lo;
            }
        }
    }
    let tag = match &f.tag {
        None => 0,
        Some(e) => match enc.eval(e, here) {
            Some(t) if (0..8).contains(&t) => t as u8,
            Some(t) => {
                enc.warn(e.span, Ibm7090Error::TagOutOfRange(t));
                (t & 7) as u8
            }
            None => 0,
        },
    };
    let decrement = match &f.decrement {
        None => 0,
        Some(e) => field(enc, e, here, "decrement"),
    };
    let word = info.encode(address, tag, decrement, indirect);
    match (info.format, &f.decrement) {
        // No decrement field: FAP ORs the subfield into bits 3-17 all the same (`HPR -1,7,63`,
        // a halt that shows all its bits in the lights), and flags it.
        (Format::TypeB | Format::Io | Format::Shift | Format::Group0760, Some(e)) => {
            enc.warn(e.span, Ibm7090Error::DecrementWithout(info.mnemonic));
            word | u64::from(decrement) << 18
        }
        _ => word,
    }
}

/// A 15-bit address or decrement; 0 (with the error) if it does not fit.
fn field<D>(enc: &mut Encoder<'_, D>, e: &Expr, here: i64, name: &'static str) -> u32
where
    D: Dialect,
    D::Error: From<Ibm7090Error>,
{
    match enc.eval(e, here) {
        Some(v) => address_bits(v).unwrap_or_else(|| {
            enc.error(
                e.span,
                Ibm7090Error::FieldOutOfRange {
                    field: name,
                    value: v,
                },
            );
            0
        }),
        None => 0,
    }
}
