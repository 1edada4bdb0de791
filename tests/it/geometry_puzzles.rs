//! Puzzles from geometry (src/puzzle/geometry, data/puzzles/*.geo) against published
//! numbers and independent computations: group orders, God's numbers and distance
//! distributions by exhaustive search (run in release mode: `cargo test --release
//! --test it geometry_puzzles`).

use num_bigint::BigUint;
use permlab::puzzle::geometry;
use permlab::puzzle::Metric;
use permlab::search::bfs::{bfs, BfsOptions};
use permlab::search::naive::naive_bfs;
use permlab::search::space::{metric_moves, GroupSpace, StateSpace};
use permlab::search::table::DistanceTable;
use permlab::{Perm, Puzzle};
use std::sync::atomic::AtomicBool;

fn fact(n: u32) -> BigUint {
    (1..=n).map(BigUint::from).product()
}

fn pow(b: u32, e: u32) -> BigUint {
    BigUint::from(b).pow(e)
}

/// The distance distribution of `puzzle` searched in `metric` by the table BFS.
fn distribution(puzzle: &Puzzle, metric: Metric) -> (GroupSpace, Vec<u64>) {
    let (names, perms) = metric_moves(puzzle, metric).unwrap();
    let space = GroupSpace::new(puzzle.name(), puzzle.degree(), names, perms).unwrap();
    let table = DistanceTable::new(space.size());
    let r = bfs(
        &space,
        &table,
        &BfsOptions::default(),
        &AtomicBool::new(false),
    );
    assert!(!r.interrupted);
    let counts = r.distribution.counts.clone();
    (space, counts)
}

fn word(p: &Puzzle, w: &str) -> Perm {
    p.eval(&p.parse_word(w).unwrap())
}

#[test]
fn the_cube_from_geometry_is_cube3_sticker_for_sticker() {
    // the same numbering (faces U L F R B D, reading order) and the same turns
    let geo = Puzzle::load("tests/data/cube3.geo").unwrap();
    let cube = Puzzle::builtin("cube3").unwrap();
    assert_eq!(geo.degree(), 54);
    for m in ["U", "D", "F", "B", "R", "L", "M", "E", "S", "x", "y", "z"] {
        assert_eq!(word(&geo, m), word(&cube, m), "{m}");
    }
}

#[test]
fn block_turns_compose_as_sign_notation_says() {
    let c3 = Puzzle::builtin("cube3").unwrap();
    assert_eq!(word(&c3, "2R"), word(&c3, "M'"));
    assert_eq!(word(&c3, "Rw"), word(&c3, "R M'"));
    assert_eq!(word(&c3, "r"), word(&c3, "Rw"));
    assert_eq!(word(&c3, "2U"), word(&c3, "E'"));
    assert_eq!(word(&c3, "Fw"), word(&c3, "F S"));
    let c4 = Puzzle::builtin("cube:4").unwrap();
    assert_eq!(word(&c4, "Rw"), word(&c4, "R 2R"));
    assert_eq!(word(&c4, "3Rw"), word(&c4, "R 2R 3R"));
    assert_eq!(word(&c4, "x"), word(&c4, "R 2R 3R L'"));
    assert_eq!(word(&c4, "y"), word(&c4, "U 2U 3U D'"));
    assert_eq!(word(&c4, "z"), word(&c4, "F 2F 3F B'"));
    assert_eq!(word(&c4, "3L"), word(&c4, "2R'"));
    let c5 = Puzzle::builtin("cube:5").unwrap();
    assert_eq!(word(&c5, "M"), word(&c5, "3L"));
    assert_eq!(word(&c5, "x"), word(&c5, "Rw 3R 2L' L'"));
    // cube:N: every single-layer turn generates, so rotations are inside;
    // cube:N:layers is the same puzzle, cube:N:outer has the outer turns only
    assert_eq!(
        c4.generator_names(),
        ["U", "D", "F", "B", "R", "L", "2U", "3U", "2F", "3F", "2R", "3R"]
    );
    assert_eq!(c5.generators().len(), 6 + 3 * 3);
    let l4 = Puzzle::builtin("cube:4:layers").unwrap();
    assert_eq!(l4.generator_perms(), c4.generator_perms());
    let g = c4.group();
    for r in ["x", "y", "z", "r", "3Rw", "2L", "Lw"] {
        assert!(g.contains(&word(&c4, r)), "{r}");
    }
    let o4 = Puzzle::builtin("cube:4:outer").unwrap();
    let o5 = Puzzle::builtin("cube:5:outer").unwrap();
    assert_eq!(o4.generator_names(), ["U", "D", "F", "B", "R", "L"]);
    assert_eq!(o5.generator_names(), ["U", "D", "F", "B", "R", "L"]);
    assert!(!o4.group().contains(&word(&o4, "2R")));
    // the outer group is a proper subgroup: each outer turn is in the full group
    for m in o4.generators() {
        assert!(g.contains(&m.perm), "{}", m.name);
    }
    // cube:3 with its slices: M E S and x y z are moves of cube3 and cube:3 alike,
    // and lie in cube:3's group (not in cube3's, whose centres stay fixed)
    let l3 = Puzzle::builtin("cube:3").unwrap();
    let g3 = l3.group();
    let c3g = c3.group();
    for m in ["M", "E", "S", "x", "y", "z"] {
        assert_eq!(word(&l3, m), word(&c3, m), "{m}");
        assert!(g3.contains(&word(&l3, m)), "{m}");
        assert!(!c3g.contains(&word(&c3, m)), "{m}");
    }
    assert_eq!(g3.order(), c3g.order() * 24u32);
}

