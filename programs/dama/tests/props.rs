//! Property tests of the dama rules and engines over random reachable positions (random playouts
//! from the start with the shared seeded generator) and random games.

use proptest::prelude::*;

use dama::board::bit;
use dama::game::{play, MAX_HALF_MOVES};
use dama::movegen::{legal_moves, legal_moves_slow};
use dama::search::{faithful, fast, Depth, Select, Setting};
use dama::{Move, Position, RandomMover, Side, Strategy};
use harness::rng::Rng;
use proptest::strategy::Strategy as _;

/// The position after up to `n` random half-moves from the start; stops before a move that ends
/// the game (so the result is always a position still in play) or when the side is blocked.
fn playout(seed: u64, n: usize) -> Position {
    dama::learn::random_opening(&mut Rng::new(seed), n)
}

/// Any position with eight pieces a side (not necessarily reachable).
fn arbitrary_position(seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    let mut squares: Vec<u8> = (1..=32).collect();
    // Fisher-Yates: the first 16 squares of a shuffle, 8 for each side.
    for i in (1..squares.len()).rev() {
        let j = rng.index(i + 1);
        squares.swap(i, j);
    }
    let side = if rng.below(2) == 0 { Side::A } else { Side::B };
    Position::from_squares(&squares[..8], &squares[8..16], side).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The alpha-beta engine finds the same move and value as plain minimax, for every setting.
    #[test]
    fn fast_equals_faithful(seed in any::<u64>(), n in 0usize..70) {
        let p = playout(seed, n);
        for setting in Setting::all() {
            let slow = faithful(&p, setting);
            let quick = fast(&p, setting);
            prop_assert_eq!((slow.mv, slow.value), (quick.mv, quick.value), "{} {}", p, setting);
            prop_assert!(quick.positions <= slow.positions);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The mask generator and the square-by-square generator give the same list, same order.
    #[test]
    fn generators_agree_anywhere(seed in any::<u64>()) {
        let p = arbitrary_position(seed);
        let fast: Vec<Move> = legal_moves(&p).iter().copied().collect();
        prop_assert_eq!(fast, legal_moves_slow(&p), "{}", p);
    }

    /// Every legal move goes forward, lands on an empty square, and keeps eight pieces a side.
    #[test]
    fn moves_go_forward_onto_empty_squares(seed in any::<u64>(), n in 0usize..90) {
        let p = playout(seed, n);
        for &m in legal_moves(&p).iter() {
            prop_assert!(p.pieces(p.side) & bit(m.from) != 0);
            prop_assert!(p.occupied() & bit(m.to) == 0, "{} {}", p, m);
            let forward = match p.side {
                Side::A => m.to > m.from,
                Side::B => m.to < m.from,
            };
            prop_assert!(forward && [1, 2, 4, 6].contains(&m.dr()), "{} {}", p, m);
            let q = p.apply(m);
            prop_assert_eq!(q.a.count_ones(), 8);
            prop_assert_eq!(q.b.count_ones(), 8);
            prop_assert_eq!(q.a & q.b, 0);
        }
    }

    /// Random games end by the rules within 112 half-moves, with a winner.
    #[test]
    fn random_games_end_in_time(seed in any::<u64>()) {
        let mut a = RandomMover::new(seed);
        let mut b = RandomMover::new(seed ^ 0x5555);
        let r = play(&mut a, &mut b).unwrap();
        prop_assert!(r.half_moves() <= MAX_HALF_MOVES);
        let mut p = r.start;
        for &m in &r.moves {
            let q = p.apply(m);
            prop_assert!(q.rank_number() != p.rank_number());
            p = q;
        }
        prop_assert_eq!(p, r.final_position);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// Games of Findler's program (demo setting) and of the grand strategy against a random player
    /// also end in time.
    #[test]
    fn findler_games_end_in_time(seed in any::<u64>()) {
        let mut a = dama::Findler::default();
        let mut b = RandomMover::new(seed);
        let r = dama::play_from(&mut b, &mut a, Position::start()).unwrap();
        prop_assert!(r.half_moves() <= MAX_HALF_MOVES);
        prop_assert!(!b.name().is_empty());
        let mut g = dama::fom::Grand::new(Default::default(), 2);
        let mut c = RandomMover::new(seed);
        let r = dama::play_from(&mut g, &mut c, Position::start()).unwrap();
        prop_assert!(r.half_moves() <= MAX_HALF_MOVES);
    }
}

/// A longer campaign of the engine cross-check: `cargo test -p dama --test props --
/// --ignored`.
#[test]
#[ignore]
fn fast_equals_faithful_long_campaign() {
    let mut rng = Rng::new(2026);
    for _ in 0..600 {
        let p = playout(rng.next_u64(), rng.index(90));
        for setting in Setting::all() {
            let slow = faithful(&p, setting);
            let quick = fast(&p, setting);
            assert_eq!(
                (slow.mv, slow.value),
                (quick.mv, quick.value),
                "{p} {setting}"
            );
        }
    }
}

/// Every distinct position within three half-moves of the start, every setting that searches four
/// half-moves there (six-deep searches fall back to all moves wherever there is no jump, which
/// makes them 0.1 s each faithful), and `selective`: the engines agree
/// (`cargo test --release -p dama --test props -- --ignored`).
#[test]
#[ignore]
fn fast_equals_faithful_near_the_start() {
    let mut seen = std::collections::HashSet::new();
    let mut frontier = vec![Position::start()];
    for _ in 0..=3 {
        let mut next = Vec::new();
        for p in frontier {
            if !seen.insert(p) {
                continue;
            }
            for setting in Setting::all() {
                let slow = faithful(&p, setting);
                let quick = fast(&p, setting);
                assert_eq!(
                    (slow.mv, slow.value),
                    (quick.mv, quick.value),
                    "{p} {setting}"
                );
            }
            for &m in legal_moves(&p).iter() {
                next.push(p.apply(m));
            }
        }
        frontier = next;
    }
    // 1 + 13 + 169 + ... distinct positions: transpositions make it fewer than the paths.
    assert!(seen.len() > 1_000, "{}", seen.len());
    println!("{} distinct positions checked", seen.len());
}

/// Every text of the setting language (docs/cli.md, "Settings") in lower case, with the setting
/// it names, written out from the grammar rather than from the parser or the printer.
fn setting_texts() -> Vec<(String, Setting)> {
    let mut v = vec![
        ("demo".to_string(), Setting::DEMO),
        ("selective".to_string(), Setting::Selective),
        ("a3+selective".to_string(), Setting::Selective),
    ];
    for (n, depth) in [(1, Depth::A1), (2, Depth::A2), (3, Depth::A3)] {
        for (m, select) in [
            (1, Select::B1),
            (2, Select::B2),
            (3, Select::B3),
            (4, Select::B4),
        ] {
            for plus in ["+", ""] {
                v.push((format!("a{n}{plus}b{m}"), Setting::Rule { depth, select }));
            }
        }
    }
    v
}

/// The grammar's letters in both cases, with `+`, `-`, a blank and the digits.
const SETTING_ALPHABET: &str = "demoslctivabDEMOSLCTIVAB+- 0123456789";

/// A text of the setting language with one character inserted, removed or replaced (or none),
/// its letters' case flipped at random: texts at and next to the language's edge.
fn near_setting_text() -> impl proptest::strategy::Strategy<Value = String> {
    let alphabet: Vec<char> = SETTING_ALPHABET.chars().collect();
    let texts = setting_texts();
    (
        0..texts.len(),
        0usize..4,
        any::<prop::sample::Index>(),
        prop::sample::select(alphabet),
        any::<u16>(),
    )
        .prop_map(move |(i, edit, at, c, case)| {
            let mut t: Vec<char> = texts[i].0.chars().collect();
            let k = at.index(t.len() + 1);
            match edit {
                0 => t.insert(k, c),
                1 if k < t.len() => drop(t.remove(k)),
                2 if k < t.len() => t[k] = c,
                _ => {}
            }
            let flip = |(j, c): (usize, char)| {
                if case >> (j % 16) & 1 == 1 {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            };
            t.into_iter().enumerate().map(flip).collect()
        })
}

#[test]
fn every_setting_prints_a_text_that_parses_back() {
    for s in Setting::all() {
        assert_eq!(s.to_string().parse::<Setting>(), Ok(s), "{s}");
        assert_eq!(
            s.to_string().to_ascii_uppercase().parse::<Setting>(),
            Ok(s),
            "{s}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// A text is a setting iff it is one of the language's texts, in any case, and then names
    /// that text's setting; anything else (signs, blanks, doubled `+`, a tail) is refused.
    #[test]
    fn settings_parse_strictly(
        text in prop_oneof![
            near_setting_text(),
            prop::collection::vec(prop::sample::select(SETTING_ALPHABET.chars().collect::<Vec<_>>()), 0..14)
                .prop_map(|v| v.into_iter().collect::<String>()),
        ]
    ) {
        let lower = text.to_ascii_lowercase();
        let expected = setting_texts().into_iter().find(|(t, _)| *t == lower).map(|(_, s)| s);
        prop_assert_eq!(text.parse::<Setting>().ok(), expected, "`{}`", text);
    }
}
