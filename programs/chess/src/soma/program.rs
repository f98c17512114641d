//! SOMA as one of the registry's players: the program card `SOMA  rules seed` (rules 1961 or
//! 1966, the coin's seed 0..2^64-1), the printout with the move and `COIN STATE n` (where the
//! program's SplitMix64 coin stopped), and the cross-check's problems: every position under
//! both rule sets, each with its own coin seed (docs/soma.md, "SOMA on the 7090").

use std::fmt;

use super::{best, Rules, SEED};
use crate::board::Position;
use crate::emulated::{parse_block, word_at, PrintoutError, Program};
use crate::fap_source;
use crate::program::{Alias, Case, FapProgram, Flag, Player, ReportField, Source, Takes};
use crate::report::crosscheck::CaseSettings;
use crate::sample::named_positions;
use crate::search::SearchResult;
use emu::ibm7090::Machine;
use harness::rng::Rng;

/// Maynard Smith's one-move analyser (1961) and SOMAC (1966).
#[derive(Clone, Copy, Debug)]
pub struct Soma;

/// A problem's settings: the rule set and the state of the coin that breaks ties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    pub rules: Rules,
    pub seed: u64,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            rules: Rules::Soma1961,
            seed: SEED,
        }
    }
}

/// SOMA's answer: the move and, since the coin is part of the computation, where it stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub result: SearchResult,
    /// The coin's state after the move: the seed of the next move's card.
    pub coin: u64,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.result;
        write!(
            f,
            "{} value {} positions {} coin {}",
            r.best.map_or("(none)".into(), |m| m.uci()),
            r.value,
            r.positions,
            self.coin
        )
    }
}

/// The rule set's name as options and reports give it.
pub fn rules_name(rules: Rules) -> &'static str {
    match rules {
        Rules::Soma1961 => "soma1961",
        Rules::Somac1966 => "somac1966",
    }
}

/// A rule set from its name.
pub fn parse_rules(text: &str) -> Option<Rules> {
    match text.to_ascii_lowercase().as_str() {
        "soma1961" => Some(Rules::Soma1961),
        "somac1966" => Some(Rules::Somac1966),
        _ => None,
    }
}

/// The `COIN STATE n` line: where the program's coin stopped. SplitMix64's state is its seed,
/// so a next problem whose card carries `n` goes on with the same stream of tosses.
pub fn coin_state(printed: &[String]) -> Option<u64> {
    printed
        .iter()
        .find_map(|l| l.strip_prefix("COIN STATE"))
        .and_then(|t| t.trim().parse().ok())
}

impl FapProgram for Soma {
    const SOURCE: Source = fap_source!("soma", "src/soma/soma.fap");
    type Params = Params;
    type Answer = Answer;

    /// `SOMA  1961 seed` or `SOMA  1966 seed`.
    fn card(params: &Params) -> Result<String, String> {
        let year = match params.rules {
            Rules::Soma1961 => 1961,
            Rules::Somac1966 => 1966,
        };
        Ok(format!("SOMA  {year} {}", params.seed))
    }

    fn read(p: &Position, _params: &Params, printed: &[String]) -> Result<Answer, PrintoutError> {
        let result = parse_block(printed)?.search_result(p, 1)?;
        let coin =
            coin_state(printed).ok_or_else(|| PrintoutError::new("no COIN STATE line".into()))?;
        Ok(Answer { result, coin })
    }

    fn native(p: &Position, params: &Params) -> Answer {
        let mut coin = Rng::new(params.seed);
        let result = best(p, params.rules, &mut coin);
        Answer {
            result,
            coin: coin.state(),
        }
    }
}

impl Player for Soma {
    /// SNMV, the moves of the position (SOMA's positions examined), once they are generated;
    /// the choice among them is made at the end, so a stopped run has no move.
    fn so_far(program: &Program, m: &Machine, _p: &Position, _params: &Params) -> SearchResult {
        SearchResult {
            positions: word_at(program, m, "SNMV", 0).unwrap_or(0) as u64,
            ..SearchResult::none()
        }
    }

