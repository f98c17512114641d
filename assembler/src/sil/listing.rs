//! The program listing: one row per source line with the word it placed, then the memory
//! map (every region with its words) and every symbol with its address and half.

use super::layout::Sil;
use super::{Program, SymbolKind};
use crate::core::driver::listing_rows;
use crate::core::listing::Listing;

pub fn render(p: &Program) -> String {
    let mut l = Listing {
        header: vec![
            format!("SILLIAC assembly listing of {}", p.file),
            format!(
                "start {} left; {} words used, {} initialised; {} layout passes",
                p.start,
                p.words_used(),
                p.words_initialised(),
                p.passes
            ),
            "columns: address (decimal), half, word (sexadecimal), orders, line, source".into(),
            String::new(),
        ],
        ..Listing::default()
    };
    l.rows = listing_rows(&Sil, &p.source, &p.placed, &p.words);
    let mut map = vec![format!(
        "  {:<24} {:>5} {:>5} {:>6}",
        "region", "first", "last", "words"
    )];
    for r in &p.regions {
        let name = if r.line == 0 {
            "(before any .org)".to_string()
        } else {
            format!(".org {} (line {})", r.origin, r.line)
        };
        map.push(format!(
            "  {:<24} {:>5} {:>5} {:>6}",
            name,
            r.first.map_or(String::new(), |a| a.to_string()),
            r.last.map_or(String::new(), |a| a.to_string()),
            r.words
        ));
    }
    map.push(format!(
        "  {} words used of 1024 ({} initialised, {} reserved with .bss)",
        p.words_used(),
        p.words_initialised(),
        p.words_used() - p.words_initialised()
    ));
    // Labels by address, so the map reads as the store does.
    let mut by_address: Vec<(&String, &super::Symbol)> = p
        .symbols
        .iter()
        .filter(|(_, s)| s.kind != SymbolKind::Equ)
        .collect();
    by_address.sort_by_key(|(name, s)| (s.address, s.half.map(|h| h == super::Half::Right), *name));
    if !by_address.is_empty() {
        map.push(String::new());
        map.push("  labels by address:".into());
        for (name, s) in by_address {
            let half = s.half.map_or("word", super::half_name);
            map.push(format!("  {:>5} {:<5}  {name}", s.address, half));
        }
    }
    l.sections.push(("Memory map".into(), map));
    let width = p.symbols.keys().map(|k| k.len()).max().unwrap_or(4).max(6);
    let mut syms = vec![format!(
        "  {:<width$} {:>7}  {}",
        "symbol", "address", "half"
    )];
    for (name, s) in &p.symbols {
        let (value, half) = match s.kind {
            SymbolKind::Order => (s.address.to_string(), s.half.map_or("", super::half_name)),
            SymbolKind::Data => (s.address.to_string(), "word"),
            SymbolKind::Equ => (s.value.to_string(), "= (.equ)"),
        };
        syms.push(format!("  {name:<width$} {value:>7}  {half}"));
    }
    l.sections.push(("Symbols".into(), syms));
    l.render()
}
