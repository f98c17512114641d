#![allow(clippy::unusual_byte_groupings)]

use super::*;
use crate::ibm7090::bcd;
use crate::ibm7090::card::Card;
use crate::ibm7090::isa;
use crate::ibm7090::tape::{self, Block};

/// A channel command word (`IOCD 200,,24` is `cw("IOCD", 24, 0o200)`).
fn cw(op: &str, count: u32, addr: u32) -> u64 {
    isa::by_mnemonic(op).unwrap().encode(addr, 0, count, false)
}

/// Whether channel A is out of operation once its time has passed (`Io`'s clock runs on far).
fn idle(io: &mut Io) -> bool {
    io.clock.now += 1 << 40;
    !io.in_operation(0)
}

/// RCH or LCH, and the words it read stored (they arrive as they pass: `arrivals.rs`).
fn start(io: &mut Io, ch: usize, mem: &mut [u64], y: u16, reset: bool) -> Result<(), ChannelError> {
    let res = io.start(ch, mem, y, reset);
    io.arrivals.deliver_all(mem);
    res
}

fn store() -> Vec<u64> {
    vec![0u64; 32768]
}

fn image(text: &str) -> [u64; 24] {
    Card::from_text(text, 1).unwrap().image()
}

#[test]
fn a_card_is_24_row_binary_words() {
    let mut io = Io::default();
    io.reader.load_text("HELLO\nWORLD\n").unwrap();
    let mut mem = store();
    mem[0o100] = cw("IOCD", 24, 0o200);
    io.select(CARD_READER, false).unwrap();
    start(&mut io, 0, &mut mem, 0o100, true).unwrap();
    assert_eq!(mem[0o200..0o230], image("HELLO"));
    assert!(idle(&mut io));
    assert_eq!(io.reader.cards_read, 1);
    assert_eq!(io.reader.hopper.len(), 1);
}

#[test]
fn counts_run_on_across_cards() {
    // 9M08A reads its seven print-image cards with one IOCD M1,0,168.
    let mut io = Io::default();
    let deck: String = (1..=8).map(|k| format!("CARD {k}\n")).collect();
    io.reader.load_text(&deck).unwrap();
    let mut mem = store();
    mem[0o100] = cw("IOCD", 168, 0o1000);
    io.select(CARD_READER, false).unwrap();
    start(&mut io, 0, &mut mem, 0o100, true).unwrap();
    for k in 0..7 {
        let at = 0o1000 + 24 * k;
        assert_eq!(mem[at..at + 24], image(&format!("CARD {}", k + 1)));
    }
    assert_eq!(
        io.reader.hopper.len(),
        1,
        "the eighth card stays in the hopper"
    );
}

#[test]
fn iort_stores_its_count_and_takes_the_record_then_waits_for_lch() {
    let mut io = Io::default();
    io.reader.load_text("ONE\nTWO\n").unwrap();
    let mut mem = store();
    mem[0o100] = cw("IORT", 2, 0o200);
    mem[0o101] = cw("IOCD", 24, 0o300);
    io.select(CARD_READER, false).unwrap();
    start(&mut io, 0, &mut mem, 0o100, true).unwrap();
    assert_eq!(mem[0o200..0o202], image("ONE")[..2]);
    assert_eq!(mem[0o202], 0);
    assert_eq!(io.channels[0].state, State::Waiting);
    start(&mut io, 0, &mut mem, 0o101, false).unwrap();
    assert_eq!(mem[0o300..0o330], image("TWO"), "the next card");
}

#[test]
fn ioct_chains_with_lch_make_one_print_line() {
    // 9M02A's ID line: RCHA (IOCT PI,0,1), then LCHA for each further word.
    let mut io = Io::default();
    let mut mem = store();
    let words = image("NOW PERFORMING 9M02A");
    mem[0o1000..0o1030].copy_from_slice(&words);
    for k in 0..24u32 {
        mem[0o100 + k as usize] = cw("IOCT", 1, 0o1000 + k);
    }
    io.select(PRINTER, true).unwrap();
    start(&mut io, 0, &mut mem, 0o100, true).unwrap();
    for k in 1..24 {
        assert_eq!(io.channels[0].state, State::Waiting);
        start(&mut io, 0, &mut mem, 0o100 + k, false).unwrap();
    }
    // The printer ended the line with the 24th word; no LCH comes, so the channel disconnects.
    assert_eq!(io.printer.lines, ["NOW PERFORMING 9M02A"]);
    assert!(idle(&mut io));
    assert!(io.channels[0].flags.command);
    assert_eq!(io.printer.lines.len(), 1, "no blank line after a full one");
}

