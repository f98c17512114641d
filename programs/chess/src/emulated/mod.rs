//! The harness of the FAP chess programs on the emulated IBM 7090: it assembles a
//! program from its part files (`programs/chess/core.fap` + `initia.fap` + the program's own
//! file, which carries `END START`), writes the card deck of a problem, mounts it as the
//! installation's system input tape (A2, the card images the 1401 copied to tape), runs the
//! machine from the loaded image to the read past the deck's last card at the next problem's
//! GAME card, and reads the system output tape (A3, the lines the 1401 printed). It never
//! helps the program: cards in, printer out (docs/kotok.md, "The FAP chess core").

pub mod deck;
pub mod engine;
pub mod printout;
pub mod profile;

use std::fmt;

use assembler::fap;
use emu::ibm7090::bcd;
use emu::ibm7090::tape::Tape;
use emu::ibm7090::{Limits, Machine, Model, Stop, STORE_WORDS};
use emu::{Bound, Spread};

use crate::board::{Move, Position};
use crate::notation::parse_uci;
use crate::search::Cancel;

pub use deck::problem_deck;
pub use engine::LastRun;
pub use printout::{parse_block, parse_perft, Block, PrintoutError};

/// The shared core and INITIA, as committed.
pub const CORE_FAP: &str = include_str!("../../core.fap");
pub const INITIA_FAP: &str = include_str!("../../initia.fap");

/// The system tapes: the input (card images, BCD, RDCARD's RTDA 2) and the output (print
/// lines, BCD, LNOUT's WTDA 3).
pub const INPUT_TAPE: u16 = 0o1202;
pub const OUTPUT_TAPE: u16 = 0o1203;

/// Microseconds per machine cycle (docs/ibm7090.md, "Timing").
pub const CYCLE_US: f64 = 2.18;

/// The machine of the family a problem runs on and the end of the estimated figures it is
/// timed with: the I/O's, and on the 709 and the 7094 their estimated cycle counts too, as
/// `firstmoves run --cpu --timing` times a program (docs/timing.md "The 709 and the 7094").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub cpu: Model,
    pub bound: Bound,
}

impl Clock {
    /// The 7090 under `bound`.
    pub fn ibm7090(bound: Bound) -> Clock {
        Clock {
            cpu: Model::Ibm7090,
            bound,
        }
    }
}

/// Default instruction budget of one problem (about two emulated days, minutes on the host): far
/// beyond any move search the tests or commands pose, so only a program caught in a loop
/// reaches it. Perft runs without a budget (its tree bounds it; perft(start, 5) is about
/// 2.4 x 10^9 instructions).
pub const DEFAULT_BUDGET: u64 = 50_000_000_000;

/// A part file of a program: its path (for messages) and text.
#[derive(Clone, Debug)]
pub struct Part {
    pub name: String,
    pub text: String,
}

impl Part {
    pub fn new(name: &str, text: &str) -> Part {
        Part {
            name: name.to_string(),
            text: text.to_string(),
        }
    }
}

/// What can go wrong in the harness.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EmulatedError {
    /// The program did not assemble; each message names the part file, line and column.
    #[error("the FAP program does not assemble:{}", indented_lines(.0))]
    Assembly(Vec<String>),
    /// The machine stopped somewhere other than the end of the deck.
    #[error(
        "the emulated 7090 stopped unexpectedly: {message}{}",
        stop_place(.address, .symbol, .printed)
    )]
    UnexpectedStop {
        reason: String,
        message: String,
        /// Octal address and the nearest symbol, e.g. `CUPOVF` or `CGEN+12`.
        address: Option<u16>,
        symbol: Option<String>,
        printed: Vec<String>,
    },
    /// The printer's lines were not what the harness expects.
    #[error(transparent)]
    Printout(#[from] PrintoutError),
    /// The position cannot be written in INITIA's card language.
    #[error(transparent)]
    Cards(#[from] crate::initia::cards::CardsError),
    /// The settings cannot be written on the program card.
    #[error("program card: {0}")]
    Params(String),
}

/// Each line on a line of its own, indented by two.
fn indented_lines(lines: &[String]) -> String {
    lines.iter().map(|e| format!("\n  {e}")).collect()
}

/// Where the machine stopped (` (at 01234, SYMBOL)`, when both are known) and the last line
/// it printed (`; last printed line `...``, when there is one).
fn stop_place(address: &Option<u16>, symbol: &Option<String>, printed: &[String]) -> String {
    let mut s = String::new();
    if let (Some(a), Some(sym)) = (address, symbol) {
        s.push_str(&format!(" (at {a:05o}, {sym})"));
    }
    if let Some(last) = printed.last() {
        s.push_str(&format!("; last printed line `{last}`"));
    }
    s
}

/// An assembled program: the store image loaded once, and the symbols for messages.
pub struct Program {
    fap: fap::Program,
    image: Box<[u64; STORE_WORDS]>,
    /// First line (1-based, in the concatenation) and name of each part.
    parts: Vec<(u32, String)>,
    /// RDCARD's read order and GAMECD's call of RDCARD: a read past the input tape's last
    /// record at the first, called from the second, is the end of the deck.
    end_of_deck: Option<(u16, u16)>,
}

impl fmt::Debug for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Program")
            .field("parts", &self.parts)
            .field("start", &self.fap.start)
            .finish()
    }
}

