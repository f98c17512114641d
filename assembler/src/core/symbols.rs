//! The symbol table and the bounded fixed point over layout passes.
//!
//! A pass walks the whole source once, defining symbols as it goes. A name used before its
//! definition takes the value it had at the end of the previous pass (none in the first pass:
//! the use is pending). Passes repeat until the table no longer changes; the bound stops a
//! layout that never settles (e.g. `.org x+1` ... `x:`) with an error naming a symbol that
//! still moves.

use std::collections::BTreeMap;

use super::diag::{Collector, CoreError};
use super::expr::Lookup;
use super::span::Span;

/// At most this many passes before layout is declared unsettled.
pub const MAX_PASSES: u32 = 16;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition<V> {
    pub value: V,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymbolTable<V> {
    map: BTreeMap<String, Definition<V>>,
}

impl<V> Default for SymbolTable<V> {
    fn default() -> Self {
        SymbolTable {
            map: BTreeMap::new(),
        }
    }
}

impl<V: Clone> SymbolTable<V> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Define `name`; a second definition returns the first one's line and changes nothing.
    pub fn define(&mut self, name: &str, value: V, span: Span) -> Result<(), Span> {
        if let Some(d) = self.map.get(name) {
            return Err(d.span);
        }
        self.map
            .insert(name.to_string(), Definition { value, span });
        Ok(())
    }

    pub fn get(&self, name: &str) -> Option<&Definition<V>> {
        self.map.get(name)
    }

    pub fn contains(&self, name: &str) -> bool {
        self.map.contains_key(name)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&String, &Definition<V>)> {
        self.map.iter()
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// Look a name up during a pass: this pass's definition if already made, else the previous
/// pass's, else pending.
pub fn lookup<V: Clone>(
    current: &SymbolTable<V>,
    previous: &SymbolTable<V>,
    name: &str,
    value: impl Fn(&V) -> i64,
) -> Lookup {
    match current.get(name).or_else(|| previous.get(name)) {
        Some(d) => Lookup::Value(value(&d.value)),
        None => Lookup::Pending,
    }
}

/// The candidate nearest at or below `address` (the highest value, then the first name), with
/// the address's offset from it: for "LOOP+3" in traces.
pub fn nearest_below<'a>(
    candidates: impl Iterator<Item = (&'a str, i64)>,
    address: i64,
) -> Option<(&'a str, i64)> {
    candidates
        .filter(|&(_, v)| (0..=address).contains(&v))
        .max_by_key(|&(name, v)| (v, std::cmp::Reverse(name)))
        .map(|(name, v)| (name, address - v))
}

/// `name`, `name+offset`, or `otherwise` where no candidate is at or below the address.
pub fn describe<'a>(
    candidates: impl Iterator<Item = (&'a str, i64)>,
    address: i64,
    otherwise: impl FnOnce() -> String,
) -> String {
    match nearest_below(candidates, address) {
        Some((name, 0)) => name.to_string(),
        Some((name, offset)) => format!("{name}+{offset}"),
        None => otherwise(),
    }
}

/// The outcome of iterating passes.
pub struct Settled<V, R> {
    pub table: SymbolTable<V>,
    /// What the last pass produced (its errors are the ones to report).
    pub result: R,
    pub passes: u32,
    /// A symbol whose value was still changing when the bound was reached.
    pub unsettled: Option<String>,
}

impl<V: Clone, R> Settled<V, R> {
    /// Report a symbol that never settled, at its definition.
    pub fn report_unsettled<E: From<CoreError> + PartialEq>(&self, errors: &mut Collector<E>) {
        if let Some(name) = &self.unsettled {
            let span = self.table.get(name).map(|d| d.span).unwrap_or_default();
            errors.error(
                span,
                CoreError::NotSettled {
                    passes: self.passes,
                    symbol: name.clone(),
                },
            );
        }
    }
}

/// Run `pass` (given the previous pass's table) until the table it returns stops changing.
pub fn fixed_point<V: Clone + PartialEq, R>(
    mut pass: impl FnMut(&SymbolTable<V>) -> (SymbolTable<V>, R),
) -> Settled<V, R> {
    let mut previous = SymbolTable::new();
    let mut passes = 0;
    loop {
        passes += 1;
        let (table, result) = pass(&previous);
        if table == previous || passes >= MAX_PASSES {
            let unsettled = if table == previous {
                None
            } else {
                table
                    .iter()
                    .find(|(name, d)| previous.get(name).map(|p| &p.value) != Some(&d.value))
                    .map(|(name, _)| name.clone())
            };
            return Settled {
                table,
                result,
                passes,
                unsettled,
            };
        }
        previous = table;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_keeps_first() {
        let mut t = SymbolTable::new();
        t.define("a", 1i64, Span::new(1, 1)).unwrap();
        assert_eq!(t.define("a", 2, Span::new(5, 1)), Err(Span::new(1, 1)));
        assert_eq!(t.get("a").unwrap().value, 1);
    }

    #[test]
    fn settles_forward_reference() {
        // b = a + 1 where a is defined after b: two passes to learn, one to confirm.
        let s = fixed_point(|prev: &SymbolTable<i64>| {
            let mut t = SymbolTable::new();
            if let Lookup::Value(a) = lookup(&t, prev, "a", |v| *v) {
                t.define("b", a + 1, Span::new(1, 1)).unwrap();
            }
            t.define("a", 5, Span::new(2, 1)).unwrap();
            (t, ())
        });
        assert_eq!(s.table.get("b").unwrap().value, 6);
        assert_eq!(s.passes, 3);
        assert!(s.unsettled.is_none());
    }

    #[test]
    fn bound_stops_divergence() {
        let s = fixed_point(|prev: &SymbolTable<i64>| {
            let mut t = SymbolTable::new();
            let x = match lookup(&t, prev, "x", |v| *v) {
                Lookup::Value(v) => v + 1,
                Lookup::Pending => 0,
            };
            t.define("x", x, Span::new(1, 1)).unwrap();
            (t, ())
        });
        assert_eq!(s.passes, MAX_PASSES);
        assert_eq!(s.unsettled.as_deref(), Some("x"));
    }
}
