//! Findler's program in SILLIAC orders (`programs/dama/dama.sil`) on the emulated SILLIAC: the
//! program is assembled, its tape loaded through the console start, and then it talks only
//! through the period tape protocol (documented in docs/dama.md, "The SILLIAC program"):
//!
//! - header `D S N1 N0`: depth rule (1-3), selection rule (1-4), number of boards;
//! - move record `B1 B0 O1 O0 D1 D0`: the opponent's move on a board (decimal digits);
//! - set record `K B1 B0 a1..a8 b1..b8`: a position on a board, the machine to move;
//! - replies, one teleprinter line each: `07 05-21 +4 1234`, `07 REFUSED`,
//!   `07 A WINS GOAL`, `07 B WINS BLOCKED`, ...
//!
//! Nothing here helps the program: the host only pushes frames onto the reader and reads the
//! punch, as an operator would.

use std::collections::VecDeque;

use assembler::sil::{assemble, Program};
use emu::silliac::timing::Bound;
use emu::silliac::{decode_text, Limits, Machine, Stop};

use super::board::{Move, Position, Side};
use super::game::End;
use super::search::{Depth, SearchResult, Select, Setting};

/// The program's source, assembled at run time by the project's assembler.
pub const SOURCE: &str = include_str!("../dama.sil");
/// The name diagnostics give the source.
pub const FILE: &str = "programs/dama/dama.sil";

/// Frame values of the 5-hole code used by the protocol.
const CR_LF: u8 = 18;
/// `K`: the first character of a set record.
const SET_RECORD: u8 = 10;
/// Orders the program may obey without punching a reply before the host gives up (a runaway
/// program, not a slow one): 17 days of SILLIAC time at an addition's 75 us. Counted from the
/// last reply, or from the moment the program was given tape after waiting, not from the tape
/// alone: a round of 25 long replies (the a1+b1 exhibition, docs/results.md) would use that up.
const ORDER_BUDGET: u64 = 20_000_000_000;
/// Orders obeyed between looks at the punch while waiting for one reply: about 0.4 s of period
/// time (and well under a millisecond of host time), less than any reply takes, so a caller
/// sees each reply before the machine is far into the next.
const SLICE: u64 = 10_000;

/// Something went wrong hosting the program on the emulated SILLIAC (`SilDama`).
#[derive(Debug, thiserror::Error)]
pub enum SilDamaError {
    /// The source did not assemble (the assembler's diagnostics).
    #[error("{FILE} does not assemble:\n{0}")]
    Assemble(String),
    /// The program could not be made into a tape.
    #[error("{FILE}: no tape: {0}")]
    Tape(String),
    /// The machine stopped for a reason other than waiting for tape or the program's stop.
    #[error("the emulated SILLIAC stopped: {stop}")]
    Stopped { stop: String },
    /// A punched line that is not one of the protocol's replies.
    #[error("the program punched `{line}`, not a reply")]
    Garbled { line: String },
    /// A record asked for something the protocol cannot carry (board 0 or > 99, square > 99).
    #[error("record not encodable: {0}")]
    Record(String),
    /// The program answered a position with no move and no end of game (its replies).
    #[error("the program gave no move for {position}: {replies:?}")]
    NoMove {
        position: String,
        replies: Vec<String>,
    },
}

/// One reply line of the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The machine's move on a board with its value and the positions examined.
    Move {
        board: u8,
        mv: Move,
        value: i32,
        positions: u64,
    },
    /// The record for this board was refused.
    Refused { board: u8 },
    /// The game on this board has ended.
    Wins { board: u8, side: Side, end: End },
}

impl Reply {
    /// A move reply's move, value and positions examined.
    pub fn as_move(&self) -> Option<(Move, i32, u64)> {
        match *self {
            Reply::Move {
                mv,
                value,
                positions,
                ..
            } => Some((mv, value, positions)),
            _ => None,
        }
    }

    pub fn board(&self) -> u8 {
        match *self {
            Reply::Move { board, .. } | Reply::Refused { board } | Reply::Wins { board, .. } => {
                board
            }
        }
    }
}

/// A reply with its text and its period time: from the end of reading what caused it (or the
/// end of the previous reply, whichever is later) to the end of punching its CR/LF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimedReply {
    pub reply: Reply,
    pub text: String,
    pub start_ns: u64,
    pub end_ns: u64,
}

impl TimedReply {
    pub fn period_ns(&self) -> u64 {
        self.end_ns - self.start_ns
    }
}

