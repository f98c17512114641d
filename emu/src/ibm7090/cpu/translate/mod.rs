//! Blocks of 7090 words translated into x86-64 code, for the hot loop's runs without channel
//! events: a block is the words from where control enters up to the first transfer, skip or
//! word the translator leaves (at most `MAX_WORDS`); its code holds AC and MQ in host
//! registers, runs the commonest orders inline and the others of the hot loop through `core`
//! (`run_helper`), counts the block's steps and cycles once, and jumps through a table by IC
//! to the next block's code. It goes back to `steps` where the next block is not translated or
//! the budget does not cover it, and where a word of a block is no longer the word it was
//! translated from: each block compares its words with the store's as it is entered (any
//! writer, the CPU's own stores, the channels' deliveries between runs, a user's `mem_mut`, is
//! seen there), and a store into a later word of the block it is in leaves the block after
//! it. A word found changed under blocks twice, and every XEC, runs live: decoded from the
//! store as it runs (`run_live`). A word the translator leaves (HTR, the channels' orders,
//! indirect addresses, a transfer to itself: what the hot loop leaves) goes back to the run
//! as the hot loop leaves a word, fetched into the cache of decoded words.
//!
//! Only on x86-64 Linux (`crate::host`); elsewhere, or if the host refuses the pages, or after
//! `Machine::set_translation(false)`, the hot loop runs every word.

mod block;

use super::super::decode;
use super::super::isa::Op;
use super::exec::{core, Flow};
use super::hot::{self, Exit};
use super::icache::{self, Entry, Icache};
use super::regs::Regs;
use super::{Stop, ADDR, STORE_WORDS};
use crate::host::memory::CodePages;
use crate::host::x86::{at, Asm, R12, R13, R14, R15, RAX, RBP, RBX, RCX, RDI, RDX, RSI};
use block::{AC, LEFT, MEM, MQ, REGS, TABLE};
use std::mem::offset_of;

/// Words in a block at most.
const MAX_WORDS: usize = 32;

/// A block's code is at most this long (`MAX_WORDS` words of at most about 150 bytes, the
/// entry's checks and the exits), so that pages with less free are renewed first.
const BLOCK_BYTES: usize = 12 * 1024;

/// Times the words of blocks starting at one address may be found changed before that
/// address is left to the hot loop (code that rewrites itself on every pass, beyond what
/// live words take).
const STALE_LIMIT: u8 = 64;

/// Times a word may be found changed under a block before it is translated as live: read
/// and decoded from the store each time it runs (`run_live`).
const VOLATILE: u8 = 2;

/// Steps the hot loop runs at an address left to it for its changing words.
const CHUNK: u64 = 256;

/// What `Translator::enter` comes back with, besides 0 (go on at the IC): the block at the
/// address from bit 8 found changed (the changed word's address from bit 24), or the word at
/// the address from bit 8 declined (a live word the translator leaves, or by `core`, which
/// never declines the orders `kind` names): it goes to the machine, not round again.
const STALE: u64 = 1;
const DECLINED: u64 = 2;
/// A live XEC ran an HTR or HPR: the stop is in `Live::stop`.
const STOPPED: u64 = 3;
/// The word at the address from bit 8 not run, left to the machine this once: a transfer to
/// its own location by an index register (the machine tells a tight loop, as when the hot
/// loop leaves it), an XEC the hot loop would leave.
const ONCE: u64 = 4;

/// What translated code needs besides the registers and the store: the steps the run still
/// allows (in and out) and the table of code by IC.
#[repr(C)]
pub(super) struct Ctx {
    left: u64,
    table: *const usize,
}

/// The offsets in `Regs` the code reads and writes.
const R_AC: i32 = offset_of!(Regs, ac) as i32;
const R_MQ: i32 = offset_of!(Regs, mq) as i32;
const R_IC: i32 = offset_of!(Regs, ic) as i32;
const R_XA: i32 = offset_of!(Regs, xa) as i32;
const R_OVERFLOW: i32 = offset_of!(Regs, overflow) as i32;
const R_CYCLES: i32 = offset_of!(Regs, cycles) as i32;

