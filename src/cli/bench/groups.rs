//! `bench groups`: `order()` from scratch against GAP's `Size(Group(gens))`.

use super::markdown::{self, Machine};
use crate::cli::output::{errln, out};
use crate::cli::{print_json, CliResult};
use num_bigint::BigUint;
use permlab::{Perm, PermGroup, Puzzle};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Options of `permlab bench groups` (a variant of the shared `bench` subcommand).
#[derive(clap::Args)]
pub struct BenchGroupsArgs {
    /// Directory holding the .gens files (default: the crate's tests/data).
    #[arg(long)]
    pub(super) data: Option<PathBuf>,
    /// Skip GAP.
    #[arg(long)]
    pub(super) no_gap: bool,
    /// Seconds GAP may spend on one group (start-up included).
    #[arg(long, default_value_t = 60)]
    pub(super) gap_timeout: u64,
    /// Also write the table as LaTeX (for the paper), atomically.
    #[arg(long, value_name = "FILE", value_parser = crate::cli::args::output_file)]
    latex: Option<PathBuf>,
    /// Also write the tables as Markdown (for the user guide), atomically.
    #[arg(long, value_name = "FILE", value_parser = crate::cli::args::output_file)]
    pub(super) markdown: Option<PathBuf>,
    /// Instead: `permlab group FILE --json` (the default facts within its default
    /// time, one process per group) beside GAP computing the same facts (order,
    /// orbits, structure description, derived series, centre, primitivity,
    /// solvability, composition series) in the same run: times, their ratio, the
    /// facts permlab left not computed, and any value the two disagree on.
    #[arg(long, conflicts_with = "latex")]
    pub(super) facts: bool,
    /// Instead: one row per group and fact of `permlab group --json` (order, derived
    /// series, centre, primitivity, solvability, composition series, structure), each
    /// computed alone on a fresh group in this process, beside GAP computing the same
    /// fact on a fresh group object (timed inside GAP) in the same run, with the ratio.
    #[arg(long, conflicts_with_all = ["latex", "facts"])]
    pub(super) per_fact: bool,
    /// Run only the groups and operations whose label contains one of these
    /// words (as the table names them, e.g. "M24" or "cube2 <R,U,F>").
    #[arg(long)]
    pub(super) only: Vec<String>,
}

impl BenchGroupsArgs {
    /// Whether the case labelled `label` runs (`--only`).
    pub(super) fn wanted(&self, label: &str) -> bool {
        self.only.is_empty() || self.only.iter().any(|o| label.contains(o.as_str()))
    }
}

/// The headers of the groups table's columns (text, LaTeX and Markdown).
const COLUMNS: [&str; 5] = [
    "group",
    "digits of order",
    "permlab (ms)",
    "GAP (ms)",
    "permlab/GAP",
];

/// The groups of the benchmark: (label, puzzle spec or .gens file name in the data dir).
const BENCH_GROUPS: &[(&str, &str)] = &[
    ("cube3", "cube3"),
    ("cube2 <R,U,F>", "@cube2_ruf.gens"),
    ("cube3 <R,U>", "@cube3_ru.gens"),
    ("M24", "@m24.gens"),
    ("turnstyle 64", "turnstyle:64"),
    ("S100 random", "@s100_random.gens"),
    ("A101 random", "@a101_random.gens"),
    ("S1000", "@s1000.gens"),
    ("board 10x10:3", "board:10x10:3"),
    ("board 20x20:5", "board:20x20:5"),
    ("S5 wr S6", "@wreath_s5_s6.gens"),
    ("PSL(2,509) deg 510", "@psl2_509.gens"),
    ("A33 on pairs deg 528", "@a33_on_pairs.gens"),
    ("PSL(2,1009) deg 1010", "psl:2:1009"),
    ("PSL(2,4001) deg 4002", "psl:2:4001"),
    ("PSL(3,31) deg 993", "psl:3:31"),
    ("PSL(3,43) deg 1893", "psl:3:43"),
    ("PSL(3,61) deg 3783", "psl:3:61"),
    ("PSL(4,11) deg 1464", "psl:4:11"),
    ("PSL(5,5) deg 781", "psl:5:5"),
    ("AGL(9,2) deg 512", "agl:9:2"),
    ("AGL(10,2) deg 1024", "agl:10:2"),
    ("AGL(12,2) deg 4096", "agl:12:2"),
    ("AGL(3,13) deg 2197", "agl:3:13"),
    ("S20 on 3-sets deg 1140", "sym:20:3"),
    ("S50 on pairs deg 1225", "sym:50:2"),
    ("S100 on pairs deg 4950", "sym:100:2"),
    ("A24 on 3-sets deg 2024", "alt:24:3"),
    ("M22 on 3-sets deg 1540", "@m22.gens:3"),
    ("M23 on 3-sets deg 1771", "@m23.gens:3"),
    ("M24 on 3-sets deg 2024", "@m24.gens:3"),
];

