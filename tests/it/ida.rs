//! IDA* with pruning tables (issue 14): optimal lengths equal the exact distances
//! of a complete table on every position tried, in both metrics; every solution
//! is replayed on the puzzle (through its word parser) and reaches solved.

use crate::common::{cube2_ruf, permlab};

use permlab::search::bfs::{search_space, BfsOptions};
use permlab::search::budget::SearchBudget;
use permlab::search::ida::{auto_projections, state_of, Heuristic, Ida, Outcome, ProjectionKind};
use permlab::search::index::Tokens;
use permlab::search::moves::{Metric, MoveSet};
use permlab::search::solve::distance_with_table;
use permlab::search::space::GroupSpace;
use permlab::search::two_phase::TwoPhase;
use permlab::{Perm, Puzzle};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashSet;

/// Applies a solution to the position of `g` through the puzzle's word parser
/// and checks that it reaches solved; returns its length in the metric.
fn replay(p: &Puzzle, moves: &MoveSet, g: &Perm, sol: &[usize]) -> u32 {
    let text: Vec<&str> = sol
        .iter()
        .map(|&m| moves.moves()[m].name.as_str())
        .collect();
    let word = p.parse_word(&text.join(" ")).unwrap();
    let cells = g.to_state();
    assert_eq!(p.apply(&cells, &word), p.solved(), "{}", text.join(" "));
    sol.iter().map(|&m| moves.moves()[m].cost).sum()
}

/// IDA* against the complete table of the same moves on random positions.
fn check_optimal(p: &Puzzle, moves: &MoveSet, budget: u64, samples: usize, seed: u64) {
    let names = moves.moves().iter().map(|m| m.name.clone()).collect();
    let full = GroupSpace::new(p.name(), p.degree(), names, moves.perms()).unwrap();
    let (table, _) =
        search_space(&full, &BfsOptions::default(), &SearchBudget::unlimited()).unwrap();
    let kinds = auto_projections(moves, budget);
    assert!(kinds.len() > 1, "{kinds:?}");
    let h = Heuristic::build(moves, kinds, &SearchBudget::unlimited(), None).unwrap();
    let group = moves.group();
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..samples {
        let g = group.random_element(&mut rng);
        let s = state_of(&g, p.degree());
        let exact = distance_with_table(&full, &table, &s).unwrap() as u32;
        let mut ida = Ida::new(moves, &h);
        let sol = match ida.solve(&s, 30, &SearchBudget::unlimited()).unwrap() {
            Outcome::Solved(sol) => sol,
            o => panic!("{o:?}"),
        };
        assert_eq!(replay(p, moves, &g, &sol), exact);
        assert_eq!(sol.len() as u32, exact);
    }
}

#[test]
fn ida_htm_is_optimal_on_cube2_ruf() {
    let (p, moves) = cube2_ruf(Metric::Htm);
    assert_eq!(moves.moves().len(), 9);
    assert_eq!(moves.group().order(), 3_674_160u32.into());
    check_optimal(&p, &moves, 200_000, 200, 1);
}

#[test]
fn ida_qtm_is_optimal_on_cube2_ruf() {
    let (p, moves) = cube2_ruf(Metric::Qtm);
    assert_eq!(moves.moves().len(), 6);
    check_optimal(&p, &moves, 200_000, 100, 2);
}

#[test]
fn ida_is_optimal_on_small_puzzles() {
    for (spec, metric) in [
        ("rotation3", Metric::Htm),
        ("rotation3", Metric::Qtm),
        ("nokia2x2", Metric::Htm),
        ("turnstyle:8", Metric::Htm),
        ("turnstyle:8", Metric::Qtm),
    ] {
        let p = Puzzle::builtin(spec).unwrap();
        let moves = MoveSet::for_puzzle(&p, metric).unwrap();
        check_optimal(&p, &moves, 3_000, 40, 3);
    }
}

