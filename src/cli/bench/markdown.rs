//! `--markdown FILE` of the benchmarks (`bench solve`, `bench solve --cold`,
//! `bench groups`, `bench search`): the table as Markdown for the user guide, a
//! comment naming the command that wrote it and one line on the run's machine
//! above it, written atomically.

use crate::cli::CliError;
use permlab::escape::markdown_cell;
use std::path::Path;

/// The machine a benchmark runs on and when: the date (UTC), the 1-minute load
/// average at the start and the number of cores, read when the run starts.
pub(super) struct Machine {
    /// `YYYY-MM-DD HH:MM UTC` ([`super::utc_date`]).
    pub date: String,
    /// The load average at the start ([`super::load_average`]).
    pub load_start: String,
    /// The cores the process may use.
    pub cores: usize,
}

impl Machine {
    /// The machine now, at the start of a run.
    pub fn at_start() -> Machine {
        Machine {
            date: super::utc_date(),
            load_start: super::load_average(),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    /// The date, the load average at the start (and at the end, when given) and
    /// the cores, as one clause: `2026-11-27 18:30 UTC, load average 1.02 at the
    /// start, 1.50 at the end, 2 cores`.
    pub fn clause(&self, load_end: Option<&str>) -> String {
        let end = load_end.map_or(String::new(), |l| format!(", {l} at the end"));
        format!(
            "{}, load average {} at the start{end}, {} cores",
            self.date, self.load_start, self.cores
        )
    }
}

/// The Markdown alignment of a table of a label and four numbers.
pub(super) const NUMBERS_RIGHT: [&str; 5] = ["---", "---:", "---:", "---:", "---:"];

/// The lines above a benchmark's Markdown table: an HTML comment naming
/// `command` (the words after `permlab`), then one line, `about; machine.` (just
/// `machine.` when `about` is empty), then an empty line.
pub(super) fn head(command: &str, about: &str, machine: &str) -> String {
    let line = if about.is_empty() {
        markdown_cell(machine)
    } else {
        format!("{}; {}", markdown_cell(about), markdown_cell(machine))
    };
    format!("<!-- written by `permlab {command}` -->\n{line}.\n\n")
}

/// A Markdown table: the header cells, the alignment row (`---` for text, `---:`
/// for numbers, one per column) and the rows, every cell escaped.
pub(super) fn table<R: AsRef<[String]>>(header: &[&str], align: &[&str], rows: &[R]) -> String {
    let line = |cells: Vec<String>| format!("| {} |\n", cells.join(" | "));
    let mut t = line(header.iter().map(|h| markdown_cell(h)).collect());
    t.push_str(&format!("|{}|\n", align.join("|")));
    for r in rows {
        t.push_str(&line(r.as_ref().iter().map(|c| markdown_cell(c)).collect()));
    }
    t
}

/// Writes `text` to `path` atomically; an error names the option and the path.
pub(super) fn write(path: &Path, text: &str) -> Result<(), CliError> {
    permlab::io::write_atomic(path, text.as_bytes())
        .map_err(|e| format!("--markdown {}: {e}", path.display()).into())
}
