//! The seven 709 diagnostics of `shared/diags`, assembled from their period source by the 9AP
//! dialect: no error; the stops and entries the write-ups give at the addresses they give
//! (the write-ups in ../shared/diags); the decks word for word those 9AP itself punched. That is
//! checked twice: against the SHA-256 of the decks the research run of 9AP in SIMH gave
//! (taken from 9AP run in SIMH), and by running 9AP here, in SIMH's `i7094`, from its period tape
//! `9ap.bcd` on each program (`nine_ap_itself_punches_the_same_decks`). Nothing of IBM's is
//! kept in the repository: the source, the tape and 9AP's output are read from `../shared` or
//! made in a temporary folder.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use assembler::ap9;
use assembler::ibm7090::cards;
use sha2::{Digest, Sha256};

const PROGRAMS: [&str; 7] = [
    "9m02a", "9m03a", "9m04a", "9m05b", "9m08a", "9m10a", "9m21a",
];

fn diags() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/diags")
}

fn assemble(name: &str) -> ap9::Program {
    let path = diags().join(format!("{name}.asm"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    ap9::assemble(&text, &format!("{name}.asm")).unwrap_or_else(|d| panic!("{d}"))
}

/// The 12-bit operation code of a word (sign and bits 1-11).
fn opcode(w: u64) -> u64 {
    (w >> 35) << 11 | (w >> 24) & 0o3777
}

#[test]
#[cfg_attr(not(has_shared), ignore = "needs ../shared (the diagnostics' source)")]
fn decks_equal_those_9ap_punched() {
    // Cards, the first card's 9L and 9R, and the SHA-256 of the deck as 24 octal words a line
    // (from 9AP run in SIMH).
    let expected = [
        (
            "9m02a",
            135,
            "d8cff21af214ecd9c34268bce59ba1b57316f3a8d256e2dec3da28956cd79434",
        ),
        (
            "9m03a",
            167,
            "e3c2239da0f7c463bd4f92d610c52686eb298dcab89554a57838df1557382471",
        ),
        (
            "9m04a",
            109,
            "4d9ec9db3471003b125964b9d3f52083e72487dcf6843b2a3c5886f30e24299a",
        ),
        (
            "9m05b",
            161,
            "3c5568acf0dc378602ba9d7c79b8930a4218493af5859aa188a3ced60d542ab3",
        ),
        (
            "9m08a",
            70,
            "01ae4ed6f0e81d5f19c192a02867d8bc00cb1e2e1ba15ae491125568e53fb841",
        ),
        (
            "9m10a",
            4,
            "977a6d6a48e8dc356f4fd5959b80b26a4d785771f0e53f6a8c3659c0cbfec0c2",
        ),
        (
            "9m21a",
            315,
            "10959c76e2d18ac934fcb829cc8e2af691fe6f7b79f75c3d7e9d6ae55e20a736",
        ),
    ];
    for (name, count, sha) in expected {
        let p = assemble(name);
        assert_eq!(p.cards.len(), count, "{name}");
        let digest = Sha256::digest(p.deck_text().as_bytes());
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, sha, "{name}: the deck differs from 9AP's");
        println!(
            "{name}: {} words, {count} cards, as 9AP punched them",
            p.words.len()
        );
    }
    let p = assemble("9m02a");
    assert_eq!(
        (p.cards[0][0], p.cards[0][1]),
        (0o000010000001, 0o102410022767)
    );
    let p = assemble("9m10a");
    assert_eq!(
        (p.cards[0][0], p.cards[0][1]),
        (0o000024000003, 0o006000000001)
    );
}

#[test]
#[cfg_attr(not(has_shared), ignore = "needs ../shared (the diagnostics' source)")]
fn stops_where_the_write_ups_say() {
    const HTR: u64 = 0;
    const HPR: u64 = 0o0420;
    const RCDA: u64 = 0o076200001321;
    // (program, location, operation code or whole word, what the write-up says there).
    let opcodes: [(&str, u16, u64, &str); 17] = [
        ("9m10a", 0o17, HTR, "error stop 17 (9m10a.txt:52)"),
        ("9m10a", 0o23, HPR, "end of walk 23 (9m10a.txt:46)"),
        ("9m02a", 0o5053, HTR, "display-indicators stop O5053"),
        ("9m02a", 0o5106, HPR, "O5107: HPR at 05106"),
        ("9m02a", 0o5143, HPR, "fast-MPY card stop O5144"),
        ("9m03a", 0o2660, HPR, "enter MQ stop 02660"),
        ("9m03a", 0o4035, HPR, "stop 04035"),
        ("9m03a", 0o5211, HPR, "stop 05211"),
        (
            "9m05b",
            0o620,
            0o0240,
            "FDH K47 at 00620, divide check 0621",
        ),
        ("9m08a", 0o50, HPR, "keys stop 0050"),
        ("9m08a", 0o54, HPR, "keys stop 0054"),
        ("9m08a", 0o1400, HPR, "FAD error stop 1400"),
        ("9m21a", 0o15617, 0o0220, "DVH at 15617, divide check 15620"),
        ("9m21a", 0o15652, 0o0224, "VDH at 15652"),
        ("9m21a", 0o15677, HTR, "KY HTR *+1 at 15677"),
        ("9m21a", 0o16017, HPR, "TI HPR at 16017"),
        ("9m21a", 0o15764, HPR, "HPR at 15764"),
    ];
    let mut programs: BTreeMap<&str, ap9::Program> = BTreeMap::new();
    for (name, at, op, what) in opcodes {
        let p = programs.entry(name).or_insert_with(|| assemble(name));
        let w = p.words.get(&at).copied();
        assert_eq!(w.map(opcode), Some(op), "{name} {at:05o}: {what}: {w:?}");
    }
    // Whole words: the end of a clean run, the "call next program" RCDA, and HTR *+1 at 0.
    let words: [(&str, u16, u64); 6] = [
        ("9m02a", 0o5235, RCDA),
        ("9m03a", 0o6574, RCDA),
        ("9m05b", 0o6311, RCDA),
        ("9m03a", 0, 0o000000000001),
        ("9m10a", 0o17, 0o000000000003),
        ("9m10a", 0o26, 0o007400400013),
    ];
    for (name, at, word) in words {
        let p = programs.entry(name).or_insert_with(|| assemble(name));
        assert_eq!(p.words.get(&at), Some(&word), "{name} {at:05o}");
    }
    // Storage and entries: 9M02A's false-trap routine at 00001-00010 and program from 00030;
    // 9M05B's END PRINT transfers to 06315; 9DEPR's entries as EQUs.
    let p = &programs["9m02a"];
    assert_eq!(
        p.words.range(..0o30).map(|(&a, _)| a).collect::<Vec<_>>(),
        (1..=8).collect::<Vec<_>>()
    );
    assert_eq!(
        (p.symbol("ERROR"), p.symbol("OK")),
        (Some(0o6504), Some(0o6511))
    );
    assert_eq!(p.words.keys().next_back(), Some(&0o5511));
    assert_eq!(programs["9m05b"].start, 0o6315);
    // 9M03A: `M EQU 512` before `Q HED`, `M OCT +0` after it, referred to as the headed M.
    let p = assemble("9m03a");
    assert_eq!(p.symbol("M"), Some(512));
    assert_eq!(p.symbol(" $M"), Some(0o6621));
}

/// A SIMH tape record: its length (little-endian), the bytes, a pad byte if odd, the length.
fn record(out: &mut Vec<u8>, bytes: &[u8]) {
    let n = (bytes.len() as u32).to_le_bytes();
    out.extend_from_slice(&n);
    out.extend_from_slice(bytes);
    if bytes.len() % 2 == 1 {
        out.push(0);
    }
    out.extend_from_slice(&n);
}

/// `9ap.bcd` (P7B: a byte with bit 7 starts a record, 0x8F is a tape mark, bit 6 parity) as a
/// SIMH tape.
fn system_tape(p7b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut current: Option<Vec<u8>> = None;
    for &b in p7b {
        if b & 0x80 != 0 {
            if let Some(r) = current.take() {
                record(&mut out, &r);
            }
            if b & 0x7F == 0x0F {
                out.extend_from_slice(&[0; 4]);
                continue;
            }
        }
        current.get_or_insert_with(Vec::new).push(b & 0x3F);
    }
    if let Some(r) = current {
        record(&mut out, &r);
    }
    out.extend_from_slice(&[0xFF; 4]);
    out
}

/// A source as 9AP's input tape: one 80-character record a card (the heading cards too), in
/// tape BCD (0 written 012, and bit 040 inverted where bit 020 is set), then two tape marks.
fn source_tape(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for line in text.lines() {
        let bytes: Vec<u8> = format!("{line:<80}")
            .chars()
            .take(80)
            .map(|c| {
                let v = ap9::card::code(c).unwrap_or(0o60);
                match v {
                    0 => 0o12,
                    v if v & 0o20 != 0 => v ^ 0o40,
                    v => v,
                }
            })
            .collect();
        record(&mut out, &bytes);
    }
    out.extend_from_slice(&[0; 8]);
    out.extend_from_slice(&[0xFF; 4]);
    out
}

/// Run 9AP in SIMH on one program; the cards it punched.
fn nine_ap(dir: &Path, name: &str) -> Vec<cards::Image> {
    let src = std::fs::read_to_string(diags().join(format!("{name}.asm"))).unwrap();
    std::fs::write(dir.join(format!("{name}.src.tap")), source_tape(&src)).unwrap();
    // The LOAD TAPE key for channel B, as 9AP reloads itself (9AP3 1552-1556): SIMH does not
    // boot from channel B.
    let ini = format!(
        "set cpu 7090\nset chanb enable\nattach -r mtb1 9ap.tap\nattach -r mta1 {name}.src.tap\n\
         attach -n mtb2 {name}.inter.tap\nattach -n mtb3 {name}.list.tap\n\
         attach -n cdp {name}.deck.cbn\nattach -n lpt {name}.lpt.txt\n\
         d 1000 076200002221\nd 1001 454000001004\nd 1002 454400000000\n\
         d 1003 002100000001\nd 1004 500003000000\nd PC 1000\ngo\nquit\n"
    );
    let ini_path = dir.join(format!("{name}.ini"));
    std::fs::write(&ini_path, ini).unwrap();
    let out = Command::new("i7094")
        .arg(&ini_path)
        .current_dir(dir)
        .output()
        .expect("run i7094");
    let said = String::from_utf8_lossy(&out.stdout);
    // 9AP stops at the HPR of EOFA when its input tape is done (9AP3 1562-1573).
    assert!(
        said.contains("HALT instruction, PC: 03176"),
        "{name}: 9AP did not finish:\n{said}"
    );
    let deck = std::fs::read_to_string(dir.join(format!("{name}.deck.cbn"))).unwrap();
    cards::from_cbn(&deck, name).unwrap()
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared (9ap.bcd and the diagnostics)"
)]
#[cfg_attr(not(has_i7094), ignore = "needs SIMH's i7094 to run 9AP")]
fn nine_ap_itself_punches_the_same_decks() {
    let dir = std::env::temp_dir().join(format!("firstmoves-9ap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p7b = std::fs::read(diags().join("9ap.bcd")).unwrap();
    std::fs::write(dir.join("9ap.tap"), system_tape(&p7b)).unwrap();
    let mut compared = 0;
    for name in PROGRAMS {
        let theirs = nine_ap(&dir, name);
        let ours = assemble(name).cards;
        assert_eq!(theirs.len(), ours.len(), "{name}: cards");
        for (i, (t, o)) in theirs.iter().zip(&ours).enumerate() {
            for (k, (a, b)) in t.iter().zip(o).enumerate() {
                assert_eq!(
                    a,
                    b,
                    "{name}: card {} word {k}: 9AP {a:012o}, ours {b:012o}",
                    i + 1
                );
            }
        }
        compared += ours.len() * cards::CARD_WORDS;
        println!("{name}: {} cards equal 9AP's", ours.len());
    }
    println!("{compared} card words compared with 9AP's");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
#[cfg_attr(not(has_shared), ignore = "needs ../shared (9ap.src)")]
fn tables_are_9aps() {
    // The operation table: every BCD/OCT pair of OPTBL in 9ap.src (9AP3 1595-2312).
    let src = std::fs::read_to_string(diags().join("9ap.src")).unwrap();
    let lines: Vec<&str> = src.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with(" OPTBL BCD"))
        .unwrap();
    // Pairs of BCD and OCT cards; REM cards stand between some.
    let table: Vec<&str> = lines[start..]
        .iter()
        .copied()
        .filter(|l| l.get(7..10) != Some("REM"))
        .take_while(|l| matches!(l.get(7..10), Some("BCD" | "OCT")))
        .collect();
    let mut pairs = Vec::new();
    for pair in table.chunks(2) {
        let (bcd, oct) = (pair[0], pair[1]);
        assert_eq!((&bcd[7..10], &oct[7..10]), ("BCD", "OCT"), "{bcd}");
        let name = bcd[12..18].trim_end_matches('0').to_string();
        let code: String = oct[11..].split_whitespace().next().unwrap().to_string();
        // OCT's rule: a sign, or twelve digits whose first one's high bit is the sign.
        let (negative, digits) = match code.as_bytes()[0] {
            b'-' => (true, &code[1..]),
            b'+' => (false, &code[1..]),
            _ => (false, &code[..]),
        };
        let v = u64::from_str_radix(digits, 8).unwrap();
        let sign_bit = 1 << 35;
        pairs.push((name, negative || v & sign_bit != 0, v & (sign_bit - 1)));
    }
    assert_eq!(pairs.len(), ap9::optable::TABLE.len());
    for ((name, negative, magnitude), entry) in pairs.iter().zip(ap9::optable::TABLE.iter()) {
        assert_eq!(name, entry.0);
        assert_eq!(*negative, entry.1 == ap9::optable::Sign::Minus, "{name}");
        assert_eq!(*magnitude, entry.2, "{name}");
    }
    // The powers of ten after Q128 (9AP5 106-117).
    let q = lines
        .iter()
        .position(|l| l.starts_with(" Q128  DEC 128"))
        .unwrap();
    let powers: Vec<u64> = lines[q + 1..q + 13]
        .iter()
        .flat_map(|l| l[11..72].split_whitespace().next().unwrap().split(','))
        .map(|d| u64::from_str_radix(d, 8).unwrap())
        .collect();
    assert_eq!(powers.len(), 48);
    for (k, &p) in powers.iter().enumerate() {
        assert_eq!(
            emu::ibm7090::float::power_of_ten(k as u32 + 1),
            p,
            "10^{}",
            k + 1
        );
    }
}

#[test]
#[cfg_attr(not(has_shared), ignore = "needs ../shared (9m10a.asm)")]
#[cfg_attr(not(has_i7094), ignore = "needs SIMH's i7094 to read the deck")]
fn simh_loads_our_9m10a_deck_and_it_runs_to_its_end() {
    // The self-loading card through SIMH's 711 reader and the LOAD CARDS sequence (SIMH's own
    // `boot cdr` is broken in 3.8.1: docs/ibm7090.md, "The load keys"); all switches up, the
    // walk ends at the HPR at 00023 (9m10a.txt:46).
    let dir = std::env::temp_dir().join(format!("firstmoves-9m10a-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("9m10a.cbn"), assemble("9m10a").cbn()).unwrap();
    let ini = "set cpu 7090\nattach -r cdr 9m10a.cbn\nd 1000 076200001321\n\
               d 1001 054000001004\nd 1002 054400000000\nd 1003 002100000001\n\
               d 1004 500003000000\nd PC 1000\ngo\nquit\n";
    std::fs::write(dir.join("load.ini"), ini).unwrap();
    let out = Command::new("i7094")
        .arg("load.ini")
        .current_dir(&dir)
        .output()
        .expect("run i7094");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("HALT instruction, PC: 00024"), "{said}");
    std::fs::remove_dir_all(&dir).ok();
}
