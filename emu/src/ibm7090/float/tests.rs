use super::*;
use proptest::prelude::*;

const S: u64 = SIGN;

/// A word from sign, characteristic and fraction.
fn fw(negative: bool, ch: u64, fr: u64) -> u64 {
    (if negative { S } else { 0 }) | ch << 27 | fr
}

/// The obviously-correct model: numbers as signed integers of fraction units at a
/// characteristic, the 709's steps written as integer arithmetic with loops, no bit
/// tricks. Returns (AC, MQ, spill) for FAD/UFA.
fn model_add(ac: u64, word: u64, normalize: bool) -> (u64, u64, u8) {
    let ac_ch = ((ac >> 27) & 0o1777) as i64;
    let w_ch = ((word >> 27) & 0o377) as i64;
    let mut ac_neg = ac & AC_S != 0;
    let w_neg = word & S != 0;
    let ac_f = (ac & FRACTION) as i128;
    let w_f = (word & FRACTION) as i128;
    // The operand with the larger characteristic decides the scale; the other's
    // fraction, in units of 2^-54, is divided by 2^d and truncated (the bits shifted
    // out of the MQ are lost), or lost altogether beyond 63 places.
    let (big, small, ch) = if ac_ch > w_ch {
        if ac & AC_P != 0 {
            ac_neg = true;
        }
        let ch = ac_ch % 256;
        ((ac_neg, ac_f), (w_neg, w_f, ch - w_ch), ch)
    } else {
        ((w_neg, w_f), (ac_neg, ac_f, w_ch - ac_ch), w_ch)
    };
    let scaled_big = big.1 * (1i128 << 27);
    let scaled_small = if small.2 < 0 || small.2 > 63 {
        0
    } else {
        (small.1 * (1i128 << 27)) / (1i128 << small.2)
    };
    let value_big = if big.0 { -scaled_big } else { scaled_big };
    let value_small = if small.0 { -scaled_small } else { scaled_small };
    let sum = value_big + value_small;
    let mut negative = if sum == 0 {
        // Equal magnitudes: the smaller-characteristic operand's sign when signs differ.
        if big.0 != small.0 {
            small.0
        } else {
            big.0
        }
    } else {
        sum < 0
    };
    if big.0 == small.0 {
        negative = big.0;
    }
    let mut m = sum.abs();
    let mut ch = ch;
    while m >= 1 << 54 {
        m /= 2;
        ch += 1;
    }
    let mut mq_ch = ch - 27;
    if normalize {
        if m == 0 {
            ch = 0;
            mq_ch = 0;
        } else {
            while m < 1 << 53 {
                m *= 2;
                ch -= 1;
            }
            mq_ch = ch - 27;
        }
    }
    model_pack(negative, ch, m as u64, negative, mq_ch)
}

fn model_pack(negative: bool, ch: i64, m: u64, mq_negative: bool, mq_ch: i64) -> (u64, u64, u8) {
    let wrap = |c: i64, modulus: i64| c.rem_euclid(modulus) as u64;
    let ac = (if negative { AC_S } else { 0 }) | wrap(ch, 1024) << 27 | (m >> 27);
    let mq = (if mq_negative { S } else { 0 }) | wrap(mq_ch, 256) << 27 | (m % (1 << 27));
    let mut spill = 0;
    if ch > 255 {
        spill |= spill::OVERFLOW | spill::AC;
    } else if ch < 0 {
        spill |= spill::AC;
    }
    if mq_ch > 255 {
        spill |= spill::OVERFLOW | spill::MQ;
    } else if mq_ch < 0 {
        spill |= spill::MQ;
    }
    (ac, mq, spill)
}

