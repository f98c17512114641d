//! Words a channel reads reach storage when they pass the unit, not when its command runs.
//!
//! The channel runs a command list at once and keeps the time of each word on its clock
//! (`io_timing`); a word read from a unit is stored at the cycle it passed. Until then the
//! CPU still sees what the location held: a 7090 program that reads a word the channel has
//! yet to deliver gets the old one, as on the machine, where the 7607 stores each word as
//! its six characters have come in (SIMH's `ch6_rd_putw` at the unit's word time).
//! LISP 1.5's system-tape loader depends on it: `RCHA` with `IOCT 532,,1`, then per word
//! `LCHA` (another `IOCT 532,,1`) and `LDQ 532`, the LCH waiting for the previous word and
//! the LDQ taking it before the next one arrives.
//!
//! The CPU takes the arrivals due before each instruction while any are pending (the run
//! goes one step at a time then); the channel takes its own before it fetches a command word
//! (a command list read by the channel itself, as LOAD TAPE's); a stop delivers the rest
//! (the channels run on while the CPU is stopped).

use std::collections::VecDeque;

use super::CHANNELS;

/// A word on its way to storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// The cycle it is stored at (on the CPU's count).
    pub at: u64,
    pub address: u16,
    pub word: u64,
}

/// The words the channels have read and not yet stored, per channel in order of time.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Arrivals {
    queues: [VecDeque<Arrival>; CHANNELS],
}

impl Arrivals {
    /// A word channel `ch` read, stored at cycle `at` (not before its last one).
    pub fn push(&mut self, ch: usize, at: u64, address: u16, word: u64) {
        let q = &mut self.queues[ch];
        let at = q.back().map_or(at, |last| at.max(last.at));
        q.push_back(Arrival { at, address, word });
    }

    /// Whether any word is on its way.
    pub fn pending(&self) -> bool {
        self.queues.iter().any(|q| !q.is_empty())
    }

    /// The time of the next word to arrive, `u64::MAX` if none.
    pub fn next_at(&self) -> u64 {
        super::earliest(&self.queues, |a| a.at)
    }

    /// The words on their way, per channel (for snapshots and tests).
    pub fn queue(&self, ch: usize) -> impl Iterator<Item = &Arrival> {
        self.queues[ch].iter()
    }

    /// Store every word due by cycle `now`, the channels' words in order of time.
    pub fn deliver_due(&mut self, mem: &mut [u64], now: u64) {
        loop {
            let next = (0..CHANNELS)
                .filter_map(|ch| self.queues[ch].front().map(|a| (a.at, ch)))
                .min();
            match next {
                Some((at, ch)) if at <= now => {
                    let a = self.queues[ch].pop_front().expect("front");
                    mem[a.address as usize] = a.word;
                }
                _ => return,
            }
        }
    }

    /// Store every word of channel `ch` (the channel is about to read storage itself: its
    /// words came before).
    pub fn deliver_channel(&mut self, ch: usize, mem: &mut [u64]) {
        for a in self.queues[ch].drain(..) {
            mem[a.address as usize] = a.word;
        }
    }

    /// Store every word on its way.
    pub fn deliver_all(&mut self, mem: &mut [u64]) {
        self.deliver_due(mem, u64::MAX);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_arrive_in_order_of_time() {
        let mut a = Arrivals::default();
        let mut mem = vec![0u64; 8];
        a.push(0, 10, 1, 11);
        a.push(1, 5, 1, 55);
        a.push(0, 3, 2, 22); // never before the channel's last word
        assert!(a.pending());
        a.deliver_due(&mut mem, 4);
        assert_eq!(mem[1], 0);
        a.deliver_due(&mut mem, 5);
        assert_eq!(mem[1], 55);
        a.deliver_due(&mut mem, 10);
        assert_eq!((mem[1], mem[2]), (11, 22));
        assert!(!a.pending());
        a.push(1, 100, 3, 33);
        a.deliver_channel(1, &mut mem);
        assert_eq!(mem[3], 33);
        a.push(0, 100, 4, 44);
        a.deliver_all(&mut mem);
        assert_eq!(mem[4], 44);
        assert!(!a.pending());
    }

    /// LISP 1.5's system-tape loader in small: RCHA with IOCT BUF,,1, then per word LCHA
    /// (another IOCT BUF,,1), LDQ BUF, STQ to the word's place. The LCH waits for the word
    /// before it; the LDQ runs before the next one arrives, so every word is taken in turn.
    #[test]
    fn a_word_at_a_time_through_one_location() {
        use crate::ibm7090::isa::by_mnemonic;
        use crate::ibm7090::tape::{word_chars, Block, Tape};
        use crate::ibm7090::{Limits, Machine, Stop};
        let ins =
            |m: &str, a: u32, tag: u8, d: u32| by_mnemonic(m).unwrap().encode(a, tag, d, false);
        let data: Vec<u64> = (1..=5).map(|k| 0o111111111111 * k).collect();
        let record: Vec<u8> = data.iter().flat_map(|&w| word_chars(w, true)).collect();
        let mut m = Machine::new();
        m.io.mount(0o1201, Tape::of(vec![Block::Record(record)]))
            .unwrap();
        let (buf, dest) = (0o300, 0o400);
        m.load(
            0o100,
            &[
                ins("AXT", 5, 1, 0),
                ins("RDS", 0o1221, 0, 0),
                ins("RCHA", 0o200, 0, 0),
                ins("LCHA", 0o200, 0, 0), // 103: waits for the word before it
                ins("LDQ", buf, 0, 0),
                ins("STQ", dest + 5, 1, 0),
                ins("TIX", 0o103, 1, 1),
                ins("HPR", 0, 0, 0),
            ],
        );
        m.load(
            0o200,
            &[by_mnemonic("IOCT").unwrap().encode(buf, 0, 1, false)],
        );
        m.ic = 0o100;
        assert!(matches!(
            m.run(Limits::instructions(100)),
            Stop::HaltProceed { .. }
        ));
        assert_eq!(m.mem()[dest as usize..dest as usize + 5], data[..]);
    }
}
