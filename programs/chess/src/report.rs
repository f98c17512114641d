//! The chess reports as Rust types: each command fills its report's type and prints it, and the
//! report's JSON Schema (docs/schema/NAME.json) is generated from the type, so the two cannot
//! drift. `chess best --json` here, the others in the modules below.

pub mod cards;
pub mod crosscheck;
pub mod matchplay;
pub mod mate;
pub mod perft;
pub mod period;
pub mod timing;

use harness::json::{BoundName, Bounds};
use schemars::JsonSchema;
use serde::Serialize;

/// Which twin answered.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    Native,
    /// The FAP program on the emulated 7090.
    Emulated,
}

/// One program's answer for a position (`chess best --json`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BestReport {
    /// The move chosen (UCI); null when the side to move has none.
    #[serde(rename = "move")]
    pub best: Option<String>,
    /// The move chosen (SAN).
    pub san: Option<String>,
    /// The program's own evaluation, in its own units.
    pub value: i32,
    /// The principal variation (UCI).
    pub pv: Vec<String>,
    /// The principal variation (SAN).
    pub pv_san: Vec<String>,
    /// Positions examined, as the program counts them.
    pub positions: u64,
    /// Plies searched; absent where the program's printout does not give it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub depth: Option<usize>,
    pub engine: Engine,
    /// The emulated run (the emulated twin only).
    #[serde(flatten)]
    pub run: Option<EmulatedRun>,
    /// The program's own fields (the emulated twin only).
    #[serde(flatten)]
    pub program: ProgramFields,
}

/// The emulated twin's run: its period time and work.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct EmulatedRun {
    /// Period seconds (2.18 µs a cycle on the 7090), reading the deck and writing the printout
    /// included.
    pub emulated_seconds: f64,
    /// The part of `emulated_seconds` the CPU computed.
    pub cpu_seconds: f64,
    /// The part of `emulated_seconds` the CPU was held by the tapes.
    pub io_wait_seconds: f64,
    /// The I/O bound the figures above are under.
    pub timing: BoundName,
    /// The machine when not the 7090 (`709` or `7094`); the seconds are then its cycles'.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub cpu: Option<String>,
    /// The period seconds under every bound (the other two run again), when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Bounds<f64>")]
    pub emulated_seconds_spread: Option<Bounds<f64>>,
    pub cycles: u64,
    /// The part of `cycles` the CPU was held by the tapes.
    pub io_wait_cycles: u64,
    pub instructions: u64,
}

/// A program's own fields of its emulated answer, beside the common ones; each absent where
/// the program has no such figure.
#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
pub struct ProgramFields {
    /// Turochamp: the position-play value of the move chosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i32")]
    pub position_play: Option<i32>,
    /// MATER: whether it found a mate.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub found: Option<bool>,
    /// MATER: the moves to the mate found (0 without one).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub mate_in: Option<usize>,
    /// The printout gives no search depth, so the report leaves `depth` out.
    #[serde(skip)]
    pub no_depth: bool,
}
