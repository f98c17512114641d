//! INITIA: positions from cards in the input language of Kotok's memo, which every FAP chess
//! program reads through the shared routine (`programs/chess/initia.fap`); `cards` writes
//! them, this module reads them natively.
//!
//! Columns 1-72 of each card are read; the board is scanned from White's QR1 (a1) left to
//! right, rank after rank. A digit is that many empty squares; a piece is named in its most
//! explicit form (K, Q, KR, QR, KN or KKT, QB, KBP, QRP, ...), preceded by `*` when Black; a
//! promoted pawn is its new kind with the pawn's name in parentheses (`Q(KNP)`); `(M)` after a
//! name says the piece has moved. After 64 squares `.` means White to move, `*.` Black.
//! `/comments/` may stand anywhere. On an error the comment is returned and the rest of the
//! problem is skipped up to its closing `.`; the next problem is read.

pub mod cards;

use crate::board::*;

pub use cards::{to_cards, CardsError};

/// One problem read from the cards.
#[derive(Clone, Debug)]
pub struct Problem {
    pub position: Position,
    /// The comments, in order.
    pub comments: Vec<String>,
}

/// INITIA's error comment: card (1-based), column (1-based) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("INITIA card {card} column {column}: {message}")]
pub struct InitiaError {
    pub card: usize,
    pub column: usize,
    pub message: String,
}

/// A character of the card deck with its place.
#[derive(Clone, Copy)]
struct Ch {
    c: char,
    card: usize,
    column: usize,
}

/// Names of the pieces and the file of their home square (for pawns and the named pieces).
fn piece_name(name: &str) -> Option<(i8, Option<u8>)> {
    let file = |n: &str| -> Option<u8> {
        Some(match n {
            "QR" => 0,
            "QN" | "QKT" => 1,
            "QB" => 2,
            "Q" => 3,
            "K" => 4,
            "KB" => 5,
            "KN" | "KKT" => 6,
            "KR" => 7,
            _ => return None,
        })
    };
    if let Some(base) = name.strip_suffix('P') {
        return file(base).map(|f| (PAWN, Some(f)));
    }
    let kind = match name {
        "K" => KING,
        "Q" => QUEEN,
        "KR" | "QR" => ROOK,
        "KB" | "QB" => BISHOP,
        "KN" | "QN" | "KKT" | "QKT" => KNIGHT,
        _ => return None,
    };
    Some((kind, file(name)))
}

/// Kind of a promoted piece (`Q`, `R`, `B`, `N` or `KT`).
fn promoted_kind(name: &str) -> Option<i8> {
    Some(match name {
        "Q" => QUEEN,
        "R" => ROOK,
        "B" => BISHOP,
        "N" | "KT" => KNIGHT,
        _ => return None,
    })
}

