//! A side in a match: our programs through the UCI engine trait, or an external UCI engine.
//! Both answer with move text the game loop checks, so an engine of either kind that plays
//! an illegal move loses the game the same way.

use crate::board::{Move, Position};
use crate::uci::Engine;

use super::uci_client::EngineError;

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

/// A program behind the `uci::Engine` trait (native now; emulated twins implement the same
/// trait), searched at its own settings or to `depth` plies.
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
