//! Words a channel writes leave storage when they pass to the unit, not when its command runs.
//!
//! The channel runs a command list at once (`arrivals.rs` for the reads); for a write it takes
//! each word from storage then and gives it to the unit, which puts it in its record, line or
//! card, and the word's time is kept on the channel's clock. On the machine the 7607 takes the
//! word when the unit asks for it (SIMH's `ch6_wr_getw` at the unit's word time), so an
//! instruction that stores into the area before then changes what is written. Each word
//! taken is kept here with its time, its address and where it went; when its time has come
//! (before each instruction while any is pending, at a select, tape motion, RCH or LCH of its
//! channel, whose interlocks wait for it, and at a stop) storage is read again, and if the
//! word has changed since, the unit's record, line or card is mended to what the channel
//! would have taken. LISP 1.5 writes its core image to SYSTMP (B3) with `IOCT 537,,77241`
//! and then changes its own loader in it (`SXA 565,4`) before the channel has reached it: the
//! tape holds the changed word, as SIMH's does.

use std::collections::{BTreeMap, VecDeque};

use super::{Io, CHANNELS};
use crate::ibm7090::card::{Card, IMAGE_WORDS};
use crate::ibm7090::printer::Printer;
use crate::ibm7090::tape::{word_chars, Block};

/// Where a word went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The tape record being written on the channel's unit: its characters from `offset`.
    Open { offset: usize, binary: bool },
    /// A written tape record: unit `drive` of the channel, block `block`, from `offset`.
    Tape {
        drive: u8,
        block: usize,
        offset: usize,
        binary: bool,
    },
    /// Word `word` of the printer's line `line` (or the punch's card `line`).
    Line { punch: bool, line: usize, word: u8 },
}

/// A word on its way out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Departure {
    /// The cycle the channel takes it at (on the CPU's count).
    pub at: u64,
    pub address: u16,
    /// What storage held when the command ran.
    pub taken: u64,
    pub target: Target,
}

/// The words the channels have written and not yet taken, per channel in order of time, and
/// the images of the lines and cards they went to (to print a mended one again).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Departures {
    queues: [VecDeque<Departure>; CHANNELS],
    /// (punch, line) to its image as sent, while a word of it is on its way.
    pub images: BTreeMap<(bool, usize), [u64; IMAGE_WORDS]>,
}

impl Departures {
    /// A word channel `ch` wrote, taken at cycle `at` (not before its last one).
    pub fn push(&mut self, ch: usize, at: u64, address: u16, taken: u64, target: Target) {
        let q = &mut self.queues[ch];
        let at = q.back().map_or(at, |last| at.max(last.at));
        if let Target::Line { punch, line, word } = target {
            self.images.entry((punch, line)).or_insert([0; IMAGE_WORDS])[word as usize] = taken;
        }
        q.push_back(Departure {
            at,
            address,
            taken,
            target,
        });
    }

    /// The time of the last word pushed on channel `ch` (known once the unit has taken it).
    pub(super) fn timed(&mut self, ch: usize, at: u64) {
        let q = &mut self.queues[ch];
        let n = q.len();
        let before = if n >= 2 { q[n - 2].at } else { 0 };
        if let Some(last) = q.back_mut() {
            last.at = at.max(before);
        }
    }

    /// Whether any word is on its way.
    pub fn pending(&self) -> bool {
        self.queues.iter().any(|q| !q.is_empty())
    }

    /// The time of the next word to leave storage, `u64::MAX` if none.
    pub fn next_at(&self) -> u64 {
        super::earliest(&self.queues, |d| d.at)
    }

    /// The words on their way, per channel (for snapshots and tests).
    pub fn queue(&self, ch: usize) -> impl Iterator<Item = &Departure> {
        self.queues[ch].iter()
    }

    /// The record being written on channel `ch` went on tape as block `block` of unit
    /// `drive`.
    pub(super) fn record_written(&mut self, ch: usize, drive: u8, block: usize) {
        for d in self.queues[ch].iter_mut() {
            if let Target::Open { offset, binary } = d.target {
                d.target = Target::Tape {
                    drive,
                    block,
                    offset,
                    binary,
                };
            }
        }
    }

    /// The record being written on channel `ch` was never written (nothing to mend).
    pub(super) fn record_dropped(&mut self, ch: usize) {
        self.queues[ch].retain(|d| !matches!(d.target, Target::Open { .. }));
    }
}

impl Io {
    /// Take again every word due by `until` (of channel `only`, if given), and mend what
    /// changed.
    pub fn deliver_departures(&mut self, mem: &[u64], until: u64, only: Option<usize>) {
        for ch in 0..CHANNELS {
            if only.is_some_and(|o| o != ch) {
                continue;
            }
            while let Some(d) = self.departures.queues[ch].front().copied() {
                if d.at > until {
                    break;
                }
                self.departures.queues[ch].pop_front();
                let w = mem[d.address as usize];
                if w != d.taken {
                    self.mend(ch, d.target, w);
                }
                if let Target::Line { punch, line, .. } = d.target {
                    let still = self.departures.queues.iter().flatten().any(
                        |e| matches!(e.target, Target::Line { punch: p, line: l, .. } if p == punch && l == line),
                    );
                    if !still {
                        self.departures.images.remove(&(punch, line));
                    }
                }
            }
        }
    }

