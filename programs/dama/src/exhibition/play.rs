//! The exhibition loop: one value that plays every board on the emulated SILLIAC and tells what
//! happens as events. The report (`exhibition`), the terminal view and the tests all drive it;
//! it writes the game records, so every driver writes the same ones.

use std::collections::VecDeque;
use std::time::Instant;

use super::record::{
    end_line, machine_line, opponent_line, GameRecord, Header, RecordLine, Resumed,
};
use super::{BoardResult, ExhibitionError, ExhibitionOptions, ExhibitionReport, MachineMove};
use crate::board::{Move, Position, Side};
use crate::crosscheck::{check, Mismatch};
use crate::game::{outcome, End};
use crate::movegen::is_legal;
use crate::search::Setting;
use crate::sil::{move_frames, Reply, SilDama, TimedReply};
use crate::strategy::{parse_strategy, Strategy};
use crate::times::Phase;
use emu::silliac::timing;
use emu::{Bound, Spread};
use harness::rng::Rng;

/// Who chose B's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mover {
    /// The board's opponent strategy.
    Opponent,
    /// A person who took the board over.
    Human,
    /// The board's record, replayed on `resume`.
    Record,
}

/// How the exhibition ended: every board's result and the machine's totals.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Summary {
    pub results: Vec<BoardResult>,
    pub emulated_ns: u64,
    /// The run's period time under the low, nominal and high figures, the bound charged, and
    /// the nominal split by row status (sourced, derived, estimated); `ExhibitionReport` has
    /// the same fields.
    #[serde(skip)]
    pub period: Spread,
    #[serde(skip)]
    pub timing: Bound,
    #[serde(skip)]
    pub by_status: [u64; 3],
    pub orders: u64,
    /// Orders obeyed per function code (name, count), largest first.
    pub order_counts: Vec<(String, u64)>,
    /// Host time since the loop was made.
    pub host_seconds: f64,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub enum EventKind {
    /// The boards are set up and the program is on the reader (always the first event).
    Started {
        boards: u8,
        setting: String,
        words_used: usize,
        opponents: Vec<String>,
    },
    /// The machine's move on a board, with its period time; a `Mismatch` follows it when the
    /// native faithful engine disagrees.
    MachineMove(MachineMove),
    /// B's move, pushed to the program.
    OpponentMove {
        board: u8,
        half_move: usize,
        mv: Move,
        by: Mover,
    },
    /// A game is over: `claimed` is the program's reply, `None` when the rules ended it (the
    /// program said nothing, or moved illegally).
    GameOver {
        board: u8,
        winner: Side,
        end: End,
        claimed: Option<String>,
    },
    /// The program and the native engine (or the rules) differ.
    Mismatch(Mismatch),
    /// A line appended to a board's record file (the header too).
    Recorded { board: u8, line: String },
    /// A record found cut in the middle of its last line when resuming: the torn text was
    /// dropped and the board goes on from its last whole line.
    Repaired { board: u8, dropped: String },
    /// A person's move that was no longer legal when B's turn came; it is dropped.
    Refused { board: u8, mv: Move, reason: String },
    /// Nothing can go on until the people holding these boards play (`Input::Play`).
    Waiting { boards: Vec<u8> },
    /// Every game is over (always the last event).
    Finished(Summary),
}

/// What a driver tells the loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A person takes B's side on a board over (`human`), or hands it back to its opponent.
    Hold { board: u8, human: bool },
    /// A person's move for B on a board they hold, played when B's turn there comes (a later
    /// move replaces one not yet played).
    Play { board: u8, mv: Move },
}

/// An event and when it happened in period time: the emulated clock (ns since the machine
/// started), for a reply the end of its line.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Event {
    pub clock_ns: u64,
    pub kind: EventKind,
}

/// One board as the loop follows it.
struct Game {
    board: u8,
    pos: Position,
    opponent: Box<dyn Strategy>,
    over: Option<(Side, End)>,
    half_moves: usize,
    /// Lines already in the record file (resume: replayed and held to, not written again).
    recorded: Vec<Resumed>,
    file: Option<GameRecord>,
    /// A person plays B here.
    human: bool,
    /// The person's move, waiting for B's turn.
    typed: Option<Move>,
}

