//! The simultaneous exhibition: the SILLIAC program (side A, the master) against native
//! opponents (side B) on up to 25 boards, every machine move checked against the native
//! `faithful` engine (move, value, positions examined); and the crosscheck campaign over random
//! reachable positions.

use std::fmt;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::board::{Move, Position, Side};
use super::game::{outcome, End};
use super::movegen::{is_legal, legal_moves};
use super::search::{faithful, Setting};
use super::sil::{move_frames, Reply};
use super::sil::{set_frames, SilDama, SilError, TimedReply};
use super::strategy::{parse_strategy, Strategy, StrategyError};
use crate::progress::{NoProgress, Progress};
use crate::rng::Rng;

/// The default opponents, cycled over the boards.
pub const DEFAULT_OPPONENTS: [&str; 4] = ["findler", "grand", "greedy", "random"];

/// What to play.
#[derive(Clone, Debug)]
pub struct ExhibitionOptions {
    pub boards: u8,
    /// Strategy texts (see `parse_strategy`), cycled over the boards.
    pub opponents: Vec<String>,
    pub seed: u64,
    pub setting: Setting,
    /// Write one game record per board here, a line per half-move as the games go.
    pub record_dir: Option<PathBuf>,
    /// Replay the records found in `record_dir` into a fresh machine, then continue.
    pub resume: bool,
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
#[derive(Clone, Debug, serde::Serialize)]
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
#[derive(Clone, Debug, serde::Serialize)]
pub struct BoardResult {
    pub board: u8,
    pub opponent: String,
    pub winner: Option<Side>,
    pub end: Option<End>,
    pub half_moves: usize,
}

/// The whole exhibition.
#[derive(Clone, Debug, serde::Serialize)]
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

    pub fn by_phase(&self, phase: Phase) -> Option<Spread> {
        let v: Vec<u64> = self
            .moves
            .iter()
            .filter(|m| m.phase == phase)
            .map(|m| m.period_ns)
            .collect();
        spread(&v)
    }

    pub fn by_board(&self, board: u8) -> Option<Spread> {
        let v: Vec<u64> = self
            .moves
            .iter()
            .filter(|m| m.board == board)
            .map(|m| m.period_ns)
            .collect();
        spread(&v)
    }

    /// Games won by each side.
    pub fn wins(&self, side: Side) -> usize {
        self.results
            .iter()
            .filter(|r| r.winner == Some(side))
            .count()
    }
}

/// One board as the harness follows it.
struct Game {
    board: u8,
    pos: Position,
    opponent: Box<dyn Strategy>,
    over: Option<(Side, End)>,
    half_moves: usize,
    /// Half-moves already in the record file (resume: replayed, not written again).
    recorded: Vec<RecordLine>,
    file: Option<GameRecord>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum RecordLine {
    Move(Side, Move),
    End,
}

fn io_err(file: &Path, e: std::io::Error) -> ExhibitionError {
    ExhibitionError::Io {
        file: file.to_path_buf(),
        message: e.to_string(),
    }
}

/// A board's game record file, written a line per half-move as the game goes: the header
/// `# board NN: SILLIAC (setting) as A against NAME as B`, then `A ff-tt +v n s.sss`,
/// `B ff-tt` and `= ...` lines. Shared with the exhibition's terminal view so that either can
/// be resumed by `exhibition` with `resume`.
#[derive(Clone, Debug)]
pub struct GameRecord {
    file: PathBuf,
}

impl GameRecord {
    /// The record of `board` in `dir` (`board-NN.txt`), nothing written yet.
    pub fn at(dir: &Path, board: u8) -> GameRecord {
        GameRecord {
            file: dir.join(format!("board-{board:02}.txt")),
        }
    }

