//! The cycle index of a group and Burnside/Pólya orbit counting.
//!
//! The cycle index of `G ≤ Sym(n)` is `Z(G) = (1/|G|) Σ_{g∈G} Π_k x_k^{a_k(g)}`, where
//! `a_k(g)` is the number of `k`-cycles of `g` (fixed points are 1-cycles). It is
//! computed from the conjugacy classes ([`PermGroup::conjugacy_classes`]): conjugate
//! elements have the same cycle type, so each class contributes its size times the
//! monomial of its representative. By the Cauchy–Frobenius ("Burnside") lemma the
//! number of orbits of `G` on a set `X` is the average number of points of `X` that an
//! element fixes, and Pólya's theorem reads these off the cycle index (Pólya 1937; de
//! Bruijn, "Pólya's theory of counting", in *Applied Combinatorial Mathematics* (1964);
//! Kerber, *Applied Finite Group Actions*, §2.2):
//!
//! * colourings of the `n` points with `c` colours: `g` fixes `c^{cycles(g)}` of them,
//!   so there are `Z(G; x_k = c)` orbits;
//! * `k`-subsets of the points: `g` fixes the unions of its cycles with `k` points in
//!   all, counted by the coefficient of `t^k` in `Π_k (1 + t^k)^{a_k}`, so the number of
//!   orbits is the coefficient of `t^k` in `Z(G; x_k = 1 + t^k)`.
//!
//! The sums are exact integers divided by `|G|`; the division is checked to be exact.

use super::classes::ClassesError;
use super::{GroupError, PermGroup};
use crate::perm::Perm;
use num_bigint::BigUint;
use num_traits::Zero;
use std::collections::BTreeMap;

/// The largest symmetry group [`PermGroup::orbit_count_under_conjugation`] lists.
pub const SYMMETRY_LIMIT: u64 = 100_000;

/// The largest number of classes the counting shortcuts of [`PermGroup`] compute
/// ([`PermGroup::orbit_count_colourings`], [`PermGroup::orbit_count_subsets`]).
pub const CLASS_LIMIT: usize = 100_000;

/// The cycle index of a permutation group: the number of elements of each cycle type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleIndex {
    degree: usize,
    order: BigUint,
    /// Cycle type (all `degree` points, lengths decreasing) → number of elements.
    terms: BTreeMap<Vec<usize>, BigUint>,
}

impl CycleIndex {
    /// The cycle-type distribution: for each cycle type (the cycle lengths of all the
    /// group's points, fixed points included, decreasing) the number of elements of
    /// that type. The numbers sum to `|G|`.
    pub fn distribution(&self) -> &BTreeMap<Vec<usize>, BigUint> {
        &self.terms
    }

    /// `|G|`.
    pub fn order(&self) -> &BigUint {
        &self.order
    }

    /// The number of points the cycle types are taken on.
    pub fn degree(&self) -> usize {
        self.degree
    }

    /// `(1/|G|) Σ_terms count · Π_cycles f(length)`, which must be an integer.
    fn average(&self, f: impl Fn(&[usize]) -> BigUint) -> BigUint {
        let sum = self
            .terms
            .iter()
            .fold(BigUint::zero(), |a, (t, count)| a + count * f(t));
        let (q, r) = (&sum / &self.order, &sum % &self.order);
        assert!(r.is_zero(), "Burnside's sum is a multiple of |G|");
        q
    }

    /// The number of orbits on colourings of the points with `colours` colours
    /// (Pólya: `Z(G; x_k = colours)`).
    ///
    /// ```
    /// use permlab::{Perm, PermGroup};
    /// // necklaces of 6 beads in 2 colours up to rotation: 14
    /// let c6 = PermGroup::new(6, vec!["(1,2,3,4,5,6)".parse().unwrap()]);
    /// let z = c6.cycle_index(1000).unwrap();
    /// assert_eq!(z.colourings(2), 14u32.into());
    /// ```
    pub fn colourings(&self, colours: u64) -> BigUint {
        let c = BigUint::from(colours);
        self.average(|t| c.pow(t.len() as u32))
    }

    /// The number of orbits on the `k`-subsets of the points (the coefficient of
    /// `t^k` in `Z(G; x_k = 1 + t^k)`); 0 when `k` exceeds the degree.
    ///
    /// ```
    /// use permlab::PermGroup;
    /// // pairs of vertices of a square up to its symmetries: edges and diagonals
    /// let d8 = PermGroup::new(4, vec!["(1,2,3,4)".parse().unwrap(), "(1,3)".parse().unwrap()]);
    /// assert_eq!(d8.cycle_index(1000).unwrap().subsets(2), 2u32.into());
    /// ```
    pub fn subsets(&self, k: usize) -> BigUint {
        if k > self.degree {
            return BigUint::zero();
        }
        self.average(|t| {
            // coefficients of t^0..t^k in Π (1 + t^len)
            let mut coeff = vec![BigUint::zero(); k + 1];
            coeff[0] = BigUint::from(1u32);
            for &len in t {
                for j in (len..=k).rev() {
                    let add = coeff[j - len].clone();
                    coeff[j] += add;
                }
            }
            coeff.swap_remove(k)
        })
    }
}

