//! The operator's console of SILLIAC and the IBM 7090: the monitor core, in the tradition of
//! SIMH's, one command a line, usable from a script, a prompt or a terminal view. The command
//! words, breakpoints, step/go/run with limits, examine and deposit (ranges, registers),
//! symbols, snapshots and help are here once; a `Backend` gives one machine's registers,
//! words, orders and devices (`silliac.rs`, `ibm7090.rs`). The command line's `console` and its
//! terminal view drive it; the workspace fuzzer drives it too.

use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Orders (instructions) a run obeys between looks at the interrupt flag: some milliseconds of
/// host time on either machine, so Ctrl-C answers at once and the looks cost nothing.
const INTERRUPT_SLICE: u64 = 1 << 22;

pub mod ibm7090;
pub mod silliac;

/// A command the monitor could not carry out, with the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MonitorError(pub String);

pub fn err<T>(message: impl Into<String>) -> Result<T, MonitorError> {
    Err(MonitorError(message.into()))
}

/// How far a run may go: orders (instructions) obeyed, and time in the backend's clock units
/// (SILLIAC: ns; 7090: cycles).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    pub orders: Option<u64>,
    pub time: Option<u64>,
}

/// What one unit of `run N UNIT` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Orders (instructions) obeyed.
    Orders,
    /// The machine's clock units.
    Clock,
    /// This many ns of emulated time.
    Ns(u64),
}

/// Why a monitor run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended<L> {
    OrderBudget,
    TimeBudget,
    /// Control reached an address breakpoint; the order there is not obeyed.
    Break(L),
    /// The order at control has an order breakpoint on it; not obeyed.
    OrderBreak(L),
    /// The machine stopped by itself (its own words).
    Stop(String),
    /// The operator interrupted the run (Ctrl-C, `Monitor::interrupt`); control is where the
    /// next order would be obeyed, the registers as they are.
    Interrupted,
}

/// What the monitor asks of every machine alike: its trace and its snapshot file.
pub trait Machine: Sized {
    fn set_trace(&mut self, on: bool);
    fn take_trace(&mut self) -> String;
    fn save(&self, file: &Path) -> Result<(), MonitorError>;
    fn load(file: &Path) -> Result<Self, MonitorError>;
}

/// `Machine` for a machine of `emu` with its snapshot module.
macro_rules! machine {
    ($machine:ty, $snapshot:path) => {
        impl Machine for $machine {
            fn set_trace(&mut self, on: bool) {
                <$machine>::set_trace(self, on);
            }
            fn take_trace(&mut self) -> String {
                <$machine>::take_trace(self)
            }
            fn save(&self, file: &Path) -> Result<(), MonitorError> {
                use $snapshot as snapshot;
                snapshot::save(self, file).map_err(|e| MonitorError(e.to_string()))
            }
            fn load(file: &Path) -> Result<Self, MonitorError> {
                use $snapshot as snapshot;
                snapshot::load(file).map_err(|e| MonitorError(e.to_string()))
            }
        }
    };
}
machine!(emu::silliac::Machine, emu::silliac::snapshot);
machine!(emu::ibm7090::Machine, emu::ibm7090::snapshot);

