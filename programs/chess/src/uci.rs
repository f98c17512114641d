//! The UCI protocol around an engine: `uci`, `isready`, `ucinewgame`, `setoption`, `position`,
//! `go` (depth, movetime, nodes, infinite with `stop`), `stop`, `quit`. Anything else is answered
//! with an `info string` and ignored, never a crash.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::board::Position;
use super::fen::parse_fen;
use super::notation::parse_uci;
use super::search::{Cancel, SearchResult};

/// What a UCI front end needs from an engine; it searches on a thread of its own while the
/// session answers `isready`.
pub trait Engine: Send {
    /// `id name` line text.
    fn name(&self) -> String;
    /// Search `p`; `depth` (plies) caps the search when given.
    fn search(&mut self, p: &Position, depth: Option<usize>) -> SearchResult;
    /// `search`, giving up when `cancel` is set (UCI's `stop`, the clock); an engine whose
    /// search cannot be cut runs it to its end.
    fn search_until(
        &mut self,
        p: &Position,
        depth: Option<usize>,
        _cancel: &Cancel,
    ) -> SearchResult {
        self.search(p, depth)
    }
    /// Apply `setoption name N value V`; an error text when unknown or bad.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// `option` lines to announce.
    fn options(&self) -> Vec<String>;
    /// Extra text for the `info` line (e.g. emulated time), if any.
    fn info_extra(&self) -> Option<String> {
        None
    }
    /// UCI's `depth` for the result of a search, the same for every twin of a program.
    fn depth(&self, r: &SearchResult) -> usize {
        r.depth
    }
    /// `id author` line text.
    fn author(&self) -> String {
        "firstmoves".into()
    }
    /// The `score` part of the info line for the search of `p`, in the program's own units
    /// turned to centipawns; `cp 0` when the program has no reading.
    fn score(&self, _p: &Position, _r: &SearchResult) -> String {
        "cp 0".into()
    }
}

/// A `position` command read: the position, and what went wrong on the way (a move that is
/// not legal leaves the position as it was before it).
struct Placed {
    position: Position,
    problem: Option<String>,
}

/// Parse `position ...` arguments; an error when there is no position at all.
fn parse_position(args: &[&str]) -> Result<Placed, String> {
    let (mut p, rest) = match args.first() {
        Some(&"startpos") => (Position::start(), &args[1..]),
        Some(&"fen") => {
            let end = args
                .iter()
                .position(|&a| a == "moves")
                .unwrap_or(args.len());
            let p = parse_fen(&args[1..end].join(" ")).map_err(|e| e.to_string())?;
            (p, &args[end..])
        }
        _ => return Err("position needs startpos or fen".into()),
    };
    let mut problem = None;
    match rest.split_first() {
        Some((&"moves", moves)) => {
            for m in moves {
                let Some(mv) = parse_uci(&p, m) else {
                    problem = Some(format!(
                        "move `{m}` is not legal; the position is the one before it"
                    ));
                    break;
                };
                p.make(mv);
            }
        }
        Some((other, _)) => return Err(format!("unexpected `{other}`")),
        None => {}
    }
    p.clear_history();
    Ok(Placed {
        position: p,
        problem,
    })
}

/// The time a `go` allows, from `movetime` or the side to move's clock (its share of the time
/// left: a thirtieth, or the time over the moves to go, and most of the increment, a little
/// kept back); None for `infinite` and a `go` without a clock.
fn time_allowed(args: &[&str], white_to_move: bool) -> Option<Duration> {
    let number = |key: &str| -> Option<u64> {
        let i = args.iter().position(|&a| a == key)?;
        args.get(i + 1)?.parse().ok()
    };
    if args.contains(&"infinite") {
        return None;
    }
    if let Some(ms) = number("movetime") {
        return Some(Duration::from_millis(ms));
    }
    let (time, inc) = if white_to_move {
        (number("wtime")?, number("winc").unwrap_or(0))
    } else {
        (number("btime")?, number("binc").unwrap_or(0))
    };
    let moves = number("movestogo").unwrap_or(30).max(1);
    let share = time / moves + inc * 3 / 4;
    Some(Duration::from_millis(share.min(time.saturating_sub(50))))
}

