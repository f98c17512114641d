//! What one source line put into the store, and the listing's columns for it.

use std::collections::BTreeMap;

use emu::silliac::orders::{disassemble_word, word_to_sex};

use super::Half;

/// What one source line put into the store (for the listing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    Order { address: u16, half: Half },
    Word { address: u16 },
    Bss { address: u16, count: u16 },
    Org { address: u16 },
    Value(i64),
    Start(u16),
}

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
            if half == Half::Left {
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
