//! Players: anything that picks a move in a position. The exhibition harness plays its emulated
//! SILLIAC program against these natively.

use std::fmt;

use super::board::{Move, Position};
use super::fom::{Grand, Weights};
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

/// A strategy text that names no strategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyError {
    pub text: String,
    pub reason: String,
}

impl fmt::Display for StrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "strategy `{}`: {}", self.text, self.reason)
    }
}

impl std::error::Error for StrategyError {}

/// Build a strategy from its text:
/// - `findler` (demo setting, fast engine), `findler:SETTING` (`demo`, `selective`, `a1+b1`...),
///   `findler-faithful[:SETTING]` (the minimax engine);
/// - `grand` (default weights, k = 2), `grand:A2,A2',A3,A4,A5,A6` (alpha1 = 1 fixed), optionally
///   with `@K` for depth K (`grand:@4` keeps the default weights);
/// - `greedy`; `random` (seeded by `seed`), `random:S`.
pub fn parse_strategy(text: &str, seed: u64) -> Result<Box<dyn Strategy>, StrategyError> {
    let err = |reason: String| StrategyError {
        text: text.to_string(),
        reason,
    };
    let t = text.trim();
    let (kind, arg) = match t.split_once(':') {
        Some((k, a)) => (k, Some(a)),
        None => (t, None),
    };
    match kind {
        "findler" | "findler-fast" | "findler-faithful" => {
            let setting = match arg {
                None => Setting::DEMO,
                Some(a) => a.parse().map_err(|e: super::search::SettingError| err(e.to_string()))?,
            };
            let engine = if kind == "findler-faithful" {
                Engine::Faithful
            } else {
                Engine::Fast
            };
            Ok(Box::new(Findler::new(setting, engine)))
        }
        "greedy" if arg.is_none() => Ok(Box::new(Greedy)),
        "random" => {
            let s = match arg {
                None => seed,
                Some(a) => a
                    .trim()
                    .parse()
                    .map_err(|_| err(format!("seed `{a}` is not a whole number")))?,
            };
            Ok(Box::new(RandomMover::new(s)))
        }
        "grand" => {
            let (weights, k) = match arg {
                None => (Weights::default(), Grand::DEFAULT_DEPTH),
                Some(a) => {
                    let (w, k) = match a.split_once('@') {
                        Some((w, k)) => (
                            w,
                            k.trim()
                                .parse::<u32>()
                                .ok()
                                .filter(|k| (1..=6).contains(k))
                                .ok_or_else(|| err(format!("depth `{k}` is not 1..6")))?,
                        ),
                        None => (a, Grand::DEFAULT_DEPTH),
                    };
                    let w = if w.trim().is_empty() {
                        Weights::default()
                    } else {
                        w.parse::<Weights>().map_err(|e| err(e.to_string()))?
                    };
                    (w, k)
                }
            };
            Ok(Box::new(Grand::new(weights, k)))
        }
        _ => Err(err(
            "expected findler[:SETTING], findler-faithful[:SETTING], grand[:A2,A2',A3,A4,A5,A6][@K], greedy, random[:SEED]"
                .to_string(),
        )),
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

    #[test]
    fn strategies_parse() {
        for t in [
            "findler",
            "findler:a1+b1",
            "findler:selective",
            "findler-faithful:demo",
            "greedy",
            "random",
            "random:9",
            "grand",
            "grand:0.5,0.5,1,0.1,0.5,0.05",
            "grand:0.5,0.5,1,0.1,0.5,0.05@3",
            "grand:@1",
        ] {
            let s = parse_strategy(t, 1).unwrap_or_else(|e| panic!("{e}"));
            assert!(!s.name().is_empty());
        }
        for t in ["chess", "findler:a9", "random:x", "grand:1,2", "grand:@9"] {
            assert!(parse_strategy(t, 1).is_err(), "{t}");
        }
        assert_eq!(
            parse_strategy("findler", 0).unwrap().name(),
            "findler:a3+b3"
        );
    }
}
