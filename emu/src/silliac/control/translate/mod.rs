//! Blocks translated into x86-64 code: each decoded block's orders become host instructions in
//! sequence, with A and Q in host registers, so that a block's run pays no jump on a function
//! code, no op load and no loop test per order. The code does what the block loop's ops do,
//! order for order (`blocks::run_blocks` keeps the accounting: runs, time, budget, the loop of
//! one block): it reads and writes the machine's own store, tests each write against the
//! digits the cache watches and ends the block after a write that changed one, reads a live
//! word's address from the store when its order is obeyed, and returns the loop's index with
//! the same marks (`CUT`, `BACK`, `EXIT`) the interpreted ops set. Multiplications and shifts
//! call the interpreter's own code for them (`act`).
//!
//! Only on x86-64 Linux; elsewhere, or if the host refuses executable pages, every block is
//! interpreted. `Machine::set_translation` turns it off, so that the two can be compared.

#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
mod memory;
mod x86;

/// No executable pages on other hosts: every block is interpreted.
#[cfg(not(all(target_arch = "x86_64", target_os = "linux")))]
mod memory {
    pub(super) struct CodePages;
    impl CodePages {
        pub(super) fn new() -> Option<CodePages> {
            None
        }
        pub(super) fn free(&self) -> usize {
            0
        }
        pub(super) fn add(&mut self, _: &[u8]) -> Option<*const u8> {
            None
        }
    }
}

use super::exec::{act, figures_of};
use super::fused::{BACK, CUT, EXIT};
use super::{pc_of, Cpu, HALF_SHIFT};
use crate::silliac::arith::{Gate, Preset, HALF, WORD_MASK};
use crate::silliac::orders::{info, Action, Half, StoreField, ORDER_TABLE_CONST};
use crate::silliac::store::{Store, WATCH_OFFSET};
use memory::CodePages;
use std::mem::offset_of;
use x86::{
    at, Alu, Asm, Cond, Fixup, Mem, Reg, R10, R11, R12, R13, R14, R15, R8, R9, RAX, RBX, RCX, RDI,
    RDX, RSI,
};

/// A translated block: called with the run's registers, the store and the orders the budget
/// allows (at least the block's), it obeys the block's orders and returns the loop's
/// index as the interpreted ops leave it, in the low 32 bits, and in the high 32 the whole
/// runs it made before the last (a block whose last order goes back to its start runs again
/// inside its code, while those allow).
pub(super) type Entry = unsafe extern "sysv64" fn(*mut Cpu, *mut Store, u64) -> u64;

/// Where an order's address comes from.
#[derive(Clone, Copy, Debug)]
pub(super) enum Address {
    /// Decoded with the order.
    Fixed(u16),
    /// Read from the store when the order is obeyed: the order's control counter.
    Live(u32),
}

/// One order of a block as the translator sees it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Order {
    pub(super) code: u8,
    pub(super) address: Address,
    /// The loop's index if a store here changed a watched digit.
    pub(super) cut: usize,
    /// The loop's index if this is a conditional transfer inside the block and it goes;
    /// `None` for every other order.
    pub(super) leave: Option<usize>,
}

/// The code pages of one block cache.
#[derive(Default)]
pub(super) struct Translator {
    pages: Option<CodePages>,
    /// The host refused pages, or their protection: translate no more.
    refused: bool,
}

/// A block's code is at most this long (32 orders of at most about 90 bytes, with the entry,
/// the exit and the stubs), so that a cache with less free is renewed before a run.
const BLOCK_BYTES: usize = 8192;

impl Translator {
    /// Whether the next block might not fit: the cache should be renewed before a run.
    pub(super) fn nearly_full(&self) -> bool {
        self.pages
            .as_ref()
            .is_some_and(|p| p.free() < 64 * BLOCK_BYTES)
    }

