//! Every IBM 7090 code, not only every row: each Type B opcode and Type A prefix (all 4096
//! values of bits S,1-11), each ±0760 function address (both signs, all 32,768 addresses) and
//! each data-channel command, on the 7094 (whose orders are every row's). For each word, the
//! table (`isa::TABLE`), the decoder (`isa::decode`), the emulator's decode array
//! (`decode::table`, `Table::group`), the emulator itself (an instruction it lacks stops with
//! `Unimplemented`, any other does not),
//! the trace disassembler (`isa::disassemble`), the FAP disassembler and the FAP assembler
//! (the disassembled text assembles to the same word) must agree.

use std::collections::BTreeMap;

use assembler::fap;
use emu::ibm7090::channel::{Io, PRINTER};
use emu::ibm7090::decode;
use emu::ibm7090::isa::{self, Format, InstrInfo, Op, Selected, Status, TABLE};
use emu::ibm7090::{Machine, Model, Stop};
use emu::Bound;

/// The 7094's decode array (every row).
fn table() -> &'static decode::Table {
    decode::table(Model::Ibm7094, Bound::Nominal)
}

/// A row's entry on the 7094.
fn on_7094(i: &InstrInfo) -> decode::Decoded {
    decode::Decoded::on(i, Model::Ibm7094, Bound::Nominal)
}

/// Bits 12-35 of the test words: address, tag, flag (indirect) and bits 14-17 varied, so that
/// some words are canonical instructions and some carry bits no instruction text writes.
/// Grouped as the fields: flag and bits 14-17, tag, address.
#[allow(clippy::unusual_byte_groupings)]
const REST: [u64; 6] = [
    0,
    0o00_0_01234,
    0o60_1_04321,
    0o00_4_77777,
    0o12_3_00017,
    0o77_7_77777,
];

/// What the emulator does with `word` at 100 (octal): `true` if it stops with Unimplemented
/// (a row it does not execute yet) or IllegalOrder (no row: the 7090 has no such order).
fn emulator_lacks(m: &mut Machine, word: u64) -> bool {
    // XEC executes the word at its Y, which earlier words may have stored into: a clean store.
    if emu::ibm7090::decode(word).is_some_and(|i| i.op == Op::Xec) {
        *m = Machine::with_model(Model::Ibm7094);
    }
    m.mem_mut()[0o100] = word;
    (m.ac, m.mq, m.xr, m.ic) = (0, 0, [0; 8], 0o100);
    matches!(
        m.step(),
        Some(Stop::Unimplemented { .. } | Stop::IllegalOrder { .. })
    )
}

/// The checks every word of the instruction stream gets; `row` is what the table says.
fn check_word(m: &mut Machine, word: u64, row: Option<&'static InstrInfo>, deck: &mut Vec<u64>) {
    let at = format!("{word:012o}");
    assert_eq!(
        isa::decode(word).map(|i| i.mnemonic),
        row.map(|i| i.mnemonic),
        "{at}"
    );
    let executes = row.is_some_and(|i| i.status() == Status::Implemented);
    assert_eq!(emulator_lacks(m, word), !executes, "{at} {row:?}");
    let text = isa::disassemble(word);
    match row {
        Some(i) => assert!(text.starts_with(i.mnemonic), "{at}: {text}"),
        None => assert!(text.starts_with("OCT "), "{at}: {text}"),
    }
    // The FAP disassembler writes the row's mnemonic whenever the row's own encoding of the
    // word's fields gives the word back; the deck then assembles to the word (checked below).
    if let Some(i) = row {
        let f = isa::fields(word);
        let indirect = i.allows_indirect() && f.flag == 3;
        let canonical = match i.format {
            Format::TypeA => i.encode(f.address.into(), f.tag, f.decrement.into(), false),
            Format::Group0760 => {
                i.encode(u32::from(f.address) - u32::from(i.function), 0, 0, false)
            }
            Format::Count | Format::Convert => {
                i.encode(f.address.into(), f.tag, (word >> 18) as u32, indirect)
            }
            _ => i.encode(f.address.into(), f.tag, 0, indirect),
        };
        let written = fap::disasm::instruction(word);
        if canonical == word {
            let (op, _) = written.unwrap_or_else(|| panic!("{at}: {} not written", i.mnemonic));
            assert_eq!(op.trim_end_matches('*'), i.mnemonic, "{at}");
        } else {
            assert_eq!(written, None, "{at}");
        }
    }
    deck.push(word);
}

/// Disassemble the words as one FAP deck (at most a store's worth) and assemble it again.
fn round_trip(words: &[u64]) {
    for chunk in words.chunks(32_000) {
        let deck: BTreeMap<u16, u64> = (0..).zip(chunk.iter().copied()).collect();
        let text = fap::disassemble(&deck, 0);
        let p = fap::assemble(&text, "codes.fap").unwrap_or_else(|d| panic!("{d}"));
        assert!(
            p.words == deck,
            "disassembled deck does not assemble to the same words"
        );
    }
}

