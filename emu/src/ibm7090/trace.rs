//! The fixed-format trace line, one per instruction (an XEC and what it executes share one):
//!
//! ```text
//! <cycles at the start> <IC> <word> <instruction> Y=<effective address> AC=<S,Q,P,1-35> MQ=<word> XR=<A> <B> <C>
//!          0 00100 050000000200 CLA 200          Y=00200 AC=0000000000005 MQ=000000000000 XR=00000 00000 00000
//! ```
//! All octal but the cycle count; AC is the 38-bit register (S at the left), shown after
//! the instruction as are MQ and the index registers (on a 7094 all seven, XR1-XR7). Y is the address less the tag's index
//! registers (before indirection), as SIMH's history shows it.

use super::isa;
use std::fmt::Write;

/// Append one trace line to `out`.
#[allow(clippy::too_many_arguments)]
pub fn line(
    out: &mut String,
    start_cycles: u64,
    at: u16,
    word: u64,
    ea: u16,
    ac: u64,
    mq: u64,
    xr: &[u32],
) {
    let _ = write!(
        out,
        "{:>10} {:05o} {:012o} {:<16} Y={:05o} AC={:013o} MQ={:012o} XR=",
        start_cycles,
        at,
        word,
        isa::disassemble(word),
        ea,
        ac,
        mq,
    );
    for (n, x) in xr.iter().enumerate() {
        let _ = write!(out, "{}{x:05o}", if n == 0 { "" } else { " " });
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_format() {
        let mut s = String::new();
        line(&mut s, 0, 0o100, 0o050000000200, 0o200, 5, 0, &[0, 0, 0]);
        assert_eq!(
            s,
            "         0 00100 050000000200 CLA 200          Y=00200 AC=0000000000005 MQ=000000000000 XR=00000 00000 00000\n"
        );
    }
}
