//! XEC, the execute order, in the machine's general step: the word at Y runs as if it stood at
//! the XEC, followed to `XEC_LIMIT` levels (the hot loop runs one level of its own,
//! `hot::xec`).

use super::regs::Regs;
use super::{Machine, Stop, XEC_LIMIT};

impl Machine {
    /// XEC at `at`, counted, its effective address `y` and `cycles` formed: the word at Y
    /// executes as if it stood at `at`; its cycles follow XEC's I.
    #[inline(never)]
    pub(super) fn xec(
        &mut self,
        r: &mut Regs,
        y: u16,
        at: u16,
        depth: u32,
        cycles: u64,
    ) -> Result<(), Stop> {
        r.cycles += cycles;
        if depth >= XEC_LIMIT {
            return Err(Stop::XecLoop { address: at });
        }
        let target = self.mem[y as usize];
        // No channel trap before the instruction after the chain (SIMH `chtr_inhi`).
        self.channel_traps.delay = true;
        let res = self.execute(r, target, at, depth + 1);
        if let Err(Stop::Unimplemented { .. }) = res {
            // The XEC itself stays unexecuted too, so that IC points at it.
            r.cycles -= cycles;
            r.instructions -= 1;
            if depth == 0 {
                r.ic = at as u32;
            }
        }
        res
    }
}
