//! Searches beyond one process's memory: the out-of-core table (`bfs --on-disk`)
//! and the distributed search (`bfs --mpi` under `mpirun`, feature `mpi`), each
//! checked against the single-process, in-memory `bfs` on the same space.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn permlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args(args)
        .output()
        .expect("permlab runs")
}

fn json_of(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("permlab-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn is_empty_dir(dir: &Path) -> bool {
    std::fs::read_dir(dir).unwrap().next().is_none()
}

#[test]
fn on_disk_table_runs_below_the_memory_the_table_needs() {
    // Turnstyle-11: 39,916,800 positions, a 10 MB table, searched with 4 MB allowed
    let base = ["bfs", "turnstyle:11", "--quiet", "--json"];
    let want = json_of(&permlab(&base));
    let refused = permlab(&[&base[..], &["--max-memory", "4M"]].concat());
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("the limit is 4194304 bytes"));
    let dir = scratch("on-disk");
    let d = dir.to_str().unwrap();
    let got = json_of(&permlab(
        &[&base[..], &["--max-memory", "4M", "--on-disk", d]].concat(),
    ));
    assert_eq!(got["distribution"], want["distribution"]);
    assert_eq!(got["antipodes"], want["antipodes"]);
    assert_eq!(got["table_on_disk"], Value::Bool(true));
    assert_eq!(want["table_on_disk"], Value::Bool(false));
    assert!(is_empty_dir(&dir), "the scratch table is removed");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn on_disk_needs_a_directory() {
    let out = permlab(&["bfs", "cube2", "--on-disk", "/nonexistent-permlab-dir"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no such directory: /nonexistent-permlab-dir"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

#[cfg(not(feature = "mpi"))]
#[test]
fn mpi_without_the_feature_says_how_to_build_it() {
    let out = permlab(&["bfs", "nokia2x2", "--mpi"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--features mpi"));
}

/// `mpirun -np N permlab ARGS` (Open MPI: root allowed, more ranks than cores
/// allowed).
#[cfg(feature = "mpi")]
fn mpirun(n: usize, args: &[&str]) -> Output {
    Command::new("mpirun")
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .args(["--oversubscribe", "-np", &n.to_string()])
        .arg(env!("CARGO_BIN_EXE_permlab"))
        .args(args)
        .output()
        .expect("mpirun runs (Debian: openmpi-bin)")
}

#[cfg(feature = "mpi")]
#[test]
fn mpi_ranks_give_the_distribution_of_the_single_process_search() {
    let cases: &[(&[&str], &[usize])] = &[
        (&["nokia2x2"], &[2, 3]),
        (&["cube2"], &[2, 3]),
        (&["turnstyle:10"], &[2, 3]),
        // 12! = 479,001,600 positions
        (&["board:3x4:2", "--inverses"], &[2]),
    ];
    for (space, ranks) in cases {
        let one = json_of(&permlab(&[&["bfs", "--quiet", "--json"], *space].concat()));
        for &n in *ranks {
            let got = json_of(&mpirun(
                n,
                &[&["bfs", "--quiet", "--json", "--mpi"], *space].concat(),
            ));
            assert_eq!(
                got["distribution"], one["distribution"],
                "{space:?} on {n} ranks"
            );
            assert_eq!(got["states"], one["states"]);
            assert_eq!(got["antipodes"], one["antipodes"], "{space:?} on {n} ranks");
            assert_eq!(got["ranks"], Value::from(n));
        }
    }
}

#[cfg(feature = "mpi")]
#[test]
fn mpi_search_stopped_after_a_layer_resumes_from_its_checkpoint() {
    let dir = scratch("mpi-ckpt");
    let d = dir.to_str().unwrap();
    let space = ["bfs", "turnstyle:10", "--quiet", "--json", "--mpi"];
    let one = json_of(&permlab(&space[..4]));
    let stopped = mpirun(
        3,
        &[&space[..], &["--checkpoint", d, "--stop-after", "12"]].concat(),
    );
    assert_eq!(stopped.status.code(), Some(2));
    let err = String::from_utf8_lossy(&stopped.stderr);
    assert!(
        err.contains("stopped as asked (--stop-after 12) after depth 12"),
        "{err}"
    );
    // only rank 0 speaks (mpirun adds its own note about the exit status)
    assert_eq!(err.matches("permlab: error").count(), 1, "{err}");
    // each rank keeps two files (the last two layers)
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 6);
    let resumed = json_of(&mpirun(
        3,
        &[&space[..], &["--checkpoint", d, "--resume"]].concat(),
    ));
    assert_eq!(resumed["distribution"], one["distribution"]);
    assert_eq!(resumed["antipodes"], one["antipodes"]);
    // a checkpoint of 3 ranks does not resume on 2
    let other = mpirun(2, &[&space[..], &["--checkpoint", d, "--resume"]].concat());
    assert_eq!(other.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&other.stderr)
        .contains("no checkpointed layer common to all 2 ranks"));
    std::fs::remove_dir_all(&dir).unwrap();
}
