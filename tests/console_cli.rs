//! `firstmoves console silliac --script`: the monitor driven from a script, snapshots saved
//! and restored through it, errors naming the script line.

use std::path::PathBuf;
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_firstmoves"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("firstmoves-console-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

const SUM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assembler/testdata/sum.sil");

fn script(text: &str, name: &str) -> std::process::Output {
    let path = scratch(name);
    std::fs::write(&path, text).unwrap();
    bin()
        .args([
            "console",
            "silliac",
            SUM,
            "--script",
            path.to_str().unwrap(),
        ])
        .output()
        .unwrap()
}

#[test]
fn script_snapshot_midway_continues_like_the_original() {
    let snap = scratch("mid.snap");
    let snap = snap.to_str().unwrap();
    let out = script(
        &format!("b order 82\nc\nsave {snap}\nc\npunch\nrestore {snap}\nnb all\nc\npunch\n"),
        "a.cmd",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let stops: Vec<&str> = text.lines().filter(|l| l.starts_with("A=")).collect();
    // Breakpoint, stop, restored state, stop again: the restored machine is the saved one and
    // reaches the same stop with the same registers, clock and order count.
    assert_eq!(stops.len(), 4, "{text}");
    assert_eq!(stops[0], stops[2], "{text}");
    assert_eq!(stops[1], stops[3], "{text}");
    assert_eq!(text.matches("\n375\n").count(), 2, "{text}");
}

#[test]
fn script_errors_name_file_and_line_and_exit_non_zero() {
    let out = script("e loop\nd nowhere 5\n", "b.cmd");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("b.cmd:2: `nowhere` is not an address"),
        "{err}"
    );
    let bad = scratch("bad.snap");
    std::fs::write(&bad, "hello\n").unwrap();
    let out = script(&format!("restore {}\n", bad.display()), "c.cmd");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("not a SILLIAC snapshot"), "{err}");
}

#[test]
fn the_7090_monitor_runs_a_fap_program_from_a_script() {
    let path = scratch("bench.cmd");
    std::fs::write(
        &path,
        "e START 2\nb INNER\nc\nc\ne XR\nnb all\nrun 1000\nregs\n",
    )
    .unwrap();
    let fap = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/bench-7090.fap");
    let out = bin()
        .args(["console", "7090", fap, "--script", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("7090> e START 2\n00100  "), "{text}");
    // `b INNER` answers with the address too: 1 + 2 stops.
    assert_eq!(text.matches("breakpoint at 00102").count(), 3, "{text}");
    // Second stop at INNER: one inner trip done, XR1 counted down once.
    assert!(text.contains("XR1=03717 XR2=11610 XR4=00000\n"), "{text}");
    assert!(text.contains("instruction budget used up"), "{text}");
}
