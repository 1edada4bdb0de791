//! `permlab bench`: speed against the reference tools, in the same run, as ratios —
//! one file per benchmark, the GAP runner in [`gap`].

mod classes;
mod cold;
mod cube_notation;
mod facts;
mod gap;
mod groups;
mod markdown;
mod near_peers;
mod optimal;
mod optimal_peers;
mod peers;
mod per_fact;
mod ranks;
mod search;
mod solve;
mod suite;

use super::CliResult;
use clap::Subcommand;

// parsed once per command: the size of a variant costs nothing
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
pub enum BenchWhich {
    /// Exhaustive search speed: Turnstyle-12 up to rotation, board:3x4:2 (12!),
    /// <R,U> on the 3x3x3, board:4x4:3, and the naive hash-map search as a ratio.
    Search {
        /// Run only the cases whose name contains one of these words.
        #[arg(long)]
        only: Vec<String>,
        /// Also write the results as a LaTeX table (for the paper), atomically.
        #[arg(long, value_name = "FILE", value_parser = crate::cli::args::output_file)]
        latex: Option<std::path::PathBuf>,
        /// Also write the table as Markdown (for the user guide), atomically;
        /// without --ranks or --peers.
        #[arg(long, value_name = "FILE", value_parser = crate::cli::args::output_file)]
        markdown: Option<std::path::PathBuf>,
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
    ///
    /// With --suite: `permlab solve` in the half-turn metric on seeded random
    /// positions of cube2, cube2[R,U,F], cube3[R,U], the seeds' puzzles,
    /// board:4x5:4, turnstyle:20 and megaminx (optimal through a complete table
    /// where one fits, else with --time-limit), beside GAP's Factorization(G, g)
    /// on the same elements in the same run: lengths, times and their ratios.
    Solve {
        /// How many positions (default 100; 10 per puzzle with --suite, 20 with --cold).
        #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
        count: Option<usize>,
        /// Seconds per position (default 1; 5 with --suite, where no complete
        /// table fits).
        #[arg(long)]
        time_limit: Option<f64>,
        /// Seed of the random positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Instead: optimal solving (IDA*) of the first N positions, 600 s each
        /// (or --time-limit seconds each).
        #[arg(long, value_name = "N", conflicts_with = "suite",
              value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
        optimal: Option<usize>,
        /// With --optimal: the puzzle, cube3 or cube2; with --cold: any puzzle
        /// `solve` takes (cube:4, megaminx, a .gens/.tws/.geo file, …).
        #[arg(long, default_value = "cube3", conflicts_with = "suite")]
        puzzle: String,
        /// With --optimal: entries per pruning table (2^29: the corners, and the
        /// 12 edges in two tables of 7 edges with their flips, 128 MB each).
        #[arg(long, value_name = "ENTRIES", default_value_t = 1 << 29, requires = "optimal")]
        pruning_budget: u64,
        /// With --optimal: load the pruning tables from DIR when saved there
        /// before, else build and save them there (default: the table cache,
        /// see `permlab cache list`).
        #[arg(long, value_name = "DIR", requires = "optimal", value_parser = crate::cli::args::output_dir)]
        pruning_tables: Option<std::path::PathBuf>,
        /// With --optimal: the coset tables added to the automatic ones
        /// (`PUZZLE[move,...]`, repeatable; `none` for none), reduced by symmetry
        /// unless --no-table-symmetry. Default for cube3: "cube3[U,D,R2 U R2,L2 U
        /// L2,F2 U F2,B2 U B2]" (the slice edges fixed: 5.3·10¹⁰ cosets,
        /// 3.3·10⁹ entries after the reduction, 833 MB; cube3[U,D,R2,L2,F2,B2] is
        /// M. Reid's phase-1 table, 35 MB reduced).
        #[arg(long, value_name = "SUBGROUP", requires = "optimal")]
        coset_table: Vec<String>,
        /// With --optimal: coset tables with one entry per coset, not reduced by
        /// the symmetries of the moves (as `solve --no-table-symmetry`).
        #[arg(long, requires = "optimal")]
        no_table_symmetry: bool,
        /// With --optimal: which automatic pruning tables to keep: all, groups
        /// (whole orbits only: cube3's corners) or none; default groups when there
        /// is a coset table, else all.
        #[arg(long, value_name = "WHICH", requires = "optimal",
              value_parser = crate::cli::solve::parse_auto_tables)]
        auto_tables: Option<permlab::search::ida::AutoTables>,
        /// With --optimal: look-ups of each pruning table per position, at
        /// conjugates by symmetries of the moves (as `solve --table-look-ups`).
        /// Default 3 on cube3 (the three axes of the default coset table), else 4.
        #[arg(long, value_name = "N", requires = "optimal")]
        table_look_ups: Option<usize>,
        /// With --optimal: twsearch's optimal solver on the same positions in the
        /// same run (built from its source in --twsearch-src when not built yet;
        /// skipped with a message when the source is not there): its solutions
        /// replayed in permlab, lengths compared, times as ratios. With --cold:
        /// the `kociemba` PyPI package and the `min2phase` crate, one process per
        /// position too (installed into --peers-dir when missing, skipped with a
        /// message when they cannot be). With --target: the min2phase crate,
        /// warm, on the same positions.
        #[arg(long)]
        peers: bool,
        /// Instead: `permlab solve cube3` (or --puzzle) as a user meets it, one process per
        /// position with default flags, three ways: with --no-cache, with an empty
        /// table cache of its own (a fresh PERMLAB_CACHE), with a warm cache: wall
        /// time, length and peak memory of each process, every solution replayed.
        #[arg(long, conflicts_with_all = ["suite", "optimal"])]
        cold: bool,
        /// With --cold --peers or --target --peers: where the peers are installed
        /// (a Python venv with `kociemba`, the min2phase runner built by cargo).
        #[arg(long, value_name = "DIR", default_value = "target/bench-peers")]
        peers_dir: std::path::PathBuf,
        /// Also write the table as Markdown (for the user guide), atomically;
        /// with --cold or without a mode flag.
        #[arg(long, value_name = "FILE", value_parser = crate::cli::args::output_file)]
        markdown: Option<std::path::PathBuf>,
        /// Where twsearch's source is (the benchmark's own directory by default).
        #[arg(
            long,
            value_name = "DIR",
            default_value = "target/bench-peers/twsearch"
        )]
        twsearch_src: std::path::PathBuf,
        /// Instead: the time to a solution of at most N moves of cube3, the
        /// two-phase tables built once and every position solved in one process
        /// (the warm figure), --time-limit seconds at most each (default 5);
        /// with --peers, the min2phase crate on the same positions in one
        /// process of its own, its tables built first (installed into
        /// --peers-dir), every solution replayed, the medians as a ratio.
        #[arg(long, value_name = "N", conflicts_with_all = ["suite", "optimal", "cold"],
              value_parser = clap::builder::RangedU64ValueParser::<u32>::new().range(1..=60))]
        target: Option<u32>,
        /// With --peers: twsearch's memory limit in megabytes (its -M).
        #[arg(long, value_name = "MB", default_value_t = 4096)]
        twsearch_memory: u64,
        /// With --optimal --peers: where nissy-core's source is (built there with
        /// its `build.sh shell`; its tables are kept in DIR/tables).
        #[arg(
            long,
            value_name = "DIR",
            default_value = "target/bench-peers/nissy-core"
        )]
        nissy_src: std::path::PathBuf,
        /// With --optimal --peers: nissy's H48 solvers to run, each a peer of its
        /// own (h48h0: 32 MB table … h48h5: 950 MB, h48h7: 3.8 GB; generated once).
        #[arg(
            long,
            value_name = "SOLVER",
            value_delimiter = ',',
            default_value = "h48h0"
        )]
        nissy_table: Vec<String>,
        /// With --optimal --peers: where vcube's source is (built there in build/
        /// with CMake; needs AVX2, skipped without).
        #[arg(long, value_name = "DIR", default_value = "target/bench-peers/vcube")]
        vcube_src: std::path::PathBuf,
        /// With --optimal --peers: vcube's pruning table, its -c coordinate (304:
        /// 1.3 GiB, 112: 2.4 GiB, 208: 7.3 GiB; generated once, kept beside it).
        #[arg(long, value_name = "COORD", default_value = "304")]
        vcube_coord: String,
        /// Instead: the suite of puzzles beside GAP's Factorization.
        #[arg(long)]
        suite: bool,
        /// With --suite: only the puzzles whose name contains one of these words.
        #[arg(long)]
        only: Vec<String>,
        /// With --suite: skip GAP.
        #[arg(long)]
        no_gap: bool,
        /// With --suite: seconds GAP may spend on one puzzle, all its positions
        /// (default 300).
        #[arg(long, value_name = "SECONDS")]
        gap_timeout: Option<u64>,
        /// With --suite: GAP's hard workspace limit, its -o and -K options
        /// (default 4g).
        #[arg(long, value_name = "SIZE")]
        gap_memory: Option<String>,
    },
    /// Times order() on the groups, and GAP's Size(Group(gens)) on the same sets.
    Groups(groups::BenchGroupsArgs),
}

