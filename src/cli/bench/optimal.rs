//! `bench solve --optimal N`: optimal (IDA*) solving of seeded random cube3 (or
//! cube2) positions in the half-turn metric, the first N of the positions `bench
//! solve` draws with the same seed; with `--peers`, twsearch's optimal solver
//! (`twsearch` on permlab's own `.tws` export and the positions as a scramble file,
//! built and run by [`super::peers`]) on the same positions in the same run: each
//! of its solutions is replayed in permlab, its length compared with permlab's
//! (both optimal: equal), and the times set side by side as ratios.

use super::median;
use super::peers::{twsearch_binary, twsearch_optimal};
use super::replay;
use crate::cli::output::{errln, outln};
use crate::cli::progress::stop_flag;
use crate::cli::{print_json, CliError, CliResult};
use permlab::search::budget::SearchBudget;
use permlab::search::ida::{
    optimal_heuristic, AutoTables, Heuristic, Ida, OptimalSetup, Outcome, PassStat,
};
use permlab::search::moves::{Metric, MoveSet};
use permlab::search::solver::{pruning_kinds, PruningOptions, DEFAULT_LOOK_UPS};
use permlab::{Perm, Puzzle};
use serde_json::{json, Value};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Seconds per position (the goal: 10 minutes).
const GOAL_SECONDS: f64 = 600.0;

/// The coset table `bench solve --optimal` adds by default, per puzzle, and the
/// look-ups of each table per position by default beside it. For cube3 the
/// subgroup of Kociemba's phase-1 subgroup that fixes the four slice edges
/// (index 24: 53,210,234,880 cosets), reduced by the 16 symmetries that keep the
/// U–D axis to 1,523,864 classes of edge values times 2187 twists (3.3·10⁹
/// entries, 833 MB: the large table of Kociemba's optimal solver), looked up
/// along the three axes.
const DEFAULT_COSET_TABLES: &[(&str, &str, usize)] =
    &[("cube3", "cube3[U,D,R2 U R2,L2 U L2,F2 U F2,B2 U B2]", 3)];

/// The default look-ups per table of `bench solve --optimal` on `puzzle`.
pub(super) fn default_look_ups(puzzle: &str) -> usize {
    DEFAULT_COSET_TABLES
        .iter()
        .find(|(p, _, _)| *p == puzzle)
        .map_or(DEFAULT_LOOK_UPS, |&(_, _, n)| n)
}

/// The puzzles `bench solve --optimal` takes.
pub(super) const OPTIMAL_PUZZLES: &[&str] = &["cube3", "cube2"];

/// What `bench solve --optimal` runs.
pub(super) struct OptimalOptions<'a> {
    /// How many positions.
    pub count: usize,
    /// Seed of the positions.
    pub seed: u64,
    /// `cube3` or `cube2`.
    pub puzzle: &'a str,
    /// Seconds per position (the goal's 600 by default).
    pub seconds: f64,
    /// Where pruning tables are loaded from / saved to.
    pub pruning_tables: Option<&'a Path>,
    /// Entries per pruning table.
    pub budget: u64,
    /// Subgroups whose coset tables are added (`none`: none; empty: the
    /// puzzle's default, [`DEFAULT_COSET_TABLES`]).
    pub coset_tables: Vec<String>,
    /// Whether coset tables are reduced by the symmetries of the moves.
    pub table_symmetry: bool,
    /// Which automatic tables to keep (`None`: all, only the groups' with coset
    /// tables).
    pub auto_tables: Option<AutoTables>,
    /// Look-ups of each table per position (at conjugates by symmetries;
    /// `None`: [`default_look_ups`]).
    pub look_ups: Option<usize>,
    /// twsearch beside permlab: its source directory and `-M` megabytes.
    pub peers: Option<(&'a Path, u64)>,
}

/// permlab's result on one position.
struct Row {
    g: Perm,
    solution: Option<Vec<String>>,
    at_least: u32,
    seconds: f64,
    nodes: u64,
    passes: Vec<PassStat>,
}

