//! The block cache: runs of orders decoded once and then obeyed with one account per run.
//!
//! A block is the orders from one control-counter value up to and including the first
//! unconditional transfer or conditional one to itself or to the block's start, or up to (not
//! including) the first order that can stop the machine (divide, input/output, stop orders,
//! refused codes), at most `MAX_ORDERS` and never past word 1023. A conditional transfer
//! elsewhere is a way out of the block when it goes (`exits`). Obeying a whole block counts
//! it once (`runs`), adds its fixed time once and checks the order budget once, where the
//! order-at-a-time loop (`run_loop`) does all three for every order; leaving it by a way out
//! counts that way out once and adds the time of the orders up to it.
//! A block whose last order goes back to its own start is run again at once, without looking
//! it up, while the budget allows and no store has changed a digit it was decoded from.
//!
//! Each order's function code and address are decoded ahead, except in a live word: one a
//! write has changed since a block was decoded from it. The store watches the digits a block
//! was built from (`Store::watch`): a write that changes one marks the word stale, the block
//! in progress ends after that order, the word becomes live, and every block built from it is
//! dropped (its runs counted first) and decoded again when next reached. A live word's orders
//! read their address from the store when obeyed and only its function codes are watched, so
//! a program that plants addresses or shift counts (42, 46; Findler's dama plants shift counts
//! all the time) pays for one drop per word, not one per plant. A shift's time per place is
//! charged when it is obeyed. The commonest pairs of orders are obeyed as one op
//! (`fused`). The result is the same run, order for order, as obeying one
//! order at a time; `tests::blocks_and_single_orders_give_the_same_run` checks it on random
//! programs that rewrite their own orders and addresses.

use super::exec::{add_counts, exec, figures_of, transfer_stop};
use super::fused::{
    fused_op, in_block, leaving_kind, obey_leaving, obey_pair, obey_row, pair_addresses,
    ADDRESS_PLACE, BACK, CUT, EXIT, FUSED, LEAVING,
};
use super::io::Io;
use super::translate::{self, Address, Ctx, Shape, Translator};
use super::{fetch, pc_of, Cpu, Stop, HALF_SHIFT, PC_MASK};
use crate::silliac::orders::{info, Action, ORDER_TABLE_CONST};
use crate::silliac::store::{Store, WORDS};

/// Longest block, in orders.
const MAX_ORDERS: usize = 32;
/// Most words a block spans.
const MAX_WORDS: u16 = (MAX_ORDERS / 2 + 1) as u16;
/// Digits of an order (in the low half of a word) that a block depends on: its function code.
const CODE_DIGITS: u64 = 0xFF000;
/// The address digits of an order (in the low half of a word), decoded ahead unless the
/// order's word is live.
const ADDRESS_DIGITS: u64 = 0x3FF;
/// In a block's `ops`: the flag of an order whose address is read from the store when it is
/// obeyed (its word is live; the op holds its control counter in place of the address).
const LIVE: u32 = 1 << 31;

/// An op of a block: function code `code`, and `n`: the order's address, or its control
/// counter if `live`.
fn op_of(code: u8, live: bool, n: u32) -> u32 {
    code as u32 | if live { LIVE } else { 0 } | n << ADDRESS_PLACE
}

#[inline(always)]
fn code_of(op: u32) -> u8 {
    op as u8
}

/// The address digits of an op not `LIVE` (nor fused).
#[inline(always)]
fn fixed_address(op: u32) -> u16 {
    address_of(op) as u16 & ADDRESS_DIGITS as u16
}

/// The address of an op not `LIVE`; of one that is, its control counter (with `PC_MASK`).
#[inline(always)]
fn address_of(op: u32) -> u32 {
    op >> ADDRESS_PLACE
}

