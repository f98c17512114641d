//! One or more tests per order family: exact values and exact emulated time (timing.rs rows).

use super::*;
use crate::silliac::arith::{from_signed, to_signed, HALF, SIGN, WORD_MASK};
use crate::silliac::orders::{info, pair, parse_function, Action, Status};

const ADD: u64 = 75_000;
const MUL: u64 = 700_000;
const DIV: u64 = 1_040_000;
const FIXED: u64 = 40_000;
const PLACE: u64 = 8_000;
const STORE: u64 = 75_000;
const ADDR_STORE: u64 = 110_000;
const READ: u64 = 5_000_000;
const PUNCH: u64 = 100_000_000;

fn o(name: &str, n: u16) -> Order {
    Order::new(parse_function(name).unwrap(), n)
}

/// A machine with `order` as the left-hand order of word 10, control there, A and Q set.
fn machine(order: Order, a: u64, q: u64) -> Machine {
    let mut m = Machine::new();
    m.set_word(10, pair(order, o("24", 10)));
    m.set_control(10, Half::Left);
    m.set_a(a);
    m.set_q(q);
    m
}

/// Obey just `order` and return the machine.
fn obey(order: Order, a: u64, q: u64, setup: impl FnOnce(&mut Machine)) -> Machine {
    let mut m = machine(order, a, q);
    setup(&mut m);
    assert_eq!(m.step(), None, "{}", order.to_text());
    m
}

fn f(x: f64) -> u64 {
    from_signed((x * (1u64 << 39) as f64).round() as i64)
}

#[test]
fn add_family_from_store() {
    let m = 0.25;
    let cases: [(&str, f64, f64); 12] = [
        ("L0", 0.5, 0.25),  // A - M
        ("L1", 0.5, -0.25), // -M
        ("L2", 0.5, 0.25),  // A - |M|
        ("L3", 0.5, -0.25), // -|M|
        ("L4", 0.5, 0.75),  // A + M
        ("L5", 0.5, 0.25),  // M
        ("L6", 0.5, 0.75),  // A + |M|
        ("L7", 0.5, 0.25),  // |M|
        ("L9", 0.9, 0.25),  // 1/2 - M
        ("LS", 0.9, 0.25),  // 1/2 - |M|
        ("LJ", 0.9, 0.75),  // 1/2 + M
        ("LL", 0.9, 0.75),  // 1/2 + |M|
    ];
    for (name, a, want) in cases {
        let mc = obey(o(name, 100), f(a), 0, |mc| mc.set_word(100, f(m)));
        assert_eq!(mc.a(), f(want), "{name}");
        assert_eq!(mc.clock_ns(), ADD, "{name}");
        assert_eq!(mc.control(), (10, Half::Right));
    }
    // Negative operand through the absolute-value variants.
    let mc = obey(o("L7", 100), 0, 0, |mc| mc.set_word(100, f(-0.375)));
    assert_eq!(mc.a(), f(0.375));
    let mc = obey(o("L3", 100), 0, 0, |mc| mc.set_word(100, f(-0.375)));
    assert_eq!(mc.a(), f(-0.375));
    // Overflow wraps silently (notes §3.4): 3/4 + 1/2 = -3/4.
    let mc = obey(o("L4", 100), f(0.75), 0, |mc| mc.set_word(100, f(0.5)));
    assert_eq!(mc.a(), f(-0.75));
}

#[test]
fn add_family_from_q_and_increment_families() {
    let q = f(0.125);
    assert_eq!(obey(o("S5", 0), f(0.5), q, |_| ()).a(), q);
    assert_eq!(obey(o("S4", 0), f(0.5), q, |_| ()).a(), f(0.625));
    assert_eq!(obey(o("S1", 0), f(0.5), q, |_| ()).a(), f(-0.125));
    assert_eq!(obey(o("SJ", 0), 0, q, |_| ()).a(), f(0.625));
    // K5: A := Q + 2^-39 (the link idiom, evidence §2.1).
    assert_eq!(obey(o("K5", 0), 0, q, |_| ()).a(), q + 1);
    assert_eq!(obey(o("K4", 0), f(0.5), q, |_| ()).a(), f(0.625) + 1);
    // F5: M + 2^-39; F1: not M = -M - 2^-39; F0: A + not M.
    let setup = |mc: &mut Machine| mc.set_word(7, f(0.25));
    assert_eq!(obey(o("F5", 7), 0, 0, setup).a(), f(0.25) + 1);
    assert_eq!(obey(o("F1", 7), 0, 0, setup).a(), !f(0.25) & WORD_MASK);
    assert_eq!(obey(o("F1", 7), 0, 0, setup).a(), f(-0.25) - 1);
    assert_eq!(obey(o("F0", 7), f(0.5), 0, setup).a(), f(0.25) - 1);
    assert_eq!(obey(o("F4", 7), f(0.5), 0, setup).clock_ns(), ADD);
}

