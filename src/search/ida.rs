//! Optimal solutions by iterative-deepening A* (IDA*, R. E. Korf, "Depth-first
//! iterative-deepening: an optimal admissible tree search", Artificial Intelligence
//! 27 (1985); for permutation puzzles with pattern databases R. E. Korf, "Finding
//! optimal solutions to Rubik's Cube using pattern databases", AAAI 1997), generic
//! over puzzles, in the way of T. Rokicki's twsearch:
//!
//! - the **heuristic** is the maximum of exact distance tables of *projections* of
//!   the puzzle ([`Projection`]): the moves' action on a union of orbits, the
//!   positions of some pieces, or the placements of classes of alike pieces. Each
//!   table is a complete 2-bit (distance mod 3) table from the breadth-first search
//!   of [`crate::search::bfs`]; as the moves are closed under inverses a move
//!   changes a projection's distance by at most one, so the exact distance of a
//!   child is the one of `h-1, h, h+1` with the stored residue (the root's is read
//!   by walking the table down, [`crate::search::solve::distance_with_table`]);
//! - **move pruning** ([`MoveSet`]): the moves are grouped in families (the powers
//!   of one generator); in the half-turn metric two moves of a family never follow
//!   each other, in the quarter-turn metric a move is never followed by its inverse
//!   nor repeated past half its order; moves of commuting families (detected from
//!   the permutations) are only made in increasing family order;
//! - the **metrics** ([`Metric`]): half-turn (every power of a generator is one
//!   move) and quarter-turn (a generator and its inverse are moves of cost 1, other
//!   powers cost `min(k, order-k)`).
//!
//! States are image lists as in [`crate::search::space::GroupSpace`]: `s[l]` is the
//! position of the piece labelled `l`; a move `m` after it gives `out[l] = m[s[l]]`.
//! A solution takes the state to the identity.

use super::bfs::{search_space, BfsOptions, SearchError};
use super::coords::CoordIndex;
use super::coset::CosetSpace;
use super::index::{Arrangements, IndexError, Tokens};
use super::oriented::OrientedPiecesSpace;
use super::solve::{distance_with_table, SolveError};
use super::space::{GroupIndexing, GroupSpace, PiecesSpace, SpaceError, StateSpace, TokensSpace};
use super::sym_coset::SymCosetSpace;
use super::symmetry::Symmetry;
use super::table::{check_memory, table_bytes, DistanceTable, TableError};
use crate::group::PermGroup;
use crate::perm::Perm;
use num_traits::ToPrimitive;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Why a search could not be set up or run.
#[derive(Debug, thiserror::Error)]
pub enum IdaError {
    /// A projection's state space.
    #[error(transparent)]
    Space(#[from] SpaceError),
    /// A pruning table's search (memory or interruption).
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The pruning tables would not fit in memory.
    #[error("pruning tables: {0}")]
    Memory(#[from] TableError),
    /// The state cannot be solved with these moves.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// Something else, explained.
    #[error("{0}")]
    Other(String),
}

/// How solution length is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Half-turn metric: every power of a generator counts 1.
    Htm,
    /// Quarter-turn metric: a generator and its inverse count 1, the power `k` of a
    /// generator of order `o` counts `min(k, o-k)`.
    Qtm,
}

impl Metric {
    /// `htm` or `qtm`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
        }
    }
}

/// One move of a search: `base^power` of its family.
#[derive(Clone, Debug)]
pub struct SearchMove {
    /// The move's name (parseable as a word of the puzzle: `R`, `R2`, `R'`, `X^3`).
    pub name: String,
    /// Its permutation.
    pub perm: Perm,
    /// Its family (the index of the generator it is a power of).
    pub family: usize,
    /// The power of the family's generator, `1..order`.
    pub power: u64,
    /// What it counts in the metric.
    pub cost: u32,
}

/// The moves of a search with their families, costs and move-pruning rules (see
/// the module docs).
#[derive(Clone, Debug)]
pub struct MoveSet {
    degree: usize,
    metric: Metric,
    moves: Vec<SearchMove>,
    images: Vec<Vec<u8>>,
    /// Per family: generator name, order, aliases (power, name).
    families: Vec<Family>,
    /// `commute[f][g]`: the generators of families `f` and `g` commute.
    commute: Vec<Vec<bool>>,
}

#[derive(Clone, Debug)]
struct Family {
    name: String,
    perm: Perm,
    order: u64,
    aliases: Vec<(u64, String)>,
}

/// Families larger than this are refused (a half-turn metric search would have
/// this many moves per generator).
const MAX_ORDER: u64 = 1 << 10;

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl MoveSet {
    /// The moves generated by `moves` (each a power of one of `bases`, the
    /// puzzle's generators with their names) on `degree ≤ 255` points, in
    /// `metric`: in the half-turn metric every power of a base in the cyclic group
    /// the given powers generate, in the quarter-turn metric the given powers and
    /// their inverses. `moves = bases` gives the puzzle's own moves; a subgroup
    /// such as `⟨U, D, R2, L2, F2, B2⟩` gives `U, U2, U', …, R2, …` in the
    /// half-turn metric.
    pub fn new(
        degree: usize,
        bases: &[(String, Perm)],
        moves: &[Perm],
        metric: Metric,
    ) -> Result<MoveSet, IdaError> {
        if degree > 255 {
            return Err(IdaError::Other(format!(
                "{degree} points: searches support at most 255"
            )));
        }
        let mut families: Vec<Family> = Vec::new();
        for (name, p) in bases {
            let p = p.extended(degree);
            if p.is_identity() {
                continue;
            }
            if let Some((f, k)) = find_power(&families, &p) {
                families[f].aliases.push((k, name.clone()));
                continue;
            }
            let order = p
                .order()
                .to_u64()
                .filter(|&o| o <= MAX_ORDER)
                .ok_or_else(|| {
                    IdaError::Other(format!(
                        "move {name} has order {}, more than {MAX_ORDER} powers to search",
                        p.order()
                    ))
                })?;
            families.push(Family {
                name: name.clone(),
                perm: p,
                order,
                aliases: Vec::new(),
            });
        }
        let mut given: Vec<Vec<u64>> = vec![Vec::new(); families.len()];
        for p in moves {
            let p = p.extended(degree);
            if p.is_identity() {
                continue;
            }
            let (f, k) = find_power(&families, &p).ok_or_else(|| {
                IdaError::Other(format!(
                    "the move {p} is not a power of one of the puzzle's moves"
                ))
            })?;
            given[f].push(k);
        }
        let mut out = Vec::new();
        for (f, fam) in families.iter().enumerate() {
            if given[f].is_empty() {
                continue;
            }
            let o = fam.order;
            let mut powers: Vec<u64> = match metric {
                Metric::Htm => {
                    let d = given[f].iter().fold(o, |a, &k| gcd(a, k));
                    (1..o / d).map(|i| i * d).collect()
                }
                Metric::Qtm => given[f].iter().flat_map(|&k| [k, o - k]).collect(),
            };
            powers.sort_unstable();
            powers.dedup();
            for k in powers {
                out.push(SearchMove {
                    name: fam.power_name(k),
                    perm: fam.perm.pow(k as i64),
                    family: f,
                    power: k,
                    cost: match metric {
                        Metric::Htm => 1,
                        Metric::Qtm => k.min(o - k) as u32,
                    },
                });
            }
        }
        let images = out
            .iter()
            .map(|m| (0..degree).map(|i| m.perm.image(i) as u8).collect())
            .collect();
        let commute = families
            .iter()
            .map(|a| {
                families
                    .iter()
                    .map(|b| &a.perm * &b.perm == &b.perm * &a.perm)
                    .collect()
            })
            .collect();
        Ok(MoveSet {
            degree,
            metric,
            moves: out,
            images,
            families,
            commute,
        })
    }

    /// The moves of a puzzle's generators.
    pub fn for_puzzle(puzzle: &crate::Puzzle, metric: Metric) -> Result<MoveSet, IdaError> {
        let bases: Vec<(String, Perm)> = puzzle
            .generators()
            .iter()
            .map(|m| (m.name.clone(), m.perm.clone()))
            .collect();
        let perms = puzzle.generator_perms();
        MoveSet::new(puzzle.degree(), &bases, &perms, metric)
    }

    /// The moves.
    pub fn moves(&self) -> &[SearchMove] {
        &self.moves
    }

    /// The number of points.
    pub fn degree(&self) -> usize {
        self.degree
    }

    /// The metric.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The permutations of the moves.
    pub fn perms(&self) -> Vec<Perm> {
        self.moves.iter().map(|m| m.perm.clone()).collect()
    }

    /// The group the moves generate.
    pub fn group(&self) -> PermGroup {
        PermGroup::new(self.degree, self.perms())
    }

    /// The name of `base^k` of a family (`X`, `X2`, `X'`, `X2'`, or `X^k` when the
    /// generator's name ends in a digit; a generator that is this power by itself
    /// gives its own name).
    pub fn power_name(&self, family: usize, k: u64) -> String {
        self.families[family].power_name(k)
    }

    /// The order of a family's generator.
    pub fn family_order(&self, family: usize) -> u64 {
        self.families[family].order
    }

    /// The number of families (generators that are not powers of earlier ones).
    pub fn families(&self) -> usize {
        self.families.len()
    }

    /// The generator of a family.
    pub fn family_perm(&self, family: usize) -> &Perm {
        &self.families[family].perm
    }

    /// Whether move `next` may follow move `last` (`None` at the start) repeated
    /// `run` times in a row: the move-pruning rules of the module docs.
    #[inline]
    pub fn allowed(&self, last: Option<usize>, run: u32, next: usize) -> bool {
        let Some(last) = last else { return true };
        let (a, b) = (&self.moves[last], &self.moves[next]);
        if a.family != b.family {
            return !(self.commute[a.family][b.family] && b.family < a.family);
        }
        match self.metric {
            Metric::Htm => false,
            Metric::Qtm => {
                let o = self.families[a.family].order;
                if (a.power + b.power) % o == 0 {
                    return false;
                }
                if last != next {
                    return true;
                }
                // a run of r+1 equal moves of power k: shorter the other way round
                // once (r+1)·k passes half the order
                let total = (run as u64 + 1) * a.power.min(o - a.power);
                2 * total < o || (2 * total == o && a.power <= o / 2)
            }
        }
    }

    /// The state after move `m` from `s` (image lists).
    #[inline(always)]
    pub fn apply(&self, m: usize, s: &[u8], out: &mut [u8]) {
        let mv = &self.images[m];
        for (o, &x) in out.iter_mut().zip(s) {
            *o = mv[x as usize];
        }
    }

    /// The moves `seq` as (family, power) pairs.
    pub fn letters(&self, seq: &[usize]) -> Vec<(usize, u64)> {
        seq.iter()
            .map(|&m| (self.moves[m].family, self.moves[m].power))
            .collect()
    }

    /// A sequence of (family, power) moves with adjacent moves of one family
    /// merged (`R` then `R2` becomes `R'`, `R` then `R'` vanishes), repeatedly.
    /// Move sets built from the same bases share family numbers, so sequences of
    /// different sets (the phases of a chain) can be joined.
    pub fn merge(&self, seq: &[(usize, u64)]) -> Vec<(usize, u64)> {
        let mut out: Vec<(usize, u64)> = Vec::new();
        for &(f, k) in seq {
            out.push((f, k));
            while out.len() >= 2 && out[out.len() - 1].0 == out[out.len() - 2].0 {
                let (f, k2) = out.pop().expect("two moves");
                let (_, k1) = out.pop().expect("two moves");
                let k = (k1 + k2) % self.families[f].order;
                if k != 0 {
                    out.push((f, k));
                }
            }
        }
        out
    }

    /// The cost of `base^k` of a family in the metric.
    pub fn power_cost(&self, family: usize, k: u64) -> u32 {
        match self.metric {
            Metric::Htm => 1,
            Metric::Qtm => {
                let o = self.families[family].order;
                k.min(o - k) as u32
            }
        }
    }
}

