//! The SILLIAC behind the monitor: addresses decimal (0..1023) or the assembler's listing
//! symbols with an optional half L or R, words in sexadecimal, integers or fractions, orders by
//! function code; the tape reader and the teleprinter punch.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assembler::sil::data::{decimal_word, integer_word, sex_word, word_fraction};
use assembler::sil::Symbol;
use emu::input::{read_text, Kind};
use emu::silliac::orders::{function_name, left, pair, parse_function, right, word_to_sex, Order};
use emu::silliac::{encode_text, format_pt, read_tape_file, Half, Limits, Machine, Stop};

use crate::{err, Backend, Budget, Ended, Monitor, MonitorError, Unit};

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
            read_text(path, Kind::Source).map_err(|e| MonitorError(format!("{name}: {e}")))?;
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

/// The order at (address, half) of the store.
pub fn order_at(m: &Machine, address: u16, half: Half) -> Order {
    let w = m.word(address);
    match half {
        Half::Left => left(w),
        Half::Right => right(w),
    }
}

/// Emulated ns as microseconds with three decimals.
pub fn us(ns: u64) -> String {
    format!("{}.{:03} us", ns / 1000, ns % 1000)
}

/// A breakpoint's place: `address * 2 + half`.
fn pc(address: u16, half: Half) -> u32 {
    (address as u32 & 0x3FF) << 1 | (half == Half::Right) as u32
}

fn place(pc: u32) -> (u16, Half) {
    let half = if pc & 1 == 0 { Half::Left } else { Half::Right };
    ((pc >> 1) as u16, half)
}

pub const HELP: &str = "\
SILLIAC: addresses decimal (0..1023) or symbols (symbol+n), with a half L or R (100R, loopL)
  registers A, Q, C (PC): ex A, dep C ADDR[L|R]
  VALUE: 10 sexadecimal digits, an integer, a decimal fraction (0.5), an order pair
         `L5 100 26 loop`, or one order into ADDR L|R (dep ADDR L 26 loop)
  break order CODE       a function code (26, L5)
  run N [orders|us|ms]
  attach reader|ptr FILE put a tape (.pt) on the reader after what is there
  attach punch|ptp FILE  write the punched output to FILE at detach or quit
  type TEXT              put TEXT on the reader in teleprinter code
  detach reader|punch    tear the unread tape out / write and close the punch file
  boot                   console start (read a word from the reader to 0, go to 0)
  punch                  what the teleprinter printed";

/// The SILLIAC, its program and its punch file.
pub struct Silliac {
    pub machine: Machine,
    pub program: Option<Program>,
    punch_file: Option<PathBuf>,
}

/// The SILLIAC's monitor with `program` loaded (an assembled program is run to its start).
pub fn monitor(program: Option<Program>) -> Result<Monitor<Silliac>, MonitorError> {
    Monitor::new(Silliac {
        machine: Machine::new(),
        program,
        punch_file: None,
    })
}

/// The device names SIMH gives the reader and the punch.
fn device(name: &str) -> &str {
    match name {
        "ptr" => "reader",
        "ptp" => "punch",
        other => other,
    }
}

impl Silliac {
    /// Clear the machine and load the program through the console start.
    fn load(&mut self) -> Result<String, MonitorError> {
        self.machine = Machine::new();
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

    /// The word deposited at an address: one value, an order pair, or one order into a half.
    fn deposit_word(&mut self, what: &str, value: &[&str]) -> Result<String, MonitorError> {
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

impl Backend for Silliac {
    type Machine = Machine;
    type Loc = u32;
    type Key = u8;
    const WORDS: u32 = 1024;
    const RUN_UNITS: &'static [(&'static str, Unit)] = &[
        ("orders", Unit::Orders),
        ("us", Unit::Ns(1000)),
        ("ms", Unit::Ns(1_000_000)),
    ];
    fn ns_per_clock(&self) -> u64 {
        1
    }

    fn prompt(&self) -> &'static str {
        "sil> "
    }

