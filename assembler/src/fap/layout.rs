//! The FAP dialect on the core's driver: the layout of each card (location symbols, ORG, BSS,
//! BES, EQU, the literal pool after END) repeated until the symbols and the pool's addresses
//! settle, and the encoding of instructions, VFD fields and END's address once they have.

use std::collections::{BTreeMap, BTreeSet};

use super::error::FapError;
use super::parse;
use super::placed::{self, Placed};
use super::stmt::{Line, Stmt, VfdField};
use crate::core::dialect::{Dialect, Encoder, Layout};
use crate::core::span::Span;
use crate::ibm7090::encode::{address_bits, instruction, literal_key, Address, WordKind};
use crate::ibm7090::{Ibm7090Error, STORE_WORDS, WORD_BITS};

pub use crate::ibm7090::symbol::{SymVal, SymbolKind};

/// The FAP dialect, for the core's driver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fap;

/// What a layout pass keeps besides the core's location counter and store.
#[derive(Debug, Default)]
pub struct LayoutState {
    /// Literals waiting for the pool, each word once. FAP keeps its literal table in
    /// ascending order of the word as 36 unsigned bits and lays the pool out in that order.
    literals: BTreeSet<u64>,
    ended: bool,
    /// The literal pool: (address, word), in ascending order of the word.
    pub pool: Vec<(u16, u64)>,
    /// Blocks reserved by BSS and BES: (first address, words).
    pub reserved: Vec<(u16, u16)>,
    pub first_word: Option<u16>,
}

/// What the encoding walk keeps from card to card.
#[derive(Debug, Default)]
pub struct EncodingState {
    ended: bool,
    /// END's address.
    pub start: Option<u16>,
    /// The first transfer card's address (TCD): where a loader reading the deck goes.
    pub transfer: Option<u16>,
}

type Pass<'a, 'b> = &'a mut Layout<'b, Fap>;

impl Dialect for Fap {
    type Stmt = Stmt;
    type Symbol = SymVal;
    type Placed = Placed;
    type Error = FapError;
    type Layout = LayoutState;
    type Encoding = EncodingState;
    const STORE_WORDS: i64 = STORE_WORDS;
    const WORD_BITS: u32 = WORD_BITS;

    fn parse_line(&self, text: &str, number: u32) -> Result<Option<Line>, (Span, FapError)> {
        parse::parse_line(text, number)
    }

    fn warnings(&self, text: &str, number: u32) -> Vec<(Span, FapError)> {
        parse::warnings(text, number)
    }

    fn prepare(&self, lines: &mut Vec<Line>) -> Vec<(Span, FapError)> {
        super::heading::prepare(lines)
    }

    /// A card that could not be parsed keeps its location symbol, so that the rest of the
    /// program still finds it (one error, not one more per use).
    fn recover(&self, text: &str, number: u32, error: Span) -> Option<Line> {
        parse::recover(text, number, error)
    }

    fn layout(&self, line: &Line, p: Pass) {
        if p.state.ended {
            let span = line
                .labels
                .first()
                .map(|l| l.1)
                .or(line.stmt.as_ref().map(|s| s.1))
                .unwrap_or(Span::new(line.number, 1));
            p.error(span, FapError::AfterEnd);
            return;
        }
        card(p, line);
    }

    fn end(&self, p: Pass) {
        if !p.state.ended {
            // No END card: the literals still go after the last word.
            pool(p);
        }
    }

