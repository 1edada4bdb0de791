//! Linear algebra of puzzles (`permlab::linalg`): the Smith form against its
//! definition and brute force, and the invariants against every reachable position.

#![allow(clippy::needless_range_loop)] // index-heavy matrix arithmetic

use permlab::linalg::invariants::{
    fixed_space_dimension, linear_invariants, Coordinate, LinearInvariant,
};
use permlab::linalg::smith::{quotient_order, relations_mod, relations_moduli, smith};
use permlab::search::budget::SearchBudget;
use permlab::{Perm, PermGroup, Puzzle};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

fn mul(a: &[Vec<i64>], b: &[Vec<i64>]) -> Vec<Vec<i64>> {
    let inner = b.len();
    let cols = b.first().map_or(0, Vec::len);
    a.iter()
        .map(|r| {
            (0..cols)
                .map(|j| (0..inner).map(|k| r[k] * b[k][j]).sum())
                .collect()
        })
        .collect()
}

/// The determinant by cofactor expansion over rationals-free integer arithmetic
/// (Bareiss's fraction-free elimination, in i128).
fn det(a: &[Vec<i64>]) -> i128 {
    let n = a.len();
    let mut m: Vec<Vec<i128>> = a
        .iter()
        .map(|r| r.iter().map(|&x| x as i128).collect())
        .collect();
    let mut sign = 1;
    let mut prev = 1i128;
    for k in 0..n {
        if m[k][k] == 0 {
            match (k + 1..n).find(|&i| m[i][k] != 0) {
                Some(i) => {
                    m.swap(k, i);
                    sign = -sign;
                }
                None => return 0,
            }
        }
        for i in k + 1..n {
            for j in k + 1..n {
                m[i][j] = (m[i][j] * m[k][k] - m[i][k] * m[k][j]) / prev;
            }
        }
        prev = m[k][k];
    }
    sign * m[n - 1][n - 1]
}

fn random_matrix(rng: &mut StdRng, rows: usize, cols: usize, bound: i64) -> Vec<Vec<i64>> {
    (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| rng.random_range(-bound..=bound))
                .collect()
        })
        .collect()
}

#[test]
fn smith_form_is_u_a_v_with_unimodular_u_v() {
    let mut rng = StdRng::seed_from_u64(17);
    for trial in 0..300 {
        let (m, n) = (rng.random_range(1..=6), rng.random_range(1..=6));
        let mut a = random_matrix(&mut rng, m, n, 9);
        if trial % 5 == 0 {
            // low rank: a row that is a combination of two others
            if m >= 3 {
                a[2] = (0..n).map(|j| 2 * a[0][j] - 3 * a[1][j]).collect();
            }
        }
        let s = smith(&a).unwrap();
        assert_eq!(mul(&mul(&s.u, &a), &s.v), s.d, "U·A·V = D for {a:?}");
        assert_eq!(det(&s.u).abs(), 1, "U unimodular");
        assert_eq!(det(&s.v).abs(), 1, "V unimodular");
        for i in 0..m {
            for j in 0..n {
                if i != j {
                    assert_eq!(s.d[i][j], 0);
                }
            }
        }
        let diag = &s.diagonal;
        assert!(diag.iter().all(|&x| x >= 0));
        assert_eq!(diag.iter().filter(|&&x| x != 0).count(), s.rank);
        assert!(diag[..s.rank].iter().all(|&x| x > 0));
        assert!(diag[s.rank..].iter().all(|&x| x == 0));
        for w in diag[..s.rank].windows(2) {
            assert_eq!(w[1] % w[0], 0, "divisibility chain {diag:?}");
        }
        if m == n {
            // |det A| is the product of the invariant factors
            let p: i128 = diag.iter().map(|&x| x as i128).product();
            assert_eq!(det(&a).abs(), p);
        }
    }
}

#[test]
fn ragged_and_overflowing_input_are_errors() {
    assert!(smith(&[vec![1, 2], vec![3]]).is_err());
    let big = i64::MAX / 2;
    let r = smith(&[vec![big, big - 1], vec![big - 1, -big]]);
    // either exact or an overflow error, never a wrong answer
    if let Ok(s) = r {
        let a = [vec![big, big - 1], vec![big - 1, -big]];
        let prod: Vec<Vec<i128>> = {
            let a128: Vec<Vec<i128>> = a
                .iter()
                .map(|r| r.iter().map(|&x| x as i128).collect())
                .collect();
            let u: Vec<Vec<i128>> =
                s.u.iter()
                    .map(|r| r.iter().map(|&x| x as i128).collect())
                    .collect();
            let v: Vec<Vec<i128>> =
                s.v.iter()
                    .map(|r| r.iter().map(|&x| x as i128).collect())
                    .collect();
            let m1: Vec<Vec<i128>> = (0..2)
                .map(|i| {
                    (0..2)
                        .map(|j| (0..2).map(|k| u[i][k] * a128[k][j]).sum())
                        .collect()
                })
                .collect();
            (0..2)
                .map(|i| {
                    (0..2)
                        .map(|j| (0..2).map(|k| m1[i][k] * v[k][j]).sum())
                        .collect()
                })
                .collect()
        };
        assert_eq!(prod[0][1], 0);
        assert_eq!(prod[1][0], 0);
    }
    assert!(relations_mod(0, &[vec![1]]).is_err());
}

