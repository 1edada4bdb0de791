//! Conjugacy, classes and orbit counting, each against brute force over all elements
//! of small groups (listed by `elements_by_closure`).

use num_bigint::BigUint;
use permlab::group::elements_by_closure;
use permlab::{Perm, PermGroup};
use std::collections::{HashMap, HashSet};

fn p(s: &str) -> Perm {
    s.parse().unwrap()
}

fn group(n: usize, gens: &[&str]) -> PermGroup {
    PermGroup::new(n, gens.iter().map(|s| p(s)).collect())
}

/// Small groups: natural symmetric and alternating groups, the same abstract groups
/// in non-natural actions (searched, not answered by formula), dihedral, wreath
/// products, intransitive products, trivial.
fn small_groups() -> Vec<(&'static str, PermGroup)> {
    vec![
        ("S4", group(4, &["(1,2,3,4)", "(1,2)"])),
        ("S5", group(5, &["(1,2,3,4,5)", "(1,2)"])),
        ("A5", group(5, &["(1,2,3)", "(1,2,3,4,5)"])),
        ("A4", group(4, &["(1,2,3)", "(2,3,4)"])),
        // S4 on the 6 pairs {1,2},{1,3},{1,4},{2,3},{2,4},{3,4}
        ("S4 on pairs", group(6, &["(1,4,6,3)(2,5)", "(2,4)(3,5)"])),
        // A5 ≅ PSL(2,5) on the 6 points of the projective line
        ("PSL(2,5)", group(6, &["(1,2,3,4,5)", "(1,6)(2,5)"])),
        ("D8", group(4, &["(1,2,3,4)", "(1,3)"])),
        ("D12 on 6", group(6, &["(1,2,3,4,5,6)", "(2,6)(3,5)"])),
        (
            "S2 wr S3",
            group(6, &["(1,2)", "(1,3,5)(2,4,6)", "(1,3)(2,4)"]),
        ),
        (
            "S3 wr S2",
            group(6, &["(1,2,3)", "(1,2)", "(1,4)(2,5)(3,6)"]),
        ),
        ("S3 x C4", group(7, &["(1,2,3)", "(1,2)", "(4,5,6,7)"])),
        (
            "A4 x S3 diag",
            group(7, &["(1,2,3)(5,6,7)", "(1,2)(3,4)", "(5,6)(1,2)(3,4)"]),
        ),
        ("C2^3", group(6, &["(1,2)", "(3,4)", "(5,6)"])),
        ("fixed points", group(7, &["(2,3,4)", "(3,4,5)"])),
        ("trivial", group(3, &[])),
    ]
}

fn elements(g: &PermGroup) -> Vec<Perm> {
    let mut v: Vec<Perm> = elements_by_closure(g.degree(), g.generators())
        .into_iter()
        .collect();
    v.sort_by(|a, b| a.images().cmp(b.images()));
    v
}

/// The conjugacy classes by brute force: the orbits of `G` acting on its elements
/// by conjugation (each as an index into `elems`).
fn brute_classes(elems: &[Perm]) -> Vec<usize> {
    let index: HashMap<&Perm, usize> = elems.iter().enumerate().map(|(i, x)| (x, i)).collect();
    let mut class = vec![usize::MAX; elems.len()];
    let mut k = 0;
    for i in 0..elems.len() {
        if class[i] != usize::MAX {
            continue;
        }
        for x in elems {
            class[index[&elems[i].conjugate(x)]] = k;
        }
        k += 1;
    }
    class
}

#[test]
fn conjugating_elements_match_brute_force() {
    for (name, g) in small_groups() {
        let elems = elements(&g);
        let class = brute_classes(&elems);
        for (i, a) in elems.iter().enumerate() {
            for (j, b) in elems.iter().enumerate() {
                let x = g.conjugating_element(a, b).unwrap();
                assert_eq!(x.is_some(), class[i] == class[j], "{name}: {a} ~ {b}");
                if let Some(x) = x {
                    assert!(g.contains(&x), "{name}: {x} not in G");
                    assert_eq!(a.conjugate(&x), *b, "{name}: {a}^{x} ≠ {b}");
                }
                assert_eq!(g.is_conjugate(a, b).unwrap(), class[i] == class[j]);
            }
            let size = class.iter().filter(|&&c| c == class[i]).count();
            assert_eq!(
                g.class_size(a).unwrap(),
                BigUint::from(size),
                "{name}: |{a}^G|"
            );
        }
    }
}

