//! The 716 printer on channel A (unit 361, BCD): a write select gives it a print image of 24
//! row-binary words (rows 9 to 1, 0, 11, 12, left half then right half, columns 1-72, the card
//! image's shape), and the line printed is that image read as Hollerith punches
//! (docs/ibm7090.md "The 716 printer"). A full image ends the record; while the channel stays
//! connected the next words start the next line; a disconnect prints the image so far, or a
//! blank line if the select sent nothing.
//!
//! A read select (RPRA) prints too, echoing part of what it prints back to the channel: the
//! line is 46 words, the image's rows 9 to 1 out, the echo of rows 8 and 4 (the AND of the two
//! rows) in, row 0 out, the echo of 8 and 3 in, row 11 out, the echo of row 9 in, row 12 out,
//! then the echoes of rows 8 to 1 in: the check printing the 716 was made for, which an
//! installation could wire to other signals (s709 reads a clock there for LISP 1.5's time
//! line; SIMH echoes the rows) [SUP `echo_map`, `lpt_svc`]. A line ends after its 46 words
//! and the next begins while the channel stays connected; a disconnect prints the line so far
//! (a select that moved nothing, a blank line). The channel moves each word in the direction
//! the printer asks for, under the command in hand (`channel/echo.rs`).
//!
//! Not modelled: binary printing (unit 362), the carriage (SPRA's spacing and skips, which the
//! control panel wired; SIMH does not space for them either).

use super::card::{Card, ImageBuffer, ImageUnit, IMAGE_WORDS};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Printer {
    /// The lines printed, trailing blanks removed.
    pub lines: Vec<String>,
    pub(super) image: ImageBuffer,
    /// Under a read select: the line in progress.
    pub(super) echo: Option<EchoLine>,
}

/// Words of a line printed under a read select.
pub const ECHO_LINE_WORDS: u8 = 46;
/// Echo words of a line.
const ECHOES: usize = 22;

/// One word of an echo line: the print image's word `i` from the channel, or echo word `i` to
/// it (0-1 rows 8 and 4, 2-3 rows 8 and 3, 4-21 rows 9 to 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EchoSlot {
    Print(usize),
    Echo(usize),
}

/// The slot of word `p` (0-45) of an echo line [SUP `echo_map`].
pub fn echo_slot(p: u8) -> EchoSlot {
    let p = p as usize;
    match p {
        0..=17 => EchoSlot::Print(p),
        18 | 19 => EchoSlot::Echo(p - 18),
        20 | 21 => EchoSlot::Print(p - 2),
        22 | 23 => EchoSlot::Echo(p - 20),
        24 | 25 => EchoSlot::Print(p - 4),
        26 | 27 => EchoSlot::Echo(p - 22),
        28 | 29 => EchoSlot::Print(p - 6),
        _ => EchoSlot::Echo(p - 24),
    }
}

/// A line under a read select: the next word (0-45), the print image so far, the echoes
/// (taken when rows 9 to 1 are in), and whether a line was printed since the select.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EchoLine {
    pub next: u8,
    pub image: [u64; IMAGE_WORDS],
    pub echoes: [u64; ECHOES],
    pub printed: bool,
}

impl Printer {
    /// The text of a print image (`?` for a column whose punches no character has).
    pub fn line_of(image: &[u64; IMAGE_WORDS]) -> String {
        Card::from_image(image).to_text()
    }

    /// A read select: a new line, in echo mode.
    pub(super) fn select_echo(&mut self) {
        self.echo = Some(EchoLine::default());
    }

    /// The next slot of the echo line; `None` out of echo mode.
    pub(super) fn echo_slot(&self) -> Option<EchoSlot> {
        self.echo.as_ref().map(|e| echo_slot(e.next))
    }