#[test]
fn print_lines_by_iocd() {
    let mut io = Io::default();
    let mut mem = store();
    mem[0o1000..0o1030].copy_from_slice(&image("FIRST"));
    mem[0o1030..0o1060].copy_from_slice(&image("SECOND"));
    mem[0o100] = cw("IOCD", 48, 0o1000);
    mem[0o101] = cw("IOCD", 2, 0o1000);
    io.select(PRINTER, true).unwrap();
    start(&mut io, 0, &mut mem, 0o100, true).unwrap();
    // A partial image prints at the disconnect (row 9 of FIRST: the 9s of I and R); a select
    // with no RCH prints a blank line.
    io.select(PRINTER, true).unwrap();
    start(&mut io, 0, &mut mem, 0o101, true).unwrap();
    io.select(PRINTER, true).unwrap();
    io.settle();
    assert_eq!(io.printer.lines, ["FIRST", "SECOND", " 99", ""]);
}

#[test]
fn nontransmit_counts_and_advances_and_sch_shows_it() {
    // 9M21A's fast-MPY test: IOCP TEMP,0,1 then IOCDN TEMP+3,0,23, read back with SCHA.
    let mut io = Io::default();
    io.reader.load_text("123456789\n").unwrap();
    let mut mem = store();
    mem[0o16573] = cw("IOCP", 1, 0o16600);
    mem[0o16574] = cw("IOCD", 23, 0o16603) | 1 << 16;
    io.select(CARD_READER, false).unwrap();
    start(&mut io, 0, &mut mem, 0o16573, true).unwrap();
    assert_eq!(mem[0o16600], image("123456789")[0]);
    assert!(
        mem[0o16601..0o16700].iter().all(|&w| w == 0),
        "nothing stored"
    );
    // Location counter 16575, nontransmit, address advanced by the 23 words.
    assert_eq!(io.store(0).unwrap(), 0o016575_2_16632);
    assert_eq!(
        io.store(2),
        Err(ChannelError::NoSuchChannel(0o3000)),
        "no channel C"
    );
}

#[test]
fn rch_on_an_idle_channel_loads_the_registers_and_sets_io_check() {
    let mut io = Io::default();
    let mut mem = store();
    mem[0o100] = cw("IOCT", 3, 0o200);
    start(&mut io, 0, &mut mem, 0o100, true).unwrap();
    assert!(io.io_check);
    assert!(idle(&mut io));
    assert_eq!(io.store(0).unwrap(), 0o5_00101_0_00200);
}

#[test]
fn zero_commands_disconnect() {
    let mut io = Io::default();
    io.reader.load_text("X\nY\n").unwrap();
    let mut mem = store();
    mem[0o100] = 0; // IOCD 0,,0: 9M02A's "RCHA ZERO"
    io.select(CARD_READER, false).unwrap();
    start(&mut io, 0, &mut mem, 0o100, true).unwrap();
    assert!(idle(&mut io));
    mem[0o101] = cw("IOCT", 0, 0);
    io.select(CARD_READER, false).unwrap();
    start(&mut io, 0, &mut mem, 0o101, true).unwrap();
    assert!(idle(&mut io));
    assert_eq!(io.reader.cards_read, 2);
}

#[test]
fn a_tch_loop_stops() {
    let mut io = Io::default();
    let mut mem = store();
    mem[0o100] = cw("TCH", 0, 0o100);
    io.select(PRINTER, true).unwrap();
    assert_eq!(
        start(&mut io, 0, &mut mem, 0o100, true),
        Err(ChannelError::CommandLoop {
            channel: 'A',
            address: 0o100
        })
    );
}

#[test]
fn the_reader_running_out_is_an_error_and_a_select_of_an_empty_reader_too() {
    let mut io = Io::default();
    io.reader.load_text("ONLY\n").unwrap();
    let mut mem = store();
    mem[0o100] = cw("IOCD", 48, 0o200);
    io.select(CARD_READER, false).unwrap();
    assert_eq!(
        start(&mut io, 0, &mut mem, 0o100, true),
        Err(ChannelError::ReaderEmpty)
    );
    assert!(idle(&mut io));
    assert_eq!(
        io.select(CARD_READER, false),
        Err(ChannelError::ReaderEmpty)
    );
}

#[test]
fn after_end_of_file_the_empty_hopper_is_an_end_of_file() {
    // The operator pressed END OF FILE: the last card is read, then the channel finds the end
    // of the file (TEFA) and disconnects, and a select of the empty reader goes ahead to it.
    let mut io = Io::default();
    io.reader.load_text("ONLY\n").unwrap();
    io.reader.end_of_file = true;
    let mut mem = store();
    mem[0o100] = cw("IOCD", 48, 0o200);
    io.select(CARD_READER, false).unwrap();
    start(&mut io, 0, &mut mem, 0o100, true).unwrap();
    assert_eq!(mem[0o200..0o230], image("ONLY"));
    assert!(idle(&mut io));
    assert!(io.take(0, Indicator::EndOfFile));
    io.select(CARD_READER, false).unwrap();
    start(&mut io, 0, &mut mem, 0o100, true).unwrap();
    assert!(idle(&mut io));
    assert!(io.take(0, Indicator::EndOfFile));
    assert_eq!(io.reader.cards_read, 1);
}

