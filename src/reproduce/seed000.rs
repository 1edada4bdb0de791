//! Seed 000: the Number Rotation Puzzle.

use super::seed002::{pending_groups, pending_search};
use super::{Check, Outcome, Verdict};
use crate::{Convention, Perm, Puzzle};

pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "s000-3cycle-3x3-blocks",
            heavy: false,
            run: three_cycle_3x3_blocks,
        },
        Check {
            id: "s000-transposition-2xn",
            heavy: false,
            run: transposition_2xn,
        },
        Check {
            id: "s000-transposition-3x3",
            heavy: false,
            run: transposition_3x3,
        },
        Check {
            id: "s000-cycle-shift",
            heavy: false,
            run: cycle_shift,
        },
        Check {
            id: "s000-spiral",
            heavy: false,
            run: pending_search,
        },
        Check {
            id: "s000-2xn-solvable",
            heavy: false,
            run: pending_groups,
        },
        Check {
            id: "s000-2x2-blocks-solvable",
            heavy: false,
            run: pending_groups,
        },
        Check {
            id: "s000-3x3-blocks-parity",
            heavy: false,
            run: pending_groups,
        },
        Check {
            id: "s000-general-case",
            heavy: false,
            run: pending_groups,
        },
        Check {
            id: "s000-2x3-120",
            heavy: false,
            run: pending_groups,
        },
        Check {
            id: "s000-3x4-720",
            heavy: false,
            run: pending_groups,
        },
        Check {
            id: "s000-3x4-first-column",
            heavy: false,
            run: pending_groups,
        },
        Check {
            id: "s000-3x4-count",
            heavy: false,
            run: pending_groups,
        },
    ]
}

/// The conventions under which `word` on `spec` has exactly the cycle lengths `want`,
/// with the permutation under each convention as evidence.
fn conventions_with_cycle_type(spec: &str, word: &str, want: &[usize]) -> Result<Outcome, String> {
    let p = Puzzle::builtin(spec).map_err(|e| e.to_string())?;
    let w = p.parse_word(word).map_err(|e| e.to_string())?;
    let mut good = Vec::new();
    let mut evidence = Vec::new();
    for c in Convention::all() {
        let g = p.eval_with(&w, c);
        let lens: Vec<usize> = g.cycles().iter().map(Vec::len).collect();
        if lens == want {
            good.push(c);
        }
        evidence.push(format!("{g} ({c})"));
    }
    Ok(Outcome::new(
        verdict_for(&good),
        format!("{spec}: {}", evidence.join("; ")),
        format!("{word} evaluated under the four conventions"),
    ))
}

/// Holds when the default convention works, else holds only under the ones that do.
pub(super) fn verdict_for(good: &[Convention]) -> Verdict {
    if good.contains(&Convention::default()) {
        Verdict::Holds
    } else if good.is_empty() {
        Verdict::False
    } else {
        Verdict::HoldsOnlyUnder(
            good.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" or "),
        )
    }
}

fn three_cycle_3x3_blocks() -> Result<Outcome, String> {
    conventions_with_cycle_type("board:4x4:3", "A D A' D' C' D A' D' A C", &[3])
}

fn transposition_2xn() -> Result<Outcome, String> {
    conventions_with_cycle_type("board:2x4:2", "X Y Z' Y2 X' Z' Y Z2 Y'", &[2])
}

fn transposition_3x3() -> Result<Outcome, String> {
    // X = lower-left (C), Y = upper-right (B), Z = lower-right (D)
    conventions_with_cycle_type("board:3x3:2", "C B' C' B D", &[2])
}

/// The belt of Cycle on the n x (n+1) board in clockwise order: the top row left to
/// right, the right column downwards, the left column upwards (0-based cells).
pub fn cycle_belt(n: usize) -> Vec<usize> {
    let cols = n + 1;
    let mut belt: Vec<usize> = (0..cols).collect();
    belt.extend((1..n).map(|r| r * cols + cols - 1));
    belt.extend((1..n).rev().map(|r| r * cols));
    belt
}

/// Whether `g` moves every cell of `belt` `step` places along it and fixes the rest.
fn shifts_belt(g: &Perm, belt: &[usize], step: i64) -> bool {
    let l = belt.len() as i64;
    g.support().len() == belt.len()
        && belt
            .iter()
            .enumerate()
            .all(|(k, &c)| g.image(c) == belt[(k as i64 + step).rem_euclid(l) as usize])
}

fn cycle_shift() -> Result<Outcome, String> {
    let mut ccw_conventions: Vec<Convention> = Convention::all().to_vec();
    let mut default_direction = String::new();
    for n in 4..=9 {
        let cols = n + 1;
        let p = Puzzle::builtin(&format!("board:{n}x{cols}:{n}")).map_err(|e| e.to_string())?;
        let w = p.parse_word("(Y X)^4").map_err(|e| e.to_string())?;
        let belt = cycle_belt(n);
        // the mirror image of the clockwise belt runs counterclockwise
        let mirror: Vec<usize> = belt
            .iter()
            .map(|&c| c / cols * cols + (cols - 1 - c % cols))
            .collect();
        let k = n as i64 - 3;
        ccw_conventions.retain(|&c| {
            let g = p.eval_with(&w, c);
            shifts_belt(&g, &belt, -k) || shifts_belt(&g, &mirror, k)
        });
        let g = p.eval(&w);
        if n == 4 {
            default_direction = if shifts_belt(&g, &belt, k) {
                format!("read left to right with clockwise turns, (Y X)^4 moves its belt of 3n-1 cells n-3 places clockwise (n=4: {g})")
            } else {
                format!("(Y X)^4 under the default reading is {g}")
            };
        }
    }
    Ok(Outcome::new(
        verdict_for(&ccw_conventions),
        format!("{default_direction}; the shift is counterclockwise for n = 4..9 under: {}",
            ccw_conventions.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")),
        "(Y X)^4 on board:nx(n+1):n for n = 4..9 compared with shifts of the belt (top row, right column, left column) and its mirror image",
    ))
}
