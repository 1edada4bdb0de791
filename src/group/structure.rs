//! A structure description of a permutation group, such as
//! `(C3^7 × C2^11) ⋊ ((A8 × A12) ⋊ C2)` for the cube group, built from its actions
//! and checked factor by factor.
//!
//! The method is the usual reduction of a permutation group along its orbits and
//! block systems (Dixon–Mortimer, *Permutation Groups*, §1.5–§2.1 on intransitive and
//! imprimitive groups; Holt–Eick–O'Brien, *Handbook of CGT*, §4.3–§4.5 for blocks and
//! action homomorphisms), with each piece recognised or measured:
//!
//! 1. abelian groups are named by their invariants: for each prime `p`, the orders
//!    of `P, P^p, P^{p²}, …` of the Sylow subgroup `P` give the number of cyclic
//!    factors of each order (`|P^{p^i} : P^{p^{i+1}}| = p^{#factors of order > p^i}`);
//! 2. a group on one orbit is named when it is `S_m`, `A_m` (recognised as
//!    [`PermGroup::is_symmetric`] and [`PermGroup::is_alternating`] do, through the
//!    giant test or the order) or dihedral (an element `r` of order `|G|/2` and an
//!    involution inverting it);
//! 3. orbits whose action is determined by the others are dropped (a set of orbits
//!    on which `G` acts faithfully is kept); if `G` is the direct product of its
//!    restrictions to these orbits (their orders multiply to `|G|`), it is described
//!    factor by factor;
//! 4. otherwise `G` acts on the blocks of a minimal block system of each orbit
//!    (single points where the orbit is primitive): the image `Q` and the kernel `K`
//!    come from [`PermGroup::action_on_blocks`]. `K` is described on each orbit (an
//!    orientation kernel is abelian, named by step 1: `C3^7` for the 8 corner twists
//!    of the cube, whose rank 7 = 8 − 1 reflects the one sum constraint). `Q` is a
//!    subdirect product of its constituents `Q_i`; when `|Q| = ∏|Q_i ∩ Alt| · 2^s`
//!    with `s` the rank of the generators' parity vectors (one bit per orbit), `Q` is
//!    exactly the set of elements of `∏ Q_i` whose parity vector lies in that span:
//!    the product of the even parts extended by `C2^s` (split when each constituent
//!    involved has an odd involution). Constituents whose parity is free are split
//!    off as direct factors. Otherwise `Q` is printed as "a subgroup of index `i` in
//!    `∏ Q_i`";
//! 5. `G = K . Q` splits as `K ⋊ Q` when, for the set `R` of one point per block, the
//!    kernel's pointwise stabilizer `K_(R)` is trivial and each generator `g` of `G`
//!    times some `k ∈ K` (found from a stabilizer chain of `K` with base `R`) maps `R`
//!    onto itself: these products generate a subgroup `H ≤ G_{R}` mapping onto `Q`
//!    with `H ∩ K ≤ K_(R) = 1`, a complement.
//!
//! Every factor printed is one of these checked facts, and the product of the
//! factors' orders is compared with `|G|`: a description whose order differs is
//! replaced by [`Structure::NotDescribed`]. Any other primitive group is named by its
//! composition series ([`super::composition`]) when that proves a name: a simple group
//! by its proved name (`M12`, `PSL(2,7)`), and `S_n` in any primitive action (`S20` on
//! the 1140 3-subsets of 20 points); else it is printed as what is known of it ("a
//! primitive group of degree 6 and order 60"), never by a guessed name.
//!
//! ```
//! use permlab::Puzzle;
//! // all six faces of the 2x2x2: the corner twists (C3^7) and S8 on the corners
//! let g = Puzzle::builtin("cube2").unwrap().group();
//! let s = g.structure_description();
//! assert_eq!(s.to_string(), "C3^7 ⋊ S8");
//! assert_eq!(s.order(), g.order());
//! ```

use super::composition::SeriesError;
use super::giant::{insert, reduce};
use super::limit::{unlimited, Interrupted, Limit};
use super::schreier_sims::SEED;
use super::{Chain, PermGroup};
use crate::perm::Perm;
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::fmt;

/// Random elements looked at when searching for an element of a given kind
/// (an element of order `|G|/2` for dihedral groups, an odd involution).
const SAMPLES: usize = 64;

