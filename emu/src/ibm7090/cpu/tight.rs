//! The tight loop: a transfer to its own location that changes nothing, the loop the period
//! machines were stopped on by hand (SIMH reports "Infinite loop"). Two executions in a row at
//! the same location that leave the machine the same, IC on that location again, prove it: the
//! next one starts from what the last one started from, and nothing outside the CPU moves (no
//! interrupt is modelled; while a channel is in operation nothing is tight, as it will finish).
//! So `TRA *` and a taken `TZE *` stop; `TIX *,1,1` and `TXI *` (an index register changing),
//! `TOV *` (the indicator turned off) and `TCOA *` (taken only while the channel is busy) do
//! not.
//!
//! The hot loop never pays for it: its cache leaves a transfer whose target is its own
//! location to `Machine::execute_left` (`icache::refill`), and only a step that leaves the IC on
//! its own location is looked at here. An indexed transfer whose effective address happens to
//! be its own location runs in the hot loop and is not seen (bounded by the run's budget).

use super::super::channel::{Flags, State, CHANNELS};
use super::super::isa::Op;
use super::regs::Regs;
use super::{Machine, Stop};

/// What a step at `at` left: everything an instruction at `at` reads or changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Looping {
    at: u16,
    /// Instructions counted when that step ended (the next must start there).
    instructions: u64,
    word: u64,
    /// 0000, where trap mode stores a transfer's location.
    word0: u64,
    ac: u64,
    mq: u64,
    xa: [u32; 4],
    more: [u32; 4],
    multi_tag: bool,
    overflow: bool,
    divide_check: bool,
    mq_overflow: bool,
    floating_trap: bool,
    trap_mode: bool,
    sense_lights: u8,
    sense_indicators: u64,
    io_check: bool,
    channels: [(State, Flags); CHANNELS],
}

impl Machine {
    /// After a step at `at` that began with `before` instructions counted and left the IC on
    /// `at`: the tight-loop stop if the step before did the same from where this one began.
    #[cold]
    #[inline(never)]
    pub(super) fn self_transfer(&mut self, r: &Regs, at: u16, before: u64) -> Result<(), Stop> {
        let t = &self.channel_traps;
        let (command_eof, tape_check) = t.enabled_channels();
        if r.cycles < self.io.active_until(t.armed(), command_eof, tape_check) {
            // A channel is in operation: it will finish, and a `TCOA *` then falls through; or
            // an enabled trap is still to come, and will end the loop.
            self.looping = None;
            return Ok(());
        }
        let now = Looping {
            at,
            instructions: r.instructions,
            word: self.mem[at as usize],
            word0: self.mem[0],
            ac: r.ac,
            mq: r.mq,
            xa: r.xa,
            more: r.more,
            multi_tag: r.multi_tag,
            overflow: r.overflow,
            divide_check: self.divide_check,
            mq_overflow: self.mq_overflow,
            floating_trap: self.floating_trap,
            trap_mode: self.trap_mode,
            sense_lights: self.sense_lights,
            sense_indicators: self.sense_indicators,
            io_check: self.io.io_check,
            channels: std::array::from_fn(|c| {
                let ch = &self.io.channels[c];
                (ch.state, ch.flags)
            }),
        };
        let last = self.looping.replace(now);
        match last {
            Some(l)
                if l == Looping {
                    instructions: before,
                    ..now
                } =>
            {
                Err(Stop::TightLoop { address: at })
            }
            _ => Ok(()),
        }
    }
}

