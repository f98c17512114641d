//! `chess perft --json` as Rust types (docs/schema/chess-perft.json): leaf positions `depth`
//! plies down, by the native move generator or the FAP core's perft program.

use schemars::JsonSchema;
use serde::Serialize;

use super::Engine;

/// A perft count.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PerftReport {
    /// The position counted from (FEN).
    pub fen: String,
    /// Plies down.
    pub depth: u32,
    /// Which generator counted.
    pub engine: Engine,
    /// Leaf positions.
    pub nodes: u64,
    /// The count by first move (`--divide`, the native generator only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<Divide>")]
    pub divide: Option<Vec<Divide>>,
    /// The emulated run (the emulated engine only).
    #[serde(flatten)]
    pub run: Option<PerftRun>,
}

/// A first move's count.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Divide {
    /// The move (UCI).
    #[serde(rename = "move")]
    pub first: String,
    /// Leaf positions under it.
    pub nodes: u64,
}

/// The FAP perft program's run on the emulated 7090.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct PerftRun {
    /// Instructions executed.
    pub instructions: u64,
    /// Machine cycles.
    pub cycles: u64,
    /// Period seconds (2.18 µs a cycle, the I/O included).
    pub emulated_seconds: f64,
}
