//! How the shards of the chess campaigns (`chess crosscheck`, `chess mate-campaign`, `chess
//! match`) combine in `harness::shard::merge`.

use emu::ibm7090::Model;
use emu::Spread;
use harness::shard::{add, combine, Campaign, Combine, Parts, Shard, ShardError};
use serde_json::Value;

use crate::emulated::seconds_on;

/// The chess campaigns `merge` knows.
pub static CAMPAIGNS: &[Campaign] = &[
    Campaign {
        command: "chess crosscheck",
        fields: CROSSCHECK,
        untagged: true,
        check: Some(check_crosscheck),
    },
    Campaign {
        command: "chess mate-campaign",
        fields: MATE_CAMPAIGN,
        untagged: false,
        check: None,
    },
    Campaign {
        command: "chess match",
        fields: CHESS_MATCH,
        untagged: false,
        check: Some(check_match),
    },
];

/// The fields of a chess cross-check report.
const CROSSCHECK: &[(&str, Combine)] = &[
    ("program", Combine::Same),
    ("positions", Combine::Same),
    ("seed", Combine::Same),
    ("problems", Combine::Sum),
    ("agreed", Combine::Sum),
    ("positions_examined", Combine::Sum),
    ("mismatches", Combine::Concat),
    ("over_budget", Combine::Concat),
    ("max_emulated_seconds", Combine::Max),
    ("emulated_seconds", Combine::SecondsInOrder),
    ("timing", Combine::Same),
    ("cpu", Combine::Same),
    (
        "emulated_seconds_spread",
        Combine::Custom(emulated_seconds_spread),
    ),
    ("host_seconds", Combine::HostSum),
];

/// The fields of a mate campaign report: MATER I's and MATER II's summaries, and the
/// Simons' figure.
const MATE_CAMPAIGN: &[(&str, Combine)] = &[
    ("mater1", Combine::Custom(mater1)),
    ("mater2", Combine::Custom(mater2)),
    ("simon_1962", Combine::Same),
];

/// The fields of one MATER level's summary (`chess::mater::campaign::Summary`, and
/// the command's seconds and differences).
const MATER_LEVEL: &[(&str, Combine)] = &[
    ("positions_tried", Combine::Sum),
    ("found", Combine::Sum),
    ("found_where_stockfish_none", Combine::Sum),
    ("same_first_as_stockfish", Combine::Sum),
    ("same_first_as_key", Combine::Sum),
    ("shorter_than_stockfish", Combine::Sum),
    ("same_distance_as_stockfish", Combine::Sum),
    ("longer_than_stockfish", Combine::Sum),
    ("stockfish_all_checks", Combine::Sum),
    ("found_of_all_checks", Combine::Sum),
    ("found_by_distance", Combine::Custom(counts_by_index)),
    ("positions_total", Combine::Sum),
    ("positions_max", Combine::Custom(integer_max)),
    ("emulated_seconds", Combine::SecondsInOrder),
    ("differ_from_native", Combine::Concat),
    ("host_seconds", Combine::HostSum),
    ("native_seconds", Combine::HostSum),
];

fn mater1(parts: &Parts) -> Result<Value, ShardError> {
    mater_level(parts, "mater1")
}

fn mater2(parts: &Parts) -> Result<Value, ShardError> {
    mater_level(parts, "mater2")
}

/// A level's summaries merged as reports of their own: each given the `shard.seconds` of its
/// rows (`shard.emulated_seconds.mater1`; none when native) for the in-order sum.
fn mater_level(parts: &Parts, level: &str) -> Result<Value, ShardError> {
    let mut subs = Vec::new();
    for (file, v) in parts {
        let mut sub = v.get(level).cloned().ok_or_else(|| ShardError::Field {
            file: (*file).clone(),
            field: level.into(),
            kind: "chess mate-campaign",
        })?;
        let seconds = v
            .pointer(&format!("/shard/emulated_seconds/{level}"))
            .cloned()
            .unwrap_or(Value::Array(Vec::new()));
        if let Some(o) = sub.as_object_mut() {
            o.insert("shard".into(), serde_json::json!({ "seconds": seconds }));
        }
        subs.push(((*file).clone(), sub));
    }
    let subs: Vec<(&String, &Value)> = subs.iter().map(|(f, v)| (f, v)).collect();
    combine(&subs, MATER_LEVEL, "chess mate-campaign")
}

