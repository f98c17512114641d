//! SIMH's `i7094` (`set cpu 7090`, or 7094 for a 7094's deck) measured beside firstmoves in the same `bench` run, the
//! yardstick of the speed goals (docs/scale.md): firstmoves' rate and SIMH's on the same deck,
//! runs alternated so that the host's load falls on both alike, the median of the ratios.
//!
//! SIMH's rate is the deck's instructions over the user CPU time of the i7094 process (its
//! start-up and `load` included, a few milliseconds), as `scripts/bench-7090.sh` takes it;
//! the time comes from the kernel's count of waited-for children (`/proc/self/stat`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use emu::ibm7090::bench::{bench_machine, BENCH_INSTRUCTIONS, BENCH_START};
use emu::ibm7090::tape::Tape;
use emu::ibm7090::{Limits, Stop};
use harness::report::bench::{SimhRound, SimhSide};

/// The benchmark program as FAP source, the words `emu::ibm7090::bench` builds (the test
/// `simh_7090 benchmark` keeps the two the same).
const BENCH_FAP: &str = include_str!("../../../scripts/bench-7090.fap");

/// The longest SIMH run a bench waits for (the decks take a few seconds).
const SIMH_LIMIT: Duration = Duration::from_secs(300);

/// Runs of a chess problem in one SIMH process.
const PROBLEM_RUNS: u64 = 5;

/// Rounds of (firstmoves, SIMH) a side-by-side bench runs.
pub const ROUNDS: usize = 3;

/// `i7094` on the PATH, if there is one.
pub fn find() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("i7094"))
        .find(|p| p.is_file())
}

/// A deck SIMH runs, in its own directory, and what it must end with.
pub struct Deck {
    exe: PathBuf,
    dir: tempfile::TempDir,
    /// Instructions of one run (the count firstmoves makes; SIMH does not count).
    pub instructions: u64,
    check: Check,
    /// The machine SIMH is set to (`set cpu`).
    cpu: &'static str,
}

enum Check {
    /// The registers at the HPR: AC and MQ as SIMH examines them.
    Registers { ac: u64, mq: u64 },
    /// The lines on an output tape (its file in the deck's directory).
    Printed {
        tape: &'static str,
        lines: Vec<String>,
    },
}

impl Deck {
    /// The compute-bound loop (`bench 7090`, `bench silliac`); its final registers from a run
    /// on firstmoves to compare SIMH's with.
    /// SIMH has no 709: its 7090 runs the loop for one (the same orders).
    pub fn bench_loop(exe: PathBuf, model: emu::ibm7090::Model) -> anyhow::Result<Deck> {
        let p = assembler::fap::assemble(BENCH_FAP, "scripts/bench-7090.fap")
            .map_err(|e| anyhow::anyhow!("scripts/bench-7090.fap: {} errors", e.len()))?;
        let mut m = bench_machine();
        let stop = m.run(Limits::none());
        if !matches!(stop, Stop::HaltProceed { .. }) || m.instructions() != BENCH_INSTRUCTIONS {
            bail!(
                "the benchmark program stopped with {stop} after {} instructions",
                m.instructions()
            );
        }
        let dir = tempfile::tempdir()?;
        std::fs::write(dir.path().join("prog.obj"), p.object_deck())?;
        std::fs::write(
            dir.path().join("run.ini"),
            format!(
                "set cpu {}\nload prog.obj\ngo {BENCH_START:o}\nexamine AC\nexamine MQ\nquit\n",
                simh_cpu(model)
            ),
        )?;
        Ok(Deck {
            exe,
            dir,
            instructions: BENCH_INSTRUCTIONS,
            check: Check::Registers { ac: m.ac, mq: m.mq },
            cpu: simh_cpu(model),
        })
    }

