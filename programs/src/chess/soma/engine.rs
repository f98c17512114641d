//! SOMA behind the UCI front end: the rule set and the coin's seed are options; the coin's
//! state carries over from move to move and restarts when the seed is set.

use super::{best, Rules, SEED};
use crate::chess::board::Position;
use crate::chess::search::SearchResult;
use crate::chess::uci::Engine;
use crate::rng::Rng;

/// SOMA as a UCI engine.
#[derive(Clone, Debug)]
pub struct NativeSoma {
    pub rules: Rules,
    pub seed: u64,
    rng: Rng,
}

impl NativeSoma {
    pub fn new(rules: Rules, seed: u64) -> NativeSoma {
        NativeSoma {
            rules,
            seed,
            rng: Rng::new(seed),
        }
    }
}

impl Default for NativeSoma {
    fn default() -> NativeSoma {
        NativeSoma::new(Rules::Soma1961, SEED)
    }
}

/// Rule set from its command-line / option name.
pub fn parse_rules(text: &str) -> Option<Rules> {
    match text.to_ascii_lowercase().as_str() {
        "soma1961" => Some(Rules::Soma1961),
        "somac1966" => Some(Rules::Somac1966),
        _ => None,
    }
}

impl Engine for NativeSoma {
    fn name(&self) -> String {
        let r = match self.rules {
            Rules::Soma1961 => "1961",
            Rules::Somac1966 => "SOMAC 1966",
        };
        format!("SOMA {r} (firstmoves native)")
    }

    fn author(&self) -> String {
        "John Maynard Smith; firstmoves".into()
    }

    /// One ply is all SOMA ever looks: `depth` is ignored.
    fn search(&mut self, p: &Position, _depth: Option<usize>) -> SearchResult {
        best(p, self.rules, &mut self.rng)
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name.to_ascii_lowercase().as_str() {
            "rules" => {
                self.rules = parse_rules(value)
                    .ok_or_else(|| format!("Rules `{value}`: not soma1961 or somac1966"))?;
                Ok(())
            }
            "seed" => {
                self.seed = value
                    .parse()
                    .map_err(|_| format!("Seed `{value}`: not a number"))?;
                self.rng = Rng::new(self.seed);
                Ok(())
            }
            _ => Err(format!("no option `{name}`")),
        }
    }

    fn options(&self) -> Vec<String> {
        vec![
            "option name Rules type combo default soma1961 var soma1961 var somac1966".into(),
            format!("option name Seed type string default {SEED}"),
        ]
    }

    /// SOMA's points from the mover's view: a pawn is 10, so centipawns are ten times them.
    fn score(&self, _p: &Position, r: &SearchResult) -> String {
        format!("cp {}", r.value * 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::uci::run;

    #[test]
    fn uci_session() {
        let mut e = NativeSoma::default();
        let mut out = Vec::new();
        let input = "uci\nsetoption name Rules value somac1966\nsetoption name Seed value 3\n\
                     position fen 1k1r3r/p1p3pp/B2b1p2/B2R4/4p2P/P3P3/1PP3P1/6K1 b - - 0 23\n\
                     go\nsetoption name Rules value nonsense\nquit\n";
        run(&mut e, input.as_bytes(), &mut out).unwrap();
        let o = String::from_utf8(out).unwrap();
        assert!(o.contains("id name SOMA"), "{o}");
        assert!(o.contains("id author John Maynard Smith"), "{o}");
        assert!(o.contains("bestmove "), "{o}");
        assert!(o.contains("info string Rules `nonsense`"), "{o}");
        assert_eq!(e.rules, Rules::Somac1966);
    }
}
