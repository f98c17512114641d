//! PUTCH-style printer output after the memo's Figure 1: the board, the machine's move, the
//! value, the principal variation and the number of positions examined.

use super::board::*;
use super::fen::to_fen;
use super::notation::line_san;
use super::search::SearchResult;

/// The board as a line printer shows it: rank 8 on top, Black pieces starred, `-` empty.
pub fn board(p: &Position) -> String {
    let mut s = String::new();
    for rank in (0..8u8).rev() {
        s.push_str(&format!("{}  ", rank + 1));
        for file in 0..8u8 {
            let name = match Square::from_coords(file, rank).and_then(|s| p.piece_at(s)) {
                None => " - ".to_string(),
                Some(q) => {
                    let star = if q.color().is_white() { ' ' } else { '*' };
                    format!("{star}{} ", q.role().char().to_ascii_uppercase())
                }
            };
            s.push_str(&name);
        }
        s.push('\n');
    }
    s.push_str("    A  B  C  D  E  F  G  H\n");
    s
}

/// The printout for one move.
pub fn figure1(p: &Position, r: &SearchResult) -> String {
    let mut s = String::new();
    s.push_str(&board(p));
    s.push_str(&format!("FEN {}\n", to_fen(p)));
    s.push_str(&format!(
        "{} TO MOVE\n",
        if p.side_to_move().is_white() {
            "WHITE"
        } else {
            "BLACK"
        }
    ));
    match r.best {
        None => s.push_str("NO LEGAL MOVE\n"),
        Some(m) => {
            let san = line_san(p, &r.pv);
            s.push_str(&format!("MOVE      {}  {}\n", san[0], m.uci()));
            s.push_str(&format!("VALUE     {}\n", r.value));
            s.push_str(&format!("PRINCIPAL VARIATION  {}\n", san.join(" ")));
        }
    }
    s.push_str(&format!("POSITIONS EXAMINED  {}\n", r.positions));
    s
}
