//! Writes the paper's linear-algebra table (paper/generated/linalg.tex) from the
//! library: for each puzzle, its orbits, the invariants `linear_invariants` finds,
//! the index of its group in the full group on the same pieces against the number of
//! solutions of the invariant equations, its moves, `λ*` of the random-move operator
//! on points and the rank of the permutation module.
//!
//! Usage (paper/build.sh runs it):
//! `cargo run --release --example linalg_table -- OUT.tex 'LABEL=SPEC' ...`
//! where LABEL is the puzzle's name as LaTeX and SPEC what `Puzzle::load` takes.

use permlab::linalg::invariants::{linear_invariants, LinearInvariant};
use permlab::linalg::permutation_module::rank;
use permlab::linalg::spectrum::{closed_under_inverses, random_move_spectrum, Domain};
use permlab::search::space::metric_moves;
use permlab::{PermGroup, Puzzle};
use std::path::Path;
use std::process::ExitCode;

/// "twist mod 3, flip mod 2, 1 sign" from the invariants' kinds and moduli.
fn found(invariants: &[LinearInvariant]) -> String {
    let mut parts = Vec::new();
    let mut signs = 0;
    let mut mixed = 0;
    for inv in invariants {
        match inv {
            LinearInvariant::Orbit { .. } => {}
            LinearInvariant::Orientation { modulus: 2, .. } => parts.push("flip mod 2".to_string()),
            LinearInvariant::Orientation { modulus, .. } => {
                parts.push(format!("twist mod {modulus}"))
            }
            LinearInvariant::Sign { .. } => signs += 1,
            LinearInvariant::Mixed { .. } => mixed += 1,
        }
    }
    match signs {
        0 => {}
        1 => parts.push("1 sign".to_string()),
        n => parts.push(format!("{n} signs")),
    }
    match mixed {
        0 => {}
        1 => parts.push("1 mixed".to_string()),
        n => parts.push(format!("{n} mixed")),
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

fn row(label: &str, spec: &str) -> Result<String, Box<dyn std::error::Error>> {
    let puzzle = Puzzle::load(spec)?;
    let metric = puzzle.metric();
    let (_, moves) = metric_moves(&puzzle, metric)?;
    let group: PermGroup = puzzle.group();
    let inv = linear_invariants(&group)?;
    let spectrum = random_move_spectrum(puzzle.degree(), &moves, Domain::Points)?;
    let lambda = spectrum
        .lambda_star
        .map_or("--".to_string(), |l| format!("{l:.6}"));
    let mut invariants = found(&inv.invariants);
    if !closed_under_inverses(&moves) {
        invariants.push_str(" (walk not reversible)");
    }
    Ok(format!(
        "{label} & {} & {invariants} & {} & {} & {} ({}) & {lambda} & {} \\\\\n",
        inv.orbits,
        inv.index(),
        inv.solutions,
        moves.len(),
        metric.name(),
        rank(&group)?,
    ))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((out, puzzles)) = args.split_first() else {
        eprintln!("usage: linalg_table OUT.tex 'LABEL=SPEC' ...");
        return ExitCode::from(2);
    };
    let mut tex = String::from(
        "% written by examples/linalg_table.rs (paper/build.sh) from permlab's library\n\
         \\begin{tabular}{@{}lrlrrlrr@{}}\n\\toprule\n\
         puzzle & orbits & invariants found & index & solutions & moves & $\\lambda_*$ (points) & rank \\\\\n\
         \\midrule\n",
    );
    for item in puzzles {
        let Some((label, spec)) = item.split_once('=') else {
            eprintln!("linalg_table: {item}: expected LABEL=SPEC");
            return ExitCode::from(2);
        };
        match row(label, spec) {
            Ok(r) => tex.push_str(&r),
            Err(e) => {
                eprintln!("linalg_table: {spec}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    tex.push_str("\\bottomrule\n\\end{tabular}\n");
    if let Err(e) = permlab::io::write_atomic(Path::new(out), tex.as_bytes()) {
        eprintln!("linalg_table: {out}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
