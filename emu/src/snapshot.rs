//! The text-format machinery every machine's snapshot shares: the magic line, the error type,
//! the FNV-1a checksum on the `end` line, the atomic save, the line loop of the reader and the
//! writers of runs of words. Each machine's `snapshot` module says what its lines hold.

use std::fmt::Write;
use std::path::Path;

/// What names one machine's snapshots: the machine in messages, the magic first line and the
/// version written and read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Format {
    /// As in "not a SILLIAC snapshot".
    pub machine: &'static str,
    pub magic: &'static str,
    pub version: u32,
    /// The oldest version still read: what it lacks takes its default.
    pub oldest: u32,
}

/// Why a snapshot could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    #[error("{path}: {error}")]
    Io {
        path: String,
        #[source]
        error: std::io::Error,
    },
    /// The name to save under is not a regular file (a device, a directory, a pipe): a save
    /// would replace it, so it is refused.
    #[error("{path}: not a regular file; a snapshot is saved only to a new or regular file")]
    NotARegularFile { path: String },
    /// The name to save under is in a folder that is not there.
    #[error("{path}: no folder {folder} to save it in")]
    NoFolder { path: String, folder: String },
    /// The first line is not `<magic> <version>`.
    #[error(
        "{file}:1:1: not a {} snapshot (expected `{} {}`, found `{}`)",
        .format.machine,
        .format.magic,
        .format.version,
        .first_line.chars().take(60).collect::<String>()
    )]
    NotASnapshot {
        file: String,
        first_line: String,
        format: Format,
    },
    /// A snapshot of a version this code does not read.
    #[error(
        "{file}:1: snapshot version {version} is not supported (this build reads {})",
        readable_versions(.format)
    )]
    Version {
        file: String,
        version: String,
        format: Format,
    },
    /// A line that does not parse, or a value out of range.
    #[error("{file}:{line}: {message}")]
    Malformed {
        file: String,
        line: usize,
        message: String,
    },
    /// The contents parse but do not match the checksum on the `end` line.
    #[error(
        "{file}: snapshot damaged: checksum {actual:016x} does not match the recorded {expected:016x}"
    )]
    Checksum {
        file: String,
        expected: u64,
        actual: u64,
    },
}

/// The versions a build reads, as its `Version` error names them.
fn readable_versions(format: &Format) -> String {
    match format.oldest {
        v if v == format.version => format!("version {v}"),
        v => format!("versions {v} to {}", format.version),
    }
}

/// A `Malformed` error at line `line` of `file`.
pub fn malformed(file: &str, line: usize, message: String) -> SnapshotError {
    SnapshotError::Malformed {
        file: file.to_string(),
        line,
        message,
    }
}

/// FNV-1a 64: the checksum on the `end` line.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Start a snapshot text with its magic line.
pub fn begin(format: &Format) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{} {}", format.magic, format.version);
    s
}

/// Close a snapshot text with the `end` line carrying the checksum of everything before it.
pub fn finish(s: &mut String) {
    let sum = fnv1a(s.as_bytes());
    let _ = writeln!(s, "end {sum:016x}");
}

/// `values` as lines of `key` followed by up to `per_line` values, each written by `value`
/// after a space.
pub fn push_lines(
    out: &mut String,
    key: &str,
    values: &[u64],
    per_line: usize,
    value: impl Fn(&mut String, u64),
) {
    for chunk in values.chunks(per_line) {
        out.push_str(key);
        for &v in chunk {
            out.push(' ');
            value(out, v);
        }
        out.push('\n');
    }
}

/// The runs of non-zero words of `store`, up to `per_line` a line after `key` and the first
/// address: a mostly empty store stays small.
pub fn push_runs(
    out: &mut String,
    key: &str,
    store: &[u64],
    per_line: usize,
    address: impl Fn(&mut String, usize),
    word: impl Fn(&mut String, u64),
) {
    let mut i = 0;
    while i < store.len() {
        if store[i] == 0 {
            i += 1;
            continue;
        }
        let start = i;
        out.push_str(key);
        out.push(' ');
        address(out, start);
        while i < store.len() && i - start < per_line && store[i] != 0 {
            out.push(' ');
            word(out, store[i]);
            i += 1;
        }
        out.push('\n');
    }
}

