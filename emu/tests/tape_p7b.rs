//! Tapes as SIMH writes them (P7B: `../shared/period/README.md` cites SIMH's source), as
//! property tests of the round trips through the image: binary records of any words with odd
//! parity and BCD records of any text with even parity, tape marks among them, written as a
//! P7B image and read back to the same blocks, words and text; a character whose parity is
//! wrong for its mode is caught.

use emu::ibm7090::bcd;
use emu::ibm7090::tape::{parity_ok, record_words, word_chars, Block, Tape, MARK, TEXT_MARK};
use proptest::prelude::*;

/// A binary record of these words: six characters a word, each with odd parity.
fn binary_record(words: &[u64]) -> Block {
    Block::Record(words.iter().flat_map(|&w| word_chars(w, true)).collect())
}

/// A reel's blocks: binary records of 1-40 words, or tape marks.
fn binary_reel() -> impl Strategy<Value = Vec<Option<Vec<u64>>>> {
    let record = proptest::collection::vec(0u64..1 << 36, 1..40);
    proptest::collection::vec(proptest::option::weighted(0.85, record), 0..30)
}

/// A line of text in the 7090's set, trailing blanks removed (the text form drops them), and
/// not the text form's tape mark.
fn bcd_line() -> impl Strategy<Value = String> {
    let set: Vec<char> = (0u8..64).map(bcd::decode).filter(|&c| c != '?').collect();
    proptest::collection::vec(proptest::sample::select(set), 0..120)
        .prop_map(|cs| cs.into_iter().collect::<String>().trim_end().to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn binary_records_survive_the_p7b_image(reel in binary_reel()) {
        let blocks: Vec<Block> = reel
            .iter()
            .map(|b| b.as_deref().map_or(Block::Mark, binary_record))
            .collect();
        let image = Tape::of(blocks.clone()).to_p7b();
        // SIMH's framing: bit 7 on each block's first byte and nowhere else, a mark 0x8F.
        let starts = image.iter().filter(|&&b| b & 0x80 != 0).count();
        prop_assert_eq!(starts, blocks.len());
        prop_assert_eq!(
            image.iter().filter(|&&b| b == 0x80 | MARK).count(),
            reel.iter().filter(|b| b.is_none()).count()
        );
        let back = Tape::from_p7b(&image).unwrap();
        prop_assert_eq!(&back.blocks, &blocks);
        for (b, words) in back.blocks.iter().zip(&reel) {
            match (b, words) {
                (Block::Record(chars), Some(words)) => {
                    prop_assert!(chars.iter().all(|&c| c & !0o177 == 0));
                    let (read, ok) = record_words(chars, true);
                    prop_assert!(ok, "odd parity on every character");
                    prop_assert_eq!(&read, words);
                }
                (Block::Mark, None) => {}
                other => prop_assert!(false, "{:?}", other),
            }
        }
    }

    #[test]
    fn a_parity_fault_is_seen(words in proptest::collection::vec(0u64..1 << 36, 1..10),
                              at in any::<prop::sample::Index>(), bit in 0u8..7) {
        let Block::Record(mut chars) = binary_record(&words) else { unreachable!() };
        let i = at.index(chars.len());
        chars[i] ^= 1 << bit;
        prop_assert!(!parity_ok(chars[i], true));
        let image = Tape::of(vec![Block::Record(chars)]).to_p7b();
        let Block::Record(read) = &Tape::from_p7b(&image).unwrap().blocks[0] else {
            unreachable!()
        };
        prop_assert!(!record_words(read, true).1, "the fault survives the image");
        // Read in the other mode a binary record is a parity fault whatever its words.
        prop_assert!(!record_words(read, false).1);
    }

    #[test]
    fn bcd_text_survives_the_p7b_image(lines in proptest::collection::vec(
        proptest::option::weighted(0.9, bcd_line()), 0..30)) {
        let text: String = lines
            .iter()
            .map(|l| format!("{}\n", l.as_deref().unwrap_or(TEXT_MARK)))
            .collect();
        let tape = Tape::from_bcd_text(&text).unwrap();
        let image = tape.to_p7b();
        let back = Tape::from_p7b(&image).unwrap();
        for b in &back.blocks {
            if let Block::Record(chars) = b {
                prop_assert!(chars.iter().all(|&c| parity_ok(c, false)), "even parity");
                prop_assert!(chars.len() >= 84 && chars.len() % 6 == 0);
                // The 7-track tape code: the memory code's 0 is 012 on tape, never 000.
                prop_assert!(chars.iter().all(|&c| c & 0o77 != 0));
            }
        }
        prop_assert_eq!(back.to_bcd_text(), text);
    }
}