/// Read every problem of a deck: each an Ok position or INITIA's error comment.
pub fn read_cards(deck: &str) -> Vec<Result<Problem, InitiaError>> {
    let mut chars = Vec::new();
    for (i, line) in deck.lines().enumerate() {
        for (j, c) in line.chars().take(72).enumerate() {
            chars.push(Ch {
                c,
                card: i + 1,
                column: j + 1,
            });
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        // Skip blanks between problems; stop at the end of the deck.
        while i < chars.len() && chars[i].c == ' ' {
            i += 1;
        }
        if i >= chars.len() {
            break;
        }
        let mut ended = false;
        match problem(&chars, &mut i, &mut ended) {
            Ok(p) => out.push(Ok(p)),
            Err(e) => {
                out.push(Err(e));
                // An error found at the end mark has consumed it: that problem is over, and
                // skipping on would lose the next one (the memo: "the next problem will be used").
                if !ended {
                    skip_problem(&chars, &mut i);
                }
            }
        }
    }
    out
}

/// After an error: skip to just past the next `.` outside a comment.
fn skip_problem(chars: &[Ch], i: &mut usize) {
    let mut in_comment = false;
    while *i < chars.len() {
        let c = chars[*i].c;
        *i += 1;
        if c == '/' {
            in_comment = !in_comment;
        } else if c == '.' && !in_comment {
            return;
        }
    }
}

fn problem(chars: &[Ch], i: &mut usize, ended: &mut bool) -> Result<Problem, InitiaError> {
    let mut p = Position::empty();
    let mut comments = Vec::new();
    let mut square: usize = 0;
    let mut moved = [false; 64];
    let mut seen: Vec<(Color, i8, u8)> = Vec::new(); // colour, kind, home file of named pieces
    let end_err = |message: &str| InitiaError {
        card: chars.last().map_or(1, |c| c.card),
        column: chars.last().map_or(1, |c| c.column),
        message: message.into(),
    };
    loop {
        let Some(&ch) = chars.get(*i) else {
            return Err(end_err("end of the cards before `.` or `*.`"));
        };
        match ch.c {
            ' ' | ',' => *i += 1,
            '/' => comments.push(comment(chars, i)?),
            '0'..='9' => {
                square += ch.c.to_digit(10).unwrap() as usize;
                *i += 1;
                if square > 64 {
                    return Err(error_at(&ch, "more than 64 squares".into()));
                }
            }
            '.' => {
                *i += 1;
                *ended = true;
                return finish(p, comments, square, &moved, Color::White, &ch);
            }
            '*' if chars.get(*i + 1).is_some_and(|c| c.c == '.') => {
                *i += 2;
                *ended = true;
                return finish(p, comments, square, &moved, Color::Black, &ch);
            }
            _ => {
                let piece = named_piece(chars, i, ch, square)?;
                let (id_kind, id_file) = piece.identity;
                if let Some(f) = id_file {
                    if seen.contains(&(piece.color, id_kind, f)) {
                        return Err(error_at(
                            &piece.at,
                            format!("a second `{}` of this colour", piece.name),
                        ));
                    }
                    seen.push((piece.color, id_kind, f));
                }
                let Some(s) = Square::new(square as u8) else {
                    return Err(error_at(&piece.at, "more than 64 squares".into()));
                };
                if piece.kind == PAWN && (s.rank() == 0 || s.rank() == 7) {
                    return Err(error_at(
                        &piece.at,
                        "a pawn on the first or last rank".into(),
                    ));
                }
                p.put(s, Piece::from_code(piece.kind * piece.color.sign()));
                moved[square] = piece.moved;
                square += 1;
            }
        }
    }
}

/// INITIA's error comment at `ch`.
fn error_at(ch: &Ch, message: String) -> InitiaError {
    InitiaError {
        card: ch.card,
        column: ch.column,
        message,
    }
}

/// The comment `/.../` at `*i`, trimmed; `*i` moves past it.
fn comment(chars: &[Ch], i: &mut usize) -> Result<String, InitiaError> {
    let start = *i;
    *i += 1;
    let mut text = String::new();
    loop {
        match chars.get(*i) {
            None => return Err(error_at(&chars[start], "comment not closed by `/`".into())),
            Some(c) if c.c == '/' => break,
            Some(c) => text.push(c.c),
        }
        *i += 1;
    }
    *i += 1;
    Ok(text.trim().to_string())
}

/// A piece as the cards name it.
struct NamedPiece {
    /// Where its name starts, and the name.
    at: Ch,
    name: String,
    /// What stands on the square (a promoted piece's new kind) and its colour.
    kind: i8,
    color: Color,
    /// Which of the colour's sixteen it is: kind and home file (a promoted piece is its pawn).
    identity: (i8, Option<u8>),
    /// Marked `(M)`: it has moved.
    moved: bool,
}

/// The piece named at `*i` (after `*` for Black), to stand on square `square`, with its
/// parenthesised suffixes: `(M)` and the pawn a piece was promoted from; `*i` moves past it.
fn named_piece(
    chars: &[Ch],
    i: &mut usize,
    ch: Ch,
    square: usize,
) -> Result<NamedPiece, InitiaError> {
    let color = if ch.c == '*' {
        *i += 1;
        Color::Black
    } else {
        Color::White
    };
    let word = |i: &mut usize| -> String {
        let mut w = String::new();
        while let Some(c) = chars.get(*i) {
            if c.c.is_ascii_uppercase() {
                w.push(c.c);
                *i += 1;
            } else {
                break;
            }
        }
        w
    };
    let at = chars.get(*i).copied().unwrap_or(ch);
    let name = word(i);
    if name.is_empty() {
        return Err(error_at(&at, format!("`{}` is not a piece name", at.c)));
    }
    if square >= 64 {
        return Err(error_at(&at, "more than 64 squares".into()));
    }
    let mut kind_here;
    let identity;
    let mut is_moved = false;
    match piece_name(&name) {
        Some((kind, file)) => {
            kind_here = kind;
            identity = (kind, file);
        }
        None => match promoted_kind(&name) {
            Some(k) => {
                kind_here = k;
                identity = (0, None);
            }
            None => return Err(error_at(&at, format!("`{name}` is not a piece name"))),
        },
    }
    let mut promoted_from = None;
    while chars.get(*i).is_some_and(|c| c.c == '(') {
        let open = chars[*i];
        *i += 1;
        let inner = word(i);
        if chars.get(*i).map(|c| c.c) != Some(')') {
            return Err(error_at(&open, "`(` not closed by `)`".into()));
        }
        *i += 1;
        if inner == "M" {
            is_moved = true;
        } else {
            match piece_name(&inner) {
                Some((PAWN, f)) if promoted_from.is_none() => promoted_from = f,
                _ => {
                    return Err(error_at(
                        &open,
                        format!("`({inner})` is neither (M) nor a pawn's name"),
                    ))
                }
            }
        }
    }
    let identity = if let Some(f) = promoted_from {
        kind_here = promoted_kind(&name)
            .or(match kind_here {
                QUEEN | ROOK | BISHOP | KNIGHT => Some(kind_here),
                _ => None,
            })
            .filter(|&k| k != KING && k != PAWN)
            .ok_or_else(|| error_at(&at, format!("a pawn cannot become `{name}`")))?;
        (PAWN, Some(f))
    } else {
        if identity.0 == 0 {
            return Err(error_at(
                &at,
                format!("`{name}` needs its file (KR, QB, ...)"),
            ));
        }
        identity
    };
    Ok(NamedPiece {
        at,
        name,
        kind: kind_here,
        color,
        identity,
        moved: is_moved,
    })
}

fn finish(
    mut p: Position,
    comments: Vec<String>,
    square: usize,
    moved: &[bool; 64],
    side: Color,
    at: &Ch,
) -> Result<Problem, InitiaError> {
    let err = |message: String| InitiaError {
        card: at.card,
        column: at.column,
        message,
    };
    if square != 64 {
        return Err(err(format!("{square} squares before the end mark, not 64")));
    }
    p.set_side_to_move(side);
    for color in Color::ALL {
        let king = Some(Piece::new(color, Role::King));
        let n = Square::all().filter(|&s| p.piece_at(s) == king).count();
        if n != 1 {
            return Err(err(format!("{} has {n} kings", color.name())));
        }
    }
    if p.in_check(!side) {
        return Err(err("the side not to move is in check".into()));
    }
    // Castling is possible while the king and that rook stand unmoved on their squares.
    let mut rights = CastlingRights::NONE;
    for castling in Castling::ALL {
        let (king, rook, color) = (
            castling.king_square(),
            castling.rook_square(),
            castling.color,
        );
        if p.piece_at(king) == Some(Piece::new(color, Role::King))
            && !moved[king.index() as usize]
            && p.piece_at(rook) == Some(Piece::new(color, Role::Rook))
            && !moved[rook.index() as usize]
        {
            rights.insert(castling);
        }
    }
    p.set_castling(rights);
    Ok(Problem {
        position: p,
        comments,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::{parse_fen, to_fen};

    const START: &str = "QR QN QB Q K KB KN KR QRP QNP QBP QP KP KBP KNP KRP 8888
*QRP *QNP *QBP *QP *KP *KBP *KNP *KRP *QR *QN *QB *Q *K *KB *KN *KR .";

    #[test]
    fn the_initial_position() {
        let r = read_cards(START);
        assert_eq!(r.len(), 1);
        let p = &r[0].as_ref().unwrap().position;
        assert_eq!(to_fen(p), crate::board::START_FEN);
    }

    #[test]
    fn moved_promoted_black_to_move_and_comments() {
        let deck = "/A TEST/ 4K(M)2KR 8888 8 Q(KNP)7 *K7 *.";
        let r = read_cards(deck);
        let pb = r[0].as_ref().unwrap();
        assert_eq!(pb.comments, vec!["A TEST"]);
        assert_eq!(
            to_fen(&pb.position),
            parse_fen("k7/Q7/8/8/8/8/8/4K2R b - - 0 1")
                .map(|p| to_fen(&p))
                .unwrap()
        );
    }

    #[test]
    fn errors_skip_to_the_next_problem() {
        let deck = "K XYZ 8888 . /NEXT/ 4K3 8888 88 *K7 .";
        let r = read_cards(deck);
        assert_eq!(r.len(), 2);
        let e = r[0].as_ref().unwrap_err();
        assert_eq!((e.card, e.column), (1, 3));
        assert!(e.message.contains("XYZ"));
        assert!(r[1].is_ok());
        let short = read_cards("K 8 . 4K3 8888 88 *K7 .");
        assert!(short[0].as_ref().unwrap_err().message.contains("not 64"));
        // The end mark was read: the next problem is the next one, not skipped.
        assert!(short[1].is_ok());
        let two = read_cards("K K 8888 8888 8888 8888 *K5 .");
        assert!(two[0].as_ref().unwrap_err().message.contains("second"));
        let cols = read_cards(&format!(
            "{:72}XXXXXXXX\n{START}",
            "/SEQUENCE FIELD IGNORED/"
        ));
        assert!(cols[0].is_ok());
    }
}
