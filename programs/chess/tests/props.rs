//! Bad input never panics: any text given to FEN, INITIA or the UCI loop gives a position, an
//! error or an answer.

use proptest::prelude::*;

use chess::initia::read_cards;
use chess::parse_fen;
use chess::program::Twin;
use chess::registry;
use chess::uci::run;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_fen_text_parses_or_errs(text in "[rnbqkpRNBQKP1-9/ wb-]{0,80}") {
        let _ = parse_fen(&text);
    }

    #[test]
    fn any_deck_reads_or_errs(deck in "[KQRBNPT*()M./0-9 \n]{0,200}") {
        for r in read_cards(&deck) {
            if let Err(e) = r {
                prop_assert!(e.card >= 1 && e.column >= 1);
            }
        }
    }

    #[test]
    fn any_uci_input_is_answered(lines in prop::collection::vec(
        prop_oneof![
            Just("isready".to_string()),
            Just("position startpos moves e2e4".to_string()),
            Just("go depth 1".to_string()),
            Just("stop".to_string()),
            "[a-z0-9 ]{0,30}",
            "position (startpos|fen) [a-h1-8/ wbKQkq-]{0,40}( moves [a-h1-8 ]{0,20})?",
            "setoption name [A-Za-z]{0,10} value [a-z0-9 ]{0,10}",
            "go( (depth|nodes|movetime|infinite) [0-9]{0,3}){0,3}",
        ],
        0..12,
    )) {
        let input = lines.join("\n") + "\nisready\n";
        let mut out = Vec::new();
        let mut engine = registry::PLAYERS[0].engine(Twin::Native, &[]).unwrap();
        run(engine.as_mut(), std::io::Cursor::new(input.as_bytes().to_vec()), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        prop_assert!(text.contains("readyok"));
    }
}
