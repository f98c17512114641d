//! The SILLIAC monitor, in the tradition of SIMH's: one command a line, usable from a script, a
//! prompt or the TUI. Addresses and values may be written with the assembler's listing symbols.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

use assembler::sil::data::{decimal_word, integer_word, sex_word, word_fraction};
use assembler::sil::Symbol;
use emu::silliac::orders::{left, pair, parse_function, right, word_to_sex, Order};
use emu::silliac::{encode_text, format_pt, read_tape_file, snapshot, Half, Limits, Machine, Stop};

/// A command the monitor could not carry out, with the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonitorError(pub String);

impl fmt::Display for MonitorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MonitorError {}

fn err<T>(message: impl Into<String>) -> Result<T, MonitorError> {
    Err(MonitorError(message.into()))
}

/// Orders the bootstrap may take to load a program.
const LOAD_ORDER_LIMIT: u64 = 1_000_000;

/// The program the console was started with: reloaded by `reset`.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub name: String,
    pub frames: Vec<u8>,
    /// Where an assembled program starts (a tape's start is not known).
    pub start: Option<u16>,
    pub symbols: BTreeMap<String, Symbol>,
}

impl Program {
    /// Assemble `.sil` source or read a tape (`.pt` text or raw frames).
    pub fn load(path: &Path) -> Result<Program, MonitorError> {
        let name = path.display().to_string();
        let is_sil = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sil"));
        if !is_sil {
            let frames = read_tape_file(path).map_err(|e| MonitorError(e.to_string()))?;
            return Ok(Program {
                name,
                frames,
                ..Program::default()
            });
        }
        let source =
            std::fs::read_to_string(path).map_err(|e| MonitorError(format!("{name}: {e}")))?;
        let p =
            assembler::sil::assemble(&source, &name).map_err(|d| MonitorError(d.to_string()))?;
        let frames = p
            .tape()
            .map_err(|e| MonitorError(format!("{name}: tape image: {e}")))?;
        Ok(Program {
            name,
            frames,
            start: Some(p.start),
            symbols: p.symbols,
        })
    }
}

/// Why a monitor run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The machine stopped (its own stop, a budget, a breakpoint on an address).
    Machine(Stop),
    /// The order at control has a function code with a breakpoint on it.
    OrderBreak {
        address: u16,
        half: Half,
        order: Order,
    },
}

impl fmt::Display for Ended {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ended::Machine(s) => write!(f, "{s}"),
            Ended::OrderBreak {
                address,
                half,
                order,
            } => write!(
                f,
                "order breakpoint: {} at {address:04}{}",
                order.to_text(),
                half.letter()
            ),
        }
    }
}

pub struct Monitor {
    pub machine: Machine,
    pub program: Option<Program>,
    /// Address breakpoints as `address * 2 + half`.
    pub breaks: BTreeSet<u32>,
    /// Breakpoints on function codes.
    pub order_breaks: BTreeSet<u8>,
    pub trace: bool,
    punch_file: Option<PathBuf>,
    /// Control is on a breakpoint the last run stopped at: the next run obeys it first.
    at_break: bool,
}

fn pc(address: u16, half: Half) -> u32 {
    (address as u32 & 0x3FF) << 1 | (half == Half::Right) as u32
}

/// The order at (address, half) of the store.
pub fn order_at(m: &Machine, address: u16, half: Half) -> Order {
    let w = m.word(address);
    match half {
        Half::Left => left(w),
        Half::Right => right(w),
    }
}

pub const HELP: &str = "\
commands (a word may be shortened as shown):
  e[xamine] WHAT [N]     WHAT: address (decimal or symbol[+n]), A, Q, C, regs
  d[eposit] WHAT VALUE   VALUE: 10 sexadecimal digits, integer, decimal fraction (0.5),
                         an order pair `L5 100 26 loop`, or one order into ADDR L|R
  b[reak] ADDR[L|R]      breakpoint on an address;  b[reak] order CODE (e.g. 26)
  nb ADDR | nb order CODE | nb all   remove breakpoints;  breaks  list them
  s[tep] [N]             obey N orders (1)
  c[ontinue]             run to a stop or breakpoint
  r[un] N [orders|us|ms] run for N orders (default) or N emulated micro/milliseconds
  attach reader FILE     put a tape (.pt) on the reader after what is there
  attach punch FILE      write the punched output to FILE at detach or quit
  type TEXT              put TEXT on the reader in teleprinter code
  detach reader|punch    tear the unread tape out / write and close the punch file
  reset                  clear the machine and load the program again
  boot                   console start (read a word from the reader to 0, go to 0)
  save FILE | restore FILE   machine snapshot
  trace on|off           print one line per order obeyed
  punch                  what the teleprinter printed;  symbols;  help;  quit";

