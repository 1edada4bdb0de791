//! Subgroups defined by a property, by backtrack search over a stabilizer chain.
//!
//! The method is the classical one for centralizers and set stabilizers (Sims 1971;
//! Butler, "Computing in permutation and matrix groups II: backtrack algorithm",
//! Math. Comp. 39 (1982); Leon, "Permutation group algorithms based on partitions, I:
//! Theory and algorithms", J. Symbolic Comput. 12 (1991); Seress, *Permutation Group
//! Algorithms*, §9.1; Holt–Eick–O'Brien, *Handbook of CGT*, §4.6). Let
//! `K = {x ∈ G : P(x)}` be a subgroup and `b_0, …, b_{m-1}` the base of a chain of `G`.
//! An element `x ∈ G` is determined by its base images `b_l^x`, and the elements of `G`
//! form a tree: at depth `l` the image of `b_l` is chosen. The search
//!
//! * builds `K` bottom-up: when level `i` is treated, generators of
//!   `K^(i+1) = K ∩ G^(i+1)` are known, and for every point `γ` of the basic orbit
//!   `Δ_i` it looks for an `x ∈ K^(i)` with `b_i^x = γ`; a found `x` is a new strong
//!   generator, and `|K^(i) : K^(i+1)|` is the length of the orbit of `b_i` under the
//!   generators found, so `|K|` is known exactly at the end;
//! * skips `γ` when it already lies in that orbit, and tries only one `γ` of each
//!   `K^(i+1)`-orbit (they fix `b_i`, so `x` exists for `γ` iff one exists for `γ^k`);
//! * prunes a subtree as soon as the base images chosen so far contradict the property
//!   ([`Property::extend`]: e.g. an element commuting with `g` maps `p^g` to
//!   `(p^x)^g`, and a set stabilizer maps points of the set into the set);
//! * stops descending at a level `known` below which `G^(known) ≤ K` is known (a set
//!   stabilizer contains the pointwise stabilizer of the set), since then
//!   `x ∈ K` depends only on the coset `G^(known)·t` being searched.
//!
//! The leaves are checked with the property itself ([`Property::holds`]), so pruning
//! only has to be sound, never complete.
//!
//! Without partition refinement the search can take exponential time, so
//! [`subgroup_search`] counts its work (each node of the tree costs one product of
//! degree `n`, and each leaf test `n` per permutation tested) and gives up past
//! [`WORK_LIMIT`] point images, with an error, instead of running without end. Its
//! chain ([`check_chain_size`]) is checked before it is built.

use super::chain::{Chain, NONE};
use super::limit::{Interrupted, Limit};
use super::GroupError;
use crate::perm::Perm;
use num_bigint::BigUint;

/// The most point images (products and tests of degree `n` count `n` each) a
/// [`subgroup_search`] computes before it gives up: 2^28, a second or two (the
/// centralizers and set stabilizers of the tests and benchmarks take at most 10^5).
pub const WORK_LIMIT: u64 = 1 << 28;

/// The largest estimated size in bytes, `4 · n · B²`, of a stabilizer chain on `n`
/// points with a base of `B` points that a search builds ([`check_chain_size`]):
/// 256 MiB.
pub const CHAIN_BYTES_LIMIT: u64 = 1 << 28;

/// Refuses, before it is built, a stabilizer chain on `n` points whose base has at
/// least `base` points when its estimated size exceeds [`CHAIN_BYTES_LIMIT`]: each of
/// the `B` levels keeps its strong generators and their inverses (`n` 4-byte images
/// each), and a level keeps those of every level below, so the chain holds about
/// `B²/2` pairs, `4 · n · B²` bytes (the symmetric group `S_n`, whose base has
/// `n − 1` points, takes about `4n³` bytes and more). `what` names the computation.
pub fn check_chain_size(n: usize, base: usize, what: &str) -> Result<(), GroupError> {
    let bytes = 4 * n as u128 * (base as u128).pow(2);
    if bytes > CHAIN_BYTES_LIMIT as u128 {
        return Err(GroupError::TooLarge(format!(
            "{what} needs a stabilizer chain with a base of at least {base} points on {n} points, about {bytes} bytes, more than the limit of {CHAIN_BYTES_LIMIT} bytes"
        )));
    }
    Ok(())
}

