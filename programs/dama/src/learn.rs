//! Findler's learning process (§5): a base weight set {alpha}_i0 plays six variants {alpha}_i1..6
//! on six boards (the base moves first, each variant replies); the variant that wins in the fewest
//! half-moves (ties: the one leaving the base worst off) becomes the next base; stop when no
//! variant wins.
//!
//! The project's choices where the paper is silent: variant j moves the j-th free weight
//! (a2, a2', a3, a4, a5, a6) by one mesh step, up or down as the seeded generator says (down
//! never below 0; a weight at 0 goes up); "worst off" is the rows the loser still lacks to fill
//! its goal (60 minus the sum of its rows counted from its own side). With `both_sides` each board
//! is played twice, the sides swapped, and a variant must win both games.

use super::board::{Position, Side};
use super::fom::{own_row, round4, Grand, Weights, MAX_WEIGHT};
use super::game::{play_from, End, GameError, GameRecord};
use super::movegen::legal_moves;
use super::strategy::Strategy;
use harness::progress::{NoProgress, Progress};
use harness::rng::Rng;
use harness::shard::Shard;

/// Options of a learning run.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnOptions {
    /// {alpha}_00.
    pub start: Weights,
    /// How far a variant moves one weight.
    pub mesh: f64,
    /// At most this many iterations (new bases).
    pub iterations: usize,
    /// Look-ahead of every player, in half-moves.
    pub depth: u32,
    /// Seeds the directions of the variants.
    pub seed: u64,
    /// Play each board twice, the variant once second (the paper's game) and once first; the
    /// variant must win both. The paper assumes the best strategy does not depend on who moves
    /// first; this option stops the second player's edge from passing for a better set.
    pub both_sides: bool,
}

impl Default for LearnOptions {
    fn default() -> Self {
        LearnOptions {
            start: Weights::default(),
            mesh: 0.25,
            iterations: 10,
            depth: 2,
            seed: 1,
            both_sides: false,
        }
    }
}

/// One game of a trial.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TrialGame {
    /// The side the variant played.
    pub variant_side: Side,
    /// Whether the variant won.
    pub variant_won: bool,
    pub end: End,
    /// The game's length.
    pub half_moves: usize,
    /// Rows the loser still lacked.
    pub loser_deficit: i32,
}

/// One board of an iteration: a variant and how its game(s) against the base went.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Trial {
    /// The variant's weights.
    pub weights: Weights,
    /// Which weight moved and by how much.
    pub changed: &'static str,
    /// By how much.
    pub delta: f64,
    /// Its game, or its two games with both sides (`--both-sides`).
    pub games: Vec<TrialGame>,
}

impl Trial {
    /// The variant won every game it played.
    pub fn variant_won(&self) -> bool {
        self.games.iter().all(|g| g.variant_won)
    }

    /// Half-moves over all its games.
    pub fn half_moves(&self) -> usize {
        self.games.iter().map(|g| g.half_moves).sum()
    }

    /// Rows the base still lacked, over all games.
    pub fn loser_deficit(&self) -> i32 {
        self.games.iter().map(|g| g.loser_deficit).sum()
    }
}

/// One iteration: the base, its six trials, and the index of the chosen variant (if any won).
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Iteration {
    /// The weights the variants were played against.
    pub base: Weights,
    /// A variant a board.
    pub trials: Vec<Trial>,
    /// The index of the variant chosen as the next base; null when none won.
    pub chosen: Option<usize>,
}

/// The whole run: the path of bases and the final set (`dama learn --json`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct LearnReport {
    /// The seed of the random openings.
    pub seed: u64,
    /// The step a weight moves by.
    pub mesh: f64,
    /// The search depth of the games.
    pub depth: u32,
    /// Whether each variant played both sides.
    pub both_sides: bool,
    /// Every iteration, in order.
    pub iterations: Vec<Iteration>,
    /// The weights learned.
    #[serde(rename = "final")]
    pub final_weights: Weights,
    /// True if the run stopped because no variant beat the base (not because of the limit).
    pub converged: bool,
}

