//! The FAP dialect (`*.fap`): IBM 7090 FAP in card-image or free-form lines, documented in
//! docs/assembler.md. Passes: parse every card (`parse`), lay out and emit repeatedly until the
//! symbols and the literal pool settle (`layout`, `core::symbols::fixed_point`), then the
//! asm7090-format object deck and flat image (`deck`) and the listing (`listing`). The
//! instruction table is the emulator's (`emu::ibm7090::isa`); pseudo-ops are the assembler's.

pub mod bcd;
pub mod data;
pub mod deck;
pub mod disasm;
pub mod error;
pub mod layout;
pub mod listing;
pub mod parse;

use std::collections::{BTreeMap, BTreeSet};

use crate::core::diag::{Collector, Diagnostics};
use crate::core::span::lines;
use crate::core::symbols::fixed_point;

pub use deck::{DeckError, DeckErrorKind};
pub use disasm::disassemble;
pub use layout::SymbolKind;

/// A symbol of an assembled program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub value: i64,
    pub kind: SymbolKind,
    /// The line that defines it.
    pub line: u32,
}

/// An assembled (absolute) program.
#[derive(Clone, Debug)]
pub struct Program {
    /// Every word the program loads (instructions, data, the literal pool). Reserved words
    /// (BSS, BES) are not loaded and not here; see `reserved`.
    pub words: BTreeMap<u16, u64>,
    /// The END card's address, else the first word placed.
    pub start: u16,
    pub symbols: BTreeMap<String, Symbol>,
    /// The literal pool: (address, word), in order of first use.
    pub literals: Vec<(u16, u64)>,
    /// Blocks reserved by BSS and BES: (first address, words).
    pub reserved: Vec<(u16, u16)>,
    pub file: String,
    /// Layout passes needed for the symbols to settle.
    pub passes: u32,
    source: Vec<String>,
    placed: Vec<(u32, layout::Placed)>,
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
        let best = self
            .symbols
            .iter()
            .filter(|(_, s)| {
                s.kind == SymbolKind::Location && (0..=i64::from(address)).contains(&s.value)
            })
            .max_by_key(|(name, s)| (s.value, std::cmp::Reverse(name.as_str())));
        match best {
            Some((name, s)) if s.value == i64::from(address) => name.clone(),
            Some((name, s)) => format!("{name}+{}", i64::from(address) - s.value),
            None => format!("{address:05o}"),
        }
    }

    /// The source line that put the word at `address` into the store.
    pub fn line_at(&self, address: u16) -> Option<u32> {
        self.placed.iter().find_map(|&(line, p)| match p {
            layout::Placed::Word { address: a, .. } if a == address => Some(line),
            layout::Placed::Reserved { address: a, count }
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
pub fn assemble(
    source: &str,
    file: &str,
) -> Result<Program, Diagnostics<crate::core::diag::ErrorKind>> {
    let src = lines(source);
    let mut errors = Collector::<crate::core::diag::ErrorKind>::new(file);
    let mut parsed = Vec::with_capacity(src.len());
    for l in &src {
        match parse::parse_line(l.text, l.number) {
            Ok(Some(line)) => parsed.push(line),
            Ok(None) => {}
            Err((span, kind)) => {
                errors.error(span, kind);
                if let Some(label) = parse::label_of(l.text, l.number) {
                    parsed.push(parse::Line {
                        number: l.number,
                        label: Some(label),
                        stmt: Some((parse::Stmt::Nothing, span)),
                        op: String::new(),
                    });
                }
            }
        }
    }
    let defined: BTreeSet<String> = parsed
        .iter()
        .filter_map(|l| l.label.as_ref().map(|(n, _)| n.clone()))
        .collect();
    let settled = fixed_point(|prev| layout::pass(&parsed, &defined, prev, file));
    // Errors are reported sorted by position, so this may come before the pass's own.
    settled.report_unsettled(&mut errors);
    let out = settled.result;
    for d in out.errors.finish().0 {
        errors.error(d.span, d.kind);
    }
    if !errors.is_empty() {
        return Err(errors.finish());
    }
    let symbols = settled
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
    let start = out.start.or(out.first_word).unwrap_or(0);
    Ok(Program {
        words: out.words,
        start,
        symbols,
        literals: out.literals,
        reserved: out.reserved,
        file: file.to_string(),
        passes: settled.passes,
        source: src.iter().map(|l| l.text.to_string()).collect(),
        placed: out.placed,
    })
}

#[cfg(test)]
mod tests;
