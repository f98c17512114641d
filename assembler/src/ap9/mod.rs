//! The 9AP dialect: the card conventions of 9AP, IBM's 709 diagnostic assembler of 10 Oct 1958,
//! for which the 709/7090 diagnostics in `shared/diags` are written (the specification is
//! docs/assembler.md (9AP), cited by 9ap.src's sequence numbers; docs/assembler.md has
//! the rules). A card is read by column (`card`); its variable field by 9AP's `SCAN` (`scan`);
//! data cards as 9AP converts them (`data`, with the emulator's 709 floating point); the
//! operation table is 9AP's own (`optable`). Layout and encoding run on the core's driver
//! (`layout`); the deck is what 9AP punched (`deck`), as card images
//! (`crate::ibm7090::cards`), with a listing (`listing`).

pub mod card;
pub mod data;
pub mod deck;
pub mod error;
pub mod layout;
pub mod listing;
pub mod optable;
pub mod parse;
pub mod placed;
pub mod scan;

use std::collections::BTreeMap;

use crate::core::diag::{Diagnostics, Warning};
use crate::core::driver;
use crate::core::symbols;
use crate::ibm7090::cards::{self, Image};
use crate::ibm7090::deck as image;
use crate::ibm7090::symbol::SymbolKind;

pub use crate::ibm7090::symbol::Symbol;
pub use error::Ap9Error;
pub use layout::display;

/// An assembled program.
#[derive(Clone, Debug)]
pub struct Program {
    /// Every word the deck loads (not the BSS and BES blocks).
    pub words: BTreeMap<u16, u64>,
    /// The END card's transfer address (a blank END transfers to 0, as 9AP punched it).
    pub start: u16,
    /// By table key (see `display` for the name as written).
    pub symbols: BTreeMap<String, Symbol>,
    /// The deck as 9AP punched it: program cards, transfer card, two blank cards.
    pub cards: Vec<Image>,
    /// The two heading cards.
    pub headings: [String; 2],
    pub file: String,
    /// Layout passes needed for the symbols to settle.
    pub passes: u32,
    /// What assembled but deserves a look (a tab in a transcribed card).
    pub warnings: Vec<Warning<Ap9Error>>,
    source: Vec<String>,
    placed: Vec<(u32, placed::Placed)>,
}

impl Program {
    pub fn listing(&self) -> String {
        listing::render(self)
    }

    /// The deck in SIMH's column-binary format, for the 711 card reader.
    pub fn cbn(&self) -> String {
        cards::to_cbn(&self.cards)
    }

    /// The deck as 24 octal words a line.
    pub fn deck_text(&self) -> String {
        cards::octal_text(&self.cards)
    }

    /// The flat store image: 32,768 words of five bytes, big-endian (see `ibm7090::deck`).
    pub fn image(&self) -> Vec<u8> {
        image::image(&self.words)
    }

    /// The value of a symbol by the name as written (under no heading, or `h$NAME`).
    pub fn symbol(&self, name: &str) -> Option<i64> {
        self.symbols
            .iter()
            .find(|(key, _)| display(key) == name)
            .map(|(_, s)| s.value)
    }

    /// The address as `LABEL+offset` (decimal offset) from the nearest location symbol at or
    /// below it, else the octal address: for traces and stops.
    pub fn describe(&self, address: u16) -> String {
        let locations: Vec<(String, i64)> = self
            .symbols
            .iter()
            .filter(|(_, s)| s.kind == SymbolKind::Location)
            .map(|(key, s)| (display(key), s.value))
            .collect();
        symbols::describe(
            locations.iter().map(|(n, v)| (n.as_str(), *v)),
            i64::from(address),
            || format!("{address:05o}"),
        )
    }

    /// The source line that put the word at `address` into the store.
    pub fn line_at(&self, address: u16) -> Option<u32> {
        self.placed.iter().find_map(|&(line, p)| match p {
            placed::Placed::Word { address: a, .. } if a == address => Some(line),
            _ => None,
        })
    }
}

/// Assemble 9AP source (one card a line, the first two lines the heading cards). `file` names
/// it in diagnostics.
pub fn assemble(source: &str, file: &str) -> Result<Program, Diagnostics<Ap9Error>> {
    let a = driver::assemble(&layout::Ap9, source, file)?;
    let symbols = a
        .table
        .iter()
        .map(|(key, d)| {
            (
                key.clone(),
                Symbol {
                    value: d.value.value,
                    kind: d.value.kind,
                    line: d.span.line,
                },
            )
        })
        .collect();
    let cards = deck::cards(&a.layout.events, &a.words, &a.encoding.transfers);
    let heading = |i: usize| a.source.get(i).cloned().unwrap_or_default();
    Ok(Program {
        start: a.encoding.start.unwrap_or(0),
        symbols,
        cards,
        headings: [heading(0), heading(1)],
        file: file.to_string(),
        passes: a.passes,
        warnings: a.warnings,
        words: a.words,
        source: a.source,
        placed: a.placed,
    })
}

#[cfg(test)]
mod tests;
