//! Orbits on `k`-subsets and on `k`-tuples, and the action on one such orbit.
//!
//! The group acts on the `C(n, k)` subsets of size `k` of its points (`OnSets`) or on
//! the `n^k` tuples of length `k` (`OnTuples`, repeated points allowed). The orbits
//! are found by the standard orbit algorithm (Holt–Eick–O'Brien, *Handbook of CGT*,
//! §4.1, `ORBIT`; Seress, *Permutation Group Algorithms*, §2.1.1) run on every point
//! of this domain: the orbit of an element is closed under the generators, never by
//! listing the group. Elements are stored by their rank (colexicographic for sets,
//! base `n` for tuples) in a bitset of the domain's size, so the domain is checked
//! against a limit before anything is allocated. The action on one orbit is the
//! permutation group that the generators induce on its elements (its image, as
//! [`super::action`] gives it for points and blocks).

use super::{GroupError, PermGroup};
use crate::perm::Perm;
use std::collections::HashMap;

/// What the group acts on: the subsets or the tuples of a given size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnWhat {
    /// The `k`-subsets of the points (GAP's `OnSets`), each sorted.
    Sets(usize),
    /// The `k`-tuples of points, repeats allowed (GAP's `OnTuples` on all `n^k`).
    Tuples(usize),
}

impl OnWhat {
    /// The size of the domain on `n` points: `C(n, k)` sets or `n^k` tuples, `None`
    /// beyond `u64`.
    ///
    /// ```
    /// use permlab::group::orbits_on_sets::OnWhat;
    /// assert_eq!(OnWhat::Sets(10).domain_size(54), Some(23_930_713_170));
    /// assert_eq!(OnWhat::Tuples(2).domain_size(54), Some(2916));
    /// assert_eq!(OnWhat::Tuples(20).domain_size(54), None);
    /// ```
    pub fn domain_size(self, n: usize) -> Option<u64> {
        match self {
            OnWhat::Sets(k) => binomial(n, k),
            OnWhat::Tuples(k) => u32::try_from(k)
                .ok()
                .and_then(|k| (n as u64).checked_pow(k)),
        }
    }

    /// `k`: the size of each set or tuple.
    pub fn k(self) -> usize {
        match self {
            OnWhat::Sets(k) | OnWhat::Tuples(k) => k,
        }
    }
}

impl std::fmt::Display for OnWhat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OnWhat::Sets(k) => write!(f, "sets:{k}"),
            OnWhat::Tuples(k) => write!(f, "tuples:{k}"),
        }
    }
}

/// The default limit on the size of the domain (`C(n, k)` or `n^k`) that
/// [`PermGroup::orbits_on`] accepts from the command line.
pub const DEFAULT_DOMAIN_LIMIT: u64 = 10_000_000;

/// The binomial coefficient `C(n, k)`, or `None` beyond `u64`.
fn binomial(n: usize, k: usize) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        c = c * (n - i) as u128 / (i + 1) as u128;
        if c > u64::MAX as u128 {
            return None;
        }
    }
    Some(c as u64)
}

/// A numbering of the domain: rank ↔ element.
struct Domain {
    n: usize,
    on: OnWhat,
    /// `choose[m][j] = C(m, j)` for sets (colex ranks).
    choose: Vec<Vec<u64>>,
    size: u64,
}

impl Domain {
    fn new(n: usize, on: OnWhat, limit: u64) -> Result<Domain, GroupError> {
        let what = match on {
            OnWhat::Sets(k) => format!("{k}-subsets of {n} points"),
            OnWhat::Tuples(k) => format!("{k}-tuples of {n} points"),
        };
        let size = match on.domain_size(n) {
            Some(s) if s <= limit => s,
            _ => {
                return Err(GroupError::TooLarge(format!(
                    "there are more than {limit} {what} (the limit)"
                )))
            }
        };
        let choose = match on {
            OnWhat::Sets(k) => (0..=n)
                .map(|m| {
                    (0..=k)
                        .map(|j| binomial(m, j).expect("at most C(n, k)"))
                        .collect()
                })
                .collect(),
            OnWhat::Tuples(_) => Vec::new(),
        };
        Ok(Domain {
            n,
            on,
            choose,
            size,
        })
    }

