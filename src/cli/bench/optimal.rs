//! `bench solve --optimal N`: optimal (IDA*) solving of seeded random cube3 (or
//! cube2) positions in the half-turn metric, the first N of the positions `bench
//! solve` draws with the same seed; with `--peers`, the dedicated optimal solvers
//! on the same positions in the same run ([`super::optimal_peers`]: twsearch,
//! nissy-core's H48, vcube; nissy and vcube on cube3 only): each of their
//! solutions is replayed in permlab, its length compared with permlab's (both
//! optimal: equal), and the times set side by side as ratios in one table.

use super::cube_notation::{inverse_moves, scramble_of};
use super::median;
use super::optimal_peers::{
    disagreements, peers_markdown, print_peers, run_peers, Ours, PeerOptions,
};
use super::peers::{measure_within, Measured};
use super::replay;
use crate::cli::output::{errln, outln};
use crate::cli::progress::stop_flag;
use crate::cli::{print_json, CliError, CliResult};
use permlab::search::budget::SearchBudget;
use permlab::search::cache::TableCache;
use permlab::search::ida::{
    optimal_heuristic, AutoTables, Heuristic, Ida, OptimalSetup, Outcome, PassStat,
};
use permlab::search::moves::{Metric, MoveSet};
use permlab::search::solver::{
    pruning_kinds, OptimalTier, PruningOptions, PuzzleSolving, DEFAULT_LOOK_UPS,
};
use permlab::{Perm, Puzzle};
use serde_json::{json, Value};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Seconds per position (the goal: 10 minutes).
const GOAL_SECONDS: f64 = 600.0;

/// The tier of optimal solving's pruning tables `bench solve --optimal` uses by
/// default on `puzzle` in the half-turn metric: its largest
/// (`data/optimal-tables.tsv`; for cube3 the 833 MB table of Kociemba's optimal
/// solver, looked up along the three axes).
fn default_tier(puzzle: &str) -> Option<OptimalTier> {
    PuzzleSolving::of(puzzle)
        .optimal_tiers(Metric::Htm)
        .next_back()
        .cloned()
}

