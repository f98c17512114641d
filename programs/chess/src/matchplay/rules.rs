//! The laws that end a game without a mate: repetition keys, insufficient material.

use crate::board::*;
use crate::movegen::legal_moves;

/// What makes two positions "the same" for the threefold repetition rule (FIDE 9.2.3): the
/// same pieces on the same squares, the same side to move, the same castling rights, and the
/// same possible moves, so an en-passant square counts only when a capture there is legal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    board: [i8; 64],
    side: Color,
    castle: CastlingRights,
    ep: Option<Square>,
}

impl RepetitionKey {
    pub fn of(p: &Position) -> RepetitionKey {
        let mut board = [0; 64];
        for (s, b) in Square::all().zip(board.iter_mut()) {
            *b = p.code_at(s);
        }
        let ep = p.ep_square().filter(|&e| {
            legal_moves(p)
                .iter()
                .any(|m| m.to() == e && p.code_at(m.from()).abs() == PAWN)
        });
        RepetitionKey {
            board,
            side: p.side_to_move(),
            castle: p.castling(),
            ep,
        }
    }
}

/// Neither side can mate by any series of legal moves, in the cases a program can tell at a
/// glance: king against king, a single knight or bishop against a bare king, and kings with
/// bishops only, every bishop on squares of one colour. (King and knight against king and
/// knight is not here: a helpmate exists.)
pub fn insufficient_material(p: &Position) -> bool {
    let mut minors = 0;
    let mut knights = 0;
    let mut bishop_colours = [false; 2];
    for s in Square::all() {
        match p.code_at(s).abs() {
            0 | KING => {}
            KNIGHT => {
                minors += 1;
                knights += 1;
            }
            BISHOP => {
                minors += 1;
                bishop_colours[((s.rank() + s.file()) % 2) as usize] = true;
            }
            _ => return false,
        }
    }
    minors <= 1 || (knights == 0 && !(bishop_colours[0] && bishop_colours[1]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;
    use crate::notation::parse_uci;

    fn fen(f: &str) -> Position {
        parse_fen(f).unwrap()
    }

    #[test]
    fn material_cases() {
        assert!(insufficient_material(&fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1")));
        assert!(insufficient_material(&fen(
            "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1"
        )));
        assert!(insufficient_material(&fen(
            "8/8/4k3/8/8/3K4/8/5B2 b - - 0 1"
        )));
        // Bishops on c1 and f8: both dark squares.
        assert!(insufficient_material(&fen(
            "5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1"
        )));
        // c1 dark, c8 light.
        assert!(!insufficient_material(&fen(
            "2b5/8/4k3/8/8/3K4/8/2B5 w - - 0 1"
        )));
        assert!(!insufficient_material(&fen(
            "6n1/8/4k3/8/8/3K4/8/6N1 w - - 0 1"
        )));
        assert!(!insufficient_material(&fen(
            "8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1"
        )));
        assert!(!insufficient_material(&fen(
            "8/8/4k3/8/8/3K4/7P/8 w - - 0 1"
        )));
        assert!(!insufficient_material(&fen(
            "8/8/4k3/8/8/3K4/8/7R w - - 0 1"
        )));
    }

    #[test]
    fn en_passant_square_counts_only_when_capturable() {
        // 1.e4: the e3 square is set, but no Black pawn can take there.
        let mut p = Position::start();
        p.make(parse_uci(&p, "e2e4").unwrap());
        let q = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(RepetitionKey::of(&p), RepetitionKey::of(&q));
        // A Black pawn on d4 can: the keys differ.
        let a = fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
        let b = fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
        assert_ne!(RepetitionKey::of(&a), RepetitionKey::of(&b));
    }
}
