//! Turochamp on the emulated IBM 7090 and its cross-check with the native twin (issue 7).
//!
//! `programs/turochamp/turochamp.fap` is assembled after the shared chess core and INITIA; one
//! problem a run: the GAME card, the program card `TURO  f r` (f the full plies 1..9, r 1 for
//! W/B and 0 for W - B), the position in INITIA's cards. The harness only writes cards and
//! reads the printer (docs/turochamp.md, "Turochamp on the 7090"). The cross-check compares
//! that printout (move, value, principal variation, position play, positions examined) with
//! `turochamp::best`, computed natively.

use std::sync::OnceLock;

use emu::ibm7090::Limits;

use super::engine::NativeTurochamp;
use super::{best, Params};
use crate::chess::board::Position;
use crate::chess::emulated::{
    parse_block, problem_deck, run_problem_with, EmulatedError, LastRun, Outcome, PrintoutError,
    Program, DEFAULT_BUDGET,
};
use crate::chess::fen::to_fen;
use crate::chess::sample::named_positions;
use crate::chess::search::SearchResult;
use crate::chess::uci::Engine;
use crate::progress::{NoProgress, Progress};
use crate::rng::Rng;

/// Turochamp's own FAP file, as committed.
pub const TUROCHAMP_FAP: &str = include_str!("../../../turochamp/turochamp.fap");

/// The plies the FAP program analyses at most (its tables are sized for them); as native
/// `Params::max_plies` by default.
pub const FAP_MAX_PLIES: usize = 24;

/// core.fap + initia.fap + turochamp.fap, assembled once per process.
pub fn program() -> Result<&'static Program, EmulatedError> {
    static P: OnceLock<Result<Program, EmulatedError>> = OnceLock::new();
    Program::chess_once(&P, "programs/turochamp/turochamp.fap", TUROCHAMP_FAP)
}

/// The program card: `TURO  2 1` is the typescript's reading (two full plies, W/B).
pub fn program_card(full_plies: usize, ratio: bool) -> String {
    format!("TURO  {full_plies} {}", ratio as u8)
}

/// What the emulated program answered.
#[derive(Clone, Debug)]
pub struct Emulated {
    /// Move, value (thousandths of W/B, as native), principal variation, positions examined.
    pub result: SearchResult,
    /// The chosen move's position-play value in tenths (`POSITION PLAY`), None without a move.
    pub position_play: Option<i32>,
    pub outcome: Outcome,
}

fn bad(m: String) -> EmulatedError {
    EmulatedError::Printout(PrintoutError::new(m))
}

/// Turochamp's move on the emulated 7090 (the printout read back, the move checked legal).
pub fn emulated_best(
    p: &Position,
    full_plies: usize,
    ratio: bool,
) -> Result<Emulated, EmulatedError> {
    emulated_best_with(p, full_plies, ratio, Limits::instructions(DEFAULT_BUDGET))
}

/// `emulated_best` within the caller's budget (a run beyond it is an `UnexpectedStop`).
pub fn emulated_best_with(
    p: &Position,
    full_plies: usize,
    ratio: bool,
    limits: Limits,
) -> Result<Emulated, EmulatedError> {
    let deck = problem_deck(p, &program_card(full_plies, ratio))?;
    let outcome = run_problem_with(program()?, &deck, limits)?;
    let result = parse_block(&outcome.printed)?.search_result(p, full_plies)?;
    let position_play = match outcome
        .printed
        .iter()
        .find_map(|l| l.strip_prefix("POSITION PLAY "))
    {
        Some(t) => Some(
            t.trim()
                .parse()
                .map_err(|_| bad(format!("POSITION PLAY `{}`: not a number", t.trim())))?,
        ),
        None => None,
    };
    Ok(Emulated {
        result,
        position_play,
        outcome,
    })
}

/// Every root move as the program lists it with the card's third number 1: `ROOT  E2E4  1000
/// 144` is (UCI, value in thousandths, position play in tenths), canonical order.
pub fn root_table(printed: &[String]) -> Result<Vec<(String, i32, i32)>, EmulatedError> {
    printed
        .iter()
        .filter_map(|l| l.strip_prefix("ROOT "))
        .map(|rest| {
            let f: Vec<&str> = rest.split_whitespace().collect();
            let n = |t: &str| {
                t.parse::<i32>()
                    .map_err(|_| bad(format!("ROOT{rest}: `{t}` is not a number")))
            };
            match f.as_slice() {
                [m, v, pp] => Ok((m.to_lowercase(), n(v)?, n(pp)?)),
                _ => Err(bad(format!(
                    "ROOT{rest}: expected move, value, position play"
                ))),
            }
        })
        .collect()
}

