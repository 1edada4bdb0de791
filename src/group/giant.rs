//! Recognising giants: the natural symmetric and alternating groups, and direct
//! products of them on the orbits.
//!
//! **Jordan's theorem** (Jordan 1873; Wielandt, *Finite Permutation Groups*, Thm 13.9):
//! a primitive group of degree `n` containing a cycle of prime length `p ≤ n − 3`
//! contains `A_n`. A transitive group of degree `n` containing a `p`-cycle `c` with
//! `p > n/2` is primitive: `c` permutes the `n/d` blocks of a system with blocks of size
//! `1 < d < n` in orbits of length 1 or `p`, and `p > n/2 ≥ n/d` forces it to fix every
//! block; the block holding a point of the cycle then holds the whole cycle and has
//! more than `n/2` points, which is impossible. So: **a transitive group of degree `n`
//! with an element having a cycle of prime length `p`, `n/2 < p ≤ n − 3`, contains
//! `A_n`**. Raising such an element to
//! the power `order / p` leaves that `p`-cycle alone (no other cycle length on the
//! orbit is divisible by `p`), which is the witness shown in proofs. Random elements of
//! `S_n` and `A_n` have such a cycle with probability about `log 2 / log n`, so a few
//! dozen random elements suffice (Seress §10.2).
//!
//! For an intransitive group whose constituent on every orbit `O_i` is a giant, the
//! kernel `K_i = G ∩ Sym(O_i)` (elements moving only `O_i`) is normal in `G`, so its
//! restriction is normal in the constituent `≥ A(O_i)`; as `A_m` is simple for
//! `m ≥ 5`, one non-trivial element of `K_i` proves `K_i ≥ A(O_i)`. Such an element is
//! a power of a random element that kills every other orbit. Then
//! `G ≥ A(O_1) × ⋯ × A(O_k)` and `|G| = ∏ |O_i|!/2 · 2^r`, where `r` is the rank over
//! GF(2) of the generators' parity vectors (sign on each orbit).
//!
//! Everything here is a proof: the recogniser either returns witnesses for every
//! step or gives up (returns `None`); it never claims a giant that is not one.

use crate::group::limit::{Interrupted, Limit};
use crate::group::random::ProductReplacement;
use crate::perm::Perm;
use num_bigint::BigUint;
use num_traits::One;
use rand::Rng;

/// How many random elements the recogniser looks at per orbit before giving up.
pub const TRIES: usize = 80;

/// How many pairs `{a, a^g}` per orbit the recogniser tests for a non-trivial block.
pub const BLOCK_PROBES: usize = 4;

/// Random elements per orbit after which, if witnesses are still missing, the
/// recogniser looks for blocks (giants usually supply their witnesses sooner).
pub const BLOCK_TEST_AFTER: usize = 4;

/// Smallest orbit on which Jordan's test can succeed (`n/2 < p ≤ n − 3` needs `n ≥ 8`).
pub const MIN_DEGREE: usize = 8;

/// The giant on one orbit.
#[derive(Clone, Debug)]
pub struct GiantOrbit {
    /// The orbit (0-based points, increasing).
    pub orbit: Vec<usize>,
    /// The prime `p` with `|O|/2 < p ≤ |O| − 3`.
    pub prime: usize,
    /// A group element whose restriction to the orbit is a single `p`-cycle.
    pub p_cycle_element: Perm,
    /// A non-trivial group element moving only points of this orbit (absent when the
    /// group is transitive on its moved points).
    pub kernel_element: Option<Perm>,
    /// Whether every generator is even on this orbit (constituent `A(O)`, else `S(O)`).
    pub all_even_on_orbit: bool,
}

/// A proof that a group is a subdirect product of giants containing the product of the
/// alternating groups on its orbits.
#[derive(Clone, Debug)]
pub struct Giants {
    /// The non-trivial orbits with their witnesses.
    pub orbits: Vec<GiantOrbit>,
    /// Rank over GF(2) of the generators' parity vectors (one bit per orbit).
    pub parity_rank: usize,
    /// The parity vectors spanning the image of `G` in `C_2^k` (reduced basis:
    /// bit `i` = odd on orbit `i`).
    pub parity_basis: Vec<u64>,
}

