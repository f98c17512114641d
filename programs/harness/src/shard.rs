//! Campaigns spread over machines: `--shard K/N` runs the K-th of N equal slices of a
//! campaign's problem list, and `merge` combines the shards' JSON into the report the whole run
//! would have printed. The merge recomputes every sum in problem order from what each shard
//! carries (its per-problem emulated seconds), so the merged report is byte for byte the
//! unsharded one, floating-point sums included.

use serde_json::{Map, Value};

/// The K-th (1-based) of N slices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: usize,
    pub n: usize,
}

/// Why a `--shard` value or a set of shard files cannot be used.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ShardError {
    #[error("`{0}` is not K/N with 1 <= K <= N <= 10000 (e.g. 2/8)")]
    Syntax(String),
    #[error("{file}: not a shard of a campaign report (no \"shard\" object; run with --shard K/N --json)")]
    NotAShard { file: String },
    #[error(
        "{file}: {what} differs from {first}'s ({theirs} against {ours}): shards of different runs"
    )]
    Mismatch {
        file: String,
        first: String,
        what: String,
        ours: String,
        theirs: String,
    },
    #[error("shard {k}/{n} is given twice ({a} and {b})")]
    Twice {
        k: usize,
        n: usize,
        a: String,
        b: String,
    },
    #[error("shards missing: {missing:?} of {n}")]
    Missing { missing: Vec<usize>, n: usize },
    #[error("{file}: field `{field}` is not one a {kind} report has, or has the wrong type")]
    Field {
        file: String,
        field: String,
        kind: &'static str,
    },
    #[error(
        "{file}: field `{field}` overflows when the shards are added: not the count of a real run"
    )]
    Overflow { file: String, field: String },
    #[error("{file}: field `{field}` {why}: the shard disagrees with itself")]
    Disagrees {
        file: String,
        field: String,
        why: String,
    },
    #[error("no shard files given")]
    Empty,
    #[error("{file}: shards of `{command}`, which merge does not know")]
    UnknownCampaign { file: String, command: String },
}

impl std::str::FromStr for Shard {
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError::Syntax(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n): (usize, usize) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
        if k == 0 || k > n || n > 10_000 {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl Shard {
    /// The whole list as one shard.
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };

    /// This shard's range of `len` items: contiguous, sizes differing by at most one.
    pub fn range(self, len: usize) -> std::ops::Range<usize> {
        (self.k - 1) * len / self.n..self.k * len / self.n
    }
}

/// `sum + x`, or the error naming the shard file and field whose count made it overflow.
pub fn add(sum: u64, x: u64, file: &str, field: &str) -> Result<u64, ShardError> {
    sum.checked_add(x).ok_or_else(|| ShardError::Overflow {
        file: file.into(),
        field: field.into(),
    })
}

/// The shards of one run, in shard order (file name, report).
pub type Parts<'a> = [(&'a String, &'a Value)];

/// How each field of a campaign report combines over shards.
#[derive(Clone, Copy)]
pub enum Combine {
    /// The same in every shard.
    Same,
    /// Integers added.
    Sum,
    /// Host time: floats added (not part of any comparison).
    HostSum,
    /// Arrays concatenated in shard order.
    Concat,
    /// The largest.
    Max,
    /// The sum of the shards' per-problem seconds, in problem order.
    SecondsInOrder,
    /// A campaign's own rule (e.g. per-problem figures in the `shard` object, added again in
    /// problem order).
    Custom(fn(&Parts) -> Result<Value, ShardError>),
}

/// A campaign command whose reports merge: the `command` its shards name in `shard.run`, and
/// how each field of its report combines (a field not listed is refused, not dropped).
pub struct Campaign {
    pub command: &'static str,
    pub fields: &'static [(&'static str, Combine)],
    /// Shards whose run names no command are this campaign's: the first campaign to be
    /// sharded did not record its command.
    pub untagged: bool,
    /// The campaign's check of each shard against itself (its totals against its own lists
    /// and its slice of the run), before anything is combined.
    pub check: Option<Check>,
}

/// A check of one shard (file name, report) against itself.
pub type Check = fn(&str, &Value) -> Result<(), ShardError>;

impl Shard {
    /// How many of `len` items a shard's report (its `shard.k`, `shard.n`) holds, without the
    /// overflow `range` could meet on counts read from a file; None if k/n is not a slice.
    pub fn len_in(report: &Value, len: u64) -> Option<u64> {
        let k = u128::from(report.pointer("/shard/k")?.as_u64()?);
        let n = u128::from(report.pointer("/shard/n")?.as_u64()?);
        if k == 0 || k > n {
            return None;
        }
        let len = u128::from(len);
        u64::try_from(k * len / n - (k - 1) * len / n).ok()
    }
}

