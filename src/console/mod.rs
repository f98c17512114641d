//! `firstmoves console silliac|7090 [PROGRAM] [--script FILE] [--tui]`: the operator's console.
//! One monitor core (`monitor`) carries out SIMH-style commands from a script, a prompt or the
//! TUI, over a backend per machine (`silliac`, `ibm7090`).

pub mod exhibition;
pub mod term;
pub mod tubes;
pub mod tui;

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use monitor::{ibm7090, silliac, Console, MonitorError};

#[derive(clap::Args)]
pub struct ConsoleArgs {
    /// The machine: `silliac` or `7090`.
    pub machine: String,
    /// A program to load: SILLIAC assembly (`.sil`) or a tape (`.pt`, raw frames); for the
    /// 7090 FAP source (`.fap`) or an asm7090 object deck (`.obj`).
    pub program: Option<PathBuf>,
    /// Carry out the monitor commands in FILE, one a line, then stop.
    #[arg(long)]
    pub script: Option<PathBuf>,
    /// The console on a terminal (registers, store, reader and punch, command line).
    #[arg(long, conflicts_with = "script")]
    pub tui: bool,
    /// Start from a snapshot saved by `save`.
    #[arg(long)]
    pub restore: Option<PathBuf>,
    #[command(flatten)]
    pub cpu: crate::cmd::run::ibm7090::CpuArg,
}

/// The program named on the command line, loaded by `load`.
fn program<P>(
    args: &ConsoleArgs,
    load: fn(&Path) -> Result<P, MonitorError>,
) -> anyhow::Result<Option<P>> {
    args.program
        .as_deref()
        .map(load)
        .transpose()
        .map_err(anyhow::Error::msg)
}

pub fn run(args: ConsoleArgs) -> anyhow::Result<()> {
    if args.machine != "7090" && args.cpu.cpu != emu::ibm7090::Model::Ibm7090 {
        bail!("--cpu: the 709 and the 7094 are the 7090's family (console 7090 --cpu 7094)");
    }
    let mut mon: Box<dyn Console> = match args.machine.as_str() {
        "silliac" => Box::new(
            silliac::monitor(program(&args, silliac::Program::load)?)
                .map_err(anyhow::Error::msg)?,
        ),
        "7090" => Box::new(
            ibm7090::monitor(program(&args, ibm7090::Program7090::load)?, args.cpu.cpu)
                .map_err(anyhow::Error::msg)?,
        ),
        other => bail!("unknown machine `{other}` (silliac or 7090)"),
    };
    if let Some(snap) = &args.restore {
        mon.execute(&format!("restore {}", snap.display()))
            .map_err(anyhow::Error::msg)?;
    }
    if args.tui {
        return tui::run(mon, program_name(&args));
    }
    drive(mon.as_mut(), &args)
}

fn program_name(args: &ConsoleArgs) -> String {
    let machine = if args.machine == "7090" {
        format!("IBM {}", args.cpu.cpu)
    } else {
        "SILLIAC".to_string()
    };
    let program = args
        .program
        .as_ref()
        .map_or("no program".to_string(), |p| p.display().to_string());
    format!("{machine}, {program}")
}

/// A script (`--script`) or the prompt: commands until the end or `quit`.
fn drive(mon: &mut dyn Console, args: &ConsoleArgs) -> anyhow::Result<()> {
    if let Some(script) = &args.script {
        let name = script.display().to_string();
        let text = crate::cmd::read_input(script, crate::cmd::Kind::Source)?;
        match monitor::run_script(mon, &text, &name) {
            Ok(out) => print!("{out}"),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
        mon.finish().map_err(anyhow::Error::msg)?;
        return Ok(());
    }
    // Ctrl-C (SIGINT) interrupts a run back to the prompt, as in SIMH, and never ends the
    // console (`quit` or end of input does). signal-hook's flag is already in the tree for the
    // TUI's SIGTERM, and a flag polled between slices of the run is all a run needs; no
    // handler code runs in the signal.
    let interrupt = mon.interrupt_flag();
    signal_hook::flag::register(signal_hook::consts::SIGINT, interrupt.clone())
        .context("catching Ctrl-C")?;
    // Lines are read on their own thread, so that a Ctrl-C at the idle prompt (which the
    // terminal answers by dropping the line typed so far) gives a fresh prompt.
    let (tx, lines) = std::sync::mpsc::channel::<std::io::Result<String>>();
    // A line over emu::input::LINE_CAP is not kept: it comes as an InvalidData error, said at
    // the prompt, and the session goes on.
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        let mut buf = Vec::new();
        loop {
            let r = emu::input::read_line(&mut stdin, &mut buf).and_then(|(length, cut)| {
                if cut {
                    let cap = emu::input::LINE_CAP >> 10;
                    let e = format!(
                        "a line of {length} bytes ignored: over the {cap} KiB a line may have"
                    );
                    return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, e));
                }
                Ok(String::from_utf8_lossy(&buf).into_owned())
            });
            let end = match &r {
                Ok(l) => l.is_empty(),
                Err(e) => e.kind() != std::io::ErrorKind::InvalidData,
            };
            if tx.send(r).is_err() || end {
                break;
            }
        }
    });
    let mut out = std::io::stdout();
    println!("{}", mon.registers());
    loop {
        print!("{}", mon.prompt());
        out.flush()?;
        let line = loop {
            match lines.recv_timeout(std::time::Duration::from_millis(50)) {
                Ok(Err(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                    println!("error: {e}");
                    print!("{}", mon.prompt());
                    out.flush()?;
                }
                Ok(line) => break Some(line?),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    if interrupt.swap(false, std::sync::atomic::Ordering::Relaxed) {
                        print!("\n{}", mon.prompt());
                        out.flush()?;
                    }
                }
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break None,
            }
        };
        let Some(line) = line.filter(|l| !l.is_empty()) else {
            println!();
            break;
        };
        if matches!(line.trim(), "quit" | "exit" | "q") {
            break;
        }
        match mon.execute(&line) {
            Ok(s) if s.is_empty() => {}
            Ok(s) => println!("{s}"),
            Err(e) => println!("error: {e}"),
        }
    }
    mon.finish().map_err(anyhow::Error::msg)?;
    Ok(())
}
