//! MATER on the emulated IBM 7090 as a `FapProgram`: `programs/chess/src/mater/mater.fap` assembled
//! after the shared chess core and INITIA, one problem a run (GAME card, the program card
//! `MATER level threat_levels max_replies max_moves`, the position in INITIA's cards), its
//! printout read back into a `MateResult`. The harness only writes cards and reads the printer
//! (docs/mater.md, "MATER on the 7090"). MATER searches for mates; it does not play, so it is
//! not one of the registry's players.

use super::campaign::{read_table, BWTC_TSV};
use super::{solve, MateResult, Params};
use crate::board::Position;
use crate::emulated::{word_at, EmulatedError, Outcome, PrintoutError, Program};
use crate::fap_source;
use crate::movegen::legal_moves;
use crate::notation::parse_uci;
use crate::program::{run, Alias, Case, FapProgram, Player, ReportField, Source};
use crate::report::crosscheck::CaseSettings;
use crate::report::ProgramFields;
use crate::search::SearchResult;
use emu::ibm7090::Machine;
use harness::rng::Rng;

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
    const SOURCE: Source = fap_source!("mater", "src/mater/mater.fap");
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

/// MATER as a player (`chess best|crosscheck|uci|match --program mater`): a mate searcher, not
/// a game player. With a mate proved it plays the line's first move and scores `mate N`; with
/// none it owes a move and plays the first legal one in the canonical order (score `cp 0`),
/// which MATER itself never did: it was asked for mates (docs/mater.md, "Behind UCI").
impl Player for Mater {
    /// MPOS, the positions examined; a stopped run has proved no mate, so no move.
    fn so_far(program: &Program, m: &Machine, _p: &Position, _params: &Params) -> SearchResult {
        SearchResult {
            positions: word_at(program, m, "MPOS", 0).unwrap_or(0) as u64,
            ..SearchResult::none()
        }
    }

    /// MATER searched for mates only: with none within its depth it gave no move.
    fn no_move_note(params: &Params) -> String {
        let moves = match params.max_moves {
            1 => "one move".to_string(),
            n => format!("{n} moves"),
        };
        format!(
            "MATER found no mate within {moves} and gives no move without one (it searches \
             only for mates): the move played is the first legal one in the canonical order, \
             not MATER's"
        )
    }

