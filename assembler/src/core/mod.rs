//! The dialect-independent part of the assembler: source spans, diagnostics, the symbol
//! table, expressions (with a bounded fixed point over layout passes), the listing writer, the
//! `Dialect` trait and the one driver every dialect runs on. Nothing here names a dialect.

pub mod cursor;
pub mod diag;
pub mod dialect;
pub mod driver;
pub mod expr;
pub mod listing;
pub mod span;
pub mod symbols;
