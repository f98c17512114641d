//! The few x86-64 instructions the block translator emits, encoded by hand: 64-bit moves and
//! arithmetic between registers and memory at a base register plus a 32-bit displacement (and
//! an index register times 8), shifts by a constant, forward jumps patched once their target
//! is known, an indirect call, and the pushes and pops of the registers the code keeps.

/// A general register by its encoding number (RAX 0 .. R15 15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reg(pub(crate) u8);

pub(crate) const RAX: Reg = Reg(0);
pub(crate) const RCX: Reg = Reg(1);
pub(crate) const RDX: Reg = Reg(2);
pub(crate) const RBX: Reg = Reg(3);
pub(crate) const RBP: Reg = Reg(5);
pub(crate) const RSI: Reg = Reg(6);
pub(crate) const RDI: Reg = Reg(7);
pub(crate) const R8: Reg = Reg(8);
pub(crate) const R9: Reg = Reg(9);
pub(crate) const R10: Reg = Reg(10);
pub(crate) const R11: Reg = Reg(11);
pub(crate) const R12: Reg = Reg(12);
pub(crate) const R13: Reg = Reg(13);
pub(crate) const R14: Reg = Reg(14);
pub(crate) const R15: Reg = Reg(15);

/// A memory operand: `[base + index * 8 + disp]`. The base is never RSP or R12 (which would
/// need a SIB byte of their own); the translator uses RBX and R14.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mem {
    pub(crate) base: Reg,
    pub(crate) index: Option<Reg>,
    pub(crate) disp: i32,
}

pub(crate) fn at(base: Reg, disp: i32) -> Mem {
    Mem {
        base,
        index: None,
        disp,
    }
}

/// Two-operand arithmetic, by the opcode of its `r/m64, r64` form (the `r64, r/m64` form is
/// that plus 2).
#[derive(Clone, Copy)]
pub(crate) enum Alu {
    Add = 0x01,
    Or = 0x09,
    And = 0x21,
    Sub = 0x29,
    Xor = 0x31,
    Cmp = 0x39,
}

/// Conditions of a jump, by the low nibble of `0F 8x`.
#[derive(Clone, Copy)]
pub(crate) enum Cond {
    /// Carry set (after `bt`: the bit was 1).
    Carry = 0x2,
    /// Carry clear (after `cmp`: above or equal, unsigned).
    NoCarry = 0x3,
    /// Zero (equal).
    Zero = 0x4,
    /// Not zero.
    NotZero = 0x5,
    /// Below or equal, unsigned.
    BelowOrEqual = 0x6,
    /// Above, unsigned.
    Above = 0x7,
}

/// A jump whose 32-bit displacement is written when its target is placed (`Asm::patch`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fixup(usize);

/// Code being assembled, to run at address `origin`.
#[derive(Default)]
pub(crate) struct Asm {
    pub(crate) code: Vec<u8>,
    pub(crate) origin: usize,
    /// Where `and_constant` left displacements to the constant `place_constant` writes.
    constant_uses: Vec<usize>,
}

impl Asm {
    /// Code to run at `origin`.
    pub(crate) fn at(origin: usize) -> Asm {
        Asm {
            origin,
            ..Asm::default()
        }
    }

    fn rex(&mut self, w: bool, reg: u8, index: u8, rm: u8) {
        let rex = 0x40 | (w as u8) << 3 | (reg >> 3 & 1) << 2 | (index >> 3 & 1) << 1 | (rm >> 3);
        if rex != 0x40 {
            self.code.push(rex);
        }
    }

    /// An instruction with a register and a register operand (`mod` 11).
    fn rr(&mut self, w: bool, op: &[u8], reg: u8, rm: u8) {
        self.rex(w, reg, 0, rm);
        self.code.extend_from_slice(op);
        self.code.push(0xC0 | (reg & 7) << 3 | (rm & 7));
    }

    /// An instruction with a register (or opcode extension) and a memory operand.
    fn rm(&mut self, w: bool, op: &[u8], reg: u8, m: Mem) {
        debug_assert!(
            m.base.0 & 7 != 4,
            "RSP and R12 need a SIB byte of their own"
        );
        let index = m.index.map_or(0, |r| r.0);
        self.rex(w, reg, index, m.base.0);
        self.code.extend_from_slice(op);
        match m.index {
            None => self.code.push(0x80 | (reg & 7) << 3 | (m.base.0 & 7)),
            Some(i) => {
                debug_assert!(i.0 != 4, "RSP is no index");
                self.code.push(0x84 | (reg & 7) << 3);
                self.code.push(0xC0 | (i.0 & 7) << 3 | (m.base.0 & 7));
            }
        }
        self.code.extend_from_slice(&m.disp.to_le_bytes());
    }

