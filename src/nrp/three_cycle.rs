//! The **specific 3-cycle** and the **general 3-cycle** by conjugation (Parts II–IV).
//!
//! The seed's Parts I–II, where its specific 3-cycle is found, are missing, so it is
//! found here by a short-word search ([`specific_three_cycle`]):
//!
//! 1. **Commutator of two Cycles.** If the supports of `g` and `h` meet in exactly one
//!    cell, the commutator `[g, h] = g h g⁻¹ h⁻¹` is a 3-cycle. With `g` = Cycle (it
//!    moves only its belt) and `h = w⁻¹ g w`, whose support is the belt moved by `w`,
//!    the search looks for the shortest `w` (letters `X^±1, X², Y^±1, Y²`, length ≤ 6,
//!    in a fixed order) whose moved belt meets the belt in one cell. For every
//!    `n = 5..12` the first such word is `X' Y' X Y2 X`.
//! 2. **A power of a short word** when 1 fails: for `n = 4` the belt has 11 of the 20
//!    cells, so two belts always share at least two cells. Then the word `u` of length
//!    ≤ 8 whose cycle type has one 3-cycle and no other cycle of length divisible by 3,
//!    with `u^m` (`m` = lcm of the other cycle lengths) a 3-cycle, is taken, shortest
//!    `|u|·m` first.
//!
//! The general 3-cycle of cells `x → y → z` is `S T* S⁻¹`, `S` = the Spiral-Cycle
//! algorithm carrying `x, y, z` to the intermediate squares and `T*` the specific
//! 3-cycle moved onto them (`T* = K⁻¹ T K`, `K` = Spiral-Cycle of `T`'s cells).

use super::spiral_cycle::spiral_cycle;
use super::{cycle, Board, Letters, NrpError, X, Y};
use crate::letters::{commutator, conjugate, inverse};
use std::collections::HashSet;

/// The letters `X^±1, X², Y^±1, Y²` in search order.
const LETTERS: [(usize, i64); 6] = [(X, 1), (X, -1), (X, 2), (Y, 1), (Y, -1), (Y, 2)];

/// How the specific 3-cycle was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThreeCycleMethod {
    /// `[C, w⁻¹ C w]` with Cycle `C` and a short `w`.
    CycleCommutator,
    /// A power `u^m` of a short word `u`.
    Power,
}

/// The specific 3-cycle of a board and its conjugates onto the intermediate squares.
#[derive(Clone, Debug)]
pub struct SpecificThreeCycle {
    /// The letters of the specific 3-cycle `T`.
    pub letters: Vec<(usize, i64)>,
    /// Its cells `p → q → r → p` (0-based), class 0.
    pub cells: [usize; 3],
    /// How it was found.
    pub method: ThreeCycleMethod,
    /// The short word of the search (`w` or `u`).
    pub search_word: Vec<(usize, i64)>,
    /// `T*` for each colour class: the 3-cycle `I1 → I2 → I3 → I1` of the class's
    /// intermediate squares.
    pub on_intermediates: Vec<Vec<(usize, i64)>>,
}

/// Words of letters `LETTERS` with no two adjacent letters of one block, by length
/// then letter order, up to `max_len`; calls `f` until it returns `true`.
/// The exponent `m` for which a permutation of cycle type `cycle_type` has a single
/// 3-cycle as its `m`-th power: exactly one cycle of length 3 and no other length
/// divisible by 3, and `m` the lcm of the other lengths (so `m` is prime to 3 and
/// kills every other cycle). `None` when no power is a 3-cycle.
pub(crate) fn three_cycle_exponent(cycle_type: &[usize]) -> Option<usize> {
    let threes = cycle_type.iter().filter(|&&x| x == 3).count();
    if threes != 1 || cycle_type.iter().any(|&x| x > 3 && x % 3 == 0) {
        return None;
    }
    Some(
        cycle_type
            .iter()
            .filter(|&&x| x != 3 && x > 1)
            .fold(1, |a, &x| num_integer::lcm(a, x)),
    )
}

fn search_words(max_len: usize, mut f: impl FnMut(&[(usize, i64)]) -> bool) -> bool {
    let mut frontier: Vec<Vec<(usize, i64)>> = vec![Vec::new()];
    for _ in 0..max_len {
        let mut next = Vec::new();
        for w in &frontier {
            for &l in &LETTERS {
                if w.last().is_some_and(|&(g, _)| g == l.0) {
                    continue;
                }
                let mut w2 = w.clone();
                w2.push(l);
                if f(&w2) {
                    return true;
                }
                next.push(w2);
            }
        }
        frontier = next;
    }
    false
}

