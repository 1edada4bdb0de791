//! Structure descriptions: exact strings for the puzzle groups and for families with
//! known structure, the order of every description equal to `|G|`, and abelian
//! invariants checked against brute force (the orders of all listed elements).

use num_bigint::BigUint;
use permlab::group::elements_by_closure;
use permlab::group::structure::Structure;
use permlab::{Perm, PermGroup, Puzzle};
use proptest::prelude::*;
use std::collections::BTreeMap;

fn g(n: usize, gens: &[&str]) -> PermGroup {
    PermGroup::new(n, gens.iter().map(|s| s.parse::<Perm>().unwrap()).collect())
}

fn describe(spec: &str) -> String {
    let grp = Puzzle::load(spec).unwrap().group();
    let s = grp.structure_description();
    assert_eq!(s.order(), grp.order(), "{spec}");
    s.to_string()
}

/// The built-in puzzles (`permlab puzzles`), the benchmark groups of tests/data and
/// some subgroup specs.
const SPECS: &[&str] = &[
    "cube3",
    "cube2",
    "turnstyle:12",
    "turnstyle:13",
    "board:3x3:2",
    "board:4x5:4",
    "board:4x4:3",
    "board:5x5:3",
    "board:6x6:2",
    "nokia-rect",
    "nokia2x2",
    "rotation3",
    "cube:4:outer",
    "cube3[R2,U]",
    "cube3[U,D,R2,L2,F2,B2]",
    "tests/data/cube2_ruf.gens",
    "tests/data/cube3_ru.gens",
    "tests/data/megaminx.gens",
    "tests/data/m11.gens",
    "tests/data/m12.gens",
    "tests/data/m22.gens",
    "tests/data/m23.gens",
    "tests/data/m24.gens",
    "tests/data/psl2_509.gens",
    "tests/data/a33_on_pairs.gens",
    "tests/data/two_orbits_9.gens",
    "tests/data/wreath_s5_s6.gens",
    "tests/data/example.gens",
    "tests/data/trivial.gens",
    "tests/data/s100_random.gens",
    "tests/data/a101_random.gens",
];

#[test]
fn every_description_has_the_group_order() {
    for spec in SPECS {
        let grp = Puzzle::load(spec).unwrap().group();
        let s = grp.structure_description();
        assert!(s.is_described(), "{spec}: {s}");
        assert_eq!(s.order(), grp.order(), "{spec}: {s}");
    }
}

#[test]
fn puzzle_groups() {
    assert_eq!(describe("cube3"), "(C3^7 × C2^11) ⋊ ((A8 × A12) ⋊ C2)");
    // all six faces of the 2x2x2 move all 8 corners; ⟨R,U,F⟩ fixes one
    assert_eq!(describe("cube2"), "C3^7 ⋊ S8");
    // GAP 4.12's StructureDescription of the same group: "(C3 x C3 x C3 x C3 x C3 x C3) : S7"
    assert_eq!(describe("tests/data/cube2_ruf.gens"), "C3^6 ⋊ S7");
    // ⟨R,U⟩: the corners move as PGL(2,5) on 6 points, whose even part PSL(2,5) ≅ A5
    // is named by its proved composition factor, with the edge parity linked to the
    // corner parity
    assert_eq!(
        describe("tests/data/cube3_ru.gens"),
        "C3^5 ⋊ ((A5 × A7) ⋊ C2)"
    );
    // the Megaminx turns are even: corners and edges are independent
    assert_eq!(
        describe("tests/data/megaminx.gens"),
        "(C2^29 ⋊ A30) × (C3^19 ⋊ A20)"
    );
    assert_eq!(describe("board:4x4:3"), "(A8 × A8) ⋊ C2");
    assert_eq!(describe("board:4x5:4"), "A20");
}

/// Primitive groups named through their composition series (GAP 4.12's
/// StructureDescription: "M12", "PSL(3,2)", "S20", "M23"; permlab writes PSL(3,2) as
/// PSL(2,7)).
#[test]
fn primitive_groups_by_their_proved_names() {
    assert_eq!(describe("tests/data/m12.gens"), "M12");
    assert_eq!(describe("tests/data/psl2_7.gens"), "PSL(2,7)");
    // PSL(2,7) on the 8 points of the projective line over GF(7): x+1 and -1/x
    let on_line = g(8, &["(1,2,3,4,5,6,7)", "(1,8)(2,7)(3,4)(5,6)"]);
    assert_eq!(on_line.order(), 168u32.into());
    assert_eq!(on_line.structure_description().to_string(), "PSL(2,7)");
    assert_eq!(describe("tests/data/s20_on_3sets.gens"), "S20");
    assert_eq!(describe("tests/data/m23_on_3sets.gens"), "M23");
    assert_eq!(describe("tests/data/psl2_61.gens"), "PSL(2,61)");
}

