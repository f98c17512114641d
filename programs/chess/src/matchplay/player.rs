//! A side in a match: our programs through the UCI engine trait, or an external UCI engine.
//! Both answer with move text the game loop checks, so an engine of either kind that plays
//! an illegal move loses the game the same way.

use std::io;
use std::time::Duration;

use crate::board::{Move, Position};
use crate::uci::Engine;

/// What went wrong with an engine.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The process could not be started.
    #[error("engine `{command}`: cannot start it: {source}")]
    Spawn { command: String, source: io::Error },
    /// Writing to the engine failed (it has gone).
    #[error("engine `{command}`: cannot write to it: {source}")]
    Write { command: String, source: io::Error },
    /// The engine's output ended before the awaited line.
    #[error("engine `{command}` exited while we waited for `{waiting_for}`")]
    Exited {
        command: String,
        waiting_for: &'static str,
    },
    /// The awaited line did not come in time.
    #[error("engine `{command}`: no `{waiting_for}` within {:.1} s", .after.as_secs_f64())]
    Timeout {
        command: String,
        waiting_for: &'static str,
        after: Duration,
    },
    /// A line that breaks the protocol.
    #[error("engine `{command}`: not UCI: `{line}`")]
    Protocol { command: String, line: String },
    /// One of our programs gave no move in a position with legal moves (an emulated twin
    /// whose run failed says why in `detail`).
    #[error("{engine} gave no move{}", in_parentheses(.detail))]
    NoMove {
        engine: String,
        detail: Option<String>,
    },
    /// The engine refused a `setoption`.
    #[error("engine `{command}`: option `{name}` refused: {answer}")]
    UnknownOption {
        command: String,
        name: String,
        answer: String,
    },
}

/// ` (detail)`, or nothing.
fn in_parentheses(detail: &Option<String>) -> String {
    detail.as_ref().map_or(String::new(), |d| format!(" ({d})"))
}

impl EngineError {
    /// A timeout (a time forfeit in a game) rather than a broken engine.
    pub fn is_timeout(&self) -> bool {
        matches!(self, EngineError::Timeout { .. })
    }
}

/// One side of a game.
pub trait Player {
    /// The name for the PGN's White or Black tag.
    fn name(&self) -> String;
    /// Called before game `game` (from 0) starts.
    fn new_game(&mut self, _game: usize) -> Result<(), EngineError> {
        Ok(())
    }
    /// Period seconds spent on an emulated machine since `new_game`, for a program that runs
    /// on one; None otherwise.
    fn emulated_seconds(&self) -> Option<f64> {
        None
    }
    /// The move (UCI text) for `now`, reached from `start` by `moves`; None when the player
    /// gives no move.
    fn choose(
        &mut self,
        start: &Position,
        moves: &[Move],
        now: &Position,
    ) -> Result<Option<String>, EngineError>;
}

/// Builds the engine for game `game` (from 0); per game so that a seeded coin such as SOMA's
/// can start each game from its own seed and a game can be replayed alone.
pub type EngineFactory = Box<dyn FnMut(usize) -> Box<dyn Engine>>;

/// A program behind the `uci::Engine` trait (either twin, native or emulated), searched at its
/// own settings or to `depth` plies.
pub struct EnginePlayer {
    make: EngineFactory,
    engine: Box<dyn Engine>,
    depth: Option<usize>,
    emulated: Option<f64>,
}

impl EnginePlayer {
    pub fn new(mut make: EngineFactory, depth: Option<usize>) -> EnginePlayer {
        let engine = make(0);
        EnginePlayer {
            make,
            engine,
            depth,
            emulated: None,
        }
    }

    /// One engine for every game (its state, e.g. a coin, carries over).
    pub fn fixed<E: Engine + Clone + 'static>(engine: E, depth: Option<usize>) -> EnginePlayer {
        EnginePlayer::new(Box::new(move |_| Box::new(engine.clone())), depth)
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> String {
        self.engine.name()
    }

    fn emulated_seconds(&self) -> Option<f64> {
        self.emulated
    }

    fn new_game(&mut self, game: usize) -> Result<(), EngineError> {
        self.engine = (self.make)(game);
        self.emulated = None;
        Ok(())
    }

    fn choose(
        &mut self,
        _start: &Position,
        _moves: &[Move],
        now: &Position,
    ) -> Result<Option<String>, EngineError> {
        // The engines take the position as the root of their search, as `uci::run` gives it.
        let mut root = now.clone();
        root.clear_history();
        let best = self.engine.search(&root, self.depth).best;
        // An emulated twin reports its period time through the UCI info text, the one
        // channel the engine trait has for it: "emulated_seconds S".
        let extra = self.engine.info_extra().unwrap_or_default();
        let mut words = extra.split_whitespace();
        while let Some(w) = words.next() {
            if w == "emulated_seconds" {
                if let Some(s) = words.next().and_then(|s| s.parse::<f64>().ok()) {
                    *self.emulated.get_or_insert(0.0) += s;
                }
            }
        }
        match best {
            Some(m) => Ok(Some(m.uci())),
            // With no legal move the game has ended before the question; so the engine
            // failed, and its info text may say how.
            None => Err(EngineError::NoMove {
                engine: self.engine.name(),
                detail: self.engine.info_extra(),
            }),
        }
    }
}
