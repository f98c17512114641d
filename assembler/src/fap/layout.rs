//! One layout-and-emission pass over the parsed cards, repeated by `core::symbols::fixed_point`
//! until the symbols (and the literal pool's addresses) settle; the last pass's words and
//! errors are the result.

use std::collections::{BTreeMap, BTreeSet};

use emu::ibm7090::isa::{Format, InstrInfo};

use super::error::FapError;
use super::parse::{Address, Fields, Line, Stmt, VfdField};
use crate::core::diag::{Collector, CoreError, ErrorKind};
use crate::core::expr::{Expr, Lookup};
use crate::core::span::Span;
use crate::core::symbols::{lookup, SymbolTable};

/// Words in the store.
pub const STORE_WORDS: i64 = 32768;

/// What a symbol names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SymbolKind {
    /// A location (instruction, data, reserved block, literal).
    Location,
    /// EQU, SYN, BOOL: a value without storage.
    Equ,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymVal {
    pub value: i64,
    pub kind: SymbolKind,
}

/// What a word holds, for the listing's layout of its octal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordKind {
    /// An instruction, prefix word or channel command: its row of the emulator's table.
    Instruction(&'static InstrInfo),
    Data,
}

/// What one card put into the store (for the listing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    Word {
        address: u16,
        kind: WordKind,
    },
    Reserved {
        address: u16,
        count: u16,
    },
    Org(u16),
    Value(i64),
    /// END: the start address.
    End(u16),
}

#[derive(Debug)]
pub struct PassOut {
    pub words: BTreeMap<u16, u64>,
    /// The line that placed each word.
    pub owners: BTreeMap<u16, u32>,
    pub placed: Vec<(u32, Placed)>,
    /// The literal pool, in order of first use: (address, word).
    pub literals: Vec<(u16, u64)>,
    pub reserved: Vec<(u16, u16)>,
    pub start: Option<u16>,
    pub first_word: Option<u16>,
    pub errors: Collector<ErrorKind>,
}

/// The symbol-table name of the literal with this word: never a valid FAP symbol.
pub fn literal_key(word: u64) -> String {
    format!("={word:012o}")
}

struct Pass<'a> {
    prev: &'a SymbolTable<SymVal>,
    defined: &'a BTreeSet<String>,
    table: SymbolTable<SymVal>,
    out: PassOut,
    loc: i64,
    line: u32,
    literals: Vec<u64>,
    /// The same words, to find repeats quickly.
    literal_set: BTreeSet<u64>,
    past_end_reported: bool,
    overlap_reported: Option<Span>,
    ended: bool,
}

pub fn pass(
    lines: &[Line],
    defined: &BTreeSet<String>,
    prev: &SymbolTable<SymVal>,
    file: &str,
) -> (SymbolTable<SymVal>, PassOut) {
    let mut p = Pass {
        prev,
        defined,
        table: SymbolTable::new(),
        out: PassOut {
            words: BTreeMap::new(),
            owners: BTreeMap::new(),
            placed: Vec::new(),
            literals: Vec::new(),
            reserved: Vec::new(),
            start: None,
            first_word: None,
            errors: Collector::new(file),
        },
        loc: 0,
        line: 0,
        literals: Vec::new(),
        literal_set: BTreeSet::new(),
        past_end_reported: false,
        overlap_reported: None,
        ended: false,
    };
    for line in lines {
        p.line = line.number;
        if p.ended {
            let span = line
                .label
                .as_ref()
                .map(|l| l.1)
                .or(line.stmt.as_ref().map(|s| s.1))
                .unwrap_or(Span::new(line.number, 1));
            p.error(span, FapError::AfterEnd);
            continue;
        }
        p.card(line);
    }
    if !p.ended {
        // No END card: the literals still go after the last word.
        p.pool();
    }
    let Pass { table, out, .. } = p;
    (table, out)
}

