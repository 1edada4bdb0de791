//! `bench solve --suite`: `permlab solve` on seeded random positions of several
//! puzzles beside GAP's `Factorization(G, g)` on the same elements, in the same
//! run, as ratios; every length in the half-turn metric.

use super::gap::{run_script_lines, GapLine};
use super::median;
use crate::cli::output::{errln, outln};
use crate::cli::progress::{stop_flag, stopped};
use crate::cli::{print_json, CliError, CliResult};
use num_bigint::BigUint;
use permlab::letters::{reduced, Letter};
use permlab::puzzle::Metric;
use permlab::search::budget::SearchBudget;
use permlab::search::solver::{Method, SolveOptions, Solver};
use permlab::{Perm, Puzzle};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// The puzzles of the suite, by `PUZZLE` spec: the cube2 (all of it and
/// its ⟨R,U,F⟩ subgroup), ⟨R,U⟩ on the 3x3x3, the seeds' puzzles, Megaminx and
/// Turnstyle-20.
const SUITE: &[&str] = &[
    "cube2",
    "cube2[R,U,F]",
    "cube3[R,U]",
    "rotation3",
    "nokia2x2",
    "nokia-rect",
    "turnstyle:12",
    "board:4x5:4",
    "turnstyle:20",
    "megaminx",
];

/// Largest group solved optimally through a complete distance table (`solve`'s
/// `--bfs-limit` default); larger ones are solved with the time limit.
const TABLE_LIMIT: u64 = 1_000_000_000;

/// Options of the suite.
pub(super) struct SuiteOptions<'a> {
    pub count: usize,
    pub seed: u64,
    /// Seconds per position where no complete table fits.
    pub time_limit: f64,
    /// Run only the puzzles whose spec contains one of these (all when empty).
    pub only: &'a [String],
    pub no_gap: bool,
    /// Seconds GAP may spend on one puzzle (all its positions, start-up included).
    pub gap_timeout: u64,
    /// GAP's hard workspace limit (its `-o` and `-K`).
    pub gap_memory: &'a str,
}

/// permlab's side of one puzzle.
struct Ours {
    lengths: Vec<u32>,
    seconds: Vec<f64>,
    optimal: usize,
    methods: Vec<String>,
    /// The complete table's distance of each position, where a table was used.
    table_distances: Option<Vec<u32>>,
}

/// GAP's side of one puzzle: htm lengths and times of the positions it finished.
struct Theirs {
    lengths: Vec<u32>,
    seconds: Vec<f64>,
    /// "ok", or why some positions have no word.
    status: String,
}

/// The length in the half-turn metric of a word given as GAP's exponent
/// representation (`gen,exp,gen,exp,...`, generators 1-based) after checking that
/// it evaluates to `g`: powers of one generator merged and reduced modulo its order
/// ([`permlab::letters::reduced`]), each remaining power one move.
fn gap_word_htm(text: &str, gens: &[Perm], orders: &[u64], g: &Perm) -> Result<u32, String> {
    let degree = g
        .degree()
        .max(gens.iter().map(Perm::degree).max().unwrap_or(0));
    let mut letters: Vec<Letter> = Vec::new();
    if text != "e" {
        let nums: Vec<i64> = text
            .split(',')
            .map(|x| x.parse::<i64>().map_err(|_| format!("GAP word {text:?}")))
            .collect::<Result<_, _>>()?;
        if !nums.len().is_multiple_of(2) {
            return Err(format!("GAP word {text:?}: odd length"));
        }
        for pair in nums.chunks(2) {
            let i = usize::try_from(pair[0] - 1)
                .ok()
                .filter(|&i| i < gens.len())
                .ok_or_else(|| format!("GAP word {text:?}: generator {}", pair[0]))?;
            letters.push((i, pair[1]));
        }
    }
    let mut value = Perm::identity(degree);
    for &(i, e) in &letters {
        value = &value * &gens[i].extended(degree).pow(e);
    }
    if value != g.extended(degree) {
        return Err("GAP's word does not evaluate to the position's element".into());
    }
    Ok(reduced(&letters, orders).len() as u32)
}

