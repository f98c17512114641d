//! IBM's FAP as the judge of the FAP dialect's period rules: a deck of the cards the rules are
//! about (docs/assembler.md, FAP "Cards" and after) is assembled by IBM's FAP under IBSYS in
//! SIMH's `i7094` (the library tapes of `../shared/period/ibsys`, a `$EXECUTE IBSFAP` job as
//! `ibsys/jobs/testfap.job`), and every word its listing prints, and every card it flags, is
//! compared with ours. The run and the listing's reading are `tests/common/ibsys.rs`, which
//! `fap_judge` shares.

mod common;

use assembler::fap;
use common::ibsys;

/// The cards, each with the flags IBM's FAP prints beside it and what the FAP dialect says
/// of it: `E` an error, `W` a warning, blank nothing.
const CARDS: &[(&str, &str, char)] = &[
    ("       ORG     100", "", ' '),
    ("SX     PZE     1", "", ' '),
    (" L1    CLA     L1", "", ' '),
    ("       TEFA 2,4", "", ' '),
    ("           SX,,7", "", ' '),
    (" TFW                              TOP OF SPACE", "", ' '),
    ("       TXI     *+1,2,**", "", ' '),
    // FAP keeps the tag's low three bits without a flag; the dialect warns.
    ("       TRA     ,34", "", 'W'),
    ("       CLA     1,,4095", "DI", 'W'),
    ("       TSX     1,,7788", "D", 'W'),
    ("       HPR     -1,7,63", "DI", 'W'),
    ("       RIR     14", "", ' '),
    ("       LFT     770000", "", ' '),
    ("       AXT     *8,1", "U", 'E'),
    ("       PAXD    0,2,3", "O", 'E'),
    // Column 17: FAP reads no variable field (flag A); the dialect reads it, as asm7090 does.
    ("       STO      SX", "A", 'W'),
    ("X      SYN     UNDEF", "F", 'E'),
    ("Y      SYN     Y", "F", 'E'),
    ("       VFD     H24/ 0.0,O12/7777", "", ' '),
    ("PAL3   BCD 20 FUNCTION", "", ' '),
    ("       BCD 1", "", ' '),
    ("       BCI     1,*TRUE*", "", ' '),
    // Literals: the pool in ascending order of the word as 36 unsigned bits, each word once.
    ("       CLA     =HABC", "", ' '),
    ("       CLA     =O777", "", ' '),
    ("       CLA     =-1", "", ' '),
    ("       CLA     =1B17", "", ' '),
    ("       CLA     =3.5", "", ' '),
    ("       CLA     =0", "", ' '),
    ("       CLA     =HA", "", ' '),
    ("       CLA     =O4", "", ' '),
    ("       CLA     =4", "", ' '),
    ("       CLA     =-0", "", ' '),
    ("       CLA     =O400000000000", "", ' '),
    ("       CLA     =-3.5", "", ' '),
    ("       CLA     =H", "", ' '),
    ("       CLA     =O777777777777", "", ' '),
    ("       CLA     =1", "", ' '),
    ("Q      HED", "", ' '),
    (" QQ    PZE     3", "", ' '),
    ("       PZE     QQ", "", ' '),
    ("       PZE     Q$QQ", "", ' '),
    ("0      HED", "", ' '),
    ("       PZE     Q$QQ", "", ' '),
    ("       IOCPN   SX,,2", "", ' '),
    ("       SVN     ,,-1", "", ' '),
    ("       RPRA", "", ' '),
    ("       WPDA", "", ' '),
    ("       ORG     -47", "", ' '),
    ("       PZE     1", "", ' '),
    ("       END", "", ' '),
];

/// The one word where the dialect reads a card otherwise than IBM's FAP: the variable field
/// in column 17 (the STO card), read as asm7090 reads it.
const COLUMN_17: (u16, u64) = (0o162, 0o060100000144);

#[test]
#[cfg_attr(
    not(all(has_i7094, has_shared)),
    ignore = "needs SIMH's i7094 and ../shared (IBSYS's library tapes) to run IBM's FAP"
)]
fn ibm_fap_reads_the_period_cards_as_we_do() {
    let cards: Vec<String> = CARDS.iter().map(|(card, ..)| card.to_string()).collect();
    let listing = ibsys::ibm_fap_listing("fap-ibm", "RULES", &cards);
    let ibsys::Listing {
        words: ibm,
        flags: ibm_flags,
    } = ibsys::read_listing(&listing);
    let source: String = CARDS.iter().map(|(card, ..)| format!("{card}\n")).collect();
    let (ours, errors) = fap::assemble_flagged(&source, "rules.fap");
    for (n, &(card, flag, kind)) in CARDS.iter().enumerate() {
        let line = n as u32 + 1;
        let error = errors.iter().any(|d| d.line() == line);
        let warning = ours.warnings.iter().any(|w| w.span.line == line);
        let said = match (error, warning) {
            (true, _) => 'E',
            (false, true) => 'W',
            _ => ' ',
        };
        assert_eq!(said, kind, "{card}: {errors}");
        let key = card.trim_end().to_string();
        let got = ibm_flags.get(&key).map_or("", String::as_str);
        assert_eq!(got, flag, "IBM's FAP flags '{card}'\n{listing}");
    }
    assert_eq!(ibm.len(), 57, "{listing}");
    for (&a, &w) in &ibm {
        let want = if (a, w) == (COLUMN_17.0, 0o060100000000) {
            COLUMN_17.1
        } else {
            w
        };
        assert_eq!(ours.words.get(&a), Some(&want), "{a:05o}\n{listing}");
    }
}

/// IBM's FAP on the project's own 7094 lists this deck as it does in SIMH, to END OF JOBS. The
/// deck's punch output ends with a three-word record on SYSUT4, which IBSYS reads back with
/// `IOSP 3` and `IORT`: the IOSP takes the record's end, so the IORT meets the tape mark and
/// the end-of-file trap ends the wait at 75413 (docs/ibsys.md "A hand-written deck").
#[test]
#[cfg_attr(
    not(all(has_i7094, has_shared)),
    ignore = "needs SIMH's i7094 and ../shared (IBSYS's library tapes) to run IBM's FAP"
)]
fn ibm_fap_lists_the_cards_on_our_7094_as_in_simh() {
    let cards: Vec<String> = CARDS.iter().map(|(card, ..)| card.to_string()).collect();
    let simh = ibsys::ibm_fap_listing("fap-ours", "RULES", &cards);
    let ours = ibsys::our_fap_listing("RULES", &cards).unwrap_or_else(|e| panic!("{e}"));
    // SIMH leaves a copy of its last block's first byte (a tape mark) after the reel's end:
    // one empty line more.
    assert_eq!(simh.trim_end_matches('\n'), ours.trim_end_matches('\n'));
    assert!(ours.contains("END OF JOBS"), "{ours}");
}
