//! Permutations of `{0, …, n-1}` stored as image arrays.
//!
//! ```
//! use permlab::Perm;
//! let p: Perm = "(1,3,8,6)(2,5,7,4)".parse().unwrap();
//! assert_eq!(p.order(), 4u32.into());
//! assert_eq!(p.to_string(), "(1,3,8,6)(2,5,7,4)");
//! // GAP's product: first p, then q.
//! let q: Perm = "(1,2)".parse().unwrap();
//! assert_eq!((&p * &q).image(0), 2); // 1 -> 3 under p, 3 is fixed by q
//! ```

pub mod cycles;
pub mod slice;

use cycles::{format_cycles, parse_cycles, CycleParseError};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::One;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Mul;
use std::str::FromStr;

pub use crate::limits::MAX_DEGREE;

/// Checks a degree against [`MAX_DEGREE`].
///
/// ```
/// use permlab::perm::{check_degree, MAX_DEGREE};
/// assert!(check_degree(MAX_DEGREE).is_ok());
/// assert!(check_degree(MAX_DEGREE + 1).is_err());
/// ```
pub fn check_degree(n: usize) -> Result<(), PermError> {
    if n > MAX_DEGREE {
        Err(PermError::TooLarge(n))
    } else {
        Ok(())
    }
}

/// Why a list of images is not a permutation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PermError {
    /// An image is `>= n` (0-based position and value, reported 1-based).
    #[error("image {value} at position {position} is out of range 1..={degree}")]
    OutOfRange {
        /// 1-based position in the list.
        position: usize,
        /// 1-based image.
        value: u64,
        /// The degree n.
        degree: usize,
    },
    /// Two positions have the same image.
    #[error("image {value} is repeated at positions {first} and {second}")]
    Repeated {
        /// 1-based image.
        value: u64,
        /// 1-based first position with this image.
        first: usize,
        /// 1-based second position with this image.
        second: usize,
    },
    /// The degree exceeds [`MAX_DEGREE`].
    #[error("degree {0} is too large (at most {MAX_DEGREE} points)")]
    TooLarge(usize),
}

/// A permutation of the points `0..n` (shown 1-based), stored as the image array
/// `images[i] = i^g`.
///
/// Equality, hashing and products ignore the degree: a permutation is equal to
/// itself extended by fixed points, as in GAP, so `(1,2)` of degree 2 equals `(1,2)` of
/// degree 5. Products of permutations of different degrees have the larger degree.
#[derive(Clone, Debug)]
pub struct Perm {
    images: Vec<u32>,
}

impl Perm {
    /// The identity on `n` points.
    ///
    /// # Panics
    ///
    /// If `n` exceeds [`MAX_DEGREE`]; check input degrees with [`check_degree`] first.
    pub fn identity(n: usize) -> Perm {
        assert!(
            n <= MAX_DEGREE,
            "degree {n} exceeds MAX_DEGREE = {MAX_DEGREE}"
        );
        Perm {
            images: (0..n as u32).collect(),
        }
    }

    /// The permutation with the given 0-based images, checked to be a bijection.
    ///
    /// ```
    /// use permlab::{Perm, PermError};
    /// assert!(Perm::from_images(vec![1, 0, 2]).is_ok());
    /// assert_eq!(
    ///     Perm::from_images(vec![1, 1, 2]).unwrap_err(),
    ///     PermError::Repeated { value: 2, first: 1, second: 2 }
    /// );
    /// ```
    pub fn from_images(images: Vec<u32>) -> Result<Perm, PermError> {
        let n = images.len();
        check_degree(n)?;
        let mut seen = vec![u32::MAX; n];
        for (i, &v) in images.iter().enumerate() {
            let vu = v as usize;
            if vu >= n {
                return Err(PermError::OutOfRange {
                    position: i + 1,
                    value: v as u64 + 1,
                    degree: n,
                });
            }
            if seen[vu] != u32::MAX {
                return Err(PermError::Repeated {
                    value: v as u64 + 1,
                    first: seen[vu] as usize + 1,
                    second: i + 1,
                });
            }
            seen[vu] = i as u32;
        }
        Ok(Perm { images })
    }

