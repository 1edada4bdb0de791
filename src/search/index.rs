//! Perfect indexings (bijections between states and `0..size`) used by the dense
//! distance tables of [`crate::search`].
//!
//! - [`Arrangements`]: the ordered placements of `k` distinct pieces on `n` cells,
//!   ranked lexicographically (the Lehmer code in mixed radix `n, n-1, …, n-k+1`;
//!   `k = n` is the Lehmer rank of a permutation, cf. D. H. Lehmer, "Teaching
//!   combinatorial tricks to a computer", 1960, and W. Myrvold & F. Ruskey, "Ranking
//!   and unranking permutations in linear time", IPL 79 (2001), whose linear-time
//!   idea is here done with bit masks and popcounts).
//! - [`ProductIndex`]: a permutation group that is the direct product of the
//!   symmetric groups on its orbits, or the even part of that product (as the 4x4
//!   board with 3x3 blocks, 8!·8!/2): one Lehmer rank per orbit, in mixed radix, the
//!   last orbit halved by the parity trick (a permutation and the one with its last
//!   two entries swapped have consecutive Lehmer ranks and opposite parity).
//!
//! General groups are indexed by `PermGroup::rank` (the stabiliser chain), see
//! [`crate::search::space`].

use crate::perm::slice;

/// Why an indexing cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IndexError {
    /// More than 64 cells or pieces.
    #[error("{0} cells: at most 64 are supported by the dense indexings")]
    TooManyCells(usize),
    /// More pieces than cells.
    #[error("{pieces} pieces on {cells} cells: more pieces than cells")]
    TooManyPieces {
        /// Pieces.
        pieces: usize,
        /// Cells.
        cells: usize,
    },
    /// The number of states does not fit in 64 bits.
    #[error("the state space has more than 2^64 states")]
    TooLarge,
}

/// A perfect indexing: a bijection between some byte states and `0..size`. The
/// indexings of this module implement it with their own `size`, `rank` and
/// `unrank`, so that code generic over the indexing (as
/// [`crate::search::space::TrackedSpace`]) can use any of them.
pub trait PerfectIndex {
    /// Number of states.
    fn size(&self) -> u64;
    /// The index of a state (see each indexing for the states it accepts).
    fn rank(&self, s: &[u8]) -> u64;
    /// The state of index `r < size`, into `out` (its first entries).
    fn unrank(&self, r: u64, out: &mut [u8]);
}

/// Implements [`PerfectIndex`] for indexings by their inherent methods.
macro_rules! perfect_index_by_inherent_methods {
    ($($t:ty),*) => {$(
        impl PerfectIndex for $t {
            #[inline]
            fn size(&self) -> u64 {
                <$t>::size(self)
            }
            #[inline]
            fn rank(&self, s: &[u8]) -> u64 {
                <$t>::rank(self, s)
            }
            #[inline]
            fn unrank(&self, r: u64, out: &mut [u8]) {
                <$t>::unrank(self, r, out)
            }
        }
    )*};
}

perfect_index_by_inherent_methods!(Arrangements, ProductIndex, ChainIndex, Tokens);

/// Ordered placements of `k` distinct pieces on `n` cells (`k ≤ n ≤ 64`), i.e.
/// injections `0..k → 0..n` given by their images (`pos[j]` = the cell of piece `j`),
/// ranked in lexicographic order. There are `n!/(n-k)!` of them.
///
/// ```
/// use permlab::search::index::Arrangements;
/// let a = Arrangements::new(4, 4).unwrap();
/// assert_eq!(a.size(), 24);
/// assert_eq!(a.rank(&[0, 1, 2, 3]), 0);
/// assert_eq!(a.rank(&[3, 2, 1, 0]), 23);
/// let mut out = [0u8; 4];
/// a.unrank(9, &mut out);
/// assert_eq!(a.rank(&out), 9);
/// ```
#[derive(Clone, Debug)]
pub struct Arrangements {
    n: usize,
    k: usize,
    size: u64,
}

