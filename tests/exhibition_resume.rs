//! An exhibition killed midway (SIGKILL, no chance to tidy up) and resumed from its
//! records plays the same games to the same end as one never interrupted.

mod common;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::firstmoves;

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
    // Host time differs from run to run; everything else must not. `by_bound` (the games
    // under the other timing bounds) is only in a run that does not resume (docs/json.md).
    if let Some(o) = v.as_object_mut() {
        o.retain(|k, _| !k.contains("host") && !k.contains("speed") && k != "by_bound");
    }
    v
}

#[test]
fn killed_exhibition_resumes_from_its_records_with_nothing_lost() {
    let whole = dir("whole");
    let full = report(firstmoves().args(args(&whole)).output().unwrap());

    let cut = dir("cut");
    let mut child = firstmoves()
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
    let resumed = report(firstmoves().args(resumed_args).output().unwrap());
    assert_eq!(records(&cut), records(&whole));
    assert_eq!(resumed, full);
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&cut);
}

/// A record cut in the middle of its last line (a kill during the write) is repaired on
/// `--resume`: the torn line is dropped with a warning and the games finish as if never cut.
#[test]
fn a_torn_last_line_is_dropped_and_the_games_finish_alike() {
    let whole = dir("torn-whole");
    let full = report(firstmoves().args(args(&whole)).output().unwrap());
    let torn = dir("torn");
    std::fs::create_dir_all(&torn).unwrap();
    for (b, text) in records(&whole).iter().enumerate() {
        // Keep the header and three whole lines, then half of the next line.
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let mut cut: String = lines[..4].concat();
        cut.push_str(&lines[4][..lines[4].len() / 2]);
        std::fs::write(torn.join(format!("board-{:02}.txt", b + 1)), cut).unwrap();
    }
    let mut resumed_args = args(&torn);
    resumed_args.push("--resume".into());
    let out = firstmoves().args(resumed_args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(err.contains("dropped the torn last line"), "{err}");
    assert_eq!(report(out), full);
    assert_eq!(records(&torn), records(&whole));
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&torn);
}

/// Kill the exhibition with SIGKILL at random points, 200 times in all (40 exhibitions, each
/// killed five times and resumed after each kill, then resumed to its end): every finished
/// record is byte-identical to an uninterrupted run's.
#[test]
fn two_hundred_kills_resume_to_the_same_records() {
    let two = |record: &Path| -> Vec<String> {
        [
            "dama",
            "exhibition",
            "--boards",
            "2",
            "--seed",
            "11",
            "--opponents",
            "greedy,random",
            "--record",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([record.display().to_string()])
        .collect()
    };
    let both = |d: &Path| -> Vec<String> {
        (1..=2)
            .map(|b| std::fs::read_to_string(d.join(format!("board-{b:02}.txt"))).unwrap())
            .collect()
    };
    let whole = dir("kills-whole");
    let t = Instant::now();
    let out = firstmoves().args(two(&whole)).output().unwrap();
    assert!(out.status.success());
    let full_time = t.elapsed().max(Duration::from_millis(20));
    let want = both(&whole);
    // A fixed sequence of kill times, from 0 to a little past a whole run.
    let mut state: u64 = 2026;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as f64 / (1u64 << 31) as f64
    };
    let mut kills = 0;
    for trial in 0..40 {
        let d = dir(&format!("kills-{trial}"));
        for k in 0..5 {
            let mut a = two(&d);
            if k > 0 {
                a.push("--resume".into());
            }
            let mut child = firstmoves()
                .args(a)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            std::thread::sleep(full_time.mul_f64(1.2 * next()));
            let _ = child.kill();
            let _ = child.wait();
            kills += 1;
        }
        let mut a = two(&d);
        a.push("--resume".into());
        let out = firstmoves().args(a).output().unwrap();
        assert!(
            out.status.success(),
            "trial {trial}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(both(&d), want, "trial {trial}");
        let _ = std::fs::remove_dir_all(&d);
    }
    assert_eq!(kills, 200);
    let _ = std::fs::remove_dir_all(&whole);
}
