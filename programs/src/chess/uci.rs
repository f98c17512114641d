//! The UCI protocol around an engine: `uci`, `isready`, `ucinewgame`, `setoption`, `position`,
//! `go` (depth, movetime, nodes, infinite with `stop`), `stop`, `quit`. Anything else is answered
//! with an `info string` and ignored, never a crash.

use std::io::{self, BufRead, Write};

use super::board::Position;
use super::fen::parse_fen;
use super::notation::parse_uci;
use super::search::SearchResult;

/// What a UCI front end needs from an engine.
pub trait Engine {
    /// `id name` line text.
    fn name(&self) -> String;
    /// Search `p`; `depth` (plies) caps the search when given.
    fn search(&mut self, p: &Position, depth: Option<usize>) -> SearchResult;
    /// Apply `setoption name N value V`; an error text when unknown or bad.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// `option` lines to announce.
    fn options(&self) -> Vec<String>;
    /// Extra text for the `info` line (e.g. emulated time), if any.
    fn info_extra(&self) -> Option<String> {
        None
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

/// Parse `position ...` arguments.
fn parse_position(args: &[&str]) -> Result<Position, String> {
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
    if let Some((&"moves", moves)) = rest.split_first() {
        for m in moves {
            let mv = parse_uci(&p, m).ok_or_else(|| format!("move `{m}` is not legal"))?;
            p.make(mv);
        }
    } else if !rest.is_empty() {
        return Err(format!("unexpected `{}`", rest[0]));
    }
    p.clear_history();
    Ok(p)
}

/// Run the protocol until `quit` or the end of input.
pub fn run<R: BufRead, W: Write>(engine: &mut dyn Engine, input: R, mut out: W) -> io::Result<()> {
    let mut pos = Position::start();
    let mut pending: Option<String> = None;
    for line in input.lines() {
        let line = line?;
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
                Ok(p) => pos = p,
                Err(e) => writeln!(out, "info string position ignored: {e}")?,
            },
            "go" => {
                let mut depth = None;
                let mut infinite = false;
                let mut i = 0;
                while i < args.len() {
                    match args[i] {
                        "depth" => {
                            depth = args.get(i + 1).and_then(|d| d.parse().ok());
                            i += 1;
                        }
                        "infinite" | "ponder" => infinite = true,
                        // The program's fixed widths were its time control: clocks, node and
                        // time limits are read and do not cut the search short.
                        "movetime" | "nodes" | "wtime" | "btime" | "winc" | "binc"
                        | "movestogo" | "mate" => i += 1,
                        _ => {}
                    }
                    i += 1;
                }
                let started = std::time::Instant::now();
                let r = engine.search(&pos, depth);
                let ms = started.elapsed().as_millis();
                let pv: Vec<String> = r.pv.iter().map(|m| m.uci()).collect();
                let extra = engine
                    .info_extra()
                    .map(|e| format!(" {e}"))
                    .unwrap_or_default();
                writeln!(
                    out,
                    "info depth {} nodes {} time {ms} score {}{} pv {}",
                    r.depth.max(1),
                    r.positions,
                    engine.score(&pos, &r),
                    extra,
                    pv.join(" ")
                )?;
                let best = format!(
                    "bestmove {}",
                    r.best.map(|m| m.uci()).unwrap_or_else(|| "0000".into())
                );
                if infinite {
                    pending = Some(best);
                } else {
                    writeln!(out, "{best}")?;
                }
            }
            "stop" => {
                if let Some(b) = pending.take() {
                    writeln!(out, "{b}")?;
                }
            }
            "quit" => break,
            "debug" | "register" | "ponderhit" => {}
            _ => writeln!(out, "info string unknown command `{cmd}`")?,
        }
        out.flush()?;
    }
    if let Some(b) = pending.take() {
        writeln!(out, "{b}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::chess::program::Twin;
    use crate::chess::registry;

    /// A session with the registry's first player (Kotok's program), native.
    fn session(input: &str) -> String {
        let mut out = Vec::new();
        let mut engine = registry::PLAYERS[0].engine(Twin::Native, &[]).unwrap();
        run(engine.as_mut(), input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn handshake_and_a_move() {
        let o = session("uci\nisready\nposition startpos moves e2e4\ngo depth 2\nquit\n");
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
    }

    #[test]
    fn infinite_waits_for_stop() {
        let o = session("go infinite\nisready\nstop\n");
        let lines: Vec<&str> = o.lines().collect();
        assert_eq!(lines[1], "readyok");
        assert!(lines[2].starts_with("bestmove"));
    }

    #[test]
    fn mate_score() {
        let o = session("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo\n");
        assert!(o.contains("score mate 1"), "{o}");
        assert!(o.contains("bestmove a1a8"));
    }
}
