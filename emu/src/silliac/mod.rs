//! SILLIAC (University of Sydney, 1956), a copy of ILLIAC I: 1,024 words of 40 bits,
//! two 20-bit orders per word, asynchronous timing modelled per order in microseconds.
//!
//! Bit numbering follows the manuals: digit 0 is the leftmost (sign) digit, digit 39 the
//! rightmost. In a `u64` word, digit d is bit `39 - d`.

pub mod orders;