impl BenchWhich {
    /// Refuses the flags that do not go together (one line each, exit 2).
    fn check_flags(&self) -> Result<(), super::CliError> {
        if let BenchWhich::Solve {
            peers,
            cold,
            optimal,
            target,
            suite,
            time_limit,
            markdown,
            ..
        } = &self
        {
            if *peers && !*cold && optimal.is_none() && target.is_none() {
                return Err("--peers goes with --optimal N, --cold or --target N".into());
            }
            if *cold && time_limit.is_some() {
                return Err("--time-limit does not go with --cold: each process runs `permlab solve` with its default flags".into());
            }
            if markdown.is_some() && (*suite || (optimal.is_some() && !*peers)) {
                return Err(
                    "--markdown goes with --cold, --optimal N --peers or the default bench solve"
                        .into(),
                );
            }
        }
        if let BenchWhich::Solve {
            suite: false,
            only,
            no_gap,
            gap_timeout,
            gap_memory,
            ..
        } = &self
        {
            if !only.is_empty() || *no_gap || gap_timeout.is_some() || gap_memory.is_some() {
                return Err(
                    "--only, --no-gap, --gap-timeout and --gap-memory go with --suite".into(),
                );
            }
        }
        if let BenchWhich::Search {
            ranks,
            peers,
            markdown: Some(_),
            ..
        } = &self
        {
            if *peers || !ranks.is_empty() {
                return Err("--markdown goes with the default bench search".into());
            }
        }
        Ok(())
    }

