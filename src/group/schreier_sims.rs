//! Stabilizer chains by the Schreier–Sims algorithm.
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
//! Construction (Seress, *Permutation Group Algorithms*, §4.2–4.5; Holt–Eick–O'Brien,
//! *Handbook of CGT*, §4.4):
//!
//! 1. **Randomized Schreier–Sims**: random elements (product replacement) are sifted
//!    through the partial chain; a non-trivial residue becomes a new strong generator.
//!    This stops after [`RANDOM_STOP`] consecutive elements sift to the identity, or as
//!    soon as the product of the basic orbit lengths equals a known order.
//! 2. **Small generating sets** (`Chain::regenerate`): keeping the base of step 1,
//!    the strong generators of each level `l ≥ 1` are replaced, top-down, by a few
//!    random elements of `⟨S_{l-1}⟩` divided by their transversal element at level
//!    `l-1`, so that `S_l ⊆ Stab_{⟨S_{l-1}⟩}(b_{l-1})` — the invariant Schreier–Sims
//!    needs — while `|S_l|` stays small (the nested sets of plain Schreier–Sims have
//!    about `m − l` elements at level `l`, and the test below costs one sift per
//!    Schreier generator, `Σ |Δ_l| · |S_l|` of them). Without a known order, step 1
//!    therefore adds each residue to the level where it left the chain only. When
//!    many generators are given, `S_0` too is replaced by a few random elements of
//!    `G` (then step 4 runs).
//! 3. **Deterministic verification** (Sims' Schreier-generator test, HEO Algorithm
//!    `SCHREIERSIMS`): bottom-up, every Schreier generator `u_β s u_{β^s}^{-1}` of
//!    every level is sifted through the deeper levels; a non-trivial residue is added
//!    and the test resumes (a Schreier generator that passed is never sifted again).
//!    When it finishes, Schreier's lemma proves by induction from the bottom that level
//!    `l` and below form a complete chain of `⟨S_l⟩`: `Stab_{⟨S_l⟩}(b_l)` is generated
//!    by the Schreier generators, which lie in `⟨S_{l+1}⟩` by the test, and
//!    `⟨S_{l+1}⟩ ≤ Stab_{⟨S_l⟩}(b_l)` by the invariant (for `l = 0` with a replaced
//!    `S_0`, `S_1` is made from random elements of `⟨S_0⟩` itself).
//!    (A residue of a Schreier generator of level `l`, divided by transversal elements
//!    of `⟨S_{l+1}⟩`, lies in `Stab_{⟨S_l⟩}(b_l)` and fixes the base points it passed,
//!    so adding it to `S_{l+1}, …, S_j` keeps the invariant.) Levels left with a
//!    single-point orbit are then dropped.
//!    On a level where the stabilizer `⟨S_{l+1}⟩` is large, the same conclusion is
//!    reached by **Sims' test** ([`super::verify_sgs`]): a few sifts per orbit of
//!    `⟨S_{l+1}⟩` instead of one per Schreier generator. Elsewhere the Schreier
//!    generators are sifted; a level without explicit transversals then tabulates
//!    their inverses for the time of its test
//!    ([`TEMPORARY_TRANSVERSAL_LIMIT`](super::chain::TEMPORARY_TRANSVERSAL_LIMIT)), so
//!    dividing by `u_γ` is one product, not one per edge of the tree path.
//! 4. **Generators** (only when `S_0` was replaced): every given generator is sifted
//!    through the complete chain of `⟨S_0⟩ ≤ G`; one that is not in it joins `S_0`
//!    and step 3 resumes. At the end `⟨S_0⟩` contains the given generators, so it is
//!    `G`.
//!
//! **Guarantee.** The result is always exact: either steps 3 and 4 ran to completion
//! (so the chain is complete for `⟨S_0⟩ = G`), or the
//! product of the orbit lengths equals an order that was proved by other means. The
//! latter is enough: in a partial chain each `Δ_l` is an orbit of a subgroup of
//! `G^(l)`, so `|Δ_l| ≤ |G^(l) : G^(l+1)|` and `∏ |Δ_l| ≤ |G|`; equality forces every
//! `Δ_l` to be the full basic orbit of `G` and `G^(m)` to be trivial, i.e. the chain is
//! complete. Random choices come from a
//! fixed seed, so the chain (base, orbits, ranks) is deterministic.

