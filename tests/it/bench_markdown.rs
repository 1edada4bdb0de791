//! `--markdown FILE` of `bench groups` and `bench search`: the file's comment, the
//! line on the machine, the tables' columns, one row per case run, the values the
//! cases compute (against GAP's values in tests/data and 11!), and the refusals.
//! No timing is asserted.

use crate::common::{assert_refused, permlab, require_tool};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("permlab-bench-md-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The cells of a Markdown table row `| a | b |`.
fn cells(row: &str) -> Vec<&str> {
    row.strip_prefix("| ")
        .and_then(|r| r.strip_suffix(" |"))
        .unwrap_or_else(|| panic!("not a table row: {row}"))
        .split(" | ")
        .collect()
}

/// The rows of the table whose header row is `header` in `text` (after its
/// alignment row), as cells; asserts the header is there once.
fn table_rows<'a>(text: &'a str, header: &str) -> Vec<Vec<&'a str>> {
    let lines: Vec<&str> = text.lines().collect();
    let at: Vec<usize> = (0..lines.len()).filter(|&i| lines[i] == header).collect();
    assert_eq!(at.len(), 1, "header {header} once in:\n{text}");
    assert!(lines[at[0] + 1].starts_with("|---"), "{text}");
    lines[at[0] + 2..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .map(|l| cells(l))
        .collect()
}

/// The first two lines of a benchmark's Markdown: the comment naming `command`,
/// then the machine (date in UTC, load average, cores), then an empty line.
fn assert_head(text: &str, command: &str) {
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("<!-- written by `permlab {command}` -->"));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let machine = lines[1];
    assert!(machine.contains(" UTC, load average "), "{machine}");
    assert!(machine.contains(" at the start, "), "{machine}");
    assert!(
        machine.ends_with(&format!(" at the end, {cores} cores.")),
        "{machine}"
    );
    assert_eq!(lines[2], "");
}

/// GAP's order and number of conjugacy classes of a `.gens` file of tests/data
/// (tests/data/classes_gap.txt).
fn gap_order_and_classes(file: &str) -> (String, String) {
    let text = std::fs::read_to_string("tests/data/classes_gap.txt").unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("tests/data/{file} ")))
        .unwrap_or_else(|| panic!("{file} in classes_gap.txt"));
    let f: Vec<&str> = line.split_whitespace().collect();
    (f[1].to_string(), f[2].to_string())
}

/// GAP's cells of a row (ms, ratio): numbers, or `-` twice when GAP is missing.
fn check_gap_cells(row: &[&str], text: &str) {
    if row[3] == "-" {
        assert_eq!(row[4], "-", "{text}");
        require_tool("gap", text);
    } else {
        assert!(row[3].parse::<f64>().unwrap() >= 0.0, "{text}");
        assert!(row[4].parse::<f64>().unwrap() >= 0.0, "{text}");
    }
}