/// One machine as the monitor drives it.
pub trait Backend {
    /// The machine itself.
    type Machine: Machine;
    /// Where control can stand, and an address breakpoint can be.
    type Loc: Copy + Ord + fmt::Debug;
    /// What an order breakpoint matches (a function code, a mnemonic).
    type Key: Copy + Ord + fmt::Debug;
    /// Words in the store (examine ranges wrap round it).
    const WORDS: u32;
    /// The units `run N UNIT` takes, the first when none is given.
    const RUN_UNITS: &'static [(&'static str, Unit)];

    /// Emulated ns in one unit of the clock `counters` gives.
    fn ns_per_clock(&self) -> u64;
    /// The prompt, also echoed before each command of a script.
    fn prompt(&self) -> &'static str;
    /// The machine's own lines of help: notation, registers, run units, devices.
    fn help(&self) -> &'static str;

    /// Clear the machine and load the program again.
    fn reset(&mut self) -> Result<String, MonitorError>;
    /// The registers line.
    fn registers(&self) -> String;
    /// A register by name (upper case, `PC` among them): its examine line, `None` if the
    /// machine has no such register.
    fn register(&self, name: &str) -> Option<String>;
    /// Deposit into a register by name: `None` if the machine has no such register.
    fn set_register(&mut self, name: &str, value: &[&str]) -> Option<Result<String, MonitorError>>;
    /// True if `text` is a symbol of the program (it wins over a register of that name).
    fn is_symbol(&self, text: &str) -> bool;

    /// A word address (a number in the machine's radix or a symbol).
    fn address(&self, text: &str) -> Result<u32, MonitorError>;
    /// The examine line of a word.
    fn describe(&self, address: u32) -> String;
    /// Deposit a value at the address written `address`; the examine line after.
    fn deposit(&mut self, address: &str, value: &[&str]) -> Result<String, MonitorError>;

    /// A breakpoint's place written `text`.
    fn location(&self, text: &str) -> Result<Self::Loc, MonitorError>;
    fn location_text(&self, loc: Self::Loc) -> String;
    /// Where control is.
    fn control(&self) -> Self::Loc;
    /// An order breakpoint's key written `text`.
    fn key(&self, text: &str) -> Result<Self::Key, MonitorError>;
    fn key_text(&self, key: Self::Key) -> String;
    /// The key of the order at `loc` (none for a word that is no order) and its text.
    fn order_at(&self, loc: Self::Loc) -> (Option<Self::Key>, String);

    /// Orders obeyed and the clock, in the units of `Budget`.
    fn counters(&self) -> (u64, u64);
    /// What the machine says when a budget is used up (`time`: the clock's).
    fn budget_text(&self, time: bool) -> String;
    /// Obey one order: the machine's stop, if it stopped.
    fn step(&mut self) -> Option<String>;
    /// Run at full speed under `budget` and at most one breakpoint, if the machine can (a
    /// run that starts on the breakpoint obeys it first); `None`: it cannot, step instead.
    fn run(&mut self, budget: Budget, breakpoint: Option<Self::Loc>) -> Option<Ended<Self::Loc>>;
    /// The machine, for its trace and snapshots.
    fn machine(&mut self) -> &mut Self::Machine;
    /// The program's symbols, one a line.
    fn symbols(&self) -> String;
    /// The machine's own commands (its devices): `None` if `cmd` with `args` is not one.
    fn command(
        &mut self,
        cmd: &str,
        args: &[&str],
        line: &str,
    ) -> Option<Result<String, MonitorError>>;
    /// The devices, a line each (`show devices`).
    fn devices(&self, width: usize) -> Vec<String>;
    /// The TUI's side pane, `width` columns, with the monitor's `status` line in it.
    fn side_pane(&self, width: usize, status: String) -> Vec<String>;
    /// At the end of a session: write attached output files.
    fn finish(&mut self) -> Result<(), MonitorError>;
}

pub const HELP: &str = "\
commands (SIMH's words and firstmoves'; a word may be shortened as shown):
  e[x[amine]] WHAT [N]   WHAT: an address (N words from it), FIRST-LAST (a range), a register
                         (ex pc, ex regs)
  d[ep[osit]] WHAT VALUE a value into an address or a register (dep pc ADDR moves control)
  b[reak]|br ADDR        breakpoint on an address;  b[reak] order CODE: on an order
  nb|nobr ADDR | nb order CODE | nb all | nobr   remove breakpoints;  breaks  list them
  s[tep] [N]             obey N orders (1)
  c[ont[inue]] | g[o] [ADDR]   run to a stop or breakpoint (go ADDR: from ADDR)
  r[un] N [UNIT]         run for N orders, or N units of emulated time
  sh[ow] [cpu|break|symbols|devices]   registers, breakpoints, symbols, devices
  reset  save FILE  restore FILE  trace on|off  symbols  regs  help  quit";

