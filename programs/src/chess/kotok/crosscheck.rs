//! Kotok's program on the emulated IBM 7090 (`programs/kotok/kotok.fap` after the shared core
//! and INITIA) beside its native twin: one search through cards and the printer, and the
//! cross-check of the two over many positions (same move, value, principal variation and
//! positions examined).

use std::fmt;
use std::sync::OnceLock;

use super::tree::{tree, Params};
use crate::chess::board::{Move, Position};
use crate::chess::emulated::{
    parse_block, problem_deck, run_problem, EmulatedError, LastRun, Outcome, Program,
};
use crate::chess::notation::parse_uci;
use crate::chess::period::middlegames;
use crate::chess::sample::random_play;
use crate::chess::search::SearchResult;
use crate::chess::to_fen;
use crate::chess::uci::{Engine, NativeKotok};
use crate::rng::Rng;

/// The program's own part, as committed.
pub const KOTOK_FAP: &str = include_str!("../../../kotok/kotok.fap");

/// The program card holds at most ten widths (docs/kotok.md, "The FAP program").
pub const MAX_CARD_WIDTHS: usize = 10;
/// REPLYS keeps at most 256 moves a ply (more than any position has).
pub const MAX_CARD_WIDTH: usize = 256;

/// What can stop an emulated search.
#[derive(Clone, Debug, PartialEq)]
pub enum KotokEmulatedError {
    /// The harness: assembly, an unexpected stop, the printout, or a position cards cannot
    /// express.
    Emulated(EmulatedError),
    /// Parameters the program card cannot carry.
    Params(String),
    /// The printed move or variation is not legal in the position (a program error).
    Move { fen: String, text: String },
}

impl fmt::Display for KotokEmulatedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KotokEmulatedError::Emulated(e) => write!(f, "{e}"),
            KotokEmulatedError::Params(m) => write!(f, "program card: {m}"),
            KotokEmulatedError::Move { fen, text } => {
                write!(
                    f,
                    "the emulated program printed `{text}`, not legal in {fen}"
                )
            }
        }
    }
}

impl std::error::Error for KotokEmulatedError {}

impl From<EmulatedError> for KotokEmulatedError {
    fn from(e: EmulatedError) -> Self {
        KotokEmulatedError::Emulated(e)
    }
}

/// core.fap + initia.fap + kotok.fap, assembled once per process.
pub fn program() -> Result<&'static Program, EmulatedError> {
    static P: OnceLock<Result<Program, EmulatedError>> = OnceLock::new();
    Program::chess_once(&P, "programs/kotok/kotok.fap", KOTOK_FAP)
}

/// The program card: `KOTOK  ab stable_from w1 ... wn`.
pub fn program_card(params: &Params) -> Result<String, KotokEmulatedError> {
    // Trailing zero widths say nothing the card's default (0) does not.
    let mut widths = params.widths.clone();
    while widths.last() == Some(&0) {
        widths.pop();
    }
    if widths.len() > MAX_CARD_WIDTHS {
        return Err(KotokEmulatedError::Params(format!(
            "{} widths; the card holds {MAX_CARD_WIDTHS}",
            widths.len()
        )));
    }
    if let Some(w) = widths.iter().find(|&&w| w > MAX_CARD_WIDTH) {
        return Err(KotokEmulatedError::Params(format!(
            "width {w} is over {MAX_CARD_WIDTH}"
        )));
    }
    let mut card = format!("KOTOK  {} {}", params.alpha_beta as u8, params.stable_from);
    for w in &widths {
        card.push_str(&format!(" {w}"));
    }
    if card.len() > 72 {
        return Err(KotokEmulatedError::Params(format!(
            "`{card}` is longer than 72 columns"
        )));
    }
    Ok(card)
}

/// An emulated search: the answer read from the printer, and the run (emulated time).
#[derive(Clone, Debug, PartialEq)]
pub struct EmulatedSearch {
    /// `depth` is the length of the principal variation (the printout has no other).
    pub result: SearchResult,
    pub outcome: Outcome,
}

/// Kotok's program on the emulated 7090 for position `p`.
pub fn search_emulated(
    p: &Position,
    params: &Params,
) -> Result<EmulatedSearch, KotokEmulatedError> {
    let card = program_card(params)?;
    let program = program()?;
    let deck = problem_deck(p, &card).map_err(EmulatedError::from)?;
    let outcome = run_problem(program, &deck)?;
    let block = parse_block(&outcome.printed).map_err(EmulatedError::from)?;
    let mut q = p.clone();
    let mut pv = Vec::new();
    for text in &block.pv {
        let mv = parse_uci(&q, text).ok_or_else(|| KotokEmulatedError::Move {
            fen: to_fen(&q),
            text: text.clone(),
        })?;
        q.make(mv);
        pv.push(mv);
    }
    let best = match &block.best {
        None => None,
        Some(text) => Some(parse_uci(p, text).ok_or_else(|| KotokEmulatedError::Move {
            fen: to_fen(p),
            text: text.clone(),
        })?),
    };
    let value = block.value.ok_or_else(|| {
        EmulatedError::Printout(crate::chess::emulated::PrintoutError::new(
            "no VALUE line".into(),
        ))
    })?;
    Ok(EmulatedSearch {
        result: SearchResult {
            best,
            value: value as i32,
            depth: pv.len(),
            pv,
            positions: block.positions,
        },
        outcome,
    })
}