impl Giants {
    /// The group order `∏ |O_i|!/2 · 2^rank`.
    pub fn order(&self) -> BigUint {
        let mut o = BigUint::one();
        for g in &self.orbits {
            o *= factorial(g.orbit.len()) / 2u32;
        }
        o << self.parity_rank
    }

    /// A base and its basic orbit lengths, without a stabilizer chain: on each orbit
    /// `O_i` (in order) all points but the last two (basic orbit lengths `|O_i|`,
    /// `|O_i| − 1`, …, `3`: the group contains `A(O_i)`, transitive on the `≥ 3` points
    /// left), then the second-to-last point of the orbit of each pivot of the parity
    /// basis (length 2 each). The first part leaves the elements that swap the last two
    /// points on some orbits, one for each vector of the parity span; the pivots index
    /// coordinates on which that span projects bijectively, so they finish the base.
    /// The product of the lengths is [`Giants::order`].
    pub fn base_and_orbit_lengths(&self) -> (Vec<usize>, Vec<usize>) {
        let mut base = Vec::new();
        let mut lens = Vec::new();
        for o in &self.orbits {
            let m = o.orbit.len();
            for (j, &x) in o.orbit[..m - 2].iter().enumerate() {
                base.push(x);
                lens.push(m - j);
            }
        }
        for &b in &self.parity_basis {
            let o = &self.orbits[63 - b.leading_zeros() as usize].orbit;
            base.push(o[o.len() - 2]);
            lens.push(2);
        }
        (base, lens)
    }

    /// Membership: `g` preserves every orbit, fixes all other points, and its parity
    /// vector lies in the span of the generators' parity vectors.
    pub fn contains(&self, g: &Perm, degree: usize) -> bool {
        let mut in_orbit = vec![usize::MAX; degree.max(g.degree())];
        for (i, o) in self.orbits.iter().enumerate() {
            for &x in &o.orbit {
                in_orbit[x] = i;
            }
        }
        for x in 0..in_orbit.len() {
            let y = g.image(x);
            if in_orbit[x] != in_orbit[y] || (in_orbit[x] == usize::MAX && x != y) {
                return false;
            }
        }
        let v = parity_vector(g, &in_orbit, self.orbits.len());
        reduce(v, &self.parity_basis) == 0
    }
}

/// Quick rejection: `A(O)` is primitive, so a constituent with a non-trivial block is
/// no giant. Looks (Atkinson's algorithm) at the smallest block containing `{a, a^g}`
/// for the first point `a` of each orbit and up to [`BLOCK_PROBES`] generators `g`; a
/// `false` proves nothing. This only saves the rest of the random search on
/// imprimitive groups (e.g. wreath products).
fn has_visible_blocks(degree: usize, gens: &[Perm], orbits: &[&Vec<usize>]) -> bool {
    for o in orbits {
        let a = o[0];
        let mut tried: Vec<usize> = Vec::new();
        for g in gens {
            let b = g.image(a);
            if b == a || tried.contains(&b) || tried.len() == BLOCK_PROBES {
                continue;
            }
            tried.push(b);
            let cls = minimal_block_classes(degree, gens, a, b);
            if o.iter().any(|&x| cls[x] != cls[a]) {
                return true;
            }
        }
    }
    false
}

/// `n!` as a big integer, by binary splitting: the product of `lo..=hi` is that of
/// its two halves, so the large products are of numbers of similar size, where
/// num-bigint's Karatsuba and Toom-3 multiplications pay (multiplying by `k` one at a
/// time is quadratic: seconds for `100000!`).
pub fn factorial(n: usize) -> BigUint {
    fn product(lo: u64, hi: u64) -> BigUint {
        if hi - lo < 16 {
            (lo..=hi).fold(BigUint::one(), |acc, k| acc * k)
        } else {
            let mid = lo + (hi - lo) / 2;
            product(lo, mid) * product(mid + 1, hi)
        }
    }
    if n < 2 {
        BigUint::one()
    } else {
        product(2, n as u64)
    }
}

/// Whether `p` is prime (trial division; `p` is at most a degree).
pub fn is_prime(p: usize) -> bool {
    p >= 2
        && (2..)
            .take_while(|d| d * d <= p)
            .all(|d| !p.is_multiple_of(d))
}

