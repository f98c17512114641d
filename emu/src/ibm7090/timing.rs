//! Cycle counts (one cycle = one 2.18 us core-storage cycle [CE-10]) for the data-dependent
//! instructions; fixed counts are in the instruction table (`isa`). Rules and their sources
//! are in shared/notes/ibm7090-timing.md section 3. The 709's and the 7094's counts are
//! derived from these (`models`).

pub mod models;

/// Length of one machine cycle in picoseconds (2.18 us).
pub const CYCLE_PS: u64 = 2_180_000;

/// Emulated microseconds for a number of cycles (exact: 2.18 us each).
pub fn cycles_to_us(cycles: u64) -> f64 {
    cycles as f64 * 2.18
}

/// Shifts: I, then L cycles; 11 shifts in the first L, 12 in each further one, with up to 5
/// finished in the next instruction's I time [CE-54]. Derived [I]: 2 for n <= 16, else
/// 2 + ceil((n - 16) / 12); n is the low 8 bits of the effective address (max 255).
#[inline]
pub fn shift_cycles(n: u32) -> u32 {
    if n <= 16 {
        2
    } else {
        2 + (n - 16).div_ceil(12)
    }
}

/// MPY/MPR: 2 if the multiplicand C(Y) is zero (ends after E [CE-63]); otherwise
/// 2 + ceil((35 + 3k) / 12) L cycles, k = 1-bits in MQ(1-35): a 0 bit costs one pulse (shift),
/// a 1 bit four (add and shift), 12 pulses per L cycle [I]; bounds 2..14 [CE-63/64].
#[inline]
pub fn multiply_cycles(mq: u64, multiplicand: u64) -> u32 {
    if multiplicand & super::arith::MAG == 0 {
        return 2;
    }
    let k = (mq & super::arith::MAG).count_ones();
    2 + (35 + 3 * k).div_ceil(12)
}

/// DVP/DVH: I, E, L on divide check (3); otherwise 35 quotient steps, 3 per L cycle = 12 L
/// (14) [I], bounds from the DVH heading (Min I,E,L) (Max I,E,12L) [CE-64].
#[inline]
pub fn divide_cycles(divide_check: bool) -> u32 {
    count_divide_cycles(35, divide_check)
}

/// VLM with count `c`: 2 if the count is 0 (nothing happens) or the multiplicand is zero;
/// otherwise the MPY rule with c steps for 35: 2 + ceil((c + 3k) / 12), k = 1-bits in the
/// low min(c, 35) bits of MQ [I]; c = 35 gives the MPY count [CE-64].
#[inline]
pub fn count_multiply_cycles(mq: u64, multiplicand: u64, c: u32) -> u32 {
    if c == 0 || multiplicand & super::arith::MAG == 0 {
        return 2;
    }
    let bits = (mq & super::arith::MAG) & ((1u64 << c.min(35)) - 1);
    2 + (c + 3 * bits.count_ones()).div_ceil(12)
}

/// VDH/VDP with count `c`: 2 if the count is 0 (nothing happens: (Min I,E) [CE-69]), 3 on
/// divide check, else c quotient steps at 3 per L cycle: 2 + ceil(c / 3) [I] (c = 35 gives
/// DVP's 14).
#[inline]
pub fn count_divide_cycles(c: u32, divide_check: bool) -> u32 {
    if c == 0 {
        2
    } else if divide_check {
        3
    } else {
        2 + c.div_ceil(3)
    }
}

/// CVR, CRQ, CAQ: I and L, then one E cycle per count: (Min I,L) (Max I,L,6E) [CE-134/136];
/// counts above 6, which SIMH loops through, take one more E each [I].
#[inline]
pub fn convert_cycles(c: u32) -> u32 {
    2 + c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ibm7090::arith::MAG;

    #[test]
    fn shift_table_from_the_notes() {
        for (n, c) in [
            (0, 2),
            (16, 2),
            (17, 3),
            (28, 3),
            (29, 4),
            (35, 4),
            (72, 7),
            (255, 22),
        ] {
            assert_eq!(shift_cycles(n), c, "n={n}");
        }
    }

    #[test]
    fn count_35_takes_the_mpy_and_dvp_cycles() {
        assert_eq!((divide_cycles(false), divide_cycles(true)), (14, 3));
        for (mq, w) in [(MAG, 1), (0, 1), (1, 1), (0o525252, 7), (MAG, 0)] {
            assert_eq!(count_multiply_cycles(mq, w, 35), multiply_cycles(mq, w));
        }
        assert_eq!(count_divide_cycles(0, true), 2);
        assert_eq!(count_multiply_cycles(MAG, MAG, 63), 16);
        assert_eq!(count_divide_cycles(63, false), 23);
    }

    #[test]
    fn multiply_bounds() {
        assert_eq!(multiply_cycles(MAG, 0), 2);
        assert_eq!(multiply_cycles(MAG, 1), 14);
        assert_eq!(multiply_cycles(0, 1), 5);
        assert_eq!(multiply_cycles(1, 1), 6);
    }
}
