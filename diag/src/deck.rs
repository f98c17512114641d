//! The deck `firstmoves diag` loads: our loader card, the program's object cards as the 9AP
//! dialect punches them, the 9DEPR stand-in's cards where the program calls it, a transfer
//! card, and the cards the write-up puts after it (the write-ups' deck lists, e.g.
//! 9m21a.txt:62-67; docs/diagnostics.md). The loader and the stand-in are our own 9AP source (diag/*.asm),
//! assembled here: IBM's 9LD02A and 9DEPR are not in ../shared.

use std::collections::BTreeMap;

use assembler::ap9;
use assembler::ibm7090::cards::{end_around_sum, Image, CARD_WORDS};
use emu::ibm7090::card::Card;

use super::table::{Diagnostic, Loading};
use super::DiagError;

/// Our loader: a self-loading card that reads object cards to any address below 77750.
pub const LOADER_SOURCE: &str = include_str!("../loader.asm");
/// Our stand-in for 9DEPR at 06500-06631 (ERROR-1 06503, ERROR 06504, OK 06511).
pub const DEPR_SOURCE: &str = include_str!("../depr.asm");

/// Where the loader keeps itself: 77750 up (the rest of its card goes there).
const LOADER_HOME: u16 = 0o77750;
/// Words an object card carries after 9L and 9R.
const CARD_DATA: usize = CARD_WORDS - 2;
/// The line the stand-in prints for an error with switch 3 up (at most the 72 columns a print
/// image has).
pub const DEPR_LINE: &str = "9DEPR STAND-IN - ERROR, XRC HOLDS THE 2S COMPLEMENT OF ITS LOCATION";

fn assemble(source: &str, file: &str) -> Result<ap9::Program, DiagError> {
    ap9::assemble(source, file).map_err(|d| DiagError::Assembly {
        file: file.to_string(),
        errors: d.to_string(),
    })
}

/// The loader's card: words 0-2 (IOCD, TCOA, TRA) and the 21 words for 77750-77772.
pub fn loader_card() -> Result<Image, DiagError> {
    let p = assemble(LOADER_SOURCE, "loader.asm")?;
    let mut card = [0u64; CARD_WORDS];
    for (i, w) in card.iter_mut().enumerate() {
        let at = if i < 3 {
            i as u16
        } else {
            LOADER_HOME + i as u16 - 3
        };
        *w = p.words.get(&at).copied().unwrap_or(0);
    }
    // Every word assembled must be on the card.
    debug_assert!(p
        .words
        .keys()
        .all(|&a| a < 3 || (LOADER_HOME..LOADER_HOME + 21).contains(&a)));
    Ok(card)
}

/// The stand-in's words, its print line filled in.
pub fn depr_words() -> Result<BTreeMap<u16, u64>, DiagError> {
    let p = assemble(DEPR_SOURCE, "depr.asm")?;
    let line = p.symbol("LINE").expect("depr.asm defines LINE") as u16;
    let image = Card::from_text(DEPR_LINE, 1)
        .expect("the line is punchable")
        .image();
    let mut words = p.words;
    for (i, w) in image.iter().enumerate() {
        words.insert(line + i as u16, *w);
    }
    Ok(words)
}

/// Object cards for words: one card a run of consecutive addresses, up to 22 words a card,
/// 9L = count,,address and 9R = the end-around sum of 9L and the words (as 9AP punches).
pub fn object_cards(words: &BTreeMap<u16, u64>) -> Vec<Image> {
    let mut cards = Vec::new();
    let mut run: Vec<(u16, u64)> = Vec::new();
    let mut flush = |run: &mut Vec<(u16, u64)>| {
        for chunk in run.chunks(CARD_DATA) {
            let mut card = [0u64; CARD_WORDS];
            card[0] = (chunk.len() as u64) << 18 | u64::from(chunk[0].0);
            for (i, &(_, w)) in chunk.iter().enumerate() {
                card[2 + i] = w;
            }
            card[1] = end_around_sum(std::iter::once(card[0]).chain(chunk.iter().map(|&(_, w)| w)));
            cards.push(card);
        }
        run.clear();
    };
    for (&a, &w) in words {
        if run.last().is_some_and(|&(last, _)| last + 1 != a) {
            flush(&mut run);
        }
        run.push((a, w));
    }
    flush(&mut run);
    cards
}

/// The transfer card our loader obeys: 9L = 0, 9R = TRA start.
pub fn transfer_card(start: u16) -> Image {
    let mut card = [0u64; CARD_WORDS];
    card[1] = 0o002000000000 | u64::from(start);
    card
}