    /// Whether words are on their way in or out (the machine then steps one instruction at a
    /// time: `arrivals.rs`).
    pub fn in_passing(&self) -> bool {
        self.arrivals.pending() || self.departures.pending()
    }

    /// Every word on its way, taken now (a stop: the channels run on).
    pub fn deliver_all_departures(&mut self, mem: &[u64]) {
        self.deliver_departures(mem, u64::MAX, None);
    }

    /// Where the next word written on channel `ch` goes; `None` for a unit that keeps none.
    pub(super) fn departure_target(&self, ch: usize) -> Option<Target> {
        let c = &self.channels[ch];
        Some(match c.unit? {
            super::Unit::Tape { binary, .. } => Target::Open {
                offset: c.tape_out.len(),
                binary,
            },
            super::Unit::Printer => Target::Line {
                punch: false,
                line: self.printer.lines.len(),
                word: self.printer.image.words.len() as u8,
            },
            super::Unit::Punch => Target::Line {
                punch: true,
                line: self.punch.cards.len(),
                word: self.punch.image.words.len() as u8,
            },
            super::Unit::Reader => return None,
        })
    }

    /// Put word `w` where a departure went.
    fn mend(&mut self, ch: usize, target: Target, w: u64) {
        match target {
            Target::Open { offset, binary } => {
                let out = &mut self.channels[ch].tape_out;
                if let Some(chars) = out.get_mut(offset..offset + 6) {
                    chars.copy_from_slice(&word_chars(w, binary));
                }
            }
            Target::Tape {
                drive,
                block,
                offset,
                binary,
            } => {
                let tape = self.tapes[ch][drive as usize - 1].as_mut();
                if let Some(Block::Record(r)) = tape.and_then(|t| t.blocks.get_mut(block)) {
                    if let Some(chars) = r.get_mut(offset..offset + 6) {
                        chars.copy_from_slice(&word_chars(w, binary));
                    }
                }
            }
            Target::Line { punch, line, word } => {
                let Some(image) = self.departures.images.get_mut(&(punch, line)) else {
                    return;
                };
                image[word as usize] = w;
                let image = *image;
                if punch {
                    if let Some(card) = self.punch.cards.get_mut(line) {
                        *card = Card::from_image(&image);
                    }
                } else if let Some(text) = self.printer.lines.get_mut(line) {
                    *text = Printer::line_of(&image);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ibm7090::isa::by_mnemonic;
    use crate::ibm7090::tape::{record_words, Block, Tape};
    use crate::ibm7090::{Limits, Machine, Stop};

    fn ins(m: &str, a: u32, tag: u8, d: u32) -> u64 {
        by_mnemonic(m).unwrap().encode(a, tag, d, false)
    }

    /// A record of five words written with IOCD, and the CPU storing into the area at once and
    /// after a while: the tape holds what storage held when the channel took each word.
    #[test]
    fn a_word_changed_before_the_channel_takes_it_is_written_changed() {
        let mut m = Machine::new();
        m.io.mount(0o1201, Tape::blank()).unwrap();
        let (data, cmd) = (0o300u32, 0o200u32);
        m.load(
            0o100,
            &[
                ins("WRS", 0o1221, 0, 0),
                ins("RCHA", cmd, 0, 0),
                ins("STZ", data + 4, 0, 0), // at once: before the channel reaches word 4
                ins("TCOA", 0o103, 0, 0),
                ins("STZ", data, 0, 0), // after: word 0 went long ago
                ins("HPR", 0, 0, 0),
            ],
        );
        m.load(
            cmd as u16,
            &[by_mnemonic("IOCD").unwrap().encode(data, 0, 5, false)],
        );
        m.load(data as u16, &[1, 2, 3, 4, 5]);
        m.ic = 0o100;
        assert!(matches!(
            m.run(Limits::instructions(100)),
            Stop::HaltProceed { .. }
        ));
        let Block::Record(r) = &m.io.tape(0o1201).unwrap().blocks[0] else {
            unreachable!()
        };
        assert_eq!(record_words(r, true).0, [1, 2, 3, 4, 0]);
        assert!(!m.io.departures.pending());
        assert!(m.io.departures.images.is_empty());
    }

    /// A print line whose area is cleared right after the RCH prints blank, as on a 7090 (and
    /// in SIMH).
    #[test]
    fn a_line_cleared_after_the_rch_prints_blank() {
        let mut m = Machine::new();
        let image = crate::ibm7090::card::Card::from_text("HELLO", 1)
            .unwrap()
            .image();
        let (data, cmd) = (0o300u32, 0o200u32);
        let mut prog = vec![ins("WRS", 0o1361, 0, 0), ins("RCHA", cmd, 0, 0)];
        prog.push(ins("AXT", 24, 1, 0));
        prog.push(ins("STZ", data + 24, 1, 0));
        prog.push(ins("TIX", 0o103, 1, 1));
        prog.push(ins("HPR", 0, 0, 0));
        m.load(0o100, &prog);
        m.load(
            cmd as u16,
            &[by_mnemonic("IOCD").unwrap().encode(data, 0, 24, false)],
        );
        m.load(data as u16, &image);
        m.ic = 0o100;
        assert!(matches!(
            m.run(Limits::instructions(200)),
            Stop::HaltProceed { .. }
        ));
        assert_eq!(m.io.printer.lines, [""]);
    }
}
