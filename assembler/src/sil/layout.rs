//! The SILLIAC dialect on the core's driver: the layout of each line (orders fill a word's left
//! half, then its right; data and directives start a new word), repeated until the symbols
//! settle, and the encoding of orders and integers once they have.

use std::collections::{BTreeMap, BTreeSet};

use emu::silliac::orders::{info, pair, Order};

use super::data::integer_word;
use super::error::SilError;
use super::parse::{Line, OrderStmt, Stmt};
use super::placed::{self, Placed};
use super::{status, Half, SymbolKind};
use crate::core::dialect::{Dialect, Encoder, Layout, Valued};
use crate::core::expr::Expr;
use crate::core::span::Span;

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

impl Valued for SymVal {
    fn value(&self) -> i64 {
        self.value
    }
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

/// The SILLIAC dialect, for the core's driver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sil;

/// What a layout pass keeps besides the core's location counter and store.
#[derive(Debug)]
pub struct LayoutState {
    /// The word at `loc` has its left half filled and the right half free.
    pending_left: bool,
    /// The pending word was really stored (not refused as overlapping, past the end...).
    pending_stored: bool,
    /// Labels waiting for the next thing placed.
    labels: Vec<(String, Span)>,
    /// Words that hold code or data (not `.bss`).
    pub initialised: BTreeSet<u16>,
    pub regions: Vec<Region>,
    pub first_order: Option<u16>,
}

impl Default for LayoutState {
    fn default() -> Self {
        LayoutState {
            pending_left: false,
            pending_stored: false,
            labels: Vec::new(),
            initialised: BTreeSet::new(),
            regions: vec![Region {
                line: 0,
                origin: 0,
                first: None,
                last: None,
                words: 0,
            }],
            first_order: None,
        }
    }
}

/// What the encoding walk keeps from line to line.
#[derive(Debug, Default)]
pub struct EncodingState {
    /// Orders `.allow`ed so far.
    allowed: BTreeSet<u8>,
    start_line: Option<u32>,
    pub start: Option<u16>,
}

type Pass<'a, 'b> = &'a mut Layout<'b, Sil>;

impl Dialect for Sil {
    type Stmt = Stmt;
    type Symbol = SymVal;
    type Placed = Placed;
    type Error = SilError;
    type Layout = LayoutState;
    type Encoding = EncodingState;
    const STORE_WORDS: i64 = STORE_WORDS;
    const WORD_BITS: u32 = 40;

    fn parse_line(&self, text: &str, number: u32) -> Result<Option<Line>, (Span, SilError)> {
        super::parse::parse_line(text, number).map(Some)
    }

    fn defines<'a>(&self, stmt: &'a Stmt) -> Option<&'a str> {
        match stmt {
            Stmt::Equ(name, _, _) => Some(name),
            _ => None,
        }
    }

    fn layout(&self, line: &Line, p: Pass) {
        p.state.labels.extend(line.labels.iter().cloned());
        if let Some((stmt, span)) = &line.stmt {
            statement(p, stmt, *span);
        }
    }

    fn end(&self, p: Pass) {
        align(p);
        let end = p.loc;
        flush_labels(p, end, None, SymbolKind::Data);
        p.state.regions.retain(|r| r.words > 0);
    }

    fn encode(&self, line: &Line, placed: &[Placed], here: i64, enc: &mut Encoder<'_, Sil>) {
        let Some((stmt, span)) = &line.stmt else {
            return;
        };
        match stmt {
            Stmt::Order(o) => encode_order(enc, o, placed.first(), here),
            Stmt::Pair(l, r) => {
                encode_order(enc, l, placed.first(), here);
                encode_order(enc, r, placed.get(1), here);
            }
            Stmt::Int(e) => {
                let w = match enc.eval(e, here) {
                    Some(n) => integer_word(n).unwrap_or_else(|err| {
                        enc.error(e.span, err);
                        0
                    }),
                    None => 0,
                };
                if let Some(&Placed::Word { address }) = placed.first() {
                    enc.store(address, w);
                }
            }
            Stmt::Start(e) => start(enc, e, *span, here),
            Stmt::Allow(codes) => enc.state.allowed.extend(codes.iter().copied()),
            Stmt::Org(_) | Stmt::Left | Stmt::Word(_) | Stmt::Bss(_) | Stmt::Equ(..) => {}
        }
    }

    fn word_text(&self, word: u64) -> String {
        placed::spaced_word(word)
    }

    fn listing_rows(&self, placed: &[Placed], words: &BTreeMap<u16, u64>) -> Vec<Vec<String>> {
        placed::columns(placed, words)
    }
}

