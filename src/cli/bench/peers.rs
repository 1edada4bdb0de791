//! `bench search --peers`: the whole-space searches of `permlab bfs` beside T.
//! Rokicki's twsearch (`twsearch -g`, C++, from `rokicki/twsearch`) on the same
//! puzzles in the same run. twsearch is built from its source in the benchmark's
//! own directory (outside the crate's sources) and reads the definition files that
//! `permlab export --tws` writes. Both run as child processes, timed the same way
//! (wall clock, CPU and peak memory of the child from `wait4`), and their
//! distributions must agree.

use crate::cli::output::{errln, outln};
use crate::cli::{print_json, CliError, CliResult};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

/// A case: its name, the puzzle (for `bfs` and `export --tws`) and the `bfs`
/// options that make its metric twsearch's (every power of a move is one move).
const CASES: &[(&str, &str, &[&str])] = &[
    (
        "cube2 <R,U,F> HTM (3,674,160)",
        "tests/data/cube2_ruf.gens",
        &[],
    ),
    ("cube3 <R,U> HTM (73,483,200)", "cube3[R,U]", &[]),
    ("board:3x4:2 HTM (12!)", "board:3x4:2", &["--metric", "htm"]),
    (
        "board:4x4:3 HTM (8!*8!/2)",
        "board:4x4:3",
        &["--metric", "htm"],
    ),
];

/// Wall seconds, CPU seconds and peak resident memory (bytes) of a child process,
/// with what it printed on stdout.
pub(super) struct Measured {
    /// Wall-clock seconds from spawning to the end.
    pub wall: f64,
    /// User plus system CPU seconds of the child.
    pub cpu: f64,
    /// Peak resident memory of the child, bytes.
    pub peak: u64,
    /// What it printed on stdout.
    pub stdout: String,
    /// Whether it exited with status 0 (and was not killed).
    pub ok: bool,
    /// What it printed on stderr.
    pub stderr: String,
}

/// Runs `cmd` to the end, its stdout and stderr in files of `dir`, and measures it
/// with `wait4` (so the CPU time and peak memory are the child's own).
fn measure(cmd: Command, dir: &Path, tag: &str) -> Result<Measured, CliError> {
    measure_within(cmd, dir, tag, None)
}

/// [`measure`] with a time limit: a child still running after `limit` seconds is
/// killed (and reported as failed, `ok: false`).
pub(super) fn measure_within(
    cmd: Command,
    dir: &Path,
    tag: &str,
    limit: Option<f64>,
) -> Result<Measured, CliError> {
    measure_with_input(cmd, dir, tag, limit, None)
}

/// [`measure_within`] with the child's standard input read from the file `input`
/// (none: empty).
pub(super) fn measure_with_input(
    mut cmd: Command,
    dir: &Path,
    tag: &str,
    limit: Option<f64>,
    input: Option<&Path>,
) -> Result<Measured, CliError> {
    let stdin = match input {
        Some(p) => {
            Stdio::from(std::fs::File::open(p).map_err(|e| format!("{}: {e}", p.display()))?)
        }
        None => Stdio::null(),
    };
    let out_path = dir.join(format!("{tag}.out"));
    let err_path = dir.join(format!("{tag}.err"));
    let out =
        std::fs::File::create(&out_path).map_err(|e| format!("{}: {e}", out_path.display()))?;
    let err =
        std::fs::File::create(&err_path).map_err(|e| format!("{}: {e}", err_path.display()))?;
    cmd.stdin(stdin).stdout(out).stderr(err);
    let start = Instant::now();
    let child = cmd
        .spawn()
        .map_err(|e| format!("bench --peers: {tag}: {e}"))?;
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    let mut killed = false;
    let rc = loop {
        // with a limit, poll (WNOHANG) until the child ends or the limit passes;
        // the child is only reaped here, so `pid` stays ours until then
        let flags = if limit.is_some() && !killed {
            libc::WNOHANG
        } else {
            0
        };
        // SAFETY: `pid` is our child, not yet reaped (std's `Child` is never
        // waited: it is forgotten below); `status` and `usage` are valid for writes.
        let rc = unsafe { libc::wait4(pid, &mut status, flags, usage.as_mut_ptr()) };
        if rc != 0 {
            break rc;
        }
        if limit.is_some_and(|l| start.elapsed().as_secs_f64() > l) {
            // SAFETY: the child has not been reaped (wait4 returned 0), so `pid`
            // is still our child.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            killed = true;
        } else {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    };
    std::mem::forget(child);
    let wall = start.elapsed().as_secs_f64();
    if rc != pid {
        return Err(format!("bench --peers: {tag}: wait4 failed").into());
    }
    // SAFETY: wait4 returned the child's pid, so it filled `usage`.
    let usage = unsafe { usage.assume_init() };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    let mut stderr = read(&err_path);
    if killed {
        stderr.push_str(&format!(
            "killed after the limit of {:.0} s\n",
            limit.unwrap_or(0.0)
        ));
    }
    Ok(Measured {
        wall,
        cpu: secs(usage.ru_utime) + secs(usage.ru_stime),
        peak: (usage.ru_maxrss as u64) * 1024,
        stdout: read(&out_path),
        ok: !killed && libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        stderr,
    })
}

/// The distribution twsearch prints with `-g` (lines `Dist D cnt C tot T in S`; a
/// last layer with no positions, which it prints when it fills the space, is dropped).
pub fn twsearch_distribution(output: &str) -> Vec<u64> {
    let mut out = Vec::new();
    for line in output.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        if let ["Dist", d, "cnt", c, ..] = w.as_slice() {
            if let (Ok(d), Ok(c)) = (d.parse::<usize>(), c.parse::<u64>()) {
                if d == out.len() {
                    out.push(c);
                }
            }
        }
    }
    while out.last() == Some(&0) {
        out.pop();
    }
    out
}