/// Merge shard reports (file name, parsed JSON) into the whole run's report, by the rules of
/// the one of `campaigns` the shards name.
pub fn merge(shards: &[(String, Value)], campaigns: &[&Campaign]) -> Result<Value, ShardError> {
    let Some((first_file, first)) = shards.first() else {
        return Err(ShardError::Empty);
    };
    let shard_of = |file: &str, v: &Value| -> Result<(usize, usize, Value), ShardError> {
        let s = v
            .get("shard")
            .and_then(Value::as_object)
            .ok_or_else(|| ShardError::NotAShard { file: file.into() })?;
        let num = |key: &str| s.get(key).and_then(Value::as_u64).map(|x| x as usize);
        match (num("k"), num("n"), s.get("run")) {
            (Some(k), Some(n), Some(run)) => Ok((k, n, run.clone())),
            _ => Err(ShardError::NotAShard { file: file.into() }),
        }
    };
    let (_, n, run) = shard_of(first_file, first)?;
    let mut ordered: Vec<Option<(&String, &Value)>> = vec![None; n];
    for (file, v) in shards {
        let (k, their_n, their_run) = shard_of(file, v)?;
        let differ = |what: &str, ours: String, theirs: String| ShardError::Mismatch {
            file: file.clone(),
            first: first_file.clone(),
            what: what.into(),
            ours,
            theirs,
        };
        if their_n != n {
            return Err(differ(
                "the number of shards",
                n.to_string(),
                their_n.to_string(),
            ));
        }
        if their_run != run {
            return Err(differ(
                "the run (command, settings, version)",
                run.to_string(),
                their_run.to_string(),
            ));
        }
        if !(1..=n).contains(&k) {
            return Err(ShardError::NotAShard { file: file.clone() });
        }
        if let Some((a, _)) = ordered[k - 1] {
            return Err(ShardError::Twice {
                k,
                n,
                a: a.clone(),
                b: file.clone(),
            });
        }
        ordered[k - 1] = Some((file, v));
    }
    let missing: Vec<usize> = (1..=n).filter(|k| ordered[k - 1].is_none()).collect();
    if !missing.is_empty() {
        return Err(ShardError::Missing { missing, n });
    }
    let parts: Vec<(&String, &Value)> = ordered.into_iter().flatten().collect();
    let command = run.get("command").and_then(Value::as_str);
    let campaign = campaigns
        .iter()
        .find(|c| command.map_or(c.untagged, |command| c.command == command))
        .ok_or_else(|| ShardError::UnknownCampaign {
            file: first_file.clone(),
            command: command.unwrap_or_default().to_string(),
        })?;
    if let Some(check) = campaign.check {
        for (file, v) in &parts {
            check(file, v)?;
        }
    }
    combine(&parts, campaign.fields, campaign.command)
}