pub(crate) fn parity_vector(g: &Perm, in_orbit: &[usize], k: usize) -> u64 {
    let _ = k;
    let mut v = 0u64;
    for c in g.cycles() {
        let i = in_orbit[c[0]];
        if i != usize::MAX && c.len() % 2 == 0 {
            v ^= 1 << i;
        }
    }
    v
}

pub(crate) fn reduce(mut v: u64, basis: &[u64]) -> u64 {
    for &b in basis {
        let top = 63 - b.leading_zeros();
        if v >> top & 1 == 1 {
            v ^= b;
        }
    }
    v
}

pub(crate) fn insert(basis: &mut Vec<u64>, v: u64) -> bool {
    let v = reduce(v, basis);
    if v == 0 {
        return false;
    }
    basis.push(v);
    basis.sort_unstable_by(|a, b| b.cmp(a));
    true
}

/// The most point images [`commute_pairwise`] computes.
const COMMUTE_WORK: usize = 1 << 28;

/// Whether the generators commute pairwise (so generate an abelian group), when that
/// takes at most [`COMMUTE_WORK`] point images (`None` otherwise).
fn commute_pairwise(gens: &[Perm]) -> Option<bool> {
    let degree = gens.iter().map(Perm::degree).max().unwrap_or(0);
    let pairs = gens.len() * gens.len().saturating_sub(1) / 2;
    if pairs.saturating_mul(2 * degree) > COMMUTE_WORK {
        return None;
    }
    Some(gens.iter().enumerate().all(|(i, a)| {
        gens[i + 1..]
            .iter()
            .all(|b| (0..degree).all(|x| b.image(a.image(x)) == a.image(b.image(x))))
    }))
}

/// Tries to prove that the group generated by `gens` (degree `degree`, non-trivial
/// orbits `orbits`) contains the alternating group on each orbit. Gives up (`None`)
/// on orbits smaller than [`MIN_DEGREE`], more than 64 orbits, generators that
/// commute pairwise, or when [`TRIES`]
/// random elements per orbit do not supply the witnesses.
pub fn recognize(
    degree: usize,
    gens: &[Perm],
    orbits: &[Vec<usize>],
    rng: &mut impl Rng,
) -> Option<Giants> {
    let orbits: Vec<&Vec<usize>> = orbits.iter().filter(|o| o.len() > 1).collect();
    let k = orbits.len();
    if k == 0 || k > 64 || orbits.iter().any(|o| o.len() < MIN_DEGREE) {
        return None;
    }
    // an abelian group contains no alternating group of degree ≥ 8 (each is
    // non-abelian); on a huge degree this saves the random elements, each costing
    // a pass over every point
    if commute_pairwise(gens) == Some(true) {
        return None;
    }
    let mut in_orbit = vec![usize::MAX; degree];
    for (i, o) in orbits.iter().enumerate() {
        for &x in o.iter() {
            in_orbit[x] = i;
        }
    }
    let mut p_elem: Vec<Option<(usize, Perm)>> = vec![None; k];
    let mut kernel: Vec<Option<Perm>> = vec![None; k];
    let mut pr = ProductReplacement::new(degree, gens, rng);
    let mut tries = 0;
    let mut lens: Vec<Vec<usize>> = vec![Vec::new(); k];
    let mut done = vec![false; degree];
    while p_elem.iter().any(Option::is_none) || (k > 1 && kernel.iter().any(Option::is_none)) {
        tries += 1;
        if tries > TRIES * k {
            return None;
        }
        if tries == BLOCK_TEST_AFTER * k + 1 && has_visible_blocks(degree, gens, &orbits) {
            return None;
        }
        let g = pr.next(rng);
        for l in lens.iter_mut() {
            l.clear();
        }
        // lengths of the non-trivial cycles, by orbit (no cycle lists are built)
        done.iter_mut().for_each(|d| *d = false);
        let im = g.images();
        for start in 0..degree {
            if done[start] || im[start] as usize == start {
                continue;
            }
            let mut len = 0;
            let mut x = start;
            while !done[x] {
                done[x] = true;
                len += 1;
                x = im[x] as usize;
            }
            lens[in_orbit[start]].push(len);
        }
        for i in 0..k {
            let m = orbits[i].len();
            if p_elem[i].is_none() {
                if let Some(&p) = lens[i]
                    .iter()
                    .find(|&&l| 2 * l > m && l + 3 <= m && is_prime(l))
                {
                    // power that kills every other cycle length on this orbit
                    let e = lcm_except(&lens[i], p);
                    let h = pow_cyclewise(&g, &e);
                    p_elem[i] = Some((p, h));
                }
            }
            if k > 1 && kernel[i].is_none() {
                // a prime power q dividing a cycle length on O_i but none elsewhere
                let others: Vec<usize> = (0..k)
                    .filter(|&j| j != i)
                    .flat_map(|j| lens[j].iter().copied())
                    .collect();
                if let Some(h) = kernel_power(&g, &lens[i], &others) {
                    kernel[i] = Some(h);
                }
            }
        }
    }
    let mut basis = Vec::new();
    let mut out = Vec::with_capacity(k);
    for g in gens {
        insert(&mut basis, parity_vector(g, &in_orbit, k));
    }
    for (i, o) in orbits.iter().enumerate() {
        let (prime, p_cycle_element) = p_elem[i].take().expect("found");
        let all_even_on_orbit = gens
            .iter()
            .all(|g| parity_vector(g, &in_orbit, k) >> i & 1 == 0);
        out.push(GiantOrbit {
            orbit: (*o).clone(),
            prime,
            p_cycle_element,
            kernel_element: kernel[i].take(),
            all_even_on_orbit,
        });
    }
    Some(Giants {
        orbits: out,
        parity_rank: basis.len(),
        parity_basis: basis,
    })
}

