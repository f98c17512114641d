//! The punched card as the 7090's on-line card machines see it (the 711 reader, the 721 punch,
//! and the 716 printer, whose print image has the same shape): 80 columns of 12 rows, rows
//! named 12, 11, 0, 1, ..., 9 from the top.
//!
//! - A column is 12 bits, row 9 in bit 0 up to row 0 in bit 9, row 11 in bit 10 and row 12 in
//!   bit 11: the order the machines move the rows (9 first), as SIMH i7094 keeps them [SUP
//!   `col_masks`].
//! - The CPU sees a card as 24 row-binary words, 9L 9R 8L 8R ... 0L 0R 11L 11R 12L 12R: the
//!   left word holds columns 1-36 (column 1 in bit S), the right word columns 37-72; columns
//!   73-80 are not read (709 General Information Manual p. 41; docs/ibm7090.md "Cards").
//! - Characters are punched in the Hollerith code of the 7090's BCD set (`bcd.rs`): a digit in
//!   its row (0 alone for zero), letters a zone (12, 11, 0) with a digit, the specials a zone
//!   with 8-3 or 8-4; blank punches nothing.
//! - Binary decks on the host are SIMH's column-binary text (`.cbn`): per column two
//!   characters, rows 12, 11, 0, 1, 2, 3 then 4-9, each six bits written as one character of
//!   the table below (measured on SIMH 3.8.1, tried value by value; a blank also reads
//!   as 0).

use super::bcd;
use std::fmt;

/// Columns on a card; the 7090 reads and punches the first 72.
pub const COLUMNS: usize = 80;
/// Columns the row-binary image holds.
pub const IMAGE_COLUMNS: usize = 72;
/// Words of a row-binary image.
pub const IMAGE_WORDS: usize = 24;

/// A column's bit for row 12, 11, 0 ... 9 (0 is the zero row, 10 is row 11, 11 is row 12).
const fn row_bit(row: u8) -> u16 {
    match row {
        12 => 1 << 11,
        11 => 1 << 10,
        0 => 1 << 9,
        d => 1 << (9 - d),
    }
}

const ZONE_12: u16 = row_bit(12);
const ZONE_11: u16 = row_bit(11);
const ZONE_0: u16 = row_bit(0);
const ROW_8: u16 = row_bit(8);

/// The Hollerith punches of a 6-bit BCD code. Zone bits 01, 10, 11 are rows 12, 11 and 0; the
/// numeric part 1-9 its row, 10-15 the row 8 with 2-7; zero is row 0 alone and 060 (blank) no
/// punch; 020 and 040 are the zones alone (+ and -).
pub fn punches(code: u8) -> u16 {
    let zone = match (code >> 4) & 3 {
        0 => 0,
        1 => ZONE_12,
        2 => ZONE_11,
        _ => ZONE_0,
    };
    let digit = code & 0o17;
    let numeric = match digit {
        0 => 0,
        1..=9 => row_bit(digit),
        _ => ROW_8 | row_bit(digit - 8),
    };
    match code & 0o77 {
        0 => ZONE_0,
        0o60 => 0,
        _ => zone | numeric,
    }
}

/// The BCD code of a column's punches, `None` for a combination no character has.
pub fn code_of(column: u16) -> Option<u8> {
    // 64 codes: a search is as clear as an inverse table and runs once per printed column.
    (0..64u8).find(|&c| punches(c) == column & 0o7777)
}

/// What went wrong reading a deck.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    #[error("card {card}, column {column}: `{ch}` is not a character of the 7090's card code")]
    NotPunchable {
        card: usize,
        column: usize,
        ch: char,
    },
    #[error("card {card}, column {column}: `{ch}` is not a column-binary character")]
    NotColumnBinary {
        card: usize,
        column: usize,
        ch: char,
    },
    #[error("card {card} has {columns} columns; a card has 80")]
    TooLong { card: usize, columns: usize },
}

/// One card: 80 columns of punches.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Card(pub [u16; COLUMNS]);

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Card({:?})", self.to_text())
    }
}

