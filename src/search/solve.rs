//! Optimal solutions: walking a distance table down to a goal, and, without a
//! table, a bidirectional breadth-first search within a depth bound.

use super::index::{Arrangements, IndexError};
use super::space::StateSpace;
use super::table::DistanceTable;
use crate::perm::slice;
use std::collections::HashMap;

/// Why no solution was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The state's table entry is unseen: it cannot reach a goal.
    #[error("the state cannot be solved with these moves (not reached by the search)")]
    Unreachable,
    /// The table does not fit the moves (a corrupt or foreign table).
    #[error("the distance table is inconsistent with the moves at depth {0}")]
    Inconsistent(usize),
}

fn goal_ranks<S: StateSpace>(space: &S) -> Vec<u64> {
    let mut g: Vec<u64> = space.goals().iter().map(|s| space.rank(s)).collect();
    g.sort_unstable();
    g
}

/// An optimal solution of state `s` (a list of move indices, applied in order)
/// read from a complete distance table of the space.
///
/// With moves closed under inverses every step goes to the neighbour whose code
/// is one less mod 3. Otherwise (seed 001's clockwise-only moves) a neighbour can
/// be farther by 2 with the same residue, so the walk is a breadth-first search
/// restricted to the steps that lower the residue by one: every optimal path lies
/// in it and every path in it ending at a goal has length `≡ d (mod 3)` and `≥ d`,
/// so the first goal reached is at the exact distance `d`.
///
/// ```
/// use permlab::search::bfs::{bfs, BfsOptions};
/// use permlab::search::solve::solve_with_table;
/// use permlab::search::space::{GroupSpace, StateSpace};
/// use permlab::search::table::DistanceTable;
/// use permlab::Puzzle;
/// use permlab::search::budget::SearchBudget;
///
/// let puzzle = Puzzle::builtin("board:2x3:2").unwrap();
/// let space = GroupSpace::for_puzzle(&puzzle, true).unwrap();
/// let table = DistanceTable::new(space.size());
/// bfs(&space, &table, &BfsOptions::default(), &SearchBudget::unlimited());
/// // scramble with three moves, solve, and replay the solution
/// let mut state = space.goals()[0].clone();
/// let mut next = state.clone();
/// for m in [0, 1, 0] {
///     space.apply(m, false, &state, &mut next);
///     std::mem::swap(&mut state, &mut next);
/// }
/// let solution = solve_with_table(&space, &table, &state).unwrap();
/// assert!(solution.len() <= 3);
/// for &m in &solution {
///     space.apply(m, false, &state, &mut next);
///     std::mem::swap(&mut state, &mut next);
/// }
/// assert_eq!(table.get(space.rank(&state)), Some(0));
/// ```
pub fn solve_with_table<S: StateSpace>(
    space: &S,
    table: &DistanceTable,
    s: &[u8],
) -> Result<Vec<usize>, SolveError> {
    let goals = goal_ranks(space);
    let width = space.width();
    let mut r = space.rank(s);
    let mut v = table.get(r).ok_or(SolveError::Unreachable)?;
    let mut cur = s[..width].to_vec();
    let mut t = vec![0u8; width];
    let mut path = Vec::new();
    if space.inverse_closed() {
        while goals.binary_search(&r).is_err() {
            let want = (v + 2) % 3;
            let mut stepped = false;
            for m in 0..space.move_count() {
                space.apply(m, false, &cur, &mut t);
                let rt = space.rank(&t);
                if table.get(rt) == Some(want) {
                    std::mem::swap(&mut cur, &mut t);
                    r = rt;
                    v = want;
                    path.push(m);
                    stepped = true;
                    break;
                }
            }
            if !stepped || path.len() > 100_000 {
                return Err(SolveError::Inconsistent(path.len()));
            }
        }
        return Ok(path);
    }
    // residue-lowering breadth-first search
    let mut parent: HashMap<u64, (u64, usize)> = HashMap::new();
    let mut frontier = vec![(r, cur, v)];
    parent.insert(r, (u64::MAX, usize::MAX));
    let mut depth = 0;
    loop {
        if let Some((rg, _, _)) = frontier
            .iter()
            .find(|(x, _, _)| goals.binary_search(x).is_ok())
        {
            let mut at = *rg;
            while let Some(&(p, m)) = parent.get(&at) {
                if p == u64::MAX {
                    break;
                }
                path.push(m);
                at = p;
            }
            path.reverse();
            return Ok(path);
        }
        if frontier.is_empty() || depth > 100_000 {
            return Err(SolveError::Inconsistent(depth));
        }
        let mut next = Vec::new();
        for (rc, c, vc) in &frontier {
            let want = (vc + 2) % 3;
            for m in 0..space.move_count() {
                space.apply(m, false, c, &mut t);
                let rt = space.rank(&t);
                if table.get(rt) == Some(want) && !parent.contains_key(&rt) {
                    parent.insert(rt, (*rc, m));
                    next.push((rt, t.clone(), want));
                }
            }
        }
        frontier = next;
        depth += 1;
    }
}

