//! `bench solve --cold`: the `permlab` binary's `solve PUZZLE` (cube3 unless
//! `--puzzle` says otherwise) as a user meets it, one process per position with
//! default flags, on seeded random positions, three ways: with `--no-cache` (tables built and not kept), with
//! an empty cache of its own (a fresh `PERMLAB_CACHE` directory per process: the
//! first call after installing), and with a warm cache (one `PERMLAB_CACHE`
//! directory filled by one untimed process). Each process is measured from
//! outside (wall clock, CPU and peak memory from `wait4`), and each solution is
//! replayed in permlab. With `--peers`, the near-optimal
//! dedicated solvers of [`super::near_peers`] on the same positions, one process
//! per position too, their solutions replayed in permlab through the facelet
//! converter ([`permlab::puzzle::facelets`]); one table with the time ratios.

use super::markdown::{self, Machine};
use super::near_peers::{self, Peer};
use super::peers::{measure_within, Measured};
use super::{load_average, median, random_positions, solves};
use crate::cli::output::{errln, outln};
use crate::cli::progress::{stopped, Bar};
use crate::cli::solve::DEFAULT_SECONDS;
use crate::cli::{print_json, CliError, CliResult};
use permlab::puzzle::facelets::to_facelets;
use permlab::search::solver::PuzzleSolving;
use permlab::{Perm, Puzzle};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// Seconds after which a process of the benchmark is killed (and counted as not
/// solved): far beyond `solve`'s default limit of 10 s.
const PROCESS_LIMIT: f64 = 120.0;

/// `permlab solve PUZZLE`'s default target in the puzzle's metric (God's
/// number, from `data/solvers.tsv`; `None` when none is known), the longest
/// solution asked of a peer too, so all stop at the first solution of at most
/// this many moves.
fn target(puzzle: &Puzzle, name: &str) -> Option<u32> {
    PuzzleSolving::of(name).target(puzzle.metric())
}

/// `permlab solve PUZZLE`'s default time limit: the puzzle's own in
/// `data/solvers.tsv` (the Megaminx's), else [`DEFAULT_SECONDS`].
fn time_limit(name: &str) -> f64 {
    PuzzleSolving::of(name)
        .time_limit
        .unwrap_or(DEFAULT_SECONDS)
}

/// The puzzle the peers solve (all are 3x3x3 solvers).
const PEERS_PUZZLE: &str = "cube3";

/// How a `permlab solve` process of the benchmark keeps its tables.
enum CacheUse<'a> {
    /// `--no-cache`: built in the process, not kept.
    None,
    /// `PERMLAB_CACHE` set to this directory (the user's default cache).
    Env(&'a Path),
}

/// What `bench solve --cold` runs.
pub(super) struct ColdOptions<'a> {
    /// The built-in puzzle.
    pub puzzle: &'a str,
    /// How many positions.
    pub count: usize,
    /// Seed of the positions.
    pub seed: u64,
    /// Whether the peers run beside permlab.
    pub peers: bool,
    /// Where the peers are installed.
    pub peers_dir: &'a Path,
    /// Where the table is written as Markdown.
    pub markdown: Option<&'a Path>,
}

/// One process on one position.
struct Run {
    measured: Measured,
    /// The solution's moves, when the process answered one.
    moves: Option<Vec<String>>,
    /// Whether the solution solves the position in permlab (`None`: no solution).
    replayed: Option<bool>,
    /// The seconds the solver says it spent solving (inside the process).
    inner_seconds: Option<f64>,
    /// The method that answered, as permlab's solve names it (peers: `None`).
    method: Option<String>,
}

impl Run {
    fn json(&self) -> Value {
        json!({
            "wall_seconds": self.measured.wall,
            "cpu_seconds": self.measured.cpu,
            "peak_memory_bytes": self.measured.peak,
            "solution": self.moves.as_ref().map(|m| m.join(" ")),
            "length": self.moves.as_ref().map(Vec::len),
            "replayed": self.replayed,
            "solve_seconds": self.inner_seconds,
            "method": self.method,
            "error": if self.measured.ok { Value::Null } else { Value::from(self.measured.stderr.trim()) },
        })
    }
}