/// What the two twins must agree on.
pub fn answer(r: &SearchResult) -> (Option<Move>, i32, Vec<Move>, u64) {
    (r.best, r.value, r.pv.clone(), r.positions)
}

/// Positions for the cross-check: random play (up to 80 plies) from the initial position or
/// from a position of the middle-game set (programs/src/chess/period.rs), drawn by `seed`.
pub fn positions(n: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let starts: Vec<Position> = std::iter::once(Position::start())
        .chain(middlegames().into_iter().map(|(_, p)| p))
        .collect();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let from = starts[rng.index(starts.len())].clone();
        out.push(random_play(&mut rng, from, 80));
    }
    out
}

/// One position where the twins differ.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    pub fen: String,
    pub native: SearchResult,
    /// The emulated answer, or the error that stopped it.
    pub emulated: Result<SearchResult, String>,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |r: &SearchResult| {
            format!(
                "move {} value {} pv {} positions {}",
                r.best.map_or("-".into(), |m| m.uci()),
                r.value,
                r.pv.iter().map(|m| m.uci()).collect::<Vec<_>>().join(" "),
                r.positions
            )
        };
        write!(
            f,
            "{}\n  native:   {}\n  emulated: ",
            self.fen,
            show(&self.native)
        )?;
        match &self.emulated {
            Ok(r) => write!(f, "{}", show(r)),
            Err(e) => write!(f, "error: {e}"),
        }
    }
}

/// The cross-check over a list of positions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub positions: usize,
    pub mismatches: Vec<Mismatch>,
    /// Emulated seconds and positions examined, summed over the positions that ran.
    pub emulated_seconds: f64,
    pub positions_examined: u64,
}

/// Search every position with both twins and compare. `each` sees every position's index as
/// it finishes (for progress).
pub fn crosscheck(ps: &[Position], params: &Params, mut each: impl FnMut(usize)) -> Report {
    let mut report = Report {
        positions: ps.len(),
        ..Report::default()
    };
    for (i, p) in ps.iter().enumerate() {
        let native = tree(p, params);
        let emulated = search_emulated(p, params);
        let agree = match &emulated {
            Ok(e) => {
                report.emulated_seconds += e.outcome.emulated_seconds;
                report.positions_examined += e.result.positions;
                answer(&e.result) == answer(&native)
            }
            Err(_) => false,
        };
        if !agree {
            report.mismatches.push(Mismatch {
                fen: to_fen(p),
                native,
                emulated: emulated.map(|e| e.result).map_err(|e| e.to_string()),
            });
        }
        each(i);
    }
    report
}

/// Kotok's program on the emulated 7090 as a UCI engine: the native twin's options, each
/// search a problem deck run on the machine; the info line adds `emulated_seconds`.
#[derive(Clone, Debug, Default)]
pub struct EmulatedKotok {
    /// Options (Widths, AlphaBeta) handled as the native engine does.
    pub native: NativeKotok,
    last: LastRun,
}

impl Engine for EmulatedKotok {
    fn name(&self) -> String {
        "Kotok-McCarthy 1962 (FAP on the emulated IBM 7090, firstmoves)".into()
    }

    fn search(&mut self, p: &Position, depth: Option<usize>) -> SearchResult {
        let mut params = self.native.params.clone();
        if let Some(d) = depth {
            params.widths.truncate(d.max(1));
        }
        self.last
            .keep(search_emulated(p, &params).map(|e| (e.result, e.outcome.emulated_seconds)))
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn program_cards() {
        assert_eq!(
            program_card(&Params::default()).unwrap(),
            "KOTOK  1 4 4 3 2 2 1 1 1 1"
        );
        let p = Params {
            widths: vec![1; 11],
            ..Params::default()
        };
        assert!(matches!(
            program_card(&p),
            Err(KotokEmulatedError::Params(_))
        ));
        let p = Params {
            widths: vec![300],
            ..Params::default()
        };
        assert!(program_card(&p).is_err());
    }

    #[test]
    fn positions_are_reproducible() {
        let a: Vec<String> = positions(5, 9).iter().map(to_fen).collect();
        let b: Vec<String> = positions(5, 9).iter().map(to_fen).collect();
        assert_eq!(a, b);
    }
}