impl Program {
    /// Assemble the concatenation of `parts` (the last one carries `END START`).
    pub fn assemble(parts: &[Part]) -> Result<Program, EmulatedError> {
        let (source, starts) = joined(parts);
        let assembled = fap::assemble(&source, "program.fap").map_err(|d| {
            EmulatedError::Assembly(
                d.iter()
                    .map(|e| {
                        let (name, l) = locate(&starts, e.line());
                        format!("{name}:{l}:{}: error: {}", e.column(), e.kind)
                    })
                    .collect(),
            )
        })?;
        let mut image: Box<[u64; STORE_WORDS]> = Box::new([0; STORE_WORDS]);
        for (&a, &w) in &assembled.words {
            image[a as usize] = w;
        }
        let end_of_deck = assembled
            .symbol("RDCARD")
            .zip(assembled.symbol("GAMECD"))
            .map(|(r, g)| (r as u16 + 1, g as u16 + 1));
        Ok(Program {
            fap: assembled,
            image,
            parts: starts,
            end_of_deck,
        })
    }

    /// core.fap + initia.fap + a program's own file `text` (named `name` in messages, and
    /// ending with the END card).
    pub fn chess(name: &str, text: &str) -> Result<Program, EmulatedError> {
        Program::assemble(&chess_parts(name, text))
    }

    /// The address of a symbol.
    pub fn symbol(&self, name: &str) -> Option<u16> {
        self.fap.symbol(name).map(|v| v as u16)
    }

    /// An address as the nearest symbol and the source line: `CGEN+3 (programs/chess/core.fap
    /// line 70)`.
    pub fn describe(&self, address: u16) -> String {
        let s = self.fap.describe(address);
        match self.fap.line_at(address) {
            Some(l) => {
                let (name, l) = locate(&self.parts, l);
                format!("{s} ({name} line {l})")
            }
            None => s,
        }
    }

    /// The underlying assembled program (listing, words).
    pub fn assembled(&self) -> &fap::Program {
        &self.fap
    }

    /// A machine with the program loaded, IC at START, the system tapes mounted: an empty
    /// input tape and a blank output tape.
    pub fn machine(&self) -> Machine {
        self.machine_on(Model::Ibm7090)
    }

    /// `machine` on the family's `cpu`.
    pub fn machine_on(&self, cpu: Model) -> Machine {
        let mut m = Machine::with_model(cpu);
        m.mem_mut().copy_from_slice(&self.image[..]);
        m.ic = self.fap.start as u32;
        mount_system_tapes(&mut m, "");
        m
    }
}

/// Mount a deck as the system input tape A2 (`deck_tape`).
pub fn mount_deck(m: &mut Machine, deck: &str) {
    m.io.mount(INPUT_TAPE, deck_tape(deck))
        .expect("A2 is a tape unit");
}

/// A deck as the system input tape: each card one BCD record of its 80 columns and four
/// blanks (the 14-word card image), a character the 7090 has no code for read as blank.
pub fn deck_tape(deck: &str) -> Tape {
    let images: String = deck
        .lines()
        .map(|card| {
            let columns: String = card
                .chars()
                .take(80)
                .map(|c| if bcd::encode(c).is_some() { c } else { ' ' })
                .collect();
            columns + "\n"
        })
        .collect();
    Tape::from_bcd_text(&images).expect("only characters of the BCD set")
}

/// Mount the system tapes: the deck on A2 (`mount_deck`) and a blank output tape on A3.
pub fn mount_system_tapes(m: &mut Machine, deck: &str) {
    mount_deck(m, deck);
    m.io.mount(OUTPUT_TAPE, Tape::blank())
        .expect("A3 is a tape unit");
}