/// One solver's processes, one per position, and their summary.
struct Column {
    name: String,
    runs: Vec<Run>,
}

impl Column {
    fn solved(&self) -> usize {
        self.runs
            .iter()
            .filter(|r| r.replayed == Some(true))
            .count()
    }
    fn lengths(&self) -> Vec<usize> {
        let mut l: Vec<usize> = self
            .runs
            .iter()
            .filter(|r| r.replayed == Some(true))
            .filter_map(|r| r.moves.as_ref().map(Vec::len))
            .collect();
        l.sort_unstable();
        l
    }
    fn walls(&self) -> Vec<f64> {
        let mut w: Vec<f64> = self.runs.iter().map(|r| r.measured.wall).collect();
        w.sort_by(f64::total_cmp);
        w
    }
    fn median_wall(&self) -> Option<f64> {
        median(&self.walls())
    }
    fn median_cpu(&self) -> Option<f64> {
        median(&self.runs.iter().map(|r| r.measured.cpu).collect::<Vec<_>>())
    }
    fn peak(&self) -> u64 {
        self.runs.iter().map(|r| r.measured.peak).max().unwrap_or(0)
    }
    /// A solution that does not solve its position.
    fn any_wrong(&self) -> bool {
        self.runs.iter().any(|r| r.replayed == Some(false))
    }
}

/// A median time of permlab's divided by the same median of another solver's
/// (the ratio of the medians).
fn ratio(ours: Option<f64>, theirs: Option<f64>) -> Option<f64> {
    match (ours, theirs) {
        (Some(a), Some(b)) if b > 0.0 => Some(a / b),
        _ => None,
    }
}

/// The keys of permlab's three ways in JSON, in the order of its columns.
const WAYS: [&str; 3] = ["no_cache", "empty_cache", "warm_cache"];

/// permlab's median wall and CPU seconds per process, the three ways of
/// [`WAYS`].
struct Ours {
    wall: [Option<f64>; 3],
    cpu: [Option<f64>; 3],
}

/// `ours` (each way) divided by `theirs`, as `A / B / C`.
fn ratios_text(
    ours: &[Option<f64>; 3],
    theirs: Option<f64>,
    show: &dyn Fn(Option<f64>) -> String,
) -> String {
    ours.iter()
        .map(|&o| show(ratio(o, theirs)))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The benchmark's scratch directory, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `permlab --json solve PUZZLE --cycles CYCLES` (with `--no-cache`, or with
/// `PERMLAB_CACHE` set) in a process of its own, measured, its solution replayed
/// on `g`.
fn permlab_run(
    exe: &Path,
    (name, puzzle): (&str, &Puzzle),
    g: &Perm,
    cache: CacheUse,
    dir: &Path,
    tag: &str,
) -> Result<Run, CliError> {
    let mut cmd = Command::new(exe);
    cmd.args(["--json", "solve", name, "--cycles", &g.to_string()]);
    match cache {
        CacheUse::None => {
            cmd.arg("--no-cache");
        }
        CacheUse::Env(d) => {
            cmd.env("PERMLAB_CACHE", d);
        }
    }
    let measured = measure_within(cmd, dir, tag, Some(PROCESS_LIMIT))?;
    let (mut moves, mut inner_seconds, mut method): (Option<Vec<String>>, _, _) =
        (None, None, None);
    if measured.ok {
        let v: Value = serde_json::from_str(&measured.stdout)
            .map_err(|e| format!("bench solve --cold: permlab solve's JSON: {e}"))?;
        let text = v["solution"]
            .as_str()
            .ok_or("bench solve --cold: permlab solve's JSON has no solution")?;
        moves = Some(text.split_whitespace().map(str::to_string).collect());
        inner_seconds = v["seconds"].as_f64();
        method = v["method"].as_str().map(str::to_string);
    }
    let replayed = moves.as_ref().map(|m| solves(puzzle, g, m));
    Ok(Run {
        measured,
        moves,
        replayed,
        inner_seconds,
        method,
    })
}

/// A peer's process on position `g`, its solution replayed in permlab.
fn peer_run(
    peer: &Peer,
    puzzle: &Puzzle,
    g: &Perm,
    dir: &Path,
    tag: &str,
    target: u32,
) -> Result<Run, CliError> {
    let facelets = to_facelets(puzzle, &g.to_state())?;
    let a = peer.solve(&facelets, target, dir, tag, PROCESS_LIMIT)?;
    let replayed = a.moves.as_ref().map(|m| solves(puzzle, g, m));
    Ok(Run {
        measured: a.measured,
        moves: a.moves,
        replayed,
        inner_seconds: a.inner_seconds,
        method: None,
    })
}

/// An error once Ctrl-C is pressed.
fn check_stop(done: usize) -> Result<(), CliError> {
    if stopped() {
        return Err(format!("interrupted (Ctrl-C) after {done} processes").into());
    }
    Ok(())
}

/// The name of permlab's column for `way` (one of [`WAYS`]).
fn way_name(way: &str) -> &'static str {
    match way {
        "no_cache" => "permlab --no-cache",
        "empty_cache" => "permlab, empty cache",
        _ => "permlab, warm cache",
    }
}

