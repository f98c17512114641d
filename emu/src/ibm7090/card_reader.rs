//! The 711 card reader on channel A (unit 321): on a read select it moves the next card from
//! the hopper past the brushes, and gives the channel the card's 24 row-binary words, 9L first,
//! with end of record on 12R (docs/ibm7090.md "The 711 card reader"). While the channel stays
//! connected after a card, the next card follows; a disconnect sends the card in hand to the
//! stacker, read or not.

use super::card::{self, Card, CardError, IMAGE_WORDS};
use std::collections::VecDeque;

/// The reader: the hopper, the card at the brushes and how far the channel has read it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardReader {
    pub hopper: VecDeque<Card>,
    /// Cards fed (moved out of the hopper) since the machine was made.
    pub cards_read: u64,
    /// The card being read: its image and the next word.
    pub(super) station: Option<([u64; IMAGE_WORDS], usize)>,
    /// The operator pressed END OF FILE: with the hopper empty, a read select goes ahead and
    /// the channel finds the end of the file (TEFA), as SIMH's reader does at the end of its
    /// attached file [SUP `cdr_svc`: `ch6_err_disc` with `CHF_EOF`]; without it an empty
    /// hopper leaves the reader not ready and the machine stops.
    pub end_of_file: bool,
}

impl CardReader {
    /// Put text cards (one a line, punched in the Hollerith code) at the back of the hopper;
    /// the number of cards.
    pub fn load_text(&mut self, text: &str) -> Result<usize, CardError> {
        let deck = card::text_deck(text)?;
        let n = deck.len();
        self.hopper.extend(deck);
        Ok(n)
    }

    /// Put column-binary cards (SIMH's `.cbn`) at the back of the hopper; the number of cards.
    pub fn load_column_binary(&mut self, text: &str) -> Result<usize, CardError> {
        let deck = card::column_binary_deck(text)?;
        let n = deck.len();
        self.hopper.extend(deck);
        Ok(n)
    }

    /// The next card to the brushes; false if the hopper is empty (the reader is not ready).
    pub(super) fn feed(&mut self) -> bool {
        match self.hopper.pop_front() {
            Some(c) => {
                self.station = Some((c.image(), 0));
                self.cards_read += 1;
                true
            }
            None => false,
        }
    }

    /// The next word for the channel and whether it ends the card; after a card's last word the
    /// next card is fed. `None`: the hopper ran out.
    pub(super) fn word(&mut self) -> Option<(u64, bool)> {
        if self.station.is_none() && !self.feed() {
            return None;
        }
        let (image, next) = self.station.as_mut()?;
        let w = image[*next];
        *next += 1;
        let last = *next == IMAGE_WORDS;
        if last {
            self.station = None;
        }
        Some((w, last))
    }

    /// The channel let go: the card in hand goes to the stacker.
    pub(super) fn disconnect(&mut self) {
        self.station = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_run_on_and_run_out() {
        let mut r = CardReader::default();
        assert_eq!(r.load_text("A\nB\n").unwrap(), 2);
        assert!(r.feed());
        let first: Vec<_> = (0..24).map(|_| r.word().unwrap()).collect();
        assert!(first[23].1);
        assert!(first[..23].iter().all(|w| !w.1));
        // A is 12-1 in column 1: bit S of 1L and 12L.
        assert_eq!(first[16].0 >> 35, 1);
        assert_eq!(first[22].0 >> 35, 1);
        assert!(r.word().is_some(), "the second card follows");
        r.disconnect();
        assert_eq!(r.word(), None);
        assert_eq!(r.cards_read, 2);
    }
}
