//! A count of the pairs of orders the machine obeys one after the other in sequence (the
//! second at the control counter after the first): what the block loop's fused pairs were
//! chosen by (`fused`). When it is on, `run` obeys one order at a time (`Machine::step`), so
//! a run is the same, order for order, only slower; it is a tool for choosing, not for playing.

use super::{fetch, Machine, Stop};

/// Counts per (first code, second code), and the last order obeyed.
#[derive(Clone)]
pub(super) struct PairCount {
    counts: Box<[u64; 65536]>,
    /// The control counter and code of the order obeyed last.
    last: Option<(u32, u8)>,
}

impl Machine {
    /// Count the pairs of orders obeyed in sequence from now on (`true`), or stop counting and
    /// forget the counts (`false`).
    pub fn count_pairs(&mut self, on: bool) {
        self.pairs = on.then(|| PairCount {
            counts: Box::new([0; 65536]),
            last: None,
        });
    }

    /// The pairs counted, commonest first (ties by codes): (first code, second code, count).
    pub fn pair_counts(&self) -> Vec<(u8, u8, u64)> {
        let Some(p) = &self.pairs else {
            return Vec::new();
        };
        let mut v: Vec<(u8, u8, u64)> = p
            .counts
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(i, &n)| ((i >> 8) as u8, i as u8, n))
            .collect();
        v.sort_by(|a, b| b.2.cmp(&a.2).then((a.0, a.1).cmp(&(b.0, b.1))));
        v
    }

    /// Whether the block loop obeys the pair `first`, `second` as one op (`fused`).
    pub fn fused_pair(first: u8, second: u8) -> bool {
        super::fused::is_fused(first, second)
    }

    /// `run`'s loop while pairs are counted: as the order-at-a-time loop, by `step`.
    #[cold]
    #[inline(never)]
    pub(super) fn run_counting_pairs(&mut self, order_end: u64, ns_end: u64, bp: u32) -> Stop {
        loop {
            if self.cpu.orders >= order_end {
                return Stop::OrderBudget;
            }
            if self.cpu.clock >= ns_end {
                return Stop::TimeBudget;
            }
            if self.cpu.pc == bp {
                let (address, half) = super::location(self.cpu.pc);
                return Stop::Breakpoint { address, half };
            }
            let (pc, orders) = (self.cpu.pc, self.cpu.orders);
            let code = (fetch(&self.store, pc) >> 12) as u8;
            let stop = self.step();
            if self.cpu.orders > orders {
                if let Some(p) = self.pairs.as_mut() {
                    if let Some((last_pc, last_code)) = p.last {
                        if pc == last_pc + 1 {
                            p.counts[(last_code as usize) << 8 | code as usize] += 1;
                        }
                    }
                    p.last = Some((pc, code));
                }
            }
            if let Some(stop) = stop {
                return stop;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Limits, Machine};
    use crate::silliac::orders::{pair, Order};

    #[test]
    fn pairs_in_sequence_are_counted_and_the_run_is_the_same() {
        // 0: 50 11 / 40 10 (store A); 1: L5 11 / 26 0 (go to the left-hand order of 0).
        let words = [
            pair(Order::new(0x50, 11), Order::new(0x40, 10)),
            pair(Order::new(0xF5, 11), Order::new(0x26, 0)),
        ];
        let machine = || {
            let mut m = Machine::new();
            for (a, &w) in words.iter().enumerate() {
                m.set_word(a as u16, w);
            }
            m.set_word(11, 3);
            m
        };
        let (mut plain, mut counted) = (machine(), machine());
        counted.count_pairs(true);
        let (a, b) = (
            plain.run(Limits::orders(40)),
            counted.run(Limits::orders(40)),
        );
        assert_eq!(a, b);
        assert_eq!(plain.orders(), counted.orders());
        assert_eq!(plain.a(), counted.a());
        assert_eq!(plain.word(10), counted.word(10));
        // Ten times round: 50 40, 40 F5, F5 26 in sequence; 26 -> 50 is a transfer, not counted.
        assert_eq!(
            counted.pair_counts(),
            vec![(0x40, 0xF5, 10), (0x50, 0x40, 10), (0xF5, 0x26, 10)]
        );
        counted.count_pairs(false);
        assert!(counted.pair_counts().is_empty());
    }
}
