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
    // Host time is the one figure allowed to differ.
    v.as_object_mut().unwrap().remove("host_seconds");
    v
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
fn jobs_is_bounded() {
    let out = Command::new(env!("CARGO_BIN_EXE_firstmoves"))
        .args(["chess", "crosscheck", "--jobs", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
