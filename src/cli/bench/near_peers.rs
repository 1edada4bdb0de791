//! The near-optimal 3x3x3 solvers `bench solve --cold --peers` sets beside
//! permlab: the `kociemba` PyPI package (Kociemba's two-phase algorithm in C,
//! through `benches/peers/kociemba_runner.py`) and the `min2phase` crate (Chen
//! Shuang's min2phase, through `benches/peers/min2phase-runner`). Each is
//! installed by the benchmark itself into its own directory (a Python venv, a
//! cargo build), outside the crate's sources, and skipped with a message when it
//! cannot be installed. Both read a position as Kociemba's facelet string
//! ([`permlab::puzzle::facelets`]) and answer one position per process: the
//! solution's moves on the first line, the seconds of the solve call on the second.

use super::peers::{measure_within, Measured};
use crate::cli::output::errln;
use crate::cli::CliError;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Where the runners' sources are: `benches/peers` of the crate the command was
/// built from.
fn runners_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/peers")
}

/// The version of `kociemba` the benchmark installs.
const KOCIEMBA_VERSION: &str = "1.2.1";

/// A peer solver ready to run: how to call it on one position.
pub(super) struct Peer {
    /// Its name with version and origin, for the table.
    pub name: String,
    /// The program and the arguments before the position's.
    program: PathBuf,
    args: Vec<String>,
}

/// One peer process on one position.
pub(super) struct PeerAnswer {
    /// The measured process.
    pub measured: Measured,
    /// The solution's moves (Kociemba's names: `U`, `U2`, `U'`), when it answered.
    pub moves: Option<Vec<String>>,
    /// The seconds it spent in its solve call, as it printed them.
    pub inner_seconds: Option<f64>,
}

impl Peer {
    /// Solves the position of the facelet string `facelets` in at most
    /// `max_length` moves, in a process of its own (killed after `limit` seconds),
    /// its output files in `dir` named after `tag`.
    pub fn solve(
        &self,
        facelets: &str,
        max_length: u32,
        dir: &Path,
        tag: &str,
        limit: f64,
    ) -> Result<PeerAnswer, CliError> {
        let mut cmd = Command::new(&self.program);
        cmd.args(&self.args)
            .arg(facelets)
            .arg(max_length.to_string());
        let measured = measure_within(cmd, dir, tag, Some(limit))?;
        let mut lines = measured.stdout.lines();
        let (moves, inner_seconds) = if measured.ok {
            let moves = lines
                .next()
                .map(|l| l.split_whitespace().map(str::to_string).collect());
            (moves, lines.next().and_then(|s| s.trim().parse().ok()))
        } else {
            (None, None)
        };
        Ok(PeerAnswer {
            measured,
            moves,
            inner_seconds,
        })
    }
}

/// Runs `cmd` to its end with its output kept; `Err` with the last line of its
/// stderr (or how it could not start) when it fails.
fn run_quietly(cmd: &mut Command, what: &str) -> Result<String, String> {
    let out = cmd
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{what}: {e}"))?;
    if out.status.success() {
        return Ok(String::from_utf8_lossy(&out.stdout).trim().to_string());
    }
    let err = String::from_utf8_lossy(&out.stderr);
    Err(format!(
        "{what} failed: {}",
        err.lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("no message")
            .trim()
    ))
}

/// The `kociemba` package in a venv at `dir/venv` (created and installed with pip
/// from PyPI when missing); `Err` with the reason when that fails.
pub(super) fn kociemba(dir: &Path) -> Result<Peer, String> {
    let venv = dir.join("venv");
    let python = venv.join("bin/python");
    let script = runners_dir().join("kociemba_runner.py");
    if !script.is_file() {
        return Err(format!("its runner {} is not at hand", script.display()));
    }
    let import = |python: &Path| {
        run_quietly(
            Command::new(python).args([
                "-c",
                "import importlib.metadata as m, kociemba; print(m.version('kociemba'))",
            ]),
            "python -c 'import kociemba'",
        )
    };
    let version = match import(&python) {
        Ok(v) => v,
        Err(_) => {
            errln!(
                "installing kociemba {KOCIEMBA_VERSION} (PyPI) into {} ...",
                venv.display()
            );
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            run_quietly(
                Command::new("python3").arg("-m").arg("venv").arg(&venv),
                "python3 -m venv",
            )?;
            run_quietly(
                Command::new(venv.join("bin/pip")).args([
                    "install",
                    "--quiet",
                    &format!("kociemba=={KOCIEMBA_VERSION}"),
                ]),
                "pip install kociemba",
            )?;
            import(&python)?
        }
    };
    Ok(Peer {
        name: format!("kociemba {version} (PyPI, C)"),
        program: python,
        args: vec![script.display().to_string()],
    })
}

