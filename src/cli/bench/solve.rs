//! `bench solve`: two-phase solving of seeded random cube3 positions, the tables
//! built once and every position solved in the same process (the warm figure; `bench
//! solve --cold` runs each position in a process of its own).

use super::markdown::{self, Machine};
use super::{median, replay};
use crate::cli::output::outln;
use crate::cli::{print_json, CliResult};
use permlab::search::budget::SearchBudget;
use permlab::search::moves::{Metric, MoveSet};
use permlab::search::two_phase::TwoPhase;
use permlab::Puzzle;
use serde_json::json;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

pub(super) fn bench_solve(
    count: usize,
    time_limit: f64,
    seed: u64,
    json: bool,
    markdown: Option<&Path>,
) -> CliResult {
    if !(time_limit > 0.0 && time_limit.is_finite()) {
        return Err(
            format!("--time-limit {time_limit}: must be a positive number of seconds").into(),
        );
    }
    let machine = Machine::at_start();
    let chain = "cube3[U,D,R2,L2,F2,B2]";
    let puzzle = Puzzle::builtin("cube3")?;
    let moves = MoveSet::for_puzzle(&puzzle, Metric::Htm)?;
    let sub = puzzle.parse_subgroup(chain)?;
    let t0 = Instant::now();
    let solver = TwoPhase::new(&moves, &sub, &SearchBudget::unlimited())?;
    let setup = t0.elapsed().as_secs_f64();
    let mut lengths = Vec::new();
    let mut times = Vec::new();
    let mut unsolved = 0usize;
    super::each_position(&puzzle, seed, count, time_limit, |_, g, _, budget, t| {
        // the whole time: the shortest found by then
        let found = solver.solve(g, None, budget)?;
        if budget.stopped() {
            return Ok(());
        }
        times.push(t.elapsed().as_secs_f64());
        match found {
            Some(sol) => {
                replay(&puzzle, g, &sol.names)?;
                lengths.push(sol.cost);
            }
            None => unsolved += 1,
        }
        Ok(())
    })?;
    lengths.sort_unstable();
    times.sort_by(f64::total_cmp);
    let med_len = median(&lengths);
    let goal_met = unsolved == 0 && med_len.is_some_and(|m| m <= 22);
    let goal = format!("median <= 22 moves (htm) with {time_limit} s per position");
    if let Some(path) = markdown {
        let opt = |x: Option<f64>| x.map_or("–".to_string(), |v| format!("{v:.3}"));
        let about = format!(
            "cube3 through {chain}, htm, {count} seeded random positions (seed {seed}), {time_limit} s each, in one process with the tables built once (every solution replayed)"
        );
        let row = [
            solver.bytes().to_string(),
            format!("{setup:.2}"),
            format!("{}/{count}", lengths.len()),
            format!(
                "{} / {}",
                med_len.map_or("–".into(), |m| m.to_string()),
                lengths.last().map_or("–".into(), |m| m.to_string())
            ),
            format!("{} / {}", opt(median(&times)), opt(times.last().copied())),
        ];
        let md = markdown::head("bench solve --markdown", &about, &machine.clause(None))
            + &markdown::table(
                &[
                    "tables (bytes)",
                    "built in s",
                    "solved",
                    "length median / max",
                    "s median / max",
                ],
                &["---:"; 5],
                &[row],
            );
        markdown::write(path, &md)?;
    }
    if json {
        print_json(&json!({
            "puzzle": "cube3",
            "date": machine.date,
            "load_average": machine.load_start,
            "chain": chain,
            "metric": "htm",
            "positions": count,
            "seed": seed,
            "time_limit_seconds": time_limit,
            "setup_seconds": setup,
            "table_bytes": solver.bytes(),
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
        outln!(
            "two-phase tables: {} bytes, built in {setup:.2} s",
            solver.bytes()
        );
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
