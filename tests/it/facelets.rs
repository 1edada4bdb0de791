//! Kociemba's facelet strings (`permlab::puzzle::facelets`), the converter
//! `bench solve --cold --peers` hands the dedicated solvers their positions with:
//! against strings printed by min2phase itself (tests/data), round trips on
//! random positions, refused strings; and (ignored by default: it installs them
//! from the registries) the peers' solutions replayed in permlab.

use permlab::puzzle::facelets::{from_facelets, to_facelets};
use permlab::Puzzle;
use rand::SeedableRng;

/// The (moves, facelets) pairs of tests/data/facelets_min2phase.tsv.
fn min2phase_strings() -> Vec<(String, String)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/facelets_min2phase.tsv"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (m, f) = l.split_once('\t').expect("moves<TAB>facelets");
            (m.to_string(), f.to_string())
        })
        .collect()
}

#[test]
fn a_single_r_is_kociembas_string() {
    let cube3 = Puzzle::builtin("cube3").unwrap();
    let r = cube3.apply(&cube3.solved(), &cube3.parse_word("R").unwrap());
    assert_eq!(
        to_facelets(&cube3, &r).unwrap(),
        "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
    );
}

#[test]
fn every_face_turn_and_scramble_gives_min2phases_string_and_back() {
    let cube3 = Puzzle::builtin("cube3").unwrap();
    let cases = min2phase_strings();
    // the six face turns and three words
    assert_eq!(cases.len(), 9);
    for (moves, facelets) in cases {
        let state = cube3.apply(&cube3.solved(), &cube3.parse_word(&moves).unwrap());
        assert_eq!(to_facelets(&cube3, &state).unwrap(), facelets, "{moves}");
        assert_eq!(from_facelets(&cube3, &facelets).unwrap(), state, "{moves}");
    }
}

#[test]
fn random_positions_round_trip() {
    for spec in ["cube3", "cube2"] {
        let p = Puzzle::builtin(spec).unwrap();
        let group = p.group();
        let mut rng = rand::rngs::StdRng::seed_from_u64(41);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let g = group.random_element(&mut rng);
            let state = g.to_state();
            let text = to_facelets(&p, &state).unwrap();
            // nine (four) of each letter, the centres fixed on the 3x3x3
            for c in "URFDLB".chars() {
                let n = text.chars().filter(|&x| x == c).count();
                assert_eq!(n * 6, p.degree(), "{spec} {text}");
            }
            assert_eq!(from_facelets(&p, &text).unwrap(), state, "{spec} {text}");
            seen.insert(text);
        }
        // distinct positions give distinct strings (the colours name the state)
        assert_eq!(seen.len(), 200, "{spec}");
    }
}

#[test]
fn strings_that_are_no_cube_are_refused_with_the_reason() {
    let cube3 = Puzzle::builtin("cube3").unwrap();
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let err = |text: &str| from_facelets(&cube3, text).unwrap_err().to_string();
    assert!(
        err(&solved[1..]).contains("53 letters"),
        "{}",
        err(&solved[1..])
    );
    let x = format!("X{}", &solved[1..]);
    assert!(err(&x).contains("letter 1 is 'X'"), "{}", err(&x));
    // U1 coloured R: the corner U1 L1 B3 has the colours U? → R, L, B: no cubie
    let r = format!("R{}", &solved[1..]);
    assert!(err(&r).contains("no cubie has"), "{}", err(&r));
    // two U-R edges: the U-F edge's stickers U8, F2 coloured as U6, R2
    let mut two: Vec<char> = solved.chars().collect();
    two[19] = 'R'; // F2 (U8 stays U)
    let two: String = two.into_iter().collect();
    assert!(err(&two).contains("both at sticker"), "{}", err(&two));
    let board = Puzzle::builtin("board:3x3:2").unwrap();
    assert!(to_facelets(&board, &board.solved()).is_err());
}

