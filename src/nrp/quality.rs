//! Solution quality: lengths of the seed's method, of the general 3-cycle solver with
//! optimal setups, of the stabilizer-chain factorization and (for small groups) of
//! optimal solutions, on the same random solvable states. Every solution is checked
//! to solve its state. Lengths count letters after free reduction (`X2` is one letter).

use super::general::{GeneralSolver, OptimalTable};
use super::solve::Solver;
use crate::puzzle::Puzzle;

/// Median, mean and maximum of solution lengths.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Stats {
    /// Median (upper median for even counts).
    pub median: usize,
    /// Mean.
    pub mean: f64,
    /// Maximum.
    pub max: usize,
}

impl Stats {
    /// Statistics of a non-empty list of lengths.
    pub fn of(lengths: &[usize]) -> Stats {
        let mut v = lengths.to_vec();
        v.sort_unstable();
        Stats {
            median: v[v.len() / 2],
            mean: v.iter().sum::<usize>() as f64 / v.len() as f64,
            max: *v.last().expect("non-empty"),
        }
    }
}

/// One row of the comparison.
#[derive(Clone, Debug, serde::Serialize)]
pub struct QualityRow {
    /// The puzzle spec.
    pub puzzle: String,
    /// Number of random states.
    pub states: usize,
    /// Seed 000's method (NRP boards only).
    pub seed_method: Option<Stats>,
    /// General 3-cycles with optimal setups (when the board has 3-cycles).
    pub three_cycles: Option<Stats>,
    /// The stabilizer-chain factorization.
    pub factor: Option<Stats>,
    /// Optimal solutions (groups of at most `optimal_limit` elements).
    pub optimal: Option<Stats>,
}

fn check(puzzle: &Puzzle, state: &[u32], letters: &[(usize, i64)]) -> usize {
    let w = crate::word::Word::from_letters(puzzle.alphabet().names().to_vec().into(), letters);
    assert_eq!(
        puzzle.apply(state, &w),
        puzzle.solved(),
        "a solution solves its state"
    );
    letters.len()
}

/// Limits of a comparison.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Optimal solutions only for groups of at most this many elements.
    pub optimal_max_order: u128,
    /// The factorization only for puzzles of at most this many cells: the Minkwitz
    /// tables of [`crate::group::PermGroup::factor`] ran out of memory (over 6 GB) on
    /// the 42-cell `n = 6` board, so the default stops at the 30-cell `n = 5` board.
    pub factor_max_degree: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            optimal_max_order: 1_000_000,
            factor_max_degree: 30,
        }
    }
}

/// Compares the methods on `states` random solvable states of `puzzle`. With `nrp`
/// set (an `n × (n+1)` board), the seed's method is included and the general solver
/// is given the seed's specific 3-cycles.
pub fn compare<R: rand::Rng>(
    puzzle: &Puzzle,
    nrp: Option<&Solver>,
    states: usize,
    limits: Limits,
    rng: &mut R,
) -> QualityRow {
    let given: Vec<Vec<(usize, i64)>> = nrp
        .map(|s| {
            let t = &s.specific.letters;
            vec![t.clone(), super::Board::swap_letters(t)]
        })
        .unwrap_or_default();
    let general = GeneralSolver::with_three_cycles(puzzle, &given);
    let optimal = OptimalTable::new(&general, limits.optimal_max_order);
    let factor_ok = puzzle.degree() <= limits.factor_max_degree;
    let (mut seed, mut three, mut factor, mut opt) = (vec![], vec![], vec![], vec![]);
    for _ in 0..states {
        let st = general.random_state(rng);
        if let Some(s) = nrp {
            let sol = s.solve(&st).expect("a group element is solvable");
            seed.push(check(puzzle, &st, &sol.letters));
        }
        if general.method == super::general::Method::ThreeCycles {
            let sol = general.solve(&st).expect("solvable");
            three.push(check(puzzle, &st, &sol.letters));
        }
        let g = crate::perm::Perm::from_state(&st).expect("a state");
        if let Some(f) = factor_ok
            .then(|| general.group.factor(&g.inverse()))
            .flatten()
        {
            factor.push(check(puzzle, &st, &general.simplify(&f)));
        }
        if let Some(t) = &optimal {
            opt.push(check(puzzle, &st, &t.solve(&st).expect("in the table")));
        }
    }
    let stats = |v: &Vec<usize>| (!v.is_empty()).then(|| Stats::of(v));
    QualityRow {
        puzzle: puzzle.name().to_string(),
        states,
        seed_method: stats(&seed),
        three_cycles: stats(&three),
        factor: stats(&factor),
        optimal: stats(&opt),
    }
}
