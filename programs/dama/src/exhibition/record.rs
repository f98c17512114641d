//! A board's game record: one file a board, a line a half-move, written as the games go and
//! read back to resume.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::ExhibitionError;
use crate::board::{Move, Side};
use crate::search::Setting;

pub(super) fn io_err(file: &Path, e: std::io::Error) -> ExhibitionError {
    ExhibitionError::Io {
        file: file.to_path_buf(),
        message: e.to_string(),
    }
}

/// A line of a record as read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordLine {
    Move(Side, Move),
    End,
}

/// A board's game record file, written a line per half-move as the game goes: the header
/// `# board NN: SILLIAC (setting) as A against NAME as B`, then `A ff-tt +v n s.sss`,
/// `B ff-tt` and `= ...` lines. The exhibition loop writes it, whoever drives the loop (the
/// report or the terminal view), so either can be resumed.
#[derive(Clone, Debug)]
pub struct GameRecord {
    file: PathBuf,
}

impl GameRecord {
    /// The record of `board` in `dir` (`board-NN.txt`), nothing written yet.
    pub fn at(dir: &Path, board: u8) -> GameRecord {
        GameRecord {
            file: dir.join(format!("board-{board:02}.txt")),
        }
    }

    /// The header line of a fresh record (without its newline).
    pub fn header(board: u8, setting: Setting, opponent: &str) -> String {
        format!("# board {board:02}: SILLIAC ({setting}) as A against {opponent} as B")
    }

    /// Start a fresh record: create `dir` if needed and write the header line.
    pub fn create(
        dir: &Path,
        board: u8,
        setting: Setting,
        opponent: &str,
    ) -> Result<GameRecord, ExhibitionError> {
        fs::create_dir_all(dir).map_err(|e| io_err(dir, e))?;
        let r = GameRecord::at(dir, board);
        let header = GameRecord::header(board, setting, opponent) + "\n";
        fs::write(&r.file, header).map_err(|e| io_err(&r.file, e))?;
        Ok(r)
    }

    pub fn path(&self) -> &Path {
        &self.file
    }

    /// Add one line, with its newline, in one write: a kill leaves the file either without
    /// the line or with all of it (short of a torn write, which `repair` undoes).
    pub fn append(&self, line: &str) -> Result<(), ExhibitionError> {
        let mut f = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.file)
            .map_err(|e| io_err(&self.file, e))?;
        f.write_all(format!("{line}\n").as_bytes())
            .map_err(|e| io_err(&self.file, e))
    }

    /// A record cut in the middle of its last line (the program was killed while writing):
    /// drop that line, so the record ends with its last whole line and the next append starts
    /// a line of its own. Gives the dropped text, or None when the record was whole or absent.
    pub fn repair(&self) -> Result<Option<String>, ExhibitionError> {
        let file = &self.file;
        let bytes = match read_bytes(file) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_err(file, e)),
        };
        let keep = whole_lines(&bytes);
        if keep == bytes.len() {
            return Ok(None);
        }
        let f = fs::OpenOptions::new()
            .write(true)
            .open(file)
            .map_err(|e| io_err(file, e))?;
        f.set_len(keep as u64).map_err(|e| io_err(file, e))?;
        f.sync_all().map_err(|e| io_err(file, e))?;
        Ok(Some(String::from_utf8_lossy(&bytes[keep..]).into_owned()))
    }

    /// Whether the record has its header line (a record cut inside it has not).
    pub(super) fn has_header(&self) -> bool {
        read_bytes(&self.file).is_ok_and(|t| t.starts_with(b"# board "))
    }

    /// Flush the record to the disk (at the end of the exhibition).
    pub fn sync(&self) -> Result<(), ExhibitionError> {
        let f = fs::File::open(&self.file).map_err(|e| io_err(&self.file, e))?;
        f.sync_all().map_err(|e| io_err(&self.file, e))
    }

    /// Read the record: `A 01-10 +0 1288 30.525`, `B 32-23`, `= A WINS GOAL`; none if there is
    /// no file.
    pub(super) fn read(&self) -> Result<Vec<RecordLine>, ExhibitionError> {
        let text = match read_text(&self.file) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io_err(&self.file, e)),
        };
        parse_record(&text, &self.file)
    }
}