/// `bench solve --cold --peers` on three positions: both peers installed (a
/// venv with `kociemba` from PyPI, the min2phase runner from crates.io, under
/// target/bench-peers) and run one process per position, each of their
/// solutions replayed in permlab from the facelet string the converter gave.
#[test]
#[ignore = "installs kociemba (PyPI) and builds the min2phase crate into target/bench-peers; run with --ignored"]
fn peers_solutions_replay_in_permlab() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/target/bench-peers");
    let (code, out, err) = crate::common::permlab(&[
        "--json",
        "bench",
        "solve",
        "--cold",
        "--peers",
        "--count",
        "3",
        "--seed",
        "5",
        "--peers-dir",
        dir,
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for s in v["skipped"].as_array().unwrap() {
        crate::common::require_tool(s["name"].as_str().unwrap(), s["why"].as_str().unwrap());
    }
    let solvers = v["solvers"].as_array().unwrap();
    assert_eq!(
        solvers.len(),
        3 + 2 - v["skipped"].as_array().unwrap().len()
    );
    for s in solvers {
        assert_eq!(s["solved"], 3, "{}", s["name"]);
        for r in s["runs"].as_array().unwrap() {
            assert_eq!(r["replayed"], true, "{} {r}", s["name"]);
            let len = r["length"].as_u64().unwrap();
            assert!(len <= 20, "{} {r}", s["name"]);
            assert_eq!(
                r["solution"].as_str().unwrap().split_whitespace().count() as u64,
                len
            );
        }
    }
}

#[test]
fn cold_bench_replays_each_process_and_writes_markdown() {
    let dir = std::env::temp_dir().join(format!("permlab-cold-md-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let md = dir.join("cold.md");
    let (code, out, err) = crate::common::permlab(&[
        "--json",
        "bench",
        "solve",
        "--cold",
        "--count",
        "1",
        "--markdown",
        md.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let solvers = v["solvers"].as_array().unwrap();
    let names: Vec<&str> = solvers
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "permlab --no-cache",
            "permlab, empty cache",
            "permlab, warm cache"
        ]
    );
    for s in solvers {
        assert_eq!(s["solved"], 1);
        assert_eq!(s["runs"][0]["replayed"], true);
        assert!(s["peak_memory_bytes"].as_u64().unwrap() > 0);
    }
    // the state handed to the peers is the position's facelet string
    let cube3 = Puzzle::builtin("cube3").unwrap();
    let g =
        permlab::Perm::parse_cycles(v["states"][0]["cycles"].as_str().unwrap(), Some(54)).unwrap();
    assert_eq!(
        v["states"][0]["facelets"].as_str().unwrap(),
        to_facelets(&cube3, &g.to_state()).unwrap()
    );
    let text = std::fs::read_to_string(&md).unwrap();
    assert!(text.contains("| permlab, empty cache | 1/1 |"), "{text}");
    assert!(text.contains("load average"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cold_flags_are_checked() {
    for args in [
        &["bench", "solve", "--cold", "--time-limit", "1"][..],
        &["bench", "solve", "--cold", "--optimal", "1"],
        &["bench", "solve", "--suite", "--markdown", "x.md"],
        &["bench", "solve", "--cold", "--peers", "--puzzle", "cube:4"],
        &["bench", "solve", "--puzzle", "megaminx"],
        &["bench", "solve", "--suite", "--puzzle", "megaminx"],
        &[
            "bench",
            "solve",
            "--cold",
            "--puzzle",
            "no-such-puzzle.gens",
        ],
    ] {
        let (code, _, err) = crate::common::permlab(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

/// `bench solve --cold --puzzle cube2`: another built-in's default `solve`, one
/// process per position, each solution replayed; no facelets (the peers solve
/// cube3 only).
#[test]
fn cold_bench_of_another_puzzle() {
    let (code, out, err) = crate::common::permlab(&[
        "--json", "bench", "solve", "--cold", "--puzzle", "cube2", "--count", "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["puzzle"], "cube2");
    assert_eq!(v["metric"], "htm");
    assert_eq!(v["states"].as_array().unwrap().len(), 2);
    assert!(v["states"][0]["facelets"].is_null());
    let cube2 = Puzzle::builtin("cube2").unwrap();
    for s in v["solvers"].as_array().unwrap() {
        assert_eq!(s["solved"], 2, "{}", s["name"]);
        for (r, st) in s["runs"]
            .as_array()
            .unwrap()
            .iter()
            .zip(v["states"].as_array().unwrap())
        {
            assert_eq!(r["replayed"], true, "{r}");
            // the 2x2x2 is solved optimally from its distance table: at most
            // its God's number, 11 in the half-turn metric
            assert!(r["length"].as_u64().unwrap() <= 11, "{r}");
            let g = permlab::Perm::parse_cycles(st["cycles"].as_str().unwrap(), Some(24)).unwrap();
            let w = cube2.parse_word(r["solution"].as_str().unwrap()).unwrap();
            assert!((&g * &cube2.eval(&w)).is_identity());
        }
    }
}

/// `bench solve --cold --puzzle FILE`: a puzzle file as `solve` takes it.
#[test]
fn cold_bench_of_a_puzzle_file() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cube2_ruf.gens");
    let (code, out, err) = crate::common::permlab(&[
        "--json", "bench", "solve", "--cold", "--puzzle", file, "--count", "1",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["puzzle"], file);
    for s in v["solvers"].as_array().unwrap() {
        assert_eq!(s["solved"], 1, "{}", s["name"]);
        assert_eq!(s["runs"][0]["replayed"], true, "{}", s["name"]);
    }
}
