//! The seed claims, decided and rendered; every verdict asserted.

use permlab::proof::invariant::smallest_block_system;
use permlab::proof::{prove, Basis, Claim, Fact, Format, Invariant, HAND_LETTERS};
use permlab::{Perm, Puzzle};

fn puzzle(spec: &str) -> Puzzle {
    Puzzle::load(spec).unwrap()
}

fn all_formats(p: &permlab::proof::Proof) -> [String; 3] {
    [
        p.render(Format::Text),
        p.render(Format::Markdown),
        p.render(Format::Latex),
    ]
}

#[test]
fn seed_002_turnstyle_12_generates_s12() {
    let p = puzzle("turnstyle:12");
    let proof = prove(&p, &Claim::Symmetric);
    assert!(proof.holds);
    let [text, md, tex] = all_formats(&proof);
    assert!(text.contains("[TRUE]") && text.contains("479001600"));
    assert!(text.contains("a transposition"));
    assert!(md.contains("$S_{12}$"));
    assert!(tex.contains("\\begin{enumerate}") && tex.contains("\\textbf{TRUE}"));
    // the argument names its kinds of evidence
    for b in [Basis::Hand, Basis::Theorem, Basis::Computation] {
        assert!(proof.steps.iter().any(|s| s.basis == b));
    }
    // the seed's own transposition word
    let w = p
        .parse_word("L T L (T L L L T R) (R R T L L) (T L L L T R)^3 T L")
        .unwrap();
    assert_eq!(p.eval(&w).to_string(), "(1,2)");
}

#[test]
fn turnstyle_parities() {
    // odd n: all generators even and the group is A_n
    let p = puzzle("turnstyle:13");
    assert!(prove(&p, &Claim::Alternating).holds);
    assert!(prove(&p, &Claim::Even).holds);
    assert!(!prove(&p, &Claim::Symmetric).holds);
    // n = 6: not S_6 (order 120), and the proof says so
    let p6 = puzzle("turnstyle:6");
    let proof = prove(&p6, &Claim::Symmetric);
    assert!(!proof.holds);
    assert!(proof
        .render(Format::Text)
        .contains("the order is 120, not 720"));
    assert!(prove(&p6, &Claim::Order(120u32.into())).holds);
}

#[test]
fn seed_000_special_cases() {
    let p = puzzle("board:2x3:2");
    assert!(prove(&p, &Claim::Order(120u32.into())).holds);
    assert!(!prove(&p, &Claim::Order(720u32.into())).holds);
    assert!(!prove(&p, &Claim::Symmetric).holds);
    let q = puzzle("board:3x4:3");
    assert!(prove(&q, &Claim::Order(720u32.into())).holds);
    assert!(prove(&q, &Claim::Even).holds);
}

#[test]
fn unreachable_states_name_their_invariant() {
    let p = puzzle("board:4x4:3");
    // swap cells 1 and 2: different colours
    let s = Perm::parse_cycles("(1,2)", Some(16)).unwrap().to_state();
    let proof = prove(&p, &Claim::Reachable(s));
    assert!(!proof.holds);
    assert!(proof.render(Format::Text).contains("orbit invariant"));
    // swap cells 1 and 3: same colour, odd permutation
    let s = Perm::parse_cycles("(1,3)", Some(16)).unwrap().to_state();
    let proof = prove(&p, &Claim::Reachable(s));
    assert!(!proof.holds);
    assert!(proof.render(Format::Text).contains("parity invariant"));
    // a 3-cycle of one colour is reachable, with a word that reaches it
    let x = Perm::parse_cycles("(1,3,6)", Some(16)).unwrap();
    let proof = prove(&p, &Claim::Reachable(x.to_state()));
    assert!(proof.holds);
    assert!(proof.render(Format::Text).contains("reaches the state"));
    // the 2x3 board: an odd state that no parity or orbit excludes fails by sifting
    let q = puzzle("board:2x3:2");
    let g = q.group();
    let y = Perm::parse_cycles("(1,2)", Some(6)).unwrap();
    assert!(!g.contains(&y));
    let proof = prove(&q, &Claim::Reachable(y.to_state()));
    assert!(!proof.holds);
    assert!(proof.render(Format::Text).contains("sifting"));
}