/// A machine's monitor: the backend and the breakpoints.
pub struct Monitor<B: Backend> {
    pub backend: B,
    pub breaks: BTreeSet<B::Loc>,
    pub order_breaks: BTreeSet<B::Key>,
    pub trace: bool,
    /// Control stands on the breakpoint the last run stopped at: the next run obeys it first.
    at_break: Option<B::Loc>,
    /// Set (by a SIGINT handler) to interrupt a run or a step between orders; taken (cleared)
    /// by the run it ends.
    pub interrupt: Arc<AtomicBool>,
}

/// A count, `_` allowed between digits.
pub fn count(text: &str) -> Result<u64, MonitorError> {
    text.replace('_', "")
        .parse::<u64>()
        .map_err(|_| MonitorError(format!("`{text}` is not a count")))
}

impl<B: Backend> Monitor<B> {
    /// The monitor of `backend`, its program loaded.
    pub fn new(backend: B) -> Result<Monitor<B>, MonitorError> {
        let mut mon = Monitor {
            backend,
            breaks: BTreeSet::new(),
            order_breaks: BTreeSet::new(),
            trace: false,
            at_break: None,
            interrupt: Arc::new(AtomicBool::new(false)),
        };
        mon.backend.reset()?;
        Ok(mon)
    }

    /// Run under the monitor's breakpoints within `budget`.
    pub fn go(&mut self, budget: Budget) -> Ended<B::Loc> {
        self.backend.machine().set_trace(self.trace);
        let ended = self.go_inner(budget);
        self.at_break = match ended {
            Ended::Break(l) | Ended::OrderBreak(l) => Some(l),
            _ => None,
        };
        ended
    }

    /// Whether the operator asked to interrupt (the request is taken).
    fn interrupted(&self) -> bool {
        self.interrupt.load(Ordering::Relaxed) && self.interrupt.swap(false, Ordering::Relaxed)
    }

    /// The backend's run at full speed, in slices with a look at the interrupt flag between
    /// them; `None` if the backend cannot run to the breakpoint (step instead). A slice that
    /// ends on the breakpoint stops there, as one run would have.
    fn run_sliced(&mut self, budget: Budget, breakpoint: Option<B::Loc>) -> Option<Ended<B::Loc>> {
        let (orders, clock) = self.backend.counters();
        let order_end = budget.orders.map_or(u64::MAX, |n| orders.saturating_add(n));
        let clock_end = budget.time.map(|n| clock.saturating_add(n));
        let mut first = true;
        loop {
            if self.interrupted() {
                return Some(Ended::Interrupted);
            }
            let (orders, clock) = self.backend.counters();
            if !first && breakpoint == Some(self.backend.control()) {
                return Some(Ended::Break(self.backend.control()));
            }
            first = false;
            let slice = Budget {
                orders: Some(order_end.saturating_sub(orders).min(INTERRUPT_SLICE)),
                time: clock_end.map(|e| e.saturating_sub(clock)),
            };
            match self.backend.run(slice, breakpoint)? {
                Ended::OrderBudget if self.backend.counters().0 < order_end => {}
                ended => return Some(ended),
            }
        }
    }

    fn order_break_at(&self, loc: B::Loc) -> bool {
        !self.order_breaks.is_empty()
            && matches!(self.backend.order_at(loc).0, Some(k) if self.order_breaks.contains(&k))
    }

    fn go_inner(&mut self, budget: Budget) -> Ended<B::Loc> {
        let start = self.backend.control();
        // A run that starts on the breakpoint it stopped at obeys that order first.
        let resume = self.at_break == Some(start);
        if !resume {
            if self.breaks.contains(&start) {
                return Ended::Break(start);
            }
            if self.order_break_at(start) {
                return Ended::OrderBreak(start);
            }
        }
        if self.order_breaks.is_empty() && self.breaks.len() <= 1 {
            let only = self.breaks.first().copied();
            if let Some(ended) = self.run_sliced(budget, only) {
                return ended;
            }
        }
        // Several breakpoints, or breakpoints on orders: one order at a time.
        let (orders, clock) = self.backend.counters();
        let order_end = budget.orders.map_or(u64::MAX, |n| orders.saturating_add(n));
        let clock_end = budget.time.map_or(u64::MAX, |n| clock.saturating_add(n));
        let mut first = true;
        loop {
            let (orders, clock) = self.backend.counters();
            if orders >= order_end {
                return Ended::OrderBudget;
            }
            if clock >= clock_end {
                return Ended::TimeBudget;
            }
            if !first {
                let loc = self.backend.control();
                if self.breaks.contains(&loc) {
                    return Ended::Break(loc);
                }
                if self.order_break_at(loc) {
                    return Ended::OrderBreak(loc);
                }
            }
            first = false;
            if self.interrupted() {
                return Ended::Interrupted;
            }
            if let Some(stop) = self.backend.step() {
                return Ended::Stop(stop);
            }
        }
    }

