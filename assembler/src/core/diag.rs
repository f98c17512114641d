//! Diagnostics: every error of a file is collected with its file, line and column, and all
//! are reported together.

use std::fmt;

use thiserror::Error;

use super::span::Span;

/// Errors any dialect can raise (syntax of expressions, symbols, layout).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CoreError {
    /// A character that cannot start anything here.
    #[error("unexpected character '{0}'")]
    UnexpectedCharacter(char),
    /// An expression was required but the line ended or something else came.
    #[error("expected an expression, found {found}")]
    ExpectedExpression { found: String },
    /// After `+` or `-` no term followed.
    #[error("expected a number, symbol or '*' after the sign, found {found}")]
    ExpectedTerm { found: String },
    /// A number that does not fit (more than 2^40 in magnitude).
    #[error("number {0} is too large")]
    NumberTooLarge(String),
    /// A malformed number, e.g. `#` followed by no digit of the radix.
    #[error("malformed number '{0}'")]
    BadNumber(String),
    /// A symbol used but defined nowhere.
    #[error("undefined symbol '{0}'")]
    UndefinedSymbol(String),
    /// A symbol defined only in terms of itself (possibly through others).
    #[error("symbol '{0}' cannot be resolved: its definition depends on itself")]
    CircularSymbol(String),
    /// A second definition of a name.
    #[error("symbol '{name}' is already defined on line {first_line}")]
    DuplicateSymbol { name: String, first_line: u32 },
    /// Layout kept changing: some symbol moved in every pass up to the bound.
    #[error("layout does not settle: symbol '{symbol}' still changes after {passes} passes")]
    NotSettled { passes: u32, symbol: String },
    /// Text left over after a complete statement.
    #[error("unexpected text '{0}' after the statement")]
    TrailingText(String),
    /// A name that is not a valid symbol name.
    #[error("'{0}' is not a valid name (a letter or '_', then letters, digits, '_' or '.')")]
    BadName(String),
    /// A division by zero in an expression.
    #[error("division by zero")]
    DivideByZero,
    /// A character constant that is malformed or names a character the dialect cannot write.
    #[error("{0} is not a character constant of this machine's character set")]
    BadCharacter(String),
}

/// What the core asks of a dialect's error type: a message (`Display`), the core's own errors
/// among its kinds (`From<CoreError>`, usually a transparent variant), and equality, so that
/// the same error at the same place is reported once. The core names no dialect: each brings
/// its error type through `Dialect::Error`.
pub trait DialectError:
    std::error::Error + From<CoreError> + Clone + Eq + Send + Sync + 'static
{
}

impl<T> DialectError for T where
    T: std::error::Error + From<CoreError> + Clone + Eq + Send + Sync + 'static
{
}

/// One error at one place: `file:line:col: error: message`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{file}:{}:{}: error: {kind}", .span.line, .span.column)]
pub struct Diagnostic<E> {
    pub file: String,
    pub span: Span,
    pub kind: E,
}

impl<E> Diagnostic<E> {
    pub fn line(&self) -> u32 {
        self.span.line
    }
    pub fn column(&self) -> u32 {
        self.span.column
    }
}

/// What assembles but deserves a look, at one place: `file:line:col: warning: message`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{file}:{}:{}: warning: {kind}", .span.line, .span.column)]
pub struct Warning<E> {
    pub file: String,
    pub span: Span,
    pub kind: E,
}

/// All the errors of one assembly, in source order, one a line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", one_a_line(.0))]
pub struct Diagnostics<E: fmt::Display>(pub Vec<Diagnostic<E>>);

/// How many errors an assembly shows; the count of the rest follows them.
pub const SHOWN_ERRORS: usize = 100;

fn one_a_line<E: fmt::Display>(items: &[Diagnostic<E>]) -> String {
    let mut lines: Vec<String> = items
        .iter()
        .take(SHOWN_ERRORS)
        .map(ToString::to_string)
        .collect();
    if items.len() > SHOWN_ERRORS {
        lines.push(format!(
            "{} more errors not shown (the first {SHOWN_ERRORS} are)",
            items.len() - SHOWN_ERRORS
        ));
    }
    lines.join("\n")
}

impl<E: fmt::Display> Diagnostics<E> {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic<E>> {
        self.0.iter()
    }
}

/// Collects diagnostics for one file; sorts them by position at the end so that errors found
/// in different passes still read top to bottom.
#[derive(Debug)]
pub struct Collector<E> {
    file: String,
    items: Vec<Diagnostic<E>>,
    /// The items at each place, so that a repeat is found without a search of them all.
    at: std::collections::HashMap<Span, Vec<usize>>,
}

impl<E: PartialEq> Collector<E> {
    pub fn new(file: &str) -> Collector<E> {
        Collector {
            file: file.to_string(),
            items: Vec::new(),
            at: std::collections::HashMap::new(),
        }
    }

    pub fn error(&mut self, span: Span, kind: impl Into<E>) {
        let d = Diagnostic {
            file: self.file.clone(),
            span,
            kind: kind.into(),
        };
        // The same error at the same place (e.g. found by two passes) is reported once.
        let here = self.at.entry(span).or_default();
        if !here.iter().any(|&i| self.items[i] == d) {
            here.push(self.items.len());
            self.items.push(d);
        }
    }

    /// Take over another collector's errors (same file).
    pub fn extend(&mut self, other: Collector<E>) {
        for d in other.items {
            self.error(d.span, d.kind);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

impl<E: fmt::Display> Collector<E> {
    pub fn finish(mut self) -> Diagnostics<E> {
        self.items.sort_by_key(|d| d.span);
        Diagnostics(self.items)
    }
}

impl<E> Collector<E> {
    /// What was collected, as warnings, sorted by position.
    pub fn warnings(mut self) -> Vec<Warning<E>> {
        self.items.sort_by_key(|d| d.span);
        self.items
            .into_iter()
            .map(|d| Warning {
                file: d.file,
                span: d.span,
                kind: d.kind,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_errors_show_the_first_hundred_and_a_count() {
        let mut c = Collector::<CoreError>::new("x.src");
        for line in (1..=250).rev() {
            c.error(Span::new(line, 1), CoreError::UnexpectedCharacter('$'));
            c.error(Span::new(line, 1), CoreError::UnexpectedCharacter('$'));
        }
        let d = c.finish();
        assert_eq!(d.len(), 250);
        let text = d.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), SHOWN_ERRORS + 1);
        assert!(lines[0].starts_with("x.src:1:1: error"), "{}", lines[0]);
        assert_eq!(
            lines[SHOWN_ERRORS],
            "150 more errors not shown (the first 100 are)"
        );
    }

    #[test]
    fn display_format() {
        let mut c = Collector::<CoreError>::new("x.src");
        c.error(Span::new(3, 7), CoreError::UndefinedSymbol("loop".into()));
        c.error(Span::new(1, 1), CoreError::UnexpectedCharacter('$'));
        c.error(Span::new(1, 1), CoreError::UnexpectedCharacter('$'));
        let d = c.finish();
        assert_eq!(
            d.to_string(),
            "x.src:1:1: error: unexpected character '$'\nx.src:3:7: error: undefined symbol 'loop'"
        );
    }
}