/// How one word of a block runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum How {
    /// Its code inline.
    Inline,
    /// Through `core` (`run_helper`), the entry at this index of the block's entries.
    Helper(usize),
    /// Read from the store and decoded as it runs (`run_live`): a word found changed under
    /// blocks before, and XEC.
    Live,
}

/// One word of a block, decoded.
#[derive(Clone, Copy, Debug)]
struct Word {
    at: u16,
    e: Entry,
    how: How,
}

/// How a block ends: in sequence (its last word neither transfers nor skips, and the next
/// word starts a block of its own), by an inline transfer (its last word), or wherever its
/// last word, run through `core`, left the IC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Sequence,
    Transfer,
    Anywhere,
}

/// A block as planned from the store: its words and how it ends.
struct Plan {
    start: u16,
    words: Vec<Word>,
    end: End,
}

/// The shared code blocks leave by.
#[derive(Clone, Copy)]
struct Exits {
    /// Back to `steps` with RAX as the result.
    leave: usize,
    /// Back with 0: go on at the IC (stored by whoever jumped here).
    leave_clean: usize,
}

/// The translated blocks of one machine: their pages, the shared entry and exits, the table
/// of code by IC, the entries helpers run, and per address what is known against translating
/// there.
pub(super) struct Translator {
    on: bool,
    pages: Option<CodePages>,
    table: Box<[usize; STORE_WORDS]>,
    entry: usize,
    exits: Exits,
    /// The entries of the words blocks run through `core`, a box per block so that their
    /// addresses, in the code, stay put.
    entries: Vec<Box<[Entry]>>,
    /// A word no block can start with, per address (the word it was; `u64::MAX`: none).
    refused: Box<[u64; STORE_WORDS]>,
    /// How often blocks starting at each address were found changed.
    stale: Box<[u8; STORE_WORDS]>,
    /// How often the word at each address was found changed under a block.
    changed: Box<[u8; STORE_WORDS]>,
    /// What live words need, its address in the code.
    live: Box<Live>,
    /// The host refused the pages.
    failed: bool,
}

impl Default for Translator {
    fn default() -> Self {
        Translator {
            on: true,
            pages: None,
            table: boxed(0),
            entry: 0,
            exits: Exits {
                leave: 0,
                leave_clean: 0,
            },
            entries: Vec::new(),
            refused: boxed(u64::MAX),
            stale: boxed(0),
            changed: boxed(0),
            live: Box::new(Live {
                icache: std::ptr::null_mut(),
                dec: std::ptr::null(),
                stop: None,
            }),
            failed: false,
        }
    }
}

fn boxed<T: Copy>(v: T) -> Box<[T; STORE_WORDS]> {
    vec![v; STORE_WORDS]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("a vector of the store's size"))
}

/// Translated code's entry: the registers, the store, the `Ctx` and the block code to go to;
/// back with 0 (go on at the IC) or `STALE` and the address of a block whose words changed
/// from bit 8.
type Enter = unsafe extern "sysv64" fn(*mut Regs, *mut u64, *mut Ctx, usize) -> u64;

impl Translator {
    /// Translate (or not, `false`: the hot loop runs every word).
    pub(super) fn set(&mut self, on: bool) {
        self.on = on;
        self.clear();
    }

    /// Forget every block (the decode table changed, or the pages are nearly full).
    pub(super) fn clear(&mut self) {
        self.pages = None;
        self.entries.clear();
        self.refused.fill(u64::MAX);
        self.stale.fill(0);
        self.changed.fill(0);
    }

    /// The pages and the shared code at their start, made on first use.
    fn pages(&mut self) -> Option<&mut CodePages> {
        if !self.on || self.failed || !crate::host::TRANSLATES {
            return None;
        }
        if self.pages.is_none() {
            let Some((pages, entry, leave, leave_clean)) = crate::host::pages_with(shared) else {
                self.failed = true;
                return None;
            };
            self.entry = entry;
            self.exits = Exits { leave, leave_clean };
            self.table.fill(leave_clean);
            self.pages = Some(pages);
        }
        self.pages.as_mut()
    }

