//! 9AP, IBM's 709 diagnostic assembler, boots from its period system tape
//! (`../shared/diags/9ap.bcd`, SIMH's P7B) on tape unit B1: LOAD TAPE reads the loader's control
//! record's first three words, the IOCD at 0 the rest of it, `TCOB 1` waits for channel B,
//! `RTBB 1` reads pass 1 (2,893 words), the loader's checksum over them agrees and pass 1 starts
//! at 01417 (README.md in shared/diags). Ignored where the build found no `../shared`
//! (build.rs), so a missing tape here is a failure.

use emu::ibm7090::tape::{self, Block, Tape};
use emu::ibm7090::{Limits, Machine, Stop};
use std::path::{Path, PathBuf};

fn diags() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/diags")
}

/// A machine with 9AP's system tape on B1, loaded by LOAD TAPE.
fn nine_ap() -> Machine {
    let tape = Tape::from_p7b(&std::fs::read(diags().join("9ap.bcd")).expect("9ap.bcd")).unwrap();
    let mut m = Machine::new();
    m.io.mount(0o2201, tape).unwrap();
    m.load_tape(0o2221).unwrap();
    m
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/diags/9ap.bcd beside the checkout; CI has it"
)]
fn nine_ap_loads_pass_one_from_b1() {
    let mut m = nine_ap();
    assert_eq!(m.ic, 1);
    // IOCD 3,0,14 at 0, TCOB 1 at 1, RTBB 1 at 2.
    assert_eq!(
        m.mem()[..3],
        [0o000016000003, 0o006100000001, 0o076200002221]
    );
    let mut steps = 0;
    while m.ic != 0o1417 {
        if let Some(stop) = m.step() {
            panic!("{stop} after {steps} steps");
        }
        steps += 1;
        assert!(steps < 100_000, "pass 1 never started");
    }
    // The checksum loop ran over every word of pass 1, and B1 is past both records.
    assert!(steps > 2 * 2893, "{steps}");
    assert_eq!(m.io.tape(0o2201).unwrap().pos, 2);
}

/// A diagnostic's source as 9AP's input tape A1: one BCD record of 80 characters a line (the
/// heading lines included; `#`, `@`, `%`, `&` as the `=`, `'`, `(`, `+` they stand for), then
/// two tape marks (as SIMH's 9AP reads its source tape).
fn source_tape(name: &str) -> Tape {
    let text = std::fs::read_to_string(diags().join(format!("{name}.asm"))).expect("the source");
    let mut blocks: Vec<Block> = text
        .lines()
        .map(|line| {
            let card: String = line
                .chars()
                .take(80)
                .map(|c| match c {
                    '#' => '=',
                    '@' => '\'',
                    '%' => '(',
                    '&' => '+',
                    c if emu::ibm7090::bcd::encode(c).is_some() => c,
                    _ => ' ',
                })
                .collect();
            Block::Record(tape::bcd_record(&format!("{card:80}")).expect("BCD"))
        })
        .collect();
    blocks.extend([Block::Mark, Block::Mark]);
    Tape::of(blocks)
}

/// 9AP assembles each of the seven diagnostics from tape A1, its pass-1 output on B2 and the
/// listing on B3 (sense switches up), punches the deck and halts at its end (HPR 03175); the
/// decks are the ones SIMH's 9AP punched (card counts and first words; 9M10A's card word for
/// word in `load_cards_boots_a_self_loading_card`). It needs the whole CPU: the sense
/// indicators, trap mode and floating point.
#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/diags/9ap.bcd beside the checkout; CI has it"
)]
fn nine_ap_assembles_the_seven_diagnostics() {
    let expected: [(&str, usize, [u64; 2]); 7] = [
        ("9m02a", 135, [0o000010000001, 0o102410022767]),
        ("9m03a", 167, [0o000026000000, 0o200427701161]),
        ("9m04a", 109, [0o000026000030, 0o303513077364]),
        ("9m05b", 161, [0o000026000001, 0o232140203032]),
        ("9m08a", 70, [0o000012000010, 0o570012011536]),
        ("9m10a", 4, [0o000024000003, 0o006000000001]),
        ("9m21a", 315, [0o000011000000, 0o104411045735]),
    ];
    for (name, cards, first) in expected {
        let mut m = nine_ap();
        m.io.mount(0o1201, source_tape(name)).unwrap();
        m.io.mount(0o2202, Tape::blank()).unwrap();
        m.io.mount(0o2203, Tape::blank()).unwrap();
        let stop = m.run(Limits::instructions(50_000_000));
        assert_eq!(stop, Stop::HaltProceed { address: 0o3175 }, "{name}");
        let deck = &m.io.punch.cards;
        assert_eq!(deck.len(), cards, "{name}");
        assert_eq!(deck[0].image()[..2], first, "{name}");
        assert!(
            m.io.tape(0o2203).unwrap().blocks.len() > cards,
            "{name}: a listing"
        );
    }
}