    const AUTHOR: &'static str = "John Maynard Smith; firstmoves";
    const ABOUT: &'static str =
        "Maynard Smith's one-move analyser (1961; SOMAC 1966 with the option Rules=somac1966)";
    const ALIASES: &'static [Alias] = &[
        ("soma1961", &[("Rules", "soma1961")]),
        ("somac1966", &[("Rules", "somac1966")]),
    ];
    const SEED_OPTION: Option<&'static str> = Some("Seed");
    const FLAGS: &'static [Flag] = &[
        Flag {
            long: "rules",
            option: "Rules",
            takes: Takes::Text,
            help: "SOMA's rule set: soma1961 (the New Scientist text) or somac1966 (the 1966 \
                   appendix).",
        },
        Flag {
            long: "seed",
            option: "Seed",
            takes: Takes::Number {
                min: 0,
                max: u64::MAX,
            },
            help: "The seed of SOMA's coin (ties; default 1961).",
        },
    ];
    const REPORT: &'static [ReportField] =
        &[ReportField::Problems, ReportField::MaxEmulatedSeconds];
    const TIMING_RUN: &'static str = "SOMA on the initial position, default settings \
         (as `chess best --program soma --engine emulated`)";

    fn title(params: &Params) -> String {
        match params.rules {
            Rules::Soma1961 => "SOMA 1961".into(),
            Rules::Somac1966 => "SOMA SOMAC 1966".into(),
        }
    }

    fn result(answer: &Answer) -> SearchResult {
        answer.result.clone()
    }

    fn options() -> Vec<String> {
        vec![
            "option name Rules type combo default soma1961 var soma1961 var somac1966".into(),
            format!("option name Seed type string default {SEED}"),
        ]
    }

    fn set_option(params: &mut Params, name: &str, value: &str) -> Result<(), String> {
        match name.to_ascii_lowercase().as_str() {
            "rules" => {
                params.rules = parse_rules(value)
                    .ok_or_else(|| format!("Rules `{value}`: not soma1961 or somac1966"))?;
                Ok(())
            }
            "seed" => {
                params.seed = value
                    .parse()
                    .map_err(|_| format!("Seed `{value}`: not a number"))?;
                Ok(())
            }
            _ => Err(format!("no option `{name}` (Rules, Seed)")),
        }
    }

    /// The coin goes on from where the move left it, as an operator would copy the printed
    /// state onto the next card.
    fn next(params: &mut Params, answer: &Answer) {
        params.seed = answer.coin;
    }

    /// SOMA's points from the mover's view: a pawn is 10, so centipawns are ten times them.
    fn score(_p: &Position, r: &SearchResult, _params: &Params) -> String {
        format!("cp {}", r.value * 10)
    }

    /// The middle-game set and then positions from random play (0..=119 random plies from the
    /// start), `positions` in all, each under both rule sets with its own coin seed; all drawn
    /// from `seed`.
    fn cases(positions: usize, seed: u64, _params: &Params) -> Vec<Case<Params>> {
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
                    params: Params { rules, seed: s },
                });
            }
        }
        out
    }

    fn case_fields(params: &Params) -> CaseSettings {
        CaseSettings {
            rules: Some(rules_name(params.rules).into()),
            seed: Some(params.seed),
            ..CaseSettings::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::to_fen;
    use crate::program::{Twin, TwinEngine};
    use crate::uci::run;

    #[test]
    fn cards_and_cases() {
        let p = Params {
            rules: Rules::Somac1966,
            seed: 7,
        };
        assert_eq!(Soma::card(&p).unwrap(), "SOMA  1966 7");
        let c = Soma::cases(14, 3, &Params::default());
        assert_eq!(c.len(), 28);
        assert_eq!(c[0].name, "soma-machiavelli-ply16");
        assert_eq!(c[27].name, "random-2");
        assert_eq!(
            (c[0].params.rules, c[1].params.rules),
            (Rules::Soma1961, Rules::Somac1966)
        );
        // The same seed gives the same problems.
        let d = Soma::cases(14, 3, &Params::default());
        assert!(c
            .iter()
            .zip(&d)
            .all(|(a, b)| a.params == b.params && to_fen(&a.position) == to_fen(&b.position)));
    }

    #[test]
    fn uci_session() {
        let mut e = TwinEngine::<Soma>::new(Twin::Native, Params::default());
        let mut out = Vec::new();
        let input = "uci\nsetoption name Rules value somac1966\nsetoption name Seed value 3\n\
                     position fen 1k1r3r/p1p3pp/B2b1p2/B2R4/4p2P/P3P3/1PP3P1/6K1 b - - 0 23\n\
                     go\nsetoption name Rules value nonsense\n";
        run(
            &mut e,
            std::io::Cursor::new(input.as_bytes().to_vec()),
            &mut out,
        )
        .unwrap();
        let o = String::from_utf8(out).unwrap();
        assert!(o.contains("id name SOMA"), "{o}");
        assert!(o.contains("id author John Maynard Smith"), "{o}");
        assert!(o.contains("bestmove "), "{o}");
        assert!(o.contains("info string Rules `nonsense`"), "{o}");
        assert_eq!(e.params.rules, Rules::Somac1966);
    }
}
