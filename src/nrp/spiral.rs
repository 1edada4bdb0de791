//! Seed 000's **Spiral**: send one number to the centre, then anywhere.
//!
//! One iteration: turn `Y` until the number lies in the lower-left quadrant of `Y`,
//! then turn `X` (the seed's counter-clockwise `X`, the crate's `X'`). Measured from
//! `c_y`, the centre of rotation of `Y`, with the number at row offset `a` (down) and
//! column offset `b` (right), the `X` turn about `c_x = c_y − (0, 1)` gives
//! `d'² = d² + 2 − 2(a − b)`; in the lower-left quadrant `a − b = |a| + |b| ≥ d`, so
//! `d'² ≤ d² − 2d + 2 = (d − 1)² + 1 < d²` whenever `d > 1` — the seed's law-of-cosines
//! argument (`d' = √(d² + 2 − 2√2 d cos θ)` with `θ ≤ 45°`) in coordinates.
//!
//! Choices where the seed is silent (all tested in `tests/it/nrp.rs`):
//! - **Where it stops** (the seed's "centre"): at `d ≤ 1`. For even `n` that is one of
//!   the four central cells of `Y` (`d = √2/2`); for odd `n` it is `c_y` itself for
//!   colour class 1 and one of the four neighbours of `c_y` (`d = 1`) for class 0 —
//!   the seed's proof needs `d > 1`, and indeed at `d = 1` an `X` turn keeps `d = 1`.
//!   A final `Y` turn then puts the number on the **centre square**
//!   ([`centre_square`]): `(n/2−1, n/2)` for even `n` (the upper of the two central
//!   cells of the board's middle column, the seed's "upper square in the center"),
//!   `c_x` for odd `n` class 0 (the seed's "center of rotation of `X`"), `c_y` for
//!   class 1.
//! - **Numbers in column 0** (outside `Y`) cannot be turned into a quadrant; one in
//!   the upper half takes the flipped step (upper-left quadrant, crate `X`), which
//!   decreases `d` by the same argument.
//! - The **alternating** Spiral of Part IV alternates the step (lower-left + `X'`) with
//!   the flipped step (upper-left + `X`), starting with the one given.

use super::{Board, NrpError, Walk, X, Y};
use crate::letters::inverse;
use crate::word::Word;

/// Which Spiral to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpiralKind {
    /// The seed's Spiral: lower-left quadrant then `X'` (flipped only in column 0).
    Plain,
    /// The alternating Spiral: the flipped step every other iteration. `lower_first`:
    /// whether the first iteration is the lower-left one (`X'`, carrying the top-left
    /// corner to the bottom-left one) or the flipped one (`X`, carrying it back).
    Alternating {
        /// Start with the lower-left step.
        lower_first: bool,
    },
    /// Always the flipped step (upper-left quadrant, then `X`): the Spiral of Part IV's
    /// third number, whose quadrant avoids Cycle's belt.
    Flipped,
}

/// One `X` turn of a Spiral: the number's squared distance to `c_y` before and after,
/// in quarter units (`4 d²`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpiralStep {
    /// `4 d²` before the `X` turn.
    pub before: i64,
    /// `4 d'²` after it.
    pub after: i64,
    /// Whether the turn was `X'` (lower-left step) rather than `X` (flipped).
    pub lower: bool,
}

/// The run of a Spiral from one cell to the centre square.
#[derive(Clone, Debug)]
pub struct SpiralPath {
    /// The letters (crate convention, clockwise `X`, `Y`).
    pub letters: Vec<(usize, i64)>,
    /// The cell of the number after each letter, starting with the start cell.
    pub cells: Vec<usize>,
    /// The `X` turns with the distances around them.
    pub steps: Vec<SpiralStep>,
}

impl SpiralPath {
    /// The cell where the Spiral ends ([`centre_square`] of the start's class).
    pub fn end(&self) -> usize {
        *self.cells.last().expect("a path has a start")
    }
}

/// `4 d²`: four times the squared distance of a cell's centre to `c_y`.
pub fn dist4(board: &Board, cell: usize) -> i64 {
    let (a, b) = board.offset2(Y, cell);
    a * a + b * b
}

/// The centre square where a Spiral from a cell of class `class` ends (module docs).
pub fn centre_square(board: &Board, class: usize) -> usize {
    let n = board.n;
    if n.is_multiple_of(2) {
        board.cell(n / 2 - 1, n / 2)
    } else if class == 0 {
        board.cell((n - 1) / 2, (n - 1) / 2)
    } else {
        board.cell((n - 1) / 2, n.div_ceil(2))
    }
}

/// Whether a cell lies in the closed lower-left (`lower`) or upper-left quadrant
/// around `c_y`.
fn in_quadrant(board: &Board, cell: usize, lower: bool) -> bool {
    let (a, b) = board.offset2(Y, cell);
    b <= 0 && if lower { a >= 0 } else { a <= 0 }
}

/// The `Y` power (fewest quarter turns first) taking `cell` to a cell satisfying `ok`.
pub(crate) fn y_power_to(board: &Board, cell: usize, ok: impl Fn(usize) -> bool) -> Option<i64> {
    if ok(cell) {
        return Some(0);
    }
    if !board.in_block(Y, cell) {
        return None;
    }
    [1, -1, 2]
        .into_iter()
        .find(|&k| ok(board.image(Y, k, cell)))
}

