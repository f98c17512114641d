//! The registers and counters an instruction changes, as a copy the executor works on. The hot
//! loop keeps that copy in a local, so the host can keep AC, MQ, IC and the counters in its
//! own registers rather than in the `Machine`.

use super::{Machine, ADDR};

/// The registers and counters an instruction changes, copied out of the `Machine` for a run.
#[derive(Clone, Copy, Debug)]
pub(super) struct Regs {
    pub ac: u64,
    pub mq: u64,
    pub ic: u32,
    /// Index registers A, B, C (XR1, XR2, XR4), and a fourth always 0: the hot loop indexes
    /// this array by the register an instruction names, 3 when it names none.
    pub xa: [u32; 4],
    /// The 7094's XR3, XR5, XR6, XR7, which a tag names alone out of multiple-tag mode (the
    /// hot loop leaves such a tag to the general executor, as it does a tag naming several).
    pub more: [u32; 4],
    /// Multiple-tag mode: a tag's bits 1, 2, 4 select A, B, C, several of them ORed (always on
    /// but on a 7094 after LMTM, when tag n names XR n alone). Tags 1, 2 and 4 name the same
    /// register in both modes.
    pub multi_tag: bool,
    pub overflow: bool,
    pub cycles: u64,
    pub instructions: u64,
    /// An XEC ran in the hot loop: the trap hold-off it leaves, for the caller to set.
    pub held: bool,
}

impl Default for Regs {
    fn default() -> Regs {
        Regs {
            ac: 0,
            mq: 0,
            ic: 0,
            xa: [0; 4],
            more: [0; 4],
            multi_tag: true,
            overflow: false,
            cycles: 0,
            instructions: 0,
            held: false,
        }
    }
}

impl Regs {
    #[inline(always)]
    pub fn load(m: &Machine) -> Regs {
        let x = &m.xr;
        Regs {
            ac: m.ac,
            mq: m.mq,
            ic: m.ic,
            xa: [x[1], x[2], x[4], 0],
            more: [x[3], x[5], x[6], x[7]],
            multi_tag: m.multi_tag,
            overflow: m.overflow,
            cycles: m.cycles,
            instructions: m.instructions,
            held: false,
        }
    }

    #[inline(always)]
    pub fn store(&self, m: &mut Machine) {
        m.ac = self.ac;
        m.mq = self.mq;
        m.ic = self.ic;
        m.xr = self.numbered();
        m.multi_tag = self.multi_tag;
        m.overflow = self.overflow;
        m.cycles = self.cycles;
        m.instructions = self.instructions;
    }

    /// The index registers by number (0: none), as `Machine::xr` holds them.
    pub fn numbered(&self) -> [u32; 8] {
        let (a, m) = (&self.xa, &self.more);
        [0, a[0], a[1], m[0], a[2], m[1], m[2], m[3]]
    }

    /// Index register value for a tag: in multiple-tag mode the OR of the selected registers,
    /// else register `tag` (0 for tag 0).
    #[inline(always)]
    pub fn xr_read(&self, tag: u8) -> u16 {
        if !self.multi_tag {
            return self.numbered()[tag as usize & 7] as u16;
        }
        // Branch-free: each register masked by its tag bit.
        let m = |bit: u8| 0u32.wrapping_sub(((tag >> bit) & 1) as u32);
        ((self.xa[0] & m(0)) | (self.xa[1] & m(1)) | (self.xa[2] & m(2))) as u16
    }

    /// Load every selected index register (in multiple-tag mode; else register `tag`).
    #[inline(always)]
    pub fn xr_write(&mut self, tag: u8, v: u16) {
        let v = (v & ADDR) as u32;
        if !self.multi_tag {
            match tag & 7 {
                0 => {}
                1 => self.xa[0] = v,
                2 => self.xa[1] = v,
                4 => self.xa[2] = v,
                3 => self.more[0] = v,
                n => self.more[n as usize - 4] = v,
            }
            return;
        }
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
    /// each of them (multiple-tag mode).
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

/// The index register value a tag selects of registers by number (`Machine::xr_read`).
pub(super) fn xr_read(xr: &[u32; 8], multi_tag: bool, tag: u8) -> u16 {
    if !multi_tag {
        return xr[tag as usize & 7] as u16;
    }
    let bit = |b: u8, n: usize| if tag & b != 0 { xr[n] } else { 0 };
    (bit(1, 1) | bit(2, 2) | bit(4, 4)) as u16
}

/// Load the index registers a tag selects, of registers by number (`Machine::xr_write`).
pub(super) fn xr_write(xr: &mut [u32; 8], multi_tag: bool, tag: u8, v: u16) {
    let v = (v & ADDR) as u32;
    if !multi_tag {
        if tag & 7 != 0 {
            xr[tag as usize & 7] = v;
        }
        return;
    }
    for (b, n) in [(1, 1), (2, 2), (4, 4)] {
        if tag & b != 0 {
            xr[n] = v;
        }
    }
}
