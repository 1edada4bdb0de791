//! Group orders, membership, ranking and factorization with exact expected values.

use num_bigint::BigUint;
use permlab::group::giant::factorial;
use permlab::{Perm, PermGroup, Puzzle};
use rand::rngs::StdRng;
use rand::SeedableRng;

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn group(spec: &str) -> PermGroup {
    Puzzle::load(spec)
        .unwrap_or_else(|e| panic!("{spec}: {e}"))
        .group()
}

fn big(s: &str) -> BigUint {
    s.parse().unwrap()
}

#[test]
fn rubiks_cube_on_54_stickers() {
    let g = group("cube3");
    assert_eq!(g.order(), big("43252003274489856000"));
    assert!(g.giants().is_none());
}

#[test]
fn cube2_ruf_and_cube3_ru() {
    assert_eq!(group(&data("cube2_ruf.gens")).order(), big("3674160"));
    assert_eq!(group(&data("cube3_ru.gens")).order(), big("73483200"));
}

#[test]
fn mathieu_groups() {
    for (n, order) in [
        (11, "7920"),
        (12, "95040"),
        (22, "443520"),
        (23, "10200960"),
        (24, "244823040"),
    ] {
        let g = group(&data(&format!("m{n}.gens")));
        assert_eq!(g.order(), big(order), "M{n}");
        assert!(g.is_transitive());
        assert!(!g.is_symmetric() && !g.is_alternating());
    }
}

#[test]
fn wreath_and_primitive_groups_from_gap() {
    // |S5 wr S6| = 120^6 * 720
    let w = group(&data("wreath_s5_s6.gens"));
    assert_eq!(w.order(), BigUint::from(120u32).pow(6) * 720u32);
    // |PSL(2,509)| = 509 (509^2 - 1) / 2
    let p = group(&data("psl2_509.gens"));
    assert_eq!(p.order(), BigUint::from(509u64 * (509 * 509 - 1) / 2));
}

#[test]
fn turnstyle_5_to_16() {
    for n in 4..=16usize {
        let g = group(&format!("turnstyle:{n}"));
        let o = g.order();
        match n {
            // n = 4: L = (1,2,3,4) and T = (1,2)(3,4) generate the dihedral group of order 8
            4 => assert_eq!(o, BigUint::from(8u32)),
            6 => assert_eq!(o, BigUint::from(120u32)),
            _ if n % 2 == 1 => {
                assert!(g.is_alternating(), "n = {n}");
                assert_eq!(o, factorial(n) / 2u32);
            }
            _ => {
                assert!(g.is_symmetric(), "n = {n}");
                assert_eq!(o, factorial(n));
            }
        }
    }
}

#[test]
fn nrp_special_cases() {
    assert_eq!(group("board:2x3:2").order(), BigUint::from(120u32));
    assert_eq!(group("board:3x4:3").order(), BigUint::from(720u32));
}

#[test]
fn s1000_has_2568_digits() {
    let g = group(&data("s1000.gens"));
    assert!(g.giants().is_some());
    let o = g.order();
    assert_eq!(o, factorial(1000));
    assert_eq!(o.to_string().len(), 2568);
    assert!(g.is_symmetric());
}

#[test]
fn random_two_generator_giants() {
    let s = group(&data("s100_random.gens"));
    assert_eq!(s.order(), factorial(100));
    assert!(s.is_symmetric());
    let a = group(&data("a101_random.gens"));
    assert_eq!(a.order(), factorial(101) / 2u32);
    assert!(a.is_alternating());
}

#[test]
fn board_20x20_5_is_a_product_of_giants() {
    let g = group("board:20x20:5");
    let gi = g.giants().expect("recognised");
    assert_eq!(gi.orbits.len(), 2);
    // 5x5 turns keep the checkerboard colour: two classes of 200, each A_200 or S_200
    assert_eq!(g.orbit_lengths(), vec![200, 200]);
    let f = factorial(200) / 2u32;
    assert_eq!(g.order() % (&f * &f), BigUint::from(0u32));
}

#[test]
fn giants_agree_with_schreier_sims() {
    // Turnstyle 9..12 and the 6x6 board with 3x3 blocks: the order proved by Jordan's
    // theorem equals the order of a chain built by the deterministic algorithm.
    for spec in ["turnstyle:9", "turnstyle:12", "board:6x6:3", "board:5x6:2"] {
        let p = Puzzle::load(spec).unwrap();
        let g = p.group();
        assert!(g.giants().is_some(), "{spec}");
        let c = permlab::group::Chain::build(p.degree(), &p.generator_perms(), &[], None);
        assert_eq!(g.order(), c.order(), "{spec}");
    }
}

#[test]
fn membership_of_cube_states() {
    let g = group("cube3");
    let p = Puzzle::builtin("cube3").unwrap();
    let w = p.parse_word("R U R' U' F2 D B'").unwrap();
    let x = p.eval(&w);
    assert!(g.contains(&x));
    // a single corner twist is not reachable: swap two stickers of one corner
    let bad = &x * &Perm::from_cycles(54, &[vec![0, 9]]).unwrap();
    assert!(!g.contains(&bad));
}

