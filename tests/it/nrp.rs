//! Seed 000's NRP algorithms: Spiral, Cycle, Spiral-Cycle, 3-cycles and the solver.

use crate::common::permlab;

use permlab::nrp::spiral::{centre_square, dist4, distinct_distance_bound, iteration_bound};
use permlab::nrp::spiral_cycle::{escape_word, hiding_word};
use permlab::nrp::*;
use permlab::{Convention, Direction, Perm, ProductOrder};
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

fn data_lines(name: &str) -> Vec<String> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

fn random_triple(b: &Board, r: &mut impl Rng, class: usize) -> [usize; 3] {
    let cells: Vec<usize> = (0..b.cells()).filter(|&c| b.class(c) == class).collect();
    loop {
        let t = [0, 1, 2].map(|_| cells[r.random_range(0..cells.len())]);
        if t[0] != t[1] && t[1] != t[2] && t[0] != t[2] {
            return t;
        }
    }
}

// ---------------------------------------------------------------- Cycle

#[test]
fn cycle_shifts_its_belt_by_n_minus_3_and_fixes_the_rest() {
    for n in 4..=12 {
        let b = Board::new(n).unwrap();
        let belt = belt(&b);
        // the belt: first column down, bottom row right, last column up
        assert_eq!(belt.len(), 3 * n - 1);
        for w in belt.windows(2) {
            let ((r0, c0), (r1, c1)) = (b.coords(w[0]), b.coords(w[1]));
            assert_eq!(r0.abs_diff(r1) + c0.abs_diff(c1), 1, "belt cells adjacent");
        }
        assert_eq!(b.coords(belt[0]), (0, 0));
        assert_eq!(b.coords(belt[n - 1]), (n - 1, 0));
        assert_eq!(b.coords(belt[2 * n - 1]), (n - 1, n));
        assert_eq!(b.coords(*belt.last().unwrap()), (0, n));
        let g = b.eval_letters(&cycle(&b));
        assert_eq!(cycle_shift(&b), n - 3);
        for (k, &cell) in belt.iter().enumerate() {
            assert_eq!(g.image(cell), belt[(k + n - 3) % belt.len()], "n={n}");
        }
        let on_belt: HashSet<usize> = belt.iter().copied().collect();
        for c in 0..b.cells() {
            if !on_belt.contains(&c) {
                assert_eq!(g.image(c), c, "n={n}: Cycle fixes cells off the belt");
            }
        }
        // the crate word is the seed's (Y X)^4 read counter-clockwise
        let seed = b.puzzle.parse_word("(Y X)^4").unwrap();
        let ccw = Convention {
            order: ProductOrder::LeftToRight,
            direction: Direction::Counterclockwise,
        };
        assert_eq!(b.puzzle.eval_with(&seed, ccw), g);
    }
}

// ---------------------------------------------------------------- seed direction

#[test]
fn seed_letters_turn_counter_clockwise() {
    let ccw = Convention {
        order: ProductOrder::LeftToRight,
        direction: Direction::Counterclockwise,
    };
    for n in 4..=12 {
        let b = Board::new(n).unwrap();
        let [i1, i2, _] = intermediate_squares(&b, 0);
        // the seed's X carries the top-left number to the bottom-left corner
        let x = b.puzzle.parse_word("X").unwrap();
        assert_eq!(b.puzzle.eval_with(&x, ccw).image(0), b.cell(n - 1, 0));
        assert_ne!(b.puzzle.eval(&x).image(0), b.cell(n - 1, 0));
        // the seed's escape word, read counter-clockwise, fixes I1 and I2 and takes
        // every other class-0 cell of column 0 out of it; read clockwise it does not
        let text = if n % 2 == 1 {
            "X Y2 X Y X Y' X2 Y' X Y' X'"
        } else {
            "X Y2 X' Y' X Y' X'"
        };
        let w = b.puzzle.parse_word(text).unwrap();
        let g = b.puzzle.eval_with(&w, ccw);
        assert_eq!(g, b.eval_letters(&escape_word(&b)));
        assert_eq!((g.image(i1), g.image(i2)), (i1, i2));
        for r in 0..n {
            let c = b.cell(r, 0);
            if c != i1 && c != i2 && b.class(c) == 0 {
                assert_ne!(b.coords(g.image(c)).1, 0, "n={n} row {r}");
            }
        }
        let cw = b.puzzle.eval(&w);
        assert!(cw.image(i1) != i1 || cw.image(i2) != i2, "n={n}");
        // the hiding power of Cycle carries I1, I2 into the last column
        let h = b.eval_letters(&hiding_word(&b));
        assert_eq!(b.coords(h.image(i1)).1, n);
        assert_eq!(b.coords(h.image(i2)).1, n);
    }
}

