//! `chess period --json` as Rust types (docs/schema/chess-period.json): Kotok's program on the
//! middle-game set with and without alpha-beta, from the native twin or on the emulated machine.

use harness::json::BoundName;
use schemars::JsonSchema;
use serde::Serialize;

use super::Engine;

/// Positions examined per move beside the memo's figures.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PeriodReport {
    /// A row per position of the middle-game set.
    pub positions: Vec<PeriodRow>,
    /// Positions examined a move, the mean over the set, with alpha-beta.
    pub mean_positions_alpha_beta: f64,
    /// The same without alpha-beta (plain minimax).
    pub mean_positions_minimax: f64,
    /// The emulated twin's figures (`--engine emulated` only).
    #[serde(flatten)]
    pub emulated: Option<EmulatedPeriod>,
}

/// A position's row: the native twin's or the emulated one's.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum PeriodRow {
    Native(NativeRow),
    Emulated(EmulatedRow),
}

/// A position searched by the native twin, timed at the memo's rate.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct NativeRow {
    /// The position's name in the set.
    pub name: String,
    /// The position (FEN).
    pub fen: String,
    /// The move chosen (UCI), the same with and without alpha-beta; null without one.
    #[serde(rename = "move")]
    pub best: Option<String>,
    /// Its value, in the program's units.
    pub value: i32,
    /// Positions examined with alpha-beta.
    pub positions_alpha_beta: u64,
    /// Positions examined without.
    pub positions_minimax: u64,
    /// `positions_alpha_beta` at the memo's 1,100 positions a minute, in minutes.
    pub memo_rate_minutes_alpha_beta: f64,
    /// `positions_minimax` at the memo's rate, in minutes.
    pub memo_rate_minutes_minimax: f64,
    /// Host seconds of the search with alpha-beta.
    pub native_seconds_alpha_beta: f64,
    /// Host seconds of the search without.
    pub native_seconds_minimax: f64,
}

/// A position searched on the emulated machine (every answer checked against the native twin).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct EmulatedRow {
    /// The position's name in the set.
    pub name: String,
    /// The move chosen (UCI), the same with and without alpha-beta; null without one.
    #[serde(rename = "move")]
    pub best: Option<String>,
    /// Its value, in the program's units.
    pub value: i32,
    /// Positions examined with alpha-beta.
    pub positions_alpha_beta: u64,
    /// Positions examined without.
    pub positions_minimax: u64,
    /// Period minutes of the search with alpha-beta.
    pub emulated_minutes_alpha_beta: f64,
    /// Period minutes of the search without.
    pub emulated_minutes_minimax: f64,
}

/// The emulated twin's figures over the set.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct EmulatedPeriod {
    /// `emulated`.
    pub engine: Engine,
    /// Period minutes a move, the mean over the set, with alpha-beta.
    pub mean_emulated_minutes_alpha_beta: f64,
    /// The same without alpha-beta.
    pub mean_emulated_minutes_minimax: f64,
    /// Positions examined per period minute, with alpha-beta.
    pub positions_per_emulated_minute_alpha_beta: f64,
    /// The same without alpha-beta.
    pub positions_per_emulated_minute_minimax: f64,
    /// The memo's rate on the 7090: about 1,100 positions a minute.
    pub memo_positions_per_minute: u32,
    /// The memo's minutes a move on the 709 before alpha-beta: 5 to 20.
    pub memo_minutes_a_move_709_before_alpha_beta: [u32; 2],
    /// The machine, with `timing`, when not the 7090 under the nominal bound (`--cpu`,
    /// `--timing`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub cpu: Option<String>,
    /// The I/O bound, with `cpu`, when not the 7090 under the nominal bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "BoundName")]
    pub timing: Option<BoundName>,
}
