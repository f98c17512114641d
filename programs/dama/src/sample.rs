//! Positions for the cross-check of the SILLIAC program with its native twin: random reachable
//! positions drawn from one seeded generator, so a campaign is repeatable from its seed.

use crate::board::{Position, Side};
use crate::game::outcome;
use crate::movegen::legal_moves;
use harness::rng::Rng;

/// A random reachable position, A to move, game not over: random play from the start.
pub fn random_position(rng: &mut Rng) -> Position {
    loop {
        let mut p = Position::start();
        let plies = rng.below(70) as usize;
        let mut ok = true;
        for _ in 0..plies {
            let list = legal_moves(&p);
            if list.is_empty() || outcome(&p).is_some() {
                ok = false;
                break;
            }
            p = p.apply(list.as_slice()[rng.index(list.len())]);
        }
        if ok && p.side == Side::B {
            let list = legal_moves(&p);
            if list.is_empty() || outcome(&p).is_some() {
                continue;
            }
            p = p.apply(list.as_slice()[rng.index(list.len())]);
        }
        if ok && p.side == Side::A && outcome(&p).is_none() {
            return p;
        }
    }
}

/// `count` random reachable positions drawn from `seed` one after another (drawn first, so that
/// a campaign's problem is a pure function of the seed and its index, whatever runs it).
pub fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    (0..count).map(|_| random_position(&mut rng)).collect()
}
