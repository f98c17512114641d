//! One module per subcommand family.

pub mod asm;
pub mod bench;
pub mod chess;
pub mod dama;
pub mod exhibition;
pub mod run;
