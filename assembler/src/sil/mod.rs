//! The SILLIAC dialect (`*.sil`): the language documented in docs/assembler.md. Passes: parse
//! every line (`parse`), lay out and emit repeatedly until the symbols settle (`layout`,
//! `core::symbols::fixed_point`), then the tape image (`tape`), listing (`listing`, with what
//! each line placed in `placed`) and the way back (`disasm`).

pub mod data;
pub mod disasm;
pub mod error;
pub mod layout;
pub mod listing;
pub mod parse;
pub mod placed;
pub mod status;
pub mod tape;

use std::collections::{BTreeMap, BTreeSet};

use crate::core::diag::Diagnostics;
use crate::core::driver;
use crate::core::symbols;

pub use disasm::{disassemble, disassemble_labelled};
pub use error::SilError;
pub use layout::Region;
pub use tape::TapeImageError;

/// Which half of a word an order is in: the emulator's type, so that symbols compare with
/// `Machine::control()` directly.
pub use emu::silliac::Half;

/// "left" or "right".
pub fn half_name(h: Half) -> &'static str {
    match h {
        Half::Left => "left",
        Half::Right => "right",
    }
}

/// What a symbol names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SymbolKind {
    /// A label on an order (it has a half).
    Order,
    /// A label on a data word or reserved (`.bss`) word, or at the end of the program.
    Data,
    /// `.equ`: a value without storage.
    Equ,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// The word address for labels; for `.equ` values outside 0..1023 this is 0 (see `value`).
    pub address: u16,
    pub half: Option<Half>,
    pub value: i64,
    pub kind: SymbolKind,
    /// The line that defines it.
    pub line: u32,
}

/// An assembled program.
#[derive(Clone, Debug)]
pub struct Program {
    /// Every word the program occupies (`.bss` words are present as zero).
    pub words: BTreeMap<u16, u64>,
    /// The program starts at the left-hand order of this word.
    pub start: u16,
    pub symbols: BTreeMap<String, Symbol>,
    /// The store laid out after each `.org`.
    pub regions: Vec<Region>,
    pub file: String,
    /// Layout passes needed for the symbols to settle.
    pub passes: u32,
    source: Vec<String>,
    placed: Vec<(u32, placed::Placed)>,
    initialised: BTreeSet<u16>,
}

impl Program {
    /// The listing: address, word in sexadecimal, the order pair decoded, the source line;
    /// then the memory map (regions, words used) and the symbols.
    pub fn listing(&self) -> String {
        listing::render(self)
    }

    /// The tape: bootstrap, the words from the lowest used address (>= 3) to 1023, the
    /// start word. Frames are 0..31 (here always 0..15).
    pub fn tape(&self) -> Result<Vec<u8>, TapeImageError> {
        tape::image(&self.words, self.start)
    }

    /// Words the program occupies, reserved (`.bss`) words included.
    pub fn words_used(&self) -> usize {
        self.words.len()
    }

    /// Words holding code or data (`.bss` words excluded).
    pub fn words_initialised(&self) -> usize {
        self.initialised.len()
    }

    /// The address of a symbol (convenience for tests and harnesses).
    pub fn address(&self, name: &str) -> Option<u16> {
        self.symbols.get(name).map(|s| s.address)
    }

    /// The source line that put the order at (address, half) — or the data word at address —
    /// into the store: for traces and stops reported by the emulator.
    pub fn line_at(&self, address: u16, half: Half) -> Option<u32> {
        self.placed.iter().find_map(|&(line, what)| match what {
            placed::Placed::Order {
                address: a,
                half: h,
            } if a == address && h == half => Some(line),
            placed::Placed::Word { address: a } if a == address => Some(line),
            placed::Placed::Bss { address: a, count } if (a..a + count).contains(&address) => {
                Some(line)
            }
            _ => None,
        })
    }

    /// The address as `label+offset`, from the nearest label at or below it (labels on
    /// orders and data; `.equ` values are not places), or the plain number.
    pub fn describe(&self, address: u16) -> String {
        let labels = self
            .symbols
            .iter()
            .filter(|(_, s)| s.kind != SymbolKind::Equ)
            .map(|(name, s)| (name.as_str(), i64::from(s.address)));
        symbols::describe(labels, i64::from(address), || address.to_string())
    }
}

/// Assemble SILLIAC source. `file` names it in diagnostics.
pub fn assemble(source: &str, file: &str) -> Result<Program, Diagnostics<SilError>> {
    let a = driver::assemble(&layout::Sil, source, file)?;
    let symbols = a
        .table
        .iter()
        .map(|(name, d)| {
            let v = d.value;
            let address = if (0..1024).contains(&v.value) {
                v.value as u16
            } else {
                0
            };
            (
                name.clone(),
                Symbol {
                    address,
                    half: v.half,
                    value: v.value,
                    kind: v.kind,
                    line: d.span.line,
                },
            )
        })
        .collect();
    let start = a
        .encoding
        .start
        .or(a.layout.first_order)
        .or_else(|| a.layout.initialised.iter().next().copied())
        .unwrap_or(0);
    Ok(Program {
        words: a.words,
        start,
        symbols,
        regions: a.layout.regions,
        file: file.to_string(),
        passes: a.passes,
        source: a.source,
        placed: a.placed,
        initialised: a.layout.initialised,
    })
}

#[cfg(test)]
mod tests;