/// The work left of a search's limit (`None`: no limit).
struct Budget {
    left: Option<u64>,
}

impl Budget {
    /// Counts `points` of work; `Err` once past the limit.
    fn spend(&mut self, points: usize) -> Result<(), GaveUp> {
        if let Some(left) = &mut self.left {
            *left = left.checked_sub(points as u64).ok_or(GaveUp)?;
        }
        Ok(())
    }
}

/// A search that reached its work limit.
#[derive(Debug)]
struct GaveUp;

/// A partial injective map of points (the base images chosen so far and their
/// consequences).
#[derive(Clone, Debug)]
pub struct PartialMap {
    forward: Vec<u32>,
    backward: Vec<u32>,
}

/// The result of adding a pair to a [`PartialMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Added {
    /// The pair was new.
    New,
    /// The pair was there already.
    Known,
    /// The point has another image, or the image another preimage.
    Conflict,
}

impl PartialMap {
    /// The empty map on `0..n`.
    pub fn new(n: usize) -> PartialMap {
        PartialMap {
            forward: vec![NONE; n],
            backward: vec![NONE; n],
        }
    }

    /// Adds `p ↦ q`.
    pub fn add(&mut self, p: usize, q: usize) -> Added {
        if self.forward[p] != NONE {
            return if self.forward[p] as usize == q {
                Added::Known
            } else {
                Added::Conflict
            };
        }
        if self.backward[q] != NONE {
            return Added::Conflict;
        }
        self.forward[p] = q as u32;
        self.backward[q] = p as u32;
        Added::New
    }

    /// The point mapped to `q`, if any.
    pub fn preimage(&self, q: usize) -> Option<usize> {
        let p = self.backward[q];
        (p != NONE).then_some(p as usize)
    }

    /// The image of `p`, if set.
    pub fn image(&self, p: usize) -> Option<usize> {
        let q = self.forward[p];
        (q != NONE).then_some(q as usize)
    }
}

/// A property of permutations that defines a subgroup, with a test on partial base
/// images for pruning.
pub trait Property {
    /// Records that the element maps `point` to `image` (with what follows from it)
    /// in `map`; `false` when no element with the property can do so given `map`.
    /// Must never return `false` for a map that an element with the property extends.
    fn extend(&self, map: &mut PartialMap, point: usize, image: usize) -> bool;

    /// Whether the permutation with image array `x` has the property.
    fn holds(&self, x: &[u32]) -> bool;
}

/// The elements commuting with every one of some permutations (a centralizer).
#[derive(Clone, Debug)]
pub struct Commutes {
    /// The permutations, as image arrays of the chain's degree.
    pub with: Vec<Vec<u32>>,
}

impl Property for Commutes {
    /// `x` commutes with `h` iff `(p^h)^x = (p^x)^h` for all `p`: the map is closed
    /// under `p ↦ q ⇒ p^h ↦ q^h`.
    fn extend(&self, map: &mut PartialMap, point: usize, image: usize) -> bool {
        let mut stack = vec![(point, image)];
        while let Some((p, q)) = stack.pop() {
            match map.add(p, q) {
                Added::Conflict => return false,
                Added::Known => {}
                Added::New => {
                    for h in &self.with {
                        stack.push((h[p] as usize, h[q] as usize));
                    }
                }
            }
        }
        true
    }

    fn holds(&self, x: &[u32]) -> bool {
        self.with
            .iter()
            .all(|h| (0..x.len()).all(|p| x[h[p] as usize] == h[x[p] as usize]))
    }
}

/// The elements mapping a set of points onto itself (a setwise stabilizer).
#[derive(Clone, Debug)]
pub struct StabilizesSet {
    /// `member[p]`: whether `p` is in the set.
    pub member: Vec<bool>,
}

impl Property for StabilizesSet {
    fn extend(&self, _map: &mut PartialMap, point: usize, image: usize) -> bool {
        self.member[point] == self.member[image]
    }

    fn holds(&self, x: &[u32]) -> bool {
        (0..x.len()).all(|p| !self.member[p] || self.member[x[p] as usize])
    }
}