/// Largest order for which a group is tested for being dihedral.
const DIHEDRAL_MAX_ORDER: u128 = 1 << 24;

/// A structure description: a tree of checked factors (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Structure {
    /// The trivial group, `1`.
    Trivial,
    /// A group with a name: `C6`, `C3^7`, `S8`, `A12`, `D10`.
    Named {
        /// The name.
        name: String,
        /// Its order.
        order: BigUint,
    },
    /// A group known only by what is said of it: "a primitive group of degree 6 and
    /// order 60".
    Unnamed {
        /// What is known, as a phrase.
        description: String,
        /// Its order.
        order: BigUint,
    },
    /// A direct product.
    Direct(Vec<Structure>),
    /// A split extension `N ⋊ H` (`N` normal, `H` a complement).
    Split {
        /// The normal subgroup.
        normal: Box<Structure>,
        /// The complement.
        complement: Box<Structure>,
    },
    /// A wreath product `T ≀ Q`: `Q` permuting `degree` copies of `T` (the
    /// imprimitive action: `T` on each block, `Q` on the blocks).
    Wreath {
        /// The group on one block, `T`.
        base: Box<Structure>,
        /// The group on the blocks, `Q`.
        top: Box<Structure>,
        /// The number of blocks (copies of `T`).
        degree: usize,
    },
    /// An extension `N . Q` with normal subgroup `N` and quotient `Q` that was not
    /// shown to split (it may or may not split: `.` as in the ATLAS, not GAP's
    /// "non-split").
    Extension {
        /// The normal subgroup.
        normal: Box<Structure>,
        /// The quotient.
        quotient: Box<Structure>,
    },
    /// No description was found (or its order did not check out).
    NotDescribed {
        /// The group's order.
        order: BigUint,
    },
}

impl Structure {
    /// The order of the group described: the product of the factors' orders.
    pub fn order(&self) -> BigUint {
        match self {
            Structure::Trivial => BigUint::one(),
            Structure::Named { order, .. }
            | Structure::Unnamed { order, .. }
            | Structure::NotDescribed { order } => order.clone(),
            Structure::Direct(v) => v.iter().map(Structure::order).product(),
            Structure::Split {
                normal: a,
                complement: b,
            }
            | Structure::Extension {
                normal: a,
                quotient: b,
            } => a.order() * b.order(),
            Structure::Wreath { base, top, degree } => {
                base.order().pow(*degree as u32) * top.order()
            }
        }
    }

    /// Whether a description was found.
    pub fn is_described(&self) -> bool {
        !matches!(self, Structure::NotDescribed { .. })
    }

    pub(crate) fn named(name: String, order: BigUint) -> Structure {
        Structure::Named { name, order }
    }

    /// A direct product of the non-trivial factors (nested products flattened).
    pub(crate) fn direct(factors: Vec<Structure>) -> Structure {
        let mut v = Vec::new();
        for f in factors {
            match f {
                Structure::Trivial => {}
                Structure::Direct(inner) => v.extend(inner),
                f => v.push(f),
            }
        }
        match v.len() {
            0 => Structure::Trivial,
            1 => v.pop().expect("one factor"),
            _ => Structure::Direct(v),
        }
    }

    /// `self` as an operand of a product: composite descriptions in parentheses.
    fn operand(&self) -> String {
        let text = self.to_string();
        match self {
            Structure::Trivial | Structure::Named { .. } => text,
            // a product of equal cyclic factors prints as one power
            Structure::Direct(_) if !text.contains(' ') => text,
            _ => format!("({text})"),
        }
    }
}

impl fmt::Display for Structure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Structure::Trivial => write!(f, "1"),
            Structure::Named { name, .. } => write!(f, "{name}"),
            Structure::Unnamed { description, .. } => write!(f, "{description}"),
            Structure::Direct(v) => {
                // equal cyclic factors in a row as a power: C3 × C3 → C3^2
                let mut parts: Vec<(String, usize)> = Vec::new();
                for s in v {
                    let t = s.operand();
                    let power = matches!(s, Structure::Named { name, .. }
                        if name.starts_with('C') && !name.contains('^'));
                    match parts.last_mut() {
                        Some((last, k)) if power && *last == t => *k += 1,
                        _ => parts.push((t, 1)),
                    }
                }
                let texts: Vec<String> = parts
                    .into_iter()
                    .map(|(t, k)| if k == 1 { t } else { format!("{t}^{k}") })
                    .collect();
                write!(f, "{}", texts.join(" × "))
            }
            Structure::Split { normal, complement } => {
                write!(f, "{} ⋊ {}", normal.operand(), complement.operand())
            }
            Structure::Extension { normal, quotient } => {
                write!(f, "{} . {}", normal.operand(), quotient.operand())
            }
            Structure::Wreath { base, top, .. } => {
                write!(f, "{} ≀ {}", base.operand(), top.operand())
            }
            Structure::NotDescribed { order } => {
                write!(f, "not described (a group of order {order})")
            }
        }
    }
}

