//! Period ILLIAC tapes (shared/tapes: real code nobody on this project wrote) and a published
//! ILLIAC subroutine, run on the emulator. Each expectation names its source.

use emu::silliac::orders::{left, pair, right, word_to_sex, Order};
use emu::silliac::timing::{FIXED_NS, READ_CHAR_NS, SHIFT_PLACE_NS};
use emu::silliac::{arith, parse_pt, Half, Limits, Machine, Stop};
use std::path::PathBuf;

/// A period tape from `../shared/tapes`. The tests that read one are ignored where the build
/// found no `../shared` (build.rs), so a missing tape here is a failure.
fn tape(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/tapes")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_pt(&text, &path.display().to_string()).unwrap()
}

/// Words of a tape read as ten 4-bit characters each (how the bootstrap reads them).
fn tape_words(frames: &[u8]) -> Vec<u64> {
    frames
        .chunks(10)
        .map(|c| c.iter().fold(0u64, |w, &f| w << 4 | (f & 15) as u64))
        .collect()
}

fn fixed_time(m: &Machine) -> u64 {
    m.counts()
        .iter()
        .zip(FIXED_NS.iter())
        .map(|(c, t)| c * t)
        .sum()
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs the period tapes in ../shared beside the checkout; CI has them"
)]
fn x1_loads_itself_and_waits_for_tape() {
    let frames = tape("X1.pt");
    let words = tape_words(&frames);
    assert_eq!(words.len(), 32);
    let mut m = Machine::new();
    m.reader_mut().push(&frames);
    m.console_start();
    // notes §7: the 26th loaded word lands at 1024 = 0 and starts the routine at 999 (0x3E7).
    let stop = m.run(Limits {
        breakpoint: Some((999, Half::Left)),
        ..Limits::none()
    });
    assert_eq!(
        stop,
        Stop::Breakpoint {
            address: 999,
            half: Half::Left
        }
    );
    assert_eq!(
        m.reader().position(),
        320,
        "all of X1 read when the DOI starts"
    );
    assert_eq!(word_to_sex(m.word(0)), "263F700000");
    for (i, &w) in words[6..31].iter().enumerate() {
        assert_eq!(m.word(999 + i as u16), w, "word {}", 999 + i);
    }
    // Time: every order's fixed part, 320 characters through the reader, and the bootstrap's
    // `19 026` (38 places) once per loaded word after the first two.
    let shift_places = m.counts()[0x19] * 38;
    assert_eq!(
        m.clock_ns(),
        fixed_time(&m) + 320 * READ_CHAR_NS + shift_places * SHIFT_PLACE_NS
    );
    assert_eq!(m.clock_ns(), 1_618_906_000);
    // The machine's own count of the per-unit work agrees, and so does the spread's nominal.
    let w = m.work();
    assert_eq!((w.read_chars, w.shift_places), (320, shift_places));
    assert_eq!(m.spread().nominal, m.clock_ns());
    // Then the Decimal Order Input asks for the first character of a program.
    let stop = m.run(Limits::none());
    assert_eq!(
        stop,
        Stop::WaitingForTape {
            address: 1022,
            half: Half::Left
        }
    );
    assert_eq!(
        m.word(1022),
        pair(Order::new(0x80, 8), Order::new(0x00, 12))
    );
    // Nothing is lost: waiting again changes nothing.
    let (clock, orders) = (m.clock_ns(), m.orders());
    assert_eq!(m.run(Limits::none()), stop);
    assert_eq!((m.clock_ns(), m.orders()), (clock, orders));
    assert_eq!(m.reader().read_times_ns().len(), 320);
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs the period tapes in ../shared beside the checkout; CI has them"
)]
fn x1_loads_p2_and_t_pt_prints() {
    let frames = tape("t.pt");
    let mut m = Machine::new();
    m.reader_mut().push(&frames);
    m.console_start();
    let stop = m.run(Limits::orders(1_000_000));
    // The program returns from P2 into `00 0` words up to 998, falls into the DOI at 999,
    // which asks for more tape.
    assert_eq!(
        stop,
        Stop::WaitingForTape {
            address: 1022,
            half: Half::Left
        }
    );
    assert_eq!(m.reader().position(), 552);
    // P2 loaded at origin 30 (t.pt's `00 30K`), as decoded in evidence §2.2.
    assert_eq!(m.word(30), pair(Order::new(0x40, 0), Order::new(0xF1, 46)));
    // 14L `92 965F | 22 0F`, its exit address planted by `42 14L` with p+1 = 103.
    assert_eq!(left(m.word(44)), Order::new(0x92, 965));
    assert_eq!(right(m.word(44)), Order::new(0x22, 103));
    assert_eq!(
        m.word(47),
        pair(Order::new(0x00, 1), Order::new(0xA9, 1000))
    );
    // The main program at 100: X1 adds the J number 0.28543216 (converted exactly: nearest to 2^-39)
    // to the word already holding the pending left order `40 0F`, whose digits read as 1/2.
    assert_eq!(word_to_sex(m.word(100)), "64890K8037");
    assert_eq!(word_to_sex(m.word(101)), "22065L4064"); // 22 101 | L4 100
                                                        // So P2 prints 0.785432160 (9 digits, rounded) and a space.
    assert_eq!(m.punch().text(), "785432160 ");
    assert_eq!(m.punch().frames().len(), 10);
    assert_eq!(m.clock_ns(), 4_009_430_000);
    // A real program's period time: the spread's nominal is the clock, to the nanosecond, and
    // the bounds enclose it.
    let s = m.spread();
    assert_eq!(s.nominal, m.clock_ns());
    assert!(s.low < s.nominal && s.nominal < s.high, "{s:?}");
    let w = m.work();
    assert_eq!((w.read_chars, w.punched_chars + w.printed_chars), (552, 10));
}

