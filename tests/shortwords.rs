//! Short words (issue 14): `solve --time-limit` on a puzzle too big for a table
//! answers by its deadline with a replayed factorisation.

mod common;
use common::permlab;

use permlab::Puzzle;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

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
/// generators answers; its solution replays, its length is its letters' count (htm).
#[test]
fn solve_megaminx_with_a_time_limit_answers_a_replayed_factorisation() {
    let p = Puzzle::builtin("megaminx").unwrap();
    let w = p.parse_word(&random_word(&p, 300, 14)).unwrap();
    let g = p.eval(&w);
    let state = permlab::puzzle::format_state(&g.to_state());
    let t = Instant::now();
    let (code, out, err) = permlab(&["solve", "megaminx", &state, "--time-limit", "2", "--json"]);
    let secs = t.elapsed().as_secs_f64();
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["optimal"], false);
    assert!(v["method"]
        .as_str()
        .unwrap()
        .starts_with("factorisation through the stabiliser chain; out of time"));
    let sol = p.parse_word(v["solution"].as_str().unwrap()).unwrap();
    assert_eq!(p.apply(&g.to_state(), &sol), p.solved());
    assert_eq!(v["length"].as_u64().unwrap() as usize, sol.letters().len());
    // the panicking run took 150 s; building the factor tables is bounded
    assert!(secs < 60.0, "{secs} s");
}
