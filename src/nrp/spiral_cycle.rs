//! Seed 000's **Spiral-Cycle algorithm** (Part IV): send any three numbers of one
//! colour class to the three intermediate squares.
//!
//! Intermediate squares (class 0): `I1 = (0,0)` (top-left), `I2 = (1,0)` for even `n`
//! and `(2,0)` for odd `n` (two below, for the colour class), `I3` = the Spiral's centre
//! square ([`centre_square`]: the centre of `X` for odd `n`, `(n/2−1, n/2)` for even
//! `n`). Class 1 (odd `n`) uses the half-turned board ([`Board::half_turn`]): its
//! squares are the images of these and its words have `X` and `Y` swapped.
//!
//! The phases, as in the seed (letters in the crate's clockwise convention; the seed's
//! are counter-clockwise, see [`crate::nrp`]):
//! 1. Spiral the first number to the centre, then backwards to `I1`.
//! 2. Alternating Spiral the second number to the centre square: `Y` never touches
//!    column 0 and the `X` turns alternate `X'`, `X`, so the first number only goes
//!    `I1 → (n−1,0) → I1`. Then the alternating Spiral of `P2` = the bottom-right
//!    corner (even `n`) or the square above it (odd `n`) run backwards takes the second
//!    number to `P2`, and the seed's `X Y⁻¹ X⁻¹` (crate `X' Y X`) to `I2`. Where the
//!    seed fixes the first number with its `X⁻¹` (odd) or `X⁻¹Y⁻¹` (even) — crate `X`
//!    or `X Y`, which keep the centre square — we apply that fix or its inverse so the
//!    first number is where the backward Spiral needs it (a choice: the seed's text
//!    does not say how to match the two Spirals' alternations).
//! 3. If the third number is in column 0, the seed's escape word (odd `n`:
//!    `X Y² X Y X Y⁻¹ X² Y⁻¹ X Y⁻¹ X⁻¹`, even `n`: `X Y² X⁻¹ Y⁻¹ X Y⁻¹ X⁻¹`, seed
//!    letters) takes it out while fixing `I1`, `I2`. Then the Spiral alternated with
//!    Cycle: always the flipped step (upper-left quadrant of `Y`, off the belt), and each
//!    `X` turn wrapped as `H X H⁻¹` where `H` = Cycle to the power of least absolute
//!    value that carries `I1` and `I2` into the last column (the seed uses one reverse
//!    Cycle; for small `n` one is not enough, e.g. `n = 4` needs Cycle⁻²).

use super::spiral::{centre_square, run_spiral, spiral_path, SpiralKind};
use super::{cycle, Board, NrpError, Walk, X, Y};
use crate::letters::inverse;

/// The intermediate squares `[I1, I2, I3]` of a colour class.
///
/// ```
/// use permlab::nrp::{intermediate_squares, Board};
/// let b = Board::new(5).unwrap();
/// assert_eq!(intermediate_squares(&b, 0), [0, 12, 14]);
/// ```
pub fn intermediate_squares(board: &Board, class: usize) -> [usize; 3] {
    let n = board.n;
    let i2 = if n.is_multiple_of(2) {
        board.cell(1, 0)
    } else {
        board.cell(2, 0)
    };
    let base = [0, i2, centre_square(board, 0)];
    if class == 0 {
        base
    } else {
        base.map(|c| board.half_turn(c))
    }
}

/// The seed's word that takes a number out of column 0 while fixing `I1` and `I2`,
/// in crate letters (the seed's letters read counter-clockwise).
pub fn escape_word(board: &Board) -> Vec<(usize, i64)> {
    let seed: &[(usize, i64)] = if board.n % 2 == 1 {
        &[
            (X, 1),
            (Y, 2),
            (X, 1),
            (Y, 1),
            (X, 1),
            (Y, -1),
            (X, 2),
            (Y, -1),
            (X, 1),
            (Y, -1),
            (X, -1),
        ]
    } else {
        &[(X, 1), (Y, 2), (X, -1), (Y, -1), (X, 1), (Y, -1), (X, -1)]
    };
    seed.iter().map(|&(g, p)| (g, -p)).collect()
}

