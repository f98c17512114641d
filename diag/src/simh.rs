//! The SIMH command file that boots a deck in SIMH's `i7094` (`set cpu 7090`), as
//! `tests/simh_diags.rs` does: Debian's SIMH 3.8.1 `boot cdr` puts its LOAD CARDS words one
//! octal digit too far left (the boot halts at 01322), so the file deposits the five words of
//! LOAD CARDS at 01000-01004 itself and starts there (docs/diagnostics.md, "The SIMH
//! comparison"). With a diagnostic's row it also sets the write-up's switches, plays the
//! operator's script (`c` at each stop, the keys first where the script sets them) and breaks
//! on the call for the next program, where SIMH would otherwise run on past the empty hopper.

use crate::table::{Action, Diagnostic, Halt};

/// LOAD CARDS as the 7090 performs it: RCDA; RCHA 1004; LCHA 0; TTR 1; IOCT 0,,3 (three
/// words into 0-2, then the transfer to 1).
pub const LOAD_CARDS: [(u16, u64); 5] = [
    (0o1000, 0o076200001321),
    (0o1001, 0o054000001004),
    (0o1002, 0o054400000000),
    (0o1003, 0o002100000001),
    (0o1004, 0o500003000000),
];

/// What the command file boots and how.
#[derive(Clone, Debug)]
pub struct Boot<'a> {
    /// The column-binary deck, as `att -c cdr` names it (relative to where `i7094` runs).
    pub deck: &'a str,
    /// Where the printer's lines go.
    pub printer: &'a str,
    /// Sense switches down (bit n-1 for switch n).
    pub switches: u8,
    /// The entry keys at the start.
    pub keys: u64,
    /// The diagnostic's row: its script and its end (None: just run to the first stop).
    pub row: Option<&'a Diagnostic>,
    /// What made the file, for its heading comment.
    pub made_by: &'a str,
}

/// The command file's text: `i7094 FILE` runs it and ends SIMH at the program's end.
pub fn command_file(b: &Boot) -> String {
    let mut ini = format!(
        "; {}\n; Boots {} in SIMH's i7094: i7094 THIS-FILE (Debian's simh package).\n\
         ; LOAD CARDS by hand (RCDA; RCHA 1004; LCHA 0; TTR 1; IOCT 0,,3): `boot cdr` of\n\
         ; Debian's SIMH 3.8.1 puts these words one octal digit too far left.\n\
         set cpu 7090\n",
        b.made_by, b.deck
    );
    for (a, w) in LOAD_CARDS {
        ini += &format!("d {a:o} {w:012o}\n");
    }
    for n in 1..=6 {
        ini += &format!("d SS{n} {}\n", b.switches >> (n - 1) & 1);
    }
    ini += &format!(
        "d KEYS {:012o}\natt -c cdr {}\natt lpt {}\n",
        b.keys, b.deck, b.printer
    );
    if let Some(d) = b.row.filter(|d| d.end.halt == Halt::ReaderEmpty) {
        ini += &format!(
            "; The program calls for the next one at {:05o}; SIMH's reader would run on.\n\
             br {:o}\n",
            d.end.from, d.end.from
        );
    }
    ini += "d PC 1000\ngo\n";
    for step in b
        .row
        .iter()
        .flat_map(|d| d.script.iter())
        .filter(|s| b.switches & s.when == s.when)
    {
        ini += &format!("; the operator at {:05o}\n", step.stop.from);
        if let Action::KeysStart(k) = step.action {
            ini += &format!("d KEYS {k:012o}\n");
        }
        ini += "c\n";
    }
    ini += "ex PC\nex AC\nquit\n";
    ini
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_loads_the_deck_by_hand_and_breaks_at_the_end() {
        let d = crate::find("9m04a").unwrap();
        let ini = command_file(&Boot {
            deck: "9m04a.cbn",
            printer: "9m04a.lpt",
            switches: d.switches,
            keys: 0,
            row: Some(d),
            made_by: "test",
        });
        assert!(ini.contains("d 1000 076200001321\n"), "{ini}");
        assert!(ini.contains("att -c cdr 9m04a.cbn\n"), "{ini}");
        assert!(ini.contains("br 4265\n"), "{ini}");
        assert!(
            ini.ends_with("d PC 1000\ngo\nex PC\nex AC\nquit\n"),
            "{ini}"
        );
    }
}