    /// The code of the block at `at`, translated now if need be; `None` where no block
    /// starts (the word is left to the hot loop or the machine).
    fn code_at(&mut self, at: u16, mem: &[u64; STORE_WORDS], dec: &decode::Table) -> Option<usize> {
        let i = at as usize;
        if self.pages.is_some() && self.table[i] != self.exits.leave_clean {
            return Some(self.table[i]);
        }
        if self.refused[i] == mem[i] || self.stale[i] >= STALE_LIMIT {
            return None;
        }
        let Some(plan) = plan(mem, dec, at, &self.changed) else {
            self.refused[i] = mem[i];
            return None;
        };
        if self.pages()?.free() < 2 * BLOCK_BYTES {
            self.clear();
            self.pages()?;
        }
        let entries: Box<[Entry]> = plan
            .words
            .iter()
            .filter(|w| matches!(w.how, How::Helper(_)))
            .map(|w| w.e)
            .collect();
        let exits = self.exits;
        let pages = self.pages.as_mut()?;
        let live = &mut *self.live as *mut Live;
        let code = block::assemble(&plan, pages.next(), exits, entries.as_ptr(), live);
        let placed = pages.add(&code)? as usize;
        self.entries.push(entries);
        self.table[i] = placed;
        Some(placed)
    }

    /// The block at `start` found changed at `word`: forgotten, and counted against both.
    fn went_stale(&mut self, start: u16, word: u16) {
        let i = start as usize;
        self.table[i] = self.exits.leave_clean;
        self.stale[i] = self.stale[i].saturating_add(1);
        let w = word as usize;
        self.changed[w] = self.changed[w].saturating_add(1);
    }

    fn enter(
        &mut self,
        r: &mut Regs,
        mem: &mut [u64; STORE_WORDS],
        left: &mut u64,
        code: usize,
    ) -> u64 {
        let mut ctx = Ctx {
            left: *left,
            table: self.table.as_ptr(),
        };
        // SAFETY: `entry` is the shared entry made with the pages (the `Enter` type), `code`
        // a block's code in them, made by `block::assemble`; the registers and the store are
        // the caller's exclusive borrows and `ctx` a local, which nothing else touches until
        // the code returns; the code reads and writes only the fields of `Regs` named by the
        // offsets above, the store's words (addresses masked to the store), the table, and
        // the entries of this translator, which live as long as the code.
        let res = unsafe {
            let enter = std::mem::transmute::<usize, Enter>(self.entry);
            enter(r, mem.as_mut_ptr(), &mut ctx, code)
        };
        *left = ctx.left;
        res
    }
}

/// The hot loop's run of up to `n` steps without channel events (`hot::steps::<false>`), in
/// translated blocks where there are: the same exits and the same accounting of steps.
#[allow(clippy::too_many_arguments)]
pub(super) fn steps(
    tr: &mut Translator,
    mem: &mut [u64; STORE_WORDS],
    icache: &mut Icache,
    dec: &decode::Table,
    r: &mut Regs,
    n: u64,
) -> (Exit, u64) {
    if !tr.on || tr.failed {
        return hot::steps::<false>(mem, icache, dec, r, n, 0);
    }
    // For live words: this run's cache and decode table.
    *tr.live = Live {
        icache,
        dec,
        stop: None,
    };
    let mut left = n;
    loop {
        if left == 0 {
            return (Exit::Done, 0);
        }
        let at = (r.ic as u16) & ADDR;
        if let Some(code) = tr.code_at(at, mem, dec) {
            let before = left;
            let res = tr.enter(r, mem, &mut left, code);
            r.instructions += before - left;
            if res == 0 && left == before && (r.ic as u16 & ADDR) == at {
                // Fewer steps left than the block's words: the hot loop runs them.
                let (exit, l) = hot::steps::<false>(mem, icache, dec, r, left, 0);
                return (exit, l);
            }
            match res & 0xFF {
                STOPPED => {
                    if let Some(stop) = tr.live.stop.take() {
                        return (Exit::Stop(stop), left);
                    }
                }
                ONCE => {
                    let at = (res >> 8) as u16 & ADDR;
                    return (leave(mem, icache, dec, r, at), left - 1);
                }
                STALE => tr.went_stale((res >> 8) as u16 & ADDR, (res >> 24) as u16 & ADDR),
                DECLINED => {
                    let at = (res >> 8) as usize & ADDR as usize;
                    tr.refused[at] = mem[at];
                    tr.table[at] = tr.exits.leave_clean;
                }
                _ => {}
            }
            continue;
        }
        if tr.stale[at as usize] >= STALE_LIMIT {
            // Words rewritten on every pass: the hot loop for a while.
            let k = left.min(CHUNK);
            let (exit, l) = hot::steps::<false>(mem, icache, dec, r, k, 0);
            left -= k - l;
            if !matches!(exit, Exit::Done) {
                return (exit, left);
            }
            continue;
        }
        // A word no block runs: left as the hot loop leaves it (fetched, not counted).
        return (leave(mem, icache, dec, r, at), left - 1);
    }
}

