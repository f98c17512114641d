//! The `firstmoves dama` command line: outputs and error messages.

mod common;

use common::run;

#[test]
fn moves_of_the_start() {
    let (ok, out, _) = run(&["dama", "moves"]);
    assert!(ok);
    assert_eq!(out.lines().count(), 13);
    assert_eq!(out.lines().next(), Some("1-10"));
}

#[test]
fn best_as_json_has_move_value_positions() {
    let (ok, out, _) = run(&["dama", "best", "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["move"], "1-10");
    assert_eq!(v["value"], 0);
    assert_eq!(v["positions"], 1288);
    assert_eq!(v["setting"], "a3+b3");
}

#[test]
fn fast_engine_agrees_in_move_and_value() {
    let p = "A:5,7,8,9,10,11,17,23/B:15,16,19,22,26,28,29,32/A";
    for engine in ["native", "fast"] {
        let (ok, out, _) = run(&[
            "dama",
            "best",
            "--position",
            p,
            "--engine",
            engine,
            "--select",
            "a2+b2",
            "--json",
        ]);
        assert!(ok);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            (v["move"].as_str(), v["value"].as_i64()),
            (Some("11-25"), Some(2))
        );
    }
}

#[test]
fn a_bad_position_names_the_field() {
    let (ok, _, err) = run(&[
        "dama",
        "best",
        "--position",
        "A:1,2,3,4,5,6,7,7/B:25,26,27,28,29,30,31,32/A",
    ]);
    assert!(!ok);
    assert!(err.contains("field A: square 7 listed twice"), "{err}");
    let (ok, _, err) = run(&["dama", "best", "--select", "a1+demo"]);
    assert!(!ok);
    assert!(err.contains("setting `a1+demo`: expected demo"), "{err}");
    let (ok, _, err) = run(&["dama", "play", "--a", "chess"]);
    assert!(!ok);
    assert!(err.contains("strategy `chess`"), "{err}");
}

#[test]
fn play_prints_a_record_with_a_result() {
    let (ok, out, _) = run(&[
        "dama", "play", "--a", "findler", "--b", "random", "--seed", "4",
    ]);
    assert!(ok);
    assert!(out.contains("  1. "), "{out}");
    assert!(out.contains(" wins in "), "{out}");
}

#[test]
fn learn_is_deterministic_under_a_seed() {
    let args = [
        "dama",
        "learn",
        "--seed",
        "3",
        "--iterations",
        "2",
        "--json",
    ];
    let (ok, a, _) = run(&args);
    assert!(ok);
    let (_, b, _) = run(&args);
    assert_eq!(a, b);
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["iterations"][0]["trials"].as_array().unwrap().len(), 6);
}