impl PermGroup {
    /// The structure description of `G` (see the module docs for the method and what
    /// is checked). Its order is compared with `|G|`; when they differ, or no
    /// description is found, the result is [`Structure::NotDescribed`].
    ///
    /// ```
    /// use permlab::PermGroup;
    /// // S_3 × S_4 on disjoint orbits
    /// let g = PermGroup::new(7, ["(1,2,3)", "(1,2)", "(4,5,6,7)", "(4,5)"]
    ///     .iter().map(|s| s.parse().unwrap()).collect());
    /// assert_eq!(g.structure_description().to_string(), "S3 × S4");
    /// // the dihedral group of the square and a cyclic group
    /// let d8 = PermGroup::new(4, vec!["(1,2,3,4)".parse().unwrap(), "(1,3)".parse().unwrap()]);
    /// assert_eq!(d8.structure_description().to_string(), "D8");
    /// let c6 = PermGroup::new(6, vec!["(1,2,3,4,5,6)".parse().unwrap()]);
    /// assert_eq!(c6.structure_description().to_string(), "C6");
    /// ```
    pub fn structure_description(&self) -> Structure {
        unlimited(self.structure_description_within(&Limit::NONE))
    }

    /// [`PermGroup::structure_description`] within `limit`.
    pub fn structure_description_within(&self, limit: &Limit) -> Result<Structure, Interrupted> {
        limit.check()?;
        let order = self.order_within(limit)?;
        let s = describe(self, limit)?;
        Ok(if s.order() == order {
            s
        } else {
            Structure::NotDescribed { order }
        })
    }
}

/// The restriction of `g` to `points` (a union of orbits), on `0..points.len()`.
pub(crate) fn restrict(g: &PermGroup, points: &[usize]) -> PermGroup {
    let singletons: Vec<Vec<usize>> = points.iter().map(|&p| vec![p]).collect();
    g.image_on_blocks(&singletons)
        .expect("a union of orbits is invariant")
}

fn describe(g: &PermGroup, limit: &Limit) -> Result<Structure, Interrupted> {
    limit.check()?;
    let order = g.order_within(limit)?;
    if order.is_one() {
        return Ok(Structure::Trivial);
    }
    if g.is_abelian() {
        return abelian(g, limit);
    }
    let orbits: Vec<Vec<usize>> = g.orbits().into_iter().filter(|o| o.len() > 1).collect();
    let kept = faithful_orbits(g, &orbits, &order, limit)?;
    if kept.len() == 1 && orbits.len() > 1 {
        // G is isomorphic to its restriction to one orbit (fewer moved points)
        return describe(&restrict(g, &kept[0]), limit);
    }
    let m = kept.iter().map(Vec::len).sum::<usize>();
    if kept.len() == 1 {
        if g.is_symmetric() {
            return Ok(Structure::named(format!("S{m}"), order));
        }
        if g.is_alternating() {
            return Ok(Structure::named(format!("A{m}"), order));
        }
        if let Some(d) = dihedral(g) {
            return Ok(d);
        }
    } else {
        let parts: Vec<PermGroup> = kept.iter().map(|o| restrict(g, o)).collect();
        if product_order(&parts, limit)? == order {
            return Ok(Structure::direct(describe_all(&parts, limit)?));
        }
    }
    limit.check()?;
    let blocks = kept_blocks(g, &kept);
    if kept.len() == 1 && blocks[0][0].len() == 1 {
        if let Some(name) = primitive_name(g, m, limit)? {
            return Ok(Structure::named(name, order));
        }
        return Ok(Structure::Unnamed {
            description: format!("a primitive group of degree {m} and order {order}"),
            order,
        });
    }
    let all = blocks.concat();
    if g.induced_on_blocks(&all).is_err() {
        return Ok(Structure::NotDescribed { order });
    }
    let action = g.action_on_blocks_within(&all, limit)?;
    if kept.len() == 1 {
        if let Some(w) = wreath(g, &action, limit)? {
            return Ok(w);
        }
    }
    let sizes: Vec<usize> = blocks.iter().map(Vec::len).collect();
    let top = describe_top(&action.image, &sizes, limit)?;
    let k = &action.kernel;
    if k.order_within(limit)?.is_one() {
        return Ok(top);
    }
    let normal = describe_kernel(k, &kept, limit)?;
    limit.check()?;
    Ok(if complement(g, k, &blocks).is_some() {
        Structure::Split {
            normal: Box::new(normal),
            complement: Box::new(top),
        }
    } else {
        Structure::Extension {
            normal: Box::new(normal),
            quotient: Box::new(top),
        }
    })
}

