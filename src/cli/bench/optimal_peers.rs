//! `bench solve --optimal N --peers`: the dedicated optimal cube3 solvers beside
//! permlab on the same seeded positions in the same run — T. Rokicki's twsearch,
//! S. Tronto's nissy-core (its H48 solver, `run solve_scramble -solver h48hN`)
//! and A. Skalski's vcube (`vc-optimal -c COORD`). Each is built from its source
//! in the benchmark's own directory (skipped with one line when the source is
//! not there or the build fails), gets each position as a scramble in standard
//! notation ([`super::cube_notation`]), and its solution is read back, replayed
//! in permlab and its length compared with permlab's (both optimal: equal).
//! nissy and vcube run one process per position, timed as twsearch is
//! ([`super::peers::measure_with_input`]: wall, CPU and peak memory of the
//! child, killed after the time limit); their tables are generated once and kept
//! in their directories.

use super::cube_notation::{nissy_solution, vcube_solution};
use super::median;
use super::peers::{measure_with_input, measure_within, twsearch_binary, twsearch_optimal};
use crate::cli::output::{errln, outln};
use crate::cli::CliError;
use permlab::{Perm, Puzzle};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Seconds a peer may spend generating its table once.
const TABLE_LIMIT: f64 = 4.0 * 3600.0;

/// The peers of `bench solve --optimal --peers` and their settings.
pub(super) struct PeerOptions<'a> {
    /// twsearch's source directory.
    pub twsearch_src: &'a Path,
    /// twsearch's `-M` megabytes.
    pub twsearch_memory: u64,
    /// nissy-core's source directory.
    pub nissy_src: &'a Path,
    /// nissy's H48 solvers, each run as a peer of its own (`h48h0`, …).
    pub nissy_tables: &'a [String],
    /// vcube's source directory.
    pub vcube_src: &'a Path,
    /// vcube's pruning coordinate (`304`: 1.3 GiB, …).
    pub vcube_coord: &'a str,
}

/// An error when `name` is not one of nissy's H48 solvers `h48h0` … `h48h11`.
pub(super) fn check_nissy_table(name: &str) -> Result<(), CliError> {
    let ok = name
        .strip_prefix("h48h")
        .and_then(|h| {
            h.parse::<u8>()
                .ok()
                .filter(|&h| h <= 11)
                .map(|h| h.to_string() == name[4..])
        })
        .unwrap_or(false);
    if !ok {
        return Err(format!(
            "--nissy-table {name}: give one of nissy's H48 solvers h48h0 … h48h11"
        )
        .into());
    }
    Ok(())
}

/// permlab's answer on one position, what the peers are set beside.
pub(super) struct Ours<'a> {
    /// The position.
    pub g: &'a Perm,
    /// permlab's optimal solution (`None`: not found in time).
    pub solution: Option<&'a [String]>,
    /// Seconds of permlab's search of this position.
    pub seconds: f64,
}

/// One peer's answer on one position.
#[derive(Default)]
struct Answer {
    /// The solution in permlab's names (`None`: none printed).
    moves: Option<Vec<String>>,
    /// The seconds set beside permlab's: the tool's own search time when it
    /// prints one (twsearch, vcube), else the whole process (nissy).
    seconds: Option<f64>,
    /// The whole process's wall seconds (nissy, vcube: one process per position).
    process_seconds: Option<f64>,
    /// CPU seconds and peak memory of the process.
    cpu: Option<f64>,
    peak: Option<u64>,
    /// Why there is no solution (killed, failed, unreadable output).
    error: Option<String>,
}

/// The JSON entry of one position of a peer: its solution replayed in permlab
/// on `ours.g`, its length compared with permlab's, and permlab's time over its.
fn position_json(puzzle: &Puzzle, ours: &Ours, scramble: &str, a: &Answer) -> Value {
    let replayed = a.moves.as_ref().map(|m| super::solves(puzzle, ours.g, m));
    let len = a.moves.as_ref().map(|m| m.len());
    let equal = match (len, ours.solution) {
        (Some(x), Some(s)) => Some(x == s.len()),
        _ => None,
    };
    json!({
        "scramble": scramble,
        "solution": a.moves.as_ref().map(|m| m.join(" ")),
        "length": len,
        "seconds": a.seconds,
        "process_seconds": a.process_seconds,
        "cpu_seconds": a.cpu,
        "peak_memory_bytes": a.peak,
        "error": a.error,
        "replayed": replayed,
        "lengths_equal": equal,
        // only where both solved it: a time limit over a time limit says nothing
        "time_ratio": a.seconds.filter(|_| equal.is_some()).map(|t| ours.seconds / t.max(1e-9)),
    })
}

