//! `firstmoves bench --json`: an emulator's speed on a workload, SIMH's beside it, the live
//! view's cost, and a campaign on one thread and on every core.

use schemars::JsonSchema;
use serde::Serialize;

use crate::json::BoundName;

/// An emulator's speed on one workload (`bench silliac|7090|lisp --json`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BenchReport {
    /// The emulator: `silliac`, `ibm709`, `ibm7090` or `ibm7094`.
    pub machine: String,
    /// The program it ran, in words.
    pub workload: String,
    /// What `work` counts: `instructions` or `emulated orders`.
    pub unit: String,
    /// How many were done.
    pub work: u64,
    /// Wall-clock seconds.
    pub host_seconds: f64,
    /// This thread's CPU seconds, where the host tells them.
    pub cpu_seconds: Option<f64>,
    /// `work` per wall-clock second.
    pub per_host_second: f64,
    /// `work` per CPU second, where the host tells the CPU time.
    pub per_cpu_second: Option<f64>,
    /// The period time of the work, under the bound `--timing` chose.
    pub emulated_seconds: f64,
    /// `emulated_seconds` over `host_seconds`.
    pub speed_up: f64,
    /// SIMH's i7094 on the same deck, alternating with firstmoves; null without SIMH or with
    /// `--no-simh`.
    pub simh: Option<SimhSide>,
}

/// SIMH's run beside ours.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SimhSide {
    /// The simulator and its setting.
    pub simulator: String,
    /// Each round, in order.
    pub rounds: Vec<SimhRound>,
    /// The median of the rounds' ratios (its round's figures are the report's).
    pub ratio_median: f64,
}

/// One round of firstmoves and SIMH.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SimhRound {
    /// Our work per CPU second (per wall-clock second where the host does not tell CPU time).
    pub ours_per_cpu_second: f64,
    /// SIMH's instructions per CPU second.
    pub simh_per_cpu_second: f64,
    /// The first over the second.
    pub ratio: f64,
}

/// The exhibition with and without the live view's work (`bench silliac --live-view
/// --json`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct LiveViewReport {
    /// `silliac`.
    pub machine: String,
    /// The program run, in words.
    pub workload: String,
    /// SILLIAC's orders in one run.
    pub orders: u64,
    /// Runs each way, alternated.
    pub runs: u32,
    /// The median rate without the view's work.
    pub orders_per_cpu_second_view_off: f64,
    /// The median rate with it.
    pub orders_per_cpu_second_view_on: f64,
    /// What the view costs, in per cent of the rate without it.
    pub view_cost_percent: f64,
}

/// A campaign on one thread and on every core (`bench campaign --json`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CampaignBenchReport {
    /// The campaign run twice, as its command line.
    pub campaign: String,
    /// The program cross-checked.
    pub program: String,
    /// Positions drawn.
    pub positions: usize,
    /// Their seed.
    pub seed: u64,
    /// The I/O bound of the emulated runs.
    pub timing: BoundName,
    /// The threads of the second run (every core).
    pub jobs: usize,
    /// Host seconds of the median round's run on one thread.
    pub host_seconds_jobs_1: f64,
    /// Host seconds of its run on every core.
    pub host_seconds_jobs_all: f64,
    /// CPU seconds of all the process's threads during its run on one thread, where the host
    /// tells them.
    pub cpu_seconds_jobs_1: Option<f64>,
    /// The same during its run on every core.
    pub cpu_seconds_jobs_all: Option<f64>,
    /// Its first host time over the second: the median of the rounds' speed-ups.
    pub speed_up: f64,
    /// Every round, in the order run (one thread, then every core, in each).
    pub rounds: Vec<CampaignRound>,
    /// Whether every run's report, text and JSON less host time, is the same.
    pub identical: bool,
}

/// One round of `bench campaign`.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CampaignRound {
    /// Host seconds on one thread.
    pub host_seconds_jobs_1: f64,
    /// Host seconds on every core.
    pub host_seconds_jobs_all: f64,
    /// The first over the second.
    pub speed_up: f64,
}