/// `repr(C)`, `ops` first: laid out by the compiler, `ops` moved behind the larger arrays and
/// `bench silliac` ran a third slower for the same host instructions (docs/scale.md, "SILLIAC
/// toward ten times SIMH").
#[derive(Clone)]
#[repr(C)]
struct Block {
    /// What the block obeys, in sequence from its first control counter: an order's function
    /// code and its address, or `LIVE` and its control counter if the address is read when
    /// obeyed (`op_of`); or two orders fused (`fused::fused_op`).
    ops: [u32; MAX_ORDERS],
    /// Orders obeyed when each op is done.
    ends: [u8; MAX_ORDERS],
    /// Each order's function code.
    codes: [u8; MAX_ORDERS],
    /// Each order's fixed time under the cache's bound (a shift's time per place is added when
    /// it is obeyed, as its count may be planted).
    ns: [u32; MAX_ORDERS],
    /// Orders.
    len: u8,
    /// Ops.
    n_ops: u8,
    /// The control counter of the block's last order if it is a transfer that can go to
    /// itself (a live one always can), else a value no control counter has.
    to_itself: u32,
    /// Whether an order of the block is live (`LIVE`).
    live: bool,
    /// Time of the whole block.
    time: u64,
    /// Whole runs of the block not yet added to the counts.
    runs: u64,
    /// Per op, the runs that left the block after it, by a conditional transfer that went,
    /// not yet added to the counts; `exited` if any.
    exits: [u64; MAX_ORDERS],
    exited: bool,
    /// Per op, the fixed time of the orders up to it.
    until: [u64; MAX_ORDERS],
    /// The address of the block's code, if it was translated into host code (`translate`);
    /// 0 if not.
    entry: usize,
    /// On the cache's list of blocks that translated code ran (`BlockCache::listed`).
    listed: bool,
}

/// Control-counter values.
const SLOTS: usize = PC_MASK as usize + 1;
/// In a slot: its block was dropped (decode it again into the same place).
const DROPPED: u16 = 1 << 15;
/// In a slot: its block is empty, as its first order can stop the machine (obey it alone).
const STOPS: u16 = 1 << 14;
/// The block index bits of a slot.
const INDEX: u16 = STOPS - 1;

/// The decoded blocks of one machine. Outside `run_blocks` every block's `runs` is 0.
pub(super) struct BlockCache {
    /// Per control-counter value, 1 + the index in `blocks` of the block that starts there,
    /// with `DROPPED` if it must be decoded again and `STOPS` if it is empty; 0 if none was
    /// decoded. A fixed array, so that a control counter indexes it unchecked.
    slot: Box<[u16; SLOTS]>,
    blocks: Vec<Block>,
    /// The bound (`bound_number`) the blocks' times are for.
    bound: u8,
    /// Per word, whether a write ever changed digits a block was decoded from. Blocks read a
    /// live word's addresses from the store as each order is obeyed, and watch only its
    /// function codes, so that a program that plants addresses or shift counts (Findler's
    /// dama does, all the time) does not drop its blocks at every plant; every other word's
    /// addresses are decoded with its codes.
    live: Box<[bool; WORDS]>,
    /// The bound is `bound` (the cache has been through `prepare`).
    ready: bool,
    /// Blocks are translated into host code where the host allows it.
    translate: bool,
    /// The code of the translated blocks.
    translator: Translator,
    /// The blocks translated code ran since the last fold (their indexes in `blocks`, each
    /// once: a block's `listed`), so that a fold after translated code looks at those only.
    listed: Box<[u64; SLOTS]>,
    listed_len: usize,
}

impl Default for BlockCache {
    fn default() -> Self {
        BlockCache {
            slot: Box::new([0; SLOTS]),
            blocks: Vec::new(),
            bound: 0,
            live: Box::new([false; WORDS]),
            ready: false,
            translate: true,
            translator: Translator::default(),
            listed: Box::new([0; SLOTS]),
            listed_len: 0,
        }
    }
}

/// A copy of a machine starts with an empty cache (translated code belongs to one cache); it
/// decodes again what it runs. Outside a run no block holds runs not yet counted, so nothing
/// is lost.
impl Clone for BlockCache {
    fn clone(&self) -> Self {
        BlockCache {
            translate: self.translate,
            ..BlockCache::default()
        }
    }
}

impl BlockCache {
    /// Translate blocks into host code (where the host allows it) or not.
    pub(super) fn set_translation(&mut self, on: bool) {
        *self = BlockCache {
            translate: on,
            ..BlockCache::default()
        };
    }

    /// Every block dropped and its code with it (its runs counted first): the code pages are
    /// nearly full. Live words stay live.
    #[cold]
    #[inline(never)]
    fn renew(&mut self, counts: &mut [u64; 256]) {
        self.fold(counts, true);
        let live = std::mem::replace(&mut self.live, Box::new([false; WORDS]));
        *self = BlockCache {
            bound: self.bound,
            ready: self.ready,
            translate: self.translate,
            live,
            ..BlockCache::default()
        };
    }

