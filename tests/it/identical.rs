//! Identical pieces (src/puzzle/identical.rs): position counts |G| / |S| against a
//! brute-force enumeration of the group and a search over the arrangements, and the
//! published 4x4x4 and 5x5x5 counts with identical centres.

use num_bigint::BigUint;
use permlab::puzzle::identical::{parse_classes, position_count, token_classes};
use permlab::search::bfs::{bfs, BfsOptions};
use permlab::search::budget::SearchBudget;
use permlab::search::space::{puzzle_moves, StateSpace, TokensSpace};
use permlab::search::table::DistanceTable;
use permlab::Puzzle;
use std::collections::HashSet;

/// The arrangements of the classes over all elements of the group, by enumerating
/// the group (closure under the generators) and colouring each element's state.
fn brute_force_count(p: &Puzzle, classes: &[Vec<usize>]) -> u64 {
    let n = p.degree();
    let mut colour = vec![usize::MAX; n];
    for (k, c) in classes.iter().enumerate() {
        for &x in c {
            colour[x] = k;
        }
    }
    let key = |state: &[u32]| -> Vec<usize> {
        state
            .iter()
            .map(|&l| {
                if colour[l as usize] == usize::MAX {
                    1000 + l as usize
                } else {
                    colour[l as usize]
                }
            })
            .collect()
    };
    let gens = p.generator_perms();
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    let mut stack = vec![p.solved()];
    seen.insert(p.solved());
    let mut arrangements = HashSet::new();
    while let Some(s) = stack.pop() {
        arrangements.insert(key(&s));
        for g in &gens {
            let t = g.apply_to_state(&s);
            if seen.insert(t.clone()) {
                stack.push(t);
            }
        }
    }
    arrangements.len() as u64
}

/// The positions a search over the arrangements reaches.
fn search_count(p: &Puzzle, classes: &[Vec<usize>]) -> u64 {
    let (names, perms) = puzzle_moves(p, true);
    let moved = p.group().moved_points();
    let space = TokensSpace::new(
        p.name(),
        p.degree(),
        token_classes(classes, &moved),
        names,
        perms,
    )
    .unwrap();
    let table = DistanceTable::new(space.size());
    let r = bfs(
        &space,
        &table,
        &BfsOptions::default(),
        &SearchBudget::unlimited(),
    );
    r.distribution.total()
}

#[test]
fn small_puzzles_three_ways() {
    for (spec, classes) in [
        ("board:3x3:2", "1-4 | 5-8"),
        ("board:3x3:2", "1,3,7,9"),
        ("turnstyle:8", "1-4"),
        ("turnstyle:8", "1,2 | 3,4 | 5,6"),
    ] {
        let p = Puzzle::load(spec).unwrap();
        let classes = parse_classes(classes, p.degree()).unwrap();
        let count = position_count(&p.group(), &classes).unwrap();
        let brute = brute_force_count(&p, &classes);
        assert_eq!(count, BigUint::from(brute), "{spec} {classes:?}");
        assert_eq!(search_count(&p, &classes), brute, "{spec} {classes:?}");
        let q = p.with_identical(classes).unwrap();
        assert_eq!(q.position_count(), BigUint::from(brute));
    }
}

/// The centre stickers of an N×N×N cube (cube.rs numbering: face by face, row by
/// row), one class per face and per kind of centre, a kind being the orbit of the
/// centre's (row, column) under the face's quarter turns.
fn centre_classes(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for face in 0..6 {
        let mut kinds: Vec<Vec<usize>> = Vec::new();
        let mut done = vec![false; n * n];
        for r in 1..n - 1 {
            for c in 1..n - 1 {
                if done[r * n + c] || (n % 2 == 1 && r == n / 2 && c == n / 2) {
                    continue;
                }
                let mut kind = Vec::new();
                let (mut rr, mut cc) = (r, c);
                for _ in 0..4 {
                    done[rr * n + cc] = true;
                    kind.push(face * n * n + rr * n + cc);
                    (rr, cc) = (cc, n - 1 - rr);
                }
                kinds.push(kind);
            }
        }
        out.extend(kinds);
    }
    out
}