/// A benchmark group: a puzzle spec, or `@FILE:K` for the action of the group of a
/// `.gens` file of the data directory on the K-subsets of its points.
fn load_bench_group(data: &std::path::Path, spec: &str) -> Result<Puzzle, String> {
    let Some((name, k)) = spec.strip_prefix('@').and_then(|s| s.split_once(':')) else {
        return Puzzle::load(spec).map_err(|e| e.to_string());
    };
    let natural = Puzzle::load(&data.join(name).to_string_lossy()).map_err(|e| e.to_string())?;
    let k: usize = k.parse().map_err(|_| format!("{spec}: bad K"))?;
    let g = permlab::group::families::on_subsets(&natural.group(), k).map_err(|e| e.to_string())?;
    Puzzle::from_group(spec, &g).map_err(|e| e.to_string())
}

/// Times `PermGroup::new(..).order()` from scratch: the best of up to 5 runs (at least
/// one, stopping after 2 s), as GAP's side takes the best of up to 3.
fn time_order(p: &Puzzle) -> (f64, BigUint) {
    let mut times = Vec::new();
    let mut order = BigUint::from(0u32);
    let start = Instant::now();
    for _ in 0..5 {
        let t = Instant::now();
        let g = PermGroup::new(p.degree(), p.generator_perms());
        order = g.order();
        times.push(t.elapsed().as_secs_f64() * 1e3);
        if start.elapsed().as_secs_f64() > 2.0 {
            break;
        }
    }
    (times.iter().copied().fold(f64::INFINITY, f64::min), order)
}

/// The groups of [`BENCH_GROUPS`] that `--only` selects, each with its `.gens` file
/// (the data directory's, or one written into `tmp` for a puzzle spec).
pub(super) fn bench_group_files(
    args: &BenchGroupsArgs,
    data: &std::path::Path,
    tmp: &std::path::Path,
) -> Result<Vec<(&'static str, Puzzle, PathBuf)>, String> {
    let mut out = Vec::new();
    for (i, (label, spec)) in BENCH_GROUPS.iter().enumerate() {
        if !args.wanted(label) {
            continue;
        }
        let (p, file) = match spec.strip_prefix('@') {
            Some(name) if !name.contains(':') => {
                let f = data.join(name);
                (
                    Puzzle::load(&f.to_string_lossy()).map_err(|e| e.to_string())?,
                    f,
                )
            }
            _ => {
                let p = load_bench_group(data, spec)?;
                let f = tmp.join(format!("g{i}.gens"));
                let moves: Vec<(String, Perm)> = p
                    .generators()
                    .iter()
                    .map(|m| (m.name.clone(), m.perm.clone()))
                    .collect();
                std::fs::write(
                    &f,
                    permlab::puzzle::gens::format_gens(p.degree(), &moves, spec),
                )
                .map_err(|e| format!("{}: {e}", f.display()))?;
                (p, f)
            }
        };
        out.push((*label, p, file));
    }
    Ok(out)
}

/// GAP's `Size(Group(gens))` on each row's file (`rows`: label, order, permlab's ms,
/// file): its milliseconds (infinite after a timeout, `None` without an answer) and
/// a note (GAP skipped or missing, any order that differs from permlab's).
fn gap_sizes(
    root: &std::path::Path,
    rows: &[(String, String, f64, PathBuf)],
    no_gap: bool,
    gap_timeout: u64,
) -> (Vec<Option<f64>>, String) {
    if no_gap {
        return (vec![None; rows.len()], "GAP skipped (--no-gap)".into());
    }
    if rows.is_empty() {
        return (Vec::new(), String::new());
    }
    let files: Vec<&std::path::Path> = rows.iter().map(|r| r.3.as_path()).collect();
    errln!(
        "running GAP on {} groups (timeout {gap_timeout} s each)…",
        rows.len()
    );
    let run = super::gap::group_sizes(root, &files, gap_timeout);
    let mut note = run.note;
    let mut gap = vec![None; rows.len()];
    for (i, result) in run.results.into_iter().enumerate() {
        gap[i] = match result {
            Some(super::gap::GapResult::Size { size, ms }) => {
                if size != rows[i].1 {
                    note.push_str(&format!(
                        "\nGAP's size for {} is {size}, permlab's {}!",
                        rows[i].0, rows[i].1
                    ));
                }
                Some(ms)
            }
            Some(super::gap::GapResult::Timeout) => Some(f64::INFINITY),
            None => None,
        };
    }
    (gap, note)
}