impl Game {
    fn mismatch(&self, native: String, emulated: String) -> Mismatch {
        Mismatch {
            board: self.board,
            position: self.pos.to_string(),
            native,
            emulated,
        }
    }

    /// Count a half-move and write its record line (or, replaying, check it against the
    /// record); the line if one was written.
    fn note(&mut self, line: String) -> Result<Option<String>, ExhibitionError> {
        let i = self.half_moves;
        self.half_moves += 1;
        self.held_to(i, line)
    }

    /// Line `i` of the game: written when the record has no line `i`, else held to it. A
    /// resumed record says exactly what the replayed game says, move, value, positions and
    /// period time alike; a difference is named by the record's file and line.
    fn held_to(&self, i: usize, line: String) -> Result<Option<String>, ExhibitionError> {
        let Some(r) = self.recorded.get(i) else {
            return self.write(line);
        };
        if r.text == line {
            return Ok(None);
        }
        Err(ExhibitionError::Record {
            file: self
                .file
                .as_ref()
                .map_or_else(Default::default, |f| f.path().into()),
            line: r.number,
            message: format!("the record says `{}`, the replayed game `{line}`", r.text),
        })
    }

    /// A game over with lines of its record still unplayed: the record goes on past the end.
    fn past_the_end(&self) -> Result<(), ExhibitionError> {
        let played = self.half_moves + usize::from(self.ended_in_record());
        match self.recorded.get(played) {
            Some(r) => Err(ExhibitionError::Record {
                file: self
                    .file
                    .as_ref()
                    .map_or_else(Default::default, |f| f.path().into()),
                line: r.number,
                message: format!("`{}` after the end of the replayed game", r.text),
            }),
            None => Ok(()),
        }
    }

    /// Whether the record's line after the half-moves is the end line.
    fn ended_in_record(&self) -> bool {
        self.recorded
            .get(self.half_moves)
            .is_some_and(|r| r.line == RecordLine::End)
    }

