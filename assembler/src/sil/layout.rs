//! One layout-and-emission pass over the parsed lines. The pass is repeated by
//! `core::symbols::fixed_point` until the symbol table settles; the last pass's words and
//! errors are the result.

use std::collections::{BTreeMap, BTreeSet};

use emu::silliac::orders::{pair, Order};

use super::data::integer_word;
use super::error::SilError;
use super::parse::{Line, OrderStmt, Stmt};
use super::{status, Half, SymbolKind};
use crate::core::diag::{Collector, CoreError, ErrorKind};
use crate::core::expr::Expr;
use crate::core::span::Span;
use crate::core::symbols::{lookup, SymbolTable};

/// Words 0, 1, 2 are the loader's while the tape is read.
pub const LOADER_WORDS: u16 = 3;
/// Words in the store.
pub const STORE_WORDS: i64 = 1024;

/// What a symbol stands for during layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymVal {
    pub value: i64,
    pub half: Option<Half>,
    pub kind: SymbolKind,
}

/// What one source line put into the store (for the listing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    Order { address: u16, half: Half },
    Word { address: u16 },
    Bss { address: u16, count: u16 },
    Org { address: u16 },
    Value(i64),
    Start(u16),
}

/// A stretch of store laid out after one `.org` (or from the top of the file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The line of the `.org`, or 0 for the words before any `.org`.
    pub line: u32,
    pub origin: u16,
    pub first: Option<u16>,
    pub last: Option<u16>,
    pub words: usize,
}

#[derive(Debug)]
pub struct PassOut {
    pub words: BTreeMap<u16, u64>,
    /// The line that placed each word.
    pub owners: BTreeMap<u16, u32>,
    /// Words that hold code or data (not `.bss`).
    pub initialised: BTreeSet<u16>,
    pub regions: Vec<Region>,
    pub placed: Vec<(u32, Placed)>,
    pub start: Option<u16>,
    pub first_order: Option<u16>,
    pub errors: Collector<ErrorKind>,
}

struct Pass<'a> {
    prev: &'a SymbolTable<SymVal>,
    defined: &'a BTreeSet<String>,
    table: SymbolTable<SymVal>,
    out: PassOut,
    loc: i64,
    /// The word at `loc` has its left half filled and the right half free.
    pending_left: bool,
    /// The pending word was really stored (not refused as overlapping, past the end...).
    pending_stored: bool,
    labels: Vec<(String, Span)>,
    past_end_reported: bool,
    overlap_reported: Option<Span>,
    allowed: BTreeSet<u8>,
    start_line: Option<u32>,
    line: u32,
}