#[test]
fn seed_004_stabilizer_of_cells_9_to_12_is_s8() {
    let p = puzzle("nokia-rect");
    let claim = Claim::StabilizerSymmetric {
        fixed: (8..12).collect(),
        on: (0..8).collect(),
    };
    let proof = prove(&p, &claim);
    assert!(proof.holds);
    assert!(proof.render(Format::Text).contains("order 40320"));
    // a set the stabilizer does not map onto itself: false, not a panic
    let claim = Claim::StabilizerSymmetric {
        fixed: (8..12).collect(),
        on: (0..7).collect(),
    };
    assert!(!prove(&p, &claim).holds);
    // Turnstyle 6 is PGL(2,5), sharply 3-transitive: fixing point 1 leaves a group of
    // order 20 on the other five points, not S_5
    let q = puzzle("turnstyle:6");
    let claim = Claim::StabilizerSymmetric {
        fixed: vec![0],
        on: (1..6).collect(),
    };
    let proof = prove(&q, &claim);
    assert!(!proof.holds);
    assert!(proof.render(Format::Text).contains("has order 20"));
}

#[test]
fn giant_proofs_cite_jordan() {
    let p = Puzzle::load(&format!(
        "{}/tests/data/s1000.gens",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let proof = prove(&p, &Claim::Order(permlab::group::giant::factorial(1000)));
    assert!(proof.holds);
    let text = proof.render(Format::Text);
    assert!(text.contains("Jordan"));
    assert!(text.contains("is prime and 1000/2 <"));
}

#[test]
fn latex_escapes_text() {
    let p = puzzle("cube3");
    let proof = prove(&p, &Claim::Even);
    assert!(!proof.holds);
    let tex = proof.render(Format::Latex);
    assert!(tex.contains("\\texttt{"));
    assert!(!tex.contains('⟨'));
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Every checkable fact of a proof re-checked against the group: witness cycles lie in
/// the orbit their sentence names (an orbit of the group), words evaluate to the
/// permutations stated, only short words are "by hand", invariants hold for every
/// generator and fail for the state.
fn check_facts(p: &Puzzle, proof: &permlab::proof::Proof, state: Option<&Perm>) {
    let g = p.group();
    let orbits = g.orbits();
    for st in &proof.steps {
        assert_eq!(st.basis, st.fact.basis());
        match &st.fact {
            Fact::PrimeCycle {
                orbit,
                prime,
                cycle,
            } => {
                assert!(orbits.contains(orbit), "{orbit:?} is an orbit");
                assert_eq!(cycle.len(), *prime);
                assert!(
                    cycle.iter().all(|x| orbit.contains(x)),
                    "{cycle:?} in {orbit:?}"
                );
                assert!(2 * prime > orbit.len() && prime + 3 <= orbit.len());
            }
            Fact::Orbits { orbits: os } => {
                let nontrivial: Vec<Vec<usize>> =
                    orbits.iter().filter(|o| o.len() > 1).cloned().collect();
                assert_eq!(os, &nontrivial);
            }
            Fact::WordValue {
                word,
                letters,
                perm,
                ..
            } => {
                let w = p.parse_word(word).unwrap();
                assert_eq!(w.letter_count(), *letters);
                assert_eq!(&p.eval(&w), perm);
                assert_eq!(st.basis == Basis::Hand, *letters <= HAND_LETTERS);
            }
            Fact::Breaks(inv) => {
                let x = state.expect("invariants are about a state");
                assert!(inv.is_broken_by(g.generators(), &x.extended(g.degree())));
                assert!(!g.contains(x));
            }
            Fact::SiftFailure {
                levels,
                stop,
                moved,
            } => {
                assert_eq!(*levels, g.chain().levels().len());
                if let Some((l, b, _, len)) = stop {
                    assert!(l < levels && *b < g.degree());
                    assert_eq!(g.chain().levels()[*l].orbit().len(), *len);
                } else {
                    let (x, y) = moved.expect("a moved point");
                    assert!(x != y && x < g.degree() && y < g.degree());
                }
            }
            Fact::BaseAndOrbits { base, lengths } => {
                assert_eq!(base, &g.base());
                assert_eq!(lengths, &g.basic_orbit_lengths());
            }
            _ => {}
        }
    }
    for f in [Format::Text, Format::Markdown, Format::Latex] {
        let text = proof.render(f);
        assert!(
            !text.contains("point 0") && !text.contains("level 0"),
            "{text}"
        );
    }
}

#[test]
fn witness_cycles_come_from_the_orbit_they_name() {
    // issue 12: <(1..9), (10..18), (1,2)(10,11)>; orbit 2's 5-cycle was taken from orbit 1
    let p = puzzle(&data("two_orbits_9.gens"));
    let order = permlab::group::giant::factorial(9).pow(2u32) / 2u32;
    let proof = prove(&p, &Claim::Order(order));
    assert!(proof.holds);
    let cycles: Vec<(&Vec<usize>, &Vec<usize>)> = proof
        .steps
        .iter()
        .filter_map(|s| match &s.fact {
            Fact::PrimeCycle { orbit, cycle, .. } => Some((orbit, cycle)),
            _ => None,
        })
        .collect();
    assert_eq!(cycles.len(), 2);
    assert_eq!(cycles[0].0, &(0..9).collect::<Vec<_>>());
    assert_eq!(cycles[1].0, &(9..18).collect::<Vec<_>>());
    check_facts(&p, &proof, None);
    let text = proof.render(Format::Text);
    assert!(text.contains("On the orbit of position 10 (9 points)"));
}

/// The facelets of the cube corner holding facelet 9 (a minimal block of the group).
fn corner_of_9(p: &Puzzle) -> Vec<usize> {
    let g = p.group();
    let orbit = g.orbits().into_iter().find(|o| o.contains(&8)).unwrap();
    let blocks = smallest_block_system(g.degree(), g.generators(), &orbit).unwrap();
    blocks.into_iter().find(|b| b.contains(&8)).unwrap()
}

#[test]
fn cube_corner_twisted_in_place_breaks_the_twist_sum() {
    let p = puzzle("cube3");
    let corner = corner_of_9(&p);
    assert_eq!(corner, vec![8, 20, 27]); // facelets 9, 21, 28
    let g = p.group();
    let mut sums = Vec::new();
    for cyc in [vec![8, 20, 27], vec![8, 27, 20]] {
        let x = Perm::from_cycles(54, &[cyc]).unwrap();
        assert!(!g.contains(&x));
        let proof = prove(&p, &Claim::Reachable(x.to_state()));
        assert!(!proof.holds);
        check_facts(&p, &proof, Some(&x));
        let text = proof.render(Format::Text);
        assert!(
            text.contains("the twists of the blocks must sum to 0 mod 3"),
            "{text}"
        );
        assert!(text.contains("unreachable (orientation invariant)"));
        match &proof.steps[0].fact {
            Fact::Breaks(inv @ Invariant::Orientation { generators, .. }) => {
                assert!(generators.iter().all(|(_, s)| *s == 0));
                let (d, s) = inv.orientation_sums().unwrap();
                assert_eq!(d, 3);
                assert!(text.contains(&format!("sum to {s}.")));
                sums.push(s);
            }
            f => panic!("not an orientation: {f:?}"),
        }
    }
    sums.sort();
    assert_eq!(sums, vec![1, 2]);
    // facelets 9 and 1 of two corners swapped: the corner blocks are broken
    let y = Perm::from_cycles(54, &[vec![8, 0]]).unwrap();
    let proof = prove(&p, &Claim::Reachable(y.to_state()));
    check_facts(&p, &proof, Some(&y));
    assert!(proof.render(Format::Text).contains("block invariant"));
    // two facelets of one corner swapped: blocks kept, odd on the facelets but even on
    // the corners, while every quarter turn is odd on both
    let z = Perm::from_cycles(54, &[vec![8, 20]]).unwrap();
    let proof = prove(&p, &Claim::Reachable(z.to_state()));
    check_facts(&p, &proof, Some(&z));
    assert!(proof.render(Format::Text).contains("parity invariant"));
}

#[test]
fn cube_edge_swap_breaks_a_parity_on_blocks() {
    // two edges swapped, everything else solved: even on facelets, odd on edge pieces
    let p = puzzle("cube3");
    let g = p.group();
    let orbit = g.orbits().into_iter().find(|o| o.contains(&1)).unwrap();
    let edges = smallest_block_system(g.degree(), g.generators(), &orbit).unwrap();
    assert_eq!(edges.len(), 12);
    let (e, f) = (&edges[0], &edges[1]);
    let x = Perm::from_cycles(54, &[vec![e[0], f[0]], vec![e[1], f[1]]]).unwrap();
    assert!(!g.contains(&x));
    let proof = prove(&p, &Claim::Reachable(x.to_state()));
    check_facts(&p, &proof, Some(&x));
    let text = proof.render(Format::Text);
    assert!(text.contains("parity invariant"), "{text}");
    assert!(text.contains("the permutation of the 12 blocks of 2 points"));
}

#[test]
fn sifting_failure_names_a_level_that_exists_in_1_based_points() {
    let q = puzzle("board:2x3:2");
    let y = Perm::parse_cycles("(1,2)", Some(6)).unwrap();
    let proof = prove(&q, &Claim::Reachable(y.to_state()));
    assert!(!proof.holds);
    assert!(matches!(proof.steps[0].fact, Fact::SiftFailure { .. }));
    check_facts(&q, &proof, Some(&y));
}

#[test]
fn trivial_group_is_symmetric_and_alternating() {
    let p = puzzle(&data("trivial.gens"));
    let g = p.group();
    assert!(g.is_symmetric() && g.is_alternating());
    for claim in [Claim::Symmetric, Claim::Alternating] {
        let proof = prove(&p, &claim);
        assert!(proof.holds, "{claim:?}");
        assert!(proof.render(Format::Text).contains("S_0 = A_0"));
    }
    assert!(prove(&p, &Claim::Order(1u32.into())).holds);
    let (code, out, _) = crate::common::permlab(&["group", &data("trivial.gens"), "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["is_symmetric"], true);
    assert_eq!(v["is_alternating"], true);
    for flag in ["--symmetric", "--alternating"] {
        let (code, _, _) = crate::common::permlab(&["claim", &data("trivial.gens"), flag]);
        assert_eq!(code, 0, "{flag}");
    }
}

#[test]
fn long_words_are_not_by_hand() {
    // a random cube state: its Minkwitz word is far longer than a person checks
    use rand::{rngs::StdRng, SeedableRng};
    let p = puzzle("cube3");
    let g = p.group();
    let x = g.random_element(&mut StdRng::seed_from_u64(12));
    let proof = prove(&p, &Claim::Reachable(x.to_state()));
    assert!(proof.holds);
    check_facts(&p, &proof, Some(&x));
    let (basis, letters) = proof
        .steps
        .iter()
        .find_map(|s| match &s.fact {
            Fact::WordValue { letters, .. } => Some((s.basis, *letters)),
            _ => None,
        })
        .expect("a word");
    assert!(letters > HAND_LETTERS);
    assert_eq!(basis, Basis::Computation);
    // the text names a certificate only when one is written
    let alone = proof.render(Format::Text);
    assert!(
        alone.contains("add --certificate FILE to write it"),
        "{alone}"
    );
    assert!(!alone.contains("see the certificate"), "{alone}");
    assert!(!alone.contains("written in the certificate"), "{alone}");
    let beside = proof.render_with_certificate(Format::Text, "c.json");
    assert!(
        beside.contains("written in the certificate c.json"),
        "{beside}"
    );
    assert!(beside.contains("rests on computation: see the certificate"));
    assert!(!beside.contains("add --certificate"));
}

/// Every proof-producing command, run with and without `--certificate`: without, no
/// sentence mentions a written certificate; with, the file exists, `verify` accepts
/// it (for a false claim too: it certifies the disproof), and a sentence about it
/// names it.
#[test]
fn sentences_name_a_certificate_only_when_one_is_written() {
    use rand::{rngs::StdRng, SeedableRng};
    let p = puzzle("cube3");
    let x = p.group().random_element(&mut StdRng::seed_from_u64(12));
    let cycles = x.to_string();
    let labels: Vec<String> = x.to_state().iter().map(|l| (l + 1).to_string()).collect();
    let state = labels.join(",");
    let dir = std::env::temp_dir().join(format!("permlab-sentences-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec!["contains", "cube3", "--cycles", &cycles],
        vec!["claim", "cube3", "--reachable", &state],
        vec!["claim", "cube3", "--order", "43252003274489856000"],
        vec!["claim", "cube3", "--even"],
        vec!["claim", "turnstyle:12", "--symmetric"],
        vec!["claim", "turnstyle:12", "--alternating"],
    ];
    for (i, args) in commands.iter().enumerate() {
        let (_, alone, _) = crate::common::permlab(args);
        assert!(!alone.is_empty(), "{args:?}");
        assert!(!alone.contains("see the certificate"), "{args:?}: {alone}");
        assert!(
            !alone.contains("written in the certificate"),
            "{args:?}: {alone}"
        );
        let file = dir.join(format!("c{i}.json"));
        let name = file.display().to_string();
        let mut with = args.clone();
        with.extend(["--certificate", &name]);
        let (_, beside, err) = crate::common::permlab(&with);
        assert!(file.exists(), "{args:?}: {err}");
        let (code, _, _) = crate::common::permlab(&["verify", &name]);
        assert_eq!(code, 0, "{args:?}: verify");
        assert!(!beside.contains("add --certificate"), "{args:?}: {beside}");
        if beside.contains("written in the certificate") {
            assert!(beside.contains(&format!("written in the certificate {name}")));
        }
    }
    // the first two carry the long word: named with the file, or how to write it
    let (_, alone, _) = crate::common::permlab(&commands[0]);
    assert!(
        alone.contains("add --certificate FILE to write it"),
        "{alone}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// LaTeX that is valid by construction: ASCII only, braces balanced (escaped ones
/// aside), every `$…$` closed on its line and never `$$`, environments nested.
fn check_latex(tex: &str) {
    assert!(tex.is_ascii(), "non-ASCII: {tex}");
    assert!(!tex.contains("$$"), "{tex}");
    let mut envs: Vec<String> = Vec::new();
    for line in tex.lines() {
        let b = line.as_bytes();
        let (mut depth, mut math, mut i) = (0i32, false, 0);
        while i < b.len() {
            match b[i] {
                b'\\' => {
                    let start = i + 1;
                    let mut j = start;
                    while j < b.len() && b[j].is_ascii_alphabetic() {
                        j += 1;
                    }
                    let name = &line[start..j];
                    if name == "begin" || name == "end" {
                        let close = line[j..].find('}').unwrap() + j;
                        let env = line[j + 1..close].to_string();
                        if name == "begin" {
                            envs.push(env);
                        } else {
                            assert_eq!(envs.pop().as_deref(), Some(env.as_str()));
                        }
                    }
                    i = if j == start { start + 1 } else { j };
                    continue;
                }
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    assert!(depth >= 0, "unbalanced: {line}");
                }
                b'$' => math = !math,
                b'_' | b'^' => assert!(math, "{} outside math: {line}", b[i] as char),
                b'#' | b'%' | b'&' | b'~' => panic!("unescaped {}: {line}", b[i] as char),
                _ => {}
            }
            i += 1;
        }
        assert_eq!(depth, 0, "unbalanced: {line}");
        assert!(!math, "math not closed: {line}");
    }
    assert!(envs.is_empty());
}

#[test]
fn latex_is_ascii_math_mode_and_balanced() {
    let cube = puzzle("cube3");
    let twisted = Perm::from_cycles(54, &[vec![8, 20, 27]]).unwrap();
    let cases: Vec<(Puzzle, Claim)> = vec![
        (puzzle("turnstyle:12"), Claim::Symmetric),
        (puzzle("turnstyle:13"), Claim::Alternating),
        (puzzle("turnstyle:13"), Claim::Even),
        (puzzle("turnstyle:6"), Claim::Symmetric),
        (
            puzzle("board:4x4:3"),
            Claim::Reachable(Perm::parse_cycles("(1,2)", Some(16)).unwrap().to_state()),
        ),
        (
            puzzle("board:4x4:3"),
            Claim::Reachable(Perm::parse_cycles("(1,3)", Some(16)).unwrap().to_state()),
        ),
        (
            puzzle("board:2x3:2"),
            Claim::Reachable(Perm::parse_cycles("(1,2)", Some(6)).unwrap().to_state()),
        ),
        (
            puzzle("nokia-rect"),
            Claim::StabilizerSymmetric {
                fixed: (8..12).collect(),
                on: (0..8).collect(),
            },
        ),
        (
            cube.clone(),
            Claim::Order("43252003274489856000".parse().unwrap()),
        ),
        (cube.clone(), Claim::Reachable(twisted.to_state())),
        (cube.clone(), Claim::Even),
        (
            puzzle(&data("two_orbits_9.gens")),
            Claim::Order(65840947200u64.into()),
        ),
        (puzzle(&data("two_orbits_9.gens")), Claim::Symmetric),
        (puzzle(&data("trivial.gens")), Claim::Alternating),
        (puzzle(&data("wreath_s5_s6.gens")), Claim::Symmetric),
        (
            puzzle(&data("s1000.gens")),
            Claim::Order(permlab::group::giant::factorial(1000)),
        ),
    ];
    for (p, claim) in &cases {
        let proof = prove(p, claim);
        let tex = proof.render(Format::Latex);
        check_latex(&tex);
        // long integers can break: no run of more than three digits outside literals
        let digits = tex
            .split(|c: char| !c.is_ascii_digit())
            .map(str::len)
            .max()
            .unwrap_or(0);
        if !matches!(claim, Claim::StabilizerSymmetric { .. }) {
            assert!(digits <= 11, "{claim:?}: a run of {digits} digits");
        }
    }
}

#[test]
fn megaminx_corner_twisted_in_place_breaks_the_twist_sum() {
    // issue 12: the Megaminx gave "level 49"; its pieces are found as blocks
    let p = puzzle(&data("megaminx.gens"));
    let g = p.group();
    let systems: Vec<Vec<Vec<usize>>> = g
        .orbits()
        .iter()
        .filter(|o| o.len() > 1)
        .map(|o| smallest_block_system(g.degree(), g.generators(), o).unwrap())
        .collect();
    let corners = systems.iter().find(|s| s[0].len() == 3).unwrap();
    let edges = systems.iter().find(|s| s[0].len() == 2).unwrap();
    assert_eq!((corners.len(), edges.len()), (20, 30));
    // the data file against the piece count: c!/2 3^(c-1) e!/2 2^(e-1)
    let fact = permlab::group::giant::factorial;
    let expected = fact(20) / 2u32 * num_bigint::BigUint::from(3u32).pow(19) * fact(30) / 2u32
        * num_bigint::BigUint::from(2u32).pow(29);
    assert_eq!(g.order(), expected);
    let x = Perm::from_cycles(120, &[corners[0].clone()]).unwrap();
    assert!(!g.contains(&x));
    let proof = prove(&p, &Claim::Reachable(x.to_state()));
    check_facts(&p, &proof, Some(&x));
    let text = proof.render(Format::Text);
    assert!(
        text.contains("the twists of the blocks must sum to 0 mod 3"),
        "{text}"
    );
    assert!(text.contains("unreachable (orientation invariant)"));
    // an edge flipped in place: odd on the edge facelets, where every fifth turn is even
    let y = Perm::from_cycles(120, &[edges[0].clone()]).unwrap();
    let proof = prove(&p, &Claim::Reachable(y.to_state()));
    check_facts(&p, &proof, Some(&y));
    assert!(proof.render(Format::Text).contains("parity invariant"));
    // two edges flipped: reachable, with a word
    let z = Perm::from_cycles(120, &[edges[0].clone(), edges[1].clone()]).unwrap();
    assert!(g.contains(&z));
}
