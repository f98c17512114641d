//! The channel traps on the units the machine has: each cause, the hold-off after a trap
//! until RCT, ENB's one-instruction delay, TEF under an enabled trap, a trap in the middle of
//! a computing loop.

use super::super::*;
use crate::ibm7090::card::Card;
use crate::ibm7090::isa::by_mnemonic;
use crate::ibm7090::tape::{self, Block, Tape};

fn ins(m: &str, addr: u32, tag: u8, dec: u32) -> u64 {
    by_mnemonic(m).unwrap().encode(addr, tag, dec, false)
}

/// The enable word: channel A's command and end-of-file traps (bit 35).
const COMMAND_EOF_A: u64 = 1;
/// Channel A's tape-check trap (bit 17).
const TAPE_CHECK_A: u64 = 1 << 18;
/// Channel A's handler: 0013 transfers there.
const HANDLER: u16 = 0o500;

/// A machine with `program` at 0o100, the enable word at 0o210, the command list at 0o200,
/// 0012-0013 as a period program sets them (0013: TRA to the handler, an HPR unless given).
fn machine(program: &[u64], commands: &[u64], enable: u64, handler: &[u64]) -> Machine {
    let mut m = Machine::new();
    m.load(0o100, program);
    m.load(0o200, commands);
    m.mem_mut()[0o210] = enable;
    m.mem_mut()[0o211] = 5;
    m.mem_mut()[0o12] = 0o777777777777;
    m.mem_mut()[0o13] = ins("TRA", HANDLER as u32, 0, 0);
    let hpr = [ins("HPR", 0, 0, 0)];
    m.load(HANDLER, if handler.is_empty() { &hpr } else { handler });
    m.ic = 0o100;
    m
}

/// ENB, NOP, a read select of `unit`, RCHA 0o200, then `then` from 0o104: the traps enabled
/// before the channel runs.
fn read_then(unit: u32, then: &[u64], commands: &[u64], enable: u64, handler: &[u64]) -> Machine {
    let mut program = vec![
        ins("ENB", 0o210, 0, 0),
        ins("NOP", 0, 0, 0),
        ins("RDS", unit, 0, 0),
        ins("RCHA", 0o200, 0, 0),
    ];
    program.extend_from_slice(then);
    machine(&program, commands, enable, handler)
}

/// `read_then` with `TCOA *` (at 0o104) and HPR: the CPU spinning while the channel runs.
fn enabled_read(unit: u32, commands: &[u64], enable: u64, handler: &[u64]) -> Machine {
    let spin = [ins("TCOA", 0o104, 0, 0), ins("HPR", 0, 0, 0)];
    read_then(unit, &spin, commands, enable, handler)
}

/// A tape mark read from A1 with the traps off (RDS, RCHA 0o200, `TCOA *` at 0o102: the end of
/// file on), then `rest` from 0o103.
fn after_a_mark(rest: &[u64], enable: u64, handler: &[u64]) -> Machine {
    let mut program = vec![
        ins("RDS", 0o1201, 0, 0),
        ins("RCHA", 0o200, 0, 0),
        ins("TCOA", 0o102, 0, 0),
    ];
    program.extend_from_slice(rest);
    let mut m = machine(&program, &[iocd(1, 0o300)], enable, handler);
    reel(&mut m, vec![Block::Mark]);
    m
}

/// A reel on A1 of `blocks`.
fn reel(m: &mut Machine, blocks: Vec<Block>) {
    m.io.mount(0o1201, Tape::of(blocks)).unwrap();
}

/// The trap's location word: the cause in the decrement, the location in the address, the
/// prefix and tag kept.
fn location_word(code: u64, at: u64) -> u64 {
    0o700000 << 18 & 0o777777777777 | 0o7 << 15 | code << 18 | at
}

/// A BCD record of `n` characters, one of them with the wrong parity.
fn bad_record(n: usize) -> Block {
    let mut chars: Vec<u8> = (0..n).map(|_| tape::with_parity(0o01, false)).collect();
    chars[0] ^= tape::with_parity(0o01, false) ^ 0o01;
    Block::Record(chars)
}

fn iocd(count: u64, addr: u64) -> u64 {
    count << 18 | addr
}

