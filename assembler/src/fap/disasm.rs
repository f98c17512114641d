//! The way back: words (e.g. an object deck read by `read_object_deck`) as FAP card images
//! that assemble to the same words. Each word is written as the instruction the emulator's
//! table decodes it to, when that text assembles to exactly the same word, and as OCT
//! otherwise; addresses in decimal as FAP writes them, the octal location and word in the
//! comment columns.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use emu::ibm7090::isa::{decode, fields, Format};

use super::operations::boolean_operand;

/// One word as FAP operation and variable field, or `None` if no instruction text gives back
/// exactly this word.
pub fn instruction(word: u64) -> Option<(String, String)> {
    let info = decode(word)?;
    let f = fields(word);
    let (a, t, d) = (u32::from(f.address), f.tag, u32::from(f.decrement));
    let indirect = info.allows_indirect() && f.flag == 3;
    let (op, var, re) = match info.format {
        Format::TypeA => (
            info.mnemonic.to_string(),
            format!("{a},{t},{d}"),
            info.encode(a, t, d, false),
        ),
        // VLM Y,T,C: with `*` the count's top two bits are the flag.
        Format::Count => {
            let c = (word >> 18) as u32 & if indirect { 0o17 } else { 0o77 };
            (
                format!("{}{}", info.mnemonic, if indirect { "*" } else { "" }),
                format!("{a},{t},{c}"),
                info.encode(a, t, c, indirect),
            )
        }
        // CVR Y,X,C: the count (bits 10-17) reaches into the opcode.
        Format::Convert => {
            let c = (word >> 18) as u32 & 0o377;
            (
                info.mnemonic.to_string(),
                format!("{a},{t},{c}"),
                info.encode(a, t, c, false),
            )
        }
        Format::Group0760 if t != 0 => return None,
        Format::Group0760 if info.operand_max > 0 => {
            let n = a.checked_sub(u32::from(info.function))?;
            (
                info.mnemonic.to_string(),
                n.to_string(),
                info.encode(n, 0, 0, false),
            )
        }
        Format::Group0760 => (
            info.mnemonic.to_string(),
            String::new(),
            info.encode(0, 0, 0, false),
        ),
        // The indicator orders: one octal operand of 18 bits.
        _ if boolean_operand(info) => (
            info.mnemonic.to_string(),
            format!("{:o}", u32::from(t) << 15 | a),
            info.encode(a, t, 0, false),
        ),
        _ => {
            let star = if indirect { "*" } else { "" };
            let var = if t == 0 {
                a.to_string()
            } else {
                format!("{a},{t}")
            };
            (
                format!("{}{star}", info.mnemonic),
                var,
                info.encode(a, t, 0, indirect),
            )
        }
    };
    (re == word).then_some((op, var))
}

/// FAP source for the words, starting at `start`: an ORG before every run of consecutive
/// words, one card per word, END with the start address.
pub fn disassemble(words: &BTreeMap<u16, u64>, start: u16) -> String {
    let mut out = String::from("* DISASSEMBLED BY FIRSTMOVES (ADDRESSES DECIMAL)\n");
    let mut next: Option<u16> = None;
    for (&a, &w) in words {
        if next != Some(a) {
            let _ = writeln!(out, "       ORG    {a}");
        }
        next = a.checked_add(1);
        let (op, var) = instruction(w).unwrap_or_else(|| ("OCT".to_string(), format!("{w:012o}")));
        let card = format!("       {op:<6} {var}");
        let _ = writeln!(out, "{card:<30}{a:05o} {w:012o}");
    }
    let _ = writeln!(out, "       END    {start}");
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::fap::assemble;

    #[test]
    fn cards() {
        let words: BTreeMap<u16, u64> = [
            (100, 0o050060100144),
            (101, 0o100003200012),
            (102, 0o076000000163),
            (103, 0o076000000002),
            (104, 0o400000000005),
        ]
        .into_iter()
        .collect();
        let text = disassemble(&words, 100);
        assert_eq!(
            text,
            "* DISASSEMBLED BY FIRSTMOVES (ADDRESSES DECIMAL)
       ORG    100
       CLA*   100,1           00144 050060100144
       TXI    10,2,3          00145 100003200012
       SWT    3               00146 076000000163
       CHS                    00147 076000000002
       OCT    400000000005    00150 400000000005
       END    100
"
        );
    }

    proptest! {
        /// Any words, disassembled and assembled again, are the same words.
        #[test]
        fn round_trip(
            words in proptest::collection::btree_map(0u16..32768, 0u64..(1 << 36), 1..100),
            instr in proptest::collection::vec((0u16..4096, 0u64..(1 << 24)), 0..50),
        ) {
            // Half random words, half words with real opcodes in them.
            let mut words = words;
            for (k, (op, rest)) in instr.into_iter().enumerate() {
                words.insert(20000 + k as u16, u64::from(op) << 24 | rest);
            }
            let start = *words.keys().next().unwrap();
            let text = disassemble(&words, start);
            let p = assemble(&text, "d.fap").map_err(|d| TestCaseError::fail(format!("{d}\n{text}")))?;
            prop_assert_eq!(p.words, words);
            prop_assert_eq!(p.start, start);
        }
    }
}
