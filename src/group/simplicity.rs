//! Proofs that a primitive group is simple, by normal closures of a few elements.
//!
//! Let `D` be primitive on `m` points. A non-trivial normal subgroup `N` of `D` is
//! transitive (its orbits form a block system), so `m` divides `|N|`; take a prime
//! `p | m`, so `p | |N|`. For a Sylow `p`-subgroup `P` of `D`, `N ∩ P` is a Sylow
//! `p`-subgroup of `N`, hence non-trivial, and it is normal in `P`, so it meets the
//! centre `Z(P)` (a non-trivial normal subgroup of a `p`-group does): `N` contains an
//! element `z` of order `p` of `Z(P)`, and with it the normal closure `⟨z^D⟩`. So if
//! `⟨z^D⟩ = D` for one `z` in each subgroup of order `p` of `Z(P)`, every non-trivial
//! normal subgroup is `D`: `D` is simple. When `p` divides `|D|` only once, `P` is any
//! subgroup of order `p` (all are conjugate, and a normal `N` containing one contains
//! all), so one element of order `p` suffices.
//!
//! This is the test of simplicity by normal closures (Seress, *Permutation Group
//! Algorithms*, §6.2, uses the same transitivity of minimal normal subgroups of
//! primitive groups), made finite by Sylow's theorem and the class equation of `P`.
//! A normal closure that is a proper subgroup proves `D` not simple.

use super::limit::{Interrupted, Limit};
use super::schreier_sims::SEED;
use super::PermGroup;
use crate::perm::Perm;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Random elements looked at for an element of order `p`.
const TRIES: usize = 400;

/// The largest centre of a Sylow subgroup whose elements are listed.
const CENTRE_LIMIT: u64 = 1 << 12;

/// A proof of simplicity (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Simplicity {
    /// The degree `m` of the primitive action.
    pub degree: usize,
    /// The prime `p | m`.
    pub prime: u64,
    /// The exponent of `p` in `|D|`.
    pub exponent: u32,
    /// One element of order `p` in each subgroup of order `p` of `Z(P)` (one element
    /// when the exponent is 1); each has normal closure `D`.
    pub elements: Vec<Perm>,
    /// `|Z(P)|` when a Sylow subgroup was computed (exponent above 1).
    pub centre_order: Option<BigUint>,
    /// The generators of that Sylow subgroup `P` (empty when the exponent is 1).
    pub sylow_generators: Vec<Perm>,
}

/// What [`prove_simple`] found.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// `D` is simple.
    Simple(Simplicity),
    /// A proper non-trivial normal subgroup.
    NotSimple(Box<PermGroup>),
    /// Neither could be shown (the reason).
    Undecided(String),
}

/// Decides whether the primitive non-abelian group `d` is simple (module docs).
pub fn prove_simple(d: &PermGroup, limit: &Limit) -> Result<Outcome, Interrupted> {
    let m = d.moved_points().len();
    let factors = d.order_factorization_within(limit)?;
    let order = d.order_within(limit)?;
    let exponent = |p: u64| factors.iter().find(|f| f.0 == p).map_or(0, |f| f.1);
    let mut primes: Vec<u64> = prime_divisors(m as u64);
    // a prime dividing |D| once first (one normal closure), then the smallest exponent
    primes.sort_by_key(|&p| (exponent(p), std::cmp::Reverse(p)));
    let Some(&p) = primes.first() else {
        return Ok(Outcome::Undecided("a group on one point".into()));
    };
    let e = exponent(p);
    let elements = if e == 1 {
        match element_of_order(d, p, limit)? {
            Some(z) => vec![z],
            None => {
                return Ok(Outcome::Undecided(format!(
                    "no element of order {p} among {TRIES} random elements"
                )))
            }
        }
    } else {
        let sylow = d.sylow_subgroup_within(p, limit)?;
        let z = sylow.center_within(limit)?;
        let zo = z.order_within(limit)?;
        match zo.to_u64().filter(|&o| o <= CENTRE_LIMIT) {
            Some(_) => {
                let subgroups = subgroups_of_order_p(&z, p);
                let sylow_generators = sylow.generators().to_vec();
                let centre = Some((zo, sylow_generators));
                return finish(d, &order, m, p, e, subgroups, centre, limit);
            }
            None => {
                return Ok(Outcome::Undecided(format!(
                    "the centre of a Sylow {p}-subgroup has order {zo}, above {CENTRE_LIMIT}"
                )))
            }
        }
    };
    finish(d, &order, m, p, e, elements, None, limit)
}

