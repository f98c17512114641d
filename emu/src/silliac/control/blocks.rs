//! The block cache: runs of orders decoded once and then obeyed with one account per run.
//!
//! A block is the orders from one control-counter value up to and including the first
//! transfer, or up to (not including) the first order that can stop the machine (divide,
//! input/output, stop orders, refused codes), at most `MAX_ORDERS` and never past word 1023.
//! Obeying a whole block counts it once (`runs`), adds its fixed time once and checks the order
//! budget once, where the order-at-a-time loop (`run_loop`) does all three for every order.
//!
//! Only the function codes are decoded ahead. Each order's address is read from the store when
//! it is obeyed, and a shift's time per place is charged then, so a planted address or shift
//! count (42, 46; Findler's dama plants shift counts all the time) is obeyed at once and costs
//! nothing. The store watches the function digits a block was built from (`Store::watch`): a
//! write that changes one marks the word stale, the block in progress ends after that order,
//! and every block built from the word is dropped (its runs counted first) and decoded again
//! when next reached. The result is the same run, order for order, as obeying one order at a
//! time; `tests::blocks_and_single_orders_give_the_same_run` checks it on random programs
//! that rewrite their own orders.

use super::{
    act, add_counts, exec, fetch, figures_of, pc_of, transfer_stop, Cpu, Io, Stop, HALF_SHIFT,
    PC_MASK,
};
use crate::silliac::arith::{self, SIGN};
use crate::silliac::orders::{info, Action, ORDER_TABLE_CONST};
use crate::silliac::store::Store;

/// Longest block, in orders.
const MAX_ORDERS: usize = 32;
/// Most words a block spans.
const MAX_WORDS: u16 = (MAX_ORDERS / 2 + 1) as u16;
/// Digits of an order (in the low half of a word) that a block depends on: its function code.
const CODE_DIGITS: u64 = 0xFF000;

#[derive(Clone)]
struct Block {
    /// Function code of each order, in sequence from the block's first control counter.
    codes: [u8; MAX_ORDERS],
    /// Each order's fixed time under the cache's bound (a shift's time per place is added when
    /// it is obeyed, as its count may be planted).
    ns: [u32; MAX_ORDERS],
    len: u8,
    valid: bool,
    /// Time of the whole block.
    time: u64,
    /// Whole runs of the block not yet added to the counts.
    runs: u64,
}

/// The decoded blocks of one machine. Outside `run_blocks` every block's `runs` is 0.
#[derive(Clone, Default)]
pub(super) struct BlockCache {
    /// Per control-counter value, 1 + the index in `blocks` of the block that starts there.
    slot: Vec<u16>,
    blocks: Vec<Block>,
    /// The bound (`bound_number`) the blocks' times are for.
    bound: u8,
}

impl BlockCache {
    /// Ready the cache for a run under bound `B`: times for another bound are decoded again.
    fn prepare<const B: u8>(&mut self) {
        if self.slot.is_empty() || self.bound != B {
            self.slot = vec![0; PC_MASK as usize + 1];
            self.blocks.clear();
            self.bound = B;
        }
    }

    /// Drop every block built from a word whose watched digits changed, its runs counted.
    #[cold]
    #[inline(never)]
    fn refresh(&mut self, store: &mut Store, counts: &mut [u64; 256]) {
        while let Some(w) = store.pop_stale() {
            let first = w.saturating_sub(MAX_WORDS - 1) as u32 * 2;
            for start in first..=(w as u32 * 2 + 1) {
                let s = self.slot[start as usize];
                if s == 0 {
                    continue;
                }
                let b = &mut self.blocks[s as usize - 1];
                let last = (start + (b.len as u32).max(1) - 1) >> 1;
                if b.valid && last >= w as u32 {
                    fold_block(b, counts);
                    b.valid = false;
                }
            }
        }
    }

    /// Add every block's runs to `counts`.
    fn fold(&mut self, counts: &mut [u64; 256]) {
        for b in &mut self.blocks {
            fold_block(b, counts);
        }
    }

    /// The block that starts at `pc`, decoded now if need be; `None` if its first order can
    /// stop the machine.
    #[inline(always)]
    fn block<const B: u8>(&mut self, store: &mut Store, pc: u32) -> Option<&mut Block> {
        let s = self.slot[pc as usize] as usize;
        if s == 0 || !self.blocks[s - 1].valid {
            self.decode::<B>(store, pc);
        }
        let b = &mut self.blocks[self.slot[pc as usize] as usize - 1];
        (b.len > 0).then_some(b)
    }

    #[cold]
    #[inline(never)]
    fn decode<const B: u8>(&mut self, store: &mut Store, pc: u32) {
        let fig = figures_of::<B>();
        let mut b = Block {
            codes: [0; MAX_ORDERS],
            ns: [0; MAX_ORDERS],
            len: 0,
            valid: true,
            time: 0,
            runs: 0,
        };
        let mut p = pc;
        while (b.len as usize) < MAX_ORDERS {
            let bits = fetch(store, p);
            let code = (bits >> 12) as u8;
            let action = info(code).action;
            store.watch((p >> 1) as u16, CODE_DIGITS << HALF_SHIFT[(p & 1) as usize]);
            let simple = matches!(
                action,
                Action::Add(_)
                    | Action::AddQ(_)
                    | Action::Store(_)
                    | Action::LoadQ
                    | Action::Extract
                    | Action::ShiftLeft
                    | Action::ShiftRight
                    | Action::Multiply(_)
                    | Action::Transfer { stop: false, .. }
            );
            if !simple {
                break;
            }
            let ns = fig.fixed[code as usize];
            b.codes[b.len as usize] = code;
            b.ns[b.len as usize] = ns as u32;
            b.time += ns;
            b.len += 1;
            if matches!(action, Action::Transfer { .. }) || p == PC_MASK {
                break;
            }
            p += 1;
        }
        match self.slot[pc as usize] {
            0 => {
                self.blocks.push(b);
                self.slot[pc as usize] = self.blocks.len() as u16;
            }
            s => self.blocks[s as usize - 1] = b,
        }
    }
}

