//! Helpers shared by the integration tests.

use permlab::search::moves::{Metric, MoveSet};
use permlab::{Perm, Puzzle};
use std::process::Command;

/// Runs the `permlab` binary from the crate root: (exit code, stdout, stderr).
pub fn permlab(args: &[&str]) -> (i32, String, String) {
    outcome(Command::new(env!("CARGO_BIN_EXE_permlab")).args(args), None)
}

/// Runs `cmd` (a run of `permlab`) in `dir` (else the crate root) with the tests' own
/// table cache, not the user's: (exit code, -1 for a signal; stdout; stderr).
pub fn outcome(cmd: &mut Command, dir: Option<&std::path::Path>) -> (i32, String, String) {
    let out = cmd
        .current_dir(dir.unwrap_or(std::path::Path::new(env!("CARGO_MANIFEST_DIR"))))
        .env("PERMLAB_CACHE", test_cache())
        .output()
        .expect("permlab runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Asserts that a run of `args` (its exit code, stdout and stderr) was refused: exit
/// code 2, nothing on stdout, one line on stderr starting `permlab: error: ` and
/// containing `expected`, and no panic text.
pub fn assert_refused(args: &[&str], (code, out, err): (i32, String, String), expected: &str) {
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("permlab: error: "), "{args:?}: {err}");
    assert!(err.contains(expected), "{args:?}: {err}");
    assert!(
        !err.contains("panicked") && !err.contains("internal error"),
        "{args:?}: {err}"
    );
}

/// The table cache of the tests' runs of `permlab` (under the build directory).
pub fn test_cache() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-cache")
}

/// cube2 with moves R, U, F (as powers of the puzzle's moves).
pub fn cube2_ruf(metric: Metric) -> (Puzzle, MoveSet) {
    let p = Puzzle::builtin("cube2").unwrap();
    let bases: Vec<(String, Perm)> = p
        .generators()
        .iter()
        .map(|m| (m.name.clone(), m.perm.clone()))
        .collect();
    let ruf: Vec<Perm> = ["R", "U", "F"]
        .iter()
        .map(|n| {
            p.generators()
                .iter()
                .find(|m| &m.name == n)
                .unwrap()
                .perm
                .clone()
        })
        .collect();
    let moves = MoveSet::new(p.degree(), &bases, &ruf, metric).unwrap();
    (p, moves)
}

/// A test that needs an external tool or privilege (GAP, pdflatex, twsearch, root)
/// and did not find it: says "skipped" on stderr, visibly, and fails when
/// `PERMLAB_REQUIRE_TOOLS=1` is set (as in CI), so a missing tool never passes there.
pub fn require_tool(tool: &str, why: &str) {
    let why = why.trim();
    if std::env::var("PERMLAB_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
        panic!("{tool} is required (PERMLAB_REQUIRE_TOOLS=1) but not available: {why}");
    }
    eprintln!("skipped: {tool} is not available: {why}");
}

/// Runs the `permlab` binary as [`permlab`] does (in `dir`, or the crate root), under
/// an address-space limit of `vmem_kb` KiB (`ulimit -v`) and `cpu_seconds` of CPU time
/// (`ulimit -t`): an allocation failure then aborts the child instead of swapping the
/// machine, and a hang ends in the CPU limit; both show as exit code -1 (a signal).
pub fn permlab_limited(
    vmem_kb: u64,
    cpu_seconds: u64,
    dir: Option<&std::path::Path>,
    args: &[&str],
) -> (i32, String, String) {
    let script = format!("ulimit -v {vmem_kb} && ulimit -t {cpu_seconds} && exec \"$@\"");
    outcome(
        Command::new("sh")
            .args(["-c", &script, "sh", env!("CARGO_BIN_EXE_permlab")])
            .args(args),
        dir,
    )
}
