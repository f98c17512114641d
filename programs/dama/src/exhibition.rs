//! The simultaneous exhibition: the SILLIAC program (side A, the master) against native
//! opponents (side B) on up to 25 boards, every machine move checked against the native
//! `faithful` engine (move, value, positions examined); and the crosscheck campaign over random
//! reachable positions.

use std::fmt;
use std::path::PathBuf;
use std::time::Instant;

use super::board::{Move, Position, Side};
use super::game::{outcome, End};
use super::movegen::legal_moves;
use super::search::{faithful, Setting};
use super::sil::Reply;
use super::sil::{set_frames, SilDama, SilError, TimedReply};
use super::strategy::StrategyError;
pub use emu::silliac::timing::{Bound, Spread as TimeSpread};
use harness::progress::{NoProgress, Progress};
use harness::rng::Rng;
use harness::shard::Shard;

mod play;
mod record;

pub use play::{Event, EventKind, Exhibition, Input, Mover, Summary};
pub use record::{
    end_line, machine_line, opponent_line, parse_record, parse_record_file, read_record,
    whole_lines, GameRecord, RecordFile, RecordLine, Recorded,
};

/// The default opponents, one a board: every board its own player, so the 25 games differ (the
/// program is deterministic, so two boards with the same deterministic opponent replay one
/// game). Findler's search natively in 10 of its settings (a1+b2, a1+b3 and a1+b4 are left out:
/// against this program they replay the games of a2+b3 and a2+b4), the grand strategy at
/// look-ahead 1 to 4 and with three other sets of weights, greedy, and random players, each
/// seeded from `--seed` in turn. The first four are the kinds the earlier default cycled, so
/// boards 1-4 play the games they played.
pub const DEFAULT_OPPONENTS: [&str; 25] = [
    "findler",
    "grand",
    "greedy",
    "random",
    "findler:selective",
    "grand:@1",
    "findler:a3+b4",
    "random",
    "findler:a3+b2",
    "grand:@3",
    "findler:a3+b1",
    "random",
    "findler:a2+b4",
    "grand:@4",
    "findler:a2+b3",
    "random",
    "findler:a2+b2",
    "findler:a2+b1",
    "grand:1,1,0.5,0.2,0.5,0.05",
    "random",
    "grand:0.25,0.25,0.5,0.2,0.1,0.05",
    "grand:1,0.5,0.25,0.5,0.25,0.1@3",
    "findler:a1+b1",
    "random",
    "random",
];

/// What to play.
#[derive(Clone, Debug)]
pub struct ExhibitionOptions {
    pub boards: u8,
    /// Strategy texts (see `parse_strategy`), cycled over the boards (default: one a board,
    /// `DEFAULT_OPPONENTS`).
    pub opponents: Vec<String>,
    pub seed: u64,
    pub setting: Setting,
    /// Write one game record per board here, a line per half-move as the games go.
    pub record_dir: Option<PathBuf>,
    /// Replay the records found in `record_dir` into a fresh machine, then continue.
    pub resume: bool,
    /// The timing figures the machine's clock charges (docs/timing.md).
    pub timing: Bound,
}

impl Default for ExhibitionOptions {
    fn default() -> Self {
        ExhibitionOptions {
            boards: 25,
            opponents: DEFAULT_OPPONENTS.iter().map(|s| s.to_string()).collect(),
            seed: 1,
            setting: Setting::DEMO,
            record_dir: None,
            resume: false,
            timing: Bound::Nominal,
        }
    }
}

/// Why an exhibition could not be played (a mismatch is not an error: it is reported).
#[derive(Debug)]
pub enum ExhibitionError {
    Sil(SilError),
    Strategy(StrategyError),
    Boards(u8),
    Record {
        file: PathBuf,
        line: usize,
        message: String,
    },
    Io {
        file: PathBuf,
        message: String,
    },
    /// The program and the harness disagree so that play cannot go on.
    Stalled(String),
}

impl fmt::Display for ExhibitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExhibitionError::Sil(e) => write!(f, "{e}"),
            ExhibitionError::Strategy(e) => write!(f, "{e}"),
            ExhibitionError::Boards(n) => write!(f, "--boards {n}: the program holds 1 to 25"),
            ExhibitionError::Record {
                file,
                line,
                message,
            } => write!(f, "{}:{line}: {message}", file.display()),
            ExhibitionError::Io { file, message } => write!(f, "{}: {message}", file.display()),
            ExhibitionError::Stalled(s) => write!(f, "exhibition stalled: {s}"),
        }
    }
}

