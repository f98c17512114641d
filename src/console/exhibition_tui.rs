//! `firstmoves dama exhibition --tui`: the exhibition on a terminal. The exhibition loop
//! (`dama::exhibition::Exhibition`) plays every board in a harness thread and hands
//! its events here; the screen folds them into the boards, shows the machine's registers and
//! its store, and lets a person take over a board (B's side) and type its moves.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyModifiers};
use dama::exhibition::{Event, EventKind, Exhibition, ExhibitionOptions, Input};
use dama::movegen::{is_legal, legal_moves};
use dama::{Move, Position, Side};
use emu::silliac::orders::word_to_sex;
use emu::silliac::Half;

use super::silliac::order_at;
use super::term::{store_raster, Frame, Terminal};
use super::tubes::{Tubes, TUBES};

/// One board as the screen shows it.
#[derive(Clone, Debug)]
pub struct BoardView {
    pub board: u8,
    pub opponent: String,
    pub pos: Position,
    /// The half-moves so far, oldest first (`A 11-15`).
    pub moves: Vec<String>,
    /// Period time of the machine's last move.
    pub period_ns: Option<u64>,
    /// Period time of all the machine's moves here: the board's clock.
    pub clock_ns: u64,
    pub result: Option<String>,
    /// A person plays B here.
    pub human: bool,
    /// The person's move, sent to the loop and not yet played there.
    pub sent: Option<Move>,
}

impl BoardView {
    fn new(board: u8, opponent: &str) -> BoardView {
        BoardView {
            board,
            opponent: opponent.to_string(),
            pos: Position::start(),
            moves: Vec::new(),
            period_ns: None,
            clock_ns: 0,
            result: None,
            human: false,
            sent: None,
        }
    }

    fn play(&mut self, side: &str, m: Move) {
        self.pos = self.pos.apply(m);
        self.moves.push(format!("{side} {m}"));
    }

    /// The last `n` half-moves, oldest first.
    fn last(&self, n: usize) -> String {
        self.moves[self.moves.len().saturating_sub(n)..].join(" ")
    }
}

/// The machine as the panel shows it.
#[derive(Clone, Debug)]
pub struct MachineView {
    pub a: u64,
    pub q: u64,
    pub control: (u16, Half),
    pub order: String,
    pub clock_ns: u64,
    pub orders: u64,
    pub store: Box<[u64; 1024]>,
    /// Host time spent emulating.
    pub host: Duration,
}

impl MachineView {
    fn of(m: &emu::silliac::Machine, host: Duration) -> MachineView {
        let (a, h) = m.control();
        MachineView {
            a: m.a(),
            q: m.q(),
            control: (a, h),
            order: order_at(m, a, h).to_text(),
            clock_ns: m.clock_ns(),
            orders: m.orders(),
            store: Box::new(*m.store().words()),
            host,
        }
    }
}

enum ToUi {
    /// The loop is set up (the first message, or `Failed`).
    Ready,
    /// Paced: SILLIAC is thinking about this board (its reply is held until its period time
    /// has passed at the pace).
    Thinking(u8),
    Events(Vec<Event>, MachineView),
    Failed(String),
}

/// Why `mv` cannot be played by B on `board`, if it cannot.
pub fn refusal(view: &BoardView, text: &str) -> Result<Move, String> {
    if !view.human {
        return Err(format!(
            "board {:02} is played by {}: take it over first (t)",
            view.board, view.opponent
        ));
    }
    if let Some(r) = &view.result {
        return Err(format!("board {:02} is over: {r}", view.board));
    }
    if let Some(m) = view.sent {
        return Err(format!(
            "board {:02}: your move {m} is on its way to SILLIAC",
            view.board
        ));
    }
    if view.pos.side != Side::B {
        return Err(format!(
            "board {:02}: SILLIAC (A) is to move, wait for its reply",
            view.board
        ));
    }
    let m: Move = text.parse().map_err(|e| format!("`{text}`: {e}"))?;
    if is_legal(&view.pos, m) {
        return Ok(m);
    }
    let bit = |s: u8| 1u32 << (s - 1);
    let reason = if view.pos.b & bit(m.from) == 0 {
        format!("square {} has no piece of yours (B)", m.from)
    } else if (view.pos.a | view.pos.b) & bit(m.to) != 0 {
        format!("square {} is occupied", m.to)
    } else {
        "that piece cannot reach that square".to_string()
    };
    let legal: Vec<String> = legal_moves(&view.pos)
        .iter()
        .map(|m| m.to_string())
        .collect();
    Err(format!(
        "{m} is illegal: {reason}; legal: {}",
        legal.join(" ")
    ))
}

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

