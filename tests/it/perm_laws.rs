//! Property tests: group laws of `Perm` and its permutation matrices.

use permlab::matrix::to_dmatrix;
use permlab::Perm;
use proptest::prelude::*;

/// A random permutation of degree 1..=24 (Fisher–Yates driven by proptest's values).
fn perm_of_degree(n: usize) -> impl Strategy<Value = Perm> {
    proptest::collection::vec(any::<u32>(), n).prop_map(move |r| {
        let mut images: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            let j = r[i] as usize % (i + 1);
            images.swap(i, j);
        }
        Perm::from_images(images).unwrap()
    })
}

fn three_perms() -> impl Strategy<Value = (Perm, Perm, Perm)> {
    (1usize..=24).prop_flat_map(|n| (perm_of_degree(n), perm_of_degree(n), perm_of_degree(n)))
}

proptest! {
    #[test]
    fn associativity((a, b, c) in three_perms()) {
        prop_assert_eq!(&(&a * &b) * &c, &a * &(&b * &c));
    }

    #[test]
    fn inverse((a, _, _) in three_perms()) {
        prop_assert!((&a * &a.inverse()).is_identity());
        prop_assert!((&a.inverse() * &a).is_identity());
        prop_assert_eq!(a.pow(-1), a.inverse());
    }

    #[test]
    fn pow_adds_exponents((a, _, _) in three_perms(), x in -50i64..50, y in -50i64..50) {
        prop_assert_eq!(a.pow(x + y), &a.pow(x) * &a.pow(y));
    }

    #[test]
    fn pow_order_is_identity((a, _, _) in three_perms()) {
        let k = i64::try_from(a.order()).unwrap();
        prop_assert!(a.pow(k).is_identity());
        // and no smaller positive power is (checked by repeated multiplication)
        let mut p = a.clone();
        for _ in 1..k {
            prop_assert!(!p.is_identity());
            p = &p * &a;
        }
    }

    #[test]
    fn sign_is_multiplicative((a, b, _) in three_perms()) {
        prop_assert_eq!((&a * &b).sign(), a.sign() * b.sign());
    }

    #[test]
    fn matrix_of_product_is_reversed_product((a, b, _) in three_perms()) {
        let pa = to_dmatrix::<i32>(&a);
        let pb = to_dmatrix::<i32>(&b);
        prop_assert_eq!(to_dmatrix::<i32>(&(&a * &b)), &pb * &pa);
    }

    #[test]
    fn cycle_notation_roundtrips((a, _, _) in three_perms()) {
        let text = a.to_string();
        let back = Perm::parse_cycles(&text, Some(a.degree())).unwrap();
        prop_assert_eq!(back, a);
    }

    #[test]
    fn conjugate_and_commutator((a, b, _) in three_perms()) {
        prop_assert_eq!(a.conjugate(&b), &(&b.inverse() * &a) * &b);
        prop_assert_eq!(a.conjugate(&b).order(), a.order());
        let c = Perm::commutator(&a, &b);
        prop_assert_eq!(c, &(&(&a * &b) * &a.inverse()) * &b.inverse());
    }
}

#[test]
fn large_degree_pow_and_order() {
    // degree 2^20: one long cycle
    let n = 1 << 20;
    let images: Vec<u32> = (0..n as u32).map(|i| (i + 1) % n as u32).collect();
    let c = Perm::from_images(images).unwrap();
    assert_eq!(c.order(), (n as u64).into());
    assert_eq!(c.pow(n as i64 + 5), c.pow(5));
    assert_eq!(c.pow(-1).image(0), n - 1);
}