impl Row {
    /// The position's entry of `runs` in the JSON output.
    fn json(&self) -> Value {
        let passes: Vec<Value> = self
            .passes
            .iter()
            .map(|p| json!({"bound": p.bound, "nodes": p.nodes, "seconds": p.seconds}))
            .collect();
        json!({
            "length": self.solution.as_ref().map(|s| s.len()),
            "solution": self.solution.as_ref().map(|s| s.join(" ")),
            "at_least": self.at_least,
            "seconds": self.seconds,
            "nodes": self.nodes,
            "nodes_per_second": self.nodes as f64 / self.seconds.max(1e-9),
            "passes": passes,
        })
    }

    /// The position's line of the text output (`i` counted from 0).
    fn print(&self, i: usize, time_limit: f64) -> Result<(), CliError> {
        let rate = self.nodes as f64 / self.seconds.max(1e-9);
        let per_depth: Vec<String> = self
            .passes
            .iter()
            .map(|p| format!("{}:{:.1}s", p.bound, p.seconds))
            .collect();
        match &self.solution {
            Some(s) => outln!(
                "position {}: {} moves, {:.2} s, {} nodes ({:.1} M nodes/s); per depth {}",
                i + 1,
                s.len(),
                self.seconds,
                self.nodes,
                rate / 1e6,
                per_depth.join(" ")
            ),
            None => outln!(
                "position {}: not solved in {} s (no solution below {} moves), {} nodes ({:.1} M nodes/s); per depth {}",
                i + 1,
                time_limit,
                self.at_least,
                self.nodes,
                rate / 1e6,
                per_depth.join(" ")
            ),
        }
        Ok(())
    }
}

/// An error naming the first option `bench solve --optimal` cannot take.
fn check_options(o: &OptimalOptions) -> Result<(), CliError> {
    if !(o.seconds > 0.0 && o.seconds.is_finite()) {
        return Err(format!(
            "--time-limit {}: must be a positive number of seconds",
            o.seconds
        )
        .into());
    }
    if !OPTIMAL_PUZZLES.contains(&o.puzzle) {
        return Err(format!(
            "--puzzle {}: bench solve --optimal takes {}",
            o.puzzle,
            OPTIMAL_PUZZLES.join(" or ")
        )
        .into());
    }
    if let Some(dir) = o.pruning_tables {
        if !dir.is_dir() {
            return Err(format!("--pruning-tables {}: no such directory", dir.display()).into());
        }
    }
    Ok(())
}

/// The subgroups whose coset tables are added: the puzzle's defaults when none
/// are named, none for `none`.
fn coset_subgroups(o: &OptimalOptions) -> Vec<String> {
    if o.coset_tables.is_empty() {
        DEFAULT_COSET_TABLES
            .iter()
            .filter(|(p, _, _)| *p == o.puzzle)
            .map(|(_, s, _)| s.to_string())
            .collect()
    } else {
        o.coset_tables
            .iter()
            .filter(|s| s.as_str() != "none")
            .cloned()
            .collect()
    }
}

/// The pruning tables of the run, built or loaded, and the seconds that took.
struct Tables {
    heuristic: Heuristic,
    setup: OptimalSetup,
    build_seconds: f64,
}

impl Tables {
    fn build(
        o: &OptimalOptions,
        puzzle: &Puzzle,
        moves: &MoveSet,
        stop: &'static AtomicBool,
    ) -> Result<Tables, CliError> {
        let t0 = Instant::now();
        let kinds = pruning_kinds(
            puzzle,
            moves,
            &PruningOptions {
                budget: o.budget,
                coset_tables: coset_subgroups(o),
                table_symmetry: o.table_symmetry,
                auto_tables: o.auto_tables,
                look_ups: DEFAULT_LOOK_UPS,
            },
        )?;
        let (heuristic, setup) = optimal_heuristic(
            moves,
            kinds,
            o.look_ups.unwrap_or_else(|| default_look_ups(o.puzzle)),
            &SearchBudget::unlimited().with_stop(stop),
            o.pruning_tables,
        )?;
        Ok(Tables {
            heuristic,
            setup,
            build_seconds: t0.elapsed().as_secs_f64(),
        })
    }
}

