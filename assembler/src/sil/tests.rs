//! Tests of the whole dialect: every directive, every error with its line and column, the
//! fixed point, and the assemble -> disassemble -> assemble round trip.

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
fn orders_fill_left_then_right() {
    let p = asm(".org 10\nL5 1\n26 2\n40 3\n");
    assert_eq!(p.words[&10], pair(o(0xF5, 1), o(0x26, 2)));
    assert_eq!(p.words[&11], pair(o(0x40, 3), Z));
    assert_eq!(p.words.len(), 2);
    assert_eq!(p.start, 10);
}

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
}

#[test]
fn org_completes_a_pending_word() {
    let p = asm(".org 10\nL5 1\n.org 20\n L4 2 \n");
    assert_eq!(p.words[&10], pair(o(0xF5, 1), Z));
    assert_eq!(p.words[&20], pair(o(0xF4, 2), Z));
    assert_eq!(p.regions.len(), 2);
    assert_eq!(p.regions[1].origin, 20);
    assert_eq!(p.regions[1].line, 3);
}

#[test]
fn left_forces_a_new_word() {
    let p = asm(".org 10\nL5 1\n.left\n.left\nx: L4 2\n26 x\n.left\n");
    assert_eq!(p.words[&10], pair(o(0xF5, 1), Z));
    assert_eq!(p.words[&11], pair(o(0xF4, 2), o(0x26, 11)));
    assert_eq!(p.symbols["x"].half, Some(Half::Left));
}

#[test]
fn data_words_stand_alone() {
    let p = asm(".org 10\nL5 1\n.dec 0.5\n.int -1\n.sex 80028403F6\nL4 3\n.int #3F7\n.int x\nx:");
    assert_eq!(p.words[&10], pair(o(0xF5, 1), Z));
    assert_eq!(p.words[&11], 1 << 38);
    assert_eq!(p.words[&12], (1 << 40) - 1);
    assert_eq!(p.words[&13], 0x80028403E6);
    assert_eq!(p.words[&14], pair(o(0xF4, 3), Z));
    assert_eq!(p.words[&15], 999); // #3F7: F is 14
    assert_eq!(p.words[&16], 17);
    assert_eq!(p.words_initialised(), 7);
}

#[test]
fn bss_reserves_zero_words_and_may_name_loader_words() {
    let p = asm("t0: .bss 3\n.org 3\nL5 t0+2\nbuf: .bss 4\n.bss 0\nafter: .int 1");
    assert_eq!(p.symbols["t0"].address, 0);
    assert_eq!(p.words[&3], pair(o(0xF5, 2), Z));
    assert_eq!(p.symbols["buf"].address, 4);
    assert_eq!(p.symbols["after"].address, 8);
    assert_eq!(p.words_used(), 9);
    assert_eq!(p.words_initialised(), 2);
    assert_eq!((4..8).map(|a| p.words[&a]).sum::<u64>(), 0);
    // The tape starts at the lowest word >= 3.
    let t = p.tape().unwrap();
    assert_eq!(t.len(), 10 * (6 + 1021 + 1));
}

#[test]
fn equ_and_here() {
    let p = asm(".equ n, m+1\n.equ m, 5\n.org 10\nL5 *\nL4 *+1\nL0 *\n.equ h, *\n.equ big, 100000\n.int big\n.int -n");
    assert_eq!(p.symbols["n"].value, 6);
    assert_eq!(p.words[&10], pair(o(0xF5, 10), o(0xF4, 11)));
    assert_eq!(p.words[&11], pair(o(0xF0, 11), Z));
    // `*` with a left order pending is the word the next order goes to.
    assert_eq!(p.symbols["h"].value, 11);
    assert_eq!(p.symbols["big"].address, 0);
    assert_eq!(p.words[&12], 100000);
    assert_eq!(p.words[&13], (1 << 40) - 6);
}