    /// Ready the cache for a run under bound `B`: times for another bound are decoded again.
    fn prepare<const B: u8>(&mut self) {
        if !self.ready || self.bound != B {
            *self = BlockCache {
                bound: B,
                ready: true,
                ..BlockCache::default()
            };
        }
    }

    /// Drop every block built from a word whose watched digits changed, its runs counted, and
    /// make the word live.
    #[cold]
    #[inline(never)]
    fn refresh(&mut self, store: &mut Store, counts: &mut [u64; 256]) {
        while let Some(w) = store.pop_stale() {
            self.live[w as usize] = true;
            let first = w.saturating_sub(MAX_WORDS - 1) as u32 * 2;
            for start in first..=(w as u32 * 2 + 1) {
                let s = self.slot[start as usize];
                if s == 0 || s & DROPPED != 0 {
                    continue;
                }
                let b = &mut self.blocks[(s & INDEX) as usize - 1];
                let last = (start + (b.len as u32).max(1) - 1) >> 1;
                if last >= w as u32 {
                    fold_block(b, counts);
                    b.entry = 0;
                    self.slot[start as usize] = s | DROPPED;
                    self.translator.forget(start);
                }
            }
        }
    }

    /// Add the blocks' runs to `counts`: every block's if `all` (interpreted blocks ran),
    /// else those on the list.
    fn fold(&mut self, counts: &mut [u64; 256], all: bool) {
        if all {
            for b in &mut self.blocks {
                fold_block(b, counts);
                b.listed = false;
            }
        } else {
            for &i in &self.listed[..self.listed_len] {
                let b = &mut self.blocks[i as usize];
                fold_block(b, counts);
                b.listed = false;
            }
        }
        self.listed_len = 0;
    }

    /// Translate block `b`, which starts at `pc` and goes at `index` in `blocks`; its code's
    /// address, or 0.
    fn translate<const B: u8>(&mut self, b: &Block, pc: u32, index: usize) -> usize {
        let orders = orders_of(b);
        let at = |field: usize| (index * std::mem::size_of::<Block>() + field) as i32;
        let shape = Shape {
            start: pc,
            orders: &orders,
            ns: &b.ns[..b.len as usize],
            ends: &b.ends[..b.n_ops as usize],
            until: &b.until[..b.n_ops as usize],
            time: b.time,
            to_itself: b.to_itself,
            index,
            listed_at: at(std::mem::offset_of!(Block, listed)),
            runs_at: at(std::mem::offset_of!(Block, runs)),
            exits_at: at(std::mem::offset_of!(Block, exits)),
            exited_at: at(std::mem::offset_of!(Block, exited)),
        };
        self.translator.translate::<B>(&shape)
    }

    /// The code of the block at `pc` if it is translated and `left` orders cover it.
    #[inline(always)]
    fn entry_at(&self, pc: u32, left: u64) -> Option<usize> {
        let s = self.slot[(pc & PC_MASK) as usize];
        if s.wrapping_sub(1) < INDEX {
            let b = &self.blocks[s as usize - 1];
            if b.entry != 0 && left >= b.len as u64 {
                return Some(b.entry);
            }
        }
        None
    }

    /// The block that starts at `pc`, decoded now if need be; `None` if its first order can
    /// stop the machine.
    #[inline(always)]
    fn block<const B: u8>(&mut self, store: &mut Store, pc: u32) -> Option<&mut Block> {
        let pc = pc & PC_MASK;
        let s = self.slot[pc as usize];
        // A block to run: no flag set, and not 0; one test.
        if s.wrapping_sub(1) < INDEX {
            Some(&mut self.blocks[s as usize - 1])
        } else {
            self.block_else::<B>(store, pc)
        }
    }

    /// `block` where the slot is empty, dropped or stops.
    #[cold]
    #[inline(never)]
    fn block_else<const B: u8>(&mut self, store: &mut Store, pc: u32) -> Option<&mut Block> {
        let mut s = self.slot[pc as usize];
        if s == 0 || s & DROPPED != 0 {
            s = self.decode::<B>(store, pc);
        }
        if s & STOPS != 0 {
            return None;
        }
        Some(&mut self.blocks[s as usize - 1])
    }