#[test]
fn units_and_channels() {
    let mut io = Io::default();
    assert_eq!(
        io.select(0o321, false),
        Err(ChannelError::NoSuchChannel(0o321))
    );
    assert_eq!(
        io.select(0o3201, false),
        Err(ChannelError::NoSuchChannel(0o3201))
    );
    assert_eq!(
        io.select(0o2321, false),
        Err(ChannelError::NoSuchUnit(0o2321))
    );
    assert_eq!(
        io.select(CARD_READER, true),
        Err(ChannelError::WrongDirection {
            unit: CARD_READER,
            write: true
        })
    );
    assert_eq!(
        io.select(0o1202, false),
        Err(ChannelError::NotReady(0o1202))
    );
    io.mount(0o1202, Tape::of(Vec::new())).unwrap();
    assert_eq!(
        io.select(0o1202, true),
        Err(ChannelError::FileProtected(0o1202))
    );
    assert_eq!(
        io.select(0o1202, false),
        Err(ChannelError::BlankTape { unit: 0o1202 })
    );
    assert_eq!(unit_name(0o2221), "tape B1");
    assert_eq!(unit_name(0o1212), "tape A10");
    // Absent channels: not in operation, no indicators, orders refused.
    assert!(!io.in_operation(4));
    assert!(!io.take(5, Indicator::EndOfFile));
    let mut mem = store();
    assert!(matches!(
        start(&mut io, 2, &mut mem, 0, true),
        Err(ChannelError::NoSuchChannel(_))
    ));
}

/// Write two BCD records and a tape mark on A3, rewind, and read them back.
#[test]
fn tape_write_rewind_read_backspace_and_end_of_file() {
    let mut io = Io::default();
    io.mount(0o1203, Tape::blank()).unwrap();
    let mut mem = store();
    let one = bcd::pack("FIRST RECORD", 2);
    let two = bcd::pack("SECOND", 1);
    mem[0o1000..0o1002].copy_from_slice(&one);
    mem[0o1002] = two[0];
    mem[0o100] = cw("IOCD", 2, 0o1000);
    mem[0o101] = cw("IOCD", 1, 0o1002);
    for at in [0o100, 0o101] {
        io.select(0o1203, true).unwrap();
        start(&mut io, 0, &mut mem, at, true).unwrap();
    }
    io.motion(0o1203, Motion::WriteEndOfFile).unwrap();
    io.motion(0o1203, Motion::Rewind).unwrap();
    let t = io.tape(0o1203).unwrap();
    assert_eq!(t.bcd_lines(), ["FIRST RECORD", "SECOND"]);
    assert_eq!(t.blocks.len(), 3);
    assert!(t.written);

    // IORT per record: the first record into 0o2000 (a count larger than the record).
    mem[0o110] = cw("IORT", 5, 0o2000);
    mem[0o111] = cw("IORT", 5, 0o2010);
    io.select(0o1203, false).unwrap();
    start(&mut io, 0, &mut mem, 0o110, true).unwrap();
    start(&mut io, 0, &mut mem, 0o111, false).unwrap();
    assert_eq!(mem[0o2000..0o2002], one);
    assert_eq!(mem[0o2010], two[0]);
    assert_eq!(mem[0o2011], 0);
    // Reading on reaches the tape mark: end of file, disconnected.
    start(&mut io, 0, &mut mem, 0o111, false).unwrap();
    assert!(idle(&mut io));
    assert!(io.take(0, Indicator::EndOfFile));
    assert!(!io.take(0, Indicator::EndOfFile), "TEF turned it off");
    // Past the mark the tape is blank.
    assert_eq!(
        io.select(0o1203, false),
        Err(ChannelError::BlankTape { unit: 0o1203 })
    );
    // BSF: back before the mark; BSR twice: before SECOND... and the load point.
    io.motion(0o1203, Motion::BackspaceFile).unwrap();
    assert_eq!(io.tape(0o1203).unwrap().pos, 2);
    io.motion(0o1203, Motion::BackspaceRecord).unwrap();
    io.select(0o1203, false).unwrap();
    mem[0o120] = cw("IOCD", 1, 0o3000);
    start(&mut io, 0, &mut mem, 0o120, true).unwrap();
    assert_eq!(mem[0o3000], two[0]);
    io.motion(0o1203, Motion::BackspaceRecord).unwrap();
    io.motion(0o1203, Motion::BackspaceRecord).unwrap();
    assert!(!io.take(0, Indicator::BeginningOfTape));
    io.motion(0o1203, Motion::BackspaceRecord).unwrap();
    assert!(
        io.take(0, Indicator::BeginningOfTape),
        "BSR at the load point"
    );
    // Read in binary a tape written in BCD: the parity is wrong, a redundancy check.
    io.select(0o1223, false).unwrap();
    start(&mut io, 0, &mut mem, 0o120, true).unwrap();
    assert!(io.take(0, Indicator::Redundancy));
}