/// What the searches of all positions share.
struct Search<'a> {
    puzzle: &'a Puzzle,
    moves: &'a MoveSet,
    tables: &'a Tables,
    threads: usize,
    stop: &'static AtomicBool,
}

impl Search<'_> {
    /// IDA* on position `g` (its state `start`) within `budget`, its solution
    /// replayed; `None` once Ctrl-C is pressed.
    fn solve(
        &self,
        g: &Perm,
        start: &[u8],
        budget: &SearchBudget,
        t: Instant,
    ) -> Result<Option<Row>, CliError> {
        let mut ida = Ida::new(self.moves, &self.tables.heuristic).with_threads(self.threads);
        let outcome = ida.solve(start, u32::MAX - 1, budget)?;
        if self.stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let seconds = t.elapsed().as_secs_f64();
        let (solution, at_least) = match outcome {
            Outcome::Solved(p) => {
                let names: Vec<String> = p
                    .iter()
                    .map(|&m| self.moves.moves()[m].name.clone())
                    .collect();
                replay(self.puzzle, g, &names)?;
                let n = names.len() as u32;
                (Some(names), n)
            }
            Outcome::OutOfTime(b) | Outcome::NoneWithin(b) => (None, b),
        };
        Ok(Some(Row {
            g: g.clone(),
            solution,
            at_least,
            seconds,
            nodes: ida.nodes,
            passes: ida.passes,
        }))
    }

    /// permlab's rows on the first `o.count` seeded positions, each line
    /// printed as it comes unless `json`.
    fn rows(&self, o: &OptimalOptions, json: bool) -> Result<Vec<Row>, CliError> {
        let mut rows: Vec<Row> = Vec::new();
        super::each_position(
            self.puzzle,
            o.seed,
            o.count,
            o.seconds,
            |i, g, start, budget, t| {
                if let Some(row) = self.solve(g, start, budget, t)? {
                    if !json {
                        row.print(i, o.seconds)?;
                    }
                    rows.push(row);
                }
                Ok(())
            },
        )?;
        Ok(rows)
    }
}

/// The lengths and times of permlab's rows, and whether the goal is met.
struct Summary {
    lengths: Vec<u32>,
    times: Vec<f64>,
    unsolved: usize,
    goal: String,
    goal_met: bool,
}

impl Summary {
    fn of(rows: &[Row]) -> Summary {
        let lengths: Vec<u32> = rows
            .iter()
            .filter_map(|r| r.solution.as_ref().map(|s| s.len() as u32))
            .collect();
        let times: Vec<f64> = rows.iter().map(|r| r.seconds).collect();
        let unsolved = rows.len() - lengths.len();
        // solved, each within the goal's time (a longer --time-limit is allowed)
        let goal_met = unsolved == 0 && times.iter().all(|&t| t <= GOAL_SECONDS);
        let goal = format!("every position solved optimally within {GOAL_SECONDS} s");
        Summary {
            lengths,
            times,
            unsolved,
            goal,
            goal_met,
        }
    }

    fn print(&self) -> Result<(), CliError> {
        let (lengths, times) = (&self.lengths, &self.times);
        outln!(
            "solved {} (every solution replayed), not solved in time: {}",
            lengths.len(),
            self.unsolved
        );
        if let (Some(m), Some(x)) = (median(lengths), lengths.iter().max()) {
            outln!("length: median {m}, max {x}");
        }
        if let (Some(m), Some(x)) = (median(times), times.iter().copied().reduce(f64::max)) {
            outln!("time: median {m:.2} s, max {x:.2} s");
        }
        outln!(
            "goal {}: {}",
            self.goal,
            if self.goal_met { "met" } else { "not met" }
        );
        Ok(())
    }
}