impl Monitor {
    /// A machine with `program` loaded (assembled programs are run to their start).
    pub fn new(program: Option<Program>) -> Result<Monitor, MonitorError> {
        let mut mon = Monitor {
            machine: Machine::new(),
            program,
            breaks: BTreeSet::new(),
            order_breaks: BTreeSet::new(),
            trace: false,
            punch_file: None,
            at_break: false,
        };
        mon.reset()?;
        Ok(mon)
    }

    /// Clear the machine and load the program through the console start.
    pub fn reset(&mut self) -> Result<String, MonitorError> {
        self.machine = Machine::new();
        self.at_break = false;
        let Some(p) = &self.program else {
            return Ok("machine cleared".into());
        };
        self.machine.reader_mut().push(&p.frames);
        self.machine.console_start();
        let Some(start) = p.start else {
            return Ok(format!(
                "{}: {} frames on the reader; console start pending (continue to load)",
                p.name,
                p.frames.len()
            ));
        };
        let stop = self.machine.run(Limits {
            max_orders: Some(LOAD_ORDER_LIMIT),
            breakpoint: Some((start, Half::Left)),
            ..Limits::none()
        });
        match stop {
            Stop::Breakpoint { .. } => {
                self.machine.set_trace(self.trace);
                Ok(format!(
                    "{}: loaded in {} orders, {}; at its start {start:04}L",
                    p.name,
                    self.machine.orders(),
                    us(self.machine.clock_ns())
                ))
            }
            other => err(format!(
                "{}: the program did not load: {other} (control never reached its start {start:04}L)",
                p.name
            )),
        }
    }

    fn symbols(&self) -> Option<&BTreeMap<String, Symbol>> {
        self.program.as_ref().map(|p| &p.symbols)
    }

    /// An address: decimal, a symbol, `symbol+n` / `symbol-n`, with an optional L or R.
    pub fn address(&self, text: &str) -> Result<(u16, Option<Half>), MonitorError> {
        if let Some(r) = self.plain_address(text) {
            return r;
        }
        let (body, half) = match text.chars().last() {
            Some('L' | 'l') => (&text[..text.len() - 1], Some(Half::Left)),
            Some('R' | 'r') => (&text[..text.len() - 1], Some(Half::Right)),
            _ => (text, None),
        };
        if half.is_some() && !body.is_empty() {
            if let Some(r) = self.plain_address(body) {
                let (a, _) = r?;
                return Ok((a, half));
            }
        }
        err(format!(
            "`{text}` is not an address (a number 0..1023 or a symbol of the program)"
        ))
    }

    fn plain_address(&self, text: &str) -> Option<Result<(u16, Option<Half>), MonitorError>> {
        let check = |n: i64| -> Result<u16, MonitorError> {
            if (0..1024).contains(&n) {
                Ok(n as u16)
            } else {
                err(format!("address {n} is outside the store (0..1023)"))
            }
        };
        if let Ok(n) = text.parse::<i64>() {
            return Some(check(n).map(|a| (a, None)));
        }
        let split = text.find(['+', '-']);
        let (name, offset) = match split {
            Some(i) if i > 0 => {
                let off = text[i + 1..].parse::<i64>().ok()?;
                (&text[..i], if &text[i..=i] == "-" { -off } else { off })
            }
            _ => (text, 0),
        };
        let sym = self.symbols()?.get(name)?;
        let half = if offset == 0 { sym.half } else { None };
        let base = if sym.kind == assembler::sil::SymbolKind::Equ {
            sym.value
        } else {
            sym.address as i64
        };
        Some(check(base + offset).map(|a| (a, half)))
    }

    /// One order written as `CODE ADDRESS`.
    fn order(&self, code: &str, addr: &str) -> Result<Order, MonitorError> {
        let f = parse_function(code)
            .ok_or_else(|| MonitorError(format!("`{code}` is not a function code")))?;
        let (a, _) = self.address(addr)?;
        Ok(Order::new(f, a))
    }