impl Arrangements {
    /// The indexing of `k` pieces on `n` cells.
    pub fn new(n: usize, k: usize) -> Result<Arrangements, IndexError> {
        if n > 64 {
            return Err(IndexError::TooManyCells(n));
        }
        if k > n {
            return Err(IndexError::TooManyPieces {
                pieces: k,
                cells: n,
            });
        }
        let mut size: u64 = 1;
        for i in 0..k {
            size = size
                .checked_mul((n - i) as u64)
                .ok_or(IndexError::TooLarge)?;
        }
        Ok(Arrangements { n, k, size })
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.n
    }

    /// Number of pieces.
    pub fn pieces(&self) -> usize {
        self.k
    }

    /// Number of placements, `n!/(n-k)!`.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The rank of a placement (`pos.len() >= k`; entries distinct, `< n`). For
    /// other input the result is unspecified (it may be `>= size()`); check
    /// placements from input first.
    ///
    /// # Panics
    ///
    /// If `pos` is shorter than the number of pieces or an entry is 64 or more.
    #[inline]
    pub fn rank(&self, pos: &[u8]) -> u64 {
        let mut used: u64 = 0;
        let mut r: u64 = 0;
        for (i, &p) in pos[..self.k].iter().enumerate() {
            let below = (used & ((1u64 << p) - 1)).count_ones() as u64;
            r = r * (self.n - i) as u64 + (p as u64 - below);
            used |= 1u64 << p;
        }
        r
    }

    /// The placement of rank `r < size` into `out[..k]`.
    #[inline]
    pub fn unrank(&self, mut r: u64, out: &mut [u8]) {
        let mut digits = [0u8; 64];
        if r <= u32::MAX as u64 {
            // 32-bit divisions are several times cheaper
            let mut r32 = r as u32;
            for i in (0..self.k).rev() {
                let radix = (self.n - i) as u32;
                digits[i] = (r32 % radix) as u8;
                r32 /= radix;
            }
        } else {
            for i in (0..self.k).rev() {
                let radix = (self.n - i) as u64;
                digits[i] = (r % radix) as u8;
                r /= radix;
            }
        }
        let mut free: u64 = if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        };
        for i in 0..self.k {
            let mut f = free;
            for _ in 0..digits[i] {
                f &= f - 1;
            }
            let p = f.trailing_zeros();
            out[i] = p as u8;
            free &= !(1u64 << p);
        }
    }
}

/// Parity of a permutation of `0..n` given by its images: `true` if odd.
pub fn is_odd(images: &[u8]) -> bool {
    let mut seen: u64 = 0;
    let mut transpositions = 0usize;
    for start in 0..images.len() {
        if seen >> start & 1 == 1 {
            continue;
        }
        let mut len = 0;
        let mut x = start;
        while seen >> x & 1 == 0 {
            seen |= 1 << x;
            x = images[x] as usize;
            len += 1;
        }
        transpositions += len - 1;
    }
    transpositions % 2 == 1
}

/// The direct product of the symmetric groups on some disjoint blocks of points, or
/// its even part. A group element is given by its images (`g[p]` for every point,
/// points outside the blocks fixed), each block mapped onto itself.
///
/// ```
/// use permlab::search::index::ProductIndex;
/// // S_2 x S_3 on {0,1} and {2,3,4}, even part: 2!*3!/2 = 6 elements
/// let idx = ProductIndex::new(5, vec![vec![0, 1], vec![2, 3, 4]], true).unwrap();
/// assert_eq!(idx.size(), 6);
/// let mut g = [0u8; 5];
/// let mut ranks: Vec<u64> = (0..6).map(|r| { idx.unrank(r, &mut g); idx.rank(&g) }).collect();
/// assert_eq!(ranks, vec![0, 1, 2, 3, 4, 5]);
/// ```
#[derive(Clone, Debug)]
pub struct ProductIndex {
    degree: usize,
    blocks: Vec<Vec<u8>>,
    /// cell -> index inside its block
    local: Vec<u8>,
    lehmer: Vec<Arrangements>,
    even: bool,
    size: u64,
    /// `true` when there is one block `0..degree` in order (no translation needed).
    identity_layout: bool,
}