    /// A chess program's problem: the program's object deck loaded, the problem's cards on
    /// the system input tape A2, a blank output tape on A3, started at its START. Where
    /// firstmoves stops at the read past the deck's last card, SIMH's tape gives an end of
    /// file and the program goes on, so SIMH's run ends at a breakpoint on the second call
    /// that reads a GAME card (`next_game`, the TSX to RDCARD in GAMECD), the next problem's.
    /// `instructions` and `printed` are firstmoves' run of the same problem.
    pub fn problem(
        exe: PathBuf,
        object_deck: &str,
        start: u32,
        next_game: u16,
        input: &Tape,
        instructions: u64,
        printed: Vec<String>,
    ) -> anyhow::Result<Deck> {
        let dir = tempfile::tempdir()?;
        std::fs::write(dir.path().join("prog.obj"), object_deck)?;
        std::fs::write(dir.path().join("a2.p7b"), input.to_p7b())?;
        // The problem PROBLEM_RUNS times in one SIMH process, so that its start-up and the
        // kernel's 10 ms tick weigh little; each run from a fresh load and fresh tapes.
        let mut ini = String::from("set cpu 7090\nset mta2 format=p7b\nset mta3 format=p7b\n");
        for _ in 0..PROBLEM_RUNS {
            ini += &format!(
                "load prog.obj\nattach -r mta2 a2.p7b\nattach -n mta3 a3.p7b\n\
                 break {next_game:o}[2]\ngo {start:o}\ndetach mta2\ndetach mta3\n"
            );
        }
        ini += "quit\n";
        Deck::runs(exe, dir, &ini, "7090", instructions, "a3.p7b", printed)
    }

    /// LISP 1.5's job (`bench lisp`): the input tape `sysin` (P7B) on A1, the system tape on A4,
    /// blank reels where lisp.ini attaches them, the reader empty, the punch and printer
    /// attached, sense switch 3; booted from A4 to LISP's HPR, PROBLEM_RUNS times from fresh
    /// tapes. `instructions` and `printed` (SYSPOT's lines, on A3) are firstmoves' run.
    pub fn lisp(
        exe: PathBuf,
        sysin: &[u8],
        system: &Path,
        instructions: u64,
        printed: Vec<String>,
    ) -> anyhow::Result<Deck> {
        let dir = scratch(sysin, &[(system.to_path_buf(), "system.bin")])?;
        std::fs::write(dir.path().join("empty.cbn"), "")?;
        let units = ["mta1", "mta2", "mta3", "mta4", "mta7", "mtb2", "mtb3"];
        let mut ini = String::from("set cpu 7090\nset chanb enabled\n");
        for u in units {
            ini += &format!("set {u} format=p7b\n");
        }
        ini += "attach lpt print.txt\nattach cdp punch.cbn\n";
        for _ in 0..PROBLEM_RUNS {
            ini += "attach cdr empty.cbn\nattach -r mta1 sysin.bcd\nattach -r mta4 system.bin\n";
            for u in ["mta2", "mta3", "mta7", "mtb2", "mtb3"] {
                let file = if u == "mta3" {
                    "a3.p7b".into()
                } else {
                    format!("{u}.p7b")
                };
                ini += &format!("attach -n {u} {file}\n");
            }
            ini += "deposit ss3 1\nboot mta4\n";
            for u in units {
                ini += &format!("detach {u}\n");
            }
            ini += "detach cdr\n";
        }
        ini += "quit\n";
        Deck::runs(exe, dir, &ini, "7090", instructions, "a3.p7b", printed)
    }