/// Runs a Spiral on the number at `walk.pos[who]` (other tracked cells just follow).
/// Each `X` turn is wrapped as `hide X^±1 hide⁻¹` (Part IV's Spiral alternated with
/// Cycle; `hide` empty for a plain Spiral). Appends its letters to the walk and
/// returns its `X` steps.
pub(crate) fn run_spiral(
    walk: &mut Walk,
    who: usize,
    kind: SpiralKind,
    hide: &[(usize, i64)],
) -> Vec<SpiralStep> {
    let board = walk.board;
    let mut steps = Vec::new();
    let mut lower = match kind {
        SpiralKind::Plain => true,
        SpiralKind::Alternating { lower_first } => lower_first,
        SpiralKind::Flipped => false,
    };
    let unhide = inverse(hide);
    while dist4(board, walk.pos[who]) > 4 {
        let p = walk.pos[who];
        let k = match y_power_to(board, p, |c| in_quadrant(board, c, lower)) {
            Some(k) => k,
            None => {
                // column 0 (outside Y): the plain Spiral flips the step; the others
                // keep theirs, which still decreases d except at one corner
                if kind == SpiralKind::Plain {
                    lower = !lower;
                }
                0
            }
        };
        walk.push(Y, k);
        let before = dist4(board, walk.pos[who]);
        walk.extend(hide);
        walk.push(X, if lower { -1 } else { 1 });
        walk.extend(&unhide);
        let after = dist4(board, walk.pos[who]);
        assert!(after < before, "Spiral step did not decrease the distance");
        steps.push(SpiralStep {
            before,
            after,
            lower,
        });
        lower = match kind {
            SpiralKind::Plain => true,
            SpiralKind::Alternating { .. } => !lower,
            SpiralKind::Flipped => false,
        };
    }
    let target = centre_square(board, board.class(walk.pos[who]));
    let k = y_power_to(board, walk.pos[who], |c| c == target).expect("the centre is a Y turn away");
    walk.push(Y, k);
    steps
}

/// The Spiral from `cell` to its centre square.
///
/// ```
/// use permlab::nrp::{spiral_path, Board, SpiralKind};
/// let b = Board::new(6).unwrap();
/// let p = spiral_path(&b, 0, SpiralKind::Plain);
/// assert_eq!(p.end(), b.cell(2, 3));
/// assert!(p.steps.iter().all(|s| s.after < s.before));
/// ```
pub fn spiral_path(board: &Board, cell: usize, kind: SpiralKind) -> SpiralPath {
    let mut walk = Walk::new(board, vec![cell]);
    let steps = run_spiral(&mut walk, 0, kind, &[]);
    let mut cells = vec![cell];
    let mut c = cell;
    for &(g, p) in &walk.letters {
        c = board.image(g, p, c);
        cells.push(c);
    }
    SpiralPath {
        letters: walk.letters,
        cells,
        steps,
    }
}

/// The seed's Spiral as a solver step: a word that moves the number `number` of
/// `state` (0-based label; `state[i]` = label at cell `i`) to cell `target`: the Spiral
/// of its cell, then the Spiral of `target` backwards. Errors when the two cells lie in
/// different colour classes (odd `n`).
///
/// ```
/// use permlab::nrp::{spiral, Board};
/// let b = Board::new(5).unwrap();
/// let solved = b.puzzle.solved();
/// let w = spiral(&b, &solved, 16, 0).unwrap();
/// assert_eq!(b.puzzle.apply(&solved, &w)[0], 16);
/// ```
pub fn spiral(
    board: &Board,
    state: &[u32],
    number: usize,
    target: usize,
) -> Result<Word, NrpError> {
    let from = state
        .iter()
        .position(|&l| l as usize == number)
        .ok_or(NrpError::Range {
            what: "number",
            value: number + 1,
            max: board.cells(),
        })?;
    if target >= board.cells() {
        return Err(NrpError::Range {
            what: "cell",
            value: target + 1,
            max: board.cells(),
        });
    }
    if board.class(from) != board.class(target) {
        return Err(NrpError::Class(format!(
            "number {} is on a cell of colour class {} and cannot reach cell {} of class {} \
             (odd n: moves keep r+c mod 2)",
            number + 1,
            board.class(from),
            target + 1,
            board.class(target)
        )));
    }
    let there = spiral_path(board, from, SpiralKind::Plain);
    let back = spiral_path(board, target, SpiralKind::Plain);
    let mut letters = there.letters;
    letters.extend(inverse(&back.letters));
    Ok(board.word(&board.simplify(&letters)))
}

/// The bound on a Spiral's `X` turns from `cell` that the seed's argument gives: each
/// turn takes `d²` to at most `(d − 1)² + 1` (law of cosines, `θ ≤ 45°`), and `d²` only
/// takes the values of cells of the same colour class; count turns until `d ≤ 1`.
pub fn iteration_bound(board: &Board, cell: usize) -> usize {
    let class = board.class(cell);
    let mut values: Vec<i64> = (0..board.cells())
        .filter(|&c| board.class(c) == class)
        .map(|c| dist4(board, c))
        .collect();
    values.sort_unstable();
    values.dedup();
    let mut x = dist4(board, cell);
    let mut k = 0;
    while x > 4 {
        let d = (x as f64 / 4.0).sqrt();
        let limit = 4.0 * ((d - 1.0) * (d - 1.0) + 1.0) + 1e-9;
        x = *values
            .iter()
            .rev()
            .find(|&&v| (v as f64) <= limit && v < x)
            .expect("the smallest distance is below the limit");
        k += 1;
    }
    k
}

/// The number of distinct distances to `c_y` above 1 among cells of a class: the
/// seed's "finitely many possible distances" bound on a Spiral's `X` turns.
pub fn distinct_distance_bound(board: &Board, class: usize) -> usize {
    let mut d: Vec<i64> = (0..board.cells())
        .filter(|&c| board.class(c) == class)
        .map(|c| dist4(board, c))
        .filter(|&d| d > 4)
        .collect();
    d.sort_unstable();
    d.dedup();
    d.len()
}
