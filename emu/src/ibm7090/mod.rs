//! The IBM 7090 (1959): 32,768 words of 36 bits, sign-magnitude fixed point, three index
//! registers with the 7090's tag OR-ing, data channels A and B with the on-line card reader,
//! punch and printer and 729 tape units, and a cycle counter of 2.18 us machine cycles; and
//! beside it (`model`) the 709 it was made from (12 us) and the 7094 (2.0 us, seven index
//! registers, double precision).
//!
//! Bit numbering follows the manuals: S, 1..35 from the left; bit k is `1 << (35 - k)`.
//! One file per hardware unit: `isa` (the one instruction table), `arith` (AC, MQ, adder,
//! shifter), `float` (the floating-point part of the arithmetic unit), `cpu` (registers,
//! fetch, execute, stops; the `Machine`), `channel` (the 7607 channels), `card_reader` (711),
//! `punch` (721), `printer` (716), `tape` (729 reels), `card` (Hollerith and row-binary
//! images), `bcd` (character code), `timing` (data-dependent cycles), `io_timing` (the period
//! time of the I/O units), `profile` (a run's cycles by instruction row and I/O wait),
//! `trace`, `bench`.

pub mod arith;
pub mod bcd;
pub mod bench;
pub mod card;
pub mod card_reader;
pub mod channel;
pub mod cpu;
pub mod decode;
pub mod float;
pub mod ibsys;
pub mod io_timing;
pub mod isa;
pub mod model;
pub mod printer;
pub mod profile;
pub mod punch;
pub mod snapshot;
pub mod tape;
pub mod timing;
pub mod trace;

pub use cpu::{Limits, Machine, Stop, STORE_WORDS};
pub use isa::{by_mnemonic, decode, disassemble, Addressing, Format, InstrInfo, Status, Timing};
pub use model::Model;
pub use profile::Profile;