    #[cold]
    #[inline(never)]
    fn decode<const B: u8>(&mut self, store: &mut Store, pc: u32) -> u16 {
        let fig = figures_of::<B>();
        let mut b = Block {
            ops: [0; MAX_ORDERS],
            ends: [0; MAX_ORDERS],
            codes: [0; MAX_ORDERS],
            ns: [0; MAX_ORDERS],
            len: 0,
            n_ops: 0,
            to_itself: u32::MAX,
            live: false,
            time: 0,
            runs: 0,
            exits: [0; MAX_ORDERS],
            exited: false,
            until: [0; MAX_ORDERS],
            entry: 0,
            listed: false,
        };
        // Each order's op, alone.
        let mut single = [0u32; MAX_ORDERS];
        let mut p = pc;
        while (b.len as usize) < MAX_ORDERS {
            let bits = fetch(store, p);
            let code = (bits >> 12) as u8;
            let action = info(code).action;
            let word = (p >> 1) as u16;
            let live = self.live[word as usize];
            let digits = if live {
                CODE_DIGITS
            } else {
                CODE_DIGITS | ADDRESS_DIGITS
            };
            store.watch(word, digits << HALF_SHIFT[(p & 1) as usize]);
            if !in_block(action) {
                break;
            }
            let ns = fig.fixed[code as usize];
            let n = bits & ADDRESS_DIGITS as u32;
            single[b.len as usize] = op_of(code, live, if live { p } else { n });
            b.codes[b.len as usize] = code;
            b.ns[b.len as usize] = ns as u32;
            b.time += ns;
            b.len += 1;
            b.live |= live;
            if let Action::Transfer {
                to, conditional, ..
            } = action
            {
                let target = pc_of(n as u16, to);
                if live || target == p {
                    b.to_itself = p;
                }
                // A conditional transfer that goes elsewhere than to itself or to the block's
                // start is a way out of the block when it goes; the block goes on after it.
                // One to the start ends the block, so that a loop stays one block.
                if !conditional || live || target == p || target == pc {
                    break;
                }
                single[b.len as usize - 1] = op_of(leaving_kind(code), false, n);
            }
            if p == PC_MASK {
                break;
            }
            p += 1;
        }
        fuse(&mut b, &single);
        let s = match self.slot[pc as usize] & INDEX {
            0 => self.blocks.len() as u16 + 1,
            s => s,
        };
        if let Some(old) = self.blocks.get(s as usize - 1) {
            // Its index stays on the list if it is there.
            b.listed = old.listed;
        }
        if self.translate && b.len > 0 {
            b.entry = self.translate::<B>(&b, pc, s as usize - 1);
        } else {
            self.translator.forget(pc);
        }
        let stops = if b.len == 0 { STOPS } else { 0 };
        if s as usize > self.blocks.len() {
            self.blocks.push(b);
        } else {
            self.blocks[s as usize - 1] = b;
        }
        self.slot[pc as usize] = s | stops;
        s | stops
    }
}

/// The block's ops from its orders' ops alone (`single`): each fused pair of orders whose
/// addresses are decoded ahead one op, taken from the first order on.
fn fuse(b: &mut Block, single: &[u32; MAX_ORDERS]) {
    let (len, mut i) = (b.len as usize, 0);
    while i < len {
        let op = single[i];
        let pair = match single.get(i + 1) {
            Some(&next) if i + 1 < len && (op | next) & LIVE == 0 => {
                fused_op(code_of(op), address_of(op), code_of(next), address_of(next))
            }
            _ => None,
        };
        b.ops[b.n_ops as usize] = pair.unwrap_or(op);
        let before = i;
        i += if pair.is_some() { 2 } else { 1 };
        let time: u64 = b.ns[before..i].iter().map(|&ns| ns as u64).sum();
        b.until[b.n_ops as usize] =
            time + b.n_ops.checked_sub(1).map_or(0, |j| b.until[j as usize]);
        b.ends[b.n_ops as usize] = i as u8;
        b.n_ops += 1;
    }
}

