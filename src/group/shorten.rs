//! Word shortening by local rewriting ("peephole" shortening of words in the
//! generators), as used to shorten the words of Minkwitz's factor tables
//! (T. Minkwitz, "An algorithm for solving the factorization problem in permutation
//! groups", J. Symbolic Comput. 26 (1998), §4 shortens stored words; S. Egner and
//! M. Püschel, "Solving puzzles related to permutation groups", ISSAC 1998, apply
//! such rewriting to the factorisations they compute).
//!
//! Three rewritings, each of which keeps the word's element and never lengthens it,
//! are applied in turn until none changes the word:
//! 1. free reduction with powers merged modulo the generators' orders
//!    ([`crate::letters::push_reduced`]): `g g⁻¹` cancels, `g g` becomes `g²`;
//! 2. merging across commuting letters: a letter moves left past letters whose
//!    generators commute with its own and merges with a letter of its own generator
//!    (`U D U` becomes `U² D`);
//! 3. subword replacement: every subword of at most `3·L` letters whose element has a
//!    strictly shorter word among all words of at most `L` letters is replaced by
//!    that word. The short words are tabulated once by breadth-first enumeration
//!    (letters are powers of generators; a letter never follows one of its own
//!    generator, and of two commuting generators only one order is enumerated),
//!    keyed by a 64-bit hash of the element; a hit is checked by evaluating the
//!    stored word, so a hash collision can only miss a replacement, never make a
//!    wrong one.

use crate::letters::{push_reduced, reduce_power, Letter, Letters};
use crate::perm::slice;

/// Most short words tabulated by default ([`Shortener::new`]): 2^22 entries of 16
/// bytes (64 MB).
pub const SHORT_WORDS: usize = 1 << 22;

/// Longest tabulated short word (letters are packed 8 bits each into a `u64` with
/// the length).
pub const MAX_SHORT: usize = 6;

/// The rewriting state for one generating set (see the module docs).
#[derive(Clone, Debug)]
pub struct Shortener {
    n: usize,
    orders: Vec<u64>,
    /// The letters `(g, p)` of the table, `p` in the balanced range, and their images.
    alphabet: Vec<Letter>,
    letter_perms: Vec<Vec<u32>>,
    /// The position of each letter in `alphabet`.
    index: std::collections::HashMap<Letter, usize>,
    /// `commute[g][h]`: generators `g` and `h` commute.
    commute: Vec<Vec<bool>>,
    /// (hash of the element, packed word), sorted, one word (a shortest) per hash.
    table: Vec<(u64, u64)>,
    /// Length of the longest tabulated word.
    max_len: usize,
}

