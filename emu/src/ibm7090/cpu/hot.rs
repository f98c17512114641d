//! The hot loop: steps with no trace and no budget test, on a local copy of the registers
//! and on the store and the cache of decoded words alone, so that the host keeps the
//! registers in its own. It leaves to `Machine::execute_left` the instructions that need
//! more of the machine, and those that name index registers in a less common way
//! (indirect, a tag naming several registers, a tag 0 where a register is the operand). An
//! XEC of a word it runs runs without the machine: in the loop when no channel event is to
//! come and the word is no transfer that may come back to the XEC (`xec::<true>`), else
//! after it (`xec`), where the tight-loop test follows.

use super::super::decode;
use super::super::isa::Op;
use super::exec::{core, Flow};
use super::icache::{self, alone, refill, Icache};
use super::regs::Regs;
use super::{Stop, ADDR, STORE_WORDS};

/// Why `steps` returned.
pub(super) enum Exit {
    /// All the steps asked for ran.
    Done,
    /// The cycle count reached the horizon `steps` was given: the next boundary is the
    /// channels' (a word to deliver or take, a trap that may be due).
    Horizon,
    /// HTR or HPR (executed and counted).
    Stop(Stop),
    /// The word at `at` is left to `Machine::execute_left`: fetched (IC past it), not
    /// executed and not counted.
    Left { word: u64, at: u16 },
}

/// Run up to `n` steps; returns why it ended and the steps not run (the one that ended
/// it counts as run). `EVENTS`: each step starts only while the cycle count is below
/// `horizon`, where the channels next have something to do at a boundary (`Io::next_event`);
/// without it the loop has no such test, and `horizon` is not read.
#[inline(never)]
pub(super) fn steps<const EVENTS: bool>(
    mem: &mut [u64; STORE_WORDS],
    icache: &mut Icache,
    dec: &decode::Table,
    r: &mut Regs,
    n: u64,
    horizon: u64,
) -> (Exit, u64) {
    let mut g = *r;
    // Opaque to the optimiser, so that the loop compiles the same whichever codegen unit its
    // caller lands in: told by the caller that `n` is never 0, it laid the loop out by that
    // (bench 7090 under cachegrind: 2.409 G host instructions opaque, 2.743 G or 2.756 G
    // known, as the units fell).
    let mut left = std::hint::black_box(n);
    let exit = loop {
        // Two steps or more left: a fused pair may take two (`fused::pair`).
        if left < 2 {
            break Exit::Done;
        }
        if EVENTS && g.cycles >= horizon {
            break Exit::Horizon;
        }
        left -= 1;
        let at = (g.ic as u16) & ADDR;
        let word = mem[at as usize];
        g.ic = ((at + 1) & ADDR) as u32;
        if icache[at as usize].word != word {
            refill(icache, dec, at, word, next_word(mem, at));
        }
        let e = &icache[at as usize];
        let y = e.address.wrapping_sub(g.xa[e.yx as usize & 3] as u16) & ADDR;
        let h = if EVENTS { horizon } else { u64::MAX };
        match core::<true>(mem, &mut g, e, y, at, e.cycles as u64, false, h) {
            Flow::Next => {}
            Flow::Stop(stop) => break Exit::Stop(stop),
            Flow::Machine => {
                // An XEC of a word the loop runs (but a transfer that may come back to it) runs
                // here where no trap can be due (no events); the hold-off it leaves is the
                // caller's.
                if !EVENTS && icache[at as usize].op == Op::Xec {
                    if let Some(res) = xec::<true>(mem, icache, dec, &mut g, at) {
                        g.held = true;
                        match res {
                            Ok(()) => continue,
                            Err(stop) => break Exit::Stop(stop),
                        }
                    }
                }
                // Not run here: the caller runs it and counts it.
                g.instructions += n - left - 1;
                *r = g;
                return (Exit::Left { word, at }, left);
            }
        }
    };
    // Every step run here is one instruction, a pair two (`g.instructions` counts the second).
    g.instructions += n - left;
    *r = g;
    if left == 1 && matches!(exit, Exit::Done) {
        if EVENTS && r.cycles >= horizon {
            return (Exit::Horizon, left);
        }
        // The last step: left to the machine, which runs it alone.
        let at = (r.ic as u16) & ADDR;
        r.ic = ((at + 1) & ADDR) as u32;
        return (
            Exit::Left {
                word: mem[at as usize],
                at,
            },
            0,
        );
    }
    (exit, left)
}

/// The word the loop left at `at` (its entry in the cache), if it is an XEC of a word the
/// loop runs: runs the XEC and that word as if it stood at `at`, counts both and returns how
/// it ended; the caller sets the trap hold-off an XEC makes, and gives a transfer back to the
/// XEC the tight-loop test, as after any word it leaves. `None`: nothing done, the XEC is
/// left to the machine (a chain, or a word the loop leaves), as is any other word. Out of
/// the loop, so that the loop's own registers are as they were. `IN_LOOP`: called from the
/// loop, which counts the XEC's step: only the word is counted, and an XEC of a transfer that
/// may come back to the XEC (STR goes to 0002) is left (`None`), for the caller's test.
#[inline(never)]
pub(super) fn xec<const IN_LOOP: bool>(
    mem: &mut [u64; STORE_WORDS],
    icache: &mut Icache,
    dec: &decode::Table,
    r: &mut Regs,
    at: u16,
) -> Option<Result<(), Stop>> {
    let x = &icache[at as usize];
    // The entry must still be the word's: the loop's last step of a slice leaves a word
    // without fetching it into the cache.
    if x.op != Op::Xec || x.word != mem[at as usize] {
        return None;
    }
    let xec_cycles = x.cycles as u64;
    let y = x.address.wrapping_sub(r.xa[x.yx as usize & 3] as u16) & ADDR;
    let word = mem[y as usize];
    if icache[y as usize].word != word {
        refill(icache, dec, y, word, next_word(mem, y));
    }
    let mut e = icache[y as usize];
    // The word alone: an XEC runs one word, never a pair.
    e.op = alone(e.op);
    let ty = e.address.wrapping_sub(r.xa[e.yx as usize & 3] as u16) & ADDR;
    if IN_LOOP && icache::transfers(e.op) && (ty == at || e.op == Op::Str) {
        return None;
    }
    let cycles = xec_cycles + e.cycles as u64;
    // `core` leaves the registers untouched when it declines the word.
    let res = match core::<true>(mem, r, &e, ty, at, cycles, false, 0) {
        Flow::Machine => return None,
        Flow::Next => Ok(()),
        Flow::Stop(stop) => Err(stop),
    };
    r.instructions += if IN_LOOP { 1 } else { 2 };
    Some(res)
}

/// The word after `at` in the store, which a fused pair's second would be (none after the
/// last word).
#[inline(always)]
fn next_word(mem: &[u64; STORE_WORDS], at: u16) -> Option<u64> {
    (at < ADDR).then(|| mem[at as usize + 1])
}
