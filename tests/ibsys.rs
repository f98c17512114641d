//! IBSYS on the emulated 7094 (`firstmoves ibsys`, docs/ibsys.md): the six jobs of
//! `../shared/period/ibsys/jobs` run from IBM's library tapes to END OF JOBS. On the input
//! deck s709's procedure made (its `txt2bcd` of `$LIST`, `$DATE`, the job, `eof.dat` and
//! `ibsys.ctl`) SYSOU1 is s709's listing (`s709/*.lst`) line for line and the on-line printer
//! prints its lines; on the deck the command lays out itself (`$IBSYS` kept after the tape
//! mark) the listings differ from those only where IBSYS echoes and counts that card; SIMH's
//! `i7094` (`../shared/period/simh/ibsys.ini`) run on the same input tape writes the same
//! SYSOU1 reel and prints the same lines. Ignored where the build found no `../shared` or no
//! `i7094` (build.rs).

use std::path::{Path, PathBuf};
use std::process::Output;

mod common;

use common::ibsys::ibsys_dir;
use common::{firstmoves, i7094_console, simh_reel, succeeding};

fn scratch(name: &str) -> PathBuf {
    common::scratch(&format!("ibsys-{name}"))
}

/// The six jobs, and what the command's own layout gives on standard error (the stop, the
/// instructions and cycles: emulated time is exact).
const JOBS: [(&str, u64, u64); 6] = [
    ("hello", 12_732_613, 24_836_936),
    ("helloII", 15_435_337, 29_680_026),
    ("primes", 9_349_273, 18_260_286),
    ("primesII", 17_454_286, 32_413_143),
    ("testfap", 12_668_456, 20_653_350),
    ("testmap", 8_503_834, 16_748_204),
];

