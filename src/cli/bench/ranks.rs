//! `bench search --ranks 1,2`: the distributed search (`bfs --mpi`) under `mpirun`
//! with each number of ranks, beside the single-process search, and a model of its
//! communication: bytes sent per layer from the search's own statistics, and the
//! estimated time of a larger search on a cluster.

use crate::cli::output::outln;
use crate::cli::{print_json, CliError, CliResult};
use serde_json::{json, Value};
use std::process::{Command, ExitCode};
use std::time::Instant;

/// A case of the benchmark: its name and the `bfs` arguments.
const CASES: &[(&str, &[&str])] = &[
    ("turnstyle:11", &["turnstyle:11"]),
    (
        "board:3x4:2 with inverses (12!)",
        &["board:3x4:2", "--inverses"],
    ),
];

/// Bytes per neighbour index sent (a `u64`).
const BYTES_PER_INDEX: f64 = 8.0;

/// The cluster the model estimates: nodes, cores per node, link bytes per second.
const MODEL_NODES: [u64; 2] = [16, 64];
const MODEL_CORES_PER_NODE: u64 = 32;
const MODEL_LINK_BYTES: f64 = 10e9 / 8.0;

/// Runs `permlab bfs ARGS --quiet --json` (with `--mpi` under `mpirun -np n` when
/// `ranks` is given) and returns its JSON and the process's wall time.
fn run_bfs(args: &[&str], ranks: Option<usize>) -> Result<(Value, f64), CliError> {
    let exe = std::env::current_exe().map_err(|e| format!("bench: {e}"))?;
    let mut cmd = match ranks {
        Some(n) => {
            let mut c = Command::new("mpirun");
            c.env("OMPI_ALLOW_RUN_AS_ROOT", "1")
                .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
                .args(["--oversubscribe", "-np", &n.to_string()])
                .arg(&exe);
            c
        }
        None => Command::new(&exe),
    };
    cmd.arg("bfs").args(args).args(["--quiet", "--json"]);
    if ranks.is_some() {
        cmd.arg("--mpi");
    }
    let start = Instant::now();
    let out = cmd
        .output()
        .map_err(|e| format!("bench --ranks: cannot run mpirun ({e}); install Open MPI"))?;
    let wall = start.elapsed().as_secs_f64();
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let line = err
            .lines()
            .find(|l| l.contains("permlab: error"))
            .unwrap_or("failed");
        return Err(format!("bench --ranks: {}: {line}", args.join(" ")).into());
    }
    let v: Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("bench --ranks: bfs printed no JSON: {e}"))?;
    Ok((v, wall))
}

/// Positions expanded in each layer by the distributed search: every entry whose
/// code is the layer's distance mod 3 (the layer itself and the layers 3, 6, …
/// before it, whose neighbours are all seen already but are sent again).
pub fn expansions_per_layer(distribution: &[u64]) -> Vec<u64> {
    (0..distribution.len().saturating_sub(1))
        .map(|d| (0..=d).rev().step_by(3).map(|j| distribution[j]).sum())
        .collect()
}

/// The communication model of a search with this distribution and `moves` moves on
/// `ranks` ranks: neighbour indices sent to other ranks (a fraction `(n-1)/n` of all
/// generated, for an index spread evenly over the slices) and their bytes.
fn traffic(distribution: &[u64], moves: u64, ranks: u64) -> (u64, f64) {
    let expanded: u64 = expansions_per_layer(distribution).iter().sum();
    let generated = expanded * moves;
    let remote = generated as f64 * (ranks - 1) as f64 / ranks as f64;
    (generated, remote * BYTES_PER_INDEX)
}