    /// Start a fresh record: create `dir` if needed and write the header line.
    pub fn create(
        dir: &Path,
        board: u8,
        setting: Setting,
        opponent: &str,
    ) -> Result<GameRecord, ExhibitionError> {
        fs::create_dir_all(dir).map_err(|e| io_err(dir, e))?;
        let r = GameRecord::at(dir, board);
        let header =
            format!("# board {board:02}: SILLIAC ({setting}) as A against {opponent} as B\n");
        fs::write(&r.file, header).map_err(|e| io_err(&r.file, e))?;
        Ok(r)
    }

    pub fn path(&self) -> &Path {
        &self.file
    }

    /// The machine's move with its value, positions examined and period time.
    pub fn machine_move(
        &self,
        mv: Move,
        value: i32,
        positions: u64,
        period_ns: u64,
    ) -> Result<(), ExhibitionError> {
        self.append(&machine_line(mv, value, positions, period_ns))
    }

    /// The opponent's move.
    pub fn opponent_move(&self, m: Move) -> Result<(), ExhibitionError> {
        self.append(&opponent_line(m))
    }

    /// The program's end-of-game reply, as it printed it.
    pub fn end(&self, text: &str) -> Result<(), ExhibitionError> {
        self.append(&format!("= {text}"))
    }

    fn append(&self, line: &str) -> Result<(), ExhibitionError> {
        let mut f = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.file)
            .map_err(|e| io_err(&self.file, e))?;
        writeln!(f, "{line}").map_err(|e| io_err(&self.file, e))
    }
}

fn machine_line(mv: Move, value: i32, positions: u64, period_ns: u64) -> String {
    format!(
        "A {:02}-{:02} {:+} {} {:.3}",
        mv.from,
        mv.to,
        value,
        positions,
        period_ns as f64 / 1e9
    )
}

fn opponent_line(m: Move) -> String {
    format!("B {:02}-{:02}", m.from, m.to)
}

impl Game {
    fn append(&self, line: &str) -> Result<(), ExhibitionError> {
        match &self.file {
            Some(r) => r.append(line),
            None => Ok(()),
        }
    }

    /// Record a half-move (or check it against the record when replaying).
    fn note(&mut self, side: Side, m: Move, line: &str) -> Result<(), ExhibitionError> {
        let i = self.half_moves;
        self.half_moves += 1;
        if let Some(r) = self.recorded.get(i) {
            if *r != RecordLine::Move(side, m) {
                return Err(ExhibitionError::Stalled(format!(
                    "board {:02}: half-move {} is {side} {m}, the record says {:?}",
                    self.board,
                    i + 1,
                    r
                )));
            }
            return Ok(());
        }
        self.append(line)
    }
}

/// Read a board's record: `A 01-10 +0 1288 30.525`, `B 32-23`, `= A WINS GOAL`.
fn read_record(file: &Path) -> Result<Vec<RecordLine>, ExhibitionError> {
    let text = match fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io_err(file, e)),
    };
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bad = |message: String| ExhibitionError::Record {
            file: file.to_path_buf(),
            line: n + 1,
            message,
        };
        let t: Vec<&str> = line.split_whitespace().collect();
        match t.as_slice() {
            [] => {}
            [c, ..] if c.starts_with('#') => {}
            ["=", ..] => out.push(RecordLine::End),
            [side, mv, ..] => {
                let side = match *side {
                    "A" => Side::A,
                    "B" => Side::B,
                    s => return Err(bad(format!("side `{s}` is neither A nor B"))),
                };
                let m: Move = mv.parse().map_err(|e| bad(format!("move `{mv}`: {e}")))?;
                out.push(RecordLine::Move(side, m));
            }
            _ => return Err(bad(format!("`{line}` is not a record line"))),
        }
    }
    Ok(out)
}

