//! docs/json.md read as the tests read it: under each `##` heading, the command on its first
//! code line, and the keys of the heading's table (a row whose meaning begins "Only" is a key
//! that appears in some cases only).

use std::collections::BTreeSet;

/// One `##` section of docs/json.md.
#[derive(Default)]
pub struct Section {
    pub heading: String,
    /// The command's words after `firstmoves`.
    pub args: Vec<String>,
    /// Keys every report carries.
    pub keys: BTreeSet<String>,
    /// Keys some reports carry (rows whose meaning begins "Only").
    pub optional: BTreeSet<String>,
}

/// The sections in the order of the file.
pub fn sections() -> Vec<Section> {
    let doc = include_str!("../../docs/json.md");
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