/// The benchmark and the model as LaTeX (a table and sentences), for the paper.
fn ranks_latex(load: &str, rows: &[Value], model: &Value) -> String {
    let f = |v: &Value, k: &str| v[k].as_f64().unwrap_or(0.0);
    let mut t = String::from(
        "% written by `permlab bench search --ranks … --latex`\n\\begin{tabular}{@{}lrrrr@{}}\n\\toprule\n\
         search & ranks & search (s) & M pos./s & GB sent \\\\\n\\midrule\n",
    );
    for r in rows {
        let name = permlab::escape::latex_text(r["case"].as_str().unwrap_or(""));
        t.push_str(&format!(
            "{name} & bfs & {:.2} & {:.1} & -- \\\\\n",
            f(r, "single_process_seconds"),
            f(r, "states") / f(r, "single_process_seconds").max(1e-9) / 1e6
        ));
        for run in r["runs"].as_array().into_iter().flatten() {
            t.push_str(&format!(
                " & {} & {:.2} & {:.1} & {:.2} \\\\\n",
                run["ranks"],
                f(run, "seconds"),
                f(run, "positions_per_second") / 1e6,
                f(run, "bytes_sent") / 1e9
            ));
        }
    }
    t.push_str(&format!(
        "\\bottomrule\n\\end{{tabular}}\n\nLoad average at the start: {}. ",
        permlab::escape::latex_text(load)
    ));
    for line in model["text"].as_array().into_iter().flatten() {
        t.push_str(&permlab::escape::latex_text(
            line.as_str().unwrap_or("").trim(),
        ));
        t.push_str(".\n");
    }
    t
}