/// The exact distance of state `s` from a complete table (the length of
/// [`solve_with_table`]'s solution).
pub fn distance_with_table<S: StateSpace>(
    space: &S,
    table: &DistanceTable,
    s: &[u8],
) -> Result<usize, SolveError> {
    solve_with_table(space, table, s).map(|p| p.len())
}

/// Moves acting on states, for searches without an index.
pub trait Moves {
    /// Number of moves.
    fn move_count(&self) -> usize;
    /// The state after move `m` (or its inverse) into `out`.
    fn apply(&self, m: usize, inverse: bool, s: &[u8], out: &mut [u8]);
}

impl<S: StateSpace> Moves for S {
    fn move_count(&self) -> usize {
        StateSpace::move_count(self)
    }
    fn apply(&self, m: usize, inverse: bool, s: &[u8], out: &mut [u8]) {
        StateSpace::apply(self, m, inverse, s, out)
    }
}

/// Permutation moves on image lists (the group-element states of
/// [`super::space::GroupSpace`]), for groups too large to index.
pub struct PermMoves {
    fwd: Vec<Vec<u8>>,
    inv: Vec<Vec<u8>>,
}

impl PermMoves {
    /// Moves from permutations on `degree ≤ 256` points.
    pub fn new(perms: &[crate::Perm], degree: usize) -> PermMoves {
        let to_u8 = |p: &crate::Perm| -> Vec<u8> {
            let p = p.extended(degree);
            (0..degree).map(|i| p.image(i) as u8).collect()
        };
        PermMoves {
            fwd: perms.iter().map(to_u8).collect(),
            inv: perms.iter().map(|p| to_u8(&p.inverse())).collect(),
        }
    }
}

impl Moves for PermMoves {
    fn move_count(&self) -> usize {
        self.fwd.len()
    }
    fn apply(&self, m: usize, inverse: bool, s: &[u8], out: &mut [u8]) {
        let mv = if inverse { &self.inv[m] } else { &self.fwd[m] };
        slice::compose(s, mv, out);
    }
}