/// For each kept orbit (sorted), the blocks of its first minimal block system, or its
/// single points when it is primitive: the blocks the reduction acts on.
pub(crate) fn kept_blocks(g: &PermGroup, kept: &[Vec<usize>]) -> Vec<Vec<Vec<usize>>> {
    let systems = g.minimal_block_systems();
    kept.iter()
        .map(|o| {
            systems
                .iter()
                .find(|s| o.binary_search(&s[0][0]).is_ok())
                .cloned()
                .unwrap_or_else(|| o.iter().map(|&p| vec![p]).collect())
        })
        .collect()
}

/// `G` as the wreath product `T ≀ Q` of its action `T = G_B^B` of a block's
/// stabilizer on the block `B` and its action `Q` on the `k` blocks, when that is
/// what it is (module docs, step 4). The Krasner–Kaloujnine embedding (Dixon–
/// Mortimer, *Permutation Groups*, Theorem 2.6A) puts `G` into `T ≀ Q`, of order
/// `|T|^k·|Q|`; `|G| = |K|·|Q|` for the kernel `K` of the action on the blocks, so
/// `G` is all of `T ≀ Q` exactly when `|K| = |T|^k`. `K^B ≤ T` and `K ≤ ∏ K^{B_i}`
/// (the `K^{B_i}` conjugate, so of one order), so this is checked as: `K` is the
/// direct product of its constituents (`|K| = |K^B|^k`) and `|K^B| = |G_B^B|`,
/// `G_B` generated by its Schreier generators for the action on the blocks.
/// `None` when it is not a wreath product this way (or there are fewer than two
/// blocks, or blocks of one point).
fn wreath(
    g: &PermGroup,
    action: &super::action::Action,
    limit: &Limit,
) -> Result<Option<Structure>, Interrupted> {
    let blocks = &action.blocks;
    let k = blocks.len();
    if k < 2 || blocks[0].len() < 2 {
        return Ok(None);
    }
    let b = &blocks[0];
    let kernel_on_b = restrict(&action.kernel, b);
    let tk = kernel_on_b.order_within(limit)?;
    if action.kernel.order_within(limit)? != tk.pow(k as u32) {
        return Ok(None);
    }
    let mut block_of = vec![usize::MAX; g.degree()];
    for (i, blk) in blocks.iter().enumerate() {
        for &p in blk {
            block_of[p] = i;
        }
    }
    // transversal: t[j] maps block 0 to block j (breadth-first over the blocks)
    let mut t: Vec<Option<Perm>> = vec![None; k];
    t[0] = Some(Perm::identity(g.degree()));
    let mut queue = vec![0usize];
    let mut i = 0;
    while i < queue.len() {
        let j = queue[i];
        i += 1;
        for s in g.generators() {
            let j2 = block_of[s.image(blocks[j][0])];
            if t[j2].is_none() {
                t[j2] = Some(t[j].as_ref().expect("reached") * s);
                queue.push(j2);
            }
        }
    }
    let Some(t) = t.into_iter().collect::<Option<Vec<Perm>>>() else {
        return Ok(None); // not transitive on the blocks
    };
    // Schreier generators of the block stabilizer G_B, restricted to B
    let index: std::collections::HashMap<usize, usize> =
        b.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut on_b: Vec<Perm> = Vec::new();
    for (j, tj) in t.iter().enumerate() {
        for s in g.generators() {
            let j2 = block_of[s.image(blocks[j][0])];
            let x = &(tj * s) * &t[j2].inverse();
            let images: Vec<u32> = b.iter().map(|&p| index[&x.image(p)] as u32).collect();
            on_b.push(Perm::from_images(images).expect("G_B permutes B"));
        }
    }
    limit.check()?;
    let stabilizer_on_b = PermGroup::new(b.len(), on_b);
    if stabilizer_on_b.order_within(limit)? != tk {
        return Ok(None);
    }
    Ok(Some(Structure::Wreath {
        base: Box::new(describe(&kernel_on_b, limit)?),
        top: Box::new(describe(&action.image, limit)?),
        degree: k,
    }))
}