// ---------------------------------------------------------------- Spiral

#[test]
fn spiral_distance_strictly_decreases_within_the_seed_bound() {
    for n in 4..=12 {
        let b = Board::new(n).unwrap();
        let mut longest = 0;
        for start in 0..b.cells() {
            let p = spiral_path(&b, start, SpiralKind::Plain);
            // replaying the letters gives the recorded cells
            assert_eq!(p.cells.len(), p.letters.len() + 1);
            for (k, &(g, e)) in p.letters.iter().enumerate() {
                assert_eq!(b.image(g, e, p.cells[k]), p.cells[k + 1]);
            }
            // each X turn: strictly closer to c_y, and within the law-of-cosines bound
            // d'^2 <= (d-1)^2 + 1 (in quarter units: 4d'^2 <= (2d-2)^2 + 4)
            for s in &p.steps {
                assert!(s.after < s.before, "n={n} start {start}");
                let d = (s.before as f64).sqrt() / 2.0;
                assert!(
                    (s.after as f64) <= 4.0 * ((d - 1.0).powi(2) + 1.0) + 1e-9,
                    "n={n} start {start}"
                );
            }
            // Y turns keep the distance: it changes only at X turns
            let x_changes = p
                .cells
                .windows(2)
                .filter(|w| dist4(&b, w[0]) != dist4(&b, w[1]))
                .count();
            assert!(x_changes <= p.steps.len());
            assert!(
                p.steps.len() <= iteration_bound(&b, start),
                "n={n} start {start}"
            );
            assert!(iteration_bound(&b, start) <= distinct_distance_bound(&b, b.class(start)));
            assert_eq!(p.end(), centre_square(&b, b.class(start)));
            assert!(dist4(&b, p.end()) <= 4);
            longest = longest.max(p.steps.len());
        }
        // the farthest corner needs about d_max turns: d drops by about 1 per turn
        let dmax = (0..b.cells()).map(|c| dist4(&b, c)).max().unwrap();
        assert!(longest as f64 <= (dmax as f64).sqrt() / 2.0 + 1.0, "n={n}");
    }
}

#[test]
fn spiral_centre_squares() {
    let b = Board::new(6).unwrap();
    assert_eq!(b.coords(centre_square(&b, 0)), (2, 3));
    let b = Board::new(7).unwrap();
    assert_eq!(b.coords(centre_square(&b, 0)), (3, 3)); // centre of X
    assert_eq!(b.coords(centre_square(&b, 1)), (3, 4)); // centre of Y
}

#[test]
fn spiral_sends_any_number_to_any_square_of_its_class() {
    for n in 4..=7 {
        let b = Board::new(n).unwrap();
        let solved = b.puzzle.solved();
        let mut r = rng(n as u64);
        for _ in 0..40 {
            let state = Solver::new(n).unwrap().random_state(&mut r);
            for number in 0..b.cells() {
                let from = state.iter().position(|&l| l as usize == number).unwrap();
                let target = r.random_range(0..b.cells());
                match spiral(&b, &state, number, target) {
                    Ok(w) => assert_eq!(b.puzzle.apply(&state, &w)[target] as usize, number),
                    Err(NrpError::Class(_)) => assert_ne!(b.class(from), b.class(target)),
                    Err(e) => panic!("{e}"),
                }
            }
        }
        assert!(spiral(&b, &solved, 0, b.cells()).is_err());
    }
}

// ---------------------------------------------------------------- Spiral-Cycle

#[test]
fn spiral_cycle_reaches_the_intermediate_squares_for_every_triple_n4() {
    let b = Board::new(4).unwrap();
    let targets = intermediate_squares(&b, 0);
    for x in 0..b.cells() {
        for y in 0..b.cells() {
            for z in 0..b.cells() {
                if x == y || y == z || x == z {
                    continue;
                }
                let w = spiral_cycle(&b, [x, y, z]).unwrap();
                let g = b.eval_letters(&w);
                assert_eq!([g.image(x), g.image(y), g.image(z)], targets);
            }
        }
    }
}

