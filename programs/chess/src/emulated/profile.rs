//! One problem with the 7090's cycle profile on (`emu::ibm7090::Profile`): the same deck, the
//! same machine and the same stop as `run_problem_with`, run one step at a time so that every
//! cycle is charged to the instruction row it was charged for or to the I/O wait. `firstmoves
//! timing --program kotok` prints it (docs/timing.md, "The 7090 chess programs' period time
//! by row status").

use emu::ibm7090::io_timing::Bound;
use emu::ibm7090::{Limits, Profile};

use super::{finish, mount_deck, problem_deck, EmulatedError, Outcome, Program};
use crate::board::Position;
use crate::program::{assembled, FapProgram};

/// A problem's answer, its run and where its cycles went.
#[derive(Clone, Debug)]
pub struct Profiled<A> {
    pub answer: A,
    pub outcome: Outcome,
    pub profile: Profile,
}

/// `run_problem_with` with the profile on and the I/O figures of `bound` (the CPU's cycles are
/// the same under every bound; the units' time is not).
pub fn run_problem_profiled(
    program: &Program,
    deck: &str,
    limits: Limits,
    bound: Bound,
) -> Result<(Outcome, Profile), EmulatedError> {
    let mut m = program.machine();
    m.set_io_bound(bound);
    mount_deck(&mut m, deck);
    m.set_profile(true);
    let stop = m.run(limits);
    // Switched on above, so there is one.
    let profile = m.profile().cloned().expect("the profile was switched on");
    let outcome = finish(program, m, stop)?;
    Ok((outcome, profile))
}

/// `P` on position `p` with `params`, as `program::run` runs it, profiled.
pub fn profile<P: FapProgram>(
    p: &Position,
    params: &P::Params,
    bound: Bound,
) -> Result<Profiled<P::Answer>, EmulatedError> {
    let card = P::card(params).map_err(EmulatedError::Params)?;
    let program = assembled::<P>()?;
    let deck = problem_deck(p, &card)?;
    let (outcome, profile) = run_problem_profiled(program, &deck, P::limits(params), bound)?;
    let answer = P::read(p, params, &outcome.printed)?;
    Ok(Profiled {
        answer,
        outcome,
        profile,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mater::{Mater, Params};
    use crate::parse_fen;
    use crate::program::run;
    use emu::TimingStatus;

    /// The Immortal Game after 21...Kd8, MATER I: 1.Qf6+ Nxf6 2.Be7#.
    const IMMORTAL: &str = "r1bk2nr/p2p1pNp/n2B4/1p1NP2P/6P1/3P1Q2/P1P1K3/q5b1 w - - 0 1";

    #[test]
    fn the_profile_is_the_run_and_adds_up_to_it() {
        let p = parse_fen(IMMORTAL).unwrap();
        let plain = run::<Mater>(&p, &Params::mater1()).unwrap();
        let r = profile::<Mater>(&p, &Params::mater1(), Bound::Nominal).unwrap();
        assert_eq!(r.answer, plain.answer);
        assert_eq!(r.outcome, plain.outcome);
        let pr = &r.profile;
        assert_eq!(pr.total(), r.outcome.cycles);
        assert_eq!(pr.instructions(), r.outcome.instructions);
        let rows: u64 = TimingStatus::ALL.iter().map(|&s| pr.status_cycles(s)).sum();
        assert_eq!(rows + pr.io_wait(), r.outcome.cycles);
        // The deck comes from tape and the line goes to tape: the CPU waits for them.
        assert!(pr.io_wait() > 0);
        // Under the low I/O figures the same run, in fewer cycles of I/O wait only.
        let low = profile::<Mater>(&p, &Params::mater1(), Bound::Low).unwrap();
        assert_eq!(low.answer, r.answer);
        assert!(low.profile.io_wait() <= pr.io_wait());
        assert_eq!(low.outcome.cycles - low.profile.io_wait(), rows);
        // Not profiled, the same run.
        let fast = crate::program::run_with::<Mater>(
            &p,
            &Params::mater1(),
            Mater::limits(&Params::mater1()),
            crate::emulated::Clock::ibm7090(Bound::Low),
        )
        .unwrap();
        assert_eq!(fast.outcome, low.outcome);
    }
}
