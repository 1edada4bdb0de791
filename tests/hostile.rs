//! Hostile input (issue 18): every case is refused with one line on stderr and exit
//! code 2, never a panic, an abort or an allocation beyond the documented limits.

mod common;
use common::permlab;

/// Asserts that `args` fail with exit code 2, nothing on stdout, one line on stderr
/// starting `permlab: error: ` and containing `expected`, and no panic text.
fn refused(args: &[&str], expected: &str) {
    let (code, out, err) = permlab(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("permlab: error: "), "{args:?}: {err}");
    assert!(err.contains(expected), "{args:?}: {err}");
    assert!(
        !err.contains("panicked") && !err.contains("internal error"),
        "{err}"
    );
}

#[test]
fn oversized_puzzles_are_refused_before_they_are_built() {
    for spec in ["board:1000x1000:2", "board:300x300:2", "board:2x8388608:2"] {
        refused(&["perm", spec, ""], "is too large: ");
        refused(
            &["perm", spec, ""],
            "more than the limit of 1073741824 bytes",
        );
    }
    refused(
        &["nrp", "quality", "--boards", "board:1000x1000:2"],
        "is too large",
    );
    refused(
        &["perm", "board:8589934592x2147483648:2", ""],
        "18446744073709551616 cells, more than 16777216 points",
    );
    for spec in ["turnstyle:10000000000", "turnstyle:4294967297"] {
        refused(&["perm", spec, ""], "(at most 16777216 points)");
    }
    refused(
        &["perm", "turnstyle:16777217", ""],
        "degree 16777217 is too large",
    );
}

#[test]
fn gens_degrees_and_points_beyond_the_limit_are_refused() {
    let d = "tests/data/hostile";
    refused(
        &["perm", &format!("{d}/degree_wraps.gens"), "A"],
        "degree_wraps.gens:2:9: degree 4294967298 is too large (at most 16777216 points)",
    );
    refused(
        &["perm", &format!("{d}/degree_huge.gens"), "A"],
        "degree_huge.gens:1:9: degree 10000000000 is too large",
    );
    refused(
        &["perm", &format!("{d}/point_u32max.gens"), "A"],
        "point_u32max.gens:1:7: generator A: point too large (at most 16777216)",
    );
    refused(
        &["perm", &format!("{d}/point_billion.gens"), "A"],
        "point_billion.gens:1:7: generator A: point too large",
    );
    // 17 moves on 2^24 points: refused at line 18, the 17th generator, unparsed.
    refused(
        &["perm", &format!("{d}/too_many_bytes.gens"), "A"],
        "too_many_bytes.gens:18:1: 17 moves on 16777216 points take 1140850688 bytes",
    );
}