/// `H`: the power of Cycle with least `|m|` (positive first) carrying `I1` and `I2`
/// of class 0 into the last column, as letters.
pub fn hiding_word(board: &Board) -> Vec<(usize, i64)> {
    let [i1, i2, _] = intermediate_squares(board, 0);
    let c = cycle(board);
    let ci = inverse(&c);
    let last_col = |cell: usize| board.coords(cell).1 == board.n;
    for m in 1..=3 * board.n {
        for letters in [c.repeat(m), ci.repeat(m)] {
            if last_col(board.track(&letters, i1)) && last_col(board.track(&letters, i2)) {
                return letters;
            }
        }
    }
    unreachable!("some power of Cycle hides I1 and I2")
}

/// The Spiral-Cycle algorithm: letters that carry the numbers on `cells[0..3]` to the
/// intermediate squares `I1, I2, I3` of their class, in that order. The cells must be
/// distinct and of one colour class.
///
/// ```
/// use permlab::nrp::{intermediate_squares, spiral_cycle, Board};
/// let b = Board::new(6).unwrap();
/// let w = spiral_cycle(&b, [41, 7, 20]).unwrap();
/// let targets = intermediate_squares(&b, 0);
/// for (from, to) in [41, 7, 20].into_iter().zip(targets) {
///     assert_eq!(b.track(&w, from), to);
/// }
/// ```
pub fn spiral_cycle(board: &Board, cells: [usize; 3]) -> Result<Vec<(usize, i64)>, NrpError> {
    for &c in &cells {
        if c >= board.cells() {
            return Err(NrpError::Range {
                what: "cell",
                value: c + 1,
                max: board.cells(),
            });
        }
    }
    if cells[0] == cells[1] || cells[1] == cells[2] || cells[0] == cells[2] {
        return Err(NrpError::NotDistinct(cells.iter().map(|c| c + 1).collect()));
    }
    let class = board.class(cells[0]);
    if cells.iter().any(|&c| board.class(c) != class) {
        return Err(NrpError::Class(format!(
            "cells {:?} (1-based) are not all in one colour class: odd n keeps r+c mod 2",
            cells.map(|c| c + 1)
        )));
    }
    if class == 0 {
        return Ok(spiral_cycle_class0(board, cells));
    }
    let turned = cells.map(|c| board.half_turn(c));
    Ok(Board::swap_letters(&spiral_cycle_class0(board, turned)))
}

fn spiral_cycle_class0(board: &Board, cells: [usize; 3]) -> Vec<(usize, i64)> {
    let n = board.n;
    let [i1, i2, i3] = intermediate_squares(board, 0);
    let bottom_left = board.cell(n - 1, 0);
    let mut walk = Walk::new(board, cells.to_vec());
    // 1. first number: Spiral to the centre, then backwards to I1
    run_spiral(&mut walk, 0, SpiralKind::Plain, &[]);
    walk.extend(&inverse(&spiral_path(board, i1, SpiralKind::Plain).letters));
    debug_assert_eq!(walk.pos[0], i1);
    // 2. second number: alternating Spiral to the centre square
    run_spiral(
        &mut walk,
        1,
        SpiralKind::Alternating { lower_first: true },
        &[],
    );
    debug_assert!(walk.pos[0] == i1 || walk.pos[0] == bottom_left);
    let p2 = if n.is_multiple_of(2) {
        board.cell(n - 1, n)
    } else {
        board.cell(n - 2, n)
    };
    let back = spiral_path(board, p2, SpiralKind::Alternating { lower_first: true });
    let back_end = board.track(&back.letters, i1);
    // the seed's fix: bottom-left -> I1 keeping the centre square
    let fix: Vec<(usize, i64)> = if n % 2 == 1 {
        vec![(X, 1)]
    } else {
        vec![(X, 1), (Y, 1)]
    };
    if walk.pos[0] != back_end {
        if walk.pos[0] == bottom_left {
            walk.extend(&fix);
        } else {
            walk.extend(&inverse(&fix));
        }
    }
    walk.extend(&inverse(&back.letters));
    debug_assert_eq!((walk.pos[0], walk.pos[1]), (i1, p2));
    walk.extend(&[(X, -1), (Y, 1), (X, 1)]);
    debug_assert_eq!((walk.pos[0], walk.pos[1]), (i1, i2));
    // 3. third number: out of column 0, then the Spiral alternated with Cycle
    if board.coords(walk.pos[2]).1 == 0 {
        walk.extend(&escape_word(board));
    }
    let hide = hiding_word(board);
    run_spiral(&mut walk, 2, SpiralKind::Flipped, &hide);
    assert_eq!(
        walk.pos,
        vec![i1, i2, i3],
        "Spiral-Cycle reached the squares"
    );
    walk.letters
}