/// The name of a primitive group on `m > 2` points from its composition series
/// (module docs, step 2): its one factor when it is simple (`M12`, `PSL(2,7)`); `S_n`
/// when the factors are `C2` above `A_n` (`n ≥ 5`, `n ≠ 6`). The latter is a proof:
/// the centralizer `C` of the normal subgroup `A ≅ A_n` is normal, so trivial or
/// transitive, and `C ∩ A = Z(A) = 1` gives `|C| ≤ |G : A| = 2 < m`; so `C = 1`, `G`
/// embeds in `Aut(A_n) = S_n` and has its order. `None` when neither applies or the
/// series is not computed by [`PermGroup::composition_series_within`].
fn primitive_name(g: &PermGroup, m: usize, limit: &Limit) -> Result<Option<String>, Interrupted> {
    let series = match g.composition_series_within(limit) {
        Ok(s) => s,
        Err(SeriesError::Interrupted(i)) => return Err(i),
        Err(SeriesError::Unsupported(_)) => return Ok(None),
    };
    let names = series.factor_names();
    Ok(match names.as_slice() {
        [simple] if m > 2 => Some(simple.clone()),
        [top, alt] if m > 2 && top == "C2" => alt
            .strip_prefix('A')
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&n| n >= 5 && n != 6)
            .map(|n| format!("S{n}")),
        _ => None,
    })
}

/// The product of the orders of `parts`.
fn product_order(parts: &[PermGroup], limit: &Limit) -> Result<BigUint, Interrupted> {
    let mut o = BigUint::one();
    for p in parts {
        o *= p.order_within(limit)?;
    }
    Ok(o)
}

/// The descriptions of `parts`, in order.
fn describe_all(parts: &[PermGroup], limit: &Limit) -> Result<Vec<Structure>, Interrupted> {
    parts.iter().map(|p| describe(p, limit)).collect()
}

/// Orbits (in the order given) on whose union `G` acts faithfully: an orbit is kept
/// when it makes the restriction's order grow, until it reaches `|G|`.
pub(crate) fn faithful_orbits(
    g: &PermGroup,
    orbits: &[Vec<usize>],
    order: &BigUint,
    limit: &Limit,
) -> Result<Vec<Vec<usize>>, Interrupted> {
    if orbits.len() <= 1 {
        return Ok(orbits.to_vec());
    }
    let mut kept: Vec<Vec<usize>> = Vec::new();
    let mut reached = BigUint::one();
    for o in orbits {
        let mut points = kept.concat();
        points.extend(o);
        let r = restrict(g, &points).order_within(limit)?;
        if r > reached {
            kept.push(o.clone());
            reached = r;
        }
        if &reached == order {
            break;
        }
    }
    Ok(kept)
}

