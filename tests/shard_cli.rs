//! `--shard K/N` and `merge`: a campaign cut into shards and merged again is the whole run's
//! report byte for byte (host time aside), and GNU parallel can run the shards.

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::{coin_program, firstmoves};

fn scratch(name: &str) -> PathBuf {
    common::scratch("shard").join(name)
}

/// stdout of a successful run.
fn stdout(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The report as printed, less its host time (the one figure a rerun may change).
fn without_host_time(text: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v.as_object_mut().unwrap().remove("host_seconds");
    v.to_string()
}

/// A cross-check of the first program with a coin (its problems draw coins too).
fn campaign() -> [&'static str; 9] {
    [
        "-q",
        "chess",
        "crosscheck",
        "--program",
        coin_program().0,
        "--positions",
        "7",
        "--seed",
        "4",
    ]
}

#[test]
fn merged_shards_are_the_whole_run() {
    let whole = stdout(firstmoves().args(campaign()).arg("--json"));
    for n in [1, 3] {
        let mut files = Vec::new();
        for k in (1..=n).rev() {
            let shard = stdout(firstmoves().args(campaign()).args([
                "--json",
                "--shard",
                &format!("{k}/{n}"),
            ]));
            let file = scratch(&format!("crosscheck-{k}-of-{n}.json"));
            std::fs::write(&file, shard).unwrap();
            files.push(file);
        }
        let merged = stdout(firstmoves().arg("merge").args(&files));
        assert_eq!(
            without_host_time(&merged),
            without_host_time(&whole),
            "n = {n}"
        );
    }
}

#[test]
fn merge_refuses_other_runs_and_missing_shards() {
    let one = scratch("a-1-of-2.json");
    std::fs::write(
        &one,
        stdout(
            firstmoves()
                .args(campaign())
                .args(["--json", "--shard", "1/2"]),
        ),
    )
    .unwrap();
    let other_seed = scratch("b-2-of-2.json");
    let mut args = campaign().to_vec();
    args[8] = "5";
    std::fs::write(
        &other_seed,
        stdout(firstmoves().args(&args).args(["--json", "--shard", "2/2"])),
    )
    .unwrap();
    for (files, expect) in [
        (vec![&one], "missing"),
        (vec![&one, &one], "twice"),
        (vec![&one, &other_seed], "differs"),
    ] {
        let out = firstmoves().arg("merge").args(files).output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expect), "{err}");
    }
}

/// The way docs/scale.md spreads a campaign over hosts, on this one: GNU parallel runs the
/// shards (here two at once), `merge` joins them.
#[test]
#[cfg_attr(
    not(has_parallel),
    ignore = "needs GNU parallel (apt-get install parallel); CI runs it"
)]
fn gnu_parallel_runs_the_shards() {
    let dir = scratch("parallel");
    std::fs::create_dir_all(&dir).unwrap();
    let script = format!(
        "parallel --will-cite -j 2 '{bin} {args} --json --shard {{}}/2 > {dir}/shard-{{}}.json' ::: 1 2 \
         && {bin} merge {dir}/shard-*.json",
        bin = common::BIN,
        args = campaign().join(" "),
        dir = dir.display()
    );
    let merged = stdout(Command::new("bash").args(["-c", &script]));
    let whole = stdout(firstmoves().args(campaign()).arg("--json"));
    assert_eq!(without_host_time(&merged), without_host_time(&whole));
}

/// `dama crosscheck` and `dama match` cut into shards: the merge prints the whole run's bytes
/// (host time aside), in the whole run's form (one line, or indented for the match).
#[test]
fn dama_merged_shards_are_the_whole_run() {
    let crosscheck = [
        "-q",
        "dama",
        "crosscheck",
        "--positions",
        "5",
        "--seed",
        "2",
        "--select",
        "selective",
        "--json",
    ];
    let matched = [
        "-q", "dama", "match", "--x", "findler", "--y", "random", "--pairs", "3", "--json",
    ];
    for (name, args) in [("crosscheck", &crosscheck[..]), ("match", &matched[..])] {
        let whole = stdout(firstmoves().args(args));
        for n in [2, 3] {
            let mut files = Vec::new();
            for k in (1..=n).rev() {
                let shard = stdout(
                    firstmoves()
                        .args(args)
                        .args(["--shard", &format!("{k}/{n}")]),
                );
                let file = scratch(&format!("dama-{name}-{k}-of-{n}.json"));
                std::fs::write(&file, shard).unwrap();
                files.push(file);
            }
            let merged = stdout(firstmoves().arg("merge").args(&files));
            assert_eq!(
                dama_without_host_time(&merged),
                dama_without_host_time(&whole),
                "{name}, n = {n}"
            );
        }
    }
}

