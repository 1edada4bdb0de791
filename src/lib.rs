//! # permlab
//!
//! Permutation puzzles with linear algebra and computational group theory: moves as
//! permutations and permutation matrices, words over a puzzle's moves, and the seed
//! puzzles (Rubik's cubes, Turnstyle, rotation boards, the Nokia rotation game).
//!
//! ```
//! use permlab::Puzzle;
//! let cube = Puzzle::builtin("cube3").unwrap();
//! let w = cube.parse_word("R U2 D' B D'").unwrap();
//! assert_eq!(cube.eval(&w).order(), 1260u32.into());
//! ```
//!
//! ## Conventions (stated once, followed everywhere)
//!
//! - **Points** are 0-based inside the crate and 1-based in every text form (cycle
//!   notation, `.gens` files, states on the command line, CLI output), as in GAP.
//! - **Products** are GAP's: `p * q` means first `p`, then `q`, so
//!   `i^(p*q) = (i^p)^q`. A word `R U` is `R` then `U`.
//! - **Moves act on positions**: a move `g` carries the piece at position `i` to
//!   position `i^g`. A state is the vector `x` of labels at positions (`x[i]` = label
//!   at position `i`); applying `g` gives `y` with `y[i^g] = x[i]`
//!   ([`Perm::apply_to_state`]). As a matrix this is `P x` with `P[i^g, i] = 1`, seed
//!   003's `perm_mat` convention, so the matrix of the word `g1 g2 … gk` is
//!   `P_gk ⋯ P_g1` (seed 003: `R U R' U'` ↦ `U⁻¹ R⁻¹ U R`).
//! - **Rotations are clockwise** by default. A word can be evaluated under each of the
//!   four [`Convention`]s (product order × turn direction), so a claim can be checked as
//!   its author meant it.
//! - **States in text** are labels in position order, 1-based, comma-separated:
//!   `7,2,1,4,5,6,9,8,3`; the solved state is `1,2,…,n`.

#![warn(missing_docs)]

pub mod certificate;
#[cfg(feature = "figures")]
pub mod display;
pub mod escape;
#[cfg(feature = "figures")]
pub mod figures;
pub mod group;
pub mod io;
pub mod letters;
pub mod limits;
pub mod linalg;
pub mod matrix;
pub mod nrp;
pub mod perm;
pub mod progress;
pub mod proof;
pub mod puzzle;
pub mod reproduce;
pub mod search;
pub mod word;

pub mod prelude {
    //! What a notebook cell or a program usually needs, in one import:
    //!
    //! ```
    //! use permlab::prelude::*;
    //! let cube = Puzzle::builtin("cube3").unwrap();
    //! assert_eq!(cube.group().order(), "43252003274489856000".parse::<BigUint>().unwrap());
    //! let mut solver = Solver::new(&cube, SolveOptions::default()).unwrap();
    //! let g = cube.eval(&cube.parse_word("R U F'").unwrap());
    //! let budget = SearchBudget::unlimited().with_time_limit(20.0).unwrap();
    //! let sol = solver.solve(&g, &budget).unwrap();
    //! assert!(sol.length <= 20 && (&g * &cube.eval(&sol.word)).is_identity());
    //! ```
    #[cfg(feature = "figures")]
    pub use crate::figures::{
        board::BoardFigure, cube_net::CubeNetFigure, histogram::HistogramFigure,
        matrix::MatrixFigure, Figure,
    };
    pub use crate::group::PermGroup;
    pub use crate::perm::Perm;
    pub use crate::proof::{prove, Claim, Format, Proof};
    pub use crate::puzzle::{Metric, Puzzle};
    pub use crate::search::bfs::{search_space, BfsOptions, BfsResult};
    pub use crate::search::budget::SearchBudget;
    pub use crate::search::solver::{Method, Solution, SolveOptions, Solver};
    pub use crate::search::space::{GroupSpace, StateSpace};
    pub use crate::search::DistanceDistribution;
    pub use crate::word::{Convention, Word};
    pub use num_bigint::BigUint;
}

pub use group::PermGroup;
pub use matrix::MatrixError;
pub use perm::cycles::CycleParseError;
pub use perm::{Perm, PermError};
pub use puzzle::{Layout, Move, Puzzle, PuzzleError};
pub use word::{Alphabet, Convention, Direction, ProductOrder, Word, WordParseError};

/// Re-exports for notebooks: one `:dep permlab` line gives all of these.
pub use nalgebra;
pub use ndarray;
pub use num_bigint;
#[cfg(feature = "figures")]
pub use plotters;
