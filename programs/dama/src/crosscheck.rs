//! The SILLIAC program against its native twin: the one machine-versus-native check (the
//! exhibition checks every machine move with it), and the cross-check campaign over random
//! reachable positions.

use std::fmt;
use std::time::Instant;

use crate::board::Position;
use crate::sample::random_positions;
use crate::search::{faithful, SearchResult, Setting};
use crate::sil::{set_frames, SilDama, SilDamaError, TimedReply};
use crate::times::{seconds, ByPhase, Phase, TimeStats};
use emu::{Bound, Spread};
use harness::json::{BoundName, Bounds};
use harness::progress::{map_in_order, NoProgress, Progress};
use harness::shard::Shard;

/// A difference between the emulated program and the native engine (or the rules).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Mismatch {
    /// The board (1 in a cross-check).
    pub board: u8,
    /// The position searched.
    pub position: String,
    /// The native engine's move, value and positions examined.
    pub native: String,
    /// What the program answered.
    pub emulated: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board {:02} in {}: native `{}`, emulated `{}`",
            self.board, self.position, self.native, self.emulated
        )
    }
}

/// The machine's answer in `pos` (the first move among its `replies`) against the native
/// `faithful` engine's: move, value and positions examined must agree. The mismatch, if any
/// (named by `board`), and the native answer.
pub fn check(
    board: u8,
    pos: &Position,
    setting: Setting,
    replies: &[TimedReply],
) -> (Option<Mismatch>, SearchResult) {
    let native = faithful(pos, setting);
    let got = replies
        .iter()
        .find_map(|r| Some((r.reply.as_move()?, &r.text)));
    let want = native.mv.map(|m| (m, native.value, native.positions));
    if got.map(|g| g.0) == want {
        return (None, native);
    }
    let nm = native.mv.map_or("no move".to_string(), |m| m.to_string());
    let emulated = match got {
        Some((_, text)) => text.clone(),
        None => replies
            .iter()
            .map(|r| r.text.clone())
            .collect::<Vec<_>>()
            .join(" / "),
    };
    let mismatch = Mismatch {
        board,
        position: pos.to_string(),
        native: format!("{nm} {:+} {}", native.value, native.positions),
        emulated,
    };
    (Some(mismatch), native)
}

/// A cross-check campaign: `positions` random reachable positions drawn from `seed` (after the
/// start position), the program searching under `setting`, its clock charging the figures of
/// `timing`; only the problems of `shard`, on `jobs` threads (the report is the same for every
/// `jobs`).
#[derive(Clone, Copy, Debug)]
pub struct CrosscheckRun {
    pub positions: usize,
    pub seed: u64,
    pub setting: Setting,
    pub timing: Bound,
    pub shard: Shard,
    pub jobs: usize,
}

impl CrosscheckRun {
    /// The whole campaign on one thread, at the nominal figures.
    pub fn new(positions: usize, seed: u64, setting: Setting) -> CrosscheckRun {
        CrosscheckRun {
            positions,
            seed,
            setting,
            timing: Bound::Nominal,
            shard: Shard::WHOLE,
            jobs: 1,
        }
    }
}

/// The crosscheck campaign's result.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CrosscheckReport {
    pub positions: usize,
    pub setting: String,
    pub seed: u64,
    pub mismatches: Vec<Mismatch>,
    pub positions_examined: u64,
    /// Period time of each reply (from the end of reading the set record to the end of the
    /// reply) with the phase of its position, in the order of the positions.
    pub times: Vec<(Phase, u64)>,
    pub emulated_ns: u64,
    pub host_seconds: f64,
    /// The whole run's period time under the low, nominal and high figures.
    #[serde(skip)]
    pub period: Spread,
    /// The bound the clock charged.
    #[serde(skip)]
    pub timing: Bound,
}

impl CrosscheckReport {
    /// The report as `dama crosscheck --json` prints it (docs/json.md), without a shard.
    pub fn report(&self) -> CrosscheckJson {
        let (move_seconds, by_phase) = time_stats(&self.times);
        CrosscheckJson {
            positions: self.positions,
            setting: self.setting.clone(),
            seed: self.seed,
            mismatches: self.mismatches.len(),
            mismatch_list: self.mismatches.clone(),
            positions_examined: self.positions_examined,
            move_seconds,
            by_phase,
            emulated_seconds: self.emulated_ns as f64 / 1e9,
            timing: self.timing.into(),
            emulated_seconds_spread: self.period.map(seconds).into(),
            host_seconds: self.host_seconds,
            shard: None,
        }
    }