    /// The code of a block of `orders` (in `ops` ops), under bound `B`; `None` if it cannot
    /// be placed (the block is then interpreted).
    pub(super) fn translate<const B: u8>(
        &mut self,
        orders: &[Order],
        ops: usize,
        start: u32,
    ) -> Option<Entry> {
        if self.refused || !cfg!(all(target_arch = "x86_64", target_os = "linux")) {
            return None;
        }
        if self.pages.is_none() {
            self.pages = CodePages::new();
            if self.pages.is_none() {
                self.refused = true;
                return None;
            }
        }
        let code = assemble::<B>(orders, ops, start);
        let pages = self.pages.as_mut()?;
        match pages.add(&code) {
            Some(p) => {
                // SAFETY: `p` is the start of `code`, now in executable pages, a function of
                // the `Entry` type (sysv64: two pointer arguments, a usize back) as
                // `assemble` built it.
                Some(unsafe { std::mem::transmute::<*const u8, Entry>(p) })
            }
            None => {
                if pages.free() >= code.len() {
                    // The protection change failed: other blocks' code may sit in pages that
                    // are no longer executable; the cache drops every entry (`refused`).
                    self.refused = true;
                    self.pages = None;
                }
                None
            }
        }
    }

    /// Whether translation has been refused by the host after entries were handed out: the
    /// cache must forget them.
    pub(super) fn refused(&self) -> bool {
        self.refused
    }
}

const A: i32 = offset_of!(Cpu, a) as i32;
const Q: i32 = offset_of!(Cpu, q) as i32;
const PC: i32 = offset_of!(Cpu, pc) as i32;
const CLOCK: i32 = offset_of!(Cpu, clock) as i32;

/// Registers of the code: A in R8 and Q in R9 (written back before a call and at the exit);
/// the run's `Cpu` and the store where they came (RDI, RSI) in a block that calls nothing but
/// at its exit, else in RBX and R14, which calls keep; the orders the budget allows after this
/// run in R12 and the runs made again in R13 in a block that runs again. The word mask is a
/// constant after the code.
#[derive(Clone, Copy)]
struct Frame {
    cpu: Reg,
    store: Reg,
}

const RA: Reg = R8;
const RQ: Reg = R9;
const AGAIN: Reg = R12;
const DONE: Reg = R13;

/// A helper the code calls for an order it does not obey inline: `act` for code `F`.
type Helper = extern "sysv64" fn(*mut Cpu, *mut Store, u32) -> u32;

extern "sysv64" fn act_helper<const F: u8, const B: u8>(
    cpu: *mut Cpu,
    store: *mut Store,
    n: u32,
) -> u32 {
    // SAFETY: translated code passes on the two pointers `run_blocks` called it with, made
    // from its exclusive borrows of the registers and the store, neither used meanwhile.
    let (cpu, store) = unsafe { (&mut *cpu, &mut *store) };
    let stale = act::<F>(cpu, store, n as u16);
    if matches!(
        const { ORDER_TABLE_CONST[F as usize].action },
        Action::ShiftLeft | Action::ShiftRight
    ) {
        cpu.clock += n as u64 * figures_of::<B>().shift_place_ns;
    }
    stale as u32
}

fn helper_of<const F: u8, const B: u8>() -> Helper {
    act_helper::<F, B>
}

fn helper<const B: u8>(code: u8) -> Helper {
    by_code!(code, helper_of::<_, B>())
}

/// A write changed a watched digit of word `i`: as `Store::write` does then.
extern "sysv64" fn stale_helper(store: *mut Store, i: u32) {
    // SAFETY: as in `act_helper`.
    let store = unsafe { &mut *store };
    store.went_stale(i as usize & (crate::silliac::store::WORDS - 1));
}

/// A store's write that changed a watched digit, to be handled out of line.
struct Stale {
    from: Fixup,
    word: Address,
    cut: usize,
}

/// Whether the block's last order is a transfer, its address decoded, to the block's start
/// (not to itself, which the block loop stops on): the block then runs again in its code.
fn loops(orders: &[Order], start: u32) -> bool {
    let Some(last) = orders.last() else {
        return false;
    };
    match (info(last.code).action, last.address) {
        (Action::Transfer { to, .. }, Address::Fixed(n)) => {
            last.leave.is_none() && pc_of(n, to) == start && start != start + orders_in(orders) - 1
        }
        _ => false,
    }
}

/// Orders of the block, counting control-counter steps.
fn orders_in(orders: &[Order]) -> u32 {
    orders.len() as u32
}