impl std::error::Error for ExhibitionError {}

impl From<SilError> for ExhibitionError {
    fn from(e: SilError) -> Self {
        ExhibitionError::Sil(e)
    }
}

/// The phase of the position the machine moved in (for the timing report): `middle` as the
/// contract; otherwise `opening` while no piece of either side has passed row 5 toward its goal
/// (A on rows 6-8 or B on rows 1-3), else `end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
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

/// One machine move and its period time.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MachineMove {
    pub board: u8,
    pub half_move: usize,
    pub position: String,
    #[serde(rename = "move")]
    pub mv: Move,
    pub value: i32,
    pub positions: u64,
    pub phase: Phase,
    pub period_ns: u64,
}

/// A difference between the emulated program and the native engine (or the rules).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Mismatch {
    pub board: u8,
    pub position: String,
    pub native: String,
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

/// How one board went.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BoardResult {
    pub board: u8,
    pub opponent: String,
    pub winner: Option<Side>,
    pub end: Option<End>,
    pub half_moves: usize,
}

/// The whole exhibition: the fold of its events (`ExhibitionReport::fold`).
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct ExhibitionReport {
    pub boards: u8,
    pub setting: String,
    pub moves: Vec<MachineMove>,
    pub mismatches: Vec<Mismatch>,
    pub results: Vec<BoardResult>,
    pub emulated_ns: u64,
    pub host_seconds: f64,
    pub words_used: usize,
    pub orders: u64,
    /// Orders obeyed per function code (name, count), largest first.
    pub order_counts: Vec<(String, u64)>,
    /// The whole run's period time under the low, nominal and high figures (one of them is
    /// `emulated_ns`, the one of `timing`).
    #[serde(skip)]
    pub period: TimeSpread,
    /// The bound the clock charged.
    #[serde(skip)]
    pub timing: Bound,
    /// The nominal period time (ns) charged from sourced, derived and estimated timing rows.
    #[serde(skip)]
    pub by_status: [u64; 3],
    /// Records found torn when resuming, and what was dropped (warnings, not in the JSON).
    pub repaired: Vec<String>,
}

/// min, median, max of a set of durations (ns).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Spread {
    pub count: usize,
    pub min: f64,
    pub median: f64,
    pub max: f64,
}

/// Seconds from ns, min/median/max (the lower median for an even count).
pub fn spread(ns: &[u64]) -> Option<Spread> {
    if ns.is_empty() {
        return None;
    }
    let mut v = ns.to_vec();
    v.sort_unstable();
    let s = |x: u64| x as f64 / 1e9;
    Some(Spread {
        count: v.len(),
        min: s(v[0]),
        median: s(v[(v.len() - 1) / 2]),
        max: s(v[v.len() - 1]),
    })
}

impl ExhibitionReport {
    pub fn move_times(&self) -> Vec<u64> {
        self.moves.iter().map(|m| m.period_ns).collect()
    }

    /// The spread of the machine's move times over the moves `keep` selects.
    fn spread_where(&self, keep: impl Fn(&MachineMove) -> bool) -> Option<Spread> {
        let v: Vec<u64> = self
            .moves
            .iter()
            .filter(|m| keep(m))
            .map(|m| m.period_ns)
            .collect();
        spread(&v)
    }

    pub fn by_phase(&self, phase: Phase) -> Option<Spread> {
        self.spread_where(|m| m.phase == phase)
    }

    pub fn by_board(&self, board: u8) -> Option<Spread> {
        self.spread_where(|m| m.board == board)
    }

    /// Moves below, inside and above Findler's band, over the moves `keep` selects.
    pub fn band(&self, keep: impl Fn(&MachineMove) -> bool) -> BandCounts {
        BandCounts::of(self.moves.iter().filter(|m| keep(m)))
    }

    /// The phase table: a row for every phase and band (rows without moves too).
    pub fn phase_table(&self) -> Vec<PhaseRow> {
        let mut rows = Vec::new();
        for phase in [Phase::Opening, Phase::Middle, Phase::End] {
            for band in Band::ALL {
                let moves: Vec<&MachineMove> = self
                    .moves
                    .iter()
                    .filter(|m| m.phase == phase && Band::of(m.period_ns) == band)
                    .collect();
                rows.push(PhaseRow::of(phase, band, &moves));
            }
        }
        rows
    }

