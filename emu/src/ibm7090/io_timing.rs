//! Period time of the 7090's input and output: how long the 711 reader, 721 punch, 716 printer
//! and 729 tapes take, in cycles under each bound. The channels keep their own clock
//! (`channel::Clock`) and read these figures to say when the data they move has passed.
//! Figures, bounds and sources: docs/timing.md "IBM 7090 input and output"; the model:
//! docs/ibm7090.md "Channels".
//!
//! The card units (reader, punch, printer) take one mechanical cycle a card or line; the 12
//! rows pass the brushes (or the print wheels, which the 716 drives as a 407 reading a card)
//! within the cycle, two words a row. Where in the cycle is not in any source seen: the
//! nominal shape is SIMH i7094_cd.c's reader delays (start 27,500, then per row 150 + 4,000,
//! stop 27,500 of its 100,800-unit card) scaled to the period cycle; the bounds put the rows
//! in the cycle's first half (low) or ending at its end (high).
//!
//! A 729 record takes its gap (3/4 inch at the tape speed) and then its characters at the
//! character rate; the tape model and density are the bound: 729 IV at 556 characters/inch
//! (low), 729 II at 556 (nominal), 729 II at 200 (high).

use super::model::Model;

/// Which end of each estimated I/O figure to use (sourced figures are the same in all three):
/// the bound both machines share; Low gives the fewest cycles, High the most.
pub use crate::bound::Bound;

const MS: u64 = 1_000_000_000;
const US: u64 = 1_000_000;

/// The 711: 250 cards a minute on the 7090 = 240 ms a card [D22-6508-2 p. 41; Wikipedia
/// "IBM 711"]. Sourced, every bound. The 7094 has the 7090's.
pub const READER_CYCLE_PS: u64 = 240 * MS;
/// The 711 on the 709: "150 cards per minute (250 cards per minute on the IBM 7090)"
/// [Wikipedia "IBM 711"] = 400 ms a card. Sourced, every bound.
pub const READER_709_CYCLE_PS: u64 = 400 * MS;
/// The 716: 150 lines a minute = 400 ms a line [Wikipedia "IBM 716"]. Sourced, every bound.
pub const PRINTER_CYCLE_PS: u64 = 400 * MS;
/// The 721: 100 cards a minute = 600 ms a card, nominal (Estimate; bounds 110 and 90 cards a
/// minute).
pub const PUNCH_CYCLE_PS: [u64; 3] = [545_454_545_455, 600 * MS, 666_666_666_667];

/// The row shape in parts of a card cycle of `SHAPE_PARTS` (SIMH's card): where the first
/// row's left word comes, the step from row to row, and the right word after the left.
const SHAPE_PARTS: u64 = 100_800;
const SHAPE_LEAD: [u64; 3] = [0, 27_500, 55_000];
const SHAPE_ROW: [u64; 3] = [4_560, 4_150, 4_150];
const SHAPE_PAIR: u64 = 150;

/// 729 character time: 62,500 characters/s (729 IV, 556 per inch, 112.5 in/s), 41,667
/// (729 II, 556, 75 in/s), 15,000 (729 II, 200 per inch) [Wikipedia "IBM 729"].
pub const TAPE_CHAR_PS: [u64; 3] = [16 * US, 24 * US, 66_666_667];
/// The record gap passing: 3/4 inch at 112.5 or 75 in/s [Wikipedia "IBM 729"] (Derived).
pub const TAPE_GAP_PS: [u64; 3] = [6_666_667 * 1_000, 10 * MS, 10 * MS];
/// Rewind speed in inches a second (Estimate: the 728's average 500 in/s; bounds 750, 400).
pub const TAPE_REWIND_IPS: [u64; 3] = [750, 500, 400];

/// The unit kinds that take time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Reader,
    Punch,
    Printer,
    Tape,
}

/// The figures of one bound, in cycles of one model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures {
    pub bound: Bound,
    pub model: Model,
}

impl Figures {
    /// The 7090's.
    pub fn of(bound: Bound) -> Figures {
        Figures::on(Model::Ibm7090, bound)
    }

    pub fn on(model: Model, bound: Bound) -> Figures {
        Figures { bound, model }
    }

    fn i(self) -> usize {
        self.bound as usize
    }

    /// Cycles (rounded up) for a time in picoseconds.
    fn ps_cycles(self, ps: u64) -> u64 {
        ps.div_ceil(self.model.cycle_ps())
    }

    /// A card unit's cycle (a card or a line), in cycles.
    pub fn cycle(self, kind: Kind) -> u64 {
        self.ps_cycles(match kind {
            Kind::Reader if self.model == Model::Ibm709 => READER_709_CYCLE_PS,
            Kind::Reader => READER_CYCLE_PS,
            Kind::Printer => PRINTER_CYCLE_PS,
            Kind::Punch => PUNCH_CYCLE_PS[self.i()],
            Kind::Tape => 0,
        })
    }

