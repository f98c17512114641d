//! The assembler's cases as source files with their expectations inline: every
//! `assembler/tests/ok_*.sil|fap|9ap` and `err_*.sil|fap|9ap` is assembled, and adding a case
//! is adding a file. Expectations are comments at the end of a line, from a `;` and the marker to the end
//! of the line; they are cut off before assembling (so they mean nothing to either dialect's own
//! comment rules), and what stands before them, blanks included, is the line as assembled:
//!
//! - `; = ADDRESS: WORD, ...` (ok files): the words this line placed. Addresses and words as
//!   the dialect's listing prints them: SILLIAC decimal addresses and sexadecimal words
//!   (`10: L5001 26002`; spaces in a word are ignored), FAP and 9AP octal locations and twelve
//!   octal digits (`00100: 050000000101`). A 9AP case's first two lines are its heading cards.
//!   `A-B: WORD` is every address from A to B. Together the comments of a file are every word
//!   of the program: a word placed but not expected fails.
//!   Where the dialect tells which line placed a word (`line_at`), it must be the comment's.
//! - `; listing: TEXT` (ok files): some line of the listing reads TEXT (runs of blanks count as
//!   one).
//! - `; error: COLUMN: MESSAGE` (err files; may repeat on a line): the assembly fails with
//!   exactly these errors, each `FILE:LINE:COLUMN: error: MESSAGE` at this line.
//! - `; warning: COLUMN: MESSAGE` (ok files; may repeat on a line): the assembly warns of
//!   exactly these, each `FILE:LINE:COLUMN: warning: MESSAGE` at this line.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assembler::ap9::layout::Ap9;
use assembler::core::dialect::Dialect;
use assembler::fap::layout::Fap;
use assembler::sil::layout::Sil;
use assembler::{ap9, fap, sil};
use emu::silliac::orders::sex_digit;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lang {
    Sil,
    Fap,
    Ap9,
}

#[derive(Debug, Default)]
struct Expected {
    /// address -> (word, line).
    words: BTreeMap<u16, (u64, u32)>,
    listing: Vec<String>,
    /// (line, column, message).
    errors: Vec<(u32, u32, String)>,
    warnings: Vec<(u32, u32, String)>,
}

const MARKERS: [&str; 4] = ["=", "listing:", "error:", "warning:"];

/// The byte offset of the first expectation comment on a line: `;`, blanks, a marker.
fn expectation_start(line: &str) -> Option<usize> {
    line.match_indices(';').map(|(i, _)| i).find(|&i| {
        let rest = line[i + 1..].trim_start();
        MARKERS.iter().any(|m| rest.starts_with(m))
    })
}

/// The source as the assembler sees it, and what the comments expect.
fn read_case(text: &str, dialect: Lang, file: &str) -> (String, Expected) {
    let mut source = String::new();
    let mut e = Expected::default();
    for (i, line) in text.lines().enumerate() {
        let number = i as u32 + 1;
        let Some(at) = expectation_start(line) else {
            source.push_str(line);
            source.push('\n');
            continue;
        };
        // Blanks before the comment stay: at the end of a line they can matter (a column).
        source.push_str(&line[..at]);
        source.push('\n');
        let comment = &line[at + 1..];
        let bad = |what: &str| -> ! { panic!("{file}:{number}: {what}: {comment}") };
        // One comment may hold several expectations, each from its `; marker`.
        let mut starts: Vec<usize> = line[at..]
            .match_indices(';')
            .map(|(i, _)| at + i)
            .filter(|&i| expectation_start(&line[i..]) == Some(0))
            .collect();
        starts.push(line.len());
        for pair in starts.windows(2) {
            let body = line[pair[0] + 1..pair[1]].trim_start();
            if let Some(words) = body.strip_prefix('=') {
                for item in words.split(',') {
                    let Some((address, word)) = item.split_once(':') else {
                        bad("expected ADDRESS: WORD");
                    };
                    let word = parse_word(word, dialect).unwrap_or_else(|| bad("bad word"));
                    let address = address.trim();
                    let (first, last) = address.split_once('-').unwrap_or((address, address));
                    let first = parse_address(first, dialect).unwrap_or_else(|| bad("bad address"));
                    let last = parse_address(last, dialect).unwrap_or_else(|| bad("bad address"));
                    for a in first..=last {
                        if e.words.insert(a, (word, number)).is_some() {
                            bad("address expected twice");
                        }
                    }
                }
            } else if let Some(text) = body.strip_prefix("listing:") {
                e.listing.push(normalise(text));
            } else {
                let (kind, item) = match body.strip_prefix("warning:") {
                    Some(item) => ("warning", item),
                    None => ("error", body.strip_prefix("error:").unwrap_or(body)),
                };
                let Some((column, message)) = item.split_once(':') else {
                    bad("expected error|warning: COLUMN: MESSAGE");
                };
                let column = column.trim().parse().unwrap_or_else(|_| bad("bad column"));
                let list = if kind == "warning" {
                    &mut e.warnings
                } else {
                    &mut e.errors
                };
                list.push((number, column, message.trim().to_string()));
            }
        }
    }
    (source, e)
}

