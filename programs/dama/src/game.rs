//! Playing a game between two strategies under Findler's end-of-game rules, and its record.

use std::fmt;

use super::board::{Move, Position, Side};
use super::movegen::{has_move, is_legal};
use super::strategy::Strategy;

/// Every move advances a piece at least one row and a side has 48 rows to go from the start,
/// so a game from the start ends within 96 half-moves; 112 (the paper's 56 moves a side) is the
/// hard limit for any start.
pub const MAX_HALF_MOVES: usize = 112;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub enum End {
    /// The winner filled its eight goal squares.
    Goal,
    /// The side to move had no legal move and so won (Findler's rule change).
    Blocked,
}

/// A finished game (`dama play --json`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct GameRecord {
    /// Player A, as given.
    pub a: String,
    /// Player B, as given.
    pub b: String,
    /// The first position.
    pub start: Position,
    /// The game's moves in order.
    pub moves: Vec<Move>,
    pub winner: Side,
    pub end: End,
    /// The last position.
    #[serde(rename = "final")]
    pub final_position: Position,
}

impl GameRecord {
    /// Half-moves played.
    pub fn half_moves(&self) -> usize {
        self.moves.len()
    }
}

impl fmt::Display for GameRecord {
    /// Numbered pairs of half-moves, then the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "A: {}  B: {}  start {}", self.a, self.b, self.start)?;
        let first = self.start.side;
        let mut n = 1;
        let mut line = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            let mover = if i % 2 == 0 { first } else { first.other() };
            if mover == first {
                line = format!("{n:>3}. {m}");
            } else {
                if line.is_empty() {
                    line = format!("{n:>3}. ...");
                }
                line.push_str(&format!(" {m}"));
                writeln!(f, "{line}")?;
                line.clear();
                n += 1;
            }
        }
        if !line.is_empty() {
            writeln!(f, "{line}")?;
        }
        let how = match self.end {
            End::Goal => "filled its goal squares",
            End::Blocked => "had no legal move (blocked: the side to move wins)",
        };
        write!(
            f,
            "{} wins in {} half-moves: {} {how}",
            self.winner,
            self.half_moves(),
            self.winner
        )
    }
}

/// A game that could not be finished because a strategy misbehaved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A strategy offered an illegal move.
    #[error("half-move {half_move}: {player} played the illegal move {mv} in {position}")]
    IllegalMove {
        player: String,
        half_move: usize,
        mv: Move,
        position: Position,
    },
    /// A strategy returned no move although there was one.
    #[error("half-move {half_move}: {player} gave no move in {position}, which has legal moves")]
    NoMove {
        player: String,
        half_move: usize,
        position: Position,
    },
    /// The game exceeded the half-move limit (impossible under the rules; a guard).
    #[error("game not over after {half_moves} half-moves")]
    TooLong { half_moves: usize },
}

/// Has the game ended in `p` (with `p.side` to move)? Checked before every move: a side whose
/// pieces fill its goal has won; otherwise a side to move with no legal move has won.
pub fn outcome(p: &Position) -> Option<(Side, End)> {
    for side in [p.side.other(), p.side] {
        if p.goal_complete(side) {
            return Some((side, End::Goal));
        }
    }
    if !has_move(p) {
        return Some((p.side, End::Blocked));
    }
    None
}

/// Play from `start` until the game ends, `a` moving for side A and `b` for side B.
pub fn play_from(
    a: &mut dyn Strategy,
    b: &mut dyn Strategy,
    start: Position,
) -> Result<GameRecord, GameError> {
    let mut p = start;
    let mut moves = Vec::new();
    loop {
        if let Some((winner, end)) = outcome(&p) {
            return Ok(GameRecord {
                a: a.name(),
                b: b.name(),
                start,
                moves,
                winner,
                end,
                final_position: p,
            });
        }
        if moves.len() >= MAX_HALF_MOVES {
            return Err(GameError::TooLong {
                half_moves: moves.len(),
            });
        }
        let player: &mut dyn Strategy = match p.side {
            Side::A => &mut *a,
            Side::B => &mut *b,
        };
        let half_move = moves.len() + 1;
        let m = player.choose(&p).ok_or_else(|| GameError::NoMove {
            player: player.name(),
            half_move,
            position: p,
        })?;
        if !is_legal(&p, m) {
            return Err(GameError::IllegalMove {
                player: player.name(),
                half_move,
                mv: m,
                position: p,
            });
        }
        moves.push(m);
        p = p.apply(m);
    }
}

/// Play a game from the start position (A moves first).
pub fn play(a: &mut dyn Strategy, b: &mut dyn Strategy) -> Result<GameRecord, GameError> {
    play_from(a, b, Position::start())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::{Findler, Greedy, RandomMover};

    #[test]
    fn random_games_end_within_the_limit() {
        for seed in 0..50 {
            let r = play(
                &mut RandomMover::new(seed),
                &mut RandomMover::new(seed + 1000),
            )
            .unwrap();
            assert!(r.half_moves() <= 96, "{r}");
            if r.end == End::Goal {
                assert!(r.final_position.goal_complete(r.winner));
            }
        }
    }

    #[test]
    fn findler_beats_random_from_the_start() {
        let mut wins = 0;
        for seed in 0..6 {
            let r = play(&mut Findler::default(), &mut RandomMover::new(seed)).unwrap();
            if r.winner == Side::A {
                wins += 1;
            }
        }
        assert!(wins >= 5, "{wins}");
    }

    #[test]
    fn record_prints_moves_and_result() {
        let r = play(&mut Greedy, &mut Greedy).unwrap();
        let text = r.to_string();
        assert!(text.contains("  1. "), "{text}");
        assert!(text.contains("wins in"), "{text}");
    }

    struct Cheat;
    impl Strategy for Cheat {
        fn name(&self) -> String {
            "cheat".into()
        }
        fn choose(&mut self, _: &Position) -> Option<Move> {
            Some(Move::new(1, 32))
        }
    }

    #[test]
    fn an_illegal_move_is_an_error_naming_the_player() {
        let e = play(&mut Cheat, &mut Greedy).unwrap_err();
        assert!(
            e.to_string().contains("cheat played the illegal move 1-32"),
            "{e}"
        );
    }
}
