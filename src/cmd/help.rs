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

/// The manual page of the whole command line in roff: the main page, then one page a
/// subcommand (`firstmoves man | man -l -`).
pub fn man(cmd: clap::Command) -> anyhow::Result<()> {
    let mut text = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut text)?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let title = format!("firstmoves-{}", sub.get_name());
        clap_mangen::Man::new(sub.clone())
            .title(title)
            .render(&mut text)?;
    }
    print(&text);
    Ok(())
}

/// Through `print!`, whose failures the binary's panic hook turns into the Unix exits (a
/// closed pipe quietly).
fn print(bytes: &[u8]) {
    print!("{}", String::from_utf8_lossy(bytes));
}
