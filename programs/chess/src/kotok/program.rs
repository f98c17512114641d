//! Kotok's program as one of the registry's players: the program card of `KOTOK  ab
//! stable_from w1 ... wn`, the printout read back, the UCI options, and the cross-check's
//! positions (random play from the start and from the middle-game set).

use super::eval::MATE;
use super::tree::{tree, tree_until, Params};
use super::Kotok;
use crate::board::Position;
use crate::emulated::{move_of_word, parse_block, word_at, Clock, PrintoutError, Program};
use crate::fap_source;
use crate::period::middlegames;
use crate::program::{
    Case, FapProgram, Figures, FiguresError, Flag, Player, ReportField, Source, Takes, Twin,
};
use crate::report::crosscheck::{Answer, SearchAnswer};
use crate::report::ProgramFields;
use crate::sample::random_play;
use crate::search::{Cancel, SearchResult};
use emu::ibm7090::Machine;
use harness::rng::Rng;

/// The program card holds at most ten widths (docs/kotok.md, "The FAP program").
pub const MAX_CARD_WIDTHS: usize = 10;
/// REPLYS keeps at most 256 moves a ply (more than any position has).
pub const MAX_CARD_WIDTH: usize = 256;

/// The most plies a search may be given (widths or the stability ply), natively too: the
/// search recurses a ply a call, so an unbounded list would end in a stack overflow.
pub const MAX_PLIES: usize = 32;

impl FapProgram for Kotok {
    const SOURCE: Source = fap_source!("kotok", "src/kotok/kotok.fap");
    type Params = Params;
    /// `depth` is, emulated, the length of the principal variation (the printout has no other).
    type Answer = SearchResult;

    /// `KOTOK  ab stable_from w1 ... wn`.
    fn card(params: &Params) -> Result<String, String> {
        // Trailing zero widths say nothing the card's default (0) does not.
        let mut widths = params.widths.clone();
        while widths.last() == Some(&0) {
            widths.pop();
        }
        if widths.len() > MAX_CARD_WIDTHS {
            return Err(format!(
                "{} widths; the card holds {MAX_CARD_WIDTHS}",
                widths.len()
            ));
        }
        if let Some(w) = widths.iter().find(|&&w| w > MAX_CARD_WIDTH) {
            return Err(format!("width {w} is over {MAX_CARD_WIDTH}"));
        }
        let mut card = format!("KOTOK  {} {}", params.alpha_beta as u8, params.stable_from);
        for w in &widths {
            card.push_str(&format!(" {w}"));
        }
        if card.len() > 72 {
            return Err(format!("`{card}` is longer than 72 columns"));
        }
        Ok(card)
    }

    fn read(
        p: &Position,
        _params: &Params,
        printed: &[String],
    ) -> Result<SearchResult, PrintoutError> {
        let block = parse_block(printed)?;
        block.search_result(p, block.pv.len())
    }

    fn native(p: &Position, params: &Params) -> SearchResult {
        tree(p, params)
    }

    /// Move, value, principal variation and positions examined; not the depth, which the
    /// printout does not give.
    fn agree(native: &SearchResult, emulated: &SearchResult) -> bool {
        let key = |r: &SearchResult| (r.best, r.value, r.pv.clone(), r.positions);
        key(native) == key(emulated)
    }
}