impl Family {
    fn power_name(&self, k: u64) -> String {
        if let Some((_, n)) = self.aliases.iter().find(|(p, _)| *p == k) {
            return n.clone();
        }
        let (o, x) = (self.order, &self.name);
        let digit = x.ends_with(|c: char| c.is_ascii_digit());
        match k {
            1 => x.clone(),
            _ if k == o - 1 => format!("{x}'"),
            _ if digit && 2 * k <= o => format!("{x}^{k}"),
            _ if digit => format!("{x}^-{}", o - k),
            _ if 2 * k <= o => format!("{x}{k}"),
            _ => format!("{x}{}'", o - k),
        }
    }
}

/// The family and power of a permutation that is a power of a family's generator.
fn find_power(families: &[Family], p: &Perm) -> Option<(usize, u64)> {
    for (f, fam) in families.iter().enumerate() {
        let mut q = fam.perm.clone();
        for k in 1..fam.order {
            if &q == p {
                return Some((f, k));
            }
            q = &q * &fam.perm;
        }
    }
    None
}

/// What a projection keeps of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProjectionKind {
    /// The moves' action on these points (completed to a union of orbits): every
    /// piece there, indexed as a group ([`GroupSpace`]).
    Group(Vec<usize>),
    /// The positions of these pieces (labels, 0-based) on their orbits
    /// ([`PiecesSpace`]).
    Pieces(Vec<usize>),
    /// The positions of these stickers (labels, 0-based), one on each of distinct
    /// pieces (the blocks of [`super::pieces::orbit_pieces`] of their orbits),
    /// indexed as pieces times orientations ([`OrientedPiecesSpace`]): the same
    /// distances as [`ProjectionKind::Pieces`] of the same labels in a table
    /// smaller by up to `o^k·(n−k)!/(n·o−k)!·n!/(n−k)!` (Korf's edge tables).
    OrientedPieces(Vec<usize>),
    /// Where the pieces of each class are, pieces of a class being alike
    /// ([`TokensSpace`]); the goal is each class on its own cells.
    Tokens(Vec<Vec<usize>>),
    /// The coset of the subgroup generated by these permutations of the
    /// puzzle's points: each cell labelled by the subgroup orbit of the label on
    /// it, indexed compactly by pieces, classes and twists ([`CosetSpace`]; the
    /// phase-1 table of Kociemba's subgroup in M. Reid's optimal solver).
    Coset(Vec<Perm>),
    /// The same cosets, those conjugate by symmetries of the moves that keep the
    /// subgroup's orbits sharing one entry ([`SymCosetSpace`], Kociemba's
    /// symmetry-reduced coordinates): the same distances in a table smaller by up
    /// to the number of those symmetries (16 for Kociemba's subgroup of cube3).
    /// Where the reduction does not apply (a piece system too large for move
    /// tables), one entry per coset as [`ProjectionKind::Coset`].
    SymmetricCoset(Vec<Perm>),
}

/// Largest index of one system of a coset projection that gets a move table
/// (4 bytes per index and move).
const COSET_MOVE_TABLE_ENTRIES: u64 = 1 << 22;

enum ProjSpace {
    Group(GroupSpace),
    Pieces(PiecesSpace),
    Tokens(TokensSpace),
    Oriented(OrientedPiecesSpace),
    Coset(CosetSpace),
    SymCoset(SymCosetSpace),
}

macro_rules! with_proj {
    ($sp:expr, $s:ident => $body:expr) => {
        match $sp {
            ProjSpace::Group($s) => $body,
            ProjSpace::Pieces($s) => $body,
            ProjSpace::Tokens($s) => $body,
            ProjSpace::Oriented($s) => $body,
            ProjSpace::Coset($s) => $body,
            ProjSpace::SymCoset($s) => $body,
        }
    };
}

/// A pruning table: the exact distances of a projection of the puzzle, a lower
/// bound on the distance of every position.
pub struct Projection {
    kind: ProjectionKind,
    space: ProjSpace,
    table: DistanceTable,
    /// The labels whose positions make the projection's state, in order.
    gather: Vec<u8>,
    /// Puzzle point -> projection cell.
    relabel: Vec<u8>,
    /// Projection cell -> puzzle point.
    points: Vec<usize>,
    /// The number of projection states at each distance.
    distribution: Vec<u64>,
}

impl std::fmt::Debug for Projection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Projection")
            .field("kind", &self.kind)
            .field("entries", &self.table.len())
            .finish_non_exhaustive()
    }
}

/// The points of a projection (the union of the orbits of the points or labels it
/// names) and the labels whose positions make its state.
fn projection_points(group: &PermGroup, kind: &ProjectionKind) -> (Vec<usize>, Vec<usize>) {
    let orbits = group.orbits();
    let named: Vec<usize> = match kind {
        ProjectionKind::Group(p)
        | ProjectionKind::Pieces(p)
        | ProjectionKind::OrientedPieces(p) => p.clone(),
        ProjectionKind::Tokens(c) => c.iter().flatten().copied().collect(),
        ProjectionKind::Coset(_) | ProjectionKind::SymmetricCoset(_) => orbits
            .iter()
            .filter(|o| o.len() > 1)
            .flatten()
            .copied()
            .collect(),
    };
    let mut points: Vec<usize> = orbits
        .iter()
        .filter(|o| o.iter().any(|x| named.contains(x)))
        .flatten()
        .copied()
        .collect();
    points.sort_unstable();
    let gather = match kind {
        ProjectionKind::Group(_) => points.clone(),
        _ => named,
    };
    (points, gather)
}