impl ProductIndex {
    /// The product of `Sym(block)` over `blocks` (disjoint subsets of `0..degree`;
    /// omitted points are fixed), restricted to even permutations when `even`.
    pub fn new(
        degree: usize,
        blocks: Vec<Vec<usize>>,
        even: bool,
    ) -> Result<ProductIndex, IndexError> {
        if degree > crate::limits::MAX_BYTE_STATE_POINTS {
            return Err(IndexError::TooManyCells(degree));
        }
        let mut local = vec![0u8; degree];
        let mut lehmer = Vec::new();
        let mut size: u64 = 1;
        for b in &blocks {
            let a = Arrangements::new(b.len(), b.len())?;
            size = size.checked_mul(a.size()).ok_or(IndexError::TooLarge)?;
            for (j, &p) in b.iter().enumerate() {
                local[p] = j as u8;
            }
            lehmer.push(a);
        }
        let even = even && blocks.iter().any(|b| b.len() >= 2);
        if even {
            size /= 2;
        }
        let identity_layout = blocks.len() == 1
            && blocks[0].len() == degree
            && blocks[0].iter().enumerate().all(|(i, &p)| i == p);
        Ok(ProductIndex {
            degree,
            blocks: blocks
                .into_iter()
                .map(|b| b.into_iter().map(|p| p as u8).collect())
                .collect(),
            local,
            lehmer,
            even,
            size,
            identity_layout,
        })
    }

    /// Number of elements.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Number of points.
    pub fn degree(&self) -> usize {
        self.degree
    }

    /// Whether `g` (images) is an element: every block mapped onto itself, other
    /// points fixed, and even if required.
    pub fn contains(&self, g: &[u8]) -> bool {
        if g.len() != self.degree {
            return false;
        }
        let mut in_block = vec![usize::MAX; self.degree];
        for (bi, b) in self.blocks.iter().enumerate() {
            for &p in b {
                in_block[p as usize] = bi;
            }
        }
        for p in 0..self.degree {
            let q = g[p] as usize;
            if q >= self.degree
                || in_block[p] != in_block[q]
                || (in_block[p] == usize::MAX && p != q)
            {
                return false;
            }
        }
        !(self.even && is_odd(g))
    }

    /// The rank of an element given by its images.
    #[inline]
    pub fn rank(&self, g: &[u8]) -> u64 {
        if self.identity_layout {
            let r = self.lehmer[0].rank(g);
            return if self.even { r >> 1 } else { r };
        }
        let mut buf = [0u8; 64];
        let mut r: u64 = 0;
        let last = self.blocks.len() - 1;
        for (bi, b) in self.blocks.iter().enumerate() {
            for (j, &p) in b.iter().enumerate() {
                buf[j] = self.local[g[p as usize] as usize];
            }
            let mut x = self.lehmer[bi].rank(&buf);
            let mut radix = self.lehmer[bi].size();
            if self.even && bi == last {
                x >>= 1;
                radix >>= 1;
            }
            r = r * radix + x;
        }
        r
    }

