//! The client side of UCI: an external engine in its own process. Every wait has a deadline,
//! so a silent, crashed or babbling engine ends in a typed error, never a hang; the process is
//! told to quit and then killed when the client is done with it.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::board::{Move, Position, START_FEN};
use crate::fen::to_fen;

use super::player::{EngineError, Player};

/// How to run and drive an external engine.
#[derive(Clone, Debug)]
pub struct UciConfig {
    /// The command line: program and arguments, split at spaces.
    pub command: String,
    /// `setoption name N value V` sent after the handshake, in order.
    pub options: Vec<(String, String)>,
    /// `go movetime` in milliseconds.
    pub movetime: Option<u64>,
    /// `go depth`.
    pub depth: Option<u32>,
    /// The longest wait for any answer, beyond the movetime for `bestmove`.
    pub timeout: Duration,
}

impl UciConfig {
    pub fn new(command: &str) -> UciConfig {
        UciConfig {
            command: command.to_string(),
            options: Vec::new(),
            movetime: None,
            depth: None,
            timeout: Duration::from_secs(30),
        }
    }

    /// The `go` command: depth and/or movetime as given; 100 ms a move when neither is.
    pub fn go(&self) -> String {
        let mut go = String::from("go");
        if let Some(d) = self.depth {
            go += &format!(" depth {d}");
        }
        match (self.movetime, self.depth) {
            (Some(ms), _) => go += &format!(" movetime {ms}"),
            (None, None) => go += " movetime 100",
            (None, Some(_)) => {}
        }
        go
    }
}

/// Longest line kept from an engine; the rest of a longer one is read and dropped.
const MAX_LINE: u64 = 64 * 1024;

/// A running engine process.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where a bare program name is found: the PATH, then /usr/games (where Debian installs
/// stockfish, a directory not on every PATH).
fn resolve(program: &str) -> PathBuf {
    if program.contains('/') {
        return PathBuf::from(program);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join(program))
        .find(|p| p.is_file())
        .unwrap_or_else(|| PathBuf::from(program))
}

/// Is an engine reachable under this program name (for tests and `--help` texts)?
pub fn available(program: &str) -> bool {
    let p = resolve(program);
    Path::new(&p).is_file()
}

/// An external UCI engine as a player.
pub struct UciPlayer {
    config: UciConfig,
    process: Option<Process>,
    name: String,
}

impl UciPlayer {
    /// Start the engine: `uci` .. `uciok`, the options, `isready` .. `readyok`.
    pub fn start(config: UciConfig) -> Result<UciPlayer, EngineError> {
        let mut p = UciPlayer {
            name: config.command.clone(),
            config,
            process: None,
        };
        p.spawn()?;
        Ok(p)
    }

    fn error_spawn(&self, source: io::Error) -> EngineError {
        EngineError::Spawn {
            command: self.config.command.clone(),
            source,
        }
    }

    fn spawn(&mut self) -> Result<(), EngineError> {
        let mut words = self.config.command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| self.error_spawn(io::Error::other("empty command")))?;
        let mut child = Command::new(resolve(program))
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| self.error_spawn(e))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        // Bounded: an engine that floods its output waits for us instead of filling memory.
        let (tx, lines) = mpsc::sync_channel(1024);
        // The reader thread ends at the engine's end of output (or when we stop listening).
        thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match (&mut out).take(MAX_LINE).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                if buf.last() != Some(&b'\n') && buf.len() as u64 == MAX_LINE {
                    let mut rest = Vec::new();
                    if out.read_until(b'\n', &mut rest).is_err() {
                        return;
                    }
                }
                let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        self.process = Some(Process {
            child,
            stdin,
            lines,
        });
        let r = self.handshake();
        if r.is_err() {
            self.process = None;
        }
        r
    }

    fn handshake(&mut self) -> Result<(), EngineError> {
        self.send("uci")?;
        let mut name = None;
        self.wait_for("uciok", self.config.timeout, |l| {
            if let Some(n) = l.strip_prefix("id name ") {
                name = Some(n.trim().to_string());
            }
            Ok(())
        })?;
        if let Some(n) = name {
            self.name = n;
        }
        // One `isready` after each option, so a refusal is pinned on the option.
        for (n, v) in self.config.options.clone() {
            self.send(&format!("setoption name {n} value {v}"))?;
            self.ready(Some(&n))?;
        }
        self.ready(None)
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let command = &self.config.command;
        let Some(p) = self.process.as_mut() else {
            return Err(EngineError::Exited {
                command: command.clone(),
                waiting_for: "a running engine",
            });
        };
        match writeln!(p.stdin, "{line}").and_then(|_| p.stdin.flush()) {
            // The engine has exited: whether that shows here or in the next read is a race,
            // so leave it to the read that follows every command, which reports it as
            // `Exited` with the line we waited for.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            Err(source) => Err(EngineError::Write {
                command: command.clone(),
                source,
            }),
            Ok(()) => Ok(()),
        }
    }

    /// Read lines until one whose first word is `word`, giving each line before it to `seen`.
    fn wait_for(
        &mut self,
        word: &'static str,
        within: Duration,
        mut seen: impl FnMut(&str) -> Result<(), EngineError>,
    ) -> Result<String, EngineError> {
        let command = self.config.command.clone();
        let Some(p) = self.process.as_mut() else {
            return Err(EngineError::Exited {
                command,
                waiting_for: word,
            });
        };
        let deadline = Instant::now() + within;
        loop {
            // Checked before each line too: a flooding engine always has one ready.
            let left = deadline.saturating_duration_since(Instant::now());
            let next = if left.is_zero() {
                Err(RecvTimeoutError::Timeout)
            } else {
                p.lines.recv_timeout(left)
            };
            match next {
                Ok(line) => {
                    if line.split_whitespace().next() == Some(word) {
                        return Ok(line);
                    }
                    seen(&line)?;
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout {
                        command,
                        waiting_for: word,
                        after: within,
                    })
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineError::Exited {
                        command,
                        waiting_for: word,
                    })
                }
            }
        }
    }

    /// `isready` .. `readyok`, failing on a refusal of `option` seen meanwhile (Stockfish
    /// says "No such option: X", ours "info string no option `X`").
    fn ready(&mut self, option: Option<&str>) -> Result<(), EngineError> {
        self.send("isready")?;
        let command = self.config.command.clone();
        self.wait_for("readyok", self.config.timeout, |l| {
            let low = l.to_ascii_lowercase();
            let refused = low.starts_with("no such option")
                || low.starts_with("info string no option")
                || low.starts_with("unknown option");
            if refused && option.is_some() {
                return Err(EngineError::UnknownOption {
                    command: command.clone(),
                    name: option.unwrap_or("?").to_string(),
                    answer: l.to_string(),
                });
            }
            Ok(())
        })?;
        Ok(())
    }

    fn try_choose(
        &mut self,
        start: &Position,
        moves: &[Move],
    ) -> Result<Option<String>, EngineError> {
        let fen = to_fen(start);
        let mut cmd = if fen == START_FEN {
            "position startpos".to_string()
        } else {
            format!("position fen {fen}")
        };
        if !moves.is_empty() {
            cmd += " moves";
            for m in moves {
                cmd += " ";
                cmd += &m.uci();
            }
        }
        self.send(&cmd)?;
        self.send(&self.config.go())?;
        let within = self.config.timeout + Duration::from_millis(self.config.movetime.unwrap_or(0));
        let line = self.wait_for("bestmove", within, |_| Ok(()))?;
        match line.split_whitespace().nth(1) {
            None => Err(EngineError::Protocol {
                command: self.config.command.clone(),
                line,
            }),
            Some("0000") | Some("(none)") => Ok(None),
            Some(m) => Ok(Some(m.to_string())),
        }
    }
}

