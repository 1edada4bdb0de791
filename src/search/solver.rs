//! Solving positions of a puzzle: one entry point that chooses the method, as
//! `permlab solve` does.
//!
//! ```
//! use permlab::search::budget::SearchBudget;
//! use permlab::search::solver::{SolveOptions, Solver};
//! use permlab::Puzzle;
//! let cube = Puzzle::builtin("cube3").unwrap();
//! let mut solver = Solver::new(&cube, SolveOptions::default()).unwrap();
//! let g = cube.eval(&cube.parse_word("R U R' U' F2 D L'").unwrap());
//! let budget = SearchBudget::unlimited().with_time_limit(30.0).unwrap();
//! let sol = solver.solve(&g, &budget).unwrap();
//! assert!(sol.length <= 20); // near-optimal: at most God's number
//! assert!(!sol.optimal);
//! assert!((&g * &cube.eval(&sol.word)).is_identity()); // it solves the position
//! println!("{} ({} moves, {})", sol.moves.join(" "), sol.length, sol.method);
//! ```
//!
//! **The methods, in the order they are tried** (every solution is replayed on the
//! position before it is returned):
//!
//! 1. a **complete distance table** ([`crate::search::bfs`]) when the puzzle's
//!    positions fit in [`SolveOptions::table_limit`] and the memory bound: optimal
//!    (cube2, the boards);
//! 2. with [`SolveOptions::optimal`]: **IDA\*** with pruning tables
//!    ([`crate::search::ida`]), however long it takes;
//! 3. the **two-phase method** ([`crate::search::two_phase`]) through the subgroup of
//!    [`SolveOptions::subgroup`] or the puzzle's own (`data/solvers.tsv`: cube3
//!    through Kociemba's `⟨U, D, R2, L2, F2, B2⟩`), stopping at the first solution of
//!    at most [`SolveOptions::target`] moves (the puzzle's God's number when known)
//!    or at the deadline with the shortest found;
//! 4. otherwise the **piece stages** ([`crate::search::piece_stages`], cube:4,
//!    Megaminx) with the factorisation through the stabiliser chain racing them on
//!    another core, then IDA\* until the deadline: the shortest answer is kept, an
//!    optimal one when IDA\* finishes;
//! 5. the **factorisation** through the stabiliser chain when nothing else applies.

use super::bfs::{search_space, BfsOptions, SearchError};
use super::budget::SearchBudget;
use super::cache::TableCache;
use super::ida::{
    auto_projections, cached_table, optimal_heuristic, projection_size_at_least, state_of,
    AutoTables, Heuristic, Ida, IdaError, Outcome, ProjectionKind,
};
use super::moves::{Metric, MoveSet};
use super::piece_stages::{PieceStages, StageLimits, StageOptions, StageReport};
use super::solve::solve_with_table;
use super::space::{GroupSpace, StateSpace};
use super::table::{table_bytes, DistanceTable, TableError};
use super::two_phase::{TwoPhase, TwoPhaseError};
use crate::group::factor::FactorTables;
use crate::group::PermGroup;
use crate::perm::Perm;
use crate::puzzle::Puzzle;
use crate::word::Word;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Largest pruning table IDA* and the piece stages build by default (entries;
/// 32 MB at 2 bits).
pub const PRUNING_TABLE_BUDGET: u64 = 1 << 27;

/// Default look-ups per pruning table of IDA* (at the position and at conjugates
/// by symmetries of the moves): on cube3 with the default tables a 14-move scramble
/// took 13.8 CPU s with 1 look-up per table, 11.7 s with 4 and 12.6 s with 8.
pub const DEFAULT_LOOK_UPS: usize = 4;

/// Default largest state space for which a complete table is computed.
pub const DEFAULT_TABLE_LIMIT: u64 = 1_000_000_000;

/// How [`Solver`] solves (see the module docs for the order of the methods).
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// The moves and how they count (`None`: the puzzle's own metric).
    pub metric: Option<Metric>,
    /// An optimal solution however long it takes (no near-optimal methods).
    pub optimal: bool,
    /// The subgroup of the two-phase method, `PUZZLE[w1,w2,…]` (`None`: the
    /// puzzle's own from `data/solvers.tsv`, if any). Given, it is the only method.
    pub subgroup: Option<String>,
    /// Near-optimal methods stop at the first solution of at most this length
    /// (`None`: the puzzle's God's number where `data/solvers.tsv` states it).
    pub target: Option<u32>,
    /// Largest state space for which a complete distance table is computed.
    pub table_limit: u64,
    /// The complete table, when one fits, is built however long it takes (the
    /// budget's deadline then bounds the other methods only).
    pub table_ignores_deadline: bool,
    /// Where pruning tables of IDA* and the piece stages are loaded from and saved
    /// to (`None`: the cache's directory, or built in memory without a cache).
    pub tables_dir: Option<PathBuf>,
    /// Where tables are kept between processes (default: the user's cache,
    /// [`TableCache::from_env`]).
    pub cache: TableCache,
    /// IDA*'s tables.
    pub pruning: PruningOptions,
    /// The piece stages.
    pub stages: StageOptions,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            metric: None,
            optimal: false,
            subgroup: None,
            target: None,
            table_limit: DEFAULT_TABLE_LIMIT,
            table_ignores_deadline: false,
            tables_dir: None,
            cache: TableCache::from_env(),
            pruning: PruningOptions::default(),
            stages: StageOptions::default(),
        }
    }
}

/// The pruning tables of IDA*.
#[derive(Clone, Debug)]
pub struct PruningOptions {
    /// Largest automatic pruning table (entries).
    pub budget: u64,
    /// Subgroups whose coset tables are added (`PUZZLE[w1,…]` each; `none`
    /// adds none, and with only `none` optimal solving uses no tier of tables,
    /// see [`OptimalTier`]).
    pub coset_tables: Vec<String>,
    /// Coset tables reduced by the symmetries of the moves.
    pub table_symmetry: bool,
    /// Which automatic tables are kept (`None`: all, only the whole groups' beside
    /// coset tables).
    pub auto_tables: Option<AutoTables>,
    /// Look-ups of each table per position (at conjugates by symmetries; `None`:
    /// the tier's when one is used, else [`DEFAULT_LOOK_UPS`]).
    pub look_ups: Option<usize>,
}

