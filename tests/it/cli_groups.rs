//! The group-theory subcommands end to end.

use crate::common::permlab;

use permlab::{Perm, Puzzle};

#[test]
fn group_json_has_the_documented_keys() {
    let (code, out, _) = permlab(&["group", "cube3", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["degree"], 54);
    assert_eq!(v["order"], "43252003274489856000");
    assert_eq!(v["all_even"], false);
    assert_eq!(v["is_symmetric"], false);
    assert_eq!(v["is_alternating"], false);
    assert_eq!(
        v["orbit_lengths"],
        serde_json::json!([24, 24, 1, 1, 1, 1, 1, 1])
    );
    assert_eq!(
        v["generator_orders"],
        serde_json::json!(["4", "4", "4", "4", "4", "4"])
    );
}

#[test]
fn group_describes_a_pointwise_stabilizer() {
    // seed 004: with cells 9..12 home, the Nokia rectangle still permutes 1..8 freely
    let (code, out, _) = permlab(&["group", "nokia-rect", "--fix", "9-12", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["stabilizer"]["order"], "40320");
    assert_eq!(
        v["stabilizer"]["orbit_lengths_on_the_rest"],
        serde_json::json!([8])
    );
    assert_eq!(v["stabilizer"]["is_symmetric_on_moved_points"], true);
}

#[test]
fn group_text_factorizes_the_order() {
    let (code, out, _) = permlab(&["group", "cube3"]);
    assert_eq!(code, 0);
    assert!(out.contains("= 2^27 · 3^14 · 5^3 · 7^2 · 11"), "{out}");
}

#[test]
fn claim_exit_codes() {
    assert_eq!(permlab(&["claim", "turnstyle:12", "--symmetric"]).0, 0);
    assert_eq!(permlab(&["claim", "turnstyle:6", "--symmetric"]).0, 1);
    assert_eq!(permlab(&["claim", "board:2x3:2", "--order", "120"]).0, 0);
    assert_eq!(permlab(&["claim", "turnstyle:11", "--even"]).0, 0);
    let (code, out, _) = permlab(&[
        "claim",
        "turnstyle:11",
        "--alternating",
        "--format",
        "latex",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("\\paragraph{Claim.}"));
    let (code, out, _) = permlab(&["claim", "turnstyle:11", "--alternating", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["holds"], true);
    assert!(v["markdown"].as_str().unwrap().contains("$A_{11}$"));
}

#[test]
fn contains_and_factor() {
    // board:3x3:2 is S_9: every state is reachable, and factor's word reaches it
    let (code, _, _) = permlab(&[
        "contains",
        "board:4x4:3",
        "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,16",
    ]);
    assert_eq!(code, 1);
    // factor of that state: the answer "no", one line and exit code 1 as for contains
    let (code, out, err) = permlab(&[
        "factor",
        "board:4x4:3",
        "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,16",
    ]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert_eq!(
        err,
        "permlab: state 2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,16 is not reachable (see `permlab contains`)\n"
    );
    let state = "7,2,1,4,5,6,9,8,3";
    assert_eq!(permlab(&["contains", "board:3x3:2", state]).0, 0);
    let (code, out, _) = permlab(&["factor", "board:3x3:2", state, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let p = Puzzle::builtin("board:3x3:2").unwrap();
    let w = p.parse_word(v["word"].as_str().unwrap()).unwrap();
    let s = p.parse_state(state).unwrap();
    assert_eq!(p.eval(&w), Perm::from_state(&s).unwrap());
    let sol = p.parse_word(v["solution"].as_str().unwrap()).unwrap();
    assert_eq!(p.apply(&s, &sol), p.solved());
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        vec!["contains", "board:3x3:2", "1,2,3"],
        vec!["claim", "cube3", "--order", "12x"],
        vec![
            "claim",
            "nokia-rect",
            "--stabilizer-fixes",
            "9-13",
            "--acts-symmetric-on",
            "1-8",
        ],
        vec!["group", "no-such-puzzle"],
    ] {
        let (code, out, err) = permlab(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("permlab: error:"), "{err}");
    }
}

#[test]
fn boards_writes_its_table_atomically() {
    let dir = std::env::temp_dir().join(format!("permlab-boards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let md = dir.join("boards.md");
    let tex = dir.join("boards.tex");
    let (code, out, _) = permlab(&["boards", "--max", "4", "--out", md.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(std::fs::read_to_string(&md).unwrap(), out);
    assert_eq!(
        permlab(&["boards", "--max", "3", "--out", tex.to_str().unwrap()]).0,
        0
    );
    let t = std::fs::read_to_string(&tex).unwrap();
    assert!(t.contains("\\begin{longtable}") && t.contains("$2\\times3$ & 2 & $120$"));
    // no temporary files left behind
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn classical_group_families_are_puzzle_specs() {
    // |PSL(3,5)| = 5^3 (5^3-1)(5^2-1) / gcd(3, 4); |AGL(2,3)| = 9 * 48; S_7 on its
    // 35 3-subsets keeps order 7!; A_8 on pairs has degree 28 and order 8!/2
    for (spec, degree, order) in [
        ("psl:3:5", 31, "372000"),
        ("agl:2:3", 9, "432"),
        ("sym:7:3", 35, "5040"),
        ("alt:8:2", 28, "20160"),
        ("sym:6", 6, "720"),
    ] {
        let (code, out, err) = permlab(&["group", spec, "--json"]);
        assert_eq!(code, 0, "{spec}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["degree"], degree, "{spec}");
        assert_eq!(v["order"], order, "{spec}");
        assert_eq!(v["is_primitive"], true, "{spec}");
    }
    for spec in [
        "psl:3:4", "psl:1:5", "agl:30:3", "sym:5:0", "sym:5:5", "alt:x", "psl:3",
    ] {
        let (code, _, err) = permlab(&["group", spec]);
        assert_eq!(code, 2, "{spec}");
        assert_eq!(err.lines().count(), 1, "{spec}: {err}");
        assert!(err.contains(spec), "{spec}: {err}");
    }
}

/// `tests/data/s5_power_65.gens`: 65 disjoint copies of `S_5`, one 5-cycle and one
/// transposition each.
const S5_POWER_65: &str = "tests/data/s5_power_65.gens";

#[test]
fn group_prints_the_cheap_facts_and_marks_the_expensive_ones_not_computed() {
    // with no time for them, every expensive fact is null in JSON and "not computed
    // within the limit" in text, while the cheap ones are exact: |S5^65| = 120^65
    let (code, out, err) = permlab(&["group", S5_POWER_65, "--time-limit", "0", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let order = num_bigint::BigUint::from(120u32).pow(65);
    assert_eq!(v["order"], order.to_string());
    assert_eq!(v["orbit_lengths"], serde_json::json!(vec![5; 65]));
    assert_eq!(v["base_length"], 4 * 65);
    for key in [
        "structure",
        "composition_series",
        "derived_orders",
        "is_solvable",
    ] {
        assert!(v[key].is_null(), "{key}: {}", v[key]);
    }
    let (code, out, _) = permlab(&["group", S5_POWER_65, "--time-limit", "0"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("composition:      not computed within the limit"),
        "{out}"
    );
    assert!(
        out.contains("(facts not computed within 0 s together: raise --time-limit, or --all waits for every fact)"),
        "{out}"
    );
}

#[test]
fn group_all_computes_every_fact_of_a_direct_product_of_many_factors() {
    // S5^65: derived subgroup A5^65 (perfect, so the series stops there), trivial
    // centre, not solvable, composition factors C2, A5 for each factor
    let (code, out, err) = permlab(&["group", S5_POWER_65, "--all", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let pow = |b: u32| num_bigint::BigUint::from(b).pow(65).to_string();
    assert_eq!(v["derived_orders"], serde_json::json!([pow(120), pow(60)]));
    assert_eq!(v["center_order"], "1");
    assert_eq!(v["is_solvable"], false);
    assert_eq!(v["is_primitive"], false);
    let factors = v["composition_series"]["factors"].as_array().unwrap();
    assert_eq!(factors.len(), 130);
    assert_eq!(factors.iter().filter(|f| *f == "A5").count(), 65);
    assert_eq!(factors.iter().filter(|f| *f == "C2").count(), 65);
    let structure = v["structure"].as_str().unwrap();
    assert_eq!(structure, vec!["S5"; 65].join(" × "));
}