/// The number of entries a projection's table has (before building it).
pub fn projection_size(moves: &MoveSet, kind: &ProjectionKind) -> Result<u64, IdaError> {
    let group = moves.group();
    projection_size_in(&group, moves, kind)
}

fn projection_size_in(
    group: &PermGroup,
    moves: &MoveSet,
    kind: &ProjectionKind,
) -> Result<u64, IdaError> {
    let (points, _) = projection_points(group, kind);
    Ok(match kind {
        ProjectionKind::Group(_) => {
            let perms = restrict(moves, &points);
            PermGroup::new(points.len(), perms)
                .order()
                .to_u64()
                .ok_or(IndexError::TooLarge)
                .map_err(SpaceError::from)?
        }
        ProjectionKind::Pieces(p) => Arrangements::new(points.len(), p.len())
            .map_err(SpaceError::from)?
            .size(),
        ProjectionKind::Tokens(c) => Tokens::new(points.len(), c.iter().map(|c| c.len()).collect())
            .map_err(SpaceError::from)?
            .size(),
        ProjectionKind::OrientedPieces(p) => {
            let pieces = tracked_pieces(group, moves, p)?;
            OrientedPiecesSpace::entries(pieces.len(), p.len(), pieces[0].len())
                .ok_or(IndexError::TooLarge)
                .map_err(SpaceError::from)?
        }
        ProjectionKind::Coset(sub) => coset_space(moves, &points, sub)?.size(),
        ProjectionKind::SymmetricCoset(sub) => {
            with_proj!(&symmetric_coset_space(moves, &points, sub, true)?, sp => sp.size())
        }
    })
}

/// The pieces (blocks of [`super::pieces::orbit_pieces`], all of one size) of the
/// orbits of the stickers `named`, which must lie on distinct pieces.
fn tracked_pieces(
    group: &PermGroup,
    moves: &MoveSet,
    named: &[usize],
) -> Result<Vec<Vec<usize>>, IdaError> {
    let perms = moves.perms();
    let mut pieces: Vec<Vec<usize>> = Vec::new();
    for o in group.orbits() {
        if o.iter().any(|x| named.contains(x)) {
            let sys = super::pieces::orbit_pieces(group, &perms, &o).ok_or_else(|| {
                IdaError::Other("oriented pieces: an orbit without pieces".into())
            })?;
            pieces.extend(sys);
        }
    }
    if pieces.is_empty() || pieces.iter().any(|b| b.len() != pieces[0].len()) {
        return Err(IdaError::Other(
            "oriented pieces: the pieces must have one size".into(),
        ));
    }
    Ok(pieces)
}