    /// Games won by each side.
    pub fn wins(&self, side: Side) -> usize {
        self.results
            .iter()
            .filter(|r| r.winner == Some(side))
            .count()
    }
}

/// Findler's band, "10-150 seconds to produce a move", in ns (both ends inside).
pub const BAND_NS: (u64, u64) = (10_000_000_000, 150_000_000_000);

/// Where a move's period time falls beside Findler's band.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Band {
    Below,
    Inside,
    Above,
}

impl Band {
    pub const ALL: [Band; 3] = [Band::Below, Band::Inside, Band::Above];

    pub fn of(ns: u64) -> Band {
        if ns < BAND_NS.0 {
            Band::Below
        } else if ns <= BAND_NS.1 {
            Band::Inside
        } else {
            Band::Above
        }
    }
}

/// Moves below, inside and above the band.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct BandCounts {
    pub below: usize,
    pub inside: usize,
    pub above: usize,
}

impl BandCounts {
    fn of<'a>(moves: impl Iterator<Item = &'a MachineMove>) -> BandCounts {
        let mut c = BandCounts::default();
        for m in moves {
            match Band::of(m.period_ns) {
                Band::Below => c.below += 1,
                Band::Inside => c.inside += 1,
                Band::Above => c.above += 1,
            }
        }
        c
    }
}

/// One row of the phase table: the machine's moves of one phase in one band, with what their
/// positions have in common (medians), measured on the positions themselves: the legal moves
/// at the root, the replies at half-move 2 (all of them, summed over the root moves) and the
/// positions the search examined (the program's own count).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PhaseRow {
    pub phase: Phase,
    pub band: Band,
    pub moves: usize,
    pub median_seconds: Option<f64>,
    /// Moves made with one legal move (forced).
    pub forced: usize,
    /// Moves made where every legal root move is a jump (dr >= 2).
    pub jumps_only: usize,
    pub median_root_moves: Option<usize>,
    pub median_replies: Option<usize>,
    pub median_positions: Option<u64>,
}

/// The lower median.
fn median<T: Copy + Ord>(mut v: Vec<T>) -> Option<T> {
    v.sort_unstable();
    v.get(v.len().checked_sub(1)? / 2).copied()
}

impl PhaseRow {
    fn of(phase: Phase, band: Band, moves: &[&MachineMove]) -> PhaseRow {
        let mut root = Vec::new();
        let mut replies = Vec::new();
        let (mut forced, mut jumps_only) = (0, 0);
        for m in moves {
            // The report's own position text: it parses unless the report was built by hand.
            let Ok(p) = m.position.parse::<Position>() else {
                continue;
            };
            let list = legal_moves(&p);
            forced += usize::from(list.len() == 1);
            jumps_only += usize::from(list.iter().all(|r| r.dr() >= 2));
            root.push(list.len());
            replies.push(list.iter().map(|&r| legal_moves(&p.apply(r)).len()).sum());
        }
        PhaseRow {
            phase,
            band,
            moves: moves.len(),
            median_seconds: median(moves.iter().map(|m| m.period_ns).collect())
                .map(|ns| ns as f64 / 1e9),
            forced,
            jumps_only,
            median_root_moves: median(root),
            median_replies: median(replies),
            median_positions: median(moves.iter().map(|m| m.positions).collect()),
        }
    }
}

/// Play the exhibition to the end: the fold of the loop's events.
pub fn exhibition(opts: &ExhibitionOptions) -> Result<ExhibitionReport, ExhibitionError> {
    let mut report = ExhibitionReport::default();
    for e in Exhibition::new(opts)? {
        report.fold(&e?);
    }
    Ok(report)
}

/// Check a machine move against the native `faithful` engine (move, value, positions
/// examined) in `pos`; `None` when they agree or the reply is not a move. Shared with the
/// exhibition's terminal view.
pub fn check_move(board: u8, pos: &Position, setting: Setting, r: &TimedReply) -> Option<Mismatch> {
    let (mv, value, positions) = r.reply.as_move()?;
    let native = faithful(pos, setting);
    if native.mv == Some(mv) && native.value == value && native.positions == positions {
        return None;
    }
    let nm = native.mv.map_or("no move".to_string(), |m| m.to_string());
    Some(Mismatch {
        board,
        position: pos.to_string(),
        native: format!("{nm} {:+} {}", native.value, native.positions),
        emulated: r.text.clone(),
    })
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
    pub period: TimeSpread,
    /// The bound the clock charged.
    #[serde(skip)]
    pub timing: Bound,
}

