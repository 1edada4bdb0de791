//! Centralizers and the centre, by backtrack search ([`super::backtrack`]).
//!
//! `C_G(X) = {g ∈ G : gx = xg for all x ∈ X}`. The chain used for the search has as
//! its first base points the points `X` moves, orbit of `⟨X⟩` by orbit (largest
//! first): the image of one point of an orbit of `⟨X⟩` fixes the images of the whole
//! orbit (`(p^x)^g = (p^g)^x`), so only the first point of each orbit branches. The
//! pointwise stabilizer of these points commutes with `X`, so it is taken whole and
//! the search runs over these levels only (Butler 1982;
//! Seress, *Permutation Group Algorithms*, §9.1.2; Holt–Eick–O'Brien, *Handbook of
//! CGT*, §4.6.1). The centre is `Z(G) = C_G(G)`.

use super::backtrack::{
    check_chain_size, subgroup_search_bounded, BacktrackError, Commutes, PartialMap, Property,
    WORK_LIMIT,
};
use super::limit::{unlimited, Interrupted, Limit};
use super::{compute_orbits, Chain, GroupError, PermGroup};
use crate::perm::Perm;

impl PermGroup {
    /// The centralizer `C_G(x)` of a permutation `x` (which need not lie in `G`).
    /// `Err` if `x` moves a point beyond the degree.
    ///
    /// ```
    /// use permlab::{Perm, PermGroup};
    /// let s4 = PermGroup::new(4, vec!["(1,2,3,4)".parse().unwrap(), "(1,2)".parse().unwrap()]);
    /// let x: Perm = "(1,2)".parse().unwrap();
    /// assert_eq!(s4.centralizer(&x).unwrap().order(), 4u32.into());
    /// ```
    pub fn centralizer(&self, x: &Perm) -> Result<PermGroup, GroupError> {
        self.centralizer_of_all(std::slice::from_ref(x))
    }

    /// The centralizer `C_G(H)` of a group `H` on the same points (the elements of `G`
    /// commuting with every generator of `H`).
    pub fn centralizer_of_group(&self, h: &PermGroup) -> Result<PermGroup, GroupError> {
        self.centralizer_of_all(h.generators())
    }

    /// The centre `Z(G) = C_G(G)`.
    ///
    /// ```
    /// use permlab::Puzzle;
    /// // the superflip is the only non-trivial central element of the cube group
    /// let g = Puzzle::builtin("cube3").unwrap().group();
    /// assert_eq!(g.center().order(), 2u32.into());
    /// ```
    pub fn center(&self) -> PermGroup {
        unlimited(self.center_within(&Limit::NONE))
    }

    /// [`PermGroup::center`] within `limit`.
    pub fn center_within(&self, limit: &Limit) -> Result<PermGroup, Interrupted> {
        limit.check()?;
        if self.giants.is_some() {
            // G contains A(O) on each orbit O (|O| ≥ 8); a central element centralizes
            // each A(O), whose centralizer in Sym(O) is trivial, and maps each orbit
            // to itself: Z(G) = 1.
            return Ok(PermGroup::new(self.degree, Vec::new()));
        }
        if self.is_abelian() {
            return Ok(self.clone());
        }
        // a non-abelian primitive group: the centralizer in Sym(Ω) of a transitive G is
        // isomorphic to N_G(G_α)/G_α; G_α is maximal, so N_G(G_α) is G_α (trivial
        // centralizer) or G (G_α normal, hence trivial: G regular and primitive, so
        // cyclic of prime order, abelian). So Z(G) = 1 (Dixon–Mortimer, Permutation
        // Groups, Thm 4.2A).
        if self.degree > 3 && self.is_primitive_within(limit)? {
            return Ok(PermGroup::new(self.degree, Vec::new()));
        }
        self.centralizer_within(&self.generators.clone(), limit)
    }

