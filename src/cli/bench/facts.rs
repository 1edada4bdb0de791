//! `bench groups --facts`: `permlab group FILE --json` as a user meets it — one
//! process per group, its default time budget — beside GAP computing the same facts
//! (`benches/gap/facts.g`) in the same run.

use super::gap::{run_script_lines, time_cells, GapLine};
use super::groups::{bench_group_files, BenchGroupsArgs};
use super::markdown::{self, Machine};
use crate::cli::output::{errln, out};
use crate::cli::{print_json, CliResult};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::Instant;

/// The headers of the table's columns.
const COLUMNS: [&str; 6] = [
    "group",
    "permlab group (ms, one process)",
    "facts not computed",
    "GAP (ms, inside GAP)",
    "GAP (ms, one process)",
    "permlab/GAP (processes)",
];

/// The Markdown alignment of the table.
const ALIGN: [&str; 6] = ["---", "---:", "---:", "---:", "---:", "---:"];

/// The JSON keys of the facts `permlab group` computes within its time budget.
const EXPENSIVE: [&str; 6] = [
    "structure",
    "composition_series",
    "derived_orders",
    "center_order",
    "is_primitive",
    "is_solvable",
];

/// One group's row: its label, permlab's wall time and JSON answer.
struct Row {
    label: &'static str,
    ms: f64,
    facts: Value,
}

impl Row {
    /// The facts left `null` (not computed within the default time).
    fn missing(&self) -> usize {
        EXPENSIVE
            .iter()
            .filter(|k| self.facts[**k].is_null())
            .count()
    }
}

