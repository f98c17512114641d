//! Trap mode: transfers stored and trapped, HTR and STR.

use super::*;

#[test]
fn trap_mode_stores_every_transfer_and_traps_the_taken_ones() {
    // 0000 holds TRA 0 with a tag: only its address part changes [CE-98].
    let m = run(
        &[
            ins("ETM", 0, 0, 0),
            ins("TZE", 0o300, 0, 0), // AC not zero: falls through, location stored
            ins("PAI", 0, 0, 0),     // not a transfer: 0000 kept
            ins("TRA", 0o300, 0, 0), // traps to 0001
        ],
        &[],
        |m| {
            m.ac = 5;
            m.mem_mut()[0] = ins("TRA", 0, 2, 0);
            // 0001: back at 0o104 with trap mode left.
            m.mem_mut()[1] = ins("LTM", 0, 0, 0);
            m.mem_mut()[2] = ins("TRA", 0o104, 0, 0);
        },
    );
    assert_eq!(m.mem()[0], ins("TRA", 0o103, 2, 0));
    assert!(!m.trap_mode);
    assert_eq!(cycles(&m), 2 + 1 + 2 + 1 + 2 + 1);
}

#[test]
fn trapped_transfers_keep_their_side_effects() {
    let trap = |program: &[u64], setup: &dyn Fn(&mut Machine)| {
        let mut m = Machine::new();
        m.load(0o100, program);
        m.mem_mut()[1] = ins("HPR", 0, 0, 0);
        m.ic = 0o100;
        m.trap_mode = true;
        setup(&mut m);
        let stop = m.run(Limits::instructions(100));
        (m, stop)
    };
    // TSX: the index register gets the 2's complement of the location anyway.
    let (m, stop) = trap(&[ins("TSX", 0o300, 4, 0)], &|_| {});
    assert_eq!(stop, Stop::HaltProceed { address: 1 });
    assert_eq!((m.mem()[0], m.xr[4]), (0o100, 0o77700));
    // TIX: decremented, trapped; TNX: decremented, not a transfer: falls through.
    let (m, _) = trap(&[ins("TIX", 0o300, 1, 2)], &|m| m.xr[1] = 5);
    assert_eq!((m.mem()[0], m.xr[1], m.ic), (0o100, 3, 2));
    let (m, _) = trap(&[ins("TNX", 0o300, 1, 2), ins("HPR", 0, 0, 0)], &|m| {
        m.xr[1] = 5
    });
    assert_eq!((m.mem()[0], m.xr[1], m.ic), (0o100, 3, 0o102));
    // TOV clears the overflow indicator when it traps.
    let (m, _) = trap(&[ins("TOV", 0o300, 0, 0)], &|m| m.overflow = true);
    assert_eq!((m.mem()[0], m.overflow, m.ic), (0o100, false, 2));
    // An indirect transfer: its own location is stored, not the one it would go to.
    let (m, _) = trap(&[ind("TRA", 0o200, 0)], &|m| m.mem_mut()[0o200] = 0o300);
    assert_eq!(m.mem()[0], 0o100);
    // XEC of a transfer: the XEC's location (SIMH keeps the fetch's location).
    let (m, _) = trap(&[ins("XEC", 0o200, 0, 0)], &|m| {
        m.mem_mut()[0o200] = ins("TRA", 0o300, 0, 0)
    });
    assert_eq!((m.mem()[0], m.ic), (0o100, 2));
    // TTR is immune.
    let (m, stop) = trap(&[ins("TTR", 0o300, 0, 0)], &|m| {
        m.mem_mut()[0o300] = ins("HPR", 0, 0, 0)
    });
    assert_eq!(
        (m.mem()[0], stop),
        (0, Stop::HaltProceed { address: 0o300 })
    );
}

#[test]
fn htr_in_trap_mode_traps_when_started_again() {
    let mut m = Machine::new();
    m.load(0o100, &[ins("ETM", 0, 0, 0), ins("HTR", 0o500, 0, 0)]);
    m.mem_mut()[1] = ins("HPR", 0, 0, 0);
    m.ic = 0o100;
    let stop = m.run(Limits::none());
    assert_eq!(
        stop,
        Stop::Halt {
            address: 0o101,
            target: 0o500,
            trapped: true
        }
    );
    // Halted: 0000 not yet changed; the IC is where START goes.
    assert_eq!((m.mem()[0], m.ic, m.halt_trap), (0, 1, Some(0o101)));
    // The pending trap survives a snapshot.
    let mut m =
        crate::ibm7090::snapshot::from_text(&crate::ibm7090::snapshot::to_text(&m), "halted")
            .unwrap();
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 1 });
    assert_eq!((m.mem()[0], m.halt_trap), (0o101, None));
}

#[test]
fn str_stores_its_location_and_goes_to_2() {
    let str_at = |trap_mode: bool| {
        let mut m = Machine::new();
        m.load(0o100, &[ins("NOP", 0, 0, 0), ins("STR", 0o777, 3, 0o55)]);
        m.mem_mut()[0] = NEG | 0o7_00000;
        m.mem_mut()[2] = ins("HPR", 0, 0, 0);
        (m.ic, m.trap_mode) = (0o100, trap_mode);
        (m.xr[1], m.xr[2]) = (0o1, 0o2);
        assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 2 });
        m
    };
    for trap_mode in [false, true] {
        let m = str_at(trap_mode);
        assert_eq!(m.mem()[0], NEG | 0o7_00000 | 0o102);
        assert_eq!(m.trap_mode, trap_mode, "STR does not enter trap mode");
        // As for any Type A order, tag 3 rewrites A and B with their OR (SIMH `get_xrx`).
        assert_eq!(abc(&m), [0o3, 0o3, 0]);
        assert_eq!(m.cycles(), 1 + 2 + 1);
    }
}

#[test]
fn the_hot_loop_runs_in_trap_mode_as_the_single_step() {
    // A counted loop that leaves trap mode from its trap handler: run and step agree.
    let program = [
        ins("AXT", 3, 1, 0),
        ins("ETM", 0, 0, 0),
        ins("TIX", 0o102, 1, 1),
        ins("CLA", 0, 0, 0),
        ins("HPR", 0, 0, 0),
    ];
    let setup = |m: &mut Machine| {
        m.load(0o100, &program);
        // 0001: LTM, then on at the location stored + 1.
        m.load(1, &[ins("LTM", 0, 0, 0), ins("TRA", 0o103, 0, 0)]);
        m.ic = 0o100;
    };
    let mut a = Machine::new();
    setup(&mut a);
    let stop = a.run(Limits::none());
    let mut b = Machine::new();
    setup(&mut b);
    let stop_b = loop {
        if let Some(s) = b.step() {
            break s;
        }
    };
    assert_eq!(stop, stop_b);
    assert_eq!(
        (a.ac, a.xr, a.ic, a.cycles()),
        (b.ac, b.xr, b.ic, b.cycles())
    );
    assert_eq!((a.ac, a.xr[1]), (0o102, 2));
}
