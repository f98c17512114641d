//! The 7090's six-bit BCD character code (the internal code of BCI and `=H`), as SIMH's
//! `i7094` prints it (notes §1; IBM 7090 character set): digits 00-11, `=` 13, `'` 14, `+` 20,
//! A-I 21-31, `.` 33, `)` 34, `-` 40, J-R 41-51, `$` 53, `*` 54, blank 60, `/` 61, S-Z 62-71,
//! `,` 73, `(` 74.

/// The BCD code of a character, or `None` if the 7090 had no such character.
pub fn bcd(c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    Some(match c {
        '0'..='9' => c as u8 - b'0',
        '=' => 0o13,
        '\'' => 0o14,
        '+' => 0o20,
        'A'..='I' => 0o21 + (c as u8 - b'A'),
        '.' => 0o33,
        ')' => 0o34,
        '-' => 0o40,
        'J'..='R' => 0o41 + (c as u8 - b'J'),
        '$' => 0o53,
        '*' => 0o54,
        ' ' => 0o60,
        '/' => 0o61,
        'S'..='Z' => 0o62 + (c as u8 - b'S'),
        ',' => 0o73,
        '(' => 0o74,
        _ => return None,
    })
}

/// The character of a BCD code (`None` for codes without a printable character here).
pub fn char_of(code: u8) -> Option<char> {
    (' '..='z').find(|&c| !c.is_ascii_lowercase() && bcd(c) == Some(code & 0o77))
}

/// Six characters, left to right, into one word (the first character in bits S-5).
/// Returns the index of the first character the 7090 cannot represent.
pub fn word(chars: &[char]) -> Result<u64, usize> {
    let mut w = 0u64;
    for i in 0..6 {
        let c = chars.get(i).copied().unwrap_or(' ');
        let code = bcd(c).ok_or(i)?;
        w = (w << 6) | u64::from(code);
    }
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        assert_eq!(bcd('0'), Some(0));
        assert_eq!(bcd('A'), Some(0o21));
        assert_eq!(bcd('R'), Some(0o51));
        assert_eq!(bcd('Z'), Some(0o71));
        assert_eq!(bcd(' '), Some(0o60));
        assert_eq!(bcd('!'), None);
        assert_eq!(word(&['H', 'E', 'L', 'L', 'O']), Ok(0o302543434660));
        assert_eq!(word(&['A', '!']), Err(1));
        for code in 0..64u8 {
            if let Some(c) = char_of(code) {
                assert_eq!(bcd(c), Some(code));
            }
        }
    }
}
