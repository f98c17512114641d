//! The 7094's orders: double-precision floating point (`float::double`), DLD and DST, the
//! complement stores and places of an index register (SCA, SCD, PCA, PCD) and the tag mode
//! (EMTM, LMTM). The rules are SIMH's (`i7094_cpu.c`, the differential's oracle): a double
//! order at an odd address traps before it runs in floating trap mode (code 040, as a spill)
//! and otherwise takes its one word twice; DLD loads first and then traps; DST takes no notice.

use super::super::arith;
use super::super::float::{double, Sign};
use super::super::isa::Op;
use super::regs::Regs;
use super::{Machine, Stop, ADDR};

/// The floating trap's code for a double-precision operand at an odd address.
const ODD: u8 = 0o40;

impl Machine {
    /// Execute a 7094 order (counted already); `cycles` its fixed and indirect cycles.
    pub(super) fn ibm7094(
        &mut self,
        r: &mut Regs,
        op: Op,
        word: u64,
        y: u16,
        at: u16,
        mut cycles: u64,
    ) -> Result<(), Stop> {
        let yi = y as usize;
        let odd = y & 1 != 0;
        let tag = ((word >> 15) & 7) as u8;
        // The 2's complement of the register(s) the tag names (read as SXA reads them).
        let complement = |r: &mut Regs| (r.xr_operand::<false>(tag).wrapping_neg() & ADDR) as u64;
        match op {
            Op::Dld => {
                r.ac = arith::ac_from_word(self.mem[yi]);
                r.mq = self.mem[yi | 1];
                if odd {
                    cycles += self.spill(r, ODD);
                }
            }
            Op::Dst => {
                self.mem[yi] = arith::word_from_ac(r.ac);
                self.mem[(yi + 1) & ADDR as usize] = r.mq;
            }
            Op::Sca => {
                let v = complement(r);
                self.mem[yi] = (self.mem[yi] & !(ADDR as u64)) | v;
            }
            Op::Scd => {
                let v = complement(r);
                self.mem[yi] = (self.mem[yi] & !((ADDR as u64) << 18)) | v << 18;
            }
            Op::Pca => r.ac = complement(r),
            Op::Pcd => r.ac = complement(r) << 18,
            // The hot loop's cache is the same in both modes (it leaves tags 3, 5, 6, 7 out).
            Op::Emtm => r.multi_tag = true,
            Op::Lmtm => r.multi_tag = false,
            _ if odd && self.floating_trap => {
                // Before anything else: I, and the trap's store of 0000 [I].
                cycles += 1 + self.spill(r, ODD);
            }
            _ => return self.double(r, op, y, at, cycles),
        }
        r.cycles += cycles;
        Ok(())
    }

    /// A double-precision floating-point order on C(Y):C(Y|1) (one word twice at an odd Y).
    fn double(&mut self, r: &mut Regs, op: Op, y: u16, at: u16, cycles: u64) -> Result<(), Stop> {
        let (hi, lo) = (self.mem[y as usize], self.mem[y as usize | 1]);
        let si = self.sense_indicators;
        let o = match op {
            Op::Dfmp | Op::Dufm => double::multiply(r.ac, r.mq, hi, lo, op == Op::Dfmp),
            Op::Dfdh | Op::Dfdp => double::divide(r.ac, r.mq, hi, lo),
            _ => {
                let sign = match op {
                    Op::Dfad | Op::Dufa => Sign::Keep,
                    Op::Dfsb | Op::Dufs => Sign::Invert,
                    Op::Dfam | Op::Duam => Sign::Plus,
                    _ => Sign::Minus,
                };
                let normalize = matches!(op, Op::Dfad | Op::Dfsb | Op::Dfam | Op::Dfsm);
                double::add(r.ac, r.mq, si, sign.apply(hi), lo, normalize)
            }
        };
        (r.ac, r.mq, self.sense_indicators) = (o.ac, o.mq, o.si);
        let cycles = cycles + o.cycles as u64;
        if o.divide_check {
            self.divide_check = true;
            r.cycles += cycles;
            if op == Op::Dfdh {
                return Err(Stop::DivideCheckHalt { address: at });
            }
            return Ok(());
        }
        r.cycles += cycles + self.spill(r, o.spill);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