impl Default for PruningOptions {
    fn default() -> PruningOptions {
        PruningOptions {
            budget: PRUNING_TABLE_BUDGET,
            coset_tables: Vec::new(),
            table_symmetry: true,
            auto_tables: None,
            look_ups: None,
        }
    }
}

/// How a solution was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// Walking a complete distance table down.
    DistanceTable,
    /// IDA*, with pruning tables or (`tables: false`) without.
    Ida {
        /// Whether pruning tables guided it.
        tables: bool,
    },
    /// The two-phase method through a subgroup.
    TwoPhase {
        /// The subgroup, `PUZZLE[w1,…]`.
        subgroup: String,
        /// Whether the search ran to its end (every shorter total excluded):
        /// only without a target; else it stopped at the target length or the
        /// deadline.
        exhausted: bool,
    },
    /// The piece stages.
    PieceStages {
        /// What the stages did, in words.
        detail: String,
    },
    /// The factorisation through the stabiliser chain.
    Factorisation,
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Method::DistanceTable => f.write_str("distance table"),
            Method::Ida { tables: true } => f.write_str("IDA* with pruning tables"),
            Method::Ida { tables: false } => {
                f.write_str("IDA* without pruning tables (iterative deepening)")
            }
            Method::TwoPhase { subgroup, .. } => write!(f, "two-phase through {subgroup}"),
            Method::PieceStages { detail } => write!(f, "piece stages ({detail})"),
            Method::Factorisation => f.write_str("factorisation through the stabiliser chain"),
        }
    }
}

/// What a solve cost.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SolveStats {
    /// Wall-clock seconds of the whole solve, tables included.
    pub seconds: f64,
    /// Of those, seconds spent building or loading tables.
    pub setup_seconds: f64,
    /// Search nodes expanded (where the method counts them).
    pub nodes: u64,
    /// Why a better method did not answer (e.g. "optimal search out of time"),
    /// empty when the first applicable method answered.
    pub fallback: Option<String>,
}

/// A solution found by [`Solver::solve`], replayed on the position.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The solution as a word of the puzzle.
    pub word: Word,
    /// The moves by name (moves of the metric: `R`, `R2`, `R'`).
    pub moves: Vec<String>,
    /// Its length in the metric.
    pub length: u32,
    /// The metric.
    pub metric: Metric,
    /// Whether it is known to be optimal.
    pub optimal: bool,
    /// How it was found.
    pub method: Method,
    /// What it cost.
    pub stats: SolveStats,
}

/// Why a position was not solved.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The position is not in the group of the moves.
    #[error("the position is not reachable from the solved state with the puzzle's moves (not in the group)")]
    NotReachable,
    /// The stop flag was raised (Ctrl-C).
    #[error("interrupted (Ctrl-C)")]
    Interrupted,
    /// Nothing found within the budget (explained).
    #[error("{0}")]
    OutOfTime(String),
    /// Tables beyond the memory bound.
    #[error(transparent)]
    Memory(#[from] TableError),
    /// Bad options or a method that does not apply (explained).
    #[error("{0}")]
    Input(String),
    /// A search failed.
    #[error(transparent)]
    Search(#[from] IdaError),
    /// The moves cannot be searched.
    #[error(transparent)]
    Moves(#[from] super::moves::MoveError),
}

impl From<SearchError> for SolveError {
    fn from(e: SearchError) -> SolveError {
        match e {
            SearchError::Interrupted { .. } => SolveError::Interrupted,
            e @ SearchError::OutOfTime { .. } => SolveError::OutOfTime(e.to_string()),
            SearchError::Memory(t) => SolveError::Memory(t),
        }
    }
}

impl From<TwoPhaseError> for SolveError {
    fn from(e: TwoPhaseError) -> SolveError {
        match e {
            TwoPhaseError::Memory(t) => SolveError::Memory(t),
            other => SolveError::Input(other.to_string()),
        }
    }
}

/// The pruning tables of IDA* for `puzzle`'s `moves`: the coset tables of
/// [`PruningOptions::coset_tables`] and the automatic tables
/// [`PruningOptions::auto_tables`] keeps.
pub fn pruning_kinds(
    puzzle: &Puzzle,
    moves: &MoveSet,
    p: &PruningOptions,
) -> Result<Vec<ProjectionKind>, SolveError> {
    let mut extra = Vec::new();
    for spec in p.coset_tables.iter().filter(|s| s.as_str() != "none") {
        let perms = puzzle
            .parse_subgroup(spec)
            .map_err(|e| SolveError::Input(format!("coset table: {e}")))?
            .into_iter()
            .map(|(_, p)| p)
            .collect();
        extra.push(if p.table_symmetry {
            ProjectionKind::SymmetricCoset(perms)
        } else {
            ProjectionKind::Coset(perms)
        });
    }
    let auto = p.auto_tables.unwrap_or(if extra.is_empty() {
        AutoTables::All
    } else {
        AutoTables::Groups
    });
    let mut kinds = auto.select(auto_projections(moves, p.budget));
    kinds.extend(extra);
    Ok(kinds)
}

/// Seconds an optimal search runs on pruning tables read in place from mapped
/// files before it copies them into memory (see
/// [`crate::search::table::DistanceTable::copy_into_memory`] for what each
/// costs and gains).
pub const MAPPED_SEARCH_SECONDS: f64 = 3.0;

/// The puzzle's solving data: its two-phase subgroup, target lengths per metric
/// and default time limit (`data/solvers.tsv`), and the tiers of pruning tables
/// of its optimal solving (`data/optimal-tables.tsv`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PuzzleSolving {
    /// The two-phase subgroup's words.
    pub subgroup: Option<String>,
    /// God's number per metric, where known.
    pub targets: Vec<(Metric, u32)>,
    /// The seconds a near-optimal solve takes by default when the puzzle needs
    /// more than the usual limit (`None`: the caller's default).
    pub time_limit: Option<f64>,
    /// The tiers of pruning tables of optimal solving, smallest first.
    pub optimal_tiers: Vec<OptimalTier>,
}

/// A tier of pruning tables for optimal solving (a line of
/// `data/optimal-tables.tsv`): a coset table added to the automatic tables of the
/// whole groups, for one metric. [`Solver`] uses the largest tier whose tables
/// fit in the memory bound and can be kept on disk.
#[derive(Clone, Debug, PartialEq)]
pub struct OptimalTier {
    /// The metric the tier is for.
    pub metric: Metric,
    /// The coset table's subgroup, `PUZZLE[w1,…]`.
    pub coset_table: String,
    /// Look-ups of each table per position.
    pub look_ups: usize,
}

impl PuzzleSolving {
    /// The line of `data/solvers.tsv` for the built-in `name` (default: none):
    /// `SPEC<TAB>SUBGROUP<TAB>TARGETS[<TAB>SECONDS]`.
    pub fn of(name: &str) -> PuzzleSolving {
        let text = include_str!("../../data/solvers.tsv");
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            if f.first() != Some(&name) {
                continue;
            }
            let subgroup = f.get(1).filter(|s| !s.is_empty() && **s != "-");
            let targets = f
                .get(2)
                .map(|t| {
                    t.split_whitespace()
                        .filter_map(|kv| {
                            let (m, n) = kv.split_once(':')?;
                            Some((m.parse().ok()?, n.parse().ok()?))
                        })
                        .collect()
                })
                .unwrap_or_default();
            let time_limit = f
                .get(3)
                .filter(|t| **t != "-")
                .and_then(|t| t.parse::<f64>().ok())
                .filter(|t| t.is_finite() && *t > 0.0);
            return PuzzleSolving {
                subgroup: subgroup.map(|s| format!("{name}[{s}]")),
                targets,
                time_limit,
                optimal_tiers: OptimalTier::of(name),
            };
        }
        PuzzleSolving {
            optimal_tiers: OptimalTier::of(name),
            ..PuzzleSolving::default()
        }
    }

    /// The tiers of optimal solving's pruning tables in `metric`, smallest first.
    pub fn optimal_tiers(&self, metric: Metric) -> impl DoubleEndedIterator<Item = &OptimalTier> {
        self.optimal_tiers
            .iter()
            .filter(move |t| t.metric == metric)
    }

    /// The target length in `metric`, where known.
    pub fn target(&self, metric: Metric) -> Option<u32> {
        self.targets
            .iter()
            .find(|(m, _)| *m == metric)
            .map(|&(_, n)| n)
    }
}