/// A spread of move times as the reports print it (`null` for no moves).
pub fn spread_value(s: Option<Spread>) -> serde_json::Value {
    match s {
        Some(s) => {
            serde_json::json!({"count": s.count, "min": s.min, "median": s.median, "max": s.max})
        }
        None => serde_json::Value::Null,
    }
}

/// A period time under the three bounds, in seconds.
pub fn period_value(s: TimeSpread) -> serde_json::Value {
    serde_json::json!({
        "low": s.low_ns as f64 / 1e9,
        "nominal": s.nominal_ns as f64 / 1e9,
        "high": s.high_ns as f64 / 1e9,
    })
}

/// A crosscheck's `move_seconds` and `by_phase` from the replies' (phase, period ns), in
/// problem order.
pub fn times_values(times: &[(Phase, u64)]) -> (serde_json::Value, serde_json::Value) {
    let of = |keep: &dyn Fn(Phase) -> bool| {
        let v: Vec<u64> = times.iter().filter(|t| keep(t.0)).map(|t| t.1).collect();
        spread_value(spread(&v))
    };
    let by_phase = serde_json::json!({
        "opening": of(&|p| p == Phase::Opening),
        "middle": of(&|p| p == Phase::Middle),
        "end": of(&|p| p == Phase::End),
    });
    (of(&|_| true), by_phase)
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

impl CrosscheckReport {
    /// The report as `dama crosscheck --json` prints it (docs/json.md).
    pub fn json(&self) -> serde_json::Value {
        let (move_seconds, by_phase) = times_values(&self.times);
        serde_json::json!({
            "positions": self.positions,
            "setting": self.setting,
            "seed": self.seed,
            "mismatches": self.mismatches.len(),
            "mismatch_list": self.mismatches,
            "positions_examined": self.positions_examined,
            "move_seconds": move_seconds,
            "by_phase": by_phase,
            "emulated_seconds": self.emulated_ns as f64 / 1e9,
            "timing": self.timing.name(),
            "emulated_seconds_spread": period_value(self.period),
            "host_seconds": self.host_seconds,
        })
    }

    /// What a shard's report carries for the merge beside its own figures: the period time in
    /// ns (integers, so the shards' sum is the whole run's exactly) and each reply's phase and
    /// time, from which the merge draws the spreads anew.
    pub fn shard_figures(&self) -> serde_json::Value {
        let times: Vec<serde_json::Value> = self
            .times
            .iter()
            .map(|&(p, ns)| serde_json::json!([p.name(), ns]))
            .collect();
        serde_json::json!({
            "times": times,
            "emulated_ns": self.emulated_ns,
            "period_ns": {
                "low": self.period.low_ns,
                "nominal": self.period.nominal_ns,
                "high": self.period.high_ns,
            },
        })
    }
}

/// A random reachable position, A to move, game not over: random play from the start.
pub fn random_position(rng: &mut Rng) -> Position {
    loop {
        let mut p = Position::start();
        let plies = rng.below(70) as usize;
        let mut ok = true;
        for _ in 0..plies {
            let list = legal_moves(&p);
            if list.is_empty() || outcome(&p).is_some() {
                ok = false;
                break;
            }
            p = p.apply(list.as_slice()[rng.index(list.len())]);
        }
        if ok && p.side == Side::B {
            let list = legal_moves(&p);
            if list.is_empty() || outcome(&p).is_some() {
                continue;
            }
            p = p.apply(list.as_slice()[rng.index(list.len())]);
        }
        if ok && p.side == Side::A && outcome(&p).is_none() {
            return p;
        }
    }
}

/// The problems of a crosscheck campaign after the start position: `count` random reachable
/// positions drawn from `seed` one after another (drawn first, so that each problem is a pure
/// function of the seed and its index, whatever runs it).
pub fn crosscheck_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    (0..count).map(|_| random_position(&mut rng)).collect()
}

/// Run `count` random positions on the emulated program (set records on board 1) and on the
/// native faithful engine.
pub fn crosscheck(
    count: usize,
    seed: u64,
    setting: Setting,
) -> Result<CrosscheckReport, ExhibitionError> {
    crosscheck_with(
        count,
        seed,
        setting,
        Bound::Nominal,
        Shard::WHOLE,
        1,
        &mut NoProgress,
    )
}

