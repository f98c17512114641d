//! The differential proof of the 7090 and 7094 emulator: random programs in the emulated
//! subset, written as FAP source, assembled by `assembler::fap` into an asm7090 object deck,
//! are run on `emu::ibm7090` and on SIMH's `i7094` (Debian package `simh`, `set cpu 7090` or
//! `set cpu 7094`), a peer nobody here wrote. After each program the PC, AC, MQ, index
//! registers A B C (on the 7094 XR1-XR7 and the multiple-tag mode), the overflow, divide-check
//! and MQ overflow indicators, the floating trap mode, the sense lights, the sense indicators
//! (which the 7094's double precision writes), trap mode, the channel trap enables and
//! hold-off, locations 0000-0041 (the traps' word at 0000 and their handlers) and the
//! program's code and data regions (and the words its self-rewriting loops turn orders by) are
//! compared; after each batch, the whole store. Each program also runs through the hot loop
//! (`Machine::run`) from the same state, which must leave what the single steps left. The 7094's
//! programs add its double-precision orders (at even and odd addresses), DLD, DST, SCA, SCD,
//! PCA, PCD, EMTM and LMTM, and tags naming any of the seven registers in either mode.
//!
//! Both machines run each program for at most `STEPS` instruction fetches (SIMH `step`), so
//! programs whose loops run long, or whose stores wander (an index register loaded from data
//! makes any address possible), still end at the same point on both. One SIMH process runs a
//! whole batch; the emulator keeps one `Machine` per batch as well, so the store carries over
//! from program to program on both sides alike.
//!
//! Programs are generated from a seeded proptest `TestRng`, so every run checks the same
//! programs. `cargo test --test simh_7090` runs the default campaign (a few thousand
//! programs); `cargo test --test simh_7090 -- --ignored` runs a longer one with other seeds.

use assembler::fap;
use emu::ibm7090::cpu::{ChannelTraps, ENABLE_BITS};
use emu::ibm7090::{Limits, Machine, Model, Stop};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

mod common;
#[path = "simh_7090/gen.rs"]
mod gen;

use common::i7094;
use emu::ibm7090::isa::by_mnemonic;
use gen::{gen_case, Case, Gen, CODE, DATA, DATA_WORDS, HANDLER, SELF};

/// Instruction fetches per program on both machines.
const STEPS: u32 = 3000;

/// The state compared after a program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct State {
    regs: BTreeMap<String, u64>,
    mem: BTreeMap<u16, u64>,
}

fn regions() -> Vec<(u16, u16)> {
    vec![
        (0, HANDLER + 1),
        (CODE, CODE + 63),
        (DATA, DATA + DATA_WORDS - 1),
        (SELF, SELF + 7),
    ]
}

/// The index registers compared: A, B, C on the 7090, all seven on the 7094.
fn xr_numbers(model: Model) -> &'static [usize] {
    match model {
        Model::Ibm7094 => &[1, 2, 3, 4, 5, 6, 7],
        _ => &[1, 2, 4],
    }
}

fn emulator_state(m: &Machine) -> State {
    let mut regs = BTreeMap::new();
    regs.insert("PC".into(), m.ic as u64);
    regs.insert("AC".into(), m.ac);
    regs.insert("MQ".into(), m.mq);
    for &n in xr_numbers(m.model()) {
        regs.insert(format!("XR{n}"), m.xr[n] as u64);
    }
    if m.model() == Model::Ibm7094 {
        regs.insert("MULTI".into(), m.multi_tag as u64);
    }
    regs.insert("OVF".into(), m.overflow as u64);
    regs.insert("DVC".into(), m.divide_check as u64);
    regs.insert("FTRAP".into(), m.floating_trap as u64);
    regs.insert("MQO".into(), m.mq_overflow as u64);
    regs.insert("SI".into(), m.sense_indicators);
    regs.insert("TTRAP".into(), m.trap_mode as u64);
    regs.insert("CHTR_ENAB".into(), m.channel_traps.enable as u64);
    regs.insert("CHTR_INHT".into(), m.channel_traps.inhibit as u64);
    for n in 1..=4 {
        regs.insert(format!("SL{n}"), (m.sense_lights >> (n - 1)) as u64 & 1);
    }
    let mut mem = BTreeMap::new();
    for (a, b) in regions() {
        for x in a..=b {
            mem.insert(x, m.mem()[x as usize]);
        }
    }
    State { regs, mem }
}

