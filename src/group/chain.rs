//! Stabilizer chains: the data structure and its queries.
//!
//! A [`Chain`] for a group `G ≤ Sym(n)` is a base `b_0, …, b_{m-1}` and, for each level
//! `l`, a strong generating set `S_l` of `G^(l)`, the pointwise stabilizer of
//! `b_0, …, b_{l-1}`, the basic orbit `Δ_l = b_l^{G^(l)}` and a transversal: for each
//! `β ∈ Δ_l` an element `u_β ∈ G^(l)` with `b_l^{u_β} = β`. Transversals are kept as
//! Schreier vectors (a spanning tree of the orbit labelled by generators, Sims 1970)
//! and, when `|Δ_l| · n` is small enough ([`EXPLICIT_LIMIT`]) and the chain-wide budget
//! [`EXPLICIT_BUDGET`] allows, also as explicit permutations and their inverses, so
//! sifting costs one product per level.
//!
//! This module holds the levels, their transversals and the queries on a finished chain
//! ([`Chain::sift`], membership, digits, order); [`schreier_sims`](super::schreier_sims)
//! builds chains. The fields are private: a chain can only be made by that construction,
//! so every `Chain` value is a verified stabilizer chain of the group it was built for.
//! (GAP splits its stabilizer-chain code the same way, `stbc.gi` / `stbcrand.gi`.)
//!
//! ```
//! use permlab::group::Chain;
//! use permlab::Perm;
//! // the symmetric group S4 from a 4-cycle and a transposition
//! let gens = ["(1,2,3,4)".parse::<Perm>().unwrap(), "(1,2)".parse().unwrap()];
//! let chain = Chain::build(4, &gens, &[], None);
//! assert_eq!(chain.order(), 24u32.into());
//! assert_eq!(chain.levels().len(), 3);
//! // sifting an element of the group leaves the identity after the last level
//! let s = chain.sift(&"(1,3)(2,4)".parse().unwrap());
//! assert!(s.is_member());
//! ```

use crate::perm::{slice, Perm};
use num_bigint::BigUint;
use num_traits::One;
use std::sync::OnceLock;

/// Marker for "not in the orbit".
pub(crate) const NONE: u32 = u32::MAX;

/// Largest `|Δ_l| · n` (in points) for which a level keeps explicit transversals
/// (64 MiB with the inverses; a full orbit up to degree 2896).
pub const EXPLICIT_LIMIT: usize = 1 << 23;

/// Largest `|Δ_l| · n` (in points, 128 MiB) for which the deterministic test of a
/// level without explicit transversals tabulates their inverses while it runs
/// (the inverse of every transversal element, built along the Schreier tree).
pub const TEMPORARY_TRANSVERSAL_LIMIT: usize = 1 << 25;

/// Largest `|Δ_l| · n` (in points) for which a level keeps explicit transversals
/// while its chain is being built: the construction sifts few elements through the
/// large levels, so tabulating them (again after every change) does not pay; a
/// finished chain keeps them up to [`EXPLICIT_LIMIT`], built on first use.
pub const CONSTRUCTION_EXPLICIT_LIMIT: usize = 1 << 18;

/// Total number of stored points (`u32`s) of explicit transversals in one chain
/// (256 MiB); levels beyond it keep Schreier vectors only.
pub const EXPLICIT_BUDGET: usize = 1 << 26;

/// What explicit transversals a chain may still keep: points in all (of
/// [`EXPLICIT_BUDGET`]) and the largest `|Δ_l| · n` of one level.
#[derive(Clone, Copy, Debug)]
pub(super) struct ExplicitBudget {
    pub(super) points: usize,
    pub(super) level_limit: usize,
}

impl ExplicitBudget {
    /// No explicit transversals.
    pub(super) const NONE: ExplicitBudget = ExplicitBudget {
        points: 0,
        level_limit: 0,
    };
}

/// Explicit transversal elements `u_β` and their inverses, as image arrays stored
/// back to back (`n` entries per orbit point, by orbit index).
type Transversal = (Vec<u32>, Vec<u32>);

