//! The 7090's on-line card reader, printer and tapes against SIMH's `i7094` (`set cpu 7090`):
//! the same FAP programs, assembled once, run on both machines with the same deck and tape
//! files, and what each machine stored, printed and wrote is compared.
//!
//! - Cards: two text cards and a column-binary deck with every punch combination's bits are
//!   read by RCDA (RDS 1321) and RCHA with IOCP, IOCD and TCH; the 24-word row-binary images
//!   in storage are compared word for word. The local half also decodes the text cards with a
//!   Hollerith table written here (independent of `emu::ibm7090::card`).
//! - Printer: print images (two full lines by one IOCD, a line of two words through an IOCT
//!   and an LCHA, a select with no command, three words by an IORT) go to the 716; the lines
//!   are compared with SIMH's `lpt` file.
//! - Tape: BCD and binary records and a tape mark are written on A1, rewound, read back (IORT
//!   with LCHA, IOCD, IOSP), the tape mark ends a read (TEF), backspaced over (BSR, BSF) and
//!   read again; storage and the P7B file are compared with SIMH's.
//!
//! - Channel traps: a tape of tape marks and the reader raise the end-of-file and command
//!   traps on channel A under ENB, taken from a pending indicator after ENB's delay and from a
//!   `TCOA *` spin, one after the other through RCT, held off without it and for an XEC, and
//!   in trap mode (the trap word's TRA traps to 0001); the locations and causes the handlers
//!   logged are compared.
//!
//! The SIMH halves are ignored where the build found no `i7094` (build.rs); under CI they run.

use assembler::fap;
use emu::ibm7090::card::Card;
use emu::ibm7090::tape::Tape;
use emu::ibm7090::{Limits, Machine, Stop};
use std::path::PathBuf;

mod common;

use common::{examined, simh_halting};

/// Reads two cards: the first with IOCP 12 and IOCD 12, the second after a TCH with IOCD 24.
const READ: &str = "       ORG     64
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
const DECK: &str = "HELLO WORLD 0123456789 .,-/*$()+='
ABCDEFGHIJKLMNOPQRSTUVWXYZ 9876543210 THE QUICK BROWN FOX JUMPS OVER A LAZY DOG.
";

const CARD1: usize = 0o1000;

/// Prints: the deck's two cards as two lines (one IOCD of 48), a line of the first card's
/// 9L and 9R (IOCT, then LCHA for the second word), a select with no command, and 9L 9R 8L of
/// the second card (IORT 3).
const PRINT: &str = "       ORG     64
START  RCDA
       RCHA    READ
       TCOA    *
       WPRA
       RCHA    PRT
       TCOA    *
       WPRA
       RCHA    PRT2
       LCHA    PRT3
       TCOA    *
       WPRA
       TCOA    *
       WPRA
       RCHA    PRT4
       TCOA    *
       HTR     START
READ   IOCD    IMG,,48
PRT    IOCD    IMG,,48
PRT2   IOCT    IMG,,1
PRT3   IOCT    IMG+1,,1
PRT4   IORT    IMG+24,,3
       ORG     512
IMG    BSS     48
       END     START
";

/// Writes two BCD records, a binary one, a tape mark and another binary record on A1;
/// rewinds; reads the first two with IORT and LCHA, the third in binary; reads the tape mark
/// (TEF); backspaces twice and reads the third again with IOSP (and runs into the mark with an
/// IOCD); backspaces the file and reads the mark with RTDA.
const TAPE: &str = "       ORG     64
START  WTDA    1
       RCHA    W1
       WTDA    1
       RCHA    W2
       WTBA    1
       RCHA    W3
       WEFA    1
       WTBA    1
       RCHA    W4
       REWA    1
       RTDA    1
       RCHA    R1
       LCHA    R2
       TCOA    *
       RTBA    1
       RCHA    R3
       TCOA    *
       RTBA    1
       RCHA    R4
       TCOA    *
       TEFA    EOF1
       HTR     1
EOF1   BSRA    1
       BSRA    1
       RTBA    1
       RCHA    R5
       TCOA    *
       BSFA    1
       RTDA    1
       RCHA    R6
       TCOA    *
       TEFA    DONE
       HTR     2