/// The registers compared (the index registers and the 7094's mode by `compared`).
const COMPARED: &[&str] = &[
    "PC",
    "AC",
    "MQ",
    "OVF",
    "DVC",
    "FTRAP",
    "MQO",
    "SL1",
    "SL2",
    "SL3",
    "SL4",
    "SI",
    "TTRAP",
    "CHTR_ENAB",
    "CHTR_INHT",
];

/// Every register compared on `model`.
fn compared(model: Model) -> Vec<String> {
    let mut names: Vec<String> = COMPARED.iter().map(|r| r.to_string()).collect();
    names.extend(xr_numbers(model).iter().map(|n| format!("XR{n}")));
    if model == Model::Ibm7094 {
        names.push("MULTI".into());
    }
    names
}

/// The SIMH command file for a batch; decks are written into `dir`.
fn simh_script(model: Model, cases: &[(Case, fap::Program)], dir: &Path) -> String {
    // The emulator's machine has channel B with its ten tape units; SIMH's has only A unless
    // told.
    let mut s = format!("set cpu {model}\nset chanb enabled\nset mtb enabled\n");
    for (n, (c, p)) in cases.iter().enumerate() {
        let deck = dir.join(format!("c{n}.obj"));
        std::fs::write(&deck, p.object_deck()).unwrap();
        let _ = writeln!(s, "load {}", deck.display());
        for &x in xr_numbers(model) {
            let _ = writeln!(s, "deposit XR{x} {:o}", c.xr[x]);
        }
        if model == Model::Ibm7094 {
            // Not left to `set cpu` or a reset: SIMH keeps the mode across them.
            let _ = writeln!(s, "deposit MULTI {}", c.multi as u8);
        }
        let regs = [
            ("AC", c.ac),
            ("MQ", c.mq),
            ("OVF", c.overflow as u64),
            ("DVC", c.divide_check as u64),
            ("FTRAP", c.floating_trap as u64),
            ("MQO", c.mq_overflow as u64),
            ("KEYS", c.keys),
            ("SI", c.indicators),
            ("TTRAP", c.trap as u64),
            ("CHTR_ENAB", 0),
            ("CHTR_INHT", 0),
        ];
        for (r, v) in regs {
            let _ = writeln!(s, "deposit {r} {v:o}");
        }
        for n in 1..=4 {
            let _ = writeln!(s, "deposit SL{n} {}", (c.lights >> (n - 1)) & 1);
        }
        for n in 1..=6 {
            let _ = writeln!(s, "deposit SS{n} {}", (c.switches >> (n - 1)) & 1);
        }
        // A previous program's HTR leaves a restart pending in SIMH; clear it.
        let _ = writeln!(
            s,
            "deposit HTPEND 0\ndeposit PC {CODE:o}\nstep {STEPS}\necho @@CASE {n}"
        );
        for r in compared(model).iter().chain(&["HTADDR".to_string()]) {
            let _ = writeln!(s, "examine {r}");
        }
        for (a, b) in regions() {
            let _ = writeln!(s, "examine {a:o}-{b:o}");
        }
    }
    s.push_str("echo @@STORE\nexamine 0-77777\nquit\n");
    s
}

/// Parse `NAME:\tvalue` and `addr:\tvalue` lines (octal) into states, one per `@@CASE`, and
/// the final store.
fn parse_simh(out: &str) -> (Vec<State>, Vec<u64>) {
    let mut states: Vec<State> = Vec::new();
    let mut store = vec![0u64; 32768];
    let mut in_store = false;
    for line in out.lines() {
        if line.starts_with("@@CASE") {
            states.push(State::default());
            continue;
        }
        if line.starts_with("@@STORE") {
            in_store = true;
            continue;
        }
        let Some((k, v)) = line.split_once(":\t") else {
            continue;
        };
        let Ok(v) = u64::from_str_radix(v.trim(), 8) else {
            continue;
        };
        if in_store {
            if let Ok(a) = u16::from_str_radix(k.trim(), 8) {
                store[a as usize] = v;
            }
        } else if let Some(st) = states.last_mut() {
            match u16::from_str_radix(k.trim(), 8) {
                Ok(a) => {
                    st.mem.insert(a, v);
                }
                Err(_) => {
                    st.regs.insert(k.trim().to_string(), v);
                }
            }
        }
    }
    (states, store)
}