/// The lcm of all lengths in `lens` except one occurrence of `p` (as a BigUint).
fn lcm_except(lens: &[usize], p: usize) -> BigUint {
    use num_integer::Integer;
    let mut skipped = false;
    let mut acc = BigUint::one();
    for &l in lens {
        if l == p && !skipped {
            skipped = true;
            continue;
        }
        acc = acc.lcm(&BigUint::from(l));
    }
    acc
}

/// `g^e` for a big exponent, cycle by cycle (`e` reduced modulo each cycle length).
pub(crate) fn pow_cyclewise(g: &Perm, e: &BigUint) -> Perm {
    let n = g.degree();
    let mut images: Vec<u32> = (0..n as u32).collect();
    for c in g.cycles() {
        let len = c.len();
        let shift: usize = (e % BigUint::from(len))
            .try_into()
            .expect("less than a cycle length");
        for (j, &x) in c.iter().enumerate() {
            images[x] = c[(j + shift) % len] as u32;
        }
    }
    Perm::from_images_unchecked(images)
}

/// If some prime power divides a cycle length in `mine` but no length in `others`,
/// the power of `g` by the lcm of `others` is non-trivial and moves only this orbit.
fn kernel_power(g: &Perm, mine: &[usize], others: &[usize]) -> Option<Perm> {
    use num_integer::Integer;
    let witness = mine.iter().any(|&l| {
        prime_powers(l)
            .into_iter()
            .any(|q| others.iter().all(|&o| o % q != 0))
    });
    if !witness {
        return None;
    }
    let m = others
        .iter()
        .fold(BigUint::one(), |acc, &l| acc.lcm(&BigUint::from(l)));
    let h = pow_cyclewise(g, &m);
    (!h.is_identity()).then_some(h)
}

/// The maximal prime powers `p^a ∥ l`.
fn prime_powers(mut l: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= l {
        if l.is_multiple_of(p) {
            let mut q = 1;
            while l.is_multiple_of(p) {
                l /= p;
                q *= p;
            }
            out.push(q);
        }
        p += 1;
    }
    if l > 1 {
        out.push(l);
    }
    out
}

/// The smallest block of imprimitivity containing the points `a` and `b` of a
/// transitive action, as a block id per point (`usize::MAX` outside `orbit`): the
/// smallest invariant equivalence relation containing `(a, b)`, found by union–find
/// closure (Atkinson, "An algorithm for finding the blocks of a permutation group",
/// Math. Comp. 29 (1975); Seress §5.5). Cost `O(|orbit| · |gens|)` near-linear.
pub fn minimal_block_classes(degree: usize, gens: &[Perm], a: usize, b: usize) -> Vec<usize> {
    minimal_block_classes_joining(degree, gens, a, &[b])
}

