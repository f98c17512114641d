//! The swap-off value S of a piece en prise: "what the owner of the piece would lose if both
//! players behaved efficiently" (New Scientist 1961). The captures alternate, attackers and
//! defenders each in rising value (SOMAC: a piece seeing through another comes after it); at
//! every capture the side to capture may stop instead, the attacker maximising the owner's
//! loss and the owner minimising it. S is never negative: the attacker may decline.

use super::attack::Attack;

/// One side's capturers on a square: (value, from, seen-through square).
pub type Capturer = (i32, usize, Option<usize>);

/// The order of capture: lowest value first (then square order, the list's order), never a
/// piece before the one it sees through.
pub fn order(mut list: Vec<Capturer>) -> Vec<Capturer> {
    list.sort_by_key(|c| c.0);
    let mut out: Vec<Capturer> = Vec::with_capacity(list.len());
    while !list.is_empty() {
        let i = list
            .iter()
            .position(|c| match c.2 {
                None => true,
                Some(f) => out.iter().any(|o| o.1 == f),
            })
            .unwrap_or(0);
        out.push(list.remove(i));
    }
    out
}

/// S for a piece of value `v0` with `defenders` and `attackers` (values in capture order).
pub fn swap_off(v0: i32, defenders: &[i32], attackers: &[i32]) -> i32 {
    swap_raw(v0, defenders, attackers).unwrap_or(0).max(0)
}

/// The owner's loss if the attacker does make the first capture and both sides then behave
/// efficiently (SOMAC's S before it is kept from going negative); None with no attacker.
pub fn swap_raw(v0: i32, defenders: &[i32], attackers: &[i32]) -> Option<i32> {
    if attackers.is_empty() {
        return None;
    }
    // loss[k]: the owner's loss after k captures; odd k are the attacker's.
    let mut loss = vec![0];
    let mut on_square = v0;
    let (mut a, mut d) = (0, 0);
    loop {
        let k = loss.len();
        let last = *loss.last().unwrap_or(&0);
        if k % 2 == 1 {
            let Some(&u) = attackers.get(a) else { break };
            loss.push(last + on_square);
            on_square = u;
            a += 1;
        } else {
            let Some(&v) = defenders.get(d) else { break };
            loss.push(last - on_square);
            on_square = v;
            d += 1;
        }
    }
    let mut val = *loss.last().unwrap_or(&0);
    for i in (1..loss.len() - 1).rev() {
        // Capture i+1 is the attacker's when i is even.
        val = if i % 2 == 0 {
            val.max(loss[i])
        } else {
            val.min(loss[i])
        };
    }
    Some(val)
}

/// The capturers of mailbox square `t` by colour `by` from the attack list.
pub fn capturers(attacks: &[Attack], b: &[i8; 120], t: usize, by: i8) -> Vec<Capturer> {
    attacks
        .iter()
        .filter(|a| a.to == t && b[a.from].signum() == by)
        .map(|a| (super::attack::value(b[a.from]), a.from, a.through))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_papers_examples() {
        // A knight defended by a pawn, attacked by a knight and a bishop: S = 10.
        assert_eq!(swap_off(30, &[10], &[30, 30]), 10);
        // A pawn defended by a pawn and attacked by a knight: S = 0.
        assert_eq!(swap_off(10, &[10], &[30]), 0);
        // Undefended: the whole piece; a king in check: 1,000.
        assert_eq!(swap_off(50, &[], &[90]), 50);
        assert_eq!(swap_off(1000, &[], &[30]), 1000);
        // A queen taking a defended pawn: the capture would cost the attacker 80.
        assert_eq!(swap_raw(10, &[10], &[90]), Some(-80));
        assert_eq!(swap_raw(10, &[], &[]), None);
    }

    #[test]
    fn see_through_waits_for_its_front_piece() {
        // A bishop (30) behind a queen (90) must follow it.
        let o = order(vec![(90, 5, None), (30, 9, Some(5))]);
        assert_eq!(o.iter().map(|c| c.0).collect::<Vec<_>>(), vec![90, 30]);
    }
}
