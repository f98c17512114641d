//! The compute-bound program `firstmoves bench 7090` and scripts/bench-7090.sh run, built
//! in-process from the instruction table (no assembler): the loop of shared/notes/
//! ibm7090-machine.md §4 (CLA ADD STO ANA ALS TZE LDQ ORA TIX, 2000 x 5000 times).

use super::isa::by_mnemonic;
use super::Machine;

/// Where the program starts.
pub const BENCH_START: u16 = 0o100;
/// Instructions the whole program executes up to and including its HPR.
pub const BENCH_INSTRUCTIONS: u64 = 1 + 5000 * (1 + 2000 * 9 + 1) + 1;

/// The program as (address, word) pairs.
pub fn bench_program() -> Vec<(u16, u64)> {
    let i = |m: &str, addr: u32, tag: u8, dec: u32| {
        by_mnemonic(m)
            .unwrap_or_else(|| panic!("{m} is in the table"))
            .encode(addr, tag, dec, false)
    };
    vec![
        (0o100, i("AXT", 5000, 2, 0)),
        (0o101, i("AXT", 2000, 1, 0)),
        (0o102, i("CLA", 0o200, 0, 0)),
        (0o103, i("ADD", 0o201, 0, 0)),
        (0o104, i("STO", 0o202, 0, 0)),
        (0o105, i("ANA", 0o203, 0, 0)),
        (0o106, i("ALS", 3, 0, 0)),
        (0o107, i("TZE", 0o110, 0, 0)),
        (0o110, i("LDQ", 0o204, 0, 0)),
        (0o111, i("ORA", 0o205, 0, 0)),
        (0o112, i("TIX", 0o102, 1, 1)),
        (0o113, i("TIX", 0o101, 2, 1)),
        (0o114, i("HPR", 0, 0, 0)),
        (0o200, 0o000000000101),
        (0o201, 0o000000000002),
        (0o203, 0o000000000077),
        (0o204, 0o000000000010),
        (0o205, 0o000000000100),
    ]
}

/// A machine loaded with the benchmark, IC at its start.
pub fn bench_machine() -> Machine {
    let mut m = Machine::new();
    for (a, w) in bench_program() {
        m.mem_mut()[a as usize] = w;
    }
    m.ic = BENCH_START as u32;
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ibm7090::{Limits, Stop};

    #[test]
    fn one_outer_trip_is_exact() {
        let mut m = bench_machine();
        // AXT, then one outer trip: AXT + 2000 x 9 + TIX.
        assert_eq!(
            m.run(Limits::instructions(1 + 18_002)),
            Stop::InstructionBudget
        );
        assert_eq!(m.ic, 0o101);
        // Cycles: AXT 1; per inner trip CLA 2 ADD 2 STO 2 ANA 3 ALS 2 TZE 1 LDQ 2 ORA 2 TIX 1
        // = 17; the outer AXT and TIX 1 each.
        assert_eq!(m.cycles(), 1 + 1 + 2000 * 17 + 1);
        assert_eq!(m.ac, 0o130);
        assert_eq!(m.mq, 0o10);
    }
}
