//! Diagnostics: every error of a file is collected with its file, line and column, and all
//! are reported together.

use std::fmt;

use super::span::Span;

/// Errors any dialect can raise (syntax of expressions, symbols, layout).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoreError {
    /// A character that cannot start anything here.
    UnexpectedCharacter(char),
    /// An expression was required but the line ended or something else came.
    ExpectedExpression { found: String },
    /// After `+` or `-` no term followed.
    ExpectedTerm { found: String },
    /// A number that does not fit (more than 2^40 in magnitude).
    NumberTooLarge(String),
    /// A malformed number, e.g. `#` followed by no digit of the radix.
    BadNumber(String),
    /// A symbol used but defined nowhere.
    UndefinedSymbol(String),
    /// A symbol defined only in terms of itself (possibly through others).
    CircularSymbol(String),
    /// A second definition of a name.
    DuplicateSymbol { name: String, first_line: u32 },
    /// Layout kept changing: some symbol moved in every pass up to the bound.
    NotSettled { passes: u32, symbol: String },
    /// Text left over after a complete statement.
    TrailingText(String),
    /// A name that is not a valid symbol name.
    BadName(String),
    /// A division by zero in an expression.
    DivideByZero,
    /// A character constant that is malformed or names a character the dialect cannot write.
    BadCharacter(String),
}

impl fmt::Display for CoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoreError::UnexpectedCharacter(c) => write!(f, "unexpected character '{c}'"),
            CoreError::ExpectedExpression { found } => {
                write!(f, "expected an expression, found {found}")
            }
            CoreError::ExpectedTerm { found } => {
                write!(
                    f,
                    "expected a number, symbol or '*' after the sign, found {found}"
                )
            }
            CoreError::NumberTooLarge(n) => write!(f, "number {n} is too large"),
            CoreError::BadNumber(n) => write!(f, "malformed number '{n}'"),
            CoreError::UndefinedSymbol(s) => write!(f, "undefined symbol '{s}'"),
            CoreError::CircularSymbol(s) => {
                write!(
                    f,
                    "symbol '{s}' cannot be resolved: its definition depends on itself"
                )
            }
            CoreError::DuplicateSymbol { name, first_line } => {
                write!(f, "symbol '{name}' is already defined on line {first_line}")
            }
            CoreError::NotSettled { passes, symbol } => write!(
                f,
                "layout does not settle: symbol '{symbol}' still changes after {passes} passes"
            ),
            CoreError::TrailingText(t) => write!(f, "unexpected text '{t}' after the statement"),
            CoreError::DivideByZero => write!(f, "division by zero"),
            CoreError::BadCharacter(t) => write!(
                f,
                "{t} is not a character constant of this machine's character set"
            ),
            CoreError::BadName(n) => write!(
                f,
                "'{n}' is not a valid name (a letter or '_', then letters, digits, '_' or '.')"
            ),
        }
    }
}

/// The kinds of error, by the part of the assembler that raises them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    Core(CoreError),
    Sil(crate::sil::error::SilError),
    Fap(crate::fap::error::FapError),
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Core(e) => e.fmt(f),
            ErrorKind::Sil(e) => e.fmt(f),
            ErrorKind::Fap(e) => e.fmt(f),
        }
    }
}

impl From<CoreError> for ErrorKind {
    fn from(e: CoreError) -> ErrorKind {
        ErrorKind::Core(e)
    }
}

/// One error at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    pub span: Span,
    pub kind: ErrorKind,
}

impl Diagnostic {
    pub fn line(&self) -> u32 {
        self.span.line
    }
    pub fn column(&self) -> u32 {
        self.span.column
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: error: {}",
            self.file, self.span.line, self.span.column, self.kind
        )
    }
}

impl std::error::Error for Diagnostic {}

/// All the errors of one assembly, in source order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// Collects diagnostics for one file; sorts them by position at the end so that errors found
/// in different passes still read top to bottom.
#[derive(Debug)]
pub struct Collector {
    file: String,
    items: Vec<Diagnostic>,
}

impl Collector {
    pub fn new(file: &str) -> Collector {
        Collector {
            file: file.to_string(),
            items: Vec::new(),
        }
    }

    pub fn error(&mut self, span: Span, kind: impl Into<ErrorKind>) {
        let d = Diagnostic {
            file: self.file.clone(),
            span,
            kind: kind.into(),
        };
        // The same error at the same place (e.g. found by two passes) is reported once.
        if !self.items.contains(&d) {
            self.items.push(d);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn finish(mut self) -> Diagnostics {
        self.items.sort_by_key(|d| d.span);
        Diagnostics(self.items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_format() {
        let mut c = Collector::new("x.sil");
        c.error(Span::new(3, 7), CoreError::UndefinedSymbol("loop".into()));
        c.error(Span::new(1, 1), CoreError::UnexpectedCharacter('$'));
        c.error(Span::new(1, 1), CoreError::UnexpectedCharacter('$'));
        let d = c.finish();
        assert_eq!(
            d.to_string(),
            "x.sil:1:1: error: unexpected character '$'\nx.sil:3:7: error: undefined symbol 'loop'"
        );
    }
}