impl Default for Card {
    fn default() -> Self {
        Card::blank()
    }
}

/// The 6-bit value a column-binary character stands for (SIMH 3.8.1's table; blank is 0).
fn cbn_value(c: char) -> Option<u16> {
    Some(match c {
        '`' | ' ' => 0,
        '1'..='9' => c as u16 - '0' as u16,
        '0' => 0o20,
        '/' => 0o21,
        'S'..='Z' => 0o22 + (c as u16 - 'S' as u16),
        '-' => 0o40,
        'J'..='R' => 0o41 + (c as u16 - 'J' as u16),
        '&' => 0o60,
        'A'..='I' => 0o61 + (c as u16 - 'A' as u16),
        _ => {
            const SPECIAL: [(u16, &str); 4] = [
                (0o12, "^#':>{"),
                (0o32, "|,(~\\\""),
                (0o52, "!$*];_"),
                (0o72, "?.%[<}"),
            ];
            return SPECIAL
                .iter()
                .find_map(|&(base, set)| set.find(c).map(|i| base + i as u16));
        }
    })
}

/// The column-binary character of a 6-bit value.
fn cbn_char(v: u16) -> char {
    const TABLE: &[u8; 64] = b"`123456789^#':>{0/STUVWXYZ|,(~\\\"-JKLMNOPQR!$*];_&ABCDEFGHI?.%[<}";
    TABLE[(v & 0o77) as usize] as char
}

impl Card {
    pub const fn blank() -> Card {
        Card([0; COLUMNS])
    }

    /// A card punched from text, one character a column (lower case as upper; `&`, `#`, `@`
    /// and `%` as the FORTRAN set's `+`, `=`, `'` and `(`, which share their punches).
    /// `card` numbers the card in errors.
    pub fn from_text(line: &str, card: usize) -> Result<Card, CardError> {
        let chars: Vec<char> = line.trim_end_matches(['\r', '\n']).chars().collect();
        let mut out = Card::blank();
        for (i, &ch) in chars.iter().enumerate() {
            let alias = match ch {
                '&' => '+',
                '#' => '=',
                '@' => '\'',
                '%' => '(',
                c => c,
            };
            let code = bcd::encode(alias).ok_or(CardError::NotPunchable {
                card,
                column: i + 1,
                ch,
            })?;
            if i >= COLUMNS {
                if code == bcd::BLANK {
                    continue;
                }
                return Err(CardError::TooLong {
                    card,
                    columns: chars.len(),
                });
            }
            out.0[i] = punches(code);
        }
        Ok(out)
    }

    /// A card from one line of column-binary text (two characters a column; a short line
    /// leaves the rest of the card blank).
    pub fn from_column_binary(line: &str, card: usize) -> Result<Card, CardError> {
        let chars: Vec<char> = line.trim_end_matches(['\r', '\n']).chars().collect();
        if chars.len() > 2 * COLUMNS {
            return Err(CardError::TooLong {
                card,
                columns: chars.len().div_ceil(2),
            });
        }
        let mut out = Card::blank();
        for (i, &ch) in chars.iter().enumerate() {
            let v = cbn_value(ch).ok_or(CardError::NotColumnBinary {
                card,
                column: i / 2 + 1,
                ch,
            })?;
            out.0[i / 2] |= if i % 2 == 0 { v << 6 } else { v };
        }
        Ok(out)
    }

    /// The card as text: each column's character (`?` for punches no character has),
    /// trailing blanks removed.
    pub fn to_text(&self) -> String {
        let s: String = self
            .0
            .iter()
            .map(|&c| code_of(c).map_or('?', bcd::decode))
            .collect();
        s.trim_end().to_string()
    }

    /// The card as one line of column-binary text, trailing unpunched columns left out (as
    /// SIMH's punch writes them).
    pub fn to_column_binary(&self) -> String {
        let used = self.0.iter().rposition(|&c| c != 0).map_or(0, |i| i + 1);
        self.0[..used]
            .iter()
            .flat_map(|&c| [cbn_char(c >> 6), cbn_char(c)])
            .collect()
    }