/// The GAP side: one GAP process for the puzzle's positions.
fn gap_side(
    root: &Path,
    dir: &Path,
    index: usize,
    puzzle: &Puzzle,
    elements: &[Perm],
    o: &SuiteOptions,
) -> Result<Theirs, String> {
    let gens_file = dir.join(format!("p{index}.gens"));
    let moves: Vec<(String, Perm)> = puzzle
        .generators()
        .iter()
        .map(|m| (m.name.clone(), m.perm.clone()))
        .collect();
    let io = |e: std::io::Error| format!("{}: {e}", gens_file.display());
    std::fs::write(
        &gens_file,
        permlab::puzzle::gens::format_gens(puzzle.degree(), &moves, puzzle.name()),
    )
    .map_err(io)?;
    let list: Vec<String> = elements.iter().map(|g| g.to_string()).collect();
    let pos_file = PathBuf::from(format!("{}.pos", gens_file.display()));
    std::fs::write(
        &pos_file,
        format!("BenchPositions := [\n{}\n];\n", list.join(",\n")),
    )
    .map_err(io)?;
    let t = Instant::now();
    let run = run_script_lines(
        root,
        "factor.g",
        &[&gens_file],
        o.gap_timeout,
        Some(o.gap_memory),
    );
    // the runner stops GAP at the timeout; ending earlier without every word is
    // running out of memory (or an error)
    let timed_out = t.elapsed().as_secs_f64() >= o.gap_timeout as f64 - 1.0;
    if !run.note.is_empty() {
        return Ok(Theirs {
            lengths: vec![],
            seconds: vec![],
            status: run.note,
        });
    }
    let gens = puzzle.generator_perms();
    let orders = puzzle.move_orders();
    let (mut lengths, mut seconds) = (Vec::new(), Vec::new());
    if let Some(Some(GapLine::Fields(f))) = run.lines.first() {
        let [words, times, ..] = &f[..] else {
            return Err(format!("GAP's factor.g printed {f:?}"));
        };
        for ((w, t), g) in words.split(';').zip(times.split(';')).zip(elements) {
            lengths.push(gap_word_htm(w, &gens, &orders, g)?);
            seconds.push(t.parse::<f64>().map_err(|_| format!("GAP time {t:?}"))? / 1e3);
        }
    }
    let status = if lengths.len() == elements.len() {
        "ok".to_string()
    } else if timed_out {
        format!(
            "out of time ({} s) after {} of {} positions",
            o.gap_timeout,
            lengths.len(),
            elements.len()
        )
    } else {
        format!(
            "out of memory ({}) or failed after {} of {} positions",
            o.gap_memory,
            lengths.len(),
            elements.len()
        )
    };
    Ok(Theirs {
        lengths,
        seconds,
        status,
    })
}

