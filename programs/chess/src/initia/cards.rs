//! INITIA's cards for a position: the inverse of `initia::read_cards`. The board is written
//! from a1 (White's QR1) to h8 in the memo's language: digits for empty squares, the most
//! explicit names (K, Q, QR, KR, QB, KB, QN, KN, QRP ... KRP), `*` before Black's, a promoted
//! piece as its kind with a free pawn's name (`Q(KNP)`), `(M)` where the castling rights say a
//! king or rook on its home square has moved, and `.` or `*.` for the side to move. The
//! full-move number, halfmove clock and en-passant square are not in the language (the GAME
//! card carries them).

use crate::board::*;

/// Cards hold at most 72 columns; continuation cards start with a blank so that no name runs
/// across two cards.
const WIDTH: usize = 72;

/// A position the card language cannot express.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardsError {
    /// Not exactly one king of a colour.
    #[error("INITIA cards: {} has {count} kings", colour(.white))]
    Kings { white: bool, count: usize },
    /// More pawns and promoted pieces than the eight pawn names of a colour.
    #[error(
        "INITIA cards: {} has more pawns and promoted pieces than eight pawn names",
        colour(.white)
    )]
    TooManyPieces { white: bool },
    /// A castling right whose king or rook is not on its home square.
    #[error("INITIA cards: castling right `{right}` without its king and rook at home")]
    CastlingRight { right: char },
}

/// A colour's name in the messages.
fn colour(white: &bool) -> &'static str {
    if *white {
        "White"
    } else {
        "Black"
    }
}

const PAWN_NAMES: [&str; 8] = ["QRP", "QNP", "QBP", "QP", "KP", "KBP", "KNP", "KRP"];

/// The names of one colour's pieces, by square.
fn names(p: &Position, color: Color) -> Result<[Option<String>; 64], CardsError> {
    let mut out: [Option<String>; 64] = std::array::from_fn(|_| None);
    let own: Vec<Square> = Square::all()
        .filter(|&s| p.piece_at(s).is_some_and(|q| q.color() == color))
        .collect();
    let kings = own.iter().filter(|&&s| p.code_at(s).abs() == KING).count();
    if kings != 1 {
        return Err(CardsError::Kings {
            white: color.is_white(),
            count: kings,
        });
    }
    // Pawns take their own file's name when they can, then any free one.
    let mut free = [true; 8];
    let pawns: Vec<Square> = own
        .iter()
        .copied()
        .filter(|&s| p.code_at(s).abs() == PAWN)
        .collect();
    let mut unnamed = Vec::new();
    for &s in &pawns {
        let f = s.file() as usize;
        if free[f] {
            free[f] = false;
            out[s.index() as usize] = Some(PAWN_NAMES[f].to_string());
        } else {
            unnamed.push(s);
        }
    }
    let mut next_free = || -> Result<&'static str, CardsError> {
        let f = free
            .iter()
            .position(|&x| x)
            .ok_or(CardsError::TooManyPieces {
                white: color.is_white(),
            })?;
        free[f] = false;
        Ok(PAWN_NAMES[f])
    };
    for s in unnamed {
        out[s.index() as usize] = Some(next_free()?.to_string());
    }
    // Pieces: the named ones in scan order, the rest promoted.
    let mut used: Vec<&str> = Vec::new();
    for &s in &own {
        let kind = p.code_at(s).abs();
        let candidates: &[&str] = match kind {
            KING => &["K"],
            QUEEN => &["Q"],
            ROOK => &["QR", "KR"],
            BISHOP => &["QB", "KB"],
            KNIGHT => &["QN", "KN"],
            _ => continue,
        };
        let name = match candidates.iter().find(|c| !used.contains(c)) {
            Some(c) => {
                used.push(c);
                c.to_string()
            }
            None => {
                let letter = ["", "", "N", "B", "R", "Q"][kind as usize];
                format!("{letter}({})", next_free()?)
            }
        };
        out[s.index() as usize] = Some(name);
    }
    Ok(out)
}

