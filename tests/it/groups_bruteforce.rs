//! Schreier–Sims against brute-force closure on small degrees (proptest).

use permlab::group::elements_by_closure as closure;
use permlab::{Perm, PermGroup};
use proptest::prelude::*;

fn perm_strategy(n: usize) -> impl Strategy<Value = Perm> {
    Just((0..n as u32).collect::<Vec<u32>>())
        .prop_shuffle()
        .prop_map(|v| Perm::from_images(v).unwrap())
}

fn case() -> impl Strategy<Value = (usize, Vec<Perm>, Vec<Perm>)> {
    (1usize..=8).prop_flat_map(|n| {
        (
            Just(n),
            prop::collection::vec(perm_strategy(n), 0..=3),
            prop::collection::vec(perm_strategy(n), 5),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    #[test]
    fn order_contains_rank_agree_with_closure((n, gens, probes) in case()) {
        let g = PermGroup::new(n, gens.clone());
        let all = closure(n, &gens);
        prop_assert_eq!(g.order(), num_bigint::BigUint::from(all.len()));
        for p in &probes {
            prop_assert_eq!(g.contains(p), all.contains(p));
        }
        // rank is a bijection onto 0..|G| and unrank inverts it
        let mut ranks: Vec<u128> = all.iter().map(|x| g.rank(x).unwrap()).collect();
        ranks.sort_unstable();
        prop_assert_eq!(ranks, (0..all.len() as u128).collect::<Vec<_>>());
        for r in 0..all.len() as u128 {
            let x = g.unrank(r).unwrap();
            prop_assert!(all.contains(&x));
            prop_assert_eq!(g.rank(&x), Some(r));
        }
        // factor words evaluate to the element; non-members have none
        for p in &probes {
            match g.factor(p) {
                Some(letters) => {
                    let mut x = Perm::identity(n);
                    for (k, e) in letters {
                        x = &x * &gens[k].pow(e);
                    }
                    prop_assert_eq!(&x, p);
                }
                None => prop_assert!(!all.contains(p)),
            }
        }
        // orbits partition the points
        let total: usize = g.orbits().iter().map(Vec::len).sum();
        prop_assert_eq!(total, n);
    }
}