    /// `mov dst, [m]`
    pub(crate) fn load(&mut self, dst: Reg, m: Mem) {
        self.rm(true, &[0x8B], dst.0, m);
    }

    /// `mov [m], src`
    pub(crate) fn store(&mut self, m: Mem, src: Reg) {
        self.rm(true, &[0x89], src.0, m);
    }

    /// `mov dst32, dword [m]` (the upper half of `dst` cleared).
    pub(crate) fn load32(&mut self, dst: Reg, m: Mem) {
        self.rm(false, &[0x8B], dst.0, m);
    }

    /// `op dst32, dword [m]` (the upper half of `dst` cleared).
    pub(crate) fn alu_load32(&mut self, op: Alu, dst: Reg, m: Mem) {
        self.rm(false, &[op as u8 + 2], dst.0, m);
    }

    /// `op [m], src`
    pub(crate) fn alu_store(&mut self, op: Alu, m: Mem, src: Reg) {
        self.rm(true, &[op as u8], src.0, m);
    }

    /// `or byte [m], cl`
    pub(crate) fn or8_cl(&mut self, m: Mem) {
        self.rm(false, &[0x08], RCX.0, m);
    }

    /// `setcc cl`
    pub(crate) fn set_cl(&mut self, c: Cond) {
        self.rr(false, &[0x0F, 0x90 | c as u8], 0, RCX.0);
    }

    /// `btc r, n`: complement bit n of r.
    pub(crate) fn btc(&mut self, r: Reg, n: u8) {
        self.rr(true, &[0x0F, 0xBA], 7, r.0);
        self.code.push(n);
    }

    /// `test a, b`
    pub(crate) fn test(&mut self, a: Reg, b: Reg) {
        self.rr(true, &[0x85], b.0, a.0);
    }

    /// `mov dword [m], src32`
    pub(crate) fn store32(&mut self, m: Mem, src: Reg) {
        self.rm(false, &[0x89], src.0, m);
    }

    /// `mov dword [m], imm`
    pub(crate) fn store32_imm(&mut self, m: Mem, imm: u32) {
        self.rm(false, &[0xC7], 0, m);
        self.code.extend_from_slice(&imm.to_le_bytes());
    }

    /// `op dst, src`
    pub(crate) fn alu(&mut self, op: Alu, dst: Reg, src: Reg) {
        self.rr(true, &[op as u8], src.0, dst.0);
    }

    /// `add qword [m], imm` (the immediate sign-extended).
    pub(crate) fn add_mem_imm(&mut self, m: Mem, imm: i32) {
        self.rm(true, &[0x81], 0, m);
        self.code.extend_from_slice(&imm.to_le_bytes());
    }

    /// `adc dst, src`
    pub(crate) fn adc(&mut self, dst: Reg, src: Reg) {
        self.rr(true, &[0x11], src.0, dst.0);
    }

    /// `imul r`: RDX:RAX := RAX * r, signed.
    pub(crate) fn imul_wide(&mut self, r: Reg) {
        self.rr(true, &[0xF7], 5, r.0);
    }

    /// `shrd dst, src, n`: dst := the low 64 bits of (src:dst) >> n.
    pub(crate) fn shrd(&mut self, dst: Reg, src: Reg, n: u8) {
        self.rr(true, &[0x0F, 0xAC], src.0, dst.0);
        self.code.push(n);
    }

    /// `cmp r, imm` (sign-extended).
    pub(crate) fn cmp_imm(&mut self, r: Reg, imm: i32) {
        self.rr(true, &[0x81], 7, r.0);
        self.code.extend_from_slice(&imm.to_le_bytes());
    }

    /// `op dst, [m]`
    pub(crate) fn alu_load(&mut self, op: Alu, dst: Reg, m: Mem) {
        self.rm(true, &[op as u8 + 2], dst.0, m);
    }

    /// `test [m], r`
    pub(crate) fn test_mem(&mut self, m: Mem, r: Reg) {
        self.rm(true, &[0x85], r.0, m);
    }

    /// `and dst, imm` (the immediate sign-extended to 64 bits).
    pub(crate) fn and_imm(&mut self, dst: Reg, imm: i32) {
        self.rr(true, &[0x81], 4, dst.0);
        self.code.extend_from_slice(&imm.to_le_bytes());
    }

