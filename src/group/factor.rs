//! Writing group elements as words in the generators.
//!
//! Minkwitz's method (T. Minkwitz, "An algorithm for solving the factorization problem
//! in permutation groups", J. Symbolic Comput. 26 (1998)): along the base of the
//! verified stabilizer chain, keep for every level `l` and every point `β` of the
//! basic orbit `Δ_l` one element `t ∈ G^(l)` with `b_l^t = β` *together with a word*
//! for it. Elements are inserted by sifting: at each level the element either fills
//! an empty slot, replaces a slot holding a longer word (the old entry is sifted on),
//! or is divided by the slot's entry and continues one level down. The tables are
//! seeded with the generators and short random words, then completed by sifting
//! products of entries (the Schreier–Sims closure): when every slot of every level is
//! filled, the entries form transversals, because the basic orbit lengths are known
//! from the verified chain. A group element then factors as the product of one entry
//! per level.
//!
//! Words are kept freely reduced with powers reduced modulo the generator orders, and
//! the stored words (after completion and after the improvement rounds) and every
//! returned word are shortened by local rewriting ([`super::shorten`]: commuting
//! letters merged, subwords replaced by shorter tabulated words; S. Egner and
//! M. Püschel, ISSAC 1998, combine Minkwitz's tables with such shortening). They are
//! correct (tests evaluate them) but not minimal.
//!
//! Memory: one stored permutation per orbit point and level, `Σ |Δ_l| · n` points;
//! groups above [`TABLE_LIMIT`] are not tabulated ([`PermGroup::can_factor`]).

use crate::group::shorten::{Shortener, SHORT_WORDS};
use crate::group::PermGroup;
use crate::letters::{self, push_reduced, Letters};
use crate::perm::{slice, Perm};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Largest `Σ |Δ_l| · n` for which factor tables are built.
pub const TABLE_LIMIT: usize = 1 << 26;

/// Longest word (in letters) a table slot may hold while the tables are completed.
/// Completion multiplies entries, so without a bound the words (and memory) can grow
/// exponentially on large groups; with it, the tables either fill with words of at most
/// this length or [`FactorTables::build`] gives up (and `factor` answers `None`)
/// instead of exhausting memory.
pub const WORD_LIMIT: usize = 1 << 14;

/// Most operations (one per point of a product or inverse, one per letter of a word
/// product) that
/// [`FactorTables::build`] spends before it gives up: some seconds of work (the
/// Megaminx's tables take about 1.8·10^9). Completion
/// multiplies every entry of a level with every deeper entry, `O(n^5)` products of
/// degree `n` for `S_n`, so without a bound large groups below [`TABLE_LIMIT`]
/// (e.g. `S_100` on 100 points) would run for hours.
pub const WORK_LIMIT: u64 = 1 << 32;

/// Rounds of Minkwitz improvement (`FactorTables::improve`) at most.
pub const IMPROVE_ROUNDS: usize = 3;

/// Most letters `a` for which [`FactorTables::factor`] also factors `a⁻¹g` and `ga⁻¹`.
pub const MAX_FACTOR_LETTERS: usize = 256;

/// How many of the factorisations [`FactorTables::factor`] compares are shortened.
pub const FACTOR_SHORTENED: usize = 4;

/// Operations the improvement rounds may spend beyond the completion.
pub const IMPROVE_WORK: u64 = 1 << 30;

#[derive(Clone, Debug)]
struct Entry {
    perm: Vec<u32>,
    inv: Vec<u32>,
    word: Letters,
}

/// Transversal tables with words (see the module docs).
#[derive(Clone, Debug)]
pub struct FactorTables {
    bases: Vec<usize>,
    pos: Vec<Vec<u32>>,
    slots: Vec<Vec<Option<Entry>>>,
    orders: Vec<u64>,
    /// Operations spent so far (see [`WORK_LIMIT`]).
    work: u64,
    /// Slots still empty.
    empty: usize,
    /// Rewrites the stored and the returned words shorter.
    short: Shortener,
}

