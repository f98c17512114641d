//! The operations FAP knows besides the rows of the emulator's table: its pseudo-operations,
//! the indicator orders whose operand is octal, and the names that spell one of the table's
//! rows with bits of their own (docs/assembler.md, FAP "Spellings"): the prefix words named by their
//! octal digit (FOR, FVE, SIX, SVN: MZE, MON, MTW, MTH), the data-channel commands' non-transmit
//! forms (IOCDN ... IOSTN: the command with bit 19 set), the printer's read and decimal write
//! with the channel letter (RPRA ... RPRH: RDS x361, WPDA ... WPDH: WRS x361), and LDA, the
//! 704/709 drum order (0460), which the 7090 does not have: its word assembles, and the
//! emulator stops on it as on any code its table lacks.

use emu::ibm7090::isa::{by_mnemonic, Addressing, Format, InstrInfo, Op, Timing};

/// Pseudo-ops that only steer the listing or the loader of a relocatable deck. DECK and ZST
/// are the LISP 1.5 source's installation pseudo-ops, which assemble nothing.
pub const LISTING_CONTROL: &[&str] = &[
    "REM", "TTL", "TITLE", "EJECT", "SPACE", "DETAIL", "LIST", "UNLIST", "PCC", "PMC", "ABS",
    "FUL", "LBL", "COUNT", "ENTRY", "NOCRS", "PUNCH", "UNPNCH", "NULL", "DECK", "ZST",
];

/// A pseudo-operation's name.
pub fn is_pseudo(name: &str) -> bool {
    matches!(
        name,
        "ORG"
            | "BSS"
            | "BES"
            | "EQU"
            | "SYN"
            | "BOOL"
            | "END"
            | "DEC"
            | "OCT"
            | "BCI"
            | "VFD"
            | "BCD"
            | "HEAD"
            | "HED"
            | "DUP"
            | "TCD"
    ) || LISTING_CONTROL.contains(&name)
}

/// The indicator orders, whose variable field is one octal (Boolean) operand of 18 bits, the
/// order's tag and address (`RIR 14`, `LFT 770000`).
pub const BOOLEAN_OPERAND: [&str; 10] = [
    "IIR", "RFT", "SIR", "RNT", "RIR", "IIL", "LFT", "SIL", "LNT", "RIL",
];

/// Whether the order's variable field is one octal (Boolean) operand of 18 bits.
pub fn boolean_operand(info: &InstrInfo) -> bool {
    BOOLEAN_OPERAND.contains(&info.mnemonic)
}

/// A pseudo-op, an instruction of the table or a spelling (a trailing `*` aside).
pub fn is_operation(token: &str) -> bool {
    let upper = token.to_ascii_uppercase();
    let name = match upper.strip_suffix('*') {
        Some(n) if !n.is_empty() => n,
        _ => &upper,
    };
    is_pseudo(name) || lookup(name).is_some() || by_mnemonic(name).is_some()
}

/// Bit 19 of a channel command: do not transmit the words (skip them).
const NON_TRANSMIT: u64 = 1 << 16;

/// A spelling: the row whose word it builds, bits OR-ed into that word, and for the printer
/// forms the unit the spelling selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spelling {
    pub row: &'static InstrInfo,
    pub bits: u64,
    pub unit: Option<u32>,
}

/// LDA, locate drum address (704/709): Type B, code 0460.
static LDA: InstrInfo = InstrInfo {
    mnemonic: "LDA",
    opcode: 0o0460,
    format: Format::TypeB,
    addressing: Addressing::Indexed,
    function: 0,
    operand_min: 0,
    operand_max: 0,
    timing: Timing::Fixed(2),
    timing_source: "[I]",
    op: Op::Unimplemented,
    summary: "locate drum address (704/709 drum; not a 7090 instruction)",
    models: emu::ibm7090::model::Models::ALL,
};

fn row(name: &str) -> &'static InstrInfo {
    by_mnemonic(name).expect("a row of the emulator's table")
}

/// The spelling `name` stands for, if it is one.
pub fn lookup(name: &str) -> Option<Spelling> {
    let plain = |base: &str| Spelling {
        row: row(base),
        bits: 0,
        unit: None,
    };
    Some(match name {
        "FOR" => plain("MZE"),
        "FVE" => plain("MON"),
        "SIX" => plain("MTW"),
        "SVN" => plain("MTH"),
        "LDA" => Spelling {
            row: &LDA,
            bits: 0,
            unit: None,
        },
        "IOCDN" | "IOCPN" | "IOCTN" | "IORPN" | "IORTN" | "IOSPN" | "IOSTN" => Spelling {
            bits: NON_TRANSMIT,
            ..plain(&name[..4])
        },
        _ => return printer(name),
    })
}

/// RPRx and WPDx: the printer on channel x (A-H), unit x361.
fn printer(name: &str) -> Option<Spelling> {
    let (base, channel) = name.split_at_checked(3)?;
    let channel = match channel.as_bytes() {
        [c @ b'A'..=b'H'] => u32::from(c - b'A' + 1),
        _ => return None,
    };
    let row = match base {
        "RPR" => row("RDS"),
        "WPD" => row("WRS"),
        _ => return None,
    };
    Some(Spelling {
        row,
        bits: 0,
        unit: Some(channel << 9 | 0o361),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings() {
        assert_eq!(lookup("SVN").unwrap().row.mnemonic, "MTH");
        let n = lookup("IOCPN").unwrap();
        assert_eq!((n.row.mnemonic, n.bits), ("IOCP", 0o200000));
        let p = lookup("RPRA").unwrap();
        assert_eq!((p.row.mnemonic, p.unit), ("RDS", Some(0o1361)));
        assert_eq!(lookup("WPDB").unwrap().unit, Some(0o2361));
        assert_eq!(lookup("LDA").unwrap().row.opcode, 0o0460);
        assert!(lookup("RPRJ").is_none());
        assert!(lookup("CLA").is_none());
    }
}
