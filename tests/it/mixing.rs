//! The random walk's exact distribution (`search::mixing`) against a direct
//! computation over a hash map of states, and hand-derived mixing curves.

use permlab::search::budget::SearchBudget;
use permlab::search::mixing::{mixing, MixingError, MixingOptions, Walk};
use permlab::search::space::{GroupSpace, RingSpace, StateSpace};
use permlab::{Layout, Move, Puzzle};
use std::collections::HashMap;

const MEM: Option<u64> = Some(1 << 30);

/// The distribution after `k` moves by expanding every word of length `k` into a
/// hash map of states (each move with probability 1/|moves|, the moves applied
/// forwards from the goal).
fn brute_force<S: StateSpace>(space: &S, k: usize) -> HashMap<Vec<u8>, f64> {
    let mut d: HashMap<Vec<u8>, f64> = HashMap::new();
    d.insert(space.goals()[0].clone(), 1.0);
    let n = space.move_count();
    for _ in 0..k {
        let mut next: HashMap<Vec<u8>, f64> = HashMap::new();
        for (s, p) in &d {
            for m in 0..n {
                let mut out = vec![0u8; space.width()];
                space.apply(m, false, s, &mut out);
                *next.entry(out).or_default() += p / n as f64;
            }
        }
        d = next;
    }
    d
}

/// Checks the walk against the brute force for k ≤ 6, and the sum, TV(0) and
/// monotonicity of TV (total variation to a stationary law never increases).
fn check_space<S: StateSpace>(space: &S) {
    let n = space.size();
    let mut walk = Walk::new(space, MEM).unwrap();
    assert!((walk.tv() - (1.0 - 1.0 / n as f64)).abs() < 1e-12);
    let mut last = walk.tv();
    let mut state = vec![0u8; space.width()];
    for k in 0..=6 {
        assert_eq!(walk.k(), k);
        let p = walk.distribution();
        assert_eq!(p.len() as u64, n);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12, "sum at k={k}");
        let bf = brute_force(space, k);
        for (r, &x) in p.iter().enumerate() {
            space.unrank(r as u64, &mut state);
            let y = bf.get(&state).copied().unwrap_or(0.0);
            assert!((x - y).abs() < 1e-12, "k={k} position {r}: {x} vs {y}");
        }
        let t = walk.step();
        assert!(t <= last + 1e-12, "TV increased at k={}", k + 1);
        last = t;
    }
}

#[test]
fn equals_brute_force_on_small_spaces() {
    let board = Puzzle::builtin("board:2x3:2").unwrap();
    check_space(&GroupSpace::for_puzzle(&board, false).unwrap());
    check_space(&GroupSpace::for_puzzle(&board, true).unwrap());
    let t6 = Puzzle::builtin("turnstyle:6").unwrap();
    check_space(&RingSpace::for_puzzle(&t6).unwrap());
    check_space(&GroupSpace::for_puzzle(&Puzzle::builtin("turnstyle:4").unwrap(), false).unwrap());
}

/// One 3-cycle: after k moves the walk is at A^k with probability 1, so
/// TV = 1 − 1/3 for every k and the period is 3.
#[test]
fn a_three_cycle_goes_round() {
    let a = Move {
        name: "A".into(),
        perm: "(1,2,3)".parse().unwrap(),
    };
    let p = Puzzle::try_new("c3", 3, vec![a], vec![], Layout::Plain).unwrap();
    let space = GroupSpace::for_puzzle(&p, false).unwrap();
    let opts = MixingOptions { steps: 7 };
    let budget = SearchBudget::unlimited().with_max_memory(MEM);
    let r = mixing(&space, &opts, &budget).unwrap();
    assert_eq!(r.states, 3);
    assert_eq!(r.reachable, 3);
    assert_eq!(r.period, Some(3));
    assert_eq!(r.tv.len(), 8);
    for t in &r.tv {
        assert!((t - 2.0 / 3.0).abs() < 1e-15);
    }
    // the position after k moves is A^k
    let mut walk = Walk::new(&space, MEM).unwrap();
    let mut state: Vec<u8> = space.goals()[0].clone();
    for _ in 0..7 {
        walk.step();
        let mut next = vec![0u8; 3];
        space.apply(0, false, &state, &mut next);
        state = next;
        assert_eq!(walk.distribution()[space.rank(&state) as usize], 1.0);
    }
}