    /// The permutation with the given 1-based images (the text form), checked.
    pub fn from_images_one_based(images: &[u64]) -> Result<Perm, PermError> {
        let n = images.len();
        check_degree(n)?;
        let mut zero = Vec::with_capacity(n);
        for (i, &v) in images.iter().enumerate() {
            if v == 0 || v > n as u64 {
                return Err(PermError::OutOfRange {
                    position: i + 1,
                    value: v,
                    degree: n,
                });
            }
            zero.push((v - 1) as u32);
        }
        Perm::from_images(zero)
    }

    /// Builds a permutation from images that the caller guarantees to be a bijection.
    /// Used by algorithms that produce permutations by composition.
    pub(crate) fn from_images_unchecked(images: Vec<u32>) -> Perm {
        debug_assert!(Perm::from_images(images.clone()).is_ok());
        Perm { images }
    }

    /// The permutation given by disjoint or non-disjoint cycles of 0-based points on
    /// `degree` points; cycles are composed left to right. Panics never; errors if a
    /// point is out of range or the degree exceeds [`MAX_DEGREE`].
    pub fn from_cycles(degree: usize, cycles: &[Vec<usize>]) -> Result<Perm, PermError> {
        check_degree(degree)?;
        let mut p = Perm::identity(degree);
        for c in cycles {
            for &x in c {
                if x >= degree {
                    return Err(PermError::OutOfRange {
                        position: 0,
                        value: x as u64 + 1,
                        degree,
                    });
                }
            }
            if c.len() < 2 {
                continue;
            }
            let mut cyc = Perm::identity(degree);
            for k in 0..c.len() {
                cyc.images[c[k]] = c[(k + 1) % c.len()] as u32;
            }
            Perm::from_images(cyc.images.clone())?;
            p = &p * &cyc;
        }
        Ok(p)
    }

    /// Parses cycle notation (1-based) and sets the degree: `None` gives the largest
    /// point mentioned.
    ///
    /// ```
    /// use permlab::Perm;
    /// let p = Perm::parse_cycles("(1,2)(3,4)", Some(12)).unwrap();
    /// assert_eq!(p.degree(), 12);
    /// assert!(Perm::parse_cycles("(1,2,1)", None).is_err());
    /// ```
    pub fn parse_cycles(text: &str, degree: Option<usize>) -> Result<Perm, CycleParseError> {
        parse_cycles(text, degree)
    }

    /// The number of points `n`.
    pub fn degree(&self) -> usize {
        self.images.len()
    }

    /// The 0-based image array.
    pub fn images(&self) -> &[u32] {
        &self.images
    }

    /// The image of the 0-based point `i` (points beyond the degree are fixed).
    #[inline]
    pub fn image(&self, i: usize) -> usize {
        self.images.get(i).map_or(i, |&v| v as usize)
    }

    /// The same permutation on `n >= degree` points (extra points fixed).
    ///
    /// # Panics
    ///
    /// If `n` exceeds [`MAX_DEGREE`].
    pub fn extended(&self, n: usize) -> Perm {
        assert!(
            n <= MAX_DEGREE,
            "degree {n} exceeds MAX_DEGREE = {MAX_DEGREE}"
        );
        let mut images = self.images.clone();
        images.extend(self.images.len() as u32..n.max(self.images.len()) as u32);
        Perm { images }
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        slice::is_identity(&self.images)
    }

    /// The inverse permutation.
    pub fn inverse(&self) -> Perm {
        Perm {
            images: slice::inverse(&self.images),
        }
    }

    /// `self^k` for any integer `k` (negative too), in O(n) time through the cycles.
    ///
    /// ```
    /// use permlab::Perm;
    /// let c: Perm = "(1,2,3,4,5)".parse().unwrap();
    /// assert_eq!(c.pow(7), c.pow(2));
    /// assert_eq!(c.pow(-1), c.inverse());
    /// ```
    pub fn pow(&self, k: i64) -> Perm {
        let n = self.images.len();
        let mut out = vec![0u32; n];
        let mut done = vec![false; n];
        let mut cycle = Vec::new();
        for start in 0..n {
            if done[start] {
                continue;
            }
            cycle.clear();
            let mut x = start;
            while !done[x] {
                done[x] = true;
                cycle.push(x as u32);
                x = self.images[x] as usize;
            }
            let len = cycle.len() as i64;
            let shift = k.rem_euclid(len) as usize;
            for (j, &pt) in cycle.iter().enumerate() {
                out[pt as usize] = cycle[(j + shift) % cycle.len()];
            }
        }
        Perm { images: out }
    }