/// An abelian group by its invariants (module docs, step 1): `C_n` when cyclic,
/// else the product of its cyclic factors of prime-power order.
fn abelian(g: &PermGroup, limit: &Limit) -> Result<Structure, Interrupted> {
    let order = g.order_within(limit)?;
    let n = g.degree();
    let mut factors: Vec<(u64, u32, usize)> = Vec::new(); // (p, e, count) of C_{p^e}
    let mut cyclic = true;
    for (p, _) in g.order_factorization() {
        // the Sylow p-subgroup: the p-parts of the generators
        let mut gens: Vec<Perm> = Vec::new();
        for x in g.generators() {
            let mut m = x.order();
            while (&m % p).is_zero() {
                m /= p;
            }
            let Some(m) = m.to_i64() else {
                return Ok(Structure::NotDescribed { order });
            };
            gens.push(x.pow(m));
        }
        // |P^{p^i}| for i = 0, 1, … until trivial
        let mut logs: Vec<u32> = Vec::new();
        loop {
            let o = PermGroup::new(n, gens.clone()).order_within(limit)?;
            let mut e = 0;
            let mut r = o.clone();
            while !r.is_one() {
                r /= p;
                e += 1;
            }
            logs.push(e);
            if o.is_one() {
                break;
            }
            gens = gens.iter().map(|x| x.pow(p as i64)).collect();
        }
        // factors of order > p^i: logs[i] - logs[i + 1]
        let above: Vec<u32> = logs.windows(2).map(|w| w[0] - w[1]).collect();
        if above[0] > 1 {
            cyclic = false;
        }
        for i in (0..above.len()).rev() {
            let next = above.get(i + 1).copied().unwrap_or(0);
            let count = (above[i] - next) as usize;
            if count > 0 {
                factors.push((p, i as u32 + 1, count));
            }
        }
    }
    if cyclic {
        return Ok(Structure::named(format!("C{order}"), order));
    }
    Ok(Structure::direct(
        factors
            .into_iter()
            .map(|(p, e, c)| {
                let q = BigUint::from(p).pow(e);
                let name = if c == 1 {
                    format!("C{q}")
                } else {
                    format!("C{q}^{c}")
                };
                Structure::named(name, q.pow(c as u32))
            })
            .collect(),
    ))
}

/// Generators and random elements of `g`, the candidates searched for elements of a
/// given kind.
fn samples(g: &PermGroup) -> Vec<Perm> {
    let mut rng = StdRng::seed_from_u64(SEED);
    let mut v = g.generators().to_vec();
    v.extend((0..SAMPLES).map(|_| g.random_element(&mut rng)));
    v
}

/// `D_{2k}` when `g` (non-abelian, of order `2k`, `k ≥ 3`) has an element `r` of
/// order `k` and an involution `s` with `s r s = r^{-1}`: `⟨r, s⟩` is dihedral of
/// order `2k = |G|`.
fn dihedral(g: &PermGroup) -> Option<Structure> {
    let o = g.order_u128()?;
    if o % 2 == 1 || !(6..=DIHEDRAL_MAX_ORDER).contains(&o) {
        return None;
    }
    let k = BigUint::from(o / 2);
    let c = samples(g);
    let r = c.iter().find(|x| x.order() == k)?;
    let two = BigUint::from(2u32);
    let r_inv = r.inverse();
    c.iter()
        .find(|s| s.order() == two && &(*s * r) * *s == r_inv)
        .map(|_| Structure::named(format!("D{o}"), o.into()))
}

/// The kernel `K` of the action on blocks: a direct product over the kept orbits when
/// its restrictions' orders multiply to `|K|`, else described whole.
fn describe_kernel(
    k: &PermGroup,
    kept: &[Vec<usize>],
    limit: &Limit,
) -> Result<Structure, Interrupted> {
    let parts: Vec<PermGroup> = kept.iter().map(|o| restrict(k, o)).collect();
    if product_order(&parts, limit)? == k.order_within(limit)? {
        Ok(Structure::direct(describe_all(&parts, limit)?))
    } else {
        describe(k, limit)
    }
}

/// The even part `H ∩ Alt` of a group with an odd generator `t`, generated by the
/// Schreier generators for the cosets `{1, t}`: `g`, `t g t^{-1}` for even `g` and
/// `g t^{-1}`, `t g` for odd `g` (Schreier's lemma; Seress §4.2).
pub(crate) fn even_part(h: &PermGroup) -> PermGroup {
    let Some(t) = h.generators().iter().find(|x| !x.is_even()) else {
        return h.clone();
    };
    let ti = t.inverse();
    let mut gens = Vec::new();
    for x in h.generators() {
        if x.is_even() {
            gens.push(x.clone());
            gens.push(&(t * x) * &ti);
        } else {
            gens.push(x * &ti);
            gens.push(t * x);
        }
    }
    PermGroup::new(h.degree(), gens)
}

/// Whether the transitive group `h` has an odd involution: a transposition in `S_m`,
/// else `x^{|x|/2}` for a sampled odd `x` with `|x| ≡ 2 (mod 4)`.
fn has_odd_involution(h: &PermGroup) -> bool {
    if h.is_symmetric() {
        return true;
    }
    let four = BigUint::from(4u32);
    let two = BigUint::from(2u32);
    samples(h)
        .iter()
        .any(|x| !x.is_even() && x.order() % &four == two)
}

