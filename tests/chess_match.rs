//! `firstmoves chess match` through the binary: our programs against each other, against our
//! own UCI engine in another process, against Stockfish when it is installed, and against
//! engines that misbehave (each an error or a lost game, never a hang).

mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::run;

/// A scratch file of this test process.
fn scratch(name: &str) -> PathBuf {
    common::scratch("match").join(name)
}

fn json(stdout: &str) -> serde_json::Value {
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

#[test]
fn soma_against_turochamp_writes_pgn_and_json() {
    let pgn = scratch("st.pgn");
    let p = pgn.to_str().unwrap();
    let (ok, out, err) = run(&[
        "chess",
        "match",
        "--white",
        "soma",
        "--black",
        "turochamp",
        "--games",
        "2",
        "--alternate",
        "--max-moves",
        "20",
        "--pgn",
        p,
        "--json",
    ]);
    assert!(ok, "{err}");
    let j = json(&out);
    let games = j["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let total =
        j["wins"].as_u64().unwrap() + j["draws"].as_u64().unwrap() + j["losses"].as_u64().unwrap();
    assert_eq!(total, 2);
    assert!(games[0]["white"].as_str().unwrap().starts_with("SOMA"));
    assert!(games[1]["white"].as_str().unwrap().starts_with("Turochamp"));
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event ").count(), 2);
    for g in games {
        assert!(g["plies"].as_u64().unwrap() <= 40);
        assert!(text.contains(&format!("[Result \"{}\"]", g["result"].as_str().unwrap())));
        assert_eq!(g["pgn"].as_str(), Some(p));
    }
    let _ = std::fs::remove_file(&pgn);

    // The plain form: one line a game and the summary.
    let (ok, out, err) = run(&[
        "chess",
        "match",
        "--white",
        "somac1966",
        "--black",
        "soma",
        "--games",
        "1",
        "--max-moves",
        "5",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("game 1: SOMA SOMAC 1966"), "{out}");
    assert!(out.contains("somac1966 vs soma: +"), "{out}");
}

#[test]
fn our_uci_engine_in_its_own_process() {
    let engine = format!("uci:{} chess uci --program kotok", common::BIN);
    let (ok, out, err) = run(&[
        "chess",
        "match",
        "--white",
        "soma",
        "--black",
        &engine,
        "--games",
        "1",
        "--max-moves",
        "8",
        "--uci-option",
        "Widths=3 2 1",
        "--json",
    ]);
    assert!(ok, "{err}");
    let j = json(&out);
    let g = &j["games"][0];
    assert!(
        g["black"].as_str().unwrap().starts_with("Kotok-McCarthy"),
        "{g}"
    );
    assert_ne!(g["termination"], "illegal_move", "{g}");
    assert_ne!(g["termination"], "engine_failure", "{g}");
    // Our engine refuses an option it does not have.
    let (ok, _, err) = run(&[
        "chess",
        "match",
        "--white",
        "soma",
        "--black",
        &engine,
        "--uci-option",
        "Hash=16",
    ]);
    assert!(!ok);
    assert!(err.contains("option `Hash` refused"), "{err}");
}

/// Stockfish's path, if installed (Debian puts it in /usr/games).
fn stockfish() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join("stockfish"))
        .find(|p| p.is_file())
}

#[test]
#[cfg_attr(
    not(has_stockfish),
    ignore = "needs Stockfish (apt-get install stockfish); CI runs it"
)]
fn kotok_against_stockfish_at_skill_zero() {
    assert!(
        stockfish().is_some(),
        "Stockfish is not installed: apt-get install stockfish"
    );
    let (ok, out, err) = run(&[
        "chess",
        "match",
        "--white",
        "kotok",
        "--black",
        "uci:stockfish",
        "--uci-option",
        "Skill Level=0",
        "--movetime",
        "20",
        "--games",
        "1",
        "--max-moves",
        "15",
        "--json",
    ]);
    assert!(ok, "{err}");
    let g = &json(&out)["games"][0];
    assert!(g["black"].as_str().unwrap().starts_with("Stockfish"), "{g}");
    assert!(
        !["illegal_move", "engine_failure", "timeout"]
            .contains(&g["termination"].as_str().unwrap()),
        "{g}"
    );
}