/// The processes of one run of the benchmark: what they share, and how many
/// have run so far.
struct ColdRun<'a> {
    /// The puzzle's name (as `permlab solve` takes it).
    name: &'a str,
    puzzle: &'a Puzzle,
    positions: &'a [Perm],
    /// The `permlab` binary measured.
    exe: &'a Path,
    /// The scratch directory.
    dir: &'a Path,
    /// `permlab solve`'s default target, the longest solution asked of a
    /// peer ([`target`]).
    target: Option<u32>,
    bar: &'a Bar,
    done: usize,
}

impl ColdRun<'_> {
    /// One more process has run: an error once Ctrl-C is pressed.
    fn count_one(&mut self) -> Result<(), CliError> {
        self.done += 1;
        check_stop(self.done)
    }

    /// [`permlab_run`] on `g` with this run's binary and scratch directory.
    fn permlab(&self, g: &Perm, cache: CacheUse, tag: &str) -> Result<Run, CliError> {
        permlab_run(self.exe, (self.name, self.puzzle), g, cache, self.dir, tag)
    }

    /// One untimed process on the first position filling `warm_cache`.
    fn fill_cache(&self, warm_cache: &Path) -> Result<(), CliError> {
        if let Some(g) = self.positions.first() {
            self.bar.message("permlab, filling the cache");
            let fill = self.permlab(g, CacheUse::Env(warm_cache), "fill")?;
            if !fill.measured.ok {
                return Err(format!(
                    "bench solve --cold: permlab solve failed filling the cache: {}",
                    fill.measured.stderr.trim()
                )
                .into());
            }
        }
        Ok(())
    }

    /// permlab's column for `way` (one of [`WAYS`]): with `--no-cache`, with an
    /// empty cache (a fresh `PERMLAB_CACHE` per process), or warm (the one
    /// `PERMLAB_CACHE` of `warm_cache`, filled first by an untimed process).
    fn permlab_column(&mut self, way: &str, warm_cache: &Path) -> Result<Column, CliError> {
        let name = way_name(way);
        if way == "warm_cache" {
            self.fill_cache(warm_cache)?;
        }
        let mut col = Column {
            name: name.into(),
            runs: Vec::new(),
        };
        let positions = self.positions;
        for (i, g) in positions.iter().enumerate() {
            self.bar.step(format!("{name}, position {}", i + 1));
            let tag = format!("{way}-{i}");
            let run = match way {
                "no_cache" => self.permlab(g, CacheUse::None, &tag),
                "empty_cache" => {
                    let fresh = self.dir.join(format!("cache-{i}"));
                    let run = self.permlab(g, CacheUse::Env(&fresh), &tag);
                    let _ = std::fs::remove_dir_all(&fresh);
                    run
                }
                _ => self.permlab(g, CacheUse::Env(warm_cache), &tag),
            };
            col.runs.push(run?);
            self.count_one()?;
        }
        Ok(col)
    }

    /// `peer`'s column, after one untimed process (its files read once, as a
    /// user meets it after installing).
    fn peer_column(&mut self, peer: &Peer) -> Result<Column, CliError> {
        let target = self
            .target
            .ok_or("bench solve --cold: data/solvers.tsv states no target for the peers")?;
        if let Some(g) = self.positions.first() {
            peer_run(peer, self.puzzle, g, self.dir, "peer-warm-up", target)?;
        }
        let mut col = Column {
            name: peer.name.clone(),
            runs: Vec::new(),
        };
        let positions = self.positions;
        for (i, g) in positions.iter().enumerate() {
            self.bar.step(format!("{}, position {}", peer.name, i + 1));
            col.runs.push(peer_run(
                peer,
                self.puzzle,
                g,
                self.dir,
                &format!("peer-{i}"),
                target,
            )?);
            self.count_one()?;
        }
        Ok(col)
    }

    /// The peers' columns added to `columns`, each peer installed from
    /// `peers_dir`; the peers skipped (with why).
    fn add_peer_columns(
        &mut self,
        peers_dir: &Path,
        columns: &mut Vec<Column>,
    ) -> Result<Vec<(String, String)>, CliError> {
        type Installer = fn(&Path) -> Result<Peer, String>;
        let installers: [(&str, Installer); 2] = [
            ("kociemba (PyPI)", near_peers::kociemba),
            ("min2phase (crate)", near_peers::min2phase),
        ];
        let mut skipped = Vec::new();
        for (label, install) in installers {
            self.bar.message(format!("{label}: installing"));
            match install(peers_dir) {
                Ok(peer) => columns.push(self.peer_column(&peer)?),
                Err(why) => {
                    errln!("bench solve --peers: {label} skipped: {why}");
                    skipped.push((label.to_string(), why));
                }
            }
        }
        Ok(skipped)
    }
}

