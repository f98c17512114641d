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

/// Disassemble `words` (addresses 3..1023 re-assemble; non-zero words at 0..2 are shown but
/// the assembler refuses them, as the loader owns those words).
pub fn disassemble(words: &BTreeMap<u16, u64>) -> String {
    let mut out = String::from("; disassembled by firstmoves asm\n");
    let mut next: Option<u16> = None;
    let mut iter = words.iter().peekable();
    while let Some((&a, &w)) = iter.next() {
        if next != Some(a) {
            out.push_str(&format!("        .org {a}\n"));
        }
        if w == 0 {
            let mut n = 1u16;
            while let Some((&b, &v)) = iter.peek() {
                if b != a + n || v != 0 {
                    break;
                }
                n += 1;
                iter.next();
            }
            out.push_str(&format!("        .bss {n:<16} ; {a}\n"));
            next = Some(a + n);
            continue;
        }
        let (l, r) = (left(w), right(w));
        if plain_order(l) && plain_order(r) {
            let text = format!("{} | {}", l.to_text(), r.to_text());
            out.push_str(&format!("        {text:<21} ; {a}\n"));
        } else {
            out.push_str(&format!(
                "        .sex {:<16} ; {a}: {}\n",
                word_to_sex(w),
                disassemble_word(w)
            ));
        }
        next = Some(a + 1);
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
    let mut next: Option<u16> = None;
    let mut iter = words.iter().peekable();
    while let Some((&a, &w)) = iter.next() {
        if next != Some(a) {
            out.push_str(&format!("        .org {a}\n"));
        }
        let l = label(a, false);
        if w == 0 {
            let mut n = 1u16;
            while let Some((&b, &v)) = iter.peek() {
                if b != a + n || v != 0 || labels.contains(&(b, false)) {
                    break;
                }
                n += 1;
                iter.next();
            }
            out.push_str(&format!("{l:<8}.bss {n:<16} ; {a}\n"));
            next = Some(a + n);
            continue;
        }
        if is_code(w) {
            let text = operand(left(w));
            out.push_str(&format!("{l:<8}{text:<21} ; {a}\n"));
            let r = label(a, true);
            out.push_str(&format!("{r:<8}{}\n", operand(right(w))));
        } else {
            out.push_str(&format!(
                "{l:<8}.sex {:<16} ; {a}: {}\n",
                word_to_sex(w),
                disassemble_word(w)
            ));
        }
        next = Some(a + 1);
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
