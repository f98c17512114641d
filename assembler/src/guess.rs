//! Which dialect a source is written in, when its file name does not say (`*.asm`): SILLIAC
//! lines (`label:`, `.org`, `;` comments) or 7090 cards with the operation in column 8, whose
//! variable field starts in column 12 or 13 for 9AP (the diagnostics; docs/assembler.md, 9AP
//! "Cards") and further right for FAP (column 16 on IBM's coding form, 15 in this project's
//! programs), or FAP's free form (a 7090 operation as the line's first word, the second after
//! a label).

use std::fmt;

/// Pseudo-operations of FAP and 9AP, for the free form.
const PSEUDO_OPERATIONS: [&str; 13] = [
    "ORG", "END", "EQU", "SYN", "BSS", "BES", "DEC", "OCT", "BCI", "BCD", "VFD", "BOOL", "REM",
];

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
/// the dialect with no card columns to go by.
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
        let free_form = || {
            // FAP's free form: a 7090 operation as the first word (the second after a label).
            let mut words = line.split_whitespace();
            if !line.starts_with(' ') {
                words.next();
            }
            words.next().is_some_and(|op| {
                let op = op.trim_end_matches('*').to_ascii_uppercase();
                op.len() >= 3
                    && (emu::ibm7090::isa::by_mnemonic(&op).is_some()
                        || PSEUDO_OPERATIONS.contains(&op.as_str()))
            })
        };
        if line.contains('\t') || at(7) != ' ' {
            fap += usize::from(free_form());
            continue;
        }
        // A blank operation is columns 8-10 (9AP's blank entry, FAP's PZE); text that starts
        // in columns 9-11 is no card.
        let op_end = if at(8) == ' ' {
            if (9..=11).any(|c| at(c) != ' ') {
                fap += usize::from(free_form());
                continue;
            }
            11
        } else {
            (8..).find(|&c| matches!(at(c), ' ' | '*')).unwrap_or(8)
        };
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

#[cfg(test)]
mod project_sources {
    use super::*;
    use std::path::{Path, PathBuf};

    /// Every program of the project and the 9AP case files, guessed without their extension:
    /// the guess names the dialect the extension does. (The one-card FAP and SILLIAC cases are
    /// too short to say; such a source needs `--dialect`.)
    #[test]
    fn the_guess_agrees_with_every_extension() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = Vec::new();
        for dir in ["programs", "scripts", "assembler/testdata"] {
            collect(&root.join(dir), &mut files);
        }
        collect(&root.join("assembler/tests"), &mut files);
        files.retain(|f| {
            !f.starts_with(root.join("assembler/tests"))
                || f.extension().is_some_and(|e| e == "9ap")
        });
        let mut checked = 0;
        for f in &files {
            let language = match f.extension().and_then(|e| e.to_str()) {
                Some("sil") => Language::Sil,
                Some("fap") => Language::Fap,
                Some("9ap") => Language::Ap9,
                _ => continue,
            };
            let text = std::fs::read_to_string(f).unwrap();
            let g = by_content(&text);
            assert_eq!(g.language, language, "{}: {}", f.display(), g.reason);
            checked += 1;
        }
        assert!(checked >= 17, "{checked} files");
    }

    fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                collect(&p, out);
            } else {
                out.push(p);
            }
        }
    }
}
