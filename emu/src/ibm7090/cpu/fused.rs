//! The orders fused pairs are made of, each as `core` runs it alone (its arm calls `simple`
//! with the order a constant), the pairs themselves (`icache::PAIRS`), and the rule of
//! transfers in and out of trap mode that they share with `core`'s other orders.

use super::super::arith::{self, AC_MAG, AC_S, SIGN};
use super::super::isa::Op;
use super::icache::Entry;
use super::regs::Regs;
use super::{ADDR, STORE_WORDS};

/// Where trap mode stores a transfer's location (its address part), and where it traps to.
pub(super) const TRAP_SAVE: usize = 0;
pub(super) const TRAP_TRANSFER: u32 = 1;
/// Where STR goes, its location + 1 in 0000.
pub(super) const TRAP_STR: u32 = 2;

/// Store `location` in the address part (21-35) of 0000, the rest of the word kept.
#[inline(always)]
pub(super) fn store_trap_location(mem: &mut [u64; STORE_WORDS], location: u32) {
    mem[TRAP_SAVE] = (mem[TRAP_SAVE] & !(ADDR as u64)) | (location & ADDR as u32) as u64;
}

/// A transfer order at `at` (for XEC, the XEC's location): IC := Y if `go`. In trap mode
/// (`trap`) [CE-98] the transfer is not made: its location goes to 0000 whether or not it
/// would be taken, and a taken one traps to 0001 (TTR alone is immune). In the hot loop
/// (`HOT`) trap mode is never on, and the test is compiled out.
#[inline(always)]
pub(super) fn transfer<const HOT: bool>(
    mem: &mut [u64; STORE_WORDS],
    r: &mut Regs,
    trap: bool,
    go: bool,
    y: u16,
    at: u16,
) {
    if !HOT && trap {
        store_trap_location(mem, at as u32);
        if go {
            r.ic = TRAP_TRANSFER;
        }
    } else if go {
        r.ic = y as u32;
    }
}

/// TIX (`ON_COUNT`) and TNX: both count the index register down by D when it exceeds D; TIX
/// transfers when it counts, TNX when it does not. One body, each arm its own copy (hot loop).
#[inline(always)]
pub(super) fn count_down<const HOT: bool, const ON_COUNT: bool>(
    mem: &mut [u64; STORE_WORDS],
    r: &mut Regs,
    e: &Entry,
    trap: bool,
    at: u16,
) {
    let xr = r.xr_operand::<HOT>(e.x);
    let counts = xr > e.decrement;
    if counts {
        r.xr_load::<HOT>(e.x, xr - e.decrement);
    }
    transfer::<HOT>(mem, r, trap, counts == ON_COUNT, e.address, at);
}

/// AC := AC + `w`, the overflow as the adder gives it.
#[inline(always)]
pub(super) fn add(r: &mut Regs, w: u64) {
    let (ac, ovf) = arith::add(r.ac, w);
    r.ac = ac;
    r.overflow |= ovf;
}

/// The orders the fused pairs are made of (`icache::PAIRS`), one at a time: `core`'s arms
/// call it with the order a constant, so each arm is that order's code alone. The cycles are
/// the caller's. False, and nothing done, for any other order.
#[inline(always)]
pub(super) fn simple<const HOT: bool>(
    op: Op,
    mem: &mut [u64; STORE_WORDS],
    r: &mut Regs,
    e: &Entry,
    y: u16,
    at: u16,
    trap: bool,
) -> bool {
    let yi = (y & ADDR) as usize;
    match op {
        Op::Cla => r.ac = arith::ac_from_word(mem[yi]),
        Op::Add => add(r, mem[yi]),
        Op::Sub => add(r, mem[yi] ^ SIGN),
        Op::Ana => r.ac &= mem[yi],
        Op::Sto => mem[yi] = arith::word_from_ac(r.ac),
        Op::Stz => mem[yi] = 0,
        Op::Lac => r.xr_load::<HOT>(e.x, (mem[yi] as u16).wrapping_neg()),
        Op::Pax => r.xr_load::<HOT>(e.x, r.ac as u16),
        Op::Pac => r.xr_load::<HOT>(e.x, (r.ac as u16).wrapping_neg()),
        Op::Pxa => r.ac = r.xr_operand::<HOT>(e.x) as u64,
        Op::Axt => r.xr_load::<HOT>(e.x, e.address),
        Op::Tix => count_down::<HOT, true>(mem, r, e, trap, at),
        Op::Tra => transfer::<HOT>(mem, r, trap, true, y, at),
        Op::Tze => transfer::<HOT>(mem, r, trap, r.ac & AC_MAG == 0, y, at),
        Op::Tnz => transfer::<HOT>(mem, r, trap, r.ac & AC_MAG != 0, y, at),
        Op::Tpl => transfer::<HOT>(mem, r, trap, r.ac & AC_S == 0, y, at),
        Op::Tmi => transfer::<HOT>(mem, r, trap, r.ac & AC_S != 0, y, at),
        _ => return false,
    }
    true
}

/// A fused pair at `at` (the hot loop's, never in trap mode): `first` as its entry `e` says,
/// then `second` as the loop would run it next: only while the next word is still the one
/// the entry decoded (a store by the first into it, or any change since, leaves it to the
/// loop) and the channels have nothing to do before it (`horizon`; the loop leaves room for
/// two steps). The second's instruction counted here, the first's by the loop. False, and
/// nothing done, if the two are not orders of the pairs (or not in the hot loop).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn pair<const HOT: bool>(
    first: Op,
    second: Op,
    mem: &mut [u64; STORE_WORDS],
    r: &mut Regs,
    e: &Entry,
    y: u16,
    at: u16,
    horizon: u64,
) -> bool {
    if !HOT || !simple::<true>(first, mem, r, e, y, at, false) {
        return false;
    }
    r.cycles += e.cycles as u64;
    // Never at the store's last word (`icache::refill`).
    let next = at + 1;
    if e.second.word != mem[next as usize] || r.cycles >= horizon {
        return true;
    }
    r.instructions += 1;
    r.ic = ((next + 1) & ADDR) as u32;
    let e2 = e.second(second);
    let y2 = e2.address.wrapping_sub(r.xa[e2.yx as usize & 3] as u16) & ADDR;
    simple::<true>(second, mem, r, &e2, y2, next, false);
    r.cycles += e2.cycles as u64;
    true
}
