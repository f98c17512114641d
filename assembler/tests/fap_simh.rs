//! The object deck against a peer nobody here wrote: SIMH's `i7094` (Debian's `simh`, `set cpu
//! 7090`) loads the assembler's deck with `load`; every word it then holds must be the word
//! the assembler placed, reserved (BSS/BES) words must stay zero, and running the program must
//! give the results worked out by hand in the comments of `testdata/fap/allforms.fap`.
//! Ignored where the build found no `i7094` (build.rs); under CI they run.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use assembler::fap;

fn testdata(name: &str) -> (String, String) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/fap")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    (text, path.display().to_string())
}

/// SIMH's output for `commands` after loading `deck`. The tests that call this are ignored
/// where the build found no i7094 (build.rs), so a missing one here is a failure.
fn simh(dir: &std::path::Path, deck: &str, commands: &str) -> String {
    std::fs::write(dir.join("prog.obj"), deck).unwrap();
    std::fs::write(
        dir.join("cmd.ini"),
        format!("set cpu 7090\nload prog.obj\n{commands}quit\n"),
    )
    .unwrap();
    let out = match Command::new("i7094")
        .arg("cmd.ini")
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
    {
        Ok(o) => o,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            panic!("SIMH's i7094 is not on the PATH: apt-get install simh")
        }
        Err(e) => panic!("cannot run i7094: {e}"),
    };
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `examine` lines `NAME:\tOCTAL` into a map.
fn examined(out: &str) -> BTreeMap<String, u64> {
    out.lines()
        .filter_map(|l| {
            let (name, v) = l.split_once(":\t")?;
            Some((
                name.trim().to_string(),
                u64::from_str_radix(v.trim(), 8).ok()?,
            ))
        })
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fap-simh-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn simh_loads_the_deck_word_for_word_and_runs_it() {
    let (src, file) = testdata("allforms.fap");
    let p = fap::assemble(&src, &file).unwrap();
    let dir = scratch("allforms");
    let mut cmds = String::from("examine PC\n");
    for a in p.words.keys() {
        cmds.push_str(&format!("examine {a:o}\n"));
    }
    for &(a, n) in &p.reserved {
        cmds.push_str(&format!("examine {:o}-{:o}\n", a, a + n - 1));
    }
    let out = simh(&dir, &p.object_deck(), &cmds);
    let got = examined(&out);
    assert_eq!(got.get("PC"), Some(&u64::from(p.start)), "{out}");
    for (&a, &w) in &p.words {
        assert_eq!(got.get(&format!("{a:o}")), Some(&w), "word {a:o}\n{out}");
    }
    for &(a, n) in &p.reserved {
        for k in a..a + n {
            assert_eq!(
                got.get(&format!("{k:o}")),
                Some(&0),
                "reserved {k:o}\n{out}"
            );
        }
    }

    // Run it. Expected values worked out by hand from the source, not from the assembler.
    let sym = |n: &str| p.symbol(n).unwrap();
    let cmds = format!(
        "go\nexamine AC\nexamine XR1\nexamine XR2\n{}",
        ["RESULT", "COUNT", "COPY", "SHIFTD"]
            .iter()
            .map(|n| format!("examine {:o}\n", sym(n)))
            .collect::<String>()
    );
    let out = simh(&dir, &p.object_deck(), &cmds);
    let got = examined(&out);
    let at = |n: &str| got[&format!("{:o}", sym(n))];
    assert_eq!(at("RESULT"), 3 * 7 + 2, "{out}");
    assert_eq!(at("COUNT"), 5, "{out}");
    assert_eq!(at("COPY"), 7, "{out}");
    // -7 shifted left 2: sign kept, magnitude 28.
    assert_eq!(at("SHIFTD"), 1 << 35 | 28, "{out}");
    // SIMH shows the 38-bit AC: S, Q, P, 1-35 (the sign is bit 37 there).
    assert_eq!(got["AC"], 1 << 37 | 28, "{out}");
    assert_eq!(got["XR1"], 1, "{out}");
    assert_eq!(got["XR2"], 3, "{out}");
    assert!(out.contains("HALT instruction"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn simh_runs_the_sum_example() {
    let (src, file) = testdata("sum.fap");
    let p = fap::assemble(&src, &file).unwrap();
    let dir = scratch("sum");
    let cmds = format!("go\nexamine AC\nexamine {:o}\n", p.symbol("SUM").unwrap());
    let out = simh(&dir, &p.object_deck(), &cmds);
    let got = examined(&out);
    assert_eq!(got["AC"], 55, "{out}");
    assert_eq!(got[&format!("{:o}", p.symbol("SUM").unwrap())], 55, "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn simh_runs_a_period_style_subroutine() {
    // TSX linkage, SXA / AXT ** save and restore, TRA 1,4 return, sequence numbers in 73-80.
    let (src, file) = testdata("maxtab.fap");
    let p = fap::assemble(&src, &file).unwrap();
    let dir = scratch("maxtab");
    let names = ["BIG", "WHERE", "CALLS"];
    let mut cmds = String::from("go\nexamine AC\nexamine XR2\nexamine XR4\n");
    for n in names {
        cmds.push_str(&format!("examine {:o}\n", p.symbol(n).unwrap()));
    }
    let out = simh(&dir, &p.object_deck(), &cmds);
    let got = examined(&out);
    let at = |n: &str| got[&format!("{:o}", p.symbol(n).unwrap())];
    // The table 17,-40,5,62,93,0,-93,12: the largest is 93, at position 4.
    assert_eq!(at("BIG"), 93, "{out}");
    assert_eq!(at("WHERE"), 4 << 18, "{out}");
    assert_eq!(at("CALLS"), 2, "{out}");
    assert_eq!(got["AC"], 93, "{out}");
    assert_eq!(got["XR2"], 0, "{out}");
    // XR C holds the 2's complement of the second TSX's location (BEGIN+2).
    let second_tsx = p.symbol("BEGIN").unwrap() as u64 + 2;
    assert_eq!(got["XR4"], 0o100000 - second_tsx, "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn simh_loads_words_at_both_ends_of_the_store() {
    // Origins far apart, a gap, the last word of the store, a start that is not the first word.
    let src = "       ORG    0\n       OCT    1,2\n       ORG    32766\nGO     OCT    -3\n       OCT    777777777777\n       ORG    5000\n       BCI    1,END\n       END    GO\n";
    let p = fap::assemble(src, "ends.fap").unwrap();
    let dir = scratch("ends");
    let cmds = "examine PC\nexamine 0-3\nexamine 11610\nexamine 77776-77777\n";
    let out = simh(&dir, &p.object_deck(), cmds);
    let got = examined(&out);
    assert_eq!(got["PC"], 0o77776, "{out}");
    let expect = [
        ("0", 1),
        ("1", 2),
        ("2", 0),
        ("3", 0),
        ("11610", 0o254524606060),
        ("77776", 1 << 35 | 3),
        ("77777", 0o777777777777),
    ];
    for (a, w) in expect {
        assert_eq!(got.get(a), Some(&w), "{a}\n{out}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn simh_floating_point_agrees_with_dec_constants() {
    // DEC's floating-point words checked through SIMH's floating-point unit: each exactly
    // representable sum, product and quotient, computed by FAD, FMP and FDP from DEC
    // constants, must be the word DEC gives for the result.
    let cases = [
        ("FAD", "1.5", "2.25", "3.75"),
        ("FAD", "100.", ".5", "100.5"),
        ("FAD", "-2.5", "1.0", "-1.5"),
        ("FAD", "1E3", "24.", "1024."),
        ("FMP", "3.5", "2.", "7."),
        ("FMP", "-2.5", "4.", "-10."),
        ("FMP", ".125", "8E1", "1E1"),
        ("FDP", "1.", "4.", ".25"),
        ("FDP", "-9.", "3.", "-3."),
    ];
    let mut src = String::from("       ORG    64\n");
    for (k, (op, a, b, _)) in cases.iter().enumerate() {
        match *op {
            "FAD" => src.push_str(&format!(
                "       CLA    ={a}\n       FAD    ={b}\n       STO    R{k}\n"
            )),
            "FMP" => src.push_str(&format!(
                "       LDQ    ={a}\n       FMP    ={b}\n       STO    R{k}\n"
            )),
            _ => src.push_str(&format!(
                "       CLA    ={a}\n       FDP    ={b}\n       STQ    R{k}\n"
            )),
        }
    }
    src.push_str("       HTR    *\n");
    for (k, (.., r)) in cases.iter().enumerate() {
        src.push_str(&format!("R{k:<5} PZE\nE{k:<5} DEC    {r}\n"));
    }
    src.push_str("       END    64\n");
    let p = fap::assemble(&src, "float.fap").unwrap_or_else(|d| panic!("{d}\n{src}"));
    let dir = scratch("float");
    let mut cmds = String::from("go\n");
    for k in 0..cases.len() {
        cmds.push_str(&format!(
            "examine {:o}\n",
            p.symbol(&format!("R{k}")).unwrap()
        ));
    }
    let out = simh(&dir, &p.object_deck(), &cmds);
    let got = examined(&out);
    for (k, case) in cases.iter().enumerate() {
        let r = p.symbol(&format!("R{k}")).unwrap();
        let e = p.symbol(&format!("E{k}")).unwrap() as u16;
        assert_eq!(
            got.get(&format!("{r:o}")),
            Some(&p.words[&e]),
            "{case:?}\n{out}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