/// All `x ∈ (Z/k)^rows` with `x·M ≡ 0 (mod k)`, by enumeration.
fn brute_solutions(k: i64, m: &[Vec<i64>]) -> Vec<Vec<i64>> {
    let rows = m.len();
    let cols = m.first().map_or(0, Vec::len);
    let total = (k as usize).pow(rows as u32);
    (0..total)
        .map(|mut c| {
            (0..rows)
                .map(|_| {
                    let d = (c % k as usize) as i64;
                    c /= k as usize;
                    d
                })
                .collect::<Vec<i64>>()
        })
        .filter(|x| {
            (0..cols).all(|j| (0..rows).map(|i| x[i] * m[i][j]).sum::<i64>().rem_euclid(k) == 0)
        })
        .collect()
}

#[test]
fn relations_mod_k_count_the_solutions_by_brute_force() {
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..300 {
        let k = rng.random_range(1..=8);
        let rows = rng.random_range(1..=3);
        let cols = rng.random_range(0..=4);
        let m = random_matrix(&mut rng, rows, cols, 7);
        let (count, rels) = relations_mod(k, &m).unwrap();
        let sols = brute_solutions(k, &m);
        assert_eq!(count, (sols.len() as u64).into(), "k = {k}, M = {m:?}");
        // each relation c·y ≡ 0 (mod d) holds on every column; (k/d)·c is a solution
        let set: HashSet<Vec<i64>> = sols.into_iter().collect();
        for r in &rels {
            assert_eq!(k % r.modulus, 0);
            for j in 0..cols {
                let y: i64 = (0..rows).map(|i| r.coefficients[i] * m[i][j]).sum();
                assert_eq!(y.rem_euclid(r.modulus), 0);
            }
            let x: Vec<i64> = r
                .coefficients
                .iter()
                .map(|c| (c * (k / r.modulus)).rem_euclid(k))
                .collect();
            assert!(set.contains(&x));
        }
    }
}

#[test]
fn quotient_order_by_brute_force_closure() {
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..200 {
        let rows = rng.random_range(1..=3);
        let moduli: Vec<i64> = (0..rows).map(|_| rng.random_range(1..=6)).collect();
        let cols = rng.random_range(0..=3);
        let m = random_matrix(&mut rng, rows, cols, 6);
        // the subgroup generated by the columns, by closure
        let cols: Vec<Vec<i64>> = (0..m[0].len())
            .map(|j| (0..rows).map(|i| m[i][j].rem_euclid(moduli[i])).collect())
            .collect();
        let mut seen: HashSet<Vec<i64>> = HashSet::from([vec![0; rows]]);
        let mut stack = vec![vec![0; rows]];
        while let Some(x) = stack.pop() {
            for c in &cols {
                let y: Vec<i64> = (0..rows).map(|i| (x[i] + c[i]) % moduli[i]).collect();
                if seen.insert(y.clone()) {
                    stack.push(y);
                }
            }
        }
        let size: i64 = moduli.iter().product();
        let q = quotient_order(&moduli, &m).unwrap();
        assert_eq!(
            q,
            ((size as usize / seen.len()) as u64).into(),
            "{moduli:?} {m:?}"
        );
    }
}

fn check_every_element(g: &PermGroup) {
    let inv = linear_invariants(g).unwrap();
    let order = g.order_u128().unwrap();
    for r in 0..order {
        let x = g.unrank(r).unwrap();
        for i in &inv.invariants {
            assert!(i.holds_for(&x), "{} fails on {x}", i.sentence());
        }
    }
}

#[test]
fn every_reachable_position_of_cube2_ruf_and_nokia2x2_satisfies_them() {
    let cube = Puzzle::load("tests/data/cube2_ruf.gens").unwrap().group();
    assert_eq!(cube.order(), 3_674_160u32.into());
    check_every_element(&cube);
    check_every_element(&Puzzle::builtin("nokia2x2").unwrap().group());
}

#[test]
fn solutions_equal_the_index_in_the_full_group() {
    for spec in [
        "tests/data/cube2_ruf.gens",
        "cube2",
        "nokia2x2",
        "cube3",
        "rotation3",
    ] {
        let g = Puzzle::load(spec).unwrap().group();
        let inv = linear_invariants(&g).unwrap();
        assert_eq!(&inv.index() * &inv.group_order, inv.full_order, "{spec}");
        assert_eq!(inv.solutions, inv.index(), "{spec}");
        assert_eq!(inv.solutions, inv.separate_solutions, "{spec}");
    }
}

