//! The period comparison (docs/results.md): Kotok's program on the middle-game set with and
//! without alpha-beta, positions examined per move beside the memo's figures, natively (minutes
//! at the memo's 1,100 positions a minute) or on the emulated 7090 (emulated minutes, every
//! answer checked against the native twin); `--cpu 709` times the same runs on the 709, the
//! machine of the memo's "5 to 20 minutes per move".

use std::time::Instant;

use super::tree::{tree, Params};
use super::Kotok;
use crate::emulated::{Clock, EmulatedError};
use crate::fen::to_fen;
use crate::period::middlegames;
use crate::program::{run_with, FapProgram, Figures, Twin};
use crate::report::period::{EmulatedPeriod, EmulatedRow, NativeRow, PeriodReport, PeriodRow};
use crate::report::Engine;

/// The memo's rate on the 7090: "approximately 1100 positions per minute".
pub const MEMO_POSITIONS_PER_MINUTE: f64 = 1100.0;

/// Why the comparison stopped.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PeriodError {
    #[error(transparent)]
    Emulated(#[from] EmulatedError),
    /// Two answers that must agree did not (the position's name and which).
    #[error("{0}")]
    Disagree(String),
}

fn minimax() -> Params {
    Params {
        alpha_beta: false,
        ..Params::default()
    }
}

/// The comparison on `twin`, the emulated one on `clock`'s machine.
pub fn figures(twin: Twin, clock: Clock) -> Result<Figures, PeriodError> {
    match twin {
        Twin::Native => native(),
        Twin::Emulated => emulated(clock),
    }
}

fn native() -> Result<Figures, PeriodError> {
    let (ab, mm) = (Params::default(), minimax());
    let mut rows = Vec::new();
    let (mut tot_ab, mut tot_mm) = (0u64, 0u64);
    for (name, p) in middlegames() {
        let t = Instant::now();
        let r = tree(&p, &ab);
        let secs_ab = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let s = tree(&p, &mm);
        let secs_mm = t.elapsed().as_secs_f64();
        if (r.best, r.value) != (s.best, s.value) {
            return Err(PeriodError::Disagree(format!(
                "{name}: alpha-beta and minimax disagree"
            )));
        }
        tot_ab += r.positions;
        tot_mm += s.positions;
        rows.push(NativeRow {
            name: name.to_string(),
            fen: to_fen(&p),
            best: r.best.map(|m| m.uci()),
            value: r.value,
            positions_alpha_beta: r.positions,
            positions_minimax: s.positions,
            memo_rate_minutes_alpha_beta: r.positions as f64 / MEMO_POSITIONS_PER_MINUTE,
            memo_rate_minutes_minimax: s.positions as f64 / MEMO_POSITIONS_PER_MINUTE,
            native_seconds_alpha_beta: secs_ab,
            native_seconds_minimax: secs_mm,
        });
    }
    let n = rows.len() as f64;
    let lines = rows.iter().map(|r| Line {
        name: &r.name,
        best: r.best.as_deref(),
        value: r.value,
        positions: [r.positions_alpha_beta, r.positions_minimax],
        minutes: [r.memo_rate_minutes_alpha_beta, r.memo_rate_minutes_minimax],
    });
    let mut text = table(lines, 1);
    text.push_str(&format!(
        "mean positions a move: alpha-beta {:.0}, minimax {:.0}; at 1,100 a minute: {:.1} and {:.1} minutes\n",
        tot_ab as f64 / n,
        tot_mm as f64 / n,
        tot_ab as f64 / n / MEMO_POSITIONS_PER_MINUTE,
        tot_mm as f64 / n / MEMO_POSITIONS_PER_MINUTE
    ));
    Ok(Figures {
        json: PeriodReport {
            positions: rows.into_iter().map(PeriodRow::Native).collect(),
            mean_positions_alpha_beta: tot_ab as f64 / n,
            mean_positions_minimax: tot_mm as f64 / n,
            emulated: None,
        },
        text,
    })
}

