//! Honest move sets (issue 16, item 4; issue 36, item 4): `bfs` and `solve` say which
//! moves and metric they search, built-in twisty puzzles default to the half-turn
//! metric, a `.gens` file's moves are the moves it lists unless a `metric:` line says
//! otherwise, and one-way move sets are a property of the puzzle.

use crate::common::permlab;
use permlab::puzzle::Metric;
use permlab::{Perm, Puzzle};
use std::collections::{HashMap, VecDeque};

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = permlab(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

/// Distance distribution by a plain queue over whole permutations (independent of
/// permlab's indexed search): positions reached from the identity by `moves`.
fn brute_force_distribution(degree: usize, moves: &[Perm]) -> Vec<u64> {
    let start: Vec<u32> = (0..degree as u32).collect();
    let mut seen: HashMap<Vec<u32>, usize> = HashMap::from([(start.clone(), 0)]);
    let mut queue = VecDeque::from([start]);
    let mut dist = vec![1u64];
    while let Some(s) = queue.pop_front() {
        let d = seen[&s];
        for m in moves {
            let t: Vec<u32> = s.iter().map(|&x| m.image(x as usize) as u32).collect();
            if !seen.contains_key(&t) {
                seen.insert(t.clone(), d + 1);
                if dist.len() <= d + 1 {
                    dist.push(0);
                }
                dist[d + 1] += 1;
                queue.push_back(t);
            }
        }
    }
    dist
}

fn distribution(v: &serde_json::Value) -> Vec<u64> {
    serde_json::from_value(v["distribution"].clone()).unwrap()
}

fn names(v: &serde_json::Value) -> Vec<String> {
    serde_json::from_value(v["moves"].clone()).unwrap()
}

#[test]
fn builtins_declare_their_metric() {
    for (spec, metric) in [
        ("cube2", Metric::Htm),
        ("cube3", Metric::Htm),
        ("board:3x3:2", Metric::Htm),
        // seed 001: clockwise turns only
        ("rotation3", Metric::Generators),
        // seed 002: L, R = L^-1, T
        ("turnstyle:12", Metric::Generators),
        // seed 004: the 8 moves A B C D a b c d are the generators
        ("nokia2x2", Metric::Generators),
        // seed 004's 3x3 mode: a frame shifts one step either way
        ("nokia-rect", Metric::Qtm),
    ] {
        assert_eq!(Puzzle::builtin(spec).unwrap().metric(), metric, "{spec}");
    }
    // a subgroup keeps the metric of its puzzle
    let sub = Puzzle::load("rotation3[A,B]").unwrap();
    assert_eq!(sub.metric(), Metric::Generators);
}

#[test]
fn bfs_reports_its_moves_and_metric() {
    // rotation3 is one-way: its 4 clockwise turns, God's number 15 (seed 001)
    let v = json(&["bfs", "rotation3", "--json", "--quiet"]);
    assert_eq!(v["metric"], "generators");
    assert_eq!(names(&v), ["A", "B", "C", "D"]);
    assert_eq!(v["max_distance"], 15);
    let (code, out, _) = permlab(&["bfs", "rotation3", "--quiet"]);
    assert_eq!(code, 0);
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("rotation3: 362880 positions"), "{first}");
    assert!(
        first.ends_with(
            "metric generators (the generators as listed, no inverses or powers added), \
             4 moves: A B C D"
        ),
        "{first}"
    );

    // the same board without the one-way property: every turn of a block (90°, 180°,
    // 270°) is one move; checked against a brute-force search over those 12 moves
    let v = json(&["bfs", "board:3x3:2", "--json", "--quiet"]);
    assert_eq!(v["metric"], "htm");
    assert_eq!(
        names(&v),
        ["A", "A2", "A'", "B", "B2", "B'", "C", "C2", "C'", "D", "D2", "D'"]
    );
    let board = Puzzle::builtin("board:3x3:2").unwrap();
    let powers: Vec<Perm> = board
        .generator_perms()
        .iter()
        .flat_map(|g| (1..4).map(move |k| g.pow(k)))
        .collect();
    assert_eq!(distribution(&v), brute_force_distribution(9, &powers));
    // and rotation3 in the half-turn metric is the same search
    let w = json(&["bfs", "rotation3", "--metric", "htm", "--json", "--quiet"]);
    assert_eq!(distribution(&w), distribution(&v));
    assert_eq!(names(&w), names(&v));

    // qtm: each block turn and its inverse (= --inverses)
    let q = json(&["bfs", "board:3x3:2", "--metric", "qtm", "--json", "--quiet"]);
    let i = json(&["bfs", "board:3x3:2", "--inverses", "--json", "--quiet"]);
    assert_eq!(q["metric"], "qtm");
    assert_eq!(i["metric"], "qtm");
    assert_eq!(names(&q), ["A", "B", "C", "D", "A'", "B'", "C'", "D'"]);
    assert_eq!(distribution(&q), distribution(&i));
    let quarter: Vec<Perm> = board
        .generator_perms()
        .iter()
        .flat_map(|g| [g.clone(), g.inverse()])
        .collect();
    assert_eq!(distribution(&q), brute_force_distribution(9, &quarter));
}

