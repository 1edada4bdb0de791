//! Subgroups, normal structure, centralizers, set stabilizers, blocks and actions,
//! each against brute force over all elements of small groups (listed by
//! `elements_by_closure`), plus facts about the benchmark groups from tests/data.

use num_bigint::BigUint;
use permlab::group::elements_by_closure;
use permlab::{Perm, PermGroup, Puzzle};
use proptest::prelude::*;
use std::collections::HashSet;

fn p(s: &str) -> Perm {
    s.parse().unwrap()
}

/// Small groups of every kind: symmetric, alternating, dihedral, wreath products,
/// intransitive products, trivial.
fn small_groups() -> Vec<(&'static str, PermGroup)> {
    let g = |n: usize, gens: &[&str]| PermGroup::new(n, gens.iter().map(|s| p(s)).collect());
    vec![
        ("S4", g(4, &["(1,2,3,4)", "(1,2)"])),
        ("S5", g(5, &["(1,2,3,4,5)", "(1,2)"])),
        ("A5", g(5, &["(1,2,3)", "(1,2,3,4,5)"])),
        ("D8", g(4, &["(1,2,3,4)", "(1,3)"])),
        ("D12 on 6", g(6, &["(1,2,3,4,5,6)", "(2,6)(3,5)"])),
        ("S2 wr S3", g(6, &["(1,2)", "(1,3,5)(2,4,6)", "(1,3)(2,4)"])),
        ("S3 wr S2", g(6, &["(1,2,3)", "(1,2)", "(1,4)(2,5)(3,6)"])),
        ("S3 x C4", g(7, &["(1,2,3)", "(1,2)", "(4,5,6,7)"])),
        (
            "A4 x S3 diag",
            g(7, &["(1,2,3)(5,6,7)", "(1,2)(3,4)", "(5,6)(1,2)(3,4)"]),
        ),
        ("C2^3", g(6, &["(1,2)", "(3,4)", "(5,6)"])),
        ("trivial", g(3, &[])),
    ]
}

fn all(g: &PermGroup) -> HashSet<Perm> {
    elements_by_closure(g.degree(), g.generators())
}

fn order(k: usize) -> BigUint {
    BigUint::from(k)
}

/// `h` is exactly the set `want` of elements: a subgroup of `g` whose generators lie
/// in `want` and whose order is `|want|` (so `h ⊆ want`, and equal sizes).
fn assert_is(h: &PermGroup, want: &HashSet<Perm>, what: &str) {
    assert_eq!(h.order(), order(want.len()), "{what}: order");
    let n = want.iter().next().map_or(0, Perm::degree);
    for x in h.generators() {
        assert!(
            want.contains(&x.extended(n)),
            "{what}: generator {x} outside"
        );
    }
}

fn commutes(a: &Perm, b: &Perm) -> bool {
    a * b == b * a
}