/// Whether an order's code calls the interpreter's: a shift of a live or long count.
fn calls(o: &Order) -> bool {
    matches!(info(o.code).action, Action::ShiftLeft | Action::ShiftRight)
        && !matches!(o.address, Address::Fixed(n) if n < 40)
}

fn assemble<const B: u8>(orders: &[Order], ops: usize, start: u32) -> Vec<u8> {
    let mut a = Asm::default();
    let leaf = !orders.iter().any(calls);
    let again = loops(orders, start);
    let f = if leaf {
        Frame {
            cpu: RDI,
            store: RSI,
        }
    } else {
        Frame {
            cpu: RBX,
            store: R14,
        }
    };
    let mut saved = Vec::new();
    if !leaf {
        saved.extend([RBX, R14]);
    }
    if again {
        saved.extend([AGAIN, DONE]);
    }
    // The stack aligned to 16 bytes at every call (the return address and an odd number of
    // pushes); a block that calls nothing but at its exit aligns it there.
    if !leaf && saved.len().is_multiple_of(2) {
        saved.push(R15);
    }
    for &r in &saved {
        a.push(r);
    }
    if !leaf {
        a.mov(f.cpu, RDI);
        a.mov(f.store, RSI);
    }
    if again {
        a.mov(AGAIN, RDX);
        a.add_imm(AGAIN, -(orders_in(orders) as i32));
        a.mov_imm(DONE, 0);
    }
    a.load(RA, at(f.cpu, A));
    a.load(RQ, at(f.cpu, Q));
    let top = a.code.len();
    let again = again.then_some((top, orders_in(orders) as i32));
    let mut exits = Vec::new();
    let mut stale = Vec::new();
    let last = orders.len().saturating_sub(1);
    for (i, o) in orders.iter().enumerate() {
        order::<B>(
            &mut a,
            f,
            o,
            again.filter(|_| i == last),
            &mut exits,
            &mut stale,
        );
    }
    a.mov_imm(RAX, ops as u64);
    for fixup in exits {
        a.patch(fixup);
    }
    a.store(at(f.cpu, A), RA);
    a.store(at(f.cpu, Q), RQ);
    let out = a.code.len();
    if again.is_some() {
        a.shl(DONE, 32);
        a.alu(Alu::Or, RAX, DONE);
    }
    for &r in saved.iter().rev() {
        a.pop(r);
    }
    a.ret();
    for s in stale {
        a.patch(s.from);
        a.store(at(f.cpu, A), RA);
        a.store(at(f.cpu, Q), RQ);
        // RDI first: the store may be in RSI.
        a.mov(RDI, f.store);
        match s.word {
            Address::Fixed(n) => a.mov_imm(RSI, n as u64),
            Address::Live(_) => a.mov32(RSI, RCX),
        }
        a.mov_imm(RAX, stale_helper as *const () as usize as u64);
        let pad = leaf && saved.len().is_multiple_of(2);
        if pad {
            a.push(RAX);
        }
        a.call(RAX);
        if pad {
            a.pop(RCX);
        }
        a.mov_imm(RAX, s.cut as u64);
        a.jump_to(out);
    }
    a.place_constant(WORD_MASK);
    a.code
}

/// The memory operand of word `n`'s place in the store (or in the watch array, `base` its
/// offset): fixed, or at the live address in RCX.
fn word_at(f: Frame, address: Address, base: i32) -> Mem {
    match address {
        Address::Fixed(n) => at(f.store, base + 8 * (n & 0x3FF) as i32),
        Address::Live(_) => Mem {
            base: f.store,
            index: Some(RCX),
            disp: base,
        },
    }
}

fn preset(a: &mut Asm, p: Preset) {
    match p {
        Preset::Hold => {}
        Preset::Clear => a.mov_imm(RA, 0),
        Preset::OneHalf => a.mov_imm(RA, HALF),
    }
}

/// The complement gate on RAX (`arith::gate`), modulo 2^64: the caller masks the sum.
fn gate(a: &mut Asm, g: Gate) {
    if g.abs {
        // RDX := whether to complement (the sign, flipped by `negate`).
        a.mov(RDX, RAX);
        a.shr(RDX, 39);
        a.and_imm(RDX, 1);
        if g.negate {
            a.xor_imm(RDX, 1);
        }
        a.mov(R10, RDX);
        a.neg(R10);
        a.alu(Alu::Xor, RAX, R10);
        if g.increment {
            a.add_imm(RAX, 1);
            a.alu(Alu::Sub, RAX, RDX);
        } else {
            a.alu(Alu::Add, RAX, RDX);
        }
    } else {
        if g.negate {
            a.not(RAX);
        }
        if g.negate ^ g.increment {
            a.add_imm(RAX, 1);
        }
    }
}