use crate::group::chain::{
    Chain, ExplicitBudget, Level, CONSTRUCTION_EXPLICIT_LIMIT, EXPLICIT_BUDGET, EXPLICIT_LIMIT,
    NONE,
};
use crate::group::limit::{unlimited, Interrupted, Limit};
use crate::group::random::ProductReplacement;
use crate::group::verify_sgs::LevelCheck;
use crate::perm::{slice, Perm};
use num_bigint::BigUint;
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Consecutive random elements sifting to the identity that end the random phase.
pub const RANDOM_STOP: usize = 8;

/// With a known order (or bound), consecutive random elements sifting to the
/// identity that end the random phase short of it: the deterministic test that
/// follows costs far more than these sifts, and on a direct product of many factors
/// successive product-replacement elements differ in a few factors only, so a short
/// run of identities says little.
pub const RANDOM_STOP_BOUNDED: usize = 64;

/// With a known order, a residue of the random phase that leaves the chain at level
/// `j` joins the levels `j − RESIDUE_WINDOW ..= j` (see `Chain::build_with`).
pub const RESIDUE_WINDOW: usize = 16;

/// The fewest generators `Chain::regenerate` gives a level below the top.
pub const MIN_LEVEL_GENS: usize = 3;

/// Random elements in a row that bring no new orbit point before
/// `Chain::regenerate` stops looking for generators of a level.
pub const REGENERATE_TRIES: usize = 8;

/// Schreier generators still to be sifted at one level beyond which the deeper levels
/// may get explicit transversals for the rest of the construction.
pub const MANY_SCHREIER_GENERATORS: usize = 256;

/// The fewest Schreier generators (`|Δ_l| · |S_l|`) of a level for which the default
/// options verify it by Sims' test when that needs base changes: below, sifting every
/// Schreier generator is cheaper.
pub const SIMS_MIN_SCHREIER: usize = 512;

/// How [`Chain::build_with`] builds a chain. Every choice gives the same, verified
/// chain order; they differ in speed (tests use deliberately poor ones to exercise the
/// deterministic verification).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainOptions {
    /// Step 2 of the module docs: replace the random phase's strong generators by small
    /// sets before the deterministic test. `false` verifies the nested strong
    /// generating sets of the random phase as they are (plain Schreier–Sims).
    pub regenerate: bool,
    /// The fewest generators a regenerated level gets.
    pub min_level_gens: usize,
    /// Random elements in a row that bring no new orbit point before the
    /// regeneration of a level stops.
    pub regenerate_tries: usize,
    /// Step 3 by Sims' test ([`super::verify_sgs`]) on the levels with at least this
    /// many Schreier generators that need base changes (and on every level that needs
    /// none); `None`: the Schreier-generator test on every level.
    pub sims_verify: Option<usize>,
    /// Step 3 by the block test ([`super::verify_blocks`]) on the levels with at least
    /// this many Schreier generators that Sims' test leaves (`Some(0)`: on every level
    /// with a proper block, whatever it saves); `None`: never.
    pub blocks_verify: Option<usize>,
}

impl Default for ChainOptions {
    /// Regeneration with [`MIN_LEVEL_GENS`] and [`REGENERATE_TRIES`].
    fn default() -> ChainOptions {
        ChainOptions {
            regenerate: true,
            min_level_gens: MIN_LEVEL_GENS,
            regenerate_tries: REGENERATE_TRIES,
            sims_verify: Some(SIMS_MIN_SCHREIER),
            blocks_verify: Some(SIMS_MIN_SCHREIER),
        }
    }
}

impl ChainOptions {
    /// Plain Schreier–Sims: no regeneration.
    pub const PLAIN: ChainOptions = ChainOptions {
        regenerate: false,
        min_level_gens: 0,
        regenerate_tries: 0,
        sims_verify: None,
        blocks_verify: None,
    };

    /// Regeneration with the given parameters.
    pub const fn regenerating(min_level_gens: usize, regenerate_tries: usize) -> ChainOptions {
        ChainOptions {
            regenerate: true,
            min_level_gens,
            regenerate_tries,
            sims_verify: Some(SIMS_MIN_SCHREIER),
            blocks_verify: Some(SIMS_MIN_SCHREIER),
        }
    }