/// permlab's side: the library's solver as `permlab solve PUZZLE STATE --metric htm`
/// with `--optimal` where a complete table fits, else `--time-limit`, one solver
/// (and its tables) for all the positions.
fn our_side(puzzle: &Puzzle, elements: &[Perm], o: &SuiteOptions) -> Result<Ours, String> {
    let fits = puzzle.group().order() <= BigUint::from(TABLE_LIMIT);
    let options = SolveOptions {
        metric: Some(Metric::Htm),
        optimal: fits,
        table_limit: TABLE_LIMIT,
        ..SolveOptions::default()
    };
    let mut solver = Solver::new(puzzle, options).map_err(|e| format!("{}: {e}", puzzle.name()))?;
    let mut ours = Ours {
        lengths: vec![],
        seconds: vec![],
        optimal: 0,
        methods: vec![],
        table_distances: fits.then(Vec::new),
    };
    for (i, g) in elements.iter().enumerate() {
        let t = Instant::now();
        let mut budget = SearchBudget::unlimited().with_stop(stop_flag());
        if !fits {
            budget = budget.with_time_limit(o.time_limit).map_err(|_| {
                format!(
                    "--time-limit {}: must be a positive number of seconds",
                    o.time_limit
                )
            })?;
        }
        let found = solver
            .solve(g, &budget)
            .map_err(|e| format!("{}: position {}: {e}", puzzle.name(), i + 1))?;
        ours.seconds.push(t.elapsed().as_secs_f64());
        ours.lengths.push(found.length);
        ours.optimal += usize::from(found.optimal);
        let method = found.method.to_string();
        if !ours.methods.contains(&method) {
            ours.methods.push(method);
        }
        if let (Some(d), Method::DistanceTable) = (ours.table_distances.as_mut(), &found.method) {
            d.push(found.length);
        }
    }
    Ok(ours)
}

/// The directory of the GAP input files, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, String> {
        let dir = std::env::temp_dir().join(format!("permlab-bench-solve-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Scratch(dir))
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `median/max` of lengths, "–" when none.
fn lengths_text(v: &[u32]) -> String {
    match (median(v), v.iter().max()) {
        (Some(m), Some(x)) => format!("{m}/{x}"),
        _ => "–".into(),
    }
}

/// A ratio of two optional numbers.
fn ratio(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => Some(a / b),
        _ => None,
    }
}

/// An error naming the first option of the suite that cannot be taken.
fn check_options(o: &SuiteOptions) -> Result<(), String> {
    if !(o.time_limit > 0.0 && o.time_limit.is_finite()) {
        return Err(format!(
            "--time-limit {}: must be a positive number of seconds",
            o.time_limit
        ));
    }
    let digits = o.gap_memory.trim_end_matches(['k', 'm', 'g']);
    if digits.is_empty()
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || o.gap_memory.len() > digits.len() + 1
    {
        return Err(format!(
            "--gap-memory {}: a size such as 4g, 500m (k, m or g)",
            o.gap_memory
        ));
    }
    if o.count == 0 {
        return Err("--count 0: at least one position".into());
    }
    Ok(())
}

/// The puzzles of [`SUITE`] that `--only` selects; an error when none.
fn selected_puzzles(o: &SuiteOptions) -> Result<Vec<&'static str>, String> {
    let wanted = |name: &str| o.only.is_empty() || o.only.iter().any(|w| name.contains(w.as_str()));
    let specs: Vec<&str> = SUITE.iter().copied().filter(|s| wanted(s)).collect();
    if specs.is_empty() {
        return Err(format!(
            "--only {}: no puzzle of the suite matches (the suite: {})",
            o.only.join(","),
            SUITE.join(", ")
        ));
    }
    Ok(specs)
}

/// Both sides on one puzzle of the suite.
struct PuzzleRun {
    spec: String,
    elements: Vec<Perm>,
    ours: Ours,
    /// `None` with `--no-gap`.
    theirs: Option<Theirs>,
}

/// What the suite compares on one puzzle: both sides' medians, and the checks.
struct Comparison {
    our_length: Option<f64>,
    our_time: Option<f64>,
    gap_length: Option<f64>,
    gap_time: Option<f64>,
    /// Per position, where GAP has a word: permlab's length <= GAP's (`None`:
    /// no GAP word).
    not_longer: Option<bool>,
    /// permlab's lengths equal the complete table's distances, each solution
    /// optimal (`None`: no table).
    optimal_check: Option<bool>,
    gap_status: String,
}