/// Arrays of counts (e.g. found by mate distance) added index by index.
fn counts_by_index(parts: &Parts) -> Result<Value, ShardError> {
    let key = "found_by_distance";
    let mut sum: Vec<u64> = Vec::new();
    for (file, v) in parts {
        let wrong = || ShardError::Field {
            file: (*file).clone(),
            field: key.into(),
            kind: "chess mate-campaign",
        };
        let a = v.get(key).and_then(Value::as_array).ok_or_else(wrong)?;
        if sum.is_empty() {
            sum = vec![0; a.len()];
        }
        if a.len() != sum.len() {
            return Err(wrong());
        }
        for (s, x) in sum.iter_mut().zip(a) {
            *s = add(*s, x.as_u64().ok_or_else(wrong)?, file, key)?;
        }
    }
    Ok(Value::from(sum))
}

/// The largest of integer counts (`Combine::Max` gives a float).
fn integer_max(parts: &Parts) -> Result<Value, ShardError> {
    let key = "positions_max";
    let mut max = 0u64;
    for (file, v) in parts {
        max = max.max(
            v.get(key)
                .and_then(Value::as_u64)
                .ok_or_else(|| ShardError::Field {
                    file: (*file).clone(),
                    field: key.into(),
                    kind: "chess mate-campaign",
                })?,
        );
    }
    Ok(Value::from(max))
}

/// The fields of a chess match report: the games in round order, the first player's score.
const CHESS_MATCH: &[(&str, Combine)] = &[
    ("white", Combine::Same),
    ("black", Combine::Same),
    ("engine", Combine::Same),
    ("timing", Combine::Same),
    ("games", Combine::Concat),
    ("wins", Combine::Sum),
    ("draws", Combine::Sum),
    ("losses", Combine::Sum),
    ("score", Combine::Custom(match_score)),
    ("pgn", Combine::Same),
];

/// A `chess crosscheck` shard against itself: its agreed problems, mismatches and problems over
/// budget are no more than its problems, and make them up exactly where it lists all three.
fn check_crosscheck(file: &str, v: &Value) -> Result<(), ShardError> {
    let (Some(problems), Some(agreed)) = (
        v.get("problems").and_then(Value::as_u64),
        v.get("agreed").and_then(Value::as_u64),
    ) else {
        // A program whose report does not count them (SOMA lists no agreements).
        return Ok(());
    };
    let listed = |key: &str| v.get(key).and_then(Value::as_array).map(Vec::len);
    let mismatches = listed("mismatches").ok_or_else(|| ShardError::Field {
        file: file.into(),
        field: "mismatches".into(),
        kind: "chess crosscheck",
    })?;
    let over = listed("over_budget");
    let made = u128::from(agreed) + mismatches as u128 + over.unwrap_or(0) as u128;
    let fits = match over {
        Some(_) => made == u128::from(problems),
        None => made <= u128::from(problems),
    };
    if fits {
        return Ok(());
    }
    Err(ShardError::Disagrees {
        file: file.into(),
        field: "problems".into(),
        why: format!(
            "is {problems}, but its {agreed} agreed, {mismatches} mismatches and {} over budget make {made}",
            over.unwrap_or(0)
        ),
    })
}

