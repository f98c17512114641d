use super::*;

#[test]
fn timing_status_follows_the_source_column() {
    use crate::TimingStatus::*;
    let status = |m: &str| by_mnemonic(m).unwrap().timing_status();
    assert_eq!(status("CLA"), Sourced); // [S] CE-56
    assert_eq!(status("FAD"), Sourced); // [S] 9M08A steps; CE-78/79
    assert_eq!(status("MPY"), Derived); // CE bounds, the per-bit rule ours
    assert_eq!(status("ADD"), Derived); // [I]; 229,000 add/s [S2]
    assert_eq!(status("TRA"), Estimate);
    assert_eq!(status("STO"), Estimate);
}

#[test]
fn mnemonics_are_unique() {
    for (i, a) in TABLE.iter().enumerate() {
        for b in &TABLE[i + 1..] {
            assert_ne!(a.mnemonic, b.mnemonic);
        }
    }
}

#[test]
fn every_instruction_row_decodes_to_itself() {
    for info in TABLE {
        if matches!(info.format, Format::ChannelCommand | Format::PrefixData) || is_extended(info) {
            continue;
        }
        for operand in info.operand_min..=info.operand_max {
            let w = info.encode(operand as u32, 0, 0, false);
            let got = decode(w).expect("a row");
            // The first row for a code wins: PSE and MSE name every ±0760 address, the
            // functions before them theirs.
            let earlier = TABLE
                .iter()
                .take_while(|i| !std::ptr::eq(*i, info))
                .any(|i| std::ptr::eq(i, got));
            assert!(
                std::ptr::eq(got, info) || earlier,
                "{w:012o} {}",
                got.mnemonic
            );
        }
    }
}

#[test]
fn aliases_take_no_row_code_and_decode_to_their_row() {
    for a in ALIASES {
        let row = by_mnemonic(a.of).unwrap();
        let words: Vec<u64> = if row.format == Format::Group0760 {
            (a.first..=a.last)
                .map(|n| (a.code as u64) << 24 | n as u64)
                .collect()
        } else {
            vec![(a.code as u64) << 24 | 0o1234]
        };
        for w in words {
            assert_eq!(decode(w).map(|i| i.mnemonic), Some(a.of), "{w:012o}");
            // No instruction row has this code (prefix data words never decode).
            let f = fields(w);
            let claimed = TABLE.iter().any(|i| match i.format {
                Format::TypeA => i.opcode >> 9 == f.prefix as u16,
                Format::Group0760 => {
                    i.opcode == a.code
                        && i.operand_max < 0o77777
                        && (i.operand_min..=i.operand_max).any(|n| i.function + n == f.address)
                }
                Format::PrefixData | Format::ChannelCommand => false,
                Format::Convert => (i.opcode..i.opcode + 4).contains(&a.code),
                _ => i.opcode == a.code,
            });
            assert!(!claimed, "{w:012o} {}", a.of);
        }
    }
}

#[test]
fn words_as_the_manual_writes_them() {
    let cla = by_mnemonic("CLA").unwrap();
    assert_eq!(cla.encode(0o1234, 1, 0, true), 0o0500_60_1_01234);
    let cal = by_mnemonic("CAL").unwrap();
    assert_eq!(cal.encode(0o100, 0, 0, false), 0o4500_00_0_00100);
    let txi = by_mnemonic("TXI").unwrap();
    assert_eq!(txi.encode(0o100, 2, 1, false), 0o1_00001_2_00100);
    let swt = by_mnemonic("SWT").unwrap();
    assert_eq!(swt.encode(3, 0, 0, false), 0o0760_00_0_00163);
    let slt = by_mnemonic("SLT").unwrap();
    assert_eq!(slt.encode(2, 0, 0, false), 0o4760_00_0_00142);
    let iocd = by_mnemonic("IOCD").unwrap();
    assert_eq!(iocd.encode(0o200, 0, 14, false), 0o0_00016_0_00200);
    // The channel operations in the 7090's order (SIMH i7094 assembles the same words).
    let ops: Vec<_> = [
        "IOCD", "TCH", "IORP", "IORT", "IOCP", "IOCT", "IOSP", "IOST",
    ]
    .iter()
    .map(|m| by_mnemonic(m).unwrap().encode(0, 0, 0, false) >> 33)
    .collect();
    assert_eq!(ops, [0, 1, 2, 3, 4, 5, 6, 7]);
    let rcda = by_mnemonic("RCDA").unwrap();
    assert_eq!(
        rcda.encode(rcda.function as u32, 0, 0, false),
        0o0762_00_0_01321
    );
}

#[test]
fn disassembly() {
    assert_eq!(disassemble(0o0500_60_1_01234), "CLA* 1234,1");
    assert_eq!(disassemble(0o4500_00_0_00100), "CAL 100");
    assert_eq!(disassemble(0o1_00001_2_00100), "TXI 100,2,1");
    assert_eq!(disassemble(0o7_00000_1_00005), "TXL 5,1");
    assert_eq!(disassemble(0o0760_00_0_00163), "SWT 3");
    assert_eq!(disassemble(0o0760_00_0_00006), "COM");
    assert_eq!(disassemble(0o0767_00_0_00003), "ALS 3");
    assert_eq!(disassemble(0o0777_00_0_00000), "OCT 077700000000");
    assert_eq!(disassemble(0o0760_00_0_00777), "PSE 511");
    assert_eq!(disassemble(0o4760_00_0_00163), "SWT 3");
    assert_eq!(disassemble(0o0204_43_1_00144), "VLM 144,1,43");
    assert_eq!(disassemble(0o0225_63_0_00144), "VDP* 144,0,3");
    assert_eq!(disassemble(0o0115_03_1_00144), "CVR 144,1,103");
}