/// Finds the specific 3-cycle of a board (module docs) and conjugates it onto the
/// intermediate squares of each class.
///
/// ```
/// use permlab::nrp::{specific_three_cycle, Board};
/// let b = Board::new(6).unwrap();
/// let t = specific_three_cycle(&b);
/// assert_eq!(b.word(&t.search_word).to_string(), "X' Y' X Y2 X");
/// assert_eq!(b.eval_letters(&t.letters).cycle_type()[0], 3);
/// assert_eq!(b.eval_letters(&t.letters).support().len(), 3);
/// ```
pub fn specific_three_cycle(board: &Board) -> SpecificThreeCycle {
    let c = cycle(board);
    let belt: HashSet<usize> = board.eval_letters(&c).support().into_iter().collect();
    let mut found: Option<(Letters, Letters, ThreeCycleMethod)> = None;
    search_words(6, |w| {
        let meet = belt
            .iter()
            .filter(|&&p| belt.contains(&board.track(w, p)))
            .count();
        if meet != 1 {
            return false;
        }
        // [C, h] with h = w⁻¹ C w
        let t = commutator(&c, &conjugate(&c, w));
        found = Some((t, w.to_vec(), ThreeCycleMethod::CycleCommutator));
        true
    });
    if found.is_none() {
        let mut best: Option<(usize, Letters, usize)> = None;
        search_words(8, |u| {
            if let Some(m) = three_cycle_exponent(&board.eval_letters(u).cycle_type()) {
                if best.as_ref().is_none_or(|b| u.len() * m < b.0) {
                    best = Some((u.len() * m, u.to_vec(), m));
                }
            }
            false
        });
        let (_, u, m) = best.expect("a short word has a 3-cycle power");
        found = Some((u.repeat(m), u, ThreeCycleMethod::Power));
    }
    let (mut letters, search_word, method) = found.expect("set above");
    let perm = board.eval_letters(&letters);
    let mut cyc = perm
        .cycles()
        .into_iter()
        .find(|c| c.len() > 1)
        .expect("a 3-cycle");
    assert_eq!((perm.support().len(), cyc.len()), (3, 3), "found a 3-cycle");
    if board.class(cyc[0]) == 1 {
        letters = Board::swap_letters(&letters);
        cyc = cyc.iter().map(|&x| board.half_turn(x)).collect();
    }
    let cells = [cyc[0], cyc[1], cyc[2]];
    let k = spiral_cycle(board, cells).expect("one class");
    let t0 = board.simplify(&conjugate(&letters, &k));
    let mut on_intermediates = vec![t0.clone()];
    if board.class_count() == 2 {
        on_intermediates.push(Board::swap_letters(&t0));
    }
    SpecificThreeCycle {
        letters,
        cells,
        method,
        search_word,
        on_intermediates,
    }
}

/// The general 3-cycle of the cells `x → y → z` (positions; the numbers on them move
/// along): `S T* S⁻¹`. The cells must be distinct and in one colour class.
///
/// ```
/// use permlab::nrp::{specific_three_cycle, three_cycle, Board};
/// let b = Board::new(5).unwrap();
/// let t = specific_three_cycle(&b);
/// let w = three_cycle(&b, &t, [3, 17, 29]).unwrap();
/// assert_eq!(b.eval_letters(&w).to_string(), "(4,18,30)");
/// ```
pub fn three_cycle(
    board: &Board,
    specific: &SpecificThreeCycle,
    cells: [usize; 3],
) -> Result<Vec<(usize, i64)>, NrpError> {
    let s = spiral_cycle(board, cells)?;
    let class = board.class(cells[0]);
    let mut w = s.clone();
    w.extend(&specific.on_intermediates[class]);
    w.extend(inverse(&s));
    Ok(w)
}

/// Places the contents of every cell of `cells` but the last two by 3-cycles: for
/// each cell `p` not holding its own label, the label is at `q = pos[p]` and the
/// 3-cycle of cells `[q, p, r]` (contents `q → p → r → q`, with `r` one of the two
/// last cells, not `q`) brings it home; `cycle` gives the letters of a 3-cycle.
/// `cur` (labels by cell) and `pos` (cells by label) are updated; returns the
/// letters and the number of 3-cycles. For an even permutation of `cells` the last
/// two cells end solved too.
pub(crate) fn place_by_three_cycles(
    cur: &mut [u32],
    pos: &mut [usize],
    cells: &[usize],
    mut cycle: impl FnMut([usize; 3]) -> Letters,
) -> (Letters, usize) {
    let m = cells.len();
    let mut letters = Letters::new();
    let mut count = 0;
    if m < 3 {
        return (letters, count);
    }
    for &p in &cells[..m - 2] {
        if cur[p] as usize == p {
            continue;
        }
        let q = pos[p];
        let r = if cells[m - 1] != q {
            cells[m - 1]
        } else {
            cells[m - 2]
        };
        letters.extend(cycle([q, p, r]));
        count += 1;
        let (lq, lp, lr) = (cur[q], cur[p], cur[r]);
        cur[p] = lq;
        cur[r] = lp;
        cur[q] = lr;
        pos[lq as usize] = p;
        pos[lp as usize] = r;
        pos[lr as usize] = q;
    }
    (letters, count)
}
