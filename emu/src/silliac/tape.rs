//! Paper tape: the `.pt` text format (one frame a line, columns `[16][8]o[4][2][1]`, `O` = hole,
//! `o` = sprocket; shared/tapes/README.md), raw tapes (one byte 0..31 a frame), and the
//! teleprinter's 5-hole code with figure and letter shift (notes §6, Halton 1958 via Jones).

use std::path::Path;

/// Frame values of the shift characters and the two delays.
pub const LETTER_SHIFT: u8 = 20;
pub const FIGURE_SHIFT: u8 = 27;
pub const CR_LF: u8 = 18;
pub const SPACE: u8 = 31;

/// Teleprinter characters in figure shift, by frame value. `\0` = prints nothing (delay,
/// shift characters).
pub const FIGURES: [char; 32] = [
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '-', 'N', 'J', 'F', 'L', //
    '\0', '$', '\n', '(', '\0', ',', ')', '/', '\0', '=', '.', '\0', '\'', ':', '×', ' ',
];
/// Teleprinter characters in letter shift, by frame value.
pub const LETTERS: [char; 32] = [
    'P', 'Q', 'W', 'E', 'R', 'T', 'Y', 'U', 'I', 'O', 'K', 'S', 'N', 'J', 'F', 'L', //
    '\0', 'D', '\n', 'B', '\0', 'V', 'A', 'X', '\0', 'G', 'M', '\0', 'H', 'C', 'Z', ' ',
];

/// The teleprinter's shift state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Shift {
    /// Figure shift: the state the printer is assumed to start in, since P2 prints digits
    /// without ever punching a figure-shift character [I].
    #[default]
    Figures,
    Letters,
}

/// A bad tape: where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TapeError {
    /// The file could not be read.
    #[error("{file}: {message}")]
    Io { file: String, message: String },
    /// A `.pt` line that is not a frame (line and column 1-based).
    #[error("{file}:{line}:{column}: {message}")]
    Frame {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },
    /// A raw tape byte above 31 (offset 0-based).
    #[error("{file}: byte {offset}: value {value} is not a 5-hole frame (0..31)")]
    RawByte {
        file: String,
        offset: usize,
        value: u8,
    },
}

/// A character the teleprinter code cannot represent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} has no 5-hole teleprinter code")]
pub struct UnencodableChar(pub char);

const WEIGHTS: [u8; 6] = [16, 8, 0, 4, 2, 1];

/// Parse `.pt` text: one frame a line; columns 1,2,4,5,6 are holes 16,8,4,2,1 (`O` punched,
/// space not), column 3 the sprocket `o`. Trailing spaces may be omitted; empty lines are
/// skipped.
pub fn parse_pt(text: &str, file: &str) -> Result<Vec<u8>, TapeError> {
    let mut frames = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() {
            continue;
        }
        let err = |column: usize, message: String| TapeError::Frame {
            file: file.to_string(),
            line: i + 1,
            column,
            message,
        };
        let mut value = 0u8;
        let mut sprocket = false;
        for (col, c) in line.chars().enumerate() {
            match (col, c) {
                (2, 'o') => sprocket = true,
                (2, c) => return Err(err(3, format!("expected the sprocket 'o', found {c:?}"))),
                (0..=5, 'O') => value += WEIGHTS[col],
                (0..=5, ' ') => {}
                (0..=5, c) => {
                    return Err(err(
                        col + 1,
                        format!("expected 'O' (hole) or ' ' (no hole), found {c:?}"),
                    ))
                }
                (_, ' ') => {}
                (_, c) => {
                    return Err(err(
                        col + 1,
                        format!("unexpected {c:?} after the six frame columns"),
                    ))
                }
            }
        }
        if !sprocket {
            return Err(err(
                line.chars().count() + 1,
                "line ends before the sprocket column 3".to_string(),
            ));
        }
        frames.push(value);
    }
    Ok(frames)
}

/// Write frames in the `.pt` format `parse_pt` reads (six columns, newline after each).
pub fn format_pt(frames: &[u8]) -> String {
    let mut s = String::with_capacity(frames.len() * 7);
    for &f in frames {
        for (col, w) in WEIGHTS.iter().enumerate() {
            s.push(if col == 2 {
                'o'
            } else if f & w != 0 {
                'O'
            } else {
                ' '
            });
        }
        s.push('\n');
    }
    s
}

/// Read a tape file: `.pt` text, or a raw tape of bytes 0..31 (any file whose bytes are all
/// below 32 and whose name does not end in `.pt`).
pub fn read_tape_file(path: &Path) -> Result<Vec<u8>, TapeError> {
    let file = path.display().to_string();
    let bytes = crate::input::read(path, crate::input::Kind::Tape).map_err(|e| TapeError::Io {
        file: file.clone(),
        message: e.to_string(),
    })?;
    let is_pt = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pt"));
    if !is_pt && bytes.iter().all(|&b| b < 32) {
        return Ok(bytes);
    }
    match std::str::from_utf8(&bytes) {
        Ok(text) => parse_pt(text, &file),
        Err(e) => {
            let at = e.valid_up_to();
            if !is_pt {
                let value = bytes[at];
                return Err(TapeError::RawByte {
                    file,
                    offset: at,
                    value,
                });
            }
            let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            let column = at
                - bytes[..at]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |p| p + 1)
                + 1;
            Err(TapeError::Frame {
                file,
                line,
                column,
                message: "not UTF-8 text".to_string(),
            })
        }
    }
}

