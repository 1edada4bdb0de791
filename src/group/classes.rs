//! Conjugacy classes: representatives and sizes.
//!
//! * The natural symmetric group on its `m` moved points: one class per partition
//!   `λ` of `m` (the cycle type), of size `m!/z_λ` with `z_λ = Π_k k^{a_k} a_k!`. The
//!   natural alternating group: the classes of even cycle type, a class splitting into
//!   two of half the size iff its cycle lengths are distinct and odd (Fulton–Harris,
//!   *Representation Theory*, §5.1; see [`super::conjugacy`]).
//! * A group with a block system of an orbit (or, intransitive, an orbit) whose action
//!   kernel `N` is small enough to list: the classes of the image `Q = G/N`, lifted
//!   through `N` (Hulpke, "Conjugacy classes in finite permutation groups via
//!   homomorphic images", *Math. Comp.* 69 (2000); [`super::classes_lift`]).
//! * Any other group: the random class method (Butler, "An introduction to computing
//!   conjugacy classes of permutation groups", in *Groups '93 Galway/St Andrews*
//!   (1995); Holt–Eick–O'Brien, *Handbook of CGT*, §4.8.1 and Exercise 4.8; GAP's
//!   `ConjugacyClassesByRandomSearch`). Uniformly random elements of `G` (from the
//!   stabilizer chain, [`PermGroup::random_element`]), their powers `g^d` (`d` dividing
//!   the order) and all powers of each new representative are tested
//!   against the representatives known: first the class invariant (cycle type on each
//!   orbit), then [`PermGroup::conjugating_element`]'s backtrack search. An element
//!   conjugate to none of them is a new representative, and its class size
//!   `|G : C_G(g)|` comes from its centralizer. The identity and the central
//!   elements (each its own class) are added first. The search stops when the class
//!   sizes sum to `|G|` exactly — then every class has been found, since the
//!   representatives are pairwise non-conjugate — so the answer is exact; only the
//!   running time is random (a class of size `s` is hit with probability `s/|G|` per
//!   element, and powers reach the small classes of elements with large
//!   centralizers). The random source has a fixed seed, so the output is reproducible.

use super::conjugacy::{natural_centralizer_order, ConjugacySearch, Natural};
use super::{elements_by_closure, PermGroup};
use crate::perm::Perm;
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashMap;

/// One conjugacy class of a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConjugacyClass {
    /// An element of the class.
    pub representative: Perm,
    /// The number of elements of the class, `|G : C_G(representative)|`.
    pub size: BigUint,
}

/// Why the conjugacy classes were not computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClassesError {
    /// The group has more classes than the limit given.
    #[error("the group has more than {limit} conjugacy classes (the limit)")]
    TooManyClasses {
        /// The limit.
        limit: usize,
    },
    /// The group is too large for the random class method.
    #[error(
        "the group has order {order}: conjugacy classes are computed for the natural \
         symmetric and alternating groups and for groups of order at most {max}"
    )]
    TooLarge {
        /// `|G|`.
        order: BigUint,
        /// [`MAX_RANDOM_ORDER`].
        max: u64,
    },
    /// The random class method drew its whole budget of random elements first.
    #[error(
        "the random class search did not finish within {samples} random elements: \
         {found} classes found, covering {covered} of the {order} elements"
    )]
    NotConverged {
        /// The random elements drawn.
        samples: usize,
        /// The classes found.
        found: usize,
        /// The number of elements in the classes found.
        covered: BigUint,
        /// `|G|`.
        order: BigUint,
    },
}

/// The largest group order for which the random class method is tried (beyond it the
/// classes are too many, or the searches too long, for an answer in reasonable time:
/// the cube group of order 4·10^19 has 81120 classes).
pub const MAX_RANDOM_ORDER: u64 = 1_000_000_000;

/// The largest order of an element whose powers are tried too.
const MAX_POWERS: u64 = 1 << 12;

/// Seed of the random elements of the class search.
const SEED: u64 = 0x0063_6c61_7373_6573;