#[test]
fn rank_unrank_on_cube2() {
    let g = group(&data("cube2_ruf.gens"));
    let n = g.order_u128().unwrap();
    let mut rng = StdRng::seed_from_u64(7);
    for r in [0u128, 1, n / 3, n - 1] {
        let x = g.unrank(r).unwrap();
        assert!(g.contains(&x));
        assert_eq!(g.rank(&x), Some(r));
    }
    for _ in 0..200 {
        let x = g.random_element(&mut rng);
        let r = g.rank(&x).unwrap();
        assert!(r < n);
        assert_eq!(g.unrank(r).unwrap(), x);
    }
    assert_eq!(g.rank(&Perm::identity(24)), Some(0));
    assert!(g.unrank(n).is_err() && g.unrank(u128::MAX).is_err());
}

#[test]
fn factor_words_evaluate_to_the_element() {
    for spec in ["cube3", "board:4x4:3", "turnstyle:12"] {
        let p = Puzzle::load(spec).unwrap();
        let g = p.group();
        let mut rng = StdRng::seed_from_u64(11);
        for _ in 0..5 {
            let x = g.random_element(&mut rng);
            let letters = g.factor(&x).expect("member");
            let w = permlab::Word::from_letters(p.generator_names().into(), &letters);
            assert_eq!(w.eval(&p.generator_perms()), x, "{spec}");
        }
    }
    let g = group("cube3");
    let odd = Perm::from_cycles(54, &[vec![0, 2]]).unwrap();
    assert_eq!(g.factor(&odd), None);
}

#[test]
fn pointwise_stabilizer_of_nokia_3x3_cells() {
    // seed 004: the moves of the 3x3 board with 2x2 blocks that keep cells 1..4 fixed
    let g = group("board:3x3:2");
    assert_eq!(g.order(), factorial(9));
    let s = g.pointwise_stabilizer(&[0, 1, 2, 3]);
    assert_eq!(s.order(), factorial(5));
    for h in s.generators() {
        assert!((0..4).all(|i| h.image(i) == i));
    }
}

/// The pointwise stabilizer of a recognised giant (two generators, no chain) against
/// the stabilizer chain of the same group with the points as the first base points.
#[test]
fn giant_pointwise_stabilizers_agree_with_the_chain() {
    for spec in [
        "turnstyle:9",
        "turnstyle:10",
        "turnstyle:11",
        "turnstyle:12",
    ] {
        let g = group(spec);
        assert!(g.giants().is_some(), "{spec}");
        let n = g.degree();
        for fixed in [
            vec![0],
            vec![1, 4],
            vec![0, 2, 5, 7],
            (0..n - 2).collect(),
            (0..n - 1).collect(),
            (0..n).collect::<Vec<_>>(),
        ] {
            let h = g.pointwise_stabilizer(&fixed);
            // the same subgroup from a stabilizer chain with the points as its first base
            // points (Schreier–Sims, no giant recognition)
            let chain = permlab::group::Chain::build(n, g.generators(), &fixed, None);
            let k = fixed.len().min(chain.levels().len());
            assert_eq!(h.order(), chain.tail(k).order(), "{spec} fixing {fixed:?}");
            for x in h.generators() {
                assert!(fixed.iter().all(|&p| x.image(p) == p), "{spec}: {x}");
                assert!(g.contains(x), "{spec}: {x} is not in G");
            }
            let rest = n - fixed.len();
            let expected = if g.is_symmetric() || rest < 2 {
                factorial(rest)
            } else {
                factorial(rest) / 2u32
            };
            assert_eq!(h.order(), expected, "{spec} fixing {fixed:?}");
        }
    }
}

/// `|PSL(d, p)| = p^{d(d-1)/2} ∏_{i=2..d} (p^i − 1) / gcd(d, p − 1)` and
/// `|AGL(d, p)| = p^d ∏_{i=0..d-1} (p^d − p^i)`.
fn psl_order(d: u32, p: u64) -> BigUint {
    let p = BigUint::from(p);
    let mut o = p.pow(d * (d - 1) / 2);
    for i in 2..=d {
        o *= p.pow(i) - 1u32;
    }
    let q1: u64 = (&p - 1u32).try_into().unwrap();
    let g = (1..=d as u64)
        .rev()
        .find(|&k| (d as u64).is_multiple_of(k) && q1.is_multiple_of(k))
        .unwrap();
    o / g
}

fn agl_order(d: u32, p: u64) -> BigUint {
    let p = BigUint::from(p);
    let pd = p.pow(d);
    (0..d).fold(pd.clone(), |o, i| o * (&pd - p.pow(i)))
}

