//! `bench groups --per-fact`: each fact `permlab group --json` prints, computed alone
//! on a fresh group in this process, beside GAP computing the same fact on a fresh
//! group object (`benches/gap/per_fact.g`, timed inside GAP) in the same run: one row
//! per group and fact, with the ratio.

use super::gap::{run_script_lines, GapLine};
use super::groups::{bench_group_files, BenchGroupsArgs};
use super::markdown::{self, Machine};
use crate::cli::output::{errln, out};
use crate::cli::{print_json, CliResult};
use permlab::group::composition::SeriesError;
use permlab::group::limit::Limit;
use permlab::{PermGroup, Puzzle};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The facts, as the table names them, in the order GAP's script computes them
/// (`StructureDescription` last: on large groups it is GAP's slowest).
const FACTS: [&str; 7] = [
    "order",
    "derived series",
    "centre",
    "primitivity",
    "solvability",
    "composition series",
    "structure",
];

/// The headers of the table's columns.
const COLUMNS: [&str; 5] = ["group", "fact", "permlab (ms)", "GAP (ms)", "permlab/GAP"];

/// The Markdown alignment of the table.
const ALIGN: [&str; 5] = ["---", "---", "---:", "---:", "---:"];

/// permlab's time for one fact.
#[derive(Clone, Copy)]
enum Ours {
    /// Computed in this many milliseconds.
    Ms(f64),
    /// Not computed: over the time limit.
    OverLimit,
    /// Not computed: the method does not apply (a composition series it cannot
    /// reduce).
    NotComputed,
}

/// Computes fact `i` of [`FACTS`] on a fresh group built from `p`'s generators within
/// `limit_s` seconds.
fn time_fact(p: &Puzzle, i: usize, limit_s: u64) -> Ours {
    let g = PermGroup::new(p.degree(), p.generator_perms());
    let limit = Limit::within(Duration::from_secs(limit_s));
    let t = Instant::now();
    let done = match i {
        0 => g.order_within(&limit).is_ok(),
        1 => g.derived_series_within(&limit).is_ok(),
        2 => g.center_within(&limit).is_ok(),
        3 => g.is_primitive_within(&limit).is_ok(),
        4 => g.is_solvable_within(&limit).is_ok(),
        5 => match g.composition_series_within(&limit) {
            Ok(_) => true,
            Err(SeriesError::Interrupted(_)) => false,
            Err(SeriesError::Unsupported(_)) => return Ours::NotComputed,
        },
        _ => g.structure_description_within(&limit).is_ok(),
    };
    let ms = t.elapsed().as_secs_f64() * 1e3;
    if done {
        Ours::Ms(ms)
    } else {
        Ours::OverLimit
    }
}

/// GAP's time for one fact.
#[derive(Clone, Copy)]
enum Theirs {
    /// Inside GAP, in milliseconds.
    Ms(f64),
    /// GAP was stopped at the timeout before finishing this fact.
    Timeout,
    /// GAP was stopped at the timeout on an earlier fact.
    NotReached,
    /// No answer (GAP skipped or failed).
    Unknown,
}