#[test]
fn megaminx_order() {
    // 20!/2 · 3^19 · 30!/2 · 2^29 positions with the face centres fixed (J. Scherphuis,
    // Jaap's Puzzle Page, "Megaminx", https://www.jaapsch.net/puzzles/megaminx.htm):
    // 20 corners, even permutations, 3^19 twists; 30 edges, even permutations, 2^29
    // flips. Face turns fix the centres, so this is the order of the sticker group.
    let p = Puzzle::builtin("megaminx").unwrap();
    assert_eq!(p.degree(), 132);
    let expected = fact(20) / 2u32 * pow(3, 19) * fact(30) / 2u32 * pow(2, 29);
    assert_eq!(p.group().order(), expected);
    // each face turn is a 5-cycle on 5 stickers of its face and 15 around it (20 stickers in five 5-cycles)
    for m in p.generators() {
        assert_eq!(m.perm.cycle_type()[..6], [5, 5, 5, 5, 5, 1], "{}", m.name);
        assert_eq!(m.perm.support().len(), 25, "{}", m.name);
    }
}

#[test]
fn pyraminx_without_tips_order_and_gods_number() {
    // 933,120 = 6!/2 · 2^5 · 3^4 positions of the Pyraminx without its tips, God's
    // number 11 (J. Scherphuis, Jaap's Puzzle Page, "Pyraminx",
    // https://www.jaapsch.net/puzzles/pyraminx.htm)
    let p = Puzzle::builtin("pyraminx:notips").unwrap();
    assert_eq!(p.degree(), 24);
    assert_eq!(p.group().order(), BigUint::from(933_120u32));
    assert_eq!(p.metric(), Metric::Htm);
    let (space, dist) = distribution(&p, Metric::Htm);
    assert_eq!(dist.iter().sum::<u64>(), 933_120);
    assert_eq!(dist.len() - 1, 11);
    // the same distribution by the hash-map BFS
    assert_eq!(naive_bfs(&space), dist);
}

#[test]
fn pyraminx_with_tips_is_81_times_larger() {
    // the four tips turn independently: 933,120 · 3^4 = 75,582,720 (same source)
    let p = Puzzle::builtin("pyraminx").unwrap();
    assert_eq!(p.degree(), 36);
    assert_eq!(p.group().order(), BigUint::from(933_120u64 * 81));
    // the tip turns generate 3^4 on their own and commute with everything
    let tips: Vec<Perm> = p.generator_perms()[4..].to_vec();
    let t = permlab::PermGroup::new(36, tips.clone());
    assert_eq!(t.order(), BigUint::from(81u32));
    for a in &tips {
        for b in p.generator_perms() {
            assert_eq!(a * &b, &b * a);
        }
    }
}