/// twsearch's executable, built from the source in `src` with its Makefile when it
/// is not built yet; `None` (with the reason) when the source is not at hand.
pub(super) fn twsearch_binary(src: &Path) -> Result<PathBuf, String> {
    let bin = src.join("build/bin/twsearch");
    if bin.is_file() {
        return Ok(bin);
    }
    if !src.join("Makefile").is_file() || !src.join("src/cpp").is_dir() {
        return Err(format!(
            "twsearch's source is not at hand in {} (clone https://github.com/rokicki/twsearch there, or give --twsearch-src DIR)",
            src.display()
        ));
    }
    errln!(
        "building twsearch in {} (make build/bin/twsearch) ...",
        src.display()
    );
    let status = Command::new("make")
        .arg("build/bin/twsearch")
        .current_dir(src)
        .stdout(Stdio::null())
        .status()
        .map_err(|e| format!("make: {e}"))?;
    if !status.success() || !bin.is_file() {
        return Err(format!("building twsearch in {} failed", src.display()));
    }
    Ok(bin)
}

/// One position's optimal solve by twsearch, as it prints it for a scramble file
/// (`Solving NAME`, the solution's moves on a line that starts with a space, then
/// `Found 1 solution max depth D … in SECONDS rate …`, or `No solution found in D`).
#[derive(Clone, Debug, PartialEq)]
pub struct TwsSolve {
    /// The scramble's name.
    pub name: String,
    /// The solution's moves in twsearch's names; `None` when none was printed.
    pub moves: Option<Vec<String>>,
    /// The depth of the `Found` line.
    pub depth: Option<u32>,
    /// The seconds of the `Found` line (the search of this position alone).
    pub seconds: Option<f64>,
}

/// The solves of a twsearch run on a scramble file, in the order printed (see
/// [`TwsSolve`]). Lines of other kinds (table building, `Depth` lines) are skipped.
pub fn twsearch_solves(output: &str) -> Vec<TwsSolve> {
    let mut out: Vec<TwsSolve> = Vec::new();
    for line in output.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        if w.first() == Some(&"Solving") {
            out.push(TwsSolve {
                name: w[1..].join(" "),
                moves: None,
                depth: None,
                seconds: None,
            });
            continue;
        }
        let Some(cur) = out.last_mut() else { continue };
        if line.starts_with(' ') && cur.moves.is_none() && cur.depth.is_none() {
            // the solution (a blank line of one space: the empty solution)
            cur.moves = Some(w.iter().map(|m| m.to_string()).collect());
        } else if w.first() == Some(&"Found") && cur.depth.is_none() {
            let after = |key: &str| w.windows(2).find(|p| p[0] == key).map(|p| p[1].to_string());
            cur.depth = after("depth").and_then(|d| d.parse().ok());
            cur.seconds = after("in").and_then(|t| t.parse().ok());
        }
    }
    out
}

