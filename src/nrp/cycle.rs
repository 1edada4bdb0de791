//! Seed 000's **Cycle** `(Y X)^4` and its conveyor belt.
//!
//! In the seed's counter-clockwise letters Cycle is `(Y X)^4`; in the crate's
//! clockwise letters it is `(Y' X')^4`. It moves only the cells of a U-shaped **belt**
//! — down the first column, along the bottom row, up the last column ([`belt`], `3n − 1`
//! cells) — each by `n − 3` places along the belt, counter-clockwise, and fixes every
//! other cell. `tests/it/nrp.rs` checks this for `n = 4..12`.

use super::{Board, X, Y};

/// The letters of Cycle: the seed's `(Y X)^4`, i.e. `(Y' X')^4` in crate letters.
///
/// ```
/// use permlab::nrp::{cycle, Board};
/// let b = Board::new(4).unwrap();
/// assert_eq!(b.word(&cycle(&b)).to_string(), "Y' X' Y' X' Y' X' Y' X'");
/// ```
pub fn cycle(board: &Board) -> Vec<(usize, i64)> {
    let _ = board;
    [(Y, -1), (X, -1)].repeat(4)
}

/// The belt in conveyor order: `(0,0), (1,0), …, (n−1,0)`, then `(n−1,1), …, (n−1,n)`,
/// then `(n−2,n), …, (0,n)`; after `(0,n)` it continues with `(0,0)`.
///
/// ```
/// use permlab::nrp::{belt, Board};
/// let b = Board::new(4).unwrap();
/// assert_eq!(belt(&b), vec![0, 5, 10, 15, 16, 17, 18, 19, 14, 9, 4]);
/// ```
pub fn belt(board: &Board) -> Vec<usize> {
    let n = board.n;
    let mut cells: Vec<usize> = (0..n).map(|r| board.cell(r, 0)).collect();
    cells.extend((1..=n).map(|c| board.cell(n - 1, c)));
    cells.extend((0..n - 1).rev().map(|r| board.cell(r, n)));
    cells
}

/// How far Cycle moves each belt cell along the belt: `n − 3`.
pub fn cycle_shift(board: &Board) -> usize {
    board.n - 3
}