#[test]
fn skewb_positions_and_gods_number() {
    // 3,149,280 positions with one corner held fixed and the 8 moves R U L B and
    // inverses; God's number 11 (J. Scherphuis, Jaap's Puzzle Page, "Skewb",
    // https://www.jaapsch.net/puzzles/skewb.htm)
    let p = Puzzle::builtin("skewb").unwrap();
    assert_eq!(p.degree(), 30);
    assert_eq!(p.group().order(), BigUint::from(3_149_280u32));
    let (names, _) = metric_moves(&p, Metric::Htm).unwrap();
    assert_eq!(names, ["R", "R'", "U", "U'", "L", "L'", "B", "B'"]);
    // every position is reached once: the search's total is the group order found
    // by Schreier-Sims (the hash-map BFS agrees on the smaller puzzles below, but
    // takes too long here)
    let (_, dist) = distribution(&p, Metric::Htm);
    assert_eq!(dist.iter().sum::<u64>(), 3_149_280);
    assert_eq!(dist.len() - 1, 11);
    // the UFR corner (stickers 5, 12 and 16: U 5, F 2, R 1 of their faces) never moves
    for m in p.generators() {
        for s in [4, 11, 15] {
            assert_eq!(m.perm.image(s), s, "{}", m.name);
        }
    }
}

#[test]
fn cube2_gods_numbers_with_one_corner_fixed() {
    // 3,674,160 positions, God's number 11 in the half-turn metric and 14 in the
    // quarter-turn metric (J. Scherphuis, Jaap's Puzzle Page, "Pocket Cube",
    // https://www.jaapsch.net/puzzles/cube2.htm): turning R U F keeps the DLB corner
    let p = Puzzle::load("cube2[R,U,F]").unwrap();
    assert_eq!(p.group().order(), BigUint::from(3_674_160u32));
    for (metric, god) in [(Metric::Htm, 11), (Metric::Qtm, 14)] {
        let (_, dist) = distribution(&p, metric);
        assert_eq!(dist.iter().sum::<u64>(), 3_674_160);
        assert_eq!(dist.len() - 1, god, "{metric}");
    }
}

#[test]
fn floppy_positions_by_pieces_and_search() {
    // independent count by pieces: 4! corner arrangements times 2^4 edge flips, halved
    // because every half turn swaps two corners and flips one edge (corner parity =
    // flip parity): 192
    let p = Puzzle::builtin("floppy").unwrap();
    assert_eq!(p.degree(), 30);
    assert_eq!(p.group().order(), BigUint::from(24u32 * 16 / 2));
    for m in p.generators() {
        assert_eq!(m.perm.order(), BigUint::from(2u32), "{}", m.name);
    }
    let (space, dist) = distribution(&p, Metric::Htm);
    assert_eq!(dist.iter().sum::<u64>(), 192);
    assert_eq!(naive_bfs(&space), dist);
}

#[test]
fn dino_order() {
    // the 12 edge pieces in every even arrangement: 12!/2, and 12!/2/12 = 19,958,400
    // positions up to the 12 whole-cube rotations the moves contain (J. Scherphuis,
    // Jaap's Puzzle Page, "Dino Cube", https://www.jaapsch.net/puzzles/dino.htm)
    let p = Puzzle::builtin("dino").unwrap();
    assert_eq!(p.degree(), 24);
    let order = p.group().order();
    assert_eq!(order, fact(12) / 2u32);
    assert_eq!(order / 12u32, BigUint::from(19_958_400u32));
    for m in p.generators() {
        assert_eq!(m.perm.cycle_type()[..2], [3, 3], "{}", m.name);
        assert_eq!(m.perm.support().len(), 6, "{}", m.name);
    }
}

