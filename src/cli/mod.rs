//! Command-line interface: one file per group of subcommands.

mod args;
mod bench;
mod bfs;
mod cache;
mod classes;
mod core;
mod distributed;
mod export;
mod figure;
mod group;
mod linalg;
mod mixing;
mod nrp;
pub mod output;
mod progress;
mod reproduce;
mod search;
mod solve;
mod space;
mod structure;

use clap::{Parser, Subcommand};
use output::{out, outln};
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
PUZZLE is a built-in (see `permlab puzzles`) or a path to a .gens, .tws (twsearch) or .geo (geometry) file. Points and states are \
1-based; products are left to right (first the left factor, as in GAP)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Machine-readable output: one JSON document on stdout (every subcommand has one;
    /// the flag is accepted before or after the subcommand).
    #[arg(long, global = true)]
    json: bool,
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
    Classes(classes::ClassesCommand),
    #[command(flatten)]
    Figure(figure::FigureCommand),
    /// A puzzle's group for GAP (--gap), SymPy (--sympy) or twsearch (--tws).
    Export(export::ExportArgs),
    /// Check every claim of the five seeds and write paper/generated/.
    Reproduce(reproduce::ReproduceArgs),
    /// The total-variation distance to uniform after 0..K uniformly random moves.
    Mixing(mixing::MixingArgs),
    /// The linear invariants of a puzzle's moves: orbits (over Q), twist sums (over
    /// Z/k) and sign relations (over GF(2)).
    Invariants(linalg::InvariantsArgs),
    /// Eigenvalues of a word's matrix, or of the random-move operator on points or
    /// ordered pairs, with its spectral gap and mixing bounds.
    Spectrum(linalg::SpectrumArgs),
    /// The permutation module: its rank (orbits on ordered pairs) and the orbital
    /// matrices with their eigenvalues.
    Module(linalg::ModuleArgs),
    /// Seed 000's Number Rotation Puzzle: Spiral, Cycle, 3-cycles, solve, bench.
    Nrp(nrp::NrpArgs),
    /// The table cache: `list` shows its directory and tables, `clear` empties it.
    Cache {
        #[command(subcommand)]
        what: cache::CacheCommand,
    },
    /// Benchmarks.
    Bench {
        #[command(subcommand)]
        which: bench::BenchWhich,
    },
}

/// Parses the command line and runs the subcommand; stdout is flushed before the
/// exit code is returned, so that a failed write is reported.
pub fn run() -> CliResult {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    progress::install_signal_handler();
    let json = cli.json;
    let code = match cli.command {
        Command::Core(c) => c.run(json),
        Command::Group(c) => c.run(json),
        Command::Search(c) => c.run(json),
        Command::Structure(c) => c.run(json),
        Command::Classes(c) => c.run(json),
        Command::Figure(c) => c.run(json),
        Command::Export(a) => export::run(a, json),
        Command::Reproduce(a) => reproduce::run(a, json),
        Command::Mixing(a) => mixing::run(a, json),
        Command::Invariants(a) => linalg::run_invariants(a, json),
        Command::Spectrum(a) => linalg::run_spectrum(a, json),
        Command::Module(a) => linalg::run_module(a, json),
        Command::Nrp(a) => nrp::run(a, json),
        Command::Cache { what } => what.run(json),
        Command::Bench { which } => which.run(json),
    }?;
    output::flush()?;
    Ok(code)
}

/// What a clap error becomes: `--help` and `--version` text on stdout with exit code
/// 0 (exit code 2 when stdout cannot be written); a usage error as one line naming
/// the problem, with a hint to `--help`.
fn usage_error(e: clap::Error) -> CliResult {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            out!("{}", e.render());
            output::flush()?;
            return Ok(ExitCode::SUCCESS);
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            return Err("a subcommand is required (see --help)".into());
        }
        _ => {}
    }
    // clap's first line is "error: MESSAGE"; the rest is usage and tips.
    let rendered = e.render().to_string();
    let first = rendered
        .lines()
        .next()
        .unwrap_or("bad arguments")
        .trim_start_matches("error: ")
        .trim()
        .to_string();
    let first = if first.chars().count() > 300 {
        permlab::limits::clip(&first)
    } else {
        first
    };
    // `-1,2,3` or `--max-memory -5`: a value taken for an option
    let dash_value = e.kind() == ErrorKind::UnknownArgument
        && matches!(
            e.get(ContextKind::InvalidArg),
            Some(ContextValue::String(a)) if a
                .strip_prefix('-')
                .and_then(|r| r.chars().next())
                .is_some_and(|c| c.is_ascii_digit())
        );
    let first = match e.get(ContextKind::ValidValue) {
        Some(ContextValue::Strings(v)) if !v.is_empty() => {
            format!("{first}; possible values: {}", v.join(", "))
        }
        _ => first,
    };
    let hint = if dash_value {
        "; use -- before values that start with - (or --option=VALUE) (see --help)"
    } else if e.kind() == ErrorKind::ValueValidation {
        // the value parser's message says what is wrong with the value
        ""
    } else {
        " (see --help)"
    };
    Err(format!("{first}{hint}").into())
}

/// The one-line message of a command's error, with the option to use where the library's
/// error names a limit the command line can change.
pub fn error_line(e: &CliError) -> String {
    use permlab::search::{bfs::SearchError, table::TableError};
    let text = e.to_string().replace('\n', " ");
    let table = match (
        e.downcast_ref::<SearchError>(),
        e.downcast_ref::<permlab::search::ida::IdaError>(),
    ) {
        (Some(SearchError::Memory(t)), _) => Some(t),
        (_, Some(permlab::search::ida::IdaError::Memory(t))) => Some(t),
        (_, Some(permlab::search::ida::IdaError::Search(SearchError::Memory(t)))) => Some(t),
        _ => e.downcast_ref::<TableError>(),
    };
    match table {
        Some(TableError::Memory {
            source_of_limit, ..
        }) if source_of_limit == permlab::search::table::GIVEN_BOUND => {
            format!("{text}; raise --max-memory or choose a smaller search")
        }
        Some(TableError::Memory { .. }) => format!("{text}; choose a smaller search"),
        _ => text,
    }
}

/// Prints a JSON value on stdout.
pub fn print_json(value: &serde_json::Value) -> Result<(), output::OutputError> {
    outln!(
        "{}",
        serde_json::to_string_pretty(value).expect("JSON values serialise")
    );
    Ok(())
}