/// What one problem gave.
struct Checked {
    mismatch: Option<Mismatch>,
    positions_examined: u64,
    /// The phase of the position and the reply's period time (random positions only).
    time: Option<(Phase, u64)>,
    /// Period time the problem took under the bound charged, and under all three.
    emulated_ns: u64,
    period: TimeSpread,
}

fn add_spread(a: TimeSpread, b: TimeSpread) -> TimeSpread {
    TimeSpread {
        low_ns: a.low_ns + b.low_ns,
        nominal_ns: a.nominal_ns + b.nominal_ns,
        high_ns: a.high_ns + b.high_ns,
    }
}

fn sub_spread(a: TimeSpread, b: TimeSpread) -> TimeSpread {
    TimeSpread {
        low_ns: a.low_ns - b.low_ns,
        nominal_ns: a.nominal_ns - b.nominal_ns,
        high_ns: a.high_ns - b.high_ns,
    }
}

/// Compare the machine's replies to `pending` with the native engine's move.
fn compare(
    pending: &Position,
    setting: Setting,
    replies: &[TimedReply],
    random: bool,
) -> (Option<Mismatch>, u64, Option<(Phase, u64)>) {
    let native = faithful(pending, setting);
    let got = replies.iter().find_map(|r| {
        let (mv, value, positions) = r.reply.as_move()?;
        Some((mv, value, positions, r.text.clone()))
    });
    let want = native.mv.map(|m| (m, native.value, native.positions));
    let mismatch = (got.as_ref().map(|g| (g.0, g.1, g.2)) != want).then(|| Mismatch {
        board: 1,
        position: pending.to_string(),
        native: want.map_or("no move".to_string(), |(m, v, n)| format!("{m} {v:+} {n}")),
        emulated: got.map_or_else(
            || {
                replies
                    .iter()
                    .map(|r| r.text.clone())
                    .collect::<Vec<_>>()
                    .join(" / ")
            },
            |g| g.3,
        ),
    });
    let time = if random {
        replies.first().map(|r| (Phase::of(pending), r.period_ns()))
    } else {
        None
    };
    (mismatch, native.positions, time)
}

/// One random position on a fresh copy of the machine as it stands after its first move (the
/// same for every problem), and natively: a pure function of the position.
fn check_random(
    base: &SilDama,
    pending: &Position,
    setting: Setting,
) -> Result<Checked, ExhibitionError> {
    let mut sil = base.clone();
    let (clock, period) = (sil.clock_ns(), sil.machine().spread());
    sil.push(&set_frames(1, pending.a, pending.b)?);
    let replies = sil.run()?;
    let (mismatch, positions_examined, time) = compare(pending, setting, &replies, true);
    Ok(Checked {
        mismatch,
        positions_examined,
        time,
        emulated_ns: sil.clock_ns() - clock,
        period: sub_spread(sil.machine().spread(), period),
    })
}

/// `crosscheck`, the clock charging the figures of `timing`, for the slice `shard` of the
/// problems, on `jobs` threads, telling `progress` as random positions finish (`total` is the
/// slice's random positions). Problem 0, the start position (on the machine just loaded, its
/// time the load's and the first move's), is the first shard's; problems 1..=count are the
/// random positions, each on a copy of the machine after that first move. Every figure is
/// summed in problem order, so the report is the same for every `jobs`, and the shards' figures
/// add up to the whole run's.
pub fn crosscheck_with(
    count: usize,
    seed: u64,
    setting: Setting,
    timing: Bound,
    shard: Shard,
    jobs: usize,
    progress: &mut dyn Progress,
) -> Result<CrosscheckReport, ExhibitionError> {
    let host = Instant::now();
    let positions = crosscheck_positions(count, seed);
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
        period: TimeSpread::default(),
        timing,
    };
    let mut results = Vec::new();
    if shard.k == 1 {
        let (mismatch, positions_examined, time) =
            compare(&Position::start(), setting, &first, false);
        results.push(Ok(Checked {
            mismatch,
            positions_examined,
            time,
            emulated_ns: base.clock_ns(),
            period: base.machine().spread(),
        }));
    }
    let slice = &positions[shard.range(count)];
    results.extend(harness::progress::map_in_order(
        slice,
        jobs,
        progress,
        |p| check_random(&base, p, setting),
    ));
    for checked in results {
        let c = checked?;
        report.mismatches.extend(c.mismatch);
        report.positions_examined += c.positions_examined;
        report.times.extend(c.time);
        report.emulated_ns += c.emulated_ns;
        report.period = add_spread(report.period, c.period);
    }
    report.host_seconds = host.elapsed().as_secs_f64();
    Ok(report)
}

