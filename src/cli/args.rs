//! Argument parsers shared by the subcommands.

use super::CliError;
use permlab::Puzzle;

/// The clap value parser of every `PUZZLE` argument: the puzzle loaded once while
/// the command line is parsed ([`Puzzle::load`]), so a bad spec is a usage error.
/// A spec that names a built-in and also an existing file reads the built-in, with a
/// note on stderr (a path containing `/` or ending in `.gens` is always a file).
pub fn puzzle_arg(spec: &str) -> Result<Puzzle, String> {
    let p = Puzzle::load(spec).map_err(|e| e.to_string())?;
    if !Puzzle::is_file_spec(spec) && Path::new(spec).exists() && Puzzle::builtin(spec).is_ok() {
        super::output::errln!(
            "permlab: note: {spec:?} is the built-in puzzle; the file {spec} is not read (write ./{spec} to read it)"
        );
    }
    Ok(p)
}
use std::path::Path;

/// Checks, before any work, that a file can be written at `path` by the rules of
/// [`permlab::io`] (a regular file or nothing there, its directory existing). `what`
/// names the option in errors.
pub fn check_output_file(path: &Path, what: &str) -> Result<(), CliError> {
    permlab::io::check_output_path(path)
        .map(|_| ())
        .map_err(|e| format!("{what} {}: {e}", path.display()).into())
}

/// The value parser of every option naming a file to write (`--out`, `--save`,
/// `--certificate`, `--latex`): the rules of [`permlab::io`] checked before any
/// work, so a refused path costs nothing.
pub fn output_file(text: &str) -> Result<std::path::PathBuf, String> {
    let path = Path::new(text);
    permlab::io::check_output_path(path)
        .map(|_| path.to_path_buf())
        .map_err(|e| e.to_string())
}

/// The value parser of every option naming an existing directory to write files
/// into (`--pruning-tables`, `--checkpoint`, `--on-disk`, `--generated`): it must
/// exist and be a directory (no directory is created).
pub fn output_dir(text: &str) -> Result<std::path::PathBuf, String> {
    let path = Path::new(text);
    permlab::io::check_output_dir(path)
        .map(|_| path.to_path_buf())
        .map_err(|e| e.to_string())
}

/// Checks that text drawn on a figure has no control characters (they are not
/// valid in SVG). `what` names the option in errors.
pub fn check_label(text: &str, what: &str) -> Result<(), CliError> {
    match text.chars().position(char::is_control) {
        Some(i) => Err(format!(
            "{what}: control character at character {} (not allowed in a figure)",
            i + 1
        )
        .into()),
        None => Ok(()),
    }
}

/// Parses a 1-based point list into 0-based points: numbers and ranges separated by
/// commas, a range written `a-b` or `a..b` (`1,3,5`, `9-12`, `1..4,7`). Every point
/// must lie in `1..=n` and appear once; `what` names the option in errors.
pub fn parse_points(text: &str, n: usize, what: &str) -> Result<Vec<usize>, CliError> {
    permlab::perm::cycles::parse_point_list(text, n)
        .map_err(|e| format!("{what} {text:?}: {e}").into())
}

/// The state a command is given, as 0-based labels at positions: either `state`
/// (1-based labels in position order) or `cycles`, a permutation in cycle notation
/// whose action on the solved puzzle gives the state (as `permlab perm` prints the
/// permutation of a word). Exactly one must be given.
pub fn state_arg(
    puzzle: &permlab::Puzzle,
    state: Option<&str>,
    cycles: Option<&str>,
) -> Result<Vec<u32>, CliError> {
    match (state, cycles) {
        (Some(s), None) => Ok(puzzle.parse_state(s)?),
        (None, Some(c)) => {
            let g = permlab::Perm::parse_cycles(c, Some(puzzle.degree()))
                .map_err(|e| format!("--cycles {c:?}: {e}"))?;
            Ok(g.extended(puzzle.degree()).to_state())
        }
        // clap refuses both (`conflicts_with`); this guards any other caller
        (Some(_), Some(_)) => {
            Err("give the state either as STATE or with --cycles, not both".into())
        }
        (None, None) => Err("no state: give STATE (labels in position order) or --cycles".into()),
    }
}

/// The start state of a command whose state is optional: [`state_arg`] when
/// `state` or `cycles` is given, else the solved state.
pub fn start_state(
    puzzle: &permlab::Puzzle,
    state: Option<&str>,
    cycles: Option<&str>,
) -> Result<Vec<u32>, CliError> {
    if state.is_none() && cycles.is_none() {
        return Ok(puzzle.solved());
    }
    state_arg(puzzle, state, cycles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_range_forms_and_errors() {
        assert_eq!(parse_points("9-12", 12, "--fix").unwrap(), [8, 9, 10, 11]);
        assert_eq!(parse_points("9..12", 12, "--fix").unwrap(), [8, 9, 10, 11]);
        assert_eq!(parse_points("1..2,5", 6, "--track").unwrap(), [0, 1, 4]);
        assert_eq!(parse_points(" 3 , 1 ", 6, "--track").unwrap(), [2, 0]);
        for bad in ["0", "7", "3-2", "1,,2", "x", "1-", "", "1,1", "2..2,2"] {
            let e = parse_points(bad, 6, "--fix").unwrap_err().to_string();
            assert!(e.starts_with("--fix "), "{bad}: {e}");
        }
    }
}
