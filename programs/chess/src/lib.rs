//! Chess: a core that names no program, the programs, and what serves them all.
//!
//! - The core: the validated values (`types`: colour, role, piece, square, castling rights),
//!   the board, FEN, legal moves and perft, move text, the answer every program
//!   gives (`search`), INITIA's card language (`initia`), the printer's block (`printer`), the
//!   positions the cross-checks draw (`sample`, `period`'s middle-game set).
//! - The harness of the FAP programs on the emulated 7090 (`emulated`), the one shape every
//!   program takes (`program`: `FapProgram`, `Player`), the cross-check (`crosscheck`) and the
//!   registry the commands find the players in (`registry`).
//! - The programs, a folder each with its native twin and its `FapProgram`: Kotok's 1962 MIT
//!   program (`kotok`), SOMA (`soma`), Turochamp (`turochamp`), MATER (`mater`); the core's own
//!   perft program (`perft`).
//! - UCI for any player (`uci`) and matches between players and external engines (`matchplay`).
//!
//! docs/architecture.md walks through the shape; each program's docs/*.md records its choices.

pub mod board;
pub mod crosscheck;
pub mod emulated;
pub mod fen;
pub mod initia;
pub mod kotok;
pub mod matchplay;
pub mod mater;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod period;
pub mod printer;
pub mod program;
pub mod registry;
pub mod report;
pub mod sample;
pub mod search;
pub mod shard;
pub mod soma;
pub mod turochamp;
pub mod types;
pub mod uci;

pub use board::{Move, Position};
pub use fen::{parse_fen, to_fen, FenError};
pub use movegen::{legal_moves, perft};
pub use notation::{parse_uci, san};
pub use search::SearchResult;
pub use types::{Castling, CastlingRights, Color, Piece, Role, Square};