    /// Cycles from the start of a record to the moment its word `k` (from 0) has passed: a
    /// card's row k/2, left or right; a tape record's gap and 6(k+1) characters.
    pub fn word_at(self, kind: Kind, k: u32) -> u64 {
        let i = self.i();
        let k = k as u64;
        match kind {
            Kind::Tape => self.ps_cycles(TAPE_GAP_PS[i] + 6 * (k + 1) * TAPE_CHAR_PS[i]),
            _ => {
                // Words past 24 (never on a card) stay at the last row.
                let k = k.min(23);
                let parts = SHAPE_LEAD[i] + (k / 2) * SHAPE_ROW[i] + (k % 2) * SHAPE_PAIR;
                let cycle = self.cycle(kind) as u128;
                (cycle * parts as u128).div_ceil(SHAPE_PARTS as u128) as u64
            }
        }
    }

    /// A tape's gap alone (the start of a record, or a write select before its first word).
    pub fn tape_gap(self) -> u64 {
        self.ps_cycles(TAPE_GAP_PS[self.i()])
    }

    /// A tape block of `chars` characters (a mark is one) passing, gap included.
    pub fn tape_block(self, chars: u64) -> u64 {
        let i = self.i();
        self.ps_cycles(TAPE_GAP_PS[i] + chars * TAPE_CHAR_PS[i])
    }

    /// Rewinding `mils` thousandths of an inch.
    pub fn tape_rewind(self, mils: u64) -> u64 {
        // mils / 1000 / ips seconds = mils * 10^9 / ips picoseconds.
        self.ps_cycles(mils * 1_000_000_000 / TAPE_REWIND_IPS[self.i()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reader_takes_240_ms_a_card_and_its_rows_inside_it() {
        for b in Bound::ALL {
            let f = Figures::of(b);
            // 240 ms / 2.18 us = 110,091.7, up.
            assert_eq!(f.cycle(Kind::Reader), 110_092);
            assert_eq!(f.cycle(Kind::Printer), 183_487);
            assert!(f.word_at(Kind::Reader, 23) <= f.cycle(Kind::Reader));
            for k in 1..24 {
                assert!(f.word_at(Kind::Reader, k) >= f.word_at(Kind::Reader, k - 1));
            }
        }
        let n = Figures::of(Bound::Nominal);
        // SIMH's shape: the first word at 27,500/100,800 of the cycle, the last at 73,300.
        assert_eq!(n.word_at(Kind::Reader, 0), 30_036);
        assert_eq!(n.word_at(Kind::Reader, 23), 80_057);
        assert_eq!(Figures::of(Bound::High).word_at(Kind::Reader, 23), 110_092);
    }

    #[test]
    fn each_model_counts_in_its_own_cycles() {
        let f = |m| Figures::on(m, Bound::Nominal);
        // 240 ms / 2.0 us; 400 ms / 12 us (the 709's 711 at 150 cards a minute).
        assert_eq!(f(Model::Ibm7094).cycle(Kind::Reader), 120_000);
        assert_eq!(f(Model::Ibm709).cycle(Kind::Reader), 33_334);
        assert_eq!(f(Model::Ibm709).cycle(Kind::Printer), 33_334);
        // 12.016 ms.
        assert_eq!(f(Model::Ibm7094).tape_block(84), 6_008);
        assert_eq!(f(Model::Ibm709).tape_block(84), 1_002);
    }

    #[test]
    fn low_is_never_slower_than_nominal_nor_nominal_than_high() {
        let [l, n, h] = Bound::ALL.map(Figures::of);
        for kind in [Kind::Reader, Kind::Punch, Kind::Printer, Kind::Tape] {
            assert!(l.cycle(kind) <= n.cycle(kind) && n.cycle(kind) <= h.cycle(kind));
            for k in 0..40 {
                let (a, b, c) = (l.word_at(kind, k), n.word_at(kind, k), h.word_at(kind, k));
                assert!(a <= b && b <= c, "{kind:?} word {k}: {a} {b} {c}");
            }
        }
        for chars in [0, 1, 84, 1000] {
            assert!(l.tape_block(chars) <= n.tape_block(chars));
            assert!(n.tape_block(chars) <= h.tape_block(chars));
        }
        assert!(l.tape_rewind(1_000_000) <= n.tape_rewind(1_000_000));
        assert!(n.tape_rewind(1_000_000) <= h.tape_rewind(1_000_000));
        // 729 II at 556: 10 ms gap + 84 characters of 24 us = 12.016 ms.
        assert_eq!(n.tape_block(84), 5_512);
    }

    #[test]
    fn bound_names() {
        for b in Bound::ALL {
            assert_eq!(Bound::from_name(b.name()), Some(b));
        }
        assert_eq!(Bound::from_name("middle"), None);
        assert_eq!(Bound::default(), Bound::Nominal);
    }
}
