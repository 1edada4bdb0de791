//! Near-optimal solutions piece group by piece group ("piece stages"), for
//! puzzles too large for optimal search (the Megaminx), generic over puzzles.
//!
//! The method is block building in stages, as in Thistlethwaite's and layer-by-layer
//! solving, each stage solved optimally by IDA* with pattern databases (R. E. Korf,
//! "Finding optimal solutions to Rubik's Cube using pattern databases", AAAI 1997):
//!
//! 1. **Pieces and order** ([`Plan::new`]): the pieces are those of
//!    [`crate::search::pieces`]. One move family (a face) is chosen to be solved
//!    last; the families get their distance from it in the graph "moves a common
//!    piece", and each piece the mean distance of the families moving it. Pieces
//!    are placed in decreasing mean distance (the far side of the puzzle first),
//!    ties broken towards pieces sharing a family with many placed ones, so the
//!    solved region grows as a block; the last face's pieces come last. The order
//!    is cut into stages of a few pieces.
//! 2. **Stage `k`** is an IDA* search over all moves from the current position to
//!    any position where the pieces of stages `1..=k` are home (the earlier ones stay
//!    solved). Its heuristic is the maximum of [`ProjectionKind::Pieces`] tables
//!    (one sticker per piece) covering exactly those pieces: each orbit's pieces, in
//!    solving order, are cut into chunks of as many pieces as fit in a table; a chunk
//!    wholly solved by stage `k` is one table, a chunk partly solved is covered by a
//!    (small) table of its solved part. The tables are built once, before the first
//!    solve, after one memory check of them all, and shared by all stages and
//!    positions.
//! 3. **Macros** ([`super::macros`]: commutators of short words moving at most
//!    three pieces, and their conjugates) finish the position by a beam search
//!    from the *finish stage* on: the first stage of the last family's pieces, or
//!    earlier once at most [`StageOptions::finish_pieces`] pieces are left. A
//!    stage whose IDA* does not finish in its time is placed by macros too (with
//!    the next stages, [`StageOptions::macro_stages`]), and the stages go on.
//!    Only when the macros fail as well (out of time) is the remaining position
//!    factorised through the stabiliser chain (Minkwitz's tables, T. Minkwitz,
//!    J. Symbolic Comput. 26 (1998), [`PermGroup::factor`]), which is always
//!    correct but long.
//! 4. The stages' moves are joined, adjacent moves of one family merged
//!    ([`MoveSet::merge`]), and the whole word is replayed on the position: a word
//!    that does not solve it is an error, never an answer.

use super::ida::{
    Flow, Heuristic, Ida, IdaError, Limits, MoveSet, Pass, Projection, ProjectionKind,
};
use super::index::Arrangements;
use super::macros::{BeamOptions, MacroOptions, Macros};
use super::pieces::Pieces;
use super::table::{check_memory, table_bytes};
use crate::group::PermGroup;
use crate::perm::Perm;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Largest pruning table of the stages by default (entries, 4 per byte: 64 KB):
/// three one-sticker pieces of a 60-point orbit (the Megaminx's corners or edges,
/// 205,320 entries), built in a fraction of a second each. Tables of four pieces
/// (11.7 M entries) took 10–20 s each on the Megaminx and did not make the deep
/// stages finish (measured: a stage of the upper layer still ran out of 128 s).
pub const DEFAULT_TABLE_ENTRIES: u64 = 1 << 18;

/// Pieces per stage by default: with two, an early Megaminx stage already took
/// 6.7 M nodes (31 s); with one the first 35 pieces took 18 s.
pub const DEFAULT_STAGE_PIECES: usize = 1;

