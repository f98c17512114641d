//! The period programs, their native reference engines, and the harnesses that host each
//! program in its emulator.

pub mod chess;
pub mod dama;
pub mod diag;
pub mod progress;
pub mod rng;
pub mod shard;