    /// The element of rank `r < size` as images into `out[..degree]`.
    #[inline]
    pub fn unrank(&self, r: u64, out: &mut [u8]) {
        if self.identity_layout {
            if self.even {
                self.lehmer[0].unrank(r << 1, out);
                if is_odd(&out[..self.degree]) {
                    out.swap(self.degree - 2, self.degree - 1);
                }
            } else {
                self.lehmer[0].unrank(r, out);
            }
            return;
        }
        for (p, o) in out[..self.degree].iter_mut().enumerate() {
            *o = p as u8;
        }
        let last = self.blocks.len() - 1;
        let mut rest = r;
        let mut digits = vec![0u64; self.blocks.len()];
        for bi in (0..self.blocks.len()).rev() {
            let mut radix = self.lehmer[bi].size();
            if self.even && bi == last {
                radix >>= 1;
            }
            digits[bi] = rest % radix;
            rest /= radix;
        }
        let mut buf = [0u8; 64];
        let mut odd = false;
        for (bi, b) in self.blocks.iter().enumerate() {
            let d = if self.even && bi == last {
                digits[bi] << 1
            } else {
                digits[bi]
            };
            self.lehmer[bi].unrank(d, &mut buf);
            let m = b.len();
            if self.even && bi == last && (odd ^ is_odd(&buf[..m])) {
                buf.swap(m - 2, m - 1);
            }
            if self.even && bi != last {
                odd ^= is_odd(&buf[..m]);
            }
            for (j, &p) in b.iter().enumerate() {
                out[p as usize] = b[buf[j] as usize];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// All permutations of 0..n in lexicographic order, by the simple recursive method.
    fn lex_perms(n: usize) -> Vec<Vec<u8>> {
        if n == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for first in 0..n as u8 {
            for rest in lex_perms(n - 1) {
                let mut v = vec![first];
                v.extend(rest.iter().map(|&x| if x >= first { x + 1 } else { x }));
                out.push(v);
            }
        }
        out
    }

    #[test]
    fn lehmer_rank_is_lexicographic_order() {
        for n in 1..=6 {
            let a = Arrangements::new(n, n).unwrap();
            let perms = lex_perms(n);
            assert_eq!(perms.len() as u64, a.size());
            let mut buf = vec![0u8; n];
            for (r, p) in perms.iter().enumerate() {
                assert_eq!(a.rank(p), r as u64);
                a.unrank(r as u64, &mut buf);
                assert_eq!(&buf, p);
            }
        }
    }

    #[test]
    fn arrangements_are_lexicographic_prefixes() {
        // placements of 3 pieces on 5 cells, in lex order = sorted distinct triples
        let a = Arrangements::new(5, 3).unwrap();
        assert_eq!(a.size(), 60);
        let mut all = Vec::new();
        for x in 0..5u8 {
            for y in 0..5u8 {
                for z in 0..5u8 {
                    if x != y && y != z && x != z {
                        all.push([x, y, z]);
                    }
                }
            }
        }
        let mut buf = [0u8; 3];
        for (r, p) in all.iter().enumerate() {
            assert_eq!(a.rank(p), r as u64);
            a.unrank(r as u64, &mut buf);
            assert_eq!(&buf, p);
        }
    }

    #[test]
    fn chain_index_agrees_with_permgroup_rank() {
        use crate::Puzzle;
        for spec in ["board:2x3:2", "cube2"] {
            let p = Puzzle::builtin(spec).unwrap();
            let g = p.group();
            let c = ChainIndex::new(&g, 1 << 24).unwrap();
            assert_eq!(c.size() as u128, g.order_u128().unwrap());
            let n = p.degree();
            let mut s = vec![0u8; n];
            let step = (c.size() / 500).max(1);
            for r in (0..c.size()).step_by(step as usize) {
                c.unrank(r, &mut s);
                let e = g.unrank(r as u128).unwrap();
                let images: Vec<u8> = (0..n).map(|i| e.extended(n).image(i) as u8).collect();
                assert_eq!(s, images, "{spec} rank {r}");
                assert_eq!(c.rank(&s), r);
            }
        }
    }

    #[test]
    fn product_index_is_a_bijection() {
        for even in [false, true] {
            let idx = ProductIndex::new(7, vec![vec![0, 2, 4], vec![1, 3, 5, 6]], even).unwrap();
            assert_eq!(idx.size(), if even { 72 } else { 144 });
            let mut seen = std::collections::HashSet::new();
            let mut g = [0u8; 7];
            for r in 0..idx.size() {
                idx.unrank(r, &mut g);
                assert!(idx.contains(&g), "{g:?}");
                assert_eq!(idx.rank(&g), r);
                assert!(seen.insert(g));
            }
        }
        let a8 = ProductIndex::new(5, vec![(0..5).collect()], true).unwrap();
        assert_eq!(a8.size(), 60);
        let mut g = [0u8; 5];
        for r in 0..60 {
            a8.unrank(r, &mut g);
            assert!(!is_odd(&g));
            assert_eq!(a8.rank(&g), r);
        }
    }
}

/// The stabiliser-chain rank of a general permutation group on byte states: the
/// mixed-radix number of the orbit positions met by sifting (the numbering of
/// `PermGroup::rank`), with the chain's transversals stored as byte tables so a
/// rank follows only the images of the base points (`O(m²)` lookups for a base of
/// length `m`) and allocates nothing. The chain itself comes from
/// [`crate::group::PermGroup::chain`] (Schreier–Sims).
#[derive(Clone, Debug)]
pub struct ChainIndex {
    degree: usize,
    bases: Vec<u8>,
    radix: Vec<u64>,
    /// per level: point -> orbit position (u16::MAX if not in the orbit)
    pos: Vec<Vec<u16>>,
    /// per level: the transversal elements' images, `degree` bytes each
    u: Vec<Vec<u8>>,
    /// per level: their inverses
    uinv: Vec<Vec<u8>>,
    size: u64,
}

impl ChainIndex {
    /// Byte tables of a group's chain, or `None` if the group has more than
    /// 255 points, an order above 2^64 or tables above `max_bytes`.
    pub fn new(group: &crate::group::PermGroup, max_bytes: usize) -> Option<ChainIndex> {
        let chain = group.chain();
        let n = chain.degree();
        if n > crate::limits::MAX_BYTE_STATE_POINTS || n == 0 {
            return None;
        }
        let total: usize = chain.levels().iter().map(|l| l.orbit().len() * n * 2).sum();
        if total > max_bytes {
            return None;
        }
        let mut size: u64 = 1;
        let mut idx = ChainIndex {
            degree: n,
            bases: Vec::new(),
            radix: Vec::new(),
            pos: Vec::new(),
            u: Vec::new(),
            uinv: Vec::new(),
            size: 0,
        };
        for lv in chain.levels() {
            let len = lv.orbit().len();
            if len > u16::MAX as usize {
                return None;
            }
            size = size.checked_mul(len as u64)?;
            idx.bases.push(lv.base() as u8);
            idx.radix.push(len as u64);
            idx.pos.push(
                (0..n)
                    .map(|x| lv.position(x).map_or(u16::MAX, |p| p as u16))
                    .collect(),
            );
            let mut u = Vec::with_capacity(len * n);
            let mut ui = Vec::with_capacity(len * n);
            for p in 0..len {
                u.extend(lv.transversal(p).iter().map(|&x| x as u8));
                ui.extend(lv.transversal_inverse(p).iter().map(|&x| x as u8));
            }
            idx.u.push(u);
            idx.uinv.push(ui);
        }
        idx.size = size;
        Some(idx)
    }

    /// Number of elements, `|G|`.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The rank of an element of the group given by its images (not checked to be
    /// an element).
    #[inline]
    pub fn rank(&self, g: &[u8]) -> u64 {
        let m = self.bases.len();
        let n = self.degree;
        let mut b = [0u8; 256];
        for (j, &base) in self.bases.iter().enumerate() {
            b[j] = g[base as usize];
        }
        let mut r: u64 = 0;
        for l in 0..m {
            let p = self.pos[l][b[l] as usize] as usize;
            r = r * self.radix[l] + p as u64;
            slice::compose_in_place(&mut b[l + 1..m], &self.uinv[l][p * n..(p + 1) * n]);
        }
        r
    }

    /// The element of rank `r < size` as images into `out[..degree]`.
    #[inline]
    pub fn unrank(&self, mut r: u64, out: &mut [u8]) {
        let m = self.bases.len();
        let n = self.degree;
        let mut digits = [0usize; 256];
        for l in (0..m).rev() {
            digits[l] = (r % self.radix[l]) as usize;
            r /= self.radix[l];
        }
        for (i, o) in out[..n].iter_mut().enumerate() {
            *o = i as u8;
        }
        // g = u_{m-1} ⋯ u_0 (first the deepest level's factor)
        for l in (0..m).rev() {
            let p = digits[l];
            slice::compose_in_place(&mut out[..n], &self.u[l][p * n..(p + 1) * n]);
        }
    }
}

/// Binomial coefficients `C(n, k)` for `n, k ≤ 64`, saturating at `u64::MAX`.
fn binomials() -> &'static [[u64; 65]; 65] {
    static TABLE: std::sync::OnceLock<Box<[[u64; 65]; 65]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut c = Box::new([[0u64; 65]; 65]);
        for n in 0..=64 {
            c[n][0] = 1;
            for k in 1..=n {
                c[n][k] = c[n - 1][k - 1].saturating_add(c[n - 1][k]);
            }
        }
        c
    })
}

