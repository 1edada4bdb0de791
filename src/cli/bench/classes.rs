//! `bench groups`, operations part: conjugacy classes, centralizers of random elements,
//! derived subgroups, centres, setwise stabilizers of random 4-sets and primitivity,
//! against GAP's `ConjugacyClasses`, `Centralizer`, `DerivedSubgroup`, `Centre`,
//! `Stabilizer(G, set, OnSets)` and `IsPrimitive` in the same run.

use permlab::puzzle::gens::format_gens;
use permlab::{Perm, PermGroup, Puzzle};
use rand::SeedableRng;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What is timed.
#[derive(Clone, Copy)]
enum Op {
    /// All conjugacy classes (the value is their number).
    Classes,
    /// The centralizer of a random element (the value is its order).
    Centralizer,
    /// The derived subgroup (the value is its order).
    Derived,
    /// The centre (the value is its order).
    Centre,
    /// The setwise stabilizer of a random 4-set of moved points (the value is its order).
    Setwise,
    /// Whether the group is primitive on its moved points (`true`/`false`).
    Primitive,
}

/// The cases: (label, .gens file in the data directory, operation).
const CASES: &[(&str, &str, Op)] = &[
    ("classes M12", "m12.gens", Op::Classes),
    ("classes PSL(2,61)", "psl2_61.gens", Op::Classes),
    ("classes cube2 <R,U,F>", "cube2_ruf.gens", Op::Classes),
    ("centralizer cube3 <R,U>", "cube3_ru.gens", Op::Centralizer),
    ("centralizer M24", "m24.gens", Op::Centralizer),
    ("centralizer S5 wr S6", "wreath_s5_s6.gens", Op::Centralizer),
    ("centralizer PSL(2,509)", "psl2_509.gens", Op::Centralizer),
    ("derived subgroup cube3 <R,U>", "cube3_ru.gens", Op::Derived),
    ("derived subgroup M24", "m24.gens", Op::Derived),
    (
        "derived subgroup S5 wr S6",
        "wreath_s5_s6.gens",
        Op::Derived,
    ),
    ("centre cube3 <R,U>", "cube3_ru.gens", Op::Centre),
    ("centre M24", "m24.gens", Op::Centre),
    ("centre S5 wr S6", "wreath_s5_s6.gens", Op::Centre),
    (
        "setwise stabilizer cube3 <R,U>",
        "cube3_ru.gens",
        Op::Setwise,
    ),
    ("setwise stabilizer M24", "m24.gens", Op::Setwise),
    (
        "setwise stabilizer PSL(2,509)",
        "psl2_509.gens",
        Op::Setwise,
    ),
    ("primitive M24", "m24.gens", Op::Primitive),
    ("primitive S5 wr S6", "wreath_s5_s6.gens", Op::Primitive),
    ("primitive A33 on pairs", "a33_on_pairs.gens", Op::Primitive),
];

/// Seed of the random elements whose centralizers are timed.
const SEED: u64 = 13;

/// One timed case.
pub(super) struct Row {
    pub label: String,
    /// permlab's answer (number of classes or centralizer order), decimal.
    pub value: String,
    pub ms: f64,
    /// GAP's time: `None` without GAP, infinite on a timeout.
    pub gap_ms: Option<f64>,
}

/// The best of up to 5 runs of `f` (at least one, stopping after 2 s), each from a
/// fresh group, as in `bench groups`.
fn best_of(
    p: &Puzzle,
    f: impl Fn(&PermGroup) -> Result<String, super::super::CliError>,
) -> Result<(f64, String), super::super::CliError> {
    let mut best = f64::INFINITY;
    let mut value = String::new();
    let start = Instant::now();
    for _ in 0..5 {
        let t = Instant::now();
        let g = PermGroup::new(p.degree(), p.generator_perms());
        value = f(&g)?;
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
        if start.elapsed().as_secs_f64() > 2.0 {
            break;
        }
    }
    Ok((best, value))
}

/// GAP's file for an operation with an extra argument: the puzzle's generators, then
/// `last` (the element to centralize, or a cycle through the set to stabilize).
fn with_last(
    p: &Puzzle,
    last: Perm,
    tmp: &Path,
    i: usize,
    label: &str,
) -> Result<PathBuf, super::super::CliError> {
    let mut moves: Vec<(String, Perm)> = p
        .generators()
        .iter()
        .map(|m| (m.name.clone(), m.perm.clone()))
        .collect();
    moves.push(("x".into(), last));
    let file = tmp.join(format!("operation{i}.gens"));
    let text = format_gens(
        p.degree(),
        &moves,
        &format!("{label}: the argument is last"),
    );
    std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(file)
}

