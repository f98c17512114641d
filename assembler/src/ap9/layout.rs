//! The 9AP dialect on the core's driver. Layout is 9AP's pass 1 (9AP3): location counting,
//! symbols (with the heading character), and the operands of ORG, BSS, BES, EQU and SYN, which
//! see only the symbols defined above them (a later one is refused: 9AP would take it as 0) and
//! in which `*` is the previous card's location (9AP3; docs/assembler.md). Encoding is pass 2
//! (9AP5): every instruction's fields OR-ed into its code with the whole symbol table. Layout
//! also records where 9AP's pass 2 starts a new card (the breaks of §7.3) for the deck.

use std::collections::BTreeMap;

use super::error::Ap9Error;
use super::parse::{self, Form, Kind, Stmt};
use super::placed::{self, Placed, What};
use super::scan::{Expr, Term, Value};
use crate::core::dialect::{Dialect, Encoder, Layout, Line};
use crate::core::span::Span;
use crate::ibm7090::bcd::char_of;
use crate::ibm7090::symbol::{SymVal, SymbolKind};
use crate::ibm7090::{STORE_WORDS, WORD_BITS};

const S: u64 = 1 << 35;

/// Where 9AP's pass 2 punches: a word into the pending block, a break (the block is punched
/// and the next word starts a card), the card format, a transfer card, the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Word(u16),
    Break,
    /// FUL (true): 24-word cards from here; ABS (false): 22-word cards.
    Full(bool),
    /// TCD on this line: a transfer card.
    Transfer(u32),
    /// END on this line: the transfer card and two blank cards.
    End(u32),
}

/// The 9AP dialect, for the core's driver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ap9;

/// What pass 1 keeps from card to card.
#[derive(Debug, Default)]
pub struct LayoutState {
    /// The heading character (`HED`); 0 is none.
    heading: u8,
    /// `LOC2`: what `*` means in pass 1, the value the last card's location symbol got.
    loc2: i64,
    pub ended: bool,
    pub events: Vec<Event>,
}

/// What pass 2 keeps from card to card.
#[derive(Debug, Default)]
pub struct EncodingState {
    heading: u8,
    /// After `DEF v`: undefined symbols are numbered from v, in order of first use.
    def: Option<i64>,
    numbered: BTreeMap<String, i64>,
    /// The transfer address of each END and TCD line.
    pub transfers: BTreeMap<u32, u16>,
    pub start: Option<u16>,
}

type Pass<'a, 'b> = &'a mut Layout<'b, Ap9>;
type Fail = (Span, Ap9Error);

/// The table key of a symbol: its six characters right-justified with `0` characters, the
/// first one replaced by the heading if it is a `0` (9AP3 876-881, 9AP5 387-391).
pub fn key(chars: u64, heading: u8) -> String {
    let first = (chars >> 30) & 0o77;
    let chars = if first == 0 {
        chars | u64::from(heading) << 30
    } else {
        chars
    };
    (0..6)
        .rev()
        .map(|k| char_of(((chars >> (6 * k)) & 0o77) as u8).unwrap_or('?'))
        .collect()
}

/// A key as a reader would write the symbol: leading `0` characters dropped; a headed symbol
/// as `h$NAME`.
pub fn display(key: &str) -> String {
    let rest = key.get(1..).unwrap_or("");
    match key.chars().next() {
        Some('0') => key.trim_start_matches('0').to_string(),
        Some(h) if rest.starts_with('0') => format!("{h}${}", rest.trim_start_matches('0')),
        _ => key.to_string(),
    }
}

/// The characters of a location field as 9AP keeps them.
fn label_chars(text: &str) -> u64 {
    text.chars()
        .filter_map(super::card::code)
        .fold(0, |w, c| (w << 6 | u64::from(c)) & 0o777777777777)
}

fn term_key(t: &Term, heading: u8) -> String {
    match t.value {
        Value::Symbol { chars, heading: h } => key(chars, h.unwrap_or(heading)),
        _ => String::new(),
    }
}

impl Dialect for Ap9 {
    type Stmt = Stmt;
    type Symbol = SymVal;
    type Placed = Placed;
    type Error = Ap9Error;
    type Layout = LayoutState;
    type Encoding = EncodingState;
    const STORE_WORDS: i64 = STORE_WORDS;
    const WORD_BITS: u32 = WORD_BITS;

    fn parse_line(&self, text: &str, number: u32) -> Result<Option<Line<Stmt>>, Fail> {
        parse::parse_line(text, number)
    }

    fn warnings(&self, text: &str, number: u32) -> Vec<(Span, Ap9Error)> {
        super::card::tabs(text)
            .into_iter()
            .map(|(column, to)| {
                (
                    Span::new(number, column as u32),
                    Ap9Error::Tab { column, to },
                )
            })
            .collect()
    }

