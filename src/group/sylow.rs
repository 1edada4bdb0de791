//! Sylow subgroups.
//!
//! The method reduces the group until a Sylow subgroup is found (Holt–Eick–O'Brien,
//! *Handbook of CGT*, §4.7.1, after Butler and Cannon; Seress, *Permutation Group
//! Algorithms*, §6.3):
//!
//! 1. through a homomorphism `φ : G → Q` (the action on an orbit, or on a block system)
//!    whose image is not a `p`-group: a Sylow `p`-subgroup `S` of `Q` gives the proper
//!    subgroup `φ^{-1}(S)`, which contains a Sylow `p`-subgroup of `G` (its index
//!    `|Q : S|` is prime to `p`);
//! 2. through the centralizer `C_G(z)` of an element `z` of order `p` whose centralizer
//!    has the full `p`-part of `|G|` (`z` is then central in some Sylow subgroup, which
//!    lies in `C_G(z)`), when `C_G(z) ≠ G`;
//! 3. otherwise by growing a `p`-subgroup `P` inside its normalizers: while `P` is not
//!    Sylow, `N_G(P)` has `p`-elements outside `P` (Sylow's theorem: `P < N_{P*}(P)` for
//!    a Sylow `P* ⊇ P`), and `⟨P, y⟩ = P⟨y⟩` is a `p`-group for such a `y`.
//!
//! The natural symmetric and alternating groups get theirs directly: on blocks of
//! `p^i` consecutive points of their orbit (the base-`p` digits of its length), the
//! iterated wreath products `C_p ≀ ⋯ ≀ C_p` (Kaloujnine), with their even part in
//! `A_n` when `p = 2`.
//!
//! ```
//! use permlab::Puzzle;
//! let g = Puzzle::builtin("cube3").unwrap().group();
//! let p = g.sylow_subgroup(3).unwrap();
//! assert_eq!(p.order(), num_bigint::BigUint::from(3u32).pow(14));
//! ```

use super::limit::{unlimited, Interrupted, Limit};
use super::schreier_sims::SEED;
use super::simplicity::is_power_of;
use super::{GroupError, PermGroup};
use crate::perm::Perm;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Random elements looked at for a `p`-element with a large centralizer, or for a
/// `p`-element of a normalizer outside the current `p`-subgroup.
const TRIES: usize = 64;

impl PermGroup {
    /// A Sylow `p`-subgroup (`Err` when `p` is not prime).
    pub fn sylow_subgroup(&self, p: u64) -> Result<PermGroup, GroupError> {
        if !super::giant::is_prime(p as usize) {
            return Err(GroupError::Points(format!("{p} is not a prime")));
        }
        Ok(unlimited(self.sylow_subgroup_within(p, &Limit::NONE)))
    }

    /// [`PermGroup::sylow_subgroup`] for a prime `p`, within `limit`.
    pub fn sylow_subgroup_within(&self, p: u64, limit: &Limit) -> Result<PermGroup, Interrupted> {
        sylow(self, p, limit)
    }
}

/// The `p`-part of `n`.
pub(crate) fn p_part(n: &BigUint, p: u64) -> BigUint {
    let mut r = BigUint::one();
    let mut m = n.clone();
    while (&m % p).is_zero() {
        m /= p;
        r *= p;
    }
    r
}

fn sylow(g: &PermGroup, p: u64, limit: &Limit) -> Result<PermGroup, Interrupted> {
    limit.check()?;
    let order = g.order_within(limit)?;
    let pe = p_part(&order, p);
    if pe.is_one() {
        return Ok(PermGroup::new(g.degree(), Vec::new()));
    }
    if pe == order {
        return Ok(g.clone());
    }
    let orbits: Vec<&Vec<usize>> = g.orbits.iter().filter(|o| o.len() > 1).collect();
    if let ([orbit], Some(_)) = (orbits.as_slice(), g.giants()) {
        return Ok(natural_giant_sylow(g, orbit, p));
    }
    // 1. a homomorphism whose image is not a p-group
    let mut actions = Vec::new();
    if orbits.len() > 1 {
        for o in &orbits {
            actions.push(g.action_on_orbit(o[0]).expect("a point of the group"));
            let q = actions.last().expect("pushed").image.order_within(limit)?;
            if !is_power_of(&q, p) {
                break;
            }
        }
    } else if let Some(blocks) =
        super::giant::block_system_within(g.degree(), g.generators(), orbits[0], limit)?
    {
        actions.push(g.action_on_blocks(&blocks).expect("a block system"));
    }
    for a in &actions {
        let q = a.image.order_within(limit)?;
        if !is_power_of(&q, p) {
            let s = sylow(&a.image, p, limit)?;
            let l = a.preimage_group(&s).expect("a subgroup of the image");
            return sylow(&l, p, limit);
        }
    }
    // 2. the centralizer of a p-element central in a Sylow subgroup
    let mut rng = StdRng::seed_from_u64(SEED ^ 0x5710 ^ p);
    for _ in 0..TRIES {
        limit.check()?;
        let r = g.random_element(&mut rng);
        let o = r.order();
        if !(&o % p).is_zero() {
            continue;
        }
        let z = super::giant::pow_cyclewise(&r, &(o / p));
        let c = g.centralizer_within(std::slice::from_ref(&z), limit)?;
        let co = c.order_within(limit)?;
        if co < order && p_part(&co, p) == pe {
            return sylow(&c, p, limit);
        }
    }
    // 3. a p-subgroup grown in its normalizers
    grow(g, p, &pe, limit)
}

