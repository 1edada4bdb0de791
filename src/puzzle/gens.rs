//! The `.gens` generator file format.
//!
//! ```text
//! # The 2x2x2 cube with one corner fixed
//! degree: 24
//! R: (2,18,22,8)(4,20,24,6)(13,14,16,15)     # comments run to the end of a line
//! U: (1,2,4,3)(5,9,13,17)(6,10,14,18)
//! ```
//!
//! `#` starts a comment; blank lines are ignored; an optional `degree: N` line (before
//! the generators) sets the number of points, otherwise it is the largest point used;
//! an optional `metric: htm|qtm|generators` line (before the generators) sets the
//! puzzle's [search metric](crate::puzzle::Metric): `generators` when absent
//! (a search takes exactly the listed moves, as GAP takes the listed generators;
//! write `metric: htm` to make every power of each generator a move, `metric: qtm`
//! for each generator and its inverse);
//! an optional `identical: 1-4 | 5-8` line (before the generators) declares classes
//! of [identical pieces](crate::puzzle::identical): positions are then the
//! arrangements of the multiset, for position counts, `bfs` and `solve`;
//! then one generator per line, `NAME: CYCLES`, in GAP cycle notation with 1-based
//! points. Names match `[A-Za-z0-9_'+-]+` and must be unique. Errors name the file,
//! the line and the column.
//!
//! ```
//! let g = permlab::puzzle::gens::parse_gens("x: (1,2,3)\ny: (1,2)\n", "inline").unwrap();
//! assert_eq!(g.degree, 3);
//! assert_eq!(g.moves[1].perm.to_string(), "(1,2)");
//! ```

use crate::perm::cycles::parse_cycles;
use crate::perm::{check_degree, Perm, MAX_DEGREE};
use crate::puzzle::{Metric, Move};
use std::collections::HashSet;
use std::path::Path;

/// An error in a `.gens` file, located by file, line and column (1-based).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct GensError {
    /// The file (or a label for in-memory text).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// The contents of a `.gens` file.
#[derive(Clone, Debug)]
pub struct GensFile {
    /// The number of points.
    pub degree: usize,
    /// The generators in file order.
    pub moves: Vec<Move>,
    /// The search metric of a `metric:` line.
    pub metric: Option<Metric>,
    /// The classes of identical labels of an `identical:` line (0-based), empty
    /// without one.
    pub identical: Vec<Vec<usize>>,
}

