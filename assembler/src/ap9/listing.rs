//! The listing: the two heading cards, then a row per card (location and word in octal, the
//! word split as 9AP printed it: `±OOOO FF T AAAAA`, or `P DDDDD T AAAAA` for a prefix word,
//! twelve digits for OCT, DEC, BCD and BCI; the value of ORG, EQU, SYN, DEFINE; END's transfer
//! address), the machine cycles from the emulator's table, then the symbols and the deck.

use super::layout::{display, Ap9};
use super::Program;
use crate::core::driver::listing_rows;
use crate::core::listing::Listing;
use crate::ibm7090::data::octal;
use crate::ibm7090::symbol::SymbolKind;

pub fn render(p: &Program) -> String {
    let mut l = Listing {
        header: vec![
            format!(
                "{}: 9AP listing (octal locations and words; machine cycles of 2.18 us from the \
                 emulator's table)",
                p.file
            ),
            p.headings[0].trim_end().to_string(),
            p.headings[1].trim_end().to_string(),
        ],
        ..Listing::default()
    };
    l.rows = listing_rows(&Ap9, &p.source, &p.placed, &p.words);
    let mut symbols: Vec<String> = p
        .symbols
        .iter()
        .map(|(key, s)| {
            let kind = match s.kind {
                SymbolKind::Location => "",
                SymbolKind::Equ => "  (EQU)",
            };
            format!(
                "{:<8} {:05o}  line {}{kind}",
                display(key),
                s.value & 0o77777,
                s.line
            )
        })
        .collect();
    if symbols.is_empty() {
        symbols.push("(none)".into());
    }
    l.sections.push(("Symbols".to_string(), symbols));
    l.sections.push((
        "Deck".to_string(),
        p.cards
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{:>4}  {}  {}", i + 1, octal(c[0]), octal(c[1])))
            .collect(),
    ));
    l.sections.push((
        "Summary".to_string(),
        vec![format!(
            "{} words, {} cards, transfer to {:05o}, {} layout passes",
            p.words.len(),
            p.cards.len(),
            p.start,
            p.passes
        )],
    ));
    l.render()
}