/// Step 3 of the module docs.
fn grow(g: &PermGroup, p: u64, pe: &BigUint, limit: &Limit) -> Result<PermGroup, Interrupted> {
    let n = g.degree();
    let mut rng = StdRng::seed_from_u64(SEED ^ 0x9e0 ^ p);
    let mut gens: Vec<Perm> = Vec::new();
    let mut current = PermGroup::new(n, Vec::new());
    while &current.order_within(limit)? < pe {
        let ambient = if gens.is_empty() {
            g.clone()
        } else {
            g.normalizer_within(&current, limit)?
        };
        let mut grew = false;
        for _ in 0..TRIES {
            limit.check()?;
            let y = p_element(&ambient.random_element(&mut rng), p);
            if y.is_identity() || current.contains_within(&y, limit)? {
                continue;
            }
            gens.push(y);
            current = PermGroup::new(n, gens.clone());
            grew = true;
            break;
        }
        if !grew {
            // the normalizer's p-elements all lie in P: P is Sylow in N_G(P) and so in G
            // unless the random search missed; look at every generator's p-part
            for x in ambient.generators() {
                let y = p_element(x, p);
                if !y.is_identity() && !current.contains_within(&y, limit)? {
                    gens.push(y);
                    current = PermGroup::new(n, gens.clone());
                    grew = true;
                    break;
                }
            }
        }
        if !grew {
            let s = sylow_of_normalizer_quotient(&ambient, &current, p, limit)?;
            gens.push(s);
            current = PermGroup::new(n, gens.clone());
        }
    }
    Ok(current)
}

/// A `p`-element of `ambient` (which normalizes the `p`-group `current`, not Sylow in
/// it) outside `current`, by looking at products of random elements.
fn sylow_of_normalizer_quotient(
    ambient: &PermGroup,
    current: &PermGroup,
    p: u64,
    limit: &Limit,
) -> Result<Perm, Interrupted> {
    let mut rng = StdRng::seed_from_u64(SEED ^ 0xa11 ^ p);
    loop {
        limit.check()?;
        let a = ambient.random_element(&mut rng);
        let b = ambient.random_element(&mut rng);
        let y = p_element(&(&a * &b), p);
        if !y.is_identity() && !current.contains_within(&y, limit)? {
            return Ok(y);
        }
    }
}

/// The `p`-part `x^m` of `x` (`m` the `p'`-part of its order).
fn p_element(x: &Perm, p: u64) -> Perm {
    let o = x.order();
    let pp = p_part(&o, p);
    super::giant::pow_cyclewise(x, &(o / pp))
}

/// A Sylow `p`-subgroup of the natural symmetric or alternating group on `orbit`
/// (module docs).
fn natural_giant_sylow(g: &PermGroup, orbit: &[usize], p: u64) -> PermGroup {
    let n = g.degree();
    let p = p as usize;
    let mut gens: Vec<Perm> = Vec::new();
    let mut start = 0;
    let mut m = orbit.len();
    let mut digits = Vec::new();
    while m > 0 {
        digits.push(m % p);
        m /= p;
    }
    // blocks of p^i points, largest first
    for i in (0..digits.len()).rev() {
        let block = p.pow(i as u32);
        for _ in 0..digits[i] {
            // level j: cycle the p sub-blocks of p^j points inside the first p^(j+1)
            let mut sub = 1;
            for _ in 0..i {
                let mut images: Vec<u32> = (0..n as u32).collect();
                for a in 0..sub * p {
                    images[orbit[start + a]] = orbit[start + (a + sub) % (sub * p)] as u32;
                }
                gens.push(Perm::from_images_unchecked(images));
                sub *= p;
            }
            start += block;
        }
    }
    let s = PermGroup::new(n, gens);
    if p == 2 && g.all_generators_even() {
        return super::structure::even_part(&s);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::elements_by_closure;
    use rand::seq::SliceRandom;

    /// Order a full power of p, and a subgroup (its generators lie in G).
    fn check(g: &PermGroup, p: u64) {
        let s = g.sylow_subgroup(p).unwrap();
        assert_eq!(s.order(), p_part(&g.order(), p), "{p}");
        assert!(s.generators().iter().all(|x| g.contains(x)));
    }

    #[test]
    fn sylow_subgroups_of_small_and_natural_groups() {
        let mut rng = StdRng::seed_from_u64(9);
        for case in 0..60 {
            let n = 3 + case % 7;
            let gens: Vec<Perm> = (0..2)
                .map(|_| {
                    let mut v: Vec<u32> = (0..n as u32).collect();
                    v.shuffle(&mut rng);
                    Perm::from_images_unchecked(v)
                })
                .collect();
            let g = PermGroup::new(n, gens);
            for p in [2, 3, 5, 7] {
                check(&g, p);
            }
            // brute force on the small ones: every 2-element of G lies in a conjugate of S
            // (its orbit under conjugation by the generators meets S)
            if g.order() <= 1000u32.into() {
                let all = elements_by_closure(n, g.generators());
                let s = g.sylow_subgroup(2).unwrap();
                let two = elements_by_closure(n, s.generators());
                for x in all.iter().filter(|x| is_power_of(&x.order(), 2)) {
                    let mut class = vec![x.clone()];
                    let mut i = 0;
                    while i < class.len() && !two.contains(&class[i]) {
                        for y in g.generators() {
                            let c = class[i].conjugate(y);
                            if !class.contains(&c) {
                                class.push(c);
                            }
                        }
                        i += 1;
                    }
                    assert!(
                        i < class.len(),
                        "a 2-element outside every Sylow 2-subgroup"
                    );
                }
            }
        }
        for spec in ["turnstyle:12", "turnstyle:13", "board:4x4:3"] {
            let g = crate::Puzzle::builtin(spec).unwrap().group();
            for p in [2, 3, 5, 7, 11] {
                check(&g, p);
            }
        }
    }
}