/// Times the cases whose label is `wanted` with permlab and (unless `no_gap`) GAP; a note names GAP's answers
/// that differ from permlab's.
pub(super) fn bench_classes(
    root: &Path,
    data: &Path,
    tmp: &Path,
    wanted: &dyn Fn(&str) -> bool,
    no_gap: bool,
    gap_timeout: u64,
) -> Result<(Vec<Row>, String), super::super::CliError> {
    let mut rows = Vec::new();
    let mut files: Vec<(Op, PathBuf)> = Vec::new();
    for (i, &(label, name, op)) in CASES.iter().enumerate() {
        if !wanted(label) {
            continue;
        }
        if crate::cli::progress::stopped() {
            break;
        }
        let f = data.join(name);
        let p = Puzzle::load(&f.to_string_lossy())?;
        let (ms, value, file) = match op {
            Op::Classes => {
                let (ms, v) = best_of(&p, |g| {
                    Ok(g.conjugacy_classes(permlab::group::counting::CLASS_LIMIT)?
                        .len()
                        .to_string())
                })?;
                (ms, v, f)
            }
            Op::Centralizer => {
                let g = p.group();
                let mut rng = rand::rngs::StdRng::seed_from_u64(SEED);
                let x = g.random_element(&mut rng);
                let (ms, v) = best_of(&p, |g| Ok(g.centralizer(&x)?.order().to_string()))?;
                let file = with_last(&p, x, tmp, i, label)?;
                (ms, v, file)
            }
            Op::Setwise => {
                // four random moved points, passed to GAP as the points of a 4-cycle
                let mut rng = rand::rngs::StdRng::seed_from_u64(SEED);
                let moved = p.group().moved_points();
                let set: Vec<usize> =
                    rand::seq::IndexedRandom::choose_multiple(moved.as_slice(), &mut rng, 4)
                        .copied()
                        .collect();
                let (ms, v) = best_of(&p, |g| Ok(g.setwise_stabilizer(&set)?.order().to_string()))?;
                let cycle = Perm::from_cycles(p.degree(), std::slice::from_ref(&set))?;
                let file = with_last(&p, cycle, tmp, i, label)?;
                (ms, v, file)
            }
            Op::Derived => {
                let (ms, v) = best_of(&p, |g| Ok(g.derived_subgroup().order().to_string()))?;
                (ms, v, f)
            }
            Op::Centre => {
                let (ms, v) = best_of(&p, |g| Ok(g.center().order().to_string()))?;
                (ms, v, f)
            }
            Op::Primitive => {
                let (ms, v) = best_of(&p, |g| Ok(g.is_primitive().to_string()))?;
                (ms, v, f)
            }
        };
        rows.push(Row {
            label: label.to_string(),
            value,
            ms,
            gap_ms: None,
        });
        files.push((op, file));
    }
    let mut note = String::new();
    if no_gap {
        return Ok((rows, note));
    }
    for (op, script) in [
        (Op::Classes, "classes.g"),
        (Op::Centralizer, "centralizer.g"),
        (Op::Derived, "derived.g"),
        (Op::Centre, "centre.g"),
        (Op::Setwise, "setwise.g"),
        (Op::Primitive, "primitive.g"),
    ] {
        let idx: Vec<usize> = (0..files.len())
            .filter(|&i| std::mem::discriminant(&files[i].0) == std::mem::discriminant(&op))
            .collect();
        let paths: Vec<&Path> = idx.iter().map(|&i| files[i].1.as_path()).collect();
        if paths.is_empty() {
            continue;
        }
        let run = super::gap::run_script(root, script, &paths, gap_timeout);
        if !run.note.is_empty() && !note.contains(&run.note) {
            note.push_str(&run.note);
        }
        for (&i, result) in idx.iter().zip(run.results) {
            rows[i].gap_ms = match result {
                Some(super::gap::GapResult::Size { size, ms }) => {
                    if size != rows[i].value {
                        note.push_str(&format!(
                            "\nGAP's answer for {} is {size}, permlab's {}!",
                            rows[i].label, rows[i].value
                        ));
                    }
                    Some(ms)
                }
                Some(super::gap::GapResult::Timeout) => Some(f64::INFINITY),
                None => None,
            };
        }
    }
    Ok((rows, note))
}

/// The rows as JSON values.
pub(super) fn rows_json(rows: &[Row]) -> Vec<serde_json::Value> {
    rows.iter()
        .map(|r| {
            json!({
                "case": r.label, "value": r.value, "permlab_ms": r.ms,
                "gap_ms": r.gap_ms.map(|x| if x.is_finite() { json!(x) } else { json!("timeout") }),
            })
        })
        .collect()
}

/// The rows as a Markdown table (case, value, permlab ms, GAP ms, ratio).
pub(super) fn rows_table(rows: &[Row], gap_timeout: u64) -> String {
    let cells: Vec<[String; 5]> = rows
        .iter()
        .map(|r| {
            let [gap, ratio] = super::gap::time_cells(r.ms, r.gap_ms, gap_timeout);
            [
                r.label.clone(),
                r.value.clone(),
                format!("{:.2}", r.ms),
                gap,
                ratio,
            ]
        })
        .collect();
    super::markdown::table(
        &["case", "value", "permlab (ms)", "GAP (ms)", "permlab/GAP"],
        &super::markdown::NUMBERS_RIGHT,
        &cells,
    )
}
