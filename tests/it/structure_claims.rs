//! Structure names with proofs and certificates (issue 40: `claim --structure`): the
//! name `group` prints is proved, its certificate verifies with the independent
//! checker, tampered certificates are refused, and the simplicity the proofs rest on
//! agrees with brute force on small groups.

use permlab::certificate::check::check;
use permlab::certificate::names::{prove_structure, StructureProofError};
use permlab::certificate::structure::StructureArgument;
use permlab::certificate::structure_tree::NodeArgument;
use permlab::certificate::{certify_structure, Certificate, ClaimRecord};
use permlab::group::elements_by_closure;
use permlab::proof::Format;
use permlab::{PermGroup, Puzzle};
use std::process::Command;

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn gens(text: &str) -> Puzzle {
    Puzzle::from_gens_text("test", text).unwrap()
}

/// PSL(2,7) on the 8 points of the projective line over GF(7) (point x + 1 for
/// x in GF(7), 8 for infinity): x ↦ x + 1 and x ↦ −1/x.
const PSL27_ON_8: &str = "a: (1,2,3,4,5,6,7)\nb: (1,8)(2,7)(3,4)(5,6)\n";

/// The proof and certificate of `p`'s structure, after checking that the name is the
/// description `group` prints and that the certificate verifies.
fn proved(p: &Puzzle) -> (String, Certificate) {
    let g = p.group();
    let s = prove_structure(p, &g, None).unwrap();
    assert_eq!(s.name, g.structure_description().to_string());
    assert!(s.proof.holds);
    let text = s.proof.render(Format::Text);
    assert!(
        text.contains(&format!("the group is {}.", s.name)),
        "{text}"
    );
    let cert = certify_structure(p, &g, &s.name, &s.proof, &s.evidence).unwrap();
    let v = check(&cert.to_json()).unwrap();
    assert!(v.holds, "{}: {}", s.name, v.message);
    assert!(
        v.message.contains(&format!("the group is {}", s.name)),
        "{}",
        v.message
    );
    (s.name, cert)
}

#[test]
fn names_are_proved_and_their_certificates_verify() {
    let cases = [
        (data("m12.gens"), "M12"),
        (data("psl2_7.gens"), "PSL(2,7)"),
        (data("s20_on_3sets.gens"), "S20"),
        (data("wreath_s5_s6.gens"), "S5 ≀ S6"),
        (data("m23_on_3sets.gens"), "M23"),
    ];
    for (file, name) in cases {
        let p = Puzzle::load(&file).unwrap();
        assert_eq!(proved(&p).0, name, "{file}");
    }
    assert_eq!(proved(&gens(PSL27_ON_8)).0, "PSL(2,7)");
    // product structures of the puzzles
    for (puzzle, name) in [
        ("cube2", "C3^7 ⋊ S8"),
        ("cube3", "(C3^7 × C2^11) ⋊ ((A8 × A12) ⋊ C2)"),
        ("cube:4", "C3^7 ⋊ (S24 × ((A8 × A24) ⋊ C2))"),
        ("megaminx", "(C3^19 ⋊ A20) × (C2^29 ⋊ A30)"),
        ("pyraminx", "C3^2 × (C2^5 ⋊ A6) × C3^6"),
    ] {
        let (got, cert) = proved(&Puzzle::builtin(puzzle).unwrap());
        assert_eq!(got, name, "{puzzle}");
        assert!(matches!(
            cert.structure.unwrap().argument,
            StructureArgument::Tree { .. }
        ));
    }
    // natural actions: S12 on the turnstyle, A7 from a 3-cycle and a 5-cycle; and S5
    // on the 6 points of the projective line over GF(5) (PGL(2,5)), primitive
    assert_eq!(proved(&Puzzle::builtin("turnstyle:12").unwrap()).0, "S12");
    assert_eq!(proved(&gens("a: (1,2,3)\nb: (3,4,5,6,7)\n")).0, "A7");
    let pgl25 = gens("a: (1,2,3,4,5)\nb: (1,6)(2,5)\nc: (2,3,5,4)\n");
    assert_eq!(pgl25.group().order(), 120u32.into());
    let (name, cert) = proved(&pgl25);
    assert_eq!(name, "S5");
    assert!(matches!(
        cert.structure.unwrap().argument,
        StructureArgument::SymmetricOverAlternating { .. }
    ));
}

