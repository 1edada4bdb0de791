//! Optimal solving with symmetric table look-ups (issue 14): the symmetries of a
//! move set are found exactly (48 for cube3, cross-checked by brute force over
//! every relabelling on a small puzzle), every one maps the moves onto moves of
//! the same cost, the heuristic with conjugate look-ups never exceeds the exact
//! distance of a complete table, and IDA* with it (on two threads and on one)
//! finds solutions of exactly that length, each replayed on the puzzle.

use crate::common::{cube2_ruf, permlab};

use permlab::search::bfs::{search_space, BfsOptions};
use permlab::search::budget::SearchBudget;
use permlab::search::ida::{
    auto_projections, optimal_heuristic, projection_size, state_of, Heuristic, Ida, Outcome,
};
use permlab::search::moves::{Metric, MoveSet};
use permlab::search::solve::distance_with_table;
use permlab::search::space::GroupSpace;
use permlab::search::symmetry::{move_symmetries, Symmetries};
use permlab::{Perm, Puzzle};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashSet;

/// The image arrays of the moves.
fn move_images(moves: &MoveSet) -> Vec<Vec<usize>> {
    let n = moves.degree();
    moves
        .moves()
        .iter()
        .map(|m| (0..n).map(|i| m.perm.image(i)).collect())
        .collect()
}

/// Checks every symmetry independently: `sigma` is a permutation, the move map a
/// bijection, `σ⁻¹∘M∘σ` (computed from the images) is the mapped move with the
/// same cost, and no two symmetries induce the same move map.
fn check_symmetries(moves: &MoveSet, syms: &Symmetries) {
    let n = moves.degree();
    let images = move_images(moves);
    let mut maps = HashSet::new();
    for s in &syms.list {
        let mut inv = vec![usize::MAX; n];
        for (x, &y) in s.sigma.iter().enumerate() {
            assert_eq!(inv[y as usize], usize::MAX, "sigma is not a permutation");
            inv[y as usize] = x;
        }
        let mut targets: Vec<usize> = s.move_map.clone();
        targets.sort_unstable();
        assert_eq!(targets, (0..images.len()).collect::<Vec<_>>());
        for (m, im) in images.iter().enumerate() {
            let conj: Vec<usize> = (0..n).map(|x| inv[im[s.sigma[x] as usize]]).collect();
            assert_eq!(conj, images[s.move_map[m]]);
            assert_eq!(moves.moves()[m].cost, moves.moves()[s.move_map[m]].cost);
        }
        assert!(
            maps.insert(s.move_map.clone()),
            "two symmetries, one move map"
        );
    }
    assert!(syms.list[0].is_identity());
}

#[test]
fn cube3_has_exactly_48_symmetries_in_both_metrics() {
    let p = Puzzle::builtin("cube3").unwrap();
    for metric in [Metric::Htm, Metric::Qtm] {
        let moves = MoveSet::for_puzzle(&p, metric).unwrap();
        let syms = move_symmetries(&moves, 10_000_000);
        assert!(syms.complete);
        assert_eq!(syms.list.len(), 48, "{}", metric.name());
        check_symmetries(&moves, &syms);
    }
}

/// Every permutation of `0..n` (Heap's algorithm), for brute force.
fn all_perms(n: usize, f: &mut dyn FnMut(&[usize])) {
    let mut a: Vec<usize> = (0..n).collect();
    let mut c = vec![0usize; n];
    f(&a);
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                a.swap(0, i);
            } else {
                a.swap(c[i], i);
            }
            f(&a);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
}

#[test]
fn symmetries_agree_with_brute_force_on_small_puzzles() {
    for (spec, metric) in [
        ("nokia2x2", Metric::Htm),
        ("rotation3", Metric::Htm),
        ("rotation3", Metric::Qtm),
    ] {
        let p = Puzzle::builtin(spec).unwrap();
        let moves = MoveSet::for_puzzle(&p, metric).unwrap();
        let n = moves.degree();
        let images = move_images(&moves);
        let mut brute: HashSet<Vec<usize>> = HashSet::new();
        all_perms(n, &mut |sigma| {
            let mut inv = vec![0; n];
            for (x, &y) in sigma.iter().enumerate() {
                inv[y] = x;
            }
            let mut map = Vec::new();
            for (m, im) in images.iter().enumerate() {
                let conj: Vec<usize> = (0..n).map(|x| inv[im[sigma[x]]]).collect();
                match images.iter().position(|j| *j == conj) {
                    Some(k) if moves.moves()[k].cost == moves.moves()[m].cost => map.push(k),
                    _ => return,
                }
            }
            brute.insert(map);
        });
        let syms = move_symmetries(&moves, 10_000_000);
        assert!(syms.complete);
        check_symmetries(&moves, &syms);
        let found: HashSet<Vec<usize>> = syms.list.iter().map(|s| s.move_map.clone()).collect();
        assert_eq!(found, brute, "{spec} {}", metric.name());
        assert!(brute.len() > 1, "{spec}: a puzzle with symmetry");
    }
}

