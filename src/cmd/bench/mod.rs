//! `firstmoves bench MACHINE`: emulator speed on a compute-bound program built in-process
//! (hand-packed orders, no assembler), in emulated orders per host second and the speed-up
//! over the real machine's time for the same orders, a file per machine (`silliac.rs`,
//! `ibm7090.rs`); SIMH's run beside it (`simh.rs`) and the campaign's threads (`campaign.rs`).
//! A benchmark, never a test.

use std::time::{Duration, Instant};

use anyhow::bail;
use harness::report::bench::{BenchReport, SimhSide};

mod campaign;
mod ibm7090;
mod ibsys;
mod lisp;
mod silliac;
mod simh;

#[derive(clap::Args)]
pub struct BenchArgs {
    /// The machine to measure: `silliac` or `7090`; `lisp`: LISP 1.5's Wang job on the 7090
    /// (../shared/period/lisp15); `ibsys`: IBSYS's largest job (primesII, FORTRAN II) on the
    /// 7094 (../shared/period/ibsys), or with --program IBM's FAP assembling a chess program
    /// under IBSYS; or `campaign`: the chess cross-check at --jobs 1 and on every
    /// core in three alternating rounds, the host times, the median speed-up, and whether the
    /// reports are identical (exit status 1 if not).
    pub machine: String,
    /// Host seconds to run for (0.1 to 3600).
    #[arg(long, default_value_t = 2.0, value_parser = super::seconds_within(0.1, 3600.0))]
    pub seconds: f64,
    #[arg(long, value_parser = crate::cmd::chess::program_names(), help = program_help())]
    pub program: Option<String>,
    /// campaign: how many positions the cross-check draws (default 20; 1 to 1,000,000).
    #[arg(long, value_parser = super::usize_within(1, 1_000_000))]
    pub positions: Option<usize>,
    /// The figures as one JSON object (machine, workload, work done, host and CPU seconds,
    /// rates, emulated seconds) instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub timing: crate::cmd::bounds::TimingArg,
    #[command(flatten)]
    pub cpu: crate::cmd::run::ibm7090::CpuArg,
    /// SILLIAC: instead of the compute-bound loop, the 25-board exhibition at full speed, with
    /// the live view's work (the machine's view taken and the screen drawn, store as the 40
    /// tubes, after each batch of moves) and without, alternately three times each; prints
    /// both rates and the view's cost.
    #[arg(long)]
    pub live_view: bool,
    /// SILLIAC: instead of measuring, count the pairs of orders obeyed one after the other in
    /// sequence over the 25-board exhibition and over the compute-bound loop, and print the
    /// commonest with whether the block loop obeys each as one op (how its fused pairs are
    /// chosen). Slow: the machine obeys one order at a time while it counts.
    #[arg(long)]
    pub pairs: bool,
    /// Do not run SIMH's i7094 beside firstmoves even where it is on the PATH. Where it is,
    /// `bench 7090` and `bench silliac` run SIMH on the 7090 loop and `bench 7090 --program`
    /// on the same problem deck, alternating with firstmoves three times, and print each
    /// round's rates and the median ratio.
    #[arg(long)]
    pub no_simh: bool,
}

/// Where the period material `name` is: ../shared/period/NAME from here, else beside the
/// checkout.
fn period_dir(name: &str) -> std::path::PathBuf {
    let here = std::path::Path::new("../shared/period").join(name);
    if here.is_dir() {
        here
    } else {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/period")
            .join(name)
    }
}

/// `--program`'s help, naming the program `bench campaign` takes by default.
fn program_help() -> String {
    format!(
        "7090: instead of the compute-bound loop, a chess program of the registry searching the \
         initial position on the emulated 7090 (cards in, printer out), again and again. ibsys: \
         instead of the primesII job, IBM's FAP assembling the program under IBSYS. campaign: \
         the program cross-checked (default {})",
        crate::cmd::chess::default_program()
    )
}

