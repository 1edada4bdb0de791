//! Near-optimal solutions through a subgroup `H` of the puzzle's group `G`: the
//! two-phase method of H. Kociemba (1992; after M. Thistlethwaite's four-phase
//! method, 1981), on move-table coordinates derived from the puzzle, generic over
//! puzzles.
//!
//! ```
//! use permlab::search::budget::SearchBudget;
//! use permlab::search::moves::{Metric, MoveSet};
//! use permlab::search::two_phase::TwoPhase;
//! use permlab::Puzzle;
//! let cube = Puzzle::builtin("cube3").unwrap();
//! let moves = MoveSet::for_puzzle(&cube, Metric::Htm).unwrap();
//! let h = cube.parse_subgroup("cube3[U,D,R2,L2,F2,B2]").unwrap();
//! let solver = TwoPhase::new(&moves, &h, &SearchBudget::unlimited()).unwrap();
//! let g = cube.eval(&cube.parse_word("R U F' L2 D B' R2 U'").unwrap());
//! let budget = SearchBudget::unlimited().with_time_limit(10.0).unwrap();
//! let sol = solver.solve(&g, Some(8), &budget).unwrap().unwrap();
//! assert!(sol.cost <= 8);
//! // the solution undoes the position
//! let w = cube.parse_word(&sol.names.join(" ")).unwrap();
//! assert!((&g * &cube.eval(&w)).is_identity());
//! ```
//!
//! **Phase 1** moves the position into `H` with all the moves, **phase 2** solves it
//! with the moves that lie in `H`. Each is an iterative-deepening A* search (R. E.
//! Korf, 1985) over *coordinates*: small integers with a move table each, so a step
//! is a table look-up per coordinate, and exact distance tables of pairs of
//! coordinates bound the moves left from below.
//!
//! - Phase 1's coordinates are the parts of the coset `Hg`
//!   ([`CosetSpace::part_sizes`]): per orbit of pieces, where the classes of alike
//!   pieces are and how the pieces are turned. For the cube and Kociemba's subgroup
//!   `⟨U, D, R2, L2, F2, B2⟩` these are his twist (2187), slice (495) and flip
//!   (2048) coordinates.
//! - Phase 2's coordinates are, per orbit of `H` on the pieces' reference stickers,
//!   the arrangement of those stickers (a Lehmer rank): for the cube the corner
//!   permutation (8!), the permutation of the U and D layers' edges (8!) and of the
//!   slice edges (4!).
//! - The pruning tables are the exact distances (in the metric, by a breadth-first
//!   search over the pair) of every pair of coordinates of one phase whose product
//!   is at most [`TwoPhase::PAIR_ENTRIES`]: for the cube twist × slice, twist × flip
//!   and flip × slice in phase 1, corners × slice and edges × slice in phase 2 — the
//!   tables of H. Kociemba's and Chen Shuang's (min2phase) solvers without their
//!   symmetry reduction, a few megabytes built in a fraction of a second.
//!
//! Every phase-1 solution of each length in turn (those ending with a move of `H`
//! are skipped: phase 1 was over one move earlier) is completed by a phase 2
//! that keeps the total within the target (without a target: shorter than the
//! best so far), until the phase-1 length reaches the best total, a solution of
//! the target length is found, or the budget runs out. Searching phase 2 only
//! within the target is what makes a target cheap: a phase 2 a few moves longer
//! costs far more nodes than the phase 1 that led to it. So that an answer is at
//! hand when the target is out of reach, once a quarter of the time is over
//! without any solution (at once without a time limit or a target), phase 2 is
//! also completed a few moves beyond its estimate (a depth-first search at that
//! bound, which finds one soonest).
//!
//! **Pre-moves** (Chen Shuang's min2phase), when there is a target: a solution `w` of the position
//! `p·s`, the move `p` made before `s`, gives the solution `w·p` of `s`. Beside
//! each position, the positions one, two or three pre-moves make are searched
//! with the phase-1 bound less the pre-moves' cost, while at least
//! seven moves of it are left (min2phase's choice for the 3x3x3). They reach solutions that leave `H`
//! again at their end, which a plain two-phase search finds only with longer
//! phase 1s; the last pre-move (the first after phase 2) is never a move of `H`,
//! as those solutions are found without it. On 100 random cube3 positions
//! (seeded, in one process) pre-moves cut the nodes to a solution of at most
//! 20 moves by a third.
//!
//! Several positions are searched side by side, one phase-1 length at a time for
//! all: the position, its inverse, and both conjugated by a symmetry of the moves
//! (found from the moves, [`move_symmetries`]) that takes `H` to another of its
//! conjugates — for the cube the three axes, as in Kociemba's and Chen Shuang's
//! solvers. A solution of any of them gives one of the position (mapped back
//! through the symmetry, reversed and inverted for the inverse), and the best so
//! far bounds them all. On 20 random cube3 positions (one process each, warm
//! cache, `permlab solve cube3 STATE`) this halved the mean time to a solution of
//! at most 20 moves (the slowest positions gain most) and left the median as it
//! was.

use super::budget::SearchBudget;
use super::cache::TableCache;
use super::coset::CosetSpace;
use super::index::Arrangements;
use super::moves::MoveSet;
use super::space::SpaceError;
use super::symmetry::{move_symmetries, Symmetry};
use crate::group::PermGroup;
use crate::perm::slice;
use crate::perm::Perm;
use std::time::Instant;

/// Longest phase searched (in the metric).
const MAX_PHASE: u32 = 60;

/// Largest phase-2 coordinate: arrangements of at most 9 stickers.
const MAX_COORDINATE: u64 = 362_880;

/// Unreached in a pair table.
const FAR: u8 = u8::MAX;