/// The run's first lines of text: what runs, and the pruning tables.
fn print_header(
    o: &OptimalOptions,
    threads: usize,
    date: &str,
    load: &str,
    tables: &Tables,
) -> Result<(), CliError> {
    outln!(
        "{} optimal (IDA*, {threads} threads), htm, {} random positions (seed {}), {} s each; {date}, load average {load} at the start",
        o.puzzle,
        o.count,
        o.seed,
        o.seconds
    );
    outln!(
        "pruning tables: {} entries ({} bytes), built or loaded in {:.1} s; {} symmetries, {} look-ups per node",
        tables.heuristic.entries(),
        tables.heuristic.bytes(),
        tables.build_seconds,
        tables.setup.symmetries,
        tables.setup.look_ups
    );
    Ok(())
}

/// The whole run as the JSON document of `--json`, twsearch's positions (when
/// it ran) beside permlab's.
fn optimal_json(
    o: &OptimalOptions,
    (date, load, threads): (&str, &str, usize),
    tables: &Tables,
    rows: &[Row],
    summary: &Summary,
    peers: Option<&Value>,
) -> Value {
    let runs: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut v = r.json();
            if let Some(p) = peers {
                v["twsearch"] = p["positions"][i].clone();
            }
            v
        })
        .collect();
    let (lengths, times) = (&summary.lengths, &summary.times);
    let mut doc = json!({
        "puzzle": o.puzzle,
        "metric": "htm",
        "mode": "optimal",
        "date": date,
        "load_average": load,
        "threads": threads,
        "positions": o.count,
        "seed": o.seed,
        "pruning_table_bytes": tables.heuristic.bytes(),
        "pruning_table_entries": tables.heuristic.entries(),
        "build_seconds": tables.build_seconds,
        "symmetries": tables.setup.symmetries,
        "look_ups": tables.setup.look_ups,
        "solved": lengths.len(),
        "unsolved": summary.unsolved,
        "median_length": median(lengths),
        "max_length": lengths.iter().max(),
        "median_seconds": median(times),
        "max_seconds": times.iter().copied().reduce(f64::max),
        "runs": runs,
        "goal": summary.goal,
        "goal_met": summary.goal_met,
    });
    if let Some(p) = peers {
        let mut p = p.clone();
        if let Some(m) = p.as_object_mut() {
            m.remove("positions");
        }
        doc["twsearch"] = p;
    }
    doc
}

/// An error when twsearch's answers contradict permlab's: both are optimal, so
/// a twsearch solution that does not solve its position in permlab, or of
/// another length than permlab's, is a failure.
fn check_peer_agrees(p: &Value) -> Result<(), CliError> {
    let bad = p["positions"].as_array().is_some_and(|ps| {
        ps.iter().any(|t| {
            t["replayed"].as_bool() == Some(false) || t["lengths_equal"].as_bool() == Some(false)
        })
    });
    if bad {
        return Err("bench solve --peers: a twsearch solution does not replay in permlab or differs in length from permlab's optimal one".into());
    }
    Ok(())
}

