//! What the program families share: campaigns split into shards and merged again (`shard`),
//! progress and work spread over threads with results in order (`progress`), the seeded
//! generator every program and harness draws from (`rng`), what their reports write alike
//! (`json`), and the machines' reports as types (`report`).

pub mod json;
pub mod progress;
pub mod report;
pub mod rng;
pub mod shard;

/// The stack of every thread a program or harness starts for a game or campaign: an unoptimised
/// build's frames hold machines and boards by value and need about 3 MiB where the standard
/// 2 MiB ran out (`dama exhibition` beside its other bounds); the memory is only reserved.
pub const THREAD_STACK: usize = 16 << 20;