#[test]
fn the_full_group_order_by_brute_force_on_cube2_ruf() {
    // C3 wr S7 on the 7 corners that move: 3^7 · 7!
    let g = Puzzle::load("tests/data/cube2_ruf.gens").unwrap().group();
    let inv = linear_invariants(&g).unwrap();
    assert_eq!(inv.systems.len(), 1);
    assert_eq!(inv.systems[0].pieces.len(), 7);
    assert_eq!(inv.full_order, (2187u64 * 5040).into());
}

#[test]
fn cube3_has_exactly_the_twist_and_flip_sums_and_one_sign_relation() {
    let g = Puzzle::builtin("cube3").unwrap().group();
    let inv = linear_invariants(&g).unwrap();
    let mut orient: Vec<(u64, usize, usize)> = inv
        .invariants
        .iter()
        .filter_map(|i| match i {
            LinearInvariant::Orientation { modulus, terms } => {
                assert_eq!(terms.len(), 1);
                assert_eq!(terms[0].0, 1);
                Some((*modulus, terms[0].1.modulus, terms[0].1.pieces.len()))
            }
            _ => None,
        })
        .collect();
    orient.sort();
    assert_eq!(orient, vec![(2, 2, 12), (3, 3, 8)]);
    let signs: Vec<&LinearInvariant> = inv
        .invariants
        .iter()
        .filter(|i| matches!(i, LinearInvariant::Sign { .. }))
        .collect();
    assert_eq!(signs.len(), 1);
    assert!(signs[0].sentence().contains("same parity"));
    assert_eq!(inv.orbits, 8);
    // a single corner twist breaks the twist sum, a single edge flip the flip sum,
    // a swap of two corners the sign relation: each breaks exactly one invariant
    let c = inv.systems.iter().find(|s| s.modulus == 3).unwrap();
    let e = inv.systems.iter().find(|s| s.modulus == 2).unwrap();
    let p = &c.pieces[0];
    let twist = Perm::from_cycles(54, std::slice::from_ref(p)).unwrap();
    let q = &e.pieces[0];
    let flip = Perm::from_cycles(54, std::slice::from_ref(q)).unwrap();
    let (a, b) = (&c.pieces[0], &c.pieces[1]);
    let swap =
        Perm::from_cycles(54, &(0..3).map(|j| vec![a[j], b[j]]).collect::<Vec<_>>()).unwrap();
    for (x, kind) in [
        (&twist, "orientation"),
        (&flip, "orientation"),
        (&swap, "sign"),
    ] {
        let broken: Vec<&LinearInvariant> =
            inv.invariants.iter().filter(|i| !i.holds_for(x)).collect();
        assert_eq!(broken.len(), 1, "{x}");
        assert_eq!(broken[0].kind(), kind);
        assert!(!g.contains(x));
    }
}

#[test]
fn the_fixed_space_has_one_dimension_per_orbit() {
    for spec in [
        "cube2",
        "cube3",
        "nokia2x2",
        "rotation3",
        "turnstyle:10",
        "tests/data/two_orbits_9.gens",
        "tests/data/m12.gens",
    ] {
        let p = Puzzle::load(spec).unwrap();
        let g = p.group();
        assert_eq!(
            fixed_space_dimension(g.degree(), g.generators()).unwrap(),
            g.orbits().len(),
            "{spec}"
        );
    }
}