/// twsearch's optimal solver on positions: the definition `def` (a `.tws` text) and
/// one `ScrambleAlg` block per position (its name and the moves that make it from
/// solved, in the definition's move names), run as `twsearch --nowrite -M MB -t
/// THREADS def.tws positions.scr` in the directory `dir`, killed after `limit`
/// seconds. Returns the measured run and its solves ([`twsearch_solves`]).
pub(super) fn twsearch_optimal(
    bin: &Path,
    dir: &Path,
    def: &str,
    scrambles: &[(String, String)],
    threads: usize,
    memory_mb: u64,
    limit: f64,
) -> Result<(Measured, Vec<TwsSolve>), CliError> {
    let def_path = dir.join("puzzle.tws");
    std::fs::write(&def_path, def).map_err(|e| format!("{}: {e}", def_path.display()))?;
    let mut scr = String::new();
    for (name, moves) in scrambles {
        scr.push_str(&format!("ScrambleAlg {name}\n{moves}\nEnd\n"));
    }
    let scr_path = dir.join("positions.scr");
    std::fs::write(&scr_path, scr).map_err(|e| format!("{}: {e}", scr_path.display()))?;
    let mut cmd = Command::new(bin);
    cmd.args([
        "--nowrite",
        "-M",
        &memory_mb.to_string(),
        "-t",
        &threads.to_string(),
    ])
    .arg(&def_path)
    .arg(&scr_path)
    .current_dir(dir);
    let m = measure_within(cmd, dir, "twsearch-solve", Some(limit))?;
    let solves = twsearch_solves(&m.stdout);
    Ok((m, solves))
}

