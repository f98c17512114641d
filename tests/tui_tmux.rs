//! The TUIs in a real terminal: each test starts `firstmoves ... --tui` in a detached tmux
//! session, sends keys, captures the pane and asserts on its text. Without tmux (`apt-get
//! install tmux`) the build marks them ignored (build.rs); under CI they run.

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use common::tmux::{Session, WAIT};
use common::{firstmoves, BIN};

const SUM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assembler/testdata/sum.sil");

#[test]
#[cfg_attr(
    not(has_tmux),
    ignore = "needs tmux (apt-get install tmux); CI runs it"
)]
fn console_session_breakpoint_examine_and_clean_exit() {
    let s = Session::start("console", 140, 40, &format!("console silliac {SUM} --tui"));
    s.wait_for("sil> _");
    s.text("b order 82");
    s.keys(&["Enter", "F5"]);
    let screen = s.wait_for("order breakpoint: 82 8 at 0105L");
    assert!(screen.contains("store: 1,024 words"), "{screen}");
    s.text("e sum");
    s.keys(&["Enter"]);
    s.wait_for("0107  0000000037");
    s.text("d k zz");
    s.keys(&["Enter"]);
    s.wait_for("error: `zz` is not a value");
    s.keys(&["F5"]);
    s.wait_for("stop order 20 106 at 0106R");
    s.keys(&["C-c"]);
    let screen = s.wait_for("EXITED 0");
    // The alternate screen is gone: only the shell's line is left.
    assert!(!screen.contains("sil>"), "{screen}");
}

#[test]
#[cfg_attr(
    not(has_tmux),
    ignore = "needs tmux (apt-get install tmux); CI runs it"
)]
fn exhibition_view_take_over_illegal_and_legal_moves_resize_and_quit() {
    // At 600 times SILLIAC's speed (six period hours in 36 s): at the host's full speed the
    // whole exhibition can end before the keys below reach board 1.
    let s = Session::start("exhibition", 150, 60, "dama exhibition --tui --pace 600");
    // The whole grid (a capture can come while the first screen is being drawn).
    let screen = s.wait_until("the grid", |t| {
        t.contains("speed-up") && t.contains(">01 ") && t.contains(" 25 ")
    });
    // Every SILLIAC move is checked against the native faithful engine; the count is shown.
    assert!(screen.contains("mismatches 0"), "{screen}");
    assert!(screen.contains("store: 1,024 words"), "{screen}");
    assert!(screen.contains("q quit"), "{screen}");
    // The store as its 40 Williams tubes, then one tube at full size, then back.
    s.keys(&["v"]);
    s.wait_for("the 40 Williams tubes");
    s.keys(&["v"]);
    s.wait_for("tube 0 (digit 0 of 1,024 words)");
    s.keys(&["]"]);
    s.wait_for("tube 1 (digit 1 of 1,024 words)");
    s.keys(&["v"]);
    s.wait_for("store: 1,024 words");
    s.keys(&["t"]);
    s.wait_for("board 01: you play B");
    // The opponent may have moved on board 1 before the take-over reached the harness, and
    // SILLIAC may be thinking: try again until a legal move is played.
    let mut played = false;
    for _ in 0..10 {
        s.keys(&["m"]);
        s.text("1-5");
        s.keys(&["Enter"]);
        let screen = s.wait_until("a refusal of 1-5", |t| {
            t.contains("refused: 1-5 is illegal") || t.contains("SILLIAC (A) is to move")
        });
        if !screen.contains("refused: 1-5 is illegal") {
            std::thread::sleep(Duration::from_millis(200));
            continue;
        }
        assert!(
            screen.contains("square 1 has no piece of yours (B)"),
            "{screen}"
        );
        // The refusal lists the legal moves: play the first.
        let list = screen.split("; legal: ").nth(1).unwrap();
        let first = list.split_whitespace().next().unwrap().to_string();
        s.keys(&["m"]);
        s.text(&first);
        s.keys(&["Enter"]);
        let screen = s.wait_until("the move played or refused", |t| {
            t.contains(&format!("you play {first}")) || t.contains(&format!("refused: {first}"))
        });
        if screen.contains(&format!("you play {first}")) {
            played = true;
            break;
        }
    }
    assert!(played, "no legal move could be played on board 1");
    // Smaller terminals: the list, then the too-small notice; back to the grid.
    s.resize(90, 32);
    s.wait_until("the list", |t| {
        t.contains(">01 you") && !t.contains("against")
    });
    s.resize(40, 10);
    s.wait_for("too small");
    s.resize(150, 60);
    s.wait_for("store: 1,024 words");
    s.keys(&["q"]);
    let screen = s.wait_for("EXITED 0");
    assert!(!screen.contains("q quit"), "{screen}");
}

