//! The card deck of one problem: the GAME card (full-move number, halfmove clock, en-passant
//! square), the program card, and the position in INITIA's card language.

use crate::board::Position;
use crate::initia::cards::{to_cards, CardsError};

/// The GAME card of a position: `GAME   <fullmove> <halfmove> <ep>` (ep `E3` or `-`).
pub fn game_card(p: &Position) -> String {
    let ep = p
        .ep_square()
        .map_or("-".to_string(), |s| s.name().to_uppercase());
    format!("GAME   {} {} {ep}", p.fullmove(), p.halfmove())
}

/// The whole deck of one problem: GAME card, `program_card` (e.g. `PERFT  3`), INITIA cards.
pub fn problem_deck(p: &Position, program_card: &str) -> Result<String, CardsError> {
    Ok(format!(
        "{}\n{program_card}\n{}",
        game_card(p),
        to_cards(p)?
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_fen;

    #[test]
    fn game_card_carries_what_initia_cannot() {
        let p = parse_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3").unwrap();
        assert_eq!(game_card(&p), "GAME   3 0 E3");
        let deck = problem_deck(&Position::start(), "PERFT  2").unwrap();
        let lines: Vec<&str> = deck.lines().collect();
        assert_eq!(lines[0], "GAME   1 0 -");
        assert_eq!(lines[1], "PERFT  2");
        assert!(lines[2].starts_with("QR QN QB Q K"));
    }
}
