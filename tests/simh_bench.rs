//! `firstmoves bench` beside SIMH's `i7094`: where i7094 is on the PATH, the bench runs SIMH on
//! the same deck and prints the ratio. What is tested is that the decks run alike, never a
//! speed: the loop ends with firstmoves' registers, and each chess program's problem and the
//! IBSYS job print on SIMH's output tape the lines they print here (so a program that reads its
//! card before the channel has stored it differs; docs/scale.md).
//!
//! Ignored where the build found no `i7094` (build.rs); under CI they run.

mod common;

use common::firstmoves;

fn bench_json(args: &[&str]) -> serde_json::Value {
    let out = firstmoves()
        .arg("bench")
        .args(args)
        .args(["--seconds", "0.1", "--json"])
        .output()
        .expect("firstmoves runs");
    assert!(
        out.status.success(),
        "bench {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn three_rounds(j: &serde_json::Value) {
    let rounds = j["simh"]["rounds"].as_array().expect("SIMH's rounds");
    assert_eq!(rounds.len(), 3, "{j}");
    for r in rounds {
        assert!(r["simh_per_cpu_second"].as_f64().unwrap() > 0.0, "{j}");
        assert!(r["ratio"].as_f64().unwrap() > 0.0, "{j}");
    }
    assert!(j["simh"]["ratio_median"].as_f64().unwrap() > 0.0, "{j}");
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn loop_ratio_for_both_machines() {
    for machine in ["7090", "silliac"] {
        three_rounds(&bench_json(&[machine]));
    }
    // --no-simh leaves SIMH out.
    assert!(bench_json(&["7090", "--no-simh"])["simh"].is_null());
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn every_chess_program_prints_alike_on_simh() {
    for e in chess::registry::PLAYERS {
        three_rounds(&bench_json(&["7090", "--program", e.name()]));
    }
}

#[test]
#[cfg_attr(
    any(not(has_shared), not(has_i7094)),
    ignore = "needs ../shared/period and SIMH's i7094 (apt-get install simh); CI has both"
)]
fn ibsys_job_prints_alike_on_simh() {
    // SIMH's SYSOU1 holds the lines firstmoves' run put there, on a 7094 both.
    let j = bench_json(&["ibsys"]);
    three_rounds(&j);
    assert_eq!(j["simh"]["simulator"], "SIMH i7094, set cpu 7094", "{j}");
    assert_eq!(j["machine"], "ibm7094", "{j}");
}
