//! Certificates (issue 12): `claim --certificate` and `verify`. Every certificate the
//! crate writes is accepted by the independent checker; tampered ones are rejected;
//! malformed files exit 2. A property test over a few hundred random groups reads the
//! proofs back: witnesses lie in the orbits the text names, invariants hold for every
//! generator and fail for the state, and every certificate verifies.

use permlab::certificate::check::check;
use permlab::certificate::{certify, Certificate};
use permlab::group::elements_by_closure;
use permlab::proof::{prove_for, Claim, Fact, Proof};
use permlab::{Layout, Move, Perm, PermGroup, Puzzle};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn cert_for(p: &Puzzle, claim: &Claim) -> (Proof, Certificate) {
    let g = p.group();
    let proof = prove_for(p, &g, claim);
    let cert = certify(p, &g, claim, &proof).unwrap();
    (proof, cert)
}

fn verifies(c: &Certificate) -> bool {
    let v = check(&c.to_json()).expect("well-formed");
    v.holds
}

#[test]
fn cube_order_certificate_verifies_and_tampering_is_rejected() {
    let p = Puzzle::builtin("cube3").unwrap();
    let (proof, cert) = cert_for(&p, &Claim::Order("43252003274489856000".parse().unwrap()));
    assert!(proof.holds && cert.holds);
    assert!(verifies(&cert));
    let chain = cert.chain.as_ref().expect("a chain");
    let product: u128 = chain.orbit_lengths.iter().map(|&l| l as u128).product();
    assert_eq!(product, 43252003274489856000);

    // one strong generator changed: multiplied by a generator
    let mut bad = cert.clone();
    let ch = bad.chain.as_mut().unwrap();
    let s = ch.strong_generators[ch.strong_generators.len() / 2];
    ch.lines[s].push((0, 1));
    assert!(!verifies(&bad));

    // one orbit length changed (and one compensating, so the product stays)
    let mut bad = cert.clone();
    let ch = bad.chain.as_mut().unwrap();
    ch.orbit_lengths[0] += 1;
    assert!(!verifies(&bad));
    let mut bad = cert.clone();
    let ch = bad.chain.as_mut().unwrap();
    let l = ch.orbit_lengths.len();
    ch.orbit_lengths.swap(0, l - 1);
    assert!(!verifies(&bad));

    // the verdict changed
    let mut bad = cert.clone();
    bad.holds = false;
    assert!(!verifies(&bad));
}

#[test]
fn witness_words_are_rechecked() {
    // S_1000 by Jordan: the witness transposition word
    let p = Puzzle::load(&data("s1000.gens")).unwrap();
    let (proof, cert) = cert_for(&p, &Claim::Symmetric);
    assert!(proof.holds);
    assert!(cert.jordan.is_some() && cert.chain.is_none());
    assert!(verifies(&cert));
    let mut bad = cert.clone();
    bad.words[0].word = format!("{} g2", bad.words[0].word);
    assert!(!verifies(&bad));
    // a word that is still a transposition but not the stated one
    let mut bad = cert.clone();
    bad.words[0].word = "g2^-1 g1 g2".into();
    assert!(!verifies(&bad));
    // the order claim: 1000! by the same argument
    let (proof, cert) = cert_for(&p, &Claim::Order(permlab::group::giant::factorial(1000)));
    assert!(proof.holds && verifies(&cert));

    // membership in a giant by the Jordan argument: a 3-cycle of S_1000, an odd state
    // of A_13
    let x = Perm::parse_cycles("(1,500,1000)", Some(1000)).unwrap();
    let (proof, cert) = cert_for(&p, &Claim::Reachable(x.to_state()));
    assert!(proof.holds && cert.jordan.is_some() && cert.chain.is_none());
    assert!(verifies(&cert));
    let t13 = Puzzle::builtin("turnstyle:13").unwrap();
    let y = Perm::parse_cycles("(1,2)", Some(13)).unwrap();
    let (proof, cert) = cert_for(&t13, &Claim::Reachable(y.to_state()));
    assert!(!proof.holds && cert.jordan.is_some());
    assert!(verifies(&cert));
    let mut bad = cert.clone();
    bad.holds = true;
    assert!(!verifies(&bad));

    // a reachable cube state with its (long) word
    let cube = Puzzle::builtin("cube3").unwrap();
    let x = cube.group().random_element(&mut StdRng::seed_from_u64(5));
    let (proof, cert) = cert_for(&cube, &Claim::Reachable(x.to_state()));
    assert!(proof.holds && verifies(&cert));
    let mut bad = cert.clone();
    bad.words[0].word = format!("U {}", bad.words[0].word);
    assert!(!verifies(&bad));
}