/// How the stages are planned.
#[derive(Clone, Debug)]
pub struct StageOptions {
    /// Pieces per stage (at least 1).
    pub stage_pieces: usize,
    /// Largest pruning table (entries).
    pub table_entries: u64,
    /// The family solved last (`None`: the one moving most pieces, the first of
    /// those).
    pub last_family: Option<usize>,
    /// Macros ([`super::macros`]) finish the position: from the first stage of
    /// the last family's pieces on, and whenever a stage runs out of time
    /// (`None`: no macros, a stage out of time factorises the rest).
    pub macros: Option<MacroOptions>,
    /// The beam search of the macros.
    pub beam: BeamOptions,
    /// Macros finish the position once at most this many pieces are left (and
    /// from the last family's first piece on in any case); 0: one and a half
    /// times the pieces the last family moves.
    pub finish_pieces: usize,
    /// Stages a stage out of time places with macros at once (its pieces and
    /// those of the next `macro_stages - 1` stages).
    pub macro_stages: usize,
}

impl Default for StageOptions {
    fn default() -> StageOptions {
        StageOptions {
            stage_pieces: DEFAULT_STAGE_PIECES,
            table_entries: DEFAULT_TABLE_ENTRIES,
            last_family: None,
            macros: Some(MacroOptions::default()),
            beam: BeamOptions::default(),
            finish_pieces: 0,
            macro_stages: 2,
        }
    }
}

/// The stages and tables of a solver, computed before anything is allocated.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The pieces.
    pub pieces: Pieces,
    /// The family solved last.
    pub last_family: usize,
    /// The pieces (indices into `pieces.pieces`) in solving order.
    pub order: Vec<usize>,
    /// The pieces of each stage.
    pub stages: Vec<Vec<usize>>,
    /// The tables: the labels each tracks (one sticker per piece).
    pub tables: Vec<Vec<usize>>,
    /// The tables (indices into `tables`) of each stage's heuristic.
    pub stage_tables: Vec<Vec<usize>>,
    /// The entries of each table.
    pub entries: Vec<u64>,
    /// The first stage macros finish from: the first with a piece the last
    /// family moves, or earlier when at most `finish_pieces` are left.
    pub finish_stage: usize,
}