/// `permlab group FILE --json` in a process of its own: wall milliseconds and the
/// document it printed.
fn run_group(file: &std::path::Path) -> Result<(f64, Value), String> {
    let exe = std::env::current_exe().map_err(|e| format!("permlab's own path: {e}"))?;
    let t = Instant::now();
    let out = Command::new(exe)
        .arg("group")
        .arg(file)
        .arg("--json")
        .output()
        .map_err(|e| format!("permlab group {}: {e}", file.display()))?;
    let ms = t.elapsed().as_secs_f64() * 1e3;
    if !out.status.success() {
        return Err(format!(
            "permlab group {}: {}",
            file.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let v = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("permlab group {}: not JSON: {e}", file.display()))?;
    Ok((ms, v))
}

/// The facts on which GAP's line (`MS DERIVED CENTRE PRIMITIVE SOLVABLE`) and
/// permlab's answer, where it computed them, differ: one sentence each.
fn disagreements(row: &Row, gap: &[String]) -> Vec<String> {
    let [_, derived, centre, _, solvable] = gap else {
        return vec![format!("GAP's answer for {} is malformed", row.label)];
    };
    let mut out = Vec::new();
    if let Some(ours) = row.facts["derived_orders"].as_array() {
        let ours: Vec<&str> = ours.iter().filter_map(Value::as_str).collect();
        if ours.join(",") != *derived {
            out.push(format!(
                "GAP's derived series of {} has orders {derived}, permlab's {}!",
                row.label,
                ours.join(",")
            ));
        }
    }
    if let Some(ours) = row.facts["center_order"].as_str() {
        if ours != centre {
            out.push(format!(
                "GAP's centre of {} has order {centre}, permlab's {ours}!",
                row.label
            ));
        }
    }
    if let Some(ours) = row.facts["is_solvable"].as_bool() {
        if ours.to_string() != *solvable {
            out.push(format!(
                "GAP says {} is solvable: {solvable}, permlab: {ours}!",
                row.label
            ));
        }
    }
    out
}

pub(super) fn bench_facts(args: &BenchGroupsArgs, json: bool) -> CliResult {
    let machine = Machine::at_start();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let data = args.data.clone().unwrap_or_else(|| root.join("tests/data"));
    let tmp = std::env::temp_dir().join(format!("permlab-bench-facts-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    let result = facts_in(args, &data, &tmp, &root, &machine, json);
    let _ = std::fs::remove_dir_all(&tmp);
    result
}

/// [`bench_facts`] with its scratch directory `tmp` for the groups' files.
fn facts_in(
    args: &BenchGroupsArgs,
    data: &std::path::Path,
    tmp: &std::path::Path,
    root: &std::path::Path,
    machine: &Machine,
    json: bool,
) -> CliResult {
    let groups = bench_group_files(args, data, tmp)?;
    if groups.is_empty() {
        return Err(format!(
            "--only {}: no group of bench groups has that in its label",
            args.only.join(", ")
        )
        .into());
    }
    let bar = crate::cli::progress::Bar::items(groups.len() as u64, true);
    let mut rows = Vec::new();
    let mut files = Vec::new();
    for (label, _, file) in &groups {
        if crate::cli::progress::stopped() {
            break;
        }
        bar.message(label.to_string());
        let (ms, facts) = run_group(file)?;
        rows.push(Row { label, ms, facts });
        files.push(file.as_path());
        bar.step("");
    }
    bar.clear();
    // GAP, one process per group as for permlab (its wall time, start-up included),
    // and the time its script measured inside GAP
    let mut gap_inside: Vec<Option<f64>> = vec![None; rows.len()];
    let mut gap_process: Vec<Option<f64>> = vec![None; rows.len()];
    let mut notes = Vec::new();
    if args.no_gap {
        notes.push("GAP skipped (--no-gap)".to_string());
    } else if !rows.is_empty() {
        errln!(
            "running GAP on {} groups (timeout {} s each)…",
            rows.len(),
            args.gap_timeout
        );
        for (i, file) in files.iter().enumerate() {
            if crate::cli::progress::stopped() {
                break;
            }
            let t = Instant::now();
            let run = run_script_lines(root, "facts.g", &[file], args.gap_timeout, None);
            let wall = t.elapsed().as_secs_f64() * 1e3;
            if !run.note.is_empty() {
                notes.push(run.note);
                break;
            }
            (gap_inside[i], gap_process[i]) = match run.lines.into_iter().next().flatten() {
                Some(GapLine::Fields(f)) => {
                    notes.extend(disagreements(&rows[i], &f));
                    (f.first().and_then(|ms| ms.parse().ok()), Some(wall))
                }
                Some(GapLine::Timeout) => (Some(f64::INFINITY), Some(f64::INFINITY)),
                Some(GapLine::Failed) | None => (None, None),
            };
        }
    }
    // the median over the groups GAP finished
    let ratios: Vec<f64> = rows
        .iter()
        .zip(&gap_process)
        .filter_map(|(r, g)| g.filter(|g| g.is_finite()).map(|g| r.ms / g.max(0.001)))
        .collect();
    let med = super::median(&ratios).unwrap_or(f64::NAN);
    if med.is_finite() {
        notes.insert(0, format!("median permlab/GAP ratio over the {} groups GAP finished: {med:.3} (wall times of one process each, start-up included)", ratios.len()));
    }
    if json {
        let v: Vec<Value> = rows
            .iter()
            .zip(gap_inside.iter().zip(&gap_process))
            .map(|(r, (inside, process))| {
                let ms = |g: &Option<f64>| {
                    g.map(|x| {
                        if x.is_finite() {
                            json!(x)
                        } else {
                            json!("timeout")
                        }
                    })
                };
                json!({
                    "group": r.label, "permlab_ms": r.ms, "not_computed": r.missing(),
                    "gap_ms": ms(inside), "gap_process_ms": ms(process),
                })
            })
            .collect();
        print_json(&json!({
            "groups": v,
            "median_ratio": if med.is_finite() { json!(med) } else { json!(null) },
            "notes": notes,
        }))?;
    }
    let table: Vec<[String; 6]> = rows
        .iter()
        .zip(gap_inside.iter().zip(&gap_process))
        .map(|(r, (inside, process))| {
            let [inside, _] = time_cells(r.ms, *inside, args.gap_timeout);
            let [process, ratio] = time_cells(r.ms, *process, args.gap_timeout);
            [
                r.label.to_string(),
                format!("{:.0}", r.ms),
                r.missing().to_string(),
                inside,
                process,
                ratio,
            ]
        })
        .collect();
    let mut md = markdown::table(&COLUMNS, &ALIGN, &table);
    for note in &notes {
        md.push_str(&format!("\n{note}\n"));
    }
    if let Some(path) = &args.markdown {
        let clause = machine.clause(Some(&super::load_average()));
        markdown::write(
            path,
            &(markdown::head("bench groups --facts --markdown", "", &clause) + &md),
        )?;
    }
    if !json {
        out!("{md}");
    }
    Ok(ExitCode::SUCCESS)
}