    fn encode(&self, line: &Line, placed: &[Placed], here: i64, enc: &mut Encoder<'_, Fap>) {
        if enc.state.ended {
            return;
        }
        let Some((stmt, _)) = &line.stmt else {
            return;
        };
        match stmt {
            Stmt::Instr {
                info,
                indirect,
                fields,
                bits,
            } => {
                let word = instruction(enc, info, *indirect, fields, here) | bits;
                if let Some(&Placed::Word { address, .. }) = placed.first() {
                    enc.store(address, word);
                }
            }
            Stmt::Mask { info, operand } => {
                let v = enc.eval(operand, here).unwrap_or(0);
                if !(0..=0o777777).contains(&v) {
                    enc.error(operand.span, FapError::ValueTooWide { value: v, bits: 18 });
                }
                let v = (v & 0o777777) as u32;
                let word = info.encode(v & 0o77777, (v >> 15) as u8, 0, false);
                if let Some(&Placed::Word { address, .. }) = placed.first() {
                    enc.store(address, word);
                }
            }
            Stmt::Vfd(fields) => {
                let words = vfd(enc, fields, here);
                for (p, w) in placed.iter().zip(words) {
                    if let Placed::Word { address, .. } = *p {
                        enc.store(address, w);
                    }
                }
            }
            Stmt::End(e) => {
                enc.state.ended = true;
                let Some(e) = e else { return };
                if let Some(a) = transfer_address(enc, e, here) {
                    enc.state.start = Some(a);
                    enc.place(Placed::End(a));
                }
            }
            Stmt::Tcd(e) => {
                if let Some(a) = transfer_address(enc, e, here) {
                    enc.state.transfer.get_or_insert(a);
                    enc.place(Placed::Transfer(a));
                }
            }
            Stmt::Words(_)
            | Stmt::Org(_)
            | Stmt::Bss(_)
            | Stmt::Bes(_)
            | Stmt::Equ(_)
            | Stmt::Bool(_)
            | Stmt::Head(_)
            | Stmt::Dup { .. }
            | Stmt::Nothing => {}
        }
    }

    fn listing_rows(&self, placed: &[Placed], words: &BTreeMap<u16, u64>) -> Vec<Vec<String>> {
        placed::columns(placed, words)
    }
}

/// The address of END or TCD, or `None` with the error.
fn transfer_address(
    enc: &mut Encoder<'_, Fap>,
    e: &crate::core::expr::Expr,
    here: i64,
) -> Option<u16> {
    let v = enc.eval(e, here)?;
    let a = address_bits(v);
    if a.is_none() {
        enc.error(
            e.span,
            Ibm7090Error::FieldOutOfRange {
                field: "start address",
                value: v,
            },
        );
    }
    a.map(|a| a as u16)
}

fn define(p: Pass, label: Option<&(String, Span)>, value: i64, kind: SymbolKind) {
    let Some((name, span)) = label else { return };
    p.define(name, *span, SymVal { value, kind });
}

fn card(p: Pass, line: &Line) {
    let Some((stmt, span)) = &line.stmt else {
        return;
    };
    let span = *span;
    let label = line.labels.first();
    let loc = p.loc;
    match stmt {
        Stmt::Mask { info, .. } => {
            define(p, label, loc, SymbolKind::Location);
            place(p, 0, WordKind::Instruction(info), span);
        }
        Stmt::Instr { info, fields, .. } => {
            define(p, label, loc, SymbolKind::Location);
            if let Some(Address::Literal(w, _)) = &fields.address {
                p.state.literals.insert(*w);
            }
            // The word is encoded once the symbols have settled.
            place(p, 0, WordKind::Instruction(info), span);
        }
        Stmt::Words(words) => {
            define(p, label, loc, SymbolKind::Location);
            for &w in words {
                place(p, w, WordKind::Data, span);
            }
        }
        Stmt::Vfd(fields) => {
            define(p, label, loc, SymbolKind::Location);
            let bits: u32 = fields.iter().map(VfdField::width).sum();
            for _ in 0..bits.div_ceil(36) {
                place(p, 0, WordKind::Data, span);
            }
        }
        Stmt::Org(e) => {
            // A negative origin is its 15-bit 2's complement, as an address is: -47 is 77721.
            if let Some(v) = p.eval(e) {
                match address_bits(v) {
                    Some(a) => {
                        p.origin(i64::from(a));
                        p.place(Placed::Org(a as u16));
                    }
                    None => p.error(e.span, FapError::OriginOutOfRange(v)),
                }
            }
            let loc = p.loc;
            define(p, label, loc, SymbolKind::Location);
        }
        Stmt::Bss(e) | Stmt::Bes(e) => {
            let bes = matches!(stmt, Stmt::Bes(_));
            let op = if bes { "BES" } else { "BSS" };
            let n = match p.eval(e) {
                Some(n) if (0..=STORE_WORDS).contains(&n) => n,
                Some(n) => {
                    p.error(e.span, FapError::BadCount { op, value: n });
                    0
                }
                None => 0,
            };
            let at = p.loc;
            define(
                p,
                label,
                if bes { at + n } else { at },
                SymbolKind::Location,
            );
            if at + n > STORE_WORDS {
                p.past_end(span);
            } else if n > 0 {
                p.state.reserved.push((at as u16, n as u16));
                p.place(Placed::Reserved {
                    address: at as u16,
                    count: n as u16,
                });
            }
            p.loc = at + n;
        }
        Stmt::Equ(e) => {
            // Symbols are 15-bit addresses: `H00 SYN -)H00` is the 2's complement.
            if let Some(v) = p.eval(e) {
                let v = v & 0o77777;
                define(p, label, v, SymbolKind::Equ);
                p.place(Placed::Value(v));
            }
        }
        Stmt::Bool(v) => {
            define(p, label, *v as i64, SymbolKind::Equ);
            p.place(Placed::Value(*v as i64));
        }
        Stmt::End(_) => {
            // The start address is encoded once the symbols have settled.
            define(p, label, loc, SymbolKind::Location);
            pool(p);
            p.state.ended = true;
        }
        Stmt::Tcd(_) | Stmt::Head(_) | Stmt::Dup { .. } | Stmt::Nothing => {
            define(p, label, loc, SymbolKind::Location)
        }
    }
}

