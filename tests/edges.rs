//! The command line at its edges: absurd flags are refused when read, a closed pipe ends the
//! program quietly, a full disk with one line, and user errors stay plain under
//! RUST_BACKTRACE: none of them a panic, an abort or a stack overflow.

mod common;

use std::io::Read;
use std::process::Stdio;

use common::firstmoves;

/// A run under RUST_BACKTRACE=1, which a user's errors must not change.
fn with_backtrace(args: &[&str]) -> std::process::Output {
    firstmoves()
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("run firstmoves")
}

/// Refused as a usage error (status 2) naming the flag, never a panic.
fn refused(args: &[&str], flag: &str) {
    let out = with_backtrace(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(flag), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn float_flags_out_of_range_are_refused() {
    refused(&["bench", "silliac", "--seconds", "inf"], "--seconds");
    refused(&["bench", "silliac", "--seconds", "1e20"], "--seconds");
    refused(&["bench", "7090", "--seconds", "NaN"], "--seconds");
    refused(
        &[
            "chess",
            "match",
            "--white",
            chess::registry::PLAYERS[0].name(),
            "--black",
            chess::registry::PLAYERS[0].name(),
            "--timeout",
            "1e20",
        ],
        "--timeout",
    );
    refused(&["dama", "learn", "--mesh=-1"], "--mesh");
}

#[test]
fn counts_are_not_allocation_sizes() {
    refused(
        &["chess", "crosscheck", "--positions", "18446744073709551615"],
        "--positions",
    );
    refused(
        &["chess", "crosscheck", "--positions", "4294967296"],
        "--positions",
    );
    refused(
        &["dama", "crosscheck", "--positions", "4294967296"],
        "--positions",
    );
    refused(
        &[
            "dama", "match", "--x", "greedy", "--y", "random", "--pairs", "0",
        ],
        "--pairs",
    );
    refused(&["dama", "exhibition", "--boards", "26"], "--boards");
}

#[test]
fn depths_are_bounded() {
    refused(&["chess", "perft", "--depth", "100000"], "--depth");
    refused(&["dama", "perft", "--depth", "100000"], "--depth");
    // Every program's numeric flags, refused past their bound when read, and the same value
    // through `--option` refused by the program.
    for e in chess::registry::PLAYERS {
        for f in e.flags() {
            let chess::program::Takes::Number { max, .. } = f.takes else {
                continue;
            };
            let Some(over) = max.checked_add(1).map(|m| m.to_string()) else {
                continue;
            };
            let flag = format!("--{}", f.long);
            refused(
                &["chess", "best", "--program", e.name(), &flag, &over],
                &flag,
            );
            let option = format!("{}={over}", f.option);
            let out =
                with_backtrace(&["chess", "best", "--program", e.name(), "--option", &option]);
            assert_eq!(out.status.code(), Some(1), "{} --option {option}", e.name());
        }
    }
}

#[test]
fn a_long_widths_list_is_an_error_not_a_stack_overflow() {
    let widths = vec!["1"; 50_000].join(",");
    let out = with_backtrace(&["chess", "best", "--widths", &widths]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("at most 32 plies"), "{err}");
    // The message quotes the flag, not the whole list.
    assert!(err.len() < 400, "{}", err.len());
}

#[test]
fn user_errors_stay_plain_under_rust_backtrace() {
    let out = with_backtrace(&["run", "no-such-file.fap"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.starts_with("firstmoves: error: "), "{err}");
    assert!(err.contains("no-such-file.fap"), "{err}");
    assert!(!err.contains("backtrace"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    for args in [
        &["dama", "perft", "--depth", "7"][..],
        &["chess", "perft", "--depth", "3", "--divide"][..],
    ] {
        let mut child = firstmoves()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Read one byte, as `head -c 1` would, then close the pipe.
        let mut first = [0u8; 1];
        child
            .stdout
            .as_mut()
            .unwrap()
            .read_exact(&mut first)
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            matches!(out.status.code(), Some(0) | Some(141)),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_full_disk_is_one_clear_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        panic!("/dev/full is missing on this machine");
    };
    let out = firstmoves()
        .args(["dama", "perft", "--depth", "5"])
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot write to standard output"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_full_or_closed_standard_stream_is_never_success() {
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full")
    };
    // stderr full: the error cannot be said, the status says it (no panic's 101).
    for args in [
        &["asm", "no-such.sil"][..],
        &["dama", "moves", "--position", "x"],
    ] {
        let out = firstmoves().args(args).stderr(full()).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?} with stderr full");
    }
    // A closed stream, as the shell closes it: the runtime puts /dev/null in its place.
    for (redirect, said) in [(">&-", true), ("2>&-", false)] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" dama moves {redirect}"))
            .arg(common::BIN)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "dama moves {redirect}: {err}");
        assert_eq!(err.contains("standard output is closed"), said, "{err}");
    }
    // A redirection to /dev/null is a choice, not a closed stream.
    let out = firstmoves()
        .args(["dama", "moves"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_tape_mount_names_a_file_that_can_be() {
    let dir = common::scratch("edges-tape");
    let prog = dir.join("halt.fap");
    std::fs::write(&prog, "START   HTR     START\n        END     START\n").unwrap();
    let prog = prog.to_str().unwrap();
    for (spec, said) in [
        ("A2=", "no FILE after `=`"),
        ("A2=/no/such/folder/x.bcd", "no folder /no/such/folder"),
    ] {
        let out = firstmoves()
            .args(["run", prog, "--tape", spec])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "--tape {spec}: {err}");
        assert!(err.contains(said), "--tape {spec}: {err}");
    }
    // A new file in a folder that is there is a blank reel, as before.
    let blank = dir.join("new.bcd");
    let out = firstmoves()
        .args(["run", prog, "--tape", &format!("A2={}", blank.display())])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}