/// The coset space of the subgroup generated by `sub` on the moves restricted to
/// `points` (the moved points), without its move tables.
fn coset_space(moves: &MoveSet, points: &[usize], sub: &[Perm]) -> Result<CosetSpace, IdaError> {
    let mut at = vec![u32::MAX; moves.degree];
    for (i, &p) in points.iter().enumerate() {
        at[p] = i as u32;
    }
    let sub = sub
        .iter()
        .map(|g| {
            if g.degree() > moves.degree {
                return Err(IdaError::Other(
                    "coset projection: a subgroup generator moves points past the puzzle's".into(),
                ));
            }
            let g = g.extended(moves.degree);
            let images = points.iter().map(|&p| at[g.image(p)]).collect::<Vec<u32>>();
            if images.contains(&u32::MAX) {
                return Err(IdaError::Other(
                    "coset projection: a subgroup generator moves a point no move moves".into(),
                ));
            }
            Perm::from_images(images).map_err(|e| IdaError::Other(e.to_string()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<String> = moves.moves.iter().map(|m| m.name.clone()).collect();
    Ok(CosetSpace::new(
        "projection",
        points.len(),
        &sub,
        names,
        restrict(moves, points),
    )?)
}

/// The coset space of the subgroup generated by `sub` (as [`coset_space`], with
/// move tables) reduced by the symmetries of the moves that keep it
/// ([`SymCosetSpace`]; the symmetries restricted to `points`); where the
/// reduction does not apply (a system too large for move tables, or a reduced
/// coordinate of more than [`super::sym_coset::MAX_REDUCED_VALUES`] values) the
/// coset space itself, one entry per coset.
///
/// A class table takes seconds to compute, and the size of a table is asked
/// before it is built: with `keep` the space is also kept (by its coset space's
/// key) for the next call, which takes it unless it keeps it too.
fn symmetric_coset_space(
    moves: &MoveSet,
    points: &[usize],
    sub: &[Perm],
    keep: bool,
) -> Result<ProjSpace, IdaError> {
    static COMPUTED: Mutex<Vec<(String, SymCosetSpace)>> = Mutex::new(Vec::new());
    let coset = coset_space(moves, points, sub)?;
    let key = coset.key();
    {
        let mut computed = COMPUTED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = computed.iter().position(|(k, _)| *k == key) {
            return Ok(ProjSpace::SymCoset(if keep {
                computed[i].1.clone()
            } else {
                computed.swap_remove(i).1
            }));
        }
    }
    let coset = coset.with_move_tables(COSET_MOVE_TABLE_ENTRIES);
    let (first, rest) = coset.coordinate_values();
    if !coset.has_move_tables() || first.max(rest) > super::sym_coset::MAX_REDUCED_VALUES {
        return Ok(ProjSpace::Coset(coset));
    }
    let mut at = vec![u8::MAX; moves.degree];
    for (i, &p) in points.iter().enumerate() {
        at[p] = i as u8;
    }
    let local: Vec<Symmetry> = super::symmetry::move_symmetries(moves, SYMMETRY_NODES)
        .list
        .into_iter()
        .filter_map(|s| {
            let sigma: Vec<u8> = points.iter().map(|&p| at[s.sigma[p] as usize]).collect();
            (!sigma.contains(&u8::MAX)).then_some(Symmetry {
                sigma,
                move_map: s.move_map,
            })
        })
        .collect();
    let space = SymCosetSpace::new(coset, &local)?;
    if keep {
        // the memo keeps the original, whose tables are backed by huge pages
        // (a clone's are not), for the call that builds the table
        let copy = space.clone();
        COMPUTED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((key, space));
        return Ok(ProjSpace::SymCoset(copy));
    }
    Ok(ProjSpace::SymCoset(space))
}

/// The moves restricted to `points` (a union of orbits), renumbered `0..len`.
fn restrict(moves: &MoveSet, points: &[usize]) -> Vec<Perm> {
    let mut at = vec![u32::MAX; moves.degree];
    for (i, &p) in points.iter().enumerate() {
        at[p] = i as u32;
    }
    moves
        .moves
        .iter()
        .map(|m| {
            let images = points.iter().map(|&p| at[m.perm.image(p)]).collect();
            Perm::from_images(images).expect("a union of orbits is invariant")
        })
        .collect()
}

/// The pruning table of `space` from the directory `dir`: loaded from
/// `dir/prune-HASH.dist` (HASH: the FNV-1a hash of the space's key, which names its
/// moves as permutations and its indexing) when that file holds the table of this very
/// space, else computed by [`search_space`] and saved there atomically in the
/// versioned, checksummed format of [`DistanceTable::save`]. A file of the right name
/// holding another space's table, or a damaged one, is an error naming the file.
pub fn cached_table<S: StateSpace>(
    space: &S,
    dir: &Path,
    max_memory: Option<u64>,
    stop: &AtomicBool,
) -> Result<DistanceTable, IdaError> {
    Ok(cached_table_with_distribution(space, dir, max_memory, stop)?.0)
}

/// [`cached_table`] with the number of states at each distance (from the search,
/// or as saved with the table; empty when the file does not say).
fn cached_table_with_distribution<S: StateSpace>(
    space: &S,
    dir: &Path,
    max_memory: Option<u64>,
    stop: &AtomicBool,
) -> Result<(DistanceTable, Vec<u64>), IdaError> {
    let key = space.key();
    let path = dir.join(format!(
        "prune-{:016x}.dist",
        super::table::fnv64(key.as_bytes())
    ));
    if path.exists() {
        let (table, header) = DistanceTable::load(&path, max_memory)?;
        if header["space"].as_str() != Some(key.as_str()) || table.len() != space.size() {
            return Err(IdaError::Other(format!(
                "{}: the file holds the pruning table of another space; delete it to rebuild",
                path.display()
            )));
        }
        let distribution = header["distribution"]
            .as_array()
            .map(|a| a.iter().filter_map(|x| x.as_u64()).collect())
            .unwrap_or_default();
        return Ok((table, distribution));
    }
    if !dir.is_dir() {
        return Err(IdaError::Other(format!(
            "{}: no such directory for pruning tables",
            dir.display()
        )));
    }
    let (table, r) = search_space(space, max_memory, &BfsOptions::default(), stop)?;
    table.save(
        &path,
        &serde_json::json!({
            "space": key,
            "states": r.states,
            "distribution": r.distribution,
        }),
    )?;
    Ok((table, r.distribution.counts))
}

impl Projection {
    /// Builds the table of a projection for the moves: the state space, the memory
    /// check against `max_memory` (before allocating), the breadth-first search. With
    /// `cache`, the table is loaded from that directory when it was saved there before
    /// (see [`cached_table`]), else built and saved there.
    pub fn build(
        moves: &MoveSet,
        kind: ProjectionKind,
        max_memory: Option<u64>,
        stop: &AtomicBool,
        cache: Option<&Path>,
    ) -> Result<Projection, IdaError> {
        let group = moves.group();
        let (points, gather) = projection_points(&group, &kind);
        let mut relabel = vec![u8::MAX; moves.degree];
        for (i, &p) in points.iter().enumerate() {
            relabel[p] = i as u8;
        }
        let perms = restrict(moves, &points);
        let names: Vec<String> = moves.moves.iter().map(|m| m.name.clone()).collect();
        let m = points.len();
        let local = |l: &usize| relabel[*l] as usize;
        let space = match &kind {
            ProjectionKind::Group(_) => {
                ProjSpace::Group(GroupSpace::new("projection", m, names, perms)?)
            }
            ProjectionKind::Pieces(p) => ProjSpace::Pieces(PiecesSpace::new(
                "projection",
                m,
                p.iter().map(local).collect(),
                names,
                perms,
            )?),
            ProjectionKind::Tokens(c) => ProjSpace::Tokens(TokensSpace::new(
                "projection",
                m,
                c.iter().map(|c| c.iter().map(local).collect()).collect(),
                names,
                perms,
            )?),
            ProjectionKind::OrientedPieces(p) => {
                let pieces: Vec<Vec<usize>> = tracked_pieces(&group, moves, p)?
                    .iter()
                    .map(|b| b.iter().map(local).collect())
                    .collect();
                ProjSpace::Oriented(OrientedPiecesSpace::new(
                    "projection",
                    m,
                    p.iter().map(local).collect(),
                    &pieces,
                    names,
                    perms,
                )?)
            }
            ProjectionKind::Coset(sub) => ProjSpace::Coset(
                coset_space(moves, &points, sub)?.with_move_tables(COSET_MOVE_TABLE_ENTRIES),
            ),
            ProjectionKind::SymmetricCoset(sub) => {
                symmetric_coset_space(moves, &points, sub, false)?
            }
        };
        // a coset projection tracks the reference sticker of every piece
        let gather: Vec<usize> = match &space {
            ProjSpace::Coset(c) => c.tracked().iter().map(|&l| points[l as usize]).collect(),
            ProjSpace::SymCoset(c) => c
                .coset()
                .tracked()
                .iter()
                .map(|&l| points[l as usize])
                .collect(),
            _ => gather,
        };
        let (table, distribution) = with_proj!(&space, s => {
            if !s.inverse_closed() {
                return Err(IdaError::Other(
                    "pruning tables need moves closed under inverses".into(),
                ));
            }
            match cache {
                Some(dir) => cached_table_with_distribution(s, dir, max_memory, stop)?,
                None => {
                    let (table, r) = search_space(s, max_memory, &BfsOptions::default(), stop)?;
                    (table, r.distribution.counts)
                }
            }
        });
        Ok(Projection {
            kind,
            space,
            table,
            gather: gather.iter().map(|&l| l as u8).collect(),
            relabel,
            points,
            distribution,
        })
    }

    /// What the projection keeps.
    pub fn kind(&self) -> &ProjectionKind {
        &self.kind
    }

    /// Number of table entries.
    pub fn entries(&self) -> u64 {
        self.table.len()
    }

    /// The number of projection states at each distance 0, 1, … (from the
    /// breadth-first search, or as saved with a cached table; empty when a cached
    /// file does not say).
    pub fn distribution(&self) -> &[u64] {
        &self.distribution
    }

    /// The projection's state of a position.
    #[inline(always)]
    fn project(&self, s: &[u8], out: &mut [u8]) {
        for (o, &l) in out.iter_mut().zip(&self.gather) {
            *o = self.relabel[s[l as usize] as usize];
        }
    }

    /// The exact distance of a position in the projection (the moves needed to
    /// solve its projection: a lower bound on its own distance).
    pub fn distance(&self, s: &[u8]) -> Result<u32, IdaError> {
        let mut buf = vec![0u8; self.gather.len()];
        self.project(s, &mut buf);
        self.local_distance(&buf)
    }

    /// The exact distance of a projection state.
    fn local_distance(&self, local: &[u8]) -> Result<u32, IdaError> {
        Ok(with_proj!(&self.space, sp => distance_with_table(sp, &self.table, local))? as u32)
    }

    /// The move-table coordinates of a projection indexed by them (a group
    /// projection with [`CoordIndex`], a coset projection with move tables): a
    /// child's index is then a few table look-ups from its parent's coordinates.
    fn coord_index(&self) -> Option<Coordinates<'_>> {
        match &self.space {
            ProjSpace::Group(g) => match g.indexing() {
                GroupIndexing::Coords(c, _) => Some(Coordinates::Group(c)),
                _ => None,
            },
            ProjSpace::Coset(c) if c.has_move_tables() => Some(Coordinates::Coset(c)),
            ProjSpace::SymCoset(c) => Some(Coordinates::SymCoset(c)),
            _ => None,
        }
    }

    /// The labels the projection names (its points, tracked pieces or classes),
    /// as sets: a symmetry `σ` gives the same look-up as the identity exactly
    /// when it maps these sets onto themselves.
    fn named_sets(&self) -> Vec<Vec<usize>> {
        match &self.kind {
            ProjectionKind::Group(p)
            | ProjectionKind::Pieces(p)
            | ProjectionKind::OrientedPieces(p) => vec![p.clone()],
            ProjectionKind::Tokens(c) => c.clone(),
            ProjectionKind::Coset(_) | ProjectionKind::SymmetricCoset(_) => {
                let orbits = match &self.space {
                    ProjSpace::Coset(c) => c.subgroup_orbits(),
                    ProjSpace::SymCoset(c) => c.coset().subgroup_orbits(),
                    _ => &[],
                };
                orbits
                    .iter()
                    .map(|o| o.iter().map(|&l| self.points[l]).collect())
                    .collect()
            }
        }
    }
}

/// The move tables of a projection's index (see [`Projection::coord_index`]).
#[derive(Clone, Copy)]
enum Coordinates<'a> {
    Group(&'a CoordIndex),
    Coset(&'a CosetSpace),
    /// The coordinates of the cosets; the table is indexed by their classes.
    SymCoset(&'a SymCosetSpace),
}

impl Coordinates<'_> {
    /// The coordinates of the position of (unreduced) index `r`.
    #[inline(always)]
    fn coordinates(self, r: u64) -> (u32, u32) {
        match self {
            Coordinates::Group(c) => c.coordinates(r),
            Coordinates::Coset(c) => c.coordinates(r),
            Coordinates::SymCoset(c) => c.coset().coordinates(r),
        }
    }
    /// The table entry and the coordinates of the neighbour by move `m`.
    #[inline(always)]
    fn child(self, coords: (u32, u32), m: usize) -> (u64, (u32, u32)) {
        match self {
            Coordinates::Group(c) => {
                let r = c.neighbour(coords, m, false);
                (r, c.coordinates(r))
            }
            Coordinates::Coset(c) => {
                let next = c.step(coords, m);
                (c.index_of_coordinates(next), next)
            }
            Coordinates::SymCoset(c) => {
                let next = c.coset().step(coords, m);
                (c.index_of_coordinates(next), next)
            }
        }
    }
}

/// One look-up of a pruning table: a projection read at the conjugate
/// `σ⁻¹·s·σ` of the position `s` by a symmetry of the moves
/// ([`crate::search::symmetry`]); the conjugate of a child by move `m` is the
/// conjugate of the parent followed by the move `σ⁻¹·m·σ`, so each look-up keeps
/// its own projection state and moves it by the mapped move.
#[derive(Clone, Debug)]
struct View {
    proj: usize,
    sym: Option<Symmetry>,
    move_map: Vec<u16>,
    /// Offset of its projection state in a frame's buffer.
    offset: usize,
    width: usize,
    /// Whether the projection steps by move-table coordinates (then a child's
    /// entry and coordinates are all there is to compute).
    by_coordinates: bool,
}

/// Projections chosen for a move set: for each orbit (largest group first) not
/// yet covered, a [`ProjectionKind::Group`] projection of that orbit merged with
/// every other orbit (smallest group first) that keeps the group order within
/// `budget` entries — merging an orbit whose pieces move with the ones already
/// there costs nothing, and small orbits join several tables (the slice edges in
/// both of Kociemba's phase-2 tables). An orbit whose group alone is larger is
/// covered by [`ProjectionKind::Pieces`] projections of as many of its labels as
/// fit, one sticker per piece (pieces: blocks moved whole; a chunk naming only pieces
/// tracked already is left out).
pub fn auto_projections(moves: &MoveSet, budget: u64) -> Vec<ProjectionKind> {
    let group = moves.group();
    let order_of = |points: &[usize]| {
        projection_size_in(&group, moves, &ProjectionKind::Group(points.to_vec()))
            .unwrap_or(u64::MAX)
    };
    let mut orbits: Vec<(u64, Vec<usize>)> = group
        .orbits()
        .into_iter()
        .filter(|o| o.len() > 1)
        .map(|o| (order_of(&o), o))
        .collect();
    orbits.sort();
    let mut out = Vec::new();
    let mut covered = vec![false; moves.degree];
    for (n, o) in orbits.iter().rev() {
        if o.iter().all(|&x| covered[x]) {
            continue;
        }
        if *n > budget {
            // oriented pieces of the orbit (one sticker on each of k pieces), as
            // many per table as fit, in overlapping windows covering every piece
            if let Ok(pieces) = super::pieces::orbit_pieces(&group, &moves.perms(), o)
                .ok_or(())
                .and_then(|p| tracked_pieces(&group, moves, &[p[0][0]]).map_err(|_| ()))
            {
                let (np, size) = (pieces.len(), pieces[0].len());
                let mut k = 0;
                while k < np
                    && k < 64
                    && OrientedPiecesSpace::entries(np, k + 1, size).is_some_and(|e| e <= budget)
                {
                    k += 1;
                }
                if k > 0 && size > 1 {
                    let tables = np.div_ceil(k);
                    for t in 0..tables {
                        let first = if tables == 1 {
                            0
                        } else {
                            (t * (np - k) + (tables - 1) / 2) / (tables - 1)
                        };
                        out.push(ProjectionKind::OrientedPieces(
                            pieces[first..first + k].iter().map(|b| b[0]).collect(),
                        ));
                    }
                    continue;
                }
            }
            // pieces of the orbit, as many per table as fit
            let mut k = 0;
            while k < o.len() && Arrangements::new(o.len(), k + 1).is_ok_and(|a| a.size() <= budget)
            {
                k += 1;
            }
            if k > 0 {
                let (order, block_of) = piece_order(&group, moves, o);
                let mut tracked = vec![false; moves.degree];
                for chunk in order.chunks(k) {
                    if let Some(b) = &block_of {
                        // the pieces of this chunk are tracked already (by another
                        // sticker of each)
                        if chunk.iter().all(|&x| tracked[b[x]]) {
                            continue;
                        }
                        for &x in chunk {
                            tracked[b[x]] = true;
                        }
                    }
                    out.push(ProjectionKind::Pieces(chunk.to_vec()));
                }
            }
            continue;
        }
        let mut points = o.clone();
        for (m, q) in &orbits {
            if q == o || *m > budget {
                continue;
            }
            let mut merged = points.clone();
            merged.extend(q);
            if order_of(&merged) <= budget {
                points = merged;
            }
        }
        for &x in &points {
            covered[x] = true;
        }
        points.sort_unstable();
        out.push(ProjectionKind::Group(points));
    }
    out
}
/// The points of an orbit ordered one per piece first, and the piece of each
/// point (numbered by the first point of its block). The pieces are those of
/// [`super::pieces::orbit_pieces`]: the stickers of one cubie, which move
/// together. The order takes the first point of every
/// block, then the second of every block, and so on, so that a chunk of it names
/// distinct pieces (tracking one sticker of a cubie tracks the cubie and its
/// orientation, as Korf's edge tables do). Without such a system: the orbit as
/// it is and `None`.
fn piece_order(
    group: &PermGroup,
    moves: &MoveSet,
    orbit: &[usize],
) -> (Vec<usize>, Option<Vec<usize>>) {
    let Some(sys) = super::pieces::orbit_pieces(group, &moves.perms(), orbit) else {
        return (orbit.to_vec(), None);
    };
    let mut block_of = vec![usize::MAX; moves.degree];
    for b in &sys {
        for &x in b {
            block_of[x] = b[0];
        }
    }
    let size = sys[0].len();
    let order = (0..size)
        .flat_map(|i| sys.iter().filter_map(move |b| b.get(i).copied()))
        .collect();
    (order, Some(block_of))
}

/// The pruning tables of a search, built together after one memory check, and
/// the look-ups made of them (each table at the position itself, and with
/// [`Heuristic::add_symmetric_views`] also at conjugates of it).
#[derive(Debug)]
pub struct Heuristic {
    projections: Vec<Arc<Projection>>,
    views: Vec<View>,
    local_width: usize,
}

/// The key of a look-up: the sets a projection names, mapped by `σ` and sorted.
fn view_key(sets: &[Vec<usize>], sigma: Option<&[u8]>) -> Vec<Vec<usize>> {
    let mut key: Vec<Vec<usize>> = sets
        .iter()
        .map(|s| {
            let mut v: Vec<usize> = s
                .iter()
                .map(|&x| sigma.map_or(x, |g| g[x] as usize))
                .collect();
            v.sort_unstable();
            v
        })
        .collect();
    key.sort();
    key
}

impl Heuristic {
    /// Total table bytes the projections need (2 bits per entry), computed before
    /// building anything.
    pub fn planned_bytes(moves: &MoveSet, kinds: &[ProjectionKind]) -> Result<u64, IdaError> {
        let group = moves.group();
        let mut bytes = 0u64;
        for k in kinds {
            bytes += table_bytes(projection_size_in(&group, moves, k)?);
        }
        Ok(bytes)
    }

    /// Builds the tables (or loads them from the directory `cache`, see
    /// [`cached_table`]); refuses before allocating when all of them together would
    /// not fit in `max_memory` (or the available memory). Each table is looked up
    /// at the position itself.
    pub fn build(
        moves: &MoveSet,
        kinds: Vec<ProjectionKind>,
        max_memory: Option<u64>,
        stop: &AtomicBool,
        cache: Option<&Path>,
    ) -> Result<Heuristic, IdaError> {
        let bytes = Heuristic::planned_bytes(moves, &kinds)?;
        // the check counts entries: 32 per 8 bytes
        check_memory(bytes / 8 * 32, max_memory, 64 << 20)?;
        let projections = kinds
            .into_iter()
            .map(|k| Projection::build(moves, k, max_memory, stop, cache).map(Arc::new))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Heuristic::from_projections(moves, projections))
    }

    /// The heuristic of tables built before (for the same moves), shared with the
    /// other heuristics holding them; each is looked up at the position itself.
    pub fn from_projections(moves: &MoveSet, projections: Vec<Arc<Projection>>) -> Heuristic {
        let identity: Vec<u16> = (0..moves.moves.len() as u16).collect();
        let mut h = Heuristic {
            projections,
            views: Vec::new(),
            local_width: 0,
        };
        for p in 0..h.projections.len() {
            h.push_view(p, None, identity.clone());
        }
        h.order_views();
        h
    }

    fn push_view(&mut self, proj: usize, sym: Option<Symmetry>, move_map: Vec<u16>) {
        let width = self.projections[proj].gather.len();
        let by_coordinates = self.projections[proj].coord_index().is_some();
        self.views.push(View {
            proj,
            sym,
            move_map,
            offset: self.local_width,
            width,
            by_coordinates,
        });
        self.local_width += width;
    }

    /// Adds look-ups of every table at conjugates `σ⁻¹·s·σ` of the position by
    /// symmetries of the moves (from [`crate::search::symmetry::move_symmetries`]
    /// for the same move set), up to `per_table` look-ups per table in all: only
    /// symmetries mapping the table's pieces to other pieces give new bounds (the
    /// corners' table of cube3 maps onto itself), and among those the ones
    /// covering the points least covered so far are taken first. Returns the
    /// number of look-ups per node.
    pub fn add_symmetric_views(&mut self, symmetries: &[Symmetry], per_table: usize) -> usize {
        for p in 0..self.projections.len() {
            let sets = self.projections[p].named_sets();
            let mut seen: Vec<Vec<Vec<usize>>> = self
                .views
                .iter()
                .filter(|v| v.proj == p)
                .map(|v| view_key(&sets, v.sym.as_ref().map(|s| &s.sigma[..])))
                .collect();
            let mut candidates: Vec<(Vec<Vec<usize>>, &Symmetry)> = Vec::new();
            for s in symmetries {
                let key = view_key(&sets, Some(&s.sigma));
                if !seen.contains(&key) && !candidates.iter().any(|(k, _)| *k == key) {
                    candidates.push((key, s));
                }
            }
            let mut covered = vec![0u32; 256];
            for k in &seen {
                for &x in k.iter().flatten() {
                    covered[x] += 1;
                }
            }
            let mut chosen = Vec::new();
            while seen.len() < per_table && !candidates.is_empty() {
                let best = (0..candidates.len())
                    .min_by_key(|&i| {
                        candidates[i]
                            .0
                            .iter()
                            .flatten()
                            .map(|&x| covered[x])
                            .sum::<u32>()
                    })
                    .expect("candidates");
                let (key, s) = candidates.remove(best);
                for &x in key.iter().flatten() {
                    covered[x] += 1;
                }
                seen.push(key);
                chosen.push(s.clone());
            }
            for s in chosen {
                let map = s.move_map.iter().map(|&m| m as u16).collect();
                self.push_view(p, Some(s), map);
            }
        }
        self.order_views();
        self.views.len()
    }

    /// Orders the look-ups largest table first (a stable sort): a larger table
    /// usually bounds higher, and a child is dropped at the first look-up over
    /// the bound, so the strong look-ups go first.
    fn order_views(&mut self) {
        let projections = &self.projections;
        self.views
            .sort_by_key(|v| std::cmp::Reverse(projections[v.proj].entries()));
    }

    /// The projections.
    pub fn projections(&self) -> &[Arc<Projection>] {
        &self.projections
    }

    /// The number of table look-ups per node (tables and their conjugates).
    pub fn look_ups(&self) -> usize {
        self.views.len()
    }

    /// Total table entries.
    pub fn entries(&self) -> u64 {
        self.projections.iter().map(|p| p.entries()).sum()
    }

    /// Total table bytes.
    pub fn bytes(&self) -> u64 {
        self.projections
            .iter()
            .map(|p| table_bytes(p.entries()))
            .sum()
    }

    /// The heuristic value of a position: the largest distance over the look-ups.
    pub fn estimate(&self, s: &[u8]) -> Result<u32, IdaError> {
        let mut local = vec![0u8; self.local_width];
        let mut h = 0;
        for v in &self.views {
            h = h.max(self.view_root(v, s, &mut local)?.0 as u32);
        }
        Ok(h)
    }

    /// A look-up's distance at a position, its projection state (into `local`)
    /// and, for coordinate projections, its coordinates.
    fn view_root(
        &self,
        v: &View,
        s: &[u8],
        local: &mut [u8],
    ) -> Result<(u8, (u32, u32)), IdaError> {
        let p = &self.projections[v.proj];
        let conj;
        let t = match &v.sym {
            Some(sym) => {
                conj = sym.conjugate(s);
                &conj[..]
            }
            None => s,
        };
        let buf = &mut local[v.offset..v.offset + v.width];
        p.project(t, buf);
        let h = p.local_distance(buf)?.min(255) as u8;
        let coords = match p.coord_index() {
            Some(c) => c.coordinates(match &p.space {
                ProjSpace::SymCoset(sp) => sp.coset().rank(buf),
                space => with_proj!(space, sp => sp.rank(buf)),
            }),
            None => (0, 0),
        };
        Ok((h, coords))
    }
}

/// Limits of a search: a deadline and a stop flag, polled every few thousand nodes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits<'a> {
    /// Give up at this instant.
    pub deadline: Option<Instant>,
    /// Give up when this is raised (Ctrl-C).
    pub stop: Option<&'a AtomicBool>,
}

impl Limits<'_> {
    /// Whether the deadline has passed or the stop flag is raised.
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// What the callback of [`Ida::search_bound`] says after a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep enumerating solutions.
    Continue,
    /// Stop the search.
    Stop,
}

/// How one depth-bounded pass ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Every path within the bound was examined.
    Exhausted,
    /// The callback stopped it.
    Stopped,
    /// The limits ran out.
    OutOfTime,
}