    fn recover(&self, text: &str, number: u32, _error: Span) -> Option<Line<Stmt>> {
        parse::recover(text, number)
    }

    fn layout(&self, line: &Line<Stmt>, p: Pass) {
        let Some((stmt, span)) = &line.stmt else {
            return;
        };
        if p.state.ended {
            if stmt.kind != Kind::Fin && !is_blank_card(line, stmt) {
                p.error(*span, Ap9Error::AfterEnd);
            }
            return;
        }
        card(p, line, stmt, *span);
    }

    fn end(&self, p: Pass) {
        if !p.state.ended {
            let at = Span::new(p.line.max(1), 1);
            p.error(at, Ap9Error::NoEnd);
        }
    }

    fn encode(&self, line: &Line<Stmt>, placed: &[Placed], here: i64, enc: &mut Encoder<'_, Ap9>) {
        let Some((stmt, _)) = &line.stmt else {
            return;
        };
        match &stmt.kind {
            Kind::Instr {
                code,
                indirect,
                form,
                ..
            } => {
                let word = instruction(enc, *code, *indirect, form, here);
                if let Some(&Placed::Word { address, .. }) = placed.first() {
                    enc.store(address, word);
                }
            }
            Kind::Hed(c) => enc.state.heading = *c,
            Kind::Def(e) => {
                let v = value(enc, e, here);
                enc.state.def = Some(i64::from(v));
            }
            Kind::End(e) | Kind::Tcd(e) => {
                let v = value(enc, e, here) as u16;
                enc.state.transfers.insert(line.number, v);
                enc.place(Placed::Transfer(v));
                if matches!(stmt.kind, Kind::End(_)) {
                    enc.state.start.get_or_insert(v);
                }
            }
            _ => {}
        }
    }

    fn listing_rows(&self, placed: &[Placed], words: &BTreeMap<u16, u64>) -> Vec<Vec<String>> {
        placed::columns(placed, words)
    }
}

/// A card with nothing on it: after END it is no new assembly.
fn is_blank_card(line: &Line<Stmt>, stmt: &Stmt) -> bool {
    line.labels.is_empty()
        && stmt.decimal.is_none()
        && matches!(&stmt.kind, Kind::Instr { name, form: Form::Fields(f), .. }
            if name.trim().is_empty() && f.is_empty())
}

fn define(p: Pass, line: &Line<Stmt>, value: i64, kind: SymbolKind) {
    let Some((text, span)) = line.labels.first() else {
        return;
    };
    let k = key(label_chars(text), p.state.heading);
    if let Some(first) = p.defined_above(&k) {
        let first_line = first.span.line;
        p.error(
            *span,
            Ap9Error::Duplicate {
                name: display(&k),
                first_line,
            },
        );
        return;
    }
    p.define(&k, *span, SymVal { value, kind });
}

/// An operand of ORG, BSS, BES, EQU, SYN as pass 1 evaluates it (`SRCH`, 9AP3 615-637);
/// `None` (with the error) where 9AP's passes would not agree on it.
fn pass1(p: Pass, e: &Expr, op: &'static str, here_allowed: bool) -> Option<i64> {
    if !here_allowed {
        if let Some(t) = e.terms.iter().find(|t| t.value == Value::Here) {
            p.error(t.span, Ap9Error::HereInPass1(op));
            return None;
        }
    }
    let heading = p.state.heading;
    let result = e.eval(p.state.loc2, |t| -> Result<i64, Fail> {
        let k = term_key(t, heading);
        if let Some(d) = p.defined_above(&k) {
            Ok(d.value.value & 0o77777)
        } else if p.symbol(&k).is_some() {
            Err((
                t.span,
                Ap9Error::ForwardReference {
                    op,
                    name: t.text.clone(),
                },
            ))
        } else {
            Err((t.span, Ap9Error::Undefined(t.text.clone())))
        }
    });
    match result {
        Ok(v) => Some(i64::from(v)),
        Err((span, e)) => {
            p.error(span, e);
            None
        }
    }
}