/// The root table on the emulated 7090 (card `TURO  f r 1`), as `root_table` reads it.
pub fn emulated_root_table(
    p: &Position,
    full_plies: usize,
    ratio: bool,
) -> Result<Vec<(String, i32, i32)>, EmulatedError> {
    emulated_root_table_with(p, full_plies, ratio, Limits::instructions(DEFAULT_BUDGET))
}

/// `emulated_root_table` within the caller's budget.
pub fn emulated_root_table_with(
    p: &Position,
    full_plies: usize,
    ratio: bool,
    limits: Limits,
) -> Result<Vec<(String, i32, i32)>, EmulatedError> {
    let deck = problem_deck(p, &format!("{} 1", program_card(full_plies, ratio)))?;
    let outcome = run_problem_with(program()?, &deck, limits)?;
    parse_block(&outcome.printed)?;
    root_table(&outcome.printed)
}

/// Turochamp's FAP program behind the UCI front end: each `go` runs one problem on the emulated
/// 7090 with the card of the options (FullPlies 1..9, Material); the info line adds
/// `emulated_seconds`. A harness error gives no move and an `emulated_error` on the info line.
#[derive(Clone, Debug, Default)]
pub struct EmulatedTurochamp {
    pub native: NativeTurochamp,
    last: LastRun,
}

impl Engine for EmulatedTurochamp {
    fn name(&self) -> String {
        "Turochamp 1948 (FAP on the emulated IBM 7090, firstmoves)".into()
    }

    fn author(&self) -> String {
        self.native.author()
    }

    /// `go depth N` sets the full plies, as natively.
    fn search(&mut self, p: &Position, depth: Option<usize>) -> SearchResult {
        let params = &self.native.params;
        let full = depth.map_or(params.full_plies, |d| d.max(1));
        let run = emulated_best(p, full, params.ratio);
        self.last
            .keep(run.map(|e| (e.result, e.outcome.emulated_seconds)))
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.native.set_option(name, value)
    }

    fn options(&self) -> Vec<String> {
        self.native.options()
    }

    fn info_extra(&self) -> Option<String> {
        self.last.info_extra()
    }

    fn score(&self, p: &Position, r: &SearchResult) -> String {
        self.native.score(p, r)
    }
}

/// One problem of the cross-check: a position and the card's readings.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub position: Position,
    pub full_plies: usize,
    pub ratio: bool,
}

/// The readings each position is tried under: one full ply with W/B and with W - B, and the
/// typescript's two full plies with W/B.
pub const READINGS: [(usize, bool); 3] = [(1, true), (1, false), (2, true)];

/// The problems: the middle-game set (programs/src/chess/period.rs), then positions from random
/// play (0..=`max_plies` random plies from the start), `positions` in all, drawn from `seed`;
/// each under every reading of `READINGS`.
pub fn cases(positions: usize, seed: u64, max_plies: usize) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    let list = named_positions(&mut rng, positions, max_plies);
    list.into_iter()
        .flat_map(|(name, position)| {
            READINGS.map(|(full_plies, ratio)| Case {
                name: name.clone(),
                position: position.clone(),
                full_plies,
                ratio,
            })
        })
        .collect()
}

/// What one side answered: move (UCI), value, position play of the move, positions examined;
/// or the harness's error.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Move {
        best: Option<String>,
        value: i32,
        position_play: Option<i32>,
        positions: u64,
    },
    Error(String),
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Move {
                best,
                value,
                position_play,
                positions,
            } => {
                write!(f, "{} value {value}", best.as_deref().unwrap_or("(none)"))?;
                if let Some(pp) = position_play {
                    write!(f, " position play {pp}")?;
                }
                write!(f, " positions {positions}")
            }
            Answer::Error(e) => write!(f, "error: {e}"),
        }
    }
}

/// A problem on which the two computations differ.
#[derive(Clone, Debug)]
pub struct Mismatch {
    pub name: String,
    pub fen: String,
    /// The card's readings: full plies, W/B (true) or W - B.
    pub full_plies: usize,
    pub ratio: bool,
    pub native: Answer,
    pub emulated: Answer,
}

/// The cross-check's result.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub problems: usize,
    /// Problems both sides answered alike.
    pub agreed: usize,
    /// Problems whose emulated run passed the budget (name, full plies, W/B); not run
    /// natively, not compared.
    pub over_budget: Vec<(String, usize, bool)>,
    pub mismatches: Vec<Mismatch>,
    /// Positions examined over the compared problems (each side counted them alike).
    pub positions: u64,
    /// The emulated 7090's time over the compared problems, in seconds.
    pub emulated_seconds: f64,
    /// The slowest compared problem's emulated seconds.
    pub max_emulated_seconds: f64,
}