DONE   HTR     DONE
W1     IOCD    D1,,2
W2     IOCD    D2,,1
W3     IOCD    D3,,3
W4     IOCD    D3,,1
R1     IORT    M1,,5
R2     IORT    M2,,5
R3     IOCD    M3,,3
R4     IOCD    M4,,2
R5     IOSP    M5,,10
       IOCD    M5+10,,1
R6     IOCD    M6,,1
D1     BCI     2,HELLO0WORLD
D2     BCI     1,012 +-
D3     OCT     777777777777,0,123456701234
       ORG     512
M1     BSS     5
M2     BSS     5
M3     BSS     3
M4     BSS     2
M5     BSS     11
M6     BSS     1
       END     START
";

/// The words the tape program reads into 01000-01032.
const TAPE_MEMORY: (usize, usize) = (0o1000, 0o1032);

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
        ([12], [4, 8]) => ')',
        ([11], [3, 8]) => '$',
        ([11], [4, 8]) => '*',
        ([0], [3, 8]) => ',',
        ([0], [4, 8]) => '(',
        ([], [3, 8]) => '=',
        ([], [4, 8]) => '\'',
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

/// A program assembled, loaded into a machine at its start.
fn machine(source: &str) -> (fap::Program, Machine) {
    let p = fap::assemble(source, "io.fap").unwrap();
    let mut m = Machine::new();
    for (&a, &w) in &p.words {
        m.mem_mut()[a as usize] = w;
    }
    m.ic = p.start as u32;
    (p, m)
}

/// A deck of 3 column-binary cards whose columns cover every row combination's bits.
fn binary_deck() -> String {
    (0..3u16)
        .map(|k| {
            let mut c = Card::blank();
            for (i, col) in c.0.iter_mut().enumerate() {
                *col = ((i as u32 * 397 + k as u32 * 1231) * 2654 + 17) as u16 & 0o7777;
            }
            c.to_column_binary() + "\n"
        })
        .collect()
}

/// Read `deck` (text, or column binary) here; the 48 words stored.
fn read_here(deck: &str, binary: bool) -> Vec<u64> {
    let (_, mut m) = machine(READ);
    if binary {
        m.io.reader.load_column_binary(deck).unwrap();
    } else {
        m.io.reader.load_text(deck).unwrap();
    }
    let stop = m.run(Limits::instructions(100));
    assert!(
        matches!(stop, Stop::Halt { address: 0o106, .. }),
        "{stop:?}"
    );
    m.mem()[CARD1..CARD1 + 48].to_vec()
}

#[test]
fn hollerith_table() {
    assert_eq!(hollerith(&[12, 8]), 'H');
    assert_eq!(hollerith(&[11, 9]), 'R');
    assert_eq!(hollerith(&[0, 6]), 'W');
    assert_eq!(hollerith(&[0]), '0');
    assert_eq!(hollerith(&[12, 3, 8]), '.');
}

#[test]
fn cards_read_as_punched() {
    let words = read_here(DECK, false);
    let ours: Vec<String> = words.chunks(24).map(row_binary_text).collect();
    let expected: Vec<String> = DECK.lines().map(first_72).collect();
    assert_eq!(ours, expected);
    // The column-binary deck reads as its cards' images.
    let deck = binary_deck();
    let words = read_here(&deck, true);
    for (k, line) in deck.lines().take(2).enumerate() {
        let card = Card::from_column_binary(line, k + 1).unwrap();
        assert_eq!(words[24 * k..24 * k + 24], card.image(), "card {k}");
    }
}

#[test]
fn printed_as_imaged() {
    let (_, mut m) = machine(PRINT);
    m.io.reader.load_text(DECK).unwrap();
    let stop = m.run(Limits::instructions(100));
    assert!(matches!(stop, Stop::Halt { .. }), "{stop:?}");
    let mut want: Vec<String> = DECK
        .lines()
        .map(|l| first_72(l).trim_end().into())
        .collect();
    // Row 9 of the first card (the 9s of its I, R and 9), nothing, and rows 9 and 8 of the
    // second card's columns 1-36.
    want.push(
        row_binary_text(&rows(&m.mem()[0o1000..0o1002], 2))
            .trim_end()
            .into(),
    );
    want.push(String::new());
    want.push(
        row_binary_text(&rows(&m.mem()[0o1030..0o1033], 3))
            .trim_end()
            .into(),
    );
    assert_eq!(m.io.printer.lines, want);
}