#[test]
fn shifts() {
    // 00 3: A:Q left 3, q1 moves into a39, q0 kept.
    let a = f(0.0625);
    let q = SIGN | 1 << 38; // q0 = 1, q1 = 1
    let m = obey(o("00", 3), a, q, |_| ());
    assert_eq!(m.a(), f(0.5) | 4);
    assert_eq!(m.q(), SIGN);
    assert_eq!(m.clock_ns(), FIXED + 3 * PLACE);
    // 00 0 does nothing but costs the fixed part.
    let m = obey(o("00", 0), a, q, |_| ());
    assert_eq!((m.a(), m.q(), m.clock_ns()), (a, q, FIXED));
    // 01 2 clears A first; 09 1 sets A := 1/2 first (-> -1 after one place).
    assert_eq!(obey(o("01", 2), a, 0, |_| ()).a(), 0);
    assert_eq!(obey(o("09", 1), 0, 0, |_| ()).a(), SIGN);
    // 10 2: right, sign copied, a39 into q1.
    let m = obey(o("10", 2), f(-0.5) | 3, 0, |_| ());
    assert_eq!(m.a(), f(-0.125));
    assert_eq!(m.q(), 3 << 37);
    // 19 38: A := 1/2, right 38 -> 2^-39 (the bootstrap's increment, notes §7).
    let m = obey(o("19", 38), 0, 0, |_| ());
    assert_eq!(m.a(), 1);
    assert_eq!(m.clock_ns(), FIXED + 38 * PLACE);
    // 11 clears A; a full-address count shifts everything out.
    assert_eq!(obey(o("11", 1), f(0.5), 0, |_| ()).a(), 0);
    let m = obey(o("10", 1000), SIGN, 5, |_| ());
    assert_eq!((m.a(), m.q()), (WORD_MASK, LOW39_Q));
    assert_eq!(m.clock_ns(), FIXED + 1000 * PLACE);
}

const LOW39_Q: u64 = (1 << 39) - 1;

#[test]
fn transfers_and_stops() {
    let m = obey(o("22", 300), 5, 0, |_| ());
    assert_eq!(
        (m.control(), m.a(), m.clock_ns()),
        ((300, Half::Right), 5, FIXED)
    );
    let m = obey(o("26", 300), 5, 0, |_| ());
    assert_eq!(m.control(), (300, Half::Left));
    assert_eq!(obey(o("27", 300), 5, 0, |_| ()).a(), 0);
    assert_eq!(obey(o("23", 300), 5, 0, |_| ()).a(), 0);
    assert_eq!(obey(o("2L", 300), 5, 0, |_| ()).a(), HALF);
    assert_eq!(
        obey(o("2S", 300), 5, 0, |_| ()).control(),
        (300, Half::Right)
    );
    // Stops: control already at the restart point; `run` again continues there.
    for (name, half) in [("20", Half::Right), ("24", Half::Left), ("21", Half::Right)] {
        let mut m = machine(o(name, 300), 5, 0);
        let stop = m.step();
        assert_eq!(
            stop,
            Some(Stop::StopOrder {
                address: 10,
                half: Half::Left,
                order: o(name, 300)
            })
        );
        assert_eq!(m.control(), (300, half));
        assert_eq!((m.orders(), m.clock_ns()), (1, FIXED));
    }
    // Conditional: taken iff A >= 0 (after the preset).
    assert_eq!(
        obey(o("36", 300), 0, 0, |_| ()).control(),
        (300, Half::Left)
    );
    assert_eq!(
        obey(o("32", 300), f(0.5), 0, |_| ()).control(),
        (300, Half::Right)
    );
    assert_eq!(
        obey(o("36", 300), f(-0.5), 0, |_| ()).control(),
        (10, Half::Right)
    );
    assert_eq!(
        obey(o("37", 300), f(-0.5), 0, |_| ()).control(),
        (300, Half::Left)
    );
    assert_eq!(
        obey(o("3L", 300), f(-0.5), 0, |_| ()).control(),
        (300, Half::Left)
    );
    let mut m = machine(o("34", 300), 0, 0);
    assert!(matches!(m.step(), Some(Stop::StopOrder { .. })));
    assert_eq!(m.control(), (300, Half::Left));
    let mut m = machine(o("30", 300), SIGN, 0);
    assert_eq!(m.step(), None);
    assert_eq!(m.control(), (10, Half::Right));
}

