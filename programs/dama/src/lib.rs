//! Findler's dama (1960): rules, search, figures of merit, learning, and the SILLIAC harness.
//!
//! The rules and the search follow the project's contract (docs/dama.md, "The search
//! contract") so that the native engines here and the SILLIAC program agree move for
//! move, value for value and in the count of positions examined.

pub mod board;
pub mod exhibition;
pub mod fom;
pub mod game;
pub mod learn;
pub mod movegen;
pub mod search;
pub mod shard;
pub mod sil;
pub mod strategy;

pub use board::{Move, ParseError, Position, Side};
pub use game::{play, play_from, End, GameError, GameRecord};
pub use movegen::{legal_moves, MoveList};
pub use search::{faithful, fast, SearchResult, Setting};
pub use strategy::{parse_strategy, Engine, Findler, Greedy, RandomMover, Strategy};
