//! docs/ibm7090.md embeds the instruction table generated from `emu::ibm7090::isa`; this keeps
//! them identical. Regenerate the text with
//! `cargo test -p emu --test ibm7090_docs -- --ignored --nocapture`.

use emu::ibm7090::isa;
use std::path::PathBuf;

#[test]
fn instruction_table_in_docs_is_current() {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/ibm7090.md");
    let doc = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    assert!(
        doc.contains(&isa::markdown_table()),
        "docs/ibm7090.md: instruction table differs from emu::ibm7090::isa::markdown_table()"
    );
}

#[test]
#[ignore]
fn print_table() {
    println!("{}", isa::markdown_table());
}

#[test]
fn model_cycle_table_in_docs_is_current() {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/timing.md");
    let doc = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    assert!(
        doc.contains(&emu::ibm7090::timing::models::markdown_table()),
        "docs/timing.md: the 709/7094 table differs from timing::models::markdown_table() \
         (print it: cargo test -p emu --test ibm7090_docs -- --ignored --nocapture print_model_table)"
    );
}

#[test]
#[ignore]
fn print_model_table() {
    println!("{}", emu::ibm7090::timing::models::markdown_table());
}
