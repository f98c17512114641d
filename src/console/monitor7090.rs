//! The 7090 monitor: the SILLIAC monitor's commands for the 7090, addresses and words in octal
//! (or FAP symbols), cards for the reader, sense switches, the printer's lines.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use emu::ibm7090::{disassemble, snapshot, Limits, Machine, Stop};

use super::monitor::{Console, MonitorError};

fn err<T>(message: impl Into<String>) -> Result<T, MonitorError> {
    Err(MonitorError(message.into()))
}

const WORD: u64 = (1 << 36) - 1;
/// The cycle: 2.18 us.
const CYCLE_NS: u64 = 2180;

/// A FAP program (`.fap`) or an asm7090 object deck (`.obj`).
#[derive(Clone, Debug, Default)]
pub struct Program7090 {
    pub name: String,
    pub words: BTreeMap<u16, u64>,
    pub start: u16,
    pub symbols: BTreeMap<String, i64>,
}

impl Program7090 {
    pub fn load(path: &Path) -> Result<Program7090, MonitorError> {
        let name = path.display().to_string();
        let text =
            std::fs::read_to_string(path).map_err(|e| MonitorError(format!("{name}: {e}")))?;
        let is_fap = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("fap"));
        if is_fap {
            let p =
                assembler::fap::assemble(&text, &name).map_err(|d| MonitorError(d.to_string()))?;
            let symbols = p
                .symbols
                .iter()
                .map(|(n, s)| (n.clone(), s.value))
                .collect();
            return Ok(Program7090 {
                name,
                words: p.words,
                start: p.start,
                symbols,
            });
        }
        let (words, start) = assembler::fap::read_object_deck(&text, &name)
            .map_err(|e| MonitorError(e.to_string()))?;
        Ok(Program7090 {
            name,
            words,
            start,
            symbols: BTreeMap::new(),
        })
    }
}

pub struct Monitor7090 {
    pub machine: Machine,
    pub program: Option<Program7090>,
    pub breaks: BTreeSet<u16>,
    /// Breakpoints on mnemonics (`TIX`, `RDS`).
    pub order_breaks: BTreeSet<String>,
    pub trace: bool,
    printer_file: Option<PathBuf>,
    at_break: bool,
}

pub const HELP: &str = "\
commands (addresses and words in octal, or FAP symbols[+n]):
  e[xamine] WHAT [N]     WHAT: address, AC, MQ, IC, XR, regs
  d[eposit] WHAT VALUE   VALUE: octal word; WHAT: address, AC, MQ, IC, XR1/XR2/XR4
  b[reak] ADDR | b[reak] order MNEMONIC | nb ADDR | nb order MNEMONIC | nb all | breaks
  s[tep] [N]  c[ontinue]  r[un] N [instructions|cycles|us|ms]
  attach cards FILE  detach cards  attach printer FILE  detach printer
  switches 1,3 (sense switches down; `switches` alone: all up)
  reset  save FILE  restore FILE  trace on|off  printed  symbols  help  quit";

impl Monitor7090 {
    pub fn new(program: Option<Program7090>) -> Monitor7090 {
        let mut m = Monitor7090 {
            machine: Machine::new(),
            program,
            breaks: BTreeSet::new(),
            order_breaks: BTreeSet::new(),
            trace: false,
            printer_file: None,
            at_break: false,
        };
        m.reset();
        m
    }

    pub fn reset(&mut self) -> String {
        self.machine = Machine::new();
        self.at_break = false;
        let Some(p) = &self.program else {
            return "machine cleared".into();
        };
        for (&a, &w) in &p.words {
            self.machine.mem[a as usize] = w;
        }
        self.machine.ic = p.start as u32;
        format!(
            "{}: {} words loaded; IC at its start {:05o}",
            p.name,
            p.words.len(),
            p.start
        )
    }