pub fn run(args: BenchArgs) -> anyhow::Result<()> {
    if args.pairs {
        if args.machine != "silliac" || args.program.is_some() || args.live_view || args.json {
            bail!("--pairs: SILLIAC's pairs of orders, as text (bench silliac --pairs)");
        }
        return silliac::pairs(args.timing.bound());
    }
    if args.live_view {
        if args.machine != "silliac" || args.program.is_some() {
            bail!(
                "--live-view: the exhibition's live view is SILLIAC's (bench silliac --live-view)"
            );
        }
        return silliac::live_view(args.json, args.timing.bound());
    }
    if args.machine == "campaign" {
        return campaign::run(
            args.program
                .as_deref()
                .unwrap_or(crate::cmd::chess::default_program()),
            args.positions.unwrap_or(20),
            args.json,
            args.timing.bound(),
        );
    }
    if args.positions.is_some() {
        bail!("--positions: only `bench campaign` takes it");
    }
    let simh = if args.no_simh { None } else { simh::find() };
    let bound = args.timing.bound();
    let model = args.cpu.cpu;
    if model != emu::ibm7090::Model::Ibm7090 && (args.machine != "7090" || args.program.is_some()) {
        bail!("--cpu: the compute-bound loop of `bench 7090` runs on the 709 and the 7094");
    }
    let (figures, side) = match (args.machine.as_str(), &args.program) {
        ("lisp", Some(_)) => bail!("--program: bench lisp runs LISP 1.5's Wang job"),
        ("ibsys", p) => with_simh(
            || ibsys::bench(args.seconds, p.as_deref(), bound),
            simh.map(|exe| ibsys::deck(exe, p.as_deref(), bound))
                .transpose()?,
        )?,
        ("7090" | "ibm7090", Some(p)) => with_simh(
            || ibm7090::bench_program(p, args.seconds, bound),
            simh.map(|exe| ibm7090::program_deck(p, exe, bound))
                .transpose()?,
        )?,
        (_, Some(_)) => bail!("--program: the chess programs run on the 7090"),
        ("silliac", None) => with_simh(
            || silliac::bench(args.seconds, bound),
            simh.map(|exe| simh::Deck::bench_loop(exe, model))
                .transpose()?,
        )?,
        ("lisp", None) => with_simh(
            || lisp::bench(args.seconds, bound),
            simh.map(|exe| lisp::deck(exe, bound)).transpose()?,
        )?,
        ("7090" | "ibm7090", None) => with_simh(
            || ibm7090::bench(args.seconds, model, bound),
            simh.map(|exe| simh::Deck::bench_loop(exe, model))
                .transpose()?,
        )?,
        (other, None) => {
            bail!(
                "no benchmark for machine `{other}` (known: silliac, 7090, lisp, ibsys, campaign)"
            )
        }
    };
    if args.json {
        let report = figures.report(side.as_ref().map(simh::SideBySide::report));
        // Through a Value: its keys sorted, as every JSON report (docs/json.md).
        crate::cmd::output::print_json_pretty(report)?;
    } else {
        figures.print();
        match &side {
            Some(side) => {
                let ours = if figures.machine == "silliac" {
                    "SILLIAC"
                } else {
                    "firstmoves"
                };
                side.print(ours, figures.unit);
            }
            None if args.no_simh => {}
            None => println!("SIMH: no i7094 on the PATH, so no ratio (apt-get install simh)"),
        }
    }
    Ok(())
}

/// `once` alone, or, with SIMH's deck, `simh::ROUNDS` rounds of `once` and SIMH's run of the
/// deck in turn: the figures of the round whose ratio is the median, and every round.
fn with_simh(
    mut once: impl FnMut() -> anyhow::Result<Figures>,
    deck: Option<simh::Deck>,
) -> anyhow::Result<(Figures, Option<simh::SideBySide>)> {
    let Some(deck) = deck else {
        return Ok((once()?, None));
    };
    let mut figures = Vec::new();
    let mut rounds = Vec::new();
    for _ in 0..simh::ROUNDS {
        let f = once()?;
        let ours = f.work as f64 / f.measured.cpu.unwrap_or(f.measured.host);
        figures.push(f);
        rounds.push((ours, deck.rate()?));
    }
    let side = simh::SideBySide {
        cpu: deck.cpu(),
        rounds,
    };
    Ok((figures.swap_remove(side.median_round()), Some(side)))
}

/// What a benchmark measured.
pub struct Figures {
    pub machine: &'static str,
    /// The work run, in words (the first text line's parenthesis).
    pub workload: String,
    /// What `work` counts ("emulated orders", "instructions").
    pub unit: &'static str,
    pub work: u64,
    pub measured: Measured,
    /// Period seconds of the work.
    pub emulated_seconds: f64,
    /// Extra text lines before the speed (the counts behind the work).
    pub detail: Option<String>,
}