#[test]
fn spiral_cycle_random_triples_n4_to_12() {
    for n in 4..=12 {
        let b = Board::new(n).unwrap();
        let mut r = rng(100 + n as u64);
        for _ in 0..300 {
            let class = r.random_range(0..b.class_count());
            let t = random_triple(&b, &mut r, class);
            let w = spiral_cycle(&b, t).unwrap();
            let g = b.eval_letters(&w);
            assert_eq!(
                t.map(|c| g.image(c)),
                intermediate_squares(&b, class),
                "n={n} {t:?}"
            );
        }
        if n % 2 == 1 {
            let err = spiral_cycle(&b, [0, 1, 2]).unwrap_err();
            assert!(matches!(err, NrpError::Class(_)));
        }
        assert!(matches!(
            spiral_cycle(&b, [0, 0, 2]),
            Err(NrpError::NotDistinct(_))
        ));
    }
}

// ---------------------------------------------------------------- 3-cycles

#[test]
fn specific_three_cycle_is_a_three_cycle_found_by_the_documented_search() {
    for n in 4..=12 {
        let b = Board::new(n).unwrap();
        let t = specific_three_cycle(&b);
        let g = b.eval_letters(&t.letters);
        assert_eq!(g.support().len(), 3, "n={n}");
        assert_eq!(g.image(t.cells[0]), t.cells[1]);
        assert_eq!(g.image(t.cells[1]), t.cells[2]);
        assert!(t.cells.iter().all(|&c| b.class(c) == 0));
        if n == 4 {
            assert_eq!(t.method, ThreeCycleMethod::Power);
        } else {
            assert_eq!(t.method, ThreeCycleMethod::CycleCommutator);
            assert_eq!(b.word(&t.search_word).to_string(), "X' Y' X Y2 X");
            // Cycle and its conjugate by w meet in exactly one cell
            let belt: HashSet<usize> = belt(&b).into_iter().collect();
            let moved: HashSet<usize> = belt.iter().map(|&c| b.track(&t.search_word, c)).collect();
            assert_eq!(belt.intersection(&moved).count(), 1);
        }
        for class in 0..b.class_count() {
            let [i1, i2, i3] = intermediate_squares(&b, class);
            let expected = Perm::from_cycles(b.cells(), &[vec![i1, i2, i3]]).unwrap();
            assert_eq!(b.eval_letters(&t.on_intermediates[class]), expected);
        }
    }
}

#[test]
fn general_three_cycles_move_exactly_the_requested_cells() {
    for n in 4..=12 {
        let s = Solver::new(n).unwrap();
        let b = &s.board;
        let mut r = rng(200 + n as u64);
        for _ in 0..100 {
            let class = r.random_range(0..b.class_count());
            let t = random_triple(b, &mut r, class);
            let w = three_cycle(b, &s.specific, t).unwrap();
            let expected = Perm::from_cycles(b.cells(), &[t.to_vec()]).unwrap();
            assert_eq!(b.eval_letters(&w), expected, "n={n} {t:?}");
        }
    }
}

// ---------------------------------------------------------------- solve

#[test]
fn solutions_solve_hundreds_of_random_states_n4_to_8() {
    for n in 4..=8 {
        let s = Solver::new(n).unwrap();
        let b = &s.board;
        let mut r = rng(300 + n as u64);
        for k in 0..200 {
            let state = s.random_state(&mut r);
            let sol = s.solve(&state).unwrap();
            // evaluated two ways: the letters, and the printed word parsed again
            assert_eq!(
                b.eval_letters(&sol.letters).apply_to_state(&state),
                b.puzzle.solved()
            );
            if k < 10 {
                let reparsed = b.puzzle.parse_word(&sol.word.to_string()).unwrap();
                assert_eq!(b.puzzle.apply(&state, &reparsed), b.puzzle.solved());
            }
            // simplified: no two adjacent letters of one block, powers in {-1, 1, 2}
            assert!(sol.letters.windows(2).all(|w| w[0].0 != w[1].0));
            assert!(sol
                .letters
                .iter()
                .all(|&(_, p)| p == 1 || p == -1 || p == 2));
            assert!(sol.letters.len() <= sol.raw_length);
        }
    }
}

