//! `permlab solve`: argument parsing plus the library's solver
//! ([`permlab::search::solver`]), or, for a search space other than the puzzle's
//! positions (`--track`, `--up-to-rotation`, identical pieces, a saved `--table`),
//! a solve in that space.

use super::args::state_arg;
use super::output::{outln, OutputError};
use super::progress::{stop_flag, Bar};
use super::space::{command_budget, run_bfs, search_options, space_moves};
use super::space::{parse_bytes, SpaceArgs};
use super::{print_json, CliError, CliResult};
use clap::Args;
use permlab::puzzle::Metric;
use permlab::search::budget::SearchBudget;
use permlab::search::budget::MEMORY_RESERVE;
use permlab::search::cache::TableCache;
use permlab::search::ida::AutoTables;
use permlab::search::solve::{bidirectional, solve_with_table};
use permlab::search::solver::{
    PruningOptions, SolveError, SolveOptions, Solver, DEFAULT_TABLE_LIMIT, PRUNING_TABLE_BUDGET,
};
use permlab::search::space::StateSpace;
use permlab::search::table::{check_memory, DistanceTable};
use permlab::with_space;
use serde_json::json;
use std::path::Path;
use std::path::PathBuf;
use std::process::ExitCode;

/// The seconds a solve takes at most unless `--time-limit` or `--optimal` says
/// otherwise (a complete table, when one fits, is built regardless).
pub(super) const DEFAULT_SECONDS: f64 = 10.0;

/// The memory a solve's tables may take unless `--max-memory` or `--optimal` says
/// otherwise (1 GB).
pub(super) const DEFAULT_MAX_MEMORY: u64 = 1_000_000_000;

/// The options of `solve`.
#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    space: SpaceArgs,
    /// The state: numbers in position order, 1-based, comma-separated (or --cycles).
    state: Option<String>,
    /// The state as the permutation taking solved to it, in cycle notation
    /// (e.g. "(9,21,28)").
    #[arg(long, conflicts_with = "state")]
    cycles: Option<String>,
    /// An optimal solution however long it takes (IDA* when no complete table
    /// fits; the memory bound is then the available memory, not 2G). Without
    /// --coset-table, IDA* uses the largest tier of the puzzle's pruning tables
    /// that fits in --max-memory (data/optimal-tables.tsv; cube3: the 833 MB
    /// coset table, built once in minutes and kept in the table cache, then
    /// mapped into memory in milliseconds; below about 1 GB, 43 MB of automatic
    /// tables).
    #[arg(long, conflicts_with = "time_limit")]
    optimal: bool,
    /// Seconds for the whole solve (default 10, or the puzzle's own in
    /// data/solvers.tsv: 30 for the Megaminx; a complete table that fits is
    /// built whatever the limit when none is given): the best solution found by
    /// then is printed.
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// Stop at the first solution of at most this many moves (default: the
    /// puzzle's God's number where known, 20 for cube3 in htm).
    #[arg(long, value_name = "LENGTH", conflicts_with = "optimal")]
    target: Option<u32>,
    /// Two-phase solving through a subgroup: PUZZLE[move,move,...], e.g.
    /// "cube3[U,D,R2,L2,F2,B2]" (the default for cube3).
    #[arg(long, value_name = "SUBGROUP", conflicts_with = "optimal")]
    chain: Option<String>,
    /// A directory for pruning tables (IDA* and piece stages): each table is
    /// loaded from it when saved there before, else built and saved there.
    #[arg(long, value_name = "DIR", value_parser = super::args::output_dir)]
    pruning_tables: Option<PathBuf>,
    /// Largest pruning table of IDA* (entries, 4 per byte).
    #[arg(long, value_name = "ENTRIES", default_value_t = PRUNING_TABLE_BUDGET)]
    pruning_budget: u64,
    /// Look-ups of each pruning table of IDA* per position, at conjugates by
    /// symmetries of the moves (1: the position only). Default: the tier's (see
    /// --optimal), else 4.
    #[arg(long, value_name = "N")]
    table_look_ups: Option<usize>,
    /// A pruning table of IDA* beside the automatic ones: the cosets of a
    /// subgroup, PUZZLE[move,move,...] (M. Reid's optimal solver uses
    /// "cube3[U,D,R2,L2,F2,B2]", 2.2·10⁹ cosets, 35 MB reduced by symmetry;
    /// "cube3[U,D,R2 U R2,L2 U L2,F2 U F2,B2 U B2]", the slice edges fixed,
    /// has 5.3·10¹⁰ cosets in 3.3·10⁹ entries, 833 MB, and prunes more);
    /// repeatable; `none`: no coset table (nor the tier --optimal would take).
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
    /// A table saved by `permlab bfs --save` (an optimal solve in its space).
    #[arg(long)]
    table: Option<PathBuf>,
    /// Largest state space for which a complete table is computed on the spot.
    #[arg(long, default_value_t = DEFAULT_TABLE_LIMIT)]
    bfs_limit: u64,
    /// Keep no table on disk (by default the two-phase tables are kept in the
    /// table cache, see `permlab cache list`).
    #[arg(long, conflicts_with = "cache")]
    no_cache: bool,
    /// The table cache's directory (default $PERMLAB_CACHE, else
    /// $XDG_CACHE_HOME/permlab, else ~/.cache/permlab).
    #[arg(long, value_name = "DIR")]
    cache: Option<PathBuf>,
    /// Depth bound of the bidirectional search (a space of tracked pieces,
    /// identical pieces or a ring too large for a table).
    #[arg(long, default_value_t = 14)]
    max_depth: usize,
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