/// Parse one reply line (without CR/LF).
pub fn parse_reply(line: &str) -> Result<Reply, SilDamaError> {
    let garbled = || SilDamaError::Garbled {
        line: line.to_string(),
    };
    let t: Vec<&str> = line.split_whitespace().collect();
    let board: u8 = t.first().and_then(|b| b.parse().ok()).ok_or_else(garbled)?;
    match t.as_slice() {
        [_, "REFUSED"] => Ok(Reply::Refused { board }),
        [_, side, "WINS", end] => {
            let side = match *side {
                "A" => Side::A,
                "B" => Side::B,
                _ => return Err(garbled()),
            };
            let end = match *end {
                "GOAL" => End::Goal,
                "BLOCKED" => End::Blocked,
                _ => return Err(garbled()),
            };
            Ok(Reply::Wins { board, side, end })
        }
        [_, mv, value, positions] => {
            let (o, d) = mv.split_once('-').ok_or_else(garbled)?;
            let from: u8 = o.parse().map_err(|_| garbled())?;
            let to: u8 = d.parse().map_err(|_| garbled())?;
            let value: i32 = value
                .strip_prefix('+')
                .unwrap_or(value)
                .parse()
                .map_err(|_| garbled())?;
            let positions: u64 = positions.parse().map_err(|_| garbled())?;
            Ok(Reply::Move {
                board,
                mv: Move::new(from, to),
                value,
                positions,
            })
        }
        _ => Err(garbled()),
    }
}

/// The header's two setting characters (depth rule, selection rule).
pub fn setting_code(setting: Setting) -> (u8, u8) {
    match setting {
        Setting::Rule { depth, select } => {
            let d = match depth {
                Depth::A1 => 1,
                Depth::A2 => 2,
                Depth::A3 => 3,
            };
            let s = match select {
                Select::B1 => 1,
                Select::B2 => 2,
                Select::B3 => 3,
                Select::B4 => 4,
            };
            (d, s)
        }
        // Depth rule 0: the selective variant (its first pass is demo).
        Setting::Selective => (0, 3),
    }
}

fn two_digits(n: u8, what: &str) -> Result<[u8; 2], SilDamaError> {
    if n > 99 {
        return Err(SilDamaError::Record(format!(
            "{what} {n} has more than two digits"
        )));
    }
    Ok([n / 10, n % 10])
}

/// The frames of a header.
pub fn header_frames(setting: Setting, boards: u8) -> Result<Vec<u8>, SilDamaError> {
    let (d, s) = setting_code(setting);
    let mut f = vec![d, s];
    f.extend(two_digits(boards, "number of boards")?);
    Ok(f)
}

/// The frames of a move record (any numbers up to 99: the program refuses bad ones).
pub fn move_frames(board: u8, from: u8, to: u8) -> Result<Vec<u8>, SilDamaError> {
    let mut f = Vec::with_capacity(6);
    f.extend(two_digits(board, "board")?);
    f.extend(two_digits(from, "origin")?);
    f.extend(two_digits(to, "destination")?);
    Ok(f)
}

/// Eight sexadecimal characters of a mask (bit s-1 = square s), squares 1-4 in the first,
/// square 1 its 8-hole.
fn mask_chars(mask: u32) -> [u8; 8] {
    let mut c = [0u8; 8];
    for (i, ch) in c.iter_mut().enumerate() {
        for j in 0..4 {
            if mask & (1 << (4 * i + j)) != 0 {
                *ch |= 8 >> j;
            }
        }
    }
    c
}

/// The frames of a set record: board, A's mask, B's mask; the machine (A) to move.
pub fn set_frames(board: u8, a: u32, b: u32) -> Result<Vec<u8>, SilDamaError> {
    let mut f = vec![SET_RECORD];
    f.extend(two_digits(board, "board")?);
    f.extend(mask_chars(a));
    f.extend(mask_chars(b));
    Ok(f)
}

/// Assemble the program (once per call; a few milliseconds).
pub fn program() -> Result<Program, SilDamaError> {
    assemble(SOURCE, FILE).map_err(|d| SilDamaError::Assemble(d.to_string()))
}

/// The SILLIAC with the dama program loaded and running.
#[derive(Clone)]
pub struct SilDama {
    machine: Machine,
    words_used: usize,
    /// Punched frames already turned into replies.
    consumed: usize,
    /// End of the previous reply (emulated ns).
    last_end_ns: u64,
    /// True once the program has obeyed its stop order (every board finished).
    stopped: bool,
    /// The program waits for tape (or has stopped) and nothing was pushed since.
    idle: bool,
    /// The order count when the program last punched a reply or left idleness (for the
    /// runaway budget).
    busy_from: u64,
    /// `ORDER_BUDGET`, smaller in tests.
    budget: u64,
    /// Replies punched but not yet handed out by `next_reply`.
    queue: VecDeque<TimedReply>,
}

