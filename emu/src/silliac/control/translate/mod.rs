//! Blocks translated into x86-64 code: each decoded block's orders become host instructions in
//! sequence, with A and Q in host registers, so that a block's run pays no jump on a function
//! code, no op load and no loop test per order; and at its end the code does the block loop's
//! accounting (the block's runs or the way out taken, its time, the budget) and jumps through
//! a table, by control counter, to the code of the next block, so that runs of translated
//! blocks do not come back to the block loop. It goes back (`Translator::enter` returns) where
//! the next block is not translated or the budget does not cover it, after a store that
//! changed a watched digit (the block loop then drops what it must), and at a transfer to
//! itself. The code reads and writes the machine's own store, tests each write against the
//! digits the cache watches, and reads a live word's address from the store when its order is
//! obeyed. Shifts of a live or long count call the interpreter's own code (`act`).
//!
//! Only on x86-64 Linux; elsewhere, or if the host refuses executable pages, every block is
//! interpreted. `Machine::set_translation` turns it off, so that the two can be compared.

mod block;

use super::exec::{act, shift_time};
use super::{Cpu, PC_MASK};
use crate::host::memory::CodePages;
use crate::host::x86::{self, at, Asm, RAX, RBX, RCX, RDI, RDX, RSI};
use crate::silliac::orders::{Action, ORDER_TABLE_CONST};
use crate::silliac::store::Store;
use block::{BLOCKS, CPU, CTX, LEFT, RA, RQ, STORE, TABLE};
use std::mem::offset_of;

/// Control-counter values.
const SLOTS: usize = PC_MASK as usize + 1;

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
    /// A conditional transfer inside the block: the op it ends when it goes (its way out).
    pub(super) leave: Option<usize>,
}

/// A block as the translator sees it: its orders, the figures the block loop accounts a run
/// with, and where in the cache's blocks (from their start, in bytes) its counts are kept.
pub(super) struct Shape<'a> {
    pub(super) start: u32,
    pub(super) orders: &'a [Order],
    /// Per order, its fixed time.
    pub(super) ns: &'a [u32],
    /// Per op, the orders and the fixed time up to its end.
    pub(super) ends: &'a [u8],
    pub(super) until: &'a [u64],
    /// The whole block's fixed time.
    pub(super) time: u64,
    /// The control counter of a last order that is a transfer that can go to itself, or more
    /// than any control counter.
    pub(super) to_itself: u32,
    /// The block's index in the cache, and where its whole runs, its ways out (one per op),
    /// their flag and its `listed` flag are.
    pub(super) index: usize,
    pub(super) runs_at: i32,
    pub(super) exits_at: i32,
    pub(super) exited_at: i32,
    pub(super) listed_at: i32,
}

/// What translated code needs of the run besides its registers and store: the budget (in and
/// out), the run's counts per code, the cache's blocks, the table of code by control counter,
/// and the list of blocks with runs to count (the index of each block whose `listed` it
/// sets; its length in and out).
#[repr(C)]
pub(super) struct Ctx {
    pub(super) left: u64,
    pub(super) counts: *mut u64,
    pub(super) blocks: *mut u8,
    pub(super) table: *const usize,
    pub(super) listed: *mut u64,
    pub(super) listed_len: u64,
}

const A: i32 = offset_of!(Cpu, a) as i32;
const Q: i32 = offset_of!(Cpu, q) as i32;
const PC: i32 = offset_of!(Cpu, pc) as i32;
const CLOCK: i32 = offset_of!(Cpu, clock) as i32;
const COUNTS: i32 = offset_of!(Ctx, counts) as i32;
const LISTED: i32 = offset_of!(Ctx, listed) as i32;
const LISTED_LEN: i32 = offset_of!(Ctx, listed_len) as i32;

/// The shared code every block leaves by: `leave` returns to the block loop with RAX as the
/// result, `leave_clean` with 0 (go on at the control counter).
#[derive(Clone, Copy)]
struct Exits {
    leave: usize,
    leave_clean: usize,
}

/// The code pages of one block cache, with the shared entry and exits, and the table.
pub(super) struct Translator {
    pages: Option<CodePages>,
    /// Where translated code starts, per control counter: a block's code, or `leave_clean`.
    table: Box<[usize; SLOTS]>,
    entry: usize,
    exits: Exits,
    /// The host refused the pages: translate no more.
    refused: bool,
}

impl Default for Translator {
    fn default() -> Self {
        Translator {
            pages: None,
            table: Box::new([0; SLOTS]),
            entry: 0,
            exits: Exits {
                leave: 0,
                leave_clean: 0,
            },
            refused: false,
        }
    }
}

/// A block's code is at most this long (32 orders of at most about 90 bytes, with the exits
/// and the stubs), so that a cache with less free is renewed before a run.
const BLOCK_BYTES: usize = 8192;

/// Translated code's entry: the run's registers, the store, the `Ctx`, and the block code to
/// go to; back with 0 (go on at the control counter) or 1 and a transfer's control counter
/// from bit 8 (a transfer to itself).
type Enter = unsafe extern "sysv64" fn(*mut Cpu, *mut Store, *mut Ctx, usize) -> u64;