#[test]
fn families() {
    // S_n, A_n
    assert_eq!(describe("turnstyle:12"), "S12");
    assert_eq!(describe("tests/data/a101_random.gens"), "A101");
    let a5 = g(5, &["(1,2,3)", "(1,2,3,4,5)"]);
    assert_eq!(a5.structure_description().to_string(), "A5");
    // C_n, and an abelian group that is not cyclic
    let c12 = g(12, &["(1,2,3,4,5,6,7,8,9,10,11,12)"]);
    assert_eq!(c12.structure_description().to_string(), "C12");
    let c6c2 = g(8, &["(1,2,3,4,5,6)", "(7,8)"]);
    assert_eq!(c6c2.structure_description().to_string(), "C2^2 × C3");
    // dihedral groups
    let d10 = g(5, &["(1,2,3,4,5)", "(2,5)(3,4)"]);
    assert_eq!(d10.structure_description().to_string(), "D10");
    // a direct product of symmetric groups on disjoint orbits
    let s3s4 = g(7, &["(1,2,3)", "(1,2)", "(4,5,6,7)", "(4,5)"]);
    assert_eq!(s3s4.structure_description().to_string(), "S3 × S4");
    // two symmetric groups with linked parities
    let linked = g(9, &["(1,2,3,4)(5,6)", "(1,2,3)", "(5,6,7,8,9)", "(5,6,7)"]);
    assert_eq!(linked.structure_description().to_string(), "(A4 × A5) ⋊ C2");
    // the wreath product C3 ≀ S8 on 24 points (blocks {1,2,3}, {4,5,6}, …)
    let eight_cycle: Vec<String> = (0..3)
        .map(|j| {
            let c: Vec<String> = (0..8).map(|i| (3 * i + j + 1).to_string()).collect();
            format!("({})", c.join(","))
        })
        .collect();
    let wreath = g(24, &["(1,2,3)", &eight_cycle.concat(), "(1,4)(2,5)(3,6)"]);
    assert_eq!(wreath.order(), BigUint::from(3u32).pow(8) * 40_320u32);
    assert_eq!(wreath.structure_description().to_string(), "C3 ≀ S8");
    // Q8 (regular on 8 points) over its centre: no complement exists, and none is
    // claimed (`.`: an extension not shown to split)
    let q8 = g(8, &["(1,2,3,4)(5,6,7,8)", "(1,5,3,7)(2,8,4,6)"]);
    assert_eq!(q8.order(), BigUint::from(8u32));
    assert_eq!(q8.structure_description().to_string(), "C2 . C2^2");
    // trivial
    assert_eq!(g(3, &[]).structure_description().to_string(), "1");
}

/// Wreath products are named `T ≀ Q` exactly when the group is the whole of
/// `T ≀ Q` in its imprimitive action: checked against the stabilizer of the block
/// system in the symmetric group, enumerated by brute force; a proper subgroup of
/// a wreath product with the same blocks is not called one.
#[test]
fn wreath_products() {
    assert_eq!(describe("tests/data/wreath_s5_s6.gens"), "S5 ≀ S6");
    // S2 ≀ S3 on 6 points, blocks {1,2}, {3,4}, {5,6}: all 48 permutations of S6
    // keeping the blocks, counted by brute force
    let w = g(6, &["(1,2)", "(1,3,5)(2,4,6)", "(1,3)(2,4)"]);
    let blocks = [[0usize, 1], [2, 3], [4, 5]];
    let block_of = |p: usize| blocks.iter().position(|b| b.contains(&p)).unwrap();
    let mut keeping = 0;
    let mut images = [0usize, 1, 2, 3, 4, 5];
    // every permutation of 6 points (Heap's algorithm)
    fn heap(k: usize, a: &mut [usize; 6], f: &mut dyn FnMut(&[usize; 6])) {
        if k == 1 {
            f(a);
            return;
        }
        for i in 0..k {
            heap(k - 1, a, f);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            a.swap(j, k - 1);
        }
    }
    heap(6, &mut images, &mut |a| {
        if blocks
            .iter()
            .all(|b| block_of(a[b[0]]) == block_of(a[b[1]]))
        {
            keeping += 1;
        }
    });
    assert_eq!(BigUint::from(keeping as u32), w.order());
    assert_eq!(w.structure_description().to_string(), "C2 ≀ S3");
    // three blocks of 3 permuted as S3, with C3 on each block and an element
    // acting on the first block as a transposition while swapping the other two:
    // a subgroup of index 2 in S3 ≀ S3 (order 648 = 6^3·6/2), not a wreath
    // product in this action, and not called one
    let not_wreath = g(
        9,
        &[
            "(1,2,3)",
            "(4,5,6)",
            "(7,8,9)",
            "(1,2)(4,7)(5,8)(6,9)",
            "(1,4,7)(2,5,8)(3,6,9)",
        ],
    );
    assert_eq!(not_wreath.order(), BigUint::from(648u32));
    let s = not_wreath.structure_description();
    assert_eq!(s.order(), not_wreath.order());
    assert!(!s.to_string().contains('≀'), "{s}");
}

