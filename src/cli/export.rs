//! `permlab export`: a puzzle for GAP, SymPy or twsearch.

use super::output::out;
use super::{print_json, CliResult};
use clap::Args;
use permlab::puzzle::export::{to_gap, to_sympy};
use permlab::Puzzle;
use std::process::ExitCode;

#[derive(Args)]
#[command(group(clap::ArgGroup::new("format").args(["gap", "sympy", "tws"])))]
pub struct ExportArgs {
    /// A built-in puzzle, a .gens or .tws file, or either with a bracket list of
    /// generator words (`cube3[R2,U]`).
    #[arg(value_parser = super::args::puzzle_arg)]
    pub puzzle: Puzzle,
    /// GAP code: `names := [...];; G := Group([...]);;` (1-based cycles).
    #[arg(long)]
    pub gap: bool,
    /// A Python snippet for SymPy: `G = PermutationGroup(generators)` (0-based).
    #[arg(long)]
    pub sympy: bool,
    /// A twsearch/ksolve definition (.tws): one set per orbit, a move per generator.
    #[arg(long)]
    pub tws: bool,
}

/// Prints the puzzle in the chosen format on stdout; with `json`,
/// `{"puzzle", "format", "text"}`.
pub fn run(a: ExportArgs, json: bool) -> CliResult {
    let text = if a.gap {
        to_gap(&a.puzzle)
    } else if a.sympy {
        to_sympy(&a.puzzle)
    } else if a.tws {
        a.puzzle.to_tws()?
    } else {
        return Err("export: give the format, --gap, --sympy or --tws".into());
    };
    if json {
        let format = match (a.gap, a.sympy) {
            (true, _) => "gap",
            (_, true) => "sympy",
            _ => "tws",
        };
        print_json(&serde_json::json!({
            "puzzle": a.puzzle.name(),
            "format": format,
            "text": text,
        }))?;
    } else {
        out!("{text}");
    }
    Ok(ExitCode::SUCCESS)
}
