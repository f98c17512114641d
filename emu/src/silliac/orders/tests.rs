use super::*;

#[test]
fn names_round_trip() {
    for code in 0..=255u8 {
        assert_eq!(parse_function(&function_name(code)), Some(code));
    }
    assert_eq!(function_name(0xF5), "L5");
    assert_eq!(parse_function("7J"), Some(0x7D));
    assert_eq!(parse_function("7"), None);
    assert_eq!(parse_function("7JJ"), None);
    assert_eq!(parse_function("7X"), None);
}

#[test]
fn pair_layout() {
    // X1's word 1003: 40 000 | 81 004
    let w = pair(Order::new(0x40, 0), Order::new(0x81, 4));
    assert_eq!(word_to_sex(w), "4000081004");
    assert_eq!(left(w), Order::new(0x40, 0));
    assert_eq!(right(w).to_text(), "81 4");
    assert_eq!(disassemble_word(w), "40 0 | 81 4");
}

#[test]
fn table_rows() {
    for code in 0..=255u8 {
        let i = info(code);
        assert_eq!(i.code, code);
        assert!(!i.summary.is_empty(), "{}", function_name(code));
        assert!(!i.source.is_empty(), "{}", function_name(code));
        // Refused orders are never charged time nor change A, defined ones always are
        // charged and have an action.
        assert_eq!(i.status == Status::Defined, i.timing != TimingClass::None);
        assert_eq!(i.status == Status::Defined, i.action != Action::Refuse);
        if i.action == Action::Refuse {
            assert_eq!(i.preset, Preset::Hold);
        }
    }
    for name in [
        "L5", "26", "22", "36", "42", "46", "50", "7J", "66", "80", "82", "92", "K5", "S5",
    ] {
        assert_eq!(
            info(parse_function(name).unwrap()).status,
            Status::Defined,
            "{name}"
        );
    }
    for name in ["28", "LK", "0F", "FF", "N0", "85", "8L", "91"] {
        assert_ne!(
            info(parse_function(name).unwrap()).status,
            Status::Defined,
            "{name}"
        );
    }
}
