//! Exhaustive search of puzzle state spaces: distance distributions, God's numbers,
//! hardest positions and optimal solutions, with 2 bits per position.
//!
//! - [`space`]: state spaces with a perfect index — the Cayley graph of a
//!   permutation group ([`space::GroupSpace`]), a ring up to rotation
//!   ([`space::RingSpace`], seed 002's Turnstyle) and the placements of some pieces
//!   ([`space::PiecesSpace`], distance to any position with those pieces home),
//!   and the placements of classes of alike pieces ([`space::TokensSpace`]);
//! - [`coords`]: the index used for groups whenever it fits: two move-table
//!   coordinates, so a search step is two table look-ups;
//! - [`index`]: the other indexings (Lehmer ranks of arrangements, products of
//!   symmetric groups and their even parts, stabiliser-chain byte tables);
//! - [`memory`]: how much memory the process may still use (`/proc/meminfo` and
//!   cgroup limits);
//! - [`table`]: the 2-bit distance-mod-3 table, saved and loaded with a checksum;
//!   [`mapped`]: table files read in place from memory maps, checksums checked once;
//! - [`bfs`]: the parallel breadth-first search; [`naive`]: the hash-map one;
//!   [`distributed`]: the same search over several processes (MPI ranks), each
//!   holding a slice of the table, with checkpoints;
//! - [`solve`]: optimal solutions from a table, bidirectional search without one;
//! - [`ida`]: optimal solutions by IDA* with pruning tables of projections, in the
//!   half-turn or quarter-turn metric, for spaces too large for a table;
//! - [`sym_coset`]: coset tables reduced by the symmetries of the moves
//!   (Kociemba's symmetry-reduced coordinates);
//! - [`moves`]: the moves of a search, their metric and move-pruning rules;
//!   [`budget`]: the memory, time and stop flag of a search;
//! - [`two_phase`]: near-optimal solutions through a subgroup (Kociemba's method on
//!   move-table coordinates);
//! - [`solver`]: solving a position, the method chosen as `permlab solve` does;
//! - [`any_space`]: any of the state spaces as one type;
//! - [`pieces`]: the pieces of a puzzle (blocks moved whole);
//! - [`piece_stages`]: near-optimal solutions piece group by piece group, each
//!   stage an IDA* with pruning tables of the pieces placed so far;
//! - [`subgroup_phases`]: the piece stages' first phases, each searching with
//!   fewer families of moves (a reduction through subgroups of faces);
//! - [`macros`]: commutator macros moving few pieces, and a beam search that
//!   finishes a position with them (the piece stages' last stages);
//! - [`staged`]: seed 001's staged solver.
//! - [`mixing`]: the exact distribution of a random walk and its distance to
//!   uniform (mixing curves).
//!
//! ```
//! use permlab::search::{bfs::{bfs, BfsOptions}, space::{GroupSpace, StateSpace}, table::DistanceTable};
//! use permlab::Puzzle;
//! use permlab::search::budget::SearchBudget;
//! // seed 000's 2x3 board, blocks X and Y turning both ways: a group of order 120
//! // (not S_6), indexed by exactly 120 entries
//! let p = Puzzle::builtin("board:2x3:2").unwrap();
//! let space = GroupSpace::for_puzzle(&p, true).unwrap();
//! let table = DistanceTable::new(space.size());
//! let r = bfs(&space, &table, &BfsOptions::default(), &SearchBudget::unlimited());
//! assert_eq!(r.states, 120);
//! assert_eq!(r.distribution.iter().sum::<u64>(), 120);
//! ```

pub mod any_space;
pub mod bfs;
pub mod budget;
pub mod cache;
pub mod coords;
pub mod coset;
pub mod distributed;
pub mod distribution;
pub mod ida;
pub mod index;
pub mod macros;
pub mod mapped;
pub mod memory;
pub mod mixing;
pub mod moves;
#[cfg(feature = "mpi")]
pub mod mpi_ranks;
pub mod naive;
pub mod oriented;
pub mod piece_stages;
pub mod pieces;
pub mod short_word;
pub mod solve;
pub mod solver;
pub mod space;
pub mod staged;
pub mod subgroup_phases;
pub mod sym_coset;
pub mod symmetry;
pub mod table;
pub mod two_phase;

pub use distribution::DistanceDistribution;
