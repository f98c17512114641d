//! The 729 magnetic tape unit's reel: records of 6-bit characters with a parity bit, and tape
//! marks, as SIMH's P7B image holds them (docs/ibm7090.md "Tapes").
//!
//! - A character is 7 bits: 6 data bits and a parity bit (bit 6, 0o100). Binary records are
//!   written with odd parity, BCD records with even parity; reading checks it against the mode
//!   the tape is read in (a mismatch is a redundancy check, TRC).
//! - BCD characters on tape are not the CPU's codes: the channel writes the CPU's 0 as 012
//!   and inverts bit 040 of every code with bit 020 (the CPU's blank 060 is 020 on tape), and
//!   reading undoes it [SUP `mt_chwr`, `mt_svc`].
//! - Words are 6 characters, the first in bits S-5; a record whose length is no multiple of 6
//!   ends with a word padded with zero characters.
//! - A tape mark is the one-character block 017 (the P7B byte 0x8F; a P7B block of nothing but
//!   017 also reads as one).
//! - P7B: one byte a character, the parity in bit 6, bit 7 set on a block's first character.
//!
//! The host text form of a BCD tape (card images in, print lines out) is one record a line in
//! the CPU's character set (`bcd.rs`): a line is padded with blanks to 84 characters, the
//! 14-word card image of the system input tapes [I], and longer lines to a whole word; a line
//! `#EOF` is a tape mark (`#` is no character of the set, so no record reads so). The forms
//! other tools use (s709's card decks and listings, its memory-code BCD) are in `tape/text.rs`.

use super::bcd;

mod text;
pub use text::Code;

/// The character of a tape mark.
pub const MARK: u8 = 0o17;
/// The parity bit of a tape character.
pub const PARITY: u8 = 0o100;
/// Characters of a card image on a BCD tape.
pub const CARD_IMAGE_CHARS: usize = 84;
/// How a tape mark is written in the text form.
pub const TEXT_MARK: &str = "#EOF";

/// Where a reel's end-of-tape marker lies past its load point, in thousandths of an inch: a
/// 2,400-foot reel with its markers 10 feet from the start and 14 feet from the end [I: IBM's
/// reel; the markers' places from the later half-inch tape standards]. A record at 556
/// characters an inch (the 729's high density) with a 3/4-inch gap between records [I].
pub const END_MARKER_MILS: u64 = 2_376 * 12 * 1_000;
const GAP_MILS: u64 = 750;
const CHARS_PER_INCH: u64 = 556;

/// The tape a block takes, gap included.
fn block_mils(b: &Block) -> u64 {
    let chars = match b {
        Block::Record(r) => r.len() as u64,
        Block::Mark => 1,
    };
    chars * 1_000 / CHARS_PER_INCH + GAP_MILS
}

/// One block on the tape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// A record: its characters with their parity bits.
    Record(Vec<u8>),
    /// A tape mark (end of file).
    Mark,
}

/// A reel: its blocks, where the heads are (before block `pos`), and whether the file
/// protection ring is in (writing allowed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tape {
    pub blocks: Vec<Block>,
    pub pos: usize,
    pub ring: bool,
    /// Something was written since it was mounted (the host saves it back).
    pub written: bool,
    /// Rewound and unloaded (RUN): the unit is not ready until the reel is mounted again.
    pub unloaded: bool,
    /// How far the heads are past the load point (`END_MARKER_MILS`'s unit), kept by the
    /// motions; `seek` sets it with `pos`.
    head_mils: u64,
}

/// What went wrong reading a tape image.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TapeError {
    #[error("byte {at}: a P7B image starts each block with bit 7 set (found {byte:#04x})")]
    NoBlockStart { at: usize, byte: u8 },
    #[error("line {line}, column {column}: `{ch}` is not a character of the 7090's BCD set")]
    NotBcd {
        line: usize,
        column: usize,
        ch: char,
    },
    #[error("line {line}: {len} characters, more than a card image's 84")]
    LineTooLong { line: usize, len: usize },
}

/// A 6-bit character with the parity bit the mode writes (odd for binary, even for BCD).
pub fn with_parity(ch: u8, binary: bool) -> u8 {
    let ch = ch & 0o77;
    let odd = ch.count_ones() % 2 == 1;
    if odd == binary {
        ch
    } else {
        ch | PARITY
    }
}

/// Whether a tape character's parity is what the mode writes.
pub fn parity_ok(ch: u8, binary: bool) -> bool {
    (ch & 0o177).count_ones() % 2 == binary as u32
}