#[test]
fn bench_groups_writes_its_tables_as_markdown() {
    let d = scratch("groups");
    let md = d.join("groups.md");
    let (code, out, err) = permlab(&[
        "bench",
        "groups",
        "--only",
        "cube2 <R,U,F>",
        "--markdown",
        md.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&md).unwrap();
    assert_head(&text, "bench groups --markdown");
    // below the head, the file holds the tables the command printed
    let body = text.splitn(4, '\n').nth(3).unwrap();
    assert_eq!(body, out);
    let (order, classes) = gap_order_and_classes("cube2_ruf.gens");
    let groups = table_rows(
        &text,
        "| group | digits of order | permlab (ms) | GAP (ms) | permlab/GAP |",
    );
    assert_eq!(groups.len(), 1, "{text}");
    assert_eq!(groups[0][0], "cube2 <R,U,F>");
    assert_eq!(groups[0][1], order.len().to_string());
    check_gap_cells(&groups[0], &text);
    let operations = table_rows(
        &text,
        "| case | value | permlab (ms) | GAP (ms) | permlab/GAP |",
    );
    assert_eq!(operations.len(), 1, "{text}");
    assert_eq!(operations[0][0], "classes cube2 <R,U,F>");
    assert_eq!(operations[0][1], classes);
    check_gap_cells(&operations[0], &text);
    // GAP's answers agree with permlab's (a disagreement is noted below the table)
    assert!(
        !text.contains("GAP's size") && !text.contains("GAP's answer"),
        "{text}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn bench_search_writes_its_table_as_markdown() {
    let d = scratch("search");
    let md = d.join("search.md");
    let (code, _, err) = permlab(&[
        "bench",
        "search",
        "--only",
        "turnstyle12",
        "--markdown",
        md.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&md).unwrap();
    assert_head(&text, "bench search --markdown");
    let rows = table_rows(
        &text,
        "| search | positions | set-up (s) | search (s) | M pos./CPU s | peak MB | goal |",
    );
    assert_eq!(rows.len(), 1, "{text}");
    assert_eq!(rows[0][0], "turnstyle12 up to rotation (11!)");
    // the 12! positions of Turnstyle-12 up to its 12 rotations
    assert_eq!(rows[0][1], (1..=11u64).product::<u64>().to_string());
    assert!(
        rows[0][6] == "<= 3 s (met)" || rows[0][6] == "<= 3 s (not met)",
        "{text}"
    );
    assert!(
        text.lines()
            .last()
            .unwrap()
            .ends_with(" threads; the table takes 2 bits per position."),
        "{text}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn markdown_paths_and_modes_are_checked() {
    let x = "/nonexistent/dir/x.md";
    for args in [
        &["bench", "groups", "--only", "M24", "--markdown", x][..],
        &["bench", "search", "--only", "turnstyle12", "--markdown", x],
        &["bench", "solve", "--count", "1", "--markdown", x],
    ] {
        assert_refused(args, permlab(args), "no such directory: /nonexistent/dir");
    }
    for args in [
        &["bench", "search", "--peers", "--markdown", "x.md"][..],
        &["bench", "search", "--ranks", "1", "--markdown", "x.md"],
    ] {
        assert_refused(
            args,
            permlab(args),
            "--markdown goes with the default bench search",
        );
    }
    let args = &["bench", "groups", "--only", "no such group"];
    assert_refused(
        args,
        permlab(args),
        "--only no such group: no group or operation of bench groups has that in its label",
    );
}

#[test]
fn bench_groups_facts_compares_permlab_group_with_gap() {
    // M24 (order 244823040, simple): permlab group computes every fact within its
    // default time, and GAP's derived series, centre and solvability agree with it
    // (a disagreement would be a note ending in "!")
    let d = scratch("facts");
    let md = d.join("facts.md");
    let (code, out, err) = permlab(&[
        "bench",
        "groups",
        "--facts",
        "--only",
        "M24",
        "--markdown",
        md.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&md).unwrap();
    assert_head(&text, "bench groups --facts --markdown");
    assert_eq!(
        text.lines().skip(3).collect::<Vec<_>>().join("\n"),
        out.trim_end()
    );
    let rows = table_rows(
        &text,
        "| group | permlab group (ms, one process) | facts not computed | GAP (ms, inside GAP) | GAP (ms, one process) | permlab/GAP (processes) |",
    );
    // --only M24 selects M24 and M24 on 3-sets
    let labels: Vec<&str> = rows.iter().map(|r| r[0]).collect();
    assert_eq!(labels, ["M24", "M24 on 3-sets deg 2024"], "{text}");
    // M24 on 24 points takes milliseconds of its 1 s; on 3-sets it may leave facts
    // uncomputed on a loaded machine
    assert_eq!(rows[0][2], "0", "{text}");
    assert!(rows[1][2].parse::<usize>().unwrap() <= 6, "{text}");
    for row in &rows {
        if row[3] == "-" {
            assert_eq!(row[4..], ["-", "-"], "{text}");
            require_tool("gap", &text);
        } else {
            for cell in &row[3..] {
                assert!(cell.parse::<f64>().unwrap() >= 0.0, "{text}");
            }
        }
    }
    assert!(!text.lines().any(|l| l.ends_with('!')), "{text}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn bench_groups_per_fact_has_a_row_per_fact() {
    // M24 on 24 points: seven rows, one per fact of `group --json`, each with permlab's
    // time and, where GAP runs, GAP's time inside GAP and the ratio
    let d = scratch("per-fact");
    let md = d.join("per_fact.md");
    let (code, out, err) = permlab(&[
        "bench",
        "groups",
        "--per-fact",
        "--only",
        "M24",
        "--gap-timeout",
        "60",
        "--markdown",
        md.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&md).unwrap();
    assert_head(&text, "bench groups --per-fact --markdown");
    assert_eq!(
        text.lines().skip(3).collect::<Vec<_>>().join("\n"),
        out.trim_end()
    );
    let rows = table_rows(
        &text,
        "| group | fact | permlab (ms) | GAP (ms) | permlab/GAP |",
    );
    let m24: Vec<&Vec<&str>> = rows.iter().filter(|r| r[0] == "M24").collect();
    let facts: Vec<&str> = m24.iter().map(|r| r[1]).collect();
    assert_eq!(
        facts,
        [
            "order",
            "derived series",
            "centre",
            "primitivity",
            "solvability",
            "composition series",
            "structure"
        ],
        "{text}"
    );
    for row in &m24 {
        assert!(row[2].parse::<f64>().unwrap() >= 0.0, "{text}");
        if row[3] == "-" {
            assert_eq!(row[4], "-", "{text}");
            require_tool("gap", &text);
        } else {
            assert!(row[3].parse::<f64>().unwrap() >= 0.0, "{text}");
            assert!(row[4].parse::<f64>().unwrap() >= 0.0, "{text}");
        }
    }
    std::fs::remove_dir_all(&d).unwrap();
}