/// A record line with everything it says (for `dama replay`).
#[derive(Clone, Debug, PartialEq)]
pub enum Recorded {
    /// A half-move; a machine move (A) also has its value, positions examined and period
    /// seconds.
    Move {
        side: Side,
        mv: Move,
        machine: Option<(i32, u64, f64)>,
    },
    /// The program's end-of-game reply, as it printed it.
    End(String),
}

/// A whole record file: its header (without `# `) and its lines.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordFile {
    pub header: String,
    pub lines: Vec<Recorded>,
}

/// Read a record file (none if there is no file: an empty record).
pub fn read_record(file: &Path) -> Result<RecordFile, ExhibitionError> {
    let text = match read_text(file) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(io_err(file, e)),
    };
    parse_record_file(&text, file)
}

/// A record's bytes through the one bounded reader (a record past the cap is refused).
fn read_bytes(file: &Path) -> std::io::Result<Vec<u8>> {
    emu::input::read(file, emu::input::Kind::Record)
}

/// A record's text through the one bounded reader.
fn read_text(file: &Path) -> std::io::Result<String> {
    emu::input::read_text(file, emu::input::Kind::Record)
}

/// The length of a record's whole lines: all of it when it is empty or ends with a newline,
/// else up to the last newline (a torn last line is what lies after).
pub fn whole_lines(bytes: &[u8]) -> usize {
    if bytes.ends_with(b"\n") {
        return bytes.len();
    }
    bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
}

/// The moves and ends of a record's text (`file` names it in errors).
pub fn parse_record(text: &str, file: &Path) -> Result<Vec<RecordLine>, ExhibitionError> {
    Ok(parse_record_file(text, file)?
        .lines
        .into_iter()
        .map(|l| match l {
            Recorded::Move { side, mv, .. } => RecordLine::Move(side, mv),
            Recorded::End(_) => RecordLine::End,
        })
        .collect())
}

/// A record's text (`file` names it in errors): its header and its lines; blank lines and
/// later `#` lines are skipped.
pub fn parse_record_file(text: &str, file: &Path) -> Result<RecordFile, ExhibitionError> {
    let mut out = RecordFile {
        header: String::new(),
        lines: Vec::new(),
    };
    for (n, line) in text.lines().enumerate() {
        let bad = |message: String| ExhibitionError::Record {
            file: file.to_path_buf(),
            line: n + 1,
            message,
        };
        let t: Vec<&str> = line.split_whitespace().collect();
        match t.as_slice() {
            [] => {}
            [c, ..] if c.starts_with('#') => {
                if out.header.is_empty() {
                    out.header = line.trim_start_matches('#').trim().to_string();
                }
            }
            ["=", rest @ ..] => out.lines.push(Recorded::End(rest.join(" "))),
            [side, mv, rest @ ..] => {
                let side = match *side {
                    "A" => Side::A,
                    "B" => Side::B,
                    s => return Err(bad(format!("side `{s}` is neither A nor B"))),
                };
                let mv: Move = mv.parse().map_err(|e| bad(format!("move `{mv}`: {e}")))?;
                // Value, positions and seconds are the machine's; a line cut short of them
                // still names its move.
                let machine = match rest {
                    [v, n, s] => match (v.parse(), n.parse(), s.parse()) {
                        (Ok(v), Ok(n), Ok(s)) => Some((v, n, s)),
                        _ => None,
                    },
                    _ => None,
                };
                out.lines.push(Recorded::Move { side, mv, machine });
            }
            _ => return Err(bad(format!("`{line}` is not a record line"))),
        }
    }
    Ok(out)
}

/// The record line of a machine move: move, value, positions examined, period seconds.
pub fn machine_line(mv: Move, value: i32, positions: u64, period_ns: u64) -> String {
    format!(
        "A {:02}-{:02} {:+} {} {:.3}",
        mv.from,
        mv.to,
        value,
        positions,
        period_ns as f64 / 1e9
    )
}

/// The record line of an opponent's move.
pub fn opponent_line(m: Move) -> String {
    format!("B {:02}-{:02}", m.from, m.to)
}

/// The record line of the program's end-of-game reply, as it printed it.
pub fn end_line(text: &str) -> String {
    format!("= {text}")
}
