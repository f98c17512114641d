//! Turochamp behind the UCI front end; the readings of docs/turochamp.md as options.

use super::{best, Params};
use crate::chess::board::Position;
use crate::chess::search::SearchResult;
use crate::chess::uci::Engine;

/// Turochamp as a UCI engine.
#[derive(Clone, Debug, Default)]
pub struct NativeTurochamp {
    pub params: Params,
}

impl Engine for NativeTurochamp {
    fn name(&self) -> String {
        "Turochamp 1948 (firstmoves native)".into()
    }

    fn author(&self) -> String {
        "Alan Turing and David Champernowne; firstmoves".into()
    }

    /// `go depth N` sets the plies in which every move is considerable.
    fn search(&mut self, p: &Position, depth: Option<usize>) -> SearchResult {
        let mut params = self.params.clone();
        if let Some(d) = depth {
            params.full_plies = d.max(1);
        }
        best(p, &params).0
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name.to_ascii_lowercase().as_str() {
            "fullplies" => {
                self.params.full_plies = value
                    .parse()
                    .map_err(|_| format!("FullPlies `{value}`: not a number"))?;
                Ok(())
            }
            "material" => {
                self.params.ratio = match value {
                    "ratio" => true,
                    "difference" => false,
                    _ => return Err(format!("Material `{value}`: not ratio or difference")),
                };
                Ok(())
            }
            _ => Err(format!("no option `{name}`")),
        }
    }

    fn options(&self) -> Vec<String> {
        vec![
            "option name FullPlies type spin default 2 min 1 max 4".into(),
            "option name Material type combo default ratio var ratio var difference".into(),
        ]
    }

    /// W/B - 1 in hundredths (so a pawn up in 39 is about 3 cp); mate as `mate 1`-style.
    fn score(&self, _p: &Position, r: &SearchResult) -> String {
        if r.value.abs() >= 1_000_000 {
            format!("mate {}", r.value.signum())
        } else if self.params.ratio {
            format!("cp {}", (r.value - 1000) / 10)
        } else {
            format!("cp {}", r.value / 1000 * 50)
        }
    }
}
