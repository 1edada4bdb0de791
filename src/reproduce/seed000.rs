//! Seed 000: the Number Rotation Puzzle.

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
            run: spiral,
        },
        Check {
            id: "s000-2xn-solvable",
            heavy: false,
            run: family_2xn,
        },
        Check {
            id: "s000-2x2-blocks-solvable",
            heavy: false,
            run: family_2x2,
        },
        Check {
            id: "s000-3x3-blocks-parity",
            heavy: false,
            run: family_odd_k,
        },
        Check {
            id: "s000-general-case",
            heavy: false,
            run: family_general,
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

/// The conventions under which seed 000's word for `claim` (a row of
/// `data/seed000_words.txt`) has exactly the claimed cycle lengths, with the permutation
/// under each convention as evidence.
fn conventions_with_cycle_type(claim: &str) -> Result<Outcome, String> {
    let row = super::seed000_words()
        .into_iter()
        .find(|w| w.claim == claim)
        .ok_or_else(|| format!("data/seed000_words.txt has no word for {claim}"))?;
    let spec = &row.puzzle;
    let p = Puzzle::builtin(spec).map_err(|e| e.to_string())?;
    let w = p.parse_word(&row.word).map_err(|e| e.to_string())?;
    let mut good = Vec::new();
    let mut evidence = Vec::new();
    for c in Convention::all() {
        let g = p.eval_with(&w, c);
        let lens: Vec<usize> = g.cycles().iter().map(Vec::len).collect();
        if lens == row.cycle_type {
            good.push(c);
        }
        evidence.push(format!("{g} ({c})"));
    }
    Ok(Outcome::new(
        verdict_for(&good),
        format!("{spec}: {}", evidence.join("; ")),
        format!("{} evaluated under the four conventions", row.word),
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
    conventions_with_cycle_type("s000-3cycle-3x3-blocks")
}

fn transposition_2xn() -> Result<Outcome, String> {
    conventions_with_cycle_type("s000-transposition-2xn")
}

fn transposition_3x3() -> Result<Outcome, String> {
    conventions_with_cycle_type("s000-transposition-3x3")
}

/// The four images of Cycle's belt under the board's mirror symmetries, each with its
/// orientation: `(cells in order, counterclockwise?)`. [`crate::nrp::belt`] (down the
/// first column, along the bottom row, up the last column) runs counterclockwise; a
/// mirror reverses the orientation, the half turn keeps it.
pub fn belt_images(board: &crate::nrp::Board) -> Vec<(Vec<usize>, bool)> {
    let (rows, cols) = (board.rows(), board.cols());
    let u = crate::nrp::belt(board);
    let map = |f: &dyn Fn(usize, usize) -> (usize, usize)| -> Vec<usize> {
        u.iter()
            .map(|&c| {
                let (r, k) = f(c / cols, c % cols);
                r * cols + k
            })
            .collect()
    };
    vec![
        (u.clone(), true),
        (map(&|r, c| (r, cols - 1 - c)), false),
        (map(&|r, c| (rows - 1 - r, c)), false),
        (map(&|r, c| (rows - 1 - r, cols - 1 - c)), true),
    ]
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

/// `Some(true)` if `g` moves one of the belt images `k` places counterclockwise,
/// `Some(false)` clockwise, `None` if it is no such shift.
pub fn belt_shift_direction(board: &crate::nrp::Board, g: &Perm, k: i64) -> Option<bool> {
    belt_images(board).into_iter().find_map(|(belt, ccw)| {
        if shifts_belt(g, &belt, k) {
            Some(ccw)
        } else if shifts_belt(g, &belt, -k) {
            Some(!ccw)
        } else {
            None
        }
    })
}

fn cycle_shift() -> Result<Outcome, String> {
    let mut ccw_conventions: Vec<Convention> = Convention::all().to_vec();
    let mut default_reading = String::new();
    for n in 4..=9 {
        let board = crate::nrp::Board::new(n).map_err(|e| e.to_string())?;
        let p = &board.puzzle;
        let w = p.parse_word("(Y X)^4").map_err(|e| e.to_string())?;
        let k = n as i64 - 3;
        ccw_conventions
            .retain(|&c| belt_shift_direction(&board, &p.eval_with(&w, c), k) == Some(true));
        if n == 4 {
            let g = p.eval(&w);
            default_reading = match belt_shift_direction(&board, &g, k) {
                Some(false) => format!("read as written with clockwise turns, (Y X)^4 moves a belt of 3n-1 cells n-3 places clockwise (n=4: {g})"),
                Some(true) => format!("(Y X)^4 moves its belt counterclockwise (n=4: {g})"),
                None => format!("(Y X)^4 is not a belt shift under the default reading (n=4: {g})"),
            };
        }
    }
    Ok(Outcome::new(
        verdict_for(&ccw_conventions),
        format!(
            "{default_reading}; n-3 places counterclockwise for every n = 4..9 under: {}",
            ccw_conventions.iter().map(|c| c.to_string()).collect::<Vec<_>>().join("; ")
        ),
        "(Y X)^4 on board:nx(n+1):n for n = 4..9 compared with shifts of Cycle's belt and its mirror images",
    ))
}

fn group_of(spec: &str) -> Result<(Puzzle, PermGroup), String> {
    let p = Puzzle::builtin(spec).map_err(|e| e.to_string())?;
    let g = p.group();
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
    let states = (0..n)
        .map(|r| g.unrank(r).map(|x| x.to_state()))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    Ok((p, states))
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
            "{} reachable states, {} distinct left columns, each completed by {} states",
            states.len(),
            columns.len(),
            per_column
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" or ")
        ),
        "enumerating the group by unranking 0..|G| and counting left columns",
    ))
}