/// Placements of indistinguishable tokens of several colours on `n ≤ 64` cells
/// (`counts[i]` tokens of colour `i`, the other cells empty): multiset
/// permutations, `n! / (c_0! c_1! … (n-Σc)!)` of them. A state lists the cells of
/// the tokens colour by colour, in any order within a colour. The rank is the
/// combinatorial number system (D. H. Lehmer; Knuth, TAOCP 7.2.1.3) of each
/// colour's cells among the cells the earlier colours leave free, in mixed radix.
///
/// ```
/// use permlab::search::index::Tokens;
/// // 2 tokens of one colour and 1 of another on 4 cells: C(4,2)·C(2,1) = 12
/// let t = Tokens::new(4, vec![2, 1]).unwrap();
/// assert_eq!(t.size(), 12);
/// assert_eq!(t.rank(&[3, 1, 0]), t.rank(&[1, 3, 0]));
/// let mut out = [0u8; 3];
/// t.unrank(7, &mut out);
/// assert_eq!(t.rank(&out), 7);
/// ```
#[derive(Clone, Debug)]
pub struct Tokens {
    n: usize,
    counts: Vec<usize>,
    /// `C(free cells before colour i, counts[i])`: the radix of colour `i`.
    radix: Vec<u64>,
    size: u64,
}