/// Rows `side` still needs to fill its goal: its goal squares have row sum 60 from its side.
pub fn deficit(p: &Position, side: Side) -> i32 {
    let mut sum = 0;
    let mut m = p.pieces(side);
    while m != 0 {
        let s = m.trailing_zeros() as u8 + 1;
        m &= m - 1;
        sum += own_row(side, s);
    }
    60 - sum
}

/// The six variants of `base`: weight j moved by +-mesh.
fn variants(base: &Weights, mesh: f64, rng: &mut Rng) -> Vec<(Weights, usize, f64)> {
    let b = base.to_array();
    (0..6)
        .map(|j| {
            let up = rng.below(2) == 0 || b[j] < mesh;
            let delta = if up { mesh } else { -mesh };
            let mut v = b;
            v[j] = round4(v[j] + delta).clamp(0.0, MAX_WEIGHT);
            (Weights::from_array(v), j, delta)
        })
        .collect()
}

/// One game from the start, the variant playing `variant_side`.
fn game(
    base: &Weights,
    variant: &Weights,
    variant_side: Side,
    depth: u32,
) -> Result<TrialGame, GameError> {
    let mut b0 = Grand::new(*base, depth);
    let mut v = Grand::new(*variant, depth);
    let r: GameRecord = match variant_side {
        Side::B => play_from(&mut b0, &mut v, Position::start())?,
        Side::A => play_from(&mut v, &mut b0, Position::start())?,
    };
    Ok(TrialGame {
        variant_side,
        variant_won: r.winner == variant_side,
        end: r.end,
        half_moves: r.half_moves(),
        loser_deficit: deficit(&r.final_position, r.winner.other()),
    })
}

fn trial(
    base: &Weights,
    variant: Weights,
    changed: usize,
    delta: f64,
    opts: &LearnOptions,
) -> Result<Trial, GameError> {
    // The paper's board: the base moves first, the variant replies.
    let mut games = vec![game(base, &variant, Side::B, opts.depth)?];
    if opts.both_sides {
        games.push(game(base, &variant, Side::A, opts.depth)?);
    }
    Ok(Trial {
        weights: variant,
        changed: Weights::NAMES[changed],
        delta,
        games,
    })
}

/// The winning variant of fewest half-moves, then largest loser deficit, then first.
fn choose(trials: &[Trial]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (j, t) in trials.iter().enumerate() {
        if !t.variant_won() {
            continue;
        }
        let better = match best {
            None => true,
            Some(b) => {
                let o = &trials[b];
                t.half_moves() < o.half_moves()
                    || (t.half_moves() == o.half_moves() && t.loser_deficit() > o.loser_deficit())
            }
        };
        if better {
            best = Some(j);
        }
    }
    best
}

/// Run the learning process.
pub fn learn(opts: &LearnOptions) -> Result<LearnReport, GameError> {
    learn_with(opts, 1, &mut NoProgress)
}

/// `learn`, the trials of each iteration on `jobs` threads, telling `progress` as trials finish
/// (six per iteration; `total` is the most there can be, six times `opts.iterations`, as the
/// process may converge early). An iteration's six variants are drawn first and each trial is
/// a pure function of the base and its variant, so the report is the same for every `jobs`;
/// the iterations themselves follow one another (each starts from the last one's choice).
pub fn learn_with(
    opts: &LearnOptions,
    jobs: usize,
    progress: &mut dyn Progress,
) -> Result<LearnReport, GameError> {
    let mut rng = Rng::new(opts.seed);
    let mut base = opts.start;
    let mut iterations = Vec::new();
    let mut converged = false;
    let total = opts.iterations.saturating_mul(6);
    for i in 0..opts.iterations {
        let variants = variants(&base, opts.mesh, &mut rng);
        let mut told = |done: usize, _: usize| progress.update(i * 6 + done, total);
        let trials = harness::progress::map_in_order(&variants, jobs, &mut told, |&(w, j, d)| {
            trial(&base, w, j, d, opts)
        })
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;
        let chosen = choose(&trials);
        let next = chosen.map(|j| trials[j].weights);
        iterations.push(Iteration {
            base,
            trials,
            chosen,
        });
        match next {
            Some(w) => base = w,
            None => {
                converged = true;
                break;
            }
        }
    }
    Ok(LearnReport {
        seed: opts.seed,
        mesh: opts.mesh,
        depth: opts.depth,
        both_sides: opts.both_sides,
        iterations,
        final_weights: base,
        converged,
    })
}

