//! The dialect's API and properties (the rules themselves are the case files
//! `assembler/tests/ok_*.9ap` and `err_*.9ap`).

use super::*;
use crate::ibm7090::cards::{from_cbn, CARD_WORDS};
use proptest::prelude::*;

const PROGRAM: &str = "   TITLE
   DATE
       ORG 24
START  CLA K1
       TRA START
K1     OCT 5
       END START
";

#[test]
fn program_api() {
    let p = assemble(PROGRAM, "t.9ap").unwrap();
    assert_eq!(p.start, 0o30);
    assert_eq!(p.symbol("START"), Some(24));
    assert_eq!(p.describe(0o32), "K1");
    assert_eq!(p.describe(0o31), "START+1");
    assert_eq!(p.describe(3), "00003");
    assert_eq!(p.line_at(0o31), Some(5));
    assert_eq!(p.words[&0o30], 0o050000000032);
    // One absolute card, the transfer card, two blank cards.
    assert_eq!(p.cards.len(), 4);
    assert_eq!(p.cards[0][0], 0o000003000030);
    assert_eq!(p.cards[1][0], 0o30);
    assert_eq!(from_cbn(&p.cbn(), "t").unwrap(), p.cards);
    assert_eq!(p.deck_text().lines().count(), 4);
    assert_eq!(p.image().len(), 163_840);
    let listing = p.listing();
    assert!(listing.contains("   TITLE"), "{listing}");
    assert!(listing.contains("00030   0500 00 0 00032"), "{listing}");
}

#[test]
fn every_error_with_its_place() {
    let e = assemble("\n\n       CLA X\n       XYZ 1\n", "e.9ap").unwrap_err();
    assert_eq!(
        e.to_string(),
        "e.9ap:3:12: error: undefined symbol 'X'\n\
         e.9ap:4:1: error: no END card (9AP would stop at the end of its input without punching)\n\
         e.9ap:4:8: error: unknown operation 'XYZ' (not in 9AP's operation table nor a \
         pseudo-operation)"
    );
}

proptest! {
    // Any card, in any column, gives a program or errors, never a panic.
    #[test]
    fn never_panics(lines in proptest::collection::vec("[ -~]{0,90}", 0..12)) {
        let source = lines.join("\n");
        match assemble(&source, "p.9ap") {
            Ok(p) => prop_assert!(p.cards.iter().all(|c| c.len() == CARD_WORDS)),
            Err(d) => prop_assert!(!d.is_empty()),
        }
    }

    // Cards made of 9AP's own vocabulary, to reach deeper than random text does.
    #[test]
    fn never_panics_on_cards(
        cards in proptest::collection::vec(
            (
                "[A-Z0-9 ]{0,6}",
                prop::sample::select(vec![
                    "CLA", "TXI", "SWT", "LNT", "OCT", "DEC", "BCD", "BCI", "ORG", "BSS", "BES",
                    "EQU", "HED", "FUL", "ABS", "TCD", "DEF", "DEFINE", "END", "REM", "PZE", "   ",
                ]),
                prop::sample::select(vec![" ", "*"]),
                "[A-Z0-9*+/$,.=E-]{0,20}",
            ),
            0..20,
        )
    ) {
        let mut source = String::from("H1\nH2\n");
        for (loc, op, star, field) in &cards {
            source.push_str(&format!("{loc:<7}{op}{star}{field}\n"));
        }
        source.push_str("       END\n");
        let _ = assemble(&source, "c.9ap");
    }
}