/// What the session waits for: a line of the input (None at its end), the length of a line
/// too long to keep, or a search's answer.
enum Event {
    Line(Option<String>),
    TooLong(u64),
    Searched(Box<Answer>),
}

/// A search's answer with what the engine says of it, made on the search's thread.
struct Answer {
    result: SearchResult,
    depth: usize,
    score: String,
    extra: Option<String>,
}

/// The input a line at a time, on a thread of its own, so that `stop` and `quit` reach a search
/// while it runs: each of them adds one to `stops`; the end of the input sets `ended`, which
/// ends a search that has no end of its own (`go infinite`). A byte that is
/// not UTF-8 is read as a replacement character, not as the end of the session. A line over
/// `emu::input::LINE_CAP` is sent as its length alone (`TooLong`), never kept whole.
fn read_lines<R: BufRead>(
    mut input: R,
    lines: Sender<Event>,
    stops: Arc<AtomicU64>,
    ended: Arc<AtomicBool>,
) {
    let mut buf = Vec::new();
    loop {
        let line = match emu::input::read_line(&mut input, &mut buf) {
            Ok((0, _)) | Err(_) => None,
            Ok((length, true)) => {
                if lines.send(Event::TooLong(length)).is_err() {
                    return;
                }
                continue;
            }
            Ok(_) => Some(String::from_utf8_lossy(&buf).trim().to_string()),
        };
        // The end of the input is not a stop: a script's last `go` is answered in full.
        let stopping = line
            .as_deref()
            .is_some_and(|l| matches!(l.split_whitespace().next(), Some("stop" | "quit")));
        if stopping {
            stops.fetch_add(1, Ordering::SeqCst);
        }
        let end = line.is_none();
        if end {
            ended.store(true, Ordering::SeqCst);
        }
        if lines.send(Event::Line(line)).is_err() || end {
            return;
        }
    }
}

/// The session's state between commands.
struct Session {
    rx: Receiver<Event>,
    tx: Sender<Event>,
    stops: Arc<AtomicU64>,
    ended: Arc<AtomicBool>,
    /// The `stop` and `quit` lines handled so far: a search gives up when the reader has
    /// seen more.
    stops_read: u64,
    /// Lines read while a search ran that wait for it to end (a GUI sends none but `stop`,
    /// `isready`, `ponderhit` and `quit` then; a script may).
    waiting: VecDeque<String>,
    /// The input has ended.
    input_ended: bool,
    /// `quit` was read.
    quitting: bool,
}

impl Session {
    /// The next line to handle (`Err`: the length of a line too long to keep), None at the
    /// end of the input.
    fn next_line(&mut self) -> Option<Result<String, u64>> {
        if let Some(l) = self.waiting.pop_front() {
            return Some(Ok(l));
        }
        if self.input_ended {
            return None;
        }
        match self.rx.recv() {
            Ok(Event::Line(Some(l))) => Some(Ok(l)),
            Ok(Event::TooLong(length)) => Some(Err(length)),
            _ => {
                self.input_ended = true;
                None
            }
        }
    }
}

/// How a `go` ended: its `bestmove` line, and whether the protocol holds it back until
/// `stop` (an infinite or ponder search that ended on its own).
struct Went {
    best: String,
    held: bool,
}

