//! The chess reports' entries of the registry: each report's type, section and runs.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::{args, schema_for, Report};
use crate::common;

/// The chess reports beyond `chess best`, each with runs that cover its variants (every
/// program, machine and flag that changes its keys) and, for a campaign, the merge of shards.
pub fn chess_reports() -> Vec<Report> {
    let programs: Vec<&str> = chess::registry::PLAYERS.iter().map(|e| e.name()).collect();
    vec![
        Report {
            name: "chess-crosscheck",
            schema: schema_for::<chess::report::crosscheck::Crosscheck>,
            heading: "chess crosscheck",
            runs: crosscheck_runs(&programs),
        },
        Report {
            name: "chess-match",
            schema: schema_for::<chess::report::matchplay::MatchReport>,
            heading: "chess match",
            runs: match_runs(),
        },
        Report {
            name: "chess-period",
            schema: schema_for::<chess::report::period::PeriodReport>,
            heading: "chess period",
            runs: vec![
                args(&["chess", "period", "--json"]),
                args(&["chess", "period", "--engine", "emulated", "--json"]),
                args(&[
                    "chess", "period", "--engine", "emulated", "--cpu", "709", "--json",
                ]),
            ],
        },
        Report {
            name: "timing-chess",
            schema: schema_for::<chess::report::timing::TimingReport>,
            heading: "timing (a 7090 chess program)",
            runs: programs
                .iter()
                .map(|p| args(&["timing", "--program", p, "--json"]))
                .collect(),
        },
        Report {
            name: "chess-mate",
            schema: schema_for::<chess::report::mate::MateReport>,
            heading: "chess mate",
            runs: ["native", "emulated"]
                .iter()
                .flat_map(|engine| {
                    ["1", "2"].map(|mater| {
                        args(&[
                            "chess",
                            "mate",
                            "--fen",
                            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
                            "--engine",
                            engine,
                            "--mater",
                            mater,
                            "--json",
                        ])
                    })
                })
                .chain([args(&[
                    "chess",
                    "mate",
                    "--fen",
                    "6k1/8/8/8/8/8/8/R5K1 w - - 0 1",
                    "--json",
                ])])
                .collect(),
        },
        Report {
            name: "chess-mate-campaign",
            schema: schema_for::<chess::report::mate::MateCampaignReport>,
            heading: "chess mate-campaign",
            runs: vec![
                mate_campaign(&["--positions", "3"]),
                mate_campaign(&["--positions", "3", "--engine", "emulated"]),
                mate_campaign(&["--positions", "3", "--threat-levels", "1", "--shard", "1/2"]),
                merged(
                    "chess-mate-campaign",
                    &mate_campaign(&["--positions", "4", "--engine", "emulated"]),
                ),
            ],
        },
        Report {
            name: "chess-cards",
            schema: schema_for::<chess::report::cards::CardsReport>,
            heading: "chess cards",
            // The deck's first problem is skipped, its second answered.
            runs: programs
                .iter()
                .flat_map(|p| {
                    ["native", "emulated"].map(|engine| {
                        args(&[
                            "chess",
                            "cards",
                            "programs/chess/testdata/cards.txt",
                            "--program",
                            p,
                            "--engine",
                            engine,
                            "--json",
                        ])
                    })
                })
                .collect(),
        },
        Report {
            name: "chess-perft",
            schema: schema_for::<chess::report::perft::PerftReport>,
            heading: "chess perft",
            runs: vec![
                args(&["chess", "perft", "--depth", "2", "--json"]),
                args(&["chess", "perft", "--depth", "2", "--divide", "--json"]),
                args(&[
                    "chess", "perft", "--depth", "2", "--engine", "emulated", "--json",
                ]),
            ],
        },
    ]
}

/// `chess crosscheck`: every program, the 709, a shard with settings, and merges of shards.
fn crosscheck_runs(programs: &[&str]) -> Vec<Vec<String>> {
    let crosscheck = |p: &str, positions: &str, more: &[&str]| {
        let mut run = args(&["-q", "chess", "crosscheck", "--program", p]);
        run.extend(args(&["--positions", positions]));
        run.extend(args(more));
        run.push("--json".into());
        run
    };
    let mut crosschecks: Vec<Vec<String>> =
        programs.iter().map(|p| crosscheck(p, "1", &[])).collect();
    crosschecks.push(crosscheck("soma", "1", &["--cpu", "709"]));
    crosschecks.push(crosscheck(
        "soma",
        "2",
        &["--rules", "somac1966", "--shard", "1/2"],
    ));
    crosschecks.push(merged(
        "chess-crosscheck",
        &crosscheck("turochamp", "2", &[]),
    ));
    crosschecks.push(merged(
        "chess-crosscheck-709",
        &crosscheck("mater", "2", &["--cpu", "709"]),
    ));
    crosschecks
}

/// `chess match`: native and emulated players, --pgn, a 709 shard, and a merge of shards.
fn match_runs() -> Vec<Vec<String>> {
    let pgn = files().join("match.pgn");
    let matched = |more: &[&str]| {
        let mut run = args(&["-q", "chess", "match", "--max-moves", "3", "--games", "2"]);
        run.extend(args(more));
        run.push("--json".into());
        run
    };
    vec![
        matched(&["--white", "kotok", "--black", "soma"]),
        matched(&[
            "--white",
            "turochamp",
            "--black",
            "mater",
            "--engine",
            "emulated",
            "--pgn",
            &pgn.to_string_lossy(),
        ]),
        matched(&[
            "--white",
            "kotok",
            "--black",
            "emulated:soma",
            "--cpu",
            "709",
            "--shard",
            "2/2",
        ]),
        merged(
            "chess-match",
            &matched(&["--white", "soma", "--black", "kotok", "--alternate"]),
        ),
    ]
}

/// `chess mate-campaign` with `more`, as JSON.
fn mate_campaign(more: &[&str]) -> Vec<String> {
    let mut run = args(&["-q", "chess", "mate-campaign"]);
    run.extend(args(more));
    run.push("--json".into());
    run
}

/// The folder of the files the runs write (shards, a PGN file): target/json-schema, written
/// anew by every test process.
fn files() -> PathBuf {
    let dir = Path::new(common::ROOT).join("target/json-schema");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The `merge` command line of `run` (which ends in `--json`) cut into two shards; the shards
/// are written once per test process, under `name`.
fn merged(name: &str, run: &[String]) -> Vec<String> {
    let dir = files();
    let mut line = args(&["merge"]);
    for k in 1..=2 {
        let file = dir.join(format!("{name}-{k}.json"));
        let mut shard: Vec<&str> = run.iter().map(String::as_str).collect();
        let slice = format!("{k}/2");
        shard.extend(["--shard", &slice]);
        static MADE: std::sync::Mutex<BTreeSet<PathBuf>> = std::sync::Mutex::new(BTreeSet::new());
        let mut made = MADE.lock().unwrap();
        if made.insert(file.clone()) {
            std::fs::write(&file, common::stdout(&shard)).unwrap();
        }
        line.push(file.to_string_lossy().into_owned());
    }
    line
}