fn hash(p: &[u32]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &x in p {
        h = (h ^ u64::from(x)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h ^ (h >> 31)
}

fn pack(word: &[u8]) -> u64 {
    let mut v = word.len() as u64;
    for (i, &c) in word.iter().enumerate() {
        v |= u64::from(c) << (8 * (i + 1));
    }
    v
}

fn unpack(v: u64) -> Vec<u8> {
    let len = (v & 0xff) as usize;
    (0..len).map(|i| (v >> (8 * (i + 1))) as u8).collect()
}

impl Shortener {
    /// Tabulates the short words of the generators `gens` (image arrays on `n`
    /// points, of the given orders; `0` = unknown, then only the powers ±1 are
    /// letters): all words of up to the largest length whose enumeration stays
    /// within `budget` entries, at most [`MAX_SHORT`] letters.
    pub fn new(n: usize, gens: &[Vec<u32>], orders: &[u64], budget: usize) -> Shortener {
        let mut alphabet = Vec::new();
        let mut letter_perms = Vec::new();
        for (g, perm) in gens.iter().enumerate() {
            let o = orders.get(g).copied().unwrap_or(0);
            let powers: Vec<i64> = if o == 0 || o > 64 {
                vec![1, -1]
            } else {
                let o = o as i64;
                (1..o).map(|p| reduce_power(p, o as u64)).collect()
            };
            for p in powers {
                let mut x = slice::identity(n);
                let step = if p > 0 {
                    perm.clone()
                } else {
                    slice::inverse(perm)
                };
                for _ in 0..p.unsigned_abs() {
                    x = slice::product(&x, &step);
                }
                alphabet.push((g, p));
                letter_perms.push(x);
            }
        }
        let commute = gens
            .iter()
            .map(|a| {
                gens.iter()
                    .map(|b| slice::product(a, b) == slice::product(b, a))
                    .collect()
            })
            .collect();
        let mut s = Shortener {
            n,
            orders: orders.to_vec(),
            index: alphabet.iter().enumerate().map(|(i, &l)| (l, i)).collect(),
            alphabet,
            letter_perms,
            commute,
            table: Vec::new(),
            max_len: 0,
        };
        if s.alphabet.len() <= 255 {
            s.tabulate(budget);
        }
        s
    }

    /// Whether letter `b` may follow letter `a` in a tabulated word.
    fn may_follow(&self, a: u8, b: u8) -> bool {
        let (ga, gb) = (self.alphabet[a as usize].0, self.alphabet[b as usize].0);
        ga != gb && !(self.commute[ga][gb] && gb < ga)
    }

    /// Breadth-first enumeration of the short words, layer by layer.
    fn tabulate(&mut self, budget: usize) {
        let id = slice::identity(self.n);
        let mut table = vec![(hash(&id), pack(&[]))];
        let mut frontier: Vec<(Vec<u32>, Vec<u8>)> = vec![(id, Vec::new())];
        let k = self.alphabet.len();
        // successors[c]: how many letters may follow letter c
        let successors: Vec<usize> = (0..k as u8)
            .map(|a| (0..k as u8).filter(|&b| self.may_follow(a, b)).count())
            .collect();
        let grow = |f: &[(Vec<u32>, Vec<u8>)]| -> usize {
            f.iter()
                .map(|(_, w)| w.last().map_or(k, |&c| successors[c as usize]))
                .sum()
        };
        for len in 1..=MAX_SHORT {
            // an upper bound on this layer's words, before generating it
            let next = grow(&frontier);
            if frontier.is_empty() || table.len().saturating_add(next) > budget {
                break;
            }
            // the layer after next is bounded by next times the most successors
            let most = successors.iter().copied().max().unwrap_or(0);
            let last = len == MAX_SHORT || table.len() + next + next.saturating_mul(most) > budget;
            let mut layer: Vec<(u64, u64, Option<Vec<u32>>)> = Vec::new();
            for (perm, word) in &frontier {
                for c in 0..k as u8 {
                    if word.last().is_some_and(|&a| !self.may_follow(a, c)) {
                        continue;
                    }
                    let p = slice::product(perm, &self.letter_perms[c as usize]);
                    let h = hash(&p);
                    if table.binary_search_by_key(&h, |e| e.0).is_ok() {
                        continue;
                    }
                    let mut w = word.clone();
                    w.push(c);
                    layer.push((h, pack(&w), (!last).then_some(p)));
                }
            }
            layer.sort_by_key(|e| e.0);
            layer.dedup_by_key(|e| e.0);
            frontier = layer
                .iter_mut()
                .filter_map(|(_, w, p)| p.take().map(|p| (p, unpack(*w))))
                .collect();
            table.extend(layer.into_iter().map(|(h, w, _)| (h, w)));
            table.sort_unstable_by_key(|e| e.0);
            self.max_len = len;
            if last {
                break;
            }
        }
        self.table = table;
    }

    /// The letters `(generator, power)` of the table, with their image arrays.
    pub fn letters(&self) -> impl Iterator<Item = (Letter, &[u32])> {
        self.alphabet
            .iter()
            .copied()
            .zip(self.letter_perms.iter().map(Vec::as_slice))
    }

    /// Length of the longest tabulated word (0 when none was tabulated).
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// Number of tabulated elements.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether no element is tabulated.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The image array of the letter `g^p`, borrowed when it is in the alphabet.
    fn letter_perm(&self, (g, p): Letter) -> std::borrow::Cow<'_, [u32]> {
        if let Some(&i) = self.index.get(&(g, p)) {
            return std::borrow::Cow::Borrowed(&self.letter_perms[i]);
        }
        let o = self.orders.get(g).copied().unwrap_or(0);
        // a generator of order 1 has no letters: its powers are the identity
        let Some(&b) = self.index.get(&(g, 1)) else {
            return std::borrow::Cow::Owned(slice::identity(self.n));
        };
        let base = &self.letter_perms[b];
        let e = if o == 0 { p } else { p.rem_euclid(o as i64) };
        let step = if e >= 0 {
            base.clone()
        } else {
            slice::inverse(base)
        };
        let mut x = slice::identity(self.n);
        for _ in 0..e.unsigned_abs() {
            slice::compose_in_place(&mut x, &step);
        }
        std::borrow::Cow::Owned(x)
    }

    /// The element of `w`.
    pub fn eval(&self, w: &[Letter]) -> Vec<u32> {
        let mut x = slice::identity(self.n);
        for &l in w {
            slice::compose_in_place(&mut x, &self.letter_perm(l));
        }
        x
    }

    /// A tabulated word shorter than `than` letters for the element `p`.
    fn lookup(&self, p: &[u32], than: usize) -> Option<Letters> {
        let h = hash(p);
        let i = self.table.binary_search_by_key(&h, |e| e.0).ok()?;
        let word = unpack(self.table[i].1);
        if word.len() >= than {
            return None;
        }
        let letters: Letters = word.iter().map(|&c| self.alphabet[c as usize]).collect();
        (self.eval(&letters) == p).then_some(letters)
    }

    /// The first tabulated word, by increasing length, whose element satisfies
    /// `wanted` (an image array of degree `n`), testing at most `max_tests` elements:
    /// a shortest word for such an element among the tabulated ones (every word of up
    /// to [`Shortener::max_len`] letters has its element tabulated, up to 64-bit hash
    /// collisions). `None` when no tabulated element satisfies `wanted`, or when the
    /// words of the length being tested do not fit in `max_tests` (no word of that
    /// length is then returned, so an answer is always a shortest among the
    /// tabulated).
    pub fn first_tabulated(
        &self,
        mut wanted: impl FnMut(&[u32]) -> bool,
        max_tests: usize,
    ) -> Option<Letters> {
        let mut tested = 0usize;
        for len in 0..=self.max_len {
            let words: Vec<Vec<u8>> = self
                .table
                .iter()
                .filter(|e| (e.1 & 0xff) as usize == len)
                .map(|e| unpack(e.1))
                .collect();
            tested = tested.saturating_add(words.len());
            if tested > max_tests {
                return None;
            }
            for word in words {
                let letters: Letters = word.iter().map(|&c| self.alphabet[c as usize]).collect();
                if wanted(&self.eval(&letters)) {
                    return Some(letters);
                }
            }
        }
        None
    }

    /// Rewriting 2 (see the module docs), with free reduction.
    pub fn merge_commuting(&self, w: &[Letter]) -> Letters {
        let mut out: Letters = Vec::with_capacity(w.len());
        for &(g, p) in w {
            let mut j = out.len();
            while j > 0 {
                let h = out[j - 1].0;
                if h == g || !self.commute.get(g).is_some_and(|c| c[h]) {
                    break;
                }
                j -= 1;
            }
            if j > 0 && out[j - 1].0 == g {
                let o = self.orders.get(g).copied().unwrap_or(0);
                let r = reduce_power(out[j - 1].1.saturating_add(p), o);
                if r == 0 {
                    out.remove(j - 1);
                } else {
                    out[j - 1].1 = r;
                }
            } else {
                push_reduced(&mut out, g, p, &self.orders);
            }
        }
        out
    }

    /// Rewriting 3 (see the module docs) once along the word; whether it changed.
    fn replace_subwords(&self, w: &mut Letters) -> bool {
        if self.max_len == 0 {
            return false;
        }
        let window = 2 * self.max_len + 1;
        let mut changed = false;
        let mut i = 0;
        while i < w.len() {
            let mut p = slice::identity(self.n);
            let mut best: Option<(usize, Letters)> = None;
            for m in 1..=window.min(w.len() - i) {
                slice::compose_in_place(&mut p, &self.letter_perm(w[i + m - 1]));
                if let Some(u) = self.lookup(&p, m) {
                    if best
                        .as_ref()
                        .is_none_or(|(bm, bu)| m - u.len() > bm - bu.len())
                    {
                        best = Some((m, u));
                    }
                }
            }
            match best {
                Some((m, u)) => {
                    w.splice(i..i + m, u);
                    changed = true;
                    // the replacement may enable one that starts before it
                    i = i.saturating_sub(window);
                }
                None => i += 1,
            }
        }
        changed
    }

    /// The word rewritten until no rewriting applies (see the module docs): the
    /// same element, never longer.
    pub fn shorten(&self, w: &[Letter]) -> Letters {
        let mut w = self.merge_commuting(w);
        loop {
            let changed = self.replace_subwords(&mut w);
            let merged = self.merge_commuting(&w);
            let shorter = merged.len() < w.len();
            w = merged;
            if !changed && !shorter {
                return w;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On S_4 generated by a 4-cycle and a transposition, every word of up to 6 letters
    /// shortens to a word of the same element, never longer; the tabulated words have
    /// the brute-force distances (every element's shortest length, by BFS over S_4).
    #[test]
    fn shortening_is_exact_on_s4() {
        let a = vec![1u32, 2, 3, 0];
        let b = vec![1u32, 0, 2, 3];
        let gens = vec![a, b];
        let orders = [4u64, 2];
        let s = Shortener::new(4, &gens, &orders, 1 << 16);
        // brute force: the distance of every element with letters a^±1, a^2, b
        let letters: Vec<Vec<u32>> = [(0, 1), (0, -1), (0, 2), (1, 1)]
            .iter()
            .map(|&l| s.letter_perm(l).into_owned())
            .collect();
        let mut dist = std::collections::HashMap::new();
        dist.insert(slice::identity(4), 0usize);
        let mut layer = vec![slice::identity(4)];
        let mut d = 0;
        while !layer.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for x in &layer {
                for l in &letters {
                    let y = slice::product(x, l);
                    if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(y.clone()) {
                        e.insert(d);
                        next.push(y);
                    }
                }
            }
            layer = next;
        }
        assert_eq!(dist.len(), 24);
        assert_eq!(s.len(), 24, "every element of S_4 is tabulated");
        for (x, &d) in &dist {
            let w = s.lookup(x, usize::MAX).expect("tabulated");
            assert_eq!(w.len(), d);
            assert_eq!(&s.eval(&w), x);
        }
        // all words of up to 5 letters shorten to an optimal word of their element
        let alphabet = [(0usize, 1i64), (0, -1), (0, 2), (1, 1)];
        let mut words: Vec<Letters> = vec![Vec::new()];
        for _ in 0..5 {
            let mut next = Vec::new();
            for w in &words {
                for &l in &alphabet {
                    let mut v = w.clone();
                    v.push(l);
                    next.push(v);
                }
            }
            for w in &next {
                let x = s.eval(w);
                let short = s.shorten(w);
                assert_eq!(s.eval(&short), x, "{w:?} -> {short:?}");
                assert!(short.len() <= w.len());
                assert_eq!(short.len(), dist[&x], "{w:?} -> {short:?}");
            }
            words = next;
        }
    }

    #[test]
    fn commuting_letters_merge() {
        // two disjoint 3-cycles commute: a b a = a^-1 b (a^2 = a^-1)
        let a = vec![1u32, 2, 0, 3, 4, 5];
        let b = vec![0u32, 1, 2, 4, 5, 3];
        let s = Shortener::new(6, &[a, b], &[3, 3], 0);
        assert_eq!(s.max_len(), 0);
        assert_eq!(
            s.merge_commuting(&[(0, 1), (1, 1), (0, 1)]),
            [(0, -1), (1, 1)]
        );
        assert_eq!(s.merge_commuting(&[(0, 1), (1, 1), (0, -1)]), [(1, 1)]);
    }
}