impl Pass<'_> {
    fn error(&mut self, span: Span, e: impl Into<ErrorKind>) {
        self.out.errors.error(span, e);
    }

    fn eval(&mut self, e: &Expr) -> Option<i64> {
        e.eval(self.loc, |n| lookup(&self.table, self.prev, n, |v| v.value))
            .value_or_report(self.defined, &mut self.out.errors)
    }

    fn define(&mut self, label: &Option<(String, Span)>, value: i64, kind: SymbolKind) {
        let Some((name, span)) = label else { return };
        if let Err(first) = self.table.define(name, SymVal { value, kind }, *span) {
            self.error(
                *span,
                CoreError::DuplicateSymbol {
                    name: name.clone(),
                    first_line: first.line,
                },
            );
        }
    }

    fn card(&mut self, line: &Line) {
        let Some((stmt, span)) = &line.stmt else {
            return;
        };
        let span = *span;
        let label = &line.label;
        match stmt {
            Stmt::Instr {
                info,
                indirect,
                fields,
            } => {
                self.define(label, self.loc, SymbolKind::Location);
                let word = self.instruction(info, *indirect, fields);
                self.place(word, WordKind::Instruction(info), span);
            }
            Stmt::Words(words) => {
                self.define(label, self.loc, SymbolKind::Location);
                for &w in words {
                    self.place(w, WordKind::Data, span);
                }
            }
            Stmt::Vfd(fields) => {
                self.define(label, self.loc, SymbolKind::Location);
                for w in self.vfd(fields) {
                    self.place(w, WordKind::Data, span);
                }
            }
            Stmt::Org(e) => {
                if let Some(v) = self.eval(e) {
                    if (0..STORE_WORDS).contains(&v) {
                        self.loc = v;
                        self.past_end_reported = false;
                        self.out.placed.push((self.line, Placed::Org(v as u16)));
                    } else {
                        self.error(e.span, FapError::OriginOutOfRange(v));
                    }
                }
                self.define(label, self.loc, SymbolKind::Location);
            }
            Stmt::Bss(e) | Stmt::Bes(e) => {
                let bes = matches!(stmt, Stmt::Bes(_));
                let op = if bes { "BES" } else { "BSS" };
                let n = match self.eval(e) {
                    Some(n) if (0..=STORE_WORDS).contains(&n) => n,
                    Some(n) => {
                        self.error(e.span, FapError::BadCount { op, value: n });
                        0
                    }
                    None => 0,
                };
                let at = self.loc;
                self.define(label, if bes { at + n } else { at }, SymbolKind::Location);
                if at + n > STORE_WORDS {
                    if !self.past_end_reported {
                        self.past_end_reported = true;
                        self.error(span, FapError::PastEndOfStore);
                    }
                } else if n > 0 {
                    self.out.reserved.push((at as u16, n as u16));
                    self.out.placed.push((
                        self.line,
                        Placed::Reserved {
                            address: at as u16,
                            count: n as u16,
                        },
                    ));
                }
                self.loc = at + n;
            }
            Stmt::Equ(e) => {
                if let Some(v) = self.eval(e) {
                    self.define(label, v, SymbolKind::Equ);
                    self.out.placed.push((self.line, Placed::Value(v)));
                }
            }
            Stmt::Bool(v) => {
                self.define(label, *v as i64, SymbolKind::Equ);
                self.out.placed.push((self.line, Placed::Value(*v as i64)));
            }
            Stmt::End(e) => {
                self.define(label, self.loc, SymbolKind::Location);
                if let Some(e) = e {
                    if let Some(v) = self.eval(e) {
                        match address_bits(v) {
                            Some(a) => {
                                self.out.start = Some(a as u16);
                                self.out.placed.push((self.line, Placed::End(a as u16)));
                            }
                            None => self.error(
                                e.span,
                                FapError::FieldOutOfRange {
                                    field: "start address",
                                    value: v,
                                },
                            ),
                        }
                    }
                }
                self.pool();
                self.ended = true;
            }
            Stmt::Nothing => self.define(label, self.loc, SymbolKind::Location),
        }
    }

    /// Place the literal pool at the location counter.
    fn pool(&mut self) {
        self.literal_set.clear();
        for w in std::mem::take(&mut self.literals) {
            let key = literal_key(w);
            let at = self.loc;
            if let Err(first) = self.table.define(
                &key,
                SymVal {
                    value: at,
                    kind: SymbolKind::Location,
                },
                Span::default(),
            ) {
                // Cannot happen: the pool holds each word once.
                debug_assert!(false, "literal {key} twice (first {first:?})");
            }
            let span = Span::new(self.line.max(1), 1);
            if !(0..STORE_WORDS).contains(&at) {
                if !self.past_end_reported {
                    self.past_end_reported = true;
                    self.error(span, FapError::PastEndOfStore);
                }
            } else if let Some(&first_line) = self.out.owners.get(&(at as u16)) {
                // The pool runs into words an earlier ORG placed.
                self.error(
                    span,
                    FapError::Overlap {
                        address: at as u16,
                        first_line,
                    },
                );
            } else {
                self.out.words.insert(at as u16, w);
                self.out.owners.insert(at as u16, self.line);
                self.out.literals.push((at as u16, w));
            }
            self.loc += 1;
        }
    }

    fn place(&mut self, word: u64, kind: WordKind, span: Span) {
        let at = self.loc;
        self.loc += 1;
        if at >= STORE_WORDS {
            if !self.past_end_reported {
                self.past_end_reported = true;
                self.error(span, FapError::PastEndOfStore);
            }
            return;
        }
        let a = at as u16;
        if let Some(&first_line) = self.out.owners.get(&a) {
            if self.overlap_reported != Some(span) {
                self.overlap_reported = Some(span);
                self.error(
                    span,
                    FapError::Overlap {
                        address: a,
                        first_line,
                    },
                );
            }
            return;
        }
        self.out.owners.insert(a, self.line);
        self.out.words.insert(a, word);
        self.out.first_word.get_or_insert(a);
        self.out
            .placed
            .push((self.line, Placed::Word { address: a, kind }));
    }

    fn instruction(&mut self, info: &InstrInfo, indirect: bool, f: &Fields) -> u64 {
        let mut address = match &f.address {
            None => match info.format {
                // RDS, WRS... with a blank variable field select their usual unit.
                Format::Io => u32::from(info.function),
                _ => 0,
            },
            Some(Address::Filled(_)) => 0,
            Some(Address::Literal(w, _)) => {
                if self.literal_set.insert(*w) {
                    self.literals.push(*w);
                }
                match lookup(&self.table, self.prev, &literal_key(*w), |v| v.value) {
                    Lookup::Value(v) => v as u32 & 0o77777,
                    // Known from the second pass on (the pool follows END).
                    Lookup::Pending => 0,
                }
            }
            Some(Address::Expr(e)) => match self.eval(e) {
                Some(v) => match address_bits(v) {
                    Some(a) => a,
                    None => {
                        self.error(
                            e.span,
                            FapError::FieldOutOfRange {
                                field: "address",
                                value: v,
                            },
                        );
                        0
                    }
                },
                None => 0,
            },
        };
        if info.format == Format::Group0760 {
            let (lo, hi) = (u32::from(info.operand_min), u32::from(info.operand_max));
            if let Some(a) = &f.address {
                if !(lo..=hi).contains(&address) && hi > 0 {
                    self.error(
                        a.span(),
                        FapError::OperandOutOfRange {
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
            Some(e) => match self.eval(e) {
                Some(t) if (0..8).contains(&t) => t as u8,
                Some(t) => {
                    self.error(e.span, FapError::TagOutOfRange(t));
                    0
                }
                None => 0,
            },
        };
        let decrement = match &f.decrement {
            None => 0,
            Some(e) => match self.eval(e) {
                Some(v) => address_bits(v).unwrap_or_else(|| {
                    self.error(
                        e.span,
                        FapError::FieldOutOfRange {
                            field: "decrement",
                            value: v,
                        },
                    );
                    0
                }),
                None => 0,
            },
        };
        info.encode(address, tag, decrement, indirect)
    }

    fn vfd(&mut self, fields: &[VfdField]) -> Vec<u64> {
        let mut bits: Vec<bool> = Vec::new();
        for f in fields {
            let (width, value) = match f {
                VfdField::Bits { width, value, span } => {
                    if *width < 36 && value >> width != 0 {
                        self.error(
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
                    let v = self.eval(value).unwrap_or(0);
                    // Negative values are the 2's complement in the field, as for addresses.
                    let limit = 1i64 << width;
                    if v >= limit || v <= -limit {
                        self.error(
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
}

/// An address or decrement value into 15 bits: 0..32767, or a negative value down to -32767
/// as its 2's complement (FAP's rule: `-1` is 77777).
pub fn address_bits(v: i64) -> Option<u32> {
    (-32767..=32767)
        .contains(&v)
        .then_some((v & 0o77777) as u32)
}
