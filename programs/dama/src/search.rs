//! Findler's search (§4 of the paper), exactly as the search contract of docs/dama.md fixes it:
//! C(i) = dr(i) - max C(i+1), k half-moves deep, with the paper's depth rules (a1-a3) and move
//! selection rules (b1-b4), the demonstration setting and the selective two-pass variant.
//!
//! `faithful` is plain minimax in canonical order and counts positions examined as the contract
//! defines (the SILLIAC program reports the same count). `fast` is alpha-beta: same move and value,
//! its own (smaller) count.

use std::fmt;
use std::str::FromStr;

use super::board::{Move, Position};
use super::movegen::{legal_moves, MoveList};

/// Depth rule (paper §2 (a)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Depth {
    /// Always six half-moves.
    A1,
    /// Six in the middle game, four in opening and end game.
    A2,
    /// Always four.
    A3,
}

/// Move selection rule (paper §2 (b)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Select {
    /// All moves at every half-move.
    B1,
    /// All moves at half-moves 1-2, jumps later.
    B2,
    /// Middle game as B2; opening and end game jumps at every half-move.
    B3,
    /// Jumps at every half-move.
    B4,
}

/// A search setting: a depth rule with a selection rule, or the selective two-pass variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    Rule {
        depth: Depth,
        select: Select,
    },
    /// Demo search, then the best three root moves of the middle game two half-moves deeper.
    Selective,
}

impl Setting {
    /// The paper's demonstration setting (a3 + b3), the default.
    pub const DEMO: Setting = Setting::Rule {
        depth: Depth::A3,
        select: Select::B3,
    };

    /// Every setting: the twelve rules and the selective variant (demo is a3+b3).
    pub fn all() -> Vec<Setting> {
        let mut v = Vec::new();
        for depth in [Depth::A1, Depth::A2, Depth::A3] {
            for select in [Select::B1, Select::B2, Select::B3, Select::B4] {
                v.push(Setting::Rule { depth, select });
            }
        }
        v.push(Setting::Selective);
        v
    }
}

impl fmt::Display for Depth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Depth::A1 => "a1",
            Depth::A2 => "a2",
            Depth::A3 => "a3",
        })
    }
}

impl fmt::Display for Select {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Select::B1 => "b1",
            Select::B2 => "b2",
            Select::B3 => "b3",
            Select::B4 => "b4",
        })
    }
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Setting::Rule { depth, select } => write!(f, "{depth}+{select}"),
            Setting::Selective => f.write_str("selective"),
        }
    }
}

/// A setting text outside the setting language (`demo`, `selective` = `a3+selective`, `aN+bM`),
/// and why. Every dama command that takes a setting reports this one error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("setting `{text}`: {reason}")]
pub struct SettingError {
    pub text: String,
    pub reason: &'static str,
}

/// The reason given for a text that is not a setting at all.
const EXPECTED: &str = "expected demo, selective, or a depth rule a1|a2|a3 with a selection rule b1|b2|b3|b4 such as a2+b3 (selective also as a3+selective)";

/// The paper defines the selective modification on the four-half-move search only.
const SELECTIVE_DEPTH: &str = "the selective modification is the paper's four-half-move search (a3) with its best root moves taken two half-moves deeper, so it goes with a3 only";

impl SettingError {
    fn new(text: &str, reason: &'static str) -> SettingError {
        SettingError {
            text: text.to_string(),
            reason,
        }
    }
}

/// The value `s` names in `table`, exactly but for the case of its letters.
fn keyword<T: Copy>(s: &str, table: &[(&str, T)]) -> Result<T, SettingError> {
    table
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(s))
        .map(|&(_, v)| v)
        .ok_or_else(|| SettingError::new(s, EXPECTED))
}

impl FromStr for Depth {
    type Err = SettingError;
    fn from_str(s: &str) -> Result<Depth, SettingError> {
        keyword(
            s,
            &[("a1", Depth::A1), ("a2", Depth::A2), ("a3", Depth::A3)],
        )
    }
}

impl FromStr for Select {
    type Err = SettingError;
    fn from_str(s: &str) -> Result<Select, SettingError> {
        let table = [
            ("b1", Select::B1),
            ("b2", Select::B2),
            ("b3", Select::B3),
            ("b4", Select::B4),
        ];
        keyword(s, &table)
    }
}

impl FromStr for Setting {
    type Err = SettingError;

