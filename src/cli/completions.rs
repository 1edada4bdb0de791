//! `permlab completions SHELL` and `permlab man`: the shell completion script
//! (clap_complete) and the man page (clap_mangen), both generated from the one
//! command-line definition, so they cannot disagree with `--help`.

use super::output::out;
use super::{Cli, CliResult};
use clap::CommandFactory;
use std::process::ExitCode;

/// The shells `permlab completions` writes a script for.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
}

/// Options of `permlab completions`.
#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh or fish.
    #[arg(value_enum)]
    shell: Shell,
}

/// Prints the completion script for the shell on stdout.
pub fn run_completions(a: CompletionsArgs) -> CliResult {
    let shell = match a.shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "permlab", &mut script);
    out!("{}", String::from_utf8_lossy(&script));
    Ok(ExitCode::SUCCESS)
}

/// Prints the man page permlab(1) in roff on stdout.
pub fn run_man() -> CliResult {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut page)?;
    out!("{}", String::from_utf8_lossy(&page));
    Ok(ExitCode::SUCCESS)
}