#[test]
fn move_names_and_families() {
    let (_, moves) = cube2_ruf(Metric::Htm);
    let names: Vec<&str> = moves.moves().iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["U", "U2", "U'", "F", "F2", "F'", "R", "R2", "R'"]);
    // turnstyle: R is L^11 and keeps its name; T has order 2
    let p = Puzzle::builtin("turnstyle:6").unwrap();
    let m = MoveSet::for_puzzle(&p, Metric::Qtm).unwrap();
    let names: Vec<&str> = m.moves().iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["L", "R", "T"]);
}

#[test]
fn tokens_index_is_a_bijection() {
    // every placement of 2 + 1 + 2 tokens on 7 cells, by brute force
    let t = Tokens::new(7, vec![2, 1, 2]).unwrap();
    let mut seen = HashSet::new();
    let mut out = [0u8; 5];
    for r in 0..t.size() {
        t.unrank(r, &mut out);
        assert_eq!(t.rank(&out), r);
        let cells: HashSet<u8> = out.iter().copied().collect();
        assert_eq!(cells.len(), 5);
        // the cells of each colour as sets
        let key = (
            [out[0].min(out[1]), out[0].max(out[1])],
            out[2],
            [out[3].min(out[4]), out[3].max(out[4])],
        );
        assert!(seen.insert(key));
    }
    // 7!/(2! 1! 2! 2!) = 630 (two empty cells)
    assert_eq!(seen.len(), 630);
    assert_eq!(t.size(), 630);
}

#[test]
fn pruning_tables_are_refused_before_allocating() {
    let (_, moves) = cube2_ruf(Metric::Htm);
    let kinds = vec![ProjectionKind::Group((0..24).collect())];
    let e = Heuristic::build(
        &moves,
        kinds,
        &SearchBudget::unlimited().with_max_memory(Some(1 << 16)),
        None,
    )
    .unwrap_err();
    assert!(e.to_string().contains("the limit is 65536 bytes"), "{e}");
}

#[test]
fn two_phase_solutions_replay_and_are_never_below_the_exact_distance() {
    // cube2 <R,U,F> through <U, R2, F2>: every solution replays, and its length is
    // at least the exact distance (complete table)
    let (p, moves) = cube2_ruf(Metric::Htm);
    let sub = p.parse_subgroup("cube2[U, R2, F2]").unwrap();
    let solver = TwoPhase::new(&moves, &sub, &SearchBudget::unlimited()).unwrap();
    assert!(solver.subgroup().order() < moves.group().order());
    let names = moves.moves().iter().map(|m| m.name.clone()).collect();
    let full = GroupSpace::new("cube2 RUF", p.degree(), names, moves.perms()).unwrap();
    let (table, _) =
        search_space(&full, &BfsOptions::default(), &SearchBudget::unlimited()).unwrap();
    let mut rng = StdRng::seed_from_u64(5);
    let group = moves.group();
    for _ in 0..30 {
        let g = group.random_element(&mut rng);
        let s = state_of(&g, p.degree());
        let sol = solver
            .solve(&g, None, &SearchBudget::unlimited())
            .unwrap()
            .unwrap();
        let word = p.parse_word(&sol.names.join(" ")).unwrap();
        assert_eq!(p.apply(&g.to_state(), &word), p.solved());
        assert_eq!(sol.cost as usize, sol.names.len());
        let exact = distance_with_table(&full, &table, &s).unwrap() as u32;
        assert!(sol.cost >= exact, "{} < {exact}", sol.cost);
        // without a time limit the search runs until phase 1 alone is as long
        // as the best total, so phase 1 never exceeds it
        assert!(sol.phase1 <= sol.cost);
    }
}