pub(super) fn bench_peers(
    only: &[String],
    twsearch_src: &Path,
    json: bool,
    latex: Option<&Path>,
) -> CliResult {
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| name.contains(o.as_str()));
    let load = super::load_average();
    let date = super::utc_date();
    let tws = match twsearch_binary(twsearch_src) {
        Ok(b) => b,
        Err(why) => {
            errln!("bench search --peers: skipped: {why}");
            if json {
                print_json(&json!({"skipped": why}))?;
            }
            return Ok(ExitCode::SUCCESS);
        }
    };
    let dir = std::env::temp_dir().join(format!("permlab-bench-peers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let exe = std::env::current_exe().map_err(|e| format!("bench: {e}"))?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut rows = Vec::new();
    for (i, &(name, puzzle, opts)) in CASES.iter().enumerate() {
        if !wanted(name) {
            continue;
        }
        let def = dir.join(format!("case{i}.tws"));
        let export = Command::new(&exe)
            .args(["export", puzzle, "--tws"])
            .output()
            .map_err(|e| format!("bench: {e}"))?;
        if !export.status.success() {
            return Err(format!("bench --peers: permlab export {puzzle} --tws failed").into());
        }
        std::fs::write(&def, &export.stdout).map_err(|e| format!("{}: {e}", def.display()))?;
        let mut ours = Command::new(&exe);
        ours.args(["bfs", puzzle, "--quiet", "--json"]).args(opts);
        let p = measure(ours, &dir, &format!("case{i}-permlab"))?;
        if !p.ok {
            return Err(format!("bench --peers: permlab bfs {puzzle}: {}", p.stderr.trim()).into());
        }
        let pv: Value = serde_json::from_str(&p.stdout).map_err(|e| format!("bench: {e}"))?;
        let ours_dist: Vec<u64> = serde_json::from_value(pv["distribution"].clone())
            .map_err(|e| format!("bench: {e}"))?;
        let mut theirs = Command::new(&tws);
        theirs
            .args(["-g", "--nowrite", "-t", &threads.to_string()])
            .arg(&def)
            .current_dir(&dir);
        let t = measure(theirs, &dir, &format!("case{i}-twsearch"))?;
        let tdist = twsearch_distribution(&t.stdout);
        let agree = t.ok && tdist == ours_dist;
        if !agree {
            errln!(
                "bench --peers: {name}: twsearch's distribution {:?} differs from permlab's {:?}",
                tdist,
                ours_dist
            );
        }
        rows.push(json!({
            "case": name,
            "positions": ours_dist.iter().sum::<u64>(),
            "permlab": {"wall_seconds": p.wall, "cpu_seconds": p.cpu, "peak_memory_bytes": p.peak},
            "twsearch": {"wall_seconds": t.wall, "cpu_seconds": t.cpu, "peak_memory_bytes": t.peak, "ok": t.ok},
            "distributions_agree": agree,
            "wall_ratio": p.wall / t.wall.max(1e-9),
            "cpu_ratio": p.cpu / t.cpu.max(1e-9),
        }));
    }
    let _ = std::fs::remove_dir_all(&dir);
    if let Some(path) = latex {
        permlab::io::write_atomic(path, peers_latex(&date, &load, threads, &rows).as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if json {
        print_json(
            &json!({"date": date, "load_average": load, "threads": threads, "cases": rows}),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    outln!("{date}, load average {load} at the start; both with {threads} threads (twsearch -t {threads})");
    outln!(
        "{:<32} {:>12} {:>22} {:>22} {:>7} {:>7}  agree",
        "case",
        "positions",
        "permlab wall/CPU/MB",
        "twsearch wall/CPU/MB",
        "wall x",
        "CPU x"
    );
    let f = |v: &Value, k: &str| v[k].as_f64().unwrap_or(0.0);
    for r in &rows {
        let (pm, tw) = (&r["permlab"], &r["twsearch"]);
        outln!(
            "{:<32} {:>12} {:>22} {:>22} {:>7.2} {:>7.2}  {}",
            r["case"].as_str().unwrap_or(""),
            r["positions"],
            format!(
                "{:.2}/{:.2}/{}",
                f(pm, "wall_seconds"),
                f(pm, "cpu_seconds"),
                pm["peak_memory_bytes"].as_u64().unwrap_or(0) >> 20
            ),
            format!(
                "{:.2}/{:.2}/{}",
                f(tw, "wall_seconds"),
                f(tw, "cpu_seconds"),
                tw["peak_memory_bytes"].as_u64().unwrap_or(0) >> 20
            ),
            f(r, "wall_ratio"),
            f(r, "cpu_ratio"),
            if r["distributions_agree"].as_bool() == Some(true) {
                "yes"
            } else {
                "NO"
            }
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The comparison as a LaTeX table with its date and load.
fn peers_latex(date: &str, load: &str, threads: usize, rows: &[Value]) -> String {
    let f = |v: &Value, k: &str| v[k].as_f64().unwrap_or(0.0);
    let mut t = String::from(
        "% written by `permlab bench search --peers --latex`\n\\begin{tabular}{@{}lrrrrrr@{}}\n\\toprule\n\
         search & positions & permlab (s) & twsearch (s) & wall ratio & CPU ratio & MB (permlab/twsearch) \\\\\n\\midrule\n",
    );
    for r in rows {
        let (pm, tw) = (&r["permlab"], &r["twsearch"]);
        t.push_str(&format!(
            "{} & {} & {:.2} & {:.2} & {:.2} & {:.2} & {}/{} \\\\\n",
            permlab::escape::latex_text(r["case"].as_str().unwrap_or(""))
                .replace('<', "$\\langle$")
                .replace('>', "$\\rangle$"),
            r["positions"],
            f(pm, "wall_seconds"),
            f(tw, "wall_seconds"),
            f(r, "wall_ratio"),
            f(r, "cpu_ratio"),
            pm["peak_memory_bytes"].as_u64().unwrap_or(0) >> 20,
            tw["peak_memory_bytes"].as_u64().unwrap_or(0) >> 20,
        ));
    }
    t.push_str(&format!(
        "\\bottomrule\n\\end{{tabular}}\n\n{}, load average {} at the start, {threads} threads each; process wall time with start-up; distributions identical.\n",
        permlab::escape::latex_text(date),
        permlab::escape::latex_text(load)
    ));
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_twsearch_distribution_lines() {
        let text = "State size is 6\nDist 0 cnt 1 tot 1 in 0.1\nDist 1 cnt 3 tot 4 in 0.2\nDist 2 cnt 2 tot 6 in 0.3\nDist 3 cnt 0 tot 6 in 0.3\n";
        assert_eq!(twsearch_distribution(text), vec![1, 3, 2]);
        assert!(twsearch_distribution("nothing").is_empty());
    }

    #[test]
    fn reads_twsearch_solution_lines() {
        let text = "State size is 88179840 log2 26.3939\nFilling depth 3 val 0 saw 2873 (3240) in 0.005\n\
                    Solving p1\n U2 R F2 U' R'\nFound 1 solution max depth 5 probes 63 nodes 60 in 4.25e-05 rate 1.4\n\
                    Solving p2\nDepth 9 in 1.5 probes 10 nodes 9 rate 2\n \nFound 1 solution max depth 0 lookups 1 in 0.5 rate 0\n\
                    Solving p3\nNo solution found in 12\n";
        let s = twsearch_solves(text);
        assert_eq!(s.len(), 3);
        assert_eq!(s[0].name, "p1");
        assert_eq!(
            s[0].moves.as_deref(),
            Some(&["U2", "R", "F2", "U'", "R'"].map(String::from)[..])
        );
        assert_eq!((s[0].depth, s[0].seconds), (Some(5), Some(4.25e-5)));
        assert_eq!(s[1].moves.as_deref(), Some(&[][..]));
        assert_eq!((s[1].depth, s[1].seconds), (Some(0), Some(0.5)));
        assert_eq!((s[2].moves.clone(), s[2].depth), (None, None));
        assert!(twsearch_solves("nothing\n U R\n").is_empty());
    }
}