/// The checker refuses certificates whose name, elements or blocks were changed.
#[test]
fn tampered_structure_certificates_are_refused() {
    let holds = |c: &Certificate| check(&c.to_json()).map(|v| v.holds).unwrap_or(false);
    let (_, cert) = proved(&Puzzle::load(&data("m12.gens")).unwrap());
    // another name
    let mut c = cert.clone();
    c.claim = ClaimRecord::Structure { name: "M11".into() };
    assert!(!holds(&c));
    // a closure whose conjugates do not generate the group: keep only z itself
    let mut c = cert.clone();
    if let Some(rec) = c.structure.as_mut() {
        if let StructureArgument::Simple { simplicity } = &mut rec.argument {
            simplicity.closures[0].conjugators.truncate(1);
        }
    }
    assert!(!holds(&c));
    // another prime: 2 divides |M12| six times, so its Sylow subgroup is needed
    let mut c = cert.clone();
    if let Some(rec) = c.structure.as_mut() {
        if let StructureArgument::Simple { simplicity } = &mut rec.argument {
            simplicity.prime = 2;
            simplicity.sylow = None;
        }
    }
    assert!(!holds(&c));
    // the cube group's tree with a block split and one with its kernel's words dropped
    let (_, cert) = proved(&Puzzle::builtin("cube3").unwrap());
    fn blocks_of(c: &mut Certificate) -> Option<&mut NodeArgument> {
        match &mut c.structure.as_mut()?.argument {
            StructureArgument::Tree { root } => Some(&mut root.argument),
            _ => None,
        }
    }
    let mut c = cert.clone();
    if let Some(NodeArgument::Blocks { blocks, .. }) = blocks_of(&mut c) {
        let x = blocks[0].pop().unwrap();
        blocks.push(vec![x]);
    }
    assert!(!holds(&c));
    let mut c = cert.clone();
    if let Some(NodeArgument::Blocks { kernel, .. }) = blocks_of(&mut c) {
        kernel.0.truncate(1);
    }
    assert!(!holds(&c));
    // another name for the cube group
    let mut c = cert.clone();
    c.claim = ClaimRecord::Structure {
        name: "(C3^7 × C2^11) ⋊ (A8 × A12)".into(),
    };
    assert!(!holds(&c));
    // the wreath product's blocks with two points exchanged
    let (_, cert) = proved(&Puzzle::load(&data("wreath_s5_s6.gens")).unwrap());
    let mut c = cert.clone();
    if let Some(rec) = c.structure.as_mut() {
        if let StructureArgument::SymmetricWreath { blocks } = &mut rec.argument {
            let x = blocks[0][0];
            blocks[0][0] = blocks[1][0];
            blocks[1][0] = x;
        }
    }
    assert!(!holds(&c));
}

/// Simplicity by normal closures agrees with brute force: the normal closure of every
/// element, listed, is the whole group exactly for the groups proved simple.
#[test]
fn simplicity_agrees_with_all_normal_closures() {
    let simple_by_brute_force = |g: &PermGroup| -> bool {
        let elements = elements_by_closure(g.degree(), g.generators());
        elements
            .iter()
            .filter(|x| !x.is_identity())
            .all(|x| g.normal_closure(std::slice::from_ref(x)).unwrap().order() == g.order())
    };
    let simple = [
        PSL27_ON_8,
        "a: (1,2,3,4,5,6,7)\nb: (2,3)(4,7)\n",
        "a: (1,2,3)\nb: (1,2,3,4,5)\n",
    ];
    for text in simple {
        let p = gens(text);
        let g = p.group();
        assert!(simple_by_brute_force(&g));
        assert!(prove_structure(&p, &g, None).is_ok(), "{text}");
    }
    // primitive and not simple: AGL(1,5) (a normal subgroup of order 5), and S5 on 6
    // points (A5 is normal); the first has no name proof, the second is S5
    let agl = gens("a: (1,2,3,4,5)\nb: (2,3,5,4)\n");
    assert!(!simple_by_brute_force(&agl.group()));
    assert!(matches!(
        prove_structure(&agl, &agl.group(), None),
        Err(StructureProofError::NotWritten(_))
    ));
    let pgl = gens("a: (1,2,3,4,5)\nb: (1,6)(2,5)\nc: (2,3,5,4)\n");
    assert!(!simple_by_brute_force(&pgl.group()));
}

