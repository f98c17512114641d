//! The compute-bound program `firstmoves bench silliac` runs, built in-process from
//! hand-packed orders (no assembler), so that speed can be measured anywhere.

use super::orders::{pair, Order};
use super::{Half, Machine};

/// Orders in one trip round the loop.
pub const BENCH_LOOP_ORDERS: u64 = 12;

/// A loop of the order families a game program spends its time in: clear add, subtract,
/// store, Q load, multiply, shift, add from Q, conditional transfer, address plant. It counts
/// a fraction down by 2^-39 from 1/2, so it never ends within a benchmark.
pub fn silliac_bench_machine() -> Machine {
    let o = Order::new;
    let mut m = Machine::new();
    let program = [
        (10, o(0xF5, 100), o(0xF0, 101)), // A := counter; A := A - 2^-39
        (11, o(0x40, 100), o(0x50, 102)), // counter := A; Q := c
        (12, o(0x75, 103), o(0x10, 1)),   // A:Q := d * Q; shift right 1
        (13, o(0xB4, 0), o(0x40, 105)),   // A := A + Q; store it
        (14, o(0xF5, 104), o(0x42, 15)),  // A := the link word; plant its address in 15R
        (15, o(0xF5, 100), o(0x36, 10)),  // A := counter; if A >= 0 go to 10L
        (16, o(0x24, 16), o(0, 0)),       // (not reached) stop
    ];
    for (addr, l, r) in program {
        m.set_word(addr, pair(l, r));
    }
    m.set_word(100, 1 << 38); // 1/2
    m.set_word(101, 1);
    m.set_word(102, 0x2_4A3B_1C0D);
    m.set_word(103, 0x5_1234_5678);
    m.set_word(104, pair(o(0, 0), o(0x36, 10)));
    m.set_control(10, Half::Left);
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::silliac::{Limits, Stop};

    #[test]
    fn loop_runs_forever_and_times_add_up() {
        let mut m = silliac_bench_machine();
        assert_eq!(m.run(Limits::orders(12_000)), Stop::OrderBudget);
        assert_eq!(m.control(), (10, Half::Left));
        // 1000 trips: 5 additions (L5 L0 S4 L5 L5), 2 stores, 1 Q load, 1 multiply,
        // 1 shift of 1 place, 1 address store, 1 transfer.
        let trip = 5 * 75_000 + 2 * 75_000 + 75_000 + 700_000 + 48_000 + 110_000 + 40_000;
        assert_eq!(m.clock_ns(), 1000 * trip);
        assert_eq!(m.word(100), (1 << 38) - 1000);
    }
}