/// Run the loaded P2 on a value set directly into M(100), as evidence §2.2's model did.
fn p2_prints(x: f64) -> String {
    let frames = tape("t.pt");
    let mut m = Machine::new();
    m.reader_mut().push(&frames);
    m.console_start();
    m.run(Limits::orders(1_000_000));
    m.punch_mut().clear();
    m.set_word(
        100,
        arith::from_signed((x * (1u64 << 39) as f64).round() as i64),
    );
    m.set_a(0);
    m.set_control(101, Half::Left);
    let stop = m.run(Limits::orders(1_000_000));
    assert!(matches!(stop, Stop::WaitingForTape { .. }), "{stop}");
    m.punch().text()
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs the period tapes in ../shared beside the checkout; CI has them"
)]
fn p2_prints_rounded_digits() {
    // evidence §2.2: 0.28543216 -> 285432160, 0.999999999 -> 999999999, 0.0012345678 -> 001234568
    assert_eq!(p2_prints(0.28543216), "285432160 ");
    assert_eq!(p2_prints(0.999999999), "999999999 ");
    assert_eq!(p2_prints(0.0012345678), "001234568 ");
}

/// D. Carrigan's ILLIAC square-root subroutine (evidence §2.1), packed by hand at 50..58,
/// called from 10 with the period linkage: `50 p` in the right of p, `26 s` in the left of p+1.
fn carrigan(x: u64) -> (u64, Machine) {
    let o = Order::new;
    let s = 50u16;
    let routine = [
        (o(0x40, 1), o(0xA5, 0)),     // 0L: 40 1F  | K5 F
        (o(0x42, s + 8), o(0x51, 1)), // 1L: 42 8L  | 51 1F
        (o(0x10, 1), o(0xBD, 0)),     // 2L: 10 1F  | SJ F
        (o(0x40, 2), o(0x50, 0)),     // 3L: 40 2F  | 50 F
        (o(0xF5, 1), o(0x66, 2)),     // 4L: L5 1F  | 66 2F
        (o(0xB5, 0), o(0xF0, 2)),     // 5L: S5 F   | L0 2F
        (o(0x10, 1), o(0x36, s + 8)), // 6L: 10 1F  | 36 8L
        (o(0xF4, 2), o(0x26, s + 3)), // 7L: L4 2F  | 26 3L
        (o(0xF5, 2), o(0x22, 0)),     // 8L: L5 2F  | 22 F
    ];
    let mut m = Machine::new();
    for (i, (l, r)) in routine.iter().enumerate() {
        m.set_word(s + i as u16, pair(*l, *r));
    }
    m.set_word(10, pair(o(0xF5, 30), o(0x50, 10))); // A := x; Q := this word (the link)
    m.set_word(11, pair(o(0x26, s), o(0x40, 31))); // enter; on return store the root at 31
    m.set_word(12, pair(o(0x24, 12), o(0, 0))); // stop
    m.set_word(30, x);
    m.set_control(10, Half::Left);
    let stop = m.run(Limits::orders(10_000));
    assert_eq!(
        stop,
        Stop::StopOrder {
            address: 12,
            half: Half::Left,
            order: o(0x24, 12)
        }
    );
    (m.word(31), m)
}

