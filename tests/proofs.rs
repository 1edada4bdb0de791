//! The seed claims, decided and rendered; every verdict asserted.

use permlab::proof::{prove, Basis, Claim, Format};
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