/// What the screen tells the harness besides the loop's inputs: pause, and single steps.
#[derive(Debug, Default)]
pub struct Control {
    paused: AtomicBool,
    /// SILLIAC moves still to be played while paused (`s`).
    steps: AtomicUsize,
}

/// The harness: set the loop up, then drive it, sending its events in batches (each time the
/// machine is about to think) with a view of the machine.
fn harness(
    opts: ExhibitionOptions,
    pace: Pace,
    to_ui: Sender<ToUi>,
    from_ui: Receiver<Input>,
    control: Arc<Control>,
) {
    let ex = match Exhibition::new(&opts) {
        Ok(ex) => ex,
        Err(e) => {
            let _ = to_ui.send(ToUi::Failed(e.to_string()));
            return;
        }
    };
    if to_ui.send(ToUi::Ready).is_err() {
        return;
    }
    if let Err(e) = drive(ex, pace, &to_ui, &from_ui, &control) {
        let _ = to_ui.send(ToUi::Failed(e));
    }
}

/// The exhibition run to its end on this thread, as the live view's harness runs it at
/// `--pace max`, for the bench: with `view`, after each batch of events the machine's view is
/// taken and the whole screen drawn with the store as its 40 tubes (the costliest panel), on
/// this same thread, so that its cost counts against the emulator. The orders run.
pub fn bench_run(opts: &ExhibitionOptions, view: bool) -> Result<u64, String> {
    let mut ex = Exhibition::new(opts).map_err(|e| e.to_string())?;
    let mut screen = View::new(String::new());
    screen.store_view = StoreView::Tubes;
    let mut drawn = 0usize;
    while let Some(e) = ex.next_event().map_err(|e| e.to_string())? {
        if view {
            screen.take(&e);
            if ex.queued() == 0 {
                screen.machine = Some(MachineView::of(ex.machine(), Duration::ZERO));
                drawn += screen.render(GRID.0, GRID.1).text().len();
            }
        }
    }
    // The frames are used, so the drawing is not optimised away.
    std::hint::black_box(drawn);
    Ok(ex.machine().orders())
}

/// A person's input to the loop. The screen checked it; a move on a board handed back
/// meanwhile is just dropped.
fn obey(ex: &mut Exhibition, input: Input) {
    let _ = ex.input(input);
}

fn drive(
    mut ex: Exhibition,
    pace: Pace,
    to_ui: &Sender<ToUi>,
    from_ui: &Receiver<Input>,
    control: &Control,
) -> Result<(), String> {
    let mut host = Duration::ZERO;
    let mut batch = Vec::new();
    // Paced: a host instant and the period clock it stands for; unset while paused.
    let mut base: Option<(Instant, u64)> = None;
    let mut last_clock = 0;
    // Take the person's inputs; false when the screen is gone.
    let drain = |ex: &mut Exhibition| loop {
        match from_ui.try_recv() {
            Ok(msg) => obey(ex, msg),
            Err(mpsc::TryRecvError::Empty) => return true,
            Err(mpsc::TryRecvError::Disconnected) => return false,
        }
    };
    loop {
        if !drain(&mut ex) {
            return Ok(());
        }
        let stepping = control.paused.load(Ordering::Relaxed);
        if stepping && control.steps.load(Ordering::Relaxed) == 0 {
            base = None;
            std::thread::sleep(Duration::from_millis(50));
            continue;
        }
        let t = Instant::now();
        let next = ex.next_event().map_err(|e| e.to_string())?;
        host += t.elapsed();
        let Some(e) = next else {
            // Every game is over: stay until the person quits.
            while from_ui.recv().is_ok() {}
            return Ok(());
        };
        if let EventKind::MachineMove(m) = &e.kind {
            if stepping {
                let _ = control
                    .steps
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
            } else if let Pace::Times(x) = pace {
                // Show what came before, say which board SILLIAC is thinking about, and hold
                // its reply until its period time has passed at the pace.
                let view = MachineView::of(ex.machine(), host);
                let sent = to_ui
                    .send(ToUi::Events(std::mem::take(&mut batch), view))
                    .and_then(|()| to_ui.send(ToUi::Thinking(m.board)));
                if sent.is_err() {
                    return Ok(());
                }
                let (mut h0, c0) = *base.get_or_insert((Instant::now(), last_clock));
                loop {
                    let due = h0 + Duration::from_secs_f64((e.clock_ns - c0) as f64 / 1e9 / x);
                    let now = Instant::now();
                    if now >= due {
                        break;
                    }
                    // Paused while this move was held, then `s`: this is the step's move.
                    if control.paused.load(Ordering::Relaxed)
                        && control
                            .steps
                            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                                n.checked_sub(1)
                            })
                            .is_ok()
                    {
                        break;
                    }
                    if control.paused.load(Ordering::Relaxed) {
                        // The period stands still while paused.
                        std::thread::sleep(Duration::from_millis(50));
                        h0 += now.elapsed();
                    } else {
                        std::thread::sleep((due - now).min(Duration::from_millis(20)));
                    }
                    if !drain(&mut ex) {
                        return Ok(());
                    }
                }
                base = Some((h0, c0));
            }
        }
        last_clock = e.clock_ns;
        let waiting = matches!(e.kind, EventKind::Waiting { .. });
        batch.push(e);
        if ex.queued() == 0 {
            let view = MachineView::of(ex.machine(), host);
            if to_ui
                .send(ToUi::Events(std::mem::take(&mut batch), view))
                .is_err()
            {
                return Ok(());
            }
        }
        if waiting {
            base = None;
            match from_ui.recv_timeout(Duration::from_millis(100)) {
                Ok(msg) => obey(&mut ex, msg),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            }
        }
    }
}