/// The groups table as LaTeX (for the paper), written atomically to `path`, with the
/// median ratio `med` below it when there is one.
fn write_latex(path: &std::path::Path, table: &[[String; 5]], med: f64) -> Result<(), String> {
    let mut t = format!(
        "% written by `permlab bench groups --latex`\n\\begin{{tabular}}{{@{{}}lrrrr@{{}}}}\n\\toprule\n\
         {} \\\\\n\\midrule\n",
        COLUMNS.map(permlab::escape::latex_text).join(" & ")
    );
    for row in table {
        let cells: Vec<String> = row.iter().map(|c| permlab::escape::latex_text(c)).collect();
        t.push_str(&format!("{} \\\\\n", cells.join(" & ")));
    }
    t.push_str("\\bottomrule\n\\end{tabular}\n");
    if med.is_finite() {
        t.push_str(&format!("\n\nMedian ratio permlab/GAP: {med:.3}.\n"));
    }
    permlab::io::write_atomic(path, t.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))
}

pub(super) fn bench_groups(args: &BenchGroupsArgs, json: bool) -> CliResult {
    let (no_gap, gap_timeout) = (args.no_gap, args.gap_timeout);
    let machine = Machine::at_start();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let data = args.data.clone().unwrap_or_else(|| root.join("tests/data"));
    let tmp = std::env::temp_dir().join(format!("permlab-bench-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    let mut rows: Vec<(String, String, f64, PathBuf)> = Vec::new();
    let groups = bench_group_files(args, &data, &tmp)?;
    let bar = crate::cli::progress::Bar::items(groups.len() as u64, true);
    for (label, p, file) in groups {
        if crate::cli::progress::stopped() {
            break;
        }
        bar.message(label.to_string());
        let (ms, order) = time_order(&p);
        rows.push((label.to_string(), order.to_string(), ms, file));
        bar.step("");
    }
    bar.clear();
    let (gap, gap_note) = gap_sizes(&root, &rows, no_gap, gap_timeout);
    let conjugacy = super::classes::bench_classes(
        &root,
        &data,
        &tmp,
        &|label| args.wanted(label),
        no_gap,
        gap_timeout,
    );
    let _ = std::fs::remove_dir_all(&tmp);
    let (conjugacy, conjugacy_note) = conjugacy?;
    if rows.is_empty() && conjugacy.is_empty() && !crate::cli::progress::stopped() {
        return Err(format!(
            "--only {}: no group or operation of bench groups has that in its label",
            args.only.join(", ")
        )
        .into());
    }
    let ratios: Vec<f64> = rows
        .iter()
        .zip(&gap)
        .filter_map(|(r, g)| g.map(|g| r.2 / g.max(0.001)))
        .collect();
    let med = super::median(&ratios).unwrap_or(f64::NAN);
    if json {
        let v: Vec<_> = rows
            .iter()
            .zip(&gap)
            .map(|(r, g)| {
                json!({
                    "group": r.0, "order_digits": r.1.len(), "permlab_ms": r.2,
                    "gap_ms": g.map(|x| if x.is_finite() { json!(x) } else { json!("timeout") }),
                })
            })
            .collect();
        print_json(
            &json!({"groups": v, "median_ratio": if med.is_finite() { json!(med) } else { json!(null) }, "note": gap_note,
                "conjugacy": super::classes::rows_json(&conjugacy), "conjugacy_note": conjugacy_note}),
        )?;
    }
    // group, digits, permlab ms, GAP ms, ratio (as text)
    let table: Vec<[String; 5]> = rows
        .iter()
        .zip(&gap)
        .map(|(r, g)| {
            let [gs, rs] = super::gap::time_cells(r.2, *g, gap_timeout);
            [
                r.0.clone(),
                r.1.len().to_string(),
                format!("{:.2}", r.2),
                gs,
                rs,
            ]
        })
        .collect();
    if let Some(path) = &args.latex {
        write_latex(path, &table, med)?;
    }
    // the tables as Markdown: for the file, and as the text output
    let ratio_note = med.is_finite().then(|| format!("median permlab/GAP ratio: {med:.3} (GAP time measured inside GAP around Size(Group(gens)), start-up excluded)"));
    let mut md = String::new();
    if !table.is_empty() {
        md.push_str(&markdown::table(&COLUMNS, &markdown::NUMBERS_RIGHT, &table));
    }
    for note in [ratio_note.as_deref().unwrap_or(""), gap_note.trim()] {
        if !note.is_empty() {
            md.push_str(&format!("\n{note}\n"));
        }
    }
    if !conjugacy.is_empty() {
        if !md.is_empty() {
            md.push('\n');
        }
        md.push_str(&super::classes::rows_table(&conjugacy, gap_timeout));
    }
    if !conjugacy_note.trim().is_empty() {
        md.push_str(&format!("\n{}\n", conjugacy_note.trim()));
    }
    if let Some(path) = &args.markdown {
        let clause = machine.clause(Some(&super::load_average()));
        markdown::write(
            path,
            &(markdown::head("bench groups --markdown", "", &clause) + &md),
        )?;
    }
    if !json {
        out!("{md}");
    }
    Ok(ExitCode::SUCCESS)
}