/// Appends the explicit transversal elements (and inverses) of the orbit indices
/// `from..parent.len()` to the flat arrays `u`, `ui`: `u_i = u_p s`,
/// `u_i^{-1} = s^{-1} u_p^{-1}` for the tree edge `p --s--> i`.
#[allow(clippy::too_many_arguments)]
fn extend_explicit(
    u: &mut Vec<u32>,
    ui: &mut Vec<u32>,
    n: usize,
    from: usize,
    parent: &[u32],
    edge: &[u32],
    gens: &[Perm],
    gens_inv: &[Perm],
) {
    for i in from..parent.len() {
        let p = parent[i] as usize;
        let s = gens[edge[i] as usize].images();
        let si = gens_inv[edge[i] as usize].images();
        for k in 0..n {
            let x = u[p * n + k];
            u.push(s[x as usize]);
        }
        for &x in si {
            let y = ui[p * n + x as usize];
            ui.push(y);
        }
    }
}

/// One level of a stabilizer chain.
#[derive(Clone, Debug)]
pub struct Level {
    /// The base point `b_l`.
    pub(super) base: usize,
    /// The strong generators `S_l` (they fix `b_0, …, b_{l-1}`).
    pub(super) gens: Vec<Perm>,
    pub(super) gens_inv: Vec<Perm>,
    /// The basic orbit `Δ_l` in breadth-first order from `b_l` (so `orbit[0] = b_l`).
    pub(super) orbit: Vec<u32>,
    /// `pos[x]` = index of `x` in `orbit`, or `u32::MAX` when `x ∉ Δ_l`.
    pub(super) pos: Vec<u32>,
    /// Schreier vector: the generator that leads from the parent to `orbit[i]`.
    edge: Vec<u32>,
    /// Schreier vector: the orbit index of the parent of `orbit[i]`.
    parent: Vec<u32>,
    /// Whether this level keeps explicit transversals (small enough, and within the
    /// chain's [`ExplicitBudget`]); they are built on first use.
    explicit_ok: bool,
    /// Explicit transversal `u_β` and inverses, by orbit index, once built.
    explicit: OnceLock<Transversal>,
}

impl Level {
    /// The base point `b_l` (0-based).
    pub fn base(&self) -> usize {
        self.base
    }

    /// The strong generators `S_l` of this level (they fix the base points above it).
    pub fn generators(&self) -> &[Perm] {
        &self.gens
    }

    /// The basic orbit `Δ_l` in breadth-first order from `b_l` (`orbit()[0]` is the base
    /// point).
    pub fn orbit(&self) -> &[u32] {
        &self.orbit
    }

    pub(super) fn new(base: usize, n: usize, budget: &mut ExplicitBudget) -> Level {
        let mut l = Level {
            base,
            gens: Vec::new(),
            gens_inv: Vec::new(),
            orbit: Vec::new(),
            pos: vec![NONE; n],
            edge: Vec::new(),
            parent: Vec::new(),
            explicit_ok: false,
            explicit: OnceLock::new(),
        };
        l.recompute_orbit(budget);
        l
    }

    /// The index of `x` in the basic orbit.
    #[inline]
    pub fn position(&self, x: usize) -> Option<usize> {
        let p = self.pos[x];
        (p != NONE).then_some(p as usize)
    }

    /// Adds a strong generator and extends the orbit and its Schreier tree in place:
    /// the existing tree stays valid, so only new points get transversal elements.
    pub(super) fn add_gen(&mut self, g: Perm, budget: &mut ExplicitBudget) {
        self.gens_inv.push(g.inverse());
        self.gens.push(g);
        let n = self.pos.len();
        let old_len = self.orbit.len();
        self.grow_orbit(old_len, self.gens.len() - 1);
        if !self.explicit_ok {
            return;
        }
        let extra = 2 * n * (self.orbit.len() - old_len);
        if self.orbit.len() * n > budget.level_limit || extra > budget.points {
            self.drop_explicit(budget);
            return;
        }
        budget.points -= extra;
        if let Some((u, ui)) = self.explicit.get_mut() {
            extend_explicit(
                u,
                ui,
                n,
                old_len,
                &self.parent,
                &self.edge,
                &self.gens,
                &self.gens_inv,
            );
        }
    }

    /// Breadth-first growth of the orbit and its Schreier tree: the first `old_len`
    /// points are only expanded by the generators `first_new..` (the older ones were
    /// applied to them already), later points by every generator.
    fn grow_orbit(&mut self, old_len: usize, first_new: usize) {
        let mut i = 0;
        while i < self.orbit.len() {
            let x = self.orbit[i] as usize;
            let from = if i < old_len { first_new } else { 0 };
            for k in from..self.gens.len() {
                let y = self.gens[k].images()[x] as usize;
                if self.pos[y] == NONE {
                    self.pos[y] = self.orbit.len() as u32;
                    self.orbit.push(y as u32);
                    self.edge.push(k as u32);
                    self.parent.push(i as u32);
                }
            }
            i += 1;
        }
    }

