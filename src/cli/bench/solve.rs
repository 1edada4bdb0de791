//! `bench solve`: two-phase solving of seeded random cube3 positions.

use super::median;
use crate::cli::output::outln;
use crate::cli::progress::stop_flag;
use crate::cli::search::{check_solves, PRUNING_TABLE_BUDGET};
use crate::cli::{print_json, CliResult};
use permlab::search::ida::{Metric, MoveSet};
use permlab::search::twophase::{self, TwoPhase};
use permlab::{Perm, Puzzle};
use serde_json::json;
use std::process::ExitCode;
use std::time::Instant;

pub(super) fn bench_solve(count: usize, time_limit: f64, seed: u64, json: bool) -> CliResult {
    if !(time_limit > 0.0 && time_limit.is_finite()) {
        return Err(
            format!("--time-limit {time_limit}: must be a positive number of seconds").into(),
        );
    }
    let chain = "cube3[U,D,R2,L2,F2,B2]";
    let puzzle = Puzzle::builtin("cube3")?;
    let moves = MoveSet::for_puzzle(&puzzle, Metric::Htm)?;
    let bases: Vec<(String, Perm)> = puzzle
        .generators()
        .iter()
        .map(|m| (m.name.clone(), m.perm.clone()))
        .collect();
    let sub: Vec<Perm> = twophase::parse_subgroup(&puzzle, "cube3", chain)?
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    let stop = stop_flag();
    let t0 = Instant::now();
    let solver = TwoPhase::new(moves, &bases, &sub, PRUNING_TABLE_BUDGET, None, stop, None)?;
    let setup = t0.elapsed().as_secs_f64();
    let (e1, e2) = solver.entries();
    let mut lengths = Vec::new();
    let mut times = Vec::new();
    let mut unsolved = 0usize;
    super::each_position(
        &puzzle,
        seed,
        count,
        time_limit,
        |_, g, start, limits, t| {
            let found = solver.solve(start, limits)?;
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                return Ok(());
            }
            times.push(t.elapsed().as_secs_f64());
            match found {
                Some(sol) => {
                    check_solves(&puzzle, &g.to_state(), &sol.names)?;
                    lengths.push(sol.cost);
                }
                None => unsolved += 1,
            }
            Ok(())
        },
    )?;
    lengths.sort_unstable();
    times.sort_by(f64::total_cmp);
    let med_len = median(&lengths);
    let goal_met = unsolved == 0 && med_len.is_some_and(|m| m <= 22);
    let goal = format!("median <= 22 moves (htm) with {time_limit} s per position");
    if json {
        print_json(&json!({
            "puzzle": "cube3",
            "chain": chain,
            "metric": "htm",
            "positions": count,
            "seed": seed,
            "time_limit_seconds": time_limit,
            "setup_seconds": setup,
            "pruning_table_entries": e1 + e2,
            "solved": lengths.len(),
            "unsolved": unsolved,
            "median_length": med_len,
            "max_length": lengths.last(),
            "median_seconds": median(&times),
            "max_seconds": times.last(),
            "goal": goal,
            "goal_met": goal_met,
        }))?;
    } else {
        outln!(
            "cube3 through {chain}, htm, {count} random positions (seed {seed}), {time_limit} s each"
        );
        outln!("pruning tables: {} entries, built in {setup:.1} s", e1 + e2);
        outln!(
            "solved {} (every solution replayed), none found in time for {unsolved}",
            lengths.len()
        );
        if let (Some(m), Some(x)) = (med_len, lengths.last()) {
            outln!("length: median {m}, max {x}");
        }
        if let (Some(m), Some(x)) = (median(&times), times.last()) {
            outln!("time: median {m:.2} s, max {x:.2} s (a search stops at the limit, or earlier when phase 1 alone is as long as the best total)");
        }
        outln!("goal {goal}: {}", if goal_met { "met" } else { "not met" });
    }
    Ok(ExitCode::SUCCESS)
}