pub(super) fn bench_ranks(
    only: &[String],
    ranks: &[usize],
    json: bool,
    latex: Option<&std::path::Path>,
) -> CliResult {
    if ranks.is_empty() || ranks.contains(&0) {
        return Err("--ranks: give rank counts of at least 1, e.g. --ranks 1,2".into());
    }
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| name.contains(o.as_str()));
    let load = super::load_average();
    let mut rows = Vec::new();
    for &(name, args) in CASES.iter().filter(|(n, _)| wanted(n)) {
        let (one, one_wall) = run_bfs(args, None)?;
        let distribution: Vec<u64> = serde_json::from_value(one["distribution"].clone())
            .map_err(|e| format!("bench: {e}"))?;
        let moves = one["moves"].as_array().map_or(0, |m| m.len()) as u64;
        let states = one["states"].as_u64().unwrap_or(0);
        let mut runs = Vec::new();
        for &n in ranks {
            let (v, wall) = run_bfs(args, Some(n))?;
            if v["distribution"] != one["distribution"] {
                return Err(format!(
                    "bench --ranks: {name} on {n} ranks: a distribution other than the single process's"
                )
                .into());
            }
            let (generated, bytes) = traffic(&distribution, moves, n as u64);
            let seconds = v["seconds"].as_f64().unwrap_or(0.0);
            runs.push(json!({
                "ranks": n,
                "seconds": seconds,
                "wall_seconds": wall,
                "positions_per_second": states as f64 / seconds.max(1e-9),
                "neighbours_generated": generated,
                "bytes_sent": bytes,
            }));
        }
        rows.push(json!({
            "case": name,
            "states": states,
            "moves": moves,
            "layers": distribution.len(),
            "expansions_per_position": expansions_per_layer(&distribution).iter().sum::<u64>() as f64 / states as f64,
            "single_process_seconds": one["seconds"],
            "single_process_wall_seconds": one_wall,
            "runs": runs,
        }));
    }
    let model = cluster_model(&rows);
    if let Some(path) = latex {
        permlab::io::write_atomic(path, ranks_latex(&load, &rows, &model).as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if json {
        print_json(&json!({"load_average": load, "cases": rows, "model": model}))?;
        return Ok(ExitCode::SUCCESS);
    }
    outln!("load average at the start: {load}; ranks share this machine's cores (mpirun --oversubscribe)");
    outln!(
        "{:<34} {:>6} {:>10} {:>14} {:>16} {:>14}",
        "case",
        "ranks",
        "search s",
        "positions/s",
        "neighbours sent",
        "bytes sent"
    );
    for r in &rows {
        outln!(
            "{:<34} {:>6} {:>10.2} {:>14.0} {:>16} {:>14}",
            r["case"].as_str().unwrap_or(""),
            "bfs",
            r["single_process_seconds"].as_f64().unwrap_or(0.0),
            r["states"].as_f64().unwrap_or(0.0)
                / r["single_process_seconds"].as_f64().unwrap_or(1.0),
            "-",
            "-"
        );
        for run in r["runs"].as_array().into_iter().flatten() {
            outln!(
                "{:<34} {:>6} {:>10.2} {:>14.0} {:>16.0} {:>14.3e}",
                "",
                run["ranks"],
                run["seconds"].as_f64().unwrap_or(0.0),
                run["positions_per_second"].as_f64().unwrap_or(0.0),
                run["neighbours_generated"].as_f64().unwrap_or(0.0)
                    * (run["ranks"].as_f64().unwrap_or(1.0) - 1.0)
                    / run["ranks"].as_f64().unwrap_or(1.0),
                run["bytes_sent"].as_f64().unwrap_or(0.0)
            );
        }
    }
    if let Some(text) = model["text"].as_array() {
        for line in text {
            outln!("{}", line.as_str().unwrap_or(""));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The model of the 3x5 board with 2x2 blocks (15! positions, 16 moves with
/// inverses) on 16 and 64 nodes: its expansions per position assumed equal to the
/// measured 3x4 board's, its neighbour rate per core the measured single-rank rate,
/// communication not overlapped with computation (a bound, not a prediction).
fn cluster_model(rows: &[Value]) -> Value {
    let Some(r) = rows.iter().find(|r| {
        r["case"]
            .as_str()
            .is_some_and(|c| c.starts_with("board:3x4"))
    }) else {
        return json!({"text": ["model: needs the board:3x4:2 case"]});
    };
    let Some(one_rank) = r["runs"]
        .as_array()
        .and_then(|runs| runs.iter().find(|x| x["ranks"] == 1))
    else {
        return json!({"text": ["model: needs a run on 1 rank (--ranks 1,…)"]});
    };
    let per_core = one_rank["neighbours_generated"].as_f64().unwrap_or(0.0)
        / one_rank["seconds"].as_f64().unwrap_or(1.0).max(1e-9);
    let ratio = r["expansions_per_position"].as_f64().unwrap_or(1.0);
    let positions = (1..=15u64).product::<u64>() as f64;
    let moves = 16.0;
    let generated = positions * ratio * moves;
    let mut text = vec![format!(
        "model: board:3x5:2 with inverses, 15! = {positions:.3e} positions, {:.0} GB of table; {ratio:.2} expansions per position (as measured on 3x4), {per_core:.3e} neighbours/s per core (measured on 1 rank), {MODEL_CORES_PER_NODE} cores per node, 10 Gb/s links, communication not overlapped",
        positions / 4.0 / 1e9
    )];
    let mut estimates = Vec::new();
    for nodes in MODEL_NODES {
        let cores = (nodes * MODEL_CORES_PER_NODE) as f64;
        let compute = generated / (per_core * cores);
        let off_node = generated * (nodes - 1) as f64 / nodes as f64 * BYTES_PER_INDEX;
        let comm = off_node / (nodes as f64 * MODEL_LINK_BYTES);
        let hours = (compute + comm) / 3600.0;
        text.push(format!(
            "  {nodes} nodes: {:.1} GB of table per node, {:.2e} bytes between nodes, compute {:.1} h + communication {:.1} h = {hours:.1} h",
            positions / 4.0 / 1e9 / nodes as f64,
            off_node,
            compute / 3600.0,
            comm / 3600.0
        ));
        estimates.push(json!({
            "nodes": nodes,
            "table_bytes_per_node": positions / 4.0 / nodes as f64,
            "bytes_between_nodes": off_node,
            "compute_hours": compute / 3600.0,
            "communication_hours": comm / 3600.0,
            "hours": hours,
        }));
    }
    json!({
        "puzzle": "board:3x5:2 --inverses",
        "positions": positions,
        "expansions_per_position": ratio,
        "neighbours_per_core_second": per_core,
        "cores_per_node": MODEL_CORES_PER_NODE,
        "link_bytes_per_second": MODEL_LINK_BYTES,
        "estimates": estimates,
        "text": text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansions_count_every_layer_of_the_same_residue() {
        // layers 0..5 of sizes 1, 2, 4, 8, 16, 32: layer d expands d, d-3, ...
        let d = [1, 2, 4, 8, 16, 32];
        assert_eq!(expansions_per_layer(&d), vec![1, 2, 4, 9, 18]);
        let (generated, bytes) = traffic(&d, 2, 2);
        assert_eq!(generated, 68);
        assert_eq!(bytes, 68.0 / 2.0 * 8.0);
    }
}