/// [`minimal_block_classes`] for the smallest block containing `a` and every point of
/// `others` (the same union–find closure, started from all the pairs `(a, b)`).
pub fn minimal_block_classes_joining(
    degree: usize,
    gens: &[Perm],
    a: usize,
    others: &[usize],
) -> Vec<usize> {
    let mut parent: Vec<usize> = (0..degree).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    let mut queue = Vec::new();
    for &b in others {
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        if ra != rb {
            parent[ra] = rb;
            queue.push((a, b));
        }
    }
    while let Some((x, y)) = queue.pop() {
        for g in gens {
            let (u, v) = (g.image(x), g.image(y));
            let (ru, rv) = (find(&mut parent, u), find(&mut parent, v));
            if ru != rv {
                parent[ru] = rv;
                queue.push((u, v));
            }
        }
    }
    (0..degree).map(|x| find(&mut parent, x)).collect()
}

/// The second points `b` for Atkinson's algorithm on the transitive action on `orbit`
/// (first point `a`): one point of each orbit of a subgroup `H ≤ G_a` on the rest of
/// the orbit, in increasing order. The finest block system with `a` and `b` in one block
/// is the same for every `b` of one `G_a`-orbit (for `h ∈ G_a` the block of `a` in a
/// system is also the block of `a^h = a`, and contains `b^h`), so one `b` per `H`-orbit
/// finds every such system. `H` is generated by elements `r·s⁻¹` for random elements
/// `r, s` (product replacement) with `a^r = a^s`, found by the birthday paradox after
/// about `√|orbit|` elements (Seress, *Permutation Group Algorithms*, §4.1 uses the same
/// collisions for Schreier generators); when none are found every point is returned.
pub fn block_candidates(degree: usize, gens: &[Perm], orbit: &[usize]) -> Vec<usize> {
    use rand::SeedableRng;
    let Some((&a, rest)) = orbit.split_first() else {
        return Vec::new();
    };
    let m = orbit.len();
    // stored elements: at most ~4√m + 40, and at most 2^24 points in all
    let samples = ((4.0 * (m as f64).sqrt()) as usize + 40).min((1 << 24) / degree.max(1));
    let mut stab: Vec<Vec<u32>> = Vec::new();
    if !gens.is_empty() && m > 16 {
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x5eed_b10c);
        let mut pr = ProductReplacement::with_params(degree, gens, 10, 20, &mut rng);
        let mut seen: std::collections::HashMap<u32, Vec<u32>> = Default::default();
        for _ in 0..samples {
            let r = pr.next_images(&mut rng).to_vec();
            match seen.get(&r[a]) {
                Some(s) => {
                    let s_inv = crate::perm::slice::inverse(s);
                    let h = crate::perm::slice::product(&r, &s_inv);
                    if !crate::perm::slice::is_identity(&h) {
                        stab.push(h);
                    }
                    if stab.len() == 8 {
                        break;
                    }
                }
                None => {
                    seen.insert(r[a], r);
                }
            }
        }
    }
    // union-find of the H-orbits on the orbit's points
    let mut parent: Vec<usize> = (0..degree).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    for h in &stab {
        for &x in rest {
            let (u, v) = (find(&mut parent, x), find(&mut parent, h[x] as usize));
            if u != v {
                parent[u.max(v)] = u.min(v);
            }
        }
    }
    let mut out: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&x| find(&mut parent, x) == x)
        .collect();
    out.sort_unstable();
    out
}

/// A non-trivial block system of the transitive action on `orbit` (blocks sorted, by
/// smallest point), or `None` if the action is primitive. Tries every `b` with the
/// smallest point `a`: the action is primitive iff each minimal block `{a, b}^G` is
/// the whole orbit.
pub fn block_system(degree: usize, gens: &[Perm], orbit: &[usize]) -> Option<Vec<Vec<usize>>> {
    crate::group::limit::unlimited(block_system_within(degree, gens, orbit, &Limit::NONE))
}