    /// These options with step 3 by Sims' test from `min_schreier` Schreier
    /// generators on (`None`: the Schreier-generator test everywhere).
    pub const fn with_sims_verify(mut self, min_schreier: Option<usize>) -> ChainOptions {
        self.sims_verify = min_schreier;
        self
    }

    /// These options with step 3 by the block test from `min_schreier` Schreier
    /// generators on, where Sims' test is not used (`None`: never).
    pub const fn with_blocks_verify(mut self, min_schreier: Option<usize>) -> ChainOptions {
        self.blocks_verify = min_schreier;
        self
    }
}

/// The seed of every random choice made while building a chain.
pub const SEED: u64 = 0x5eed_9e01;

/// The depth beyond which a regenerated level's Schreier tree is rebuilt breadth-first
/// over all its generators: `2 ⌈log₂ |Δ|⌉ + 2`.
fn shallow_depth(orbit_len: usize) -> usize {
    2 * (usize::BITS - orbit_len.leading_zeros()) as usize + 2
}

impl Chain {
    /// The chain of the group generated by `gens`, verified (see the module docs).
    /// `known_order`, when given, must be `|G|` or an upper bound of it proved by other
    /// means ([`super::order_bound`]): the deterministic test is skipped as soon as the
    /// chain reaches it (a partial chain never exceeds `|G|`, so reaching the bound
    /// proves the chain complete); a bound above `|G|` is never reached, and the
    /// deterministic test runs.
    ///
    /// The base starts with `base_prefix` (points that must come first, e.g. for a
    /// pointwise stabilizer); further base points are the first points moved by new
    /// strong generators.
    pub fn build(
        degree: usize,
        gens: &[Perm],
        base_prefix: &[usize],
        known_order: Option<&BigUint>,
    ) -> Chain {
        Chain::build_with(
            degree,
            gens,
            base_prefix,
            known_order,
            ChainOptions::default(),
        )
    }

    /// [`Chain::build`] with explicit [`ChainOptions`].
    pub fn build_with(
        degree: usize,
        gens: &[Perm],
        base_prefix: &[usize],
        known_order: Option<&BigUint>,
        options: ChainOptions,
    ) -> Chain {
        unlimited(Chain::build_limited(
            degree,
            gens,
            base_prefix,
            known_order,
            options,
            &Limit::NONE,
        ))
    }

    /// [`Chain::build`] within `limit`: `Err(Interrupted)` when the limit stops it
    /// first (the deadline and the stop flag are checked between sifts).
    pub fn build_within(
        degree: usize,
        gens: &[Perm],
        base_prefix: &[usize],
        known_order: Option<&BigUint>,
        limit: &Limit,
    ) -> Result<Chain, Interrupted> {
        Chain::build_limited(
            degree,
            gens,
            base_prefix,
            known_order,
            ChainOptions::default(),
            limit,
        )
    }

