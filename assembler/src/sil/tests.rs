//! Tests of the dialect's API and properties: symbols, starts, tapes, lines and descriptions of
//! addresses, the assemble -> disassemble -> assemble round trips, and never a panic. The cases
//! of words, errors and listings are files in `assembler/tests` (`ok_*.sil`, `err_*.sil`), run
//! by `tests/expectations.rs`.

use std::collections::BTreeMap;

use emu::silliac::orders::{info, pair, Order, Status};
use proptest::prelude::*;

use super::*;

fn asm(src: &str) -> Program {
    assemble(src, "t.sil").unwrap_or_else(|d| panic!("{d}"))
}

/// The errors as "line:col: message".
fn errs(src: &str) -> Vec<String> {
    match assemble(src, "t.sil") {
        Ok(_) => panic!("assembled without error: {src}"),
        Err(d) => {
            d.0.iter()
                .map(|d| format!("{}:{}: {}", d.line(), d.column(), d.kind))
                .collect()
        }
    }
}

fn one_err(src: &str) -> String {
    let e = errs(src);
    assert_eq!(e.len(), 1, "{e:?}");
    e[0].clone()
}

fn o(f: u8, a: u16) -> Order {
    Order::new(f, a)
}

const Z: Order = Order::new(0, 0);

#[test]
fn labels_remember_their_half() {
    let p = asm(".org 10\na: L5 1\nb:\n 26 a\nc: .int 5\nd: .bss 2\n.equ e, 7\nend:");
    let s = |n: &str| {
        let s = p.symbols[n];
        (s.address, s.half, s.kind)
    };
    assert_eq!(s("a"), (10, Some(Half::Left), SymbolKind::Order));
    assert_eq!(s("b"), (10, Some(Half::Right), SymbolKind::Order));
    assert_eq!(s("c"), (11, None, SymbolKind::Data));
    assert_eq!(s("d"), (12, None, SymbolKind::Data));
    assert_eq!(s("e"), (7, None, SymbolKind::Equ));
    assert_eq!(s("end"), (14, None, SymbolKind::Data));
    assert_eq!(p.address("b"), Some(10));
    // An `.equ` value outside the store has no address.
    let p = asm(".equ big, 100000");
    assert_eq!(
        (p.symbols["big"].value, p.symbols["big"].address),
        (100000, 0)
    );
}

#[test]
fn bss_words_count_but_the_tape_starts_at_3() {
    // The words, symbols and counts of this case are its expectations (tests/ok_bss.sil).
    let p = asm(include_str!("../../tests/ok_bss.sil"));
    assert_eq!(p.words_used(), 9);
    assert_eq!(p.words_initialised(), 2);
    // The tape starts at the lowest word >= 3.
    let t = p.tape().unwrap();
    assert_eq!(t.len(), 10 * (6 + 1021 + 1));
}

#[test]
fn start() {
    // The cases tests/ok_start_*.sil give the start in the listing; here the Program's.
    for (case, start) in [
        (include_str!("../../tests/ok_start_first_order.sil"), 11),
        (include_str!("../../tests/ok_start_directive.sil"), 10),
        (include_str!("../../tests/ok_start_forward.sil"), 11),
    ] {
        assert_eq!(asm(case).start, start);
    }
    let p = asm(".org 1000\ngo: L5 1\n.start go");
    let t = p.tape().unwrap();
    let last = &t[t.len() - 10..];
    assert_eq!(last, &tape::word_frames(pair(o(0x26, 1000), Z)));
}

#[test]
fn allow_admits_an_order_without_known_effect() {
    let Some(code) = (0..=255u8).find(|&c| info(c).status != Status::Defined) else {
        return; // the emulator table defines every order: nothing to allow
    };
    let name = emu::silliac::orders::function_name(code);
    let e = one_err(&format!(".org 10\n{name} 5\n"));
    assert!(
        e.starts_with(&format!("2:1: order {name} has no known effect on SILLIAC")),
        "{e}"
    );
    let p = asm(&format!(".org 10\n.allow {name}\n{name} 5\n"));
    assert_eq!(p.words[&10], pair(o(code, 5), Z));
    // `.allow` only covers the lines after it.
    assert_eq!(
        errs(&format!(".org 10\n{name} 5\n.allow {name}\n{name} 5")).len(),
        1
    );
}

#[test]
fn source_lines_and_descriptions_of_addresses() {
    let p = asm("; x\n.org 100\na: L5 1\n   L4 2\nb: .int 3\n.bss 2\n.equ e, 101\n");
    assert_eq!(p.line_at(100, Half::Left), Some(3));
    assert_eq!(p.line_at(100, Half::Right), Some(4));
    assert_eq!(p.line_at(101, Half::Left), Some(5));
    assert_eq!(p.line_at(103, Half::Left), Some(6));
    assert_eq!(p.line_at(104, Half::Left), None);
    assert_eq!(p.describe(100), "a");
    assert_eq!(p.describe(101), "b");
    assert_eq!(p.describe(103), "b+2");
    assert_eq!(p.describe(99), "99");
}

// ---------------------------------------------------------------------------------------
// Round trips.