    /// The 24-word row-binary image of columns 1-72.
    pub fn image(&self) -> [u64; IMAGE_WORDS] {
        let mut words = [0u64; IMAGE_WORDS];
        for (col, &punched) in self.0[..IMAGE_COLUMNS].iter().enumerate() {
            let bit = 1u64 << (35 - col % 36);
            for (row, word) in words.chunks_mut(2).enumerate() {
                // Row-binary row k (9 first) is bit k of the column.
                if punched >> row & 1 != 0 {
                    word[col / 36] |= bit;
                }
            }
        }
        words
    }

    /// The card a 24-word row-binary image punches (columns 73-80 blank).
    pub fn from_image(words: &[u64; IMAGE_WORDS]) -> Card {
        let mut out = Card::blank();
        for (col, punched) in out.0[..IMAGE_COLUMNS].iter_mut().enumerate() {
            let bit = 35 - col % 36;
            for (row, word) in words.chunks(2).enumerate() {
                *punched |= ((word[col / 36] >> bit & 1) as u16) << row;
            }
        }
        out
    }
}

/// The 24-word image a card machine that takes images (the 716 printer, the 721 punch) is
/// filling: the channel's words in row order; a full image, an end of record or the end of the
/// select completes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImageBuffer {
    pub words: Vec<u64>,
    /// An image was completed since the unit was selected.
    pub completed: bool,
}

impl ImageBuffer {
    /// A write select: a new image.
    pub fn select(&mut self) {
        self.words.clear();
        self.completed = false;
    }

    /// One word from the channel; the image when it is full.
    pub fn put(&mut self, word: u64) -> Option<[u64; IMAGE_WORDS]> {
        self.words.push(word);
        if self.words.len() == IMAGE_WORDS {
            self.take()
        } else {
            None
        }
    }

    /// The channel ends the record: the image so far, if it has a word.
    pub fn end_record(&mut self) -> Option<[u64; IMAGE_WORDS]> {
        (!self.words.is_empty()).then(|| self.take()).flatten()
    }

    /// The channel disconnects: the image so far, or a blank one if the select moved nothing
    /// (the machine still goes through a print or punch cycle [SUP `lpt_svc`, `cdp_svc`]).
    pub fn disconnect(&mut self) -> Option<[u64; IMAGE_WORDS]> {
        if self.words.is_empty() && self.completed {
            return None;
        }
        self.take()
    }

    fn take(&mut self) -> Option<[u64; IMAGE_WORDS]> {
        let mut image = [0u64; IMAGE_WORDS];
        image[..self.words.len()].copy_from_slice(&self.words);
        self.words.clear();
        self.completed = true;
        Some(image)
    }
}

/// A unit that takes images from the channel (the printer, the punch): what it does with a
/// completed image; the channel's words, end of record and disconnect go through its buffer.
pub(super) trait ImageUnit {
    fn buffer(&mut self) -> &mut ImageBuffer;
    fn complete(&mut self, image: &[u64; IMAGE_WORDS]);

    fn select(&mut self) {
        self.buffer().select();
    }

    /// One word; true when it completed the image (end of record).
    fn word(&mut self, w: u64) -> bool {
        let image = self.buffer().put(w);
        self.finish(image)
    }

    fn end_record(&mut self) {
        let image = self.buffer().end_record();
        self.finish(image);
    }

    fn disconnect(&mut self) {
        let image = self.buffer().disconnect();
        self.finish(image);
    }

    fn finish(&mut self, image: Option<[u64; IMAGE_WORDS]>) -> bool {
        match image {
            Some(i) => {
                self.complete(&i);
                true
            }
            None => false,
        }
    }
}

/// A deck of text cards, one a line.
pub fn text_deck(text: &str) -> Result<Vec<Card>, CardError> {
    text.lines()
        .enumerate()
        .map(|(i, l)| Card::from_text(l, i + 1))
        .collect()
}

