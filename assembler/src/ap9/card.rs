//! One 9AP card: where its fields are (docs/assembler.md, 9AP "Cards"). A line of the source
//! is a card, character n of the line is column n; nothing may be re-aligned, because the
//! column a character stands in decides what it means.
//!
//! * Columns 1-6: the location field, blanks squeezed out (`SM3`, 9AP3 853-866); column 7 is
//!   never read. A `*` in column 1 makes the card a remark (9AP3 731-735).
//! * The operation: column 8 up to the first blank or `*` in columns 11-15 (9AP3 737-762);
//!   columns 8-10 always belong to it. A `*` there marks the instruction indirect.
//! * The variable field: the first non-blank column after that terminator, but only as far as
//!   column 16 (9AP3 763-769): a card whose columns up to 16 are blank has none, whatever
//!   follows. It ends at its first blank; the rest of the card is remark.
//!
//! A tab in a transcribed card is read as asm7090 reads one: blanks to its next tab stop, the
//! stops in columns 8 and 16, then every 8 (24, 32, ...) (asm7090.c `detab`, `settab`); the
//! dialect warns of each (`tabs`).

use super::error::Ap9Error;
use crate::core::span::Span;
use crate::ibm7090::bcd;

/// Columns of a card.
pub const COLUMNS: usize = 80;
/// The last column a field may use: the card reader reads 72 (9AP3 707-712); on tape 9AP
/// would read on into columns 73-84, which no program here needs.
pub const LAST_FIELD_COLUMN: usize = 72;
/// The last column the variable field may start in.
const LAST_START_COLUMN: usize = 16;

/// The blank character's code.
pub const BLANK: u8 = 0o60;

/// The 709 code of a character: the 7090's BCD set (`ibm7090::bcd`), with the other
/// 48-character set's `&` `#` `@` `%` for `+` `=` `'` `(` (docs/assembler.md, 9AP "Cards").
pub fn code(c: char) -> Option<u8> {
    match c {
        '&' => Some(0o20),
        '#' => Some(0o13),
        '@' => Some(0o14),
        '%' => Some(0o74),
        _ => bcd::bcd(c),
    }
}

/// Zone bits 00: digits, and `=` and `'`, which count as digits of value 11 and 12.
pub fn is_numeric(code: u8) -> bool {
    code & 0o60 == 0
}

/// One card: its columns (1-based), blank beyond the line's end.
#[derive(Clone, Debug)]
pub struct Card {
    cols: Vec<char>,
    line: u32,
}

/// The fields of a card that is not a remark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fields {
    /// The location field, blanks squeezed out, with the column of its first character.
    pub location: Option<(String, Span)>,
    /// The operation as written (columns 8 up to the terminator) and its column.
    pub operation: String,
    pub op_span: Span,
    /// A `*` ended the operation.
    pub indirect: bool,
    /// The column (1-based) the variable field starts in, if it has one.
    pub field: Option<usize>,
}

/// The column (counting from 0) a tab at `col` takes the card to: asm7090's next stop.
fn tab_stop(col: usize) -> usize {
    match col {
        0..7 => 7,
        7..15 => 15,
        _ => 15 + ((col - 15) / 8 + 1) * 8,
    }
}

/// The tabs of a line: for each, the column it stands in and the column the next character
/// goes to (counting from 1), as far as the card's 80 columns.
pub fn tabs(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut col = 0;
    for c in text.chars() {
        if col >= COLUMNS {
            break;
        }
        if c == '\t' {
            let to = tab_stop(col);
            out.push((col + 1, to + 1));
            col = to;
        } else {
            col += 1;
        }
    }
    out
}

impl Card {
    pub fn new(text: &str, line: u32) -> Card {
        let mut cols: Vec<char> = Vec::with_capacity(COLUMNS);
        for c in text.chars() {
            if cols.len() >= COLUMNS {
                break;
            }
            if c == '\t' {
                cols.resize(tab_stop(cols.len()), ' ');
            } else {
                cols.push(c);
            }
        }
        cols.resize(COLUMNS, ' ');
        Card { cols, line }
    }