impl FactorTables {
    /// Builds complete tables for `group` (whose chain is built if needed), or `None`
    /// when they cannot be completed with words of at most [`WORD_LIMIT`] letters
    /// within [`WORK_LIMIT`] point operations.
    pub fn build(group: &PermGroup) -> Option<FactorTables> {
        let chain = group.chain();
        let n = group.degree();
        let orders: Vec<u64> = group
            .generators()
            .iter()
            .map(|g| u64::try_from(g.order()).unwrap_or(0))
            .collect();
        let mut t = FactorTables {
            bases: chain.base(),
            pos: chain
                .levels
                .iter()
                .map(|l| {
                    let mut p = vec![u32::MAX; n];
                    for (i, &x) in l.orbit().iter().enumerate() {
                        p[x as usize] = i as u32;
                    }
                    p
                })
                .collect(),
            slots: chain
                .levels
                .iter()
                .map(|l| vec![None; l.orbit().len()])
                .collect(),
            orders,
            work: 0,
            empty: 0,
            short: Shortener::new(0, &[], &[], 0),
        };
        t.empty = t.slots.iter().map(Vec::len).sum();
        let m = t.bases.len();
        if m == 0 {
            return Some(t);
        }
        // identity entries for the base points themselves
        for l in 0..m {
            let id: Vec<u32> = (0..n as u32).collect();
            t.slots[l][0] = Some(Entry {
                perm: id.clone(),
                inv: id,
                word: Vec::new(),
            });
            t.empty -= 1;
        }
        let gens: Vec<Vec<u32>> = group
            .generators()
            .iter()
            .map(|g| g.extended(n).images()[..n].to_vec())
            .collect();
        t.short = Shortener::new(n, &gens, &t.orders, SHORT_WORDS);
        for (k, g) in gens.iter().enumerate() {
            t.insert(g.clone(), vec![(k, 1)], 0, usize::MAX);
            t.insert(slice::inverse(g), vec![(k, -1)], 0, usize::MAX);
        }
        // short random words (Minkwitz's seeding)
        let mut rng = StdRng::seed_from_u64(super::schreier_sims::SEED ^ 0xfac7);
        let k = gens.len();
        let budget = 100 * m + 1000;
        let limit = 8 * m + 20;
        for _ in 0..budget {
            if t.full() || k == 0 || t.work > WORK_LIMIT {
                break;
            }
            let len = rng.random_range(1..=(2 * m).max(4));
            t.work += (len * 2 * n) as u64;
            let mut g: Vec<u32> = (0..n as u32).collect();
            let mut w = Vec::new();
            for _ in 0..len {
                let j = rng.random_range(0..k);
                let p = if rng.random_bool(0.5) { 1 } else { -1 };
                let s = if p == 1 {
                    gens[j].clone()
                } else {
                    slice::inverse(&gens[j])
                };
                g = slice::product(&g, &s);
                push_reduced(&mut w, j, p, &t.orders);
            }
            t.insert(g, w, 0, limit);
        }
        // completion: sift products of entries until every slot is filled
        while !t.full() {
            let mut changed = false;
            for l in 0..m {
                let mine: Vec<Entry> = t.slots[l].iter().flatten().cloned().collect();
                let deeper: Vec<Entry> = t.slots[l..].iter().flatten().flatten().cloned().collect();
                for a in &mine {
                    for b in &deeper {
                        if b.word.is_empty() {
                            continue;
                        }
                        if a.word.len() + b.word.len() > WORD_LIMIT {
                            continue;
                        }
                        if t.work > WORK_LIMIT {
                            return None;
                        }
                        t.work += (n + a.word.len() + b.word.len()) as u64;
                        let g = slice::product(&a.perm, &b.perm);
                        let w = letters::concat_reduced(&a.word, &b.word, &t.orders);
                        changed |= t.insert(g, w, l, WORD_LIMIT);
                    }
                    if t.full() {
                        break;
                    }
                }
            }
            if !changed && !t.full() {
                // only possible because words longer than WORD_LIMIT were dropped
                return None;
            }
        }
        t.shorten_entries();
        t.improve();
        t.shorten_entries();
        Some(t)
    }