    fn write(&self, line: String) -> Result<Option<String>, ExhibitionError> {
        match &self.file {
            Some(r) => r.append(&line).map(|()| Some(line)),
            None => Ok(None),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The machine is thinking: the next reply, or idleness.
    Machine,
    /// The machine waits: B's moves.
    Opponents,
    Done,
}

/// The exhibition in play. Iterate it (or call `next_event`) for its events; each call runs
/// the machine at most to its next reply, so a driver can go one machine move at a time.
pub struct Exhibition {
    setting: Setting,
    sil: SilDama,
    games: Vec<Game>,
    pending: VecDeque<Event>,
    stage: Stage,
    host: Instant,
}

impl Exhibition {
    /// Set up the boards (writing the records' headers, or reading them to resume) and load the
    /// program. The first event is `Started`.
    pub fn new(opts: &ExhibitionOptions) -> Result<Exhibition, ExhibitionError> {
        let host = Instant::now();
        let n = opts.boards;
        if !(1..=25).contains(&n) {
            return Err(ExhibitionError::Boards(n));
        }
        if opts.opponents.is_empty() {
            return Err(ExhibitionError::Stalled("no opponents".to_string()));
        }
        if let Some(dir) = &opts.record_dir {
            std::fs::create_dir_all(dir).map_err(|e| super::record::io_err(dir, e))?;
        }
        let mut rng = Rng::new(opts.seed);
        let mut games = Vec::new();
        let mut pending = VecDeque::new();
        for board in 1..=n {
            let text = &opts.opponents[(board as usize - 1) % opts.opponents.len()];
            let opponent =
                parse_strategy(text, rng.next_u64()).map_err(ExhibitionError::Strategy)?;
            let mut recorded = Vec::new();
            let mut file = None;
            if let Some(dir) = &opts.record_dir {
                let header = Header {
                    board,
                    setting: opts.setting,
                    opponent: opponent.name(),
                    boards: n,
                    seed: opts.seed,
                    timing: opts.timing,
                };
                let r = GameRecord::at(dir, board);
                if opts.resume {
                    if let Some(dropped) = r.repair()? {
                        pending.push_back(EventKind::Repaired { board, dropped });
                    }
                }
                // Killed before (or while) the header was written: start afresh.
                if opts.resume && r.has_header() {
                    recorded = r.read_to_resume(&header)?;
                    file = Some(r);
                } else {
                    file = Some(GameRecord::create(dir, &header)?);
                    let line = header.line();
                    pending.push_back(EventKind::Recorded { board, line });
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
                human: false,
                typed: None,
            });
        }
        let sil = SilDama::start_timed(opts.setting, n, opts.timing)?;
        let started = EventKind::Started {
            boards: n,
            setting: opts.setting.to_string(),
            words_used: sil.words_used(),
            opponents: games.iter().map(|g| g.opponent.name()).collect(),
        };
        let pending = std::iter::once(started)
            .chain(pending)
            .map(|kind| Event { clock_ns: 0, kind })
            .collect();
        Ok(Exhibition {
            setting: opts.setting,
            sil,
            games,
            pending,
            stage: Stage::Machine,
            host,
        })
    }

    /// The emulated SILLIAC, for a view of its registers and store.
    pub fn machine(&self) -> &emu::silliac::Machine {
        self.sil.machine()
    }

    /// The emulated SILLIAC, for a tool that watches it run (`Machine::count_pairs`); the
    /// exhibition's games and times are the same.
    pub fn machine_mut(&mut self) -> &mut emu::silliac::Machine {
        self.sil.machine_mut()
    }

    /// Events ready to hand out without running the machine (a driver that shows events in
    /// batches shows one when this is 0, before the machine thinks again).
    pub fn queued(&self) -> usize {
        self.pending.len()
    }

    /// Take a driver's input: why not, if it cannot be taken (no such board, or a move for a
    /// board no person holds).
    pub fn input(&mut self, input: Input) -> Result<(), String> {
        let board = match input {
            Input::Hold { board, .. } | Input::Play { board, .. } => board,
        };
        let Some(g) = self.games.get_mut((board as usize).wrapping_sub(1)) else {
            return Err(format!("there is no board {board}"));
        };
        match input {
            Input::Hold { human, .. } => g.human = human,
            Input::Play { mv, .. } if g.human => g.typed = Some(mv),
            Input::Play { .. } => return Err(format!("board {board:02} is not held by a person")),
        }
        Ok(())
    }

    /// The next event; `None` after `Finished` (or after an error).
    pub fn next_event(&mut self) -> Result<Option<Event>, ExhibitionError> {
        let r = self.advance();
        if r.is_err() {
            self.stage = Stage::Done;
            self.pending.clear();
        }
        r
    }

    fn advance(&mut self) -> Result<Option<Event>, ExhibitionError> {
        loop {
            if let Some(e) = self.pending.pop_front() {
                return Ok(Some(e));
            }
            match self.stage {
                Stage::Machine => match self.sil.next_reply()? {
                    Some(r) => {
                        let kinds = self.on_reply(&r)?;
                        self.emit(r.end_ns, kinds);
                    }
                    None => {
                        let kinds = self.unreported_ends();
                        self.emit(self.sil.clock_ns(), kinds);
                        self.stage = Stage::Opponents;
                    }
                },
                Stage::Opponents => {
                    let kinds = self.opponents()?;
                    self.emit(self.sil.clock_ns(), kinds);
                }
                Stage::Done => return Ok(None),
            }
        }
    }

    fn emit(&mut self, clock_ns: u64, kinds: Vec<EventKind>) {
        self.pending
            .extend(kinds.into_iter().map(|kind| Event { clock_ns, kind }));
    }

    /// Check one reply against the native engine and the rules, and follow the game.
    fn on_reply(&mut self, r: &TimedReply) -> Result<Vec<EventKind>, ExhibitionError> {
        let b = r.reply.board();
        let setting = self.setting;
        let Some(g) = self.games.get_mut((b as usize).wrapping_sub(1)) else {
            return Err(ExhibitionError::Stalled(format!(
                "the program replied `{}` for a board not in play",
                r.text
            )));
        };
        let mut out = Vec::new();
        if g.over.is_some() {
            let m = g.mismatch("the game is over".to_string(), r.text.clone());
            out.push(EventKind::Mismatch(m));
            return Ok(out);
        }
        match (r.reply.as_move(), r.reply) {
            (Some((mv, value, positions)), _) => {
                if g.pos.side != Side::A {
                    return Err(ExhibitionError::Stalled(format!(
                        "board {b:02}: the program moved `{}` with B to move",
                        r.text
                    )));
                }
                let (mismatch, native) = check(b, &g.pos, setting, std::slice::from_ref(r));
                out.extend(mismatch.map(EventKind::Mismatch));
                if outcome(&g.pos).is_some() || !is_legal(&g.pos, mv) {
                    // Cannot follow an illegal move: the board is abandoned.
                    let m = g.mismatch("no legal move of that kind".to_string(), r.text.clone());
                    out.push(EventKind::Mismatch(m));
                    g.over = Some((Side::B, End::Blocked));
                    out.push(game_over(b, Side::B, End::Blocked, None));
                    return Ok(out);
                }
                out.push(EventKind::MachineMove(MachineMove {
                    board: b,
                    half_move: g.half_moves + 1,
                    position: g.pos.to_string(),
                    mv,
                    value,
                    positions,
                    native_positions: native.positions,
                    phase: Phase::of(&g.pos),
                    period_ns: r.period_ns(),
                }));
                let line = machine_line(mv, value, positions, r.period_ns());
                out.extend(recorded(b, g.note(line)?));
                g.pos = g.pos.apply(mv);
            }
            (None, Reply::Wins { side, end, .. }) => {
                let native = outcome(&g.pos);
                if native != Some((side, end)) {
                    let n = native.map_or("game goes on".to_string(), |(s, e)| {
                        format!("{s} wins ({e:?})")
                    });
                    out.push(EventKind::Mismatch(g.mismatch(n, r.text.clone())));
                }
                g.over = Some((side, end));
                out.push(game_over(b, side, end, Some(r.text.clone())));
                out.extend(recorded(b, g.held_to(g.half_moves, end_line(&r.text))?));
            }
            (None, _) => {
                let m = g.mismatch("a legal record".to_string(), r.text.clone());
                out.push(EventKind::Mismatch(m));
            }
        }
        Ok(out)
    }

    /// The machine is idle: games the rules say are over but the program went on with (or
    /// fell silent on).
    fn unreported_ends(&mut self) -> Vec<EventKind> {
        let mut out = Vec::new();
        for g in self.games.iter_mut().filter(|g| g.over.is_none()) {
            if let Some((side, end)) = outcome(&g.pos) {
                let native = format!("{side} wins ({end:?})");
                let m = g.mismatch(native, "no end reported".to_string());
                out.push(EventKind::Mismatch(m));
                g.over = Some((side, end));
                out.push(game_over(g.board, side, end, None));
            }
        }
        out
    }

    /// B's moves on every board where B is to move (the opponents at once, people when they
    /// have played), then back to the machine; or the end, or a wait for people.
    fn opponents(&mut self) -> Result<Vec<EventKind>, ExhibitionError> {
        let mut out = Vec::new();
        let mut waiting = Vec::new();
        let mut pushed = 0;
        for g in self.games.iter_mut() {
            if g.over.is_some() || g.pos.side != Side::B {
                continue;
            }
            let replayed = match g.recorded.get(g.half_moves).map(|r| &r.line) {
                Some(RecordLine::Move(Side::B, m)) => Some(*m),
                _ => None,
            };
            let (m, by) = if g.human {
                match (replayed, g.typed.take()) {
                    (Some(m), typed) => {
                        g.typed = typed;
                        (m, Mover::Record)
                    }
                    (None, Some(m)) if is_legal(&g.pos, m) => (m, Mover::Human),
                    (None, Some(mv)) => {
                        let reason = format!("{mv} is not legal in {}", g.pos);
                        out.push(EventKind::Refused {
                            board: g.board,
                            mv,
                            reason,
                        });
                        waiting.push(g.board);
                        continue;
                    }
                    (None, None) => {
                        waiting.push(g.board);
                        continue;
                    }
                }
            } else {
                // The strategy chooses even when the record decides, so that a random one
                // draws the same numbers as in the run recorded.
                let chosen = g.opponent.choose(&g.pos);
                match replayed {
                    Some(m) => (m, Mover::Record),
                    None => (
                        chosen.ok_or_else(|| {
                            ExhibitionError::Stalled(format!(
                                "board {:02}: {} has no move in {}",
                                g.board,
                                g.opponent.name(),
                                g.pos
                            ))
                        })?,
                        Mover::Opponent,
                    ),
                }
            };
            self.sil.push(&move_frames(g.board, m.from, m.to)?);
            out.push(EventKind::OpponentMove {
                board: g.board,
                half_move: g.half_moves + 1,
                mv: m,
                by,
            });
            out.extend(recorded(g.board, g.note(opponent_line(m))?));
            g.pos = g.pos.apply(m);
            pushed += 1;
        }
        if self.games.iter().all(|g| g.over.is_some()) {
            for g in &self.games {
                g.past_the_end()?;
            }
            self.stage = Stage::Done;
            for r in self.games.iter().filter_map(|g| g.file.as_ref()) {
                r.sync()?;
            }
            out.push(EventKind::Finished(self.summary()));
        } else if pushed > 0 {
            self.stage = Stage::Machine;
        } else if !waiting.is_empty() {
            out.push(EventKind::Waiting { boards: waiting });
        } else {
            return Err(ExhibitionError::Stalled(
                "no board is waiting for an opponent and the program is idle".to_string(),
            ));
        }
        Ok(out)
    }

    fn summary(&self) -> Summary {
        let m = self.sil.machine();
        let mut order_counts: Vec<(String, u64)> = m
            .counts()
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(code, &c)| (emu::silliac::orders::function_name(code as u8), c))
            .collect();
        order_counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        Summary {
            results: self
                .games
                .iter()
                .map(|g| BoardResult {
                    board: g.board,
                    opponent: g.opponent.name(),
                    winner: g.over.map(|o| o.0),
                    end: g.over.map(|o| o.1),
                    half_moves: g.half_moves,
                })
                .collect(),
            emulated_ns: self.sil.clock_ns(),
            period: m.spread(),
            timing: m.timing(),
            by_status: timing::nominal_by_status(m.counts(), &m.work()).map(|(_, ns)| ns),
            orders: m.orders(),
            order_counts,
            host_seconds: self.host.elapsed().as_secs_f64(),
        }
    }
}

fn game_over(board: u8, winner: Side, end: End, claimed: Option<String>) -> EventKind {
    EventKind::GameOver {
        board,
        winner,
        end,
        claimed,
    }
}

fn recorded(board: u8, line: Option<String>) -> Option<EventKind> {
    line.map(|line| EventKind::Recorded { board, line })
}

impl Iterator for Exhibition {
    type Item = Result<Event, ExhibitionError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_event().transpose()
    }
}

