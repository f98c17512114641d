//! `chess match --json` as Rust types (docs/schema/chess-match.json): what the command prints,
//! and what `merge` makes of its shards.

use harness::json::BoundName;
use schemars::JsonSchema;
use serde::Serialize;

use super::Engine;
use crate::matchplay::{Outcome, Termination};

/// A match between two players, scored from the first player's side.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MatchReport {
    /// The first player as given (`--white`): White in game 1.
    pub white: String,
    /// The second player as given (`--black`).
    pub black: String,
    /// The twin that plays our programs unless a player's name sets it (`--engine`).
    pub engine: Engine,
    /// The I/O bound of the emulated players' clocks; each game's `emulated_seconds` are under
    /// it.
    pub timing: BoundName,
    /// The games played, in round order.
    pub games: Vec<GameRow>,
    /// The first player's wins.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// The first player's losses.
    pub losses: usize,
    /// The first player's points (a win 1, a draw 1/2).
    pub score: f64,
    /// The PGN file the games were written to (`--pgn`); null without one.
    pub pgn: Option<String>,
    /// A shard's own part (`--shard K/N`), which `merge` reads and drops.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "MatchShard")]
    pub shard: Option<MatchShard>,
}

/// A game of the match.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct GameRow {
    /// The game's number in the whole match, from 1.
    pub round: usize,
    /// White's engine, by the name it played under.
    pub white: String,
    /// Black's engine, by the name it played under.
    pub black: String,
    /// Whether the first player had White.
    pub first_is_white: bool,
    /// The result, PGN style.
    pub result: GameResult,
    /// Why the game ended.
    pub termination: GameEnd,
    /// How the game ended, in words.
    pub reason: String,
    /// Half-moves played.
    pub plies: usize,
    /// Each side's period seconds (null for a side that is not an emulated program).
    pub emulated_seconds: SideSeconds,
    /// The PGN file the game was written to; null without one.
    pub pgn: Option<String>,
}

/// A side's period seconds.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SideSeconds {
    /// White's.
    pub white: Option<f64>,
    /// Black's.
    pub black: Option<f64>,
}

/// The result, PGN style.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl From<Outcome> for GameResult {
    fn from(o: Outcome) -> Self {
        match o {
            Outcome::WhiteWins => GameResult::WhiteWins,
            Outcome::BlackWins => GameResult::BlackWins,
            Outcome::Draw => GameResult::Draw,
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    Checkmate,
    Stalemate,
    ThreefoldRepetition,
    FiftyMoves,
    InsufficientMaterial,
    /// Adjudicated a draw at `--max-moves`.
    MoveCap,
    /// A side played an illegal move and lost.
    IllegalMove,
    /// A side did not answer in time and lost.
    Timeout,
    /// A side's engine failed and lost.
    EngineFailure,
}

impl From<&Termination> for GameEnd {
    fn from(t: &Termination) -> Self {
        match t {
            Termination::Checkmate => GameEnd::Checkmate,
            Termination::Stalemate => GameEnd::Stalemate,
            Termination::ThreefoldRepetition => GameEnd::ThreefoldRepetition,
            Termination::FiftyMoves => GameEnd::FiftyMoves,
            Termination::InsufficientMaterial => GameEnd::InsufficientMaterial,
            Termination::MoveCap(_) => GameEnd::MoveCap,
            Termination::IllegalMove { .. } => GameEnd::IllegalMove,
            Termination::Timeout(_) => GameEnd::Timeout,
            Termination::EngineFailure(_) => GameEnd::EngineFailure,
        }
    }
}

/// A match shard's own part.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MatchShard {
    /// This slice, the K of K/N.
    pub k: usize,
    /// The slices of the match, the N of K/N.
    pub n: usize,
    /// What makes shards one match (merge refuses shards whose `run` differs).
    pub run: MatchRun,
    /// Empty: a match has no per-problem seconds to add again.
    pub seconds: Vec<f64>,
}

/// A match's identity: every setting a game depends on, and the binary.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MatchRun {
    /// `chess match`.
    pub command: String,
    /// `--white`.
    pub white: String,
    /// `--black`.
    pub black: String,
    /// The games of the whole match (`--games`).
    pub games: usize,
    /// `--alternate`.
    pub alternate: bool,
    /// `--fen`, or null.
    pub fen: Option<String>,
    /// `--openings`, or null.
    pub openings: Option<String>,
    /// `--max-moves`.
    pub max_moves: u32,
    /// `--seed`.
    pub seed: u64,
    /// `--engine`.
    pub engine: Engine,
    /// `--timing`.
    pub timing: BoundName,
    /// `--uci-option`s.
    pub uci_options: Vec<String>,
    /// `--movetime`, or null.
    pub movetime: Option<u64>,
    /// `--depth`, or null.
    pub depth: Option<u32>,
    /// The binary's version.
    pub version: String,
    /// The machine of the emulated players when not the 7090 (`709` or `7094`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub cpu: Option<String>,
}