    /// The nontrivial cycles, each starting at its smallest point, ordered by that
    /// point (0-based points).
    pub fn cycles(&self) -> Vec<Vec<usize>> {
        let n = self.images.len();
        let mut done = vec![false; n];
        let mut out = Vec::new();
        for start in 0..n {
            if done[start] || self.images[start] as usize == start {
                done[start] = true;
                continue;
            }
            let mut c = Vec::new();
            let mut x = start;
            while !done[x] {
                done[x] = true;
                c.push(x);
                x = self.images[x] as usize;
            }
            out.push(c);
        }
        out
    }

    /// The lengths of all cycles, fixed points included, in decreasing order
    /// (a partition of the degree).
    pub fn cycle_type(&self) -> Vec<usize> {
        let mut lens: Vec<usize> = self.cycles().iter().map(Vec::len).collect();
        let moved: usize = lens.iter().sum();
        lens.extend(std::iter::repeat_n(1, self.degree() - moved));
        lens.sort_unstable_by(|a, b| b.cmp(a));
        lens
    }

    /// The order: the least common multiple of the cycle lengths, exact for any degree.
    ///
    /// ```
    /// use permlab::Perm;
    /// let p: Perm = "(1,2,3)(4,5,6,7)".parse().unwrap();
    /// assert_eq!(p.order(), 12u32.into());
    /// ```
    pub fn order(&self) -> BigUint {
        let mut lens: Vec<u64> = self.cycles().iter().map(|c| c.len() as u64).collect();
        lens.sort_unstable();
        lens.dedup();
        lens.iter()
            .fold(BigUint::one(), |acc, &l| acc.lcm(&BigUint::from(l)))
    }

    /// The sign: `1` for even permutations, `-1` for odd ones.
    pub fn sign(&self) -> i8 {
        let even_cycles = self.cycles().iter().filter(|c| c.len() % 2 == 0).count();
        if even_cycles % 2 == 0 {
            1
        } else {
            -1
        }
    }

    /// Whether the permutation is even.
    pub fn is_even(&self) -> bool {
        self.sign() == 1
    }

    /// The moved points (0-based, increasing).
    pub fn support(&self) -> Vec<usize> {
        (0..self.degree()).filter(|&i| self.image(i) != i).collect()
    }

    /// The largest moved point plus one (0 for the identity): the smallest degree that
    /// holds this permutation.
    pub fn largest_moved_point(&self) -> usize {
        (0..self.degree())
            .rev()
            .find(|&i| self.image(i) != i)
            .map_or(0, |i| i + 1)
    }

    /// GAP's conjugate `self^by = by⁻¹ · self · by`: the permutation that does on
    /// `i^by` what `self` does on `i`.
    pub fn conjugate(&self, by: &Perm) -> Perm {
        &(&by.inverse() * self) * by
    }

    /// The commutator in puzzle notation `[a, b] = a b a⁻¹ b⁻¹` (first a, then b, …),
    /// matching the word syntax `[A, B]`. (GAP's `Comm(a, b)` is `a⁻¹ b⁻¹ a b`.)
    pub fn commutator(a: &Perm, b: &Perm) -> Perm {
        let ab = a * b;
        &(&ab * &a.inverse()) * &b.inverse()
    }

    /// Applies the permutation as a puzzle move to a state vector: the entry at
    /// position `i` moves to position `i^g`, so `out[i^g] = state[i]`. This equals
    /// `P x` for the permutation matrix `P` of [`crate::matrix`].
    ///
    /// ```
    /// use permlab::Perm;
    /// let g: Perm = "(1,2,3)".parse().unwrap();
    /// assert_eq!(g.apply_to_state(&['a', 'b', 'c']), vec!['c', 'a', 'b']);
    /// ```
    ///
    /// # Panics
    ///
    /// If `state` is shorter than the degree.
    pub fn apply_to_state<T: Clone>(&self, state: &[T]) -> Vec<T> {
        assert!(state.len() >= self.degree(), "state shorter than degree");
        let mut out = state.to_vec();
        for (i, x) in state.iter().enumerate().take(self.degree()) {
            out[self.image(i)] = x.clone();
        }
        out
    }

