//! Every JSON report typed in Rust has a JSON Schema generated from its type and kept in
//! `docs/schema/NAME.json`; here the kept file must equal the type's schema (record it anew
//! with `FIRSTMOVES_BLESS=1 cargo test --release --test json_schema`), the commands that print
//! the report must print what the schema allows, and docs/json.md's section of the report must
//! list exactly the schema's keys (the required ones as such, the others as "Only").

mod common;

/// The chess reports' entries.
#[path = "json_schema/chess_runs.rs"]
mod chess_runs;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use common::json_doc::{sections, Section};
use common::schema::validate;
use common::{firstmoves, stderr_of, stdout_of};
use serde_json::{json, Value};

/// A report typed in Rust: its schema's file name, its type's schema, its section of
/// docs/json.md, and command lines that print it (each run here and validated).
struct Report {
    name: &'static str,
    schema: fn() -> schemars::Schema,
    heading: &'static str,
    runs: Vec<Vec<String>>,
}

fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

/// The reports typed so far, with the commands that print them.
fn registry() -> Vec<Report> {
    let programs: Vec<&str> = chess::registry::PLAYERS.iter().map(|e| e.name()).collect();
    let best = programs
        .iter()
        .flat_map(|p| {
            ["native", "emulated"].map(|engine| {
                args(&[
                    "chess",
                    "best",
                    "--program",
                    p,
                    "--engine",
                    engine,
                    "--json",
                ])
            })
        })
        .chain([args(&[
            "chess",
            "best",
            "--program",
            "soma",
            "--engine",
            "emulated",
            "--cpu",
            "7094",
            "--json",
        ])])
        .collect();
    vec![
        Report {
            name: "chess-best",
            schema: schema_for::<chess::report::BestReport>,
            heading: "chess best",
            runs: best,
        },
        Report {
            name: "dama-best",
            schema: schema_for::<dama::report::BestReport>,
            heading: "dama best",
            runs: vec![
                args(&["dama", "best", "--json"]),
                args(&["dama", "best", "--engine", "fast", "--root", "--json"]),
                args(&["dama", "best", "--engine", "emulated", "--json"]),
            ],
        },
    ]
    .into_iter()
    .chain(machine_and_dama_reports())
    .chain(chess_runs::chess_reports())
    .collect()
}

/// `T`'s schema as a report of it is printed: an `Option` without `skip_serializing_if` is
/// a key always there, possibly null (schemars' contract for serialisation).
fn schema_for<T: schemars::JsonSchema>() -> schemars::Schema {
    schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator()
        .into_root_schema_for::<T>()
}

fn schema_dir() -> PathBuf {
    Path::new(common::ROOT).join("docs/schema")
}

fn schema_of(r: &Report) -> Value {
    serde_json::to_value((r.schema)()).expect("a schema is JSON")
}

#[test]
fn kept_schemas_are_the_types_schemas() {
    let bless = std::env::var_os("FIRSTMOVES_BLESS").is_some();
    let mut names = BTreeSet::new();
    for r in registry() {
        let path = schema_dir().join(format!("{}.json", r.name));
        let text = serde_json::to_string_pretty(&schema_of(&r)).unwrap() + "\n";
        names.insert(format!("{}.json", r.name));
        if bless {
            std::fs::create_dir_all(schema_dir()).unwrap();
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        let kept = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (write it: FIRSTMOVES_BLESS=1 cargo test --release --test json_schema)",
                path.display()
            )
        });
        assert!(
            kept == text,
            "{} differs from the schema of its type; after an intended change of the report \
             write it anew: FIRSTMOVES_BLESS=1 cargo test --release --test json_schema",
            path.display()
        );
    }
    let kept: BTreeSet<String> = std::fs::read_dir(schema_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(kept, names, "docs/schema/ holds a schema of no report");
}