    /// The next word of the echo line, `print` the channel's word for a print slot (the echo
    /// word for an echo slot, else 0) and whether the word ended the line, which is then
    /// printed. Out of echo mode nothing (0, false).
    pub(super) fn echo_word(&mut self, print: u64) -> (u64, bool) {
        let Some(e) = self.echo.as_mut() else {
            return (0, false);
        };
        let out = match echo_slot(e.next) {
            EchoSlot::Print(i) => {
                e.image[i] = print;
                0
            }
            EchoSlot::Echo(i) => {
                if i == 0 {
                    // Rows 9, 8, ... 1 are words 0-17, two a row: 8 is 2-3, 4 10-11, 3 12-13.
                    let r = &e.image;
                    e.echoes[0] = r[2] & r[10];
                    e.echoes[1] = r[3] & r[11];
                    e.echoes[2] = r[2] & r[12];
                    e.echoes[3] = r[3] & r[13];
                    e.echoes[4..].copy_from_slice(&r[..18]);
                }
                e.echoes[i]
            }
        };
        e.next += 1;
        let ended = e.next == ECHO_LINE_WORDS;
        if ended {
            let image = std::mem::take(&mut e.image);
            *e = EchoLine {
                printed: true,
                ..EchoLine::default()
            };
            self.lines.push(Printer::line_of(&image));
        }
        (out, ended)
    }

    /// The channel let go: the line so far is printed (a blank one if the select moved
    /// nothing), echo mode ends.
    pub(super) fn disconnect_echo(&mut self) {
        if let Some(e) = self.echo.take() {
            if e.next > 0 || !e.printed {
                self.lines.push(Printer::line_of(&e.image));
            }
        }
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

    #[test]
    fn an_echo_line_prints_and_echoes_its_rows() {
        let image = Card::from_text("HELLO 123", 1).unwrap().image();
        let mut p = Printer::default();
        p.select_echo();
        let mut echoed = Vec::new();
        for k in 0..ECHO_LINE_WORDS {
            let (w, ended) = match p.echo_slot().unwrap() {
                EchoSlot::Print(i) => p.echo_word(image[i]),
                EchoSlot::Echo(_) => {
                    let (w, ended) = p.echo_word(0);
                    echoed.push(w);
                    (0, ended)
                }
            };
            assert_eq!(w, 0);
            assert_eq!(ended, k == ECHO_LINE_WORDS - 1);
        }
        assert_eq!(p.lines, ["HELLO 123"]);
        assert_eq!(echoed.len(), ECHOES);
        // Rows 8-4 and 8-3: no character of the line has both; then rows 9 to 1 as printed.
        assert_eq!(&echoed[..4], &[0, 0, 0, 0]);
        assert_eq!(&echoed[4..], &image[..18]);
        // The next line begins at once; a disconnect at its start prints nothing more, one
        // after a word prints what it has.
        assert_eq!(p.echo_slot(), Some(EchoSlot::Print(0)));
        let mut q = p.clone();
        q.disconnect_echo();
        assert_eq!(q.lines, ["HELLO 123"]);
        p.echo_word(image[0]);
        p.disconnect_echo();
        assert_eq!(p.lines.len(), 2);
        assert_eq!(p.echo_slot(), None);
        // A select that moved nothing prints a blank line.
        p.select_echo();
        p.disconnect_echo();
        assert_eq!(p.lines[2], "");
        // '=' is 8-3 and '\'' 8-4: the echoes are the AND of those rows.
        let eq = Card::from_text("='", 1).unwrap().image();
        p.select_echo();
        for &w in &eq[..18] {
            p.echo_word(w);
        }
        // Words 18-19 the 8-4 echo, 20-21 row 0 out, 22-23 the 8-3 echo.
        let words: Vec<u64> = (18..24).map(|_| p.echo_word(0).0).collect();
        assert_eq!(words[0], eq[2] & eq[10]);
        assert_eq!(words[4], eq[2] & eq[12]);
        assert_ne!(words[0], 0);
        assert_ne!(words[4], 0);
    }
}
