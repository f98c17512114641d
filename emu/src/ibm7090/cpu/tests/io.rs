//! Cards in and lines out through the I/O orders, and the console's LOAD CARDS.

use super::*;

#[test]
fn card_in_line_out() {
    // Read a card (24 row-binary words) into 0o300.. and print it: the 711 to the 716.
    let iocd = |count: u64, addr: u64| count << 18 | addr;
    let mut m = Machine::new();
    m.io.reader.load_text("HELLO WORLD\n").unwrap();
    m.load(
        0o100,
        &[
            ins("RDS", 0o1321, 0, 0),
            ins("RCHA", 0o200, 0, 0),
            ins("WRS", 0o1361, 0, 0),
            ins("RCHA", 0o200, 0, 0),
            ins("HPR", 0, 0, 0),
        ],
    );
    m.load(0o200, &[iocd(24, 0o300)]);
    m.ic = 0o100;
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o104 });
    assert_eq!(m.io.printer.lines, vec!["HELLO WORLD".to_string()]);
    let mut m2 = Machine::new();
    m2.load(0o100, &[ins("RDS", 0o1321, 0, 0)]);
    m2.ic = 0o100;
    assert_eq!(m2.run(Limits::none()), Stop::ReaderEmpty { address: 0o100 });
    assert_eq!(m2.ic, 0o100, "the select did not happen");
}

#[test]
fn io_orders_on_the_machine() {
    // A BCD tape on A2 read to its end: the select past the last record stops there.
    let mut m = Machine::new();
    m.io.mount(
        0o1202,
        crate::ibm7090::tape::Tape::from_bcd_text("CARD ONE\n").unwrap(),
    )
    .unwrap();
    m.load(
        0o100,
        &[
            ins("RTDA", 2, 0, 0),
            ins("RCHA", 0o200, 0, 0),
            ins("TRA", 0o100, 0, 0),
        ],
    );
    m.load(0o200, &[14 << 18 | 0o300]);
    m.ic = 0o100;
    assert_eq!(
        m.run(Limits::instructions(100)),
        Stop::BlankTape {
            address: 0o100,
            unit: 0o1202
        }
    );
    assert_eq!(m.instructions(), 3);
    // The second select waits for the first record: a 3/4-inch gap and 84 characters at
    // 41,667 a second = 12.016 ms = 5,512 cycles from the first select (io_timing).
    assert_eq!(m.cycles(), 5_512);
    assert_eq!(m.io_wait_cycles(), 5_512 - (2 + 2 + 1));
    assert_eq!(
        crate::ibm7090::bcd::unpack(&m.mem()[0o300..0o302]),
        "CARD ONE    "
    );
    // TCOB on a channel at rest falls through; TCNB transfers; TEFA with no end of file
    // falls through; IOT skips with the I/O check off; RCHC stops, its IC on it.
    let mut m = Machine::new();
    m.load(
        0o100,
        &[
            ins("TCOB", 0o177, 0, 0),
            ins("TCNB", 0o103, 0, 0),
            ins("HTR", 0o177, 0, 0),
            ins("TEFA", 0o177, 0, 0),
            ins("IOT", 0, 0, 0),
            ins("HTR", 0o177, 0, 0),
            ins("BTTA", 0, 0, 0),
            ins("HTR", 0o177, 0, 0),
            ins("SPRA", 3, 0, 0),
            ins("RCHC", 0o200, 0, 0),
        ],
    );
    m.ic = 0o100;
    assert!(
        matches!(
            m.run(Limits::instructions(100)),
            Stop::Channel { address: 0o111, .. }
        ),
        "{:o}",
        m.ic
    );
    assert_eq!(m.ic, 0o111);
}

#[test]
fn load_cards_boots_a_self_loading_card() {
    // 9M10A's one FUL card as 9AP punched it (docs/assembler.md, 9AP's self-loading card): IOCD 3,,20 at 0 reads
    // 8R..12L into 3-26, TCOA * at 1 waits for it, and 2 starts the walk. 12R is not read.
    let words: [u64; 24] = [
        0o000024000003,
        0o006000000001,
        0o077400100030,
        0o075400100000,
        0o073700200000,
        0o056000000025,
        0o460000200000,
        0o056000000026,
        0o460000200001,
        0o060000277777,
        0o002000200000,
        0o463400400015,
        0o073400400000,
        0o100000400016,
        0o700000400020,
        0o000000000003,
        0o100001100021,
        0o300001100003,
        0o076000000166,
        0o042000000000,
        0o002000000002,
        0o076000000011,
        0o007400400013,
        0o777777777777,
    ];
    let mut m = Machine::new();
    m.io.reader
        .hopper
        .push_back(crate::ibm7090::card::Card::from_image(&words));
    m.load_cards().unwrap();
    assert_eq!(m.ic, 1);
    // The CPU starts when the key's three words are in; the rest arrive as the card passes
    // (IOCD 3,,20: words 3 to 22).
    assert_eq!(m.mem()[..3], words[..3]);
    assert_eq!(m.mem()[3..24], [0; 21]);
    assert!(m.io.arrivals.pending());
    // TCOA * spins while the rest of the card comes, one step at a time; then falls through.
    let until = m.io.busy_until(0);
    assert!(until > m.cycles());
    assert_eq!(m.step(), None);
    assert_eq!(m.ic, 1, "TCOA * while the card is read");
    while m.ic == 1 {
        assert_eq!(m.step(), None);
    }
    assert!(
        m.cycles() >= until && m.cycles() < until + 4,
        "{} {until}",
        m.cycles()
    );
    assert_eq!(m.ic, 2);
    assert_eq!(m.mem()[..23], words[..23]);
    assert_eq!(m.mem()[23], 0);
    assert!(!m.io.arrivals.pending());
    assert_eq!(m.step(), None);
    assert_eq!(m.xr[1], 0o30, "AXT 24,1");
    assert_eq!(
        Machine::new().load_cards(),
        Err(crate::ibm7090::channel::ChannelError::ReaderEmpty)
    );
}

#[test]
fn channels_g_and_h_are_absent_as_c_to_f_are() {
    // Their tests see a channel not in operation with every indicator off (TCN transfers,
    // BTT and ETT skip); RCH, LCH and SCH stop with the IC on the order.
    for (order, next) in [
        ("TRCG", 0o101),
        ("TRCH", 0o101),
        ("TEFG", 0o101),
        ("TEFH", 0o101),
        ("TCOG", 0o101),
        ("TCOH", 0o101),
        ("TCNG", 0o300),
        ("TCNH", 0o300),
        ("BTTG", 0o102),
        ("ETTH", 0o102),
    ] {
        let mut m = Machine::new();
        let y = if order.starts_with('T') { 0o300 } else { 0 };
        m.load(0o100, &[ins(order, y, 0, 0)]);
        m.ic = 0o100;
        assert_eq!(m.step(), None, "{order}");
        assert_eq!(m.ic, next, "{order}");
    }
    for (order, ch) in [("RCHG", 7), ("LCHH", 8), ("SCHG", 7)] {
        let mut m = Machine::new();
        m.load(0o100, &[ins(order, 0o300, 0, 0)]);
        m.ic = 0o100;
        assert_eq!(
            m.step(),
            Some(Stop::Channel {
                address: 0o100,
                error: crate::ibm7090::channel::ChannelError::NoSuchChannel(ch << 9)
            }),
            "{order}"
        );
        assert_eq!(m.ic, 0o100, "{order}");
    }
}
