//! `--shard K/N` and `merge`: a campaign cut into shards and merged again is the whole run's
//! report byte for byte (host time aside), and GNU parallel can run the shards.

use std::path::PathBuf;
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_firstmoves"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("firstmoves-shard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
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

const CAMPAIGN: [&str; 9] = [
    "-q",
    "chess",
    "crosscheck",
    "--program",
    "soma",
    "--positions",
    "7",
    "--seed",
    "4",
];

#[test]
fn merged_shards_are_the_whole_run() {
    let whole = stdout(bin().args(CAMPAIGN).arg("--json"));
    for n in [1, 3] {
        let mut files = Vec::new();
        for k in (1..=n).rev() {
            let shard =
                stdout(
                    bin()
                        .args(CAMPAIGN)
                        .args(["--json", "--shard", &format!("{k}/{n}")]),
                );
            let file = scratch(&format!("soma-{k}-of-{n}.json"));
            std::fs::write(&file, shard).unwrap();
            files.push(file);
        }
        let merged = stdout(bin().arg("merge").args(&files));
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
        stdout(bin().args(CAMPAIGN).args(["--json", "--shard", "1/2"])),
    )
    .unwrap();
    let other_seed = scratch("b-2-of-2.json");
    let mut args = CAMPAIGN.to_vec();
    args[8] = "5";
    std::fs::write(
        &other_seed,
        stdout(bin().args(&args).args(["--json", "--shard", "2/2"])),
    )
    .unwrap();
    for (files, expect) in [
        (vec![&one], "missing"),
        (vec![&one, &one], "twice"),
        (vec![&one, &other_seed], "differs"),
    ] {
        let out = bin().arg("merge").args(files).output().unwrap();
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
        bin = env!("CARGO_BIN_EXE_firstmoves"),
        args = CAMPAIGN.join(" "),
        dir = dir.display()
    );
    let merged = stdout(Command::new("bash").args(["-c", &script]));
    let whole = stdout(bin().args(CAMPAIGN).arg("--json"));
    assert_eq!(without_host_time(&merged), without_host_time(&whole));
}