impl SilDama {
    /// Load the program through the console start and give it the header.
    pub fn start(setting: Setting, boards: u8) -> Result<SilDama, SilDamaError> {
        Self::start_timed(setting, boards, Bound::Nominal)
    }

    /// `start`, the clock charging the figures of `timing` (the games are the same under
    /// every bound; only their period time differs).
    pub fn start_timed(
        setting: Setting,
        boards: u8,
        timing: Bound,
    ) -> Result<SilDama, SilDamaError> {
        let program = program()?;
        let tape = program
            .tape()
            .map_err(|e| SilDamaError::Tape(e.to_string()))?;
        let mut machine = Machine::new();
        machine.set_timing(timing);
        machine.reader_mut().push(&tape);
        machine.reader_mut().push(&header_frames(setting, boards)?);
        machine.console_start();
        Ok(SilDama {
            machine,
            words_used: program.words_used(),
            consumed: 0,
            last_end_ns: 0,
            stopped: false,
            idle: false,
            busy_from: 0,
            budget: ORDER_BUDGET,
            queue: VecDeque::new(),
        })
    }

    /// Words of the 1,024-word store the program uses (code, tables, boards, stack).
    pub fn words_used(&self) -> usize {
        self.words_used
    }

    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    /// The emulated SILLIAC, for a tool that watches it run (`Machine::count_pairs`).
    pub fn machine_mut(&mut self) -> &mut Machine {
        &mut self.machine
    }

    /// Emulated busy time so far.
    pub fn clock_ns(&self) -> u64 {
        self.machine.clock_ns()
    }

    /// True if the program has stopped because every board is finished.
    pub fn all_finished(&self) -> bool {
        self.stopped
    }

    /// Put frames on the reader (after those not yet read).
    pub fn push(&mut self, frames: &[u8]) {
        self.machine.reader_mut().push(frames);
        if self.idle && !frames.is_empty() {
            self.idle = false;
            self.busy_from = self.machine.orders();
        }
    }

    /// Run until the program waits for tape or stops, and return the replies punched.
    pub fn run(&mut self) -> Result<Vec<TimedReply>, SilDamaError> {
        let mut out = Vec::new();
        while let Some(r) = self.next_reply()? {
            out.push(r);
        }
        Ok(out)
    }

    /// The next reply: run until the program has punched one more (`Some`), or until it waits
    /// for tape or stops with none left (`None`; push frames to go on). The machine runs in
    /// slices, so it stands just after the reply's line when this returns; runs split so are
    /// the same, order for order, as one run.
    pub fn next_reply(&mut self) -> Result<Option<TimedReply>, SilDamaError> {
        while self.queue.is_empty() && !self.idle {
            let budget = self
                .budget
                .saturating_sub(self.machine.orders() - self.busy_from);
            match self.machine.run(Limits::orders(SLICE.min(budget))) {
                Stop::OrderBudget if budget > SLICE => {}
                Stop::WaitingForTape { .. } => {
                    self.stopped = false;
                    self.idle = true;
                }
                Stop::StopOrder { .. } => {
                    // Every board finished; the console would restart it to read more.
                    if self.machine.reader().available() == 0 {
                        self.stopped = true;
                        self.idle = true;
                    }
                    self.busy_from = self.machine.orders();
                }
                other => {
                    return Err(SilDamaError::Stopped {
                        stop: other.to_string(),
                    })
                }
            }
            let replies = self.replies()?;
            if !replies.is_empty() {
                self.busy_from = self.machine.orders();
            }
            self.queue.extend(replies);
        }
        Ok(self.queue.pop_front())
    }

    /// Cut the newly punched frames into reply lines.
    fn replies(&mut self) -> Result<Vec<TimedReply>, SilDamaError> {
        let frames = self.machine.punch().frames();
        let times = self.machine.punch().times_ns();
        let reads = self.machine.reader().read_times_ns();
        let mut out = Vec::new();
        let mut begin = self.consumed;
        for i in self.consumed..frames.len() {
            if frames[i] != CR_LF {
                continue;
            }
            let text = decode_text(&frames[begin..i]).trim().to_string();
            let first_ns = times[begin];
            // The last frame read before the reply began: the end of its record.
            let read_ns = match reads.partition_point(|&t| t <= first_ns) {
                0 => 0,
                n => reads[n - 1],
            };
            let start_ns = read_ns.max(self.last_end_ns);
            let end_ns = times[i];
            let reply = parse_reply(&text)?;
            out.push(TimedReply {
                reply,
                text,
                start_ns,
                end_ns,
            });
            self.last_end_ns = end_ns;
            begin = i + 1;
        }
        self.consumed = begin;
        Ok(out)
    }
}

