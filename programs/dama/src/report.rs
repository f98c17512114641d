//! `dama best --json` as Rust types: the command fills them and prints them, and the report's
//! JSON Schema (docs/schema/dama-best.json) is generated from them, so the two cannot drift.

use schemars::JsonSchema;
use serde::Serialize;

/// Which engine searched.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// Plain minimax, counting positions as Findler's paper does.
    Native,
    /// Alpha-beta: the same move and value, its own smaller count.
    Fast,
    /// Findler's program on the emulated SILLIAC.
    Emulated,
}

/// Findler's search on one position (`dama best --json`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BestReport {
    /// The position searched.
    pub position: String,
    /// Findler's setting: `demo`'s `a3+b3`, `aN+bM` or `selective`.
    pub setting: String,
    pub engine: Engine,
    /// The move chosen; null when the side to move is blocked (and so has won).
    #[serde(rename = "move")]
    pub best: Option<String>,
    /// Its value C(1).
    pub value: i32,
    /// Positions examined, as the engine counts them.
    pub positions: u64,
    /// The emulated run's period seconds (the emulated engine only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub emulated_seconds: Option<f64>,
    /// Every move's value from the position (with `--root`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<RootMove>")]
    pub root: Option<Vec<RootMove>>,
}

/// One move of the root and its value.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct RootMove {
    #[serde(rename = "move")]
    pub mv: String,
    pub value: i32,
}
