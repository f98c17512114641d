//! The listing: one row per card (location and word in octal, instructions split into their
//! fields as FAP listings print them), a row per further word of DEC/OCT/BCI/VFD cards, then
//! the literal pool and the symbol table.

use emu::ibm7090::isa::Format;

use super::layout::{Placed, SymbolKind, WordKind};
use super::Program;
use crate::core::listing::{Listing, Row};

/// A word split as its kind is written: Type B `±OOOO FF T AAAAA` (sign of the opcode, flag,
/// tag, address), Type A and prefix words `P DDDDD T AAAAA`, data twelve octal digits.
pub fn format_word(word: u64, kind: WordKind) -> String {
    let f = emu::ibm7090::isa::fields(word);
    let format = match kind {
        WordKind::Instruction(info) => Some(info.format),
        WordKind::Data => None,
    };
    match format {
        Some(Format::TypeA | Format::PrefixData | Format::ChannelCommand) => format!(
            "{:o} {:05o} {:o} {:05o}",
            f.prefix, f.decrement, f.tag, f.address
        ),
        Some(_) => format!(
            "{}{:04o} {:02o} {:o} {:05o}",
            if f.opcode & 0o4000 != 0 { '-' } else { ' ' },
            f.opcode & 0o3777,
            (word >> 18) & 0o77,
            f.tag,
            f.address
        ),
        None => format!("{:012o}", word),
    }
}

/// The machine cycles (2.18 us each) of an instruction as the emulator's table gives them: a
/// number, or `min-max` where they depend on the data (MPY, DVP, shifts by count); one more
/// for an indirect address. Empty for data, prefix words and channel commands.
pub fn cycles(word: u64, kind: WordKind) -> String {
    let WordKind::Instruction(info) = kind else {
        return String::new();
    };
    if matches!(info.format, Format::PrefixData | Format::ChannelCommand) {
        return String::new();
    }
    let indirect = u8::from(info.allows_indirect() && (word >> 22) & 3 == 3);
    let (lo, hi) = (
        info.timing.nominal() + indirect,
        info.timing.max() + indirect,
    );
    let f = emu::ibm7090::isa::fields(word);
    if info.format == Format::Shift && f.tag == 0 {
        // The count is known (not indexed): the emulator's rule for n shifts.
        let n = u32::from(f.address & 0o377);
        return format!("{}", emu::ibm7090::timing::shift_cycles(n));
    }
    if lo == hi {
        format!("{lo}")
    } else {
        format!("{lo}-{hi}")
    }
}

pub fn render(p: &Program) -> String {
    let mut l = Listing {
        header: vec![format!(
            "{}: FAP listing (octal locations and words; machine cycles of 2.18 us from the \
             emulator's table)",
            p.file
        )],
        ..Listing::default()
    };
    let mut by_line: std::collections::BTreeMap<u32, Vec<Placed>> = Default::default();
    for &(line, placed) in &p.placed {
        by_line.entry(line).or_default().push(placed);
    }
    for (i, text) in p.source.iter().enumerate() {
        let number = i as u32 + 1;
        let placed = by_line.get(&number).map(Vec::as_slice).unwrap_or(&[]);
        let mut rows: Vec<Vec<String>> = placed
            .iter()
            .map(|placed| match *placed {
                Placed::Word { address, kind } => {
                    let w = p.words.get(&address).copied().unwrap_or(0);
                    vec![
                        format!("{address:05o}"),
                        format_word(w, kind),
                        cycles(w, kind),
                    ]
                }
                Placed::Reserved { address, count } => {
                    vec![format!("{address:05o}"), format!("{count} words reserved")]
                }
                Placed::Org(a) => vec![format!("{a:05o}"), String::new()],
                Placed::Value(v) => vec![String::new(), value(v)],
                Placed::End(a) => vec![format!("{a:05o}"), "start".to_string()],
            })
            .collect();
        if rows.is_empty() {
            rows.push(Vec::new());
        }
        for (k, columns) in rows.into_iter().enumerate() {
            l.rows.push(Row {
                columns,
                line: (k == 0).then_some(number),
                source: if k == 0 { text.clone() } else { String::new() },
            });
        }
    }
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

/// A value as octal, negative values with a minus sign.
fn value(v: i64) -> String {
    if v < 0 {
        format!("-{:05o}", -v)
    } else {
        format!("{v:05o}")
    }
}
