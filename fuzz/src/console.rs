//! The console's command lines (`monitor`): each input is a script, its lines carried out on a
//! monitor of the machine (`console_silliac`, `console_7090`). Lines that touch files (`save`,
//! `restore`, `attach`, `detach`) or run the machine without a small bound (`go`,
//! `continue`, `step`/`run` past 10,000) are left out: they are the user's to give, and a
//! fuzzer would only find an empty store running for ever.

use monitor::{ibm7090, silliac, Console, Monitor};

pub const DICT: &[&str] = &[
    "e ",
    "ex ",
    "examine ",
    "d ",
    "dep ",
    "deposit ",
    "b ",
    "break ",
    "order ",
    "nb ",
    "nobr ",
    "all",
    "breaks",
    "s ",
    "step ",
    "r ",
    "run ",
    "sh ",
    "show ",
    "cpu",
    "break",
    "symbols",
    "devices",
    "reset",
    "trace on",
    "trace off",
    "regs",
    "help",
    "type ",
    "boot",
    "punch",
    "switches ",
    "keys ",
    "printed",
    "pc ",
    "ac ",
    "mq ",
    "ir ",
    "x1 ",
    "L ",
    "R ",
    "-",
    "/",
    "orders",
    "us",
    "ms",
    "instructions",
    "cycles",
    "\n",
    " ",
    "0",
    "1",
    "777",
    "1023",
    "32767",
    "77777",
    "ffffffffff",
    "_",
];

pub const SEED: &str =
    "ex 0\nex 0 4\nex 0-3\nex pc\nex regs\ndep 5 1\ndep pc 10\nb 10\nb order 20\n\
                    breaks\nnb all\ns 3\nr 100\nshow cpu\nshow break\nshow devices\nsymbols\n\
                    trace on\ns\ntrace off\nregs\nreset\nhelp\n";

/// Whether the fuzzer may carry out `line` (see the module's note).
fn allowed(line: &str) -> bool {
    let words: Vec<String> = line
        .split_whitespace()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let Some((cmd, args)) = words.split_first() else {
        return true;
    };
    let small = |a: &String| a.replace('_', "").parse::<u64>().is_ok_and(|n| n <= 10_000);
    match cmd.as_str() {
        "save" | "restore" | "attach" | "detach" | "g" | "go" | "c" | "cont" | "continue" => false,
        "s" | "step" | "r" | "run" => args.iter().all(small),
        _ => true,
    }
}

fn script(b: &[u8], console: &mut dyn Console) {
    for line in String::from_utf8_lossy(b).lines().filter(|l| allowed(l)) {
        std::hint::black_box(console.execute(line).ok());
    }
}

pub fn silliac_lines(b: &[u8]) {
    if let Ok(mut m) = silliac::monitor(None) {
        script(b, &mut m);
    }
}

/// Inputs a 7090 monitor serves before a fresh one is made.
const REUSE: u32 = 64;

thread_local! {
    static IBM7090: std::cell::RefCell<Option<(Monitor<ibm7090::Ibm7090>, u32)>> =
        const { std::cell::RefCell::new(None) };
}

/// A fresh 7090 monitor costs about a millisecond (its store and its decoded-instruction cache,
/// made twice), a thousand times the parsing of a line: one monitor serves `REUSE` inputs in a
/// row. The run is still repeatable from its seed; an input saved from a panic may need the
/// inputs before it in its block (rerun with the same `--seed`).
pub fn ibm7090_lines(b: &[u8]) {
    IBM7090.with(|cell| {
        let mut slot = cell.borrow_mut();
        if !matches!(slot.as_ref(), Some((_, served)) if *served < REUSE) {
            *slot = ibm7090::monitor(None, emu::ibm7090::Model::Ibm7090)
                .ok()
                .map(|m| (m, 0));
        }
        if let Some((m, served)) = slot.as_mut() {
            *served += 1;
            script(b, m);
        }
    });
}
