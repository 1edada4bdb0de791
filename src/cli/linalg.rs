//! `permlab invariants`: the linear invariants of a puzzle's moves
//! ([`permlab::linalg`]).

use super::output::outln;
use super::{print_json, CliResult};
use clap::Args;
use permlab::linalg::invariants::{fixed_space_dimension, linear_invariants, LinearInvariant};
use permlab::proof::invariant::ParityCoordinate;
use permlab::Puzzle;
use serde_json::{json, Value};
use std::process::ExitCode;

/// Degrees up to which the fixed space over Q is also computed from a Smith form.
const FIXED_SPACE_CHECK: usize = 128;

/// Arguments of `permlab invariants`.
#[derive(Args)]
pub struct InvariantsArgs {
    /// A built-in puzzle or a .gens file.
    #[arg(value_parser = super::args::puzzle_arg)]
    puzzle: Puzzle,
}

fn one_based(points: &[usize]) -> Vec<usize> {
    points.iter().map(|p| p + 1).collect()
}

fn coordinate_json(c: &ParityCoordinate) -> Value {
    match c {
        ParityCoordinate::Orbit(o) => json!({"points": one_based(o)}),
        ParityCoordinate::Blocks(b) => {
            json!({"pieces": b.iter().map(|p| one_based(p)).collect::<Vec<_>>()})
        }
    }
}

fn invariant_json(inv: &LinearInvariant) -> Value {
    let mut v = json!({
        "kind": inv.kind(),
        "modulus": inv.modulus(),
        "sentence": inv.sentence(),
    });
    match inv {
        LinearInvariant::Orbit { points } => v["points"] = json!(one_based(points)),
        LinearInvariant::Orientation { terms, .. } => {
            v["coefficients"] = terms
                .iter()
                .map(|(c, sys)| {
                    json!({
                        "coefficient": c,
                        "twist_modulus": sys.modulus,
                        "pieces": sys.pieces.iter().map(|p| one_based(p)).collect::<Vec<_>>(),
                    })
                })
                .collect();
        }
        LinearInvariant::Sign { terms } => {
            v["coefficients"] = terms
                .iter()
                .map(|c| {
                    let mut t = coordinate_json(c);
                    t["coefficient"] = json!(1);
                    t
                })
                .collect();
        }
    }
    v
}

/// Runs `permlab invariants`.
pub fn run_invariants(args: InvariantsArgs, json: bool) -> CliResult {
    let puzzle = args.puzzle;
    let g = puzzle.group();
    let inv = linear_invariants(&g)?;
    for i in &inv.invariants {
        if !g.generators().iter().all(|s| i.holds_for(s)) {
            return Err(format!("internal error: a generator breaks \"{}\"", i.sentence()).into());
        }
    }
    let fixed = if g.degree() <= FIXED_SPACE_CHECK {
        let d = fixed_space_dimension(g.degree(), g.generators())?;
        if d != inv.orbits {
            return Err(format!(
                "internal error: fixed space of dimension {d} but {} orbits",
                inv.orbits
            )
            .into());
        }
        Some(d)
    } else {
        None
    };
    let index = inv.index();
    if json {
        print_json(&json!({
            "puzzle": puzzle.name(),
            "invariants": inv.invariants.iter().map(invariant_json).collect::<Vec<_>>(),
            "orbits": inv.orbits,
            "fixed_space_dimension": fixed,
            "solutions": inv.solutions.to_string(),
            "separate_solutions": inv.separate_solutions.to_string(),
            "full_order": inv.full_order.to_string(),
            "group_order": inv.group_order.to_string(),
            "index": index.to_string(),
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    outln!("{}: linear invariants of the moves", puzzle.name());
    match fixed {
        Some(d) => outln!(
            "over Q: {} orbit(s); the vectors fixed by every move matrix form a space of dimension {d} (Smith form of the stacked P_s - I), spanned by the orbits' indicator vectors",
            inv.orbits
        ),
        None => outln!(
            "over Q: {} orbit(s), whose indicator vectors span the vectors fixed by every move matrix",
            inv.orbits
        ),
    }
    for i in &inv.invariants {
        let m = i
            .modulus()
            .map_or_else(|| "Q".to_string(), |m| format!("Z/{m}"));
        outln!("[{} over {m}] {}", i.kind(), i.sentence());
    }
    outln!(
        "the full group on the same pieces (a wreath product C_k wr S_m for each orbit with pieces that every move turns, a symmetric group on each other orbit) has order {}; the group has order {}, index {}",
        inv.full_order,
        inv.group_order,
        index
    );
    outln!(
        "the invariant equations (twist sums and signs together) have {} solution(s){}",
        inv.solutions,
        if inv.solutions == index {
            ": they account for the whole index".to_string()
        } else {
            format!(
                ": the positions satisfying them are {} times as many as the reachable ones",
                &index / &inv.solutions
            )
        }
    );
    if inv.solutions != inv.separate_solutions {
        outln!(
            "(the twist and sign relations listed have {} solutions taken separately: further relations mix twists and signs)",
            inv.separate_solutions
        );
    }
    Ok(ExitCode::SUCCESS)
}
