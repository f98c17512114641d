//! Orders fused in pairs: a block's commonest pairs of orders obeyed by one arm of the block
//! loop's jump, where each order took an arm of its own (the jump, the loop's index and its
//! test, and the op's load, once for two orders). The pairs are those `bench silliac`'s loop
//! and the 25-board exhibition obey most (counted per pair of codes in a block's runs); each
//! gets a function code that no block holds (an order that can stop the machine), so that
//! the jump stays one of 256 arms on an op's low byte. Only orders whose addresses are decoded
//! ahead are fused (no live word's). A store first in a pair that changes a watched digit
//! ends the block before the pair's second order (`BACK`), as it would alone. A conditional
//! transfer inside a block (not its last order) gets a code of its own the same way
//! (`LEAVING`): it ends the block when it goes (`EXIT`), where the arm of one at a block's end
//! does not touch the loop's index.

use super::exec::{act_as, shift_time};
use super::{pc_of, Cpu};
use crate::silliac::arith::{self, SIGN};
use crate::silliac::orders::{Action, OrderInfo, ORDER_TABLE_CONST};
use crate::silliac::store::Store;

/// Set in the order loop's index by a store that changed a watched digit: the loop ends, the
/// index below it the ops obeyed (the last of them perhaps only in part: `BACK`).
pub(super) const CUT: usize = 1 << 16;
/// Set with `CUT` when the store was the first order of a fused pair: the op's second order
/// was not obeyed.
pub(super) const BACK: usize = 1 << 17;
/// Set in the order loop's index by a conditional transfer that went: the loop ends (a way
/// out of the block if the transfer was not its last order).
pub(super) const EXIT: usize = 1 << 18;
/// Where an op holds its (first) order's address.
pub(super) const ADDRESS_PLACE: u32 = 8;
/// Where a fused op holds its second order's address.
const SECOND_PLACE: u32 = 18;
/// An address's digits.
const ADDRESS: u32 = 0x3FF;

/// The pairs fused, (first code, second code). The exhibition's commonest first, then the
/// rest of `bench silliac`'s loop: `firstmoves bench silliac --pairs` counts them (docs/scale.md,
/// "SILLIAC toward ten times SIMH").
const PAIRS: [(u8, u8); 53] = [
    (0xF5, 0xF4),
    (0xF4, 0x40),
    (0x40, 0xF5),
    (0xF0, 0x36),
    (0x40, 0x36),
    (0xF4, 0x42),
    (0x40, 0xF0),
    (0xB4, 0x40),
    (0x40, 0xF3),
    (0xF3, 0x36),
    (0xD0, 0xB4),
    (0xF1, 0xD0),
    (0x50, 0xF1),
    (0xF5, 0x00),
    (0x00, 0x40),
    (0xF5, 0x40),
    (0xF5, 0xF0),
    (0x42, 0xF4),
    (0x42, 0xF5),
    (0xD0, 0xB5),
    (0x00, 0xF5),
    (0x40, 0x50),
    (0x50, 0x40),
    (0xB5, 0x40),
    (0x50, 0xD0),
    (0x40, 0x00),
    (0x50, 0xF5),
    (0xB5, 0xF0),
    (0xF4, 0x36),
    (0x42, 0x50),
    (0xB5, 0xF4),
    (0x40, 0xB5),
    (0xF4, 0x00),
    (0xF0, 0x50),
    (0x00, 0xF0),
    (0xF0, 0xF0),
    (0x42, 0x00),
    (0xF1, 0xF4),
    (0xF5, 0x42),
    (0xF4, 0xF4),
    (0x10, 0xF4),
    (0x00, 0xF4),
    (0xF0, 0x00),
    (0xF5, 0x50),
    (0x40, 0xD0),
    (0x40, 0x10),
    (0xF0, 0x40),
    (0xB5, 0xB4),
    (0xF5, 0x26),
    (0x50, 0x75),
    (0x75, 0x10),
    (0x10, 0xB4),
    (0xF5, 0x36),
];

/// Per op kind (an op's low byte): the pair of codes it obeys, at a code no block order has;
/// `None` at every other code (an op of one order, that code's).
pub(super) const FUSED: [Option<(u8, u8)>; 256] = fused_table();

const fn fused_table() -> [Option<(u8, u8)>; 256] {
    let mut t = [None; 256];
    let (mut code, mut p) = (0, 0);
    while p < PAIRS.len() {
        assert!(
            in_block(ORDER_TABLE_CONST[PAIRS[p].0 as usize].action)
                && !matches!(
                    ORDER_TABLE_CONST[PAIRS[p].0 as usize].action,
                    Action::Transfer { .. }
                )
                && in_block(ORDER_TABLE_CONST[PAIRS[p].1 as usize].action),
            "a fused pair is two orders of a block, the first no transfer"
        );
        // Past the last code this indexes out of bounds: a compile-time error.
        while in_block(ORDER_TABLE_CONST[code].action) {
            code += 1;
        }
        t[code] = Some(PAIRS[p]);
        code += 1;
        p += 1;
    }
    t
}