impl PermGroup {
    /// The conjugacy classes, each with a representative and its size, ordered by the
    /// order of the representative, then by size, then by cycle type (the identity
    /// first). Natural symmetric and alternating groups by cycle type, groups with an
    /// action kernel small enough to list by lifting
    /// ([`PermGroup::classes_by_lifting`]), others by the random class method (see the
    /// module docs); the sizes sum to `|G|`.
    ///
    /// `limit` bounds the work: `Err(TooManyClasses)` when the group has more than
    /// `limit` classes, `Err(NotConverged)` when `limit` random elements (each with its
    /// powers) did not find them all; `Err(TooLarge)` for a group that is not a natural
    /// symmetric or alternating group and has order above [`MAX_RANDOM_ORDER`].
    ///
    /// ```
    /// use permlab::{Perm, PermGroup};
    /// // the dihedral group of order 8: 1, the rotation by π, two classes of
    /// // reflections, the rotations by ±π/2
    /// let d8 = PermGroup::new(4, vec!["(1,2,3,4)".parse().unwrap(), "(1,3)".parse().unwrap()]);
    /// let classes = d8.conjugacy_classes(1000).unwrap();
    /// let sizes: Vec<u32> = classes.iter().map(|c| c.size.clone().try_into().unwrap()).collect();
    /// assert_eq!(sizes, vec![1, 1, 2, 2, 2]);
    /// // S_6 has p(6) = 11 classes
    /// let s6 = PermGroup::new(6, vec!["(1,2,3,4,5,6)".parse().unwrap(), "(1,2)".parse().unwrap()]);
    /// assert_eq!(s6.conjugacy_classes(1000).unwrap().len(), 11);
    /// ```
    pub fn conjugacy_classes(&self, limit: usize) -> Result<Vec<ConjugacyClass>, ClassesError> {
        let classes = match self.natural() {
            Some(kind) => self.natural_classes(kind, limit)?,
            None => {
                self.check_random_order()?;
                match self.classes_by_lifting(limit)? {
                    Some(classes) => classes,
                    None => self.random_classes(limit)?,
                }
            }
        };
        Ok(self.sorted_classes(classes))
    }

    /// The conjugacy classes by the random class method alone (see the module docs),
    /// sorted as by [`PermGroup::conjugacy_classes`], for any group of order at most
    /// [`MAX_RANDOM_ORDER`] (natural symmetric and alternating groups included). The
    /// classes are the same as [`PermGroup::conjugacy_classes`]'s; the
    /// representatives may differ.
    pub fn classes_by_random_search(
        &self,
        limit: usize,
    ) -> Result<Vec<ConjugacyClass>, ClassesError> {
        self.check_random_order()?;
        let classes = self.random_classes(limit)?;
        Ok(self.sorted_classes(classes))
    }

    /// `Err(TooLarge)` above [`MAX_RANDOM_ORDER`].
    fn check_random_order(&self) -> Result<(), ClassesError> {
        let order = self.order();
        if order > BigUint::from(MAX_RANDOM_ORDER) {
            return Err(ClassesError::TooLarge {
                order,
                max: MAX_RANDOM_ORDER,
            });
        }
        Ok(())
    }

    /// The classes checked (their sizes sum to `|G|`) and sorted by the order of the
    /// representative, then by size, then by cycle type.
    fn sorted_classes(&self, mut classes: Vec<ConjugacyClass>) -> Vec<ConjugacyClass> {
        let total = classes.iter().fold(BigUint::zero(), |a, c| a + &c.size);
        assert_eq!(total, self.order(), "class sizes sum to |G|");
        classes.sort_by_cached_key(|c| {
            let r = &c.representative;
            (r.order(), c.size.clone(), r.cycle_type())
        });
        classes
    }

    /// The classes of `Sym(M)` or `Alt(M)` by cycle type.
    fn natural_classes(
        &self,
        kind: Natural,
        limit: usize,
    ) -> Result<Vec<ConjugacyClass>, ClassesError> {
        let moved = self.moved_points();
        let (n, m) = (self.degree, moved.len());
        let order = self.order();
        let mut out = Vec::new();
        let complete = partitions(m, m, &mut Vec::new(), &mut |lambda| {
            // the permutation with cycles of lengths λ on consecutive moved points
            let mut cycles = Vec::new();
            let mut at = 0;
            for &k in lambda {
                cycles.push(moved[at..at + k].to_vec());
                at += k;
            }
            let rep = Perm::from_cycles(n, &cycles).expect("points of the group");
            if kind == Natural::Alternating && !rep.is_even() {
                return true;
            }
            let c = natural_centralizer_order(kind, &rep, m);
            // a class of Sym(M) splits in Alt(M) iff the centralizers have equal order;
            // the other half is the conjugate by an odd permutation
            if kind == Natural::Alternating
                && c == natural_centralizer_order(Natural::Symmetric, &rep, m)
            {
                let tau = Perm::from_cycles(n, &[vec![moved[0], moved[1]]]).expect("points");
                out.push(ConjugacyClass {
                    representative: rep.conjugate(&tau),
                    size: &order / &c,
                });
            }
            out.push(ConjugacyClass {
                representative: rep,
                size: &order / &c,
            });
            out.len() <= limit
        });
        if !complete {
            return Err(ClassesError::TooManyClasses { limit });
        }
        Ok(out)
    }

