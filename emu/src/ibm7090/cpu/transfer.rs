//! Transfers: the IC set or not, and in trap mode the location stored in 0000 instead.

use super::icache::Entry;
use super::regs::Regs;
use super::{ADDR, STORE_WORDS};

/// Where trap mode stores a transfer's location (its address part), and where it traps to.
pub(super) const TRAP_SAVE: usize = 0;
pub(super) const TRAP_TRANSFER: u32 = 1;
/// Where STR goes, its location + 1 in 0000.
pub(super) const TRAP_STR: u32 = 2;

/// Store `location` in the address part (21-35) of 0000, the rest of the word kept (the caller
/// tells the cache of decoded words).
#[inline(always)]
pub(super) fn store_trap_location(mem: &mut [u64; STORE_WORDS], location: u32) {
    mem[TRAP_SAVE] = (mem[TRAP_SAVE] & !(ADDR as u64)) | (location & ADDR as u32) as u64;
}

/// A transfer order at `at` (for XEC, the XEC's location): IC := Y if `go`. In trap mode
/// (`trap`) [CE-98] the transfer is not made: its location goes to 0000 whether or not it
/// would be taken, and a taken one traps to 0001 (TTR alone is immune). In the hot loop
/// (`HOT`) trap mode is never on, and the test is compiled out. Whether the IC was set.
#[inline(always)]
pub(super) fn transfer<const HOT: bool>(
    mem: &mut [u64; STORE_WORDS],
    r: &mut Regs,
    trap: bool,
    go: bool,
    y: u16,
    at: u16,
) -> bool {
    if !HOT && trap {
        store_trap_location(mem, at as u32);
        if go {
            r.ic = TRAP_TRANSFER;
        }
    } else if go {
        r.ic = y as u32;
    }
    go
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
) -> bool {
    let xr = r.xr_operand::<HOT>(e.x);
    let counts = xr > e.decrement;
    if counts {
        r.xr_load::<HOT>(e.x, xr - e.decrement);
    }
    transfer::<HOT>(mem, r, trap, counts == ON_COUNT, e.address, at)
}
