//! Seed 002: Turnstyle.

use super::{holds_if, Check, Outcome, Verdict};
use crate::search::bfs::{search_space, BfsOptions, BfsResult};
use crate::search::budget::SearchBudget;
use crate::search::solve::{distance_with_table, solve_with_table};
use crate::search::space::{RingSpace, StateSpace};
use crate::search::table::DistanceTable;
use crate::{Convention, Direction, ProductOrder, Puzzle};
use std::sync::OnceLock;

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
            run: states,
        },
        Check {
            id: "s002-path-lengths",
            heavy: true,
            run: path_lengths,
        },
        Check {
            id: "s002-example-solution",
            heavy: true,
            run: example_solution,
        },
        Check {
            id: "s002-farthest",
            heavy: true,
            run: farthest,
        },
    ]
}

fn s12() -> Result<Outcome, String> {
    let g = turnstyle(12)?.group();
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
    let g = turnstyle(12)?.group();
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
            .map(|&g| t.generators()[g].perm.sign())
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
        ok &= t.generators()[0].perm.is_even() && t.generators()[2].perm.is_even();
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

/// Turnstyle 12 up to rotation: the ring space, its 2-bit table and the BFS result,
/// computed once for all the claims that need it.
struct TurnstyleSearch {
    space: RingSpace,
    table: DistanceTable,
    result: BfsResult,
}

fn turnstyle_search() -> Result<&'static TurnstyleSearch, String> {
    static CELL: OnceLock<Result<TurnstyleSearch, String>> = OnceLock::new();
    CELL.get_or_init(|| {
        let space = RingSpace::for_puzzle(&turnstyle(12)?).map_err(|e| e.to_string())?;
        let (table, result) =
            search_space(&space, &BfsOptions::default(), &SearchBudget::unlimited())
                .map_err(|e| e.to_string())?;
        Ok(TurnstyleSearch {
            space,
            table,
            result,
        })
    })
    .as_ref()
    .map_err(Clone::clone)
}

fn ring_state(t: &TurnstyleSearch, text: &str) -> Result<Vec<u8>, String> {
    let cells = crate::puzzle::parse_state(text, 12).map_err(|e| e.to_string())?;
    t.space.state_of_cells(&cells).map_err(|e| e.to_string())
}

fn states() -> Result<Outcome, String> {
    let t = turnstyle_search()?;
    let f11: u64 = (1..=11).product();
    Ok(Outcome::new(
        holds_if(t.result.states == f11 && t.space.size() == f11),
        format!(
            "{} positions (arrangements with 1 in front) reached from solved by flips at the 12 offsets: all 11! = {f11}",
            t.result.states
        ),
        format!("2-bit breadth-first search ({:.1} s)", t.result.seconds),
    )
    .number("TurnstyleStates", t.result.states))
}

fn path_lengths() -> Result<Outcome, String> {
    let t = turnstyle_search()?;
    let d = &t.result.distribution;
    Ok(Outcome::new(
        holds_if(t.result.max_distance() == 15 && d.iter().all(|&x| x > 0)),
        format!(
            "distances 0..{}: {:?}; {} positions at distance {}",
            t.result.max_distance(),
            d,
            t.result.antipode_count(),
            t.result.max_distance()
        ),
        "the distance distribution of the breadth-first search",
    )
    .number("TurnstyleGod", t.result.max_distance())
    .number("TurnstyleAntipodes", t.result.antipode_count()))
}

fn example_solution() -> Result<Outcome, String> {
    let t = turnstyle_search()?;
    let start = ring_state(t, "1,3,5,7,2,4,6,8,9,10,11,12")?;
    let solved = t.space.goals().remove(0);
    // the seed's move(state, i) is the ring space's move T+i
    let run = |from: &[u8]| {
        let mut s = from.to_vec();
        for ix in [1usize, 5, 2, 3, 5] {
            let mut next = s.clone();
            t.space.apply(ix, false, &s, &mut next);
            s = next;
        }
        s
    };
    let solves = run(&start) == solved;
    let produces = run(&solved) == start;
    let distance = distance_with_table(&t.space, &t.table, &start).map_err(|e| e.to_string())?;
    let verdict = if solves {
        Verdict::Holds
    } else if produces {
        Verdict::HoldsOnlyUnder(
            "the opposite direction: the moves produce the position from solved (reversed, they solve it)".into(),
        )
    } else {
        Verdict::False
    };
    Ok(Outcome::new(
        verdict,
        format!(
            "move indices 1,5,2,3,5 applied to (1,3,5,7,2,4,6,8,9,10,11,12) give {}; applied to the solved ring they give (1,3,5,7,2,4,6,8,9,10,11,12); its distance is {distance}, so 5 flips are optimal",
            crate::puzzle::format_state(&t.space.to_cells(&run(&start)))
        ),
        "the seed's move(state, i) is the ring move T+i (flip at offset i, 1 renormalised to the front)",
    )
    .number("TurnstyleExampleDistance", distance))
}

fn farthest() -> Result<Outcome, String> {
    let t = turnstyle_search()?;
    let s = ring_state(t, "1,12,11,10,9,8,6,7,4,5,2,3")?;
    let d = distance_with_table(&t.space, &t.table, &s).map_err(|e| e.to_string())?;
    let path = solve_with_table(&t.space, &t.table, &s).map_err(|e| e.to_string())?;
    let names: Vec<&str> = path.iter().map(|&m| t.space.move_name(m)).collect();
    Ok(Outcome::new(
        holds_if(d == t.result.max_distance()),
        format!(
            "(1,12,11,10,9,8,6,7,4,5,2,3) is at distance {d} = the maximum, one of {} such positions; an optimal solution: {}",
            t.result.antipode_count(),
            names.join(" ")
        ),
        "distance read from the 2-bit table; the solution walks the table down",
    ))
}
