//! Seed 000: the Number Rotation Puzzle.

use super::seed002::{pending_groups, pending_search};
use super::{Check, Outcome, Verdict};
use crate::{Convention, Perm, PermGroup, Puzzle};
use num_bigint::BigUint;

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
            run: special_2x3,
        },
        Check {
            id: "s000-3x4-720",
            heavy: false,
            run: special_3x4,
        },
        Check {
            id: "s000-3x4-first-column",
            heavy: false,
            run: first_column_3x4,
        },
        Check {
            id: "s000-3x4-count",
            heavy: false,
            run: count_3x4,
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

fn group_of(spec: &str) -> Result<(Puzzle, PermGroup), String> {
    let p = Puzzle::builtin(spec).map_err(|e| e.to_string())?;
    let g = PermGroup::from_puzzle(&p);
    Ok((p, g))
}

fn factorial(n: u32) -> BigUint {
    (1..=n).map(BigUint::from).product()
}

fn special_2x3() -> Result<Outcome, String> {
    let (_, g) = group_of("board:2x3:2")?;
    let order = g.order();
    Ok(Outcome::new(
        super::holds_if(order == factorial(5)),
        format!(
            "|G| = {order} of 6! = 720 arrangements (index {}); orbits {:?}",
            factorial(6) / &order,
            g.orbit_lengths()
        ),
        "Schreier–Sims on the two 2x2 block turns of the 2x3 board",
    )
    .number("OrderBoardTwoByThree", &order))
}

fn special_3x4() -> Result<Outcome, String> {
    let (_, g) = group_of("board:3x4:3")?;
    let order = g.order();
    let colour_bound = factorial(6) * factorial(6);
    Ok(Outcome::new(
        super::holds_if(order == factorial(6)),
        format!(
            "|G| = {order} = 6!, while keeping the two colour classes (orbits {:?}) would allow 6!·6! = {colour_bound}",
            g.orbit_lengths()
        ),
        "Schreier–Sims on the two 3x3 block turns of the 3x4 board",
    )
    .number("OrderBoardThreeByFour", &order))
}

/// The states of `board:3x4:3` (all 720 group elements, by unranking).
fn states_3x4() -> Result<(Puzzle, Vec<Vec<u32>>), String> {
    let (p, g) = group_of("board:3x4:3")?;
    let n = g.order_u128().ok_or("group too large")?;
    Ok((p, (0..n).map(|r| g.unrank(r).to_state()).collect()))
}

fn first_column_3x4() -> Result<Outcome, String> {
    let (p, g) = group_of("board:3x4:3")?;
    // left column: cells 1, 5, 9 (0-based 0, 4, 8)
    let stab = g.pointwise_stabilizer(&[0, 4, 8]);
    let y = p.eval(&p.parse_word("Y").map_err(|e| e.to_string())?);
    let ok = stab.order() == 4u32.into() && stab.contains(&y);
    Ok(Outcome::new(
        super::holds_if(ok),
        format!(
            "the elements fixing the left column form a group of order {} containing Y (order {}): it is <Y>",
            stab.order(),
            y.order()
        ),
        "pointwise stabilizer of cells 1, 5, 9 by a stabilizer chain with those points first in the base",
    ))
}

fn count_3x4() -> Result<Outcome, String> {
    let (_, states) = states_3x4()?;
    let mut columns: std::collections::BTreeMap<[u32; 3], usize> = Default::default();
    for s in &states {
        *columns.entry([s[0], s[4], s[8]]).or_default() += 1;
    }
    let per_column: std::collections::BTreeSet<usize> = columns.values().copied().collect();
    let ok = columns.len() == 180 && per_column == [4].into_iter().collect();
    Ok(Outcome::new(
        super::holds_if(ok),
        format!(
            "{} reachable states, {} distinct left columns, each completed by {:?} states",
            states.len(),
            columns.len(),
            per_column
        ),
        "enumerating the group by unranking 0..|G| and counting left columns",
    ))
}
