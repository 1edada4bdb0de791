//! The finite simple groups of a given order, by the classification.
//!
//! Every finite simple group is cyclic of prime order, alternating (`A_n`, `n ≥ 5`),
//! of Lie type, or one of the 26 sporadic groups (with the Tits group `²F₄(2)'`
//! counted beside them). The orders of the groups of Lie type over `GF(q)`,
//! `q = p^f`, are the formulas of the ATLAS (Conway et al. 1985, Table 6) and
//! R. A. Wilson, *The Finite Simple Groups* (2009), Table 1.1; their `p`-part is
//! exactly `q^h`, `h` the number of positive roots, so for an order `N` only the
//! primes `p | N`, the divisors `f` of `v_p(N)` and the families with
//! `h = v_p(N)/f` need be tried. Two simple groups of one order are isomorphic
//! except for two pairs (E. Artin, "The orders of the classical simple groups",
//! Comm. Pure Appl. Math. 8 (1955); W. Kimmerle, R. Lyons, R. Sandling and
//! D. N. Teague, "Composition factors from the group ring and Artin's theorem on orders
//! of simple groups", Proc. LMS 60 (1990)):
//!
//! * `A_8 ≅ PSL(4,2)` and `PSL(3,4)`, both of order 20160 (A8 has 14 conjugacy
//!   classes, PSL(3,4) 10);
//! * `PΩ(2n+1,q)` and `PSp(2n,q)` for `n ≥ 3` and `q` odd.
//!
//! The isomorphisms between the families' small members are applied, so each group
//! has one name: `A5` (= PSL(2,4) = PSL(2,5)), `A6` (= PSL(2,9)), `A8` (= PSL(4,2)),
//! `PSL(2,7)` (= PSL(3,2)), `PSp(4,3)` (= PSU(4,2)); `PSp(2n,q)` for `q` even
//! (= PΩ(2n+1,q)) and `PSp(4,q)` (= PΩ(5,q)).
//!
//! ```
//! use permlab::group::simple_names::simple_groups_of_order;
//! let name = |n: u64| simple_groups_of_order(&n.into()).iter().map(|g| g.name.clone()).collect::<Vec<_>>();
//! assert_eq!(name(168), ["PSL(2,7)"]);
//! assert_eq!(name(95040), ["M12"]);
//! assert_eq!(name(20160), ["A8", "PSL(3,4)"]);
//! assert_eq!(name(60), ["A5"]);
//! assert!(name(120).is_empty());
//! ```

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

/// A simple group named by the classification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimpleGroupName {
    /// The name: `A20`, `PSL(2,7)`, `M12`, `C5`.
    pub name: String,
    /// The order.
    pub order: BigUint,
    /// Its number of conjugacy classes, where it tells this group from another simple
    /// group of the same order (A8: 14, PSL(3,4): 10).
    pub classes: Option<usize>,
}

/// The sporadic groups and the Tits group with their orders (`data/sporadic_groups.tsv`).
pub fn sporadic_groups() -> Vec<(String, BigUint)> {
    include_str!("../../data/sporadic_groups.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (name, order) = l.split_once('\t').expect("NAME<TAB>ORDER");
            (
                name.to_string(),
                order.trim().parse().expect("a decimal order"),
            )
        })
        .collect()
}

/// The simple groups of order `n`, one per isomorphism type, in the order: cyclic,
/// alternating, Lie type (by family), sporadic. At most two (module docs). `n` is
/// factored by trial division; [`simple_groups_of_factored_order`] takes the
/// factorization.
pub fn simple_groups_of_order(n: &BigUint) -> Vec<SimpleGroupName> {
    simple_groups_of_factored_order(n, &factorize(n))
}

/// [`simple_groups_of_order`] for `n` with its prime factorization `factors`
/// (`(p, e)`, increasing).
pub fn simple_groups_of_factored_order(
    n: &BigUint,
    factors: &[(u64, u32)],
) -> Vec<SimpleGroupName> {
    let mut out: Vec<SimpleGroupName> = Vec::new();
    let mut push = |name: String| {
        if !out.iter().any(|g| g.name == name) {
            let classes = match name.as_str() {
                "A8" => Some(14),
                "PSL(3,4)" => Some(10),
                _ => None,
            };
            out.push(SimpleGroupName {
                name,
                order: n.clone(),
                classes,
            });
        }
    };
    if n <= &BigUint::one() {
        return Vec::new();
    }
    if factors.len() == 1 && factors[0].1 == 1 {
        push(format!("C{n}"));
        return out;
    }
    // alternating
    let mut f = BigUint::from(60u32);
    let mut k = 5u32;
    while &f <= n {
        if &f == n {
            push(format!("A{k}"));
        }
        k += 1;
        f *= k;
    }
    // Lie type: q = p^f with f · h = v_p(n)
    for &(p, e) in factors {
        for f in (1..=e).filter(|f| e % f == 0) {
            let h = e / f;
            let q = BigUint::from(p).pow(f);
            for (name, order) in lie_type_candidates(p, f, &q, h) {
                if &order == n {
                    push(name);
                }
            }
        }
    }
    for (name, order) in sporadic_groups() {
        if &order == n {
            push(name);
        }
    }
    out
}