impl Tokens {
    /// The indexing of `counts[i]` tokens of colour `i` on `n` cells.
    pub fn new(n: usize, counts: Vec<usize>) -> Result<Tokens, IndexError> {
        if n > 64 {
            return Err(IndexError::TooManyCells(n));
        }
        let total: usize = counts.iter().sum();
        assert!(total <= n, "more tokens than cells");
        let c = binomials();
        let mut free = n;
        let mut size: u64 = 1;
        let mut radix = Vec::with_capacity(counts.len());
        for &k in &counts {
            let r = c[free][k];
            if r == u64::MAX {
                return Err(IndexError::TooLarge);
            }
            size = size.checked_mul(r).ok_or(IndexError::TooLarge)?;
            radix.push(r);
            free -= k;
        }
        Ok(Tokens {
            n,
            counts,
            radix,
            size,
        })
    }

    /// Number of placements.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Number of tokens (the state width).
    pub fn width(&self) -> usize {
        self.counts.iter().sum()
    }

    /// The tokens of each colour.
    pub fn counts(&self) -> &[usize] {
        &self.counts
    }

    /// The rank of a placement (`pos` lists the cells of colour 0's tokens, then
    /// colour 1's, …).
    pub fn rank(&self, pos: &[u8]) -> u64 {
        let c = binomials();
        let mut used: u64 = 0;
        let mut rank: u64 = 0;
        let mut at = 0;
        for (i, &k) in self.counts.iter().enumerate() {
            let mut mask: u64 = 0;
            for &p in &pos[at..at + k] {
                mask |= 1u64 << p;
            }
            // this colour's cells in increasing order, renumbered among the free ones
            let (mut r, mut j, mut m) = (0u64, 1usize, mask);
            while m != 0 {
                let p = m.trailing_zeros();
                let below = (used & ((1u64 << p) - 1)).count_ones();
                r += c[(p - below) as usize][j];
                j += 1;
                m &= m - 1;
            }
            used |= mask;
            rank = rank * self.radix[i] + r;
            at += k;
        }
        rank
    }

    /// The placement of a rank, into `out[..width]` (each colour's cells ascending).
    pub fn unrank(&self, mut r: u64, out: &mut [u8]) {
        let c = binomials();
        let mut digits = vec![0u64; self.counts.len()];
        for i in (0..self.counts.len()).rev() {
            digits[i] = r % self.radix[i];
            r /= self.radix[i];
        }
        let mut free: Vec<u8> = (0..self.n as u8).collect();
        let mut at = 0;
        for (i, &k) in self.counts.iter().enumerate() {
            let mut d = digits[i];
            let mut chosen = Vec::with_capacity(k);
            let mut top = free.len();
            for j in (1..=k).rev() {
                // the largest p < top with C(p, j) <= d
                let mut p = top - 1;
                while c[p][j] > d {
                    p -= 1;
                }
                d -= c[p][j];
                chosen.push(p);
                top = p;
            }
            chosen.reverse();
            for (j, &p) in chosen.iter().enumerate() {
                out[at + j] = free[p];
            }
            for &p in chosen.iter().rev() {
                free.remove(p);
            }
            at += k;
        }
    }
}