    fn help(&self) -> &'static str {
        HELP
    }

    fn reset(&mut self) -> Result<String, MonitorError> {
        self.load()
    }

    fn registers(&self) -> String {
        Silliac::registers(self)
    }

    fn register(&self, name: &str) -> Option<String> {
        let m = &self.machine;
        Some(match name {
            "A" => format!("A={} {:.12}", word_to_sex(m.a()), word_fraction(m.a())),
            "Q" => format!("Q={} {:.12}", word_to_sex(m.q()), word_fraction(m.q())),
            "C" | "PC" => {
                let (a, h) = m.control();
                format!("C={a:04}{} {}", h.letter(), order_at(m, a, h).to_text())
            }
            _ => return None,
        })
    }

    fn set_register(&mut self, name: &str, value: &[&str]) -> Option<Result<String, MonitorError>> {
        if !matches!(name, "A" | "Q" | "C" | "PC") {
            return None;
        }
        let [v] = value else {
            return Some(err(format!("deposit {name} VALUE")));
        };
        Some((|| match name {
            "A" => {
                let w = self.value(v)?;
                self.machine.set_a(w);
                Ok(format!("A={}", word_to_sex(w)))
            }
            "Q" => {
                let w = self.value(v)?;
                self.machine.set_q(w);
                Ok(format!("Q={}", word_to_sex(w)))
            }
            _ => {
                let (a, h) = self.address(v)?;
                let h = h.unwrap_or(Half::Left);
                self.machine.set_control(a, h);
                Ok(format!("C={a:04}{}", h.letter()))
            }
        })())
    }

    fn is_symbol(&self, text: &str) -> bool {
        self.plain_address(text).is_some()
    }

    fn address(&self, text: &str) -> Result<u32, MonitorError> {
        Silliac::address(self, text).map(|(a, _)| a as u32)
    }

    fn describe(&self, address: u32) -> String {
        self.describe_word(address as u16)
    }

    fn deposit(&mut self, address: &str, value: &[&str]) -> Result<String, MonitorError> {
        self.deposit_word(address, value)
    }

    fn location(&self, text: &str) -> Result<u32, MonitorError> {
        let (a, h) = Silliac::address(self, text)?;
        Ok(pc(a, h.unwrap_or(Half::Left)))
    }

    fn location_text(&self, loc: u32) -> String {
        let (a, h) = place(loc);
        format!("{a:04}{}", h.letter())
    }

    fn control(&self) -> u32 {
        let (a, h) = self.machine.control();
        pc(a, h)
    }

    fn key(&self, text: &str) -> Result<u8, MonitorError> {
        parse_function(text).ok_or_else(|| MonitorError(format!("`{text}` is not a function code")))
    }

    fn key_text(&self, key: u8) -> String {
        function_name(key)
    }

    fn order_at(&self, loc: u32) -> (Option<u8>, String) {
        let (a, h) = place(loc);
        let o = order_at(&self.machine, a, h);
        (Some(o.function), o.to_text())
    }

    fn counters(&self) -> (u64, u64) {
        (self.machine.orders(), self.machine.clock_ns())
    }

    fn budget_text(&self, time: bool) -> String {
        if time {
            Stop::TimeBudget
        } else {
            Stop::OrderBudget
        }
        .to_string()
    }

    fn step(&mut self) -> Option<String> {
        self.machine.step().map(|s| s.to_string())
    }

    fn run(&mut self, budget: Budget, breakpoint: Option<u32>) -> Option<Ended<u32>> {
        let stop = self.machine.run(Limits {
            max_orders: budget.orders,
            max_ns: budget.time,
            breakpoint: breakpoint.map(place),
        });
        Some(match stop {
            Stop::OrderBudget => Ended::OrderBudget,
            Stop::TimeBudget => Ended::TimeBudget,
            Stop::Breakpoint { address, half } => Ended::Break(pc(address, half)),
            other => Ended::Stop(other.to_string()),
        })
    }

    fn machine(&mut self) -> &mut Machine {
        &mut self.machine
    }

    fn symbols(&self) -> String {
        self.list_symbols()
    }

    fn command(
        &mut self,
        cmd: &str,
        args: &[&str],
        line: &str,
    ) -> Option<Result<String, MonitorError>> {
        let dev = args.first().map(|d| device(d));
        Some(match (cmd, dev, args) {
            ("attach", Some("reader"), [_, file]) => (|| {
                let frames =
                    read_tape_file(Path::new(file)).map_err(|e| MonitorError(e.to_string()))?;
                self.machine.reader_mut().push(&frames);
                Ok(format!("{file}: {} frames on the reader", frames.len()))
            })(),
            ("attach", Some("punch"), [_, file]) => {
                self.punch_file = Some(PathBuf::from(file));
                Ok(format!("punch output goes to {file} at detach"))
            }
            ("detach", Some("reader"), [_]) => {
                let n = self.machine.reader_mut().unload().len();
                Ok(format!("{n} unread frames taken off the reader"))
            }
            ("detach", Some("punch"), [_]) => self.detach_punch(),
            ("type", _, _) => (|| {
                let text = line[cmd.len()..].trim_start();
                let frames =
                    encode_text(text).map_err(|c| MonitorError(format!("cannot type {c}")))?;
                self.machine.reader_mut().push(&frames);
                Ok(format!("{} frames on the reader", frames.len()))
            })(),
            ("boot", _, []) => {
                self.machine.console_start();
                Ok("console start: the next run reads a word to 0 and goes to 0".into())
            }
            ("punch", _, []) => Ok(self.machine.punch().text()),
            _ => return None,
        })
    }

    fn devices(&self, width: usize) -> Vec<String> {
        let m = &self.machine;
        let text: Vec<char> = m
            .punch()
            .text()
            .replace(['\r', '\n'], "/")
            .chars()
            .collect();
        let tail: String = text[text.len().saturating_sub(width.saturating_sub(8))..]
            .iter()
            .collect();
        vec![
            format!(
                "reader: {} read, {} waiting",
                m.reader().position(),
                m.reader().available()
            ),
            format!("punch: {tail}"),
        ]
    }

    fn side_pane(&self, width: usize, status: String) -> Vec<String> {
        let mut out = vec!["store: 1,024 words (64 a line)".to_string()];
        out.extend(
            store_raster(self.machine.store().words())
                .iter()
                .map(|l| format!("|{l}|")),
        );
        out.push(String::new());
        out.extend(self.devices(width));
        out.push(status);
        out
    }

    fn finish(&mut self) -> Result<(), MonitorError> {
        if self.punch_file.is_some() {
            self.detach_punch()?;
        }
        Ok(())
    }
}

