//! `bench search`: whole-state-space searches, their speed, memory and the naive
//! hash-map search as a ratio.

use super::markdown::{self, Machine};
use crate::cli::output::{errln, outln};
use crate::cli::progress::Bar;
use crate::cli::space::{command_budget, run_bfs, search_options};
use crate::cli::{print_json, CliError, CliResult};
use permlab::search::any_space::AnySpace;
use permlab::search::bfs::BfsOptions;
use permlab::search::budget::SearchBudget;
use permlab::search::naive::naive_bfs;
use permlab::search::space::{GroupSpace, RingSpace, StateSpace};
use permlab::search::table::{cpu_seconds, peak_memory, table_bytes};
use permlab::with_space;
use permlab::Puzzle;
use serde_json::json;
use std::process::ExitCode;
use std::time::Instant;

/// The cells of the search table, as text: search, positions, set-up (s), search
/// (s), M pos./CPU s, peak MB, goal (met or not).
fn table_cells(rows: &[serde_json::Value]) -> Vec<[String; 7]> {
    let f = |v: &serde_json::Value, k: &str| v[k].as_f64().unwrap_or(0.0);
    rows.iter()
        .map(|r| {
            [
                r["case"].as_str().unwrap_or("").to_string(),
                r["states"].to_string(),
                format!("{:.2}", f(r, "setup_seconds")),
                format!("{:.2}", f(r, "seconds")),
                format!("{:.1}", f(r, "positions_per_cpu_second") / 1e6),
                (r["peak_memory_bytes"].as_u64().unwrap_or(0) >> 20).to_string(),
                format!(
                    "{} ({})",
                    r["goal"].as_str().unwrap_or(""),
                    if r["goal_met"].as_bool() == Some(true) {
                        "met"
                    } else {
                        "not met"
                    }
                ),
            ]
        })
        .collect()
}

/// The headers of the search table's columns (LaTeX and Markdown).
const COLUMNS: [&str; 7] = [
    "search",
    "positions",
    "set-up (s)",
    "search (s)",
    "M pos./CPU s",
    "peak MB",
    "goal",
];

/// The sentences below the table: the threads, and the naive search's time beside
/// the table search's.
fn notes(threads: usize, naive: &[serde_json::Value]) -> String {
    let f = |v: &serde_json::Value, k: &str| v[k].as_f64().unwrap_or(0.0);
    let mut t = format!("{threads} threads; the table takes 2 bits per position.\n");
    for r in naive {
        t.push_str(&format!(
            "The naive hash-map search on {} took {:.2} s, {:.1} times the table search ({:.3} s with set-up).\n",
            r["case"].as_str().unwrap_or(""),
            f(r, "naive_seconds"),
            f(r, "ratio"),
            f(r, "table_seconds"),
        ));
    }
    t
}

/// The search benchmark as a LaTeX table and a sentence on the naive search.
fn bench_search_latex(
    threads: usize,
    rows: &[serde_json::Value],
    naive: &[serde_json::Value],
) -> String {
    let mut t = format!(
        "% written by `permlab bench search --latex`\n\\begin{{tabular}}{{@{{}}lrrrrrl@{{}}}}\n\\toprule\n\
         {} \\\\\n\\midrule\n",
        COLUMNS.join(" & ")
    );
    for [case, rest @ .., goal] in table_cells(rows) {
        t.push_str(&format!(
            "{} & {} & {} \\\\\n",
            case.replace('<', "$\\langle$").replace('>', "$\\rangle$"),
            rest.join(" & "),
            permlab::escape::latex_text(&goal),
        ));
    }
    t.push_str("\\bottomrule\n\\end{tabular}\n\n");
    t + &notes(threads, naive)
}

/// The search benchmark as Markdown: the machine, the table, the notes.
fn bench_search_markdown(
    machine: &str,
    threads: usize,
    rows: &[serde_json::Value],
    naive: &[serde_json::Value],
) -> String {
    let align = ["---", "---:", "---:", "---:", "---:", "---:", "---"];
    markdown::head("bench search --markdown", "", machine)
        + &markdown::table(&COLUMNS, &align, &table_cells(rows))
        + "\n"
        + &notes(threads, naive)
}

