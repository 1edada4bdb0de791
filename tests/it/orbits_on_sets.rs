//! Orbits on k-subsets and k-tuples and the action on one of them, against brute force:
//! every element of small groups (listed by `elements_by_closure`) applied to every
//! set or tuple.

use permlab::group::elements_by_closure;
use permlab::group::orbits_on_sets::OnWhat;
use permlab::{Perm, PermGroup, Puzzle};
use std::collections::{BTreeSet, HashSet};

fn g(n: usize, gens: &[&str]) -> PermGroup {
    PermGroup::new(n, gens.iter().map(|s| s.parse::<Perm>().unwrap()).collect())
}

fn small_groups() -> Vec<(&'static str, PermGroup)> {
    vec![
        ("S4", g(4, &["(1,2,3,4)", "(1,2)"])),
        ("A5", g(5, &["(1,2,3)", "(1,2,3,4,5)"])),
        ("D8", g(4, &["(1,2,3,4)", "(1,3)"])),
        ("S2 wr S3", g(6, &["(1,2)", "(1,3,5)(2,4,6)", "(1,3)(2,4)"])),
        ("S3 x C4", g(7, &["(1,2,3)", "(1,2)", "(4,5,6,7)"])),
        ("C3 with fixed points", g(5, &["(2,3,4)"])),
        ("trivial", g(3, &[])),
        ("M11", Puzzle::load("tests/data/m11.gens").unwrap().group()),
    ]
}

/// Every k-subset (sorted) or k-tuple of 0..n, independently of the library's ranks.
fn domain(n: usize, on: OnWhat) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![vec![]];
    let k = match on {
        OnWhat::Sets(k) | OnWhat::Tuples(k) => k,
    };
    for _ in 0..k {
        let mut next = Vec::new();
        for x in &out {
            for p in 0..n {
                let ok = match on {
                    OnWhat::Sets(_) => x.last().is_none_or(|&l| p > l),
                    OnWhat::Tuples(_) => true,
                };
                if ok {
                    let mut y = x.clone();
                    y.push(p);
                    next.push(y);
                }
            }
        }
        out = next;
    }
    out
}

fn act(x: &[usize], e: &Perm, on: OnWhat) -> Vec<usize> {
    let mut y: Vec<usize> = x.iter().map(|&p| e.image(p)).collect();
    if let OnWhat::Sets(_) = on {
        y.sort_unstable();
    }
    y
}

#[test]
fn orbits_on_sets_and_tuples_agree_with_brute_force() {
    for (name, grp) in small_groups() {
        let n = grp.degree();
        let elements = elements_by_closure(n, grp.generators());
        for on in [
            OnWhat::Sets(0),
            OnWhat::Sets(1),
            OnWhat::Sets(2),
            OnWhat::Sets(3),
            OnWhat::Tuples(1),
            OnWhat::Tuples(2),
            OnWhat::Tuples(3),
        ] {
            // brute force: the orbit of x is {x^e : e ∈ G}
            let mut want: BTreeSet<BTreeSet<Vec<usize>>> = BTreeSet::new();
            for x in domain(n, on) {
                want.insert(elements.iter().map(|e| act(&x, e, on)).collect());
            }
            let got = grp.orbits_on(on, 1_000_000).unwrap();
            let got_sets: BTreeSet<BTreeSet<Vec<usize>>> =
                got.iter().map(|o| o.iter().cloned().collect()).collect();
            assert_eq!(got_sets, want, "{name} on {on}");
            assert_eq!(got.len(), want.len(), "{name} on {on}: orbits repeated");
            // each orbit sorted, orbits by first element
            for o in &got {
                assert!(o.windows(2).all(|w| w[0] < w[1]), "{name} on {on}");
            }
            assert!(got.windows(2).all(|w| w[0][0] < w[1][0]), "{name} on {on}");
            // the action on each orbit: its image is the set of permutations that the
            // elements induce
            if on == OnWhat::Sets(0) {
                continue;
            }
            for o in &got {
                let image = grp.action_on_orbit_of(on, o).unwrap();
                let induced: HashSet<Vec<usize>> = elements
                    .iter()
                    .map(|e| {
                        o.iter()
                            .map(|x| o.binary_search(&act(x, e, on)).unwrap())
                            .collect()
                    })
                    .collect();
                assert_eq!(
                    image.order(),
                    induced.len().into(),
                    "{name} on an orbit of {on}"
                );
                for x in image.generators() {
                    let v: Vec<usize> = (0..o.len()).map(|i| x.image(i)).collect();
                    assert!(induced.contains(&v), "{name} on {on}: generator {x}");
                }
            }
        }
    }
}

#[test]
fn domain_limit_and_bad_orbits_are_errors() {
    let s4 = g(4, &["(1,2,3,4)", "(1,2)"]);
    // C(4, 2) = 6 and 4^3 = 64: a limit below the size is an error, at the size not
    assert!(s4.orbits_on(OnWhat::Sets(2), 5).is_err());
    assert_eq!(s4.orbits_on(OnWhat::Sets(2), 6).unwrap().len(), 1);
    assert!(s4.orbits_on(OnWhat::Tuples(3), 63).is_err());
    assert_eq!(s4.orbits_on(OnWhat::Tuples(3), 64).unwrap().len(), 5);
    // huge domains are refused before anything is allocated
    let big = Puzzle::builtin("cube3").unwrap().group();
    assert!(big.orbits_on(OnWhat::Tuples(20), u64::MAX).is_err());
    assert!(big.orbits_on(OnWhat::Sets(27), 1 << 40).is_err());
    // not closed, not sets, out of range, repeated
    let on = OnWhat::Sets(2);
    for bad in [
        vec![vec![0, 1]],
        vec![vec![0, 0]],
        vec![vec![0, 9]],
        vec![vec![0]],
        vec![vec![0, 1], vec![1, 0]],
    ] {
        assert!(s4.action_on_orbit_of(on, &bad).is_err(), "{bad:?}");
    }
}

#[test]
fn cli_orbits() {
    let (code, out, _) =
        crate::common::permlab(&["orbits", "tests/data/m11.gens", "--on", "sets:2", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // M11 is 2-transitive (one orbit of the 55 pairs)
    assert_eq!(v["count"], 1);
    assert_eq!(v["lengths"][0], 55);
    assert_eq!(v["orbits"][0][0], serde_json::json!([1, 2]));
    let (code, out, _) = crate::common::permlab(&["orbits", "cube2", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["on"], "points");
    for bad in [
        &["orbits", "cube3", "--on", "tuples:9"][..],
        &["orbits", "cube3", "--on", "pairs:2"],
    ] {
        let (code, _, err) = crate::common::permlab(bad);
        assert_eq!(code, 2, "{bad:?}");
        assert_eq!(err.lines().count(), 1, "{bad:?}: {err}");
    }
}
