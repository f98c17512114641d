//! `firstmoves tape`: 7090 tape images made and read as SIMH and s709 do (`emu`'s `tape.rs`
//! and `tape/text.rs`): a card deck in text to a BCD tape (`write`), a tape's BCD records as
//! text or as print lines (`read`), its blocks (`list`). The file kinds here are also those
//! `run --tape` and `lisp` mount.

use std::path::{Path, PathBuf};

use anyhow::Context;
use emu::ibm7090::tape::{Block, Code, Tape};

#[derive(clap::Subcommand)]
pub enum TapeCommand {
    /// A card deck in text (a line a card, a form feed a tape mark) to a BCD tape image (P7B)
    /// as s709's txt2bcd makes it: 84-character records, two tape marks at the end.
    Write(WriteArgs),
    /// A tape image's BCD records as text, a record a line (a tape mark a form feed), or with
    /// --print as print lines (column 1 the carriage control, as s709's bcd2txt -p).
    Read(ReadArgs),
    /// A tape image's blocks: records (length, mode by parity, first characters) and marks.
    List(ListArgs),
}

/// `--code`: the character code of BCD records in a tape image file.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CodeArg {
    /// The 7-track tape code SIMH writes and reads (s709's `-a`).
    #[default]
    Tape,
    /// The CPU's code, s709's default (its txt2bcd without `-a`).
    Memory,
}

impl From<CodeArg> for Code {
    fn from(c: CodeArg) -> Code {
        match c {
            CodeArg::Tape => Code::Tape,
            CodeArg::Memory => Code::Memory,
        }
    }
}

#[derive(clap::Args)]
pub struct WriteArgs {
    /// The deck: text, a line a card (up to 84 characters of the 7090's set).
    pub deck: PathBuf,
    /// The tape image to write (P7B).
    pub tape: PathBuf,
    /// The BCD records' character code.
    #[arg(long, value_enum, default_value_t)]
    pub code: CodeArg,
}

#[derive(clap::Args)]
pub struct ReadArgs {
    /// The tape image (P7B).
    pub tape: PathBuf,
    /// Print lines: column 1 of each record is the carriage control.
    #[arg(long)]
    pub print: bool,
    /// The BCD records' character code.
    #[arg(long, value_enum, default_value_t)]
    pub code: CodeArg,
}

#[derive(clap::Args)]
pub struct ListArgs {
    /// The tape image (P7B).
    pub tape: PathBuf,
    /// The BCD records' character code.
    #[arg(long, value_enum, default_value_t)]
    pub code: CodeArg,
}

/// What a tape file holds, by its extension: a P7B image (`.p7b`, `.bcd`, `.bin`, `.tap`),
/// the project's record text (`.txt`: a record a line, `#EOF` a mark), or a card deck in text
/// (anything else: `txt2bcd`'s layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TapeFile {
    Image,
    Records,
    Deck,
}

impl TapeFile {
    pub fn of(path: &Path) -> TapeFile {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        match ext.as_str() {
            "p7b" | "bcd" | "bin" | "tap" => TapeFile::Image,
            "txt" => TapeFile::Records,
            _ => TapeFile::Deck,
        }
    }
}

/// Read a tape file of any kind (`code`: of a P7B image's BCD records).
pub fn read_tape(path: &Path, code: Code) -> anyhow::Result<Tape> {
    let name = path.display();
    Ok(match TapeFile::of(path) {
        TapeFile::Image => {
            let bytes = read_image(path)?;
            Tape::from_p7b_in(&bytes, code).with_context(|| format!("{name}"))?
        }
        TapeFile::Records => Tape::from_bcd_text(&super::read_input(path, super::Kind::Tape)?)
            .with_context(|| format!("{name}"))?,
        TapeFile::Deck => Tape::from_cards_text(&super::read_input(path, super::Kind::Tape)?)
            .with_context(|| format!("{name}"))?,
    })
}

/// A P7B image's bytes, refused over a tape's cap.
fn read_image(path: &Path) -> anyhow::Result<Vec<u8>> {
    super::read_input_bytes(path, super::Kind::Tape)
}

/// A tape in the form its file's kind holds.
pub fn tape_bytes(path: &Path, tape: &Tape, code: Code) -> Vec<u8> {
    match TapeFile::of(path) {
        TapeFile::Image => tape.to_p7b_in(code),
        TapeFile::Records => tape.to_bcd_text().into_bytes(),
        TapeFile::Deck => tape.to_cards_text().into_bytes(),
    }
}

/// Write a tape to its file in the form the file's kind holds.
pub fn write_tape(path: &Path, tape: &Tape, code: Code) -> anyhow::Result<()> {
    std::fs::write(path, tape_bytes(path, tape, code))
        .with_context(|| format!("writing {}", path.display()))
}

pub fn run(command: TapeCommand) -> anyhow::Result<()> {
    match command {
        TapeCommand::Write(a) => {
            let deck = super::read_input(&a.deck, super::Kind::Source)?;
            let tape =
                Tape::from_cards_text(&deck).with_context(|| format!("{}", a.deck.display()))?;
            std::fs::write(&a.tape, tape.to_p7b_in(a.code.into()))
                .with_context(|| format!("writing {}", a.tape.display()))
        }
        TapeCommand::Read(a) => {
            let tape = Tape::from_p7b_in(&read_image(&a.tape)?, a.code.into())
                .with_context(|| format!("{}", a.tape.display()))?;
            let text = if a.print {
                tape.to_print_text()
            } else {
                tape.to_cards_text()
            };
            print!("{text}");
            Ok(())
        }
        TapeCommand::List(a) => {
            let tape = Tape::from_p7b_in(&read_image(&a.tape)?, a.code.into())
                .with_context(|| format!("{}", a.tape.display()))?;
            for (i, b) in tape.blocks.iter().enumerate() {
                println!("{}", block_line(i, b));
            }
            Ok(())
        }
    }
}

/// One block as `list` shows it.
fn block_line(i: usize, b: &Block) -> String {
    use emu::ibm7090::tape::{parity_ok, record_text, record_words};
    match b {
        Block::Mark => format!("{i:5} tape mark"),
        Block::Record(chars) if chars.iter().all(|&c| parity_ok(c, false)) => {
            let text: String = record_text(chars).chars().take(60).collect();
            format!("{i:5} BCD {:6} chars  {}", chars.len(), text.trim_end())
        }
        Block::Record(chars) => {
            let (words, ok) = record_words(chars, true);
            let first: Vec<String> = words.iter().take(4).map(|w| format!("{w:012o}")).collect();
            let mode = if ok { "binary" } else { "mixed parity" };
            format!("{i:5} {mode} {:6} chars  {}", chars.len(), first.join(" "))
        }
    }
}