/// The number of elements of each order in a product of cyclic groups `C_{q_i}`.
fn order_counts_of_cyclic_product(qs: &[u64]) -> BTreeMap<u64, usize> {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let mut counts = BTreeMap::from([(1u64, 1usize)]);
    for &q in qs {
        let mut next = BTreeMap::new();
        for (&o, &c) in &counts {
            for x in 0..q {
                let ox = q / gcd(q, x);
                let l = o / gcd(o, ox) * ox;
                *next.entry(l).or_insert(0) += c;
            }
        }
        counts = next;
    }
    counts
}

/// The cyclic factors `C_q` (with multiplicity) of an abelian description.
fn cyclic_factors(s: &Structure) -> Vec<u64> {
    let factor = |name: &str| -> Vec<u64> {
        let body = name.strip_prefix('C').expect("a cyclic factor");
        match body.split_once('^') {
            Some((q, k)) => vec![q.parse().unwrap(); k.parse().unwrap()],
            None => vec![body.parse().unwrap()],
        }
    };
    match s {
        Structure::Trivial => vec![],
        Structure::Named { name, .. } => factor(name),
        Structure::Direct(v) => v.iter().flat_map(cyclic_factors).collect(),
        other => panic!("not a product of cyclic groups: {other}"),
    }
}

#[test]
fn abelian_invariants_agree_with_brute_force() {
    let groups = [
        g(8, &["(1,2,3,4,5,6)", "(7,8)"]),
        g(9, &["(1,2)", "(3,4,5,6)", "(7,8,9)"]),
        g(12, &["(1,2,3,4)(5,6)", "(7,8,9,10)", "(11,12)"]),
        g(10, &["(1,2,3)(4,5,6,7,8,9)", "(4,6,8)(5,7,9)"]),
        g(
            9,
            &["(1,2,3)", "(4,5,6)", "(7,8,9)", "(1,2,3)(4,5,6)(7,8,9)"],
        ),
        g(6, &["(1,2)(3,4)", "(3,4)(5,6)"]),
    ];
    for grp in groups {
        let s = grp.structure_description();
        let mut brute: BTreeMap<u64, usize> = BTreeMap::new();
        for e in elements_by_closure(grp.degree(), grp.generators()) {
            let o: u64 = e.order().try_into().unwrap();
            *brute.entry(o).or_insert(0) += 1;
        }
        // a finite abelian group is determined by the numbers of elements of each order
        assert_eq!(
            order_counts_of_cyclic_product(&cyclic_factors(&s)),
            brute,
            "{s}"
        );
    }
}

#[test]
fn cli_structure_key() {
    let (code, out, _) = crate::common::permlab(&["group", "cube3", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["structure"], "(C3^7 × C2^11) ⋊ ((A8 × A12) ⋊ C2)");
    let (code, out, _) = crate::common::permlab(&["group", "tests/data/cube2_ruf.gens"]);
    assert_eq!(code, 0);
    assert!(
        out.lines()
            .any(|l| l.starts_with("structure:") && l.ends_with("C3^6 ⋊ S7")),
        "{out}"
    );
}

fn perm_strategy(n: usize) -> impl Strategy<Value = Perm> {
    Just((0..n as u32).collect::<Vec<u32>>())
        .prop_shuffle()
        .prop_map(|v| Perm::from_images(v).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Random small groups: a description is found, its order is |G| (the number of
    /// listed elements), and a named group at the top has the property of its name.
    #[test]
    fn random_small_groups_are_described(
        (n, gens) in (1usize..=7).prop_flat_map(|n| (Just(n), prop::collection::vec(perm_strategy(n), 0..=3)))
    ) {
        let grp = PermGroup::new(n, gens);
        let s = grp.structure_description();
        let all = elements_by_closure(n, grp.generators());
        prop_assert!(s.is_described(), "{}", s);
        prop_assert_eq!(s.order(), BigUint::from(all.len()));
        if let Structure::Named { name, .. } = &s {
            let orders: Vec<u64> = all.iter().map(|e| e.order().try_into().unwrap()).collect();
            let abelian = grp.is_abelian();
            let num = |t: &str| t[1..].parse::<u64>().unwrap();
            match name.as_bytes()[0] {
                b'C' if !name.contains('^') => {
                    prop_assert!(orders.contains(&num(name)), "{}", name);
                }
                b'S' => prop_assert_eq!(all.len() as u64, (1..=num(name)).product::<u64>()),
                b'A' => prop_assert_eq!(2 * all.len() as u64, (1..=num(name)).product::<u64>()),
                b'D' => {
                    prop_assert!(!abelian);
                    prop_assert!(orders.contains(&(num(name) / 2)), "{}", name);
                }
                _ => {}
            }
        }
    }
}