/// The block's orders as the translator takes them.
fn orders_of(b: &Block) -> Vec<translate::Order> {
    let mut orders = Vec::with_capacity(b.len as usize);
    for (j, &op) in b.ops[..b.n_ops as usize].iter().enumerate() {
        let kind = code_of(op);
        if let Some((first, second)) = FUSED[kind as usize] {
            let (n1, n2) = pair_addresses(op);
            for (code, n) in [(first, n1), (second, n2)] {
                orders.push(translate::Order {
                    code,
                    address: Address::Fixed(n),
                    leave: None,
                });
            }
        } else if let Some(code) = LEAVING[kind as usize] {
            orders.push(translate::Order {
                code,
                address: Address::Fixed(fixed_address(op)),
                leave: Some(j),
            });
        } else {
            let address = if op & LIVE != 0 {
                Address::Live(address_of(op) & PC_MASK)
            } else {
                Address::Fixed(fixed_address(op))
            };
            orders.push(translate::Order {
                code: kind,
                address,
                leave: None,
            });
        }
    }
    orders
}

fn fold_block(b: &mut Block, counts: &mut [u64; 256]) {
    if b.exited {
        // An order ran in every whole run and in every run that left by a way out at or after
        // its op: from the last op back, the runs that reached it.
        let mut reached = b.runs;
        let mut end = b.len as usize;
        for j in (0..b.n_ops as usize).rev() {
            reached += b.exits[j];
            b.exits[j] = 0;
            let begin = j.checked_sub(1).map_or(0, |i| b.ends[i] as usize);
            for &code in &b.codes[begin..end] {
                counts[code as usize] += reached;
            }
            end = begin;
        }
        b.runs = 0;
        b.exited = false;
    } else if b.runs > 0 {
        for &code in &b.codes[..b.len as usize] {
            counts[code as usize] += b.runs;
        }
        b.runs = 0;
    }
}

/// `run_loop` without trace, time limit or breakpoint: whole blocks where the order budget
/// allows, single orders (`exec`) elsewhere.
#[inline(never)]
pub(super) fn run_blocks<const B: u8>(
    cpu_out: &mut Cpu,
    store: &mut Store,
    counts: &mut [u64; 256],
    io: &mut Io,
    cache: &mut BlockCache,
    order_end: u64,
) -> Stop {
    let mut cpu = *cpu_out;
    let mut local = [0u64; 256];
    let mut left = order_end.saturating_sub(cpu.orders);
    // Whether a block ran interpreted, so that every block may have runs to count.
    let mut interpreted = false;
    cache.prepare::<B>();
    if cache.translator.nearly_full() {
        cache.renew(&mut local);
    }
    let stop = 'blocks: loop {
        if store.any_stale() {
            cache.refresh(store, &mut local);
        }
        let start = cpu.pc;
        if let Some(code) = cache.entry_at(start, left) {
            // Translated blocks, one after another, until one is not or the budget ends.
            let mut ctx = Ctx {
                left,
                counts: local.as_mut_ptr(),
                blocks: cache.blocks.as_mut_ptr().cast(),
                table: cache.translator.table(),
                listed: cache.listed.as_mut_ptr(),
                listed_len: cache.listed_len as u64,
            };
            let r = cache.translator.enter(&mut cpu, store, &mut ctx, code);
            left = ctx.left;
            cache.listed_len = ctx.listed_len as usize;
            if r != 0 {
                let last = (r >> 8) as u32;
                break 'blocks transfer_stop(fetch(store, last), last, false);
            }
            continue;
        }
        if let Some(b) = cache.block::<B>(store, start) {
            let len = b.len as u32;
            if left >= len as u64 {
                // The block, again while it goes back to its own start (a loop of one block)
                // with no store having changed a watched digit: no stale word to refresh, and
                // the block is the one its slot names.
                interpreted = true;
                loop {
                    cpu.pc = (start + len) & PC_MASK;
                    // One index, the ops obeyed (no iterator: it kept two pointers as well).
                    let ops = &b.ops[..b.n_ops as usize];
                    let mut k = 0;
                    if b.live {
                        while k < ops.len() {
                            k += 1;
                            obey::<B>(ops[k - 1], &mut cpu, store, &mut k);
                        }
                    } else {
                        while k < ops.len() {
                            k += 1;
                            obey_fixed::<B>(ops[k - 1], &mut cpu, store, &mut k);
                        }
                    }
                    let i = k & !(CUT | EXIT);
                    // A store that changed a watched digit ends the block after it; at the
                    // last order, the block ran whole all the same.
                    if i == ops.len() {
                        b.runs += 1;
                        cpu.clock += b.time;
                        left -= len as u64;
                        // A transfer to itself (only the last order can be one): as `transfer`.
                        if cpu.pc == b.to_itself {
                            let last = start + len - 1;
                            break 'blocks transfer_stop(fetch(store, last), last, false);
                        }
                        // Again at once, unless the block has been translated since (its
                        // first run, which decoded it): then its code runs it.
                        if cpu.pc == start && k & CUT == 0 && left >= len as u64 && b.entry == 0 {
                            continue;
                        }
                    } else if k & EXIT != 0 {
                        // A conditional transfer went before the block's end, and set the
                        // control counter.
                        b.exits[i - 1] += 1;
                        b.exited = true;
                        cpu.clock += b.until[i - 1];
                        left -= b.ends[i - 1] as u64;
                    } else {
                        // A store changed a watched digit: the orders so far, one by one.
                        let done = b.ends[(i & !BACK) - 1] as usize - (i & BACK != 0) as usize;
                        for k in 0..done {
                            local[b.codes[k] as usize] += 1;
                            cpu.clock += b.ns[k] as u64;
                        }
                        left -= done as u64;
                        cpu.pc = start + done as u32;
                    }
                    continue 'blocks;
                }
            }
        }
        if left == 0 {
            break Stop::OrderBudget;
        }
        left -= 1;
        let bits = fetch(store, cpu.pc);
        if let Some(stop) = exec::<B>(&mut cpu, store, &mut local, io, bits) {
            break stop;
        }
    };
    cache.fold(&mut local, interpreted);
    add_counts(counts, &local, &mut cpu);
    *cpu_out = cpu;
    stop
}

