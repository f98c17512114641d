//! The listing: one row per card (location and word in octal, instructions split into their
//! fields as FAP listings print them), a row per further word of DEC/OCT/BCI/VFD cards, then
//! the literal pool and the symbol table.

use super::layout::{Fap, SymbolKind};
use super::placed::value;
use super::Program;
use crate::core::driver::listing_rows;
use crate::core::listing::Listing;

pub fn render(p: &Program) -> String {
    let mut l = Listing {
        header: vec![format!(
            "{}: FAP listing (octal locations and words; machine cycles of 2.18 us from the \
             emulator's table)",
            p.file
        )],
        ..Listing::default()
    };
    l.rows = listing_rows(&Fap, &p.source, &p.placed, &p.words);
    if !p.literals.is_empty() {
        l.sections.push((
            "Literals".to_string(),
            p.literals
                .iter()
                .map(|&(a, w)| format!("{a:05o}  {w:012o}"))
                .collect(),
        ));
    }
    let mut symbols: Vec<String> = p
        .symbols
        .iter()
        .map(|(name, s)| {
            let kind = match s.kind {
                SymbolKind::Location => "",
                SymbolKind::Equ => "  (EQU)",
            };
            format!("{name:<8} {}  line {}{kind}", value(s.value), s.line)
        })
        .collect();
    if symbols.is_empty() {
        symbols.push("(none)".into());
    }
    l.sections.push(("Symbols".to_string(), symbols));
    l.sections.push((
        "Summary".to_string(),
        vec![format!(
            "{} words loaded, start {:05o}, {} layout passes",
            p.words.len(),
            p.start,
            p.passes
        )],
    ));
    l.render()
}
