//! How the shards of the dama campaigns (`dama crosscheck`, `dama match`) combine in
//! `harness::shard::merge`. Every figure a whole run sums in problem order is an integer
//! (period time in ns, counts), so the shards' sums are the whole run's exactly; the move-time
//! spreads are drawn anew from every reply's time, which the shards carry.

use serde_json::Value;

use crate::crosscheck::times_values;
use crate::times::{seconds, Phase};
use emu::Spread;
use harness::shard::{add, Campaign, Combine, Parts, Shard, ShardError};

/// The dama campaigns `merge` knows.
pub static CAMPAIGNS: &[Campaign] = &[
    Campaign {
        command: "dama crosscheck",
        fields: CROSSCHECK,
        untagged: false,
        check: Some(check_crosscheck),
    },
    Campaign {
        command: "dama match",
        fields: MATCH,
        untagged: false,
        check: Some(check_match),
    },
];

/// The fields of a `dama crosscheck` report.
pub const CROSSCHECK: &[(&str, Combine)] = &[
    ("positions", Combine::Same),
    ("setting", Combine::Same),
    ("seed", Combine::Same),
    ("timing", Combine::Same),
    ("mismatches", Combine::Sum),
    ("mismatch_list", Combine::Concat),
    ("positions_examined", Combine::Sum),
    ("move_seconds", Combine::Custom(move_seconds)),
    ("by_phase", Combine::Custom(by_phase)),
    ("emulated_seconds", Combine::Custom(emulated_seconds)),
    (
        "emulated_seconds_spread",
        Combine::Custom(emulated_seconds_spread),
    ),
    ("host_seconds", Combine::HostSum),
];

/// The fields of a `dama match` report: counts of games.
pub const MATCH: &[(&str, Combine)] = &[
    ("x", Combine::Same),
    ("y", Combine::Same),
    ("games", Combine::Sum),
    ("x_wins", Combine::Sum),
    ("y_wins", Combine::Sum),
    ("first_mover_wins", Combine::Sum),
    ("blocked_ends", Combine::Sum),
];

/// A `dama match` shard against itself: its games are two for each pair of its slice of the
/// run's pairs, and its wins are no more than its games.
fn check_match(file: &str, v: &Value) -> Result<(), ShardError> {
    let num = |pointer: &str| {
        v.pointer(pointer)
            .and_then(Value::as_u64)
            .ok_or_else(|| ShardError::Field {
                file: file.into(),
                field: pointer[1..].replace('/', "."),
                kind: "dama match",
            })
    };
    let disagrees = |field: &str, why: String| ShardError::Disagrees {
        file: file.into(),
        field: field.into(),
        why,
    };
    let pairs = num("/shard/run/pairs")?;
    let games = num("/games")?;
    let want = Shard::len_in(v, pairs).map(|p| u128::from(p) * 2);
    if want != Some(u128::from(games)) {
        let want = want.map_or("none".into(), |w| w.to_string());
        let why = format!("is {games}, but its slice of the run's {pairs} pairs is {want} games");
        return Err(disagrees("games", why));
    }
    let (x, y) = (num("/x_wins")?, num("/y_wins")?);
    if u128::from(x) + u128::from(y) > u128::from(games) {
        let why = format!("and `y_wins` add up to {x} + {y}, more than its {games} games");
        return Err(disagrees("x_wins", why));
    }
    for field in ["first_mover_wins", "blocked_ends"] {
        let count = num(&format!("/{field}"))?;
        if count > games {
            return Err(disagrees(
                field,
                format!("is {count}, more than its {games} games"),
            ));
        }
    }
    Ok(())
}

/// A `dama crosscheck` shard against itself: its count of mismatches is its list's length.
fn check_crosscheck(file: &str, v: &Value) -> Result<(), ShardError> {
    let count = v.get("mismatches").and_then(Value::as_u64);
    let list = v.get("mismatch_list").and_then(Value::as_array);
    match (count, list) {
        (Some(c), Some(l)) if c == l.len() as u64 => Ok(()),
        (Some(c), Some(l)) => Err(ShardError::Disagrees {
            file: file.into(),
            field: "mismatches".into(),
            why: format!("is {c}, but its `mismatch_list` holds {}", l.len()),
        }),
        _ => Err(ShardError::Field {
            file: file.into(),
            field: "mismatches".into(),
            kind: "dama crosscheck",
        }),
    }
}