/// A peer's JSON object: `about` (its name, table, …) with the positions and
/// what they add up to.
fn peer_json(mut about: Value, positions: Vec<Value>) -> Value {
    let flag = |k: &str, v: bool| positions.iter().all(|p| p[k].as_bool() != Some(v));
    let count = |k: &str| {
        positions
            .iter()
            .filter(|p| p[k].as_bool().is_some())
            .count()
    };
    let ratios: Vec<f64> = positions
        .iter()
        .filter_map(|p| p["time_ratio"].as_f64())
        .collect();
    about["solved"] = json!(count("replayed"));
    about["lengths_compared"] = json!(count("lengths_equal"));
    about["every_solution_replayed"] = json!(flag("replayed", false));
    about["every_length_equal"] = json!(flag("lengths_equal", false));
    about["median_time_ratio"] = json!(median(&ratios));
    about["positions"] = Value::Array(positions);
    about
}

/// The JSON of a skipped peer, its reason printed on one line.
fn skipped(name: &str, why: String) -> Value {
    errln!("bench solve --peers: {name} skipped: {why}");
    json!({"name": name, "skipped": why})
}

/// A peer's executable by its absolute path (the peers run in directories of
/// their own, vcube finds its table beside itself), or, when it is not at hand,
/// the JSON of the skipped peer.
fn located(name: &str, found: Result<PathBuf, String>) -> Result<Result<PathBuf, Value>, CliError> {
    match found {
        Ok(b) => Ok(Ok(b
            .canonicalize()
            .map_err(|e| format!("{}: {e}", b.display()))?)),
        Err(why) => Ok(Err(skipped(name, why))),
    }
}

/// The positions' JSON entries of a peer that runs one process per position:
/// `answer(i, scramble)` runs it on position `i`.
fn per_process(
    puzzle: &Puzzle,
    ours: &[Ours],
    scrambles: &[String],
    mut answer: impl FnMut(usize, &str) -> Result<Answer, CliError>,
) -> Result<Vec<Value>, CliError> {
    ours.iter()
        .zip(scrambles)
        .enumerate()
        .map(|(i, (r, s))| Ok(position_json(puzzle, r, s, &answer(i, s)?)))
        .collect()
}