/// A `chess match` shard against itself: one row for each game of its slice of the run's games,
/// and its wins, draws and losses those its rows' results make for the first player.
fn check_match(file: &str, v: &Value) -> Result<(), ShardError> {
    let wrong = |field: &str| ShardError::Field {
        file: file.into(),
        field: field.into(),
        kind: "chess match",
    };
    let disagrees = |field: &str, why: String| ShardError::Disagrees {
        file: file.into(),
        field: field.into(),
        why,
    };
    let rows = v
        .get("games")
        .and_then(Value::as_array)
        .ok_or_else(|| wrong("games"))?;
    let total = v
        .pointer("/shard/run/games")
        .and_then(Value::as_u64)
        .ok_or_else(|| wrong("shard.run.games"))?;
    let want = Shard::len_in(v, total);
    if want != Some(rows.len() as u64) {
        let want = want.map_or("none".into(), |w| w.to_string());
        let why = format!(
            "holds {} games, but its slice of the run's {total} games is {want}",
            rows.len()
        );
        return Err(disagrees("games", why));
    }
    // wins, draws, losses of the first player, as `Score::add` counts them.
    let mut tally = [0u64; 3];
    for row in rows {
        let first_is_white = row.get("first_is_white").and_then(Value::as_bool);
        let i = match (row.get("result").and_then(Value::as_str), first_is_white) {
            (Some("1/2-1/2"), Some(_)) => 1,
            (Some("1-0"), Some(true)) | (Some("0-1"), Some(false)) => 0,
            (Some("1-0" | "0-1"), Some(_)) => 2,
            _ => return Err(wrong("games")),
        };
        tally[i] += 1;
    }
    for (key, ours) in ["wins", "draws", "losses"].into_iter().zip(tally) {
        let theirs = v
            .get(key)
            .and_then(Value::as_u64)
            .ok_or_else(|| wrong(key))?;
        if theirs != ours {
            let why = format!("is {theirs}, but its games list makes it {ours}");
            return Err(disagrees(key, why));
        }
    }
    Ok(())
}

/// Points for the first player, from all the shards' wins and draws (as `Score::points`).
fn match_score(parts: &Parts) -> Result<Value, ShardError> {
    let mut points = [0u64; 2];
    for (file, v) in parts {
        for (p, key) in points.iter_mut().zip(["wins", "draws"]) {
            let x = v
                .get(key)
                .and_then(Value::as_u64)
                .ok_or_else(|| ShardError::Field {
                    file: (*file).clone(),
                    field: key.into(),
                    kind: "chess match",
                })?;
            *p = add(*p, x, file, key)?;
        }
    }
    Ok(Value::from(points[0] as f64 + points[1] as f64 / 2.0))
}

/// The shards' cycles under each timing bound (`shard.cycles_spread`), summed, as seconds of
/// the run's machine (`cpu`, the 7090 without one).
fn emulated_seconds_spread(parts: &Parts) -> Result<Value, ShardError> {
    let (first, v) = parts[0];
    let cpu = match v.get("cpu") {
        None => Some(Model::Ibm7090),
        Some(name) => name.as_str().and_then(Model::from_name),
    }
    .ok_or_else(|| ShardError::Field {
        file: first.clone(),
        field: "cpu".into(),
        kind: "chess crosscheck",
    })?;
    let mut sum = [0u64; 3];
    for (file, v) in parts {
        for (s, bound) in sum.iter_mut().zip(["low", "nominal", "high"]) {
            let cycles = v
                .pointer(&format!("/shard/cycles_spread/{bound}"))
                .and_then(Value::as_u64)
                .ok_or_else(|| ShardError::Field {
                    file: (*file).clone(),
                    field: "emulated_seconds_spread".into(),
                    kind: "chess crosscheck",
                })?;
            *s = add(*s, cycles, file, &format!("shard.cycles_spread.{bound}"))?;
        }
    }
    let sum = Spread::new(sum[0], sum[1], sum[2]);
    Ok(harness::json::spread(sum.map(|c| seconds_on(cpu, c))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crosscheck_shard_whose_counts_disagree_is_refused() {
        let report = |problems: u64, agreed: u64| {
            serde_json::json!({
                "problems": problems, "agreed": agreed,
                "mismatches": [{"name": "a"}], "over_budget": [{"name": "b"}],
            })
        };
        assert_eq!(check_crosscheck("s.json", &report(4, 2)), Ok(()));
        for (problems, agreed) in [(5, 2), (4, 3), (4, u64::MAX)] {
            let e = check_crosscheck("s.json", &report(problems, agreed)).unwrap_err();
            assert!(matches!(e, ShardError::Disagrees { .. }), "{e}");
            assert!(e.to_string().starts_with("s.json: field `problems`"), "{e}");
        }
        let mut without_budget = report(4, 2);
        without_budget
            .as_object_mut()
            .unwrap()
            .remove("over_budget");
        assert_eq!(check_crosscheck("s.json", &without_budget), Ok(()));
        without_budget["agreed"] = 4.into();
        assert!(check_crosscheck("s.json", &without_budget).is_err());
    }
}
