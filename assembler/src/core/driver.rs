//! The one assembler driver every dialect runs on:
//!
//! 1. parse each line on its own (`Dialect::parse_line`); a line with an error is reported and
//!    skipped (or what `recover` keeps of it is laid out), so every error of the file is found;
//! 2. lay the lines out pass after pass (`Dialect::layout`) until the symbol table settles, with
//!    a bound (`symbols::fixed_point`); the last pass's store and errors are kept;
//! 3. encode each line once with the settled symbols (`Dialect::encode`);
//! 4. report every error, sorted by position, as `file:line:col: error: ...`, or return the
//!    store, symbols and what each line placed (for the dialect's `Program` and listing).

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use super::diag::{Collector, Diagnostics, Warning};
use super::dialect::{Dialect, Encoder, Layout, Line};
use super::listing::Row;
use super::span::lines;
use super::symbols::{fixed_point, SymbolTable};

/// The outcome of a whole assembly, before the dialect makes its `Program` of it.
pub struct Assembled<D: Dialect> {
    /// Every word placed.
    pub words: BTreeMap<u16, u64>,
    pub table: SymbolTable<D::Symbol>,
    /// What each line placed, by line number, in source order.
    pub placed: Vec<(u32, D::Placed)>,
    /// Layout passes needed for the symbols to settle.
    pub passes: u32,
    /// The last layout pass's dialect state and the encoding's.
    pub layout: D::Layout,
    pub encoding: D::Encoding,
    /// The source lines, for the listing.
    pub source: Vec<String>,
    /// What the dialect warns of, in source order.
    pub warnings: Vec<Warning<D::Error>>,
}

/// Assemble `source` in `dialect`; `file` names it in diagnostics.
pub fn assemble<D: Dialect>(
    dialect: &D,
    source: &str,
    file: &str,
) -> Result<Assembled<D>, Diagnostics<D::Error>> {
    let (assembled, errors) = assemble_flagged(dialect, source, file);
    if errors.is_empty() {
        Ok(assembled)
    } else {
        Err(errors)
    }
}

/// Assemble every line, as the period assemblers did: a line in error is reported (flagged)
/// and what it could not give is zero (a field, or the words of a line that did not parse,
/// as far as `recover` keeps them). The errors come beside the result.
pub fn assemble_flagged<D: Dialect>(
    dialect: &D,
    source: &str,
    file: &str,
) -> (Assembled<D>, Diagnostics<D::Error>) {
    let src = lines(source);
    let mut errors = Collector::new(file);
    let mut parsed = Vec::with_capacity(src.len());
    let mut warnings = Collector::new(file);
    for l in &src {
        match dialect.parse_line(l.text, l.number) {
            Ok(line) => {
                parsed.extend(line);
                for (span, kind) in dialect.warnings(l.text, l.number) {
                    warnings.error(span, kind);
                }
            }
            Err((span, e)) => {
                errors.error(span, e);
                parsed.extend(dialect.recover(l.text, l.number, span));
            }
        }
    }
    for (span, e) in dialect.prepare(&mut parsed) {
        errors.error(span, e);
    }
    let mut defined = BTreeSet::new();
    for l in &parsed {
        defined.extend(l.labels.iter().map(|(n, _)| n.clone()));
        if let Some(name) = l.stmt.as_ref().and_then(|(s, _)| dialect.defines(s)) {
            defined.insert(name.to_string());
        }
    }
    let settled = fixed_point(|prev| layout_pass(dialect, &parsed, &defined, prev, file));
    // Errors are reported sorted by position, so this may come before the pass's own.
    settled.report_unsettled(&mut errors);
    let (table, passes, out) = (settled.table, settled.passes, settled.result);
    errors.extend(out.errors);
    warnings.extend(out.warnings);
    let mut enc = Encoder {
        table: &table,
        defined: &defined,
        line: 0,
        state: D::Encoding::default(),
        words: out.words,
        placed: Vec::new(),
        errors: Collector::new(file),
        warnings: Collector::new(file),
    };
    let mut placed = Vec::with_capacity(out.placed.len());
    for (line, (range, here)) in parsed.iter().zip(&out.lines) {
        enc.line = line.number;
        let mine = &out.placed[range.clone()];
        dialect.encode(line, mine, *here, &mut enc);
        placed.extend(mine.iter().map(|&p| (line.number, p)));
        placed.append(&mut enc.placed);
    }
    let Encoder {
        words,
        state: encoding,
        errors: encoding_errors,
        warnings: encoding_warnings,
        ..
    } = enc;
    errors.extend(encoding_errors);
    warnings.extend(encoding_warnings);
    let assembled = Assembled {
        words,
        table,
        placed,
        passes,
        layout: out.state,
        encoding,
        source: src.iter().map(|l| l.text.to_string()).collect(),
        warnings: warnings.warnings(),
    };
    (assembled, errors.finish())
}

