//! FEN: parse (errors name the field) and write.

use super::board::*;

/// What is wrong with a FEN, by field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    #[error("FEN has {0} fields, expected 4 to 6")]
    FieldCount(usize),
    /// Field 1, the piece placement: the rank (8..1) and what is wrong.
    #[error("FEN field 1 (placement), rank {rank}: {detail}")]
    Placement { rank: u8, detail: String },
    /// Field 2, side to move.
    #[error("FEN field 2 (side to move): `{0}` is not w or b")]
    Side(String),
    /// Field 3, castling availability.
    #[error("FEN field 3 (castling): {0}")]
    Castling(String),
    /// Field 4, en-passant square.
    #[error("FEN field 4 (en passant): {0}")]
    EnPassant(String),
    /// Field 5, halfmove clock.
    #[error("FEN field 5 (halfmove clock): `{0}` is not a number")]
    Halfmove(String),
    /// Field 6, fullmove number.
    #[error("FEN field 6 (fullmove number): `{0}` is not a positive number")]
    Fullmove(String),
    /// The fields parse but the position is not one chess allows.
    #[error("FEN position is illegal: {0}")]
    Illegal(String),
}

impl Position {
    /// The initial position.
    pub fn start() -> Position {
        parse_fen(START_FEN).expect("start FEN")
    }
}

/// Parse a FEN (the clocks may be omitted: 0 and 1).
pub fn parse_fen(text: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount(fields.len()));
    }
    let mut p = Position::empty();
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::Placement {
            rank: 8,
            detail: format!("{} ranks, expected 8", ranks.len()),
        });
    }
    for (i, r) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let err = |detail: String| FenError::Placement {
            rank: rank + 1,
            detail,
        };
        let mut file = 0u8;
        for c in r.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(err(format!("digit {d}")));
                }
                file += d as u8;
            } else if let Some(piece) = Piece::from_char(c) {
                let Some(s) = Square::from_coords(file, rank) else {
                    return Err(err("more than 8 squares".into()));
                };
                if piece.role() == Role::Pawn && (rank == 0 || rank == 7) {
                    return Err(err(format!("pawn `{c}` on the first or last rank")));
                }
                p.put(s, Some(piece));
                file += 1;
            } else {
                return Err(err(format!("`{c}` is not a piece letter or digit")));
            }
            if file > 8 {
                return Err(err("more than 8 squares".into()));
            }
        }
        if file != 8 {
            return Err(err(format!("{file} squares, expected 8")));
        }
    }
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        t => return Err(FenError::Side(t.into())),
    };
    p.set_side_to_move(side);
    let mut rights = CastlingRights::NONE;
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let Some(castling) = Castling::from_char(c) else {
                return Err(FenError::Castling(format!("`{c}` is not one of KQkq")));
            };
            let (king, rook) = (castling.king_square(), castling.rook_square());
            let color = castling.color;
            if p.piece_at(king) != Some(Piece::new(color, Role::King))
                || p.piece_at(rook) != Some(Piece::new(color, Role::Rook))
            {
                return Err(FenError::Castling(format!(
                    "`{c}` without king on {king} and rook on {rook}"
                )));
            }
            if rights.has(castling) {
                return Err(FenError::Castling(format!("`{c}` twice")));
            }
            rights.insert(castling);
        }
    }
    p.set_castling(rights);
    if fields[3] != "-" {
        let s = Square::parse(fields[3])
            .ok_or_else(|| FenError::EnPassant(format!("`{}` is not a square", fields[3])))?;
        let behind = s.offset(if side.is_white() { -8 } else { 8 });
        let double_step = s.rank() == side.relative_rank(5)
            && behind.and_then(|b| p.piece_at(b)) == Some(Piece::new(!side, Role::Pawn))
            && p.piece_at(s).is_none();
        if !double_step {
            return Err(FenError::EnPassant(format!(
                "`{}` is not behind a pawn that has just made a double step",
                fields[3]
            )));
        }
        p.set_ep_square(Some(s));
    }
    let mut halfmove = 0;
    if let Some(t) = fields.get(4) {
        halfmove = t.parse().map_err(|_| FenError::Halfmove((*t).into()))?;
    }
    let mut fullmove = 1;
    if let Some(t) = fields.get(5) {
        fullmove = t
            .parse()
            .ok()
            .filter(|&n: &u32| n > 0)
            .ok_or_else(|| FenError::Fullmove((*t).into()))?;
    }
    p.set_clocks(halfmove, fullmove);
    for color in Color::ALL {
        let king = Piece::new(color, Role::King);
        let n = Square::all()
            .filter(|&s| p.piece_at(s) == Some(king))
            .count();
        if n != 1 {
            return Err(FenError::Illegal(format!("{} has {n} kings", color.name())));
        }
    }
    if p.in_check(!side) {
        return Err(FenError::Illegal("the side not to move is in check".into()));
    }
    Ok(p)
}

/// Write a FEN.
pub fn to_fen(p: &Position) -> String {
    let mut s = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match Square::from_coords(file, rank).and_then(|s| p.piece_at(s)) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    s.push(piece.char());
                }
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push_str(if p.side_to_move().is_white() {
        " w "
    } else {
        " b "
    });
    s.push_str(&p.castling().to_string());
    s.push(' ');
    s.push_str(&p.ep_square().map_or_else(|| "-".into(), Square::name));
    s.push_str(&format!(" {} {}", p.halfmove(), p.fullmove()));
    s
}

impl std::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        parse_fen(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for f in [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
        ] {
            assert_eq!(to_fen(&parse_fen(f).unwrap()), f);
        }
    }

    #[test]
    fn errors_name_the_field() {
        let e = |f: &str| parse_fen(f).unwrap_err().to_string();
        assert!(e("8/8 w - -").contains("field 1"));
        assert!(e("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1").contains("rank 1"));
        assert!(e("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").contains("rank 6"));
        assert!(e("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").contains("field 2"));
        assert!(e("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQz - 0 1").contains("field 3"));
        assert!(e("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1").contains("field 4"));
        assert!(e("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1").contains("field 5"));
        assert!(e("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0").contains("field 6"));
        assert!(e("8/8/8/8/8/8/8/8 w - - 0 1").contains("kings"));
        assert!(e("rnbqkbnr/pppppppp w").contains("fields"));
    }
}