/// A temporary directory of the run for a peer's files (removed by the caller).
fn scratch_dir(tag: &str) -> Result<PathBuf, CliError> {
    let dir = std::env::temp_dir().join(format!("permlab-bench-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

/// Every peer on the positions `ours` (their scrambles beside them): twsearch,
/// nissy with each table, vcube. One JSON object per peer.
pub(super) fn run_peers(
    puzzle: &Puzzle,
    cube3: bool,
    ours: &[Ours],
    scrambles: &[String],
    o: &PeerOptions,
    (threads, seconds, json): (usize, f64, bool),
) -> Result<Vec<Value>, CliError> {
    let mut out = vec![twsearch_peer(
        puzzle,
        ours,
        scrambles,
        o,
        (threads, seconds, json),
    )?];
    if !cube3 {
        out.push(skipped("nissy", "it solves cube3 only".into()));
        out.push(skipped("vcube", "it solves cube3 only".into()));
        return Ok(out);
    }
    for table in o.nissy_tables {
        out.push(nissy_peer(
            puzzle,
            ours,
            scrambles,
            o.nissy_src,
            table,
            (threads, seconds, json),
        )?);
    }
    out.push(vcube_peer(
        puzzle,
        ours,
        scrambles,
        o.vcube_src,
        o.vcube_coord,
        (threads, seconds, json),
    )?);
    Ok(out)
}

/// twsearch's optimal solver on all the positions in one process (its tables
/// built once in it): the seconds of each are those it prints for the search.
fn twsearch_peer(
    puzzle: &Puzzle,
    ours: &[Ours],
    scrambles: &[String],
    o: &PeerOptions,
    (threads, seconds, json): (usize, f64, bool),
) -> Result<Value, CliError> {
    let bin = match located("twsearch", twsearch_binary(o.twsearch_src))? {
        Ok(b) => b,
        Err(skip) => return Ok(skip),
    };
    let dir = scratch_dir("twsearch")?;
    let def = puzzle.to_tws()?;
    let named: Vec<(String, String)> = scrambles
        .iter()
        .enumerate()
        .map(|(i, s)| (format!("p{}", i + 1), s.clone()))
        .collect();
    if !json {
        outln!(
            "twsearch ({}): -M {} -t {threads} on the same {} positions ...",
            bin.display(),
            o.twsearch_memory,
            ours.len()
        );
    }
    // the same time per position as permlab's, and two minutes to build its tables
    let limit = seconds * ours.len().max(1) as f64 + 120.0;
    let run = twsearch_optimal(&bin, &dir, &def, &named, threads, o.twsearch_memory, limit);
    let _ = std::fs::remove_dir_all(&dir);
    let (m, solves) = run?;
    let positions = ours
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let s = solves.iter().find(|s| s.name == named[i].0);
            let a = Answer {
                moves: s.and_then(|s| s.moves.clone()),
                seconds: s.and_then(|s| s.seconds),
                ..Answer::default()
            };
            position_json(puzzle, r, &scrambles[i], &a)
        })
        .collect();
    Ok(peer_json(
        json!({
            "name": "twsearch",
            "binary": bin.display().to_string(),
            "table": format!("-M {} (megabytes)", o.twsearch_memory),
            "memory_mb": o.twsearch_memory,
            "threads": threads,
            "ok": m.ok,
            "stderr": if m.ok { Value::Null } else { Value::from(m.stderr.trim()) },
            "wall_seconds": m.wall,
            "cpu_seconds": m.cpu,
            "peak_memory_bytes": m.peak,
            "seconds_are": "its search of the position, in one process for all (tables built once)",
        }),
        positions,
    ))
}

/// A peer's executable `bin`, built from its source in `src` by the commands
/// `steps` (each with what it is) when not built yet; the reason when a file of
/// `needs` is not in `src` (`repo` and `flag` say where it comes from and how to
/// point to it) or a step fails.
fn built(
    name: &str,
    bin: PathBuf,
    src: &Path,
    needs: &[&str],
    (repo, flag): (&str, &str),
    steps: Vec<(Command, &str)>,
) -> Result<PathBuf, String> {
    if bin.is_file() {
        return Ok(bin);
    }
    if needs.iter().any(|f| !src.join(f).is_file()) {
        return Err(format!(
            "{name}'s source is not at hand in {} (put a checkout of {repo} there, or give {flag} DIR)",
            src.display()
        ));
    }
    for (mut cmd, what) in steps {
        errln!("building {name} in {} ({what}) ...", src.display());
        let ok = cmd
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("{what}: {e}"))?
            .success();
        if !ok {
            return Err(format!(
                "building {name} in {} ({what}) failed",
                src.display()
            ));
        }
    }
    if !bin.is_file() {
        return Err(format!("building {name} gave no {}", bin.display()));
    }
    Ok(bin)
}

/// nissy-core's shell `run`, built with its own `build.sh shell` in `src` when
/// not built yet; the reason when the source is not there or the build fails.
pub(super) fn nissy_binary(src: &Path) -> Result<PathBuf, String> {
    let mut sh = Command::new("sh");
    sh.args(["build.sh", "shell"]).current_dir(src);
    built(
        "nissy-core",
        src.join("run"),
        src,
        &["build.sh", "shell/shell.c"],
        (
            "https://github.com/sebastianotronto/nissy-core",
            "--nissy-src",
        ),
        vec![(sh, "./build.sh shell")],
    )
}

/// A process's answer: its measured times, and the solution `read` finds in
/// what it printed (an error: none).
fn answer_of(
    m: super::peers::Measured,
    read: impl Fn(&str) -> Option<Result<(Option<f64>, Vec<String>), String>>,
) -> Answer {
    let mut a = Answer {
        seconds: Some(m.wall),
        process_seconds: Some(m.wall),
        cpu: Some(m.cpu),
        peak: Some(m.peak),
        ..Answer::default()
    };
    if !m.ok {
        a.error = Some(
            m.stderr
                .lines()
                .last()
                .unwrap_or("failed")
                .trim()
                .to_string(),
        );
        return a;
    }
    match read(&m.stdout) {
        Some(Ok((own, moves))) => {
            a.seconds = own.or(a.seconds);
            a.moves = Some(moves);
        }
        Some(Err(e)) => a.error = Some(e),
        None => a.error = Some("no solution printed".into()),
    }
    a
}

