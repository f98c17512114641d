//! The IBM 7090 behind the monitor: addresses and words in octal (or FAP symbols), orders by
//! mnemonic; cards for the reader, sense switches, the printer's lines.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use emu::ibm7090::{by_mnemonic, decode, disassemble, Limits, Machine, Model, Stop};
use emu::input::{read_text, Kind};

use crate::{err, Backend, Budget, Ended, Monitor, MonitorError, Unit};

const WORD: u64 = (1 << 36) - 1;

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
            read_text(path, Kind::Source).map_err(|e| MonitorError(format!("{name}: {e}")))?;
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

/// Sense switch numbers (`1,3`, or `1 3`) as the bits of the sense switches (the operator's
/// panel: `switches` here, `--switches` on the command line).
pub fn switch_bits(s: &str) -> Result<u8, String> {
    let mut bits = 0u8;
    for part in s
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
    {
        match part.parse::<u8>() {
            Ok(n @ 1..=6) => bits |= 1 << (n - 1),
            _ => return Err(format!("`{part}` is not a sense switch 1-6")),
        }
    }
    Ok(bits)
}

/// The console entry keys as an octal word of up to 12 digits (a leading `-` sets the sign),
/// which ENK copies into MQ (`keys` here, `--keys` on the command line).
pub fn keys_word(s: &str) -> Result<u64, String> {
    let (sign, digits) = match s.trim().strip_prefix('-') {
        Some(d) => (1u64 << 35, d),
        None => (0, s.trim()),
    };
    u64::from_str_radix(digits, 8)
        .ok()
        .filter(|&v| v < 1 << 36 && (sign == 0 || v < 1 << 35))
        .map(|v| v | sign)
        .ok_or_else(|| format!("`{s}` is not an octal word of 36 bits"))
}

pub const HELP: &str = "\
IBM 7090: addresses and words in octal, or FAP symbols (symbol+n, n decimal); -OCTAL: sign set
  registers AC (38 bits: S, Q, P, 1-35), MQ, IC (PC), XR1, XR2, XR4 (ex XR: all three; on a
            7094 XR1-XR7 and MTM, the multiple-tag mode, 1 or 0)
  break order MNEMONIC   an instruction (TIX, RDS)
  run N [instructions|cycles|us|ms]
  attach cards|cdr FILE  detach cards   cards (a line each; .cbn column binary) into / out of the hopper
  attach printer|lpt FILE  detach printer   printed lines to FILE at detach or quit
  boot cdr               the LOAD CARDS key: the first card's three words to 0-2, IC 00001
  switches 1,3           sense switches down (`switches` alone: all up)
  keys OCTAL             the console entry keys (-OCTAL: sign set), read by ENK
  printed                the printer's lines";

/// The 7090 (or the 709 or 7094), its program and its printer file.
pub struct Ibm7090 {
    pub machine: Machine,
    pub program: Option<Program7090>,
    printer_file: Option<PathBuf>,
}

/// The monitor of a `model` of the 7090's family with `program` loaded (IC at its start).
pub fn monitor(
    program: Option<Program7090>,
    model: Model,
) -> Result<Monitor<Ibm7090>, MonitorError> {
    Monitor::new(Ibm7090 {
        machine: Machine::with_model(model),
        program,
        printer_file: None,
    })
}

/// The device names SIMH gives the card reader and the printer.
fn device(name: &str) -> &str {
    match name {
        "cdr" => "cards",
        "lpt" => "printer",
        other => other,
    }
}

/// The number of an index register the machine has (XR1, XR2, XR4; on a 7094 XR1-XR7).
fn xr_index(model: Model, name: &str) -> Option<usize> {
    let n = name.strip_prefix("XR")?.parse::<usize>().ok()?;
    match n {
        1 | 2 | 4 => Some(n),
        3 | 5..=7 if model.has_seven_index_registers() => Some(n),
        _ => None,
    }
}

