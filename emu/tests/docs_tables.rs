//! docs/silliac.md embeds the order table and the timing table generated from the code; this
//! keeps them identical. Regenerate the text with
//! `cargo test -p emu --test docs_tables -- --ignored --nocapture`.

use emu::silliac::{orders, timing};
use std::path::PathBuf;

fn doc() -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/silliac.md");
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn order_table_in_docs_is_current() {
    assert!(
        doc().contains(&orders::markdown_table()),
        "docs/silliac.md: order table differs from emu::silliac::orders::markdown_table()"
    );
}

#[test]
fn timing_table_in_docs_is_current() {
    assert!(
        doc().contains(&timing::markdown_table()),
        "docs/silliac.md: timing table differs from emu::silliac::timing::markdown_table()"
    );
}

#[test]
#[ignore]
fn print_tables() {
    println!("{}", timing::markdown_table());
    println!("{}", orders::markdown_table());
}