/// The tape character of a CPU BCD code (without parity).
pub fn to_tape_bcd(code: u8) -> u8 {
    let code = code & 0o77;
    if code == 0 {
        0o12
    } else if code & 0o20 != 0 {
        code ^ 0o40
    } else {
        code
    }
}

/// The CPU BCD code of a tape character.
pub fn from_tape_bcd(ch: u8) -> u8 {
    let ch = ch & 0o77;
    if ch == 0o12 {
        0
    } else if ch & 0o20 != 0 {
        ch ^ 0o40
    } else {
        ch
    }
}

/// The words of a record's characters read in `binary` or BCD mode (the last word padded with
/// zero characters), and whether every character's parity was right for the mode.
pub fn record_words(chars: &[u8], binary: bool) -> (Vec<u64>, bool) {
    let ok = chars.iter().all(|&c| parity_ok(c, binary));
    let words = chars
        .chunks(6)
        .map(|w| {
            (0..6).fold(0u64, |acc, i| {
                let c = w
                    .get(i)
                    .map_or(0, |&c| if binary { c & 0o77 } else { from_tape_bcd(c) });
                acc << 6 | c as u64
            })
        })
        .collect();
    (words, ok)
}

/// The six tape characters (with parity) a word is written as.
pub fn word_chars(word: u64, binary: bool) -> [u8; 6] {
    let mut out = [0u8; 6];
    for (i, c) in out.iter_mut().enumerate() {
        let code = (word >> (30 - 6 * i)) as u8 & 0o77;
        let ch = if binary { code } else { to_tape_bcd(code) };
        *c = with_parity(ch, binary);
    }
    out
}

/// A BCD record (tape characters with even parity) of text in the CPU's character set.
pub fn bcd_record(text: &str) -> Option<Vec<u8>> {
    text.chars()
        .map(|c| bcd::encode(c).map(|code| with_parity(to_tape_bcd(code), false)))
        .collect()
}

/// `bcd_record` of the text of line `line` of a host file (no padding), or the error naming
/// the column of its first character outside the set.
fn bcd_record_of_line(text: &str, line: usize) -> Result<Vec<u8>, TapeError> {
    bcd_record(text).ok_or_else(|| {
        let (k, ch) = text
            .chars()
            .enumerate()
            .find(|&(_, c)| bcd::encode(c).is_none())
            .unwrap_or((0, '?'));
        TapeError::NotBcd {
            line,
            column: k + 1,
            ch,
        }
    })
}

/// The text of a BCD record (characters outside the set as `?`).
pub fn record_text(chars: &[u8]) -> String {
    chars
        .iter()
        .map(|&c| bcd::decode(from_tape_bcd(c)))
        .collect()
}

impl Tape {
    /// A blank reel, ring in.
    pub fn blank() -> Tape {
        Tape {
            ring: true,
            ..Tape::default()
        }
    }

    /// A reel of the blocks, at the load point, ring out.
    pub fn of(blocks: Vec<Block>) -> Tape {
        Tape {
            blocks,
            ..Tape::default()
        }
    }

    /// A reel from a P7B image.
    pub fn from_p7b(bytes: &[u8]) -> Result<Tape, TapeError> {
        let mut blocks: Vec<Block> = Vec::new();
        let mut record: Option<Vec<u8>> = None;
        // A block of nothing but tape-mark characters is a tape mark [SUP `sim_tape_rdlntf`].
        let flush = |blocks: &mut Vec<Block>, r: Option<Vec<u8>>| {
            if let Some(r) = r {
                blocks.push(if r.iter().all(|&c| c == MARK) {
                    Block::Mark
                } else {
                    Block::Record(r)
                });
            }
        };
        for (at, &byte) in bytes.iter().enumerate() {
            if byte & 0x80 != 0 {
                flush(&mut blocks, record.take());
                record = Some(vec![byte & 0o177]);
            } else if let Some(r) = record.as_mut() {
                r.push(byte & 0o177);
            } else {
                return Err(TapeError::NoBlockStart { at, byte });
            }
        }
        flush(&mut blocks, record);
        Ok(Tape::of(blocks))
    }

    /// The reel as a P7B image.
    pub fn to_p7b(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for b in &self.blocks {
            match b {
                Block::Mark => out.push(0x80 | MARK),
                Block::Record(chars) => {
                    for (i, &c) in chars.iter().enumerate() {
                        out.push(if i == 0 { c | 0x80 } else { c });
                    }
                }
            }
        }
        out
    }

