//! What one card put into the store, and the listing's columns for it.

use std::collections::BTreeMap;

use crate::ibm7090::encode::WordKind;
use crate::ibm7090::listing::{reserved_row, word_row};

/// What a word is, for the listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    /// From the operation table, by name.
    Instruction(&'static str),
    /// OCT, DEC.
    Data,
    /// BCD, BCI.
    Text,
}

/// What one card put into the store (for the listing and `line_at`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    Word {
        address: u16,
        what: What,
    },
    Reserved {
        address: u16,
        count: u16,
    },
    /// The value of ORG, EQU, SYN, DEFINE (9AP lists it in columns 30-34).
    Value(i64),
    /// END's or TCD's transfer address.
    Transfer(u16),
}

/// A row for each thing a card placed.
pub fn columns(placed: &[Placed], words: &BTreeMap<u16, u64>) -> Vec<Vec<String>> {
    placed
        .iter()
        .map(|p| match *p {
            Placed::Word { address, what } => {
                let w = words.get(&address).copied().unwrap_or(0);
                let kind = match what {
                    What::Instruction(name) => emu::ibm7090::isa::by_mnemonic(name)
                        .or_else(|| emu::ibm7090::isa::decode(w))
                        .map_or(WordKind::Data, WordKind::Instruction),
                    What::Data | What::Text => WordKind::Data,
                };
                word_row(address, w, kind)
            }
            Placed::Reserved { address, count } => reserved_row(address, count),
            Placed::Value(v) => vec![String::new(), format!("{:05o}", v & 0o77777)],
            Placed::Transfer(a) => vec![format!("{a:05o}"), "transfer".to_string()],
        })
        .collect()
}
