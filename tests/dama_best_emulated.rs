//! `firstmoves dama best --engine emulated` runs Findler's program on the emulated SILLIAC and
//! must give the native faithful engine's move, value and positions examined.

mod common;

use common::json;

fn best(args: &[&str]) -> serde_json::Value {
    json(&[&["dama", "best", "--json"], args].concat())
}

#[test]
fn emulated_and_native_agree_from_either_side() {
    for pos in [
        "A:1,2,3,4,5,6,7,8/B:25,26,27,28,29,30,31,32/A",
        "A:1,2,3,4,5,6,7,8/B:25,26,27,28,29,30,31,32/B",
        "A:1,2,3,4,10,14,15,16/B:17,18,19,25,26,27,28,31/A",
    ] {
        let native = best(&["--position", pos]);
        let emulated = best(&["--position", pos, "--engine", "emulated"]);
        for field in ["move", "value", "positions"] {
            assert_eq!(native[field], emulated[field], "{pos}: {field}");
        }
        assert_eq!(emulated["engine"], "emulated");
        // Period time is exact and deterministic; here only its presence and sign are checked.
        assert!(emulated["emulated_seconds"].as_f64().unwrap() > 0.0);
    }
}