/// The first `n` words of an image, the rest zero.
fn rows(words: &[u64], n: usize) -> Vec<u64> {
    let mut image = vec![0u64; 24];
    image[..n].copy_from_slice(&words[..n]);
    image
}

/// Run the tape program here with A1 a blank reel; its storage and the reel.
fn tape_here() -> (Vec<u64>, Tape) {
    let (p, mut m) = machine(TAPE);
    m.io.mount(0o1201, Tape::blank()).unwrap();
    let stop = m.run(Limits::instructions(200));
    let done = p.symbol("DONE").unwrap() as u16;
    assert!(
        matches!(stop, Stop::Halt { address, .. } if address == done),
        "{stop}"
    );
    let (a, b) = TAPE_MEMORY;
    (m.mem()[a..=b].to_vec(), m.io.tape(0o1201).unwrap().clone())
}

#[test]
fn tape_written_and_read_back() {
    let (mem, tape) = tape_here();
    let at = |a: usize| mem[a - TAPE_MEMORY.0];
    // The BCD records come back as written (0 through tape code 012), the binary one too.
    assert_eq!(
        emu::ibm7090::bcd::unpack(&[at(0o1000), at(0o1001)]),
        "HELLO0WORLD "
    );
    assert_eq!(at(0o1005), 0o000102602040);
    assert_eq!(
        [at(0o1012), at(0o1013), at(0o1014)],
        [0o777777777777, 0, 0o123456701234]
    );
    // The read of the tape mark stored nothing; the IOSP took the third record again.
    assert_eq!([at(0o1015), at(0o1016)], [0, 0]);
    assert_eq!(at(0o1017), 0o777777777777);
    assert_eq!(at(0o1021), 0o123456701234);
    assert_eq!(at(0o1022), 0);
    assert_eq!(tape.bcd_lines()[..2], ["HELLO0WORLD", "012 +-"]);
    assert_eq!(tape.blocks.len(), 5);
}

