//! SOMA on the emulated IBM 7090 and its cross-check with the native twin (issue 7).
//!
//! `programs/soma/soma.fap` is assembled after the shared chess core and INITIA; one problem a
//! run: the GAME card, the program card `SOMA  rules seed` (rules 1961 or 1966, the coin's
//! seed 0..2^64-1), the position in INITIA's cards. The program runs its own SplitMix64 coin,
//! so the harness only writes cards and reads the printer (docs/soma.md, "SOMA on the 7090").
//! The cross-check compares that printout with `soma::best`, computed natively, on positions
//! from random play and the middle-game set, under both rule sets.

use std::sync::OnceLock;

use super::engine::NativeSoma;
use super::{best, Rules};
use crate::chess::board::Position;
use crate::chess::emulated::{
    parse_block, problem_deck, run_problem, EmulatedError, LastRun, Outcome, PrintoutError, Program,
};
use crate::chess::fen::to_fen;
use crate::chess::sample::named_positions;
use crate::chess::search::SearchResult;
use crate::chess::uci::Engine;
use crate::progress::{NoProgress, Progress};
use crate::rng::Rng;

/// SOMA's own FAP file, as committed.
pub const SOMA_FAP: &str = include_str!("../../../soma/soma.fap");

/// core.fap + initia.fap + soma.fap, assembled once per process.
pub fn program() -> Result<&'static Program, EmulatedError> {
    static P: OnceLock<Result<Program, EmulatedError>> = OnceLock::new();
    Program::chess_once(&P, "programs/soma/soma.fap", SOMA_FAP)
}

/// The program card: `SOMA  1961 seed` or `SOMA  1966 seed`.
pub fn program_card(rules: Rules, seed: u64) -> String {
    let year = match rules {
        Rules::Soma1961 => 1961,
        Rules::Somac1966 => 1966,
    };
    format!("SOMA  {year} {seed}")
}

/// SOMA's move on the emulated 7090: the printout read back as a `SearchResult` (the move
/// checked legal in `p`), and the run (printer lines, cycles, emulated seconds).
pub fn emulated_best(
    p: &Position,
    rules: Rules,
    seed: u64,
) -> Result<(SearchResult, Outcome), EmulatedError> {
    let deck = problem_deck(p, &program_card(rules, seed))?;
    let outcome = run_problem(program()?, &deck)?;
    let result = parse_block(&outcome.printed)?.search_result(p, 1)?;
    Ok((result, outcome))
}

/// The `COIN STATE n` line: where the program's coin stopped. SplitMix64's state is its seed,
/// so a next problem whose card carries `n` goes on with the same stream of tosses.
pub fn coin_state(printed: &[String]) -> Option<u64> {
    printed
        .iter()
        .find_map(|l| l.strip_prefix("COIN STATE"))
        .and_then(|t| t.trim().parse().ok())
}

/// SOMA's FAP program as a UCI engine. Like the native engine (`engine::NativeSoma`) it keeps
/// the coin running from move to move: each move's card carries the state the previous move's
/// printout ended with (`coin_state`), as an operator would copy it, so the ties fall as
/// natively. The info line adds `emulated_seconds`.
#[derive(Clone, Debug)]
pub struct EmulatedSoma {
    pub rules: Rules,
    pub seed: u64,
    state: u64,
    last: LastRun,
}

impl EmulatedSoma {
    pub fn new(rules: Rules, seed: u64) -> EmulatedSoma {
        EmulatedSoma {
            rules,
            seed,
            state: seed,
            last: LastRun::default(),
        }
    }
}

impl Default for EmulatedSoma {
    fn default() -> EmulatedSoma {
        EmulatedSoma::new(Rules::Soma1961, super::SEED)
    }
}

impl Engine for EmulatedSoma {
    fn name(&self) -> String {
        let r = match self.rules {
            Rules::Soma1961 => "1961",
            Rules::Somac1966 => "SOMAC 1966",
        };
        format!("SOMA {r} (FAP on the emulated IBM 7090, firstmoves)")
    }

    fn author(&self) -> String {
        "John Maynard Smith; firstmoves".into()
    }

    /// One ply is all SOMA ever looks: `depth` is ignored.
    fn search(&mut self, p: &Position, _depth: Option<usize>) -> SearchResult {
        let run = emulated_best(p, self.rules, self.state).and_then(|(r, out)| {
            let next = coin_state(&out.printed).ok_or_else(|| {
                EmulatedError::Printout(PrintoutError::new("no COIN STATE line".into()))
            })?;
            Ok((r, out.emulated_seconds, next))
        });
        let run = run.map(|(r, secs, next)| {
            self.state = next;
            (r, secs)
        });
        self.last.keep(run)
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let mut native = NativeSoma::new(self.rules, self.seed);
        native.set_option(name, value)?;
        if name.eq_ignore_ascii_case("seed") {
            self.state = native.seed;
        }
        self.rules = native.rules;
        self.seed = native.seed;
        Ok(())
    }