    fn address(&self, text: &str) -> Result<u16, MonitorError> {
        let check = |v: i64| {
            if (0..0o100000).contains(&v) {
                Ok(v as u16)
            } else {
                err(format!("address {v:o} is outside the store"))
            }
        };
        if let Ok(v) = i64::from_str_radix(text, 8) {
            return check(v);
        }
        let (name, off) = match text.find(['+', '-']) {
            Some(i) if i > 0 => {
                let off: i64 = text[i + 1..]
                    .parse()
                    .map_err(|_| MonitorError(format!("`{text}`: bad offset")))?;
                (&text[..i], if &text[i..=i] == "-" { -off } else { off })
            }
            _ => (text, 0),
        };
        match self.program.as_ref().and_then(|p| p.symbols.get(name)) {
            Some(&v) => check(v + off),
            None => err(format!(
                "`{text}` is not an address (octal 0..77777 or a symbol of the program)"
            )),
        }
    }

    fn word(text: &str) -> Result<u64, MonitorError> {
        let (neg, digits) = match text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, text),
        };
        match u64::from_str_radix(digits, 8) {
            Ok(v) if v <= WORD && !(neg && v > WORD >> 1) => Ok(if neg { v | 1 << 35 } else { v }),
            _ => err(format!("`{text}` is not a 36-bit octal word")),
        }
    }

    fn describe(&self, a: u16) -> String {
        let w = self.machine.mem[a as usize];
        let labels: Vec<&str> = self
            .program
            .iter()
            .flat_map(|p| p.symbols.iter())
            .filter(|(_, &v)| v == a as i64)
            .map(|(n, _)| n.as_str())
            .collect();
        format!(
            "{a:05o}  {w:012o}  {:<24} {}",
            disassemble(w),
            labels.join(" ")
        )
        .trim_end()
        .to_string()
    }

    fn go(&mut self, max_instructions: Option<u64>, max_cycles: Option<u64>) -> String {
        let (trace, ended) = self.go_ended(max_instructions, max_cycles);
        format!("{trace}{ended}\n{}", self.registers_line())
    }

    /// The trace and why the run ended.
    fn go_ended(
        &mut self,
        max_instructions: Option<u64>,
        max_cycles: Option<u64>,
    ) -> (String, String) {
        self.machine.set_trace(self.trace);
        let m = &mut self.machine;
        let i_end = max_instructions.map_or(u64::MAX, |n| m.instructions().saturating_add(n));
        let c_end = max_cycles.map_or(u64::MAX, |n| m.cycles().saturating_add(n));
        let mut first = self.at_break;
        self.at_break = false;
        let ended = if self.breaks.is_empty() && self.order_breaks.is_empty() {
            m.run(Limits {
                max_instructions,
                max_cycles,
            })
            .to_string()
        } else {
            loop {
                if m.instructions() >= i_end {
                    break Stop::InstructionBudget.to_string();
                }
                if m.cycles() >= c_end {
                    break Stop::CycleBudget.to_string();
                }
                let ic = m.ic as u16;
                if !first {
                    if self.breaks.contains(&ic) {
                        self.at_break = true;
                        break format!("breakpoint at {ic:05o}");
                    }
                    let w = m.mem[ic as usize];
                    if let Some(info) = emu::ibm7090::decode(w) {
                        if self.order_breaks.contains(info.mnemonic) {
                            self.at_break = true;
                            break format!("order breakpoint: {} at {ic:05o}", disassemble(w));
                        }
                    }
                }
                first = false;
                if let Some(stop) = m.step() {
                    break stop.to_string();
                }
            }
        };
        (self.machine.take_trace(), ended)
    }

    fn registers_line(&self) -> String {
        let m = &self.machine;
        let ic = m.ic as u16;
        let ns = m.cycles() * CYCLE_NS;
        format!(
            "AC={:013o} MQ={:012o} XR1={:05o} XR2={:05o} XR4={:05o} IC={ic:05o} next {}  OV={} DC={}  SW={:06b} SL={:04b}  cycles {} ({}.{:03} us)  instructions {}  cards {} left  printed {}",
            m.ac,
            m.mq,
            m.xr[0],
            m.xr[1],
            m.xr[2],
            disassemble(m.mem[ic as usize]),
            m.overflow as u8,
            m.divide_check as u8,
            m.sense_switches,
            m.sense_lights,
            m.cycles(),
            ns / 1000,
            ns % 1000,
            m.instructions(),
            m.channel.hopper.len(),
            m.channel.printed.len()
        )
    }

    fn detach_printer(&mut self) -> Result<String, MonitorError> {
        let Some(file) = self.printer_file.take() else {
            return err("no printer file attached");
        };
        let mut text = self.machine.channel.printed.join("\n");
        text.push('\n');
        std::fs::write(&file, text)
            .map_err(|e| MonitorError(format!("{}: {e}", file.display())))?;
        Ok(format!(
            "{}: {} lines written",
            file.display(),
            self.machine.channel.printed.len()
        ))
    }
}