/// The machine's move in any position, either side to move (B: the board turned round, so the
/// program, which always plays A, plays it), with value and positions: `dama best --engine
/// emulated`.
pub fn best_emulated(
    pos: &Position,
    setting: Setting,
) -> Result<(super::search::SearchResult, u64), ExhibitionError> {
    let turned = |m: u32| m.reverse_bits();
    let (a, b) = match pos.side {
        Side::A => (pos.a, pos.b),
        Side::B => (turned(pos.b), turned(pos.a)),
    };
    let mut sil = SilDama::start(setting, 1)?;
    sil.run()?;
    let before = sil.clock_ns();
    sil.push(&set_frames(1, a, b)?);
    let replies = sil.run()?;
    let spent = sil.clock_ns() - before;
    for r in &replies {
        if let Some((mv, value, positions)) = r.reply.as_move() {
            let mv = match pos.side {
                Side::A => mv,
                Side::B => Move::new(33 - mv.from, 33 - mv.to),
            };
            let best = super::search::SearchResult {
                mv: Some(mv),
                value,
                positions,
            };
            return Ok((best, spent));
        }
        if let Reply::Wins {
            side: Side::A,
            end: End::Blocked,
            ..
        } = r.reply
        {
            return Ok((super::search::SearchResult::BLOCKED, spent));
        }
    }
    Err(ExhibitionError::Stalled(format!(
        "no move for {pos}: {:?}",
        replies.iter().map(|r| &r.text).collect::<Vec<_>>()
    )))
}