/// Reads and parses a `.gens` file line by line, so that an error on an early line is
/// reported without reading the rest. Only regular files are read (a FIFO or a
/// device would block or never end).
pub fn read_gens_file(path: &Path) -> Result<GensFile, GensError> {
    use std::io::BufRead;
    let file = path.display().to_string();
    let fail = |line: usize, message: String| GensError {
        file: file.clone(),
        line,
        column: 0,
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| fail(0, format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(fail(0, "not a regular file".into()));
    }
    let reader = std::io::BufReader::new(
        std::fs::File::open(path).map_err(|e| fail(0, format!("cannot read: {e}")))?,
    );
    let lines = reader.split(b'\n').enumerate().map(|(k, bytes)| {
        let bytes = bytes.map_err(|e| fail(k + 1, format!("cannot read: {e}")))?;
        let mut text = String::from_utf8(bytes)
            .map_err(|_| fail(k + 1, "the line is not valid UTF-8".into()))?;
        if text.ends_with('\r') {
            text.pop();
        }
        Ok(text)
    });
    parse_gens_lines(lines, &file)
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_'+-".contains(c))
}

/// The largest number in `text` that is a possible point (at most
/// [`MAX_DEGREE`]); larger numbers are left for the cycle parser to report.
fn largest_point(text: &str) -> usize {
    text.split(|c: char| !c.is_ascii_digit())
        .filter_map(|d| d.parse::<usize>().ok())
        .filter(|&v| v <= MAX_DEGREE)
        .max()
        .unwrap_or(0)
}

/// Parses `.gens` text; `file` labels error messages.
pub fn parse_gens(text: &str, file: &str) -> Result<GensFile, GensError> {
    parse_gens_lines(text.lines().map(|l| Ok(l.to_string())), file)
}

/// Parses `.gens` lines; `file` labels error messages. The degree is checked against
/// [`MAX_DEGREE`] and the generators' size against
/// [`MAX_PUZZLE_BYTES`](crate::puzzle::MAX_PUZZLE_BYTES) as the lines come, before any
/// permutation is built.
fn parse_gens_lines(
    lines: impl Iterator<Item = Result<String, GensError>>,
    file: &str,
) -> Result<GensFile, GensError> {
    let err = |line: usize, column: usize, message: String| GensError {
        file: file.to_string(),
        line,
        column,
        message,
    };
    let mut degree: Option<usize> = None;
    let mut metric: Option<Metric> = None;
    let mut identical: Option<(String, usize, usize)> = None; // text, line, column
    let mut largest = 0usize;
    let mut names: HashSet<String> = HashSet::new();
    let mut raw: Vec<(String, String, usize, usize)> = Vec::new(); // name, cycles, line, column
    for (ln, full) in lines.enumerate() {
        let full = full?;
        let line_no = ln + 1;
        let content = full.split('#').next().unwrap_or("");
        if content.trim().is_empty() {
            continue;
        }
        let lead = content.len() - content.trim_start().len();
        let Some(colon) = content.find(':') else {
            return Err(err(
                line_no,
                lead + 1,
                "expected `NAME: CYCLES` or `degree: N`".into(),
            ));
        };
        let name = content[..colon].trim();
        let rest = &content[colon + 1..];
        let rest_col = colon + 2 + (rest.len() - rest.trim_start().len());
        if name == "degree" {
            if !raw.is_empty() {
                return Err(err(
                    line_no,
                    lead + 1,
                    "degree must come before the generators".into(),
                ));
            }
            if degree.is_some() {
                return Err(err(line_no, lead + 1, "degree given twice".into()));
            }
            let n: usize = rest.trim().parse().map_err(|_| {
                err(
                    line_no,
                    rest_col,
                    format!(
                        "degree {:?} is not a number",
                        crate::limits::clip(rest.trim())
                    ),
                )
            })?;
            check_degree(n).map_err(|e| err(line_no, rest_col, e.to_string()))?;
            degree = Some(n);
            continue;
        }
        if name == "metric" {
            if !raw.is_empty() {
                return Err(err(
                    line_no,
                    lead + 1,
                    "metric must come before the generators".into(),
                ));
            }
            if metric.is_some() {
                return Err(err(line_no, lead + 1, "metric given twice".into()));
            }
            metric = Some(rest.trim().parse().map_err(|e| err(line_no, rest_col, e))?);
            continue;
        }
        if name == "identical" {
            if !raw.is_empty() {
                return Err(err(
                    line_no,
                    lead + 1,
                    "identical must come before the generators".into(),
                ));
            }
            if identical.is_some() {
                return Err(err(line_no, lead + 1, "identical given twice".into()));
            }
            largest = largest.max(largest_point(rest));
            identical = Some((rest.to_string(), line_no, rest_col));
            continue;
        }
        if !valid_name(name) {
            return Err(err(
                line_no,
                lead + 1,
                format!(
                    "invalid generator name {:?} (allowed: letters, digits, _ ' + -)",
                    crate::limits::clip(name)
                ),
            ));
        }
        if !names.insert(name.to_string()) {
            return Err(err(
                line_no,
                lead + 1,
                format!("generator {:?} defined twice", crate::limits::clip(name)),
            ));
        }
        largest = largest.max(largest_point(rest));
        let points = degree.unwrap_or(largest);
        crate::puzzle::check_size(points, raw.len() + 1)
            .map_err(|why| err(line_no, lead + 1, why))?;
        raw.push((name.to_string(), rest.to_string(), line_no, colon + 2));
    }
    if raw.is_empty() {
        return Err(err(1, 1, "no generators".into()));
    }
    // Every point is at most `n`, so parsing with degree `n` gives the same
    // permutations and errors as parsing each line on its own and extending.
    let n = degree.unwrap_or(largest);
    let mut moves = Vec::new();
    for (name, cycles, line, col) in raw {
        let perm = parse_cycles(&cycles, Some(n)).map_err(|e| {
            // re-base the cycle parser's column onto the line
            let msg = e.to_string();
            let (c, m) = match msg.strip_prefix("column ") {
                Some(rest) => {
                    let (num, m) = rest.split_once(": ").unwrap_or(("1", rest));
                    (num.parse::<usize>().unwrap_or(1), m.to_string())
                }
                None => (1, msg),
            };
            err(line, col + c - 1, format!("generator {name}: {m}"))
        })?;
        moves.push(Move { name, perm });
    }
    let identical = match identical {
        None => Vec::new(),
        Some((text, line, col)) => crate::puzzle::identical::parse_classes(&text, n)
            .map_err(|e| err(line, col, format!("identical: {e}")))?,
    };
    Ok(GensFile {
        degree: n,
        moves,
        metric,
        identical,
    })
}

/// Writes generators in `.gens` format.
pub fn format_gens(degree: usize, moves: &[(String, Perm)], comment: &str) -> String {
    let mut s = String::new();
    for line in comment.lines() {
        s.push_str(&format!("# {line}\n"));
    }
    s.push_str(&format!("degree: {degree}\n"));
    for (name, p) in moves {
        s.push_str(&format!("{name}: {p}\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_locate_line_and_column() {
        let e = parse_gens("# c\nA: (1,2)\nB: (1,0)\n", "f.gens").unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.gens:3:7: generator B: point 0 is not allowed (points are 1-based)"
        );
        let e = parse_gens("A (1,2)\n", "f.gens").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = parse_gens("A: (1,2)\nA: (2,3)\n", "f.gens").unwrap_err();
        assert!(e.message.contains("defined twice"));
        let e = parse_gens("A.b: (1,2)\n", "f.gens").unwrap_err();
        assert!(e.message.contains("invalid generator name"));
        let e = parse_gens("degree: 3\nA: (1,4)\n", "f.gens").unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.gens:2:7: generator A: point 4 exceeds the degree 3"
        );
        let e = parse_gens("\n# nothing\n", "f.gens").unwrap_err();
        assert_eq!(e.message, "no generators");
        let e = parse_gens("metric: ftm\nA: (1,2)\n", "f.gens").unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.gens:1:9: unknown metric \"ftm\" (expected htm, qtm or generators)"
        );
        let e = parse_gens("A: (1,2)\nmetric: qtm\n", "f.gens").unwrap_err();
        assert_eq!(e.message, "metric must come before the generators");
    }

    #[test]
    fn metric_line() {
        let g = parse_gens("metric: generators\nA: (1,2,3)\n", "t").unwrap();
        assert_eq!(g.metric, Some(Metric::Generators));
        assert_eq!(parse_gens("A: (1,2,3)\n", "t").unwrap().metric, None);
    }

    #[test]
    fn identical_line() {
        let g = parse_gens("identical: 1-2 | 3,4\nA: (1,2,3,4)\n", "t").unwrap();
        assert_eq!(g.identical, [vec![0, 1], vec![2, 3]]);
        assert!(parse_gens("A: (1,2,3,4)\n", "t")
            .unwrap()
            .identical
            .is_empty());
        let e = parse_gens("identical: 1-2 | 2,3\nA: (1,2,3)\n", "f.gens").unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.gens:1:12: identical: class 2: point 2 is already in class 1"
        );
        let e = parse_gens("degree: 3\nidentical: 1-5\nA: (1,2,3)\n", "f.gens").unwrap_err();
        assert!(e.message.contains("not a number or a range"), "{e}");
    }

    #[test]
    fn roundtrip() {
        let g = parse_gens("degree: 5\nR': (1,2,3)\nx_1: ()\n", "t").unwrap();
        assert_eq!(g.degree, 5);
        let text = format_gens(
            g.degree,
            &g.moves
                .iter()
                .map(|m| (m.name.clone(), m.perm.clone()))
                .collect::<Vec<_>>(),
            "test",
        );
        let again = parse_gens(&text, "t").unwrap();
        assert_eq!(again.moves[0].perm, g.moves[0].perm);
        assert_eq!(again.moves[1].name, "x_1");
    }
}
