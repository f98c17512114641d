//! Words back to `.sil` source that assembles to exactly the same words: each word as an
//! order pair `L5 100 | 26 7` when both halves are orders with a known effect and no spare
//! digits set, else as `.sex` with the pair in a comment; runs of zero words as `.bss`.

use std::collections::BTreeMap;

use emu::silliac::orders::{left, right, word_to_sex};

use super::listing::decoded;
use super::status;

fn plain_order(o: emu::silliac::orders::Order) -> bool {
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
                decoded(w)
            ));
        }
        next = Some(a + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use emu::silliac::orders::{pair, Order};

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
}
