//! The tape image: the period 6-word bootstrap (as on shared/tapes/X1.pt), every word from
//! the lowest used address to 1023, then the start word, which the loader stores at 1024 and
//! so (the address wraps) at 0, where the loader's loop obeys it.
//!
//! Each word is ten frames, one per sexadecimal character, digit 0 of the word first; a
//! frame's value is the character's value 0..15 (holes 1-4), as `80 028` reads it.
//!
//! How the bootstrap works (console start obeys `80 028 / 40 000`, then control goes to 0):
//! words 0, 1, 2 become `L4 1 | 40 1`, `80 028 | 40 n`, `19 026 | 26 0`: read a word and
//! store it at n; A := 2^-39; go to 0; add 2^-39 to word 1 (so n advances); and again. The
//! sixth tape word sets n to the first address - 1.

use std::collections::BTreeMap;

use thiserror::Error;

use emu::silliac::orders::{pair, Order};

use super::layout::LOADER_WORDS;

/// Why a set of words cannot be made into a tape.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TapeImageError {
    /// No word at 3 or above.
    #[error("no word at address 3 or above to put on tape")]
    Empty,
    /// A non-zero word at 0, 1 or 2: the loader overwrites those while reading.
    #[error("word {address} is not zero, but words 0..2 belong to the tape loader")]
    LoaderWord { address: u16 },
    /// An address above 1023 in the word map.
    #[error("address {address} is outside the store (0..1023)")]
    OutsideStore { address: u16 },
    #[error("start address {start} is outside the store (0..1023)")]
    StartOutsideStore { start: u16 },
}

/// The six bootstrap words for a program whose first loaded word is `first` (3..=1023).
pub fn bootstrap(first: u16) -> [u64; 6] {
    let o = Order::new;
    // The store address of the last word uses the 12-bit address field as written on tape
    // (first - 1 is at most 1022, so it fits in the 10 address digits anyway).
    [
        pair(o(0x80, 40), o(0x40, 1)),
        pair(o(0x80, 40), o(0x40, 2)),
        pair(o(0x19, 38), o(0x26, 0)),
        pair(o(0x80, 40), o(0x40, 0)),
        pair(o(0xF4, 1), o(0x40, 1)),
        pair(o(0x80, 40), o(0x40, first - 1)),
    ]
}

/// The start word: `26 start | 00 0`.
pub fn start_word(start: u16) -> u64 {
    pair(Order::new(0x26, start), Order::new(0, 0))
}

/// The ten frames of a word, digit 0 first.
pub fn word_frames(word: u64) -> [u8; 10] {
    let mut f = [0u8; 10];
    for (i, frame) in f.iter_mut().enumerate() {
        *frame = ((word >> (36 - 4 * i)) & 15) as u8;
    }
    f
}

/// The whole tape for `words` starting at the left-hand order of `start`.
pub fn image(words: &BTreeMap<u16, u64>, start: u16) -> Result<Vec<u8>, TapeImageError> {
    if let Some((&address, _)) = words.range(1024..).next() {
        return Err(TapeImageError::OutsideStore { address });
    }
    if start >= 1024 {
        return Err(TapeImageError::StartOutsideStore { start });
    }
    if let Some((&address, _)) = words.range(..LOADER_WORDS).find(|(_, &w)| w != 0) {
        return Err(TapeImageError::LoaderWord { address });
    }
    let first = *words
        .range(LOADER_WORDS..)
        .next()
        .ok_or(TapeImageError::Empty)?
        .0;
    let mut frames = Vec::with_capacity(10 * (6 + 1024 - first as usize + 1));
    for w in bootstrap(first) {
        frames.extend(word_frames(w));
    }
    for a in first..1024 {
        frames.extend(word_frames(words.get(&a).copied().unwrap_or(0)));
    }
    frames.extend(word_frames(start_word(start)));
    Ok(frames)
}

/// A tape in this layout read back: the loaded words (zeros included) and the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedImage {
    pub first: u16,
    pub words: BTreeMap<u16, u64>,
    pub start: u16,
}