/// Play the exhibition.
pub fn exhibition(opts: &ExhibitionOptions) -> Result<ExhibitionReport, ExhibitionError> {
    let host = Instant::now();
    let n = opts.boards;
    if !(1..=25).contains(&n) {
        return Err(ExhibitionError::Boards(n));
    }
    if opts.opponents.is_empty() {
        return Err(ExhibitionError::Stalled("no opponents".to_string()));
    }
    if let Some(dir) = &opts.record_dir {
        fs::create_dir_all(dir).map_err(|e| io_err(dir, e))?;
    }
    let mut rng = Rng::new(opts.seed);
    let mut games = Vec::new();
    for board in 1..=n {
        let text = &opts.opponents[(board as usize - 1) % opts.opponents.len()];
        let opponent = parse_strategy(text, rng.next_u64()).map_err(ExhibitionError::Strategy)?;
        let mut recorded = Vec::new();
        let mut file = None;
        if let Some(dir) = &opts.record_dir {
            if opts.resume {
                let r = GameRecord::at(dir, board);
                recorded = read_record(r.path())?;
                file = Some(r);
            } else {
                file = Some(GameRecord::create(
                    dir,
                    board,
                    opts.setting,
                    &opponent.name(),
                )?);
            }
        }
        games.push(Game {
            board,
            pos: Position::start(),
            opponent,
            over: None,
            half_moves: 0,
            recorded,
            file,
        });
    }
    let mut sil = SilDama::start(opts.setting, n)?;
    let mut report = ExhibitionReport {
        boards: n,
        setting: opts.setting.to_string(),
        moves: Vec::new(),
        mismatches: Vec::new(),
        results: Vec::new(),
        emulated_ns: 0,
        host_seconds: 0.0,
        words_used: sil.words_used(),
        orders: 0,
        order_counts: Vec::new(),
    };
    let mut replies = sil.run()?;
    loop {
        for r in replies {
            handle(&mut games, &r, opts.setting, &mut report)?;
        }
        for g in games.iter_mut() {
            if g.over.is_none() {
                if let Some((side, end)) = outcome(&g.pos) {
                    // The rules say the game is over but the program went on (or fell silent).
                    report.mismatches.push(Mismatch {
                        board: g.board,
                        position: g.pos.to_string(),
                        native: format!("{side} wins ({end:?})"),
                        emulated: "no end reported".to_string(),
                    });
                    g.over = Some((side, end));
                }
            }
        }
        let mut pushed = 0;
        for g in games.iter_mut() {
            if g.over.is_some() || g.pos.side != Side::B {
                continue;
            }
            let chosen = g.opponent.choose(&g.pos);
            let m = match g.recorded.get(g.half_moves) {
                Some(RecordLine::Move(Side::B, m)) => *m,
                _ => chosen.ok_or_else(|| {
                    ExhibitionError::Stalled(format!(
                        "board {:02}: {} has no move in {}",
                        g.board,
                        g.opponent.name(),
                        g.pos
                    ))
                })?,
            };
            sil.push(&move_frames(g.board, m.from, m.to)?);
            g.note(Side::B, m, &opponent_line(m))?;
            g.pos = g.pos.apply(m);
            pushed += 1;
        }
        if games.iter().all(|g| g.over.is_some()) {
            break;
        }
        if pushed == 0 {
            return Err(ExhibitionError::Stalled(
                "no board is waiting for an opponent and the program is idle".to_string(),
            ));
        }
        replies = sil.run()?;
    }
    for g in &games {
        report.results.push(BoardResult {
            board: g.board,
            opponent: g.opponent.name(),
            winner: g.over.map(|o| o.0),
            end: g.over.map(|o| o.1),
            half_moves: g.half_moves,
        });
    }
    report.emulated_ns = sil.clock_ns();
    report.orders = sil.machine().orders();
    let mut counts: Vec<(String, u64)> = sil
        .machine()
        .counts()
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(code, &c)| (emu::silliac::orders::function_name(code as u8), c))
        .collect();
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    report.order_counts = counts;
    report.host_seconds = host.elapsed().as_secs_f64();
    Ok(report)
}