impl Plan {
    /// Plans the stages for the moves (see the module docs).
    pub fn new(moves: &MoveSet, opts: &StageOptions) -> Result<Plan, IdaError> {
        if opts.stage_pieces == 0 {
            return Err(IdaError::Other(
                "stages need at least one piece each".into(),
            ));
        }
        let degree = moves.degree();
        let pieces = Pieces::new(degree, &moves.perms());
        let nf = moves.families();
        // the pieces each family moves
        let mut moved: Vec<Vec<bool>> = vec![vec![false; pieces.len()]; nf];
        for m in moves.moves() {
            for p in pieces.moved_by(&m.perm) {
                moved[m.family][p] = true;
            }
        }
        let count = |f: usize| moved[f].iter().filter(|&&b| b).count();
        let last = match opts.last_family {
            Some(f) if f < nf && count(f) > 0 => f,
            Some(f) => {
                return Err(IdaError::Other(format!(
                    "family {f} is not one of the {nf} families of moves that move pieces"
                )))
            }
            None => (0..nf)
                .max_by_key(|&f| (count(f), std::cmp::Reverse(f)))
                .ok_or_else(|| IdaError::Other("no moves".into()))?,
        };
        // family distances from the last family
        let share = |f: usize, g: usize| (0..pieces.len()).any(|p| moved[f][p] && moved[g][p]);
        let mut fdist = vec![usize::MAX; nf];
        fdist[last] = 0;
        let mut queue = std::collections::VecDeque::from([last]);
        while let Some(f) = queue.pop_front() {
            for g in 0..nf {
                if fdist[g] == usize::MAX && count(g) > 0 && share(f, g) {
                    fdist[g] = fdist[f] + 1;
                    queue.push_back(g);
                }
            }
        }
        // each piece's (sum, count) of the distances of the families moving it
        let score: Vec<(u64, u64)> = (0..pieces.len())
            .map(|p| {
                let fs: Vec<usize> = (0..nf).filter(|&f| moved[f][p]).collect();
                let sum = fs.iter().map(|&f| fdist[f].min(1 << 20) as u64).sum();
                (sum, fs.len().max(1) as u64)
            })
            .collect();
        let adjacent = |p: usize, q: usize| (0..nf).any(|f| moved[f][p] && moved[f][q]);
        let mut placed = vec![false; pieces.len()];
        let mut order = Vec::with_capacity(pieces.len());
        for _ in 0..pieces.len() {
            let early: Vec<usize> = (0..pieces.len())
                .filter(|&p| !placed[p] && !moved[last][p])
                .collect();
            let pool = if early.is_empty() {
                (0..pieces.len()).filter(|&p| !placed[p]).collect()
            } else {
                early
            };
            let links = |p: usize| order.iter().filter(|&&q| adjacent(p, q)).count();
            let best = pool
                .iter()
                .copied()
                .max_by(|&a, &b| {
                    let (sa, ca) = score[a];
                    let (sb, cb) = score[b];
                    (sa * cb)
                        .cmp(&(sb * ca))
                        .then(links(a).cmp(&links(b)))
                        .then(b.cmp(&a))
                })
                .expect("a piece is left");
            placed[best] = true;
            order.push(best);
        }
        let stages: Vec<Vec<usize>> = order
            .chunks(opts.stage_pieces)
            .map(<[usize]>::to_vec)
            .collect();
        // per orbit, chunks of the order that fit in a table
        let orbit_points: Vec<usize> = {
            let mut n = vec![0usize; pieces.orbit.iter().max().map_or(0, |&m| m + 1)];
            for (p, &o) in pieces.pieces.iter().zip(&pieces.orbit) {
                n[o] += p.len();
            }
            n
        };
        let chunk_len = |o: usize| {
            let mut k = 1;
            while Arrangements::new(orbit_points[o], k + 1)
                .is_ok_and(|a| a.size() <= opts.table_entries)
                && k < pieces.len()
            {
                k += 1;
            }
            k
        };
        let mut chunks: Vec<Vec<usize>> = Vec::new();
        for o in 0..orbit_points.len() {
            let of_orbit: Vec<usize> = order
                .iter()
                .copied()
                .filter(|&p| pieces.orbit[p] == o)
                .collect();
            chunks.extend(of_orbit.chunks(chunk_len(o)).map(<[usize]>::to_vec));
        }
        let mut position = vec![0usize; pieces.len()];
        for (i, &p) in order.iter().enumerate() {
            position[p] = i;
        }
        let mut tables: Vec<Vec<usize>> = Vec::new();
        let mut entries = Vec::new();
        let mut stage_tables = Vec::new();
        let mut solved = 0usize;
        for st in &stages {
            solved += st.len();
            let mut mine = Vec::new();
            for c in &chunks {
                let part: Vec<usize> = c
                    .iter()
                    .copied()
                    .filter(|&p| position[p] < solved)
                    .collect();
                if part.is_empty() {
                    continue;
                }
                let labels: Vec<usize> = part.iter().map(|&p| pieces.pieces[p][0]).collect();
                let t = match tables.iter().position(|t| *t == labels) {
                    Some(t) => t,
                    None => {
                        let o = pieces.orbit[part[0]];
                        entries.push(
                            Arrangements::new(orbit_points[o], labels.len())
                                .map_err(|e| IdaError::Other(e.to_string()))?
                                .size(),
                        );
                        tables.push(labels);
                        tables.len() - 1
                    }
                };
                mine.push(t);
            }
            stage_tables.push(mine);
        }
        let finish_pieces = if opts.finish_pieces == 0 {
            count(last) * 3 / 2
        } else {
            opts.finish_pieces
        };
        let mut left = pieces.len();
        let finish_stage = stages
            .iter()
            .position(|st| {
                let early = left <= finish_pieces;
                left -= st.len();
                early || st.iter().any(|&p| moved[last][p])
            })
            .unwrap_or(stages.len());
        Ok(Plan {
            finish_stage,
            pieces,
            last_family: last,
            order,
            stages,
            tables,
            stage_tables,
            entries,
        })
    }