#[test]
fn end_of_file_traps_after_enb_and_the_next_instruction() {
    // A tape mark read with the traps off: TEF would take it. ENB, then TEFA: with the trap
    // enabled it neither transfers nor turns the indicator off; then the trap, before 0105.
    let mut m = after_a_mark(
        &[
            ins("ENB", 0o210, 0, 0),
            ins("TEFA", 0o400, 0, 0),
            ins("HPR", 0, 0, 0),
        ],
        COMMAND_EOF_A,
        &[],
    );
    assert_eq!(
        m.run(Limits::instructions(1000)),
        Stop::HaltProceed { address: HANDLER }
    );
    assert_eq!(m.mem()[0o12], location_word(4, 0o105));
    assert!(
        !m.io.channels[0].flags.end_of_file,
        "the trap turned it off"
    );
    assert!(m.channel_traps.inhibit);
}

#[test]
fn end_of_file_traps_when_the_mark_has_passed() {
    // Enabled first: the read runs, the CPU spins on TCOA *, and the trap comes when the mark
    // has passed, from the spin.
    let mut m = enabled_read(0o1201, &[iocd(1, 0o300)], COMMAND_EOF_A, &[]);
    reel(&mut m, vec![Block::Mark]);
    assert_eq!(
        m.run(Limits::instructions(1000)),
        Stop::HaltProceed { address: HANDLER }
    );
    assert_eq!(m.mem()[0o12], location_word(4, 0o104));
    assert!(m.cycles() > m.io.channels[0].eof_at);
}

#[test]
fn command_trap_when_an_ioct_ends_with_no_lch() {
    let mut m = enabled_read(0o1321, &[ins("IOCT", 0o300, 0, 24)], COMMAND_EOF_A, &[]);
    m.io.reader
        .hopper
        .push_back(Card::from_text("CARD", 1).unwrap());
    assert_eq!(
        m.run(Limits::instructions(1000)),
        Stop::HaltProceed { address: HANDLER }
    );
    assert_eq!(m.mem()[0o12], location_word(1, 0o104));
    let c = &m.io.channels[0];
    assert_eq!(c.state, crate::ibm7090::channel::State::Idle);
    assert!(!c.flags.command);
}

#[test]
fn tape_check_traps_on_a_record_with_the_wrong_parity() {
    let mut m = enabled_read(0o1201, &[iocd(1, 0o300)], TAPE_CHECK_A, &[]);
    reel(&mut m, vec![bad_record(6)]);
    assert_eq!(
        m.run(Limits::instructions(1000)),
        Stop::HaltProceed { address: HANDLER }
    );
    assert_eq!(m.mem()[0o12], location_word(2, 0o104));
    assert!(!m.io.channels[0].flags.redundancy);
    // The end-of-file enable alone does not take it.
    let mut m = enabled_read(0o1201, &[iocd(1, 0o300)], COMMAND_EOF_A, &[]);
    reel(&mut m, vec![bad_record(6)]);
    assert_eq!(
        m.run(Limits::instructions(1000)),
        Stop::HaltProceed { address: 0o105 }
    );
    assert!(m.io.channels[0].flags.redundancy);
}

/// A bad record then a mark, read by one IOCD of 2 with both traps of channel A enabled: the
/// end of file first, then (after RCT, if the handler gives one) the tape check.
fn two_causes(handler: &[u64]) -> Machine {
    let mut m = enabled_read(
        0o1201,
        &[iocd(2, 0o300)],
        COMMAND_EOF_A | TAPE_CHECK_A,
        handler,
    );
    reel(&mut m, vec![bad_record(6), Block::Mark]);
    m
}

#[test]
fn traps_are_held_off_until_rct() {
    // No RCT: the tape check stays on, no second trap.
    let mut m = two_causes(&[ins("NOP", 0, 0, 0), ins("HPR", 0, 0, 0)]);
    assert_eq!(
        m.run(Limits::instructions(1000)),
        Stop::HaltProceed {
            address: HANDLER + 1
        }
    );
    assert_eq!(m.mem()[0o12], location_word(4, 0o104));
    assert!(m.io.channels[0].flags.redundancy);
    // RCT: the instruction after it runs, then the tape check traps (back to the handler,
    // which runs again to its HPR).
    let mut m = two_causes(&[
        ins("NOP", 0, 0, 0),
        ins("RCT", 0, 0, 0),
        ins("NOP", 0, 0, 0),
        ins("HPR", 0, 0, 0),
    ]);
    assert_eq!(
        m.run(Limits::instructions(1000)),
        Stop::HaltProceed {
            address: HANDLER + 3
        }
    );
    assert_eq!(m.mem()[0o12], location_word(2, HANDLER as u64 + 3));
    assert!(!m.io.channels[0].flags.redundancy);
}

