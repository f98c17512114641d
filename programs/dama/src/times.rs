//! The machine's move times as the reports give them: the phase of the position a move was
//! made in, the count, min, median and max of a set of times, and ns as seconds.

use crate::board::Position;

/// The phase of the position the machine moved in (for the timing report): `middle` as the
/// contract; otherwise `opening` while no piece of either side has passed row 5 toward its goal
/// (A on rows 6-8 or B on rows 1-3), else `end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Opening,
    Middle,
    End,
}

impl Phase {
    pub fn of(p: &Position) -> Phase {
        if p.is_middle() {
            Phase::Middle
        } else if p.a & 0xFFF0_0000 == 0 && p.b & 0x0000_0FFF == 0 {
            Phase::Opening
        } else {
            Phase::End
        }
    }
}

impl Phase {
    /// The phase the JSON names `name` (`opening`, `middle`, `end`).
    pub fn from_name(name: &str) -> Option<Phase> {
        [Phase::Opening, Phase::Middle, Phase::End]
            .into_iter()
            .find(|p| p.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            Phase::Opening => "opening",
            Phase::Middle => "middle",
            Phase::End => "end",
        }
    }
}

/// The count, min, median and max of a set of move times, in seconds.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TimeStats {
    /// How many moves.
    pub count: usize,
    pub min: f64,
    /// The lower median.
    pub median: f64,
    pub max: f64,
}

/// Move-time statistics per phase; each null where no move was made in it.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ByPhase {
    pub opening: Option<TimeStats>,
    pub middle: Option<TimeStats>,
    pub end: Option<TimeStats>,
}

impl TimeStats {
    /// The statistics of times in ns (the lower median for an even count); none of no times.
    pub fn of(ns: &[u64]) -> Option<TimeStats> {
        if ns.is_empty() {
            return None;
        }
        let mut v = ns.to_vec();
        v.sort_unstable();
        let s = |x: u64| x as f64 / 1e9;
        Some(TimeStats {
            count: v.len(),
            min: s(v[0]),
            median: s(v[(v.len() - 1) / 2]),
            max: s(v[v.len() - 1]),
        })
    }
}

/// A period time in ns as the reports' seconds.
pub fn seconds(ns: u64) -> f64 {
    ns as f64 / 1e9
}