impl PermGroup {
    /// The cycle index, from the conjugacy classes (`limit` as in
    /// [`PermGroup::conjugacy_classes`]). Cycle types are taken on all
    /// [`PermGroup::degree`] points.
    ///
    /// ```
    /// use permlab::PermGroup;
    /// let s3 = PermGroup::new(3, vec!["(1,2,3)".parse().unwrap(), "(1,2)".parse().unwrap()]);
    /// let z = s3.cycle_index(1000).unwrap();
    /// let d: Vec<(Vec<usize>, u32)> = z
    ///     .distribution()
    ///     .iter()
    ///     .map(|(t, k)| (t.clone(), k.try_into().unwrap()))
    ///     .collect();
    /// assert_eq!(d, vec![(vec![1, 1, 1], 1), (vec![2, 1], 3), (vec![3], 2)]);
    /// ```
    pub fn cycle_index(&self, limit: usize) -> Result<CycleIndex, ClassesError> {
        let mut terms: BTreeMap<Vec<usize>, BigUint> = BTreeMap::new();
        for c in self.conjugacy_classes(limit)? {
            let t = c.representative.extended(self.degree).cycle_type();
            *terms.entry(t).or_default() += c.size;
        }
        Ok(CycleIndex {
            degree: self.degree,
            order: self.order(),
            terms,
        })
    }

    /// The number of orbits of `G` on the colourings of its [`PermGroup::degree`]
    /// points with `colours` colours (Burnside/Pólya, see the module docs), with at
    /// most [`CLASS_LIMIT`] classes.
    ///
    /// ```
    /// use permlab::PermGroup;
    /// // the rotations of a cube on its 6 faces: 57 colourings with 3 colours
    /// let faces = PermGroup::new(6, vec!["(1,2,3,4)".parse().unwrap(), "(1,5,3,6)".parse().unwrap()]);
    /// assert_eq!(faces.order(), 24u32.into());
    /// assert_eq!(faces.orbit_count_colourings(3).unwrap(), 57u32.into());
    /// ```
    pub fn orbit_count_colourings(&self, colours: u64) -> Result<BigUint, ClassesError> {
        Ok(self.cycle_index(CLASS_LIMIT)?.colourings(colours))
    }

    /// The number of orbits of `G` on the `k`-subsets of its [`PermGroup::degree`]
    /// points (see the module docs), with at most [`CLASS_LIMIT`] classes.
    pub fn orbit_count_subsets(&self, k: usize) -> Result<BigUint, ClassesError> {
        Ok(self.cycle_index(CLASS_LIMIT)?.subsets(k))
    }
}

impl PermGroup {
    /// The number of orbits of `M = ⟨symmetries⟩` on the elements of `G` acting by
    /// conjugation `g ↦ m⁻¹ g m`: the positions of a puzzle up to its symmetries (a
    /// position is the element taking solved to it, and a symmetry `m` of the whole
    /// puzzle, e.g. a cube rotation, turns it into `m⁻¹ g m`). By the Cauchy–Frobenius
    /// lemma it is `(1/|M|) Σ_{m∈M} |C_G(m)|`, the elements of `G` that conjugation by
    /// `m` fixes being its centralizer (Kerber, *Applied Finite Group Actions*, §2.2).
    /// `Err` when a symmetry does not normalize `G` (checked on generators: every
    /// `m⁻¹ s m` lies in `G`), moves points beyond the degree, or `|M|` exceeds
    /// [`SYMMETRY_LIMIT`].
    ///
    /// ```
    /// use permlab::{Perm, PermGroup};
    /// // A5 up to conjugation in S5: the cycle types 1, (3), (2,2), (5)
    /// let a5 = PermGroup::new(5, vec!["(1,2,3)".parse().unwrap(), "(1,2,3,4,5)".parse().unwrap()]);
    /// let s5: Vec<Perm> = vec!["(1,2)".parse().unwrap(), "(1,2,3,4,5)".parse().unwrap()];
    /// assert_eq!(a5.orbit_count_under_conjugation(&s5).unwrap(), 4u32.into());
    /// ```
    pub fn orbit_count_under_conjugation(
        &self,
        symmetries: &[Perm],
    ) -> Result<BigUint, GroupError> {
        let n = self.degree;
        for (i, m) in symmetries.iter().enumerate() {
            if let Some(point) = m.support().into_iter().find(|&p| p >= n) {
                return Err(GroupError::Degree {
                    what: "symmetry",
                    index: i + 1,
                    point: point + 1,
                    degree: n,
                });
            }
        }
        let ms: Vec<Perm> = symmetries.iter().map(|m| m.extended(n)).collect();
        for (i, m) in ms.iter().enumerate() {
            let m_inv = m.inverse();
            if self
                .generators
                .iter()
                .any(|s| !self.contains(&(&(&m_inv * s) * m)))
            {
                return Err(GroupError::NotInGroup {
                    what: "conjugate of a generator by symmetry",
                    index: i + 1,
                });
            }
        }
        let order_m = PermGroup::new(n, ms.clone()).order();
        if order_m > BigUint::from(SYMMETRY_LIMIT) {
            return Err(GroupError::TooLarge(format!(
                "the symmetry group has order {order_m}, more than {SYMMETRY_LIMIT} (its elements are listed)"
            )));
        }
        let mut sum = BigUint::zero();
        for m in super::elements_by_closure(n, &ms) {
            sum += self.centralizer(&m)?.order();
        }
        let (q, r) = num_integer::Integer::div_rem(&sum, &order_m);
        assert!(
            r.is_zero(),
            "Burnside's sum {sum} is not divisible by |M| = {order_m}"
        );
        Ok(q)
    }
}