/// The printed text with the host time's value cut out (the match has none).
fn dama_without_host_time(text: &str) -> String {
    match text.split_once("\"host_seconds\":") {
        Some((head, tail)) => {
            let end = tail.find([',', '}']).unwrap_or(tail.len());
            format!("{head}{}", &tail[end..])
        }
        None => text.to_string(),
    }
}

/// Shards of another seed, setting or strategy are refused, naming what differs.
#[test]
fn dama_merge_refuses_shards_of_other_runs() {
    let shard = |args: &[&str], k: &str, name: &str| {
        let file = scratch(name);
        std::fs::write(
            &file,
            stdout(
                firstmoves()
                    .arg("-q")
                    .args(args)
                    .args(["--json", "--shard", k]),
            ),
        )
        .unwrap();
        file
    };
    let crosscheck = ["dama", "crosscheck", "--positions", "2", "--seed", "1"];
    let first = shard(&crosscheck, "1/2", "dama-cc-a.json");
    let mut other_seed = crosscheck;
    other_seed[5] = "2";
    let mut other_setting = crosscheck.to_vec();
    other_setting.extend(["--select", "a2+b2"]);
    let matched = [
        "dama", "match", "--x", "greedy", "--y", "random", "--pairs", "2",
    ];
    let match_first = shard(&matched, "1/2", "dama-m-a.json");
    let mut other_y = matched;
    other_y[5] = "findler";
    for (a, b) in [
        (&first, shard(&other_seed, "2/2", "dama-cc-seed.json")),
        (&first, shard(&other_setting, "2/2", "dama-cc-setting.json")),
        (&first, shard(&matched, "2/2", "dama-m-b.json")),
        (&match_first, shard(&other_y, "2/2", "dama-m-y.json")),
    ] {
        let out = firstmoves().arg("merge").args([a, &b]).output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("differs"), "{err}");
    }
}

/// The report less host time at any depth (the mate campaign's are per MATER level).
fn without_host_time_anywhere(text: &str) -> String {
    fn strip(v: &mut serde_json::Value) {
        if let Some(o) = v.as_object_mut() {
            o.remove("host_seconds");
            o.remove("native_seconds");
            o.values_mut().for_each(strip);
        }
    }
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    strip(&mut v);
    v.to_string()
}

/// `args` run whole and as `n` shards (written in reverse order, to files named `name`),
/// merged: the merge's report as printed, and the whole run's.
fn whole_and_merged(args: &[&str], name: &str, n: usize) -> (String, String) {
    let whole = stdout(firstmoves().args(args).arg("--json"));
    let mut files = Vec::new();
    for k in (1..=n).rev() {
        let shard =
            stdout(
                firstmoves()
                    .args(args)
                    .args(["--json", "--shard", &format!("{k}/{n}")]),
            );
        let file = scratch(&format!("{name}-{k}-of-{n}.json"));
        std::fs::write(&file, shard).unwrap();
        files.push(file);
    }
    (stdout(firstmoves().arg("merge").args(&files)), whole)
}

#[test]
fn mate_campaign_shards_merge_to_the_whole_run() {
    let native = ["-q", "chess", "mate-campaign", "--positions", "30"];
    let (merged, whole) = whole_and_merged(&native, "mate-native", 3);
    assert_eq!(
        without_host_time_anywhere(&merged),
        without_host_time_anywhere(&whole)
    );
    // On the 7090 the emulated seconds are a floating sum, added again row by row.
    let emulated = [
        "-q",
        "chess",
        "mate-campaign",
        "--positions",
        "5",
        "--engine",
        "emulated",
    ];
    let (merged, whole) = whole_and_merged(&emulated, "mate-emulated", 2);
    assert_eq!(
        without_host_time_anywhere(&merged),
        without_host_time_anywhere(&whole)
    );
    assert!(whole.contains("\"emulated_seconds\""), "{whole}");
}