/// The result of [`Ida::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// An optimal solution (move indices of the [`MoveSet`]).
    Solved(Vec<usize>),
    /// No solution of cost at most this exists.
    NoneWithin(u32),
    /// The limits ran out; no solution of cost below this exists.
    OutOfTime(u32),
}

/// An IDA* search over a move set with a heuristic.
pub struct Ida<'a> {
    moves: &'a MoveSet,
    heuristic: &'a Heuristic,
    threads: usize,
    /// Nodes expanded so far.
    pub nodes: u64,
    /// The passes of [`Ida::solve`] so far, one per bound.
    pub passes: Vec<PassStat>,
}

/// One depth-bounded pass of [`Ida::solve`]: its bound, the nodes it expanded and
/// its wall-clock seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PassStat {
    /// The cost bound of the pass.
    pub bound: u32,
    /// Nodes expanded in the pass.
    pub nodes: u64,
    /// Wall-clock seconds of the pass.
    pub seconds: f64,
}

/// The working memory of a depth-first pass, allocated once per pass: per depth
/// the position, each look-up's distance, coordinates and projection state.
#[derive(Clone)]
struct Frame {
    /// Per depth the position along `path`, computed only when needed (at the
    /// goal test): the ones up to depth `valid` are up to date.
    states: Vec<Vec<u8>>,
    valid: usize,
    hs: Vec<Vec<u8>>,
    coords: Vec<Vec<(u32, u32)>>,
    locals: Vec<Vec<u8>>,
    /// Per depth, the look-ups in the order the children read them: largest
    /// distance at the parent first (see [`Ida::order_look_ups`]).
    orders: Vec<Vec<u16>>,
    /// Projection states computed only to prefetch.
    scratch: Vec<u8>,
    /// Per depth, the entries and coordinates [`Ida::prefetch_children`]
    /// computed for the children (`move · views + j` for the `j`-th look-up
    /// read), which [`Ida::child`] takes instead of computing them again.
    prefetched: Vec<Vec<(u64, (u32, u32))>>,
    path: Vec<usize>,
}

