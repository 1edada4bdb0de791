//! The GAP runner of `bench groups`: `benches/gap/run.sh` times GAP 4's
//! `Size(Group(gens))` (or the operation of another script of benches/gap) on each
//! `.gens` file inside GAP (start-up excluded).

use std::path::Path;
use std::process::Command;

/// What GAP said about one file.
pub(super) enum GapResult {
    /// The value GAP computed (the group's order for `size.g`; decimal) and GAP's time
    /// in milliseconds.
    Size { size: String, ms: f64 },
    /// GAP did not finish within the timeout.
    Timeout,
}

/// One run of GAP over several files.
pub(super) struct GapRun {
    /// Per file, in order; `None` where GAP gave no answer.
    pub results: Vec<Option<GapResult>>,
    /// Why GAP gave no answers at all, if so (empty otherwise).
    pub note: String,
}

/// Runs GAP's `Size(Group(gens))` on `files` (`.gens` files), `timeout` seconds each.
pub(super) fn group_sizes(root: &Path, files: &[&Path], timeout: u64) -> GapRun {
    run_script(root, "size.g", files, timeout)
}

/// Runs the GAP script `script` of benches/gap (`size.g`, `classes.g`,
/// `centralizer.g`) on `files`, `timeout` seconds each; the value it prints is in
/// [`GapResult::Size`].
pub(super) fn run_script(root: &Path, script: &str, files: &[&Path], timeout: u64) -> GapRun {
    let mut results: Vec<Option<GapResult>> = files.iter().map(|_| None).collect();
    let mut cmd = Command::new("bash");
    cmd.arg(root.join("benches/gap/run.sh"))
        .arg("--timeout")
        .arg(timeout.to_string())
        .arg("--script")
        .arg(script)
        .args(files);
    let out = match cmd.output() {
        Ok(out) => out,
        Err(e) => {
            return GapRun {
                results,
                note: format!("GAP runner failed to start: {e}"),
            }
        }
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let note = if text.contains("GAP-UNAVAILABLE") {
        "GAP could not be installed: only permlab's times are shown".to_string()
    } else {
        String::new()
    };
    // one line per file: `FILE SIZE MS` or `FILE timeout`
    for line in text.lines() {
        let parts: Vec<&str> = line.split_whitespace().collect();
        let Some(i) = parts
            .first()
            .and_then(|f| files.iter().position(|p| p.to_string_lossy() == *f))
        else {
            continue;
        };
        results[i] = match parts[1..] {
            ["timeout"] => Some(GapResult::Timeout),
            [size, ms, ..] => ms.parse().ok().map(|ms| GapResult::Size {
                size: size.to_string(),
                ms,
            }),
            _ => None,
        };
    }
    GapRun { results, note }
}