/// A cross-check on another machine than the 7090 merges too: the machine is kept, and the
/// spread is summed in that machine's cycles.
#[test]
fn crosscheck_shards_on_the_709_merge_to_the_whole_run() {
    let (coin, _) = coin_program();
    let args = [
        "-q",
        "chess",
        "crosscheck",
        "--program",
        coin,
        "--positions",
        "3",
        "--cpu",
        "709",
    ];
    let (merged, whole) = whole_and_merged(&args, "crosscheck-709", 2);
    assert_eq!(
        without_host_time_anywhere(&merged),
        without_host_time_anywhere(&whole)
    );
    assert!(whole.contains("\"cpu\":\"709\""), "{whole}");
}

#[test]
fn chess_match_shards_merge_to_the_whole_run() {
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
    ];
    // No host time in a match's report: the merge is the whole match as printed.
    let (merged, whole) = whole_and_merged(&args, "match", 2);
    assert_eq!(merged, whole);
    let other = scratch("match-other-seed.json");
    let mut other_args = args.to_vec();
    other_args.extend(["--seed", "7", "--json", "--shard", "2/2"]);
    std::fs::write(&other, stdout(firstmoves().args(&other_args))).unwrap();
    let out = firstmoves()
        .arg("merge")
        .arg(scratch("match-1-of-2.json"))
        .arg(&other)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("differs"));
}

/// `merge` of `files`: its exit status and standard error.
fn merge_err(files: &[PathBuf]) -> (Option<i32>, String) {
    let out = firstmoves().arg("merge").args(files).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `file` with `edit` made to its report, written as `name`.
fn tampered(file: &PathBuf, name: &str, edit: impl Fn(&mut serde_json::Value)) -> PathBuf {
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    edit(&mut v);
    let out = scratch(name);
    std::fs::write(&out, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    out
}

/// A shard whose counts are raised, wrapped round or emptied is refused, naming the file and
/// the field, and never merged into a report: its totals are checked against its own games and
/// its slice of the run.
#[test]
fn merge_refuses_shards_that_disagree_with_themselves() {
    let shards = |args: &[&str], name: &str| -> Vec<PathBuf> {
        (1..=2)
            .map(|k| {
                let file = scratch(&format!("{name}-{k}.json"));
                let report =
                    stdout(
                        firstmoves()
                            .args(args)
                            .args(["--json", "--shard", &format!("{k}/2")]),
                    );
                std::fs::write(&file, report).unwrap();
                file
            })
            .collect()
    };
    let dama = [
        "-q", "dama", "match", "--x", "greedy", "--y", "random", "--pairs", "3",
    ];
    let d = shards(&dama, "tamper-dama");
    assert_eq!(merge_err(&d).0, Some(0));
    let max = serde_json::Value::from(u64::MAX);
    let (coin, other) = coin_program();
    let chess = [
        "-q",
        "chess",
        "match",
        "--white",
        coin,
        "--black",
        other,
        "--games",
        "3",
        "--max-moves",
        "10",
    ];
    let c = shards(&chess, "tamper-chess");
    assert_eq!(merge_err(&c).0, Some(0));
    let cases: Vec<(PathBuf, &PathBuf, &str)> = vec![
        (
            tampered(&d[1], "t-wins-max.json", |v| v["x_wins"] = max.clone()),
            &d[0],
            "`x_wins`",
        ),
        (
            tampered(&d[1], "t-games-up.json", |v| {
                v["games"] = (v["games"].as_u64().unwrap() + 1).into()
            }),
            &d[0],
            "`games`",
        ),
        (
            tampered(&d[1], "t-blocked-up.json", |v| {
                v["blocked_ends"] = (v["games"].as_u64().unwrap() + 1).into()
            }),
            &d[0],
            "`blocked_ends`",
        ),
        (
            tampered(&c[1], "t-chess-empty.json", |v| {
                v["games"] = serde_json::json!([])
            }),
            &c[0],
            "`games`",
        ),
        (
            tampered(&c[1], "t-chess-draws.json", |v| {
                v["draws"] = (v["draws"].as_u64().unwrap() + 1).into()
            }),
            &c[0],
            "`draws`",
        ),
    ];
    for (bad, good, field) in cases {
        let (code, err) = merge_err(&[good.clone(), bad.clone()]);
        assert_eq!(code, Some(1), "{}: {err}", bad.display());
        let name = bad.display().to_string();
        assert!(err.contains(&name) && err.contains(field), "{err}");
    }
}
