//! `timing --program NAME --json` of a 7090 chess program as Rust types
//! (docs/schema/timing-chess.json): its documented problem profiled on the emulated 7090, the
//! period time split by the timing status of the rows it was charged from.

use harness::json::Bounds;
use schemars::JsonSchema;
use serde::Serialize;

/// A chess program's problem, profiled under the nominal I/O figures.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TimingReport {
    /// The program (its registry name).
    pub program: String,
    /// `ibm7090`.
    pub machine: String,
    /// The problem run, in words (position and settings, and the command that runs the same).
    pub run: String,
    /// The program's answer, as its cross-check writes it.
    pub answer: String,
    /// Period seconds under the nominal I/O figures (cycles times 2.18 µs).
    pub emulated_seconds: f64,
    /// The period seconds under each end of the I/O figures (the CPU's cycles are the same
    /// under all three).
    pub emulated_seconds_spread: Bounds<f64>,
    /// The run's cycles, as `chess best --json` gives them.
    pub cycles: u64,
    /// The run's instructions.
    pub instructions: u64,
    /// The cycles by the timing status of the rows charged, and the I/O wait; the four add up
    /// to `cycles`.
    pub by_status: ByStatus,
    /// Every instruction row executed, most cycles first.
    pub rows: Vec<RowTime>,
}

/// The run's cycles in four parts.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ByStatus {
    /// Charged to rows whose time a source states.
    pub sourced: Part,
    /// Charged to rows whose time is derived from sourced figures.
    pub derived: Part,
    /// Charged to rows whose time is an estimate.
    pub estimate: Part,
    /// The cycles the CPU was held by the I/O.
    pub io_wait: Part,
}

/// A part of the run's cycles.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Part {
    /// Its cycles.
    pub cycles: u64,
    /// Their period seconds.
    pub seconds: f64,
    /// Their share of the run's cycles.
    pub share: f64,
}

/// An instruction row's part of the run.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct RowTime {
    /// The row's mnemonic.
    pub row: String,
    /// The timing status of its figures.
    pub status: Status,
    /// Its executions.
    pub count: u64,
    /// The cycles charged to it.
    pub cycles: u64,
    /// Their share of the run's cycles.
    pub share: f64,
}

/// The timing status of a row's figures (docs/timing.md).
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Sourced,
    Derived,
    Estimate,
}

impl From<emu::TimingStatus> for Status {
    fn from(s: emu::TimingStatus) -> Self {
        use emu::TimingStatus as T;
        match s {
            T::Sourced => Status::Sourced,
            T::Derived => Status::Derived,
            T::Estimate => Status::Estimate,
        }
    }
}
