//! Positions in a source file. Lines and columns count from 1; columns count characters.

/// Where something is in a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Span {
    pub line: u32,
    pub column: u32,
}

impl Span {
    pub const fn new(line: u32, column: u32) -> Span {
        Span { line, column }
    }

    /// The span `offset` characters to the right.
    pub const fn plus(self, offset: usize) -> Span {
        Span {
            line: self.line,
            column: self.column + offset as u32,
        }
    }
}

/// One line of source with its number, kept for listings and error positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceLine<'a> {
    pub number: u32,
    pub text: &'a str,
}

/// Split a source into numbered lines (a final newline does not make an extra line; a `\r`
/// before the newline is dropped so that files written on other systems assemble the same).
pub fn lines(source: &str) -> Vec<SourceLine<'_>> {
    source
        .lines()
        .enumerate()
        .map(|(i, text)| SourceLine {
            number: i as u32 + 1,
            text: text.strip_suffix('\r').unwrap_or(text),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering() {
        let l = lines("a\r\nb\n\nc");
        assert_eq!(l.len(), 4);
        assert_eq!(l[0].text, "a");
        assert_eq!(l[3].number, 4);
        assert_eq!(Span::new(3, 4).plus(2), Span::new(3, 6));
    }
}