#[test]
fn cube2_fixed_corner_metrics_from_files() {
    // <R,U,F> on the 2x2x2: 11 in the half-turn metric, 14 in the quarter-turn
    // metric (Jaap Scherphuis, "Jaap's Puzzle Page: Pocket Cube", God's algorithm
    // tables). cube2_ruf_qtm.gens declares `metric: qtm`; its six listed moves are the
    // quarter turns, so the default search is the published one.
    let h = json(&["bfs", "tests/data/cube2_ruf.gens", "--json", "--quiet"]);
    assert_eq!(h["metric"], "htm");
    assert_eq!(h["max_distance"], 11);
    let q = json(&["bfs", "tests/data/cube2_ruf_qtm.gens", "--json", "--quiet"]);
    assert_eq!(q["metric"], "qtm");
    assert_eq!(names(&q), ["R", "R'", "U", "U'", "F", "F'"]);
    assert_eq!(q["max_distance"], 14);
    // the quarter-turn file searched in the half-turn metric is the first file's search
    let hq = json(&[
        "bfs",
        "tests/data/cube2_ruf_qtm.gens",
        "--metric",
        "htm",
        "--json",
        "--quiet",
    ]);
    assert_eq!(distribution(&hq), distribution(&h));
}

#[test]
fn gens_metric_line_sets_the_default() {
    let dir = std::env::temp_dir().join(format!("permlab-move-sets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // a 5-cycle and a 3-cycle: as listed (the default), with powers (metric: htm)
    let body = "degree: 5\nA: (1,2,3,4,5)\nB: (1,2,3)\n";
    let one_way = dir.join("one_way.gens");
    std::fs::write(&one_way, body).unwrap();
    let twisty = dir.join("twisty.gens");
    std::fs::write(&twisty, format!("metric: htm\n{body}")).unwrap();
    let a = Perm::parse_cycles("(1,2,3,4,5)", Some(5)).unwrap();
    let b = Perm::parse_cycles("(1,2,3)", Some(5)).unwrap();

    let v = json(&["bfs", one_way.to_str().unwrap(), "--json", "--quiet"]);
    assert_eq!(v["metric"], "generators");
    assert_eq!(names(&v), ["A", "B"]);
    assert_eq!(
        distribution(&v),
        brute_force_distribution(5, &[a.clone(), b.clone()])
    );
    let v = json(&["bfs", twisty.to_str().unwrap(), "--json", "--quiet"]);
    assert_eq!(v["metric"], "htm");
    assert_eq!(names(&v), ["A", "A2", "A2'", "A'", "B", "B'"]);
    let all = [a.clone(), a.pow(2), a.pow(3), a.pow(4), b.clone(), b.pow(2)];
    assert_eq!(distribution(&v), brute_force_distribution(5, &all));

    let bad = dir.join("bad.gens");
    std::fs::write(&bad, "metric: ftm\nA: (1,2)\n").unwrap();
    let (code, _, err) = permlab(&["bfs", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("bad.gens:1:9: unknown metric \"ftm\""),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_reports_its_moves_and_metric() {
    // default on a twisty puzzle: the half-turn metric
    let cube = Puzzle::builtin("cube3").unwrap();
    let g = cube.eval(&cube.parse_word("R U2").unwrap());
    let v = json(&["solve", "cube3", "--cycles", &g.to_string(), "--json"]);
    assert_eq!(v["metric"], "htm");
    assert_eq!(names(&v).len(), 18);
    // near-optimal by default (the two-phase method): at most the scramble's length
    assert!(v["length"].as_u64().unwrap() <= 2, "{v}");
    assert!(
        v["method"].as_str().unwrap().starts_with("two-phase"),
        "{v}"
    );
    let (code, out, _) = permlab(&["solve", "cube3", "--cycles", &g.to_string()]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with(
            "metric htm (every power of a generator is one move), 18 moves: U U2 U' D"
        ),
        "{out}"
    );
    assert!(
        lines[1].contains(" htm, not necessarily optimal, two-phase"),
        "{out}"
    );

    // one-way: rotation3's solution uses clockwise turns only
    let r = Puzzle::builtin("rotation3").unwrap();
    let g = r.eval(&r.parse_word("A'").unwrap());
    let v = json(&[
        "solve",
        "rotation3",
        "--cycles",
        &g.to_string(),
        "--json",
        "--quiet",
    ]);
    assert_eq!(v["metric"], "generators");
    assert_eq!(v["solution"], "A");
    let g = r.eval(&r.parse_word("A").unwrap());
    let v = json(&[
        "solve",
        "rotation3",
        "--cycles",
        &g.to_string(),
        "--json",
        "--quiet",
    ]);
    assert_eq!(v["solution"], "A A A");
    // optimal in the one-way metric: from the complete table (IDA*'s tables need
    // moves closed under inverses)
    let v = json(&[
        "solve",
        "rotation3",
        "--cycles",
        "(1,2,5,4)",
        "--optimal",
        "--json",
        "--quiet",
    ]);
    assert_eq!(v["solution"], "A A A");
    assert_eq!(v["optimal"], true);
    assert_eq!(v["method"], "distance table");
    let v = json(&[
        "solve",
        "rotation3",
        "--cycles",
        "(1,2,5,4)",
        "--optimal",
        "--metric",
        "qtm",
        "--json",
        "--quiet",
    ]);
    assert_eq!(v["metric"], "qtm");
    assert_eq!(v["solution"], "A'");
    // up to rotation the moves are the generators
    let (code, _, err) = permlab(&["bfs", "turnstyle:8", "--up-to-rotation", "--metric", "htm"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--up-to-rotation searches the generators"),
        "{err}"
    );
}

#[test]
fn puzzles_lists_every_builtin_with_its_numbers() {
    let v = json(&["puzzles", "--json"]);
    let list = v.as_array().unwrap();
    let catalogue = permlab::puzzle::catalogue();
    assert_eq!(list.len(), catalogue.len());
    // published orders: the Rubik's Cube group, 43,252,003,274,489,856,000 (e.g.
    // D. Joyner, "Adventures in Group Theory", 2nd ed., 2008); the 2x2x2 with all
    // faces turning: 3,674,160 positions with one corner fixed times the 24 cube
    // orientations; 8!·8!/2 for board:4x4:3 (two colour classes of 8 cells, an even
    // permutation overall); 12! for Turnstyle (L and the odd T generate S_12)
    let fact = |n: u64| (1..=n).product::<u64>();
    let known: Vec<(&str, String)> = vec![
        ("cube3", "43252003274489856000".into()),
        ("cube2", (3_674_160u64 * 24).to_string()),
        ("board:4x4:3", (fact(8) * fact(8) / 2).to_string()),
        ("turnstyle:12", fact(12).to_string()),
    ];
    for (entry, item) in catalogue.iter().zip(list) {
        assert_eq!(item["spec"], entry.spec);
        assert_eq!(item["source"], entry.source);
        let p = Puzzle::builtin(entry.spec).unwrap();
        assert_eq!(item["degree"], p.degree());
        assert_eq!(item["metric"], p.metric().name());
        if p.identical().is_empty() {
            assert_eq!(item["positions"], item["order"], "{}", entry.spec);
        } else {
            let count = p.position_count().to_string();
            assert_eq!(item["positions"].as_str().unwrap(), count, "{}", entry.spec);
        }
        if let Some((_, order)) = known.iter().find(|(s, _)| *s == entry.spec) {
            assert_eq!(item["order"].as_str().unwrap(), order, "{}", entry.spec);
        }
        // the 9-cell boards: count the positions by a brute-force search
        if p.degree() == 9 {
            let total: u64 = brute_force_distribution(9, &p.generator_perms())
                .iter()
                .sum();
            assert_eq!(item["positions"].as_str().unwrap(), total.to_string());
        }
    }
    let (code, out, _) = permlab(&["puzzles"]);
    assert_eq!(code, 0);
    assert!(out.contains(
        "\nrotation3  9 points, order 362880, 362880 positions, searched in the generators metric\n  \
         seed 001's Rotation puzzle"
    ));
}

/// The moves a `.gens` file lists are the moves searched (issue 36, item 4): each
/// file's default distribution is the plain queue's over exactly its listed moves.
#[test]
fn gens_files_are_searched_with_the_moves_they_list() {
    let data = |f: &str| format!("tests/data/{f}");
    for (file, god) in [
        ("board2x3_cw_ccw.gens", 7usize),
        ("cube2_quarter_turns.gens", 14),
        ("board3_clockwise.gens", 0),
    ] {
        let p = Puzzle::load(&data(file)).unwrap();
        let listed = p.generator_perms();
        let v = json(&["bfs", &data(file), "--json", "--quiet"]);
        assert_eq!(v["metric"], "generators", "{file}");
        assert_eq!(names(&v), p.generator_names(), "{file}");
        let d = distribution(&v);
        if p.degree() < 10 {
            assert_eq!(d, brute_force_distribution(p.degree(), &listed), "{file}");
        } else {
            // the same moves declared as the quarter-turn metric of <R, U, F>
            let qtm = json(&["bfs", &data("cube2_ruf_qtm.gens"), "--json", "--quiet"]);
            assert_eq!(qtm["metric"], "qtm");
            assert_eq!(d, distribution(&qtm), "{file}");
        }
        if god > 0 {
            assert_eq!(d.len() - 1, god, "{file}: God's number");
        }
    }
    // the clockwise-only board is seed 001's rotation3, directed
    let rotation3 = json(&["bfs", "rotation3", "--json", "--quiet"]);
    let board = json(&["bfs", &data("board3_clockwise.gens"), "--json", "--quiet"]);
    assert_eq!(distribution(&board), distribution(&rotation3));
    // with metric htm the 2x3 board's four moves are two families of three powers
    let v = json(&[
        "bfs",
        &data("board2x3_cw_ccw.gens"),
        "--metric",
        "htm",
        "--json",
    ]);
    assert_eq!(names(&v), ["B1", "B1^2", "B1'", "B2", "B2^2", "B2'"]);
    let (code, _, err) = permlab(&["bfs", &data("board2x3_cw_ccw.gens"), "--metric", "htm"]);
    assert_eq!(code, 0);
    assert_eq!(
        err.lines()
            .filter(|l| l.starts_with("permlab: note:"))
            .collect::<Vec<_>>(),
        [
            "permlab: note: move B1' is B1^3: one move family, its powers B1 B1^2 B1'",
            "permlab: note: move B2' is B2^3: one move family, its powers B2 B2^2 B2'"
        ]
    );
}
