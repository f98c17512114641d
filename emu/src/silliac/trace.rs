//! The fixed-format trace line, one per order obeyed:
//!
//! ```text
//! <time us, 3 decimals, at the start of the order> <control counter><L|R> <order> A=<sex> Q=<sex>
//!       75.000 0999L L5 100   A=0000000000 Q=0000000000
//! ```
//! A and Q are shown after the order, as ten sexadecimal characters.

use super::orders::{word_to_sex, Order};
use std::fmt::Write;

/// Append one trace line to `out`. `pc` is word address * 2 + half (0 left, 1 right).
pub fn line(out: &mut String, start_ns: u64, pc: u32, bits: u32, a: u64, q: u64) {
    let order = Order::from_bits(bits).to_text();
    let _ = writeln!(
        out,
        "{:>8}.{:03} {:04}{} {:<7} A={} Q={}",
        start_ns / 1000,
        start_ns % 1000,
        pc >> 1,
        if pc & 1 == 0 { 'L' } else { 'R' },
        order,
        word_to_sex(a),
        word_to_sex(q)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_format() {
        let mut s = String::new();
        line(
            &mut s,
            75_500,
            999 * 2,
            Order::new(0xF5, 100).bits(),
            1 << 38,
            0xF,
        );
        assert_eq!(s, "      75.500 0999L L5 100  A=4000000000 Q=000000000L\n");
    }
}
