//! Chess: the core (board, FEN, legal moves, perft, move text) and Kotok's 1962 MIT program as
//! a native engine (`kotok`), written so the FAP program for the emulated 7090 can mirror it.
//! docs/kotok.md records every choice the memo leaves open.

pub mod board;
pub mod emulated;
pub mod fen;
pub mod initia;
pub mod kotok;
pub mod matchplay;
pub mod mater;
pub mod movegen;
pub mod notation;
pub mod period;
pub mod printer;
pub mod sample;
pub mod search;
pub mod soma;
pub mod turochamp;
pub mod uci;

pub use board::{Move, Position, BLACK, WHITE};
pub use fen::{parse_fen, to_fen, FenError};
pub use movegen::{legal_moves, perft};
pub use notation::{parse_uci, san};
pub use search::SearchResult;
