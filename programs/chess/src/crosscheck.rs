//! The cross-check of every playing program: each problem run on the emulated 7090 and by the
//! native twin, the answers compared. Two independent computations (the FAP program on the
//! machine, the Rust twin on the host) meet only here.

use std::fmt::Write as _;

use emu::ibm7090::{Limits, Model, Stop};
use emu::{Bound, Spread};

use super::emulated::{seconds_on, Clock, EmulatedError};
use super::fen::to_fen;
use super::program::{run_with, spread_of, Case, Player, ReportField};
use super::report::crosscheck as json;
use harness::progress::{twins_costliest_first, Progress};

/// A problem on which the twins differ.
#[derive(Clone, Debug)]
pub struct Mismatch<P: Player> {
    pub name: String,
    pub fen: String,
    pub params: P::Params,
    pub native: P::Answer,
    /// The emulated answer, or the error that stopped the run.
    pub emulated: Result<P::Answer, String>,
}

impl<P: Player> Mismatch<P> {
    /// The mismatch as the report gives it.
    fn report(&self) -> json::Mismatch {
        json::Mismatch {
            name: self.name.clone(),
            fen: self.fen.clone(),
            settings: P::case_fields(&self.params),
            native: P::answer_json(&self.native),
            emulated: match &self.emulated {
                Ok(a) => json::EmulatedAnswer::Answer(P::answer_json(a)),
                Err(e) => json::EmulatedAnswer::Failed { error: e.clone() },
            },
        }
    }
}

/// How a cross-check's emulated runs are timed: the I/O bound of every run and of the
/// report's seconds, and whether each problem also runs under the other two bounds for the
/// report's `emulated_seconds_spread` (three runs a problem).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CrosscheckTiming {
    /// The machine of the family the emulated runs are on (the 7090 unless asked).
    pub cpu: Model,
    pub bound: Bound,
    pub spread: bool,
}

impl CrosscheckTiming {
    /// The emulated runs' machine and bound.
    pub fn clock(&self) -> Clock {
        Clock {
            cpu: self.cpu,
            bound: self.bound,
        }
    }
}

/// The cross-check's result.
#[derive(Clone, Debug)]
pub struct Report<P: Player> {
    /// The positions asked for and the seed they were drawn from.
    pub positions: usize,
    pub seed: u64,
    pub problems: usize,
    pub agreed: usize,
    /// Problems whose emulated run passed `Player::crosscheck_cycles` (not compared).
    pub over_budget: Vec<Case<P::Params>>,
    pub mismatches: Vec<Mismatch<P>>,
    /// Positions examined, emulated seconds and the slowest problem, over the emulated runs
    /// that finished.
    pub positions_examined: u64,
    pub emulated_seconds: f64,
    pub max_emulated_seconds: f64,
    /// Each finished emulated run's seconds, in problem order (what a merge of shards sums).
    pub seconds: Vec<f64>,
    /// The machine and the bound the runs were timed with.
    pub cpu: Model,
    pub bound: Bound,
    /// The finished runs' cycles under each bound, summed (when asked for).
    pub spread: Option<Spread>,
}

/// Run every case on the emulated 7090 and natively and compare, on `jobs` threads;
/// `progress` is told as problems finish.
pub fn crosscheck<P: Player>(
    positions: usize,
    seed: u64,
    cases: &[Case<P::Params>],
    jobs: usize,
    timing: CrosscheckTiming,
    progress: &mut dyn Progress,
) -> Report<P> {
    crosscheck_within::<P>(
        positions,
        seed,
        cases,
        P::crosscheck_cycles(),
        jobs,
        timing,
        progress,
    )
}

/// What one problem's emulated run gave: over the budget, or its answer, seconds and spread.
enum Emulated<P: Player> {
    OverBudget,
    Ran(Result<(P::Answer, f64, Option<Spread>), String>),
}

/// One problem's emulated run, a pure function of its case: the same on any thread, in any
/// order.
fn emulated<P: Player>(
    c: &Case<P::Params>,
    cycles: Option<u64>,
    timing: CrosscheckTiming,
) -> Emulated<P> {
    let limits = match cycles {
        Some(cycles) => Limits::cycles(cycles),
        None => P::limits(&c.params),
    };
    Emulated::Ran(
        match run_with::<P>(&c.position, &c.params, limits, timing.clock()) {
            Err(EmulatedError::UnexpectedStop { reason, .. })
                if cycles.is_some() && reason == Stop::CycleBudget.reason() =>
            {
                return Emulated::OverBudget;
            }
            Err(e) => Err(e.to_string()),
            Ok(run) if timing.spread => {
                match spread_of::<P>(&c.position, &c.params, &run.outcome) {
                    Ok(spread) => Ok((run.answer, run.outcome.emulated_seconds, Some(spread))),
                    Err(e) => Err(e.to_string()),
                }
            }
            Ok(run) => Ok((run.answer, run.outcome.emulated_seconds, None)),
        },
    )
}

