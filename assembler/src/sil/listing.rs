//! The program listing: one row per source line with the word it placed, then the memory
//! map (every region with its words) and every symbol with its address and half.

use emu::silliac::orders::{disassemble_word, word_to_sex};

use std::collections::BTreeMap;

use super::layout::{Placed, Sil};
use super::{Program, SymbolKind};
use crate::core::driver::listing_rows;
use crate::core::listing::Listing;

/// `L5064 26065`: the word as two five-character orders.
pub fn spaced_word(w: u64) -> String {
    let s = word_to_sex(w);
    format!("{} {}", &s[..5], &s[5..])
}

/// A data word as the number it most likely holds: a small integer, else a fraction.
pub fn data_value(w: u64) -> String {
    let n = ((w << 24) as i64) >> 24;
    if n.unsigned_abs() < 1 << 20 {
        format!("int {n}")
    } else {
        format!("dec {:+.12}", super::data::word_fraction(w))
    }
}

/// The columns of a line's row: address, half, word, orders (or value); a line places at most
/// one thing that starts a row (a pair places two halves of one word: the left one is shown).
pub fn columns(placed: &[Placed], words: &BTreeMap<u16, u64>) -> Vec<Vec<String>> {
    let Some(&what) = placed.first() else {
        return Vec::new();
    };
    let word = |a: u16| words.get(&a).copied().unwrap_or(0);
    vec![match what {
        Placed::Order { address, half } => {
            if half == super::Half::Left {
                vec![
                    address.to_string(),
                    "L".into(),
                    spaced_word(word(address)),
                    disassemble_word(word(address)),
                ]
            } else {
                vec![
                    address.to_string(),
                    "R".into(),
                    String::new(),
                    String::new(),
                ]
            }
        }
        Placed::Word { address } => vec![
            address.to_string(),
            String::new(),
            spaced_word(word(address)),
            data_value(word(address)),
        ],
        Placed::Bss { address, count } => vec![
            address.to_string(),
            String::new(),
            format!("{count} word{} of zero", if count == 1 { "" } else { "s" }),
            String::new(),
        ],
        Placed::Org { address } => {
            vec![
                address.to_string(),
                String::new(),
                String::new(),
                String::new(),
            ]
        }
        Placed::Value(v) => vec![String::new(), String::new(), format!("= {v}")],
        Placed::Start(a) => vec![String::new(), String::new(), format!("start {a}")],
    }]
}

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