/// The result of a match between two strategies.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct MatchReport {
    /// The first strategy (a Findler player with its setting, e.g. `findler:a3+b3`).
    pub x: String,
    /// The second strategy.
    pub y: String,
    /// Games played: two a pair, sides swapped.
    pub games: usize,
    /// Games the first strategy won.
    pub x_wins: usize,
    /// Games the second strategy won.
    pub y_wins: usize,
    /// Games won by whoever moved first after the opening.
    pub first_mover_wins: usize,
    /// Games ended by a side unable to move.
    pub blocked_ends: usize,
}

/// A strategy factory a match calls once a game, from any of its threads.
pub type MakeStrategy<'a> = &'a (dyn Fn() -> Box<dyn Strategy> + Sync);

/// What a match plays: `pairs` pairs of games from random openings of `opening` half-moves drawn
/// from `seed`, the slice `shard` of them on `jobs` threads.
#[derive(Clone, Copy, Debug)]
pub struct MatchOptions {
    pub pairs: usize,
    pub opening: usize,
    pub seed: u64,
    pub shard: Shard,
    pub jobs: usize,
}

/// Play `pairs` pairs of games between the strategies made by `make_x` and `make_y`: each pair
/// starts from a random opening of `opening` half-moves (seeded) and is played twice, the two
/// strategies swapping sides, each game by fresh players. The openings are drawn first, one
/// after another, so a pair is a pure function of the seed and its index: the pairs of the
/// slice `shard` run on `jobs` threads and their games are counted in pair order, the report
/// the same for every `jobs`, the shards' counts adding up to the whole run's. `progress` is
/// told as games finish (`total`: twice the slice's pairs).
pub fn play_match_with(
    make_x: MakeStrategy,
    make_y: MakeStrategy,
    o: &MatchOptions,
    progress: &mut dyn Progress,
) -> Result<MatchReport, GameError> {
    let MatchOptions {
        pairs,
        opening,
        seed,
        shard,
        jobs,
    } = *o;
    let mut rng = Rng::new(seed);
    let openings: Vec<Position> = (0..pairs)
        .map(|_| random_opening(&mut rng, opening))
        .collect();
    let mut report = MatchReport {
        x: make_x().name(),
        y: make_y().name(),
        games: 0,
        x_wins: 0,
        y_wins: 0,
        first_mover_wins: 0,
        blocked_ends: 0,
    };
    let pair = |start: &Position| -> Result<Vec<(Side, GameRecord)>, GameError> {
        let mut games = Vec::with_capacity(2);
        for x_side in [Side::A, Side::B] {
            let (mut x, mut y) = (make_x(), make_y());
            let r = match x_side {
                Side::A => play_from(x.as_mut(), y.as_mut(), *start)?,
                Side::B => play_from(y.as_mut(), x.as_mut(), *start)?,
            };
            games.push((x_side, r));
        }
        Ok(games)
    };
    let slice = &openings[shard.range(pairs)];
    let mut games_done = |done: usize, total: usize| progress.update(2 * done, 2 * total);
    let results = harness::progress::map_in_order(slice, jobs, &mut games_done, pair);
    for (start, games) in slice.iter().zip(results) {
        for (x_side, r) in games? {
            report.games += 1;
            if r.winner == x_side {
                report.x_wins += 1;
            } else {
                report.y_wins += 1;
            }
            if r.winner == start.side {
                report.first_mover_wins += 1;
            }
            if r.end == End::Blocked {
                report.blocked_ends += 1;
            }
        }
    }
    Ok(report)
}

