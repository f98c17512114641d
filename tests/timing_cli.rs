//! `--timing low|nominal|high` and `firstmoves timing` (docs/timing.md): the same games under
//! every bound, each report's period time that bound's, low never above high.

use std::process::Command;

fn json(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_firstmoves"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn f(v: &serde_json::Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn an_exhibition_under_each_bound_reports_that_bounds_time() {
    let mut totals = Vec::new();
    let mut moves = Vec::new();
    for bound in ["low", "nominal", "high"] {
        let v = json(&[
            "dama",
            "exhibition",
            "--boards",
            "2",
            "--json",
            "--timing",
            bound,
        ]);
        assert_eq!(v["timing"], bound);
        let spread = &v["emulated_seconds_spread"];
        // The clock charged under the bound equals the figure computed from the order counts.
        assert_eq!(f(&v["emulated_seconds"]), f(&spread[bound]), "{v}");
        assert!(f(&spread["low"]) <= f(&spread["nominal"]));
        assert!(f(&spread["nominal"]) <= f(&spread["high"]));
        // The table under each bound, the chosen one equal to the report's own.
        for b in ["low", "nominal", "high"] {
            assert!(v["by_bound"][b]["move_seconds"].is_object(), "{b}: {v}");
        }
        assert_eq!(v["by_bound"][bound]["move_seconds"], v["move_seconds"]);
        totals.push(f(&v["emulated_seconds"]));
        moves.push((
            v["machine_moves"].clone(),
            v["per_board"].as_array().unwrap().len(),
        ));
    }
    assert!(totals[0] < totals[1] && totals[1] < totals[2], "{totals:?}");
    assert!(moves.windows(2).all(|w| w[0] == w[1]), "{moves:?}");
}

#[test]
fn a_run_under_low_never_takes_longer_than_under_high() {
    let run = |bound: &str| {
        json(&[
            "run",
            "assembler/testdata/sum.sil",
            "--json",
            "--timing",
            bound,
        ])
    };
    let (low, high) = (run("low"), run("high"));
    assert!(f(&low["emulated_ns"]) <= f(&high["emulated_ns"]));
    assert_eq!(low["orders"], high["orders"]);
    assert_eq!(low["punched"], high["punched"]);
    assert_eq!(
        f(&low["emulated_ns"]) / 1e9,
        f(&low["emulated_seconds_spread"]["low"])
    );
}

#[test]
fn the_share_of_dama_time_by_row_status_adds_up() {
    let v = json(&["timing", "--program", "dama", "--json"]);
    let parts = ["sourced", "derived", "estimate"];
    let seconds: f64 = parts.iter().map(|p| f(&v["by_status"][p]["seconds"])).sum();
    let shares: f64 = parts.iter().map(|p| f(&v["by_status"][p]["share"])).sum();
    assert!((seconds - f(&v["emulated_seconds"])).abs() < 1e-6, "{v}");
    assert!((shares - 1.0).abs() < 1e-9, "{v}");
    assert!(f(&v["emulated_seconds_spread"]["low"]) < f(&v["emulated_seconds"]));
}

#[test]
fn the_table_has_a_reason_for_every_row() {
    let v = json(&["timing", "--json"]);
    let rows = v["rows"].as_array().unwrap();
    assert!(!rows.is_empty());
    for r in rows {
        for k in ["low", "nominal", "high"] {
            assert!(r["fixed_ns"][k].is_u64(), "{r}");
        }
        assert!(f(&r["fixed_ns"]["low"]) <= f(&r["fixed_ns"]["high"]), "{r}");
        assert!(!r["bounds"].as_str().unwrap().is_empty(), "{r}");
    }
}