/// Place the literal pool at the location counter, in FAP's order: ascending words, each
/// once (docs/assembler.md, "Literals").
fn pool(p: Pass) {
    for w in std::mem::take(&mut p.state.literals) {
        let key = literal_key(w);
        let at = p.loc;
        let value = SymVal {
            value: at,
            kind: SymbolKind::Location,
        };
        if let Err(first) = p.define_internal(&key, value) {
            // Cannot happen: the pool holds each word once.
            debug_assert!(false, "literal {key} twice (first {first:?})");
        }
        let span = Span::new(p.line.max(1), 1);
        if !(0..STORE_WORDS).contains(&at) {
            p.past_end(span);
        } else if let Some(first_line) = p.owner(at as u16) {
            // The pool runs into words an earlier ORG placed.
            p.error(
                span,
                Ibm7090Error::Overlap {
                    address: at as u16,
                    first_line,
                },
            );
        } else {
            p.store(at as u16, w);
            p.own(at as u16);
            p.state.pool.push((at as u16, w));
        }
        p.loc += 1;
    }
}

/// One word at the location counter, unless the store refuses it.
fn place(p: Pass, word: u64, kind: WordKind, span: Span) {
    let claimed = p.claim(span);
    p.loc += 1;
    if let Some(a) = claimed {
        p.store(a, word);
        p.state.first_word.get_or_insert(a);
        p.place(Placed::Word { address: a, kind });
    }
}

/// The words of a VFD card: its fields' bits, left to right, in as many words as they fill.
fn vfd(enc: &mut Encoder<'_, Fap>, fields: &[VfdField], here: i64) -> Vec<u64> {
    let mut bits: Vec<bool> = Vec::new();
    for f in fields {
        let (width, value) = match f {
            VfdField::Bits { width, value, span } => {
                if *width < 36 && value >> width != 0 {
                    enc.error(
                        *span,
                        FapError::ValueTooWide {
                            value: *value as i64,
                            bits: *width,
                        },
                    );
                }
                (*width, *value)
            }
            VfdField::Expr { width, value } => {
                let v = enc.eval(value, here).unwrap_or(0);
                // Negative values are the 2's complement in the field, as for addresses.
                let limit = 1i64 << width;
                if v >= limit || v <= -limit {
                    enc.error(
                        value.span,
                        FapError::ValueTooWide {
                            value: v,
                            bits: *width,
                        },
                    );
                }
                (*width, (v as u64) & ((1u64 << width) - 1))
            }
        };
        for k in (0..width).rev() {
            bits.push(value >> k & 1 == 1);
        }
    }
    bits.chunks(36)
        .map(|c| {
            let mut w = 0u64;
            for k in 0..36 {
                w = (w << 1) | u64::from(c.get(k).copied().unwrap_or(false));
            }
            w
        })
        .collect()
}
