//! 9AP, IBM's 709 diagnostic assembler, boots from its period system tape
//! (`../shared/diags/9ap.bcd`, SIMH's P7B) on tape unit B1: LOAD TAPE reads the loader's control
//! record's first three words, the IOCD at 0 the rest of it, `TCOB 1` waits for channel B,
//! `RTBB 1` reads pass 1 (2,893 words), the loader's checksum over them agrees and pass 1 starts
//! at 01417 (README.md in shared/diags). Ignored where the build found no `../shared`
//! (build.rs), so a missing tape here is a failure.

use emu::ibm7090::tape::Tape;
use emu::ibm7090::Machine;
use std::path::Path;

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/diags/9ap.bcd beside the checkout; CI has it"
)]
fn nine_ap_loads_pass_one_from_b1() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/diags/9ap.bcd");
    let tape = Tape::from_p7b(&std::fs::read(&path).expect("9ap.bcd")).unwrap();
    let mut m = Machine::new();
    m.io.mount(0o2201, tape).unwrap();
    m.load_tape(0o2221).unwrap();
    assert_eq!(m.ic, 1);
    // IOCD 3,0,14 at 0, TCOB 1 at 1, RTBB 1 at 2.
    assert_eq!(m.mem[..3], [0o000016000003, 0o006100000001, 0o076200002221]);
    let mut steps = 0;
    while m.ic != 0o1417 {
        if let Some(stop) = m.step() {
            panic!("{stop} after {steps} steps");
        }
        steps += 1;
        assert!(steps < 100_000, "pass 1 never started");
    }
    // The checksum loop ran over every word of pass 1, and B1 is past both records.
    assert!(steps > 2 * 2893, "{steps}");
    assert_eq!(m.io.tape(0o2201).unwrap().pos, 2);
}
