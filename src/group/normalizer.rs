//! Normalizers, by backtrack search ([`super::backtrack`]).
//!
//! `N_G(H) = {x ∈ G : H^x = H}`. An element of the normalizer permutes the orbits of
//! `H` (`(p^H)^x = (p^x)^{H^x} = (p^x)^H`): it maps each point to a point of an orbit of
//! the same length, and all the points of one orbit of `H` into one orbit. These two
//! conditions prune the search over the base images (Butler 1982; Seress,
//! *Permutation Group Algorithms*, §9.1.2 lists them among the standard refinements);
//! the leaves are tested by conjugating the generators of `H` and sifting them through
//! a chain of `H`.
//!
//! ```
//! use permlab::PermGroup;
//! let s4 = PermGroup::new(4, vec!["(1,2,3,4)".parse().unwrap(), "(1,2)".parse().unwrap()]);
//! let c4 = PermGroup::new(4, vec!["(1,2,3,4)".parse().unwrap()]);
//! // the normalizer of a 4-cycle in S4 is the dihedral group of order 8
//! assert_eq!(s4.normalizer(&c4).unwrap().order(), 8u32.into());
//! ```

use super::backtrack::{subgroup_search, Added, PartialMap, Property};
use super::limit::{unlimited, Interrupted, Limit};
use super::{GroupError, PermGroup};
use crate::perm::Perm;

/// The elements normalizing a group `H` (see the module docs).
struct Normalizes<'a> {
    h: &'a PermGroup,
    /// The index of each point's orbit under `H`.
    orbit_of: Vec<usize>,
    /// The orbits of `H`.
    orbits: Vec<Vec<usize>>,
}

impl Property for Normalizes<'_> {
    fn extend(&self, map: &mut PartialMap, point: usize, image: usize) -> bool {
        let (a, b) = (self.orbit_of[point], self.orbit_of[image]);
        if self.orbits[a].len() != self.orbits[b].len() {
            return false;
        }
        for &p in &self.orbits[a] {
            if let Some(q) = map.image(p) {
                if self.orbit_of[q] != b {
                    return false;
                }
            }
        }
        map.add(point, image) != Added::Conflict
    }

    fn holds(&self, x: &[u32]) -> bool {
        let x = crate::perm::Perm::from_images_unchecked(x.to_vec());
        self.h
            .generators()
            .iter()
            .all(|y| self.h.contains(&y.conjugate(&x)))
    }
}

impl PermGroup {
    /// The normalizer `N_G(H)` of a group `H` on the same points (`H` need not lie in
    /// `G`); `Err` when `H` moves a point beyond the degree.
    pub fn normalizer(&self, h: &PermGroup) -> Result<PermGroup, GroupError> {
        self.check_degree(h.generators(), "generator")?;
        Ok(unlimited(self.normalizer_within(h, &Limit::NONE)))
    }

    /// [`PermGroup::normalizer`] for `H` on the group's points, within `limit`.
    pub fn normalizer_within(
        &self,
        h: &PermGroup,
        limit: &Limit,
    ) -> Result<PermGroup, Interrupted> {
        let n = self.degree;
        let h = PermGroup::new(n, h.generators().iter().map(|x| x.extended(n)).collect());
        if let [x] = h.generators() {
            if let Some(nc) = self.normalizer_of_cyclic(x, limit)? {
                return Ok(nc);
            }
        }
        let orbits = super::compute_orbits(n, h.generators());
        let mut orbit_of = vec![0; n];
        for (i, o) in orbits.iter().enumerate() {
            for &p in o {
                orbit_of[p] = i;
            }
        }
        h.chain_within(limit)?;
        let property = Normalizes {
            h: &h,
            orbit_of,
            orbits,
        };
        // G fixes the points it does not move
        let moved = self.moved_points();
        let mut start = PartialMap::new(n);
        let mut is_moved = vec![false; n];
        for &p in &moved {
            is_moved[p] = true;
        }
        for p in (0..n).filter(|&p| !is_moved[p]) {
            // (never refused: the identity normalizes H)
            let _ = property.extend(&mut start, p, p);
        }
        let chain = self.chain_within(limit)?;
        let levels = chain.levels().len();
        let (gens, k) = subgroup_search(chain, &property, levels, &start, limit)?;
        PermGroup::with_known_order(n, gens, &k, limit)
    }
}

/// Cyclic subgroups of order at most this have their normalizer computed from the
/// centralizer ([`PermGroup::normalizer_within`]).
const CYCLIC_ORDER_LIMIT: u64 = 10_000;

impl PermGroup {
    /// `N_G(⟨x⟩)` for `x ∈ G` of order `m ≤` [`CYCLIC_ORDER_LIMIT`]: an element
    /// normalizes `⟨x⟩` exactly when it conjugates `x` to a generator `x^k` (`k` prime
    /// to `m`), and those conjugating `x` to `x^k` form a coset `C_G(x) c_k`; so
    /// `N_G(⟨x⟩) = ⟨C_G(x), c_k⟩` over the `k` for which `x^k` is conjugate to `x`
    /// (each found by [`PermGroup::conjugating_element`] and checked). `None` when `x`
    /// is not in `G` or its order is larger.
    fn normalizer_of_cyclic(
        &self,
        x: &Perm,
        limit: &Limit,
    ) -> Result<Option<PermGroup>, Interrupted> {
        let Some(m) = u64::try_from(&x.order())
            .ok()
            .filter(|&m| m <= CYCLIC_ORDER_LIMIT)
        else {
            return Ok(None);
        };
        if !self.contains_within(x, limit)? {
            return Ok(None);
        }
        let Ok(c) = self.centralizer(x) else {
            return Ok(None);
        };
        let mut gens = c.generators().to_vec();
        let mut order = c.order();
        for k in 2..m {
            limit.check()?;
            if num_integer::gcd(k, m) != 1 {
                continue;
            }
            let y = x.pow(k as i64);
            if let Ok(Some(ck)) = self.conjugating_element(x, &y) {
                if x.conjugate(&ck) == y {
                    gens.push(ck);
                    order += c.order();
                }
            }
        }
        PermGroup::with_known_order(self.degree, gens, &order, limit).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::elements_by_closure;
    use crate::perm::Perm;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    #[test]
    fn normalizers_against_brute_force() {
        let mut rng = StdRng::seed_from_u64(11);
        let random = |n: usize, rng: &mut StdRng| {
            let mut v: Vec<u32> = (0..n as u32).collect();
            v.shuffle(rng);
            Perm::from_images_unchecked(v)
        };
        for case in 0..40 {
            let n = 4 + case % 4;
            let g = PermGroup::new(n, vec![random(n, &mut rng), random(n, &mut rng)]);
            let all = elements_by_closure(n, g.generators());
            let mut list: Vec<&Perm> = all.iter().collect();
            list.sort_by(|a, b| a.images().cmp(b.images()));
            // H: generated by one or two elements of G (sometimes a non-member)
            let mut hg: Vec<Perm> = vec![list[case % list.len()].clone()];
            if case % 3 == 0 {
                hg.push(list[(7 * case) % list.len()].clone());
            }
            if case % 5 == 0 {
                hg = vec![random(n, &mut rng)];
            }
            let h = PermGroup::new(n, hg);
            let hs = elements_by_closure(n, h.generators());
            let expected = all
                .iter()
                .filter(|x| hs.iter().all(|y| hs.contains(&y.conjugate(x))))
                .count();
            let nor = g.normalizer(&h).unwrap();
            assert_eq!(nor.order(), expected.into(), "case {case}");
            assert!(nor.generators().iter().all(|x| all.contains(x)));
        }
    }
}
