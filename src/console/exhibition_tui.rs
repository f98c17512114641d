//! `firstmoves dama exhibition --tui`: the exhibition on a terminal. The emulated SILLIAC plays
//! every board in a harness thread; the screen shows the boards, the machine's registers and its
//! store, and lets a person take over a board (B's side) and type its moves.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use emu::silliac::orders::word_to_sex;
use emu::silliac::Half;
use programs::dama::exhibition::{check_move, GameRecord};
use programs::dama::game::outcome;
use programs::dama::movegen::{is_legal, legal_moves};
use programs::dama::sil::{move_frames, Reply, SilDama};
use programs::dama::{parse_strategy, Move, Position, Setting, Side, Strategy};

use super::monitor::order_at;
use super::term::{store_raster, Frame, Terminal};

/// What to play.
pub struct Options {
    pub boards: u8,
    pub opponents: Vec<String>,
    pub seed: u64,
    pub setting: Setting,
    /// Write the plain exhibition's game records here (`board-NN.txt`), so that it can resume.
    pub record: Option<std::path::PathBuf>,
}

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
    pub result: Option<String>,
    /// A person plays B here.
    pub human: bool,
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
    /// SILLIAC moves that differ from the native faithful engine's (move, value, positions).
    pub mismatches: usize,
}

enum ToUi {
    Update(Vec<BoardView>, MachineView),
    Failed(String),
}

enum ToHarness {
    Take(u8, bool),
    Move(u8, Move),
}

struct Game {
    view: BoardView,
    opponent: Box<dyn Strategy>,
    record: Option<GameRecord>,
}

fn machine_view(sil: &SilDama, host: Duration, mismatches: usize) -> MachineView {
    let m = sil.machine();
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
        mismatches,
    }
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

/// The harness: play the boards on the emulated machine, report every round.
fn harness(
    opts: Options,
    to_ui: Sender<ToUi>,
    from_ui: Receiver<ToHarness>,
    paused: Arc<AtomicBool>,
) {
    if let Err(e) = play(opts, &to_ui, &from_ui, &paused) {
        let _ = to_ui.send(ToUi::Failed(e));
    }
}

