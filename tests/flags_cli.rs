//! One flag language across the command line: docs/cli.md's table names each idea's flag and
//! the synonyms refused for it; this test walks every command's `--help` and fails when a
//! command spells an idea with a refused name, when a documented flag is in no command, when a
//! command lacks `-o/--output`, or when `--json` and docs/json.md disagree about a command.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::firstmoves;

fn help(path: &[String]) -> String {
    let out = firstmoves().args(path).arg("--help").output().unwrap();
    assert!(out.status.success(), "firstmoves {} --help", path.join(" "));
    String::from_utf8(out.stdout).unwrap()
}

/// The subcommands a help text lists under "Commands:" (not `help` itself).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The flags of a help text's option lines (`  -o, --output <FILE>  ...`, `      --json`):
/// long names as `--name`, short ones as `-x`. Descriptions are indented further.
fn flags(help: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in help.lines() {
        let text = line.trim_start();
        if !text.starts_with('-') || line.len() - text.len() > 6 {
            continue;
        }
        let head = text.split("  ").next().unwrap_or("");
        for part in head.split(", ") {
            let name = part.split([' ', '=']).next().unwrap_or("");
            if name.starts_with('-') {
                out.insert(name.to_string());
            }
        }
    }
    out
}

/// Every leaf command (no subcommands of its own) and its flags, by its words.
fn leaves() -> BTreeMap<Vec<String>, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    let mut queue = vec![Vec::<String>::new()];
    while let Some(path) = queue.pop() {
        let text = help(&path);
        let subs = subcommands(&text);
        for sub in &subs {
            let mut next = path.clone();
            next.push(sub.clone());
            queue.push(next);
        }
        if subs.is_empty() {
            out.insert(path, flags(&text));
        }
    }
    out
}

/// docs/cli.md's flag table: each documented flag with the names refused for its idea.
fn language() -> Vec<(Vec<String>, Vec<String>)> {
    let doc = include_str!("../docs/cli.md");
    let section = doc
        .split("## One flag language")
        .nth(1)
        .expect("docs/cli.md: no `## One flag language`");
    let mut rows = Vec::new();
    for line in section.lines().take_while(|l| !l.starts_with("## ")) {
        let Some(row) = line.strip_prefix("| `") else {
            continue;
        };
        let cells: Vec<&str> = row.trim_end_matches('|').split(" | ").collect();
        let names = |cell: &str| -> Vec<String> {
            cell.split(", ")
                .map(|n| n.trim().trim_matches('`').to_string())
                .filter(|n| n.starts_with("--"))
                .collect()
        };
        let (first, last) = (cells[0], cells[cells.len() - 1]);
        rows.push((names(&format!("`{first}")), names(last)));
    }
    rows
}

#[test]
fn one_name_for_one_idea() {
    let leaves = leaves();
    assert!(leaves.len() > 25, "only {} commands walked", leaves.len());
    let language = language();
    assert!(language.len() >= 10, "docs/cli.md: {} rows", language.len());
    let every: BTreeSet<&String> = leaves.values().flatten().collect();
    let mut wrong = Vec::new();
    for (flags, refused) in &language {
        assert!(
            !refused.is_empty(),
            "docs/cli.md: {flags:?} refuses nothing"
        );
        for flag in flags {
            assert!(
                every.contains(flag),
                "docs/cli.md names {flag}, which no command has"
            );
        }
        for (path, have) in &leaves {
            for name in refused.iter().filter(|n| have.contains(*n)) {
                wrong.push(format!(
                    "firstmoves {}: {name} (docs/cli.md: {})",
                    path.join(" "),
                    flags.join(", ")
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "synonyms of documented flags:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_command_takes_dash_o() {
    for (path, have) in leaves() {
        assert!(
            have.contains("-o") && have.contains("--output"),
            "firstmoves {} has no -o/--output",
            path.join(" ")
        );
    }
}

#[test]
fn json_flags_and_docs_agree() {
    let doc = include_str!("../docs/json.md");
    let documented: Vec<&str> = doc.lines().filter_map(|l| l.strip_prefix("## ")).collect();
    let without = doc
        .split("Without `--json`:")
        .nth(1)
        .and_then(|t| t.split("\n\n").next())
        .expect("docs/json.md: no `Without `--json`:` paragraph");
    for (path, have) in leaves() {
        let name = path.join(" ");
        // `run (SILLIAC)` documents `run`.
        let has_section = documented
            .iter()
            .any(|h| *h == name || h.starts_with(&format!("{name} (")));
        if have.contains("--json") {
            assert!(
                has_section,
                "firstmoves {name} --json: no section in docs/json.md"
            );
        } else {
            assert!(
                without.contains(&format!("`{name}`")),
                "firstmoves {name} has no --json and docs/json.md does not say why"
            );
        }
    }
}

#[test]
fn dash_o_writes_standard_output_to_the_file() {
    let dir = common::scratch("flags");
    let file = dir.join("moves.json");
    let run = |args: &[&str]| firstmoves().args(args).output().unwrap();
    let plain = run(&["dama", "moves", "--json"]);
    let to_file = run(&["dama", "moves", "--json", "-o", file.to_str().unwrap()]);
    assert!(to_file.status.success());
    assert!(to_file.stdout.is_empty(), "nothing left on standard output");
    assert_eq!(std::fs::read(&file).unwrap(), plain.stdout);
    // Replaced, not appended; the long name says the same.
    let again = run(&[
        "dama",
        "moves",
        "--json",
        "--output",
        file.to_str().unwrap(),
    ]);
    assert!(again.status.success());
    assert_eq!(std::fs::read(&file).unwrap(), plain.stdout);
    // A file that cannot be made is an error (1), a terminal UI with -o a usage error (2).
    let bad = dir.join("no/such/dir/x");
    let out = run(&["dama", "moves", "-o", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("-o "));
    let out = run(&["dama", "exhibition", "--tui", "-o", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}