#[test]
fn signal_commands_stop_at_the_end_of_a_record() {
    let mut io = Io::default();
    let mut t = Tape::blank();
    for text in ["AAAAAABBBBBB", "CCCCCC"] {
        t.write_block(Block::Record(tape::bcd_record(text).unwrap()));
    }
    t.rewind();
    io.mount(0o2201, t).unwrap();
    let mut mem = store();
    // IOSP 5 takes the first record's 2 words and ends with it; IOCD 5 goes on with the next.
    mem[0o100] = cw("IOSP", 5, 0o1000);
    mem[0o101] = cw("IOCD", 5, 0o1010);
    io.select(0o2201, false).unwrap();
    start(&mut io, 1, &mut mem, 0o100, true).unwrap();
    assert_eq!(bcd::unpack(&mem[0o1000..0o1002]), "AAAAAABBBBBB");
    assert_eq!(mem[0o1002], 0);
    assert_eq!(bcd::unpack(&mem[0o1010..0o1011]), "CCCCCC");
    // The IOCD ran off the end of the written tape: end of file, on channel B.
    assert!(io.take(1, Indicator::EndOfFile));
    assert!(!io.take(0, Indicator::EndOfFile));
}

#[test]
fn the_load_key_reads_three_words_and_goes_on_at_0() {
    // 9M10A's self-loading card: IOCD 3,,20 and TCOA * in its first two words.
    let mut words = [0u64; 24];
    words[0] = cw("IOCD", 20, 3);
    words[1] = 0o006000000001;
    for (k, w) in words.iter_mut().enumerate().skip(2) {
        *w = k as u64;
    }
    let mut io = Io::default();
    io.reader.hopper.push_back(Card::from_image(&words));
    let mut mem = store();
    io.load_button(&mut mem, CARD_READER).unwrap();
    io.arrivals.deliver_all(&mut mem);
    assert_eq!(mem[..23], words[..23]);
    assert_eq!(mem[23], 0, "12R is not read");
    assert!(idle(&mut io));
}

#[test]
fn writing_past_the_end_of_tape_marker_turns_on_the_indicator() {
    let mut io = Io::default();
    io.mount(0o1204, Tape::blank()).unwrap();
    let mut mem = store();
    mem[0o100] = cw("IOCD", 1000, 0o1000);
    let mut records = 0;
    while !io.take(0, Indicator::EndOfTape) {
        io.select(0o1224, true).unwrap();
        start(&mut io, 0, &mut mem, 0o100, true).unwrap();
        records += 1;
        assert!(records < 3000, "no end of tape");
    }
    // 6,000 characters and a gap a record: 11.541 inches; the marker at 28,512 inches.
    assert_eq!(records, 2471);
}

#[test]
fn an_iorp_with_nothing_to_send_begins_the_next_card() {
    // LISP 1.5's punch: IORP 9 words (a card), IORP 1 word (a card), IORP 0, IORP 0, IOCD 0,,0.
    // The IORPs with count 0 wait for the punch to ask for a word, which it does at the start
    // of its next card: the disconnect punches that card blank, as SIMH's 721 does.
    let mut io = Io::default();
    let mut mem = store();
    mem[0o100] = cw("IORP", 9, 0o300);
    mem[0o101] = cw("IORP", 1, 0o310);
    mem[0o102] = cw("IORP", 0, 0o320);
    mem[0o103] = cw("IORP", 0, 0o320);
    mem[0o104] = cw("IOCD", 0, 0);
    mem[0o300] = 0o777777777777;
    mem[0o310] = 1;
    io.select(CARD_PUNCH, true).unwrap();
    start(&mut io, 0, &mut mem, 0o100, true).unwrap();
    assert!(idle(&mut io));
    assert_eq!(io.punch.cards.len(), 3);
    assert_eq!(io.punch.cards[2], Card::from_image(&[0; 24]));
    // An IOCD 0,,0 right after a card ends the select with no more.
    io.select(CARD_PUNCH, true).unwrap();
    mem[0o200] = cw("IORP", 1, 0o310);
    mem[0o201] = cw("IOCD", 0, 0);
    start(&mut io, 0, &mut mem, 0o200, true).unwrap();
    assert!(idle(&mut io));
    assert_eq!(io.punch.cards.len(), 4);
}
