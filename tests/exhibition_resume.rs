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

/// A small exhibition's arguments: two boards, seed 11, greedy and random, unless `extra`
/// (flag, value pairs) gives a flag another value or adds one.
fn small(record: &Path, extra: &[&str]) -> Vec<String> {
    let mut flags = vec![
        ("--boards", "2"),
        ("--seed", "11"),
        ("--opponents", "greedy,random"),
    ];
    for pair in extra.chunks(2) {
        match flags.iter_mut().find(|(f, _)| *f == pair[0]) {
            Some(f) => f.1 = pair[1],
            None => flags.push((pair[0], pair[1])),
        }
    }
    let mut a = vec!["dama".to_string(), "exhibition".to_string()];
    for (f, v) in flags {
        a.extend([f.to_string(), v.to_string()]);
    }
    a.extend(["--record".to_string(), record.display().to_string()]);
    a
}

/// The two records of a whole small exhibition, made once in `d`.
fn small_records(d: &Path) -> Vec<String> {
    let out = firstmoves().args(small(d, &[])).output().unwrap();
    assert!(out.status.success(), "{}", common::stderr_of(&out));
    (1..=2)
        .map(|b| std::fs::read_to_string(d.join(format!("board-{b:02}.txt"))).unwrap())
        .collect()
}

/// Resuming `records` (written to a fresh folder `name`) with `extra` flags is refused with
/// status 1, an error that starts with `FILE:LINE:` and says `said`; the records are left as
/// they were.
fn refused(name: &str, records: &[String], extra: &[&str], at: (u8, usize), said: &str) {
    let d = dir(name);
    std::fs::create_dir_all(&d).unwrap();
    for (b, text) in records.iter().enumerate() {
        std::fs::write(d.join(format!("board-{:02}.txt", b + 1)), text).unwrap();
    }
    let mut a = small(&d, extra);
    a.push("--resume".into());
    let out = firstmoves().args(&a).output().unwrap();
    let err = common::stderr_of(&out);
    assert_eq!(out.status.code(), Some(1), "{name}: {err}");
    let file = d.join(format!("board-{:02}.txt", at.0));
    let place = format!("{}:{}: ", file.display(), at.1);
    assert!(err.contains(&place) && err.contains(said), "{name}: {err}");
    for (b, text) in records.iter().enumerate() {
        let now = std::fs::read_to_string(d.join(format!("board-{:02}.txt", b + 1))).unwrap();
        assert_eq!(&now, text, "{name}: board {} changed", b + 1);
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_resume_with_other_settings_is_refused_naming_the_difference() {
    let whole = dir("settings-whole");
    let records = small_records(&whole);
    let cases: [(&str, &[&str], u8, &str); 6] = [
        (
            "opponents",
            &["--opponents", "greedy,greedy"],
            2,
            "recorded with the opponent random",
        ),
        (
            "seed",
            &["--seed", "12"],
            1,
            "recorded with --seed 11, resumed with --seed 12",
        ),
        (
            "setting",
            &["--select", "a2+b3"],
            1,
            "recorded with --select a3+b3, resumed with --select a2+b3",
        ),
        (
            "boards",
            &["--boards", "3"],
            1,
            "recorded with --boards 2, resumed with --boards 3",
        ),
        (
            "one-board",
            &["--boards", "1"],
            1,
            "recorded with --boards 2, resumed with --boards 1",
        ),
        (
            "timing",
            &["--timing", "high"],
            1,
            "recorded with --timing nominal, resumed with --timing high",
        ),
    ];
    for (name, extra, board, said) in cases {
        refused(
            &format!("settings-{name}"),
            &records,
            extra,
            (board, 1),
            said,
        );
    }
    let _ = std::fs::remove_dir_all(&whole);
}

#[test]
fn a_tampered_record_is_refused_naming_file_and_line() {
    let whole = dir("tamper-whole");
    let records = small_records(&whole);
    let lines: Vec<&str> = records[0].lines().collect();
    // The first machine line, `A ff-tt +v n s.sss`, with its field `i` changed.
    let machine = |i: usize, to: &str| -> String {
        let mut f: Vec<&str> = lines[1].split(' ').collect();
        f[i] = to;
        let mut l = lines.clone();
        let changed = f.join(" ");
        l[1] = &changed;
        l.join("\n") + "\n"
    };
    let fields: Vec<&str> = lines[1].split(' ').collect();
    let more = (fields[3].parse::<u64>().unwrap() + 1).to_string();
    let slower = format!("{:.3}", fields[4].parse::<f64>().unwrap() + 0.001);
    let end = lines.iter().position(|l| l.starts_with('=')).unwrap() + 1;
    let with = |board: &str| {
        let mut r = records.clone();
        r[0] = board.to_string();
        r
    };
    let the_record_says = "the record says";
    let cases: Vec<(&str, String, usize, &str)> = vec![
        ("positions", machine(3, &more), 2, the_record_says),
        ("time", machine(4, &slower), 2, the_record_says),
        ("value", machine(2, "+99"), 2, the_record_says),
        (
            "opponent",
            records[0].replacen("against greedy", "against random", 1),
            1,
            "recorded with the opponent random, resumed with the opponent greedy",
        ),
        (
            "board",
            records[0].replacen("# board 01", "# board 02", 1),
            1,
            "recorded with board 2, resumed with board 1",
        ),
        ("crlf", records[0].replace('\n', "\r\n"), 1, "CRLF"),
        (
            "after-the-end",
            format!("{}{}\n", records[0], lines[2]),
            end + 1,
            "after the game's end line",
        ),
        (
            "illegal",
            records[0].replacen(lines[2], "B 01-02", 1),
            3,
            "is not legal",
        ),
        (
            "garbage",
            records[0].replacen(lines[2], "hello", 1),
            3,
            "is not a record line",
        ),
        (
            "blank",
            records[0].replacen(lines[2], "", 1),
            3,
            "is not a record line",
        ),
    ];
    for (name, text, line, said) in cases {
        refused(
            &format!("tamper-{name}"),
            &with(&text),
            &[],
            (1, line),
            said,
        );
    }
    let _ = std::fs::remove_dir_all(&whole);
}

/// A torn tail is mended through a temporary file renamed over the record (no half-mended
/// record can be left), with the warning; nothing else is left beside it.
#[test]
fn a_torn_tail_is_mended_atomically_with_a_warning() {
    let whole = dir("mend-whole");
    let records = small_records(&whole);
    let d = dir("mend");
    std::fs::create_dir_all(&d).unwrap();
    let cut = &records[0][..records[0].len() - 3];
    std::fs::write(d.join("board-01.txt"), cut).unwrap();
    std::fs::write(d.join("board-02.txt"), &records[1]).unwrap();
    let mut a = small(&d, &[]);
    a.push("--resume".into());
    let out = firstmoves().args(&a).output().unwrap();
    let err = common::stderr_of(&out);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("dropped the torn last line"), "{err}");
    assert_eq!(small_records_in(&d), records);
    let mut names: Vec<String> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["board-01.txt", "board-02.txt"]);
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&d);
}

fn small_records_in(d: &Path) -> Vec<String> {
    (1..=2)
        .map(|b| std::fs::read_to_string(d.join(format!("board-{b:02}.txt"))).unwrap())
        .collect()
}