/// A hand-written SVG: the distribution of period move times (log scale) beside Findler's
/// 10-150 s band. A title, both axes with their units, the count over every bar and a legend
/// for the two things drawn (the bars, the band); each part in a `<g class=...>` of its own,
/// which the test reads.
pub fn plot_svg(report: &ExhibitionReport) -> String {
    let times: Vec<f64> = report
        .moves
        .iter()
        .map(|m| m.period_ns as f64 / 1e9)
        .collect();
    let (w, h, left, bottom, top) = (720.0, 390.0, 60.0, 300.0, 40.0);
    let (lo, hi) = (0.1f64.log10(), 1000.0f64.log10());
    let x = |s: f64| left + (s.clamp(0.1, 1000.0).log10() - lo) / (hi - lo) * (w - left - 20.0);
    let bins = 40usize;
    let mut counts = vec![0usize; bins];
    for &t in &times {
        let f = (t.max(0.1).log10() - lo) / (hi - lo);
        let i = ((f * bins as f64) as usize).min(bins - 1);
        counts[i] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    let (bar_fill, band_fill) = ("#3b6ea5", "#f3e3b0");
    let title = format!(
        "SILLIAC dama, {} boards, setting {}: {} machine moves, period time per move (log scale)",
        report.boards,
        report.setting,
        times.len()
    );
    let mut s = String::new();
    s.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n<title>{title}</title>\n<text class=\"title\" x=\"{left}\" y=\"20\">{title}</text>\n"
    ));
    s.push_str(&format!(
        "<g class=\"band\"><rect x=\"{:.1}\" y=\"{top}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{band_fill}\"/><text x=\"{:.1}\" y=\"{}\">Findler: 10-150 s a move</text></g>\n",
        x(10.0),
        x(150.0) - x(10.0),
        bottom - top,
        x(10.0) + 4.0,
        top + 14.0
    ));
    let bw = (w - left - 20.0) / bins as f64;
    s.push_str("<g class=\"bars\">\n");
    for (i, &c) in counts.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let bh = c as f64 / most * (bottom - top - 20.0);
        s.push_str(&format!(
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{bar_fill}\"><title>{c}</title></rect>\n",
            left + i as f64 * bw,
            bottom - bh,
            bw - 1.0,
            bh
        ));
        // The count over its bar, so the figure can be read without hovering.
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"9\" text-anchor=\"middle\">{c}</text>\n",
            left + (i as f64 + 0.5) * bw,
            bottom - bh - 2.0
        ));
    }
    s.push_str("</g>\n");
    // The y axis: machine moves a bin.
    s.push_str(&format!(
        "<g class=\"y-axis\">\n<line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{bottom}\" stroke=\"black\"/>\n"
    ));
    for k in [0.0, 0.5, 1.0] {
        let y = bottom - k * (bottom - top - 20.0);
        s.push_str(&format!(
            "<line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{left}\" y2=\"{y:.1}\" stroke=\"black\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
            left - 5.0,
            left - 8.0,
            y + 4.0,
            (k * most).round()
        ));
    }
    s.push_str(&format!(
        "<text class=\"label\" transform=\"translate(16,{:.1}) rotate(-90)\" text-anchor=\"middle\">machine moves (count a bin)</text>\n</g>\n",
        (top + bottom) / 2.0
    ));
    s.push_str(&format!(
        "<g class=\"x-axis\">\n<line x1=\"{left}\" y1=\"{bottom}\" x2=\"{}\" y2=\"{bottom}\" stroke=\"black\"/>\n",
        w - 20.0
    ));
    for t in [0.1, 1.0, 10.0, 100.0, 1000.0] {
        s.push_str(&format!(
            "<line x1=\"{0:.1}\" y1=\"{bottom}\" x2=\"{0:.1}\" y2=\"{1}\" stroke=\"black\"/><text x=\"{0:.1}\" y=\"{2}\" text-anchor=\"middle\">{t} s</text>\n",
            x(t),
            bottom + 5.0,
            bottom + 20.0
        ));
    }
    s.push_str(&format!(
        "<text class=\"label\" x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">period time per move, seconds (log scale)</text>\n</g>\n",
        (left + w - 20.0) / 2.0,
        bottom + 34.0
    ));
    if let Some(sp) = spread(&report.move_times()) {
        s.push_str(&format!(
            "<text x=\"{left}\" y=\"{}\">min {:.1} s, median {:.1} s, max {:.1} s</text>\n",
            bottom + 52.0,
            sp.min,
            sp.median,
            sp.max
        ));
    }
    // The legend: a swatch and a name for each thing drawn.
    let ly = bottom + 76.0;
    s.push_str("<g class=\"legend\">\n");
    for (i, (fill, name)) in [
        (bar_fill, "SILLIAC's moves a bin (count over each bar)"),
        (band_fill, "Findler's reported 10-150 s a move"),
    ]
    .into_iter()
    .enumerate()
    {
        let lx = left + i as f64 * 340.0;
        s.push_str(&format!(
            "<g class=\"entry\"><rect x=\"{lx}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"{fill}\" stroke=\"black\"/><text x=\"{:.1}\" y=\"{ly}\">{name}</text></g>\n",
            ly - 10.0,
            lx + 18.0
        ));
    }
    s.push_str("</g>\n</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The check the exhibition and its terminal view share: agreement passes, a different
    /// value is reported with the native engine's move, value and positions.
    #[test]
    fn check_move_passes_agreement_and_reports_a_difference() {
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
        assert_eq!(check_move(3, &pos, setting, &reply(n.value)), None);
        let m = check_move(3, &pos, setting, &reply(n.value + 1)).unwrap();
        assert_eq!((m.board, m.emulated.as_str()), (3, "emulated"));
        assert_eq!(m.native, format!("{mv} {:+} {}", n.value, n.positions));
    }

    /// What every plot the project writes must have, read from the SVG as XML: a title, both
    /// axes each with a line and a label naming its unit, the count on every bar, and a legend
    /// entry (swatch and name) for every fill the plot draws; everything inside the picture.
    fn check_plot(svg: &str) -> Result<(), String> {
        let doc = roxmltree::Document::parse(svg).map_err(|e| format!("not XML: {e}"))?;
        let root = doc.root_element();
        if root.tag_name().name() != "svg" {
            return Err("root is not <svg>".into());
        }
        let size = |k| root.attribute(k).and_then(|v| v.parse::<f64>().ok());
        let (w, h) = (
            size("width").ok_or("no width")?,
            size("height").ok_or("no height")?,
        );
        let text = |n: roxmltree::Node| n.text().unwrap_or("").trim().to_string();
        let title = root
            .children()
            .find(|n| n.has_tag_name("title"))
            .map(text)
            .unwrap_or_default();
        if title.is_empty() {
            return Err("no <title>".into());
        }
        let group = |class: &str| {
            root.descendants()
                .find(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
                .ok_or(format!("no <g class=\"{class}\">"))
        };
        for (axis, unit) in [("x-axis", "seconds"), ("y-axis", "count")] {
            let g = group(axis)?;
            if !g.descendants().any(|n| n.has_tag_name("line")) {
                return Err(format!("{axis}: no line"));
            }
            let label = g
                .descendants()
                .find(|n| n.attribute("class") == Some("label"))
                .map(text)
                .ok_or(format!("{axis}: no label"))?;
            if !label.contains(unit) {
                return Err(format!("{axis}: label {label:?} names no unit ({unit})"));
            }
        }
        // Every bar carries its count, and the same count is written beside it.
        let bars = group("bars")?;
        let written: Vec<String> = bars
            .children()
            .filter(|n| n.has_tag_name("text"))
            .map(text)
            .collect();
        for bar in bars.children().filter(|n| n.has_tag_name("rect")) {
            let count = bar
                .children()
                .find(|n| n.has_tag_name("title"))
                .map(text)
                .ok_or("a bar without its count")?;
            count
                .parse::<u64>()
                .map_err(|_| format!("bar count {count:?}"))?;
            if !written.contains(&count) {
                return Err(format!("bar of {count}: the count is not written"));
            }
        }
        // A legend entry for every fill the plot uses outside the legend.
        let legend = group("legend")?;
        let named: Vec<(&str, String)> = legend
            .children()
            .filter(|n| n.attribute("class") == Some("entry"))
            .filter_map(|e| {
                let fill = e
                    .children()
                    .find(|n| n.has_tag_name("rect"))?
                    .attribute("fill")?;
                let name = e.children().find(|n| n.has_tag_name("text")).map(text)?;
                Some((fill, name))
            })
            .collect();
        for n in root.descendants().filter(|n| n.has_tag_name("rect")) {
            let fill = n.attribute("fill").unwrap_or("");
            if !named.iter().any(|(f, name)| *f == fill && !name.is_empty()) {
                return Err(format!("fill {fill} has no legend entry"));
            }
        }
        // Nothing drawn outside the picture (a broken scale shows here first).
        for n in root.descendants() {
            for (k, limit) in [
                ("x", w),
                ("y", h),
                ("x1", w),
                ("x2", w),
                ("y1", h),
                ("y2", h),
            ] {
                if let Some(v) = n.attribute(k).and_then(|v| v.parse::<f64>().ok()) {
                    if !(0.0..=limit).contains(&v) {
                        return Err(format!(
                            "<{}> {k}={v} outside 0..{limit}",
                            n.tag_name().name()
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    fn report_with_times(seconds: &[f64]) -> ExhibitionReport {
        let moves = seconds
            .iter()
            .enumerate()
            .map(|(i, &t)| MachineMove {
                board: 1,
                half_move: i,
                position: Position::start().to_string(),
                mv: faithful(&Position::start(), Setting::DEMO).mv.unwrap(),
                value: 0,
                positions: 1,
                phase: Phase::Opening,
                period_ns: (t * 1e9) as u64,
            })
            .collect();
        ExhibitionReport {
            boards: 2,
            setting: "a3+b3".into(),
            moves,
            ..ExhibitionReport::default()
        }
    }

    /// The move-time plot, for a typical set of times, none, and times beyond both ends of
    /// the scale, has everything a reader needs (`check_plot`).
    #[test]
    fn the_move_time_plot_is_complete() {
        for times in [
            &[12.0, 14.5, 30.0, 31.0, 95.0, 0.4, 2.0][..],
            &[][..],
            &[0.0, 0.001, 5000.0, 1e6][..],
        ] {
            let svg = plot_svg(&report_with_times(times));
            if let Err(e) = check_plot(&svg) {
                panic!("{times:?}: {e}\n{svg}");
            }
            assert!(svg.contains(&format!("{} machine moves", times.len())));
        }
    }

    /// The check itself refuses a plot that lost its parts.
    #[test]
    fn the_plot_check_refuses_broken_plots() {
        let svg = plot_svg(&report_with_times(&[12.0, 40.0]));
        let title = svg.lines().find(|l| l.starts_with("<title>")).unwrap();
        for (from, to) in [
            (title, ""),
            ("machine moves (count a bin)", "machine moves"),
            ("seconds (log scale)", "(log scale)"),
            ("<g class=\"legend\">", "<g class=\"key\">"),
            ("<title>1</title>", ""),
            ("</svg>", ""),
        ] {
            assert!(svg.contains(from), "{from}");
            let broken = svg.replacen(from, to, 1);
            assert!(check_plot(&broken).is_err(), "accepted without {from}");
        }
    }
}
