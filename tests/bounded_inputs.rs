//! Every input goes through the one bounded reader (`emu::input`): a file over its kind's cap
//! is refused naming the file and the limit, whether it is a regular file (a sparse one here: no
//! disk is used), a device that never ends (`/dev/zero`) or a pipe (a process substitution of
//! `yes`); a stream costs the cap in memory and no more, and is refused at once.

mod common;

use std::path::{Path, PathBuf};

use common::{firstmoves, scratch, stderr_of};
use emu::input::Kind;

const PROGRAM: &str = "programs/chess/core.fap";

/// A sparse file of `kind`'s cap and one byte more, named `name` in `dir`.
fn over_cap(dir: &Path, name: &str, kind: Kind) -> PathBuf {
    let path = dir.join(name);
    std::fs::File::create(&path)
        .unwrap()
        .set_len(kind.cap() + 1)
        .unwrap();
    path
}

/// `firstmoves ARGS` (`@` in them standing for `file`) fails with status 1 naming `file` and the cap.
fn refused(args: &[&str], file: &Path, kind: Kind) {
    let f = file.to_str().unwrap();
    let args: Vec<String> = args.iter().map(|a| a.replace('@', f)).collect();
    let out = firstmoves().args(&args).output().unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    let said = format!(
        "over the {} MiB limit for {}",
        kind.cap() >> 20,
        kind.name()
    );
    assert!(err.contains(f) && err.contains(&said), "{args:?}: {err}");
}

