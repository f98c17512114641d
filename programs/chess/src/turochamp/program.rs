//! Turochamp as one of the registry's players: the program card `TURO  f r` (f the full plies
//! 1..9, r 1 for W/B and 0 for W - B), the printout with the move and its `POSITION PLAY`, and
//! the cross-check's problems: every position under one full ply with W/B and with W - B and
//! the typescript's two full plies with W/B (docs/turochamp.md, "Turochamp on the 7090").

use std::fmt;

use emu::ibm7090::{Limits, Machine};

use super::{best, best_until, Params, Score};
use crate::board::Position;
use crate::emulated::{
    move_of_word, parse_block, problem_deck, run_problem_with, word_at, EmulatedError,
    PrintoutError, Program, DEFAULT_BUDGET,
};
use crate::fap_source;
use crate::program::{assembled, Case, FapProgram, Flag, Player, Source, Takes};
use crate::report::crosscheck::CaseSettings;
use crate::report::ProgramFields;
use crate::sample::named_positions;
use crate::search::{Cancel, SearchResult};
use harness::rng::Rng;

/// The plies the FAP program analyses at most (its tables are sized for them); as native
/// `Params::max_plies` by default.
pub const FAP_MAX_PLIES: usize = 24;

/// The cross-check's budget a problem: 2 x 10^8 cycles (7.3 emulated minutes); an unpruned
/// analysis beyond it (Kiwipete: 33 million positions) is listed, not run natively.
pub const CROSSCHECK_CYCLES: u64 = 200_000_000;

/// Random plies from the start for the cross-check's random positions.
pub const CROSSCHECK_PLIES: usize = 30;

/// The readings each position is tried under in the cross-check: one full ply with W/B and
/// with W - B, and the typescript's two full plies with W/B.
pub const READINGS: [(usize, bool); 3] = [(1, true), (1, false), (2, true)];

/// Turing and Champernowne's paper machine (1948).
#[derive(Clone, Copy, Debug)]
pub struct Turochamp;

/// Turochamp's answer: the move, and the chosen move's position-play value in tenths (None
/// without a move), the tie-break the twins must also agree on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub result: SearchResult,
    pub position_play: Option<i32>,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.result;
        write!(
            f,
            "{} value {}",
            r.best.map_or("(none)".into(), |m| m.uci()),
            r.value
        )?;
        if let Some(pp) = self.position_play {
            write!(f, " position play {pp}")?;
        }
        write!(f, " positions {}", r.positions)
    }
}

fn bad(m: String) -> PrintoutError {
    PrintoutError::new(m)
}

/// `TURO  2 1` is the typescript's reading (two full plies, W/B).
pub fn program_card(full_plies: usize, ratio: bool) -> String {
    format!("TURO  {full_plies} {}", ratio as u8)
}

impl FapProgram for Turochamp {
    const SOURCE: Source = fap_source!("turochamp", "src/turochamp/turochamp.fap");
    type Params = Params;
    type Answer = Answer;

    /// The program judges its own card: full plies outside 1..9 come back as its PROGRAM
    /// CARD ERROR line.
    fn card(params: &Params) -> Result<String, String> {
        Ok(program_card(params.full_plies, params.ratio))
    }

    fn read(p: &Position, params: &Params, printed: &[String]) -> Result<Answer, PrintoutError> {
        let result = parse_block(printed)?.search_result(p, params.full_plies)?;
        let position_play = match printed
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
        Ok(Answer {
            result,
            position_play,
        })
    }

    fn native(p: &Position, params: &Params) -> Answer {
        let (result, top) = best(p, params);
        Answer {
            result,
            position_play: top.map(|t| t.1),
        }
    }
}

