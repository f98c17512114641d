//! Card reading on channel A against SIMH's `i7094` (`set cpu 7090`): one FAP program,
//! assembled once, reads the same deck on both machines with `RCDA` (RDS 1321), `RCHA` and
//! the channel commands IOCP, IOCD and TCH; afterwards the cards' text in the store is
//! compared.
//!
//! The two machines put different records in the store: SIMH models the on-line 711 reader
//! (24-word row-binary images of columns 1-72, rows 9 to 0, then 11 and 12, left half then
//! right half of each row), the emulator the 14-word BCD card images of the system input tape
//! (docs/ibm7090.md, "Channel A"). So the comparison is of the text: SIMH's row-binary words are
//! decoded here by the Hollerith code (a table written for this test, independent of
//! `emu::ibm7090::bcd`), the emulator's words by `bcd::unpack`, and columns 1-72 must agree.
//! This checks the unit address, the channel command numbering (an IOCP that either machine
//! ran as another command would leave the second half of card 1 unread) and the characters. Printing is not compared:
//! SIMH's printer wants row-binary print images, which the emulated printer does not take.
//! Ignored where the build found no `i7094` (build.rs); under CI they run.

use assembler::fap;
use emu::ibm7090::{bcd, Limits, Machine, Stop};
use std::path::PathBuf;
use std::process::{Command, Stdio};

const PROGRAM: &str = "       ORG     64
START  RCDA
       RCHA    READ1
       TCOA    *
       RCDA
       RCHA    READ2
       TCOA    *
       HTR     START
READ1  IOCP    CARD1,,12
       IOCD    CARD1+12,,12
READ2  TCH     READ3
READ3  IOCD    CARD2,,24
       ORG     512
CARD1  BSS     24
CARD2  BSS     24
       END     START
";

/// Two cards: every letter and digit, some punctuation, and a card using all 80 columns (the
/// reader reads 72; the split between the row halves is at column 36/37).
const DECK: &str = "HELLO WORLD 0123456789 .,-/*$
ABCDEFGHIJKLMNOPQRSTUVWXYZ 9876543210 THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG
";

const CARD1: usize = 0o1000;
const CARD2: usize = 0o1030;

/// The character a Hollerith column punches (rows as 12, 11, 0-9) stands for.
fn hollerith(rows: &[u8]) -> char {
    let zone: Vec<u8> = rows
        .iter()
        .copied()
        .filter(|&x| x == 12 || x == 11 || x == 0)
        .collect();
    let numeric: Vec<u8> = rows
        .iter()
        .copied()
        .filter(|&x| (1..=9).contains(&x))
        .collect();
    match (zone.as_slice(), numeric.as_slice()) {
        ([], []) => ' ',
        ([0], []) => '0',
        ([], [d]) => (b'0' + d) as char,
        ([12], [d]) => (b'A' + d - 1) as char,
        ([11], [d]) => (b'J' + d - 1) as char,
        ([0], [1]) => '/',
        ([0], [d]) if *d >= 2 => (b'S' + d - 2) as char,
        ([12], []) => '+',
        ([11], []) => '-',
        ([12], [3, 8]) => '.',
        ([11], [3, 8]) => '$',
        ([11], [4, 8]) => '*',
        ([0], [3, 8]) => ',',
        _ => '?',
    }
}

/// Columns 1-72 of a 24-word row-binary card image.
fn row_binary_text(words: &[u64]) -> String {
    const ROWS: [u8; 12] = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 11, 12];
    (0..72)
        .map(|col| {
            let (half, bit) = (col / 36, 35 - col % 36);
            let mut punched: Vec<u8> = ROWS
                .iter()
                .enumerate()
                .filter(|&(r, _)| words[2 * r + half] >> bit & 1 == 1)
                .map(|(_, &row)| row)
                .collect();
            punched.sort_by_key(|&r| match r {
                12 => 0,
                11 => 1,
                r => 2 + r,
            });
            hollerith(&punched)
        })
        .collect()
}

fn first_72(line: &str) -> String {
    format!("{line:<80}").chars().take(72).collect()
}

/// SIMH's i7094 on the PATH; a test that calls this is ignored where the build found none
/// (build.rs), so a missing one here is a failure.
fn i7094() -> PathBuf {
    std::env::var_os("PATH")
        .and_then(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join("i7094"))
                .find(|f| f.is_file())
        })
        .expect("SIMH's i7094 is not on the PATH: apt-get install simh")
}

#[test]
fn hollerith_table() {
    assert_eq!(hollerith(&[12, 8]), 'H');
    assert_eq!(hollerith(&[11, 9]), 'R');
    assert_eq!(hollerith(&[0, 6]), 'W');
    assert_eq!(hollerith(&[0]), '0');
    assert_eq!(hollerith(&[12, 3, 8]), '.');
}

/// The program, and the two cards as it read them here (first 72 columns).
fn read_here() -> (fap::Program, Vec<String>) {
    let p = fap::assemble(PROGRAM, "cards.fap").unwrap();
    let mut m = Machine::new();
    for (&a, &w) in &p.words {
        m.mem[a as usize] = w;
    }
    m.ic = p.start as u32;
    m.channel.load_cards(DECK);
    let stop = m.run(Limits::instructions(100));
    assert!(
        matches!(stop, Stop::Halt { address: 0o106, .. }),
        "{stop:?}"
    );
    let ours: Vec<String> = [CARD1, CARD2]
        .iter()
        .map(|&a| first_72(&bcd::unpack(&m.mem[a..a + 12])))
        .collect();
    (p, ours)
}

#[test]
fn cards_read_as_punched() {
    let (_, ours) = read_here();
    let expected: Vec<String> = DECK.lines().map(first_72).collect();
    assert_eq!(ours, expected);
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn cards_read_alike_on_simh() {
    let (p, ours) = read_here();
    let simh = i7094();
    let dir = std::env::temp_dir().join(format!("firstmoves-simh-cards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("cards.obj"), p.object_deck()).unwrap();
    std::fs::write(dir.join("deck.txt"), DECK).unwrap();
    std::fs::write(
        dir.join("cards.ini"),
        format!(
            "set cpu 7090\nload cards.obj\nattach cdr deck.txt\ngo {:o}\nexamine {CARD1:o}-{:o}\nquit\n",
            p.start,
            CARD2 + 23
        ),
    )
    .unwrap();
    let out = Command::new(simh)
        .arg("cards.ini")
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .expect("i7094 runs");
    std::fs::remove_dir_all(&dir).ok();
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(out.contains("HALT instruction"), "{out}");
    let words: Vec<u64> = out
        .lines()
        .filter_map(|l| {
            let (_, v) = l.split_once(":\t")?;
            u64::from_str_radix(v.trim(), 8).ok()
        })
        .collect();
    assert_eq!(words.len(), 48, "{out}");
    let theirs: Vec<String> = words.chunks(24).map(row_binary_text).collect();
    assert_eq!(ours, theirs, "SIMH output:\n{out}");
}
