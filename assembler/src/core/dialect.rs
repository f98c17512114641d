//! What a dialect tells the core, and the two views through which the core answers it: a
//! layout pass (`Layout`) and the encoding walk (`Encoder`). The core drives every dialect the
//! same way (see `driver`): parse each line on its own, lay the statements out pass after pass
//! until the symbols settle, encode each statement once with the settled symbols, and list the
//! source beside what it placed. A dialect brings its statements, the values its symbols hold,
//! what a line places in the store (for the listing), its error type and its word; nothing in
//! the core names one. The views live beside the trait because its methods take them.

use std::collections::{BTreeMap, BTreeSet};

use thiserror::Error;

use super::diag::{Collector, CoreError, DialectError};
use super::expr::{Expr, Lookup};
use super::span::Span;
use super::symbols::{self, Definition, SymbolTable};

/// One parsed source line: the labels written on it and its statement, with where the
/// statement (its operation) starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<S> {
    pub number: u32,
    pub labels: Vec<(String, Span)>,
    pub stmt: Option<(S, Span)>,
}

/// What a symbol holds: at least the number expressions see.
pub trait Valued: Clone + PartialEq {
    fn value(&self) -> i64;
}

/// The store's own errors, found by the core's `Layout::claim`. Each dialect words them its
/// own way (`From<StoreError>`); these messages are the core's plain fallback.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum StoreError {
    /// The location counter ran past the last word of the store.
    #[error("the location counter runs past the end of the store")]
    PastEnd,
    /// A word already placed by an earlier line.
    #[error("word {address} is already placed by line {first_line}")]
    Overlap { address: u16, first_line: u32 },
}

/// A source language for one machine.
pub trait Dialect: Sized {
    /// A parsed statement (directive, instruction, order...).
    type Stmt;
    /// What a symbol stands for during layout (SILLIAC: a value and a half; FAP: a value).
    type Symbol: Valued;
    /// What one line put into the store, for the listing and `line_at`.
    type Placed: Clone + Copy;
    /// The dialect's errors; the core's errors and the store's are among them.
    type Error: DialectError + From<StoreError>;
    /// What one layout pass keeps besides the core's location counter and store (a half-filled
    /// word, a literal pool, the regions laid out...). The last pass's state is returned.
    type Layout: Default;
    /// What the encoding walk keeps from one statement to the next (orders allowed so far, the
    /// start address...). Returned at the end.
    type Encoding: Default;

    /// Words in the store: addresses 0..STORE_WORDS.
    const STORE_WORDS: i64;
    /// Bits in a word.
    const WORD_BITS: u32;

    /// Parse one line (`number` counts from 1). `Ok(None)`: nothing to lay out (a comment).
    #[allow(clippy::type_complexity)]
    fn parse_line(
        &self,
        text: &str,
        number: u32,
    ) -> Result<Option<Line<Self::Stmt>>, (Span, Self::Error)>;

    /// What survives of a line that did not parse (e.g. its label, so that its uses do not
    /// all become errors too).
    fn recover(&self, _text: &str, _number: u32, _error: Span) -> Option<Line<Self::Stmt>> {
        None
    }

    /// Rewrite the parsed lines as a whole before they are laid out, for what one line does to
    /// the lines after it whatever the symbols' values (FAP: a heading qualifies the names
    /// written under it; DUP repeats cards). Errors are reported as the parser's are.
    fn prepare(&self, _lines: &mut Vec<Line<Self::Stmt>>) -> Vec<(Span, Self::Error)> {
        Vec::new()
    }

    /// What deserves a warning on a line that assembles (9AP: a tab in a transcribed card).
    fn warnings(&self, _text: &str, _number: u32) -> Vec<(Span, Self::Error)> {
        Vec::new()
    }

