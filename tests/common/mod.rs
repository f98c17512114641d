//! The binary as every integration test starts it, and the ways the tests read its answer:
//! from the workspace root, without the caller's backtrace settings, so a test sees the plain
//! output a user sees.

// Each test file uses the part it needs.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// IBM's FAP run under IBSYS in SIMH, and its listing read back (`fap_ibm`, `fap_judge`).
pub mod ibsys;

/// A tmux terminal of a test's own (the terminal views).
pub mod tmux;

/// The reports' JSON Schemas checked against their output (`json_schema`).
pub mod schema;

/// docs/json.md's sections: the command and the keys of each report.
pub mod json_doc;

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_firstmoves");

/// The workspace root, where the tests' relative paths start.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The binary as a command, run from the workspace root, without RUST_BACKTRACE.
pub fn firstmoves() -> Command {
    let mut c = Command::new(BIN);
    c.current_dir(ROOT)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    c
}

/// A run with `args`, to its end.
pub fn output(args: &[&str]) -> Output {
    firstmoves().args(args).output().expect("run firstmoves")
}

/// A run: whether it succeeded, its standard output and its standard error.
pub fn run(args: &[&str]) -> (bool, String, String) {
    let out = output(args);
    (out.status.success(), stdout_of(&out), stderr_of(&out))
}

/// The standard output of a run that must succeed.
pub fn stdout(args: &[&str]) -> String {
    succeeded(&output(args), args)
}

/// The one JSON object a run that must succeed prints.
pub fn json(args: &[&str]) -> serde_json::Value {
    let text = stdout(args);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}: {text}"))
}

/// The standard output of `out`, which must have succeeded (`args` name the run).
pub fn succeeded(out: &Output, args: &[&str]) -> String {
    assert!(
        out.status.success(),
        "firstmoves {}: {}",
        args.join(" "),
        stderr_of(out)
    );
    stdout_of(out)
}

/// `command` run to its end, which must succeed (the command and its standard error name a
/// failure).
pub fn succeeding(command: &mut Command) -> Output {
    let out = command.output().expect("the command runs");
    assert!(out.status.success(), "{command:?}: {}", stderr_of(&out));
    out
}

pub fn stdout_of(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr_of(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The first registered chess program that tosses a coin (it has a seed option), and the
/// name of one of its other settings (an alias): its games and cross-checks depend on the
/// seed as well as on the positions.
pub fn coin_program() -> (&'static str, &'static str) {
    let e = chess::registry::PLAYERS
        .iter()
        .find(|e| e.seed_option().is_some())
        .expect("a registered program with a coin");
    let other = e.aliases().last().map_or(e.name(), |(alias, _)| *alias);
    (e.name(), other)
}

/// A folder of this test process's own, `tag` naming the test file, made if missing.
pub fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("firstmoves-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// SIMH's i7094 on the PATH; a test that calls this is ignored where the build found none
/// (build.rs), so a missing one here is a failure.
pub fn i7094() -> PathBuf {
    std::env::var_os("PATH")
        .and_then(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join("i7094"))
                .find(|f| f.is_file())
        })
        .expect("SIMH's i7094 is not on the PATH: apt-get install simh")
}

/// SIMH's i7094 run on the command file `ini` in the folder `dir`, with nothing on its
/// standard input: what its console printed.
pub fn i7094_console(ini: &Path, dir: &Path) -> String {
    let run = Command::new(i7094())
        .arg(ini)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("i7094 runs");
    String::from_utf8_lossy(&run.stdout).into_owned()
}

/// Run the FAP program `p` on SIMH (`set cpu 7090`) in `dir`: `attach` lines, then `go` at its
/// start, then `after`; the console output, which must show the program's halt.
pub fn simh_halting(dir: &Path, p: &assembler::fap::Program, attach: &str, after: &str) -> String {
    std::fs::write(dir.join("prog.obj"), p.object_deck()).unwrap();
    let ini = dir.join("run.ini");
    std::fs::write(
        &ini,
        format!(
            "set cpu 7090\nload prog.obj\n{attach}go {:o}\n{after}quit\n",
            p.start
        ),
    )
    .unwrap();
    let out = i7094_console(&ini, dir);
    assert!(out.contains("HALT instruction"), "{out}");
    out
}

/// The words of SIMH's `examine` lines (`ADDRESS:\tOCTAL`, a register's too).
pub fn examined(out: &str) -> Vec<u64> {
    out.lines()
        .filter_map(|l| {
            let (_, v) = l.split_once(":\t")?;
            u64::from_str_radix(v.trim(), 8).ok()
        })
        .collect()
}

/// A P7B file SIMH 3.8.1 wrote, less the copy of its last block's first byte it leaves after
/// it (sim_tape.c `sim_tape_wrrecf`'s delimiter, which the next write would cover).
pub fn simh_reel(path: &Path) -> Vec<u8> {
    let mut bytes = std::fs::read(path).unwrap();
    assert_eq!(
        bytes.pop(),
        Some(0x8f),
        "{}: ends with a tape mark's copy",
        path.display()
    );
    bytes
}