/// A scratch directory for one SIMH run.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("firstmoves-simh-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn cards_read_alike_on_simh() {
    let (p, _) = machine(READ);
    let dir = scratch("cards");
    let examine = format!("examine {CARD1:o}-{:o}\n", CARD1 + 47);
    std::fs::write(dir.join("deck.txt"), DECK).unwrap();
    let text = examined(&simh_halting(&dir, &p, "attach cdr deck.txt\n", &examine));
    let deck = binary_deck();
    std::fs::write(dir.join("deck.cbn"), &deck).unwrap();
    let binary = examined(&simh_halting(
        &dir,
        &p,
        "attach -c cdr deck.cbn\n",
        &examine,
    ));
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(text, read_here(DECK, false), "text deck");
    assert_eq!(binary, read_here(&deck, true), "column-binary deck");
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn printed_alike_on_simh() {
    let (p, mut m) = machine(PRINT);
    m.io.reader.load_text(DECK).unwrap();
    m.run(Limits::instructions(100));
    let dir = scratch("printer");
    std::fs::write(dir.join("deck.txt"), DECK).unwrap();
    simh_halting(&dir, &p, "attach cdr deck.txt\nattach lpt out.txt\n", "");
    let theirs = std::fs::read_to_string(dir.join("out.txt")).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(
        m.io.printer.lines,
        theirs.lines().collect::<Vec<_>>(),
        "SIMH's lpt file:\n{theirs}"
    );
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn tape_alike_on_simh() {
    let (p, _) = machine(TAPE);
    let (ours, tape) = tape_here();
    let dir = scratch("tape");
    let (a, b) = TAPE_MEMORY;
    let out = simh_halting(
        &dir,
        &p,
        "set mta1 format=p7b\nattach -n mta1 a1.p7b\n",
        &format!("examine {a:o}-{b:o}\n"),
    );
    let file = std::fs::read(dir.join("a1.p7b")).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(examined(&out), ours, "storage; SIMH said:\n{out}");
    // SIMH ends each record it writes with a copy of its first byte, which the next write
    // covers: the file has one byte more than the reel's image.
    let image = tape.to_p7b();
    assert_eq!(file[..file.len() - 1], image[..]);
    assert_eq!(
        Tape::from_p7b(&file[..image.len()]).unwrap().blocks,
        tape.blocks
    );
}

/// Punches a card of 24 words (all ones, single bits, a mixed word) with WPUA and IOCD.
const PUNCH: &str = "       ORG     64
START  WPUA
       RCHA    PC
       TCOA    *
       HTR     START
PC     IOCD    DATA,,24
DATA   OCT     777777777777,000000000001,123456701234,400000000000
       OCT     1,2,3,4,5,6,7,10,11,12,13,14,15,16,17,20,21,22,23,24
       END     START
";

/// The reverse of `cards_read_alike_on_simh`: a card SIMH's 721 punches (`attach -c cdp`) reads
/// here as the words it was punched from, and as the card our own punch makes.
#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn simh_punched_deck_reads_here() {
    let (p, mut m) = machine(PUNCH);
    m.run(Limits::instructions(100));
    let dir = scratch("punch");
    simh_halting(&dir, &p, "attach -c cdp punched.cbn\n", "");
    let theirs = std::fs::read_to_string(dir.join("punched.cbn")).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let cards = emu::ibm7090::card::column_binary_deck(&theirs).unwrap();
    assert_eq!(cards.len(), 1, "{theirs}");
    let words: Vec<u64> = (0..24).map(|k| p.words[&(p.start + 5 + k)]).collect();
    assert_eq!(cards[0].image().to_vec(), words, "SIMH's card:\n{theirs}");
    assert_eq!(m.io.punch.cards.len(), 1);
    assert_eq!(
        m.io.punch.cards[0].image(),
        cards[0].image(),
        "our punch's card"
    );
}

/// The channel traps on channel A, five cases in a row, each handler logging the trap's
/// location word (0012) from LOG on (0000 too, in trap mode):
/// 1. a tape mark read with the traps off, then ENB: TEFA after it neither transfers nor turns
///    the indicator off, and the end-of-file trap comes before the NOP after it;
/// 2. enabled before the read: the trap comes from the `TCOA *` spin once the mark has passed;
/// 3. a mark, then an IOCT of 24 words on the reader with no LCH (the command condition), both
///    with the traps off (BOTH); ENB: the command trap first, then, after the handler's RCT and
///    its return, the end of file at the same location;
/// 4. the same with a handler that gives no RCT: the second trap waits for the RCT, and the
///    instruction after it is an XEC, which holds traps off for one more instruction;
/// 5. trap mode: the trap word `TRA HANDL` itself traps to 0001 (0000 gets the location).
const TRAPS: &str = "       ORG     1
       TTR     TMH
       ORG     10
       OCT     0
       TRA     HANDL
       ORG     64
START  AXT     20,1
       RTDA    1
       RCHA    RD1
       TCOA    *
       ENB     ENEOF
       TEFA    FAIL
L1     NOP
       RTDA    1
       RCHA    RD1
L2     TCOA    *
       TSX     BOTH,4
       ENB     ENEOF
       NOP
L3     NOP
       CLA     HOLDW
       STO     11
       TSX     BOTH,4
       ENB     ENEOF
       NOP
L4A    NOP
       NOP
       RCT
       XEC     NOPW
       NOP
L4B    NOP
       CLA     HANDW
       STO     11
       ENB     ZERO
       RTDA    1
       RCHA    RD1
       TCOA    *
       ETM
       ENB     ENEOF
       NOP
L5     NOP
       ENB     ZERO
       SXA     XRS,1
DONE   HTR     DONE
FAIL   HTR     FAIL
HANDL  CAL     10
       SLW     LOG+20,1
       TIX     *+1,1,1
       RCT
       TRA*    10