#[test]
fn two_phase_on_cube3_replays() {
    let p = Puzzle::builtin("cube3").unwrap();
    let moves = MoveSet::for_puzzle(&p, Metric::Htm).unwrap();
    assert_eq!(moves.moves().len(), 18);
    let sub = p.parse_subgroup("cube3[U,D,R2,L2,F2,B2]").unwrap();
    let solver = TwoPhase::new(&moves, &sub, &SearchBudget::unlimited()).unwrap();
    // Kociemba's G1: 8!·8!·4!/2
    assert_eq!(solver.subgroup().order(), 19_508_428_800u64.into());
    let mut rng = StdRng::seed_from_u64(7);
    let group = p.group();
    for _ in 0..10 {
        let g = group.random_element(&mut rng);
        // the first solution comes at once; the rest of the 2 s improve it
        let budget = SearchBudget::unlimited().with_time_limit(2.0).unwrap();
        let sol = solver.solve(&g, None, &budget).unwrap().unwrap();
        let word = p.parse_word(&sol.names.join(" ")).unwrap();
        assert_eq!(p.apply(&g.to_state(), &word), p.solved());
        assert_eq!(sol.cost as usize, sol.names.len());
        // God's number: no position needs more than 20 moves, and the method's
        // first answers are within a few of it
        assert!(sol.cost <= 30, "{}", sol.cost);
    }
    // a scramble of 6 moves is solved in at most 6
    let w = p.parse_word("R U F2 L' D B2").unwrap();
    let g = p.eval(&w);
    let sol = solver
        .solve(&g, None, &SearchBudget::unlimited())
        .unwrap()
        .unwrap();
    assert!(sol.cost <= 6, "{:?}", sol.names);
    let word = p.parse_word(&sol.names.join(" ")).unwrap();
    assert_eq!(p.apply(&g.to_state(), &word), p.solved());
}

