//! Seed 000's Number Rotation Puzzle (NRP) solved as the seed solves it: Spiral,
//! Cycle, the Spiral-Cycle algorithm and 3-cycles by conjugation (Parts III–IV), and
//! the larger boards of Part V ([`general`]).
//!
//! ## The board
//!
//! An `n × (n+1)` board (`n ≥ 4`) with two `n × n` blocks: `X` turns the left block
//! (columns `0..n`), `Y` the right one (columns `1..=n`). It is the built-in puzzle
//! `board:{n}x{n+1}:{n}`, whose aliases `X` and `Y` are exactly these blocks; cells
//! are numbered row-major, `(r, c)` is cell `r·(n+1) + c`.
//!
//! ## Directions: the seed turns counter-clockwise
//!
//! The crate's moves turn **clockwise**. Seed 000's `X` and `Y` turn
//! **counter-clockwise**: its Spiral moves a number from the lower-left quadrant of `Y`
//! with `X` and its distance to the centre falls (true only for a counter-clockwise
//! turn, see [`spiral()`]), and its `X` carries the top-left number to the bottom-left
//! corner (Part IV), which a clockwise turn does not. So the seed's word `w` is the
//! crate's word `w` read with [`Direction::Counterclockwise`](crate::Direction::Counterclockwise), and every word this
//! module returns is written in the crate's clockwise letters: the seed's Cycle
//! `(Y X)^4` is `(Y' X')^4` here ([`cycle()`]).
//!
//! ## Colour classes (parity restrictions)
//!
//! For odd `n` a quarter turn of an `n × n` block keeps `r + c` mod 2, so the cells fall
//! into two colour classes that no move mixes: class 0 holds the top-left corner and
//! the centre of `X`, class 1 the centre of `Y`. Turning the whole board by 180° swaps
//! the classes and the blocks (`σ X σ⁻¹ = Y`), so every construction for class 0 gives
//! one for class 1 by swapping the letters `X` and `Y` ([`Board::half_turn`]).
//! For even `n` there is one class.
//!
//! ## Modules
//!
//! [`mod@spiral`], [`mod@cycle`], [`mod@spiral_cycle`], [`mod@three_cycle`] and [`mod@solve`] follow the
//! seed; [`general`] solves other boards (3-cycles with optimal setups, or the
//! stabilizer-chain factor) and [`quality`] compares solution lengths.

pub mod boards;
pub mod cycle;
pub mod general;
pub mod quality;
pub mod solve;
pub mod spiral;
pub mod spiral_cycle;
pub mod three_cycle;

use crate::perm::Perm;
use crate::puzzle::Puzzle;
use crate::word::Word;
use std::sync::Arc;

pub use cycle::{belt, cycle, cycle_shift};

pub use solve::{solve, Solution, Solver, Unsolvable};
pub use spiral::{spiral, spiral_path, SpiralKind, SpiralPath};
pub use spiral_cycle::{intermediate_squares, spiral_cycle};
pub use three_cycle::{specific_three_cycle, three_cycle, SpecificThreeCycle, ThreeCycleMethod};

pub use crate::letters::Letters;

/// Index of `X` among a board's generators (`X` = `A` on `board:{n}x{n+1}:{n}`).
pub const X: usize = 0;
/// Index of `Y` among a board's generators.
pub const Y: usize = 1;

/// A problem with an NRP request (bad size, bad cell, numbers in different classes).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NrpError {
    /// The board size is outside the supported range.
    #[error("board size n = {0} not supported: need 4 <= n <= 64")]
    Size(usize),
    /// A number or cell out of range.
    #[error("{what} {value} out of range 1..={max}")]
    Range {
        /// What was out of range ("number", "cell").
        what: &'static str,
        /// The 1-based value.
        value: usize,
        /// The largest allowed value.
        max: usize,
    },
    /// Numbers that must be distinct are not.
    #[error("numbers must be distinct, got {0:?} (1-based)")]
    NotDistinct(Vec<usize>),
    /// Cells of different colour classes where one class is needed.
    #[error("{0}")]
    Class(String),
}

/// The geometry and moves of the `n × (n+1)` board with `n × n` blocks `X`, `Y`.
#[derive(Clone, Debug)]
pub struct Board {
    /// Block size and number of rows.
    pub n: usize,
    /// The puzzle `board:{n}x{n+1}:{n}`.
    pub puzzle: Puzzle,
    /// `powers[g][k]` = generator `g` to the power `k` (0..4).
    powers: [[Perm; 4]; 2],
    /// Letter names used for printing words: `X`, `Y`.
    names: Arc<[String]>,
}

impl Board {
    /// The board with `n × n` blocks, `4 <= n <= 64`.
    ///
    /// ```
    /// let b = permlab::nrp::Board::new(5).unwrap();
    /// assert_eq!((b.rows(), b.cols(), b.cells()), (5, 6, 30));
    /// assert_eq!(b.word(&[(0, 1), (1, -1)]).to_string(), "X Y'");
    /// ```
    pub fn new(n: usize) -> Result<Board, NrpError> {
        if !(4..=64).contains(&n) {
            return Err(NrpError::Size(n));
        }
        let puzzle = Puzzle::builtin(&format!("board:{n}x{}:{n}", n + 1))
            .expect("board:nx(n+1):n is a valid built-in");
        let gens = puzzle.generator_perms();
        let pw = |g: &Perm| [g.pow(0), g.clone(), g.pow(2), g.pow(3)];
        let powers = [pw(&gens[X]), pw(&gens[Y])];
        Ok(Board {
            n,
            puzzle,
            powers,
            names: vec!["X".to_string(), "Y".to_string()].into(),
        })
    }

