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

/// Kociemba's subgroup, through which `bench solve` solves cube3.
const CHAIN: &str = "cube3[U,D,R2,L2,F2,B2]";

/// cube3 and its two-phase solver through [`CHAIN`] in the half-turn metric,
/// its tables built here (no cache).
fn cube3_two_phase() -> Result<(Puzzle, TwoPhase), crate::cli::CliError> {
    let puzzle = Puzzle::builtin("cube3")?;
    let moves = MoveSet::for_puzzle(&puzzle, Metric::Htm)?;
    let sub = puzzle.parse_subgroup(CHAIN)?;
    let solver = TwoPhase::new(&moves, &sub, &SearchBudget::unlimited())?;
    Ok((puzzle, solver))
}

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
    let chain = CHAIN;
    let t0 = Instant::now();
    let (puzzle, solver) = cube3_two_phase()?;
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

/// What `bench solve --target N` runs.
pub(super) struct TargetOptions<'a> {
    /// How many positions.
    pub count: usize,
    /// Seconds per position.
    pub time_limit: f64,
    /// Seed of the positions.
    pub seed: u64,
    /// The length a solution must reach.
    pub target: u32,
    /// Where the peers are installed, with `--peers`.
    pub peers_dir: Option<&'a Path>,
    /// `--markdown FILE`.
    pub markdown: Option<&'a Path>,
}

/// The goals for the warm time to a solution of at most 20 and 19
/// moves: the median in seconds, and the ratio to min2phase's median.
fn target_goal(target: u32) -> Option<f64> {
    match target {
        20 => Some(0.010),
        19 => Some(0.100),
        _ => None,
    }
}

