//! Which state space a search command works in (`SpaceArgs`: the puzzle, its moves
//! and metric, tracked pieces, identical pieces, a ring up to rotation), and the
//! budget and options of a command's search in it.

use super::args::parse_points;
use super::output::errln;
use super::progress::{stop_flag, Bar};
use super::CliError;
use clap::{Args, ValueEnum};
use permlab::group::PermGroup;
use permlab::puzzle::Metric;
use permlab::search::any_space::AnySpace;
use permlab::search::bfs::{search_space, BfsOptions, BfsResult};
use permlab::search::budget::SearchBudget;
use permlab::search::space::{
    metric_moves, GroupSpace, PiecesSpace, RingSpace, StateSpace, TokensSpace,
};
use permlab::search::table::DistanceTable;
use permlab::{Perm, Puzzle};

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
    /// Memory bound for the tables, e.g. 500M, 2G (default: the available memory; `solve`
    /// without `--optimal`: 1 GB).
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

/// Runs a search with the memory check first.
pub(super) fn run_bfs<S: StateSpace>(
    space: &S,
    opts: &BfsOptions,
    budget: &SearchBudget,
) -> Result<(DistanceTable, BfsResult), CliError> {
    Ok(search_space(space, opts, budget)?)
}

/// The budget of a command's search: its memory bound, Ctrl-C, and its progress bar.
pub(super) fn command_budget(bar: &Bar, max_memory: Option<u64>) -> SearchBudget<'_> {
    SearchBudget::unlimited()
        .with_max_memory(max_memory)
        .with_stop(stop_flag())
        .with_progress(bar)
}

/// The search options of a command: the number of hardest positions to keep.
pub(super) fn search_options(antipode_sample: usize) -> BfsOptions {
    BfsOptions {
        antipode_sample,
        strategy: None,
    }
}
