//! `--jobs N` spreads a campaign's problems over N threads; the report must not depend on N:
//! the same JSON (host time aside) for one thread and for several.

use std::process::Command;

fn report(args: &[&str], jobs: &str) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_firstmoves"))
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
    for program in ["kotok", "soma"] {
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
    let out = Command::new(env!("CARGO_BIN_EXE_firstmoves"))
        .args(["chess", "crosscheck", "--jobs", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