/// A deck of column-binary cards (SIMH's `.cbn`), one a line.
pub fn column_binary_deck(text: &str) -> Result<Vec<Card>, CardError> {
    text.lines()
        .enumerate()
        .map(|(i, l)| Card::from_column_binary(l, i + 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hollerith_of_the_character_set() {
        let rows = |c: char| punches(bcd::encode(c).unwrap());
        let r = |rs: &[u8]| rs.iter().fold(0, |a, &x| a | row_bit(x));
        assert_eq!(rows('0'), r(&[0]));
        assert_eq!(rows('7'), r(&[7]));
        assert_eq!(rows('A'), r(&[12, 1]));
        assert_eq!(rows('R'), r(&[11, 9]));
        assert_eq!(rows('S'), r(&[0, 2]));
        assert_eq!(rows('/'), r(&[0, 1]));
        assert_eq!(rows('+'), r(&[12]));
        assert_eq!(rows('-'), r(&[11]));
        assert_eq!(rows(' '), 0);
        assert_eq!(rows('.'), r(&[12, 8, 3]));
        assert_eq!(rows(')'), r(&[12, 8, 4]));
        assert_eq!(rows('$'), r(&[11, 8, 3]));
        assert_eq!(rows('*'), r(&[11, 8, 4]));
        assert_eq!(rows(','), r(&[0, 8, 3]));
        assert_eq!(rows('('), r(&[0, 8, 4]));
        assert_eq!(rows('='), r(&[8, 3]));
        assert_eq!(rows('\''), r(&[8, 4]));
        // Every code has its own punches.
        for c in 0..64u8 {
            assert_eq!(code_of(punches(c)), Some(c), "{c:o}");
        }
    }

    #[test]
    fn text_cards_round_trip_and_image() {
        let line = "HELLO, WORLD 0123456789 (X+Y)*2 = 4/5 $.-'";
        let card = Card::from_text(line, 1).unwrap();
        assert_eq!(card.to_text(), line);
        let image = card.image();
        // H is 12-8 in column 1: bit S of 8L and 12L.
        assert_eq!(image[2] >> 35, 1);
        assert_eq!(image[22] >> 35, 1);
        assert_eq!(Card::from_image(&image), card);
        assert_eq!(Card::from_text("a&#", 1).unwrap().to_text(), "A+=");
        assert!(matches!(
            Card::from_text("X\u{e9}", 3),
            Err(CardError::NotPunchable {
                card: 3,
                column: 2,
                ..
            })
        ));
        // Columns 73-80 are on the card but not in the image.
        let long = format!("{:72}ABCDEFGH", "");
        let card = Card::from_text(&long, 1).unwrap();
        assert_eq!(card.image(), [0; 24]);
        assert_eq!(card.to_text(), long);
    }

    #[test]
    fn column_binary_as_simh_reads_it() {
        // Column k punched (k << 6) | (63 - k): every character in both halves.
        let line: String = (0..64u16)
            .flat_map(|k| [cbn_char(k), cbn_char(63 - k)])
            .collect();
        let card = Card::from_column_binary(&line, 1).unwrap();
        for k in 0..64 {
            assert_eq!(card.0[k], (k as u16) << 6 | (63 - k as u16), "{k}");
        }
        assert_eq!(card.to_column_binary(), line);
        // The words SIMH 3.8.1 stored for this card (`attach -c cdr`, IOCD 24): 9L 9R, 12L 12R.
        let image = card.image();
        assert_eq!(image[0], 0o525252525252);
        assert_eq!(image[1], 0o525252525000);
        assert_eq!(image[22], 0o000000000017);
        assert_eq!(image[23], 0o777777777400);
        // Blanks read as unpunched, and a short line leaves the card blank.
        assert_eq!(Card::from_column_binary("  ``", 1).unwrap(), Card::blank());
        assert!(Card::from_column_binary("@", 1).is_err());
    }
}