    /// A word written as one value.
    fn value(&self, text: &str) -> Result<u64, MonitorError> {
        if text.chars().count() == 10 && sex_word(text).is_ok() {
            return sex_word(text).map_err(|e| MonitorError(e.to_string()));
        }
        if text.contains('.') {
            return decimal_word(text).map_err(|e| MonitorError(e.to_string()));
        }
        if let Ok(n) = text.parse::<i64>() {
            return integer_word(n).map_err(|e| MonitorError(e.to_string()));
        }
        err(format!(
            "`{text}` is not a value (10 sexadecimal digits, an integer, a decimal fraction, or an order pair)"
        ))
    }

    /// One line of examine for a store word.
    pub fn describe_word(&self, addr: u16) -> String {
        let w = self.machine.word(addr);
        let labels: Vec<&str> = self
            .symbols()
            .map(|s| {
                s.iter()
                    .filter(|(_, s)| s.kind != assembler::sil::SymbolKind::Equ && s.address == addr)
                    .map(|(n, _)| n.as_str())
                    .collect()
            })
            .unwrap_or_default();
        format!(
            "{addr:04}  {}  {:<7} {:<7} {:>15.12}  {}",
            word_to_sex(w),
            left(w).to_text(),
            right(w).to_text(),
            word_fraction(w),
            labels.join(" ")
        )
        .trim_end()
        .to_string()
    }

    /// The registers line.
    pub fn registers(&self) -> String {
        let m = &self.machine;
        let (a, h) = m.control();
        format!(
            "A={} Q={} C={a:04}{} next {}  clock {}  orders {}  reader {}/{}  punch {}",
            word_to_sex(m.a()),
            word_to_sex(m.q()),
            h.letter(),
            order_at(m, a, h).to_text(),
            us(m.clock_ns()),
            m.orders(),
            m.reader().position(),
            m.reader().position() + m.reader().available(),
            m.punch().frames().len()
        )
    }

    /// Run under the monitor's breakpoints for at most `max_orders` orders / `max_ns` ns.
    pub fn go(&mut self, max_orders: Option<u64>, max_ns: Option<u64>) -> Ended {
        self.machine.set_trace(self.trace);
        let ended = self.go_inner(max_orders, max_ns);
        self.at_break = matches!(
            ended,
            Ended::OrderBreak { .. } | Ended::Machine(Stop::Breakpoint { .. })
        );
        ended
    }

    fn go_inner(&mut self, max_orders: Option<u64>, max_ns: Option<u64>) -> Ended {
        let m = &mut self.machine;
        let (a, h) = m.control();
        if !self.at_break && self.breaks.contains(&pc(a, h)) {
            return Ended::Machine(Stop::Breakpoint {
                address: a,
                half: h,
            });
        }
        if self.order_breaks.is_empty() && self.breaks.len() <= 1 {
            let breakpoint = self.breaks.first().map(|&p| {
                (
                    (p >> 1) as u16,
                    if p & 1 == 0 { Half::Left } else { Half::Right },
                )
            });
            return Ended::Machine(m.run(Limits {
                max_orders,
                max_ns,
                breakpoint,
            }));
        }
        // Several breakpoints, or breakpoints on orders: one order at a time.
        let order_end = max_orders.map_or(u64::MAX, |n| m.orders().saturating_add(n));
        let ns_end = max_ns.map_or(u64::MAX, |n| m.clock_ns().saturating_add(n));
        let mut first = true;
        loop {
            if m.orders() >= order_end {
                return Ended::Machine(Stop::OrderBudget);
            }
            if m.clock_ns() >= ns_end {
                return Ended::Machine(Stop::TimeBudget);
            }
            if !first {
                let (address, half) = m.control();
                if self.breaks.contains(&pc(address, half)) {
                    return Ended::Machine(Stop::Breakpoint { address, half });
                }
                let order = order_at(m, address, half);
                if self.order_breaks.contains(&order.function) {
                    return Ended::OrderBreak {
                        address,
                        half,
                        order,
                    };
                }
            } else if !self.at_break {
                let (address, half) = m.control();
                let order = order_at(m, address, half);
                if self.order_breaks.contains(&order.function) {
                    return Ended::OrderBreak {
                        address,
                        half,
                        order,
                    };
                }
            }
            first = false;
            if let Some(stop) = m.step() {
                return Ended::Machine(stop);
            }
        }
    }

