//! The convert orders CVR, CRQ, CAQ: table look-up by 6-bit characters, `count` times (bits
//! 10-17 of the order), each character of AC or MQ taken as an offset from a table's address
//! and the word found there both giving the result's bits and naming the next table (its
//! address part) [CE-134..138]. Bit 20 of the order (9AP's tag 1) loads index register A with
//! the last table word's address. Rules bit for bit as SIMH's i7094 (cases 00114, 01114,
//! 01154), which loops the whole 8-bit count where the CE headings show at most six.

use super::super::arith::{AC_MAG, AC_S, WORD};
use super::super::isa::Op;
use super::regs::Regs;
use super::{Machine, ADDR};

/// The count of a convert order: bits 10-17, reaching into the opcode (+0114 to +0117).
pub(super) fn convert_count(word: u64) -> u32 {
    ((word >> 18) & 0o377) as u32
}

impl Machine {
    /// Execute convert order `op` (`word` as fetched).
    pub(super) fn convert(&mut self, r: &mut Regs, op: Op, word: u64) {
        // SIMH starts with the order's own address as the "table word", so that a count of 0
        // with bit 20 loads XR A with that address.
        let mut table = word & ADDR as u64;
        for _ in 0..convert_count(word) {
            let character = match op {
                Op::Cvr => r.ac & 0o77,
                _ => r.mq >> 30,
            };
            let w = self.mem[((table + character) & ADDR as u64) as usize];
            match op {
                // AC shifts right six (S kept; Q lands in position 5, as SIMH's 31-bit mask
                // has it) and the table word's S,1-5 fill P,1-5.
                Op::Cvr => {
                    r.ac = (r.ac & AC_S) | ((r.ac >> 6) & 0o17777777777) | (w & 0o770000000000)
                }
                // MQ shifts left six and the table word's S,1-5 fill 30-35.
                Op::Crq => r.mq = ((r.mq << 6) & WORD) | (w >> 30),
                // MQ rotates left six; the whole table word adds into AC(Q,P,1-35), no
                // overflow indicator, AC's sign kept.
                _ => {
                    r.mq = ((r.mq << 6) & WORD) | (r.mq >> 30);
                    r.ac = (r.ac & AC_S) | ((r.ac + w) & AC_MAG);
                }
            }
            table = w;
        }
        if word & (1 << 15) != 0 {
            r.xa[0] = (table & ADDR as u64) as u32;
        }
    }
}
