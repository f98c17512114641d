//! `chess crosscheck --json` as Rust types (docs/schema/chess-crosscheck.json): what the
//! command prints, for every program, and what `merge` makes of its shards.

use harness::json::{BoundName, Bounds};
use schemars::JsonSchema;
use serde::Serialize;

/// A program's FAP twin on the emulated machine against its native twin.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Crosscheck {
    /// The program (its registry name).
    pub program: String,
    /// The positions asked for.
    pub positions: usize,
    /// The seed the positions (and a program's coins) were drawn from.
    pub seed: u64,
    /// The problems on which the twins differ (none expected).
    pub mismatches: Vec<Mismatch>,
    /// Period seconds of the emulated runs that finished, under `timing`.
    pub emulated_seconds: f64,
    /// The I/O bound the runs were charged under.
    pub timing: BoundName,
    /// `emulated_seconds` under every bound (every problem run under the other two as well);
    /// null for a run not asked for it.
    pub emulated_seconds_spread: Option<Bounds<f64>>,
    /// The machine when not the 7090 (`709` or `7094`); the seconds are its cycles'.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub cpu: Option<String>,
    /// Host seconds of the whole run.
    pub host_seconds: f64,
    /// Problems (positions times the settings each is checked under); absent for Kotok.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub problems: Option<usize>,
    /// Problems both twins answered alike; Turochamp and MATER only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub agreed: Option<usize>,
    /// Problems whose emulated run passed the cross-check's cycle budget, not compared;
    /// Turochamp only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<Problem>")]
    pub over_budget: Option<Vec<Problem>>,
    /// Positions examined over the emulated runs that finished; all but SOMA.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub positions_examined: Option<u64>,
    /// The slowest emulated problem's period seconds; all but Kotok.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub max_emulated_seconds: Option<f64>,
    /// A shard's own part (`--shard K/N`), which `merge` reads and drops.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "CrosscheckShard")]
    pub shard: Option<CrosscheckShard>,
}

/// A problem: its position's name and the settings it was run under.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Problem {
    /// The position's name (a middle game of the set, or `random-N`).
    pub name: String,
    #[serde(flatten)]
    pub settings: CaseSettings,
}

/// A problem's settings where the program is checked under more than one; each absent for
/// the programs without it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, JsonSchema)]
pub struct CaseSettings {
    /// SOMA: the rule set (`soma1961` or `somac1966`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub rules: Option<String>,
    /// SOMA: the coin's seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub seed: Option<u64>,
    /// Turochamp: plies in which every move is considerable.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub full_plies: Option<usize>,
    /// Turochamp: W/B (true) or W - B.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub ratio: Option<bool>,
    /// MATER: 1 (MATER I) or 2 (MATER II).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u8")]
    pub level: Option<u8>,
    /// MATER: the attacker levels at which MATER II tries quiet threats.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u32")]
    pub threat_levels: Option<u32>,
}

impl CaseSettings {
    /// The settings as (name, value) pairs in name order, as the text report writes them.
    pub fn pairs(&self) -> Vec<(String, serde_json::Value)> {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(o)) => o.into_iter().collect(),
            _ => Vec::new(),
        }
    }
}

/// A problem on which the twins differ.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Mismatch {
    /// The position's name.
    pub name: String,
    /// The position (FEN).
    pub fen: String,
    #[serde(flatten)]
    pub settings: CaseSettings,
    /// The native twin's answer.
    pub native: Answer,
    /// The emulated twin's answer, or the error that stopped its run.
    pub emulated: EmulatedAnswer,
}

/// An answer as a mismatch gives it: the program's answer in words (SOMA, Turochamp,
/// MATER), or Kotok's search.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Answer {
    /// The answer as the text report writes it.
    Text(String),
    Search(SearchAnswer),
}

/// Kotok's answer in a mismatch.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SearchAnswer {
    /// The move chosen (UCI); null without one.
    #[serde(rename = "move")]
    pub best: Option<String>,
    /// The program's own evaluation.
    pub value: i32,
    /// The principal variation (UCI).
    pub pv: Vec<String>,
    /// Positions examined.
    pub positions: u64,
}

/// The emulated twin's side of a mismatch.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum EmulatedAnswer {
    Answer(Answer),
    /// The run stopped before the program answered.
    Failed {
        /// Why.
        error: String,
    },
}

/// A cross-check shard's own part.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CrosscheckShard {
    /// This slice, the K of K/N.
    pub k: usize,
    /// The slices of the run, the N of K/N.
    pub n: usize,
    /// What makes shards one run (merge refuses shards whose `run` differs).
    pub run: CrosscheckShardRun,
    /// Each finished emulated run's period seconds, in problem order (the merge sums them
    /// again in that order).
    pub seconds: Vec<f64>,
    /// The shard's cycles under each bound (summed by the merge); null for a run not asked
    /// for them.
    pub cycles_spread: Option<Bounds<u64>>,
}

/// A cross-check run's identity.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CrosscheckShardRun {
    /// `chess crosscheck`.
    pub command: String,
    /// The program's settings as given, each [option, value].
    pub settings: Vec<(String, String)>,
    /// The I/O bound.
    pub timing: BoundName,
    /// The binary's version.
    pub version: String,
    /// The machine when not the 7090.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub cpu: Option<String>,
}