    /// The tables as bytes (little-endian), to be kept in a file: the number of
    /// levels, then per level its base point, its orbit's length and each slot's
    /// word (letter count, then each letter's generator `u32` and power `i64`).
    /// The elements are not written: [`FactorTables::decode`] evaluates the words.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(&(self.bases.len() as u32).to_le_bytes());
        for (l, level) in self.slots.iter().enumerate() {
            out.extend_from_slice(&(self.bases[l] as u32).to_le_bytes());
            out.extend_from_slice(&(level.len() as u32).to_le_bytes());
            for e in level {
                let word = e.as_ref().map_or(&[][..], |e| &e.word[..]);
                out.extend_from_slice(&(word.len() as u32).to_le_bytes());
                for &(g, k) in word {
                    out.extend_from_slice(&(g as u32).to_le_bytes());
                    out.extend_from_slice(&k.to_le_bytes());
                }
            }
        }
        out
    }

    /// The tables of [`FactorTables::encode`]'s bytes for `group`, or `None`
    /// when the bytes do not hold complete tables of it: the base and orbit
    /// lengths must be the group's chain's, and each word, evaluated, must fix
    /// the earlier base points and take its level's base point to its slot's
    /// point (so bytes from elsewhere never give a wrong factorisation).
    pub fn decode(group: &PermGroup, bytes: &[u8]) -> Option<FactorTables> {
        let chain = group.chain();
        let n = group.degree();
        let gens: Vec<Vec<u32>> = group
            .generators()
            .iter()
            .map(|g| g.extended(n).images()[..n].to_vec())
            .collect();
        let inverses: Vec<Vec<u32>> = gens.iter().map(|g| slice::inverse(g)).collect();
        let orders: Vec<u64> = group
            .generators()
            .iter()
            .map(|g| u64::try_from(g.order()).unwrap_or(0))
            .collect();
        let mut rest = bytes;
        fn take<const K: usize>(rest: &mut &[u8]) -> Option<[u8; K]> {
            let (a, b) = rest.split_at_checked(K)?;
            *rest = b;
            a.try_into().ok()
        }
        let u32_at = |rest: &mut &[u8]| take::<4>(rest).map(u32::from_le_bytes);
        let bases = chain.base();
        if u32_at(&mut rest)? as usize != bases.len() {
            return None;
        }
        let mut pos = Vec::with_capacity(bases.len());
        let mut slots = Vec::with_capacity(bases.len());
        for (l, level) in chain.levels.iter().enumerate() {
            let orbit = level.orbit();
            if u32_at(&mut rest)? as usize != bases[l] || u32_at(&mut rest)? as usize != orbit.len()
            {
                return None;
            }
            let mut p = vec![u32::MAX; n];
            for (i, &x) in orbit.iter().enumerate() {
                p[x as usize] = i as u32;
            }
            pos.push(p);
            let mut entries = Vec::with_capacity(orbit.len());
            for &beta in orbit {
                let len = u32_at(&mut rest)? as usize;
                // every slot is filled, with a word of at most WORD_LIMIT letters
                if len > WORD_LIMIT || (len == 0 && beta as usize != bases[l]) {
                    return None;
                }
                let mut word = Vec::with_capacity(len);
                let mut perm: Vec<u32> = (0..n as u32).collect();
                for _ in 0..len {
                    let g = u32_at(&mut rest)? as usize;
                    let k = i64::from_le_bytes(take::<8>(&mut rest)?);
                    // powers are reduced modulo the order (below the degree
                    // when the order does not fit in 64 bits)
                    let order = match *orders.get(g)? {
                        0 => n as u64,
                        o => o,
                    };
                    if k == 0 || k.unsigned_abs() >= order.max(2) {
                        return None;
                    }
                    let step = if k > 0 { &gens[g] } else { &inverses[g] };
                    for _ in 0..k.unsigned_abs() {
                        slice::compose_in_place(&mut perm, step);
                    }
                    word.push((g, k));
                }
                let fixes = bases[..l].iter().all(|&b| perm[b] as usize == b);
                if !fixes || perm[bases[l]] != beta {
                    return None;
                }
                let inv = slice::inverse(&perm);
                entries.push(Some(Entry { perm, inv, word }));
            }
            slots.push(entries);
        }
        if !rest.is_empty() {
            return None;
        }
        let short = Shortener::new(n, &gens, &orders, SHORT_WORDS);
        Some(FactorTables {
            bases,
            pos,
            slots,
            orders,
            work: 0,
            empty: 0,
            short,
        })
    }

    /// Rewrites every stored word shorter ([`Shortener::shorten`]; same element).
    fn shorten_entries(&mut self) {
        for level in &mut self.slots {
            for e in level.iter_mut().flatten() {
                if e.word.len() > 1 {
                    e.word = self.short.shorten(&e.word);
                }
            }
        }
    }

    /// Minkwitz's improvement: products of two entries of one level are sifted from
    /// that level with the level's longest word as the bound, so a shorter word for a
    /// slot replaces a longer one (and the old entry is sifted on); rounds repeat while
    /// some word got shorter, at most [`IMPROVE_ROUNDS`] times and within
    /// [`IMPROVE_WORK`] further operations.
    fn improve(&mut self) {
        let limit = self.work.saturating_add(IMPROVE_WORK);
        let n = self.pos.first().map_or(0, Vec::len);
        for _ in 0..IMPROVE_ROUNDS {
            let mut changed = false;
            for l in 0..self.bases.len() {
                let mine: Vec<Entry> = self.slots[l]
                    .iter()
                    .flatten()
                    .filter(|e| !e.word.is_empty())
                    .cloned()
                    .collect();
                let bound = mine.iter().map(|e| e.word.len()).max().unwrap_or(0);
                for a in &mine {
                    for b in &mine {
                        if a.word.len() + b.word.len() > 2 * bound {
                            continue;
                        }
                        if self.work > limit {
                            return;
                        }
                        self.work += (n + a.word.len() + b.word.len()) as u64;
                        let g = slice::product(&a.perm, &b.perm);
                        let w = letters::concat_reduced(&a.word, &b.word, &self.orders);
                        if w.len() < bound {
                            changed |= self.insert(g, w, l, bound);
                        }
                    }
                }
            }
            if !changed {
                return;
            }
        }
    }

    fn full(&self) -> bool {
        self.empty == 0
    }

    /// Sifts `(g, w)` from level `from`, filling or improving slots. Residues with
    /// words longer than `limit` are dropped. Returns whether a slot changed.
    fn insert(&mut self, mut g: Vec<u32>, mut w: Letters, from: usize, limit: usize) -> bool {
        let mut changed = false;
        for l in from..self.bases.len() {
            self.work += (2 * g.len() + w.len()) as u64;
            if slice::is_identity(&g) || w.len() > limit {
                return changed;
            }
            let beta = g[self.bases[l]] as usize;
            let p = self.pos[l][beta];
            debug_assert!(p != u32::MAX, "an element of G^(l) maps b_l into Δ_l");
            let slot = &mut self.slots[l][p as usize];
            match slot {
                None => {
                    let inv = slice::inverse(&g);
                    *slot = Some(Entry {
                        perm: g,
                        inv,
                        word: w,
                    });
                    self.empty -= 1;
                    return true;
                }
                Some(e) => {
                    if w.len() < e.word.len() {
                        // keep the shorter word; sift the old entry on
                        let inv = slice::inverse(&g);
                        let old = std::mem::replace(
                            e,
                            Entry {
                                perm: g,
                                inv,
                                word: w,
                            },
                        );
                        changed = true;
                        g = old.perm;
                        w = old.word;
                    }
                    let e = self.slots[l][p as usize].as_ref().expect("filled");
                    let g2 = slice::product(&g, &e.inv);
                    let w2 = letters::concat_reduced(&w, &letters::inverse(&e.word), &self.orders);
                    g = g2;
                    w = w2;
                }
            }
        }
        changed
    }

    /// The word of `g` (which must be a member), shortened ([`Shortener::shorten`]):
    /// the shortest of several factorisations through the tables, whose entries
    /// differ between them — of `g` and of `g⁻¹` (inverted), each also as `a·(a⁻¹g)`
    /// and `(g a⁻¹)·a` for every letter `a` of the shortener (at most
    /// [`MAX_FACTOR_LETTERS`] of them). Their unshortened
    /// lengths rank them, and the [`FACTOR_SHORTENED`] shortest are shortened.
    pub fn factor(&self, group: &PermGroup, g: &Perm) -> Option<Vec<(usize, i64)>> {
        let n = group.degree();
        let gi = g.extended(n).images()[..n].to_vec();
        let inv = slice::inverse(&gi);
        let raw =
            |x: &[u32]| self.factor_unshortened(group, &Perm::from_images_unchecked(x.to_vec()));
        // (unshortened word, whether it is of the inverse)
        let mut words: Vec<(Letters, bool)> = Vec::new();
        for (target, inverted) in [(&gi, false), (&inv, true)] {
            words.push((raw(target)?, inverted));
            for ((k, p), a) in self.short.letters().take(MAX_FACTOR_LETTERS) {
                let a_inv = slice::inverse(a);
                // target = a · (a⁻¹ target)
                if let Some(w) = raw(&slice::product(&a_inv, target)) {
                    let mut v = vec![(k, p)];
                    v.extend(w);
                    words.push((v, inverted));
                }
                // target = (target a⁻¹) · a
                if let Some(mut w) = raw(&slice::product(target, &a_inv)) {
                    w.push((k, p));
                    words.push((w, inverted));
                }
            }
        }
        words.sort_by_key(|(w, _)| w.len());
        words
            .into_iter()
            .take(FACTOR_SHORTENED)
            .map(|(w, inverted)| {
                if inverted {
                    self.short.shorten(&letters::inverse(&w))
                } else {
                    self.short.shorten(&w)
                }
            })
            .min_by_key(Vec::len)
    }

    /// The rewriting of the tables' generators ([`Shortener`]), whose table of short
    /// words also serves [`Shortener::first_tabulated`].
    pub fn shortener(&self) -> &Shortener {
        &self.short
    }

    /// The word of `g` as the product of one entry per level, freely reduced but not
    /// shortened further (cheap: one product per level): `None` when `g` is not a
    /// member.
    pub fn factor_unshortened(&self, group: &PermGroup, g: &Perm) -> Option<Letters> {
        let n = group.degree();
        let mut a = g.extended(n).images()[..n].to_vec();
        let mut parts: Vec<&Letters> = Vec::new();
        for l in 0..self.bases.len() {
            let p = self.pos[l][a[self.bases[l]] as usize];
            if p == u32::MAX {
                return None;
            }
            let e = self.slots[l][p as usize].as_ref()?;
            a = slice::product(&a, &e.inv);
            parts.push(&e.word);
        }
        if !slice::is_identity(&a) {
            return None;
        }
        // g = t_{m-1} ⋯ t_0
        let mut w = Vec::new();
        for part in parts.iter().rev() {
            for &(k, p) in part.iter() {
                push_reduced(&mut w, k, p, &self.orders);
            }
        }
        Some(w)
    }

    /// The longest stored word (a bound on factor lengths is the sum over levels).
    pub fn max_entry_lengths(&self) -> Vec<usize> {
        self.slots
            .iter()
            .map(|s| s.iter().flatten().map(|e| e.word.len()).max().unwrap_or(0))
            .collect()
    }
}