    /// An IBSYS job (`bench ibsys`): the input tape `sysin` (P7B) on A3 and the library tapes
    /// of `system` on A1 and A2, blank reels on A4-A10, the reader empty, the printer and punch
    /// attached, as ibsys.ini lays them; the keys 0 and booted from A1 to IBSYS's halt at END
    /// OF JOBS, PROBLEM_RUNS times from fresh tapes. `instructions` and `printed` (SYSOU1's
    /// lines, A4) are firstmoves' run.
    pub fn ibsys(
        exe: PathBuf,
        sysin: &[u8],
        system: &Path,
        instructions: u64,
        printed: Vec<String>,
    ) -> anyhow::Result<Deck> {
        let dir = scratch(
            sysin,
            &["ASYS1.BIN", "ASYS8.BIN"].map(|f| (system.join(f), f)),
        )?;
        std::fs::write(dir.path().join("reader.txt"), "")?;
        let mut ini = String::from("set cpu 7094\n");
        for n in 1..=10 {
            ini += &format!("set mta{n} format=p7b\n");
        }
        ini += "attach -t cdr reader.txt\nattach lpt print.txt\nattach -t cdp punch.txt\n";
        for _ in 0..PROBLEM_RUNS {
            ini += "attach -r mta1 ASYS1.BIN\nattach -r mta2 ASYS8.BIN\nattach -r mta3 sysin.bcd\n";
            for n in 4..=10 {
                ini += &format!("attach -n mta{n} mta{n}.p7b\n");
            }
            ini += "deposit keys 0\ndeposit htpend 0\nboot mta1\n";
            for n in 1..=10 {
                ini += &format!("detach mta{n}\n");
            }
        }
        ini += "quit\n";
        Deck::runs(exe, dir, &ini, "7094", instructions, "mta4.p7b", printed)
    }

    /// A deck of PROBLEM_RUNS runs of `instructions` each in `dir`, by the script `ini` (written
    /// as run.ini) on SIMH set to `cpu`, each leaving the lines `printed` on the output tape
    /// `tape` (its file in `dir`).
    fn runs(
        exe: PathBuf,
        dir: tempfile::TempDir,
        ini: &str,
        cpu: &'static str,
        instructions: u64,
        tape: &'static str,
        printed: Vec<String>,
    ) -> anyhow::Result<Deck> {
        std::fs::write(dir.path().join("run.ini"), ini)?;
        Ok(Deck {
            exe,
            dir,
            instructions: instructions * PROBLEM_RUNS,
            check: Check::Printed {
                tape,
                lines: printed,
            },
            cpu,
        })
    }

    /// The machine SIMH is set to.
    pub fn cpu(&self) -> &'static str {
        self.cpu
    }

    /// Run the deck once: SIMH's instructions per user CPU second, after checking that it
    /// ended as firstmoves did.
    pub fn rate(&self) -> anyhow::Result<f64> {
        let dir = self.dir.path();
        if let Check::Printed { tape, .. } = self.check {
            let _ = std::fs::remove_file(dir.join(tape));
        }
        let before = children_user_seconds();
        let mut child = Command::new(&self.exe)
            .arg("run.ini")
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::from(std::fs::File::create(dir.join("console.txt"))?))
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("running {}", self.exe.display()))?;
        // A run that does not end where firstmoves' did would go on for ever.
        let started = Instant::now();
        while child.try_wait()?.is_none() {
            if started.elapsed() > SIMH_LIMIT {
                let _ = child.kill();
                let _ = child.wait();
                bail!(
                    "SIMH's run of the deck had not ended after {} s: stopped",
                    SIMH_LIMIT.as_secs()
                );
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let after = children_user_seconds();
        let console = emu::input::read_lossy(&dir.join("console.txt"), emu::input::Kind::Source)
            .unwrap_or_default();
        self.check(dir, &console)?;
        let secs = after
            .zip(before)
            .map(|(a, b)| a - b)
            .context("the host does not tell a child's CPU time (/proc/self/stat)")?;
        if secs <= 0.0 {
            bail!("SIMH's run took no measurable CPU time");
        }
        Ok(self.instructions as f64 / secs)
    }

    fn check(&self, dir: &Path, console: &str) -> anyhow::Result<()> {
        match &self.check {
            Check::Registers { ac, mq } => {
                let examined = |name: &str| {
                    console.lines().find_map(|l| {
                        let v = l.strip_prefix(name)?.strip_prefix(':')?;
                        u64::from_str_radix(v.trim(), 8).ok()
                    })
                };
                if examined("AC") != Some(*ac) || examined("MQ") != Some(*mq) {
                    bail!("SIMH ended the benchmark with other registers than firstmoves (AC {ac:o}, MQ {mq:o}):\n{console}");
                }
            }
            Check::Printed { tape, lines } => {
                let mut bytes =
                    emu::input::read(&dir.join(tape), emu::input::Kind::Tape).unwrap_or_default();
                // SIMH ends the last record it wrote with a copy of its first byte, which a
                // next write would cover (as tests/simh_7090_cards finds).
                bytes.pop();
                let theirs = Tape::from_p7b(&bytes)
                    .map(|t| t.bcd_lines())
                    .unwrap_or_default();
                if &theirs != lines {
                    let n = theirs.iter().zip(lines).take_while(|(a, b)| a == b).count();
                    bail!(
                        "SIMH printed other lines than firstmoves ({} against {}); line {}: SIMH `{}`, firstmoves `{}`\n{console}",
                        theirs.len(),
                        lines.len(),
                        n + 1,
                        theirs.get(n).map_or("(none)", |l| l.trim_end()),
                        lines.get(n).map_or("(none)", |l| l.trim_end()),
                    );
                }
            }
        }
        Ok(())
    }
}

