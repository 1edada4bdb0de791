//! External tools a test needs (pdflatex, pdftotext, pdftoppm): a test asks
//! [`require`] first. When the tool is missing the test says "skipped" on the
//! terminal (written past the test harness's output capture, so it shows on a
//! passing run) and returns; with `PERMLAB_REQUIRE_TOOLS=1` (set by CI) a missing
//! tool fails the test instead.

use std::io::Write;
use std::process::Command;

/// Whether `tool` runs (`tool --version`, or `-v` for poppler's tools). When it
/// does not: panics under `PERMLAB_REQUIRE_TOOLS=1`, else writes
/// "skipped: TEST needs TOOL" to the terminal and returns false.
pub fn require(tool: &str, test: &str) -> bool {
    let flag = if tool.starts_with("pdf") && tool != "pdflatex" {
        "-v"
    } else {
        "--version"
    };
    if Command::new(tool).arg(flag).output().is_ok() {
        return true;
    }
    if std::env::var("PERMLAB_REQUIRE_TOOLS").as_deref() == Ok("1") {
        panic!("{test} needs {tool}, which is not installed (PERMLAB_REQUIRE_TOOLS=1)");
    }
    let _ = writeln!(
        std::io::stderr(),
        "skipped: {test} needs {tool}, which is not installed"
    );
    false
}

/// Compiles `name.tex` (already written in `dir`) with pdflatex in nonstop mode,
/// halting on the first error; returns the log. Panics with the log's tail when
/// pdflatex fails.
pub fn pdflatex(dir: &std::path::Path, name: &str) -> String {
    let out = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error"])
        .arg(format!("{name}.tex"))
        .current_dir(dir)
        .output()
        .expect("pdflatex runs");
    let log = std::fs::read_to_string(dir.join(format!("{name}.log"))).unwrap_or_default();
    assert!(
        out.status.success(),
        "{name}.tex does not compile:\n{}",
        &log[log.len().saturating_sub(3000)..]
    );
    log
}

/// The overfull boxes a pdflatex log reports, with their sizes in points:
/// `Overfull \hbox (12.3pt too wide) …`.
pub fn overfull_boxes(log: &str) -> Vec<(f64, String)> {
    log.lines()
        .filter(|l| l.starts_with("Overfull \\hbox") || l.starts_with("Overfull \\vbox"))
        .map(|l| {
            let pt = l
                .split('(')
                .nth(1)
                .and_then(|r| r.split("pt").next())
                .and_then(|v| v.parse().ok())
                .unwrap_or(f64::INFINITY);
            (pt, l.to_string())
        })
        .collect()
}

/// A fresh directory under the system's temporary directory.
pub fn tempdir(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("permlab-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