/// Why frames are not a tape in the bootstrap layout.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ImageReadError {
    /// A frame with hole 5 (value 16..31) where a sexadecimal character belongs.
    #[error("frame {frame} has value {value}, not a sexadecimal character (0..15)")]
    NotSexadecimal { frame: usize, value: u8 },
    /// The frames do not begin with the bootstrap (the word that differs).
    #[error("tape word {word} differs from the bootstrap (80028 40001, 80028 40002, ...)")]
    NoBootstrap { word: usize },
    /// The length does not match the first address in the bootstrap.
    #[error("the bootstrap promises {expected} frames, the tape has {found}")]
    WrongLength { expected: usize, found: usize },
    /// The last word is not `26 n | 00 0`.
    #[error(
        "the last word {} is not a start word `26 n | 00 0`",
        emu::silliac::orders::word_to_sex(*.0)
    )]
    NoStartWord(u64),
}

/// Read a tape made by `image` back into words (the inverse, used to disassemble tapes).
pub fn read_image(frames: &[u8]) -> Result<LoadedImage, ImageReadError> {
    if let Some((frame, &value)) = frames.iter().enumerate().find(|(_, &v)| v > 15) {
        return Err(ImageReadError::NotSexadecimal { frame, value });
    }
    let word = |i: usize| -> Option<u64> {
        let f = frames.get(10 * i..10 * i + 10)?;
        Some(f.iter().fold(0u64, |w, &d| w << 4 | u64::from(d)))
    };
    let w5 = word(5).ok_or(ImageReadError::NoBootstrap { word: 5 })?;
    let first = (emu::silliac::orders::right(w5).address + 1) & 0x3FF;
    if !(LOADER_WORDS..1024).contains(&first) {
        return Err(ImageReadError::NoBootstrap { word: 5 });
    }
    for (i, b) in bootstrap(first).iter().enumerate() {
        if word(i) != Some(*b) {
            return Err(ImageReadError::NoBootstrap { word: i });
        }
    }
    let count = 1024 - first as usize;
    let expected = 10 * (6 + count + 1);
    if frames.len() != expected {
        return Err(ImageReadError::WrongLength {
            expected,
            found: frames.len(),
        });
    }
    let words = (0..count)
        .map(|i| (first + i as u16, word(6 + i).expect("length checked")))
        .collect();
    let last = word(6 + count).expect("length checked");
    let (l, r) = (
        emu::silliac::orders::left(last),
        emu::silliac::orders::right(last),
    );
    if l.function != 0x26 || l.spare != 0 || r != Order::new(0, 0) {
        return Err(ImageReadError::NoStartWord(last));
    }
    Ok(LoadedImage {
        first,
        words,
        start: l.address,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use emu::silliac::orders::word_to_sex;

    #[test]
    fn bootstrap_as_written_in_the_notes() {
        let b: Vec<String> = bootstrap(999).iter().map(|&w| word_to_sex(w)).collect();
        assert_eq!(
            b,
            [
                "8002840001",
                "8002840002",
                "1902626000",
                "8002840000",
                "L400140001",
                "80028403F6"
            ]
        );
    }

    #[test]
    fn image_layout_and_read_back() {
        let words: BTreeMap<u16, u64> = [(0, 0), (1020, 5), (1022, 0xF5_0000_0001)].into();
        let t = image(&words, 1020).unwrap();
        assert_eq!(t.len(), 10 * (6 + 4 + 1));
        assert_eq!(&t[60..70], &word_frames(5));
        assert_eq!(&t[100..110], &word_frames(start_word(1020)));
        let back = read_image(&t).unwrap();
        assert_eq!(back.first, 1020);
        assert_eq!(back.start, 1020);
        assert_eq!(back.words.len(), 4);
        assert_eq!(back.words[&1022], 0xF5_0000_0001);
        assert_eq!(
            read_image(&t[..105]),
            Err(ImageReadError::WrongLength {
                expected: 110,
                found: 105
            })
        );
    }

    #[test]
    fn image_errors() {
        assert_eq!(image(&BTreeMap::new(), 0), Err(TapeImageError::Empty));
        assert_eq!(
            image(&[(1, 7), (5, 1)].into(), 5),
            Err(TapeImageError::LoaderWord { address: 1 })
        );
        assert_eq!(
            image(&[(1024, 7)].into(), 5),
            Err(TapeImageError::OutsideStore { address: 1024 })
        );
        assert_eq!(
            image(&[(5, 7)].into(), 1024),
            Err(TapeImageError::StartOutsideStore { start: 1024 })
        );
        assert_eq!(
            read_image(&[16]),
            Err(ImageReadError::NotSexadecimal {
                frame: 0,
                value: 16
            })
        );
        assert_eq!(
            read_image(&[0; 70]),
            Err(ImageReadError::NoBootstrap { word: 5 })
        );
    }
}
