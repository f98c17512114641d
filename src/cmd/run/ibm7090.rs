//! `firstmoves run FILE.fap|FILE.obj|FILE.cbn|FILE.p7b`: assemble (or read the asm7090 object
//! deck), load it into the IBM 7090's store and run from its start address, or press LOAD
//! CARDS with a column-binary deck in the reader, or LOAD TAPE with a tape image mounted; run to
//! a stop and report. The 711 reader takes `--cards`, the 716's lines go to `--printer`, the
//! 721's cards to `--punch`, and `--tape A2=FILE` mounts reels on the 729s.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use chess::emulated::cycles_seconds;
use emu::ibm7090::channel::unit_name;
use emu::ibm7090::tape::{Code, Tape};
use emu::ibm7090::{Limits, Machine, Model, Stop};
use harness::report::run::{
    Ibm7090Machine, Ibm7090Run, Ibm7090Stop, IndexRegisters, Indicators, SevenIndexRegisters,
    ThreeIndexRegisters,
};

use monitor::ibm7090::{keys_word, switch_bits};

use super::RunArgs;

/// Instructions a 7090 run may execute when no limit is given: about 10 emulated hours (at the
/// chess programs' 272,000 instructions a second), four times perft(start, 5) on the chess
/// core's generator (2.4 x 10^9) and some forty times the longest move search of the project
/// (two full plies of the slowest chess program, 981 emulated s); under a minute of host time.
pub const DEFAULT_INSTRUCTIONS: u64 = 10_000_000_000;

/// Instructions per slice when tracing, so the trace is printed as it grows.
const TRACE_SLICE: u64 = 100_000;

/// `--cpu`: the machine of the 7090's family a program runs on.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct CpuArg {
    /// 7090 programs: the machine of the family that runs them: `709` (12 us cycle), `7090`
    /// (2.18 us) or `7094` (2.0 us; seven index registers, double-precision floating point).
    /// On the 709 and the 7094 `--timing` picks the end of their estimated cycle counts too.
    #[arg(long, value_parser = parse_model, default_value = "7090")]
    pub cpu: Model,
}

pub(crate) fn parse_model(s: &str) -> Result<Model, String> {
    Model::from_name(s).ok_or_else(|| format!("`{s}` is not 709, 7090 or 7094"))
}

/// A machine of `model`, its estimated figures (the I/O's, and the 709's or 7094's cycles)
/// charged at `bound`.
pub fn machine(model: Model, bound: emu::Bound) -> Machine {
    let mut m = Machine::with_model(model);
    m.set_io_bound(bound);
    m.set_cpu_bound(bound);
    m
}

/// The index registers as the JSON report gives them: the 7090's and the 709's A, B, C; the
/// 7094's XR1-XR7.
fn index_registers(m: &Machine) -> IndexRegisters {
    let x = |n: usize| format!("{:05o}", m.xr[n]);
    if m.model() == Model::Ibm7094 {
        IndexRegisters::Seven(SevenIndexRegisters {
            xr1: x(1),
            xr2: x(2),
            xr3: x(3),
            xr4: x(4),
            xr5: x(5),
            xr6: x(6),
            xr7: x(7),
        })
    } else {
        IndexRegisters::Three(ThreeIndexRegisters {
            a: x(1),
            b: x(2),
            c: x(4),
        })
    }
}