#[test]
fn every_command_prints_what_its_schema_allows() {
    for r in registry() {
        let schema = schema_of(&r);
        assert!(!r.runs.is_empty(), "{}: no command prints it", r.name);
        for run in &r.runs {
            let text = printed(run);
            let v: Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("`firstmoves {}`: not JSON ({e})", run.join(" ")));
            let errors = validate(&schema, &v);
            assert!(
                errors.is_empty(),
                "`firstmoves {}` against docs/schema/{}.json:\n{}",
                run.join(" "),
                r.name,
                errors.join("\n")
            );
        }
    }
}

/// `diag --all --json` prints an array of diag's reports, one a diagnostic: each item is
/// judged by diag's schema.
#[test]
fn diag_all_prints_an_array_of_diag_reports() {
    let schema = serde_json::to_value(schema_for::<diag::Report>()).unwrap();
    let run = args(&["diag", "--all", "--json"]);
    let v: Value = serde_json::from_str(&printed(&run)).expect("diag --all --json: not JSON");
    let items = v.as_array().expect("diag --all --json: an array");
    assert_eq!(items.len(), diag::DIAGNOSTICS.len());
    for (d, item) in diag::DIAGNOSTICS.iter().zip(items) {
        let errors = validate(&schema, item);
        assert!(
            errors.is_empty(),
            "diag --all --json, {} against docs/schema/diag.json:\n{}",
            d.name,
            errors.join("\n")
        );
    }
}

/// The report a run printed: on standard output or, when it printed nothing there, in the file
/// `-o FILE` names. Whatever its exit status: a run stopped by its budget (3) or by a failed
/// check (1) reports too.
fn printed(run: &[String]) -> String {
    let out = firstmoves().args(run).output().expect("run firstmoves");
    let text = stdout_of(&out);
    if !text.is_empty() {
        return text;
    }
    let file = run.iter().position(|w| w == "-o").map(|i| &run[i + 1]);
    let Some(file) = file else {
        panic!(
            "`firstmoves {}` printed nothing: {}",
            run.join(" "),
            stderr_of(&out)
        );
    };
    std::fs::read_to_string(Path::new(common::ROOT).join(file))
        .unwrap_or_else(|e| panic!("`firstmoves {}`: {file}: {e}", run.join(" ")))
}

