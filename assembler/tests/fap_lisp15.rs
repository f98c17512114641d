//! The LISP 1.5 field-test source as transcribed (`../shared/period/lisp15/lisp15.asm`, 11,092
//! cards) read by the FAP dialect as written, against the deck asm7090 made of it
//! (`lisp15.asm7090.obj`, two decks with a name card). The transcription has damaged cards:
//! the FAP dialect reports them, as IBM's FAP flags them, and the flagged assembly (every card
//! assembled as FAP does, the field in error zero) must equal asm7090's words everywhere but
//! at the listed addresses, each explained in docs/assembler.md ("LISP 1.5").

use std::path::PathBuf;

use assembler::fap;

fn shared(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/period/lisp15");
    std::fs::read_to_string(path.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The cards in error, by line and column, and what the error names. Each is transcription
/// damage (a mistyped or missing name, a stray character); the rest are uses of a symbol whose
/// SYN is one of them.
const ERRORS: &[(u32, u32, &str)] = &[
    (159, 16, "B$RTIOU"),
    (180, 16, "B$RTIOU"),
    (387, 16, "undefined symbol 'H740'"),
    (394, 16, "undefined symbol 'CHKSYM'"),
    (954, 16, "'TIME' cannot be resolved"),
    (955, 16, "'GETTM' cannot be resolved"),
    (1813, 16, "TIME"),
    (1888, 24, "ECONAT"),
    (5019, 16, "undefined symbol '*8'"),
    (5245, 16, "TIME"),
    (5269, 16, "TIME"),
    (5308, 16, "TIME"),
    (5864, 16, "F$OCT41"),
    (5936, 12, "undefined symbol '$Q041'"),
    (7142, 16, "Q$UFNC"),
    (7155, 12, "undefined symbol 'Q01Q9'"),
    (8470, 8, "unknown operation 'PAXD'"),
    (8909, 16, "DUMP"),
    (8971, 16, "RETATM"),
    (8972, 12, "SASCO"),
    (10355, 16, "TIME"),
    (10870, 17, "undefined symbol 'DMPOB'"),
    (10920, 17, "undefined symbol ')102'"),
    (10921, 17, "undefined symbol ')106'"),
    (10998, 16, "'CELL' cannot be resolved"),
];

/// Where our words and asm7090's differ: (address, ours, asm7090's).
const DIFFERENCES: &[(u16, u64, u64)] = &[
    // STO RTIOU, CLA RTIOU: RTIOU SYN CHKSYM+4 names no symbol (CHKSUM BSS 5 is meant); FAP
    // flags it and assembles 0, asm7090 takes CHKSYM as 0 without a word.
    (0o00220, 0o060100000000, 0o060100000004),
    (0o00245, 0o050000000000, 0o050000000004),
    // TSX TIME,4: TIME SYN D$TIME names itself (TIME is under heading O); asm7090 gives
    // 01336, the address of WOTW.
    (0o03150, 0o007400400000, 0o007400401336),
    (0o11312, 0o007400400000, 0o007400401336),
    (0o11342, 0o007400400000, 0o007400401336),
    (0o11412, 0o007400400000, 0o007400401336),
    (0o71112, 0o700000000000, 0o700000001336),
    // OVDZ AXT *8,1: FAP reads *8 as an undefined symbol (address 0, which the period card
    // AXT **,1 is); asm7090 reads '*' as the indirect flag and 8 as the address.
    (0o10730, 0o077400100000, 0o077460100010),
    // PAXD 0,2: FAP knows no PAXD and assembles its field with a zero operation; asm7090
    // reads PAX.
    (0o16732, 0o000000200000, 0o073400200000),
    // TSX $END1,,LNKC+2: FAP ORs the whole decrement into bits 3-17; asm7090 only 6 bits.
    (0o17147, 0o017654002401, 0o007454002401),
    // -ZZALST,,-*-1 with ZZALST SYN )ALST: asm7090 takes )ALST in SYN as 16371, not the
    // 66777 its own symbol table gives; likewise )069B and )069A.
    (0o66432, 0o011345011001, 0o011345061407),
    (0o66522, 0o011255007636, 0o011255060372),
    (0o66523, 0o011254007626, 0o011254060363),
];

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared (the LISP 1.5 source and asm7090's deck of it)"
)]
fn lisp15_as_written_is_asm7090s_deck_but_where_the_cards_are_damaged() {
    let (program, errors) = fap::assemble_flagged(&shared("lisp15.asm"), "lisp15.asm");
    let got: Vec<(u32, u32, String)> = errors
        .iter()
        .map(|d| (d.line(), d.column(), d.kind.to_string()))
        .collect();
    assert_eq!(got.len(), ERRORS.len(), "{errors}");
    for ((line, column, message), &(l, c, names)) in got.iter().zip(ERRORS) {
        assert_eq!((*line, *column), (l, c), "{message}");
        assert!(message.contains(names), "{line}:{column}: {message}");
    }
    let (words, start) =
        fap::read_object_deck(&shared("lisp15.asm7090.obj"), "lisp15.asm7090.obj").unwrap();
    assert_eq!(program.start, start);
    assert_eq!(program.words.len(), words.len());
    let differences: Vec<(u16, u64, u64)> = words
        .iter()
        .filter_map(|(&a, &w)| {
            let ours = program.words.get(&a).copied()?;
            (ours != w).then_some((a, ours, w))
        })
        .collect();
    let mut want = DIFFERENCES.to_vec();
    want.sort();
    assert_eq!(differences, want);
    assert!(words.keys().all(|a| program.words.contains_key(a)));
}