    /// The bytes all tables take (2 bits per entry).
    pub fn bytes(&self) -> u64 {
        self.entries.iter().map(|&e| table_bytes(e)).sum()
    }
}

/// A piece-stage solver: the plan and its tables.
#[derive(Debug)]
pub struct PieceStages {
    moves: MoveSet,
    plan: Plan,
    heuristics: Vec<Heuristic>,
    /// Per stage, the labels that must be home after it.
    goals: Vec<Vec<u8>>,
    /// The group of the families' generators, for the fallback factorisation.
    group: PermGroup,
    /// The macros that finish the position, if any.
    macros: Option<Macros>,
    beam: BeamOptions,
    macro_stages: usize,
}

/// A callback after each stage: its number (0-based) and report.
pub type StageProgress<'a> = dyn Fn(usize, &StageReport) + 'a;

/// How long the stages may take.
#[derive(Clone, Copy, Default)]
pub struct StageLimits<'a> {
    /// The whole solve gives up searching at this instant (and factorises what is
    /// left).
    pub deadline: Option<Instant>,
    /// Each stage gives up searching after this long (and factorises what is left).
    pub stage_time: Option<Duration>,
    /// Raised on Ctrl-C: the solve is abandoned with an error.
    pub stop: Option<&'a AtomicBool>,
    /// Whether a stage out of time factorises what is left ([`PermGroup::factor`]);
    /// else the solve gives up (`None`).
    pub factorise: bool,
    /// Called after each stage with its number (0-based) and report.
    pub progress: Option<&'a StageProgress<'a>>,
}

/// What one stage did.
#[derive(Clone, Debug, PartialEq)]
pub struct StageReport {
    /// The pieces it placed (indices into the plan's pieces).
    pub pieces: Vec<usize>,
    /// The moves it made (cost in the metric), before merging across stages.
    pub cost: u32,
    /// Nodes its search expanded.
    pub nodes: u64,
    /// Seconds it took.
    pub seconds: f64,
    /// Whether it ran out of time and the rest was factorised (the cost is then
    /// the factorisation's).
    pub fallback: bool,
    /// Whether macros placed its pieces (and all later ones).
    pub macros: bool,
}

/// A solution found by [`PieceStages::solve`].
#[derive(Clone, Debug)]
pub struct StagedSolution {
    /// The moves as (family, power), adjacent moves of a family merged.
    pub letters: Vec<(usize, u64)>,
    /// The moves' names.
    pub names: Vec<String>,
    /// The cost in the metric.
    pub cost: u32,
    /// The stages, in order (ones already solved on arrival are left out).
    pub stages: Vec<StageReport>,
}

impl PieceStages {
    /// Plans the stages and builds their tables (loading them from the directory
    /// `cache` when saved there before, see [`super::ida::cached_table`]); refuses
    /// before allocating when all tables together would not fit in `max_memory`
    /// (or the available memory).
    pub fn build(
        moves: &MoveSet,
        opts: &StageOptions,
        max_memory: Option<u64>,
        stop: &AtomicBool,
        cache: Option<&Path>,
    ) -> Result<PieceStages, IdaError> {
        let plan = Plan::new(moves, opts)?;
        check_memory(plan.entries.iter().sum(), max_memory, 64 << 20)?;
        let projections: Vec<Arc<Projection>> = plan
            .tables
            .iter()
            .map(|labels| {
                Projection::build(
                    moves,
                    ProjectionKind::Pieces(labels.clone()),
                    max_memory,
                    stop,
                    cache,
                )
                .map(Arc::new)
            })
            .collect::<Result<_, _>>()?;
        let heuristics = plan
            .stage_tables
            .iter()
            .map(|ts| {
                Heuristic::from_projections(
                    moves,
                    ts.iter().map(|&t| projections[t].clone()).collect(),
                )
            })
            .collect();
        let mut goals = Vec::new();
        let mut home: Vec<u8> = Vec::new();
        for st in &plan.stages {
            for &p in st {
                home.extend(plan.pieces.pieces[p].iter().map(|&x| x as u8));
            }
            goals.push(home.clone());
        }
        let gens: Vec<Perm> = (0..moves.families())
            .map(|f| moves.family_perm(f).clone())
            .collect();
        let macros = match &opts.macros {
            Some(mo) => Some(Macros::build(moves, &plan.pieces, mo, stop)?),
            None => None,
        };
        Ok(PieceStages {
            macros,
            beam: opts.beam,
            macro_stages: opts.macro_stages.max(1),
            moves: moves.clone(),
            group: PermGroup::new(moves.degree(), gens),
            plan,
            heuristics,
            goals,
        })
    }

