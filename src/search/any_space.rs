//! Any of the crate's state spaces, as one type: what a command or a pruning table
//! chooses at run time. The searches are generic over [`StateSpace`](crate::search::space::StateSpace); the
//! [`with_space!`](crate::with_space) macro runs generic code on whichever space an
//! [`AnySpace`] holds (one monomorphised copy per kind, no dynamic dispatch in the
//! search loops).
//!
//! ```
//! use permlab::search::any_space::AnySpace;
//! use permlab::search::space::{GroupSpace, StateSpace};
//! use permlab::with_space;
//! let p = permlab::Puzzle::builtin("board:3x3:2").unwrap();
//! let space = AnySpace::Group(
//!     GroupSpace::new("b", 9, p.generator_names(), p.generator_perms()).unwrap(),
//! );
//! assert_eq!(with_space!(&space, s => s.size()), 362880);
//! ```

use super::coset::CosetSpace;
use super::oriented::OrientedPiecesSpace;
use super::space::{GroupSpace, PiecesSpace, RingSpace, TokensSpace};
use super::sym_coset::SymCosetSpace;

/// One of the state spaces (see the module docs).
#[derive(Clone, Debug)]
pub enum AnySpace {
    /// The Cayley graph of a group ([`GroupSpace`]).
    Group(GroupSpace),
    /// Positions on a ring up to rotation ([`RingSpace`]).
    Ring(RingSpace),
    /// The placements of some pieces ([`PiecesSpace`]).
    Pieces(PiecesSpace),
    /// The placements of classes of alike pieces ([`TokensSpace`]).
    Tokens(TokensSpace),
    /// Some pieces' positions and orientations ([`OrientedPiecesSpace`]).
    Oriented(OrientedPiecesSpace),
    /// The cosets of a subgroup ([`CosetSpace`]).
    Coset(CosetSpace),
    /// The cosets of a subgroup up to symmetry ([`SymCosetSpace`]).
    SymCoset(SymCosetSpace),
}

/// Runs `$body` with `$s` bound to the space an [`AnySpace`] holds (a
/// reference when `$sp` is one): `with_space!(&space, s => s.size())`.
#[macro_export]
macro_rules! with_space {
    ($sp:expr, $s:ident => $body:expr) => {
        match $sp {
            $crate::search::any_space::AnySpace::Group($s) => $body,
            $crate::search::any_space::AnySpace::Ring($s) => $body,
            $crate::search::any_space::AnySpace::Pieces($s) => $body,
            $crate::search::any_space::AnySpace::Tokens($s) => $body,
            $crate::search::any_space::AnySpace::Oriented($s) => $body,
            $crate::search::any_space::AnySpace::Coset($s) => $body,
            $crate::search::any_space::AnySpace::SymCoset($s) => $body,
        }
    };
}
