//! Conjugacy of elements: a conjugating element by backtrack search, class sizes.
//!
//! Convention (the crate's, GAP's): products are left to right, `p^(gx) = (p^g)^x`,
//! and the conjugate of `g` by `x` is `g^x = x⁻¹ g x` ([`Perm::conjugate`]). Two
//! permutations `g`, `h` are conjugate in `G` when `g^x = h` for some `x ∈ G`; such an
//! `x` is what GAP's `RepresentativeAction(G, g, h, OnPoints)` returns, and the set of
//! all of them is the coset `C_G(g)·x`.
//!
//! `g^x = h` holds iff `(p^g)^x = (p^x)^h` for every point `p`: `x` maps each cycle
//! `(p, p^g, p^{g²}, …)` of `g` onto the cycle `(p^x, (p^x)^h, …)` of `h` of the same
//! length, so the image of one point of a cycle fixes the images of the whole cycle.
//! The search ([`super::backtrack::element_search`]) runs over a stabilizer chain whose
//! base starts with the points `g` moves, cycle by cycle (longest first): only the first
//! point of each cycle branches, and a branch dies as soon as a forced image conflicts
//! with one already chosen (Butler, "Computing in permutation and matrix groups II:
//! backtrack algorithm", Math. Comp. 39 (1982); Seress, *Permutation Group
//! Algorithms*, §9.1; Holt–Eick–O'Brien, *Handbook of CGT*, §4.6). When `h ∈ G`, the
//! solutions are closed under right multiplication by powers of `h`, so a free image
//! is only tried once per orbit of the powers of `h` fixing the images chosen so far
//! ([`ConjugatesTo::canonical`]). Before any search,
//! a cheap invariant must agree: `x` preserves the orbits of `G`, so for every cycle of
//! `g` the pair (length, orbits of its points) must occur as often among the cycles of
//! `h` ([`PermGroup::class_invariant`]; for `g, h ∈ G` this is the cycle type on each
//! orbit).
//!
//! The natural symmetric and alternating groups on their moved points are answered
//! without search: in `Sym(M)` two permutations of `M` are conjugate iff they have the
//! same cycle type, and a class of `Sym(M)` inside `Alt(M)` splits into two classes of
//! `Alt(M)` iff its cycle lengths (fixed points of `M` included) are distinct odd
//! numbers — exactly when the centralizer in `Sym(M)` has no odd element (Fulton–Harris,
//! *Representation Theory*, §5.1; James–Kerber, *The Representation Theory of the
//! Symmetric Group*, §1.2).

use super::backtrack::{element_search, Added, PartialMap, Property};
use super::{Chain, GroupError, PermGroup};
use crate::letters::Letters;
use crate::perm::Perm;
use num_bigint::BigUint;

/// The elements `x` with `g^x = h` (`x⁻¹ g x = h`, products left to right).
#[derive(Clone, Debug)]
pub struct ConjugatesTo {
    /// `g` as an image array of the chain's degree.
    pub from: Vec<u32>,
    /// `h` as an image array of the chain's degree.
    pub to: Vec<u32>,
    /// When `h` lies in the group: for each point, the length of its cycle of `h`
    /// and its position in that cycle (see [`ConjugatesTo::canonical`]).
    cycles_of_to: Option<Vec<(u32, u32)>>,
}

impl ConjugatesTo {
    /// The property for `g`, `h`; `h_in_group` enables the pruning of
    /// [`ConjugatesTo::canonical`].
    pub fn new(from: Vec<u32>, to: Vec<u32>, h_in_group: bool) -> ConjugatesTo {
        let cycles_of_to = h_in_group.then(|| {
            let mut c = vec![(0u32, 0u32); to.len()];
            let mut done = vec![false; to.len()];
            for start in 0..to.len() {
                let mut cycle = vec![start];
                done[start] = true;
                let mut q = to[start] as usize;
                while !done[q] {
                    done[q] = true;
                    cycle.push(q);
                    q = to[q] as usize;
                }
                if q == start {
                    for (i, &p) in cycle.iter().enumerate() {
                        c[p] = (cycle.len() as u32, i as u32);
                    }
                }
            }
            c
        });
        ConjugatesTo {
            from,
            to,
            cycles_of_to,
        }
    }

