//! One target per parser of the workspace: a `fn(&[u8])` that hands the bytes to the library's
//! public entry point and ignores the answer (an error is a fine answer; a panic or a hang is
//! not), its seed corpus (the repository's own files and a few hand seeds) and a dictionary of
//! the tokens its grammar knows.

use std::fs;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use assembler::{ap9, fap, guess, ibm7090, sil};
use chess::{board::Position as ChessPosition, search::SearchResult};
use emu::silliac::tape;

use crate::console;

/// A fuzz target.
pub struct Target {
    pub name: &'static str,
    pub run: fn(&[u8]),
    /// Seed files and folders, from the workspace root (`../shared` where it exists), with the
    /// endings kept from a folder.
    pub seed_paths: &'static [(&'static str, &'static [&'static str])],
    /// Seed files named elsewhere, from the workspace root: the registry's chess programs.
    pub seed_files: fn() -> Vec<PathBuf>,
    /// Seeds made in code (hand seeds, or the writer's own output for formats the tree keeps
    /// no file of).
    pub hand_seeds: fn() -> Vec<Vec<u8>>,
    pub dict: &'static [&'static str],
}

/// Use a result, so the optimiser keeps the work that made it.
fn keep<T>(t: T) {
    std::hint::black_box(t);
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A mutated snapshot with its checksum made right again: the `end` line (the last line that
/// starts so; one is added where the mutation left none) gets the sum of everything before it,
/// so that the reader's checks behind the checksum see the mutation rather than stopping at the
/// sum. Whatever followed the `end` line is kept.
fn resealed(b: &[u8]) -> String {
    let t = text(b);
    let at = if t.starts_with("end") {
        Some(0)
    } else {
        t.rfind("\nend").map(|i| i + 1)
    };
    let (body, tail) = match at {
        Some(i) => {
            let rest = &t[i..];
            (&t[..i], rest.find('\n').map_or("", |j| &rest[j + 1..]))
        }
        None if t.is_empty() || t.ends_with('\n') => (t.as_str(), ""),
        None => {
            return format!(
                "{t}\nend {:016x}\n",
                emu::snapshot::fnv1a(format!("{t}\n").as_bytes())
            )
        }
    };
    format!(
        "{body}end {:016x}\n{tail}",
        emu::snapshot::fnv1a(body.as_bytes())
    )
}

const SIL_DICT: &[&str] = &[
    "ORG", "START", "EQU", "BSS", "DEC", "HEX", "SEX", "L", "R", "+", "-", "*", "(", ")", ",", ";",
    ":", "F", "K", "J", "S", "N", "00", "20", "40", "L5", "26", "\n", " ", "\t", ".", "=", "'",
    "\"",
];
const FAP_DICT: &[&str] = &[
    " ORG ", " DEC ", " OCT ", " BCI ", " VFD ", " BSS ", " BES ", " EQU ", " SYN ", " END ",
    " CLA ", " ADD ", " TRA ", " TXI ", " PZE ", " MZE ", " LDQ ", " FAD ", " TSX ", " HTR ",
    " HPR ", " LIT ", " REM ", " ETC ", " IFF ", " DUP ", " MACRO", "=", "*", "**", ",", "/", "+",
    "-", "B", "E", ".", "$", "(", ")", "\n", "       ", "O", "H", "1E308", "=1E308",
];
const AP9_DICT: &[&str] = &[
    " DEC ", " OCT ", " BCD ", " BCI ", " ORG ", " BSS ", " EQU ", " SYN ", " END ", " CLA ",
    " TRA ", " FUL ", " ABS ", " DETAIL", " REM ", "=", "*", ",", "+", "-", "/", "B", "E", ".",
    "\n", "       ", "1E308",
];
const GUESS_DICT: &[&str] = &[
    "*", "       ", " ORG ", " DEC ", "L5 ", "\t", "\n", "FUL", "ABS", " END ",
];
const TAPE_DICT: &[&str] = &["O", "o", " ", "OoOOO", "  o  ", "\n", "\r\n", "#"];
const DECK_DICT: &[&str] = &[
    "0",
    "1",
    "7",
    "9",
    " ",
    "\n",
    "0001",
    "000000000000",
    "777777777777",
];
const SNAP_DICT: &[&str] = &[
    "\n",
    " ",
    "=",
    "#",
    "firstmoves",
    "store",
    "word",
    "run",
    "x",
    "*",
    "0",
    "1",
    "ffffffffff",
    "777777777777",
    "checksum",
    ":",
    "-",
];
const FEN_DICT: &[&str] = &[
    "rnbqkbnr", "pppppppp", "8", "/", " w ", " b ", "KQkq", " - ", "e3", " 0 1", "K", "k", "Q",
    "P", "p", "9", "0", " ",
];
const MOVE_DICT: &[&str] = &[
    "e2e4", "e7e8q", "e1g1", "a7a8n", "0000", "O-O", "Nf3", "exd5", "+", "#", "\n", " ", "x", "=Q",
];
const DAMA_DICT: &[&str] = &[
    "A:", "B:", "/A", "/B", ",", "-", "1", "8", "25", "32", "33", "0", "99", "\n", " ",
];
const UCI_DICT: &[&str] = &[
    "uci\n",
    "isready\n",
    "ucinewgame\n",
    "position startpos",
    "position fen ",
    " moves ",
    "go depth ",
    "go movetime ",
    " wtime ",
    " btime ",
    " winc ",
    " binc ",
    " movestogo ",
    "go infinite\n",
    "stop\n",
    "quit\n",
    "setoption name ",
    " value ",
    "e2e4",
    "\n",
    " ",
    "18446744073709551615",
    "0",
];
const RECORD_DICT: &[&str] = &[
    "# board 01: SILLIAC (a3+b3) as A against random as B; boards 1, seed 1, timing nominal\n",
    "A ",
    "B ",
    "= ",
    "01-10",
    "+0",
    " 1288 30.525",
    "\n",
    "32-23",
    "A WINS GOAL",
];
const TABLE_DICT: &[&str] = &["line\t", "\t", "\n", "#", "w", "b", "1. ", "Qxf7", "true"];

/// Every target: `fuzz` runs them by name, `scripts/fuzz.sh` all of them.
pub const TARGETS: &[Target] = &[
    Target {
        name: "sil",
        run: |b| keep(sil::assemble(&text(b), "f.sil")),
        seed_paths: &[("programs/dama", &["sil"]), ("assembler/tests", &["sil"])],
        seed_files: Vec::new,
        hand_seeds: || vec![b"        ORG 10\nX       L5 20\n        START X\n".to_vec()],
        dict: SIL_DICT,
    },
    Target {
        name: "fap",
        run: |b| keep(fap::assemble(&text(b), "f.fap")),
        seed_paths: &[("programs/chess", &["fap"]), ("assembler/tests", &["fap"])],
        seed_files: chess_programs,
        hand_seeds: || {
            vec![b"       ORG 100\n       DEC 1E30,1B17\n       CLA =1.5\n       END\n".to_vec()]
        },
        dict: FAP_DICT,
    },
    Target {
        name: "ap9",
        run: |b| keep(ap9::assemble(&text(b), "f.9ap")),
        seed_paths: &[("assembler/tests", &["9ap"]), ("../shared/diags", &["asm"])],
        seed_files: Vec::new,
        hand_seeds: Vec::new,
        dict: AP9_DICT,
    },
    Target {
        name: "guess",
        run: |b| keep(guess::by_content(&text(b))),
        seed_paths: &[("assembler/tests", &["sil", "fap", "9ap"])],
        seed_files: Vec::new,
        hand_seeds: Vec::new,
        dict: GUESS_DICT,
    },
    Target {
        name: "sil_tape",
        run: |b| {
            // `.pt` text, then the loader's reading of the frames; raw bytes read as frames.
            if let Ok(frames) = tape::parse_pt(&text(b), "f.pt") {
                keep(sil::tape::read_image(&frames));
                keep(tape::decode_text(&frames));
            }
            keep(sil::tape::read_image(b));
        },
        seed_paths: &[("../shared/tapes", &["pt"])],
        seed_files: Vec::new,
        hand_seeds: || {
            let mut out = Vec::new();
            if let Ok(p) =
                sil::assemble("        ORG 10\nX       L5 20\n        START X\n", "f.sil")
            {
                let words = p.words.iter().map(|(&a, &w)| (a, w)).collect();
                if let Ok(img) = sil::tape::image(&words, p.start) {
                    out.push(tape::format_pt(&img).into_bytes());
                    out.push(img);
                }
            }
            out
        },
        dict: TAPE_DICT,
    },
    Target {
        name: "deck_7090",
        run: |b| {
            let t = text(b);
            keep(fap::read_object_deck(&t, "f.deck"));
            keep(ibm7090::cards::from_cbn(&t, "f.cbn"));
            keep(ibm7090::deck::from_image(b));
        },
        seed_paths: &[("tests/reports", &["out"])],
        seed_files: Vec::new,
        hand_seeds: || {
            let mut out = Vec::new();
            if let Ok(p) = fap::assemble(
                "       ORG 100\nS      CLA X\n       HTR S\nX      DEC 5\n       END S\n",
                "f.fap",
            ) {
                out.push(p.object_deck().into_bytes());
                out.push(p.image());
            }
            let cards = [[0o123_456_701_234u64; ibm7090::cards::CARD_WORDS], [0; 24]];
            out.push(ibm7090::cards::to_cbn(&cards).into_bytes());
            out
        },
        dict: DECK_DICT,
    },
    Target {
        name: "snapshot_silliac",
        run: |b| keep(emu::silliac::snapshot::from_text(&resealed(b), "f.snap")),
        seed_paths: &[],
        seed_files: Vec::new,
        hand_seeds: || {
            let mut m = emu::silliac::Machine::new();
            let empty = emu::silliac::snapshot::to_text(&m).into_bytes();
            m.console_start();
            vec![empty, emu::silliac::snapshot::to_text(&m).into_bytes()]
        },
        dict: SNAP_DICT,
    },
    Target {
        name: "snapshot_7090",
        run: |b| keep(emu::ibm7090::snapshot::from_text(&resealed(b), "f.snap")),
        seed_paths: &[],
        seed_files: Vec::new,
        hand_seeds: || {
            let m = emu::ibm7090::Machine::new();
            vec![emu::ibm7090::snapshot::to_text(&m).into_bytes()]
        },
        dict: SNAP_DICT,
    },
    Target {
        name: "fen",
        run: |b| {
            if let Ok(p) = chess::fen::parse_fen(&text(b)) {
                keep(chess::fen::to_fen(&p));
                for m in chess::movegen::legal_moves(&p) {
                    keep(chess::notation::san(&p, m));
                }
            }
        },
        seed_paths: &[("programs/chess/testdata", &["txt"])],
        seed_files: Vec::new,
        hand_seeds: || {
            vec![
                b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_vec(),
                b"8/8/8/8/8/8/8/K6k b - e3 99 200".to_vec(),
            ]
        },
        dict: FEN_DICT,
    },
    Target {
        name: "chess_moves",
        // A FEN on the first line (the start position if it is not one), then UCI moves and
        // SAN text (the mate table's SAN cleaning) on the rest.
        run: |b| {
            let t = text(b);
            let (first, rest) = t.split_once('\n').unwrap_or(("", &t));
            let mut p = chess::fen::parse_fen(first).unwrap_or_else(|_| ChessPosition::start());
            for word in rest.split_whitespace() {
                keep(chess::mater::campaign::bare_san(word));
                if let Some(m) = chess::notation::parse_uci(&p, word) {
                    keep(chess::notation::san(&p, m));
                    p.make(m);
                }
            }
        },
        seed_paths: &[],
        seed_files: Vec::new,
        hand_seeds: || {
            vec![
                b"\ne2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1".to_vec(),
                b"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\na7a8q e8d7 Qxf7+ O-O".to_vec(),
            ]
        },
        dict: MOVE_DICT,
    },
    Target {
        name: "chess_tables",
        // The other chess text files: openings, the mate campaign's table, INITIA's cards.
        run: |b| {
            let t = text(b);
            keep(chess::matchplay::parse_openings(&t));
            keep(chess::mater::campaign::read_table(&t));
            keep(chess::initia::read_cards(&t));
        },
        seed_paths: &[("programs/chess/testdata", &["tsv"])],
        seed_files: Vec::new,
        hand_seeds: || vec![b"# openings\ne2e4 e7e5\n8/8/8/8/8/8/8/K6k w - - 0 1\n".to_vec()],
        dict: TABLE_DICT,
    },
    Target {
        name: "dama_position",
        run: |b| {
            if let Ok(p) = text(b).parse::<dama::board::Position>() {
                keep(dama::board::diagram(&p));
                keep(dama::legal_moves(&p));
                keep(dama::game::outcome(&p));
            }
        },
        seed_paths: &[],
        seed_files: Vec::new,
        hand_seeds: || {
            vec![
                b"A:1,2,3,4,5,6,7,8/B:25,26,27,28,29,30,31,32/A".to_vec(),
                b"A:/B:32/b".to_vec(),
            ]
        },
        dict: DAMA_DICT,
    },
    Target {
        name: "dama_move",
        // Move text and the dama program's reply lines.
        run: |b| {
            let t = text(b);
            keep(t.parse::<dama::board::Move>());
            for line in t.lines() {
                keep(dama::sil::parse_reply(line));
            }
        },
        seed_paths: &[],
        seed_files: Vec::new,
        hand_seeds: || vec![b"01-10".to_vec(), b"32-23\n12-16 +5 1288\n".to_vec()],
        dict: DAMA_DICT,
    },
    Target {
        name: "uci",
        // A whole session of command lines against an engine that answers at once.
        run: |b| {
            keep(chess::uci::run(
                &mut Instant,
                Cursor::new(b.to_vec()),
                std::io::sink(),
            ))
        },
        seed_paths: &[],
        seed_files: Vec::new,
        hand_seeds: || {
            vec![
                b"uci\nisready\nposition startpos moves e2e4 e7e5\ngo depth 2\nquit\n".to_vec(),
                b"position fen 8/8/8/8/8/8/8/K6k w - - 0 1\ngo wtime 100 btime 100 movestogo 0\n"
                    .to_vec(),
                b"setoption name Depth value 3\ngo infinite\nstop\n".to_vec(),
            ]
        },
        dict: UCI_DICT,
    },
    Target {
        name: "exhibition_record",
        // The record reader as `--resume` uses it: a torn last line dropped, the rest verified
        // against the run its header names (so the lines behind the header are reached), and
        // as `dama replay` parses it.
        run: |b| {
            let whole = dama::exhibition::whole_lines(b);
            if let Ok(t) = std::str::from_utf8(&b[..whole]) {
                let file = Path::new("board-01.txt");
                keep(dama::exhibition::parse_record(t, file));
                let first = t.split('\n').next().unwrap_or("");
                if let Some(run) = dama::exhibition::Header::parse(first) {
                    keep(dama::exhibition::verify(t, file, &run));
                }
            }
        },
        seed_paths: &[],
        seed_files: Vec::new,
        hand_seeds: || {
            vec![b"# board 01: SILLIAC (a3+b3) as A against random as B; boards 1, seed 1, timing nominal\nA 01-10 +0 1288 30.525\nB 32-23\nA 10-14 -3 99 1.000\n= A WINS GOAL\n".to_vec()]
        },
        dict: RECORD_DICT,
    },
    Target {
        name: "console_silliac",
        run: console::silliac_lines,
        seed_paths: &[],
        seed_files: Vec::new,
        hand_seeds: || vec![console::SEED.as_bytes().to_vec()],
        dict: console::DICT,
    },
    Target {
        name: "console_7090",
        run: console::ibm7090_lines,
        seed_paths: &[],
        seed_files: Vec::new,
        hand_seeds: || vec![console::SEED.as_bytes().to_vec()],
        dict: console::DICT,
    },
];

/// An engine that plays its first legal move at once: the UCI target fuzzes the protocol, not
/// a search.
struct Instant;

impl chess::uci::Engine for Instant {
    fn name(&self) -> String {
        "instant".into()
    }
    fn search(&mut self, p: &ChessPosition, _depth: Option<usize>) -> SearchResult {
        let best = chess::movegen::legal_moves(p).first().copied();
        SearchResult {
            best,
            value: 0,
            pv: best.into_iter().collect(),
            positions: 1,
            depth: 1,
        }
    }
    fn set_option(&mut self, name: &str, _value: &str) -> Result<(), String> {
        Err(format!("no option {name}"))
    }
    fn options(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Every chess program of the registry: its FAP file.
fn chess_programs() -> Vec<PathBuf> {
    chess::registry::PLAYERS
        .iter()
        .map(|e| PathBuf::from(e.source().path))
        .collect()
}

/// The target called `name`.
pub fn find(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Files longer than this are cut into pieces at line ends: a seed the size of a whole
/// program makes every mutant slow, and the mutants explore the lines, not their number.
const PIECE: usize = 2048;

/// The seed corpus of `t`: its files (sorted, so the corpus and the run are repeatable) cut
/// into pieces, then its hand seeds.
pub fn seeds(t: &Target) -> Vec<Vec<u8>> {
    let mut files = Vec::new();
    files.extend((t.seed_files)().iter().map(|f| root().join(f)));
    for (path, endings) in t.seed_paths {
        let p = root().join(path);
        if p.is_file() {
            files.push(p);
        } else if let Ok(dir) = fs::read_dir(&p) {
            files.extend(dir.flatten().map(|e| e.path()).filter(|f| {
                f.extension()
                    .and_then(|x| x.to_str())
                    .is_some_and(|x| endings.contains(&x))
            }));
        }
    }
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let Ok(bytes) = fs::read(&f) else { continue };
        out.extend(pieces(&bytes));
    }
    out.extend((t.hand_seeds)());
    out
}

fn pieces(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut rest = bytes;
    while rest.len() > PIECE {
        let cut = rest[..PIECE]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(PIECE, |i| i + 1);
        out.push(rest[..cut].to_vec());
        rest = &rest[cut..];
    }
    if !rest.is_empty() {
        out.push(rest.to_vec());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::resealed;

    #[test]
    fn a_resealed_snapshot_passes_its_checksum_so_the_mutation_is_what_is_judged() {
        let m = emu::silliac::Machine::new();
        let good = emu::silliac::snapshot::to_text(&m);
        assert_eq!(resealed(good.as_bytes()), good);
        // A register changed: the sum no longer stops it, so the reader takes it.
        let changed = good.replacen("\norders 0", "\norders 7", 1);
        assert_ne!(changed, good);
        let back = emu::silliac::snapshot::from_text(&resealed(changed.as_bytes()), "f").unwrap();
        assert_eq!(back.orders(), 7);
        // An `end` line cut away is put back; a field past the store's end is still refused.
        let cut = &good[..good.rfind("end ").unwrap()];
        assert!(emu::silliac::snapshot::from_text(&resealed(cut.as_bytes()), "f").is_ok());
        let bad = format!("{cut}store 9999 0\n");
        let err = emu::silliac::snapshot::from_text(&resealed(bad.as_bytes()), "f").unwrap_err();
        assert!(!err.to_string().contains("checksum"), "{err}");
    }
}
