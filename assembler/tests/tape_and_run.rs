//! End to end: assembled tapes against the period tape X1.pt (bootstrap frame for frame) and
//! on the emulator (`emu::silliac::Machine`): console start, the bootstrap loads the words,
//! the start word wraps to 0 and starts the program.

use std::collections::BTreeMap;

use assembler::sil;
use emu::silliac::orders::WORD_MASK;
use emu::silliac::{parse_pt, Half, Limits, Machine, Stop};
use proptest::prelude::*;

/// X1.pt in the period material beside the checkout.
const X1: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/tapes/X1.pt");

/// Sums 1..10, punches the sum's two sexadecimal digits with 82 and a figure with 92, stops
/// (the example of docs/assembler.md).
const SUM: &str = include_str!("../testdata/sum.sil");

/// X1's frames. The tests that call this are ignored where the build found no `../shared`
/// (build.rs), so a missing tape here is a failure.
fn x1_frames() -> Vec<u8> {
    let text = std::fs::read_to_string(X1).unwrap_or_else(|e| panic!("{X1}: {e}"));
    parse_pt(&text, X1).expect("X1.pt parses")
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs the period tapes in ../shared beside the checkout; CI has them"
)]
fn bootstrap_for_999_equals_x1_frame_for_frame() {
    let x1 = x1_frames();
    let p = sil::assemble(".org 999\n L5 1 | 26 999\n", "at999.sil").unwrap();
    let tape = p.tape().unwrap();
    assert_eq!(tape[..60], x1[..60]);
    // And both tapes have the same length: words 999..1023 and the start word.
    assert_eq!(tape.len(), x1.len());
    // X1's start word, `26 3F7 | 00 000`, is what the assembler writes for `.start 999`.
    assert_eq!(tape[tape.len() - 10..], x1[x1.len() - 10..]);
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs the period tapes in ../shared beside the checkout; CI has them"
)]
fn x1_read_back_and_reassembled() {
    let x1 = x1_frames();
    let image = sil::tape::read_image(&x1).expect("X1 is in the bootstrap layout");
    assert_eq!(image.first, 999);
    assert_eq!(image.start, 999);
    // Disassemble the period routine and assemble it again: the same 25 words.
    let mut text = sil::disassemble(&image.words);
    text.push_str(".start 999\n");
    let p = sil::assemble(&text, "x1.sil").unwrap_or_else(|d| panic!("{d}\n{text}"));
    assert_eq!(p.words, image.words);
    assert_eq!(p.tape().unwrap(), x1);
    // The labelled form too.
    let text = sil::disassemble_labelled(&image.words, Some(image.start));
    let p = sil::assemble(&text, "x1.sil").unwrap_or_else(|d| panic!("{d}\n{text}"));
    assert_eq!(p.tape().unwrap(), x1);
    assert!(text.contains("w1010:  40 w1007"), "{text}");
}

#[test]
fn sum_program_runs_on_the_emulator() {
    let p = sil::assemble(SUM, "sum.sil").unwrap_or_else(|d| panic!("{d}"));
    let mut m = Machine::new();
    m.reader_mut().push(&p.tape().unwrap());
    m.console_start();
    let stop = m.run(Limits::orders(100_000));
    let halt = p.symbols["halt"];
    assert!(
        matches!(stop, Stop::StopOrder { address, half: Half::Right, .. } if address == halt.address),
        "{stop:?}"
    );
    assert_eq!(halt.half, Some(Half::Right));
    assert_eq!(m.a(), 55);
    assert_eq!(m.word(p.symbols["sum"].address), 55);
    assert_eq!(m.word(p.symbols["k"].address), 0);
    assert_eq!(m.punch().frames(), &[3, 7, 5]);
    // The whole tape was read and the code is in the store as assembled.
    assert_eq!(m.reader().available(), 0);
    for (&a, &w) in p.words.range(3..p.symbols["sum"].address) {
        assert_eq!(m.word(a), w, "word {a}");
    }
    // Restart as the console would: the stop order goes to itself and stops again.
    let again = m.run(Limits::orders(10));
    assert!(matches!(again, Stop::StopOrder { .. }), "{again:?}");
}

#[test]
fn subroutine_linkage_runs_on_the_emulator() {
    let src = include_str!("../testdata/subroutine.sil");
    let p = sil::assemble(src, "subroutine.sil").unwrap_or_else(|d| panic!("{d}"));
    let mut m = Machine::new();
    m.reader_mut().push(&p.tape().unwrap());
    m.console_start();
    let stop = m.run(Limits::orders(100_000));
    let halt = p.symbols["halt"];
    assert_eq!(
        stop.location(),
        Some((halt.address, Half::Left)),
        "{stop:?}"
    );
    assert_eq!(m.word(p.symbols["y"].address), 42);
    assert_eq!(m.word(p.symbols["z"].address), 84);
    assert_eq!(m.a(), 84);
}

