//! dama's reports as Rust types (`dama best --json`, `moves`, `show`, `perft` ...): the
//! commands fill them and print them, and each report's JSON Schema (docs/schema/dama-*.json)
//! is generated from them, so the two cannot drift. Reports the library builds itself (a
//! game's record, a match, a learning run) derive the schema where they are defined.

use schemars::JsonSchema;
use serde::Serialize;

use crate::board::{Move, Position, Side};
use crate::crosscheck::Mismatch;
use crate::exhibition::{BandCounts, PhaseRow};
use crate::game::End;
use crate::learn::MatchReport;
use crate::times::{ByPhase, TimeStats};
use harness::json::{BoundName, Bounds};

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

/// A position's legal moves (`dama moves --json`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MovesReport {
    pub position: Position,
    /// The side to move.
    pub side: Side,
    /// The legal moves in canonical order.
    pub moves: Vec<Move>,
}

/// A position's facts (`dama show --json`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ShowReport {
    pub position: Position,
    /// The side to move.
    pub side: Side,
    /// A piece on rows 4-5 (Findler's middle game).
    pub middle_game: bool,
    /// Findler's rank number r (72 at the start).
    pub rank_number: i32,
    /// How many legal moves the side to move has.
    pub legal_moves: usize,
    /// Who won, when the game is over; else null.
    pub winner: Option<Side>,
    /// How it ended, when the game is over; else null.
    pub end: Option<End>,
}

/// Move paths counted from a position (`dama perft --json`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PerftReport {
    /// The position counted from.
    pub position: Position,
    /// Whether the slow generator counted too and agreed (`--slow`).
    pub slow_checked: bool,
    /// One count per depth, 1 to the depth asked.
    pub counts: Vec<PerftCount>,
}

/// The move paths of one depth.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PerftCount {
    /// Half-moves down.
    pub depth: u32,
    /// Paths of that many half-moves.
    pub paths: u64,
}

/// The shard a report is of (`--shard K/N`), and the run it is a shard of.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ShardOf<R> {
    /// This shard's number, 1 to `n`.
    pub k: usize,
    /// The shards of the whole run.
    pub n: usize,
    /// What makes the N reports shards of one run: the command, its settings, the binary's
    /// version (`firstmoves merge` refuses shards whose runs differ).
    pub run: R,
}

/// A match between two strategies (`dama match --json`), or with `--shard K/N` one slice of
/// its pairs; `firstmoves merge` adds the shards' counts into the whole match's report.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MatchJson {
    #[serde(flatten)]
    pub result: MatchReport,
    /// With `--shard K/N` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ShardOf<MatchRun>")]
    pub shard: Option<ShardOf<MatchRun>>,
}

/// The command a match's shards name.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
pub enum MatchCommand {
    #[serde(rename = "dama match")]
    DamaMatch,
}

/// What makes shards of one match.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MatchRun {
    pub command: MatchCommand,
    /// The strategies as given.
    pub x: String,
    pub y: String,
    /// Pairs of games of the whole match.
    pub pairs: usize,
    /// Half-moves of the random openings.
    pub opening: usize,
    pub seed: u64,
    /// The binary's version.
    pub version: String,
}

/// The native engines' speed (`dama bench --json`): host figures, which vary run to run.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DamaBenchReport {
    /// Runs of each measurement; the fastest is kept.
    pub repeat: u32,
    /// A search per case, by both engines.
    pub cases: Vec<BenchCase>,
    /// perft from the start.
    pub perft: BenchPerft,
}

/// One position and setting searched by the faithful and the fast engine.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BenchCase {
    /// The position and setting, in words.
    pub case: String,
    pub position: Position,
    /// The move both engines chose; null when the side to move has none.
    #[serde(rename = "move")]
    pub mv: Option<Move>,
    /// Its value C(1).
    pub value: i32,
    /// The faithful engine's figures.
    pub faithful: EngineSpeed,
    /// The fast engine's.
    pub fast: EngineSpeed,
}

/// One engine's search of a case.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct EngineSpeed {
    /// Positions examined, as the engine counts them.
    pub positions: u64,
    /// The fastest run's host seconds.
    pub host_seconds: f64,
    pub positions_per_second: f64,
}

/// perft's speed.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BenchPerft {
    pub depth: u32,
    /// Move paths of that many half-moves.
    pub paths: u64,
    /// The fastest run's host seconds.
    pub host_seconds: f64,
    pub paths_per_second: f64,
}

/// The exhibition's report (`dama exhibition --json`): its own figures, under the bound chosen,
/// and the period time under every bound.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ExhibitionJson {
    #[serde(flatten)]
    pub exhibition: ExhibitionFigures,
    /// The bound `--timing` chose (the figures above are under it).
    pub timing: BoundName,
    /// The total period time under every bound.
    pub emulated_seconds_spread: Bounds<f64>,
    /// The same games under each bound (without `--resume` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ByBound")]
    pub by_bound: Option<ByBound>,
}

/// The exhibition's figures under one bound (`--report DIR`'s report.json is these alone).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ExhibitionFigures {
    /// Boards played at once.
    pub boards: u8,
    /// Findler's setting the program searched under.
    pub setting: String,
    /// Moves SILLIAC made.
    pub machine_moves: usize,
    /// Machine moves the native engine disagrees with (0 expected).
    pub mismatches: usize,
    /// Each of them.
    pub mismatch_list: Vec<Mismatch>,
    /// The machine moves' period times (null without one).
    pub move_seconds: Option<TimeStats>,
    /// Moves inside Findler's 10-150 s.
    pub within_10_150_s: usize,
    /// Moves below, inside and above 10-150 s.
    pub band: BandCounts,
    /// A row per phase and band.
    pub phase_table: Vec<PhaseRow>,
    /// The move times per game phase.
    pub by_phase: ByPhase,
    /// SILLIAC's period time.
    pub emulated_seconds: f64,
    /// Host time.
    pub host_seconds: f64,
    /// `emulated_seconds` over `host_seconds`.
    pub speed_up: f64,
    /// Games won by each side (A is SILLIAC).
    pub results: Results,
    /// Words of SILLIAC's store the program uses.
    pub words_used: usize,
    /// SILLIAC's orders executed.
    pub orders: u64,
    /// Orders executed by code (name, count), most first.
    pub order_counts: Vec<(String, u64)>,
    /// Each board's record.
    pub per_board: Vec<BoardJson>,
}

/// Games won by each side.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Results {
    /// SILLIAC's wins.
    #[serde(rename = "A")]
    pub a: usize,
    /// The opponents'.
    #[serde(rename = "B")]
    pub b: usize,
}

/// How one board went.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BoardJson {
    pub board: u8,
    /// The opponent's strategy.
    pub opponent: String,
    /// The winner; null while unfinished.
    pub winner: Option<Side>,
    /// How the game ended; null while unfinished.
    pub end: Option<End>,
    pub half_moves: usize,
    /// SILLIAC's move times on this board.
    pub move_seconds: Option<TimeStats>,
}

/// The same games' move times under each bound.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ByBound {
    pub low: BoundFigures,
    pub nominal: BoundFigures,
    pub high: BoundFigures,
}

/// The move times under one bound.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BoundFigures {
    pub move_seconds: Option<TimeStats>,
    pub band: BandCounts,
    pub phase_table: Vec<PhaseRow>,
}