#[test]
fn transfer_to_itself_is_a_tight_loop() {
    // 26 10 at 10L (the machine's own TRA *): obeyed once, control stays on it.
    for trace in [false, true] {
        let mut m = machine(o("26", 10), 5, 0);
        m.set_trace(trace);
        let stop = m.run(Limits::orders(1000));
        let want = Stop::TightLoop {
            address: 10,
            half: Half::Left,
        };
        assert_eq!(stop, want);
        assert_eq!((stop.reason(), stop.is_error()), ("tight-loop", true));
        assert_eq!(
            stop.to_string().split(':').next(),
            Some("tight loop at 0010L")
        );
        assert_eq!((m.control(), m.orders(), m.a()), ((10, Half::Left), 1, 5));
        assert_eq!(m.run(Limits::none()), want);
    }
    // 2x with a preset (A := 0) and a taken 3x on the right-hand order.
    let mut m = machine(o("27", 10), 5, 0);
    assert!(matches!(m.step(), Some(Stop::TightLoop { .. })));
    assert_eq!(m.a(), 0);
    let mut m = Machine::new();
    m.set_word(10, pair(o("L5", 11), o("32", 10)));
    m.set_control(10, Half::Left);
    assert_eq!(
        m.run(Limits::none()),
        Stop::TightLoop {
            address: 10,
            half: Half::Right
        }
    );
    // A 3x not taken goes on; a stop order to itself is a stop, not a loop; a loop of two
    // orders is bounded by the budget only.
    let mut m = machine(o("36", 10), SIGN, 0);
    assert!(matches!(m.run(Limits::none()), Stop::StopOrder { .. }));
    let mut m = machine(o("24", 10), 0, 0);
    assert!(matches!(m.step(), Some(Stop::StopOrder { .. })));
    let mut m = Machine::new();
    m.set_word(10, pair(o("L4", 11), o("26", 10)));
    assert_eq!(m.run(Limits::orders(10_001)), Stop::OrderBudget);
}

#[test]
fn left_transfer_abandons_right_order_and_sequence_wraps() {
    let mut m = Machine::new();
    m.set_word(1023, pair(o("L5", 5), o("L4", 5)));
    m.set_word(0, pair(o("26", 1023), o("00", 0)));
    m.set_word(5, f(0.125));
    m.set_control(1023, Half::Left);
    m.run(Limits::orders(3));
    // 1023L, 1023R, then 0L (1024 wraps to 0).
    assert_eq!(m.a(), f(0.25));
    assert_eq!(m.control(), (1023, Half::Left));
    m.run(Limits::orders(1));
    assert_eq!(m.a(), f(0.125));
    assert_eq!(m.control(), (1023, Half::Right));
}

#[test]
fn stores() {
    let w = pair(o("L5", 0x155), o("22", 0x2AA));
    let a = pair(o("00", 0x3F0), o("00", 0x00F)) | SIGN;
    let setup = |m: &mut Machine| m.set_word(200, w);
    let m = obey(o("40", 200), a, 0, setup);
    assert_eq!((m.word(200), m.a(), m.clock_ns()), (a, a, STORE));
    let m = obey(o("41", 200), a, 0, setup);
    assert_eq!((m.word(200), m.a()), (0, 0));
    // 42: right-hand address digits only.
    let m = obey(o("42", 200), a, 0, setup);
    assert_eq!(m.word(200), pair(o("L5", 0x155), o("22", 0x00F)));
    assert_eq!(m.clock_ns(), ADDR_STORE);
    // 46: left-hand address digits only.
    let m = obey(o("46", 200), a, 0, setup);
    assert_eq!(m.word(200), pair(o("L5", 0x3F0), o("22", 0x2AA)));
    let m = obey(o("43", 200), a, 0, setup);
    assert_eq!(m.word(200), pair(o("L5", 0x155), o("22", 0)));
    let m = obey(o("47", 200), a, 0, setup);
    assert_eq!(m.word(200), pair(o("L5", 0), o("22", 0x2AA)));
    assert_eq!(obey(o("49", 200), a, 0, setup).word(200), HALF);
}