    /// The macros, if any.
    pub fn macros(&self) -> Option<&Macros> {
        self.macros.as_ref()
    }

    /// The plan.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The moves.
    pub fn moves(&self) -> &MoveSet {
        &self.moves
    }

    /// Solves `start` (an image list, [`super::ida::state_of`]) stage by stage
    /// within `limits`; the returned word is checked to solve it. `None` when a
    /// stage ran out of time and `limits.factorise` is off.
    pub fn solve(
        &self,
        start: &[u8],
        limits: StageLimits,
    ) -> Result<Option<StagedSolution>, IdaError> {
        let n = self.moves.degree();
        if start.len() != n {
            return Err(IdaError::Other(format!(
                "a state of {} points for a puzzle of {n}",
                start.len()
            )));
        }
        let g = Perm::from_images(start.iter().map(|&x| x as u32).collect())
            .map_err(|e| IdaError::Other(format!("state: {e}")))?;
        if !self.group.contains(&g) {
            return Err(IdaError::Other(
                "the state is not reachable with the moves".into(),
            ));
        }
        let mut state = start.to_vec();
        let mut letters: Vec<(usize, u64)> = Vec::new();
        let mut reports = Vec::new();
        let mut next = vec![0u8; n];
        for (k, stage) in self.plan.stages.iter().enumerate() {
            let goal_labels = &self.goals[k];
            let goal = |s: &[u8]| goal_labels.iter().all(|&l| s[l as usize] == l);
            if goal(&state) {
                continue;
            }
            if k >= self.plan.finish_stage {
                if let Some(r) = self.finish_with_macros(k, &state, &limits, false) {
                    letters.extend(r.0);
                    reports.push(r.1);
                    if let (Some(f), Some(r)) = (limits.progress, reports.last()) {
                        f(k, r);
                    }
                    break;
                }
            }
            let stage_deadline = match (limits.deadline, limits.stage_time) {
                (Some(d), Some(t)) => Some(d.min(Instant::now() + t)),
                (d, None) => d,
                (None, Some(t)) => Some(Instant::now() + t),
            };
            let lim = Limits {
                deadline: stage_deadline,
                stop: limits.stop,
            };
            let t0 = Instant::now();
            let h = &self.heuristics[k];
            let mut ida = Ida::new(&self.moves, h);
            let mut bound = h.estimate(&state)?;
            let mut found: Option<Vec<usize>> = None;
            loop {
                let pass = ida.search_bound(&state, bound, &goal, lim, &mut |p, _| {
                    found = Some(p.to_vec());
                    Flow::Stop
                })?;
                match pass {
                    Pass::Stopped => break,
                    Pass::Exhausted => bound += 1,
                    Pass::OutOfTime => break,
                }
            }
            if limits
                .stop
                .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
            {
                return Err(IdaError::Other("interrupted".into()));
            }
            match found {
                Some(path) => {
                    for &m in &path {
                        self.moves.apply(m, &state, &mut next);
                        std::mem::swap(&mut state, &mut next);
                    }
                    let cost = path.iter().map(|&m| self.moves.moves()[m].cost).sum();
                    letters.extend(self.moves.letters(&path));
                    reports.push(StageReport {
                        pieces: stage.clone(),
                        cost,
                        nodes: ida.nodes,
                        seconds: t0.elapsed().as_secs_f64(),
                        fallback: false,
                        macros: false,
                    });
                }
                None if !limits.factorise => {
                    if let Some(f) = limits.progress {
                        f(
                            k,
                            &StageReport {
                                pieces: stage.clone(),
                                cost: 0,
                                nodes: ida.nodes,
                                seconds: t0.elapsed().as_secs_f64(),
                                fallback: true,
                                macros: false,
                            },
                        );
                    }
                    return Ok(None);
                }
                None => {
                    // out of time: macros place this stage's pieces, else
                    // factorise what is left
                    let whole = k >= self.plan.finish_stage;
                    let placed = self
                        .finish_with_macros(k, &state, &limits, !whole)
                        .map(|r| (r, whole))
                        .or_else(|| {
                            if whole {
                                return None;
                            }
                            self.finish_with_macros(k, &state, &limits, false)
                                .map(|r| (r, true))
                        });
                    if let Some((r, whole)) = placed {
                        state = self.play(&state, &r.0);
                        letters.extend(r.0);
                        reports.push(r.1);
                        if let (Some(f), Some(r)) = (limits.progress, reports.last()) {
                            f(k, r);
                        }
                        if whole {
                            break;
                        }
                        continue;
                    }
                    let rest = Perm::from_images(state.iter().map(|&x| x as u32).collect())
                        .map_err(|e| IdaError::Other(e.to_string()))?;
                    let fallback = self.factor(&rest).ok_or_else(|| {
                        IdaError::Other("the remaining position could not be factorised".into())
                    })?;
                    reports.push(StageReport {
                        pieces: self.plan.stages[k..].concat(),
                        cost: self.cost(&fallback),
                        nodes: ida.nodes,
                        seconds: t0.elapsed().as_secs_f64(),
                        fallback: true,
                        macros: false,
                    });
                    letters.extend(fallback);
                    if let (Some(f), Some(r)) = (limits.progress, reports.last()) {
                        f(k, r);
                    }
                    break;
                }
            }
            if let (Some(f), Some(r)) = (limits.progress, reports.last()) {
                f(k, r);
            }
        }
        let letters = self.moves.merge(&letters);
        // replay the whole word on the start
        let mut s: Vec<u32> = start.iter().map(|&x| x as u32).collect();
        for &(f, e) in &letters {
            let p = self.moves.family_perm(f).pow(e as i64);
            for x in s.iter_mut() {
                *x = p.image(*x as usize) as u32;
            }
        }
        if s.iter().enumerate().any(|(i, &x)| x as usize != i) {
            return Err(IdaError::Other(
                "internal error: the staged solution does not solve the state".into(),
            ));
        }
        Ok(Some(StagedSolution {
            names: letters
                .iter()
                .map(|&(f, e)| self.moves.power_name(f, e))
                .collect(),
            cost: self.cost(&letters),
            letters,
            stages: reports,
        }))
    }

