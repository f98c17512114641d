//! The channels' and units' clock beside the CPU's: when a unit's record starts and each of its
//! words passes, how long the channel stays in operation, when each unit is free again. The
//! figures are the period's (`io_timing`).

use super::super::io_timing::{Bound, Figures, Kind};
use super::super::model::Model;
use super::super::tape::Block;
use super::{Io, State, Unit, CHANNELS, TAPE_UNITS};

/// The channels' and units' clock, in cycles on the CPU's count (`Machine::cycles`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub bound: Bound,
    /// Whose cycles the clock counts (`Machine::set_model`).
    pub model: Model,
    /// The CPU's count when the current I/O order started (set by the CPU before each order).
    pub now: u64,
    /// Cycles the current order held the CPU at an interlock (taken by the CPU after it).
    pub waited: u64,
    /// Per channel: in operation until this cycle (while selected or waiting for an LCH, at
    /// least until then; the end of the IOxT an LCH waits for).
    pub busy_until: [u64; CHANNELS],
    /// Per channel: when the unit's current record (card, line, tape record) started, the
    /// words of it moved, its length in words (a tape record read), and whether it ended.
    pub record_start: [u64; CHANNELS],
    pub record_words: [u32; CHANNELS],
    pub record_len: [u32; CHANNELS],
    pub record_ended: [bool; CHANNELS],
    /// When the reader, punch and printer end their cycle, and each tape unit stops.
    pub reader_free: u64,
    pub punch_free: u64,
    pub printer_free: u64,
    pub tape_free: [[u64; TAPE_UNITS]; CHANNELS],
}

impl Clock {
    pub fn figures(&self) -> Figures {
        Figures::on(self.model, self.bound)
    }

    /// The CPU is held until `t` (nothing if that has passed).
    pub fn wait_until(&mut self, t: u64) {
        if t > self.now {
            self.waited += t - self.now;
            self.now = t;
        }
    }
}

/// The kind of time a unit takes.
fn kind_of(unit: Unit) -> Kind {
    match unit {
        Unit::Reader => Kind::Reader,
        Unit::Punch => Kind::Punch,
        Unit::Printer => Kind::Printer,
        Unit::Tape { .. } => Kind::Tape,
    }
}

impl Io {
    /// The time a select starts: the unit's record begins now, and the channel is in operation
    /// at least until it has passed (for a write to tape, until its gap has).
    pub(super) fn start_record(&mut self, ch: usize, unit: Unit, write: bool) {
        let f = self.clock.figures();
        let now = self.clock.now;
        let kind = kind_of(unit);
        let span = match unit {
            Unit::Tape { drive, .. } if !write => {
                let chars = self.tapes[ch][drive as usize - 1]
                    .as_ref()
                    .and_then(|t| t.blocks.get(t.pos))
                    .map_or(0, |b| match b {
                        Block::Record(r) => r.len() as u64,
                        Block::Mark => 1,
                    });
                f.tape_block(chars)
            }
            Unit::Tape { .. } => f.tape_gap(),
            _ => f.word_at(kind, 23),
        };
        let cl = &mut self.clock;
        cl.record_start[ch] = now;
        cl.record_words[ch] = 0;
        cl.record_len[ch] = 0;
        cl.record_ended[ch] = false;
        cl.busy_until[ch] = now + span;
        let free = match kind {
            Kind::Tape => now + span,
            k => now + f.cycle(k),
        };
        *self.unit_free_mut(ch, unit) = free;
    }

    /// When a unit ends its cycle or stops.
    pub(super) fn unit_free(&mut self, ch: usize, unit: Unit) -> u64 {
        *self.unit_free_mut(ch, unit)
    }

    fn unit_free_mut(&mut self, ch: usize, unit: Unit) -> &mut u64 {
        let cl = &mut self.clock;
        match unit {
            Unit::Reader => &mut cl.reader_free,
            Unit::Punch => &mut cl.punch_free,
            Unit::Printer => &mut cl.printer_free,
            Unit::Tape { drive, .. } => &mut cl.tape_free[ch][drive as usize - 1],
        }
    }

    /// Hold the CPU until the channel is out of operation, then end what it was left doing.
    pub(super) fn wait_channel(&mut self, ch: usize) {
        let until = self.clock.busy_until[ch];
        if self.channels[ch].state != State::Idle || until > self.clock.now {
            self.clock.wait_until(until);
        }
        self.settle_channel(ch);
    }

    /// A word of the selected unit's record has moved (`ended`: it ended the record): the
    /// channel's time goes to when that word passed, or stays if it is later already (a late
    /// RCH or LCH: the data is still taken, at once).
    pub(super) fn tick(&mut self, ch: usize, ended: bool) {
        let Some(unit) = self.channels[ch].unit else {
            return;
        };
        let kind = kind_of(unit);
        let f = self.clock.figures();
        let cl = &mut self.clock;
        if cl.record_ended[ch] {
            // The next card or line a cycle after the last; the next tape record after the
            // last one's end.
            cl.record_start[ch] = match kind {
                Kind::Tape => cl.busy_until[ch],
                k => cl.record_start[ch] + f.cycle(k),
            };
            cl.record_words[ch] = 0;
            cl.record_ended[ch] = false;
        }
        let at = cl.record_start[ch] + f.word_at(kind, cl.record_words[ch]);
        cl.busy_until[ch] = cl.busy_until[ch].max(at);
        cl.record_words[ch] += 1;
        cl.record_ended[ch] = ended;
    }

    /// After the channel ran its commands: the unit is busy to the end of its card or line
    /// (of the record, for a tape read; of the last word, for a tape write).
    pub(super) fn unit_times(&mut self, ch: usize, unit: Option<Unit>, write: bool) -> Option<u64> {
        let unit = unit?;
        let f = self.clock.figures();
        let cl = &self.clock;
        let end = match kind_of(unit) {
            Kind::Tape if !write && cl.record_len[ch] > 0 => {
                cl.record_start[ch] + f.word_at(Kind::Tape, cl.record_len[ch] - 1)
            }
            Kind::Tape => cl.busy_until[ch],
            k => cl.record_start[ch] + f.cycle(k),
        };
        let free = self.unit_free_mut(ch, unit);
        *free = (*free).max(end);
        Some(end)
    }
}
