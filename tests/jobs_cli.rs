//! `--jobs N` spreads a campaign's problems over N threads; the report must not depend on N:
//! the same JSON (host time aside) for one thread and for several.

mod common;

use common::{coin_program, firstmoves};

fn report(args: &[&str], jobs: &str) -> serde_json::Value {
    let out = firstmoves()
        .args(args)
        .args(["--json", "--jobs", jobs])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    strip_host_time(&mut v);
    v
}

/// Host time is the one figure allowed to differ, at any depth.
fn strip_host_time(v: &mut serde_json::Value) {
    if let Some(o) = v.as_object_mut() {
        o.remove("host_seconds");
        o.remove("native_seconds");
        o.values_mut().for_each(strip_host_time);
    }
}

#[test]
fn chess_crosscheck_reports_do_not_depend_on_jobs() {
    // The default program, and one whose problems draw coins too.
    for program in [chess::registry::PLAYERS[0].name(), coin_program().0] {
        let args = [
            "chess",
            "crosscheck",
            "--program",
            program,
            "--positions",
            "7",
            "--seed",
            "5",
        ];
        let one = report(&args, "1");
        assert_eq!(one, report(&args, "3"), "{program}");
        assert_eq!(one["mismatches"], serde_json::json!([]), "{program}");
    }
}

#[test]
fn mate_campaign_reports_do_not_depend_on_jobs() {
    let native = ["chess", "mate-campaign", "--positions", "40"];
    assert_eq!(report(&native, "1"), report(&native, "3"));
    let emulated = [
        "chess",
        "mate-campaign",
        "--positions",
        "6",
        "--engine",
        "emulated",
    ];
    let one = report(&emulated, "1");
    assert_eq!(one, report(&emulated, "2"));
    assert_eq!(one["mater1"]["differ_from_native"], serde_json::json!([]));
}

#[test]
fn jobs_is_bounded() {
    let out = firstmoves()
        .args(["chess", "crosscheck", "--jobs", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// The printed report with its host time (the one host figure) cut out; everything else
/// compared byte for byte.
fn dama_bytes(args: &[&str], jobs: &str) -> String {
    let out = firstmoves()
        .arg("-q")
        .args(args)
        .args(["--json", "--jobs", jobs])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    match text.split_once("\"host_seconds\":") {
        Some((head, tail)) => {
            let end = tail.find([',', '}']).unwrap_or(tail.len());
            format!("{head}{}", &tail[end..])
        }
        None => text,
    }
}

/// Each random position on its own copy of the SILLIAC, each pair of games from its own
/// opening: one thread and two print the same bytes.
#[test]
fn dama_crosscheck_and_match_reports_do_not_depend_on_jobs() {
    let crosscheck = ["dama", "crosscheck", "--positions", "6", "--seed", "3"];
    let one = dama_bytes(&crosscheck, "1");
    assert_eq!(one, dama_bytes(&crosscheck, "2"));
    assert!(one.contains("\"mismatches\":0"), "{one}");
    let selective = [
        "dama",
        "crosscheck",
        "--positions",
        "4",
        "--select",
        "selective",
        "--timing",
        "high",
    ];
    assert_eq!(dama_bytes(&selective, "1"), dama_bytes(&selective, "2"));
    let matched = [
        "dama", "match", "--x", "findler", "--y", "random", "--pairs", "3",
    ];
    let one = dama_bytes(&matched, "1");
    assert_eq!(one, dama_bytes(&matched, "2"));
    assert!(one.contains("\"games\": 6"), "{one}");
}

/// `dama learn`: an iteration's six trials at once; the path of bases is the same.
#[test]
fn dama_learn_does_not_depend_on_jobs() {
    let learn = [
        "dama",
        "learn",
        "--iterations",
        "2",
        "--both-sides",
        "--seed",
        "3",
    ];
    assert_eq!(dama_bytes(&learn, "1"), dama_bytes(&learn, "2"));
}

/// A match's games on N threads: the JSON, the text and the PGN file (its date aside) are the
/// one-thread match's, byte for byte.
#[test]
fn chess_match_does_not_depend_on_jobs() {
    // A program against itself under other settings, each with its coin.
    let (coin, other) = coin_program();
    let args = [
        "-q",
        "chess",
        "match",
        "--white",
        coin,
        "--black",
        other,
        "--games",
        "3",
        "--alternate",
        "--max-moves",
        "20",
        "--pgn",
        "games.pgn",
    ];
    let run = |jobs: &str, json: bool| {
        let dir = std::env::temp_dir().join(format!(
            "firstmoves-jobs-match-{}-{jobs}-{json}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let out = firstmoves()
            .current_dir(&dir)
            .args(args)
            .args(["--jobs", jobs])
            .args(json.then_some("--json"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
        // The Date tag is today's: two runs either side of midnight may differ there alone.
        let pgn: Vec<&str> = pgn.lines().filter(|l| !l.starts_with("[Date ")).collect();
        (String::from_utf8(out.stdout).unwrap(), pgn.join("\n"))
    };
    for json in [true, false] {
        let one = run("1", json);
        assert_eq!(one, run("2", json), "json {json}");
        assert!(one.1.contains("[Round \"3\"]"), "{}", one.1);
    }
}

#[test]
fn chess_match_refuses_jobs_with_an_external_engine() {
    let out = firstmoves()
        .args([
            "chess",
            "match",
            "--white",
            "uci:stockfish",
            "--black",
            coin_program().0,
            "--jobs",
            "2",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("external engine") && err.contains("--jobs 1"),
        "{err}"
    );
}

/// `bench campaign` runs the cross-check at --jobs 1 and on every core and finds the two
/// reports the same (its speed-up is host time, never asserted).
#[test]
fn bench_campaign_reports_are_identical() {
    let out = firstmoves()
        .args([
            "-q",
            "bench",
            "campaign",
            "--program",
            coin_program().0,
            "--positions",
            "3",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["identical"], true);
    assert_eq!(v["positions"], 3);
    assert!(v["speed_up"].as_f64().is_some());
}