/// The conjugate look-ups never exceed the exact distance (on a large sample of
/// cube2 ⟨R,U,F⟩, both metrics), are at least the plain ones, and IDA* with them
/// finds solutions of exactly the exact distance (replayed), on 2 threads and on 1.
#[test]
fn symmetric_look_ups_are_admissible_and_optimal_on_cube2_ruf() {
    for (metric, seed) in [(Metric::Htm, 11), (Metric::Qtm, 12)] {
        let (p, moves) = cube2_ruf(metric);
        let names = moves.moves().iter().map(|m| m.name.clone()).collect();
        let full = GroupSpace::new(p.name(), p.degree(), names, moves.perms()).unwrap();
        let (table, _) =
            search_space(&full, &BfsOptions::default(), &SearchBudget::unlimited()).unwrap();
        let budget = 200_000;
        let plain = Heuristic::build(
            &moves,
            auto_projections(&moves, budget),
            &SearchBudget::unlimited(),
            None,
        )
        .unwrap();
        let (h, setup) = optimal_heuristic(
            &moves,
            auto_projections(&moves, budget),
            64,
            &SearchBudget::unlimited(),
            None,
        )
        .unwrap();
        assert!(setup.symmetries_complete);
        assert!(setup.symmetries > 1);
        assert!(setup.look_ups > plain.look_ups(), "{setup:?}");
        let group = moves.group();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut stronger = 0;
        for i in 0..3000 {
            let g = group.random_element(&mut rng);
            let s = state_of(&g, p.degree());
            let exact = distance_with_table(&full, &table, &s).unwrap() as u32;
            let e = h.estimate(&s).unwrap();
            let e0 = plain.estimate(&s).unwrap();
            assert!(e <= exact, "estimate {e} > distance {exact}");
            assert!(e >= e0);
            stronger += usize::from(e > e0);
            if i < 60 {
                for threads in [2, 1] {
                    let mut ida = Ida::new(&moves, &h).with_threads(threads);
                    let sol = match ida.solve(&s, 40, &SearchBudget::unlimited()).unwrap() {
                        Outcome::Solved(sol) => sol,
                        o => panic!("{o:?}"),
                    };
                    let text: Vec<&str> = sol
                        .iter()
                        .map(|&m| moves.moves()[m].name.as_str())
                        .collect();
                    let word = p.parse_word(&text.join(" ")).unwrap();
                    assert_eq!(p.apply(&g.to_state(), &word), p.solved());
                    let cost: u32 = sol.iter().map(|&m| moves.moves()[m].cost).sum();
                    assert_eq!(cost, exact);
                }
            }
        }
        assert!(stronger > 0, "the conjugate look-ups never raised a bound");
        // the solved state
        let id = state_of(&Perm::identity(p.degree()), p.degree());
        assert_eq!(h.estimate(&id).unwrap(), 0);
        let mut ida = Ida::new(&moves, &h);
        assert_eq!(
            ida.solve(&id, 5, &SearchBudget::unlimited()).unwrap(),
            Outcome::Solved(Vec::new())
        );
    }
}