fn parse_address(text: &str, dialect: Lang) -> Option<u16> {
    let radix = match dialect {
        Lang::Sil => 10,
        Lang::Fap | Lang::Ap9 => 8,
    };
    u16::from_str_radix(text.trim(), radix).ok()
}

fn parse_word(text: &str, dialect: Lang) -> Option<u64> {
    let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    match dialect {
        Lang::Sil if digits.chars().count() == 10 => digits
            .chars()
            .try_fold(0u64, |w, c| Some(w << 4 | u64::from(sex_digit(c)?))),
        Lang::Fap | Lang::Ap9 if digits.len() == 12 => u64::from_str_radix(&digits, 8).ok(),
        _ => None,
    }
}

fn normalise(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What an assembly gave, whichever the dialect.
struct Outcome {
    words: BTreeMap<u16, u64>,
    listing: String,
    line_at: Box<dyn Fn(u16) -> Option<u32>>,
    warnings: Vec<String>,
}

fn assemble(source: &str, file: &str, dialect: Lang) -> Result<Outcome, String> {
    match dialect {
        Lang::Sil => sil::assemble(source, file)
            .map(|p| Outcome {
                words: p.words.clone(),
                listing: p.listing(),
                warnings: Vec::new(),
                line_at: Box::new(move |a| p.line_at(a, sil::Half::Left)),
            })
            .map_err(|d| d.to_string()),
        Lang::Fap => fap::assemble(source, file)
            .map(|p| Outcome {
                words: p.words.clone(),
                listing: p.listing(),
                warnings: p.warnings.iter().map(ToString::to_string).collect(),
                line_at: Box::new(move |a| p.line_at(a)),
            })
            .map_err(|d| d.to_string()),
        Lang::Ap9 => ap9::assemble(source, file)
            .map(|p| Outcome {
                words: p.words.clone(),
                listing: p.listing(),
                warnings: p.warnings.iter().map(ToString::to_string).collect(),
                line_at: Box::new(move |a| p.line_at(a)),
            })
            .map_err(|d| d.to_string()),
    }
}

/// Run one case; the failures, if any.
fn check(path: &Path) -> Vec<String> {
    let file = path.file_name().unwrap().to_string_lossy().to_string();
    let dialect = match path.extension().and_then(|e| e.to_str()) {
        Some("sil") => Lang::Sil,
        Some("fap") => Lang::Fap,
        Some("9ap") => Lang::Ap9,
        _ => unreachable!("only .sil, .fap and .9ap are cases"),
    };
    let text = std::fs::read_to_string(path).unwrap();
    let (source, e) = read_case(&text, dialect, &file);
    let mut fails = Vec::new();
    let outcome = assemble(&source, &file, dialect);
    if file.starts_with("err_") {
        assert!(
            !e.errors.is_empty()
                && e.words.is_empty()
                && e.listing.is_empty()
                && e.warnings.is_empty(),
            "{file}: an err_ case expects errors and nothing else"
        );
        let expected: Vec<String> = e
            .errors
            .iter()
            .map(|(line, column, m)| format!("{file}:{line}:{column}: error: {m}"))
            .collect();
        match outcome {
            Ok(_) => fails.push(format!("{file}: assembled without error")),
            Err(got) if got != expected.join("\n") => fails.push(format!(
                "{file}: errors differ\nexpected:\n{}\ngot:\n{got}",
                expected.join("\n")
            )),
            Err(_) => {}
        }
        return fails;
    }
    assert!(
        file.starts_with("ok_") && e.errors.is_empty(),
        "{file}: a case is ok_* (no error expected) or err_*"
    );
    assert!(
        !e.words.is_empty() || !e.listing.is_empty(),
        "{file}: an ok_ case expects words or listing lines"
    );
    let p = match outcome {
        Ok(p) => p,
        Err(d) => return vec![format!("{file}: errors\n{d}")],
    };
    let expected: Vec<String> = e
        .warnings
        .iter()
        .map(|(line, column, m)| format!("{file}:{line}:{column}: warning: {m}"))
        .collect();
    if p.warnings != expected {
        fails.push(format!(
            "{file}: warnings differ\nexpected:\n{}\ngot:\n{}",
            expected.join("\n"),
            p.warnings.join("\n")
        ));
    }
    let show = |a: u16| match dialect {
        Lang::Sil => a.to_string(),
        Lang::Fap | Lang::Ap9 => format!("{a:05o}"),
    };
    let word = |w: u64| match dialect {
        Lang::Sil => Sil.word_text(w),
        Lang::Fap => Fap.word_text(w),
        Lang::Ap9 => Ap9.word_text(w),
    };
    for (&a, &(w, line)) in &e.words {
        match p.words.get(&a) {
            None => fails.push(format!("{file}:{line}: no word at {}", show(a))),
            Some(&got) if got != w => fails.push(format!(
                "{file}:{line}: word at {} is {}, expected {}",
                show(a),
                word(got),
                word(w)
            )),
            Some(_) => {}
        }
        if let Some(placed) = (p.line_at)(a) {
            if placed != line {
                fails.push(format!(
                    "{file}:{line}: the word at {} was placed by line {placed}",
                    show(a)
                ));
            }
        }
    }
    for (&a, &w) in p.words.iter().filter(|(a, _)| !e.words.contains_key(a)) {
        fails.push(format!(
            "{file}: word {} at {} (line {:?}) is not expected",
            word(w),
            show(a),
            (p.line_at)(a)
        ));
    }
    let lines: Vec<String> = p.listing.lines().map(normalise).collect();
    for l in &e.listing {
        if !lines.contains(l) {
            fails.push(format!(
                "{file}: no listing line reads '{l}'\n{}",
                p.listing
            ));
        }
    }
    fails
}

fn cases() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("sil" | "fap" | "9ap")
            )
        })
        .collect();
    cases.sort();
    cases
}

