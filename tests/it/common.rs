//! Helpers shared by the integration tests.

use permlab::search::moves::{Metric, MoveSet};
use permlab::{Perm, Puzzle};
use std::process::Command;

/// Runs the `permlab` binary from the crate root: (exit code, stdout, stderr).
pub fn permlab(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        // the tests' own table cache, not the user's
        .env("PERMLAB_CACHE", test_cache())
        .output()
        .expect("permlab runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
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