/// `.dec` constants through the emulator's adder and multiplier: the products and sums come
/// out as the `.dec` of the exact decimal result (two independent conversions agree).
#[test]
fn decimal_constants_through_the_arithmetic() {
    let src = "\
        .org 300
go:     50 half         ; Q := 0.5
        7J quarter      ; A := 0.5 * 0.25, rounded
        40 prod
        L5 neg          ; A := -0.75 + 0.25
        L4 quarter
        40 sum
        50 tenth        ; Q := 0.1
        7J three        ; A := 0.1 * 0.3 = 0.03 (to 2^-39)
        40 p2
h:      20 h           ; (a right-hand order: 20, not 24)
half:   .dec 0.5
quarter: .dec 0.25
neg:    .dec -0.75
tenth:  .dec 0.1
three:  .dec 0.3
prod:   .bss 1
sum:    .bss 1
p2:     .bss 1
";
    let p = sil::assemble(src, "dec.sil").unwrap_or_else(|d| panic!("{d}"));
    let mut m = Machine::new();
    m.reader_mut().push(&p.tape().unwrap());
    m.console_start();
    let stop = m.run(Limits::orders(100_000));
    assert!(matches!(stop, Stop::StopOrder { .. }), "{stop:?}");
    let word = |n: &str| m.word(p.symbols[n].address);
    let dec = |x: &str| sil::data::decimal_word(x).unwrap();
    assert_eq!(word("prod"), dec("0.125"));
    assert_eq!(word("sum"), dec("-0.5"));
    // 0.1 and 0.3 are rounded on entry, so the product is within one unit of 0.03.
    let diff = (word("p2") as i64 - dec("0.03") as i64).abs();
    assert!(diff <= 1, "{}", diff);
}

/// Frames after the start word stay in the reader: a program reads its input from the same
/// tape, as period programs did.
#[test]
fn program_reads_data_after_its_tape() {
    let src = ".org 900\ngo: 81 40 | 40 x\nh: 24 h\nx: .bss 1\n";
    let p = sil::assemble(src, "read.sil").unwrap_or_else(|d| panic!("{d}"));
    let mut m = Machine::new();
    m.reader_mut().push(&p.tape().unwrap());
    m.reader_mut().push(&sil::tape::word_frames(0x12345_6789A));
    m.console_start();
    let stop = m.run(Limits::orders(100_000));
    assert!(matches!(stop, Stop::StopOrder { .. }), "{stop:?}");
    assert_eq!(m.word(p.symbols["x"].address), 0x12345_6789A);
}

#[test]
fn working_storage_at_the_loader_words() {
    // Words 0..2 may be named and used once the program runs.
    let src = "t: .bss 3\n.org 500\ngo: L5 x\n40 t+2\nL4 t+2\n40 t\nh: 24 h\nx: .int 21\n";
    let p = sil::assemble(src, "ws.sil").unwrap_or_else(|d| panic!("{d}"));
    let mut m = Machine::new();
    m.reader_mut().push(&p.tape().unwrap());
    m.console_start();
    let stop = m.run(Limits::orders(100_000));
    assert!(matches!(stop, Stop::StopOrder { .. }), "{stop:?}");
    assert_eq!(m.word(0), 42);
    assert_eq!(m.word(2), 21);
}

/// Load `words` with the emulator obeying the bootstrap; stop where the program would start.
fn load(words: &BTreeMap<u16, u64>, start: u16) -> (Machine, Stop) {
    let tape = sil::tape::image(words, start).unwrap();
    let mut m = Machine::new();
    m.reader_mut().push(&tape);
    m.console_start();
    let stop = m.run(Limits {
        max_orders: Some(100_000),
        breakpoint: Some((start, Half::Left)),
        ..Limits::default()
    });
    (m, stop)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Two computations of the store after loading: the word map the tape was made from, and
    /// the emulator obeying the period bootstrap on that tape.
    #[test]
    fn emulator_loads_exactly_the_words(
        words in prop::collection::btree_map(3u16..1024, any::<u64>(), 1..30),
        start in 3u16..1024,
    ) {
        let words: BTreeMap<u16, u64> =
            words.into_iter().map(|(a, w)| (a, w & WORD_MASK)).collect();
        let (m, stop) = load(&words, start);
        prop_assert_eq!(stop, Stop::Breakpoint { address: start, half: Half::Left });
        prop_assert_eq!(m.reader().available(), 0);
        let first = *words.keys().next().unwrap();
        for a in first..1024 {
            prop_assert_eq!(m.word(a), words.get(&a).copied().unwrap_or(0), "word {}", a);
        }
        // The start word wrapped to 0.
        prop_assert_eq!(m.word(0), sil::tape::start_word(start));
    }
}

/// The largest program in the repository (written by another helper against this assembler):
/// both disassemblies of its tape assemble to the identical tape.
#[test]
fn dama_program_round_trips() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../programs/dama/dama.sil");
    let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let p = sil::assemble(&src, path).unwrap_or_else(|d| panic!("{d}"));
    let tape = p.tape().unwrap();
    let image = sil::tape::read_image(&tape).unwrap();
    for text in [
        sil::disassemble_labelled(&image.words, Some(image.start)),
        format!("{}.start {}\n", sil::disassemble(&image.words), image.start),
    ] {
        let q = sil::assemble(&text, "dama.dis.sil").unwrap_or_else(|d| panic!("{d}"));
        assert_eq!(q.tape().unwrap(), tape);
    }
}
