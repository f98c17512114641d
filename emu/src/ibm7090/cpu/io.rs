//! The executor's arms for the I/O orders: unit selects and tape motion (the unit in Y), the
//! channel orders and tests (the channel in the operation code), the ±0760 tape and I/O check
//! tests; `channel.rs` does the work. Also the console's load keys.

use super::super::channel::{self, ChannelError, Indicator, Motion};
use super::super::isa::Op;
use super::regs::Regs;
use super::{Machine, Stop, ADDR};

/// Why an I/O order stopped the machine.
pub(super) struct IoStop {
    error: ChannelError,
    /// The order did its work before the stop (a channel started and then ran out of cards);
    /// otherwise it did nothing and the IC stays on it.
    executed: bool,
}

/// The channel (0 = A) an operation code names: RCH, LCH, SCH (+0540 A, −0540 B, +0541 C ...),
/// TEF (+0030 A, −0030 B, +0031 C ...), TCO and TCN (+0060 A ... +0067 H), TRC (+0022 A,
/// −0022 B, +0024 C, +0026 E, +0027 G) [SUP `sim_instr`].
fn channel_of(op: Op, word: u64) -> usize {
    let code = ((word >> 24) & 0o7777) as usize;
    let minus = code >> 11;
    match op {
        Op::Tco | Op::Tcn => code & 7,
        Op::Trc if code & 0o77 == 0o27 => 6 | minus,
        Op::Trc => ((code & 0o77) - 0o22) | minus,
        _ => (code & 3) << 1 | minus,
    }
}

/// The stop an I/O error makes at `address`.
pub(super) fn stop_for(error: ChannelError, address: u16) -> Stop {
    match error {
        ChannelError::ReaderEmpty => Stop::ReaderEmpty { address },
        ChannelError::BlankTape { unit } => Stop::BlankTape { address, unit },
        error => Stop::Channel { address, error },
    }
}

/// The orders that work the channels and their units (`Machine::io_order`).
pub(super) fn is_channel_order(op: Op) -> bool {
    matches!(
        op,
        Op::Rds
            | Op::Wrs
            | Op::Bsr
            | Op::Bsf
            | Op::Wef
            | Op::Rew
            | Op::Run
            | Op::Sdn
            | Op::Rch
            | Op::Lch
            | Op::Sch
            | Op::Tco
            | Op::Tcn
            | Op::Trc
            | Op::Tef
            | Op::Btt
            | Op::Ett
            | Op::Iot
            | Op::Sense
    )
}

/// The words after which the channels' next event (`Io::next_event`) must be found again, as
/// they may start, test or settle a channel or change the traps: the channel orders, ENB,
/// RCT, ETM and LTM, the ±0760 group (RCT, ETM and LTM among its functions) and XEC (which
/// may execute any of them, and holds a trap off).
pub(super) fn touches_channels(op: Op) -> bool {
    is_channel_order(op)
        || matches!(
            op,
            Op::Xec | Op::Enb | Op::Rct | Op::Etm | Op::Ltm | Op::Group0760
        )
}

impl Machine {
    /// Run `f` (an I/O order) on the channels at the CPU's count: the cycles an interlock held
    /// the CPU go on its count and on `io_wait`.
    pub(super) fn interlocked<T>(
        &mut self,
        r: &mut Regs,
        f: impl FnOnce(&mut Machine, &mut Regs) -> T,
    ) -> T {
        self.io.clock.now = r.cycles;
        let res = f(self, r);
        let waited = std::mem::take(&mut self.io.clock.waited);
        r.cycles += waited;
        self.io_wait += waited;
        res
    }

