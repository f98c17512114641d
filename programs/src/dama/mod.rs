//! Findler's dama (1960): rules, search, figures of merit, learning, and the SILLIAC harness.

pub mod board;
pub mod movegen;

pub use board::{Move, ParseError, Position, Side};
pub use movegen::{legal_moves, MoveList};
pub mod search;

pub use search::{faithful, fast, SearchResult, Setting};
