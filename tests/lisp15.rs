//! LISP 1.5 on the emulated 7090 (`firstmoves lisp`, docs/lisp15.md): the system tape from
//! s709's distribution booted with the Wang-algorithm job on SYSIN prints on SYSPOT what s709
//! printed (`../shared/period/lisp15/propcal.s709.txt`), line for line apart from the clock
//! lines; SIMH's `i7094` run on the same input tape (`../shared/period/simh/lisp.ini`) prints
//! the same on line and writes the same SYSPOT and SYSTMP reels; the job as transcribed in the
//! Programmer's Manual's repository stops at OVERLORD, and runs with its TEST and FIN cards
//! moved to column 8. Ignored where the build found no `../shared` or no `i7094` (build.rs).

use std::path::{Path, PathBuf};
use std::process::Output;

mod common;

use common::{firstmoves, i7094_console, simh_reel, succeeding};

fn lisp15() -> PathBuf {
    Path::new(common::ROOT).join("../shared/period/lisp15")
}

fn scratch(name: &str) -> PathBuf {
    common::scratch(&format!("lisp-{name}"))
}

/// `firstmoves lisp` on a job, with `extra` flags.
fn lisp(job: &Path, extra: &[&str]) -> Output {
    let system = lisp15().join("LISPTAPE.BIN");
    succeeding(firstmoves().arg("lisp").arg(&system).arg(job).args(extra))
}

/// LISP's clock line: s709 gives it a date and time, SIMH and this emulator the echo of a
/// blank line.
fn is_clock_line(line: &str) -> bool {
    line.starts_with(" THE TIME (")
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/period/lisp15 beside the checkout; CI has it"
)]
fn the_wang_job_prints_what_s709_printed() {
    let out = lisp(&lisp15().join("propcal.lsp"), &[]);
    let ours = String::from_utf8(out.stdout).unwrap();
    let theirs = std::fs::read_to_string(lisp15().join("propcal.s709.txt")).unwrap();
    let (ours, theirs): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
    assert_eq!(ours.len(), theirs.len(), "{}", ours.join("\n"));
    let mut clocks = 0;
    for (k, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        if is_clock_line(a) && is_clock_line(b) {
            clocks += 1;
            assert!(a.contains("( 0/ 0  000.0)"), "line {}: {a}", k + 1);
            continue;
        }
        assert_eq!(a, b, "SYSPOT line {}", k + 1);
    }
    assert_eq!(clocks, 3);
    assert_eq!(ours.iter().filter(|l| **l == "*TRUE*").count(), 18);
    assert!(ours
        .last()
        .unwrap()
        .ends_with("FIN      END OF LISP RUN       M948-1207 LEVIN"));
    // Emulated time is exact: the stop, the count and the period time with its I/O wait.
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err.trim_end(),
        "stop: HPR at 10523; 2041803 instructions, 78353028 cycles: period time 170.81 s \
         (CPU 7.23 s, I/O wait 163.58 s)"
    );
}

/// Two cards of the Programmer's Manual's job as transcribed, and what OVERLORD makes of them:
/// its direction starts in column 8 and is the word in columns 8-13 ("TEST W" is not TEST).
fn moved(job: &str) -> String {
    job.lines()
        .map(|l| {
            if let Some(rest) = l.strip_prefix("        TEST ") {
                format!("       TEST  {rest}\n")
            } else if let Some(rest) = l.strip_prefix("FIN ") {
                format!("       FIN {rest}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/period/lisp15 beside the checkout; CI has it"
)]
fn the_transcribed_job_needs_test_and_fin_in_column_8() {
    let job = lisp15().join("wang.job");
    let out = String::from_utf8(lisp(&job, &[]).stdout).unwrap();
    // TEST in column 9 is no direction: OVERLORD reads on to the end of the tape.
    assert!(out.contains("END OF FILE ON INPUT -OVERLORD-"), "{out}");
    assert!(!out.contains("EVALQUOTE"));
    let dir = scratch("wang");
    let fixed = dir.join("wang8.job");
    std::fs::write(&fixed, moved(&std::fs::read_to_string(&job).unwrap())).unwrap();
    let run = lisp(&fixed, &[]);
    std::fs::remove_dir_all(&dir).ok();
    let out = String::from_utf8(run.stdout).unwrap();
    assert_eq!(
        String::from_utf8(run.stderr).unwrap().trim_end(),
        "stop: HPR at 10523; 2027288 instructions, 75860571 cycles: period time 165.38 s \
         (CPU 7.18 s, I/O wait 158.19 s)"
    );
    assert!(out.contains("EVALQUOTE OPERATOR AS OF 1 MARCH 1961."));
    assert_eq!(out.lines().filter(|l| *l == "*TRUE*").count(), 18);
    assert!(!out.contains("END OF FILE ON INPUT"));
    assert!(
        out.trim_end()
            .ends_with("END OF LISP RUN        M948-1207 LEVIN"),
        "{out}"
    );
}

#[test]
#[cfg_attr(
    any(not(has_shared), not(has_i7094)),
    ignore = "needs ../shared/period and SIMH's i7094 (apt-get install simh); CI has both"
)]
fn simh_runs_the_same_tapes_to_the_same_reels() {
    let ours = scratch("ours");
    let (tapes, printer, punch) = (
        ours.to_str().unwrap().to_string(),
        ours.join("print.txt"),
        ours.join("punch.txt"),
    );
    let out = lisp(
        &lisp15().join("propcal.lsp"),
        &[
            "--tapes",
            &tapes,
            "--printer",
            printer.to_str().unwrap(),
            "--punch",
            punch.to_str().unwrap(),
        ],
    );
    // SIMH on the input tape written here, with s709's units (lisp.ini).
    let simh = scratch("simh");
    std::fs::copy(ours.join("sysin.bcd"), simh.join("sysin.bcd")).unwrap();
    std::fs::copy(lisp15().join("LISPTAPE.BIN"), simh.join("LISPTAPE.BIN")).unwrap();
    std::fs::write(simh.join("empty.cbn"), "").unwrap();
    let ini = lisp15().join("../simh/lisp.ini");
    let console = i7094_console(&ini, &simh);
    assert!(console.contains("HALT instruction, PC: 10524"), "{console}");
    // The on-line printer, SYSPOT (A3) and SYSTMP with the core image (B3).
    let read = |p: PathBuf| std::fs::read_to_string(p).unwrap();
    assert_eq!(read(ours.join("print.txt")), read(simh.join("print.txt")));
    for reel in ["sysout.bcd", "syscore.bin"] {
        let here = std::fs::read(ours.join(reel)).unwrap();
        assert!(
            here == simh_reel(&simh.join(reel)),
            "{reel} differs from SIMH's"
        );
    }
    // SIMH's SYSPOT as print lines is what this run printed.
    let syspot = emu::ibm7090::tape::Tape::from_p7b(&simh_reel(&simh.join("sysout.bcd")))
        .unwrap()
        .to_print_text();
    assert_eq!(syspot, String::from_utf8(out.stdout).unwrap());
    // The punch: the same cards (SIMH spells a blank column binary row its own way).
    let simh_cards = emu::ibm7090::card::column_binary_deck(&read(simh.join("punch.cbn")))
        .unwrap()
        .iter()
        .map(|c| c.to_text())
        .collect::<Vec<_>>();
    assert_eq!(
        read(ours.join("punch.txt")).lines().collect::<Vec<_>>(),
        simh_cards
    );
    std::fs::remove_dir_all(&ours).ok();
    std::fs::remove_dir_all(&simh).ok();
}