    /// A name the statement defines besides the line's labels (e.g. `.equ name, value`).
    fn defines<'a>(&self, _stmt: &'a Self::Stmt) -> Option<&'a str> {
        None
    }

    /// Lay one line out: define its labels, move the location counter by the room the
    /// statement takes, claim and place its words. Runs in every pass; symbols defined further
    /// on have the previous pass's values (or are pending in the first pass).
    fn layout(&self, line: &Line<Self::Stmt>, pass: &mut Layout<'_, Self>);

    /// The end of the source (complete a half-filled word, place a literal pool...). What it
    /// places belongs to no line: it is not encoded and has no row in the listing.
    fn end(&self, _pass: &mut Layout<'_, Self>) {}

    /// Encode one line once the symbols have settled: the words of what `layout` placed
    /// (`placed`), and the checks that need the final values. `here` is the location counter
    /// at the statement (what `*` means), as the last layout pass set it.
    fn encode(
        &self,
        line: &Line<Self::Stmt>,
        placed: &[Self::Placed],
        here: i64,
        enc: &mut Encoder<'_, Self>,
    );

    /// A word as the dialect prints it (sexadecimal, octal...); by default in octal, as many
    /// digits as the word has.
    fn word_text(&self, word: u64) -> String {
        let digits = Self::WORD_BITS.div_ceil(3) as usize;
        format!("{word:0digits$o}")
    }

    /// The generated-code columns of the listing for what one line placed: one row each (the
    /// first beside the source line), or none.
    fn listing_rows(&self, placed: &[Self::Placed], words: &BTreeMap<u16, u64>)
        -> Vec<Vec<String>>;
}

/// One layout pass as a dialect sees it: the location counter, the symbol table being built,
/// the store with the line that placed each word, and the errors.
pub struct Layout<'a, D: Dialect> {
    pub(super) prev: &'a SymbolTable<D::Symbol>,
    pub(super) defined: &'a BTreeSet<String>,
    pub(super) table: SymbolTable<D::Symbol>,
    /// The location counter.
    pub loc: i64,
    /// The line being laid out.
    pub line: u32,
    /// The dialect's own state.
    pub state: D::Layout,
    pub(super) words: BTreeMap<u16, u64>,
    /// The line that placed each word.
    pub(super) owners: BTreeMap<u16, u32>,
    /// What the lines placed, in order (each line's entries are its range in `lines`).
    pub(super) placed: Vec<D::Placed>,
    pub(super) here: Option<i64>,
    pub(super) errors: Collector<D::Error>,
    pub(super) warnings: Collector<D::Error>,
    pub(super) past_end_reported: bool,
    pub(super) overlap_reported: Option<Span>,
}