#[test]
fn solved_board_needs_no_moves() {
    for n in 4..=9 {
        let s = Solver::new(n).unwrap();
        let sol = s.solve(&s.board.puzzle.solved()).unwrap();
        assert!(sol.letters.is_empty());
        assert_eq!(sol.three_cycles, 0);
    }
}

/// The solved state with the numbers on `a` and `b` swapped.
fn swapped(b: &Board, a: usize, c: usize) -> Vec<u32> {
    let mut s = b.puzzle.solved();
    s.swap(a, c);
    s
}

#[test]
fn restriction_table_matches_the_solver() {
    for line in data_lines("nrp_restrictions.txt") {
        let cols: Vec<&str> = line.split(" | ").collect();
        let n: usize = cols[0].parse().unwrap();
        let classes: usize = cols[1].parse().unwrap();
        let solvable: HashSet<String> = cols[2].split(' ').map(String::from).collect();
        let s = Solver::new(n).unwrap();
        let b = &s.board;
        assert_eq!(b.class_count(), classes);
        // for each sign pattern, a state with that pattern: swap two cells of each odd class
        for mask in 0..(1usize << classes) {
            let mut state = b.puzzle.solved();
            let mut pattern = String::new();
            for k in 0..classes {
                let odd = mask >> k & 1 == 1;
                pattern.push(if odd { 'o' } else { 'e' });
                if odd {
                    let cells: Vec<usize> = (0..b.cells()).filter(|&c| b.class(c) == k).collect();
                    state.swap(cells[0], cells[1]);
                }
            }
            match s.solve(&state) {
                Ok(sol) => {
                    assert!(solvable.contains(&pattern), "n={n} {pattern}");
                    assert_eq!(
                        b.eval_letters(&sol.letters).apply_to_state(&state),
                        b.puzzle.solved()
                    );
                }
                Err(e) => {
                    assert!(!solvable.contains(&pattern), "n={n} {pattern}: {e}");
                    assert!(matches!(e, Unsolvable::Parity(_)));
                }
            }
        }
    }
}

#[test]
fn unsolvable_states_are_rejected_with_the_reason() {
    let s = Solver::new(4).unwrap();
    let e = s.solve(&swapped(&s.board, 0, 1)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "unsolvable: the state is an odd permutation, but X is an even permutation and Y is \
         an even permutation (n = 4), so every reachable state is even on every class"
    );
    let s = Solver::new(5).unwrap();
    let e = s.solve(&swapped(&s.board, 0, 1)).unwrap_err();
    assert_eq!(
        e,
        Unsolvable::WrongClass {
            number: 2,
            cell: 1,
            row: 1,
            col: 1,
            have: 0,
            want: 1
        }
    );
    assert!(e.to_string().contains("keeps r+c mod 2"));
    // n = 5: odd on class 0, even on class 1 (two class-0 cells swapped)
    let e = s.solve(&swapped(&s.board, 0, 2)).unwrap_err();
    assert!(
        e.to_string().starts_with(
            "unsolvable: the state is odd on colour class 0 and even on class 1, but X is odd \
             on colour class 0 and odd on class 1"
        ),
        "{e}"
    );
    let e = s.solve(&[0, 1, 2]).unwrap_err();
    assert!(matches!(e, Unsolvable::BadState { .. }));
    // n = 6: a single swap is solvable (both moves are odd permutations)
    let s = Solver::new(6).unwrap();
    let st = swapped(&s.board, 0, 1);
    let sol = s.solve(&st).unwrap();
    assert_eq!(
        s.board.eval_letters(&sol.letters).apply_to_state(&st),
        s.board.puzzle.solved()
    );
    assert_eq!(sol.parity_move, vec![(X, 1)]);
}

// ---------------------------------------------------------------- CLI

