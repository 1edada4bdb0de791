//! Subcommands of exhaustive search and solving: bfs, solve, compare-solvers.

use super::bfs::BfsArgs;
use super::output::outln;
use super::solve::SolveArgs;
use super::space::cells_one_based;
use super::{print_json, CliError, CliResult};
use clap::Subcommand;
use permlab::puzzle::format_state;
use permlab::search::staged::compare_rotation3;
use serde_json::json;
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum SearchCommand {
    /// Breadth-first search of every position: distance distribution, God's number,
    /// hardest positions (distance = fewest moves that solve a position).
    Bfs(BfsArgs),
    /// A solution of a state: optimal from a complete distance table where the
    /// positions fit; else near-optimal within --time-limit (default 10 s): the
    /// two-phase method (cube3 through Kociemba's subgroup, or --chain), or the
    /// piece stages (pieces put home a stage at a time) racing the factorisation
    /// through the stabiliser chain, then optimal IDA* while time is left; the
    /// factorisation when nothing else applies. --optimal: optimal however long it
    /// takes (IDA* with pruning tables). Every solution is replayed before it is
    /// printed.
    Solve(SolveArgs),
    /// Seed 001's staged solver against optimal solutions over every position.
    CompareSolvers {
        /// The puzzle (only `rotation3`, seed 001's puzzle, has a staged solver).
        puzzle: String,
    },
}

impl SearchCommand {
    pub fn run(self, json: bool) -> CliResult {
        match self {
            SearchCommand::Bfs(a) => a.run(json),
            SearchCommand::Solve(a) => a.run(json),
            SearchCommand::CompareSolvers { puzzle } => compare_solvers(&puzzle, json),
        }
    }
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
