//! PGN export (the standard's section 8): the Seven Tag Roster, SetUp and FEN when the game
//! did not start from the initial position, Termination and PlyCount; SAN movetext in lines of
//! at most 79 characters; the reason the game ended as a closing comment.

use crate::board::START_FEN;
use crate::fen::to_fen;

use super::game::Game;

/// The tags that are not in the game itself.
#[derive(Clone, Debug)]
pub struct Header {
    pub event: String,
    pub site: String,
    /// "YYYY.MM.DD", or "????.??.??" when unknown.
    pub date: String,
    pub round: String,
}

/// Longest movetext line (the standard asks export lines of fewer than 80 characters).
pub const LINE: usize = 79;

fn tag(out: &mut String, name: &str, value: &str) {
    let v = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{v}\"]\n"));
}

/// The game as PGN, ending with a blank line so games can be concatenated.
pub fn write(g: &Game, h: &Header) -> String {
    let mut out = String::new();
    let result = g.outcome.pgn();
    tag(&mut out, "Event", &h.event);
    tag(&mut out, "Site", &h.site);
    tag(&mut out, "Date", &h.date);
    tag(&mut out, "Round", &h.round);
    tag(&mut out, "White", &g.white);
    tag(&mut out, "Black", &g.black);
    tag(&mut out, "Result", result);
    let fen = to_fen(&g.start);
    if fen != START_FEN {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &fen);
    }
    tag(&mut out, "Termination", g.termination.pgn_tag());
    tag(&mut out, "PlyCount", &g.san.len().to_string());
    out.push('\n');

    let mut tokens = Vec::new();
    let mut number = g.start.fullmove();
    let mut white = g.start.side_to_move().is_white();
    for (i, s) in g.san.iter().enumerate() {
        if white {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(s.clone());
        if !white {
            number += 1;
        }
        white = !white;
    }
    // A comment may run over lines; braces inside it would end it early.
    let reason = g.reason().replace(['{', '}'], "");
    let words: Vec<&str> = reason.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        let mut t = w.to_string();
        if i == 0 {
            t.insert(0, '{');
        }
        if i + 1 == words.len() {
            t.push('}');
        }
        tokens.push(t);
    }
    tokens.push(result.to_string());

    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > LINE {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::fen::parse_fen;
    use crate::matchplay::game::{Outcome, Termination};
    use crate::notation::{line_san, parse_uci};

    fn game(start: Position, uci: &[&str], outcome: Outcome, t: Termination) -> Game {
        let mut p = start.clone();
        let mut moves = Vec::new();
        for u in uci {
            let m = parse_uci(&p, u).unwrap();
            p.make(m);
            moves.push(m);
        }
        Game {
            white: "A \"quoted\" one".into(),
            black: "B".into(),
            san: line_san(&start, &moves),
            start,
            moves,
            outcome,
            termination: t,
            emulated_seconds: [None, None],
        }
    }

    fn header() -> Header {
        Header {
            event: "test".into(),
            site: "here".into(),
            date: "2026.11.22".into(),
            round: "1".into(),
        }
    }

    #[test]
    fn fools_mate() {
        let g = game(
            Position::start(),
            &["f2f3", "e7e5", "g2g4", "d8h4"],
            Outcome::BlackWins,
            Termination::Checkmate,
        );
        let text = write(&g, &header());
        assert_eq!(
            text,
            "[Event \"test\"]\n[Site \"here\"]\n[Date \"2026.11.22\"]\n[Round \"1\"]\n\
             [White \"A \\\"quoted\\\" one\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\
             [Termination \"normal\"]\n[PlyCount \"4\"]\n\n\
             1. f3 e5 2. g4 Qh4# {Black mates} 0-1\n\n"
        );
    }

    #[test]
    fn black_first_from_a_fen_and_wrapped() {
        let start = parse_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 30").unwrap();
        let mut moves = Vec::new();
        for _ in 0..12 {
            moves.extend(["e8d8", "a1a2", "d8e8", "a2a1"]);
        }
        let g = game(start, &moves, Outcome::Draw, Termination::MoveCap(12));
        let text = write(&g, &header());
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 30\"]\n"));
        assert!(text.contains("[Termination \"adjudication\"]"));
        let body = text.split("\n\n").nth(1).unwrap();
        assert!(body.starts_with("30... Kd8 31. Ra2 Ke8 32. Ra1"), "{body}");
        assert!(body.lines().count() > 1);
        assert!(body.lines().all(|l| l.len() <= LINE), "{body}");
        let joined = body.lines().collect::<Vec<_>>().join(" ");
        assert!(joined.ends_with("{Adjudicated a draw at the cap of 12 moves} 1/2-1/2"));
    }
}
