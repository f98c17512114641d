//! What 9AP punches (docs/assembler.md "The deck"; `ABPCH`, `PUNCH`, `ENDOP`, 9AP5 239-295,
//! 1640-1728): row-binary cards in the order pass 2 assembles, a new card after every break
//! (ORG, BSS, BES, FUL, ABS, TCD, END, a decimal location field that moves the counter), each
//! run of words between breaks as full cards and one short card.
//!
//! * Absolute card (the default; `ABS`): 9L = word count n (1-22) in the decrement and the load
//!   address, 9R = the checksum (the 36-bit end-around-carry sum of 9L and the data words),
//!   then the n words from 8L on.
//! * Full card (`FUL`): 24 data words, no control word and no checksum.
//! * Transfer card (`END`, `TCD`): one word, 9L = the transfer address; after END two blank
//!   cards follow.

use std::collections::BTreeMap;

use super::layout::Event;
use crate::ibm7090::cards::{end_around_sum, Image, CARD_WORDS};

/// Words an absolute card carries.
pub const ABSOLUTE_WORDS: usize = 22;

/// The cards of a program, in punching order.
pub fn cards(
    events: &[Event],
    words: &BTreeMap<u16, u64>,
    transfers: &BTreeMap<u32, u16>,
) -> Vec<Image> {
    let mut deck = Vec::new();
    let mut run: Vec<u16> = Vec::new();
    let mut full = false;
    let flush = |deck: &mut Vec<Image>, run: &mut Vec<u16>, full: bool| {
        let per_card = if full { CARD_WORDS } else { ABSOLUTE_WORDS };
        for chunk in run.chunks(per_card) {
            let data: Vec<u64> = chunk
                .iter()
                .map(|a| words.get(a).copied().unwrap_or(0))
                .collect();
            let mut card = [0u64; CARD_WORDS];
            if full {
                card[..data.len()].copy_from_slice(&data);
            } else {
                card[0] = (data.len() as u64) << 18 | u64::from(chunk[0]);
                card[1] = end_around_sum(std::iter::once(card[0]).chain(data.iter().copied()));
                card[2..2 + data.len()].copy_from_slice(&data);
            }
            deck.push(card);
        }
        run.clear();
    };
    let transfer = |line: &u32| {
        let mut card = [0u64; CARD_WORDS];
        card[0] = u64::from(transfers.get(line).copied().unwrap_or(0));
        card
    };
    for event in events {
        match event {
            Event::Word(a) => run.push(*a),
            Event::Break => flush(&mut deck, &mut run, full),
            Event::Full(f) => {
                flush(&mut deck, &mut run, full);
                full = *f;
            }
            Event::Transfer(line) => {
                flush(&mut deck, &mut run, full);
                deck.push(transfer(line));
            }
            Event::End(line) => {
                flush(&mut deck, &mut run, full);
                deck.push(transfer(line));
                deck.extend([[0u64; CARD_WORDS]; 2]);
            }
        }
    }
    flush(&mut deck, &mut run, full);
    deck
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_become_cards() {
        let words: BTreeMap<u16, u64> = (1..=30).map(|a| (a, u64::from(a))).collect();
        let mut events: Vec<Event> = (1..=23).map(Event::Word).collect();
        events.push(Event::Break);
        events.extend((24..=25).map(Event::Word));
        events.push(Event::End(9));
        let transfers = [(9, 0o30)].into_iter().collect();
        let deck = cards(&events, &words, &transfers);
        assert_eq!(deck.len(), 6);
        assert_eq!(deck[0][0], 22 << 18 | 1);
        assert_eq!(deck[0][1], end_around_sum((1..=22).chain([22 << 18 | 1])));
        assert_eq!(deck[1][0], 1 << 18 | 23);
        assert_eq!(deck[2][0], 2 << 18 | 24);
        assert_eq!(deck[3][0], 0o30);
        assert_eq!(deck[4], [0; CARD_WORDS]);
        // FUL: 24 words a card, no control words.
        let events: Vec<Event> = [Event::Full(true)]
            .into_iter()
            .chain((1..=25).map(Event::Word))
            .collect();
        let deck = cards(&events, &words, &BTreeMap::new());
        assert_eq!(deck.len(), 2);
        assert_eq!(deck[0][0], 1);
        assert_eq!(deck[1][0], 25);
    }
}