/// A scratch folder for a system's run on SIMH: the input tape `sysin` as sysin.bcd, and each
/// file of `copies` under the name SIMH's script gives it.
fn scratch(sysin: &[u8], copies: &[(PathBuf, &str)]) -> anyhow::Result<tempfile::TempDir> {
    let dir = tempfile::tempdir()?;
    std::fs::write(dir.path().join("sysin.bcd"), sysin)?;
    for (from, name) in copies {
        std::fs::copy(from, dir.path().join(name))
            .with_context(|| format!("reading {}", from.display()))?;
    }
    Ok(dir)
}

/// User CPU seconds of this process's waited-for children (`/proc/self/stat` cutime, in the
/// kernel's fixed 100 ticks a second).
fn children_user_seconds() -> Option<f64> {
    super::self_stat_ticks([13]).map(|[t]| t as f64 / 100.0)
}

/// SIMH's `set cpu` for a model (it has no 709: its 7090 runs the 709's orders).
fn simh_cpu(model: emu::ibm7090::Model) -> &'static str {
    match model {
        emu::ibm7090::Model::Ibm7094 => "7094",
        _ => "7090",
    }
}

/// firstmoves' and SIMH's rates round by round, and their ratios.
pub struct SideBySide {
    /// The machine SIMH was set to.
    pub cpu: &'static str,
    /// (firstmoves, SIMH) per round, in units a second.
    pub rounds: Vec<(f64, f64)>,
}

impl SideBySide {
    pub fn ratios(&self) -> Vec<f64> {
        self.rounds.iter().map(|(f, s)| f / s).collect()
    }

    /// The round whose ratio is the median.
    pub fn median_round(&self) -> usize {
        super::median_index(&self.ratios())
    }

    pub fn median(&self) -> f64 {
        self.ratios()[self.median_round()]
    }

    /// The text lines: each round, then the median and the range.
    pub fn print(&self, ours: &str, unit: &str) {
        println!(
            "SIMH i7094 (set cpu {}) on the deck, alternating with {ours}:",
            self.cpu
        );
        for (i, (f, s)) in self.rounds.iter().enumerate() {
            println!(
                "  round {}: {ours} {:.1} M {unit}/s, SIMH {:.1} M instructions/s, ratio {:.2}",
                i + 1,
                f / 1e6,
                s / 1e6,
                f / s
            );
        }
        let r = self.ratios();
        let (lo, hi) = r
            .iter()
            .fold((f64::MAX, f64::MIN), |(l, h), &x| (l.min(x), h.max(x)));
        println!(
            "ratio {ours}/SIMH: {:.2} (median of {}; {lo:.2}-{hi:.2})",
            self.median(),
            r.len()
        );
    }

    /// The rounds as `bench --json` gives them.
    pub fn report(&self) -> SimhSide {
        SimhSide {
            simulator: format!("SIMH i7094, set cpu {}", self.cpu),
            rounds: self
                .rounds
                .iter()
                .map(|&(f, s)| SimhRound {
                    ours_per_cpu_second: f,
                    simh_per_cpu_second: s,
                    ratio: f / s,
                })
                .collect(),
            ratio_median: self.median(),
        }
    }
}
