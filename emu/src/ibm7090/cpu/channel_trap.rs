//! The data channel traps (docs/ibm7090.md "Channel traps"). ENB loads the enable register
//! from C(Y); a channel whose enabled condition is on then traps the CPU between two
//! instructions: its location pair (0012-0013 for channel A, 0014-0015 for B, ... 0030-0031
//! for H) gets the location of the next instruction in the address of the even word and the
//! cause in its decrement, and the odd word executes as if it stood at that location (usually a
//! transfer to the channel's handler). Further channel traps wait until RCT or ENB. ENB, RCT
//! and XEC hold traps off for the instruction after them. The rules are SIMH's (`sim_instr`,
//! `chtr_eval`, ENB case 0564, RCT in `op_pse`), the oracle the differential runs.
//!
//! The hot loop never takes a trap: while traps are armed (enabled and not held off after one)
//! it runs only up to the first cycle at which one can come due (`Io::next_event`), and the
//! machine takes the boundaries from there one step at a time; a `TRA *` waiting for the trap
//! runs on at once to that cycle (`Machine::spin_on_transfer`).

use super::regs::Regs;
use super::{Machine, Stop, ADDR};

/// The enable bits a word's low half carries: bit 35 - n (address) enables channel n's
/// command and end-of-file traps, bit 17 - n (decrement) its tape-check trap, n = 0 for A
/// [SUP `CHTR_V_CME`, `CHTR_V_TRC`]. The interval-clock bit between them belongs to CTSS's
/// RPQ, not to the 7090, and is not kept.
pub const ENABLE_BITS: u32 = 0o377 | 0o377 << 18;
/// The first channel's trap location (channel n at 0012 + 2n) [SUP `CHTR_CHA_SAV`].
pub const TRAP_BASE: u16 = 0o12;
/// Cycles the trap itself takes, storing the location word [I] (as the floating trap's store
/// of 0000).
const TRAP_CYCLES: u64 = 1;

/// The channel trap registers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChannelTraps {
    /// The enable register (`ENABLE_BITS`), as ENB loaded it.
    pub enable: u32,
    /// A trap was taken: none is taken again until RCT or ENB (SIMH `chtr_inht`).
    pub inhibit: bool,
    /// ENB, RCT or XEC was the last instruction: the next one runs before a trap can be taken
    /// (SIMH `chtr_inhi`).
    pub delay: bool,
}

impl ChannelTraps {
    /// Whether a trap can be taken at some coming instruction boundary without another ENB
    /// or RCT: the hot loop must then leave the machine to the stepping path.
    #[inline(always)]
    pub fn armed(&self) -> bool {
        self.enable != 0 && !self.inhibit
    }

    /// The channels whose command and end-of-file traps, and whose tape-check traps, are
    /// enabled: bit n for channel n (`Io::trap_due`, `Io::next_event`, `Io::active_until`).
    pub fn enabled_channels(&self) -> (u32, u32) {
        (self.enable & 0o377, self.enable >> 18 & 0o377)
    }

    /// Whether channel `ch`'s command and end-of-file traps are enabled.
    pub fn command_eof(&self, ch: usize) -> bool {
        self.enable >> ch & 1 != 0
    }

    /// Whether channel `ch`'s tape-check (redundancy) trap is enabled.
    pub fn tape_check(&self, ch: usize) -> bool {
        self.enable >> (18 + ch) & 1 != 0
    }

    /// ENB: a new enable register; traps allowed again, after the next instruction.
    pub fn enable_from(&mut self, word: u64) {
        self.enable = word as u32 & ENABLE_BITS;
        self.restore();
    }

    /// RCT: traps allowed again, after the next instruction.
    pub fn restore(&mut self) {
        self.inhibit = false;
        self.delay = true;
    }
}

impl Machine {
    /// At the boundary before the instruction at the IC: the trap due, taken (its location
    /// word stored and its odd word executed), if traps are armed and one is due; `None` when
    /// the instruction at the IC runs. Called only with traps enabled.
    #[cold]
    pub(super) fn channel_trap(&mut self, r: &mut Regs) -> Option<Result<(), Stop>> {
        let t = &mut self.channel_traps;
        if std::mem::take(&mut t.delay) || t.inhibit {
            return None;
        }
        let (command_eof, tape_check) = t.enabled_channels();
        self.io.clock.now = r.cycles;
        let (ch, cause) = self.io.trap_due(command_eof, tape_check, r.cycles)?;
        self.channel_traps.inhibit = true;
        let even = (TRAP_BASE + 2 * ch as u16) as usize;
        let at = (r.ic & ADDR as u32) as u16;
        let fields = (0o77777 << 18) | 0o77777;
        self.mem[even] = (self.mem[even] & !fields) | cause.code() << 18 | at as u64;
        let before = r.cycles;
        r.cycles += TRAP_CYCLES;
        // The odd word executes with the IC where it was (SIMH: oldPC = PC): a TSX saves this
        // location, a skip skips the instruction the trap came before.
        let word = self.mem[even + 1];
        let chain = self.profile.is_some().then(|| self.chain(r, word));
        let res = self.execute(r, word, at, 0);
        if self.trace_on {
            self.trace_line(r, before, at, word);
        }
        if let Some(c) = chain {
            self.charge_step(c, r);
        }
        Some(res)
    }
}

#[cfg(test)]
mod tests;