/// Why a two-phase solver cannot be made for a puzzle and subgroup.
#[derive(Debug, thiserror::Error)]
pub enum TwoPhaseError {
    /// The coset space of the subgroup.
    #[error(transparent)]
    Space(#[from] SpaceError),
    /// The tables do not fit in the memory bound.
    #[error("two-phase tables: {0}")]
    Memory(#[from] super::table::TableError),
    /// The method does not apply (explained).
    #[error("two-phase method: {0}")]
    NotApplicable(String),
}

/// A coordinate with its move table: `next[v·width + k]` is the value after the
/// `k`-th move of its phase from value `v`.
#[derive(Clone, Debug)]
struct Coordinate {
    values: u32,
    next: Vec<u32>,
    solved: u32,
}

/// The exact distances to the solved pair of two coordinates `a`, `b` of a phase:
/// `dist[va·values(b) + vb]`.
#[derive(Clone, Debug)]
struct PairTable {
    a: usize,
    b: usize,
    stride: u32,
    dist: Vec<u8>,
}

/// A phase: its moves (indices into the full move set), coordinates and pair tables.
#[derive(Clone, Debug)]
struct Phase {
    moves: Vec<usize>,
    coords: Vec<Coordinate>,
    tables: Vec<PairTable>,
}

impl Phase {
    /// The coordinates' values after the `k`-th move of the phase.
    #[inline(always)]
    fn step(&self, from: &[u32], k: usize, out: &mut [u32]) {
        let w = self.moves.len();
        for ((o, &v), c) in out.iter_mut().zip(from).zip(&self.coords) {
            *o = c.next[v as usize * w + k];
        }
    }

    /// The largest pair-table distance of these values (a lower bound on the moves
    /// left in the phase).
    #[inline(always)]
    fn estimate(&self, v: &[u32]) -> u32 {
        let mut h = 0u8;
        for t in &self.tables {
            h = h.max(t.dist[(v[t.a] * t.stride + v[t.b]) as usize]);
        }
        h as u32
    }

    /// Whether every pair table allows at most `moves` more moves: the
    /// estimate's test with an early end, the smallest tables read first
    /// (they are in the cache; the larger ones then only for what they let
    /// through).
    #[inline(always)]
    fn within(&self, v: &[u32], moves: u32) -> bool {
        self.tables
            .iter()
            .all(|t| u32::from(t.dist[(v[t.a] * t.stride + v[t.b]) as usize]) <= moves)
    }

    /// Whether every coordinate has its solved value (the phase's goal).
    #[inline(always)]
    fn solved(&self, v: &[u32]) -> bool {
        v.iter().zip(&self.coords).all(|(&x, c)| x == c.solved)
    }

    /// Bytes of the move and pair tables.
    fn bytes(&self) -> u64 {
        let m: usize = self.coords.iter().map(|c| c.next.len() * 4).sum();
        let t: usize = self.tables.iter().map(|t| t.dist.len()).sum();
        (m + t) as u64
    }
}

/// A two-phase solver for one puzzle, metric and subgroup (see the module docs).
#[derive(Clone, Debug)]
pub struct TwoPhase {
    moves: MoveSet,
    /// Per move: whether it lies in `H`.
    in_sub: Vec<bool>,
    /// The labels whose positions give phase 1's coordinates.
    coset: CosetSpace,
    phase1: Phase,
    /// Per phase-2 coordinate: its labels, and each point's slot in its cells
    /// (`u8::MAX` outside).
    orbit_labels: Vec<Vec<u8>>,
    orbit_slot: Vec<Vec<u8>>,
    orbit_rank: Vec<Arrangements>,
    phase2: Phase,
    subgroup: PermGroup,
    /// The positions searched for each one asked (found on the first solve).
    directions: std::sync::OnceLock<Vec<Direction>>,
    /// The inverse of each move (for the inverted directions).
    inverse_moves: std::sync::OnceLock<Vec<usize>>,
}

/// One way of searching a position `g`: `g` itself, or its inverse, or either
/// conjugated by a symmetry `σ` of the moves that moves `H` to another
/// subgroup (for the cube: through another axis). A solution `w` of the
/// searched position gives one of `g`: each move `m` of `w` is `to_g[m]`, and
/// for the inverse the word is reversed and each move inverted (`inverse`).
#[derive(Clone, Debug)]
struct Direction {
    /// The symmetry (`None`: the identity).
    sigma: Option<Symmetry>,
    /// Whether the inverse position is searched.
    inverted: bool,
    /// Per move of the searched position's solution, the move of `g`'s frame.
    to_g: Vec<usize>,
}

/// Most pre-moves (see [`TwoPhase::solve`]).
const MAX_PREMOVES: usize = 3;

/// The shortest phase-1 bound that a position reached by pre-moves is searched
/// with: pre-moves are added only while this much of the phase-1 bound is left
/// (Chen Shuang's min2phase takes 7 for the 3x3x3; with fewer, the pre-moved
/// positions are mostly cut at their root and only cost their coordinates).
const PREMOVE_MIN_PHASE1: u32 = 7;

/// Most conjugate subgroups searched beside `H` itself (each also inverted).
const MAX_CONJUGATES: usize = 2;

/// Nodes of the backtrack finding the moves' symmetries
/// ([`move_symmetries`]); without all of them fewer directions are searched.
const SYMMETRY_NODES: u64 = 1 << 20;

/// A solution found by [`TwoPhase::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoPhaseSolution {
    /// The moves (indices into the solver's [`MoveSet`]).
    pub moves: Vec<usize>,
    /// Their names.
    pub names: Vec<String>,
    /// The length in the metric.
    pub cost: u32,
    /// The length of its phase 1.
    pub phase1: u32,
    /// Phase-1 solutions completed by a phase-2 search.
    pub phase1_solutions: u64,
    /// Nodes expanded by both phases.
    pub nodes: u64,
}

/// The exact distances (in the moves' costs) to `solved` of the pair of
/// coordinates, a breadth-first search over the product (bucketed by distance, as
/// costs are small).
fn pair_distances(a: &Coordinate, b: &Coordinate, costs: &[u32]) -> Vec<u8> {
    let (na, nb) = (a.values as usize, b.values as usize);
    let w = costs.len();
    let mut dist = vec![FAR; na * nb];
    let start = a.solved as usize * nb + b.solved as usize;
    dist[start] = 0;
    let max_cost = costs.iter().copied().max().unwrap_or(1) as usize;
    let mut buckets: Vec<Vec<u32>> = vec![vec![start as u32]];
    let mut d = 0usize;
    while d < buckets.len() {
        let layer = std::mem::take(&mut buckets[d]);
        for &i in &layer {
            let i = i as usize;
            if dist[i] as usize != d {
                continue; // reached again more cheaply
            }
            let (va, vb) = (i / nb, i % nb);
            for (k, &c) in costs.iter().enumerate() {
                let j = a.next[va * w + k] as usize * nb + b.next[vb * w + k] as usize;
                let nd = d + c as usize;
                if nd < FAR as usize && (dist[j] as usize) > nd {
                    dist[j] = nd as u8;
                    if buckets.len() <= nd {
                        buckets.resize(nd + 1 + max_cost, Vec::new());
                    }
                    buckets[nd].push(j as u32);
                }
            }
        }
        d += 1;
    }
    dist
}

/// The pairs of `coords` that get a table: every pair whose product is at most
/// `limit` entries, and a coordinate in no such pair alone (paired with itself,
/// `b == a`).
fn pair_plan(coords: &[Coordinate], limit: u64) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut covered = vec![false; coords.len()];
    for i in 0..coords.len() {
        for j in i + 1..coords.len() {
            if coords[i].values as u64 * coords[j].values as u64 <= limit {
                out.push((i, j));
                covered[i] = true;
                covered[j] = true;
            }
        }
    }
    out.extend((0..coords.len()).filter(|&i| !covered[i]).map(|i| (i, i)));
    out
}

