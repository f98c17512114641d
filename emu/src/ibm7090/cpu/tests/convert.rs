//! The convert orders CVR, CRQ, CAQ.

use super::*;

fn convert(m: &str, address: u32, xr_a: bool, count: u32) -> u64 {
    by_mnemonic(m)
        .unwrap()
        .encode(address, xr_a as u8, count, false)
}

#[test]
fn cvr_replaces_from_the_ac_by_table() {
    // Two tables: at 0o300 (next: 0o400) and 0o400 (next: 0o300); the table word's S,1-5
    // enter AC(P,1-5) as AC shifts right six. AC's characters (low first): 02, 05.
    let mut table = [0u64; 0o200];
    table[0o02] = 0o11_0000_000400; // S,1-5 = 11, next table 0o400
    table[0o100 + 0o05] = 0o22_0000_000300; // S,1-5 = 22, next 0o300
    let m = run(&[convert("CVR", 0o300, true, 2)], &table, |m| {
        m.load(0o300, &table[..0o100]);
        m.load(0o400, &table[0o100..]);
        m.ac = AC_S | 0o0502;
    });
    assert_eq!(m.ac, AC_S | 0o22_11_000000_00);
    assert_eq!(
        m.xr[1], 0o300,
        "bit 20: XR A := the last table word's address"
    );
    assert_eq!(cycles(&m), 2 + 2);
    // Count 0 with bit 20: XR A := the order's own address (SIMH).
    let m = run(&[convert("CVR", 0o1234, true, 0)], &[], |_| {});
    assert_eq!((m.xr[1], cycles(&m)), (0o1234, 2));
    // A count of 64 or more spills into the opcode: +0115 is CVR with count 0o100 + c.
    let w = convert("CVR", 0o300, false, 0o101);
    assert_eq!(w >> 24, 0o0115);
    assert_eq!(crate::ibm7090::decode(w).unwrap().mnemonic, "CVR");
}

#[test]
fn crq_and_caq_from_the_mq() {
    // MQ's S-5 (high character first): 03 then 01. Table at 0o300 names itself.
    let mut table = [0o300u64; 0o100];
    table[0o03] = 0o44_0000_000300;
    table[0o01] = 0o55_0000_000300;
    let m = run(&[convert("CRQ", 0o300, false, 2)], &[], |m| {
        m.load(0o300, &table);
        m.mq = 0o03_01_7777_7777;
    });
    // MQ shifted left 12, the two table characters at the right.
    assert_eq!(m.mq, 0o7777_7777_44_55);
    // CAQ: MQ rotates, the whole table words add into AC(Q,P,1-35), AC's sign kept.
    let m = run(&[convert("CAQ", 0o300, true, 2)], &[], |m| {
        m.load(0o300, &table);
        m.mq = 0o03_01_7777_7777;
        m.ac = AC_S | 5;
    });
    assert_eq!(m.mq, 0o7777_7777_03_01);
    assert_eq!(m.ac, AC_S | (5 + 0o44_0000_000300 + 0o55_0000_000300));
    assert_eq!(m.xr[1], 0o300);
}
