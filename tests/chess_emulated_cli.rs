//! `chess perft --engine emulated` and `chess mate --engine emulated` through the binary: the
//! FAP programs on the emulated 7090 give the native answers, with the period time.

mod common;

use common::run;

#[test]
fn perft_emulated_counts_and_times_the_start_position() {
    let (ok, out, err) = run(&["chess", "perft", "--depth", "3", "--engine", "emulated"]);
    assert!(ok, "{err}");
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("8902"));
    assert!(
        lines.next().unwrap().starts_with("emulated 7090: "),
        "{out}"
    );
}

#[test]
fn mate_emulated_finds_the_immortal_games_mate() {
    // The Immortal Game after 21...Kd8, MATER I's example in the source.
    let fen = "r1bk2nr/p2p1pNp/n2B4/1p1NP2P/6P1/3P1Q2/P1P1K3/q5b1 w - - 0 1";
    let (ok, out, err) = run(&[
        "chess", "mate", "--fen", fen, "--engine", "emulated", "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["found"], true);
    assert_eq!(v["line"], serde_json::json!(["f3f6", "g8f6", "d6e7"]));
    assert_eq!(v["positions"], 18);
    assert!(v["emulated_seconds"].as_f64().unwrap() > 1.0);
}

#[test]
fn emulated_refuses_what_the_card_language_cannot_say() {
    // Two white kings: INITIA's cards cannot express it; an error, not a panic.
    let (ok, _, err) = run(&[
        "chess",
        "perft",
        "--fen",
        "4k3/8/8/8/8/8/8/K3K3 w - - 0 1",
        "--depth",
        "1",
        "--engine",
        "emulated",
    ]);
    assert!(!ok);
    assert!(!err.contains("panicked"), "{err}");
}