/// nissy's H48 solver `table` on each position, one process each (`run
/// solve_scramble -solver TABLE -n 1 -t THREADS -moves SCRAMBLE` in its source
/// directory, where its table is kept in `tables/`); the table generated first
/// (`run gendata`) when it is not there, and the start-up measured on the 1-move
/// position `U`.
fn nissy_peer(
    puzzle: &Puzzle,
    ours: &[Ours],
    scrambles: &[String],
    src: &Path,
    table: &str,
    (threads, seconds, json): (usize, f64, bool),
) -> Result<Value, CliError> {
    let name = format!("nissy {table}");
    let bin = match located(&name, nissy_binary(src))? {
        Ok(b) => b,
        Err(skip) => return Ok(skip),
    };
    let dir = scratch_dir("nissy")?;
    let tables = src.join("tables");
    std::fs::create_dir_all(&tables).map_err(|e| format!("{}: {e}", tables.display()))?;
    let file = tables.join(table);
    let mut generated = None;
    if !file.is_file() {
        errln!(
            "generating nissy's table {table} in {} (once) ...",
            tables.display()
        );
        let mut cmd = Command::new(&bin);
        cmd.args(["gendata", "-solver", table]).current_dir(src);
        let m = measure_within(cmd, &dir, "nissy-gendata", Some(TABLE_LIMIT))?;
        if !m.ok || !file.is_file() {
            let _ = std::fs::remove_dir_all(&dir);
            return Ok(skipped(
                &name,
                format!("generating its table {table} failed: {}", m.stderr.trim()),
            ));
        }
        generated = Some(m.wall);
    }
    let table_bytes = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
    // a table still being written (or cut short) is not used: its size must be
    // the one `run solverinfo` gives
    let info = Command::new(&bin)
        .args(["solverinfo", "-solver", table])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).to_string())
        .unwrap_or_default();
    let expected: Option<u64> = info.lines().next().and_then(|l| l.trim().parse().ok());
    if expected != Some(table_bytes) {
        let _ = std::fs::remove_dir_all(&dir);
        return Ok(skipped(
            &name,
            format!(
                "its table {} has {table_bytes} bytes, `run solverinfo` expects {} (still being generated, or cut short: remove it)",
                file.display(),
                expected.map_or("?".into(), |e| e.to_string())
            ),
        ));
    }
    let solve = |moves: &str, tag: &str, limit: f64| {
        let mut cmd = Command::new(&bin);
        cmd.args([
            "solve_scramble",
            "-solver",
            table,
            "-n",
            "1",
            "-t",
            &threads.to_string(),
            "-moves",
            moves,
        ])
        .current_dir(src);
        measure_within(cmd, &dir, tag, Some(limit))
    };
    let read = |out: &str| nissy_solution(out).map(|r| r.map(|m| (None, m)));
    let startup = solve("U", "nissy-startup", seconds)?;
    if !json {
        outln!(
            "{name} ({}): table {table} ({} MB), -t {threads}, one process per position; start-up (the position U) {:.2} s ...",
            bin.display(),
            table_bytes >> 20,
            startup.wall
        );
    }
    let positions = per_process(puzzle, ours, scrambles, |i, s| {
        Ok(answer_of(
            solve(s, &format!("nissy-p{}", i + 1), seconds)?,
            read,
        ))
    });
    let _ = std::fs::remove_dir_all(&dir);
    let positions = positions?;
    Ok(peer_json(
        json!({
            "name": name,
            "binary": bin.display().to_string(),
            "table": table,
            "table_bytes": table_bytes,
            "table_generated_seconds": generated,
            "startup_seconds": startup.wall,
            "startup_peak_memory_bytes": startup.peak,
            "threads": threads,
            "seconds_are": "the whole process per position, loading its table included (it prints no time of its own)",
        }),
        positions,
    ))
}

/// Whether this CPU has what vcube needs (AVX2, BMI1/2, LZCNT), from
/// /proc/cpuinfo; the missing flags otherwise.
fn vcube_cpu() -> Result<(), String> {
    let info =
        std::fs::read_to_string("/proc/cpuinfo").map_err(|e| format!("/proc/cpuinfo: {e}"))?;
    let flags: Vec<&str> = info
        .lines()
        .find(|l| l.starts_with("flags"))
        .map(|l| l.split_whitespace().collect())
        .unwrap_or_default();
    let missing: Vec<&str> = ["avx2", "bmi1", "bmi2", "abm"]
        .into_iter()
        .filter(|f| !flags.contains(f))
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "this CPU lacks {} (vcube needs AVX2, BMI1/2 and LZCNT)",
            missing.join(", ")
        ))
    }
}