fn fold_block(b: &mut Block, counts: &mut [u64; 256]) {
    if b.runs > 0 {
        for &c in &b.codes[..b.len as usize] {
            counts[c as usize] += b.runs;
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
    cache.prepare::<B>();
    let stop = loop {
        if store.any_stale() {
            cache.refresh(store, &mut local);
        }
        let start = cpu.pc;
        if let Some(b) = cache.block::<B>(store, start) {
            let len = b.len as u32;
            if left >= len as u64 {
                cpu.pc = (start + len) & PC_MASK;
                let mut i = 0;
                let whole = loop {
                    let leave = obey::<B>(b.codes[i as usize], &mut cpu, store, start + i);
                    i += 1;
                    if leave {
                        break false;
                    }
                    if i == len {
                        break true;
                    }
                };
                if whole {
                    b.runs += 1;
                    cpu.clock += b.time;
                    left -= len as u64;
                    // A transfer to itself (only the last order can be one): as `transfer`.
                    let last = start + len - 1;
                    if cpu.pc == last {
                        break transfer_stop(fetch(store, last), last, false);
                    }
                } else {
                    // A store changed a watched digit: the orders so far, one by one.
                    for k in 0..i as usize {
                        local[b.codes[k] as usize] += 1;
                        cpu.clock += b.ns[k] as u64;
                    }
                    left -= i as u64;
                    cpu.pc = start + i;
                }
                continue;
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
    cache.fold(&mut local);
    add_counts(counts, &local, &mut cpu);
    *cpu_out = cpu;
    stop
}

/// One order of a block: a jump on its code to the copy of `obey_op` for that code. True if
/// the block must end after it (a store changed a watched digit).
#[inline(always)]
fn obey<const B: u8>(code: u8, cpu: &mut Cpu, store: &mut Store, pc: u32) -> bool {
    by_code!(code, obey_op::<_, B>(cpu, store, pc))
}

/// An order of function `F` in a block, its address read from the store now. A transfer
/// sets the control counter if it goes; the block set it to the next order in sequence.
#[inline(always)]
fn obey_op<const F: u8, const B: u8>(cpu: &mut Cpu, store: &mut Store, pc: u32) -> bool {
    let row = const { ORDER_TABLE_CONST[F as usize] };
    let n = (fetch(store, pc) & 0x3FF) as u16;
    match row.action {
        Action::Transfer {
            to, conditional, ..
        } => {
            cpu.a = arith::preset(cpu.a, row.preset);
            if !conditional || cpu.a & SIGN == 0 {
                cpu.pc = pc_of(n, to);
            }
            false
        }
        Action::Store(_) => {
            act::<F>(cpu, store, n);
            store.any_stale()
        }
        Action::ShiftLeft | Action::ShiftRight => {
            act::<F>(cpu, store, n);
            cpu.clock += n as u64 * figures_of::<B>().shift_place_ns;
            false
        }
        _ => {
            act::<F>(cpu, store, n);
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Limits, Machine, Stop};
    use crate::silliac::orders::{info, pair, Order, Status};
    use crate::silliac::timing::Bound;
    use proptest::prelude::*;

    /// A machine whose store holds the random words as orders: mostly orders the machine
    /// obeys (stores among them, so that programs change their own orders), sometimes any
    /// code at all; every address below `span`, so that small programs go round and rewrite
    /// the orders they obey again.
    fn program(words: &[u64], span: u16, frames: &[u8], bound: Bound) -> Machine {
        let obeyed: Vec<u8> = (0..=255u8)
            .filter(|&c| info(c).status == Status::Defined)
            .collect();
        let order = |k: u64| {
            let code = if k & 0xF00000 == 0 {
                (k >> 12) as u8
            } else {
                obeyed[(k as usize >> 12) % obeyed.len()]
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
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// `run` (whole blocks) and `step` (one order at a time, never a block) give the same
        /// run: the same stop, registers, clock, counts, store and punched frames; also when
        /// the run is cut into random slices with single steps and store writes between them,
        /// which the cache must notice.
        #[test]
        fn blocks_and_single_orders_give_the_same_run(
            words in proptest::collection::vec(any::<u64>(), 1024),
            small in any::<bool>(),
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
            prop_assert_eq!(by_run.run(Limits::orders(ORDERS)), step_stop);
            prop_assert_eq!(state(&by_run), state(&by_step));

            // The same program in slices, with a step, a store write and a change of timing
            // bound between slices (the cache keeps times for one bound); the reference steps,
            // writes and changes alike.
            let mut sliced = program(&words, span, &frames, bound);
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
                let (addr, word) = (addr % span, word & crate::silliac::orders::WORD_MASK);
                sliced.set_word(addr, word);
                reference.set_word(addr, word);
                sliced.set_timing(Bound::ALL[next_bound]);
                reference.set_timing(Bound::ALL[next_bound]);
            }
        }
    }
}
