//! The seven diagnostics of ../shared/diags run to their normal stops with the write-ups'
//! clean-run switches (docs/diagnostics.md); a patched deck ends on a known error stop.

use programs::diag::{self, Options, Verdict};

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