/// The text a teleprinter prints from these frames, starting in figure shift. Delays and shift
/// characters print nothing; CR/LF prints a newline.
pub fn decode_text(frames: &[u8]) -> String {
    let mut shift = Shift::Figures;
    let mut s = String::new();
    for &f in frames {
        let f = f & 31;
        match f {
            LETTER_SHIFT => shift = Shift::Letters,
            FIGURE_SHIFT => shift = Shift::Figures,
            _ => {
                let c = match shift {
                    Shift::Figures => FIGURES[f as usize],
                    Shift::Letters => LETTERS[f as usize],
                };
                if c != '\0' {
                    s.push(c);
                }
            }
        }
    }
    s
}

/// Frames that make the teleprinter print `c` from shift state `shift` (a shift character
/// first when needed; `shift` is updated). Letters are case-insensitive; `\n` is CR/LF.
pub fn encode_char(c: char, shift: &mut Shift) -> Result<Vec<u8>, UnencodableChar> {
    let c = if c == '\r' {
        '\n'
    } else {
        c.to_ascii_uppercase()
    };
    if c == '\0' {
        return Err(UnencodableChar(c));
    }
    let find = |table: &[char; 32]| {
        table
            .iter()
            .position(|&t| t == c)
            .map(|p| p as u8)
            .filter(|&p| p != LETTER_SHIFT && p != FIGURE_SHIFT)
    };
    let (here, there, other, shift_frame) = match shift {
        Shift::Figures => (find(&FIGURES), find(&LETTERS), Shift::Letters, LETTER_SHIFT),
        Shift::Letters => (find(&LETTERS), find(&FIGURES), Shift::Figures, FIGURE_SHIFT),
    };
    if let Some(f) = here {
        return Ok(vec![f]);
    }
    if let Some(f) = there {
        *shift = other;
        return Ok(vec![shift_frame, f]);
    }
    Err(UnencodableChar(c))
}

/// Frames for a whole text, starting in figure shift.
pub fn encode_text(text: &str) -> Result<Vec<u8>, UnencodableChar> {
    let mut shift = Shift::Figures;
    let mut out = Vec::new();
    for c in text.chars() {
        out.extend(encode_char(c, &mut shift)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pt_round_trip() {
        let frames: Vec<u8> = (0..32).collect();
        let text = format_pt(&frames);
        assert_eq!(parse_pt(&text, "t").unwrap(), frames);
        assert_eq!(text.lines().next(), Some("  o   "));
        assert_eq!(parse_pt(" Oo\n  o O\n\n", "t").unwrap(), vec![8, 2]);
    }

    #[test]
    fn pt_errors_name_line_and_column() {
        let e = parse_pt("  o   \n  oX  \n", "f.pt").unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.pt:2:4: expected 'O' (hole) or ' ' (no hole), found 'X'"
        );
        let e = parse_pt("  O   \n", "f.pt").unwrap_err();
        assert!(e.to_string().starts_with("f.pt:1:3:"), "{e}");
        let e = parse_pt(" O\n", "f.pt").unwrap_err();
        assert!(e.to_string().starts_with("f.pt:1:3:"), "{e}");
        let e = parse_pt("  o   x\n", "f.pt").unwrap_err();
        assert!(e.to_string().starts_with("f.pt:1:7:"), "{e}");
    }

    #[test]
    fn raw_and_text_files() {
        let dir = std::env::temp_dir().join(format!("fm-tape-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let raw = dir.join("a.tape");
        std::fs::write(&raw, [0u8, 5, 31]).unwrap();
        assert_eq!(read_tape_file(&raw).unwrap(), vec![0, 5, 31]);
        let bad = dir.join("b.tape");
        std::fs::write(&bad, [0u8, 5, 200]).unwrap();
        let e = read_tape_file(&bad).unwrap_err();
        assert!(matches!(
            e,
            TapeError::RawByte {
                offset: 2,
                value: 200,
                ..
            }
        ));
        let name = bad.display();
        let text = format!("{name}: byte 2: value 200 is not a 5-hole frame (0..31)");
        assert_eq!(e.to_string(), text);
        let pt = dir.join("c.pt");
        std::fs::write(&pt, format_pt(&[3, 18])).unwrap();
        assert_eq!(read_tape_file(&pt).unwrap(), vec![3, 18]);
        let e = read_tape_file(&dir.join("missing.pt")).unwrap_err();
        assert!(matches!(e, TapeError::Io { .. }));
        let missing = dir.join("missing.pt");
        assert!(
            e.to_string()
                .starts_with(&format!("{}: ", missing.display())),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn teleprinter_text() {
        let frames = encode_text("285432160 -1.5\nGAME").unwrap();
        assert_eq!(decode_text(&frames), "285432160 -1.5\nGAME");
        // digits need no shift from the initial figure shift
        assert_eq!(encode_text("12").unwrap(), vec![1, 2]);
        assert_eq!(encode_text("P").unwrap(), vec![LETTER_SHIFT, 0]);
        assert_eq!(encode_text("%"), Err(UnencodableChar('%')));
        let e = UnencodableChar('%').to_string();
        assert_eq!(e, "'%' has no 5-hole teleprinter code");
        // N J F L print the same in both shifts
        assert_eq!(decode_text(&[12, 13, 14, 15]), "NJFL");
    }
}
