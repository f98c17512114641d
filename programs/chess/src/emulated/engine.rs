//! What the emulated programs share behind the UCI front end: the last run's period time (or
//! why it failed) for the `info` line.

use std::fmt::Display;

use crate::search::SearchResult;

/// The last search of an emulated UCI engine: its emulated seconds, or the harness's error.
#[derive(Clone, Debug, Default)]
pub struct LastRun(Option<Result<f64, String>>);

impl LastRun {
    /// Keep the run's emulated seconds and give back its answer; on an error, no move rather
    /// than a crash, and the reason goes on the info line.
    pub fn keep<E: Display>(&mut self, run: Result<(SearchResult, f64), E>) -> SearchResult {
        match run {
            Ok((r, seconds)) => {
                self.0 = Some(Ok(seconds));
                r
            }
            Err(e) => {
                self.0 = Some(Err(e.to_string()));
                SearchResult::none()
            }
        }
    }

    /// `emulated_seconds S`, or `emulated_error REASON` (one token: UCI info lines split at
    /// blanks), or nothing before the first search.
    pub fn info_extra(&self) -> Option<String> {
        match &self.0 {
            Some(Ok(s)) => Some(format!("emulated_seconds {s:.3}")),
            Some(Err(e)) => Some(format!(
                "emulated_error {}",
                e.replace(char::is_whitespace, "_")
            )),
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_extra_after_a_run_and_after_an_error() {
        let mut last = LastRun::default();
        assert_eq!(last.info_extra(), None);
        let r = SearchResult {
            best: None,
            value: 7,
            pv: Vec::new(),
            positions: 3,
            depth: 1,
        };
        assert_eq!(last.keep::<String>(Ok((r.clone(), 1.5))), r);
        assert_eq!(last.info_extra().unwrap(), "emulated_seconds 1.500");
        let none = last.keep(Err("reader stopped at 123"));
        assert_eq!(none.best, None);
        assert_eq!(
            last.info_extra().unwrap(),
            "emulated_error reader_stopped_at_123"
        );
    }
}