/// The shards' reports combined field by field by `fields`; `kind` names the campaign in errors.
pub fn combine(
    parts: &Parts,
    fields: &[(&str, Combine)],
    kind: &'static str,
) -> Result<Value, ShardError> {
    let mut out = Map::new();
    let (first_file, first) = parts[0];
    // A field this merge does not know would be lost: refuse rather than print less.
    if let Some(key) = first.as_object().and_then(|o| {
        o.keys()
            .find(|k| *k != "shard" && !fields.iter().any(|(f, _)| f == k))
    }) {
        return Err(ShardError::Field {
            file: first_file.clone(),
            field: key.clone(),
            kind,
        });
    }
    for &(key, how) in fields {
        let Some(v0) = first.get(key) else {
            continue;
        };
        let wrong = |file: &str| ShardError::Field {
            file: file.into(),
            field: key.into(),
            kind,
        };
        let merged = match how {
            Combine::Same => {
                for (file, v) in parts {
                    if v.get(key) != Some(v0) {
                        return Err(ShardError::Mismatch {
                            file: (*file).clone(),
                            first: first_file.clone(),
                            what: key.into(),
                            ours: v0.to_string(),
                            theirs: v.get(key).map_or("nothing".into(), Value::to_string),
                        });
                    }
                }
                v0.clone()
            }
            Combine::Sum => {
                let mut sum = 0u64;
                for (file, v) in parts {
                    let x = v
                        .get(key)
                        .and_then(Value::as_u64)
                        .ok_or_else(|| wrong(file))?;
                    sum = add(sum, x, file, key)?;
                }
                Value::from(sum)
            }
            Combine::HostSum => {
                let mut sum = 0.0;
                for (file, v) in parts {
                    sum += v
                        .get(key)
                        .and_then(Value::as_f64)
                        .ok_or_else(|| wrong(file))?;
                }
                Value::from(sum)
            }
            Combine::Concat => {
                let mut all = Vec::new();
                for (file, v) in parts {
                    let a = v
                        .get(key)
                        .and_then(Value::as_array)
                        .ok_or_else(|| wrong(file))?;
                    all.extend(a.iter().cloned());
                }
                Value::Array(all)
            }
            Combine::Max => {
                let mut max = 0.0f64;
                for (file, v) in parts {
                    max = max.max(
                        v.get(key)
                            .and_then(Value::as_f64)
                            .ok_or_else(|| wrong(file))?,
                    );
                }
                Value::from(max)
            }
            Combine::SecondsInOrder => {
                // Added one problem at a time from 0, as the whole run adds them.
                let mut sum = 0.0f64;
                for (file, v) in parts {
                    let seconds = v
                        .pointer("/shard/seconds")
                        .and_then(Value::as_array)
                        .ok_or_else(|| wrong(file))?;
                    for s in seconds {
                        sum += s.as_f64().ok_or_else(|| wrong(file))?;
                    }
                }
                Value::from(sum)
            }
            Combine::Custom(rule) => rule(parts)?,
        };
        out.insert(key.into(), merged);
    }
    Ok(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_cover_the_list_once() {
        let report = |k: u64, n: u64| serde_json::json!({"shard": {"k": k, "n": n}});
        assert_eq!(Shard::len_in(&report(2, 3), u64::MAX), Some(u64::MAX / 3));
        assert_eq!(Shard::len_in(&report(3, 2), 5), None);
        assert_eq!("2/8".parse(), Ok(Shard { k: 2, n: 8 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "1/10001", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        for len in [0, 1, 7, 100] {
            for n in 1..=9 {
                let mut next = 0;
                for k in 1..=n {
                    let r = Shard { k, n }.range(len);
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, len);
            }
        }
    }

    /// A campaign of counts with its settings, as the chess cross-check's.
    static COUNTS: Campaign = Campaign {
        command: "count",
        fields: &[
            ("program", Combine::Same),
            ("positions", Combine::Same),
            ("seed", Combine::Same),
            ("problems", Combine::Sum),
            ("mismatches", Combine::Concat),
            ("emulated_seconds", Combine::SecondsInOrder),
            ("host_seconds", Combine::HostSum),
        ],
        untagged: true,
        check: None,
    };

    fn merge(shards: &[(String, Value)]) -> Result<Value, ShardError> {
        super::merge(shards, &[&COUNTS])
    }

    #[test]
    fn merge_refuses_what_is_not_one_run() {
        let shard = |k: usize, n: usize, seed: u64| {
            serde_json::json!({
                "program": "kotok", "positions": 4, "seed": seed, "problems": 2,
                "mismatches": [], "emulated_seconds": 1.5, "host_seconds": 0.1,
                "shard": {"k": k, "n": n, "run": {"settings": []}, "seconds": [0.5, 1.0]},
            })
        };
        let f = |name: &str, v: Value| (name.to_string(), v);
        assert_eq!(merge(&[]), Err(ShardError::Empty));
        assert!(matches!(
            merge(&[f("a", shard(1, 2, 1))]),
            Err(ShardError::Missing { .. })
        ));
        assert!(matches!(
            merge(&[f("a", shard(1, 2, 1)), f("b", shard(1, 2, 1))]),
            Err(ShardError::Twice { .. })
        ));
        assert!(matches!(
            merge(&[f("a", shard(1, 2, 1)), f("b", shard(2, 2, 9))]),
            Err(ShardError::Mismatch { .. })
        ));
        assert!(matches!(
            merge(&[f("a", shard(1, 2, 1)), f("b", shard(2, 3, 1))]),
            Err(ShardError::Mismatch { .. })
        ));
        let whole = merge(&[f("b", shard(2, 2, 1)), f("a", shard(1, 2, 1))]).unwrap();
        assert_eq!(whole["problems"], 4);
        assert_eq!(whole["emulated_seconds"], 3.0);
        assert!(whole.get("shard").is_none());
        // A count that would wrap round is refused, naming the file and the field.
        let mut huge = shard(2, 2, 1);
        huge["problems"] = Value::from(u64::MAX);
        assert_eq!(
            merge(&[f("a", shard(1, 2, 1)), f("b", huge)]),
            Err(ShardError::Overflow {
                file: "b".into(),
                field: "problems".into()
            })
        );
        let mut plain = shard(1, 1, 1);
        plain.as_object_mut().unwrap().remove("shard");
        assert!(matches!(
            merge(&[f("p", plain)]),
            Err(ShardError::NotAShard { .. })
        ));
    }
}