/// The look-ups of each child whose table entries [`Ida::dfs`] prefetches (the
/// first ones, which prune most children): on cube3 with the coset and edge
/// tables, a depth-15 pass took 4.1–5.2 s with prefetching against 7.0–7.3 s
/// without; 1, 2 or 4 look-ups were within noise.
const PREFETCH_VIEWS: usize = 2;

/// What a pass needs besides its frame.
struct Ctx<'c> {
    bound: u32,
    goal: &'c dyn Fn(&[u8]) -> bool,
    limits: Limits<'c>,
    /// Raised by another thread of the pass (a solution or the limits).
    cancel: Option<&'c AtomicBool>,
    out_of_time: bool,
    on_solution: &'c mut dyn FnMut(&[usize], &[u8]) -> Flow,
}

impl<'a> Ida<'a> {
    /// A search with these moves and tables (built for the same moves); [`Ida::solve`]
    /// runs on as many threads as the machine has cores.
    pub fn new(moves: &'a MoveSet, heuristic: &'a Heuristic) -> Ida<'a> {
        Ida {
            moves,
            heuristic,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            nodes: 0,
            passes: Vec::new(),
        }
    }

    /// The number of threads of [`Ida::solve`] (at least 1).
    pub fn with_threads(mut self, threads: usize) -> Ida<'a> {
        self.threads = threads.max(1);
        self
    }

    /// An optimal solution of `start` (an image list) of cost at most `max_cost`:
    /// passes with bounds `h(start), h(start)+1, …` until one finds the solved
    /// state. With several threads each pass shares out the subtrees of the first
    /// moves among them (the first solution found ends the pass; any one of cost
    /// `bound` is optimal).
    pub fn solve(
        &mut self,
        start: &[u8],
        max_cost: u32,
        limits: Limits,
    ) -> Result<Outcome, IdaError> {
        let identity = |s: &[u8]| s.iter().enumerate().all(|(i, &x)| x as usize == i);
        let mut bound = self.heuristic.estimate(start)?;
        while bound <= max_cost {
            let (t0, n0) = (Instant::now(), self.nodes);
            let (pass, found) = if self.threads > 1 {
                self.parallel_pass(start, bound, limits)?
            } else {
                let mut found = None;
                let pass = self.search_bound(start, bound, &identity, limits, &mut |p, _| {
                    found = Some(p.to_vec());
                    Flow::Stop
                })?;
                (pass, found)
            };
            self.passes.push(PassStat {
                bound,
                nodes: self.nodes - n0,
                seconds: t0.elapsed().as_secs_f64(),
            });
            match pass {
                Pass::Stopped => {
                    return Ok(Outcome::Solved(found.expect("a solution was reported")))
                }
                Pass::OutOfTime => return Ok(Outcome::OutOfTime(bound)),
                Pass::Exhausted => bound += 1,
            }
        }
        Ok(Outcome::NoneWithin(max_cost))
    }

    /// A frame for passes of bound `bound` from `start`, its root filled in.
    fn frame(&self, start: &[u8], bound: u32) -> Result<Frame, IdaError> {
        let views = &self.heuristic.views;
        let depth_cap = bound as usize + 1;
        let mut f = Frame {
            states: vec![start.to_vec(); depth_cap + 1],
            valid: 0,
            hs: vec![vec![0u8; views.len()]; depth_cap + 1],
            coords: vec![vec![(0, 0); views.len()]; depth_cap + 1],
            locals: vec![vec![0u8; self.heuristic.local_width]; depth_cap + 1],
            orders: vec![(0..views.len() as u16).collect(); depth_cap + 1],
            scratch: vec![0u8; self.heuristic.local_width],
            prefetched: vec![
                vec![(0, (0, 0)); self.moves.moves.len() * views.len()];
                depth_cap + 1
            ],
            path: Vec::new(),
        };
        for (i, v) in views.iter().enumerate() {
            (f.hs[0][i], f.coords[0][i]) = self.heuristic.view_root(v, start, &mut f.locals[0])?;
        }
        Ok(f)
    }

    /// One pass shared out among the threads by first move.
    fn parallel_pass(
        &mut self,
        start: &[u8],
        bound: u32,
        limits: Limits,
    ) -> Result<(Pass, Option<Vec<usize>>), IdaError> {
        let identity = |s: &[u8]| s.iter().enumerate().all(|(i, &x)| x as usize == i);
        let root = self.frame(start, bound)?;
        let h0 = root.hs[0].iter().copied().max().unwrap_or(0) as u32;
        if h0 > bound {
            return Ok((Pass::Exhausted, None));
        }
        if bound == 0 || h0 == 0 && identity(start) {
            // the start itself (a bound-0 pass has nothing else)
            return Ok(if identity(start) {
                (Pass::Stopped, Some(Vec::new()))
            } else {
                (Pass::Exhausted, None)
            });
        }
        let next = AtomicUsize::new(0);
        let cancel = AtomicBool::new(false);
        let timed_out = AtomicBool::new(false);
        let found: Mutex<Option<Vec<usize>>> = Mutex::new(None);
        let nodes = AtomicU64::new(0);
        let (moves, heuristic) = (self.moves, self.heuristic);
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                scope.spawn(|| {
                    let mut ida = Ida::new(moves, heuristic);
                    let mut f = root.clone();
                    let mut report = |p: &[usize], _: &[u8]| {
                        let mut slot = found.lock().unwrap_or_else(|e| e.into_inner());
                        if slot.is_none() {
                            *slot = Some(p.to_vec());
                        }
                        cancel.store(true, Ordering::Relaxed);
                        Flow::Stop
                    };
                    let mut ctx = Ctx {
                        bound,
                        goal: &identity,
                        limits,
                        cancel: Some(&cancel),
                        out_of_time: false,
                        on_solution: &mut report,
                    };
                    loop {
                        let m = next.fetch_add(1, Ordering::Relaxed);
                        if m >= moves.moves.len() || cancel.load(Ordering::Relaxed) {
                            break;
                        }
                        if !moves.allowed(None, 0, m) {
                            continue;
                        }
                        let c2 = moves.moves[m].cost;
                        let Some(h2) = ida.child(&mut f, 0, m, c2, bound, 0) else {
                            continue;
                        };
                        f.path.clear();
                        f.path.push(m);
                        f.valid = 0;
                        let flow = ida.dfs(&mut f, 1, c2, h2, Some(m), 1, &mut ctx);
                        if ctx.out_of_time {
                            timed_out.store(true, Ordering::Relaxed);
                            cancel.store(true, Ordering::Relaxed);
                            break;
                        }
                        if flow == Flow::Stop {
                            break;
                        }
                    }
                    nodes.fetch_add(ida.nodes, Ordering::Relaxed);
                });
            }
        });
        self.nodes += nodes.into_inner() + 1;
        let found = found.into_inner().unwrap_or_else(|e| e.into_inner());
        Ok(if found.is_some() {
            (Pass::Stopped, found)
        } else if timed_out.into_inner() {
            (Pass::OutOfTime, None)
        } else {
            (Pass::Exhausted, None)
        })
    }

    /// One pass: every path (after move pruning) of cost exactly `bound` from
    /// `start` to a state where `goal` holds and every projection is solved is
    /// given to `on_solution` (with the state reached), depth first, pruned where
    /// cost plus heuristic exceeds the bound.
    pub fn search_bound(
        &mut self,
        start: &[u8],
        bound: u32,
        goal: &dyn Fn(&[u8]) -> bool,
        limits: Limits,
        on_solution: &mut dyn FnMut(&[usize], &[u8]) -> Flow,
    ) -> Result<Pass, IdaError> {
        let mut frame = self.frame(start, bound)?;
        let h0 = frame.hs[0].iter().copied().max().unwrap_or(0) as u32;
        let mut ctx = Ctx {
            bound,
            goal,
            limits,
            cancel: None,
            out_of_time: false,
            on_solution,
        };
        let flow = self.dfs(&mut frame, 0, 0, h0, None, 0, &mut ctx);
        Ok(if ctx.out_of_time {
            Pass::OutOfTime
        } else if flow == Flow::Stop {
            Pass::Stopped
        } else {
            Pass::Exhausted
        })
    }

    /// The table index of look-up `i` (view `v`) at the child by move `m` of the
    /// position at `depth`: the child's projection state goes into `child`
    /// (its slice of a locals buffer), its coordinates are returned beside.
    #[inline(always)]
    fn view_child(
        &self,
        v: &View,
        parent: &[u8],
        parent_coords: (u32, u32),
        m: usize,
        child: &mut [u8],
    ) -> (u64, (u32, u32)) {
        let p = &self.heuristic.projections[v.proj];
        let mm = v.move_map[m] as usize;
        match p.coord_index() {
            Some(c) => c.child(parent_coords, mm),
            None => {
                let (a, b) = (v.offset, v.offset + v.width);
                let r = with_proj!(&p.space, sp => {
                    sp.apply(mm, false, &parent[a..b], &mut child[a..b]);
                    sp.rank(&child[a..b])
                });
                (r, (0, 0))
            }
        }
    }

    /// Prefetches the table entries of the first [`PREFETCH_VIEWS`] look-ups of
    /// every child the loop of [`Ida::dfs`] will examine at `depth`, so that their
    /// memory accesses overlap. For symmetry-reduced coset tables the class-table
    /// entries are prefetched first, in a pass of their own. The entries and
    /// coordinates computed are kept for [`Ida::child`] (projection states are
    /// not: those go to a scratch buffer and are computed again). Returns how
    /// many look-ups of each child were computed.
    fn prefetch_children(
        &self,
        f: &mut Frame,
        depth: usize,
        cost: u32,
        bound: u32,
        last: Option<usize>,
        run: u32,
    ) -> usize {
        let views = &self.heuristic.views;
        let projections = &self.heuristic.projections;
        // children at the bound are pruned by their first non-zero look-up
        let n = views
            .len()
            .min(if cost + 1 >= bound { 1 } else { PREFETCH_VIEWS });
        let stride = views.len();
        let wanted =
            |m: usize| self.moves.allowed(last, run, m) && cost + self.moves.moves[m].cost <= bound;
        let reduced = |i: u16| match projections[views[i as usize].proj].coord_index() {
            Some(Coordinates::SymCoset(c)) => Some(c),
            _ => None,
        };
        if f.orders[depth][..n].iter().any(|&i| reduced(i).is_some()) {
            for m in (0..self.moves.moves.len()).filter(|&m| wanted(m)) {
                for (j, &i) in f.orders[depth][..n].iter().enumerate() {
                    if let Some(c) = reduced(i) {
                        let v = &views[i as usize];
                        let next = c
                            .coset()
                            .step(f.coords[depth][i as usize], v.move_map[m] as usize);
                        c.prefetch_class(next);
                        f.prefetched[depth][m * stride + j].1 = next;
                    }
                }
            }
        }
        for m in (0..self.moves.moves.len()).filter(|&m| wanted(m)) {
            for (j, &i) in f.orders[depth][..n].iter().enumerate() {
                let slot = &mut f.prefetched[depth][m * stride + j];
                let (r, coords) = match reduced(i) {
                    Some(c) => (c.index_of_coordinates(slot.1), slot.1),
                    None => self.view_child(
                        &views[i as usize],
                        &f.locals[depth],
                        f.coords[depth][i as usize],
                        m,
                        &mut f.scratch,
                    ),
                };
                *slot = (r, coords);
                projections[views[i as usize].proj].table.prefetch(r);
            }
        }
        n
    }

    /// The child of the position at `depth` by move `m` into `depth + 1`, reached
    /// at cost `c2`: its heuristic value, or `None` when `c2` plus a look-up's
    /// distance exceeds the bound (the remaining look-ups are then skipped). The
    /// first `prefetched` look-ups of the children at `depth` were computed by
    /// [`Ida::prefetch_children`].
    #[inline(always)]
    fn child(
        &self,
        f: &mut Frame,
        depth: usize,
        m: usize,
        c2: u32,
        bound: u32,
        prefetched: usize,
    ) -> Option<u32> {
        let (hlo, hhi) = f.hs.split_at_mut(depth + 1);
        let (clo, chi) = f.coords.split_at_mut(depth + 1);
        let (llo, lhi) = f.locals.split_at_mut(depth + 1);
        let (parent, child) = (&llo[depth], &mut lhi[0]);
        let views = &self.heuristic.views;
        let known = &f.prefetched[depth][m * views.len()..];
        let mut hmax = 0u32;
        for (j, &i) in f.orders[depth].iter().enumerate() {
            let i = i as usize;
            let v = &views[i];
            let (r, coords) = if j < prefetched && v.by_coordinates {
                known[j]
            } else {
                self.view_child(v, parent, clo[depth][i], m, child)
            };
            chi[0][i] = coords;
            let code = self.heuristic.projections[v.proj]
                .table
                .get(r)
                .expect("a position reachable by the moves is in the table");
            let h = hlo[depth][i];
            let h2 = match (code + 3 - h % 3) % 3 {
                0 => h,
                1 => h + 1,
                _ => h - 1,
            };
            hhi[0][i] = h2;
            if c2 + h2 as u32 > bound {
                return None;
            }
            hmax = hmax.max(h2 as u32);
        }
        Some(hmax)
    }

    /// Orders the look-ups of the children of the position at `depth` by the
    /// parent's distances, largest first (ties in table order). A child's
    /// distance in a table is within one of its parent's, so only the tables
    /// where the parent is at or next to the bound can drop a child: reading
    /// them first, most dropped children cost one table read (the order does
    /// not change which children are dropped).
    fn order_look_ups(f: &mut Frame, depth: usize) {
        let hs = &f.hs[depth];
        f.orders[depth].sort_unstable_by_key(|&i| (std::cmp::Reverse(hs[i as usize]), i));
    }

    /// The position at `depth` along the frame's path, brought up to date from
    /// the deepest one that is (a search looks at positions only at the goal
    /// test, so the moves are applied there rather than at every child).
    fn state_at<'f>(&self, f: &'f mut Frame, depth: usize) -> &'f [u8] {
        for d in f.valid..depth {
            let (lo, hi) = f.states.split_at_mut(d + 1);
            self.moves.apply(f.path[d], &lo[d], &mut hi[0]);
        }
        f.valid = depth;
        &f.states[depth]
    }

    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &mut self,
        f: &mut Frame,
        depth: usize,
        cost: u32,
        h: u32,
        last: Option<usize>,
        run: u32,
        ctx: &mut Ctx,
    ) -> Flow {
        let bound = ctx.bound;
        if cost + h > bound {
            return Flow::Continue;
        }
        if cost == bound {
            if h == 0 && (ctx.goal)(self.state_at(f, depth)) {
                return (ctx.on_solution)(&f.path, &f.states[depth]);
            }
            return Flow::Continue;
        }
        self.nodes += 1;
        if self.nodes & 0xfff == 0 {
            if ctx.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Flow::Stop;
            }
            if ctx.limits.expired() {
                ctx.out_of_time = true;
                return Flow::Stop;
            }
        }
        let moves = self.moves;
        Self::order_look_ups(f, depth);
        let prefetched = self.prefetch_children(f, depth, cost, bound, last, run);
        for m in 0..moves.moves.len() {
            if !moves.allowed(last, run, m) {
                continue;
            }
            let c2 = cost + moves.moves[m].cost;
            if c2 > bound {
                continue;
            }
            let Some(h2) = self.child(f, depth, m, c2, bound, prefetched) else {
                continue;
            };
            let run2 = if last == Some(m) { run + 1 } else { 1 };
            f.path.push(m);
            f.valid = f.valid.min(depth);
            let flow = self.dfs(f, depth + 1, c2, h2, Some(m), run2, ctx);
            f.path.pop();
            if flow == Flow::Stop {
                return Flow::Stop;
            }
        }
        Flow::Continue
    }
}

