//! Matches between chess programs (ours through `uci::Engine`, native or emulated, and external
//! UCI engines in their own processes): the game loop and the laws that end a game, the match
//! schedule (openings, alternating colours), and PGN. docs/chess-match.md gives the choices.

pub mod game;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod rules;
pub mod uci_client;

#[cfg(test)]
mod tests;

pub use game::{play_game, Game, GameOptions, Outcome, Termination};
pub use openings::{parse_openings, OpeningError};
pub use player::{EngineError, EngineFactory, EnginePlayer, Player};
pub use uci_client::{UciConfig, UciPlayer};

use crate::board::Position;

/// A match's schedule.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    pub games: usize,
    /// Swap colours every game (the first player is White in games 1, 3, ...).
    pub alternate: bool,
    /// Start positions, used in turn (each twice in a row when alternating, once with each
    /// colour); the initial position when empty.
    pub openings: Vec<Position>,
    pub game: GameOptions,
}

/// Wins, draws and losses of the first player (the one named White in the command).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
}

impl Score {
    /// Points: a win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }
}

/// A finished game of a match.
#[derive(Clone, Debug)]
pub struct Played {
    /// From 0.
    pub index: usize,
    pub first_is_white: bool,
    pub game: Game,
}

/// The start position of game `index`.
pub fn opening_for(opts: &MatchOptions, index: usize) -> Position {
    if opts.openings.is_empty() {
        return Position::start();
    }
    let k = if opts.alternate { index / 2 } else { index };
    opts.openings[k % opts.openings.len()].clone()
}

/// A game lost before its first move because a side's engine could not start it.
fn forfeit(
    white: &dyn Player,
    black: &dyn Player,
    start: Position,
    white_failed: bool,
    e: EngineError,
) -> Game {
    Game {
        white: white.name(),
        black: black.name(),
        start,
        moves: Vec::new(),
        san: Vec::new(),
        outcome: if white_failed {
            Outcome::BlackWins
        } else {
            Outcome::WhiteWins
        },
        termination: if e.is_timeout() {
            Termination::Timeout(e.to_string())
        } else {
            Termination::EngineFailure(e.to_string())
        },
        emulated_seconds: [None, None],
    }
}

/// Play game `index` (from 0) of the match: its colours and opening follow from the index, so
/// a game played alone (on another thread, in another shard) is the game the whole match
/// plays, given players whose games do not depend on earlier ones (see `EnginePlayer`).
pub fn play_one(
    first: &mut dyn Player,
    second: &mut dyn Player,
    opts: &MatchOptions,
    index: usize,
) -> Played {
    let first_is_white = !opts.alternate || index & 1 == 0;
    let (white, black): (&mut dyn Player, &mut dyn Player) = if first_is_white {
        (first, second)
    } else {
        (second, first)
    };
    let start = opening_for(opts, index);
    let game = match (white.new_game(index), black.new_game(index)) {
        (Err(e), _) => forfeit(white, black, start, true, e),
        (_, Err(e)) => forfeit(white, black, start, false, e),
        _ => play_game(white, black, &start, opts.game),
    };
    Played {
        index,
        first_is_white,
        game,
    }
}

impl Score {
    /// Count a finished game for the first player.
    pub fn add(&mut self, p: &Played) {
        match (p.game.outcome, p.first_is_white) {
            (Outcome::Draw, _) => self.draws += 1,
            (Outcome::WhiteWins, true) | (Outcome::BlackWins, false) => self.wins += 1,
            _ => self.losses += 1,
        }
    }
}

/// Play the match; `on_game` sees each game as it finishes (to write it at once, so an
/// interrupted match keeps its finished games) and may stop the match with an error.
pub fn play_match<E>(
    first: &mut dyn Player,
    second: &mut dyn Player,
    opts: &MatchOptions,
    mut on_game: impl FnMut(&Played) -> Result<(), E>,
) -> Result<Score, E> {
    let mut score = Score::default();
    for index in 0..opts.games {
        let played = play_one(first, second, opts, index);
        score.add(&played);
        on_game(&played)?;
    }
    Ok(score)
}
