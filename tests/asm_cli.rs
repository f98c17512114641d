//! `firstmoves asm`: tape and listing files, errors as "file:line:col: error: ..." with exit
//! code 1, and `--disassemble` back to source that assembles to the same tape.

mod common;

use std::path::PathBuf;

use common::firstmoves;

fn scratch(name: &str) -> PathBuf {
    common::scratch("asm-cli").join(name)
}

const GOOD: &str = ".org 1000\ngo: L5 x\n   20 go+1\nx: .dec 0.5\n";

#[test]
fn assembles_to_pt_and_listing() {
    let src = scratch("good.sil");
    std::fs::write(&src, GOOD).unwrap();
    let pt = scratch("good.pt");
    let lst = scratch("good.lst");
    let out = firstmoves()
        .args([
            "asm",
            src.to_str().unwrap(),
            "-o",
            pt.to_str().unwrap(),
            "--listing",
        ])
        .arg(&lst)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tape = emu::silliac::read_tape_file(&pt).unwrap();
    assert_eq!(tape.len(), 10 * (6 + 24 + 1));
    let listing = std::fs::read_to_string(&lst).unwrap();
    assert!(listing.contains("1000  L  L53F9 203F9"), "{listing}");
    assert!(listing.contains("Memory map"), "{listing}");

    // Back to source, and that source to the same tape.
    let dis = scratch("good.dis.sil");
    let out = firstmoves()
        .args(["asm", "--disassemble", pt.to_str().unwrap(), "-o"])
        .arg(&dis)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pt2 = scratch("good2.pt");
    let out = firstmoves()
        .args(["asm", dis.to_str().unwrap(), "-o", pt2.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read(&pt).unwrap(), std::fs::read(&pt2).unwrap());
}

#[test]
fn errors_name_file_line_column_and_exit_1() {
    let src = scratch("bad.sil");
    std::fs::write(&src, ".org 10\n  L5 nowhere\n  QQ 1\n").unwrap();
    let out = firstmoves()
        .args(["asm", src.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let name = src.display().to_string();
    assert!(
        err.contains(&format!("{name}:2:6: error: undefined symbol 'nowhere'")),
        "{err}"
    );
    assert!(
        err.contains(&format!("{name}:3:3: error: 'QQ' is not an order")),
        "{err}"
    );
    assert!(!scratch("bad.pt").exists());
}

#[test]
fn missing_file_is_an_error_not_a_panic() {
    let out = firstmoves()
        .args(["asm", "/nonexistent/x.sil"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot read /nonexistent/x.sil"), "{err}");
}

#[test]
fn raw_tapes_and_disassembly_to_stdout() {
    let src = scratch("raw.sil");
    std::fs::write(&src, GOOD).unwrap();
    let raw = scratch("raw.tape");
    let out = firstmoves()
        .args([
            "asm",
            src.to_str().unwrap(),
            "--raw",
            "-o",
            raw.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&raw).unwrap();
    assert_eq!(bytes.len(), 10 * (6 + 24 + 1));
    assert!(bytes.iter().all(|&b| b < 16));
    let out = firstmoves()
        .args(["asm", "--disassemble", raw.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("w1000:  L5 w1001"), "{text}");
    assert!(text.contains("20 w1001"), "{text}");
    assert!(text.contains(".start w1000"), "{text}");
    let out = firstmoves()
        .args(["asm", "--disassemble", "--numeric", raw.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("L5 1001 | 20 1001"), "{text}");
    assert!(text.contains(".start 1000"), "{text}");
}

#[test]
fn a_program_without_words_cannot_make_a_tape() {
    let src = scratch("empty.sil");
    std::fs::write(&src, "; nothing but storage\nt: .bss 3\n").unwrap();
    let out = firstmoves()
        .args(["asm", src.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no word at address 3 or above"), "{err}");
}

/// A small 9AP program: two heading cards, the operand in column 12.
const NINE_AP: &str = "   DECK TITLE\n   DATE\n       ORG 24\nGO     CLA K\n       HTR GO\nK      OCT 5\n       END GO\n";

#[test]
fn a_9ap_program_is_known_by_its_cards_and_becomes_a_card_deck() {
    let src = scratch("prog.asm");
    std::fs::write(&src, NINE_AP).unwrap();
    let cbn = scratch("prog.cbn");
    let img = scratch("prog.img");
    let out = firstmoves()
        .args(["asm", src.to_str().unwrap(), "-o", cbn.to_str().unwrap()])
        .args(["--image", img.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("3 words, 4 cards, transfer to 00030 (octal)"),
        "{err}"
    );
    let deck = std::fs::read_to_string(&cbn).unwrap();
    let cards = assembler::ibm7090::cards::from_cbn(&deck, "prog.cbn").unwrap();
    assert_eq!(cards[0][0], 0o000003000030);
    assert_eq!(std::fs::read(&img).unwrap().len(), 163_840);
    // The same cards named as SILLIAC fail, and the flag is what counts.
    let out = firstmoves()
        .args(["asm", "--dialect", "sil", src.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("read as"));
}

#[test]
fn a_wrong_guess_is_named_in_the_error() {
    let src = scratch("bad.asm");
    std::fs::write(&src, "   T\n   D\n       CLA NOWHERE\n       END\n").unwrap();
    let out = firstmoves()
        .args(["asm", src.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.asm:3:12: error: undefined symbol 'NOWHERE'"),
        "{err}"
    );
    assert!(err.contains("read as 9AP source by its content"), "{err}");
    assert!(err.contains("--dialect sil|fap|9ap"), "{err}");
}

/// `--simh` beside a FAP object deck: the command file SIMH's `i7094` runs it with, in its
/// folder; the sum program halts there where it halts here, with the same AC. A 9AP deck is
/// refused with the way to a bootable one.
#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn the_simh_command_file_runs_the_object_deck() {
    let dir = scratch("simh");
    std::fs::create_dir_all(&dir).unwrap();
    let (obj, ini) = (dir.join("sum.obj"), dir.join("sum.ini"));
    let source = "assembler/testdata/fap/sum.fap";
    let o = common::output(&[
        "asm",
        source,
        "-o",
        obj.to_str().unwrap(),
        "--simh",
        ini.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", common::stderr_of(&o));
    let ours: serde_json::Value = serde_json::from_str(&common::stdout_of(&common::output(&[
        "run", source, "--json",
    ])))
    .unwrap();
    let simh = std::process::Command::new(common::i7094())
        .arg("sum.ini")
        .current_dir(&dir)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run i7094");
    let said = String::from_utf8_lossy(&simh.stdout).to_string();
    std::fs::remove_dir_all(&dir).ok();
    let at = ours["stop"]["address"].as_str().unwrap();
    // SIMH's PC is past the halt; OLDPC is the halting order's place, our stop's address.
    assert!(said.contains("HALT instruction"), "{said}");
    assert!(said.contains(&format!("OLDPC:\t{at}")), "{said}");
    let ac = ours["ac"].as_str().unwrap();
    assert!(said.contains(&format!("AC:\t{ac}")), "{said}");
    let (ok, _, err) = common::run(&[
        "asm",
        "--dialect",
        "9ap",
        "diag/loader.asm",
        "--simh",
        "x.ini",
    ]);
    assert!(!ok && err.contains("--deck X.cbn --simh X.ini"), "{err}");
}
