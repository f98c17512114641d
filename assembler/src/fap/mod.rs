//! The FAP dialect (`*.fap`): IBM 7090 FAP in card-image or free-form lines, documented in
//! docs/assembler.md. Passes: parse every card (`parse`), lay out and emit repeatedly until the
//! symbols and the literal pool settle (`layout`, `core::symbols::fixed_point`), then the
//! asm7090-format object deck and flat image (`crate::ibm7090::deck`) and the listing
//! (`listing`). The instruction table is the emulator's (`emu::ibm7090::isa`); pseudo-ops are
//! the assembler's. What any 7090 dialect shares (words, fields, deck) is in `crate::ibm7090`.

pub mod card;
pub mod disasm;
pub mod error;
pub mod heading;
pub mod layout;
pub mod listing;
pub mod operations;
pub mod parse;
pub mod placed;
pub mod stmt;
pub mod var;

use std::collections::BTreeMap;

use crate::core::diag::{Diagnostics, Warning};
use crate::core::driver;
use crate::core::symbols;
use crate::ibm7090::deck;

pub use crate::ibm7090::deck::{DeckError, DeckErrorKind};
pub use crate::ibm7090::symbol::Symbol;
pub use disasm::disassemble;
pub use error::FapError;
pub use layout::SymbolKind;

/// An assembled (absolute) program.
#[derive(Clone, Debug)]
pub struct Program {
    /// Every word the program loads (instructions, data, the literal pool). Reserved words
    /// (BSS, BES) are not loaded and not here; see `reserved`.
    pub words: BTreeMap<u16, u64>,
    /// The END card's address, else the first word placed.
    pub start: u16,
    pub symbols: BTreeMap<String, Symbol>,
    /// The literal pool: (address, word), in ascending order of the word.
    pub literals: Vec<(u16, u64)>,
    /// Blocks reserved by BSS and BES: (first address, words).
    pub reserved: Vec<(u16, u16)>,
    pub file: String,
    /// Layout passes needed for the symbols to settle.
    pub passes: u32,
    /// What assembled but deserves a look (FAP's flags that are not errors).
    pub warnings: Vec<Warning<FapError>>,
    source: Vec<String>,
    placed: Vec<(u32, placed::Placed)>,
}

impl Program {
    /// The listing: location and word in octal (instructions split into their fields), the
    /// source card; then the literal pool and the symbols.
    pub fn listing(&self) -> String {
        listing::render(self)
    }

    /// The asm7090-format object deck that SIMH's `i7094` loads with `load`.
    pub fn object_deck(&self) -> String {
        deck::write(&deck::items(&self.words, self.start))
    }

    /// The flat store image: 32,768 words of five bytes, big-endian (see `deck`).
    pub fn image(&self) -> Vec<u8> {
        deck::image(&self.words)
    }

    /// The value of a symbol (convenience for tests and harnesses).
    pub fn symbol(&self, name: &str) -> Option<i64> {
        self.symbols.get(name).map(|s| s.value)
    }

    /// The address as `LABEL+offset` (offset in decimal, as FAP writes addresses) from the
    /// nearest location symbol at or below it, or the octal address if there is none: for
    /// traces and stops.
    pub fn describe(&self, address: u16) -> String {
        let locations = self
            .symbols
            .iter()
            .filter(|(_, s)| s.kind == SymbolKind::Location)
            .map(|(name, s)| (name.as_str(), s.value));
        symbols::describe(locations, i64::from(address), || format!("{address:05o}"))
    }

    /// The source line that put the word at `address` into the store.
    pub fn line_at(&self, address: u16) -> Option<u32> {
        self.placed.iter().find_map(|&(line, p)| match p {
            placed::Placed::Word { address: a, .. } if a == address => Some(line),
            placed::Placed::Reserved { address: a, count }
                if (a..a.saturating_add(count)).contains(&address) =>
            {
                Some(line)
            }
            _ => None,
        })
    }
}

/// Read an asm7090 absolute object deck (for `run FILE.obj`): the words and the start address.
pub fn read_object_deck(text: &str, file: &str) -> Result<(BTreeMap<u16, u64>, u16), DeckError> {
    deck::read(text, file)
}

/// Assemble FAP source. `file` names it in diagnostics.
pub fn assemble(source: &str, file: &str) -> Result<Program, Diagnostics<FapError>> {
    driver::assemble(&layout::Fap, source, file).map(|a| program(a, file))
}

/// Assemble every card as FAP does, flagging the cards in error: their fields in error (or
/// the word of a card that does not parse) are zero. The errors come beside the program.
pub fn assemble_flagged(source: &str, file: &str) -> (Program, Diagnostics<FapError>) {
    let (a, errors) = driver::assemble_flagged(&layout::Fap, source, file);
    (program(a, file), errors)
}

fn program(a: driver::Assembled<layout::Fap>, file: &str) -> Program {
    let symbols = a
        .table
        .iter()
        .filter(|(name, _)| !name.starts_with('='))
        .map(|(name, d)| {
            (
                name.clone(),
                Symbol {
                    value: d.value.value,
                    kind: d.value.kind,
                    line: d.span.line,
                },
            )
        })
        .collect();
    // A loader reading the deck goes to the first transfer card (TCD), else to END's address.
    let start = a
        .encoding
        .transfer
        .or(a.encoding.start)
        .or(a.layout.first_word)
        .unwrap_or(0);
    Program {
        words: a.words,
        start,
        symbols,
        literals: a.layout.pool,
        reserved: a.layout.reserved,
        file: file.to_string(),
        passes: a.passes,
        warnings: a.warnings,
        source: a.source,
        placed: a.placed,
    }
}

#[cfg(test)]
mod tests;
