//! `firstmoves chess`: the UCI engine driven through the binary's stdin and stdout, and the
//! other chess subcommands' outputs and errors.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use common::{firstmoves, run};

/// A UCI conversation: send each line, read until a line starting with `until` (if any).
struct Uci {
    child: std::process::Child,
    out: BufReader<std::process::ChildStdout>,
}

impl Uci {
    fn start() -> Uci {
        Uci::with(&["--program", "kotok"])
    }

    fn with(args: &[&str]) -> Uci {
        let mut child = firstmoves()
            .args(["chess", "uci"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the UCI engine");
        let out = BufReader::new(child.stdout.take().unwrap());
        Uci { child, out }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut l = String::new();
            assert!(
                self.out.read_line(&mut l).unwrap() > 0,
                "EOF before {prefix}: {lines:?}"
            );
            let l = l.trim_end().to_string();
            let done = l.starts_with(prefix);
            lines.push(l);
            if done {
                return lines;
            }
        }
    }
}

#[test]
fn uci_session_through_stdin_and_stdout() {
    let mut e = Uci::start();
    e.send("uci");
    let id = e.until("uciok");
    assert!(id.iter().any(|l| l.starts_with("id name ")));
    e.send("isready");
    e.until("readyok");
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    let info = lines
        .iter()
        .find(|l| l.starts_with("info "))
        .expect("an info line");
    for field in [" depth ", " nodes ", " score ", " pv "] {
        assert!(info.contains(field), "{info}");
    }
    // Garbage and an illegal move: answered, the engine goes on.
    e.send("xyzzy 1 2 3");
    e.send("position startpos moves e2e5");
    e.send("position fen not a fen");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count()
            >= 3
    );
    // An infinite search holds its move until `stop`, even when the program has answered
    // (this search takes milliseconds): `isready` is answered, no `bestmove` comes.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    e.send("go infinite");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    std::thread::sleep(std::time::Duration::from_millis(500));
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("stop");
    let lines = e.until("bestmove");
    // The program's mate, unless the search was still running at the `stop` (a slow host).
    let stopped = lines
        .iter()
        .any(|l| l.contains("stopped before the program"));
    if !stopped {
        assert_eq!(lines.last().unwrap(), "bestmove a1a8", "{lines:?}");
    }
    e.send("go movetime 100 nodes 1000");
    e.until("bestmove");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

/// Through stdin, as a GUI speaks: `isready` during the emulated twin's `go infinite` (a search
/// of hours of 7090 time) is answered at once, and `stop` gives a legal move with the positions
/// examined and an `info string` saying the program had no move yet.
#[test]
fn isready_and_stop_during_an_emulated_search() {
    let mut e = Uci::with(&["--program", "kotok", "--engine", "emulated"]);
    e.send("setoption name Widths value 40 40 40 40 40");
    e.send("setoption name AlphaBeta value false");
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(200));
    let asked = std::time::Instant::now();
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        asked.elapsed() < std::time::Duration::from_secs(1),
        "readyok after {:?}",
        asked.elapsed()
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("stop");
    let lines = e.until("bestmove");
    let info = lines.iter().find(|l| l.starts_with("info depth")).unwrap();
    let nodes: u64 = info
        .split_whitespace()
        .skip_while(|&w| w != "nodes")
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert!(nodes > 0, "{lines:?}");
    assert!(info.starts_with("info depth 0 "), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string stopped before the program had a move")),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove b1a3");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

/// MATER from the initial position has no mate: it says so, and what it plays instead.
#[test]
fn mater_says_what_it_does_without_a_mate() {
    for twin in ["native", "emulated"] {
        let mut e = Uci::with(&["--program", "mater", "--engine", twin]);
        e.send("position startpos");
        e.send("go depth 4");
        let lines = e.until("bestmove");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string MATER found no mate within 2 moves")),
            "{twin}: {lines:?}"
        );
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 0 ")),
            "{lines:?}"
        );
        e.send("quit");
        assert!(e.child.wait().unwrap().success());
    }
}

/// The same search on Kotok's twins reports the same depth (the plies of the principal
/// variation), nodes and line.
#[test]
fn kotok_twins_report_the_same_depth() {
    let info = |twin: &str| {
        let mut e = Uci::with(&["--program", "kotok", "--engine", twin]);
        e.send("position startpos");
        e.send("go");
        let lines = e.until("bestmove");
        e.send("quit");
        assert!(e.child.wait().unwrap().success());
        let info = lines
            .iter()
            .find(|l| l.starts_with("info depth"))
            .unwrap()
            .clone();
        // The time and nps are the host's.
        let words: Vec<&str> = info.split_whitespace().collect();
        let keep = |k: &str| words.iter().position(|&w| w == k).map(|i| words[i + 1]);
        let pv = info.split(" pv ").nth(1).unwrap().to_string();
        (
            keep("depth").unwrap().to_string(),
            keep("nodes").unwrap().to_string(),
            pv,
        )
    };
    let native = info("native");
    assert_eq!(native, info("emulated"));
    assert_eq!(native.0, "4");
}