    /// `or dst, imm` (sign-extended).
    pub(crate) fn or_imm(&mut self, dst: Reg, imm: i32) {
        self.rr(true, &[0x81], 1, dst.0);
        self.code.extend_from_slice(&imm.to_le_bytes());
    }

    /// `xor dst, imm` (sign-extended).
    pub(crate) fn xor_imm(&mut self, dst: Reg, imm: i32) {
        self.rr(true, &[0x81], 6, dst.0);
        self.code.extend_from_slice(&imm.to_le_bytes());
    }

    /// `add dst, imm` (sign-extended).
    pub(crate) fn add_imm(&mut self, dst: Reg, imm: i32) {
        self.rr(true, &[0x81], 0, dst.0);
        self.code.extend_from_slice(&imm.to_le_bytes());
    }

    /// `and r, [rip + d]`, d to the constant `place_constant` puts after the code.
    pub(crate) fn and_constant(&mut self, r: Reg) {
        self.rex(true, r.0, 0, 0);
        self.code
            .extend_from_slice(&[0x23, (r.0 & 7) << 3 | 0b101, 0, 0, 0, 0]);
        self.constant_uses.push(self.code.len());
    }

    /// The constant of every `and_constant`, after the code at a multiple of 8 bytes from
    /// its start (padded with `int3`).
    pub(crate) fn place_constant(&mut self, value: u64) {
        while !self.code.len().is_multiple_of(8) {
            self.code.push(0xCC);
        }
        let place = self.code.len();
        self.code.extend_from_slice(&value.to_le_bytes());
        for end in std::mem::take(&mut self.constant_uses) {
            let rel = (place - end) as i32;
            self.code[end - 4..end].copy_from_slice(&rel.to_le_bytes());
        }
    }

    /// `mov dst, src`
    pub(crate) fn mov(&mut self, dst: Reg, src: Reg) {
        self.rr(true, &[0x89], src.0, dst.0);
    }

    /// `mov dst32, src32` (the upper half of `dst` cleared).
    pub(crate) fn mov32(&mut self, dst: Reg, src: Reg) {
        self.rr(false, &[0x89], src.0, dst.0);
    }

    /// `mov dst, imm`: the shortest form for the value (32 bits zero-extended, or 64).
    pub(crate) fn mov_imm(&mut self, dst: Reg, imm: u64) {
        if imm == 0 {
            // xor dst32, dst32
            self.rr(false, &[0x31], dst.0, dst.0);
        } else if imm <= u32::MAX as u64 {
            self.rex(false, 0, 0, dst.0);
            self.code.push(0xB8 | (dst.0 & 7));
            self.code.extend_from_slice(&(imm as u32).to_le_bytes());
        } else {
            self.rex(true, 0, 0, dst.0);
            self.code.push(0xB8 | (dst.0 & 7));
            self.code.extend_from_slice(&imm.to_le_bytes());
        }
    }

    /// `not r`
    pub(crate) fn not(&mut self, r: Reg) {
        self.rr(true, &[0xF7], 2, r.0);
    }

    /// `neg r`
    pub(crate) fn neg(&mut self, r: Reg) {
        self.rr(true, &[0xF7], 3, r.0);
    }

    /// `shl r, n`
    pub(crate) fn shl(&mut self, r: Reg, n: u8) {
        self.rr(true, &[0xC1], 4, r.0);
        self.code.push(n);
    }

    /// `shr r, n`
    pub(crate) fn shr(&mut self, r: Reg, n: u8) {
        self.rr(true, &[0xC1], 5, r.0);
        self.code.push(n);
    }

    /// `sar r, n`
    pub(crate) fn sar(&mut self, r: Reg, n: u8) {
        self.rr(true, &[0xC1], 7, r.0);
        self.code.push(n);
    }

    /// `shl r, cl`, `shr r, cl` or `sar r, cl` (`kind` 4, 5 or 7).
    pub(crate) fn shift_cl(&mut self, kind: u8, r: Reg) {
        self.rr(true, &[0xD3], kind, r.0);
    }

    /// `imul dst, src, imm`
    pub(crate) fn imul_imm(&mut self, dst: Reg, src: Reg, imm: i32) {
        self.rr(true, &[0x69], dst.0, src.0);
        self.code.extend_from_slice(&imm.to_le_bytes());
    }

    /// `add qword [m], r`
    pub(crate) fn add_mem(&mut self, m: Mem, r: Reg) {
        self.rm(true, &[0x01], r.0, m);
    }

