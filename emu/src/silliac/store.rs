//! The electrostatic (Williams-tube) store: 1,024 words of 40 digits. Nothing else exists:
//! every address the machine forms is reduced to 10 bits, so address 1024 is word 0 (X1's
//! self-start relies on it).

use super::orders::WORD_MASK;

/// Number of words.
pub const WORDS: usize = 1024;
/// Mask that reduces any address to the store's 10 bits.
pub const ADDRESS_MASK: u16 = 0x3FF;

#[derive(Clone)]
pub struct Store {
    words: Box<[u64; WORDS]>,
}

impl Default for Store {
    fn default() -> Self {
        Self::new()
    }
}

impl Store {
    pub fn new() -> Store {
        Store {
            words: Box::new([0; WORDS]),
        }
    }

    #[inline(always)]
    pub fn read(&self, addr: u16) -> u64 {
        self.words[(addr & ADDRESS_MASK) as usize]
    }

    #[inline(always)]
    pub fn write(&mut self, addr: u16, word: u64) {
        self.words[(addr & ADDRESS_MASK) as usize] = word & WORD_MASK;
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
}