/// `(name, order)` of the simple groups of Lie type over `GF(q)`, `q = p^f`, with
/// `h` positive roots (so `p`-part `q^h`).
fn lie_type_candidates(p: u64, f: u32, q: &BigUint, h: u32) -> Vec<(String, BigUint)> {
    let mut out = Vec::new();
    let one = BigUint::one();
    let qi = |i: u32| q.pow(i);
    let gcd = |a: u64, b: &BigUint| -> BigUint { BigUint::from(a).gcd(b) };
    let qs = q.to_string();
    // A_n: PSL(n+1, q), h = n(n+1)/2
    for n in 1..=h {
        if n * (n + 1) / 2 != h {
            continue;
        }
        if n == 1 && (q == &BigUint::from(2u32) || q == &BigUint::from(3u32)) {
            continue;
        }
        let mut o = qi(h);
        for i in 2..=n + 1 {
            o *= qi(i) - &one;
        }
        o /= gcd(u64::from(n + 1), &(q - &one));
        out.push((canonical(&format!("PSL({},{qs})", n + 1)), o));
        // ²A_n: PSU(n+1, q), n ≥ 2, not PSU(3,2)
        if n >= 2 && !(n == 2 && q == &BigUint::from(2u32)) {
            let mut o = qi(h);
            for i in 2..=n + 1 {
                if i % 2 == 0 {
                    o *= qi(i) - &one;
                } else {
                    o *= qi(i) + &one;
                }
            }
            o /= gcd(u64::from(n + 1), &(q + &one));
            out.push((canonical(&format!("PSU({},{qs})", n + 1)), o));
        }
    }
    // B_n / C_n: h = n², n ≥ 2 (C_2 = B_2 = PSp(4,q), not PSp(4,2))
    let n = (h as f64).sqrt().round() as u32;
    if n >= 2 && n * n == h && !(n == 2 && q == &BigUint::from(2u32)) {
        let mut o = qi(h);
        for i in 1..=n {
            o *= qi(2 * i) - &one;
        }
        o /= gcd(2, &(q - &one));
        out.push((canonical(&format!("PSp({},{qs})", 2 * n)), o.clone()));
        if n >= 3 && p != 2 {
            out.push((format!("PΩ({},{qs})", 2 * n + 1), o));
        }
    }
    // D_n and ²D_n: h = n(n−1), n ≥ 4
    for n in 4..=h {
        if n * (n - 1) != h {
            continue;
        }
        let mut base = qi(h);
        for i in 1..n {
            base *= qi(2 * i) - &one;
        }
        let plus = &base * (qi(n) - &one) / gcd(4, &(qi(n) - &one));
        let minus = &base * (qi(n) + &one) / gcd(4, &(qi(n) + &one));
        out.push((format!("PΩ+({},{qs})", 2 * n), plus));
        out.push((format!("PΩ-({},{qs})", 2 * n), minus));
    }
    let exceptional: [(&str, u32); 6] = [
        ("G2", 6),
        ("3D4", 12),
        ("F4", 24),
        ("E6", 36),
        ("E7", 63),
        ("E8", 120),
    ];
    for (name, hh) in exceptional {
        if hh != h {
            continue;
        }
        let m = |a: u32| qi(a) - &one;
        let pl = |a: u32| qi(a) + &one;
        let o = match name {
            "G2" if q > &BigUint::from(2u32) => qi(6) * m(6) * m(2),
            "3D4" => qi(12) * (qi(8) + qi(4) + &one) * m(6) * m(2),
            "F4" => qi(24) * m(12) * m(8) * m(6) * m(2),
            "E6" => {
                let o = qi(36) * m(12) * m(9) * m(8) * m(6) * m(5) * m(2);
                let o2 = qi(36) * m(12) * pl(9) * m(8) * m(6) * pl(5) * m(2);
                out.push((format!("2E6({qs})"), o2 / gcd(3, &(q + &one))));
                o / gcd(3, &(q - &one))
            }
            "E7" => {
                qi(63) * m(18) * m(14) * m(12) * m(10) * m(8) * m(6) * m(2) / gcd(2, &(q - &one))
            }
            "E8" => qi(120) * m(30) * m(24) * m(20) * m(18) * m(14) * m(12) * m(8) * m(2),
            _ => continue,
        };
        out.push((format!("{name}({qs})"), o));
    }
    // Suzuki and Ree groups: q = 2^(2m+1) ≥ 8 or 3^(2m+1) ≥ 27
    if f % 2 == 1 && f >= 3 {
        if p == 2 && h == 2 {
            out.push((format!("2B2({qs})"), qi(2) * (qi(2) + &one) * (q - &one)));
        }
        if p == 3 && h == 3 {
            out.push((format!("2G2({qs})"), qi(3) * (qi(3) + &one) * (q - &one)));
        }
        if p == 2 && h == 12 {
            out.push((
                format!("2F4({qs})"),
                qi(12) * (qi(6) + &one) * (qi(4) - &one) * (qi(3) + &one) * (q - &one),
            ));
        }
    }
    out
}