/// The screen's state.
pub struct View {
    pub boards: Vec<BoardView>,
    pub machine: Option<MachineView>,
    pub selected: usize,
    /// The move being typed.
    pub input: Option<String>,
    pub message: String,
    pub paused: bool,
    /// `s` pressed: one SILLIAC move more while paused (taken by `run`).
    pub step: bool,
    pub pace: Pace,
    /// The board SILLIAC is thinking about (paced).
    pub thinking: Option<u8>,
    /// The room's period clock: the time of the latest event shown.
    pub clock_ns: u64,
    /// Boards a person plays from the start (`--human`), taken over when the boards are set up.
    pub human_from_start: Vec<u8>,
    pub setting: String,
    /// SILLIAC moves that differ from the native faithful engine's (move, value, positions),
    /// and other mismatches the loop found.
    pub mismatches: usize,
    /// How the store is drawn (`v` cycles, `[` and `]` pick the large tube).
    pub store_view: StoreView,
}

/// The store panel: a shade per word, the 40 Williams tubes small, or one tube at full size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreView {
    Words,
    Tubes,
    Tube(usize),
}

const KEYS: &str = "arrows select  t take over/hand back  m type a move (B)  p pause  s step  \
                    v store/tubes  [ ] tube  q quit";
const CELL_W: usize = 16;
const CELL_H: usize = 11;
const PANEL_W: usize = 66;
/// Sizes of the two layouts.
pub const GRID: (usize, usize) = (5 * CELL_W + 1 + PANEL_W, 1 + 5 * CELL_H + 3);
pub const LIST: (usize, usize) = (72, 30);

/// A name cut to `n` characters.
fn short(name: &str, n: usize) -> String {
    name.chars().take(n).collect()
}

fn seconds(ns: u64) -> String {
    format!("{:.3} s", ns as f64 / 1e9)
}

/// A period clock, h:mm:ss.
fn hms(ns: u64) -> String {
    let t = (ns as f64 / 1e9).round() as u64;
    format!("{}:{:02}:{:02}", t / 3600, t / 60 % 60, t % 60)
}

fn board_lines(p: &Position) -> Vec<String> {
    (1..=8)
        .rev()
        .map(|r| {
            (0..8)
                .map(|c| match dama::board::square_at(r, c) {
                    None => ' ',
                    Some(s) if p.a & 1 << (s - 1) != 0 => 'a',
                    Some(s) if p.b & 1 << (s - 1) != 0 => 'b',
                    Some(_) => '.',
                })
                .collect()
        })
        .collect()
}

impl View {
    fn status(&self, b: &BoardView) -> String {
        if let Some(r) = &b.result {
            return r.clone();
        }
        match (b.pos.side, b.human) {
            (Side::A, _) if self.thinking.is_none() || self.thinking == Some(b.board) => {
                "SILLIAC thinking".into()
            }
            (Side::A, _) => "waits for SILLIAC".into(),
            (Side::B, true) => "your move (B)".into(),
            (Side::B, false) => "B to move".into(),
        }
    }