    /// Whether a free choice `γ` for the image of a new point needs to be tried. When
    /// `h ∈ G`, the powers `z = h^{Mi}` (`M` the lcm of the `h`-cycle lengths of the
    /// images chosen so far) fix those images and commute with `h`, so with `x` also
    /// `x·z` is a solution extending the map, mapping the point to `γ^z`: only one `γ`
    /// of each `⟨h^M⟩`-orbit is tried — the one at a position `< gcd(M, L)` in its
    /// `h`-cycle of length `L`.
    pub fn canonical(&self, map: &PartialMap, image: usize) -> bool {
        let Some(cyc) = &self.cycles_of_to else {
            return true;
        };
        let mut m: u64 = 1;
        for (q, &(l, _)) in cyc.iter().enumerate() {
            if map.preimage(q).is_some() {
                let l = l as u64;
                m = m / gcd(m, l) * l;
                if m > 1 << 40 {
                    return true; // no pruning rather than overflow
                }
            }
        }
        let (l, pos) = cyc[image];
        (pos as u64) < gcd(m, l as u64)
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Property for ConjugatesTo {
    /// `g^x = h` iff `(p^g)^x = (p^x)^h` for all `p`: the map is closed under
    /// `p ↦ q ⇒ p^g ↦ q^h`. A new image is also refused when it is not
    /// [`ConjugatesTo::canonical`].
    fn extend(&self, map: &mut PartialMap, point: usize, image: usize) -> bool {
        if map.image(point).is_none() && !self.canonical(map, image) {
            return false;
        }
        let mut stack = vec![(point, image)];
        while let Some((p, q)) = stack.pop() {
            match map.add(p, q) {
                Added::Conflict => return false,
                Added::Known => {}
                Added::New => stack.push((self.from[p] as usize, self.to[q] as usize)),
            }
        }
        true
    }

    fn holds(&self, x: &[u32]) -> bool {
        (0..x.len()).all(|p| x[self.from[p] as usize] == self.to[x[p] as usize])
    }
}

/// The class invariant of [`PermGroup::class_invariant`]: for each non-trivial cycle,
/// its length and the (sorted) orbit indices of its points; the list sorted.
pub type ClassInvariant = Vec<(usize, Vec<usize>)>;

/// Which natural giant a group is on its moved points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Natural {
    Symmetric,
    Alternating,
}

/// A search for elements conjugating one fixed permutation `g`: the stabilizer chain
/// with the points of `g` first in its base, built once and reused for every target.
#[derive(Clone, Debug)]
pub(crate) struct ConjugacySearch {
    chain: Chain,
    known: usize,
    from: Vec<u32>,
    moved_by_group: Vec<bool>,
}

impl ConjugacySearch {
    /// The search for `g` (of the group's degree) in `group`.
    pub(crate) fn new(group: &PermGroup, g: &Perm) -> ConjugacySearch {
        let n = group.degree;
        let g = g.extended(n);
        let mut moved_by_group = vec![false; n];
        for p in group.moved_points() {
            moved_by_group[p] = true;
        }
        // the points g moves, cycle by cycle (longest first), each cycle from a point
        // G moves: after its first point, the images of the others are forced
        let mut cycles = g.cycles();
        cycles.sort_by_key(|c| std::cmp::Reverse(c.len()));
        let mut prefix = Vec::new();
        for c in &cycles {
            let Some(i) = c.iter().position(|&p| moved_by_group[p]) else {
                continue;
            };
            let (a, b) = c.split_at(i);
            prefix.extend(b.iter().chain(a).copied().filter(|&p| moved_by_group[p]));
        }
        let order = group.order();
        let chain = Chain::build(n, &group.generators, &prefix, Some(&order));
        ConjugacySearch {
            chain,
            known: prefix.len(),
            from: g.images().to_vec(),
            moved_by_group,
        }
    }