/// The entries of the table of a planned pair.
fn pair_entries(coords: &[Coordinate], (a, b): (usize, usize)) -> u64 {
    if a == b {
        coords[a].values as u64
    } else {
        coords[a].values as u64 * coords[b].values as u64
    }
}

/// The table of a planned pair: its distances from [`pair_distances`] (a single
/// coordinate paired with a one-value one).
fn pair_table(coords: &[Coordinate], (a, b): (usize, usize), costs: &[u32]) -> PairTable {
    if a == b {
        let one = Coordinate {
            values: 1,
            next: vec![0; costs.len()],
            solved: 0,
        };
        PairTable {
            a,
            b,
            stride: 0,
            dist: pair_distances(&coords[a], &one, costs),
        }
    } else {
        PairTable {
            a,
            b,
            stride: coords[b].values,
            dist: pair_distances(&coords[a], &coords[b], costs),
        }
    }
}

/// A description of a phase's coordinates and costs complete enough to name its
/// pair tables in the cache: equal descriptions give equal tables.
fn phase_key(coords: &[Coordinate], costs: &[u32]) -> u64 {
    let mut bytes = Vec::new();
    for c in costs {
        bytes.extend_from_slice(&c.to_le_bytes());
    }
    for c in coords {
        bytes.extend_from_slice(&c.values.to_le_bytes());
        bytes.extend_from_slice(&c.solved.to_le_bytes());
        for x in &c.next {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
    }
    super::table::fnv64(&bytes)
}

/// The error of a subgroup the two-phase method does not apply to, saying why.
fn not_applicable(why: String) -> TwoPhaseError {
    TwoPhaseError::NotApplicable(why)
}

/// The group of `sub_perms`, checked to be a proper subgroup of the puzzle's.
fn proper_subgroup(moves: &MoveSet, sub_perms: &[Perm]) -> Result<PermGroup, TwoPhaseError> {
    let group = moves.group();
    let sub = PermGroup::new(moves.degree(), sub_perms.to_vec());
    if sub.order() == group.order() {
        return Err(not_applicable(
            "the subgroup is the whole group: nothing for phase 1 to do".into(),
        ));
    }
    if !sub_perms.iter().all(|p| group.contains(p)) {
        return Err(not_applicable(
            "the subgroup's moves are not in the puzzle's group".into(),
        ));
    }
    Ok(sub)
}

/// Phase 1's coordinates: the parts of the coset, with their move tables and
/// the values of the solved state.
fn phase1_coordinates(coset: &CosetSpace, degree: usize) -> Vec<Coordinate> {
    let sizes = coset.part_sizes();
    let identity: Vec<u8> = (0..degree as u8).collect();
    let home = slice::product(coset.tracked(), &identity);
    let mut solved = Vec::new();
    coset.parts_of(&home, &mut solved);
    (0..sizes.len())
        .map(|k| Coordinate {
            values: sizes[k] as u32,
            next: coset.part_move_table(k),
            solved: solved[k],
        })
        .collect()
}

/// Phase 2's coordinates: per orbit of `H` on the tracked labels (of at
/// least two), the arrangement of its labels on their home cells.
struct Phase2Orbits {
    /// Each orbit's labels, sorted.
    labels: Vec<Vec<u8>>,
    /// Per orbit, each point's cell (`u8::MAX` off the orbit's cells).
    slot: Vec<Vec<u8>>,
    /// Each orbit's ranking of arrangements.
    rank: Vec<Arrangements>,
    /// Each orbit's coordinate.
    coords: Vec<Coordinate>,
}

impl Phase2Orbits {
    /// The orbits of `sub` on the coset's tracked labels, with move tables
    /// for the moves `sub_moves` of the subgroup.
    fn new(
        moves: &MoveSet,
        sub: &PermGroup,
        coset: &CosetSpace,
        sub_moves: &[usize],
    ) -> Result<Phase2Orbits, TwoPhaseError> {
        let degree = moves.degree();
        let mut orbit_of = vec![usize::MAX; degree];
        for (i, o) in sub.orbits().iter().enumerate() {
            for &p in o {
                orbit_of[p] = i;
            }
        }
        let mut groups: Vec<(usize, Vec<u8>)> = Vec::new();
        for &l in coset.tracked() {
            let o = orbit_of[l as usize];
            match groups.iter_mut().find(|(g, _)| *g == o) {
                Some((_, ls)) => ls.push(l),
                None => groups.push((o, vec![l])),
            }
        }
        let mut out = Phase2Orbits {
            labels: Vec::new(),
            slot: Vec::new(),
            rank: Vec::new(),
            coords: Vec::new(),
        };
        for (_, mut labels) in groups {
            labels.sort_unstable();
            if labels.len() < 2 {
                continue;
            }
            let (coord, slot, rank) = orbit_coordinate(moves, sub_moves, &labels)?;
            out.coords.push(coord);
            out.labels.push(labels);
            out.slot.push(slot);
            out.rank.push(rank);
        }
        Ok(out)
    }
}

/// The coordinate of the arrangement of `labels` (an orbit of the subgroup,
/// sorted) on their home cells under the moves `sub_moves`, with each point's
/// cell and the ranking of arrangements.
fn orbit_coordinate(
    moves: &MoveSet,
    sub_moves: &[usize],
    labels: &[u8],
) -> Result<(Coordinate, Vec<u8>, Arrangements), TwoPhaseError> {
    let k = labels.len();
    let rank = Arrangements::new(k, k)
        .map_err(|e| not_applicable(format!("an orbit of {k} stickers in phase 2: {e}")))?;
    if rank.size() > MAX_COORDINATE {
        return Err(not_applicable(format!(
            "phase 2 would need the arrangements of {k} stickers ({} values; at most {MAX_COORDINATE})",
            rank.size()
        )));
    }
    // the cells are the labels' home positions
    let mut slot = vec![u8::MAX; moves.degree()];
    slice::invert(labels, &mut slot);
    let w = sub_moves.len();
    let mut next = vec![0u32; rank.size() as usize * w];
    let (mut pos, mut moved) = (vec![0u8; k], vec![0u8; k]);
    for v in 0..rank.size() {
        rank.unrank(v, &mut pos);
        for (j, &m) in sub_moves.iter().enumerate() {
            let img = &moves.moves()[m].perm;
            for (o, &p) in moved.iter_mut().zip(&pos) {
                let to = slot[img.image(labels[p as usize] as usize)];
                if to == u8::MAX {
                    return Err(not_applicable(
                        "a move of the subgroup takes a piece's reference sticker off the \
                         cells of its orbit (a class whose stickers look alike in two \
                         turns)"
                            .into(),
                    ));
                }
                *o = to;
            }
            next[v as usize * w + j] = rank.rank(&moved) as u32;
        }
    }
    let home_pos: Vec<u8> = (0..k as u8).collect();
    let coord = Coordinate {
        values: rank.size() as u32,
        next,
        solved: rank.rank(&home_pos) as u32,
    };
    Ok((coord, slot, rank))
}

/// The pair tables of the two phases (each its coordinates and move costs),
/// read from `cache` when kept there before, else built and kept there; their
/// bytes and the move tables' `move_bytes` are checked against the budget
/// first.
fn pair_tables(
    phases: [(&[Coordinate], &[u32]); 2],
    move_bytes: u64,
    budget: &SearchBudget,
    cache: &TableCache,
) -> Result<[Vec<PairTable>; 2], TwoPhaseError> {
    let [(coords1, costs), (coords2, sub_costs)] = phases;
    let plan1 = pair_plan(coords1, TwoPhase::PAIR_ENTRIES);
    let plan2 = pair_plan(coords2, TwoPhase::PAIR_ENTRIES);
    let sizes1: Vec<u64> = plan1.iter().map(|&p| pair_entries(coords1, p)).collect();
    let sizes2: Vec<u64> = plan2.iter().map(|&p| pair_entries(coords2, p)).collect();
    let pair_bytes: u64 = sizes1.iter().chain(&sizes2).sum();
    budget.check_bytes(move_bytes + 2 * pair_bytes)?;
    let key = format!(
        "two-phase pair tables v1; phase 1 {:016x} {plan1:?}; phase 2 {:016x} {plan2:?}",
        phase_key(coords1, costs),
        phase_key(coords2, sub_costs)
    );
    let build = |_: &dyn Fn(&str)| -> Result<Vec<u8>, TwoPhaseError> {
        let mut all = Vec::with_capacity(pair_bytes as usize);
        for &p in &plan1 {
            all.extend_from_slice(&pair_table(coords1, p, costs).dist);
        }
        for &p in &plan2 {
            all.extend_from_slice(&pair_table(coords2, p, sub_costs).dist);
        }
        Ok(all)
    };
    let tables =
        cache.get_or_build_noted("two-phase", &key, &|n| budget.progress.note(n), build)?;
    if tables.len() as u64 != pair_bytes {
        return Err(not_applicable(
            "internal error: the pair tables have the wrong size".into(),
        ));
    }
    let mut rest = &tables[..];
    let mut take = |plan: &[(usize, usize)], coords: &[Coordinate], sizes: &[u64]| {
        plan.iter()
            .zip(sizes)
            .map(|(&(a, b), &n)| {
                let (dist, r) = rest.split_at(n as usize);
                rest = r;
                PairTable {
                    a,
                    b,
                    stride: if a == b { 0 } else { coords[b].values },
                    dist: dist.to_vec(),
                }
            })
            .collect::<Vec<_>>()
    };
    let mut tables1 = take(&plan1, coords1, &sizes1);
    let mut tables2 = take(&plan2, coords2, &sizes2);
    // smallest first, for `Phase::within`
    tables1.sort_by_key(|t| t.dist.len());
    tables2.sort_by_key(|t| t.dist.len());
    Ok([tables1, tables2])
}

impl TwoPhase {
    /// Largest pair table (entries, one byte each).
    pub const PAIR_ENTRIES: u64 = 1 << 23;

    /// The solver for `moves` through the subgroup generated by `subgroup` (each a
    /// word's permutation of the puzzle, e.g. from `Puzzle::parse_subgroup`). Its
    /// tables are checked against the budget's memory bound before they are built;
    /// none is kept on disk ([`TwoPhase::with_cache`] keeps them).
    pub fn new(
        moves: &MoveSet,
        subgroup: &[(String, Perm)],
        budget: &SearchBudget,
    ) -> Result<TwoPhase, TwoPhaseError> {
        TwoPhase::with_cache(moves, subgroup, budget, &TableCache::none())
    }

    /// [`TwoPhase::new`] with its pair tables read from `cache` when kept there
    /// before, else built and kept there.
    pub fn with_cache(
        moves: &MoveSet,
        subgroup: &[(String, Perm)],
        budget: &SearchBudget,
        cache: &TableCache,
    ) -> Result<TwoPhase, TwoPhaseError> {
        let degree = moves.degree();
        let sub_perms: Vec<Perm> = subgroup.iter().map(|(_, p)| p.extended(degree)).collect();
        let sub = proper_subgroup(moves, &sub_perms)?;
        let in_sub: Vec<bool> = moves
            .moves()
            .iter()
            .map(|m| sub.contains(&m.perm))
            .collect();
        let all: Vec<usize> = (0..moves.moves().len()).collect();
        let costs: Vec<u32> = moves.moves().iter().map(|m| m.cost).collect();

        // phase 1: the parts of the coset
        let coset = CosetSpace::new(
            "two-phase",
            degree,
            &sub_perms,
            moves.moves().iter().map(|m| m.name.clone()).collect(),
            moves.perms(),
        )?;
        let sizes = coset.part_sizes();
        if sizes.is_empty() {
            return Err(not_applicable(
                "the subgroup has the same orbits and twists as the group".into(),
            ));
        }
        let move_bytes: u64 = sizes.iter().map(|&n| n * all.len() as u64 * 4).sum();
        budget.check_bytes(move_bytes)?;
        if let Some(&n) = sizes.iter().find(|&&n| n > u32::MAX as u64 / 2) {
            return Err(not_applicable(format!(
                "a phase-1 coordinate of {n} values"
            )));
        }
        let coords1 = phase1_coordinates(&coset, degree);

        // phase 2: per orbit of H on the tracked labels, their arrangement
        let sub_moves: Vec<usize> = (0..in_sub.len()).filter(|&m| in_sub[m]).collect();
        let orbits = Phase2Orbits::new(moves, &sub, &coset, &sub_moves)?;
        let sub_costs: Vec<u32> = sub_moves.iter().map(|&m| costs[m]).collect();
        let [tables1, tables2] = pair_tables(
            [(&coords1, &costs), (&orbits.coords, &sub_costs)],
            move_bytes,
            budget,
            cache,
        )?;
        Ok(TwoPhase {
            moves: moves.clone(),
            in_sub,
            coset,
            phase1: Phase {
                moves: all,
                coords: coords1,
                tables: tables1,
            },
            orbit_labels: orbits.labels,
            orbit_slot: orbits.slot,
            orbit_rank: orbits.rank,
            phase2: Phase {
                moves: sub_moves,
                coords: orbits.coords,
                tables: tables2,
            },
            subgroup: sub,
            directions: std::sync::OnceLock::new(),
            inverse_moves: std::sync::OnceLock::new(),
        })
    }

    /// The move set.
    pub fn moves(&self) -> &MoveSet {
        &self.moves
    }

    /// The subgroup `H`.
    pub fn subgroup(&self) -> &PermGroup {
        &self.subgroup
    }

    /// The number of values of each coordinate of phase 1 and of phase 2.
    pub fn coordinate_sizes(&self) -> (Vec<u32>, Vec<u32>) {
        (
            self.phase1.coords.iter().map(|c| c.values).collect(),
            self.phase2.coords.iter().map(|c| c.values).collect(),
        )
    }

    /// Bytes of all tables.
    pub fn bytes(&self) -> u64 {
        self.phase1.bytes() + self.phase2.bytes()
    }

    /// Phase 1's coordinates of an image-list state (`s[l]` = position of label `l`).
    fn coords1(&self, s: &[u8], out: &mut Vec<u32>) {
        let tracked = slice::product(self.coset.tracked(), s);
        self.coset.parts_of(&tracked, out);
    }

    /// Phase 2's coordinates of an image-list state in `H`.
    fn coords2(&self, s: &[u8], out: &mut [u32]) {
        let mut pos = [0u8; 16];
        for (c, ((labels, slot), rank)) in out.iter_mut().zip(
            self.orbit_labels
                .iter()
                .zip(&self.orbit_slot)
                .zip(&self.orbit_rank),
        ) {
            for (p, &l) in pos.iter_mut().zip(labels) {
                *p = slot[s[l as usize] as usize];
            }
            *c = rank.rank(&pos[..labels.len()]) as u32;
        }
    }

    /// The directions searched (see [`Direction`]): `g` and its inverse, then
    /// the same conjugated by one symmetry of the moves per other conjugate of
    /// `H` (at most [`MAX_CONJUGATES`]).
    fn directions(&self) -> &[Direction] {
        self.directions.get_or_init(|| {
            let n = self.moves.moves().len();
            let inverse: Vec<usize> = (0..n)
                .map(|m| {
                    let mv = &self.moves.moves()[m];
                    let want = (self.moves.family_order(mv.family) - mv.power)
                        % self.moves.family_order(mv.family);
                    (0..n)
                        .find(|&x| {
                            self.moves.moves()[x].family == mv.family
                                && self.moves.moves()[x].power == want
                        })
                        .unwrap_or(usize::MAX)
                })
                .collect();
            let identity: Vec<usize> = (0..n).collect();
            let mut out = vec![Direction {
                sigma: None,
                inverted: false,
                to_g: identity.clone(),
            }];
            let invertible = inverse.iter().all(|&m| m != usize::MAX);
            let mut conjugates: Vec<(Symmetry, Vec<usize>)> = Vec::new();
            let mut seen: Vec<Vec<usize>> = vec![(0..n).filter(|&m| self.in_sub[m]).collect()];
            for sym in move_symmetries(&self.moves, SYMMETRY_NODES).list {
                if conjugates.len() >= MAX_CONJUGATES {
                    break;
                }
                // the moves conjugate to H's moves: another subgroup?
                let mut image: Vec<usize> = (0..n)
                    .filter(|&m| self.in_sub[m])
                    .map(|m| sym.move_map[m])
                    .collect();
                image.sort_unstable();
                if seen.contains(&image) {
                    continue;
                }
                seen.push(image);
                let mut to_g = vec![usize::MAX; n];
                for (m, &t) in sym.move_map.iter().enumerate() {
                    to_g[t] = m;
                }
                if to_g.contains(&usize::MAX) {
                    continue;
                }
                conjugates.push((sym, to_g));
            }
            if invertible {
                out.push(Direction {
                    sigma: None,
                    inverted: true,
                    to_g: identity,
                });
            }
            for (sym, to_g) in conjugates {
                out.push(Direction {
                    sigma: Some(sym.clone()),
                    inverted: false,
                    to_g: to_g.clone(),
                });
                if invertible {
                    out.push(Direction {
                        sigma: Some(sym),
                        inverted: true,
                        to_g,
                    });
                }
            }
            // the inverse move of each move, for the inverted directions
            self.inverse_moves.get_or_init(|| inverse);
            out
        })
    }

    /// The shortest solution of the position `g` (the permutation taking solved to
    /// it) found within the budget, stopping at once at a solution of at most
    /// `target` moves; `None` when none was found in time. An error when `g` is not
    /// in the group of the moves.
    ///
    /// Several positions are searched side by side, each phase-1 length in turn
    /// for all of them (`g`, `g⁻¹`, and both conjugated by a
    /// symmetry of the moves through each other conjugate of `H`, as H.
    /// Kociemba's and Chen Shuang's solvers search the three axes and the
    /// inverse): a short solution of any of them is one of `g`, and the best so
    /// far bounds them all.
    pub fn solve(
        &self,
        g: &Perm,
        target: Option<u32>,
        budget: &SearchBudget,
    ) -> Result<Option<TwoPhaseSolution>, TwoPhaseError> {
        let degree = self.moves.degree();
        if g.degree() > degree || !self.moves.group().contains(g) {
            return Err(TwoPhaseError::NotApplicable(
                "the position is not reachable with the puzzle's moves".into(),
            ));
        }
        let start = super::ida::state_of(g, degree);
        let start_inverse = super::ida::state_of(&g.inverse(), degree);
        let mut searches: Vec<(Search, u32)> = self
            .directions()
            .iter()
            .map(|d| {
                let s = if d.inverted { &start_inverse } else { &start };
                let s = match &d.sigma {
                    Some(sym) => sym.conjugate(s),
                    None => s.clone(),
                };
                let search = Search::new(self, budget, target.unwrap_or(0), s);
                let first = self.phase1.estimate(&search.v1[0]);
                (search, first)
            })
            .collect();
        let mut best: Option<TwoPhaseSolution> = None;
        let lowest = searches.iter().map(|s| s.1).min().unwrap_or(0);
        'bounds: for b1 in lowest..=MAX_PHASE {
            // with a target, only phase 1s within it are completed
            if best.is_some() && target.is_some_and(|t| t > 0 && b1 > t) {
                break 'bounds;
            }
            for (k, (search, first)) in searches.iter_mut().enumerate() {
                if best.as_ref().is_some_and(|b| b.cost <= b1) {
                    break 'bounds;
                }
                if b1 < *first {
                    continue;
                }
                // the best so far bounds this search too
                search.cap = best.as_ref().map(|b| b.cost);
                search.premoves(0, 0, b1);
                if let Some(found) = &search.best {
                    if best.as_ref().is_none_or(|b| found.cost < b.cost) {
                        best = Some(self.in_g_frame(&self.directions()[k], found));
                    }
                }
                if search.done || search.out_of_time {
                    break 'bounds;
                }
                if search.best.is_none() {
                    search.slack += 1;
                }
            }
        }
        let (leaves, nodes) = searches
            .iter()
            .fold((0, 0), |(l, n), (s, _)| (l + s.leaves, n + s.nodes));
        Ok(best.map(|mut b| {
            b.phase1_solutions = leaves;
            b.nodes = nodes;
            b
        }))
    }

    /// A solution found searching in direction `d`, as a solution of `g`.
    fn in_g_frame(&self, d: &Direction, found: &TwoPhaseSolution) -> TwoPhaseSolution {
        let mut moves: Vec<usize> = found.moves.iter().map(|&m| d.to_g[m]).collect();
        if d.inverted {
            let inverse = self.inverse_moves.get().expect("set with the directions");
            moves = moves.iter().rev().map(|&m| inverse[m]).collect();
        }
        TwoPhaseSolution {
            names: moves
                .iter()
                .map(|&m| self.moves.moves()[m].name.clone())
                .collect(),
            moves,
            ..found.clone()
        }
    }
}