    /// The depth of the Schreier tree: the longest path from the base point, which is
    /// the most generators a transversal element or a division multiplies.
    pub fn tree_depth(&self) -> usize {
        let mut depth = vec![0usize; self.orbit.len()];
        for i in 1..depth.len() {
            depth[i] = depth[self.parent[i] as usize] + 1;
        }
        depth.into_iter().max().unwrap_or(0)
    }

    pub(super) fn recompute_orbit(&mut self, budget: &mut ExplicitBudget) {
        self.drop_explicit(budget);
        for &x in &self.orbit {
            self.pos[x as usize] = NONE;
        }
        self.orbit.clear();
        self.edge.clear();
        self.parent.clear();
        self.orbit.push(self.base as u32);
        self.edge.push(NONE);
        self.parent.push(NONE);
        self.pos[self.base] = 0;
        self.grow_orbit(0, 0);
        self.enable_explicit(budget);
    }

    /// Gives up the explicit transversals (and returns their points to the budget).
    pub(super) fn drop_explicit(&mut self, budget: &mut ExplicitBudget) {
        if self.explicit_ok {
            budget.points += 2 * self.pos.len() * self.orbit.len();
            self.explicit_ok = false;
            self.explicit = OnceLock::new();
        }
    }

    /// Lets this level keep explicit transversals (built on first use) if it is within
    /// the budget's limits.
    pub(super) fn enable_explicit(&mut self, budget: &mut ExplicitBudget) {
        let n = self.pos.len();
        let need = 2 * n * self.orbit.len();
        if !self.explicit_ok && self.orbit.len() * n <= budget.level_limit && need <= budget.points
        {
            budget.points -= need;
            self.explicit_ok = true;
            self.explicit = OnceLock::new();
        }
    }

    /// The explicit transversals, built now if this level keeps them and they are not
    /// built yet.
    #[inline]
    pub(super) fn tables(&self) -> Option<&Transversal> {
        if !self.explicit_ok {
            return None;
        }
        Some(self.explicit.get_or_init(|| {
            let n = self.pos.len();
            let mut u: Vec<u32> = Vec::with_capacity(self.orbit.len() * n);
            let mut ui: Vec<u32> = Vec::with_capacity(self.orbit.len() * n);
            u.extend(0..n as u32);
            ui.extend(0..n as u32);
            extend_explicit(
                &mut u,
                &mut ui,
                n,
                1,
                &self.parent,
                &self.edge,
                &self.gens,
                &self.gens_inv,
            );
            (u, ui)
        }))
    }

    /// `g ← g · u_{orbit[p]}^{-1}` in place (`tmp` is scratch of the same length).
    #[inline]
    pub(super) fn divide(&self, g: &mut Vec<u32>, tmp: &mut Vec<u32>, p: usize) {
        if p == 0 {
            return; // u_{b_l} is the identity
        }
        if let Some((_, ui)) = self.tables() {
            let n = g.len();
            let h = &ui[p * n..(p + 1) * n];
            slice::compose(g, h, tmp);
            std::mem::swap(g, tmp);
        } else {
            // u_β^{-1} is the path from β up to the root, inverses of the edges' labels
            for (k, run) in self.path_runs(p) {
                self.compose_power(g, &self.gens_inv[k], run);
            }
        }
    }

    /// The Schreier generator `u_β s_k u_γ^{-1}` into `h`, for `u = u_β` and `γ = β^{s_k}`
    /// the orbit point of index `q`; `inverses` is the level's table of inverse
    /// transversal elements ([`Level::inverse_transversals`]) when it has one.
    pub(super) fn schreier_generator(
        &self,
        u: &[u32],
        k: usize,
        q: usize,
        inverses: Option<&[u32]>,
        h: &mut Vec<u32>,
        tmp: &mut Vec<u32>,
    ) {
        let n = self.pos.len();
        let s = self.gens[k].images();
        match inverses {
            Some(ui) => {
                let uq = &ui[q * n..(q + 1) * n];
                for (hx, &ux) in h.iter_mut().zip(u) {
                    *hx = uq[s[ux as usize] as usize];
                }
            }
            None => {
                for (hx, &ux) in h.iter_mut().zip(u) {
                    *hx = s[ux as usize];
                }
                self.divide(h, tmp, q);
            }
        }
    }