#[test]
fn ivy_positions_and_distance_distribution() {
    // 29,160 = 6!/2 · 3^4 positions (even permutations of the 6 petals, twists of the
    // 4 turning corners); with each corner turn and its inverse as moves the distance
    // distribution is 1, 8, 48, 288, 1640, 7582, 15262, 4221, 110 (God's number 8),
    // and 12 with clockwise turns only ("Random Ivy Cube information",
    // https://darflen.com/posts/e8cb425651aa11c5418be580)
    let p = Puzzle::builtin("ivy").unwrap();
    assert_eq!(p.degree(), 18);
    assert_eq!(p.group().order(), BigUint::from(29_160u32));
    assert_eq!(p.generator_names(), ["URF", "ULB", "DRB", "DLF"]);
    let (space, dist) = distribution(&p, Metric::Htm);
    assert_eq!(dist, [1, 8, 48, 288, 1640, 7582, 15262, 4221, 110]);
    assert_eq!(naive_bfs(&space), dist);
    let (_, cw) = distribution(&p, Metric::Generators);
    assert_eq!(cw.iter().sum::<u64>(), 29_160);
    assert_eq!(cw.len() - 1, 12);
    // each turn: the corner's 3 stickers and its 3 petals in two 3-cycles, nothing else
    for m in p.generators() {
        assert_eq!(m.perm.cycle_type()[..3], [3, 3, 1], "{}", m.name);
        assert_eq!(m.perm.support().len(), 6, "{}", m.name);
    }
    // a petal (the middle sticker of a face, 2 of 3 in reading order) is turned by
    // exactly the two corners on its face; a corner sticker by its corner only
    let movers = |s: usize| -> usize {
        p.generators()
            .iter()
            .filter(|m| m.perm.image(s) != s)
            .count()
    };
    for face in 0..6 {
        assert_eq!(movers(3 * face + 1), 2, "face {face}");
        assert_eq!(movers(3 * face), 1, "face {face}");
        assert_eq!(movers(3 * face + 2), 1, "face {face}");
    }
}

#[test]
fn without_on_the_ivy_cuts_give_another_puzzle() {
    // the same planes cutting every face: pieces at the non-turning corners appear
    // and the puzzle is larger than the Ivy cube (why the `on` restriction is needed)
    let text = include_str!("../../data/puzzles/ivy.geo");
    let flat: String = text
        .lines()
        .map(|l| l.split(" on ").next().unwrap().to_string() + "\n")
        .collect();
    let p = geometry::parse(&flat, "flat.geo")
        .unwrap()
        .build("flat")
        .unwrap();
    assert!(p.degree() > 18);
    assert!(p.group().order() > BigUint::from(29_160u32));
    let e = geometry::parse(
        "shape cube\nfaces U L F R B D\nmove U U 0 inf on Q\n",
        "t.geo",
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "t.geo, line 3: no face is named \"Q\"");
    let e = geometry::parse("shape cube on U\n", "t.geo").unwrap_err();
    assert_eq!(
        e.to_string(),
        "t.geo, line 1: `on FACES` is allowed only on cut, move and extra lines"
    );
}

#[test]
fn hungarian_rings_group_and_colourings() {
    // two 20-cycles sharing two points 5 apart on each (Jaap's Puzzle Page, "Rubik's
    // Rings / Hungarian Rings", https://www.jaapsch.net/puzzles/rings.htm). Each ring
    // turn is an odd permutation, and the group is all of S_38 (checked against
    // GAP: tests/data/gap_orders.txt); with the usual colours (10, 10, 9, 9 balls)
    // every arrangement is reachable: 38!/(10!·10!·9!·9!) positions.
    let p = Puzzle::builtin("hungarian-rings").unwrap();
    assert_eq!(p.degree(), 38);
    assert_eq!(p.metric(), Metric::Qtm);
    let g = p.group();
    assert_eq!(g.order(), fact(38));
    let [l, r] = [&p.generators()[0].perm, &p.generators()[1].perm];
    assert_eq!(l.cycle_type()[..2], [20, 1]);
    assert_eq!(r.cycle_type()[..2], [20, 1]);
    let common: Vec<usize> = l
        .support()
        .into_iter()
        .filter(|x| r.support().contains(x))
        .collect();
    assert_eq!(common, [0, 5]);
    // 5 steps apart along both rings
    assert_eq!((l.pow(5)).image(0), 5);
    assert_eq!((r.pow(15)).image(0), 5);
    assert_eq!(r.pow(5).image(5), 0);
    let sizes: Vec<usize> = p.identical().iter().map(|c| c.len()).collect();
    assert_eq!(sizes, [9, 10, 10, 9]);
    let multinomial = fact(38) / (fact(10) * fact(10) * fact(9) * fact(9));
    assert_eq!(p.position_count(), multinomial);
    // each colour is one run along a ring: its points are consecutive in L or R
    let run = |ring: &Perm, class: &[usize]| -> bool {
        class.iter().all(|&x| {
            let next = ring.image(x);
            let prev = ring.inverse().image(x);
            class.contains(&next) || class.contains(&prev)
        })
    };
    for class in p.identical() {
        assert!(run(l, class) || run(r, class), "{class:?}");
    }
}

