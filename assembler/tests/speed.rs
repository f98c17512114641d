//! Assembly speed, measured not asserted: `cargo test --release -p assembler --test speed --
//! --ignored --nocapture` prints the time to assemble a program that fills the store.

use std::time::Instant;

use assembler::sil;

/// A program of 2,000 orders with labels and forward references, filling words 20..1019.
fn big_program() -> String {
    let mut s = String::from(".org 20\n");
    for i in 0..1000 {
        s.push_str(&format!("l{i}: L5 d{}\n", (i + 7) % 1000));
        s.push_str(&format!("     36 l{}\n", (i + 1) % 1000));
    }
    s.push_str(".org 1020\nd0: .int 0\n");
    for i in 1..1000 {
        s.push_str(&format!(".equ d{i}, d0\n"));
    }
    s
}

#[test]
#[ignore]
fn assemble_a_full_store() {
    let src = big_program();
    let lines = src.lines().count();
    let start = Instant::now();
    let runs = 20;
    let mut words = 0;
    for _ in 0..runs {
        let p = sil::assemble(&src, "big.sil").unwrap_or_else(|d| panic!("{d}"));
        words = p.words_used();
    }
    let each = start.elapsed().as_secs_f64() / runs as f64;
    println!(
        "assembled {lines} lines ({words} words) in {:.2} ms ({:.0} lines/s)",
        each * 1e3,
        lines as f64 / each
    );
    let p = sil::assemble(&src, "big.sil").unwrap();
    let start = Instant::now();
    let listing = p.listing();
    let tape = p.tape().unwrap();
    let text = sil::disassemble(&p.words);
    println!(
        "listing ({} bytes), tape ({} frames), disassembly ({} bytes) in {:.2} ms",
        listing.len(),
        tape.len(),
        text.len(),
        start.elapsed().as_secs_f64() * 1e3
    );
}
