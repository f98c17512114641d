//! Tests of the FAP dialect's API and properties: every row of the emulator's table, lines and
//! descriptions of addresses, deck and image round trips, DEC and OCT items, never a panic. The
//! cases of words (every format and pseudo-op, literals, the card rules), errors and listings
//! are files in `assembler/tests` (`ok_*.fap`, `err_*.fap`), run by `tests/expectations.rs`.

use proptest::prelude::*;

use super::*;

fn asm(src: &str) -> Program {
    match assemble(src, "t.fap") {
        Ok(p) => p,
        Err(d) => panic!("{d}"),
    }
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
            // RTDA n: the unit is 1200 + n.
            _ if is_extended(info) && info.operand_max > 0 => (
                format!(" {} {},{tag}", info.mnemonic, info.operand_max),
                u32::from(info.function + info.operand_max),
                0,
            ),
            // RCDA, WPRA: the unit is part of the operation.
            _ if is_extended(info) => (
                format!(" {} ,{tag}", info.mnemonic),
                u32::from(info.function),
                0,
            ),
            // The indicator orders: one octal operand, tag and address.
            _ if crate::fap::operations::boolean_operand(info) => (
                format!(" {} {:o}", info.mnemonic, u32::from(tag) << 15 | address),
                address,
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