#[test]
fn parse_subgroup_errors_name_the_problem() {
    let p = Puzzle::builtin("cube3").unwrap();
    for (text, want) in [
        ("U,D", "expected PUZZLE[move,move,...]"),
        ("cube3[U,D", "missing the closing ]"),
        ("cube2[U,D]", "the subgroup is of \"cube2\""),
        ("cube3[U,,D]", "move 2 is empty"),
        ("cube3[U,Q]", "move 2 (\"Q\")"),
    ] {
        let e = p.parse_subgroup(text).unwrap_err().to_string();
        assert!(e.contains(want), "{text}: {e}");
    }
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = permlab(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn cli_solve_in_a_metric() {
    // rotation3: the complete table and IDA* (--bfs-limit 0) agree, the state
    // given by labels and in cycle notation alike
    let p = Puzzle::builtin("rotation3").unwrap();
    let w = p.parse_word("A B' C2 D A").unwrap();
    let g = p.eval(&w);
    let state = permlab::puzzle::format_state(&g.to_state());
    let cycles = g.to_string();
    for metric in ["htm", "qtm"] {
        let a = json(&[
            "solve",
            "rotation3",
            &state,
            "--metric",
            metric,
            "--json",
            "--quiet",
        ]);
        assert_eq!(a["method"], "distance table");
        assert_eq!(a["optimal"], true);
        let b = json(&[
            "solve",
            "rotation3",
            "--cycles",
            &cycles,
            "--metric",
            metric,
            "--bfs-limit",
            "0",
            "--optimal",
            "--json",
            "--quiet",
        ]);
        assert_eq!(b["method"], "IDA* with pruning tables");
        assert_eq!(a["length"], b["length"]);
        // the solution replays
        let sol = p.parse_word(b["solution"].as_str().unwrap()).unwrap();
        assert_eq!(p.apply(&g.to_state(), &sol), p.solved());
    }
    // a chain on the cube
    let c = Puzzle::builtin("cube3").unwrap();
    let g = c.eval(&c.parse_word("R U F2 L' D B2").unwrap());
    let v = json(&[
        "solve",
        "cube3",
        "--cycles",
        &g.to_string(),
        "--chain",
        "cube3[U,D,R2,L2,F2,B2]",
        "--time-limit",
        "5",
        "--json",
    ]);
    assert_eq!(v["optimal"], false);
    let sol = c.parse_word(v["solution"].as_str().unwrap()).unwrap();
    assert_eq!(c.apply(&g.to_state(), &sol), c.solved());
    assert_eq!(v["length"].as_u64().unwrap() as usize, sol.letters().len());
}

#[test]
fn cli_solve_and_contains_errors() {
    for (args, want) in [
        (vec!["solve", "cube3", "--metric", "htm"], "no state"),
        (
            vec!["solve", "cube3", "--cycles", "(9,21,99)", "--metric", "htm"],
            "--cycles \"(9,21,99)\"",
        ),
        (
            vec![
                "solve",
                "cube3",
                "--cycles",
                "(1,3,9,7)(2,6,8,4)(10,37,28,19)(11,38,29,20)(12,39,30,21)",
                "--chain",
                "cube2[U]",
            ],
            "the subgroup is of \"cube2\"",
        ),
        (
            vec![
                "solve",
                "rotation3",
                "--cycles",
                "(1,2,5,4)",
                "--time-limit",
                "0",
            ],
            "--time-limit 0",
        ),
        (
            vec!["contains", "cube3", "1,2", "--cycles", "(1,2)"],
            "cannot be used with",
        ),
    ] {
        let (code, _, err) = permlab(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // the answer "no" is exit code 1 and one line without "error:", for solve, factor
    // and contains alike
    for args in [
        vec!["solve", "cube3", "--cycles", "(9,21,28)", "--metric", "htm"],
        vec!["factor", "cube3", "--cycles", "(9,21,28)"],
    ] {
        let (code, out, err) = permlab(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(
            err.starts_with("permlab: ") && err.contains("not reachable"),
            "{err}"
        );
        assert!(!err.contains("error"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // contains takes cycle notation: a corner twist is not reachable, a face turn is
    assert_eq!(
        permlab(&["contains", "cube3", "--cycles", "(9,21,28)"]).0,
        1
    );
    let (code, _, _) = permlab(&[
        "contains",
        "cube3",
        "--cycles",
        "(1,3,9,7)(2,6,8,4)(10,37,28,19)(11,38,29,20)(12,39,30,21)",
    ]);
    assert_eq!(code, 0);
}

#[test]
fn cli_bench_solve_reports_what_it_measured() {
    let v = json(&[
        "bench",
        "solve",
        "--count",
        "3",
        "--time-limit",
        "0.3",
        "--json",
    ]);
    assert_eq!(v["positions"], 3);
    let solved = v["solved"].as_u64().unwrap();
    assert_eq!(solved + v["unsolved"].as_u64().unwrap(), 3);
    if solved > 0 {
        assert!(v["median_length"].as_u64().unwrap() <= v["max_length"].as_u64().unwrap());
    }
    assert!(v["median_seconds"].as_f64().unwrap() <= v["max_seconds"].as_f64().unwrap());
    let met = v["unsolved"] == 0 && v["median_length"].as_u64().is_some_and(|m| m <= 22);
    assert_eq!(v["goal_met"], met);
}

/// `bench solve --suite` on two puzzles with complete tables (cube2's ⟨R,U,F⟩ and
/// rotation3), 2 positions each: its JSON keys; on cube2 ⟨R,U,F⟩ permlab's lengths
/// equal the distances of a complete table built here; and, when `gap` is on PATH,
/// every permlab length is at most GAP's `Factorization` length in the same metric.
#[test]
fn cli_bench_solve_suite_against_tables_and_gap() {
    let gap = std::process::Command::new("gap")
        .arg("--version")
        .output()
        .is_ok();
    let mut args = vec![
        "bench",
        "solve",
        "--suite",
        "--count",
        "2",
        "--only",
        "cube2[R,U,F]",
        "--only",
        "rotation3",
        "--json",
    ];
    if !gap {
        eprintln!("gap is not on PATH: the GAP part of this test is skipped (--no-gap)");
        args.push("--no-gap");
    }
    let v = json(&args);
    for key in ["date", "loadavg", "seed", "count", "puzzles"] {
        assert!(!v[key].is_null(), "{key} missing: {v}");
    }
    assert_eq!(v["metric"], "htm");
    let puzzles = v["puzzles"].as_array().unwrap();
    let names: Vec<&str> = puzzles
        .iter()
        .map(|p| p["puzzle"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["cube2[R,U,F]", "rotation3"]);
    let (p, moves) = cube2_ruf(Metric::Htm);
    let names = moves.moves().iter().map(|m| m.name.clone()).collect();
    let full = GroupSpace::new(p.name(), p.degree(), names, moves.perms()).unwrap();
    let (table, _) =
        search_space(&full, &BfsOptions::default(), &SearchBudget::unlimited()).unwrap();
    for row in puzzles {
        let ours: Vec<u64> = row["permlab"]["lengths"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        assert_eq!(ours.len(), 2, "{row}");
        assert_eq!(row["positions"], 2);
        assert_eq!(row["permlab"]["optimal"], 2);
        assert_eq!(row["optimal_check"], true, "{row}");
        assert_eq!(row["table_distances"], row["permlab"]["lengths"]);
        let elements = row["elements"].as_array().unwrap();
        assert_eq!(elements.len(), 2);
        if row["puzzle"] == "cube2[R,U,F]" {
            for (e, &len) in elements.iter().zip(&ours) {
                let g = Perm::parse_cycles(e.as_str().unwrap(), Some(p.degree())).unwrap();
                let d = distance_with_table(&full, &table, &state_of(&g, p.degree())).unwrap();
                assert_eq!(len, d as u64, "{e}");
            }
        }
        for key in [
            "median_length",
            "max_length",
            "median_seconds",
            "first_seconds",
        ] {
            assert!(!row["permlab"][key].is_null(), "{key}: {row}");
        }
        if gap {
            assert_eq!(row["gap"]["status"], "ok", "{row}");
            let theirs = row["gap"]["lengths"].as_array().unwrap();
            assert_eq!(theirs.len(), 2);
            for (a, b) in ours.iter().zip(theirs) {
                assert!(*a <= b.as_u64().unwrap(), "{row}");
            }
            assert_eq!(row["not_longer_than_gap"], true);
            assert!(row["length_ratio"].as_f64().unwrap() <= 1.0);
            assert!(row["time_ratio"].as_f64().is_some());
        } else {
            assert!(row["gap"]["status"].as_str().unwrap().contains("skipped"));
        }
    }
}

/// Pruning tables saved in a directory are loaded on the next build and give the same
/// estimates; a damaged file or one holding another space's table is built again and
/// replaced, with a note naming it.
#[test]
fn pruning_tables_are_saved_and_loaded() {
    let dir = std::env::temp_dir().join(format!("permlab-prune-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (_, moves) = cube2_ruf(Metric::Htm);
    let kinds = auto_projections(&moves, 1 << 16);
    let built = Heuristic::build(
        &moves,
        kinds.clone(),
        &SearchBudget::unlimited(),
        Some(&dir),
    )
    .unwrap();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "dist"))
        .collect();
    files.sort();
    // one table per projection (beside each, the lock file of its building)
    assert_eq!(files.len(), kinds.len());
    let loaded = Heuristic::build(
        &moves,
        kinds.clone(),
        &SearchBudget::unlimited(),
        Some(&dir),
    )
    .unwrap();
    assert_eq!(loaded.entries(), built.entries());
    let group = moves.group();
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..200 {
        let s = state_of(&group.random_element(&mut rng), moves.degree());
        assert_eq!(loaded.estimate(&s).unwrap(), built.estimate(&s).unwrap());
    }
    // another space's table under this name, then a damaged file: each is
    // built again and replaced, with a note naming the file
    struct Notes(std::sync::Mutex<Vec<String>>);
    impl permlab::progress::Progress for Notes {
        fn note(&self, line: &str) {
            self.0.lock().unwrap().push(line.to_string());
        }
    }
    let spoil: [&dyn Fn(); 2] = [
        &|| {
            if files.len() > 1 {
                std::fs::copy(&files[1], &files[0]).unwrap();
            }
        },
        &|| {
            let mut bytes = std::fs::read(&files[0]).unwrap();
            let last = bytes.len() - 20;
            bytes[last] ^= 1;
            std::fs::write(&files[0], &bytes).unwrap();
        },
    ];
    for (case, spoil) in spoil.iter().enumerate() {
        spoil();
        let notes = Notes(std::sync::Mutex::new(Vec::new()));
        let budget = SearchBudget::unlimited().with_progress(&notes);
        let rebuilt = Heuristic::build(&moves, kinds.clone(), &budget, Some(&dir)).unwrap();
        assert_eq!(rebuilt.entries(), built.entries());
        let notes = notes.0.into_inner().unwrap();
        let expected = if case == 0 {
            "holds the pruning table of another space; rebuilt"
        } else {
            "the file is damaged; rebuilt"
        };
        if case == 1 || files.len() > 1 {
            assert_eq!(notes.len(), 1, "{notes:?}");
            assert!(
                notes[0].contains(&files[0].display().to_string()),
                "{notes:?}"
            );
            assert!(notes[0].contains(expected), "{notes:?}");
        }
        // the replaced file is this space's again: loaded without a note
        let quiet = Notes(std::sync::Mutex::new(Vec::new()));
        let budget = SearchBudget::unlimited().with_progress(&quiet);
        let loaded = Heuristic::build(&moves, kinds.clone(), &budget, Some(&dir)).unwrap();
        assert_eq!(loaded.entries(), built.entries());
        assert!(quiet.0.into_inner().unwrap().is_empty());
        for _ in 0..50 {
            let s = state_of(&group.random_element(&mut rng), moves.degree());
            assert_eq!(loaded.estimate(&s).unwrap(), built.estimate(&s).unwrap());
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The oriented-pieces index (pieces × orientations, Korf's edge tables) gives
/// the same distances as the sticker arrangements of the same stickers, on
/// cube2 ⟨R,U,F⟩ (4 of its 7 moved corners) and cube3 (3 edges), on random
/// positions; and `auto_projections` picks it where a piece system exists.
#[test]
fn oriented_pieces_tables_agree_with_sticker_tables() {
    use permlab::search::ida::{projection_size, Projection};
    let (_, m2) = cube2_ruf(Metric::Htm);
    let p3 = Puzzle::builtin("cube3").unwrap();
    let m3 = MoveSet::for_puzzle(&p3, Metric::Htm).unwrap();
    for (moves, k) in [(&m2, 4usize), (&m3, 3)] {
        let kinds = auto_projections(moves, 200_000);
        let ProjectionKind::OrientedPieces(t) = kinds
            .iter()
            .find(|k| matches!(k, ProjectionKind::OrientedPieces(_)))
            .unwrap()
            .clone()
        else {
            unreachable!()
        };
        let t: Vec<usize> = t[..k.min(t.len())].to_vec();
        let a = ProjectionKind::OrientedPieces(t.clone());
        let b = ProjectionKind::Pieces(t.clone());
        // pieces of o stickers: o^k·n!/(n-k)! entries instead of (n·o)!/(n·o-k)!
        assert!(projection_size(moves, &a).unwrap() < projection_size(moves, &b).unwrap());
        let ta = Projection::build(moves, a, &SearchBudget::unlimited(), None).unwrap();
        let tb = Projection::build(moves, b, &SearchBudget::unlimited(), None).unwrap();
        let group = moves.group();
        let mut rng = StdRng::seed_from_u64(11);
        let mut seen = HashSet::new();
        for _ in 0..300 {
            let g = group.random_element(&mut rng);
            let s = state_of(&g, moves.degree());
            let (da, db) = (ta.distance(&s).unwrap(), tb.distance(&s).unwrap());
            assert_eq!(da, db, "{g}");
            seen.insert(da);
        }
        assert!(seen.len() >= 3, "{seen:?}");
    }
}