#[test]
fn conjugating_elements_outside_the_group() {
    // g, h outside G: D8 acting on (1,2,3,4), conjugating permutations of the 4 points
    // and of points G fixes
    let g = group(6, &["(1,2,3,4)", "(1,3)"]);
    let elems = elements(&g);
    let sym6 = elements(&group(6, &["(1,2,3,4,5,6)", "(1,2)"]));
    let probes: Vec<Perm> = sym6.iter().step_by(7).cloned().collect();
    for a in &probes {
        for b in &probes {
            let brute = elems.iter().find(|x| a.conjugate(x) == *b);
            let x = g.conjugating_element(a, b).unwrap();
            assert_eq!(x.is_some(), brute.is_some(), "{a} ~ {b}");
            if let Some(x) = x {
                assert!(g.contains(&x));
                assert_eq!(a.conjugate(&x), *b);
            }
        }
        let c: HashSet<Perm> = elems.iter().map(|x| a.conjugate(x)).collect();
        assert_eq!(g.class_size(a).unwrap(), BigUint::from(c.len()), "|{a}^G|");
    }
}

#[test]
fn natural_giants_of_large_degree() {
    // S_12 and A_13 by formula: cycle type decides in S_n; in A_13 the class of a
    // 13-cycle splits, that of (1,2,3) does not
    let s12 = permlab::Puzzle::builtin("turnstyle:12").unwrap().group();
    assert!(s12.is_symmetric());
    let a = Perm::parse_cycles("(1,2,3)(4,5,6,7)", Some(12)).unwrap();
    let b = Perm::parse_cycles("(12,11,10,9)(8,1,5)", Some(12)).unwrap();
    let x = s12.conjugating_element(&a, &b).unwrap().unwrap();
    assert_eq!(a.conjugate(&x), b);
    assert!(!s12.is_conjugate(&a, &p("(1,2,3)(4,5,6)")).unwrap());
    // |S_12| / (3·4·5!) for cycle type 4,3,1^5
    assert_eq!(s12.class_size(&a).unwrap(), BigUint::from(332640u32));
    let a13 = group(
        13,
        &["(1,2,3)", "(1,2,3,4,5,6,7,8,9,10,11,12,13)", "(3,4,5)"],
    );
    assert!(a13.is_alternating());
    let c = p("(1,2,3,4,5,6,7,8,9,10,11,12,13)");
    let d = c.conjugate(&p("(1,2)"));
    assert!(!a13.is_conjugate(&c, &d).unwrap());
    assert!(a13.is_conjugate(&c, &c.pow(4)).unwrap()); // 4 is a square mod 13
    let t = p("(1,2,3)");
    let u = t.conjugate(&p("(1,2)"));
    let x = a13.conjugating_element(&t, &u).unwrap().unwrap();
    assert!(x.is_even());
    assert_eq!(t.conjugate(&x), u);
    // 13!/13/2 thirteen-cycles in each class
    let half = permlab::group::giant::factorial(12) / 2u32;
    assert_eq!(a13.class_size(&c).unwrap(), half);
}

#[test]
fn degree_errors() {
    let g = group(4, &["(1,2,3,4)", "(1,2)"]);
    assert!(g.conjugating_element(&p("(1,5)"), &p("(1,2)")).is_err());
    assert!(g.class_size(&p("(1,9)")).is_err());
}

#[test]
fn classes_match_brute_force() {
    for (name, g) in small_groups() {
        let elems = elements(&g);
        let class = brute_classes(&elems);
        let count = class.iter().max().map_or(0, |&k| k + 1);
        let mut want: Vec<usize> = (0..count)
            .map(|k| class.iter().filter(|&&c| c == k).count())
            .collect();
        want.sort_unstable();
        let classes = g.conjugacy_classes(10_000).unwrap();
        let mut got: Vec<usize> = classes
            .iter()
            .map(|c| usize::try_from(&c.size).unwrap())
            .collect();
        got.sort_unstable();
        assert_eq!(got, want, "{name}: class sizes");
        // one representative in each brute-force class
        let index: HashMap<&Perm, usize> = elems.iter().enumerate().map(|(i, x)| (x, i)).collect();
        let mut seen = HashSet::new();
        for c in &classes {
            let i = index[&c.representative];
            assert!(
                seen.insert(class[i]),
                "{name}: two representatives of one class"
            );
            let size = class.iter().filter(|&&k| k == class[i]).count();
            assert_eq!(
                c.size,
                BigUint::from(size),
                "{name}: size of {}",
                c.representative
            );
        }
        assert!(
            classes[0].representative.is_identity(),
            "{name}: identity first"
        );
    }
}

/// `p(n)`, the number of partitions of `n`, by the recurrence on the largest part.
fn partition_count(n: usize) -> usize {
    let mut p = vec![0usize; n + 1];
    p[0] = 1;
    for k in 1..=n {
        for m in k..=n {
            p[m] += p[m - k];
        }
    }
    p[n]
}