    /// An `x` in the group with `g^x = h` (`h` of the group's degree), or `None`;
    /// `h_in_group` (only when true) allows the pruning of [`ConjugatesTo::canonical`].
    pub(crate) fn find(&self, h: &Perm, h_in_group: bool) -> Option<Perm> {
        // every element fixes the points the group does not move
        let fixed = ConjugatesTo::new(self.from.clone(), h.images().to_vec(), false);
        let mut start = PartialMap::new(self.from.len());
        for p in (0..self.from.len()).filter(|&p| !self.moved_by_group[p]) {
            if !fixed.extend(&mut start, p, p) {
                return None;
            }
        }
        let property = ConjugatesTo::new(fixed.from, fixed.to, h_in_group);
        // below the prefix every element fixes the points g moves (those G fixes are
        // fixed anyway), so g^x depends only on the coset searched
        let x = element_search(&self.chain, &property, self.known, &start)?;
        debug_assert!(property.holds(x.images()));
        Some(x)
    }
}

impl PermGroup {
    /// The invariant that conjugate permutations share (see the module docs): for each
    /// non-trivial cycle, its length and the sorted indices (in [`PermGroup::orbits`])
    /// of the orbits of its points, the list sorted. For elements of `G` it is the
    /// cycle type on each orbit. `g` must act on the group's points.
    pub fn class_invariant(&self, g: &Perm) -> ClassInvariant {
        let mut orbit_of = vec![0usize; self.degree];
        for (i, o) in self.orbits.iter().enumerate() {
            for &p in o {
                orbit_of[p] = i;
            }
        }
        let mut key: ClassInvariant = g
            .cycles()
            .into_iter()
            .map(|c| {
                let mut os: Vec<usize> = c.iter().map(|&p| orbit_of[p]).collect();
                os.sort_unstable();
                (c.len(), os)
            })
            .collect();
        key.sort_unstable();
        key
    }

    /// Whether the group is the natural symmetric or alternating group on its moved
    /// points (the trivial group counts as symmetric).
    pub(crate) fn natural(&self) -> Option<Natural> {
        if self.is_symmetric() {
            Some(Natural::Symmetric)
        } else if self.is_alternating() {
            Some(Natural::Alternating)
        } else {
            None
        }
    }

    /// An element `x ∈ G` with `g^x = x⁻¹ g x = h` (products left to right, GAP's
    /// `RepresentativeAction(G, g, h, OnPoints)`), or `None` when `g` and `h` are not
    /// conjugate in `G`. `g` and `h` need not lie in `G`. `Err` if either moves a
    /// point beyond the degree. Method: see the module docs.
    ///
    /// ```
    /// use permlab::{Perm, PermGroup};
    /// // the dihedral group of the square: the two diagonal reflections are conjugate
    /// let d8 = PermGroup::new(4, vec!["(1,2,3,4)".parse().unwrap(), "(1,3)".parse().unwrap()]);
    /// let (g, h): (Perm, Perm) = ("(1,3)".parse().unwrap(), "(2,4)".parse().unwrap());
    /// let x = d8.conjugating_element(&g, &h).unwrap().unwrap();
    /// assert_eq!(g.conjugate(&x), h);
    /// // but a diagonal and an edge reflection are not
    /// let e: Perm = "(1,2)(3,4)".parse().unwrap();
    /// assert_eq!(d8.conjugating_element(&g, &e).unwrap(), None);
    /// ```
    pub fn conjugating_element(&self, g: &Perm, h: &Perm) -> Result<Option<Perm>, GroupError> {
        self.check_degree(&[g.clone(), h.clone()], "element")?;
        let n = self.degree;
        let (g, h) = (g.extended(n), h.extended(n));
        if self.class_invariant(&g) != self.class_invariant(&h) {
            return Ok(None);
        }
        if let Some(kind) = self.natural() {
            let moved = self.moved_points();
            if within(&g, &moved) && within(&h, &moved) {
                return Ok(natural_conjugator(kind, &g, &h, &moved));
            }
        }
        let h_in_group = self.contains(&h);
        Ok(ConjugacySearch::new(self, &g).find(&h, h_in_group))
    }

    /// Whether `g` and `h` are conjugate in `G` ([`PermGroup::conjugating_element`]).
    pub fn is_conjugate(&self, g: &Perm, h: &Perm) -> Result<bool, GroupError> {
        Ok(self.conjugating_element(g, h)?.is_some())
    }

