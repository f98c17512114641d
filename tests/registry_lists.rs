//! A chess program is one folder, one FAP file and one registry row: every list of the
//! programs is made from the registry (`chess::registry::PLAYERS`), and this test fails when a
//! registered program is missing from one the command line prints or the documents keep.
//! (The report tests, the timing test, the bench test and the fuzzer's seeds loop over the
//! registry themselves.)

mod common;

use chess::registry::{names, PLAYERS};
use common::stdout;

fn doc(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", common::ROOT)).unwrap()
}

/// The part of `text` from the line starting with `start` to the next line starting with
/// `end` (or the end).
fn section<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text
        .find(&format!("\n{start}"))
        .unwrap_or_else(|| panic!("no section `{start}`"));
    let rest = &text[from + 1..];
    let to = rest[1..]
        .find(&format!("\n{end}"))
        .map_or(rest.len(), |i| i + 1);
    &rest[..to]
}

#[test]
fn the_help_texts_name_every_program() {
    let top = stdout(&["--help"]);
    let chess = top
        .lines()
        .find(|l| l.trim_start().starts_with("chess "))
        .unwrap();
    let timing = stdout(&["timing", "--help"]);
    let r#match = stdout(&["chess", "match", "--help"]);
    let best = stdout(&["chess", "best", "--help"]);
    let option = section(&best, "      --option", "  -");
    for e in PLAYERS {
        let name = e.name();
        assert!(
            chess.contains(name),
            "firstmoves --help, chess: no {name}: {chess}"
        );
        assert!(
            timing.contains(&format!("- {name}:")),
            "timing --help: no {name}"
        );
        assert!(
            option.contains(&format!("{name}'s")),
            "--option's help: no {name}"
        );
        for f in e.flags() {
            let flag = format!("--{}", f.long);
            let listed = best.lines().any(|l| {
                let rest = l.trim_start().strip_prefix(&flag);
                rest.is_some_and(|r| r.is_empty() || r.starts_with([' ', '<']))
            });
            assert!(listed, "chess best --help: no {flag}");
        }
    }
    assert!(
        r#match.contains(&names()),
        "chess match --help: not every name"
    );
}

#[test]
fn the_documents_list_every_program() {
    let readme = doc("README.md");
    let table_rows = |text: &str| -> String {
        text.lines()
            .filter(|l| l.starts_with('|'))
            .collect::<Vec<_>>()
            .join("\n")
            .to_lowercase()
    };
    let timing = doc("docs/timing.md");
    let timing = section(&timing, "| program | problem |", "\n");
    let json = doc("docs/json.md");
    let json = section(&json, "## timing (a 7090 chess program)", "## ");
    let chess_match = doc("docs/chess-match.md");
    let players = section(&chess_match, "- **Our programs**", "- **");
    for e in PLAYERS {
        let name = e.name();
        let quoted = format!("`{name}`");
        assert!(
            table_rows(&readme).contains(name),
            "README.md: no table row names {name}"
        );
        assert!(
            table_rows(timing).contains(name),
            "docs/timing.md, the chess programs' table: no row for {name}"
        );
        assert!(
            json.contains(&quoted) || json.contains(&format!("--program {name} ")),
            "docs/json.md, timing (a 7090 chess program): no {quoted}"
        );
        assert!(
            players.contains(&quoted),
            "docs/chess-match.md, our programs: no {quoted}"
        );
        for (alias, _) in e.aliases() {
            let alias = format!("`{alias}`");
            assert!(players.contains(&alias), "docs/chess-match.md: no {alias}");
        }
    }
}
