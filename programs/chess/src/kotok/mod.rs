//! Kotok's chess program (MIT AI Memo 41, 1962) as a native engine: EVAL with SWAP/LTRADE and
//! PINS, REPLYS, TREE; INITIA's card language and a Figure 1-style printout. docs/kotok.md
//! lists every choice where the memo is silent.

pub mod eval;
pub mod period;
pub mod program;
pub mod swap;
pub mod tree;

pub use eval::{eval, Eval};
pub use tree::{tree, tree_until, Params, INFINITY, WIDTHS};

/// Kotok's 1962 MIT program: its shape as a FAP program and a player is in `program`, its
/// period comparison in `period`.
#[derive(Clone, Copy, Debug)]
pub struct Kotok;