/// The lines on the system output tape A3 so far.
pub fn printed(m: &Machine) -> Vec<String> {
    m.io.tape(OUTPUT_TAPE).map_or(Vec::new(), Tape::bcd_lines)
}

/// The cards read from the system input tape A2 so far.
pub fn cards_read(m: &Machine) -> usize {
    m.io.tape(INPUT_TAPE).map_or(0, |t| t.pos)
}

/// The parts of a chess program: core.fap, initia.fap and its own file `text` (named `name`).
pub fn chess_parts(name: &str, text: &str) -> [Part; 3] {
    [
        Part::new("programs/chess/core.fap", CORE_FAP),
        Part::new("programs/chess/initia.fap", INITIA_FAP),
        Part::new(name, text),
    ]
}

/// The source the assembler reads: the parts one after another, each ending with a newline;
/// and the first line and name of each part.
pub fn joined(parts: &[Part]) -> (String, Vec<(u32, String)>) {
    let mut source = String::new();
    let mut starts = Vec::new();
    let mut line = 1u32;
    for p in parts {
        starts.push((line, p.name.clone()));
        source.push_str(&p.text);
        if !p.text.ends_with('\n') {
            source.push('\n');
        }
        line += p.text.lines().count() as u32;
    }
    (source, starts)
}

/// Part name and line within it of a line of the concatenation.
fn locate(starts: &[(u32, String)], line: u32) -> (String, u32) {
    let (first, name) = starts
        .iter()
        .rev()
        .find(|(s, _)| *s <= line)
        .cloned()
        .unwrap_or((1, "program.fap".into()));
    (name, line - first + 1)
}

/// What one problem did on the machine.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub printed: Vec<String>,
    pub cycles: u64,
    /// The part of `cycles` the CPU was held by the tapes (reading the deck, writing the
    /// printout): `Machine::io_wait_cycles`.
    pub io_wait_cycles: u64,
    pub instructions: u64,
    /// Cycles x the machine's cycle (2.18 us on the 7090), in seconds: the period time of the
    /// problem.
    pub emulated_seconds: f64,
    /// The machine of the family the run was on.
    pub cpu: Model,
    /// The I/O bound the run was timed with (docs/timing.md, "IBM 7090 input and output"), and
    /// on the 709 and 7094 the bound of their cycle counts.
    pub bound: Bound,
    pub stop: Stop,
}

/// Seconds of a number of cycles: 2.18 us = 218 / 10^8 s, the exact product in integers and
/// one rounding to f64, so the JSON shows 2.87200394 and not 2.8720039400000004.
pub fn cycles_seconds(cycles: u64) -> f64 {
    seconds_on(Model::Ibm7090, cycles)
}

/// Seconds of a number of `cpu`'s cycles, as `cycles_seconds`: the cycle in units of 10 ns
/// (218 on the 7090, 1,200 on the 709, 200 on the 7094), the product in integers.
pub fn seconds_on(cpu: Model, cycles: u64) -> f64 {
    (cycles * (cpu.cycle_ps() / 10_000)) as f64 / 1e8
}

impl Outcome {
    /// Seconds of `cycles` on the run's machine.
    pub fn seconds(&self, cycles: u64) -> f64 {
        seconds_on(self.cpu, cycles)
    }

    /// The seconds the CPU computed (its own instructions' cycles).
    pub fn cpu_seconds(&self) -> f64 {
        self.seconds(self.cycles - self.io_wait_cycles)
    }

    /// The seconds the CPU was held by input and output.
    pub fn io_wait_seconds(&self) -> f64 {
        self.seconds(self.io_wait_cycles)
    }
}

/// A fresh machine of `clock`'s model with the program loaded, timed with its bound.
fn clocked(program: &Program, clock: Clock) -> Machine {
    let mut m = program.machine_on(clock.cpu);
    m.set_io_bound(clock.bound);
    m.set_cpu_bound(clock.bound);
    m
}

/// `run_problem_with` on `clock`'s machine under its bound.
pub fn run_problem_timed(
    program: &Program,
    deck: &str,
    limits: Limits,
    clock: Clock,
) -> Result<Outcome, EmulatedError> {
    let mut m = clocked(program, clock);
    mount_deck(&mut m, deck);
    let stop = m.run(limits);
    finish(program, m, stop)
}

