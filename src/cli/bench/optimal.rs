//! `bench solve --optimal N`: optimal (IDA*) solving of seeded random cube3
//! positions in the half-turn metric, the first N of the positions `bench solve`
//! draws with the same seed.

use super::median;
use crate::cli::output::outln;
use crate::cli::progress::stop_flag;
use crate::cli::search::{check_solves, DEFAULT_LOOK_UPS, PRUNING_TABLE_BUDGET};
use crate::cli::{print_json, CliResult};
use permlab::search::ida::{optimal_heuristic, Ida, Metric, MoveSet, Outcome};
use permlab::Puzzle;
use serde_json::json;
use std::process::ExitCode;
use std::time::Instant;

/// Seconds per position (the goal: 10 minutes).
const GOAL_SECONDS: f64 = 600.0;

pub(super) fn bench_optimal(count: usize, seed: u64, json: bool) -> CliResult {
    let puzzle = Puzzle::builtin("cube3")?;
    let moves = MoveSet::for_puzzle(&puzzle, Metric::Htm)?;
    let stop = stop_flag();
    let t0 = Instant::now();
    let (h, setup) = optimal_heuristic(
        &moves,
        PRUNING_TABLE_BUDGET,
        DEFAULT_LOOK_UPS,
        None,
        stop,
        None,
    )?;
    let build = t0.elapsed().as_secs_f64();
    let mut lengths = Vec::new();
    let mut times = Vec::new();
    let mut rows = Vec::new();
    let mut unsolved = 0usize;
    super::each_position(
        &puzzle,
        seed,
        count,
        GOAL_SECONDS,
        |i, g, start, limits, t| {
            let mut ida = Ida::new(&moves, &h);
            let outcome = ida.solve(start, u32::MAX - 1, limits)?;
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                return Ok(());
            }
            let secs = t.elapsed().as_secs_f64();
            times.push(secs);
            match outcome {
                Outcome::Solved(p) => {
                    let names: Vec<String> =
                        p.iter().map(|&m| moves.moves()[m].name.clone()).collect();
                    check_solves(&puzzle, &g.to_state(), &names)?;
                    lengths.push(p.len() as u32);
                    rows.push(json!({"length": p.len(), "seconds": secs, "nodes": ida.nodes}));
                    if !json {
                        outln!(
                            "position {}: {} moves, {secs:.1} s, {} nodes",
                            i + 1,
                            p.len(),
                            ida.nodes
                        );
                    }
                }
                Outcome::OutOfTime(b) | Outcome::NoneWithin(b) => {
                    unsolved += 1;
                    rows.push(
                        json!({"length": null, "at_least": b, "seconds": secs, "nodes": ida.nodes}),
                    );
                    if !json {
                        outln!(
                        "position {}: not solved in {GOAL_SECONDS} s (no solution below {b} moves), {} nodes",
                        i + 1,
                        ida.nodes
                    );
                    }
                }
            }
            Ok(())
        },
    )?;
    let goal_met = unsolved == 0;
    let goal = format!("every position solved optimally within {GOAL_SECONDS} s");
    if json {
        print_json(&json!({
            "puzzle": "cube3",
            "metric": "htm",
            "mode": "optimal",
            "positions": count,
            "seed": seed,
            "pruning_table_bytes": h.bytes(),
            "pruning_table_entries": h.entries(),
            "build_seconds": build,
            "symmetries": setup.symmetries,
            "look_ups": setup.look_ups,
            "solved": lengths.len(),
            "unsolved": unsolved,
            "median_length": median(&lengths),
            "max_length": lengths.iter().max(),
            "median_seconds": median(&times),
            "max_seconds": times.iter().copied().reduce(f64::max),
            "runs": rows,
            "goal": goal,
            "goal_met": goal_met,
        }))?;
    } else {
        outln!(
            "cube3 optimal (IDA*), htm, {count} random positions (seed {seed}), {GOAL_SECONDS} s each"
        );
        outln!(
            "pruning tables: {} entries ({} bytes), built or loaded in {build:.1} s; {} symmetries, {} look-ups per position",
            h.entries(),
            h.bytes(),
            setup.symmetries,
            setup.look_ups
        );
        outln!(
            "solved {} (every solution replayed), not solved in time: {unsolved}",
            lengths.len()
        );
        if let (Some(m), Some(x)) = (median(&lengths), lengths.iter().max()) {
            outln!("length: median {m}, max {x}");
        }
        if let (Some(m), Some(x)) = (median(&times), times.iter().copied().reduce(f64::max)) {
            outln!("time: median {m:.1} s, max {x:.1} s");
        }
        outln!("goal {goal}: {}", if goal_met { "met" } else { "not met" });
    }
    Ok(ExitCode::SUCCESS)
}