impl OptimalTier {
    /// The lines of `data/optimal-tables.tsv` for the built-in `name`:
    /// `PUZZLE<TAB>METRIC<TAB>COSET_TABLE<TAB>LOOK_UPS`.
    fn of(name: &str) -> Vec<OptimalTier> {
        include_str!("../../data/optimal-tables.tsv")
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .filter_map(|line| {
                let f: Vec<&str> = line.split('\t').collect();
                (f.len() == 4 && f[0] == name).then(|| OptimalTier {
                    metric: f[1].parse().expect("a metric in data/optimal-tables.tsv"),
                    coset_table: format!("{name}[{}]", f[2]),
                    look_ups: f[3].parse().expect("look-ups in data/optimal-tables.tsv"),
                })
            })
            .collect()
    }
}

/// The tables a [`Solver`] has built, kept for its next position.
#[derive(Default)]
struct Tables {
    /// The complete distance table (or `Some(None)`: it does not fit).
    complete: Option<Option<(GroupSpace, DistanceTable)>>,
    heuristic: Option<Heuristic>,
    staged: Option<Option<Arc<PieceStages>>>,
    two_phase: Option<Arc<TwoPhase>>,
}

/// Solves positions of one puzzle with fixed options, keeping its tables from one
/// position to the next (see the module docs).
pub struct Solver {
    puzzle: Puzzle,
    /// The moves of the searches (`None` beyond 255 points: the factorisation
    /// alone).
    moves: Option<MoveSet>,
    metric: Metric,
    options: SolveOptions,
    solving: PuzzleSolving,
    tables: Tables,
    /// The puzzle's group, built when first asked ([`Solver::group`]).
    group: std::sync::OnceLock<Arc<PermGroup>>,
}

impl Solver {
    /// A solver for `puzzle` with `options`; errors on options that do not apply
    /// (a subgroup that does not parse, a metric whose moves the searches cannot
    /// take). Builds no table yet.
    pub fn new(puzzle: &Puzzle, options: SolveOptions) -> Result<Solver, SolveError> {
        let metric = options.metric.unwrap_or(puzzle.metric());
        let moves = if puzzle.degree() <= crate::limits::MAX_BYTE_STATE_POINTS {
            Some(MoveSet::for_puzzle(puzzle, metric)?)
        } else {
            None
        };
        if let Some(s) = &options.subgroup {
            puzzle
                .parse_subgroup(s)
                .map_err(|e| SolveError::Input(e.to_string()))?;
        }
        if options.pruning.look_ups == Some(0) {
            return Err(SolveError::Input(
                "table look-ups: at least one per table".into(),
            ));
        }
        Ok(Solver {
            solving: PuzzleSolving::of(puzzle.name()),
            puzzle: puzzle.clone(),
            moves,
            metric,
            options,
            tables: Tables::default(),
            group: std::sync::OnceLock::new(),
        })
    }

