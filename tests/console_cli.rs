//! `firstmoves console silliac --script`: the monitor driven from a script, snapshots saved
//! and restored through it, errors naming the script line.

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::firstmoves;

fn scratch(name: &str) -> PathBuf {
    common::scratch("console-cli").join(name)
}

const SUM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assembler/testdata/sum.sil");

/// `console MACHINE PROGRAM --script FILE` with `text` in FILE.
fn console(machine: &str, program: &str, text: &str, name: &str) -> std::process::Output {
    let path = scratch(name);
    std::fs::write(&path, text).unwrap();
    firstmoves()
        .args(["console", machine, program, "--script"])
        .arg(&path)
        .output()
        .unwrap()
}

fn script(text: &str, name: &str) -> std::process::Output {
    console("silliac", SUM, text, name)
}

/// The output of a script that must succeed.
fn console_script(machine: &str, program: &str, text: &str, name: &str) -> String {
    let out = console(machine, program, text, name);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn script_snapshot_midway_continues_like_the_original() {
    let snap = scratch("mid.snap");
    let snap = snap.to_str().unwrap();
    let out = script(
        &format!("b order 82\nc\nsave {snap}\nc\npunch\nrestore {snap}\nnb all\nc\npunch\n"),
        "a.cmd",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let stops: Vec<&str> = text.lines().filter(|l| l.starts_with("A=")).collect();
    // Breakpoint, stop, restored state, stop again: the restored machine is the saved one and
    // reaches the same stop with the same registers, clock and order count.
    assert_eq!(stops.len(), 4, "{text}");
    assert_eq!(stops[0], stops[2], "{text}");
    assert_eq!(stops[1], stops[3], "{text}");
    assert_eq!(text.matches("\n375\n").count(), 2, "{text}");
}

#[test]
fn script_errors_name_file_and_line_and_exit_non_zero() {
    let out = script("e loop\nd nowhere 5\n", "b.cmd");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("b.cmd:2: `nowhere` is not an address"),
        "{err}"
    );
    let bad = scratch("bad.snap");
    std::fs::write(&bad, "hello\n").unwrap();
    let out = script(&format!("restore {}\n", bad.display()), "c.cmd");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("not a SILLIAC snapshot"), "{err}");
}

#[test]
fn the_7090_monitor_runs_a_fap_program_from_a_script() {
    let fap = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/bench-7090.fap");
    let text = console_script(
        "7090",
        fap,
        "e START 2\nb INNER\nc\nc\ne XR\nnb all\nrun 1000\nregs\n",
        "bench.cmd",
    );
    assert!(text.contains("7090> e START 2\n00100  "), "{text}");
    // `b INNER` answers with the address too: 1 + 2 stops.
    assert_eq!(text.matches("breakpoint at 00102").count(), 3, "{text}");
    // Second stop at INNER: one inner trip done, XR1 counted down once.
    assert!(text.contains("XR1=03717 XR2=11610 XR4=00000\n"), "{text}");
    assert!(text.contains("instruction budget used up"), "{text}");
}

/// The lines that follow the echo of `command` up to the next prompt.
fn answer<'a>(text: &'a str, prompt: &str, command: &str) -> Vec<&'a str> {
    let echo = format!("{prompt}{command}\n");
    let start = text
        .find(&echo)
        .unwrap_or_else(|| panic!("no `{command}` in {text}"));
    text[start + echo.len()..]
        .lines()
        .take_while(|l| !l.starts_with(prompt))
        .collect()
}

#[test]
fn simh_words_on_the_silliac() {
    let text = console_script(
        "silliac",
        SUM,
        "show cpu\nex pc\nex 100-103\nex loop-halt\nbr halt\ngo\nshow break\nnobr\n\
         show break\ndep pc 100\nex PC\ndep k 3\nstep 2\ngo 100\nshow devices\nex state\n",
        "simh-sil.cmd",
    );
    let a = |c: &str| answer(&text, "sil> ", c);
    assert!(a("show cpu")[0].starts_with("A=0000000001 Q="), "{text}");
    assert!(a("ex pc")[0].starts_with("C=0100L L5 "), "{text}");
    let range: Vec<&str> = a("ex 100-103").iter().map(|l| &l[..4]).collect();
    assert_eq!(range, ["0100", "0101", "0102", "0103"]);
    assert_eq!(a("ex loop-halt").len(), 7, "{text}");
    assert_eq!(a("br halt"), ["breakpoint at 0106R"]);
    assert_eq!(a("go")[0], "breakpoint at 0106R");
    assert_eq!(a("show break"), ["break 0106R"]);
    assert_eq!(a("nobr"), ["no breakpoints"]);
    assert_eq!(a("dep pc 100"), ["C=0100L"]);
    assert!(a("ex PC")[0].starts_with("C=0100L"), "{text}");
    assert!(a("dep k 3")[0].starts_with("0108  "), "{text}");
    assert!(a("step 2")[0].contains(" C=0101L "), "{text}");
    // From 100 again with k = 3: 55 + 3 + 2 + 1 + 0 = 61 (#3D), to the stop order.
    assert_eq!(a("go 100")[0], "stop order 20 106 at 0106R");
    assert!(a("show devices")[1].starts_with("punch: 375"), "{text}");
    assert!(a("ex state")[0].starts_with("A="), "{text}");
}

