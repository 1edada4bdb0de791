//! Seed 001: the staged solver of the Rotation puzzle.

use super::{holds_if, Check, Outcome};
use crate::search::staged::{compare_rotation3, Comparison, StagedSolver};
use std::sync::OnceLock;

pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "s001-cases",
            heavy: false,
            run: cases,
        },
        Check {
            id: "s001-staged-solves",
            heavy: false,
            run: staged_solves,
        },
        Check {
            id: "s001-53",
            heavy: false,
            run: bound_53,
        },
        Check {
            id: "s001-optimal",
            heavy: false,
            run: optimal,
        },
    ]
}

/// The staged and optimal solvers over all 9! states, computed once.
fn comparison() -> Result<&'static Comparison, String> {
    static CELL: OnceLock<Result<Comparison, String>> = OnceLock::new();
    CELL.get_or_init(compare_rotation3)
        .as_ref()
        .map_err(Clone::clone)
}

fn cases() -> Result<Outcome, String> {
    let counts = StagedSolver::rotation3().case_counts();
    let total: usize = counts.iter().sum();
    Ok(Outcome::new(
        holds_if(counts == [9, 8, 7, 6, 5, 4, 3, 2] && total == 44),
        format!("cells per decision matrix: {counts:?}, total {total}"),
        "counting the non-0 entries of D(1), D(2), D(3), D(7), D(8), D(9), D(5), D(4) (data/rotation3_staged.txt)",
    ))
}

fn staged_solves() -> Result<Outcome, String> {
    let c = comparison()?;
    let solved: u64 = c.staged.iter().sum();
    Ok(Outcome::new(
        holds_if(solved == 362_880),
        format!(
            "the decision matrices, applied as written (X^-1 as X^3), solve all {solved} states"
        ),
        "the staged solver run on every state of rotation3, each solution checked",
    ))
}

fn bound_53() -> Result<Outcome, String> {
    let c = comparison()?;
    let worst = c.staged.len() - 1;
    let needing = c.staged[worst];
    let stage_sum: usize = c.stage_max.iter().sum();
    let seed_stages = [4usize, 3, 10, 3, 5, 7, 8, 13];
    let labels = StagedSolver::rotation3().stage_labels();
    let differing: Vec<String> = seed_stages
        .iter()
        .zip(&c.stage_max)
        .zip(&labels)
        .filter(|((s, m), _)| s != m)
        .map(|((s, m), l)| format!("stage D({}) takes up to {m}, not {s}", l + 1))
        .collect();
    Ok(Outcome::new(
        holds_if(worst <= 53),
        format!(
            "the longest staged solution has {worst} turns ({needing} states need it; optimal length of such a state: {}); per-stage maxima {:?} (sum {stage_sum}){}",
            c.worst.1,
            c.stage_max,
            if differing.is_empty() { String::new() } else { format!("; {}", differing.join(", ")) }
        ),
        "the staged solver on all 9! states, counting clockwise quarter turns",
    )
    .number("StagedWorst", worst)
    .number("StagedWorstCount", needing)
    .number("StagedStageSum", stage_sum))
}

fn optimal() -> Result<Outcome, String> {
    let c = comparison()?;
    let god = c.optimal.len() - 1;
    let longer: u64 = c
        .joint
        .iter()
        .filter(|((o, s), _)| s > o)
        .map(|(_, &n)| n)
        .sum();
    Ok(Outcome::new(
        holds_if(longer > 0),
        format!(
            "optimal solutions need at most {god} clockwise turns (mean {:.2}); the staged solver's mean is {:.2}, and it is longer than optimal on {longer} of 362880 states",
            c.optimal.mean().unwrap_or(0.0),
            c.staged.mean().unwrap_or(0.0)
        ),
        "breadth-first search over all 9! states with the inverse (counterclockwise) moves from solved",
    )
    .number("RotationGod", god)
    .number("RotationMeanOptimal", format!("{:.2}", c.optimal.mean().unwrap_or(0.0)))
    .number("RotationMeanStaged", format!("{:.2}", c.staged.mean().unwrap_or(0.0))))
}
