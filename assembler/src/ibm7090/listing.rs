//! How a 7090 listing prints a word (split into the fields of its kind, in octal) and the
//! machine cycles of an instruction, from the emulator's table.

use emu::ibm7090::isa::Format;

use super::encode::WordKind;

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
        None => super::data::octal(word),
    }
}

/// A listing row for a word: its location, the word split by its kind, its cycles.
pub fn word_row(address: u16, word: u64, kind: WordKind) -> Vec<String> {
    vec![
        format!("{address:05o}"),
        format_word(word, kind),
        cycles(word, kind),
    ]
}

/// A listing row for a reserved block.
pub fn reserved_row(address: u16, count: u16) -> Vec<String> {
    vec![format!("{address:05o}"), format!("{count} words reserved")]
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
    let indirect = u16::from(info.allows_indirect() && (word >> 22) & 3 == 3);
    let (lo, hi) = (
        u16::from(info.timing.nominal()) + indirect,
        info.timing.max() + indirect,
    );
    let f = emu::ibm7090::isa::fields(word);
    if info.format == Format::Shift && f.tag == 0 {
        // The count is known (not indexed): the emulator's rule for n shifts.
        let n = u32::from(f.address & 0o377);
        return format!("{}", emu::ibm7090::timing::shift_cycles(n));
    }
    if info.format == Format::Convert {
        // One E cycle per count, the count in the word.
        return format!("{}", 2 + ((word >> 18) & 0o377));
    }
    if lo == hi {
        format!("{lo}")
    } else {
        format!("{lo}-{hi}")
    }
}