    /// A reel from the text form: one BCD record a line (padded to a card image), `#EOF` a
    /// tape mark.
    pub fn from_bcd_text(text: &str) -> Result<Tape, TapeError> {
        let blocks = text
            .lines()
            .enumerate()
            .map(|(i, line)| {
                if line == TEXT_MARK {
                    return Ok(Block::Mark);
                }
                let len = line.chars().count();
                let width = CARD_IMAGE_CHARS.max(len.div_ceil(6) * 6);
                // The padding is blanks, so the column of a bad character is the line's.
                bcd_record_of_line(&format!("{line:width$}"), i + 1).map(Block::Record)
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Tape::of(blocks))
    }

    /// The reel in the text form: each record's characters read as BCD, trailing blanks
    /// removed; tape marks as `#EOF`.
    pub fn to_bcd_text(&self) -> String {
        let mut out = String::new();
        for b in &self.blocks {
            match b {
                Block::Mark => out.push_str(TEXT_MARK),
                Block::Record(chars) => out.push_str(record_text(chars).trim_end()),
            }
            out.push('\n');
        }
        out
    }

    /// The records' texts (BCD), tape marks left out: the lines of a print tape.
    pub fn bcd_lines(&self) -> Vec<String> {
        self.blocks
            .iter()
            .filter_map(|b| match b {
                Block::Record(chars) => Some(record_text(chars).trim_end().to_string()),
                Block::Mark => None,
            })
            .collect()
    }

    /// At the load point.
    /// How far the heads are past the load point, in thousandths of an inch.
    pub fn head_mils(&self) -> u64 {
        self.head_mils
    }

    pub fn at_load_point(&self) -> bool {
        self.pos == 0
    }

    /// Put the heads before block `pos` (at most after the last).
    pub fn seek(&mut self, pos: usize) {
        self.pos = pos.min(self.blocks.len());
        self.head_mils = self.blocks[..self.pos].iter().map(block_mils).sum();
    }

    /// The heads are past the end-of-tape marker (a write there turns on the indicator).
    pub fn past_end_marker(&self) -> bool {
        self.head_mils > END_MARKER_MILS
    }

    /// The block under the heads, moving past it; `None` past the last block written.
    pub fn read_block(&mut self) -> Option<Block> {
        let b = self.blocks.get(self.pos).cloned()?;
        self.pos += 1;
        self.head_mils += block_mils(&b);
        Some(b)
    }

    /// Write a block at the heads: what lay beyond is gone (writing erases ahead).
    pub fn write_block(&mut self, block: Block) {
        self.blocks.truncate(self.pos);
        self.head_mils += block_mils(&block);
        self.blocks.push(block);
        self.pos += 1;
        self.written = true;
    }

    /// BSR: back over one block (a record or a tape mark); false at the load point.
    pub fn backspace_record(&mut self) -> bool {
        if self.pos == 0 {
            return false;
        }
        self.pos -= 1;
        self.head_mils -= block_mils(&self.blocks[self.pos]);
        true
    }

    /// BSF: back over blocks up to and over a tape mark, leaving the heads before it; false if
    /// the load point came first.
    pub fn backspace_file(&mut self) -> bool {
        while self.backspace_record() {
            if self.blocks[self.pos] == Block::Mark {
                return true;
            }
        }
        false
    }

    pub fn rewind(&mut self) {
        self.seek(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each block's length in characters, `None` for a tape mark: a reel's layout.
    pub(super) fn block_lengths(t: &Tape) -> Vec<Option<usize>> {
        t.blocks
            .iter()
            .map(|b| match b {
                Block::Record(r) => Some(r.len()),
                Block::Mark => None,
            })
            .collect()
    }

    /// The characters of block `i`, which the test expects to be a record.
    pub(super) fn record(t: &Tape, i: usize) -> &[u8] {
        match &t.blocks[i] {
            Block::Record(r) => r,
            Block::Mark => panic!("block {i} is a tape mark, not a record"),
        }
    }

    #[test]
    fn bcd_tape_code_and_parity() {
        // Every CPU code but 012 survives the trip (012 and 0 are both 012 on tape).
        for code in (0..64u8).filter(|&c| c != 0o12) {
            assert_eq!(from_tape_bcd(to_tape_bcd(code)), code, "{code:o}");
        }
        assert_eq!(to_tape_bcd(0), 0o12);
        assert_eq!(to_tape_bcd(bcd::BLANK), 0o20);
        assert_eq!(to_tape_bcd(0o21), 0o61); // A
        assert_eq!(with_parity(0o17, false), 0o17); // the tape mark, even
        assert_eq!(with_parity(0o17, true), 0o117);
        assert!(parity_ok(0o117, true) && !parity_ok(0o117, false));
        let w = 0o210304050607u64;
        let chars = word_chars(w, true);
        assert_eq!(record_words(&chars, true), (vec![w], true));
        let (words, ok) = record_words(&chars, false);
        assert!(!ok, "binary parity read as BCD");
        assert_eq!(words.len(), 1);
        let text = bcd_record("HELLO WORLD").unwrap();
        let (words, ok) = record_words(&text, false);
        assert!(ok);
        assert_eq!(bcd::unpack(&words), "HELLO WORLD0"); // padded with zero characters
    }

    #[test]
    fn p7b_and_text_forms() {
        let mut t = Tape::blank();
        t.write_block(Block::Record(word_chars(0o777777777777, true).to_vec()));
        t.write_block(Block::Mark);
        t.write_block(Block::Record(bcd_record("AB").unwrap()));
        let p7b = t.to_p7b();
        assert_eq!(p7b[0], 0x80 | 0o177);
        assert_eq!(p7b[6], 0x8f);
        let back = Tape::from_p7b(&p7b).unwrap();
        assert_eq!(back.blocks, t.blocks);
        assert_eq!(back.pos, 0);
        assert!(Tape::from_p7b(&[1, 2]).is_err());
        let text = Tape::from_bcd_text("CARD ONE\n#EOF\n\n").unwrap();
        assert_eq!(text.blocks.len(), 3);
        assert!(matches!(&text.blocks[0], Block::Record(r) if r.len() == 84));
        assert_eq!(text.to_bcd_text(), "CARD ONE\n#EOF\n\n");
        assert_eq!(text.bcd_lines(), ["CARD ONE", ""]);
        assert_eq!(
            Tape::from_bcd_text("OK\nBAD#\n"),
            Err(TapeError::NotBcd {
                line: 2,
                column: 4,
                ch: '#'
            })
        );
    }

    /// 9AP's system tape from `../shared/diags`; ignored where the build found no `../shared`
    /// (build.rs), so a missing file here is a failure.
    #[test]
    #[cfg_attr(
        not(has_shared),
        ignore = "needs ../shared/diags/9ap.bcd beside the checkout; CI has it"
    )]
    fn the_9ap_system_tape() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/diags/9ap.bcd");
        let bytes = std::fs::read(&path).expect("9ap.bcd");
        let t = Tape::from_p7b(&bytes).unwrap();
        assert_eq!(
            block_lengths(&t),
            [
                Some(102),
                Some(17358),
                Some(102),
                Some(12546),
                None,
                Some(12546),
                None,
                Some(12546),
                None,
                None
            ]
        );
        assert_eq!(t.to_p7b(), bytes);
        let (words, ok) = record_words(record(&t, 0), true);
        assert!(ok);
        // At 0: IOCD 3,0,14 (README.md in shared/diags).
        assert_eq!(words[0], 0o000016000003);
    }

    #[test]
    fn positioning() {
        let mut t = Tape::blank();
        for b in [
            Block::Record(vec![1]),
            Block::Mark,
            Block::Record(vec![2]),
            Block::Record(vec![3]),
        ] {
            t.write_block(b);
        }
        assert!(t.backspace_record());
        assert_eq!(t.pos, 3);
        assert!(t.backspace_file());
        assert_eq!(t.pos, 1);
        assert_eq!(t.read_block(), Some(Block::Mark));
        t.rewind();
        assert!(!t.backspace_record());
        assert!(!t.backspace_file());
        t.seek(2);
        t.write_block(Block::Mark);
        assert_eq!(t.blocks.len(), 3);
        assert_eq!(t.read_block(), None);
        assert!(!t.past_end_marker());
        // A reel's worth of 10,000-character records reaches the end-of-tape marker.
        let mut full = Tape::blank();
        let mut n = 0;
        while !full.past_end_marker() {
            full.write_block(Block::Record(vec![0o21; 10_000]));
            n += 1;
        }
        assert_eq!(n, 1_522);
        full.rewind();
        assert_eq!(full.head_mils, 0);
        full.seek(n);
        assert!(full.past_end_marker());
    }
}