    /// `bt r, n`: the carry flag := bit n of r.
    pub(crate) fn bt(&mut self, r: Reg, n: u8) {
        self.rr(true, &[0x0F, 0xBA], 4, r.0);
        self.code.push(n);
    }

    /// `jmp r`
    pub(crate) fn jump_reg(&mut self, r: Reg) {
        self.rr(false, &[0xFF], 4, r.0);
    }

    /// `call r`
    pub(crate) fn call(&mut self, r: Reg) {
        self.rr(false, &[0xFF], 2, r.0);
    }

    pub(crate) fn push(&mut self, r: Reg) {
        self.rex(false, 0, 0, r.0);
        self.code.push(0x50 | (r.0 & 7));
    }

    pub(crate) fn pop(&mut self, r: Reg) {
        self.rex(false, 0, 0, r.0);
        self.code.push(0x58 | (r.0 & 7));
    }

    pub(crate) fn ret(&mut self) {
        self.code.push(0xC3);
    }

    /// `jcc rel32` to a target placed later.
    pub(crate) fn jump_if(&mut self, c: Cond) -> Fixup {
        self.code
            .extend_from_slice(&[0x0F, 0x80 | c as u8, 0, 0, 0, 0]);
        Fixup(self.code.len())
    }

    /// `cmp byte [m], imm`
    pub(crate) fn cmp8_imm(&mut self, m: Mem, imm: u8) {
        self.rm(false, &[0x80], 7, m);
        self.code.push(imm);
    }

    /// `mov qword [m], imm` (sign-extended).
    pub(crate) fn store_imm(&mut self, m: Mem, imm: i32) {
        self.rm(true, &[0xC7], 0, m);
        self.code.extend_from_slice(&imm.to_le_bytes());
    }

    /// `jmp rel32` to a target placed later.
    pub(crate) fn jump(&mut self) -> Fixup {
        self.code.extend_from_slice(&[0xE9, 0, 0, 0, 0]);
        Fixup(self.code.len())
    }

    /// `mov byte [m], imm`
    pub(crate) fn store8_imm(&mut self, m: Mem, imm: u8) {
        self.rm(false, &[0xC6], 0, m);
        self.code.push(imm);
    }

    /// `jmp qword [m]`
    pub(crate) fn jump_through(&mut self, m: Mem) {
        self.rm(false, &[0xFF], 4, m);
    }

    /// `jmp rel32` to the absolute address `target`.
    pub(crate) fn jump_abs(&mut self, target: usize) {
        self.code.push(0xE9);
        self.rel_to(target);
    }

    /// `jcc rel32` to the absolute address `target`.
    pub(crate) fn jump_if_abs(&mut self, c: Cond, target: usize) {
        self.code.extend_from_slice(&[0x0F, 0x80 | c as u8]);
        self.rel_to(target);
    }

    fn rel_to(&mut self, target: usize) {
        let next = self.origin + self.code.len() + 4;
        let rel = target.wrapping_sub(next) as i64 as i32;
        self.code.extend_from_slice(&rel.to_le_bytes());
    }

