//! Every SILLIAC function code (all 256: type digit x variant digit). For each, the order
//! table's row (`orders::info`: status, action, preset, timing), the emulator (what it does to
//! A, Q, the store and control, and the time it charges), the disassemblers (plain and
//! labelled) and the assembler (status check, `.allow`, the transfer-half check) must agree.

use std::collections::BTreeMap;

use assembler::sil;
use emu::silliac::arith;
use emu::silliac::orders::{function_name, info, pair, Action, Half, Order, Status, StoreField};
use emu::silliac::timing::duration_ns;
use emu::silliac::{Machine, Stop};

const A0: u64 = 0x31_2345_6789;
const A_NEG: u64 = 0x87_6543_2109;
const Q0: u64 = 0x24_A3B1_C0D5;
const M0: u64 = 0x50_F0F0_F0F0;
/// The operand's address (also the shift count and the transfer's target word).
const N: u16 = 200;

/// A machine with `code N` as the left-hand order of word 10, control there.
fn machine(code: u8, n: u16, a: u64) -> Machine {
    let mut m = Machine::new();
    m.set_word(10, pair(Order::new(code, n), Order::new(0x24, 10)));
    m.set_word(n, M0);
    m.set_control(10, Half::Left);
    m.set_a(a);
    m.set_q(Q0);
    m
}

#[test]
fn emulator_does_what_the_table_says() {
    for code in 0..=255u8 {
        let row = info(code);
        let name = function_name(code);
        assert_eq!(row.code, code);
        let refused = row.action == Action::Refuse;
        assert_eq!(refused, row.status != Status::Defined, "{name}");
        // The sexadecimal orders' count is in characters of 4 places; 0 needs no tape.
        let n = match row.action {
            Action::Read | Action::Punch => 0,
            _ => N,
        };
        let mut m = machine(code, n, A0);
        let stop = m.step();
        let a = arith::preset(A0, row.preset);
        if refused {
            assert!(
                matches!(
                    (stop, row.status),
                    (Some(Stop::UnwantedOrder { .. }), Status::Unwanted)
                        | (Some(Stop::UnknownOrder { .. }), Status::Unknown)
                ),
                "{name}: {stop:?}"
            );
            // Nothing changes.
            assert_eq!(
                (m.a(), m.q(), m.clock_ns(), m.orders()),
                (A0, Q0, 0, 0),
                "{name}"
            );
            assert_eq!(m.control(), (10, Half::Left), "{name}");
            assert_eq!(m.word(n), M0, "{name}");
            continue;
        }
        assert_eq!((m.orders(), m.counts()[code as usize]), (1, 1), "{name}");
        let units = match row.action {
            Action::ShiftLeft | Action::ShiftRight => u64::from(n),
            Action::Character => 1,
            _ => 0,
        };
        assert_eq!(m.clock_ns(), duration_ns(code, units), "{name}");
        let next = (10, Half::Right);
        let mut want_stop = None;
        let (mut want_a, mut want_q, mut want_m) = (a, Q0, M0);
        let mut want_control = next;
        match row.action {
            Action::Refuse => unreachable!(),
            Action::Add(g) => want_a = arith::add(a, arith::gate(M0, g)),
            Action::AddQ(g) => want_a = arith::add(a, arith::gate(Q0, g)),
            Action::Multiply(g) => (want_a, want_q) = arith::multiply(a, arith::gate(M0, g), Q0),
            // |A| < |M| for every preset: the quotient fits (overflow is tested elsewhere).
            Action::Divide(g) => {
                (want_a, want_q) = arith::divide(a, Q0, arith::gate(M0, g)).expect("divides")
            }
            Action::ShiftLeft => (want_a, want_q) = arith::shift_left(a, Q0, n.into()),
            Action::ShiftRight => (want_a, want_q) = arith::shift_right(a, Q0, n.into()),
            Action::Transfer { to, stop, .. } => {
                want_control = (n, to);
                if stop {
                    want_stop = Some(Stop::StopOrder {
                        address: 10,
                        half: Half::Left,
                        order: Order::new(code, n),
                    });
                }
            }
            Action::Store(StoreField::Word) => want_m = a,
            Action::Store(StoreField::Address(half)) => {
                let mask = match half {
                    Half::Left => 0x3FF << 20,
                    Half::Right => 0x3FF,
                };
                want_m = (M0 & !mask) | (a & mask);
            }
            Action::LoadQ => want_q = M0,
            Action::Extract => want_q = Q0 & M0,
            Action::Read | Action::Punch => {}
            Action::Character => assert_eq!(m.punch().frames().len(), 1, "{name}"),
        }
        assert_eq!(stop, want_stop, "{name}");
        assert_eq!((m.a(), m.q()), (want_a, want_q), "{name}");
        assert_eq!(m.word(n), want_m, "{name}");
        assert_eq!(m.control(), want_control, "{name}");
        // A conditional transfer with A negative after the preset goes on in sequence.
        if let Action::Transfer {
            conditional: true, ..
        } = row.action
        {
            let mut m = machine(code, n, A_NEG);
            let stop = m.step();
            if arith::preset(A_NEG, row.preset) == A_NEG {
                assert_eq!((stop, m.control()), (None, next), "{name}");
            } else {
                assert_eq!(m.control().0, n, "{name}");
            }
        }
    }
}