/// The consecutive ranges `0..s_1, s_1..s_1+s_2, …` of lengths `sizes` (the orbits of
/// an action on blocks listed orbit by orbit), and for each of `degree` points the index
/// of its range (`usize::MAX` beyond them).
pub(crate) fn consecutive_ranges(sizes: &[usize], degree: usize) -> (Vec<Vec<usize>>, Vec<usize>) {
    let mut ranges: Vec<Vec<usize>> = Vec::new();
    let mut part_of = vec![usize::MAX; degree];
    let mut start = 0;
    for (i, &s) in sizes.iter().enumerate() {
        ranges.push((start..start + s).collect());
        part_of[start..start + s].fill(i);
        start += s;
    }
    (ranges, part_of)
}

/// The image `Q` of the action on blocks, whose orbits are the consecutive ranges of
/// lengths `sizes` (module docs, step 4).
fn describe_top(q: &PermGroup, sizes: &[usize], limit: &Limit) -> Result<Structure, Interrupted> {
    let qo = q.order_within(limit)?;
    if sizes.len() == 1 {
        return describe(q, limit);
    }
    let (ranges, part_of) = consecutive_ranges(sizes, q.degree());
    let parts: Vec<PermGroup> = ranges.iter().map(|r| restrict(q, r)).collect();
    let product = product_order(&parts, limit)?;
    let described = describe_all(&parts, limit)?;
    if product == qo {
        return Ok(Structure::direct(described));
    }
    let subdirect = || Structure::Unnamed {
        description: format!(
            "a subgroup of index {} in {}",
            &product / &qo,
            Structure::direct(described.clone())
        ),
        order: qo.clone(),
    };
    if sizes.len() > 64 {
        return Ok(subdirect());
    }
    // the span of the generators' parity vectors (bit i: odd on orbit i)
    let mut basis: Vec<u64> = Vec::new();
    for x in q.generators() {
        insert(
            &mut basis,
            super::giant::parity_vector(x, &part_of, sizes.len()),
        );
    }
    let evens: Vec<PermGroup> = parts.iter().map(even_part).collect();
    let even_order = product_order(&evens, limit)?;
    if even_order << basis.len() != qo {
        return Ok(subdirect());
    }
    // Q = {x ∈ ∏ Q_i : parity(x) ∈ span}; an orbit whose unit vector is in the span
    // is a direct factor, and the span is e_i's ⊕ W with W supported on the others
    let (free, w) = free_and_coupled(&basis, sizes.len());
    let mut factors: Vec<Structure> = (0..sizes.len())
        .filter(|&i| free[i])
        .map(|i| described[i].clone())
        .collect();
    let mut rest = Vec::new();
    for i in (0..sizes.len()).filter(|&i| !free[i]) {
        rest.push(describe(&evens[i], limit)?);
    }
    let rest = Structure::direct(rest);
    if w.is_empty() {
        factors.push(rest);
    } else {
        let top = BigUint::one() << w.len();
        let c2 = if w.len() == 1 {
            Structure::named("C2".into(), top)
        } else {
            Structure::named(format!("C2^{}", w.len()), top)
        };
        let support = w.iter().fold(0u64, |m, &b| m | b);
        let split = (0..sizes.len())
            .filter(|&i| support >> i & 1 == 1)
            .all(|i| has_odd_involution(&parts[i]));
        factors.push(if split {
            Structure::Split {
                normal: Box::new(rest),
                complement: Box::new(c2),
            }
        } else {
            Structure::Extension {
                normal: Box::new(rest),
                quotient: Box::new(c2),
            }
        });
    }
    Ok(Structure::direct(factors))
}

/// For the span `basis` of parity vectors over `k` orbits: which orbits are free (their
/// unit vector lies in the span, so they are direct factors), and a basis of the span
/// projected onto the other orbits (`W`: the `C2^|W|` above their even parts).
pub(crate) fn free_and_coupled(basis: &[u64], k: usize) -> (Vec<bool>, Vec<u64>) {
    let free: Vec<bool> = (0..k).map(|i| reduce(1 << i, basis) == 0).collect();
    let mask: u64 = (0..k).filter(|&i| free[i]).fold(0, |m, i| m | 1 << i);
    let mut w: Vec<u64> = Vec::new();
    for &b in basis {
        insert(&mut w, b & !mask);
    }
    (free, w)
}