/// Up to `n` random half-moves from the start, stopping before any move that would end the game.
pub fn random_opening(rng: &mut Rng, n: usize) -> Position {
    let mut p = Position::start();
    for _ in 0..n {
        let list = legal_moves(&p);
        if list.is_empty() {
            break;
        }
        let m = list.as_slice()[rng.index(list.len())];
        let q = p.apply(m);
        if q.goal_complete(p.side) || legal_moves(&q).is_empty() {
            break;
        }
        p = q;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deficit_is_zero_on_the_goal_and_48_at_the_start() {
        assert_eq!(deficit(&Position::start(), Side::A), 48);
        assert_eq!(deficit(&Position::start(), Side::B), 48);
        let p: Position = "A:25,26,27,28,29,30,31,32/B:1,2,3,4,5,6,7,8/A"
            .parse()
            .unwrap();
        assert_eq!(deficit(&p, Side::A), 0);
        assert_eq!(deficit(&p, Side::B), 0);
    }

    #[test]
    fn variants_move_one_weight_each_and_stay_non_negative() {
        let base = Weights::Q1_ONLY;
        let v = variants(&base, 0.5, &mut Rng::new(3));
        assert_eq!(v.len(), 6);
        for (j, (w, k, d)) in v.iter().enumerate() {
            assert_eq!(j, *k);
            assert_eq!(*d, 0.5); // every weight is at 0, so each goes up
            let a = w.to_array();
            assert_eq!(a.iter().filter(|x| **x != 0.0).count(), 1);
        }
    }

    #[test]
    fn both_sides_plays_two_games_a_board() {
        let opts = LearnOptions {
            iterations: 1,
            both_sides: true,
            ..LearnOptions::default()
        };
        let r = learn(&opts).unwrap();
        for t in &r.iterations[0].trials {
            assert_eq!(t.games.len(), 2);
            assert_eq!(t.games[0].variant_side, Side::B);
            assert_eq!(t.games[1].variant_side, Side::A);
        }
    }

    #[test]
    fn a_match_swaps_sides() {
        use crate::strategy::{Greedy, RandomMover};
        let r = play_match_with(
            &|| Box::new(Greedy),
            &|| Box::new(RandomMover::new(5)),
            &MatchOptions {
                pairs: 3,
                opening: 4,
                seed: 9,
                shard: Shard::WHOLE,
                jobs: 2,
            },
            &mut NoProgress,
        )
        .unwrap();
        assert_eq!(r.games, 6);
        assert_eq!(r.x_wins + r.y_wins, 6);
    }

    #[test]
    fn a_match_reports_progress_in_games() {
        use crate::strategy::{Greedy, RandomMover};
        let mut seen = Vec::new();
        play_match_with(
            &|| Box::new(Greedy),
            &|| Box::new(RandomMover::new(5)),
            &MatchOptions {
                pairs: 2,
                opening: 4,
                seed: 9,
                shard: Shard::WHOLE,
                jobs: 1,
            },
            &mut |d: usize, t: usize| seen.push((d, t)),
        )
        .unwrap();
        // Told as slices of pairs finish, counting games, up to all of them.
        assert_eq!(seen.last(), Some(&(4, 4)));
        assert!(seen.windows(2).all(|w| w[0].0 < w[1].0 && w[1].1 == 4));
    }

    #[test]
    fn learning_is_deterministic_under_a_seed() {
        let opts = LearnOptions {
            iterations: 2,
            ..LearnOptions::default()
        };
        let r1 = learn(&opts).unwrap();
        let r2 = learn(&opts).unwrap();
        assert_eq!(r1, r2);
        assert!(!r1.iterations.is_empty());
        assert_eq!(r1.iterations[0].trials.len(), 6);
        // The path is consistent: each chosen variant is the next base.
        for w in r1.iterations.windows(2) {
            let j = w[0].chosen.unwrap();
            assert_eq!(w[0].trials[j].weights, w[1].base);
        }
    }
}
