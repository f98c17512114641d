//! The registers and counters an instruction changes, as a copy the executor works on. The hot
//! loop keeps that copy in a local, so the host can keep AC, MQ, IC and the counters in its
//! own registers rather than in the `Machine`.

use super::{Machine, ADDR};

/// The registers and counters an instruction changes, copied out of the `Machine` for a run.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Regs {
    pub ac: u64,
    pub mq: u64,
    pub ic: u32,
    /// Index registers A, B, C, and a fourth always 0: the hot loop indexes this array by
    /// the register an instruction names, 3 when it names none.
    pub xa: [u32; 4],
    pub overflow: bool,
    pub cycles: u64,
    pub instructions: u64,
}

impl Regs {
    #[inline(always)]
    pub fn load(m: &Machine) -> Regs {
        Regs {
            ac: m.ac,
            mq: m.mq,
            ic: m.ic,
            xa: [m.xr[0], m.xr[1], m.xr[2], 0],
            overflow: m.overflow,
            cycles: m.cycles,
            instructions: m.instructions,
        }
    }

    #[inline(always)]
    pub fn store(&self, m: &mut Machine) {
        m.ac = self.ac;
        m.mq = self.mq;
        m.ic = self.ic;
        m.xr = [self.xa[0], self.xa[1], self.xa[2]];
        m.overflow = self.overflow;
        m.cycles = self.cycles;
        m.instructions = self.instructions;
    }

    /// Index register value for a tag: the OR of the selected registers.
    #[inline(always)]
    pub fn xr_read(&self, tag: u8) -> u16 {
        // Branch-free: each register masked by its tag bit.
        let m = |bit: u8| 0u32.wrapping_sub(((tag >> bit) & 1) as u32);
        ((self.xa[0] & m(0)) | (self.xa[1] & m(1)) | (self.xa[2] & m(2))) as u16
    }

    /// Load every selected index register.
    #[inline(always)]
    pub fn xr_write(&mut self, tag: u8, v: u16) {
        let v = (v & ADDR) as u32;
        if tag & 1 != 0 {
            self.xa[0] = v;
        }
        if tag & 2 != 0 {
            self.xa[1] = v;
        }
        if tag & 4 != 0 {
            self.xa[2] = v;
        }
    }

    /// The index register operand named by `x`: in the hot loop (`HOT`) the index of one
    /// register, elsewhere a tag, whose registers are ORed and the OR written back into
    /// each of them.
    #[inline(always)]
    pub fn xr_operand<const HOT: bool>(&mut self, x: u8) -> u16 {
        if HOT {
            self.xa[x as usize & 3] as u16
        } else {
            let v = self.xr_read(x);
            self.xr_write(x, v);
            v
        }
    }

    /// Load the index register(s) named by `x` (as for `xr_operand`; tag 0 loads none). The
    /// hot loop never runs such an instruction with x = 3, which stays 0.
    #[inline(always)]
    pub fn xr_load<const HOT: bool>(&mut self, x: u8, v: u16) {
        if HOT {
            self.xa[x as usize & 3] = (v & ADDR) as u32;
        } else {
            self.xr_write(x, v);
        }
    }
}
