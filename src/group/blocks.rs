//! Block systems and primitivity, by Atkinson's algorithm.
//!
//! A block of a group acting on an orbit `O` is a set `B ⊆ O` with `B^g = B` or
//! `B^g ∩ B = ∅` for every `g`; the images of a block partition `O` (a block system).
//! Atkinson's algorithm (M. D. Atkinson, "An algorithm for finding the blocks of a
//! permutation group", Math. Comp. 29 (1975); Holt–Eick–O'Brien, *Handbook of CGT*,
//! §4.3.1, `MINIMALBLOCK`) finds the finest block system in which two given points
//! share a block: classes are kept in a union-find structure; when two classes are
//! joined, the images of their representatives under each generator must share a
//! class too, and are joined in turn. Every block containing `α` contains the block
//! of some pair `{α, β}`, so the minimal non-trivial blocks containing `α` are the
//! inclusion-minimal ones among the proper blocks of `{α, β}`, `β ∈ O ∖ {α}`, and each
//! gives one minimal block system.

use super::limit::{unlimited, Interrupted, Limit};
use super::PermGroup;

/// A block system of an orbit: its blocks, each sorted, ordered by smallest point
/// (0-based).
pub type BlockSystem = Vec<Vec<usize>>;

impl PermGroup {
    /// The finest block system in which `a` and `b` lie in one block (Atkinson's
    /// algorithm): a partition of the orbit of `a`. `None` when `a` and `b` are not in
    /// one orbit (or beyond the degree). The block system may be trivial (one block).
    ///
    /// ```
    /// use permlab::PermGroup;
    /// // the dihedral group of the square: opposite corners form blocks
    /// let d8 = PermGroup::new(4, vec!["(1,2,3,4)".parse().unwrap(), "(1,3)".parse().unwrap()]);
    /// assert_eq!(d8.minimal_block_system(0, 2).unwrap(), vec![vec![0, 2], vec![1, 3]]);
    /// ```
    pub fn minimal_block_system(&self, a: usize, b: usize) -> Option<BlockSystem> {
        let orbit = self.orbits.iter().find(|o| o.binary_search(&a).is_ok())?;
        orbit.binary_search(&b).ok()?;
        let class = super::giant::minimal_block_classes(self.degree, &self.generators, a, b);
        let mut classes: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
        for &p in orbit {
            classes.entry(class[p]).or_default().push(p);
        }
        let mut blocks: BlockSystem = classes.into_values().collect();
        blocks.sort();
        Some(blocks)
    }

    /// The minimal block systems (those with blocks of more than one point and fewer
    /// than the whole orbit, and no such system refining them) of the action on each
    /// non-trivial orbit, orbits in order of smallest point; for one orbit, systems in
    /// order of block size, then of the block of the orbit's smallest point. An orbit
    /// on which a recognised giant acts contains no such system (the alternating group
    /// is primitive) and is not searched.
    ///
    /// ```
    /// use permlab::Puzzle;
    /// // cube3: the 8 corners (3 stickers each) and the 12 edges (2 stickers each)
    /// let systems = Puzzle::builtin("cube3").unwrap().group().minimal_block_systems();
    /// let sizes: Vec<(usize, usize)> = systems.iter().map(|s| (s.len(), s[0].len())).collect();
    /// assert_eq!(sizes, [(8, 3), (12, 2)]);
    /// ```
    pub fn minimal_block_systems(&self) -> Vec<BlockSystem> {
        let mut out = Vec::new();
        for orbit in self.orbits.iter().filter(|o| o.len() > 2) {
            if self.giants.is_some() {
                continue;
            }
            let alpha = orbit[0];
            let mut candidates: Vec<BlockSystem> = Vec::new();
            for beta in super::giant::block_candidates(self.degree, &self.generators, orbit) {
                let system = self.minimal_block_system(alpha, beta).expect("same orbit");
                if system.len() > 1 && !candidates.contains(&system) {
                    candidates.push(system);
                }
            }
            // the block of α is the first block of each system (it holds the smallest point)
            let minimal: Vec<BlockSystem> = candidates
                .iter()
                .filter(|s| {
                    !candidates.iter().any(|t| {
                        t[0].len() < s[0].len()
                            && t[0].iter().all(|p| s[0].binary_search(p).is_ok())
                    })
                })
                .cloned()
                .collect();
            let mut minimal = minimal;
            minimal.sort_by(|s, t| (s[0].len(), &s[0]).cmp(&(t[0].len(), &t[0])));
            out.extend(minimal);
        }
        out
    }

    /// Whether `G` is primitive: transitive on its points with no block system other
    /// than the trivial ones (single points, the whole set).
    ///
    /// ```
    /// use permlab::PermGroup;
    /// let d8 = PermGroup::new(4, vec!["(1,2,3,4)".parse().unwrap(), "(1,3)".parse().unwrap()]);
    /// assert!(!d8.is_primitive());
    /// let a5 = PermGroup::new(5, vec!["(1,2,3)".parse().unwrap(), "(1,2,3,4,5)".parse().unwrap()]);
    /// assert!(a5.is_primitive());
    /// ```
    pub fn is_primitive(&self) -> bool {
        unlimited(self.is_primitive_within(&Limit::NONE))
    }

    /// [`PermGroup::is_primitive`] within `limit`: a transitive recognised giant is
    /// primitive; otherwise one block system is looked for (Atkinson's algorithm from
    /// one second point per orbit of a subgroup of the point stabilizer).
    pub fn is_primitive_within(&self, limit: &Limit) -> Result<bool, Interrupted> {
        if !self.is_transitive() {
            return Ok(false);
        }
        limit.check()?;
        if self.giants.is_some() || self.degree <= 3 {
            return Ok(true);
        }
        let all: Vec<usize> = (0..self.degree).collect();
        Ok(
            super::giant::block_system_within(self.degree, &self.generators, &all, limit)?
                .is_none(),
        )
    }
}