/// One order of a block: a jump on its code to the copy of `obey_op` for that code. A store
/// that changed a watched digit sets `CUT` in the loop's index `k`, which ends the block after
/// it (a flag returned instead was tested after every order).
#[inline(always)]
fn obey<const B: u8>(op: u32, cpu: &mut Cpu, store: &mut Store, k: &mut usize) {
    by_code!(code_of(op), obey_op::<_, B>(cpu, store, op, k))
}

/// `obey` for a block with no live order: the address is always the op's.
#[inline(always)]
fn obey_fixed<const B: u8>(op: u32, cpu: &mut Cpu, store: &mut Store, k: &mut usize) {
    by_code!(code_of(op), obey_fixed_op::<_, B>(cpu, store, op, k))
}

#[inline(always)]
fn obey_fixed_op<const F: u8, const B: u8>(
    cpu: &mut Cpu,
    store: &mut Store,
    op: u32,
    k: &mut usize,
) {
    if const { FUSED[F as usize].is_some() } {
        return obey_pair::<F, B>(cpu, store, op, k);
    }
    if const { LEAVING[F as usize].is_some() } {
        return obey_leaving::<F, B>(cpu, store, op, k);
    }
    obey_n::<F, B>(cpu, store, fixed_address(op), k)
}

/// An order of function `F` in a block, its address read from the store now. A transfer
/// sets the control counter if it goes; the block set it to the next order in sequence.
#[inline(always)]
fn obey_op<const F: u8, const B: u8>(cpu: &mut Cpu, store: &mut Store, op: u32, k: &mut usize) {
    if const { FUSED[F as usize].is_some() } {
        return obey_pair::<F, B>(cpu, store, op, k);
    }
    if const { LEAVING[F as usize].is_some() } {
        return obey_leaving::<F, B>(cpu, store, op, k);
    }
    let n = if op & LIVE == 0 {
        fixed_address(op)
    } else {
        (fetch(store, address_of(op) & PC_MASK) & ADDRESS_DIGITS as u32) as u16
    };
    obey_n::<F, B>(cpu, store, n, k)
}

#[inline(always)]
fn obey_n<const F: u8, const B: u8>(cpu: &mut Cpu, store: &mut Store, n: u16, k: &mut usize) {
    obey_row::<B, false>(const { ORDER_TABLE_CONST[F as usize] }, cpu, store, n, k)
}

#[cfg(test)]
mod tests {
    use super::super::fused::{in_block, FUSED};
    use super::super::{Limits, Machine, Stop};
    use crate::silliac::orders::{info, pair, Order, Status};
    use crate::silliac::timing::Bound;
    use proptest::prelude::*;

