//! One game: ask each side in turn, check the move, and stop at the first law or limit that
//! ends the game.

use std::collections::HashMap;

use crate::board::{Color, Move, Position};
use crate::movegen::legal_moves;
use crate::notation::{parse_uci, san};

use super::player::Player;
use super::rules::{insufficient_material, RepetitionKey};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    Checkmate,
    Stalemate,
    /// The same position for the third time (FIDE 9.2: the draw is taken at once).
    ThreefoldRepetition,
    /// A hundred plies without a capture or a pawn move (taken at once).
    FiftyMoves,
    InsufficientMaterial,
    /// The `max_moves` cap: adjudicated a draw.
    MoveCap(u32),
    /// The side to move gave a move that is not legal here, or none with moves to play.
    IllegalMove {
        text: Option<String>,
    },
    /// The side to move's engine did not answer in time.
    Timeout(String),
    /// The side to move's engine failed (crashed, broke the protocol).
    EngineFailure(String),
}

impl Termination {
    /// A short machine-readable key (the JSON `termination`).
    pub fn key(&self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::ThreefoldRepetition => "threefold_repetition",
            Termination::FiftyMoves => "fifty_moves",
            Termination::InsufficientMaterial => "insufficient_material",
            Termination::MoveCap(_) => "move_cap",
            Termination::IllegalMove { .. } => "illegal_move",
            Termination::Timeout(_) => "timeout",
            Termination::EngineFailure(_) => "engine_failure",
        }
    }

    /// The PGN standard's Termination tag value.
    pub fn pgn_tag(&self) -> &'static str {
        match self {
            Termination::MoveCap(_) => "adjudication",
            Termination::IllegalMove { .. } => "rules infraction",
            Termination::Timeout(_) => "time forfeit",
            Termination::EngineFailure(_) => "abandoned",
            _ => "normal",
        }
    }
}

/// The result, PGN style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
}

impl Outcome {
    pub fn pgn(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// The win of `side`.
    fn win(side: Color) -> Outcome {
        if side.is_white() {
            Outcome::WhiteWins
        } else {
            Outcome::BlackWins
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Game {
    pub white: String,
    pub black: String,
    pub start: Position,
    pub moves: Vec<Move>,
    /// The moves in SAN, as played.
    pub san: Vec<String>,
    pub outcome: Outcome,
    pub termination: Termination,
    /// Period seconds White's and Black's programs spent on the emulated machine in this
    /// game (None for native programs and external engines).
    pub emulated_seconds: [Option<f64>; 2],
}

impl Game {
    /// Why the game ended, in words (the PGN's closing comment).
    pub fn reason(&self) -> String {
        let loser = |o: Outcome| {
            if o == Outcome::WhiteWins {
                &self.black
            } else {
                &self.white
            }
        };
        match &self.termination {
            Termination::Checkmate => {
                let who = if self.outcome == Outcome::WhiteWins {
                    "White"
                } else {
                    "Black"
                };
                format!("{who} mates")
            }
            Termination::Stalemate => "Stalemate".into(),
            Termination::ThreefoldRepetition => "Draw by threefold repetition".into(),
            Termination::FiftyMoves => "Draw by the fifty-move rule".into(),
            Termination::InsufficientMaterial => "Draw by insufficient material".into(),
            Termination::MoveCap(n) => format!("Adjudicated a draw at the cap of {n} moves"),
            Termination::IllegalMove { text: Some(t) } => {
                format!("{} loses: illegal move {t}", loser(self.outcome))
            }
            Termination::IllegalMove { text: None } => {
                format!("{} loses: no move given", loser(self.outcome))
            }
            Termination::Timeout(e) | Termination::EngineFailure(e) => {
                format!("{} loses: {e}", loser(self.outcome))
            }
        }
    }
}

/// Game limits.
#[derive(Clone, Copy, Debug)]
pub struct GameOptions {
    /// Full moves (by both sides, counted from the start position) after which the game is
    /// adjudicated a draw; 0 for no cap.
    pub max_moves: u32,
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions { max_moves: 150 }
    }
}

/// The law that ends the game in `p` (after `reps` occurrences of it), if any.
fn ended(p: &Position, reps: u32) -> Option<(Outcome, Termination)> {
    if legal_moves(p).is_empty() {
        return Some(if p.in_check(p.side_to_move()) {
            (Outcome::win(!p.side_to_move()), Termination::Checkmate)
        } else {
            (Outcome::Draw, Termination::Stalemate)
        });
    }
    if insufficient_material(p) {
        return Some((Outcome::Draw, Termination::InsufficientMaterial));
    }
    if reps >= 3 {
        return Some((Outcome::Draw, Termination::ThreefoldRepetition));
    }
    if p.halfmove() >= 100 {
        return Some((Outcome::Draw, Termination::FiftyMoves));
    }
    None
}

/// Play one game from `start`. `white` and `black` must have had `new_game` called.
pub fn play_game(
    white: &mut dyn Player,
    black: &mut dyn Player,
    start: &Position,
    opts: GameOptions,
) -> Game {
    let mut start = start.clone();
    start.clear_history();
    let mut game = Game {
        white: white.name(),
        black: black.name(),
        start: start.clone(),
        moves: Vec::new(),
        san: Vec::new(),
        outcome: Outcome::Draw,
        termination: Termination::MoveCap(opts.max_moves),
        emulated_seconds: [None, None],
    };
    play_moves(white, black, &start, opts, &mut game);
    game.emulated_seconds = [white.emulated_seconds(), black.emulated_seconds()];
    game
}

/// The game loop: moves into `game` until a law or the cap ends it.
fn play_moves(
    white: &mut dyn Player,
    black: &mut dyn Player,
    start: &Position,
    opts: GameOptions,
    game: &mut Game,
) {
    let mut p = start.clone();
    let mut seen: HashMap<RepetitionKey, u32> = HashMap::new();
    *seen.entry(RepetitionKey::of(&p)).or_default() += 1;
    let cap = 2 * opts.max_moves as usize;
    loop {
        let reps = seen[&RepetitionKey::of(&p)];
        if let Some((o, t)) = ended(&p, reps) {
            (game.outcome, game.termination) = (o, t);
            return;
        }
        if opts.max_moves > 0 && game.moves.len() >= cap {
            game.outcome = Outcome::Draw;
            game.termination = Termination::MoveCap(opts.max_moves);
            return;
        }
        let side: &mut dyn Player = if p.side_to_move().is_white() {
            &mut *white
        } else {
            &mut *black
        };
        let loses = Outcome::win(!p.side_to_move());
        let text = match side.choose(start, &game.moves, &p) {
            Ok(t) => t,
            Err(e) => {
                game.outcome = loses;
                game.termination = if e.is_timeout() {
                    Termination::Timeout(e.to_string())
                } else {
                    Termination::EngineFailure(e.to_string())
                };
                return;
            }
        };
        let Some(mv) = text.as_deref().and_then(|t| parse_uci(&p, t)) else {
            game.outcome = loses;
            game.termination = Termination::IllegalMove { text };
            return;
        };
        game.san.push(san(&p, mv));
        game.moves.push(mv);
        p.make(mv);
        *seen.entry(RepetitionKey::of(&p)).or_default() += 1;
    }
}