#[allow(clippy::too_many_arguments)]
fn finish(
    d: &PermGroup,
    order: &BigUint,
    m: usize,
    p: u64,
    e: u32,
    elements: Vec<Perm>,
    centre: Option<(BigUint, Vec<Perm>)>,
    limit: &Limit,
) -> Result<Outcome, Interrupted> {
    for z in &elements {
        let n = d.normal_closure_within(std::slice::from_ref(z), limit)?;
        if &n.order_within(limit)? != order {
            return Ok(Outcome::NotSimple(Box::new(n)));
        }
    }
    let (centre_order, sylow_generators) = match centre {
        Some((o, gens)) => (Some(o), gens),
        None => (None, Vec::new()),
    };
    Ok(Outcome::Simple(Simplicity {
        degree: m,
        prime: p,
        exponent: e,
        elements,
        centre_order,
        sylow_generators,
    }))
}

/// An element of order `p` of `d`: a power of a random element.
fn element_of_order(d: &PermGroup, p: u64, limit: &Limit) -> Result<Option<Perm>, Interrupted> {
    let mut rng = StdRng::seed_from_u64(SEED ^ p);
    for _ in 0..TRIES {
        limit.check()?;
        let r = d.random_element(&mut rng);
        let o = r.order();
        if (&o % p).is_zero() {
            return Ok(Some(super::giant::pow_cyclewise(&r, &(o / p))));
        }
    }
    Ok(None)
}

/// One element of each subgroup of order `p` of the abelian `p`-group `z` (listed
/// whole: its order is at most [`CENTRE_LIMIT`]).
fn subgroups_of_order_p(z: &PermGroup, p: u64) -> Vec<Perm> {
    let elements = super::elements_by_closure(z.degree(), z.generators());
    let pp = BigUint::from(p);
    let mut seen: std::collections::HashSet<Perm> = Default::default();
    let mut out = Vec::new();
    let mut sorted: Vec<&Perm> = elements.iter().collect();
    sorted.sort_by(|a, b| a.images().cmp(b.images()));
    for x in sorted {
        if x.order() != pp || seen.contains(x) {
            continue;
        }
        for k in 1..p {
            seen.insert(x.pow(k as i64));
        }
        out.push(x.clone());
    }
    out
}

/// The distinct primes dividing `m`, increasing.
pub(crate) fn prime_divisors(mut m: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= m {
        if m.is_multiple_of(p) {
            out.push(p);
            while m.is_multiple_of(p) {
                m /= p;
            }
        }
        p += 1;
    }
    if m > 1 {
        out.push(m);
    }
    out
}

/// `n` is a power of the prime `p` (1 included).
pub(crate) fn is_power_of(n: &BigUint, p: u64) -> bool {
    let mut r = n.clone();
    while !r.is_one() {
        let (q, rem) = r.div_rem(&BigUint::from(p));
        if !rem.is_zero() {
            return false;
        }
        r = q;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(gens: &[&str]) -> PermGroup {
        PermGroup::new(0, gens.iter().map(|s| s.parse().unwrap()).collect())
    }

    #[test]
    fn simple_and_not_simple_primitive_groups() {
        // PSL(2,7) on 7 points: 7 divides 168 once
        let psl = group(&["(1,2,3,4,5,6,7)", "(2,3)(4,7)"]);
        match prove_simple(&psl, &Limit::NONE).unwrap() {
            Outcome::Simple(s) => {
                assert_eq!((s.prime, s.exponent, s.elements.len()), (7, 1, 1));
            }
            other => panic!("{other:?}"),
        }
        // M11 on 11 points
        let m11 = group(&["(1,2,3,4,5,6,7,8,9,10,11)", "(3,7,11,8)(4,10,5,6)"]);
        assert!(matches!(
            prove_simple(&m11, &Limit::NONE).unwrap(),
            Outcome::Simple(_)
        ));
        // M12 on 12 = 2^2·3 points: 3^3 and 2^6 divide |M12|, so a Sylow 3-subgroup
        // (extraspecial of order 27, centre of order 3)
        let m12 = group(&[
            "(1,2,3,4,5,6,7,8,9,10,11)",
            "(3,7,11,8)(4,10,5,6)",
            "(1,12)(2,11)(3,6)(4,8)(5,9)(7,10)",
        ]);
        match prove_simple(&m12, &Limit::NONE).unwrap() {
            Outcome::Simple(s) => {
                assert_eq!(s.prime, 3);
                assert_eq!(s.centre_order, Some(3u32.into()));
                assert_eq!(s.elements.len(), 1);
            }
            other => panic!("{other:?}"),
        }
        // AGL(1,5) on 5 points is primitive and not simple (the translations)
        let agl = group(&["(1,2,3,4,5)", "(2,3,5,4)"]);
        match prove_simple(&agl, &Limit::NONE).unwrap() {
            Outcome::NotSimple(n) => assert_eq!(n.order(), 5u32.into()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn prime_helpers() {
        assert_eq!(prime_divisors(1140), [2, 3, 5, 19]);
        assert_eq!(prime_divisors(1), Vec::<u64>::new());
        assert!(is_power_of(&BigUint::from(81u32), 3));
        assert!(is_power_of(&BigUint::from(1u32), 3));
        assert!(!is_power_of(&BigUint::from(18u32), 3));
    }
}
