//! `firstmoves chess best|uci --program soma|turochamp`: JSON answer, rule sets, seeded coin,
//! UCI.

mod common;

use std::io::Write;
use std::process::Stdio;

use common::{firstmoves, run};

const MOVE23: &str = "1k1r3r/p1p3pp/B2b1p2/B2R4/4p2P/P3P3/1PP3P1/6K1 b - - 0 23";

#[test]
fn best_json_for_both_rule_sets() {
    for rules in ["soma1961", "somac1966"] {
        let (ok, out, err) = run(&[
            "chess",
            "best",
            "--program",
            "soma",
            "--rules",
            rules,
            "--fen",
            MOVE23,
            "--json",
        ]);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["move"], "d6h2", "{rules}");
        assert_eq!(v["san"], "Bh2+");
        assert_eq!(v["positions"], 25);
        assert!(v["value"].is_i64());
    }
}

#[test]
fn the_seed_repeats_the_coin() {
    let a = run(&[
        "chess",
        "best",
        "--program",
        "soma",
        "--seed",
        "9",
        "--json",
    ])
    .1;
    let b = run(&[
        "chess",
        "best",
        "--program",
        "soma",
        "--seed",
        "9",
        "--json",
    ])
    .1;
    assert_eq!(a, b);
}

#[test]
fn bad_rules_are_refused() {
    let (ok, _, err) = run(&["chess", "best", "--program", "soma", "--rules", "soma1962"]);
    assert!(!ok);
    assert!(err.contains("soma1962"), "{err}");
}

#[test]
fn uci_session() {
    let mut child = firstmoves()
        .args(["chess", "uci", "--program", "soma"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(format!("uci\nisready\nposition fen {MOVE23}\ngo\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let o = String::from_utf8(out.stdout).unwrap();
    assert!(o.contains("id name SOMA 1961"), "{o}");
    assert!(o.contains("uciok") && o.contains("readyok"), "{o}");
    assert!(o.contains("bestmove d6h2"), "{o}");
}

#[test]
fn turochamp_best_and_uci() {
    let (ok, out, err) = run(&["chess", "best", "--program", "turochamp", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["move"], "e2e3");
    assert_eq!(v["value"], 1000);
    let mut child = firstmoves()
        .args(["chess", "uci", "--program", "turochamp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"uci\nposition fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo\n")
        .unwrap();
    let o = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    assert!(o.contains("id name Turochamp"), "{o}");
    assert!(o.contains("score mate 1"), "{o}");
    assert!(o.contains("bestmove a1a8"), "{o}");
}
