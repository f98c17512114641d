//! Strategy texts (`findler:a1+b1`, `grand:@4`, `random:9` ...): every player of dama by its
//! name, the figure-of-merit player `fom::Grand` among them.

use super::{Engine, Findler, Greedy, RandomMover, Strategy};
use crate::fom::{Grand, Weights};
use crate::search::{Setting, SettingError};

/// A strategy text that names no strategy.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("strategy `{text}`: {reason}")]
pub struct StrategyError {
    pub text: String,
    pub reason: String,
}

/// Build a strategy from its text:
/// - `findler` (demo setting, fast engine), `findler:SETTING` (`demo`, `selective`, `a1+b1`...),
///   `findler-faithful[:SETTING]` (the minimax engine);
/// - `grand` (default weights, k = 2), `grand:A2,A2',A3,A4,A5,A6` (alpha1 = 1 fixed), optionally
///   with `@K` for depth K (`grand:@4` keeps the default weights);
/// - `greedy`; `random` (seeded by `seed`), `random:S`.
///
/// The text is taken as it is: a blank before, inside or after it is refused (`findler:demo `
/// names no setting), as the setting grammar of docs/cli.md refuses it.
pub fn parse_strategy(text: &str, seed: u64) -> Result<Box<dyn Strategy>, StrategyError> {
    let err = |reason: String| StrategyError {
        text: text.to_string(),
        reason,
    };
    let t = text;
    let (kind, arg) = match t.split_once(':') {
        Some((k, a)) => (k, Some(a)),
        None => (t, None),
    };
    match kind {
        "findler" | "findler-fast" | "findler-faithful" => {
            let setting = match arg {
                None => Setting::DEMO,
                Some(a) => a.parse().map_err(|e: SettingError| err(e.to_string()))?,
            };
            let engine = if kind == "findler-faithful" {
                Engine::Faithful
            } else {
                Engine::Fast
            };
            Ok(Box::new(Findler::new(setting, engine)))
        }
        "greedy" if arg.is_none() => Ok(Box::new(Greedy)),
        "random" => {
            let s = match arg {
                None => seed,
                Some(a) => digits(a)
                    .and_then(|a| a.parse().ok())
                    .ok_or_else(|| err(format!("seed `{a}` is not a whole number")))?,
            };
            Ok(Box::new(RandomMover::new(s)))
        }
        "grand" => {
            let (weights, k) = match arg {
                None => (Weights::default(), Grand::DEFAULT_DEPTH),
                Some(a) => {
                    let (w, k) = match a.split_once('@') {
                        Some((w, k)) => (
                            w,
                            digits(k)
                                .and_then(|k| k.parse::<u32>().ok())
                                .filter(|k| (1..=6).contains(k))
                                .ok_or_else(|| err(format!("depth `{k}` is not 1..6")))?,
                        ),
                        None => (a, Grand::DEFAULT_DEPTH),
                    };
                    let w = if w.is_empty() {
                        Weights::default()
                    } else {
                        w.parse::<Weights>().map_err(|e| err(e.to_string()))?
                    };
                    (w, k)
                }
            };
            Ok(Box::new(Grand::new(weights, k)))
        }
        _ => Err(err(
            "expected findler[:SETTING], findler-faithful[:SETTING], grand[:A2,A2',A3,A4,A5,A6][@K], greedy, random[:SEED]"
                .to_string(),
        )),
    }
}

/// `text` when it is digits alone (Rust's number parsers also take a leading `+`).
fn digits(text: &str) -> Option<&str> {
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strategies_parse() {
        for t in [
            "findler",
            "findler:a1+b1",
            "findler:selective",
            "findler-faithful:demo",
            "greedy",
            "random",
            "random:9",
            "grand",
            "grand:0.5,0.5,1,0.1,0.5,0.05",
            "grand:0.5,0.5,1,0.1,0.5,0.05@3",
            "grand:@1",
        ] {
            let s = parse_strategy(t, 1).unwrap_or_else(|e| panic!("{e}"));
            assert!(!s.name().is_empty());
        }
        for t in [
            "chess",
            "findler:a9",
            "random:x",
            "grand:1,2",
            "grand:@9",
            "findler:demo ",
            " greedy",
            "greedy ",
            "findler :demo",
            "random: 9",
            "random:+9",
            "grand:@ 4",
            "grand: @4",
            "grand:0.5, 0.5,1,0.1,0.5,0.05",
        ] {
            assert!(parse_strategy(t, 1).is_err(), "{t}");
        }
        assert_eq!(
            parse_strategy("findler", 0).unwrap().name(),
            "findler:a3+b3"
        );
    }
}
