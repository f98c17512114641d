//! The photoelectric tape reader: frames of 5 holes (values 0..31) waiting to be read, the
//! read position, and the emulated clock at which each frame was consumed.

/// Holes 1-4 (the sexadecimal digit a 4-bit read delivers).
pub const LOW_HOLES: u8 = 15;

#[derive(Clone, Debug, Default)]
pub struct TapeReader {
    pub(super) frames: Vec<u8>,
    pub(super) position: usize,
    pub(super) read_times_ns: Vec<u64>,
}

impl TapeReader {
    pub fn new() -> TapeReader {
        TapeReader::default()
    }

    /// Append frames (values 0..31) to the tape in the reader. A value above 31 is a caller's
    /// bug, caught by a debug assertion; release builds keep the five channels the reader
    /// senses. Tapes from files go through `tape::parse_pt` / `tape::read_tape_file`, which
    /// reject such values with their position.
    pub fn push(&mut self, frames: &[u8]) {
        debug_assert!(
            frames.iter().all(|&f| f < 32),
            "TapeReader::push: frame values must be 0..31"
        );
        self.frames.extend(frames.iter().map(|f| f & 31));
    }

    /// Frames consumed so far.
    pub fn position(&self) -> usize {
        self.position
    }

    /// Frames still waiting to be read.
    pub fn available(&self) -> usize {
        self.frames.len() - self.position
    }

    /// The unread part of the tape.
    pub fn remaining(&self) -> &[u8] {
        &self.frames[self.position..]
    }

    /// Take the unread part of the tape out of the reader (the operator's detach); what was
    /// read stays on record.
    pub fn unload(&mut self) -> Vec<u8> {
        self.frames.split_off(self.position)
    }

    /// Emulated clock (ns) at the end of reading each consumed frame, in order.
    pub fn read_times_ns(&self) -> &[u64] {
        &self.read_times_ns
    }

    /// Consume one frame at emulated time `clock_ns` (the end of its reading).
    pub(crate) fn take(&mut self, clock_ns: u64) -> Option<u8> {
        let f = *self.frames.get(self.position)?;
        self.position += 1;
        self.read_times_ns.push(clock_ns);
        Some(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_take_and_times() {
        let mut r = TapeReader::new();
        r.push(&[1, 2, 31]);
        assert_eq!(r.available(), 3);
        assert_eq!(r.take(10), Some(1));
        assert_eq!(r.take(20), Some(2));
        assert_eq!(r.remaining(), &[31]);
        assert_eq!(r.take(30), Some(31));
        assert_eq!(r.take(40), None);
        assert_eq!(r.read_times_ns(), &[10, 20, 30]);
        assert_eq!(r.position(), 3);
        r.push(&[4, 5]);
        assert_eq!(r.unload(), vec![4, 5]);
        assert_eq!((r.available(), r.position()), (0, 3));
    }
}