/// FMP/UFM in the model: the integer product of the fractions.
fn model_multiply(mq: u64, word: u64, normalize: bool) -> (u64, u64, u8) {
    let negative = (mq ^ word) & S != 0;
    let (a_ch, b_ch) = (((mq >> 27) & 0o377) as i64, ((word >> 27) & 0o377) as i64);
    if word & !S == 0 {
        return model_pack(negative, 0, 0, negative, 0);
    }
    let mut m = (mq & FRACTION) * (word & FRACTION);
    let mut ch = a_ch + b_ch - 128;
    let mut mq_ch = ch - 27;
    if normalize {
        if m < 1 << 53 {
            m *= 2;
            ch -= 1;
        }
        if m < 1 << 27 {
            ch = 0;
            mq_ch = 0;
        } else {
            mq_ch = ch - 27;
        }
    }
    model_pack(negative, ch, m, negative, mq_ch)
}

/// FDP in the model: long division of fractions, characteristics by subtraction.
fn model_divide(ac: u64, word: u64) -> Option<(u64, u64, u8)> {
    let a = (ac & FRACTION) as u128;
    let b = (word & FRACTION) as u128;
    let q_neg = (ac & AC_S != 0) != (word & S != 0);
    if a >= 2 * b {
        return None;
    }
    let sign = if q_neg { S } else { 0 };
    if a == 0 {
        return Some((0, sign, 0));
    }
    let mut ch = ((ac >> 27) & 0o377) as i64;
    let mut dividend = a << 27;
    if a >= b {
        dividend /= 2;
        ch += 1;
    }
    let q = dividend / b;
    let rem = dividend - q * b;
    let mq_ch = ch - ((word >> 27) & 0o377) as i64 + 128;
    let (acw, mqw, spill) = model_pack(
        ac & AC_S != 0,
        ch - 27,
        ((rem << 27) | q) as u64,
        q_neg,
        mq_ch,
    );
    Some((acw, mqw, if spill != 0 { spill | spill::DIVIDE } else { 0 }))
}

/// Floating-point words with the interesting cases common: zeros of both signs, normal
/// and unnormal fractions, characteristics at the ends and near each other.
fn fword() -> impl Strategy<Value = u64> {
    let ch = prop_oneof![0u64..=0o377, 0u64..4, 0o374u64..=0o377, 0o176u64..0o204,];
    let fr = prop_oneof![
        (1u64 << 26)..(1 << 27),
        0u64..(1 << 27),
        Just(0u64),
        0u64..64,
        Just(FRACTION),
    ];
    prop_oneof![
        Just(0u64),
        Just(S),
        (any::<bool>(), ch, fr).prop_map(|(n, c, f)| fw(n, c, f)),
    ]
}

