//! The input/output units as the orders see them: the reader that 80/81 read from, the punch
//! that 82/83 and 92 punch on, and the characters they moved.

use super::super::arith;
use super::super::punch::Punch;
use super::super::reader::{TapeReader, LOW_HOLES};
use super::super::timing::Figures;

/// The input/output units, and the characters they moved (counted in the input/output paths,
/// never in the hot loop's arithmetic).
#[derive(Clone, Debug, Default)]
pub(in crate::silliac) struct Io {
    pub(in crate::silliac) reader: TapeReader,
    pub(in crate::silliac) punch: Punch,
    /// Characters read by 80/81, punched by 82/83 and put out by 92.
    pub(in crate::silliac) read_chars: u64,
    pub(in crate::silliac) punched_chars: u64,
    pub(in crate::silliac) printed_chars: u64,
}

/// 80/81: read `chars` characters; each shifts A:Q left 4 places and puts holes 1-4 of the
/// frame into a36-a39 (hole 5 is not sensed in this mode). The caller checked the tape.
/// Takes and returns values so that the hot loop's registers never go through memory.
#[inline(never)]
pub(super) fn read(
    mut a: u64,
    mut q: u64,
    mut clock: u64,
    fig: &Figures,
    io: &mut Io,
    chars: usize,
) -> (u64, u64, u64) {
    io.read_chars += chars as u64;
    for _ in 0..chars {
        clock += fig.read_char_ns;
        let f = io.reader.take(clock).unwrap_or(0);
        (a, q) = arith::shift_left(a, q, 4);
        a = (a & !(LOW_HOLES as u64)) | (f & LOW_HOLES) as u64;
    }
    (a, q, clock)
}

/// 82/83: punch `chars` characters from a0-a3, shifting A:Q left 4 places after each.
#[inline(never)]
pub(super) fn punch_sexadecimal(
    mut a: u64,
    mut q: u64,
    mut clock: u64,
    fig: &Figures,
    io: &mut Io,
    chars: usize,
) -> (u64, u64, u64) {
    io.punched_chars += chars as u64;
    for _ in 0..chars {
        clock += fig.punch_char_ns;
        io.punch.punch((a >> 36) as u8 & 15, clock);
        (a, q) = arith::shift_left(a, q, 4);
    }
    (a, q, clock)
}