impl Console for Monitor7090 {
    fn prompt(&self) -> &'static str {
        "7090> "
    }

    fn registers(&self) -> String {
        self.registers_line()
    }

    fn finish(&mut self) -> Result<(), MonitorError> {
        if self.printer_file.is_some() {
            self.detach_printer()?;
        }
        Ok(())
    }

    fn run_slice(&mut self, n: u64) -> (String, Option<String>) {
        let (trace, ended) = self.go_ended(Some(n), None);
        if ended == Stop::InstructionBudget.to_string() {
            return (trace, None);
        }
        (trace, Some(format!("{ended}\n{}", self.registers_line())))
    }

    fn side_pane(&self, width: usize) -> Vec<String> {
        let m = &self.machine;
        let bits = |v: u8, n: u8| -> String {
            (1..=n)
                .map(|i| {
                    if v & 1 << (i - 1) != 0 {
                        char::from(b'0' + i)
                    } else {
                        '.'
                    }
                })
                .collect()
        };
        let mut out = vec![
            format!(
                "indicators: overflow {}  divide check {}",
                if m.overflow { "ON" } else { "off" },
                if m.divide_check { "ON" } else { "off" }
            ),
            format!("sense switches (down): {}", bits(m.sense_switches, 6)),
            format!("sense lights (on):     {}", bits(m.sense_lights, 4)),
            format!("keys: {:012o}", m.keys),
            format!(
                "card reader: {} read, {} in the hopper",
                m.channel.cards_read,
                m.channel.hopper.len()
            ),
            format!(
                "breakpoints: {}  trace: {}",
                self.breaks.len() + self.order_breaks.len(),
                if self.trace { "on" } else { "off" }
            ),
            String::new(),
            format!("printer ({} lines):", m.channel.printed.len()),
        ];
        let printed = &m.channel.printed;
        for line in &printed[printed.len().saturating_sub(14)..] {
            out.push(line.chars().take(width).collect());
        }
        out
    }

    fn execute(&mut self, line: &str) -> Result<String, MonitorError> {
        let line = line.trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            return Ok(String::new());
        };
        if cmd.starts_with('#') || cmd.starts_with(';') || cmd.starts_with('*') {
            return Ok(String::new());
        }
        let reg = |s: &str| s.to_ascii_uppercase();
        match (cmd.to_ascii_lowercase().as_str(), args) {
            ("help" | "h" | "?", _) => Ok(HELP.into()),
            ("e" | "ex" | "examine", [what]) if reg(what) == "REGS" => Ok(self.registers_line()),
            ("e" | "ex" | "examine", [what]) if reg(what) == "AC" => {
                Ok(format!("AC={:013o}", self.machine.ac))
            }
            ("e" | "ex" | "examine", [what]) if reg(what) == "MQ" => {
                Ok(format!("MQ={:012o}", self.machine.mq))
            }
            ("e" | "ex" | "examine", [what]) if reg(what) == "IC" => {
                Ok(format!("IC={:05o}", self.machine.ic))
            }
            ("e" | "ex" | "examine", [what]) if reg(what) == "XR" => Ok(format!(
                "XR1={:05o} XR2={:05o} XR4={:05o}",
                self.machine.xr[0], self.machine.xr[1], self.machine.xr[2]
            )),
            ("e" | "ex" | "examine", [what, rest @ ..]) => {
                let a = self.address(what)?;
                let n = match rest {
                    [] => 1,
                    [n] => n
                        .parse::<u32>()
                        .map_err(|_| MonitorError(format!("`{n}` is not a count")))?,
                    _ => return err("examine ADDRESS [COUNT]"),
                };
                Ok((0..n.min(4096))
                    .map(|i| self.describe(((a as u32 + i) & 0o77777) as u16))
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
            ("d" | "dep" | "deposit", [what, value]) => {
                let m = &mut self.machine;
                match reg(what).as_str() {
                    "AC" => {
                        m.ac = u64::from_str_radix(value, 8)
                            .ok()
                            .filter(|&v| v < 1 << 38)
                            .ok_or_else(|| MonitorError(format!("`{value}` is not an AC value")))?;
                        return Ok(format!("AC={:013o}", m.ac));
                    }
                    "MQ" => {
                        m.mq = Self::word(value)?;
                        return Ok(format!("MQ={:012o}", m.mq));
                    }
                    "IC" => {
                        let a = self.address(value)?;
                        self.machine.ic = a as u32;
                        self.at_break = false;
                        return Ok(format!("IC={a:05o}"));
                    }
                    r @ ("XR1" | "XR2" | "XR4") => {
                        let v = self.address(value)?;
                        let i = match r {
                            "XR1" => 0,
                            "XR2" => 1,
                            _ => 2,
                        };
                        self.machine.xr[i] = v as u32;
                        return Ok(format!("{r}={v:05o}"));
                    }
                    _ => {}
                }
                let a = self.address(what)?;
                let w = Self::word(value)?;
                self.machine.mem[a as usize] = w;
                Ok(self.describe(a))
            }
            ("b" | "break", ["order", mnemonic]) => {
                let m = mnemonic.to_ascii_uppercase();
                if emu::ibm7090::by_mnemonic(&m).is_none() {
                    return err(format!("`{mnemonic}` is not a 7090 instruction"));
                }
                self.order_breaks.insert(m.clone());
                Ok(format!("breakpoint on {m}"))
            }
            ("b" | "break", [addr]) => {
                let a = self.address(addr)?;
                self.breaks.insert(a);
                Ok(format!("breakpoint at {a:05o}"))
            }
            ("nb" | "nobreak", ["all"]) => {
                self.breaks.clear();
                self.order_breaks.clear();
                Ok("no breakpoints".into())
            }
            ("nb" | "nobreak", ["order", mnemonic]) => {
                if !self.order_breaks.remove(&mnemonic.to_ascii_uppercase()) {
                    return err(format!("no breakpoint on {mnemonic}"));
                }
                Ok(format!("breakpoint on {mnemonic} removed"))
            }
            ("nb" | "nobreak", [addr]) => {
                let a = self.address(addr)?;
                if !self.breaks.remove(&a) {
                    return err(format!("no breakpoint at {a:05o}"));
                }
                Ok(format!("breakpoint at {a:05o} removed"))
            }
            ("breaks", []) => {
                let mut v: Vec<String> = self
                    .breaks
                    .iter()
                    .map(|a| format!("break {a:05o}"))
                    .collect();
                v.extend(self.order_breaks.iter().map(|m| format!("break order {m}")));
                Ok(if v.is_empty() {
                    "no breakpoints".into()
                } else {
                    v.join("\n")
                })
            }
            ("s" | "step", n) => {
                let n = match n {
                    [] => 1,
                    [n] => n
                        .parse::<u64>()
                        .map_err(|_| MonitorError(format!("`{n}` is not a count")))?,
                    _ => return err("step takes one count"),
                };
                self.machine.set_trace(self.trace);
                self.at_break = false;
                let mut out = String::new();
                for _ in 0..n {
                    if let Some(stop) = self.machine.step() {
                        out = format!("{stop}\n");
                        break;
                    }
                }
                let mut t = self.machine.take_trace();
                t.push_str(&out);
                t.push_str(&self.registers_line());
                Ok(t)
            }
            ("c" | "cont" | "continue", []) => Ok(self.go(None, None)),
            ("r" | "run", [n, unit @ ..]) => {
                let n = n
                    .replace('_', "")
                    .parse::<u64>()
                    .map_err(|_| MonitorError(format!("`{n}` is not a count")))?;
                Ok(match unit {
                    [] | ["instructions"] => self.go(Some(n), None),
                    ["cycles"] => self.go(None, Some(n)),
                    ["us"] => self.go(None, Some((n * 1000).div_ceil(CYCLE_NS))),
                    ["ms"] => self.go(None, Some((n * 1_000_000).div_ceil(CYCLE_NS))),
                    _ => return err("run N [instructions|cycles|us|ms]"),
                })
            }
            ("attach", ["cards", file]) => {
                let text = std::fs::read_to_string(file)
                    .map_err(|e| MonitorError(format!("{file}: {e}")))?;
                self.machine.channel.load_cards(&text);
                Ok(format!(
                    "{file}: {} cards in the hopper",
                    self.machine.channel.hopper.len()
                ))
            }
            ("detach", ["cards"]) => {
                let n = self.machine.channel.hopper.len();
                self.machine.channel.hopper.clear();
                Ok(format!("{n} cards taken out of the hopper"))
            }
            ("attach", ["printer", file]) => {
                self.printer_file = Some(PathBuf::from(file));
                Ok(format!("printed lines go to {file} at detach"))
            }
            ("detach", ["printer"]) => self.detach_printer(),
            ("switches", list) => {
                let mut bits = 0u8;
                for s in list
                    .iter()
                    .flat_map(|l| l.split(','))
                    .filter(|s| !s.is_empty())
                {
                    match s.parse::<u8>() {
                        Ok(n @ 1..=6) => bits |= 1 << (n - 1),
                        _ => return err(format!("sense switch `{s}`: 1 to 6")),
                    }
                }
                self.machine.sense_switches = bits;
                Ok(format!("sense switches {bits:06b}"))
            }
            ("reset", []) => Ok(self.reset()),
            ("save", [file]) => {
                snapshot::save(&self.machine, Path::new(file))
                    .map_err(|e| MonitorError(e.to_string()))?;
                Ok(format!("snapshot saved to {file}"))
            }
            ("restore", [file]) => {
                self.machine =
                    snapshot::load(Path::new(file)).map_err(|e| MonitorError(e.to_string()))?;
                self.at_break = false;
                Ok(format!("restored {file}\n{}", self.registers_line()))
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
            ("printed", []) => Ok(self.machine.channel.printed.join("\n")),
            ("symbols", []) => Ok(self
                .program
                .iter()
                .flat_map(|p| p.symbols.iter())
                .map(|(n, v)| format!("{n:<8} {v:05o}"))
                .collect::<Vec<_>>()
                .join("\n")),
            ("regs" | "registers", []) => Ok(self.registers_line()),
            _ => err(format!(
                "`{line}`: unknown command or wrong arguments (try help)"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::console::monitor::run_script;

    const PROGRAM: &str = concat!(
        "       ORG     64\n",
        "START  CLA     X\n",
        "       ADD     ONE\n",
        "       STO     X\n",
        "       TIX     START,1,1\n",
        "       HPR\n",
        "X      DEC     0\n",
        "ONE    DEC     1\n",
        "       END     START\n",
    );

    fn mon() -> Monitor7090 {
        let dir = std::env::temp_dir().join(format!("fm-mon7090-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("count.fap");
        std::fs::write(&path, PROGRAM).unwrap();
        Monitor7090::new(Some(Program7090::load(&path).unwrap()))
    }

    #[test]
    fn script_breakpoints_deposit_snapshot() {
        let mut m = mon();
        let snap = std::env::temp_dir().join(format!("fm-mon7090-{}.snap", std::process::id()));
        let snap = snap.display();
        let out = run_script(
            &mut m,
            &format!(
                "d XR1 3\nb order TIX\nc\ne X\nsave {snap}\nnb all\nc\ne X\nrestore {snap}\nc\ne X\n"
            ),
            "t.cmd",
        )
        .unwrap();
        assert!(out.contains("order breakpoint: TIX"), "{out}");
        // X counts the trips: 1 at the first TIX, 3 at the end, again 3 after the restore.
        let xs: Vec<&str> = out.lines().filter(|l| l.starts_with("00105")).collect();
        assert_eq!(xs.len(), 3, "{out}");
        assert!(xs[0].contains("000000000001"), "{out}");
        assert!(
            xs[1].contains("000000000003") && xs[2].contains("000000000003"),
            "{out}"
        );
        assert!(
            out.contains("HPR at 00104") && out.contains("7090> e X"),
            "{out}"
        );
        let e = m.execute("d nowhere 5").unwrap_err();
        assert!(e.0.contains("not an address"), "{e}");
        assert!(m.execute("b order FOO").is_err());
    }
}