/// The fast-MPY card (9M02A, 9M21A with switch 5 down): word k is (k+1) in both halves.
pub fn fast_mpy_card() -> Image {
    let mut card = [0u64; CARD_WORDS];
    for (k, w) in card.iter_mut().enumerate() {
        *w = (k as u64 + 1) * ((1 << 18) + 1);
    }
    card
}

/// The program's own cards as 9AP punched them, without the transfer card and the blank
/// cards behind END (a card with no word count).
pub fn program_cards(program: &ap9::Program) -> Vec<Image> {
    program
        .cards
        .iter()
        .filter(|c| c[0] >> 18 & 0o77777 != 0)
        .copied()
        .collect()
}

/// Put `word` at `address` in the object card that loads it, its checksum made anew (a
/// deliberate fault, for the tests of the error stops); false if no card loads that address.
pub fn patch(cards: &mut [Image], address: u16, word: u64) -> bool {
    for card in cards.iter_mut() {
        let (n, at) = ((card[0] >> 18 & 0o77777) as u16, (card[0] & 0o77777) as u16);
        if n == 0 || n as usize > CARD_DATA || !(at..at + n).contains(&address) {
            continue;
        }
        card[2 + usize::from(address - at)] = word;
        card[1] =
            end_around_sum(std::iter::once(card[0]).chain(card[2..2 + n as usize].iter().copied()));
        return true;
    }
    false
}

/// The whole deck for a run with these switches down (`data`: the text of the data file the
/// row names, if any). Every card the run reads and no more, so the run ends on the program's
/// call for the next one with the hopper empty.
pub fn deck(
    d: &Diagnostic,
    program: &ap9::Program,
    switches: u8,
    data: Option<&str>,
) -> Result<Vec<Card>, DiagError> {
    let mut images = Vec::new();
    match d.loading {
        Loading::SelfLoading => images.extend(program_cards(program)),
        Loading::Loader => {
            images.push(loader_card()?);
            images.extend(program_cards(program));
            if d.depr {
                images.extend(object_cards(&depr_words()?));
            }
            images.push(transfer_card(d.start));
            if d.fast_mpy && switches & 0o20 != 0 {
                images.push(fast_mpy_card());
            }
        }
    }
    let mut cards: Vec<Card> = images.iter().map(Card::from_image).collect();
    if let (Some((file, n)), Some(text)) = (d.data, data) {
        for (i, line) in text.lines().take(n).enumerate() {
            // Columns 73-80 hold the sequence number, which the reader does not read.
            let line: String = line.chars().take(72).collect();
            cards.push(Card::from_text(&line, i + 1).map_err(|e| DiagError::Data {
                file: file.to_string(),
                error: e.to_string(),
            })?);
        }
    }
    Ok(cards)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loader_fills_its_card() {
        let card = loader_card().unwrap();
        // IOCD 77750,,21; TCOA 1; TRA 77750.
        assert_eq!(card[..3], [0o000025077750, 0o006000000001, 0o002000077750]);
        // RCDA at 77750, the IOCP at 77770 (card word 19).
        assert_eq!(card[3], 0o076200001321);
        assert_eq!(card[19], 0o400002077771);
    }

    #[test]
    fn object_cards_carry_their_sums() {
        let words: BTreeMap<u16, u64> = (0o100..0o130)
            .chain([0o200])
            .map(|a| (a, u64::from(a) * 0o1001001))
            .collect();
        let cards = object_cards(&words);
        assert_eq!(cards.len(), 3);
        assert_eq!(cards[0][0], 22 << 18 | 0o100);
        assert_eq!(cards[1][0], 2 << 18 | 0o126);
        assert_eq!(cards[2][0], 1 << 18 | 0o200);
        for c in &cards {
            let n = (c[0] >> 18) as usize;
            assert_eq!(
                c[1],
                end_around_sum(std::iter::once(c[0]).chain(c[2..2 + n].iter().copied()))
            );
        }
    }

    #[test]
    fn depr_keeps_its_entries_and_halts() {
        let w = depr_words().unwrap();
        // SXA EFLG,4 at ERROR; SWT 1 at OK; HTR 06510 at 06517 and HTR 06540 at 06545.
        assert_eq!(w[&0o6504] >> 24, 0o0634);
        assert_eq!(w[&0o6511], 0o076000000161);
        assert_eq!(w[&0o6517], 0o6510);
        assert_eq!(w[&0o6545], 0o6540);
        assert!(w.keys().all(|a| (0o6500..=0o7712).contains(a)));
        assert!(DEPR_LINE.len() <= 72);
    }

    #[test]
    fn fast_mpy_card_counts_up() {
        let c = fast_mpy_card();
        assert_eq!(c[0], 0o000001000001);
        assert_eq!(c[23], 0o000030000030);
    }
}