/// The cycles of the problem `deck`, whose run under its bound was `done`, under all three
/// I/O bounds: the other two run again. The 7090's I/O overlaps its computing, so a bound's
/// time is not a sum of figures but a run of its own. The program prints the same lines to the
/// same end under every bound (the count of instructions may differ by the `TCOx *` spins: one
/// that finds the channel busy under one bound and free under another counts its spin as one
/// more instruction); a run that does not is an error, not a spread.
pub fn cycle_spread(
    program: &Program,
    deck: &str,
    done: &Outcome,
) -> Result<Spread, EmulatedError> {
    let mut spread = Spread::default();
    spread.set(done.bound, done.cycles);
    for b in Bound::ALL.into_iter().filter(|&b| b != done.bound) {
        // A budget only against a runaway: twice the instructions `done` took, and some.
        let limit = Limits::instructions(2 * done.instructions + 1_000_000);
        let clock = Clock {
            cpu: done.cpu,
            bound: b,
        };
        let o = run_problem_timed(program, deck, limit, clock)?;
        if o.printed != done.printed {
            return Err(EmulatedError::UnexpectedStop {
                reason: "timing-bound-changed-the-run".into(),
                message: format!(
                    "under the {} I/O bound the program printed {} lines, under {} {}, or \
                     other lines",
                    b.name(),
                    o.printed.len(),
                    done.bound.name(),
                    done.printed.len()
                ),
                address: None,
                symbol: None,
                printed: o.printed,
            });
        }
        spread.set(b, o.cycles);
    }
    Ok(spread)
}

/// Run one problem's deck from a fresh copy of the loaded machine to the read past the input
/// tape's last record at the next GAME card.
pub fn run_problem(program: &Program, deck: &str) -> Result<Outcome, EmulatedError> {
    run_problem_with(program, deck, Limits::instructions(DEFAULT_BUDGET))
}

/// `run_problem` with the caller's budget, under the nominal I/O bound.
pub fn run_problem_with(
    program: &Program,
    deck: &str,
    limits: Limits,
) -> Result<Outcome, EmulatedError> {
    run_problem_timed(program, deck, limits, Clock::default())
}

/// Instructions run between looks at a `Cancel`: about 30 ms of host time.
const SLICE: u64 = 10_000_000;

/// `run_problem_with`, giving up when `cancel` is set (then `Err` with the machine as it
/// stood, for what the program had found); it is looked at between slices of `SLICE`
/// instructions, so a `stop` is answered within a fraction of a second.
pub fn run_problem_until(
    program: &Program,
    deck: &str,
    limits: Limits,
    clock: Clock,
    cancel: &Cancel,
) -> Result<Result<Outcome, Box<Machine>>, EmulatedError> {
    let mut m = clocked(program, clock);
    mount_deck(&mut m, deck);
    let (i0, c0) = (m.instructions(), m.cycles());
    let stop = loop {
        if cancel.is_set() {
            return Ok(Err(Box::new(m)));
        }
        let left = |limit: Option<u64>, used: u64| limit.map(|n| n.saturating_sub(used));
        let left_i = left(limits.max_instructions, m.instructions() - i0);
        let slice = Limits {
            max_instructions: Some(left_i.map_or(SLICE, |n| n.min(SLICE))),
            max_cycles: left(limits.max_cycles, m.cycles() - c0),
        };
        match m.run(slice) {
            // The slice ended, not the caller's budget: go on.
            Stop::InstructionBudget if left_i.is_none_or(|n| n > SLICE) => {}
            stop => break stop,
        }
    };
    finish(program, m, stop).map(Ok)
}

/// The word at `symbol + offset` of a machine running `program`, as a signed number (the
/// store is sign-magnitude); None when the program has no such symbol.
pub fn word_at(program: &Program, m: &Machine, symbol: &str, offset: u16) -> Option<i64> {
    let at = program.symbol(symbol)?.checked_add(offset)? as usize;
    let w = *m.mem().get(at)?;
    let magnitude = (w & ((1 << 35) - 1)) as i64;
    Some(if w & (1 << 35) != 0 {
        -magnitude
    } else {
        magnitude
    })
}

/// A move word as the chess core keeps it and LNMOV prints it (from << 9 | to << 3 |
/// promotion 1-4 for Q R B N; squares a1 = 0 ... h8 = 63) as a legal move of `p`.
pub fn move_of_word(p: &Position, w: i64) -> Option<Move> {
    let square = |s: i64| format!("{}{}", (b'a' + (s & 7) as u8) as char, (s >> 3 & 7) + 1);
    let promotion = ["", "q", "r", "b", "n"].get((w & 7) as usize)?;
    let text = format!("{}{}{promotion}", square(w >> 9 & 63), square(w >> 3 & 63));
    parse_uci(p, &text)
}