/// The min2phase runner built by cargo from `benches/peers/min2phase-runner` into
/// `dir/min2phase-runner` (the `min2phase` crate from crates.io); `Err` with the
/// reason when that fails.
pub(super) fn min2phase(dir: &Path) -> Result<Peer, String> {
    let src = runners_dir().join("min2phase-runner");
    let manifest = src.join("Cargo.toml");
    if !manifest.is_file() {
        return Err(format!("its runner {} is not at hand", manifest.display()));
    }
    let target = dir.join("min2phase-runner");
    let bin = target.join("release/min2phase-runner");
    if !bin.is_file() {
        errln!(
            "building the min2phase runner (crates.io) into {} ...",
            target.display()
        );
    }
    // a no-op when built and unchanged
    run_quietly(
        Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .args(["build", "--release", "--quiet", "--manifest-path"])
            .arg(&manifest)
            .arg("--target-dir")
            .arg(&target),
        "cargo build (min2phase runner)",
    )?;
    if !bin.is_file() {
        return Err(format!("cargo built no {}", bin.display()));
    }
    // the version cargo resolved, from the runner's lock file
    let lock = std::fs::read_to_string(src.join("Cargo.lock")).unwrap_or_default();
    let version = lock
        .split("[[package]]")
        .find(|p| p.contains("name = \"min2phase\""))
        .and_then(|p| p.lines().find_map(|l| l.strip_prefix("version = ")))
        .map(|v| v.trim_matches('"').to_string())
        .unwrap_or_else(|| "?".into());
    Ok(Peer {
        name: format!("min2phase {version} (crate)"),
        program: bin,
        args: vec!["solve".into()],
    })
}

/// One answer of [`min2phase_batch`]: the solution's moves (Kociemba's names) and
/// the seconds of its `min2phase::solve` call.
pub(super) type BatchAnswer = (Vec<String>, f64);

/// The min2phase runner's `batch MAX_LENGTH` mode: every facelet string solved
/// in one process whose tables were built first (the warm figure, as permlab's
/// in-process one), each in at most `max_length` moves; `Err` with the reason
/// when the runner fails or answers a line that is not a solution and a time.
pub(super) fn min2phase_batch(
    peer: &Peer,
    facelets: &[String],
    max_length: u32,
) -> Result<Vec<BatchAnswer>, String> {
    use std::io::Write;
    let mut child = Command::new(&peer.program)
        .arg("batch")
        .arg(max_length.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", peer.program.display()))?;
    let mut input = child.stdin.take().expect("piped");
    let text: String = facelets.iter().map(|f| format!("{f}\n")).collect();
    // the runner reads all of it before it ends; a write error shows as its exit
    let writer = std::thread::spawn(move || input.write_all(text.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{}: {e}", peer.program.display()))?;
    let _ = writer.join();
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!(
            "min2phase runner failed: {}",
            err.lines().last().unwrap_or("no message")
        ));
    }
    let answers: Vec<BatchAnswer> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let (moves, seconds) = l.split_once('\t')?;
            Some((
                moves.split_whitespace().map(str::to_string).collect(),
                seconds.trim().parse().ok()?,
            ))
        })
        .collect::<Option<_>>()
        .ok_or("min2phase runner: a line is not a solution and a time")?;
    if answers.len() != facelets.len() {
        return Err(format!(
            "min2phase runner answered {} of {} positions",
            answers.len(),
            facelets.len()
        ));
    }
    Ok(answers)
}
