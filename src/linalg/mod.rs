//! Linear algebra of puzzles: integer linear algebra (the Smith normal form), the
//! linear invariants of a puzzle's moves, and spectra of its move matrices.
//!
//! ## Conventions
//!
//! - A move `g` acts on the vector space with one coordinate per position by its
//!   permutation matrix `P_g` with `P_g[i^g, i] = 1` (the crate's convention, see the
//!   crate docs): a vector `x` of values at positions goes to `P_g x`, the value at
//!   `i` moving to `i^g`.
//! - Positions are 0-based in the library and 1-based in every sentence and JSON
//!   value printed.
//! - Integer matrices are lists of rows (`Vec<Vec<i64>>`); every integer
//!   computation is checked for overflow and reports it rather than wrapping.
//! - A congruence "`c·y ≡ 0 (mod d)`" has its coefficients in `0..d`.

pub mod invariants;
pub mod permutation_module;
pub mod smith;
pub mod spectrum;