    /// The setting language of every dama command, any case and nothing else (no blanks, signs,
    /// or doubled `+`): `demo` (a3+b3), `selective` (also `a3+selective`), or a depth rule with
    /// a selection rule, `a1+b1` (also `a1b1`).
    fn from_str(s: &str) -> Result<Setting, SettingError> {
        let t = s.to_ascii_lowercase();
        match t.as_str() {
            "demo" => return Ok(Setting::DEMO),
            "selective" | "a3+selective" => return Ok(Setting::Selective),
            "a1+selective" | "a2+selective" => return Err(SettingError::new(s, SELECTIVE_DEPTH)),
            _ => {}
        }
        let err = |_| SettingError::new(s, EXPECTED);
        let (depth, select) = match (s.get(..2), s.get(2..)) {
            (Some(d), Some(r)) => (d, r.strip_prefix('+').unwrap_or(r)),
            _ => return Err(SettingError::new(s, EXPECTED)),
        };
        Ok(Setting::Rule {
            depth: depth.parse().map_err(err)?,
            select: select.parse().map_err(err)?,
        })
    }
}

/// The depth and per-half-move selection of one search, fixed from the root's phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// k: the number of half-moves looked at (half-move 1 is the root move).
    pub k: u32,
    /// Jumps only at half-moves i >= jumps_from (u32::MAX: never).
    pub jumps_from: u32,
}

impl Plan {
    /// The plan of a depth and selection rule in a root position of the given phase.
    pub fn new(depth: Depth, select: Select, middle: bool) -> Plan {
        let k = match (depth, middle) {
            (Depth::A1, _) | (Depth::A2, true) => 6,
            (Depth::A2, false) | (Depth::A3, _) => 4,
        };
        let jumps_from = match (select, middle) {
            (Select::B1, _) => u32::MAX,
            (Select::B2, _) | (Select::B3, true) => 3,
            (Select::B3, false) | (Select::B4, _) => 1,
        };
        Plan { k, jumps_from }
    }

    /// The second pass of `selective`: six half-moves, all moves at 1-2, jumps later.
    pub const SELECTIVE_DEEP: Plan = Plan {
        k: 6,
        jumps_from: 3,
    };

    /// True if only jumps are considered at half-move `i`.
    pub fn jumps_only(&self, i: u32) -> bool {
        i >= self.jumps_from
    }
}

/// The move list of the contract at a half-move: the legal moves in canonical order; with
/// `jumps_only`, just the jumps unless there are none (then all, the paper's guard against
/// blocked positions). Empty iff the side to move has no legal move.
pub fn move_list(p: &Position, jumps_only: bool) -> MoveList {
    let mut list = legal_moves(p);
    if jumps_only && list.iter().any(|m| m.is_jump()) {
        list.retain(|m| m.is_jump());
    }
    list
}

/// The outcome of a search: the chosen move (none if the side to move is blocked, and so has
/// won), its value C(1), and the number of positions examined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SearchResult {
    #[serde(rename = "move")]
    pub mv: Option<Move>,
    pub value: i32,
    pub positions: u64,
}

impl SearchResult {
    /// No legal move at the root: the side to move has won by the blocked rule. Value 0, nothing
    /// examined (the project's choice; the contract says only that there is no move).
    pub const BLOCKED: SearchResult = SearchResult {
        mv: None,
        value: 0,
        positions: 0,
    };
}

/// The bonus for completing one's goal squares, and the penalty for blocking the opponent (which
/// wins for the opponent): larger than any sum of rank changes in a search.
pub const WIN: i32 = 64;

/// Move `m` at half-move `i` in `p` under `plan`: its C where the game or the look-ahead ends
/// with it (`Err`), or the position after it, its direct rows and the replies to search (`Ok`).
fn expand(plan: &Plan, p: &Position, m: Move, i: u32) -> Result<(Position, i32, MoveList), i32> {
    let q = p.apply(m);
    let dr = m.dr();
    if q.goal_complete(p.side) {
        return Err(dr + WIN);
    }
    if i == plan.k {
        return Err(dr);
    }
    let replies = move_list(&q, plan.jumps_only(i + 1));
    if replies.is_empty() {
        return Err(dr - WIN);
    }
    Ok((q, dr, replies))
}

/// Plain minimax in canonical order, as the contract and the SILLIAC program do it.
struct Minimax {
    plan: Plan,
    positions: u64,
}

