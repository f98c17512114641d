//! Where the fields of a FAP line are. A period card (docs/assembler.md, FAP "Cards"): the
//! location symbol anywhere in columns 1-6, the operation from column 8 (or 7, right after a
//! location field that ends by column 6) to the first blank, the variable field from the next
//! non-blank character if it stands by column 16, to its first blank; the rest is comment. A
//! blank operation field (column 8 blank) is a PZE whose variable field is the first token in
//! columns 9-16. A line that does not fit a card (a tab, several words in columns 1-6, a name
//! running into column 7) is read in free form: a location symbol in column 1, then the
//! operation and the variable field as the next two words.

use super::operations::is_operation;

/// Columns 73-80 of a card are its identification, never part of the statement.
pub const LAST_COLUMN: usize = 72;
/// The last column (counting from 1) where a card's variable field may start; a word further
/// right is a comment.
pub const VAR_COLUMN: usize = 16;
/// Where asm7090 still finds the variable field of a written operation (FAP finds none there:
/// its flag A); read so, with a warning, for cards transcribed one column off.
pub const LATE_VAR_COLUMN: usize = 17;
/// Columns of the location field.
const LOCATION_COLUMNS: usize = 6;

/// The fields of one line, as character positions (counting from 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The location symbol and where it starts.
    pub label: Option<(String, usize)>,
    /// The operation's extent, or where the blank operation field starts.
    pub op: Op,
    /// The variable field's extent (empty: none).
    pub var: (usize, usize),
    /// The variable field starts in column 17 (`LATE_VAR_COLUMN`).
    pub late: bool,
}

/// The operation field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// An operation written from `start` to `end`.
    Written { start: usize, end: usize },
    /// A blank operation field (a PZE), at this position.
    Blank(usize),
}

/// The extent of a token: from `start` up to the first blank.
pub fn token_end(chars: &[char], start: usize) -> usize {
    let mut i = start;
    while i < chars.len() && !chars[i].is_whitespace() {
        // `=H` takes the next six characters, blanks included.
        if chars[i] == '='
            && chars
                .get(i + 1)
                .is_some_and(|c| c.eq_ignore_ascii_case(&'H'))
        {
            i = (i + 8).min(chars.len());
            continue;
        }
        i += 1;
    }
    i
}

pub fn skip_blanks(chars: &[char], start: usize) -> usize {
    let mut i = start.min(chars.len());
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    i
}

fn token(chars: &[char], start: usize) -> String {
    chars[start..token_end(chars, start)].iter().collect()
}

/// The fields of a line that is not a comment (`chars` holds at most 72 columns).
pub fn split(chars: &[char]) -> Split {
    card(chars).unwrap_or_else(|| free_form(chars))
}

/// The fields of a card, or `None` if the line is not one.
fn card(chars: &[char]) -> Option<Split> {
    if chars.contains(&'\t') {
        return None;
    }
    let location = &chars[..chars.len().min(LOCATION_COLUMNS)];
    let first = location.iter().position(|c| !c.is_whitespace());
    let label = match first {
        None => None,
        Some(start) => {
            let end = token_end(chars, start);
            // One word, ending by column 6, is the location symbol.
            if end > LOCATION_COLUMNS || location[end..].iter().any(|c| !c.is_whitespace()) {
                return None;
            }
            Some((token(chars, start), start))
        }
    };
    let label_end = first.map_or(0, |s| token_end(chars, s));
    let p = skip_blanks(chars, label_end.max(LOCATION_COLUMNS));
    if p >= chars.len() {
        // A lone operation after column 1 (` PZE`, ` END`) is that operation, in free form.
        if let Some((name, start)) = &label {
            if *start > 0 && is_operation(name) {
                return None;
            }
        }
        return Some(Split {
            label,
            op: Op::Blank(p),
            var: (p, p),
            late: false,
        });
    }
    // The operation in column 7 (after a location field that ends by column 6) names an
    // operation; anything else there is free form.
    if p == 6 && !is_operation(&token(chars, p)) {
        return None;
    }
    // The operation in column 8, or in column 7.
    if p <= 7 {
        let end = token_end(chars, p);
        let v = skip_blanks(chars, end);
        let var = if v < chars.len() && v < LATE_VAR_COLUMN {
            (v, token_end(chars, v))
        } else {
            (v, v)
        };
        return Some(Split {
            label,
            op: Op::Written { start: p, end },
            var,
            late: v + 1 == LATE_VAR_COLUMN && v < chars.len(),
        });
    }
    if p < VAR_COLUMN {
        // Columns 8 on blank: an operation written further right is read in free form.
        if is_operation(&token(chars, p)) {
            return None;
        }
        return Some(Split {
            label,
            op: Op::Blank(p),
            var: (p, token_end(chars, p)),
            late: false,
        });
    }
    // Nothing by column 16: a blank operation and variable field, the rest is comment.
    Some(Split {
        label,
        op: Op::Blank(p),
        var: (p, p),
        late: false,
    })
}

