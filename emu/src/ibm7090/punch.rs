//! The 721 card punch on channel A (unit 341): a write select gives it a card image of 24
//! row-binary words, punched into columns 1-72 (docs/ibm7090.md "The 721 punch"). As with the
//! printer, a full image ends the record and the next words start the next card, and a
//! disconnect punches the image so far, or a blank card if the select sent nothing.

use super::card::{Card, ImageBuffer, ImageUnit, IMAGE_WORDS};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Punch {
    /// The cards punched.
    pub cards: Vec<Card>,
    pub(super) image: ImageBuffer,
}

impl Punch {
    /// The cards as SIMH's column-binary text, one a line.
    pub fn column_binary(&self) -> String {
        self.cards
            .iter()
            .map(|c| c.to_column_binary() + "\n")
            .collect()
    }
}

impl ImageUnit for Punch {
    fn buffer(&mut self) -> &mut ImageBuffer {
        &mut self.image
    }

    fn complete(&mut self, image: &[u64; IMAGE_WORDS]) {
        self.cards.push(Card::from_image(image));
    }
}
