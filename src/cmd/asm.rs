//! `firstmoves asm`: assemble a SILLIAC program (`*.sil`) into a tape (`.pt`), with an
//! optional listing; or, with `--disassemble`, turn a tape made this way back into source.
//! A 7090 FAP program (`*.fap`) becomes an asm7090-format object deck (`.obj`); a 9AP program
//! (the 709 diagnostics' card conventions) the deck 9AP punched, as a column-binary card file
//! (`.cbn`). The dialect is the flag's (`--dialect`), else the extension's (`.sil`, `.fap`),
//! else the content's (`assembler::guess`).

use std::path::{Path, PathBuf};

use anyhow::Context;
use assembler::guess::{self, Language};
use assembler::report::{AsmReport, Dialect, Start};
use assembler::sil;

/// A dialect named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DialectArg {
    /// SILLIAC order notation.
    Sil,
    /// IBM 7090 FAP.
    Fap,
    /// 9AP, the 709 diagnostic assembler's cards.
    #[value(name = "9ap")]
    Ap9,
}

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
    /// The source's dialect; default: by the extension (`.sil`, `.fap`), else by the content.
    #[arg(long, value_enum)]
    pub dialect: Option<DialectArg>,
    /// For 9AP: also write the flat store image (32,768 words of five bytes, big-endian).
    #[arg(long)]
    pub image: Option<PathBuf>,
    /// What was assembled, as JSON on standard output (errors stay on standard error).
    #[arg(long)]
    pub json: bool,
    /// For FAP: also write the SIMH command file that runs the object deck in SIMH's `i7094`
    /// (`i7094 FILE`, in FILE's folder: `load` the deck, the printer on FILE's name with
    /// `.lpt`, `go` to the start). A 9AP deck has no loader card of its own: `firstmoves diag
    /// FILE --start ADDR --deck X.cbn --simh X.ini` writes one that boots by LOAD CARDS.
    #[arg(long, value_name = "FILE")]
    pub simh: Option<PathBuf>,
    /// For FAP: assemble every card as FAP does, a card in error flagged and its field in error
    /// zero; the deck and listing are written, the errors listed, and the exit status is 1.
    #[arg(long)]
    pub flagged: bool,
}

pub fn run(args: AsmArgs) -> anyhow::Result<()> {
    if args.disassemble {
        return disassemble(&args);
    }
    let source = super::read_input(&args.input, super::Kind::Source)?;
    let name = args.input.display().to_string();
    let extension = args
        .input
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let (language, guessed) = match (args.dialect, extension.as_deref()) {
        (Some(DialectArg::Sil), _) => (Language::Sil, None),
        (Some(DialectArg::Fap), _) => (Language::Fap, None),
        (Some(DialectArg::Ap9), _) => (Language::Ap9, None),
        (None, Some("sil")) => (Language::Sil, None),
        (None, Some("fap")) => (Language::Fap, None),
        (None, _) => {
            let g = guess::by_content(&source);
            (g.language, Some(g))
        }
    };
    let exit = |diagnostics: &dyn std::fmt::Display, count: usize| -> ! {
        report_errors(diagnostics, count, &name);
        if let Some(g) = &guessed {
            eprintln!(
                "{name}: read as {} source by its content ({}); if it is not, name the dialect \
                 with --dialect sil|fap|9ap",
                g.language, g.reason
            );
        }
        std::process::exit(1);
    };
    match language {
        Language::Fap => {
            if args.raw {
                anyhow::bail!(
                    "{name}: --raw is for SILLIAC tapes; a FAP program becomes an object deck"
                );
            }
            if args.flagged {
                let (program, errors) = assembler::fap::assemble_flagged(&source, &name);
                write_fap(&args, &program, &name)?;
                if !errors.is_empty() {
                    exit(&errors, errors.len());
                }
                return Ok(());
            }
            let program =
                assembler::fap::assemble(&source, &name).unwrap_or_else(|d| exit(&d, d.len()));
            return write_fap(&args, &program, &name);
        }
        Language::Ap9 if args.simh.is_some() => {
            anyhow::bail!(
                "{name}: --simh is for FAP object decks; a 9AP deck has no loader card of its \
                 own: `firstmoves diag {name} --start ADDR --deck X.cbn --simh X.ini` writes one \
                 that boots by LOAD CARDS"
            );
        }
        Language::Sil if args.simh.is_some() => {
            anyhow::bail!("{name}: --simh is for 7090 FAP programs; SIMH has no SILLIAC");
        }
        Language::Ap9 | Language::Sil if args.flagged => {
            anyhow::bail!(
                "{name}: --flagged is for FAP, which assembles a card in error as FAP does"
            );
        }
        Language::Ap9 => {
            if args.raw {
                anyhow::bail!(
                    "{name}: --raw is for SILLIAC tapes; a 9AP program becomes a card deck"
                );
            }
            let program =
                assembler::ap9::assemble(&source, &name).unwrap_or_else(|d| exit(&d, d.len()));
            return write_ap9(&args, &program, &name);
        }
        Language::Sil => {}
    }
    let program = sil::assemble(&source, &name).unwrap_or_else(|d| exit(&d, d.len()));
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
    summary(
        &args,
        format!(
            "{name}: {} words used, start {}; tape {} ({} frames)",
            program.words_used(),
            program.start,
            output.display(),
            frames.len()
        ),
        AsmReport {
            file: name.to_string(),
            dialect: Dialect::Sil,
            words: program.words_used(),
            start: Start::Silliac(program.start),
            output: output.display().to_string(),
            frames: Some(frames.len()),
            cards: None,
        },
    )
}