/// One `go`: the search on a thread of its own while this one answers `isready` at once and
/// takes note of `stop`, `ponderhit` and `quit`; other lines wait for the search's end.
fn go<W: Write>(
    engine: &mut dyn Engine,
    pos: &Position,
    args: &[&str],
    s: &mut Session,
    out: &mut W,
) -> io::Result<Went> {
    let depth = args
        .iter()
        .position(|&a| a == "depth")
        .and_then(|i| args.get(i + 1)?.parse().ok());
    let mut infinite = args.iter().any(|&a| a == "infinite" || a == "ponder");
    let started = Instant::now();
    let deadline = time_allowed(args, pos.side_to_move().is_white()).map(|t| started + t);
    let mut cancel = Cancel::after(Arc::clone(&s.stops), s.stops_read, deadline);
    if infinite {
        // A search without an end of its own ends with the input, as on `quit`.
        cancel = cancel.or_flag(Arc::clone(&s.ended));
    }
    let mut stopped = false;
    let answer = std::thread::scope(|scope| -> io::Result<Answer> {
        let tx = s.tx.clone();
        let cancel = &cancel;
        scope.spawn(move || {
            let result = engine.search_until(pos, depth, cancel);
            let answer = Answer {
                depth: engine.depth(&result),
                score: engine.score(pos, &result),
                extra: engine.info_extra(),
                result,
            };
            // The session may have ended with an error of its output; nothing to tell then.
            let _ = tx.send(Event::Searched(Box::new(answer)));
        });
        loop {
            match s.rx.recv() {
                Ok(Event::Searched(a)) => return Ok(*a),
                Ok(Event::TooLong(length)) => {
                    if let Err(e) = too_long(out, length) {
                        s.stops.fetch_add(1, Ordering::SeqCst);
                        return Err(e);
                    }
                }
                Ok(Event::Line(Some(line))) => match line.split_whitespace().next() {
                    Some("isready") => {
                        if let Err(e) = writeln!(out, "readyok").and_then(|()| out.flush()) {
                            // No one reads the answers: end the search (the scope waits for
                            // it), then the session.
                            s.stops.fetch_add(1, Ordering::SeqCst);
                            return Err(e);
                        }
                    }
                    Some("stop") => {
                        s.stops_read += 1;
                        stopped = true;
                    }
                    Some("ponderhit") => infinite = false,
                    Some("quit") => {
                        s.stops_read += 1;
                        s.quitting = true;
                    }
                    _ => s.waiting.push_back(line),
                },
                // The input ended (an infinite search is cut short by it) or its reader is gone.
                Ok(Event::Line(None)) | Err(_) => s.input_ended = true,
            }
        }
    })?;
    let r = &answer.result;
    let ms = started.elapsed().as_millis();
    let pv: Vec<String> = r.pv.iter().map(|m| m.uci()).collect();
    // nps over the host time (at least 1 ms, so a quick search has a figure).
    let nps = r.positions as u128 * 1000 / ms.max(1);
    writeln!(
        out,
        "info depth {} nodes {} time {ms} nps {nps} score {} pv {}",
        answer.depth,
        r.positions,
        answer.score,
        pv.join(" ")
    )?;
    // What the engine adds (the period time of an emulated run, why the move is not the
    // program's) goes where GUIs and python-chess keep it.
    for line in answer.extra.iter().flat_map(|e| e.lines()) {
        writeln!(out, "info string {line}")?;
    }
    let best = format!(
        "bestmove {}",
        r.best.map(|m| m.uci()).unwrap_or_else(|| "0000".into())
    );
    Ok(Went {
        best,
        held: infinite && !stopped && !s.quitting,
    })
}

