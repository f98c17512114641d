//! Binary cards as the 709/7090 reads and punches them, and the column-binary text files SIMH's
//! `i7094` card reader reads (`attach -c cdr FILE.cbn`).
//!
//! A card read or punched in binary is 24 words, two per row, rows in the order 9, 8, 7, 6, 5,
//! 4, 3, 2, 1, 0, 11, 12: word 0 is the 9-row left (columns 1-36), word 1 the 9-row right
//! (37-72), ..., word 23 the 12-row right; in each word the sign bit is the leftmost column
//! and a punched hole is a one (709 General Information Manual, card reader;
//! docs/assembler.md, "The deck"). Columns 73-80 are not read.
//!
//! In a `.cbn` file each card is one line, two characters a column: the column's rows 12, 11,
//! 0, 1, 2, 3 (high six bits) then 4-9 (low six), each six bits through SIMH's character table
//! (measured on SIMH 3.8.1, every value read back). Cards are
//! written with 80 columns (73-80 unpunched); reading accepts shorter lines (missing columns
//! unpunched) and also the characters SIMH's own punch writes for four of the values (blank for
//! 00, `=` for 13, `+` for 60, `)` for 74), so that a deck SIMH punched reads back.

use thiserror::Error;

/// Words of a card image.
pub const CARD_WORDS: usize = 24;
/// One card.
pub type Image = [u64; CARD_WORDS];
/// Columns of a card the machine reads.
const READ_COLUMNS: usize = 72;
/// Columns of a card.
const COLUMNS: usize = 80;

/// SIMH's characters for the six-bit values 00-77 (the reader's table).
const CHARS: &[u8; 64] = b"`123456789^#':>{0/STUVWXYZ|,(~\\\"-JKLMNOPQR!$*];_&ABCDEFGHI?.%[<}";

/// The six-bit value of a `.cbn` character.
fn value(c: char) -> Option<u8> {
    match c {
        ' ' => Some(0),
        '=' => Some(0o13),
        '+' => Some(0o60),
        ')' => Some(0o74),
        _ => CHARS
            .iter()
            .position(|&x| char::from(x) == c)
            .map(|v| v as u8),
    }
}

/// The twelve rows of column `col` (0-based), bit r = row r in card order (9, 8, ... 12).
fn column(card: &Image, col: usize) -> u16 {
    let bit = 35 - (col % 36);
    (0..12).fold(0, |acc, row| {
        acc | (((card[2 * row + col / 36] >> bit) & 1) as u16) << row
    })
}

/// The column-binary text of a deck: one line of 160 characters a card.
pub fn to_cbn(cards: &[Image]) -> String {
    let mut out = String::with_capacity(cards.len() * (2 * COLUMNS + 1));
    for card in cards {
        for col in 0..COLUMNS {
            let rows = if col < READ_COLUMNS {
                column(card, col)
            } else {
                0
            };
            out.push(char::from(CHARS[usize::from(rows >> 6)]));
            out.push(char::from(CHARS[usize::from(rows & 0o77)]));
        }
        out.push('\n');
    }
    out
}

/// A `.cbn` file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{file}:{line}:{column}: error: '{found}' is not a column-binary character")]
pub struct CbnError {
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub found: char,
}

/// The cards of a `.cbn` file (columns past 72 are not read, as on the machine).
pub fn from_cbn(text: &str, file: &str) -> Result<Vec<Image>, CbnError> {
    let mut cards = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut card = [0u64; CARD_WORDS];
        let chars: Vec<char> = line.chars().collect();
        for (k, &c) in chars.iter().enumerate() {
            let v = value(c).ok_or(CbnError {
                file: file.to_string(),
                line: i as u32 + 1,
                column: k as u32 + 1,
                found: c,
            })?;
            let col = k / 2;
            if col >= READ_COLUMNS {
                continue;
            }
            let rows = if k % 2 == 0 {
                u16::from(v) << 6
            } else {
                u16::from(v)
            };
            for row in 0..12 {
                if rows >> row & 1 == 1 {
                    card[2 * row + col / 36] |= 1 << (35 - col % 36);
                }
            }
        }
        cards.push(card);
    }
    Ok(cards)
}

/// A deck as text: one line a card, its 24 words as twelve octal digits separated by blanks
/// (the form the SHA-256 of 9AP's decks is taken in).
pub fn octal_text(cards: &[Image]) -> String {
    let mut out = String::new();
    for card in cards {
        let words: Vec<String> = card.iter().map(|w| format!("{w:012o}")).collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

/// ACL's sum: 36 bits with the carry out added back at the right (the checksum of a 709
/// binary card).
pub fn end_around_sum(words: impl IntoIterator<Item = u64>) -> u64 {
    words.into_iter().fold(0u64, |s, w| {
        let t = s + (w & 0o777777777777);
        (t & 0o777777777777) + (t >> 36)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn table_is_a_permutation() {
        let mut seen = [false; 64];
        for &c in CHARS.iter() {
            let v = value(char::from(c)).unwrap() as usize;
            assert!(!seen[v]);
            seen[v] = true;
        }
        assert_eq!(value('0'), Some(0o20));
        assert_eq!(value('&'), Some(0o60));
    }

    #[test]
    fn columns_and_rows() {
        // A 12-row punch in column 1 is the sign bit of word 22; a 9-row punch in column 72
        // is the low bit of word 1.
        let mut card = [0u64; CARD_WORDS];
        card[22] = 1 << 35;
        card[1] = 1;
        let text = to_cbn(&[card]);
        let line = text.lines().next().unwrap();
        assert_eq!(line.len(), 160);
        assert_eq!(&line[..2], "-`");
        assert_eq!(&line[142..144], "`1");
        assert_eq!(from_cbn(&text, "x").unwrap(), vec![card]);
        // SIMH's punch trims trailing blank columns and writes blanks for 00.
        assert_eq!(from_cbn("- \n\n", "x").unwrap()[0][22], 1 << 35);
        assert_eq!(from_cbn("\n", "x").unwrap(), vec![[0; CARD_WORDS]]);
        let e = from_cbn("ab", "d.cbn").unwrap_err();
        assert_eq!(
            e.to_string(),
            "d.cbn:1:1: error: 'a' is not a column-binary character"
        );
    }

    #[test]
    fn checksum_carries_around() {
        assert_eq!(end_around_sum([0o777777777777, 1]), 1);
        assert_eq!(end_around_sum([0o000010000001, 5]), 0o000010000006);
    }

    proptest! {
        #[test]
        fn cbn_round_trip(words in proptest::collection::vec(any::<u64>(), 24), n in 1usize..4) {
            let mut card = [0u64; CARD_WORDS];
            for (c, w) in card.iter_mut().zip(&words) {
                *c = w & 0o777777777777;
            }
            let deck = vec![card; n];
            prop_assert_eq!(from_cbn(&to_cbn(&deck), "x").unwrap(), deck);
        }
    }
}