#[test]
fn planted_address_is_obeyed() {
    // 42 plants into the next word, which is decoded only when fetched.
    let mut m = Machine::new();
    m.set_word(10, pair(o("L5", 20), o("42", 11)));
    m.set_word(11, pair(o("00", 0), o("L5", 0)));
    m.set_word(12, pair(o("24", 12), o("00", 0)));
    m.set_word(20, 21);
    m.set_word(21, f(0.375));
    m.set_control(10, Half::Left);
    assert!(matches!(
        m.run(Limits::none()),
        Stop::StopOrder { address: 12, .. }
    ));
    assert_eq!(m.a(), f(0.375));
}

#[test]
fn planted_transfer_to_itself_is_a_tight_loop() {
    // A loop that plants its own closing transfer's address: 9 (back to the loop, so the
    // word is planted into once and becomes live to the block cache), then 12, the transfer's
    // own place. The run must stop on the transfer's first obeying, as one order at a time does.
    let program = || {
        let mut m = Machine::new();
        m.set_word(9, pair(o("00", 0), o("L5", 20)));
        m.set_word(10, pair(o("L4", 21), o("40", 20)));
        m.set_word(11, pair(o("42", 12), o("00", 0)));
        m.set_word(12, pair(o("00", 0), o("22", 0)));
        m.set_word(20, 6);
        m.set_word(21, 3);
        m.set_control(9, Half::Right);
        m
    };
    let want = Stop::TightLoop {
        address: 12,
        half: Half::Right,
    };
    let mut m = program();
    assert_eq!(m.run(Limits::orders(10_000)), want);
    assert_eq!((m.orders(), m.control()), (14, (12, Half::Right)));
    let mut one = program();
    let stop = loop {
        if let Some(stop) = one.step() {
            break stop;
        }
    };
    assert_eq!(stop, want);
    assert_eq!((one.orders(), one.clock_ns()), (m.orders(), m.clock_ns()));
}

#[test]
fn a_loop_of_one_block_that_plants_its_own_address() {
    // One block that goes back to its own start, which the block cache runs again without
    // looking it up, and plants the address of its second order on every trip: the first plant
    // makes the word live and cuts the block; later trips read each planted address as they
    // obey it. Whole runs and budgets that end mid-trip must give what one order at a time does.
    let program = || {
        let mut m = Machine::new();
        m.set_word(200, pair(o("L5", 300), o("L0", 199))); // A := counter; A := A - M(n)
        m.set_word(201, pair(o("40", 300), o("42", 200))); // counter := A; n := A's address
        m.set_word(202, pair(o("36", 200), o("24", 202))); // go to 200L if A >= 0; stop
        for k in 0..200 {
            m.set_word(k, 1 + k as u64 % 3);
        }
        m.set_word(300, 150);
        m.set_control(200, Half::Left);
        m
    };
    same_as_steps(program, [1, 3, 5, 6, 17, 23, 1000]);
    // The whole run: 51 trips of 5 orders, until A goes negative, and the stop.
    let mut m = program();
    assert!(matches!(
        m.run(Limits::orders(10_000)),
        Stop::StopOrder { .. }
    ));
    assert_eq!(m.orders(), 256);
}

