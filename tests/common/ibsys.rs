//! IBM's FAP run under IBSYS in SIMH's `i7094`, and its listing read back: the runner that
//! `fap_ibm` (the dialect's period rules) and `fap_judge` (every chess program) share.
//!
//! The job is a `$EXECUTE IBSFAP` deck as `../shared/period/ibsys/jobs/testfap.job`, on the
//! input tape SYSIN1 as `../shared/period/README.md` lays it out (`$LIST`, `$DATE`, the job, a
//! tape mark, `$IBSYS`, `$STOP`); the units are `../shared/period/simh/ibsys.ini`'s. The tapes
//! are P7B in SIMH's 7-track tape code (emu's `tape` module writes and reads it); the listing
//! comes back on SYSOU1 (A4).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use emu::ibm7090::bcd;
use emu::ibm7090::tape::{
    from_tape_bcd, to_tape_bcd, with_parity, Block, Tape, CARD_IMAGE_CHARS, PARITY,
};

/// IBSYS's library tapes and jobs.
pub fn ibsys_dir() -> PathBuf {
    Path::new(super::ROOT).join("../shared/period/ibsys")
}

/// How long one IBSYS job may take on the host before the test gives up on SIMH (a FAP run
/// of a chess program takes seconds).
const PATIENCE: Duration = Duration::from_secs(600);

/// A card image as a BCD tape record: 84 characters (s709's txt2bcd) in the tape code with
/// even parity. A character outside the 7090's set (only comments carry any) goes as a blank,
/// as a keypunch without it would leave the column.
fn card_record(text: &str) -> Block {
    let chars = format!("{text:<CARD_IMAGE_CHARS$}")
        .chars()
        .take(CARD_IMAGE_CHARS)
        .map(|c| with_parity(to_tape_bcd(bcd::encode(c).unwrap_or(bcd::BLANK)), false))
        .collect();
    Block::Record(chars)
}

/// SYSIN1 for one FAP job: `cards` assembled as job `id`.
pub fn fap_job_tape(id: &str, cards: &[String]) -> Vec<u8> {
    let head = [
        "$LIST".to_string(),
        "$DATE          010164".to_string(),
        format!("$JOB           FAP {id}"),
        "$EXECUTE       IBSFAP".to_string(),
        format!("$ID    {id}"),
        "*      FAP".to_string(),
    ];
    let mut blocks: Vec<Block> = head.iter().chain(cards).map(|c| card_record(c)).collect();
    blocks.push(Block::Mark);
    blocks.extend(["$IBSYS", "$STOP"].map(card_record));
    blocks.extend([Block::Mark, Block::Mark]);
    Tape::of(blocks).to_p7b()
}

/// The record mark (072 in memory, 032 on tape) ends a print line inside a record.
const RECORD_MARK: u8 = 0o72;

/// The text of a BCD tape's records, one line a record and a line more at each record mark
/// (a tape mark is an empty line).
pub fn listing_text(p7b: &[u8]) -> String {
    let tape = Tape::from_p7b(p7b).expect("SYSOU1 is a P7B image");
    let mut out = String::new();
    for b in &tape.blocks {
        if let Block::Record(chars) = b {
            for &c in chars {
                let code = from_tape_bcd(c & !PARITY);
                if code == RECORD_MARK {
                    out.push('\n');
                } else {
                    // The listing's characters are all in the set; anything else shows as `?`.
                    out.push(bcd::decode(code));
                }
            }
        }
        out.push('\n');
    }
    out
}