#[test]
fn a_trap_interrupts_a_computing_loop() {
    // The hot loop stops where a trap can come: the trap comes in the middle of the TIX loop,
    // when the mark has passed.
    let mut m = read_then(
        0o1201,
        &[
            ins("AXT", 30_000, 1, 0),
            ins("TIX", 0o105, 1, 1),
            ins("HPR", 0, 0, 0),
        ],
        &[iocd(1, 0o300)],
        COMMAND_EOF_A,
        &[],
    );
    reel(&mut m, vec![Block::Mark]);
    assert_eq!(
        m.run(Limits::instructions(100_000)),
        Stop::HaltProceed { address: HANDLER }
    );
    assert_eq!(m.mem()[0o12], location_word(4, 0o105));
    assert!(m.xr[1] > 1, "the loop was still counting: {}", m.xr[1]);
}

#[test]
fn the_odd_word_runs_in_place_of_the_next_instruction() {
    // 0013 a TSX: XR A gets the 2's complement of the location the trap came before, and the
    // handler returns there with TRA 0,1 (the interrupted CLA then runs).
    let mut m = after_a_mark(
        &[
            ins("ENB", 0o210, 0, 0),
            ins("NOP", 0, 0, 0),
            ins("CLA", 0o211, 0, 0),
            ins("HPR", 0, 0, 0),
        ],
        COMMAND_EOF_A,
        &[ins("TRA", 0, 1, 0)],
    );
    m.mem_mut()[0o13] = ins("TSX", HANDLER as u32, 1, 0);
    assert_eq!(
        m.run(Limits::instructions(1000)),
        Stop::HaltProceed { address: 0o106 }
    );
    assert_eq!(m.xr[1], (0o105u32).wrapping_neg() & 0o77777);
    assert_eq!(m.ac, 5);
    // RDS, RCHA, TCOA (the spin, then through), ENB, NOP, the TSX, the handler's TRA, CLA,
    // HPR: the trap's word counts as the instruction it stands for.
    assert_eq!(m.instructions(), 10);
}

#[test]
fn nothing_traps_while_the_enables_are_off() {
    let mut m = after_a_mark(&[ins("HPR", 0, 0, 0)], 0, &[]);
    assert_eq!(
        m.run(Limits::instructions(1000)),
        Stop::HaltProceed { address: 0o103 }
    );
    assert_eq!(m.mem()[0o12], 0o777777777777);
    assert!(m.io.channels[0].flags.end_of_file);
}

#[test]
fn channel_traps_survive_a_snapshot() {
    // A snapshot anywhere between ENB and the trap restores the enables, the delay and when
    // the mark passed: the run then ends as the whole one.
    use crate::ibm7090::snapshot::{from_text, to_text};
    let fresh = || {
        let mut m = enabled_read(0o1201, &[iocd(1, 0o300)], COMMAND_EOF_A, &[]);
        reel(&mut m, vec![Block::Mark]);
        m
    };
    let mut whole = fresh();
    let end = whole.run(Limits::none());
    assert_eq!(end, Stop::HaltProceed { address: HANDLER });
    for at in 1..=5 {
        let mut first = fresh();
        first.run(Limits::instructions(at));
        let text = to_text(&first);
        let mut r = from_text(&text, "mid").unwrap();
        assert_eq!(r.channel_traps, first.channel_traps, "after {at}");
        assert_eq!(r.run(Limits::none()), end, "after {at}");
        assert_eq!(to_text(&r), to_text(&whole), "after {at}");
    }
}

#[test]
fn a_transfer_to_itself_waits_for_a_tape_check_due_after_the_channel() {
    // One word of a 100-word record with a bad character: the channel is done after the first
    // word, the tape check comes due at the record's end. `TRA *` at 0104 waits for it: it is
    // no tight loop while an enabled trap is still to come.
    let mut m = read_then(
        0o1201,
        &[ins("TRA", 0o104, 0, 0)],
        &[iocd(1, 0o300)],
        TAPE_CHECK_A,
        &[],
    );
    reel(&mut m, vec![bad_record(600)]);
    assert_eq!(
        m.run(Limits::instructions(100_000)),
        Stop::HaltProceed { address: HANDLER }
    );
    assert_eq!(m.mem()[0o12], location_word(2, 0o104));
}