#[test]
fn planted_shift_counts_from_45_down_to_0() {
    // Shift orders whose counts are planted before each trip (their words live after the
    // first plant): right and left shifts of every count from 45 down to 0, a negative A and
    // mixed Q, whole and under budgets that end anywhere, against one order at a time.
    let program = || {
        let mut m = Machine::new();
        m.set_word(200, pair(o("L5", 300), o("42", 202))); // A := count; 202R's count := it
        m.set_word(201, pair(o("42", 204), o("50", 304))); // 204R's count := it; Q := bits
        m.set_word(202, pair(o("L5", 301), o("10", 0))); // A := negative; shift right
        m.set_word(203, pair(o("40", 302), o("L5", 301))); // keep A; A := negative
        m.set_word(204, pair(o("50", 305), o("00", 0))); // Q := bits; shift left
        m.set_word(205, pair(o("40", 303), o("L5", 300))); // keep A; A := count
        m.set_word(206, pair(o("L0", 306), o("40", 300))); // count := count - 1
        m.set_word(207, pair(o("36", 200), o("24", 207))); // again while A >= 0; stop
        m.set_word(300, 45);
        m.set_word(301, 0x8_5A5A_5A5A);
        m.set_word(304, 0xA_C3C3_C3C3);
        m.set_word(305, 0x3_9696_9696);
        m.set_word(306, 1);
        m.set_control(200, Half::Left);
        m
    };
    same_as_steps(program, [7, 16, 100, 333, 1000]);
    let mut m = program();
    assert!(matches!(
        m.run(Limits::orders(10_000)),
        Stop::StopOrder { .. }
    ));
    let mut one = program();
    while one.step().is_none() {}
    assert!(m.orders() > 600);
    assert_eq!(
        (m.a(), m.q(), m.clock_ns(), m.orders(), m.store().words()),
        (
            one.a(),
            one.q(),
            one.clock_ns(),
            one.orders(),
            one.store().words()
        )
    );
}

#[test]
fn q_loads_and_extract() {
    let setup = |m: &mut Machine| m.set_word(9, 0xF0F0F0F0F0);
    let m = obey(o("50", 9), 7, 1, setup);
    assert_eq!((m.q(), m.a(), m.clock_ns()), (0xF0F0F0F0F0, 7, ADD));
    assert_eq!(obey(o("51", 9), 7, 1, setup).a(), 0);
    assert_eq!(obey(o("59", 9), 7, 1, setup).a(), HALF);
    let m = obey(o("J0", 9), 7, 0xFF00FF00FF, setup);
    assert_eq!((m.q(), m.a(), m.clock_ns()), (0xF000F000F0, 7, ADD));
    assert_eq!(obey(o("J1", 9), 7, 0, setup).a(), 0);
}

#[test]
fn multiply() {
    let setup = |m: &mut Machine| m.set_word(9, f(0.5));
    // 75: clear A, exact product in A:Q.
    let m = obey(o("75", 9), f(0.9), f(0.75), setup);
    assert_eq!((m.a(), m.q(), m.clock_ns()), (f(0.375), 0, MUL));
    // 74: old A added at 2^-78 (lands in Q).
    let m = obey(o("74", 9), 5, f(0.75), setup);
    assert_eq!((m.a(), m.q()), (f(0.375), 5));
    // 70: -M; 76: |M|; 72: -|M|.
    assert_eq!(obey(o("71", 9), 0, f(0.75), setup).a(), f(-0.375));
    let neg = |m: &mut Machine| m.set_word(9, f(-0.5));
    assert_eq!(obey(o("77", 9), 0, f(0.75), neg).a(), f(0.375));
    assert_eq!(obey(o("73", 9), 0, f(0.75), neg).a(), f(-0.375));
    // Negative multiplier: q0 keeps its sign, A holds the signed high half.
    let m = obey(o("75", 9), 0, f(-0.75), setup);
    assert_eq!((m.a(), m.q()), (f(-0.375), SIGN));
    // 7J rounds: 2^-39 * 1/2 = 2^-40 rounds up to 2^-39; 75 truncates to 0.
    let one = |m: &mut Machine| m.set_word(9, 1);
    assert_eq!(obey(o("7J", 9), 0, HALF, one).a(), 1);
    assert_eq!(obey(o("75", 9), 0, HALF, one).a(), 0);
    assert_eq!(obey(o("75", 9), 0, HALF, one).q(), 1 << 38);
}