#[test]
fn sims_and_block_verification_agree_with_the_schreier_generator_test() {
    // Sims' test (group::verify_sgs) forced on every level, and the block test
    // (group::verify_blocks) on every level with a proper block, after regenerations
    // that leave the levels nearly or entirely without generators, against orders
    // known by formula and against the Schreier-generator test on random groups
    use permlab::group::{Chain, ChainOptions};
    let strategies = [
        ChainOptions::default(),
        ChainOptions::regenerating(1, 1).with_sims_verify(Some(0)),
        ChainOptions::regenerating(0, 0).with_sims_verify(Some(0)),
        ChainOptions::PLAIN.with_sims_verify(Some(0)),
        ChainOptions::regenerating(1, 1)
            .with_sims_verify(None)
            .with_blocks_verify(Some(0)),
        ChainOptions::regenerating(0, 0)
            .with_sims_verify(None)
            .with_blocks_verify(Some(0)),
        ChainOptions::PLAIN.with_blocks_verify(Some(0)),
    ];
    let families = permlab::group::families::projective_special_linear;
    let mut cases: Vec<(String, PermGroup, BigUint)> = Vec::new();
    for (d, q) in [(2, 7), (2, 13), (3, 3), (3, 5), (3, 7), (4, 2), (4, 3)] {
        cases.push((
            format!("PSL({d},{q})"),
            families(d, q).unwrap(),
            psl_order(d as u32, q),
        ));
    }
    for (d, p) in [
        (2, 3),
        (3, 2),
        (3, 3),
        (4, 2),
        (5, 2),
        (2, 5),
        (3, 5),
        (2, 7),
    ] {
        let g = permlab::group::families::affine_general_linear(d, p).unwrap();
        cases.push((format!("AGL({d},{p})"), g, agl_order(d as u32, p)));
    }
    for (n, k) in [(7, 2), (8, 3), (9, 4)] {
        let s = permlab::group::families::symmetric(n).unwrap();
        let g = permlab::group::families::on_subsets(&s, k).unwrap();
        cases.push((format!("S{n} on {k}-sets"), g, factorial(n)));
    }
    // GAP's orders (tests/data/gap_orders.txt)
    for (spec, o) in [
        ("cube2", "88179840"),
        ("pyraminx", "75582720"),
        ("skewb", "3149280"),
        ("floppy", "192"),
        ("board:3x3:2", "362880"),
    ] {
        cases.push((spec.to_string(), group(spec), big(o)));
    }
    let m11 = group(&data("m11.gens"));
    let m11_3 = permlab::group::families::on_subsets(&m11, 3).unwrap();
    cases.push(("M11 on 3-sets".into(), m11_3, BigUint::from(7920u32)));
    for (name, g, order) in &cases {
        for s in strategies {
            let c = Chain::build_with(g.degree(), g.generators(), &[], None, s);
            assert_eq!(&c.order(), order, "{name} {s:?}");
        }
    }
    // random groups: several orbits, products of random permutations of the
    // orbits, compared with the Schreier-generator test (an independent check)
    let mut rng = StdRng::seed_from_u64(19);
    for case in 0..60 {
        use rand::seq::SliceRandom;
        use rand::Rng;
        let n = 6 + case % 19;
        let split = rng.random_range(1..n);
        let gens: Vec<Perm> = (0..2 + case % 2)
            .map(|_| {
                let mut a: Vec<u32> = (0..split as u32).collect();
                let mut b: Vec<u32> = (split as u32..n as u32).collect();
                a.shuffle(&mut rng);
                if case % 3 == 0 {
                    // an imprimitive action on the second orbit: blocks of 2
                    b.sort_unstable();
                } else {
                    b.shuffle(&mut rng);
                }
                a.extend(b);
                Perm::from_images(a).unwrap()
            })
            .collect();
        let plain = Chain::build_with(n, &gens, &[], None, ChainOptions::PLAIN);
        for s in strategies {
            let c = Chain::build_with(n, &gens, &[], None, s);
            assert_eq!(c.order(), plain.order(), "{gens:?} {s:?}");
        }
    }
    // random imprimitive groups: m blocks of k points (point k·i + j is point j of
    // block i), each generator a random permutation of the blocks composed with a
    // random permutation inside each block; some blocks fixed pointwise by some
    // generators, so that the groups are not always the whole wreath product
    for case in 0..60 {
        use rand::seq::SliceRandom;
        use rand::Rng;
        let (k, m) = (2 + case % 4, 2 + case % 5);
        let n = k * m;
        let gens: Vec<Perm> = (0..2 + case % 2)
            .map(|_| {
                let mut blocks: Vec<usize> = (0..m).collect();
                blocks.shuffle(&mut rng);
                let mut images = vec![0u32; n];
                for (i, &bi) in blocks.iter().enumerate() {
                    let mut inside: Vec<usize> = (0..k).collect();
                    if rng.random_bool(0.7) {
                        inside.shuffle(&mut rng);
                    }
                    for (j, &t) in inside.iter().enumerate() {
                        images[k * i + j] = (k * bi + t) as u32;
                    }
                }
                Perm::from_images(images).unwrap()
            })
            .collect();
        let plain = Chain::build_with(n, &gens, &[], None, ChainOptions::PLAIN);
        if plain.order() <= BigUint::from(50_000u32) {
            let closure = permlab::group::elements_by_closure(n, &gens).len();
            assert_eq!(plain.order(), BigUint::from(closure), "{gens:?}");
        }
        for s in strategies {
            let c = Chain::build_with(n, &gens, &[], None, s);
            assert_eq!(c.order(), plain.order(), "{gens:?} {s:?}");
        }
    }
}