impl Ibm7090 {
    /// The index registers' line: XR1 XR2 XR4, or on a 7094 all seven and the tag mode.
    fn xr_line(&self) -> String {
        let m = &self.machine;
        let numbers: &[usize] = match m.model().has_seven_index_registers() {
            true => &[1, 2, 3, 4, 5, 6, 7],
            false => &[1, 2, 4],
        };
        let mut s: Vec<String> = numbers
            .iter()
            .map(|&n| format!("XR{n}={:05o}", m.xr[n]))
            .collect();
        if m.model().has_seven_index_registers() {
            s.push(format!("MTM={}", m.multi_tag as u8));
        }
        s.join(" ")
    }

    fn load(&mut self) -> String {
        self.machine = Machine::with_model(self.machine.model());
        let Some(p) = &self.program else {
            return "machine cleared".into();
        };
        for (&a, &w) in &p.words {
            self.machine.mem_mut()[a as usize] = w;
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

    fn describe_word(&self, a: u16) -> String {
        let w = self.machine.mem()[a as usize];
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

    fn registers_line(&self) -> String {
        let m = &self.machine;
        let ic = m.ic as u16;
        let ns = m.cycles() * self.ns_per_clock();
        format!(
            "AC={:013o} MQ={:012o} {} IC={ic:05o} next {}  OV={} DC={}  SW={:06b} SL={:04b}  cycles {} ({}.{:03} us)  instructions {}  cards {} left  printed {}",
            m.ac,
            m.mq,
            self.xr_line(),
            disassemble(m.mem()[ic as usize]),
            m.overflow as u8,
            m.divide_check as u8,
            m.sense_switches,
            m.sense_lights,
            m.cycles(),
            ns / 1000,
            ns % 1000,
            m.instructions(),
            m.io.reader.hopper.len(),
            m.io.printer.lines.len()
        )
    }

    fn detach_printer(&mut self) -> Result<String, MonitorError> {
        let Some(file) = self.printer_file.take() else {
            return err("no printer file attached");
        };
        let mut text = self.machine.io.printer.lines.join("\n");
        text.push('\n');
        std::fs::write(&file, text)
            .map_err(|e| MonitorError(format!("{}: {e}", file.display())))?;
        Ok(format!(
            "{}: {} lines written",
            file.display(),
            self.machine.io.printer.lines.len()
        ))
    }
}

/// Sense switches or lights `1..=n` as their numbers when set, `.` when not.
fn bits(v: u8, n: u8) -> String {
    (1..=n)
        .map(|i| {
            if v & 1 << (i - 1) != 0 {
                char::from(b'0' + i)
            } else {
                '.'
            }
        })
        .collect()
}

impl Ibm7090 {
    /// The panel: indicators, switches, lights, keys, the card reader.
    fn panel(&self) -> Vec<String> {
        let m = &self.machine;
        vec![
            format!(
                "indicators: overflow {}  divide check {}  trap mode {}",
                if m.overflow { "ON" } else { "off" },
                if m.divide_check { "ON" } else { "off" },
                if m.trap_mode { "ON" } else { "off" }
            ),
            format!("sense indicators: {:012o}", m.sense_indicators),
            format!("sense switches (down): {}", bits(m.sense_switches, 6)),
            format!("sense lights (on):     {}", bits(m.sense_lights, 4)),
            format!("keys: {:012o}", m.keys),
            format!(
                "card reader: {} read, {} in the hopper",
                m.io.reader.cards_read,
                m.io.reader.hopper.len()
            ),
        ]
    }

    fn switches(&mut self, list: &[&str]) -> Result<String, MonitorError> {
        let bits = switch_bits(&list.join(" ")).map_err(MonitorError)?;
        self.machine.sense_switches = bits;
        Ok(format!("sense switches {bits:06b}"))
    }

    fn keys(&mut self, list: &[&str]) -> Result<String, MonitorError> {
        if let [k] = list {
            self.machine.keys = keys_word(k).map_err(MonitorError)?;
        } else if !list.is_empty() {
            return err("keys OCTAL");
        }
        Ok(format!("keys: {:012o}", self.machine.keys))
    }

    fn attach_cards(&mut self, file: &str) -> Result<String, MonitorError> {
        let text = read_text(Path::new(file), Kind::Source)
            .map_err(|e| MonitorError(format!("{file}: {e}")))?;
        let loaded = if file.to_ascii_lowercase().ends_with(".cbn") {
            self.machine.io.reader.load_column_binary(&text)
        } else {
            self.machine.io.reader.load_text(&text)
        };
        loaded.map_err(|e| MonitorError(format!("{file}: {e}")))?;
        Ok(format!(
            "{file}: {} cards in the hopper",
            self.machine.io.reader.hopper.len()
        ))
    }
}

impl Backend for Ibm7090 {
    type Machine = Machine;
    type Loc = u16;
    type Key = &'static str;
    const WORDS: u32 = 0o100000;
    const RUN_UNITS: &'static [(&'static str, Unit)] = &[
        ("instructions", Unit::Orders),
        ("cycles", Unit::Clock),
        ("us", Unit::Ns(1000)),
        ("ms", Unit::Ns(1_000_000)),
    ];
    fn ns_per_clock(&self) -> u64 {
        self.machine.model().cycle_ps() / 1000
    }

    fn prompt(&self) -> &'static str {
        match self.machine.model() {
            Model::Ibm709 => "709> ",
            Model::Ibm7090 => "7090> ",
            Model::Ibm7094 => "7094> ",
        }
    }