impl Minimax {
    /// C of move `m` made at half-move `i` in position `p`.
    fn c(&mut self, p: &Position, m: Move, i: u32) -> i32 {
        self.positions += 1;
        let (q, dr, replies) = match expand(&self.plan, p, m, i) {
            Ok(go_on) => go_on,
            Err(value) => return value,
        };
        let mut best = i32::MIN;
        for &r in replies.iter() {
            best = best.max(self.c(&q, r, i + 1));
        }
        dr - best
    }
}

/// C(1) of every root move under `plan`, in canonical order, and the positions examined.
pub fn root_values(p: &Position, plan: Plan) -> (Vec<(Move, i32)>, u64) {
    let mut mm = Minimax { plan, positions: 0 };
    let list = move_list(p, plan.jumps_only(1));
    let values = list.iter().map(|&m| (m, mm.c(p, m, 1))).collect();
    (values, mm.positions)
}

/// The first entry with the largest value (Findler's tie rule when the entries are in canonical
/// order).
fn first_max(values: &[(Move, i32)]) -> Option<(Move, i32)> {
    let mut best: Option<(Move, i32)> = None;
    for &(m, v) in values {
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((m, v));
        }
    }
    best
}

/// The three best root moves of a first pass: C descending, ties in canonical order.
fn top_three(values: &[(Move, i32)]) -> Vec<(Move, i32)> {
    let mut sorted = values.to_vec();
    sorted.sort_by_key(|&(_, v)| std::cmp::Reverse(v)); // stable: canonical among ties
    sorted.truncate(3);
    sorted
}

/// The contract's search by plain minimax: move, value, positions examined.
pub fn faithful(p: &Position, setting: Setting) -> SearchResult {
    match setting {
        Setting::Rule { depth, select } => {
            let (values, positions) = root_values(p, Plan::new(depth, select, p.is_middle()));
            match first_max(&values) {
                None => SearchResult::BLOCKED,
                Some((m, v)) => SearchResult {
                    mv: Some(m),
                    value: v,
                    positions,
                },
            }
        }
        Setting::Selective if !p.is_middle() => faithful(p, Setting::DEMO),
        Setting::Selective => {
            let (values, first) = root_values(p, Plan::new(Depth::A3, Select::B3, true));
            let mut mm = Minimax {
                plan: Plan::SELECTIVE_DEEP,
                positions: 0,
            };
            let deep: Vec<(Move, i32)> = top_three(&values)
                .into_iter()
                .map(|(m, _)| (m, mm.c(p, m, 1)))
                .collect();
            match first_max(&deep) {
                None => SearchResult::BLOCKED,
                Some((m, v)) => SearchResult {
                    mv: Some(m),
                    value: v,
                    positions: first + mm.positions,
                },
            }
        }
    }
}

/// C(1) of every root move the setting looks at, in canonical order (for `selective` in the
/// middle game, pass 1's demo values), and the positions examined: for inspecting a search.
pub fn root_table(p: &Position, setting: Setting) -> (Vec<(Move, i32)>, u64) {
    match setting {
        Setting::Rule { depth, select } => root_values(p, Plan::new(depth, select, p.is_middle())),
        Setting::Selective => root_values(p, Plan::new(Depth::A3, Select::B3, p.is_middle())),
    }
}

/// Larger than any C.
const INF: i32 = 1 << 20;

/// Alpha-beta over the same tree: the value of every node is the minimax value whenever it lies
/// inside the window, which is all the root needs.
struct AlphaBeta {
    plan: Plan,
    positions: u64,
}

impl AlphaBeta {
    /// C of move `m` at half-move `i` in `p`, exact if it lies in (alpha, beta), else a bound on
    /// the correct side (fail-soft).
    fn c(&mut self, p: &Position, m: Move, i: u32, alpha: i32, beta: i32) -> i32 {
        self.positions += 1;
        let (q, dr, mut replies) = match expand(&self.plan, p, m, i) {
            Ok(go_on) => go_on,
            Err(value) => return value,
        };
        dr - self.max_c(&q, &mut replies, i + 1, dr - beta, dr - alpha)
    }