impl<D: Dialect> Layout<'_, D> {
    pub fn error(&mut self, span: Span, e: impl Into<D::Error>) {
        self.errors.error(span, e);
    }

    /// Something that assembles but deserves a look.
    pub fn warn(&mut self, span: Span, e: impl Into<D::Error>) {
        self.warnings.error(span, e);
    }

    /// The value of an expression at the location counter; `None` (with the errors reported)
    /// if a symbol is undefined, circular, or not yet known.
    pub fn eval(&mut self, e: &Expr) -> Option<i64> {
        let (table, prev) = (&self.table, self.prev);
        e.eval(self.loc, |n| lookup(table, prev, n))
            .value_or_report(self.defined, &mut self.errors)
    }

    /// A symbol as known so far: this pass's definition, else the previous pass's.
    pub fn symbol(&self, name: &str) -> Option<&D::Symbol> {
        self.table
            .get(name)
            .or_else(|| self.prev.get(name))
            .map(|d| &d.value)
    }

    /// A symbol defined earlier in this pass (not one only the previous pass knows): for
    /// dialects whose first pass sees only the symbols above.
    pub fn defined_above(&self, name: &str) -> Option<&Definition<D::Symbol>> {
        self.table.get(name)
    }

    /// Define `name`; a second definition is an error naming the first one's line.
    pub fn define(&mut self, name: &str, span: Span, value: D::Symbol) {
        if let Err(first) = self.table.define(name, value, span) {
            self.error(
                span,
                CoreError::DuplicateSymbol {
                    name: name.to_string(),
                    first_line: first.line,
                },
            );
        }
    }

    /// Define a name the source cannot write (e.g. a literal's); `Err` with the first
    /// definition's place if it is already defined.
    pub fn define_internal(&mut self, name: &str, value: D::Symbol) -> Result<(), Span> {
        self.table.define(name, value, Span::default())
    }

    /// Set the location counter (ORG): the end of the store may be reported again.
    pub fn origin(&mut self, address: i64) {
        self.loc = address;
        self.past_end_reported = false;
    }

    /// What `*` means when this line is encoded, if not the location counter at its start.
    pub fn set_here(&mut self, here: i64) {
        self.here = Some(here);
    }

    /// Report that the program runs past the end of the store, once until the next origin.
    pub fn past_end(&mut self, span: Span) {
        if !self.past_end_reported {
            self.past_end_reported = true;
            let e = D::Error::from(StoreError::PastEnd);
            self.error(span, e);
        }
    }

    /// The line that placed the word at `address`, if any.
    pub fn owner(&self, address: u16) -> Option<u32> {
        self.owners.get(&address).copied()
    }

    /// Claim the word at the location counter for this line; `None` (with an error) if it is
    /// past the end of the store or already placed (reported once per statement).
    pub fn claim(&mut self, span: Span) -> Option<u16> {
        if !(0..D::STORE_WORDS).contains(&self.loc) {
            self.past_end(span);
            return None;
        }
        let a = self.loc as u16;
        if let Some(first_line) = self.owner(a) {
            // One report per statement: a block over used words would otherwise give one
            // error a word.
            if self.overlap_reported != Some(span) {
                self.overlap_reported = Some(span);
                let e = D::Error::from(StoreError::Overlap {
                    address: a,
                    first_line,
                });
                self.error(span, e);
            }
            return None;
        }
        self.owners.insert(a, self.line);
        Some(a)
    }

    /// Mark `address` as this line's without the checks of `claim` (the caller made its own).
    pub fn own(&mut self, address: u16) {
        self.owners.insert(address, self.line);
    }

    /// Put a word into the store (a value known when laid out, or a stand-in for the encoding
    /// to replace).
    pub fn store(&mut self, address: u16, word: u64) {
        debug_assert!(word >> D::WORD_BITS == 0, "{word:o} is wider than a word");
        self.words.insert(address, word);
    }

    /// Record what this line placed, for the listing and for its encoding.
    pub fn place(&mut self, p: D::Placed) {
        self.placed.push(p);
    }
}

/// The encoding walk as a dialect sees it: the settled symbols, the store, the errors.
pub struct Encoder<'a, D: Dialect> {
    pub(super) table: &'a SymbolTable<D::Symbol>,
    pub(super) defined: &'a BTreeSet<String>,
    /// The line being encoded.
    pub line: u32,
    /// The dialect's own state.
    pub state: D::Encoding,
    pub(super) words: BTreeMap<u16, u64>,
    pub(super) placed: Vec<(u32, D::Placed)>,
    pub(super) errors: Collector<D::Error>,
    pub(super) warnings: Collector<D::Error>,
}

impl<D: Dialect> Encoder<'_, D> {
    pub fn error(&mut self, span: Span, e: impl Into<D::Error>) {
        self.errors.error(span, e);
    }

    /// Something that assembles but deserves a look.
    pub fn warn(&mut self, span: Span, e: impl Into<D::Error>) {
        self.warnings.error(span, e);
    }

    /// The value of an expression with `*` = `here`, or `None` with the errors reported.
    pub fn eval(&mut self, e: &Expr, here: i64) -> Option<i64> {
        let table = self.table;
        e.eval(here, |n| lookup(table, table, n))
            .value_or_report(self.defined, &mut self.errors)
    }

    /// A settled symbol (also names the source cannot write, such as a literal's).
    pub fn symbol(&self, name: &str) -> Option<&D::Symbol> {
        self.table.get(name).map(|d| &d.value)
    }

    pub fn store(&mut self, address: u16, word: u64) {
        debug_assert!(word >> D::WORD_BITS == 0, "{word:o} is wider than a word");
        self.words.insert(address, word);
    }

    pub fn word_mut(&mut self, address: u16) -> Option<&mut u64> {
        self.words.get_mut(&address)
    }

    /// Record something this line placed that only the encoding knows (e.g. the start).
    pub fn place(&mut self, p: D::Placed) {
        self.placed.push((self.line, p));
    }
}

fn lookup<V: Valued>(current: &SymbolTable<V>, previous: &SymbolTable<V>, name: &str) -> Lookup {
    symbols::lookup(current, previous, name, Valued::value)
}