/// vcube's `vc-optimal`, built with CMake in `src/build` when not built yet; the
/// reason when the CPU cannot run it, the source is not there or the build fails.
pub(super) fn vcube_binary(src: &Path) -> Result<PathBuf, String> {
    vcube_cpu()?;
    let build = src.join("build");
    let mut cmake = Command::new("cmake");
    cmake.arg("-S").arg(src).arg("-B").arg(&build);
    let mut make = Command::new("make");
    make.arg("-C").arg(&build).arg("vc-optimal");
    built(
        "vcube",
        build.join("vc-optimal"),
        src,
        &["CMakeLists.txt", "src/vc-optimal.cpp"],
        ("https://github.com/Voltara/vcube", "--vcube-src"),
        vec![(cmake, "cmake"), (make, "make vc-optimal")],
    )
}

/// The size vc-optimal's `--help` gives for the table of `coord` (`1.326 GiB`),
/// `None` when it lists no such coordinate.
fn vcube_table_size(help: &str, coord: &str) -> Option<String> {
    help.lines().find_map(|l| {
        let rest = l.trim().strip_prefix(coord)?.trim();
        let size = rest.strip_prefix('(')?.split(')').next()?;
        Some(size.to_string())
    })
}

/// vcube's `vc-optimal -c COORD -w THREADS` on each position, one process each
/// (the scramble on its standard input); its table generated or loaded first by
/// `vc-optimal -c COORD -n` (the start-up), kept next to the binary.
fn vcube_peer(
    puzzle: &Puzzle,
    ours: &[Ours],
    scrambles: &[String],
    src: &Path,
    coord: &str,
    (threads, seconds, json): (usize, f64, bool),
) -> Result<Value, CliError> {
    let name = format!("vcube {coord}");
    let bin = match located(&name, vcube_binary(src))? {
        Ok(b) => b,
        Err(skip) => return Ok(skip),
    };
    let help = Command::new(&bin)
        .arg("--help")
        .output()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr)
        })
        .unwrap_or_default();
    let Some(size) = vcube_table_size(&help, coord) else {
        return Ok(skipped(
            &name,
            format!("vc-optimal --help lists no table {coord}"),
        ));
    };
    let dir = scratch_dir("vcube")?;
    let vc = |extra: &[&str]| {
        let mut cmd = Command::new(&bin);
        cmd.args(["-c", coord, "-w", &threads.to_string()])
            .args(extra)
            .current_dir(&dir);
        cmd
    };
    errln!("vcube: loading (or generating, once) its table {coord} ({size}) ...");
    let load = match measure_within(vc(&["-n"]), &dir, "vcube-table", Some(TABLE_LIMIT)) {
        Ok(m) => m,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&dir);
            return Ok(skipped(&name, e.to_string()));
        }
    };
    if !load.ok {
        let _ = std::fs::remove_dir_all(&dir);
        return Ok(skipped(
            &name,
            format!("vc-optimal -c {coord} -n failed: {}", load.stderr.trim()),
        ));
    }
    if !json {
        outln!(
            "{name} ({}): table {coord} ({size}), -w {threads}, one process per position; table loaded or generated in {:.2} s, {} MB peak ...",
            bin.display(),
            load.wall,
            load.peak >> 20
        );
    }
    let read = |out: &str| {
        let line = out.lines().find(|l| !l.trim().is_empty())?;
        Some(vcube_solution(line).map(|(s, m)| (Some(s), m)))
    };
    let positions = per_process(puzzle, ours, scrambles, |i, s| {
        let input = dir.join(format!("p{}.txt", i + 1));
        std::fs::write(&input, format!("{s}\n"))
            .map_err(|e| format!("{}: {e}", input.display()))?;
        let tag = format!("vcube-p{}", i + 1);
        let m = measure_with_input(vc(&[]), &dir, &tag, Some(seconds), Some(&input))?;
        Ok(answer_of(m, read))
    });
    let _ = std::fs::remove_dir_all(&dir);
    let positions = positions?;
    Ok(peer_json(
        json!({
            "name": name,
            "binary": bin.display().to_string(),
            "table": coord,
            "table_size": size,
            "table_load_seconds": load.wall,
            "table_peak_memory_bytes": load.peak,
            "threads": threads,
            "seconds_are": "its own search time of the position as it prints it (process_seconds: the whole process, loading its table included)",
        }),
        positions,
    ))
}