impl PuzzleRun {
    /// permlab (and GAP unless `--no-gap`) on the seeded positions of `spec`,
    /// `index` in the suite; progress on standard error unless `json`.
    fn run(
        spec: &str,
        index: usize,
        o: &SuiteOptions,
        (root, tmp): (&Path, &Path),
        json: bool,
    ) -> Result<PuzzleRun, CliError> {
        let puzzle = Puzzle::load(spec)?;
        let elements: Vec<Perm> = super::random_positions(&puzzle, o.seed)
            .take(o.count)
            .map(|(g, _)| g)
            .collect();
        if !json {
            errln!("{spec}: permlab on {} positions…", o.count);
        }
        let ours = our_side(&puzzle, &elements, o)?;
        let theirs = if o.no_gap {
            None
        } else {
            if !json {
                errln!("{spec}: GAP's Factorization…");
            }
            Some(gap_side(root, tmp, index, &puzzle, &elements, o)?)
        };
        Ok(PuzzleRun {
            spec: spec.to_string(),
            elements,
            ours,
            theirs,
        })
    }

    fn compare(&self) -> Comparison {
        let (ours, theirs) = (&self.ours, &self.theirs);
        let (gap_length, gap_time) = match theirs {
            Some(t) => (median(&t.lengths).map(f64::from), median(&t.seconds)),
            None => (None, None),
        };
        let not_longer = theirs.as_ref().and_then(|t| {
            (!t.lengths.is_empty())
                .then(|| ours.lengths.iter().zip(&t.lengths).all(|(a, b)| a <= b))
        });
        let optimal_check = ours
            .table_distances
            .as_ref()
            .map(|d| d == &ours.lengths && ours.optimal == ours.lengths.len());
        let gap_status = match theirs {
            Some(t) => t.status.clone(),
            None => "skipped (--no-gap)".into(),
        };
        Comparison {
            our_length: median(&ours.lengths).map(f64::from),
            our_time: median(&ours.seconds),
            gap_length,
            gap_time,
            not_longer,
            optimal_check,
            gap_status,
        }
    }

    /// The puzzle's entry of `puzzles` in the JSON output.
    fn json(&self, c: &Comparison) -> Value {
        let ours = &self.ours;
        json!({
            "puzzle": self.spec,
            "positions": ours.lengths.len(),
            "elements": self.elements.iter().map(|g| g.to_string()).collect::<Vec<_>>(),
            "permlab": {
                "lengths": ours.lengths,
                "median_length": median(&ours.lengths),
                "max_length": ours.lengths.iter().max(),
                "median_seconds": c.our_time,
                "first_seconds": ours.seconds.first(),
                "max_seconds": ours.seconds.iter().copied().reduce(f64::max),
                "optimal": ours.optimal,
                "methods": ours.methods,
            },
            "gap": match &self.theirs {
                Some(t) => json!({
                    "lengths": t.lengths,
                    "median_length": median(&t.lengths),
                    "max_length": t.lengths.iter().max(),
                    "median_seconds": median(&t.seconds),
                    "first_seconds": t.seconds.first(),
                    "max_seconds": t.seconds.iter().copied().reduce(f64::max),
                    "status": t.status,
                }),
                None => json!({"status": c.gap_status}),
            },
            "length_ratio": ratio(c.our_length, c.gap_length),
            "time_ratio": ratio(c.our_time, c.gap_time),
            "table_distances": ours.table_distances,
            "optimal_check": c.optimal_check,
            "not_longer_than_gap": c.not_longer,
        })
    }

    /// The puzzle's row of the Markdown table of the text output.
    fn table_line(&self, c: &Comparison) -> String {
        let (ours, theirs) = (&self.ours, &self.theirs);
        let fmt_ratio = |r: Option<f64>| r.map_or("–".to_string(), |r| format!("{r:.2}"));
        // the median, and the first position's time (it includes building the tables)
        let fmt_times = |v: &[f64]| match (median(v), v.first()) {
            (Some(m), Some(f)) => format!("{:.3} ms ({f:.1} s)", m * 1e3),
            _ => "–".to_string(),
        };
        format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            self.spec,
            ours.lengths.len(),
            lengths_text(&ours.lengths),
            theirs
                .as_ref()
                .map_or("–".into(), |t| lengths_text(&t.lengths)),
            fmt_ratio(ratio(c.our_length, c.gap_length)),
            fmt_times(&ours.seconds),
            theirs
                .as_ref()
                .map_or("–".into(), |t| fmt_times(&t.seconds)),
            fmt_ratio(ratio(c.our_time, c.gap_time)),
            match c.optimal_check {
                Some(true) => "= table",
                Some(false) => "MISMATCH",
                None => "–",
            },
            ours.methods.join("; "),
            c.gap_status,
        )
    }
}

