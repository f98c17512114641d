//! The one reader of every input file the project takes, whatever the file is: a regular file,
//! a pipe, a device such as `/dev/zero`, a process substitution. It reads at most the cap of
//! the input's kind and refuses the file the moment one byte more arrives, so a source that
//! never ends costs the cap in memory and no more. A regular file's size is looked at first,
//! so one over the cap is refused before a byte is read.
//!
//! The caps (docs/reliability.md, "Input caps") are far above the real inputs of each kind and
//! below what would trouble the host.

use std::io::{self, Read};
use std::path::Path;

/// What an input file is, which sets its cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A program's source or a deck in text: `.sil`, `.fap`, 9AP cards, `.obj`, `.cbn`, job
    /// decks, INITIA's problem cards, openings, the mate table, a monitor script. The largest
    /// real one is LISP 1.5's source, lisp15.asm (0.5 MB); the 2-million-line assembler
    /// benchmarks (`scripts/asm-scale.sh`) are up to 57 MB.
    Source,
    /// A tape image: the 7090's `.bcd`/`.bin`/`.p7b`/`.tap` and its records in text, SILLIAC's
    /// `.pt` and raw tapes. A full 2,400-foot reel at 800 characters an inch holds 23 MB; IBSYS's
    /// library tape ASYS1.BIN is 1.2 MB.
    Tape,
    /// A machine's snapshot (`restore`, `--restore`): a 7090's carries its mounted reels in
    /// octal, three bytes a tape character, so a full reel makes one of about 70 MB; IBSYS's
    /// two library tapes make 6 MB.
    Snapshot,
    /// A dama game record (`--record`, `dama replay`): a few kilobytes a game.
    Record,
    /// A campaign shard's JSON report (`merge`).
    Report,
}

impl Kind {
    /// The most bytes an input of this kind may have.
    pub const fn cap(self) -> u64 {
        match self {
            Kind::Source => 64 << 20,
            Kind::Tape => 32 << 20,
            Kind::Snapshot => 128 << 20,
            Kind::Record => 4 << 20,
            Kind::Report => 64 << 20,
        }
    }

    /// The kind in words, for the error.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Source => "a source or deck",
            Kind::Tape => "a tape image",
            Kind::Snapshot => "a snapshot",
            Kind::Record => "a game record",
            Kind::Report => "a report",
        }
    }

    /// The error of an input over the cap (no file name: the callers' errors add it).
    fn over(self) -> io::Error {
        io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!(
                "over the {} MiB limit for {}",
                self.cap() >> 20,
                self.name()
            ),
        )
    }
}

/// The bytes of the file at `path`, at most `kind`'s cap; an input over the cap is an error of
/// kind `FileTooLarge` that says the limit. The errors do not name the file (the callers' do).
pub fn read(path: &Path, kind: Kind) -> io::Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "a folder, not a file",
        ));
    }
    let cap = kind.cap();
    if meta.is_file() && meta.len() > cap {
        return Err(kind.over());
    }
    // A regular file's size is known (it may still grow while it is read: the cap holds then
    // too); a stream starts small and grows as it comes.
    let expected = if meta.is_file() { meta.len() } else { 64 << 10 };
    let mut bytes = Vec::with_capacity(expected.min(cap) as usize + 1);
    file.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(kind.over());
    }
    Ok(bytes)
}

/// The text of the file at `path` as `read` gives it, which must be UTF-8.
pub fn read_text(path: &Path, kind: Kind) -> io::Result<String> {
    String::from_utf8(read(path, kind)?).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not UTF-8 text (byte {at} is not)"),
        )
    })
}

/// The text of the file at `path` as `read` gives it, bytes that are not UTF-8 replaced.
pub fn read_lossy(path: &Path, kind: Kind) -> io::Result<String> {
    Ok(String::from_utf8_lossy(&read(path, kind)?).into_owned())
}

/// The most bytes kept of one line of an input read a line at a time (UCI, the console's
/// prompt, `dama replay --step`): far over any command's, well under what would trouble the
/// host.
pub const LINE_CAP: usize = 64 << 10;

/// One line of `input`, through its newline, into `buf` (which it empties first): at most
/// `LINE_CAP` bytes are kept, and the rest of a longer line is read and dropped, so a line that
/// never ends costs `LINE_CAP` in memory. Gives the line's whole length in bytes (0 at the end
/// of the input) and whether it was cut.
pub fn read_line<R: io::BufRead>(input: &mut R, buf: &mut Vec<u8>) -> io::Result<(u64, bool)> {
    buf.clear();
    let (mut length, mut cut) = (0u64, false);
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok((length, cut));
        }
        let (piece, ends) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let room = LINE_CAP - buf.len();
        cut |= piece.len() > room;
        buf.extend_from_slice(&piece[..piece.len().min(room)]);
        let n = piece.len();
        input.consume(n);
        length += n as u64;
        if ends {
            return Ok((length, cut));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("emu-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn a_sparse_file_over_the_cap_is_refused_before_it_is_read() {
        let path = scratch("sparse.bcd");
        let f = std::fs::File::create(&path).unwrap();
        // Sparse: no disk is used for the hole.
        f.set_len(Kind::Tape.cap() + 1).unwrap();
        let e = read(&path, Kind::Tape).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(e.to_string(), "over the 32 MiB limit for a tape image");
        // At the cap exactly it is read.
        f.set_len(Kind::Record.cap()).unwrap();
        assert_eq!(
            read(&path, Kind::Record).unwrap().len() as u64,
            Kind::Record.cap()
        );
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_device_that_never_ends_is_refused_at_the_cap() {
        let e = read(Path::new("/dev/zero"), Kind::Record).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
        assert!(
            e.to_string().contains("4 MiB limit for a game record"),
            "{e}"
        );
    }

    #[test]
    fn text_must_be_utf8_and_a_folder_is_no_file() {
        let path = scratch("bad.sil");
        std::fs::write(&path, b"ok\n\xff").unwrap();
        let e = read_text(&path, Kind::Source).unwrap_err();
        assert_eq!(e.to_string(), "not UTF-8 text (byte 3 is not)");
        assert_eq!(read_lossy(&path, Kind::Source).unwrap(), "ok\n\u{fffd}");
        std::fs::remove_file(&path).unwrap();
        let e = read(&std::env::temp_dir(), Kind::Source).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::IsADirectory);
    }

    #[test]
    fn a_line_is_kept_to_its_cap_and_the_rest_of_it_dropped() {
        let long = vec![b'x'; 3 * LINE_CAP];
        let text = [b"go\n".as_slice(), &long, b"\nquit"].concat();
        let mut input = io::BufReader::with_capacity(1000, text.as_slice());
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), (3, false));
        assert_eq!(buf, b"go\n");
        let whole = 3 * LINE_CAP as u64 + 1;
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), (whole, true));
        assert_eq!(buf.len(), LINE_CAP);
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), (4, false));
        assert_eq!(buf, b"quit");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), (0, false));
    }
}