/// Free form: a location symbol in column 1, then the operation and the variable field as the
/// next two words.
fn free_form(chars: &[char]) -> Split {
    let mut i = 0;
    let mut label = None;
    if !chars[0].is_whitespace() {
        let end = token_end(chars, 0);
        label = Some((token(chars, 0), 0));
        i = end;
    }
    let op_start = skip_blanks(chars, i);
    if op_start >= chars.len() {
        return Split {
            label,
            op: Op::Blank(op_start),
            var: (op_start, op_start),
            late: false,
        };
    }
    let op_end = token_end(chars, op_start);
    let v = skip_blanks(chars, op_end);
    Split {
        label,
        op: Op::Written {
            start: op_start,
            end: op_end,
        },
        var: (
            v,
            if v < chars.len() {
                token_end(chars, v)
            } else {
                v
            },
        ),
        late: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> (Option<String>, Option<String>, String) {
        let chars: Vec<char> = text.chars().collect();
        let s = split(&chars);
        let op = match s.op {
            Op::Written { start, end } => Some(chars[start..end].iter().collect()),
            Op::Blank(_) => None,
        };
        (
            s.label.map(|l| l.0),
            op,
            chars[s.var.0..s.var.1].iter().collect(),
        )
    }

    fn f(
        label: Option<&str>,
        op: Option<&str>,
        var: &str,
    ) -> (Option<String>, Option<String>, String) {
        (
            label.map(String::from),
            op.map(String::from),
            var.to_string(),
        )
    }

    #[test]
    fn cards_as_period_fap_reads_them() {
        assert_eq!(
            fields(" LOAD  RCDA                      INITIATE"),
            f(Some("LOAD"), Some("RCDA"), "")
        );
        assert_eq!(fields("L      HED"), f(Some("L"), Some("HED"), ""));
        assert_eq!(
            fields("0     HED   XXXX"),
            f(Some("0"), Some("HED"), "XXXX")
        );
        assert_eq!(
            fields("       TEFA 2,4        COMMENT"),
            f(None, Some("TEFA"), "2,4")
        );
        assert_eq!(
            fields("       HTR                  STOP HERE"),
            f(None, Some("HTR"), "")
        );
        // Blank operation fields: a PZE, its variable field in columns 9-16.
        assert_eq!(
            fields("           PAL3,,PAL4-PAL3"),
            f(None, None, "PAL3,,PAL4-PAL3")
        );
        assert_eq!(fields(" CALL      **,,-1"), f(Some("CALL"), None, "**,,-1"));
        assert_eq!(
            fields("NILSXX         $PNAME,,-*-1"),
            f(Some("NILSXX"), None, "$PNAME,,-*-1")
        );
        assert_eq!(
            fields(" TFW                              TOP OF"),
            f(Some("TFW"), None, "")
        );
        assert_eq!(
            fields(" UFS                              SIGN"),
            f(Some("UFS"), None, "")
        );
        assert_eq!(fields("W"), f(Some("W"), None, ""));
    }

    #[test]
    fn free_form_where_no_card_fits() {
        assert_eq!(
            fields("LOOP CLA LOOP comment"),
            f(Some("LOOP"), Some("CLA"), "LOOP")
        );
        assert_eq!(fields(" ORG 10"), f(None, Some("ORG"), "10"));
        assert_eq!(fields(" PZE"), f(None, Some("PZE"), ""));
        assert_eq!(fields("\tCLA\t5"), f(None, Some("CLA"), "5"));
        assert_eq!(
            fields("LONGNAME CLA X"),
            f(Some("LONGNAME"), Some("CLA"), "X")
        );
        assert_eq!(fields("X           CLA 5"), f(Some("X"), Some("CLA"), "5"));
    }
}
