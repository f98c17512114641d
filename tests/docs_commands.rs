//! The commands README.md and docs/tour.md show run as written. Each `sh` block's lines (a line
//! ending in `\` joined to the next) run in order, each in its own `bash`, from a folder laid
//! out as a fresh clone with `../shared` beside it, with this build's `firstmoves` first on the
//! PATH and HOME a folder of the test's own; each must end with status 0 within its time.
//! A line with `--tui` runs in a tmux terminal and is quit with `q`; a `python` block runs
//! through python3. Lines that build (`cargo ...`) or time the host (`scripts/...`, the
//! benchmarks beside SIMH) are left to the reader and CI's own steps.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::tmux::Session;
use common::{scratch, BIN, ROOT};

/// Longest a single command may take on a loaded 2-core machine in the test profile.
const LIMIT: Duration = Duration::from_secs(240);

/// One runnable piece of a document: a shell line or a python block, with its line number.
#[derive(Debug, PartialEq)]
enum Piece {
    Shell(usize, String),
    Python(usize, String),
}

/// The pieces of `markdown` in order: every line of its ```sh blocks (continuations joined,
/// blank lines and whole-line comments left out) and every ```python block whole.
fn pieces(markdown: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut fence: Option<(&str, usize)> = None;
    let mut pending: Option<(usize, String)> = None;
    let mut python = String::new();
    for (i, line) in markdown.lines().enumerate() {
        let n = i + 1;
        if let Some(rest) = line.strip_prefix("```") {
            match fence {
                None => fence = Some((rest.trim(), n)),
                Some((lang, start)) => {
                    if lang == "python" {
                        out.push(Piece::Python(start, std::mem::take(&mut python)));
                    }
                    fence = None;
                }
            }
            continue;
        }
        match fence {
            Some(("sh", _)) => {
                let (at, mut text) = pending.take().unwrap_or((n, String::new()));
                match line.trim_end().strip_suffix('\\') {
                    Some(head) => {
                        text.push_str(head);
                        text.push(' ');
                        pending = Some((at, text));
                    }
                    None => {
                        text.push_str(line);
                        let t = text.trim();
                        if !t.is_empty() && !t.starts_with('#') {
                            out.push(Piece::Shell(at, t.to_string()));
                        }
                    }
                }
            }
            Some(("python", _)) => {
                python.push_str(line);
                python.push('\n');
            }
            _ => {}
        }
    }
    out
}

/// Whether a shell line is one this test runs (see the module's text).
fn runs(line: &str) -> bool {
    !(line.starts_with("cargo ") || line.starts_with("scripts/"))
}

/// A folder laid out as a fresh clone (every top-level entry of the checkout but its build
/// output and git's folder, linked) with `../shared` beside it, and a HOME.
fn clone_like(tag: &str) -> (PathBuf, PathBuf) {
    let base = scratch(tag);
    let clone = base.join("clone");
    let home = base.join("home");
    std::fs::create_dir_all(&clone).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    for entry in std::fs::read_dir(ROOT).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        let link = clone.join(&name);
        if !link.exists() {
            std::os::unix::fs::symlink(entry.path(), link).unwrap();
        }
    }
    let shared = Path::new(ROOT).join("../shared").canonicalize().unwrap();
    let link = base.join("shared");
    if !link.exists() {
        std::os::unix::fs::symlink(shared, link).unwrap();
    }
    (clone, home)
}

/// The PATH with this build's binary first.
fn path() -> std::ffi::OsString {
    let bin = Path::new(BIN).parent().unwrap().to_path_buf();
    let rest = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(&rest))).unwrap()
}

/// Waits for `child` up to LIMIT; kills it past that. Its status, or None when killed.
fn wait(mut child: std::process::Child) -> Option<std::process::ExitStatus> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn command(program: &str, dir: &Path, home: &Path) -> Command {
    let mut c = Command::new(program);
    c.current_dir(dir)
        .env("PATH", path())
        .env("HOME", home)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    c
}

