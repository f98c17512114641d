//! Progress of long campaigns goes to stderr; stdout (the JSON) stays clean.

mod common;

use common::firstmoves;

#[test]
fn crosscheck_prints_plain_progress_on_stderr_and_clean_json_on_stdout() {
    // Under the test harness stderr is a pipe, not a terminal: plain lines.
    let out = firstmoves()
        .args(["dama", "crosscheck", "--positions", "3", "--json"])
        .output()
        .expect("run firstmoves");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(lines.contains(&"crosscheck: 3/3"), "stderr: {stderr:?}");
    assert!(
        !stderr.contains('\r'),
        "no bar when not a terminal: {stderr:?}"
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    assert_eq!(v["positions"], 3);
}

#[test]
fn quiet_silences_progress_on_every_command() {
    for args in [
        &["-q", "dama", "crosscheck", "--positions", "3", "--json"][..],
        &["chess", "crosscheck", "--positions", "2", "--quiet"][..],
    ] {
        let out = firstmoves().args(args).output().expect("run firstmoves");
        assert!(out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !stderr.contains("crosscheck:"),
            "{args:?}: progress printed: {stderr}"
        );
        assert!(!out.stdout.is_empty(), "{args:?}: the result still prints");
    }
}
