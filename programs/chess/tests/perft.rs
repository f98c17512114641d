//! Perft against the published tables (programs/chess/testdata/perft.txt, with its source).
//! The default run takes every depth up to 300,000 leaves; `--ignored` takes them up to 20 million.

use chess::{parse_fen, perft};

fn check(limit: u64) {
    let text = include_str!("../testdata/perft.txt");
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split(';').map(str::trim).collect();
        let mut p = parse_fen(f[1]).unwrap_or_else(|e| panic!("perft.txt line {}: {e}", n + 1));
        for (d, want) in f[2].split_whitespace().enumerate() {
            let want: u64 = want.parse().unwrap();
            if want > limit {
                break;
            }
            assert_eq!(
                perft(&mut p, d as u32 + 1),
                want,
                "{} depth {}",
                f[0],
                d + 1
            );
            checked += 1;
        }
    }
    assert!(checked > 60);
}

#[test]
fn perft_tables_small_depths() {
    check(300_000);
}

#[test]
#[ignore]
fn perft_tables_deep() {
    check(20_000_000);
}
