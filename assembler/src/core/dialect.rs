//! What a dialect tells the core. The core drives every dialect the same way (see `driver`):
//! parse each line on its own, lay the statements out pass after pass until the symbols settle,
//! encode each statement once with the settled symbols, and list the source beside what it
//! placed. A dialect brings its statements, the values its symbols hold, what a line places in
//! the store (for the listing), its error type and its word; nothing in the core names one.

use std::collections::BTreeMap;

use super::diag::DialectError;
use super::driver::{Encoder, Layout};
use super::span::Span;

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

/// The store's own errors, found by the core's `Layout::claim`; the dialect words them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The location counter ran past the last word of the store.
    PastEnd,
    /// A word already placed by an earlier line.
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
