//! Tapes as the 7090's other tools make and read them (docs/ibm7090.md "Tape images"):
//!
//! - **Card decks to a BCD tape**, as s709's `txt2bcd` lays them out: a text line is a card,
//!   one 84-character record (the 80 columns, blank-filled, and four blanks; a tab goes to the
//!   next multiple of 8, a carriage return is dropped); a form feed (or `~`) ends the file
//!   there: the characters before it on its line, if any, are a record as they are, then a tape
//!   mark, and the rest of the line is skipped; the tape ends with two tape marks. Unlike
//!   txt2bcd a character outside the 7090's set is an error, not a blank, a line over 84
//!   characters is an error, not cut, and a last line without its newline is a card like the
//!   others.
//! - **The records back as text** (`bcd2txt`): a record a line, trailing blanks removed; a
//!   tape mark a line holding a form feed; the two marks that end the tape are the end.
//! - **Print lines** (`bcd2txt -p`): the first character of a record is carriage control:
//!   blank one line, `0` a blank line first, `-` two, `1` a form feed first (any other is
//!   printed as it is); the rest of the record is the line, trailing blanks removed (a record
//!   of blanks is an empty line, except as the very first; a record of the control character
//!   alone prints nothing). A character 072 (CPU code) inside a record ends its line, and the
//!   character after it is the next line's carriage control (a blocked listing, as IBSYS
//!   writes SYSOU1). Tape marks print nothing; two together end the listing.
//! - **Codes.** SIMH's BCD records are in the 7-track tape code (`tape.rs`), s709's by
//!   default in the CPU's own ("memory code", `txt2bcd` without `-a`): 0 is 000, blank 060,
//!   with even parity. `Code::Memory` converts a P7B image of s709's to the tape code and back:
//!   a record whose every character has even parity is BCD and is converted (the memory code's
//!   000 and 012 both become the tape's 012, which reads back as 000); a binary record (odd
//!   parity) is left alone.

use super::{bcd_record_of_line, from_tape_bcd, parity_ok, to_tape_bcd, with_parity, Block, Tape};
use super::{TapeError, CARD_IMAGE_CHARS, MARK};
use crate::ibm7090::bcd;

/// The columns of a card.
const CARD_COLUMNS: usize = 80;

/// The character code of the BCD records in a tape image file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Code {
    /// The 7-track tape code (SIMH; s709's `-a`).
    #[default]
    Tape,
    /// The CPU's code (s709's default).
    Memory,
}

/// Whether a record is BCD (every character with even parity).
fn is_bcd(chars: &[u8]) -> bool {
    chars.iter().all(|&c| parity_ok(c, false))
}

