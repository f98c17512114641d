//! How fast the period runs on the screen, and the hold that keeps SILLIAC's reply back until
//! its period time has passed at that pace.

use std::time::{Duration, Instant};

/// How fast the period runs on the screen: `Times(x)` shows x period seconds a host second
/// (1 = SILLIAC's own speed, 60 = a period minute a second); `Max` as fast as the host goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pace {
    Max,
    Times(f64),
}

impl std::str::FromStr for Pace {
    type Err = String;
    fn from_str(s: &str) -> Result<Pace, String> {
        match s.trim() {
            "max" => Ok(Pace::Max),
            t => match t.parse::<f64>() {
                Ok(x) if x.is_finite() && x > 0.0 => Ok(Pace::Times(x)),
                _ => Err(format!(
                    "`{s}`: a positive number (1 = SILLIAC's speed, 60 = a period minute a second) or max"
                )),
            },
        }
    }
}

impl std::fmt::Display for Pace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pace::Max => f.write_str("max"),
            Pace::Times(x) => write!(f, "x{x}"),
        }
    }
}

/// The paced period clock: a host instant and the period time it stands for, set when a held
/// reply starts and unset while nothing is held (paused, or waiting for a person), so that the
/// period stands still meanwhile.
#[derive(Debug, Default)]
pub struct PeriodClock {
    base: Option<(Instant, u64)>,
    /// The period time of the latest event: where the clock starts again.
    last_ns: u64,
}

impl PeriodClock {
    /// Forget the base: the period stood still.
    pub fn stop(&mut self) {
        self.base = None;
    }

    /// An event at `clock_ns` was shown.
    pub fn passed(&mut self, clock_ns: u64) {
        self.last_ns = clock_ns;
    }

    /// The host instant at which period time `clock_ns` is due at `times` period seconds a host
    /// second, starting the clock if it stood still.
    pub fn due(&mut self, clock_ns: u64, times: f64) -> Instant {
        let (h0, c0) = *self.base.get_or_insert((Instant::now(), self.last_ns));
        h0 + Duration::from_secs_f64(clock_ns.saturating_sub(c0) as f64 / 1e9 / times)
    }

    /// The period stood still for `d` of host time while a reply was held (paused).
    pub fn hold_back(&mut self, d: Duration) {
        if let Some((h0, _)) = self.base.as_mut() {
            *h0 += d;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paces_read_and_print() {
        assert_eq!("max".parse::<Pace>(), Ok(Pace::Max));
        assert_eq!("60".parse::<Pace>(), Ok(Pace::Times(60.0)));
        assert!("0".parse::<Pace>().is_err() && "fast".parse::<Pace>().is_err());
        assert_eq!(Pace::Times(1.5).to_string(), "x1.5");
    }

    #[test]
    fn the_clock_starts_where_the_last_event_was_and_stands_still_when_held_back() {
        let mut c = PeriodClock::default();
        c.passed(5_000_000_000);
        let start = Instant::now();
        // Two period seconds after the last event, at 2 a host second: one host second on.
        let due = c.due(7_000_000_000, 2.0);
        assert!(due >= start + Duration::from_millis(999));
        assert!(due <= Instant::now() + Duration::from_millis(1001));
        c.hold_back(Duration::from_secs(3));
        assert_eq!(c.due(7_000_000_000, 2.0), due + Duration::from_secs(3));
        c.stop();
        c.passed(7_000_000_000);
        assert!(c.due(7_000_000_000, 2.0) <= Instant::now());
    }
}
