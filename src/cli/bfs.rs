//! `permlab bfs`: a breadth-first search of every position of a state space, and
//! its report.

use super::args::parse_points;
use super::output::{outln, OutputError};
use super::progress::{stop_flag, Bar};
use super::space::{cells_one_based, cells_text, describe_indexing, space_moves, SpaceArgs};
use super::{print_json, CliError, CliResult};
use clap::{Args, ValueEnum};
use permlab::puzzle::{format_state, Metric};
use permlab::search::any_space::AnySpace;
use permlab::search::bfs::{search_space, search_space_on_disk, BfsOptions, BfsResult, Strategy};
use permlab::search::distributed::Partition;
use permlab::search::solve::{home_distribution, HomeReport};
use permlab::search::space::StateSpace;
use permlab::search::table::{peak_memory, table_bytes, DistanceTable};
use permlab::{with_space, Puzzle};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Clone, Copy, ValueEnum)]
pub enum StrategyArg {
    Forward,
    Backward,
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

fn print_distribution(distribution: &[u64]) -> Result<(), OutputError> {
    outln!("distance  positions");
    for (d, c) in distribution.iter().enumerate() {
        outln!("{d:>8}  {c}");
    }
    Ok(())
}

/// What `bfs` prints: the search's result with what it was a search of.
pub(super) struct BfsReport<'a, S> {
    pub puzzle: &'a Puzzle,
    pub metric: Metric,
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
                metric.moves_line(&space_moves(s))
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

/// The options of `bfs`.
#[derive(Args)]
pub struct BfsArgs {
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
}

impl BfsArgs {
    pub(super) fn run(self, json: bool) -> CliResult {
        let BfsArgs {
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
        } = self;
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
            return Err(
                "--home needs a search of whole positions (not --track or identical pieces)".into(),
            );
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
}
