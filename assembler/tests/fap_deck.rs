//! The testdata programs through the whole path without a peer: assemble, write the object
//! deck, read it back (`read_object_deck`, what `firstmoves run FILE.obj` uses) and compare with
//! the assembled words; the same through the flat image.

use std::path::PathBuf;

use assembler::fap;

#[test]
fn testdata_decks_round_trip() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testdata/fap");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("fap") {
            continue;
        }
        let name = path.display().to_string();
        let p = fap::assemble(&std::fs::read_to_string(&path).unwrap(), &name)
            .unwrap_or_else(|d| panic!("{d}"));
        let deck = p.object_deck();
        assert!(
            deck.lines().all(|l| l.len() == 80),
            "{name}: 80-column records"
        );
        let (words, start) = fap::read_object_deck(&deck, &name).unwrap();
        assert_eq!(words, p.words, "{name}");
        assert_eq!(start, p.start, "{name}");
        let image = p.image();
        for (&a, &w) in &p.words {
            let at = a as usize * 5;
            let back = image[at..at + 5]
                .iter()
                .fold(0u64, |v, &b| v << 8 | u64::from(b));
            assert_eq!(back, w, "{name}: image word {a:o}");
        }
        n += 1;
    }
    assert!(n >= 2);
}