    /// The report as JSON, its keys sorted.
    pub fn json(&self) -> serde_json::Value {
        serde_json::to_value(self.report()).expect("a report of plain fields serialises")
    }

    /// What a shard's report carries for the merge beside its own figures: the period time in
    /// ns (integers, so the shards' sum is the whole run's exactly) and each reply's phase and
    /// time, from which the merge draws the spreads anew.
    pub fn figures(&self) -> ShardFigures {
        ShardFigures {
            times: self.times.clone(),
            emulated_ns: self.emulated_ns,
            period_ns: self.period.into(),
        }
    }

    /// The same as JSON.
    pub fn shard_figures(&self) -> serde_json::Value {
        serde_json::to_value(self.figures()).expect("plain figures serialise")
    }
}

/// A crosscheck's `move_seconds` and `by_phase` from the replies' (phase, period ns), in
/// problem order.
pub fn time_stats(times: &[(Phase, u64)]) -> (Option<TimeStats>, ByPhase) {
    let of = |keep: &dyn Fn(Phase) -> bool| {
        let v: Vec<u64> = times.iter().filter(|t| keep(t.0)).map(|t| t.1).collect();
        TimeStats::of(&v)
    };
    let by_phase = ByPhase {
        opening: of(&|p| p == Phase::Opening),
        middle: of(&|p| p == Phase::Middle),
        end: of(&|p| p == Phase::End),
    };
    (of(&|_| true), by_phase)
}

/// The same as JSON, as the merge draws them anew.
pub fn times_values(times: &[(Phase, u64)]) -> (serde_json::Value, serde_json::Value) {
    let (all, by_phase) = time_stats(times);
    (
        serde_json::to_value(all).expect("plain figures serialise"),
        serde_json::to_value(by_phase).expect("plain figures serialise"),
    )
}

/// The cross-check's report (`dama crosscheck --json`); with `--shard K/N` one slice of its
/// positions and what the merge needs of it.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CrosscheckJson {
    /// Random positions drawn (after the start position).
    pub positions: usize,
    /// Findler's setting the program searched under.
    pub setting: String,
    pub seed: u64,
    /// Problems where the emulated program and the native engine differ (0 expected).
    pub mismatches: usize,
    /// Each of them.
    pub mismatch_list: Vec<Mismatch>,
    /// Positions examined, summed over the problems.
    pub positions_examined: u64,
    /// The replies' period times (null without a reply timed).
    pub move_seconds: Option<TimeStats>,
    /// The same per game phase.
    pub by_phase: ByPhase,
    /// The period time of the whole run, under the bound `timing`.
    pub emulated_seconds: f64,
    /// The bound the clock charged.
    pub timing: BoundName,
    /// The whole run's period time under every bound.
    pub emulated_seconds_spread: Bounds<f64>,
    /// Host time.
    pub host_seconds: f64,
    /// With `--shard K/N` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "CrosscheckShard")]
    pub shard: Option<CrosscheckShard>,
}

/// A cross-check shard: which, of what run, and the figures the merge adds.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CrosscheckShard {
    /// This shard's number, 1 to `n`.
    pub k: usize,
    /// The shards of the whole run.
    pub n: usize,
    /// What makes the N reports shards of one run (`merge` refuses shards whose runs differ).
    pub run: CrosscheckRunId,
    #[serde(flatten)]
    pub figures: ShardFigures,
}

/// The command a cross-check's shards name.
#[derive(Clone, Copy, Debug, serde::Serialize, schemars::JsonSchema)]
pub enum CrosscheckCommand {
    #[serde(rename = "dama crosscheck")]
    DamaCrosscheck,
}

/// The cross-check a shard is of.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CrosscheckRunId {
    pub command: CrosscheckCommand,
    pub positions: usize,
    pub seed: u64,
    pub setting: String,
    /// The bound the clock charged.
    pub timing: BoundName,
    /// The binary's version.
    pub version: String,
}

/// A shard's period figures for the merge.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct ShardFigures {
    /// Each reply's phase and period ns, in problem order.
    pub times: Vec<(Phase, u64)>,
    /// The shard's period time in ns under the bound charged.
    pub emulated_ns: u64,
    /// The same under every bound.
    pub period_ns: Bounds<u64>,
}

/// Run `count` random positions on the emulated program (set records on board 1) and on the
/// native faithful engine.
pub fn crosscheck(
    count: usize,
    seed: u64,
    setting: Setting,
) -> Result<CrosscheckReport, SilDamaError> {
    crosscheck_with(&CrosscheckRun::new(count, seed, setting), &mut NoProgress)
}

