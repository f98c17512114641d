//! The cycle profile of a run (opt-in, `Machine::set_profile`): every cycle the machine
//! charged since the profile was switched on, either to the instruction table row it was
//! charged for (`isa::TABLE`), or to the CPU being held by its input and output
//! (`Machine::io_wait_cycles`). The rows carry their timing status
//! (`InstrInfo::timing_status`), so the profile says how much of a program's period time rests
//! on sourced, derived and estimated cycle counts (docs/timing.md, `firstmoves timing
//! --program kotok`).
//!
//! What goes where:
//! - an instruction's cycles, its data-dependent ones (shift, multiply, divide, floating point,
//!   convert), the extra cycle of indirect addressing and the cycle of the floating trap's
//!   store into 0000, to its own row;
//! - XEC: its own cycle (and its indirect cycle) to XEC's row, one per XEC of a chain, and the
//!   executed instruction's cycles to that instruction's row, each counted once, as
//!   `Machine::instructions` counts them (the XEC and what it executes are two instructions;
//!   XEC's cycles are as real as any other row's and its status is its own row's);
//! - a ±0760 word to the function its effective address selects (SWT, CHS, RTB ...);
//! - the cycles an interlock held the CPU (a select waiting for its channel or unit, LOAD
//!   CARDS waiting for its first words) and every cycle of a `TCOx *` spin, the execution that
//!   found the channel in operation included, to `io_wait`: `Machine::io_wait_cycles` counts
//!   them so, and the profile keeps the same split. A `TCOx` that finds its channel done is
//!   computing and goes to its row.
//!
//! So the rows and `io_wait` add up to the cycles run since the profile started
//! (`Profile::total`), exactly.

use super::isa::{InstrInfo, TABLE};
use super::model::Model;
use super::timing::models;
use crate::TimingStatus;

/// Executions and cycles of one row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RowCycles {
    /// Times the row was executed (counted as `Machine::instructions` counts).
    pub count: u64,
    /// Cycles charged to it.
    pub cycles: u64,
}

/// The cycles of a run by instruction row and I/O wait.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// By row, in `isa::TABLE` order.
    rows: Vec<RowCycles>,
    io_wait: u64,
    since: u64,
    /// Whose cycles (and their statuses, `timing::models`).
    model: Model,
}

impl Profile {
    /// An empty profile of a 7090 starting at the machine's cycle count `since`.
    pub fn new(since: u64) -> Profile {
        Profile::on(Model::Ibm7090, since)
    }

    /// An empty profile of a `model` starting at the machine's cycle count `since`.
    pub fn on(model: Model, since: u64) -> Profile {
        Profile {
            rows: vec![RowCycles::default(); TABLE.len()],
            io_wait: 0,
            since,
            model,
        }
    }

    /// How sure the count of `row` is on the profiled model.
    pub fn status(&self, row: &InstrInfo) -> TimingStatus {
        models::of(row, self.model).status
    }

    /// The machine's cycle count when the profile started.
    pub fn since(&self) -> u64 {
        self.since
    }

    /// Charge `cycles` and `count` executions to `row`.
    pub(crate) fn charge(&mut self, row: &'static InstrInfo, count: u64, cycles: u64) {
        let r = &mut self.rows[row_index(row)];
        r.count += count;
        r.cycles += cycles;
    }

    /// Charge `cycles` to the I/O wait.
    pub(crate) fn charge_io(&mut self, cycles: u64) {
        self.io_wait += cycles;
    }

    /// Cycles the CPU was held by the I/O.
    pub fn io_wait(&self) -> u64 {
        self.io_wait
    }

    /// Cycles charged to rows of timing status `s`.
    pub fn status_cycles(&self, s: TimingStatus) -> u64 {
        self.rows()
            .filter(|(info, _)| self.status(info) == s)
            .map(|(_, r)| r.cycles)
            .sum()
    }

    /// Every cycle profiled: the rows' and the I/O wait. Equals `Machine::cycles()` minus
    /// `since()` (unless the machine's count was set from outside, as a snapshot restore does).
    pub fn total(&self) -> u64 {
        self.rows.iter().map(|r| r.cycles).sum::<u64>() + self.io_wait
    }

    /// Instructions profiled (the rows' counts).
    pub fn instructions(&self) -> u64 {
        self.rows.iter().map(|r| r.count).sum()
    }

    /// The rows executed or charged, in table order.
    pub fn rows(&self) -> impl Iterator<Item = (&'static InstrInfo, RowCycles)> + '_ {
        TABLE
            .iter()
            .zip(self.rows.iter().copied())
            .filter(|(_, r)| r.count != 0 || r.cycles != 0)
    }

    /// The rows by cycles charged, most first (ties in table order).
    pub fn top_rows(&self) -> Vec<(&'static InstrInfo, RowCycles)> {
        let mut v: Vec<_> = self.rows().collect();
        v.sort_by_key(|r| std::cmp::Reverse(r.1.cycles));
        v
    }
}

/// Where `row` stands in `TABLE` (it is one of its elements).
fn row_index(row: &'static InstrInfo) -> usize {
    let base = TABLE.as_ptr() as usize;
    let i = (row as *const InstrInfo as usize - base) / std::mem::size_of::<InstrInfo>();
    debug_assert!(std::ptr::eq(&TABLE[i], row));
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ibm7090::isa::by_mnemonic;

    #[test]
    fn rows_and_io_add_up_and_statuses_follow_the_rows() {
        let mut p = Profile::new(7);
        let cla = by_mnemonic("CLA").unwrap();
        let tra = by_mnemonic("TRA").unwrap();
        p.charge(cla, 2, 4);
        p.charge(tra, 1, 1);
        p.charge_io(10);
        assert_eq!((p.total(), p.instructions(), p.since()), (15, 3, 7));
        let by: u64 = TimingStatus::ALL.iter().map(|&s| p.status_cycles(s)).sum();
        assert_eq!(by + p.io_wait(), p.total());
        // CLA's 2 cycles are sourced (CE-56), TRA's an estimate.
        assert_eq!(p.status_cycles(TimingStatus::Sourced), 4);
        assert_eq!(p.status_cycles(TimingStatus::Estimate), 1);
        let top = p.top_rows();
        assert_eq!(top[0].0.mnemonic, "CLA");
        assert_eq!(
            top[0].1,
            RowCycles {
                count: 2,
                cycles: 4
            }
        );
        assert_eq!(top.len(), 2);
    }
}
