//! Perft on both twins: the FAP core's move generator (`programs/chess/perft.fap` over the
//! shared core) counting leaf positions on the emulated 7090, and the native generator.

use emu::ibm7090::Limits;

use super::board::Position;
use super::emulated::{parse_perft, EmulatedError, Outcome, PrintoutError};
use super::movegen;
use super::program::{run, FapProgram, Source};
use crate::fap_source;

/// The perft program of the FAP chess core.
#[derive(Clone, Copy, Debug)]
pub struct Perft;

/// The deepest perft the FAP program's ply tables hold.
pub const FAP_MAX_DEPTH: u32 = 9;

impl FapProgram for Perft {
    const SOURCE: Source = fap_source!("perft", "perft.fap");
    /// The depth.
    type Params = u32;
    /// The leaf count.
    type Answer = u64;

    fn card(depth: &u32) -> Result<String, String> {
        if *depth > FAP_MAX_DEPTH {
            return Err(format!(
                "depth {depth}: the FAP perft program goes to depth {FAP_MAX_DEPTH}"
            ));
        }
        Ok(format!("PERFT  {depth}"))
    }

    fn read(_p: &Position, depth: &u32, printed: &[String]) -> Result<u64, PrintoutError> {
        let (d, n) = parse_perft(printed)?;
        if d != *depth {
            return Err(PrintoutError::new(format!(
                "PERFT line for depth {d}, asked {depth}"
            )));
        }
        Ok(n)
    }

    fn native(p: &Position, depth: &u32) -> u64 {
        movegen::perft(&mut p.clone(), *depth)
    }

    /// The tree bounds the run (perft(start, 5) is about 2.4 x 10^9 instructions).
    fn limits(_depth: &u32) -> Limits {
        Limits::none()
    }
}

/// Perft on the emulated 7090: the count and the run.
pub fn emulated(position: &Position, depth: u32) -> Result<(u64, Outcome), EmulatedError> {
    let r = run::<Perft>(position, &depth)?;
    Ok((r.answer, r.outcome))
}