/// [`block_system`] within `limit` (checked before each second point is tried).
pub fn block_system_within(
    degree: usize,
    gens: &[Perm],
    orbit: &[usize],
    limit: &Limit,
) -> Result<Option<Vec<Vec<usize>>>, Interrupted> {
    if orbit.len() <= 2 {
        return Ok(None);
    }
    let a = orbit[0];
    for b in block_candidates(degree, gens, orbit) {
        limit.check()?;
        let cls = minimal_block_classes(degree, gens, a, b);
        let ra = cls[a];
        let size = orbit.iter().filter(|&&x| cls[x] == ra).count();
        if size < orbit.len() {
            let mut blocks: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
            for &x in orbit {
                blocks.entry(cls[x]).or_default().push(x);
            }
            let mut v: Vec<Vec<usize>> = blocks.into_values().collect();
            v.sort();
            return Ok(Some(v));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn factorial_by_binary_splitting_is_the_running_product() {
        let mut running = BigUint::one();
        for n in 0..300usize {
            if n >= 2 {
                running *= n;
            }
            assert_eq!(factorial(n), running, "{n}!");
        }
    }

    #[test]
    fn blocks_of_the_cube_corner_stickers_and_primitivity_of_s5() {
        // the regular cyclic group C6 = <(1,2,3)(4,5,6), (1,4)(2,5)(3,6)>: the smallest
        // block containing 1 and 2 is {1,2,3}
        let a: Perm = "(1,2,3)(4,5,6)".parse().unwrap();
        let b: Perm = "(1,4)(2,5)(3,6)".parse().unwrap();
        let orbit: Vec<usize> = (0..6).collect();
        let bl = block_system(6, &[a, b], &orbit).unwrap();
        assert_eq!(bl, vec![vec![0, 1, 2], vec![3, 4, 5]]);
        let c: Perm = "(1,2)".parse().unwrap();
        let d: Perm = "(1,2,3,4,5)".parse().unwrap();
        assert!(block_system(5, &[c, d], &(0..5).collect::<Vec<_>>()).is_none());
    }

    #[test]
    fn prime_powers_of_360() {
        assert_eq!(prime_powers(360), vec![8, 9, 5]);
        assert_eq!(prime_powers(1), Vec::<usize>::new());
        assert!(is_prime(997) && !is_prime(999));
    }

    #[test]
    fn s10_is_recognised_with_a_checked_witness() {
        let a: Perm = "(1,2)".parse().unwrap();
        let b: Perm = "(1,2,3,4,5,6,7,8,9,10)".parse().unwrap();
        let orbits = vec![(0..10).collect::<Vec<_>>()];
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let g = recognize(10, &[a, b], &orbits, &mut rng).expect("giant");
        assert_eq!(g.order(), factorial(10));
        let w = &g.orbits[0];
        assert_eq!(w.p_cycle_element.cycle_type()[0], w.prime);
        assert_eq!(w.p_cycle_element.cycles().len(), 1);
    }

    #[test]
    fn a_non_giant_is_never_recognised() {
        // the 2-transitive group PGL-like affine group AGL(1,11) of order 110
        let a: Perm = "(1,2,3,4,5,6,7,8,9,10,11)".parse().unwrap();
        let b: Perm = "(2,3,5,9,6,11,10,8,4,7)".parse().unwrap();
        let orbits = vec![(0..11).collect::<Vec<_>>()];
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        assert!(recognize(11, &[a, b], &orbits, &mut rng).is_none());
    }

    #[test]
    fn an_imprimitive_group_is_rejected_by_its_blocks() {
        // S4 wr S2 on 8 points: blocks {1..4}, {5..8}; Atkinson's algorithm finds them
        let gens: Vec<Perm> = ["(1,2)", "(1,2,3,4)", "(1,5)(2,6)(3,7)(4,8)"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let orbit: Vec<usize> = (0..8).collect();
        let cls = minimal_block_classes(8, &gens, 0, 1);
        assert_eq!(orbit.iter().filter(|&&x| cls[x] == cls[0]).count(), 4);
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        assert!(recognize(8, &gens, &[orbit], &mut rng).is_none());
    }
}