impl ExhibitionReport {
    /// Take one event into the report: the report of an exhibition is the fold of its events.
    pub fn fold(&mut self, e: &Event) {
        match &e.kind {
            EventKind::Started {
                boards,
                setting,
                words_used,
                ..
            } => {
                self.boards = *boards;
                self.setting = setting.clone();
                self.words_used = *words_used;
            }
            EventKind::MachineMove(m) => self.moves.push(m.clone()),
            EventKind::Mismatch(m) => self.mismatches.push(m.clone()),
            EventKind::Finished(s) => {
                self.results = s.results.clone();
                self.emulated_ns = s.emulated_ns;
                self.period = s.period;
                self.timing = s.timing;
                self.by_status = s.by_status;
                self.orders = s.orders;
                self.order_counts = s.order_counts.clone();
                self.host_seconds = s.host_seconds;
            }
            EventKind::Repaired { board, dropped } => self.repaired.push(format!(
                "board {board:02}: dropped the torn last line `{dropped}`"
            )),
            EventKind::OpponentMove { .. }
            | EventKind::GameOver { .. }
            | EventKind::Recorded { .. }
            | EventKind::Refused { .. }
            | EventKind::Waiting { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::legal_moves;

    fn opts(boards: u8, record_dir: Option<std::path::PathBuf>) -> ExhibitionOptions {
        ExhibitionOptions {
            boards,
            seed: 5,
            opponents: vec!["greedy".to_string(), "random".to_string()],
            record_dir,
            ..ExhibitionOptions::default()
        }
    }

    /// The events of a whole exhibition: `Started` first, `Finished` last, period time never
    /// going back, the record files holding exactly the `Recorded` lines, and the fold equal to
    /// the report `exhibition` returns.
    #[test]
    fn events_fold_into_the_report_and_name_every_record_line() {
        let dir = std::env::temp_dir().join(format!("fm-play-events-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let events: Vec<Event> = Exhibition::new(&opts(2, Some(dir.clone())))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert!(matches!(
            events[0].kind,
            EventKind::Started { boards: 2, .. }
        ));
        assert!(matches!(
            events.last().unwrap().kind,
            EventKind::Finished(_)
        ));
        assert!(events.windows(2).all(|w| w[0].clock_ns <= w[1].clock_ns));
        for b in 1..=2u8 {
            let lines: Vec<String> = events
                .iter()
                .filter_map(|e| match &e.kind {
                    EventKind::Recorded { board, line } if *board == b => Some(line.clone()),
                    _ => None,
                })
                .collect();
            let file = std::fs::read_to_string(GameRecord::at(&dir, b).path()).unwrap();
            assert_eq!(file, lines.join("\n") + "\n", "board {b}");
        }
        let mut folded = ExhibitionReport::default();
        events.iter().for_each(|e| folded.fold(e));
        let direct = super::super::exhibition(&opts(2, None)).unwrap();
        assert_eq!(folded.moves, direct.moves);
        assert_eq!(folded.results, direct.results);
        assert_eq!(folded.mismatches, direct.mismatches);
        assert_eq!(
            (folded.emulated_ns, folded.orders, folded.words_used),
            (direct.emulated_ns, direct.orders, direct.words_used)
        );
        // A machine move's event comes at the end of its reply, with its period time.
        for e in &events {
            if let EventKind::MachineMove(m) = &e.kind {
                assert!(m.period_ns > 0 && m.period_ns <= e.clock_ns);
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// One machine move at a time: when a `MachineMove` comes out, the machine has not yet
    /// reached the end of the next reply (it runs in slices to each reply, not to the end of
    /// the round).
    #[test]
    fn the_loop_stops_at_each_machine_move() {
        let mut ex = Exhibition::new(&opts(3, None)).unwrap();
        let mut clocks = Vec::new();
        while let Some(e) = ex.next_event().unwrap() {
            if let EventKind::MachineMove(_) = e.kind {
                clocks.push((e.clock_ns, ex.machine().clock_ns()));
                if clocks.len() == 6 {
                    break;
                }
            }
        }
        assert_eq!(clocks.len(), 6);
        for w in clocks.windows(2) {
            let ((_, machine_then), (next_reply_end, _)) = (w[0], w[1]);
            assert!(machine_then < next_reply_end, "{clocks:?}");
        }
    }

    /// A board a person holds waits for their move; an illegal one is refused with the reason,
    /// a legal one is played as the person's, and the other board goes on meanwhile.
    #[test]
    fn a_held_board_waits_for_its_person() {
        let mut ex = Exhibition::new(&opts(2, None)).unwrap();
        let play = |board, mv| Input::Play { board, mv };
        ex.input(Input::Hold {
            board: 1,
            human: true,
        })
        .unwrap();
        assert!(ex.input(play(2, Move::new(25, 21))).is_err());
        assert!(ex.input(play(26, Move::new(25, 21))).is_err());
        let mut pos = Position::start();
        let mut other_moved = false;
        loop {
            let e = ex.next_event().unwrap().unwrap();
            match e.kind {
                EventKind::MachineMove(m) if m.board == 1 => pos = pos.apply(m.mv),
                EventKind::OpponentMove { board: 2, by, .. } => {
                    assert_eq!(by, Mover::Opponent);
                    other_moved = true;
                }
                EventKind::Waiting { boards } => {
                    assert_eq!(boards, vec![1]);
                    break;
                }
                _ => {}
            }
        }
        assert!(other_moved);
        ex.input(play(1, Move::new(1, 5))).unwrap();
        let refused = std::iter::from_fn(|| ex.next_event().unwrap())
            .find(|e| {
                matches!(
                    e.kind,
                    EventKind::Refused { .. } | EventKind::Waiting { .. }
                )
            })
            .unwrap();
        assert!(
            matches!(&refused.kind, EventKind::Refused { board: 1, reason, .. } if reason.contains("not legal")),
            "{refused:?}"
        );
        let m = legal_moves(&pos).as_slice()[0];
        ex.input(play(1, m)).unwrap();
        let played = std::iter::from_fn(|| ex.next_event().unwrap())
            .find(|e| matches!(e.kind, EventKind::OpponentMove { board: 1, .. }))
            .unwrap();
        assert_eq!(
            played.kind,
            EventKind::OpponentMove {
                board: 1,
                half_move: 2,
                mv: m,
                by: Mover::Human
            }
        );
    }
}
