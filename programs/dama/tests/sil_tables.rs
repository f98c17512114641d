//! The geometry tables of the SILLIAC dama program (programs/dama/dama.sil), read back from the
//! assembled store and checked against the native engine's step and jump tables: an
//! independent derivation of the same board.

use dama::board::{bit, JUMP, STEP};
use dama::sil::program;

/// Digit d of a 40-bit word (digit 0 = sign).
fn digit(d: u32) -> u64 {
    1 << (39 - d)
}

/// Every path of a piece of A on `o` in the contract's sense: (destination, jumps, landing
/// squares, jumped squares), destinations ascending; steps first.
fn paths(o: u8) -> Vec<(u8, u32, Vec<u8>, Vec<u8>)> {
    let sq = |m: u32| m.trailing_zeros() as u8 + 1;
    let mut out = Vec::new();
    let mut steps = STEP[0][o as usize - 1];
    while steps != 0 {
        let t = sq(steps);
        out.push((t, 0, vec![t], vec![]));
        steps &= steps - 1;
    }
    fn chain(
        s: u8,
        land: Vec<u8>,
        over: Vec<u8>,
        out: &mut Vec<(u8, u32, Vec<u8>, Vec<u8>)>,
        sq: &dyn Fn(u32) -> u8,
    ) {
        for &(ov, ld) in &JUMP[0][s as usize - 1] {
            if ov == 0 {
                continue;
            }
            let (l, v) = (sq(ld), sq(ov));
            let mut land2 = land.clone();
            land2.push(l);
            let mut over2 = over.clone();
            over2.push(v);
            out.push((l, land2.len() as u32, land2.clone(), over2.clone()));
            chain(l, land2, over2, out, sq);
        }
    }
    chain(o, vec![], vec![], &mut out, &sq);
    out.sort_by_key(|p| (p.0, p.1 == 0));
    out.sort_by_key(|p| p.0);
    out
}

#[test]
fn path_tables_match_the_native_geometry() {
    let p = program().unwrap();
    let w = |a: u16| *p.words.get(&a).unwrap();
    for b in 1..=8u8 {
        let start = p.address(&format!("PB{b}")).unwrap();
        let ps = paths(b);
        let steps: Vec<_> = ps.iter().filter(|x| x.1 == 0).collect();
        let jumps: Vec<_> = ps.iter().filter(|x| x.1 > 0).collect();
        // Two step entries (a missing step is an entry that is never legal), then the jumps.
        let mut at = start;
        for i in 0..2 {
            let (m, e) = (w(at), w(at + 1));
            match steps.get(i) {
                Some((t, _, land, _)) => {
                    let k = (t - b) as u64;
                    assert_eq!(e, digit((land[0] - b + 1) as u32), "base {b} step {i}");
                    assert_eq!(m, e + 4 * k, "base {b} step {i}");
                }
                None => assert_eq!((m, e), (0, 1), "base {b}: the dummy step"),
            }
            at += 2;
        }
        assert_eq!(p.address(&format!("PJ{b}")), Some(at));
        for (t, j, land, over) in jumps {
            let e: u64 = land.iter().map(|&l| digit((l - b + 1) as u32)).sum();
            let o: u64 = over.iter().map(|&v| digit((v - b + 1) as u32)).sum();
            let k = (t - b) as u64;
            assert_eq!(w(at + 1), e, "base {b} to {t}");
            assert_eq!(w(at), e + o + 4 * k + *j as u64, "base {b} to {t}");
            at += 2;
        }
    }
}

#[test]
fn bit_table_and_masks() {
    let p = program().unwrap();
    let w = |n: &str| *p.words.get(&p.address(n).unwrap()).unwrap();
    let bitt = p.address("BITT").unwrap();
    for s in 1..=32u16 {
        assert_eq!(p.words[&(bitt + s - 1)], digit(s as u32));
    }
    // The program's square s is digit s; the native engine's is bit s-1.
    let to_word = |m: u32| {
        (1..=32u8)
            .filter(|&s| m & bit(s) != 0)
            .map(|s| digit(s as u32))
            .sum::<u64>()
    };
    assert_eq!(w("ALL"), to_word(u32::MAX));
    assert_eq!(w("GOAL"), to_word(0xFF00_0000));
    assert_eq!(w("STARTA"), to_word(0x0000_00FF));
    assert_eq!(w("MID"), to_word(dama::board::MIDDLE_ROWS));
}