/// The peers that ran (not skipped).
fn ran(peers: &[Value]) -> Vec<&Value> {
    peers.iter().filter(|p| p["skipped"].is_null()).collect()
}

/// The cells of one row of the table: permlab's length and seconds, then each
/// peer's length (marked when its solution does not solve the position or its
/// length differs from permlab's), seconds and ratio.
fn row_cells(i: usize, ours: &Ours, peers: &[&Value]) -> Vec<String> {
    let mut cells = vec![
        (i + 1).to_string(),
        ours.solution.map_or("-".into(), |s| s.len().to_string()),
        format!("{:.3}", ours.seconds),
    ];
    for p in peers {
        let t = &p["positions"][i];
        let len = t["length"]
            .as_u64()
            .map_or("-".to_string(), |l| l.to_string());
        let mark = match (t["replayed"].as_bool(), t["lengths_equal"].as_bool()) {
            (Some(false), _) => " NOT SOLVED",
            (_, Some(false)) => " LENGTH DIFFERS",
            _ => "",
        };
        cells.push(format!("{len}{mark}"));
        cells.push(
            t["seconds"]
                .as_f64()
                .map_or("-".into(), |s| format!("{s:.3}")),
        );
        cells.push(
            t["time_ratio"]
                .as_f64()
                .map_or("-".into(), |s| format!("{s:.2}")),
        );
    }
    cells
}

/// The table's header cells.
fn header(peers: &[&Value]) -> Vec<String> {
    let mut h: Vec<String> = ["position", "permlab", "permlab s"]
        .map(String::from)
        .to_vec();
    for p in peers {
        let n = p["name"].as_str().unwrap_or("");
        h.extend([n.to_string(), format!("{n} s"), "ratio".into()]);
    }
    h
}

/// One line per peer: what it is, its table and memory, its agreement with
/// permlab and its median ratio.
fn peer_lines(peers: &[Value], count: usize) -> Vec<String> {
    let yes = |p: &Value, k: &str| {
        if p[k].as_bool() == Some(true) {
            "yes"
        } else {
            "NO"
        }
    };
    peers
        .iter()
        .map(|p| {
            let n = p["name"].as_str().unwrap_or("");
            if let Some(why) = p["skipped"].as_str() {
                return format!("{n}: skipped ({why})");
            }
            let mem = p["table_size"].as_str().map(String::from).or_else(|| {
                p["table_bytes"].as_u64().map(|b| format!("{} MB", b >> 20))
            });
            let process = p["wall_seconds"].as_f64().map_or(String::new(), |w| {
                format!(
                    "; its process {w:.1} s wall, {:.1} s CPU, {} MB peak{}",
                    p["cpu_seconds"].as_f64().unwrap_or(0.0),
                    p["peak_memory_bytes"].as_u64().unwrap_or(0) >> 20,
                    p["stderr"]
                        .as_str()
                        .map_or(String::new(), |e| format!(", failed: {e}"))
                )
            });
            let peak = p["positions"]
                .as_array()
                .and_then(|ps| ps.iter().filter_map(|t| t["peak_memory_bytes"].as_u64()).max())
                .map_or(String::new(), |b| {
                    format!("; its processes' peak memory up to {} MB", b >> 20)
                });
            format!(
                "{n}: table {}{}{process}{peak}; {}; solved {} of {count}, each solution replayed in permlab: {}, lengths equal to permlab's (on {} solved by both): {}; median time ratio permlab/{n}: {}",
                p["table"].as_str().unwrap_or(""),
                mem.map_or(String::new(), |m| format!(" ({m})")),
                p["seconds_are"].as_str().unwrap_or(""),
                p["solved"],
                yes(p, "every_solution_replayed"),
                p["lengths_compared"],
                yes(p, "every_length_equal"),
                p["median_time_ratio"].as_f64().map_or("-".into(), |r| format!("{r:.2}")),
            )
        })
        .collect()
}