/// A solution as `solve` prints it: `{"metric", "moves", "solution", "length",
/// "optimal", "method", "seconds"}` in JSON, else the metric and moves on the
/// first line and the solution with its length on the second.
pub(super) struct Printed<'a> {
    pub metric: Metric,
    pub moves: &'a [String],
    pub solution: &'a [String],
    pub length: u32,
    pub optimal: bool,
    pub method: String,
    pub seconds: Option<f64>,
}

impl Printed<'_> {
    pub(super) fn print(&self, json: bool) -> Result<(), OutputError> {
        if json {
            let mut v = json!({
                "metric": self.metric.name(),
                "moves": self.moves,
                "solution": self.solution.join(" "),
                "length": self.length,
                "optimal": self.optimal,
                "method": self.method,
            });
            if let Some(s) = self.seconds {
                v["seconds"] = json!(s);
            }
            print_json(&v)?;
        } else {
            outln!("{}", self.metric.moves_line(self.moves));
            outln!(
                "{} ({} {}, {}, {})",
                if self.solution.is_empty() {
                    "(already solved)".to_string()
                } else {
                    self.solution.join(" ")
                },
                self.length,
                self.metric.name(),
                if self.optimal {
                    "optimal"
                } else {
                    "not necessarily optimal"
                },
                self.method
            );
        }
        Ok(())
    }
}

impl SolveArgs {
    pub(super) fn run(self, json: bool) -> CliResult {
        let args = &self.space;
        let cells = state_arg(&args.puzzle, self.state.as_deref(), self.cycles.as_deref())?;
        let in_space = args.up_to_rotation
            || args.track.is_some()
            || !args.identical_classes()?.is_empty()
            || self.table.is_some();
        if in_space {
            if self.optimal
                || self.time_limit.is_some()
                || self.chain.is_some()
                || self.target.is_some()
            {
                return Err("--optimal, --time-limit, --target and --chain solve the puzzle's positions; drop --track, --up-to-rotation, --identical and --table (or the puzzle's identical: line with --identical \"\")".into());
            }
            return solve_in_space(
                args,
                &cells,
                self.table.as_deref(),
                self.bfs_limit,
                self.max_depth,
                json,
            );
        }
        // the subgroups, checked before any work and named by their option
        for (option, text) in self
            .coset_table
            .iter()
            .filter(|t| t.as_str() != "none")
            .map(|t| ("--coset-table", t))
            .chain(self.chain.iter().map(|t| ("--chain", t)))
        {
            args.puzzle
                .parse_subgroup(text)
                .map_err(|e| format!("{option}: {e}"))?;
        }
        let options = SolveOptions {
            metric: Some(args.metric()),
            optimal: self.optimal,
            subgroup: self.chain.clone(),
            target: self.target,
            table_limit: self.bfs_limit,
            tables_dir: self.pruning_tables.clone(),
            pruning: PruningOptions {
                budget: self.pruning_budget,
                coset_tables: self.coset_table.clone(),
                table_symmetry: !self.no_table_symmetry,
                auto_tables: self.auto_tables,
                look_ups: self.table_look_ups,
            },
            table_ignores_deadline: self.time_limit.is_none(),
            cache: match (&self.cache, self.no_cache) {
                (_, true) => TableCache::none(),
                (Some(dir), false) => TableCache::at(dir.clone()),
                (None, false) => TableCache::from_env(),
            },
            ..SolveOptions::default()
        };
        if !args.quiet && !json {
            for note in permlab::search::space::move_notes(&args.puzzle, args.metric()) {
                super::output::errln!("permlab: note: {note}");
            }
        }
        let mut solver = Solver::new(&args.puzzle, options).map_err(solve_error)?;
        let max_memory = match &args.max_memory {
            Some(text) => Some(parse_bytes(text)?),
            None if self.optimal => None,
            None => Some(DEFAULT_MAX_MEMORY),
        };
        let bar = Bar::search(!args.quiet && !json);
        let mut budget = SearchBudget::unlimited()
            .with_max_memory(max_memory)
            .with_stop(stop_flag())
            .with_progress(&bar);
        if !self.optimal {
            let seconds = self
                .time_limit
                .or(solver.default_time_limit())
                .unwrap_or(DEFAULT_SECONDS);
            budget = budget.with_time_limit(seconds).map_err(|_| {
                format!("--time-limit {seconds}: must be a positive number of seconds")
            })?;
        }
        let sol = solver.solve_cells(&cells, &budget);
        bar.clear();
        let sol = sol.map_err(solve_error)?;
        let method = match &sol.stats.fallback {
            Some(why) => format!("{}; {why}", sol.method),
            None => sol.method.to_string(),
        };
        Printed {
            metric: sol.metric,
            moves: &solver.move_names(),
            solution: &sol.moves,
            length: sol.length,
            optimal: sol.optimal,
            method,
            seconds: Some(sol.stats.seconds),
        }
        .print(json)?;
        Ok(ExitCode::SUCCESS)
    }
}

