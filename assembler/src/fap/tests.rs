//! Tests of the FAP dialect: every format and pseudo-op with the exact words, literals, the
//! card rules, and errors (all of them, with line and column). Expected words are written in
//! octal as the 7090 manuals lay them out (`±OOOO FF T AAAAA`, `P DDDDD T AAAAA`).

// Octal literals are grouped as the fields of the word, not in threes.
#![allow(clippy::unusual_byte_groupings, clippy::inconsistent_digit_grouping)]

use proptest::prelude::*;

use super::*;

fn asm(src: &str) -> Program {
    match assemble(src, "t.fap") {
        Ok(p) => p,
        Err(d) => panic!("{d}"),
    }
}

fn words(src: &str) -> Vec<(u16, u64)> {
    asm(src).words.into_iter().collect()
}

fn errors(src: &str) -> Vec<String> {
    assemble(src, "t.fap")
        .unwrap_err()
        .iter()
        .map(|d| d.to_string())
        .collect()
}

#[test]
fn type_b_tag_and_indirect() {
    assert_eq!(
        words("       ORG 64\nX      CLA X+1\n       CLA* X,2\n       CAL 5,4\n       END\n"),
        vec![
            (64, 0o0500_00_0_00101),
            (65, 0o0500_60_2_00100),
            (66, 0o4500_00_4_00005),
        ]
    );
}

#[test]
fn type_a_with_decrement() {
    assert_eq!(
        words(" TXI 10,1,3\n TIX 10,2,1\n TXH 10,4,0\n TNX 10,1,5\n TXL 10,1,-1\n"),
        vec![
            (0, 0o1_00003_1_00012),
            (1, 0o2_00001_2_00012),
            (2, 0o3_00000_4_00012),
            (3, 0o6_00005_1_00012),
            (4, 0o7_77777_1_00012),
        ]
    );
}

#[test]
fn shifts_group_0760_io_and_channel_commands() {
    let src = "
       ALS    3
       LRS    35,1
       CHS                  THE REST IS A COMMENT
       COM
       SWT    3
       SLN    4
       RDS
       WRS    753
       RCHA   CMD
CMD    IOCD   100,,24
       IORT*  100,,24
";
    assert_eq!(
        words(src),
        vec![
            (0, 0o0767_00_0_00003),
            (1, 0o0765_00_1_00043),
            (2, 0o0760_00_0_00002),
            (3, 0o0760_00_0_00006),
            (4, 0o0760_00_0_00163),
            (5, 0o0760_00_0_00144),
            (6, 0o0762_00_0_01321),
            (7, 0o0766_00_0_01361),
            (8, 0o0540_00_0_00011),
            (9, 0o0_00030_0_00144),
            (10, 0o3_00030_0_00144 | 1 << 17),
        ]
    );
}

#[test]
fn unit_select_names() {
    // RCDA and WPRA (rows of the emulator's table) are FAP's names for RDS 1321 and WRS 1361
    // (octal units, channel A in the high digit; a written unit is decimal like any address:
    // 721 = octal 1321).
    assert_eq!(
        words(" RCDA\n WPRA\n RDS 721\n RCDA ,1\n"),
        vec![
            (0, 0o0762_00_0_01321),
            (1, 0o0766_00_0_01361),
            (2, 0o0762_00_0_01321),
            (3, 0o0762_00_1_01321),
        ]
    );
    assert_eq!(
        errors(" RCDA 5\n"),
        vec![
            "t.fap:1:7: error: 'RCDA' has no address (the unit is part of the operation) subfield"
        ]
    );
}

#[test]
fn prefix_data_words() {
    assert_eq!(
        words(" PZE 1,2,3\n MZE 1\n PON\n MTH -1,7,-1\n"),
        vec![
            (0, 0o0_00003_2_00001),
            (1, 0o4_00000_0_00001),
            (2, 0o1_00000_0_00000),
            (3, 0o7_77777_7_77777),
        ]
    );
}