#[test]
fn simh_words_on_the_7090() {
    let cards = scratch("simh.cards");
    std::fs::write(&cards, "ONE CARD\n").unwrap();
    let fap = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/bench-7090.fap");
    let script = format!(
        "show cpu\nex pc\nex 100-102\nex START-INNER\nbr INNER\ngo\nex XR1\nshow break\nnobr\n\
         dep pc 100\nstep 2\nex XR\ndep C 5\nex C\nattach cdr {}\nshow devices\ngo 102\n",
        cards.display()
    );
    let text = console_script("7090", fap, &script, "simh-7090.cmd");
    let a = |c: &str| answer(&text, "7090> ", c);
    assert!(
        a("show cpu")[0].starts_with("AC=0000000000000 MQ="),
        "{text}"
    );
    assert_eq!(a("ex pc"), ["IC=00100"]);
    let range: Vec<&str> = a("ex 100-102").iter().map(|l| &l[..5]).collect();
    assert_eq!(range, ["00100", "00101", "00102"]);
    assert_eq!(a("ex START-INNER").len(), 3, "{text}");
    assert_eq!(a("br INNER"), ["breakpoint at 00102"]);
    assert_eq!(a("go")[0], "breakpoint at 00102");
    // AXT 2000,1: 2000 is 3720 in octal.
    assert_eq!(a("ex XR1"), ["XR1=03720"]);
    assert_eq!(a("show break"), ["break 00102"]);
    assert_eq!(a("nobr"), ["no breakpoints"]);
    assert_eq!(a("dep pc 100"), ["IC=00100"]);
    assert!(a("step 2")[0].contains("IC=00102"), "{text}");
    assert_eq!(a("ex XR"), ["XR1=03720 XR2=11610 XR4=00000"]);
    assert!(a("dep C 5")[0].starts_with("00202  000000000005"), "{text}");
    assert!(a("ex C")[0].ends_with(" C"), "{text}");
    assert!(a(&format!("attach cdr {}", cards.display()))[0].ends_with("1 cards in the hopper"));
    assert!(
        a("show devices").contains(&"card reader: 0 read, 1 in the hopper"),
        "{text}"
    );
    // The whole benchmark to its HPR.
    assert!(a("go 102")[0].starts_with("HPR at "), "{text}");
}

/// `console MACHINE PROGRAM` at its prompt: `go` on an endless loop that is no tight loop,
/// SIGINT (as Ctrl-C sends) until the run reports it was interrupted, then `ex pc`, `show` and
/// `quit`, which leaves with status 0. A SIGINT at the idle prompt leaves the console there.
#[cfg(unix)]
fn interrupted_go(machine: &str, program: &str, source: &str) -> String {
    use std::io::{Read, Write};
    use std::process::Stdio;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    let path = scratch(program);
    std::fs::write(&path, source).unwrap();
    let mut child = firstmoves()
        .args(["console", machine])
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let seen = Arc::new(Mutex::new(String::new()));
    let mut stdout = child.stdout.take().unwrap();
    let reader = {
        let seen = seen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                seen.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        })
    };
    let text = || seen.lock().unwrap().clone();
    let pid = child.id().to_string();
    let mut stdin = child.stdin.take().unwrap();
    let wait_for = |what: &str, signal: bool| {
        for _ in 0..300 {
            if text().contains(what) {
                return;
            }
            if signal {
                let kill = Command::new("kill").args(["-INT", &pid]).status().unwrap();
                assert!(kill.success());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("no `{what}` in {}", text());
    };
    // The first prompt: the handler is in place.
    wait_for("> ", false);
    stdin.write_all(b"go\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    wait_for("interrupted at", true);
    // Ctrl-C at the idle prompt: the console stays.
    let kill = Command::new("kill").args(["-INT", &pid]).status().unwrap();
    assert!(kill.success());
    std::thread::sleep(Duration::from_millis(300));
    stdin.write_all(b"ex pc\nshow\nquit\n").unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    reader.join().unwrap();
    let mut err = String::new();
    child.stderr.unwrap().read_to_string(&mut err).unwrap();
    assert_eq!(status.code(), Some(0), "{err}\n{}", text());
    text()
}

#[test]
#[cfg(unix)]
fn ctrl_c_interrupts_go_on_the_7090() {
    let out = interrupted_go(
        "7090",
        "loop.fap",
        "       ORG     64\nSTART  ADD     ONE\n       TRA     START\nONE    DEC     1\n       END     START\n",
    );
    // Back at the prompt within the loop, the registers intact: AC counted up.
    let stop = out.lines().find(|l| l.contains("interrupted at")).unwrap();
    assert!(stop.contains("interrupted at 0010"), "{out}");
    assert!(out.contains("7090> IC=0010"), "ex pc answers: {out}");
    let regs = out.lines().rfind(|l| l.contains("AC=")).unwrap();
    assert!(!regs.contains("AC=0000000000000"), "{out}");
}

#[test]
#[cfg(unix)]
fn ctrl_c_interrupts_go_on_silliac() {
    let out = interrupted_go(
        "silliac",
        "loop.sil",
        ".org 100\nstart: L4 one\n 26 start\none: .dec 0.000001\n",
    );
    assert!(out.contains("interrupted at 010"), "{out}");
}