/// AC values: words, sometimes with Q and P set.
fn fac() -> impl Strategy<Value = u64> {
    (fword(), 0u64..4, 0u32..8).prop_map(|(w, qp, p)| {
        let ac = arith::ac_from_word(w);
        if p == 0 {
            ac | qp << 35
        } else {
            ac
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn add_matches_the_model(ac in fac(), w in fword(), normalize in any::<bool>()) {
        let o = add(ac, w, normalize);
        prop_assert_eq!((o.ac, o.mq, o.spill), model_add(ac, w, normalize));
        let bounds = if normalize { 6..=18 } else { 5..=12 };
        prop_assert!(bounds.contains(&o.cycles));
    }

    #[test]
    fn multiply_matches_the_model(mq in fword(), w in fword(), normalize in any::<bool>()) {
        let o = multiply(mq, w, normalize);
        prop_assert_eq!((o.ac, o.mq, o.spill), model_multiply(mq, w, normalize));
        prop_assert!((2..=13).contains(&o.cycles));
    }

    #[test]
    fn divide_matches_the_model(ac in fac(), w in fword()) {
        let o = divide(ac, w);
        match model_divide(ac, w) {
            None => {
                prop_assert!(o.divide_check);
                prop_assert_eq!(o.ac, ac);
                prop_assert_eq!(o.mq, if (ac & AC_S != 0) != (w & S != 0) { S } else { 0 });
                prop_assert_eq!(o.cycles, 3);
            }
            Some(r) => {
                prop_assert!(!o.divide_check);
                prop_assert_eq!((o.ac, o.mq, o.spill), r);
            }
        }
    }

    #[test]
    fn round_adds_one_by_mq9(ac in fac(), mq in fword()) {
        let (r, spill) = round(ac, mq);
        if mq & MQ9 == 0 {
            prop_assert_eq!((r, spill), (ac, 0));
        } else {
            // Fraction + 1 with the carry into the characteristic, as one number.
            let f = (ac & FRACTION) + 1;
            let (ch, f) = if f == 1 << 27 {
                (((ac >> 27) & 0o1777) + 1, f >> 1)
            } else {
                ((ac >> 27) & 0o1777, f)
            };
            prop_assert_eq!(r, (ac & AC_S) | (ch & 0o1777) << 27 | f);
            let overflow = f == 1 << 26 && ch == 0o400 && (ac & FRACTION) == FRACTION;
            prop_assert_eq!(spill != 0, overflow);
        }
    }

    /// The model's sum is the exact sum when nothing is shifted out: FAD of two normal
    /// numbers at nearby characteristics is the exact value, renormalized.
    #[test]
    fn add_is_exact_when_nothing_is_lost(a in (1u64 << 26)..(1 << 27), b in (1u64 << 26)..(1 << 27),
                                         ch in 0o100u64..0o300, d in 0u64..20, na in any::<bool>(), nb in any::<bool>()) {
        let x = fw(na, ch + d, a);
        let y = fw(nb, ch, b);
        let o = add(arith::ac_from_word(x), y, true);
        let value = |w: u64| -> f64 {
            let f = (w & FRACTION) as f64 / (1u64 << 27) as f64;
            let e = ((w >> 27) & 0o377) as i32 - 128;
            let v = f * 2f64.powi(e);
            if w & S != 0 { -v } else { v }
        };
        let got = value(arith::word_from_ac(o.ac)) + value(o.mq);
        let want = value(x) + value(y);
        prop_assert!((got - want).abs() <= want.abs() * 1e-15 + f64::MIN_POSITIVE);
    }
}

#[test]
fn hand_cases() {
    let one = fw(false, 0o201, 1 << 26);
    let two = fw(false, 0o202, 1 << 26);
    // 1 + 1 = 2; MQ characteristic 202 - 33 (octal) = 147.
    let o = add(arith::ac_from_word(one), one, true);
    assert_eq!((o.ac, o.mq, o.spill), (two, 0o147 << 27, 0));
    // 2 - 1 = 1.
    let o = add(arith::ac_from_word(two), one ^ S, true);
    assert_eq!(o.ac, one);
    // 1 - 1 = +0 with characteristic 0 (FAD), and characteristic kept (UFA).
    let o = add(arith::ac_from_word(one), one ^ S, true);
    assert_eq!((o.ac, o.mq), (0, 0));
    let o = add(arith::ac_from_word(one), one ^ S, false);
    assert_eq!((o.ac, o.mq), (0o201 << 27, 0o146 << 27));
    // -1 + 1: equal magnitudes, the sign of the operand with the smaller (here equal)
    // characteristic, the AC's.
    let o = add(arith::ac_from_word(one ^ S), one, true);
    assert_eq!(o.ac, AC_S);
    // SIMH 3.8.1 run: FAD of 377 400000000 to itself: AC characteristic 400
    // in Q,P,1-8, MQ 345 000000000, code 06 (AC overflow).
    let big = fw(false, 0o377, 1 << 26);
    let o = add(arith::ac_from_word(big), big, true);
    assert_eq!(o.ac, 0o400 << 27 | 1 << 26);
    assert_eq!(o.mq, 0o345 << 27);
    assert_eq!(o.spill, 0o6);
    // Underflow of the MQ only: characteristic 30 - 33 < 0, code 01.
    let small = fw(false, 0o30, 1 << 26);
    let o = add(arith::ac_from_word(small), small, true);
    assert_eq!(o.spill, spill::MQ);
    // SIMH run: MQ = 200 000000000, UFM of 377 000000000: AC = 377 000000000, MQ = 344
    // 000000000, no trap (the CE manual would give zeros).
    let o = multiply(0o200 << 27, 0o377 << 27, false);
    assert_eq!((o.ac, o.mq, o.spill), (0o377 << 27, 0o344 << 27, 0));
    // FMP 1 x 1 = 1 (the product .25 normalized).
    let o = multiply(one, one, true);
    assert_eq!((o.ac, o.mq, o.spill), (one, 0o146 << 27, 0));
    // FMP by a normal zero: signed zeros.
    let o = multiply(one ^ S, 0, true);
    assert_eq!((o.ac, o.mq, o.cycles), (AC_S, S, 2));
    // FDP 1 / 2 = .5: quotient 200 400000000; the dividend's fraction, not less than the
    // divisor's, was shifted right (characteristic 202), so the remainder 0 has 202 - 33.
    let o = divide(arith::ac_from_word(one), two);
    assert_eq!(
        (o.mq, o.ac, o.spill),
        (fw(false, 0o200, 1 << 26), 0o147 << 27, 0)
    );
    // Divide check: 1 / 0.
    let o = divide(arith::ac_from_word(one), 0);
    assert!(o.divide_check);
    assert_eq!((o.ac, o.mq, o.cycles), (arith::ac_from_word(one), 0, 3));
    // FRN: 9M10A's fixed-point AC X with the TSX word in the MQ (bit 9 set) gives X + 1.
    let (ac, spill) = round(0o26, 0o007400400013);
    assert_eq!((ac, spill), (0o27, 0));
    // FRN carrying out of the fraction at characteristic 377: code 06.
    let (ac, spill) = round(0o377 << 27 | FRACTION, MQ9);
    assert_eq!((ac, spill), (0o400 << 27 | 1 << 26, 0o6));
}

#[test]
fn spill_codes_are_ce_142s() {
    // Every code of the CE manual's table [CE-142], from operands that produce it.
    let n = |ch: u64| fw(false, ch, 1 << 26);
    let ac = |ch: u64| arith::ac_from_word(n(ch));
    for (code, got, what) in [
        (
            0o01,
            add(ac(0o30), n(0o30), true).spill,
            "add: MQ underflow",
        ),
        (
            0o03,
            multiply(n(0o10), n(0o10), true).spill,
            "multiply: both under",
        ),
        (
            0o06,
            round(ac(0o377) | FRACTION, MQ9).1,
            "round: AC overflow",
        ),
        (
            0o07,
            multiply(n(0o377), n(0o377), true).spill,
            "both overflow",
        ),
        (
            0o11,
            divide(ac(0o40), n(0o377)).spill,
            "divide: MQ underflow",
        ),
        (
            0o12,
            divide(ac(0o12), n(0o12)).spill,
            "divide: AC underflow",
        ),
        (0o13, divide(ac(0o30), n(0o377)).spill, "divide: both under"),
        (0o15, divide(ac(0o377), n(0o1)).spill, "divide: MQ overflow"),
    ] {
        assert_eq!(got, code, "{what}");
    }
}

#[test]
fn fad_cycles_follow_9m08a() {
    let one = fw(false, 0o201, 1 << 26);
    // Equal characteristics, a carry (1 + 1): I, E, steps 1-4, step 5 with no shift.
    assert_eq!(add(arith::ac_from_word(one), one, true).cycles, 7);
    // A zero result ends after step 4.
    assert_eq!(add(arith::ac_from_word(one), one ^ S, true).cycles, 6);
    // UFA ends after step 3.
    assert_eq!(add(arith::ac_from_word(one), one, false).cycles, 5);
    // Alignment: 12 places take two L (a full 12, then the rest 0), 10 places two (an even
    // rest), 11 places one, 13 places two.
    for (d, align) in [(12, 2), (10, 2), (11, 1), (13, 2), (24, 3), (0o100, 1)] {
        let x = fw(false, 0o201 + d, 1 << 26);
        let o = add(arith::ac_from_word(one), x, false);
        assert_eq!(o.cycles, 2 + 1 + align + 1, "difference {d}");
    }
    // Normalizing: 3 places (odd) one L, 2 places (even) two, 14 places two.
    for (shifts, l) in [(3u32, 1), (2, 2), (14, 3), (13, 2)] {
        let x = fw(false, 0o201, 1 << 26);
        let y = fw(true, 0o201, (1 << 26) - (1 << (26 - shifts)));
        let o = add(arith::ac_from_word(x), y, true);
        assert_eq!(o.ac & FRACTION, 1 << 26);
        assert_eq!(o.ac >> 27, 0o201 - u64::from(shifts), "{shifts}");
        assert_eq!(o.cycles, 2 + 1 + 1 + 1 + 1 + l, "{shifts} shifts");
    }
    // UFA needing step 4: unlike signs, the larger-characteristic fraction larger, and
    // bits of the smaller in the MQ half.
    let x = fw(false, 0o202, 1 << 26 | 1);
    let y = fw(true, 0o201, 3 << 25 | 1);
    assert_eq!(
        add(arith::ac_from_word(y), x, false).cycles,
        2 + 1 + 1 + 1 + 1
    );
}

#[test]
fn powers_of_ten_are_9aps_table() {
    // Words of 9AP's table (9ap.src, 9AP5 106-117): P(12) = 5^12 2^-23 is a tie, rounded
    // up.
    assert_eq!(power_of_ten(1), 0o141500000000);
    assert_eq!(power_of_ten(2), 0o144620000000);
    assert_eq!(power_of_ten(10), 0o177452013710);
    assert_eq!(power_of_ten(11), 0o202564416672);
    assert_eq!(power_of_ten(12), 0o205721522451);
    assert_eq!(power_of_ten(38), 0o334454732313);
    assert_eq!(power_of_ten(48), 0o375536246150);
}

/// Parse a `DEC` field the way 9AP counts it (digits, `.`, `E`), for the test vectors.
fn dec(field: &str) -> u64 {
    let (negative, body) = match field.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, field),
    };
    let (mantissa, e) = body.split_once('E').unwrap_or((body, "0"));
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let n: u64 = format!("{int}{frac}").parse().unwrap();
    let k = e.parse::<i32>().unwrap() - frac.len() as i32;
    dec_9ap(negative, n, k).unwrap()
}

#[test]
fn dec_follows_9ap() {
    // Every floating DEC field of the diagnostics with the word 9AP punched
    // (the words 9AP itself punched in SIMH; assembler/tests/ap9_diags.rs).
    let vectors = [
        ("1.0", 0o201400000000u64),
        ("2.0", 0o202400000000),
        ("-3.0", 0o602600000000),
        ("4.0", 0o203400000000),
        ("8.0", 0o204400000000),
        ("-12.0", 0o604600000000),
        ("4.095E3", 0o214777700000),
        ("6.324E-19", 0o104565233127),
        ("2.99764E5", 0o223444572000),
        ("-6.4E1", 0o607400000000),
        ("7.05", 0o203703146314),
        ("7.0", 0o203700000000),
        ("16.0", 0o205400000000),
        ("-4.095E3", 0o614777700000),
        ("6.282", 0o203622030446),
        ("2.87647E5", 0o223430717400),
        ("-3.2E1", 0o606400000000),
        ("3.0", 0o202600000000),
        ("7.04", 0o203702436560),
        ("-1.0", 0o601400000000),
        ("6.0", 0o203600000000),
        ("-40.0", 0o606500000000),
        ("196.0", 0o210610000000),
        ("14.0", 0o204700000000),
        ("-10.0", 0o604500000000),
        ("10.0", 0o204500000000),
        ("-144.0", 0o610440000000),
        ("676.0", 0o212522000000),
        ("26.0", 0o205640000000),
        ("-18.0", 0o605440000000),
        ("5.0", 0o203500000000),
        ("11.0", 0o204540000000),
        ("13.0", 0o204640000000),
        ("17.0", 0o205420000000),
        ("19.0", 0o205460000000),
        ("23.0", 0o205560000000),
        ("29.0", 0o205720000000),
        ("97.0", 0o207604000000),
        ("997.0", 0o212762400000),
    ];
    for (field, want) in vectors {
        assert_eq!(dec(field), want, "DEC {field}: {:012o}", dec(field));
    }
    assert_eq!(dec_9ap(false, 1, 39), Err(DecError::Exponent));
    assert_eq!(dec_9ap(false, 1, -49), Err(DecError::Exponent));
}