/// python-chess against every registered program on both twins (programs/chess/testdata/
/// uci_protocol.py): `stop` during `go infinite`, the best move so far, the same depth on both
/// twins, MATER without a mate.
#[test]
#[cfg_attr(
    not(has_python_chess),
    ignore = "needs python-chess (pip install chess); CI runs it"
)]
fn python_chess_speaks_the_protocol_with_every_program() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/programs/chess/testdata/uci_protocol.py"
    );
    let programs: Vec<String> = chess::registry::PLAYERS
        .iter()
        .map(|e| e.name().to_string())
        .collect();
    let mut args = vec![common::BIN.to_string()];
    args.extend(programs);
    let text = python(script, &args);
    assert!(text.contains("ok mater emulated"), "{text}");
}

#[test]
fn best_json_fields() {
    let (ok, out, _) = run(&[
        "chess",
        "best",
        "--program",
        "kotok",
        "--fen",
        "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1",
        "--json",
    ]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["move"], "d2d5");
    assert_eq!(v["san"], "Rxd5");
    assert!(v["value"].as_i64().unwrap() > 0);
    assert_eq!(v["pv"][0], "d2d5");
    assert!(v["positions"].as_u64().unwrap() > 0);
}

#[test]
fn best_without_alpha_beta_same_move_more_positions() {
    let fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
    let json = |extra: &[&str]| -> serde_json::Value {
        let mut a = vec!["chess", "best", "--fen", fen, "--json"];
        a.extend_from_slice(extra);
        serde_json::from_str(&run(&a).1).unwrap()
    };
    let ab = json(&[]);
    let mm = json(&["--no-alpha-beta"]);
    assert_eq!(ab["move"], mm["move"]);
    assert_eq!(ab["value"], mm["value"]);
    assert_eq!(ab["pv"], mm["pv"]);
    assert!(ab["positions"].as_u64() < mm["positions"].as_u64());
}

#[test]
fn perft_and_errors() {
    let (ok, out, _) = run(&["chess", "perft", "--depth", "3"]);
    assert!(ok);
    assert_eq!(out.trim(), "8902");
    let (ok, _, err) = run(&["chess", "best", "--fen", "8/8/8/8 w - -"]);
    assert!(!ok);
    assert!(err.contains("field 1"), "{err}");
    // The emulated program's card holds ten widths at most.
    let widths = "1,1,1,1,1,1,1,1,1,1,1";
    let (ok, _, err) = run(&["chess", "best", "--engine", "emulated", "--widths", widths]);
    assert!(!ok);
    assert!(err.contains("the card holds 10"), "{err}");
}

#[test]
fn cards_print_figure1_and_skip_bad_problems() {
    let dir = common::scratch("chess");
    let deck = dir.join("deck.txt");
    std::fs::write(
        &deck,
        "/BAD/ K ZZ 8888 .\n/MATE IN ONE/ QR5K1 5 KBP KNP KRP 8888\n5*KBP*KNP*KRP 6*K1 .\n",
    )
    .unwrap();
    let (ok, out, _) = run(&["chess", "cards", deck.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(ok);
    assert!(out.contains("card 1 column 9"), "{out}");
    assert!(out.contains("PRINCIPAL VARIATION  Ra8#"), "{out}");
    assert!(out.contains("POSITIONS EXAMINED"), "{out}");
}

#[test]
fn a_file_with_no_readable_problem_is_an_error() {
    let (ok, out, err) = run(&["chess", "cards", "programs/dama/dama.sil"]);
    assert!(!ok, "{out}");
    assert!(
        err.contains("no problem in INITIA's cards could be read"),
        "{err}"
    );
}

/// A python-chess script's standard output; the script must end with status 0.
fn python(script: &str, args: &[impl AsRef<std::ffi::OsStr>]) -> String {
    let out = Command::new("python3")
        .arg(script)
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run python3");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// A short game against Stockfish (Skill Level 0) driven by python-chess, then the emulated twin
/// with an option configured and its `info string` read. `.ci/run` installs
/// both (`pip install chess`, Debian's `stockfish`); elsewhere the build marks the test ignored
/// without them.
#[test]
#[cfg_attr(
    not(all(has_python_chess, has_stockfish)),
    ignore = "needs python-chess (pip install chess) and Stockfish (apt-get install stockfish); CI runs it"
)]
fn python_chess_game_against_stockfish() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/programs/chess/testdata/uci_game.py"
    );
    let text = python(script, &[common::BIN, "/usr/games/stockfish", "20"]);
    assert!(text.contains("result "), "{text}");
    assert!(
        text.contains("emulated ") && text.contains("info string"),
        "{text}"
    );
}