/// The lower-case extension of a file.
fn extension(file: &Path) -> String {
    file.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// Whether a file is a 7090 program, deck or tape (by extension).
pub fn is_7090_file(file: &Path) -> bool {
    matches!(
        extension(file).as_str(),
        "fap" | "obj" | "cbn" | "p7b" | "bcd" | "bin" | "tap"
    )
}

/// A tape unit as the operator names it (`A2`, `B10`): its BCD unit address (1202, 2212).
pub fn parse_tape_unit(s: &str) -> anyhow::Result<u16> {
    let mut chars = s.chars();
    let ch = match chars.next().map(|c| c.to_ascii_uppercase()) {
        Some('A') => 1,
        Some('B') => 2,
        _ => bail!("`{s}` is not a tape unit A1-A10 or B1-B10 (channels A and B)"),
    };
    match chars.as_str().parse::<u16>() {
        Ok(n @ 1..=10) => Ok(ch << 9 | 0o200 | n),
        _ => bail!("`{s}` is not a tape unit A1-A10 or B1-B10"),
    }
}

/// A reel mounted from a file, saved back if the run wrote on it.
pub struct Mounted {
    pub unit: u16,
    pub path: PathBuf,
    pub code: Code,
}

/// A tape unit with its mounting letters (`A4r`, `A1m`, `B3`): the unit, whether its ring is
/// out (`r`: read only, never written back) and the code of its image's BCD records (`m`:
/// s709's memory code).
pub fn parse_mount_unit(s: &str) -> anyhow::Result<(u16, bool, Code)> {
    let letters = s.len() - s.trim_end_matches(['r', 'm', 'R', 'M']).len();
    let (unit, flags) = s.split_at(s.len() - letters);
    let flags = flags.to_ascii_lowercase();
    let unit = parse_tape_unit(unit)?;
    let code = if flags.contains('m') {
        Code::Memory
    } else {
        Code::Tape
    };
    Ok((unit, flags.contains('r'), code))
}

/// Read a tape file (`tape.rs`'s kinds: a P7B image, `.txt` records, else a card deck); a
/// file that does not exist is a blank reel. A reel is mounted with its write ring in unless
/// `read_only`.
pub fn read_tape(path: &Path, read_only: bool, code: Code) -> anyhow::Result<Tape> {
    let mut tape = if path.exists() {
        crate::cmd::tape::read_tape(path, code)?
    } else if read_only {
        bail!("{}: no such tape to read", path.display());
    } else {
        Tape::blank()
    };
    tape.ring = !read_only;
    Ok(tape)
}

/// `--tape UNIT=FILE`; `None` for a reel mounted read only (never written back).
pub fn mount(m: &mut Machine, spec: &str) -> anyhow::Result<Option<Mounted>> {
    let Some((unit, file)) = spec.split_once('=') else {
        bail!("--tape `{spec}`: write UNIT=FILE, e.g. A2=deck.txt");
    };
    let (unit, read_only, code) = parse_mount_unit(unit)?;
    if file.is_empty() {
        bail!("--tape `{spec}`: no FILE after `=` (a tape image, or a new file for a blank reel)");
    }
    let path = PathBuf::from(file);
    // A blank reel is written back where it was named: its folder must be there to hold it.
    let folder = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(d) = folder.filter(|d| !path.exists() && !d.is_dir()) {
        bail!(
            "--tape `{spec}`: {} is not there, and there is no folder {} to hold a blank reel",
            path.display(),
            d.display()
        );
    }
    m.io.mount(unit, read_tape(&path, read_only, code)?)?;
    Ok((!read_only).then_some(Mounted { unit, path, code }))
}

/// Write back the reels the run wrote on.
pub fn save_tapes(m: &Machine, mounted: &[Mounted]) -> anyhow::Result<()> {
    for t in mounted {
        let Some(tape) = m.io.tape(t.unit).filter(|t| t.written) else {
            continue;
        };
        crate::cmd::tape::write_tape(&t.path, tape, t.code).with_context(|| unit_name(t.unit))?;
    }
    Ok(())
}

/// Cards from a file into the reader's hopper (`.cbn` column binary, else text).
fn load_deck(m: &mut Machine, file: &Path) -> anyhow::Result<usize> {
    let name = file.display();
    let text = crate::cmd::read_input(file, crate::cmd::Kind::Source)?;
    let n = if extension(file) == "cbn" {
        m.io.reader.load_column_binary(&text)
    } else {
        m.io.reader.load_text(&text)
    };
    n.with_context(|| format!("{name}"))
}

/// The punch's cards to a file (`.cbn` column binary, else text).
pub fn write_punch(m: &Machine, path: &Path) -> anyhow::Result<()> {
    let text = if extension(path) == "cbn" {
        m.io.punch.column_binary()
    } else {
        m.io.punch
            .cards
            .iter()
            .map(|c| c.to_text() + "\n")
            .collect()
    };
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

/// The words of a `.fap` source or `.obj` deck, and the start address.
pub fn load_program(file: &Path) -> anyhow::Result<(BTreeMap<u16, u64>, u16)> {
    let name = file.display().to_string();
    let text = crate::cmd::read_input(file, crate::cmd::Kind::Source)?;
    let is_fap = file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("fap"));
    if is_fap {
        let p = assembler::fap::assemble(&text, &name).map_err(|d| anyhow::anyhow!("{d}"))?;
        Ok((p.words, p.start))
    } else {
        assembler::fap::read_object_deck(&text, &name).map_err(|e| anyhow::anyhow!("{e}"))
    }
}

/// `--switches 1,3` as the bits of the sense switches.
pub fn parse_switches(s: &str) -> anyhow::Result<u8> {
    switch_bits(s).map_err(|e| anyhow::anyhow!("--switches: {e}"))
}

/// `--dump FROM-TO` (octal addresses) as an inclusive range.
pub fn parse_dump(s: &str) -> anyhow::Result<(u16, u16)> {
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let p = |x: &str| {
        u16::from_str_radix(x.trim(), 8)
            .ok()
            .filter(|&v| v <= 0o77777)
            .with_context(|| format!("--dump: `{x}` is not an octal address 0-77777"))
    };
    let (a, b) = (p(a)?, p(b)?);
    if a > b {
        bail!("--dump: {a:o} is after {b:o}");
    }
    Ok((a, b))
}

/// Press the load key `--load` names (or the FILE implies): LOAD CARDS, or LOAD TAPE from a
/// unit (read in binary).
fn press_load(m: &mut Machine, key: &str) -> anyhow::Result<()> {
    let pressed = if key.eq_ignore_ascii_case("cards") {
        m.load_cards()
    } else {
        m.load_tape(parse_tape_unit(key)? | 0o20)
    };
    pressed.with_context(|| format!("LOAD {}", key.to_uppercase()))
}

pub fn run(args: &RunArgs) -> anyhow::Result<()> {
    if args.limit_us.is_some() {
        bail!("--limit-us is a SILLIAC option; the 7090 takes --limit-cycles");
    }
    let switches = match &args.switches {
        Some(s) => parse_switches(s)?,
        None => 0,
    };
    let keys = match &args.keys {
        Some(k) => keys_word(k).map_err(|e| anyhow::anyhow!("--keys: {e}"))?,
        None => 0,
    };
    let dump = args.dump.as_deref().map(parse_dump).transpose()?;
    let (mut m, mounted) = prepared(args, switches, keys, args.timing.bound())?;
    let start = m.ic as u16;
    m.set_trace(args.trace);
    let default_budget = args.limit_orders.is_none() && args.limit_cycles.is_none();
    let limits = Limits {
        max_instructions: args
            .limit_orders
            .or(default_budget.then_some(DEFAULT_INSTRUCTIONS)),
        max_cycles: args.limit_cycles,
    };
    let stop = run_with_trace(&mut m, limits, args.json);
    save_tapes(&m, &mounted)?;
    if let Some(path) = &args.punch {
        write_punch(&m, path)?;
    }
    let printed = m.io.printer.lines.join("\n");
    if let Some(path) = &args.printer {
        let mut text = printed.clone();
        if !text.is_empty() {
            text.push('\n');
        }
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    let xr = |i: usize| format!("{:05o}", m.xr[i]);
    let regs = match m.model() {
        Model::Ibm7094 => (1..8).map(xr).collect::<Vec<_>>().join(" "),
        _ => format!("{} {} {}", xr(1), xr(2), xr(4)),
    };
    if args.json {
        let dump: BTreeMap<String, String> = match dump {
            Some((a, b)) => (a..=b)
                .map(|x| (format!("{x:05o}"), format!("{:012o}", m.mem()[x as usize])))
                .collect(),
            None => BTreeMap::new(),
        };
        let out = Ibm7090Run {
            machine: match m.model() {
                Model::Ibm709 => Ibm7090Machine::Ibm709,
                Model::Ibm7090 => Ibm7090Machine::Ibm7090,
                Model::Ibm7094 => Ibm7090Machine::Ibm7094,
            },
            file: args.file.display().to_string(),
            start: format!("{start:05o}"),
            instructions: m.instructions(),
            cycles: m.cycles(),
            emulated_us: m.emulated_us(),
            io_wait_cycles: m.io_wait_cycles(),
            timing: m.io_bound().into(),
            emulated_seconds_spread: spread(args, switches, keys, &m, limits, stop)?
                .map(|s| s.map(cycles_seconds).into()),
            stop: Ibm7090Stop {
                reason: stop.reason().to_string(),
                address: stop.address().map(|a| format!("{a:05o}")),
                message: stop.to_string(),
            },
            ic: format!("{:05o}", m.ic),
            ac: format!("{:013o}", m.ac),
            mq: format!("{:012o}", m.mq),
            xr: index_registers(&m),
            indicators: Indicators {
                overflow: m.overflow,
                divide_check: m.divide_check,
                sense_lights: (1..=4)
                    .filter(|n| m.sense_lights & (1 << (n - 1)) != 0)
                    .collect(),
            },
            cards_read: m.io.reader.cards_read,
            printed: m.io.printer.lines.clone(),
            dump,
            multi_tag: m.model().has_seven_index_registers().then_some(m.multi_tag),
        };
        // Through a Value: its keys sorted, as every JSON report (docs/json.md).
        crate::cmd::output::print_json_pretty(out)?;
    } else {
        if args.printer.is_none() && !printed.is_empty() {
            println!("{printed}");
        }
        if let Some((a, b)) = dump {
            for x in a..=b {
                println!("{x:05o} {:012o}", m.mem()[x as usize]);
            }
        }
        eprintln!(
            "stop: {stop}; {} instructions, {} cycles, {:.2} emulated us; AC={:013o} MQ={:012o} XR={regs}",
            m.instructions(),
            m.cycles(),
            m.emulated_us(),
            m.ac,
            m.mq,
        );
    }
    super::exit_for_stop(
        stop.is_error(),
        matches!(stop, Stop::InstructionBudget | Stop::CycleBudget),
        default_budget.then_some((DEFAULT_INSTRUCTIONS, "instructions")),
    );
    Ok(())
}

/// The machine as `run` starts it: switches and keys set, tapes mounted, the FILE loaded (a
/// program, a deck for LOAD CARDS, a tape for LOAD TAPE), the load key pressed; its I/O timed
/// with `bound`.
fn prepared(
    args: &RunArgs,
    switches: u8,
    keys: u64,
    bound: emu::Bound,
) -> anyhow::Result<(Machine, Vec<Mounted>)> {
    let mut m = machine(args.cpu.cpu, bound);
    m.sense_switches = switches;
    m.keys = keys;
    let mut mounted = Vec::new();
    for spec in &args.tape {
        mounted.extend(mount(&mut m, spec)?);
    }
    // The FILE: a program to load, a deck for LOAD CARDS, or a tape for LOAD TAPE.
    let mut load = args.load.clone();
    match extension(&args.file).as_str() {
        "cbn" => {
            load_deck(&mut m, &args.file)?;
            load.get_or_insert_with(|| "cards".into());
        }
        "p7b" | "bcd" | "bin" | "tap" => {
            let key = load.get_or_insert_with(|| "A1".into()).clone();
            let unit = parse_tape_unit(&key)
                .with_context(|| format!("--load {key}: a tape image loads from a tape unit"))?;
            m.io.mount(unit, read_tape(&args.file, true, Code::Tape)?)?;
        }
        _ => {
            let (words, start) = load_program(&args.file)?;
            for (&a, &w) in &words {
                m.mem_mut()[a as usize] = w;
            }
            m.ic = start as u32;
        }
    }
    if let Some(cards) = &args.cards {
        load_deck(&mut m, cards)?;
    }
    m.io.reader.end_of_file = args.reader_eof;
    if let Some(key) = &load {
        press_load(&mut m, key)?;
    }
    Ok((m, mounted))
}

/// The cycles of the run `done` (from `prepared`, within `limits`, to `stop`) under all three
/// I/O bounds, the other two run again from the start; None when a bound changes the run (a
/// program that polls a channel can do other work while it waits), so no spread of one run
/// exists. A run its own stop ended must end there again (the instruction count may differ by
/// the `TCOx *` spins, each one instruction however long it waits, none when the channel is
/// free); a run its instruction budget ended runs to the same budget; one its cycle budget
/// ended has no spread.
fn spread(
    args: &RunArgs,
    switches: u8,
    keys: u64,
    done: &Machine,
    limits: Limits,
    stop: Stop,
) -> anyhow::Result<Option<emu::Spread>> {
    let mut cycles = emu::Spread::default();
    for b in emu::Bound::ALL {
        if b == done.io_bound() {
            cycles.set(b, done.cycles());
            continue;
        }
        let (mut m, _) = prepared(args, switches, keys, b)?;
        if stop == Stop::CycleBudget {
            // Every bound would run to the same cycles: no spread of one run.
            return Ok(None);
        }
        let their = if stop == Stop::InstructionBudget {
            m.run(limits)
        } else {
            // Against a runaway only: twice the instructions, and some.
            m.run(Limits::instructions(2 * done.instructions() + 1_000_000))
        };
        if their != stop {
            return Ok(None);
        }
        cycles.set(b, m.cycles());
    }
    Ok(Some(cycles))
}

/// Run to a stop; when tracing, in slices so the trace is printed while it grows.
fn run_with_trace(m: &mut Machine, limits: Limits, json: bool) -> Stop {
    if !m.trace_enabled() {
        return m.run(limits);
    }
    let end_i = limits
        .max_instructions
        .map(|n| m.instructions().saturating_add(n));
    let end_c = limits.max_cycles.map(|n| m.cycles().saturating_add(n));
    loop {
        let left = end_i.map(|e| e.saturating_sub(m.instructions()));
        let slice = left.map_or(TRACE_SLICE, |n| n.min(TRACE_SLICE));
        let stop = m.run(Limits {
            max_instructions: Some(slice),
            max_cycles: end_c.map(|e| e.saturating_sub(m.cycles())),
        });
        let t = m.take_trace();
        if json {
            eprint!("{t}");
        } else {
            print!("{t}");
        }
        match stop {
            Stop::InstructionBudget => match end_i {
                Some(e) if m.instructions() >= e => return stop,
                _ => continue,
            },
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn machine(source: &str) -> Machine {
        let p = assembler::fap::assemble(source, "example.fap").unwrap();
        let mut m = Machine::new();
        for (&a, &w) in &p.words {
            m.mem_mut()[a as usize] = w;
        }
        m.ic = p.start as u32;
        m
    }

    /// The card-listing example of docs/ibm7090.md ("The 711 card reader"): each card the
    /// reader reads goes to the printer as it is (24 row-binary words), until the hopper is
    /// empty.
    const LIST_FAP: &str = r#"       ORG     64
LOOP   RCDA
       RCHA    CARDC
       WPRA
       RCHA    CARDC
       TRA     LOOP
CARDC  IOCD    CARD,,24
CARD   BSS     24
       END     LOOP
"#;

    #[test]
    fn cards_listed_on_the_printer() {
        let mut m = machine(LIST_FAP);
        m.io.reader
            .load_text("FIRST CARD, 72 COLUMNS ARE READ\n(X+Y)*2 = 4/5\n")
            .unwrap();
        let stop = m.run(Limits::instructions(1000));
        assert_eq!(stop, Stop::ReaderEmpty { address: 0o100 });
        assert_eq!(
            m.io.printer.lines,
            vec!["FIRST CARD, 72 COLUMNS ARE READ", "(X+Y)*2 = 4/5"]
        );
        // Per card RCDA RCHA WPRA RCHA TRA: 9 cycles of the CPU's own; each select waits for
        // the channel's record before it (the card's rows, the line's), period time
        // (docs/timing.md "IBM 7090 input and output").
        assert_eq!(m.instructions(), 5 * 2);
        assert_eq!(m.cycles() - m.io_wait_cycles(), 9 * 2);
        assert_eq!(m.cycles(), 426_972);
    }

    /// The system-tape example of docs/ibm7090.md ("Tapes"): BCD card images from A2 to print
    /// lines on A3, with a heading.
    const TAPES_FAP: &str = r#"       ORG     64
START  WTDA    3
       RCHA    HEADC
LOOP   RTDA    2
       RCHA    READC
       WTDA    3
       RCHA    PRINTC
       TRA     LOOP
HEADC  IOCD    HEAD,,3
READC  IORT    CARD,,14
PRINTC IOCD    CARD,,14
HEAD   BCI     3,CARDS READ
CARD   BSS     14
       END     START
"#;

    #[test]
    fn card_images_in_print_lines_out() {
        let mut m = machine(TAPES_FAP);
        m.io.mount(
            0o1202,
            Tape::from_bcd_text("FIRST CARD, 80 COLUMNS\n(X+Y)*2 = 4/5\n").unwrap(),
        )
        .unwrap();
        m.io.mount(0o1203, Tape::blank()).unwrap();
        let stop = m.run(Limits::instructions(1000));
        assert_eq!(
            stop,
            Stop::BlankTape {
                address: 0o102,
                unit: 0o1202
            }
        );
        assert_eq!(
            m.io.tape(0o1203).unwrap().bcd_lines(),
            vec!["CARDS READ", "FIRST CARD, 80 COLUMNS", "(X+Y)*2 = 4/5"]
        );
        // WTDA RCHA, then per card RTDA RCHA WTDA RCHA TRA: 2 + 2 + (2 + 2 + 2 + 2 + 1) x 2.
        assert_eq!(m.instructions(), 2 + 5 * 2);
        assert_eq!(m.cycles() - m.io_wait_cycles(), 4 + 9 * 2);
        // Each tape select waits for the record before it on channel A.
        assert_eq!(m.cycles(), 26_834);
    }

    #[test]
    fn options() {
        assert_eq!(parse_switches("1,3").unwrap(), 0b101);
        assert!(parse_switches("7").is_err());
        assert_eq!(parse_dump("200-210").unwrap(), (0o200, 0o210));
        assert_eq!(parse_dump("77777").unwrap(), (0o77777, 0o77777));
        assert!(parse_dump("210-200").is_err());
        assert!(parse_dump("9").is_err());
        assert_eq!(parse_tape_unit("A2").unwrap(), 0o1202);
        assert_eq!(parse_tape_unit("b10").unwrap(), 0o2212);
        assert!(parse_tape_unit("C1").is_err());
        assert!(parse_tape_unit("A11").is_err());
        assert_eq!(parse_mount_unit("A4r").unwrap(), (0o1204, true, Code::Tape));
        assert_eq!(
            parse_mount_unit("b10mr").unwrap(),
            (0o2212, true, Code::Memory)
        );
        assert_eq!(parse_mount_unit("A1").unwrap(), (0o1201, false, Code::Tape));
        assert!(parse_mount_unit("A1x").is_err());
        assert!(is_7090_file(Path::new("LISPTAPE.BIN")));
        assert!(is_7090_file(Path::new("deck.CBN")));
        assert!(!is_7090_file(Path::new("prog.sil")));
    }
}