    /// Draw the whole screen for a w x h terminal.
    pub fn render(&self, w: usize, h: usize) -> Frame {
        let mut f = Frame::new(w, h);
        let title = format!(
            "SILLIAC dama exhibition ({}): {} boards  period {}  pace {}{}",
            self.setting,
            self.boards.len(),
            hms(self.clock_ns),
            self.pace,
            if self.paused {
                "  [paused: s steps one SILLIAC move]"
            } else {
                ""
            }
        );
        if w >= GRID.0 && h >= GRID.1 {
            f.put(0, 0, &title);
            self.grid(&mut f);
            self.panel(&mut f, 5 * CELL_W + 1, 1);
        } else if w >= LIST.0 && h >= LIST.1 {
            f.put(0, 0, &title);
            self.list(&mut f);
            if w > LIST.0 + PANEL_W {
                self.panel(&mut f, LIST.0 + 1, 1);
            } else {
                self.registers(&mut f, 0, 26);
            }
        } else {
            f.put(0, 0, "SILLIAC dama exhibition");
            f.put(
                0,
                1,
                &format!(
                    "terminal {w}x{h} is too small: {}x{} for the list, {}x{} for the boards",
                    LIST.0, LIST.1, GRID.0, GRID.1
                ),
            );
            if let Some(b) = self.boards.get(self.selected) {
                f.put(0, 2, &format!("board {:02}: {}", b.board, self.status(b)));
            }
        }
        let input = match &self.input {
            Some(t) => format!(
                "move for board {:02} (B), Enter to play, Esc to cancel: {t}_",
                self.selected + 1
            ),
            None => self.message.clone(),
        };
        f.put(0, h.saturating_sub(2), &input);
        f.put(0, h.saturating_sub(1), KEYS);
        f
    }

    fn grid(&self, f: &mut Frame) {
        for (i, b) in self.boards.iter().enumerate() {
            let (x, y) = ((i % 5) * CELL_W, 1 + (i / 5) * CELL_H);
            let mark = if i == self.selected { '>' } else { ' ' };
            let think = if self.thinking == Some(b.board) {
                '*'
            } else {
                ' '
            };
            let who: String = if b.human {
                "you".into()
            } else {
                short(&b.opponent, CELL_W - 6)
            };
            f.put(x, y, &format!("{mark}{:02}{think}{who}", b.board));
            for (r, line) in board_lines(&b.pos).iter().enumerate() {
                f.put(x + 1, y + 1 + r, line);
            }
            f.put(
                x + 1,
                y + 9,
                &b.last(2).replace("A ", "A").replace("B ", "B"),
            );
            // The last move's period time and the board's period clock.
            let line = match &b.result {
                Some(r) => r.clone(),
                None => match b.period_ns {
                    Some(p) => format!("{:.1} s {}", p as f64 / 1e9, hms(b.clock_ns)),
                    None => String::new(),
                },
            };
            f.put(x + 1, y + 10, &line);
        }
    }

    fn list(&self, f: &mut Frame) {
        for (i, b) in self.boards.iter().enumerate() {
            let mark = if i == self.selected { '>' } else { ' ' };
            let who: String = if b.human {
                "you".into()
            } else {
                short(&b.opponent, 10)
            };
            f.put(
                0,
                1 + i,
                &format!(
                    "{mark}{:02} {who:<10} {:<15} {:>10} {}",
                    b.board,
                    b.last(2),
                    b.period_ns.map(seconds).unwrap_or_default(),
                    self.status(b)
                ),
            );
        }
    }

    fn registers(&self, f: &mut Frame, x: usize, y: usize) {
        let Some(m) = &self.machine else {
            f.put(x, y, "SILLIAC: loading the program");
            return;
        };
        let speed = if m.host.is_zero() {
            0.0
        } else {
            m.clock_ns as f64 / m.host.as_nanos() as f64
        };
        f.put(
            x,
            y,
            &format!(
                "A={} Q={} C={:04}{} {}",
                word_to_sex(m.a),
                word_to_sex(m.q),
                m.control.0,
                m.control.1.letter(),
                m.order
            ),
        );
        f.put(
            x,
            y + 1,
            &format!(
                "clock {}  orders {}  speed-up x{speed:.0}  mismatches {}",
                seconds(m.clock_ns),
                m.orders,
                self.mismatches
            ),
        );
    }