    /// Report of a run: the trace (when on), why it ended and the registers.
    fn report(&mut self, ended: Ended) -> String {
        let mut out = self.machine.take_trace();
        out.push_str(&format!("{ended}\n{}", self.registers()));
        out
    }

    /// Carry out one command line; the text to show.
    pub fn execute(&mut self, line: &str) -> Result<String, MonitorError> {
        let line = line.trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            return Ok(String::new());
        };
        if cmd.starts_with('#') || cmd.starts_with(';') {
            return Ok(String::new());
        }
        match (cmd.to_ascii_lowercase().as_str(), args) {
            ("help" | "h" | "?", _) => Ok(HELP.into()),
            ("e" | "ex" | "examine", [what, rest @ ..]) => self.examine(what, rest),
            ("d" | "dep" | "deposit", [what, value @ ..]) if !value.is_empty() => {
                self.deposit(what, value)
            }
            ("b" | "break", ["order", code]) => {
                let f = parse_function(code)
                    .ok_or_else(|| MonitorError(format!("`{code}` is not a function code")))?;
                self.order_breaks.insert(f);
                Ok(format!("breakpoint on order {}", code.to_ascii_uppercase()))
            }
            ("b" | "break", [addr]) => {
                let (a, h) = self.address(addr)?;
                let h = h.unwrap_or(Half::Left);
                self.breaks.insert(pc(a, h));
                Ok(format!("breakpoint at {a:04}{}", h.letter()))
            }
            ("nb" | "nobreak", ["all"]) => {
                self.breaks.clear();
                self.order_breaks.clear();
                Ok("no breakpoints".into())
            }
            ("nb" | "nobreak", ["order", code]) => {
                let f = parse_function(code)
                    .ok_or_else(|| MonitorError(format!("`{code}` is not a function code")))?;
                if !self.order_breaks.remove(&f) {
                    return err(format!("no breakpoint on order {code}"));
                }
                Ok(format!("breakpoint on order {code} removed"))
            }
            ("nb" | "nobreak", [addr]) => {
                let (a, h) = self.address(addr)?;
                let h = h.unwrap_or(Half::Left);
                if !self.breaks.remove(&pc(a, h)) {
                    return err(format!("no breakpoint at {a:04}{}", h.letter()));
                }
                Ok(format!("breakpoint at {a:04}{} removed", h.letter()))
            }
            ("breaks", []) => Ok(self.list_breaks()),
            ("s" | "step", n) => {
                let n = match n {
                    [] => 1,
                    [n] => count(n)?,
                    _ => return err("step takes one count"),
                };
                let mut ended = None;
                for _ in 0..n {
                    self.machine.set_trace(self.trace);
                    let stop = self.machine.step();
                    self.at_break = false;
                    if let Some(s) = stop {
                        ended = Some(Ended::Machine(s));
                        break;
                    }
                }
                let mut out = self.machine.take_trace();
                if let Some(e) = ended {
                    out.push_str(&format!("{e}\n"));
                }
                out.push_str(&self.registers());
                Ok(out)
            }
            ("c" | "cont" | "continue", []) => {
                let e = self.go(None, None);
                Ok(self.report(e))
            }
            ("r" | "run", [n, unit @ ..]) => {
                let n = count(n)?;
                let e = match unit {
                    [] | ["orders"] => self.go(Some(n), None),
                    ["us"] => self.go(None, Some(n.saturating_mul(1000))),
                    ["ms"] => self.go(None, Some(n.saturating_mul(1_000_000))),
                    _ => return err("run N [orders|us|ms]"),
                };
                Ok(self.report(e))
            }
            ("attach", ["reader", file]) => {
                let frames =
                    read_tape_file(Path::new(file)).map_err(|e| MonitorError(e.to_string()))?;
                self.machine.reader_mut().push(&frames);
                Ok(format!("{file}: {} frames on the reader", frames.len()))
            }
            ("attach", ["punch", file]) => {
                self.punch_file = Some(PathBuf::from(file));
                Ok(format!("punch output goes to {file} at detach"))
            }
            ("detach", ["reader"]) => {
                let n = self.machine.reader_mut().unload().len();
                Ok(format!("{n} unread frames taken off the reader"))
            }
            ("detach", ["punch"]) => self.detach_punch(),
            ("type", _) => {
                let text = line[cmd.len()..].trim_start();
                let frames =
                    encode_text(text).map_err(|c| MonitorError(format!("cannot type {c}")))?;
                self.machine.reader_mut().push(&frames);
                Ok(format!("{} frames on the reader", frames.len()))
            }
            ("reset", []) => self.reset(),
            ("boot", []) => {
                self.machine.console_start();
                self.at_break = false;
                Ok("console start: the next run reads a word to 0 and goes to 0".into())
            }
            ("save", [file]) => {
                snapshot::save(&self.machine, Path::new(file))
                    .map_err(|e| MonitorError(e.to_string()))?;
                Ok(format!("snapshot saved to {file}"))
            }
            ("restore", [file]) => {
                self.machine =
                    snapshot::load(Path::new(file)).map_err(|e| MonitorError(e.to_string()))?;
                self.at_break = false;
                Ok(format!("restored {file}\n{}", self.registers()))
            }
            ("trace", ["on"]) => {
                self.trace = true;
                Ok("trace on".into())
            }
            ("trace", ["off"]) => {
                self.trace = false;
                self.machine.set_trace(false);
                Ok("trace off".into())
            }
            ("punch", []) => Ok(self.machine.punch().text()),
            ("symbols", []) => Ok(self.list_symbols()),
            ("regs" | "registers", []) => Ok(self.registers()),
            _ => err(format!(
                "`{line}`: unknown command or wrong arguments (try help)"
            )),
        }
    }

    /// Write the punched output to the attached file, if any.
    pub fn detach_punch(&mut self) -> Result<String, MonitorError> {
        let Some(file) = self.punch_file.take() else {
            return err("no punch file attached");
        };
        std::fs::write(&file, format_pt(self.machine.punch().frames()))
            .map_err(|e| MonitorError(format!("{}: {e}", file.display())))?;
        Ok(format!(
            "{}: {} frames written",
            file.display(),
            self.machine.punch().frames().len()
        ))
    }

    /// At the end of a session: the punch file, if attached.
    pub fn finish(&mut self) -> Result<(), MonitorError> {
        if self.punch_file.is_some() {
            self.detach_punch()?;
        }
        Ok(())
    }

    fn examine(&self, what: &str, rest: &[&str]) -> Result<String, MonitorError> {
        let m = &self.machine;
        match what.to_ascii_uppercase().as_str() {
            "A" if self.plain_address(what).is_none() => {
                return Ok(format!(
                    "A={} {:.12}",
                    word_to_sex(m.a()),
                    word_fraction(m.a())
                ))
            }
            "Q" if self.plain_address(what).is_none() => {
                return Ok(format!(
                    "Q={} {:.12}",
                    word_to_sex(m.q()),
                    word_fraction(m.q())
                ))
            }
            "C" if self.plain_address(what).is_none() => {
                let (a, h) = m.control();
                return Ok(format!(
                    "C={a:04}{} {}",
                    h.letter(),
                    order_at(m, a, h).to_text()
                ));
            }
            "REGS" => return Ok(self.registers()),
            _ => {}
        }
        let (a, _) = self.address(what)?;
        let n = match rest {
            [] => 1,
            [n] => count(n)?,
            _ => return err("examine ADDRESS [COUNT]"),
        };
        let lines: Vec<String> = (0..n.min(1024))
            .map(|i| self.describe_word(((a as u64 + i) % 1024) as u16))
            .collect();
        Ok(lines.join("\n"))
    }

    fn deposit(&mut self, what: &str, value: &[&str]) -> Result<String, MonitorError> {
        let reg = self.plain_address(what).is_none();
        match (what.to_ascii_uppercase().as_str(), value) {
            ("A", [v]) if reg => {
                let w = self.value(v)?;
                self.machine.set_a(w);
                return Ok(format!("A={}", word_to_sex(w)));
            }
            ("Q", [v]) if reg => {
                let w = self.value(v)?;
                self.machine.set_q(w);
                return Ok(format!("Q={}", word_to_sex(w)));
            }
            ("C", [v]) if reg => {
                let (a, h) = self.address(v)?;
                let h = h.unwrap_or(Half::Left);
                self.machine.set_control(a, h);
                self.at_break = false;
                return Ok(format!("C={a:04}{}", h.letter()));
            }
            _ => {}
        }
        let (a, mut half) = self.address(what)?;
        let mut value = value;
        if let [hl @ ("L" | "R" | "l" | "r"), rest @ ..] = value {
            if rest.len() == 2 {
                half = Some(if hl.eq_ignore_ascii_case("L") {
                    Half::Left
                } else {
                    Half::Right
                });
                value = rest;
            }
        }
        let old = self.machine.word(a);
        let w = match (value, half) {
            ([v], None) => self.value(v)?,
            ([code, addr], Some(h)) => {
                let o = self.order(code, addr)?;
                match h {
                    Half::Left => pair(o, right(old)),
                    Half::Right => pair(left(old), o),
                }
            }
            ([c1, a1, c2, a2], None) | ([c1, a1, "|", c2, a2], None) => {
                pair(self.order(c1, a1)?, self.order(c2, a2)?)
            }
            _ => {
                return err(
                    "deposit ADDRESS VALUE | deposit ADDRESS CODE ADDR CODE ADDR | deposit ADDRESS L|R CODE ADDR",
                )
            }
        };
        self.machine.set_word(a, w);
        Ok(self.describe_word(a))
    }

    fn list_breaks(&self) -> String {
        let mut out: Vec<String> = self
            .breaks
            .iter()
            .map(|&p| format!("break {:04}{}", p >> 1, if p & 1 == 0 { 'L' } else { 'R' }))
            .collect();
        out.extend(
            self.order_breaks
                .iter()
                .map(|&f| format!("break order {}", emu::silliac::orders::function_name(f))),
        );
        if out.is_empty() {
            "no breakpoints".into()
        } else {
            out.join("\n")
        }
    }

    fn list_symbols(&self) -> String {
        let Some(s) = self.symbols() else {
            return "no symbols (not an assembled program)".into();
        };
        s.iter()
            .map(|(n, s)| match (s.kind, s.half) {
                (assembler::sil::SymbolKind::Equ, _) => format!("{n:<12} = {}", s.value),
                (_, Some(h)) => format!("{n:<12} {:04}{}", s.address, h.letter()),
                (_, None) => format!("{n:<12} {:04}", s.address),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn count(text: &str) -> Result<u64, MonitorError> {
    text.replace('_', "")
        .parse::<u64>()
        .map_err(|_| MonitorError(format!("`{text}` is not a count")))
}

/// Emulated ns as microseconds with three decimals.
pub fn us(ns: u64) -> String {
    format!("{}.{:03} us", ns / 1000, ns % 1000)
}

/// What a script or a prompt drives: one machine's monitor.
pub trait Console {
    /// The prompt, also echoed before each command of a script.
    fn prompt(&self) -> &'static str {
        "sil> "
    }
    fn execute(&mut self, line: &str) -> Result<String, MonitorError>;
    fn registers(&self) -> String;
    /// At the end of a session: write attached output files.
    fn finish(&mut self) -> Result<(), MonitorError>;
    /// Run at most `n` orders under the breakpoints: the trace gathered, and the report if the
    /// machine stopped for any reason but the budget.
    fn run_slice(&mut self, n: u64) -> (String, Option<String>);
    /// The TUI's side pane, `width` columns.
    fn side_pane(&self, width: usize) -> Vec<String>;
}

impl Console for Monitor {
    fn execute(&mut self, line: &str) -> Result<String, MonitorError> {
        Monitor::execute(self, line)
    }
    fn registers(&self) -> String {
        Monitor::registers(self)
    }
    fn finish(&mut self) -> Result<(), MonitorError> {
        Monitor::finish(self)
    }
    fn run_slice(&mut self, n: u64) -> (String, Option<String>) {
        let ended = self.go(Some(n), None);
        let trace = self.machine.take_trace();
        if ended == Ended::Machine(Stop::OrderBudget) {
            return (trace, None);
        }
        (trace, Some(format!("{ended}\n{}", self.registers())))
    }
    fn side_pane(&self, width: usize) -> Vec<String> {
        let m = &self.machine;
        let mut out = vec!["store: 1,024 words (64 a line)".to_string()];
        out.extend(
            super::term::store_raster(m.store().words())
                .iter()
                .map(|l| format!("|{l}|")),
        );
        out.push(String::new());
        out.push(format!(
            "reader: {} read, {} waiting",
            m.reader().position(),
            m.reader().available()
        ));
        let text: Vec<char> = m
            .punch()
            .text()
            .replace(['\r', '\n'], "/")
            .chars()
            .collect();
        let tail: String = text[text.len().saturating_sub(width.saturating_sub(8))..]
            .iter()
            .collect();
        out.push(format!("punch: {tail}"));
        out.push(format!(
            "breakpoints: {}  trace: {}",
            self.breaks.len() + self.order_breaks.len(),
            if self.trace { "on" } else { "off" }
        ));
        out
    }
}

/// Run a script: every line echoed after the prompt, then its output. The first error stops the
/// script with `FILE:LINE: message`.
pub fn run_script(mon: &mut dyn Console, text: &str, file: &str) -> Result<String, MonitorError> {
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
            continue;
        }
        if matches!(t, "quit" | "exit" | "q") {
            break;
        }
        out.push_str(&format!("{}{t}\n", mon.prompt()));
        match mon.execute(t) {
            Ok(s) if s.is_empty() => {}
            Ok(s) => {
                out.push_str(&s);
                out.push('\n');
            }
            Err(e) => return Err(MonitorError(format!("{out}{file}:{}: {e}", i + 1))),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUM: &str = "../assembler/testdata/sum.sil";

    fn mon() -> Monitor {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assembler/testdata/sum.sil");
        let _ = SUM;
        Monitor::new(Some(Program::load(&path).unwrap())).unwrap()
    }

    #[test]
    fn loads_to_start_and_examines_symbolically() {
        let mut m = mon();
        assert!(
            m.registers().contains("C=0100L next L5 "),
            "{}",
            m.registers()
        );
        let k = m.execute("e k").unwrap();
        assert!(k.contains("k") && k.contains("000000000K"), "{k}");
        assert_eq!(m.execute("e loop+1").unwrap().lines().count(), 1);
        assert!(m
            .execute("e nosuch")
            .unwrap_err()
            .0
            .contains("not an address"));
    }

    #[test]
    fn breakpoints_on_address_and_order_then_run_to_stop() {
        let mut m = mon();
        m.execute("b halt").unwrap();
        let out = m.execute("c").unwrap();
        assert!(out.contains("breakpoint"), "{out}");
        assert!(out.contains("C=0107R") || out.contains("next 20"), "{out}");
        m.execute("nb halt").unwrap();
        m.execute("b order 82").unwrap();
        m.execute("reset").unwrap();
        let out = m.execute("c").unwrap();
        assert!(out.starts_with("order breakpoint: 82 8"), "{out}");
        let out = m.execute("c").unwrap();
        assert!(out.contains("stop order"), "{out}");
        assert_eq!(m.machine.punch().text(), "375");
    }

    #[test]
    fn deposit_changes_the_result() {
        let mut m = mon();
        m.execute("d k 3").unwrap();
        m.execute("c").unwrap();
        assert_eq!(m.machine.punch().text(), "065"); // 1+2+3 = 6 = #06
        m.execute("reset").unwrap();
        m.execute("d k 0000000004").unwrap();
        m.execute("d A 0.5").unwrap();
        assert!(m.execute("e A").unwrap().starts_with("A=4000000000"));
        m.execute("c").unwrap();
        assert_eq!(m.machine.punch().text(), "0+5");
        // One order into a half, symbolically.
        let out = m.execute("d halt L 24 halt").unwrap();
        assert!(out.contains("24 "), "{out}");
        assert!(m.execute("d k zz").is_err());
    }

    #[test]
    fn run_for_orders_and_time_and_step() {
        let mut m = mon();
        let out = m.execute("run 5").unwrap();
        assert!(
            out.starts_with("order budget") || out.contains("orders"),
            "{out}"
        );
        let orders = m.machine.orders();
        m.execute("step 3").unwrap();
        assert_eq!(m.machine.orders(), orders + 3);
        let t = m.machine.clock_ns();
        m.execute("run 1000 us").unwrap();
        assert!(m.machine.clock_ns() >= t + 1_000_000);
        m.execute("trace on").unwrap();
        let out = m.execute("s").unwrap();
        assert!(out.lines().count() == 2, "{out}");
    }

    #[test]
    fn script_errors_name_the_line() {
        let mut m = mon();
        let e = run_script(&mut m, "e k\n\nfrobnicate\n", "t.cmd").unwrap_err();
        assert!(
            e.0.ends_with("t.cmd:3: `frobnicate`: unknown command or wrong arguments (try help)"),
            "{e}"
        );
    }
}
