//! Setwise stabilizers, by backtrack search ([`super::backtrack`]).
//!
//! `G_{S} = {g ∈ G : S^g = S}`. The chain used has the points of `S` first in its base
//! (Butler 1982; Leon 1991; Seress, *Permutation Group Algorithms*, §9.1): a base
//! point of `S` may only go to a point of `S`, and below those levels every element
//! fixes `S` pointwise, so the pointwise stabilizer `G_(S) ≤ G_{S}` is taken whole and
//! the search only runs over the first `|S|` levels. As `G` fixes the points it does
//! not move, `S` may be replaced by the complement of `S` in the moved points, and
//! the smaller of the two is searched. Without partition refinement (Leon 1991) the
//! search can take exponential time for large sets in large groups.

use super::backtrack::{
    check_chain_size, subgroup_search_bounded, BacktrackError, PartialMap, StabilizesSet,
    WORK_LIMIT,
};
use super::limit::{unlimited, Limit};
use super::{Chain, GroupError, PermGroup};

impl PermGroup {
    /// The setwise stabilizer of `points` (0-based, each once). `Err` names a point
    /// beyond the degree or a repeated point, and refuses a search whose stabilizer
    /// chain would be larger than
    /// [`CHAIN_BYTES_LIMIT`](super::backtrack::CHAIN_BYTES_LIMIT) or that computes more
    /// than [`WORK_LIMIT`] point images (it then gives up).
    ///
    /// ```
    /// use permlab::PermGroup;
    /// let s5 = PermGroup::new(5, vec!["(1,2,3,4,5)".parse().unwrap(), "(1,2)".parse().unwrap()]);
    /// // S_2 × S_3
    /// assert_eq!(s5.setwise_stabilizer(&[0, 1]).unwrap().order(), 12u32.into());
    /// ```
    pub fn setwise_stabilizer(&self, points: &[usize]) -> Result<PermGroup, GroupError> {
        let n = self.degree;
        let mut member = vec![false; n];
        for &p in points {
            if p >= n {
                return Err(GroupError::Points(format!(
                    "point {} is beyond the degree {n}",
                    p + 1
                )));
            }
            if member[p] {
                return Err(GroupError::Points(format!(
                    "point {} is listed twice",
                    p + 1
                )));
            }
            member[p] = true;
        }
        // G fixes the points it does not move, so Stab(S) = Stab(S ∩ M) = Stab(M ∖ S)
        // for the moved points M: search with the smaller of the two
        let moved = self.moved_points();
        let inside = moved.iter().filter(|&&p| member[p]).count();
        if 2 * inside > moved.len() {
            for &p in &moved {
                member[p] = !member[p];
            }
        }
        let prefix: Vec<usize> = moved.iter().copied().filter(|&p| member[p]).collect();
        // the levels past the group's own base length are trivial, whatever the prefix
        check_chain_size(n, self.base().len(), "the setwise stabilizer")?;
        let order = self.order();
        let chain = Chain::build(n, &self.generators, &prefix, Some(&order));
        let known = prefix.len();
        let property = StabilizesSet { member };
        let (gens, k) = subgroup_search_bounded(
            &chain,
            &property,
            known,
            &PartialMap::new(n),
            Some(WORK_LIMIT),
            "the setwise stabilizer",
            &Limit::NONE,
        )
        .map_err(|e| match e {
            BacktrackError::TooLarge(e) => e,
            BacktrackError::Interrupted(_) => unreachable!("no limit was set"),
        })?;
        Ok(unlimited(PermGroup::with_known_order(
            n,
            gens,
            &k,
            &Limit::NONE,
        )))
    }
}