    fn options(&self) -> Vec<String> {
        NativeSoma::default().options()
    }

    fn info_extra(&self) -> Option<String> {
        self.last.info_extra()
    }

    /// SOMA's points from the mover's view, as the native engine gives them.
    fn score(&self, p: &Position, r: &SearchResult) -> String {
        NativeSoma::default().score(p, r)
    }
}

/// One problem of the cross-check.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub position: Position,
    pub rules: Rules,
    /// The coin's seed, on the program card and in `Rng::new` natively.
    pub seed: u64,
}

/// The problems: the middle-game set (programs/src/chess/period.rs) and then positions from
/// random play (0..=119 random plies from the start), `positions` in all, each under both rule
/// sets with its own coin seed; everything drawn from `seed`.
pub fn cases(positions: usize, seed: u64) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    let list = named_positions(&mut rng, positions, 119);
    let mut out = Vec::new();
    for (name, p) in list {
        for rules in [Rules::Soma1961, Rules::Somac1966] {
            // Small and full-width seeds alike: the card carries all 64 bits.
            let s = rng.next_u64() >> rng.index(64);
            out.push(Case {
                name: name.clone(),
                position: p.clone(),
                rules,
                seed: s,
            });
        }
    }
    out
}

/// What one side answered: the move (UCI), the value and the positions examined, or the
/// harness's error.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Move {
        best: Option<String>,
        value: i32,
        positions: u64,
    },
    Error(String),
}

impl Answer {
    fn of(r: &SearchResult) -> Answer {
        Answer::Move {
            best: r.best.map(|m| m.uci()),
            value: r.value,
            positions: r.positions,
        }
    }
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Move {
                best,
                value,
                positions,
            } => write!(
                f,
                "{} value {value} positions {positions}",
                best.as_deref().unwrap_or("(none)")
            ),
            Answer::Error(e) => write!(f, "error: {e}"),
        }
    }
}

/// A problem on which the two computations differ.
#[derive(Clone, Debug)]
pub struct Mismatch {
    pub name: String,
    pub fen: String,
    pub rules: Rules,
    pub seed: u64,
    pub native: Answer,
    pub emulated: Answer,
}

/// The cross-check's result.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub problems: usize,
    pub mismatches: Vec<Mismatch>,
    /// The emulated 7090's time over all problems that ran, in seconds.
    pub emulated_seconds: f64,
    /// The slowest problem's emulated seconds.
    pub max_emulated_seconds: f64,
}

/// Run every case natively and on the emulated 7090 and compare move, value and positions
/// examined (and that the principal variation is the move and the coin stopped where the
/// native coin did).
pub fn crosscheck(cases: &[Case]) -> Report {
    crosscheck_with(cases, &mut NoProgress)
}

/// `crosscheck` telling `progress` after each problem.
pub fn crosscheck_with(cases: &[Case], progress: &mut dyn Progress) -> Report {
    let mut report = Report {
        problems: cases.len(),
        ..Report::default()
    };
    for (i, c) in cases.iter().enumerate() {
        let mut coin = Rng::new(c.seed);
        let native = best(&c.position, c.rules, &mut coin);
        let emulated = match emulated_best(&c.position, c.rules, c.seed) {
            Ok((r, outcome)) => {
                report.emulated_seconds += outcome.emulated_seconds;
                report.max_emulated_seconds =
                    report.max_emulated_seconds.max(outcome.emulated_seconds);
                if coin_state(&outcome.printed).map(Rng::new) != Some(coin.clone()) {
                    Answer::Error(format!(
                        "the coin stopped elsewhere: COIN STATE {:?}",
                        coin_state(&outcome.printed)
                    ))
                } else if r.pv != r.best.into_iter().collect::<Vec<_>>() {
                    Answer::Error(format!(
                        "principal variation {:?} is not the move",
                        r.pv.iter().map(|m| m.uci()).collect::<Vec<_>>()
                    ))
                } else {
                    Answer::of(&r)
                }
            }
            Err(e) => Answer::Error(e.to_string()),
        };
        let native = Answer::of(&native);
        if native != emulated {
            report.mismatches.push(Mismatch {
                name: c.name.clone(),
                fen: to_fen(&c.position),
                rules: c.rules,
                seed: c.seed,
                native,
                emulated,
            });
        }
        progress.update(i + 1, cases.len());
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_and_cases() {
        assert_eq!(program_card(Rules::Somac1966, 7), "SOMA  1966 7");
        let c = cases(14, 3);
        assert_eq!(c.len(), 28);
        assert_eq!(c[0].name, "soma-machiavelli-ply16");
        assert_eq!(c[27].name, "random-2");
        assert_eq!(
            (c[0].rules, c[1].rules),
            (Rules::Soma1961, Rules::Somac1966)
        );
        // The same seed gives the same problems.
        let d = cases(14, 3);
        assert!(c
            .iter()
            .zip(&d)
            .all(|(a, b)| a.seed == b.seed && to_fen(&a.position) == to_fen(&b.position)));
    }
}
