//! IBM's FAP as the judge of ours on every chess program of the registry: the program's FAP
//! source as our assembler reads it (core.fap, initia.fap and its own file) goes to IBM's FAP
//! under IBSYS in SIMH's `i7094` as a `$EXECUTE IBSFAP` job, and every word IBM's listing shows
//! (location and word: instructions, BCI, DEC, OCT, VFD and the literal pool) must equal the
//! word our assembly puts there, and our assembly must place no word the listing does not
//! show. The run and the listing's reading are `tests/common/ibsys.rs`, shared with `fap_ibm`.
//! The figures are in docs/assembler.md, "IBM's FAP as the judge".

mod common;

use std::collections::BTreeMap;

use chess::emulated::{chess_parts, joined};
use chess::registry::PLAYERS;
use common::ibsys;

/// What the judge found for one program.
struct Judged {
    name: &'static str,
    /// The words IBM's listing shows.
    compared: usize,
    /// (location, IBM's word, ours) where they differ or only one of the two has a word.
    differences: Vec<(u16, Option<u64>, Option<u64>)>,
    /// IBM's closing line, the cards it flagged (`F END START`), and the listing for
    /// messages.
    verdict: String,
    flagged: Vec<String>,
    listing: String,
}

fn judge(name: &'static str, path: &str, text: &str, ours: &BTreeMap<u16, u64>) -> Judged {
    let (source, _) = joined(&chess_parts(path, text));
    let cards: Vec<String> = source.lines().map(str::to_string).collect();
    let id = name.to_ascii_uppercase();
    let listing = ibsys::ibm_fap_listing(&format!("fap-judge-{name}"), &id, &cards);
    let ibsys::Listing { words: ibm, flags } = ibsys::read_listing(&listing);
    let flagged = flags
        .into_iter()
        .filter(|(_, f)| !f.is_empty())
        .map(|(card, f)| {
            format!(
                "{f} {}",
                card.split_whitespace().collect::<Vec<_>>().join(" ")
            )
        })
        .collect();
    let mut differences: Vec<_> = ibm
        .iter()
        .filter(|&(a, w)| ours.get(a) != Some(w))
        .map(|(&a, &w)| (a, Some(w), ours.get(&a).copied()))
        .collect();
    differences.extend(
        ours.iter()
            .filter(|(a, _)| !ibm.contains_key(a))
            .map(|(&a, &w)| (a, None, Some(w))),
    );
    differences.sort();
    let verdict = listing
        .lines()
        .find(|l| l.contains("ERROR") && l.contains("ABOVE ASSEMBLY"))
        .map_or("no verdict", |l| l.trim_start_matches(['0', ' ']))
        .trim()
        .to_string();
    Judged {
        name,
        compared: ibm.len(),
        differences,
        verdict,
        flagged,
        listing,
    }
}

#[test]
#[cfg_attr(
    not(all(has_i7094, has_shared)),
    ignore = "needs SIMH's i7094 and ../shared (IBSYS's library tapes) to run IBM's FAP"
)]
fn ibm_fap_assembles_every_chess_program_as_we_do() {
    // One SIMH a program, side by side: each job has its own scratch folder.
    let judged: Vec<Judged> = std::thread::scope(|s| {
        let runs: Vec<_> = PLAYERS
            .iter()
            .map(|e| {
                let source = e.source();
                let ours = &e
                    .program()
                    .expect("the program assembles")
                    .assembled()
                    .words;
                s.spawn(move || judge(e.name(), source.path, source.text, ours))
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    let show = |w: Option<u64>| w.map_or("none".into(), |w| format!("{w:012o}"));
    for j in &judged {
        eprintln!(
            "{}: {} words compared, {} differences; IBM's FAP: {}; flagged: {:?}",
            j.name,
            j.compared,
            j.differences.len(),
            j.verdict,
            j.flagged
        );
        for &(a, ibm, ours) in j.differences.iter().take(20) {
            eprintln!("  {a:05o}: IBM {} ours {}", show(ibm), show(ours));
        }
    }
    for j in &judged {
        assert_eq!(
            j.verdict, "NO ERROR IN ABOVE ASSEMBLY.",
            "{}: {}",
            j.name, j.listing
        );
        assert!(j.compared > 1000, "{}: {}", j.name, j.listing);
        // The one card IBM's FAP flags is END, as on IBM's own test job (no error).
        assert_eq!(j.flagged, ["F END START"], "{}", j.name);
        assert!(
            j.differences.is_empty(),
            "{}: {} differences (first: {:?})",
            j.name,
            j.differences.len(),
            j.differences.first()
        );
    }
}
