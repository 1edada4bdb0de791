//! Composition and chief series, socles, normalizers and Sylow subgroups against GAP's
//! values in tests/data/series_gap.txt (written by tests/data/series_gap.g), and the
//! CLI forms of these commands.

use num_bigint::BigUint;
use num_traits::One;
use permlab::group::composition::SeriesError;
use permlab::{PermGroup, Puzzle};
use std::collections::BTreeMap;

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// One line of series_gap.txt.
struct GapValues {
    file: String,
    order: BigUint,
    composition: Vec<BigUint>,
    chief: Vec<BigUint>,
    socle: BigUint,
    normalizer_of_first: BigUint,
}

fn gap_values() -> Vec<GapValues> {
    let text = std::fs::read_to_string(data("series_gap.txt")).unwrap();
    let list = |s: &str| -> Vec<BigUint> { s.split(',').map(|x| x.parse().unwrap()).collect() };
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').collect();
            assert_eq!(f.len(), 6, "{l}");
            GapValues {
                file: f[0].to_string(),
                order: f[1].parse().unwrap(),
                composition: list(f[2]),
                chief: list(f[3]),
                socle: f[4].parse().unwrap(),
                normalizer_of_first: f[5].parse().unwrap(),
            }
        })
        .collect()
}

/// The factor orders `|G_i|/|G_{i+1}|` of a series given by its terms' orders, sorted.
fn factor_orders(orders: &[BigUint]) -> Vec<BigUint> {
    let mut f: Vec<BigUint> = orders.windows(2).map(|w| &w[0] / &w[1]).collect();
    f.sort();
    f
}

#[test]
fn series_socles_and_normalizers_match_gap() {
    let values = gap_values();
    assert!(values.len() >= 10);
    for v in values {
        let p = Puzzle::load(&data(&v.file)).unwrap();
        let g = p.group();
        assert_eq!(g.order(), v.order, "{}", v.file);

        // composition series: a descending chain from |G| to 1 whose factors are
        // GAP's (as a multiset), each named with a name of its order
        let s = g.composition_series().unwrap();
        let orders = s.orders();
        assert_eq!(orders[0], v.order, "{}", v.file);
        assert!(orders.last().unwrap().is_one(), "{}", v.file);
        assert_eq!(factor_orders(&orders), v.composition, "{}", v.file);
        let mut name_order: BTreeMap<String, BigUint> = BTreeMap::new();
        for (i, f) in s.factors.iter().enumerate() {
            assert_eq!(f.order, &orders[i] / &orders[i + 1], "{}", v.file);
            let names: Vec<String> = permlab::group::simple_names::simple_groups_of_order(&f.order)
                .into_iter()
                .map(|n| n.name)
                .collect();
            assert!(
                names.contains(&f.name),
                "{}: {} of order {}",
                v.file,
                f.name,
                f.order
            );
            name_order.insert(f.name.clone(), f.order.clone());
            // each term is a subgroup of the one before
            for x in s.groups[i + 1].generators() {
                assert!(s.groups[i].contains(x), "{}: term {}", v.file, i + 1);
            }
        }

        // chief series: GAP's chief factors, each named T^k with T a composition factor
        let c = g.chief_series().unwrap();
        let orders = c.orders();
        assert_eq!(factor_orders(&orders), v.chief, "{}", v.file);
        for (i, name) in c.factors.iter().enumerate() {
            let (t, k) = match name.split_once('^') {
                Some((t, k)) => (t, k.parse::<u32>().unwrap()),
                None => (name.as_str(), 1),
            };
            let t_order = name_order
                .get(t)
                .unwrap_or_else(|| panic!("{}: chief factor {name}", v.file));
            assert_eq!(
                t_order.pow(k),
                &orders[i] / &orders[i + 1],
                "{}: {name}",
                v.file
            );
            // each term is normal in G
            for x in c.groups[i + 1].generators() {
                for y in g.generators() {
                    assert!(c.groups[i + 1].contains(&x.conjugate(y)), "{}", v.file);
                }
            }
        }

        // the socle: GAP's, except where the method says it does not apply (the
        // classes of an imprimitive group of order above 10^9)
        match g.socle() {
            Ok(soc) => assert_eq!(soc.order(), v.socle, "{}: socle", v.file),
            Err(SeriesError::Unsupported(why)) => {
                assert!(g.order() > BigUint::from(10u32).pow(9), "{}: {why}", v.file);
                assert!(!g.is_primitive(), "{}: {why}", v.file);
            }
            Err(e) => panic!("{}: {e}", v.file),
        }

        let first = PermGroup::new(g.degree(), vec![g.generators()[0].clone()]);
        let n = g.normalizer(&first).unwrap();
        assert_eq!(n.order(), v.normalizer_of_first, "{}: normalizer", v.file);
        for x in n.generators() {
            assert!(g.contains(x));
            assert!(first.contains(&g.generators()[0].conjugate(x)));
        }

        // Sylow subgroups: subgroups of G of order the p-part of |G|
        for (prime, e) in g.order_factorization() {
            let sy = g.sylow_subgroup(prime).unwrap();
            assert_eq!(
                sy.order(),
                BigUint::from(prime).pow(e),
                "{}: Sylow {prime}",
                v.file
            );
            assert!(sy.generators().iter().all(|x| g.contains(x)), "{}", v.file);
        }
    }
}

#[test]
fn cli_series_and_subgroups() {
    let run = crate::common::permlab;
    let (code, out, err) = run(&["composition-series", &data("m12.gens"), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["orders"], serde_json::json!(["95040", "1"]));
    assert_eq!(v["factors"], serde_json::json!(["M12"]));

    let (code, out, err) = run(&["chief-series", "cube2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["factors"], serde_json::json!(["C2", "A8", "C3^7"]));
    assert_eq!(
        v["orders"],
        serde_json::json!(["88179840", "44089920", "2187", "1"])
    );

    let (code, out, err) = run(&["sylow", "cube2", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["order"], "19683"); // 3^7 · 3^2 (the 3-part of 8!)
    let g = Puzzle::builtin("cube2").unwrap().group();
    for x in v["generators"].as_array().unwrap() {
        assert!(g.contains(&x.as_str().unwrap().parse().unwrap()));
    }

    let (code, out, err) = run(&["socle", &data("cube3_ru.gens"), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["order"], "7560"); // GAP: Size(Socle(G)), tests/data/series_gap.txt

    let (code, out, err) = run(&["normalizer", "cube2", "R", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let cube2 = Puzzle::builtin("cube2").unwrap();
    let h = PermGroup::new(
        g.degree(),
        vec![cube2.eval(&cube2.parse_word("R").unwrap())],
    );
    assert_eq!(v["order"], g.normalizer(&h).unwrap().order().to_string());

    // bad input: one line, exit 2
    let (code, _, err) = run(&["sylow", "cube2", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("not a prime"), "{err}");
    let (code, _, err) = run(&["normalizer", "cube2", "R, Q"]);
    assert_eq!(code, 2);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}