/// Run the protocol until `quit` or the end of input. A search runs on a thread of its own:
/// `isready` is answered while it runs, and it gives up on `stop` or `quit`, or when the time
/// a `go` allows has passed, answering with the best move it has found so far. At the end of
/// the input the bounded searches asked for are answered in full, an infinite one with what it
/// has, then the session ends.
pub fn run<R: BufRead + Send + 'static, W: Write>(
    engine: &mut dyn Engine,
    input: R,
    mut out: W,
) -> io::Result<()> {
    let (tx, rx) = mpsc::channel();
    let stops = Arc::new(AtomicU64::new(0));
    let ended = Arc::new(AtomicBool::new(false));
    let (counter, end_seen, lines) = (Arc::clone(&stops), Arc::clone(&ended), tx.clone());
    // Not joined: after `quit` the input may stay open (a GUI holding the pipe).
    std::thread::spawn(move || read_lines(input, lines, counter, end_seen));
    let mut s = Session {
        rx,
        tx,
        stops,
        ended,
        stops_read: 0,
        waiting: VecDeque::new(),
        input_ended: false,
        quitting: false,
    };
    let mut pos = Position::start();
    let mut pending: Option<String> = None;
    while let Some(got) = s.next_line() {
        let line = match got {
            Ok(line) => line,
            Err(length) => {
                too_long(&mut out, length)?;
                continue;
            }
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            continue;
        };
        match cmd {
            "uci" => {
                writeln!(out, "id name {}", engine.name())?;
                writeln!(out, "id author {}", engine.author())?;
                for o in engine.options() {
                    writeln!(out, "{o}")?;
                }
                writeln!(out, "uciok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "ucinewgame" => pos = Position::start(),
            "setoption" => {
                let text = args.join(" ");
                let res = match text.strip_prefix("name ") {
                    Some(rest) => {
                        let (n, v) = rest.split_once(" value ").unwrap_or((rest, ""));
                        engine.set_option(n.trim(), v.trim())
                    }
                    None => Err("setoption needs `name`".into()),
                };
                if let Err(e) = res {
                    writeln!(out, "info string {e}")?;
                }
            }
            "position" => match parse_position(args) {
                Ok(placed) => {
                    pos = placed.position;
                    if let Some(problem) = placed.problem {
                        writeln!(out, "info string position: {problem}")?;
                    }
                }
                Err(e) => writeln!(out, "info string position ignored: {e}")?,
            },
            "go" => {
                let went = go(engine, &pos, args, &mut s, &mut out)?;
                if went.held {
                    pending = Some(went.best);
                } else {
                    writeln!(out, "{}", went.best)?;
                }
                if s.quitting {
                    break;
                }
            }
            "stop" | "ponderhit" => {
                if cmd == "stop" {
                    s.stops_read += 1;
                }
                if let Some(b) = pending.take() {
                    writeln!(out, "{b}")?;
                }
            }
            "quit" => break,
            "debug" | "register" => {}
            _ => writeln!(out, "info string unknown command `{}`", shown(cmd))?,
        }
        out.flush()?;
    }
    if let Some(b) = pending.take() {
        writeln!(out, "{b}")?;
    }
    out.flush()
}

/// The answer to a line too long to keep: its length, and the cap.
fn too_long<W: Write>(out: &mut W, length: u64) -> io::Result<()> {
    let cap = emu::input::LINE_CAP >> 10;
    writeln!(
        out,
        "info string a line of {length} bytes ignored: over the {cap} KiB a line may have"
    )?;
    out.flush()
}

/// A word of the input as an answer names it: whole up to 32 characters, else its first 32
/// and how long it was, so that a long line is not sent back whole.
fn shown(word: &str) -> String {
    const SHOWN: usize = 32;
    match word.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}... ({} bytes)", &word[..cut], word.len()),
        None => word.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::program::Twin;
    use crate::registry;

    /// A session with the registry's first player (Kotok's program), native.
    fn session(input: &str) -> String {
        let mut out = Vec::new();
        let mut engine = registry::PLAYERS[0].engine(Twin::Native, &[]).unwrap();
        run(
            engine.as_mut(),
            std::io::Cursor::new(input.as_bytes().to_vec()),
            &mut out,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn handshake_and_a_move() {
        let o = session("uci\nisready\nposition startpos moves e2e4\ngo depth 2\n");
        assert!(o.contains("uciok"));
        assert!(o.contains("readyok"));
        assert!(o.contains("info depth"));
        assert!(o.lines().last().unwrap().starts_with("bestmove "));
    }

    #[test]
    fn garbage_is_answered() {
        let o = session("hello\nposition fen nonsense\nposition startpos moves e2e5\ngo\n");
        assert!(o.contains("unknown command `hello`"));
        assert!(o.contains("position ignored"));
        assert!(o.contains("bestmove"));
        let long = "x".repeat(1 << 12);
        let answer = session(&format!("{long}\nquit\n"));
        assert!(
            answer.len() < 200,
            "a long unknown word is not sent back whole: {} bytes",
            answer.len()
        );
        assert!(answer.contains(&format!(
            "unknown command `{}... (4096 bytes)`",
            &long[..32]
        )));
        // A line over the cap is not kept: its length is all that is said of it.
        let huge = "x".repeat(1 << 20);
        let answer = session(&format!("{huge}\nisready\nquit\n"));
        assert!(
            answer.contains("a line of 1048577 bytes ignored: over the 64 KiB a line may have"),
            "{answer}"
        );
        assert!(answer.contains("readyok"), "{answer}");
    }

    #[test]
    fn infinite_waits_for_stop() {
        // The `stop` read while the search runs cuts it short; the move waits for the `stop`
        // line itself, after `readyok`.
        let o = session("go infinite\nisready\nstop\n");
        let lines: Vec<&str> = o.lines().collect();
        let ready = lines.iter().position(|&l| l == "readyok").unwrap();
        let best = lines
            .iter()
            .position(|l| l.starts_with("bestmove"))
            .unwrap();
        assert!(ready < best, "{o}");
        assert_eq!(best, lines.len() - 1, "{o}");
    }

    #[test]
    fn the_end_of_input_ends_an_infinite_search() {
        // The same minutes-long search, with no `stop`: the input's end ends it, as `quit`.
        let started = std::time::Instant::now();
        let o = session(
            "setoption name Widths value 40 40 40 40 40\nsetoption name AlphaBeta value false\n\
             go infinite\n",
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "{o}"
        );
        assert!(o.lines().last().unwrap().starts_with("bestmove "), "{o}");
    }

    #[test]
    fn a_stop_cuts_a_long_search_short() {
        // Kotok's full minimax with wide plies takes minutes; `stop` must answer at once.
        let started = std::time::Instant::now();
        let o = session(
            "setoption name Widths value 40 40 40 40 40\nsetoption name AlphaBeta value false\n\
             go\nstop\n",
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(2), "{o}");
        assert!(o.contains("info string stopped before the program"), "{o}");
        // The best of the root moves searched so far, or, before the first, the first legal
        // move in the canonical order at depth 0.
        let best = o.lines().last().unwrap().strip_prefix("bestmove ").unwrap();
        let legal = crate::legal_moves(&Position::start());
        assert!(legal.iter().any(|m| m.uci() == best), "{o}");
        if o.contains("before the program had a move") {
            assert_eq!(best, legal[0].uci(), "{o}");
            assert!(o.contains("info depth 0 "), "{o}");
        }
    }

    /// A search stopped after some root moves answers with the best of them, its line and
    /// the positions examined, as the whole search would have counted them so far.
    #[test]
    fn a_stopped_search_gives_the_best_move_so_far() {
        let p = Position::start();
        let params = crate::kotok::Params {
            widths: vec![40, 10, 1],
            alpha_beta: false,
            stable_from: 4,
        };
        let whole = crate::kotok::tree(&p, &params);
        // A clock already run out after the first node: nothing searched, nothing examined.
        let cancel = Cancel::new(Arc::new(AtomicBool::new(true)), None);
        let none = crate::kotok::tree_until(&p, &params, &cancel).unwrap_err();
        assert_eq!((none.best, none.positions), (None, 0));
        // Cut after some positions: a move, and fewer positions than the whole search.
        let stop = Arc::new(AtomicBool::new(false));
        let cancel = Cancel::new(Arc::clone(&stop), None);
        let setter = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(5));
            stop.store(true, Ordering::SeqCst);
        });
        let r = crate::kotok::tree_until(&p, &params, &cancel);
        setter.join().unwrap();
        if let Err(so_far) = r {
            assert!(so_far.positions < whole.positions);
            if let Some(m) = so_far.best {
                assert_eq!(so_far.pv.first(), Some(&m));
                assert_eq!(so_far.pv.len(), 3);
            }
        }
    }

    /// `isready` waits for no search: the `readyok` comes before the move of a search that
    /// takes longer than the whole session allows.
    #[test]
    fn isready_is_answered_during_a_search() {
        let o = session(
            "setoption name Widths value 40 40 40 40 40\nsetoption name AlphaBeta value false\n\
             go infinite\nisready\nstop\n",
        );
        let lines: Vec<&str> = o.lines().collect();
        let ready = lines.iter().position(|&l| l == "readyok").unwrap();
        let info = lines.iter().position(|l| l.starts_with("info ")).unwrap();
        assert!(ready < info, "{o}");
    }

    #[test]
    fn movetime_ends_the_search_on_time() {
        let started = std::time::Instant::now();
        let o = session(
            "setoption name Widths value 40 40 40 40 40\nsetoption name AlphaBeta value false\n\
             go movetime 200\n",
        );
        let took = started.elapsed();
        assert!(took < std::time::Duration::from_secs(2), "{took:?}");
        assert!(o.lines().last().unwrap().starts_with("bestmove "), "{o}");
    }

    #[test]
    fn an_illegal_move_leaves_the_position_before_it() {
        let o = session("position startpos moves e2e4 e7e5 e1e3\ngo depth 1\n");
        assert!(
            o.contains("info string position: move `e1e3` is not legal"),
            "{o}"
        );
        // Black is to move after e2e4 e7e5 is White's turn: the answer is a White move.
        let best = o.lines().last().unwrap();
        assert!(best.starts_with("bestmove ") && best.len() >= 13, "{o}");
    }

    #[test]
    fn a_byte_that_is_not_utf8_does_not_end_the_session() {
        let mut out = Vec::new();
        let mut engine = registry::PLAYERS[0].engine(Twin::Native, &[]).unwrap();
        let input = b"isready\n\xff\xfe garbage\nisready\n".to_vec();
        run(engine.as_mut(), std::io::Cursor::new(input), &mut out).unwrap();
        let o = String::from_utf8(out).unwrap();
        assert_eq!(o.matches("readyok").count(), 2, "{o}");
    }

    /// `setoption name Engine` moves the session between the twins: the emulated one reports
    /// its period time in `info string`, the native one does not.
    #[test]
    fn the_engine_option_switches_twins() {
        let o = session(
            "uci\nsetoption name Engine value emulated\nposition fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\n\
             go\nsetoption name Engine value native\ngo\nsetoption name Engine value fast\n",
        );
        assert!(
            o.contains("option name Engine type combo default native var native var emulated"),
            "{o}"
        );
        assert_eq!(o.matches("bestmove a1a8").count(), 2, "{o}");
        assert_eq!(o.matches("emulated_seconds").count(), 1, "{o}");
        assert!(
            o.contains("info string Engine: `fast` is not native or emulated"),
            "{o}"
        );
    }

    /// `Timing` picks the emulated run's I/O bound and `PeriodBudget` caps its period time:
    /// a search that needs more answers with the first legal move and says why.
    #[test]
    fn the_timing_and_period_budget_options() {
        let o = session(
            "uci\nsetoption name Engine value emulated\nsetoption name PeriodBudget value 1\n\
             go\nsetoption name PeriodBudget value 0\nsetoption name Timing value high\n\
             position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo\n\
             setoption name Timing value slow\nsetoption name PeriodBudget value -3\n",
        );
        assert!(
            o.contains(
                "option name Timing type combo default nominal var low var nominal var high"
            ),
            "{o}"
        );
        assert!(
            o.contains("option name PeriodBudget type spin default 0 min 0 max 86400"),
            "{o}"
        );
        // Kotok's opening move takes 41.6 s of 7090 time, over a budget of 1 s.
        assert!(
            o.contains("info string period-time budget of 1 s spent"),
            "{o}"
        );
        assert_eq!(o.matches("bestmove ").count(), 2, "{o}");
        assert!(o.contains("bestmove a1a8"), "{o}");
        assert_eq!(o.matches("emulated_seconds").count(), 1, "{o}");
        assert!(o.contains("info string Timing: `slow`"), "{o}");
        assert!(o.contains("info string PeriodBudget: `-3`"), "{o}");
    }

    #[test]
    fn mate_score() {
        let o = session("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo\n");
        assert!(o.contains("score mate 1"), "{o}");
        assert!(o.contains("bestmove a1a8"));
    }
}