    /// `run N [UNIT]`: the budget, `None` for a unit the machine does not know.
    fn budget(&self, n: u64, unit: Option<&str>) -> Option<Budget> {
        let (_, unit) = match unit {
            None => B::RUN_UNITS.first()?,
            Some(u) => B::RUN_UNITS.iter().find(|(name, _)| *name == u)?,
        };
        let time = match *unit {
            Unit::Orders => {
                return Some(Budget {
                    orders: Some(n),
                    time: None,
                })
            }
            Unit::Clock => n,
            Unit::Ns(k) => n.saturating_mul(k).div_ceil(self.backend.ns_per_clock()),
        };
        Some(Budget {
            orders: None,
            time: Some(time),
        })
    }

    /// Why a run ended, in words.
    pub fn ended_text(&self, ended: &Ended<B::Loc>) -> String {
        let b = &self.backend;
        match ended {
            Ended::OrderBudget => b.budget_text(false),
            Ended::TimeBudget => b.budget_text(true),
            Ended::Break(l) => format!("breakpoint at {}", b.location_text(*l)),
            Ended::OrderBreak(l) => format!(
                "order breakpoint: {} at {}",
                b.order_at(*l).1,
                b.location_text(*l)
            ),
            Ended::Stop(s) => s.clone(),
            Ended::Interrupted => format!(
                "interrupted at {} (Ctrl-C); go continues",
                b.location_text(b.control())
            ),
        }
    }

    /// Report of a run: the trace (when on), why it ended and the registers.
    fn report(&mut self, ended: Ended<B::Loc>) -> String {
        let mut out = self.backend.machine().take_trace();
        out.push_str(&format!(
            "{}\n{}",
            self.ended_text(&ended),
            self.backend.registers()
        ));
        out
    }

    fn step(&mut self, n: u64) -> String {
        self.backend.machine().set_trace(self.trace);
        self.at_break = None;
        let stop = (0..n).find_map(|_| {
            if self.interrupted() {
                return Some(self.ended_text(&Ended::Interrupted));
            }
            self.backend.step()
        });
        let mut out = self.backend.machine().take_trace();
        if let Some(s) = stop {
            out.push_str(&format!("{s}\n"));
        }
        out.push_str(&self.backend.registers());
        out
    }

    /// FIRST-LAST or one address: the first address and the number of words.
    fn range(&self, text: &str) -> Result<(u32, Option<u64>), MonitorError> {
        let one = self.backend.address(text);
        if one.is_ok() {
            return one.map(|a| (a, None));
        }
        for (i, _) in text.match_indices('-').filter(|&(i, _)| i > 0) {
            let (Ok(a), Ok(b)) = (
                self.backend.address(&text[..i]),
                self.backend.address(&text[i + 1..]),
            ) else {
                continue;
            };
            if b < a {
                return err(format!("range {text}: it ends before it starts"));
            }
            return Ok((a, Some((b - a) as u64 + 1)));
        }
        one.map(|a| (a, None))
    }

    /// A register's name, unless a symbol of the program has it.
    fn register_name(&self, text: &str) -> Option<String> {
        (!self.backend.is_symbol(text)).then(|| text.to_ascii_uppercase())
    }

