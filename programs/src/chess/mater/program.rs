//! MATER on the emulated IBM 7090 as a `FapProgram`: `programs/mater/mater.fap` assembled
//! after the shared chess core and INITIA, one problem a run (GAME card, the program card
//! `MATER level threat_levels max_replies max_moves`, the position in INITIA's cards), its
//! printout read back into a `MateResult`. The harness only writes cards and reads the printer
//! (docs/mater.md, "MATER on the 7090"). MATER searches for mates; it does not play, so it is
//! not one of the registry's players.

use super::{solve, MateResult, Params};
use crate::chess::board::Position;
use crate::chess::emulated::{EmulatedError, Outcome, PrintoutError};
use crate::chess::notation::parse_uci;
use crate::chess::program::{run, FapProgram, Source};
use crate::fap_source;

/// MATER I and II (Baylor and Simon 1966).
#[derive(Clone, Copy, Debug)]
pub struct Mater;

/// MATER's answer on the emulated 7090, and the run (cycles, emulated seconds, printout).
pub fn solve_emulated(
    p: &Position,
    params: &Params,
) -> Result<(MateResult, Outcome), EmulatedError> {
    let r = run::<Mater>(p, params)?;
    Ok((r.answer, r.outcome))
}

impl FapProgram for Mater {
    const SOURCE: Source = fap_source!("mater", "mater/mater.fap");
    type Params = Params;
    type Answer = MateResult;

    /// `MATER  level threat_levels max_replies max_moves`.
    fn card(params: &Params) -> Result<String, String> {
        if !(1..=2).contains(&params.level) {
            return Err(format!("MATER level {} (1 or 2)", params.level));
        }
        if !(1..=5).contains(&params.max_moves) {
            return Err(format!(
                "MATER max_moves {} (the FAP program takes 1..5)",
                params.max_moves
            ));
        }
        if params.max_replies > 255 {
            return Err(format!(
                "MATER max_replies {} (the FAP program takes 0..255)",
                params.max_replies
            ));
        }
        Ok(format!(
            "MATER  {} {} {} {}",
            params.level, params.threat_levels, params.max_replies, params.max_moves
        ))
    }

    fn read(
        p: &Position,
        _params: &Params,
        printed: &[String],
    ) -> Result<MateResult, PrintoutError> {
        parse_printout(p, printed)
    }

    fn native(p: &Position, params: &Params) -> MateResult {
        solve(p, params)
    }
}

/// Read `FOUND` / `NOT FOUND`, `LINE E2E4 ...` and `POSITIONS EXAMINED n`; the line's moves
/// are read as UCI along the line from `p`, so a move that is not legal there is an error.
pub fn parse_printout(p: &Position, lines: &[String]) -> Result<MateResult, PrintoutError> {
    let bad = PrintoutError::new;
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
    use crate::chess::emulated::printout::lines;
    use crate::chess::parse_fen;

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
        assert_eq!(Mater::card(&Params::mater2()).unwrap(), "MATER  2 2 4 5");
        let deep = Params {
            max_moves: 6,
            ..Params::mater1()
        };
        assert!(Mater::card(&deep).is_err());
    }
}