/// Per op kind: the conditional transfer it obeys, at a code neither a block order nor a
/// fused pair has, if it is a transfer inside a block, which leaves the block when it goes
/// (`EXIT`); `None` at every other code. A conditional transfer at a block's end keeps its
/// own code, so that its arm does not touch the loop's index.
pub(super) const LEAVING: [Option<u8>; 256] = leaving_table();

const fn leaving_table() -> [Option<u8>; 256] {
    let mut t = [None; 256];
    let (mut code, mut transfer) = (0, 0);
    while transfer < 256 {
        if matches!(
            ORDER_TABLE_CONST[transfer].action,
            Action::Transfer {
                stop: false,
                conditional: true,
                ..
            }
        ) {
            // Past the last code this indexes out of bounds: a compile-time error.
            while in_block(ORDER_TABLE_CONST[code].action) || FUSED[code].is_some() {
                code += 1;
            }
            t[code] = Some(transfer as u8);
            code += 1;
        }
        transfer += 1;
    }
    t
}

/// The op kind of conditional transfer `code` inside a block.
pub(super) fn leaving_kind(code: u8) -> u8 {
    LEAVING
        .iter()
        .position(|&c| c == Some(code))
        .expect("every conditional transfer has a kind inside a block") as u8
}

/// The transfer of op kind `K` inside a block (0 if it is none, for the arms that never run).
const fn leaving_of(k: u8) -> u8 {
    match LEAVING[k as usize] {
        Some(c) => c,
        None => 0,
    }
}

/// A conditional transfer inside a block, op kind `K`: if it goes, the block ends there.
#[inline(always)]
pub(super) fn obey_leaving<const K: u8, const B: u8>(
    cpu: &mut Cpu,
    store: &mut Store,
    op: u32,
    k: &mut usize,
) {
    let row = const { ORDER_TABLE_CONST[leaving_of(K) as usize] };
    obey_row::<B, true>(row, cpu, store, (op >> ADDRESS_PLACE & ADDRESS) as u16, k);
}

/// Whether a block may hold an order of this action: one that cannot stop the machine.
pub(super) const fn in_block(action: Action) -> bool {
    matches!(
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
    )
}

/// The op of the orders `first` (address `n1`) and `second` (address `n2`) obeyed as one, if
/// the pair is fused.
pub(super) fn fused_op(first: u8, n1: u32, second: u8, n2: u32) -> Option<u32> {
    let kind = FUSED.iter().position(|&p| p == Some((first, second)))?;
    Some(kind as u32 | n1 << ADDRESS_PLACE | n2 << SECOND_PLACE)
}

/// The addresses of a fused op's two orders.
#[inline(always)]
pub(super) fn pair_addresses(op: u32) -> (u16, u16) {
    (
        (op >> ADDRESS_PLACE & ADDRESS) as u16,
        (op >> SECOND_PLACE & ADDRESS) as u16,
    )
}

/// The pair of fused op kind `K` (`(0, 0)` if it is none, for the arms that never run).
const fn pair_of(k: u8) -> (u8, u8) {
    match FUSED[k as usize] {
        Some(p) => p,
        None => (0, 0),
    }
}

/// The two orders of fused op kind `K`, their rows constants. Its second order is not obeyed
/// if the first, a store, changed a watched digit.
#[inline(always)]
pub(super) fn obey_pair<const K: u8, const B: u8>(
    cpu: &mut Cpu,
    store: &mut Store,
    op: u32,
    k: &mut usize,
) {
    let first = const { ORDER_TABLE_CONST[pair_of(K).0 as usize] };
    let second = const { ORDER_TABLE_CONST[pair_of(K).1 as usize] };
    let (n1, n2) = pair_addresses(op);
    obey_row::<B, false>(first, cpu, store, n1, k);
    if *k & CUT != 0 {
        *k |= BACK;
        return;
    }
    obey_row::<B, false>(second, cpu, store, n2, k);
}

/// An order of a block, its row a constant, its address `n`. A transfer sets the control
/// counter if it goes (the block set it to the next order in sequence), and if `LEAVE` (a
/// conditional transfer inside a block) `EXIT` in the loop's index `k` too; a store that
/// changed a watched digit sets `CUT`.
#[inline(always)]
pub(super) fn obey_row<const B: u8, const LEAVE: bool>(
    row: OrderInfo,
    cpu: &mut Cpu,
    store: &mut Store,
    n: u16,
    k: &mut usize,
) {
    match row.action {
        Action::Transfer {
            to, conditional, ..
        } => {
            cpu.a = arith::preset(cpu.a, row.preset);
            if !conditional || cpu.a & SIGN == 0 {
                cpu.pc = pc_of(n, to);
                if LEAVE {
                    *k |= EXIT;
                }
            }
        }
        Action::Store(_) => {
            if act_as(row, cpu, store, n) {
                *k |= CUT;
            }
        }
        Action::ShiftLeft | Action::ShiftRight => {
            act_as(row, cpu, store, n);
            cpu.clock += shift_time::<B>(n);
        }
        _ => {
            act_as(row, cpu, store, n);
        }
    }
}

