//! BCD tapes between this project and SIMH's `i7094` (`set cpu 7090`): a card deck made into
//! a tape by `firstmoves tape write` is read by a FAP program on SIMH (`RTDA 1`, `IOCD` 14
//! words a card) and the words in SIMH's storage are the deck's characters in the CPU's code;
//! a tape SIMH writes from storage (`WTDA 2`, `WEFA 2`) reads back here, with `firstmoves tape
//! read`, as the text it holds. The same programs run here and must leave the same storage and
//! write the same reel. A program that reads code from tape over a subroutine it has run (and
//! the hot loop has decoded) and runs it again must run what was read, on both. The SIMH halves
//! are ignored where the build found no `i7094` (build.rs); under CI they run.

use assembler::fap;
use emu::ibm7090::bcd;
use emu::ibm7090::tape::Tape;
use emu::ibm7090::{Limits, Machine, Stop};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::{examined, simh_halting};

/// Every character of the 7090's set, a line with some of them, and a blank card.
const DECK: &str = "0123456789='+ABCDEFGHI.)-JKLMNOPQR$* /STUVWXYZ,(
       TAPE    SYSPOT,A3   (THEOREM (LAMBDA (S) (TH1 NIL NIL (CADR S))))

";

/// Reads three card images from A1 (BCD), 14 words each.
const READ: &str = "       ORG     64
START  RTDA    1
       RCHA    C1
       TCOA    *
       RTDA    1
       RCHA    C2
       TCOA    *
       RTDA    1
       RCHA    C3
       TCOA    *
       HTR     START
C1     IOCD    BUF,,14
C2     IOCD    BUF+14,,14
C3     IOCD    BUF+28,,14
       ORG     512
BUF    BSS     42
       END     START
";
const BUF: usize = 512;

/// Writes two 14-word BCD records on A2 and a tape mark.
const WRITE: &str = "       ORG     64
START  WTDA    2
       RCHA    W1
       TCOA    *
       WTDA    2
       RCHA    W2
       TCOA    *
       WEFA    2
       HTR     START
W1     IOCD    DATA,,14
W2     IOCD    DATA+14,,14
DATA   BCI     7,HELLO, WORLD (1961) = LISP 1.5 ON THE 7090
       BCI     7,0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ +-*/
       BCI     7,SECOND RECORD
       BCI     7,
       END     START
";
/// What WRITE's records say, trailing blanks removed.
const WRITTEN: &str =
    "HELLO, WORLD (1961) = LISP 1.5 ON THE 70900123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ +-*/
SECOND RECORD
";