/// The image list of a permutation on `degree` points (a search state).
pub fn state_of(g: &Perm, degree: usize) -> Vec<u8> {
    let g = g.extended(degree);
    (0..degree).map(|i| g.image(i) as u8).collect()
}

/// How the tables of an optimal search were set up by [`optimal_heuristic`].
#[derive(Clone, Debug)]
pub struct OptimalSetup {
    /// The symmetries of the moves found (identity included).
    pub symmetries: usize,
    /// Whether the symmetry search ran to the end.
    pub symmetries_complete: bool,
    /// Table look-ups per node.
    pub look_ups: usize,
}

/// The nodes the symmetry backtrack of [`optimal_heuristic`] may visit.
const SYMMETRY_NODES: u64 = 2_000_000;

/// Which of the tables of [`auto_projections`] an optimal search keeps beside
/// tables given explicitly (such as a coset table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutoTables {
    /// Every one.
    All,
    /// Only the [`ProjectionKind::Group`] ones (whole orbits, e.g. the cube's
    /// corners): with cube3's coset table the edge tables cut the nodes of a
    /// depth-15 pass by 20% but double its look-ups per node.
    Groups,
    /// None.
    None,
}

impl AutoTables {
    /// The kinds of `kinds` this keeps.
    pub fn select(self, mut kinds: Vec<ProjectionKind>) -> Vec<ProjectionKind> {
        match self {
            AutoTables::All => {}
            AutoTables::Groups => kinds.retain(|k| matches!(k, ProjectionKind::Group(_))),
            AutoTables::None => kinds.clear(),
        }
        kinds
    }
}

