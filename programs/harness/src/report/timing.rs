//! `firstmoves timing --json` on SILLIAC: its timing table, and the default exhibition's period
//! time split by the status of the rows it was charged from.

use schemars::JsonSchema;
use serde::Serialize;

use crate::json::Bounds;

/// The machine SILLIAC's timing reports name.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Silliac {
    Silliac,
}

/// How a timing row's figures were found.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// From a period source.
    Sourced,
    /// Derived from sourced figures.
    Derived,
    /// Estimated.
    Estimate,
}

/// SILLIAC's timing table (`timing --json`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TimingTable {
    pub machine: Silliac,
    /// A row per timing class.
    pub rows: Vec<TimingRow>,
}

/// One timing class of SILLIAC's orders or tape.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TimingRow {
    /// The class's name.
    pub row: String,
    /// The time every order of the class takes, in ns.
    pub fixed_ns: Bounds<u64>,
    /// The time per unit beside it, in ns.
    pub per_unit_ns: Bounds<u64>,
    /// What a unit is (a shift place, a frame ...).
    pub unit: String,
    pub status: Status,
    /// Where the figures come from.
    pub source: String,
    /// The reasoning behind the low and high bounds.
    pub bounds: String,
}

/// The program `timing --program dama` runs.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Dama {
    Dama,
}

/// The default exhibition's period time by the status of its rows (`timing --program dama
/// --json`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DamaTiming {
    pub program: Dama,
    pub machine: Silliac,
    /// What was run.
    pub run: String,
    /// Its period time under the nominal figures.
    pub emulated_seconds: f64,
    /// The same under every bound.
    pub emulated_seconds_spread: Bounds<f64>,
    /// `emulated_seconds` split by the status of the rows charged.
    pub by_status: ByStatus,
}

/// A period time split by row status.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ByStatus {
    pub sourced: StatusShare,
    pub derived: StatusShare,
    pub estimate: StatusShare,
}

/// One status's part.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct StatusShare {
    pub seconds: f64,
    /// Its share of the whole.
    pub share: f64,
}
