//! Helpers shared by the integration tests.

use permlab::search::ida::{Metric, MoveSet};
use permlab::{Perm, Puzzle};
use std::process::Command;

/// Runs the `permlab` binary from the crate root: (exit code, stdout, stderr).
pub fn permlab(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("permlab runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
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
