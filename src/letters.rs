//! Letter sequences: words as flat lists of letters `(generator, power)`.
//!
//! A [`Word`](crate::Word) keeps the structure a user typed (groups, powers,
//! commutators); algorithms that build words — factorisation, the NRP solvers, free
//! reduction — work on the flat form defined here. One letter `g^p` stands for one
//! turn of generator `g` by `p` (`R2` is one letter, `R'` is `(R, -1)`).
//!
//! Powers are reduced modulo the generator's order `o` to the balanced range
//! `-o/2 < p ≤ o/2` ([`reduce_power`]); an order of `0` means "unknown" and leaves
//! powers as they are.
//!
//! ```
//! use permlab::letters::{inverse, push_reduced};
//! let orders = [4, 4];
//! let mut w = vec![(0, 1)];
//! push_reduced(&mut w, 0, 2, &orders); // R R2 = R3 = R'
//! assert_eq!(w, [(0, -1)]);
//! push_reduced(&mut w, 1, 1, &orders);
//! assert_eq!(inverse(&w), [(1, -1), (0, 1)]);
//! ```

/// A letter: `(generator index, power)`.
pub type Letter = (usize, i64);

/// A flat word: letters in order, first letter first.
pub type Letters = Vec<Letter>;

/// `p` reduced modulo `order` into `-order/2 < p ≤ order/2` (`order = 0`: unchanged).
///
/// ```
/// use permlab::letters::reduce_power;
/// assert_eq!(reduce_power(3, 4), -1);
/// assert_eq!(reduce_power(2, 4), 2);
/// assert_eq!(reduce_power(-2, 4), 2);
/// assert_eq!(reduce_power(7, 0), 7);
/// ```
pub fn reduce_power(p: i64, order: u64) -> i64 {
    let Ok(o) = i64::try_from(order) else {
        return p;
    };
    if o == 0 {
        return p;
    }
    let r = p.rem_euclid(o);
    if r > o - r {
        r - o
    } else {
        r
    }
}

/// Appends the letter `g^p` to `w`, merging it with a last letter of the same
/// generator and reducing the power modulo `orders[g]` (missing or `0`: unknown); a
/// letter whose power reduces to 0 disappears. Appending letter by letter therefore
/// keeps `w` freely reduced (no two adjacent letters of one generator, no trivial
/// letter) when it was so before.
pub fn push_reduced(w: &mut Letters, g: usize, p: i64, orders: &[u64]) {
    let o = orders.get(g).copied().unwrap_or(0);
    if let Some(last) = w.last_mut() {
        if last.0 == g {
            let r = reduce_power(
                reduce_power(last.1, o).saturating_add(reduce_power(p, o)),
                o,
            );
            if r == 0 {
                w.pop();
            } else {
                last.1 = r;
            }
            return;
        }
    }
    let r = reduce_power(p, o);
    if r != 0 {
        w.push((g, r));
    }
}

/// `a` followed by `b`, freely reduced at the seam ([`push_reduced`]).
pub fn concat_reduced(a: &[Letter], b: &[Letter], orders: &[u64]) -> Letters {
    let mut w = a.to_vec();
    for &(g, p) in b {
        push_reduced(&mut w, g, p, orders);
    }
    w
}

/// The free reduction of `letters` ([`push_reduced`] letter by letter).
pub fn reduced(letters: &[Letter], orders: &[u64]) -> Letters {
    concat_reduced(&[], letters, orders)
}

/// The inverse word: letters reversed, powers negated (saturating at `i64::MIN`).
pub fn inverse(letters: &[Letter]) -> Letters {
    letters
        .iter()
        .rev()
        .map(|&(g, p)| (g, p.saturating_neg()))
        .collect()
}

/// The conjugate `w⁻¹ c w` (GAP's `c^w`), unreduced.
pub fn conjugate(c: &[Letter], w: &[Letter]) -> Letters {
    let mut out = inverse(w);
    out.extend_from_slice(c);
    out.extend_from_slice(w);
    out
}

/// The commutator `[a, b] = a b a⁻¹ b⁻¹` (the convention of seed 000 and of
/// `Word`'s `[A, B]`), unreduced.
pub fn commutator(a: &[Letter], b: &[Letter]) -> Letters {
    let mut out = a.to_vec();
    out.extend_from_slice(b);
    out.extend(inverse(a));
    out.extend(inverse(b));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perm::Perm;

    fn eval(w: &[Letter], gens: &[Perm]) -> Perm {
        w.iter()
            .fold(Perm::identity(gens[0].degree()), |acc, &(g, p)| {
                &acc * &gens[g].pow(p)
            })
    }

    #[test]
    fn conjugate_and_commutator_evaluate_as_products() {
        let gens: Vec<Perm> = ["(1,2,3,4)", "(2,3)(4,5,6)"]
            .iter()
            .map(|c| Perm::parse_cycles(c, Some(6)).unwrap())
            .collect();
        let (a, b) = (vec![(0, 1), (1, 2)], vec![(1, -1)]);
        let (pa, pb) = (eval(&a, &gens), eval(&b, &gens));
        assert_eq!(
            eval(&conjugate(&a, &b), &gens),
            &(&pb.inverse() * &pa) * &pb
        );
        assert_eq!(
            eval(&commutator(&a, &b), &gens),
            &(&(&pa * &pb) * &pa.inverse()) * &pb.inverse()
        );
    }

    #[test]
    fn reduction_keeps_the_element_and_leaves_no_adjacent_letters() {
        let gens: Vec<Perm> = ["(1,2,3,4)", "(2,3)(4,5,6)"]
            .iter()
            .map(|c| Perm::parse_cycles(c, Some(6)).unwrap())
            .collect();
        let orders = [4u64, 6];
        let words: [Letters; 4] = [
            vec![(0, 1), (0, 1), (0, 1), (0, 1)],
            vec![(0, 1), (1, 3), (1, -3), (0, -1), (1, 7)],
            vec![(1, 5), (0, 2), (0, 2), (1, 1)],
            vec![(0, i64::MAX), (1, i64::MIN), (0, -3)],
        ];
        for w in words {
            let r = reduced(&w, &orders);
            assert_eq!(eval(&r, &gens), eval(&w, &gens), "{w:?}");
            assert!(r.windows(2).all(|p| p[0].0 != p[1].0));
            assert!(r
                .iter()
                .all(|&(g, p)| p != 0 && 2 * p.abs() <= orders[g] as i64));
            assert_eq!(eval(&inverse(&r), &gens), eval(&w, &gens).inverse());
        }
        assert!(reduced(&[(0, 1), (0, 1), (0, 1), (0, 1)], &orders).is_empty());
    }
}