/// One order's code; `again`: it is the block's last, a transfer to its start (at this offset,
/// the block this many orders), where it goes while the budget allows another whole run.
fn order<const B: u8>(
    a: &mut Asm,
    f: Frame,
    o: &Order,
    again: Option<(usize, i32)>,
    exits: &mut Vec<Fixup>,
    stale: &mut Vec<Stale>,
) {
    let row = info(o.code);
    debug_assert!(super::fused::in_block(row.action));
    if let Address::Live(pc) = o.address {
        if !matches!(row.action, Action::AddQ(_)) {
            // RCX := the address, from the order's word as it is now.
            a.load(RCX, at(f.store, 8 * (pc >> 1) as i32));
            let shift = HALF_SHIFT[(pc & 1) as usize] as u8;
            if shift != 0 {
                a.shr(RCX, shift);
            }
            a.and_imm(RCX, 0x3FF);
        }
    }
    let m = word_at(f, o.address, 0);
    match row.action {
        Action::Add(g) => {
            a.load(RAX, m);
            gate(a, g);
            preset(a, row.preset);
            a.alu(Alu::Add, RA, RAX);
            a.and_constant(RA);
        }
        Action::AddQ(g) => {
            a.mov(RAX, RQ);
            gate(a, g);
            preset(a, row.preset);
            a.alu(Alu::Add, RA, RAX);
            a.and_constant(RA);
        }
        Action::LoadQ => {
            preset(a, row.preset);
            a.load(RQ, m);
        }
        Action::Extract => {
            preset(a, row.preset);
            a.alu_load(Alu::And, RQ, m);
        }
        Action::Store(field) => {
            preset(a, row.preset);
            let value = match field {
                StoreField::Word => RA,
                StoreField::Address(half) => {
                    let digits: i32 = match half {
                        Half::Left => 0x3FF << 20,
                        Half::Right => 0x3FF,
                    };
                    a.load(RAX, m);
                    a.and_imm(RAX, !digits);
                    a.mov(RDX, RA);
                    a.and_imm(RDX, digits);
                    a.alu(Alu::Or, RAX, RDX);
                    RAX
                }
            };
            a.load(RDX, m);
            a.store(m, value);
            a.alu(Alu::Xor, RDX, value);
            a.test_mem(word_at(f, o.address, WATCH_OFFSET as i32), RDX);
            stale.push(Stale {
                from: a.jump_if(Cond::NotZero),
                word: o.address,
                cut: o.cut,
            });
        }
        Action::Transfer {
            to,
            conditional,
            stop: false,
        } => {
            preset(a, row.preset);
            let negative = conditional.then(|| {
                a.bt(RA, 39);
                a.jump_if(Cond::Carry)
            });
            if let Some((top, len)) = again {
                a.cmp_imm(AGAIN, len);
                let no_more = a.jump_if(Cond::Carry);
                a.add_imm(AGAIN, -len);
                a.add_imm(DONE, 1);
                a.jump_to(top);
                a.patch(no_more);
            }
            match o.address {
                Address::Fixed(n) => a.store32_imm(at(f.cpu, PC), pc_of(n, to)),
                Address::Live(_) => {
                    a.mov(RDX, RCX);
                    a.shl(RDX, 1);
                    if to == Half::Right {
                        a.or_imm(RDX, 1);
                    }
                    a.store32(at(f.cpu, PC), RDX);
                }
            }
            if let Some(k) = o.leave {
                a.mov_imm(RAX, k as u64);
                exits.push(a.jump());
            }
            if let Some(f) = negative {
                a.patch(f);
            }
        }
        Action::Multiply(g) => {
            a.load(RAX, m);
            gate(a, g);
            preset(a, row.preset);
            multiply(a);
        }
        Action::ShiftLeft | Action::ShiftRight if matches!(o.address, Address::Fixed(n) if n < 40) =>
        {
            let Address::Fixed(n) = o.address else {
                unreachable!()
            };
            preset(a, row.preset);
            if matches!(row.action, Action::ShiftLeft) {
                shift_left(a, n as u8);
            } else {
                shift_right(a, n as u8);
            }
            let ns = n as u64 * figures_of::<B>().shift_place_ns;
            if ns > 0 {
                a.add_mem_imm(at(f.cpu, CLOCK), ns as i32);
            }
        }
        _ => {
            // Shifts of a live or long count: the interpreter's own code, A and Q through
            // memory.
            a.store(at(f.cpu, A), RA);
            a.store(at(f.cpu, Q), RQ);
            a.mov(RDI, f.cpu);
            a.mov(RSI, f.store);
            match o.address {
                Address::Fixed(n) => a.mov_imm(RDX, n as u64),
                Address::Live(_) => a.mov32(RDX, RCX),
            }
            a.mov_imm(RAX, helper::<B>(o.code) as *const () as usize as u64);
            a.call(RAX);
            a.load(RA, at(f.cpu, A));
            a.load(RQ, at(f.cpu, Q));
        }
    }
}