/// What the benchmark found: a column per solver (permlab's three ways first),
/// the peers skipped (with why), and permlab's medians.
struct Results {
    columns: Vec<Column>,
    skipped: Vec<(String, String)>,
    ours: Ours,
}

impl Column {
    /// The solver's entry of `solvers` in the JSON output.
    fn json(&self, ours: &Ours) -> Value {
        let (l, w) = (self.lengths(), self.walls());
        let mut v = json!({
            "name": self.name,
            "solved": self.solved(),
            "median_length": median(&l),
            "max_length": l.last(),
            "median_wall_seconds": median(&w),
            "max_wall_seconds": w.last(),
            "median_cpu_seconds": self.median_cpu(),
            "peak_memory_bytes": self.peak(),
            "runs": self.runs.iter().map(Run::json).collect::<Vec<_>>(),
        });
        for (k, way) in WAYS.iter().enumerate() {
            v[format!("time_ratio_permlab_{way}")] = json!(ratio(ours.wall[k], self.median_wall()));
            v[format!("cpu_ratio_permlab_{way}")] = json!(ratio(ours.cpu[k], self.median_cpu()));
        }
        v
    }

    /// The solver's row of the text table.
    fn print_row(&self, ours: &Ours) -> Result<(), CliError> {
        let (l, w) = (self.lengths(), self.walls());
        let opt = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v:.2}"));
        outln!(
            "{:<28} {:>7} {:>14} {:>15} {:>8} {:>8} {:>22} {:>22}",
            self.name,
            format!("{}/{}", self.solved(), self.runs.len()),
            match (median(&l), l.last()) {
                (Some(m), Some(x)) => format!("{m} / {x}"),
                _ => "-".into(),
            },
            match (median(&w), w.last()) {
                (Some(m), Some(x)) => format!("{m:.3} / {x:.3}"),
                _ => "-".into(),
            },
            opt(self.median_cpu()),
            self.peak() >> 20,
            ratios_text(&ours.wall, self.median_wall(), &opt),
            ratios_text(&ours.cpu, self.median_cpu(), &opt),
        );
        Ok(())
    }
}