/// The text output: what ran, the table (`table`, a line per puzzle) and
/// whether permlab was never longer than GAP.
fn print_text(
    o: &SuiteOptions,
    (date, load): (&str, &str),
    table: &[String],
    shorter_everywhere: bool,
) -> Result<(), CliError> {
    outln!(
        "bench solve --suite: {} seeded random positions per puzzle (seed {}), {date}, load average {load}",
        o.count,
        o.seed
    );
    outln!("lengths in the half-turn metric (a power of one generator is one move; GAP's words with powers of one generator merged): median/max; times per position: median (first position, which includes building permlab's tables or GAP's structures); ratios permlab/GAP of the medians");
    outln!(
        "permlab: `solve --metric htm --optimal` where a complete table fits ({TABLE_LIMIT} positions), else `--time-limit {}`; GAP 4 Factorization(G, g), one process per puzzle ({} s, hard workspace limit {})",
        o.time_limit,
        o.gap_timeout,
        o.gap_memory
    );
    outln!("");
    outln!("| puzzle | positions | permlab htm | GAP htm | length ratio | permlab time | GAP time | time ratio | optimal check | permlab method | GAP |");
    outln!("|---|---|---|---|---|---|---|---|---|---|---|");
    for line in table {
        outln!("{line}");
    }
    outln!("");
    outln!(
        "every solution replayed; GAP's words checked to evaluate to the element; permlab never longer than GAP where GAP answered: {}",
        if shorter_everywhere { "yes" } else { "no" }
    );
    Ok(())
}

pub(super) fn bench_suite(o: &SuiteOptions, json: bool) -> CliResult {
    check_options(o)?;
    let specs = selected_puzzles(o)?;
    let (date, load) = (super::utc_date(), super::load_average());
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let tmp = Scratch::new()?;
    let mut runs = Vec::new();
    for (index, spec) in specs.iter().enumerate() {
        if stopped() {
            return Err("interrupted (Ctrl-C)".into());
        }
        runs.push(PuzzleRun::run(spec, index, o, (&root, tmp.path()), json)?);
    }
    let comparisons: Vec<Comparison> = runs.iter().map(PuzzleRun::compare).collect();
    let shorter_everywhere = comparisons.iter().all(|c| c.not_longer != Some(false));
    if json {
        let docs: Vec<Value> = runs
            .iter()
            .zip(&comparisons)
            .map(|(r, c)| r.json(c))
            .collect();
        print_json(&json!({
            "mode": "suite",
            "date": date,
            "loadavg": load,
            "metric": "htm",
            "metric_note": "every length in the half-turn metric: a power of one generator is one move (GAP's words after merging powers of the same generator, reduced modulo its order)",
            "seed": o.seed,
            "count": o.count,
            "time_limit_seconds": o.time_limit,
            "gap_timeout_seconds": o.gap_timeout,
            "gap_memory": o.gap_memory,
            "puzzles": docs,
            "not_longer_than_gap_everywhere": shorter_everywhere,
        }))?;
    } else {
        let table: Vec<String> = runs
            .iter()
            .zip(&comparisons)
            .map(|(r, c)| r.table_line(c))
            .collect();
        print_text(o, (&date, &load), &table, shorter_everywhere)?;
    }
    Ok(ExitCode::SUCCESS)
}
