//! Slice kernels: the permutation operations on plain image arrays (`&[u32]` with
//! `a[i] = i^a`), for inner loops that cannot afford an allocation per product
//! (stabilizer chains, factor tables, product replacement). [`Perm`](super::Perm)'s
//! operators and these functions follow the same convention, GAP's product: `a · b` is
//! first `a`, then `b`, so `(a · b)[i] = b[a[i]]`.
//!
//! All arguments of one call have the same length; the functions do not check this
//! beyond the indexing itself (an image outside the array panics).
//!
//! ```
//! use permlab::perm::slice;
//! let a = [1u32, 2, 0]; // (1,2,3)
//! let b = [1u32, 0, 2]; // (1,2)
//! let mut ab = [0u32; 3];
//! slice::compose(&a, &b, &mut ab);
//! assert_eq!(ab, [0, 2, 1]); // (2,3)
//! assert!(slice::is_identity(&slice::product(&ab, &slice::inverse(&ab))));
//! ```

/// The identity on `n` points.
pub fn identity(n: usize) -> Vec<u32> {
    (0..n as u32).collect()
}

/// Whether `a` is the identity.
#[inline]
pub fn is_identity(a: &[u32]) -> bool {
    a.iter().enumerate().all(|(i, &x)| i as u32 == x)
}

/// `out = a · b` (first `a`, then `b`): `out[i] = b[a[i]]`.
#[inline]
pub fn compose(a: &[u32], b: &[u32], out: &mut [u32]) {
    for (o, &x) in out.iter_mut().zip(a) {
        *o = b[x as usize];
    }
}

/// `a ← a · b` in place.
#[inline]
pub fn compose_in_place(a: &mut [u32], b: &[u32]) {
    for x in a.iter_mut() {
        *x = b[*x as usize];
    }
}

/// `a · b` as a new array.
pub fn product(a: &[u32], b: &[u32]) -> Vec<u32> {
    a.iter().map(|&x| b[x as usize]).collect()
}

/// `out = a^{-1}`.
#[inline]
pub fn invert(a: &[u32], out: &mut [u32]) {
    for (i, &x) in a.iter().enumerate() {
        out[x as usize] = i as u32;
    }
}

/// `a^{-1}` as a new array.
pub fn inverse(a: &[u32]) -> Vec<u32> {
    let mut out = vec![0u32; a.len()];
    invert(a, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perm::Perm;

    #[test]
    fn kernels_agree_with_the_operators() {
        let p: Perm = "(1,3,8,6)(2,5,7,4)".parse().unwrap();
        let q: Perm = "(1,2)(4,8,5)".parse::<Perm>().unwrap().extended(8);
        assert_eq!(product(p.images(), q.images()), (&p * &q).images());
        let mut a = p.images().to_vec();
        compose_in_place(&mut a, q.images());
        assert_eq!(a, (&p * &q).images());
        assert_eq!(inverse(p.images()), p.inverse().images());
        assert!(is_identity(&product(p.images(), &inverse(p.images()))));
        assert!(!is_identity(p.images()));
        assert!(is_identity(&identity(5)));
    }
}