/// `bench solve --target N`: the time to a solution of at most N moves, the
/// two-phase tables built once and every position solved in the same process
/// (warm); with `--peers`, the min2phase crate on the same positions, its tables
/// built first too (`min2phase-runner batch`), every solution replayed.
pub(super) fn bench_target(o: &TargetOptions, json: bool) -> CliResult {
    if !(o.time_limit > 0.0 && o.time_limit.is_finite()) {
        return Err(format!(
            "--time-limit {}: must be a positive number of seconds",
            o.time_limit
        )
        .into());
    }
    let machine = Machine::at_start();
    let chain = CHAIN;
    let (puzzle, solver) = cube3_two_phase()?;
    // per position: the seconds to a solution within the target (None: none in time)
    let mut ours: Vec<Option<f64>> = Vec::new();
    let mut positions = Vec::new();
    super::each_position(
        &puzzle,
        o.seed,
        o.count,
        o.time_limit,
        |_, g, _, budget, t| {
            let found = solver.solve(g, Some(o.target), budget)?;
            if budget.stopped() {
                return Ok(());
            }
            let seconds = t.elapsed().as_secs_f64();
            if let Some(sol) = &found {
                replay(&puzzle, g, &sol.names)?;
            }
            ours.push(found.filter(|s| s.cost <= o.target).map(|_| seconds));
            positions.push(g.clone());
            Ok(())
        },
    )?;
    let peer = match o.peers_dir {
        None => None,
        Some(dir) => match super::near_peers::min2phase(dir) {
            Err(why) => {
                crate::cli::output::errln!("min2phase skipped: {why}");
                None
            }
            Ok(peer) => {
                let facelets = positions
                    .iter()
                    .map(|g| permlab::puzzle::facelets::to_facelets(&puzzle, &g.to_state()))
                    .collect::<Result<Vec<_>, _>>()?;
                let answers = super::near_peers::min2phase_batch(&peer, &facelets, o.target)?;
                let mut times = Vec::new();
                for (g, (names, seconds)) in positions.iter().zip(answers) {
                    replay(&puzzle, g, &names)?;
                    if names.len() as u32 > o.target {
                        return Err(format!(
                            "min2phase answered {} moves, more than {}",
                            names.len(),
                            o.target
                        )
                        .into());
                    }
                    times.push(seconds);
                }
                Some((peer.name, times))
            }
        },
    };
    let reached: Vec<f64> = ours.iter().flatten().copied().collect();
    let all_reached = reached.len() == ours.len();
    // the median over all positions (one not reached counts as the longest)
    let ours_median = if reached.len() * 2 > ours.len() {
        let mut v: Vec<f64> = ours.iter().map(|t| t.unwrap_or(f64::INFINITY)).collect();
        v.sort_by(f64::total_cmp);
        median(&v)
    } else {
        None
    };
    let ours_max = all_reached
        .then(|| reached.iter().copied().fold(0.0, f64::max))
        .filter(|_| !reached.is_empty());
    let peer_median = peer.as_ref().and_then(|(_, t)| median(t));
    let peer_max = peer
        .as_ref()
        .map(|(_, t)| t.iter().copied().fold(0.0, f64::max));
    let ratio = ours_median.zip(peer_median).map(|(a, b)| a / b);
    let goal = target_goal(o.target);
    let goal_met = goal.zip(ours_median).map(|(g, m)| m <= g);
    let ratio_met = ratio.map(|r| r <= 2.0);
    let ms = |x: Option<f64>| x.map_or("–".to_string(), |v| format!("{:.2}", v * 1000.0));
    let about = format!(
        "cube3 through {chain}, htm, {} seeded random positions (seed {}), the time to a solution of at most {} moves, {} s at most each; permlab in one process with its tables built once{} (every solution replayed)",
        o.count,
        o.seed,
        o.target,
        o.time_limit,
        if peer.is_some() {
            ", min2phase likewise (`min2phase-runner batch`)"
        } else {
            ""
        }
    );
    if let Some(path) = o.markdown {
        let mut rows = vec![[
            "permlab (two-phase, pre-moves)".to_string(),
            format!("{}/{}", reached.len(), ours.len()),
            ms(ours_median),
            ms(ours_max),
            "1.00".to_string(),
        ]];
        if let Some((name, t)) = &peer {
            rows.push([
                name.clone(),
                format!("{}/{}", t.len(), t.len()),
                ms(peer_median),
                ms(peer_max),
                ratio.map_or("–".into(), |r| format!("{r:.2}")),
            ]);
        }
        let md = markdown::head(
            "bench solve --target --markdown",
            &about,
            &machine.clause(None),
        ) + &markdown::table(
            &[
                "solver",
                "reached",
                "ms median",
                "ms max",
                "permlab / this (medians)",
            ],
            &markdown::NUMBERS_RIGHT,
            &rows,
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
            "positions": o.count,
            "seed": o.seed,
            "target": o.target,
            "time_limit_seconds": o.time_limit,
            "reached": reached.len(),
            "median_seconds": ours_median,
            "max_seconds": ours_max,
            "peer": peer.as_ref().map(|(name, t)| json!({
                "name": name,
                "median_seconds": median(t),
                "max_seconds": t.iter().copied().fold(0.0, f64::max),
            })),
            "ratio_of_medians": ratio,
            "goal_median_seconds": goal,
            "goal_met": goal_met,
            "within_twice_peer": ratio_met,
        }))?;
    } else {
        outln!("{about}");
        outln!(
            "permlab: {} of {} reached; median {} ms, max {} ms",
            reached.len(),
            ours.len(),
            ms(ours_median),
            ms(ours_max)
        );
        if let Some((name, _)) = &peer {
            outln!(
                "{name}: median {} ms, max {} ms; permlab's median / its median: {}",
                ms(peer_median),
                ms(peer_max),
                ratio.map_or("–".into(), |r| format!("{r:.2}"))
            );
        }
        if let (Some(g), Some(met)) = (goal, goal_met) {
            outln!(
                "goal median <= {} ms: {}",
                g * 1000.0,
                if met { "met" } else { "not met" }
            );
        }
        if let Some(met) = ratio_met {
            outln!(
                "goal within 2x of min2phase's median: {}",
                if met { "met" } else { "not met" }
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
