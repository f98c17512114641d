//! docs/json.md is the schema of every `--json` report: under each `##` heading, the command
//! on its first code line is run here, and its object must carry exactly the keys the
//! heading's table lists (none missing, none undocumented).

mod common;

use std::collections::BTreeSet;

use common::firstmoves;

/// One `##` section of docs/json.md.
#[derive(Default)]
struct Section {
    heading: String,
    /// The command's words after `firstmoves`.
    args: Vec<String>,
    /// Keys every report carries.
    keys: BTreeSet<String>,
    /// Keys some reports carry (rows whose meaning begins "Only").
    optional: BTreeSet<String>,
}

fn sections() -> Vec<Section> {
    let doc = include_str!("../docs/json.md");
    let mut out: Vec<Section> = Vec::new();
    for line in doc.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            out.push(Section {
                heading: h.to_string(),
                ..Section::default()
            });
            continue;
        }
        let Some(section) = out.last_mut() else {
            continue;
        };
        if let Some(cmd) = line
            .strip_prefix("`firstmoves ")
            .and_then(|c| c.strip_suffix('`'))
        {
            if section.args.is_empty() {
                section.args = words(cmd);
            }
        } else if let Some(row) = line.strip_prefix("| `") {
            // The first cell: `a`, `b`, ...; the second, the meaning.
            let mut cells = row.split(" | ");
            let cell = cells.next().unwrap_or("");
            let only = cells.next().is_some_and(|m| m.starts_with("Only"));
            for key in cell.split(", ") {
                let key = key.trim_matches('`').to_string();
                if only {
                    section.optional.insert(key);
                } else {
                    section.keys.insert(key);
                }
            }
        }
    }
    out
}

/// Split a command line on blanks, keeping "double-quoted" words whole.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

#[test]
fn every_documented_report_has_its_keys() {
    let sections = sections();
    assert!(
        sections.len() >= 15,
        "docs/json.md: {} sections",
        sections.len()
    );
    std::fs::create_dir_all(concat!(env!("CARGO_MANIFEST_DIR"), "/target")).unwrap();
    for Section {
        heading,
        args,
        keys,
        optional,
    } in sections
    {
        assert!(!args.is_empty(), "docs/json.md, {heading}: no command line");
        assert!(!keys.is_empty(), "docs/json.md, {heading}: no keys");
        let out = firstmoves().args(&args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| {
            panic!(
                "{heading}: `firstmoves {}` printed no JSON ({e}): {text}\n{}",
                args.join(" "),
                String::from_utf8_lossy(&out.stderr)
            )
        });
        let got: BTreeSet<String> = v
            .as_object()
            .unwrap_or_else(|| panic!("{heading}: not an object"))
            .keys()
            .cloned()
            .collect();
        let missing: Vec<_> = keys.difference(&got).collect();
        let extra: Vec<_> = got
            .difference(&keys)
            .filter(|k| !optional.contains(*k))
            .collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{heading}: documented but missing {missing:?}; present but undocumented {extra:?}"
        );
    }
}