    fn build_limited(
        degree: usize,
        gens: &[Perm],
        base_prefix: &[usize],
        known_order: Option<&BigUint>,
        options: ChainOptions,
        limit: &Limit,
    ) -> Result<Chain, Interrupted> {
        let gens: Vec<Perm> = gens
            .iter()
            .map(|g| g.extended(degree))
            .filter(|g| !g.is_identity())
            .collect();
        let mut chain = Chain {
            degree,
            levels: Vec::new(),
            budget: ExplicitBudget {
                points: EXPLICIT_BUDGET,
                level_limit: CONSTRUCTION_EXPLICIT_LIMIT,
            },
            passed: Vec::new(),
            union_generators: false,
        };
        let Some(first) = gens.first() else {
            return Ok(chain);
        };
        let b0 = match base_prefix.first() {
            Some(&b) => b,
            None => (0..degree)
                .find(|&i| first.image(i) != i)
                .expect("non-identity"),
        };
        let mut top = Level::new(b0, degree, &mut chain.budget);
        top.gens_inv = gens.iter().map(Perm::inverse).collect();
        top.gens = gens.clone();
        top.recompute_orbit(&mut chain.budget);
        chain.levels.push(top);
        for &b in base_prefix.iter().skip(1) {
            chain.levels.push(Level::new(b, degree, &mut chain.budget));
        }

        // 1. randomized Schreier–Sims
        let mut rng = StdRng::seed_from_u64(SEED);
        let mut pr = ProductReplacement::new(degree, &gens, &mut rng);
        let mut quiet = 0;
        let reached = |c: &Chain| known_order.is_some_and(|k| &c.order() == k);
        // A residue that leaves the chain at level j fixes b_0, …, b_{j-1}. Plain
        // Schreier–Sims adds it to S_1, …, S_j, the nested sets it verifies. Otherwise,
        // without a known order, it joins S_j alone (step 2 replaces the generators of
        // the levels); with a known order it joins the levels j − RESIDUE_WINDOW ..= j
        // (deeper levels' orbits grow faster than from S_j alone, and the copies stay
        // few on chains with hundreds of levels), and once the order is reached,
        // `G^(l)` is generated by the generators of the levels l.. together
        // ([`Chain::stabilizer_generators`]).
        let add_from = |j: usize| match (options.regenerate, known_order) {
            (false, _) => 1,
            (true, None) => j,
            (true, Some(_)) => j.saturating_sub(RESIDUE_WINDOW).max(1),
        };
        // (the order only changes when a residue is added)
        let mut done = reached(&chain);
        let mut tmp = vec![0u32; degree];
        let stop = if known_order.is_some() {
            RANDOM_STOP_BOUNDED
        } else {
            RANDOM_STOP
        };
        while quiet < stop && !done {
            limit.check()?;
            let mut g = pr.next_images(&mut rng).to_vec();
            let j = chain.sift_images(&mut g, &mut tmp, 0);
            let residue = j < chain.levels.len() || !slice::is_identity(&g);
            if residue {
                chain.add_residue(g, j, add_from(j).min(j));
                quiet = 0;
                done = reached(&chain);
            } else {
                quiet += 1;
            }
        }
        if done {
            // Each Δ_l is the orbit of b_l under S_l, residues of levels at or below l, all
            // in G^(l), so ∏|Δ_l| = |G| forces Δ_l = b_l^{G^(l)}, and by induction from
            // the bottom ⟨S_l ∪ S_{l+1} ∪ ⋯⟩ = G^(l).
            chain.union_generators = options.regenerate;
            chain.finish_explicit();
            return Ok(chain);
        }
        // 2. small strong generating sets, then 3. deterministic verification
        if options.regenerate {
            chain.regenerate(
                &mut pr,
                &mut rng,
                options.min_level_gens,
                options.regenerate_tries,
                limit,
            )?;
        }
        chain.verify_and_complete(options, limit)?;
        // 4. when level 0 was regenerated: the given generators must lie in the group
        // of the (now complete) chain; those that do not join S_0, and step 3 resumes
        loop {
            let missing: Vec<&Perm> = gens.iter().filter(|g| !chain.contains(g)).collect();
            if missing.is_empty() {
                break;
            }
            for g in missing {
                chain.levels[0].add_gen(g.clone(), &mut chain.budget);
            }
            chain.verify_and_complete(options, limit)?;
        }
        chain.passed = Vec::new();
        chain.drop_trivial_levels(base_prefix.len());
        chain.finish_explicit();
        Ok(chain)
    }

    /// A finished chain keeps explicit transversals on the levels (top-down) up to
    /// [`EXPLICIT_LIMIT`] and within the budget, built when first used.
    fn finish_explicit(&mut self) {
        self.budget.level_limit = EXPLICIT_LIMIT;
        for lv in &mut self.levels {
            lv.enable_explicit(&mut self.budget);
        }
    }

