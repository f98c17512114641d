//! CI's smoke of the fuzzer: every target for some thousands of inputs, 0 panics,
//! and no input past the time limit (the watchdog would end this process with a hang file in
//! fuzz/crashes). The long runs are `scripts/fuzz.sh`.

use fuzz::engine::{self, Config};
use fuzz::targets::{self, TARGETS};

#[test]
fn every_target_survives_a_smoke() {
    let config = Config {
        inputs: 20_000,
        // Bounded on a slow machine too; the count below says how far each got.
        seconds: Some(6.0),
        seed: 15,
        ..Config::default()
    };
    let mut failed = Vec::new();
    for t in TARGETS {
        let seeds = targets::seeds(t);
        assert!(!seeds.is_empty(), "{}: no seeds", t.name);
        let r = engine::run(t.name, t.run, &seeds, t.dict, &config);
        println!("{:<18} {:>7} inputs {:>6.0}/s", t.name, r.inputs, r.rate());
        assert!(r.inputs >= 1_000, "{}: only {} inputs", t.name, r.inputs);
        if r.panics > 0 {
            failed.push(format!(
                "{}: {} panics, {:?}",
                t.name, r.panics, r.panic_files
            ));
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn targets_have_unique_names() {
    let mut names: Vec<&str> = TARGETS.iter().map(|t| t.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), TARGETS.len());
    assert!(targets::find("fap").is_some() && targets::find("nothing").is_none());
}

/// The FAP target's seeds hold every chess program of the registry (a new program needs no
/// edit here).
#[test]
fn every_registered_chess_program_seeds_the_fap_target() {
    let seeds = targets::seeds(targets::find("fap").unwrap());
    for e in chess::registry::PLAYERS {
        let source = e.source();
        let first_line = source.text.lines().next().unwrap().as_bytes();
        assert!(
            seeds.iter().any(|s| s.starts_with(first_line)),
            "fap: no seed from {}",
            source.path
        );
    }
}