/// Run every case on the emulated 7090 (at most `cycles` machine cycles each; beyond that the
/// case is listed as over budget, since an unpruned analysis can run for hours) and then
/// natively, and compare move, value, position play, positions examined, and that the
/// principal variation is the move.
pub fn crosscheck(cases: &[Case], cycles: u64) -> Report {
    crosscheck_with(cases, cycles, &mut NoProgress)
}

/// `crosscheck` telling `progress` after each problem.
pub fn crosscheck_with(cases: &[Case], cycles: u64, progress: &mut dyn Progress) -> Report {
    let mut report = Report {
        problems: cases.len(),
        ..Report::default()
    };
    for (i, c) in cases.iter().enumerate() {
        let params = Params {
            full_plies: c.full_plies,
            ratio: c.ratio,
            max_plies: FAP_MAX_PLIES,
        };
        let limits = Limits::cycles(cycles);
        let emulated = match emulated_best_with(&c.position, c.full_plies, c.ratio, limits) {
            Err(EmulatedError::UnexpectedStop { reason, .. }) if reason == budget_reason() => {
                report
                    .over_budget
                    .push((c.name.clone(), c.full_plies, c.ratio));
                progress.update(i + 1, cases.len());
                continue;
            }
            Err(e) => Answer::Error(e.to_string()),
            Ok(e) => {
                report.emulated_seconds += e.outcome.emulated_seconds;
                report.max_emulated_seconds =
                    report.max_emulated_seconds.max(e.outcome.emulated_seconds);
                let r = &e.result;
                if r.pv != r.best.into_iter().collect::<Vec<_>>() {
                    Answer::Error(format!(
                        "principal variation {:?} is not the move",
                        r.pv.iter().map(|m| m.uci()).collect::<Vec<_>>()
                    ))
                } else {
                    Answer::Move {
                        best: r.best.map(|m| m.uci()),
                        value: r.value,
                        position_play: e.position_play,
                        positions: r.positions,
                    }
                }
            }
        };
        let (r, top) = best(&c.position, &params);
        let native = Answer::Move {
            best: r.best.map(|m| m.uci()),
            value: r.value,
            position_play: top.map(|t| t.1),
            positions: r.positions,
        };
        if native == emulated {
            report.agreed += 1;
            report.positions += r.positions;
        } else {
            report.mismatches.push(Mismatch {
                name: c.name.clone(),
                fen: to_fen(&c.position),
                full_plies: c.full_plies,
                ratio: c.ratio,
                native,
                emulated,
            });
        }
        progress.update(i + 1, cases.len());
    }
    report
}

/// The reason text of a stop at the cycle budget.
fn budget_reason() -> &'static str {
    emu::ibm7090::Stop::CycleBudget.reason()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::fen::parse_fen;

    #[test]
    fn cards_and_cases() {
        assert_eq!(program_card(2, true), "TURO  2 1");
        assert_eq!(program_card(3, false), "TURO  3 0");
        let c = cases(14, 3, 20);
        assert_eq!(c.len(), 42);
        assert_eq!(c[41].name, "random-2");
        assert_eq!(
            (c[0].full_plies, c[1].ratio, c[2].full_plies),
            (1, false, 2)
        );
        let d = cases(14, 3, 20);
        assert!(c
            .iter()
            .zip(&d)
            .all(|(a, b)| to_fen(&a.position) == to_fen(&b.position)));
    }

    #[test]
    fn uci_engine_runs_the_program() {
        let mut e = EmulatedTurochamp::default();
        let r = e.search(&Position::start(), None);
        assert_eq!(r.best.map(|m| m.uci()).as_deref(), Some("e2e3"));
        assert_eq!(r.positions, 439);
        let secs = emulated_best(&Position::start(), 2, true)
            .unwrap()
            .outcome
            .emulated_seconds;
        assert_eq!(
            e.info_extra().unwrap(),
            format!("emulated_seconds {secs:.3}")
        );
        e.set_option("FullPlies", "12").unwrap();
        assert_eq!(e.search(&Position::start(), None).best, None);
        assert!(e.info_extra().unwrap().contains("PROGRAM_CARD_ERROR"));
    }

    #[test]
    fn the_start_as_native() {
        let e = emulated_best(&Position::start(), 2, true).unwrap();
        assert_eq!(e.result.best.map(|m| m.uci()).as_deref(), Some("e2e3"));
        assert_eq!((e.result.value, e.result.positions), (1000, 439));
        assert_eq!(e.position_play, Some(146));
        let p = parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let (r, top) = best(&p, &Params::default());
        let e = emulated_best(&p, 2, true).unwrap();
        assert_eq!(e.result.best, r.best);
        assert_eq!(e.position_play, top.map(|t| t.1));
    }
}