    /// Finishes `state` (the pieces of the stages before `k` home) with the
    /// macros, within the limits (with `only_stage`, only the pieces of stage `k`
    /// come home besides the earlier ones): the moves and the stage's report.
    fn finish_with_macros(
        &self,
        k: usize,
        state: &[u8],
        limits: &StageLimits,
        only_stage: bool,
    ) -> Option<(Vec<(usize, u64)>, StageReport)> {
        let lib = self.macros.as_ref()?;
        let t0 = Instant::now();
        let mut free = vec![true; self.plan.pieces.len()];
        for st in &self.plan.stages[..k] {
            for &p in st {
                free[p] = false;
            }
        }
        let deadline = match (limits.deadline, limits.stage_time) {
            (Some(d), Some(t)) if only_stage => Some(d.min(Instant::now() + t)),
            (d, None) => d,
            (d, Some(_)) if !only_stage => d,
            (_, Some(t)) => Some(Instant::now() + t),
        };
        let upto = if only_stage {
            (k + self.macro_stages).min(self.plan.finish_stage.max(k + 1))
        } else {
            self.plan.stages.len()
        };
        let goal: Option<Vec<bool>> = only_stage.then(|| {
            let mut g: Vec<bool> = free.iter().map(|&f| !f).collect();
            for st in &self.plan.stages[k..upto] {
                for &p in st {
                    g[p] = true;
                }
            }
            g
        });
        let letters = lib.finish(
            &self.moves,
            state,
            &free,
            goal.as_deref(),
            self.beam,
            deadline,
            limits.stop,
        )?;
        let report = StageReport {
            pieces: self.plan.stages[k..upto].concat(),
            cost: self.cost(&letters),
            nodes: 0,
            seconds: t0.elapsed().as_secs_f64(),
            fallback: false,
            macros: true,
        };
        Some((letters, report))
    }