/// What one layout pass leaves.
struct PassOut<D: Dialect> {
    words: BTreeMap<u16, u64>,
    placed: Vec<D::Placed>,
    /// For each parsed line: its entries in `placed`, and `*` at its statement.
    lines: Vec<(Range<usize>, i64)>,
    state: D::Layout,
    errors: Collector<D::Error>,
    warnings: Collector<D::Error>,
}

fn layout_pass<D: Dialect>(
    dialect: &D,
    parsed: &[Line<D::Stmt>],
    defined: &BTreeSet<String>,
    prev: &SymbolTable<D::Symbol>,
    file: &str,
) -> (SymbolTable<D::Symbol>, PassOut<D>) {
    let mut p = Layout {
        prev,
        defined,
        table: SymbolTable::new(),
        loc: 0,
        line: 0,
        state: D::Layout::default(),
        words: BTreeMap::new(),
        owners: BTreeMap::new(),
        placed: Vec::new(),
        here: None,
        errors: Collector::new(file),
        warnings: Collector::new(file),
        past_end_reported: false,
        overlap_reported: None,
    };
    let mut per_line = Vec::with_capacity(parsed.len());
    for line in parsed {
        p.line = line.number;
        p.here = None;
        let (first, loc) = (p.placed.len(), p.loc);
        dialect.layout(line, &mut p);
        per_line.push((first..p.placed.len(), p.here.unwrap_or(loc)));
    }
    // Nothing the end of the source places belongs to a line or has a row in the listing.
    dialect.end(&mut p);
    let Layout {
        table,
        words,
        placed,
        state,
        errors,
        warnings,
        ..
    } = p;
    (
        table,
        PassOut {
            words,
            placed,
            lines: per_line,
            state,
            errors,
            warnings,
        },
    )
}