/// The machine's move in any position, either side to move (B: the board turned round, so the
/// program, which always plays A, plays it), with value and positions, and the period time it
/// took in ns: `dama best --engine emulated`.
pub fn best(pos: &Position, setting: Setting) -> Result<(SearchResult, u64), SilDamaError> {
    let turned = |m: u32| m.reverse_bits();
    let (a, b) = match pos.side {
        Side::A => (pos.a, pos.b),
        Side::B => (turned(pos.b), turned(pos.a)),
    };
    let mut sil = SilDama::start(setting, 1)?;
    sil.run()?;
    let before = sil.clock_ns();
    sil.push(&set_frames(1, a, b)?);
    let replies = sil.run()?;
    let spent = sil.clock_ns() - before;
    for r in &replies {
        if let Some((mv, value, positions)) = r.reply.as_move() {
            let mv = match pos.side {
                Side::A => mv,
                Side::B => Move::new(33 - mv.from, 33 - mv.to),
            };
            let best = SearchResult {
                mv: Some(mv),
                value,
                positions,
            };
            return Ok((best, spent));
        }
        if let Reply::Wins {
            side: Side::A,
            end: End::Blocked,
            ..
        } = r.reply
        {
            return Ok((SearchResult::BLOCKED, spent));
        }
    }
    Err(SilDamaError::NoMove {
        position: pos.to_string(),
        replies: replies.into_iter().map(|r| r.text).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_parse() {
        assert_eq!(
            parse_reply("07 05-21 +4 1234").unwrap(),
            Reply::Move {
                board: 7,
                mv: Move::new(5, 21),
                value: 4,
                positions: 1234
            }
        );
        assert_eq!(
            parse_reply("12 30-25 -60 7").unwrap(),
            Reply::Move {
                board: 12,
                mv: Move::new(30, 25),
                value: -60,
                positions: 7
            }
        );
        assert_eq!(
            parse_reply("03 REFUSED").unwrap(),
            Reply::Refused { board: 3 }
        );
        assert_eq!(
            parse_reply("25 B WINS BLOCKED").unwrap(),
            Reply::Wins {
                board: 25,
                side: Side::B,
                end: End::Blocked
            }
        );
        assert!(parse_reply("07 05+21 +4 1").is_err());
        assert!(parse_reply("").is_err());
    }

    #[test]
    fn records_encode() {
        assert_eq!(move_frames(7, 5, 21).unwrap(), vec![0, 7, 0, 5, 2, 1]);
        assert_eq!(header_frames(Setting::DEMO, 25).unwrap(), vec![3, 3, 2, 5]);
        // Squares 1-8 are the first two characters, all holes.
        let f = set_frames(1, 0xFF, 0xFF00_0000).unwrap();
        assert_eq!(f[..3], [10, 0, 1]);
        assert_eq!(f[3..11], [15, 15, 0, 0, 0, 0, 0, 0]);
        assert_eq!(f[11..19], [0, 0, 0, 0, 0, 0, 15, 15]);
        assert_eq!(mask_chars(1), [8, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(mask_chars(1 << 31), [0, 0, 0, 0, 0, 0, 0, 1]);
    }

    #[test]
    fn program_assembles_and_fits() {
        let p = program().unwrap();
        assert!(p.words_used() <= 1024);
    }

    #[test]
    fn the_runaway_budget_counts_from_the_last_reply() {
        // The first round: the opening move on 25 boards, no tape read between them.
        let round = |budget: u64| {
            let mut sil = SilDama::start(Setting::DEMO, 25).unwrap();
            sil.budget = budget;
            let mut at = vec![sil.machine().orders()];
            while sil.next_reply()?.is_some() {
                at.push(sil.machine().orders());
            }
            Ok::<_, SilDamaError>(at)
        };
        let at = round(ORDER_BUDGET).unwrap();
        assert_eq!(at.len(), 26);
        let longest = at.windows(2).map(|w| w[1] - w[0]).max().unwrap();
        // More than the longest reply, less than the round: enough, as it counts per reply.
        let budget = longest + SLICE;
        assert!(at[25] - at[0] > budget);
        assert_eq!(round(budget).unwrap(), at);
        assert!(matches!(
            round(longest / 2),
            Err(SilDamaError::Stopped { .. })
        ));
    }
}