    /// Point a jump at the next instruction to be emitted.
    pub(crate) fn patch(&mut self, f: Fixup) {
        let rel = (self.code.len() - f.0) as i32;
        self.code[f.0 - 4..f.0].copy_from_slice(&rel.to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Encodings checked against an assembler's output (GNU as, Intel syntax).
    #[test]
    fn encodings() {
        let enc = |f: &dyn Fn(&mut Asm)| {
            let mut a = Asm::default();
            f(&mut a);
            a.code
        };
        // mov r8, [rbx + 0]
        assert_eq!(
            enc(&|a| a.load(R8, at(RBX, 0))),
            [0x4C, 0x8B, 0x83, 0, 0, 0, 0]
        );
        // mov [r14 + 8], r9
        assert_eq!(
            enc(&|a| a.store(at(R14, 8), R9)),
            [0x4D, 0x89, 0x8E, 8, 0, 0, 0]
        );
        // mov rax, [r14 + rcx*8 + 16]
        let m = Mem {
            base: R14,
            index: Some(RCX),
            disp: 16,
        };
        assert_eq!(
            enc(&|a| a.load(RAX, m)),
            [0x49, 0x8B, 0x84, 0xCE, 16, 0, 0, 0]
        );
        // add r8, rax ; and r8, r15
        assert_eq!(enc(&|a| a.alu(Alu::Add, R8, RAX)), [0x49, 0x01, 0xC0]);
        assert_eq!(enc(&|a| a.alu(Alu::And, R8, R15)), [0x4D, 0x21, 0xF8]);
        // and r9, [r14 + 0x10]
        assert_eq!(
            enc(&|a| a.alu_load(Alu::And, R9, at(R14, 0x10))),
            [0x4D, 0x23, 0x8E, 0x10, 0, 0, 0]
        );
        // shr rcx, 20 ; bt r8, 39 ; not rax ; neg r10
        assert_eq!(enc(&|a| a.shr(RCX, 20)), [0x48, 0xC1, 0xE9, 20]);
        assert_eq!(enc(&|a| a.bt(R8, 39)), [0x49, 0x0F, 0xBA, 0xE0, 39]);
        assert_eq!(enc(&|a| a.not(RAX)), [0x48, 0xF7, 0xD0]);
        assert_eq!(enc(&|a| a.neg(R10)), [0x49, 0xF7, 0xDA]);
        // mov r15, 0xFF_FFFF_FFFF ; mov eax, 7 ; xor r8d, r8d
        assert_eq!(
            enc(&|a| a.mov_imm(R15, 0xFF_FFFF_FFFF)),
            [0x49, 0xBF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0]
        );
        assert_eq!(enc(&|a| a.mov_imm(RAX, 7)), [0xB8, 7, 0, 0, 0]);
        assert_eq!(enc(&|a| a.mov_imm(R8, 0)), [0x45, 0x31, 0xC0]);
        // mov dword [rbx + 16], 0x123
        assert_eq!(
            enc(&|a| a.store32_imm(at(RBX, 16), 0x123)),
            [0xC7, 0x83, 16, 0, 0, 0, 0x23, 1, 0, 0]
        );
        // test [r14 + rcx*8 + 8256], rdx
        let w = Mem {
            base: R14,
            index: Some(RCX),
            disp: 8256,
        };
        assert_eq!(
            enc(&|a| a.test_mem(w, RDX)),
            [0x49, 0x85, 0x94, 0xCE, 0x40, 0x20, 0, 0]
        );
        // add qword [rbx + 24], 5 ; adc rdx, r11 ; imul r10 ; shrd rax, rdx, 39 ; sar r8, 24
        assert_eq!(
            enc(&|a| a.add_mem_imm(at(RBX, 24), 5)),
            [0x48, 0x81, 0x83, 24, 0, 0, 0, 5, 0, 0, 0]
        );
        assert_eq!(enc(&|a| a.adc(RDX, R11)), [0x4C, 0x11, 0xDA]);
        assert_eq!(enc(&|a| a.imul_wide(R10)), [0x49, 0xF7, 0xEA]);
        assert_eq!(enc(&|a| a.shrd(RAX, RDX, 39)), [0x48, 0x0F, 0xAC, 0xD0, 39]);
        assert_eq!(enc(&|a| a.sar(R8, 24)), [0x49, 0xC1, 0xF8, 24]);
        // shl r8, cl ; sar r8, cl ; imul rax, rdx, 7 ; add [rbx + 24], rax
        assert_eq!(enc(&|a| a.shift_cl(4, R8)), [0x49, 0xD3, 0xE0]);
        assert_eq!(enc(&|a| a.shift_cl(7, R8)), [0x49, 0xD3, 0xF8]);
        assert_eq!(
            enc(&|a| a.imul_imm(RAX, RDX, 7)),
            [0x48, 0x69, 0xC2, 7, 0, 0, 0]
        );
        assert_eq!(
            enc(&|a| a.add_mem(at(RBX, 24), RAX)),
            [0x48, 0x01, 0x83, 24, 0, 0, 0]
        );
        // cmp r12, 12 ; push r12 ; pop r13
        assert_eq!(
            enc(&|a| a.cmp_imm(R12, 12)),
            [0x49, 0x81, 0xFC, 12, 0, 0, 0]
        );
        assert_eq!(enc(&|a| a.push(R12)), [0x41, 0x54]);
        assert_eq!(enc(&|a| a.pop(R13)), [0x41, 0x5D]);
        // and rcx, -1024 ; call rax ; push r14 ; pop rbx ; mov rdi, rbx ; mov edx, ecx
        assert_eq!(
            enc(&|a| a.and_imm(RCX, -1024)),
            [0x48, 0x81, 0xE1, 0x00, 0xFC, 0xFF, 0xFF]
        );
        assert_eq!(enc(&|a| a.call(RAX)), [0xFF, 0xD0]);
        assert_eq!(enc(&|a| a.jump_reg(RCX)), [0xFF, 0xE1]);
        assert_eq!(enc(&|a| a.push(R14)), [0x41, 0x56]);
        assert_eq!(enc(&|a| a.pop(RBX)), [0x5B]);
        assert_eq!(enc(&|a| a.mov(RDI, RBX)), [0x48, 0x89, 0xDF]);
        assert_eq!(enc(&|a| a.mov32(RDX, RCX)), [0x89, 0xCA]);
        // mov eax, [rbx + 16] ; sub ecx, [rbx + 20] ; cmp [r14 + 8], rcx ; or [rbx + 3], cl
        assert_eq!(
            enc(&|a| a.load32(RAX, at(RBX, 16))),
            [0x8B, 0x83, 16, 0, 0, 0]
        );
        assert_eq!(
            enc(&|a| a.alu_load32(Alu::Sub, RCX, at(RBX, 20))),
            [0x2B, 0x8B, 20, 0, 0, 0]
        );
        assert_eq!(
            enc(&|a| a.alu_store(Alu::Cmp, at(R14, 8), RCX)),
            [0x49, 0x39, 0x8E, 8, 0, 0, 0]
        );
        assert_eq!(enc(&|a| a.or8_cl(at(RBX, 3))), [0x08, 0x8B, 3, 0, 0, 0]);
        // setnz cl ; btc r12, 37 ; test rax, rax ; cmp rax, [r14 + 8]
        assert_eq!(enc(&|a| a.set_cl(Cond::NotZero)), [0x0F, 0x95, 0xC1]);
        assert_eq!(enc(&|a| a.btc(R12, 37)), [0x49, 0x0F, 0xBA, 0xFC, 37]);
        assert_eq!(enc(&|a| a.test(RAX, RAX)), [0x48, 0x85, 0xC0]);
        assert_eq!(
            enc(&|a| a.alu_load(Alu::Cmp, RAX, at(R14, 8))),
            [0x49, 0x3B, 0x86, 8, 0, 0, 0]
        );
    }

    #[test]
    fn a_constant_after_the_code_is_reached_relative_to_the_next_instruction() {
        let mut a = Asm::default();
        a.and_constant(R8);
        a.ret();
        a.place_constant(0xFF_FFFF_FFFF);
        // and r8, [rip + 1]: the constant at 8, the instruction's end at 7.
        assert_eq!(
            a.code,
            [0x4C, 0x23, 0x05, 1, 0, 0, 0, 0xC3, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0]
        );
    }

    #[test]
    fn jumps_to_absolute_addresses_count_from_the_origin() {
        let mut a = Asm::at(0x1000);
        a.jump_abs(0x0F00);
        a.jump_if_abs(Cond::Carry, 0x1100);
        // 0x0F00 - 0x1005 = -0x105; 0x1100 - 0x100B = 0xF5.
        assert_eq!(
            a.code,
            [0xE9, 0xFB, 0xFE, 0xFF, 0xFF, 0x0F, 0x82, 0xF5, 0, 0, 0]
        );
        // jmp qword [r15 + rcx*8 + 0] ; mov byte [r13 + 9], 1
        let t = Mem {
            base: R15,
            index: Some(RCX),
            disp: 0,
        };
        let mut b = Asm::default();
        b.jump_through(t);
        b.store8_imm(at(R13, 9), 1);
        assert_eq!(
            b.code,
            [0x41, 0xFF, 0xA4, 0xCF, 0, 0, 0, 0, 0x41, 0xC6, 0x85, 9, 0, 0, 0, 1]
        );
        // cmp byte [r13 + 9], 0 ; mov qword [rcx + rax*8 + 0], 7
        let mut c = Asm::default();
        c.cmp8_imm(at(R13, 9), 0);
        c.store_imm(
            Mem {
                base: RCX,
                index: Some(RAX),
                disp: 0,
            },
            7,
        );
        assert_eq!(
            c.code,
            [0x41, 0x80, 0xBD, 9, 0, 0, 0, 0, 0x48, 0xC7, 0x84, 0xC1, 0, 0, 0, 0, 7, 0, 0, 0]
        );
    }

    #[test]
    fn forward_jumps_land_after_their_patch() {
        let mut a = Asm::default();
        let f = a.jump_if(Cond::Carry);
        a.ret();
        a.patch(f);
        assert_eq!(a.code, [0x0F, 0x82, 1, 0, 0, 0, 0xC3]);
    }
}
