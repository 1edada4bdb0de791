//! A puzzle's group as a snippet for other systems: GAP (1-based cycle notation,
//! `G := Group([...]);`) and SymPy (0-based cycles, `PermutationGroup`). Each
//! snippet lists the generators in the puzzle's order with their names, and states
//! the group order permlab computed in a comment, for comparison.
//!
//! ```
//! use permlab::Puzzle;
//! let p = Puzzle::builtin("turnstyle:4").unwrap();
//! let gap = permlab::puzzle::export::to_gap(&p);
//! assert!(gap.contains("G := Group([\n  (1,2,3,4), # L\n"));
//! let py = permlab::puzzle::export::to_sympy(&p);
//! assert!(py.contains("Permutation([[0, 1, 2, 3]], size=4),  # L\n"));
//! ```

use super::Puzzle;

/// A name on one line (line breaks become spaces), for comments.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

/// A GAP string literal.
fn gap_string(text: &str) -> String {
    let mut s = String::from('"');
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            c if c.is_control() => s.push(' '),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

/// The puzzle's group as GAP code: `names := [...];;` (the generators' names, in
/// order), `G := Group([...]);;` (`;;` so that reading it prints nothing) with each
/// generator in cycle notation followed by its
/// name as a comment, and the order permlab computes in a comment.
pub fn to_gap(puzzle: &Puzzle) -> String {
    let order = puzzle.group().order();
    let mut s = format!(
        "# {}: {} points; permlab computes Size(G) = {order}\n",
        one_line(puzzle.name()),
        puzzle.degree()
    );
    let names: Vec<String> = puzzle
        .generators()
        .iter()
        .map(|m| gap_string(&m.name))
        .collect();
    s.push_str(&format!("names := [{}];;\n", names.join(", ")));
    if puzzle.generators().is_empty() {
        s.push_str("G := Group([], ());;\n");
        return s;
    }
    s.push_str("G := Group([\n");
    let count = puzzle.generators().len();
    for (k, m) in puzzle.generators().iter().enumerate() {
        let comma = if k + 1 < count { "," } else { "" };
        s.push_str(&format!("  {}{comma} # {}\n", m.perm, one_line(&m.name)));
    }
    s.push_str("]);;\n");
    s
}

/// The puzzle's group as a Python snippet for SymPy: `names = [...]`,
/// `generators = [Permutation([[...]], size=n), ...]` in 0-based cycle form and
/// `G = PermutationGroup(generators)`, with the order permlab computes in a comment.
pub fn to_sympy(puzzle: &Puzzle) -> String {
    let order = puzzle.group().order();
    let n = puzzle.degree();
    let mut s = format!(
        "# {}: {n} points, numbered from 0 here; permlab computes G.order() == {order}\n",
        one_line(puzzle.name())
    );
    s.push_str("from sympy.combinatorics import Permutation, PermutationGroup\n\n");
    let names: Vec<String> = puzzle
        .generators()
        .iter()
        .map(|m| serde_json::to_string(&m.name).expect("a string serialises"))
        .collect();
    s.push_str(&format!("names = [{}]\n", names.join(", ")));
    s.push_str("generators = [\n");
    for m in puzzle.generators() {
        let cycles: Vec<String> = m
            .perm
            .cycles()
            .iter()
            .map(|c| {
                let points: Vec<String> = c.iter().map(usize::to_string).collect();
                format!("[{}]", points.join(", "))
            })
            .collect();
        s.push_str(&format!(
            "    Permutation([{}], size={n}),  # {}\n",
            cycles.join(", "),
            one_line(&m.name)
        ));
    }
    if puzzle.generators().is_empty() {
        s.push_str(&format!("    Permutation([], size={n}),\n"));
    }
    s.push_str("]\nG = PermutationGroup(generators)\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_quoted() {
        let p = Puzzle::load("cube2[R U,F']").unwrap();
        let gap = to_gap(&p);
        assert!(gap.contains("names := [\"R U\", \"F'\"];;"), "{gap}");
        assert!(gap.contains("Size(G) = "), "{gap}");
        let py = to_sympy(&p);
        assert!(py.contains("names = [\"R U\", \"F'\"]"), "{py}");
        assert_eq!(gap_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
    }
}