    const AUTHOR: &'static str = "George W. Baylor and Herbert A. Simon; firstmoves";
    const ABOUT: &'static str =
        "Baylor and Simon's mating-combination program (1966; MATER II with the option Level=2)";
    const ALIASES: &'static [Alias] =
        &[("mater1", &[("Level", "1")]), ("mater2", &[("Level", "2")])];
    const REPORT: &'static [ReportField] = &[
        ReportField::Problems,
        ReportField::Agreed,
        ReportField::PositionsExamined,
        ReportField::MaxEmulatedSeconds,
    ];
    const TIMING_RUN: &'static str =
        "MATER I on the Immortal Game after 21...Kd8, the source's mate in 2 \
         (1.Qf6+ Nxf6 2.Be7#; as `chess mate --fen FEN --engine emulated`)";

    fn title(params: &Params) -> String {
        match params.level {
            2 => "MATER II 1966".into(),
            _ => "MATER I 1966".into(),
        }
    }

    /// The Immortal Game after 21...Kd8, the source's mate in 2 (docs/mater.md).
    fn timing_problem() -> (&'static str, Params) {
        (
            "r1bk2nr/p2p1pNp/n2B4/1p1NP2P/6P1/3P1Q2/P1P1K3/q5b1 w - - 0 1",
            Params::mater1(),
        )
    }

    fn result(answer: &MateResult) -> SearchResult {
        // No mate, no move: the UCI engine owes one and plays the first legal move
        // (`TwinEngine`); `chess best` shows the answer as MATER gave it.
        SearchResult {
            best: answer.line.first().copied(),
            value: answer.mate_in() as i32,
            pv: answer.line.clone(),
            positions: answer.positions,
            depth: answer.line.len(),
        }
    }

    fn options() -> Vec<String> {
        let d = Params::default();
        vec![
            format!(
                "option name Level type spin default {} min 1 max 2",
                d.level
            ),
            format!(
                "option name ThreatLevels type spin default {} min 0 max 5",
                d.threat_levels
            ),
            format!(
                "option name MaxReplies type spin default {} min 0 max 255",
                d.max_replies
            ),
            format!(
                "option name MaxMoves type spin default {} min 1 max 5",
                d.max_moves
            ),
        ]
    }

    fn set_option(params: &mut Params, name: &str, value: &str) -> Result<(), String> {
        let number = |lo: u32, hi: u32| {
            value
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| format!("{name} `{value}`: not a whole number from {lo} to {hi}"))
        };
        match name.to_ascii_lowercase().as_str() {
            "level" => {
                let level = number(1, 2)? as u8;
                if level != params.level {
                    // The level's own threat rule: none for MATER I, two levels for II.
                    params.threat_levels = if level == 2 {
                        Params::mater2().threat_levels
                    } else {
                        0
                    };
                }
                params.level = level;
            }
            "threatlevels" => params.threat_levels = number(0, 5)?,
            "maxreplies" => params.max_replies = number(0, 255)?,
            "maxmoves" => params.max_moves = number(1, 5)?,
            _ => {
                return Err(format!(
                    "no option `{name}` (Level, ThreatLevels, MaxReplies, MaxMoves)"
                ))
            }
        }
        Ok(())
    }

    /// `go depth N`: attacker moves to mate in at most ceil(N / 2) (1 to 5), MATER's depth.
    fn at_depth(params: &Params, depth: usize) -> Params {
        Params {
            max_moves: (depth.div_ceil(2) as u32).clamp(1, 5),
            ..params.clone()
        }
    }

    fn score(p: &Position, r: &SearchResult, _params: &Params) -> String {
        match r.best {
            Some(m) if r.value > 0 && r.pv.first() == Some(&m) && legal_moves(p).contains(&m) => {
                format!("mate {}", r.value)
            }
            _ => "cp 0".into(),
        }
    }

    /// Positions drawn from BWTC (the mate campaign's table) with `seed`, each under MATER I
    /// and MATER II.
    fn cases(positions: usize, seed: u64, params: &Params) -> Vec<Case<Params>> {
        let rows = read_table(BWTC_TSV).unwrap_or_default();
        if rows.is_empty() {
            return Vec::new();
        }
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        for _ in 0..positions {
            let row = &rows[rng.index(rows.len())];
            for level in [1u8, 2] {
                let mut params = params.clone();
                Self::set_option(&mut params, "Level", &level.to_string())
                    .expect("1 and 2 are levels");
                out.push(Case {
                    name: format!("bwtc-{}", row.number),
                    position: row.position.clone(),
                    params,
                });
            }
        }
        out
    }

    fn case_fields(params: &Params) -> CaseSettings {
        CaseSettings {
            level: Some(params.level),
            threat_levels: Some(params.threat_levels),
            ..CaseSettings::default()
        }
    }

    fn emulated_fields(answer: &MateResult) -> ProgramFields {
        ProgramFields {
            found: Some(answer.found),
            mate_in: Some(answer.mate_in()),
            ..ProgramFields::default()
        }
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
    use crate::emulated::printout::lines;
    use crate::parse_fen;

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

#[cfg(test)]
mod player_tests {
    use super::*;
    use crate::crosscheck::crosscheck;
    use crate::fen::parse_fen;
    use crate::program::{Twin, TwinEngine};
    use crate::uci::run;
    use harness::progress::NoProgress;

    fn session(twin: Twin, input: &str) -> String {
        let mut e = TwinEngine::<Mater>::new(twin, Params::default());
        let mut out = Vec::new();
        run(
            &mut e,
            std::io::Cursor::new(input.as_bytes().to_vec()),
            &mut out,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Behind UCI: a mate is played and scored as one, `go depth` is MATER's depth, a
    /// position without a mate gets the first legal move, and the options are checked.
    #[test]
    fn uci_mates_owes_a_move_and_takes_its_options() {
        for twin in [Twin::Native, Twin::Emulated] {
            let o = session(
                twin,
                "uci\nposition fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo depth 1\n\
                 position startpos\ngo\nsetoption name Level value 2\n\
                 setoption name MaxMoves value 9\n",
            );
            assert!(
                o.contains("option name Level type spin default 1 min 1 max 2"),
                "{o}"
            );
            assert!(o.contains("score mate 1 pv a1a8"), "{o}");
            assert!(o.contains("bestmove a1a8"), "{o}");
            assert!(o.contains("score cp 0 pv b1a3"), "{o}");
            assert!(o.contains("bestmove b1a3"), "{o}");
            assert!(
                o.contains("info string MaxMoves `9`: not a whole number from 1 to 5"),
                "{o}"
            );
        }
    }

    #[test]
    fn level_two_brings_its_threat_rule() {
        let mut p = Params::default();
        Mater::set_option(&mut p, "Level", "2").unwrap();
        assert_eq!(p, Params::mater2());
        Mater::set_option(&mut p, "Level", "1").unwrap();
        assert_eq!(p, Params::mater1());
        assert_eq!(Mater::at_depth(&p, 3).max_moves, 2);
        assert_eq!(Mater::at_depth(&p, 40).max_moves, 5);
    }

    /// The cross-check: BWTC positions drawn from the seed under both levels, the emulated
    /// program against the native twin.
    #[test]
    fn crosscheck_on_bwtc() {
        let cases = Mater::cases(2, 7, &Params::default());
        assert_eq!(cases.len(), 4);
        assert_eq!((cases[0].params.level, cases[1].params.level), (1, 2));
        assert_eq!(cases[0].name, cases[1].name);
        let again = Mater::cases(2, 7, &Params::default());
        assert_eq!(cases[2].name, again[2].name);
        let r = crosscheck::<Mater>(2, 7, &cases, 2, Default::default(), &mut NoProgress);
        assert_eq!((r.problems, r.agreed, r.mismatches.len()), (4, 4, 0));
        let p = parse_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
        assert!(Mater::native(&p, &Params::default()).found);
    }
}
