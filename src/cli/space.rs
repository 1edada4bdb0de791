//! Which state space a search command works in (`SpaceArgs`: the puzzle, its moves
//! and metric, tracked pieces, identical pieces, a ring up to rotation), and
//! solving in such a space (`solve --track`, `--up-to-rotation`, identical pieces,
//! a saved `--table`).

use super::args::parse_points;
use super::bfs::{run_bfs, search_options};
use super::output::errln;
use super::progress::Bar;
use super::solve::Printed;
use super::CliError;
use super::CliResult;
use clap::{Args, ValueEnum};
use permlab::group::PermGroup;
use permlab::puzzle::Metric;
use permlab::search::any_space::AnySpace;
use permlab::search::budget::MEMORY_RESERVE;
use permlab::search::solve::{bidirectional, solve_with_table};
use permlab::search::space::{
    metric_moves, GroupSpace, PiecesSpace, RingSpace, StateSpace, TokensSpace,
};
use permlab::search::table::{check_memory, DistanceTable};
use permlab::{with_space, Perm, Puzzle};
use std::path::Path;
use std::process::ExitCode;

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MetricArg {
    Htm,
    Qtm,
    Generators,
}

impl MetricArg {
    fn metric(self) -> Metric {
        match self {
            MetricArg::Htm => Metric::Htm,
            MetricArg::Qtm => Metric::Qtm,
            MetricArg::Generators => Metric::Generators,
        }
    }
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

/// Parses a `--max-memory` value (`500M`, `2G`, `1.5G`, `100000`) into bytes.
pub fn parse_bytes(text: &str) -> Result<u64, CliError> {
    permlab::search::cache::parse_bytes(text)
        .ok_or_else(|| format!("--max-memory {text:?}: expected a size such as 500M or 2G").into())
}

impl SpaceArgs {
    pub(super) fn max_memory(&self) -> Result<Option<u64>, CliError> {
        self.max_memory.as_deref().map(parse_bytes).transpose()
    }

    /// The metric of the search: --metric, else qtm with --inverses, else the
    /// generators with --up-to-rotation, else the puzzle's own.
    pub fn metric(&self) -> Metric {
        match self.metric {
            Some(m) => m.metric(),
            None if self.inverses => Metric::Qtm,
            None if self.up_to_rotation => Metric::Generators,
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
            if self.metric() != Metric::Generators {
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
pub(super) fn space_moves<S: StateSpace>(s: &S) -> Vec<String> {
    (0..s.move_count())
        .map(|m| s.move_name(m).to_string())
        .collect()
}

pub(super) fn describe_indexing(space: &AnySpace) -> String {
    match space {
        AnySpace::Group(g) => g.describe_indexing(),
        AnySpace::Ring(r) => r.group_space().describe_indexing(),
        AnySpace::Pieces(_) => "arrangement ranks of the tracked pieces".into(),
        AnySpace::Tokens(_) => "arrangement ranks of the classes of identical pieces".into(),
        _ => "the space's own index".into(),
    }
}

pub(super) fn cells_one_based(cells: &[u32]) -> Vec<u32> {
    cells
        .iter()
        .map(|&c| if c == u32::MAX { 0 } else { c + 1 })
        .collect()
}

pub(super) fn cells_text(cells: &[u32]) -> String {
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
            let opts = search_options(&bar, 0);
            let (table, _) = run_bfs(s, max_memory, &opts)?;
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