/// Run IBM's FAP on `cards` (job `id`) in a scratch folder named by `tag`; SYSOU1 as text.
pub fn ibm_fap_listing(tag: &str, id: &str, cards: &[String]) -> String {
    let dir = super::scratch(tag);
    std::fs::write(dir.join("sysin.bcd"), fap_job_tape(id, cards)).unwrap();
    let ibsys = ibsys_dir();
    let mut ini = String::from("set cpu 7094\n");
    let tape = |n: u32, file: &str, flags: &str| {
        format!("set mta{n} format=p7b\natt {flags}mta{n} {file}\n")
    };
    for (n, name) in [(1, "ASYS1.BIN"), (2, "ASYS8.BIN")] {
        ini.push_str(&tape(n, &ibsys.join(name).display().to_string(), "-r "));
    }
    for (n, file) in (3..=10).zip([
        "sysin.bcd",
        "sysou1.bcd",
        "sysut1.bin",
        "sysut3.bin",
        "sysut2.bin",
        "syspp1.bin",
        "sysut4.bin",
        "sysck2.bin",
    ]) {
        ini.push_str(&tape(n, file, ""));
    }
    ini.push_str("att -t cdr reader.txt\natt lpt print.txt\natt -t cdp punch.txt\n");
    // IBSYS halts at END OF JOBS (07464) once the job is done.
    ini.push_str("dep keys 0\nboot mta1\nquit\n");
    std::fs::write(dir.join("reader.txt"), "").unwrap();
    std::fs::write(dir.join("fap.ini"), ini).unwrap();
    let mut child = Command::new("i7094")
        .arg("fap.ini")
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("i7094 runs");
    let began = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("i7094 runs") {
            break s;
        }
        if began.elapsed() > PATIENCE {
            child.kill().ok();
            child.wait().ok();
            std::fs::remove_dir_all(&dir).ok();
            panic!("IBM's FAP on {id} did not reach END OF JOBS in {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let listing = listing_text(&std::fs::read(dir.join("sysou1.bcd")).unwrap());
    std::fs::remove_dir_all(&dir).ok();
    assert!(status.success(), "i7094: {status}");
    listing
}

/// A word as the listing prints it (blank fields are zero): data, twelve digits with a sign;
/// Type A `±P DDDDD T AAAAA` (the sign is the prefix's high bit); Type B `±OOOO FF T AAAAA`,
/// or with an 18-bit operand `±OOOO FF  MMMMMM`.
pub fn listed_word(f: &[char]) -> Option<u64> {
    let text: String = f.iter().collect();
    // A BSS or BES line shows its location and no word.
    if text.trim().is_empty() {
        return None;
    }
    let digits = |r: std::ops::Range<usize>| -> u64 {
        let s: String = f[r]
            .iter()
            .map(|&c| if c == ' ' { '0' } else { c })
            .collect();
        u64::from_str_radix(&s, 8).unwrap_or(0)
    };
    let sign = u64::from(f[0] == '-');
    let data = text.trim().trim_start_matches(['+', '-']);
    if data.len() == 12 && data.chars().all(|c| c.is_digit(8)) {
        return Some(sign << 35 | u64::from_str_radix(data, 8).ok()?);
    }
    if f[2] == ' ' && f[8] == ' ' && f[10] == ' ' {
        let prefix = sign << 2 | digits(1..2);
        return Some(prefix << 33 | digits(3..8) << 18 | digits(9..10) << 15 | digits(11..16));
    }
    if f[5] == ' ' && f[8] == ' ' && f[1..5].iter().all(|c| c.is_digit(8)) {
        let low = if f[9] == ' ' && f[10] != ' ' {
            digits(10..16)
        } else {
            digits(9..10) << 15 | digits(11..16)
        };
        return Some(sign << 35 | digits(1..5) << 24 | digits(6..8) << 18 | low);
    }
    None
}

/// The words and flags of a listing: location -> word, and the flags of each card by its text
/// (a card without a word, SYN or END, still has its flags; a card listed with no flag has an
/// empty one).
#[derive(Debug, Default)]
pub struct Listing {
    pub words: BTreeMap<u16, u64>,
    pub flags: BTreeMap<String, String>,
}

/// Read a FAP listing up to its post-processor's cross-reference: each line with a location
/// and a word, the literal pool's and the continuation lines of BCI, DEC and OCT included.
pub fn read_listing(text: &str) -> Listing {
    let mut out = Listing::default();
    // A listing line: flags (columns 1-5), the location (7-11), the word (13-28) or a value
    // (24-28: ORG, SYN), the card from column 31.
    let octal = |s: &[char]| s.iter().all(|c| c.is_digit(8));
    // The symbols' cross-reference after the post processor's heading has no words.
    for line in text
        .lines()
        .take_while(|l| !l.contains("POST PROCESSOR ASSEMBLY DATA"))
    {
        let mut chars: Vec<char> = line.chars().collect();
        chars.resize(chars.len().max(30), ' ');
        let flag: String = chars[..5].iter().filter(|c| !c.is_whitespace()).collect();
        // A flagged card with neither location nor value (END): letters in the flag columns,
        // nothing up to the card.
        let flagged = flag.chars().any(|c| c.is_ascii_uppercase())
            && flag.chars().all(|c| c.is_ascii_uppercase())
            && chars[5..30].iter().all(|c| *c == ' ');
        if !(octal(&chars[6..11]) || octal(&chars[23..28]) || flagged) {
            continue;
        }
        let card: String = chars[30..]
            .iter()
            .collect::<String>()
            .trim_end()
            .to_string();
        if !card.is_empty() {
            out.flags.insert(card, flag);
        }
        if !octal(&chars[6..11]) {
            continue;
        }
        let location = u16::from_str_radix(&chars[6..11].iter().collect::<String>(), 8).unwrap();
        if let Some(w) = listed_word(&chars[12..28]) {
            out.words.insert(location, w);
        }
    }
    out
}