impl Player for Kotok {
    const AUTHOR: &'static str = "Alan Kotok and the MIT chess group; firstmoves";
    const ABOUT: &'static str = "Kotok's alpha-beta program (MIT AI Memo 41, 1962)";
    const REPORT: &'static [ReportField] = &[ReportField::PositionsExamined];
    const FLAGS: &'static [Flag] = &[
        Flag {
            long: "widths",
            option: "Widths",
            takes: Takes::Numbers,
            help: "Kotok: plausible moves kept at each ply (the memo's input parameters; default \
                   4,3,2,2,1,1,1,1,0,0).",
        },
        Flag {
            long: "no-alpha-beta",
            option: "AlphaBeta",
            takes: Takes::Switch("false"),
            help: "Kotok: plain minimax, as on the 709 in spring 1961 (same move and value, more \
                   positions).",
        },
        Flag {
            long: "stable-from",
            option: "StableFrom",
            takes: Takes::Number {
                min: 0,
                max: MAX_PLIES as u64,
            },
            help: "Kotok: the first ply at which a stable position ends the search (default 4; 0 \
                   to 32).",
        },
    ];
    const TIMING_RUN: &'static str = "Kotok-McCarthy on the initial position, default settings \
         (as `chess best --program kotok --engine emulated`)";

    fn title(_params: &Params) -> String {
        "Kotok-McCarthy 1962".into()
    }

    fn engine_name(params: &Params, twin: Twin) -> String {
        match twin {
            Twin::Native => format!("{} (firstmoves native twin)", Self::title(params)),
            Twin::Emulated => format!(
                "{} (FAP on the emulated IBM 7090, firstmoves)",
                Self::title(params)
            ),
        }
    }

    fn result(answer: &SearchResult) -> SearchResult {
        answer.clone()
    }

    fn options() -> Vec<String> {
        vec![
            "option name Widths type string default 4 3 2 2 1 1 1 1 0 0".into(),
            "option name AlphaBeta type check default true".into(),
            format!("option name StableFrom type spin default 4 min 0 max {MAX_PLIES}"),
        ]
    }

    fn set_option(params: &mut Params, name: &str, value: &str) -> Result<(), String> {
        match name.to_ascii_lowercase().as_str() {
            "widths" => {
                let w: Result<Vec<usize>, _> = value
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|t| !t.is_empty())
                    .map(str::parse)
                    .collect();
                let w = w.map_err(|_| "Widths: not a list of numbers".to_string())?;
                if w.len() > MAX_PLIES || w.iter().any(|&n| n > MAX_CARD_WIDTH) {
                    return Err(format!(
                        "Widths: {} plies given; at most {MAX_PLIES} plies of at most \
                         {MAX_CARD_WIDTH} moves",
                        w.len()
                    ));
                }
                params.widths = w;
                Ok(())
            }
            "alphabeta" => {
                params.alpha_beta = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("AlphaBeta `{value}`: not true or false")),
                };
                Ok(())
            }
            "stablefrom" => {
                params.stable_from = match value.parse() {
                    Ok(n) if n <= MAX_PLIES => n,
                    _ => {
                        return Err(format!(
                            "StableFrom `{value}`: not a number from 0 to {MAX_PLIES}"
                        ))
                    }
                };
                Ok(())
            }
            _ => Err(format!(
                "no option `{name}` (Widths, AlphaBeta, StableFrom)"
            )),
        }
    }

    fn native_until(
        p: &Position,
        params: &Params,
        cancel: &Cancel,
    ) -> Result<SearchResult, SearchResult> {
        tree_until(p, params, cancel)
    }

    /// TREE's own words: KPOS the positions examined, and at the root (level 0) KPVN the
    /// length of the best variation so far (0 before the first root move was searched to its
    /// end), KPV its moves, KTBS its value.
    fn so_far(program: &Program, m: &Machine, p: &Position, _params: &Params) -> SearchResult {
        let word = |symbol: &str, offset: u16| word_at(program, m, symbol, offset).unwrap_or(0);
        let mut pv = Vec::new();
        let mut q = p.clone();
        for j in 0..word("KPVN", 0).clamp(0, 16) as u16 {
            let Some(mv) = move_of_word(&q, word("KPV", j)) else {
                break;
            };
            q.make(mv);
            pv.push(mv);
        }
        SearchResult {
            best: pv.first().copied(),
            value: if pv.is_empty() {
                0
            } else {
                word("KTBS", 0) as i32
            },
            depth: pv.len(),
            pv,
            positions: word("KPOS", 0) as u64,
        }
    }

    /// The plies of the principal variation: the one reading of depth both twins give (the
    /// printout has no other; the native search's deepest ply is not the emulated one's).
    fn uci_depth(r: &SearchResult, _params: &Params) -> usize {
        r.pv.len()
    }

    /// `go depth N` keeps the widths of the first N plies.
    fn at_depth(params: &Params, depth: usize) -> Params {
        let mut p = params.clone();
        p.widths.truncate(depth.max(1));
        p
    }

    /// From the side to move's view, 1/60 pawn to centipawns; a mate as moves to it.
    fn score(p: &Position, r: &SearchResult, _params: &Params) -> String {
        let v = r.value * p.side_to_move().sign() as i32;
        if v.abs() >= MATE - 1000 {
            let n = r.pv.len().div_ceil(2) as i32;
            format!("mate {}", if v > 0 { n } else { -n })
        } else {
            format!("cp {}", v * 100 / 60)
        }
    }

    /// The printout gives no search depth (native `depth` is the deepest ply reached).
    fn emulated_fields(_answer: &SearchResult) -> ProgramFields {
        ProgramFields {
            no_depth: true,
            ..ProgramFields::default()
        }
    }

    /// Random play (up to 80 plies) from the initial position or from a position of the
    /// middle-game set (programs/chess/src/period.rs), drawn by `seed`; all with `params`.
    fn cases(positions: usize, seed: u64, params: &Params) -> Vec<Case<Params>> {
        let mut rng = Rng::new(seed);
        let starts: Vec<Position> = std::iter::once(Position::start())
            .chain(middlegames().into_iter().map(|(_, p)| p))
            .collect();
        (1..=positions)
            .map(|k| {
                let from = starts[rng.index(starts.len())].clone();
                Case {
                    name: format!("position-{k}"),
                    position: random_play(&mut rng, from, 80),
                    params: params.clone(),
                }
            })
            .collect()
    }

    fn period(twin: Twin, clock: Clock) -> Option<Result<Figures, FiguresError>> {
        Some(super::period::figures(twin, clock).map_err(Into::into))
    }

    fn answer_json(r: &SearchResult) -> Answer {
        Answer::Search(SearchAnswer {
            best: r.best.map(|m| m.uci()),
            value: r.value,
            pv: r.pv.iter().map(|m| m.uci()).collect(),
            positions: r.positions,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::to_fen;

    #[test]
    fn program_cards() {
        assert_eq!(
            Kotok::card(&Params::default()).unwrap(),
            "KOTOK  1 4 4 3 2 2 1 1 1 1"
        );
        let p = Params {
            widths: vec![1; 11],
            ..Params::default()
        };
        assert!(Kotok::card(&p).unwrap_err().contains("the card holds 10"));
        let p = Params {
            widths: vec![300],
            ..Params::default()
        };
        assert!(Kotok::card(&p).is_err());
    }

    #[test]
    fn positions_are_reproducible() {
        let fens = |s| -> Vec<String> {
            Kotok::cases(5, s, &Params::default())
                .iter()
                .map(|c| to_fen(&c.position))
                .collect()
        };
        assert_eq!(fens(9), fens(9));
        assert_ne!(fens(9), fens(10));
    }

    #[test]
    fn options_set_the_parameters() {
        let mut p = Params::default();
        Kotok::set_option(&mut p, "Widths", "3 2 1").unwrap();
        Kotok::set_option(&mut p, "AlphaBeta", "false").unwrap();
        Kotok::set_option(&mut p, "StableFrom", "2").unwrap();
        assert_eq!(
            (p.widths, p.alpha_beta, p.stable_from),
            (vec![3, 2, 1], false, 2)
        );
        let mut p = Params::default();
        assert!(Kotok::set_option(&mut p, "Widths", "x").is_err());
        assert!(Kotok::set_option(&mut p, "Rules", "soma1961").is_err());
    }
}
