//! A word as FAP writes it: the disassembler the trace, the console and SIMH comparisons use.

use super::{decode, fields, Format};
use crate::ibm7090::arith::WORD;

/// A word as FAP would write it, addresses and decrements in octal as listings and SIMH print
/// them: `CLA* 1234,1`, `TXI 100,2,1`, `SWT 3`, `OCT 123456701234` for a word with no row.
pub fn disassemble(word: u64) -> String {
    let word = word & WORD;
    let f = fields(word);
    let Some(info) = decode(word) else {
        return format!("OCT {word:012o}");
    };
    let tag = |s: &mut String| {
        if f.tag != 0 {
            s.push_str(&format!(",{}", f.tag));
        }
    };
    match info.format {
        Format::TypeA => {
            let mut s = format!("{} {:o},{}", info.mnemonic, f.address, f.tag);
            if f.decrement != 0 {
                s.push_str(&format!(",{:o}", f.decrement));
            }
            s
        }
        // VLM Y,T,C and CVR Y,X,C: the count (octal) as the third subfield.
        Format::Count | Format::Convert => {
            let (star, c) = match info.format {
                Format::Count if f.flag == 3 => ("*", (word >> 18) & 0o17),
                Format::Count => ("", (word >> 18) & 0o77),
                _ => ("", (word >> 18) & 0o377),
            };
            format!("{}{star} {:o},{},{c:o}", info.mnemonic, f.address, f.tag)
        }
        Format::Group0760 => {
            let mut s = info.mnemonic.to_string();
            if info.operand_max > 0 {
                s.push_str(&format!(" {}", f.address - info.function));
            }
            if f.tag != 0 {
                s.push_str(&format!(" 0,{}", f.tag));
            }
            s
        }
        _ => {
            let star = if f.flag == 3 && info.allows_indirect() {
                "*"
            } else {
                ""
            };
            let mut s = format!("{}{} {:o}", info.mnemonic, star, f.address);
            tag(&mut s);
            s
        }
    }
}