    fn examine(&self, what: &str, rest: &[&str]) -> Result<String, MonitorError> {
        if let Some(name) = self.register_name(what) {
            if matches!(name.as_str(), "REGS" | "STATE") {
                return Ok(self.backend.registers());
            }
            if let Some(text) = self.backend.register(&name) {
                return Ok(text);
            }
        }
        let (first, n) = match (self.range(what)?, rest) {
            ((a, None), []) => (a, 1),
            ((a, None), [n]) => (a, count(n)?),
            ((a, Some(n)), []) => (a, n),
            _ => return err("examine ADDRESS [COUNT] | examine FIRST-LAST"),
        };
        let lines: Vec<String> = (0..n.min(B::WORDS.min(4096) as u64))
            .map(|i| {
                self.backend
                    .describe(((first as u64 + i) % B::WORDS as u64) as u32)
            })
            .collect();
        Ok(lines.join("\n"))
    }

    fn deposit(&mut self, what: &str, value: &[&str]) -> Result<String, MonitorError> {
        if let Some(name) = self.register_name(what) {
            if let Some(r) = self.backend.set_register(&name, value) {
                return r;
            }
        }
        self.backend.deposit(what, value)
    }

    fn list_breaks(&self) -> String {
        let b = &self.backend;
        let mut out: Vec<String> = self
            .breaks
            .iter()
            .map(|&l| format!("break {}", b.location_text(l)))
            .collect();
        out.extend(
            self.order_breaks
                .iter()
                .map(|&k| format!("break order {}", b.key_text(k))),
        );
        if out.is_empty() {
            "no breakpoints".into()
        } else {
            out.join("\n")
        }
    }

    fn show(&self, what: &[&str]) -> Result<String, MonitorError> {
        let devices = || self.backend.devices(80).join("\n");
        match what {
            [] => Ok(format!(
                "{}\n{}\n{}",
                self.backend.registers(),
                devices(),
                self.list_breaks()
            )),
            [w] => match w.to_ascii_lowercase().as_str() {
                "cpu" | "registers" | "regs" | "state" => Ok(self.backend.registers()),
                "break" | "breaks" | "breakpoints" => Ok(self.list_breaks()),
                "symbols" => Ok(self.backend.symbols()),
                "devices" | "dev" => Ok(devices()),
                _ => err(format!(
                    "show {w}: show cpu, show break, show symbols or show devices"
                )),
            },
            _ => err("show [cpu|break|symbols|devices]"),
        }
    }