    /// The puzzle's group, built once per solver and shared with its piece
    /// stages: its stabiliser chain and its factorisation tables (seconds to
    /// build on the Megaminx) are kept from one position to the next, and
    /// built once when the stages' race and [`Solver::solve`]'s factorisation
    /// both need them.
    pub fn group(&self) -> &Arc<PermGroup> {
        self.group.get_or_init(|| Arc::new(self.puzzle.group()))
    }

    /// The group's factorisation tables (Minkwitz's, [`PermGroup::factor`]),
    /// read from the table cache when kept there, else built and kept; `None`
    /// when the group cannot be tabulated.
    pub fn factor_tables(&self) -> Option<&FactorTables> {
        self.options.cache.factor_tables(self.group(), &|_| {})
    }

    /// The moves of the searches (`None` for a puzzle of more than
    /// [`crate::limits::MAX_BYTE_STATE_POINTS`] points: only the factorisation
    /// applies).
    pub fn moves(&self) -> Option<&MoveSet> {
        self.moves.as_ref()
    }

    /// The seconds a near-optimal solve of this puzzle takes by default where
    /// `data/solvers.tsv` states more than the usual limit (the Megaminx's piece
    /// stages), else `None`.
    pub fn default_time_limit(&self) -> Option<f64> {
        self.solving.time_limit
    }

    /// The metric of the search.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The names of the moves of the search (the metric's moves: for the
    /// factorisation beyond 255 points, the puzzle's generators).
    pub fn move_names(&self) -> Vec<String> {
        match &self.moves {
            Some(m) => m.moves().iter().map(|m| m.name.clone()).collect(),
            None => self.puzzle.generator_names(),
        }
    }

    /// Where the pruning tables of IDA* and the piece stages are kept: the given
    /// directory, else the cache's.
    fn tables_dir(&self) -> Option<PathBuf> {
        self.options
            .tables_dir
            .clone()
            .or_else(|| self.options.cache.tables_dir())
    }

    /// The moves of the searches, for the methods that need them.
    fn searched(&self) -> &MoveSet {
        self.moves
            .as_ref()
            .expect("checked: the puzzle has at most MAX_BYTE_STATE_POINTS points")
    }

    /// Solves the position given as labels at positions (1..n in text, 0-based
    /// here: `cells[i]` is the label at position `i`).
    pub fn solve_cells(
        &mut self,
        cells: &[u32],
        budget: &SearchBudget,
    ) -> Result<Solution, SolveError> {
        let g = Perm::from_state(cells).map_err(|e| SolveError::Input(format!("state: {e}")))?;
        self.solve(&g, budget)
    }

    /// Solves the position `g` (the permutation taking the solved state to it)
    /// within `budget`: see the module docs for the methods. The answer is
    /// replayed on `g`.
    pub fn solve(&mut self, g: &Perm, budget: &SearchBudget) -> Result<Solution, SolveError> {
        let started = Instant::now();
        let degree = self.puzzle.degree();
        if g.degree() > degree {
            return Err(SolveError::Input(format!(
                "a position of {} points for a puzzle of {degree}",
                g.degree()
            )));
        }
        if !self.group().contains(g) {
            return Err(SolveError::NotReachable);
        }
        let mut sol = match self.moves {
            Some(_) => self.solve_unchecked(g, budget, started)?,
            None => self.factorisation(g)?,
        };
        sol.stats.seconds = started.elapsed().as_secs_f64();
        if !(g * &self.puzzle.eval(&sol.word)).is_identity() {
            return Err(SolveError::Input(format!(
                "internal error: the solution {} does not solve the position",
                sol.moves.join(" ")
            )));
        }
        Ok(sol)
    }

    /// The answer of a move sequence (indices of the move set).
    fn answer(&self, path: &[usize], optimal: bool, method: Method) -> Solution {
        let moves = self.searched().moves();
        let names: Vec<String> = path.iter().map(|&m| moves[m].name.clone()).collect();
        let length = path.iter().map(|&m| moves[m].cost).sum();
        self.named_answer(names, length, optimal, method)
    }

    /// The answer of moves given by name, of `length` in the metric.
    fn named_answer(
        &self,
        names: Vec<String>,
        length: u32,
        optimal: bool,
        method: Method,
    ) -> Solution {
        let word = self
            .puzzle
            .parse_word(&names.join(" "))
            .expect("the names of the moves parse as words of the puzzle");
        Solution {
            word,
            moves: names,
            length,
            metric: self.metric,
            optimal,
            method,
            stats: SolveStats::default(),
        }
    }

    fn solve_unchecked(
        &mut self,
        g: &Perm,
        budget: &SearchBudget,
        started: Instant,
    ) -> Result<Solution, SolveError> {
        let degree = self.puzzle.degree();
        let start = state_of(g, degree);
        // 1. a complete table where one fits
        if self.complete_table(budget)? {
            let (space, table) = self
                .tables
                .complete
                .as_ref()
                .and_then(|c| c.as_ref())
                .expect("built");
            let path = solve_with_table(space, table, &start)
                .map_err(|e| SolveError::Search(IdaError::Solve(e)))?;
            let mut sol = self.answer(&path, true, Method::DistanceTable);
            sol.stats.setup_seconds = started.elapsed().as_secs_f64();
            return Ok(sol);
        }
        let closed = self.searched().closed_under_inverses();
        // 2. optimal: IDA*
        if self.options.optimal {
            if !closed {
                return Err(SolveError::Input(format!(
                    "an optimal search of {} needs a complete table (its moves are not closed \
                     under inverses, so IDA*'s tables cannot be used) and the table does not fit",
                    crate::limits::clip(self.puzzle.name())
                )));
            }
            return match self.ida(&start, budget, started)? {
                Ok(sol) => Ok(sol),
                Err(why) => Err(SolveError::OutOfTime(why)),
            };
        }
        // 3. the two-phase method
        let subgroup = self
            .options
            .subgroup
            .clone()
            .or_else(|| self.solving.subgroup.clone());
        if let (Some(sub), true) = (subgroup, closed) {
            let given = self.options.subgroup.is_some();
            match self.two_phase(g, &sub, budget, started) {
                Ok(Some(sol)) => return Ok(sol),
                Ok(None) if given => {
                    return Err(SolveError::OutOfTime(format!(
                        "no two-phase solution found within the time limit ({:.1} s)",
                        started.elapsed().as_secs_f64()
                    )))
                }
                Err(e) if given => return Err(e),
                Err(SolveError::Interrupted) => return Err(SolveError::Interrupted),
                _ => {} // the data's subgroup did not answer: the other methods
            }
        }
        // 4. piece stages racing the factorisation, then IDA* until the deadline
        let fallback = self.staged_or_factor(g, &start, budget)?;
        if closed && budget.deadline.is_some() && !budget.expired() {
            match self.ida(&start, budget, started)? {
                Ok(sol) if sol.length <= fallback.length => return Ok(sol),
                Ok(_) => return Ok(fallback),
                Err(why) => {
                    let mut f = fallback;
                    f.stats.fallback = Some(format!("optimal search out of time: {why}"));
                    return Ok(f);
                }
            }
        }
        Ok(fallback)
    }