/// What one problem gave.
struct ProblemFigures {
    mismatch: Option<Mismatch>,
    positions_examined: u64,
    /// The phase of the position and the reply's period time (random positions only).
    time: Option<(Phase, u64)>,
    /// Period time the problem took under the bound charged, and under all three.
    emulated_ns: u64,
    period: Spread,
}

/// One random position on a fresh copy of the machine as it stands after its first move (the
/// same for every problem), and natively: a pure function of the position.
fn check_random(
    base: &SilDama,
    pending: &Position,
    setting: Setting,
) -> Result<ProblemFigures, SilDamaError> {
    let mut sil = base.clone();
    let (clock, period) = (sil.clock_ns(), sil.machine().spread());
    sil.push(&set_frames(1, pending.a, pending.b)?);
    let replies = sil.run()?;
    let (mismatch, native) = check(1, pending, setting, &replies);
    Ok(ProblemFigures {
        mismatch,
        positions_examined: native.positions,
        time: replies.first().map(|r| (Phase::of(pending), r.period_ns())),
        emulated_ns: sil.clock_ns() - clock,
        period: sil.machine().spread() - period,
    })
}

/// The campaign `run`, telling `progress` as random positions finish (`total` is the slice's
/// random positions). Problem 0, the start position (on the machine just loaded, its time the
/// load's and the first move's), is the first shard's; problems 1..=count are the random
/// positions, each on a copy of the machine after that first move. Every figure is summed in
/// problem order, so the report is the same for every `jobs`, and the shards' figures add up to
/// the whole run's.
pub fn crosscheck_with(
    run: &CrosscheckRun,
    progress: &mut dyn Progress,
) -> Result<CrosscheckReport, SilDamaError> {
    let host = Instant::now();
    let CrosscheckRun {
        positions: count,
        seed,
        setting,
        timing,
        shard,
        jobs,
    } = *run;
    let positions = random_positions(count, seed);
    let mut base = SilDama::start_timed(setting, 1, timing)?;
    // The first move on board 1 from the start position is checked too.
    let first = base.run()?;
    let mut report = CrosscheckReport {
        positions: count,
        setting: setting.to_string(),
        seed,
        mismatches: Vec::new(),
        positions_examined: 0,
        times: Vec::new(),
        emulated_ns: 0,
        host_seconds: 0.0,
        period: Spread::default(),
        timing,
    };
    let mut results = Vec::new();
    if shard.k == 1 {
        let (mismatch, native) = check(1, &Position::start(), setting, &first);
        results.push(Ok(ProblemFigures {
            mismatch,
            positions_examined: native.positions,
            time: None,
            emulated_ns: base.clock_ns(),
            period: base.machine().spread(),
        }));
    }
    let slice = &positions[shard.range(count)];
    results.extend(map_in_order(slice, jobs, progress, |p| {
        check_random(&base, p, setting)
    }));
    for checked in results {
        let c = checked?;
        report.mismatches.extend(c.mismatch);
        report.positions_examined += c.positions_examined;
        report.times.extend(c.time);
        report.emulated_ns += c.emulated_ns;
        report.period += c.period;
    }
    report.host_seconds = host.elapsed().as_secs_f64();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Side;
    use crate::game::End;
    use crate::sil::Reply;

    /// The one check: agreement passes, a different value is reported with the native
    /// engine's move, value and positions, and replies without a move with all their text.
    #[test]
    fn check_passes_agreement_and_reports_a_difference() {
        let (pos, setting) = (Position::start(), Setting::DEMO);
        let n = faithful(&pos, setting);
        let mv = n.mv.unwrap();
        let reply = |value| TimedReply {
            reply: Reply::Move {
                board: 3,
                mv,
                value,
                positions: n.positions,
            },
            text: "emulated".into(),
            start_ns: 0,
            end_ns: 0,
        };
        assert_eq!(check(3, &pos, setting, &[reply(n.value)]), (None, n));
        let m = check(3, &pos, setting, &[reply(n.value + 1)]).0.unwrap();
        assert_eq!((m.board, m.emulated.as_str()), (3, "emulated"));
        assert_eq!(m.native, format!("{mv} {:+} {}", n.value, n.positions));
        let silent = TimedReply {
            reply: Reply::Wins {
                board: 3,
                side: Side::B,
                end: End::Blocked,
            },
            text: "B WINS".into(),
            start_ns: 0,
            end_ns: 0,
        };
        let m = check(3, &pos, setting, &[silent.clone(), silent])
            .0
            .unwrap();
        assert_eq!(m.emulated, "B WINS / B WINS");
    }
}