#[test]
fn cli_solve_prints_word_and_boards() {
    let b = Board::new(5).unwrap();
    let w = b.puzzle.parse_word("X Y' X2 Y").unwrap();
    let state = b.puzzle.apply(&b.puzzle.solved(), &w);
    let text = permlab::puzzle::format_state(&state);
    let (code, out, err) = permlab(&["nrp", "solve", "--n", "5", &text]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("before:\n"));
    assert!(out.ends_with(&format!("after:\n{}", b.puzzle.render(&b.puzzle.solved()))));
    let (code, out, _) = permlab(&["nrp", "solve", "--n", "5", &text, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let word = b.puzzle.parse_word(v["word"].as_str().unwrap()).unwrap();
    assert_eq!(b.puzzle.apply(&state, &word), b.puzzle.solved());
    assert_eq!(
        v["after"],
        permlab::puzzle::format_state(&b.puzzle.solved())
    );
}

#[test]
fn cli_errors_are_one_line_with_exit_2() {
    let swapped = (1..=30)
        .map(|k| match k {
            1 => 2,
            2 => 1,
            k => k,
        })
        .map(|k| k.to_string())
        .collect::<Vec<_>>()
        .join(",");
    // a proof that no solution exists is the answer "no": exit code 1, not an error
    let (code, out, err) = permlab(&["nrp", "solve", "--n", "5", &swapped]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1);
    assert!(
        err.starts_with("permlab: unsolvable: number 2 is on cell 1"),
        "{err}"
    );
    let (code, _, err) = permlab(&["nrp", "spiral", "--n", "3", "--number", "1"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "permlab: error: board size n = 3 not supported: need 4 <= n <= 64\n"
    );
    let (code, _, err) = permlab(&["nrp", "spiral", "--n", "6", "--number", "43"]);
    assert_eq!(code, 2);
    assert_eq!(err, "permlab: error: number 43 out of range 1..=42\n");
}

#[test]
fn cli_spiral_path_json() {
    let (code, out, _) = permlab(&["nrp", "spiral", "--n", "6", "--number", "1", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let b = Board::new(6).unwrap();
    let p = spiral_path(&b, 0, SpiralKind::Plain);
    let cells: Vec<usize> = p.cells.iter().map(|c| c + 1).collect();
    assert_eq!(v["path_cells"], serde_json::json!(cells));
    assert_eq!(v["centre"], 18); // row 3, column 4 of 7
    let d: Vec<f64> = serde_json::from_value(v["distance_to_centre_of_y"].clone()).unwrap();
    assert!(d.windows(2).all(|w| w[1] <= w[0]));
}

// ---------------------------------------------------------------- general boards

use permlab::nrp::general::{GeneralSolver, Method, OptimalTable};
use permlab::nrp::quality::{compare, Limits};
use permlab::Puzzle;

#[test]
fn general_boards_solve_by_the_labelled_method() {
    for line in data_lines("nrp_general_boards.txt") {
        let cols: Vec<&str> = line.split(" | ").collect();
        let p = Puzzle::builtin(cols[0]).unwrap();
        let s = GeneralSolver::new(&p);
        let want = match cols[1] {
            "factor" => Method::Factor,
            "3-cycles" => Method::ThreeCycles,
            m => panic!("{m}"),
        };
        assert_eq!(s.method, want, "{}", cols[0]);
        assert_eq!(s.group.order().to_string(), cols[2], "{}", cols[0]);
        // specific 3-cycles are 3-cycles inside their orbit
        for c in s.cyclers.iter().flatten() {
            let g = p.eval(&s.word(&c.letters));
            assert_eq!(g.support().len(), 3);
            assert_eq!(g.image(c.cells[0]), c.cells[1]);
        }
        let mut r = rng(400);
        for _ in 0..30 {
            let st = s.random_state(&mut r);
            let sol = s.solve(&st).unwrap();
            assert_eq!(sol.method, want);
            assert_eq!(p.apply(&st, &sol.word), p.solved(), "{}", cols[0]);
        }
        if s.method == Method::ThreeCycles {
            // every general 3-cycle is exactly the requested 3-cycle
            let orbit = s.orbits.iter().max_by_key(|o| o.len()).unwrap();
            for _ in 0..30 {
                let t = [0, 1, 2].map(|_| orbit[r.random_range(0..orbit.len())]);
                if t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
                    continue;
                }
                let w = s.three_cycle(t).unwrap();
                let expected = Perm::from_cycles(p.degree(), &[t.to_vec()]).unwrap();
                assert_eq!(p.eval(&s.word(&w)), expected);
            }
        }
    }
}

#[test]
fn general_solver_rejects_states_outside_the_group() {
    // 2x3 with 2x2 blocks: a transposition is not among the 120 (seed Part V)
    let p = Puzzle::builtin("board:2x3:2").unwrap();
    let s = GeneralSolver::new(&p);
    let e = s.solve(&[1, 0, 2, 3, 4, 5]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "unsolvable: the state is not in the group of the puzzle (order 120)"
    );
    // 4x4 with 3x3 blocks: a number in the other colour class
    let p = Puzzle::builtin("board:4x4:3").unwrap();
    let s = GeneralSolver::new(&p);
    let mut st = p.solved();
    st.swap(0, 1);
    let e = s.solve(&st).unwrap_err();
    assert!(e.to_string().contains("outside its orbit"), "{e}");
    // and an odd permutation inside one class
    let mut st = p.solved();
    st.swap(0, 2);
    let e = s.solve(&st).unwrap_err();
    assert!(e.to_string().contains("sign pattern"), "{e}");
}

#[test]
fn nrp_restriction_check_agrees_with_group_membership() {
    // the solver's colour-class and sign checks against Schreier–Sims / giant membership
    for n in 4..=9 {
        let s = Solver::new(n).unwrap();
        let b = &s.board;
        let group = b.puzzle.group();
        let mut r = rng(500 + n as u64);
        for k in 0..60 {
            // half random solvable states, half arbitrary shuffles and single swaps
            let st = match k % 3 {
                0 => s.random_state(&mut r),
                1 => {
                    let mut v = b.puzzle.solved();
                    use rand::seq::SliceRandom;
                    v.shuffle(&mut r);
                    v
                }
                _ => {
                    let mut v = s.random_state(&mut r);
                    let (i, j) = (r.random_range(0..b.cells()), r.random_range(0..b.cells()));
                    v.swap(i, j);
                    v
                }
            };
            let g = Perm::from_state(&st).unwrap();
            assert_eq!(s.check(&st).is_ok(), group.contains(&g), "n={n} k={k}");
        }
    }
}

#[test]
fn optimal_table_matches_the_seed_counts_and_bounds_the_other_methods() {
    // 2x3 with 2x2 blocks: 120 states; 3x4 with 3x3 blocks: 720 states (seed Part V)
    for (spec, states) in [("board:2x3:2", 120), ("board:3x4:3", 720)] {
        let p = Puzzle::builtin(spec).unwrap();
        let s = GeneralSolver::new(&p);
        let t = OptimalTable::new(&s, 1_000_000).unwrap();
        assert_eq!(t.len(), states);
        let mut r = rng(600);
        let row = compare(&p, None, 40, Limits::default(), &mut r);
        let (opt, fac) = (row.optimal.unwrap(), row.factor.unwrap());
        assert!(opt.max <= t.diameter() as usize);
        assert!(opt.median <= fac.median && opt.max <= fac.max);
        assert!(row.three_cycles.is_none() && row.seed_method.is_none());
    }
}

#[test]
fn quality_rows_for_small_nrp_boards() {
    let s = Solver::new(4).unwrap();
    let mut r = rng(700);
    let row = compare(&s.board.puzzle, Some(&s), 20, Limits::default(), &mut r);
    assert_eq!(row.states, 20);
    // all three methods solved every state (compare asserts it) and reported lengths
    let (seed, three, factor) = (
        row.seed_method.unwrap(),
        row.three_cycles.unwrap(),
        row.factor.unwrap(),
    );
    assert!(seed.median > 0 && three.median > 0 && factor.median > 0);
    assert!(
        row.optimal.is_none(),
        "A_20 is too large for optimal search"
    );
    let row = compare(
        &Board::new(6).unwrap().puzzle,
        None,
        5,
        Limits::default(),
        &mut r,
    );
    assert!(
        row.factor.is_none(),
        "factor is skipped above the degree limit"
    );
}

#[test]
fn cli_general_board_solve_labels_the_method() {
    let (code, out, _) = permlab(&[
        "nrp",
        "solve",
        "--board",
        "board:3x3:2",
        "2,1,3,4,5,6,7,8,9",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["method"].as_str().unwrap().starts_with("3-cycles"));
    assert_eq!(v["after"], "1,2,3,4,5,6,7,8,9");
    let (code, out, _) = permlab(&[
        "nrp",
        "solve",
        "--board",
        "board:2x3:2",
        "4,1,3,5,2,6",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["method"]
        .as_str()
        .unwrap()
        .starts_with("stabilizer-chain factor"));
    assert_eq!(v["after"], "1,2,3,4,5,6");
}