/// Write `text` to `path` through a temporary file, flushed to the disk, and a rename, so that
/// an interrupted save never leaves half a snapshot under the name. Only a new name or a
/// regular file is written: the rename would replace a device node or a pipe with a file.
pub fn save_text(text: &str, path: &Path) -> Result<(), SnapshotError> {
    let io = |error| SnapshotError::Io {
        path: path.display().to_string(),
        error,
    };
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => {
            return Err(SnapshotError::NotARegularFile {
                path: path.display().to_string(),
            })
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io(e)),
    }
    if let Some(folder) = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty() && !d.is_dir())
    {
        return Err(SnapshotError::NoFolder {
            path: path.display().to_string(),
            folder: folder.display().to_string(),
        });
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    // The temporary file's own name in its errors: it is the file that could not be made.
    let mut f = std::fs::File::create(&tmp).map_err(|error| SnapshotError::Io {
        path: tmp.display().to_string(),
        error,
    })?;
    std::io::Write::write_all(&mut f, text.as_bytes()).map_err(io)?;
    f.sync_all().map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

/// The text of the file at `path` and the name to give it in errors.
pub fn read_text(path: &Path) -> Result<(String, String), SnapshotError> {
    let name = path.display().to_string();
    let text = crate::input::read_lossy(path, crate::input::Kind::Snapshot).map_err(|error| {
        SnapshotError::Io {
            path: name.clone(),
            error,
        }
    })?;
    Ok((text, name))
}

/// What a machine's reader made of one line.
pub enum Line<'t> {
    /// A field, now applied to the machine.
    Field,
    /// The `end` line, with its checksum text.
    End(&'t str),
}

/// Check the magic line of `text` (`file` names it in errors), then hand every following line
/// (1-based number, text without its newline) to `field` up to the `end` line, whose checksum
/// is checked here. Blank lines may follow `end`; nothing else may, and `end` may not be missing.
pub fn parse_lines<'t>(
    text: &'t str,
    file: &str,
    format: &Format,
    mut field: impl FnMut(usize, &'t str) -> Result<Line<'t>, SnapshotError>,
) -> Result<(), SnapshotError> {
    let mut lines = text.split_inclusive('\n').enumerate();
    let first = lines.next().map(|(_, l)| l.trim_end()).unwrap_or("");
    let mut head = first.split(' ');
    if head.next() != Some(format.magic) {
        return Err(SnapshotError::NotASnapshot {
            file: file.to_string(),
            first_line: first.to_string(),
            format: *format,
        });
    }
    let version = head.next().unwrap_or("");
    let known = version
        .parse::<u32>()
        .is_ok_and(|v| (format.oldest..=format.version).contains(&v) && v.to_string() == version);
    if !known || head.next().is_some() {
        return Err(SnapshotError::Version {
            file: file.to_string(),
            version: version.to_string(),
            format: *format,
        });
    }
    let mut offset = first.len() + 1;
    let mut ended = false;
    for (i, raw) in lines {
        let n = i + 1;
        let line = raw.trim_end_matches('\n');
        if ended {
            if line.trim().is_empty() {
                continue;
            }
            return Err(malformed(file, n, "text after the `end` line".into()));
        }
        if let Line::End(sum) = field(n, line)? {
            let expected = u64::from_str_radix(sum, 16)
                .map_err(|_| malformed(file, n, "`end` takes a hexadecimal checksum".into()))?;
            let actual = fnv1a(&text.as_bytes()[..offset]);
            if expected != actual {
                return Err(SnapshotError::Checksum {
                    file: file.to_string(),
                    expected,
                    actual,
                });
            }
            ended = true;
        }
        offset += raw.len();
    }
    if !ended {
        return Err(malformed(
            file,
            text.lines().count(),
            "the snapshot ends without its `end` line (truncated?)".into(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_read_as_the_file_line_and_what() {
        let format = Format {
            machine: "7090",
            magic: "m",
            version: 3,
            oldest: 2,
        };
        let text = |e: SnapshotError| e.to_string();
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "gone");
        let e = SnapshotError::Io {
            path: "p".into(),
            error: io,
        };
        assert!(std::error::Error::source(&e).is_some());
        assert_eq!(text(e), "p: gone");
        assert_eq!(
            text(SnapshotError::NotARegularFile { path: "p".into() }),
            "p: not a regular file; a snapshot is saved only to a new or regular file"
        );
        assert_eq!(
            text(SnapshotError::NotASnapshot {
                file: "f".into(),
                first_line: "x".repeat(70),
                format,
            }),
            format!(
                "f:1:1: not a 7090 snapshot (expected `m 3`, found `{}`)",
                "x".repeat(60)
            )
        );
        assert_eq!(
            text(SnapshotError::Version {
                file: "f".into(),
                version: "9".into(),
                format,
            }),
            "f:1: snapshot version 9 is not supported (this build reads versions 2 to 3)"
        );
        let one = Format {
            oldest: 3,
            ..format
        };
        assert_eq!(
            text(SnapshotError::Version {
                file: "f".into(),
                version: "9".into(),
                format: one,
            }),
            "f:1: snapshot version 9 is not supported (this build reads version 3)"
        );
        assert_eq!(text(malformed("f", 4, "bad".into())), "f:4: bad");
        assert_eq!(
            text(SnapshotError::Checksum {
                file: "f".into(),
                expected: 1,
                actual: 0xab,
            }),
            "f: snapshot damaged: checksum 00000000000000ab does not match the recorded \
             0000000000000001"
        );
    }

    #[test]
    fn a_save_never_replaces_what_is_not_a_regular_file() {
        let e = save_text("x\n", Path::new("/dev/null")).unwrap_err();
        assert!(matches!(e, SnapshotError::NotARegularFile { .. }), "{e}");
        // /dev/null is still the device, not a file the rename put there.
        assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
        let dir = std::env::temp_dir();
        let e = save_text("x\n", &dir).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let e = save_text("x", Path::new("/no/such/folder/x")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "/no/such/folder/x: no folder /no/such/folder to save it in"
        );
        let file = dir.join(format!("fm-snapshot-{}.txt", std::process::id()));
        save_text("one\n", &file).unwrap();
        save_text("two\n", &file).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "two\n");
        std::fs::remove_file(&file).unwrap();
    }
}