/// The one-line summary on standard error, and with `--json` the same facts on standard
/// output.
fn summary(args: &AsmArgs, line: String, report: AsmReport) -> anyhow::Result<()> {
    eprintln!("{line}");
    if args.json {
        // Through a Value: its keys sorted, as every JSON report (docs/json.md).
        crate::cmd::output::print_json_pretty(report)?;
    }
    Ok(())
}

/// FAP: the object deck (and listing).
fn write_fap(args: &AsmArgs, program: &assembler::fap::Program, name: &str) -> anyhow::Result<()> {
    for w in &program.warnings {
        eprintln!("{w}");
    }
    let output = output_path(args, "obj", name)?;
    write(&output, program.object_deck().as_bytes())?;
    if let Some(ini) = &args.simh {
        write(ini, simh_file(&output, ini, program.start).as_bytes())?;
    }
    if let Some(path) = &args.listing {
        write(path, program.listing().as_bytes())?;
    }
    summary(
        args,
        format!(
            "{name}: {} words, start {:05o} (octal); object deck {}",
            program.words.len(),
            program.start,
            output.display()
        ),
        AsmReport {
            file: name.to_string(),
            dialect: Dialect::Fap,
            words: program.words.len(),
            start: Start::Octal(format!("{:05o}", program.start)),
            output: output.display().to_string(),
            frames: None,
            cards: None,
        },
    )
}

/// The SIMH command file that loads the object deck `deck` into SIMH's i7094 and runs it from
/// `start`: the deck named from the command file's folder (where `i7094` is to run), the
/// printer on the command file's name with `.lpt`.
fn simh_file(deck: &Path, ini: &Path, start: u16) -> String {
    let folder = |p: &Path| {
        let parent = p.parent().unwrap_or(Path::new(""));
        std::path::absolute(parent).unwrap_or_else(|_| parent.to_path_buf())
    };
    let deck_name = if folder(deck) == folder(ini) {
        deck.file_name().map(PathBuf::from).unwrap_or_default()
    } else {
        std::path::absolute(deck).unwrap_or_else(|_| deck.to_path_buf())
    };
    let printer = ini.with_extension("lpt");
    let printer = printer.file_name().unwrap_or_default().to_string_lossy();
    format!(
        "; Written by `firstmoves asm --simh`: runs {deck} in SIMH's i7094 (i7094 THIS-FILE).\n\
         set cpu 7090\nload {deck}\natt lpt {printer}\ngo {start:o}\nex OLDPC\nex PC\nex AC\nquit\n",
        deck = deck_name.display()
    )
}

/// 9AP: the deck 9AP punched as a column-binary card file (and listing, flat image).
fn write_ap9(args: &AsmArgs, program: &assembler::ap9::Program, name: &str) -> anyhow::Result<()> {
    for w in &program.warnings {
        eprintln!("{w}");
    }
    let output = output_path(args, "cbn", name)?;
    write(&output, program.cbn().as_bytes())?;
    if let Some(path) = &args.listing {
        write(path, program.listing().as_bytes())?;
    }
    if let Some(path) = &args.image {
        write(path, &program.image())?;
    }
    summary(
        args,
        format!(
            "{name}: {} words, {} cards, transfer to {:05o} (octal); deck {}",
            program.words.len(),
            program.cards.len(),
            program.start,
            output.display()
        ),
        AsmReport {
            file: name.to_string(),
            dialect: Dialect::Ap9,
            words: program.words.len(),
            start: Start::Octal(format!("{:05o}", program.start)),
            output: output.display().to_string(),
            frames: None,
            cards: Some(program.cards.len()),
        },
    )
}

/// Every error, then their count.
fn report_errors(diagnostics: &dyn std::fmt::Display, count: usize, name: &str) {
    eprintln!("{diagnostics}");
    eprintln!("{name}: {count} error{}", if count == 1 { "" } else { "s" });
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
        let text = super::read_input(&args.input, super::Kind::Source)?;
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