    /// A channel order (`is_channel_order`) at `at`, counted, its effective address `y` and
    /// `cycles` formed: run under `interlocked`, its stop if it makes one, and a TCO taken to
    /// itself run on as the spin it is (`channel_spin`).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn channel_order(
        &mut self,
        r: &mut Regs,
        word: u64,
        op: Op,
        y: u16,
        at: u16,
        depth: u32,
        cycles: u64,
    ) -> Result<(), Stop> {
        if let Err(e) = self.interlocked(r, |m, r| m.io_order(r, op, word, y, at)) {
            return self.io_stop(r, at, depth, cycles, e);
        }
        r.cycles += cycles;
        // A TCO taken to itself: the channel is in operation and the CPU spins on it.
        if op == Op::Tco && r.ic == at as u32 && depth == 0 {
            self.channel_spin(r, word, at, cycles);
        }
        Ok(())
    }

    /// Execute I/O order `op` (`word`, effective address `y`); under `interlocked`.
    pub(super) fn io_order(
        &mut self,
        r: &mut Regs,
        op: Op,
        word: u64,
        y: u16,
        at: u16,
    ) -> Result<(), IoStop> {
        let refused = |error| IoStop {
            error,
            executed: false,
        };
        let skip = |r: &mut Regs| r.ic = (r.ic + 1) & ADDR as u32;
        let io = &mut self.io;
        if matches!(
            op,
            Op::Rds | Op::Wrs | Op::Bsr | Op::Bsf | Op::Wef | Op::Rew | Op::Run | Op::Sdn
        ) {
            // The select waits for the channel: every word its commands took has been taken
            // by then, from storage as it is now (`channel/departures.rs`).
            if let Ok((ch, _)) = channel::decode_unit(y) {
                io.deliver_departures(&self.mem[..], u64::MAX, Some(ch));
            }
        }
        match op {
            Op::Rds | Op::Wrs => io.select(y, op == Op::Wrs).map_err(refused)?,
            Op::Bsr | Op::Bsf | Op::Wef | Op::Rew | Op::Run | Op::Sdn => {
                let motion = match op {
                    Op::Bsr => Motion::BackspaceRecord,
                    Op::Bsf => Motion::BackspaceFile,
                    Op::Wef => Motion::WriteEndOfFile,
                    Op::Rew => Motion::Rewind,
                    Op::Run => Motion::RewindUnload,
                    _ => Motion::SetDensity,
                };
                io.motion(y, motion).map_err(refused)?;
            }
            Op::Rch | Op::Lch => {
                let ch = channel_of(op, word);
                if ch >= channel::CHANNELS {
                    return Err(refused(ChannelError::NoSuchChannel((ch as u16 + 1) << 9)));
                }
                io.start(ch, &mut self.mem[..], y, op == Op::Rch)
                    .map_err(|error| IoStop {
                        error,
                        executed: true,
                    })?;
            }
            Op::Sch => {
                let w = io.store(channel_of(op, word)).map_err(refused)?;
                self.mem[y as usize] = w;
            }
            // The channel tests are transfers: in trap mode they trap as the others do. TRC and
            // TEF on a channel whose trap for the indicator is enabled neither transfer nor
            // turn it off: the trap will take it [SUP TRCx, TEFx].
            Op::Tco | Op::Tcn | Op::Trc | Op::Tef => {
                let ch = channel_of(op, word);
                let traps = self.channel_traps;
                let go = match op {
                    Op::Tco => io.in_operation(ch),
                    Op::Tcn => !io.in_operation(ch),
                    Op::Trc => !traps.tape_check(ch) && io.take(ch, Indicator::Redundancy),
                    _ => !traps.command_eof(ch) && io.take(ch, Indicator::EndOfFile),
                };
                self.transfer(r, go, y, at);
            }
            // BTT, ETT (the channel in Y's high digits): on, turn it off; off, skip.
            Op::Btt | Op::Ett => {
                let ch = ((y >> 9) & 0o77) as usize - 1;
                let which = if op == Op::Btt {
                    Indicator::BeginningOfTape
                } else {
                    Indicator::EndOfTape
                };
                if !io.take(ch, which) {
                    skip(r);
                }
            }
            // IOT: the indicator on, turn it off; off, skip.
            Op::Iot if !std::mem::take(&mut io.io_check) => skip(r),
            // IOT with the indicator on (turned off above); SPRA, SPTA, SPUA: what they sensed
            // was wired on the control panel, nothing here (SIMH does nothing either).
            _ => {}
        }
        Ok(())
    }

    /// The stop an I/O order made, counted (and its cycles) if the order did its work.
    pub(super) fn io_stop(
        &mut self,
        r: &mut Regs,
        at: u16,
        depth: u32,
        cycles: u64,
        e: IoStop,
    ) -> Result<(), Stop> {
        let stop = stop_for(e.error, at);
        if e.executed {
            r.cycles += cycles;
            return Err(stop);
        }
        r.instructions -= 1;
        Self::refuse(r, at, depth, stop)
    }

    /// LOAD CARDS: the reader's first card's first three words into 0-2, the channel goes on
    /// with the command at 0, the CPU starts at 1 (docs/ibm7090.md "The load keys").
    pub fn load_cards(&mut self) -> Result<(), ChannelError> {
        self.load_from(channel::CARD_READER)
    }

    /// LOAD TAPE from a tape unit (`unit`: its address, e.g. 0o2221 for B1 in binary), as
    /// LOAD CARDS does from the reader.
    pub fn load_tape(&mut self, unit: u16) -> Result<(), ChannelError> {
        self.load_from(unit)
    }

    fn load_from(&mut self, unit: u16) -> Result<(), ChannelError> {
        self.io.clock.now = self.cycles;
        let res = self.io.load_button(&mut self.mem[..], unit);
        // The CPU starts when the key's first three words are in.
        let waited = std::mem::take(&mut self.io.clock.waited);
        self.cycles += waited;
        self.io_wait += waited;
        if let Some(p) = self.profile.as_deref_mut() {
            p.charge_io(waited);
        }
        res?;
        self.ic = 1;
        Ok(())
    }

    /// A `TCOx *` that found its channel in operation (the IC left on it at `at`, its own
    /// `cycles` already counted): the CPU would spin on it until the channel leaves operation.
    /// The machine runs that spin at once as this one execution: the cycles are those of every
    /// execution the spin would have made (cycle-exact), all of them I/O wait, but it counts
    /// as one instruction, so that instruction budgets and counts stay the program's work.
    /// Within the run's cycle budget: every execution stood for starts before it.
    pub(super) fn channel_spin(&mut self, r: &mut Regs, word: u64, at: u16, cycles: u64) {
        self.io_wait += cycles;
        if self.trap_mode || cycles == 0 {
            return;
        }
        let _ = at;
        let until = self.io.busy_until(channel_of(Op::Tco, word));
        // This execution started at `start`; the next would start at start + j * cycles,
        // each taken while it starts before `until`: n of them.
        let start = r.cycles - cycles;
        if until <= start + cycles {
            return;
        }
        let mut n = (until - start).div_ceil(cycles) - 1;
        n = if self.spin_end_cycles > start {
            n.min((self.spin_end_cycles - start).div_ceil(cycles) - 1)
        } else {
            0
        };
        if n == 0 {
            return;
        }
        r.cycles += n * cycles;
        self.io_wait += n * cycles;
        self.spun = true;
    }
}