    /// Builds the complete table when the puzzle's positions fit (once); whether
    /// there is one.
    fn complete_table(&mut self, budget: &SearchBudget) -> Result<bool, SolveError> {
        if self.tables.complete.is_none() {
            let space = GroupSpace::new(
                self.puzzle.name(),
                self.puzzle.degree(),
                self.move_names(),
                self.searched().perms(),
            )
            .ok()
            .filter(|s| {
                s.size() <= self.options.table_limit && budget.check_table(s.size(), 0).is_ok()
            });
            let built = match space {
                None => None,
                Some(space) => {
                    budget.progress.note(&format!(
                        "complete distance table: {} positions",
                        space.size()
                    ));
                    // the deadline bounds the other methods only, when asked
                    let table_budget = SearchBudget {
                        deadline: budget
                            .deadline
                            .filter(|_| !self.options.table_ignores_deadline),
                        ..*budget
                    };
                    match self.distance_table(&space, &table_budget) {
                        Ok(table) => Some((space, table)),
                        Err(IdaError::Search(SearchError::OutOfTime { .. })) => {
                            // out of time: the other methods answer; try again next time
                            return Ok(false);
                        }
                        Err(e) => return Err(e.into()),
                    }
                }
            };
            self.tables.complete = Some(built);
        }
        Ok(matches!(self.tables.complete, Some(Some(_))))
    }

    /// The complete distance table of `space`: from the table cache when there is one
    /// (loaded, or computed and saved there, [`cached_table`], which replaces a
    /// damaged file; a cache directory that cannot be used is noted and the table
    /// computed without it), else computed.
    fn distance_table(
        &self,
        space: &GroupSpace,
        budget: &SearchBudget,
    ) -> Result<DistanceTable, IdaError> {
        if let Some(dir) = self.tables_dir() {
            match cached_table(space, &dir, budget) {
                Ok(table) => return Ok(table),
                Err(e @ IdaError::Search(_)) => return Err(e),
                Err(e) => budget
                    .progress
                    .note(&format!("table cache: {e}; computing the table without it")),
            }
        }
        let opts = BfsOptions {
            antipode_sample: 0,
            strategy: None,
        };
        Ok(search_space(space, &opts, budget)?.0)
    }

    /// IDA* with pruning tables (built once): `Ok(Err(why))` when out of time.
    fn ida(
        &mut self,
        start: &[u8],
        budget: &SearchBudget,
        started: Instant,
    ) -> Result<Result<Solution, String>, SolveError> {
        if self.tables.heuristic.is_none() {
            let (kinds, look_ups, bytes, tier) = self.pruning_plan(budget)?;
            budget.progress.note(&format!(
                "pruning tables: {} projections, {bytes} bytes{}{}",
                kinds.len(),
                match &tier {
                    Some(t) => format!(" (the coset table of {t} and the whole groups')"),
                    None => String::new(),
                },
                match self.tables_dir() {
                    Some(d) => format!(", kept in {}", d.display()),
                    None => String::new(),
                }
            ));
            let built = optimal_heuristic(
                self.searched(),
                kinds,
                look_ups,
                budget,
                self.tables_dir().as_deref(),
            );
            let (h, setup) = match built {
                Ok(b) => b,
                Err(IdaError::Search(SearchError::OutOfTime { .. })) => {
                    return Ok(Err("the pruning tables were not finished".into()))
                }
                Err(IdaError::Search(SearchError::Interrupted { .. })) => {
                    return Err(SolveError::Interrupted)
                }
                Err(e) => return Err(e.into()),
            };
            budget.progress.note(&format!(
                "{} symmetries of the moves{}; {} table look-ups per position",
                setup.symmetries,
                if setup.symmetries_complete {
                    ""
                } else {
                    " found (search stopped early)"
                },
                setup.look_ups
            ));
            self.tables.heuristic = Some(h);
            self.options.cache.trim();
        }
        let setup = started.elapsed().as_secs_f64();
        let (outcome, nodes) = self.ida_search(start, budget)?;
        if budget.stopped() {
            return Err(SolveError::Interrupted);
        }
        let h = self.tables.heuristic.as_ref().expect("built");
        let method = Method::Ida {
            tables: h.look_ups() > 0,
        };
        match outcome {
            Outcome::Solved(p) => {
                let mut sol = self.answer(&p, true, method);
                sol.stats.setup_seconds = setup;
                sol.stats.nodes = nodes;
                Ok(Ok(sol))
            }
            Outcome::OutOfTime(b) => Ok(Err(format!(
                "IDA* showed no solution has fewer than {b} moves"
            ))),
            Outcome::NoneWithin(b) => Err(SolveError::OutOfTime(format!(
                "no solution within {b} moves"
            ))),
        }
    }

