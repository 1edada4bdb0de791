//! The seeds' claims that need only the core crate: permutations, matrices, words and
//! the built-in puzzles. Seed data lives in tests/data/.

use nalgebra::DMatrix;
use permlab::matrix::{matrix_power, order_by_matrix, perm_from_dmatrix, to_array2, to_dmatrix};
use permlab::{Convention, Direction, ProductOrder, Puzzle};
use std::collections::HashMap;

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("tests/data/{name}: {e}"))
}

fn data_lines(name: &str) -> Vec<String> {
    data(name)
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

const LR_CW: Convention = Convention {
    order: ProductOrder::LeftToRight,
    direction: Direction::Clockwise,
};
const RL_CW: Convention = Convention {
    order: ProductOrder::RightToLeft,
    direction: Direction::Clockwise,
};
const LR_CCW: Convention = Convention {
    order: ProductOrder::LeftToRight,
    direction: Direction::Counterclockwise,
};
const RL_CCW: Convention = Convention {
    order: ProductOrder::RightToLeft,
    direction: Direction::Counterclockwise,
};

// ---------------------------------------------------------------- seed 003

#[test]
fn seed003_order_1260_and_84_under_mixed_conventions() {
    let cube = Puzzle::builtin("cube3").unwrap();
    let w = cube.parse_word("R U2 D' B D'").unwrap();
    let order = |c| cube.eval_with(&w, c).order();
    assert_eq!(order(LR_CW), 1260u32.into());
    assert_eq!(order(RL_CCW), 1260u32.into());
    assert_eq!(order(RL_CW), 84u32.into());
    assert_eq!(order(LR_CCW), 84u32.into());
}

#[test]
fn seed003_order_by_matrix_powers_agrees_with_cycles() {
    let cube = Puzzle::builtin("cube3").unwrap();
    for line in data_lines("seed003_words.txt") {
        let g = cube.eval(&cube.parse_word(&line).unwrap());
        let m = to_dmatrix::<f64>(&g);
        let by_matrix = order_by_matrix(&m, 2000).expect("order below 2000");
        assert_eq!(g.order(), by_matrix.into(), "{line}");
    }
}

#[test]
fn seed003_r_u_f_l_b_power_100000_by_matrix_equals_perm_pow() {
    let cube = Puzzle::builtin("cube3").unwrap();
    let g = cube.eval(&cube.parse_word("R U F L B").unwrap());
    let by_matrix = perm_from_dmatrix(&matrix_power(&to_dmatrix::<f64>(&g), 100_000)).unwrap();
    let by_array =
        permlab::matrix::perm_from_array2(&matrix_power(&to_array2::<i64>(&g), 100_000)).unwrap();
    assert_eq!(by_matrix, g.pow(100_000));
    assert_eq!(by_array, g.pow(100_000));
    // and the word parser's power gives the same permutation
    let w = cube.parse_word("(R U F L B)^100000").unwrap();
    assert_eq!(cube.eval(&w), g.pow(100_000));
    // the state is that of (R U F L B)^(100000 mod order)
    let order = u64::try_from(g.order()).unwrap();
    assert_eq!(order, 60);
    assert_eq!(g.pow(100_000), g.pow((100_000 % order) as i64));
    assert!(!g.pow(100_000).is_identity());
}

#[test]
fn seed003_transpose_is_inverse_for_all_18_moves() {
    let cube = Puzzle::builtin("cube3").unwrap();
    for face in ["U", "D", "F", "B", "R", "L"] {
        for suffix in ["", "'", "2"] {
            let g = cube.eval(&cube.parse_word(&format!("{face}{suffix}")).unwrap());
            let p = to_dmatrix::<i32>(&g);
            assert_eq!(p.transpose(), to_dmatrix::<i32>(&g.inverse()));
            assert_eq!(&p * p.transpose(), DMatrix::<i32>::identity(54, 54));
        }
    }
}

/// A direct translation of seed 003's `perm_mat`, `gen_moves` and `move_mat`.
mod seed003_python {
    use super::*;

    /// `perm_mat(perm)`: row i of the result is row `perm[i]` of the identity.
    pub fn perm_mat(perm: &[u32]) -> DMatrix<f64> {
        let n = perm.len();
        let identity = DMatrix::<f64>::identity(n, n);
        let mut m = DMatrix::<f64>::identity(n, n);
        for (i, &p) in perm.iter().enumerate() {
            m.set_row(i, &identity.row(p as usize));
        }
        m
    }

    /// `gen_moves()`: for each face, turn a cube of distinct stickers, flatten it and
    /// take `perm_mat` (the reading matrix M is the identity in the crate's numbering);
    /// inverses are transposes and double moves squares.
    pub fn gen_moves(cube: &Puzzle) -> HashMap<String, DMatrix<f64>> {
        let mut d = HashMap::new();
        for mv in cube.generators() {
            let flattened = mv.perm.apply_to_state(&cube.solved());
            let p = perm_mat(&flattened);
            d.insert(format!("{}'", mv.name), p.transpose());
            d.insert(format!("{}2", mv.name), &p * &p);
            d.insert(mv.name.clone(), p);
        }
        d
    }

    /// `move_mat(seq)`: `T = moves[move] @ T` for each token.
    pub fn move_mat(moves: &HashMap<String, DMatrix<f64>>, seq: &str) -> DMatrix<f64> {
        let mut t = DMatrix::<f64>::identity(54, 54);
        for token in seq.split_whitespace() {
            t = &moves[token] * &t;
        }
        t
    }
}

#[test]
fn seed003_move_mat_translation_matches_crate_matrices() {
    let cube = Puzzle::builtin("cube3").unwrap();
    let moves = seed003_python::gen_moves(&cube);
    for seq in [
        "R U R' U'",
        "R U2 D' B D'",
        "F2 L' B R2 D U' F",
        "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2",
    ] {
        let g = cube.eval(&cube.parse_word(seq).unwrap());
        let t = seed003_python::move_mat(&moves, seq);
        assert_eq!(to_dmatrix::<f64>(&g), t, "{seq}");
        // applying by matrix and by permutation agree on a coloured state
        let colours: Vec<f64> = (0..54).map(|i| (i / 9) as f64).collect();
        let by_matrix = permlab::matrix::apply_matrix(&t, &colours);
        assert_eq!(by_matrix, g.apply_to_state(&colours), "{seq}");
    }
    // seed 003: R U R' U' becomes U^-1 R^-1 U R as a matrix product
    let m = |s: &str| moves[s].clone();
    assert_eq!(
        seed003_python::move_mat(&moves, "R U R' U'"),
        m("U'") * m("R'") * m("U") * m("R")
    );
}

#[test]
fn seed003_niss_every_cyclic_rotation_of_scramble_and_solution_is_identity() {
    let cube = Puzzle::builtin("cube3").unwrap();
    for scramble in data_lines("seed003_words.txt") {
        let s = cube.parse_word(&scramble).unwrap();
        let solution = s.inverse();
        let letters = s.concat(&solution).letters();
        let gens = cube.all_perms();
        for k in 0..letters.len() {
            let mut rotated = letters[k..].to_vec();
            rotated.extend_from_slice(&letters[..k]);
            let w = permlab::Word::from_letters(s.names().clone(), &rotated);
            assert!(w.eval(&gens).is_identity(), "{scramble}, rotation {k}");
        }
    }
}

#[test]
fn seed003_superflip_and_checkerboard() {
    let cube = Puzzle::builtin("cube3").unwrap();
    let superflip = cube.eval(
        &cube
            .parse_word("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2")
            .unwrap(),
    );
    // 12 edges flipped in place: twelve transpositions, nothing else
    let mut expected = vec![2; 12];
    expected.extend(vec![1; 54 - 24]);
    assert_eq!(superflip.cycle_type(), expected);
    let checker = cube.eval(&cube.parse_word("M2 E2 S2").unwrap());
    assert_eq!(checker.order(), 2u32.into());
    // only the 24 edge stickers move: centres (each swapped twice) and corners stay
    assert_eq!(checker.support().len(), 24);
}

// ---------------------------------------------------------------- seed 002

#[test]
fn seed002_transposition_word() {
    let t = Puzzle::builtin("turnstyle:12").unwrap();
    let p = "(T L L L T R)";
    let q = "(R R T L L)";
    let word = format!("L T L {p} {q} {p}^3 T L");
    let w = t.parse_word(&word).unwrap();
    assert_eq!(t.eval_with(&w, LR_CW).to_string(), "(1,2)");
    assert_eq!(t.eval_with(&w, RL_CW).to_string(), "(3,4)");
}

// ---------------------------------------------------------------- seed 000

#[test]
fn seed000_special_case_words_under_each_convention() {
    let words = permlab::reproduce::seed000_words();
    let holds: Vec<(String, Vec<Convention>)> = words
        .iter()
        .map(|row| {
            let puzzle = Puzzle::builtin(&row.puzzle).unwrap();
            let w = puzzle.parse_word(&row.word).unwrap();
            let ok = Convention::all()
                .into_iter()
                .filter(|&c| {
                    let g = puzzle.eval_with(&w, c);
                    g.cycles().iter().map(Vec::len).collect::<Vec<_>>() == row.cycle_type
                })
                .collect();
            (row.claim.clone(), ok)
        })
        .collect();
    let conventions_of = |claim: &str| &holds.iter().find(|(c, _)| c == claim).unwrap().1;
    // the 3x3 board's transposition needs counterclockwise letters or right-to-left products
    assert_eq!(
        conventions_of("s000-transposition-3x3"),
        &vec![RL_CW, LR_CCW]
    );
    // the 2x4 transposition and the 3x3-block 3-cycle hold under every convention
    assert_eq!(
        conventions_of("s000-transposition-2xn"),
        &Convention::all().to_vec()
    );
    assert_eq!(
        conventions_of("s000-3cycle-3x3-blocks"),
        &Convention::all().to_vec()
    );
    // exact permutations under the default convention (and the 3x3 board's under LR_CCW)
    let perm_of = |claim: &str, c: Convention| {
        let row = words.iter().find(|w| w.claim == claim).unwrap();
        let p = Puzzle::builtin(&row.puzzle).unwrap();
        p.eval_with(&p.parse_word(&row.word).unwrap(), c)
            .to_string()
    };
    let default = Convention::default();
    assert_eq!(perm_of("s000-transposition-3x3", default), "(2,4,6,9,8,5)");
    assert_eq!(perm_of("s000-transposition-3x3", LR_CCW), "(6,9)");
    assert_eq!(perm_of("s000-transposition-2xn", default), "(4,8)");
    assert_eq!(perm_of("s000-3cycle-3x3-blocks", default), "(2,13,7)");
}

#[test]
fn seed000_cycle_shifts_its_belt_by_n_minus_3() {
    for n in 4..=9 {
        let board = permlab::nrp::Board::new(n).unwrap();
        let p = &board.puzzle;
        let w = p.parse_word("(Y X)^4").unwrap();
        // the belt: down the first column, along the bottom row, up the last column
        let belt = permlab::nrp::belt(&board);
        assert_eq!(belt.len(), 3 * n - 1);
        // with the seed's counterclockwise letters, Cycle moves every belt cell n-3
        // places along it (counterclockwise) and fixes the rest
        let g = p.eval_with(&w, LR_CCW);
        for (k, &cell) in belt.iter().enumerate() {
            assert_eq!(g.image(cell), belt[(k + n - 3) % belt.len()], "n={n}");
        }
        assert_eq!(g.support().len(), belt.len());
        // under every convention Cycle is a shift by n-3 along a belt of 3n-1 cells:
        // gcd(3n-1, n-3) cycles of equal length
        let len = 3 * n - 1;
        let d = num_integer::gcd(len, n - 3);
        for conv in Convention::all() {
            let lens: Vec<usize> = p
                .eval_with(&w, conv)
                .cycles()
                .iter()
                .map(Vec::len)
                .collect();
            assert_eq!(lens, vec![len / d; d], "n={n} {conv}");
        }
    }
}

// ---------------------------------------------------------------- seed 004

#[test]
fn seed004_2x2_finishing_sequences_solve_their_configurations() {
    let p = Puzzle::builtin("nokia2x2").unwrap();
    for line in data_lines("seed004_finishing.txt") {
        let (cfg, word) = line.split_once(' ').unwrap();
        let mut text: Vec<String> = (1..=6).map(|i| i.to_string()).collect();
        text.extend(cfg.chars().map(|c| c.to_string()));
        let state = p.parse_state(&text.join(",")).unwrap();
        let w = p.parse_word(word).unwrap();
        assert_eq!(p.apply(&state, &w), p.solved(), "{cfg} {word}");
    }
}

#[test]
fn seed004_3x3_flip_table_swaps_exactly_the_named_positions() {
    let p = Puzzle::builtin("nokia-rect").unwrap();
    for line in data_lines("seed004_flips.txt") {
        let cols: Vec<&str> = line.split_whitespace().collect();
        let a: usize = cols[0].parse().unwrap();
        let b: usize = cols[1].parse().unwrap();
        let g = p.eval(&p.parse_word(cols[2]).unwrap());
        assert_eq!(g.cycles(), vec![vec![a.min(b) - 1, a.max(b) - 1]], "{line}");
    }
}

#[test]
fn seed004_3x3_useful_operations_do_what_they_say() {
    let p = Puzzle::builtin("nokia-rect").unwrap();
    for line in data_lines("seed004_operations.txt") {
        let cols: Vec<&str> = line.split(" | ").collect();
        let target = p.parse_state(&format!("{},9,10,11,12", cols[1])).unwrap();
        let w = p.parse_word(cols[2]).unwrap();
        assert_eq!(p.apply(&p.solved(), &w), target, "{}", cols[0]);
    }
}