#[test]
fn org_bss_bes_and_symbols() {
    let p = asm("
       ORG    8
A      BSS    3
B      BES    2
C      PZE    A
D      PZE    B
E      EQU    C+100
F      SYN    E
G      BOOL   777
       PZE    E,,F
       PZE    G
       END    C
");
    assert_eq!(p.symbol("A"), Some(8));
    assert_eq!(p.symbol("B"), Some(13));
    assert_eq!(p.symbol("C"), Some(13));
    assert_eq!(p.symbol("E"), Some(113));
    assert_eq!(p.symbol("F"), Some(113));
    assert_eq!(p.symbol("G"), Some(0o777));
    assert_eq!(p.start, 13);
    assert_eq!(p.reserved, vec![(8, 3), (11, 2)]);
    assert_eq!(
        p.words.into_iter().collect::<Vec<_>>(),
        vec![(13, 8), (14, 13), (15, 0o0_00161_0_00161), (16, 0o777),]
    );
}

#[test]
fn dec_oct_bci_vfd() {
    let p = asm("
       DEC    -12,3.5,1B17
       OCT    17,-17,777777777777
       BCI    2,HELLO WORLD
       VFD    O12/7,6/3,18/START
START  VFD    H12/AB,O24/1
       END
");
    assert_eq!(
        p.words.into_iter().collect::<Vec<_>>(),
        vec![
            (0, 1 << 35 | 12),
            (1, 0o202700000000),
            (2, 1 << 18),
            (3, 0o17),
            (4, 1 << 35 | 0o17),
            (5, 0o777777777777),
            (6, 0o302543434660),
            (7, 0o664651432460),
            (8, 0o0007_03_000011),
            (9, 0o2122_00000001),
        ]
    );
}

#[test]
fn bci_keeps_blanks_and_pads_short_cards() {
    // The text is the 6n characters after the comma, blanks included.
    let p = asm("       BCI    2, A  B\n");
    assert_eq!(p.words[&0], 0o602160602260);
    assert_eq!(p.words[&1], 0o606060606060);
}

#[test]
fn literals_are_pooled_after_end_once_each() {
    let p = asm("
       ORG    100
       CLA    =5
       ADD    =-5
       SUB    =5
       ORA    =O17
       LDQ    =HAB
       CLA    =1B17,1
       END    100
");
    let pool: Vec<(u16, u64)> = p.literals.clone();
    assert_eq!(
        pool,
        vec![
            (106, 5),
            (107, 1 << 35 | 5),
            (108, 0o17),
            (109, 0o212260606060),
            (110, 1 << 18),
        ]
    );
    assert_eq!(p.words[&100], 0o0500_00_0_00152);
    assert_eq!(p.words[&102], 0o0402_00_0_00152);
    assert_eq!(p.words[&105], 0o0500_00_1_00156);
    assert!(p.listing().contains("Literals\n00152  000000000005"));
}

#[test]
fn location_counter_and_filled_addresses() {
    assert_eq!(
        words(" TRA *+2\n TRA *-1\n AXT **,4\n TRA **\n CLA -1\n"),
        vec![
            (0, 0o0020_00_0_00002),
            (1, 0o0020_00_0_00000),
            (2, 0o0774_00_4_00000),
            (3, 0o0020_00_0_00000),
            (4, 0o0500_00_0_77777),
        ]
    );
}

#[test]
fn card_columns() {
    // Columns 73-80 are identification; a token starting right of column 16 on a card whose
    // operation is in column 8 is a comment; free-form lines take the next token.
    let card = format!(
        "{:<72}{}",
        "       HTR                  STOP HERE", "PROG0010"
    );
    assert_eq!(words(&card), vec![(0, 0)]);
    assert_eq!(
        words("LOOP CLA LOOP comment\n"),
        vec![(0, 0o0500_00_0_00000)]
    );
    assert_eq!(words("\tCLA\t5\n"), vec![(0, 0o0500_00_0_00005)]);
    // A location with a blank operation is a PZE word; `*` in column 1 a comment card.
    let p = asm("* COMMENT\nW\n       TRA W\n");
    assert_eq!(p.symbol("W"), Some(0));
    assert_eq!(p.words.len(), 2);
    // On a card, a blank operation field with a variable field in column 16 is a PZE too.
    assert_eq!(
        words("W              5,1,2\n"),
        vec![(0, 0o0_00002_1_00005)]
    );
    // NULL names the location without taking a word.
    assert_eq!(
        asm("       PZE\nN      NULL\n       PZE\n").symbol("N"),
        Some(1)
    );
    // Operations are upper-cased; symbols may start with a digit.
    assert_eq!(words("2ND    tra 2ND\n"), vec![(0, 0o0020_00_0_00000)]);
}

#[test]
fn unimplemented_instructions_still_assemble() {
    // FAD is in the table but not emulated: the machine stops on it; the assembler keeps it.
    assert_eq!(words(" FAD 5\n"), vec![(0, 0o0300_00_0_00005)]);
}

#[test]
fn all_errors_at_once_with_positions() {
    let src = "       CLA    UNDEF
       XYZ    1
       CLA    1,8
A      PZE
A      PZE
       CLA    1,,2
       SWT    7
       TXI*   1
       DEC    1.5.5
       OCT    9
       BCI    1,AB!
       CLA    =Q5
       CLA    1+
       ORG    40000
       END
       CLA    1
";
    assert_eq!(
        errors(src),
        vec![
            "t.fap:1:15: error: undefined symbol 'UNDEF'",
            "t.fap:2:8: error: unknown operation 'XYZ' (neither a FAP pseudo-op nor a 7090 instruction)",
            "t.fap:3:17: error: tag 8 is outside 0..7",
            "t.fap:5:1: error: symbol 'A' is already defined on line 4",
            "t.fap:6:18: error: 'CLA' has no decrement subfield",
            "t.fap:7:15: error: SWT 7: the operand must be 1..6",
            "t.fap:8:8: error: 'TXI' has no indirect form ('*')",
            "t.fap:9:15: error: '1.5.5' is not a DEC number (e.g. 12, -5, 3.5, 1.5E2, 1B17, .25B0)",
            "t.fap:10:15: error: '9' is not an octal number",
            "t.fap:11:19: error: '!' is not a character of the 7090's BCD set",
            "t.fap:12:15: error: '=Q5' is not a literal (=n, =-n, =3.5, =1B17, =On, =Hxxxxxx)",
            "t.fap:13:17: error: expected a number, symbol or '*' after the sign, found the end of the line",
            "t.fap:14:15: error: ORG 40000 is outside the store (0..32767)",
            "t.fap:16:8: error: statement after END",
        ]
    );
}

#[test]
fn a_bad_card_keeps_its_label() {
    // One error for the bad card, none for the uses of its label.
    assert_eq!(
        errors("X      DEC    1.2.3\n       CLA    X\n       TRA    X\n"),
        vec![
            "t.fap:1:15: error: '1.2.3' is not a DEC number (e.g. 12, -5, 3.5, 1.5E2, 1B17, .25B0)"
        ]
    );
}

#[test]
fn overlap_and_end_of_store() {
    assert_eq!(
        errors(" ORG 10\n PZE\n ORG 10\n PZE\n"),
        vec!["t.fap:4:2: error: location 00012 (octal) is already used by line 2"]
    );
    assert_eq!(
        errors(" ORG 32767\n PZE\n PZE\n"),
        vec![
            "t.fap:3:2: error: the program runs past location 77777 (octal), the end of the store"
        ]
    );
    assert_eq!(
        errors(" CLA 32768\n"),
        vec![
            "t.fap:1:6: error: address 32768 does not fit in 15 bits (-32767..32767; negative \
             values are taken as the 2's complement)"
        ]
    );
    assert_eq!(
        errors("CLA 5\n"),
        vec![
            "t.fap:1:1: error: 'CLA' stands in the location field (column 1); an operation goes \
             after a blank (column 8 on a card)"
        ]
    );
    assert_eq!(
        errors(" EQU 5\nX BSS -1\n"),
        vec![
            "t.fap:1:2: error: EQU needs a symbol in the location field",
            "t.fap:2:7: error: BSS count -1 is out of range"
        ]
    );
}

#[test]
fn literal_pool_collisions_are_errors() {
    assert_eq!(
        errors(" ORG 1\n PZE\n ORG 0\n CLA =7\n END\n"),
        vec!["t.fap:5:1: error: location 00001 (octal) is already used by line 2"]
    );
    assert_eq!(
        errors(" ORG 32767\n CLA =7\n END\n"),
        vec![
            "t.fap:3:1: error: the program runs past location 77777 (octal), the end of the store"
        ]
    );
}

/// Every row of the emulator's table, assembled with random fields, decodes back to the same
/// row and fields through the emulator's own decoder (`isa::decode`, `isa::fields`).
#[test]
fn every_table_row_assembles_and_decodes_back() {
    use emu::ibm7090::isa::{decode, fields, is_extended, Format, TABLE};
    let mut checked = 0;
    for (k, info) in TABLE.iter().enumerate() {
        let address = (k as u32 * 2971 + 5) % 32768;
        let tag = (k % 8) as u8;
        let decrement = (k as u32 * 1237 + 3) % 32768;
        let (src, want_address, want_decrement) = match info.format {
            Format::Group0760 if info.operand_max > 0 => (
                format!(" {} {}", info.mnemonic, info.operand_max),
                u32::from(info.function + info.operand_max),
                0,
            ),
            Format::Group0760 => (format!(" {}", info.mnemonic), u32::from(info.function), 0),
            // RCDA, WPRA: the unit is part of the operation.
            _ if is_extended(info) => (
                format!(" {} ,{tag}", info.mnemonic),
                u32::from(info.function),
                0,
            ),
            Format::TypeA | Format::PrefixData | Format::ChannelCommand => (
                format!(" {} {address},{tag},{decrement}", info.mnemonic),
                address,
                decrement,
            ),
            _ => (format!(" {} {address},{tag}", info.mnemonic), address, 0),
        };
        let p = asm(&src);
        let w = p.words[&0];
        let f = fields(w);
        assert_eq!(u32::from(f.address), want_address, "{src}");
        if info.format != Format::Group0760 {
            assert_eq!(f.tag, tag, "{src}");
        }
        if matches!(
            info.format,
            Format::TypeA | Format::PrefixData | Format::ChannelCommand
        ) {
            assert_eq!(u32::from(f.decrement), want_decrement, "{src}");
        } else {
            // Type B: no decrement; bits 12-17 are the flag (0) and zeros.
            assert_eq!((w >> 18) & 0o77, 0, "{src}");
        }
        if is_extended(info) {
            // Decoded as the instruction it names (RDS, WRS).
            assert_eq!(decode(w).map(|i| i.opcode), Some(info.opcode), "{src}");
        } else if !matches!(info.format, Format::PrefixData | Format::ChannelCommand) {
            assert_eq!(decode(w).map(|i| i.mnemonic), Some(info.mnemonic), "{src}");
        }
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn forward_references_settle() {
    let p = asm(" TRA L\n ORG B+1\nL HTR L\nB EQU 20\n END L\n");
    assert_eq!(p.symbol("L"), Some(21));
    assert_eq!(p.words[&0], 0o0020_00_0_00025);
    assert_eq!(p.start, 21);
    let e = errors("X EQU Y\nY EQU X\n");
    assert!(e[0].contains("depends on itself"), "{e:?}");
}

#[test]
fn describe_and_line_at() {
    let p = asm(" ORG 8\nA PZE\n PZE\nB BSS 2\nC EQU 9\n");
    assert_eq!(p.describe(8), "A");
    assert_eq!(p.describe(9), "A+1");
    assert_eq!(p.describe(11), "B+1");
    assert_eq!(p.describe(7), "00007");
    assert_eq!(p.line_at(9), Some(3));
    assert_eq!(p.line_at(11), Some(4));
    assert_eq!(p.line_at(12), None);
}

#[test]
fn listing_shows_fields() {
    let l = asm(
        "       ORG    100\nS      CLA*   X,1\n       TXI    S,1,2\nX      DEC    -1\n       ALS    35\n       MPY    X\n       END    S\n",
    )
    .listing();
    assert!(l.contains("00144   0500 60 1 00146  3 "), "{l}");
    assert!(l.contains("00145  1 00002 1 00144   1 "), "{l}");
    assert!(l.contains("00146  400000000001       "), "{l}");
    assert!(l.contains("00147   0767 00 0 00043  4 "), "{l}");
    assert!(l.contains("00150   0200 00 0 00146  2-14 "), "{l}");
    assert!(l.contains("S        00144  line 2"), "{l}");
}

proptest! {
    /// Any store contents survive the object deck and the flat image unchanged.
    #[test]
    fn deck_and_image_round_trip(
        words in proptest::collection::btree_map(0u16..32768, 0u64..(1 << 36), 0..200),
        start in 0u16..32768,
    ) {
        let deck = deck::write(&deck::items(&words, start));
        let (back, s) = read_object_deck(&deck, "p.obj").unwrap();
        prop_assert_eq!(&back, &words);
        prop_assert_eq!(s, start);
        let nonzero: BTreeMap<u16, u64> =
            words.iter().filter(|(_, &w)| w != 0).map(|(&a, &w)| (a, w)).collect();
        prop_assert_eq!(deck::from_image(&deck::image(&words)), nonzero);
    }

    /// Generated DEC and OCT items assemble to the sign-magnitude word they name.
    #[test]
    fn dec_and_oct_items(n in -(1i64 << 35) + 1..(1i64 << 35)) {
        let expect = if n < 0 { 1 << 35 | n.unsigned_abs() } else { n as u64 };
        let p = asm(&format!(" DEC {n}\n OCT {}{:o}\n", if n < 0 { "-" } else { "" }, n.abs()));
        prop_assert_eq!(p.words[&0], expect);
        prop_assert_eq!(p.words[&1], expect);
    }

    /// Whatever the cards say, the assembler answers with a program or errors, never a panic;
    /// and a program it accepts survives its own deck.
    #[test]
    fn never_panics(lines in proptest::collection::vec(
        prop_oneof![
            "[ A-Z0-9*=,+./()$'-]{0,30}",
            "[A-Z]{0,6} {1,3}(CLA|TXI|DEC|OCT|BCI|VFD|ORG|BSS|BES|EQU|END|SWT|PZE|IOCD)\\*? {1,2}[A-Z0-9*=,+/HOB.-]{0,20}",
        ],
        0..12,
    )) {
        let src = lines.join("\n");
        if let Ok(p) = assemble(&src, "f.fap") {
            let _ = p.listing();
            let (w, _) = read_object_deck(&p.object_deck(), "f.obj").unwrap();
            prop_assert_eq!(w, p.words);
        }
    }
}
