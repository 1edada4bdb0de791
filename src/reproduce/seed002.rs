//! Seed 002: Turnstyle.

use super::{holds_if, Check, Outcome, Verdict};
use crate::{Convention, Direction, ProductOrder, Puzzle};

pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "s002-s12",
            heavy: false,
            run: s12,
        },
        Check {
            id: "s002-sympy-order",
            heavy: false,
            run: sympy_order,
        },
        Check {
            id: "s002-odd-n",
            heavy: false,
            run: odd_n,
        },
        Check {
            id: "s002-odd-n-even",
            heavy: false,
            run: odd_n_even,
        },
        Check {
            id: "s002-transposition-word",
            heavy: false,
            run: transposition_word,
        },
        Check {
            id: "s002-states",
            heavy: true,
            run: pending_search,
        },
        Check {
            id: "s002-path-lengths",
            heavy: true,
            run: pending_search,
        },
        Check {
            id: "s002-example-solution",
            heavy: true,
            run: pending_search,
        },
        Check {
            id: "s002-farthest",
            heavy: true,
            run: pending_search,
        },
    ]
}

pub(super) fn pending_groups() -> Result<Outcome, String> {
    Ok(Outcome::new(
        Verdict::Undecided("needs the group module (not in this build)".into()),
        "",
        "",
    ))
}

pub(super) fn pending_search() -> Result<Outcome, String> {
    Ok(Outcome::new(
        Verdict::Undecided("needs the search module (not in this build)".into()),
        "",
        "",
    ))
}

fn s12() -> Result<Outcome, String> {
    let g = crate::PermGroup::from_puzzle(&turnstyle(12)?);
    Ok(Outcome::new(
        holds_if(g.is_symmetric() && g.degree() == 12),
        format!(
            "the group is the natural S_12: order {}, transitive, contains odd permutations (T·L is odd: L is a 12-cycle)",
            g.order()
        ),
        "giant recognition (Jordan's theorem) and the order from the stabilizer chain",
    ))
}

fn sympy_order() -> Result<Outcome, String> {
    let g = crate::PermGroup::from_puzzle(&turnstyle(12)?);
    let order = g.order();
    let f12: num_bigint::BigUint = (1u32..=12).map(num_bigint::BigUint::from).product();
    Ok(Outcome::new(
        holds_if(order == f12),
        format!("|<(1,...,12), (1,2)(3,4)>| = {order} = 12!"),
        "PermGroup::order",
    )
    .number("TurnstyleOrder", &order))
}

fn turnstyle(n: usize) -> Result<Puzzle, String> {
    Puzzle::builtin(&format!("turnstyle:{n}")).map_err(|e| e.to_string())
}

/// Parity: for odd n both generators are even, so every product is even.
fn odd_n() -> Result<Outcome, String> {
    let mut lines = Vec::new();
    let mut ok = true;
    for n in (5..=21).step_by(2) {
        let t = turnstyle(n)?;
        let signs: Vec<i8> = [0, 2]
            .iter()
            .map(|&g| t.generators[g].perm.sign())
            .collect();
        ok &= signs.iter().all(|&s| s == 1);
        lines.push(format!("n={n}: sign(L)={}, sign(T)={}", signs[0], signs[1]));
    }
    Ok(Outcome::new(
        holds_if(ok),
        format!(
            "both generators are even for every odd n in 5..21, so they generate a subgroup of A_n ({})",
            lines[0]
        ),
        "signs of (1,…,n) (an n-cycle: even for odd n) and (1,2)(3,4) (even)",
    ))
}

fn odd_n_even() -> Result<Outcome, String> {
    let mut ok = true;
    for n in (5..=21).step_by(2) {
        let t = turnstyle(n)?;
        ok &= t.generators[0].perm.is_even() && t.generators[2].perm.is_even();
    }
    Ok(Outcome::new(
        holds_if(ok),
        "true for every odd n >= 5, not only n > 8: an n-cycle has sign (-1)^(n-1) = +1 for odd n",
        "signs of the generators for odd n = 5..21",
    ))
}

fn transposition_word() -> Result<Outcome, String> {
    let t = turnstyle(12)?;
    let w = t
        .parse_word("L T L (T L L L T R) (R R T L L) (T L L L T R)^3 T L")
        .map_err(|e| e.to_string())?;
    let lr = t.eval(&w);
    let rl = t.eval_with(
        &w,
        Convention {
            order: ProductOrder::RightToLeft,
            direction: Direction::Clockwise,
        },
    );
    Ok(Outcome::new(
        holds_if(lr.to_string() == "(1,2)"),
        format!("{lr} with left-to-right products (first L); {rl} right to left"),
        format!("evaluating {} letters", w.letter_count()),
    )
    .number("TurnstyleWordLR", lr)
    .number("TurnstyleWordRL", rl))
}