fn check_group(name: &str, g: &PermGroup) {
    let elems = all(g);
    let n = g.degree();
    // centre
    let z: HashSet<Perm> = elems
        .iter()
        .filter(|x| g.generators().iter().all(|s| commutes(x, &s.extended(n))))
        .cloned()
        .collect();
    assert_is(&g.center(), &z, &format!("{name} centre"));
    assert_eq!(g.is_abelian(), z.len() == elems.len(), "{name} abelian");
    // centralizers of a few elements, in and outside G
    let mut probes: Vec<Perm> = elems.iter().take(6).cloned().collect();
    probes.push(Perm::from_cycles(n, &[(0..n).collect()]).unwrap());
    for x in &probes {
        let c: HashSet<Perm> = elems.iter().filter(|y| commutes(y, x)).cloned().collect();
        assert_is(&g.centralizer(x).unwrap(), &c, &format!("{name} C({x})"));
    }
    // set stabilizers of a few sets
    for set in [vec![0], vec![0, 1], vec![0, 2, 3], vec![1, n - 1]] {
        let mut set = set;
        set.retain(|&q| q < n);
        set.dedup();
        let s: HashSet<Perm> = elems
            .iter()
            .filter(|y| set.iter().all(|&q| set.contains(&y.image(q))))
            .cloned()
            .collect();
        assert_is(
            &g.setwise_stabilizer(&set).unwrap(),
            &s,
            &format!("{name} stab {set:?}"),
        );
    }
    // normal closures of single elements: the closure of all their conjugates
    for x in elems.iter().take(4) {
        let conj: Vec<Perm> = elems.iter().map(|y| x.conjugate(y)).collect();
        let want = elements_by_closure(n, &conj);
        let nc = g.normal_closure(std::slice::from_ref(x)).unwrap();
        assert_is(&nc, &want, &format!("{name} normal closure of {x}"));
        assert!(g.is_normal(&nc), "{name}");
        assert_eq!(g.index(&nc).unwrap(), order(elems.len() / want.len()));
    }
    // derived series against all commutators
    let mut cur = elems.clone();
    let series = g.derived_series();
    for (i, d) in series.iter().enumerate() {
        assert_is(d, &cur, &format!("{name} derived term {i}"));
        let comms: Vec<Perm> = cur
            .iter()
            .flat_map(|a| cur.iter().map(move |b| Perm::commutator(a, b)))
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        let next = elements_by_closure(n, &comms);
        if i + 1 == series.len() {
            assert_eq!(next.len(), cur.len(), "{name}: series stopped early");
        }
        cur = next;
    }
    assert_eq!(g.is_solvable(), cur.len() == 1, "{name} solvable");
    assert_eq!(g.is_perfect(), series.len() == 1, "{name} perfect");
    // blocks: every subset of the orbit containing its first point, tested directly
    for orbit in g.orbits().into_iter().filter(|o| o.len() > 2) {
        let alpha = orbit[0];
        let rest = &orbit[1..];
        let mut blocks: Vec<Vec<usize>> = Vec::new();
        for mask in 1u32..(1 << rest.len()) - 1 {
            let mut b = vec![alpha];
            b.extend(
                (0..rest.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| rest[i]),
            );
            b.sort_unstable();
            let is_block = elems.iter().all(|y| {
                let img: Vec<usize> = b.iter().map(|&q| y.image(q)).collect();
                let inside = img.iter().filter(|q| b.contains(q)).count();
                inside == 0 || inside == b.len()
            });
            if is_block {
                blocks.push(b);
            }
        }
        let minimal: Vec<Vec<usize>> = blocks
            .iter()
            .filter(|b| {
                !blocks
                    .iter()
                    .any(|c| c.len() < b.len() && c.iter().all(|q| b.contains(q)))
            })
            .cloned()
            .collect();
        let mut got: Vec<Vec<usize>> = g
            .minimal_block_systems()
            .into_iter()
            .filter(|s| s[0][0] == alpha)
            .map(|s| s[0].clone())
            .collect();
        got.sort();
        let mut minimal = minimal;
        minimal.sort();
        assert_eq!(got, minimal, "{name}: minimal blocks of orbit {orbit:?}");
        if g.is_transitive() {
            assert_eq!(g.is_primitive(), blocks.is_empty(), "{name} primitive");
        }
        // the action on each minimal system: image and kernel by brute force
        for system in g
            .minimal_block_systems()
            .into_iter()
            .filter(|s| s[0][0] == alpha)
        {
            let a = g.action_on_blocks(&system).unwrap();
            let block_of = |q: usize| system.iter().position(|b| b.contains(&q)).unwrap();
            let kernel: HashSet<Perm> = elems
                .iter()
                .filter(|y| {
                    system
                        .iter()
                        .all(|b| block_of(y.image(b[0])) == block_of(b[0]))
                })
                .cloned()
                .collect();
            assert_is(&a.kernel, &kernel, &format!("{name} kernel"));
            let images: HashSet<Vec<usize>> = elems
                .iter()
                .map(|y| system.iter().map(|b| block_of(y.image(b[0]))).collect())
                .collect();
            assert_eq!(a.image.order(), order(images.len()), "{name} image");
        }
    }
    if !g.is_transitive() {
        assert!(!g.is_primitive(), "{name}");
    }
    // action on each orbit
    for orbit in g.orbits() {
        let a = g.action_on_orbit(orbit[0]).unwrap();
        let kernel: HashSet<Perm> = elems
            .iter()
            .filter(|y| orbit.iter().all(|&q| y.image(q) == q))
            .cloned()
            .collect();
        assert_is(&a.kernel, &kernel, &format!("{name} orbit kernel"));
        assert_eq!(a.image.order() * a.kernel.order(), order(elems.len()));
    }
}

#[test]
fn small_groups_agree_with_brute_force() {
    for (name, g) in small_groups() {
        check_group(name, &g);
    }
}