    /// Replaces the strong generators of the levels `l ≥ 1` (top-down) by a few
    /// elements of `Stab_{⟨S_{l-1}⟩}(b_{l-1})`: random elements of `⟨S_{l-1}⟩` (product
    /// replacement on `S_{l-1}`, or the random phase's generator on `G` for level 1
    /// while `S_0` are the given generators) divided by their transversal element at
    /// level `l-1`. When level 0 has at least `2 · min_gens` generators, it is replaced
    /// by random elements of `G` in the same way (the caller then checks the given
    /// generators against the completed chain).
    /// Elements are taken until the basic orbit is as large as the randomized chain's
    /// and at least `min_gens` are present (or `tries` elements in a
    /// row brought nothing new). This keeps the invariant
    /// `S_{l+1} ⊆ Stab_{⟨S_l⟩}(b_l)` of Schreier–Sims without the usual nesting
    /// `S_{l+1} ⊆ S_l`, so each level has only a few generators and the deterministic
    /// test sifts `Σ |Δ_l| · |S_l|` Schreier generators instead of roughly
    /// `Σ |Δ_l| · (m − l)`. If the new sets generate less than the stabilizers, the deterministic test adds
    /// what is missing; correctness never depends on the random choices.
    fn regenerate(
        &mut self,
        pr: &mut ProductReplacement,
        rng: &mut StdRng,
        min_gens: usize,
        tries: usize,
        limit: &Limit,
    ) -> Result<(), Interrupted> {
        let n = self.degree;
        let mut tmp = vec![0u32; n];
        // level 0 too, when it has many generators (replacing a few sparse given
        // generators by random dense ones does not pay)
        let top = self.levels[0].gens.len() >= 2 * min_gens.max(1);
        for l in if top { 0 } else { 1 }..self.levels.len() {
            let target = self.levels[l].orbit.len();
            let base = self.levels[l].base;
            self.levels[l].drop_explicit(&mut self.budget);
            let mut lv = Level::new(base, n, &mut self.budget);
            let above = &self.levels[l.saturating_sub(1)];
            // level 0 and (unless level 0 was replaced) level 1: the already mixed
            // generator of the random phase (elements of G); deeper levels: a fresh one
            // on the (random) generators of the level above
            let mut small = (l > 1 || (l == 1 && top)).then(|| {
                let (slots, warmup) = ProductReplacement::LIGHT;
                ProductReplacement::with_params(n, &above.gens, slots, warmup, rng)
            });
            let mut idle = 0;
            while (lv.orbit.len() < target || lv.gens.len() < min_gens) && idle < tries {
                limit.check()?;
                let mut g = match &mut small {
                    Some(s) => s.next_images(rng).to_vec(),
                    None => pr.next_images(rng).to_vec(),
                };
                if l > 0 {
                    let p = above.pos[g[above.base] as usize];
                    debug_assert!(p != NONE, "an element of ⟨S_l⟩ maps b_l into Δ_l");
                    above.divide(&mut g, &mut tmp, p as usize);
                }
                if slice::is_identity(&g) {
                    idle += 1;
                    continue;
                }
                let extends = lv
                    .orbit
                    .iter()
                    .any(|&x| lv.pos[g[x as usize] as usize] == NONE);
                if extends || lv.gens.len() < min_gens {
                    lv.add_gen(Perm::from_images_unchecked(g), &mut self.budget);
                }
                if extends {
                    idle = 0;
                } else {
                    idle += 1;
                }
            }
            // Generators that join after the orbit is complete do not take part in its
            // (incrementally grown) tree: a first generator with one long cycle on the
            // orbit (a Singer cycle of GL(d, p)) leaves a path of depth |Δ|/2. A
            // breadth-first tree over all of them is shallow (Seress, *Permutation Group
            // Algorithms*, §4.4: shallow Schreier trees make sifting cost
            // O(log |Δ|) products per level).
            if lv.tree_depth() > shallow_depth(lv.orbit.len()) {
                lv.recompute_orbit(&mut self.budget);
            }
            self.levels[l] = lv;
        }
        Ok(())
    }

    /// Removes the levels `from..` whose basic orbit is a single point (after the
    /// deterministic test their generators lie in the next level's group, so the chain
    /// stays complete without them).
    fn drop_trivial_levels(&mut self, from: usize) {
        let mut l = from;
        while l < self.levels.len() {
            if self.levels[l].orbit.len() == 1 {
                let mut lv = self.levels.remove(l);
                lv.drop_explicit(&mut self.budget);
            } else {
                l += 1;
            }
        }
    }