    /// The character in `column` (1-based; blank past the card).
    pub fn at(&self, column: usize) -> char {
        self.cols
            .get(column.wrapping_sub(1))
            .copied()
            .unwrap_or(' ')
    }

    pub fn span(&self, column: usize) -> Span {
        Span::new(self.line, column as u32)
    }

    /// The code of the character in `column`, or the error naming it.
    pub fn code(&self, column: usize) -> Result<u8, (Span, Ap9Error)> {
        let c = self.at(column);
        code(c).ok_or((self.span(column), Ap9Error::NotBcd(c)))
    }

    /// A remark card: `*` in column 1.
    pub fn is_remark(&self) -> bool {
        self.at(1) == '*'
    }

    /// The card's fields (a remark card is not asked).
    pub fn fields(&self) -> Result<Fields, (Span, Ap9Error)> {
        let mut location = String::new();
        let mut loc_span = None;
        for col in 1..=6 {
            let c = self.at(col);
            if c != ' ' {
                self.code(col)?;
                loc_span.get_or_insert(self.span(col));
                location.push(c.to_ascii_uppercase());
            }
        }
        let terminator = (11..=15)
            .find(|&col| matches!(self.at(col), ' ' | '*'))
            .ok_or((self.span(8), Ap9Error::OperationTooLong))?;
        let operation: String = (8..terminator)
            .map(|col| self.at(col).to_ascii_uppercase())
            .collect();
        for col in 8..terminator {
            self.code(col)?;
        }
        let field = (terminator + 1..=LAST_START_COLUMN).find(|&col| self.at(col) != ' ');
        Ok(Fields {
            location: loc_span.map(|s| (location, s)),
            operation,
            op_span: self.span(8),
            indirect: self.at(terminator) == '*',
            field,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> Fields {
        Card::new(text, 1).fields().unwrap()
    }

    #[test]
    fn columns_decide() {
        // Location blanks squeezed; the operand may start in column 12, 13 or 14.
        let f = fields(" A  B  CLA  K37");
        assert_eq!(f.location.unwrap().0, "AB");
        assert_eq!((f.operation.as_str(), f.field), ("CLA", Some(13)));
        // Columns up to 16 blank: no variable field, whatever follows.
        assert_eq!(fields("       CLA           L CONTENTS").field, None);
        assert_eq!(fields("CRSL   RCDA     LOAD").field, None);
        assert_eq!(fields("       RCDA    LOAD").field, Some(16));
        // The indirect star, with or without a blank after it.
        let f = fields("       ZET*K2+2");
        assert!(f.indirect);
        assert_eq!((f.operation.as_str(), f.field), ("ZET", Some(12)));
        let f = fields("       TCOA* C20A");
        assert_eq!(
            (f.operation.as_str(), f.field, f.indirect),
            ("TCOA", Some(14), true)
        );
        // A blank card is a blank operation; an operation from column 9 keeps its blank.
        assert_eq!(fields("").operation, "   ");
        assert_eq!(fields("        CLA 5").operation, " CLA");
    }

    #[test]
    fn tabs_to_asm7090s_stops() {
        // Stops at columns 8, 16, then every 8.
        let f = fields("L1\tCLA\tK37");
        assert_eq!(f.location.unwrap().0, "L1");
        assert_eq!((f.operation.as_str(), f.field), ("CLA", Some(16)));
        assert_eq!(tabs("L1\tCLA\tK37"), [(3, 8), (11, 16)]);
        assert_eq!(tabs("\t\t\tX"), [(1, 8), (8, 16), (16, 24)]);
        assert_eq!(Card::new("\t\t\tX", 1).at(24), 'X');
        assert!(tabs("no tab").is_empty());
    }

    #[test]
    fn operation_without_terminator() {
        let e = Card::new("       ABCDEFGHI 1", 3).fields().unwrap_err();
        assert_eq!(e, (Span::new(3, 8), Ap9Error::OperationTooLong));
        let e = Card::new("  A!   CLA", 3).fields().unwrap_err();
        assert_eq!(e, (Span::new(3, 4), Ap9Error::NotBcd('!')));
    }
}
