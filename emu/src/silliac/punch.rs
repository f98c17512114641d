//! The output punch / teleprinter: every frame punched and the emulated clock at the end of
//! punching it.

use super::tape::decode_text;

#[derive(Clone, Debug, Default)]
pub struct Punch {
    pub(super) frames: Vec<u8>,
    pub(super) times_ns: Vec<u64>,
}

impl Punch {
    pub fn new() -> Punch {
        Punch::default()
    }

    pub fn frames(&self) -> &[u8] {
        &self.frames
    }

    /// Emulated clock (ns) at the end of each punched frame.
    pub fn times_ns(&self) -> &[u64] {
        &self.times_ns
    }

    pub fn clear(&mut self) {
        self.frames.clear();
        self.times_ns.clear();
    }

    /// The output as the teleprinter prints it.
    pub fn text(&self) -> String {
        decode_text(&self.frames)
    }

    pub(crate) fn punch(&mut self, frame: u8, clock_ns: u64) {
        self.frames.push(frame & 31);
        self.times_ns.push(clock_ns);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_frames_and_times() {
        let mut p = Punch::new();
        p.punch(1, 5);
        p.punch(31, 9);
        assert_eq!(p.frames(), &[1, 31]);
        assert_eq!(p.times_ns(), &[5, 9]);
        assert_eq!(p.text(), "1 ");
        p.clear();
        assert!(p.frames().is_empty() && p.times_ns().is_empty());
    }
}