#[test]
fn regular_files_over_the_cap_are_refused_before_they_are_read() {
    let dir = scratch("bounded");
    let source = over_cap(&dir, "huge.fap", Kind::Source);
    let tape = over_cap(&dir, "huge.bcd", Kind::Tape);
    let pt = over_cap(&dir, "huge.pt", Kind::Tape);
    let snap = over_cap(&dir, "huge.snap", Kind::Snapshot);
    let record = over_cap(&dir, "board-01.txt", Kind::Record);
    let report = over_cap(&dir, "shard.json", Kind::Report);
    let script = dir.join("restore.txt");
    std::fs::write(&script, format!("restore {}\n", snap.display())).unwrap();
    let p = PROGRAM;
    // LISP's job is read before its system tape: neither needs ../shared here.
    let (lisp, job) = (dir.join("system.bin"), dir.join("job.lsp"));
    std::fs::write(&job, "TEST\n").unwrap();
    let (lisp, job) = (lisp.to_str().unwrap(), job.to_str().unwrap());
    let cases: &[(&[&str], &Path, Kind)] = &[
        (&["asm", "@"], &source, Kind::Source),
        (&["run", "@"], &source, Kind::Source),
        (&["run", p, "--cards", "@"], &source, Kind::Source),
        (&["chess", "cards", "@"], &source, Kind::Source),
        (
            &["chess", "mate-campaign", "--tsv", "@"],
            &source,
            Kind::Source,
        ),
        (
            &[
                "chess",
                "match",
                "--white",
                "soma",
                "--black",
                "soma",
                "--openings",
                "@",
            ],
            &source,
            Kind::Source,
        ),
        (&["diag", "@"], &source, Kind::Source),
        (&["lisp", lisp, "@"], &source, Kind::Source),
        (&["ibsys", "@"], &source, Kind::Source),
        (&["tape", "write", "@", "/dev/null"], &source, Kind::Source),
        (&["console", "7090", "@"], &source, Kind::Source),
        (
            &["console", "silliac", "--script", "@"],
            &source,
            Kind::Source,
        ),
        (&["run", "@"], &tape, Kind::Tape),
        (&["run", p, "--tape", "A2=@"], &tape, Kind::Tape),
        (&["run", p, "--tape", "A2r=@"], &tape, Kind::Tape),
        (&["tape", "read", "@"], &tape, Kind::Tape),
        (&["lisp", "@", job], &tape, Kind::Tape),
        (&["run", "@"], &pt, Kind::Tape),
        (&["console", "silliac", "@"], &pt, Kind::Tape),
        (
            &["console", "silliac", "--restore", "@"],
            &snap,
            Kind::Snapshot,
        ),
        (
            &["console", "7090", "--restore", "@"],
            &snap,
            Kind::Snapshot,
        ),
        (&["dama", "replay", "@"], &record, Kind::Record),
        (&["merge", "@"], &report, Kind::Report),
    ];
    for (args, file, kind) in cases {
        refused(args, file, *kind);
    }
    // The monitor's own `restore` reads through it too.
    let s = script.to_str().unwrap();
    let out = firstmoves()
        .args(["console", "silliac", "--script", s])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("over the 128 MiB limit for a snapshot"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The peak memory of `firstmoves ARGS` under bash (for its process substitutions) in KiB, and
/// its standard error; a run over 30 s is killed and fails the test.
fn peak(args: &str) -> (u64, String) {
    let out = std::process::Command::new("timeout")
        .args(["30", "/usr/bin/time", "-f", "peak %M", "bash", "-c"])
        .arg(format!("exec {} {args}", common::BIN))
        .current_dir(common::ROOT)
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_ne!(out.status.code(), Some(124), "{args}: over 30 s");
    let kb = err
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("peak "))
        .and_then(|k| k.trim().parse().ok())
        .unwrap_or_else(|| panic!("{args}: no peak in {err}"));
    (kb, err)
}

#[test]
#[cfg_attr(
    not(has_gnu_time),
    ignore = "GNU time (/usr/bin/time) is not installed"
)]
fn streams_that_never_end_are_refused_at_the_cap_in_bounded_memory() {
    let p = PROGRAM;
    let pt = "<(yes 'o  O ')";
    let cases = [
        ("asm /dev/zero".to_string(), Kind::Source),
        ("asm <(yes '; a comment')".to_string(), Kind::Source),
        (format!("run {p} --cards /dev/zero"), Kind::Source),
        ("chess cards /dev/zero".to_string(), Kind::Source),
        (
            "console silliac --script <(yes help)".to_string(),
            Kind::Source,
        ),
        (format!("run {pt}"), Kind::Tape),
        (format!("run {p} --tape A2=/dev/zero"), Kind::Tape),
        (
            "console silliac --restore /dev/zero".to_string(),
            Kind::Snapshot,
        ),
        ("dama replay <(yes 'A 01-10')".to_string(), Kind::Record),
        ("merge /dev/zero".to_string(), Kind::Report),
    ];
    for (args, kind) in cases {
        let (kb, err) = peak(&args);
        let said = format!(
            "over the {} MiB limit for {}",
            kind.cap() >> 20,
            kind.name()
        );
        assert!(err.contains(&said), "{args}: {err}");
        // The cap and the program's own few tens of MB; nothing grows past it.
        let bound = (kind.cap() >> 10) + (48 << 10);
        assert!(kb < bound, "{args}: peak {kb} KiB, over {bound}");
    }
}

#[test]
#[cfg_attr(
    not(has_gnu_time),
    ignore = "GNU time (/usr/bin/time) is not installed"
)]
fn a_line_that_never_ends_on_standard_input_costs_one_line_cap() {
    // 50 MB without a newline, then a command that must still be answered.
    let flood = "<(head -c 50000000 /dev/zero | tr '\\0' x; printf '\\nisready\\nquit\\n')";
    let out = std::process::Command::new("timeout")
        .args(["30", "/usr/bin/time", "-f", "peak %M", "bash", "-c"])
        .arg(format!("exec {} chess uci < {flood}", common::BIN))
        .current_dir(common::ROOT)
        .output()
        .unwrap();
    let (said, err) = (common::stdout_of(&out), stderr_of(&out));
    assert!(out.status.success(), "{err}");
    assert!(
        said.contains("a line of 50000001 bytes ignored: over the 64 KiB a line may have"),
        "{said}"
    );
    assert!(said.contains("readyok"), "{said}");
    let kb: u64 = err
        .lines()
        .find_map(|l| l.strip_prefix("peak "))
        .and_then(|k| k.trim().parse().ok())
        .unwrap_or_else(|| panic!("no peak in {err}"));
    assert!(kb < 48 << 10, "peak {kb} KiB");
}
