//! The 716 printer on channel A (unit 361, BCD): a write select gives it a print image of 24
//! row-binary words (rows 9 to 1, 0, 11, 12, left half then right half, columns 1-72, the card
//! image's shape), and the line printed is that image read as Hollerith punches
//! (docs/ibm7090.md "The 716 printer"). A full image ends the record; while the channel stays
//! connected the next words start the next line; a disconnect prints the image so far, or a
//! blank line if the select sent nothing.
//!
//! Not modelled: the echo rows of a read select (RPRA; none of the diagnostics reads them),
//! binary printing (unit 362), the carriage (SPRA's spacing and skips, which the control panel
//! wired; SIMH does not space for them either).

use super::card::{Card, ImageBuffer, ImageUnit, IMAGE_WORDS};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Printer {
    /// The lines printed, trailing blanks removed.
    pub lines: Vec<String>,
    pub(super) image: ImageBuffer,
}

impl Printer {
    /// The text of a print image (`?` for a column whose punches no character has).
    pub fn line_of(image: &[u64; IMAGE_WORDS]) -> String {
        Card::from_image(image).to_text()
    }
}

impl ImageUnit for Printer {
    fn buffer(&mut self) -> &mut ImageBuffer {
        &mut self.image
    }

    fn complete(&mut self, image: &[u64; IMAGE_WORDS]) {
        self.lines.push(Printer::line_of(image));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_from_images() {
        let mut p = Printer::default();
        let image = Card::from_text("HELLO 123", 1).unwrap().image();
        p.select();
        for (i, &w) in image.iter().enumerate() {
            assert_eq!(p.word(w), i == 23);
        }
        p.disconnect();
        // A select that sends nothing prints a blank line; a short image prints what it has.
        p.select();
        p.disconnect();
        p.select();
        p.word(image[0]);
        p.disconnect();
        assert_eq!(p.lines, ["HELLO 123", "", ""]);
    }
}