impl Translator {
    /// Whether the next block might not fit: the cache should be renewed before a run.
    pub(super) fn nearly_full(&self) -> bool {
        self.pages
            .as_ref()
            .is_some_and(|p| p.free() < 64 * BLOCK_BYTES)
    }

    /// The pages, and the shared code at their start, made on first use.
    fn pages(&mut self) -> Option<&mut CodePages> {
        if self.refused || !crate::host::TRANSLATES {
            return None;
        }
        if self.pages.is_none() {
            let Some((pages, entry, leave, leave_clean)) = crate::host::pages_with(shared) else {
                self.refused = true;
                return None;
            };
            self.entry = entry;
            self.exits = Exits { leave, leave_clean };
            self.table.fill(leave_clean);
            self.pages = Some(pages);
        }
        self.pages.as_mut()
    }

    /// Translate block `b` under bound `B` and make it the code at its start; its code's
    /// address, or 0 if it cannot be placed (the block is then interpreted).
    pub(super) fn translate<const B: u8>(&mut self, b: &Shape) -> usize {
        self.forget(b.start);
        let fits = |t: u64| t < i32::MAX as u64;
        if !fits(b.time) || !b.until.iter().all(|&t| fits(t)) || self.pages().is_none() {
            return 0;
        }
        let exits = self.exits;
        let Some(pages) = self.pages.as_mut() else {
            return 0;
        };
        let code = block::assemble::<B>(b, pages.next(), exits);
        match pages.add(&code) {
            Some(p) => {
                self.table[b.start as usize] = p as usize;
                p as usize
            }
            None => 0,
        }
    }

    /// No code at control counter `pc` any more (its block was dropped).
    pub(super) fn forget(&mut self, pc: u32) {
        self.table[pc as usize] = self.exits.leave_clean;
    }

    /// The table of code by control counter, for `Ctx`.
    pub(super) fn table(&self) -> *const usize {
        self.table.as_ptr()
    }

    /// Run translated code from `code` (a block's, from `translate`) with the run's registers
    /// and store and `ctx`; see `Enter` for what comes back.
    pub(super) fn enter(
        &self,
        cpu: &mut Cpu,
        store: &mut Store,
        ctx: &mut Ctx,
        code: usize,
    ) -> u64 {
        // SAFETY: `entry` is the shared entry made with the pages (the `Enter` type), `code`
        // a block's code in them; the registers, store and what `ctx` points to (the run's
        // counts, the cache's blocks and list, this table) are the caller's exclusive
        // borrows, which nothing else touches until the code returns; the code writes only
        // the fields and words these pointers reach, as `block::assemble` says.
        unsafe {
            let enter = std::mem::transmute::<usize, Enter>(self.entry);
            enter(cpu, store, ctx, code)
        }
    }
}

/// The shared code: the entry (saves the registers the code keeps, loads them, jumps to the
/// block's code) and the exits; the code with the offsets of `leave` and `leave_clean`.
fn shared(origin: usize) -> (Vec<u8>, usize, usize) {
    let mut a = Asm::at(origin);
    // Six registers and one more push, so that the stack is aligned to 16 bytes at calls.
    let saved = [RBX, x86::RBP, x86::R12, x86::R13, x86::R14, x86::R15, RAX];
    for r in saved {
        a.push(r);
    }
    a.mov(CPU, RDI);
    a.mov(STORE, RSI);
    a.mov(CTX, RDX);
    a.load(LEFT, at(CTX, offset_of!(Ctx, left) as i32));
    a.load(BLOCKS, at(CTX, offset_of!(Ctx, blocks) as i32));
    a.load(TABLE, at(CTX, offset_of!(Ctx, table) as i32));
    a.load(RA, at(CPU, A));
    a.load(RQ, at(CPU, Q));
    a.jump_reg(RCX);
    let leave_clean = a.code.len();
    a.mov_imm(RAX, 0);
    let leave = a.code.len();
    a.store(at(CPU, A), RA);
    a.store(at(CPU, Q), RQ);
    a.store(at(CTX, offset_of!(Ctx, left) as i32), LEFT);
    a.pop(RCX);
    for &r in saved[..6].iter().rev() {
        a.pop(r);
    }
    a.ret();
    (a.code, leave, leave_clean)
}

/// A helper the code calls for an order it does not obey inline (a shift of a long or live
/// count): `act` for code `F`, and a shift's time per place.
type Helper = extern "sysv64" fn(*mut Cpu, *mut Store, u32);

extern "sysv64" fn act_helper<const F: u8, const B: u8>(cpu: *mut Cpu, store: *mut Store, n: u32) {
    // SAFETY: translated code passes on the two pointers `Translator::enter` was given, made
    // from the block loop's exclusive borrows of the registers and the store.
    let (cpu, store) = unsafe { (&mut *cpu, &mut *store) };
    // No store comes here, so whether a write went stale is never asked.
    act::<F>(cpu, store, n as u16);
    if matches!(
        const { ORDER_TABLE_CONST[F as usize].action },
        Action::ShiftLeft | Action::ShiftRight
    ) {
        cpu.clock += shift_time::<B>(n as u16);
    }
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