/// A code the 7090 does not have that SIMH's 7090 executes (docs/ibm7090.md, Differences 3):
/// ESNT (−0021), LDA (+0460), CPY (+0700), CAD (−0700), SCD (±0644-0647).
fn simh_only(word: u64) -> bool {
    matches!(
        (word >> 24) & 0o7777,
        0o4021 | 0o0460 | 0o0700 | 0o4700 | 0o0644..=0o0647 | 0o4644..=0o4647
    )
}

fn oct(v: Option<&u64>) -> String {
    v.map_or("-".to_string(), |v| format!("{v:o}"))
}

/// How the compared programs ended.
#[derive(Default)]
struct Ends {
    halts: usize,
    /// Programs that ended on an I/O order the machine cannot do.
    channel_stops: usize,
    illegal: usize,
    xec_loops: usize,
    in_trap_mode: usize,
    /// Programs that took a floating trap (0000's decrement changed to a spill code).
    floating_traps: usize,
    /// Programs that ended with channel traps enabled (ENB of a word with enable bits).
    traps_enabled: usize,
    /// The 7094: programs that ended out of multiple-tag mode, and executions of its own
    /// orders (from the cycle profile).
    seven_registers: usize,
    ibm7094_orders: u64,
    /// Programs the hot loop's twin ran with no budget (they stop by themselves), and those
    /// it stopped on a tight loop (not compared).
    hot_runs: usize,
    hot_tight: usize,
}

impl Ends {
    fn add(&mut self, o: &Ends) {
        self.halts += o.halts;
        self.channel_stops += o.channel_stops;
        self.illegal += o.illegal;
        self.xec_loops += o.xec_loops;
        self.in_trap_mode += o.in_trap_mode;
        self.floating_traps += o.floating_traps;
        self.traps_enabled += o.traps_enabled;
        self.seven_registers += o.seven_registers;
        self.ibm7094_orders += o.ibm7094_orders;
        self.hot_runs += o.hot_runs;
        self.hot_tight += o.hot_tight;
    }
}

/// A program's words and starting state, over what the batch's store holds.
fn set_case(m: &mut Machine, c: &Case, p: &assembler::fap::Program) {
    for (&a, &w) in &p.words {
        m.mem_mut()[a as usize] = w;
    }
    m.ac = c.ac;
    m.mq = c.mq;
    m.xr = c.xr;
    m.multi_tag = c.multi;
    m.overflow = c.overflow;
    m.divide_check = c.divide_check;
    m.floating_trap = c.floating_trap;
    m.mq_overflow = c.mq_overflow;
    m.sense_lights = c.lights;
    m.sense_switches = c.switches;
    m.keys = c.keys;
    m.sense_indicators = c.indicators;
    m.trap_mode = c.trap;
    m.channel_traps = ChannelTraps::default();
    m.halt_trap = None;
    m.ic = CODE as u32;
}

/// The hot loop's run of the program `m` ran by single steps (`count`: its instructions and
/// cycles, ending with `stop`): a program that stopped runs under a budget far above its count
/// (the hot loop in whole slices), one the fetch limit ended runs to the same count. It must
/// stop alike and leave what the single steps left; a tight loop it stops on, where single
/// steps go on, is not compared.
fn hot_twin(
    h: &mut Machine,
    m: &Machine,
    stop: Option<Stop>,
    count: (u64, u64),
    ends: &mut Ends,
) -> Option<String> {
    let start = (h.instructions(), h.cycles());
    let limits = match stop {
        Some(_) => Limits::instructions(count.0 + 1_000_000),
        None => Limits::instructions(count.0),
    };
    let got = h.run(limits);
    if let Stop::TightLoop { .. } = got {
        if stop.is_none() {
            ends.hot_tight += 1;
            return None;
        }
    }
    ends.hot_runs += stop.is_some() as usize;
    let want = stop.unwrap_or(Stop::InstructionBudget);
    let (a, b) = (emulator_state(h), emulator_state(m));
    let counts = (h.instructions() - start.0, h.cycles() - start.1);
    if got != want || a != b || counts != count {
        return Some(format!(
            "the hot loop ended {got:?} after {counts:?} instructions and cycles, single steps \
             {want:?} after {count:?}; registers and store alike: {}",
            a == b
        ));
    }
    None
}