/// The 1,024-word store as SILLIAC's monitor tubes showed it: a raster of 64 x 16, one cell
/// a word, darker with more digits set.
pub fn store_raster(words: &[u64; 1024]) -> Vec<String> {
    const SHADES: [char; 5] = [' ', '.', ':', '+', '#'];
    words
        .chunks(64)
        .map(|row| {
            row.iter()
                .map(|w| SHADES[((w.count_ones() as usize) * 4).div_ceil(40)])
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{run_script, Console};

    const SUM: &str = "../assembler/testdata/sum.sil";

    fn mon() -> Monitor<Silliac> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assembler/testdata/sum.sil");
        let _ = SUM;
        monitor(Some(Program::load(&path).unwrap())).unwrap()
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
        assert_eq!(m.backend.machine.punch().text(), "375");
    }

    #[test]
    fn deposit_changes_the_result() {
        let mut m = mon();
        m.execute("d k 3").unwrap();
        m.execute("c").unwrap();
        assert_eq!(m.backend.machine.punch().text(), "065"); // 1+2+3 = 6 = #06
        m.execute("reset").unwrap();
        m.execute("d k 0000000004").unwrap();
        m.execute("d A 0.5").unwrap();
        assert!(m.execute("e A").unwrap().starts_with("A=4000000000"));
        m.execute("c").unwrap();
        assert_eq!(m.backend.machine.punch().text(), "0+5");
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
        let orders = m.backend.machine.orders();
        m.execute("step 3").unwrap();
        assert_eq!(m.backend.machine.orders(), orders + 3);
        let t = m.backend.machine.clock_ns();
        m.execute("run 1000 us").unwrap();
        assert!(m.backend.machine.clock_ns() >= t + 1_000_000);
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

    #[test]
    fn runs_in_slices_keep_budgets_and_take_the_interrupt() {
        use std::sync::atomic::Ordering;
        let mut m = monitor(None).unwrap();
        // 10: L4 11 | 26 10, endless and not tight.
        m.execute("d 10 L4 11 26 10").unwrap();
        m.execute("d pc 10").unwrap();
        m.interrupt.store(true, Ordering::Relaxed);
        let out = m.execute("go").unwrap();
        assert!(out.starts_with("interrupted at 0010L (Ctrl-C)"), "{out}");
        assert!(!m.interrupt.load(Ordering::Relaxed), "the request is taken");
        // A budget of several slices ends exactly, then a breakpoint across slices.
        let n = 2 * (1 << 22) + 3;
        let out = m.execute(&format!("run {n}")).unwrap();
        assert!(out.starts_with("order budget"), "{out}");
        assert_eq!(m.backend.machine.orders(), n);
        m.execute("b 10").unwrap();
        let out = m.execute("go").unwrap();
        assert!(out.starts_with("breakpoint at 0010L"), "{out}");
        assert_eq!(m.backend.machine.orders(), n + 1);
        m.interrupt.store(true, Ordering::Relaxed);
        assert!(m.execute("step 5").unwrap().starts_with("interrupted"));
    }

    #[test]
    fn the_raster_shades_a_word_by_its_digits() {
        let mut words = [0u64; 1024];
        words[1] = 1;
        words[2] = (1 << 40) - 1;
        let r = store_raster(&words);
        assert_eq!(r.len(), 16);
        assert!(r[0].starts_with(" .#"));
    }
}