#[test]
fn domino_order_by_pieces() {
    // 8 corners and 8 edges in any arrangements, no twists or flips: 8!·8! =
    // 1,625,702,400 (J. Scherphuis, Jaap's Puzzle Page, "Domino",
    // https://www.jaapsch.net/puzzles/domino.htm)
    let p = Puzzle::builtin("domino").unwrap();
    assert_eq!(p.degree(), 42);
    assert_eq!(p.group().order(), fact(8) * fact(8));
}

#[test]
fn geo_files_report_bad_input_with_the_line() {
    let e = geometry::parse("shape cube\nfaces U L F R B D\ncut faces x\n", "t.geo").unwrap_err();
    assert_eq!(e.to_string(), "t.geo, line 3: \"x\" is not a number");
    let e = geometry::parse("shape prism\n", "t.geo").unwrap_err();
    assert!(e
        .to_string()
        .starts_with("t.geo, line 1: unknown shape \"prism\""));
    let e = geometry::parse("shape cube\nfaces U L F\n", "t.geo").unwrap_err();
    assert_eq!(
        e.to_string(),
        "t.geo, line 2: 3 face names, but the shape has 6 faces"
    );
    // a quarter turn of a face cut off-centre does not map stickers to stickers
    let d = geometry::parse(
        "shape cube\nfaces U L F R B D\ncut R 1/3\nmove F F 1/2 inf 4\n",
        "t.geo",
    )
    .unwrap();
    let e = d.build("t.geo").unwrap_err().to_string();
    assert!(e.contains("move F: a 1/4 turn takes sticker"), "{e}");
    // a slab boundary through sticker centres
    let d = geometry::parse("shape cube\nfaces U L F R B D\nmove U U 1 inf\n", "t.geo").unwrap();
    let e = d.build("t.geo").unwrap_err().to_string();
    assert!(e.contains("lies on the boundary"), "{e}");
    assert!(Puzzle::load("no/such.geo").is_err());
    // too many stickers: an error, found before all cuts are made
    let depths: Vec<String> = (1..21).map(|k| format!("{k}/21")).collect();
    let text = format!(
        "shape dodecahedron\nfaces A B C D E F G H I J K L\ncut faces {}\nmove A A 0.5 inf\n",
        depths.join(" ")
    );
    let e = geometry::parse(&text, "t.geo")
        .unwrap()
        .build("t.geo")
        .unwrap_err();
    assert!(e.to_string().contains("stickers, more than 4096"), "{e}");
}

#[test]
fn builtins_are_in_the_catalogue() {
    let specs: Vec<&str> = permlab::puzzle::catalogue()
        .iter()
        .map(|e| e.spec)
        .collect();
    for (spec, _) in geometry::BUILTINS {
        assert!(specs.contains(&spec), "{spec}");
        assert_eq!(Puzzle::load(spec).unwrap().name(), spec);
    }
}

