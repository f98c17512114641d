//! `firstmoves diag`: all seven diagnostics to their normal stops in a table (exit 0), one run
//! as text and as JSON, the exit statuses of an error stop (1) and a spent budget (3), the deck
//! it writes, a diagnostic with no tables (one of the seven under another name), and bad input
//! as a clear error.

mod common;

use std::path::PathBuf;

use common::{output, stderr_of, stdout_of};

fn scratch(name: &str) -> PathBuf {
    common::scratch(&format!("diag-cli-{name}"))
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/diags beside the checkout; CI has it"
)]
fn all_seven_normal() {
    let o = output(&["diag", "--all"]);
    let out = stdout_of(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr_of(&o));
    for name in [
        "9M10A", "9M02A", "9M03A", "9M04A", "9M05B", "9M08A", "9M21A",
    ] {
        let line = out
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no line for {name}:\n{out}"));
        assert!(line.contains(" normal "), "{line}");
    }
    assert!(out.contains("reader-empty 16217"), "{out}");
    assert!(out.contains("halt-proceed 00023 (23)"), "{out}");
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/diags beside the checkout; CI has it"
)]
fn one_run_as_text_and_json() {
    let o = output(&["diag", "../shared/diags/9m08a.asm"]);
    let out = stdout_of(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr_of(&o));
    assert!(
        out.contains("HPR at 00050 [write-up 0050]: script"),
        "{out}"
    );
    assert!(out.contains("keys 201400000000, START"), "{out}");
    assert!(
        out.lines().last().unwrap().starts_with("9M08A: normal;"),
        "{out}"
    );

    let o = output(&["diag", "9m21a", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout_of(&o)).unwrap();
    for key in [
        "diagnostic",
        "title",
        "switches",
        "keys",
        "verdict",
        "stop",
        "stops",
        "registers",
        "cards_in_deck",
        "cards_read",
        "lines_printed",
        "printed",
        "depr_errors",
        "instructions",
        "cycles",
        "budget_cycles",
        "emulated_seconds",
    ] {
        assert!(v.get(key).is_some(), "no {key} in {v}");
    }
    assert_eq!(v["verdict"], "normal");
    assert_eq!(v["switches"], serde_json::json!([3]));
    assert_eq!(v["stop"]["reason"], "reader-empty");
    assert_eq!(v["stop"]["address"], "16217");
    assert_eq!(v["stop"]["cite"], "9m21a.asm:8746");
    for key in [
        "ic",
        "ac",
        "mq",
        "xr1",
        "xr2",
        "xr4",
        "overflow",
        "sense_indicators",
    ] {
        assert!(v["registers"].get(key).is_some(), "no registers.{key}");
    }
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/diags beside the checkout; CI has it"
)]
fn exit_statuses() {
    // 9M08A's forced print-out halts at 01400: an error stop by the write-up's table.
    let o = output(&["diag", "9m08a", "--switches", "3,6"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout_of(&o));
    assert!(stdout_of(&o).contains("9M08A: error;"));
    // 9M10A with switch 6 down walks for ever.
    let o = output(&[
        "diag",
        "9m10a",
        "--switches",
        "6",
        "--limit-cycles",
        "100000",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stdout_of(&o));
    assert!(stdout_of(&o).contains("9M10A: budget;"));
    let o = output(&["diag", "9m10a", "--switches", "7"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr_of(&o));
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/diags beside the checkout; CI has it"
)]
fn deck_is_written_and_runs() {
    let dir = scratch("deck");
    let deck = dir.join("9m04a.cbn");
    let o = output(&["diag", "9m04a", "--deck", deck.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    let text = std::fs::read_to_string(&deck).unwrap();
    // Loader, 106 program cards, 5 of the stand-in, the transfer card.
    assert_eq!(text.lines().count(), 113);
    // `run` presses LOAD CARDS on it and stops where diag did.
    let o = output(&["run", deck.to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout_of(&o)).unwrap();
    assert_eq!(v["stop"]["reason"], "reader-empty");
    assert_eq!(v["stop"]["address"], "04265");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_a_clear_error() {
    let dir = scratch("bad");
    let missing = dir.join("9m21a.asm");
    let o = output(&["diag", missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr_of(&o).contains("cannot read"), "{}", stderr_of(&o));
    let o = output(&["diag", missing.to_str().unwrap(), "--start", "80"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_of(&o).contains("not an octal address"),
        "{}",
        stderr_of(&o)
    );
    let bad = dir.join("9m10a.asm");
    std::fs::write(&bad, "x\ny\n       FOO 1,,,\n       TRA NOWHERE\n").unwrap();
    let o = output(&["diag", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr_of(&o).contains("does not assemble as 9AP source"),
        "{}",
        stderr_of(&o)
    );
    assert!(!stderr_of(&o).contains("panicked"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/diags beside the checkout; CI has it"
)]
fn a_diagnostic_without_tables_runs_unjudged() {
    // 9M04A under a name the tables do not have: its END card is blank, so the transfer card
    // goes to the write-up's 00030 only when `--start` says so.
    let dir = scratch("unknown");
    let copy = dir.join("9x04a.asm");
    std::fs::copy("../shared/diags/9m04a.asm", &copy).unwrap();
    let o = output(&["diag", copy.to_str().unwrap(), "--start", "30", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    let unknown: serde_json::Value = serde_json::from_str(&stdout_of(&o)).unwrap();
    let o = output(&["diag", "9m04a", "--json"]);
    let known: serde_json::Value = serde_json::from_str(&stdout_of(&o)).unwrap();
    assert_eq!(unknown["verdict"], "unjudged");
    assert_eq!(known["verdict"], "normal");
    assert_eq!(unknown["diagnostic"], "9X04A");
    // The same deck (the stand-in found by the program's calls), the same run to the same
    // stop, registers and lines.
    for key in [
        "cards_in_deck",
        "cards_read",
        "registers",
        "printed",
        "instructions",
        "cycles",
    ] {
        assert_eq!(unknown[key], known[key], "{key}");
    }
    assert_eq!(unknown["stop"]["reason"], "reader-empty");
    assert_eq!(unknown["stop"]["address"], "04265");
    assert_eq!(unknown["stop"]["kind"], "end");
    assert_eq!(unknown["stop"]["registers"], known["stop"]["registers"]);
    assert!(unknown["stop"]["cite"].is_null());

    // As text, and with a halt on the way: 9M03A's first pass stops at HTR 0, where the
    // operator presses START, as its write-up's script does.
    let copy = dir.join("9x03a.asm");
    std::fs::copy("../shared/diags/9m03a.asm", &copy).unwrap();
    let o = output(&["diag", copy.to_str().unwrap(), "--start", "6734"]);
    let out = stdout_of(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr_of(&o));
    assert!(out.contains(": stop - "), "{out}");
    assert!(out.contains("-> START"), "{out}");
    assert!(
        out.lines()
            .last()
            .unwrap()
            .starts_with("9X03A: unjudged (no write-up judged this run);"),
        "{out}"
    );
    let o = output(&["diag", "9m03a", "--json"]);
    let known: serde_json::Value = serde_json::from_str(&stdout_of(&o)).unwrap();
    let o = output(&["diag", copy.to_str().unwrap(), "--start", "6734", "--json"]);
    let unknown: serde_json::Value = serde_json::from_str(&stdout_of(&o)).unwrap();
    let addresses = |v: &serde_json::Value| -> Vec<serde_json::Value> {
        v["stops"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["address"].clone())
            .collect()
    };
    assert_eq!(addresses(&unknown), addresses(&known));
    assert_eq!(unknown["registers"], known["registers"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--simh` writes the command file that boots the deck `--deck` wrote in SIMH's `i7094`
/// (the LOAD CARDS words deposited by hand, the breakpoint at the call for the next
/// program): run there, 9M05B prints what it prints here and ends where it ends here.
#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/diags beside the checkout; CI has it"
)]
fn the_simh_command_file_boots_the_deck() {
    let dir = scratch("simh");
    let (deck, ini) = (dir.join("9m05b.cbn"), dir.join("9m05b.ini"));
    let o = output(&[
        "diag",
        "9m05b",
        "--deck",
        deck.to_str().unwrap(),
        "--simh",
        ini.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    let ours: serde_json::Value = serde_json::from_str(&stdout_of(&o)).unwrap();
    let text = std::fs::read_to_string(&ini).unwrap();
    assert!(text.contains("att -c cdr 9m05b.cbn\n"), "{text}");
    let simh = std::process::Command::new(common::i7094())
        .arg("9m05b.ini")
        .current_dir(&dir)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run i7094");
    let said = String::from_utf8_lossy(&simh.stdout).to_string();
    let printed = std::fs::read_to_string(dir.join("9m05b.lpt")).unwrap_or_default();
    std::fs::remove_dir_all(&dir).ok();
    let end = ours["stop"]["address"].as_str().unwrap();
    assert!(said.contains(&format!("Breakpoint, PC: {end}")), "{said}");
    let ours: Vec<&str> = ours["printed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap().trim_end())
        .collect();
    let theirs: Vec<&str> = printed.lines().map(str::trim_end).collect();
    assert!(!ours.is_empty());
    assert_eq!(ours, theirs, "{said}");
}
