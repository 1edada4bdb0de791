//! Solving an NRP board by 3-cycles (seed 000, end of Part IV), with the parity
//! restrictions checked first.
//!
//! Restrictions, computed from the moves rather than assumed:
//! - **Colour class** (odd `n`): every number must sit on a cell of its home cell's
//!   class (moves keep `r + c` mod 2).
//! - **Parity**: the signs of the state's permutation on each class must be a product
//!   of the moves' sign patterns. For `n ≡ 0 mod 4` both moves are even, so the state
//!   must be even; for `n ≡ 2 mod 4` they are odd and every state is solvable; for odd
//!   `n` each move has the same sign on both classes, `(−1)^((n²−1)/8)`, so for
//!   `n ≡ ±3 mod 8` the two classes' signs must agree and for `n ≡ ±1 mod 8` both must
//!   be even.
//!
//! Method: if the signs are not all even, one move (`X`, `Y` or `X Y`) with the same
//! sign pattern is applied first; then, class by class, cells are filled in row-major
//! order, each by one general 3-cycle `q → p → r` that carries the number belonging on
//! `p` from its cell `q` (with `r` the last unfilled cell of the class, or the one
//! before it). The last two cells of a class then hold the right numbers, since what is
//! left is an even permutation. The letters are finally freely reduced with `X⁴ = Y⁴ =
//! 1` ([`Board::simplify`]).

use super::three_cycle::{
    place_by_three_cycles, specific_three_cycle, three_cycle, SpecificThreeCycle,
};
use super::{Board, NrpError, X, Y};
use crate::perm::Perm;
use crate::word::Word;

/// Why a state cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsolvable {
    /// Not a state of this board.
    #[error("not a state of the {rows}x{cols} board: {why}")]
    BadState {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// What is wrong.
        why: String,
    },
    /// A number in the wrong colour class (odd `n`).
    #[error(
        "unsolvable: number {number} is on cell {cell} (row {row}, column {col}) of colour \
         class {have}, but its home cell {number} is in class {want}; for odd n every move \
         keeps r+c mod 2"
    )]
    WrongClass {
        /// The number (1-based).
        number: usize,
        /// Its cell (1-based).
        cell: usize,
        /// Row of the cell (1-based).
        row: usize,
        /// Column of the cell (1-based).
        col: usize,
        /// The class of the cell.
        have: usize,
        /// The class of the number's home.
        want: usize,
    },
    /// A parity the moves cannot produce.
    #[error("unsolvable: {0}")]
    Parity(String),
    /// Solvable, but beyond what this solver can compute (explained).
    #[error("cannot solve: {0}")]
    TooLarge(String),
}

impl Unsolvable {
    /// Whether this is the answer "no such solution exists" (a colour class or a parity
    /// the moves cannot change), as opposed to a bad state or a limit of the solver.
    pub fn is_proof_of_unsolvability(&self) -> bool {
        matches!(self, Unsolvable::WrongClass { .. } | Unsolvable::Parity(_))
    }
}

/// A solution of a state.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The letters, freely reduced.
    pub letters: Vec<(usize, i64)>,
    /// The same as a word printed with `X`, `Y`.
    pub word: Word,
    /// Number of general 3-cycles used.
    pub three_cycles: usize,
    /// The parity-fixing move applied first (empty if none).
    pub parity_move: Vec<(usize, i64)>,
    /// Length before the free reduction.
    pub raw_length: usize,
    /// Which method produced it.
    pub method: &'static str,
}

/// A board with its specific 3-cycle found once, to solve many states.
#[derive(Clone, Debug)]
pub struct Solver {
    /// The board.
    pub board: Board,
    /// The specific 3-cycle and its conjugates onto the intermediate squares.
    pub specific: SpecificThreeCycle,
}

/// `(−1)^…` of a permutation on each colour class: `true` = odd.
fn class_signs(board: &Board, p: &Perm) -> Vec<bool> {
    let mut odd = vec![false; board.class_count()];
    for c in p.cycles() {
        if c.len() % 2 == 0 {
            let k = board.class(c[0]);
            odd[k] = !odd[k];
        }
    }
    odd
}

fn sign_text(odd: &[bool]) -> String {
    let s: Vec<&str> = odd
        .iter()
        .map(|&o| if o { "odd" } else { "even" })
        .collect();
    if s.len() == 1 {
        format!("an {} permutation", s[0])
    } else {
        format!("{} on colour class 0 and {} on class 1", s[0], s[1])
    }
}

impl Solver {
    /// The solver for the `n × (n+1)` board.
    pub fn new(n: usize) -> Result<Solver, NrpError> {
        let board = Board::new(n)?;
        let specific = specific_three_cycle(&board);
        Ok(Solver { board, specific })
    }