/// The word at `at` left to the caller as the hot loop leaves one: fetched (the IC past it)
/// and its entry in the cache of decoded words as the store holds it, which the caller's
/// XEC path reads (`hot::xec`).
fn leave(
    mem: &[u64; STORE_WORDS],
    icache: &mut Icache,
    dec: &decode::Table,
    r: &mut Regs,
    at: u16,
) -> Exit {
    let word = mem[at as usize];
    if icache[at as usize].word != word {
        let next = (at < ADDR).then(|| mem[at as usize + 1]);
        icache::refill(icache, dec, at, word, next);
    }
    r.ic = ((at + 1) & ADDR) as u32;
    Exit::Left { word, at }
}

/// The block that starts at `start`, as the store holds it now; `None` if its first word is
/// one the translator leaves.
fn plan(
    mem: &[u64; STORE_WORDS],
    dec: &decode::Table,
    start: u16,
    changed: &[u8; STORE_WORDS],
) -> Option<Plan> {
    let mut words = Vec::new();
    let mut end = End::Sequence;
    let mut helpers = 0;
    for k in 0..MAX_WORDS as u16 {
        let Some(at) = start.checked_add(k).filter(|&a| a <= ADDR) else {
            break;
        };
        let e = icache::decoded(mem[at as usize], at, dec);
        let Some(kind) = kind(e.op) else {
            break;
        };
        let how = if e.op == Op::Xec || changed[at as usize] >= VOLATILE {
            How::Live
        } else if kind.inline && inline_fits(&e) {
            How::Inline
        } else {
            helpers += 1;
            How::Helper(helpers - 1)
        };
        words.push(Word { at, e, how });
        if how == How::Live {
            // It ends the block itself where it must (`run_live`).
            continue;
        }
        match kind.flow {
            Leaves::Next => {}
            Leaves::Transfer if how == How::Inline => {
                end = End::Transfer;
                break;
            }
            Leaves::Transfer | Leaves::Skip => {
                end = End::Anywhere;
                break;
            }
        }
        // A store into a later word of the block: the block ends after it, so that the
        // word runs as the store left it.
        if kind.stores && e.yx == 3 {
            let y = e.address & ADDR;
            if y > at && (y - at) as usize <= MAX_WORDS {
                break;
            }
        }
    }
    (!words.is_empty()).then_some(Plan { start, words, end })
}

/// What the translator knows of an order: whether it is inline (else through `core`), how it
/// leaves the IC, and whether it stores into Y.
#[derive(Clone, Copy)]
struct Kind {
    inline: bool,
    flow: Leaves,
    stores: bool,
}

/// Where an order leaves the IC: at the next word, wherever a transfer goes, or past a skip.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Leaves {
    Next,
    Transfer,
    Skip,
}