impl Machine {
    /// After a `TRA *` at `at` (`word`, unindexed and direct) that took `t` cycles and that
    /// `self_transfer` found waiting for the channels: the executions of it that would follow
    /// before anything changes, run at once. Each starts at a boundary where the channels have
    /// nothing to do (before `Io::next_event`) and ends with the channels still active (before
    /// `Io::active_until`, so not tight), within the run's budgets (`end_i`, `end_c`); what
    /// each boundary's trap test leaves (the channels' clock at its start, no hold-off) is set
    /// as it would be. A program waiting on `TRA *` for a channel trap (IBSYS does, millions of
    /// times a job) then costs one step per wait, with every instruction and cycle counted.
    pub(super) fn spin_on_transfer(
        &mut self,
        r: &mut Regs,
        word: u64,
        at: u16,
        t: u64,
        (end_i, end_c): (u64, u64),
    ) {
        if t == 0 || self.trap_mode || self.channel_traps.delay {
            return;
        }
        let spins = word & 0o77777 == at as u64
            && (word >> 15) & 7 == 0
            && (word >> 22) & 3 != 3
            && self.dec.ops[(word >> 24 & 0o7777) as usize].op == Op::Tra;
        if !spins {
            return;
        }
        let traps = self.channel_traps.armed();
        let (command_eof, tape_check) = self.channel_traps.enabled_channels();
        let next = if traps || self.io.in_passing() {
            self.io.next_event(traps, command_eof, tape_check)
        } else {
            u64::MAX
        };
        let active = self.io.active_until(traps, command_eof, tape_check);
        let b = r.cycles;
        // Executions starting at b, b + t, ... before `limit`.
        let before = |limit: u64| limit.saturating_sub(b).div_ceil(t);
        let k = before(next)
            .min(before(end_c))
            .min(before(active.saturating_sub(t)))
            .min(end_i.saturating_sub(r.instructions));
        if k == 0 {
            return;
        }
        r.cycles += k * t;
        r.instructions += k;
        // The run's slice was cut for single steps: its budgets are to be found again.
        self.spun = true;
        if self.channel_traps.enable != 0 && !self.channel_traps.inhibit {
            self.io.clock.now = b + (k - 1) * t;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Limits, Machine, Stop};
    use crate::ibm7090::isa::by_mnemonic;

    fn ins(m: &str, addr: u32, tag: u8, dec: u32) -> u64 {
        by_mnemonic(m).unwrap().encode(addr, tag, dec, false)
    }

    /// `program` from 0o100, an HPR after it.
    fn machine(program: &[u64]) -> Machine {
        let mut m = Machine::new();
        m.load(0o100, program);
        m.mem_mut()[0o100 + program.len()] = ins("HPR", 0, 0, 0);
        m.ic = 0o100;
        m
    }

    #[test]
    fn tra_to_itself_stops_with_its_address() {
        for trace in [false, true] {
            let mut m = machine(&[ins("CLA", 0o200, 0, 0), ins("TRA", 0o101, 0, 0)]);
            m.mem_mut()[0o200] = 5;
            m.set_trace(trace);
            let stop = m.run(Limits::instructions(1_000_000));
            assert_eq!(stop, Stop::TightLoop { address: 0o101 }, "trace {trace}");
            assert_eq!((stop.reason(), stop.is_error()), ("tight-loop", true));
            assert!(stop.to_string().contains("tight loop at 00101"), "{stop}");
            // The CLA and the TRA twice; registers as the loop leaves them, IC on the loop.
            assert_eq!((m.instructions(), m.ic, m.ac), (3, 0o101, 5));
            // START loops again.
            assert_eq!(m.run(Limits::none()), Stop::TightLoop { address: 0o101 });
            assert_eq!(m.instructions(), 5);
        }
    }

    #[test]
    fn conditional_and_indexed_transfers() {
        // TZE * taken (AC zero) loops; not taken, the program goes on.
        let mut m = machine(&[ins("TZE", 0o100, 0, 0)]);
        assert_eq!(m.run(Limits::none()), Stop::TightLoop { address: 0o100 });
        let mut m = machine(&[ins("TZE", 0o100, 0, 0)]);
        m.ac = 1;
        assert!(matches!(m.run(Limits::none()), Stop::HaltProceed { .. }));
        // TSX * loads its register the first time, then changes nothing.
        let mut m = machine(&[ins("TSX", 0o100, 1, 0)]);
        assert_eq!(m.run(Limits::none()), Stop::TightLoop { address: 0o100 });
        assert_eq!((m.xr[1], m.instructions()), (0o77700, 2));
        // TXH * with the register above the decrement: taken, nothing changes.
        let mut m = machine(&[ins("TXH", 0o100, 1, 2)]);
        m.xr[1] = 3;
        assert_eq!(m.run(Limits::none()), Stop::TightLoop { address: 0o100 });
    }

    #[test]
    fn loops_that_change_something_are_not_tight() {
        // TIX *,1,1 counts the register down to 1 and falls through.
        let mut m = machine(&[ins("TIX", 0o100, 1, 1)]);
        m.xr[1] = 50;
        assert!(matches!(m.run(Limits::none()), Stop::HaltProceed { .. }));
        assert_eq!((m.xr[1], m.instructions()), (1, 51));
        // TXI * adds for ever: only the budget ends it.
        let mut m = machine(&[ins("TXI", 0o100, 1, 1)]);
        assert_eq!(
            m.run(Limits::instructions(100_000)),
            Stop::InstructionBudget
        );
        // TOV * turns the indicator off: once round, then on.
        let mut m = machine(&[ins("TOV", 0o100, 0, 0)]);
        m.overflow = true;
        assert!(matches!(m.run(Limits::none()), Stop::HaltProceed { .. }));
        assert_eq!(m.instructions(), 3);
        // TCOA * waits for channel A, which has finished: it falls through.
        let mut m = machine(&[ins("TCOA", 0o100, 0, 0)]);
        assert!(matches!(m.run(Limits::none()), Stop::HaltProceed { .. }));
        // An ADD/TRA loop is endless but not tight.
        let mut m = machine(&[ins("ADD", 0o200, 0, 0), ins("TRA", 0o100, 0, 0)]);
        m.mem_mut()[0o200] = 1;
        assert_eq!(
            m.run(Limits::instructions(100_001)),
            Stop::InstructionBudget
        );
    }

    #[test]
    fn xec_of_a_transfer_to_the_xec() {
        let mut m = machine(&[ins("XEC", 0o200, 0, 0)]);
        m.mem_mut()[0o200] = ins("TRA", 0o100, 0, 0);
        assert_eq!(m.run(Limits::none()), Stop::TightLoop { address: 0o100 });
        assert_eq!(m.instructions(), 4);
    }

    #[test]
    fn a_register_changed_between_runs_proves_it_afresh() {
        let mut m = machine(&[ins("TRA", 0o100, 0, 0)]);
        assert_eq!(m.run(Limits::instructions(1)), Stop::InstructionBudget);
        m.ac = 7;
        assert_eq!(m.run(Limits::instructions(1)), Stop::InstructionBudget);
        assert_eq!(m.run(Limits::none()), Stop::TightLoop { address: 0o100 });
        assert_eq!(m.instructions(), 4);
    }
}