    /// The random class method of the module docs.
    fn random_classes(&self, limit: usize) -> Result<Vec<ConjugacyClass>, ClassesError> {
        let n = self.degree;
        let order = self.order();
        let mut found = ClassList::default();
        found.add(self, Perm::identity(n), BigUint::from(1u32), limit)?;
        let z = self.center();
        if z.order() > BigUint::from(1u32) && z.order() <= BigUint::from(limit) {
            for x in elements_by_closure(n, z.generators()) {
                if !x.is_identity() {
                    found.add(self, x.extended(n), BigUint::from(1u32), limit)?;
                }
            }
        }
        let mut rng = StdRng::seed_from_u64(SEED);
        let mut samples = 0;
        while found.covered < order {
            if samples == limit {
                return Err(ClassesError::NotConverged {
                    samples,
                    found: found.classes.len(),
                    covered: found.covered,
                    order,
                });
            }
            samples += 1;
            let r = self.random_element(&mut rng).extended(n);
            // r and its powers r^d for the divisors d of its order (they have larger
            // centralizers, so they reach the small classes); every new representative
            // x brings all its powers x^k (the classes of ⟨x⟩'s other generators too)
            let mut pending = powers(&r, true);
            while let Some(x) = pending.pop() {
                if found.covered == order {
                    break;
                }
                if found.class_of(self, &x).is_none() {
                    let size = self.class_size(&x).expect("an element of the group");
                    pending.extend(powers(&x, false));
                    found.add(self, x, size, limit)?;
                }
            }
        }
        Ok(found.classes)
    }
}

/// `x^d` for the divisors `d` of the order of `x` (`d` < order), or all powers `x^k`
/// (`1 ≤ k <` order) when not `divisors_only`; only `x` itself when its order exceeds
/// [`MAX_POWERS`].
fn powers(x: &Perm, divisors_only: bool) -> Vec<Perm> {
    let ord = x.order().to_u64().unwrap_or(u64::MAX);
    if ord > MAX_POWERS {
        return vec![x.clone()];
    }
    let mut out = Vec::new();
    let mut y = x.clone();
    for k in 1..ord {
        if !divisors_only || ord.is_multiple_of(k) {
            out.push(y.clone());
        }
        y = &y * x;
    }
    out.reverse(); // popped from the end: x first
    out
}

/// The classes found so far, indexed by their invariant, with the conjugacy search of
/// each representative (its chain is built once).
#[derive(Default)]
struct ClassList {
    classes: Vec<ConjugacyClass>,
    searches: Vec<Option<ConjugacySearch>>,
    by_invariant: HashMap<super::conjugacy::ClassInvariant, Vec<usize>>,
    covered: BigUint,
}

impl ClassList {
    fn add(
        &mut self,
        group: &PermGroup,
        rep: Perm,
        size: BigUint,
        limit: usize,
    ) -> Result<(), ClassesError> {
        if self.classes.len() == limit {
            return Err(ClassesError::TooManyClasses { limit });
        }
        let i = self.classes.len();
        let list = self
            .by_invariant
            .entry(group.class_invariant(&rep))
            .or_default();
        list.push(i);
        // largest classes first: a random element most likely lies in one of them
        let classes = &self.classes;
        list.sort_by(|&a, &b| {
            let sa = classes.get(a).map_or(&size, |c| &c.size);
            let sb = classes.get(b).map_or(&size, |c| &c.size);
            sb.cmp(sa)
        });
        self.covered += &size;
        self.classes.push(ConjugacyClass {
            representative: rep,
            size,
        });
        self.searches.push(None);
        Ok(())
    }

    /// The index of the class of `x`, if found already.
    fn class_of(&mut self, group: &PermGroup, x: &Perm) -> Option<usize> {
        let list = self.by_invariant.get(&group.class_invariant(x))?;
        for &i in list {
            let search = self.searches[i].get_or_insert_with(|| {
                ConjugacySearch::new(group, &self.classes[i].representative)
            });
            if search.find(x, true).is_some() {
                return Some(i);
            }
        }
        None
    }
}

/// Calls `visit` on each partition of `m` into parts at most `max`, parts decreasing,
/// until it returns `false` (then returns `false`).
fn partitions(
    m: usize,
    max: usize,
    parts: &mut Vec<usize>,
    visit: &mut impl FnMut(&[usize]) -> bool,
) -> bool {
    if m == 0 {
        return visit(parts);
    }
    for k in (1..=max.min(m)).rev() {
        parts.push(k);
        let go_on = partitions(m - k, k, parts, visit);
        parts.pop();
        if !go_on {
            return false;
        }
    }
    true
}
