//! `firstmoves chess best --program turochamp --engine emulated` and `chess crosscheck
//! --program turochamp` through the binary.

mod common;

use common::{firstmoves, output};

#[test]
fn best_emulated_json_is_natives_answer_with_the_period_time() {
    let out = output(&[
        "chess",
        "best",
        "--program",
        "turochamp",
        "--engine",
        "emulated",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["move"], "e2e3");
    assert_eq!(v["value"], 1000);
    assert_eq!(v["positions"], 439);
    assert_eq!(v["position_play"], 146);
    assert_eq!(v["engine"], "emulated");
    // The period time is exact: the library's run of the same deck, cycle for cycle.
    let e = chess::program::run::<chess::turochamp::Turochamp>(
        &chess::Position::start(),
        &Default::default(),
    )
    .unwrap();
    assert_eq!(v["cycles"], e.outcome.cycles);
}

#[test]
fn best_emulated_prints_the_block_and_refuses_bad_plies() {
    let out = output(&[
        "chess",
        "best",
        "--program",
        "turochamp",
        "--engine",
        "emulated",
        "--fen",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("MOVE      A1A8"), "{text}");
    assert!(text.contains("VALUE     1000000"), "{text}");
    assert!(text.contains("EMULATED 7090 TIME"), "{text}");
    let out = output(&[
        "chess",
        "best",
        "--program",
        "turochamp",
        "--engine",
        "emulated",
        "--full-plies",
        "12",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--full-plies 12"));
}

#[test]
fn crosscheck_json() {
    let out = output(&[
        "chess",
        "crosscheck",
        "--program",
        "turochamp",
        "--positions",
        "2",
        "--seed",
        "3",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["program"], "turochamp");
    assert_eq!(v["problems"], 6);
    assert_eq!(v["mismatches"].as_array().unwrap().len(), 0);
}

#[test]
fn uci_emulated_plays_e3_with_the_period_time() {
    use std::io::Write;
    let mut child = firstmoves()
        .args([
            "chess",
            "uci",
            "--program",
            "turochamp",
            "--engine",
            "emulated",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"uci\nposition startpos\ngo\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let e = chess::program::run::<chess::turochamp::Turochamp>(
        &chess::Position::start(),
        &Default::default(),
    )
    .unwrap();
    let secs = format!("emulated_seconds {:.3}", e.outcome.emulated_seconds);
    assert!(text.contains(&secs), "{text}");
    assert!(text.contains("bestmove e2e3"), "{text}");
}
