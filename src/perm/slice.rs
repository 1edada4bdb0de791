//! Slice kernels: the permutation operations on plain image arrays (`a[i] = i^a`),
//! for inner loops that cannot afford an allocation per product (stabilizer chains,
//! factor tables, product replacement, the byte states of [`crate::search`]).
//! [`Perm`](super::Perm)'s operators and these functions follow the same convention,
//! GAP's product: `a · b` is first `a`, then `b`, so `(a · b)[i] = b[a[i]]`.
//!
//! The arrays hold `u32` ([`Perm`](super::Perm)'s images) or `u8` (byte states, at
//! most 256 points), or `u16` ([`Point`]). All arguments of one call have the same
//! length unless a function says otherwise; the functions do not check this beyond
//! the indexing itself (an image outside the array panics).
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

/// The element type of an image array: a point as an unsigned integer. The
/// kernels are generic over it, so that byte states (`u8`) and
/// [`Perm`](super::Perm)'s images (`u32`) share them.
pub trait Point: Copy {
    /// The point as an index.
    fn index(self) -> usize;
    /// The point `i` (which the caller keeps within the type's range).
    fn of_index(i: usize) -> Self;
}

/// Implements [`Point`] for unsigned integer types.
macro_rules! point_for_unsigned {
    ($($t:ty),*) => {$(
        impl Point for $t {
            #[inline(always)]
            fn index(self) -> usize {
                self as usize
            }
            #[inline(always)]
            fn of_index(i: usize) -> $t {
                i as $t
            }
        }
    )*};
}

point_for_unsigned!(u8, u16, u32);

/// The identity on `n` points.
pub fn identity(n: usize) -> Vec<u32> {
    (0..n as u32).collect()
}

/// Whether `a` is the identity.
#[inline]
pub fn is_identity<T: Point>(a: &[T]) -> bool {
    a.iter().enumerate().all(|(i, &x)| x.index() == i)
}

/// `out = a · b` (first `a`, then `b`): `out[i] = b[a[i]]` for `i < a.len()`.
/// `a` may be shorter than `b` (the positions of some points, moved by `b`); `out`
/// is at least as long as `a`.
#[inline(always)]
pub fn compose<T: Point>(a: &[T], b: &[T], out: &mut [T]) {
    for (o, &x) in out.iter_mut().zip(a) {
        *o = b[x.index()];
    }
}

/// `a ← a · b` in place (`a` may be shorter than `b`, as for [`compose`]).
#[inline(always)]
pub fn compose_in_place<T: Point>(a: &mut [T], b: &[T]) {
    for x in a.iter_mut() {
        *x = b[x.index()];
    }
}

/// `a · b` as a new array (as long as `a`).
pub fn product<T: Point>(a: &[T], b: &[T]) -> Vec<T> {
    a.iter().map(|&x| b[x.index()]).collect()
}

/// `out = a^{-1}`: `out[a[i]] = i`. When `a` is shorter than `out` (an injection
/// of `0..a.len()`, as the positions of some labels), only the entries at its
/// images are written: the others keep what they held.
#[inline(always)]
pub fn invert<T: Point>(a: &[T], out: &mut [T]) {
    for (i, &x) in a.iter().enumerate() {
        out[x.index()] = T::of_index(i);
    }
}

/// `a^{-1}` as a new array.
pub fn inverse<T: Point>(a: &[T]) -> Vec<T> {
    let mut out = vec![T::of_index(0); a.len()];
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

    /// The byte kernels agree with the `u32` kernels (and so with [`Perm`]'s
    /// operators) on every pair of permutations of 5 points, and on partial
    /// states (the positions of some labels).
    #[test]
    fn byte_kernels_agree_with_the_u32_kernels() {
        let s5: Vec<Perm> = ["(1,2)", "(1,2,3,4,5)"]
            .iter()
            .map(|g| g.parse().unwrap())
            .collect();
        let all: Vec<Perm> = crate::group::elements_by_closure(5, &s5)
            .into_iter()
            .map(|p| p.extended(5))
            .collect();
        assert_eq!(all.len(), 120);
        let bytes = |a: &[u32]| -> Vec<u8> { a.iter().map(|&x| x as u8).collect() };
        let words = |a: &[u8]| -> Vec<u32> { a.iter().map(|&x| x as u32).collect() };
        for p in &all {
            let (p32, p8) = (p.images(), bytes(p.images()));
            assert_eq!(words(&inverse(&p8)), inverse(p32));
            assert_eq!(is_identity(&p8), p.is_identity());
            for q in &all {
                let (q32, q8) = (q.images(), bytes(q.images()));
                let pq = (p * q).extended(5).images().to_vec();
                assert_eq!(words(&product(&p8, &q8)), pq);
                let mut out = vec![0u8; 5];
                compose(&p8, &q8, &mut out);
                assert_eq!(words(&out), pq);
                let mut a = p8.clone();
                compose_in_place(&mut a, &q8);
                assert_eq!(words(&a), pq);
                assert_eq!(product(p32, q32), pq);
                // the positions of labels 3 and 1 (0-based), moved by q
                let part = [p8[3], p8[1]];
                let mut moved = [0u8; 2];
                compose(&part, &q8, &mut moved);
                assert_eq!(moved, [pq[3] as u8, pq[1] as u8]);
                let mut at = vec![u8::MAX; 5];
                invert(&part, &mut at);
                assert_eq!((at[p8[3] as usize], at[p8[1] as usize]), (0, 1));
                assert_eq!(at.iter().filter(|&&x| x == u8::MAX).count(), 3);
            }
        }
    }
}