/// Run one pass. `defined` is every name defined anywhere in the file (to tell a circular
/// definition from a missing one).
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
            initialised: BTreeSet::new(),
            regions: vec![Region {
                line: 0,
                origin: 0,
                first: None,
                last: None,
                words: 0,
            }],
            placed: Vec::new(),
            start: None,
            first_order: None,
            errors: Collector::new(file),
        },
        loc: 0,
        pending_left: false,
        pending_stored: false,
        labels: Vec::new(),
        past_end_reported: false,
        overlap_reported: None,
        allowed: BTreeSet::new(),
        start_line: None,
        line: 0,
    };
    for line in lines {
        p.line = line.number;
        p.labels.extend(line.labels.iter().cloned());
        if let Some((stmt, span)) = &line.stmt {
            p.statement(stmt, *span);
        }
    }
    p.align();
    let end = p.loc;
    p.flush_labels(end, None, SymbolKind::Data);
    let Pass { table, mut out, .. } = p;
    out.regions.retain(|r| r.words > 0);
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

    fn symbol(&self, name: &str) -> Option<SymVal> {
        self.table
            .get(name)
            .or_else(|| self.prev.get(name))
            .map(|d| d.value)
    }

    fn define(&mut self, name: &str, span: Span, v: SymVal) {
        if let Err(first) = self.table.define(name, v, span) {
            self.error(
                span,
                CoreError::DuplicateSymbol {
                    name: name.to_string(),
                    first_line: first.line,
                },
            );
        }
    }

    fn flush_labels(&mut self, value: i64, half: Option<Half>, kind: SymbolKind) {
        for (name, span) in std::mem::take(&mut self.labels) {
            self.define(&name, span, SymVal { value, half, kind });
        }
    }

    /// Complete a word whose right half is still free (it stays `00 0`).
    fn align(&mut self) {
        if self.pending_left {
            self.pending_left = false;
            self.loc += 1;
        }
    }

    /// Claim the word at `loc` for this line; false (with an error) if it cannot be used.
    fn claim(&mut self, span: Span, initialised: bool) -> bool {
        if self.loc >= STORE_WORDS {
            if !self.past_end_reported {
                self.past_end_reported = true;
                self.error(span, SilError::PastEndOfStore);
            }
            return false;
        }
        let a = self.loc as u16;
        if initialised && a < LOADER_WORDS {
            self.error(span, SilError::LoaderWord(a));
            return false;
        }
        if let Some(&first_line) = self.out.owners.get(&a) {
            // One report per statement: a `.bss` over used words would otherwise give one
            // error a word.
            if self.overlap_reported != Some(span) {
                self.overlap_reported = Some(span);
                self.error(
                    span,
                    SilError::Overlap {
                        address: a,
                        first_line,
                    },
                );
            }
            return false;
        }
        self.out.owners.insert(a, self.line);
        if initialised {
            self.out.initialised.insert(a);
        }
        let r = self.out.regions.last_mut().expect("a region always exists");
        r.first = Some(r.first.map_or(a, |f| f.min(a)));
        r.last = Some(r.last.map_or(a, |l| l.max(a)));
        r.words += 1;
        true
    }

    fn statement(&mut self, stmt: &Stmt, span: Span) {
        match stmt {
            Stmt::Order(o) => self.order(o),
            Stmt::Pair(l, r) => {
                self.align();
                self.order(l);
                self.order(r);
            }
            Stmt::Org(e) => {
                self.align();
                if let Some(v) = self.eval(e) {
                    if (0..STORE_WORDS).contains(&v) {
                        self.loc = v;
                        self.past_end_reported = false;
                        self.out.regions.push(Region {
                            line: self.line,
                            origin: v as u16,
                            first: None,
                            last: None,
                            words: 0,
                        });
                        self.out
                            .placed
                            .push((self.line, Placed::Org { address: v as u16 }));
                    } else {
                        self.error(e.span, SilError::OriginOutOfRange(v));
                    }
                }
            }
            Stmt::Left => self.align(),
            Stmt::Word(w) => self.data(*w, span),
            Stmt::Int(e) => {
                // `*` in the value is the data word's own address.
                self.align();
                let w = match self.eval(e) {
                    Some(n) => integer_word(n).unwrap_or_else(|err| {
                        self.error(e.span, err);
                        0
                    }),
                    None => 0,
                };
                self.data(w, span);
            }
            Stmt::Bss(e) => {
                self.align();
                let Some(n) = self.eval(e) else { return };
                if n < 0 {
                    self.error(e.span, SilError::NegativeCount(n));
                    return;
                }
                if n == 0 {
                    return;
                }
                let at = self.loc;
                self.flush_labels(at, None, SymbolKind::Data);
                let n = n.min(STORE_WORDS + 1);
                for _ in 0..n {
                    if self.claim(span, false) {
                        self.out.words.insert(self.loc as u16, 0);
                    }
                    self.loc += 1;
                }
                if at < STORE_WORDS {
                    self.out.placed.push((
                        self.line,
                        Placed::Bss {
                            address: at as u16,
                            count: n.min(STORE_WORDS - at) as u16,
                        },
                    ));
                }
            }
            Stmt::Equ(name, at, e) => {
                if let Some(v) = self.eval(e) {
                    self.define(
                        name,
                        *at,
                        SymVal {
                            value: v,
                            half: None,
                            kind: SymbolKind::Equ,
                        },
                    );
                    self.out.placed.push((self.line, Placed::Value(v)));
                }
            }
            Stmt::Start(e) => {
                if let Some(first_line) = self.start_line {
                    self.error(span, SilError::DuplicateStart { first_line });
                    return;
                }
                self.start_line = Some(self.line);
                if let Some(name) = e.bare_symbol() {
                    if let Some(SymVal {
                        half: Some(Half::Right),
                        ..
                    }) = self.symbol(name)
                    {
                        self.error(e.span, SilError::StartRightHalf(name.to_string()));
                    }
                }
                if let Some(v) = self.eval(e) {
                    if (0..i64::from(LOADER_WORDS)).contains(&v) {
                        self.error(e.span, SilError::StartInLoader(v));
                    } else if (0..STORE_WORDS).contains(&v) {
                        self.out.start = Some(v as u16);
                        self.out.placed.push((self.line, Placed::Start(v as u16)));
                    } else {
                        self.error(e.span, SilError::StartOutOfRange(v));
                    }
                }
            }
            Stmt::Allow(codes) => self.allowed.extend(codes.iter().copied()),
        }
    }

    fn data(&mut self, word: u64, span: Span) {
        self.align();
        let at = self.loc;
        self.flush_labels(at, None, SymbolKind::Data);
        if self.claim(span, true) {
            self.out.words.insert(at as u16, word);
            self.out
                .placed
                .push((self.line, Placed::Word { address: at as u16 }));
        }
        self.loc += 1;
    }

    fn order(&mut self, o: &OrderStmt) {
        let half = if self.pending_left {
            Half::Right
        } else {
            Half::Left
        };
        let at = self.loc;
        self.flush_labels(at, Some(half), SymbolKind::Order);
        let address = match self.eval(&o.address) {
            Some(v) if (0..STORE_WORDS).contains(&v) => v as u16,
            Some(v) => {
                self.error(o.address.span, SilError::AddressOutOfRange(v));
                0
            }
            None => 0,
        };
        if !self.allowed.contains(&o.function) {
            if let Some(status) = status::problem(o.function) {
                self.error(
                    o.span,
                    SilError::NoKnownEffect {
                        code: o.function,
                        status,
                    },
                );
            }
        }
        self.check_transfer(o);
        let order = Order::new(o.function, address);
        match half {
            Half::Left => {
                self.pending_stored = self.claim(o.span, true);
                if self.pending_stored {
                    self.out
                        .words
                        .insert(at as u16, pair(order, Order::new(0, 0)));
                }
                self.pending_left = true;
            }
            Half::Right => {
                if self.pending_stored {
                    if let Some(w) = self.out.words.get_mut(&(at as u16)) {
                        *w |= pair(Order::new(0, 0), order);
                    }
                }
                self.pending_left = false;
                self.loc += 1;
            }
        }
        if at < STORE_WORDS {
            self.out.placed.push((
                self.line,
                Placed::Order {
                    address: at as u16,
                    half,
                },
            ));
            if self.out.first_order.is_none() && self.pending_stored {
                self.out.first_order = Some(at as u16);
            }
        }
    }

    /// The commonest slip: `26 x` (go to the left-hand order) where `x` labels a right-hand
    /// order, or `22 x` where it labels a left-hand one. Only bare labels are checked:
    /// `x+1` or a number says the writer means the address itself.
    fn check_transfer(&mut self, o: &OrderStmt) {
        let kind = o.function >> 4;
        if kind != 2 && kind != 3 {
            return;
        }
        let Some(name) = o.address.bare_symbol() else {
            return;
        };
        let Some(SymVal {
            half: Some(half), ..
        }) = self.symbol(name)
        else {
            return;
        };
        let goes_left = o.function & 4 != 0;
        if goes_left != (half == Half::Left) {
            self.error(
                o.address.span,
                SilError::TransferHalf {
                    code: o.function,
                    label: name.to_string(),
                    half,
                },
            );
        }
    }
}