    /// A machine whose store holds the random words as orders: mostly orders that cannot
    /// stop the machine (stores and address stores among them, so that programs change their
    /// own orders and addresses, and run long), sometimes any order the machine obeys,
    /// sometimes any code at all; every address below `span`, so that small programs go round
    /// and rewrite the orders they obey again.
    fn program(words: &[u64], span: u16, frames: &[u8], bound: Bound) -> Machine {
        let obeyed: Vec<u8> = (0..=255u8)
            .filter(|&c| info(c).status == Status::Defined)
            .collect();
        let running: Vec<u8> = obeyed
            .iter()
            .copied()
            .filter(|&c| in_block(info(c).action))
            .collect();
        // The codes of the fused pairs, so that many neighbours are fused.
        let fused: Vec<u8> = FUSED.iter().flatten().flat_map(|&(a, b)| [a, b]).collect();
        let order = |k: u64| {
            let code = match k >> 20 & 0xF {
                0 => (k >> 12) as u8,
                1 => obeyed[(k as usize >> 12) % obeyed.len()],
                2..=6 => fused[(k as usize >> 12) % fused.len()],
                _ => running[(k as usize >> 12) % running.len()],
            };
            let mut n = (k as u16 & 0x3FF) % span;
            if matches!(code, 0x80..=0x83) {
                n &= !3;
            }
            Order::new(code, n)
        };
        let mut m = Machine::new();
        m.set_timing(bound);
        for (i, w) in words.iter().enumerate() {
            m.set_word(i as u16, pair(order(w & 0xFFFFFF), order(w >> 24)));
        }
        m.reader_mut().push(frames);
        m
    }

    /// Everything a run leaves that a user can see.
    fn state(m: &Machine) -> impl PartialEq + std::fmt::Debug {
        (
            (m.a(), m.q(), m.control(), m.clock_ns(), m.orders()),
            m.counts().to_vec(),
            m.store().words().to_vec(),
            m.punch().frames().to_vec(),
            m.work(),
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]
        /// `run` (whole blocks, translated into host code or interpreted) and `step` (one order
        /// at a time, never a block) give the same run: the same stop, registers, clock, counts,
        /// store and punched frames; also when the run is cut into random slices with single
        /// steps and store writes between them, which the cache must notice.
        #[test]
        fn blocks_and_single_orders_give_the_same_run(
            words in proptest::collection::vec(any::<u64>(), 1024),
            small in any::<bool>(),
            translated in any::<bool>(),
            frames in proptest::collection::vec(0u8..32, 0..64),
            bound in 0usize..3,
            slices in proptest::collection::vec(
                (1u64..400, any::<u16>(), any::<u64>(), 0usize..3),
                1..12,
            ),
        ) {
            let span = if small { 24 } else { 1024 };
            let bound = Bound::ALL[bound];
            const ORDERS: u64 = 3_000;
            let mut by_step = program(&words, span, &frames, bound);
            let mut stepped = 0;
            let step_stop = loop {
                if stepped == ORDERS {
                    break Stop::OrderBudget;
                }
                let before = by_step.orders();
                if let Some(stop) = by_step.step() {
                    break stop;
                }
                stepped += by_step.orders() - before;
            };
            let mut by_run = program(&words, span, &frames, bound);
            by_run.set_translation(translated);
            prop_assert_eq!(by_run.run(Limits::orders(ORDERS)), step_stop);
            prop_assert_eq!(state(&by_run), state(&by_step));

            // The same program in slices, with a step, a store write and a change of timing
            // bound between slices (the cache keeps times for one bound); the reference steps,
            // writes and changes alike.
            let mut sliced = program(&words, span, &frames, bound);
            sliced.set_translation(translated);
            let mut reference = program(&words, span, &frames, bound);
            for &(len, addr, word, next_bound) in &slices {
                let stop = sliced.run(Limits::orders(len));
                let mut expected = Stop::OrderBudget;
                for _ in 0..len {
                    if let Some(s) = reference.step() {
                        expected = s;
                        break;
                    }
                }
                prop_assert_eq!(&stop, &expected);
                prop_assert_eq!(state(&sliced), state(&reference));
                if stop != Stop::OrderBudget {
                    break;
                }
                prop_assert_eq!(sliced.step(), reference.step());
                let (addr, word) = (addr % span, word & crate::silliac::arith::WORD_MASK);
                sliced.set_word(addr, word);
                reference.set_word(addr, word);
                sliced.set_timing(Bound::ALL[next_bound]);
                reference.set_timing(Bound::ALL[next_bound]);
            }
        }
    }
}