    fn help(&self) -> &'static str {
        HELP
    }

    fn reset(&mut self) -> Result<String, MonitorError> {
        Ok(self.load())
    }

    fn registers(&self) -> String {
        self.registers_line()
    }

    fn register(&self, name: &str) -> Option<String> {
        let m = &self.machine;
        Some(match name {
            "AC" => format!("AC={:013o}", m.ac),
            "MQ" => format!("MQ={:012o}", m.mq),
            "IC" | "PC" => format!("IC={:05o}", m.ic),
            "XR" => self.xr_line(),
            "MTM" if m.model().has_seven_index_registers() => format!("MTM={}", m.multi_tag as u8),
            _ => format!("{name}={:05o}", m.xr[xr_index(m.model(), name)?]),
        })
    }

    fn set_register(&mut self, name: &str, value: &[&str]) -> Option<Result<String, MonitorError>> {
        let model = self.machine.model();
        let mtm = name == "MTM" && model.has_seven_index_registers();
        if !matches!(name, "AC" | "MQ" | "IC" | "PC") && !mtm && xr_index(model, name).is_none() {
            return None;
        }
        let [value] = value else {
            return Some(err(format!("deposit {name} VALUE")));
        };
        Some((|| match name {
            "AC" => {
                let m = &mut self.machine;
                m.ac = u64::from_str_radix(value, 8)
                    .ok()
                    .filter(|&v| v < 1 << 38)
                    .ok_or_else(|| MonitorError(format!("`{value}` is not an AC value")))?;
                Ok(format!("AC={:013o}", m.ac))
            }
            "MQ" => {
                self.machine.mq = Self::word(value)?;
                Ok(format!("MQ={:012o}", self.machine.mq))
            }
            "IC" | "PC" => {
                let a = self.address(value)?;
                self.machine.ic = a as u32;
                Ok(format!("IC={a:05o}"))
            }
            "MTM" => {
                self.machine.multi_tag = match *value {
                    "0" => false,
                    "1" => true,
                    _ => return err(format!("`{value}`: MTM is 1 (multiple-tag mode) or 0")),
                };
                Ok(format!("MTM={value}"))
            }
            r => {
                let v = self.address(value)?;
                if let Some(n) = xr_index(model, r) {
                    self.machine.xr[n] = v as u32;
                }
                Ok(format!("{r}={v:05o}"))
            }
        })())
    }

    fn is_symbol(&self, text: &str) -> bool {
        self.program
            .as_ref()
            .is_some_and(|p| p.symbols.contains_key(text))
    }

    fn address(&self, text: &str) -> Result<u32, MonitorError> {
        Ibm7090::address(self, text).map(u32::from)
    }

    fn describe(&self, address: u32) -> String {
        self.describe_word(address as u16)
    }

    fn deposit(&mut self, address: &str, value: &[&str]) -> Result<String, MonitorError> {
        let [value] = value else {
            return err("deposit ADDRESS OCTAL-WORD");
        };
        let a = Ibm7090::address(self, address)?;
        self.machine.mem_mut()[a as usize] = Self::word(value)?;
        Ok(self.describe_word(a))
    }

    fn location(&self, text: &str) -> Result<u16, MonitorError> {
        Ibm7090::address(self, text)
    }

    fn location_text(&self, loc: u16) -> String {
        format!("{loc:05o}")
    }

    fn control(&self) -> u16 {
        self.machine.ic as u16
    }

    fn key(&self, text: &str) -> Result<&'static str, MonitorError> {
        by_mnemonic(&text.to_ascii_uppercase())
            .map(|i| i.mnemonic)
            .ok_or_else(|| MonitorError(format!("`{text}` is not a 7090 instruction")))
    }

    fn key_text(&self, key: &'static str) -> String {
        key.to_string()
    }

    fn order_at(&self, loc: u16) -> (Option<&'static str>, String) {
        let w = self.machine.mem()[loc as usize];
        (decode(w).map(|i| i.mnemonic), disassemble(w))
    }

    fn counters(&self) -> (u64, u64) {
        (self.machine.instructions(), self.machine.cycles())
    }

    fn budget_text(&self, time: bool) -> String {
        if time {
            Stop::CycleBudget
        } else {
            Stop::InstructionBudget
        }
        .to_string()
    }

    fn step(&mut self) -> Option<String> {
        self.machine.step().map(|s| s.to_string())
    }

    fn run(&mut self, budget: Budget, breakpoint: Option<u16>) -> Option<Ended<u16>> {
        // The machine has no breakpoint of its own: the monitor steps to one.
        if breakpoint.is_some() {
            return None;
        }
        let stop = self.machine.run(Limits {
            max_instructions: budget.orders,
            max_cycles: budget.time,
        });
        Some(match stop {
            Stop::InstructionBudget => Ended::OrderBudget,
            Stop::CycleBudget => Ended::TimeBudget,
            other => Ended::Stop(other.to_string()),
        })
    }

    fn machine(&mut self) -> &mut Machine {
        &mut self.machine
    }

    fn symbols(&self) -> String {
        self.program
            .iter()
            .flat_map(|p| p.symbols.iter())
            .map(|(n, v)| format!("{n:<8} {v:05o}"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn command(
        &mut self,
        cmd: &str,
        args: &[&str],
        _line: &str,
    ) -> Option<Result<String, MonitorError>> {
        let dev = args.first().map(|d| device(d));
        Some(match (cmd, dev, args) {
            ("attach", Some("cards"), [_, file]) => self.attach_cards(file),
            ("detach", Some("cards"), [_]) => {
                let n = self.machine.io.reader.hopper.len();
                self.machine.io.reader.hopper.clear();
                Ok(format!("{n} cards taken out of the hopper"))
            }
            ("attach", Some("printer"), [_, file]) => {
                self.printer_file = Some(PathBuf::from(file));
                Ok(format!("printed lines go to {file} at detach"))
            }
            ("detach", Some("printer"), [_]) => self.detach_printer(),
            // SIMH's `boot cdr`: the LOAD CARDS key.
            ("boot", Some("cards"), [_]) => match self.machine.load_cards() {
                Ok(()) => Ok(format!(
                    "LOAD CARDS: the first card's 9L 9R 8L in 0-2, the channel on at 0, IC {:05o}",
                    self.machine.ic
                )),
                Err(e) => Err(MonitorError(format!("LOAD CARDS: {e}"))),
            },
            ("switches", _, list) => self.switches(list),
            ("keys", _, list) => self.keys(list),
            ("printed", _, []) => Ok(self.machine.io.printer.lines.join("\n")),
            _ => return None,
        })
    }

    fn devices(&self, _width: usize) -> Vec<String> {
        let mut out = self.panel();
        out.push(format!(
            "printer: {} lines printed",
            self.machine.io.printer.lines.len()
        ));
        out
    }

    fn side_pane(&self, width: usize, status: String) -> Vec<String> {
        let printed = &self.machine.io.printer.lines;
        let mut out = self.panel();
        out.push(status);
        out.push(String::new());
        out.push(format!("printer ({} lines):", printed.len()));
        for line in &printed[printed.len().saturating_sub(14)..] {
            out.push(line.chars().take(width).collect());
        }
        out
    }

    fn finish(&mut self) -> Result<(), MonitorError> {
        if self.printer_file.is_some() {
            self.detach_printer()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run_script;

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

    fn mon() -> Monitor<Ibm7090> {
        // A file of its own for each call: the tests run side by side, and one writing the
        // program while another reads it would hand the other half a file.
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("fm-mon7090-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("count{call}.fap"));
        std::fs::write(&path, PROGRAM).unwrap();
        monitor(Some(Program7090::load(&path).unwrap()), Model::Ibm7090).unwrap()
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

    #[test]
    fn boot_cdr_presses_load_cards() {
        // A self-loading card as SIMH writes it: IOCD 3,,21 at 0, HTR 2 at 1.
        let mut words = [0u64; 24];
        words[0] = 21 << 18 | 3;
        words[1] = 0o000000000002;
        let deck = std::env::temp_dir().join(format!("fm-boot-{}.cbn", std::process::id()));
        let card = emu::ibm7090::card::Card::from_image(&words);
        std::fs::write(&deck, card.to_column_binary() + "\n").unwrap();
        let mut m = mon();
        assert!(m.execute("boot cdr").unwrap_err().0.contains("LOAD CARDS"));
        let out = m
            .execute(&format!("attach cdr {}", deck.display()))
            .unwrap();
        assert!(out.contains("1 cards"), "{out}");
        assert!(m.execute("boot cdr").unwrap().contains("IC 00001"));
        let out = m.execute("go").unwrap();
        assert!(out.contains("00001"), "{out}");
        std::fs::remove_file(&deck).ok();
    }

    #[test]
    fn switches_and_keys_in_the_panel_notation() {
        assert_eq!(switch_bits("2 6").unwrap(), 0b100010);
        assert_eq!(switch_bits("1,3").unwrap(), 0b101);
        assert!(switch_bits("7").is_err());
        assert_eq!(keys_word("777").unwrap(), 0o777);
        assert_eq!(keys_word("-5").unwrap(), 1 << 35 | 5);
        assert_eq!(keys_word("777777777777").unwrap(), (1 << 36) - 1);
        assert!(keys_word("1777777777777").is_err());
        assert!(keys_word("-400000000000").is_err());
        assert!(keys_word("8").is_err());
    }

    #[test]
    fn the_operator_panel_keys_and_switches() {
        let mut m = mon();
        assert_eq!(m.execute("keys -17").unwrap(), "keys: 400000000017");
        assert_eq!(m.execute("keys").unwrap(), "keys: 400000000017");
        assert!(m.execute("keys 9").is_err());
        assert_eq!(
            m.execute("switches 1 3,6").unwrap(),
            "sense switches 100101"
        );
        let e = m.execute("switches 7").unwrap_err();
        assert!(e.0.contains("not a sense switch"), "{e}");
    }
}
