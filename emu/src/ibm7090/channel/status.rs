//! What the CPU's tests and traps see of the channels: whether one is in operation (TCO, TCN),
//! the indicators (TEF, TRC, BTT, ETT), the channel trap due, and the end of what the channels
//! are left doing when the machine stops.

use super::{Indicator, Io, State, TrapCause, CHANNELS};

impl Io {
    /// TCO: whether the channel is in operation now (`clock.now`): until its record has
    /// passed, or its commands' last word. One left selected or waiting for an RCH or LCH past
    /// that disconnects (as the real one did when the unit's first word, or the end of the
    /// IOxT, found no command). Absent channels are never in operation.
    pub fn in_operation(&mut self, ch: usize) -> bool {
        if ch >= CHANNELS {
            return false;
        }
        let until = self.clock.busy_until[ch];
        if self.clock.now >= until {
            self.settle_channel(ch);
        }
        self.channels[ch].state != State::Idle || self.clock.now < until
    }

    /// The cycle until which channel `ch` is in operation (0 for an absent one).
    pub fn busy_until(&self, ch: usize) -> u64 {
        self.clock.busy_until.get(ch).copied().unwrap_or(0)
    }

    /// The first channel trap due at `now` (`command_eof` and `tape_check`: the enabled
    /// channels, bit n for channel n), its condition turned off: channel by channel from A,
    /// the command trap, then end of file, then tape check [SUP `chtr_eval`]. A channel left
    /// waiting for an LCH past the end of its IOxT disconnects first, its command condition on
    /// (SIMH `ch6_ioxt` at the time the IOxT ends).
    pub fn trap_due(
        &mut self,
        command_eof: u32,
        tape_check: u32,
        now: u64,
    ) -> Option<(usize, TrapCause)> {
        for ch in 0..CHANNELS {
            let (cme, trc) = (command_eof >> ch & 1 != 0, tape_check >> ch & 1 != 0);
            if cme && self.channels[ch].state == State::Waiting && now >= self.clock.busy_until[ch]
            {
                self.settle_channel(ch);
            }
            let c = &mut self.channels[ch];
            let f = &mut c.flags;
            let cause = if cme && f.command {
                f.command = false;
                TrapCause::Command
            } else if cme && f.end_of_file && now >= c.eof_at {
                f.end_of_file = false;
                TrapCause::EndOfFile
            } else if trc && f.redundancy && now >= c.check_at {
                f.redundancy = false;
                TrapCause::TapeCheck
            } else {
                continue;
            };
            return Some((ch, cause));
        }
        None
    }

    /// The first cycle at which a boundary finds something of the channels' to do, as the
    /// channels stand: a word to deliver to storage or to take from it, or (`traps`: channel
    /// traps armed, `command_eof` and `tape_check` as for `trap_due`) a trap due, 0 if one is
    /// due now; `u64::MAX` if nothing comes before an instruction works a channel. Before it,
    /// a boundary's deliveries and `trap_due` do nothing, so the CPU may run on without them.
    pub fn next_event(&self, traps: bool, command_eof: u32, tape_check: u32) -> u64 {
        let mut at = self.arrivals.next_at().min(self.departures.next_at());
        if !traps {
            return at;
        }
        for (ch, c) in self.channels.iter().enumerate() {
            if command_eof >> ch & 1 != 0 {
                if c.flags.command {
                    return 0;
                }
                if c.state == State::Waiting {
                    at = at.min(self.clock.busy_until[ch]);
                }
                if c.flags.end_of_file {
                    at = at.min(c.eof_at);
                }
            }
            if tape_check >> ch & 1 != 0 && c.flags.redundancy {
                at = at.min(c.check_at);
            }
        }
        at
    }

    /// The first cycle from which no channel is in operation and (`traps`: channel traps armed,
    /// `command_eof` and `tape_check` as for `trap_due`) no condition whose trap is enabled is
    /// on but not yet due (the tape check of a record that passes the head after the channel is
    /// done), as the channels stand: before it, a loop on one transfer is waiting for them, not
    /// tight (a `TCOx *` spin, a `TRA *` for a trap).
    pub fn active_until(&self, traps: bool, command_eof: u32, tape_check: u32) -> u64 {
        let mut until = self.clock.busy_until.iter().copied().max().unwrap_or(0);
        if traps {
            for (ch, c) in self.channels.iter().enumerate() {
                if command_eof >> ch & 1 != 0 && c.flags.end_of_file {
                    until = until.max(c.eof_at);
                }
                if tape_check >> ch & 1 != 0 && c.flags.redundancy {
                    until = until.max(c.check_at);
                }
            }
        }
        until
    }

    /// TRC, TEF, BTT, ETT: the indicator, turned off.
    pub fn take(&mut self, ch: usize, which: Indicator) -> bool {
        let Some(c) = self.channels.get_mut(ch) else {
            return false;
        };
        let f = match which {
            Indicator::EndOfFile => &mut c.flags.end_of_file,
            Indicator::Redundancy => &mut c.flags.redundancy,
            Indicator::BeginningOfTape => &mut c.flags.beginning_of_tape,
            Indicator::EndOfTape => &mut c.flags.end_of_tape,
        };
        std::mem::take(f)
    }

    /// End whatever the channels are left doing when the machine stops: time passes, and a
    /// channel waiting for an LCH or an RCH disconnects.
    pub fn settle(&mut self) {
        for ch in 0..CHANNELS {
            self.settle_channel(ch);
        }
    }

    pub(super) fn settle_channel(&mut self, ch: usize) {
        match self.channels[ch].state {
            State::Idle => {}
            State::Selected => self.disconnect(ch),
            State::Waiting => {
                self.channels[ch].flags.command = true;
                self.disconnect(ch);
            }
        }
    }
}