impl Player for Turochamp {
    const AUTHOR: &'static str = "Alan Turing and David Champernowne; firstmoves";
    const ABOUT: &'static str = "Turing and Champernowne's paper machine (1948)";
    const FLAGS: &'static [Flag] = &[
        Flag {
            long: "full-plies",
            option: "FullPlies",
            takes: Takes::Number {
                min: 1,
                max: FAP_MAX_PLIES as u64,
            },
            help: "Turochamp: plies in which every move is considerable (the typescript: 2; 1 to \
                   24).",
        },
        Flag {
            long: "difference",
            option: "Material",
            takes: Takes::Switch("difference"),
            help: "Turochamp: value dead positions by W - B instead of Turing's W/B.",
        },
    ];
    const TIMING_RUN: &'static str = "TUROCHAMP on the initial position, default settings \
         (as `chess best --program turochamp --engine emulated`)";

    fn title(_params: &Params) -> String {
        "Turochamp 1948".into()
    }

    fn result(answer: &Answer) -> SearchResult {
        answer.result.clone()
    }

    fn options() -> Vec<String> {
        vec![
            "option name FullPlies type spin default 2 min 1 max 4".into(),
            "option name Material type combo default ratio var ratio var difference".into(),
        ]
    }

    fn set_option(params: &mut Params, name: &str, value: &str) -> Result<(), String> {
        match name.to_ascii_lowercase().as_str() {
            "fullplies" => {
                params.full_plies = match value.parse() {
                    Ok(n) if (1..=FAP_MAX_PLIES).contains(&n) => n,
                    _ => {
                        return Err(format!(
                            "FullPlies `{value}`: not a number from 1 to {FAP_MAX_PLIES}"
                        ))
                    }
                };
                Ok(())
            }
            "material" => {
                params.ratio = match value {
                    "ratio" => true,
                    "difference" => false,
                    _ => return Err(format!("Material `{value}`: not ratio or difference")),
                };
                Ok(())
            }
            _ => Err(format!("no option `{name}` (FullPlies, Material)")),
        }
    }

    fn native_until(
        p: &Position,
        params: &Params,
        cancel: &Cancel,
    ) -> Result<Answer, SearchResult> {
        let (result, top) = best_until(p, params, cancel)?;
        Ok(Answer {
            result,
            position_play: top.map(|t| t.1),
        })
    }

    /// The root loop's words: TPOS the positions examined, THTOP set once a root move has
    /// been valued, TTMV the best so far and TTM, TTN, TTD its value (mate, W, B).
    fn so_far(program: &Program, m: &Machine, p: &Position, params: &Params) -> SearchResult {
        let word = |symbol: &str| word_at(program, m, symbol, 0).unwrap_or(0);
        let best = (word("THTOP") != 0)
            .then(|| move_of_word(p, word("TTMV")))
            .flatten();
        let value = Score {
            mate: word("TTM").signum() as i8,
            num: word("TTN"),
            den: word("TTD"),
        };
        SearchResult {
            best,
            value: if best.is_some() { value.milli() } else { 0 },
            pv: best.into_iter().collect(),
            positions: word("TPOS") as u64,
            depth: params.full_plies,
        }
    }

    /// `go depth N` sets the plies in which every move is considerable (1 to the analysis's
    /// cap of 24 plies).
    fn at_depth(params: &Params, depth: usize) -> Params {
        Params {
            full_plies: depth.clamp(1, FAP_MAX_PLIES),
            ..params.clone()
        }
    }

    /// W/B - 1 in hundredths (so a pawn up in 39 is about 3 cp); mate as `mate 1`-style.
    fn score(_p: &Position, r: &SearchResult, params: &Params) -> String {
        if r.value.abs() >= 1_000_000 {
            format!("mate {}", r.value.signum())
        } else if params.ratio {
            format!("cp {}", (r.value - 1000) / 10)
        } else {
            format!("cp {}", r.value / 1000 * 50)
        }
    }

    fn emulated_fields(answer: &Answer) -> ProgramFields {
        ProgramFields {
            position_play: answer.position_play,
            ..ProgramFields::default()
        }
    }

    /// `cases_within` with up to 30 random plies.
    fn cases(positions: usize, seed: u64, _params: &Params) -> Vec<Case<Params>> {
        cases_within(positions, seed, CROSSCHECK_PLIES)
    }

    fn case_fields(params: &Params) -> CaseSettings {
        CaseSettings {
            full_plies: Some(params.full_plies),
            ratio: Some(params.ratio),
            ..CaseSettings::default()
        }
    }

    fn crosscheck_cycles() -> Option<u64> {
        Some(CROSSCHECK_CYCLES)
    }
}

/// The middle-game set, then positions from random play (0..=`max_plies` random plies from the
/// start), `positions` in all, drawn from `seed`; each under every reading of `READINGS`.
pub fn cases_within(positions: usize, seed: u64, max_plies: usize) -> Vec<Case<Params>> {
    let mut rng = Rng::new(seed);
    let list = named_positions(&mut rng, positions, max_plies);
    list.into_iter()
        .flat_map(|(name, position)| {
            READINGS.map(|(full_plies, ratio)| Case {
                name: name.clone(),
                position: position.clone(),
                params: Params {
                    full_plies,
                    ratio,
                    max_plies: FAP_MAX_PLIES,
                },
            })
        })
        .collect()
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
        .collect::<Result<_, _>>()
        .map_err(EmulatedError::from)
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
    let outcome = run_problem_with(assembled::<Turochamp>()?, &deck, limits)?;
    parse_block(&outcome.printed)?;
    root_table(&outcome.printed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::{parse_fen, to_fen};
    use crate::program::{run, Twin, TwinEngine};
    use crate::uci::Engine;

    /// `go depth 100000` is the analysis's cap, not a recursion 100,000 plies deep.
    #[test]
    fn uci_depth_is_clamped() {
        let deep = Turochamp::at_depth(&Params::default(), 100_000);
        assert_eq!(deep.full_plies, FAP_MAX_PLIES);
        assert_eq!(Turochamp::at_depth(&Params::default(), 0).full_plies, 1);
        let mut p = Params::default();
        assert!(Turochamp::set_option(&mut p, "FullPlies", "100000").is_err());
    }

    #[test]
    fn cards_and_cases() {
        assert_eq!(program_card(2, true), "TURO  2 1");
        assert_eq!(program_card(3, false), "TURO  3 0");
        let c = Turochamp::cases(14, 3, &Params::default());
        assert_eq!(c.len(), 42);
        assert_eq!(c[41].name, "random-2");
        assert_eq!(
            (
                c[0].params.full_plies,
                c[1].params.ratio,
                c[2].params.full_plies
            ),
            (1, false, 2)
        );
        let d = Turochamp::cases(14, 3, &Params::default());
        assert!(c
            .iter()
            .zip(&d)
            .all(|(a, b)| to_fen(&a.position) == to_fen(&b.position)));
    }

    #[test]
    fn uci_engine_runs_the_program() {
        let mut e = TwinEngine::<Turochamp>::new(Twin::Emulated, Params::default());
        let r = e.search(&Position::start(), None);
        assert_eq!(r.best.map(|m| m.uci()).as_deref(), Some("e2e3"));
        assert_eq!(r.positions, 439);
        let secs = run::<Turochamp>(&Position::start(), &Params::default())
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
        let start = Position::start();
        let e = run::<Turochamp>(&start, &Params::default()).unwrap().answer;
        assert_eq!(e.result.best.map(|m| m.uci()).as_deref(), Some("e2e3"));
        assert_eq!((e.result.value, e.result.positions), (1000, 439));
        assert_eq!(e.position_play, Some(146));
        let p = parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let e = run::<Turochamp>(&p, &Params::default()).unwrap().answer;
        assert_eq!(e, Turochamp::native(&p, &Params::default()));
    }
}