/// The one name of a group with several (module docs).
fn canonical(name: &str) -> String {
    match name {
        "PSL(2,4)" | "PSL(2,5)" => "A5",
        "PSL(2,9)" => "A6",
        "PSL(4,2)" => "A8",
        "PSL(3,2)" => "PSL(2,7)",
        "PSU(4,2)" => "PSp(4,3)",
        other => other,
    }
    .to_string()
}

/// The prime factorization of `n` by trial division up to `10^6`; a cofactor left
/// over is taken whole (it can only make a candidate be missed, never a wrong name:
/// every candidate's order is compared with `n` exactly).
fn factorize(n: &BigUint) -> Vec<(u64, u32)> {
    let mut out = Vec::new();
    let mut m = n.clone();
    let mut p = 2u64;
    while p < 1_000_000 && BigUint::from(p * p) <= m {
        let mut e = 0;
        while (&m % p).is_zero() {
            m /= p;
            e += 1;
        }
        if e > 0 {
            out.push((p, e));
        }
        p += if p == 2 { 1 } else { 2 };
    }
    if m > BigUint::one() {
        if let Some(r) = m.to_u64() {
            out.push((r, 1));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: &BigUint) -> Vec<String> {
        simple_groups_of_order(n)
            .into_iter()
            .map(|g| g.name)
            .collect()
    }

    #[test]
    fn orders_of_known_simple_groups() {
        let big = |s: &str| -> BigUint { s.parse().unwrap() };
        let cases: [(&str, &[&str]); 14] = [
            ("168", &["PSL(2,7)"]),
            ("360", &["A6"]),
            ("504", &["PSL(2,8)"]),
            ("5616", &["PSL(3,3)"]),
            ("6048", &["PSU(3,3)"]),
            ("25920", &["PSp(4,3)"]),
            ("29120", &["2B2(8)"]),
            ("95040", &["M12"]),
            ("283991644800", &["PSL(3,31)"]),
            ("4585351680", &["PSp(6,3)", "PΩ(7,3)"]),
            ("174182400", &["PΩ+(8,2)"]),
            ("197406720", &["PΩ-(8,2)"]),
            ("4030387200", &["He"]),
            ("1216451004088320000", &["A20"]),
        ];
        for (order, expected) in cases {
            assert_eq!(names(&big(order)), expected, "{order}");
        }
        // G2(3), 3D4(2), 2F4(2)' (the Tits group), F4(2)
        assert_eq!(names(&big("4245696")), ["G2(3)"]);
        assert_eq!(names(&big("211341312")), ["3D4(2)"]);
        assert_eq!(names(&big("17971200")), ["2F4(2)'"]);
        assert_eq!(names(&big("3311126603366400")), ["F4(2)"]);
        // not simple orders
        for n in [1u64, 4, 12, 120, 720, 40320] {
            assert!(names(&n.into()).is_empty(), "{n}");
        }
        assert_eq!(names(&7u32.into()), ["C7"]);
    }

    #[test]
    fn sporadic_orders_match_their_factorizations() {
        // |G| as prime powers (Wilson, Table 1.2): the table's decimal orders agree
        let table = sporadic_groups();
        let check = |name: &str, f: &[(u64, u32)]| {
            let o: BigUint = f.iter().map(|&(p, e)| BigUint::from(p).pow(e)).product();
            let (_, t) = table.iter().find(|(n, _)| n == name).expect(name);
            assert_eq!(&o, t, "{name}");
        };
        check("M24", &[(2, 10), (3, 3), (5, 1), (7, 1), (11, 1), (23, 1)]);
        check(
            "J4",
            &[
                (2, 21),
                (3, 3),
                (5, 1),
                (7, 1),
                (11, 3),
                (23, 1),
                (29, 1),
                (31, 1),
                (37, 1),
                (43, 1),
            ],
        );
        check(
            "Co1",
            &[(2, 21), (3, 9), (5, 4), (7, 2), (11, 1), (13, 1), (23, 1)],
        );
        check(
            "Fi24'",
            &[
                (2, 21),
                (3, 16),
                (5, 2),
                (7, 3),
                (11, 1),
                (13, 1),
                (17, 1),
                (23, 1),
                (29, 1),
            ],
        );
        check(
            "B",
            &[
                (2, 41),
                (3, 13),
                (5, 6),
                (7, 2),
                (11, 1),
                (13, 1),
                (17, 1),
                (19, 1),
                (23, 1),
                (31, 1),
                (47, 1),
            ],
        );
        check(
            "M",
            &[
                (2, 46),
                (3, 20),
                (5, 9),
                (7, 6),
                (11, 2),
                (13, 3),
                (17, 1),
                (19, 1),
                (23, 1),
                (29, 1),
                (31, 1),
                (41, 1),
                (47, 1),
                (59, 1),
                (71, 1),
            ],
        );
        assert_eq!(table.len(), 27);
    }
}