    /// The state after the (family, power) moves `letters` from `s`.
    fn play(&self, s: &[u8], letters: &[(usize, u64)]) -> Vec<u8> {
        let mut s = s.to_vec();
        for &(f, e) in letters {
            let p = self.moves.family_perm(f).pow(e as i64);
            for x in s.iter_mut() {
                *x = p.image(*x as usize) as u8;
            }
        }
        s
    }

    /// A word solving the position `g` (the permutation taking the solved state to
    /// it) by Minkwitz's factorisation ([`PermGroup::factor`] of `g⁻¹` in the group
    /// of the families' generators, its tables built on the first call and shared
    /// by later ones, also across threads), as (family, power) moves merged; `None`
    /// when `g` is not in the group or the tables cannot be built.
    pub fn factor(&self, g: &Perm) -> Option<Vec<(usize, u64)>> {
        let word = self.group.factor(&g.inverse())?;
        let letters: Vec<(usize, u64)> = word
            .iter()
            .map(|&(f, e)| (f, e.rem_euclid(self.moves.family_order(f) as i64) as u64))
            .filter(|&(_, e)| e != 0)
            .collect();
        Some(self.moves.merge(&letters))
    }

    /// The cost of (family, power) moves in the metric.
    pub fn cost(&self, letters: &[(usize, u64)]) -> u32 {
        letters
            .iter()
            .map(|&(f, e)| self.moves.power_cost(f, e))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::ida::{auto_projections, optimal_heuristic, state_of, Metric, Outcome};
    use crate::Puzzle;

    /// With every piece in one stage (and no macros), the stage is an optimal IDA*
    /// search: its length equals the optimal solver's.
    #[test]
    fn one_stage_is_optimal() {
        let p = Puzzle::builtin("cube2").unwrap();
        let moves = MoveSet::for_puzzle(&p, Metric::Htm).unwrap();
        let stop = AtomicBool::new(false);
        let opts = StageOptions {
            stage_pieces: 100,
            macros: None,
            ..StageOptions::default()
        };
        let staged = PieceStages::build(&moves, &opts, None, &stop, None).unwrap();
        assert_eq!(staged.plan().stages.len(), 1);
        let (h, _) = optimal_heuristic(
            &moves,
            auto_projections(&moves, 1 << 20),
            1,
            None,
            &stop,
            None,
        )
        .unwrap();
        let gens = p.generator_perms();
        for (seed, len) in [(1u64, 6usize), (2, 7), (3, 8)] {
            // a deterministic scramble
            let mut g = Perm::identity(p.degree());
            let mut x = seed;
            for _ in 0..len {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                g = &g * &gens[(x >> 33) as usize % gens.len()];
            }
            let s = state_of(&g, p.degree());
            let sol = staged.solve(&s, StageLimits::default()).unwrap().unwrap();
            let mut ida = Ida::new(&moves, &h);
            let Outcome::Solved(opt) = ida.solve(&s, 20, Limits::default()).unwrap() else {
                panic!("IDA* finds a solution");
            };
            assert_eq!(sol.cost as usize, opt.len());
        }
    }
}