#[test]
fn symmetric_and_alternating_groups_by_cycle_type() {
    for n in 2..=12 {
        let cycle: Vec<usize> = (0..n).collect();
        let gens = vec![
            Perm::from_cycles(n, &[cycle]).unwrap(),
            Perm::from_cycles(n, &[vec![0, 1]]).unwrap(),
        ];
        let s = PermGroup::new(n, gens);
        let classes = s.conjugacy_classes(10_000).unwrap();
        assert_eq!(classes.len(), partition_count(n), "S_{n}");
        let types: HashSet<Vec<usize>> = classes
            .iter()
            .map(|c| c.representative.cycle_type())
            .collect();
        assert_eq!(
            types.len(),
            classes.len(),
            "S_{n}: one class per cycle type"
        );
    }
    // A_n for n ≤ 7 (the natural path, with its split classes) against brute force
    for n in 3..=7 {
        let gens: Vec<Perm> = (0..n - 2)
            .map(|i| Perm::from_cycles(n, &[vec![i, i + 1, i + 2]]).unwrap())
            .collect();
        let a = PermGroup::new(n, gens);
        assert!(a.is_alternating());
        let elems = elements(&a);
        let class = brute_classes(&elems);
        let count = class.iter().max().unwrap() + 1;
        assert_eq!(a.conjugacy_classes(10_000).unwrap().len(), count, "A_{n}");
    }
    // the limit: S_30 has p(30) = 5604 classes
    let s30 = permlab::Puzzle::builtin("turnstyle:30").unwrap().group();
    assert!(matches!(
        s30.conjugacy_classes(5603),
        Err(permlab::group::classes::ClassesError::TooManyClasses { limit: 5603 })
    ));
    assert_eq!(s30.conjugacy_classes(5604).unwrap().len(), 5604);
}

#[test]
fn classes_of_benchmark_groups_match_the_atlas() {
    let text = std::fs::read_to_string("tests/data/classes.txt").unwrap();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let g = permlab::Puzzle::load(&format!("tests/data/{}", f[0]))
            .unwrap()
            .group();
        let count: usize = f[1].parse().unwrap();
        let mut want: Vec<BigUint> = f[2..].iter().map(|x| x.parse().unwrap()).collect();
        assert_eq!(want.len(), count, "{line}");
        let classes = g.conjugacy_classes(10_000).unwrap();
        assert_eq!(classes.len(), count, "{}", f[0]);
        let order = g.order();
        let mut got: Vec<BigUint> = classes.iter().map(|c| &order / &c.size).collect();
        for c in &classes {
            assert_eq!(&order % &c.size, BigUint::from(0u32), "{}", f[0]);
        }
        got.sort();
        want.sort();
        assert_eq!(got, want, "{}: centralizer orders", f[0]);
    }
}

#[test]
fn classes_of_cube2() {
    // ⟨R, U, F⟩ of the 2x2x2 cube: no value from GAP here, so the checks are the
    // class equation (sizes divide |G| and sum to it, which conjugacy_classes asserts),
    // pairwise non-conjugate representatives, and each size against the centralizer
    let g = permlab::Puzzle::load("tests/data/cube2_ruf.gens")
        .unwrap()
        .group();
    let classes = g.conjugacy_classes(100_000).unwrap();
    let order = g.order();
    let total = classes.iter().fold(BigUint::from(0u32), |a, c| a + &c.size);
    assert_eq!(total, order);
    for c in classes.iter().step_by(7) {
        let cent = g.centralizer(&c.representative).unwrap().order();
        assert_eq!(&cent * &c.size, order);
    }
    for (i, a) in classes.iter().enumerate().step_by(5) {
        for b in classes.iter().skip(i + 1).step_by(3) {
            assert!(!g
                .is_conjugate(&a.representative, &b.representative)
                .unwrap());
        }
    }
}

/// The number of orbits of `G` on the functions `points → 0..c` (`c^n` of them, so
/// keep `n` small), by listing each orbit.
fn brute_colourings(elems: &[Perm], n: usize, c: usize) -> usize {
    let total = c.pow(n as u32);
    let mut seen = vec![false; total];
    let mut orbits = 0;
    for f in 0..total {
        if seen[f] {
            continue;
        }
        orbits += 1;
        let digits: Vec<usize> = (0..n).map(|i| f / c.pow(i as u32) % c).collect();
        for x in elems {
            // the colouring moved by x: point i^x gets the colour of i
            let mut moved = 0;
            for (i, &d) in digits.iter().enumerate() {
                moved += d * c.pow(x.image(i) as u32);
            }
            seen[moved] = true;
        }
    }
    orbits
}

/// The number of orbits of `G` on the `k`-subsets of `0..n`, by listing each orbit.
fn brute_subsets(elems: &[Perm], n: usize, k: usize) -> usize {
    let mut seen = HashSet::new();
    let mut orbits = 0;
    for s in 0u32..1 << n {
        if s.count_ones() as usize != k || seen.contains(&s) {
            continue;
        }
        orbits += 1;
        for x in elems {
            let image = (0..n)
                .filter(|&i| s >> i & 1 == 1)
                .fold(0u32, |a, i| a | 1 << x.image(i));
            seen.insert(image);
        }
    }
    orbits
}

