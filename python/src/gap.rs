//! GAP's text for permutations and groups: cycle notation (the crate's parser) and
//! `Group([...])` / `Group(...)` as GAP prints and reads them.
//!
//! GAP breaks long output lines with a backslash before the line break; both are
//! removed first, and other line breaks count as spaces.

use crate::error;
use permlab::{Perm, PermGroup};
use pyo3::prelude::*;

/// The text with GAP's line continuations (`\` + line break) removed and line breaks
/// as spaces.
fn join_lines(text: &str) -> String {
    text.replace("\\\r\n", "")
        .replace("\\\n", "")
        .replace(['\n', '\r'], " ")
}

/// A permutation in GAP's cycle notation.
pub fn parse_perm(text: &str, degree: Option<usize>) -> PyResult<Perm> {
    Perm::parse_cycles(&join_lines(text), degree).map_err(error)
}

/// GAP's text of a group: `Group([g1, g2, …])`, or `Group([], ())` without generators.
pub fn format_group(g: &PermGroup) -> String {
    if g.generators().is_empty() {
        return "Group([], ())".to_string();
    }
    let gens: Vec<String> = g.generators().iter().map(Perm::to_string).collect();
    format!("Group([{}])", gens.join(", "))
}

/// The generators of a group in GAP's text: `Group([g1, …])`, `Group(g1, …)` or
/// `Group([], ())`, optionally as `NAME := Group(…);`. An error names the generator
/// and the column inside it.
pub fn parse_group(text: &str) -> PyResult<Vec<Perm>> {
    let joined = join_lines(text);
    let mut body = joined.trim().trim_end_matches(';').trim_end();
    if let Some((lhs, rhs)) = body.split_once(":=") {
        if lhs.trim().chars().all(|c| c.is_alphanumeric() || c == '_') {
            body = rhs.trim();
        }
    }
    let inner = body
        .strip_prefix("Group")
        .map(str::trim_start)
        .and_then(|b| b.strip_prefix('('))
        .and_then(|b| b.strip_suffix(')'))
        .ok_or_else(|| {
            error(
                "Group text: expected Group([g1, g2, ...]) or Group(g1, g2, ...) with \
                 generators in GAP's cycle notation",
            )
        })?;
    let list = match inner.trim_start().strip_prefix('[') {
        // `[g1, …]`, maybe followed by `, identity`
        Some(rest) => {
            let close = rest
                .find(']')
                .ok_or_else(|| error("Group text: '[' without ']'"))?;
            &rest[..close]
        }
        None => inner,
    };
    let pieces: Vec<&str> = split_top_level(list).into_iter().map(str::trim).collect();
    if pieces.len() == 1 && pieces[0].is_empty() {
        return Ok(Vec::new());
    }
    pieces
        .iter()
        .enumerate()
        .map(|(k, piece)| {
            Perm::parse_cycles(piece, None).map_err(|e| {
                error(format!(
                    "Group text: generator {} ({:?}): {e}",
                    k + 1,
                    permlab::limits::clip(piece)
                ))
            })
        })
        .collect()
}

/// The pieces of `text` between commas outside parentheses.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i64;
    let mut from = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&text[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[from..]);
    out
}