    /// Runs the benchmark.
    pub fn run(self, json: bool) -> CliResult {
        self.check_flags()?;
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
            BenchWhich::Search {
                only,
                latex,
                markdown,
                ..
            } => search::bench_search(&only, json, latex.as_deref(), markdown.as_deref()),
            BenchWhich::Groups(a) if a.facts => facts::bench_facts(&a, json),
            BenchWhich::Groups(a) if a.per_fact => per_fact::bench_per_fact(&a, json),
            BenchWhich::Groups(a) => groups::bench_groups(&a, json),
            BenchWhich::Solve {
                count,
                time_limit,
                seed,
                suite: true,
                only,
                no_gap,
                gap_timeout,
                gap_memory,
                ..
            } => suite::bench_suite(
                &suite::SuiteOptions {
                    count: count.unwrap_or(10),
                    seed,
                    time_limit: time_limit.unwrap_or(5.0),
                    only: &only,
                    no_gap,
                    gap_timeout: gap_timeout.unwrap_or(300),
                    gap_memory: gap_memory.as_deref().unwrap_or("4g"),
                },
                json,
            ),
            BenchWhich::Solve {
                seed,
                optimal: Some(n),
                time_limit,
                puzzle,
                pruning_tables,
                pruning_budget,
                coset_table,
                no_table_symmetry,
                auto_tables,
                table_look_ups,
                peers,
                twsearch_src,
                twsearch_memory,
                nissy_src,
                nissy_table,
                vcube_src,
                vcube_coord,
                markdown,
                ..
            } => {
                for t in &nissy_table {
                    optimal_peers::check_nissy_table(t)?;
                }
                if table_look_ups == Some(0) {
                    return Err("--table-look-ups 0: at least one look-up per table".into());
                }
                if twsearch_memory == 0 || twsearch_memory > 8192 {
                    return Err(format!(
                        "--twsearch-memory {twsearch_memory}: give 1 to 8192 megabytes"
                    )
                    .into());
                }
                optimal::bench_optimal(
                    &optimal::OptimalOptions {
                        count: n,
                        seed,
                        puzzle: &puzzle,
                        seconds: time_limit.unwrap_or(600.0),
                        pruning_tables: pruning_tables.as_deref(),
                        budget: pruning_budget,
                        coset_tables: coset_table,
                        table_symmetry: !no_table_symmetry,
                        auto_tables,
                        look_ups: table_look_ups,
                        peers: peers.then_some(optimal_peers::PeerOptions {
                            twsearch_src: &twsearch_src,
                            twsearch_memory,
                            nissy_src: &nissy_src,
                            nissy_tables: &nissy_table,
                            vcube_src: &vcube_src,
                            vcube_coord: &vcube_coord,
                        }),
                        markdown: markdown.as_deref(),
                    },
                    json,
                )
            }
            BenchWhich::Solve {
                count,
                seed,
                target: Some(target),
                time_limit,
                peers,
                peers_dir,
                markdown,
                ..
            } => solve::bench_target(
                &solve::TargetOptions {
                    count: count.unwrap_or(100),
                    time_limit: time_limit.unwrap_or(5.0),
                    seed,
                    target,
                    peers_dir: peers.then_some(peers_dir.as_path()),
                    markdown: markdown.as_deref(),
                },
                json,
            ),
            BenchWhich::Solve {
                count,
                seed,
                cold: true,
                peers,
                peers_dir,
                markdown,
                puzzle,
                ..
            } => cold::bench_cold(
                &cold::ColdOptions {
                    puzzle: &puzzle,
                    count: count.unwrap_or(20),
                    seed,
                    peers,
                    peers_dir: &peers_dir,
                    markdown: markdown.as_deref(),
                },
                json,
            ),
            BenchWhich::Solve {
                count,
                time_limit,
                seed,
                markdown,
                puzzle,
                ..
            } if puzzle == "cube3" => solve::bench_solve(
                count.unwrap_or(100),
                time_limit.unwrap_or(1.0),
                seed,
                json,
                markdown.as_deref(),
            ),
            BenchWhich::Solve { puzzle, .. } => Err(format!(
                "bench solve --puzzle {puzzle}: the two-phase benchmark is of cube3; give --cold or --optimal for another puzzle"
            )
            .into()),
        }
    }
}