#[test]
fn orbit_counts_match_brute_force() {
    for (name, g) in small_groups() {
        let elems = elements(&g);
        let n = g.degree();
        let z = g.cycle_index(10_000).unwrap();
        // the cycle-type distribution
        let mut want: HashMap<Vec<usize>, usize> = HashMap::new();
        for x in &elems {
            *want.entry(x.extended(n).cycle_type()).or_default() += 1;
        }
        assert_eq!(z.distribution().len(), want.len(), "{name}: cycle types");
        for (t, k) in z.distribution() {
            assert_eq!(*k, BigUint::from(want[t]), "{name}: type {t:?}");
        }
        for c in 1..=3 {
            let brute = brute_colourings(&elems, n, c);
            assert_eq!(
                z.colourings(c as u64),
                BigUint::from(brute),
                "{name}: {c} colours"
            );
            assert_eq!(
                g.orbit_count_colourings(c as u64).unwrap(),
                BigUint::from(brute)
            );
        }
        for k in 0..=n + 1 {
            let brute = if k > n {
                0
            } else {
                brute_subsets(&elems, n, k)
            };
            assert_eq!(z.subsets(k), BigUint::from(brute), "{name}: {k}-subsets");
            assert_eq!(g.orbit_count_subsets(k).unwrap(), BigUint::from(brute));
        }
    }
    // necklaces and bracelets of 6 beads in 2 colours (OEIS A000031, A000029)
    let c6 = group(6, &["(1,2,3,4,5,6)"]);
    let d12 = group(6, &["(1,2,3,4,5,6)", "(2,6)(3,5)"]);
    assert_eq!(c6.orbit_count_colourings(2).unwrap(), BigUint::from(14u32));
    assert_eq!(d12.orbit_count_colourings(2).unwrap(), BigUint::from(13u32));
}

/// Positions up to symmetry (the orbits of `M` acting on `G` by conjugation) against
/// brute force: every element of `G` listed, orbits under conjugation by `M`'s
/// generators joined by union–find.
#[test]
fn orbit_count_under_conjugation_matches_brute_force() {
    use permlab::group::elements_by_closure;
    let perms = |v: &[&str]| -> Vec<Perm> { v.iter().map(|s| s.parse().unwrap()).collect() };
    let cases: Vec<(usize, Vec<Perm>, Vec<Perm>)> = vec![
        (
            5,
            perms(&["(1,2,3)", "(1,2,3,4,5)"]),
            perms(&["(1,2)", "(1,2,3,4,5)"]),
        ),
        (
            4,
            perms(&["(1,2)", "(1,2,3,4)"]),
            perms(&["(1,2)", "(1,2,3,4)"]),
        ),
        (
            6,
            perms(&["(1,2,3)", "(4,5,6)"]),
            perms(&["(1,4)(2,5)(3,6)", "(2,3)(5,6)"]),
        ),
        (
            6,
            perms(&["(1,2,3,4,5,6)", "(1,2)"]),
            perms(&["(1,2,3,4,5,6)"]),
        ),
        (
            8,
            perms(&["(1,2,3,4)(5,6,7,8)", "(1,5)(2,6)(3,7)(4,8)", "(1,3)"]),
            perms(&["(1,5)(2,6)(3,7)(4,8)", "(1,2,3,4)(5,6,7,8)"]),
        ),
    ];
    for (n, gens, sym) in cases {
        let g = PermGroup::new(n, gens.clone());
        let elements: Vec<Perm> = elements_by_closure(n, &gens).into_iter().collect();
        let index: std::collections::HashMap<Perm, usize> = elements
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, x)| (x, i))
            .collect();
        let mut parent: Vec<usize> = (0..elements.len()).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for (i, x) in elements.iter().enumerate() {
            for m in &sym {
                let y = &(&m.inverse() * x) * m;
                let j = index[&y];
                let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                parent[a] = b;
            }
        }
        let brute = (0..elements.len())
            .filter(|&i| find(&mut parent, i) == i)
            .count();
        assert_eq!(
            g.orbit_count_under_conjugation(&sym).unwrap(),
            BigUint::from(brute),
            "{gens:?} up to {sym:?}"
        );
    }
    // a symmetry that does not normalize the group is refused
    let c3 = PermGroup::new(4, perms(&["(1,2,3)"]));
    let e = c3
        .orbit_count_under_conjugation(&perms(&["(3,4)"]))
        .unwrap_err();
    assert!(e.to_string().contains("is not in the group"), "{e}");
}