/// An optimal solution of `start` among those of length `≤ max_depth`, by a
/// bidirectional breadth-first search (from `start` with the moves, from `goal`
/// with the inverse moves, one complete layer at a time on the smaller side, the
/// shortest meeting kept), or `None` if there is none within the bound or the
/// searches would hold more than `node_limit` states.
pub fn bidirectional<M: Moves>(
    moves: &M,
    start: &[u8],
    goal: &[u8],
    max_depth: usize,
    node_limit: usize,
) -> Option<Vec<usize>> {
    if start == goal {
        return Some(Vec::new());
    }
    // state -> move that reached it (usize::MAX for the root)
    let mut fwd: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut bwd: HashMap<Vec<u8>, usize> = HashMap::new();
    fwd.insert(start.to_vec(), usize::MAX);
    bwd.insert(goal.to_vec(), usize::MAX);
    let mut ff = vec![start.to_vec()];
    let mut bf = vec![goal.to_vec()];
    let (mut df, mut db) = (0usize, 0usize);
    let mut t = vec![0u8; start.len()];
    while df + db < max_depth && !ff.is_empty() && !bf.is_empty() {
        let forward = ff.len() <= bf.len();
        let (map, other, frontier) = if forward {
            (&mut fwd, &bwd, &mut ff)
        } else {
            (&mut bwd, &fwd, &mut bf)
        };
        let mut next = Vec::new();
        let mut meet: Option<Vec<u8>> = None;
        for s in frontier.iter() {
            for m in 0..moves.move_count() {
                moves.apply(m, !forward, s, &mut t);
                if !map.contains_key(&t) {
                    map.insert(t.clone(), m);
                    if meet.is_none() && other.contains_key(&t) {
                        meet = Some(t.clone());
                    }
                    next.push(t.clone());
                }
            }
        }
        *frontier = next;
        if forward {
            df += 1;
        } else {
            db += 1;
        }
        if let Some(mid) = meet {
            // every meeting state in this layer gives the same total df + db
            return Some(join(moves, &fwd, &bwd, &mid));
        }
        if fwd.len() + bwd.len() > node_limit {
            return None;
        }
    }
    None
}

fn join<M: Moves>(
    moves: &M,
    fwd: &HashMap<Vec<u8>, usize>,
    bwd: &HashMap<Vec<u8>, usize>,
    mid: &[u8],
) -> Vec<usize> {
    let mut t = vec![0u8; mid.len()];
    let mut first = Vec::new();
    let mut s = mid.to_vec();
    while let Some(&m) = fwd.get(&s) {
        if m == usize::MAX {
            break;
        }
        first.push(m);
        moves.apply(m, true, &s, &mut t);
        std::mem::swap(&mut s, &mut t);
    }
    first.reverse();
    let mut s = mid.to_vec();
    while let Some(&m) = bwd.get(&s) {
        if m == usize::MAX {
            break;
        }
        first.push(m);
        moves.apply(m, false, &s, &mut t);
        std::mem::swap(&mut s, &mut t);
    }
    first
}

/// The exact distances of the positions whose `home` cells hold their own labels
/// (seed 004's "every arrangement of 1..8 with 9..12 home"), read from a complete
/// table: every arrangement of the other labels on the other cells, enumerated
/// by its Lehmer rank, is solved by [`solve_with_table`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HomeReport {
    /// Positions by distance.
    pub distribution: Vec<u64>,
    /// Arrangements that are not positions of the space (or cannot be solved).
    pub outside: u64,
    /// Up to 10 positions at the largest distance (0-based labels at cells).
    pub hardest: Vec<Vec<u32>>,
}

/// Computes the [`HomeReport`] of the cells `home` (0-based) of a space on
/// `degree` cells.
pub fn home_distribution<S: StateSpace>(
    space: &S,
    table: &DistanceTable,
    degree: usize,
    home: &[usize],
) -> Result<HomeReport, IndexError> {
    let free: Vec<usize> = (0..degree).filter(|c| !home.contains(c)).collect();
    let arr = Arrangements::new(free.len(), free.len())?;
    let mut distribution: Vec<u64> = Vec::new();
    let mut outside = 0u64;
    let mut hardest: Vec<Vec<u32>> = Vec::new();
    let mut buf = vec![0u8; free.len()];
    for r in 0..arr.size() {
        arr.unrank(r, &mut buf);
        let mut cells: Vec<u32> = (0..degree as u32).collect();
        for (j, &b) in buf.iter().enumerate() {
            cells[free[j]] = free[b as usize] as u32;
        }
        let d = match space
            .state_of_cells(&cells)
            .ok()
            .and_then(|s| solve_with_table(space, table, &s).ok())
        {
            Some(p) => p.len(),
            None => {
                outside += 1;
                continue;
            }
        };
        if distribution.len() <= d {
            distribution.resize(d + 1, 0);
            hardest.clear();
        }
        distribution[d] += 1;
        if d + 1 == distribution.len() && hardest.len() < 10 {
            hardest.push(cells);
        }
    }
    Ok(HomeReport {
        distribution,
        outside,
        hardest,
    })
}