    /// The rank of an element (sets sorted increasing).
    fn rank(&self, x: &[usize]) -> u64 {
        match self.on {
            OnWhat::Sets(_) => x
                .iter()
                .enumerate()
                .map(|(i, &s)| self.choose[s][i + 1])
                .sum(),
            OnWhat::Tuples(_) => x.iter().fold(0, |r, &t| r * self.n as u64 + t as u64),
        }
    }

    /// The element of rank `r`.
    fn unrank(&self, mut r: u64) -> Vec<usize> {
        match self.on {
            OnWhat::Sets(k) => {
                let mut out = vec![0; k];
                let mut m = self.n;
                for i in (0..k).rev() {
                    // the largest s < m with C(s, i + 1) <= r
                    m -= 1;
                    while self.choose[m][i + 1] > r {
                        m -= 1;
                    }
                    out[i] = m;
                    r -= self.choose[m][i + 1];
                }
                out
            }
            OnWhat::Tuples(k) => {
                let mut out = vec![0; k];
                for t in out.iter_mut().rev() {
                    *t = (r % self.n as u64) as usize;
                    r /= self.n as u64;
                }
                out
            }
        }
    }

    /// The image of `x` under `g` (sorted again for sets).
    fn image(&self, x: &[usize], g: &Perm) -> Vec<usize> {
        let mut y: Vec<usize> = x.iter().map(|&p| g.image(p)).collect();
        if let OnWhat::Sets(_) = self.on {
            y.sort_unstable();
        }
        y
    }

    /// Checks that `x` is an element of the domain: its length, its points, and for
    /// sets distinct points; returns it normalised (sets sorted).
    fn check(&self, x: &[usize], index: usize) -> Result<Vec<usize>, GroupError> {
        let k = match self.on {
            OnWhat::Sets(k) | OnWhat::Tuples(k) => k,
        };
        let bad = |why: String| GroupError::Points(format!("element {}: {why}", index + 1));
        if x.len() != k {
            return Err(bad(format!("has {} points, expected {k}", x.len())));
        }
        if let Some(&p) = x.iter().find(|&&p| p >= self.n) {
            return Err(bad(format!(
                "point {} is beyond the degree {}",
                p + 1,
                self.n
            )));
        }
        let mut y = x.to_vec();
        if let OnWhat::Sets(_) = self.on {
            y.sort_unstable();
            if y.windows(2).any(|w| w[0] == w[1]) {
                return Err(bad("repeats a point of a set".into()));
            }
        }
        Ok(y)
    }
}