/// The orders blocks run (`None`: left to the hot loop and the machine: XEC, the stops, the
/// orders `core` declines, a word the hot loop leaves, the fused pairs' ops, which a plan never
/// meets as it decodes words alone).
fn kind(op: Op) -> Option<Kind> {
    use Leaves::*;
    let k = |inline, flow, stores| {
        Some(Kind {
            inline,
            flow,
            stores,
        })
    };
    match op {
        Op::Cla | Op::Cal | Op::Add | Op::Sub | Op::Ana | Op::Ora | Op::Ldq | Op::Als | Op::Ars => {
            k(true, Next, false)
        }
        Op::Pax | Op::Pac | Op::Pxa | Op::Axt | Op::Lxa | Op::Lac => k(true, Next, false),
        Op::Sto | Op::Stz | Op::Stq | Op::Slw | Op::Sta | Op::Sxa => k(true, Next, true),
        Op::Tra
        | Op::Tze
        | Op::Tnz
        | Op::Tpl
        | Op::Tmi
        | Op::Tix
        | Op::Tnx
        | Op::Txi
        | Op::Txh
        | Op::Txl
        | Op::Tsx => k(true, Transfer, false),
        Op::Cls
        | Op::Adm
        | Op::Sbm
        | Op::Acl
        | Op::Era
        | Op::Xca
        | Op::Xcl
        | Op::Lxd
        | Op::Ldc
        | Op::Pdx
        | Op::Pdc
        | Op::Pxd
        | Op::Axc
        | Op::Lls
        | Op::Lrs
        | Op::Lgl
        | Op::Lgr
        | Op::Rql
        | Op::Clm
        | Op::Chs
        | Op::Ssp
        | Op::Com
        | Op::Rnd
        | Op::Ssm
        | Op::Mpy
        | Op::Mpr
        | Op::Nop => k(false, Next, false),
        Op::Ans | Op::Ors | Op::Std | Op::Stt | Op::Stp | Op::Stl | Op::Slq | Op::Sxd => {
            k(false, Next, true)
        }
        Op::Cas | Op::Las | Op::Zet | Op::Nzt | Op::Lbt | Op::Pbt => k(false, Skip, false),
        Op::Tlq | Op::Tov | Op::Tno | Op::Tqp | Op::Ttr | Op::Str => k(false, Transfer, false),
        Op::Xec => k(false, Next, false),
        _ => None,
    }
}

/// Whether an inline order's operands are ones its code takes: shifts by a count under 35
/// known when translated.
fn inline_fits(e: &Entry) -> bool {
    match e.op {
        Op::Als | Op::Ars => e.yx == 3 && (e.address & 0o377) < 35,
        _ => true,
    }
}

/// The shared code: the entry (saves the registers the code keeps, loads them, jumps to the
/// block's code) and the exits; the code with the offsets of `leave` and `leave_clean`.
fn shared(origin: usize) -> (Vec<u8>, usize, usize) {
    let mut a = Asm::at(origin);
    // Six registers and the `Ctx` pointer: the stack aligned to 16 bytes at calls.
    let saved = [RBX, RBP, R12, R13, R14, R15];
    for r in saved {
        a.push(r);
    }
    a.push(RDX);
    a.mov(REGS, RDI);
    a.mov(MEM, RSI);
    a.load(LEFT, at(RDX, offset_of!(Ctx, left) as i32));
    a.load(TABLE, at(RDX, offset_of!(Ctx, table) as i32));
    a.load(AC, at(REGS, R_AC));
    a.load(MQ, at(REGS, R_MQ));
    a.jump_reg(RCX);
    let leave_clean = a.code.len();
    a.mov_imm(RAX, 0);
    let leave = a.code.len();
    a.store(at(REGS, R_AC), AC);
    a.store(at(REGS, R_MQ), MQ);
    a.pop(RDX);
    a.store(at(RDX, offset_of!(Ctx, left) as i32), LEFT);
    for &r in saved.iter().rev() {
        a.pop(r);
    }
    a.ret();
    (a.code, leave, leave_clean)
}

/// The helpers' types, for their addresses in the code.
type Helper = extern "sysv64" fn(*mut Regs, *mut u64, *const Entry, u32) -> u64;
type LiveHelper = extern "sysv64" fn(*mut Regs, *mut u64, *mut Live, u64) -> u64;

/// What a live word needs to be decoded and run as the hot loop runs it: the run's cache of
/// decoded words and decode table (set by `steps` for each run).
pub(super) struct Live {
    icache: *mut Icache,
    dec: *const decode::Table,
    stop: Option<Stop>,
}