#[test]
fn cli_invariants() {
    let (code, out, err) = crate::common::permlab(&["invariants", "cube3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["index"], "12");
    assert_eq!(v["solutions"], "12");
    let list = v["invariants"].as_array().unwrap();
    let kinds: Vec<&str> = list.iter().map(|i| i["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds.iter().filter(|&&k| k == "orbit").count(), 8);
    assert_eq!(kinds.iter().filter(|&&k| k == "orientation").count(), 2);
    assert_eq!(kinds.iter().filter(|&&k| k == "sign").count(), 1);
    let corner = list
        .iter()
        .find(|i| i["kind"] == "orientation" && i["modulus"] == 3)
        .unwrap();
    let pieces = corner["coefficients"][0]["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 8);
    assert!(corner["sentence"]
        .as_str()
        .unwrap()
        .contains("sum to 0 mod 3"));
    let (code, out, _) = crate::common::permlab(&["invariants", "cube3"]);
    assert_eq!(code, 0);
    assert!(out.contains("sum to 0 mod 2"));
    assert!(out.contains("they account for the whole index"));
    let (code, _, err) = crate::common::permlab(&["invariants", "nosuchpuzzle"]);
    assert_eq!(code, 2);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

// ---- spectra ----

use permlab::linalg::spectrum::{
    permutation_eigenvalues, random_move_operator, random_move_spectrum, Domain, Solver,
};
use permlab::nalgebra::{Complex, DMatrix};

/// Whether two multisets of complex numbers agree within `tol` (greedy matching).
fn same_multiset(a: &[Complex<f64>], b: &[Complex<f64>], tol: f64) -> bool {
    let mut used = vec![false; b.len()];
    a.len() == b.len()
        && a.iter().all(
            |z| match (0..b.len()).find(|&j| !used[j] && (b[j] - z).norm() < tol) {
                Some(j) => {
                    used[j] = true;
                    true
                }
                None => false,
            },
        )
}

fn random_perm(rng: &mut StdRng, n: usize) -> Perm {
    let mut v: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        v.swap(i, rng.random_range(0..=i));
    }
    Perm::from_images(v).unwrap()
}

#[test]
fn word_eigenvalues_match_nalgebra_and_the_cycle_type() {
    let mut rng = StdRng::seed_from_u64(11);
    for _ in 0..200 {
        let n = rng.random_range(1..=10);
        let p = random_perm(&mut rng, n);
        let exact = permutation_eigenvalues(&p);
        // multiplicities from the cycle type, counted directly
        let ct = p.cycle_type();
        for (r, m) in &exact {
            let b = r.denominator as usize;
            assert_eq!(*m, ct.iter().filter(|&&l| l % b == 0).count());
        }
        let ones = exact.iter().find(|(r, _)| r.denominator == 1).unwrap().1;
        assert_eq!(ones, ct.len(), "1 has one eigenvector per cycle");
        let listed: Vec<Complex<f64>> = exact
            .iter()
            .flat_map(|(r, m)| std::iter::repeat_n(r.value(), *m))
            .collect();
        assert_eq!(listed.len(), n);
        // nalgebra's unshifted Schur iteration need not converge on a permutation
        // matrix (a cyclic shift is the classic case), so compare through the
        // Hermitian matrix H = c·P + conj(c)·Pᵀ, whose eigenvalues are 2·Re(c·λ): for
        // c = e^{iφ} with φ not a rational multiple of π these determine the λ.
        let c = Complex::from_polar(1.0, 0.123_456_789);
        let h = DMatrix::<Complex<f64>>::from_fn(n, n, |i, j| {
            let mut z = Complex::new(0.0, 0.0);
            if p.image(j) == i {
                z += c;
            }
            if p.image(i) == j {
                z += c.conj();
            }
            z
        });
        let numeric: Vec<Complex<f64>> = h
            .symmetric_eigenvalues()
            .iter()
            .map(|&x| Complex::new(x, 0.0))
            .collect();
        let expected: Vec<Complex<f64>> = listed
            .iter()
            .map(|&l| Complex::new(2.0 * (c * l).re, 0.0))
            .collect();
        assert!(
            same_multiset(&expected, &numeric, 1e-6),
            "{p}: {listed:?} vs {numeric:?}"
        );
    }
}

fn metric_moves_of(spec: &str) -> (usize, Vec<Perm>) {
    let p = Puzzle::load(spec).unwrap();
    let (_, moves) = permlab::search::space::metric_moves(&p, p.metric()).unwrap();
    (p.degree(), moves)
}

#[test]
fn eigenvalue_one_has_one_eigenvector_per_orbit_on_points_and_pairs() {
    use permlab::group::orbits_on_sets::OnWhat;
    for spec in [
        "tests/data/cube2_ruf.gens",
        "nokia2x2",
        "rotation3",
        "turnstyle:6",
        "tests/data/two_orbits_9.gens",
    ] {
        let (n, moves) = metric_moves_of(spec);
        let g = PermGroup::new(n, moves.clone());
        let s = random_move_spectrum(n, &moves, Domain::Points).unwrap();
        assert_eq!(s.unit_multiplicity, g.orbits().len(), "{spec}");
        let s2 = random_move_spectrum(n, &moves, Domain::Pairs).unwrap();
        let pair_orbits = g.orbits_on(OnWhat::Tuples(2), 10_000).unwrap().len();
        assert_eq!(s2.unit_multiplicity, pair_orbits, "{spec}");
        assert_eq!(s.eigenvalues.len(), n);
        assert_eq!(s2.eigenvalues.len(), n * n);
        // the points spectrum lies inside the pairs spectrum (the diagonal pairs)
        assert!(
            s2.lambda_star.unwrap() >= s.lambda_star.unwrap() - 1e-9,
            "{spec}"
        );
    }
}

#[test]
fn the_symmetric_solver_agrees_with_schur() {
    for spec in ["nokia2x2", "tests/data/cube2_ruf.gens", "turnstyle:7"] {
        let (n, moves) = metric_moves_of(spec);
        let s = random_move_spectrum(n, &moves, Domain::Points).unwrap();
        assert_eq!(s.solver, Solver::Symmetric, "{spec}");
        let t = random_move_operator(n, &moves, Domain::Points).unwrap();
        assert_eq!(t, t.transpose());
        let schur: Vec<Complex<f64>> = t
            .clone()
            .try_schur(f64::EPSILON, 100_000)
            .expect("Schur converges")
            .complex_eigenvalues()
            .iter()
            .copied()
            .collect();
        assert!(same_multiset(&s.eigenvalues, &schur, 1e-6), "{spec}");
    }
    let (n, moves) = metric_moves_of("rotation3");
    assert_eq!(
        random_move_spectrum(n, &moves, Domain::Points)
            .unwrap()
            .solver,
        Solver::Schur
    );
}

#[test]
fn the_lower_bound_holds_on_exact_mixing_curves() {
    use permlab::search::mixing::{mixing, MixingOptions};
    use permlab::search::space::GroupSpace;
    for spec in ["nokia2x2", "rotation3", "turnstyle:6"] {
        let p = Puzzle::load(spec).unwrap();
        let (n, moves) = metric_moves_of(spec);
        assert_eq!(moves, p.generator_perms(), "{spec}: the walk's moves");
        let space = GroupSpace::for_puzzle(&p, false).unwrap();
        let opts = MixingOptions { steps: 30 };
        let budget = SearchBudget::unlimited().with_max_memory(Some(1 << 30));
        let r = mixing(&space, &opts, &budget).unwrap();
        for domain in [Domain::Points, Domain::Pairs] {
            let s = random_move_spectrum(n, &moves, domain).unwrap();
            for (k, &tv) in r.tv.iter().enumerate() {
                let lb = s.lower_bound(k as u32).unwrap();
                assert!(tv >= lb - 1e-9, "{spec} {domain:?} k = {k}: {tv} < {lb}");
            }
        }
    }
}

#[test]
fn cli_spectrum() {
    let (code, out, err) = crate::common::permlab(&["spectrum", "cube3", "R U", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let total: u64 = v["eigenvalues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["multiplicity"].as_u64().unwrap())
        .sum::<u64>();
    // every root is listed once with its multiplicity: they add up to the degree
    assert_eq!(total, 54);
    let ones = v["eigenvalues"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["denominator"] == 1)
        .unwrap();
    assert_eq!(ones["multiplicity"], 26);
    let (code, out, err) = crate::common::permlab(&["spectrum", "nokia2x2", "--pairs", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solver"], "symmetric");
    assert_eq!(v["unit_multiplicity"], v["orbits"]);
    assert_eq!(v["dimension"], 81);
    let (code, out, _) = crate::common::permlab(&["spectrum", "rotation3"]);
    assert_eq!(code, 0);
    assert!(out.contains("not closed under inverses"));
    let (code, out, err) = crate::common::permlab(&["spectrum", "cube3", "--pairs", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["dimension"], 54 * 54);
    assert_eq!(v["unit_multiplicity"], v["orbits"]);
    // S_10 on its 120 3-subsets has an orbit of 120·119 ordered pairs of distinct points
    let (code, out, err) = crate::common::permlab(&["spectrum", "sym:10:3", "--pairs"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("dense eigen solver is limited"), "{err}");
    let (code, _, _) = crate::common::permlab(&["spectrum", "cube3", "R Q"]);
    assert_eq!(code, 2);
}

// ---- the permutation module ----

use permlab::linalg::permutation_module::{character_inner_product, orbitals, rank};

#[test]
fn rank_is_the_character_inner_product_by_burnside() {
    for spec in [
        "cube2",
        "tests/data/m12.gens",
        "nokia2x2",
        "rotation3",
        "tests/data/psl2_7.gens",
        "turnstyle:8",
    ] {
        let g = Puzzle::load(spec).unwrap().group();
        let r = rank(&g).unwrap();
        assert_eq!(
            character_inner_product(&g, 100_000).unwrap(),
            r.into(),
            "{spec}"
        );
        // and by brute force over the elements on small groups
        if let Some(order) = g.order_u128().filter(|&o| o <= 200_000) {
            let sum: u128 = (0..order)
                .map(|i| {
                    let x = g.unrank(i).unwrap();
                    let f = (0..g.degree()).filter(|&p| x.image(p) == p).count() as u128;
                    f * f
                })
                .sum();
            assert_eq!(sum, r as u128 * order, "{spec}");
        }
    }
}

#[test]
fn orbital_matrices_form_a_closed_algebra_with_the_right_eigenvalues() {
    for spec in [
        "cube2",
        "tests/data/m12.gens",
        "nokia2x2",
        "tests/data/two_orbits_9.gens",
    ] {
        let g = Puzzle::load(spec).unwrap().group();
        let n = g.degree();
        let o = orbitals(&g, 100).unwrap();
        assert!(o.closed_under_products, "{spec}");
        assert_eq!(o.orbitals.iter().map(|a| a.size).sum::<usize>(), n * n);
        for (i, a) in o.orbitals.iter().enumerate() {
            assert_eq!(o.orbitals[a.paired].paired, i);
            assert_eq!(o.orbitals[a.paired].size, a.size);
            let e = a.eigenvalues.as_ref().unwrap();
            assert_eq!(e.len(), n);
            // the trace: pairs of the orbital on the diagonal
            let diagonal = if a.representative.0 == a.representative.1 {
                a.size
            } else {
                0
            };
            let tr: Complex<f64> = e.iter().sum();
            assert!(
                (tr.re - diagonal as f64).abs() < 1e-6 && tr.im.abs() < 1e-6,
                "{spec} {i}"
            );
            if o.transitive {
                // constant row sums |O_i|/n: an eigenvalue of A_i with the all-ones vector
                let d = (a.size / n) as f64;
                assert!(e.iter().any(|z| (z - Complex::new(d, 0.0)).norm() < 1e-6));
            }
        }
    }
    // M12 is 2-transitive: I and J − I, with eigenvalues 11 and −1 (11 times)
    let m12 = Puzzle::load("tests/data/m12.gens").unwrap().group();
    let o = orbitals(&m12, 10).unwrap();
    assert_eq!(o.orbitals.len(), 2);
    assert!(o.commutative && o.symmetric);
    let e = o.orbitals[1].eigenvalues.as_ref().unwrap();
    assert!((e[0].re - 11.0).abs() < 1e-9);
    assert!(e[1..].iter().all(|z| (z.re + 1.0).abs() < 1e-9));
}

#[test]
fn cli_module() {
    let (code, out, err) = crate::common::permlab(&["module", "cube2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rank"], 4);
    assert_eq!(v["character_inner_product"], "4");
    assert_eq!(v["orbitals"].as_array().unwrap().len(), 4);
    let (code, out, _) = crate::common::permlab(&["module", "tests/data/megaminx.gens"]);
    assert_eq!(code, 0);
    assert!(out.contains("120 points"));
    let (code, _, err) = crate::common::permlab(&["module", "tests/data/s1000.gens"]);
    assert_eq!(code, 2);
    assert!(err.contains("degree 1000"), "{err}");
}

#[test]
fn spectrum_figure_is_deterministic_and_cli_writes_it() {
    use permlab::figures::{spectrum::SpectrumFigure, Figure};
    let p: Perm = "(1,2,3,4)(5,6)".parse().unwrap();
    let points: Vec<(Complex<f64>, usize)> = permutation_eigenvalues(&p)
        .into_iter()
        .map(|(r, m)| (r.value(), m))
        .collect();
    let fig = SpectrumFigure::new(points).title("(1,2,3,4)(5,6)");
    let a = fig.to_png((300, 300)).unwrap();
    assert_eq!(a, fig.to_png((300, 300)).unwrap());
    assert_eq!(&a[1..4], b"PNG");
    let svg = fig.to_svg((300, 300)).unwrap();
    assert!(
        svg.contains("×2"),
        "the multiplicity 2 of 1 and -1 is written"
    );
    let dir = std::env::temp_dir().join(format!("permlab-linalg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("s.svg");
    let (code, _, err) = crate::common::permlab(&[
        "figure",
        "spectrum",
        "nokia2x2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&out).unwrap().contains("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn orbitals_figure_colours_each_pair_by_its_orbital() {
    use permlab::figures::{orbitals::OrbitalsFigure, Figure};
    let g = Puzzle::builtin("cube2").unwrap().group();
    let o = orbitals(&g, 0).unwrap();
    let n = g.degree();
    assert_eq!(o.index.len(), n * n);
    // the index agrees with the orbitals' representatives and sizes
    for (i, a) in o.orbitals.iter().enumerate() {
        assert_eq!(o.index[a.representative.0 * n + a.representative.1], i);
        assert_eq!(o.index.iter().filter(|&&k| k == i).count(), a.size);
    }
    let fig = OrbitalsFigure::new(n, o.index.clone())
        .unwrap()
        .title("cube2");
    let a = fig.to_png((240, 260)).unwrap();
    assert_eq!(a, fig.to_png((240, 260)).unwrap());
    assert!(fig.to_svg((240, 260)).unwrap().contains("4 orbitals"));
    assert!(OrbitalsFigure::new(3, vec![0; 8]).is_err());
    let dir = std::env::temp_dir().join(format!("permlab-orbitals-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("o.png");
    let (code, _, err) = crate::common::permlab(&[
        "figure",
        "orbitals",
        "tests/data/m12.gens",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(&std::fs::read(&out).unwrap()[1..4], b"PNG");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn relations_moduli_count_the_solutions_by_brute_force() {
    // random matrices over Z/4 × Z/2 × Z/3 × Z/2: the characters the relations give
    // vanish on every column, and their number matches the brute-force quotient
    let mut rng = StdRng::seed_from_u64(17);
    let moduli = [4i64, 2, 3, 2];
    for _ in 0..40 {
        let cols = rng.random_range(0..4);
        let m: Vec<Vec<i64>> = moduli
            .iter()
            .map(|&k| (0..cols).map(|_| rng.random_range(0..k)).collect())
            .collect();
        let (count, rels) = relations_moduli(&moduli, &m).unwrap();
        assert_eq!(count, quotient_order(&moduli, &m).unwrap());
        for r in &rels {
            for (c, &k) in r.coefficients.iter().zip(&moduli) {
                assert_eq!((c * k) % r.modulus, 0, "{r:?} not well defined");
            }
            for j in 0..cols {
                let v: i64 = (0..moduli.len()).map(|i| r.coefficients[i] * m[i][j]).sum();
                assert_eq!(v % r.modulus, 0, "{r:?} fails on column {j}");
            }
        }
    }
}

/// The value of every coordinate (twist sums, signs) on `x`.
fn coordinate_values(coords: &[Coordinate], x: &Perm) -> Vec<u64> {
    coords.iter().map(|c| c.value(x).unwrap()).collect()
}

#[test]
fn mixed_relations_by_brute_force_on_two_centre_faces() {
    // every element of the group satisfies every relation, the image of the group
    // in A = Π Z/k × GF(2)^c (found by enumerating the group) has |A| / solutions
    // elements, and the listed relations cut out exactly that image in A
    let g = Puzzle::load("tests/data/mixed_centres.gens")
        .unwrap()
        .group();
    let inv = linear_invariants(&g).unwrap();
    let mixed: Vec<&LinearInvariant> = inv
        .invariants
        .iter()
        .filter(|i| i.kind() == "mixed")
        .collect();
    assert_eq!(mixed.len(), 2);
    assert!(mixed[0].sentence().contains("is odd exactly when"));
    let coords: Vec<Coordinate> = inv
        .systems
        .iter()
        .cloned()
        .map(Coordinate::Twist)
        .chain(inv.sign_coordinates.iter().cloned().map(Coordinate::Sign))
        .collect();
    let mut image = HashSet::new();
    for r in 0..g.order_u128().unwrap() {
        let x = g.unrank(r).unwrap();
        for i in &inv.invariants {
            assert!(i.holds_for(&x), "{} fails on {x}", i.sentence());
        }
        image.insert(coordinate_values(&coords, &x));
    }
    let size: u64 = coords.iter().map(Coordinate::modulus).product();
    assert_eq!(inv.solutions, (size / image.len() as u64).into());
    assert_eq!(inv.listed_solutions, inv.solutions);
    assert_eq!(inv.solutions, inv.index());
    assert!(inv.separate_solutions < inv.solutions);
    // the vectors of A satisfying every listed relation are exactly the image
    let relations: Vec<(u64, Vec<u64>)> = inv
        .invariants
        .iter()
        .filter_map(|i| {
            let c = |coord: &Coordinate| coords.iter().position(|x| x == coord).unwrap();
            let mut v = vec![0u64; coords.len()];
            match i {
                LinearInvariant::Orientation { modulus, terms } => {
                    for (a, sys) in terms {
                        v[c(&Coordinate::Twist(sys.clone()))] = *a;
                    }
                    Some((*modulus, v))
                }
                LinearInvariant::Sign { terms } => {
                    for t in terms {
                        v[c(&Coordinate::Sign(t.clone()))] = 1;
                    }
                    Some((2, v))
                }
                LinearInvariant::Mixed { modulus, terms } => {
                    for (a, t) in terms {
                        v[c(t)] = *a;
                    }
                    Some((*modulus, v))
                }
                LinearInvariant::Orbit { .. } => None,
            }
        })
        .collect();
    let mut satisfying = 0;
    for code in 0..size {
        let mut a = Vec::new();
        let mut rest = code;
        for coord in &coords {
            a.push(rest % coord.modulus());
            rest /= coord.modulus();
        }
        let ok = relations
            .iter()
            .all(|(d, v)| v.iter().zip(&a).map(|(x, y)| x * y).sum::<u64>() % d == 0);
        assert_eq!(ok, image.contains(&a), "{a:?}");
        satisfying += u64::from(ok);
    }
    assert_eq!(satisfying, image.len() as u64);
}

#[test]
fn mixed_relations_of_the_big_cubes_hold_and_complete_the_count() {
    // cube:4:outer and cube:5:outer and cube:5:layers: the listed relations
    // together have as many solutions as all relations; the generators and random
    // elements satisfy each; every mixed relation ties a twist sum to a sign
    let mut rng = StdRng::seed_from_u64(5);
    for (spec, mixed_count) in [
        ("cube:4:outer", 6),
        ("cube:5:outer", 6),
        ("cube:5:layers", 1),
    ] {
        let g = Puzzle::builtin(spec).unwrap().group();
        let inv = linear_invariants(&g).unwrap();
        assert_eq!(inv.listed_solutions, inv.solutions, "{spec}");
        assert!(inv.separate_solutions < inv.solutions, "{spec}");
        let mixed: Vec<&LinearInvariant> = inv
            .invariants
            .iter()
            .filter(|i| i.kind() == "mixed")
            .collect();
        assert_eq!(mixed.len(), mixed_count, "{spec}");
        let xs: Vec<Perm> = g
            .generators()
            .iter()
            .cloned()
            .chain((0..20).map(|_| g.random_element(&mut rng)))
            .collect();
        for i in &inv.invariants {
            for x in &xs {
                assert!(i.holds_for(x), "{spec}: {} fails on {x}", i.sentence());
            }
        }
        for m in mixed {
            let LinearInvariant::Mixed { terms, .. } = m else {
                unreachable!()
            };
            assert!(terms.iter().any(|(_, c)| matches!(c, Coordinate::Twist(_))));
            assert!(terms.iter().any(|(_, c)| matches!(c, Coordinate::Sign(_))));
            // one quarter turn of a face breaks it when applied alone to the
            // pieces' twist (a single twist of one piece, nothing else moved)
            if let Some((_, Coordinate::Twist(sys))) = terms
                .iter()
                .find(|(_, c)| matches!(c, Coordinate::Twist(_)))
            {
                let twist =
                    Perm::from_cycles(g.degree(), std::slice::from_ref(&sys.pieces[0])).unwrap();
                assert!(!m.holds_for(&twist), "{spec}: {}", m.sentence());
                assert!(!g.contains(&twist));
            }
        }
    }
}

/// The dense spectrum of the whole operator, without the orbit blocks.
fn dense_spectrum(n: usize, moves: &[Perm], domain: Domain) -> Vec<Complex<f64>> {
    let t = random_move_operator(n, moves, domain).unwrap();
    if t == t.transpose() {
        t.symmetric_eigenvalues()
            .iter()
            .map(|&x| Complex::new(x, 0.0))
            .collect()
    } else {
        t.try_schur(f64::EPSILON, 100_000)
            .expect("Schur converges")
            .complex_eigenvalues()
            .iter()
            .copied()
            .collect()
    }
}

#[test]
fn orbit_blocks_give_the_dense_spectrum() {
    // puzzles with one and several orbits on points, symmetric and one-way moves
    for spec in [
        "nokia2x2",
        "rotation3",
        "turnstyle:7",
        "tests/data/two_orbits_9.gens",
        "tests/data/cube2_ruf.gens",
        "tests/data/m11.gens",
    ] {
        let (n, moves) = metric_moves_of(spec);
        for domain in [Domain::Points, Domain::Pairs] {
            let s = random_move_spectrum(n, &moves, domain).unwrap();
            let dense = dense_spectrum(n, &moves, domain);
            // a non-symmetric T can have defective eigenvalues (rotation3's pairs: 1/4
            // in a Jordan block of size 5), which any floating-point solver finds only
            // to about ε^(1/5) ≈ 1e-3
            let tol = if s.solver == Solver::Symmetric {
                1e-9
            } else {
                1e-3
            };
            assert!(
                same_multiset(&s.eigenvalues, &dense, tol),
                "{spec} {domain:?}"
            );
        }
    }
    // random subgroups of S_n with moves closed under inverses
    let mut rng = StdRng::seed_from_u64(17);
    for _ in 0..40 {
        let n = rng.random_range(2..=7);
        let mut moves = Vec::new();
        for _ in 0..rng.random_range(1..=2) {
            let p = random_perm(&mut rng, n);
            moves.push(p.inverse());
            moves.push(p);
        }
        for domain in [Domain::Points, Domain::Pairs] {
            let s = random_move_spectrum(n, &moves, domain).unwrap();
            let dense = dense_spectrum(n, &moves, domain);
            assert!(same_multiset(&s.eigenvalues, &dense, 1e-9), "{moves:?}");
        }
    }
}

#[test]
fn pairs_spectrum_beyond_the_dense_limit() {
    use permlab::group::orbits_on_sets::OnWhat;
    use permlab::linalg::spectrum::{orbit_blocks, SpectrumError, MAX_DIMENSION};
    // cube3: 2916 ordered pairs of stickers, more than one dense block allows, in
    // orbits of at most 576 pairs
    let (n, moves) = metric_moves_of("cube3");
    assert!(n * n > 2500, "more than the earlier dense limit");
    let s = random_move_spectrum(n, &moves, Domain::Pairs).unwrap();
    assert_eq!(s.eigenvalues.len(), n * n);
    let g = PermGroup::new(n, moves.clone());
    let pair_orbits = g.orbits_on(OnWhat::Tuples(2), 100_000).unwrap();
    assert_eq!(s.orbits, pair_orbits.len());
    assert_eq!(s.unit_multiplicity, pair_orbits.len());
    assert_eq!(
        s.largest_orbit,
        pair_orbits.iter().map(|o| o.len()).max().unwrap()
    );
    assert!(s.largest_orbit <= MAX_DIMENSION);
    let blocks = orbit_blocks(n, &moves, Domain::Pairs).unwrap();
    assert_eq!(blocks.iter().map(Vec::len).sum::<usize>(), n * n);
    // the points spectrum lies inside the pairs spectrum (the diagonal pairs)
    let p = random_move_spectrum(n, &moves, Domain::Points).unwrap();
    let mut rest = s.eigenvalues.clone();
    for z in &p.eigenvalues {
        let j = rest.iter().position(|w| (w - z).norm() < 1e-9).unwrap();
        rest.swap_remove(j);
    }
    // an orbit larger than the limit is refused before any matrix is allocated
    let big: Vec<Perm> = vec![
        "(1,2)".parse::<Perm>().unwrap().extended(80),
        Perm::from_images((1..80u32).chain([0]).collect::<Vec<u32>>()).unwrap(),
    ];
    match random_move_spectrum(80, &big, Domain::Pairs) {
        Err(SpectrumError::TooLarge { dimension, .. }) => assert_eq!(dimension, 80 * 79),
        other => panic!("{other:?}"),
    }
}
