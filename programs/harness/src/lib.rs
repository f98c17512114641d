//! What the program families share: campaigns split into shards and merged again (`shard`),
//! progress and work spread over threads with results in order (`progress`), the seeded
//! generator every program and harness draws from (`rng`), what their reports write alike
//! (`json`), and the machines' reports as types (`report`).

pub mod json;
pub mod progress;
pub mod report;
pub mod rng;
pub mod shard;