impl Player for UciPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// `ucinewgame` and `isready`; an engine lost in an earlier game is started again.
    fn new_game(&mut self, _game: usize) -> Result<(), EngineError> {
        if self.process.is_none() {
            self.spawn()?;
        }
        let r = self.send("ucinewgame").and_then(|_| self.ready(None));
        if r.is_err() {
            self.process = None;
        }
        r
    }

    fn choose(
        &mut self,
        start: &Position,
        moves: &[Move],
        _now: &Position,
    ) -> Result<Option<String>, EngineError> {
        let r = self.try_choose(start, moves);
        if r.is_err() {
            // Whatever state it is in, it is not to be trusted with the next move.
            self.process = None;
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Short enough to keep the tests quick, long enough that a loaded CI machine still
    /// starts a shell script and reads its answers inside it.
    fn config(command: &str) -> UciConfig {
        UciConfig {
            timeout: Duration::from_secs(2),
            ..UciConfig::new(command)
        }
    }

    #[test]
    fn go_command() {
        let mut c = UciConfig::new("x");
        assert_eq!(c.go(), "go movetime 100");
        c.depth = Some(3);
        assert_eq!(c.go(), "go depth 3");
        c.movetime = Some(50);
        assert_eq!(c.go(), "go depth 3 movetime 50");
    }

    #[test]
    fn an_echo_is_not_an_engine() {
        // cat echoes `uci` back and never says `uciok`.
        never_says_uciok("/bin/cat");
    }

    #[test]
    fn a_flood_is_not_an_engine() {
        // `yes` prints "y" lines as fast as it can and never `uciok`.
        never_says_uciok("yes");
    }

    /// `command` is given up on within 5 s, waiting for `uciok`.
    fn never_says_uciok(command: &str) {
        let t = Instant::now();
        let e = UciPlayer::start(config(command)).err().expect("an error");
        assert!(
            matches!(
                e,
                EngineError::Timeout {
                    waiting_for: "uciok",
                    ..
                }
            ),
            "{e}"
        );
        assert!(t.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn an_engine_that_exits_or_is_missing() {
        let e = UciPlayer::start(config("/bin/echo garbage"))
            .err()
            .expect("an error");
        assert!(matches!(e, EngineError::Exited { .. }), "{e}");
        let e = UciPlayer::start(config("/nonexistent/engine"))
            .err()
            .expect("an error");
        assert!(matches!(e, EngineError::Spawn { .. }), "{e}");
        assert!(e.to_string().contains("/nonexistent/engine"), "{e}");
    }

    #[test]
    fn a_scripted_engine_plays_then_goes_silent() {
        // Answers the handshake, gives one move, then reads and says nothing more.
        let script = "read a; echo 'id name Shell'; echo uciok\n\
                      read a; echo readyok; read a; read a; echo readyok\n\
                      read a; read a; echo 'info junk'; echo 'bestmove e2e4'\n\
                      while read a; do :; done\n";
        let path = std::env::temp_dir().join(format!("firstmoves-uci-{}.sh", std::process::id()));
        std::fs::write(&path, script).unwrap();
        let command = format!("sh {}", path.display());
        let mut p = UciPlayer::start(config(&command)).expect("handshake");
        assert_eq!(p.name(), "Shell");
        p.new_game(0).expect("new game");
        let start = Position::start();
        let m = p.choose(&start, &[], &start).expect("a move");
        assert_eq!(m.as_deref(), Some("e2e4"));
        let e = p.choose(&start, &[], &start).expect_err("silence");
        assert!(e.is_timeout(), "{e}");
        let _ = std::fs::remove_file(&path);
    }
}