/// Expand tabs to the next multiple of 8.
fn expand_tabs(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        if c == '\t' {
            out.push(' ');
            while !out.chars().count().is_multiple_of(8) {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
    out
}

impl Tape {
    /// A BCD tape of a card deck in text, as `txt2bcd` makes it (the module's doc).
    pub fn from_cards_text(text: &str) -> Result<Tape, TapeError> {
        let mut blocks = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let raw = raw.replace('\r', "");
            if let Some(k) = raw.find(['\u{c}', '~']) {
                let before = expand_tabs(&raw[..k]);
                if !before.is_empty() {
                    blocks.push(Block::Record(bcd_record_of_line(&before, line)?));
                }
                blocks.push(Block::Mark);
                continue;
            }
            let card = expand_tabs(&raw);
            let len = card.chars().count();
            if len > CARD_IMAGE_CHARS {
                return Err(TapeError::LineTooLong { line, len });
            }
            let padded = format!("{card:CARD_COLUMNS$}");
            let padded = format!("{padded:CARD_IMAGE_CHARS$}");
            blocks.push(Block::Record(bcd_record_of_line(&padded, line)?));
        }
        blocks.extend([Block::Mark, Block::Mark]);
        Ok(Tape::of(blocks))
    }

    /// The records as text, as `bcd2txt` gives them (the module's doc).
    pub fn to_cards_text(&self) -> String {
        let mut out = String::new();
        let ending = self.ending_marks();
        for b in &self.blocks[..self.blocks.len() - ending] {
            match b {
                Block::Mark => out.push('\u{c}'),
                Block::Record(chars) => out.push_str(super::record_text(chars).trim_end()),
            }
            out.push('\n');
        }
        out
    }

    /// How many blocks at the end are the two tape marks that end a tape (0 or 2).
    fn ending_marks(&self) -> usize {
        let n = self.blocks.len();
        if n >= 2 && self.blocks[n - 2..] == [Block::Mark, Block::Mark] {
            2
        } else {
            0
        }
    }

    /// The records as print lines, as `bcd2txt -p` prints them (the module's doc).
    pub fn to_print_text(&self) -> String {
        let mut p = Printout::default();
        let mut marks = 0;
        for b in &self.blocks {
            let chars = match b {
                Block::Mark => {
                    marks += 1;
                    if marks == 2 {
                        break;
                    }
                    continue;
                }
                Block::Record(chars) => chars,
            };
            marks = 0;
            let mut codes = chars.iter().map(|&c| from_tape_bcd(c) & 0o77);
            p.line_ends(codes.next());
            while let Some(c) = codes.next() {
                match c {
                    LINE_END => p.line_ends(Some(codes.next().unwrap_or(LINE_END))),
                    _ => p.line.push(bcd::decode(c)),
                }
            }
            p.flush();
        }
        p.out
    }

    /// A reel from a P7B image whose BCD records are in `code`.
    pub fn from_p7b_in(bytes: &[u8], code: Code) -> Result<Tape, TapeError> {
        let mut t = Tape::from_p7b(bytes)?;
        if code == Code::Memory {
            t.recode(|c| with_parity(to_tape_bcd(c), false));
        }
        Ok(t)
    }

    /// The reel as a P7B image with its BCD records in `code`.
    pub fn to_p7b_in(&self, code: Code) -> Vec<u8> {
        if code == Code::Tape {
            return self.to_p7b();
        }
        let mut t = self.clone();
        t.recode(|c| with_parity(from_tape_bcd(c), false));
        t.to_p7b()
    }

    /// Convert every character of the BCD records (not the tape marks).
    fn recode(&mut self, f: impl Fn(u8) -> u8) {
        for b in &mut self.blocks {
            if let Block::Record(chars) = b {
                if is_bcd(chars) && chars[..] != [MARK] {
                    for c in chars.iter_mut() {
                        *c = f(*c & 0o77);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ibm7090::tape::tests::{block_lengths, record};
    use crate::ibm7090::tape::{bcd_record, record_text, word_chars};
    use proptest::prelude::*;

    #[test]
    fn a_deck_as_txt2bcd_lays_it_out() {
        let t = Tape::from_cards_text("A\tB\r\n\nLAST\u{c}IGNORED\n\u{c}\nAFTER").unwrap();
        assert_eq!(
            block_lengths(&t),
            [
                Some(84),
                Some(84),
                Some(4),
                None,
                None,
                Some(84),
                None,
                None
            ]
        );
        let first = record(&t, 0);
        assert_eq!(record_text(first).trim_end(), "A       B");
        // SIMH's tape code: A is 061, blank 020, with even parity.
        assert_eq!(first[0], 0o61 | 0o100);
        assert_eq!(first[1], 0o20 | 0o100);
        assert_eq!(
            t.to_cards_text(),
            "A       B\n\nLAST\n\u{c}\n\u{c}\nAFTER\n"
        );
        assert_eq!(
            Tape::from_cards_text("OK\nNOT # OK\n"),
            Err(TapeError::NotBcd {
                line: 2,
                column: 5,
                ch: '#'
            })
        );
        assert_eq!(
            Tape::from_cards_text(&"X".repeat(85)),
            Err(TapeError::LineTooLong { line: 1, len: 85 })
        );
    }

    #[test]
    fn print_lines_take_column_1_as_carriage_control() {
        let rec = |s: &str| Block::Record(bcd_record(s).unwrap());
        let t = Tape::of(vec![
            rec("   "),
            rec("0FIRST   "),
            rec(" SECOND"),
            rec("-THIRD"),
            rec("1PAGE"),
            rec("+OVER"),
            rec("0"),
            rec("    "),
            Block::Mark,
            rec(" AFTER A MARK"),
            Block::Mark,
            Block::Mark,
            rec(" NEVER"),
        ]);
        assert_eq!(
            t.to_print_text(),
            "\nFIRST\nSECOND\n\n\nTHIRD\n\u{c}PAGE\n+OVER\n\n\nAFTER A MARK\n"
        );
    }

    #[test]
    fn a_blocked_record_prints_a_line_at_each_072() {
        // IBSYS's SYSOU1: lines within a record, each after 072 with its own carriage control;
        // a 072 ending the record prints as `?` (bcd2txt -p).
        let end = with_parity(to_tape_bcd(LINE_END), false);
        let mut r = bcd_record(" ONE  ").unwrap();
        r.push(end);
        r.extend(bcd_record("0TWO").unwrap());
        r.push(end);
        r.extend(bcd_record("1").unwrap());
        r.push(end);
        let t = Tape::of(vec![Block::Record(r)]);
        assert_eq!(t.to_print_text(), "ONE\n\nTWO\n\u{c}?");
    }

    #[test]
    fn memory_code_records_convert_and_binary_ones_stay() {
        // s709's txt2bcd: A is 021 (even parity: 021 has two bits), blank 060, 0 000.
        let memory = [0x80 | 0o21, 0o60, 0o00, 0x80 | MARK];
        let t = Tape::from_p7b_in(&memory, Code::Memory).unwrap();
        assert_eq!(record_text(record(&t, 0)), "A 0");
        assert_eq!(t.blocks[1], Block::Mark);
        assert_eq!(t.to_p7b_in(Code::Memory), memory);
        let binary: Vec<u8> = word_chars(0o000000000001, true).to_vec();
        let mut bytes = binary.clone();
        bytes[0] |= 0x80;
        let t = Tape::from_p7b_in(&bytes, Code::Memory).unwrap();
        assert_eq!(t.blocks[0], Block::Record(binary));
        assert_eq!(t.to_p7b_in(Code::Memory), bytes);
    }

    /// A card's text: characters of the set, no trailing blanks (they do not come back).
    fn card() -> impl Strategy<Value = String> {
        let set: Vec<char> = "0123456789='+ABCDEFGHI.)-JKLMNOPQR$* /STUVWXYZ,("
            .chars()
            .collect();
        proptest::collection::vec(proptest::sample::select(set), 0..=84)
            .prop_map(|cs| cs.into_iter().collect::<String>().trim_end().to_string())
    }

    /// A deck: cards and single tape marks.
    fn deck() -> impl Strategy<Value = Vec<Option<String>>> {
        proptest::collection::vec(proptest::option::weighted(0.9, card()), 0..40)
    }

    fn deck_text(deck: &[Option<String>]) -> String {
        deck.iter()
            .map(|c| c.clone().unwrap_or_else(|| "\u{c}".into()) + "\n")
            .collect()
    }

    proptest! {
        #[test]
        fn a_deck_survives_the_tape(deck in deck()) {
            let text = deck_text(&deck);
            let t = Tape::from_cards_text(&text).unwrap();
            prop_assert_eq!(t.to_cards_text(), text.clone());
            // Through a P7B image in either code, and back to the same blocks.
            for code in [Code::Tape, Code::Memory] {
                let back = Tape::from_p7b_in(&t.to_p7b_in(code), code).unwrap();
                prop_assert_eq!(&back.blocks, &t.blocks);
            }
            // The text of the tape makes the same tape.
            prop_assert_eq!(Tape::from_cards_text(&t.to_cards_text()).unwrap(), t);
        }

        #[test]
        fn every_frame_is_even_parity_in_the_tape_code(deck in deck()) {
            let t = Tape::from_cards_text(&deck_text(&deck)).unwrap();
            for b in t.to_p7b() {
                let frame = b & 0o177;
                prop_assert_eq!(frame.count_ones() % 2, 0);
                // SIMH's tape code has no 000 frame (0 is written 012).
                prop_assert_ne!(frame & 0o77, 0);
            }
        }

        #[test]
        fn binary_records_survive_either_code(words in proptest::collection::vec(0u64..1 << 36, 1..30)) {
            let chars: Vec<u8> = words.iter().flat_map(|&w| word_chars(w, true)).collect();
            let t = Tape::of(vec![Block::Record(chars), Block::Mark]);
            for code in [Code::Tape, Code::Memory] {
                let back = Tape::from_p7b_in(&t.to_p7b_in(code), code).unwrap();
                prop_assert_eq!(&back.blocks, &t.blocks);
            }
        }
    }
}

/// The character that ends a print line inside a record (a blocked listing's lines; the next
/// character is the next line's carriage control), `bcd2txt -p`'s `termc`: 072 in the CPU's
/// code.
const LINE_END: u8 = 0o72;

/// Print lines being made from records (`Tape::to_print_text`).
#[derive(Default)]
struct Printout {
    out: String,
    /// The characters of the line so far (empty: nothing since its carriage control).
    line: String,
    /// Whether a line has been printed: a line of blanks prints as an empty line, except as
    /// the very first.
    printed: bool,
}

impl Printout {
    /// The line so far is printed, trailing blanks removed.
    fn flush(&mut self) {
        if self.line.is_empty() {
            return;
        }
        let line = self.line.trim_end();
        if !line.is_empty() {
            self.out.push_str(line);
            self.out.push('\n');
        } else if self.printed {
            self.out.push('\n');
        }
        self.printed = true;
        self.line.clear();
    }

    /// A line ends; `control` is the next one's carriage control: blank one line, `0` a blank
    /// line first, `-` two, `1` a form feed first, any other printed as it is.
    fn line_ends(&mut self, control: Option<u8>) {
        self.flush();
        match control.map(bcd::decode) {
            Some(' ') | None => {}
            Some('0') => self.out.push('\n'),
            Some('-') => self.out.push_str("\n\n"),
            Some('1') => self.out.push('\u{c}'),
            Some(c) => self.out.push(c),
        }
    }
}
