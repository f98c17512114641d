//! What every family's reports write alike.

use emu::Spread;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

/// A figure under the three timing bounds, typed: what `spread` writes, for a report built
/// as a Rust type (its JSON Schema follows from it).
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Bounds<T> {
    pub low: T,
    pub nominal: T,
    pub high: T,
}

impl<T: Copy> From<Spread<T>> for Bounds<T> {
    fn from(s: Spread<T>) -> Self {
        Bounds {
            low: s.low,
            nominal: s.nominal,
            high: s.high,
        }
    }
}

/// The timing bound a run was charged under, as the reports name it.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum BoundName {
    Low,
    Nominal,
    High,
}

impl From<emu::Bound> for BoundName {
    fn from(b: emu::Bound) -> Self {
        match b {
            emu::Bound::Low => BoundName::Low,
            emu::Bound::Nominal => BoundName::Nominal,
            emu::Bound::High => BoundName::High,
        }
    }
}

/// A figure under the three timing bounds as the reports write it:
/// `{"low": .., "nominal": .., "high": ..}` (seconds, cycles or ns, as the caller maps it).
pub fn spread<T: Copy + Serialize>(s: Spread<T>) -> Value {
    serde_json::to_value(Bounds::from(s)).expect("plain figures serialise")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spread_is_an_object_of_its_bounds() {
        let v = spread(Spread::new(1u64, 2, 3));
        assert_eq!(v, serde_json::json!({"low": 1, "nominal": 2, "high": 3}));
        let v = spread(Spread::new(1.5, 2.0, 2.5));
        assert_eq!(v.to_string(), r#"{"high":2.5,"low":1.5,"nominal":2.0}"#);
    }
}