    /// Adds the non-trivial residue `g`, which left the chain at level `j`, to the
    /// levels `from..=j` (a new level with the first point it moves when `j` is new).
    fn add_residue(&mut self, g: Vec<u32>, j: usize, from: usize) {
        if j == self.levels.len() {
            let b = (0..self.degree)
                .find(|&i| g[i] as usize != i)
                .expect("non-identity residue moves a point");
            let lv = Level::new(b, self.degree, &mut self.budget);
            self.levels.push(lv);
        }
        let r = Perm::from_images_unchecked(g);
        for l in from..=j {
            self.levels[l].add_gen(r.clone(), &mut self.budget);
        }
    }

    /// Sims' deterministic test: every Schreier generator of every level sifts to the
    /// identity through the deeper levels; residues are added until this holds.
    ///
    /// Levels are tested bottom-up. A residue found at level `l` joins the levels
    /// `l+1..=j` and the test resumes at level `j`. Schreier generators that have passed
    /// are never sifted again: adding generators to a level only extends its orbit and
    /// Schreier tree, so the transversal elements of old points, and with them both an
    /// old Schreier generator and its sifting path through the (grown) deeper levels,
    /// stay the same.
    fn verify_and_complete(
        &mut self,
        options: ChainOptions,
        limit: &Limit,
    ) -> Result<(), Interrupted> {
        // passed[l][k][p]: the Schreier generator of orbit point p and generator k of
        // level l has sifted to the identity (kept when the limit interrupts)
        let mut passed = std::mem::take(&mut self.passed);
        let result = self.verify_levels(options, limit, &mut passed);
        self.passed = passed;
        result
    }

    /// The loop of [`Chain::verify_and_complete`] over the levels, bottom-up.
    fn verify_levels(
        &mut self,
        options: ChainOptions,
        limit: &Limit,
        passed: &mut Vec<Vec<Vec<bool>>>,
    ) -> Result<(), Interrupted> {
        let mut i = self.levels.len();
        while i > 0 {
            limit.check()?;
            let l = i - 1;
            let check = match self.verify_level_by_theorem(l, options) {
                Some(check) => check,
                None => self.verify_level_by_schreier_generators(l, passed, limit)?,
            };
            match check {
                LevelCheck::Complete => i -= 1,
                LevelCheck::Residue(h, j) => {
                    self.add_residue(h, j, l + 1);
                    i = j + 1;
                }
                LevelCheck::TooCostly => unreachable!("the Schreier-generator test decides"),
            }
        }
        Ok(())
    }

    /// Level `l` decided by Sims' test or the block test, where the options and the
    /// level's size make one of them pay (`None`: sift its Schreier generators).
    fn verify_level_by_theorem(&self, l: usize, options: ChainOptions) -> Option<LevelCheck> {
        if let Some(min_schreier) = options.sims_verify {
            match self.verify_level_sims(l, min_schreier) {
                LevelCheck::TooCostly => {}
                decided => return Some(decided),
            }
        }
        // the non-trivial Schreier generators: one per generator and orbit point,
        // less the |Δ| − 1 edges of the Schreier tree (a cyclic group's single
        // generator leaves one)
        let len = self.levels[l].orbit.len();
        let schreier = len * self.levels[l].gens.len() - (len - 1);
        let min_schreier = options.blocks_verify.filter(|&m| schreier >= m.max(1))?;
        match self.verify_level_blocks(l, min_schreier == 0) {
            Some(LevelCheck::TooCostly) | None => None,
            decided => decided,
        }
    }