/// Generators of a complement of the kernel `k` of the action on `blocks`, found by
/// the test of the module docs (step 5), or `None` when the test fails (`G = K . Q`
/// may still split).
pub(crate) fn complement(
    g: &PermGroup,
    k: &PermGroup,
    blocks: &[Vec<Vec<usize>>],
) -> Option<Vec<Perm>> {
    let n = g.degree();
    let real: Vec<&Vec<usize>> = blocks.iter().flatten().filter(|b| b.len() > 1).collect();
    let r_points: Vec<usize> = real.iter().map(|b| b[0]).collect();
    let mut in_r = vec![false; n];
    let mut rep_of = vec![usize::MAX; n]; // point ↦ the point of R in its block
    for b in &real {
        in_r[b[0]] = true;
        for &p in b.iter() {
            rep_of[p] = b[0];
        }
    }
    let chain = Chain::build(n, k.generators(), &r_points, Some(&k.order()));
    // K_(R) = 1: every base point lies in R
    if !chain.levels().iter().all(|l| in_r[l.base()]) {
        return None;
    }
    let mut out = Vec::new();
    for x in g.generators() {
        // h ∈ K with rep^h = y for each y ∈ R^x (rep the point of R in y's block)
        let mut want = vec![usize::MAX; n];
        for &r in &r_points {
            let y = x.image(r);
            if rep_of[y] == usize::MAX {
                return None;
            }
            want[rep_of[y]] = y;
        }
        // h = u_{m-1} ⋯ u_0 with b_l^{u_l} = γ_l^{u_0^{-1} ⋯ u_{l-1}^{-1}}
        let mut inv: Vec<u32> = (0..n as u32).collect();
        let mut digits = vec![0usize; chain.levels().len()];
        for (l, lv) in chain.levels().iter().enumerate() {
            let gamma = want[lv.base()];
            if gamma == usize::MAX {
                continue;
            }
            let d = lv.position(inv[gamma] as usize)?;
            digits[l] = d;
            let ui = lv.transversal_inverse(d);
            for a in inv.iter_mut() {
                *a = ui[*a as usize];
            }
        }
        let h = chain.from_digits(&digits);
        let corrected = x * &h.inverse();
        if !r_points.iter().all(|&r| in_r[corrected.image(r)]) {
            return None;
        }
        out.push(corrected);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::elements_by_closure;

    /// The complement test against brute force: on small transitive imprimitive groups,
    /// the subgroup `H` it finds meets the kernel `K` in the identity and
    /// `|H| · |K| = |G|`; Q8 (regular on 8 points) does not split over its centre.
    #[test]
    fn complements_checked_by_brute_force() {
        let cases: [(&[&str], bool); 5] = [
            (&["(1,2,3,4)", "(1,3)"], true),
            (&["(1,2)", "(1,3,5)(2,4,6)", "(1,3)(2,4)"], true),
            (
                &["(1,2,3)", "(1,4,7)(2,5,8)(3,6,9)", "(1,4)(2,5)(3,6)"],
                true,
            ),
            (&["(1,2,3)(4,5,6)", "(1,4)(2,5)(3,6)", "(1,2)(4,5)"], true),
            (&["(1,2,3,4)(5,6,7,8)", "(1,5,3,7)(2,8,4,6)"], false),
        ];
        for (gens, splits) in cases {
            let perms: Vec<Perm> = gens.iter().map(|s| s.parse().unwrap()).collect();
            let g = PermGroup::new(0, perms);
            let system = g.minimal_block_systems().remove(0);
            let a = g.action_on_blocks(&system).unwrap();
            let h = complement(&g, &a.kernel, &[system]);
            assert_eq!(h.is_some(), splits, "{gens:?}");
            let Some(h) = h else { continue };
            let n = g.degree();
            let hs = elements_by_closure(n, &h);
            let ks = elements_by_closure(n, a.kernel.generators());
            assert_eq!(hs.intersection(&ks).count(), 1, "{gens:?}");
            assert_eq!(BigUint::from(hs.len() * ks.len()), g.order(), "{gens:?}");
            let all = elements_by_closure(n, g.generators());
            assert!(hs.is_subset(&all), "{gens:?}");
        }
    }
}
