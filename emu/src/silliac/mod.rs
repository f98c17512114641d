//! SILLIAC (University of Sydney, 1956), a copy of ILLIAC I: 1,024 words of 40 bits,
//! two 20-bit orders per word, asynchronous timing modelled per order in nanoseconds.
//!
//! Bit numbering follows the manuals: digit 0 is the leftmost (sign) digit, digit 39 the
//! rightmost. In a `u64` word, digit d is bit `39 - d`.
//!
//! One file per hardware unit: `store` (memory), `arith` (A, Q, complement gate, adder),
//! `control` (control counter, fetch, decode, dispatch, stops; the `Machine`), `reader`,
//! `punch`, `tape` (formats and teleprinter code), `timing` (the one timing table), `orders`
//! (the one order table), `trace`.

pub mod arith;
pub mod bench;
pub mod control;
pub mod orders;
pub mod punch;
pub mod reader;
pub mod snapshot;
pub mod store;
pub mod tape;
pub mod timing;
pub mod trace;

pub use control::{Limits, Machine, Stop};
pub use orders::{disassemble_word, info, Half, OrderInfo, Status};
pub use punch::Punch;
pub use reader::TapeReader;
pub use tape::{
    decode_text, encode_char, encode_text, format_pt, parse_pt, read_tape_file, Shift, TapeError,
};
