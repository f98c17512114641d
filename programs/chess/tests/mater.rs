//! MATER on the two positions of its source and a handful of BWTC positions.

use chess::mater::{solve, Params};
use chess::notation::line_san;
use chess::parse_fen;

/// The Immortal Game after 21...Kd8, the wiki's MATER I diagram.
const IMMORTAL: &str = "r1bk2nr/p2p1pNp/n2B4/1p1NP2P/6P1/3P1Q2/P1P1K3/q5b1 w - - 0 1";
/// Fine's diagram 97, the MATER II example.
const FINE97: &str = "r1b2qrk/pp3p1p/4pPpQ/8/8/5N2/P4PPP/3R2KR w - - 0 1";

fn san(fen: &str, params: &Params) -> (bool, Vec<String>, u64) {
    let p = parse_fen(fen).unwrap();
    let r = solve(&p, params);
    (r.found, line_san(&p, &r.line), r.positions)
}

#[test]
fn mater1_immortal_game() {
    let (found, line, positions) = san(IMMORTAL, &Params::mater1());
    assert!(found);
    assert_eq!(line, ["Qf6+", "Nxf6", "Be7#"], "{positions} positions");
    assert_eq!(positions, 18);
}

#[test]
fn mater2_fine_97() {
    let (found, line, positions) = san(FINE97, &Params::mater2());
    assert!(found);
    assert_eq!(
        line,
        ["Ng5", "Qg7", "Rd8", "Qxh6", "Nxf7#"],
        "{positions} positions"
    );
    assert_eq!(positions, 394);
}

#[test]
fn mater1_finds_nothing_in_fine_97() {
    let (found, _, _) = san(FINE97, &Params::mater1());
    assert!(!found);
}

#[test]
fn mater2_first_level_only_misses_fine_97() {
    let params = Params {
        threat_levels: 1,
        ..Params::mater2()
    };
    let (found, _, _) = san(FINE97, &params);
    assert!(!found);
}