/// Runs a terminal command in tmux (a server of its own), waits for it to draw, quits it
/// with `q` (or Ctrl-C); whether the shell saw it end with status 0.
fn run_in_tmux(tag: &str, at: usize, line: &str, dir: &Path, home: &Path) -> Result<(), String> {
    let path = path();
    let path = path.to_str().expect("a PATH in UTF-8");
    // A new line, not `;`, after the command: its own line may end in a comment.
    let shell = format!(
        "cd '{}' && export PATH='{path}' HOME='{}' && {line}\necho EXITED $?; sleep 120",
        dir.display(),
        home.display()
    );
    let s = Session::shell(&format!("docs-{tag}-{at}"), 150, 60, &shell);
    // Drawn: the screen holds text for a while.
    let drawn = s.poll(LIMIT, |pane| {
        pane.trim().len() > 40 || pane.contains("EXITED")
    });
    if drawn.is_ok() {
        std::thread::sleep(Duration::from_secs(2));
    }
    // The exhibition's view quits on `q`; the consoles read it as text and leave on Ctrl-C.
    s.keys(&["q"]);
    let ended = |pane: &str| pane.contains("EXITED");
    let pane = match s.poll(Duration::from_secs(5), ended) {
        Ok(pane) => Ok(pane),
        Err(_) => {
            s.keys(&["C-c"]);
            s.poll(LIMIT, ended)
        }
    };
    match pane {
        Ok(pane) if pane.contains("EXITED 0") => Ok(()),
        Ok(pane) => Err(format!("ended otherwise: {}", pane.trim())),
        Err(_) => Err("did not end after q and Ctrl-C".into()),
    }
}

/// Runs every piece of `doc` (a path from the checkout's root); the failures, each naming
/// the document's line.
fn run_doc(doc: &str, tag: &str) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(Path::new(ROOT).join(doc)).unwrap();
    let (dir, home) = clone_like(tag);
    let mut failures = Vec::new();
    let mut ran = 0;
    for piece in pieces(&text) {
        let (at, what, result) = match &piece {
            Piece::Shell(_, line) if !runs(line) => continue,
            Piece::Shell(at, line) if line.contains("--tui") => {
                (*at, line.clone(), run_in_tmux(tag, *at, line, &dir, &home))
            }
            Piece::Shell(at, line) => {
                let child = command("bash", &dir, &home)
                    .args(["-c", line])
                    .spawn()
                    .unwrap();
                (*at, line.clone(), status_of(child))
            }
            Piece::Python(at, code) => {
                let mut c = command("python3", &dir, &home);
                let path = dir.join(format!("{tag}-{at}.py"));
                std::fs::write(&path, code).unwrap();
                let child = c.arg(&path).spawn().unwrap();
                (*at, "the python block".to_string(), status_of(child))
            }
        };
        ran += 1;
        if let Err(e) = result {
            failures.push(format!("{doc}:{at}: `{what}`: {e}"));
        }
    }
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
    (ran, failures)
}

fn status_of(mut child: std::process::Child) -> Result<(), String> {
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    let status = wait(child);
    let text = reader.join().unwrap();
    let tail: String = text.lines().rev().take(5).collect::<Vec<_>>().join(" | ");
    match status {
        Some(s) if s.success() => Ok(()),
        Some(s) => Err(format!("{s}: {tail}")),
        None => Err(format!("still running after {} s", LIMIT.as_secs())),
    }
}

#[test]
fn pieces_joins_continuations_and_skips_comments() {
    let md = "text\n```sh\n# note\nfirstmoves a \\\n    --b c   # why\n\nls\n```\n```\nnot run\n```\n```python\nprint(1)\n```\n";
    assert_eq!(
        pieces(md),
        [
            Piece::Shell(4, "firstmoves a      --b c   # why".into()),
            Piece::Shell(7, "ls".into()),
            Piece::Python(12, "print(1)\n".into()),
        ]
    );
    assert!(!runs("cargo test --workspace"));
    assert!(!runs("scripts/bench-7090.sh 5"));
}

#[test]
#[cfg_attr(
    not(all(has_shared, has_tmux, has_stockfish, has_i7094)),
    ignore = "needs ../shared, tmux, stockfish and SIMH's i7094 (apt-get install tmux stockfish simh)"
)]
fn every_readme_command_runs_as_written() {
    let (ran, failures) = run_doc("README.md", "readme");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 40, "only {ran} commands found in README.md");
}

#[test]
#[cfg_attr(
    not(all(has_shared, has_tmux, has_python_chess)),
    ignore = "needs ../shared, tmux and python-chess (pip install chess)"
)]
fn every_tour_command_runs_as_written() {
    let (ran, failures) = run_doc("docs/tour.md", "tour");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 10, "only {ran} commands found in docs/tour.md");
}