fn spiral() -> Result<Outcome, String> {
    use crate::nrp::{spiral::iteration_bound, spiral_path, SpiralKind};
    let mut starts = 0;
    let mut turns = 0;
    let mut longest = 0;
    let mut ok = true;
    for n in 4..=12 {
        let board = crate::nrp::Board::new(n).map_err(|e| e.to_string())?;
        for cell in 0..board.cells() {
            let path = spiral_path(&board, cell, SpiralKind::Plain);
            starts += 1;
            turns += path.steps.len();
            longest = longest.max(path.steps.len());
            ok &= path.steps.iter().all(|s| s.after < s.before);
            ok &= path.steps.len() <= iteration_bound(&board, cell);
        }
    }
    Ok(Outcome::new(
        super::holds_if(ok),
        format!(
            "from all {starts} start squares on the n x (n+1) boards, n = 4..12: the distance to the centre of Y strictly decreases at each of the {turns} X turns (at most {longest} per run, within the bound of the law-of-cosines argument)"
        ),
        "Spiral run from every square, squared distances compared exactly in integers",
    ))
}

/// Every board up to 8x8 (R <= C) with its group and the seed rule that applies,
/// computed once.
fn boards() -> &'static [crate::nrp::boards::BoardRow] {
    static CELL: std::sync::OnceLock<Vec<crate::nrp::boards::BoardRow>> =
        std::sync::OnceLock::new();
    CELL.get_or_init(|| crate::nrp::boards::table(8, |_| {}))
}

/// The verdict on one family of boards: the rule's predicted order against the
/// computed one on every board of the family.
fn family(rule_prefix: &str, k: Option<usize>, what: &str) -> Result<Outcome, String> {
    let rows: Vec<_> = boards()
        .iter()
        .filter(|r| r.rule.is_some_and(|n| n.starts_with(rule_prefix)))
        .filter(|r| k.is_none_or(|k| r.k == k))
        .collect();
    if rows.is_empty() {
        return Err(format!("no board follows the rule {rule_prefix:?}"));
    }
    let failing: Vec<String> = rows
        .iter()
        .filter(|r| r.agrees != Some(true))
        .map(|r| {
            format!(
                "{}x{} with {}x{} blocks: |G| = {}, predicted {}",
                r.rows,
                r.cols,
                r.k,
                r.k,
                r.order,
                r.predicted
                    .as_ref()
                    .map_or("?".to_string(), |p| p.to_string())
            )
        })
        .collect();
    let list: Vec<String> = rows
        .iter()
        .map(|r| format!("{}x{}:{}", r.rows, r.cols, r.k))
        .collect();
    Ok(Outcome::new(
        super::holds_if(failing.is_empty()),
        if failing.is_empty() {
            format!("{what} on all {} boards checked ({})", rows.len(), list.join(", "))
        } else {
            format!("fails on {}: {}", failing.len(), failing.join("; "))
        },
        "group order by Schreier–Sims / giant recognition against the order the rule predicts, for every board R x C with 2 <= R <= C <= 8",
    ))
}

fn family_2xn() -> Result<Outcome, String> {
    family("2xC", None, "every arrangement is reachable")
}

fn family_2x2() -> Result<Outcome, String> {
    family("2x2 blocks", None, "every arrangement is reachable")
}

fn family_odd_k() -> Result<Outcome, String> {
    family(
        "odd K",
        Some(3),
        "the reachable arrangements are exactly the even ones keeping both colour classes",
    )
}
/// The order allowed by the parity restrictions of a group: permutations that keep
/// every orbit, whose signs on the orbits form a pattern that some product of the
/// generators has (the span of the generators' sign vectors over Z/2).
pub fn parity_restricted_order(g: &PermGroup) -> BigUint {
    let orbits: Vec<Vec<usize>> = g.orbits().into_iter().filter(|o| o.len() > 1).collect();
    let mut orbit_of = vec![usize::MAX; g.degree()];
    for (k, o) in orbits.iter().enumerate() {
        for &x in o {
            orbit_of[x] = k;
        }
    }
    // each generator's sign vector as a bit mask (bit k: odd on orbit k), reduced
    // against the basis found so far (Gaussian elimination over Z/2)
    let mut basis: Vec<u64> = Vec::new();
    for gen in g.generators() {
        let mut mask = 0u64;
        for c in gen.cycles() {
            if c.len() % 2 == 0 {
                mask ^= 1 << orbit_of[c[0]];
            }
        }
        for b in &basis {
            mask = mask.min(mask ^ b);
        }
        if mask != 0 {
            basis.push(mask);
        }
    }
    let full: BigUint = orbits.iter().map(|o| factorial(o.len() as u32)).product();
    full * (BigUint::from(1u32) << basis.len()) / (BigUint::from(1u32) << orbits.len())
}

fn family_general() -> Result<Outcome, String> {
    let mut lines = Vec::new();
    let mut ok = true;
    for n in 4..=9 {
        let (_, g) = group_of(&format!("board:{n}x{}:{n}", n + 1))?;
        let order = g.order();
        let allowed = parity_restricted_order(&g);
        let full = factorial((n * (n + 1)) as u32);
        ok &= order == allowed;
        lines.push(format!(
            "n={n}: index {} in S_{}",
            full / &order,
            n * (n + 1)
        ));
    }
    Ok(Outcome::new(
        super::holds_if(ok),
        format!(
            "for n = 4..9 the group is everything the parity restrictions allow (each colour class kept, and only the sign patterns of products of X and Y): {}. For n = 7 and 9 (n = ±1 mod 8) each turn is even on each colour class, so both classes must be even: half of what 'colour classes and an even permutation' allows",
            lines.join("; ")
        ),
        "group orders by stabilizer chains against the orbit and sign restrictions computed from the generators",
    ))
}