/// `crosscheck` with the budget a problem in machine cycles given (None: the program's own
/// budget, a run that reaches it being a mismatch; Some: a run beyond it is over budget).
/// The problems run on `jobs` threads; the results are summed in problem order, so the report
/// is the same for every `jobs`.
pub fn crosscheck_within<P: Player>(
    positions: usize,
    seed: u64,
    cases: &[Case<P::Params>],
    cycles: Option<u64>,
    jobs: usize,
    timing: CrosscheckTiming,
    progress: &mut dyn Progress,
) -> Report<P> {
    let mut report = Report {
        positions,
        seed,
        problems: cases.len(),
        agreed: 0,
        over_budget: Vec::new(),
        mismatches: Vec::new(),
        positions_examined: 0,
        emulated_seconds: 0.0,
        max_emulated_seconds: 0.0,
        seconds: Vec::new(),
        cpu: timing.cpu,
        bound: timing.bound,
        spread: timing.spread.then(Spread::default),
    };
    // Costliest first, so that no thread ends alone on a long problem; summed in problem order.
    let (natives, runs) = twins_costliest_first(
        cases,
        jobs,
        progress,
        |c| P::native(&c.position, &c.params),
        |n| P::result(n).positions,
        |c| emulated::<P>(c, cycles, timing),
    );
    for ((c, run), native) in cases.iter().zip(runs).zip(natives) {
        match run {
            Emulated::OverBudget => report.over_budget.push(c.clone()),
            Emulated::Ran(emulated) => {
                let emulated = emulated.map(|(answer, seconds, spread)| {
                    report.seconds.push(seconds);
                    if let (Some(sum), Some(s)) = (report.spread.as_mut(), spread) {
                        *sum += s;
                    }
                    report.positions_examined += P::result(&answer).positions;
                    answer
                });
                match emulated {
                    Ok(e) if P::agree(&native, &e) => report.agreed += 1,
                    emulated => report.mismatches.push(Mismatch {
                        name: c.name.clone(),
                        fen: to_fen(&c.position),
                        params: c.params.clone(),
                        native,
                        emulated,
                    }),
                }
            }
        }
    }
    // The sum and the largest, problem by problem from 0 as a shard merge adds them again.
    report.emulated_seconds = report.seconds.iter().fold(0.0, |sum, s| sum + s);
    report.max_emulated_seconds = report.seconds.iter().fold(0.0, |max, &s| f64::max(max, s));
    report
}

impl<P: Player> Report<P> {
    /// The report as `--json` prints it; `host_seconds` is the caller's measurement, the
    /// shard's part the caller's to add.
    pub fn report(&self, host_seconds: f64) -> json::Crosscheck {
        let problem = |c: &Case<P::Params>| json::Problem {
            name: c.name.clone(),
            settings: P::case_fields(&c.params),
        };
        let mut r = json::Crosscheck {
            program: P::NAME.into(),
            positions: self.positions,
            seed: self.seed,
            mismatches: self.mismatches.iter().map(Mismatch::report).collect(),
            emulated_seconds: self.emulated_seconds,
            timing: self.bound.into(),
            emulated_seconds_spread: self
                .spread
                .map(|s| s.map(|c| seconds_on(self.cpu, c)).into()),
            // The machine only when not the 7090, whose reports stay as they were.
            cpu: (self.cpu != Model::Ibm7090).then(|| self.cpu.name().to_string()),
            host_seconds,
            problems: None,
            agreed: None,
            over_budget: None,
            positions_examined: None,
            max_emulated_seconds: None,
            shard: None,
        };
        for field in P::REPORT {
            match field {
                ReportField::Problems => r.problems = Some(self.problems),
                ReportField::Agreed => r.agreed = Some(self.agreed),
                ReportField::OverBudget => {
                    r.over_budget = Some(self.over_budget.iter().map(problem).collect())
                }
                ReportField::PositionsExamined => {
                    r.positions_examined = Some(self.positions_examined)
                }
                ReportField::MaxEmulatedSeconds => {
                    r.max_emulated_seconds = Some(self.max_emulated_seconds)
                }
            }
        }
        r
    }

    /// The report as text: a line per mismatch and per problem over budget, then the summary.
    pub fn text(&self) -> String {
        let settings = |params: &P::Params| {
            P::case_fields(params)
                .pairs()
                .iter()
                .map(|(k, v)| format!(" {k} {v}"))
                .collect::<String>()
        };
        let mut s = String::new();
        for m in &self.mismatches {
            let emulated = match &m.emulated {
                Ok(a) => a.to_string(),
                Err(e) => format!("error: {e}"),
            };
            let _ = writeln!(
                s,
                "MISMATCH {}{} {}\n  native:   {}\n  emulated: {emulated}",
                m.name,
                settings(&m.params),
                m.fen,
                m.native
            );
        }
        if let Some(cycles) = P::crosscheck_cycles() {
            for c in &self.over_budget {
                let _ = writeln!(
                    s,
                    "OVER BUDGET {}{}: more than {cycles} cycles, not compared",
                    c.name,
                    settings(&c.params)
                );
            }
        }
        let _ = writeln!(
            s,
            "{} problems ({} positions, seed {}): {} agree, {} mismatches, {} over budget; \
             {} positions examined, {:.1} emulated minutes, the slowest move {:.1} s",
            self.problems,
            self.positions,
            self.seed,
            self.agreed,
            self.mismatches.len(),
            self.over_budget.len(),
            self.positions_examined,
            self.emulated_seconds / 60.0,
            self.max_emulated_seconds
        );
        s
    }
}