#[test]
fn an_echo_is_an_error_not_a_hang() {
    let t = Instant::now();
    let (ok, out, err) = run(&[
        "chess",
        "match",
        "--white",
        "kotok",
        "--black",
        "uci:/bin/cat",
        "--timeout",
        "1",
    ]);
    assert!(!ok, "{out}");
    assert!(
        err.contains("engine `/bin/cat`: no `uciok` within 1.0 s"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(20));
}

/// A shell "engine": the handshake, then `answer` to every `go`.
fn script_engine(name: &str, answer: &str) -> String {
    let path = scratch(name);
    let text = format!(
        "while read line; do\n\
         case \"$line\" in\n\
         uci) echo 'id name {name}'; echo uciok;;\n\
         isready) echo readyok;;\n\
         go*) {answer};;\n\
         quit) exit 0;;\n\
         esac\n\
         done\n"
    );
    std::fs::write(&path, text).unwrap();
    format!("uci:sh {}", path.display())
}

#[test]
fn illegal_moves_and_crashes_lose_games() {
    let babbler = script_engine("babbler", "echo 'bestmove zzzz'");
    let (ok, out, err) = run(&[
        "chess", "match", "--white", "soma", "--black", &babbler, "--games", "1", "--json",
    ]);
    assert!(ok, "{err}");
    let g = &json(&out)["games"][0];
    assert_eq!(g["result"], "1-0", "{g}");
    assert_eq!(g["termination"], "illegal_move", "{g}");
    assert!(
        g["reason"].as_str().unwrap().contains("illegal move zzzz"),
        "{g}"
    );

    // Dies at its first `go`: the game is lost, the engine started again for the next.
    let crasher = script_engine("crasher", "exit 3");
    let pgn = scratch("crash.pgn");
    let (ok, out, err) = run(&[
        "chess",
        "match",
        "--white",
        &crasher,
        "--black",
        "soma",
        "--games",
        "2",
        "--alternate",
        "--json",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let j = json(&out);
    for g in j["games"].as_array().unwrap() {
        assert_eq!(g["termination"], "engine_failure", "{g}");
        assert!(
            g["reason"]
                .as_str()
                .unwrap()
                .contains("exited while we waited for `bestmove`"),
            "{g}"
        );
    }
    assert_eq!(j["games"][0]["result"], "0-1");
    assert_eq!(j["games"][1]["result"], "1-0");
    assert_eq!(j["losses"], 2);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches("[Termination \"abandoned\"]").count(),
        2,
        "{text}"
    );
    for f in ["babbler", "crasher", "crash.pgn"] {
        let _ = std::fs::remove_file(scratch(f));
    }
}

#[test]
fn bad_input_names_file_line_and_column() {
    let file = scratch("openings.txt");
    std::fs::write(&file, "# openings\ne2e4 e7e5\nd2d4 d7d5 c2c5\n").unwrap();
    let f = file.to_str().unwrap();
    let (ok, _, err) = run(&[
        "chess",
        "match",
        "--white",
        "soma",
        "--black",
        "soma",
        "--openings",
        f,
    ]);
    assert!(!ok);
    assert!(
        err.contains(&format!("{f}:3:11: `c2c5` is not a legal move here")),
        "{err}"
    );
    let _ = std::fs::remove_file(&file);
    let (ok, _, err) = run(&["chess", "match", "--white", "soma", "--black", "bernstein"]);
    assert!(!ok);
    assert!(err.contains("`bernstein`: not a program"), "{err}");
    let (ok, _, err) = run(&[
        "chess", "match", "--white", "soma", "--black", "kotok", "--fen", "8/8 w",
    ]);
    assert!(!ok);
    assert!(err.contains("--fen `8/8 w`"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// One game `white` v `black` to `max_moves`: its JSON and the PGN's movetext.
fn one_game(white: &str, black: &str, max_moves: &str) -> (serde_json::Value, String) {
    let pgn = scratch(&format!("{}-{black}.pgn", white.replace(':', "-")));
    let (ok, out, err) = run(&[
        "chess",
        "match",
        "--white",
        white,
        "--black",
        black,
        "--games",
        "1",
        "--max-moves",
        max_moves,
        "--json",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    let movetext = text.split("\n\n").nth(1).unwrap().to_string();
    (json(&out)["games"][0].clone(), movetext)
}

#[test]
fn emulated_soma_plays_the_native_twins_game() {
    let (emulated, emulated_moves) = one_game("emulated:soma", "kotok", "2");
    let (_, native_moves) = one_game("soma", "kotok", "2");
    assert!(emulated["white"]
        .as_str()
        .unwrap()
        .contains("emulated IBM 7090"));
    assert!(emulated["emulated_seconds"]["white"].as_f64().unwrap() > 0.0);
    assert_eq!(emulated_moves, native_moves);
}

#[test]
fn emulated_kotok_plays_the_native_twins_game() {
    let (emulated, emulated_moves) = one_game("emulated:kotok", "soma", "3");
    let (native, native_moves) = one_game("kotok", "soma", "3");
    assert!(
        emulated["white"]
            .as_str()
            .unwrap()
            .contains("emulated IBM 7090"),
        "{emulated}"
    );
    assert_eq!(emulated_moves, native_moves);
    assert_eq!(emulated["plies"], 6);
    assert!(
        emulated["emulated_seconds"]["white"].as_f64().unwrap() > 0.0,
        "{emulated}"
    );
    assert!(emulated["emulated_seconds"]["black"].is_null());
    assert!(native["emulated_seconds"]["white"].is_null());
}
