//! Which dialect a source is written in, when its file name does not say (`*.asm`): SILLIAC
//! lines (`label:`, `.org`, `;` comments) or 7090 cards with the operation in column 8, whose
//! variable field starts in column 12 or 13 for 9AP (the diagnostics: 9ap-conventions §1.6) and
//! further right for FAP (column 16 on IBM's coding form, 15 in this project's programs).

use std::fmt;

/// A dialect of the assembler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    Sil,
    Fap,
    Ap9,
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Language::Sil => "SILLIAC",
            Language::Fap => "FAP",
            Language::Ap9 => "9AP",
        })
    }
}

/// A guess and what it rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guess {
    pub language: Language,
    pub reason: String,
}

/// Guess by content: the kind of line most lines are. A tie (or nothing to go by) is SILLIAC,
/// as `firstmoves asm` took every such file before.
pub fn by_content(source: &str) -> Guess {
    let (mut sil, mut ap9, mut fap) = (0usize, 0usize, 0usize);
    for line in source.lines() {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || line.starts_with('*') {
            continue;
        }
        let first = trimmed.split_whitespace().next().unwrap_or("");
        if trimmed.starts_with(';') || trimmed.starts_with('.') || first.ends_with(':') {
            sil += 1;
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let at = |col: usize| chars.get(col - 1).copied().unwrap_or(' ');
        if line.contains('\t') || at(7) != ' ' || at(8) == ' ' {
            continue;
        }
        let op_end = (8..).find(|&c| matches!(at(c), ' ' | '*')).unwrap_or(8);
        match (op_end + 1..=16).find(|&c| at(c) != ' ') {
            Some(12 | 13) => ap9 += 1,
            Some(_) => fap += 1,
            None => {}
        }
    }
    let (language, reason) = if ap9 > fap && ap9 > sil {
        (
            Language::Ap9,
            format!(
                "{ap9} cards have the operation in column 8 and the operand in column 12 or 13"
            ),
        )
    } else if fap > sil {
        (
            Language::Fap,
            format!(
                "{} the operation in column 8 and the operand from column 14",
                cards(fap)
            ),
        )
    } else {
        (
            Language::Sil,
            format!("{sil} lines have SILLIAC labels, directives or ';' comments"),
        )
    };
    Guess { language, reason }
}

fn cards(n: usize) -> String {
    if n == 1 {
        "1 card has".to_string()
    } else {
        format!("{n} cards have")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guesses() {
        let ap9 = "  T\n  D\n       CLA K1\nK1     OCT 5\n       TRA*   X\n       END\n";
        assert_eq!(by_content(ap9).language, Language::Ap9);
        let fap = "* C\nSTART  AXT    10,1\n       CLA    =0\n       END    START\n";
        assert_eq!(by_content(fap).language, Language::Fap);
        let sil = "; c\n        .org 100\nloop:   L5 sum\n        26 loop\n";
        assert_eq!(by_content(sil).language, Language::Sil);
        assert_eq!(by_content("").language, Language::Sil);
    }
}