#[test]
fn cli_solve_with_conjugate_look_ups() {
    let (code, out, err) = permlab(&[
        "--json",
        "solve",
        "cube2",
        "--optimal",
        "--bfs-limit",
        "0",
        "--pruning-budget",
        "100000",
        "--cycles",
        "(3,13,22,8)(4,15,21,6)(9,10,12,11)",
        "--table-look-ups",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["length"], 1);
    assert_eq!(v["solution"], "F'");
    assert_eq!(v["optimal"], true);
}

/// cube3's default tables: the corners as a group, and the 12 edges split into
/// two tables of one sticker each of 6 distinct edges (the edge pieces, 2
/// stickers each, are the blocks of cube3's group on its edge orbit), indexed as
/// edges times flips (12!/6!·2⁶ entries each, Korf's edge tables).
#[test]
fn cube3_edge_tables_track_distinct_edges() {
    use permlab::search::ida::ProjectionKind;
    let p = Puzzle::builtin("cube3").unwrap();
    let moves = MoveSet::for_puzzle(&p, Metric::Htm).unwrap();
    let kinds = auto_projections(&moves, 1 << 27);
    assert_eq!(kinds.len(), 3, "{kinds:?}");
    let corners = kinds
        .iter()
        .filter(|k| matches!(k, ProjectionKind::Group(c) if c.len() == 24))
        .count();
    assert_eq!(corners, 1, "{kinds:?}");
    let edges: Vec<Vec<usize>> = p
        .group()
        .minimal_block_systems()
        .into_iter()
        .find(|s| s[0].len() == 2)
        .unwrap();
    let edge_of = |x: usize| edges.iter().position(|b| b.contains(&x)).unwrap();
    let mut seen = HashSet::new();
    for k in &kinds {
        let ProjectionKind::OrientedPieces(t) = k else {
            continue;
        };
        assert_eq!(projection_size(&moves, k).unwrap(), 42_577_920);
        assert_eq!(t.len(), 6);
        for &x in t {
            assert!(seen.insert(edge_of(x)), "edge of sticker {x} twice");
        }
    }
    assert_eq!(seen.len(), 12);
}

/// The labelling of the cells by the orbits of a subgroup (`orbit_of[label]`) for
/// a position `g` (a permutation taking each label to its cell): a position's
/// coset.
fn labelling(orbit_of: &[usize], g: &Perm) -> Vec<usize> {
    let mut cells = vec![usize::MAX; orbit_of.len()];
    for (l, &o) in orbit_of.iter().enumerate() {
        cells[g.image(l)] = o;
    }
    cells
}

/// Coset tables (M. Reid's projection): on cube2 ⟨R,U,F⟩ with the subgroup
/// ⟨U, R2, F2⟩, the table's distance of every sampled position equals the
/// distance of its labelling by the subgroup's orbits in a breadth-first search
/// over labellings made here, and never exceeds the exact distance of the
/// complete table; the same table reduced by the symmetries of the moves that
/// keep the subgroup (the mirror swapping R and F) is smaller and gives the same
/// distances; IDA* with the coset table (and the corners' group table) finds
/// solutions of exactly the exact distance, each replayed, on 2 threads and on 1.
#[test]
fn coset_tables_are_labelling_distances_and_solve_optimally() {
    use permlab::group::PermGroup;
    use permlab::search::ida::{AutoTables, Projection, ProjectionKind};
    use std::collections::{HashMap, VecDeque};
    let (p, moves) = cube2_ruf(Metric::Htm);
    let n = p.degree();
    let sub = Puzzle::load("cube2[U,R2,F2]").unwrap().generator_perms();
    let proj = Projection::build(
        &moves,
        ProjectionKind::Coset(sub.clone()),
        &SearchBudget::unlimited(),
        None,
    )
    .unwrap();
    let mut orbit_of = vec![0usize; n];
    for (i, o) in PermGroup::new(n, sub.clone()).orbits().iter().enumerate() {
        for &x in o {
            orbit_of[x] = i;
        }
    }
    // breadth-first over labellings, stepping by the moves
    let perms = moves.perms();
    let id = Perm::identity(n);
    let mut dist: HashMap<Vec<usize>, u32> = HashMap::from([(labelling(&orbit_of, &id), 0)]);
    let mut queue = VecDeque::from([(id, 0u32)]);
    while let Some((g, d)) = queue.pop_front() {
        for m in &perms {
            let h = &g * m;
            let lab = labelling(&orbit_of, &h);
            if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(lab) {
                e.insert(d + 1);
                queue.push_back((h, d + 1));
            }
        }
    }
    assert!(dist.len() as u64 <= proj.entries());
    let reduced = Projection::build(
        &moves,
        ProjectionKind::SymmetricCoset(sub.clone()),
        &SearchBudget::unlimited(),
        None,
    )
    .unwrap();
    assert!(reduced.entries() < proj.entries());
    let names = moves.moves().iter().map(|m| m.name.clone()).collect();
    let full = GroupSpace::new(p.name(), n, names, perms).unwrap();
    let (table, _) =
        search_space(&full, &BfsOptions::default(), &SearchBudget::unlimited()).unwrap();
    let kinds = {
        let mut k = AutoTables::Groups.select(auto_projections(&moves, 1 << 16));
        k.push(ProjectionKind::Coset(sub));
        k
    };
    let (h, _) = optimal_heuristic(&moves, kinds, 4, &SearchBudget::unlimited(), None).unwrap();
    let group = moves.group();
    let mut rng = StdRng::seed_from_u64(21);
    for i in 0..2000 {
        let g = group.random_element(&mut rng);
        let s = state_of(&g, n);
        let exact = distance_with_table(&full, &table, &s).unwrap() as u32;
        let coset = proj.distance(&s).unwrap();
        assert_eq!(coset, dist[&labelling(&orbit_of, &g)]);
        assert_eq!(reduced.distance(&s).unwrap(), coset);
        assert!(coset <= exact);
        assert!(h.estimate(&s).unwrap() <= exact);
        if i < 30 {
            for threads in [2, 1] {
                let mut ida = Ida::new(&moves, &h).with_threads(threads);
                let Outcome::Solved(sol) = ida.solve(&s, 40, &SearchBudget::unlimited()).unwrap()
                else {
                    panic!("not solved");
                };
                let text: Vec<&str> = sol
                    .iter()
                    .map(|&m| moves.moves()[m].name.as_str())
                    .collect();
                let word = p.parse_word(&text.join(" ")).unwrap();
                assert_eq!(p.apply(&g.to_state(), &word), p.solved());
                assert_eq!(sol.len() as u32, exact);
            }
        }
    }
}

/// `solve --coset-table` on cube2 (Kociemba's subgroup: the 2187 twists) with
/// IDA* forced (`--bfs-limit 0`) gives a solution as long as the complete
/// table's, and bad subgroups or `--auto-tables` values are one-line errors
/// (exit 2).
#[test]
fn cli_solve_with_a_coset_table() {
    let (code, out, err) = permlab(&["--json", "perm", "cube2", "R U F' D2 L B R2 U'"]);
    assert_eq!(code, 0, "{err}");
    let cycles: serde_json::Value = serde_json::from_str(&out).unwrap();
    let cycles = cycles["cycles"].as_str().unwrap().to_string();
    let solve = |extra: &[&str]| {
        let mut args = vec!["--json", "solve", "cube2", "--optimal", "--cycles", &cycles];
        args.extend_from_slice(extra);
        permlab(&args)
    };
    let (code, out, err) = solve(&[]);
    assert_eq!(code, 0, "{err}");
    let full: serde_json::Value = serde_json::from_str(&out).unwrap();
    // the coset table reduced by symmetry (the default) and with one entry per
    // coset
    for extra in [&[][..], &["--no-table-symmetry"][..]] {
        let mut args = vec![
            "--bfs-limit",
            "0",
            "--pruning-budget",
            "100000",
            "--coset-table",
            "cube2[U,D,R2,L2,F2,B2]",
        ];
        args.extend_from_slice(extra);
        let (code, out, err) = solve(&args);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["optimal"], true);
        assert_eq!(v["length"], full["length"]);
    }
    for (extra, needle) in [
        (["--coset-table", "cube2[U,X]"], "--coset-table"),
        (["--coset-table", "cube3[U,D]"], "--coset-table"),
        (["--auto-tables", "some"], "--auto-tables"),
    ] {
        let (code, _, err) = solve(&["--bfs-limit", "0", extra[0], extra[1]]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(needle), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// The breadth-first search of cube3's coset table for Kociemba's subgroup gives
/// the published distribution of the phase-1 distances
/// (`tests/data/kociemba_phase1_distances.txt`). About 3 minutes on two cores:
/// `cargo test --release --test it optimal -- --ignored`.
#[test]
#[ignore]
fn cube3_coset_table_has_kociembas_phase1_distribution() {
    use permlab::search::ida::{Projection, ProjectionKind};
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/kociemba_phase1_distances.txt"),
    )
    .unwrap();
    let published: Vec<u64> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.trim().parse().unwrap())
        .collect();
    let p = Puzzle::builtin("cube3").unwrap();
    let moves = MoveSet::for_puzzle(&p, Metric::Htm).unwrap();
    let sub = Puzzle::load("cube3[U,D,R2,L2,F2,B2]")
        .unwrap()
        .generator_perms();
    let proj = Projection::build(
        &moves,
        ProjectionKind::Coset(sub),
        &SearchBudget::unlimited(),
        None,
    )
    .unwrap();
    assert_eq!(proj.entries(), published.iter().sum::<u64>());
    assert_eq!(proj.distribution(), published);
}

/// Without any pruning table (`--auto-tables none`) IDA* is plain iterative
/// deepening: still optimal, on the library side and through `solve`.
#[test]
fn no_tables_is_iterative_deepening() {
    let p = Puzzle::builtin("cube2").unwrap();
    let moves = MoveSet::for_puzzle(&p, Metric::Htm).unwrap();
    let (h, setup) =
        optimal_heuristic(&moves, Vec::new(), 4, &SearchBudget::unlimited(), None).unwrap();
    assert_eq!(setup.look_ups, 0);
    let g = p.eval(&p.parse_word("R U F2").unwrap());
    let s = state_of(&g, p.degree());
    for threads in [1, 2] {
        let mut ida = Ida::new(&moves, &h).with_threads(threads);
        let Outcome::Solved(sol) = ida.solve(&s, 6, &SearchBudget::unlimited()).unwrap() else {
            panic!("not solved");
        };
        assert_eq!(sol.len(), 3);
    }
    let (code, out, err) = permlab(&[
        "--json",
        "solve",
        "cube2",
        "--optimal",
        "--bfs-limit",
        "0",
        "--auto-tables",
        "none",
        "--cycles",
        &g.to_string(),
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["length"], 3);
    assert_eq!(v["optimal"], true);
}

/// `bench solve --optimal` keeps its tables in the table cache and measures a
/// `permlab solve --optimal` process reading them (the start-up as a user meets
/// it); the position it solves, one move from solved, is solved in one process;
/// `solve --coset-table none` takes no coset table nor tier, and its answer has
/// the length of the bench's.
#[test]
fn optimal_bench_measures_a_solve_process_on_its_kept_tables() {
    let (code, out, err) = permlab(&[
        "--json",
        "bench",
        "solve",
        "--optimal",
        "2",
        "--puzzle",
        "cube2",
        "--seed",
        "4",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solved"], 2);
    assert!(v["startup_seconds"].as_f64().unwrap() > 0.0, "{v}");
    assert!(v["startup_peak_memory_bytes"].as_u64().unwrap() > 0, "{v}");
    assert!(v["startup_goal_met"].is_boolean(), "{v}");
    // the first position again, by `solve` without coset tables
    let cube = Puzzle::builtin("cube2").unwrap();
    let inverse = v["runs"][0]["solution"].as_str().unwrap();
    let w = cube.parse_word(inverse).unwrap();
    let g = cube.eval(&w).inverse();
    let (code, out, err) = permlab(&[
        "--json",
        "solve",
        "cube2",
        "--optimal",
        "--bfs-limit",
        "0",
        "--coset-table",
        "none",
        "--cycles",
        &g.to_string(),
    ]);
    assert_eq!(code, 0, "{err}");
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(s["length"], v["runs"][0]["length"]);
    assert_eq!(s["optimal"], true);
}

/// IDA* continued from a bound an earlier search reached
/// (`Ida::with_first_bound`, as `solve` does when it copies mapped tables into
/// memory) starts there: one pass at the optimal length (found by a search from
/// the start) finds a solution of that length, which solves the position.
#[test]
fn ida_from_a_first_bound_starts_there() {
    let p = Puzzle::builtin("cube2").unwrap();
    let moves = MoveSet::for_puzzle(&p, Metric::Htm).unwrap();
    let (h, _) = optimal_heuristic(
        &moves,
        auto_projections(&moves, 1 << 20),
        4,
        &SearchBudget::unlimited(),
        None,
    )
    .unwrap();
    let g = p.eval(&p.parse_word("R U2 F' R2 U F2 R' U' F R2").unwrap());
    let s = state_of(&g, p.degree());
    let mut full = Ida::new(&moves, &h).with_threads(1);
    let Outcome::Solved(best) = full.solve(&s, 20, &SearchBudget::unlimited()).unwrap() else {
        panic!("not solved");
    };
    let optimal = best.len() as u32;
    assert!(full.passes.len() > 1);
    let mut resumed = Ida::new(&moves, &h)
        .with_threads(1)
        .with_first_bound(optimal);
    let Outcome::Solved(sol) = resumed.solve(&s, 20, &SearchBudget::unlimited()).unwrap() else {
        panic!("not solved");
    };
    assert_eq!(sol.len() as u32, optimal);
    assert_eq!(resumed.passes.len(), 1);
    assert_eq!(resumed.passes[0].bound, optimal);
    let names: Vec<&str> = sol
        .iter()
        .map(|&m| moves.moves()[m].name.as_str())
        .collect();
    let w = p.parse_word(&names.join(" ")).unwrap();
    assert_eq!(p.apply(&g.to_state(), &w), p.solved());
}
