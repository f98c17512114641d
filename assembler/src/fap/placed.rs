//! What one card put into the store, and the listing's columns for it.

use std::collections::BTreeMap;

use crate::ibm7090::encode::WordKind;
use crate::ibm7090::listing::{reserved_row, word_row};

/// What one card put into the store (for the listing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    Word {
        address: u16,
        kind: WordKind,
    },
    Reserved {
        address: u16,
        count: u16,
    },
    Org(u16),
    Value(i64),
    /// END: the start address.
    End(u16),
    /// TCD: a transfer card's address.
    Transfer(u16),
}

/// A row for each thing a card placed: location and word split into its fields, cycles.
pub fn columns(placed: &[Placed], words: &BTreeMap<u16, u64>) -> Vec<Vec<String>> {
    placed
        .iter()
        .map(|placed| match *placed {
            Placed::Word { address, kind } => {
                word_row(address, words.get(&address).copied().unwrap_or(0), kind)
            }
            Placed::Reserved { address, count } => reserved_row(address, count),
            Placed::Org(a) => vec![format!("{a:05o}"), String::new()],
            Placed::Value(v) => vec![String::new(), value(v)],
            Placed::End(a) => vec![format!("{a:05o}"), "start".to_string()],
            Placed::Transfer(a) => vec![format!("{a:05o}"), "transfer".to_string()],
        })
        .collect()
}

/// A value as octal, negative values with a minus sign.
pub fn value(v: i64) -> String {
    if v < 0 {
        format!("-{:05o}", -v)
    } else {
        format!("{v:05o}")
    }
}
