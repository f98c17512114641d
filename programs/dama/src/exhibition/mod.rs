//! The simultaneous exhibition: the SILLIAC program (side A, the master) against native
//! opponents (side B) on up to 25 boards, every machine move checked against the native
//! `faithful` engine (`crosscheck::check`). The loop (`play`), the game records (`record`), the
//! report folded from the loop's events (here) and its move-time plot (`plot`).

use std::path::PathBuf;

use crate::board::{Move, Position, Side};
use crate::crosscheck::Mismatch;
use crate::game::End;
use crate::movegen::legal_moves;
use crate::search::Setting;
use crate::sil::SilDamaError;
use crate::strategy::StrategyError;
use crate::times::{Phase, TimeStats};
pub use emu::{Bound, Spread};

mod play;
mod plot;
mod record;

pub use play::{Event, EventKind, Exhibition, Input, Mover, Summary};
pub use plot::{crosscheck_svg, plot_svg};
pub use record::{
    end_line, machine_line, opponent_line, parse_record, parse_record_file, read_record, verify,
    whole_lines, GameRecord, Header, RecordFile, RecordLine, Recorded, Resumed,
};

/// The default opponents, one a board: every board its own player, so the 25 games differ (the
/// program is deterministic, so two boards with the same deterministic opponent replay one
/// game). Findler's search natively in 10 of its settings (a1+b2, a1+b3 and a1+b4 are left out:
/// against this program they replay the games of a2+b3 and a2+b4), the grand strategy at
/// look-ahead 1 to 4 and with three other sets of weights, greedy, and random players, each
/// seeded from `--seed` in turn.
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
#[derive(Debug, thiserror::Error)]
pub enum ExhibitionError {
    #[error(transparent)]
    Sil(#[from] SilDamaError),
    #[error(transparent)]
    Strategy(StrategyError),
    #[error("--boards {0}: the program holds 1 to 25")]
    Boards(u8),
    #[error("{}:{line}: {message}", .file.display())]
    Record {
        file: PathBuf,
        line: usize,
        message: String,
    },
    #[error("{}: {message}", .file.display())]
    Io { file: PathBuf, message: String },
    /// The program and the harness disagree so that play cannot go on.
    #[error("exhibition stalled: {0}")]
    Stalled(String),
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
    /// Positions the program examined, its own count.
    pub positions: u64,
    /// Positions the native faithful engine examined in the same position: the cross-check's
    /// other half, drawn against `positions` (not in the JSON report, which keeps its shape).
    #[serde(skip)]
    pub native_positions: u64,
    pub phase: Phase,
    pub period_ns: u64,
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
    pub period: Spread,
    /// The bound the clock charged.
    #[serde(skip)]
    pub timing: Bound,
    /// The nominal period time (ns) charged from sourced, derived and estimated timing rows.
    #[serde(skip)]
    pub by_status: [u64; 3],
    /// Records found torn when resuming, and what was dropped (warnings, not in the JSON).
    pub repaired: Vec<String>,
}

impl ExhibitionReport {
    pub fn move_times(&self) -> Vec<u64> {
        self.moves.iter().map(|m| m.period_ns).collect()
    }

    /// The statistics of the machine's move times over the moves `keep` selects.
    fn stats_where(&self, keep: impl Fn(&MachineMove) -> bool) -> Option<TimeStats> {
        let v: Vec<u64> = self
            .moves
            .iter()
            .filter(|m| keep(m))
            .map(|m| m.period_ns)
            .collect();
        TimeStats::of(&v)
    }

    pub fn by_phase(&self, phase: Phase) -> Option<TimeStats> {
        self.stats_where(|m| m.phase == phase)
    }

    pub fn by_board(&self, board: u8) -> Option<TimeStats> {
        self.stats_where(|m| m.board == board)
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
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
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PhaseRow {
    pub phase: Phase,
    pub band: Band,
    /// The machine's moves of this phase in this band.
    pub moves: usize,
    /// Their median period time (null without moves).
    pub median_seconds: Option<f64>,
    /// Moves made with one legal move (forced).
    pub forced: usize,
    /// Moves made where every legal root move is a jump (dr >= 2).
    pub jumps_only: usize,
    /// The median of their legal moves at the root.
    pub median_root_moves: Option<usize>,
    /// The median of their replies at half-move 2.
    pub median_replies: Option<usize>,
    /// The median of the positions examined.
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