/// Check a machine move against the native `faithful` engine (move, value, positions
/// examined) in `pos`; `None` when they agree or the reply is not a move. Shared with the
/// exhibition's terminal view.
pub fn check_move(board: u8, pos: &Position, setting: Setting, r: &TimedReply) -> Option<Mismatch> {
    let Reply::Move {
        mv,
        value,
        positions,
        ..
    } = r.reply
    else {
        return None;
    };
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

/// Check one reply against the native engine and the rules, and follow the game.
fn handle(
    games: &mut [Game],
    r: &TimedReply,
    setting: Setting,
    report: &mut ExhibitionReport,
) -> Result<(), ExhibitionError> {
    let b = r.reply.board();
    let Some(g) = games.get_mut((b as usize).wrapping_sub(1)) else {
        return Err(ExhibitionError::Stalled(format!(
            "the program replied `{}` for a board not in play",
            r.text
        )));
    };
    let mismatch = |g: &Game, native: String| Mismatch {
        board: g.board,
        position: g.pos.to_string(),
        native,
        emulated: r.text.clone(),
    };
    if g.over.is_some() {
        report
            .mismatches
            .push(mismatch(g, "the game is over".to_string()));
        return Ok(());
    }
    match r.reply {
        Reply::Move {
            mv,
            value,
            positions,
            ..
        } => {
            if g.pos.side != Side::A {
                return Err(ExhibitionError::Stalled(format!(
                    "board {b:02}: the program moved `{}` with B to move",
                    r.text
                )));
            }
            report
                .mismatches
                .extend(check_move(g.board, &g.pos, setting, r));
            if outcome(&g.pos).is_some() || !is_legal(&g.pos, mv) {
                // Cannot follow an illegal move: the board is abandoned.
                report
                    .mismatches
                    .push(mismatch(g, "no legal move of that kind".to_string()));
                g.over = Some((Side::B, End::Blocked));
                return Ok(());
            }
            report.moves.push(MachineMove {
                board: b,
                half_move: g.half_moves + 1,
                position: g.pos.to_string(),
                mv,
                value,
                positions,
                phase: Phase::of(&g.pos),
                period_ns: r.period_ns(),
            });
            let line = machine_line(mv, value, positions, r.period_ns());
            g.note(Side::A, mv, &line)?;
            g.pos = g.pos.apply(mv);
        }
        Reply::Wins { side, end, .. } => {
            let native = outcome(&g.pos);
            if native != Some((side, end)) {
                let n = native.map_or("game goes on".to_string(), |(s, e)| {
                    format!("{s} wins ({e:?})")
                });
                report.mismatches.push(mismatch(g, n));
            }
            g.over = Some((side, end));
            let line = format!("= {}", r.text);
            if g.recorded.get(g.half_moves) != Some(&RecordLine::End) {
                g.append(&line)?;
            }
        }
        Reply::Refused { .. } => {
            report
                .mismatches
                .push(mismatch(g, "a legal record".to_string()));
        }
    }
    Ok(())
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

/// Run `count` random positions on the emulated program (set records on board 1) and on the
/// native faithful engine.
pub fn crosscheck(
    count: usize,
    seed: u64,
    setting: Setting,
) -> Result<CrosscheckReport, ExhibitionError> {
    crosscheck_with(count, seed, setting, &mut NoProgress)
}

/// `crosscheck`, telling `progress` after each random position (the start position is not
/// counted: `total` is `count`).
pub fn crosscheck_with(
    count: usize,
    seed: u64,
    setting: Setting,
    progress: &mut dyn Progress,
) -> Result<CrosscheckReport, ExhibitionError> {
    let host = Instant::now();
    let mut rng = Rng::new(seed);
    let mut sil = SilDama::start(setting, 1)?;
    let mut report = CrosscheckReport {
        positions: count,
        setting: setting.to_string(),
        seed,
        mismatches: Vec::new(),
        positions_examined: 0,
        times: Vec::new(),
        emulated_ns: 0,
        host_seconds: 0.0,
    };
    // The first move on board 1 from the start position is checked too.
    let mut pending = Position::start();
    let mut replies = sil.run()?;
    for i in 0..=count {
        let native = faithful(&pending, setting);
        let got = replies.iter().find_map(|r| match r.reply {
            Reply::Move {
                mv,
                value,
                positions,
                ..
            } => Some((mv, value, positions, r.text.clone())),
            _ => None,
        });
        let want = native.mv.map(|m| (m, native.value, native.positions));
        if got.as_ref().map(|g| (g.0, g.1, g.2)) != want {
            report.mismatches.push(Mismatch {
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
        }
        report.positions_examined += native.positions;
        if i > 0 {
            if let Some(r) = replies.first() {
                report.times.push((Phase::of(&pending), r.period_ns()));
            }
        }
        if i > 0 {
            progress.update(i, count);
        }
        if i == count {
            break;
        }
        pending = random_position(&mut rng);
        sil.push(&set_frames(1, pending.a, pending.b)?);
        replies = sil.run()?;
    }
    report.emulated_ns = sil.clock_ns();
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
        match r.reply {
            Reply::Move {
                mv,
                value,
                positions,
                ..
            } => {
                let mv = match pos.side {
                    Side::A => mv,
                    Side::B => Move::new(33 - mv.from, 33 - mv.to),
                };
                return Ok((
                    super::search::SearchResult {
                        mv: Some(mv),
                        value,
                        positions,
                    },
                    spent,
                ));
            }
            Reply::Wins {
                side: Side::A,
                end: End::Blocked,
                ..
            } => return Ok((super::search::SearchResult::BLOCKED, spent)),
            _ => {}
        }
    }
    Err(ExhibitionError::Stalled(format!(
        "no move for {pos}: {:?}",
        replies.iter().map(|r| &r.text).collect::<Vec<_>>()
    )))
}

/// A hand-written SVG: the distribution of period move times (log scale) beside Findler's
/// 10-150 s band.
pub fn plot_svg(report: &ExhibitionReport) -> String {
    let times: Vec<f64> = report
        .moves
        .iter()
        .map(|m| m.period_ns as f64 / 1e9)
        .collect();
    let (w, h, left, bottom, top) = (720.0, 360.0, 60.0, 300.0, 40.0);
    let (lo, hi) = (0.1f64.log10(), 1000.0f64.log10());
    let x = |s: f64| left + (s.max(0.1).log10() - lo) / (hi - lo) * (w - left - 20.0);
    let bins = 40usize;
    let mut counts = vec![0usize; bins];
    for &t in &times {
        let f = (t.max(0.1).log10() - lo) / (hi - lo);
        let i = ((f * bins as f64) as usize).min(bins - 1);
        counts[i] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    let mut s = String::new();
    s.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n"
    ));
    s.push_str(&format!(
        "<text x=\"{left}\" y=\"20\">SILLIAC dama, {} boards, setting {}: {} machine moves, period time per move (log scale)</text>\n",
        report.boards, report.setting, times.len()
    ));
    s.push_str(&format!(
        "<rect x=\"{:.1}\" y=\"{top}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#f3e3b0\"/>\n",
        x(10.0),
        x(150.0) - x(10.0),
        bottom - top
    ));
    s.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{}\">Findler: 10-150 s a move</text>\n",
        x(10.0) + 4.0,
        top + 14.0
    ));
    let bw = (w - left - 20.0) / bins as f64;
    for (i, &c) in counts.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let bh = c as f64 / most * (bottom - top - 20.0);
        s.push_str(&format!(
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#3b6ea5\"><title>{c}</title></rect>\n",
            left + i as f64 * bw,
            bottom - bh,
            bw - 1.0,
            bh
        ));
    }
    s.push_str(&format!(
        "<line x1=\"{left}\" y1=\"{bottom}\" x2=\"{}\" y2=\"{bottom}\" stroke=\"black\"/>\n",
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
    if let Some(sp) = spread(&report.move_times()) {
        s.push_str(&format!(
            "<text x=\"{left}\" y=\"{}\">min {:.1} s, median {:.1} s, max {:.1} s</text>\n",
            bottom + 45.0,
            sp.min,
            sp.median,
            sp.max
        ));
    }
    s.push_str("</svg>\n");
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
}