/// The first field of /proc/loadavg (the 1-minute load average), "unknown" when
/// it cannot be read.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".into())
}

/// The date and time of the run, `YYYY-MM-DD HH:MM UTC` (from `date -u`; empty
/// when that fails).
fn utc_date() -> String {
    std::process::Command::new("date")
        .arg("-u")
        .arg("+%Y-%m-%d %H:%M UTC")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

/// The lower median of `values` (the middle one for an odd count), `None` when empty.
fn median<T: Copy + PartialOrd>(values: &[T]) -> Option<T> {
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    v.get(v.len().saturating_sub(1) / 2).copied()
}

/// Whether the moves `names` (in the puzzle's move names) solve the position
/// `g`: false too when they do not parse.
fn solves(puzzle: &permlab::Puzzle, g: &permlab::Perm, names: &[String]) -> bool {
    puzzle
        .parse_word(&names.join(" "))
        .is_ok_and(|w| (g * &puzzle.eval(&w)).is_identity())
}

/// Checks that the moves `names` solve the position `g` (what a benchmark reports
/// is replayed).
pub(super) fn replay(
    puzzle: &permlab::Puzzle,
    g: &permlab::Perm,
    names: &[String],
) -> Result<(), super::CliError> {
    puzzle.parse_word(&names.join(" "))?;
    if !solves(puzzle, g, names) {
        return Err(format!(
            "internal error: the solution {} does not solve the position",
            names.join(" ")
        )
        .into());
    }
    Ok(())
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

/// Runs `body` on each of the first `count` seeded positions of `puzzle` (those of
/// [`random_positions`]) with its element, its state, the budget of its search
/// (`seconds` from its own start, and the Ctrl-C flag) and that start; an error
/// once Ctrl-C is pressed. The loop of `bench solve` and `bench solve --optimal`.
fn each_position(
    puzzle: &permlab::Puzzle,
    seed: u64,
    count: usize,
    seconds: f64,
    mut body: impl FnMut(
        usize,
        &permlab::Perm,
        &[u8],
        &permlab::search::budget::SearchBudget,
        std::time::Instant,
    ) -> Result<(), super::CliError>,
) -> Result<(), super::CliError> {
    let stop = super::progress::stop_flag();
    for (i, (g, start)) in random_positions(puzzle, seed).take(count).enumerate() {
        let t = std::time::Instant::now();
        let budget = permlab::search::budget::SearchBudget::unlimited()
            .with_stop(stop)
            .with_time_limit(seconds)
            .map_err(|_| format!("--time-limit {seconds}: must be a positive number of seconds"))?;
        body(i, &g, &start, &budget, t)?;
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(format!("interrupted (Ctrl-C) after {i} positions").into());
        }
    }
    Ok(())
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