/// What `run_live` returns besides 0 (the next word follows in the block), `DECLINED`,
/// `ONCE` and `STOPPED` (an XEC ran an HTR or HPR, counted, its IC set; the stop in
/// `Live::stop`): go on at the IC (a transfer or skip, or a store into the block).
const MOVED: u64 = 1;

/// Run the word at `at` (`place` bits 0-15) of the block at `place` bits 16-31, of
/// `place` bits 32-47 words, as the store holds it now, as the hot loop would: through the
/// cache of decoded words and `core`, an XEC through `hot::xec` (the hold-off it leaves in
/// `Regs::held`, as in the hot loop). A word the translator leaves (`kind`), a transfer back
/// to an XEC, or one `core` declines is declined, nothing done.
extern "sysv64" fn run_live(r: *mut Regs, mem: *mut u64, live: *mut Live, place: u64) -> u64 {
    // SAFETY: as in `run_helper`; `live` is the translator's, its pointers set by `steps` for
    // this run from its exclusive borrows of the cache and the decode table.
    let (r, mem, live) = unsafe { (&mut *r, &mut *mem.cast::<[u64; STORE_WORDS]>(), &mut *live) };
    let (icache, dec) = unsafe { (&mut *live.icache, &*live.dec) };
    let at = place as u16 & ADDR;
    let (start, len) = ((place >> 16) as u16, (place >> 32) as u16);
    let word = mem[at as usize];
    if icache[at as usize].word != word {
        icache::refill(icache, dec, at, word, None);
    }
    let mut e = icache[at as usize];
    e.op = icache::alone(e.op);
    if e.op == Op::Xec {
        return match hot::xec::<true>(mem, icache, dec, r, at) {
            None => ONCE,
            Some(res) => {
                r.held = true;
                match res {
                    Ok(()) => MOVED,
                    Err(stop) => {
                        live.stop = Some(stop);
                        STOPPED
                    }
                }
            }
        };
    }
    let Some(k) = kind(e.op) else {
        return DECLINED;
    };
    let y = e.address.wrapping_sub(r.xa[e.yx as usize & 3] as u16) & ADDR;
    if to_itself(&e, y, at) {
        return ONCE;
    }
    match core::<true>(mem, r, &e, y, at, e.cycles as u64, false, u64::MAX) {
        Flow::Next => {}
        Flow::Stop(_) | Flow::Machine => return DECLINED,
    }
    let into_block = k.stores && y.wrapping_sub(start) < len;
    if k.flow != Leaves::Next || into_block {
        MOVED
    } else {
        0
    }
}

/// A transfer (but STR) whose Y, by an index register, is its own location `at`: the hot
/// loop runs it unseen but where it leaves it to the machine; blocks always leave it, so
/// that a tight loop is told wherever the slices fall. (Unindexed ones and the Type A
/// transfers to themselves never reach a block: `icache::decoded`.)
fn to_itself(e: &Entry, y: u16, at: u16) -> bool {
    e.yx != 3 && y == at && icache::transfers(e.op) && e.op != Op::Str
}

/// Run one word of a block through `core`, as the hot loop would (its IC already past it):
/// 0, `DECLINED` if `core` declined it (nothing done; never for the orders `kind` sends here),
/// or `ONCE` for a transfer to itself (`to_itself`), not run.
extern "sysv64" fn run_helper(r: *mut Regs, mem: *mut u64, e: *const Entry, at: u32) -> u64 {
    // SAFETY: translated code passes on the registers and the store `Translator::enter` was
    // given (the caller's exclusive borrows; the store is `STORE_WORDS` words), and an entry
    // of the translator's, which lives as long as the code.
    let (r, mem, e) = unsafe { (&mut *r, &mut *mem.cast::<[u64; STORE_WORDS]>(), &*e) };
    let y = e.address.wrapping_sub(r.xa[e.yx as usize & 3] as u16) & ADDR;
    if to_itself(e, y, at as u16) {
        return ONCE;
    }
    match core::<true>(mem, r, e, y, at as u16, e.cycles as u64, false, u64::MAX) {
        Flow::Next => 0,
        Flow::Stop(_) | Flow::Machine => DECLINED,
    }
}
