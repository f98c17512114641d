//! Assemblers for the project's machines: one shared core (spans, diagnostics, symbols,
//! expressions with a bounded fixed point, listing writer) and a front end per dialect.
//! SILLIAC (`*.sil`) is the first; the 7090's FAP will be the second.

pub mod core;
pub mod fap;
pub mod sil;

pub use crate::core::diag::{Diagnostic, Diagnostics, ErrorKind};
