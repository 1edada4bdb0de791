//! `permlab bench`: speed against the reference tools, in the same run, as ratios —
//! one file per benchmark, the GAP runner in [`gap`].

mod classes;
mod gap;
mod groups;
mod optimal;
mod peers;
mod ranks;
mod search;
mod solve;

use super::CliResult;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum BenchWhich {
    /// Exhaustive search speed: Turnstyle-12 up to rotation, board:3x4:2 (12!),
    /// <R,U> on the 3x3x3, board:4x4:3, and the naive hash-map search as a ratio.
    Search {
        /// Run only the cases whose name contains one of these words.
        #[arg(long)]
        only: Vec<String>,
        /// Also write the results as a LaTeX table (for the paper), atomically.
        #[arg(long, value_name = "FILE")]
        latex: Option<std::path::PathBuf>,
        /// Instead: the distributed search (`bfs --mpi`) under `mpirun -np N` for
        /// each N given (e.g. 1,2), beside the single-process search, with the
        /// bytes sent and a model of a cluster run (needs a build with `--features mpi`).
        #[arg(long, value_delimiter = ',')]
        ranks: Vec<usize>,
        /// Instead: the same searches in twsearch (`twsearch -g`) in the same run, on
        /// definition files written by `permlab export --tws`; twsearch is built
        /// from its source (a checkout of rokicki/twsearch in --twsearch-src) when
        /// not built yet, and the comparison is skipped with a message when the
        /// source is not there.
        #[arg(long, conflicts_with = "ranks")]
        peers: bool,
        /// Where twsearch's source is (the benchmark's own directory by default).
        #[arg(
            long,
            value_name = "DIR",
            default_value = "target/bench-peers/twsearch"
        )]
        twsearch_src: std::path::PathBuf,
    },
    /// Two-phase solving of seeded random cube3 positions through
    /// cube3[U,D,R2,L2,F2,B2] (half-turn metric): median and largest length and
    /// time; every solution replayed.
    Solve {
        /// How many positions.
        #[arg(long, default_value_t = 100)]
        count: usize,
        /// Seconds per position.
        #[arg(long, default_value_t = 1.0)]
        time_limit: f64,
        /// Seed of the random positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Instead: optimal solving (IDA*) of the first N positions, 600 s each.
        #[arg(long, value_name = "N")]
        optimal: Option<usize>,
    },
    /// Times order() on the groups, and GAP's Size(Group(gens)) on the same sets.
    Groups(groups::BenchGroupsArgs),
}

impl BenchWhich {
    /// Runs the benchmark.
    pub fn run(self, json: bool) -> CliResult {
        match self {
            BenchWhich::Search {
                only,
                ranks: r,
                latex,
                ..
            } if !r.is_empty() => ranks::bench_ranks(&only, &r, json, latex.as_deref()),
            BenchWhich::Search {
                only,
                peers: true,
                twsearch_src,
                latex,
                ..
            } => peers::bench_peers(&only, &twsearch_src, json, latex.as_deref()),
            BenchWhich::Search { only, latex, .. } => {
                search::bench_search(&only, json, latex.as_deref())
            }
            BenchWhich::Groups(a) => groups::bench_groups(&a, json),
            BenchWhich::Solve {
                seed,
                optimal: Some(n),
                ..
            } => optimal::bench_optimal(n, seed, json),
            BenchWhich::Solve {
                count,
                time_limit,
                seed,
                optimal: None,
            } => solve::bench_solve(count, time_limit, seed, json),
        }
    }
}

/// The lower median of `values` (the middle one for an odd count), `None` when empty.
fn median<T: Copy + PartialOrd>(values: &[T]) -> Option<T> {
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    v.get(v.len().saturating_sub(1) / 2).copied()
}

/// The seeded random positions `bench solve` draws (`--optimal` takes the first N of
/// the same sequence): each element of the puzzle's group with its state.
fn random_positions(
    puzzle: &permlab::Puzzle,
    seed: u64,
) -> impl Iterator<Item = (permlab::Perm, Vec<u8>)> {
    use rand::SeedableRng;
    let group = puzzle.group();
    let degree = puzzle.degree();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    std::iter::repeat_with(move || {
        let g = group.random_element(&mut rng);
        let start = permlab::search::ida::state_of(&g, degree);
        (g, start)
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn median_is_the_lower_middle() {
        assert_eq!(super::median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(super::median(&[4, 1, 3, 2]), Some(2));
        assert_eq!(super::median::<u32>(&[]), None);
    }
}
