//! The conjugacy subcommands end to end: conjugate, classes, count (values
//! cross-checked with the library, itself checked against brute force in
//! tests/it/conjugacy.rs).

use crate::common::permlab;

use permlab::{Convention, Direction, ProductOrder, Puzzle};
use serde_json::{json, Value};

fn run_json(args: &[&str]) -> Value {
    let (code, out, err) = permlab(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

fn bad(args: &[&str], says: &str) {
    let (code, out, err) = permlab(args);
    assert_eq!(code, 2, "{args:?}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(says), "{args:?}: {err}");
}

#[test]
fn conjugate_gives_a_word_that_conjugates() {
    for (conv, order, direction) in [
        ("lr", ProductOrder::LeftToRight, Direction::Clockwise),
        ("rl", ProductOrder::RightToLeft, Direction::Counterclockwise),
    ] {
        let (w1, w2) = ("R U R' U'", "F R F' R'");
        let v = run_json(&[
            "conjugate",
            "cube2",
            w1,
            w2,
            "--convention",
            conv,
            "--direction",
            if direction == Direction::Clockwise {
                "cw"
            } else {
                "ccw"
            },
            "--json",
        ]);
        let obj = v.as_object().unwrap();
        let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "by",
                "conjugate",
                "length",
                "method",
                "method_detail",
                "minkwitz_length",
                "solver_length"
            ],
            "{v}"
        );
        assert_eq!(v["conjugate"], json!(true));
        // x⁻¹ g x = h for the permutation x of the word given, in the same convention
        let p = Puzzle::builtin("cube2").unwrap();
        let c = Convention { order, direction };
        let eval = |s: &str| p.eval_with(&p.parse_word(s).unwrap(), c);
        let x = eval(v["by"].as_str().unwrap());
        assert_eq!(eval(w1).conjugate(&x), eval(w2), "{conv}");
    }
}

#[test]
fn conjugate_false() {
    // a quarter turn and a half turn: different cycle types
    assert_eq!(
        run_json(&["conjugate", "cube2", "R", "R2", "--json"]),
        json!({"conjugate": false})
    );
    // same cycle type, not conjugate: in M11 the two classes of elements of order 11
    let m11 = Puzzle::load("tests/data/m11.gens").unwrap().group();
    let g = m11.generators()[0].clone();
    let h = g.inverse();
    assert!(!m11.is_conjugate(&g, &h).unwrap());
    assert_eq!(
        run_json(&["conjugate", "tests/data/m11.gens", "g1", "g1'", "--json"]),
        json!({"conjugate": false})
    );
}

#[test]
fn classes_json_is_the_library_s() {
    for spec in [
        "tests/data/m11.gens",
        "tests/data/psl2_7.gens",
        "turnstyle:6",
    ] {
        let v = run_json(&["classes", spec, "--json"]);
        let g = Puzzle::load(spec).unwrap().group();
        let classes = g.conjugacy_classes(100_000).unwrap();
        let sizes: Vec<String> = classes.iter().map(|c| c.size.to_string()).collect();
        let reps: Vec<String> = classes
            .iter()
            .map(|c| c.representative.to_string())
            .collect();
        assert_eq!(
            v,
            json!({"count": classes.len(), "sizes": sizes, "representatives": reps}),
            "{spec}"
        );
    }
    // turnstyle:8 is S_8, with p(8) = 22 classes; turnstyle:6 is transitive of order
    // 120 on 6 points, so PGL(2,5) ≅ S_5, with p(5) = 7 classes; M11 has 10
    // (tests/data/classes.txt)
    assert!(Puzzle::builtin("turnstyle:8")
        .unwrap()
        .group()
        .is_symmetric());
    assert_eq!(run_json(&["classes", "turnstyle:8", "--json"])["count"], 22);
    let t6 = Puzzle::builtin("turnstyle:6").unwrap().group();
    assert!(t6.is_transitive() && t6.order() == 120u32.into());
    assert_eq!(run_json(&["classes", "turnstyle:6", "--json"])["count"], 7);
    assert_eq!(
        run_json(&["classes", "tests/data/m11.gens", "--json"])["count"],
        10
    );
}

#[test]
fn count_orbits() {
    // M12 is sharply 5-transitive and M11 4-transitive: one orbit on 5- (4-)subsets
    assert_eq!(
        run_json(&["count", "tests/data/m12.gens", "--subsets", "5", "--json"]),
        json!({"orbits": "1"})
    );
    assert_eq!(
        run_json(&["count", "tests/data/m11.gens", "--subsets", "4", "--json"]),
        json!({"orbits": "1"})
    );
    // 2-colourings are the subsets of every size
    let g = Puzzle::load("tests/data/m11.gens").unwrap().group();
    let z = g.cycle_index(1000).unwrap();
    let all: num_bigint::BigUint = (0..=11).map(|k| z.subsets(k)).sum();
    assert_eq!(
        run_json(&[
            "count",
            "tests/data/m11.gens",
            "--colourings",
            "2",
            "--json"
        ]),
        json!({"orbits": all.to_string()})
    );
    // the library's count for cube2 ⟨R, U, F⟩ with 3 colours
    let cube2 = Puzzle::load("tests/data/cube2_ruf.gens").unwrap().group();
    assert_eq!(
        run_json(&[
            "count",
            "tests/data/cube2_ruf.gens",
            "--colourings",
            "3",
            "--json"
        ]),
        json!({"orbits": cube2.orbit_count_colourings(3).unwrap().to_string()})
    );
}

#[test]
fn bad_input() {
    bad(&["conjugate", "cube2", "R Q", "R"], "WORD1");
    bad(&["conjugate", "cube2", "R", "(R"], "WORD2");
    bad(
        &["count", "cube2"],
        "give --colourings C, --subsets K or --up-to WORDS",
    );
    bad(
        &["count", "cube2", "--colourings", "2", "--subsets", "3"],
        "cannot be used with",
    );
    bad(&["count", "cube2", "--subsets", "-1"], "'-1'");
    bad(&["count", "cube2", "--subsets", "x"], "--subsets");
    bad(
        &["classes", "cube2", "--limit", "50"],
        "more than 50 conjugacy classes",
    );
    bad(&["classes", "cube3"], "order 43252003274489856000");
    bad(
        &["count", "cube3", "--colourings", "2"],
        "order 43252003274489856000",
    );
}

/// `count --up-to`: the cube's positions up to its 24 rotations (conjugation by the
/// whole-cube turns x and y) equal the library's count, and Burnside's bounds hold:
/// |G|/24 ≤ orbits ≤ |G|.
#[test]
fn count_up_to_rotations() {
    use num_bigint::BigUint;
    let v = run_json(&["count", "cube3", "--up-to", "x,y", "--json"]);
    let orbits: BigUint = v["orbits"].as_str().unwrap().parse().unwrap();
    let p = Puzzle::builtin("cube3").unwrap();
    let rotations = p
        .with_generator_words(&["x", "y"])
        .unwrap()
        .generator_perms();
    let g = p.group();
    assert_eq!(orbits, g.orbit_count_under_conjugation(&rotations).unwrap());
    assert!(
        &orbits * 24u32 >= g.order() && orbits <= g.order(),
        "{orbits}"
    );
    bad(&["count", "cube3", "--up-to", "x,Q"], "--up-to");
    // a long list of words is echoed clipped
    let long = "x".repeat(1000);
    let (code, out, err) = permlab(&["count", "cube3", "--up-to", &long]);
    assert_eq!(code, 0, "{err}");
    assert!(out.len() < 200 && out.contains('…'), "{out}");
    bad(
        &["count", "cube3", "--up-to", "x", "--colourings", "2"],
        "cannot be used with",
    );
}
