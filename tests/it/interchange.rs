//! Interchange (issue 16, item 5): twsearch's `.tws` format both ways, GAP and SymPy
//! snippets checked by GAP and SymPy themselves where they are installed, and GAP
//! cycle notation for states.

use crate::common::permlab;
use permlab::{Perm, Puzzle};
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn tempdir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("permlab-interchange-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = permlab(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

/// Writes `permlab export SPEC --tws` to a file and returns its path.
fn export_tws(dir: &std::path::Path, spec: &str, file: &str) -> String {
    let (code, out, err) = permlab(&["export", spec, "--tws"]);
    assert_eq!(code, 0, "{spec}: {err}");
    let path = dir.join(file);
    std::fs::write(&path, out).unwrap();
    path.to_str().unwrap().to_string()
}

/// Exported and read back: the same group order and generator names, the same
/// distance distribution in `metric`, and orbits among the original's (fixed points
/// and orbits determined by others are left out of the file).
fn round_trip(spec: &str, metric: &str) {
    // a directory per puzzle: the tests run in parallel and remove their directory
    let tag = spec.replace([':', '[', ']', ','], "_");
    let dir = tempdir(&format!("rt-{tag}"));
    let file = export_tws(&dir, spec, &format!("{tag}.tws"));
    let a = Puzzle::load(spec).unwrap();
    let b = Puzzle::load(&file).unwrap();
    assert!(b.degree() <= a.degree(), "{spec}");
    assert_eq!(a.generator_names(), b.generator_names(), "{spec}");
    assert_eq!(a.group().order(), b.group().order(), "{spec}");
    // the points are renumbered orbit by orbit: the orbit lengths of the file's
    // puzzle are among the original's
    let mut la = a.group().orbit_lengths();
    for l in b.group().orbit_lengths() {
        let at = la.iter().position(|&x| x == l);
        assert!(
            at.is_some(),
            "{spec}: an orbit of {l} points not in the original"
        );
        la.swap_remove(at.unwrap());
    }
    let x = json(&["bfs", spec, "--metric", metric, "--json", "--quiet"]);
    let y = json(&["bfs", &file, "--metric", metric, "--json", "--quiet"]);
    assert_eq!(x["states"], y["states"], "{spec}");
    assert_eq!(x["distribution"], y["distribution"], "{spec}");
    assert_eq!(x["moves"], y["moves"], "{spec}");
    // and writing the file read back gives the same file but for the name line
    let again = b.to_tws().unwrap();
    let first = std::fs::read_to_string(&file).unwrap();
    let body = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with("Name "))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(body(&again), body(&first), "{spec}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tws_round_trip_cube2_subgroup_board_and_ring() {
    // <R,U,F> of the 2x2x2 (stickers of one corner fixed: 3 one-point sets)
    round_trip("cube2[R,U,F]", "htm");
    // a board and a ring
    round_trip("board:3x3:2", "htm");
    round_trip("turnstyle:8", "generators");
    round_trip("nokia2x2", "qtm");
}

#[test]
#[ignore = "88,179,840 positions twice: run in release"]
fn tws_round_trip_cube2() {
    round_trip("cube2", "htm");
}

#[test]
fn tws_file_with_twists_loads() {
    // a hand-written definition with orientations: four pieces of two orientations;
    // A cycles pieces 1 -> 2 -> 3 -> 1 flipping the one leaving position 3, B swaps
    // the pieces at 3 and 4. As points (position i, flip t) = 2(i-1)+t+1:
    // A = 1->3, 2->4, 3->5, 4->6, 5->2, 6->1 = (1,3,5,2,4,6); B = (5,7)(6,8).
    let dir = tempdir("twist");
    let path = dir.join("flip.tws");
    std::fs::write(
        &path,
        "# written for this test\nName Flip\n\nSet P 4 2\n\nSolved\nP\n1 2 3 4\n0 0 0 0\nEnd\n\n\
         Move A\nP\n3 1 2 4\n0 0 1 0\nEnd\n\nMove B\nP\n1 2 4 3\nEnd\n",
    )
    .unwrap();
    let p = Puzzle::load(path.to_str().unwrap()).unwrap();
    assert_eq!(p.degree(), 8);
    assert_eq!(p.generators()[0].perm.to_string(), "(1,3,5,2,4,6)");
    assert_eq!(p.generators()[1].perm.to_string(), "(5,7)(6,8)");
    // the group by closure under the generators (independent of the stabiliser
    // chain): every permutation of the 4 pieces with every flip pattern, 4!·2^4 (A^3
    // flips three pieces; under S4 that gives every pattern)
    let gens = p.generator_perms();
    let mut seen = std::collections::HashSet::from([Perm::identity(8)]);
    let mut queue = vec![Perm::identity(8)];
    while let Some(x) = queue.pop() {
        for g in &gens {
            let y = &x * g;
            if seen.insert(y.clone()) {
                queue.push(y);
            }
        }
    }
    assert_eq!(seen.len(), 384);
    assert_eq!(p.group().order(), 384u32.into());
    let (code, _, err) = permlab(&["group", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // errors are one line with the file and line
    std::fs::write(
        &path,
        "Set P 2 1\nSolved\nP\n1 1\nEnd\nMove A\nP\n2 1\nEnd\n",
    )
    .unwrap();
    let (code, _, err) = permlab(&["group", path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("flip.tws:4: set P: piece 1 appears twice"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `program args` with `input` on stdin; `None` if it cannot be started.
fn run_with_input(program: &str, args: &[&str], input: &str) -> Option<String> {
    use std::io::Write;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(input.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    assert!(
        out.status.success(),
        "{program}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

const EXPORTED: [&str; 5] = [
    "cube2",
    "cube3",
    "board:4x4:3",
    "turnstyle:12",
    "tests/data/m12.gens",
];

#[test]
fn gap_computes_the_same_orders() {
    if Command::new("gap").arg("--help").output().is_err() {
        eprintln!("skipped: gap is not on PATH");
        return;
    }
    for spec in EXPORTED {
        let (code, snippet, err) = permlab(&["export", spec, "--gap"]);
        assert_eq!(code, 0, "{err}");
        let order = Puzzle::load(spec).unwrap().group().order();
        assert!(
            snippet.contains(&format!("Size(G) = {order}\n")),
            "{snippet}"
        );
        let script = format!("{snippet}Print(Size(G), \"\\n\");\nQUIT;\n");
        let out = run_with_input("gap", &["-q"], &script).expect("gap runs");
        assert_eq!(out, order.to_string(), "{spec}");
    }
}

#[test]
fn sympy_computes_the_same_orders() {
    let has_sympy = Command::new("python3")
        .args(["-c", "import sympy"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_sympy {
        eprintln!("skipped: python3 with sympy is not available");
        return;
    }
    for spec in EXPORTED {
        let (code, snippet, err) = permlab(&["export", spec, "--sympy"]);
        assert_eq!(code, 0, "{err}");
        let order = Puzzle::load(spec).unwrap().group().order();
        let script = format!("{snippet}print(G.order())\n");
        let out = run_with_input("python3", &["-"], &script).expect("python3 runs");
        assert_eq!(out, order.to_string(), "{spec}");
    }
}

#[test]
fn export_errors_are_one_line() {
    let (code, _, err) = permlab(&["export", "cube2"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("give the format, --gap, --sympy or --tws"),
        "{err}"
    );
    let (code, _, err) = permlab(&["export", "cube2", "--gap", "--tws"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, _, err) = permlab(&["export", "cube2[R U,F]", "--tws"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the move name \"R U\" contains white space"),
        "{err}"
    );
}

#[test]
fn states_in_cycle_notation() {
    // apply: --cycles gives the start state as the permutation taking solved to it
    let p = Puzzle::builtin("board:3x3:2").unwrap();
    let g = Perm::parse_cycles("(1,2)", Some(9)).unwrap();
    let start = g.to_state();
    let (code, by_labels, _) = permlab(&[
        "apply",
        "board:3x3:2",
        "A",
        "--state",
        &permlab::puzzle::format_state(&start),
        "--json",
    ]);
    assert_eq!(code, 0);
    let (code, by_cycles, _) =
        permlab(&["apply", "board:3x3:2", "A", "--cycles", "(1,2)", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(by_labels, by_cycles);
    let v: serde_json::Value = serde_json::from_str(&by_cycles).unwrap();
    let want: Vec<u32> = p
        .apply(&start, &p.parse_word("A").unwrap())
        .iter()
        .map(|x| x + 1)
        .collect();
    assert_eq!(v["state"], serde_json::json!(want));
    let (code, _, err) = permlab(&["apply", "board:3x3:2", "A", "--cycles", "(1,10)"]);
    assert_eq!(code, 2);
    assert!(err.contains("--cycles \"(1,10)\""), "{err}");
}

#[test]
fn tws_export_leaves_out_fixed_points_and_determined_orbits() {
    // <R,U> on cube3: 6 corners that twist and 7 edges that never flip (the second
    // sticker of each edge moves as the first); the 26 other stickers stay put
    let (code, out, err) = permlab(&["export", "cube3[R,U]", "--tws"]);
    assert_eq!(code, 0, "{err}");
    let sets: Vec<&str> = out.lines().filter(|l| l.starts_with("Set ")).collect();
    assert_eq!(sets, ["Set ORBIT1 6 3", "Set ORBIT2 7 1"]);
    assert!(out.contains("# left out, moved as ORBIT2 is (the other stickers of its pieces)"));
    let p = Puzzle::from_tws(&out, "ru.tws").unwrap();
    assert_eq!(p.degree(), 6 * 3 + 7);
    assert_eq!(p.group().order_u128(), Some(73_483_200));
}
