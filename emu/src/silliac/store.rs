//! The electrostatic (Williams-tube) store: 1,024 words of 40 digits. Nothing else exists:
//! every address the machine forms is reduced to 10 bits, so address 1024 is word 0 (X1's
//! self-start relies on it).

use super::arith::WORD_MASK;

/// Number of words.
pub const WORDS: usize = 1024;
/// Mask that reduces any address to the store's 10 bits.
pub const ADDRESS_MASK: u16 = 0x3FF;

/// The arrays are held in the struct (the machine boxes the whole store), so that the hot
/// loops reach a word through one pointer, not two (host instructions an order of `bench
/// silliac` under `valgrind --tool=cachegrind`: 37.0 with boxed arrays, 33.6 so). `repr(C)`
/// keeps `words` first, at the struct's own address, so that reads and writes reach a word
/// through that one pointer (25.7 -> 25.5 instructions an order).
#[derive(Clone)]
#[repr(C)]
pub struct Store {
    words: [u64; WORDS],
    /// A cache line between the two arrays, so that a word and its watch are not 8,192 bytes
    /// apart: a write reads its word's watch just after storing the word, and with the two
    /// addresses equal in their low 12 bits the host took the load for one that might depend
    /// on the store. With the block cache's fused pairs `bench silliac` ran 295 M orders a
    /// CPU second without this line and 1,260 M with it (docs/scale.md, "SILLIAC toward ten
    /// times SIMH").
    gap: [u64; 8],
    /// Per word, the digits that orders decoded from it ahead of time (the control unit's
    /// block cache) depend on; 0 for a word nothing was decoded from. A write that changes
    /// one of them marks the word stale, so that the cache decodes it again before it is
    /// obeyed (see `control::blocks`).
    watch: [u64; WORDS],
    /// Watched words changed since the cache last looked.
    stale: Vec<u16>,
}

/// Where the watch array lies in a `Store`, in bytes (the words are at 0): for translated code.
pub(super) const WATCH_OFFSET: usize = std::mem::offset_of!(Store, watch);
const _: () = assert!(std::mem::offset_of!(Store, words) == 0);

impl Default for Store {
    fn default() -> Self {
        Self::new()
    }
}

impl Store {
    pub fn new() -> Store {
        Store {
            words: [0; WORDS],
            gap: [0; 8],
            watch: [0; WORDS],
            stale: Vec::new(),
        }
    }

    #[inline(always)]
    pub fn read(&self, addr: u16) -> u64 {
        self.words[(addr & ADDRESS_MASK) as usize]
    }

    /// Write a word; true if it changed a watched digit (the word went stale).
    #[inline(always)]
    pub fn write(&mut self, addr: u16, word: u64) -> bool {
        let i = (addr & ADDRESS_MASK) as usize;
        let (old, new) = (self.words[i], word & WORD_MASK);
        self.words[i] = new;
        let stale = (old ^ new) & self.watch[i] != 0;
        if stale {
            self.went_stale(i);
        }
        stale
    }

    /// Word `i`'s watched digits changed: no longer watched, and stale until the cache looks.
    #[cold]
    #[inline(never)]
    pub(super) fn went_stale(&mut self, i: usize) {
        self.watch[i] = 0;
        self.stale.push(i as u16);
    }

    /// Watch `digits` of word `addr` from now on (more digits add to those watched).
    pub(super) fn watch(&mut self, addr: u16, digits: u64) {
        self.watch[(addr & ADDRESS_MASK) as usize] |= digits;
    }

    /// Whether a watched word changed that `pop_stale` has not yet handed out.
    #[inline(always)]
    pub(super) fn any_stale(&self) -> bool {
        !self.stale.is_empty()
    }

    /// A word whose watched digits changed (each once: it is no longer watched).
    pub(super) fn pop_stale(&mut self) -> Option<u16> {
        self.stale.pop()
    }

    pub fn words(&self) -> &[u64; WORDS] {
        &self.words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_wrap_and_words_are_40_bits() {
        let mut s = Store::new();
        s.write(0x400, u64::MAX);
        assert_eq!(s.read(0), WORD_MASK);
        assert_eq!(s.read(0x7FF), 0);
        assert_eq!(s.read(0x3FF), 0);
    }

    #[test]
    fn only_a_change_to_watched_digits_makes_a_word_stale() {
        let mut s = Store::new();
        s.write(5, 0xFF);
        assert!(!s.any_stale(), "nothing watched yet");
        s.watch(5, 0xF0);
        s.write(5, 0xF3); // a digit outside the watch
        s.write(5, 0xF3); // no change at all
        assert!(!s.any_stale());
        s.write(5, 0x13);
        s.write(5, 0x03); // no longer watched: stale once
        assert_eq!((s.pop_stale(), s.pop_stale()), (Some(5), None));
        assert!(!s.any_stale());
    }
}