pub(super) fn bench_optimal(o: &OptimalOptions, json: bool) -> CliResult {
    check_options(o)?;
    let date = super::utc_date();
    let load = super::load_average();
    let puzzle = Puzzle::builtin(o.puzzle)?;
    let moves = MoveSet::for_puzzle(&puzzle, Metric::Htm)?;
    let stop = stop_flag();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let tables = Tables::build(o, &puzzle, &moves, stop)?;
    if !json {
        print_header(o, threads, &date, &load, &tables)?;
    }
    let search = Search {
        puzzle: &puzzle,
        moves: &moves,
        tables: &tables,
        threads,
        stop,
    };
    let rows = search.rows(o, json)?;
    let summary = Summary::of(&rows);
    if !json {
        summary.print()?;
    }
    let peers = match o.peers {
        Some((src, mb)) => Some(run_peer(
            &puzzle,
            &moves,
            &rows,
            (src, mb, threads),
            o.seconds,
            json,
        )?),
        None => None,
    };
    if json {
        let doc = optimal_json(
            o,
            (&date, &load, threads),
            &tables,
            &rows,
            &summary,
            peers.as_ref(),
        );
        print_json(&doc)?;
    } else if let Some(p) = &peers {
        print_peer(p, &rows)?;
    }
    if let Some(p) = &peers {
        check_peer_agrees(p)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The moves that make the position of `g` from solved, as a scramble in the
/// move set's names (`U`, `U2`, `U'`): the factorisation of `g` through the
/// stabiliser chain (or its inverse, whichever gives `g`'s state; the word is
/// checked by applying it).
fn scramble_of(puzzle: &Puzzle, moves: &MoveSet, g: &Perm) -> Result<String, CliError> {
    let gens = puzzle.generators();
    let family_of: Vec<usize> = gens
        .iter()
        .map(|m| {
            let p = m.perm.extended(moves.degree());
            (0..moves.families())
                .find(|&f| moves.family_perm(f) == &p)
                .ok_or_else(|| format!("bench: the move {} is not a family of its own", m.name))
        })
        .collect::<Result<_, _>>()?;
    let letters = puzzle
        .group()
        .factor(g)
        .ok_or("bench: the position has no factorisation")?;
    let text = |letters: &[(usize, i64)]| -> String {
        letters
            .iter()
            .filter_map(|&(i, p)| {
                let f = family_of[i];
                let o = moves.family_order(f) as i64;
                (p.rem_euclid(o) != 0).then(|| moves.power_name(f, p))
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let inverse: Vec<(usize, i64)> = letters.iter().rev().map(|&(i, p)| (i, -p)).collect();
    let target = g.to_state();
    for cand in [text(&letters), text(&inverse)] {
        let w = puzzle.parse_word(&cand)?;
        if puzzle.apply(&puzzle.solved(), &w) == target {
            return Ok(cand);
        }
    }
    Err("internal error: no scramble word reaches the position".into())
}

/// twsearch on the positions of `rows`: its solutions replayed in permlab and
/// compared with permlab's lengths. A JSON object (`skipped` when its source is
/// not at hand).
fn run_peer(
    puzzle: &Puzzle,
    moves: &MoveSet,
    rows: &[Row],
    (src, memory_mb, threads): (&Path, u64, usize),
    seconds: f64,
    json: bool,
) -> Result<Value, CliError> {
    let bin = match twsearch_binary(src) {
        Ok(b) => b,
        Err(why) => {
            errln!("bench solve --peers: twsearch skipped: {why}");
            return Ok(json!({"skipped": why}));
        }
    };
    let dir = std::env::temp_dir().join(format!("permlab-bench-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let def = puzzle.to_tws()?;
    let scrambles = rows
        .iter()
        .enumerate()
        .map(|(i, r)| Ok((format!("p{}", i + 1), scramble_of(puzzle, moves, &r.g)?)))
        .collect::<Result<Vec<_>, CliError>>()?;
    if !json {
        outln!(
            "twsearch ({}): -M {memory_mb} -t {threads} on the same {} positions ...",
            bin.display(),
            rows.len()
        );
    }
    // the same time per position as permlab's, and two minutes to build its tables
    let limit = seconds * rows.len().max(1) as f64 + 120.0;
    let run = twsearch_optimal(&bin, &dir, &def, &scrambles, threads, memory_mb, limit);
    let _ = std::fs::remove_dir_all(&dir);
    let (m, solves) = run?;
    let mut positions = Vec::new();
    let (mut all_replayed, mut all_equal) = (true, true);
    let (mut solved, mut compared) = (0usize, 0usize);
    for (i, r) in rows.iter().enumerate() {
        let name = format!("p{}", i + 1);
        let s = solves.iter().find(|s| s.name == name);
        let sol = s.and_then(|s| s.moves.clone());
        let replayed = sol.as_ref().map(|names| {
            let cells = r.g.to_state();
            puzzle
                .parse_word(&names.join(" "))
                .is_ok_and(|w| puzzle.apply(&cells, &w) == puzzle.solved())
        });
        let len = sol.as_ref().map(|s| s.len());
        let equal = match (len, &r.solution) {
            (Some(a), Some(b)) => Some(a == b.len()),
            _ => None,
        };
        // over the positions twsearch solved (and permlab too, for the lengths)
        all_replayed &= replayed != Some(false);
        all_equal &= equal != Some(false);
        solved += usize::from(replayed.is_some());
        compared += usize::from(equal.is_some());
        let secs = s.and_then(|s| s.seconds);
        positions.push(json!({
            "scramble": scrambles[i].1,
            "solution": sol.as_ref().map(|s| s.join(" ")),
            "length": len,
            "seconds": secs,
            "replayed": replayed,
            "lengths_equal": equal,
            "time_ratio": secs.map(|t| r.seconds / t.max(1e-9)),
        }));
    }
    let ratios: Vec<f64> = positions
        .iter()
        .filter_map(|p| p["time_ratio"].as_f64())
        .collect();
    Ok(json!({
        "binary": bin.display().to_string(),
        "memory_mb": memory_mb,
        "threads": threads,
        "ok": m.ok,
        "stderr": if m.ok { Value::Null } else { Value::from(m.stderr.trim()) },
        "wall_seconds": m.wall,
        "cpu_seconds": m.cpu,
        "peak_memory_bytes": m.peak,
        "solved": solved,
        "lengths_compared": compared,
        "every_solution_replayed": all_replayed,
        "every_length_equal": all_equal,
        "median_time_ratio": median(&ratios),
        "positions": positions,
    }))
}

/// The twsearch rows beside permlab's.
fn print_peer(p: &Value, rows: &[Row]) -> Result<(), CliError> {
    if let Some(why) = p["skipped"].as_str() {
        outln!("twsearch: skipped ({why})");
        return Ok(());
    }
    let f = |k: &str| p[k].as_f64().unwrap_or(0.0);
    outln!(
        "twsearch: {} (-M {} -t {}): process {:.1} s wall, {:.1} s CPU, {} MB peak{}",
        p["binary"].as_str().unwrap_or(""),
        p["memory_mb"],
        p["threads"],
        f("wall_seconds"),
        f("cpu_seconds"),
        p["peak_memory_bytes"].as_u64().unwrap_or(0) >> 20,
        if p["ok"].as_bool() == Some(true) {
            String::new()
        } else {
            format!(" — failed: {}", p["stderr"].as_str().unwrap_or(""))
        }
    );
    outln!(
        "{:>8} {:>8} {:>12} {:>9} {:>12} {:>9} {:>8}",
        "position",
        "permlab",
        "permlab s",
        "twsearch",
        "twsearch s",
        "replayed",
        "ratio"
    );
    let empty = Vec::new();
    let pos = p["positions"].as_array().unwrap_or(&empty);
    for (i, (r, t)) in rows.iter().zip(pos).enumerate() {
        let opt = |v: &Value| v.as_u64().map_or("-".to_string(), |x| x.to_string());
        outln!(
            "{:>8} {:>8} {:>12.3} {:>9} {:>12} {:>9} {:>8}",
            i + 1,
            r.solution
                .as_ref()
                .map_or(format!(">={}", r.at_least), |s| s.len().to_string()),
            r.seconds,
            opt(&t["length"]),
            t["seconds"]
                .as_f64()
                .map_or("-".to_string(), |s| format!("{s:.3}")),
            match t["replayed"].as_bool() {
                Some(true) => "yes",
                Some(false) => "NO",
                None => "-",
            },
            t["time_ratio"]
                .as_f64()
                .map_or("-".to_string(), |s| format!("{s:.2}")),
        );
    }
    let yes = |k: &str| {
        if p[k].as_bool() == Some(true) {
            "yes"
        } else {
            "NO"
        }
    };
    outln!(
        "twsearch solved {} of {}; each of its solutions replayed in permlab: {}; lengths equal to permlab's (on {} solved by both): {}; median time ratio permlab/twsearch: {}",
        p["solved"],
        rows.len(),
        yes("every_solution_replayed"),
        p["lengths_compared"],
        yes("every_length_equal"),
        p["median_time_ratio"]
            .as_f64()
            .map_or("-".to_string(), |r| format!("{r:.2}"))
    );
    Ok(())
}