fn permlab(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `claim --structure [NAME]` from the command line: exit 0 with the proof, a
/// certificate `verify` accepts, the sentences naming the certificate only when one
/// is written, and one-line errors (exit 2) for a claim it does not decide.
#[test]
fn cli_structure_claims() {
    let m12 = data("m12.gens");
    let dir = std::env::temp_dir().join(format!("permlab-structure-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cert = dir.join("m12.json");
    let cert_s = cert.to_str().unwrap();
    let (code, out, err) = permlab(&["claim", &m12, "--structure", "M12"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Conclusion: the group is M12."), "{out}");
    assert!(
        out.contains("add --certificate FILE to write them"),
        "{out}"
    );
    assert!(!out.contains("written in the certificate"), "{out}");
    let (code, out, err) = permlab(&["claim", &m12, "--structure", "--certificate", cert_s]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("written in the certificate {cert_s}")),
        "{out}"
    );
    assert!(!out.contains("add --certificate"), "{out}");
    let (code, out, _) = permlab(&["verify", cert_s]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("the group is M12"), "{out}");
    // a name that is not the description: not decided
    let (code, out, err) = permlab(&["claim", &m12, "--structure", "M11"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("cannot decide \"M11\": permlab describes this group as M12"),
        "{err}"
    );
    // the wreath product claimed in GAP's spelling
    let (code, _, err) = permlab(&[
        "claim",
        &data("wreath_s5_s6.gens"),
        "--structure",
        "S5 wr S6",
    ]);
    assert_eq!(code, 0, "{err}");
    // a description with no written proof yet: C6, cyclic of composite order
    let c6 = dir.join("c6.gens");
    std::fs::write(&c6, "a: (1,2,3,4,5,6)\n").unwrap();
    let (code, _, err) = permlab(&["claim", c6.to_str().unwrap(), "--structure"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("no proof of the structure C6 is written yet"),
        "{err}"
    );
    assert!(!err.contains("panicked"));
    // the cube group, with its certificate
    let cube = dir.join("cube3.json");
    let (code, out, err) = permlab(&[
        "claim",
        "cube3",
        "--structure",
        "--certificate",
        cube.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Conclusion: the group is (C3^7 × C2^11) ⋊ ((A8 × A12) ⋊ C2)."),
        "{out}"
    );
    let (code, out, _) = permlab(&["verify", cube.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Random subgroups of puzzle groups (two or three random elements of the 2x2x2, the
/// Pyraminx and the 3x3x3): whenever a structure proof is written, its name is the
/// description and its certificate verifies.
#[test]
fn random_subgroups_proofs_verify() {
    use rand::rngs::StdRng;
    use rand::SeedableRng;
    let mut rng = StdRng::seed_from_u64(40);
    let mut written = 0;
    for (puzzle, count) in [("cube2", 12), ("pyraminx", 8), ("cube3", 6)] {
        let p = Puzzle::builtin(puzzle).unwrap();
        let g = p.group();
        for i in 0..count {
            let k = 2 + i % 2;
            let gens: Vec<String> = (0..k)
                .map(|j| format!("x{j}: {}", g.random_element(&mut rng)))
                .collect();
            let sub = Puzzle::from_gens_text(
                "random",
                &format!("degree: {}\n{}\n", p.degree(), gens.join("\n")),
            )
            .unwrap();
            let sg = sub.group();
            match prove_structure(&sub, &sg, None) {
                Ok(s) => {
                    written += 1;
                    assert_eq!(s.name, sg.structure_description().to_string());
                    let cert =
                        certify_structure(&sub, &sg, &s.name, &s.proof, &s.evidence).unwrap();
                    let v = check(&cert.to_json()).unwrap();
                    assert!(v.holds, "{puzzle} {gens:?}: {}", v.message);
                }
                Err(StructureProofError::NotWritten(_)) => {}
                Err(e) => panic!("{puzzle} {gens:?}: {e}"),
            }
        }
    }
    assert!(written >= 10, "{written} proofs written");
}