#[test]
fn every_builtin_order_agrees_with_gap() {
    // tests/data/gap_orders.txt: GAP 4.12.1's Size(G) of `permlab export SPEC --gap`
    // for every built-in of the catalogue, written by tests/data/gap_orders.sh (run
    // on 23 Nov 2026); an independent computation of every order
    let text = include_str!("../data/gap_orders.txt");
    let gap: Vec<(&str, BigUint)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (spec, size) = l.split_once('\t').unwrap();
            (spec, size.trim().parse::<BigUint>().unwrap())
        })
        .collect();
    let specs: Vec<&str> = permlab::puzzle::catalogue()
        .iter()
        .map(|e| e.spec)
        .collect();
    let listed: Vec<&str> = gap.iter().map(|(s, _)| *s).collect();
    assert_eq!(listed, specs, "rerun tests/data/gap_orders.sh");
    for (spec, size) in &gap {
        let p = Puzzle::builtin(spec).unwrap();
        assert_eq!(&p.group().order(), size, "{spec}");
    }
}

/// The distributions of tests/data/twsearch_distributions.txt (written by
/// tests/data/twsearch_distributions.sh: `twsearch -g` on `permlab export SPEC --tws`,
/// Rokicki's C++ twsearch built from its public source), and the specs twsearch could
/// not search (its comment lines `# SPEC: twsearch failed …`).
fn twsearch_distributions() -> (Vec<(&'static str, Vec<u64>)>, Vec<&'static str>) {
    let text = include_str!("../data/twsearch_distributions.txt");
    let mut found = Vec::new();
    let mut failed = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# ") {
            if let Some((spec, _)) = rest.split_once(": twsearch failed") {
                failed.push(spec);
            }
        } else if let Some((spec, counts)) = line.split_once('\t') {
            let counts = counts
                .split_whitespace()
                .map(|c| c.parse::<u64>().unwrap())
                .collect();
            found.push((spec, counts));
        }
    }
    (found, failed)
}

/// The built-ins an exhaustive search fits (at most 2·10^9 positions, the script's
/// MAX), with no identical pieces, and their positions.
fn searchable_builtins() -> Vec<(&'static str, u64)> {
    permlab::puzzle::catalogue()
        .iter()
        .filter_map(|e| {
            let p = Puzzle::builtin(e.spec).unwrap();
            let order: u64 = p.group().order().try_into().ok()?;
            (p.identical().is_empty() && order <= 2_000_000_000).then_some((e.spec, order))
        })
        .collect()
}

/// Compares permlab's table BFS in the htm metric with twsearch's distribution for
/// every searchable built-in with positions in `range`, and with the plain hash-map
/// BFS where twsearch could not search it (at most 4·10^6 positions there).
fn distributions_agree_in(range: std::ops::RangeInclusive<u64>) {
    let (found, failed) = twsearch_distributions();
    let mut compared = 0;
    for (spec, positions) in searchable_builtins() {
        if !range.contains(&positions) {
            continue;
        }
        let p = Puzzle::builtin(spec).unwrap();
        let (space, ours) = distribution(&p, Metric::Htm);
        assert_eq!(ours.iter().sum::<u64>(), positions, "{spec}");
        if let Some((_, theirs)) = found.iter().find(|(s, _)| *s == spec) {
            assert_eq!(&ours, theirs, "{spec}: permlab and twsearch differ");
        } else {
            assert!(
                failed.contains(&spec),
                "{spec} is not in tests/data/twsearch_distributions.txt: rerun tests/data/twsearch_distributions.sh"
            );
            assert!(
                positions <= 4_000_000,
                "{spec}: no independent distribution"
            );
            assert_eq!(
                ours,
                naive_bfs(&space),
                "{spec}: table and hash-map BFS differ"
            );
        }
        compared += 1;
    }
    assert!(compared > 0);
}

#[test]
fn distributions_agree_with_twsearch() {
    // every built-in with at most 10^8 positions (cube2, pyraminx, skewb, ivy, the
    // seed boards, …): permlab's BFS equals twsearch's, position count by distance
    distributions_agree_in(0..=100_000_000);
}

#[test]
#[ignore = "several minutes (dino, domino, turnstyle:12, board:4x4:3, …): cargo test --release --test it geometry_puzzles -- --ignored"]
fn large_distributions_agree_with_twsearch() {
    // the built-ins with 10^8 to 2·10^9 positions, e.g. the Dino cube (239,500,800
    // positions, God's number 13) and the Domino (1,625,702,400 positions, God's
    // number 18), both as twsearch counts them
    distributions_agree_in(100_000_001..=2_000_000_000);
}
