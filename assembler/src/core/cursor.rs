//! A character cursor over one source line that knows its column, shared by the dialects'
//! line parsers and the expression parser.

use super::span::Span;

#[derive(Clone, Debug)]
pub struct Cursor {
    chars: Vec<char>,
    pos: usize,
    line: u32,
}

impl Cursor {
    pub fn new(text: &str, line: u32) -> Cursor {
        Cursor {
            chars: text.chars().collect(),
            pos: 0,
            line,
        }
    }

    /// The position of the next character.
    pub fn span(&self) -> Span {
        Span::new(self.line, self.pos as u32 + 1)
    }

    pub fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    pub fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    pub fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    pub fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(c) if c == ' ' || c == '\t') {
            self.pos += 1;
        }
    }

    /// Consume characters while `f` holds and return them.
    pub fn take_while(&mut self, f: impl Fn(char) -> bool) -> String {
        let start = self.pos;
        while matches!(self.peek(), Some(c) if f(c)) {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }

    /// Everything from here to the end of the line (the cursor does not move).
    pub fn rest(&self) -> String {
        self.chars[self.pos..].iter().collect()
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    pub fn position(&self) -> usize {
        self.pos
    }

    pub fn set_position(&mut self, pos: usize) {
        self.pos = pos.min(self.chars.len());
    }
}

/// A short description of what comes next, for "expected ..., found ..." messages.
pub fn describe_next(c: &Cursor) -> String {
    match c.peek() {
        None => "the end of the line".to_string(),
        Some(_) => {
            let word: String = c
                .rest()
                .chars()
                .take_while(|c| !c.is_whitespace())
                .take(16)
                .collect();
            format!("'{word}'")
        }
    }
}

pub fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

pub fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns() {
        let mut c = Cursor::new("  ab cd", 4);
        c.skip_spaces();
        assert_eq!(c.span(), Span::new(4, 3));
        assert_eq!(c.take_while(is_name_char), "ab");
        assert_eq!(describe_next(&c), "''");
        c.skip_spaces();
        assert_eq!(describe_next(&c), "'cd'");
        c.take_while(is_name_char);
        assert!(c.at_end());
        assert_eq!(describe_next(&c), "the end of the line");
    }
}