/// What a run that stopped at `stop` did: the end of the problem, or an unexpected stop.
pub(crate) fn finish(program: &Program, m: Machine, stop: Stop) -> Result<Outcome, EmulatedError> {
    let printed = printed(&m);
    // RDCARD keeps its caller in XR4 (index register C): TSX left the 2's complement of the
    // TSX's location there.
    let caller = (0o100000 - m.xr[4]) as u16 & 0o77777;
    let at_end = matches!((stop, program.end_of_deck),
        (Stop::BlankTape { address, unit: INPUT_TAPE }, Some((rtda, call)))
            if address == rtda && caller == call);
    if let (Stop::BlankTape { .. }, false) = (stop, at_end) {
        return Err(EmulatedError::UnexpectedStop {
            reason: "end-of-deck-inside-a-problem".into(),
            message: format!(
                "the deck ended inside a problem (the input tape had no more cards when {} read one)",
                program.describe(caller)
            ),
            address: stop.address(),
            symbol: stop.address().map(|a| program.describe(a)),
            printed,
        });
    }
    if !at_end {
        return Err(EmulatedError::UnexpectedStop {
            reason: stop.reason().to_string(),
            message: stop.to_string(),
            address: stop.address(),
            symbol: stop.address().map(|a| program.describe(a)),
            printed,
        });
    }
    Ok(Outcome {
        printed,
        cycles: m.cycles(),
        io_wait_cycles: m.io_wait_cycles(),
        instructions: m.instructions(),
        emulated_seconds: seconds_on(m.model(), m.cycles()),
        cpu: m.model(),
        bound: m.io_bound(),
        stop,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages the command line prints: every part that is known, in order.
    #[test]
    fn errors_say_where_and_what() {
        let e = EmulatedError::Assembly(vec!["a.fap:1:2: x".into(), "a.fap:3:4: y".into()]);
        assert_eq!(
            e.to_string(),
            "the FAP program does not assemble:\n  a.fap:1:2: x\n  a.fap:3:4: y"
        );
        let stop = |address, symbol: Option<&str>, printed: &[&str]| {
            EmulatedError::UnexpectedStop {
                reason: "halt".into(),
                message: "HTR".into(),
                address,
                symbol: symbol.map(Into::into),
                printed: printed.iter().map(|l| l.to_string()).collect(),
            }
            .to_string()
        };
        assert_eq!(
            stop(Some(0o1234), Some("CGEN+12"), &["A", "LAST"]),
            "the emulated 7090 stopped unexpectedly: HTR (at 01234, CGEN+12); last printed line `LAST`"
        );
        assert_eq!(
            stop(Some(0o1234), None, &[]),
            "the emulated 7090 stopped unexpectedly: HTR"
        );
        let e = EmulatedError::from(PrintoutError::new("no MOVE line".into()));
        assert_eq!(e.to_string(), "printout: no MOVE line");
        assert!(std::error::Error::source(&e).is_none());
    }

    #[test]
    fn assembly_errors_name_the_part_and_its_line() {
        let e = Program::assemble(&[
            Part::new("a.fap", "       ORG    100\nX      CLA    Y\n"),
            Part::new("b.fap", "* COMMENT\n       XYZ    1\n       END    X\n"),
        ])
        .unwrap_err();
        let EmulatedError::Assembly(msgs) = e else {
            panic!("{e:?}")
        };
        assert!(msgs.iter().any(|m| m.starts_with("a.fap:2:")), "{msgs:?}");
        assert!(msgs.iter().any(|m| m.starts_with("b.fap:2:")), "{msgs:?}");
    }

    #[test]
    fn unexpected_stops_are_described() {
        let p = Program::assemble(&[Part::new(
            "h.fap",
            "       ORG    100\nSTART  NOP\nSTUCK  HTR    STUCK\n       END    START\n",
        )])
        .unwrap();
        let e = run_problem(&p, "").unwrap_err();
        match e {
            EmulatedError::UnexpectedStop { symbol, .. } => {
                assert_eq!(symbol.as_deref(), Some("STUCK (h.fap line 3)"))
            }
            other => panic!("{other:?}"),
        }
    }
}