    /// Checks the colour-class and parity restrictions; returns the letters of the
    /// parity-fixing move (empty if none is needed).
    pub fn check(&self, state: &[u32]) -> Result<Vec<(usize, i64)>, Unsolvable> {
        let b = &self.board;
        if state.len() != b.cells() {
            return Err(Unsolvable::BadState {
                rows: b.rows(),
                cols: b.cols(),
                why: format!("{} entries, need {}", state.len(), b.cells()),
            });
        }
        let perm = Perm::from_state(state).map_err(|e| Unsolvable::BadState {
            rows: b.rows(),
            cols: b.cols(),
            why: e.to_string(),
        })?;
        for (cell, &label) in state.iter().enumerate() {
            let (have, want) = (b.class(cell), b.class(label as usize));
            if have != want {
                let (r, c) = b.coords(cell);
                return Err(Unsolvable::WrongClass {
                    number: label as usize + 1,
                    cell: cell + 1,
                    row: r + 1,
                    col: c + 1,
                    have,
                    want,
                });
            }
        }
        let want = class_signs(b, &perm);
        let candidates: [Vec<(usize, i64)>; 4] =
            [vec![], vec![(X, 1)], vec![(Y, 1)], vec![(X, 1), (Y, 1)]];
        for cand in candidates {
            if class_signs(b, &b.eval_letters(&cand)) == want {
                return Ok(cand);
            }
        }
        let xs = class_signs(b, b.perm(X, 1));
        let ys = class_signs(b, b.perm(Y, 1));
        Err(Unsolvable::Parity(format!(
            "the state is {}, but X is {} and Y is {} (n = {}), so every reachable state is {}",
            sign_text(&want),
            sign_text(&xs),
            sign_text(&ys),
            b.n,
            if xs == ys && xs.iter().all(|&o| !o) {
                "even on every class".to_string()
            } else {
                "of a sign pattern made from theirs".to_string()
            }
        )))
    }

    /// Solves a state (0-based labels in cell order) by general 3-cycles (module docs).
    pub fn solve(&self, state: &[u32]) -> Result<Solution, Unsolvable> {
        let b = &self.board;
        let parity_move = self.check(state)?;
        let mut cur = b.eval_letters(&parity_move).apply_to_state(state);
        let mut pos = vec![0usize; b.cells()];
        for (cell, &l) in cur.iter().enumerate() {
            pos[l as usize] = cell;
        }
        let mut letters = parity_move.clone();
        let mut count = 0;
        for class in 0..b.class_count() {
            let cells: Vec<usize> = (0..b.cells()).filter(|&c| b.class(c) == class).collect();
            let m = cells.len();
            let (w, k) = place_by_three_cycles(&mut cur, &mut pos, &cells, |c| {
                three_cycle(b, &self.specific, c).expect("one class, distinct")
            });
            letters.extend(w);
            count += k;
            assert!(
                cells[m - 2..].iter().all(|&c| cur[c] as usize == c),
                "an even permutation leaves the last two cells solved"
            );
        }
        let raw_length = letters.len();
        let letters = b.simplify(&letters);
        Ok(Solution {
            word: b.word(&letters),
            letters,
            three_cycles: count,
            parity_move,
            raw_length,
            method: "seed 000: general 3-cycles (Spiral-Cycle conjugates of the specific 3-cycle)",
        })
    }
}

/// Solves a state of the `n × (n+1)` board: [`Solver::solve`] with a fresh solver.
///
/// ```
/// use permlab::nrp::{solve, Board};
/// let b = Board::new(4).unwrap();
/// let w = b.puzzle.parse_word("X Y X' Y2").unwrap();
/// let state = b.puzzle.apply(&b.puzzle.solved(), &w);
/// let sol = solve(4, &state).unwrap();
/// assert_eq!(b.puzzle.apply(&state, &sol.word), b.puzzle.solved());
/// ```
pub fn solve(
    n: usize,
    state: &[u32],
) -> Result<Solution, Box<dyn std::error::Error + Send + Sync>> {
    let solver = Solver::new(n)?;
    Ok(solver.solve(state)?)
}

impl Solver {
    /// A uniformly random solvable state: each colour class shuffled, then the signs
    /// made reachable by swapping the first two numbers of some classes where needed (a
    /// bijection between sign cosets, so the result is uniform on solvable states).
    pub fn random_state<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Vec<u32> {
        use rand::seq::SliceRandom;
        let b = &self.board;
        let mut state: Vec<u32> = (0..b.cells() as u32).collect();
        let classes: Vec<Vec<usize>> = (0..b.class_count())
            .map(|k| (0..b.cells()).filter(|&c| b.class(c) == k).collect())
            .collect();
        for cells in &classes {
            let mut labels: Vec<u32> = cells.iter().map(|&c| state[c]).collect();
            labels.shuffle(rng);
            for (&c, &l) in cells.iter().zip(&labels) {
                state[c] = l;
            }
        }
        // the first swap pattern (none, class 0, class 1, both) that lands in a
        // reachable sign pattern: it depends only on the sign coset, so every solvable
        // state has the same number of preimages
        for mask in 0..(1usize << classes.len()) {
            let mut s = state.clone();
            for (k, cells) in classes.iter().enumerate() {
                if mask >> k & 1 == 1 {
                    s.swap(cells[0], cells[1]);
                }
            }
            if self.check(&s).is_ok() {
                return s;
            }
        }
        unreachable!("swaps reach every sign pattern")
    }
}
