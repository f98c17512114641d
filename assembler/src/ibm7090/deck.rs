//! The asm7090 object deck, as SIMH's `i7094` `load` command reads it (notes §3; SIMH
//! `I7094/i7094_binloader.c` by D. G. Pitts documents the tags): 80-column text records, up to
//! five items of a tag character and twelve octal digits in columns 1-65, a blank tag ending
//! the record's items, the sequence number in columns 73-76, a final `$EOF` record. Absolute
//! decks use tag `7` (origin: the next data item's address), `9` (data word at the current
//! address, which then advances), `D` (skip: reserved words), `E` (transfer: the start address),
//! `1` (entry: an address the deck names, the start if it has no transfer) and `0` (IDT: the
//! deck's name when asm7090 is given one with `-d`, its twelve characters any text; ignored
//! here). A file may hold several decks, each ended by `$EOF` (asm7090 starts a new one after
//! a TCD): the reader loads them all, a later deck's word replacing an earlier one's, and
//! starts at the first transfer.
//!
//! The flat image is the store as bytes: 32,768 words of five bytes each, big-endian, the
//! 36-bit word right-justified (the top four bits zero).

use std::collections::BTreeMap;

use thiserror::Error;

/// Items on one record.
pub const ITEMS_PER_RECORD: usize = 5;
/// Characters of one item: a tag and twelve octal digits.
const ITEM_LEN: usize = 13;
/// Bytes of one word in the flat image.
pub const IMAGE_BYTES_PER_WORD: usize = 5;
/// Words in the store.
pub const STORE_WORDS: usize = 32768;

/// One item of a deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    Origin(u16),
    Data(u64),
    Skip(u16),
    Transfer(u16),
}

/// The items that load `words` and start at `start`: an origin before every run of
/// consecutive words, then the transfer.
pub fn items(words: &BTreeMap<u16, u64>, start: u16) -> Vec<Item> {
    let mut out = Vec::new();
    let mut next: Option<u16> = None;
    for (&a, &w) in words {
        if next != Some(a) {
            out.push(Item::Origin(a));
        }
        out.push(Item::Data(w & 0o777777777777));
        next = a.checked_add(1);
    }
    out.push(Item::Transfer(start));
    out
}

/// The deck text of the items.
pub fn write(items: &[Item]) -> String {
    let mut out = String::new();
    for (n, chunk) in items.chunks(ITEMS_PER_RECORD).enumerate() {
        let mut rec = String::with_capacity(81);
        for item in chunk {
            let (tag, v) = match *item {
                Item::Origin(a) => ('7', u64::from(a)),
                Item::Data(w) => ('9', w),
                Item::Skip(n) => ('D', u64::from(n)),
                Item::Transfer(a) => ('E', u64::from(a)),
            };
            rec.push(tag);
            rec.push_str(&format!("{v:012o}"));
        }
        rec.push_str(&" ".repeat(72 - rec.len()));
        rec.push_str(&format!("{:04}", (n + 1) % 10000));
        rec.push_str("    ");
        out.push_str(&rec);
        out.push('\n');
    }
    out.push_str(&format!("{:<80}\n", "$EOF"));
    out
}