pub(super) fn bench_per_fact(args: &BenchGroupsArgs, json: bool) -> CliResult {
    let machine = Machine::at_start();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let data = args.data.clone().unwrap_or_else(|| root.join("tests/data"));
    let tmp = std::env::temp_dir().join(format!("permlab-bench-per-fact-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    let result = per_fact_in(args, &data, &tmp, &root, &machine, json);
    let _ = std::fs::remove_dir_all(&tmp);
    result
}

/// [`bench_per_fact`] with its scratch directory `tmp` for the groups' files.
fn per_fact_in(
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
    let bar = crate::cli::progress::Bar::items((groups.len() * FACTS.len()) as u64, true);
    let mut ours: Vec<[Ours; 7]> = Vec::new();
    for (label, p, _) in &groups {
        let mut row = [Ours::NotComputed; 7];
        for (i, fact) in FACTS.iter().enumerate() {
            if crate::cli::progress::stopped() {
                break;
            }
            bar.message(format!("{label}: {fact}"));
            row[i] = time_fact(p, i, args.gap_timeout);
            bar.step("");
        }
        ours.push(row);
    }
    bar.clear();
    let mut theirs: Vec<[Theirs; 7]> = vec![[Theirs::Unknown; 7]; groups.len()];
    let mut notes = Vec::new();
    if args.no_gap {
        notes.push("GAP skipped (--no-gap)".to_string());
    } else {
        errln!(
            "running GAP on {} groups (timeout {} s each, all facts)…",
            groups.len(),
            args.gap_timeout
        );
        for (gi, (_, _, file)) in groups.iter().enumerate() {
            if crate::cli::progress::stopped() {
                break;
            }
            let run = run_script_lines(root, "per_fact.g", &[file], args.gap_timeout, None);
            if !run.note.is_empty() {
                notes.push(run.note);
                break;
            }
            // the script prints the times so far after each fact: a line with j times
            // means facts j.. were not finished (the first of them at the timeout)
            let times: Vec<f64> = match run.lines.into_iter().next().flatten() {
                Some(GapLine::Fields(f)) => f.iter().filter_map(|x| x.parse().ok()).collect(),
                Some(GapLine::Timeout) => Vec::new(),
                Some(GapLine::Failed) | None => {
                    continue;
                }
            };
            for (i, slot) in theirs[gi].iter_mut().enumerate() {
                *slot = match times.get(i) {
                    Some(&ms) => Theirs::Ms(ms),
                    None if i == times.len() => Theirs::Timeout,
                    None => Theirs::NotReached,
                };
            }
        }
    }
    let mut rows: Vec<[String; 5]> = Vec::new();
    let mut records: Vec<Value> = Vec::new();
    let mut ratios = Vec::new();
    let mut above = Vec::new();
    for (gi, (label, _, _)) in groups.iter().enumerate() {
        for (i, fact) in FACTS.iter().enumerate() {
            let (o, t) = (ours[gi][i], theirs[gi][i]);
            let ours_cell = match o {
                Ours::Ms(ms) => format!("{ms:.1}"),
                Ours::OverLimit => format!("> {} s", args.gap_timeout),
                Ours::NotComputed => "not computed".into(),
            };
            let (gap_cell, ratio) = match (o, t) {
                (Ours::Ms(a), Theirs::Ms(b)) => {
                    let r = a / b.max(0.001);
                    (format!("{b:.1}"), Some(r))
                }
                (_, Theirs::Ms(b)) => (format!("{b:.1}"), None),
                (_, Theirs::Timeout) => (format!("> {} s (all facts)", args.gap_timeout), None),
                (_, Theirs::NotReached) => ("not reached".into(), None),
                (_, Theirs::Unknown) => ("-".into(), None),
            };
            let ratio_cell = match (ratio, o, t) {
                (Some(r), _, _) => {
                    ratios.push(r);
                    if r > 1.0 {
                        above.push(format!("{label}: {fact} ({r:.2})"));
                    }
                    format!("{r:.3}")
                }
                (None, Ours::Ms(a), Theirs::Timeout) => {
                    format!("< {:.5}", a / (args.gap_timeout as f64 * 1e3))
                }
                _ => "-".into(),
            };
            records.push(json!({
                "group": label,
                "fact": fact,
                "permlab_ms": match o { Ours::Ms(ms) => json!(ms), Ours::OverLimit => json!("over limit"), Ours::NotComputed => json!("not computed") },
                "gap_ms": match t { Theirs::Ms(ms) => json!(ms), Theirs::Timeout => json!("timeout"), Theirs::NotReached => json!("not reached"), Theirs::Unknown => json!(null) },
                "ratio": ratio,
            }));
            rows.push([
                label.to_string(),
                fact.to_string(),
                ours_cell,
                gap_cell,
                ratio_cell,
            ]);
        }
    }
    let med = super::median(&ratios);
    if let Some(m) = med {
        notes.insert(
            0,
            format!(
                "median permlab/GAP ratio over the {} rows both computed: {m:.3}; rows above 1: {}",
                ratios.len(),
                if above.is_empty() {
                    "none".to_string()
                } else {
                    above.join(", ")
                }
            ),
        );
    }
    if json {
        print_json(&json!({
            "rows": records,
            "median_ratio": med,
            "above_one": above,
            "notes": notes,
        }))?;
    }
    let mut md = markdown::table(&COLUMNS, &ALIGN, &rows);
    for note in &notes {
        md.push_str(&format!("\n{note}\n"));
    }
    if let Some(path) = &args.markdown {
        let clause = machine.clause(Some(&super::load_average()));
        markdown::write(
            path,
            &(markdown::head("bench groups --per-fact --markdown", "", &clause) + &md),
        )?;
    }
    if !json {
        out!("{md}");
    }
    Ok(ExitCode::SUCCESS)
}
