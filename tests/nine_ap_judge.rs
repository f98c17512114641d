//! IBM's assembler as the judge of ours: 9AP, booted from its period tape on the
//! emulated 7090, assembles each of the seven diagnostics, and the deck it punches must equal
//! the deck `firstmoves asm --dialect 9ap` makes, card for card and word for word (the emu
//! test `nine_ap_assembles_the_seven_diagnostics` compares only card counts and first words).

use assembler::ap9;
use diag::{self, nine_ap};

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/diags beside the checkout; CI has it"
)]
fn nine_ap_punches_our_decks_word_for_word() {
    let dir = diag::shared_dir();
    let system = std::fs::read(dir.join("9ap.bcd")).expect("9ap.bcd");
    let mut differences = Vec::new();
    for d in diag::DIAGNOSTICS {
        let file = format!("{}.asm", d.name);
        let source = std::fs::read_to_string(dir.join(&file)).unwrap();
        let ours = ap9::assemble(&source, &file).unwrap().cards;
        let theirs = nine_ap::punch(&system, &source).unwrap();
        let words: usize = ours.iter().map(|c| c.len()).sum();
        for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
            for (k, (x, y)) in a.iter().zip(b).enumerate() {
                if x != y {
                    differences.push(format!(
                        "{}: card {} word {k}: ours {x:012o}, 9AP's {y:012o}",
                        d.name,
                        i + 1
                    ));
                }
            }
        }
        if ours.len() != theirs.len() {
            differences.push(format!(
                "{}: {} cards here, 9AP punched {}",
                d.name,
                ours.len(),
                theirs.len()
            ));
        }
        println!(
            "{}: {} cards, {words} words, as 9AP punched them",
            d.name,
            ours.len()
        );
    }
    assert!(differences.is_empty(), "{differences:#?}");
}
