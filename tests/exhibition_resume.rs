//! Issue 8: an exhibition killed midway (SIGKILL, no chance to tidy up) and resumed from its
//! records plays the same games to the same end as one never interrupted.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_firstmoves");

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fm-resume-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn args(record: &Path) -> Vec<String> {
    [
        "dama",
        "exhibition",
        "--boards",
        "6",
        "--seed",
        "3",
        "--opponents",
        "greedy,random",
        "--json",
        "--record",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([record.display().to_string()])
    .collect()
}

fn records(d: &Path) -> Vec<String> {
    (1..=6)
        .map(|b| std::fs::read_to_string(d.join(format!("board-{b:02}.txt"))).unwrap_or_default())
        .collect()
}

fn report(out: std::process::Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Host time differs from run to run; everything else must not.
    if let Some(o) = v.as_object_mut() {
        o.retain(|k, _| !k.contains("host") && !k.contains("speed"));
    }
    v
}

#[test]
fn killed_exhibition_resumes_from_its_records_with_nothing_lost() {
    let whole = dir("whole");
    let full = report(Command::new(BIN).args(args(&whole)).output().unwrap());

    let cut = dir("cut");
    let mut child = Command::new(BIN)
        .args(args(&cut))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it once some half-moves are on record (or when it has finished anyway).
    let start = Instant::now();
    while records(&cut)
        .iter()
        .map(|r| r.lines().count())
        .sum::<usize>()
        < 20
        && start.elapsed() < Duration::from_secs(60)
        && child.try_wait().unwrap().is_none()
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    let finished = child.try_wait().unwrap().is_some();
    let _ = child.kill();
    let _ = child.wait();
    let at_kill: usize = records(&cut).iter().map(|r| r.lines().count()).sum();
    let total: usize = records(&whole).iter().map(|r| r.lines().count()).sum();
    eprintln!("killed with {at_kill} of {total} record lines written (finished first: {finished})");

    let mut resumed_args = args(&cut);
    resumed_args.push("--resume".into());
    let resumed = report(Command::new(BIN).args(resumed_args).output().unwrap());
    assert_eq!(records(&cut), records(&whole));
    assert_eq!(resumed, full);
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&cut);
}
