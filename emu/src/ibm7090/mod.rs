//! The IBM 7090 (1959): 32,768 words of 36 bits, sign-magnitude fixed point, three index
//! registers with the 7090's tag OR-ing, data channel A with card reader and printer, and a
//! cycle counter of 2.18 us machine cycles.
//!
//! Bit numbering follows the manuals: S, 1..35 from the left; bit k is `1 << (35 - k)`.
//! One file per hardware unit; `isa` is the one instruction table.

pub mod isa;

pub use isa::{by_mnemonic, decode, disassemble, Addressing, Format, InstrInfo, Status, Timing};