fn wrong(file: &str, field: &str) -> ShardError {
    ShardError::Field {
        file: file.into(),
        field: format!("shard.{field}"),
        kind: "dama crosscheck",
    }
}

/// Every shard's replies (phase, period ns), in problem order.
fn times(parts: &Parts) -> Result<Vec<(Phase, u64)>, ShardError> {
    let mut all = Vec::new();
    for (file, v) in parts {
        let list = v
            .pointer("/shard/times")
            .and_then(Value::as_array)
            .ok_or_else(|| wrong(file, "times"))?;
        for t in list {
            let phase = t.get(0).and_then(Value::as_str).and_then(Phase::from_name);
            let ns = t.get(1).and_then(Value::as_u64);
            match (phase, ns) {
                (Some(p), Some(ns)) => all.push((p, ns)),
                _ => return Err(wrong(file, "times")),
            }
        }
    }
    Ok(all)
}

fn move_seconds(parts: &Parts) -> Result<Value, ShardError> {
    Ok(times_values(&times(parts)?).0)
}

fn by_phase(parts: &Parts) -> Result<Value, ShardError> {
    Ok(times_values(&times(parts)?).1)
}

/// The shards' period time under each bound, summed in ns.
fn period(parts: &Parts) -> Result<Spread, ShardError> {
    let mut sum = [0u64; 3];
    for (file, v) in parts {
        for (s, bound) in sum.iter_mut().zip(["low", "nominal", "high"]) {
            let field = format!("shard.period_ns.{bound}");
            let ns = v
                .pointer(&format!("/shard/period_ns/{bound}"))
                .and_then(Value::as_u64)
                .ok_or_else(|| wrong(file, "period_ns"))?;
            *s = add(*s, ns, file, &field)?;
        }
    }
    Ok(Spread::new(sum[0], sum[1], sum[2]))
}

fn emulated_seconds(parts: &Parts) -> Result<Value, ShardError> {
    let mut ns = 0u64;
    for (file, v) in parts {
        let x = v
            .pointer("/shard/emulated_ns")
            .and_then(Value::as_u64)
            .ok_or_else(|| wrong(file, "emulated_ns"))?;
        ns = add(ns, x, file, "shard.emulated_ns")?;
    }
    Ok(Value::from(ns as f64 / 1e9))
}

fn emulated_seconds_spread(parts: &Parts) -> Result<Value, ShardError> {
    Ok(harness::json::spread(period(parts)?.map(seconds)))
}

#[cfg(test)]
mod tests {
    use crate::crosscheck::{crosscheck_with, CrosscheckRun};
    use crate::search::Setting;
    use emu::Bound;
    use harness::progress::NoProgress;
    use harness::shard::{merge, Shard};

    /// The library's side of a shard: each slice's report with its figures, merged, is the
    /// whole run's report (host time aside), and the slices' period times add up exactly.
    #[test]
    fn crosscheck_shards_merge_to_the_whole_run() {
        let run = |shard: Shard, jobs| {
            let run = CrosscheckRun {
                timing: Bound::High,
                shard,
                jobs,
                ..CrosscheckRun::new(5, 4, Setting::DEMO)
            };
            crosscheck_with(&run, &mut NoProgress).unwrap()
        };
        let whole = run(Shard::WHOLE, 2);
        let mut files = Vec::new();
        let mut ns = 0;
        for k in 1..=3 {
            let r = run(Shard { k, n: 3 }, 1);
            ns += r.emulated_ns;
            let mut v = r.json();
            v["shard"] = serde_json::json!({"k": k, "n": 3, "run": {"command": "dama crosscheck"}});
            for (key, x) in r.shard_figures().as_object().unwrap() {
                v["shard"][key] = x.clone();
            }
            files.push((format!("{k}.json"), v));
        }
        assert_eq!(ns, whole.emulated_ns);
        let mut merged = merge(&files, &[&super::CAMPAIGNS[0]]).unwrap();
        let mut want = whole.json();
        for v in [&mut merged, &mut want] {
            v.as_object_mut().unwrap().remove("host_seconds");
        }
        assert_eq!(merged.to_string(), want.to_string());
        assert_eq!(whole.times.len(), 5);
    }
}