    /// The elements of `G` commuting with each of `xs`. `Err` if an element moves a
    /// point beyond the degree, or when the search would build a stabilizer chain
    /// larger than [`CHAIN_BYTES_LIMIT`](super::backtrack::CHAIN_BYTES_LIMIT) or
    /// compute more than [`WORK_LIMIT`] point images (it then gives up).
    pub fn centralizer_of_all(&self, xs: &[Perm]) -> Result<PermGroup, GroupError> {
        self.check_degree(xs, "element")?;
        self.centralizer_search(xs, Some(WORK_LIMIT), &Limit::NONE)
            .map_err(|e| match e {
                BacktrackError::TooLarge(e) => e,
                BacktrackError::Interrupted(_) => unreachable!("no limit was set"),
            })
    }

    /// [`PermGroup::centralizer_of_all`] for elements acting on the group's points,
    /// within `limit` (no bound on the work).
    pub(crate) fn centralizer_within(
        &self,
        xs: &[Perm],
        limit: &Limit,
    ) -> Result<PermGroup, Interrupted> {
        self.centralizer_search(xs, None, limit)
            .map_err(|e| match e {
                BacktrackError::Interrupted(i) => i,
                BacktrackError::TooLarge(e) => unreachable!("no work bound was set: {e}"),
            })
    }

    /// The centralizer of `xs` (acting on the group's points) within `limit`, giving up
    /// past `max_work` point images or a chain beyond the size limit (`None`: no bound
    /// on the work or the chain's size).
    fn centralizer_search(
        &self,
        xs: &[Perm],
        max_work: Option<u64>,
        limit: &Limit,
    ) -> Result<PermGroup, BacktrackError> {
        let n = self.degree;
        let with: Vec<Vec<u32>> = xs.iter().map(|x| x.extended(n).images().to_vec()).collect();
        let property = Commutes { with };
        let moved = self.moved_points();
        let mut is_moved = vec![false; n];
        for &p in &moved {
            is_moved[p] = true;
        }
        // every element of G fixes the points G does not move (pairs p ↦ p and their
        // consequences q ↦ q never conflict)
        let mut start = PartialMap::new(n);
        for p in (0..n).filter(|&p| !is_moved[p]) {
            property.extend(&mut start, p, p);
        }
        let xperms: Vec<Perm> = xs.iter().map(|x| x.extended(n)).collect();
        let mut orbits = compute_orbits(n, &xperms);
        orbits.retain(|o| o.len() > 1);
        orbits.sort_by_key(|o| std::cmp::Reverse(o.len()));
        // the points X moves, orbit by orbit, each orbit in breadth-first order from a
        // point G moves: after its first point, the images of the others are forced
        let mut prefix: Vec<usize> = Vec::new();
        for o in &orbits {
            let Some(first) = o.iter().copied().find(|&p| is_moved[p]) else {
                continue;
            };
            let mut seen = vec![first];
            let mut i = 0;
            while i < seen.len() {
                for x in &xperms {
                    let q = x.image(seen[i]);
                    if !seen.contains(&q) {
                        seen.push(q);
                    }
                }
                i += 1;
            }
            prefix.extend(seen.into_iter().filter(|&p| is_moved[p]));
        }
        if max_work.is_some() {
            // levels below the group's own base length are trivial (empty), whatever the prefix
            let base = self.base().len();
            check_chain_size(n, base, "the centralizer")?;
        }
        let order = self.order_within(limit)?;
        let chain = Chain::build_within(n, &self.generators, &prefix, Some(&order), limit)?;
        // the elements fixing every point X moves commute with X: G_(prefix) ≤ C_G(X)
        let known = prefix.len();
        let (gens, k) = subgroup_search_bounded(
            &chain,
            &property,
            known,
            &start,
            max_work,
            "the centralizer",
            limit,
        )?;
        Ok(PermGroup::with_known_order(n, gens, &k, limit)?)
    }
}
