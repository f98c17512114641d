//! The FAP assembler's floating-point `DEC` words are the words the emulator's floating-point
//! unit works with: sums, differences, products and quotients of exactly representable
//! numbers, computed by FAD/FSB/FMP/FDP (`emu::ibm7090::float`), are the words `DEC` makes
//! of the exact results; and a program assembled from `DEC` constants computes them on the
//! machine. FAP rounds a decimal fraction to nearest; 9AP converts through the 709's own
//! floating point (`float::dec_9ap`), which agrees on every exact value.

use assembler::fap;
use assembler::ibm7090::data::dec_word;
use emu::ibm7090::arith::ac_from_word;
use emu::ibm7090::float;
use emu::ibm7090::{Limits, Machine, Stop};

fn dec(text: &str) -> u64 {
    dec_word(text).unwrap_or_else(|e| panic!("DEC {text}: {e:?}"))
}

/// The AC as a word (sign and bits 1-35), as STO stores it.
fn word(ac: u64) -> u64 {
    emu::ibm7090::arith::word_from_ac(ac)
}

/// Numbers whose sums, differences and products (and these quotients) are exact in 27 bits.
const VALUES: [f64; 14] = [
    1.0, 2.0, 3.0, 0.5, 0.25, 1.5, 2.25, 7.0, -3.0, -0.75, 10.0, 100.0, 1024.0, -6.5,
];

fn text(v: f64) -> String {
    format!("{v:?}")
}

#[test]
fn dec_words_are_what_the_floating_point_unit_computes_with() {
    for a in VALUES {
        for b in VALUES {
            let (x, y) = (dec(&text(a)), dec(&text(b)));
            let fad = float::add(ac_from_word(x), y, true);
            assert_eq!(fad.spill, 0);
            let sum = a + b;
            // A zero sum is +0 or -0 by the AC's sign; DEC writes +0.
            if sum != 0.0 {
                assert_eq!(word(fad.ac), dec(&text(sum)), "FAD {a} + {b}");
            } else {
                assert_eq!(fad.ac & !(1 << 37), 0, "FAD {a} + {b}");
            }
            let fsb = float::add(ac_from_word(x), y ^ 1 << 35, true);
            if a - b != 0.0 {
                assert_eq!(word(fsb.ac), dec(&text(a - b)), "FSB {a} - {b}");
            }
            let fmp = float::multiply(x, y, true);
            assert_eq!(word(fmp.ac), dec(&text(a * b)), "FMP {a} * {b}");
            // Quotients exact in 27 bits: by powers of two, and 3 / 1.5 and the like.
            let q = a / b;
            if (q * 1024.0).fract() == 0.0 && q.abs() < 1e6 {
                let fdp = float::divide(ac_from_word(x), y);
                assert!(!fdp.divide_check, "FDP {a} / {b}");
                assert_eq!(fdp.mq, dec(&text(q)), "FDP {a} / {b}");
            }
        }
    }
}

#[test]
fn fap_and_9ap_agree_on_exact_values() {
    // 9AP's method (the 709's FAD/FMP/FDP with their MQ parts) against FAP's rounding: the
    // same words where the value is exact (n = digits, k = power of ten).
    for (field, n, k) in [
        ("1.0", 10, -1),
        ("-3.0", 30, -1),
        ("7.0", 70, -1),
        ("4.095E3", 4095, 0),
        ("-6.4E1", 64, 0),
        ("196.0", 1960, -1),
        ("997.0", 9970, -1),
        ("2.87647E5", 287647, 0),
    ] {
        let negative = field.starts_with('-');
        assert_eq!(
            float::dec_9ap(negative, n, k),
            Ok(dec(field)),
            "DEC {field}"
        );
    }
    // A decimal fraction: FAP rounds to nearest, 9AP truncates through the 709's divides
    // (9AP's DEC, 9AP5 1568-1606: 6.324E-19 is 104565233127, the truncated value 130).
    assert_eq!(float::dec_9ap(false, 6324, -22), Ok(0o104565233127));
    assert_eq!(dec("6.324E-19"), 0o104565233130);
}

#[test]
fn a_program_of_dec_constants_computes_on_the_machine() {
    let source: String = [
        ("", "ORG", "64"),
        ("START", "CLA", "A"),
        ("", "FAD", "B"),
        ("", "STO", "SUM"),
        ("", "LDQ", "A"),
        ("", "FMP", "B"),
        ("", "STO", "PROD"),
        ("", "CLA", "PROD"),
        ("", "FDP", "B"),
        ("", "STQ", "QUOT"),
        ("", "HPR", ""),
        ("A", "DEC", "1.5"),
        ("B", "DEC", "-2.25"),
        ("SUM", "PZE", ""),
        ("PROD", "PZE", ""),
        ("QUOT", "PZE", ""),
        ("", "END", "START"),
    ]
    .iter()
    .map(|(label, op, operand)| format!("{label:<6} {op:<7} {operand}\n"))
    .collect();
    let p = fap::assemble(&source, "float.fap").unwrap_or_else(|d| panic!("{d}"));
    let mut m = Machine::new();
    for (&a, &w) in &p.words {
        m.mem_mut()[a as usize] = w;
    }
    m.ic = 64;
    assert!(matches!(
        m.run(Limits::instructions(100)),
        Stop::HaltProceed { .. }
    ));
    let at = |name: &str| m.mem()[p.symbols[name].value as usize];
    assert_eq!(at("SUM"), dec("-0.75"));
    assert_eq!(at("PROD"), dec("-3.375"));
    assert_eq!(at("QUOT"), dec("1.5"));
}
