//! The structure subcommands end to end (values cross-checked with the library and
//! with facts in tests/it/structure.rs).

use crate::common::permlab;

use permlab::Puzzle;
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let (code, out, err) = permlab(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn group_json_has_the_structure_keys() {
    let v = json(&["group", "cube3", "--json"]);
    assert_eq!(
        v["derived_orders"],
        serde_json::json!(["43252003274489856000", "21626001637244928000"])
    );
    assert_eq!(v["center_order"], "2");
    assert_eq!(v["is_primitive"], false);
    assert_eq!(v["is_solvable"], false);
    let m12 = json(&["group", "tests/data/m12.gens", "--json"]);
    assert_eq!(m12["derived_orders"], serde_json::json!(["95040"]));
    assert_eq!(m12["is_primitive"], true);
    // a solvable group: one block turn of the 3x3 board generates C4
    let c4 = json(&["group", "board:3x3:2[A]", "--json"]);
    assert_eq!(c4["derived_orders"], serde_json::json!(["4", "1"]));
    assert_eq!(c4["is_solvable"], true);
    assert_eq!(c4["center_order"], "4");
}

#[test]
fn subgroup_specs_work_for_every_puzzle_argument() {
    let v = json(&["group", "cube3[U,D,R2,L2,F2,B2]", "--json"]);
    assert_eq!(v["order"], "19508428800");
    let (code, _, err) = permlab(&["group", "cube3[R,Q]"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("cube3[R,Q]") && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn stabilizer_centralizer_normal_closure() {
    let v = json(&[
        "stabilizer",
        "tests/data/m12.gens",
        "--set",
        "1,5,9",
        "--json",
    ]);
    let m12 = Puzzle::load("tests/data/m12.gens").unwrap().group();
    let h = m12.setwise_stabilizer(&[0, 4, 8]).unwrap();
    assert_eq!(v["order"], h.order().to_string());
    // the generators printed generate a group of that order inside M12, fixing the set
    let gens: Vec<permlab::Perm> = v["generators"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().parse().unwrap())
        .collect();
    let k = m12.subgroup(&gens).unwrap();
    assert_eq!(k.order(), h.order());
    for g in &gens {
        let mut img: Vec<usize> = [0, 4, 8].iter().map(|&p| g.image(p)).collect();
        img.sort_unstable();
        assert_eq!(img, [0, 4, 8]);
    }
    // C(R) in cube2 as the library computes it; the normal closure of a commutator
    // in cube3 is the derived subgroup (index 2)
    let c = json(&["centralizer", "cube2", "R", "--json"]);
    let p = Puzzle::builtin("cube2").unwrap();
    let r = p.eval(&p.parse_word("R").unwrap());
    assert_eq!(
        c["order"],
        p.group().centralizer(&r).unwrap().order().to_string()
    );
    let n = json(&["normal-closure", "cube3", "[R,U]", "--json"]);
    assert_eq!(n["order"], "21626001637244928000");
    let (code, _, err) = permlab(&["normal-closure", "cube3", "M"]);
    assert_eq!(code, 2);
    assert!(err.contains("not in the group"), "{err}");
    let (code, _, err) = permlab(&["stabilizer", "cube3", "--set", "0,1"]);
    assert_eq!(code, 2);
    assert!(err.contains("--set"), "{err}");
}

#[test]
fn blocks_and_actions() {
    let v = json(&["blocks", "cube2", "--json"]);
    let minimal = v["minimal"].as_array().unwrap();
    assert_eq!(minimal.len(), 1);
    assert_eq!(minimal[0].as_array().unwrap().len(), 8);
    assert_eq!(v["is_primitive"], false);
    assert_eq!(
        json(&["blocks", "tests/data/m12.gens", "--json"])["is_primitive"],
        true
    );
    let a = json(&["action", "cube2", "--on", "blocks", "--json"]);
    assert_eq!(a["image_order"], "40320");
    assert_eq!(a["kernel_order"], "2187");
    // cube3 on its 20 pieces: image of order 8!·12!/2, kernel the orientations 3^7·2^11
    let f = |k: u32| (1..=k).fold(num_bigint::BigUint::from(1u32), |a, i| a * i);
    let b = json(&["action", "cube3", "--on", "blocks", "--json"]);
    assert_eq!(b["image_order"], (f(8) * f(12) / 2u32).to_string());
    assert_eq!(b["kernel_order"], (3u64.pow(7) * 2u64.pow(11)).to_string());
    // an orbit: image times kernel is |G|
    let o = json(&["action", "cube3", "--on", "orbit:1", "--json"]);
    let io: num_bigint::BigUint = o["image_order"].as_str().unwrap().parse().unwrap();
    let ko: num_bigint::BigUint = o["kernel_order"].as_str().unwrap().parse().unwrap();
    assert_eq!(io * ko, Puzzle::builtin("cube3").unwrap().group().order());
    for bad in ["orbit:0", "orbit:55", "orbit:1,2", "corners"] {
        let (code, _, err) = permlab(&["action", "cube3", "--on", bad]);
        assert_eq!(code, 2, "{bad}");
        assert!(err.contains("--on"), "{bad}: {err}");
    }
    let (code, _, err) = permlab(&["action", "tests/data/m12.gens", "--on", "blocks"]);
    assert_eq!(code, 2);
    assert!(err.contains("no non-trivial block system"), "{err}");
}