#[test]
fn divide_and_overflow_stop() {
    let setup = |m: &mut Machine| m.set_word(9, f(0.5));
    // 0.25 / 0.5 = 0.5: quotient in Q with digit 39 forced to 1, remainder in A.
    let m = obey(o("66", 9), f(0.25), 0, setup);
    assert_eq!((m.q(), m.clock_ns()), (HALF | 1, DIV));
    assert_eq!(to_signed(m.a()), -to_signed(f(0.5)));
    let m = obey(o("64", 9), f(-0.125), 0, setup);
    assert_eq!(m.q(), f(-0.25) | 1);
    // 0.5 / 0.5 = 1 does not fit: the machine stops, nothing changes.
    let mut m = machine(o("66", 9), f(0.5), 3);
    setup(&mut m);
    let stop = m.step();
    assert_eq!(
        stop,
        Some(Stop::DivideOverflow {
            address: 10,
            half: Half::Left,
            order: o("66", 9)
        })
    );
    assert_eq!((m.a(), m.q(), m.clock_ns(), m.orders()), (f(0.5), 3, 0, 0));
    assert_eq!(m.control(), (10, Half::Left));
    assert_eq!(m.counts()[0x66], 0);
}

#[test]
fn tape_reading() {
    let mut m = machine(o("80", 8), f(0.5), SIGN | 0x0F00000000);
    m.reader_mut().push(&[0x3, 0x1C, 7]); // 28 has hole 5: only holes 1-4 (12) are sensed
    assert_eq!(m.step(), None);
    // A:Q shifted left 8; the characters replace what moved up from q1..q4 into a36..a39.
    assert_eq!(m.a(), 0x3C);
    assert_eq!(m.q(), SIGN);
    assert_eq!(m.clock_ns(), FIXED + 2 * READ);
    assert_eq!(
        m.reader().read_times_ns(),
        &[FIXED + READ, FIXED + 2 * READ]
    );
    assert_eq!(m.reader().position(), 2);
    // 81 clears A first.
    let mut m = machine(o("81", 4), f(0.5), 0);
    m.reader_mut().push(&[9]);
    assert_eq!(m.step(), None);
    assert_eq!(m.a(), 9);
    // Not enough tape: suspended before the order, nothing lost.
    let mut m = machine(o("80", 8), 5, 6);
    m.reader_mut().push(&[1]);
    assert_eq!(
        m.step(),
        Some(Stop::WaitingForTape {
            address: 10,
            half: Half::Left
        })
    );
    assert_eq!(
        (
            m.a(),
            m.q(),
            m.clock_ns(),
            m.orders(),
            m.reader().position()
        ),
        (5, 6, 0, 0, 0)
    );
    m.reader_mut().push(&[2]);
    assert_eq!(m.step(), None);
    assert_eq!(m.a(), 5 << 8 | 0x12);
    // A count that is not a multiple of 4 has no known meaning.
    let mut m = machine(o("80", 6), 0, 0);
    m.reader_mut().push(&[1, 2]);
    assert!(matches!(m.step(), Some(Stop::UnknownOrder { .. })));
    assert_eq!(m.reader().position(), 0);
}

#[test]
fn punching() {
    // 82 8: two characters from a0-a3, a4-a7; A:Q shifted left 8.
    let m = obey(o("82", 8), 0x5A00000001, 0x0300000000, |_| ());
    assert_eq!(m.punch().frames(), &[5, 10]);
    assert_eq!(m.punch().times_ns(), &[FIXED + PUNCH, FIXED + 2 * PUNCH]);
    assert_eq!(m.a(), 0x0000000106); // q2, q3 moved into a37, a38
    assert_eq!(m.clock_ns(), FIXED + 2 * PUNCH);
    // 92 n: holes 1-4 = (n div 64) mod 16, hole 5 = n mod 2 (evidence §4).
    for (n, frame) in [
        (2, 0),
        (66, 1),
        (131, 18),
        (965, 31),
        (706, 11),
        (642, 10),
        (644, 10),
        (133, 18),
    ] {
        let m = obey(o("92", n), 0, 0, |_| ());
        assert_eq!(m.punch().frames(), &[frame], "92 {n}");
        assert_eq!(m.clock_ns(), FIXED + PUNCH);
    }
    assert_eq!(obey(o("92", 965), 0, 0, |_| ()).punch().text(), " ");
}