/// Whether the block loop obeys `first` then `second` as one op.
pub(super) fn is_fused(first: u8, second: u8) -> bool {
    FUSED.contains(&Some((first, second)))
}

#[cfg(test)]
mod tests {
    use super::super::tests::same_as_steps;
    use super::super::{Half, Limits, Machine, Stop};
    use super::fused_op;
    use crate::silliac::bench::silliac_bench_machine;
    use crate::silliac::orders::{pair, Order};

    #[test]
    fn a_fused_pair_whose_first_order_overwrites_its_second() {
        // 200L stores A over its own word, A holding another right-hand order: the pair
        // (store, clear add) is fused, and the store must end the block before the old
        // right-hand order, which the machine then obeys as the store left it.
        assert!(fused_op(0x40, 200, 0xF5, 302).is_some());
        assert!(fused_op(0xF0, 302, 0x36, 200).is_some());
        let o = Order::new;
        let program = || {
            let mut m = Machine::new();
            m.set_word(199, pair(o(0xF5, 303), o(0xF4, 304))); // A := M(303) + M(304)
            m.set_word(200, pair(o(0x40, 200), o(0xF5, 302))); // M(200) := A; A := M(302)
            m.set_word(201, pair(o(0x24, 201), o(0, 0))); // stop
            m.set_word(302, 5);
            m.set_word(303, pair(o(0x40, 200), o(0xF0, 302))); // what 200 becomes
            m.set_word(304, 0);
            m.set_control(199, Half::Left);
            m
        };
        same_as_steps(program, 1..=8);
        let mut m = program();
        m.run(Limits::orders(100));
        // 200R now subtracts 5 and the transfer-less word falls through to the stop.
        assert_eq!(m.word(200), pair(o(0x40, 200), o(0xF0, 302)));
        assert_eq!(m.orders(), 5);
    }

    #[test]
    fn budgets_that_end_inside_fused_pairs() {
        // `bench silliac`'s loop is one block of six fused pairs; every budget from 1 to 40
        // orders ends somewhere in or between them.
        same_as_steps(silliac_bench_machine, 1..=40);
        let mut m = silliac_bench_machine();
        assert_eq!(m.run(Limits::orders(12 * 50 + 7)), Stop::OrderBudget);
        assert_eq!(m.orders(), 12 * 50 + 7);
    }

    #[test]
    fn a_store_second_in_a_pair_cuts_after_the_pair() {
        // 10L-10R (clear add, store) fused; the store plants over 11, which the block was
        // decoded from: the rest of the block must be decoded again.
        let o = Order::new;
        assert!(fused_op(0xF5, 20, 0x40, 11).is_some());
        let program = || {
            let mut m = Machine::new();
            m.set_word(10, pair(o(0xF5, 20), o(0x40, 11))); // A := M(20); M(11) := A
            m.set_word(11, pair(o(0xF5, 21), o(0xF4, 21))); // (replaced)
            m.set_word(12, pair(o(0x24, 12), o(0, 0))); // stop
            m.set_word(20, pair(o(0xF5, 22), o(0xF0, 22))); // A := M(22); A := A - M(22)
            m.set_word(21, 1);
            m.set_word(22, 7);
            m.set_control(10, Half::Left);
            m
        };
        same_as_steps(program, 1..=6);
        let mut m = program();
        assert!(matches!(m.run(Limits::orders(100)), Stop::StopOrder { .. }));
        assert_eq!((m.a(), m.orders()), (0, 5));
    }

    #[test]
    fn blocks_left_in_the_middle_and_rewritten_after_the_way_out() {
        // Conditional transfers inside blocks (11R, 13R, 14R) that go some trips and not
        // others; once the counter is negative, 12R rewrites word 14, which lies after the
        // ways out of the block that starts at 13L: that block must be decoded again.
        let o = Order::new;
        let program = || {
            let mut m = Machine::new();
            m.set_word(10, pair(o(0xF5, 20), o(0xF0, 21))); // A := counter - 1
            m.set_word(11, pair(o(0x40, 20), o(0x36, 13))); // counter := A; to 13L if A >= 0
            m.set_word(12, pair(o(0xF5, 22), o(0x40, 14))); // M(14) := M(22)
            m.set_word(13, pair(o(0xF5, 25), o(0x36, 14))); // to 14L if M(25) >= 0
            m.set_word(14, pair(o(0xF5, 20), o(0x36, 10))); // to 10L if counter >= 0
            m.set_word(15, pair(o(0x24, 15), o(0, 0))); // stop
            m.set_word(20, 3);
            m.set_word(21, 1);
            m.set_word(22, pair(o(0xF5, 26), o(0x36, 10)));
            m.set_word(25, 0);
            m.set_word(26, 0);
            m.set_control(10, Half::Left);
            m
        };
        same_as_steps(program, 1..=120);
        let mut m = program();
        assert_eq!(m.run(Limits::orders(1_000)), Stop::OrderBudget);
        assert_eq!(m.word(14), pair(o(0xF5, 26), o(0x36, 10)));
    }
}