    /// IDA* from `start` on the tables built: its outcome and nodes. Tables read
    /// in place from mapped files start at once but are looked up more slowly:
    /// a search still running after [`MAPPED_SEARCH_SECONDS`] copies them into
    /// memory and goes on from the bound it reached.
    fn ida_search(
        &mut self,
        start: &[u8],
        budget: &SearchBudget,
    ) -> Result<(Outcome, u64), SolveError> {
        let moves = self.moves.as_ref().expect("IDA* runs on a move set");
        let h = self.tables.heuristic.as_ref().expect("built");
        if !h.is_mapped_from_file() {
            let mut ida = Ida::new(moves, h);
            let outcome = ida.solve(start, u32::MAX - 1, budget)?;
            return Ok((outcome, ida.nodes));
        }
        let first =
            budget.with_deadline(Instant::now() + Duration::from_secs_f64(MAPPED_SEARCH_SECONDS));
        let mut ida = Ida::new(moves, h);
        let outcome = ida.solve(start, u32::MAX - 1, &first)?;
        let nodes = ida.nodes;
        let Outcome::OutOfTime(reached) = outcome else {
            return Ok((outcome, nodes));
        };
        if budget.expired() {
            return Ok((outcome, nodes));
        }
        budget
            .progress
            .note("copying the pruning tables into memory (faster look-ups for a long search)");
        let h = self.tables.heuristic.as_mut().expect("built");
        h.copy_into_memory();
        let h = self.tables.heuristic.as_ref().expect("built");
        let mut ida = Ida::new(moves, h).with_first_bound(reached);
        let outcome = ida.solve(start, u32::MAX - 1, budget)?;
        Ok((outcome, nodes + ida.nodes))
    }

    /// The pruning tables of IDA*, their look-ups per position, their bytes and
    /// the tier's coset table when one is used: with `optimal` and no coset table
    /// given, the largest of the puzzle's tiers ([`OptimalTier`]) whose tables fit
    /// in the budget's memory bound and can be kept in a directory (the cache or
    /// the one given: they take minutes to build once); else the tables of the
    /// options.
    fn pruning_plan(
        &self,
        budget: &SearchBudget,
    ) -> Result<(Vec<ProjectionKind>, usize, u64, Option<String>), SolveError> {
        let p = &self.options.pruning;
        let dir = self.tables_dir();
        if self.options.optimal && p.coset_tables.is_empty() && dir.is_some() {
            for tier in self.solving.optimal_tiers(self.metric).rev() {
                let with_tier = PruningOptions {
                    coset_tables: vec![tier.coset_table.clone()],
                    ..p.clone()
                };
                let kinds = pruning_kinds(&self.puzzle, self.searched(), &with_tier)?;
                let mut least = 0u64;
                for k in &kinds {
                    least += table_bytes(projection_size_at_least(self.searched(), k)?);
                }
                if budget.check_bytes(least).is_err() {
                    continue;
                }
                let bytes = Heuristic::planned_bytes(self.searched(), &kinds, dir.as_deref())?;
                if budget.check_bytes(bytes).is_ok() {
                    let look_ups = p.look_ups.unwrap_or(tier.look_ups);
                    return Ok((kinds, look_ups, bytes, Some(tier.coset_table.clone())));
                }
            }
        }
        let kinds = pruning_kinds(&self.puzzle, self.searched(), p)?;
        let bytes = Heuristic::planned_bytes(self.searched(), &kinds, dir.as_deref())?;
        Ok((kinds, p.look_ups.unwrap_or(DEFAULT_LOOK_UPS), bytes, None))
    }

    /// The two-phase method through `subgroup` (its tables built once); `None`
    /// when nothing was found within the budget.
    fn two_phase(
        &mut self,
        g: &Perm,
        subgroup: &str,
        budget: &SearchBudget,
        started: Instant,
    ) -> Result<Option<Solution>, SolveError> {
        if self.tables.two_phase.is_none() {
            let h = self
                .puzzle
                .parse_subgroup(subgroup)
                .map_err(|e| SolveError::Input(e.to_string()))?;
            let t = Instant::now();
            let tp = TwoPhase::with_cache(self.searched(), &h, budget, &self.options.cache)?;
            budget.progress.note(&format!(
                "two-phase tables through {subgroup}: {} bytes, built or loaded in {:.2} s",
                tp.bytes(),
                t.elapsed().as_secs_f64()
            ));
            self.tables.two_phase = Some(Arc::new(tp));
        }
        let setup = started.elapsed().as_secs_f64();
        let tp = Arc::clone(self.tables.two_phase.as_ref().expect("built"));
        let target = self
            .options
            .target
            .or_else(|| self.solving.target(self.metric));
        let found = tp.solve(g, target, budget)?;
        if budget.stopped() {
            return Err(SolveError::Interrupted);
        }
        Ok(found.map(|s| {
            // with a target, phase 2 is searched only within it: the totals
            // between the target and the answer are not all excluded
            let exhausted = !budget.expired() && target.is_none();
            let mut sol = self.answer(
                &s.moves,
                false,
                Method::TwoPhase {
                    subgroup: subgroup.to_string(),
                    exhausted,
                },
            );
            sol.stats.setup_seconds = setup;
            sol.stats.nodes = s.nodes;
            sol
        }))
    }

