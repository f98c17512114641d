//! What a FAP card does to the cards after it, whatever the symbols' values (docs/assembler.md,
//! FAP "Headings" and "DUP"): DUP repeats the next cards, and a heading (HEAD, HED) qualifies the
//! names of fewer than six characters defined under it. A name `B$X` is X under heading B, `$X`
//! (or `0$X`) the unheaded X; a six-character name `BXXXXX` is first the five-character XXXXX
//! under heading B; a name used under a heading is first the headed one. Each reference becomes
//! the first of these that the program defines (else it stays as written, and is undefined).

use std::collections::HashSet;

use super::error::FapError;
use super::stmt::{Line, Stmt};
use crate::core::expr::Term;
use crate::core::span::Span;

/// Names this long or longer are never headed.
const NAME_CHARACTERS: usize = 6;
/// Most cards one DUP may add: more than the store has words.
const DUP_LIMIT: usize = 32768;

/// Repeat what DUP asks for, then qualify every name by its heading.
pub fn prepare(lines: &mut Vec<Line>) -> Vec<(Span, FapError)> {
    let mut errors = Vec::new();
    if lines
        .iter()
        .any(|l| matches!(l.stmt, Some((Stmt::Dup { .. }, _))))
    {
        *lines = duplicate(std::mem::take(lines), &mut errors);
    }
    qualify(lines);
    errors
}

/// The lines with each DUP's cards repeated (the DUP line stays: it places nothing).
fn duplicate(lines: Vec<Line>, errors: &mut Vec<(Span, FapError)>) -> Vec<Line> {
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let line = &lines[i];
        out.push(line.clone());
        i += 1;
        let Some((Stmt::Dup { cards, times }, span)) = &line.stmt else {
            continue;
        };
        let block = &lines[i..(i + cards).min(lines.len())];
        if let Some(nested) = block
            .iter()
            .find(|l| matches!(l.stmt, Some((Stmt::Dup { .. }, _))))
        {
            let at = nested.stmt.as_ref().map_or(*span, |s| s.1);
            errors.push((at, FapError::NestedDup));
        } else if block.len() * times > DUP_LIMIT {
            errors.push((
                *span,
                FapError::BadCount {
                    op: "DUP",
                    value: (block.len() * times) as i64,
                },
            ));
        } else {
            for _ in 1..*times {
                out.extend_from_slice(block);
            }
        }
    }
    out
}

/// The key of a name defined under `heading`.
fn definition(name: &str, heading: Option<char>) -> String {
    match heading {
        Some(h) if name.chars().count() < NAME_CHARACTERS => format!("{h}${name}"),
        _ => name.to_string(),
    }
}

/// The key a name used under `heading` stands for.
fn reference(name: &str, heading: Option<char>, defined: &HashSet<String>) -> String {
    let candidates: Vec<String> = match name.split_once('$') {
        Some(("" | "0", n)) => vec![n.to_string()],
        Some((q, n)) => vec![format!("{q}${n}"), n.to_string()],
        None if name.chars().count() == NAME_CHARACTERS => {
            let first = name.chars().next().unwrap_or(' ');
            let rest: String = name.chars().skip(1).collect();
            vec![format!("{first}${rest}"), name.to_string()]
        }
        None => match heading {
            Some(h) if name.chars().count() < NAME_CHARACTERS => {
                vec![format!("{h}${name}"), name.to_string()]
            }
            _ => return name.to_string(),
        },
    };
    candidates
        .into_iter()
        .find(|c| defined.contains(c))
        .unwrap_or_else(|| name.to_string())
}

/// Every label and every name used, as the key of the symbol it stands for.
fn qualify(lines: &mut [Line]) {
    let mut defined = HashSet::new();
    let mut heading = None;
    for line in lines.iter_mut() {
        if let Some((Stmt::Head(h), _)) = &line.stmt {
            heading = *h;
        }
        for (name, _) in &mut line.labels {
            *name = definition(name, heading);
            defined.insert(name.clone());
        }
    }
    let mut heading = None;
    for line in lines.iter_mut() {
        let Some((stmt, _)) = &mut line.stmt else {
            continue;
        };
        if let Stmt::Head(h) = stmt {
            heading = *h;
        }
        for e in stmt.exprs_mut() {
            for o in &mut e.operands {
                let terms =
                    std::iter::once(&mut o.term).chain(o.factors.iter_mut().map(|f| &mut f.term));
                for t in terms {
                    if let Term::Symbol(s) = t {
                        *s = reference(&s.to_ascii_uppercase(), heading, &defined);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_under_headings() {
        let defined: HashSet<String> = ["B$(IOS)", "(IOS)", "PNAME", "B$PNAME", "A$BCDEF", "X"]
            .into_iter()
            .map(String::from)
            .collect();
        assert_eq!(definition("LOOP", Some('B')), "B$LOOP");
        assert_eq!(definition("SIXCHR", Some('B')), "SIXCHR");
        assert_eq!(definition("LOOP", None), "LOOP");
        assert_eq!(reference("B$(IOS)", None, &defined), "B$(IOS)");
        assert_eq!(reference("(IOS)", Some('B'), &defined), "B$(IOS)");
        assert_eq!(reference("(IOS)", None, &defined), "(IOS)");
        assert_eq!(reference("$PNAME", Some('B'), &defined), "PNAME");
        assert_eq!(reference("0$PNAME", Some('B'), &defined), "PNAME");
        assert_eq!(reference("PNAME", Some('B'), &defined), "B$PNAME");
        assert_eq!(reference("PNAME", Some('C'), &defined), "PNAME");
        // A six-character name is first the five-character one under its first character.
        assert_eq!(reference("ABCDEF", None, &defined), "A$BCDEF");
        assert_eq!(reference("BCDEF", Some('A'), &defined), "A$BCDEF");
        assert_eq!(reference("X", Some('Q'), &defined), "X");
        // A qualified name nowhere defined under its heading is the unheaded one, else as written.
        assert_eq!(reference("Q$X", None, &defined), "X");
        assert_eq!(reference("Q$Y", None, &defined), "Q$Y");
    }
}