    /// The permutation that a state (labels `0..n` at positions) encodes: the piece
    /// labelled `l` sits at position `i`, so the state is reached from solved by the
    /// permutation mapping `l ↦ i`. Errors if the state is not a permutation.
    pub fn from_state(state: &[u32]) -> Result<Perm, PermError> {
        Ok(Perm::from_images(state.to_vec())?.inverse())
    }

    /// The state (labels at positions, 0-based) reached from solved by this
    /// permutation: `state[i^g] = i`.
    pub fn to_state(&self) -> Vec<u32> {
        self.inverse().images
    }

    fn trimmed(&self) -> &[u32] {
        &self.images[..self.largest_moved_point()]
    }
}

impl PartialEq for Perm {
    fn eq(&self, other: &Perm) -> bool {
        self.trimmed() == other.trimmed()
    }
}
impl Eq for Perm {}

impl Hash for Perm {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.trimmed().hash(state)
    }
}

impl Mul<&Perm> for &Perm {
    type Output = Perm;
    /// GAP's product: first `self`, then `rhs`, so `i^(p*q) = (i^p)^q`.
    fn mul(self, rhs: &Perm) -> Perm {
        let n = self.degree().max(rhs.degree());
        let images = (0..n).map(|i| rhs.image(self.image(i)) as u32).collect();
        Perm { images }
    }
}

impl Mul<Perm> for Perm {
    type Output = Perm;
    fn mul(self, rhs: Perm) -> Perm {
        &self * &rhs
    }
}

impl Mul<&Perm> for Perm {
    type Output = Perm;
    fn mul(self, rhs: &Perm) -> Perm {
        &self * rhs
    }
}

impl fmt::Display for Perm {
    /// GAP cycle notation, 1-based; `()` for the identity.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_cycles(&self.cycles()))
    }
}

impl FromStr for Perm {
    type Err = CycleParseError;
    /// Parses GAP cycle notation; the degree is the largest point mentioned.
    fn from_str(s: &str) -> Result<Perm, CycleParseError> {
        parse_cycles(s, None)
    }
}

impl TryFrom<Vec<u32>> for Perm {
    type Error = PermError;
    fn try_from(images: Vec<u32>) -> Result<Perm, PermError> {
        Perm::from_images(images)
    }
}

impl From<Perm> for Vec<u32> {
    fn from(p: Perm) -> Vec<u32> {
        p.images
    }
}

impl serde::Serialize for Perm {
    /// Serialised as its cycle notation.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_is_left_to_right() {
        let p: Perm = "(1,2)".parse().unwrap();
        let q: Perm = "(2,3)".parse().unwrap();
        // 1 -> 2 -> 3, 3 -> 3 -> 2, 2 -> 1 -> 1
        assert_eq!((&p * &q).to_string(), "(1,3,2)");
    }

    #[test]
    fn pow_negative_and_large() {
        let c: Perm = "(1,2,3)(4,5)".parse().unwrap();
        assert_eq!(c.pow(-1), c.inverse());
        assert!(c.pow(6).is_identity());
        assert_eq!(c.pow(i64::MIN), c.pow(i64::MIN.rem_euclid(6)));
    }

    #[test]
    fn order_exceeds_u64() {
        // primes 2..=113 as disjoint cycles: product exceeds 2^64.
        let primes = [
            2usize, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
        ];
        let mut cycles = Vec::new();
        let mut next = 0;
        for &p in &primes {
            cycles.push((next..next + p).collect::<Vec<_>>());
            next += p;
        }
        let g = Perm::from_cycles(next, &cycles).unwrap();
        let expected: BigUint = primes.iter().map(|&p| BigUint::from(p)).product();
        assert_eq!(g.order(), expected);
        assert!(g.order() > BigUint::from(u64::MAX));
    }

    #[test]
    fn equality_ignores_degree() {
        let a = Perm::parse_cycles("(1,2)", Some(2)).unwrap();
        let b = Perm::parse_cycles("(1,2)", Some(9)).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn state_roundtrip() {
        let g: Perm = "(1,4,2)".parse().unwrap();
        let s = g.to_state();
        assert_eq!(Perm::from_state(&s).unwrap(), g);
        let labels: Vec<u32> = (0..4).collect();
        assert_eq!(g.apply_to_state(&labels), s);
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(
            Perm::from_images(vec![0, 5, 1]).unwrap_err().to_string(),
            "image 6 at position 2 is out of range 1..=3"
        );
    }
}