    /// The piece stages (tables built once), racing the factorisation through the
    /// stabiliser chain on another core; the shorter answer. Without piece stages
    /// (they do not apply or their tables do not fit), the factorisation.
    fn staged_or_factor(
        &mut self,
        g: &Perm,
        start: &[u8],
        budget: &SearchBudget,
    ) -> Result<Solution, SolveError> {
        if self.tables.staged.is_none() {
            self.tables.staged = Some(self.build_stages(budget)?.map(Arc::new));
        }
        let Some(stages) = self.tables.staged.clone().flatten() else {
            return self.factorisation(g);
        };
        let deadline = budget.deadline;
        let (tx, rx) = std::sync::mpsc::channel();
        {
            let (stages, g) = (Arc::clone(&stages), g.clone());
            std::thread::spawn(move || {
                let _ = tx.send(stages.factor(&g));
            });
        }
        let staged = self.staged_solve(&stages, start, budget)?;
        let letters = match (&staged, deadline) {
            (Some(_), Some(d)) => rx
                .recv_timeout(d.saturating_duration_since(Instant::now()))
                .ok()
                .flatten(),
            (Some(_), None) => rx.recv().ok().flatten(),
            (None, _) => Some(
                rx.recv()
                    .map_err(|_| {
                        SolveError::Input("internal error: the factorisation panicked".into())
                    })?
                    .ok_or(SolveError::NotReachable)?,
            ),
        };
        let factored = letters.map(|letters| {
            let names = letters
                .iter()
                .map(|&(f, e)| self.searched().power_name(f, e))
                .collect();
            self.named_answer(names, stages.cost(&letters), false, Method::Factorisation)
        });
        Ok(match (staged, factored) {
            (Some(s), Some(f)) if f.length < s.length => f,
            (Some(s), _) => s,
            (None, Some(f)) => f,
            (None, None) => unreachable!("the factorisation answers when the stages do not"),
        })
    }