    fn panel(&self, f: &mut Frame, x: usize, y: usize) {
        f.put(x, y, "SILLIAC");
        self.registers(f, x, y + 1);
        if let Some(m) = &self.machine {
            let (title, lines) = match self.store_view {
                StoreView::Words => (
                    "store: 1,024 words (64 a line; v: the tubes)".to_string(),
                    store_raster(&m.store)
                        .iter()
                        .map(|l| format!("|{l}|"))
                        .collect(),
                ),
                StoreView::Tubes => (
                    "store: the 40 Williams tubes, a digit each (v: one tube)".to_string(),
                    Tubes::of(&m.store).small(),
                ),
                StoreView::Tube(k) => {
                    let t = Tubes::of(&m.store);
                    (
                        format!(
                            "store: tube {k} (digit {k} of 1,024 words), {} spots lit ([ ]: tube)",
                            t.lit(k)
                        ),
                        t.large(k).iter().map(|l| format!("|{l}|")).collect(),
                    )
                }
            };
            f.put(x, y + 4, &title);
            for (i, line) in lines.iter().enumerate() {
                f.put(x, y + 5 + i, line);
            }
        } else {
            f.put(x, y + 4, "store: 1,024 words (64 a line)");
        }
        if let Some(b) = self.boards.get(self.selected) {
            let y = y + 22;
            f.put(
                x,
                y,
                &format!(
                    "board {:02} against {}: {}",
                    b.board,
                    b.opponent,
                    self.status(b)
                ),
            );
            let moves: Vec<String> = b
                .moves
                .chunks(2)
                .enumerate()
                .map(|(i, c)| {
                    format!(
                        "{}.{}",
                        i + 1,
                        c.join(",").replace("A ", "").replace("B ", "")
                    )
                })
                .collect();
            let mut line = String::new();
            let mut row = 1;
            for m in moves.iter().rev().take(24).rev() {
                if line.len() + m.len() + 1 > PANEL_W {
                    f.put(x, y + row, &line);
                    row += 1;
                    line.clear();
                }
                line.push_str(m);
                line.push(' ');
            }
            f.put(x, y + row, &line);
        }
    }

    /// A key pressed; the message to the harness, if any. `None` in the outer option: quit.
    fn key(&mut self, code: KeyCode, mods: KeyModifiers) -> Option<Option<Input>> {
        let n = self.boards.len().max(1);
        if let Some(text) = &mut self.input {
            match code {
                KeyCode::Esc => self.input = None,
                KeyCode::Backspace => {
                    text.pop();
                }
                KeyCode::Char(c) if c.is_ascii_digit() || c == '-' => text.push(c),
                KeyCode::Enter => {
                    let text = self.input.take().unwrap_or_default();
                    let Some(b) = self.boards.get(self.selected) else {
                        return Some(None);
                    };
                    match refusal(b, &text) {
                        Ok(m) => {
                            self.message = format!("board {:02}: you play {m}", b.board);
                            let board = b.board;
                            // On the board when the loop plays it (its next events).
                            if let Some(b) = self.boards.get_mut(self.selected) {
                                b.sent = Some(m);
                            }
                            return Some(Some(Input::Play { board, mv: m }));
                        }
                        Err(reason) => self.message = format!("refused: {reason}"),
                    }
                }
                _ => {}
            }
            return Some(None);
        }
        match code {
            KeyCode::Char('q') | KeyCode::Esc => return None,
            KeyCode::Char('c') if mods.contains(KeyModifiers::CONTROL) => return None,
            KeyCode::Right | KeyCode::Char('l') => self.selected = (self.selected + 1) % n,
            KeyCode::Left | KeyCode::Char('h') => self.selected = (self.selected + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') => self.selected = (self.selected + 5) % n,
            KeyCode::Up | KeyCode::Char('k') => self.selected = (self.selected + n - 5 % n) % n,
            KeyCode::Char('t') => {
                if let Some(b) = self.boards.get_mut(self.selected) {
                    b.human = !b.human;
                    b.sent = None;
                    self.message = if b.human {
                        format!("board {:02}: you play B (m to type a move)", b.board)
                    } else {
                        format!("board {:02}: back to {}", b.board, b.opponent)
                    };
                    return Some(Some(Input::Hold {
                        board: b.board,
                        human: b.human,
                    }));
                }
            }
            KeyCode::Char('m') | KeyCode::Enter => {
                if let Some(b) = self.boards.get(self.selected) {
                    if b.human {
                        self.input = Some(String::new());
                    } else {
                        self.message = format!("board {:02}: take it over first (t)", b.board);
                    }
                }
            }
            KeyCode::Char('v') => {
                self.store_view = match self.store_view {
                    StoreView::Words => StoreView::Tubes,
                    StoreView::Tubes => StoreView::Tube(0),
                    StoreView::Tube(_) => StoreView::Words,
                }
            }
            KeyCode::Char(c @ ('[' | ']')) => {
                if let StoreView::Tube(k) = self.store_view {
                    let step = if c == ']' { 1 } else { TUBES - 1 };
                    self.store_view = StoreView::Tube((k + step) % TUBES);
                }
            }
            KeyCode::Char('p') => self.paused = !self.paused,
            KeyCode::Char('s') => {
                self.paused = true;
                self.step = true;
            }
            _ => {}
        }
        Some(None)
    }
}

impl View {
    fn new(setting: String) -> View {
        View {
            boards: Vec::new(),
            machine: None,
            selected: 0,
            input: None,
            message: "loading the dama program through the console start".into(),
            paused: false,
            step: false,
            pace: Pace::Max,
            thinking: None,
            clock_ns: 0,
            human_from_start: Vec::new(),
            setting,
            mismatches: 0,
            store_view: StoreView::Words,
        }
    }

