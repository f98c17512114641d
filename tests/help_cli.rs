//! The command line as a user meets it: every subcommand's `--help` describes the program as
//! it is (no internal references: issue numbers, source paths), the version names a commit,
//! and the completions and the manual page come from the same definition.

mod common;

use common::firstmoves;

fn stdout(args: &[&str]) -> String {
    let out = firstmoves().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "firstmoves {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The subcommands a help text lists under "Commands:" (not `help` itself).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_help_text_speaks_to_users() {
    let mut queue = vec![Vec::<String>::new()];
    let mut seen = 0;
    while let Some(path) = queue.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = stdout(&args);
        seen += 1;
        let lower = help.to_lowercase();
        for internal in ["issue", "src/", ".rs ", ".rs)", "todo", "/work/", "briefs"] {
            assert!(
                !lower.contains(internal),
                "firstmoves {}: help mentions {internal:?}:\n{help}",
                path.join(" ")
            );
        }
        assert!(help.contains("Usage: firstmoves"), "{help}");
        for sub in subcommands(&help) {
            let mut next = path.clone();
            next.push(sub);
            queue.push(next);
        }
    }
    assert!(seen > 20, "only {seen} help texts walked");
}

#[test]
fn the_top_help_gives_examples_and_exit_codes() {
    let help = stdout(&["--help"]);
    assert!(help.contains("Examples:"), "{help}");
    assert!(help.contains("Exit status: 0"), "{help}");
}

#[test]
fn version_names_the_commit() {
    let v = stdout(&["--version"]);
    let (name, rest) = v.trim().split_once(' ').unwrap();
    assert_eq!(name, "firstmoves");
    assert!(rest.starts_with(env!("CARGO_PKG_VERSION")), "{v}");
    assert!(rest.contains(" (") && rest.ends_with(')'), "{v}");
}

#[test]
fn completions_and_manual_page() {
    for shell in ["bash", "zsh", "fish"] {
        let text = stdout(&["completions", shell]);
        for word in ["dama", "chess", "console", "exhibition"] {
            assert!(text.contains(word), "{shell} completions lack {word}");
        }
    }
    let man = stdout(&["man"]);
    assert!(
        man.starts_with(".ie") || man.contains(".TH firstmoves 1"),
        "{}",
        &man[..200]
    );
    assert!(
        man.contains(".TH firstmoves-chess"),
        "a page for each subcommand"
    );
    let out = firstmoves().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "an unknown shell is a usage error"
    );
}

#[test]
fn exit_status_follows_one_rule() {
    let dir = common::scratch("exit");
    let spin = dir.join("spin.fap");
    std::fs::write(
        &spin,
        "       ORG     64\nSTART  ADD     ONE\n       TRA     START\nONE    DEC     1\n       END     START\n",
    )
    .unwrap();
    let spin = spin.to_str().unwrap();
    let tight = dir.join("tight.fap");
    std::fs::write(
        &tight,
        "       ORG     64\nSTART  TRA     START\n       END     START\n",
    )
    .unwrap();
    let tight = tight.to_str().unwrap();
    let missing = dir.join("missing.fap");
    let missing = missing.to_str().unwrap();
    for (args, code) in [
        (&["dama", "moves"][..], 0),
        (&["asm", missing][..], 1),
        (&["dama", "moves", "--bogus"][..], 2),
        (&["run", spin, "--limit-orders", "1000"][..], 3),
        (&["run", tight][..], 4),
    ] {
        let out = firstmoves().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
