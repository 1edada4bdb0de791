//! The user guide (`docs/src/*.md`, an mdBook) and the README cannot go stale:
//!
//! - every fenced block marked ```` ```sh runnable ```` is run against the built binary, and
//!   its output compared with the one shown;
//! - every relative link (and `#anchor` into a guide chapter) resolves;
//! - the notebooks listed in the README and the guide are the files in `notebooks/`;
//! - every subcommand of `permlab --help` has a guide heading naming it;
//! - `SUMMARY.md` lists every chapter, and the README stays a front door (≤ 250 lines).
//!
//! A runnable block holds commands, each on a line starting with `$ `, each followed by the
//! output it shows (stdout, or stderr when stdout is empty) and optionally by a line
//! `[exit code N]` (0 when absent). In the shown output a line `…` stands for any number of
//! lines, and `…` inside a line for any text. The commands run through `sh` in
//! `target/guide-examples/` (where `tests` and `data` link to the crate's own), with the built
//! `permlab` first on `PATH` and the tests' table cache, so files they write stay out of the
//! checkout.

use super::common::test_cache;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The guide's chapters, sorted by file name.
fn chapters() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("docs/src"))
        .expect("docs/src exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    assert!(files.len() > 10, "the guide has its chapters");
    files
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A fenced code block: its info string, its lines and the line number of its fence.
struct Block {
    info: String,
    lines: Vec<String>,
    line: usize,
}

/// The fenced code blocks of a Markdown text, and the text outside them (by line).
fn split_blocks(text: &str) -> (Vec<Block>, Vec<(usize, String)>) {
    let mut blocks = Vec::new();
    let mut prose = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        // a fence opens with three backticks and an info string without backticks
        // (CommonMark), so "```` ```sh ```` in a sentence" is not one
        let trimmed = line.trim_start();
        let fence = trimmed.starts_with("```") && !trimmed.trim_start_matches('`').contains('`');
        match open.take() {
            Some(b) if fence => blocks.push(b),
            Some(mut b) => {
                b.lines.push(line.to_string());
                open = Some(b);
            }
            None if fence => {
                open = Some(Block {
                    info: line.trim_start().trim_start_matches('`').trim().to_string(),
                    lines: Vec::new(),
                    line: i + 1,
                })
            }
            None => prose.push((i + 1, line.to_string())),
        }
    }
    assert!(open.is_none(), "a fenced block is not closed");
    (blocks, prose)
}

/// One shown command: the command line, the output shown and the exit code expected.
struct Example {
    command: String,
    shown: Vec<String>,
    code: i32,
}

fn examples(block: &Block) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    for line in &block.lines {
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.push(Example {
                command: cmd.to_string(),
                shown: Vec::new(),
                code: 0,
            });
            continue;
        }
        let ex = out
            .last_mut()
            .unwrap_or_else(|| panic!("line {}: output before any `$ ` command", block.line));
        match line
            .strip_prefix("[exit code ")
            .and_then(|r| r.strip_suffix(']'))
        {
            Some(n) => ex.code = n.parse().expect("an exit code"),
            None => ex.shown.push(line.trim_end().to_string()),
        }
    }
    assert!(
        !out.is_empty(),
        "line {}: a runnable block without a command",
        block.line
    );
    out
}

/// Whether one output line matches one shown line (`…` matches any text).
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split('…').collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() || !line.ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the output lines match the shown lines (a line `…` matches any number of lines).
fn output_matches(shown: &[String], actual: &[&str]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((p, rest)) if p == "…" => {
            (0..=actual.len()).any(|skip| output_matches(rest, &actual[skip..]))
        }
        Some((p, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| line_matches(p, a) && output_matches(rest, more)),
    }
}

/// The directory the examples run in: `tests` and `data` point at the crate's own, and
/// `paper/generated` (where `reproduce` writes) is its own.
fn example_dir() -> PathBuf {
    let dir = root().join("target/guide-examples");
    std::fs::create_dir_all(dir.join("paper/generated")).unwrap();
    for name in ["tests", "data"] {
        let link = dir.join(name);
        if std::fs::symlink_metadata(&link).is_err() {
            std::os::unix::fs::symlink(root().join(name), &link).unwrap();
        }
    }
    dir
}