#[test]
fn refused_orders_stop_and_change_nothing() {
    for name in [
        "28", "LK", "0F", "N0", "N9", "85", "8L", "84", "91", "90", "93",
    ] {
        let mut m = machine(o(name, 5), 7, 8);
        let stop = m.step().unwrap();
        assert!(stop.is_error(), "{name}: {stop}");
        assert_eq!(stop.location(), Some((10, Half::Left)));
        assert_eq!(
            (m.a(), m.q(), m.clock_ns(), m.orders()),
            (7, 8, 0, 0),
            "{name}"
        );
        assert_eq!(m.control(), (10, Half::Left));
        let unwanted = matches!(stop, Stop::UnwantedOrder { .. });
        assert_eq!(
            unwanted,
            info(o(name, 5).function).status == Status::Unwanted,
            "{name}"
        );
    }
    let mut m = machine(o("85", 5), 0, 0);
    let text = m.step().unwrap().to_string();
    assert_eq!(
        text,
        "unwanted order 85 5 at 0010L: drum order: ILLIAC's drum, SILLIAC had none"
    );
}

#[test]
fn limits_and_breakpoints() {
    // 10: L4 11 | 26 10 (loop adding 2^-39)
    let mut m = Machine::new();
    m.set_word(10, pair(o("L4", 11), o("26", 10)));
    m.set_word(11, 1);
    m.set_control(10, Half::Left);
    assert_eq!(m.run(Limits::orders(5)), Stop::OrderBudget);
    assert_eq!((m.orders(), m.a()), (5, 3));
    // Time budget: the next order starts at or after the limit.
    let t0 = m.clock_ns();
    let stop = m.run(Limits {
        max_ns: Some(ADD + 1),
        ..Limits::none()
    });
    assert_eq!(stop, Stop::TimeBudget);
    assert_eq!(m.clock_ns() - t0, ADD + FIXED); // 10R (26) then 10L (L4)
                                                // Breakpoint stops before the order; a new run starting there goes past it.
    let bp = Limits {
        breakpoint: Some((10, Half::Right)),
        ..Limits::none()
    };
    assert_eq!(
        m.run(bp),
        Stop::Breakpoint {
            address: 10,
            half: Half::Right
        }
    );
    let before = m.orders();
    assert_eq!(
        m.run(bp),
        Stop::Breakpoint {
            address: 10,
            half: Half::Right
        }
    );
    assert_eq!(m.orders() - before, 2);
    assert_eq!(m.counts()[0xF4] + m.counts()[0x26], m.orders());
}

#[test]
fn console_start_waits_for_tape_and_loads() {
    let mut m = Machine::new();
    m.console_start();
    assert_eq!(
        m.run(Limits::none()),
        Stop::WaitingForTape {
            address: 0,
            half: Half::Left
        }
    );
    // One word: 24 000 | 00 000 -> read and stored at 0, then obeyed: a stop.
    m.reader_mut().push(&[2, 4, 0, 0, 0, 0, 0, 0, 0, 0]);
    let stop = m.run(Limits::none());
    assert_eq!(
        stop,
        Stop::StopOrder {
            address: 0,
            half: Half::Left,
            order: o("24", 0)
        }
    );
    assert_eq!(m.word(0), pair(o("24", 0), o("00", 0)));
    assert_eq!(m.orders(), 3);
    assert_eq!(m.clock_ns(), (FIXED + 10 * READ) + STORE + FIXED);
}

#[test]
fn trace_lines() {
    let mut m = Machine::new();
    m.set_word(10, pair(o("L5", 11), o("24", 10)));
    m.set_word(11, HALF);
    m.set_control(10, Half::Left);
    m.set_trace(true);
    m.run(Limits::none());
    assert_eq!(
        m.take_trace(),
        "       0.000 0010L L5 11   A=4000000000 Q=0000000000\n      75.000 0010R 24 10   A=4000000000 Q=0000000000\n"
    );
    assert_eq!(m.take_trace(), "");
}

/// The per-unit work is counted where the clock charges it, in `step` and in `run` alike, so
/// the spread's nominal is the clock.
#[test]
fn work_is_counted_beside_the_clock() {
    let mut m = Machine::new();
    m.set_word(10, pair(o("00", 7), o("10", 3)));
    m.set_word(11, pair(o("80", 8), o("82", 4)));
    m.set_word(12, pair(o("92", 131), o("24", 12)));
    m.reader_mut().push(&[1, 2]);
    m.set_control(10, Half::Left);
    assert_eq!(m.step(), None); // 00 7 by `step`, the rest by `run`
    assert!(matches!(m.run(Limits::none()), Stop::StopOrder { .. }));
    let w = m.work();
    assert_eq!(
        (
            w.shift_places,
            w.read_chars,
            w.punched_chars,
            w.printed_chars
        ),
        (10, 2, 1, 1)
    );
    assert_eq!(m.clock_ns(), 6 * FIXED + 10 * PLACE + 2 * READ + 2 * PUNCH);
    let s = m.spread();
    assert_eq!(s.nominal, m.clock_ns());
    assert!(s.low < s.nominal && s.nominal < s.high);
}