    /// Number of rows (`n`).
    pub fn rows(&self) -> usize {
        self.n
    }

    /// Number of columns (`n + 1`).
    pub fn cols(&self) -> usize {
        self.n + 1
    }

    /// Number of cells, `n (n+1)`.
    pub fn cells(&self) -> usize {
        self.n * (self.n + 1)
    }

    /// The cell at row `r`, column `c` (0-based).
    pub fn cell(&self, r: usize, c: usize) -> usize {
        r * self.cols() + c
    }

    /// Row and column of a cell.
    pub fn coords(&self, cell: usize) -> (usize, usize) {
        (cell / self.cols(), cell % self.cols())
    }

    /// The colour class of a cell: `(r + c) mod 2` for odd `n`, always 0 for even `n`.
    pub fn class(&self, cell: usize) -> usize {
        if self.n % 2 == 1 {
            let (r, c) = self.coords(cell);
            (r + c) % 2
        } else {
            0
        }
    }

    /// Number of colour classes (2 for odd `n`, 1 for even `n`).
    pub fn class_count(&self) -> usize {
        if self.n % 2 == 1 {
            2
        } else {
            1
        }
    }

    /// Whether a cell lies in block `g` (`X` = columns `0..n`, `Y` = columns `1..=n`).
    pub fn in_block(&self, g: usize, cell: usize) -> bool {
        let (_, c) = self.coords(cell);
        if g == X {
            c < self.n
        } else {
            c >= 1
        }
    }

    /// Generator `g` to the power `p` (any integer) as a permutation.
    pub fn perm(&self, g: usize, p: i64) -> &Perm {
        &self.powers[g][p.rem_euclid(4) as usize]
    }

    /// Where `cell` goes under the letter `g^p`.
    pub fn image(&self, g: usize, p: i64, cell: usize) -> usize {
        self.perm(g, p).image(cell)
    }

    /// A word with letters `(generator, power)` printed with the names `X`, `Y`.
    pub fn word(&self, letters: &[(usize, i64)]) -> Word {
        Word::from_letters(self.names.clone(), letters)
    }

    /// The permutation of letters (first the first letter).
    pub fn eval_letters(&self, letters: &[(usize, i64)]) -> Perm {
        let mut acc = Perm::identity(self.cells());
        for &(g, p) in letters {
            acc = &acc * self.perm(g, p);
        }
        acc
    }

    /// Where a cell goes under a sequence of letters.
    pub fn track(&self, letters: &[(usize, i64)], cell: usize) -> usize {
        letters.iter().fold(cell, |c, &(g, p)| self.image(g, p, c))
    }

    /// Free reduction with `X⁴ = Y⁴ = 1` ([`Word::simplify`]).
    pub fn simplify(&self, letters: &[(usize, i64)]) -> Vec<(usize, i64)> {
        self.word(letters).simplify(&[4, 4]).letters()
    }

    /// Twice the offset of a cell's centre from the centre of rotation of block `g`,
    /// as (rows down, columns right): integers for both parities of `n`.
    pub fn offset2(&self, g: usize, cell: usize) -> (i64, i64) {
        let (r, c) = self.coords(cell);
        let n = self.n as i64;
        let (cr2, cc2) = if g == X {
            (n - 1, n - 1)
        } else {
            (n - 1, n + 1)
        };
        (2 * r as i64 - cr2, 2 * c as i64 - cc2)
    }

    /// The board turned by 180°: cell `(r, c)` ↦ `(n-1-r, n-c)`. It maps the block `X`
    /// onto `Y` (so `σ X σ⁻¹ = Y` as permutations) and, for odd `n`, swaps the colour
    /// classes.
    pub fn half_turn(&self, cell: usize) -> usize {
        let (r, c) = self.coords(cell);
        self.cell(self.n - 1 - r, self.n - c)
    }

    /// The letters with `X` and `Y` swapped: the word that does on the half-turned
    /// board ([`Board::half_turn`]) what `letters` does on this one.
    pub fn swap_letters(letters: &[(usize, i64)]) -> Vec<(usize, i64)> {
        letters.iter().map(|&(g, p)| (1 - g, p)).collect()
    }

    /// 1-based number/cell check.
    pub fn check_cell(
        &self,
        what: &'static str,
        value_one_based: usize,
    ) -> Result<usize, NrpError> {
        if value_one_based == 0 || value_one_based > self.cells() {
            return Err(NrpError::Range {
                what,
                value: value_one_based,
                max: self.cells(),
            });
        }
        Ok(value_one_based - 1)
    }
}

/// Letters being built while following where some cells go.
#[derive(Clone, Debug)]
pub(crate) struct Walk<'a> {
    pub board: &'a Board,
    pub letters: Vec<(usize, i64)>,
    /// The tracked cells' current positions.
    pub pos: Vec<usize>,
}

impl<'a> Walk<'a> {
    pub fn new(board: &'a Board, pos: Vec<usize>) -> Walk<'a> {
        Walk {
            board,
            letters: Vec::new(),
            pos,
        }
    }

    /// Appends the letter `g^p` (nothing for `p ≡ 0 mod 4`).
    pub fn push(&mut self, g: usize, p: i64) {
        let p = crate::letters::reduce_power(p, 4);
        if p == 0 {
            return;
        }
        for x in self.pos.iter_mut() {
            *x = self.board.image(g, p, *x);
        }
        self.letters.push((g, p));
    }

    /// Appends letters.
    pub fn extend(&mut self, letters: &[(usize, i64)]) {
        for &(g, p) in letters {
            self.push(g, p);
        }
    }
}