/// The state of one [`TwoPhase::solve`].
struct Search<'a> {
    tp: &'a TwoPhase,
    budget: &'a SearchBudget<'a>,
    target: u32,
    /// The position searched (index 0) and the positions its pre-moves make:
    /// `states[i + 1]` is `premoves[i]` applied before `states[i]`.
    states: Vec<Vec<u8>>,
    premoves: Vec<usize>,
    /// The pre-moves in force (a prefix of `premoves`) and their cost.
    pre_len: usize,
    pre_cost: u32,
    path: Vec<usize>,
    path2: Vec<usize>,
    /// Per depth, the coordinates of each phase.
    v1: Vec<Vec<u32>>,
    v2: Vec<Vec<u32>>,
    scratch: Vec<u8>,
    scratch2: Vec<u8>,
    best: Option<TwoPhaseSolution>,
    /// The cost of the best solution of the other directions: only a cheaper
    /// one is looked for.
    cap: Option<u32>,
    slack: u32,
    nodes: u64,
    leaves: u64,
    /// Whether phase 2 takes a solution shorter than its bound.
    any_length: bool,
    /// When a solution longer than the target is looked for too, while there
    /// is none (`None`: from the start).
    fallback_at: Option<Instant>,
    out_of_time: bool,
    done: bool,
}