fn play(
    opts: Options,
    to_ui: &Sender<ToUi>,
    from_ui: &Receiver<ToHarness>,
    paused: &AtomicBool,
) -> Result<(), String> {
    let mut rng = programs::rng::Rng::new(opts.seed);
    let mut games = Vec::new();
    for board in 1..=opts.boards {
        let text = &opts.opponents[(board as usize - 1) % opts.opponents.len()];
        let opponent = parse_strategy(text, rng.next_u64()).map_err(|e| e.to_string())?;
        let record = match &opts.record {
            Some(dir) => Some(
                GameRecord::create(dir, board, opts.setting, &opponent.name())
                    .map_err(|e| e.to_string())?,
            ),
            None => None,
        };
        games.push(Game {
            view: BoardView {
                board,
                opponent: opponent.name(),
                pos: Position::start(),
                moves: Vec::new(),
                period_ns: None,
                result: None,
                human: false,
            },
            opponent,
            record,
        });
    }
    let mut sil = SilDama::start(opts.setting, opts.boards).map_err(|e| e.to_string())?;
    let mut host = Duration::ZERO;
    let mut pending: Vec<(u8, Move)> = Vec::new();
    let mut mismatches = 0;
    let send = |games: &[Game], sil: &SilDama, host: Duration, mismatches: usize| {
        let views = games.iter().map(|g| g.view.clone()).collect();
        to_ui
            .send(ToUi::Update(views, machine_view(sil, host, mismatches)))
            .is_ok()
    };
    loop {
        while paused.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(50));
        }
        let t = Instant::now();
        let replies = sil.run().map_err(|e| e.to_string())?;
        host += t.elapsed();
        for r in replies {
            let Some(g) = games.get_mut(r.reply.board() as usize - 1) else {
                return Err(format!("reply `{}` for a board not in play", r.text));
            };
            let v = &mut g.view;
            // The plain exhibition's check, on the position before the move.
            if v.result.is_none() && v.pos.side == Side::A {
                mismatches += check_move(v.board, &v.pos, opts.setting, &r).map_or(0, |_| 1);
            }
            match r.reply {
                Reply::Move {
                    mv,
                    value,
                    positions,
                    ..
                } if v.result.is_none() && is_legal(&v.pos, mv) => {
                    if let Some(rec) = &g.record {
                        rec.machine_move(mv, value, positions, r.period_ns())
                            .map_err(|e| e.to_string())?;
                    }
                    v.pos = v.pos.apply(mv);
                    v.moves.push(format!("A {mv}"));
                    v.period_ns = Some(r.period_ns());
                }
                Reply::Wins { side, end, .. } => {
                    if let Some(rec) = &g.record {
                        rec.end(&r.text).map_err(|e| e.to_string())?;
                    }
                    v.result = Some(format!("{side} wins ({end:?})"));
                }
                _ => v.result = Some(format!("stopped: `{}`", r.text)),
            }
        }
        for g in games.iter_mut() {
            if g.view.result.is_none() {
                if let Some((side, end)) = outcome(&g.view.pos) {
                    g.view.result = Some(format!("{side} wins ({end:?})"));
                }
            }
        }
        if !send(&games, &sil, host, mismatches) {
            return Ok(());
        }
        // Moves for B: the opponents at once, people when they have typed them.
        loop {
            loop {
                match from_ui.try_recv() {
                    Ok(ToHarness::Take(b, on)) => {
                        if let Some(g) = games.get_mut(b as usize - 1) {
                            g.view.human = on;
                        }
                    }
                    Ok(ToHarness::Move(b, m)) => pending.push((b, m)),
                    Err(mpsc::TryRecvError::Empty) => break,
                    Err(mpsc::TryRecvError::Disconnected) => return Ok(()),
                }
            }
            let mut pushed = 0;
            for g in games.iter_mut() {
                let v = &mut g.view;
                if v.result.is_some() || v.pos.side != Side::B {
                    continue;
                }
                let m = if v.human {
                    let Some(i) = pending.iter().position(|&(b, _)| b == v.board) else {
                        continue;
                    };
                    let (_, m) = pending.remove(i);
                    if !is_legal(&v.pos, m) {
                        continue;
                    }
                    m
                } else {
                    match g.opponent.choose(&v.pos) {
                        Some(m) => m,
                        None => {
                            v.result = Some("A wins (Blocked)".into());
                            continue;
                        }
                    }
                };
                sil.push(&move_frames(v.board, m.from, m.to).map_err(|e| e.to_string())?);
                if let Some(rec) = &g.record {
                    rec.opponent_move(m).map_err(|e| e.to_string())?;
                }
                v.pos = v.pos.apply(m);
                v.moves.push(format!("B {m}"));
                pushed += 1;
            }
            if pushed > 0 {
                break;
            }
            if !send(&games, &sil, host, mismatches) {
                return Ok(());
            }
            if games.iter().all(|g| g.view.result.is_some()) {
                // Every game is over: stay until the person quits.
                if from_ui.recv().is_err() {
                    return Ok(());
                }
                continue;
            }
            match from_ui.recv_timeout(Duration::from_millis(100)) {
                Ok(ToHarness::Take(b, on)) => {
                    if let Some(g) = games.get_mut(b as usize - 1) {
                        g.view.human = on;
                    }
                }
                Ok(ToHarness::Move(b, m)) => pending.push((b, m)),
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
    pub setting: String,
    /// Boards a person has taken over.
    pub held: std::collections::BTreeSet<u8>,
}

const KEYS: &str = "arrows select  t take over/hand back  m type a move (B)  p pause  q quit";
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

fn board_lines(p: &Position) -> Vec<String> {
    (1..=8)
        .rev()
        .map(|r| {
            (0..8)
                .map(|c| match programs::dama::board::square_at(r, c) {
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
            (Side::A, _) => "SILLIAC thinking".into(),
            (Side::B, true) => "your move (B)".into(),
            (Side::B, false) => "B to move".into(),
        }
    }

    /// Draw the whole screen for a w x h terminal.
    pub fn render(&self, w: usize, h: usize) -> Frame {
        let mut f = Frame::new(w, h);
        let title = format!(
            "SILLIAC dama exhibition ({}): {} boards{}",
            self.setting,
            self.boards.len(),
            if self.paused { "  [paused]" } else { "" }
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
            let who: String = if b.human {
                "you".into()
            } else {
                short(&b.opponent, CELL_W - 5)
            };
            f.put(x, y, &format!("{mark}{:02} {who}", b.board));
            for (r, line) in board_lines(&b.pos).iter().enumerate() {
                f.put(x + 1, y + 1 + r, line);
            }
            let last: Vec<&str> = b
                .moves
                .iter()
                .rev()
                .take(2)
                .rev()
                .map(|s| s.as_str())
                .collect();
            f.put(
                x + 1,
                y + 9,
                &last.join(" ").replace("A ", "A").replace("B ", "B"),
            );
            let line = match &b.result {
                Some(r) => r.clone(),
                None => b.period_ns.map(seconds).unwrap_or_default(),
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
            let last: Vec<&str> = b
                .moves
                .iter()
                .rev()
                .take(2)
                .rev()
                .map(|s| s.as_str())
                .collect();
            f.put(
                0,
                1 + i,
                &format!(
                    "{mark}{:02} {who:<10} {:<15} {:>10} {}",
                    b.board,
                    last.join(" "),
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
                m.mismatches
            ),
        );
    }

    fn panel(&self, f: &mut Frame, x: usize, y: usize) {
        f.put(x, y, "SILLIAC");
        self.registers(f, x, y + 1);
        f.put(x, y + 4, "store: 1,024 words (64 a line)");
        if let Some(m) = &self.machine {
            for (i, line) in store_raster(&m.store).iter().enumerate() {
                f.put(x, y + 5 + i, &format!("|{line}|"));
            }
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
    fn key(&mut self, code: KeyCode, mods: KeyModifiers) -> Option<Option<ToHarness>> {
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
                            // Shown at once; the harness confirms with its next update.
                            if let Some(b) = self.boards.get_mut(self.selected) {
                                b.pos = b.pos.apply(m);
                                b.moves.push(format!("B {m}"));
                            }
                            return Some(Some(ToHarness::Move(board, m)));
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
                    if b.human {
                        self.held.insert(b.board);
                    } else {
                        self.held.remove(&b.board);
                    }
                    self.message = if b.human {
                        format!("board {:02}: you play B (m to type a move)", b.board)
                    } else {
                        format!("board {:02}: back to {}", b.board, b.opponent)
                    };
                    return Some(Some(ToHarness::Take(b.board, b.human)));
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
            KeyCode::Char('p') => self.paused = !self.paused,
            _ => {}
        }
        Some(None)
    }
}

pub fn run(opts: Options) -> anyhow::Result<()> {
    if !(1..=25).contains(&opts.boards) {
        anyhow::bail!("--boards {}: 1 to 25", opts.boards);
    }
    if opts.opponents.is_empty() {
        anyhow::bail!("no opponents");
    }
    let mut view = View {
        boards: Vec::new(),
        machine: None,
        selected: 0,
        input: None,
        message: "loading the dama program through the console start".into(),
        paused: false,
        setting: opts.setting.to_string(),
        held: Default::default(),
    };
    let mut term = Terminal::enter()?;
    let (to_ui, from_harness) = mpsc::channel();
    let (to_harness, from_ui) = mpsc::channel();
    let paused = Arc::new(AtomicBool::new(false));
    let p = paused.clone();
    std::thread::spawn(move || harness(opts, to_ui, from_ui, p));
    while !term.stopped() {
        while let Ok(msg) = from_harness.try_recv() {
            match msg {
                ToUi::Update(boards, m) => {
                    // Results show on the boards; the message line is the person's.
                    view.boards = boards;
                    // The screen knows which boards are held at once; an update sent before
                    // the harness saw a take-over must not undo it.
                    for b in view.boards.iter_mut() {
                        b.human = view.held.contains(&b.board);
                    }
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
        if event::poll(Duration::from_millis(100))? {
            match event::read()? {
                Event::Key(k) if k.kind != KeyEventKind::Release => {
                    match view.key(k.code, k.modifiers) {
                        None => break,
                        Some(Some(msg)) => {
                            let _ = to_harness.send(msg);
                        }
                        Some(None) => {}
                    }
                    paused.store(view.paused, Ordering::Relaxed);
                }
                Event::Resize(..) => {
                    // Redrawn whole on the next turn; clear what the old size left.
                    crossterm::execute!(
                        std::io::stdout(),
                        crossterm::terminal::Clear(crossterm::terminal::ClearType::All)
                    )?;
                }
                _ => {}
            }
        }
    }
    drop(term);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> View {
        let boards = (1..=25)
            .map(|b| BoardView {
                board: b,
                opponent: "greedy".into(),
                pos: Position::start(),
                moves: Vec::new(),
                period_ns: None,
                result: None,
                human: false,
            })
            .collect();
        View {
            boards,
            machine: None,
            selected: 0,
            input: None,
            message: String::new(),
            paused: false,
            setting: "demo".into(),
            held: Default::default(),
        }
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
            Some(Some(ToHarness::Take(1, true)))
        ));
        v.key(KeyCode::Char('m'), KeyModifiers::NONE);
        for c in "1-5".chars() {
            v.key(KeyCode::Char(c), KeyModifiers::NONE);
        }
        v.key(KeyCode::Enter, KeyModifiers::NONE);
        assert!(v.message.starts_with("refused:"), "{}", v.message);
        assert!(v.key(KeyCode::Char('q'), KeyModifiers::NONE).is_none());
    }
}