/// The line saying what the benchmark ran.
fn headline(o: &ColdOptions, run: &ColdRun) -> String {
    let metric = run.puzzle.metric().name();
    let stops = match run.target {
        Some(t) => format!(
            "it stops at its first solution of at most {t} moves ({metric}), else after {} s with its best",
            time_limit(run.name)
        ),
        None => format!(
            "it stops after {} s with its best ({metric})",
            time_limit(run.name)
        ),
    };
    let peers = match (o.peers, run.target) {
        (true, Some(t)) => format!(", the peers at their first solution of at most {t} moves"),
        _ => String::new(),
    };
    format!(
        "{}, {} seeded random position{} (seed {}), one process per position and solver, every solution replayed in permlab; `permlab solve {}` with its default flags ({stops}){peers}",
        o.puzzle,
        o.count,
        if o.count == 1 { "" } else { "s" },
        o.seed,
        o.puzzle,
    )
}

/// The whole run as the JSON document of `--json`.
fn cold_json(
    o: &ColdOptions,
    run: &ColdRun,
    (started, load_end): (&Machine, &str),
    results: &Results,
) -> Result<Value, CliError> {
    let solvers: Vec<Value> = results
        .columns
        .iter()
        .map(|c| c.json(&results.ours))
        .collect();
    let states = run
        .positions
        .iter()
        .map(|g| {
            let facelets = if run.name == PEERS_PUZZLE {
                Some(to_facelets(run.puzzle, &g.to_state())?)
            } else {
                None
            };
            Ok(json!({
                "cycles": g.to_string(),
                "facelets": facelets,
            }))
        })
        .collect::<Result<Vec<Value>, CliError>>()?;
    Ok(json!({
        "puzzle": run.name,
        "metric": run.puzzle.metric().name(),
        "mode": "cold",
        "positions": o.count,
        "seed": o.seed,
        "target": run.target,
        "permlab_time_limit_seconds": time_limit(run.name),
        "process_limit_seconds": PROCESS_LIMIT,
        "date": started.date,
        "load_average_start": started.load_start,
        "load_average_end": load_end,
        "cores": started.cores,
        "states": states,
        "solvers": solvers,
        "skipped": results.skipped.iter().map(|(n, why)| json!({"name": n, "why": why})).collect::<Vec<_>>(),
    }))
}

/// The text output: what ran, on what machine, the table, the peers skipped
/// and permlab's peak memory each way.
fn print_table(
    name: &str,
    headline: &str,
    machine: &str,
    results: &Results,
) -> Result<(), CliError> {
    let columns = &results.columns;
    outln!("{headline}");
    outln!("{machine}");
    outln!(
        "permlab/this: permlab's median divided by this solver's: --no-cache / empty cache / warm cache"
    );
    outln!(
        "{:<28} {:>7} {:>14} {:>15} {:>8} {:>8} {:>22} {:>22}",
        "solver",
        "solved",
        "length med/max",
        "wall s med/max",
        "CPU s",
        "peak MB",
        "wall permlab/this",
        "CPU permlab/this"
    );
    for c in columns {
        c.print_row(&results.ours)?;
    }
    for (name, why) in &results.skipped {
        outln!("{name}: skipped ({why})");
    }
    outln!(
        "peak memory of a default `permlab solve {name}`: {} MB building its tables without a cache, {} MB building and saving them, {} MB loading them (ru_maxrss of the child)",
        columns[0].peak() >> 20,
        columns[1].peak() >> 20,
        columns[2].peak() >> 20
    );
    Ok(())
}

/// An error naming the first solver with a solution that does not solve its
/// position in permlab.
fn check_replayed(columns: &[Column]) -> Result<(), CliError> {
    if let Some(c) = columns.iter().find(|c| c.any_wrong()) {
        return Err(format!(
            "bench solve --cold: a solution of {} does not solve its position in permlab",
            c.name
        )
        .into());
    }
    Ok(())
}