/// Both disassemblies must assemble to the words they came from.
fn reassemble(words: &BTreeMap<u16, u64>) -> BTreeMap<u16, u64> {
    let text = disassemble(words);
    let plain = assemble(&text, "dis.sil")
        .unwrap_or_else(|d| panic!("{d}\n{text}"))
        .words;
    let start = words.keys().next().copied();
    let text = disassemble_labelled(words, start);
    let labelled = assemble(&text, "dis.sil").unwrap_or_else(|d| panic!("{d}\n{text}"));
    assert_eq!(labelled.words, plain, "{text}");
    if let Some(s) = start {
        assert_eq!(labelled.start, s);
    }
    plain
}

#[test]
fn round_trip_of_a_program() {
    let p = asm(".org 100\ns: L5 x\n26 s\n.org 300\nx: .dec -0.3\n.bss 3\n.sex 80400L0000\n");
    assert_eq!(reassemble(&p.words), p.words);
}

proptest! {
    #[test]
    fn any_words_round_trip(words in prop::collection::btree_map(3u16..1024, any::<u64>(), 0..40)) {
        let words: BTreeMap<u16, u64> =
            words.into_iter().map(|(a, w)| (a, w & emu::silliac::orders::WORD_MASK)).collect();
        prop_assert_eq!(reassemble(&words), words);
    }

    #[test]
    fn order_words_round_trip(words in prop::collection::btree_map(3u16..1024, (any::<u8>(), 0u16..1024, any::<u8>(), 0u16..1024), 0..40)) {
        let words: BTreeMap<u16, u64> = words
            .into_iter()
            .map(|(a, (f, x, g, y))| (a, pair(Order::new(f, x), Order::new(g, y))))
            .collect();
        prop_assert_eq!(reassemble(&words), words);
    }

    /// Orders that name each other's words, so that the labelled disassembly has labels
    /// (left and right transfer targets, data references, zero words among them).
    #[test]
    fn dense_order_words_round_trip(
        words in prop::collection::btree_map(
            500u16..540,
            (defined_function(), 495u16..545, defined_function(), 495u16..545, 0u8..8),
            0..40,
        )
    ) {
        let words: BTreeMap<u16, u64> = words
            .into_iter()
            .map(|(a, (f, x, g, y, zero))| {
                (a, if zero == 0 { 0 } else { pair(Order::new(f, x), Order::new(g, y)) })
            })
            .collect();
        prop_assert_eq!(reassemble(&words), words);
    }

    #[test]
    fn small_programs_round_trip(items in prop::collection::vec(item(), 1..60), origin in 3u16..800) {
        let src = format!(".org {origin}\n{}", items.concat());
        let p = assemble(&src, "gen.sil").unwrap_or_else(|d| panic!("{d}\n{src}"));
        prop_assert_eq!(reassemble(&p.words), p.words.clone());
        // And the tape reads back to the same words.
        if p.words.is_empty() {
            return Ok(());
        }
        let back = tape::read_image(&p.tape().unwrap()).unwrap();
        for (a, w) in &p.words {
            prop_assert_eq!(back.words[a], *w);
        }
        prop_assert_eq!(back.start, p.start);
    }
}

fn defined_function() -> impl Strategy<Value = u8> {
    let defined: Vec<u8> = (0..=255u8)
        .filter(|&c| info(c).status == Status::Defined)
        .collect();
    prop::sample::select(defined)
}

/// One random source line: an order with a known effect, a data word, `.left`, `.bss`.
fn item() -> impl Strategy<Value = String> {
    let defined: Vec<u8> = (0..=255u8)
        .filter(|&c| info(c).status == Status::Defined)
        .collect();
    prop_oneof![
        4 => (prop::sample::select(defined), 0u16..1024)
            .prop_map(|(f, a)| format!("  {} {a}\n", emu::silliac::orders::function_name(f))),
        1 => (-1000i64..1000).prop_map(|n| format!("  .int {n}\n")),
        1 => (-99_999i64..100_000).prop_map(|n| format!("  .dec {}\n", n as f64 / 100_000.0)),
        1 => any::<u64>().prop_map(|w| format!("  .sex {}\n", emu::silliac::orders::word_to_sex(w & emu::silliac::orders::WORD_MASK))),
        1 => Just("  .left\n".to_string()),
        1 => (0i64..4).prop_map(|n| format!("  .bss {n}\n")),
    ]
}

proptest! {
    /// Bad input gets errors, never a panic: random lines over the characters the language
    /// uses, and random mutations of a valid program.
    #[test]
    fn random_text_never_panics(src in "([ a-zA-Z0-9.:;#'*+/|,\\-]{0,30}\n){0,12}") {
        let _ = assemble(&src, "fuzz.sil");
    }

    #[test]
    fn mutated_programs_never_panic(
        cuts in prop::collection::vec((0usize..400, "[ a-z0-9.:;#'*+/|,\\-]{0,3}"), 1..6)
    ) {
        let mut src = include_str!("../../testdata/subroutine.sil").to_string();
        for (at, text) in cuts {
            let at = at.min(src.len());
            if src.is_char_boundary(at) {
                src.insert_str(at, &text);
            }
        }
        if let Ok(p) = assemble(&src, "m.sil") {
            let _ = p.listing();
            let _ = p.tape();
        }
    }
}

#[test]
fn extreme_values_do_not_panic() {
    let src = ".equ m, 0-1099511627776\n.equ k, 0-1\n.org 10\n.int m*m*m/k\n.int m*m*m*m\n.bss 1099511627776\n.org 99999999999\nL5 0-m*m\n";
    let e = errs(src);
    assert!(e.len() >= 4, "{e:?}");
}
