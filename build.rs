//! Which of the tests' peers this machine has (SIMH's `i7094`, `tmux`, Stockfish, python-chess,
//! GNU time) and whether the period material `../shared` is beside the checkout. A test that
//! needs one is compiled with `#[cfg_attr(not(has_X), ignore = "...")]`: where the peer is
//! missing it is reported as ignored, with the reason, and never counts as passed. Under CI
//! (`CI` set to anything but `false` or `0`) every peer is taken as present, so a missing one
//! fails its test instead. The root package and `emu` and `assembler` share this script.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    // This file, from the root package or from a crate whose manifest names `../build.rs`.
    if let Some(script) = ["build.rs", "../build.rs"]
        .iter()
        .map(|p| manifest.join(p))
        .find(|p| p.is_file())
    {
        println!("cargo::rerun-if-changed={}", script.display());
    }
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=PATH");
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    let shared = shared(&manifest);
    if let Some(dir) = &shared {
        println!("cargo::rerun-if-changed={}", dir.display());
    }
    let peers = [
        ("has_i7094", on_path("i7094")),
        ("has_tmux", on_path("tmux")),
        (
            "has_stockfish",
            Path::new("/usr/games/stockfish").is_file() || on_path("stockfish"),
        ),
        ("has_python_chess", python_chess()),
        ("has_shared", shared.is_some()),
        ("has_parallel", on_path("parallel")),
        ("has_gnu_time", Path::new("/usr/bin/time").is_file()),
    ];
    for (cfg, present) in peers {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if ci || present {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
    // `firstmoves --version` names the commit; only the binary's package asks git, so that a
    // commit does not rebuild the library crates.
    if std::env::var("CARGO_PKG_NAME").as_deref() == Ok("firstmoves") {
        commit(&manifest);
    }
}

/// FIRSTMOVES_COMMIT: the short commit hash, "+" when the tree had changes, "unknown" outside
/// a git checkout.
fn commit(manifest: &Path) {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(manifest)
            .stderr(Stdio::null())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let hash = git(&["rev-parse", "--short=12", "HEAD"]);
    let dirty =
        git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
    for path in ["HEAD", "logs/HEAD", "index"] {
        if let Some(p) = git(&["rev-parse", "--git-path", path]) {
            println!("cargo::rerun-if-changed={}", manifest.join(p).display());
        }
    }
    let value = match hash {
        Some(h) if dirty => format!("{h}+"),
        Some(h) => h,
        None => "unknown".into(),
    };
    println!("cargo::rustc-env=FIRSTMOVES_COMMIT={value}");
}

/// `../shared` beside the workspace (the manifest is the workspace root or one of its crates,
/// whose folder holds `../build.rs`): exactly where the tests look, so that a checkout with no
/// `shared` beside it (a worktree one folder further down) ignores their tests, never fails them.
fn shared(manifest: &Path) -> Option<PathBuf> {
    let root = if manifest.join("build.rs").is_file() {
        manifest
    } else {
        manifest.parent()?
    };
    Some(root.join("../shared")).filter(|d| d.join("README.md").is_file())
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(program).is_file()))
}

fn python_chess() -> bool {
    Command::new("python3")
        .args(["-c", "import chess.engine"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}