/// `firstmoves ibsys` on a job file, with `extra` flags.
fn ibsys(job: &Path, extra: &[&str]) -> Output {
    succeeding(
        firstmoves()
            .arg("ibsys")
            .arg("--system")
            .arg(ibsys_dir())
            .arg(job)
            .args(extra),
    )
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The input deck as s709's procedure made it: `$LIST`, `$DATE` and the job, then `eof.dat`
/// (a form feed without a newline) and `ibsys.ctl` (`$IBSYS`, `$STOP`) run together, so that
/// the form feed's line is `$IBSYS`, which txt2bcd skips after the tape mark.
fn s709_deck(job: &str) -> String {
    let dir = ibsys_dir();
    format!(
        "$LIST\n$DATE          010164\n{}{}{}",
        read(&dir.join(format!("jobs/{job}.job"))),
        read(&dir.join("eof.dat")),
        read(&dir.join("ibsys.ctl"))
    )
}

/// The printer's lines as s709's print file shows them: column 1 read as carriage control
/// (a blank dropped), the spacing's empty lines and form feeds left out on both sides.
fn print_lines(text: &str, ours: bool) -> Vec<String> {
    text.split('\n')
        .map(|l| l.replace('\u{c}', ""))
        .filter(|l| !l.trim().is_empty())
        .map(|l| match l.strip_prefix(' ') {
            Some(rest) if ours => rest.to_string(),
            _ => l,
        })
        .collect()
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/period/ibsys beside the checkout; CI has it"
)]
fn every_job_lists_what_s709_listed() {
    let dir = scratch("s709");
    for (job, _, _) in JOBS {
        let deck = dir.join(format!("{job}.deck"));
        std::fs::write(&deck, s709_deck(job)).unwrap();
        let printer = dir.join(format!("{job}.print"));
        let out = ibsys(&deck, &["--as-is", "--printer", printer.to_str().unwrap()]);
        let ours = String::from_utf8(out.stdout).unwrap();
        let theirs = read(&ibsys_dir().join(format!("s709/{job}.lst")));
        let (a, b): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
        for (k, (x, y)) in a.iter().zip(&b).enumerate() {
            assert_eq!(x, y, "{job}: SYSOU1 line {}", k + 1);
        }
        assert_eq!(a.len(), b.len(), "{job}: SYSOU1's lines");
        assert_eq!(ours, theirs, "{job}: SYSOU1 byte for byte");
        let theirs = read(&ibsys_dir().join(format!("s709/{job}.print.txt")));
        assert_eq!(
            print_lines(&read(&printer), true),
            print_lines(&theirs, false),
            "{job}: the printer"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A listing less what the `$IBSYS` card changes: its echo (or the echo of the card that ended
/// a processor's input, `$IBSYS` here and `$STOP` on s709's deck) and the positions of SYSIN1
/// and SYSOU1 at the end.
fn without_the_ibsys_card(listing: &str) -> Vec<&str> {
    listing
        .lines()
        .filter(|l| {
            let t = l.trim();
            t != "$IBSYS"
                && t != "$STOP"
                && !t.starts_with("SYSIN1  IS")
                && !t.starts_with("SYSOU1  IS")
        })
        .collect()
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/period/ibsys beside the checkout; CI has it"
)]
fn the_ibsys_card_is_the_only_difference_from_s709() {
    for (job, instructions, cycles) in JOBS {
        let out = ibsys(&ibsys_dir().join(format!("jobs/{job}.job")), &[]);
        let ours = String::from_utf8(out.stdout).unwrap();
        let theirs = read(&ibsys_dir().join(format!("s709/{job}.lst")));
        assert_eq!(
            without_the_ibsys_card(&ours),
            without_the_ibsys_card(&theirs),
            "{job}"
        );
        assert!(
            !theirs.contains("$IBSYS"),
            "{job}: s709's deck lost the card"
        );
        assert!(
            ours.contains("SYSIN1  IS   A3    REC. 00002, FILE 00001"),
            "{job}: $IBSYS and $STOP read after the tape mark"
        );
        let err = String::from_utf8(out.stderr).unwrap();
        let stop = format!(
            "stop: HTR at 07464 (restart at 05365); {instructions} instructions, {cycles} cycles:"
        );
        assert!(err.starts_with(&stop), "{job}: {err}");
    }
}

#[test]
#[cfg_attr(
    any(not(has_shared), not(has_i7094)),
    ignore = "needs ../shared/period and SIMH's i7094 (apt-get install simh); CI has both"
)]
fn simh_runs_the_same_input_tapes_to_the_same_listings() {
    for (job, _, _) in JOBS {
        let ours = scratch(&format!("ours-{job}"));
        let printer = ours.join("print.txt");
        ibsys(
            &ibsys_dir().join(format!("jobs/{job}.job")),
            &[
                "--tapes",
                ours.to_str().unwrap(),
                "--printer",
                printer.to_str().unwrap(),
            ],
        );
        // SIMH on the input tape written here, with s709's units (ibsys.ini).
        let simh = scratch(&format!("simh-{job}"));
        std::fs::copy(ours.join("sysin.bcd"), simh.join("sysin.bcd")).unwrap();
        for lib in ["ASYS1.BIN", "ASYS8.BIN"] {
            std::fs::copy(ibsys_dir().join(lib), simh.join(lib)).unwrap();
        }
        std::fs::write(simh.join("reader.txt"), "").unwrap();
        let console = i7094_console(&ibsys_dir().join("../simh/ibsys.ini"), &simh);
        assert!(
            console.contains("HALT instruction, PC: 07465"),
            "{job}: {console}"
        );
        assert_eq!(
            read(&printer),
            read(&simh.join("print.txt")),
            "{job}: printer"
        );
        let here = std::fs::read(ours.join("sysou1.bcd")).unwrap();
        assert!(
            here == simh_reel(&simh.join("sysou1.bcd")),
            "{job}: SYSOU1 differs from SIMH's"
        );
        std::fs::remove_dir_all(&ours).ok();
        std::fs::remove_dir_all(&simh).ok();
    }
}