    /// The tree path from `orbit[p]` up to the root as runs `(generator, length)` of
    /// equal edge labels, bottom first.
    fn path_runs(&self, p: usize) -> Vec<(usize, usize)> {
        let mut runs: Vec<(usize, usize)> = Vec::new();
        let mut q = p;
        while q != 0 {
            let k = self.edge[q] as usize;
            match runs.last_mut() {
                Some((last, run)) if *last == k => *run += 1,
                _ => runs.push((k, 1)),
            }
            q = self.parent[q] as usize;
        }
        runs
    }

    /// `g ← g · x^run`: `run` products, or one power by cycles (`O(n)`) for a long
    /// run. A generator with one long cycle — a cyclic group on `2^24` points — has a
    /// Schreier tree that is a single path; walking it one product per edge costs
    /// `|Δ| · n`.
    fn compose_power(&self, g: &mut [u32], x: &Perm, run: usize) {
        if run <= LONG_RUN {
            for _ in 0..run {
                slice::compose_in_place(g, x.images());
            }
        } else {
            let power = x.pow(run as i64);
            slice::compose_in_place(g, power.images());
        }
    }

    /// The transversal element `u_β` for `β = orbit[p]` as an image array.
    pub fn transversal(&self, p: usize) -> Vec<u32> {
        let n = self.pos.len();
        if let Some((u, _)) = self.tables() {
            return u[p * n..(p + 1) * n].to_vec();
        }
        let mut g = slice::identity(n);
        for (k, run) in self.path_runs(p).into_iter().rev() {
            self.compose_power(&mut g, &self.gens[k], run);
        }
        g
    }

    /// The inverse transversal element `u_β^{-1}` for `β = orbit[p]`.
    pub fn transversal_inverse(&self, p: usize) -> Vec<u32> {
        if let Some((_, ui)) = self.tables() {
            let n = self.pos.len();
            return ui[p * n..(p + 1) * n].to_vec();
        }
        let mut g = slice::identity(self.pos.len());
        let mut tmp = g.clone();
        self.divide(&mut g, &mut tmp, p);
        g
    }

    /// The inverses `u_β^{-1}` of every transversal element, back to back in orbit
    /// order (`n` entries each), built along the Schreier tree with one product per
    /// point; `None` when they would exceed [`TEMPORARY_TRANSVERSAL_LIMIT`] points.
    /// Used while a level's Schreier generators are tested: one product divides by
    /// `u_β` instead of one per tree edge on the path to `β`.
    pub(super) fn inverse_transversals(&self) -> Option<Vec<u32>> {
        let n = self.pos.len();
        let len = self.orbit.len();
        if len.checked_mul(n)? > TEMPORARY_TRANSVERSAL_LIMIT {
            return None;
        }
        let mut ui = Vec::with_capacity(len * n);
        ui.extend(0..n as u32);
        for i in 1..len {
            // u_i^{-1} = s^{-1} u_p^{-1} for the tree edge p --s--> i
            let p = self.parent[i] as usize;
            let si = self.gens_inv[self.edge[i] as usize].images();
            for &x in si {
                let y = ui[p * n + x as usize];
                ui.push(y);
            }
        }
        Some(ui)
    }

    /// Whether explicit transversals are kept (built on first use).
    pub fn has_explicit_transversal(&self) -> bool {
        self.explicit_ok
    }

    /// The Schreier tree: for orbit index `i > 0`, `(parent index, generator index)`.
    pub fn tree_edge(&self, i: usize) -> Option<(usize, usize)> {
        (i > 0).then(|| (self.parent[i] as usize, self.edge[i] as usize))
    }
}

/// The longest run of equal edge labels on a Schreier-tree path that is applied one
/// product per edge (longer runs: one power by cycles, see `Level::compose_power`).
const LONG_RUN: usize = 4;

/// A stabilizer chain (base and strong generating set).
#[derive(Clone, Debug)]
pub struct Chain {
    /// The degree `n`.
    pub(super) degree: usize,
    /// The levels, top (whole group) first.
    pub(super) levels: Vec<Level>,
    /// Points of explicit transversals that may still be stored.
    pub(super) budget: ExplicitBudget,
    /// `passed[l][k][p]`: the Schreier generator of orbit point `p` and generator `k`
    /// of level `l` has passed the deterministic test (kept between its rounds).
    pub(super) passed: Vec<Vec<Vec<bool>>>,
    /// Whether the stabilizer `G^(l)` is generated by the generators of the levels
    /// `l..` together (a chain completed by its random phase, whose residues are
    /// kept at the level they left the chain only) rather than by those of level `l`
    /// alone; see [`Chain::stabilizer_generators`].
    pub(super) union_generators: bool,
}

