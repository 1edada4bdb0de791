//! `bench solve --optimal N --peers` (issue 14): twsearch's optimal solver beside
//! permlab's IDA* on the same seeded cube2 positions. Each twsearch solution is
//! replayed in permlab and both lengths (both optimal) must be equal. Runs only
//! where twsearch is built at /work/peers/twsearch (or `$TWSEARCH_SRC`); skipped
//! with a message otherwise.

use std::path::PathBuf;
use std::process::Command;

fn twsearch_src() -> PathBuf {
    std::env::var_os("TWSEARCH_SRC")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/peers/twsearch"))
}

#[test]
fn twsearch_agrees_with_permlab_on_cube2_optimal_solves() {
    let src = twsearch_src();
    if !src.join("build/bin/twsearch").is_file() {
        eprintln!(
            "skipped: no twsearch binary at {}/build/bin/twsearch (set TWSEARCH_SRC)",
            src.display()
        );
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args([
            "--json",
            "bench",
            "solve",
            "--optimal",
            "4",
            "--puzzle",
            "cube2",
        ])
        .args(["--seed", "7", "--peers", "--twsearch-memory", "512"])
        .arg("--twsearch-src")
        .arg(&src)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["solved"], 4);
    assert_eq!(v["twsearch"]["ok"], true, "{}", v["twsearch"]);
    assert_eq!(v["twsearch"]["solved"], 4);
    assert_eq!(v["twsearch"]["lengths_compared"], 4);
    assert_eq!(v["twsearch"]["every_solution_replayed"], true);
    assert_eq!(v["twsearch"]["every_length_equal"], true);
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 4);
    for r in runs {
        let (ours, theirs) = (&r["length"], &r["twsearch"]["length"]);
        assert!(ours.as_u64().is_some_and(|l| l <= 11), "{r}");
        assert_eq!(ours, theirs, "{r}");
        assert_eq!(r["twsearch"]["replayed"], true);
        // the two solutions are checked independently; a twsearch solution is a
        // word of the puzzle's move names
        let sol = r["twsearch"]["solution"].as_str().unwrap();
        assert_eq!(
            sol.split_whitespace().count() as u64,
            theirs.as_u64().unwrap()
        );
    }
}

#[test]
fn peers_without_optimal_is_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args(["bench", "solve", "--peers"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args(["bench", "solve", "--optimal", "1", "--puzzle", "megaminx"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--puzzle megaminx"));
}

/// The flags of nissy and of the optimal peers' Markdown table are checked before
/// any table is built: one line, exit 2.
#[test]
fn optimal_peer_flags_are_checked_first() {
    let cases: [(&[&str], &str); 3] = [
        (
            &["--peers", "--nissy-table", "h48h0,h48h12"],
            "permlab: error: --nissy-table h48h12: give one of nissy's H48 solvers h48h0 … h48h11\n",
        ),
        (
            &["--peers", "--nissy-table", "h48h0k4"],
            "permlab: error: --nissy-table h48h0k4: give one of nissy's H48 solvers h48h0 … h48h11\n",
        ),
        (
            &["--markdown", "x.md"],
            "permlab: error: --markdown goes with --cold, --optimal N --peers or the default bench solve\n",
        ),
    ];
    for (extra, message) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_permlab"))
            .args(["bench", "solve", "--optimal", "1"])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), message, "{extra:?}");
    }
}
