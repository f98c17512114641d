//! The SILLIAC dama program (programs/dama/dama.sil) against the native engine on random
//! reachable positions: the cross-check campaign, and the machine's best move for either side.

use dama::crosscheck::crosscheck;
use dama::legal_moves;
use dama::sample::random_position;
use dama::search::{faithful, Setting};
use dama::sil::best;
use harness::rng::Rng;

#[test]
fn crosscheck_fifty_positions() {
    let r = crosscheck(50, 11, Setting::DEMO).unwrap();
    assert!(r.mismatches.is_empty(), "{:?}", r.mismatches);
    let r = crosscheck(20, 12, "a2+b4".parse().unwrap()).unwrap();
    assert!(r.mismatches.is_empty(), "{:?}", r.mismatches);
    let r = crosscheck(20, 13, Setting::Selective).unwrap();
    assert!(r.mismatches.is_empty(), "{:?}", r.mismatches);
}

#[test]
fn best_plays_either_side() {
    let mut rng = Rng::new(21);
    for _ in 0..4 {
        let p = random_position(&mut rng);
        // B to move: one native move on from p.
        let m = legal_moves(&p).as_slice()[0];
        for q in [p, p.apply(m)] {
            if dama::game::outcome(&q).is_some() {
                continue;
            }
            let (got, _ns) = best(&q, Setting::DEMO).unwrap();
            assert_eq!(got, faithful(&q, Setting::DEMO), "{q}");
        }
    }
}

/// The crosscheck campaign of docs/results.md for the quicker settings (minutes in release):
/// `cargo test --release -p dama --test crosscheck -- --ignored`.
#[test]
#[ignore]
fn crosscheck_campaign() {
    for s in [
        "demo",
        "selective",
        "a3+b1",
        "a3+b2",
        "a3+b4",
        "a2+b4",
        "a1+b4",
    ] {
        let r = crosscheck(1000, 100, s.parse().unwrap()).unwrap();
        assert!(r.mismatches.is_empty(), "{s}: {:?}", r.mismatches);
    }
}