/// The result of sifting an element through a chain ([`Chain::sift`]; GAP's
/// `SiftedPermutation`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sifted {
    /// What is left of the element: `g · u_0^{-1} · u_1^{-1} ⋯` over the levels passed.
    pub residue: Perm,
    /// The index of the level where sifting stopped because the residue maps that
    /// level's base point outside its basic orbit; `None` when it passed every level.
    pub stopped_at: Option<usize>,
}

impl Sifted {
    /// Whether the element lies in the group: it passed every level and nothing is left.
    pub fn is_member(&self) -> bool {
        self.stopped_at.is_none() && self.residue.is_identity()
    }
}

impl Chain {
    /// Sifts the image array `g` (of length `degree`) from level `from` in place;
    /// returns the level where it left the chain (`levels.len()` if it passed every
    /// level). `visit` sees the orbit index of each level passed. This is the one
    /// sifting loop of the crate: construction, membership, digits and [`Chain::sift`]
    /// all use it.
    #[inline]
    pub(super) fn sift_images_visiting(
        &self,
        g: &mut Vec<u32>,
        tmp: &mut Vec<u32>,
        from: usize,
        visit: impl FnMut(usize),
    ) -> usize {
        self.sift_images_tabled(g, tmp, from, &[], visit)
    }

    /// [`Chain::sift_images_visiting`] where `inverses[i]`, when present, is the table of
    /// inverse transversal elements of level `from + i` built for a test that sifts
    /// many elements ([`Chain::temporary_inverse_tables`]).
    #[inline]
    pub(super) fn sift_images_tabled(
        &self,
        g: &mut Vec<u32>,
        tmp: &mut Vec<u32>,
        from: usize,
        inverses: &[Option<Vec<u32>>],
        mut visit: impl FnMut(usize),
    ) -> usize {
        let n = self.degree;
        for (i, lv) in self.levels.iter().enumerate().skip(from) {
            let p = lv.pos[g[lv.base] as usize];
            if p == NONE {
                return i;
            }
            let p = p as usize;
            visit(p);
            match inverses.get(i - from) {
                Some(Some(ui)) if p != 0 => {
                    slice::compose(g, &ui[p * n..(p + 1) * n], tmp);
                    std::mem::swap(g, tmp);
                }
                _ => lv.divide(g, tmp, p),
            }
        }
        self.levels.len()
    }

    /// Inverse transversal tables for the levels `from..` that keep no explicit
    /// transversals, for a test expected to sift about `sifts` elements through them:
    /// a level gets one when walking its Schreier tree for each sift would cost more
    /// than tabulating it (`sifts · depth > 4 |Δ|`), the levels with the most to gain
    /// first, within [`TEMPORARY_TRANSVERSAL_LIMIT`] points in all.
    pub(super) fn temporary_inverse_tables(
        &self,
        from: usize,
        sifts: usize,
    ) -> Vec<Option<Vec<u32>>> {
        let n = self.degree;
        let levels = self.levels.get(from..).unwrap_or(&[]);
        let mut gain: Vec<(usize, usize)> = levels
            .iter()
            .enumerate()
            .filter(|(_, lv)| !lv.has_explicit_transversal())
            .map(|(i, lv)| (i, sifts.saturating_mul(lv.tree_depth())))
            .filter(|&(i, g)| g > 4 * levels[i].orbit.len())
            .collect();
        gain.sort_by_key(|&(i, g)| std::cmp::Reverse(g / levels[i].orbit.len().max(1)));
        let mut left = TEMPORARY_TRANSVERSAL_LIMIT;
        let mut tables = vec![None; levels.len()];
        for (i, _) in gain {
            let points = levels[i].orbit.len() * n;
            if points <= left {
                left -= points;
                tables[i] = levels[i].inverse_transversals();
            }
        }
        tables
    }

    /// [`Chain::sift_images_visiting`] without a visitor.
    #[inline]
    pub(crate) fn sift_images(&self, g: &mut Vec<u32>, tmp: &mut Vec<u32>, from: usize) -> usize {
        self.sift_images_visiting(g, tmp, from, |_| {})
    }

    /// The degree `n` of the chain (points `0..n`).
    pub fn degree(&self) -> usize {
        self.degree
    }

    /// The levels, top (the whole group) first.
    pub fn levels(&self) -> &[Level] {
        &self.levels
    }

