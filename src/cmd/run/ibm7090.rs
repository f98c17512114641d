//! `firstmoves run FILE.fap|FILE.obj`: assemble (or read the asm7090 object deck), load it
//! into the IBM 7090's store, run from its start address to a stop, and report.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Context};
use emu::ibm7090::{Limits, Machine, Stop};
use serde_json::json;

use super::RunArgs;

/// Instructions per slice when tracing, so the trace is printed as it grows.
const TRACE_SLICE: u64 = 100_000;

/// Whether a file is a 7090 program (by extension).
pub fn is_7090_file(file: &Path) -> bool {
    file.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("fap") || e.eq_ignore_ascii_case("obj"))
}

/// The words of a `.fap` source or `.obj` deck, and the start address.
pub fn load_program(file: &Path) -> anyhow::Result<(BTreeMap<u16, u64>, u16)> {
    let name = file.display().to_string();
    let text = std::fs::read_to_string(file).with_context(|| format!("reading {name}"))?;
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

/// Sense switch numbers (`1,3`, or `1 3`) as the bits of the sense switches (the operator's
/// panel: `--switches` here, `switches` in the console).
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
/// which ENK copies into MQ (`--keys` here, `keys` in the console).
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

pub fn run(args: &RunArgs) -> anyhow::Result<()> {
    if args.tape.is_some() || args.punch.is_some() || args.limit_us.is_some() {
        bail!("--tape, --punch and --limit-us are SILLIAC options; the 7090 takes --cards, --printer and --limit-cycles");
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
    let (words, start) = load_program(&args.file)?;
    let mut m = Machine::new();
    for (&a, &w) in &words {
        m.mem[a as usize] = w;
    }
    m.ic = start as u32;
    m.sense_switches = switches;
    m.keys = keys;
    if let Some(cards) = &args.cards {
        let text = std::fs::read_to_string(cards)
            .with_context(|| format!("reading {}", cards.display()))?;
        m.channel.load_cards(&text);
    }
    m.set_trace(args.trace);
    let stop = run_with_trace(
        &mut m,
        Limits {
            max_instructions: args.limit_orders,
            max_cycles: args.limit_cycles,
        },
        args.json,
    );
    let printed = m.channel.printed.join("\n");
    if let Some(path) = &args.printer {
        let mut text = printed.clone();
        if !text.is_empty() {
            text.push('\n');
        }
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    let xr = |i: usize| format!("{:05o}", m.xr[i]);
    if args.json {
        let dump: BTreeMap<String, String> = match dump {
            Some((a, b)) => (a..=b)
                .map(|x| (format!("{x:05o}"), format!("{:012o}", m.mem[x as usize])))
                .collect(),
            None => BTreeMap::new(),
        };
        let out = json!({
            "machine": "ibm7090",
            "file": args.file.display().to_string(),
            "start": format!("{start:05o}"),
            "instructions": m.instructions(),
            "cycles": m.cycles(),
            "emulated_us": m.emulated_us(),
            "stop": {
                "reason": stop.reason(),
                "address": stop.address().map(|a| format!("{a:05o}")),
                "message": stop.to_string(),
            },
            "ic": format!("{:05o}", m.ic),
            "ac": format!("{:013o}", m.ac),
            "mq": format!("{:012o}", m.mq),
            "xr": { "a": xr(0), "b": xr(1), "c": xr(2) },
            "indicators": {
                "overflow": m.overflow,
                "divide_check": m.divide_check,
                "sense_lights": (1..=4).filter(|n| m.sense_lights & (1 << (n - 1)) != 0).collect::<Vec<u8>>(),
            },
            "cards_read": m.channel.cards_read,
            "printed": m.channel.printed,
            "dump": dump,
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        if args.printer.is_none() && !printed.is_empty() {
            println!("{printed}");
        }
        if let Some((a, b)) = dump {
            for x in a..=b {
                println!("{x:05o} {:012o}", m.mem[x as usize]);
            }
        }
        eprintln!(
            "stop: {stop}; {} instructions, {} cycles, {:.2} emulated us; AC={:013o} MQ={:012o} XR={} {} {}",
            m.instructions(),
            m.cycles(),
            m.emulated_us(),
            m.ac,
            m.mq,
            xr(0),
            xr(1),
            xr(2)
        );
    }
    if stop.is_error() {
        std::process::exit(1);
    }
    if matches!(stop, Stop::InstructionBudget | Stop::CycleBudget) {
        std::process::exit(2);
    }
    Ok(())
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

    /// The card-listing example of docs/ibm7090.md: reads cards until the hopper is empty,
    /// printing a heading and each card.
    const CARDS_FAP: &str = r#"       ORG     64
START  WPRA
       RCHA    HEADC
LOOP   RCDA
       RCHA    READC
       WPRA
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
    fn cards_in_lines_out() {
        let p = assembler::fap::assemble(CARDS_FAP, "cards.fap").unwrap();
        let mut m = Machine::new();
        for (&a, &w) in &p.words {
            m.mem[a as usize] = w;
        }
        m.ic = p.start as u32;
        m.channel
            .load_cards("FIRST CARD, 80 COLUMNS\n(X+Y)*2 = 4/5\n");
        let stop = m.run(Limits::instructions(1000));
        assert_eq!(stop, Stop::ReaderEmpty { address: 0o102 });
        assert_eq!(
            m.channel.printed,
            vec!["CARDS READ", "FIRST CARD, 80 COLUMNS", "(X+Y)*2 = 4/5"]
        );
        // WPRA RCHA, then per card RCDA RCHA WPRA RCHA TRA: 2 + 2 + (2 + 2 + 2 + 2 + 1) x 2.
        assert_eq!(m.instructions(), 2 + 5 * 2);
        assert_eq!(m.cycles(), 4 + 9 * 2);
    }

    #[test]
    fn options() {
        assert_eq!(parse_switches("1,3").unwrap(), 0b101);
        assert!(parse_switches("7").is_err());
        assert_eq!(switch_bits("2 6").unwrap(), 0b100010);
        assert_eq!(keys_word("777").unwrap(), 0o777);
        assert_eq!(keys_word("-5").unwrap(), 1 << 35 | 5);
        assert_eq!(keys_word("777777777777").unwrap(), (1 << 36) - 1);
        assert!(keys_word("1777777777777").is_err());
        assert!(keys_word("-400000000000").is_err());
        assert!(keys_word("8").is_err());
        assert_eq!(parse_dump("200-210").unwrap(), (0o200, 0o210));
        assert_eq!(parse_dump("77777").unwrap(), (0o77777, 0o77777));
        assert!(parse_dump("210-200").is_err());
        assert!(parse_dump("9").is_err());
    }
}
