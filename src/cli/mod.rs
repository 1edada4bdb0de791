//! Command-line interface: one file per group of subcommands.

mod args;
mod core;
mod figure;
mod group;
mod nrp;
mod progress;
mod reproduce;
mod search;
mod structure;

use clap::{Parser, Subcommand};
use permlab::{Convention, Direction, ProductOrder};
use std::process::ExitCode;

/// The error type of every subcommand: printed as one line by `main`.
pub type CliError = Box<dyn std::error::Error + Send + Sync>;

/// What a subcommand returns: its exit code, or an error.
pub type CliResult = Result<ExitCode, CliError>;

#[derive(Parser)]
#[command(
    name = "permlab",
    version,
    about = "Permutation puzzles with linear algebra and computational group theory",
    long_about = "Permutation puzzles with linear algebra and computational group theory.\n\n\
PUZZLE is a built-in (see `permlab puzzles`) or a path to a .gens file. Points and states are \
1-based; products are left to right (first the left factor, as in GAP)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Options for reading words.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct ConventionArgs {
    /// Product order: lr (first the left letter, GAP) or rl (first the right letter).
    #[arg(long, value_enum, default_value = "lr")]
    pub convention: ProductOrder,
    /// Turn direction of letters: cw (as defined) or ccw (each letter inverted).
    #[arg(long, value_enum, default_value = "cw")]
    pub direction: Direction,
}

impl ConventionArgs {
    /// The convention these options select.
    pub fn convention(&self) -> Convention {
        Convention {
            order: self.convention,
            direction: self.direction,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    #[command(flatten)]
    Core(core::CoreCommand),
    #[command(flatten)]
    Group(group::GroupCommand),
    #[command(flatten)]
    Search(search::SearchCommand),
    #[command(flatten)]
    Structure(structure::StructureCommand),
    #[command(flatten)]
    Figure(figure::FigureCommand),
    /// Check every claim of the five seeds and write paper/generated/.
    Reproduce(reproduce::ReproduceArgs),
    /// Seed 000's Number Rotation Puzzle: Spiral, Cycle, 3-cycles, solve, bench.
    Nrp(nrp::NrpArgs),
}

/// Parses the command line and runs the subcommand.
pub fn run() -> CliResult {
    let cli = Cli::parse();
    match cli.command {
        Command::Core(c) => c.run(),
        Command::Group(c) => c.run(),
        Command::Search(c) => c.run(),
        Command::Structure(c) => c.run(),
        Command::Figure(c) => c.run(),
        Command::Reproduce(a) => reproduce::run(a),
        Command::Nrp(a) => nrp::run(a),
    }
}

/// The one-line message of a command's error, with the option to use where the library's
/// error names a limit the command line can change.
pub fn error_line(e: &CliError) -> String {
    let text = e.to_string().replace('\n', " ");
    let memory = matches!(
        e.downcast_ref::<permlab::search::bfs::SearchError>(),
        Some(permlab::search::bfs::SearchError::Memory(
            permlab::search::table::TableError::Memory { .. }
        ))
    ) || matches!(
        e.downcast_ref::<permlab::search::table::TableError>(),
        Some(permlab::search::table::TableError::Memory { .. })
    );
    if memory {
        format!("{text}; raise --max-memory or choose a smaller search")
    } else {
        text
    }
}

/// Prints a JSON value on stdout.
pub fn print_json(value: &serde_json::Value) {
    println!(
        "{}",
        serde_json::to_string_pretty(value).expect("JSON values serialise")
    );
}

/// Text for a LaTeX table cell: `<R,U>` as angle brackets, other `<`, `>`, `<=`,
/// `>=` as math, `\ _ % & #` escaped.
pub(crate) fn latex_text(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut open = false;
    let mut i = 0;
    while i < chars.len() {
        let next = chars.get(i + 1).copied();
        match chars[i] {
            '<' if next.is_some_and(|c| c.is_alphabetic()) => {
                open = true;
                out.push_str("$\\langle$");
            }
            '>' if open => {
                open = false;
                out.push_str("$\\rangle$");
            }
            c @ ('<' | '>') => {
                let op = match (c, next) {
                    ('<', Some('=')) => "\\le",
                    ('>', Some('=')) => "\\ge",
                    ('<', _) => "<",
                    _ => ">",
                };
                if next == Some('=') {
                    i += 1;
                }
                out.push_str(&format!("${op}$"));
            }
            '\\' => out.push_str("\\textbackslash{}"),
            c @ ('_' | '%' | '&' | '#') => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn latex_text_brackets_comparisons_and_escapes() {
        assert_eq!(
            super::latex_text("cube2 <R,U,F> <= 3 s, > 40 s, 50% a_b"),
            "cube2 $\\langle$R,U,F$\\rangle$ $\\le$ 3 s, $>$ 40 s, 50\\% a\\_b"
        );
    }
}