fn card(p: Pass, line: &Line<Stmt>, stmt: &Stmt, span: Span) {
    let words = stmt.kind.words();
    if let Some((n, at)) = stmt.decimal {
        if words != 1 {
            p.error(at, Ap9Error::DecimalLocation(words));
        } else {
            if i64::from(n) != p.loc {
                p.state.events.push(Event::Break);
            }
            p.origin(i64::from(n));
            p.set_here(i64::from(n));
        }
    }
    let loc = p.loc;
    match &stmt.kind {
        Kind::Instr { .. } | Kind::Data(_) | Kind::Text(_) | Kind::Bad(_) => {
            define(p, line, loc, SymbolKind::Location);
            p.state.loc2 = loc;
            let (what, data): (What, &[u64]) = match &stmt.kind {
                Kind::Instr { name, .. } => (What::Instruction(static_name(name)), &[0]),
                Kind::Data(w) => (What::Data, w),
                Kind::Text(w) => (What::Text, w),
                _ => (What::Data, &[]),
            };
            for i in 0..words {
                if let Some(a) = p.claim(span) {
                    p.store(a, data.get(i).copied().unwrap_or(0));
                    p.place(Placed::Word { address: a, what });
                    p.state.events.push(Event::Word(a));
                }
                p.loc += 1;
            }
        }
        Kind::Org(e) => {
            // An operand in error leaves the counter where it is (no more errors from it).
            let v = pass1(p, e, "ORG", false).unwrap_or(loc);
            p.state.events.push(Event::Break);
            p.origin(v);
            p.place(Placed::Value(v));
            define(p, line, v, SymbolKind::Location);
            p.state.loc2 = v;
        }
        Kind::Bss(e) | Kind::Bes(e) => {
            let bes = matches!(stmt.kind, Kind::Bes(_));
            let n = pass1(p, e, if bes { "BES" } else { "BSS" }, false).unwrap_or(0);
            p.state.events.push(Event::Break);
            let end = loc + n;
            if end > STORE_WORDS {
                p.error(span, Ap9Error::OutOfStore(end));
            } else if n > 0 {
                p.place(Placed::Reserved {
                    address: loc as u16,
                    count: n as u16,
                });
            }
            let named = if bes { end } else { loc };
            define(p, line, named, SymbolKind::Location);
            p.state.loc2 = named;
            p.loc = end;
        }
        Kind::Equ(e) => {
            let v = pass1(p, e, "EQU", true).unwrap_or(0);
            define(p, line, v, SymbolKind::Equ);
            p.place(Placed::Value(v));
            p.state.loc2 = v;
        }
        Kind::Define(v) => {
            let v = *v as i64;
            define(p, line, v, SymbolKind::Equ);
            p.place(Placed::Value(v));
            p.state.loc2 = v;
        }
        Kind::Hed(c) => p.state.heading = *c,
        Kind::Full(full) => p.state.events.push(Event::Full(*full)),
        Kind::Tcd(_) => p.state.events.push(Event::Transfer(line.number)),
        Kind::End(_) => {
            p.state.events.push(Event::End(line.number));
            p.state.ended = true;
        }
        Kind::Fin => p.error(span, Ap9Error::NoEnd),
        Kind::Def(_) | Kind::Nothing => {}
    }
}

/// The table's own spelling of a name (listings keep a `&'static str`).
fn static_name(name: &str) -> &'static str {
    super::optable::lookup(name).map_or("SWT", |e| e.0)
}

/// The value of one subfield in pass 2: 15 bits; an undefined symbol is an error unless `DEF`
/// has made them legal.
fn value(enc: &mut Encoder<'_, Ap9>, e: &Expr, here: i64) -> u32 {
    let heading = enc.state.heading;
    let result = e.eval(here, |t| -> Result<i64, Fail> {
        let k = term_key(t, heading);
        if let Some(s) = enc.symbol(&k) {
            return Ok(s.value & 0o77777);
        }
        if let Some(next) = enc.state.def {
            let n = *enc.state.numbered.entry(k).or_insert(next);
            if n == next {
                enc.state.def = Some(next + 1);
            }
            return Ok(n);
        }
        Err((t.span, Ap9Error::Undefined(t.text.clone())))
    });
    result.unwrap_or_else(|(span, err)| {
        enc.error(span, err);
        0
    })
}

/// An instruction's word (`OPRF` ... `INST7`, 9AP5 1013-1097).
fn instruction(
    enc: &mut Encoder<'_, Ap9>,
    code: u64,
    indirect: bool,
    form: &Form,
    here: i64,
) -> u64 {
    let fields = match form {
        Form::Octal(n) => return code | n,
        Form::Fields(f) | Form::Swt(f) => f,
    };
    let mut v = [0u32; 3];
    for (slot, e) in v.iter_mut().zip(fields) {
        *slot = value(enc, e, here);
    }
    let [address, tag, decrement] = v;
    let mut word = match form {
        // SWTX: n = 7..12 is the minus code with n - 6 (9AP5 999-1011).
        Form::Swt(_) if address > 6 => S | code | u64::from(address - 6),
        _ => code | u64::from(address),
    };
    word |= u64::from(tag & 7) << 15;
    let decrement = if indirect {
        decrement | 0o60
    } else {
        decrement
    };
    word | u64::from(decrement & 0o77777) << 18
}