/// A binary record of 40 words (1, 2, ... times 0o1010101).
fn forty_words() -> Block {
    Block::Record(
        (1..=40u64)
            .flat_map(|w| tape::word_chars(w * 0o1010101, true))
            .collect(),
    )
}

/// Runs that wait for the channels or work beside them: a transfer to itself waiting for each
/// trap cause, a computing loop with the traps armed, a loop reading words while they arrive
/// and one storing into words before they leave, and a transfer to itself while a channel
/// runs with no trap to come (tight once the channel is done), and words the hot loop leaves (an
/// indirect address, an XEC) beside arriving words. Machine `k` (0-11), its name and
/// how it ends.
fn beside_the_channels(k: usize) -> (&'static str, Machine, Stop) {
    let handled = Stop::HaltProceed { address: HANDLER };
    let wait = [ins("TRA", 0o104, 0, 0)];
    match k {
        0 => {
            let mut m = read_then(0o1201, &wait, &[iocd(1, 0o300)], COMMAND_EOF_A, &[]);
            reel(&mut m, vec![Block::Mark]);
            ("TRA * for an end of file", m, handled)
        }
        1 => {
            let mut m = read_then(0o1201, &wait, &[iocd(1, 0o300)], TAPE_CHECK_A, &[]);
            reel(&mut m, vec![bad_record(600)]);
            ("TRA * for a tape check", m, handled)
        }
        2 => {
            let ioct = [ins("IOCT", 0o300, 0, 24)];
            let mut m = read_then(0o1321, &wait, &ioct, COMMAND_EOF_A, &[]);
            m.io.reader
                .hopper
                .push_back(Card::from_text("CARD", 1).unwrap());
            ("TRA * for a command trap", m, handled)
        }
        3 => {
            let count = [
                ins("AXT", 3000, 1, 0),
                ins("CLA", 0o211, 0, 0),
                ins("TIX", 0o105, 1, 1),
                ins("HPR", 0, 0, 0),
            ];
            let mut m = read_then(0o1201, &count, &[iocd(1, 0o300)], COMMAND_EOF_A, &[]);
            reel(&mut m, vec![Block::Mark]);
            ("a loop the end of file interrupts", m, handled)
        }
        4 => {
            // 40 words arriving at 0o300...; the loop copies them to 0o400... as they come.
            let copy = [
                ins("AXT", 40, 1, 0),
                ins("LDQ", 0o300 + 40, 1, 0),
                ins("STQ", 0o400 + 40, 1, 0),
                ins("TIX", 0o105, 1, 1),
                ins("TRA", 0o110, 0, 0),
            ];
            let mut m = read_then(0o1201, &copy, &[iocd(40, 0o300)], 0, &[]);
            reel(&mut m, vec![forty_words()]);
            let end = Stop::TightLoop { address: 0o110 };
            ("words read as they arrive, then TRA * to the end", m, end)
        }
        5 => {
            // 40 words arriving at 0o300...; the loop loads the first through a pointer (an
            // indirect address, left by the hot loop) and stores it by an XEC, as they come,
            // under an enabled end-of-file trap that never comes.
            let ind = by_mnemonic("LDQ").unwrap().encode(0o220, 0, 0, true);
            let copy = [
                ins("AXT", 40, 1, 0),
                ind,
                ins("XEC", 0o221, 0, 0),
                ins("TIX", 0o105, 1, 1),
                ins("TRA", 0o110, 0, 0),
            ];
            let mut m = read_then(0o1201, &copy, &[iocd(40, 0o300)], COMMAND_EOF_A, &[]);
            m.mem_mut()[0o220] = 0o300;
            m.mem_mut()[0o221] = ins("STQ", 0o400 + 40, 1, 0);
            reel(&mut m, vec![forty_words()]);
            let end = Stop::TightLoop { address: 0o110 };
            ("indirect loads and XECs as words arrive", m, end)
        }
        7..=11 => {
            // A loop of CLA, ADD (a fused pair) and TZE on the word the channel reads to
            // 0o300, its phase moved a cycle by each NOP: in one of the five the word
            // arrives between the CLA and the ADD, which must see it (AC is then the word,
            // not twice it).
            let p = k as u32 - 7;
            let mut spin = vec![ins("NOP", 0, 0, 0); p as usize];
            spin.extend([
                ins("CLA", 0o300, 0, 0),
                ins("ADD", 0o300, 0, 0),
                ins("TZE", 0o104 + p, 0, 0),
                ins("STO", 0o400, 0, 0),
                ins("TRA", 0o104 + p + 4, 0, 0),
            ]);
            let mut m = read_then(0o1201, &spin, &[iocd(1, 0o300)], 0, &[]);
            reel(&mut m, vec![forty_words()]);
            let end = Stop::TightLoop {
                address: 0o104 + p as u16 + 4,
            };
            ("a fused pair as a word arrives", m, end)
        }
        _ => {
            // 40 words written from 0o300...; the loop clears them as the channel takes them.
            let clear = [
                ins("WRS", 0o1221, 0, 0),
                ins("RCHA", 0o200, 0, 0),
                ins("AXT", 40, 1, 0),
                ins("STZ", 0o300 + 40, 1, 0),
                ins("TIX", 0o103, 1, 1),
                ins("TRA", 0o105, 0, 0),
            ];
            let mut m = machine(&clear, &[iocd(40, 0o300)], 0, &[]);
            m.io.mount(0o1201, Tape::blank()).unwrap();
            m.load(0o300, &(1..=40u64).collect::<Vec<_>>());
            let end = Stop::TightLoop { address: 0o105 };
            ("words cleared as they leave, then TRA * to the end", m, end)
        }
    }
}