#[test]
fn every_opcode_and_prefix() {
    let mut m = Machine::with_model(Model::Ibm7094);
    let mut deck = Vec::new();
    let mut rows_seen = 0;
    for opcode in 0..4096u16 {
        let d = table().ops[opcode as usize];
        let selected = isa::select(opcode);
        match selected {
            Selected::Row(i) => {
                rows_seen += 1;
                // The row the decoder picks really has these bits: its prefix (Type A) or its
                // opcode (Type B), and the decode array executes its operation.
                let alias = isa::ALIASES.iter().any(|a| a.code == opcode);
                match i.format {
                    Format::TypeA => assert_eq!(i.opcode >> 9, opcode >> 9),
                    // The count's high bits are the opcode's low two.
                    Format::Convert => assert_eq!(i.opcode, opcode & !3, "{}", i.mnemonic),
                    _ if alias => {}
                    _ => assert_eq!(i.opcode, opcode, "{}", i.mnemonic),
                }
                let want = match i.status() {
                    Status::Implemented => i.op,
                    Status::Unimplemented => Op::Unimplemented,
                };
                assert_eq!(d.op, want, "{opcode:04o} {}", i.mnemonic);
                assert_eq!(d.cycles, on_7094(i).cycles);
            }
            Selected::Group0760 => assert_eq!(d.op, Op::Group0760, "{opcode:04o}"),
            Selected::Nothing => assert_eq!(d.op, Op::Illegal, "{opcode:04o}"),
        }
        // A table row for this opcode that the decoder does not pick is an extended mnemonic.
        for i in TABLE.iter().filter(|i| {
            matches!(
                i.format,
                Format::TypeB | Format::Shift | Format::Io | Format::Count
            ) && i.opcode == opcode
        }) {
            assert!(
                selected == Selected::Row(i) || isa::is_extended(i),
                "{}",
                i.mnemonic
            );
        }
        if selected == Selected::Group0760 {
            continue;
        }
        for rest in REST {
            let word = u64::from(opcode) << 24 | rest;
            check_word(&mut m, word, isa::decode(word), &mut deck);
        }
    }
    assert!(rows_seen > 100, "{rows_seen}");
    round_trip(&deck);
}

#[test]
fn every_0760_function() {
    let mut m = Machine::with_model(Model::Ibm7094);
    let mut deck = Vec::new();
    let mut functions = BTreeMap::new();
    for negative in [false, true] {
        let opcode: u64 = if negative { 0o4760 } else { 0o0760 };
        for address in 0..32768u16 {
            let row = isa::group_function(negative, address);
            let d = table().group(negative, address);
            // PSE and MSE name every address, so every address has a row.
            let i = row.expect("every ±0760 address has a row");
            let alias = isa::ALIASES
                .iter()
                .any(|a| a.code == opcode as u16 && (a.first..=a.last).contains(&address));
            assert_eq!(i.format, Format::Group0760);
            if !alias {
                *functions.entry(i.mnemonic).or_insert(0) += 1;
                assert_eq!(i.opcode, opcode as u16);
                let n = address - i.function;
                assert!(
                    (i.operand_min..=i.operand_max).contains(&n),
                    "{}",
                    i.mnemonic
                );
            }
            assert_eq!(d, on_7094(i), "{}", i.mnemonic);
            let word = opcode << 24 | u64::from(address);
            check_word(&mut m, word, row, &mut deck);
            // Indexed by a register holding 0: the same function, but the disassembler leaves
            // a tagged ±0760 word as OCT.
            deck.push(word | 1 << 15);
        }
    }
    // Every group row, with every operand, was met (PSE and MSE: the addresses left).
    for i in TABLE.iter().filter(|i| i.format == Format::Group0760) {
        let met = functions.get(i.mnemonic).copied().unwrap_or(0);
        let operands = usize::from(i.operand_max - i.operand_min) + 1;
        if i.operand_max == 0o77777 {
            assert!(met > 0 && met < operands, "{}", i.mnemonic);
        } else {
            assert_eq!(met, operands, "{}", i.mnemonic);
        }
    }
    round_trip(&deck);
}

#[test]
fn every_channel_command() {
    let rows: Vec<_> = TABLE
        .iter()
        .filter(|i| i.format == Format::ChannelCommand)
        .collect();
    assert_eq!(rows.len(), 8);
    for prefix in 0..8u64 {
        let word = prefix << 33 | 2 << 18 | 0o300;
        let i = isa::channel_command(word).expect("a row for every command");
        assert_eq!(u64::from(i.opcode >> 9), prefix, "{}", i.mnemonic);
        // The assembler writes the command the row describes.
        let p = fap::assemble(&format!("       {} 192,0,2\n", i.mnemonic), "cc.fap")
            .unwrap_or_else(|d| panic!("{d}"));
        assert_eq!(p.words[&0], word, "{}", i.mnemonic);
        // The channel executes every command (its row has an operation).
        assert_eq!(i.status(), Status::Implemented, "{}", i.mnemonic);
        let mut io = Io::default();
        let mut mem = vec![0u64; 32768];
        mem[0o100] = word;
        io.select(PRINTER, true).unwrap();
        let r = io.start(0, &mut mem, 0o100, true);
        assert_eq!(r, Ok(()), "{}", i.mnemonic);
    }
}