/// The subgroup `K = {x ∈ G : P(x)}` of the group of `chain` by the search of the
/// module docs: strong generators of `K` (relative to the chain's base) and `|K|`.
/// The property must define a subgroup, and `G^(known) ≤ K` must hold (pass the
/// number of levels when nothing is known). `start` is a partial map every element of
/// `K` extends (e.g. the points the whole group fixes, mapped to themselves). `limit`
/// is checked before each coset of a level is searched. No bound on the work: see
/// [`subgroup_search_bounded`].
pub fn subgroup_search(
    chain: &Chain,
    property: &impl Property,
    known: usize,
    start: &PartialMap,
    limit: &Limit,
) -> Result<(Vec<Perm>, BigUint), Interrupted> {
    let mut unbounded = Budget { left: None };
    search_levels(chain, property, known, start, &mut unbounded, limit).map_err(|stop| match stop {
        Stop::Interrupted => Interrupted,
        Stop::GaveUp => unreachable!("a search without a work bound never gives up"),
    })
}

/// Why a bounded backtrack search stopped before its answer.
#[derive(Debug, thiserror::Error)]
pub enum BacktrackError {
    /// The limit (deadline or stop flag) ended it.
    #[error(transparent)]
    Interrupted(#[from] Interrupted),
    /// It would take more than its work bound or its chain would be too large
    /// (explained).
    #[error(transparent)]
    TooLarge(#[from] GroupError),
}

/// [`subgroup_search`] that also gives up, with [`BacktrackError::TooLarge`] naming
/// `what`, once it has computed more than `max_work` point images (`None`: no bound;
/// see [`WORK_LIMIT`]).
pub fn subgroup_search_bounded(
    chain: &Chain,
    property: &impl Property,
    known: usize,
    start: &PartialMap,
    max_work: Option<u64>,
    what: &str,
    limit: &Limit,
) -> Result<(Vec<Perm>, BigUint), BacktrackError> {
    let mut budget = Budget { left: max_work };
    search_levels(chain, property, known, start, &mut budget, limit).map_err(|stop| match stop {
        Stop::Interrupted => BacktrackError::Interrupted(Interrupted),
        Stop::GaveUp => BacktrackError::TooLarge(GroupError::TooLarge(format!(
            "{what}: the backtrack search gave up after {} point images (the limit)",
            max_work.unwrap_or(0)
        ))),
    })
}

/// How [`search_levels`] stopped early.
enum Stop {
    Interrupted,
    GaveUp,
}

impl From<Interrupted> for Stop {
    fn from(_: Interrupted) -> Stop {
        Stop::Interrupted
    }
}

impl From<GaveUp> for Stop {
    fn from(_: GaveUp) -> Stop {
        Stop::GaveUp
    }
}

/// [`subgroup_search`] within `budget` and `limit`.
fn search_levels(
    chain: &Chain,
    property: &impl Property,
    known: usize,
    start: &PartialMap,
    budget: &mut Budget,
    limit: &Limit,
) -> Result<(Vec<Perm>, BigUint), Stop> {
    let levels = chain.levels();
    let m = levels.len();
    let known = known.min(m);
    let n = chain.degree();
    let mut found: Vec<Vec<u32>> = chain
        .stabilizer_generators(known)
        .iter()
        .map(|g| g.images().to_vec())
        .collect();
    let mut order = levels[known..]
        .iter()
        .fold(BigUint::from(1u32), |a, l| a * l.orbit().len());
    for i in (0..known).rev() {
        let lv = &levels[i];
        let b = lv.base();
        // the map of elements of G^(i): b_0, …, b_{i-1} fixed
        let mut fixed = start.clone();
        if !(0..i).all(|l| property.extend(&mut fixed, levels[l].base(), levels[l].base())) {
            // unreachable for a subgroup property (the identity has it); be safe
            continue;
        }
        let below = found.clone(); // generators of K^(i+1)
        let mut tried = vec![false; n];
        let mut orbit = vec![b];
        let mut in_orbit = vec![false; n];
        in_orbit[b] = true;
        for (p, &gamma) in lv.orbit().iter().enumerate().skip(1) {
            let gamma = gamma as usize;
            if in_orbit[gamma] || tried[gamma] {
                continue;
            }
            limit.check()?;
            // one γ per K^(i+1)-orbit
            mark_orbit(gamma, &below, &mut tried);
            let mut map = fixed.clone();
            if !property.extend(&mut map, b, gamma) {
                continue;
            }
            budget.spend(n)?;
            let t = lv.transversal(p);
            if let Some(x) = descend(levels, property, known, i + 1, t, &map, budget)? {
                found.push(x);
                orbit = orbit_of(b, &found, n);
                for &q in &orbit {
                    in_orbit[q] = true;
                }
            }
        }
        order *= orbit.len();
    }
    let gens = found.into_iter().map(Perm::from_images_unchecked).collect();
    Ok((gens, order))
}

/// One element `x ∈ G` with the property, or `None`, by the depth-first search of
/// [`subgroup_search`]'s descent from the top of the chain (a coset search: the
/// property may define a coset `K·x` of a subgroup, e.g. the conjugating elements
/// `{x : g^x = h}`). Whether `x` has the property must depend only on the images of
/// the first `known` base points, and `start` is a partial map every such `x`
/// extends.
pub fn element_search(
    chain: &Chain,
    property: &impl Property,
    known: usize,
    start: &PartialMap,
) -> Option<Perm> {
    let known = known.min(chain.levels().len());
    let id: Vec<u32> = (0..chain.degree() as u32).collect();
    let mut unlimited = Budget { left: None };
    descend(
        chain.levels(),
        property,
        known,
        0,
        id,
        start,
        &mut unlimited,
    )
    .unwrap_or(None)
    .map(Perm::from_images_unchecked)
}

/// Depth-first search below level `j - 1` for an element of `K` of the form
/// `v · t` (`v ∈ G^(j)`), given the map of its base images so far; each node and
/// leaf test is counted against `budget`.
fn descend(
    levels: &[super::Level],
    property: &impl Property,
    known: usize,
    j: usize,
    t: Vec<u32>,
    map: &PartialMap,
    budget: &mut Budget,
) -> Result<Option<Vec<u32>>, GaveUp> {
    budget.spend(t.len())?;
    if j >= known {
        return Ok(property.holds(&t).then_some(t));
    }
    let lv = &levels[j];
    let b = lv.base();
    if let Some(gamma) = map.image(b) {
        // the image of b_j is forced: one β, with β^t = γ, if it is in the orbit
        let Some(beta) = t.iter().position(|&x| x as usize == gamma) else {
            return Ok(None);
        };
        let Some(p) = lv.position(beta) else {
            return Ok(None);
        };
        let u = lv.transversal(p);
        let ut: Vec<u32> = u.iter().map(|&x| t[x as usize]).collect();
        return descend(levels, property, known, j + 1, ut, map, budget);
    }
    for (p, &beta) in lv.orbit().iter().enumerate() {
        let gamma = t[beta as usize] as usize;
        if map.preimage(gamma).is_some() {
            continue; // γ is the image of another point already
        }
        let mut next = map.clone();
        if !property.extend(&mut next, b, gamma) {
            continue;
        }
        // u_β · t: first u_β, then t
        let u = lv.transversal(p);
        let ut: Vec<u32> = u.iter().map(|&x| t[x as usize]).collect();
        if let Some(x) = descend(levels, property, known, j + 1, ut, &next, budget)? {
            return Ok(Some(x));
        }
    }
    Ok(None)
}

fn mark_orbit(start: usize, gens: &[Vec<u32>], mark: &mut [bool]) {
    mark[start] = true;
    let mut stack = vec![start];
    while let Some(x) = stack.pop() {
        for g in gens {
            let y = g[x] as usize;
            if !mark[y] {
                mark[y] = true;
                stack.push(y);
            }
        }
    }
}

fn orbit_of(start: usize, gens: &[Vec<u32>], n: usize) -> Vec<usize> {
    let mut mark = vec![false; n];
    mark_orbit(start, gens, &mut mark);
    (0..n).filter(|&x| mark[x]).collect()
}
