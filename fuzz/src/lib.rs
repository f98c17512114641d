//! An in-repo fuzzer on stable Rust: a target per parser, byte-level mutations of
//! the repository's own files, a panic catcher and a hang watchdog. `cargo run --release -p
//! fuzz -- TARGET --inputs N` runs one target; `scripts/fuzz.sh` runs them all.

pub mod console;
pub mod engine;
pub mod targets;