/// The schema's keys: the required ones and the others.
fn schema_keys(schema: &Value) -> (BTreeSet<String>, BTreeSet<String>) {
    let all: BTreeSet<String> = schema["properties"]
        .as_object()
        .expect("a report is an object")
        .keys()
        .cloned()
        .collect();
    let required: BTreeSet<String> = schema["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|k| k.as_str().map(String::from))
        .collect();
    let optional = all.difference(&required).cloned().collect();
    (required, optional)
}

#[test]
fn docs_list_the_schemas_keys() {
    let sections = sections();
    for r in registry() {
        let Some(Section { keys, optional, .. }) = sections.iter().find(|s| s.heading == r.heading)
        else {
            panic!("docs/json.md has no section `## {}`", r.heading);
        };
        let (required, others) = schema_keys(&schema_of(&r));
        assert!(
            *keys == required && *optional == others,
            "docs/json.md, {}: documented {keys:?} and \"Only\" {optional:?}; \
             docs/schema/{}.json requires {required:?} and allows {others:?}",
            r.heading,
            r.name
        );
    }
}

/// The validator itself, on the forms schemars writes.
#[test]
fn the_validator_judges_each_keyword() {
    let schema = json!({
        "type": "object",
        "properties": {
            "n": {"type": "integer", "minimum": 0},
            "s": {"type": ["string", "null"]},
            "e": {"oneOf": [{"type": "string", "const": "a"}, {"type": "string", "enum": ["b"]}]},
            "b": {"anyOf": [{"$ref": "#/$defs/B"}, {"type": "null"}]},
            "l": {"type": "array", "items": {"type": "number"}}
        },
        "required": ["n", "e"],
        "additionalProperties": false,
        "$defs": {"B": {"type": "object", "properties": {"x": {"type": "boolean"}},
                        "required": ["x"]}}
    });
    let ok = json!({"n": 3, "s": null, "e": "b", "b": {"x": true}, "l": [1, 2.5]});
    assert_eq!(validate(&schema, &ok), Vec::<String>::new());
    let bad = [
        (json!({"e": "a"}), "required key `n`"),
        (json!({"n": -1, "e": "a"}), "minimum"),
        (json!({"n": 1.5, "e": "a"}), "not of type"),
        (json!({"n": 1, "e": "c"}), "oneOf"),
        (json!({"n": 1, "e": "a", "s": 3}), "$.s"),
        (json!({"n": 1, "e": "a", "b": {"x": 1}}), "anyOf"),
        (json!({"n": 1, "e": "a", "l": ["x"]}), "$.l[0]"),
        (json!({"n": 1, "e": "a", "z": 0}), "$.z: no value"),
        (json!([1]), "not of type"),
    ];
    for (value, why) in bad {
        let errors = validate(&schema, &value);
        assert!(
            errors.iter().any(|e| e.contains(why)),
            "{value}: {errors:?} should say {why}"
        );
    }
    assert!(validate(&json!({"pattern": "x"}), &json!("x"))[0].contains("does not know"));
    // A tuple, as schemars writes one.
    let pair = json!({"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}],
                      "minItems": 2, "maxItems": 2});
    assert_eq!(validate(&pair, &json!(["a", 1])), Vec::<String>::new());
    for (value, why) in [
        (json!([1, 1]), "$[0]"),
        (json!(["a"]), "minItems"),
        (json!(["a", 1, 2]), "maxItems"),
    ] {
        let errors = validate(&pair, &value);
        assert!(
            errors.iter().any(|e| e.contains(why)),
            "{value}: {errors:?} should say {why}"
        );
    }
}

/// Findler's Fig. 2: A to move, with jumps.
const FIG2: &str = "A:5,7,8,9,10,11,17,23/B:15,16,19,22,26,28,29,32/A";

/// A game over: A has filled its goal.
const A_HAS_WON: &str = "A:25,26,27,28,29,30,31,32/B:9,10,11,12,13,14,15,16/B";

/// The machines' reports (asm, run, bench, diag, timing) and dama's, with the commands that
/// print them: every dialect, machine and flag that changes a report's keys.
fn machine_and_dama_reports() -> Vec<Report> {
    let report = |name, schema, heading, runs: &[&[&str]]| Report {
        name,
        schema,
        heading,
        runs: runs.iter().map(|r| args(r)).collect(),
    };
    vec![
        report(
            "asm",
            schema_for::<assembler::report::AsmReport>,
            "asm",
            &[
                // The tape the SILLIAC run below reads.
                &[
                    "asm",
                    "programs/dama/dama.sil",
                    "-o",
                    "target/json-schema-dama.pt",
                    "--json",
                ],
                &[
                    "asm",
                    "assembler/testdata/fap/sum.fap",
                    "-o",
                    "target/json-schema-sum.obj",
                    "--json",
                ],
                &[
                    "asm",
                    "assembler/tests/ok_9ap_cards.9ap",
                    "--dialect",
                    "9ap",
                    "-o",
                    "target/json-schema-cards.cbn",
                    "--json",
                ],
            ],
        ),
        report(
            "run-silliac",
            schema_for::<harness::report::run::SilliacRun>,
            "run (SILLIAC)",
            &[
                &[
                    "run",
                    "programs/dama/dama.sil",
                    "--json",
                    "--limit-orders",
                    "1000",
                ],
                &[
                    "run",
                    "target/json-schema-dama.pt",
                    "--json",
                    "--limit-orders",
                    "10000",
                    "--timing",
                    "high",
                ],
            ],
        ),
        report(
            "run-7090",
            schema_for::<harness::report::run::Ibm7090Run>,
            "run (7090)",
            &[
                &[
                    "run",
                    "scripts/bench-7090.fap",
                    "--json",
                    "--limit-orders",
                    "1000",
                    "--dump",
                    "100-101",
                ],
                &["run", "assembler/testdata/fap/sum.fap", "--json"],
                &[
                    "run",
                    "assembler/testdata/fap/sum.fap",
                    "--json",
                    "--cpu",
                    "709",
                ],
                &[
                    "run",
                    "target/json-schema-sum.obj",
                    "--json",
                    "--cpu",
                    "7094",
                    "--timing",
                    "low",
                ],
            ],
        ),
        report(
            "bench",
            schema_for::<harness::report::bench::BenchReport>,
            "bench",
            &[
                // SIMH's i7094 beside it where it is installed (`simh` null where not).
                &["bench", "7090", "--seconds", "0.1", "--json"],
                &[
                    "bench",
                    "7090",
                    "--cpu",
                    "7094",
                    "--seconds",
                    "0.1",
                    "--no-simh",
                    "--json",
                ],
                &[
                    "bench",
                    "silliac",
                    "--seconds",
                    "0.1",
                    "--no-simh",
                    "--json",
                ],
                &[
                    "bench",
                    "7090",
                    "--program",
                    "soma",
                    "--seconds",
                    "0.1",
                    "--no-simh",
                    "--json",
                ],
                // LISP 1.5's Wang job (../shared).
                &["bench", "lisp", "--seconds", "0.1", "--no-simh", "--json"],
                // IBSYS's primesII job (../shared).
                &["bench", "ibsys", "--seconds", "0.1", "--no-simh", "--json"],
                // IBM's FAP assembling SOMA under IBSYS.
                &[
                    "bench",
                    "ibsys",
                    "--program",
                    "soma",
                    "--seconds",
                    "0.1",
                    "--no-simh",
                    "--json",
                ],
            ],
        ),
        report(
            "bench-live-view",
            schema_for::<harness::report::bench::LiveViewReport>,
            "bench (live view)",
            &[&["bench", "silliac", "--live-view", "--json"]],
        ),
        report(
            "bench-campaign",
            schema_for::<harness::report::bench::CampaignBenchReport>,
            "bench (campaign)",
            &[&[
                "bench",
                "campaign",
                "--program",
                "soma",
                "--positions",
                "1",
                "--json",
            ]],
        ),
        report(
            "diag",
            schema_for::<diag::Report>,
            "diag",
            &[
                &["diag", "9m10a", "--json"],
                // The operator's script stops.
                &["diag", "9m08a", "--json"],
                // A diagnostic without tables: its stops unjudged.
                &[
                    "diag",
                    "../shared/diags/9m04a.asm",
                    "--start",
                    "30",
                    "--json",
                ],
            ],
        ),
        report(
            "timing",
            schema_for::<harness::report::timing::TimingTable>,
            "timing",
            &[&["timing", "--json"]],
        ),
        report(
            "timing-dama",
            schema_for::<harness::report::timing::DamaTiming>,
            "timing (dama)",
            &[&["timing", "--program", "dama", "--json"]],
        ),
        report(
            "dama-moves",
            schema_for::<dama::report::MovesReport>,
            "dama moves",
            &[
                &["dama", "moves", "--json"],
                &["dama", "moves", "--slow", "--json", "--position", FIG2],
            ],
        ),
        report(
            "dama-show",
            schema_for::<dama::report::ShowReport>,
            "dama show",
            &[
                &["dama", "show", "--json"],
                &["dama", "show", "--json", "--position", A_HAS_WON],
            ],
        ),
        report(
            "dama-perft",
            schema_for::<dama::report::PerftReport>,
            "dama perft",
            &[
                &["dama", "perft", "--depth", "3", "--json"],
                &[
                    "dama",
                    "perft",
                    "--depth",
                    "2",
                    "--slow",
                    "--json",
                    "--position",
                    FIG2,
                ],
            ],
        ),
        report(
            "dama-play",
            schema_for::<dama::GameRecord>,
            "dama play",
            &[
                &[
                    "dama", "play", "--a", "findler", "--b", "random", "--seed", "3", "--json",
                ],
                &[
                    "dama",
                    "play",
                    "--a",
                    "grand",
                    "--b",
                    "greedy",
                    "--json",
                    "--position",
                    FIG2,
                ],
            ],
        ),
        report(
            "dama-learn",
            schema_for::<dama::learn::LearnReport>,
            "dama learn",
            &[
                &["dama", "learn", "--seed", "1", "--json"],
                &[
                    "dama",
                    "learn",
                    "--seed",
                    "2",
                    "--iterations",
                    "2",
                    "--both-sides",
                    "--json",
                ],
            ],
        ),
        report(
            "dama-match",
            schema_for::<dama::report::MatchJson>,
            "dama match",
            &[
                &[
                    "dama", "match", "--x", "findler", "--y", "greedy", "--pairs", "1", "--json",
                ],
                // Two shards, and their merge: the whole match's report.
                &[
                    "dama",
                    "match",
                    "--x",
                    "findler",
                    "--y",
                    "greedy",
                    "--pairs",
                    "3",
                    "--json",
                    "--shard",
                    "1/2",
                    "-o",
                    "target/json-schema-dama-match-1.json",
                ],
                &[
                    "dama",
                    "match",
                    "--x",
                    "findler",
                    "--y",
                    "greedy",
                    "--pairs",
                    "3",
                    "--json",
                    "--shard",
                    "2/2",
                    "-o",
                    "target/json-schema-dama-match-2.json",
                ],
                &[
                    "merge",
                    "target/json-schema-dama-match-1.json",
                    "target/json-schema-dama-match-2.json",
                ],
            ],
        ),
        report(
            "dama-bench",
            schema_for::<dama::report::DamaBenchReport>,
            "dama bench",
            &[&["dama", "bench", "--repeat", "1", "--json"]],
        ),
        report(
            "dama-crosscheck",
            schema_for::<dama::crosscheck::CrosscheckJson>,
            "dama crosscheck",
            &[
                &[
                    "dama",
                    "crosscheck",
                    "--positions",
                    "2",
                    "--seed",
                    "7",
                    "--json",
                ],
                // Two shards under another bound, and their merge: the whole run's report.
                &[
                    "dama",
                    "crosscheck",
                    "--positions",
                    "3",
                    "--seed",
                    "7",
                    "--timing",
                    "low",
                    "--json",
                    "--shard",
                    "1/2",
                    "-o",
                    "target/json-schema-dama-crosscheck-1.json",
                ],
                &[
                    "dama",
                    "crosscheck",
                    "--positions",
                    "3",
                    "--seed",
                    "7",
                    "--timing",
                    "low",
                    "--json",
                    "--shard",
                    "2/2",
                    "-o",
                    "target/json-schema-dama-crosscheck-2.json",
                ],
                &[
                    "merge",
                    "target/json-schema-dama-crosscheck-1.json",
                    "target/json-schema-dama-crosscheck-2.json",
                ],
            ],
        ),
        report(
            "dama-exhibition",
            schema_for::<dama::report::ExhibitionJson>,
            "dama exhibition",
            &[
                &["dama", "exhibition", "--boards", "2", "--json"],
                &[
                    "dama",
                    "exhibition",
                    "--boards",
                    "3",
                    "--timing",
                    "high",
                    "--select",
                    "a2+b2",
                    "--json",
                ],
                // Records written, then resumed: a resumed run has no `by_bound`.
                &[
                    "dama",
                    "exhibition",
                    "--boards",
                    "2",
                    "--record",
                    "target/json-schema-records",
                    "--json",
                ],
                &[
                    "dama",
                    "exhibition",
                    "--boards",
                    "2",
                    "--record",
                    "target/json-schema-records",
                    "--resume",
                    "--json",
                ],
            ],
        ),
    ]
}