/// A refused order charges no work (nor time).
#[test]
fn refused_read_counts_no_work() {
    let mut m = machine(o("80", 8), 0, 0);
    m.reader_mut().push(&[1]); // one frame where the order wants two
    assert!(matches!(m.step(), Some(Stop::WaitingForTape { .. })));
    assert_eq!((m.work(), m.clock_ns()), (Work::default(), 0));
}

mod bounds {
    use super::*;
    use crate::silliac::timing::Bound;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Any program, run under the low, nominal and high figures: the same run order for
        /// order (store, registers, counts, frames), and each clock equal to the figure
        /// `spread` computes from the counts and the work (two independent computations), with
        /// low <= nominal <= high.
        #[test]
        fn a_run_under_each_bound_is_the_same_run(
            words in proptest::collection::vec(0u64..=WORD_MASK, 1024),
            frames in proptest::collection::vec(0u8..32, 0..64),
        ) {
            // Orders the machine obeys and that do not end the run at once (stop orders,
            // divisions, which overflow on most random operands); a punch's count a multiple
            // of 4. The address and the second order of each word come from the rest of it.
            use crate::silliac::orders::{info, Status, TimingClass};
            let defined: Vec<u8> = (0..=255u8)
                .filter(|&c| {
                    let i = info(c);
                    i.status == Status::Defined
                        && i.timing != TimingClass::Divide
                        && !matches!(i.action, Action::Transfer { stop: true, .. })
                })
                .collect();
            let obeyed = |w: u64| {
                let f = |k: u64| {
                    let code = defined[(k as usize) % defined.len()];
                    let mut n = (k >> 8) as u16 & 0x3FF;
                    if info(code).timing == TimingClass::Punch {
                        n &= !3;
                    }
                    Order::new(code, n)
                };
                pair(f(w & 0xFFFFF), f(w >> 20))
            };
            let runs: Vec<Machine> = Bound::ALL
                .iter()
                .map(|&b| {
                    let mut m = Machine::new();
                    m.set_timing(b);
                    for (i, w) in words.iter().enumerate() {
                        m.set_word(i as u16, obeyed(*w));
                    }
                    m.reader_mut().push(&frames);
                    m.run(Limits::orders(3_000));
                    m
                })
                .collect();
            for m in &runs[1..] {
                prop_assert_eq!(m.counts(), runs[0].counts());
                prop_assert_eq!((m.a(), m.q(), m.control()), (runs[0].a(), runs[0].q(), runs[0].control()));
                prop_assert_eq!(m.punch().frames(), runs[0].punch().frames());
                prop_assert_eq!(m.work(), runs[0].work());
            }
            for (m, b) in runs.iter().zip(Bound::ALL) {
                prop_assert_eq!(m.timing(), b);
                prop_assert_eq!(m.clock_ns(), m.spread().get(b));
            }
            prop_assert!(runs[0].clock_ns() <= runs[1].clock_ns());
            prop_assert!(runs[1].clock_ns() <= runs[2].clock_ns());
        }
    }
}

/// `program` run under each budget, and one order at a time as far: the same stop, registers,
/// clock, counts and store.
pub(super) fn same_as_steps(program: impl Fn() -> Machine, budgets: impl IntoIterator<Item = u64>) {
    for budget in budgets {
        let mut m = program();
        let stop = m.run(Limits::orders(budget));
        let mut one = program();
        let mut want = Stop::OrderBudget;
        for _ in 0..budget {
            if let Some(s) = one.step() {
                want = s;
                break;
            }
        }
        assert_eq!(stop, want, "budget {budget}");
        let seen = |m: &Machine| (m.a(), m.q(), m.control(), m.clock_ns(), m.orders());
        assert_eq!(seen(&m), seen(&one), "budget {budget}");
        assert_eq!(m.counts(), one.counts(), "budget {budget}");
        assert_eq!(m.store().words(), one.store().words(), "budget {budget}");
    }
}