    /// Level `l` decided by sifting each of its Schreier generators `u_β s u_{β^s}^{-1}`
    /// not yet in `passed` through the deeper levels: [`LevelCheck::Complete`], or the
    /// first residue.
    // `k` indexes both the level's generators and `done`
    #[allow(clippy::needless_range_loop)]
    fn verify_level_by_schreier_generators(
        &mut self,
        l: usize,
        passed: &mut Vec<Vec<Vec<bool>>>,
        limit: &Limit,
    ) -> Result<LevelCheck, Interrupted> {
        let n = self.degree;
        let ngens = self.levels[l].gens.len();
        let len = self.levels[l].orbit.len();
        passed.resize(self.levels.len(), Vec::new());
        self.mark_tree_edges(l, &mut passed[l]);
        let done = &mut passed[l];
        let count = done.iter().map(|d| d.iter().filter(|&&x| !x).count()).sum();
        if count > MANY_SCHREIER_GENERATORS {
            self.tabulate_deep_levels(l, count);
        }
        // without explicit transversals: their inverses for the time of the test,
        // when some Schreier generator of the level is still to be sifted
        let inverses = match self.levels[l].tables() {
            None if count > 0 => self.levels[l].inverse_transversals(),
            _ => None,
        };
        let (mut h, mut tmp, mut u) = (vec![0u32; n], vec![0u32; n], vec![0u32; n]);
        for p in 0..len {
            if (0..ngens).all(|k| done[k][p]) {
                continue;
            }
            limit.check()?;
            let lv = &self.levels[l];
            match (lv.tables(), &inverses) {
                (Some((us, _)), _) => u.copy_from_slice(&us[p * n..(p + 1) * n]),
                (None, Some(ui)) => slice::invert(&ui[p * n..(p + 1) * n], &mut u),
                (None, None) => u = lv.transversal(p),
            }
            for k in 0..ngens {
                if done[k][p] {
                    continue;
                }
                // h = u_β s u_γ^{-1} (γ = β^s), then sift it through the deeper levels
                let s = lv.gens[k].images();
                let q = lv.pos[s[lv.orbit[p] as usize] as usize] as usize;
                lv.schreier_generator(&u, k, q, inverses.as_deref(), &mut h, &mut tmp);
                let j = self.sift_images(&mut h, &mut tmp, l + 1);
                if j == self.levels.len() && slice::is_identity(&h) {
                    done[k][p] = true;
                } else {
                    return Ok(LevelCheck::Residue(h, j));
                }
            }
        }
        Ok(LevelCheck::Complete)
    }

    /// Sizes `done` (one row per generator of level `l`, one entry per orbit point) and
    /// marks the Schreier generators of tree edges, which are trivial: a point all of
    /// whose edges are tree edges (every point but one of a cyclic group's orbit)
    /// never has its transversal element computed.
    fn mark_tree_edges(&self, l: usize, done: &mut Vec<Vec<bool>>) {
        let lv = &self.levels[l];
        done.resize(lv.gens.len(), Vec::new());
        for (k, done_k) in done.iter_mut().enumerate() {
            done_k.resize(lv.orbit.len(), false);
            let s = lv.gens[k].images();
            for (p, d) in done_k.iter_mut().enumerate() {
                let q = lv.pos[s[lv.orbit[p] as usize] as usize] as usize;
                if lv.tree_edge(q) == Some((p, k)) {
                    *d = true;
                }
            }
        }
    }

