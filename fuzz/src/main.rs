//! `fuzz TARGET|all --inputs N [--seconds S] [--seed K] [--max-len L] [--timeout-ms T]`: run
//! targets and print inputs, time, inputs/s, panics and hangs. Exits non-zero on any panic (a
//! hang exits from the watchdog with code 3).

use std::process::ExitCode;
use std::time::Duration;

use fuzz::engine::{self, Config};
use fuzz::targets::{self, TARGETS};

const USAGE: &str =
    "usage: fuzz --list | fuzz TARGET|all [--inputs N] [--seconds S] [--seed K] [--max-len L] \
                     [--timeout-ms T] [--progress S]\ntargets:";

fn parse_args(args: &[String]) -> Result<(Vec<&'static targets::Target>, Config), String> {
    let mut config = Config::default();
    let mut chosen = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |what: &str| {
            it.next()
                .ok_or_else(|| format!("{a} needs {what}"))
                .cloned()
        };
        let bad = |v: &str| format!("{a}: `{v}` is not a valid value");
        match a.as_str() {
            "--inputs" => {
                let v = value("a count")?;
                config.inputs = v.replace('_', "").parse().map_err(|_| bad(&v))?;
            }
            "--seconds" => {
                let v = value("seconds")?;
                let s: f64 = v.parse().map_err(|_| bad(&v))?;
                if !(s.is_finite() && s > 0.0 && s <= 1e7) {
                    return Err(bad(&v));
                }
                config.seconds = Some(s);
            }
            "--seed" => {
                let v = value("a number")?;
                config.seed = v.parse().map_err(|_| bad(&v))?;
            }
            "--max-len" => {
                let v = value("bytes")?;
                config.max_len = v.parse().map_err(|_| bad(&v))?;
                if !(1..=1 << 20).contains(&config.max_len) {
                    return Err(bad(&v));
                }
            }
            "--timeout-ms" => {
                let v = value("milliseconds")?;
                let ms: u64 = v.parse().map_err(|_| bad(&v))?;
                config.timeout = Duration::from_millis(ms.clamp(10, 3_600_000));
            }
            "--progress" => {
                let v = value("seconds")?;
                let s: u64 = v.parse().map_err(|_| bad(&v))?;
                config.progress = Some(Duration::from_secs(s.max(1)));
            }
            "all" => chosen.extend(TARGETS.iter()),
            name => chosen.push(targets::find(name).ok_or_else(|| format!("no target `{name}`"))?),
        }
    }
    if chosen.is_empty() {
        return Err("no target named".into());
    }
    Ok((chosen, config))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        for t in TARGETS {
            println!("{}", t.name);
        }
        return ExitCode::SUCCESS;
    }
    let (chosen, config) = match parse_args(&args) {
        Ok(x) => x,
        Err(e) => {
            let names: Vec<&str> = TARGETS.iter().map(|t| t.name).collect();
            eprintln!("fuzz: {e}\n{USAGE} {}", names.join(" "));
            return ExitCode::from(2);
        }
    };
    println!(
        "{:<18} {:>12} {:>9} {:>10} {:>7} {:>6} {:>6}",
        "target", "inputs", "seconds", "inputs/s", "panics", "hangs", "seeds"
    );
    let mut panics = 0;
    // FUZZ_SLOWEST=DIR keeps each target's slowest input there.
    let slow_dir = std::env::var_os("FUZZ_SLOWEST").map(std::path::PathBuf::from);
    for t in chosen {
        let seeds = targets::seeds(t);
        let r = engine::run(t.name, t.run, &seeds, t.dict, &config);
        println!(
            "{:<18} {:>12} {:>9.1} {:>10.0} {:>7} {:>6} {:>6}",
            t.name,
            r.inputs,
            r.seconds,
            r.rate(),
            r.panics,
            0,
            seeds.len()
        );
        println!("  slowest input: {:.1} ms", r.slowest.0.as_secs_f64() * 1e3);
        if let Some(file) = &slow_dir {
            let _ = std::fs::write(file.join(format!("{}-slowest", t.name)), &r.slowest.1);
        }
        for f in &r.panic_files {
            println!("  panic input: {}", f.display());
        }
        panics += r.panics;
    }
    if panics > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
