//! The sense indicator register (SI): 36 triggers, positions 0-35 [CE-29], which a program
//! sets, tests and stores as a word. Three forms: from and to AC (PAI PIA OAI IIA RIA, and the
//! transfers TIO TIF), with a word of store (LDI STI OSI IIS RIS ONT OFT), and "immediate",
//! with bits 18-35 of the order itself as an 18-bit mask on the right (…R) or left (…L) half
//! (SIR SIL RIR RIL IIR IIL RFT LFT RNT LNT). AC's P, not its sign, goes with SI position 0.
//! Rules bit for bit as SIMH's i7094 (cases 00041-00057, 01042-01057, 00440-00446, 00604);
//! 9M02A and 9M21A test them bit by bit. None changes MQ or another indicator, and only TIO
//! and TIF are transfers (for trap mode).

use super::super::arith::{AC_LOGICAL, WORD};
use super::super::isa::Op;
use super::regs::Regs;
use super::{Machine, ADDR};

/// The mask of an immediate order: its bits 18-35.
const HALF: u64 = 0o777777;

impl Machine {
    /// Execute sense-indicator order `op` (`word` as fetched, `y` its effective address, `at`
    /// where it stands).
    pub(super) fn indicators(&mut self, r: &mut Regs, op: Op, word: u64, y: u16, at: u16) {
        let ac = r.ac & AC_LOGICAL;
        let right = word & HALF;
        let left = right << 18;
        let si = self.sense_indicators;
        let yi = y as usize;
        let mut skip = false;
        self.sense_indicators = match op {
            Op::Pai => ac,
            Op::Pia => {
                r.ac = si;
                si
            }
            Op::Oai => si | ac,
            Op::Iia => si ^ ac,
            Op::Ria => si & !ac,
            Op::Tio | Op::Tif => {
                let go = if op == Op::Tio {
                    si & ac == ac
                } else {
                    si & ac == 0
                };
                self.transfer(r, go, y, at);
                si
            }
            Op::Ldi => self.mem[yi],
            Op::Sti => {
                self.mem[yi] = si;
                si
            }
            Op::Osi => si | self.mem[yi],
            Op::Iis => si ^ self.mem[yi],
            Op::Ris => si & !self.mem[yi],
            Op::Ont => {
                let w = self.mem[yi];
                skip = si & w == w;
                si
            }
            Op::Oft => {
                skip = si & self.mem[yi] == 0;
                si
            }
            Op::Sir => si | right,
            Op::Sil => si | left,
            Op::Rir => si & !right,
            Op::Ril => si & !left,
            Op::Iir => si ^ right,
            Op::Iil => si ^ left,
            Op::Rft | Op::Lft | Op::Rnt | Op::Lnt => {
                let m = if matches!(op, Op::Rft | Op::Rnt) {
                    right
                } else {
                    left
                };
                skip = if matches!(op, Op::Rft | Op::Lft) {
                    si & m == 0
                } else {
                    si & m == m
                };
                si
            }
            // The executor sends only the orders above.
            _ => si,
        } & WORD;
        if skip {
            r.ic = (r.ic + 1) & ADDR as u32;
        }
    }
}