    /// Explicit transversals (up to the finished chain's limit) for the levels below
    /// `l` where walking up their Schreier trees for each of `count` Schreier
    /// generators sifted through them costs more than tabulating them (`|Δ|`
    /// products); they keep them for the rest of the construction.
    fn tabulate_deep_levels(&mut self, l: usize, count: usize) {
        let mut budget = ExplicitBudget {
            level_limit: EXPLICIT_LIMIT,
            ..self.budget
        };
        for lv in &mut self.levels[l + 1..] {
            if !lv.has_explicit_transversal() && count * lv.tree_depth() > 4 * lv.orbit.len() {
                lv.enable_explicit(&mut budget);
            }
        }
        self.budget.points = budget.points;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::One;
    use rand::seq::SliceRandom;

    use crate::group::elements_by_closure as closure;

    /// The ways of building a chain: the default, regeneration that leaves the levels
    /// nearly or entirely without generators (so the deterministic test must find
    /// them all; with two or more given generators level 0 is replaced too, and the
    /// generator check must restore it), and plain Schreier–Sims on the nested sets of
    /// the random phase; the deterministic test by Sims' test on every level (with
    /// base changes even on tiny levels), by the block test on every level with a
    /// proper block, or by Schreier generators only.
    const STRATEGIES: [ChainOptions; 9] = [
        ChainOptions::regenerating(MIN_LEVEL_GENS, REGENERATE_TRIES),
        ChainOptions::regenerating(1, 1).with_sims_verify(Some(0)),
        ChainOptions::regenerating(0, 0).with_sims_verify(Some(0)),
        ChainOptions::regenerating(1, 1)
            .with_sims_verify(None)
            .with_blocks_verify(None),
        ChainOptions::regenerating(0, 0)
            .with_sims_verify(None)
            .with_blocks_verify(None),
        ChainOptions::PLAIN,
        ChainOptions::PLAIN.with_sims_verify(Some(0)),
        ChainOptions::regenerating(0, 0)
            .with_sims_verify(None)
            .with_blocks_verify(Some(0)),
        ChainOptions::PLAIN.with_blocks_verify(Some(0)),
    ];

    fn gens_file(name: &str) -> (usize, Vec<Perm>) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name);
        let f = crate::puzzle::gens::read_gens_file(&path).expect("test data");
        (f.degree, f.moves.into_iter().map(|m| m.perm).collect())
    }

    #[test]
    fn every_strategy_agrees_with_the_closure_on_small_groups() {
        let mut rng = StdRng::seed_from_u64(7);
        for case in 0..300 {
            let n = 2 + case % 7;
            let k = 1 + case % 3;
            let gens: Vec<Perm> = (0..k)
                .map(|_| {
                    let mut v: Vec<u32> = (0..n as u32).collect();
                    v.shuffle(&mut rng);
                    Perm::from_images_unchecked(v)
                })
                .collect();
            let elements = closure(n, &gens);
            for s in STRATEGIES {
                let c = Chain::build_with(n, &gens, &[], None, s);
                assert_eq!(c.order(), BigUint::from(elements.len()), "{gens:?} {s:?}");
                assert!(c.levels.iter().all(|l| l.orbit.len() > 1));
                // membership agrees with the closure on a few random permutations
                for _ in 0..5 {
                    let mut v: Vec<u32> = (0..n as u32).collect();
                    v.shuffle(&mut rng);
                    let p = Perm::from_images_unchecked(v);
                    assert_eq!(c.contains(&p), elements.contains(&p));
                }
            }
        }
    }

    #[test]
    fn every_strategy_finds_the_order_of_the_wreath_product_and_a33_on_pairs() {
        // |S5 wr S6| = 5!^6 · 6!, |A33| = 33!/2
        let (n, gens) = gens_file("wreath_s5_s6.gens");
        let wreath = BigUint::from(120u32).pow(6) * BigUint::from(720u32);
        for s in STRATEGIES {
            assert_eq!(Chain::build_with(n, &gens, &[], None, s).order(), wreath);
        }
        let (n, gens) = gens_file("a33_on_pairs.gens");
        let a33 = (1..=33u32).fold(BigUint::one(), |a, k| a * k) / 2u32;
        for s in [STRATEGIES[0], STRATEGIES[1], STRATEGIES[3]] {
            assert_eq!(Chain::build_with(n, &gens, &[], None, s).order(), a33);
        }
    }

    #[test]
    fn regenerated_levels_have_shallow_schreier_trees() {
        // AGL(3, 13): random elements of the point stabilizer GL(3, 13) are often Singer
        // cycles, one cycle on all 2196 non-zero vectors; a tree grown from such a first
        // generator alone was a path of depth 1099
        let g = crate::group::families::affine_general_linear(3, 13).unwrap();
        let chain = Chain::build(g.degree(), g.generators(), &[], None);
        let expected: BigUint = BigUint::from(13u32).pow(3)
            * (13u32.pow(3) - 1)
            * (13u32.pow(3) - 13)
            * (13u32.pow(3) - 169);
        assert_eq!(chain.order(), expected);
        for (l, level) in chain.levels().iter().enumerate().skip(1) {
            let bound = shallow_depth(level.orbit().len());
            assert!(
                level.tree_depth() <= bound,
                "level {l}: depth {}",
                level.tree_depth()
            );
        }
    }

    #[test]
    fn regenerated_levels_have_few_generators() {
        // the point of the regeneration: far fewer Schreier generators than the
        // nested sets (about m − l generators at level l)
        let (n, gens) = gens_file("a33_on_pairs.gens");
        let small = Chain::build(n, &gens, &[], None);
        let nested = Chain::build_with(n, &gens, &[], None, ChainOptions::PLAIN);
        let count =
            |c: &Chain| -> usize { c.levels.iter().map(|l| l.orbit.len() * l.gens.len()).sum() };
        assert!(
            3 * count(&small) < count(&nested),
            "{} vs {}",
            count(&small),
            count(&nested)
        );
    }
}