HOLD   CAL     10
       SLW     LOG+20,1
       TIX     *+1,1,1
       TRA*    10
BOTH   ENB     ZERO
       RTDA    1
       RCHA    RD1
       TCOA    *
       RCDA
       RCHA    RD2
       TCOA    *
       TRA     1,4
TMH    LTM
       CAL     0
       SLW     LOG+20,1
       TIX     *+1,1,1
       TTR     HANDL
RD1    IOCD    BUF,,1
RD2    IOCT    CARD,,24
NOPW   NOP
HOLDW  TRA     HOLD
HANDW  TRA     HANDL
ENEOF  OCT     1
ZERO   OCT     0
XRS    OCT     0
       ORG     512
LOG    BSS     20
BUF    BSS     1
CARD   BSS     24
       END     START
";

/// The words the trap program's comparison covers: 0000-0013, and the log and the buffers
/// after it (XRS, XR A at the end, is added).
const TRAP_LOW: (usize, usize) = (0, 0o13);
const TRAP_LOG: (usize, usize) = (0o1000, 0o1000 + 20 + 1 + 24 - 1);

/// Five tape marks on A1, two cards in the reader.
fn trap_tape() -> Tape {
    Tape::of(vec![emu::ibm7090::tape::Block::Mark; 5])
}

/// Run the trap program here; the compared words (0000-0013, LOG on, then XRS).
fn traps_here() -> (fap::Program, Vec<u64>) {
    let (p, mut m) = machine(TRAPS);
    m.io.mount(0o1201, trap_tape()).unwrap();
    m.io.reader.load_text(DECK).unwrap();
    let stop = m.run(Limits::instructions(10_000));
    let done = p.symbol("DONE").unwrap() as u16;
    assert!(
        matches!(stop, Stop::Halt { address, .. } if address == done),
        "{stop}"
    );
    let mut words = m.mem()[TRAP_LOW.0..=TRAP_LOW.1].to_vec();
    words.extend_from_slice(&m.mem()[TRAP_LOG.0..=TRAP_LOG.1]);
    words.push(m.mem()[p.symbol("XRS").unwrap() as usize]);
    (p, words)
}

#[test]
fn channel_traps_taken_as_the_rules_say() {
    let (p, words) = traps_here();
    let at = |s: &str| p.symbol(s).unwrap() as u64;
    let log = &words[TRAP_LOW.1 + 1..TRAP_LOW.1 + 1 + 20];
    let (eof, command) = (4 << 18, 1 << 18);
    assert_eq!(
        log[..8],
        [
            eof | at("L1"),
            eof | at("L2"),
            command | at("L3"),
            eof | at("L3"),
            command | at("L4A"),
            eof | at("L4B"),
            at("L5"),
            eof | at("L5"),
        ]
    );
    assert_eq!(log[8], 0, "eight traps, no more");
    assert_eq!(*words.last().unwrap(), 12, "XR A counted the eight");
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn channel_traps_alike_on_simh() {
    let (p, ours) = traps_here();
    let dir = scratch("traps");
    std::fs::write(dir.join("a1.p7b"), trap_tape().to_p7b()).unwrap();
    std::fs::write(dir.join("deck.txt"), DECK).unwrap();
    let xrs = p.symbol("XRS").unwrap();
    let out = simh_halting(
        &dir,
        &p,
        "set mta1 format=p7b\nattach mta1 a1.p7b\nattach cdr deck.txt\n",
        &format!(
            "examine {:o}-{:o}\nexamine {:o}-{:o}\nexamine {xrs:o}\n",
            TRAP_LOW.0, TRAP_LOW.1, TRAP_LOG.0, TRAP_LOG.1
        ),
    );
    std::fs::remove_dir_all(&dir).ok();
    // SIMH shows the PC past the HTR.
    let done = p.symbol("DONE").unwrap();
    assert!(
        out.contains(&format!("HALT instruction, PC: {:05o}", done + 1)),
        "SIMH did not halt at DONE:\n{out}"
    );
    assert_eq!(examined(&out), ours, "SIMH said:\n{out}");
}