    /// The size `|G : C_G(g)| = |G| / |C_G(g)|` of the class of `g` under conjugation
    /// by `G` (by the formula for the natural symmetric and alternating groups, by
    /// [`PermGroup::centralizer`] otherwise). `Err` if `g` moves a point beyond the
    /// degree.
    ///
    /// ```
    /// use permlab::{Perm, PermGroup};
    /// let s5 = PermGroup::new(5, vec!["(1,2,3,4,5)".parse().unwrap(), "(1,2)".parse().unwrap()]);
    /// // 10 transpositions, 24 five-cycles
    /// assert_eq!(s5.class_size(&"(1,2)".parse().unwrap()).unwrap(), 10u32.into());
    /// assert_eq!(s5.class_size(&"(1,2,3,4,5)".parse().unwrap()).unwrap(), 24u32.into());
    /// ```
    pub fn class_size(&self, g: &Perm) -> Result<BigUint, GroupError> {
        self.check_degree(std::slice::from_ref(g), "element")?;
        let order = self.order();
        if let Some(kind) = self.natural() {
            let moved = self.moved_points();
            let g = g.extended(self.degree);
            if within(&g, &moved) {
                return Ok(order / natural_centralizer_order(kind, &g, moved.len()));
            }
        }
        Ok(order / self.centralizer(g)?.order())
    }
}

/// Most tabulated short words [`PermGroup::short_conjugating_word`] tests as
/// conjugators (each costs one evaluation of a word of at most
/// [`super::shorten::MAX_SHORT`] letters).
pub const CONJUGATOR_TESTS: usize = 1 << 20;

/// Default number of elements of the coset `C_G(g)·x` that
/// [`PermGroup::short_conjugating_word`] factors (all of them when the coset is
/// smaller).
pub const CONJUGATOR_CANDIDATES: usize = 4096;

/// How many of the coset elements with the shortest unshortened words are shortened.
const SHORTENED_CANDIDATES: usize = 16;

/// How [`PermGroup::short_conjugating_word`] found its word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConjugatorMethod {
    /// A shortest word among all words of at most `max_len` letters (letters are
    /// powers of generators), by enumerating them (the tabulated short words of
    /// [`super::shorten::Shortener`]).
    Enumeration {
        /// The longest word enumerated.
        max_len: usize,
    },
    /// The shortest of the Minkwitz factorisations ([`super::factor`]) of `tried`
    /// elements of the coset `C_G(g)·x` of all conjugating elements, of size `coset`
    /// (every element when `tried == coset`).
    Minkwitz {
        /// Coset elements factored.
        tried: usize,
        /// The coset's size `|C_G(g)|`.
        coset: BigUint,
    },
}

impl std::fmt::Display for ConjugatorMethod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConjugatorMethod::Enumeration { max_len } => write!(
                f,
                "a shortest word, by enumerating the words of up to {max_len} letters"
            ),
            ConjugatorMethod::Minkwitz { tried, coset } => {
                if BigUint::from(*tried) == *coset {
                    write!(
                        f,
                        "the shortest Minkwitz factorisation of all {tried} conjugating elements"
                    )
                } else {
                    write!(
                        f,
                        "the shortest Minkwitz factorisation of {tried} of the {coset} \
                         conjugating elements"
                    )
                }
            }
        }
    }
}

/// A conjugating element with a short word ([`PermGroup::short_conjugating_word`]).
#[derive(Clone, Debug)]
pub struct ConjugatingWord {
    /// The element `x`, `x⁻¹ g x = h`.
    pub element: Perm,
    /// Its word in the generators (checked to evaluate to `element`) and how it was
    /// found; `None` when the group cannot be factored
    /// ([`PermGroup::factor_tables`]).
    pub word: Option<(Letters, ConjugatorMethod)>,
    /// Further conjugating elements, those with the shortest unshortened
    /// factorisations first (empty after an enumeration, whose word is shortest).
    pub candidates: Vec<Perm>,
}

