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
//! - the **metrics** ([`Metric`](crate::puzzle::Metric)): half-turn (every power of a generator is one
//!   move) and quarter-turn (a generator and its inverse are moves of cost 1, other
//!   powers cost `min(k, order-k)`).
//!
//! States are image lists as in [`crate::search::space::GroupSpace`]: `s[l]` is the
//! position of the piece labelled `l`; a move `m` after it gives `out[l] = m[s[l]]`.
//! A solution takes the state to the identity.

//!
//! The module has three parts: `projection` (what a pruning table keeps of a
//! position, and its cached table), `heuristic` (the tables chosen for a move set and
//! their look-ups) and, here, the IDA* loop.

mod heuristic;
mod projection;

pub use heuristic::*;
pub use projection::*;

/// The nodes the symmetry backtrack of [`optimal_heuristic`] (and of a symmetric coset
/// table) may visit.
const SYMMETRY_NODES: u64 = 2_000_000;

use crate::perm::Perm;
use crate::search::bfs::SearchError;
use crate::search::budget::SearchBudget;
use crate::search::moves::MoveSet;
use crate::search::solve::SolveError;
use crate::search::space::{SpaceError, StateSpace};
use crate::search::table::TableError;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
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
    /// The moves.
    #[error(transparent)]
    Moves(#[from] crate::search::moves::MoveError),
    /// Something else, explained.
    #[error("{0}")]
    Other(String),
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
    /// The least bound of the first pass ([`Ida::with_first_bound`]).
    first_bound: u32,
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
    budget: &'c SearchBudget<'c>,
    /// Raised by another thread of the pass (a solution or the budget).
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
            first_bound: 0,
        }
    }

    /// The number of threads of [`Ida::solve`] (at least 1).
    pub fn with_threads(mut self, threads: usize) -> Ida<'a> {
        self.threads = threads.max(1);
        self
    }

    /// The first bound of [`Ida::solve`] at least `bound`: a search continued
    /// after an earlier one showed that no solution costs less.
    pub fn with_first_bound(mut self, bound: u32) -> Ida<'a> {
        self.first_bound = bound;
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
        budget: &SearchBudget,
    ) -> Result<Outcome, IdaError> {
        let identity = |s: &[u8]| s.iter().enumerate().all(|(i, &x)| x as usize == i);
        let mut bound = self.heuristic.estimate(start)?.max(self.first_bound);
        while bound <= max_cost {
            let (t0, n0) = (Instant::now(), self.nodes);
            let (pass, found) = if self.threads > 1 {
                self.parallel_pass(start, bound, budget)?
            } else {
                let mut found = None;
                let pass = self.search_bound(start, bound, &identity, budget, &mut |p, _| {
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
                vec![(0, (0, 0)); self.moves.moves().len() * views.len()];
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
        budget: &SearchBudget,
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
                        budget,
                        cancel: Some(&cancel),
                        out_of_time: false,
                        on_solution: &mut report,
                    };
                    loop {
                        let m = next.fetch_add(1, Ordering::Relaxed);
                        if m >= moves.moves().len() || cancel.load(Ordering::Relaxed) {
                            break;
                        }
                        if !moves.allowed(None, 0, m) {
                            continue;
                        }
                        let c2 = moves.cost(m);
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
        budget: &SearchBudget,
        on_solution: &mut dyn FnMut(&[usize], &[u8]) -> Flow,
    ) -> Result<Pass, IdaError> {
        let mut frame = self.frame(start, bound)?;
        let h0 = frame.hs[0].iter().copied().max().unwrap_or(0) as u32;
        let mut ctx = Ctx {
            bound,
            goal,
            budget,
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
                let r = crate::with_space!(&p.space, sp => {
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
            |m: usize| self.moves.allowed(last, run, m) && cost + self.moves.cost(m) <= bound;
        let reduced = |i: u16| match projections[views[i as usize].proj].coord_index() {
            Some(Coordinates::SymCoset(c)) => Some(c),
            _ => None,
        };
        if f.orders[depth][..n].iter().any(|&i| reduced(i).is_some()) {
            for m in (0..self.moves.moves().len()).filter(|&m| wanted(m)) {
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
        for m in (0..self.moves.moves().len()).filter(|&m| wanted(m)) {
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
            if ctx.budget.expired() {
                ctx.out_of_time = true;
                return Flow::Stop;
            }
        }
        let moves = self.moves;
        Self::order_look_ups(f, depth);
        let prefetched = self.prefetch_children(f, depth, cost, bound, last, run);
        for m in 0..moves.moves().len() {
            if !moves.allowed(last, run, m) {
                continue;
            }
            let c2 = cost + moves.cost(m);
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