/// A deck that cannot be read: `file:line:col: error: ...`, as the assemblers say it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{file}:{line}:{column}: error: {kind}")]
pub struct DeckError {
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub kind: DeckErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DeckErrorKind {
    /// Not twelve octal digits after the tag.
    #[error("'{0}' is not twelve octal digits")]
    BadDigits(String),
    /// A tag this reader does not load (relocatable and linkage items).
    #[error("item tag '{0}' is not part of an absolute deck (tags 0, 1, 7, 9, D, E)")]
    UnsupportedTag(char),
    /// An address above 77777 octal.
    #[error("address {0:o} (octal) is outside the store (0..77777)")]
    AddressOutOfRange(u64),
    /// Data past the end of the store.
    #[error("data runs past location 77777 (octal)")]
    PastEndOfStore,
    /// No item at all.
    #[error("the deck loads nothing")]
    Empty,
}

/// Read absolute object decks: the words they load and the start address (the first transfer
/// item's; without one, the first entry item's, else the first address loaded).
pub fn read(text: &str, file: &str) -> Result<(BTreeMap<u16, u64>, u16), DeckError> {
    let mut words = BTreeMap::new();
    let mut loc: u32 = 0;
    let mut start = None;
    let mut entry = None;
    let mut first = None;
    let mut last_line = 0;
    for (i, line) in text.lines().enumerate() {
        let number = i as u32 + 1;
        last_line = number;
        let err = |column: usize, kind| DeckError {
            file: file.to_string(),
            line: number,
            column: column as u32 + 1,
            kind,
        };
        // `$EOF` ends a deck, and another may follow; other `$` cards are control cards.
        if line.starts_with('$') {
            continue;
        }
        let chars: Vec<char> = line.chars().take(72).collect();
        for k in 0..ITEMS_PER_RECORD {
            let at = k * ITEM_LEN;
            let Some(&tag) = chars.get(at) else { break };
            if tag == ' ' {
                break;
            }
            if tag == '0' {
                // The deck's name: any twelve characters.
                continue;
            }
            let digits: String = chars
                .get(at + 1..at + ITEM_LEN)
                .map(|d| d.iter().collect())
                .unwrap_or_default();
            if digits.len() != 12 || !digits.chars().all(|c| c.is_digit(8)) {
                return Err(err(at + 1, DeckErrorKind::BadDigits(digits)));
            }
            let v = u64::from_str_radix(&digits, 8).expect("checked octal digits");
            let address = |v: u64| {
                if v > 0o77777 {
                    Err(err(at + 1, DeckErrorKind::AddressOutOfRange(v)))
                } else {
                    Ok(v as u32)
                }
            };
            match tag.to_ascii_uppercase() {
                '1' => {
                    entry.get_or_insert(address(v)? as u16);
                }
                '7' => loc = address(v)?,
                'D' => loc += address(v)?,
                '9' => {
                    if loc as usize >= STORE_WORDS {
                        return Err(err(at, DeckErrorKind::PastEndOfStore));
                    }
                    words.insert(loc as u16, v);
                    first.get_or_insert(loc as u16);
                    loc += 1;
                }
                'E' => {
                    let a = address(v)? as u16;
                    start.get_or_insert(a);
                }
                other => return Err(err(at, DeckErrorKind::UnsupportedTag(other))),
            }
        }
    }
    match start.or(entry).or(first) {
        Some(s) => Ok((words, s)),
        None => Err(DeckError {
            file: file.to_string(),
            line: last_line.max(1),
            column: 1,
            kind: DeckErrorKind::Empty,
        }),
    }
}

/// The flat image of the store (see the module comment).
pub fn image(words: &BTreeMap<u16, u64>) -> Vec<u8> {
    let mut out = vec![0u8; STORE_WORDS * IMAGE_BYTES_PER_WORD];
    for (&a, &w) in words {
        let at = a as usize * IMAGE_BYTES_PER_WORD;
        if at < out.len() {
            out[at..at + IMAGE_BYTES_PER_WORD].copy_from_slice(&w.to_be_bytes()[3..]);
        }
    }
    out
}

/// The words of a flat image (zero words omitted).
pub fn from_image(bytes: &[u8]) -> BTreeMap<u16, u64> {
    bytes
        .chunks(IMAGE_BYTES_PER_WORD)
        .take(STORE_WORDS)
        .enumerate()
        .filter_map(|(a, c)| {
            let w = c.iter().fold(0u64, |w, &b| w << 8 | u64::from(b)) & 0o777777777777;
            (w != 0).then_some((a as u16, w))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_layout() {
        let words: BTreeMap<u16, u64> = [(0o100, 0o050000000110), (0o101, 5), (0o110, 7)]
            .into_iter()
            .collect();
        let deck = write(&items(&words, 0o100));
        let lines: Vec<&str> = deck.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines.iter().all(|l| l.len() == 80));
        assert_eq!(
            &lines[0][..65],
            [
                "7000000000100",
                "9050000000110",
                "9000000000005",
                "7000000000110",
                "9000000000007"
            ]
            .concat()
        );
        assert_eq!(&lines[0][72..76], "0001");
        assert_eq!(&lines[1][..13], "E000000000100");
        assert_eq!(lines[2].trim_end(), "$EOF");
        assert_eq!(read(&deck, "x.obj"), Ok((words, 0o100)));
    }

    #[test]
    fn reader_errors() {
        let e = read("9000000000001\n7000000100000\n", "x.obj").unwrap_err();
        assert_eq!((e.line, e.column), (2, 2));
        assert_eq!(e.kind, DeckErrorKind::AddressOutOfRange(0o100000));
        let e = read("900000000000X\n", "x.obj").unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.obj:1:2: error: '00000000000X' is not twelve octal digits"
        );
        let e = read("A000000000001\n", "x.obj").unwrap_err();
        assert_eq!(e.kind, DeckErrorKind::UnsupportedTag('A'));
        assert_eq!(
            read("$EOF\n", "x.obj").unwrap_err().kind,
            DeckErrorKind::Empty
        );
        // Skip items move the location; no transfer: start at the first word.
        let (w, s) = read("7000000000010D0000000000029777777777777\n", "x").unwrap();
        assert_eq!(s, 0o12);
        assert_eq!(w.get(&0o12), Some(&0o777777777777));
    }

    /// asm7090 with a deck name (`-d`): a name item first; a second deck after the first
    /// `$EOF`, whose entry item does not move the start.
    #[test]
    fn named_decks_one_after_another() {
        let text = [
            "0LISP15 00000",
            "7000000000100",
            "9000000000005",
            "9000000000006",
            "9000000000007\n",
            "E000000000101\n",
            "$EOF             11/28/26  06:54:34    ASM7090 2.2.29\n",
            "0LISP15 00000",
            "7000000000000",
            "9000000000011",
            "9000000000012",
            "1000000000000\n",
            "$EOF\n",
        ]
        .concat();
        let (w, s) = read(&text, "x.obj").unwrap();
        assert_eq!(s, 0o101);
        let want: BTreeMap<u16, u64> = [(0, 0o11), (1, 0o12), (0o100, 5), (0o101, 6), (0o102, 7)]
            .into_iter()
            .collect();
        assert_eq!(w, want);
        // Without a transfer the entry item is the start.
        let (_, s) = read("700000000000490000000000111000000000005\n", "x").unwrap();
        assert_eq!(s, 5);
    }

    #[test]
    fn image_round_trip() {
        let words: BTreeMap<u16, u64> = [(0, 1), (0o77777, 0o777777777777)].into_iter().collect();
        let img = image(&words);
        assert_eq!(img.len(), 163_840);
        assert_eq!(&img[..5], &[0, 0, 0, 0, 1]);
        assert_eq!(from_image(&img), words);
    }
}