impl PermGroup {
    /// A conjugating element `x ∈ G` (`x⁻¹ g x = h`) with a short word in the
    /// generators, or `Ok(None)` when `g`, `h` are not conjugate in `G`
    /// ([`PermGroup::conjugating_element`]); without a word when the group cannot be
    /// factored ([`PermGroup::factor_tables`]).
    ///
    /// The conjugating elements form the coset `C_G(g)·x` of any one of them. First the
    /// words of at most [`super::shorten::MAX_SHORT`] letters tabulated for shortening
    /// are enumerated by length (at most [`CONJUGATOR_TESTS`] of them): the first that
    /// conjugates `g` to `h` is a shortest conjugating word. Else `candidates`
    /// elements `c·x` of the coset (all when `|C_G(g)|` is at most `candidates`,
    /// else uniformly random ones, `x` among them) are factored through Minkwitz's
    /// tables and the shortest word kept. The word is evaluated and checked.
    ///
    /// ```
    /// use permlab::Puzzle;
    /// let cube = Puzzle::builtin("cube3").unwrap();
    /// let g = cube.group();
    /// let (a, b) = (cube.eval(&cube.parse_word("R U").unwrap()), cube.eval(&cube.parse_word("U R").unwrap()));
    /// let c = g.short_conjugating_word(&a, &b, 1000).unwrap().unwrap();
    /// assert_eq!(a.conjugate(&c.element), b);
    /// let (word, _) = c.word.unwrap();
    /// assert_eq!(word, [(0, -1)]); // U' (a shortest: R U ≠ U R, so no empty word)
    /// ```
    pub fn short_conjugating_word(
        &self,
        g: &Perm,
        h: &Perm,
        candidates: usize,
    ) -> Result<Option<ConjugatingWord>, GroupError> {
        let Some(x) = self.conjugating_element(g, h)? else {
            return Ok(None);
        };
        let Some(tables) = self.factor_tables() else {
            return Ok(Some(ConjugatingWord {
                element: x,
                word: None,
                candidates: Vec::new(),
            }));
        };
        let n = self.degree;
        let (ge, he) = (g.extended(n), h.extended(n));
        let (gi, hi) = (ge.images(), he.images());
        let conjugates = |y: &[u32]| (0..n).all(|p| y[gi[p] as usize] == hi[y[p] as usize]);
        let short = tables.shortener();
        // a word is returned only when it evaluates to a conjugating element
        if let Some(word) = short.first_tabulated(conjugates, CONJUGATOR_TESTS) {
            let y = short.eval(&word);
            if conjugates(&y) {
                return Ok(Some(ConjugatingWord {
                    element: Perm::from_images_unchecked(y),
                    word: Some((
                        word,
                        ConjugatorMethod::Enumeration {
                            max_len: short.max_len(),
                        },
                    )),
                    candidates: Vec::new(),
                }));
            }
        }
        // the coset C_G(g)·x: all of it when small, else random elements and x
        let c = self.centralizer(g)?;
        let coset = c.order();
        let mut elements: Vec<Perm> = Vec::new();
        match c.order_u128().filter(|&o| o <= candidates.max(1) as u128) {
            Some(o) => {
                for r in 0..o {
                    elements.push(&c.unrank(r)? * &x);
                }
            }
            None => {
                use rand::SeedableRng;
                let mut rng = rand::rngs::StdRng::seed_from_u64(super::schreier_sims::SEED ^ 0xc0);
                elements.push(x.clone());
                while elements.len() < candidates.max(1) {
                    elements.push(&c.random_element(&mut rng) * &x);
                }
            }
        }
        let tried = elements.len();
        let mut scored: Vec<(usize, Perm)> = elements
            .into_iter()
            .filter_map(|y| Some((tables.factor_unshortened(self, &y)?.len(), y)))
            .collect();
        scored.sort_by_key(|e| e.0);
        let mut best: Option<(Letters, Perm)> = None;
        for (_, y) in scored.iter().take(SHORTENED_CANDIDATES) {
            let Some(w) = tables.factor(self, y) else {
                continue;
            };
            let checked = short.eval(&w) == y.extended(n).images() && conjugates(&short.eval(&w));
            if checked && best.as_ref().is_none_or(|(b, _)| w.len() < b.len()) {
                best = Some((w, y.clone()));
            }
        }
        let method = ConjugatorMethod::Minkwitz { tried, coset };
        Ok(Some(match best {
            Some((word, element)) => ConjugatingWord {
                element,
                word: Some((word, method)),
                candidates: scored.into_iter().map(|(_, y)| y).collect(),
            },
            None => ConjugatingWord {
                element: x,
                word: None,
                candidates: scored.into_iter().map(|(_, y)| y).collect(),
            },
        }))
    }
}

