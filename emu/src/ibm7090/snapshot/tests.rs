use super::*;
use crate::ibm7090::bench::bench_machine;
use crate::ibm7090::isa::by_mnemonic;
use crate::ibm7090::{Limits, Stop};

fn ins(m: &str, addr: u32, tag: u8, dec: u32) -> u64 {
    by_mnemonic(m).unwrap().encode(addr, tag, dec, false)
}

/// Read each card, print its first two rows and write three words of it on tape A1, three
/// times round a TIX loop.
fn cards_machine() -> Machine {
    let iort = |count: u64, addr: u64| 3u64 << 33 | count << 18 | addr;
    let iocd = |count: u64, addr: u64| count << 18 | addr;
    let mut m = Machine::new();
    m.io.reader
        .load_text("HELLO WORLD\nSECOND CARD\n  THIRD  \nFOURTH\n")
        .unwrap();
    m.io.mount(0o1201, crate::ibm7090::tape::Tape::blank())
        .unwrap();
    m.load(
        0o100,
        &[
            ins("AXT", 3, 1, 0),
            ins("RDS", 0o1321, 0, 0),
            ins("RCHA", 0o200, 0, 0),
            ins("WRS", 0o1361, 0, 0),
            ins("RCHA", 0o201, 0, 0),
            ins("WRS", 0o1201, 0, 0),
            ins("RCHA", 0o202, 0, 0),
            ins("TIX", 0o101, 1, 1),
            ins("HPR", 0, 0, 0),
        ],
    );
    m.load(0o200, &[iort(24, 0o300), iocd(4, 0o300), iocd(3, 0o300)]);
    m.ic = 0o100;
    m.set_trace(true);
    m
}

#[test]
fn restored_machine_continues_exactly() {
    for at in 1..=20 {
        let mut whole = cards_machine();
        let end = whole.run(Limits::none());
        assert!(matches!(end, Stop::HaltProceed { .. }), "{end}");
        let whole_trace = whole.take_trace();

        let mut first = cards_machine();
        first.run(Limits::instructions(at));
        let mut trace = first.take_trace();
        let text = to_text(&first);
        let mut r = from_text(&text, "mid").unwrap();
        assert_eq!(to_text(&r), text);
        assert_eq!(r.run(Limits::none()), end, "snapshot after {at}");
        trace.push_str(&r.take_trace());
        assert_eq!(trace, whole_trace, "snapshot after {at}");
        assert_eq!(to_text(&r), to_text(&whole), "snapshot after {at}");
    }
    // A loop with arithmetic and index registers: 20,000 instructions, snapshot midway.
    let mut whole = bench_machine();
    whole.run(Limits::instructions(20_000));
    let mut half = bench_machine();
    half.run(Limits::instructions(10_000));
    let mut r = from_text(&to_text(&half), "bench").unwrap();
    r.run(Limits::instructions(10_000));
    assert_eq!(to_text(&r), to_text(&whole));
    assert_eq!(r.cycles(), whole.cycles());
}

/// `text` as version 2 wrote it: no channel-trap lines, its own checksum.
fn as_version_2(text: &str) -> String {
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with("channel-traps ") && !l.starts_with("trap-clock "))
        .take_while(|l| !l.starts_with("end "))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut s = body.replacen("snapshot 4", "snapshot 2", 1);
    shared::finish(&mut s);
    s
}

#[test]
fn version_2_snapshots_load_with_the_traps_off() {
    let mut m = cards_machine();
    m.run(Limits::instructions(3));
    let r = from_text(&as_version_2(&to_text(&m)), "v2").unwrap();
    assert_eq!(to_text(&r), to_text(&m));
    assert_eq!(r.channel_traps, ChannelTraps::default());
}

#[test]
fn foreign_and_corrupt_files_are_refused() {
    let mut m = cards_machine();
    m.run(Limits::instructions(3));
    let good = to_text(&m);
    let err = |t: &str| match from_text(t, "x.snap") {
        Ok(_) => panic!("accepted: {t}"),
        Err(e) => e.to_string(),
    };
    assert!(err("firstmoves-silliac-snapshot 1\n").contains("not a 7090 snapshot"));
    assert!(err(&good.replacen("snapshot 4", "snapshot 1", 1)).contains("version 1"));
    assert!(err(&good.replacen("snapshot 4", "snapshot 5", 1)).contains("versions 2 to 4"));
    assert!(err(&good.replacen("snapshot 4", "snapshot 04", 1)).contains("version 04"));
    assert!(err(&good.replacen("cycles ", "cycles 9", 1)).contains("checksum"));
    assert!(err(&good[..good.len() / 2]).starts_with("x.snap:"));
    let e = err(&good.replacen("ic 1", "ic 9", 1));
    assert!(e.starts_with("x.snap:5: `9"), "{e}");
    let dir = std::env::temp_dir().join(format!("fm-7090-snap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    save(&m, &dir.join("m.snap")).unwrap();
    assert_eq!(to_text(&load(&dir.join("m.snap")).unwrap()), good);
    std::fs::remove_dir_all(&dir).unwrap();
}