#[test]
fn big_cubes_with_identical_centres_match_the_published_counts() {
    // 4x4x4: 7,401,196,841,564,901,869,874,093,974,498,574,336,000,000,000 positions,
    // centres of a colour identical and the cube's orientation not counted (no fixed
    // centres: the count is divided by the 24 rotations); 5x5x5:
    // 282,870,942,277,741,856,536,180,333,107,150,328,293,127,731,985,672,134,721,536,
    // 000,000,000,000,000 with the face centres fixing the orientation (J. Scherphuis,
    // Jaap's Puzzle Page, "Rubik's Revenge" and "Professor's Cube",
    // https://www.jaapsch.net/puzzles/revenge.htm, .../professor.htm). cube:N:layers
    // turns every layer, so the cube's 24 rotations are in its group and act freely on
    // the arrangements (the corners are distinct): the group's count is 24 times the
    // published one.
    let cases = [
        (4, "7401196841564901869874093974498574336000000000"),
        (
            5,
            "282870942277741856536180333107150328293127731985672134721536000000000000000",
        ),
    ];
    for (n, published) in cases {
        let p = Puzzle::builtin(&format!("cube:{n}:layers")).unwrap();
        let classes = centre_classes(n);
        assert_eq!(
            classes.len(),
            6 * ((n - 2) * (n - 2) - n % 2) / 4,
            "N = {n}"
        );
        let count = p.with_identical(classes).unwrap().position_count();
        let published: BigUint = published.parse().unwrap();
        assert_eq!(count, published * 24u32, "N = {n}");
    }
}

use crate::common::permlab;

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = permlab(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn cli_bfs_and_solve_over_arrangements() {
    // a .gens file's identical: line and the --identical option give the same search
    let file = "tests/data/board3_identical.gens";
    let p = Puzzle::load(file).unwrap();
    assert_eq!(p.identical(), [vec![0, 1, 2, 3], vec![4, 5, 6, 7]]);
    let count = p.position_count();
    let a = json(&["bfs", file, "--json"]);
    let b = json(&["bfs", "board:3x3:2", "--identical", "1-4|5-8", "--json"]);
    assert_eq!(a["distribution"], b["distribution"]);
    assert_eq!(a["states"].as_u64().unwrap().to_string(), count.to_string());
    // S_9 reaches every arrangement: 9!/(4!·4!·1!) = 630
    assert_eq!(count, BigUint::from(630u32));
    assert_eq!(
        b["identical"],
        serde_json::json!([[1, 2, 3, 4], [5, 6, 7, 8]])
    );
    let (code, out, _) = permlab(&["bfs", file]);
    assert_eq!(code, 0);
    assert!(out.contains("\nidentical pieces: 1-4 | 5-8 "), "{out}");
    // a solution brings each class home, and is as long as the search says
    let s = json(&["solve", file, "5,6,7,8,1,2,3,4,9", "--json"]);
    let moves = s["solution"].as_str().unwrap();
    let w = p.parse_word(moves).unwrap();
    let end = p.apply(&p.parse_state("5,6,7,8,1,2,3,4,9").unwrap(), &w);
    for (pos, &label) in end.iter().enumerate() {
        assert_eq!(label < 4, pos < 4, "{end:?}");
        assert_eq!((4..8).contains(&label), (4..8).contains(&pos), "{end:?}");
    }
    let max = a["max_distance"].as_u64().unwrap();
    assert!(s["length"].as_u64().unwrap() <= max);
    // bad classes: exit 2 with the class named
    let (code, _, err) = permlab(&["bfs", "board:3x3:2", "--identical", "1-4|4-8"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("class 2: point 4 is already in class 1"),
        "{err}"
    );
}