/// turnstyle:4: L = (1,2,3,4), R = L⁻¹, T = (1,2)(3,4) generate the dihedral group of
/// order 8. After one move: 1/3 on each of L, R, T, so TV = ½(3·(1/3 − 1/8) + 5/8)
/// = 5/8. After two: e 3/9, L² 2/9, LT = TR 2/9, RT = TL 2/9, so TV = ½(72/72) = 1/2.
/// Every move is odd under the homomorphism onto Z/2 with L, T ↦ 1, so the period is 2
/// and TV ≥ 1/2 for ever.
#[test]
fn turnstyle4_by_hand() {
    let p = Puzzle::builtin("turnstyle:4").unwrap();
    let space = GroupSpace::for_puzzle(&p, false).unwrap();
    let opts = MixingOptions { steps: 12 };
    let budget = SearchBudget::unlimited().with_max_memory(MEM);
    let r = mixing(&space, &opts, &budget).unwrap();
    assert_eq!(r.states, 8);
    assert_eq!(r.moves, 3);
    assert_eq!(r.period, Some(2));
    assert!((r.tv[0] - 7.0 / 8.0).abs() < 1e-15);
    assert!((r.tv[1] - 5.0 / 8.0).abs() < 1e-15);
    assert!((r.tv[2] - 0.5).abs() < 1e-15);
    assert!(r.tv.iter().all(|&t| t >= 0.5 - 1e-15));
}

/// The period (from breadth-first levels) against an independent computation: the
/// gcd of the times the walk returns to the start (within 40 moves, past the
/// diameters of these spaces).
#[test]
fn period_matches_returns_to_the_start() {
    for (spec, inverses) in [
        ("board:2x3:2", false),
        ("board:2x3:2", true),
        ("turnstyle:4", false),
        ("turnstyle:6", false),
    ] {
        let p = Puzzle::builtin(spec).unwrap();
        let space = GroupSpace::for_puzzle(&p, inverses).unwrap();
        let opts = MixingOptions { steps: 0 };
        let budget = SearchBudget::unlimited().with_max_memory(MEM);
        let d = mixing(&space, &opts, &budget).unwrap().period.unwrap();
        // gcd of the return times to the start within 40 moves
        let start = space.rank(&space.goals()[0]) as usize;
        let mut walk = Walk::new(&space, MEM).unwrap();
        let mut g = 0u64;
        for _ in 0..40 {
            walk.step();
            if walk.distribution()[start] > 0.0 {
                let mut a = g;
                let mut b = walk.k() as u64;
                while b != 0 {
                    (a, b) = (b, a % b);
                }
                g = a;
            }
        }
        assert_eq!(d, g, "{spec} inverses={inverses}");
    }
}

#[test]
fn memory_is_refused_before_allocating() {
    let p = Puzzle::builtin("board:2x3:2").unwrap();
    let space = GroupSpace::for_puzzle(&p, false).unwrap();
    match Walk::new(&space, Some(1000)) {
        Err(MixingError::Memory { needed, states, .. }) => {
            assert_eq!(states, 120);
            assert_eq!(needed, 120 * 18);
        }
        _ => panic!("expected a memory error"),
    }
    assert!(Walk::new(&space, Some(120 * 18)).is_ok());
}

#[test]
fn cli_json() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args(["mixing", "turnstyle:4", "--steps", "3", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["states"], 8);
    assert_eq!(v["periodic"], true);
    assert_eq!(v["period"], 2);
    let tv: Vec<f64> = v["tv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert_eq!(tv.len(), 4);
    assert!((tv[1] - 5.0 / 8.0).abs() < 1e-15);
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args([
            "mixing",
            "turnstyle:4",
            "--steps",
            "3",
            "--max-memory",
            "10",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("needs 144 bytes"), "{err}");
}

#[test]
fn cli_says_whether_the_walk_is_reversible() {
    // rotation3 turns its blocks clockwise only: no move's inverse is a move, and on
    // the whole group P(x -> x·A) = 1/4 while P(x·A -> x) = 0 (only A⁻¹ would go
    // back); nokia2x2 has A..D and their inverses a..d; turnstyle:4 has L, R = L⁻¹
    // and the involution T
    for (spec, reversible) in [
        ("rotation3", false),
        ("nokia2x2", true),
        ("turnstyle:4", true),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_permlab"))
            .args(["mixing", spec, "--steps", "1", "--json", "--quiet"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{spec}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["reversible"], reversible, "{spec}");
    }
    let p = permlab::Puzzle::builtin("rotation3").unwrap();
    let moves = p.generator_perms();
    for m in &moves {
        assert!(!moves.contains(&m.inverse()));
    }
}
