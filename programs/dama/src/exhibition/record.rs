//! A board's game record: one file a board, a line a half-move, written as the games go and
//! read back to resume.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::ExhibitionError;
use crate::board::{Move, Side};
use crate::search::Setting;
use emu::Bound;

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

/// A line of a record to be resumed: what it says, its text and its line number, so that the
/// replayed game can be held to it and a difference named by file and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumed {
    pub line: RecordLine,
    pub text: String,
    pub number: usize,
}

/// What a record's header line says of the run that made it; a resume must be the same run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub board: u8,
    pub setting: Setting,
    pub opponent: String,
    pub boards: u8,
    pub seed: u64,
    pub timing: Bound,
}

impl Header {
    /// `# board NN: SILLIAC (setting) as A against NAME as B; boards N, seed S, timing T`.
    pub fn line(&self) -> String {
        format!(
            "# board {:02}: SILLIAC ({}) as A against {} as B; boards {}, seed {}, timing {}",
            self.board,
            self.setting,
            self.opponent,
            self.boards,
            self.seed,
            self.timing.name()
        )
    }

    /// The header `line` reads as, if it is one as `line` writes it.
    pub fn parse(line: &str) -> Option<Header> {
        let rest = line.strip_prefix("# board ")?;
        let (board, rest) = rest.split_once(": SILLIAC (")?;
        let (setting, rest) = rest.split_once(") as A against ")?;
        let (opponent, run) = rest.rsplit_once(" as B; ")?;
        let mut run = run.split(", ");
        let mut field = |name: &str| run.next()?.strip_prefix(name)?.strip_prefix(' ');
        let (boards, seed, timing) = (field("boards")?, field("seed")?, field("timing")?);
        let header = Header {
            board: board.parse().ok()?,
            setting: setting.parse().ok()?,
            opponent: opponent.to_string(),
            boards: boards.parse().ok()?,
            seed: seed.parse().ok()?,
            timing: Bound::from_name(timing)?,
        };
        // Only the form `line` writes: no other spelling of the same numbers.
        (run.next().is_none() && header.line() == line).then_some(header)
    }

    /// How `self` (the record's) differs from `run` (the resumed run's), first difference
    /// first, in the flags' words; None when they are the same run.
    pub fn difference(&self, run: &Header) -> Option<String> {
        let said = |what: &str, rec: String, now: String| {
            Some(format!(
                "recorded with {what} {rec}, resumed with {what} {now}"
            ))
        };
        if self.board != run.board {
            return said("board", self.board.to_string(), run.board.to_string());
        }
        if self.setting != run.setting {
            return said(
                "--select",
                self.setting.to_string(),
                run.setting.to_string(),
            );
        }
        if self.opponent != run.opponent {
            return said("the opponent", self.opponent.clone(), run.opponent.clone());
        }
        if self.boards != run.boards {
            return said("--boards", self.boards.to_string(), run.boards.to_string());
        }
        if self.seed != run.seed {
            return said("--seed", self.seed.to_string(), run.seed.to_string());
        }
        if self.timing != run.timing {
            let name = |b: Bound| b.name().to_string();
            return said("--timing", name(self.timing), name(run.timing));
        }
        None
    }
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

