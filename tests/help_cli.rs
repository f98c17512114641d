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

/// The flags and arguments of a help text that have no description of their own (a line of
/// possible values or a default is not one).
fn undescribed(help: &str) -> Vec<String> {
    let lines: Vec<&str> = help.lines().collect();
    let mut out = Vec::new();
    let mut listed = false;
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("Options:") || line.starts_with("Arguments:") {
            listed = true;
            continue;
        }
        if !line.starts_with(' ') {
            listed = false;
            continue;
        }
        let item = line.starts_with("  -")
            || line.starts_with("      -")
            || (line.starts_with("  ") && !line.starts_with("   "));
        if !listed || !item {
            continue;
        }
        let trimmed = line.trim();
        // Short help: the description follows on the same line after two spaces or more.
        let mut desc = trimmed
            .split_once("  ")
            .map_or("", |(_, d)| d.trim())
            .to_string();
        if desc.is_empty() {
            let next = lines.get(i + 1).copied().unwrap_or("");
            if next.starts_with("          ") && !next.trim().is_empty() {
                desc = next.trim().to_string();
            }
        }
        if desc.is_empty() || desc.starts_with("Possible values") || desc.starts_with('[') {
            out.push(trimmed.split("  ").next().unwrap_or(trimmed).to_string());
        }
    }
    out
}

#[test]
fn undescribed_finds_a_flag_without_words() {
    let help = "Usage: x\n\nOptions:\n      --seed <SEED>   [default: 1]\n  -q, --quiet  Quiet\n      \
                --engine <E>\n          Possible values:\n          - a: b\n      --json\n          \
                One JSON object\n";
    assert_eq!(undescribed(help), ["--seed <SEED>", "--engine <E>"]);
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
        // Words only the project's sources explain.
        for jargon in ["the contract", "{alpha}"] {
            assert!(
                !help.contains(jargon),
                "firstmoves {}: help uses {jargon:?}:\n{help}",
                path.join(" ")
            );
        }
        let bare = undescribed(&help);
        assert!(
            bare.is_empty(),
            "firstmoves {}: {bare:?} without a description:\n{help}",
            path.join(" ")
        );
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
    // A page for every subcommand at every depth, and every page a page names is one of them.
    let titles: std::collections::BTreeSet<String> = man
        .lines()
        .filter_map(|l| l.strip_prefix(".TH "))
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect();
    for title in [
        "firstmoves",
        "firstmoves-chess",
        "firstmoves-dama-exhibition",
    ] {
        assert!(titles.contains(title), "no page {title}: {titles:?}");
    }
    let mut named = 0;
    for word in man.split(|c: char| c.is_whitespace()) {
        let word = word.replace("\\-", "-");
        if let Some(page) = word
            .strip_prefix("firstmoves-")
            .and_then(|w| w.strip_suffix("(1)"))
        {
            let page = format!("firstmoves-{page}");
            assert!(
                titles.contains(&page),
                "the manual names {page}(1), which it lacks"
            );
            named += 1;
        }
    }
    assert!(named > 30, "only {named} pages named");
    let one = stdout(&["man", "dama", "exhibition"]);
    assert!(one.contains(".TH firstmoves-dama-exhibition 1"), "{one}");
    assert_eq!(one.matches(".TH ").count(), 1, "one page");
    let out = firstmoves().args(["man", "dama", "nope"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "an unknown page is an error");
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

/// The commands a help text gives as examples: the top help's "Examples:" lines and any
/// line that starts with `firstmoves ` and is not the usage line.
fn examples(help: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for line in help.lines() {
        let t = line.trim();
        let Some(rest) = t.strip_prefix("firstmoves ") else {
            continue;
        };
        if rest.contains("[OPTIONS]") || rest.contains('<') || rest.contains('|') {
            continue;
        }
        // An example's own words end at two spaces (its description follows).
        let command = rest.split("  ").next().unwrap_or(rest);
        out.push(command.split_whitespace().map(str::to_string).collect());
    }
    out
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "the examples read ../shared's tapes; CI has them"
)]
fn every_help_example_runs_as_written() {
    let mut queue = vec![Vec::<String>::new()];
    let mut ran = 0;
    while let Some(path) = queue.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = stdout(&args);
        for example in examples(&help) {
            let out = firstmoves()
                .args(&example)
                .stdin(std::process::Stdio::null())
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "the example `firstmoves {}` (in `{} --help`) ended with {}: {}",
                example.join(" "),
                path.join(" "),
                out.status,
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
        for sub in subcommands(&help) {
            let mut next = path.clone();
            next.push(sub);
            queue.push(next);
        }
    }
    assert!(ran >= 5, "only {ran} examples found");
}
