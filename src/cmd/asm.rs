//! `firstmoves asm`: assemble a SILLIAC program (`*.sil`) into a tape (`.pt`), with an
//! optional listing; or, with `--disassemble`, turn a tape made this way back into source.
//! A 7090 FAP program (`*.fap`) becomes an asm7090-format object deck (`.obj`).

use std::path::{Path, PathBuf};

use anyhow::Context;
use assembler::{sil, Diagnostics};

#[derive(clap::Args)]
pub struct AsmArgs {
    /// The source file (`*.sil`, or `*.fap` for the 7090), or with --disassemble a tape (`*.pt`).
    pub input: PathBuf,
    /// Where to write the tape (`.pt` text) or, for `*.fap`, the object deck; default: the
    /// input with extension `.pt` (`.obj` for `*.fap`).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Also write the listing (addresses, words, decoded orders, memory map, symbols).
    #[arg(long)]
    pub listing: Option<PathBuf>,
    /// Write the tape as raw bytes (one frame 0..31 per byte) instead of `.pt` text.
    #[arg(long)]
    pub raw: bool,
    /// Read a tape in the assembler's layout (bootstrap, words, start word) and print the
    /// words as `.sil` source with a label on every address an order names; or read a 7090
    /// object deck (`*.obj`) and print it as FAP cards (to --output if given, else standard
    /// output).
    #[arg(long)]
    pub disassemble: bool,
    /// With --disassemble: numeric addresses and one word a line, no labels.
    #[arg(long)]
    pub numeric: bool,
}

pub fn run(args: AsmArgs) -> anyhow::Result<()> {
    if args.disassemble {
        return disassemble(&args);
    }
    let source = std::fs::read_to_string(&args.input)
        .with_context(|| format!("cannot read {}", args.input.display()))?;
    let name = args.input.display().to_string();
    if args
        .input
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("fap"))
    {
        return assemble_fap(&args, &source, &name);
    }
    let program = or_exit(sil::assemble(&source, &name), &name);
    let frames = program
        .tape()
        .with_context(|| format!("{name}: cannot make a tape"))?;
    let output = output_path(&args, "pt", &name)?;
    let bytes = if args.raw {
        frames.clone()
    } else {
        emu::silliac::tape::format_pt(&frames).into_bytes()
    };
    write(&output, &bytes)?;
    if let Some(path) = &args.listing {
        write(path, program.listing().as_bytes())?;
    }
    eprintln!(
        "{name}: {} words used, start {}; tape {} ({} frames)",
        program.words_used(),
        program.start,
        output.display(),
        frames.len()
    );
    Ok(())
}

/// `*.fap`: the object deck (and listing); errors as for `*.sil`.
fn assemble_fap(args: &AsmArgs, source: &str, name: &str) -> anyhow::Result<()> {
    if args.raw {
        anyhow::bail!("{name}: --raw is for SILLIAC tapes; a FAP program becomes an object deck");
    }
    let program = or_exit(assembler::fap::assemble(source, name), name);
    let output = output_path(args, "obj", name)?;
    write(&output, program.object_deck().as_bytes())?;
    if let Some(path) = &args.listing {
        write(path, program.listing().as_bytes())?;
    }
    eprintln!(
        "{name}: {} words, start {:05o} (octal); object deck {}",
        program.words.len(),
        program.start,
        output.display()
    );
    Ok(())
}

/// The assembled program; or every error, their count, and exit status 1.
fn or_exit<T, E: std::fmt::Display>(result: Result<T, Diagnostics<E>>, name: &str) -> T {
    match result {
        Ok(p) => p,
        Err(diagnostics) => {
            eprintln!("{diagnostics}");
            eprintln!(
                "{name}: {} error{}",
                diagnostics.len(),
                if diagnostics.len() == 1 { "" } else { "s" }
            );
            std::process::exit(1);
        }
    }
}

/// `--output`, or the input with `extension`; never the source itself.
fn output_path(args: &AsmArgs, extension: &str, name: &str) -> anyhow::Result<PathBuf> {
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| args.input.with_extension(extension));
    if output == args.input || args.listing.as_ref() == Some(&args.input) {
        anyhow::bail!("{name}: the output would overwrite the source");
    }
    Ok(output)
}

fn write(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

fn disassemble(args: &AsmArgs) -> anyhow::Result<()> {
    if args
        .input
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("obj"))
    {
        // A 7090 object deck: back to FAP cards.
        let name = args.input.display().to_string();
        let text =
            std::fs::read_to_string(&args.input).with_context(|| format!("cannot read {name}"))?;
        let (words, start) = assembler::fap::read_object_deck(&text, &name)?;
        let source = assembler::fap::disassemble(&words, start);
        return match &args.output {
            Some(path) => write(path, source.as_bytes()),
            None => {
                print!("{source}");
                Ok(())
            }
        };
    }
    let name = args.input.display();
    let frames = emu::silliac::tape::read_tape_file(&args.input)?;
    let image = sil::tape::read_image(&frames).with_context(|| format!("{name}"))?;
    let text = if args.numeric {
        let mut text = sil::disassemble(&image.words);
        text.push_str(&format!("        .start {}\n", image.start));
        text
    } else {
        sil::disassemble_labelled(&image.words, Some(image.start))
    };
    match &args.output {
        Some(path) => write(path, text.as_bytes()),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}
