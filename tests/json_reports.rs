//! Every report the command line prints as JSON (and the assembler's decks, tapes and
//! listings), against the copy recorded in `tests/reports/`. A refactor keeps them
//! byte-identical; only host-measured figures (host seconds, speed-ups) are masked, since they
//! differ from run to run. After an intended change of a report, record it anew with
//! `FIRSTMOVES_BLESS=1 cargo test --test json_reports` and say in the commit why it changed.

mod common;

use std::path::{Path, PathBuf};

use common::stdout;

/// Keys whose values are measured on the host, not computed: masked before the comparison.
fn is_host_key(key: &str) -> bool {
    key.contains("host") || key.starts_with("native_seconds") || key == "speed_up"
}

fn reports() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reports")
}

/// `"key":<number>` becomes `"key":"host"` for every host key, wherever it stands.
fn mask_host_figures(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("\":") {
        let key_start = rest[..i].rfind('"').map_or(i, |q| q + 1);
        let key = &rest[key_start..i];
        let after = i + 2;
        out.push_str(&rest[..after]);
        rest = &rest[after..];
        if is_host_key(key) {
            let tail = rest.trim_start();
            out.push_str(&rest[..rest.len() - tail.len()]);
            let end = tail
                .find(|c: char| !(c.is_ascii_alphanumeric() || "+-.".contains(c)))
                .unwrap_or(tail.len());
            let value = &tail[..end];
            // Only numbers (and `null`) are host figures; anything else is kept as it is.
            if value == "null" || value.parse::<f64>().is_ok() {
                out.push_str("\"host\"");
                rest = &tail[end..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Compare `actual` with `tests/reports/NAME`, or record it under FIRSTMOVES_BLESS.
fn check(name: &str, actual: &str) {
    let path = reports().join(name);
    if std::env::var_os("FIRSTMOVES_BLESS").is_some() {
        std::fs::create_dir_all(reports()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (record it: FIRSTMOVES_BLESS=1 cargo test --test json_reports)",
            path.display()
        )
    });
    if want != actual {
        let at = want
            .bytes()
            .zip(actual.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(want.len().min(actual.len()));
        let line = want[..at].matches('\n').count() + 1;
        let from = at.saturating_sub(80);
        let excerpt = |s: &str| {
            s.get(from..(at + 80).min(s.len()))
                .unwrap_or("")
                .to_string()
        };
        panic!(
            "{name} differs from the recorded report at line {line}, byte {at}:\n recorded: ...{}...\n now:      ...{}...",
            excerpt(&want),
            excerpt(actual)
        );
    }
}

fn report(name: &str, args: &[&str]) {
    check(name, &mask_host_figures(&stdout(args)));
}

/// Assemble the concatenation of `parts` with `firstmoves asm`, checking the output and listing.
fn assembly(name: &str, parts: &[&str], ext: &str) {
    let dir =
        std::env::temp_dir().join(format!("firstmoves-reports-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut source = String::new();
    for p in parts {
        source.push_str(
            &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(p)).unwrap(),
        );
    }
    let src = dir.join(format!("{name}.{ext}"));
    std::fs::write(&src, source).unwrap();
    let out = dir.join(format!("{name}.out"));
    let lst = dir.join(format!("{name}.lst"));
    stdout(&[
        "asm",
        src.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--listing",
        lst.to_str().unwrap(),
    ]);
    // The listing names the source file; the temporary folder is not part of the report.
    let listing = std::fs::read_to_string(&lst)
        .unwrap()
        .replace(dir.to_str().unwrap(), "DIR");
    check(
        &format!("asm-{name}.out"),
        &std::fs::read_to_string(&out).unwrap(),
    );
    check(&format!("asm-{name}.lst"), &listing);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn dama_exhibition() {
    report("dama-exhibition.json", &["dama", "exhibition", "--json"]);
}

#[test]
fn dama_exhibition_other_setting() {
    report(
        "dama-exhibition-b5-a2b2.json",
        &[
            "dama",
            "exhibition",
            "--boards",
            "5",
            "--select",
            "a2+b2",
            "--seed",
            "3",
            "--json",
        ],
    );
}

#[test]
fn dama_reports() {
    report(
        "dama-crosscheck.json",
        &["dama", "crosscheck", "--positions", "20", "--json"],
    );
    report("dama-best-native.json", &["dama", "best", "--json"]);
    report(
        "dama-best-emulated.json",
        &["dama", "best", "--engine", "emulated", "--json"],
    );
    report(
        "dama-learn.json",
        &["dama", "learn", "--iterations", "1", "--json"],
    );
    report(
        "dama-match.json",
        &[
            "dama", "match", "--x", "findler", "--y", "greedy", "--pairs", "2", "--json",
        ],
    );
    report("dama-perft.txt", &["dama", "perft", "--depth", "5"]);
}

/// The registry's programs: every program has its reports here, and one without them fails
/// until they are recorded.
fn programs() -> Vec<&'static str> {
    chess::registry::PLAYERS.iter().map(|e| e.name()).collect()
}

/// How many positions the recorded cross-check of `program` drew (its report says), so that a
/// slow program's report stays small; 3 for a program not recorded yet.
fn crosscheck_positions(program: &str) -> String {
    let recorded =
        std::fs::read_to_string(reports().join(format!("chess-crosscheck-{program}.json")));
    match recorded {
        Ok(text) => {
            let v: serde_json::Value = serde_json::from_str(&text).expect("a recorded report");
            v["positions"].as_u64().expect("its positions").to_string()
        }
        Err(_) => "3".to_string(),
    }
}

#[test]
fn chess_crosschecks() {
    // Each program's on its own thread: the slowest sets the time.
    std::thread::scope(|s| {
        for program in programs() {
            s.spawn(move || {
                let positions = crosscheck_positions(program);
                report(
                    &format!("chess-crosscheck-{program}.json"),
                    &[
                        "chess",
                        "crosscheck",
                        "--program",
                        program,
                        "--positions",
                        &positions,
                        "--json",
                    ],
                );
            });
        }
    });
}

#[test]
fn chess_best() {
    for program in programs() {
        for engine in ["native", "emulated"] {
            report(
                &format!("chess-best-{program}-{engine}.json"),
                &[
                    "chess",
                    "best",
                    "--program",
                    program,
                    "--engine",
                    engine,
                    "--json",
                ],
            );
        }
    }
}

#[test]
fn chess_perft_mate_period() {
    report(
        "chess-perft-emulated.txt",
        &["chess", "perft", "--depth", "3", "--engine", "emulated"],
    );
    report(
        "chess-perft-divide.txt",
        &["chess", "perft", "--depth", "3", "--divide"],
    );
    report(
        "chess-mate-campaign.json",
        &["chess", "mate-campaign", "--positions", "20", "--json"],
    );
    report(
        "chess-mate-campaign-emulated.json",
        &[
            "chess",
            "mate-campaign",
            "--positions",
            "10",
            "--engine",
            "emulated",
            "--json",
        ],
    );
    report("chess-period.json", &["chess", "period", "--json"]);
}

#[test]
fn timing_of_each_chess_program() {
    for program in programs() {
        report(
            &format!("timing-{program}.json"),
            &["timing", "--program", program, "--json"],
        );
    }
}

/// A short match between the registry's first two programs.
#[test]
fn chess_match() {
    let players = programs();
    report(
        "chess-match.json",
        &[
            "chess",
            "match",
            "--white",
            players[0],
            "--black",
            players[1],
            "--games",
            "2",
            "--max-moves",
            "20",
            "--json",
        ],
    );
}

#[test]
fn runs() {
    report(
        "run-sum-sil.json",
        &["run", "assembler/testdata/sum.sil", "--json"],
    );
    report(
        "run-sum-fap.json",
        &[
            "run",
            "assembler/testdata/fap/sum.fap",
            "--json",
            "--dump",
            "100-140",
        ],
    );
}

#[test]
fn assemblies() {
    assembly("dama", &["programs/dama/dama.sil"], "sil");
    assembly("subroutine", &["assembler/testdata/subroutine.sil"], "sil");
    assembly("allforms", &["assembler/testdata/fap/allforms.fap"], "fap");
    assembly("bench-7090", &["scripts/bench-7090.fap"], "fap");
    let sources = chess::registry::PLAYERS
        .iter()
        .map(|e| (e.name(), e.source().path))
        .chain([("perft", "programs/chess/perft.fap")]);
    for (name, path) in sources {
        assembly(
            name,
            &["programs/chess/core.fap", "programs/chess/initia.fap", path],
            "fap",
        );
    }
}