/// `m` stepped one instruction at a time (never a tight-loop stop, as SIMH) until it has
/// counted `n` more instructions or stops.
fn stepped(m: &mut Machine, n: u64) -> Option<Stop> {
    let end = m.instructions() + n;
    while m.instructions() < end {
        if let Some(stop) = m.step() {
            return Some(stop);
        }
    }
    None
}

#[test]
fn runs_beside_the_channels_agree_with_single_steps() {
    // The run goes on at full speed up to the channels' next event and runs a wait on `TRA *`
    // at once; one step at a time decides every boundary afresh. The whole run, and runs cut
    // by instruction and cycle budgets anywhere in it, leave the same machine.
    use crate::ibm7090::snapshot::to_text;
    for k in 0..12 {
        let fresh = || beside_the_channels(k).1;
        let (name, mut whole, end) = beside_the_channels(k);
        assert_eq!(whole.run(Limits::instructions(100_000)), end, "{name}");
        let mut by_steps = fresh();
        let n = whole.instructions();
        match (end, stepped(&mut by_steps, n)) {
            (Stop::TightLoop { address }, None) => {
                assert_eq!(by_steps.ic, address as u32, "{name}")
            }
            (end, stepped_end) => assert_eq!(Some(end), stepped_end, "{name}"),
        }
        assert_eq!(to_text(&whole), to_text(&by_steps), "{name}");
        assert!(n > 40, "{name}: {n} instructions");
        // Traced, the run goes one step at a time and makes the tight-loop test at each.
        let mut traced = fresh();
        traced.set_trace(true);
        assert_eq!(traced.run(Limits::instructions(100_000)), end, "{name}");
        traced.set_trace(false);
        assert_eq!(to_text(&traced), to_text(&whole), "{name}: traced");

        // Cut after i instructions, then run to the end: the same at the cut and at the end.
        let mut reference = fresh();
        let cuts = (1..=25).chain((26..n).step_by(n as usize / 40 + 1));
        for i in cuts {
            let mut cut = fresh();
            let stop = cut.run(Limits::instructions(i));
            if stop != Stop::InstructionBudget {
                continue;
            }
            // An XEC counts two: the reference may be there already.
            let behind = i.saturating_sub(reference.instructions());
            assert!(stepped(&mut reference, behind).is_none(), "{name}: {i}");
            assert_eq!(to_text(&cut), to_text(&reference), "{name}: cut at {i}");
            assert_eq!(cut.run(Limits::instructions(100_000)), end, "{name}: {i}");
            assert_eq!(
                to_text(&cut),
                to_text(&whole),
                "{name}: after the cut at {i}"
            );
        }

        // Cut at c cycles: the run stops at the first boundary at or past c.
        let c_end = whole.cycles();
        for c in (1..c_end).step_by(c_end as usize / 40 + 1) {
            let mut cut = fresh();
            if cut.run(Limits::cycles(c)) != Stop::CycleBudget {
                continue;
            }
            let mut reference = fresh();
            while reference.cycles() < c {
                assert!(reference.step().is_none(), "{name}: {c} cycles");
            }
            assert_eq!(
                to_text(&cut),
                to_text(&reference),
                "{name}: cut at {c} cycles"
            );
        }
    }
}
