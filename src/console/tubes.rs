//! SILLIAC's store as its Williams tubes held it. Like ILLIAC and the other machines of the IAS
//! family, the store was 40 cathode-ray tubes, one per digit position: tube k held digit k of
//! all 1,024 words as a raster of charge spots, 32 x 32, and a word was read from all 40 at once
//! (sources in docs/silliac.md, "The store as its tubes held it"). Which spot a word took is
//! not in any source seen; here address a is row a / 32, column a % 32 (the address's two
//! 5-bit halves as the raster's two deflections).
//!
//! `bitvec` gives each tube its plane: 1,024 bits indexed by address, the store's view the
//! terminal draws.

use bitvec::prelude::*;

/// Digits a word, tubes in the store.
pub const TUBES: usize = 40;
/// Spots on a side of a tube's raster.
pub const SIDE: usize = 32;

/// The 40 bit planes of a store image.
pub struct Tubes {
    planes: Vec<BitVec<u64, Lsb0>>,
}

impl Tubes {
    /// The planes of `words`: tube k holds digit k, digit 0 the word's leftmost (the sign).
    pub fn of(words: &[u64; 1024]) -> Tubes {
        let mut planes = vec![bitvec![u64, Lsb0; 0; words.len()]; TUBES];
        for (a, &w) in words.iter().enumerate() {
            for (k, plane) in planes.iter_mut().enumerate() {
                plane.set(a, w >> (TUBES - 1 - k) & 1 == 1);
            }
        }
        Tubes { planes }
    }

    /// Tube `k`'s plane, indexed by address.
    pub fn plane(&self, k: usize) -> &BitSlice<u64, Lsb0> {
        &self.planes[k % TUBES]
    }

    /// Spots set on tube `k`.
    pub fn lit(&self, k: usize) -> usize {
        self.plane(k).count_ones()
    }

    fn spot(&self, k: usize, row: usize, col: usize) -> bool {
        self.plane(k)[row * SIDE + col]
    }

    /// Tube `k` at full size: 32 x 32 spots in 16 lines of 32 characters, two spots a
    /// character cell (upper and lower half blocks).
    pub fn large(&self, k: usize) -> Vec<String> {
        (0..SIDE / 2)
            .map(|r| {
                (0..SIDE)
                    .map(
                        |c| match (self.spot(k, 2 * r, c), self.spot(k, 2 * r + 1, c)) {
                            (false, false) => ' ',
                            (true, false) => '▀',
                            (false, true) => '▄',
                            (true, true) => '█',
                        },
                    )
                    .collect()
            })
            .collect()
    }

    /// All 40 tubes small, ten to a row: each tube's 32 x 32 spots as 8 x 8 braille dots (a dot
    /// for each 4 x 4 block of spots, lit when half of them or more are), four characters wide
    /// and two lines high, under a line of tube numbers.
    pub fn small(&self) -> Vec<String> {
        // Braille dot bits by (row 0..4, column 0..2) within a character cell.
        const DOT: [[u32; 2]; 4] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]];
        let block = |k: usize, br: usize, bc: usize| {
            let mut n = 0;
            for r in 4 * br..4 * br + 4 {
                for c in 4 * bc..4 * bc + 4 {
                    n += usize::from(self.spot(k, r, c));
                }
            }
            n >= 8
        };
        let mut out = Vec::new();
        for row in 0..TUBES / 10 {
            let tubes: Vec<usize> = (10 * row..10 * row + 10).collect();
            out.push(
                tubes
                    .iter()
                    .map(|k| format!("{k:<4}"))
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            for line in 0..2 {
                let cells: Vec<String> = tubes
                    .iter()
                    .map(|&k| {
                        (0..4)
                            .map(|cell| {
                                let mut bits = 0;
                                for (dr, dots) in DOT.iter().enumerate() {
                                    for (dc, &dot) in dots.iter().enumerate() {
                                        if block(k, 4 * line + dr, 2 * cell + dc) {
                                            bits |= dot;
                                        }
                                    }
                                }
                                char::from_u32(0x2800 + bits).unwrap_or(' ')
                            })
                            .collect()
                    })
                    .collect();
                out.push(cells.join(" "));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digit_of_a_word_is_a_spot_on_its_tube() {
        let mut words = [0u64; 1024];
        // The sign digit of word 33 (row 1, column 1) and the last digit of word 1023.
        words[33] = 1 << 39;
        words[1023] = 1;
        let t = Tubes::of(&words);
        assert_eq!((t.lit(0), t.lit(39), t.lit(5)), (1, 1, 0));
        assert!(t.plane(0)[33] && t.plane(39)[1023]);
        let big = t.large(0);
        assert_eq!(big.len(), 16);
        assert!(big.iter().all(|l| l.chars().count() == 32));
        assert_eq!(big[0].chars().nth(1), Some('▄'));
        assert_eq!(t.large(39)[15].chars().nth(31), Some('▄'));
        // A full tube small: every dot lit; an empty one blank.
        let full = Tubes::of(&[(1 << 40) - 1; 1024]);
        let small = full.small();
        assert_eq!(small.len(), 12);
        assert!(small[0].starts_with("0    1    2"));
        assert!(small[1].starts_with("⣿⣿⣿⣿ ⣿⣿⣿⣿"));
        assert!(Tubes::of(&[0; 1024]).small()[1].starts_with("⠀⠀⠀⠀ "));
    }
}
