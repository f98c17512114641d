//! Players: anything that picks a move in a position. The exhibition harness plays its emulated
//! SILLIAC program against these natively. `text` reads a strategy from its text.

mod text;

pub use text::{parse_strategy, StrategyError};

use super::board::{Move, Position};
use super::movegen::legal_moves;
use super::search::{faithful, fast, SearchResult, Setting};
use harness::rng::Rng;

/// A player of dama.
pub trait Strategy {
    /// A short name for records, e.g. `findler:a3+b3`.
    fn name(&self) -> String;

    /// The move to play in `pos` (the side to move is `pos.side`), or `None` if there is no
    /// legal move.
    fn choose(&mut self, pos: &Position) -> Option<Move>;
}

/// Which implementation of the contract search a `Findler` player runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Plain minimax, counting positions as the contract does.
    Faithful,
    /// Alpha-beta: same move, much quicker.
    Fast,
}

/// Findler's program: the contract search under a setting (default: demo).
#[derive(Clone, Debug)]
pub struct Findler {
    pub setting: Setting,
    pub engine: Engine,
    /// The result of the last search, for callers that report values and counts.
    pub last: Option<SearchResult>,
}

impl Findler {
    pub fn new(setting: Setting, engine: Engine) -> Findler {
        Findler {
            setting,
            engine,
            last: None,
        }
    }

    /// The full search result (move, value, positions) for `pos`.
    pub fn search(&self, pos: &Position) -> SearchResult {
        match self.engine {
            Engine::Faithful => faithful(pos, self.setting),
            Engine::Fast => fast(pos, self.setting),
        }
    }
}

impl Default for Findler {
    fn default() -> Self {
        Findler::new(Setting::DEMO, Engine::Fast)
    }
}

impl Strategy for Findler {
    fn name(&self) -> String {
        format!("findler:{}", self.setting)
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let r = self.search(pos);
        self.last = Some(r);
        r.mv
    }
}

/// The largest immediate advance; ties go to the first in canonical order.
#[derive(Clone, Debug, Default)]
pub struct Greedy;

impl Strategy for Greedy {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let mut best: Option<Move> = None;
        for &m in legal_moves(pos).iter() {
            if best.is_none_or(|b| m.dr() > b.dr()) {
                best = Some(m);
            }
        }
        best
    }
}

/// A uniformly random legal move from a seeded generator.
#[derive(Clone, Debug)]
pub struct RandomMover {
    rng: Rng,
    seed: u64,
}

impl RandomMover {
    pub fn new(seed: u64) -> RandomMover {
        RandomMover {
            rng: Rng::new(seed),
            seed,
        }
    }
}

impl Strategy for RandomMover {
    fn name(&self) -> String {
        format!("random:{}", self.seed)
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let list = legal_moves(pos);
        if list.is_empty() {
            return None;
        }
        Some(list.as_slice()[self.rng.index(list.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greedy_takes_the_biggest_first_jump() {
        let p = Position::start();
        let m = Greedy.choose(&p).unwrap();
        // From the start the jumps gain two rows (a row-1 piece over a row-2 piece) and 1-10
        // (over 6) comes first in canonical order.
        assert_eq!(m, Move::new(1, 10));
        assert_eq!(m.dr(), 2);
    }

    #[test]
    fn random_is_seeded() {
        let p = Position::start();
        let a: Vec<_> = (0..5).map(|_| RandomMover::new(3).choose(&p)).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
    }
}
