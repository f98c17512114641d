//! Matches end to end: games between our programs replayed by an independent move generator
//! (shakmaty, a dev-dependency), the laws that end games, and players that misbehave.

use std::collections::HashMap;

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

use super::*;
use crate::board::{Move, Position};
use crate::fen::parse_fen;
use crate::program::{Twin, TwinEngine};
use crate::soma::{program::Params as SomaParams, Rules, Soma};
use crate::turochamp::Turochamp;
use crate::uci::Engine;

/// A PGN game split into its tags and movetext tokens (comments as one token each).
struct Parsed {
    tags: HashMap<String, String>,
    sans: Vec<String>,
    comment: String,
    result: String,
}

/// A small reader for what `pgn::write` emits (and the standard allows): tags, move numbers,
/// SAN, brace comments across lines, the result.
fn read_pgn(text: &str) -> Vec<Parsed> {
    let mut games = Vec::new();
    let mut lines = text.lines().peekable();
    while lines.peek().is_some() {
        let mut tags = HashMap::new();
        while let Some(l) = lines.next_if(|l| l.starts_with('[')) {
            let (name, rest) = l[1..].split_once(' ').unwrap();
            let value = rest.trim_end_matches(']').trim_matches('"');
            tags.insert(
                name.to_string(),
                value.replace("\\\"", "\"").replace("\\\\", "\\"),
            );
        }
        assert!(
            lines.next().unwrap().is_empty(),
            "blank line after the tags"
        );
        let mut movetext = String::new();
        while let Some(l) = lines.next_if(|l| !l.is_empty()) {
            assert!(l.len() <= pgn::LINE, "line over 79 characters: {l}");
            movetext.push_str(l);
            movetext.push(' ');
        }
        lines.next();
        let open = movetext.find('{').expect("a closing comment");
        let close = movetext.find('}').unwrap();
        let comment = movetext[open + 1..close].to_string();
        let result = movetext[close + 1..].trim().to_string();
        let sans = movetext[..open]
            .split_whitespace()
            .filter(|t| !t.ends_with('.'))
            .map(str::to_string)
            .collect();
        games.push(Parsed {
            tags,
            sans,
            comment,
            result,
        });
    }
    games
}

