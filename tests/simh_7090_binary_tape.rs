//! A binary tape this project writes, read by SIMH's `i7094` (`set cpu 7090`) as by `emu`:
//! a P7B image (odd parity, SIMH's framing) whose first record is a LOAD TAPE bootstrap (word
//! 0 the channel command that reads the rest of the record, then TCOA 1 and TRA START), the
//! program in it reads a record of data words, a tape mark (end of file, seen with TEFA) and
//! another record. SIMH boots it with `boot mta1` and must leave the storage `emu` leaves
//! after LOAD TAPE. Ignored where the build found no `i7094` (build.rs); under CI it runs.

mod common;

use assembler::fap;
use emu::ibm7090::tape::{word_chars, Block, Tape};
use emu::ibm7090::{Limits, Machine, Stop};
use std::process::{Command, Stdio};

/// The bootstrap record's program (words 0 up); BUF and BUF2 lie beyond it.
const BOOT: &str = "       ORG     0
       IOCD    START,,PEND-START
       TCOA    1
       TRA     START
START  RTBA    1
       RCHA    C2
       TCOA    *
       RTBA    1
       RCHA    C2
       TCOA    *
       TEFA    EOF
       HTR     *
EOF    AXT     1,1
       SXA     SAW,1
       RTBA    1
       RCHA    C3
       TCOA    *
DONE   HTR     DONE
C2     IOCD    BUF,,WORDS
C3     IOCD    BUF2,,WORDS
SAW    PZE
PEND   EQU     *
WORDS  EQU     24
       ORG     128
BUF    BSS     24
BUF2   BSS     24
       END     START
";

/// The storage SIMH and `emu` are compared over: the program and both buffers.
const SHOWN: u16 = 128 + 48;

/// Data words with every character: zero, all ones, the tape mark's and the record mark's
/// characters, and a scramble.
fn data(seed: u64) -> Vec<u64> {
    let mut x = seed;
    let mut words = vec![
        0,
        0o777777777777,
        0o171717171717,
        0o121212121212,
        0o400000000000,
    ];
    while words.len() < 24 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        words.push(x >> 28 & 0o777777777777);
    }
    words
}

fn record(words: &[u64]) -> Block {
    Block::Record(words.iter().flat_map(|&w| word_chars(w, true)).collect())
}

/// The reel: the bootstrap, a data record, a tape mark, a data record, two marks.
fn reel() -> (Tape, fap::Program) {
    let p = fap::assemble(BOOT, "boot.fap").expect("the bootstrap assembles");
    let end = p.symbol("PEND").unwrap() as u16;
    let boot: Vec<u64> = (0..end)
        .map(|a| p.words.get(&a).copied().unwrap_or(0))
        .collect();
    let blocks = vec![
        record(&boot),
        record(&data(1)),
        Block::Mark,
        record(&data(2)),
        Block::Mark,
        Block::Mark,
    ];
    (Tape::of(blocks), p)
}

/// `emu`: LOAD TAPE from A1 (binary) and run to the stop; the storage shown.
fn ours(tape: &Tape) -> (Stop, Vec<u64>) {
    let mut m = Machine::new();
    m.io.mount(0o1221, tape.clone()).expect("A1 is a tape unit");
    m.load_tape(0o1221).expect("LOAD TAPE");
    let stop = m.run(Limits::instructions(1_000_000));
    (stop, m.mem()[..usize::from(SHOWN)].to_vec())
}

/// SIMH: `boot mta1` on the image and `ex` of the storage shown.
fn simh(image: &[u8]) -> Vec<u64> {
    let dir = common::scratch("simh-binary-tape");
    std::fs::write(dir.join("boot.p7b"), image).unwrap();
    let ini = format!(
        "set cpu 7090\nset mta1 format=p7b\natt -r mta1 boot.p7b\nboot mta1\nex 0-{:o}\nquit\n",
        SHOWN - 1
    );
    std::fs::write(dir.join("boot.ini"), ini).unwrap();
    let out = Command::new("i7094")
        .arg("boot.ini")
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .expect("i7094 runs");
    std::fs::remove_dir_all(&dir).ok();
    let text = String::from_utf8_lossy(&out.stdout);
    let words: Vec<u64> = text
        .lines()
        .filter_map(|l| l.split_once(":\t"))
        .filter_map(|(_, w)| u64::from_str_radix(w.trim(), 8).ok())
        .collect();
    assert_eq!(words.len(), usize::from(SHOWN), "{text}");
    words
}

#[test]
fn emu_boots_the_tape_it_wrote() {
    let (tape, p) = reel();
    let image = tape.to_p7b();
    let (stop, mem) = ours(&Tape::from_p7b(&image).unwrap());
    let done = p.symbol("DONE").unwrap() as u16;
    assert!(
        matches!(stop, Stop::Halt { address, .. } if address == done),
        "{stop}"
    );
    let buf = p.symbol("BUF").unwrap() as usize;
    assert_eq!(mem[buf..buf + 24], data(1)[..]);
    assert_eq!(mem[buf + 24..buf + 48], data(2)[..]);
    assert_eq!(
        mem[p.symbol("SAW").unwrap() as usize],
        1,
        "TEFA saw the mark"
    );
}

#[test]
#[cfg_attr(not(has_i7094), ignore = "needs SIMH's i7094")]
fn simh_boots_the_tape_we_wrote() {
    let (tape, _) = reel();
    let image = tape.to_p7b();
    let (_, mem) = ours(&tape);
    assert_eq!(simh(&image), mem);
}
