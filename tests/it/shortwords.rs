//! Short words (issue 14): `solve --time-limit` on a puzzle too big for a table
//! answers by its deadline with a replayed factorisation; word shortening keeps the
//! element and never lengthens; `factor` words are correct, also with `--cycles`.

use crate::common::permlab;

use permlab::group::shorten::Shortener;
use permlab::letters;
use permlab::Puzzle;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random word of `len` letters over the puzzle's generators and their powers.
fn random_word(p: &Puzzle, len: usize, seed: u64) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    let names = p.generator_names();
    (0..len)
        .map(|_| {
            let n = &names[rng.random_range(0..names.len())];
            let k = rng.random_range(1..=4);
            format!("{n}^{k}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Regression: `solve megaminx STATE --time-limit S` (no table fits) used to build its
/// pruning tables regardless of the limit and then index the puzzle's 12 generator
/// names with letters of the 48 moves' group (a panic, exit 101). Now the tables'
/// building counts against the limit and the factorisation over the puzzle's
/// generators (or the piece-stage solver, when shorter) answers; its solution
/// replays, its length is its letters' count (htm).
#[test]
fn solve_megaminx_with_a_time_limit_answers_a_replayed_factorisation() {
    let p = Puzzle::builtin("megaminx").unwrap();
    let w = p.parse_word(&random_word(&p, 300, 14)).unwrap();
    let g = p.eval(&w);
    let state = permlab::puzzle::format_state(&g.to_state());
    let (code, out, err) = permlab(&["solve", "megaminx", &state, "--time-limit", "2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["optimal"], false);
    // the factorisation, or the piece-stage solver's answer when that is shorter
    let method = v["method"].as_str().unwrap();
    assert!(
        method.starts_with("factorisation through the stabiliser chain")
            || method.starts_with("piece stages"),
        "{method}"
    );
    let sol = p.parse_word(v["solution"].as_str().unwrap()).unwrap();
    assert_eq!(p.apply(&g.to_state(), &sol), p.solved());
    assert_eq!(v["length"].as_u64().unwrap() as usize, sol.letters().len());
    // (the factor tables' work bound, not a timed assertion, keeps this from the
    // 150 s of the run that panicked: see group::factor::WORK_LIMIT)
}

/// The generators' image arrays and orders of a puzzle.
fn gens_and_orders(p: &Puzzle) -> (Vec<Vec<u32>>, Vec<u64>) {
    let gens: Vec<Vec<u32>> = p
        .generator_perms()
        .iter()
        .map(|g| g.extended(p.degree()).images()[..p.degree()].to_vec())
        .collect();
    let orders = p
        .generator_perms()
        .iter()
        .map(|g| u64::try_from(g.order()).unwrap())
        .collect();
    (gens, orders)
}

/// Word shortening keeps the element and never lengthens, on random words (random
/// generators and powers, so with cancellations, mergeable powers and commuting
/// letters) of cube3, the Megaminx and M24; on the cube it finds at least the plain
/// free reduction, checked independently by evaluating through the puzzle.
#[test]
fn shortening_keeps_the_element_and_never_lengthens() {
    let mut rng = StdRng::seed_from_u64(1414);
    for spec in ["cube3", "megaminx", "tests/data/m24.gens"] {
        let p = Puzzle::load(spec).unwrap();
        let (gens, orders) = gens_and_orders(&p);
        let s = Shortener::new(p.degree(), &gens, &orders, 1 << 20);
        assert!(s.max_len() >= 3, "{spec}: {}", s.max_len());
        let mut total = (0, 0);
        for _ in 0..60 {
            let len = rng.random_range(0..120);
            let w: Vec<(usize, i64)> = (0..len)
                .map(|_| {
                    let g = rng.random_range(0..gens.len());
                    (g, rng.random_range(-3..=3i64))
                })
                .collect();
            let short = s.shorten(&w);
            assert!(short.len() <= w.len(), "{spec}: {w:?} -> {short:?}");
            // independent evaluation through the puzzle's own word evaluation
            let names: std::sync::Arc<[String]> = p.generator_names().into();
            let a = p.eval(&permlab::Word::from_letters(names.clone(), &w));
            let b = p.eval(&permlab::Word::from_letters(names, &short));
            assert_eq!(a, b, "{spec}: {w:?} -> {short:?}");
            // a fixpoint: shortening again changes nothing
            assert_eq!(s.shorten(&short), short, "{spec}");
            let reduced = letters::reduced(&w, &orders);
            assert!(short.len() <= reduced.len(), "{spec}");
            total.0 += w.len();
            total.1 += short.len();
        }
        assert!(total.1 < total.0, "{spec}: {total:?}");
    }
}

/// `factor` words on cube3 and M24 evaluate to the state (through the puzzle's word
/// parser), and `factor --cycles` gives the word of the same state as STATE.
#[test]
fn factor_words_are_correct_and_accept_cycles() {
    for (spec, seed) in [("cube3", 1u64), ("tests/data/m24.gens", 2)] {
        let p = Puzzle::load(spec).unwrap();
        for k in 0..3 {
            let w = p.parse_word(&random_word(&p, 60, seed * 10 + k)).unwrap();
            let g = p.eval(&w);
            let state = permlab::puzzle::format_state(&g.to_state());
            let (code, out, err) = permlab(&["factor", spec, &state, "--json"]);
            assert_eq!(code, 0, "{err}");
            let a: serde_json::Value = serde_json::from_str(&out).unwrap();
            let (code, out, err) = permlab(&["factor", spec, "--cycles", &g.to_string(), "--json"]);
            assert_eq!(code, 0, "{err}");
            let b: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(a, b);
            let word = p.parse_word(a["word"].as_str().unwrap()).unwrap();
            assert_eq!(p.eval(&word), g, "{spec}");
            let sol = p.parse_word(a["solution"].as_str().unwrap()).unwrap();
            assert_eq!(p.apply(&g.to_state(), &sol), p.solved(), "{spec}");
            assert_eq!(
                a["length"].as_str().unwrap(),
                word.letter_count().to_string()
            );
        }
    }
}