fn emulated(clock: Clock) -> Result<Figures, PeriodError> {
    let (ab, mm) = (Params::default(), minimax());
    let mut rows = Vec::new();
    let (mut pos_ab, mut pos_mm, mut sec_ab, mut sec_mm) = (0u64, 0u64, 0f64, 0f64);
    for (name, p) in middlegames() {
        let r = run_with::<Kotok>(&p, &ab, Kotok::limits(&ab), clock)?;
        let s = run_with::<Kotok>(&p, &mm, Kotok::limits(&mm), clock)?;
        for (e, params) in [(&r, &ab), (&s, &mm)] {
            if !Kotok::agree(&tree(&p, params), &e.answer) {
                return Err(PeriodError::Disagree(format!(
                    "{name}: the emulated and native twins differ"
                )));
            }
        }
        if (r.answer.best, r.answer.value) != (s.answer.best, s.answer.value) {
            return Err(PeriodError::Disagree(format!(
                "{name}: alpha-beta and minimax disagree"
            )));
        }
        pos_ab += r.answer.positions;
        pos_mm += s.answer.positions;
        sec_ab += r.outcome.emulated_seconds;
        sec_mm += s.outcome.emulated_seconds;
        rows.push(EmulatedRow {
            name: name.to_string(),
            best: r.answer.best.map(|m| m.uci()),
            value: r.answer.value,
            positions_alpha_beta: r.answer.positions,
            positions_minimax: s.answer.positions,
            emulated_minutes_alpha_beta: r.outcome.emulated_seconds / 60.0,
            emulated_minutes_minimax: s.outcome.emulated_seconds / 60.0,
        });
    }
    let n = rows.len() as f64;
    let rate_ab = pos_ab as f64 / (sec_ab / 60.0);
    let rate_mm = pos_mm as f64 / (sec_mm / 60.0);
    let lines = rows.iter().map(|r| Line {
        name: &r.name,
        best: r.best.as_deref(),
        value: r.value,
        positions: [r.positions_alpha_beta, r.positions_minimax],
        minutes: [r.emulated_minutes_alpha_beta, r.emulated_minutes_minimax],
    });
    let mut text = table(lines, 2);
    text.push_str(&format!(
        "emulated {}, mean a move: alpha-beta {:.0} positions in {:.2} minutes, minimax {:.0} in {:.2} minutes\n",
        clock.cpu.name(),
        pos_ab as f64 / n,
        sec_ab / 60.0 / n,
        pos_mm as f64 / n,
        sec_mm / 60.0 / n
    ));
    text.push_str(&format!(
        "positions per emulated minute: alpha-beta {rate_ab:.0}, minimax {rate_mm:.0} \
         (memo: about 1,100 on the 7090; 5-20 minutes a move on the 709 before alpha-beta)\n"
    ));
    // The machine and bound only when not the default, so that the 7090's report stays as it
    // was.
    let other = clock != Clock::default();
    let json = PeriodReport {
        positions: rows.into_iter().map(PeriodRow::Emulated).collect(),
        mean_positions_alpha_beta: pos_ab as f64 / n,
        mean_positions_minimax: pos_mm as f64 / n,
        emulated: Some(EmulatedPeriod {
            engine: Engine::Emulated,
            mean_emulated_minutes_alpha_beta: sec_ab / 60.0 / n,
            mean_emulated_minutes_minimax: sec_mm / 60.0 / n,
            positions_per_emulated_minute_alpha_beta: rate_ab,
            positions_per_emulated_minute_minimax: rate_mm,
            memo_positions_per_minute: 1100,
            memo_minutes_a_move_709_before_alpha_beta: [5, 20],
            cpu: other.then(|| clock.cpu.name().to_string()),
            timing: other.then(|| clock.bound.into()),
        }),
    };
    Ok(Figures { json, text })
}

/// A row of the text table: a position's move, value, and positions and minutes with and
/// without alpha-beta.
struct Line<'a> {
    name: &'a str,
    best: Option<&'a str>,
    value: i32,
    positions: [u64; 2],
    minutes: [f64; 2],
}

/// The rows as a table, the minutes to `decimals` places.
fn table<'a>(rows: impl Iterator<Item = Line<'a>>, decimals: usize) -> String {
    let mut s = format!(
        "{:<26} {:>6} {:>7} {:>9} {:>9} {:>8} {:>8}\n",
        "position", "move", "value", "pos a-b", "pos mmax", "min a-b", "min mmax"
    );
    for r in rows {
        s.push_str(&format!(
            "{:<26} {:>6} {:>7} {:>9} {:>9} {:>8.d$} {:>8.d$}\n",
            r.name,
            r.best.unwrap_or("-"),
            r.value,
            r.positions[0],
            r.positions[1],
            r.minutes[0],
            r.minutes[1],
            d = decimals,
        ));
    }
    s
}