impl Figures {
    pub fn print(&self) {
        println!("machine: {} ({})", self.machine, self.workload);
        if let Some(d) = &self.detail {
            println!("{d}");
        }
        print_speed(self.unit, self.work, &self.measured);
        let (name, the) = match self.machine {
            "silliac" => ("SILLIAC", "SILLIAC"),
            "ibm7094" => ("7094", "the 7094"),
            _ => ("7090", "the 7090"),
        };
        println!(
            "emulated time: {:.1} s of {name} time; speed-up over {the}: {:.0}x (wall clock)",
            self.emulated_seconds,
            self.emulated_seconds / self.measured.host
        );
    }

    /// The figures as `bench --json` prints them, SIMH's run beside them where there is one.
    pub fn report(&self, simh: Option<SimhSide>) -> BenchReport {
        let m = &self.measured;
        BenchReport {
            machine: self.machine.to_string(),
            workload: self.workload.clone(),
            unit: self.unit.to_string(),
            work: self.work,
            host_seconds: m.host,
            cpu_seconds: m.cpu,
            per_host_second: self.work as f64 / m.host,
            per_cpu_second: m.cpu.map(|c| self.work as f64 / c),
            emulated_seconds: self.emulated_seconds,
            speed_up: self.emulated_seconds / m.host,
            simh,
        }
    }
}

/// How long the measured work took: wall clock, and CPU time of this thread where the host
/// tells it.
pub struct Measured {
    pub host: f64,
    pub cpu: Option<f64>,
}

/// Call `work` until `seconds` of wall clock have passed (at least 0.1 s).
pub fn measure(
    seconds: f64,
    mut work: impl FnMut() -> anyhow::Result<()>,
) -> anyhow::Result<Measured> {
    let budget = Duration::from_secs_f64(seconds.max(0.1));
    let cpu0 = thread_cpu_ns();
    let start = Instant::now();
    while start.elapsed() < budget {
        work()?;
    }
    let host = start.elapsed().as_secs_f64();
    let cpu = thread_cpu_ns().zip(cpu0).map(|(b, a)| (b - a) as f64 / 1e9);
    Ok(Measured { host, cpu })
}

/// One run on the 7090 (`workload` in words, its `instructions` and its `emulated_seconds`),
/// made by `run` again and again for `seconds` of wall clock: the figures, the workload with
/// the number of runs after it.
pub fn repeated_runs(
    seconds: f64,
    workload: String,
    instructions: u64,
    emulated_seconds: f64,
    mut run: impl FnMut() -> anyhow::Result<()>,
) -> anyhow::Result<Figures> {
    let mut runs = 0u64;
    let measured = measure(seconds, || {
        run()?;
        runs += 1;
        Ok(())
    })?;
    Ok(Figures {
        machine: "ibm7090",
        workload: format!("{workload}; {runs} runs"),
        unit: "instructions",
        work: instructions * runs,
        detail: None,
        measured,
        emulated_seconds: emulated_seconds * runs as f64,
    })
}

/// The speed lines: `count` `what` (e.g. "emulated orders") per host and per CPU second.
pub fn print_speed(what: &str, count: u64, m: &Measured) {
    println!(
        "speed: {:.1} million {what} per host second (wall clock)",
        count as f64 / m.host / 1e6
    );
    if let Some(cpu) = m.cpu {
        // On a busy host the wall clock includes time other processes had the core.
        println!(
            "speed: {:.1} million {what} per CPU second of this thread ({cpu:.3} s)",
            count as f64 / cpu / 1e6
        );
    }
}

/// The index of the median of `values` (of an even count, the upper of the middle two): the
/// round whose figures a side-by-side bench reports.
pub fn median_index(values: &[f64]) -> usize {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    order[order.len() / 2]
}

/// Fields `indexes` (0 = the state) of `/proc/self/stat` after the command name, from one
/// read, in the kernel's clock ticks (Linux: a fixed 100 a second).
pub fn self_stat_ticks<const N: usize>(indexes: [usize; N]) -> Option<[u64; N]> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name is in parentheses and may hold blanks.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let mut out = [0; N];
    for (o, i) in out.iter_mut().zip(indexes) {
        *o = fields.get(i)?.parse().ok()?;
    }
    Some(out)
}

/// CPU time this thread has run, in ns (Linux `/proc/thread-self/schedstat`, first field).
pub fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}