/// The default look-ups per table of `bench solve --optimal` on `puzzle`.
pub(super) fn default_look_ups(puzzle: &str) -> usize {
    default_tier(puzzle).map_or(DEFAULT_LOOK_UPS, |t| t.look_ups)
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
    /// Where pruning tables are loaded from / saved to (`None`: the table cache).
    pub pruning_tables: Option<&'a Path>,
    /// Entries per pruning table.
    pub budget: u64,
    /// Subgroups whose coset tables are added (`none`: none; empty: the
    /// puzzle's default, its largest tier, see [`default_tier`]).
    pub coset_tables: Vec<String>,
    /// Whether coset tables are reduced by the symmetries of the moves.
    pub table_symmetry: bool,
    /// Which automatic tables to keep (`None`: all, only the groups' with coset
    /// tables).
    pub auto_tables: Option<AutoTables>,
    /// Look-ups of each table per position (at conjugates by symmetries;
    /// `None`: [`default_look_ups`]).
    pub look_ups: Option<usize>,
    /// The dedicated solvers beside permlab (twsearch, nissy, vcube).
    pub peers: Option<PeerOptions<'a>>,
    /// Where the peers' table is also written as Markdown.
    pub markdown: Option<&'a Path>,
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
        default_tier(o.puzzle)
            .map(|t| t.coset_table)
            .into_iter()
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
    /// Where they are kept (`None`: nowhere, no table cache).
    dir: Option<std::path::PathBuf>,
    /// Look-ups of each table per position.
    look_ups: usize,
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
                look_ups: None,
            },
        )?;
        // the tables in --pruning-tables, else in the table cache (as `solve` keeps them)
        let dir = o
            .pruning_tables
            .map(Path::to_path_buf)
            .or_else(|| TableCache::from_env().tables_dir());
        let look_ups = o.look_ups.unwrap_or_else(|| default_look_ups(o.puzzle));
        let (mut heuristic, setup) = optimal_heuristic(
            moves,
            kinds,
            look_ups,
            &SearchBudget::unlimited().with_stop(stop),
            dir.as_deref(),
        )?;
        // the run's searches are long: look-ups from memory, not from the maps
        heuristic.copy_into_memory();
        Ok(Tables {
            heuristic,
            setup,
            build_seconds: t0.elapsed().as_secs_f64(),
            dir,
            look_ups,
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

/// The start-up goal of issue 41: a process of `permlab solve --optimal` with its
/// tables kept on disk (warm) starts in at most this many seconds.
const STARTUP_GOAL_SECONDS: f64 = 0.5;

/// permlab as a user meets it with the run's tables kept in `dir`: one process
/// of `permlab solve PUZZLE --optimal` with the run's table options, on the
/// position of the move U (the start-up, as for nissy), measured whole. `None`
/// when the process failed (its error printed).
fn startup(o: &OptimalOptions, dir: &Path, look_ups: usize) -> Result<Option<Measured>, CliError> {
    let puzzle = Puzzle::builtin(o.puzzle)?;
    let g = puzzle.eval(&puzzle.parse_word("U")?);
    let exe = std::env::current_exe().map_err(|e| format!("the permlab program: {e}"))?;
    let mut cmd = std::process::Command::new(exe);
    cmd.args(["solve", o.puzzle, "--optimal", "--quiet", "--cycles"])
        .arg(g.to_string())
        .arg("--pruning-tables")
        .arg(dir)
        .args(["--pruning-budget", &o.budget.to_string()])
        .args(["--table-look-ups", &look_ups.to_string()]);
    let cosets = coset_subgroups(o);
    if cosets.is_empty() {
        cmd.args(["--coset-table", "none"]);
    }
    for c in &cosets {
        cmd.args(["--coset-table", c]);
    }
    if !o.table_symmetry {
        cmd.arg("--no-table-symmetry");
    }
    if let Some(a) = o.auto_tables {
        let name = match a {
            AutoTables::All => "all",
            AutoTables::Groups => "groups",
            AutoTables::None => "none",
        };
        cmd.args(["--auto-tables", name]);
    }
    let scratch =
        std::env::temp_dir().join(format!("permlab-bench-startup-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let m = measure_within(cmd, &scratch, "permlab-startup", Some(GOAL_SECONDS));
    let _ = std::fs::remove_dir_all(&scratch);
    let m = m?;
    if !m.ok {
        errln!(
            "permlab start-up: the solve process failed: {}",
            m.stderr.trim()
        );
        return Ok(None);
    }
    Ok(Some(m))
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

/// The whole run as the JSON document of `--json`, the peers' positions (when
/// they ran) beside permlab's: twsearch's under `twsearch`, every peer's under
/// `peers` by name.
fn optimal_json(
    o: &OptimalOptions,
    (date, load, threads): (&str, &str, usize),
    tables: &Tables,
    rows: &[Row],
    summary: &Summary,
    peers: &[Value],
) -> Value {
    let runs: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut v = r.json();
            for p in peers.iter().filter(|p| p["skipped"].is_null()) {
                let name = p["name"].as_str().unwrap_or("");
                if name == "twsearch" {
                    v["twsearch"] = p["positions"][i].clone();
                }
                v["peers"][name] = p["positions"][i].clone();
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
    if !peers.is_empty() {
        let about: Vec<Value> = peers
            .iter()
            .map(|p| {
                let mut p = p.clone();
                if let Some(m) = p.as_object_mut() {
                    m.remove("positions");
                }
                p
            })
            .collect();
        if let Some(t) = about.iter().find(|p| p["name"] == "twsearch") {
            doc["twsearch"] = t.clone();
        }
        doc["peers"] = Value::Array(about);
    }
    doc
}

/// The scramble handed to the peers for the position of `r`: the inverse of
/// permlab's solution when it found one (checked to make the position), else the
/// factorisation of the position ([`scramble_of`]).
fn scramble(puzzle: &Puzzle, moves: &MoveSet, r: &Row) -> Result<String, CliError> {
    if let Some(s) = &r.solution {
        let text = inverse_moves(s)?.join(" ");
        let w = puzzle.parse_word(&text)?;
        if puzzle.apply(&puzzle.solved(), &w) == r.g.to_state() {
            return Ok(text);
        }
    }
    scramble_of(puzzle, moves, &r.g)
}

/// permlab's answers as the peers see them.
fn ours(rows: &[Row]) -> Vec<Ours<'_>> {
    rows.iter()
        .map(|r| Ours {
            g: &r.g,
            solution: r.solution.as_deref(),
            seconds: r.seconds,
        })
        .collect()
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
    let started = match &tables.dir {
        Some(dir) => startup(o, dir, tables.look_ups)?,
        None => None,
    };
    if let (Some(m), false) = (&started, json) {
        outln!(
            "permlab start-up (one `permlab solve --optimal` process, the position U, its tables read from {}): {:.2} s, peak memory {} MB; goal <= {STARTUP_GOAL_SECONDS} s: {}",
            tables.dir.as_deref().map_or(String::new(), |d| d.display().to_string()),
            m.wall,
            m.peak >> 20,
            if m.wall <= STARTUP_GOAL_SECONDS { "met" } else { "not met" }
        );
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
    let ours = ours(&rows);
    let peers = match &o.peers {
        Some(p) => {
            let scrambles = rows
                .iter()
                .map(|r| scramble(&puzzle, &moves, r))
                .collect::<Result<Vec<_>, CliError>>()?;
            run_peers(
                &puzzle,
                o.puzzle == "cube3",
                &ours,
                &scrambles,
                p,
                (threads, o.seconds, json),
            )?
        }
        None => Vec::new(),
    };
    if json {
        let mut doc = optimal_json(o, (&date, &load, threads), &tables, &rows, &summary, &peers);
        if let Some(m) = &started {
            doc["startup_seconds"] = json!(m.wall);
            doc["startup_peak_memory_bytes"] = json!(m.peak);
            doc["startup_goal_met"] = json!(m.wall <= STARTUP_GOAL_SECONDS);
        }
        print_json(&doc)?;
    } else if !peers.is_empty() {
        print_peers(&ours, &peers)?;
    }
    if let Some(path) = o.markdown {
        let machine = super::markdown::Machine {
            date: date.clone(),
            load_start: load.clone(),
            cores: threads,
        }
        .clause(Some(&super::load_average()));
        let tables = o.peers.as_ref().map_or(String::new(), |p| {
            format!(
                " --nissy-table {} --vcube-coord {}",
                p.nissy_tables.join(","),
                p.vcube_coord
            )
        });
        let command = format!(
            "bench solve --optimal {} --seed {} --peers{tables}{}",
            o.count,
            o.seed,
            if o.seconds == 600.0 {
                String::new()
            } else {
                format!(" --time-limit {}", o.seconds)
            }
        );
        super::markdown::write(path, &peers_markdown(&command, &machine, &ours, &peers))?;
    }
    let bad = disagreements(&peers);
    if !bad.is_empty() {
        return Err(format!(
            "bench solve --peers: {} peer answer(s) contradict permlab's optimal ones (first: {})",
            bad.len(),
            bad[0]
        )
        .into());
    }
    Ok(ExitCode::SUCCESS)
}