/// Whether `g` moves only points of `set` (sorted).
fn within(g: &Perm, set: &[usize]) -> bool {
    g.support().iter().all(|p| set.binary_search(p).is_ok())
}

/// The cycle lengths of `g` on `m` points (fixed points among them included), with the
/// number of cycles of each length.
fn cycle_counts(g: &Perm, m: usize) -> std::collections::BTreeMap<usize, usize> {
    let mut counts = std::collections::BTreeMap::new();
    let cycles = g.cycles();
    let moved: usize = cycles.iter().map(Vec::len).sum();
    for c in &cycles {
        *counts.entry(c.len()).or_insert(0) += 1;
    }
    if m > moved {
        counts.insert(1, m - moved);
    }
    counts
}

/// `|C_{Sym(M)}(g)| = Π_k k^{a_k} a_k!` for `g` with `a_k` cycles of length `k` on the
/// `m` points of `M`; in `Alt(M)` half of it, unless the class splits (all cycle
/// lengths distinct and odd: the centralizer in `Sym(M)` is then even).
pub(crate) fn natural_centralizer_order(kind: Natural, g: &Perm, m: usize) -> BigUint {
    let counts = cycle_counts(g, m);
    let mut c = BigUint::from(1u32);
    for (&k, &a) in &counts {
        c *= BigUint::from(k).pow(a as u32) * super::giant::factorial(a);
    }
    if kind == Natural::Alternating && !splits(&counts) {
        c /= 2u32;
    }
    c
}

/// Whether a class of `Sym(M)` with these cycle counts splits in `Alt(M)`: all cycle
/// lengths odd and distinct.
pub(crate) fn splits(counts: &std::collections::BTreeMap<usize, usize>) -> bool {
    counts.iter().all(|(&k, &a)| k % 2 == 1 && a == 1)
}

/// In `Sym(M)` or `Alt(M)` (`M` = `moved`, sorted), an `x` with `g^x = h` for `g`, `h`
/// moving only points of `M` with the same cycle type, or `None` (only possible in
/// `Alt(M)`, for a split class).
fn natural_conjugator(kind: Natural, g: &Perm, h: &Perm, moved: &[usize]) -> Option<Perm> {
    let n = g.degree();
    // the cycles of g and h on M, fixed points of M as 1-cycles, longest first
    let on_m = |x: &Perm| -> Vec<Vec<usize>> {
        let mut cs = x.cycles();
        cs.extend(moved.iter().filter(|&&p| x.image(p) == p).map(|&p| vec![p]));
        cs.sort_by_key(|c| std::cmp::Reverse(c.len()));
        cs
    };
    let (cg, ch) = (on_m(g), on_m(h));
    let mut images: Vec<u32> = (0..n as u32).collect();
    for (a, b) in cg.iter().zip(&ch) {
        debug_assert_eq!(a.len(), b.len());
        for (&p, &q) in a.iter().zip(b) {
            images[p] = q as u32;
        }
    }
    let x = Perm::from_images_unchecked(images);
    if kind == Natural::Symmetric || x.is_even() {
        return Some(x);
    }
    // x is odd: correct it by an odd element c of C_{Sym(M)}(h), x·c
    let c = odd_centralizing(&ch, n)?;
    Some(&x * &c)
}

/// An odd permutation of the points of `cycles` (a cycle decomposition of `h` on `M`,
/// fixed points included, longest first) commuting with `h`: a cycle of even length,
/// or the swap of two cycles of equal odd length (a product of an odd number of
/// transpositions); `None` when the lengths are distinct and odd.
fn odd_centralizing(cycles: &[Vec<usize>], n: usize) -> Option<Perm> {
    if let Some(c) = cycles.iter().find(|c| c.len() % 2 == 0) {
        return Perm::from_cycles(n, std::slice::from_ref(c)).ok();
    }
    let pair = cycles.windows(2).find(|w| w[0].len() == w[1].len())?;
    let swaps: Vec<Vec<usize>> = pair[0]
        .iter()
        .zip(&pair[1])
        .map(|(&a, &b)| vec![a, b])
        .collect();
    Perm::from_cycles(n, &swaps).ok()
}