impl PermGroup {
    /// The orbits of `G` on the `k`-subsets or `k`-tuples of `0..degree` (see the
    /// module docs): each orbit sorted, orbits ordered by their first element; points
    /// 0-based. `Err` ([`GroupError::TooLarge`]) when the domain (`C(n, k)` or `n^k`
    /// elements) exceeds `limit`, checked before allocating.
    ///
    /// ```
    /// use permlab::PermGroup;
    /// use permlab::group::orbits_on_sets::OnWhat;
    /// // the dihedral group of the square on the 6 pairs of corners: 4 edges, 2 diagonals
    /// let d8 = PermGroup::new(4, vec!["(1,2,3,4)".parse().unwrap(), "(1,3)".parse().unwrap()]);
    /// let orbits = d8.orbits_on(OnWhat::Sets(2), 1000).unwrap();
    /// assert_eq!(orbits, vec![
    ///     vec![vec![0, 1], vec![0, 3], vec![1, 2], vec![2, 3]],
    ///     vec![vec![0, 2], vec![1, 3]],
    /// ]);
    /// assert!(d8.orbits_on(OnWhat::Tuples(12), 1000).is_err());
    /// ```
    pub fn orbits_on(&self, on: OnWhat, limit: u64) -> Result<Vec<Vec<Vec<usize>>>, GroupError> {
        let d = Domain::new(self.degree, on, limit)?;
        let mut seen = vec![0u64; d.size.div_ceil(64) as usize];
        let mut orbits = Vec::new();
        for r in 0..d.size {
            if seen[(r / 64) as usize] >> (r % 64) & 1 == 1 {
                continue;
            }
            seen[(r / 64) as usize] |= 1 << (r % 64);
            let mut orbit = vec![d.unrank(r)];
            let mut i = 0;
            while i < orbit.len() {
                for g in &self.generators {
                    let y = d.image(&orbit[i], g);
                    let s = d.rank(&y);
                    if seen[(s / 64) as usize] >> (s % 64) & 1 == 0 {
                        seen[(s / 64) as usize] |= 1 << (s % 64);
                        orbit.push(y);
                    }
                }
                i += 1;
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits.sort_unstable_by(|a, b| a[0].cmp(&b[0]));
        Ok(orbits)
    }

    /// The action of `G` on one orbit of sets or tuples (as [`PermGroup::orbits_on`]
    /// gives it, or any list of elements closed under `G`): the image group on
    /// `0..orbit.len()`, where image point `i` is `orbit[i]`. `Err` names an element
    /// that is not a `k`-set or `k`-tuple of the group's points, one listed twice,
    /// or a generator mapping an element outside the list.
    ///
    /// ```
    /// use permlab::PermGroup;
    /// use permlab::group::orbits_on_sets::OnWhat;
    /// // S_4 on its 6 pairs: a group of order 24 on 6 points
    /// let s4 = PermGroup::new(4, vec!["(1,2,3,4)".parse().unwrap(), "(1,2)".parse().unwrap()]);
    /// let pairs = s4.orbits_on(OnWhat::Sets(2), 100).unwrap().remove(0);
    /// let image = s4.action_on_orbit_of(OnWhat::Sets(2), &pairs).unwrap();
    /// assert_eq!((image.degree(), image.order()), (6, 24u32.into()));
    /// ```
    pub fn action_on_orbit_of(
        &self,
        on: OnWhat,
        orbit: &[Vec<usize>],
    ) -> Result<PermGroup, GroupError> {
        // the domain is only used to check and move elements: no size limit applies
        let d = Domain {
            n: self.degree,
            on,
            choose: Vec::new(),
            size: 0,
        };
        let mut index: HashMap<Vec<usize>, usize> = HashMap::new();
        let mut elements = Vec::with_capacity(orbit.len());
        for (i, x) in orbit.iter().enumerate() {
            let y = d.check(x, i)?;
            if let Some(j) = index.insert(y.clone(), i) {
                return Err(GroupError::Points(format!(
                    "elements {} and {} are equal",
                    j + 1,
                    i + 1
                )));
            }
            elements.push(y);
        }
        let mut gens = Vec::new();
        for (gi, g) in self.generators.iter().enumerate() {
            let mut images = Vec::with_capacity(elements.len());
            for (i, x) in elements.iter().enumerate() {
                match index.get(&d.image(x, g)) {
                    Some(&j) => images.push(j as u32),
                    None => {
                        return Err(GroupError::Points(format!(
                            "generator {} maps element {} outside the list",
                            gi + 1,
                            i + 1
                        )))
                    }
                }
            }
            gens.push(Perm::from_images_unchecked(images));
        }
        Ok(PermGroup::new(elements.len(), gens))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection() {
        for on in [OnWhat::Sets(3), OnWhat::Tuples(3), OnWhat::Sets(0)] {
            let d = Domain::new(6, on, 1000).unwrap();
            for r in 0..d.size {
                assert_eq!(d.rank(&d.unrank(r)), r, "{on}");
            }
        }
        assert_eq!(binomial(6, 3), Some(20));
        assert_eq!(binomial(3, 5), Some(0));
        assert_eq!(binomial(200, 100), None);
    }
}