#[test]
fn perft_agrees_with_the_table() {
    let (ok, out, _) = run(&["dama", "perft", "--depth", "4", "--slow"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("4 26229"));
}

/// Every dama command that takes one of Findler's settings takes it in one language and
/// refuses a bad one with one message: `--select` of best, exhibition and crosscheck,
/// `findler:SETTING` of play and match.
mod setting_language {
    use super::run;

    /// The command `cmd` with the setting text `s` in its place.
    fn commands(s: &str) -> Vec<Vec<String>> {
        let f = format!("findler:{s}");
        [
            vec!["dama", "best", "--select", s, "--json"],
            vec![
                "dama",
                "exhibition",
                "--boards",
                "1",
                "--select",
                s,
                "--json",
            ],
            vec![
                "dama",
                "crosscheck",
                "--positions",
                "1",
                "--select",
                s,
                "--json",
            ],
            vec!["dama", "play", "--a", &f, "--b", "greedy", "--json"],
            vec![
                "dama", "match", "--x", &f, "--y", "greedy", "--pairs", "1", "--json",
            ],
        ]
        .iter()
        .map(|c| c.iter().map(|w| w.to_string()).collect())
        .collect()
    }

    fn each(s: &str) -> Vec<(String, bool, String, String)> {
        commands(s)
            .iter()
            .map(|c| {
                let args: Vec<&str> = c.iter().map(String::as_str).collect();
                let (ok, out, err) = run(&args);
                (c[1].clone(), ok, out, err)
            })
            .collect()
    }

    #[test]
    fn best_exhibition_crosscheck_play_and_match_take_the_combined_form() {
        for (cmd, ok, out, err) in each("A2B4") {
            assert!(ok, "{cmd}: {err}");
            assert!(out.contains("a2+b4"), "{cmd}: {out}");
        }
    }

    #[test]
    fn selective_goes_with_a3_in_every_command() {
        for (cmd, ok, out, err) in each("a3+selective") {
            assert!(ok, "{cmd}: {err}");
            assert!(out.contains("selective"), "{cmd}: {out}");
        }
        for (cmd, ok, _, err) in each("a2+selective") {
            assert!(!ok, "{cmd}");
            assert!(
                err.contains("setting `a2+selective`: the selective modification is the paper's four-half-move search (a3)"),
                "{cmd}: {err}"
            );
        }
    }

    #[test]
    fn a_bad_setting_gets_one_message_from_every_command() {
        // Signs and doubled `+` once read as a1+b1: the language is strict (docs/cli.md).
        for bad in ["a4+b1", "a-1+b-1", "a+1+b+1", "a1++b1", "a1,b1"] {
            for (cmd, ok, _, err) in each(bad) {
                assert!(!ok, "{cmd} {bad}");
                assert!(
                    err.contains(&format!("setting `{bad}`: expected demo, selective, or a depth rule a1|a2|a3 with a selection rule b1|b2|b3|b4")),
                    "{cmd}: {err}"
                );
            }
        }
        let (ok, _, err) = run(&["dama", "best", "--select", "demo "]);
        assert!(
            !ok && err.contains("setting `demo `: expected demo"),
            "{err}"
        );
    }
}

/// `--report DIR` leaves the records, the JSON, the SVG, the phase table and an index that
/// names them; `dama replay` steps through a record with the period time of SILLIAC's moves.
#[test]
fn report_dir_holds_the_evidence_and_replay_reads_a_record() {
    let dir = std::env::temp_dir().join(format!("firstmoves-report-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let d = dir.to_str().unwrap();
    let (ok, _, err) = run(&["dama", "exhibition", "--boards", "2", "--report", d]);
    assert!(ok, "{err}");
    for f in [
        "index.md",
        "phases.md",
        "report.json",
        "times.svg",
        "crosscheck.svg",
        "records/board-01.txt",
        "records/board-02.txt",
    ] {
        assert!(dir.join(f).is_file(), "{f} missing");
    }
    let index = std::fs::read_to_string(dir.join("index.md")).unwrap();
    for want in [
        "firstmoves dama exhibition --boards 2 --select a3+b3 --seed 1",
        "0 mismatches",
        "| middle | below |",
        "[board-02.txt](records/board-02.txt)",
        "`grand:",
    ] {
        assert!(index.contains(want), "index.md lacks {want}:\n{index}");
    }
    let svg = std::fs::read_to_string(dir.join("times.svg")).unwrap();
    for want in ["period time per move, seconds", "machine moves", "10-150 s"] {
        assert!(svg.contains(want), "times.svg lacks {want}");
    }
    // Every machine move on the diagonal: the twins counted the same positions.
    let cross = std::fs::read_to_string(dir.join("crosscheck.svg")).unwrap();
    assert!(!cross.contains("#c0392b\"><title>"), "{cross}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap();
    assert_eq!(json["mismatches"], 0);
    let alike = format!("{0} of {0} moves alike", json["machine_moves"]);
    assert!(cross.contains(&alike), "{alike}: {cross}");
    let b = &json["band"];
    let moves = json["machine_moves"].as_u64().unwrap();
    assert_eq!(
        b["below"].as_u64().unwrap() + b["inside"].as_u64().unwrap() + b["above"].as_u64().unwrap(),
        moves
    );

    let rec = dir.join("records/board-01.txt");
    let (ok, out, err) = run(&["dama", "replay", rec.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.starts_with("board 01: SILLIAC (a3+b3) as A"), "{out}");
    assert!(
        out.contains("  1. A 1-10  value +0  1288 positions  30.6 s  (period clock 0:00:31)"),
        "{out}"
    );
    assert!(
        out.contains("SILLIAC's period time on this board: "),
        "{out}"
    );
    // A record whose move is illegal is refused with the half-move named.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "# board 01: x\nA 01-10 +0 1288 30.8\nB 01-05\n").unwrap();
    let (ok, _, err) = run(&["dama", "replay", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("half-move 2 (B 1-5) is not legal"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