/// The cards of a position, one card a line.
pub fn to_cards(p: &Position) -> Result<String, CardsError> {
    let white = names(p, Color::White)?;
    let black = names(p, Color::Black)?;
    // (M): a king or rook on its home square whose castling right is gone.
    let mut moved = [false; 64];
    for castling in Castling::ALL {
        let (king, rook) = (castling.king_square(), castling.rook_square());
        let own_rook = p.piece_at(rook) == Some(Piece::new(castling.color, Role::Rook));
        let at_home = p.piece_at(king) == Some(Piece::new(castling.color, Role::King)) && own_rook;
        if p.castling().has(castling) {
            if !at_home {
                return Err(CardsError::CastlingRight {
                    right: castling.char(),
                });
            }
        } else if own_rook {
            moved[rook.index() as usize] = true;
        }
    }
    for color in Color::ALL {
        let king = Castling::new(color, true).king_square();
        if p.piece_at(king) == Some(Piece::new(color, Role::King)) && !p.castling().has_color(color)
        {
            moved[king.index() as usize] = true;
        }
    }
    let mut tokens = Vec::new();
    let mut empty = 0;
    let flush = |empty: &mut u32, tokens: &mut Vec<String>| {
        while *empty > 0 {
            let n = (*empty).min(8);
            tokens.push(n.to_string());
            *empty -= n;
        }
    };
    for s in 0..64usize {
        let name = match (&white[s], &black[s]) {
            (Some(n), _) => n.clone(),
            (_, Some(n)) => format!("*{n}"),
            _ => {
                empty += 1;
                continue;
            }
        };
        flush(&mut empty, &mut tokens);
        tokens.push(if moved[s] { format!("{name}(M)") } else { name });
    }
    flush(&mut empty, &mut tokens);
    tokens.push(
        if p.side_to_move() == Color::White {
            "."
        } else {
            "*."
        }
        .to_string(),
    );
    let mut cards = String::new();
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > WIDTH {
            cards.push_str(&line);
            cards.push('\n');
            line = String::new();
        }
        line.push(' ');
        line.push_str(&t);
    }
    cards.push_str(&line);
    cards.push('\n');
    // The first card starts in column 1; the others keep their leading blank.
    Ok(cards[1..].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::{parse_fen, to_fen};
    use crate::initia::read_cards;

    fn round_trip(fen: &str) {
        let p = parse_fen(fen).unwrap();
        let cards = to_cards(&p).unwrap();
        for l in cards.lines() {
            assert!(l.len() <= WIDTH, "{l}");
        }
        let r = read_cards(&cards);
        assert_eq!(r.len(), 1, "{cards}");
        let mut q = r[0]
            .as_ref()
            .unwrap_or_else(|e| panic!("{e}\n{cards}"))
            .position
            .clone();
        q.set_ep_square(p.ep_square());
        q.set_clocks(p.halfmove(), p.fullmove());
        assert_eq!(to_fen(&q), to_fen(&p), "{cards}");
    }

    #[test]
    fn start_and_friends() {
        assert_eq!(
            to_cards(&Position::start()).unwrap(),
            "QR QN QB Q K KB KN KR QRP QNP QBP QP KP KBP KNP KRP 8 8 8 8 *QRP *QNP\n \
             *QBP *QP *KP *KBP *KNP *KRP *QR *QN *QB *Q *K *KB *KN *KR .\n"
        );
        round_trip("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        round_trip("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w Kq - 0 1");
        round_trip("r3k2r/8/8/8/8/8/8/R3K2R b - - 0 1");
        round_trip("QQQ1k3/8/8/8/8/8/PPPPP3/4K3 b - - 0 1");
        round_trip("4k3/8/8/8/8/8/8/RR2K2R w K - 0 1");
    }

    #[test]
    fn what_cards_cannot_say() {
        let mut p = parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        p.set_castling(CastlingRights::from_bits(1).unwrap());
        assert_eq!(to_cards(&p), Err(CardsError::CastlingRight { right: 'K' }));
        let p = parse_fen("QQQQk3/8/8/8/8/8/PPPPPP2/4K3 b - - 0 1").unwrap();
        assert!(matches!(
            to_cards(&p),
            Err(CardsError::TooManyPieces { white: true })
        ));
    }
}