fn flush_labels(p: Pass, value: i64, half: Option<Half>, kind: SymbolKind) {
    for (name, span) in std::mem::take(&mut p.state.labels) {
        p.define(&name, span, SymVal { value, half, kind });
    }
}

/// Complete a word whose right half is still free (it stays `00 0`).
fn align(p: Pass) {
    if p.state.pending_left {
        p.state.pending_left = false;
        p.loc += 1;
    }
}

/// Claim the word at `loc` for this line; false (with an error) if it cannot be used.
fn claim(p: Pass, span: Span, initialised: bool) -> bool {
    // Words 0..2 are never past the end: the loader's rule comes first.
    if initialised && (0..i64::from(LOADER_WORDS)).contains(&p.loc) {
        p.error(span, SilError::LoaderWord(p.loc as u16));
        return false;
    }
    let Some(a) = p.claim(span) else {
        return false;
    };
    if initialised {
        p.state.initialised.insert(a);
    }
    let r = p.state.regions.last_mut().expect("a region always exists");
    r.first = Some(r.first.map_or(a, |f| f.min(a)));
    r.last = Some(r.last.map_or(a, |l| l.max(a)));
    r.words += 1;
    true
}

fn statement(p: Pass, stmt: &Stmt, span: Span) {
    match stmt {
        Stmt::Order(o) => order(p, o),
        Stmt::Pair(l, r) => {
            align(p);
            let here = p.loc;
            p.set_here(here);
            order(p, l);
            order(p, r);
        }
        Stmt::Org(e) => {
            align(p);
            if let Some(v) = p.eval(e) {
                if (0..STORE_WORDS).contains(&v) {
                    p.origin(v);
                    let line = p.line;
                    p.state.regions.push(Region {
                        line,
                        origin: v as u16,
                        first: None,
                        last: None,
                        words: 0,
                    });
                    p.place(Placed::Org { address: v as u16 });
                } else {
                    p.error(e.span, SilError::OriginOutOfRange(v));
                }
            }
        }
        Stmt::Left => align(p),
        Stmt::Word(w) => data(p, *w, span),
        Stmt::Int(_) => {
            // `*` in the value is the data word's own address; the value is encoded later.
            align(p);
            let here = p.loc;
            p.set_here(here);
            data(p, 0, span);
        }
        Stmt::Bss(e) => {
            align(p);
            let Some(n) = p.eval(e) else { return };
            if n < 0 {
                p.error(e.span, SilError::NegativeCount(n));
                return;
            }
            if n == 0 {
                return;
            }
            let at = p.loc;
            flush_labels(p, at, None, SymbolKind::Data);
            let n = n.min(STORE_WORDS + 1);
            for _ in 0..n {
                if claim(p, span, false) {
                    p.store(p.loc as u16, 0);
                }
                p.loc += 1;
            }
            if at < STORE_WORDS {
                p.place(Placed::Bss {
                    address: at as u16,
                    count: n.min(STORE_WORDS - at) as u16,
                });
            }
        }
        Stmt::Equ(name, at, e) => {
            if let Some(v) = p.eval(e) {
                p.define(
                    name,
                    *at,
                    SymVal {
                        value: v,
                        half: None,
                        kind: SymbolKind::Equ,
                    },
                );
                p.place(Placed::Value(v));
            }
        }
        // Encoded once the symbols are known.
        Stmt::Start(_) | Stmt::Allow(_) => {}
    }
}