    /// Start a fresh record: create `dir` if needed and write the header line.
    pub fn create(dir: &Path, header: &Header) -> Result<GameRecord, ExhibitionError> {
        fs::create_dir_all(dir).map_err(|e| io_err(dir, e))?;
        let r = GameRecord::at(dir, header.board);
        fs::write(&r.file, header.line() + "\n").map_err(|e| io_err(&r.file, e))?;
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
        // The whole lines to a file beside it, then renamed over it: a kill during the repair
        // leaves the torn record or the repaired one, never a third thing.
        let mut tmp = file.clone().into_os_string();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        let mut f = fs::File::create(&tmp).map_err(|e| io_err(&tmp, e))?;
        f.write_all(&bytes[..keep]).map_err(|e| io_err(&tmp, e))?;
        f.sync_all().map_err(|e| io_err(&tmp, e))?;
        fs::rename(&tmp, file).map_err(|e| io_err(file, e))?;
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

    /// Read the record to resume the run `run` heads: its header must be `run`'s, and its
    /// lines a game that can be (every move legal with its side to move, nothing after the
    /// end, no CRLF); any other record is refused naming the file, the line and what is wrong.
    pub(super) fn read_to_resume(&self, run: &Header) -> Result<Vec<Resumed>, ExhibitionError> {
        let text = read_text(&self.file).map_err(|e| io_err(&self.file, e))?;
        verify(&text, &self.file, run)
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

/// The lines of a record to resume (see `GameRecord::read_to_resume`).
pub fn verify(text: &str, file: &Path, run: &Header) -> Result<Vec<Resumed>, ExhibitionError> {
    use crate::movegen::is_legal;
    let mut out = Vec::new();
    let mut pos = crate::board::Position::start();
    let mut ended = false;
    for (i, line) in text.split('\n').enumerate() {
        let number = i + 1;
        let bad = |message: String| ExhibitionError::Record {
            file: file.to_path_buf(),
            line: number,
            message,
        };
        if line.ends_with('\r') {
            return Err(bad(
                "a CRLF line end: a record's lines end in LF alone".into()
            ));
        }
        if i == 0 {
            let header = Header::parse(line).ok_or_else(|| {
                bad(format!(
                    "`{line}` is not a record header as --record writes it"
                ))
            })?;
            if let Some(d) = header.difference(run) {
                return Err(bad(format!("{d}: resume with the settings of the run")));
            }
            continue;
        }
        if line.is_empty() && i + 1 == text.split('\n').count() {
            break;
        }
        if ended {
            return Err(bad(format!("`{line}` after the game's end line")));
        }
        let what = match parse_record_file(line, file)
            .map_err(|_| bad(format!("`{line}` is not a record line")))?
            .lines
            .as_slice()
        {
            [Recorded::End(_)] => {
                ended = true;
                RecordLine::End
            }
            [Recorded::Move { side, mv, machine }] => {
                let form = match machine {
                    Some(_) => *side == Side::A && line.split(' ').count() == 5,
                    None => *side == Side::B && *line == opponent_line(*mv),
                };
                if !form {
                    return Err(bad(format!("`{line}` is not a record line of side {side}")));
                }
                if pos.side != *side || !is_legal(&pos, *mv) {
                    return Err(bad(format!("{side} {mv} is not legal in {pos}")));
                }
                pos = pos.apply(*mv);
                RecordLine::Move(*side, *mv)
            }
            _ => return Err(bad(format!("`{line}` is not a record line"))),
        };
        out.push(Resumed {
            line: what,
            text: line.to_string(),
            number,
        });
    }
    Ok(out)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_reads_back_only_in_the_form_it_is_written() {
        let h = Header {
            board: 7,
            setting: Setting::DEMO,
            opponent: "grand:0.5,0.5,0.25,0.1,0.25,0.02@2".into(),
            boards: 25,
            seed: u64::MAX,
            timing: Bound::High,
        };
        let line = h.line();
        assert_eq!(Header::parse(&line), Some(h.clone()));
        for other in [
            line.replace("board 07", "board 7"),
            line.replace("seed ", "seed +"),
            line.replace(", timing high", ""),
            line.clone() + ", more",
            line.replace("# board", "#board"),
            line.replace("(a3+b3)", "(demo)"),
        ] {
            assert_eq!(Header::parse(&other), None, "{other}");
        }
        let run = Header {
            seed: 1,
            ..h.clone()
        };
        assert_eq!(
            h.difference(&run).unwrap(),
            format!("recorded with --seed {}, resumed with --seed 1", u64::MAX)
        );
        assert_eq!(h.difference(&h), None);
    }
}