/// A solver error as the command reports it (the options named).
fn solve_error(e: SolveError) -> CliError {
    match e {
        SolveError::NotReachable => super::negative(e.to_string()),
        SolveError::OutOfTime(why) => format!("{why}; raise --time-limit").into(),
        other => other.into(),
    }
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

/// `solve` in a search space other than the puzzle's positions (`--track`,
/// `--up-to-rotation`, identical pieces) or with a saved `--table`: optimal from the
/// table, from a complete table computed within the memory bound, else a
/// bidirectional search within `max_depth`.
pub(super) fn solve_in_space(
    args: &SpaceArgs,
    cells: &[u32],
    table_path: Option<&Path>,
    bfs_limit: u64,
    max_depth: usize,
    json: bool,
) -> CliResult {
    let max_memory = args.max_memory()?;
    let (_, space) = args.build()?;
    with_space!(&space, s => {
        let st = s.state_of_cells(cells)?;
        let names = space_moves(s);
        let print = |path: &[usize], method: &str| {
            let solution: Vec<String> = path.iter().map(|&m| names[m].clone()).collect();
            Printed {
                metric: args.metric(),
                moves: &names,
                length: solution.len() as u32,
                solution: &solution,
                optimal: true,
                method: method.to_string(),
                seconds: None,
            }
            .print(json)
        };
        if let Some(path) = table_path {
            let (table, saved) = DistanceTable::load(path, max_memory)?;
            let key = saved.get("space").and_then(|k| k.as_str()).unwrap_or("");
            if key != s.key() || table.len() != s.size() {
                return Err(table_mismatch(path, key, &s.key()).into());
            }
            print(&solve_with_table(s, &table, &st)?, "distance table")?;
            return Ok(ExitCode::SUCCESS);
        }
        if s.size() <= bfs_limit && check_memory(s.size(), max_memory, MEMORY_RESERVE).is_ok() {
            let bar = Bar::search(!args.quiet && !json);
            let (table, _) = run_bfs(s, &search_options(0), &command_budget(&bar, max_memory))?;
            bar.clear();
            print(&solve_with_table(s, &table, &st)?, "distance table")?;
            return Ok(ExitCode::SUCCESS);
        }
        let goal = s.goals().remove(0);
        match bidirectional(s, &st, &goal, max_depth, 20_000_000) {
            Some(p) => {
                print(&p, "bidirectional search")?;
                Ok(ExitCode::SUCCESS)
            }
            None => Err(format!("no solution within {max_depth} moves and the space is too large for a table; raise --max-depth or --max-memory").into()),
        }
    })
}