fn perm_strategy(n: usize) -> impl Strategy<Value = Perm> {
    Just((0..n as u32).collect::<Vec<u32>>())
        .prop_shuffle()
        .prop_map(|v| Perm::from_images(v).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    #[test]
    fn random_small_groups_agree_with_brute_force(
        (n, gens) in (1usize..=6).prop_flat_map(|n| (Just(n), prop::collection::vec(perm_strategy(n), 0..=3)))
    ) {
        let g = PermGroup::new(n, gens);
        check_group("random", &g);
    }
}

#[test]
fn subgroup_checks_membership_and_index() {
    let s4 = PermGroup::new(4, vec![p("(1,2,3,4)"), p("(1,2)")]);
    let a4 = s4.subgroup(&[p("(1,2,3)"), p("(2,3,4)")]).unwrap();
    assert_eq!(s4.index(&a4).unwrap(), order(2));
    assert!(s4.is_normal(&a4));
    let c4 = s4.subgroup(&[p("(1,2,3,4)")]).unwrap();
    assert!(!s4.is_normal(&c4));
    assert_eq!(
        a4.subgroup(&[p("(1,2)")]).unwrap_err().to_string(),
        "generator 1 is not in the group"
    );
    assert_eq!(
        s4.subgroup(&[p("(1,5)")]).unwrap_err().to_string(),
        "generator 1 moves point 5, beyond the degree 4"
    );
    assert!(s4.setwise_stabilizer(&[4]).is_err());
    assert!(s4.setwise_stabilizer(&[1, 1]).is_err());
    assert!(s4.centralizer(&p("(1,5)")).is_err());
    // [A4, S4] = A4, [V4, S4] = V4
    let v4 = s4.normal_closure(&[p("(1,2)(3,4)")]).unwrap();
    assert_eq!(PermGroup::commutator_subgroup(&a4, &s4).order(), order(12));
    assert_eq!(PermGroup::commutator_subgroup(&v4, &s4).order(), order(4));
    assert_eq!(PermGroup::commutator_subgroup(&v4, &v4).order(), order(1));
}

#[test]
fn action_rejects_non_blocks() {
    let d8 = PermGroup::new(4, vec![p("(1,2,3,4)"), p("(1,3)")]);
    assert!(d8.action_on_blocks(&[vec![0, 2], vec![1, 3]]).is_ok());
    for (bad, why) in [
        (
            vec![vec![0, 1], vec![2, 3]],
            "generator 1 does not map block 1 onto a block",
        ),
        (vec![vec![0, 2], vec![2, 3]], "point 3 is in blocks 1 and 2"),
        (vec![vec![0, 4]], "block 1: point 5 is beyond the degree 4"),
        (vec![vec![]], "block 1 is empty"),
    ] {
        assert_eq!(d8.action_on_blocks(&bad).unwrap_err().to_string(), why);
    }
    assert!(d8.action_on_orbit(4).is_err());
}

// Values below are well known (and agree with GAP): the centre of the cube group is
// {1, superflip}, its derived subgroup has index 2, M12 is simple.

#[test]
fn cube3_structure() {
    let g = Puzzle::builtin("cube3").unwrap().group();
    let z = g.center();
    assert_eq!(z.order(), order(2));
    // the non-trivial central element flips all 12 edges and fixes the corners
    let flip = z.generators().iter().find(|x| !x.is_identity()).unwrap();
    assert_eq!(flip.cycle_type().iter().filter(|&&c| c == 2).count(), 12);
    assert_eq!(g.index(&g.derived_subgroup()).unwrap(), order(2));
    let systems = g.minimal_block_systems();
    assert_eq!(systems.len(), 2);
    // on the 8 corners: image S_8, kernel the twists C_3^7 times the even edge
    // permutations with their flips (a trivial corner permutation is even)
    let corners = g.action_on_blocks(&systems[0]).unwrap();
    assert_eq!(corners.image.order(), order(40320));
    assert!(corners.image.is_symmetric());
    let f = |k: u32| (1..=k).fold(BigUint::from(1u32), |a, i| a * i);
    let edges = f(12) / 2u32 * BigUint::from(2u32).pow(11);
    assert_eq!(corners.kernel.order(), edges.clone() * 2187u32);
    // the group the cube induces on its 24 corner stickers: kernel C_3^7 on corners
    let on_corner_stickers = g.action_on_orbit(systems[0][0][0]).unwrap();
    let c = &on_corner_stickers.image;
    assert_eq!(on_corner_stickers.kernel.order(), edges);
    let c_systems = c.minimal_block_systems();
    assert_eq!(c_systems.len(), 1);
    let twist = c.action_on_blocks(&c_systems[0]).unwrap();
    assert_eq!(twist.image.order(), order(40320));
    assert_eq!(twist.kernel.order(), order(2187));
    assert!(twist.kernel.is_abelian());
    let pieces: Vec<Vec<usize>> = systems.concat();
    let both = g.action_on_blocks(&pieces).unwrap();
    assert_eq!(both.image.order(), f(8) * f(12) / 2u32);
    assert_eq!(
        both.kernel.order(),
        BigUint::from(3u32).pow(7) * BigUint::from(2u32).pow(11)
    );
    assert!(!g.is_primitive());
    assert!(!g.is_solvable());
}

#[test]
fn m12_is_simple_and_primitive() {
    let m12 = Puzzle::load("tests/data/m12.gens").unwrap().group();
    assert!(m12.is_perfect());
    assert_eq!(m12.center().order(), order(1));
    assert!(m12.is_primitive());
    let x = m12.generators()[0].clone();
    // an 11-cycle of M12 is self-centralizing
    assert_eq!(m12.centralizer(&x).unwrap().order(), order(11));
    assert_eq!(m12.normal_closure(&[x]).unwrap().order(), m12.order());
}

#[test]
fn subgroup_specs() {
    let g1 = Puzzle::load("cube3[U,D,R2,L2,F2,B2]").unwrap().group();
    assert_eq!(g1.order(), order(19_508_428_800));
    let g = Puzzle::builtin("cube3").unwrap().group();
    assert!(g.contains_group(&g1));
    let ru = Puzzle::load("cube3[R,U]").unwrap().group();
    let ru_file = Puzzle::load("tests/data/cube3_ru.gens").unwrap().group();
    assert_eq!(ru.order(), ru_file.order());
    let wreath = Puzzle::load("tests/data/wreath_s5_s6.gens").unwrap();
    let top = Puzzle::load("tests/data/wreath_s5_s6.gens[g3]")
        .unwrap()
        .group();
    assert_eq!(top.order(), order(6));
    assert!(wreath.group().contains_group(&top));
}

#[test]
fn giant_shortcuts_agree_with_the_general_algorithms() {
    // derived subgroup and centre of recognised giants (one orbit, several orbits with
    // coupled parities) against the normal-closure and backtrack computations
    for spec in ["turnstyle:12", "turnstyle:13", "board:4x4:3", "board:5x5:3"] {
        let g = Puzzle::builtin(spec).unwrap().group();
        assert!(g.giants().is_some(), "{spec}");
        assert_eq!(
            g.derived_subgroup().order(),
            PermGroup::commutator_subgroup(&g, &g).order(),
            "{spec}"
        );
        assert!(g.contains_group(&g.derived_subgroup()), "{spec}");
        let gens = g.generators().to_vec();
        assert_eq!(
            g.center().order(),
            g.centralizer_of_all(&gens).unwrap().order(),
            "{spec}"
        );
    }
}

#[test]
fn ru_centre_is_central() {
    // the centre of <R,U> (order 3, found by the search) commutes with R and U
    let g = Puzzle::load("cube3[R,U]").unwrap().group();
    let z = g.center();
    for x in z.generators() {
        assert!(g.contains(x));
        for s in g.generators() {
            assert!(commutes(x, s));
        }
    }
}

#[test]
fn cube3_centralizers_are_consistent() {
    // elements with many fixed points: the generators found commute with x and lie in
    // G, and a conjugate of x has a centralizer of the same order
    let p = Puzzle::builtin("cube3").unwrap();
    let g = p.group();
    let by = p.eval(&p.parse_word("F D' L2 B").unwrap());
    for w in ["R", "R U R' U'", "R2 U2", "F R U R' U' F'", "R U"] {
        let x = p.eval(&p.parse_word(w).unwrap());
        let c = g.centralizer(&x).unwrap();
        for s in c.generators() {
            assert!(g.contains(s) && commutes(s, &x), "{w}");
        }
        assert!(c.contains(&x), "{w}");
        let cy = g.centralizer(&x.conjugate(&by)).unwrap();
        assert_eq!(c.order(), cy.order(), "{w}");
    }
}

/// Atkinson's algorithm needs one second point per orbit of a subgroup of the point
/// stabilizer (`giant::block_candidates`): the block system of every other point is
/// among those of the candidates, on groups with and without block systems.
#[test]
fn block_candidates_cover_every_second_point() {
    use permlab::group::giant::{block_candidates, minimal_block_classes};
    for name in [
        "wreath_s5_s6.gens",
        "a33_on_pairs.gens",
        "m12.gens",
        "m24.gens",
        "psl2_61.gens",
        "cube2_ruf.gens",
        "cube3_ru.gens",
    ] {
        let p = permlab::Puzzle::load(&format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR")))
            .unwrap();
        let g = p.group();
        let gens = g.generators();
        let n = g.degree();
        for orbit in g.orbits().into_iter().filter(|o| o.len() > 2) {
            let a = orbit[0];
            let blocks_of = |b: usize| {
                let cls = minimal_block_classes(n, gens, a, b);
                let mut block: Vec<usize> = orbit
                    .iter()
                    .copied()
                    .filter(|&x| cls[x] == cls[a])
                    .collect();
                block.sort_unstable();
                block
            };
            let candidates = block_candidates(n, gens, &orbit);
            assert!(
                candidates.iter().all(|b| orbit.contains(b) && *b != a),
                "{name}"
            );
            let found: Vec<Vec<usize>> = candidates.iter().map(|&b| blocks_of(b)).collect();
            for &b in &orbit[1..] {
                assert!(
                    found.contains(&blocks_of(b)),
                    "{name}: the block of {a} and {b} is missed"
                );
            }
            if orbit.len() > 100 {
                assert!(
                    candidates.len() < orbit.len() / 4,
                    "{name}: {} candidates",
                    candidates.len()
                );
            }
        }
    }
}
