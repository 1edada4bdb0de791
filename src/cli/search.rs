//! Subcommands of exhaustive search and solving: bfs, solve, compare-solvers.

use super::args::{parse_points, state_arg};
use super::output::OutputError;
use super::output::{errln, outln};
use super::progress::{stop_flag, Bar};
use super::{print_json, CliError, CliResult};
use clap::{Args, Subcommand, ValueEnum};
use permlab::group::PermGroup;
use permlab::puzzle::{format_state, SearchMetric};
use permlab::search::bfs::{
    search_space, search_space_on_disk, BfsOptions, BfsResult, SearchError, Strategy,
};
use permlab::search::distributed::Partition;
use permlab::search::ida::{
    auto_projections, optimal_heuristic, state_of, AutoTables, Heuristic, Ida, IdaError, Limits,
    Metric, MoveSet, Outcome, ProjectionKind,
};
use permlab::search::index::IndexError;
use permlab::search::piece_stages::{PieceStages, Plan, StageLimits, StageOptions, StageReport};
use permlab::search::solve::{
    bidirectional, distance_with_table, home_distribution, solve_with_table, HomeReport, PermMoves,
};
use permlab::search::space::{
    metric_moves, GroupSpace, PiecesSpace, RingSpace, SpaceError, StateSpace, TokensSpace,
};
use permlab::search::staged::compare_rotation3;
use permlab::search::table::{check_memory, peak_memory, table_bytes, DistanceTable};
use permlab::search::twophase::{self, TwoPhase};
use permlab::{Perm, Puzzle};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Subcommand)]
pub enum SearchCommand {
    /// Breadth-first search of every position: distance distribution, God's number,
    /// hardest positions (distance = fewest moves that solve a position).
    Bfs {
        #[command(flatten)]
        space: SpaceArgs,
        /// How many hardest positions to print (those of smallest index).
        #[arg(long, default_value_t = 10)]
        antipodes: usize,
        /// Also report the distances of the positions with these cells holding
        /// their own numbers (e.g. 9..12), read from the table.
        #[arg(long)]
        home: Option<String>,
        /// Save the distance table to this file.
        #[arg(long, value_parser = super::args::output_file)]
        save: Option<PathBuf>,
        /// Force the layer strategy (default: chosen per layer).
        #[arg(long, value_enum)]
        strategy: Option<StrategyArg>,
        /// Out of core: keep the table in a scratch file in this directory, mapped
        /// into memory (removed at the end), so the search is bounded by the disk's
        /// free space, not the memory (--max-memory then bounds the rest).
        #[arg(long, value_name = "DIR", value_parser = super::args::output_dir)]
        on_disk: Option<PathBuf>,
        /// Distributed search over the MPI ranks this process was started with
        /// (`mpirun -np N permlab bfs … --mpi`, or Slurm's `srun`): each rank holds
        /// one slice of the table; rank 0 prints. Needs a build with the `mpi` feature.
        #[arg(long)]
        mpi: bool,
        /// With --mpi: write each rank's slice into this directory after every layer
        /// (two alternating files per rank), to resume an interrupted search.
        #[arg(long, value_name = "DIR", requires = "mpi", value_parser = super::args::output_dir)]
        checkpoint: Option<PathBuf>,
        /// With --mpi: resume from the deepest layer checkpointed by every rank in
        /// --checkpoint DIR (same puzzle, options and number of ranks).
        #[arg(long, requires = "checkpoint")]
        resume: bool,
        /// With --mpi: stop once this many layers are complete (checkpointed with
        /// --checkpoint), as for a batch job's time limit; resume with --resume.
        #[arg(long, value_name = "LAYERS", requires = "mpi")]
        stop_after: Option<usize>,
    },
    /// An optimal solution of a state (from a distance table, saved or computed
    /// within the memory bound; else a bidirectional search within --max-depth;
    /// else a non-optimal factorisation through the stabiliser chain).
    ///
    /// With --metric, --optimal, --time-limit or --chain the moves are the puzzle's
    /// moves and their powers, counted in the metric: a complete table where one
    /// fits, else IDA* with pruning tables (optimal), or the two-phase method
    /// through the --chain subgroup (near-optimal, shortest found in the time).
    /// With --time-limit and no complete table, the piece-stage solver (pieces put
    /// home a stage at a time) and the factorisation answer first; the shorter of
    /// them is printed when optimal IDA* does not finish in the time.
    Solve {
        #[command(flatten)]
        space: SpaceArgs,
        /// The state: numbers in position order, 1-based, comma-separated (or --cycles).
        state: Option<String>,
        /// The state as the permutation taking solved to it, in cycle notation
        /// (e.g. "(9,21,28)").
        #[arg(long, conflicts_with = "state")]
        cycles: Option<String>,
        /// An optimal solution however long it takes (IDA* when no full table fits).
        #[arg(long, conflicts_with = "time_limit")]
        optimal: bool,
        /// Seconds to search: IDA* gives up (and factorisation answers), the
        /// two-phase method keeps its shortest solution (default 10 with --chain).
        #[arg(long)]
        time_limit: Option<f64>,
        /// Two-phase solving through a subgroup: PUZZLE[move,move,...], e.g.
        /// "cube3[U,D,R2,L2,F2,B2]".
        #[arg(long)]
        chain: Option<String>,
        /// A directory for pruning tables (IDA* and two-phase): each table is loaded
        /// from it when saved there before, else built and saved there.
        #[arg(long, value_name = "DIR", value_parser = super::args::output_dir)]
        pruning_tables: Option<PathBuf>,
        /// Largest pruning table of IDA* (entries, 4 per byte).
        #[arg(long, value_name = "ENTRIES", default_value_t = PRUNING_TABLE_BUDGET)]
        pruning_budget: u64,
        /// Look-ups of each pruning table of IDA* per position, at conjugates by
        /// symmetries of the moves (1: the position only).
        #[arg(long, value_name = "N", default_value_t = DEFAULT_LOOK_UPS)]
        table_look_ups: usize,
        /// A pruning table of IDA* beside the automatic ones: the cosets of a
        /// subgroup, PUZZLE[move,move,...] (M. Reid's optimal solver uses
        /// "cube3[U,D,R2,L2,F2,B2]", 2.2·10⁹ cosets, 35 MB reduced by symmetry;
        /// "cube3[U,D,R2 U R2,L2 U L2,F2 U F2,B2 U B2]", the slice edges fixed,
        /// has 5.3·10¹⁰ cosets in 3.3·10⁹ entries, 833 MB, and prunes more);
        /// repeatable.
        #[arg(long, value_name = "SUBGROUP")]
        coset_table: Vec<String>,
        /// Coset tables with one entry per coset, not reduced by the symmetries
        /// of the moves that keep the subgroup (by default cosets conjugate by
        /// them share an entry: Kociemba's symmetry-reduced coordinates, a table
        /// up to 16 times smaller for cube3's subgroups that keep the U-D axis).
        #[arg(long)]
        no_table_symmetry: bool,
        /// Which automatic pruning tables IDA* keeps: all, groups (whole orbits
        /// only, e.g. the corners) or none; default all, groups with --coset-table.
        #[arg(long, value_name = "WHICH", value_parser = parse_auto_tables)]
        auto_tables: Option<AutoTables>,
        /// A table saved by `permlab bfs --save`.
        #[arg(long)]
        table: Option<PathBuf>,
        /// Largest state space for which a table is computed on the spot.
        #[arg(long, default_value_t = 1_000_000_000)]
        bfs_limit: u64,
        /// Depth bound of the bidirectional search.
        #[arg(long, default_value_t = 14)]
        max_depth: usize,
    },
    /// Seed 001's staged solver against optimal solutions over every position.
    CompareSolvers {
        /// The puzzle (only `rotation3`, seed 001's puzzle, has a staged solver).
        puzzle: String,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MetricArg {
    Htm,
    Qtm,
    Generators,
}

impl MetricArg {
    fn metric(self) -> SearchMetric {
        match self {
            MetricArg::Htm => SearchMetric::Htm,
            MetricArg::Qtm => SearchMetric::Qtm,
            MetricArg::Generators => SearchMetric::Generators,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub enum StrategyArg {
    Forward,
    Backward,
}

/// Which state space to search.
#[derive(Args, Clone)]
pub struct SpaceArgs {
    /// A built-in puzzle, a .gens/.tws/.geo file, or either with a bracket list of
    /// generator words (`cube3[R2,U]`).
    #[arg(value_parser = super::args::puzzle_arg)]
    pub puzzle: Puzzle,
    /// The moves and how they count: htm (every power of a generator is one
    /// move), qtm (each generator and its inverse) or generators (as listed).
    /// Default: the puzzle's own (htm for twisty puzzles; `permlab puzzles` lists
    /// each built-in's, a .gens file sets it with a `metric:` line).
    #[arg(long, value_enum)]
    pub metric: Option<MetricArg>,
    /// Add the inverse of every generator as a move (named X'): --metric qtm.
    #[arg(long, conflicts_with = "metric")]
    pub inverses: bool,
    /// Positions on a ring up to rotation (rotating is free): turnstyle:N; the
    /// moves are the generators.
    #[arg(long, conflicts_with_all = ["track", "inverses"])]
    pub up_to_rotation: bool,
    /// Track only these numbers (e.g. 1..8): distance to any position with them home.
    #[arg(long)]
    pub track: Option<String>,
    /// Identical pieces: classes of numbers separated by | (e.g. "1-4|5-8"); a
    /// position is then where each class is, not which number of it is where (the
    /// arrangements of a multiset). Default: the puzzle's `identical:` line.
    #[arg(long, conflicts_with_all = ["track", "up_to_rotation"])]
    pub identical: Option<String>,
    /// Memory bound for the table, e.g. 500M, 2G (default: the available memory).
    #[arg(long)]
    pub max_memory: Option<String>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Any of the state spaces.
pub enum AnySpace {
    Group(GroupSpace),
    Ring(RingSpace),
    Pieces(PiecesSpace),
    Tokens(TokensSpace),
}

macro_rules! with_space {
    ($sp:expr, $s:ident => $body:expr) => {
        match $sp {
            AnySpace::Group($s) => $body,
            AnySpace::Ring($s) => $body,
            AnySpace::Pieces($s) => $body,
            AnySpace::Tokens($s) => $body,
        }
    };
}
pub(super) use with_space;

/// Parses `500M`, `2G`, `1.5G`, `100000` into bytes.
pub fn parse_bytes(text: &str) -> Result<u64, CliError> {
    let t = text.trim();
    let (num, mult) = match t.chars().last() {
        Some('k' | 'K') => (&t[..t.len() - 1], 1u64 << 10),
        Some('m' | 'M') => (&t[..t.len() - 1], 1 << 20),
        Some('g' | 'G') => (&t[..t.len() - 1], 1 << 30),
        Some('t' | 'T') => (&t[..t.len() - 1], 1 << 40),
        _ => (t, 1),
    };
    let v: f64 = num
        .trim()
        .parse()
        .map_err(|_| format!("--max-memory {text:?}: expected a size such as 500M or 2G"))?;
    if v.is_nan() || v < 0.0 {
        return Err(format!("--max-memory {text:?}: must be positive").into());
    }
    Ok((v * mult as f64) as u64)
}

impl SpaceArgs {
    pub(super) fn max_memory(&self) -> Result<Option<u64>, CliError> {
        self.max_memory.as_deref().map(parse_bytes).transpose()
    }

    /// The metric of the search: --metric, else qtm with --inverses, else the
    /// generators with --up-to-rotation, else the puzzle's own.
    pub fn metric(&self) -> SearchMetric {
        match self.metric {
            Some(m) => m.metric(),
            None if self.inverses => SearchMetric::Qtm,
            None if self.up_to_rotation => SearchMetric::Generators,
            None => self.puzzle.metric(),
        }
    }

    /// The classes of identical numbers (0-based): --identical, else the puzzle's
    /// own (empty when every piece is distinct). Puzzles with an `identical:` line
    /// and --track or --up-to-rotation: those search whole pieces, so the line is
    /// not used.
    pub fn identical_classes(&self) -> Result<Vec<Vec<usize>>, CliError> {
        match &self.identical {
            Some(text) => permlab::puzzle::identical::parse_classes(text, self.puzzle.degree())
                .map_err(|e| format!("--identical {text:?}: {e}").into()),
            None if self.track.is_some() || self.up_to_rotation => Ok(Vec::new()),
            None => Ok(self.puzzle.identical().to_vec()),
        }
    }

    /// The moves of the search ([`metric_moves`] in [`SpaceArgs::metric`]).
    pub fn moves(&self) -> Result<(Vec<String>, Vec<Perm>), CliError> {
        Ok(metric_moves(&self.puzzle, self.metric())?)
    }

    /// The puzzle and its state space; notes on stderr (unless --quiet) for listed
    /// moves that are not moves of their own ([`permlab::search::space::move_notes`]).
    pub fn build(&self) -> Result<(Puzzle, AnySpace), CliError> {
        if !self.quiet {
            for note in permlab::search::space::move_notes(&self.puzzle, self.metric()) {
                errln!("permlab: note: {note}");
            }
        }
        let identical = self.identical_classes()?;
        let puzzle = self.puzzle.clone().with_identical(identical.clone())?;
        let space = if !identical.is_empty() {
            let (names, perms) = self.moves()?;
            let moved = PermGroup::new(puzzle.degree(), perms.clone()).moved_points();
            AnySpace::Tokens(
                TokensSpace::new(
                    puzzle.name(),
                    puzzle.degree(),
                    permlab::puzzle::identical::token_classes(&identical, &moved),
                    names,
                    perms,
                )
                .map_err(|e| format!("identical pieces: {e}"))?,
            )
        } else if self.up_to_rotation {
            if self.metric() != SearchMetric::Generators {
                return Err(format!(
                    "--up-to-rotation searches the generators; --metric {} is not possible",
                    self.metric()
                )
                .into());
            }
            AnySpace::Ring(
                RingSpace::for_puzzle(&puzzle).map_err(|e| format!("--up-to-rotation: {e}"))?,
            )
        } else if let Some(t) = &self.track {
            let tracked = parse_points(t, puzzle.degree(), "--track")?;
            let (names, perms) = self.moves()?;
            AnySpace::Pieces(PiecesSpace::new(
                puzzle.name(),
                puzzle.degree(),
                tracked,
                names,
                perms,
            )?)
        } else {
            let (names, perms) = self.moves()?;
            AnySpace::Group(GroupSpace::new(
                puzzle.name(),
                puzzle.degree(),
                names,
                perms,
            )?)
        };
        Ok((puzzle, space))
    }
}

/// The move names of a search space.
fn space_moves<S: StateSpace>(s: &S) -> Vec<String> {
    (0..s.move_count())
        .map(|m| s.move_name(m).to_string())
        .collect()
}

/// The sentence naming a search's metric and moves (the first line of `bfs` and
/// `solve`).
pub(super) fn moves_line(metric: SearchMetric, names: &[String]) -> String {
    format!(
        "metric {metric} ({}), {} moves: {}",
        metric.describe(),
        names.len(),
        names.join(" ")
    )
}

fn describe_indexing(space: &AnySpace) -> String {
    match space {
        AnySpace::Group(g) => g.describe_indexing(),
        AnySpace::Ring(r) => r.group_space().describe_indexing(),
        AnySpace::Pieces(_) => "arrangement ranks of the tracked pieces".into(),
        AnySpace::Tokens(_) => "arrangement ranks of the classes of identical pieces".into(),
    }
}

/// Runs a search with the memory check first.
pub(super) fn run_bfs<S: StateSpace>(
    space: &S,
    max_memory: Option<u64>,
    opts: &BfsOptions,
) -> Result<(DistanceTable, BfsResult), CliError> {
    Ok(search_space(space, max_memory, opts, stop_flag())?)
}

/// The search options of a command: its progress bar (hidden when `show` is false) and
/// the number of hardest positions to keep.
pub(super) fn search_options(bar: &Bar, antipode_sample: usize) -> BfsOptions<'_> {
    BfsOptions {
        progress: bar,
        antipode_sample,
        strategy: None,
    }
}

fn cells_one_based(cells: &[u32]) -> Vec<u32> {
    cells
        .iter()
        .map(|&c| if c == u32::MAX { 0 } else { c + 1 })
        .collect()
}

fn cells_text(cells: &[u32]) -> String {
    cells
        .iter()
        .map(|&c| {
            if c == u32::MAX {
                "_".to_string()
            } else {
                (c + 1).to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// Why a saved table does not fit this search, exactly: another search, or the same
/// search indexed another way (the indexing depends on the memory available when the
/// space is built).
fn table_mismatch(path: &Path, saved: &str, now: &str) -> String {
    let split = |k: &str| -> (String, String) {
        match k.split_once("; index: ") {
            Some((a, b)) => (a.to_string(), b.to_string()),
            None => (k.to_string(), String::new()),
        }
    };
    let ((saved_space, saved_index), (now_space, now_index)) = (split(saved), split(now));
    if saved_space == now_space && saved_index != now_index {
        format!(
            "{}: the table was saved with the indexing \"{saved_index}\", but with the memory \
             available now this search uses \"{now_index}\"; free memory or rebuild the table",
            path.display()
        )
    } else {
        format!(
            "{}: the table is for another search ({:?})",
            path.display(),
            permlab::limits::clip(saved)
        )
    }
}

fn print_distribution(distribution: &[u64]) -> Result<(), OutputError> {
    outln!("distance  positions");
    for (d, c) in distribution.iter().enumerate() {
        outln!("{d:>8}  {c}");
    }
    Ok(())
}

impl SearchCommand {
    pub fn run(self, json: bool) -> CliResult {
        match self {
            SearchCommand::Bfs {
                space: args,
                antipodes,
                home,
                save,
                strategy,
                on_disk,
                mpi,
                checkpoint,
                resume,
                stop_after,
            } => {
                if let Some(path) = &save {
                    super::args::check_output_file(path, "--save")?;
                }
                let (puzzle, space) = args.build()?;
                let metric = args.metric();
                let bar = Bar::search(!args.quiet && !json);
                let opts = BfsOptions {
                    strategy: strategy.map(|s| match s {
                        StrategyArg::Forward => Strategy::Forward,
                        StrategyArg::Backward => Strategy::Backward,
                    }),
                    ..search_options(&bar, antipodes)
                };
                let max_memory = args.max_memory()?;
                let home = home
                    .map(|h| parse_points(&h, puzzle.degree(), "--home"))
                    .transpose()?;
                if home.is_some() && matches!(space, AnySpace::Pieces(_) | AnySpace::Tokens(_)) {
                    return Err("--home needs a search of whole positions (not --track or identical pieces)".into());
                }
                if mpi {
                    if home.is_some() || save.is_some() || on_disk.is_some() {
                        return Err("--mpi searches without --home, --save or --on-disk (each rank holds only its slice of the table)".into());
                    }
                    let dist = super::distributed::Distributed {
                        checkpoint,
                        resume,
                        stop_after,
                    };
                    return with_space!(&space, s => dist.run(&puzzle, metric, s, describe_indexing(&space), antipodes, max_memory, args.quiet, json));
                }
                with_space!(&space, s => {
                    let (table, r) = match &on_disk {
                        Some(dir) => search_space_on_disk(s, dir, max_memory, &opts, stop_flag())?,
                        None => run_bfs(s, max_memory, &opts)?,
                    };
                    let home_report = match &home {
                        Some(h) => Some(home_distribution(s, &table, puzzle.degree(), h)?),
                        None => None,
                    };
                    if let Some(path) = &save {
                        table.save(path, &json!({
                            "space": s.key(),
                            "states": r.states,
                            "distribution": r.distribution,
                        }))?;
                    }
                    BfsReport {
                        puzzle: &puzzle,
                        metric,
                        space: s,
                        indexing: describe_indexing(&space),
                        result: &r,
                        on_disk: table.is_on_disk(),
                        ranks: None,
                        home: home.as_deref(),
                        home_report: home_report.as_ref(),
                    }
                    .print(json)?;
                    Ok(ExitCode::SUCCESS)
                })
            }
            SearchCommand::Solve {
                space: args,
                state,
                cycles,
                table,
                bfs_limit,
                max_depth,
                optimal,
                time_limit,
                chain,
                pruning_tables,
                pruning_budget,
                table_look_ups,
                coset_table,
                no_table_symmetry,
                auto_tables,
            } => {
                let puzzle = &args.puzzle;
                let cells = state_arg(puzzle, state.as_deref(), cycles.as_deref())?;
                let in_metric = matches!(args.metric, Some(MetricArg::Htm | MetricArg::Qtm));
                if optimal || time_limit.is_some() || in_metric || chain.is_some() {
                    let opts = MetricSolve {
                        optimal,
                        time_limit,
                        metric: args.metric(),
                        chain,
                        bfs_limit,
                        json,
                        pruning_tables,
                        pruning_budget,
                        table_look_ups,
                        coset_tables: coset_table,
                        table_symmetry: !no_table_symmetry,
                        auto_tables,
                    };
                    return solve_in_metric(&args, puzzle, &cells, table.is_some(), &opts);
                }
                solve(args, &cells, table, bfs_limit, max_depth, json)
            }
            SearchCommand::CompareSolvers { puzzle } => compare_solvers(&puzzle, json),
        }
    }
}

/// The metric and moves a solution is made of, printed before it.
struct MovesHeader<'a> {
    metric: SearchMetric,
    names: &'a [String],
}

fn report_solution(
    header: &MovesHeader,
    moves: &[usize],
    optimal: bool,
    method: &str,
    json: bool,
) -> Result<(), OutputError> {
    let text: Vec<String> = moves.iter().map(|&m| header.names[m].clone()).collect();
    report_moves(
        header,
        &text,
        moves.len() as u32,
        "moves",
        optimal,
        method,
        json,
    )
}

/// Prints a solution: `{"metric", "moves", "solution", "length", "optimal",
/// "method"}` in JSON, else the metric and moves on the first line and the solution
/// with its length in `unit` on the second.
fn report_moves(
    header: &MovesHeader,
    text: &[String],
    length: u32,
    unit: &str,
    optimal: bool,
    method: &str,
    json: bool,
) -> Result<(), OutputError> {
    if json {
        print_json(&json!({
            "metric": header.metric.name(),
            "moves": header.names,
            "solution": text.join(" "),
            "length": length,
            "optimal": optimal,
            "method": method,
        }))?;
    } else {
        outln!("{}", moves_line(header.metric, header.names));
        outln!(
            "{} ({length} {unit}, {}, {method})",
            if text.is_empty() {
                "(already solved)".to_string()
            } else {
                text.join(" ")
            },
            if optimal {
                "optimal"
            } else {
                "not necessarily optimal"
            }
        );
    }
    Ok(())
}

fn solve(
    args: SpaceArgs,
    cells: &[u32],
    table_path: Option<PathBuf>,
    bfs_limit: u64,
    max_depth: usize,
    json: bool,
) -> CliResult {
    let cells = cells.to_vec();
    let puzzle = &args.puzzle;
    let max_memory = args.max_memory()?;
    let built = args.build();
    let space = match built {
        Ok((_, s)) => s,
        Err(e) => {
            // a group too large to index: bidirectional search, then factorisation
            let too_large = e.downcast_ref::<SpaceError>().is_some_and(|se| {
                matches!(
                    se,
                    SpaceError::Index(IndexError::TooLarge)
                        | SpaceError::Index(IndexError::TooManyCells(_))
                )
            });
            if !too_large
                || args.up_to_rotation
                || args.track.is_some()
                || !args.identical_classes()?.is_empty()
            {
                return Err(e);
            }
            let (names, perms) = args.moves()?;
            let header = MovesHeader {
                metric: args.metric(),
                names: &names,
            };
            let g = Perm::from_state(&cells)?;
            let group = PermGroup::new(puzzle.degree(), perms.clone());
            if !group.contains(&g) {
                return Err("state: not reachable from the solved state with these moves (not in the group)".into());
            }
            let moves = PermMoves::new(&perms, puzzle.degree());
            let start: Vec<u8> = (0..puzzle.degree())
                .map(|i| g.extended(puzzle.degree()).image(i) as u8)
                .collect();
            let goal: Vec<u8> = (0..puzzle.degree() as u8).collect();
            if puzzle.degree() <= 255 {
                if let Some(p) = bidirectional(&moves, &start, &goal, max_depth, 20_000_000) {
                    report_solution(&header, &p, true, "bidirectional search", json)?;
                    return Ok(ExitCode::SUCCESS);
                }
            }
            return factor_fallback(&group, &g, &header, json);
        }
    };
    with_space!(&space, s => {
        let st = s.state_of_cells(&cells)?;
        let names = space_moves(s);
        let header = MovesHeader {
            metric: args.metric(),
            names: &names,
        };
        if let Some(path) = table_path {
            let (table, saved) = DistanceTable::load(&path, max_memory)?;
            let key = saved.get("space").and_then(|k| k.as_str()).unwrap_or("");
            if key != s.key() || table.len() != s.size() {
                return Err(table_mismatch(&path, key, &s.key()).into());
            }
            let p = solve_with_table(s, &table, &st)?;
            report_solution(&header, &p, true, "distance table", json)?;
            return Ok(ExitCode::SUCCESS);
        }
        if s.size() <= bfs_limit && check_memory(s.size(), max_memory, 64 << 20).is_ok() {
            let bar = Bar::search(!args.quiet && !json);
            let opts = search_options(&bar, 0);
            let (table, _) = run_bfs(s, max_memory, &opts)?;
            let p = solve_with_table(s, &table, &st)?;
            report_solution(&header, &p, true, "distance table", json)?;
            return Ok(ExitCode::SUCCESS);
        }
        let goal = s.goals().remove(0);
        if let Some(p) = bidirectional(s, &st, &goal, max_depth, 20_000_000) {
            report_solution(&header, &p, true, "bidirectional search", json)?;
            return Ok(ExitCode::SUCCESS);
        }
        match &space {
            AnySpace::Group(gs) => {
                let (_, perms) = args.moves()?;
                let group = PermGroup::new(puzzle.degree(), perms);
                factor_fallback(&group, &gs.element(&st), &header, json)
            }
            _ => Err(format!("no solution within {max_depth} moves and the space is too large for a table; raise --max-depth or --max-memory").into()),
        }
    })
}

/// Options of [`solve_in_metric`] and [`solve_state`] (the `solve` flags of the same names).
pub(super) struct MetricSolve {
    /// An optimal solution however long it takes.
    pub optimal: bool,
    /// Seconds to search (everything included: tables, search).
    pub time_limit: Option<f64>,
    /// The metric (htm or qtm; generators is refused).
    pub metric: SearchMetric,
    /// The subgroup of the two-phase method.
    pub chain: Option<String>,
    /// Largest state space for which a complete table is computed.
    pub bfs_limit: u64,
    /// One JSON document on stdout.
    pub json: bool,
    /// A directory for pruning tables.
    pub pruning_tables: Option<PathBuf>,
    /// Largest pruning table (entries).
    pub pruning_budget: u64,
    /// Look-ups of each pruning table per position.
    pub table_look_ups: usize,
    /// Subgroups whose coset tables IDA* adds (`PUZZLE[m1,m2,…]`).
    pub coset_tables: Vec<String>,
    /// Whether coset tables are reduced by the symmetries of the moves
    /// ([`ProjectionKind::SymmetricCoset`]).
    pub table_symmetry: bool,
    /// Which automatic tables IDA* keeps (`None`: all, only the groups' with
    /// coset tables).
    pub auto_tables: Option<AutoTables>,
}

/// The pruning tables of IDA*: the coset tables of `coset_specs` (reduced by
/// symmetry when `symmetric`) and the automatic tables of `budget` entries each
/// that `auto` keeps (by default all, only the groups' beside coset tables).
pub(super) fn pruning_kinds(
    puzzle: &Puzzle,
    moves: &MoveSet,
    budget: u64,
    coset_specs: &[String],
    symmetric: bool,
    auto: Option<AutoTables>,
) -> Result<Vec<ProjectionKind>, CliError> {
    let extra = coset_tables(puzzle, coset_specs, symmetric)?;
    let auto = auto.unwrap_or(if extra.is_empty() {
        AutoTables::All
    } else {
        AutoTables::Groups
    });
    let mut kinds = auto.select(auto_projections(moves, budget));
    kinds.extend(extra);
    Ok(kinds)
}

/// The number in the environment variable `name`, if it is set and parses (the
/// `PERMLAB_STAGE_*` tuning knobs of the piece-stage solver).
fn env_number<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// `--auto-tables`: all, groups or none.
pub(super) fn parse_auto_tables(text: &str) -> Result<AutoTables, String> {
    match text {
        "all" => Ok(AutoTables::All),
        "groups" => Ok(AutoTables::Groups),
        "none" => Ok(AutoTables::None),
        _ => Err(format!("{text:?}: give all, groups or none")),
    }
}

/// The coset projections of the subgroups `specs` (`PUZZLE[m1,m2,…]`, the
/// puzzle part naming `puzzle`), reduced by symmetry when `symmetric`, for
/// [`optimal_heuristic`].
fn coset_tables(
    puzzle: &Puzzle,
    specs: &[String],
    symmetric: bool,
) -> Result<Vec<ProjectionKind>, CliError> {
    specs
        .iter()
        .map(|spec| {
            let sub =
                twophase::parse_subgroup_option("--coset-table", puzzle, puzzle.name(), spec)?;
            let perms = sub.into_iter().map(|(_, p)| p).collect();
            Ok(if symmetric {
                ProjectionKind::SymmetricCoset(perms)
            } else {
                ProjectionKind::Coset(perms)
            })
        })
        .collect()
}

/// Largest pruning table IDA* and the two-phase method build (entries; 32 MB).
pub(super) const PRUNING_TABLE_BUDGET: u64 = 1 << 27;

/// Default look-ups per pruning table of IDA* (at the position and at conjugates):
/// on cube3 with the default tables (corners, two tables of 6 edges) a 14-move
/// scramble took 13.8 CPU s with 1 look-up per table, 11.7 s with 4 and 12.6 s
/// with 8 (measured on the shared 2-core machine).
pub(super) const DEFAULT_LOOK_UPS: usize = 4;

/// Checks that the named moves, applied to the state through the puzzle's word
/// parser, solve it (so what is printed is checked).
pub(super) fn check_solves(
    puzzle: &Puzzle,
    cells: &[u32],
    names: &[String],
) -> Result<(), CliError> {
    let word = puzzle.parse_word(&names.join(" "))?;
    if puzzle.apply(cells, &word) != puzzle.solved() {
        return Err(format!(
            "internal error: the solution {} does not solve the state",
            names.join(" ")
        )
        .into());
    }
    Ok(())
}

/// `solve` with the puzzle's moves and their powers in a metric (see `Solve`).
fn solve_in_metric(
    args: &SpaceArgs,
    puzzle: &Puzzle,
    cells: &[u32],
    has_table: bool,
    o: &MetricSolve,
) -> CliResult {
    if args.inverses || args.up_to_rotation || args.track.is_some() || has_table {
        return Err("--metric, --optimal, --time-limit and --chain search the puzzle's moves and their powers; drop --inverses, --up-to-rotation, --track and --table".into());
    }
    if !args.identical_classes()?.is_empty() {
        return Err("with identical pieces, solve searches a table of arrangements in the puzzle's metric: drop --metric, --optimal, --time-limit and --chain".into());
    }
    let max_memory = args.max_memory()?;
    let found = solve_state(
        puzzle,
        cells,
        o,
        max_memory,
        o.json || args.quiet,
        &mut SolveCache::default(),
    )?;
    let header = MovesHeader {
        metric: o.metric,
        names: &found.moves,
    };
    report_moves(
        &header,
        &found.names,
        found.length,
        o.metric.name(),
        found.optimal,
        &found.method,
        o.json,
    )?;
    Ok(ExitCode::SUCCESS)
}

/// A solution found by [`solve_state`], already replayed on the state.
pub(super) struct Found {
    /// The moves of the metric (the puzzle's moves and their powers), by name.
    pub moves: Vec<String>,
    /// The solution, move names.
    pub names: Vec<String>,
    /// Its length in the metric.
    pub length: u32,
    /// Whether it is known to be optimal.
    pub optimal: bool,
    /// How it was found.
    pub method: String,
}

/// The tables [`solve_state`] builds, kept for the next state of the same puzzle
/// with the same options (`bench solve --suite` solves many): the complete
/// distance table where one fits, else the pruning tables of IDA*. A fresh
/// (default) cache for each puzzle and options.
#[derive(Default)]
pub(super) struct SolveCache {
    table: Option<(GroupSpace, DistanceTable)>,
    heuristic: Option<Heuristic>,
    /// The piece-stage solver (its tables and macros), for the next state.
    staged: Option<Arc<PieceStages>>,
}

impl SolveCache {
    /// The distance of the state `cells` (labels at positions) in the complete
    /// table the cache holds (an error when it holds none).
    pub(super) fn table_distance(&self, cells: &[u32]) -> Result<u32, CliError> {
        let (space, table) = self
            .table
            .as_ref()
            .ok_or("internal error: no complete table was built")?;
        let g = Perm::from_state(cells)?;
        let d = distance_with_table(space, table, &state_of(&g, cells.len()))?;
        Ok(d as u32)
    }
}

/// The solving strategy of `solve --metric/--optimal/--time-limit/--chain` for one
/// state (`cells`, labels at positions): the two-phase method through `o.chain`;
/// else a complete distance table where one fits (Korf 1997's IDA* otherwise,
/// with the pruning tables of [`optimal_heuristic`]); with a time limit (and not
/// `o.optimal`) the factorisation through the stabiliser chain answers when the
/// tables or the search are not finished in time. Every solution is replayed on
/// the state before it is returned. `quiet` silences the progress bar and notes
/// on stderr; `cache` keeps the tables for the next call.
pub(super) fn solve_state(
    puzzle: &Puzzle,
    cells: &[u32],
    o: &MetricSolve,
    max_memory: Option<u64>,
    quiet: bool,
    cache: &mut SolveCache,
) -> Result<Found, CliError> {
    if let Some(t) = o.time_limit {
        if !(t > 0.0 && t.is_finite()) {
            return Err(format!("--time-limit {t}: must be a positive number of seconds").into());
        }
    }
    let ida_metric = match o.metric {
        SearchMetric::Htm => Metric::Htm,
        SearchMetric::Qtm => Metric::Qtm,
        SearchMetric::Generators => {
            return Err(format!(
                "--optimal, --time-limit and --chain search in the htm or qtm metric, but {} \
                 is searched with its generators as listed (metric generators); add --metric \
                 htm or --metric qtm",
                permlab::limits::clip(puzzle.name())
            )
            .into())
        }
    };
    let moves = MoveSet::for_puzzle(puzzle, ida_metric)?;
    let move_names: Vec<String> = moves.moves().iter().map(|m| m.name.clone()).collect();
    let g = Perm::from_state(cells)?;
    let group = moves.group();
    if !group.contains(&g) {
        return Err(
            "state: not reachable from the solved state with the puzzle's moves (not in the group)"
                .into(),
        );
    }
    let start = state_of(&g, puzzle.degree());
    let stop = stop_flag();
    let started = Instant::now();
    let say = |text: String| {
        if !quiet {
            errln!("{text}");
        }
    };
    let report = |names: Vec<String>, length: u32, optimal: bool, method: &str| {
        check_solves(puzzle, cells, &names)?;
        Ok::<Found, CliError>(Found {
            moves: move_names.clone(),
            names,
            length,
            optimal,
            method: method.to_string(),
        })
    };
    let names_of = |path: &[usize]| -> Vec<String> {
        path.iter()
            .map(|&m| moves.moves()[m].name.clone())
            .collect()
    };
    let cost_of = |path: &[usize]| -> u32 { path.iter().map(|&m| moves.moves()[m].cost).sum() };
    if let Some(chain) = &o.chain {
        let sub = twophase::parse_subgroup(puzzle, puzzle.name(), chain)?;
        let bases: Vec<(String, Perm)> = puzzle
            .generators()
            .iter()
            .map(|m| (m.name.clone(), m.perm.clone()))
            .collect();
        let perms: Vec<Perm> = sub.into_iter().map(|(_, p)| p).collect();
        let limit = o.time_limit.unwrap_or(10.0);
        let solver = TwoPhase::new(
            moves.clone(),
            &bases,
            &perms,
            PRUNING_TABLE_BUDGET,
            max_memory,
            stop,
            o.pruning_tables.as_deref(),
        )?;
        let (e1, e2) = solver.entries();
        say(format!(
            "pruning tables: {e1} + {e2} entries ({} bytes), built in {:.1} s",
            table_bytes(e1) + table_bytes(e2),
            started.elapsed().as_secs_f64()
        ));
        let limits = Limits {
            deadline: Some(started + Duration::from_secs_f64(limit)),
            stop: Some(stop),
        };
        return match solver.solve(&start, limits)? {
            Some(sol) => report(
                sol.names,
                sol.cost,
                false,
                &format!("two-phase through {chain} (best found in {limit} s)"),
            ),
            None => Err(format!(
                "no two-phase solution found within {limit} s; raise --time-limit"
            )
            .into()),
        };
    }
    // With a time limit everything from here on (a complete table or the pruning
    // tables, then IDA*) stops at the deadline: a watchdog raises `budget` then (or
    // on Ctrl-C). The factorisation answered when time runs out is computed first,
    // so the answer comes by the deadline whenever factorising is quicker than it.
    let deadline = if o.optimal {
        None
    } else {
        o.time_limit.map(|t| started + Duration::from_secs_f64(t))
    };
    let budget = Watchdog::new(deadline, stop);
    let full = if cache.table.is_some() {
        None
    } else {
        GroupSpace::new(
            puzzle.name(),
            puzzle.degree(),
            move_names.clone(),
            moves.perms(),
        )
        .ok()
        .filter(|space| {
            space.size() <= o.bfs_limit && check_memory(space.size(), max_memory, 64 << 20).is_ok()
        })
    };
    // With a time limit and no complete table: the piece-stage solver, while the
    // factorisation runs beside it (on another core); the shorter answers when
    // optimal search does not finish in time.
    let (fallback, staged) = match deadline {
        None => (None, None),
        Some(d) if full.is_none() && cache.table.is_none() => {
            let solver = match cache.staged.clone() {
                Some(s) => Some(s),
                None => staged_solver(&moves, max_memory, budget.flag(), o, &say)?.map(Arc::new),
            };
            match solver {
                Some(solver) => {
                    cache.staged = Some(Arc::clone(&solver));
                    // the factorisation beside the stages (on another core; its
                    // tables are the ones the stages fall back to), waited for
                    // only until the deadline when the stages answered
                    let (tx, rx) = std::sync::mpsc::channel();
                    {
                        let (solver, g) = (Arc::clone(&solver), g.clone());
                        std::thread::spawn(move || {
                            let _ = tx.send(solver.factor(&g));
                        });
                    }
                    let staged = staged_solve(&solver, &start, d, stop, &say)?;
                    let letters = match staged {
                        Some(_) => rx
                            .recv_timeout(d.saturating_duration_since(Instant::now()))
                            .ok()
                            .flatten(),
                        None => Some(
                            rx.recv()
                                .map_err(|_| {
                                    CliError::from("internal error: the factorisation panicked")
                                })?
                                .ok_or("the state is not in the group of the moves")?,
                        ),
                    };
                    let fallback = letters.map(|letters| {
                        let names = letters
                            .iter()
                            .map(|&(f, e)| moves.power_name(f, e))
                            .collect();
                        (names, solver.cost(&letters))
                    });
                    (fallback, staged)
                }
                None => (Some(factor_in_metric(puzzle, &g, ida_metric)?), None),
            }
        }
        Some(_) => (Some(factor_in_metric(puzzle, &g, ida_metric)?), None),
    };
    let out_of_time = |why: &str| -> Result<Found, CliError> {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(format!("interrupted (Ctrl-C); {why}").into());
        }
        match (&fallback, &staged) {
            (flen, Some((snames, slen, method)))
                if flen.as_ref().is_none_or(|(_, flen)| slen <= flen) =>
            {
                report(
                    snames.clone(),
                    *slen,
                    false,
                    &format!("{method}; optimal search out of time: {why}"),
                )
            }
            (Some((names, length)), _) => report(
                names.clone(),
                *length,
                false,
                &format!("factorisation through the stabiliser chain; out of time: {why}"),
            ),
            (None, _) => Err(format!("internal error: stopped without a time limit; {why}").into()),
        }
    };
    let interrupted = |e: &IdaError| matches!(e, IdaError::Search(SearchError::Interrupted { .. }));
    // a complete table where one fits
    if cache.table.is_none() {
        if let Some(space) = full {
            let bar = Bar::search(!quiet);
            let opts = search_options(&bar, 0);
            match search_space(&space, max_memory, &opts, budget.flag()) {
                Ok((table, _)) => cache.table = Some((space, table)),
                Err(SearchError::Interrupted { .. }) => {
                    return out_of_time("the distance table was not finished")
                }
                Err(e) => return Err(e.into()),
            }
        }
    }
    if let Some((space, table)) = &cache.table {
        let p = solve_with_table(space, table, &start)?;
        return report(names_of(&p), cost_of(&p), true, "distance table");
    }
    if o.table_look_ups == 0 {
        return Err("--table-look-ups 0: at least one look-up per table".into());
    }
    let h = match cache.heuristic.take() {
        Some(h) => h,
        None => {
            let kinds = pruning_kinds(
                puzzle,
                &moves,
                o.pruning_budget,
                &o.coset_tables,
                o.table_symmetry,
                o.auto_tables,
            )?;
            let bytes = Heuristic::planned_bytes(&moves, &kinds)?;
            say(format!(
                "pruning tables: {} projections, {bytes} bytes",
                kinds.len()
            ));
            let (h, setup) = match optimal_heuristic(
                &moves,
                kinds,
                o.table_look_ups,
                max_memory,
                budget.flag(),
                o.pruning_tables.as_deref(),
            ) {
                Ok(built) => built,
                Err(e) if interrupted(&e) => {
                    return out_of_time("the pruning tables were not finished")
                }
                Err(e) => return Err(e.into()),
            };
            say(format!(
                "{} symmetries of the moves{}; {} table look-ups per position",
                setup.symmetries,
                if setup.symmetries_complete {
                    ""
                } else {
                    " found (search stopped early)"
                },
                setup.look_ups
            ));
            h
        }
    };
    let limits = Limits {
        deadline,
        stop: Some(stop),
    };
    let outcome = Ida::new(&moves, &h).solve(&start, u32::MAX - 1, limits);
    let method = if h.look_ups() == 0 {
        "IDA* without pruning tables (iterative deepening)"
    } else {
        "IDA* with pruning tables"
    };
    cache.heuristic = Some(h);
    match outcome? {
        Outcome::Solved(p) => report(names_of(&p), cost_of(&p), true, method),
        Outcome::OutOfTime(b) => {
            out_of_time(&format!("IDA* showed no solution has fewer than {b} moves"))
        }
        Outcome::NoneWithin(b) => Err(format!("no solution within {b} moves").into()),
    }
}

/// The piece-stage solver ([`PieceStages`]) for the moves, or `None` (with a
/// message on stderr) when its tables do not fit or are not built in time. Ctrl-C
/// is an error.
fn staged_solver(
    moves: &MoveSet,
    max_memory: Option<u64>,
    flag: &AtomicBool,
    o: &MetricSolve,
    say: &dyn Fn(String),
) -> Result<Option<PieceStages>, CliError> {
    let started = Instant::now();
    let mut opts = StageOptions::default();
    if let Some(v) = env_number("PERMLAB_STAGE_TABLE") {
        opts.table_entries = v;
    }
    if let Some(v) = env_number("PERMLAB_STAGE_PIECES") {
        opts.stage_pieces = v;
    }
    if let Some(v) = env_number("PERMLAB_STAGE_CANDIDATES") {
        opts.candidates = v;
    }
    if let Some(v) = env_number("PERMLAB_FINISH_PIECES") {
        opts.finish_pieces = v;
    }
    let plan = Plan::new(moves, &opts)?;
    say(format!(
        "piece stages: {} pieces in {} stages, last face {}; {} pruning tables, {} bytes",
        plan.order.len(),
        plan.stages.len(),
        moves.power_name(plan.last_family, 1),
        plan.tables.len(),
        plan.bytes()
    ));
    match PieceStages::build(moves, &opts, max_memory, flag, o.pruning_tables.as_deref()) {
        Ok(s) => {
            say(format!(
                "piece stages: tables built in {:.1} s",
                started.elapsed().as_secs_f64()
            ));
            Ok(Some(s))
        }
        Err(IdaError::Search(SearchError::Interrupted { .. })) => {
            if stop_flag().load(Ordering::Relaxed) {
                return Err("interrupted (Ctrl-C)".into());
            }
            say("piece stages: out of time building the tables".into());
            Ok(None)
        }
        Err(IdaError::Memory(e)) => {
            say(format!("piece stages: not used, the pruning tables: {e}"));
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

/// The piece-stage solver on `start` until `deadline` (each stage at most a third
/// of the time left; a stage out of time factorises the rest): its names, cost and
/// method, or `None` when out of time. Ctrl-C is an error.
fn staged_solve(
    solver: &PieceStages,
    start: &[u8],
    deadline: Instant,
    stop: &AtomicBool,
    say: &dyn Fn(String),
) -> Result<Option<(Vec<String>, u32, String)>, CliError> {
    let started = Instant::now();
    let plan = solver.plan();
    let moves = solver.moves();
    let progress = |k: usize, r: &StageReport| {
        say(format!(
            "  stage {}/{}: {} pieces, {} moves, {} nodes, {:.2} s{}",
            k + 1,
            plan.stages.len(),
            r.pieces.len(),
            r.cost,
            r.nodes,
            r.seconds,
            if r.fallback {
                " (out of time: the rest factorised)"
            } else if r.macros {
                " (by commutator macros)"
            } else {
                ""
            }
        ))
    };
    let limits = StageLimits {
        deadline: Some(deadline),
        stage_time: Some(deadline.saturating_duration_since(started) / 10),
        stop: Some(stop),
        factorise: true,
        progress: Some(&progress),
    };
    let sol = match solver.solve(start, limits) {
        Ok(Some(sol)) => sol,
        Ok(None) => return Ok(None),
        Err(e) => {
            if stop.load(Ordering::Relaxed) {
                return Err("interrupted (Ctrl-C)".into());
            }
            return Err(e.into());
        }
    };
    let fallback: u32 = sol
        .stages
        .iter()
        .filter(|s| s.fallback)
        .map(|s| s.cost)
        .sum();
    say(format!(
        "piece stages: {} moves in {:.1} s ({} of them by factorisation)",
        sol.cost,
        started.elapsed().as_secs_f64(),
        fallback
    ));
    let by_macros: u32 = sol.stages.iter().filter(|s| s.macros).map(|s| s.cost).sum();
    let method = format!(
        "piece stages ({} stages of IDA* with pruning tables, last face {}{}{})",
        plan.stages.len(),
        moves.power_name(sol.last_family, 1),
        if by_macros > 0 {
            format!("; {by_macros} moves by commutator macros")
        } else {
            String::new()
        },
        if fallback > 0 {
            format!("; {fallback} moves by factorisation after a stage ran out of time")
        } else {
            String::new()
        }
    );
    Ok(Some((sol.names, sol.cost, method)))
}

/// A factorisation of the inverse of `g` (which solves the state `g`) over the
/// puzzle's own generators, as move names with its length in `metric`.
fn factor_in_metric(
    puzzle: &Puzzle,
    g: &Perm,
    metric: Metric,
) -> Result<(Vec<String>, u32), CliError> {
    // the puzzle's generators (not the metric's moves, which include their powers):
    // the factor's letters index the names
    let names = puzzle.generator_names();
    let word = puzzle
        .group()
        .factor_word(&g.inverse(), &names)
        .ok_or("the state is not in the group of the moves")?;
    let orders = puzzle.move_orders();
    let mut text = Vec::new();
    let mut length = 0;
    for (gen, k) in word.letters() {
        text.push(permlab::Word::from_letters(word.names().clone(), &[(gen, k)]).to_string());
        length += match metric {
            Metric::Htm => 1,
            Metric::Qtm => {
                let n = orders[gen] as i64;
                let r = k.rem_euclid(n);
                r.min(n - r) as u32
            }
        };
    }
    Ok((text, length))
}

/// A stop flag raised at a deadline or when the Ctrl-C flag is, by a thread that
/// polls every 10 ms and ends when the watchdog is dropped.
pub(super) struct Watchdog {
    flag: Arc<AtomicBool>,
    done: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watchdog {
    /// Watches `stop` and, when given, the clock.
    pub(super) fn new(deadline: Option<Instant>, stop: &'static AtomicBool) -> Watchdog {
        let flag = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (f, d) = (flag.clone(), done.clone());
        let thread = std::thread::spawn(move || {
            while !d.load(Ordering::Relaxed) {
                if stop.load(Ordering::Relaxed) || deadline.is_some_and(|t| Instant::now() >= t) {
                    f.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        });
        Watchdog {
            flag,
            done,
            thread: Some(thread),
        }
    }

    /// The flag to pass to searches.
    pub(super) fn flag(&self) -> &AtomicBool {
        &self.flag
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Reports the factorisation of the state `g` (the word of `g^-1`) over `group`'s
/// generators, named by `header`.
fn factor_fallback(group: &PermGroup, g: &Perm, header: &MovesHeader, json: bool) -> CliResult {
    // solving g means applying g^-1
    let word = group
        .factor_word(&g.inverse(), header.names)
        .ok_or("the state is not in the group of the moves")?;
    let letters = word.letters();
    if json {
        print_json(&json!({
            "metric": header.metric.name(),
            "moves": header.names,
            "solution": word.to_string(),
            "length": letters.len(),
            "optimal": false,
            "method": "factorisation (stabiliser chain)",
        }))?;
    } else {
        outln!("{}", moves_line(header.metric, header.names));
        outln!(
            "{word} ({} letters, not optimal, factorisation through the stabiliser chain)",
            letters.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn compare_solvers(puzzle: &str, json: bool) -> CliResult {
    if puzzle != "rotation3" {
        return Err(format!(
            "compare-solvers: no staged solver for {puzzle:?} (only rotation3, seed 001)"
        )
        .into());
    }
    let c = compare_rotation3().map_err(CliError::from)?;
    if json {
        print_json(&json!({
            "states": c.optimal.iter().sum::<u64>(),
            "optimal_distribution": c.optimal,
            "staged_distribution": c.staged,
            "optimal_max": c.optimal.len() - 1,
            "staged_max": c.staged.len() - 1,
            "optimal_mean": c.optimal.mean().unwrap_or(0.0),
            "staged_mean": c.staged.mean().unwrap_or(0.0),
            "stage_max": c.stage_max,
            "joint": c.joint.iter().map(|(&(o, s), &n)| json!([o, s, n])).collect::<Vec<_>>(),
            "worst_staged": {"state": cells_one_based(&c.worst.0), "optimal": c.worst.1, "staged": c.worst.2},
        }))?;
    } else {
        outln!(
            "rotation3 (seed 001, clockwise turns only): {} positions",
            c.optimal.iter().sum::<u64>()
        );
        outln!("{:>6}  {:>10}  {:>10}", "moves", "optimal", "staged");
        for l in 0..c.optimal.len().max(c.staged.len()) {
            outln!(
                "{l:>6}  {:>10}  {:>10}",
                c.optimal.get(l).copied().unwrap_or(0),
                c.staged.get(l).copied().unwrap_or(0)
            );
        }
        outln!(
            "optimal: max {} mean {:.3}",
            c.optimal.len() - 1,
            c.optimal.mean().unwrap_or(0.0)
        );
        outln!(
            "staged:  max {} mean {:.3} (seed 001 bounds it by 53)",
            c.staged.len() - 1,
            c.staged.mean().unwrap_or(0.0)
        );
        outln!("largest turns per stage: {:?}", c.stage_max);
        outln!(
            "staged worst case {} at {} (optimal {})",
            c.worst.2,
            format_state(&c.worst.0),
            c.worst.1
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// What `bfs` prints: the search's result with what it was a search of.
pub(super) struct BfsReport<'a, S> {
    pub puzzle: &'a Puzzle,
    pub metric: SearchMetric,
    pub space: &'a S,
    pub indexing: String,
    pub result: &'a BfsResult,
    /// Whether the table was a file on disk (`--on-disk`).
    pub on_disk: bool,
    /// The number of ranks of a distributed search.
    pub ranks: Option<usize>,
    pub home: Option<&'a [usize]>,
    pub home_report: Option<&'a HomeReport>,
}

impl<S: StateSpace> BfsReport<'_, S> {
    /// Prints the report as text or JSON.
    pub fn print(&self, json: bool) -> Result<(), OutputError> {
        let (s, r, metric, home) = (self.space, self.result, self.metric, &self.home);
        let home_report = self.home_report;
        let antis: Vec<Vec<u32>> = r
            .antipodes
            .iter()
            .map(|&i| {
                let mut st = vec![0u8; s.width()];
                s.unrank(i, &mut st);
                s.to_cells(&st)
            })
            .collect();
        let bytes = table_bytes(s.size());
        let rate = r.states as f64 / r.seconds.max(1e-9);
        if json {
            let mut v = json!({
                "puzzle": self.puzzle.name(),
                "metric": metric.name(),
                "moves": space_moves(s),
                "space": s.key(),
                "indexing": self.indexing,
                "states": r.states,
                "distribution": r.distribution,
                "max_distance": r.max_distance(),
                "antipode_count": r.antipode_count(),
                "antipodes": antis.iter().map(|c| cells_one_based(c)).collect::<Vec<_>>(),
                "seconds": r.seconds,
                "layer_strategies": r.strategies.iter().map(|x| format!("{x:?}").to_lowercase()).collect::<Vec<_>>(),
                "positions_per_second": rate,
                "table_bytes": bytes,
                "table_on_disk": self.on_disk,
                "bits_per_position": bytes as f64 * 8.0 / s.size() as f64,
                "peak_memory_bytes": peak_memory(),
            });
            if let Some(n) = self.ranks {
                v["ranks"] = json!(n);
            }
            let identical = self.puzzle.identical();
            if !identical.is_empty() {
                v["identical"] = json!(identical
                    .iter()
                    .map(|c| c.iter().map(|x| x + 1).collect::<Vec<_>>())
                    .collect::<Vec<_>>());
            }
            if let Some(HomeReport {
                distribution: dist,
                outside,
                hardest,
            }) = &home_report
            {
                v["home"] = json!({
                    "cells": home.as_ref().map(|h| h.iter().map(|c| c + 1).collect::<Vec<_>>()),
                    "distribution": dist,
                    "max_distance": dist.len().saturating_sub(1),
                    "unreachable": outside,
                    "hardest": hardest.iter().map(|c| cells_one_based(c)).collect::<Vec<_>>(),
                });
            }
            print_json(&v)?;
        } else {
            outln!(
                "{}: {} positions ({}); {}",
                self.puzzle.name(),
                r.states,
                self.indexing,
                moves_line(metric, &space_moves(s))
            );
            if !self.puzzle.identical().is_empty() {
                outln!(
                    "identical pieces: {} (a position is where each class is; a hardest position shows each class by its smallest number)",
                    permlab::puzzle::identical::format_classes(self.puzzle.identical())
                );
            }
            if r.states != s.size() {
                outln!(
                    "note: {} of the {} indexed positions are unreachable",
                    s.size() - r.states,
                    s.size()
                );
            }
            if let Some(n) = self.ranks {
                outln!("distributed over {n} ranks, {} positions each (the last may hold fewer); time and memory below are rank 0's", Partition::new(s.size(), n).per);
            }
            print_distribution(&r.distribution)?;
            outln!(
                "God's number: {} ({} hardest positions)",
                r.max_distance(),
                r.antipode_count()
            );
            if !antis.is_empty() {
                outln!("hardest positions (first {} by index):", antis.len());
                for c in &antis {
                    outln!("  {}", cells_text(c));
                }
            }
            if let Some(HomeReport {
                distribution: dist,
                outside,
                hardest,
            }) = &home_report
            {
                outln!(
                    "positions with cells {} home:",
                    home.as_ref()
                        .map(|h| h
                            .iter()
                            .map(|c| (c + 1).to_string())
                            .collect::<Vec<_>>()
                            .join(","))
                        .unwrap_or_default()
                );
                print_distribution(dist)?;
                outln!(
                    "worst case: {} moves; {} such arrangements are not positions of the puzzle",
                    dist.len().saturating_sub(1),
                    outside
                );
                for c in hardest {
                    outln!("  {}", format_state(c));
                }
            }
            outln!(
                "time {:.2} s, {:.0} positions/s, table {} bytes{} ({:.2} bits/position), peak memory {} MB",
                r.seconds, rate, bytes, if self.on_disk { " on disk" } else { "" }, bytes as f64 * 8.0 / s.size() as f64,
                peak_memory().unwrap_or(0) >> 20
            );
        }
        Ok(())
    }
}