/// Replay a PGN game with shakmaty: every move legal, our SAN as shakmaty writes it, and the
/// end the tags and comment claim true of the final position.
fn check_with_shakmaty(g: &Parsed) {
    let mut pos: Chess = match g.tags.get("FEN") {
        Some(f) => Fen::from_ascii(f.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap(),
        None => Chess::default(),
    };
    let key = |p: &Chess| {
        let f = Fen::from_position(p, EnPassantMode::Legal).to_string();
        f.rsplitn(3, ' ').nth(2).unwrap().to_string()
    };
    let mut seen: HashMap<String, u32> = HashMap::new();
    *seen.entry(key(&pos)).or_default() += 1;
    for s in &g.sans {
        let m = San::from_ascii(s.trim_end_matches(['+', '#']).as_bytes())
            .unwrap()
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{s} is not legal: {e}"));
        assert_eq!(&SanPlus::from_move(pos.clone(), m).to_string(), s);
        pos.play_unchecked(m);
        *seen.entry(key(&pos)).or_default() += 1;
    }
    assert_eq!(g.tags["PlyCount"], g.sans.len().to_string());
    assert_eq!(g.tags["Result"], g.result);
    let c = g.comment.as_str();
    if c.ends_with("mates") {
        assert!(pos.is_checkmate());
        let winner = if pos.turn().is_white() { "0-1" } else { "1-0" };
        assert_eq!(g.result, winner);
    } else if c == "Stalemate" {
        assert!(pos.is_stalemate());
    } else if c.contains("insufficient") {
        assert!(pos.is_insufficient_material());
    } else if c.contains("repetition") {
        assert!(seen[&key(&pos)] >= 3);
    } else if c.contains("fifty") {
        assert!(pos.halfmoves() >= 100);
    } else if c.contains("cap of") {
        let cap: usize = c.split_whitespace().nth(7).unwrap().parse().unwrap();
        assert_eq!(g.sans.len(), 2 * cap);
        assert!(!pos.is_game_over());
        assert_eq!(g.tags["Termination"], "adjudication");
    } else {
        panic!("unexpected end `{c}`");
    }
    if g.result == "1/2-1/2" {
        assert!(!c.ends_with("mates"));
    }
}

fn header(round: usize) -> pgn::Header {
    pgn::Header {
        event: "test".into(),
        site: "firstmoves".into(),
        date: "????.??.??".into(),
        round: round.to_string(),
    }
}

/// Play a match and return its PGN and score.
fn run(
    a: &mut dyn Player,
    b: &mut dyn Player,
    opts: &MatchOptions,
) -> (String, Score, Vec<Played>) {
    let mut text = String::new();
    let mut played = Vec::new();
    let score = play_match(a, b, opts, |g| {
        text += &pgn::write(&g.game, &header(g.index + 1));
        played.push(g.clone());
        Ok::<(), ()>(())
    })
    .unwrap();
    (text, score, played)
}

fn soma(seed: u64) -> EnginePlayer {
    EnginePlayer::new(
        Box::new(move |g| {
            let params = SomaParams {
                rules: Rules::Soma1961,
                seed: seed + g as u64,
            };
            Box::new(TwinEngine::<Soma>::new(Twin::Native, params)) as Box<dyn Engine>
        }),
        None,
    )
}

#[test]
fn soma_against_turochamp_replays_in_shakmaty() {
    let mut a = soma(1961);
    let mut b = EnginePlayer::fixed(turochamp(), None);
    let opts = MatchOptions {
        games: 2,
        alternate: true,
        openings: Vec::new(),
        game: GameOptions { max_moves: 20 },
    };
    let (text, score, played) = run(&mut a, &mut b, &opts);
    let games = read_pgn(&text);
    assert_eq!(games.len(), 2);
    assert_eq!(score.wins + score.draws + score.losses, 2);
    assert!(games[0].tags["White"].starts_with("SOMA"));
    assert!(games[1].tags["White"].starts_with("Turochamp"));
    for (g, p) in games.iter().zip(&played) {
        check_with_shakmaty(g);
        assert_eq!(g.result, p.game.outcome.pgn());
    }
    // The same seeds play the same games.
    let (again, _, _) = run(
        &mut soma(1961),
        &mut EnginePlayer::fixed(turochamp(), None),
        &opts,
    );
    assert_eq!(text, again);
}

fn turochamp() -> TwinEngine<Turochamp> {
    TwinEngine::new(Twin::Native, Default::default())
}

/// Plays the moves it is given, then a fixed answer.
struct Script {
    moves: Vec<&'static str>,
    next: usize,
    then: Result<Option<&'static str>, ()>,
}

impl Script {
    fn new(moves: &[&'static str]) -> Script {
        Script {
            moves: moves.to_vec(),
            next: 0,
            then: Ok(None),
        }
    }
}

impl Player for Script {
    fn name(&self) -> String {
        "script".into()
    }

    fn choose(
        &mut self,
        _: &Position,
        _: &[Move],
        _: &Position,
    ) -> Result<Option<String>, EngineError> {
        self.next += 1;
        match self.moves.get(self.next - 1) {
            Some(m) => Ok(Some(m.to_string())),
            None => match self.then {
                Ok(t) => Ok(t.map(str::to_string)),
                Err(()) => Err(EngineError::Timeout {
                    command: "script".into(),
                    waiting_for: "bestmove",
                    after: std::time::Duration::from_millis(5),
                }),
            },
        }
    }
}

fn one(white: &mut Script, black: &mut Script, fen: Option<&str>, max_moves: u32) -> Game {
    let start = fen
        .map(|f| parse_fen(f).unwrap())
        .unwrap_or_else(Position::start);
    let g = play_game(white, black, &start, GameOptions { max_moves });
    let text = pgn::write(&g, &header(1));
    if !matches!(
        g.termination,
        Termination::IllegalMove { .. } | Termination::Timeout(_) | Termination::EngineFailure(_)
    ) {
        check_with_shakmaty(&read_pgn(&text)[0]);
    }
    g
}

#[test]
fn threefold_repetition_on_the_third_occurrence() {
    let mut w = Script::new(&["g1f3", "f3g1", "g1f3", "f3g1"]);
    let mut b = Script::new(&["g8f6", "f6g8", "g8f6", "f6g8"]);
    let g = one(&mut w, &mut b, None, 150);
    assert_eq!(g.termination, Termination::ThreefoldRepetition);
    assert_eq!(g.moves.len(), 8);
    assert_eq!(g.outcome, Outcome::Draw);
}

#[test]
fn mate_stalemate_fifty_and_material() {
    let g = one(
        &mut Script::new(&["f2f3", "g2g4"]),
        &mut Script::new(&["e7e5", "d8h4"]),
        None,
        150,
    );
    assert_eq!(
        (g.outcome, g.termination),
        (Outcome::BlackWins, Termination::Checkmate)
    );
    // Qc7 stalemates the king on a8.
    let g = one(
        &mut Script::new(&["c1c7"]),
        &mut Script::new(&[]),
        Some("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1"),
        150,
    );
    assert_eq!(g.termination, Termination::Stalemate);
    // The 100th quiet ply.
    let g = one(
        &mut Script::new(&["a1a2"]),
        &mut Script::new(&[]),
        Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"),
        150,
    );
    assert_eq!(g.termination, Termination::FiftyMoves);
    // Kxb2 leaves king against king.
    let g = one(
        &mut Script::new(&[]),
        &mut Script::new(&["a1b2"]),
        Some("8/8/8/8/8/8/1R6/k2K4 b - - 0 1"),
        150,
    );
    assert_eq!(g.termination, Termination::InsufficientMaterial);
}

#[test]
fn mate_on_the_last_move_before_the_cap_is_mate() {
    let g = one(
        &mut Script::new(&["f2f3", "g2g4"]),
        &mut Script::new(&["e7e5", "d8h4"]),
        None,
        2,
    );
    assert_eq!(g.termination, Termination::Checkmate);
    let g = one(
        &mut Script::new(&["f2f3", "g2g4"]),
        &mut Script::new(&["e7e5", "d8h4"]),
        None,
        1,
    );
    assert_eq!(
        (g.outcome, g.termination),
        (Outcome::Draw, Termination::MoveCap(1))
    );
    assert_eq!(g.moves.len(), 2);
}

#[test]
fn an_illegal_move_or_none_or_a_timeout_loses() {
    let g = one(
        &mut Script::new(&["e2e5"]),
        &mut Script::new(&[]),
        None,
        150,
    );
    assert_eq!(g.outcome, Outcome::BlackWins);
    assert_eq!(
        g.termination,
        Termination::IllegalMove {
            text: Some("e2e5".into())
        }
    );
    assert!(g.reason().contains("illegal move e2e5"), "{}", g.reason());
    let g = one(
        &mut Script::new(&["e2e4"]),
        &mut Script::new(&[]),
        None,
        150,
    );
    assert_eq!(g.outcome, Outcome::WhiteWins);
    assert_eq!(g.termination, Termination::IllegalMove { text: None });
    let mut late = Script::new(&["e7e5"]);
    late.then = Err(());
    let g = one(&mut Script::new(&["e2e4", "g1f3"]), &mut late, None, 150);
    assert_eq!(g.outcome, Outcome::WhiteWins);
    assert!(matches!(g.termination, Termination::Timeout(_)));
    let text = pgn::write(&g, &header(1));
    assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
    assert!(
        text.contains("1. e4 e5 2. Nf3 {script loses: engine `script`: no `bestmove`"),
        "{text}"
    );
}

#[test]
fn openings_are_used_in_turn_twice_when_alternating() {
    let openings = parse_openings("e2e4\nd2d4\n").unwrap();
    let mut opts = MatchOptions {
        games: 4,
        alternate: true,
        openings,
        game: GameOptions { max_moves: 1 },
    };
    let firsts: Vec<String> = (0..4)
        .map(|i| crate::fen::to_fen(&opening_for(&opts, i)))
        .collect();
    assert_eq!(firsts[0], firsts[1]);
    assert_eq!(firsts[2], firsts[3]);
    assert_ne!(firsts[0], firsts[2]);
    opts.alternate = false;
    assert_ne!(
        crate::fen::to_fen(&opening_for(&opts, 0)),
        crate::fen::to_fen(&opening_for(&opts, 1))
    );
    assert_eq!(
        crate::fen::to_fen(&opening_for(&opts, 0)),
        crate::fen::to_fen(&opening_for(&opts, 2))
    );
}

/// An engine that plays its first legal move and reports a period time, as an emulated twin
/// does through its info text.
#[derive(Clone)]
struct Timed(Option<String>);

impl Engine for Timed {
    fn name(&self) -> String {
        "timed".into()
    }
    fn search(&mut self, p: &Position, _: Option<usize>) -> crate::search::SearchResult {
        let best = if self.0.is_some() {
            crate::movegen::legal_moves(p).first().copied()
        } else {
            None
        };
        crate::search::SearchResult {
            best,
            value: 0,
            pv: Vec::new(),
            positions: 0,
            depth: 1,
        }
    }
    fn set_option(&mut self, _: &str, _: &str) -> Result<(), String> {
        Ok(())
    }
    fn options(&self) -> Vec<String> {
        Vec::new()
    }
    fn info_extra(&self) -> Option<String> {
        self.0
            .clone()
            .or(Some("emulated_error card_rejected".into()))
    }
}

#[test]
fn emulated_seconds_add_up_and_a_failed_twin_loses_with_its_reason() {
    let mut w = EnginePlayer::fixed(Timed(Some("emulated_seconds 1.25".into())), None);
    let mut b = Script::new(&["e7e5"]);
    b.then = Ok(Some("zzzz"));
    w.new_game(0).unwrap();
    let g = play_game(&mut w, &mut b, &Position::start(), GameOptions::default());
    assert_eq!(g.moves.len(), 3);
    assert_eq!(g.emulated_seconds, [Some(2.5), None]);
    let mut w = EnginePlayer::fixed(Timed(None), None);
    w.new_game(0).unwrap();
    assert_eq!(w.emulated_seconds(), None);
    let g = play_game(
        &mut w,
        &mut Script::new(&[]),
        &Position::start(),
        GameOptions::default(),
    );
    assert_eq!(g.outcome, Outcome::BlackWins);
    assert_eq!(g.termination.key(), "engine_failure");
    assert!(
        g.reason()
            .contains("timed gave no move (emulated_error card_rejected)"),
        "{}",
        g.reason()
    );
}
