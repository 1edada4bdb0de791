//! The GAP runner of `bench groups` and `bench solve --suite`: `benches/gap/run.sh`
//! times GAP 4's `Size(Group(gens))` (or the operation of another script of
//! benches/gap) on each `.gens` file inside GAP (start-up excluded).

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

/// The line the runner printed for one file.
pub(super) enum GapLine {
    /// The fields after the file name (the script's last line for the file; GAP may
    /// have been stopped by the time or memory limit after printing it).
    Fields(Vec<String>),
    /// GAP printed nothing for the file and was stopped at the timeout.
    Timeout,
    /// GAP printed nothing for the file and ended (an error, or out of memory).
    Failed,
}

/// One run of a GAP script over several files, line by line.
pub(super) struct GapLines {
    /// Per file, in order; `None` where the runner printed no line.
    pub lines: Vec<Option<GapLine>>,
    /// Why GAP gave no answers at all, if so (empty otherwise).
    pub note: String,
}

/// The cells of a table row for GAP's time: GAP's milliseconds and the ratio
/// permlab/GAP (`> T s` and `< ratio` after a timeout of T seconds, `-` twice
/// without an answer from GAP).
pub(super) fn time_cells(permlab_ms: f64, gap_ms: Option<f64>, timeout: u64) -> [String; 2] {
    match gap_ms {
        Some(x) if x.is_finite() => [
            format!("{x:.1}"),
            format!("{:.3}", permlab_ms / x.max(0.001)),
        ],
        Some(_) => [
            format!("> {timeout} s"),
            format!("< {:.5}", permlab_ms / (timeout as f64 * 1e3)),
        ],
        None => ["-".into(), "-".into()],
    }
}

/// Runs GAP's `Size(Group(gens))` on `files` (`.gens` files), `timeout` seconds each.
pub(super) fn group_sizes(root: &Path, files: &[&Path], timeout: u64) -> GapRun {
    run_script(root, "size.g", files, timeout)
}

/// Runs the GAP script `script` of benches/gap (`size.g`, `classes.g`,
/// `centralizer.g`) on `files`, `timeout` seconds each; the value it prints is in
/// [`GapResult::Size`].
pub(super) fn run_script(root: &Path, script: &str, files: &[&Path], timeout: u64) -> GapRun {
    let run = run_script_lines(root, script, files, timeout, None);
    let results = run
        .lines
        .into_iter()
        .map(|line| match line? {
            GapLine::Timeout => Some(GapResult::Timeout),
            GapLine::Failed => None,
            GapLine::Fields(f) => match &f[..] {
                [size, ms, ..] => ms.parse().ok().map(|ms| GapResult::Size {
                    size: size.clone(),
                    ms,
                }),
                _ => None,
            },
        })
        .collect();
    GapRun {
        results,
        note: run.note,
    }
}

/// Runs the GAP script `script` of benches/gap on `files`, one GAP process per file
/// with `timeout` seconds and `memory`, when given, as GAP's hard workspace limit
/// (its `-o` and `-K`, e.g. `4g`; else run.sh's soft `-o 8g`); per file, the fields
/// of the last line the script printed for it.
pub(super) fn run_script_lines(
    root: &Path,
    script: &str,
    files: &[&Path],
    timeout: u64,
    memory: Option<&str>,
) -> GapLines {
    let mut lines: Vec<Option<GapLine>> = files.iter().map(|_| None).collect();
    let mut cmd = Command::new("bash");
    cmd.arg(root.join("benches/gap/run.sh"))
        .arg("--timeout")
        .arg(timeout.to_string())
        .arg("--script")
        .arg(script);
    if let Some(m) = memory {
        cmd.arg("--memory").arg(m);
    }
    cmd.args(files);
    let out = match cmd.output() {
        Ok(out) => out,
        Err(e) => {
            return GapLines {
                lines,
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
    // one line per file: `FILE FIELDS...`, `FILE timeout` or `FILE failed`
    for line in text.lines() {
        let parts: Vec<&str> = line.split_whitespace().collect();
        let Some(i) = parts
            .first()
            .and_then(|f| files.iter().position(|p| p.to_string_lossy() == *f))
        else {
            continue;
        };
        lines[i] = Some(match parts[1..] {
            ["timeout"] => GapLine::Timeout,
            ["failed"] => GapLine::Failed,
            _ => GapLine::Fields(parts[1..].iter().map(|s| s.to_string()).collect()),
        });
    }
    GapLines { lines, note }
}
