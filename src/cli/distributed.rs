//! `permlab bfs --mpi`: the distributed search (library: `search::distributed`) over
//! the MPI ranks the process was started with; rank 0 prints what `bfs` prints.

use super::CliResult;
use permlab::puzzle::Metric;
use permlab::search::space::StateSpace;
use permlab::Puzzle;
use std::path::PathBuf;

/// The options of a distributed search.
pub(super) struct Distributed {
    pub checkpoint: Option<PathBuf>,
    pub resume: bool,
    pub stop_after: Option<usize>,
}

impl Distributed {
    /// Runs the search on this rank; rank 0 prints the report, the other ranks
    /// print nothing (and exit 2 where rank 0 reports an error).
    #[cfg(feature = "mpi")]
    #[allow(clippy::too_many_arguments)]
    pub fn run<S: StateSpace>(
        self,
        puzzle: &Puzzle,
        metric: Metric,
        space: &S,
        indexing: String,
        antipodes: usize,
        max_memory: Option<u64>,
        quiet: bool,
        json: bool,
    ) -> CliResult {
        use super::progress::{stop_flag, Bar};
        use super::search::BfsReport;
        use permlab::search::distributed::{distributed_bfs, DistributedOptions, Ranks};
        use permlab::search::mpi_ranks::MpiRanks;
        use std::process::ExitCode;

        if let Some(dir) = &self.checkpoint {
            if !dir.is_dir() {
                return Err(format!("--checkpoint {}: not a directory", dir.display()).into());
            }
        }
        let ranks = MpiRanks::init().ok_or("MPI was initialised twice")?;
        let root = ranks.rank() == 0;
        let bar = Bar::search(root && !quiet && !json);
        let opts = DistributedOptions {
            progress: &bar,
            antipode_sample: antipodes,
            checkpoint: self.checkpoint.clone(),
            resume: self.resume,
            stop_after: self.stop_after,
            max_memory,
        };
        let outcome = distributed_bfs(space, &ranks, &opts, stop_flag());
        if !root {
            let failed = outcome.is_err() || outcome.as_ref().is_ok_and(|r| r.interrupted);
            return Ok(ExitCode::from(if failed { 2 } else { 0 }));
        }
        let r = outcome?;
        if r.interrupted {
            let depth = r.distribution.len() - 1;
            let how = match self.stop_after {
                Some(k) if !permlab_stopped() => format!("stopped as asked (--stop-after {k})"),
                _ => "interrupted (Ctrl-C)".to_string(),
            };
            let resume = match &self.checkpoint {
                Some(dir) => format!(
                    "; layers 0..={depth} are checkpointed in {}: run again with --resume",
                    dir.display()
                ),
                None => " (no --checkpoint: nothing kept)".into(),
            };
            return Err(format!(
                "{how} after depth {depth} with {} of {} positions seen{resume}",
                r.states,
                space.size()
            )
            .into());
        }
        BfsReport {
            puzzle,
            metric,
            space,
            indexing,
            result: &r.result,
            on_disk: false,
            ranks: Some(ranks.size()),
            home: None,
            home_report: None,
        }
        .print(json)?;
        Ok(ExitCode::SUCCESS)
    }

    /// Without the `mpi` feature: an error saying how to build with it.
    #[cfg(not(feature = "mpi"))]
    #[allow(clippy::too_many_arguments)]
    pub fn run<S: StateSpace>(
        self,
        _puzzle: &Puzzle,
        _metric: Metric,
        _space: &S,
        _indexing: String,
        _antipodes: usize,
        _max_memory: Option<u64>,
        _quiet: bool,
        _json: bool,
    ) -> CliResult {
        let _ = (self.checkpoint, self.resume, self.stop_after);
        Err("--mpi: this permlab was built without MPI; build it with `cargo build --release --features mpi` (needs Debian's libopenmpi-dev and libclang-dev)".into())
    }
}

/// Whether Ctrl-C was pressed (the stop flag), as opposed to --stop-after.
#[cfg(feature = "mpi")]
fn permlab_stopped() -> bool {
    super::progress::stopped()
}