fn firstmoves(args: &[&str], dir: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_firstmoves"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("firstmoves runs");
    assert!(
        out.status.success(),
        "firstmoves {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("firstmoves-tapes-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn machine(source: &str) -> (fap::Program, Machine) {
    let p = fap::assemble(source, "tapes.fap").unwrap();
    let mut m = Machine::new();
    for (&a, &w) in &p.words {
        m.mem_mut()[a as usize] = w;
    }
    m.ic = p.start as u32;
    (p, m)
}

/// The deck's cards as the CPU holds them: 84 characters, 14 words a card.
fn deck_words() -> Vec<u64> {
    DECK.lines().flat_map(|l| bcd::pack(l, 14)).collect()
}

/// The deck written as a tape here, and READ run on it here: the words it stored.
fn read_here(dir: &Path) -> Vec<u64> {
    std::fs::write(dir.join("deck.txt"), DECK).unwrap();
    firstmoves(&["tape", "write", "deck.txt", "a1.bcd"], dir);
    let (_, mut m) = machine(READ);
    let bytes = std::fs::read(dir.join("a1.bcd")).unwrap();
    m.io.mount(0o1201, Tape::from_p7b(&bytes).unwrap()).unwrap();
    assert!(matches!(
        m.run(Limits::instructions(100)),
        Stop::Halt { .. }
    ));
    m.mem()[BUF..BUF + 42].to_vec()
}

#[test]
fn a_deck_through_a_tape_is_the_cards_characters() {
    let dir = scratch("read-here");
    let words = read_here(&dir);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(words, deck_words());
}

#[test]
fn a_written_tape_reads_back_as_its_text() {
    let dir = scratch("write-here");
    let (_, mut m) = machine(WRITE);
    m.io.mount(0o1202, Tape::blank()).unwrap();
    assert!(matches!(
        m.run(Limits::instructions(100)),
        Stop::Halt { .. }
    ));
    let reel = m.io.tape(0o1202).unwrap().to_p7b();
    std::fs::write(dir.join("a2.bcd"), reel).unwrap();
    let text = firstmoves(&["tape", "read", "a2.bcd"], &dir);
    std::fs::remove_dir_all(&dir).ok();
    // One tape mark: not the two that end a tape, so it reads as a form feed.
    assert_eq!(text, format!("{WRITTEN}\u{c}\n"));
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn simh_reads_the_tapes_written_here() {
    let dir = scratch("read-simh");
    read_here(&dir);
    let (p, _) = machine(READ);
    let out = simh_halting(
        &dir,
        &p,
        "set mta1 format=p7b\nattach -r mta1 a1.bcd\n",
        &format!("examine {:o}-{:o}\n", BUF, BUF + 41),
    );
    std::fs::remove_dir_all(&dir).ok();
    let words = examined(&out);
    assert_eq!(words, deck_words(), "SIMH said:\n{out}");
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn the_tapes_simh_writes_read_here() {
    let dir = scratch("write-simh");
    let (p, _) = machine(WRITE);
    simh_halting(&dir, &p, "set mta2 format=p7b\nattach -n mta2 a2.bcd\n", "");
    let file = std::fs::read(dir.join("a2.bcd")).unwrap();
    // SIMH 3.8.1 leaves a copy of the last block's first byte after it (sim_tape.c
    // `sim_tape_wrrecf`'s delimiter, which the next write covers): here a second tape mark,
    // which makes the two that end a tape.
    assert_eq!(file.last(), Some(&0x8f));
    let text = firstmoves(&["tape", "read", "a2.bcd"], &dir);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(text, WRITTEN);
}

/// Runs a subroutine three times (the hot loop decodes and caches its words), writes other
/// code on A1 in binary, reads it back over the subroutine and runs it three times again: the
/// machine must run what the channel stored, not what it decoded before.
const CODE_OVER_CODE: &str = "       ORG     64
START  CLA     ZERO
       AXT     3,1
L1     TSX     CODE,4
       TIX     L1,1,1
       WTBA    1
       RCHA    WNEW
       TCOA    *
       REWA    1
       RTBA    1
       RCHA    RNEW
       TCOA    *
       AXT     3,1
L2     TSX     CODE,4
       TIX     L2,1,1
       STO     RESULT
DONE   HTR     DONE
WNEW   IOCD    NEW,,2
RNEW   IOCD    CODE,,2
NEW    ADD     TEN
       TRA     1,4
ZERO   OCT     0
ONE    DEC     1
TEN    DEC     10
       ORG     512
CODE   ADD     ONE
       TRA     1,4
RESULT OCT     0
       END     START
";
const CODE: usize = 512;

#[test]
fn code_read_over_code_runs_as_read() {
    let (p, mut m) = machine(CODE_OVER_CODE);
    m.io.mount(0o1201, Tape::blank()).unwrap();
    let stop = m.run(Limits::instructions(1000));
    let done = p.symbol("DONE").unwrap() as u16;
    assert!(
        matches!(stop, Stop::Halt { address, .. } if address == done),
        "{stop}"
    );
    // Three ADD ONE, then three ADD TEN.
    assert_eq!(m.mem()[CODE + 2], 33);
    assert_eq!(m.mem()[CODE], p.words[&(p.symbol("NEW").unwrap() as u16)]);
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn code_read_over_code_runs_alike_on_simh() {
    let (p, mut m) = machine(CODE_OVER_CODE);
    m.io.mount(0o1201, Tape::blank()).unwrap();
    m.run(Limits::instructions(1000));
    let dir = scratch("code-simh");
    let out = simh_halting(
        &dir,
        &p,
        "set mta1 format=p7b\nattach -n mta1 a1.bin\n",
        &format!("examine {:o}-{:o}\n", CODE, CODE + 2),
    );
    std::fs::remove_dir_all(&dir).ok();
    let words = examined(&out);
    assert_eq!(words, m.mem()[CODE..=CODE + 2], "SIMH said:\n{out}");
}