    /// max C over the (non-empty) move list at half-move `i`.
    fn max_c(
        &mut self,
        p: &Position,
        list: &mut MoveList,
        i: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if i == self.plan.k {
            // Leaves: C = dr, or dr + WIN if the move fills the goal; no need to make the moves.
            self.positions += list.len() as u64;
            let mover = p.side;
            return list
                .iter()
                .map(|&m| {
                    if p.apply(m).goal_complete(mover) {
                        m.dr() + WIN
                    } else {
                        m.dr()
                    }
                })
                .max()
                .unwrap_or(-INF);
        }
        // Big advances first: they are most often best, which makes the cut-offs early.
        list.as_mut_slice()
            .sort_by_key(|m| std::cmp::Reverse(m.dr()));
        let mut best = -INF;
        for &m in list.iter() {
            let v = self.c(p, m, i, alpha, beta);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Root moves in canonical order searched so that a later move is examined only for "better than
/// the best so far": the first largest C wins, as in the contract.
fn ab_root(ab: &mut AlphaBeta, p: &Position, list: &[Move]) -> Option<(Move, i32)> {
    let mut best: Option<(Move, i32)> = None;
    for &m in list {
        let floor = best.map_or(-INF, |(_, v)| v);
        let v = ab.c(p, m, 1, floor, INF);
        if v > floor {
            best = Some((m, v));
        }
    }
    best
}

/// The contract's search by alpha-beta: the same move and value as `faithful`; `positions` is
/// this engine's own (smaller) count.
pub fn fast(p: &Position, setting: Setting) -> SearchResult {
    match setting {
        Setting::Rule { depth, select } => {
            let plan = Plan::new(depth, select, p.is_middle());
            let mut ab = AlphaBeta { plan, positions: 0 };
            let list = move_list(p, plan.jumps_only(1));
            match ab_root(&mut ab, p, list.as_slice()) {
                None => SearchResult::BLOCKED,
                Some((m, v)) => SearchResult {
                    mv: Some(m),
                    value: v,
                    positions: ab.positions,
                },
            }
        }
        Setting::Selective if !p.is_middle() => fast(p, Setting::DEMO),
        Setting::Selective => {
            let mut ab = AlphaBeta {
                plan: Plan::new(Depth::A3, Select::B3, true),
                positions: 0,
            };
            // Pass 1 needs the three best exactly: a move is searched for "better than the
            // third best so far" (ties go to the earlier move, which is already in).
            let list = move_list(p, ab.plan.jumps_only(1));
            let mut top: Vec<(Move, i32)> = Vec::new();
            for &m in list.iter() {
                let floor = if top.len() < 3 { -INF } else { top[2].1 };
                let v = ab.c(p, m, 1, floor, INF);
                if v > floor {
                    // Insert after every entry with a value >= v (stable: canonical ties).
                    let at = top.iter().position(|&(_, t)| t < v).unwrap_or(top.len());
                    top.insert(at, (m, v));
                    top.truncate(3);
                }
            }
            ab.plan = Plan::SELECTIVE_DEEP;
            let order: Vec<Move> = top.iter().map(|&(m, _)| m).collect();
            match ab_root(&mut ab, p, &order) {
                None => SearchResult::BLOCKED,
                Some((m, v)) => SearchResult {
                    mv: Some(m),
                    value: v,
                    positions: ab.positions,
                },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Side;
    use harness::rng::Rng;

    #[test]
    fn settings_parse_and_print() {
        assert_eq!("demo".parse::<Setting>().unwrap(), Setting::DEMO);
        assert_eq!(Setting::DEMO.to_string(), "a3+b3");
        assert_eq!(
            "a1+b1".parse::<Setting>().unwrap(),
            Setting::Rule {
                depth: Depth::A1,
                select: Select::B1
            }
        );
        assert_eq!("A2B4".parse::<Setting>().unwrap().to_string(), "a2+b4");
        assert_eq!("selective".parse::<Setting>().unwrap(), Setting::Selective);
        assert!("a4+b1".parse::<Setting>().is_err());
        assert!("deep".parse::<Setting>().is_err());
        assert_eq!(
            "A3+Selective".parse::<Setting>().unwrap(),
            Setting::Selective
        );
        let e = "a1+selective".parse::<Setting>().unwrap_err();
        assert!(e.to_string().contains("goes with a3 only"), "{e}");
        for loose in [
            "a-1+b-1",
            "a+1+b+1",
            "a1++b1",
            "demo ",
            " a1+b1",
            "a1,b1",
            "a3selective",
        ] {
            let e = loose.parse::<Setting>().unwrap_err();
            assert!(e.to_string().contains("expected demo"), "{loose}: {e}");
        }
        assert_eq!("A3b3".parse::<Setting>().unwrap(), Setting::DEMO);
        let e = "b3".parse::<Setting>().unwrap_err();
        assert!(
            e.to_string().starts_with("setting `b3`: expected demo"),
            "{e}"
        );
        assert_eq!(Setting::all().len(), 13);
    }

    #[test]
    fn phase_rule_sets_depth_and_selection() {
        assert_eq!(
            Plan::new(Depth::A2, Select::B3, true),
            Plan {
                k: 6,
                jumps_from: 3
            }
        );
        assert_eq!(
            Plan::new(Depth::A2, Select::B3, false),
            Plan {
                k: 4,
                jumps_from: 1
            }
        );
        assert_eq!(Plan::new(Depth::A1, Select::B1, false).k, 6);
        assert!(!Plan::new(Depth::A1, Select::B1, false).jumps_only(6));
        assert!(Plan::new(Depth::A3, Select::B4, true).jumps_only(1));
        assert!(!Plan::new(Depth::A3, Select::B2, false).jumps_only(2));
        assert!(Plan::new(Depth::A3, Select::B2, false).jumps_only(3));
    }

    #[test]
    fn jump_selection_falls_back_to_steps() {
        let p = Position::start();
        // From the start A has jumps (row 1 over row 2): the list keeps only those.
        let jumps = move_list(&p, true);
        assert!(!jumps.is_empty() && jumps.iter().all(|m| m.is_jump()));
        // A position with no jump at all keeps its steps.
        let q: Position = "A:1,2,3,4,9,10,11,12/B:21,22,23,24,29,30,31,32/A"
            .parse()
            .unwrap();
        assert_eq!(move_list(&q, true).len(), legal_moves(&q).len());
    }

    #[test]
    fn by_hand_the_opponent_fills_its_goal() {
        // A (20 on row 5: middle game, so demo searches all moves at half-moves 1-2) has three
        // moves: 20-24, 27-32, 28-32. After each, B's only move 12-8 fills B's goal: C = 1 + 64,
        // not searched further. So every A move has C = 1 - 65 = -64; the first is chosen; 3 root
        // moves + 3 replies = 6 positions.
        let p: Position = "A:20,25,26,27,28,29,30,31/B:1,2,3,4,5,6,7,12/A"
            .parse()
            .unwrap();
        let want = SearchResult {
            mv: Some(Move::new(20, 24)),
            value: -64,
            positions: 6,
        };
        assert_eq!(faithful(&p, Setting::DEMO), want);
        assert_eq!(faithful(&p, Setting::Selective).positions, 6 + 3 * 2);
        // With B's last piece on 9 instead, B has no move at all after any A move: B is blocked
        // and wins, C = 1 - 64 = -63, and the replies are never generated: 3 positions.
        let q: Position = "A:20,25,26,27,28,29,30,31/B:1,2,3,4,5,6,7,9/A"
            .parse()
            .unwrap();
        assert_eq!(
            faithful(&q, Setting::DEMO),
            SearchResult {
                mv: Some(Move::new(20, 24)),
                value: -63,
                positions: 3
            }
        );
    }

    #[test]
    fn goal_completion_scores_64_and_blocking_loses_64() {
        // A needs one step (24-28) to fill 25-32; B's pieces sit on rows 1-2.
        let p: Position = "A:24,25,26,27,29,30,31,32/B:1,2,3,4,5,6,7,8/A"
            .parse()
            .unwrap();
        let r = faithful(&p, Setting::DEMO);
        assert_eq!(r.mv, Some(Move::new(24, 28)));
        assert_eq!(r.value, 1 + WIN);
        assert_eq!(r.positions, legal_moves(&p).len() as u64);
    }

    #[test]
    fn blocked_root_has_no_move() {
        // B's pieces fill rows 1-2: none can move down, so B (to move) has no move.
        let p: Position = "A:9,10,11,12,13,14,15,16/B:1,2,3,4,5,6,7,8/B"
            .parse()
            .unwrap();
        assert!(legal_moves(&p).is_empty());
        assert_eq!(faithful(&p, Setting::DEMO), SearchResult::BLOCKED);
        assert_eq!(fast(&p, Setting::Selective), SearchResult::BLOCKED);
        assert_eq!(p.side, Side::B);
    }

    #[test]
    fn fast_equals_faithful_on_playout_positions() {
        for seed in 0..12 {
            for n in [0, 5, 12, 20, 30, 45] {
                let p = crate::learn::random_opening(&mut Rng::new(seed), n);
                for setting in [Setting::DEMO, Setting::Selective, "a2+b2".parse().unwrap()] {
                    let slow = faithful(&p, setting);
                    let quick = fast(&p, setting);
                    assert_eq!(
                        (slow.mv, slow.value),
                        (quick.mv, quick.value),
                        "{p} {setting}"
                    );
                    assert!(quick.positions <= slow.positions || slow.mv.is_none());
                }
            }
        }
    }
}