/// The positions where a peer's solution does not solve the position or differs
/// in length from permlab's, one line each.
pub(super) fn disagreements(peers: &[Value]) -> Vec<String> {
    let mut out = Vec::new();
    for p in peers {
        let n = p["name"].as_str().unwrap_or("");
        for (i, t) in p["positions"].as_array().into_iter().flatten().enumerate() {
            if t["replayed"].as_bool() == Some(false) {
                out.push(format!(
                    "{n}: position {}: its solution {} does NOT solve the position in permlab",
                    i + 1,
                    t["solution"]
                ));
            }
            if t["lengths_equal"].as_bool() == Some(false) {
                out.push(format!(
                    "{n}: position {}: its optimal length {} DIFFERS from permlab's",
                    i + 1,
                    t["length"]
                ));
            }
        }
    }
    out
}

/// The peers' table beside permlab's rows, as text.
pub(super) fn print_peers(ours: &[Ours], peers: &[Value]) -> Result<(), CliError> {
    for l in peer_lines(peers, ours.len()) {
        outln!("{l}");
    }
    let run = ran(peers);
    let h = header(&run);
    let widths: Vec<usize> = h.iter().map(|c| c.len().max(8)).collect();
    let line = |cells: &[String]| {
        cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:>w$}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    outln!("{}", line(&h));
    for (i, r) in ours.iter().enumerate() {
        outln!("{}", line(&row_cells(i, r, &run)));
    }
    outln!("ratio: permlab's seconds over the peer's (above 1: the peer is faster)");
    for d in disagreements(peers) {
        outln!("MISMATCH {d}");
    }
    Ok(())
}

/// The peers' table as Markdown for the guide: `command` and `machine` above it.
pub(super) fn peers_markdown(
    command: &str,
    machine: &str,
    ours: &[Ours],
    peers: &[Value],
) -> String {
    let run = ran(peers);
    let h = header(&run);
    let hs: Vec<&str> = h.iter().map(String::as_str).collect();
    let align: Vec<&str> = h.iter().map(|_| "---:").collect();
    let rows: Vec<Vec<String>> = ours
        .iter()
        .enumerate()
        .map(|(i, r)| row_cells(i, r, &run))
        .collect();
    let mut t = super::markdown::head(
        command,
        "cube3 optimal (HTM), permlab's search time per position beside each peer's, every peer solution replayed in permlab; ratio = permlab's seconds over the peer's",
        machine,
    );
    t.push_str(&super::markdown::table(&hs, &align, &rows));
    t.push('\n');
    for l in peer_lines(peers, ours.len()) {
        t.push_str(&format!("- {}\n", permlab::escape::markdown_cell(&l)));
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nissy_tables_are_h48h0_to_h48h11() {
        for ok in ["h48h0", "h48h7", "h48h11"] {
            assert!(check_nissy_table(ok).is_ok(), "{ok}");
        }
        for bad in ["h48h12", "h48h", "h48h0k4", "h48h01", "optimal", "h48h-1"] {
            assert!(check_nissy_table(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn reads_vcube_table_sizes_from_its_help() {
        let help = "Pruning coordinate variants (COORD):\n  304 (1.326 GiB)\n  112 (2.424 GiB)\n  308 (21.21 GiB) [default]\n";
        assert_eq!(vcube_table_size(help, "304").as_deref(), Some("1.326 GiB"));
        assert_eq!(vcube_table_size(help, "308").as_deref(), Some("21.21 GiB"));
        assert_eq!(vcube_table_size(help, "999"), None);
    }

    #[test]
    fn peer_totals_flag_mismatches() {
        let pos = |replayed: bool, equal: bool, ratio: f64| json!({"replayed": replayed, "lengths_equal": equal, "time_ratio": ratio, "length": 17, "solution": "R"});
        let good = peer_json(
            json!({"name": "a"}),
            vec![pos(true, true, 2.0), pos(true, true, 4.0)],
        );
        assert_eq!(good["solved"], 2);
        assert_eq!(good["every_solution_replayed"], true);
        assert_eq!(good["every_length_equal"], true);
        assert_eq!(good["median_time_ratio"], 2.0);
        assert!(disagreements(&[good]).is_empty());
        let bad = peer_json(
            json!({"name": "b"}),
            vec![pos(true, false, 1.0), pos(false, true, 1.0)],
        );
        assert_eq!(bad["every_solution_replayed"], false);
        assert_eq!(bad["every_length_equal"], false);
        let d = disagreements(&[bad]);
        assert_eq!(d.len(), 2);
        assert!(d[0].starts_with("b: position 1:") && d[0].contains("DIFFERS"));
        assert!(d[1].starts_with("b: position 2:") && d[1].contains("NOT"));
    }
}
