//! The `permlab` command: exact outputs, and one-line errors with exit code 2.

use crate::common::permlab;

#[test]
fn order_of_seed003_word_prints_1260() {
    assert_eq!(permlab(&["order", "cube3", "R U2 D' B D'"]).1, "1260\n");
    assert_eq!(
        permlab(&["order", "cube3", "R U2 D' B D'", "--direction", "ccw"]).1,
        "84\n"
    );
}

#[test]
fn perm_apply_matrix_and_json() {
    let (code, out, _) = permlab(&["perm", "turnstyle:12", "L T L", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["cycles"], "(1,2,5,7,9,11)(3,4,6,8,10,12)");
    let (_, out, _) = permlab(&["apply", "board:3x3:2", "A", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["state"], serde_json::json!([4, 1, 3, 5, 2, 6, 7, 8, 9]));
    let (_, out, _) = permlab(&["apply", "board:3x3:2", "a", "--state", "4,1,3,5,2,6,7,8,9"]);
    assert_eq!(out, "1 2 3\n4 5 6\n7 8 9\n1,2,3,4,5,6,7,8,9\n");
    let (_, out, _) = permlab(&["matrix", "tests/data/example.gens", "T"]);
    assert_eq!(out, " 1\n1\n   1\n  1\n    1\n     1\n");
    let (_, out, _) = permlab(&["order", "tests/data/example.gens", "L T", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["order"], "4");
}

#[test]
fn bad_inputs_give_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["order", "cube3", "R Q U"], "column 3: unknown move \"Q\""),
        (
            &["order", "cube3", "(R U"],
            "column 5: unexpected \"end of word\", expected ')'",
        ),
        (&["order", "cube3", "R^x"], "column 3: bad power \"x\""),
        (&["order", "nosuch", "R"], "unknown puzzle \"nosuch\""),
        (&["order", "board:3x3:5", "A"], "need 2 <= K <= min(R, C)"),
        (
            &["order", "tests/data/bad_point_zero.gens", "A"],
            "tests/data/bad_point_zero.gens:4:7: generator B: point 0 is not allowed",
        ),
        (
            &["apply", "board:3x3:2", "A", "--state", "1,2,3"],
            "state: 3 entries, but the puzzle has 9 positions",
        ),
        (
            &["apply", "board:3x3:2", "A", "--state", "1,2,3,4,5,6,7,8,10"],
            "state: image 10 at position 9 is out of range 1..=9",
        ),
    ];
    for (args, expected) in cases {
        let (code, out, err) = permlab(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("permlab: error: "), "{err}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
}