#[test]
fn runnable_examples_print_what_the_guide_shows() {
    let dir = example_dir();
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_permlab")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    let mut count = 0;
    for file in chapters() {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let (blocks, _) = split_blocks(&read(&file));
        for block in blocks.iter().filter(|b| b.info == "sh runnable") {
            for ex in examples(block) {
                count += 1;
                let out = Command::new("sh")
                    .arg("-c")
                    .arg(&ex.command)
                    .current_dir(&dir)
                    .env("PATH", &path)
                    .env("PERMLAB_CACHE", test_cache())
                    .output()
                    .expect("sh runs");
                let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
                let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
                let printed = if stdout.is_empty() { &stderr } else { &stdout };
                let mut lines: Vec<&str> = printed.lines().map(str::trim_end).collect();
                while lines.last() == Some(&"") {
                    lines.pop();
                }
                let code = out.status.code().unwrap_or(-1);
                let shown_ok = ex.shown.is_empty() || output_matches(&ex.shown, &lines);
                if code != ex.code || !shown_ok {
                    failures.push(format!(
                        "{name}:{}: `{}`: exit code {code} (guide: {}); {}\n--- printed:\n{}--- stderr:\n{}",
                        block.line,
                        ex.command,
                        ex.code,
                        if shown_ok { "output as shown" } else { "output differs from the guide's" },
                        stdout,
                        stderr
                    ));
                }
            }
        }
    }
    assert!(count >= 40, "the guide has its runnable examples ({count})");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_shown_output_matcher_is_strict() {
    let shown = |s: &str| s.lines().map(String::from).collect::<Vec<_>>();
    assert!(output_matches(&shown("a\n…\nd"), &["a", "b", "c", "d"]));
    assert!(output_matches(&shown("a\n…\nd"), &["a", "d"]));
    assert!(!output_matches(&shown("a\n…\nd"), &["a", "b", "c"]));
    assert!(!output_matches(&shown("a\nb"), &["a", "b", "c"]));
    assert!(output_matches(&shown("time …"), &["time 0.03 s"]));
    assert!(output_matches(&shown("x … y … z"), &["x 1 y 2 z"]));
    assert!(!output_matches(&shown("x … y … z"), &["x 1 z 2 y"]));
    assert!(!output_matches(&shown("ab…ba"), &["aba"]));
}

/// The heading ids mdBook gives a chapter's headings.
fn anchors(text: &str) -> BTreeSet<String> {
    let (_, prose) = split_blocks(text);
    prose
        .iter()
        .filter_map(|(_, l)| l.strip_prefix('#'))
        .map(|h| {
            h.trim_start_matches('#')
                .trim()
                .to_lowercase()
                .chars()
                .filter_map(|c| match c {
                    ' ' => Some('-'),
                    c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// The targets of the Markdown links and images on a line: `[text](target)`.
fn link_targets(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        out.push(after[..end].to_string());
        rest = &after[end..];
    }
    out
}

#[test]
fn relative_links_in_the_readme_and_the_guide_resolve() {
    let mut files = chapters();
    for f in ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"] {
        files.push(root().join(f));
    }
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = read(file);
        let (_, prose) = split_blocks(&text);
        for (n, line) in &prose {
            for target in link_targets(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (path, anchor) = match target.split_once('#') {
                    Some((p, a)) => (p, Some(a)),
                    None => (target.as_str(), None),
                };
                let resolved = if path.is_empty() {
                    file.clone()
                } else {
                    file.parent().unwrap().join(path)
                };
                let ok = resolved.exists()
                    && anchor.is_none_or(|a| {
                        resolved.extension().is_some_and(|e| e == "md")
                            && anchors(&read(&resolved)).contains(a)
                    });
                if !ok {
                    broken.push(format!("{}:{n}: {target}", file.display()));
                }
            }
        }
    }
    assert!(checked >= 20, "links were found ({checked})");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_summary_lists_every_chapter() {
    let summary = read(&root().join("docs/src/SUMMARY.md"));
    let listed: BTreeSet<String> = summary.lines().flat_map(link_targets).collect();
    let files: BTreeSet<String> = chapters()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|f| f != "SUMMARY.md")
        .collect();
    assert_eq!(listed, files);
}

/// The notebook file names (`NN-name.ipynb`, in `notebooks/` itself) a text mentions.
fn notebooks_named(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices(".ipynb") {
        let start = text[..i]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .map_or(0, |s| s + 1);
        let name = &text[start..i];
        let in_subdir = text[..start].ends_with("python/");
        if !in_subdir && name.len() > 3 && name.as_bytes()[..2].iter().all(u8::is_ascii_digit) {
            out.insert(format!("{name}.ipynb"));
        }
    }
    out
}

#[test]
fn the_notebooks_listed_are_the_notebooks_there() {
    let files: BTreeSet<String> = std::fs::read_dir(root().join("notebooks"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".ipynb"))
        .collect();
    assert!(files.len() >= 7);
    for doc in ["README.md", "docs/src/notebooks.md"] {
        assert_eq!(
            notebooks_named(&read(&root().join(doc))),
            files,
            "{doc} lists the notebooks in notebooks/"
        );
    }
}

#[test]
fn every_subcommand_has_a_guide_section() {
    let (code, help, _) = super::common::permlab(&["--help"]);
    assert_eq!(code, 0);
    let commands: Vec<String> = help
        .lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .filter(|c| c != "help")
        .collect();
    assert!(commands.len() > 30, "{commands:?}");
    let mut headings = String::new();
    for file in chapters() {
        let (_, prose) = split_blocks(&read(&file));
        for (_, l) in prose.iter().filter(|(_, l)| l.starts_with('#')) {
            headings.push_str(l);
            headings.push('\n');
        }
    }
    let missing: Vec<&String> = commands
        .iter()
        .filter(|c| !headings.contains(&format!("`permlab {c}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "subcommands without a guide heading: {missing:?}"
    );
}

#[test]
fn the_readme_is_a_front_door() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(lines <= 250, "README.md has {lines} lines (at most 250)");
    // .ci/run runs the README's test command; the main job comes first
    let (blocks, _) = split_blocks(&readme);
    let first = &blocks[0].lines;
    assert!(
        first[0].starts_with("cargo run --release -- reproduce"),
        "{first:?}"
    );
    assert!(first[1].starts_with("cargo test --release "), "{first:?}");
}