#[test]
#[cfg_attr(
    not(has_tmux),
    ignore = "needs tmux (apt-get install tmux); CI runs it"
)]
fn console_7090_panes_breakpoint_switches_and_clean_exit() {
    let fap = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/bench-7090.fap");
    let s = Session::start("c7090", 140, 40, &format!("console 7090 {fap} --tui"));
    let screen = s.wait_for("7090> _");
    assert!(screen.contains("sense switches (down): ......"), "{screen}");
    assert!(screen.contains("printer (0 lines):"), "{screen}");
    s.text("b INNER");
    s.keys(&["Enter", "F5"]);
    // `b INNER` answers with the address, and so does the stop.
    s.wait_until("the stop at INNER", |t| {
        t.matches("breakpoint at 00102").count() >= 2
    });
    s.text("switches 1,3");
    s.keys(&["Enter"]);
    s.wait_for("sense switches (down): 1.3...");
    s.text("nb all");
    s.keys(&["Enter"]);
    s.text("run 5000");
    s.keys(&["Enter"]);
    s.wait_for("instruction budget used up");
    s.keys(&["C-c"]);
    let screen = s.wait_for("EXITED 0");
    assert!(!screen.contains("7090>"), "{screen}");
}

/// `kill PID` (SIGTERM) and a hang-up (SIGHUP) end a TUI with the terminal restored: after it
/// the shell in the same pane finds the terminal cooked (`icanon echo`), out of the alternate
/// screen.
fn signal_restores_the_terminal(tag: &str, args: &str, ready: &str, signal: &str) {
    let dir = std::env::temp_dir().join(format!("fm-sig-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (pid, stty) = (dir.join("pid"), dir.join("stty"));
    // `exec` so the recorded pid is the TUI's own; the stty runs after it in the same pane.
    let shell = format!(
        "sh -c 'echo $$ > {pid}; exec {BIN} {args}'; echo EXITED $?; stty -a > {stty}; sleep 120",
        pid = pid.display(),
        stty = stty.display()
    );
    let s = Session::shell(tag, 140, 60, &shell);
    s.wait_for(ready);
    let id = std::fs::read_to_string(&pid).unwrap();
    let status = Command::new("kill")
        .args([signal, id.trim()])
        .status()
        .unwrap();
    assert!(status.success());
    let screen = s.wait_for("EXITED 0");
    assert!(!screen.contains(ready), "still the TUI's screen:\n{screen}");
    let start = Instant::now();
    let modes = loop {
        let text = std::fs::read_to_string(&stty).unwrap_or_default();
        if text.contains("speed") || start.elapsed() > WAIT {
            break text;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let words: Vec<&str> = modes.split_whitespace().collect();
    for mode in ["icanon", "echo", "isig"] {
        assert!(words.contains(&mode), "{mode} not restored: {modes}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(
    not(has_tmux),
    ignore = "needs tmux (apt-get install tmux); CI runs it"
)]
fn sigterm_restores_the_terminal_console() {
    let args = format!("console silliac {SUM} --tui");
    signal_restores_the_terminal("sigterm-console", &args, "sil> _", "-TERM");
}

#[test]
#[cfg_attr(
    not(has_tmux),
    ignore = "needs tmux (apt-get install tmux); CI runs it"
)]
fn sighup_restores_the_terminal_exhibition() {
    signal_restores_the_terminal("sighup-exh", "dama exhibition --tui", "speed-up", "-HUP");
}

#[test]
#[cfg_attr(
    not(has_tmux),
    ignore = "needs tmux (apt-get install tmux); CI runs it"
)]
fn sigterm_restores_the_terminal_exhibition() {
    signal_restores_the_terminal("sigterm-exh", "dama exhibition --tui", "speed-up", "-TERM");
}

/// A terminal that goes away (the tmux session killed, an ssh connection dropped) ends the view
/// as SIGHUP does: the process exits, with status 0, within seconds instead of spinning on the
/// dead terminal. The pane's shell ignores the hang-up and SIGTERM so it outlives the terminal
/// to write the view's exit status; nothing then sends the view a SIGHUP (the kernel sends it to
/// the session leader, the shell, which ignores it), so only the view's own look at the
/// terminal can end it.
fn hang_up_ends_the_view(tag: &str, args: &str, ready: &str) {
    let dir = std::env::temp_dir().join(format!("fm-hup-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (pid, status) = (dir.join("pid"), dir.join("status"));
    let shell = format!(
        "trap '' HUP TERM; sh -c 'echo $$ > {pid}; exec {BIN} {args}'; echo $? > {status}",
        pid = pid.display(),
        status = status.display()
    );
    let s = Session::shell(tag, 140, 60, &shell);
    s.wait_for(ready);
    let id = std::fs::read_to_string(&pid).unwrap().trim().to_string();
    // Kill the session: its server closes the terminal.
    drop(s);
    let start = Instant::now();
    let code = loop {
        let text = std::fs::read_to_string(&status).unwrap_or_default();
        if text.ends_with('\n') {
            break Some(text.trim().to_string());
        }
        if start.elapsed() > Duration::from_secs(10) {
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let Some(code) = code else {
        // Never leave it spinning.
        let _ = Command::new("kill").args(["-KILL", &id]).status();
        panic!("the view (pid {id}) still runs 10 s after its terminal went away");
    };
    assert_eq!(code, "0", "the view's exit status");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(
    not(has_tmux),
    ignore = "needs tmux (apt-get install tmux); CI runs it"
)]
fn hang_up_ends_the_exhibition_view() {
    // Paced, so that the exhibition is still playing when its terminal goes.
    let args = "dama exhibition --tui --pace 600";
    hang_up_ends_the_view("hup-exh", args, "speed-up");
}

#[test]
#[cfg_attr(
    not(has_tmux),
    ignore = "needs tmux (apt-get install tmux); CI runs it"
)]
fn hang_up_ends_the_console_view() {
    let args = format!("console silliac {SUM} --tui");
    hang_up_ends_the_view("hup-console", &args, "sil> _");
}

/// `--tui --record DIR` writes the plain exhibition's records: same header lines, then
/// `A ff-tt +v n s.sss` / `B ff-tt` / `= ...` lines, so a plain `--resume` can continue them.
#[test]
#[cfg_attr(
    not(has_tmux),
    ignore = "needs tmux (apt-get install tmux); CI runs it"
)]
fn exhibition_view_records_like_the_plain_exhibition() {
    let base = std::env::temp_dir().join(format!("fm-tui-record-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let (tui, plain) = (base.join("tui"), base.join("plain"));
    let common = "dama exhibition --boards 2 --seed 7 --opponents greedy,random --record";
    let s = Session::start(
        "record",
        150,
        60,
        &format!("{common} {} --tui", tui.display()),
    );
    s.wait_for("speed-up");
    let first = tui.join("board-01.txt");
    let start = Instant::now();
    // A couple of seconds of play, and at least one move each way on board 1.
    loop {
        let text = std::fs::read_to_string(&first).unwrap_or_default();
        if start.elapsed() > Duration::from_secs(2)
            && text.lines().any(|l| l.starts_with("A "))
            && text.lines().any(|l| l.starts_with("B "))
        {
            break;
        }
        assert!(start.elapsed() < WAIT, "no moves recorded: {text:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
    s.keys(&["q"]);
    s.wait_for("EXITED 0");

    // The plain exhibition writes every header before it plays: stop it once they are there.
    let mut child = firstmoves()
        .args(common.split(' '))
        .arg(&plain)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let header = |dir: &std::path::Path, b: u8| {
        std::fs::read_to_string(dir.join(format!("board-{b:02}.txt")))
            .unwrap_or_default()
            .lines()
            .next()
            .map(str::to_string)
    };
    let start = Instant::now();
    while header(&plain, 2).is_none() {
        assert!(
            start.elapsed() < WAIT,
            "the plain exhibition wrote no records"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();

    for b in 1..=2 {
        let h = header(&tui, b).expect("a record per board");
        assert_eq!(Some(h.clone()), header(&plain, b), "board {b}");
        assert!(h.starts_with(&format!("# board {b:02}: SILLIAC (")), "{h}");
        let text = std::fs::read_to_string(tui.join(format!("board-{b:02}.txt"))).unwrap();
        for line in text.lines().skip(1) {
            let w: Vec<&str> = line.split(' ').collect();
            let ok = match w[0] {
                "A" => w.len() == 5 && w[1].len() == 5 && w[4].contains('.'),
                "B" => w.len() == 2 && w[1].len() == 5,
                "=" => true,
                _ => false,
            };
            assert!(ok, "board {b}: `{line}` is not a record line");
        }
    }
    // And the plain exhibition resumes the view's records to the end.
    let out = firstmoves()
        .args(common.split(' '))
        .arg(&tui)
        .arg("--resume")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains("mismatches with the native faithful engine: 0"),
        "{report}"
    );
    let _ = std::fs::remove_dir_all(&base);
}

/// `--pace 60`: a period minute a host second, so SILLIAC's replies arrive in period rhythm with
/// the board it is thinking about marked; `p` stops the period clock, `s` plays one SILLIAC
/// move; `--human 2` gives board 2 to the person, whose illegal move is refused and explained.
#[test]
#[cfg_attr(
    not(has_tmux),
    ignore = "needs tmux (apt-get install tmux); CI runs it"
)]
fn exhibition_paced_pause_step_and_a_person_at_board_two() {
    let s = Session::start(
        "paced",
        150,
        60,
        "dama exhibition --tui --boards 2 --pace 60 --human 2",
    );
    // The header shows the pace while the program is still loading (with "0 boards"), so wait
    // for the board list itself rather than test it on the first screen.
    let screen = s.wait_until("02 you", |t| t.contains("pace x60") && t.contains("02 you"));
    assert!(screen.contains("2 boards"), "{screen}");
    // SILLIAC's first reply takes about 30 period seconds: half a second at this pace, so the
    // thinking mark shows before it.
    s.wait_for("01*");
    s.keys(&["p"]);
    let paused = s.wait_for("[paused");
    let clock = |t: &str| {
        t.split("period ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .map(str::to_string)
    };
    std::thread::sleep(Duration::from_millis(1500));
    let still = s.capture();
    assert_eq!(clock(&paused), clock(&still), "{still}");
    s.keys(&["s"]);
    let stepped = s.wait_until("one more SILLIAC move", |t| clock(t) != clock(&still));
    assert!(stepped.contains("[paused"), "{stepped}");
    s.keys(&["p"]);
    s.wait_for("your move (B)");
    s.keys(&["m"]);
    s.text("1-5");
    s.keys(&["Enter"]);
    let refused = s.wait_for("refused: 1-5 is illegal");
    assert!(
        refused.contains("square 1 has no piece of yours (B)"),
        "{refused}"
    );
    s.keys(&["q"]);
    s.wait_for("EXITED 0");
}