/// The heuristic of an optimal search (Korf 1997 with the multi-axis look-ups of
/// Kociemba's optimal solver, M. Reid's coset tables): the tables `kinds` (e.g.
/// those of [`auto_projections`] and a [`ProjectionKind::Coset`]), built by
/// [`Heuristic::build`] (memory checked before allocating, `cache` as there),
/// each looked up at up to `look_ups_per_table` conjugates of the position by the
/// symmetries of the moves ([`crate::search::symmetry::move_symmetries`],
/// [`Heuristic::add_symmetric_views`]).
pub fn optimal_heuristic(
    moves: &MoveSet,
    kinds: Vec<ProjectionKind>,
    look_ups_per_table: usize,
    max_memory: Option<u64>,
    stop: &AtomicBool,
    cache: Option<&Path>,
) -> Result<(Heuristic, OptimalSetup), IdaError> {
    let mut h = Heuristic::build(moves, kinds, max_memory, stop, cache)?;
    let syms = super::symmetry::move_symmetries(moves, SYMMETRY_NODES);
    let look_ups = h.add_symmetric_views(&syms.list, look_ups_per_table);
    Ok((
        h,
        OptimalSetup {
            symmetries: syms.list.len(),
            symmetries_complete: syms.complete,
            look_ups,
        },
    ))
}