#[test]
fn every_case_file_holds() {
    let cases = cases();
    let fails: Vec<String> = cases.iter().flat_map(|p| check(p)).collect();
    assert!(
        fails.is_empty(),
        "{} of {} cases failed:\n\n{}",
        fails.len(),
        cases.len(),
        fails.join("\n\n")
    );
    // Every dialect, both kinds: a folder that lost its files must not pass quietly.
    for (prefix, ext) in [
        ("ok_", "sil"),
        ("err_", "sil"),
        ("ok_", "fap"),
        ("err_", "fap"),
        ("ok_", "9ap"),
        ("err_", "9ap"),
    ] {
        assert!(
            cases.iter().any(|p| {
                let name = p.file_name().unwrap().to_string_lossy();
                name.starts_with(prefix) && name.ends_with(ext)
            }),
            "no {prefix}*.{ext} case"
        );
    }
}

#[test]
fn expectation_comments_are_read_and_stripped() {
    let (source, e) = read_case(
        "L5 1 | 26 2 ; = 10: L5001 26002\n  .bss 2 ; = 11-12: 0000000000\n\
         ; listing: start  10   left\n92 ';' ; error: 4: x ; error: 9: y; z\n",
        Lang::Sil,
        "t.sil",
    );
    assert_eq!(source, "L5 1 | 26 2 \n  .bss 2 \n\n92 ';' \n");
    assert_eq!(e.words[&10], (0xF500126002, 1));
    assert_eq!(e.words[&12], (0, 2));
    assert_eq!(e.listing, ["start 10 left"]);
    assert_eq!(
        e.errors,
        [(4, 4, "x".to_string()), (4, 9, "y; z".to_string())]
    );
    let (_, e) = read_case("  CLA 5 ; = 00100: 050000000005\n", Lang::Fap, "t.fap");
    assert_eq!(e.words[&0o100], (0o050000000005, 1));
}