impl PermGroup {
    /// The group's factor tables (built on first use, then kept), or `None` when the
    /// group is too large to tabulate ([`PermGroup::can_factor`]) or its tables cannot
    /// be completed within [`WORK_LIMIT`] and [`WORD_LIMIT`].
    pub fn factor_tables(&self) -> Option<&FactorTables> {
        self.factor_tables_or(FactorTables::build)
    }

    /// The group's factor tables as [`PermGroup::factor_tables`], made by
    /// `make` when they are not there yet (read from a file, or built and
    /// saved, by a cache of tables).
    pub fn factor_tables_or(
        &self,
        make: impl FnOnce(&PermGroup) -> Option<FactorTables>,
    ) -> Option<&FactorTables> {
        if !self.can_factor() {
            return None;
        }
        self.tables.get_or_init(|| make(self)).as_ref()
    }

    /// Whether [`PermGroup::factor`] can tabulate this group (`Σ |Δ_l| · n` at most
    /// [`TABLE_LIMIT`]).
    /// For recognised giants whose chain is not built yet, `Σ |Δ_l|` is estimated by
    /// `Σ m(m+1)/2` over the orbit lengths `m` (the natural base), so a huge giant does not
    /// build a chain just to be refused.
    pub fn can_factor(&self) -> bool {
        let total: usize = match self.giants() {
            Some(gi) => gi
                .orbits
                .iter()
                .map(|o| o.orbit.len() * (o.orbit.len() + 1) / 2)
                .sum(),
            None => self.basic_orbit_lengths().iter().sum(),
        };
        total.saturating_mul(self.degree()) <= TABLE_LIMIT
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Puzzle;

    /// Random elements of `group` (seeded).
    fn elements(group: &PermGroup, seed: u64, count: usize) -> Vec<crate::Perm> {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..count).map(|_| group.random_element(&mut rng)).collect()
    }

