//! FAP assembly speed, measured not asserted: `cargo test --release -p assembler --test
//! fap_speed -- --ignored --nocapture` prints the time to assemble a 15,000-card program.

use std::time::Instant;

use assembler::fap;

/// 10,000 instructions with forward references and 1,000 different literals, then 5,000 DEC
/// cards of two words, in card images.
fn big_program() -> String {
    let mut s = String::from("       ORG    64\n");
    for i in 0..5000 {
        s.push_str(&format!("L{i:<5} CLA    D{}\n", (i + 7) % 5000));
        s.push_str(&format!("       ADD    ={}\n", i % 1000));
    }
    for i in 0..5000 {
        s.push_str(&format!("D{i:<5} DEC    {i},-{i}\n"));
    }
    s.push_str("       END    L0\n");
    s
}

#[test]
#[ignore]
fn assemble_a_large_deck() {
    let src = big_program();
    let cards = src.lines().count();
    let runs = 10;
    let start = Instant::now();
    let (mut words, mut passes) = (0, 0);
    for _ in 0..runs {
        let p = fap::assemble(&src, "big.fap").unwrap_or_else(|d| panic!("{d}"));
        (words, passes) = (p.words.len(), p.passes);
    }
    let each = start.elapsed().as_secs_f64() / runs as f64;
    println!(
        "assembled {cards} cards ({words} words, {passes} passes) in {:.2} ms ({:.0} cards/s)",
        each * 1e3,
        cards as f64 / each
    );
    let p = fap::assemble(&src, "big.fap").unwrap();
    let start = Instant::now();
    let deck = p.object_deck();
    let listing = p.listing();
    let (back, _) = fap::read_object_deck(&deck, "big.obj").unwrap();
    assert_eq!(back, p.words);
    println!(
        "object deck ({} records), listing ({} bytes), deck read back in {:.2} ms",
        deck.lines().count(),
        listing.len(),
        start.elapsed().as_secs_f64() * 1e3
    );
}