/// The listing's rows: every source line with the columns of what it placed (a row for each
/// further thing it placed, without the source).
pub fn listing_rows<D: Dialect>(
    dialect: &D,
    source: &[String],
    placed: &[(u32, D::Placed)],
    words: &BTreeMap<u16, u64>,
) -> Vec<Row> {
    let mut by_line: BTreeMap<u32, Vec<D::Placed>> = BTreeMap::new();
    for &(line, p) in placed {
        by_line.entry(line).or_default().push(p);
    }
    let mut rows = Vec::with_capacity(source.len());
    for (i, text) in source.iter().enumerate() {
        let number = i as u32 + 1;
        let mine = by_line.get(&number).map(Vec::as_slice).unwrap_or(&[]);
        let mut columns = dialect.listing_rows(mine, words);
        if columns.is_empty() {
            columns.push(Vec::new());
        }
        for (k, columns) in columns.into_iter().enumerate() {
            rows.push(Row {
                columns,
                line: (k == 0).then_some(number),
                source: if k == 0 { text.clone() } else { String::new() },
            });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    //! A toy dialect, to show what the driver does on its own: `label:` lines, `org N` and
    //! `word EXPR` (one 16-bit word whose value is the expression).
    use super::*;
    use crate::core::cursor::{is_name_char, Cursor};
    use crate::core::diag::CoreError;
    use crate::core::dialect::{StoreError, Valued};
    use crate::core::expr::{parse_expr, Expr, NumberSyntax};
    use crate::core::span::Span;
    use thiserror::Error;

    #[derive(Clone, Debug, PartialEq, Eq, Error)]
    enum ToyError {
        #[error(transparent)]
        Core(#[from] CoreError),
        #[error("unknown statement")]
        Unknown,
        #[error("past the end")]
        PastEnd,
        #[error("word {0} again (line {1})")]
        Overlap(u16, u32),
    }

    impl From<StoreError> for ToyError {
        fn from(e: StoreError) -> ToyError {
            match e {
                StoreError::PastEnd => ToyError::PastEnd,
                StoreError::Overlap {
                    address,
                    first_line,
                } => ToyError::Overlap(address, first_line),
            }
        }
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Address(i64);

    impl Valued for Address {
        fn value(&self) -> i64 {
            self.0
        }
    }

    enum Stmt {
        Org(Expr),
        Word(Expr),
    }

    struct Toy;

    impl Dialect for Toy {
        type Stmt = Stmt;
        type Symbol = Address;
        type Placed = u16;
        type Error = ToyError;
        type Layout = ();
        type Encoding = ();
        const STORE_WORDS: i64 = 8;
        const WORD_BITS: u32 = 16;

        fn parse_line(
            &self,
            text: &str,
            number: u32,
        ) -> Result<Option<Line<Stmt>>, (Span, ToyError)> {
            let mut c = Cursor::new(text, number);
            let at = c.span();
            let word = c.take_while(is_name_char);
            if c.eat(':') {
                let labels = vec![(word, at)];
                return Ok(Some(Line {
                    number,
                    labels,
                    stmt: None,
                }));
            }
            let expr = |c: &mut Cursor| {
                parse_expr(c, &NumberSyntax::DECIMAL).map_err(|(s, e)| (s, e.into()))
            };
            let stmt = match word.as_str() {
                "org" => Stmt::Org(expr(&mut c)?),
                "word" => Stmt::Word(expr(&mut c)?),
                "" => return Ok(None),
                _ => return Err((at, ToyError::Unknown)),
            };
            Ok(Some(Line {
                number,
                labels: Vec::new(),
                stmt: Some((stmt, at)),
            }))
        }

        fn layout(&self, line: &Line<Stmt>, pass: &mut Layout<'_, Self>) {
            for (name, span) in &line.labels {
                pass.define(name, *span, Address(pass.loc));
            }
            match &line.stmt {
                Some((Stmt::Org(e), _)) => {
                    if let Some(v) = pass.eval(e) {
                        pass.origin(v);
                    }
                }
                Some((Stmt::Word(_), span)) => {
                    if let Some(a) = pass.claim(*span) {
                        pass.store(a, 0);
                        pass.place(a);
                    }
                    pass.loc += 1;
                }
                None => {}
            }
        }

        fn encode(
            &self,
            line: &Line<Stmt>,
            placed: &[u16],
            here: i64,
            enc: &mut Encoder<'_, Self>,
        ) {
            if let (Some((Stmt::Word(e), _)), [a]) = (&line.stmt, placed) {
                let v = enc.eval(e, here).unwrap_or(0);
                enc.store(*a, v as u64 & 0xFFFF);
            }
        }

        fn word_text(&self, word: u64) -> String {
            format!("{word:04x}")
        }

        fn listing_rows(&self, placed: &[u16], words: &BTreeMap<u16, u64>) -> Vec<Vec<String>> {
            placed
                .iter()
                .map(|a| vec![a.to_string(), self.word_text(words[a])])
                .collect()
        }
    }

    fn errors(src: &str) -> String {
        assemble(&Toy, src, "t").err().unwrap().to_string()
    }

    #[test]
    fn forward_references_settle_and_words_are_encoded_once() {
        let a = assemble(&Toy, "org b-2\na:\nword b\nword *\nb:\n", "t")
            .unwrap_or_else(|d| panic!("{d}"));
        // b = org + 2, org = b - 2: any origin fits; the first pass makes it 0.
        assert_eq!(a.words, [(0, 2), (1, 1)].into_iter().collect());
        assert_eq!(a.table.get("a").unwrap().value, Address(0));
        assert!(a.passes <= 4, "{}", a.passes);
        let rows = listing_rows(&Toy, &a.source, &a.placed, &a.words);
        assert_eq!(rows[2].columns, ["0", "0002"]);
        assert_eq!(rows[1].columns, Vec::<String>::new());
    }

    #[test]
    fn every_error_with_its_place() {
        assert_eq!(
            errors("word x\nzap\norg 7\nword 1\nword 2\nword 3\norg 7\nword 4\n"),
            "t:1:6: error: undefined symbol 'x'\nt:2:1: error: unknown statement\n\
             t:5:1: error: past the end\nt:8:1: error: word 7 again (line 4)"
        );
        assert_eq!(
            errors("org x+1\nx:\n"),
            "t:2:1: error: layout does not settle: symbol 'x' still changes after 16 passes"
        );
    }
}