    /// Encoded and decoded, the tables factor every element as the built ones
    /// do (the same words), on puzzles with and without orientation.
    #[test]
    fn encoded_tables_decode_to_the_same_factorisations() {
        for name in ["cube2", "turnstyle:8", "board:3x4:2"] {
            let group = Puzzle::builtin(name).unwrap().group();
            let built = FactorTables::build(&group).unwrap();
            let decoded = FactorTables::decode(&group, &built.encode()).unwrap();
            for g in elements(&group, 7, 20) {
                let w = built.factor(&group, &g).unwrap();
                assert_eq!(decoded.factor(&group, &g).unwrap(), w, "{name}");
            }
        }
    }

    /// Bytes that were damaged, cut short or made for another group never give
    /// a wrong factorisation: they are refused, or (a letter changed to another
    /// element of the same coset) every word still evaluates to its element.
    #[test]
    fn damaged_or_foreign_bytes_are_refused_or_still_correct() {
        let group = Puzzle::builtin("cube2").unwrap().group();
        let bytes = FactorTables::build(&group).unwrap().encode();
        let other = Puzzle::builtin("board:3x4:2").unwrap().group();
        assert!(FactorTables::decode(&other, &bytes).is_none());
        assert!(FactorTables::decode(&group, &bytes[..bytes.len() - 1]).is_none());
        let mut extra = bytes.clone();
        extra.push(0);
        assert!(FactorTables::decode(&group, &extra).is_none());
        let gens = group.generators().to_vec();
        let probe = elements(&group, 3, 5);
        let mut x = 99u64;
        for _ in 0..300 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mut bad = bytes.clone();
            let at = (x >> 33) as usize % bad.len();
            bad[at] ^= 1 << ((x >> 20) % 8);
            if let Some(t) = FactorTables::decode(&group, &bad) {
                for g in &probe {
                    let w = t.factor(&group, g).unwrap();
                    let mut e = crate::Perm::identity(group.degree());
                    for &(j, k) in &w {
                        e = &e * &gens[j].pow(k);
                    }
                    assert_eq!(&e, g);
                }
            }
        }
    }
}