#[test]
fn carrigan_square_root() {
    for k in 1..1000u64 {
        let x = k as f64 / 1000.0;
        let w = arith::from_signed((x * (1u64 << 39) as f64) as i64);
        let xe = arith::to_signed(w) as f64 / (1u64 << 39) as f64;
        let (r, m) = carrigan(w);
        let root = arith::to_signed(r) as f64 / (1u64 << 39) as f64;
        assert!(
            (root - xe.sqrt()).abs() < 1e-11,
            "x {x}: {root} vs {}",
            xe.sqrt()
        );
        // Independent time check: order counts x table, plus one place per `10 1`.
        assert_eq!(
            m.clock_ns(),
            fixed_time(&m) + m.counts()[0x10] * SHIFT_PLACE_NS
        );
    }
    // One exact figure: sqrt(0.25) = 0.5 takes this long on the emulated SILLIAC.
    let (r, m) = carrigan(arith::HALF >> 1);
    assert!((arith::to_signed(r) - arith::to_signed(arith::HALF)).abs() <= 1);
    assert_eq!((m.orders(), m.clock_ns()), (61, 8_853_000));
}

/// P12 ("equivalent to P6", evidence §2.2) loaded by X1 at origin 200 (`00 200K` before it).
/// Its first six words are clean and its end has an `N` (obey now) item, so loading runs it:
/// it punches CR/LF (`92 131`), a delay (`92 515`) and the sign of A (`92 644` +, `92 708` -),
/// then reaches word 206, where the tape's undecodable part (evidence §2.2) assembled into
/// `6K 88`, an unwanted variant: the machine stops and names it.
#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs the period tapes in ../shared beside the checkout; CI has them"
)]
fn p12_prints_the_sign_then_stops_at_its_undecodable_part() {
    let (x1, p12) = (tape("X1.pt"), tape("P12.pt"));
    let mut m = Machine::new();
    m.reader_mut().push(&x1);
    m.reader_mut().push(&[0, 0, 2, 0, 0, 10]); // 00 200K
    m.reader_mut().push(&p12);
    m.console_start();
    let stop = m.run(Limits::orders(1_000_000));
    let Stop::UnwantedOrder {
        address: 206,
        half: Half::Left,
        order,
        reason,
    } = stop
    else {
        panic!("{stop}")
    };
    // 6K 88, with spare digits 2 (they are kept in the store, ignored by the machine)
    assert_eq!((order.function, order.address, order.spare), (0x6A, 88, 2));
    assert_eq!(reason, emu::silliac::info(0x6A).summary);
    assert_eq!(m.word(200), pair(Order::new(0x40, 0), Order::new(0xA5, 0)));
    assert_eq!(m.punch().frames(), &[18, 24, 10]);
    // Called with a negative number (A at entry, period linkage from 300), it prints "-".
    m.punch_mut().clear();
    m.set_word(100, arith::from_signed(-12345));
    m.set_word(300, pair(Order::new(0xF5, 100), Order::new(0x50, 300)));
    m.set_word(301, pair(Order::new(0x26, 200), Order::new(0x24, 301)));
    m.set_control(300, Half::Left);
    assert!(matches!(
        m.run(Limits::orders(1000)),
        Stop::UnwantedOrder { address: 206, .. }
    ));
    assert_eq!(m.punch().text(), "\n-");
}
