//! MATER on the emulated IBM 7090: `programs/mater/mater.fap` assembled after the shared chess
//! core and INITIA, one problem a run (GAME card, the program card `MATER level threat_levels
//! max_replies max_moves`, the position in INITIA's cards), its printout read back into a
//! `MateResult`. The harness only writes cards and reads the printer (docs/mater.md, "MATER on
//! the 7090").

use std::fmt;
use std::sync::OnceLock;

use super::{MateResult, Params};
use crate::chess::board::Position;
use crate::chess::emulated::{problem_deck, run_problem, EmulatedError, Outcome, Program};
use crate::chess::notation::parse_uci;

/// MATER's own FAP file, as committed.
pub const MATER_FAP: &str = include_str!("../../../mater/mater.fap");

/// What can go wrong running MATER on the emulated machine.
#[derive(Clone, Debug, PartialEq)]
pub enum MaterEmulatedError {
    /// Parameters the FAP program does not take (it sizes its ply tables for five moves).
    Params(String),
    /// The harness: assembly, an unexpected stop, the cards of the position.
    Harness(EmulatedError),
    /// The printout is not MATER's block; the message quotes the line.
    Printout(String),
}

impl fmt::Display for MaterEmulatedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MaterEmulatedError::Params(m) => write!(f, "MATER on the 7090: {m}"),
            MaterEmulatedError::Harness(e) => write!(f, "MATER on the 7090: {e}"),
            MaterEmulatedError::Printout(m) => write!(f, "MATER on the 7090, printout: {m}"),
        }
    }
}

impl std::error::Error for MaterEmulatedError {}

impl From<EmulatedError> for MaterEmulatedError {
    fn from(e: EmulatedError) -> Self {
        MaterEmulatedError::Harness(e)
    }
}

/// core.fap + initia.fap + mater.fap, assembled once per process.
pub fn program() -> Result<&'static Program, MaterEmulatedError> {
    static P: OnceLock<Result<Program, EmulatedError>> = OnceLock::new();
    Program::chess_once(&P, "programs/mater/mater.fap", MATER_FAP)
        .map_err(MaterEmulatedError::Harness)
}

/// The program card: `MATER  level threat_levels max_replies max_moves`.
pub fn program_card(params: &Params) -> Result<String, MaterEmulatedError> {
    if !(1..=2).contains(&params.level) {
        return Err(MaterEmulatedError::Params(format!(
            "level {} (1 or 2)",
            params.level
        )));
    }
    if !(1..=5).contains(&params.max_moves) {
        return Err(MaterEmulatedError::Params(format!(
            "max_moves {} (the FAP program takes 1..5)",
            params.max_moves
        )));
    }
    if params.max_replies > 255 {
        return Err(MaterEmulatedError::Params(format!(
            "max_replies {} (the FAP program takes 0..255)",
            params.max_replies
        )));
    }
    Ok(format!(
        "MATER  {} {} {} {}",
        params.level, params.threat_levels, params.max_replies, params.max_moves
    ))
}

/// MATER's answer on the emulated 7090, and the run (cycles, emulated seconds, printout).
pub fn solve_emulated(
    p: &Position,
    params: &Params,
) -> Result<(MateResult, Outcome), MaterEmulatedError> {
    let card = program_card(params)?;
    let deck = problem_deck(p, &card).map_err(EmulatedError::from)?;
    let outcome = run_problem(program()?, &deck)?;
    let result = parse_printout(p, &outcome.printed)?;
    Ok((result, outcome))
}

/// Read `FOUND` / `NOT FOUND`, `LINE E2E4 ...` and `POSITIONS EXAMINED n`; the line's moves
/// are read as UCI along the line from `p`, so a move that is not legal there is an error.
pub fn parse_printout(p: &Position, lines: &[String]) -> Result<MateResult, MaterEmulatedError> {
    let bad = |m: String| MaterEmulatedError::Printout(m);
    if let Some(e) = lines.iter().find(|l| l.contains(" ERROR")) {
        return Err(bad(format!("the program printed `{e}`")));
    }
    let at = lines
        .iter()
        .position(|l| l == "FOUND" || l == "NOT FOUND")
        .ok_or_else(|| {
            bad(format!(
                "no FOUND or NOT FOUND line in {} printed lines",
                lines.len()
            ))
        })?;
    let found = lines[at] == "FOUND";
    let text = lines
        .get(at + 1)
        .and_then(|l| l.strip_prefix("LINE"))
        .ok_or_else(|| bad(format!("no LINE line after `{}`", lines[at])))?;
    let mut q = p.clone();
    let mut line = Vec::new();
    for t in text.split_whitespace() {
        let mv = parse_uci(&q, &t.to_lowercase())
            .ok_or_else(|| bad(format!("`LINE{text}`: `{t}` is not a legal move there")))?;
        q.make(mv);
        line.push(mv);
    }
    if found == line.is_empty() {
        return Err(bad(format!("`{}` with `LINE{text}`", lines[at])));
    }
    let count = lines
        .get(at + 2)
        .and_then(|l| l.strip_prefix("POSITIONS EXAMINED"))
        .ok_or_else(|| bad("no POSITIONS EXAMINED line after LINE".to_string()))?;
    let positions = count
        .trim()
        .parse()
        .map_err(|_| bad(format!("`POSITIONS EXAMINED{count}`: not a number")))?;
    Ok(MateResult {
        found,
        line,
        positions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_fen;

    fn lines(t: &str) -> Vec<String> {
        t.lines().map(str::to_string).collect()
    }

    #[test]
    fn printout_read_back() {
        let p = parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let r = parse_printout(
            &p,
            &lines("WHITE TO MOVE\nFOUND\nLINE A1A8\nPOSITIONS EXAMINED 1"),
        )
        .unwrap();
        assert!(r.found);
        assert_eq!(r.line[0].uci(), "a1a8");
        assert_eq!(r.positions, 1);
        let none = parse_printout(&p, &lines("NOT FOUND\nLINE\nPOSITIONS EXAMINED 0")).unwrap();
        assert!(!none.found && none.line.is_empty());
        for bad in [
            "FOUND\nLINE A1A9\nPOSITIONS EXAMINED 1",
            "FOUND\nLINE\nPOSITIONS EXAMINED 1",
            "NOT FOUND\nLINE\nPOSITIONS EXAMINED X",
            "PROGRAM CARD ERROR COLUMN 8",
            "WHITE TO MOVE",
        ] {
            assert!(parse_printout(&p, &lines(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn cards_of_the_parameters() {
        assert_eq!(program_card(&Params::mater2()).unwrap(), "MATER  2 2 4 5");
        let deep = Params {
            max_moves: 6,
            ..Params::mater1()
        };
        assert!(program_card(&deep).is_err());
    }
}
