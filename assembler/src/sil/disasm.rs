//! Words back to `.sil` source that assembles to exactly the same words: each word as an
//! order pair `L5 100 | 26 7` when both halves are orders with a known effect and no spare
//! digits set, else as `.sex` with the pair in a comment; runs of zero words as `.bss`.

use std::collections::BTreeMap;

use emu::silliac::orders::{
    disassemble_word, function_name, info, left, right, word_to_sex, Half, Order,
};

use super::status;

fn plain_order(o: Order) -> bool {
    o.spare == 0 && status::problem(o.function).is_none()
}

/// What the disassemblies write, in address order.
enum Item {
    /// `.org`: the next word does not follow the one before.
    Org(u16),
    /// A run of zero words, as `.bss`.
    Zeros {
        at: u16,
        count: u16,
    },
    Word {
        at: u16,
        word: u64,
    },
}

/// The words as items: an origin before each run of consecutive addresses, runs of zero words
/// (a word for which `alone` holds starts a new run), every other word on its own.
fn items(words: &BTreeMap<u16, u64>, alone: impl Fn(u16) -> bool) -> Vec<Item> {
    let mut out = Vec::new();
    let mut next: Option<u16> = None;
    let mut iter = words.iter().peekable();
    while let Some((&a, &w)) = iter.next() {
        if next != Some(a) {
            out.push(Item::Org(a));
        }
        if w == 0 {
            let mut n = 1u16;
            while let Some((&b, &v)) = iter.peek() {
                if b != a + n || v != 0 || alone(b) {
                    break;
                }
                n += 1;
                iter.next();
            }
            out.push(Item::Zeros { at: a, count: n });
            next = Some(a + n);
        } else {
            out.push(Item::Word { at: a, word: w });
            next = Some(a + 1);
        }
    }
    out
}

/// A word that is not an order pair, with the pair it would be in a comment.
fn sex_line(label: &str, at: u16, w: u64) -> String {
    format!(
        "{label:<8}.sex {:<16} ; {at}: {}\n",
        word_to_sex(w),
        disassemble_word(w)
    )
}

/// Disassemble `words` (addresses 3..1023 re-assemble; non-zero words at 0..2 are shown but
/// the assembler refuses them, as the loader owns those words).
pub fn disassemble(words: &BTreeMap<u16, u64>) -> String {
    let mut out = String::from("; disassembled by firstmoves asm\n");
    for item in items(words, |_| false) {
        match item {
            Item::Org(a) => out.push_str(&format!("        .org {a}\n")),
            Item::Zeros { at, count } => {
                out.push_str(&format!("        .bss {count:<16} ; {at}\n"));
            }
            Item::Word { at, word } => {
                let (l, r) = (left(word), right(word));
                if plain_order(l) && plain_order(r) {
                    let text = format!("{} | {}", l.to_text(), r.to_text());
                    out.push_str(&format!("        {text:<21} ; {at}\n"));
                } else {
                    out.push_str(&sex_line("", at, word));
                }
            }
        }
    }
    out
}

/// Like `disassemble`, but every address that an order names and that the words contain gets
/// a label, `wN` for word N (on its left-hand order) and `wNr` for the right-hand order of N
/// when a right transfer goes there; orders name the labels instead of numbers, so the source
/// reads as a program and still assembles to the same words. Code words are written one order
/// a line. `start`, if given, becomes a final `.start`.
pub fn disassemble_labelled(words: &BTreeMap<u16, u64>, start: Option<u16>) -> String {
    let is_code = |w: u64| w != 0 && plain_order(left(w)) && plain_order(right(w));
    let code_at = |a: u16| words.get(&a).is_some_and(|&w| is_code(w));
    // (address, right half?) of every label needed.
    let mut labels = std::collections::BTreeSet::new();
    let target = |o: Order| -> Option<(u16, bool)> {
        if !words.contains_key(&o.address) {
            return None;
        }
        let right = info(o.function).transfer_to() == Some(Half::Right) && code_at(o.address);
        Some((o.address, right))
    };
    for &w in words.values().filter(|&&w| is_code(w)) {
        labels.extend([left(w), right(w)].into_iter().filter_map(target));
    }
    if let Some(s) = start.filter(|s| words.contains_key(s)) {
        labels.insert((s, false));
    }
    let name = |a: u16, right: bool| format!("w{a}{}", if right { "r" } else { "" });
    let operand = |o: Order| -> String {
        match target(o) {
            Some((a, r)) => format!("{} {}", function_name(o.function), name(a, r)),
            None => o.to_text(),
        }
    };
    let label = |a: u16, right: bool| -> String {
        if labels.contains(&(a, right)) {
            format!("{}:", name(a, right))
        } else {
            String::new()
        }
    };
    let mut out = String::from("; disassembled by firstmoves asm\n");
    // A labelled zero word starts a new `.bss`, so that its label stays on it.
    for item in items(words, |b| labels.contains(&(b, false))) {
        match item {
            Item::Org(a) => out.push_str(&format!("        .org {a}\n")),
            Item::Zeros { at, count } => {
                let l = label(at, false);
                out.push_str(&format!("{l:<8}.bss {count:<16} ; {at}\n"));
            }
            Item::Word { at, word } if is_code(word) => {
                let (l, text) = (label(at, false), operand(left(word)));
                out.push_str(&format!("{l:<8}{text:<21} ; {at}\n"));
                let r = label(at, true);
                out.push_str(&format!("{r:<8}{}\n", operand(right(word))));
            }
            Item::Word { at, word } => out.push_str(&sex_line(&label(at, false), at, word)),
        }
    }
    if let Some(s) = start {
        let s = if labels.contains(&(s, false)) {
            name(s, false)
        } else {
            s.to_string()
        };
        out.push_str(&format!("        .start {s}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use emu::silliac::orders::pair;

    #[test]
    fn shape() {
        let words: BTreeMap<u16, u64> = [
            (100, pair(Order::new(0xF5, 100), Order::new(0x26, 101))),
            (101, 0),
            (102, 0),
            (200, 0x80_0000_0000 | 1 << 30), // spare digits set in the left order
        ]
        .into();
        let text = disassemble(&words);
        assert_eq!(
            text,
            "; disassembled by firstmoves asm\n        .org 100\n        L5 100 | 26 101       ; 100\n        .bss 2                ; 101\n        .org 200\n        .sex 8040000000       ; 200: 80 0 | 00 0\n"
        );
    }

    #[test]
    fn labelled() {
        let o = Order::new;
        let words: BTreeMap<u16, u64> = [
            (100, pair(o(0xF5, 103), o(0x26, 101))),
            (101, pair(o(0x22, 101), o(0x42, 102))),
            (102, pair(o(0x20, 0), o(0x36, 100))),
            (103, 0),
            (104, 0),
        ]
        .into();
        let text = disassemble_labelled(&words, Some(100));
        let expect = "\
; disassembled by firstmoves asm
        .org 100
w100:   L5 w103               ; 100
        26 w101
w101:   22 w101r              ; 101
w101r:  42 w102
w102:   20 0                  ; 102
        36 w100
w103:   .bss 2                ; 103
        .start w100
";
        assert_eq!(text, expect);
        let p = crate::sil::assemble(&text, "l.sil").unwrap_or_else(|d| panic!("{d}"));
        assert_eq!(p.words, words);
        assert_eq!(p.start, 100);
    }
}
