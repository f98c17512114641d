//! Instruction encoding cross-checked against SIMH's own symbolic assembler: for every row of
//! the emulator's table (`emu::ibm7090::isa::TABLE`, the one the FAP assembler uses) an
//! instruction with several address, tag and decrement values is assembled twice, by
//! `assembler::fap` from FAP source (decimal fields; the indicator orders' one operand in
//! octal) and by SIMH `i7094`'s `deposit -m` (octal fields; the ±0760 group with an operand is
//! written `SWT3`, as SIMH names it). The words must agree. Mnemonics SIMH's table does not know are listed, not compared. Ignored where the
//! build found no `i7094` (build.rs); under CI it runs.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::process::{Command, Stdio};

use assembler::fap;
use emu::ibm7090::isa::{is_extended, Format, InstrInfo, TABLE};

/// Known disagreements, each with its reason; a row listed here that agrees with SIMH is
/// fine (the list then only needs trimming). The channel commands, once numbered differently
/// in `isa.rs`, follow the 7090 (and SIMH) order IOCD 0, TCH 1, IORP 2, IORT 3, IOCP 4,
/// IOCT 5, IOSP 6, IOST 7. SCHC and SCHD: SIMH's symbol table assembles them as +0640 and
/// −0640 (SCHA, SCHB), while its executor stores channel C for +0641 and D for −0641 [SUP
/// `sim_instr`], as 9AP's op table and ours have them.
const KNOWN: &[&str] = &["SCHC", "SCHD"];

/// A word SIMH leaves in place when it refuses a `deposit -m`.
const SENTINEL: u64 = 0o707070707070;
/// Where the test words go in SIMH's store.
const BASE: u32 = 0o1000;

struct Case {
    info: &'static InstrInfo,
    /// FAP source (decimal) and SIMH's `deposit -m` text (octal).
    fap: String,
    simh: String,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let values = [
        (0u32, 0u8, 0u32),
        (100, 1, 3),
        (32767, 4, 32767),
        (12345, 7, 511),
    ];
    for info in TABLE {
        for (k, &(a, t, d)) in values.iter().enumerate() {
            let m = info.mnemonic;
            let (fap, simh) = match info.format {
                Format::Group0760 if info.operand_max > 0 => {
                    let n =
                        info.operand_min + (k as u16 % (info.operand_max - info.operand_min + 1));
                    (format!("{m} {n}"), format!("{m}{n}"))
                }
                Format::Group0760 => (m.to_string(), m.to_string()),
                // RCDA, WPRA, RTDA n: FAP's names for RDS 1321, WRS 1361, RDS 1200+n,
                // unknown to SIMH.
                _ if is_extended(info) => {
                    let base = TABLE
                        .iter()
                        .find(|i| i.format == Format::Io && i.opcode == info.opcode)
                        .expect("the row it extends");
                    let n = match info.operand_max {
                        0 => None,
                        max => Some(info.operand_min + k as u16 % (max - info.operand_min + 1)),
                    };
                    let unit = info.function + n.unwrap_or(0);
                    (
                        format!("{m} {},{t}", n.map_or(String::new(), |n| n.to_string())),
                        format!("{} {unit:o},{t}", base.mnemonic),
                    )
                }
                // The indicator orders: FAP writes the 18 bits as one octal operand.
                _ if fap::operations::boolean_operand(info) => (
                    format!("{m} {:o}", u32::from(t) << 15 | a),
                    format!("{m} {a:o},{t}"),
                ),
                Format::TypeA | Format::PrefixData | Format::ChannelCommand => {
                    (format!("{m} {a},{t},{d}"), format!("{m} {a:o},{t},{d:o}"))
                }
                // CVR: a count in bits 10-17, the XR A bit in the tag.
                Format::Convert => {
                    let c = d & 0o377;
                    (
                        format!("{m} {a},{},{c}", t & 1),
                        format!("{m} {a:o},{},{c:o}", t & 1),
                    )
                }
                // A count in bits 12-17 below 060 (which would be indirect).
                Format::Count => {
                    let c = d & 0o57;
                    (format!("{m} {a},{t},{c}"), format!("{m} {a:o},{t},{c:o}"))
                }
                _ if info.allows_indirect() && k % 2 == 1 => {
                    (format!("{m}* {a},{t}"), format!("{m}* {a:o},{t}"))
                }
                _ => (format!("{m} {a},{t}"), format!("{m} {a:o},{t}")),
            };
            out.push(Case { info, fap, simh });
        }
    }
    out
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn every_instruction_encodes_as_simh_assembles_it() {
    let cases = cases();
    let mut script = String::from("set cpu 7090\n");
    let mut ours = Vec::new();
    for (n, c) in cases.iter().enumerate() {
        let p = fap::assemble(&format!("       {}\n", c.fap), "x.fap")
            .unwrap_or_else(|e| panic!("{}: {e}", c.fap));
        ours.push(p.words[&0]);
        let at = BASE + n as u32;
        let _ = writeln!(
            script,
            "deposit {at:o} {SENTINEL:o}\ndeposit -m {at:o} {}",
            c.simh
        );
    }
    let _ = writeln!(
        script,
        "examine {BASE:o}-{:o}\nquit",
        BASE + cases.len() as u32 - 1
    );
    let dir = std::env::temp_dir().join(format!("fap-simh-enc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("enc.ini"), &script).unwrap();
    let out = match Command::new("i7094")
        .arg("enc.ini")
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
    {
        Ok(o) => String::from_utf8_lossy(&o.stdout).into_owned(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            panic!("SIMH's i7094 is not on the PATH: apt-get install simh")
        }
        Err(e) => panic!("cannot run i7094: {e}"),
    };
    std::fs::remove_dir_all(&dir).ok();
    let theirs: BTreeMap<u32, u64> = out
        .lines()
        .filter_map(|l| {
            let (a, v) = l.split_once(":\t")?;
            Some((
                u32::from_str_radix(a.trim(), 8).ok()?,
                u64::from_str_radix(v.trim(), 8).ok()?,
            ))
        })
        .collect();
    let mut refused: Vec<&str> = Vec::new();
    let mut differences = Vec::new();
    let mut compared = 0;
    for (n, c) in cases.iter().enumerate() {
        let Some(&w) = theirs.get(&(BASE + n as u32)) else {
            panic!("SIMH printed no word for {}\n{out}", c.simh);
        };
        if w == SENTINEL {
            if !refused.contains(&c.info.mnemonic) {
                refused.push(c.info.mnemonic);
            }
            continue;
        }
        compared += 1;
        if w != ours[n] {
            if KNOWN.contains(&c.info.mnemonic) {
                eprintln!(
                    "known difference: {} ours {:012o} SIMH {w:012o}",
                    c.fap, ours[n]
                );
                continue;
            }
            differences.push(format!(
                "{:<18} ours {:012o}  SIMH ({}) {:012o}",
                c.fap, ours[n], c.simh, w
            ));
        }
    }
    eprintln!(
        "{compared} instructions compared with SIMH; SIMH refuses some or all forms of: {}",
        refused.join(" ")
    );
    assert!(compared > 300, "{compared}");
    assert!(
        differences.is_empty(),
        "{} differences:\n{}",
        differences.len(),
        differences.join("\n")
    );
}