/// The report of a program that ended unlike SIMH's: each register and word that differs.
fn difference(
    model: Model,
    seed: u64,
    n: usize,
    stop: Option<Stop>,
    ours: &State,
    theirs: &State,
    source: &str,
) -> String {
    let mut r = format!("{model} seed {seed} case {n} (stop {stop:?}):\n");
    for k in compared(model) {
        let (a, b) = (ours.regs.get(&k), theirs.regs.get(&k));
        if a != b {
            let _ = writeln!(r, "  {k}: firstmoves {} SIMH {}", oct(a), oct(b));
        }
    }
    for (a, w) in &ours.mem {
        let t = theirs.mem.get(a);
        if Some(w) != t {
            let _ = writeln!(r, "  {a:05o}: firstmoves {w:012o} SIMH {}", oct(t));
        }
    }
    let _ = write!(r, "{source}");
    r
}

/// Run one batch; returns (programs compared, how they ended, difference reports). Programs
/// after one that left the subset are not compared (and not counted).
fn batch(model: Model, seed: u64, count: usize, simh: &Path) -> (usize, Ends, Vec<String>) {
    let mut g = Gen::new(seed, model);
    let mut cases = Vec::with_capacity(count);
    for _ in 0..count {
        let c = gen_case(&mut g);
        let p = match fap::assemble(&c.source, "generated.fap") {
            Ok(p) => p,
            Err(e) => panic!("generated program does not assemble: {e}\n{}", c.source),
        };
        cases.push((c, p));
    }
    let dir = std::env::temp_dir().join(format!(
        "firstmoves-simh-{}-{model}-{seed}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("batch.ini");
    std::fs::write(&script, simh_script(model, &cases, &dir)).unwrap();
    let out = Command::new(simh)
        .arg(&script)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("i7094 runs");
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&out.stdout);
    let (simh_states, simh_store) = parse_simh(&text);
    assert_eq!(
        simh_states.len(),
        count,
        "SIMH output:\n{}",
        &text[..text.len().min(4000)]
    );

    let mut m = Machine::with_model(model);
    m.set_profile(true);
    // The hot loop's twin: each program from the same state, by `run` (no profile, so through
    // the hot loop), must end as the single steps did.
    let mut h = Machine::with_model(model);
    let mut reports = Vec::new();
    let mut left_subset = 0;
    let mut ends = Ends::default();
    for (n, ((c, p), theirs)) in cases.iter().zip(&simh_states).enumerate() {
        set_case(&mut m, c, p);
        h.mem_mut().copy_from_slice(m.mem());
        set_case(&mut h, c, p);
        let start = (m.instructions(), m.cycles());
        let mut stop = None;
        for _ in 0..STEPS {
            if let Some(s) = m.step() {
                stop = Some(s);
                break;
            }
        }
        let outside = match stop {
            Some(Stop::Unimplemented { .. }) => true,
            Some(Stop::IllegalOrder { word, .. }) => simh_only(word),
            _ => false,
        };
        if outside {
            // The program executed a word outside the subset (a data word its wandering stores
            // put where XEC or a trap looks): SIMH went on with it, so from here the two
            // machines no longer hold the same state (SIMH's ESNT, for one, leaves storage
            // nullification on for the rest of the batch); the rest is not compared.
            left_subset = cases.len() - n;
            break;
        }
        let count = (m.instructions() - start.0, m.cycles() - start.1);
        if let Some(r) = hot_twin(&mut h, &m, stop, count, &mut ends) {
            reports.push(format!("{model} seed {seed} case {n}: {r}\n{}", c.source));
        }
        match stop {
            Some(Stop::IllegalOrder { .. }) => ends.illegal += 1,
            Some(Stop::XecLoop { .. }) => ends.xec_loops += 1,
            _ => {}
        }
        ends.in_trap_mode += m.trap_mode as usize;
        let decrement = |w: u64| (w >> 18) & 0o77777;
        let zero = p.words.get(&0).copied().unwrap_or(0);
        if decrement(m.mem()[0]) != decrement(zero) && (1..=0o17).contains(&decrement(m.mem()[0])) {
            ends.floating_traps += 1;
        }
        ends.traps_enabled += (m.channel_traps.enable != 0) as usize;
        ends.seven_registers += !m.multi_tag as usize;
        let mut ours = emulator_state(&m);
        let mut theirs = theirs.clone();
        // SIMH keeps ENB's whole low half; the 7090's register has the channels' bits.
        if let Some(e) = theirs.regs.get_mut("CHTR_ENAB") {
            *e &= ENABLE_BITS as u64;
        }
        let htr = theirs.regs.remove("HTADDR");
        if let Some(Stop::Halt {
            address, target, ..
        }) = stop
        {
            ends.halts += 1;
            // SIMH halts on HTR with PC at the next instruction and the restart address in
            // HTADDR; the emulator's IC already holds the restart address (docs/ibm7090.md,
            // Differences 1). Compare both facts.
            ours.regs
                .insert("PC".into(), ((address + 1) & 0o77777) as u64);
            if htr != Some(target as u64) {
                reports.push(format!(
                    "seed {seed} case {n}: HTR restart address firstmoves {target:o} SIMH {}\n{}",
                    oct(htr.as_ref()),
                    c.source
                ));
            }
        }
        if let Some(Stop::Channel { address, .. }) = stop {
            ends.channel_stops += 1;
            // An I/O order the machine cannot do (a word the program computed, run as a select
            // or channel order of a channel or unit it lacks): the emulator leaves its IC on
            // the order, SIMH its PC past it (docs/ibm7090.md, Differences 1); the same stop.
            if m.ic == address as u32 {
                ours.regs
                    .insert("PC".into(), ((address + 1) & 0o77777) as u64);
            }
        }
        if ours != theirs {
            reports.push(difference(model, seed, n, stop, &ours, &theirs, &c.source));
        }
    }
    ends.ibm7094_orders = m.profile().map_or(0, |p| {
        p.rows()
            .filter(|(info, _)| !info.on(Model::Ibm7090))
            .map(|(_, r)| r.count)
            .sum()
    });
    if reports.is_empty() && left_subset == 0 {
        for (a, (&ours, &theirs)) in m.mem().iter().zip(&simh_store).enumerate() {
            if ours != theirs {
                reports.push(format!(
                    "seed {seed}: store after the batch differs at {a:05o}: firstmoves {ours:012o} SIMH {theirs:012o}"
                ));
                break;
            }
        }
    }
    (count - left_subset, ends, reports)
}

fn campaign(model: Model, seeds: std::ops::Range<u64>, per_batch: usize) {
    let simh = i7094();
    let mut total = 0;
    let mut ends = Ends::default();
    let mut reports = Vec::new();
    let seeds_len = seeds.end as usize - seeds.start as usize;
    for seed in seeds {
        let (n, e, r) = batch(model, seed, per_batch, &simh);
        total += n;
        ends.add(&e);
        reports.extend(r);
    }
    let ibm7094 = match model {
        Model::Ibm7094 => format!(
            "; {} ended out of multiple-tag mode; {} executions of the 7094's orders",
            ends.seven_registers, ends.ibm7094_orders
        ),
        _ => String::new(),
    };
    println!(
        "{model}: {total} of {} programs compared with SIMH i7094 ({} followed a program that left the \
         subset in their batch; {} ended on HTR, {} on an I/O order it cannot do, {} on an illegal order, {} on an XEC loop, {} \
         in trap mode; {} took a floating trap; {} ended with channel traps enabled{ibm7094}; the \
         hot loop ran {} with no budget, {} to a tight loop), {} differences",
        seeds_len * per_batch,
        seeds_len * per_batch - total,
        ends.halts,
        ends.channel_stops,
        ends.illegal,
        ends.xec_loops,
        ends.in_trap_mode,
        ends.floating_traps,
        ends.traps_enabled,
        ends.hot_runs,
        ends.hot_tight,
        reports.len()
    );
    for r in reports.iter().take(5) {
        println!("{r}");
    }
    assert!(
        reports.is_empty(),
        "{} of {total} programs differ",
        reports.len()
    );
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn random_programs_agree_with_simh() {
    campaign(Model::Ibm7090, 0..40, 200);
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn random_7094_programs_agree_with_simh() {
    campaign(Model::Ibm7094, 0..40, 200);
}

#[test]
#[ignore = "long campaign: 100,000 more programs"]
fn random_programs_agree_with_simh_long() {
    campaign(Model::Ibm7090, 1000..1500, 200);
}

#[test]
#[ignore = "long campaign: 100,000 more programs on the 7094"]
fn random_7094_programs_agree_with_simh_long() {
    campaign(Model::Ibm7094, 1000..1500, 200);
}

/// SIMH's console output for the command file `script`, run in a scratch folder `name`.
fn simh_console(name: &str, script: &str) -> String {
    let dir = std::env::temp_dir().join(format!("firstmoves-simh-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ini = dir.join(format!("{name}.ini"));
    std::fs::write(&ini, script).unwrap();
    let out = common::i7094_console(&ini, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// The instruction table's codes against SIMH's own disassembler (`examine -m`), an
/// independent transcription of the same codes (i7094_sys.c).
#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn instruction_table_agrees_with_simh_disassembler() {
    use emu::ibm7090::isa::{Format, TABLE};
    let rows: Vec<_> = TABLE
        .iter()
        .filter(|i| !matches!(i.format, Format::ChannelCommand | Format::PrefixData))
        .filter(|i| !emu::ibm7090::isa::is_extended(i))
        .collect();
    let mut s = String::from("set cpu 7090\n");
    for (n, info) in rows.iter().enumerate() {
        // The last operand that decodes to this row (PSE, MSE: 77777, an unassigned address).
        let w = (info.operand_min..=info.operand_max)
            .rev()
            .map(|a| info.encode(a as u32, 0, 0, false))
            .find(|&w| emu::ibm7090::decode(w).is_some_and(|i| std::ptr::eq(i, *info)))
            .expect("an operand that decodes to the row");
        let _ = writeln!(s, "deposit {:o} {w:o}", 0o1000 + n);
    }
    let _ = writeln!(s, "examine -m 1000-{:o}\nquit", 0o1000 + rows.len() - 1);
    let text = simh_console("isa", &s);
    let mut names = BTreeMap::new();
    for line in text.lines() {
        if let Some((a, d)) = line.split_once(":\t") {
            if let Ok(a) = u16::from_str_radix(a.trim(), 8) {
                let name: String = d
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .trim_end_matches(|c: char| c.is_ascii_digit() || c == '*')
                    .to_string();
                names.insert(a, name);
            }
        }
    }
    // SIMH's disassembler names two codes differently from its own executor (i7094_cpu.c
    // executes 01114 as CAQ and 01535 as LDC, with the comments "CAQ" and "LDC"); the
    // manual's names are CAQ −0114 (CE manual p.138) and LDC −0535 (notes §2).
    // It has no names for the printer and punch senses (it writes the generic PSE with the
    // address) nor for +0641/−0641 (SCHC, SCHD), which its executor runs as store channel C
    // and D (9AP's op table names them so).
    let known = [
        ("CAQ", "CVR"),
        ("LDC", "LXC"),
        ("SPUA", "PSE"),
        ("SPTA", "PSE"),
        ("SPRA", "PSE"),
        ("SCHC", ""),
        ("SCHD", ""),
    ];
    let mut differ = Vec::new();
    for (n, info) in rows.iter().enumerate() {
        let theirs = names.get(&(0o1000 + n as u16)).cloned().unwrap_or_default();
        if theirs != info.mnemonic && !known.contains(&(info.mnemonic, theirs.as_str())) {
            differ.push(format!(
                "{} {:04o}: SIMH says {theirs}",
                info.mnemonic, info.opcode
            ));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// The channels' tests (TCO, TCN, TRC, TEF, BTT, ETT) of every channel, A-B present and C-H
/// absent, each run alone on both machines with every indicator off: it goes on (HTR at 0101),
/// skips (0102) or transfers (0103) alike, but for BTTH, which SIMH's i7094 runs as no
/// operation (docs/ibm7090.md, Differences 8).
#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn channel_tests_agree_with_simh() {
    use emu::ibm7090::isa::{Format, Op, TABLE};
    let rows: Vec<_> = TABLE
        .iter()
        .filter(|i| {
            matches!(
                i.op,
                Op::Tco | Op::Tcn | Op::Trc | Op::Tef | Op::Btt | Op::Ett
            )
        })
        .collect();
    let halts = [(0o101, 0o101), (0o102, 0o102), (0o103, 0o103)]
        .map(|(a, y)| (a, by_mnemonic("HTR").unwrap().encode(y, 0, 0, false)));
    let mut s = String::from("set cpu 7090\nset chanb enabled\nset mtb enabled\n");
    let mut ours = Vec::new();
    for info in &rows {
        // The transfers to 0103; BTT and ETT name their function by the address.
        let y = match info.format {
            Format::Group0760 => info.operand_min as u32,
            _ => 0o103,
        };
        let w = info.encode(y, 0, 0, false);
        let mut m = Machine::new();
        m.mem_mut()[0o100] = w;
        let _ = writeln!(s, "deposit 100 {w:o}");
        for (a, h) in halts {
            m.mem_mut()[a] = h;
            let _ = writeln!(s, "deposit {a:o} {h:o}");
        }
        m.ic = 0o100;
        match m.run(Limits::instructions(10)) {
            Stop::Halt { address, .. } => ours.push(address),
            other => panic!("{}: {other:?}", info.mnemonic),
        }
        let _ = writeln!(s, "deposit HTPEND 0\ngo 100\necho @@HALT\nexamine PC");
    }
    s.push_str("quit\n");
    let text = simh_console("ch", &s);
    // SIMH stops with PC past the HTR (Differences 1).
    let theirs: Vec<u16> = text
        .split("@@HALT")
        .skip(1)
        .map(|t| {
            let pc = t.lines().find_map(|l| l.strip_prefix("PC:\t")).expect("PC");
            u16::from_str_radix(pc.trim(), 8).unwrap() - 1
        })
        .collect();
    assert_eq!(theirs.len(), rows.len(), "{text}");
    let mut differ = Vec::new();
    for ((info, &a), &b) in rows.iter().zip(&ours).zip(&theirs) {
        if a != b {
            differ.push(format!("{} firstmoves {a:o} SIMH {b:o}", info.mnemonic));
        }
    }
    assert_eq!(differ, ["BTTH firstmoves 102 SIMH 101"]);
}

/// scripts/bench-7090.fap, assembled, and the machine that has run it to its end.
fn benchmark_run() -> (fap::Program, emu::ibm7090::Machine) {
    use emu::ibm7090::bench::bench_machine;
    use emu::ibm7090::Limits;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(root.join("scripts/bench-7090.fap")).unwrap();
    let p = fap::assemble(&source, "bench-7090.fap").unwrap();
    let mut m = bench_machine();
    let stop = m.run(Limits::none());
    assert_eq!(stop, Stop::HaltProceed { address: 0o114 });
    (p, m)
}

/// scripts/bench-7090.fap assembles to the words `firstmoves bench 7090` runs, and the whole
/// 90-million-instruction program takes the instructions and cycles counted by hand.
#[test]
fn benchmark_program_is_the_one_the_bench_runs() {
    use emu::ibm7090::bench::{bench_program, BENCH_INSTRUCTIONS};
    let (p, m) = benchmark_run();
    let mut ours: BTreeMap<u16, u64> = bench_program().into_iter().collect();
    ours.entry(0o202).or_insert(0);
    assert_eq!(p.words, ours);
    assert_eq!(m.instructions(), BENCH_INSTRUCTIONS);
    // Per inner trip 17 cycles; per outer trip AXT and TIX; the first AXT and the HPR.
    assert_eq!(m.cycles(), 1 + 5000 * (1 + 2000 * 17 + 1) + 1);
}

/// The benchmark program ends with the same registers on SIMH as here.
#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn benchmark_program_ends_alike_on_simh() {
    let (p, m) = benchmark_run();
    let simh = i7094();
    let dir = std::env::temp_dir().join(format!("firstmoves-simh-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let deck = dir.join("bench.obj");
    std::fs::write(&deck, p.object_deck()).unwrap();
    let script = dir.join("bench.ini");
    std::fs::write(
        &script,
        format!(
            "set cpu 7090\nload {}\ngo 100\necho @@CASE 0\nexamine PC\nexamine AC\nexamine MQ\n\
             examine XR1\nexamine XR2\nexamine XR4\nexamine OVF\nquit\n",
            deck.display()
        ),
    )
    .unwrap();
    let out = Command::new(simh)
        .arg(&script)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("i7094 runs");
    let _ = std::fs::remove_dir_all(&dir);
    let (states, _) = parse_simh(&String::from_utf8_lossy(&out.stdout));
    let ours = emulator_state(&m);
    for r in ["PC", "AC", "MQ", "XR1", "XR2", "XR4", "OVF"] {
        assert_eq!(ours.regs.get(r), states[0].regs.get(r), "{r}");
    }
}
