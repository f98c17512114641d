//! `--timing low|nominal|high` and `firstmoves timing` (docs/timing.md): the same games under
//! every bound, each report's period time that bound's, low never above high.

mod common;

use common::json;

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

/// docs/timing.md's table of the 7090 chess programs: (program, cycles, the shares of sourced,
/// derived, estimate and I/O wait in per cent), a row a line.
fn documented_shares() -> Vec<(String, u64, [f64; 4])> {
    let doc = std::fs::read_to_string(format!("{}/docs/timing.md", common::ROOT)).unwrap();
    let table = doc
        .split("| program | problem | period time (low / nominal / high) | cycles |")
        .nth(1)
        .expect("docs/timing.md: the table of the chess programs");
    table
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let percent = |i: usize| cells[i].trim_end_matches(" %").parse::<f64>().unwrap();
            (
                cells[1].to_lowercase(),
                cells[4].replace(',', "").parse().unwrap(),
                [percent(5), percent(6), percent(7), percent(8)],
            )
        })
        .collect()
}

/// Every chess program of the registry: its documented problem (docs/timing.md, whose table
/// must have its row) with every cycle on a row of one status or on the I/O wait, and the
/// parts as the table gives them (tests/reports/timing-NAME.json keeps each to the cycle).
#[test]
fn the_share_of_each_7090_chess_programs_time_by_row_status_and_io_wait() {
    let documented = documented_shares();
    let parts = ["sourced", "derived", "estimate", "io_wait"];
    for e in chess::registry::PLAYERS {
        let program = e.name();
        let (_, cycles, shares) = documented
            .iter()
            .find(|(row, _, _)| row.starts_with(program))
            .unwrap_or_else(|| panic!("docs/timing.md: no row for {program}"));
        let v = json(&["timing", "--program", program, "--json"]);
        assert_eq!(v["program"], program);
        assert_eq!(v["machine"], "ibm7090");
        assert_eq!(v["cycles"], *cycles, "{program}: {v}");
        let by: Vec<u64> = parts
            .iter()
            .map(|p| v["by_status"][p]["cycles"].as_u64().unwrap())
            .collect();
        assert_eq!(by.iter().sum::<u64>(), *cycles);
        for ((part, got), want) in parts.iter().zip(&by).zip(shares) {
            let share = 100.0 * *got as f64 / *cycles as f64;
            assert!(
                (share - want).abs() < 0.05 + 1e-9,
                "{program} {part}: {share:.2} %, docs/timing.md {want} %"
            );
        }
        let seconds: f64 = parts.iter().map(|p| f(&v["by_status"][p]["seconds"])).sum();
        let total: f64 = parts.iter().map(|p| f(&v["by_status"][p]["share"])).sum();
        assert!((seconds - f(&v["emulated_seconds"])).abs() < 1e-6, "{v}");
        assert!((total - 1.0).abs() < 1e-9, "{v}");
        // The rows add up to the CPU's part, and their counts to the instructions.
        let rows = v["rows"].as_array().unwrap();
        let row_cycles: u64 = rows.iter().map(|r| r["cycles"].as_u64().unwrap()).sum();
        let counts: u64 = rows.iter().map(|r| r["count"].as_u64().unwrap()).sum();
        assert_eq!(row_cycles, cycles - by[3]);
        assert_eq!(counts, v["instructions"].as_u64().unwrap());
        // The I/O figures' spread around the nominal.
        let s = &v["emulated_seconds_spread"];
        assert_eq!(f(&s["nominal"]), f(&v["emulated_seconds"]));
        assert!(
            f(&s["low"]) < f(&s["nominal"]) && f(&s["nominal"]) < f(&s["high"]),
            "{s}"
        );
        // The same run as the command its words name, where that takes no placeholder.
        let command = e
            .timing_run()
            .split("as `")
            .nth(1)
            .and_then(|c| c.split('`').next());
        if let Some(command) = command.filter(|c| !c.contains("FEN")) {
            let mut args: Vec<&str> = command.split_whitespace().collect();
            args.push("--json");
            assert_eq!(json(&args)["cycles"], *cycles, "{program}: {command}");
        }
    }
}
