//! The seven diagnostics of ../shared/diags run to their normal stops with the write-ups'
//! clean-run switches (docs/diagnostics.md); a patched deck ends on a known error stop.

use diag::{self, Options, Verdict};

fn prepared(name: &str) -> diag::Prepared {
    diag::prepare(&diag::shared_dir().join(format!("{name}.asm"))).unwrap()
}

#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/diags beside the checkout; CI has it"
)]
fn all_seven_reach_their_normal_stops() {
    let mut failed = Vec::new();
    for d in diag::DIAGNOSTICS {
        let r = prepared(d.name).run(&Options::default()).unwrap();
        println!(
            "{}: {:?} {} at {:?} ({}); {} instructions, {} cycles, {} cards",
            r.diagnostic,
            r.verdict,
            r.stop.reason,
            r.stop.address,
            r.stop.meaning,
            r.instructions,
            r.cycles,
            r.cards_read
        );
        if r.verdict != Verdict::Normal {
            failed.push((d.name, r.stop.message.clone(), r.registers.clone()));
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

/// A fault put into 9M04A's deck: its first test's transfer on success (`TRA TX2` at A1A+5,
/// 9m04a.asm:23) goes to the error call `TX1 TSX ERROR,4` instead. With switch 3 down the
/// 9DEPR stand-in halts at 06517, XRC holding the 2's complement of TX1.
#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/diags beside the checkout; CI has it"
)]
fn a_failing_test_ends_on_the_error_halt() {
    let mut p = prepared("9m04a");
    let a1a = p.program.symbol("A1A").unwrap() as u16;
    let tx1 = p.program.symbol("TX1").unwrap() as u16;
    assert!(p.patch(a1a + 5, 0o002000000000 | u64::from(tx1)));
    let r = p
        .run(&Options {
            switches: Some(0b100),
            ..Options::default()
        })
        .unwrap();
    assert_eq!(r.verdict, Verdict::Error, "{:?}", r.stop);
    assert_eq!(r.stop.address.as_deref(), Some("06517"));
    assert_eq!(r.stop.number.as_deref(), Some("6517"));
    assert_eq!(
        r.registers.xr4,
        format!("{:05o}", (0o100000 - tx1) & 0o77777)
    );
    // Switch 3 up: the stand-in prints its line and the run, though it reaches the end, is
    // an error run.
    let r = p
        .run(&Options {
            switches: Some(0),
            ..Options::default()
        })
        .unwrap();
    assert_eq!(r.verdict, Verdict::Error, "{:?}", r.printed);
    assert_eq!(r.stop.kind, "normal");
    assert!(r.depr_errors > 0, "{:?}", r.printed);
    // Switch 2 down bypasses errors: the run ends normally.
    let r = p
        .run(&Options {
            switches: Some(0b110),
            ..Options::default()
        })
        .unwrap();
    assert_eq!(r.verdict, Verdict::Normal, "{:?}", r.stop);
}

/// The write-up's forced print-out (9M08A switch 6) halts at 01400, an error stop by its table;
/// a cycle budget too small is a budget stop.
#[test]
#[cfg_attr(
    not(has_shared),
    ignore = "needs ../shared/diags beside the checkout; CI has it"
)]
fn forced_print_and_budget() {
    let p = prepared("9m08a");
    let r = p
        .run(&Options {
            switches: Some(0b100100),
            ..Options::default()
        })
        .unwrap();
    assert_eq!(r.verdict, Verdict::Error);
    assert_eq!(r.stop.number.as_deref(), Some("1400"));
    assert!(r.printed.iter().any(|l| l.contains("FAD ERROR OCCURED")));
    let r = p
        .run(&Options {
            limit_cycles: Some(10_000),
            ..Options::default()
        })
        .unwrap();
    assert_eq!(r.verdict, Verdict::Budget);
    assert_eq!(r.verdict.exit_code(), 3);
}
