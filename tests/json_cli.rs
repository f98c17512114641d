//! docs/json.md is the schema of every `--json` report: under each `##` heading, the command
//! on its first code line is run here, and its object must carry exactly the keys the
//! heading's table lists (none missing, none undocumented).

mod common;

use std::collections::BTreeSet;

use common::firstmoves;
use common::json_doc::{sections, Section};

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