/// R := its low 40 bits as a signed number (`arith::to_signed`).
fn signed(a: &mut Asm, r: Reg) {
    a.shl(r, 24);
    a.sar(r, 24);
}

/// R := its low 39 bits (`arith::LOW39`).
fn low39(a: &mut Asm, r: Reg) {
    a.shl(r, 25);
    a.shr(r, 25);
}

/// R11 := Q's sign digit q0, in place.
fn q0(a: &mut Asm) {
    a.mov(R11, RQ);
    a.shr(R11, 39);
    a.shl(R11, 39);
}

/// `arith::multiply` of A (preset), the gated operand in RAX and Q: A:Q := A * 2^-39 + m * Q,
/// 79 digits wrapped, q0 kept.
fn multiply(a: &mut Asm) {
    signed(a, RAX);
    a.mov(R10, RQ);
    signed(a, R10);
    a.imul_wide(R10);
    a.mov(R10, RA);
    signed(a, R10);
    a.mov(R11, R10);
    a.sar(R11, 63);
    a.alu(Alu::Add, RAX, R10);
    a.adc(RDX, R11);
    // Q := q0 | the product's low 39 digits.
    a.mov(R10, RAX);
    low39(a, R10);
    q0(a);
    a.alu(Alu::Or, R10, R11);
    a.mov(RQ, R10);
    // A := the next 40.
    a.shrd(RAX, RDX, 39);
    a.and_constant(RAX);
    a.mov(RA, RAX);
}

/// `arith::shift_left` of A:Q by `n` < 40 places.
fn shift_left(a: &mut Asm, n: u8) {
    a.mov(R10, RQ);
    low39(a, R10);
    a.mov(RAX, R10);
    a.shr(RAX, 39 - n);
    a.shl(RA, n);
    a.alu(Alu::Or, RA, RAX);
    a.and_constant(RA);
    a.shl(R10, n);
    low39(a, R10);
    q0(a);
    a.alu(Alu::Or, R10, R11);
    a.mov(RQ, R10);
}

/// `arith::shift_right` of A:Q by `n` < 40 places: A's sign copied down.
fn shift_right(a: &mut Asm, n: u8) {
    a.mov(R10, RQ);
    low39(a, R10);
    a.shr(R10, n);
    a.mov(RAX, RA);
    a.shl(RAX, 39 - n);
    low39(a, RAX);
    a.alu(Alu::Or, R10, RAX);
    q0(a);
    a.alu(Alu::Or, R10, R11);
    a.mov(RQ, R10);
    a.shl(RA, 24);
    a.sar(RA, 24 + n);
    a.and_constant(RA);
}

/// The loop's index after a store in op `j` changed a watched digit (`first`: the store is the
/// first order of a fused pair, whose second it kept from being obeyed).
pub(super) fn cut_index(j: usize, first: bool) -> usize {
    (j + 1) | CUT | if first { BACK } else { 0 }
}

/// The loop's index after a conditional transfer inside the block, in op `j`, went.
pub(super) fn exit_index(j: usize) -> usize {
    (j + 1) | EXIT
}
