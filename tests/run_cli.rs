//! `firstmoves run` and `firstmoves bench`: text and JSON output, exit codes, tape errors.

mod common;

use std::path::PathBuf;

use common::firstmoves;

fn scratch(name: &str) -> PathBuf {
    common::scratch("run-cli").join(name)
}

fn json(out: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

// Punch "12", CR/LF; add 0.25 + 0.25; stop.
const PROGRAM: &str =
    ".org 100\nstart: 92 66\n 92 130\n 92 131\n L5 x\n L4 x\n 24 start\nx: .dec 0.25\n";

#[test]
fn runs_a_sil_program_as_text_and_json() {
    let src = scratch("p.sil");
    std::fs::write(&src, PROGRAM).unwrap();
    let out = firstmoves()
        .args(["run", src.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "12\n");
    let out = firstmoves()
        .args(["run", src.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["machine"], "silliac");
    assert_eq!(v["punched"], "12\n");
    assert_eq!(v["stop"]["reason"], "stop-order");
    assert_eq!(v["stop"]["address"], 102);
    assert_eq!(v["stop"]["half"], "R");
    assert_eq!(v["a"], "4000000000");
    assert_eq!(v["orders"], 6);
    // 3 characters at 40 us + 100 ms, two additions, one stop.
    assert_eq!(v["emulated_ns"], 3 * 100_040_000 + 2 * 75_000 + 40_000);
    assert!(v["load_us"].as_f64().unwrap() > 0.0);
}

#[test]
fn punch_file_limits_and_exit_codes() {
    let src = scratch("loop.sil");
    std::fs::write(&src, ".org 100\nstart: 92 66\n 26 start\n").unwrap();
    let punch = scratch("out.pt");
    let out = firstmoves()
        .args([
            "run",
            src.to_str().unwrap(),
            "--limit-orders",
            "6",
            "--punch",
        ])
        .arg(&punch)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "a limit ended the run");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "111\n");
    assert_eq!(
        std::fs::read_to_string(&punch).unwrap(),
        "  o  O\n".repeat(3)
    );
    let bad = scratch("bad.sil");
    std::fs::write(&bad, ".allow N0\n.org 100\nstart: N0 5\n").unwrap();
    let out = firstmoves()
        .args(["run", bad.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(4),
        "an unknown order is a machine stop"
    );
    assert_eq!(json(&out)["stop"]["reason"], "unknown-order");
}

#[test]
fn tight_loops_stop_with_their_address() {
    let src = scratch("tight.sil");
    std::fs::write(&src, ".org 100\nstart: 92 66\nloop: 22 loop\n").unwrap();
    let out = firstmoves()
        .args(["run", src.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "a tight loop cannot go on");
    let v = json(&out);
    assert_eq!(v["stop"]["reason"], "tight-loop");
    assert_eq!(
        (v["stop"]["address"].as_u64(), v["stop"]["half"].as_str()),
        (Some(100), Some("R"))
    );
    assert!(v["stop"]["message"]
        .as_str()
        .unwrap()
        .starts_with("tight loop at 0100R"));
    assert_eq!(v["punched"], "1");
    let fap = scratch("tight.fap");
    std::fs::write(
        &fap,
        "       ORG     64\nSTART  CLA     FIVE\n       TRA     *\nFIVE   DEC     5\n       END     START\n",
    )
    .unwrap();
    let out = firstmoves()
        .args(["run", fap.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("stop: tight loop at 00101"), "{err}");
    let out = firstmoves()
        .args(["run", fap.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let v = json(&out);
    assert_eq!(
        (
            v["stop"]["reason"].as_str(),
            v["stop"]["address"].as_str(),
            v["ic"].as_str()
        ),
        (Some("tight-loop"), Some("00101"), Some("00101"))
    );
    assert_eq!(v["ac"], "0000000000005");
    // An endless loop that changes something runs to the budget: exit status 3.
    std::fs::write(
        &fap,
        "       ORG     64\nSTART  ADD     FIVE\n       TRA     START\nFIVE   DEC     5\n       END     START\n",
    )
    .unwrap();
    let out = firstmoves()
        .args([
            "run",
            fap.to_str().unwrap(),
            "--json",
            "--limit-orders",
            "1001",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(json(&out)["stop"]["reason"], "instruction-budget");
    let help = firstmoves().args(["run", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(
        help.contains("10^10 7090 instructions") && help.contains("3 the budget"),
        "{help}"
    );
}

#[test]
fn tape_errors_name_file_line_and_column() {
    let pt = scratch("bad.pt");
    std::fs::write(&pt, "  o   \n  oX  \n").unwrap();
    let out = firstmoves()
        .args(["run", pt.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.pt:2:4:"), "{err}");
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs the period tapes in ../shared beside the checkout; CI has them"
)]
fn period_tape_t_pt() {
    let t = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/tapes/t.pt");
    assert!(t.is_file(), "{} is missing", t.display());
    let out = firstmoves()
        .args(["run", t.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["punched"], "785432160 ");
    assert_eq!(v["stop"]["reason"], "waiting-for-tape");
    assert_eq!(v["emulated_ns"], 4_009_430_000u64);
}

#[test]
fn bench_names_unknown_machines() {
    let out = firstmoves().args(["bench", "eniac"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no benchmark for machine `eniac`"));
    let out = firstmoves()
        .args(["bench", "7090", "--live-view"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("bench silliac --live-view"));
}

/// The 7090's units from the command line: BCD card images on tape A2, print lines written on
/// A3 (a new file), the 711 and 716 (`--cards`, stdout), the 721 (`--punch`, column binary),
/// and LOAD CARDS of a `.cbn` deck.
#[test]
fn ibm7090_tapes_cards_printer_and_punch() {
    let src = scratch("tapes.fap");
    std::fs::write(
        &src,
        "       ORG     64
START  WTDA    3
       RCHA    HEADC
LOOP   RTDA    2
       RCHA    READC
       WTDA    3
       RCHA    PRINTC
       TRA     LOOP
HEADC  IOCD    HEAD,,3
READC  IORT    CARD,,14
PRINTC IOCD    CARD,,14
HEAD   BCI     3,CARDS READ
CARD   BSS     14
       END     START
",
    )
    .unwrap();
    let input = scratch("in.txt");
    std::fs::write(&input, "FIRST\nSECOND\n").unwrap();
    let output = scratch("a3.txt");
    std::fs::remove_file(&output).ok();
    let out = firstmoves()
        .args([
            "run",
            src.to_str().unwrap(),
            "--tape",
            &format!("A2={}", input.display()),
            "--tape",
            &format!("A3={}", output.display()),
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(json(&out)["stop"]["reason"], "blank-tape");
    assert_eq!(
        std::fs::read_to_string(&output).unwrap(),
        "CARDS READ\nFIRST\nSECOND\n"
    );
    assert_eq!(std::fs::read_to_string(&input).unwrap(), "FIRST\nSECOND\n");

    // Each card read is printed and punched as it is.
    std::fs::write(
        &src,
        "       ORG     64
LOOP   RCDA
       RCHA    CARDC
       WPRA
       RCHA    CARDC
       WPUA
       RCHA    CARDC
       TRA     LOOP
CARDC  IOCD    CARD,,24
CARD   BSS     24
       END     LOOP
",
    )
    .unwrap();
    let cards = scratch("deck.txt");
    std::fs::write(&cards, "HELLO, WORLD\n(X+Y)*2\n").unwrap();
    let punch = scratch("punched.cbn");
    let out = firstmoves()
        .args([
            "run",
            src.to_str().unwrap(),
            "--cards",
            cards.to_str().unwrap(),
            "--punch",
            punch.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "HELLO, WORLD\n(X+Y)*2\n"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("card reader empty at 00100"));

    // A `.cbn` deck is loaded by LOAD CARDS: a self-loading card, IOCD 3,,21 at 0 and HTR 2
    // at 1, where the CPU starts.
    let mut words = [0u64; 24];
    words[0] = 21 << 18 | 3;
    words[1] = 0o000000000002; // HTR 2
    let card = emu::ibm7090::card::Card::from_image(&words);
    let deck = scratch("boot.cbn");
    std::fs::write(&deck, card.to_column_binary() + "\n").unwrap();
    let out = firstmoves()
        .args(["run", deck.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let v = json(&out);
    assert_eq!(v["stop"]["message"], "HTR at 00001 (restart at 00002)");
    assert_eq!(v["cards_read"], 1);
    let punched = std::fs::read_to_string(&punch).unwrap();
    assert_eq!(punched.lines().count(), 2);
}

/// The 7090's operator panel from the command line: `--keys` (ENK reads them) and
/// `--switches` (SWT tests them).
#[test]
fn keys_and_switches_of_the_7090() {
    let src = scratch("panel.fap");
    std::fs::write(
        &src,
        "       ORG     64\nSTART  ENK\n       STQ     KEYS\n       SWT     3\n       STZ     KEYS\n\
         \x20      HPR\nKEYS   PZE\n       END     START\n",
    )
    .unwrap();
    let out = firstmoves()
        .args(["run", src.to_str().unwrap(), "--json", "--dump", "105"])
        .args(["--keys", "-1234", "--switches", "3"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["mq"], "400000001234");
    assert_eq!(v["dump"]["00105"], "400000001234", "SWT 3 skipped the STZ");
    let out = firstmoves()
        .args(["run", src.to_str().unwrap(), "--keys", "9"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--keys"));
}

/// `--timing` on a 7090 run picks the I/O bound of its clock; the JSON gives the run's time
/// under all three bounds (the other two run again) and the part the CPU was held by I/O.
#[test]
fn ibm7090_timing_bounds_and_io_wait() {
    let src = scratch("timed.fap");
    std::fs::write(
        &src,
        "       ORG     64
LOOP   RTDA    2
       RCHA    READC
       WTDA    3
       RCHA    PRINTC
       TRA     LOOP
READC  IORT    CARD,,14
PRINTC IOCD    CARD,,14
CARD   BSS     14
       END     LOOP
",
    )
    .unwrap();
    let input = scratch("timed-in.txt");
    std::fs::write(&input, "FIRST\nSECOND\nTHIRD\n").unwrap();
    let output = scratch("timed-out.txt");
    let run = |bound: &str| {
        std::fs::remove_file(&output).ok();
        let out = firstmoves()
            .args([
                "run",
                src.to_str().unwrap(),
                "--tape",
                &format!("A2={}", input.display()),
                "--tape",
                &format!("A3={}", output.display()),
                "--json",
                "--timing",
                bound,
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        json(&out)
    };
    let (low, nominal, high) = (run("low"), run("nominal"), run("high"));
    assert_eq!(nominal["timing"], "nominal");
    assert_eq!(low["timing"], "low");
    assert_eq!(nominal["stop"]["reason"], "blank-tape");
    // The same run under every bound: the same spread, each bound's own figure its cycles'.
    let spread = &nominal["emulated_seconds_spread"];
    for (v, b) in [(&low, "low"), (&nominal, "nominal"), (&high, "high")] {
        assert_eq!(&v["emulated_seconds_spread"], spread);
        assert_eq!(v["instructions"], nominal["instructions"]);
        let us = v["emulated_us"].as_f64().unwrap();
        assert!(
            (spread[b].as_f64().unwrap() * 1e6 - us).abs() < 1e-3,
            "{b}: {v}"
        );
        // Three tape records read and three written: the CPU waits on each.
        assert!(v["io_wait_cycles"].as_u64().unwrap() > 0);
    }
    let s = |b: &str| spread[b].as_f64().unwrap();
    assert!(
        s("low") < s("nominal") && s("nominal") < s("high"),
        "{spread}"
    );
}