pub(super) fn bench_cold(o: &ColdOptions, json: bool) -> CliResult {
    let started = Machine::at_start();
    if o.peers && o.puzzle != PEERS_PUZZLE {
        return Err(format!(
            "bench solve --cold --peers --puzzle {}: the peers solve {PEERS_PUZZLE} only",
            o.puzzle
        )
        .into());
    }
    let puzzle = Puzzle::load(o.puzzle)?;
    let positions: Vec<Perm> = random_positions(&puzzle, o.seed)
        .take(o.count)
        .map(|(g, _)| g)
        .collect();
    let exe = std::env::current_exe().map_err(|e| format!("bench: {e}"))?;
    let scratch =
        Scratch(std::env::temp_dir().join(format!("permlab-bench-cold-{}", std::process::id())));
    let dir = scratch.0.as_path();
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let target = target(&puzzle, o.puzzle);
    let peers_planned = if o.peers { 2 } else { 0 };
    let bar = Bar::items(((WAYS.len() + peers_planned) * o.count) as u64, !json);
    let mut run = ColdRun {
        name: o.puzzle,
        puzzle: &puzzle,
        positions: &positions,
        exe: &exe,
        dir,
        target,
        bar: &bar,
        done: 0,
    };
    let warm_cache = dir.join("cache-warm");
    let mut columns = WAYS
        .iter()
        .map(|way| run.permlab_column(way, &warm_cache))
        .collect::<Result<Vec<Column>, CliError>>()?;
    let skipped = if o.peers {
        run.add_peer_columns(o.peers_dir, &mut columns)?
    } else {
        Vec::new()
    };
    bar.clear();
    let load_end = load_average();
    let headline = headline(o, &run);
    let machine = started.clause(Some(&load_end));
    // permlab's medians (the three ways of WAYS): wall and CPU seconds
    let ours = Ours {
        wall: std::array::from_fn(|k| columns[k].median_wall()),
        cpu: std::array::from_fn(|k| columns[k].median_cpu()),
    };
    let results = Results {
        columns,
        skipped,
        ours,
    };
    if let Some(path) = o.markdown {
        markdown::write(path, &markdown_table(&headline, &machine, &results))?;
    }
    if json {
        print_json(&cold_json(o, &run, (&started, &load_end), &results)?)?;
    } else {
        print_table(o.puzzle, &headline, &machine, &results)?;
    }
    check_replayed(&results.columns)?;
    Ok(ExitCode::SUCCESS)
}

/// The table as Markdown, the run's circumstances on the line above it.
fn markdown_table(headline: &str, machine: &str, results: &Results) -> String {
    let ours = &results.ours;
    use permlab::escape::markdown_cell as cell;
    let mut t = markdown::head("bench solve --cold --markdown", headline, machine);
    t.push_str("| solver | solved | length median / max | wall s median / max | CPU s median | peak MB | wall permlab / this (--no-cache, empty, warm cache) | CPU permlab / this (--no-cache, empty, warm cache) |\n");
    t.push_str("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    let opt = |x: Option<f64>, d: usize| x.map_or("–".to_string(), |v| format!("{v:.d$}"));
    for c in &results.columns {
        let (l, w) = (c.lengths(), c.walls());
        t.push_str(&format!(
            "| {} | {}/{} | {} / {} | {} / {} | {} | {} | {} | {} |\n",
            cell(&c.name),
            c.solved(),
            c.runs.len(),
            median(&l).map_or("–".into(), |x| x.to_string()),
            l.last().map_or("–".into(), |x| x.to_string()),
            opt(median(&w), 3),
            opt(w.last().copied(), 3),
            opt(c.median_cpu(), 2),
            c.peak() >> 20,
            ratios_text(&ours.wall, c.median_wall(), &|x| opt(x, 2)),
            ratios_text(&ours.cpu, c.median_cpu(), &|x| opt(x, 2)),
        ));
    }
    for (name, why) in &results.skipped {
        t.push_str(&format!("\n{}: skipped ({}).\n", cell(name), cell(why)));
    }
    t
}