#[test]
fn unreachable_cube_state_certificate_sifts() {
    let cube = Puzzle::builtin("cube3").unwrap();
    let x = Perm::from_cycles(54, &[vec![8, 20, 27]]).unwrap(); // one corner twisted
    let (proof, cert) = cert_for(&cube, &Claim::Reachable(x.to_state()));
    assert!(!proof.holds && !cert.holds);
    assert!(verifies(&cert));
    let mut bad = cert.clone();
    bad.holds = true;
    assert!(!verifies(&bad));
}

#[test]
fn cli_writes_and_verifies_with_exit_codes() {
    let dir = std::env::temp_dir().join(format!("permlab-cert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("cube.json");
    let fs = f.to_str().unwrap();
    let (code, _, err) = crate::common::permlab(&[
        "claim",
        "cube3",
        "--order",
        "43252003274489856000",
        "--certificate",
        fs,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = crate::common::permlab(&["verify", fs]);
    assert_eq!(code, 0);
    assert!(out.contains("certificate verified: the claim is TRUE"));
    // tampered: exit 1
    let mut c: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
    c["chain"]["orbit_lengths"][2] = serde_json::json!(17);
    std::fs::write(&f, c.to_string()).unwrap();
    let (code, out, _) = crate::common::permlab(&["verify", fs]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("level 3"));
    // malformed: exit 2, one line naming the file
    for text in [
        "not json",
        "{\"format\": \"other\"}",
        &c.to_string().replace("\"chain\"", "\"chains\""),
    ] {
        std::fs::write(&f, text).unwrap();
        let (code, _, err) = crate::common::permlab(&["verify", fs]);
        assert_eq!(code, 2, "{text}");
        assert_eq!(err.lines().count(), 1);
        assert!(err.contains("cube.json"));
    }
    let mut c2 = c.clone();
    c2["chain"]["orbit_lengths"][2] = serde_json::json!(18);
    c2["chain"]["lines"][0] = serde_json::json!([[100000, 1]]);
    std::fs::write(&f, c2.to_string()).unwrap();
    let (code, _, err) = crate::common::permlab(&["verify", fs]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line 0"));
    let (code, _, _) = crate::common::permlab(&["verify", "/nonexistent/x.json"]);
    assert_eq!(code, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

fn random_perm(n: usize, rng: &mut StdRng) -> Perm {
    let mut v: Vec<u32> = (0..n as u32).collect();
    v.shuffle(rng);
    Perm::from_images(v).unwrap()
}

/// A permutation of `0..n` acting as `p` on the points `at[i]`.
fn placed(n: usize, p: &Perm, at: &[usize]) -> Perm {
    let mut img: Vec<u32> = (0..n as u32).collect();
    for (i, &x) in at.iter().enumerate() {
        img[x] = at[p.image(i)] as u32;
    }
    Perm::from_images(img).unwrap()
}

/// Random groups of several shapes: subgroups of the cube group, random small groups,
/// direct products, imprimitive (wreath-like) groups and products of giants.
fn random_puzzle(seed: u64) -> Puzzle {
    let mut rng = StdRng::seed_from_u64(seed);
    let kind = seed % 5;
    let (n, gens): (usize, Vec<Perm>) = match kind {
        0 => {
            let cube = Puzzle::builtin("cube3").unwrap();
            let cg = cube.generator_perms();
            let k = rng.random_range(1..=3);
            let gens = (0..k)
                .map(|_| {
                    let len = rng.random_range(1..=6);
                    (0..len).fold(Perm::identity(54), |a, _| {
                        &a * &cg[rng.random_range(0..cg.len())]
                    })
                })
                .collect();
            (54, gens)
        }
        1 => {
            let n = rng.random_range(2..=7);
            let k = rng.random_range(1..=2);
            (n, (0..k).map(|_| random_perm(n, &mut rng)).collect())
        }
        2 => {
            let (a, b) = (rng.random_range(2..=4), rng.random_range(2..=4));
            let n = a + b;
            let left: Vec<usize> = (0..a).collect();
            let right: Vec<usize> = (a..n).collect();
            let mut gens = vec![
                placed(n, &random_perm(a, &mut rng), &left),
                placed(n, &random_perm(b, &mut rng), &right),
            ];
            if rng.random_bool(0.5) {
                gens.push(&gens[0] * &gens[1]);
                gens.remove(0);
            }
            (n, gens)
        }
        3 => {
            let (size, blocks) = (rng.random_range(2..=3), rng.random_range(2..=3));
            let n = size * blocks;
            let within = placed(
                n,
                &random_perm(size, &mut rng),
                &(0..size).collect::<Vec<_>>(),
            );
            let across =
                Perm::from_images((0..n).map(|x| ((x + size) % n) as u32).collect()).unwrap();
            (n, vec![within, across])
        }
        _ => {
            let (a, b) = (rng.random_range(8..=10), rng.random_range(8..=9));
            let n = a + b;
            let ca = Perm::from_cycles(n, &[(0..a).collect()]).unwrap();
            let cb = Perm::from_cycles(n, &[(a..n).collect()]).unwrap();
            let t = Perm::from_cycles(n, &[vec![0, 1], vec![a, a + 1]]).unwrap();
            (n, vec![ca, cb, t])
        }
    };
    let moves = gens
        .into_iter()
        .enumerate()
        .map(|(i, perm)| Move {
            name: format!("g{}", i + 1),
            perm,
        })
        .collect();
    Puzzle::new(
        &format!("random{seed}"),
        n,
        moves,
        Vec::new(),
        Layout::Plain,
    )
}

fn check_proof(p: &Puzzle, g: &PermGroup, proof: &Proof, state: Option<&Perm>) {
    let orbits = g.orbits();
    for st in &proof.steps {
        match &st.fact {
            Fact::PrimeCycle { orbit, cycle, .. } => {
                assert!(orbits.contains(orbit));
                assert!(cycle.iter().all(|x| orbit.contains(x)));
            }
            Fact::WordValue { word, perm, .. } => {
                assert_eq!(&p.eval(&p.parse_word(word).unwrap()), perm);
            }
            Fact::Breaks(inv) => {
                let x = state.unwrap().extended(g.degree());
                assert!(inv.is_broken_by(g.generators(), &x));
            }
            _ => {}
        }
    }
}

#[test]
fn random_groups_read_back() {
    let mut certified = 0;
    for seed in 0..300u64 {
        let p = random_puzzle(seed);
        let g = p.group();
        let n = g.degree();
        let order = g.order();
        let mut rng = StdRng::seed_from_u64(seed + 1000);
        let inside = g.random_element(&mut rng);
        let anywhere = random_perm(n, &mut rng);
        // brute force on small groups: the order and membership
        if n <= 7 {
            let all = elements_by_closure(n, g.generators());
            assert_eq!(order, all.len().into(), "seed {seed}");
            assert_eq!(g.contains(&anywhere), all.contains(&anywhere));
        }
        let claims = [
            Claim::Symmetric,
            Claim::Alternating,
            Claim::Even,
            Claim::Order(order.clone()),
            Claim::Order(order.clone() + 1u32),
            Claim::Reachable(inside.to_state()),
            Claim::Reachable(anywhere.to_state()),
        ];
        for claim in &claims {
            let proof = prove_for(&p, &g, claim);
            let state = match claim {
                Claim::Reachable(s) => Some(Perm::from_state(s).unwrap()),
                _ => None,
            };
            check_proof(&p, &g, &proof, state.as_ref());
            // the LaTeX: ASCII, formulas never adjacent as `$$`, every `$` paired
            let tex = proof.render(permlab::proof::Format::Latex);
            assert!(tex.is_ascii() && !tex.contains("$$"), "{tex}");
            assert_eq!(tex.replace("\\$", "").matches('$').count() % 2, 0, "{tex}");
            if let Some(x) = &state {
                assert_eq!(proof.holds, g.contains(x), "seed {seed}");
            }
            let cert = certify(&p, &g, claim, &proof).unwrap();
            let v = check(&cert.to_json()).unwrap();
            assert!(v.holds, "seed {seed} {claim:?}: {}", v.message);
            certified += 1;
        }
    }
    assert_eq!(certified, 300 * 7);
}
