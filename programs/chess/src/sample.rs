//! Positions for the cross-checks of the emulated programs with their native twins: random
//! play drawn from one seeded generator, so a campaign is repeatable from its seed.

use crate::board::Position;
use crate::movegen::legal_moves;
use crate::period::middlegames;
use harness::rng::Rng;

/// `from` after 0..=`max_plies` random legal moves (fewer when a side has none), history
/// cleared: the number of plies is drawn first, then each move.
pub fn random_play(rng: &mut Rng, mut from: Position, max_plies: usize) -> Position {
    for _ in 0..rng.index(max_plies + 1) {
        let moves = legal_moves(&from);
        if moves.is_empty() {
            break;
        }
        from.make(moves[rng.index(moves.len())]);
    }
    from.clear_history();
    from
}

/// `count` positions by random play (`random_play`, up to `max_plies` plies), from `starts`
/// in turn.
pub fn random_positions(
    rng: &mut Rng,
    starts: &[Position],
    count: usize,
    max_plies: usize,
) -> Vec<Position> {
    (0..count)
        .map(|k| random_play(rng, starts[k % starts.len()].clone(), max_plies))
        .collect()
}

/// `positions` named positions: the middle-game set (programs/chess/src/period.rs) first, then
/// `random-1`, `random-2` ... by random play from the start (0..=`max_plies` plies).
pub fn named_positions(
    rng: &mut Rng,
    positions: usize,
    max_plies: usize,
) -> Vec<(String, Position)> {
    let mut list: Vec<(String, Position)> = middlegames().into_iter().take(positions).collect();
    let mut k = 0;
    while list.len() < positions {
        k += 1;
        list.push((
            format!("random-{k}"),
            random_play(rng, Position::start(), max_plies),
        ));
    }
    list
}
