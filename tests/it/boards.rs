//! The rotation-board table: orders against brute-force enumeration of states.

use permlab::nrp::boards::{analyse, markdown, table};
use permlab::Puzzle;
use std::collections::HashSet;

/// Number of states reachable from solved, by breadth-first search.
fn reachable_states(spec: &str) -> usize {
    let p = Puzzle::builtin(spec).unwrap();
    let gens = p.generator_perms();
    let start = p.solved();
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    seen.insert(start.clone());
    let mut queue = vec![start];
    while let Some(s) = queue.pop() {
        for g in &gens {
            let t = g.apply_to_state(&s);
            if seen.insert(t.clone()) {
                queue.push(t);
            }
        }
    }
    seen.len()
}

#[test]
fn small_boards_match_enumeration() {
    for (r, c, k) in [
        (2, 2, 2),
        (2, 3, 2),
        (2, 4, 2),
        (3, 3, 2),
        (3, 3, 3),
        (3, 4, 3),
    ] {
        let row = analyse(r, c, k);
        let n = reachable_states(&format!("board:{r}x{c}:{k}"));
        assert_eq!(row.order, n.into(), "{r}x{c}:{k}");
    }
}

#[test]
fn table_up_to_5_matches_the_stored_table() {
    let rows = table(5, |_| {});
    // R = 2: 4 boards, R = 3: 3 x 2, R = 4: 2 x 3, R = 5: 1 x 4
    assert_eq!(rows.len(), 20);
    let expected = std::fs::read_to_string(format!(
        "{}/tests/data/boards_max5.md",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    assert_eq!(markdown(&rows), expected);
    // the 4x4 board with 3x3 blocks: 8!·8!/2, as the seed predicts
    let r = rows
        .iter()
        .find(|r| (r.rows, r.cols, r.k) == (4, 4, 3))
        .unwrap();
    assert_eq!(r.order.to_string(), "812851200");
    assert_eq!(r.agrees, Some(true));
}

#[test]
fn seed_rule_fails_for_7x7_blocks() {
    // A 7x7 turn is six 4-cycles on each colour class, so it is even on each class:
    // the group is A_28 x A_28 (28!^2/4), half of what "colours + even" predicts.
    use permlab::group::giant::factorial;
    let r = analyse(7, 8, 7);
    let f = factorial(28);
    assert_eq!(r.order, &f * &f / 4u32);
    assert_eq!(r.predicted, Some(&f * &f / 2u32));
    assert_eq!(r.agrees, Some(false));
    // 3x3 and 5x5 turns are odd on each class: the prediction holds
    assert_eq!(analyse(7, 8, 5).agrees, Some(true));
}
