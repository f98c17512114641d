//! Findler's dama (1960): the native engines, and the SILLIAC program (`dama.sil`) with what
//! hosts it.
//!
//! - The rules and the native engines: `board`, `movegen`, `search` (the contract search),
//!   `fom` (the figures of merit), `strategy` (every player, and their texts), `game`,
//!   `learn` (§5's learning and matches).
//! - The program on the emulated SILLIAC (`sil`: the tape protocol, `SilDama`, the machine's
//!   best move), the positions its cross-check draws (`sample`), the one machine-versus-native
//!   check and the cross-check campaign (`crosscheck`), the move times as reported (`times`),
//!   the simultaneous exhibition (`exhibition`: the loop, records, report, plot), and how the
//!   campaigns' shards merge (`shard`).
//!
//! The rules and the search follow the project's contract (docs/dama.md, "The search
//! contract") so that the native engines here and the SILLIAC program agree move for
//! move, value for value and in the count of positions examined.

pub mod board;
pub mod crosscheck;
pub mod exhibition;
pub mod fom;
pub mod game;
pub mod learn;
pub mod movegen;
pub mod report;
pub mod sample;
pub mod search;
pub mod shard;
pub mod sil;
pub mod strategy;
pub mod times;

pub use board::{Move, ParseError, Position, Side};
pub use game::{play, play_from, End, GameError, GameRecord};
pub use movegen::{legal_moves, MoveList};
pub use search::{faithful, fast, SearchResult, Setting};
pub use strategy::{parse_strategy, Engine, Findler, Greedy, RandomMover, Strategy};