fn data(p: Pass, word: u64, span: Span) {
    align(p);
    let at = p.loc;
    flush_labels(p, at, None, SymbolKind::Data);
    if claim(p, span, true) {
        p.store(at as u16, word);
        p.place(Placed::Word { address: at as u16 });
    }
    p.loc += 1;
}

fn order(p: Pass, o: &OrderStmt) {
    let half = if p.state.pending_left {
        Half::Right
    } else {
        Half::Left
    };
    let at = p.loc;
    flush_labels(p, at, Some(half), SymbolKind::Order);
    match half {
        Half::Left => {
            p.state.pending_stored = claim(p, o.span, true);
            if p.state.pending_stored {
                // The orders go in when encoded.
                p.store(at as u16, 0);
            }
            p.state.pending_left = true;
        }
        Half::Right => {
            p.state.pending_left = false;
            p.loc += 1;
        }
    }
    if at < STORE_WORDS {
        p.place(Placed::Order {
            address: at as u16,
            half,
        });
        if p.state.first_order.is_none() && p.state.pending_stored {
            p.state.first_order = Some(at as u16);
        }
    }
}

/// An order's address and checks, and its half of the word.
fn encode_order(enc: &mut Encoder<'_, Sil>, o: &OrderStmt, placed: Option<&Placed>, here: i64) {
    let address = match enc.eval(&o.address, here) {
        Some(v) if (0..STORE_WORDS).contains(&v) => v as u16,
        Some(v) => {
            enc.error(o.address.span, SilError::AddressOutOfRange(v));
            0
        }
        None => 0,
    };
    if !enc.state.allowed.contains(&o.function) {
        if let Some(status) = status::problem(o.function) {
            enc.error(
                o.span,
                SilError::NoKnownEffect {
                    code: o.function,
                    status,
                },
            );
        }
    }
    check_transfer(enc, o);
    let order = Order::new(o.function, address);
    match placed {
        Some(&Placed::Order {
            address: a,
            half: Half::Left,
        }) => enc.store(a, pair(order, Order::new(0, 0))),
        Some(&Placed::Order {
            address: a,
            half: Half::Right,
        }) => {
            if let Some(w) = enc.word_mut(a) {
                *w |= pair(Order::new(0, 0), order);
            }
        }
        _ => {}
    }
}

/// The commonest slip: `26 x` (go to the left-hand order) where `x` labels a right-hand
/// order, or `22 x` where it labels a left-hand one. Only bare labels are checked:
/// `x+1` or a number says the writer means the address itself.
fn check_transfer(enc: &mut Encoder<'_, Sil>, o: &OrderStmt) {
    let Some(to) = info(o.function).transfer_to() else {
        return;
    };
    let Some(name) = o.address.bare_symbol() else {
        return;
    };
    let Some(&SymVal {
        half: Some(half), ..
    }) = enc.symbol(name)
    else {
        return;
    };
    if to != half {
        enc.error(
            o.address.span,
            SilError::TransferHalf {
                code: o.function,
                label: name.to_string(),
                half,
            },
        );
    }
}

fn start(enc: &mut Encoder<'_, Sil>, e: &Expr, span: Span, here: i64) {
    if let Some(first_line) = enc.state.start_line {
        enc.error(span, SilError::DuplicateStart { first_line });
        return;
    }
    enc.state.start_line = Some(enc.line);
    if let Some(name) = e.bare_symbol() {
        if let Some(SymVal {
            half: Some(Half::Right),
            ..
        }) = enc.symbol(name)
        {
            enc.error(e.span, SilError::StartRightHalf(name.to_string()));
        }
    }
    if let Some(v) = enc.eval(e, here) {
        if (0..i64::from(LOADER_WORDS)).contains(&v) {
            enc.error(e.span, SilError::StartInLoader(v));
        } else if (0..STORE_WORDS).contains(&v) {
            enc.state.start = Some(v as u16);
            enc.place(Placed::Start(v as u16));
        } else {
            enc.error(e.span, SilError::StartOutOfRange(v));
        }
    }
}
