//! The instruction table as docs/ibm7090.md shows it.

use super::{Format, Status, Timing, ALIASES, TABLE};
use crate::ibm7090::model::Model;

/// The instruction table as a Markdown table (docs/ibm7090.md embeds it; a test keeps the two
/// identical).
pub fn markdown_table() -> String {
    let mut s = String::from(
        "| Mnemonic | Octal | Format | Cycles | Cycle source | Status | What it does |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for i in TABLE {
        if matches!(i.format, Format::PrefixData) {
            continue;
        }
        let sign = |code: u16| if code & 0o4000 != 0 { "−" } else { "+" };
        let code = match i.format {
            Format::TypeA | Format::ChannelCommand => format!("prefix {}", i.opcode >> 9),
            Format::Group0760 if i.operand_max > 0 => {
                format!("{}0760 ...{:04o}+n", sign(i.opcode), i.function)
            }
            Format::Group0760 => format!("{}0760 ...{:04o}", sign(i.opcode), i.function),
            Format::Convert => {
                let (s, c) = (sign(i.opcode), i.opcode & 0o3777);
                format!("{s}{c:04o}-{:04o}", c + 3)
            }
            Format::Io if i.function != 0 => format!(
                "{}{:04o} unit {:04o}{}",
                sign(i.opcode),
                i.opcode & 0o3777,
                i.function,
                if i.operand_max > 0 { "+n" } else { "" }
            ),
            _ => format!("{}{:04o}", sign(i.opcode), i.opcode & 0o3777),
        };
        let also: Vec<String> = ALIASES
            .iter()
            .filter(|a| a.of == i.mnemonic)
            .map(|a| match i.format {
                Format::Group0760 if a.first == a.last => {
                    format!("{}0760 ...{:04o}", sign(a.code), a.first)
                }
                Format::Group0760 => {
                    let (s, f, l) = (sign(a.code), a.first, a.last);
                    format!("{s}0760 ...{f:04o}-{l:04o}")
                }
                _ => format!("{}{:04o}", sign(a.code), a.code & 0o3777),
            })
            .collect();
        let code = if also.is_empty() {
            code
        } else {
            format!("{code} (also {})", also.join(", "))
        };
        let cycles = match i.timing {
            Timing::Fixed(n) => n.to_string(),
            Timing::Shift => "2..22 (shift rule)".to_string(),
            Timing::Multiply => "2..14 (multiply rule)".to_string(),
            Timing::Divide => "3 or 14 (divide rule)".to_string(),
            Timing::Execute => "1 + target".to_string(),
            Timing::FloatAdd => "6..18 (floating add rule)".to_string(),
            Timing::FloatAddUnnormalized => "5..12 (floating add rule)".to_string(),
            Timing::FloatMultiply => "2..13 (floating multiply rule)".to_string(),
            Timing::FloatDivide => "3 or 14 (floating divide rule)".to_string(),
            Timing::CountMultiply => "2..16 (multiply rule, count)".to_string(),
            Timing::CountDivide => "2, 3 or 2 + count/3 (divide rule, count)".to_string(),
            Timing::Convert => "2 + count".to_string(),
            Timing::DoubleAdd => "7..19 (floating add rule, + 1)".to_string(),
            Timing::DoubleAddUnnormalized => "6..12 (floating add rule, + 1)".to_string(),
            Timing::DoubleMultiply => "2..31 (double multiply rule)".to_string(),
            Timing::DoubleDivide => "3..38 (double divide rule)".to_string(),
        };
        let cycles = if i.format == Format::ChannelCommand {
            "(channel)".to_string()
        } else {
            cycles
        };
        let status = match (i.status(), i.on(Model::Ibm7090)) {
            (Status::Implemented, true) => "emulated",
            (Status::Implemented, false) => "emulated (7094)",
            (Status::Unimplemented, _) => "stops",
        };
        s.push_str(&format!(
            "| {} | {} | {:?} | {} | {} | {} | {} |\n",
            i.mnemonic, code, i.format, cycles, i.timing_source, status, i.summary
        ));
    }
    s
}