#[test]
fn here_in_data_is_the_data_word() {
    let p = asm(".org 10\nL5 1\nx: .int *\n.int *-x");
    assert_eq!(p.words[&11], 11);
    assert_eq!(p.words[&12], 1);
}

#[test]
fn character_constants_give_the_92_address() {
    let p = asm(".org 10\n92 '5' | 92 '\\n'\n92 ' ' | 92 'A'\n.int 'Z'-2");
    assert_eq!(p.words[&10], pair(o(0x92, 322), o(0x92, 131)));
    assert_eq!(p.words[&11], pair(o(0x92, 963), o(0x92, 387)));
    assert_eq!(p.words[&12], 897);
    assert_eq!(
        one_err(".org 10\n92 '?'"),
        "2:4: '?' is not a character constant of this machine's character set"
    );
}

#[test]
fn org_by_a_symbol_defined_later() {
    // The location depends on a symbol defined after it: settled by the fixed point.
    let p =
        asm(".org base\nfirst: L5 last\n26 first\nlast: .int 0\n.equ base, top-20\n.equ top, 1000");
    assert_eq!(p.symbols["first"].address, 980);
    assert_eq!(p.symbols["last"].address, 981);
    assert_eq!(p.words[&980], pair(o(0xF5, 981), o(0x26, 980)));
    assert!(p.passes >= 2 && p.passes <= 4, "{}", p.passes);
    // A table sized by a symbol defined at the end.
    let p = asm(".org 100\ntable: .bss n\nend: L5 table\n.equ n, 5\n");
    assert_eq!(p.symbols["end"].address, 105);
}

#[test]
fn products_and_quotients() {
    let p = asm(".equ n, 8\n.org 10\nboard: .bss n*n\nL5 board+n*2+3\n.int 100/7\n.int -7/2");
    assert_eq!(p.words[&74], pair(o(0xF5, 29), Z));
    assert_eq!(p.words[&75], 14);
    assert_eq!(p.words[&76], (1 << 40) - 3);
    assert_eq!(one_err(".org 10\nL5 5/0"), "2:6: division by zero");
}

#[test]
fn start() {
    assert_eq!(asm(".org 10\n.int 1\nL5 1").start, 11);
    assert_eq!(asm(".org 10\n.int 1\nL5 1\n.start 10").start, 10);
    assert_eq!(asm(".start go\n.org 10\nL5 1\n.left\ngo: L5 2").start, 11);
    let p = asm(".org 1000\ngo: L5 1\n.start go");
    let t = p.tape().unwrap();
    let last = &t[t.len() - 10..];
    assert_eq!(last, &tape::word_frames(pair(o(0x26, 1000), Z)));
}