    /// `|G|`: the product of the basic orbit lengths.
    pub fn order(&self) -> BigUint {
        self.levels
            .iter()
            .fold(BigUint::one(), |acc, l| acc * BigUint::from(l.orbit.len()))
    }

    /// The base points.
    pub fn base(&self) -> Vec<usize> {
        self.levels.iter().map(|l| l.base).collect()
    }

    /// Sifts `g` through the chain (GAP's `SiftedPermutation`; Seress §4.1): at each
    /// level `l`, while the current residue `r` maps the base point `b_l` into the
    /// basic orbit, `r ← r · u_{b_l^r}^{-1}`. `g` lies in the group exactly when it
    /// passes every level with the identity left ([`Sifted::is_member`]).
    ///
    /// An element that moves a point outside `0..degree` is not in the group; it is
    /// returned unsifted, stopped at level 0 (with no levels: not stopped, and the
    /// non-identity residue says it is not a member).
    pub fn sift(&self, g: &Perm) -> Sifted {
        if g.largest_moved_point() > self.degree {
            return Sifted {
                residue: g.clone(),
                stopped_at: (!self.levels.is_empty()).then_some(0),
            };
        }
        let mut a = g.extended(self.degree).images()[..self.degree].to_vec();
        let mut tmp = a.clone();
        let j = self.sift_images(&mut a, &mut tmp, 0);
        Sifted {
            residue: Perm::from_images_unchecked(a),
            stopped_at: (j < self.levels.len()).then_some(j),
        }
    }

    /// Whether `g` (of any degree) lies in the group, by sifting.
    pub fn contains(&self, g: &Perm) -> bool {
        self.sift(g).is_member()
    }

    /// The orbit indices of `g`'s transversal factors, top level first, if `g` is in
    /// the group: `g = u_{m-1} ⋯ u_1 u_0` with `u_l` the transversal element of
    /// `orbit_l[digits[l]]`.
    pub fn digits(&self, g: &Perm) -> Option<Vec<usize>> {
        if g.largest_moved_point() > self.degree {
            return None;
        }
        let mut a = g.extended(self.degree).images()[..self.degree].to_vec();
        let mut tmp = a.clone();
        let mut out = Vec::with_capacity(self.levels.len());
        let j = self.sift_images_visiting(&mut a, &mut tmp, 0, |p| out.push(p));
        (j == self.levels.len() && slice::is_identity(&a)).then_some(out)
    }

    /// The element with the given digits (see [`Chain::digits`]).
    pub fn from_digits(&self, digits: &[usize]) -> Perm {
        let n = self.degree;
        let mut g = slice::identity(n);
        // g = u_{m-1} ⋯ u_0: multiply on the right from the deepest level up.
        for (lv, &d) in self.levels.iter().zip(digits).rev() {
            let u = if let Some((u, _)) = lv.tables() {
                std::borrow::Cow::Borrowed(&u[d * n..(d + 1) * n])
            } else {
                std::borrow::Cow::Owned(lv.transversal(d))
            };
            slice::compose_in_place(&mut g, &u);
        }
        Perm::from_images_unchecked(g)
    }

    /// The chain made of the levels `from..` of this one: a chain of the stabilizer
    /// `G^(from)` (its strong generators are those of level `from`).
    pub fn tail(&self, from: usize) -> Chain {
        Chain {
            degree: self.degree,
            levels: self.levels[from.min(self.levels.len())..].to_vec(),
            budget: ExplicitBudget::NONE,
            passed: Vec::new(),
            union_generators: self.union_generators,
        }
    }

    /// Generators of the stabilizer `G^(l)` of the first `l` base points (no
    /// generators for `l` at or beyond the last level): those of level `l`, or of the
    /// levels `l..` together for a chain completed by its random phase.
    pub fn stabilizer_generators(&self, l: usize) -> Vec<Perm> {
        let Some(levels) = self.levels.get(l..) else {
            return Vec::new();
        };
        if !self.union_generators {
            return levels.first().map_or_else(Vec::new, |lv| lv.gens.clone());
        }
        let mut out: Vec<Perm> = Vec::new();
        for lv in levels {
            for g in &lv.gens {
                if !out.contains(g) {
                    out.push(g.clone());
                }
            }
        }
        out
    }

    /// The strong generators of the whole chain (those of level 0 and all residues).
    pub fn strong_generators(&self) -> Vec<Perm> {
        let mut out: Vec<Perm> = Vec::new();
        for lv in &self.levels {
            for g in &lv.gens {
                if !out.contains(g) {
                    out.push(g.clone());
                }
            }
        }
        out
    }
}