#[test]
fn disassembler_and_assembler_agree_with_the_table() {
    for code in 0..=255u8 {
        let row = info(code);
        let name = function_name(code);
        let defined = row.status == Status::Defined;
        // The assembler takes the order iff it is defined, and with `.allow` always; the word
        // is the order.
        let src = format!("        .org 100\n        {name} {N}\n");
        assert_eq!(sil::assemble(&src, "c.sil").is_ok(), defined, "{name}");
        let p = sil::assemble(&format!("        .allow {name}\n{src}"), "c.sil")
            .unwrap_or_else(|d| panic!("{name}: {d}"));
        let word = pair(Order::new(code, N), Order::new(0, 0));
        assert_eq!(p.words[&100], word, "{name}");
        // The disassembler writes the order as text iff it is defined (else `.sex`), and its
        // text assembles to the same word.
        let words: BTreeMap<u16, u64> = [(100, word)].into();
        let text = sil::disassemble(&words);
        assert_eq!(text.contains(".sex"), !defined, "{name}: {text}");
        let back = sil::assemble(&text, "d.sil").unwrap_or_else(|d| panic!("{name}: {d}"));
        assert_eq!(back.words, words, "{name}");
        if !defined {
            continue;
        }
        // Labelled: a transfer to a code word names the half the table says (wNr for the
        // right-hand order), and the text assembles back (the assembler's transfer-half check
        // agrees).
        let code_word = pair(Order::new(0xF5, 0), Order::new(0x26, 100));
        let words: BTreeMap<u16, u64> = [
            (100, pair(Order::new(code, 101), Order::new(0x26, 100))),
            (101, code_word),
        ]
        .into();
        let text = sil::disassemble_labelled(&words, Some(100));
        let right = text.contains("w101r");
        assert_eq!(
            right,
            row.transfer_to() == Some(Half::Right),
            "{name}: {text}"
        );
        let back = sil::assemble(&text, "l.sil").unwrap_or_else(|d| panic!("{name}: {d}"));
        assert_eq!(back.words, words, "{name}");
        // The transfer-half check: a bare label of a left-hand order is wrong exactly for a
        // transfer to the right-hand order.
        let src = format!("        .org 100\nw:      L5 0\n        {name} w\n");
        let ok = sil::assemble(&src, "h.sil").is_ok();
        assert_eq!(ok, row.transfer_to() != Some(Half::Right), "{name}");
    }
}
