//! The 7090's six-bit BCD character code as the CPU sees it (BCI, card images on the system
//! tape, print lines): digits 00-11, `=` 13, `'` 14, `+` 20, A-I 21-31, `.` 33, `)` 34, `-` 40,
//! J-R 41-51, `$` 53, `*` 54, blank 60, `/` 61, S-Z 62-71, `,` 73, `(` 74 (the FORTRAN
//! character set; SIMH i7094 prints the same codes).

/// Blank.
pub const BLANK: u8 = 0o60;

/// The code of a character (lower case as upper), `None` if the 7090 printed no such character.
pub fn encode(c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    let u = c as u32 as u8;
    Some(match c {
        '0'..='9' => u - b'0',
        '=' => 0o13,
        '\'' => 0o14,
        '+' => 0o20,
        'A'..='I' => 0o21 + u - b'A',
        '.' => 0o33,
        ')' => 0o34,
        '-' => 0o40,
        'J'..='R' => 0o41 + u - b'J',
        '$' => 0o53,
        '*' => 0o54,
        ' ' => BLANK,
        '/' => 0o61,
        'S'..='Z' => 0o62 + u - b'S',
        ',' => 0o73,
        '(' => 0o74,
        _ => return None,
    })
}

/// The character of a code; codes outside the set print as `?` [I: a chain with no such
/// slug would print nothing; `?` makes the fault visible].
pub fn decode(code: u8) -> char {
    const TABLE: &[u8; 64] = b"0123456789?='???+ABCDEFGHI?.)???-JKLMNOPQR?$*??? /STUVWXYZ?,(???";
    TABLE[(code & 0o77) as usize] as char
}

/// Pack text into words, 6 characters a word, blank-filled to `words` words.
pub fn pack(text: &str, words: usize) -> Vec<u64> {
    let mut codes: Vec<u8> = text
        .chars()
        .map(|c| encode(c).unwrap_or(BLANK))
        .take(words * 6)
        .collect();
    codes.resize(words * 6, BLANK);
    codes
        .chunks(6)
        .map(|c| c.iter().fold(0u64, |w, &b| w << 6 | b as u64))
        .collect()
}

/// Unpack words into text, 6 characters a word.
pub fn unpack(words: &[u64]) -> String {
    words
        .iter()
        .flat_map(|w| (0..6).rev().map(move |i| decode((w >> (6 * i)) as u8)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_of_the_character_set() {
        let set = "0123456789='+ABCDEFGHI.)-JKLMNOPQR$* /STUVWXYZ,(";
        for c in set.chars() {
            assert_eq!(decode(encode(c).unwrap()), c);
        }
        assert_eq!(pack("HELLO", 1), vec![0o302543434660]);
        assert_eq!(unpack(&pack("A1", 2)), "A1          ");
    }
}
