//! IDA* with pruning tables (issue 14): optimal lengths equal the exact distances
//! of a complete table on every position tried, in both metrics; every solution
//! is replayed on the puzzle (through its word parser) and reaches solved.

use permlab::search::bfs::{search_space, BfsOptions};
use permlab::search::ida::{
    auto_projections, state_of, Heuristic, Ida, Limits, Metric, MoveSet, Outcome, ProjectionKind,
};
use permlab::search::index::Tokens;
use permlab::search::solve::distance_with_table;
use permlab::search::space::GroupSpace;
use permlab::{Perm, Puzzle};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

/// cube2 with moves R, U, F (as powers of the puzzle's moves).
fn cube2_ruf(metric: Metric) -> (Puzzle, MoveSet) {
    let p = Puzzle::builtin("cube2").unwrap();
    let bases: Vec<(String, Perm)> = p
        .generators
        .iter()
        .map(|m| (m.name.clone(), m.perm.clone()))
        .collect();
    let ruf: Vec<Perm> = ["R", "U", "F"]
        .iter()
        .map(|n| {
            p.generators
                .iter()
                .find(|m| &m.name == n)
                .unwrap()
                .perm
                .clone()
        })
        .collect();
    let moves = MoveSet::new(p.degree, &bases, &ruf, metric).unwrap();
    (p, moves)
}

/// Applies a solution to the position of `g` through the puzzle's word parser
/// and checks that it reaches solved; returns its length in the metric.
fn replay(p: &Puzzle, moves: &MoveSet, g: &Perm, sol: &[usize]) -> u32 {
    let text: Vec<&str> = sol
        .iter()
        .map(|&m| moves.moves()[m].name.as_str())
        .collect();
    let word = p.parse_word(&text.join(" ")).unwrap();
    let cells = g.to_state();
    assert_eq!(p.apply(&cells, &word), p.solved(), "{}", text.join(" "));
    sol.iter().map(|&m| moves.moves()[m].cost).sum()
}

/// IDA* against the complete table of the same moves on random positions.
fn check_optimal(p: &Puzzle, moves: &MoveSet, budget: u64, samples: usize, seed: u64) {
    let names = moves.moves().iter().map(|m| m.name.clone()).collect();
    let full = GroupSpace::new(&p.name, p.degree, names, moves.perms()).unwrap();
    let stop = AtomicBool::new(false);
    let (table, _) = search_space(&full, None, &BfsOptions::default(), &stop).unwrap();
    let kinds = auto_projections(moves, budget);
    assert!(kinds.len() > 1, "{kinds:?}");
    let h = Heuristic::build(moves, kinds, None, &stop).unwrap();
    let group = moves.group();
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..samples {
        let g = group.random_element(&mut rng);
        let s = state_of(&g, p.degree);
        let exact = distance_with_table(&full, &table, &s).unwrap() as u32;
        let mut ida = Ida::new(moves, &h);
        let sol = match ida.solve(&s, 30, Limits::default()).unwrap() {
            Outcome::Solved(sol) => sol,
            o => panic!("{o:?}"),
        };
        assert_eq!(replay(p, moves, &g, &sol), exact);
        assert_eq!(sol.len() as u32, exact);
    }
}

#[test]
fn ida_htm_is_optimal_on_cube2_ruf() {
    let (p, moves) = cube2_ruf(Metric::Htm);
    assert_eq!(moves.moves().len(), 9);
    assert_eq!(moves.group().order(), 3_674_160u32.into());
    check_optimal(&p, &moves, 200_000, 200, 1);
}

#[test]
fn ida_qtm_is_optimal_on_cube2_ruf() {
    let (p, moves) = cube2_ruf(Metric::Qtm);
    assert_eq!(moves.moves().len(), 6);
    check_optimal(&p, &moves, 200_000, 100, 2);
}

#[test]
fn ida_is_optimal_on_small_puzzles() {
    for (spec, metric) in [
        ("rotation3", Metric::Htm),
        ("rotation3", Metric::Qtm),
        ("nokia2x2", Metric::Htm),
        ("turnstyle:8", Metric::Htm),
        ("turnstyle:8", Metric::Qtm),
    ] {
        let p = Puzzle::builtin(spec).unwrap();
        let moves = MoveSet::for_puzzle(&p, metric).unwrap();
        check_optimal(&p, &moves, 3_000, 40, 3);
    }
}

#[test]
fn move_names_and_families() {
    let (_, moves) = cube2_ruf(Metric::Htm);
    let names: Vec<&str> = moves.moves().iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["U", "U2", "U'", "F", "F2", "F'", "R", "R2", "R'"]);
    // turnstyle: R is L^11 and keeps its name; T has order 2
    let p = Puzzle::builtin("turnstyle:6").unwrap();
    let m = MoveSet::for_puzzle(&p, Metric::Qtm).unwrap();
    let names: Vec<&str> = m.moves().iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["L", "R", "T"]);
}

#[test]
fn tokens_index_is_a_bijection() {
    // every placement of 2 + 1 + 2 tokens on 7 cells, by brute force
    let t = Tokens::new(7, vec![2, 1, 2]).unwrap();
    let mut seen = HashSet::new();
    let mut out = [0u8; 5];
    for r in 0..t.size() {
        t.unrank(r, &mut out);
        assert_eq!(t.rank(&out), r);
        let cells: HashSet<u8> = out.iter().copied().collect();
        assert_eq!(cells.len(), 5);
        // the cells of each colour as sets
        let key = (
            [out[0].min(out[1]), out[0].max(out[1])],
            out[2],
            [out[3].min(out[4]), out[3].max(out[4])],
        );
        assert!(seen.insert(key));
    }
    // 7!/(2! 1! 2! 2!) = 630 (two empty cells)
    assert_eq!(seen.len(), 630);
    assert_eq!(t.size(), 630);
}

#[test]
fn pruning_tables_are_refused_before_allocating() {
    let (_, moves) = cube2_ruf(Metric::Htm);
    let kinds = vec![ProjectionKind::Group((0..24).collect())];
    let e = Heuristic::build(&moves, kinds, Some(1 << 16), &AtomicBool::new(false)).unwrap_err();
    assert!(e.to_string().contains("the limit is 65536 bytes"), "{e}");
}
