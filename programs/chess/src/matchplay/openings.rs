//! An openings file: one start position a line, as a FEN or as UCI moves from the initial
//! position; blank lines and lines starting with `#` are skipped.

use crate::board::Position;
use crate::fen::parse_fen;
use crate::notation::parse_uci;

/// A bad line of an openings file (line and column from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct OpeningError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// The positions of an openings file.
pub fn parse_openings(text: &str) -> Result<Vec<Position>, OpeningError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let lead = raw.len() - raw.trim_start().len();
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |column: usize, message: String| OpeningError {
            line: i + 1,
            column: column + 1,
            message,
        };
        if line.contains('/') {
            let p = parse_fen(line).map_err(|e| err(lead, format!("FEN: {e}")))?;
            out.push(p);
            continue;
        }
        let mut p = Position::start();
        let mut at = lead;
        for word in raw[lead..].split(' ') {
            if !word.is_empty() {
                let mv = parse_uci(&p, word)
                    .ok_or_else(|| err(at, format!("`{word}` is not a legal move here")))?;
                p.make(mv);
            }
            at += word.len() + 1;
        }
        p.clear_history();
        out.push(p);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::to_fen;

    #[test]
    fn fens_and_moves() {
        let text = "# two\n\n4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n  e2e4 e7e5\n";
        let o = parse_openings(text).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(to_fen(&o[0]), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(
            to_fen(&o[1]),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse_openings("e2e4\ne2e4  e7e5 e4e6\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 12));
        assert!(e.to_string().contains("`e4e6`"), "{e}");
        let e = parse_openings("\n\n x/8 w\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 2));
        assert!(e.message.starts_with("FEN:"), "{e}");
    }
}
