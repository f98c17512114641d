//! The channel beside the CPU, against SIMH's `i7094` (`set cpu 7090`): a FAP program starts
//! the reader on one card (RCDA, RCHA with IOCD 24 words) and counts loop passes (TXI, then
//! TCOA back to it) while channel A is in operation, then stores the count. Both machines run
//! it; the counts differ by the units of time, as worked out below, and must agree within 2 %.
//!
//! Here (`emu::ibm7090::io_timing`, nominal): the channel is in operation from the select until
//! the card's 24th word, 73,300 of the 100,800 parts of the 240 ms card cycle = 80,057 cycles
//! of 2.18 us; a pass is TXI and NOP (1 cycle each) and TCOA (2): about 80,057 / 4 = 20,013.
//!
//! SIMH (i7094_cd.c): a unit of its time is one instruction (the CPU counts `sim_interval`
//! down by one an instruction, i7094_cpu.c). The reader's select schedules the first word
//! `cdp_tstart` = 35,000 units later (the punch's start figure, as `cdr_chsel` has it; its own
//! `cdr_tstart` is 27,500), then per row 150 + 4,000 (`cdr_tleft`, `cdr_tright`): the 24th
//! word at 80,800 units; a pass is three instructions: about 26,933 passes. The ratio
//! expected (here / SIMH) is (3 / 4) × (110,092 / 100,800) × (73,300 / 80,800) = 0.743: our
//! pass is 4 cycles where SIMH's is 3 units, our card cycle is 110,092 cycles where SIMH's
//! card is 100,800 units, and SIMH's first word comes 7,500 units later in it than the shape
//! we took from it. The index register counts to 32,767 at most; both counts stay below.
//!
//! The SIMH half is ignored where the build found no `i7094` (build.rs); under CI it runs.

use assembler::fap;
use emu::ibm7090::{Limits, Machine, Stop};

mod common;

use common::{examined, simh_halting};

const COUNT: &str = "       ORG     64
START  RCDA
       RCHA    READ
       AXT     0,1
LOOP   TXI     *+1,1,1
       NOP
       TCOA    LOOP
       SXA     COUNT,1
       HTR     START
READ   IOCD    CARD,,24
COUNT  PZE
CARD   BSS     24
       END     START
";

/// COUNT's address: ORG 64 (octal 100) and nine words before it.
const COUNT_AT: u16 = 0o111;

const DECK: &str = "OVERLAP 1\n";

/// The ratio of the counts (here / SIMH) the clocks give, and the tolerance.
const RATIO: f64 = (3.0 / 4.0) * (110_092.0 / 100_800.0) * (73_300.0 / 80_800.0);
const TOLERANCE: f64 = 0.02;

fn program() -> fap::Program {
    fap::assemble(COUNT, "overlap.fap").unwrap()
}

/// The count here: passes while channel A was in operation.
fn count_here() -> u64 {
    let p = program();
    let mut m = Machine::new();
    for (&a, &w) in &p.words {
        m.mem_mut()[a as usize] = w;
    }
    m.ic = p.start as u32;
    m.io.reader.load_text(DECK).unwrap();
    let stop = m.run(Limits::instructions(1_000_000));
    assert!(matches!(stop, Stop::Halt { .. }), "{stop:?}");
    let at = COUNT_AT as usize;
    // SXA stores the register in the address part.
    m.mem()[at] & 0o77777
}

#[test]
fn the_count_here_is_the_channels_time_over_a_pass() {
    let n = count_here();
    // Passes start at 5, 9, ..: the TCOA of pass k (from 1) starts at 5 + 4k - 2 and is
    // taken while that is before 80,057; the count is the passes, the last one's included.
    assert_eq!(n, (80_057 - 3_u64).div_ceil(4));
}

/// The count SIMH stores.
fn count_simh() -> u64 {
    let dir = std::env::temp_dir().join(format!("firstmoves-simh-overlap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("deck.txt"), DECK).unwrap();
    let after = format!("examine {COUNT_AT:o}\n");
    let out = simh_halting(&dir, &program(), "attach cdr deck.txt\n", &after);
    std::fs::remove_dir_all(&dir).ok();
    let word = *examined(&out)
        .first()
        .unwrap_or_else(|| panic!("no examined word in {out}"));
    word & 0o77777
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn the_overlap_agrees_with_simh() {
    let (here, simh) = (count_here(), count_simh());
    let ratio = here as f64 / simh as f64;
    eprintln!("passes here {here}, SIMH {simh}, ratio {ratio:.4} (expected {RATIO:.4})");
    assert!(
        (ratio / RATIO - 1.0).abs() <= TOLERANCE,
        "passes here {here}, SIMH {simh}: ratio {ratio:.4}, expected {RATIO:.4} within {TOLERANCE}"
    );
}
