//! `chess mate --json` and `chess mate-campaign --json` as Rust types
//! (docs/schema/chess-mate.json, docs/schema/chess-mate-campaign.json): MATER on one position,
//! and MATER I and II over the table beside Stockfish's answers.

use schemars::JsonSchema;
use serde::Serialize;

use super::Engine;
use crate::mater::campaign::Summary;

/// MATER's answer for one position.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MateReport {
    /// 1 (MATER I) or 2 (MATER II).
    pub mater: u8,
    /// Which twin searched.
    pub engine: Engine,
    /// Whether a mating combination was found.
    pub found: bool,
    /// Its moves to the mate (0 without one).
    pub mate_in: usize,
    /// The combination (UCI); empty without one.
    pub line: Vec<String>,
    /// The combination (SAN).
    pub line_san: Vec<String>,
    /// Positions examined, as the program counts them.
    pub positions: u64,
    /// The emulated run's period seconds (the emulated twin only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub emulated_seconds: Option<f64>,
}

/// MATER I and II over the table, and the period figure they are compared with.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MateCampaignReport {
    /// MATER I's figures.
    pub mater1: Level,
    /// MATER II's figures.
    pub mater2: Level,
    /// The Simons' hand simulation of 1962.
    pub simon_1962: Simon1962,
    /// A shard's own part (`--shard K/N`), which `merge` reads and drops.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "MateShard")]
    pub shard: Option<MateShard>,
}

/// One MATER's figures over the table.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Level {
    #[serde(flatten)]
    pub summary: Summary,
    /// Host seconds of the level (the native engine only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub native_seconds: Option<f64>,
    /// Period seconds of the level's emulated runs (the emulated engine only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub emulated_seconds: Option<f64>,
    /// Host seconds of the level, the native twin's runs included (the emulated engine only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub host_seconds: Option<f64>,
    /// The table's line numbers where the emulated and native twins differ (found, line or
    /// positions; the emulated engine only, none expected).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<u32>")]
    pub differ_from_native: Option<Vec<u32>>,
}

/// Simon and Simon 1962: mates found by hand simulation of the MATER idea.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Simon1962 {
    /// Mates found: 52.
    pub found: u32,
    /// Of the positions: 129.
    pub positions: u32,
    /// Of the collection: `Fine 1952`.
    pub collection: String,
}

/// A mate campaign shard's own part.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MateShard {
    /// This slice, the K of K/N.
    pub k: usize,
    /// The slices of the run, the N of K/N.
    pub n: usize,
    /// What makes shards one run (merge refuses shards whose `run` differs).
    pub run: MateRun,
    /// Empty (each level's seconds are in `emulated_seconds`).
    pub seconds: Vec<f64>,
    /// Each level's rows' period seconds, in row order (the emulated engine only; the merge
    /// adds them again in that order).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "LevelSeconds")]
    pub emulated_seconds: Option<LevelSeconds>,
}

/// Each level's per-row seconds.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct LevelSeconds {
    /// MATER I's.
    pub mater1: Vec<f64>,
    /// MATER II's.
    pub mater2: Vec<f64>,
}

/// A mate campaign's identity.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MateRun {
    /// `chess mate-campaign`.
    pub command: String,
    /// `--tsv`, or null for the built-in table.
    pub tsv: Option<String>,
    /// `--positions`, or null for the whole table.
    pub positions: Option<usize>,
    /// `--threat-levels`, or null for the default.
    pub threat_levels: Option<u32>,
    /// `--engine`.
    pub engine: Engine,
    /// The binary's version.
    pub version: String,
}