impl<'a> Search<'a> {
    /// A search of the position `start` (an image list).
    fn new(
        tp: &'a TwoPhase,
        budget: &'a SearchBudget<'a>,
        target: u32,
        start: Vec<u8>,
    ) -> Search<'a> {
        let degree = tp.moves.degree();
        let mut c1 = Vec::new();
        tp.coords1(&start, &mut c1);
        let mut v1 = vec![vec![0; c1.len()]; MAX_PHASE as usize + 2];
        v1[0].copy_from_slice(&c1);
        Search {
            tp,
            budget,
            target,
            states: {
                let mut states = vec![vec![0u8; degree]; MAX_PREMOVES + 1];
                states[0] = start;
                states
            },
            premoves: vec![0; MAX_PREMOVES],
            pre_len: 0,
            pre_cost: 0,
            path: Vec::new(),
            path2: Vec::new(),
            v1,
            v2: vec![vec![0; tp.phase2.coords.len()]; MAX_PHASE as usize + 2],
            scratch: vec![0u8; degree],
            scratch2: vec![0u8; degree],
            best: None,
            cap: None,
            slack: 3,
            nodes: 0,
            leaves: 0,
            any_length: false,
            fallback_at: match (target, budget.remaining()) {
                (0, _) | (_, None) => None,
                (_, Some(left)) => Some(Instant::now() + left / 4),
            },
            out_of_time: false,
            done: false,
        }
    }

    /// Counts a node; checks the budget every 4096 nodes.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 4095 == 0 && self.budget.expired() {
            self.out_of_time = true;
        }
        self.out_of_time || self.done
    }

    /// The phase-1 searches of total bound `b1` from the position `states[level]`
    /// (reached by the pre-moves `premoves[..level]` of cost `pre_cost`), then
    /// from each position one more pre-move makes, while at least
    /// [`PREMOVE_MIN_PHASE1`] of the bound is left for phase 1.
    ///
    /// A solution `w` of the position `p·s` (the move `p` applied before `s`)
    /// gives the solution `w·p` of `s`: solutions that leave `H` again at their
    /// end, which a plain two-phase search reaches only at longer phase-1
    /// lengths (pre-moves, as in Chen Shuang's min2phase).
    fn premoves(&mut self, level: usize, pre_cost: u32, b1: u32) {
        let tp = self.tp;
        let mut root = std::mem::take(&mut self.v1[0]);
        tp.coords1(&self.states[level], &mut root);
        self.v1[0] = root;
        // a last pre-move in H would join phase 2: those solutions are found
        // without it
        let fresh = level == 0 || !tp.in_sub[self.premoves[level - 1]];
        if fresh && pre_cost + tp.phase1.estimate(&self.v1[0]) <= b1 {
            self.pre_len = level;
            self.pre_cost = pre_cost;
            self.phase1(0, 0, b1 - pre_cost, None, 0);
            if self.out_of_time || self.done {
                return;
            }
        }
        // pre-moves serve a target: without one, every phase-1 length is
        // searched through anyway
        if level == MAX_PREMOVES || self.target == 0 {
            return;
        }
        for p in 0..tp.moves.moves().len() {
            let cost = pre_cost + tp.moves.cost(p);
            if cost + PREMOVE_MIN_PHASE1 > b1 {
                continue;
            }
            // in the solution the new pre-move comes before the last one
            if level > 0 && !tp.moves.allowed(Some(p), 1, self.premoves[level - 1]) {
                continue;
            }
            let (lo, hi) = self.states.split_at_mut(level + 1);
            let (from, to) = (&lo[level], &mut hi[0]);
            let img = &tp.moves.moves()[p].perm;
            for (t, l) in to.iter_mut().zip(0..) {
                *t = from[img.image(l)];
            }
            self.premoves[level] = p;
            self.premoves(level + 1, cost, b1);
            if self.out_of_time || self.done {
                return;
            }
        }
    }

    /// Phase 1 at `depth` (cost `cost`) with the bound `bound`; `run` equal moves
    /// `last` end the path.
    fn phase1(&mut self, depth: usize, cost: u32, bound: u32, last: Option<usize>, run: u32) {
        let tp = self.tp;
        let n = tp.phase1.moves.len();
        for m in 0..n {
            if !tp.moves.allowed(last, run, m) {
                continue;
            }
            let c = cost + tp.moves.cost(m);
            if c > bound {
                continue;
            }
            if self.tick() {
                return;
            }
            let (lo, hi) = self.v1.split_at_mut(depth + 1);
            tp.phase1.step(&lo[depth], m, &mut hi[0]);
            if !tp.phase1.within(&hi[0], bound - c) {
                continue;
            }
            self.path.push(m);
            if c == bound {
                if tp.phase1.solved(&self.v1[depth + 1]) && !tp.in_sub[m] {
                    self.leaf(bound);
                }
            } else {
                let r = if last == Some(m) { run + 1 } else { 1 };
                self.phase1(depth + 1, c, bound, Some(m), r);
            }
            self.path.pop();
            if self.out_of_time || self.done {
                return;
            }
        }
        if depth == 0 && bound == 0 && tp.phase1.solved(&self.v1[0]) {
            // the position is in H already: phase 2 alone
            self.leaf(0);
        }
    }

    /// A phase-1 solution of cost `cost1` (the path): completed by the shortest
    /// phase 2 that makes a better total.
    fn leaf(&mut self, cost1: u32) {
        let tp = self.tp;
        self.leaves += 1;
        // the state after phase 1
        self.scratch.copy_from_slice(&self.states[self.pre_len]);
        for &m in &self.path {
            tp.moves.apply(m, &self.scratch, &mut self.scratch2);
            std::mem::swap(&mut self.scratch, &mut self.scratch2);
        }
        let mut v = std::mem::take(&mut self.v2[0]);
        tp.coords2(&self.scratch, &mut v);
        self.v2[0] = v;
        let h2 = tp.phase2.estimate(&self.v2[0]);
        let better_than = self
            .best
            .as_ref()
            .map(|b| b.cost)
            .into_iter()
            .chain(self.cap)
            .min();
        // the longest total looked for: with a target, the target (a phase 2
        // searched beyond it would cost most of the time); without one,
        // shorter than the best. While no direction has any solution and
        // the first quarter of the time is over (at once without a time
        // limit or a target), a phase 2 a few moves beyond its estimate, so
        // that an answer is at hand.
        let spent = cost1 + self.pre_cost;
        let fallback_due = self.fallback_at.is_none_or(|t| Instant::now() >= t);
        let longest = match better_than {
            Some(c) if self.target > 0 => self.target.min(c.saturating_sub(1)),
            Some(c) => c.saturating_sub(1),
            None if self.target > 0 && !fallback_due => self.target,
            None => (spent + h2 + self.slack).max(self.target),
        };
        let Some(cap) = longest.checked_sub(spent) else {
            return;
        };
        let cap = cap.min(MAX_PHASE);
        // the first answer beyond a target: any phase 2 within the cap (a
        // depth-first search at the cap finds one soonest); else the
        // shortest, bound by bound
        self.any_length = better_than.is_none() && self.target > 0 && longest > self.target;
        let lowest = if self.any_length { cap } else { h2 };
        let last = self.path.last().copied();
        for bound in lowest..=cap {
            self.path2.clear();
            if self.phase2(0, 0, bound, last, true) {
                let mut moves = self.path.clone();
                moves.extend_from_slice(&self.path2);
                moves.extend(self.premoves[..self.pre_len].iter().rev());
                let cost = moves.iter().map(|&m| tp.moves.cost(m)).sum();
                self.best = Some(TwoPhaseSolution {
                    names: moves
                        .iter()
                        .map(|&m| tp.moves.moves()[m].name.clone())
                        .collect(),
                    moves,
                    cost,
                    phase1: cost1,
                    phase1_solutions: 0,
                    nodes: 0,
                });
                if cost <= self.target {
                    self.done = true;
                }
                return;
            }
            if self.out_of_time {
                return;
            }
        }
    }

    /// Whether the phases' last move and the pre-moves' first (in the solution)
    /// are of different families: else the two make one move, and the solution
    /// is found shorter elsewhere.
    fn meets_premoves(&self) -> bool {
        if self.pre_len == 0 {
            return true;
        }
        let all = self.tp.moves.moves();
        let first = all[self.premoves[self.pre_len - 1]].family;
        self.path2
            .last()
            .or(self.path.last())
            .is_none_or(|&m| all[m].family != first)
    }

    /// Phase 2 at `depth` (cost `cost`) within `bound`; `boundary` while its first
    /// move is chosen (then only the last phase-1 move's family is excluded).
    fn phase2(
        &mut self,
        depth: usize,
        cost: u32,
        bound: u32,
        last: Option<usize>,
        boundary: bool,
    ) -> bool {
        let tp = self.tp;
        if tp.phase2.solved(&self.v2[depth]) {
            return (cost == bound || self.any_length) && self.meets_premoves();
        }
        let all = tp.moves.moves();
        for (k, &m) in tp.phase2.moves.iter().enumerate() {
            let ok = match (boundary, last) {
                (_, None) => true,
                (true, Some(l)) => all[l].family != all[m].family,
                (false, Some(l)) => {
                    let run = self.path2.iter().rev().take_while(|&&x| x == l).count() as u32;
                    tp.moves.allowed(Some(l), run, m)
                }
            };
            if !ok {
                continue;
            }
            let c = cost + all[m].cost;
            if c > bound {
                continue;
            }
            if self.tick() {
                return false;
            }
            let (lo, hi) = self.v2.split_at_mut(depth + 1);
            tp.phase2.step(&lo[depth], k, &mut hi[0]);
            if !tp.phase2.within(&hi[0], bound - c) {
                continue;
            }
            self.path2.push(m);
            if self.phase2(depth + 1, c, bound, Some(m), false) {
                return true;
            }
            self.path2.pop();
            if self.out_of_time {
                return false;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::moves::Metric;
    use crate::Puzzle;
    use rand::SeedableRng;

    /// Every solution undoes its position; on cube2 (a full table is the second
    /// method) the two-phase length is at least the optimal one.
    #[test]
    fn solutions_undo_their_positions_and_are_never_below_optimal() {
        let cube = Puzzle::builtin("cube2").unwrap();
        let moves = MoveSet::for_puzzle(&cube, Metric::Htm).unwrap();
        let h = cube.parse_subgroup("cube2[U,D,R2,L2,F2,B2]").unwrap();
        let tp = TwoPhase::new(&moves, &h, &SearchBudget::unlimited()).unwrap();
        let space = crate::search::space::GroupSpace::new(
            "cube2",
            cube.degree(),
            moves.moves().iter().map(|m| m.name.clone()).collect(),
            moves.perms(),
        )
        .unwrap();
        let (table, _) = crate::search::bfs::search_space(
            &space,
            &Default::default(),
            &SearchBudget::unlimited(),
        )
        .unwrap();
        let group = cube.group();
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..12 {
            let g = group.random_element(&mut rng);
            let budget = SearchBudget::unlimited().with_time_limit(20.0).unwrap();
            let sol = tp.solve(&g, None, &budget).unwrap().unwrap();
            let w = cube.parse_word(&sol.names.join(" ")).unwrap();
            assert!((&g * &cube.eval(&w)).is_identity());
            let optimal = crate::search::solve::distance_with_table(
                &space,
                &table,
                &crate::search::ida::state_of(&g, cube.degree()),
            )
            .unwrap() as u32;
            assert!(sol.cost >= optimal, "{} < {optimal}", sol.cost);
            assert_eq!(sol.cost, sol.names.len() as u32);
        }
    }

    #[test]
    fn cube3_coordinates_are_kociembas() {
        let cube = Puzzle::builtin("cube3").unwrap();
        let moves = MoveSet::for_puzzle(&cube, Metric::Htm).unwrap();
        let h = cube.parse_subgroup("cube3[U,D,R2,L2,F2,B2]").unwrap();
        let tp = TwoPhase::new(&moves, &h, &SearchBudget::unlimited()).unwrap();
        let (mut c1, mut c2) = tp.coordinate_sizes();
        c1.sort_unstable();
        c2.sort_unstable();
        assert_eq!(c1, [495, 2048, 2187]);
        assert_eq!(c2, [24, 40320, 40320]);
        // phase-1 distances: Kociemba's twist × slice table has 12 as its largest
        // distance... checked here against a plain BFS of the coset parts instead
        assert_eq!(tp.subgroup().order(), 19_508_428_800u64.into());
    }

    /// Searches phase 1 at growing bounds until `search` has a solution, and
    /// checks that, mapped back through the direction `d`, it undoes `g` and
    /// has one move per unit of cost.
    fn assert_first_solution_undoes(search: &mut Search, d: &Direction, g: &Perm, cube: &Puzzle) {
        for b1 in 0..=MAX_PHASE {
            search.phase1(0, 0, b1, None, 0);
            if search.best.is_some() {
                break;
            }
            search.slack += 1;
        }
        let found = search.tp.in_g_frame(d, search.best.as_ref().unwrap());
        let w = cube.parse_word(&found.names.join(" ")).unwrap();
        assert!((g * &cube.eval(&w)).is_identity(), "{d:?}");
        assert_eq!(found.cost, found.moves.len() as u32);
    }

    /// Every direction (the position, its inverse, through the other axes)
    /// searched alone gives, mapped back, a word that undoes the position; on
    /// cube3 there are six: the three conjugates of Kociemba's subgroup, each
    /// also inverted.
    #[test]
    fn every_direction_maps_back_to_a_solution() {
        let cube = Puzzle::builtin("cube3").unwrap();
        let moves = MoveSet::for_puzzle(&cube, Metric::Htm).unwrap();
        let h = cube.parse_subgroup("cube3[U,D,R2,L2,F2,B2]").unwrap();
        let tp = TwoPhase::new(&moves, &h, &SearchBudget::unlimited()).unwrap();
        let dirs = tp.directions();
        assert_eq!(dirs.len(), 6);
        assert_eq!(dirs.iter().filter(|d| d.inverted).count(), 3);
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let budget = SearchBudget::unlimited();
        for _ in 0..3 {
            let g = moves.group().random_element(&mut rng);
            for d in dirs {
                let p = if d.inverted { g.inverse() } else { g.clone() };
                let s = super::super::ida::state_of(&p, 54);
                let s = d.sigma.as_ref().map_or(s.clone(), |sym| sym.conjugate(&s));
                let mut search = Search::new(&tp, &budget, 30, s);
                assert_first_solution_undoes(&mut search, d, &g, &cube);
            }
        }
    }

    /// A solution found from the position a pre-move makes, with the pre-move
    /// appended, undoes the position itself, in every direction; and `solve`
    /// with a target of 20 on cube3 (pre-moves included) gives words of at
    /// most 20 moves that undo their positions.
    #[test]
    fn premoved_solutions_undo_their_positions() {
        let cube = Puzzle::builtin("cube3").unwrap();
        let moves = MoveSet::for_puzzle(&cube, Metric::Htm).unwrap();
        let h = cube.parse_subgroup("cube3[U,D,R2,L2,F2,B2]").unwrap();
        let tp = TwoPhase::new(&moves, &h, &SearchBudget::unlimited()).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let budget = SearchBudget::unlimited();
        let outside: Vec<usize> = (0..moves.moves().len())
            .filter(|&m| !tp.in_sub[m])
            .collect();
        for (i, d) in tp.directions().iter().enumerate() {
            let g = moves.group().random_element(&mut rng);
            let p = if d.inverted { g.inverse() } else { g.clone() };
            let s = super::super::ida::state_of(&p, 54);
            let s = d.sigma.as_ref().map_or(s.clone(), |sym| sym.conjugate(&s));
            let mut search = Search::new(&tp, &budget, 40, s);
            // the pre-moves p2 then p1 (in the solution: p1 last)
            let (p1, p2) = (outside[i % outside.len()], outside[(i + 3) % outside.len()]);
            for (level, pm) in [p1, p2].into_iter().enumerate() {
                let img = &moves.moves()[pm].perm;
                let from = search.states[level].clone();
                for (t, l) in search.states[level + 1].iter_mut().zip(0..) {
                    *t = from[img.image(l)];
                }
                search.premoves[level] = pm;
            }
            search.pre_len = 2;
            search.pre_cost = 2;
            let mut root = Vec::new();
            tp.coords1(&search.states[2], &mut root);
            search.v1[0] = root;
            assert_first_solution_undoes(&mut search, d, &g, &cube);
        }
        for _ in 0..10 {
            let g = moves.group().random_element(&mut rng);
            let sol = tp.solve(&g, Some(20), &budget).unwrap().unwrap();
            assert!(sol.cost <= 20);
            assert_eq!(sol.cost, sol.names.len() as u32);
            let w = cube.parse_word(&sol.names.join(" ")).unwrap();
            assert!((&g * &cube.eval(&w)).is_identity());
        }
    }
}