    /// Carry out one command line; the text to show.
    pub fn execute(&mut self, line: &str) -> Result<String, MonitorError> {
        let line = line.trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            return Ok(String::new());
        };
        if cmd.starts_with(['#', ';', '*']) {
            return Ok(String::new());
        }
        let cmd = cmd.to_ascii_lowercase();
        match (cmd.as_str(), args) {
            ("help" | "h" | "?", _) => Ok(format!("{HELP}\n{}", self.backend.help())),
            ("e" | "ex" | "examine", [what, rest @ ..]) => self.examine(what, rest),
            ("d" | "dep" | "deposit", [what, value @ ..]) if !value.is_empty() => {
                self.deposit(what, value)
            }
            ("b" | "br" | "break", ["order", key]) => {
                let k = self.backend.key(key)?;
                self.order_breaks.insert(k);
                Ok(format!("breakpoint on order {}", self.backend.key_text(k)))
            }
            ("b" | "br" | "break", [addr]) => {
                let l = self.backend.location(addr)?;
                self.breaks.insert(l);
                Ok(format!("breakpoint at {}", self.backend.location_text(l)))
            }
            ("nb" | "nobr" | "nobreak", [] | ["all"]) => {
                self.breaks.clear();
                self.order_breaks.clear();
                Ok("no breakpoints".into())
            }
            ("nb" | "nobr" | "nobreak", ["order", key]) => {
                let k = self.backend.key(key)?;
                let name = self.backend.key_text(k);
                if !self.order_breaks.remove(&k) {
                    return err(format!("no breakpoint on order {name}"));
                }
                Ok(format!("breakpoint on order {name} removed"))
            }
            ("nb" | "nobr" | "nobreak", [addr]) => {
                let l = self.backend.location(addr)?;
                let at = self.backend.location_text(l);
                if !self.breaks.remove(&l) {
                    return err(format!("no breakpoint at {at}"));
                }
                Ok(format!("breakpoint at {at} removed"))
            }
            ("breaks", []) => Ok(self.list_breaks()),
            ("s" | "step", n) => {
                let n = match n {
                    [] => 1,
                    [n] => count(n)?,
                    _ => return err("step takes one count"),
                };
                Ok(self.step(n))
            }
            ("c" | "cont" | "continue" | "g" | "go", []) => {
                let e = self.go(Budget::default());
                Ok(self.report(e))
            }
            ("g" | "go", [addr]) => {
                match self.backend.set_register("PC", &[addr]) {
                    Some(r) => r?,
                    None => return err("this machine has no PC"),
                };
                let e = self.go(Budget::default());
                Ok(self.report(e))
            }
            ("r" | "run", [n, unit @ ..]) => {
                let n = count(n)?;
                let budget = match unit {
                    [] => self.budget(n, None),
                    [u] => self.budget(n, Some(u)),
                    _ => None,
                };
                let Some(budget) = budget else {
                    let units: Vec<&str> = B::RUN_UNITS.iter().map(|u| u.0).collect();
                    return err(format!("run N [{}]", units.join("|")));
                };
                let e = self.go(budget);
                Ok(self.report(e))
            }
            ("sh" | "show", what) => self.show(what),
            ("reset", []) => {
                self.at_break = None;
                self.backend.reset()
            }
            ("save", [file]) => {
                self.backend.machine().save(Path::new(file))?;
                Ok(format!("snapshot saved to {file}"))
            }
            ("restore", [file]) => {
                *self.backend.machine() = B::Machine::load(Path::new(file))?;
                self.at_break = None;
                Ok(format!("restored {file}\n{}", self.backend.registers()))
            }
            ("trace", ["on"]) => {
                self.trace = true;
                Ok("trace on".into())
            }
            ("trace", ["off"]) => {
                self.trace = false;
                self.backend.machine().set_trace(false);
                Ok("trace off".into())
            }
            ("symbols", []) => Ok(self.backend.symbols()),
            ("regs" | "registers", []) => Ok(self.backend.registers()),
            _ => match self.backend.command(&cmd, args, line) {
                Some(r) => r,
                None => err(format!(
                    "`{line}`: unknown command or wrong arguments (try help)"
                )),
            },
        }
    }
}

/// What a script, a prompt or the TUI drives: one machine's monitor.
pub trait Console {
    /// The prompt, also echoed before each command of a script.
    fn prompt(&self) -> &'static str;
    fn execute(&mut self, line: &str) -> Result<String, MonitorError>;
    fn registers(&self) -> String;
    /// At the end of a session: write attached output files.
    fn finish(&mut self) -> Result<(), MonitorError>;
    /// Run at most `n` orders under the breakpoints: the trace gathered, and the report if the
    /// machine stopped for any reason but the budget.
    fn run_slice(&mut self, n: u64) -> (String, Option<String>);
    /// The TUI's side pane, `width` columns.
    fn side_pane(&self, width: usize) -> Vec<String>;
    /// The flag that interrupts a run or a step between orders when set (`Monitor::interrupt`).
    fn interrupt_flag(&self) -> Arc<AtomicBool>;
}

impl<B: Backend> Console for Monitor<B> {
    fn prompt(&self) -> &'static str {
        self.backend.prompt()
    }
    fn execute(&mut self, line: &str) -> Result<String, MonitorError> {
        Monitor::execute(self, line)
    }
    fn registers(&self) -> String {
        self.backend.registers()
    }
    fn finish(&mut self) -> Result<(), MonitorError> {
        self.backend.finish()
    }
    fn run_slice(&mut self, n: u64) -> (String, Option<String>) {
        let ended = self.go(Budget {
            orders: Some(n),
            time: None,
        });
        let trace = self.backend.machine().take_trace();
        if ended == Ended::OrderBudget {
            return (trace, None);
        }
        let regs = self.backend.registers();
        (trace, Some(format!("{}\n{regs}", self.ended_text(&ended))))
    }
    fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }
    fn side_pane(&self, width: usize) -> Vec<String> {
        let status = format!(
            "breakpoints: {}  trace: {}",
            self.breaks.len() + self.order_breaks.len(),
            if self.trace { "on" } else { "off" }
        );
        self.backend.side_pane(width, status)
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