#[test]
fn pair_syntax_makes_one_word() {
    let p = asm(".org 10\nL5 1\nL4 2 | 26 x\nx: 40 3 | 26 x ; comment\n");
    assert_eq!(p.words[&10], pair(o(0xF5, 1), Z));
    assert_eq!(p.words[&11], pair(o(0xF4, 2), o(0x26, 12)));
    assert_eq!(p.words[&12], pair(o(0x40, 3), o(0x26, 12)));
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
fn case_and_spacing() {
    let a = asm(".ORG 10\n\tl5 #3f7\n  7j 1  ;x\n");
    let b = asm(".org 10\nL5 999\n7J 1\n");
    assert_eq!(a.words, b.words);
}

// ---------------------------------------------------------------------------------------
// Errors: each with its line and column; several in one file are all reported.

#[test]
fn syntax_errors() {
    assert_eq!(one_err(".org 10\n  LDA 5").split(' ').next(), Some("2:3:"));
    assert_eq!(
        one_err(".org 10\nloop L5 1").split(' ').next(),
        Some("2:1:")
    );
    assert_eq!(
        one_err(".org 10\n.frob 1"),
        "2:1: unknown directive '.frob'"
    );
    assert_eq!(
        one_err(".org 10\nL5 1 2"),
        "2:6: unexpected text '2' after the statement"
    );
    assert_eq!(
        one_err(".org 10\nL5 $"),
        "2:4: expected an expression, found '$'"
    );
    assert_eq!(one_err(".org 10\n$"), "2:1: unexpected character '$'");
    assert_eq!(one_err(".org 10\nL5 #3G"), "2:4: malformed number '#3G'");
    assert_eq!(one_err(".org 10\nL5 12a"), "2:4: malformed number '12a'");
    assert_eq!(
        one_err(".org 10\nL5 1 |"),
        "2:7: expected a right-hand order after '|', found the end of the line"
    );
    assert_eq!(one_err(".org"), "1:5: .org needs an address");
    assert_eq!(
        one_err(".equ 1x 5"),
        "1:6: '1x' is not a valid name (a letter or '_', then letters, digits, '_' or '.')"
    );
    assert_eq!(
        one_err(".allow 0X"),
        "1:8: '0X' is not a function code (two sexadecimal characters)"
    );
}

#[test]
fn symbol_errors() {
    assert_eq!(
        one_err(".org 10\nL5 nowhere"),
        "2:4: undefined symbol 'nowhere'"
    );
    assert_eq!(
        one_err(".org 10\na: L5 1\na: L5 2"),
        "3:1: symbol 'a' is already defined on line 2"
    );
    assert_eq!(
        one_err(".org 10\n.equ x, 1\nx: L5 1"),
        "3:1: symbol 'x' is already defined on line 2"
    );
    let e = errs(".equ a, b\n.equ b, a+1\n");
    assert_eq!(
        e,
        [
            "1:9: symbol 'b' cannot be resolved: its definition depends on itself",
            "2:9: symbol 'a' cannot be resolved: its definition depends on itself"
        ]
    );
    let e = one_err(".org x+1\nx: .int 0");
    assert_eq!(
        e,
        "2:1: layout does not settle: symbol 'x' still changes after 16 passes"
    );
}

#[test]
fn address_errors() {
    assert_eq!(
        one_err(".org 10\nL5 1024"),
        "2:4: address 1024 is outside the store (0..1023)"
    );
    assert_eq!(
        one_err(".org 10\nL5 2-3"),
        "2:4: address -1 is outside the store (0..1023)"
    );
    assert_eq!(
        one_err(".org 1024"),
        "1:6: .org 1024 is outside the store (0..1023)"
    );
    assert_eq!(
        one_err(".org 1023\n.int 1\n.int 2\n.int 3"),
        "3:1: the program runs past word 1023, the end of the store"
    );
    assert_eq!(
        one_err(".org 1020\n.bss 5"),
        "2:1: the program runs past word 1023, the end of the store"
    );
    assert!(one_err("L5 1").starts_with("1:1: word 0 belongs to the tape loader"));
    assert!(one_err(".org 2\n.int 1").starts_with("2:1: word 2 belongs to the tape loader"));
    assert_eq!(
        one_err(".org 10\n.bss 100\n.org 50\n.bss 100"),
        "4:1: word 50 is already used by line 2"
    );
    assert_eq!(
        one_err(".org 10\n.int 1\n.org 10\n.dec 0.5"),
        "4:1: word 10 is already used by line 2"
    );
    assert_eq!(
        one_err(".org 10\n.bss -1"),
        "2:6: .bss -1: the count is negative"
    );
}

#[test]
fn data_errors() {
    assert_eq!(
        one_err(".org 10\n.dec 1"),
        "2:6: 1 is outside the range of a fraction, -1 <= x < 1"
    );
    assert_eq!(
        one_err(".org 10\n.dec 0.5.5"),
        "2:6: '0.5.5' is not a decimal fraction (e.g. 0.25, -.5, -1)"
    );
    assert_eq!(
        one_err(".org 10\n.int 549755813888"),
        "2:6: 549755813888 is outside the range of a word integer, -2^39 <= n < 2^39"
    );
    assert_eq!(
        one_err(".org 10\n.sex 123"),
        "2:6: '123' is not ten sexadecimal characters (0-9 K S N J F L)"
    );
    assert_eq!(
        one_err(".org 10\n.int 99999999999999"),
        "2:6: number 99999999999999 is too large"
    );
}

#[test]
fn start_errors() {
    assert_eq!(
        one_err(".org 10\nL5 1\n.start 10\n.start 11"),
        "4:1: the start is already set on line 3"
    );
    assert_eq!(
        one_err(".org 10\nL5 1\n.start 2"),
        "3:8: .start 2: words 0, 1, 2 hold the tape loader when the program starts"
    );
    assert_eq!(
        one_err(".org 10\nL5 1\n.start 1024"),
        "3:8: .start 1024 is outside the store (0..1023)"
    );
    assert_eq!(
        one_err(".org 10\nL5 1\nr: L4 1\n.start r"),
        "4:8: 'r' is a right-hand order, but a program starts at the left-hand order of its start word"
    );
}

#[test]
fn transfer_half_check() {
    let src = ".org 10\nl: L5 1\nr: L4 2\n26 r\n22 l\n24 r\n20 l\n36 r\n32 l\n26 l\n22 r\n36 r+0\n22 l+0\n26 data\n.int 0\ndata: .int 0";
    let e = errs(src);
    assert_eq!(
        e,
        [
            "4:4: order 26 goes to the left-hand order of its word, but 'r' is a right-hand order",
            "5:4: order 22 goes to the right-hand order of its word, but 'l' is a left-hand order",
            "6:4: order 24 goes to the left-hand order of its word, but 'r' is a right-hand order",
            "7:4: order 20 goes to the right-hand order of its word, but 'l' is a left-hand order",
            "8:4: order 36 goes to the left-hand order of its word, but 'r' is a right-hand order",
            "9:4: order 32 goes to the right-hand order of its word, but 'l' is a left-hand order",
        ]
    );
    // Forward references are checked too.
    assert_eq!(errs(".org 10\n26 r\nL5 1\nl: L5 1\nr: L4 2").len(), 1);
}

#[test]
fn many_errors_in_one_file_all_reported_in_order() {
    let src = "\
.org 10
  L5 nowhere        ; undefined
  XY 5              ; not an order
a: L5 1
a: L4 2             ; duplicate
  .dec 2            ; out of range
  L5 2000           ; address out of range
  26 a+0
";
    let d = assemble(src, "many.sil").unwrap_err();
    let lines: Vec<u32> = d.iter().map(|d| d.line()).collect();
    assert_eq!(lines, [2, 3, 5, 6, 7]);
    let text = d.to_string();
    assert!(text.starts_with("many.sil:2:6: error: undefined symbol 'nowhere'\nmany.sil:3:3: error: 'XY' is not an order"), "{text}");
    assert_eq!(text.lines().count(), 5);
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
// Listing.

#[test]
fn listing_shows_words_map_and_symbols() {
    let p = asm("; demo\n.org 100\nstart: L5 one\n  26 start | 00 0\none: .int 1\nbuf: .bss 2\n.equ ten, 10\n");
    // Compare with runs of spaces collapsed: column widths depend on the longest entry.
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let l = p.listing();
    let flat = norm(&l);
    for expect in [
        "100 L L5066 00000 L5 102 | 00 0 3 start: L5 one",
        "101 L 26064 00000 26 100 | 00 0 4 26 start | 00 0",
        "102 00000 00001 int 1 5 one: .int 1",
        "103 2 words of zero 6 buf: .bss 2",
        "= 10 7 .equ ten, 10",
        ".org 100 (line 2) 100 104 5",
        "5 words used of 1024 (3 initialised, 2 reserved with .bss)",
        "start 100 left",
        "buf 103 word",
        "ten 10 = (.equ)",
    ] {
        assert!(flat.contains(&norm(expect)), "{expect}\n{l}");
    }
    // Data words that are not small integers show as fractions.
    assert!(norm(&asm(".org 5\n.dec -0.25").listing()).contains("F0000 00000 dec -0.250000000000"));
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