fn reset_peak_memory() {
    // writing 5 to clear_refs resets VmHWM (Linux)
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn cube_ru_space() -> Result<GroupSpace, CliError> {
    let cube = Puzzle::builtin("cube3")?;
    let mut names = Vec::new();
    let mut perms = Vec::new();
    for w in ["R", "R2", "R'", "U", "U2", "U'"] {
        names.push(w.to_string());
        perms.push(cube.eval(&cube.parse_word(w)?));
    }
    Ok(GroupSpace::new(
        "cube3 <R,U> HTM",
        cube.degree(),
        names,
        perms,
    )?)
}

/// One timed whole-space search: its row of the benchmark table.
fn time_search(
    name: &str,
    build: &dyn Fn() -> Result<AnySpace, CliError>,
    goal_seconds: f64,
    budget: &SearchBudget,
    threads: usize,
) -> Result<serde_json::Value, CliError> {
    reset_peak_memory();
    let cpu0 = cpu_seconds().unwrap_or(0.0);
    let t0 = Instant::now();
    let space = &build()?;
    let setup = t0.elapsed().as_secs_f64();
    let (states, secs) = with_space!(space, s => {
        let (_, r) = run_bfs(s, &search_options(0), budget)?;
        (r.states, r.seconds)
    });
    let size = with_space!(space, s => s.size());
    let bytes = table_bytes(size);
    let peak = peak_memory().unwrap_or(0);
    let rate = states as f64 / secs;
    let cpu = cpu_seconds().unwrap_or(0.0) - cpu0;
    errln!(
        "{name}: {states} positions in {secs:.2} s after {setup:.2} s of set-up ({cpu:.2} CPU s in all)"
    );
    Ok(json!({
        "case": name,
        "states": states,
        "setup_seconds": setup,
        "seconds": secs,
        "total_seconds": setup + secs,
        "positions_per_second": rate,
        "positions_per_second_per_thread": rate / threads as f64,
        "cpu_seconds": cpu,
        "positions_per_cpu_second": states as f64 / cpu.max(1e-9),
        "bytes_per_position": bytes as f64 / size as f64,
        "peak_memory_bytes": peak,
        "goal": format!("<= {goal_seconds} s"),
        "goal_seconds": goal_seconds,
        "goal_met": setup + secs <= goal_seconds,
    }))
}

/// The naive hash-map search against the table search on Turnstyle-`n` up to
/// rotation: their distributions must agree; the row gives both times.
fn naive_comparison(n: usize) -> Result<serde_json::Value, CliError> {
    let p = Puzzle::load(&format!("turnstyle:{n}"))?;
    let t0 = Instant::now();
    let space = RingSpace::for_puzzle(&p)?;
    let setup = t0.elapsed().as_secs_f64();
    let t0 = Instant::now();
    let dist = naive_bfs(&space);
    let naive_s = t0.elapsed().as_secs_f64();
    let quiet = BfsOptions {
        antipode_sample: 0,
        ..BfsOptions::default()
    };
    let (_, r) = run_bfs(&space, &quiet, &command_budget(&Bar::search(false), None))?;
    let table_s = setup + r.seconds;
    if r.distribution != dist {
        return Err(format!("turnstyle:{n}: naive and table searches disagree").into());
    }
    errln!("naive turnstyle:{n}: {naive_s:.2} s vs {table_s:.3} s");
    Ok(json!({
        "case": format!("turnstyle:{n} up to rotation ({} positions)", r.states),
        "naive_seconds": naive_s,
        "table_seconds": table_s,
        "ratio": naive_s / table_s,
    }))
}

/// The searches of the benchmark: name, a filter key for `--only`, the space, the goal
/// in seconds (set-up and search).
type Case = (
    &'static str,
    &'static str,
    Box<dyn Fn() -> Result<AnySpace, CliError>>,
    f64,
);

fn cases() -> Vec<Case> {
    fn load(spec: &str, inverses: bool, rotation: bool) -> Result<AnySpace, CliError> {
        let p = Puzzle::load(spec)?;
        Ok(if rotation {
            AnySpace::Ring(RingSpace::for_puzzle(&p)?)
        } else {
            AnySpace::Group(GroupSpace::for_puzzle(&p, inverses)?)
        })
    }
    vec![
        (
            "turnstyle12 up to rotation (11!)",
            "turnstyle12",
            Box::new(|| load("turnstyle:12", false, true)),
            3.0,
        ),
        (
            "board:3x4:2 with inverses (12!, 12 moves)",
            "board3x4",
            Box::new(|| load("board:3x4:2", true, false)),
            30.0,
        ),
        (
            "cube3 <R,U> HTM (73,483,200)",
            "cube-ru",
            Box::new(|| Ok(AnySpace::Group(cube_ru_space()?))),
            10.0,
        ),
        (
            "board:4x4:3 with inverses (8!*8!/2)",
            "board4x4",
            Box::new(|| load("board:4x4:3", true, false)),
            60.0,
        ),
    ]
}

pub(super) fn bench_search(
    only: &[String],
    json: bool,
    latex: Option<&std::path::Path>,
    markdown: Option<&std::path::Path>,
) -> CliResult {
    let machine = Machine::at_start();
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| name.contains(o.as_str()));
    let bar = Bar::search(!json);
    let budget = command_budget(&bar, None);
    let threads = rayon::current_num_threads();
    let mut rows = Vec::new();
    for (name, key, build, goal) in cases() {
        if wanted(key) {
            rows.push(time_search(name, &*build, goal, &budget, threads)?);
        }
    }
    let mut naive_rows = Vec::new();
    if wanted("naive") {
        for n in [10usize, 11] {
            naive_rows.push(naive_comparison(n)?);
        }
    }
    if let Some(path) = latex {
        let tex = bench_search_latex(threads, &rows, &naive_rows);
        permlab::io::write_atomic(path, tex.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if let Some(path) = markdown {
        let clause = machine.clause(Some(&super::load_average()));
        markdown::write(
            path,
            &bench_search_markdown(&clause, threads, &rows, &naive_rows),
        )?;
    }
    if json {
        print_json(&json!({"threads": threads, "searches": rows, "naive": naive_rows}))?;
    } else {
        print_search_table(threads, &rows, &naive_rows)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The benchmark as a text table.
fn print_search_table(
    threads: usize,
    rows: &[serde_json::Value],
    naive_rows: &[serde_json::Value],
) -> Result<(), CliError> {
    outln!("threads: {threads}");
    outln!(
        "{:<44} {:>12} {:>8} {:>9} {:>8} {:>14} {:>9} {:>14} {:>10} {:>8}  goal (total s)",
        "case",
        "positions",
        "setup s",
        "search s",
        "total s",
        "positions/s",
        "CPU s",
        "pos/CPU s",
        "bytes/pos",
        "peak MB"
    );
    for r in rows {
        outln!(
            "{:<44} {:>12} {:>8.2} {:>9.2} {:>8.2} {:>14.0} {:>9.2} {:>14.0} {:>10.3} {:>8}  {}: {}",
            r["case"].as_str().unwrap_or(""),
            r["states"],
            r["setup_seconds"].as_f64().unwrap_or(0.0),
            r["seconds"].as_f64().unwrap_or(0.0),
            r["total_seconds"].as_f64().unwrap_or(0.0),
            r["positions_per_second"].as_f64().unwrap_or(0.0),
            r["cpu_seconds"].as_f64().unwrap_or(0.0),
            r["positions_per_cpu_second"].as_f64().unwrap_or(0.0),
            r["bytes_per_position"].as_f64().unwrap_or(0.0),
            r["peak_memory_bytes"].as_u64().unwrap_or(0) >> 20,
            r["goal"].as_str().unwrap_or(""),
            if r["goal_met"].as_bool() == Some(true) {
                "met"
            } else {
                "not met"
            }
        );
    }
    for r in naive_rows {
        outln!(
            "naive hash-map BFS, {}: {:.2} s vs table {:.3} s (set-up included): {:.1}x slower",
            r["case"].as_str().unwrap_or(""),
            r["naive_seconds"].as_f64().unwrap_or(0.0),
            r["table_seconds"].as_f64().unwrap_or(0.0),
            r["ratio"].as_f64().unwrap_or(0.0)
        );
    }
    Ok(())
}