    /// Take one of the loop's events into the boards.
    pub fn take(&mut self, e: &Event) {
        self.clock_ns = self.clock_ns.max(e.clock_ns);
        match &e.kind {
            EventKind::Started { opponents, .. } => {
                self.boards = (1..)
                    .zip(opponents)
                    .map(|(b, name)| BoardView::new(b, name))
                    .collect();
                for &n in &self.human_from_start {
                    if let Some(b) = board(&mut self.boards, n) {
                        b.human = true;
                        self.selected = n as usize - 1;
                        self.message = format!("board {n:02}: you play B (m to type a move)");
                    }
                }
            }
            EventKind::MachineMove(m) => {
                if let Some(b) = board(&mut self.boards, m.board) {
                    b.play("A", m.mv);
                    b.period_ns = Some(m.period_ns);
                    b.clock_ns += m.period_ns;
                }
                if self.thinking == Some(m.board) {
                    self.thinking = None;
                }
            }
            EventKind::OpponentMove { board: n, mv, .. } => {
                if let Some(b) = board(&mut self.boards, *n) {
                    b.play("B", *mv);
                    b.sent = None;
                }
            }
            EventKind::GameOver {
                board: n,
                winner,
                end,
                ..
            } => {
                if let Some(b) = board(&mut self.boards, *n) {
                    b.result = Some(format!("{winner} wins ({end:?})"));
                }
            }
            EventKind::Mismatch(_) => self.mismatches += 1,
            EventKind::Refused {
                board: n, reason, ..
            } => {
                if let Some(b) = board(&mut self.boards, *n) {
                    b.sent = None;
                }
                self.message = format!("board {n:02}: refused: {reason}");
            }
            EventKind::Recorded { .. }
            | EventKind::Repaired { .. }
            | EventKind::Waiting { .. }
            | EventKind::Finished(_) => {}
        }
    }
}

/// Board `b` of the views.
fn board(boards: &mut [BoardView], b: u8) -> Option<&mut BoardView> {
    boards.get_mut((b as usize).wrapping_sub(1))
}

/// Watch the exhibition at `pace`, a person playing B on the boards `human` from the start.
pub fn run(opts: ExhibitionOptions, pace: Pace, human: &[u8]) -> anyhow::Result<()> {
    if let Some(n) = human.iter().find(|&&n| n == 0 || n > opts.boards) {
        anyhow::bail!(
            "--human {n}: the exhibition has boards 1 to {}",
            opts.boards
        );
    }
    let mut view = View::new(opts.setting.to_string());
    view.pace = pace;
    view.human_from_start = human.to_vec();
    let mut term = Terminal::enter()?;
    let (to_ui, from_harness) = mpsc::channel();
    let (to_harness, from_ui) = mpsc::channel();
    let control = Arc::new(Control::default());
    let c = control.clone();
    std::thread::spawn(move || harness(opts, pace, to_ui, from_ui, c));
    // A loop that cannot be set up (boards, opponents, records) is an error, not a screen.
    match from_harness.recv() {
        Ok(ToUi::Ready) => {}
        Ok(ToUi::Failed(e)) => {
            drop(term);
            anyhow::bail!(e);
        }
        _ => anyhow::bail!("the exhibition harness ended at once"),
    }
    // The person's boards, before the loop's first reply can reach them.
    for &board in human {
        let _ = to_harness.send(Input::Hold { board, human: true });
    }
    while !term.stopped() {
        while let Ok(msg) = from_harness.try_recv() {
            match msg {
                ToUi::Ready => {}
                ToUi::Thinking(b) => view.thinking = Some(b),
                ToUi::Events(events, m) => {
                    // Results show on the boards; the message line is the person's.
                    events.iter().for_each(|e| view.take(e));
                    view.machine = Some(m);
                    if view.message.starts_with("loading") {
                        view.message.clear();
                    }
                }
                ToUi::Failed(e) => view.message = format!("the harness stopped: {e}"),
            }
        }
        let (w, h) = term.size();
        term.draw(&view.render(w, h))?;
        if let Some(k) = term.key(Duration::from_millis(100))? {
            match view.key(k.code, k.modifiers) {
                None => break,
                Some(Some(msg)) => {
                    let _ = to_harness.send(msg);
                }
                Some(None) => {}
            }
            if std::mem::take(&mut view.step) {
                control.steps.fetch_add(1, Ordering::Relaxed);
            }
            control.paused.store(view.paused, Ordering::Relaxed);
        }
    }
    drop(term);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> View {
        let mut v = View::new("demo".into());
        v.boards = (1..=25).map(|b| BoardView::new(b, "greedy")).collect();
        v
    }

    #[test]
    fn layouts_by_size() {
        let v = view();
        let grid = v.render(GRID.0, GRID.1).text();
        assert!(
            grid.contains(">01 greedy") && grid.contains(" 25 greedy"),
            "{grid}"
        );
        let list = v.render(80, 30).text();
        assert!(list.contains(">01 greedy") && list.contains("SILLIAC thinking"));
        let tiny = v.render(40, 10).text();
        assert!(tiny.contains("too small"), "{tiny}");
        assert!(tiny.lines().count() <= 10);
    }

    /// `v` turns the store panel from words to the 40 tubes and to one tube, whose raster
    /// shows the store's digits; `[` and `]` go round the tubes.
    #[test]
    fn the_store_as_its_tubes() {
        let mut v = view();
        let mut store = Box::new([0u64; 1024]);
        store[0] = (1 << 40) - 1;
        store[33] = 1 << 39;
        v.machine = Some(MachineView {
            store,
            ..MachineView::of(&emu::silliac::Machine::new(), Duration::ZERO)
        });
        assert!(v.render(GRID.0, GRID.1).text().contains("1,024 words"));
        v.key(KeyCode::Char('v'), KeyModifiers::NONE);
        let tubes = v.render(GRID.0, GRID.1).text();
        assert!(tubes.contains("the 40 Williams tubes"), "{tubes}");
        assert!(tubes.contains("30   31   32"), "{tubes}");
        v.key(KeyCode::Char('v'), KeyModifiers::NONE);
        let tube0 = v.render(GRID.0, GRID.1).text();
        assert!(
            tube0.contains("tube 0 (digit 0 of 1,024 words), 2 spots lit"),
            "{tube0}"
        );
        // Word 0 is the first spot, word 33 row 1 column 1: `▀▄` begins the first line.
        assert!(tube0.contains("|▀▄ "), "{tube0}");
        v.key(KeyCode::Char('['), KeyModifiers::NONE);
        assert_eq!(v.store_view, StoreView::Tube(39));
        assert!(v
            .render(GRID.0, GRID.1)
            .text()
            .contains("tube 39 (digit 39 of 1,024 words), 1 spots lit"));
        v.key(KeyCode::Char(']'), KeyModifiers::NONE);
        v.key(KeyCode::Char('v'), KeyModifiers::NONE);
        assert_eq!(v.store_view, StoreView::Words);
    }

    #[test]
    fn typed_moves_are_checked_with_a_reason() {
        let mut v = view();
        let mut b = v.boards[0].clone();
        assert!(refusal(&b, "25-21").unwrap_err().contains("take it over"));
        b.human = true;
        assert!(refusal(&b, "25-21")
            .unwrap_err()
            .contains("SILLIAC (A) is to move"));
        b.pos = b.pos.apply(legal_moves(&b.pos).as_slice()[0]);
        assert!(refusal(&b, "1-5")
            .unwrap_err()
            .contains("no piece of yours"));
        assert!(refusal(&b, "x").unwrap_err().contains("`x`"));
        let legal = legal_moves(&b.pos).as_slice()[0];
        assert_eq!(refusal(&b, &legal.to_string()), Ok(legal));
        // Keys: take over, type, refused message.
        v.boards[0] = b;
        v.boards[0].human = false;
        assert!(matches!(
            v.key(KeyCode::Char('t'), KeyModifiers::NONE),
            Some(Some(Input::Hold {
                board: 1,
                human: true
            }))
        ));
        v.key(KeyCode::Char('m'), KeyModifiers::NONE);
        for c in "1-5".chars() {
            v.key(KeyCode::Char(c), KeyModifiers::NONE);
        }
        v.key(KeyCode::Enter, KeyModifiers::NONE);
        assert!(v.message.starts_with("refused:"), "{}", v.message);
        // A legal move goes to the loop; the board shows it when the loop plays it, and a
        // second move meanwhile is refused.
        v.key(KeyCode::Char('m'), KeyModifiers::NONE);
        for c in legal.to_string().chars() {
            v.key(KeyCode::Char(c), KeyModifiers::NONE);
        }
        assert!(matches!(
            v.key(KeyCode::Enter, KeyModifiers::NONE),
            Some(Some(Input::Play { board: 1, mv })) if mv == legal
        ));
        assert_eq!(v.boards[0].sent, Some(legal));
        assert!(refusal(&v.boards[0], "1-5")
            .unwrap_err()
            .contains("on its way"));
        let played = Event {
            clock_ns: 0,
            kind: EventKind::OpponentMove {
                board: 1,
                half_move: 2,
                mv: legal,
                by: dama::exhibition::Mover::Human,
            },
        };
        v.take(&played);
        assert_eq!((v.boards[0].sent, v.boards[0].pos.side), (None, Side::A));
        assert!(v.key(KeyCode::Char('q'), KeyModifiers::NONE).is_none());
    }

    /// The view and the report drive the same loop: with no person playing, the view's harness
    /// writes the very records the report does, and its boards end as the report's.
    #[test]
    fn the_view_and_the_report_write_the_same_records() {
        let base = std::env::temp_dir().join(format!("fm-view-records-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let opts = |dir: &str| ExhibitionOptions {
            boards: 2,
            seed: 7,
            opponents: vec!["greedy".into(), "random".into()],
            record_dir: Some(base.join(dir)),
            ..ExhibitionOptions::default()
        };
        let (to_ui, from_harness) = mpsc::channel();
        let (to_harness, from_ui) = mpsc::channel();
        let control = Arc::new(Control::default());
        let (o, c) = (opts("view"), control.clone());
        let thread = std::thread::spawn(move || harness(o, Pace::Max, to_ui, from_ui, c));
        let mut v = View::new("demo".into());
        loop {
            match from_harness.recv().unwrap() {
                ToUi::Ready | ToUi::Thinking(_) => {}
                ToUi::Events(events, m) => {
                    events.iter().for_each(|e| v.take(e));
                    v.machine = Some(m);
                    if events
                        .iter()
                        .any(|e| matches!(e.kind, EventKind::Finished(_)))
                    {
                        break;
                    }
                }
                ToUi::Failed(e) => panic!("{e}"),
            }
        }
        drop(to_harness);
        thread.join().unwrap();
        let report = dama::exhibition::exhibition(&opts("report")).unwrap();
        for (b, r) in v.boards.iter().zip(&report.results) {
            let file = |dir: &str| {
                std::fs::read_to_string(base.join(dir).join(format!("board-{:02}.txt", b.board)))
                    .unwrap()
            };
            assert_eq!(file("view"), file("report"), "board {}", b.board);
            assert_eq!(b.moves.len(), r.half_moves);
            let (winner, end) = (r.winner.unwrap(), r.end.unwrap());
            assert_eq!(b.result, Some(format!("{winner} wins ({end:?})")));
        }
        assert_eq!(v.mismatches, report.mismatches.len());
        assert_eq!(v.machine.unwrap().orders, report.orders);
        let _ = std::fs::remove_dir_all(&base);
    }
}
