//! What a shell and `man` need, generated from the command line's own definition so that they
//! never drift from it: completions (`clap_complete`) and the manual page (`clap_mangen`).

#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh or fish (also elvish, powershell).
    pub shell: clap_complete::Shell,
}

/// The completion script for `args.shell` on standard output. Install, for bash:
/// `firstmoves completions bash > ~/.local/share/bash-completion/completions/firstmoves`.
pub fn completions(mut cmd: clap::Command, args: CompletionsArgs) -> anyhow::Result<()> {
    // Into memory first: clap_complete panics when its writer fails (a closed pipe).
    let mut text = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "firstmoves", &mut text);
    print(&text);
    Ok(())
}

#[derive(clap::Args)]
pub struct ManArgs {
    /// One subcommand's page, e.g. `dama exhibition` (the page firstmoves-dama-exhibition(1));
    /// without, every page: the main page, then each subcommand's at every depth.
    pub command: Vec<String>,
}

/// Manual pages in roff: each names its subcommands' pages as `firstmoves-dama-exhibition(1)`,
/// and every page it names is among those `firstmoves man` writes.
pub fn man(mut cmd: clap::Command, args: ManArgs) -> anyhow::Result<()> {
    // Building gives every subcommand its full name (`firstmoves-dama`, `firstmoves dama`),
    // which the pages' titles, synopses and references use.
    cmd.build();
    let mut page = &cmd;
    for (i, name) in args.command.iter().enumerate() {
        page = page.find_subcommand(name).ok_or_else(|| {
            let path = std::iter::once("firstmoves")
                .chain(args.command[..i].iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" ");
            anyhow::anyhow!("man: `{path}` has no subcommand `{name}`")
        })?;
    }
    let mut text = Vec::new();
    if args.command.is_empty() {
        pages(page, &mut text)?;
    } else {
        clap_mangen::Man::new(page.clone()).render(&mut text)?;
    }
    print(&text);
    Ok(())
}

/// `cmd`'s page, then its subcommands' pages, depth first.
fn pages(cmd: &clap::Command, out: &mut Vec<u8>) -> std::io::Result<()> {
    clap_mangen::Man::new(cmd.clone()).render(out)?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        pages(sub, out)?;
    }
    Ok(())
}

/// Through `print!`, whose failures the binary's panic hook turns into the Unix exits (a
/// closed pipe quietly).
fn print(bytes: &[u8]) {
    print!("{}", String::from_utf8_lossy(bytes));
}