    /// The piece-stage solver, or `None` (with a note) when its tables do not fit
    /// or are not built in time.
    fn build_stages(&self, budget: &SearchBudget) -> Result<Option<PieceStages>, SolveError> {
        if !self.searched().closed_under_inverses() {
            return Ok(None);
        }
        let started = Instant::now();
        let opts = &self.options.stages;
        let plan = match super::piece_stages::Plan::new(self.searched(), opts) {
            Ok(p) => p,
            Err(e) => {
                budget
                    .progress
                    .note(&format!("piece stages: not used: {e}"));
                return Ok(None);
            }
        };
        budget.progress.note(&format!(
            "piece stages: {} pieces in {} stages, last face {}; {} pruning tables, {} bytes",
            plan.order.len(),
            plan.stages.len(),
            self.searched().power_name(plan.last_family, 1),
            plan.tables.len(),
            plan.bytes()
        ));
        let cache = match &self.options.tables_dir {
            Some(dir) => TableCache::at(dir.clone()),
            None => self.options.cache.clone(),
        };
        let built = PieceStages::build(self.searched(), opts, budget, &cache)
            .map(|s| s.with_group(Arc::clone(self.group())));
        match built {
            Ok(s) => {
                budget.progress.note(&format!(
                    "piece stages: tables built in {:.1} s",
                    started.elapsed().as_secs_f64()
                ));
                self.options.cache.trim();
                Ok(Some(s))
            }
            Err(IdaError::Search(SearchError::Interrupted { .. })) => Err(SolveError::Interrupted),
            Err(IdaError::Search(SearchError::OutOfTime { .. })) => {
                budget
                    .progress
                    .note("piece stages: out of time building the tables");
                Ok(None)
            }
            Err(IdaError::Memory(e)) => {
                budget
                    .progress
                    .note(&format!("piece stages: not used, the pruning tables: {e}"));
                Ok(None)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// The piece-stage solver on `start` until the deadline (each stage at most a
    /// tenth of the time; a stage out of time factorises the rest), or `None` when
    /// out of time.
    fn staged_solve(
        &self,
        solver: &PieceStages,
        start: &[u8],
        budget: &SearchBudget,
    ) -> Result<Option<Solution>, SolveError> {
        let started = Instant::now();
        let plan = solver.plan();
        let moves = solver.moves();
        let stages = plan.stages.len();
        let progress = |k: usize, r: &StageReport| {
            budget.progress.note(&format!(
                "  stage {}/{stages}: {} pieces, {} moves, {} nodes, {:.2} s{}",
                k + 1,
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
            budget: *budget,
            stage_time: budget
                .remaining()
                .map(|r| r / 10)
                .or(Some(Duration::from_secs(10))),
            factorise: true,
            progress: Some(&progress),
        };
        let sol = match solver.solve(start, limits) {
            Ok(Some(sol)) => sol,
            Ok(None) => return Ok(None),
            Err(_) if budget.stopped() => return Err(SolveError::Interrupted),
            Err(e) => return Err(e.into()),
        };
        let fallback: u32 = sol
            .stages
            .iter()
            .filter(|s| s.fallback)
            .map(|s| s.cost)
            .sum();
        budget.progress.note(&format!(
            "piece stages: {} moves in {:.1} s ({fallback} of them by factorisation)",
            sol.cost,
            started.elapsed().as_secs_f64(),
        ));
        let by_macros: u32 = sol.stages.iter().filter(|s| s.macros).map(|s| s.cost).sum();
        let phases: Vec<&StageReport> = sol.stages.iter().filter(|s| s.phase).collect();
        let phase_pieces: usize = phases.iter().map(|s| s.pieces.len()).sum();
        let detail = format!(
            "{} of IDA* with pruning tables, last face {}{}{}",
            if phases.is_empty() {
                format!("{stages} stages")
            } else {
                format!(
                    "{} phases through subgroups of the moves placing {phase_pieces} pieces, then stages",
                    phases.len()
                )
            },
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
        Ok(Some(self.named_answer(
            sol.names,
            sol.cost,
            false,
            Method::PieceStages { detail },
        )))
    }

    /// The factorisation of `g⁻¹` over the puzzle's own generators, its length in
    /// the metric.
    fn factorisation(&self, g: &Perm) -> Result<Solution, SolveError> {
        let names = self.puzzle.generator_names();
        self.factor_tables();
        let word = self
            .group()
            .factor_word(&g.inverse(), &names)
            .ok_or(SolveError::NotReachable)?;
        let orders = self.puzzle.move_orders();
        let mut text = Vec::new();
        let mut length = 0u32;
        for (gen, k) in word.letters() {
            let n = orders[gen] as i64;
            let r = k.rem_euclid(n);
            match self.metric {
                Metric::Htm => {
                    text.push(Word::from_letters(word.names().clone(), &[(gen, k)]).to_string());
                    length += 1;
                }
                Metric::Qtm => {
                    text.push(Word::from_letters(word.names().clone(), &[(gen, k)]).to_string());
                    length += r.min(n - r) as u32;
                }
                // only the listed moves: the generator `r` times
                Metric::Generators => {
                    for _ in 0..r {
                        text.push(names[gen].clone());
                    }
                    length += r as u32;
                }
            }
        }
        Ok(Solution {
            word,
            moves: text,
            length,
            metric: self.metric,
            optimal: false,
            method: Method::Factorisation,
            stats: SolveStats::default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `data/solvers.tsv` names a built-in puzzle, and each of
    /// its fields parses (a field that does not would silently be dropped).
    #[test]
    fn every_line_of_the_solving_data_parses() {
        let text = include_str!("../../data/solvers.tsv");
        let mut lines = 0;
        for line in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let f: Vec<&str> = line.split('\t').collect();
            assert!((3..=4).contains(&f.len()), "{line}");
            let p = Puzzle::builtin(f[0]).unwrap();
            let s = PuzzleSolving::of(f[0]);
            assert_eq!(s.subgroup.is_some(), f[1] != "-", "{line}");
            if let Some(sub) = &s.subgroup {
                p.parse_subgroup(sub).unwrap();
            }
            let stated = f[2].split_whitespace().filter(|t| *t != "-").count();
            assert_eq!(s.targets.len(), stated, "{line}");
            assert_eq!(
                s.time_limit.is_some(),
                f.len() == 4 && f[3] != "-",
                "{line}"
            );
            lines += 1;
        }
        assert!(lines >= 2);
        assert_eq!(PuzzleSolving::of("megaminx").time_limit, Some(30.0));
        assert_eq!(PuzzleSolving::of("cube3").time_limit, None);
        assert_eq!(PuzzleSolving::of("cube3").target(Metric::Htm), Some(20));
        // every tier of optimal solving: a subgroup of its puzzle, some look-ups
        let text = include_str!("../../data/optimal-tables.tsv");
        let mut tiers = 0;
        for line in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 4, "{line}");
            let p = Puzzle::builtin(f[0]).unwrap();
            let s = PuzzleSolving::of(f[0]);
            assert!(s.optimal_tiers.iter().all(|t| t.look_ups >= 1), "{line}");
            for t in &s.optimal_tiers {
                let sub = p.parse_subgroup(&t.coset_table).unwrap();
                assert!(sub.len() >= 2, "{line}");
            }
            tiers += 1;
        }
        assert!(tiers >= 1);
        let cube = PuzzleSolving::of("cube3");
        assert_eq!(cube.optimal_tiers(Metric::Htm).count(), 1);
        assert_eq!(cube.optimal_tiers(Metric::Qtm).count(), 0);
    }

    /// Optimal solving takes the largest tier of pruning tables that fits in the
    /// memory bound and can be kept: cube3's coset table (855,217,608 bytes with
    /// the whole groups' tables) with 2 GB and a directory, the automatic tables
    /// with 500 MB (refused before any table is built), without a directory, or
    /// when near-optimal. Nothing is searched: only the plan is made (the tier's
    /// class tables are computed and kept in the directory).
    #[test]
    fn the_largest_tier_of_tables_that_fits_and_can_be_kept_is_planned() {
        let cube = Puzzle::builtin("cube3").unwrap();
        let dir = std::env::temp_dir().join(format!("permlab-tiers-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let plan = |optimal: bool, cache: TableCache, memory: u64| {
            let solver = Solver::new(
                &cube,
                SolveOptions {
                    optimal,
                    cache,
                    ..SolveOptions::default()
                },
            )
            .unwrap();
            let budget = SearchBudget::unlimited().with_max_memory(Some(memory));
            let (kinds, look_ups, bytes, tier) = solver.pruning_plan(&budget).unwrap();
            (kinds.len(), look_ups, bytes, tier)
        };
        let tier = PuzzleSolving::of("cube3").optimal_tiers[0].clone();
        let (tables, look_ups, bytes, chosen) = plan(true, TableCache::at(dir.clone()), 2 << 30);
        assert_eq!(chosen, Some(tier.coset_table));
        assert_eq!((tables, look_ups, bytes), (2, tier.look_ups, 855_217_608));
        let automatic = (3, DEFAULT_LOOK_UPS, 43_333_920, None);
        assert_eq!(
            plan(true, TableCache::at(dir.clone()), 500 << 20),
            automatic
        );
        assert_eq!(plan(true, TableCache::none(), 2 << 30), automatic);
        assert_eq!(plan(false, TableCache::at(dir.clone()), 2 << 30), automatic);
        std::fs::remove_dir_all(&dir).ok();
    }

    /// With `table_ignores_deadline`, the complete table is built past the
    /// deadline and answers (optimally: its length is the table's distance,
    /// checked by a second solver given all the time); the deadline bounds the
    /// other methods only.
    #[test]
    fn a_complete_table_is_built_past_the_deadline_when_asked() {
        let cube = Puzzle::builtin("cube2").unwrap();
        let options = || SolveOptions {
            cache: TableCache::none(),
            table_ignores_deadline: true,
            ..SolveOptions::default()
        };
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(3);
        let g = cube.group().random_element(&mut rng);
        let mut hurried = Solver::new(&cube, options()).unwrap();
        // a deadline that has passed before the table is begun
        let budget = SearchBudget::unlimited().with_time_limit(1e-6).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let sol = hurried.solve(&g, &budget).unwrap();
        assert!(sol.optimal, "{}", sol.method);
        let mut patient = Solver::new(&cube, options()).unwrap();
        let best = patient.solve(&g, &SearchBudget::unlimited()).unwrap();
        assert!(best.optimal);
        assert_eq!(sol.length, best.length);
    }
}
