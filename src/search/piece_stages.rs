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
//!
//!    **Phases** ([`StageOptions::phases`], on by default): the first pieces
//!    are those of [`super::subgroup_phases`]: the families are taken away one
//!    at a time in the same far-side-first order, and each phase brings home
//!    at once (one optimal IDA* with the remaining families' moves and tables
//!    of its own pieces only) the pieces the next phase's families no longer
//!    move. On the Megaminx nine phases place 33 pieces in 60–75 moves (about
//!    2.1 a piece) within a second, where the stages below placed the same
//!    pieces for about 3.7 a piece, and a final phase
//!    ([`StageOptions::final_phase`]) 7 more in 12–14. A phase out of time
//!    leaves its pieces and the later phases' to the stages.
//! 2. **Stage `k`** is an IDA* search over all moves from the current position to
//!    any position where the pieces of stages `1..=k` are home (the earlier ones stay
//!    solved). Its heuristic is the maximum of [`ProjectionKind::Pieces`] tables
//!    (one sticker per piece) covering exactly those pieces: each orbit's pieces, in
//!    solving order, are cut into chunks of as many pieces as fit in a table; a chunk
//!    wholly solved by stage `k` is one table, a chunk partly solved is covered by a
//!    (small) table of its solved part. The tables are built once, before the first
//!    solve, after one memory check of them all, and shared by all stages and
//!    positions. With [`StageOptions::candidates`] above 1 the next few stages
//!    are searched together and the cheapest is placed first (the order is then
//!    chosen per position and the tables are built when first needed; measured
//!    on the Megaminx it was not better than the fixed order, so 1 is the
//!    default).
//!
//!    **Deep stages**: when IDA* shows a stage needs more than
//!    [`StageOptions::deep_from`] moves (a piece whose slot is walled in by placed
//!    ones, like an edge between two placed corners), or runs out of its time, a
//!    meeting in the middle (bidirectional search, I. Pohl, Machine Intelligence
//!    6, 1971) finds the cheapest word of up to `4 + 4` moves on the Megaminx:
//!    second halves `B` stored by `B⁻¹` of the homes of the placed pieces and the
//!    stage's (one sticker each), sorted, and every first half from the position
//!    looked up there. Such a stage cost 33–38 moves by macros before (two
//!    pieces); now 7 or 8. Second halves one move shorter (3 on the Megaminx,
//!    about 100 k words) are tried first, and the IDA* bound already exhausted
//!    is a floor that ends the search at the first word of that cost, so a
//!    stage needing 5–7 moves takes a fraction of a second; deep stages start
//!    at [`DEFAULT_DEEP_FROM`].
//!
//!    **Pairs**: a stage placed by a search is placed together with the next
//!    stage's pieces when a word for both (the same meeting in the middle, 3-move
//!    second halves) costs at most [`StageOptions::pair_extra`] moves more: the
//!    second piece then costs 0–4 moves instead of 4–8 alone. A deep stage
//!    looks for a word placing it with the next stage first
//!    ([`StageOptions::deep_pairs`], on by default: [`DEFAULT_DEEP_PAIRS`]).
//!
//!    **Deferred stages**: a stage that nothing within the deep search's depth
//!    places (a piece flipped or twisted in its walled-in slot) is left, up to
//!    [`StageOptions::defer`] of them, to the macros that finish (below), which
//!    placed such a piece alone for 17–20 moves.
//! 3. **Macros** ([`super::macros`]: commutators of short words moving at most
//!    three pieces, and their conjugates) finish the position by a beam search
//!    from the *finish stage* on: the first stage of the last family's pieces, or
//!    earlier once at most [`StageOptions::finish_pieces`] pieces are left. A
//!    stage whose search (IDA* and a deep one) does not finish in its time is placed by macros too (with
//!    the next stages, [`StageOptions::macro_stages`]), and the stages go on.
//!    Only when the macros fail as well (out of time) is the remaining position
//!    factorised through the stabiliser chain (Minkwitz's tables, T. Minkwitz,
//!    J. Symbolic Comput. 26 (1998), [`PermGroup::factor`]), which is always
//!    correct but long.
//!
//!    **Parity** ([`Plan::parity`]): the commutator macros are even on every
//!    orbit of pieces, and the last family's moves change only some parities;
//!    where other moves change others (the 4x4x4's inner quarter turns permute
//!    the wings oddly), a position whose parity vector ([`Pieces::odd_orbits`])
//!    lies outside the span of the last family's cannot be finished by them (it
//!    was factorised). Every stage
//!    then ends with the vector in that span: its IDA* goal checks it, the
//!    meeting in the middle keys its second halves by their class modulo the
//!    span, and macros placing a stage take only steps that keep the class.
//! 4. **Attempts** ([`StageOptions::attempts`]): with a deadline, after the
//!    first plan, plans with the other families last (the Megaminx's twelve
//!    faces) solve the position again while the time left allows one more
//!    attempt as long as the longest so far; the shortest answer is kept.
//! 5. The stages' moves are joined, adjacent moves of one family merged
//!    ([`MoveSet::merge`]), and the whole word is replayed on the position: a word
//!    that does not solve it is an error, never an answer.

use super::budget::SearchBudget;
use super::cache::TableCache;
use super::ida::{Flow, Heuristic, Ida, IdaError, Pass, Projection, ProjectionKind};
use super::index::Arrangements;
use super::macros::{BeamOptions, FinishTask, MacroOptions, Macros, StepFilter};
use super::moves::MoveSet;
use super::pieces::{ParitySpan, Pieces};
use super::subgroup_phases::{plan_phases, Phase, PhaseSearch};
use super::table::table_bytes;
use crate::group::PermGroup;
use crate::letters::{Letter, Letters};
use crate::perm::slice;
use crate::perm::Perm;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
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

/// Second halves of a deep stage's meeting in the middle by default: the
/// canonical words of up to 4 moves of the Megaminx (about 4 M, 64 MB).
pub const DEFAULT_DEEP_ENTRIES: u64 = 5_000_000;

/// The longest first half of a deep stage's meeting in the middle.
pub const DEEP_FIRST_HALF: usize = 4;

/// The IDA* bound beyond which a stage is deep by default
/// ([`StageOptions::deep_from`]): the meeting in the middle with second halves
/// of 3 moves finds words of 5–7 moves in a fraction of a second, where IDA*
/// with the stages' tables took 0.5–3 s for a bound of 6 on the Megaminx.
pub const DEFAULT_DEEP_FROM: u32 = 4;

/// Plans tried by default ([`StageOptions::attempts`]): one per face of the
/// Megaminx, as many as the time allows.
pub const DEFAULT_ATTEMPTS: usize = 12;

/// The share of an attempt's time within which the stages before the last
/// family's are all placed by searches by default ([`StageOptions::late_share`]),
/// in the attempts after the first. On the Megaminx the 5 pieces next to the
/// last face cost about 3.5 moves each so (in pairs), and about 6.5 each by the
/// finishing macros (one attempt, 6 positions: 173–212 moves where 202–220
/// without), but the searches take longer: in every attempt, with 0.4,
/// `bench solve --suite --only megaminx --count 10 --time-limit 30` under load
/// 5.7 gave 213/728 (one position out of time and factorised) where 0 gave
/// 209/231 under load 3.6. The first attempt, without them, now gives the
/// answer to fall back on, and the later ones use them: 0.4 gave 203/239 and
/// 0.8 gave 199/244 (idle machine, load 1.2–1.5).
pub const DEFAULT_LATE_SHARE: f64 = 0.8;

/// Deep stages look for their pieces with the next stage's first by default
/// ([`StageOptions::deep_pairs`]): on the Megaminx (one plan, 6 s a stage,
/// three seeded positions, both settings at once under load 10 on 2 cores) it
/// gave 189, 218 and 168 moves where without it gave 229, 235 and 235 — a pair
/// walled in costs about what one piece alone does, and fewer stages are left
/// to run out of time.
pub const DEFAULT_DEEP_PAIRS: bool = true;

/// The first stages are phases by move subgroups by default
/// ([`StageOptions::phases`], [`super::subgroup_phases`]).
pub const DEFAULT_PHASES: bool = true;

/// A final phase by default ([`StageOptions::final_phase`]): on the
/// Megaminx (10 seeded positions of `bench solve`, 12 attempts in 30 s, load
/// 2.6–3.1 on 2 cores) it gave 108–137 moves, median 122, where without it
/// 120–134, median 129.
pub const DEFAULT_FINAL_PHASE: bool = true;

/// Stages searched together by default ([`StageOptions::candidates`]).
pub const DEFAULT_CANDIDATES: usize = 1;

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
    /// Stages searched together at each step (the next ones of the order not yet
    /// placed; the one solved in the fewest moves is placed): 1 keeps the order.
    pub candidates: usize,
    /// Deep stages: when no candidate is solved within `deep_from` moves by
    /// IDA* (or its time runs out), a meeting in the middle whose second halves
    /// are at most this many words looks for the cheapest candidate within
    /// [`DEEP_FIRST_HALF`] more moves than those halves (`None`: macros at once).
    pub deep: Option<u64>,
    /// The IDA* bound beyond which a stage is deep.
    pub deep_from: u32,
    /// A deep stage first looks for its pieces with the next stage's (a pair
    /// placed for about the moves of one piece); default on
    /// ([`DEFAULT_DEEP_PAIRS`]).
    pub deep_pairs: bool,
    /// With a deadline, the most plans tried ([`PieceStages::solve`]): after
    /// the first, plans with another family last, as long as the time left
    /// allows one more (the shortest answer is kept); 1: the first plan only.
    pub attempts: usize,
    /// Stages before the finish that no search placed (nothing within the
    /// deep search's depth, or out of time) left to the macros that finish,
    /// at most this many; the later ones are placed by macros at once.
    pub defer: usize,
    /// A stage placed by a search is placed with the next one's pieces when
    /// a word placing both costs at most this many moves more (0: never).
    pub pair_extra: u32,
    /// In the attempts after the first (which may factorise, so it never
    /// places them so), the stages between the finish stage and the last
    /// family's first are placed by searches (not macros) when the attempt
    /// reaches them within this share of its time (0: never; without a
    /// deadline there is no second attempt).
    pub late_share: f64,
    /// The first pieces are placed by phases with fewer and fewer families of
    /// moves ([`super::subgroup_phases`]), each an optimal search for a few
    /// pieces; the stages place the rest ([`DEFAULT_PHASES`]).
    pub phases: bool,
    /// With phases: when they stop before only the last family is left, a
    /// final phase with the last one's families brings home every piece the
    /// last family does not move ([`super::subgroup_phases::plan_phases`]).
    pub final_phase: bool,
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
            candidates: DEFAULT_CANDIDATES,
            deep: Some(DEFAULT_DEEP_ENTRIES),
            deep_from: DEFAULT_DEEP_FROM,
            deep_pairs: DEFAULT_DEEP_PAIRS,
            attempts: DEFAULT_ATTEMPTS,
            defer: 3,
            pair_extra: 4,
            late_share: DEFAULT_LATE_SHARE,
            phases: DEFAULT_PHASES,
            final_phase: DEFAULT_FINAL_PHASE,
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
    /// The first stage with a piece the last family moves: the stages from
    /// `finish_stage` up to it are placed by searches too while the time
    /// allows ([`StageOptions::late_share`]).
    pub late_finish: usize,
    /// Per orbit, the most pieces one table tracks.
    pub chunk: Vec<usize>,
    /// Per move (index into the moves), the orbits of pieces it permutes
    /// oddly ([`Pieces::odd_orbits`]).
    pub move_parity: Vec<u64>,
    /// The parities the finish can change (those of the last family's moves),
    /// when some move changes others: every stage then ends with the
    /// position's parity vector in this span, so that the even macros and the
    /// last family's moves can finish (the 4x4x4's wing parity); `None` when
    /// the finish can change every parity the moves can.
    pub parity: Option<ParitySpan>,
    /// The phases by move subgroups that place the first pieces
    /// ([`StageOptions::phases`]; empty without them).
    pub phases: Vec<Phase>,
    /// The stages (indices into `stages`) of each phase's pieces: a phase
    /// places them all at once, or, when it runs out of time, the stages do
    /// one by one.
    pub phase_stages: Vec<std::ops::Range<usize>>,
}

impl Plan {
    /// Plans the stages for the moves (see the module docs).
    pub fn new(moves: &MoveSet, opts: &StageOptions) -> Result<Plan, IdaError> {
        if opts.stage_pieces == 0 {
            return Err(IdaError::Other(
                "stages need at least one piece each".into(),
            ));
        }
        Plan::for_pieces(moves, Pieces::new(moves.degree(), &moves.perms()), opts)
    }

    /// Plans the stages for the moves and their `pieces` ([`Pieces::new`]).
    fn for_pieces(moves: &MoveSet, pieces: Pieces, opts: &StageOptions) -> Result<Plan, IdaError> {
        let moved = family_pieces(moves, &pieces);
        let count: Vec<usize> = moved
            .iter()
            .map(|m| m.iter().filter(|&&b| b).count())
            .collect();
        let last = last_family(&count, opts.last_family)?;
        let fdist = family_distances(&moved, &count, last);
        let phases = if opts.phases {
            plan_phases(moves, &moved, &fdist, last, opts.final_phase)
        } else {
            Vec::new()
        };
        // the phases' pieces first, in their order, then the rest
        let mut in_phase = vec![false; pieces.len()];
        let mut order = Vec::with_capacity(pieces.len());
        let mut stages: Vec<Vec<usize>> = Vec::new();
        let mut phase_stages = Vec::with_capacity(phases.len());
        for ph in &phases {
            let first = stages.len();
            stages.extend(ph.pieces.chunks(opts.stage_pieces).map(<[usize]>::to_vec));
            phase_stages.push(first..stages.len());
            order.extend(&ph.pieces);
            for &p in &ph.pieces {
                in_phase[p] = true;
            }
        }
        let rest: Vec<usize> = solving_order(&moved, &fdist, last)
            .into_iter()
            .filter(|&p| !in_phase[p])
            .collect();
        stages.extend(rest.chunks(opts.stage_pieces).map(<[usize]>::to_vec));
        order.extend(rest);
        let StageTables {
            tables,
            entries,
            stage_tables,
            chunk,
        } = StageTables::new(&pieces, &order, &stages, opts.table_entries)?;
        let finish_pieces = if opts.finish_pieces == 0 {
            count[last] * 3 / 2
        } else {
            opts.finish_pieces
        };
        let last_moves = |st: &Vec<usize>| st.iter().any(|&p| moved[last][p]);
        let mut left = pieces.len();
        let finish_stage = stages
            .iter()
            .position(|st| {
                let early = left <= finish_pieces;
                left -= st.len();
                early || last_moves(st)
            })
            .unwrap_or(stages.len());
        let late_finish = stages
            .iter()
            .position(last_moves)
            .unwrap_or(stages.len())
            .max(finish_stage);
        let move_parity: Vec<u64> = move_images(moves)
            .0
            .iter()
            .map(|images| pieces.odd_orbits(images))
            .collect();
        let span = ParitySpan::new(
            moves
                .moves()
                .iter()
                .zip(&move_parity)
                .filter(|(mv, _)| mv.family == last)
                .map(|(_, &v)| v),
        );
        let parity = move_parity
            .iter()
            .any(|&v| !span.contains(v))
            .then_some(span);
        Ok(Plan {
            phases,
            phase_stages,
            move_parity,
            parity,
            finish_stage,
            late_finish,
            chunk,
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

/// Per family, which pieces its moves move.
fn family_pieces(moves: &MoveSet, pieces: &Pieces) -> Vec<Vec<bool>> {
    let mut moved: Vec<Vec<bool>> = vec![vec![false; pieces.len()]; moves.families()];
    for m in moves.moves() {
        for p in pieces.moved_by(&m.perm) {
            moved[m.family][p] = true;
        }
    }
    moved
}

/// The family solved last: `chosen` if it moves pieces, else (`None`) the one
/// moving most pieces (`count` per family), the first of those.
fn last_family(count: &[usize], chosen: Option<usize>) -> Result<usize, IdaError> {
    let nf = count.len();
    match chosen {
        Some(f) if f < nf && count[f] > 0 => Ok(f),
        Some(f) => Err(IdaError::Other(format!(
            "family {f} is not one of the {nf} families of moves that move pieces"
        ))),
        None => (0..nf)
            .max_by_key(|&f| (count[f], std::cmp::Reverse(f)))
            .ok_or_else(|| IdaError::Other("no moves".into())),
    }
}

/// Each family's distance from `last` in the graph "moves a common piece"
/// (`usize::MAX` when unreachable), by breadth-first search.
fn family_distances(moved: &[Vec<bool>], count: &[usize], last: usize) -> Vec<usize> {
    let nf = moved.len();
    let share = |f: usize, g: usize| moved[f].iter().zip(&moved[g]).any(|(&a, &b)| a && b);
    let mut fdist = vec![usize::MAX; nf];
    fdist[last] = 0;
    let mut queue = std::collections::VecDeque::from([last]);
    while let Some(f) = queue.pop_front() {
        for g in 0..nf {
            if fdist[g] == usize::MAX && count[g] > 0 && share(f, g) {
                fdist[g] = fdist[f] + 1;
                queue.push_back(g);
            }
        }
    }
    fdist
}

/// The pieces in solving order (see the module docs): decreasing mean
/// distance `fdist` of the families moving them, ties towards pieces sharing
/// a family with many placed ones; the `last` family's pieces last.
fn solving_order(moved: &[Vec<bool>], fdist: &[usize], last: usize) -> Vec<usize> {
    let nf = moved.len();
    let np = moved.first().map_or(0, Vec::len);
    // each piece's (sum, count) of the distances of the families moving it
    let score: Vec<(u64, u64)> = (0..np)
        .map(|p| {
            let fs: Vec<usize> = (0..nf).filter(|&f| moved[f][p]).collect();
            let sum = fs.iter().map(|&f| fdist[f].min(1 << 20) as u64).sum();
            (sum, fs.len().max(1) as u64)
        })
        .collect();
    let adjacent = |p: usize, q: usize| (0..nf).any(|f| moved[f][p] && moved[f][q]);
    let mut placed = vec![false; np];
    let mut order = Vec::with_capacity(np);
    for _ in 0..np {
        let early: Vec<usize> = (0..np).filter(|&p| !placed[p] && !moved[last][p]).collect();
        let pool = if early.is_empty() {
            (0..np).filter(|&p| !placed[p]).collect()
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
    order
}

/// The pruning tables of a plan's stages (the fields of [`Plan`] of the same
/// names).
struct StageTables {
    tables: Vec<Vec<usize>>,
    entries: Vec<u64>,
    stage_tables: Vec<Vec<usize>>,
    chunk: Vec<usize>,
}

impl StageTables {
    /// The tables of `stages` (the pieces in `order`): per orbit, the order
    /// cut into chunks of as many pieces as fit in `table_entries`; each
    /// stage's heuristic has a table per chunk of its part solved by then.
    fn new(
        pieces: &Pieces,
        order: &[usize],
        stages: &[Vec<usize>],
        table_entries: u64,
    ) -> Result<StageTables, IdaError> {
        // per orbit, chunks of the order that fit in a table
        let orbit_points = &pieces.tracked_points;
        let chunk_len = |o: usize| {
            let mut k = 1;
            while Arrangements::new(orbit_points[o], k + 1).is_ok_and(|a| a.size() <= table_entries)
                && k < pieces.len()
            {
                k += 1;
            }
            k
        };
        let chunk: Vec<usize> = (0..orbit_points.len()).map(chunk_len).collect();
        let mut chunks: Vec<Vec<usize>> = Vec::new();
        for (o, &len) in chunk.iter().enumerate() {
            let of_orbit: Vec<usize> = order
                .iter()
                .copied()
                .filter(|&p| pieces.orbit[p] == o)
                .collect();
            chunks.extend(of_orbit.chunks(len).map(<[usize]>::to_vec));
        }
        let mut position = vec![0usize; pieces.len()];
        for (i, &p) in order.iter().enumerate() {
            position[p] = i;
        }
        let mut out = StageTables {
            tables: Vec::new(),
            entries: Vec::new(),
            stage_tables: Vec::new(),
            chunk,
        };
        let mut solved = 0usize;
        for st in stages {
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
                mine.push(out.table_of(pieces, orbit_points, &part)?);
            }
            out.stage_tables.push(mine);
        }
        Ok(out)
    }

    /// The table (index) tracking the pieces `part` of one orbit, added when
    /// new.
    fn table_of(
        &mut self,
        pieces: &Pieces,
        orbit_points: &[usize],
        part: &[usize],
    ) -> Result<usize, IdaError> {
        let labels: Vec<usize> = part.iter().map(|&p| pieces.pieces[p][0]).collect();
        if let Some(t) = self.tables.iter().position(|t| *t == labels) {
            return Ok(t);
        }
        let o = pieces.orbit[part[0]];
        self.entries.push(
            Arrangements::new(orbit_points[o], labels.len())
                .map_err(|e| IdaError::Other(e.to_string()))?
                .size(),
        );
        self.tables.push(labels);
        Ok(self.tables.len() - 1)
    }
}

/// A piece-stage solver: the plan and its tables.
#[derive(Debug)]
pub struct PieceStages {
    moves: MoveSet,
    plan: Plan,
    /// Plans with other families last, tried after the first while the time
    /// allows (their tables are built when first needed).
    others: Vec<Plan>,
    /// The pruning tables by the labels they track: the plan's, and those
    /// built when the stages are placed in another order.
    tables: Mutex<HashMap<Vec<usize>, Arc<Projection>>>,
    /// The searches of each plan's phases, by its last family (built when
    /// the plan is first tried).
    phase_searches: Mutex<HashMap<usize, Arc<Vec<PhaseSearch>>>>,
    /// Largest pruning table (entries).
    table_entries: u64,
    /// The group of the families' generators, for the fallback factorisation.
    group: Arc<PermGroup>,
    /// Where the factorisation's tables are kept ([`TableCache::factor_tables`]).
    cache: TableCache,
    /// The macros that finish the position, if any.
    macros: Option<Macros>,
    beam: BeamOptions,
    macro_stages: usize,
    candidates: usize,
    deep: Option<u64>,
    deep_from: u32,
    deep_pairs: bool,
    defer: usize,
    pair_extra: u32,
    late_share: f64,
}

/// A callback after each stage: its number (0-based) and report.
pub type StageProgress<'a> = dyn Fn(usize, &StageReport) + 'a;

/// How a piece-stage solve spends its budget.
#[derive(Clone, Copy, Default)]
pub struct StageLimits<'a> {
    /// The whole solve gives up searching at the budget's deadline (and factorises
    /// what is left); its stop flag (Ctrl-C) abandons the solve with an error.
    pub budget: SearchBudget<'a>,
    /// Each stage gives up searching after this long (and factorises what is left).
    pub stage_time: Option<Duration>,
    /// Whether a stage out of time that the macros cannot place either
    /// factorises what is left ([`PermGroup::factor`]); else the solve gives up
    /// (`None`).
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
    /// Whether a phase by move subgroups placed its pieces
    /// ([`StageOptions::phases`]).
    pub phase: bool,
    /// Its moves as (family, power), in order, before merging across stages
    /// (empty for a stage that gave up): played one stage after another from
    /// the position, they leave the pieces of this and every earlier stage
    /// home.
    pub moves: Letters,
}

/// A solution found by [`PieceStages::solve`].
#[derive(Clone, Debug)]
pub struct StagedSolution {
    /// The moves as (family, power), adjacent moves of a family merged.
    pub letters: Letters,
    /// The moves' names.
    pub names: Vec<String>,
    /// The cost in the metric.
    pub cost: u32,
    /// The stages, in order (ones already solved on arrival are left out).
    pub stages: Vec<StageReport>,
    /// The family its plan solved last.
    pub last_family: usize,
}

impl PieceStages {
    /// Plans the stages and builds their tables and macros (loading them from
    /// `cache` when kept there before: the pruning tables in its directory, see
    /// [`super::ida::cached_table`], the macros by [`Macros::cached`]); refuses
    /// before allocating when all tables together would not fit in the budget
    /// (or the available memory). With more than one
    /// [`StageOptions::candidates`] the order is chosen while solving, and the
    /// tables are built (in memory only) when a stage first needs them.
    pub fn build(
        moves: &MoveSet,
        opts: &StageOptions,
        budget: &SearchBudget,
        cache: &TableCache,
    ) -> Result<PieceStages, IdaError> {
        let plan = Plan::new(moves, opts)?;
        // the plan's tables, and at most one more per stage and candidate
        let largest = plan.entries.iter().copied().max().unwrap_or(0);
        // (and for the phases at most one per piece and plan)
        let more = (plan.stages.len() * opts.candidates.max(1) * opts.attempts.max(1)
            + plan.order.len() * opts.attempts.max(1)) as u64
            * largest;
        // a deep stage's second halves: 16 bytes each, twice while sorted
        let deep = opts.deep.map_or(0, |e| e.saturating_mul(32));
        budget.check_table(plan.entries.iter().sum::<u64>() + more, deep)?;
        // with one candidate the stages follow the plan and use its tables, built
        // now; with more, tables are built when a stage first needs them
        let prebuilt = if opts.candidates <= 1 {
            plan.tables.len()
        } else {
            0
        };
        let projections: Vec<Arc<Projection>> = plan.tables[..prebuilt]
            .iter()
            .map(|labels| {
                Projection::build(
                    moves,
                    ProjectionKind::Pieces(labels.clone()),
                    budget,
                    cache.tables_dir().as_deref(),
                )
                .map(Arc::new)
            })
            .collect::<Result<_, _>>()?;
        let tables = plan.tables.iter().cloned().zip(projections).collect();
        let gens: Vec<Perm> = (0..moves.families())
            .map(|f| moves.family_perm(f).clone())
            .collect();
        let macros = match &opts.macros {
            Some(mo) => Some(Macros::cached(moves, &plan.pieces, mo, budget, cache)?),
            None => None,
        };
        // other families last, those moving most pieces first
        let mut lasts: Vec<(usize, usize)> = (0..moves.families())
            .filter(|&f| f != plan.last_family)
            .map(|f| (plan.pieces.moved_by(moves.family_perm(f)).len(), f))
            .filter(|&(c, _)| c > 0)
            .collect();
        lasts.sort_by_key(|&(c, f)| (std::cmp::Reverse(c), f));
        let others = lasts
            .into_iter()
            .take(opts.attempts.saturating_sub(1))
            .map(|(_, f)| {
                let o = StageOptions {
                    last_family: Some(f),
                    ..opts.clone()
                };
                Plan::for_pieces(moves, plan.pieces.clone(), &o)
            })
            .collect::<Result<Vec<Plan>, IdaError>>()?;
        Ok(PieceStages {
            macros,
            beam: opts.beam,
            macro_stages: opts.macro_stages.max(1),
            candidates: opts.candidates.max(1),
            deep: opts.deep,
            deep_from: opts.deep_from,
            deep_pairs: opts.deep_pairs,
            pair_extra: opts.pair_extra,
            late_share: opts.late_share,
            defer: if opts.macros.is_some() { opts.defer } else { 0 },
            moves: moves.clone(),
            phase_searches: Mutex::new(HashMap::new()),
            table_entries: opts.table_entries,
            group: Arc::new(PermGroup::new(moves.degree(), gens)),
            cache: cache.clone(),
            plan,
            others,
            tables: Mutex::new(tables),
        })
    }

    /// The same solver factorising through `group` when it is generated by the
    /// families' generators in order (the puzzle's group, shared with others
    /// who factor: its tables are built once); else unchanged.
    pub fn with_group(mut self, group: Arc<PermGroup>) -> PieceStages {
        if group.degree() == self.group.degree() && group.generators() == self.group.generators() {
            self.group = group;
        }
        self
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

    /// The pruning table of the positions of the stickers `labels` (one per
    /// piece), from the tables built so far or built now and kept.
    fn table(&self, labels: &[usize], stop: &AtomicBool) -> Result<Arc<Projection>, IdaError> {
        let mut tables = self
            .tables
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(t) = tables.get(labels) {
            return Ok(Arc::clone(t));
        }
        let t = Arc::new(Projection::build(
            &self.moves,
            ProjectionKind::Pieces(labels.to_vec()),
            &SearchBudget::unlimited().with_stop(stop),
            None,
        )?);
        tables.insert(labels.to_vec(), Arc::clone(&t));
        Ok(t)
    }

    /// The searches of `plan`'s phases, built now (tables loaded from or saved
    /// to the cache's directory) when the plan is first tried.
    fn phase_searches(
        &self,
        plan: &Plan,
        stop: &AtomicBool,
    ) -> Result<Arc<Vec<PhaseSearch>>, IdaError> {
        let mut all = self
            .phase_searches
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(s) = all.get(&plan.last_family) {
            return Ok(Arc::clone(s));
        }
        let dir = self.cache.tables_dir();
        let budget = SearchBudget::unlimited().with_stop(stop);
        let searches = plan
            .phases
            .iter()
            .map(|ph| {
                PhaseSearch::build(
                    &self.moves,
                    &plan.pieces,
                    ph,
                    self.table_entries,
                    &budget,
                    dir.as_deref(),
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        let searches = Arc::new(searches);
        all.insert(plan.last_family, Arc::clone(&searches));
        Ok(searches)
    }

    /// The heuristic of the stage placing `group` after the pieces `placed` (in
    /// the order they were placed): the maximum of tables, per orbit, of the
    /// placed pieces in that order cut into chunks of as many as one table
    /// tracks (the last chunk may be smaller), and of the group's pieces cut
    /// likewise. Full chunks recur from stage to stage, so only about one large
    /// table is built per chunk placed; the smaller ones are quick.
    fn heuristic(
        &self,
        placed: &[usize],
        group: &[usize],
        stop: &AtomicBool,
    ) -> Result<Heuristic, IdaError> {
        let pieces = &self.plan.pieces;
        let mut projections = Vec::new();
        for (o, &len) in self.plan.chunk.iter().enumerate() {
            for part in [placed, group] {
                let of_orbit: Vec<usize> = part
                    .iter()
                    .copied()
                    .filter(|&p| pieces.orbit[p] == o)
                    .collect();
                for c in of_orbit.chunks(len.max(1)) {
                    let labels: Vec<usize> = c.iter().map(|&p| pieces.pieces[p][0]).collect();
                    projections.push(self.table(&labels, stop)?);
                }
            }
        }
        Ok(Heuristic::from_projections(&self.moves, projections))
    }

    /// Solves `start` (an image list, [`super::ida::state_of`]) stage by stage
    /// within `limits`; the returned word is checked to solve it. `None` when a
    /// stage ran out of time and `limits.factorise` is off.
    ///
    /// Each step searches the next [`StageOptions::candidates`] unplaced stages
    /// before the finish stage together, by one iterative deepening: every
    /// candidate gets a pass at each bound, and the first solved at the smallest
    /// bound is placed (the cheapest next stage, the others wait).
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
        let t0 = Instant::now();
        let Some(mut best) = self.attempt(&self.plan, start, limits, false)? else {
            return Ok(None);
        };
        let Some(deadline) = limits.budget.deadline else {
            return Ok(Some(best));
        };
        // more plans while the time left allows one more (the longest so far,
        // and a quarter more): out of time, an attempt gives up (no factorising)
        let mut longest = t0.elapsed();
        let late = self.late_share > 0.0;
        // with late searches the first plan is tried again first
        let again = late.then_some(&self.plan);
        for plan in again.into_iter().chain(&self.others) {
            let t = Instant::now();
            if t + longest + longest / 4 > deadline {
                break;
            }
            let more = StageLimits {
                factorise: false,
                progress: None,
                ..limits
            };
            if let Some(sol) = self.attempt(plan, start, more, late)? {
                if sol.cost < best.cost {
                    best = sol;
                }
            }
            longest = longest.max(t.elapsed());
        }
        Ok(Some(best))
    }

    /// One attempt of [`PieceStages::solve`] with `plan`, with `late` searches
    /// ([`StageOptions::late_share`]) or without.
    fn attempt(
        &self,
        plan: &Plan,
        start: &[u8],
        limits: StageLimits,
        late: bool,
    ) -> Result<Option<StagedSolution>, IdaError> {
        let local_stop = AtomicBool::new(false);
        let stop = limits.budget.stop.unwrap_or(&local_stop);
        let mut attempt = Attempt::new(self, plan, start, limits, late, stop);
        loop {
            match attempt.step()? {
                Step::Again => {}
                Step::Solved => break,
                Step::GaveUp => return Ok(None),
            }
        }
        self.checked_solution(plan, start, &attempt.letters, attempt.reports)
            .map(Some)
    }

    /// The solution of `plan` made of the (family, power) moves `letters`
    /// (merged here) and the stages' `reports`, after replaying it on `start`:
    /// a word that does not solve it is an error.
    fn checked_solution(
        &self,
        plan: &Plan,
        start: &[u8],
        letters: &[Letter],
        reports: Vec<StageReport>,
    ) -> Result<StagedSolution, IdaError> {
        let letters = self.moves.merge(letters);
        // replay the whole word on the start
        let mut s: Vec<u32> = start.iter().map(|&x| x as u32).collect();
        for &(f, e) in &letters {
            let p = self.moves.family_perm(f).pow(e);
            for x in s.iter_mut() {
                *x = p.image(*x as usize) as u32;
            }
        }
        if s.iter().enumerate().any(|(i, &x)| x as usize != i) {
            return Err(IdaError::Other(
                "internal error: the staged solution does not solve the state".into(),
            ));
        }
        Ok(StagedSolution {
            last_family: plan.last_family,
            names: letters
                .iter()
                .map(|&(f, e)| self.moves.power_name(f, e))
                .collect(),
            cost: self.cost(&letters),
            letters,
            stages: reports,
        })
    }

    /// Brings home the pieces `targets` (all pieces not `placed` when `None`)
    /// from `state` (every placed piece home) with the macros moving only
    /// unplaced pieces, within the limits (for targets, at most a stage's time;
    /// past the deadline, a grace of a tenth of a stage's time for targets, half
    /// of it for all): the moves and the stage's report. Placing targets,
    /// the macros keep the class of the parity vector of `plan`'s rule
    /// ([`Plan::parity`]).
    fn finish_with_macros(
        &self,
        plan: &Plan,
        placed: &[bool],
        targets: Option<&[usize]>,
        state: &[u8],
        limits: &StageLimits,
    ) -> Option<(Letters, StageReport)> {
        let lib = self.macros.as_ref()?;
        let t0 = Instant::now();
        let free: Vec<bool> = placed.iter().map(|&p| !p).collect();
        // past the deadline the macros still get a short grace (a tenth of a
        // stage's time for a stage, half of it for the rest): placing a stage
        // takes them hundredths of a second, where the factorisation that would
        // answer instead waits for its tables (seconds) and is far longer
        // (only where an answer is needed: attempts that may give up do)
        let now = Instant::now();
        let grace = |d: Instant, g: std::time::Duration| {
            if limits.factorise {
                d.max(now + g)
            } else {
                d
            }
        };
        let deadline = match (limits.budget.deadline, limits.stage_time, targets) {
            (Some(d), Some(t), Some(_)) => Some(grace(d, t / 10).min(now + t)),
            (Some(d), Some(t), None) => Some(grace(d, t / 2)),
            (None, Some(t), Some(_)) => Some(now + t),
            (d, _, _) => d,
        };
        let goal: Option<Vec<bool>> = targets.map(|t| {
            let mut g = placed.to_vec();
            for &p in t {
                g[p] = true;
            }
            g
        });
        // placing a stage keeps the parity vector's class (the finish may
        // change it: its goal is solved)
        let keeps_parity = |images: &[u8]| {
            plan.parity
                .as_ref()
                .is_none_or(|span| span.contains(plan.pieces.odd_orbits(images)))
        };
        let task = FinishTask {
            moves: &self.moves,
            free: &free,
            goal: goal.as_deref(),
            step_ok: targets.map(|_| &keeps_parity as &StepFilter),
            deadline,
            stop: limits.budget.stop,
        };
        let letters = lib.finish(&task, state, self.beam)?;
        let report = StageReport {
            pieces: match targets {
                Some(t) => t.to_vec(),
                None => (0..placed.len()).filter(|&p| !placed[p]).collect(),
            },
            cost: self.cost(&letters),
            nodes: 0,
            seconds: t0.elapsed().as_secs_f64(),
            fallback: false,
            macros: true,
            phase: false,
            moves: Vec::new(),
        };
        Some((letters, report))
    }
    /// The state after the (family, power) moves `letters` from `s`.
    fn play(&self, s: &[u8], letters: &[Letter]) -> Vec<u8> {
        let mut s = s.to_vec();
        for &(f, e) in letters {
            let p = self.moves.family_perm(f).pow(e);
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
    pub fn factor(&self, g: &Perm) -> Option<Letters> {
        self.cache.factor_tables(&self.group, &|_| {});
        let word = self.group.factor(&g.inverse())?;
        Some(self.moves.merge(&word))
    }

    /// The cost of (family, power) moves in the metric.
    pub fn cost(&self, letters: &[Letter]) -> u32 {
        letters
            .iter()
            .map(|&(f, e)| self.moves.power_cost(f, e))
            .sum()
    }
}

/// What one step of an [`Attempt`] leaves to do.
enum Step {
    /// More stages are left: step again.
    Again,
    /// The position is solved.
    Solved,
    /// A stage ran out of time and nothing may factorise the rest.
    GaveUp,
}

/// What the IDA* passes of one step of an [`Attempt`] found.
struct CandidateSearch {
    /// The first stage solved, and its word.
    found: Option<(usize, Vec<usize>)>,
    /// The nodes expanded.
    nodes: u64,
    /// The bound reached.
    bound: u32,
}

/// One attempt of [`PieceStages::solve`] in progress: the solver, its plan and
/// limits, and the position with what is placed so far.
struct Attempt<'a> {
    solver: &'a PieceStages,
    plan: &'a Plan,
    limits: StageLimits<'a>,
    /// The budget's stop flag, or one of the attempt's own.
    stop: &'a AtomicBool,
    /// When the attempt started.
    start: Instant,
    /// Seconds until the deadline at the start.
    avail: Option<f64>,
    /// The stage the macros finish from (the late one while late searches go on).
    finish: usize,
    /// The position now.
    state: Vec<u8>,
    /// A buffer for the next position.
    next: Vec<u8>,
    /// The (family, power) moves made so far.
    letters: Letters,
    /// The stages' reports so far.
    reports: Vec<StageReport>,
    /// How many of `letters` the reports so far hold.
    reported: usize,
    /// Which pieces are placed.
    placed: Vec<bool>,
    /// The placed pieces, in the order they were placed.
    placed_order: Vec<usize>,
    /// Which stages are done (placed, or deferred).
    done: Vec<bool>,
    /// Whether the macros that finish were tried (or there are none).
    macros_tried: bool,
    /// Stages no search placed, left to the macros that finish.
    deferred: Vec<usize>,
    /// Whether the phases are still to be searched.
    phases_pending: bool,
}

impl<'a> Attempt<'a> {
    /// An attempt of `solver` with `plan` from `start`, nothing placed yet.
    fn new(
        solver: &'a PieceStages,
        plan: &'a Plan,
        start: &[u8],
        limits: StageLimits<'a>,
        late: bool,
        stop: &'a AtomicBool,
    ) -> Attempt<'a> {
        let attempt_start = Instant::now();
        let avail = limits
            .budget
            .deadline
            .map(|d| d.saturating_duration_since(attempt_start).as_secs_f64());
        let finish = if late && solver.late_share > 0.0 {
            plan.late_finish
        } else {
            plan.finish_stage
        };
        Attempt {
            solver,
            plan,
            limits,
            stop,
            start: attempt_start,
            avail,
            finish,
            state: start.to_vec(),
            next: vec![0u8; solver.moves.degree()],
            letters: Vec::new(),
            reports: Vec::new(),
            reported: 0,
            placed: vec![false; plan.pieces.len()],
            placed_order: Vec::new(),
            done: vec![false; plan.stages.len()],
            macros_tried: solver.macros.is_none(),
            deferred: Vec::new(),
            phases_pending: !plan.phases.is_empty(),
        }
    }

    /// Whether every sticker of the piece `p` is home in `s`.
    fn home(&self, s: &[u8], p: usize) -> bool {
        self.plan.pieces.pieces[p]
            .iter()
            .all(|&x| s[x] as usize == x)
    }

    /// The parity classes of words from the position now, for a meeting in
    /// the middle.
    fn word_parity(&self) -> WordParity<'a> {
        let span = self.plan.parity.as_ref();
        WordParity {
            move_parity: &self.plan.move_parity,
            span,
            start: span.map_or(0, |_| self.plan.pieces.odd_orbits(&self.state)),
        }
    }

    /// Whether the parity vector of `s` is one the finish can deal with
    /// ([`Plan::parity`]).
    fn parity_ok(&self, s: &[u8]) -> bool {
        self.plan
            .parity
            .as_ref()
            .is_none_or(|span| span.contains(self.plan.pieces.odd_orbits(s)))
    }

    /// The first stage not done.
    fn first_open(&self) -> Option<usize> {
        (0..self.plan.stages.len()).find(|&k| !self.done[k])
    }

    /// Marks the stage `k` done and its pieces placed.
    fn place_stage(&mut self, k: usize) {
        self.done[k] = true;
        for &p in &self.plan.stages[k] {
            self.placed[p] = true;
            self.placed_order.push(p);
        }
    }

    /// Calls the progress callback, if any, with the stage `k`'s report.
    fn progress(&self, k: usize, r: &StageReport) {
        if let Some(f) = self.limits.progress {
            f(k, r);
        }
    }

    /// Reports the stage `k` and keeps its report, with the moves made since
    /// the last report (the stage's).
    fn record(&mut self, k: usize, mut r: StageReport) {
        r.moves = self.letters[self.reported..].to_vec();
        self.reported = self.letters.len();
        self.progress(k, &r);
        self.reports.push(r);
    }

    /// The phases by move subgroups, in order, each within a stage's time:
    /// the first out of time leaves its stages and the later phases' to the
    /// stages' searches.
    fn run_phases(&mut self) -> Result<(), IdaError> {
        let searches = self.solver.phase_searches(self.plan, self.stop)?;
        for (j, search) in searches.iter().enumerate() {
            let range = self.plan.phase_stages[j].clone();
            let t0 = Instant::now();
            let lim = SearchBudget {
                deadline: stage_deadline(&self.limits),
                ..self.limits.budget
            };
            let Some((word, nodes)) = search.search(&self.state, &lim)? else {
                break;
            };
            self.state = self.solver.play(&self.state, &word);
            self.letters.extend(word.iter().copied());
            for k in range.clone() {
                self.place_stage(k);
            }
            if !word.is_empty() {
                let r = StageReport {
                    pieces: self.plan.phases[j].pieces.clone(),
                    cost: self.solver.cost(&word),
                    nodes,
                    seconds: t0.elapsed().as_secs_f64(),
                    fallback: false,
                    macros: false,
                    phase: true,
                    moves: Vec::new(),
                };
                self.record(range.start, r);
            }
        }
        Ok(())
    }

    /// Places one stage (or a pair, or the rest by macros or factorisation).
    fn step(&mut self) -> Result<Step, IdaError> {
        if self.phases_pending {
            self.phases_pending = false;
            self.run_phases()?;
            if self.stop.load(std::sync::atomic::Ordering::Relaxed) {
                return Err(IdaError::Other("interrupted".into()));
            }
        }
        self.end_late_searches();
        self.place_stages_home();
        let mut pool: Vec<usize> = (0..self.finish.min(self.plan.stages.len()))
            .filter(|&k| !self.done[k])
            .collect();
        if pool.is_empty() {
            if !self.macros_tried {
                return Ok(self.finish_or_undefer());
            }
            match self.first_open() {
                Some(k) => pool = vec![k],
                None => return Ok(Step::Solved),
            }
        }
        pool.truncate(self.solver.candidates.max(1));
        let t0 = Instant::now();
        let CandidateSearch {
            mut found,
            nodes,
            bound,
        } = self.search_candidates(&pool)?;
        if self.stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(IdaError::Other("interrupted".into()));
        }
        // deep: the first candidate with the next stage before the finish
        // (two pieces for the moves of one, as a pair), else alone
        let mut also: Option<usize> = None;
        let deep_deadline = deep_deadline(&self.limits);
        if deep_deadline.is_some_and(|d| d <= Instant::now()) {
            // no time left for a deep search
        } else if let (None, Some(entries)) = (&found, self.solver.deep) {
            if let Some((w, with)) = self.deep_search(pool[0], bound, entries, deep_deadline) {
                found = Some((pool[0], w));
                also = with;
            }
        }
        if let (Some((k, path)), None, Some(entries)) = (&found, also, self.solver.deep) {
            if let Some((w, j)) = self.pair_with_next(*k, path, entries, deep_deadline) {
                found = Some((*k, w));
                also = Some(j);
            }
        }
        if let Some((k, path)) = found {
            self.place_found(k, &path, also, nodes, t0);
            return Ok(Step::Again);
        }
        self.place_unfound(&pool, nodes, t0)
    }

    /// Past the finish stage, the searches go on only within the share of the
    /// time: once it is spent the macros finish from the finish stage.
    fn end_late_searches(&mut self) {
        if self.finish > self.plan.finish_stage
            && self
                .first_open()
                .is_some_and(|k| k >= self.plan.finish_stage)
            && self
                .avail
                .is_some_and(|a| self.start.elapsed().as_secs_f64() > self.solver.late_share * a)
        {
            self.finish = self.plan.finish_stage;
        }
    }

    /// Places the stages already home (before the finish stage while the
    /// macros may still finish) as they are.
    fn place_stages_home(&mut self) {
        let markable = if self.macros_tried {
            self.plan.stages.len()
        } else {
            self.finish
        };
        for k in 0..markable {
            if !self.done[k]
                && self.plan.stages[k]
                    .iter()
                    .all(|&p| self.home(&self.state, p))
            {
                self.place_stage(k);
            }
        }
    }

    /// With every stage before the finish done: the macros finish the
    /// position, or else the deferred stages are searched again, in order.
    fn finish_or_undefer(&mut self) -> Step {
        self.macros_tried = true;
        let first = self.first_open().unwrap_or(0);
        if let Some((w, r)) =
            self.solver
                .finish_with_macros(self.plan, &self.placed, None, &self.state, &self.limits)
        {
            self.letters.extend(w);
            self.record(first, r);
            return Step::Solved;
        }
        for k in self.deferred.drain(..) {
            self.done[k] = false;
        }
        Step::Again
    }

    /// IDA* on the stages `pool` together, within a stage's time: every
    /// candidate gets a pass at each bound, up to the bound where stages are
    /// deep.
    fn search_candidates(&self, pool: &[usize]) -> Result<CandidateSearch, IdaError> {
        let solver = self.solver;
        let lim = SearchBudget {
            deadline: stage_deadline(&self.limits),
            ..self.limits.budget
        };
        // (stage, heuristic, labels home after it, first estimate)
        let mut cands = Vec::with_capacity(pool.len());
        for &k in pool {
            let h = solver.heuristic(&self.placed_order, &self.plan.stages[k], self.stop)?;
            let labels: Vec<u8> = self
                .placed_order
                .iter()
                .chain(&self.plan.stages[k])
                .flat_map(|&p| self.plan.pieces.pieces[p].iter().map(|&x| x as u8))
                .collect();
            let h0 = h.estimate(&self.state)?;
            cands.push((k, h, labels, h0));
        }
        let mut bound = cands.iter().map(|c| c.3).min().unwrap_or(0);
        let mut found: Option<(usize, Vec<usize>)> = None;
        let mut nodes = 0u64;
        'deepen: loop {
            if solver.deep.is_some() && bound > solver.deep_from && !self.placed_order.is_empty() {
                break;
            }
            for (k, h, labels, h0) in &cands {
                if *h0 > bound {
                    continue;
                }
                let goal =
                    |s: &[u8]| labels.iter().all(|&l| s[l as usize] == l) && self.parity_ok(s);
                let mut ida = Ida::new(&solver.moves, h);
                let mut path = None;
                let pass = ida.search_bound(&self.state, bound, &goal, &lim, &mut |p, _| {
                    path = Some(p.to_vec());
                    Flow::Stop
                })?;
                nodes += ida.nodes;
                match (pass, path) {
                    (Pass::Stopped, Some(p)) => {
                        found = Some((*k, p));
                        break 'deepen;
                    }
                    (Pass::Exhausted, _) => {}
                    _ => break 'deepen,
                }
            }
            bound += 1;
        }
        Ok(CandidateSearch {
            found,
            nodes,
            bound,
        })
    }

    /// The meeting in the middle of `placed` and `group` from the position:
    /// what it keeps, and the pieces its word must place.
    fn meet_for(&self, group: &[usize]) -> (Vec<u8>, Vec<usize>) {
        meet_targets(&self.plan.pieces, &self.placed_order, group)
    }

    /// The deep search of the stage `k` (IDA* exhausted `bound`): a meeting in
    /// the middle with second halves of at most `entries` words, with the next
    /// stage as a pair first when [`StageOptions::deep_pairs`], else alone.
    /// The word and the stage placed with `k`, if any.
    fn deep_search(
        &self,
        k: usize,
        bound: u32,
        entries: u64,
        deadline: Option<Instant>,
    ) -> Option<(Vec<usize>, Option<usize>)> {
        let solver = self.solver;
        let stages = &self.plan.stages;
        let pair = (k + 1..self.finish.min(stages.len()))
            .find(|&j| !self.done[j])
            .filter(|_| solver.deep_pairs);
        for with in [pair, None] {
            let group: Vec<usize> = stages[k]
                .iter()
                .chain(with.iter().flat_map(|&j| &stages[j]))
                .copied()
                .collect();
            let (keep, all) = self.meet_for(&group);
            let meet = Meet {
                moves: &solver.moves,
                state: &self.state,
                keep: &keep,
                parity: self.word_parity(),
            };
            // second halves one move shorter first (about a fortieth
            // of the words on the Megaminx): most deep stages need 7
            // moves, found so in a fraction of the time
            let full = half_depth(&solver.moves, entries);
            let short = half_depth(&solver.moves, entries / 16);
            let tiers = if short + 1 == full {
                vec![entries / 16, entries]
            } else {
                vec![entries]
            };
            for cap in tiers {
                let found = meet_in_middle(
                    &meet,
                    DEEP_FIRST_HALF,
                    bound,
                    cap,
                    deadline,
                    self.limits.budget.stop,
                )
                .filter(|w| self.places(w, &all));
                if let Some(w) = found {
                    return Some((w, with));
                }
            }
        }
        None
    }

    /// A pair: the next stage's pieces with the stage `k`'s (placed by
    /// `path`), when the cheapest word placing both (meeting in the middle,
    /// 3-move second halves) costs at most `pair_extra` more than `path`. The
    /// word and the next stage.
    fn pair_with_next(
        &self,
        k: usize,
        path: &[usize],
        entries: u64,
        deadline: Option<Instant>,
    ) -> Option<(Vec<usize>, usize)> {
        let solver = self.solver;
        let moves = &solver.moves;
        let stages = &self.plan.stages;
        let c1: u32 = path.iter().map(|&m| moves.cost(m)).sum();
        let j = (k + 1..self.finish.min(stages.len())).find(|&j| !self.done[j]);
        let depth_a = (c1 + solver.pair_extra)
            .saturating_sub(3)
            .min(DEEP_FIRST_HALF as u32);
        let (Some(j), true) = (j, solver.pair_extra > 0 && depth_a > 0) else {
            return None;
        };
        let group: Vec<usize> = stages[k].iter().chain(&stages[j]).copied().collect();
        let (keep, all) = self.meet_for(&group);
        let meet = Meet {
            moves,
            state: &self.state,
            keep: &keep,
            parity: self.word_parity(),
        };
        let short = sequence_counts(moves, 3).iter().sum::<u64>().min(entries);
        meet_in_middle(
            &meet,
            depth_a as usize,
            c1,
            short,
            deadline,
            self.limits.budget.stop,
        )
        .filter(|w| w.iter().map(|&m| moves.cost(m)).sum::<u32>() <= c1 + solver.pair_extra)
        .filter(|w| self.places(w, &all))
        .map(|w| (w, j))
    }

    /// Whether the word `w` takes the position to one where every piece of
    /// `all` is home, with a parity vector the finish can deal with.
    fn places(&self, w: &[usize], all: &[usize]) -> bool {
        let s = play_moves(&self.solver.moves, &self.state, w);
        all.iter().all(|&p| self.home(&s, p)) && self.parity_ok(&s)
    }

    /// Plays `path`, found for the stage `k` (and the stage `also` with it),
    /// and places and reports them.
    fn place_found(
        &mut self,
        k: usize,
        path: &[usize],
        also: Option<usize>,
        nodes: u64,
        t0: Instant,
    ) {
        let moves = &self.solver.moves;
        for &m in path {
            moves.apply(m, &self.state, &mut self.next);
            std::mem::swap(&mut self.state, &mut self.next);
        }
        let mut group = self.plan.stages[k].clone();
        for j in std::iter::once(k).chain(also) {
            self.place_stage(j);
        }
        group.extend(
            also.iter()
                .flat_map(|&j| self.plan.stages[j].iter().copied()),
        );
        self.letters.extend(moves.letters(path));
        let r = StageReport {
            pieces: group,
            cost: path.iter().map(|&m| moves.cost(m)).sum(),
            nodes,
            seconds: t0.elapsed().as_secs_f64(),
            fallback: false,
            macros: false,
            phase: false,
            moves: Vec::new(),
        };
        self.record(k, r);
    }

    /// No search placed the candidates `pool` in time: the first is deferred
    /// to the macros that finish, or macros place the first candidates'
    /// pieces (or all that are left), else what is left is factorised (or the
    /// attempt gives up).
    fn place_unfound(&mut self, pool: &[usize], nodes: u64, t0: Instant) -> Result<Step, IdaError> {
        let solver = self.solver;
        let stages = &self.plan.stages;
        let k = pool[0];
        // nothing found in time: a stage before the finish is left to the
        // macros that finish (a piece walled in, such as an edge flipped in
        // place, costs them about as much as any other, where placing it
        // alone by macros took 17–20 moves)
        if k < self.finish && !self.macros_tried && self.deferred.len() < solver.defer {
            self.deferred.push(k);
            self.done[k] = true;
            return Ok(Step::Again);
        }
        // out of time: macros place the first candidates' pieces (or all
        // that are left), else factorise what is left
        let targets: Vec<usize> = pool
            .iter()
            .take(solver.macro_stages)
            .flat_map(|&k| stages[k].iter().copied())
            .collect();
        let before_finish = k < self.finish;
        let placed_by_macros = before_finish
            .then(|| {
                solver.finish_with_macros(
                    self.plan,
                    &self.placed,
                    Some(&targets),
                    &self.state,
                    &self.limits,
                )
            })
            .flatten()
            .map(|r| (r, false))
            .or_else(|| {
                solver
                    .finish_with_macros(self.plan, &self.placed, None, &self.state, &self.limits)
                    .map(|r| (r, true))
            });
        if let Some(((w, r), whole)) = placed_by_macros {
            self.state = solver.play(&self.state, &w);
            self.letters.extend(w);
            self.record(k, r);
            if whole {
                return Ok(Step::Solved);
            }
            for &k2 in pool.iter().take(solver.macro_stages) {
                self.place_stage(k2);
            }
            return Ok(Step::Again);
        }
        if !self.limits.factorise {
            self.progress(
                k,
                &StageReport {
                    pieces: stages[k].clone(),
                    cost: 0,
                    nodes,
                    seconds: t0.elapsed().as_secs_f64(),
                    fallback: true,
                    macros: false,
                    phase: false,
                    moves: Vec::new(),
                },
            );
            return Ok(Step::GaveUp);
        }
        let rest = Perm::from_images(self.state.iter().map(|&x| x as u32).collect())
            .map_err(|e| IdaError::Other(e.to_string()))?;
        let fallback = solver.factor(&rest).ok_or_else(|| {
            IdaError::Other("the remaining position could not be factorised".into())
        })?;
        let r = StageReport {
            pieces: (0..self.placed.len())
                .filter(|&p| !self.placed[p])
                .collect(),
            cost: solver.cost(&fallback),
            nodes,
            seconds: t0.elapsed().as_secs_f64(),
            fallback: true,
            macros: false,
            phase: false,
            moves: Vec::new(),
        };
        self.letters.extend(fallback);
        self.record(k, r);
        Ok(Step::Solved)
    }
}

/// A stage's deadline: its time, keeping one more for the macros to finish.
fn stage_deadline(limits: &StageLimits) -> Option<Instant> {
    match (limits.budget.deadline, limits.stage_time) {
        (Some(d), Some(t)) => {
            let now = Instant::now();
            Some((now + t).min(d.checked_sub(t).unwrap_or(d)).max(now))
        }
        (d, None) => d,
        (None, Some(t)) => Some(Instant::now() + t),
    }
}

/// A deep search's deadline: as long as a stage, keeping one stage's time for
/// the macros.
fn deep_deadline(limits: &StageLimits) -> Option<Instant> {
    match (limits.budget.deadline, limits.stage_time) {
        (Some(d), Some(t)) => Some((Instant::now() + t).min(d.checked_sub(t).unwrap_or(d))),
        (d, _) => d,
    }
}

/// How many canonical move sequences ([`MoveSet::allowed`]) of each length up
/// to `depth` there are (the run of equal moves counted as one).
fn sequence_counts(moves: &MoveSet, depth: usize) -> Vec<u64> {
    let nm = moves.moves().len();
    let mut by_last = vec![1u64; nm];
    let mut out = vec![1u64];
    for d in 1..=depth {
        if d > 1 {
            by_last = (0..nm)
                .map(|b| {
                    (0..nm)
                        .filter(|&a| moves.allowed(Some(a), 1, b))
                        .map(|a| by_last[a])
                        .fold(0u64, u64::saturating_add)
                })
                .collect();
        }
        out.push(by_last.iter().copied().fold(0u64, u64::saturating_add));
    }
    out
}

/// The longest second half of [`meet_in_middle`] with at most `max_entries`
/// canonical words of up to that length (at most 7).
fn half_depth(moves: &MoveSet, max_entries: u64) -> usize {
    let mut total = 0u64;
    let mut depth_b = 0;
    for (d, &c) in sequence_counts(moves, 7).iter().enumerate() {
        total = total.saturating_add(c);
        if total > max_entries {
            break;
        }
        depth_b = d;
    }
    depth_b
}

/// A hash of the positions of some labels.
fn key_of(positions: &[u8]) -> u64 {
    positions.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| {
        (h.rotate_left(5) ^ u64::from(x)).wrapping_mul(0x517c_c1b7_2722_0a95)
    })
}

/// A word of at most 7 moves packed in a `u64`: the length in the top byte,
/// move `i` (below 256) in byte `i`.
fn unpack(word: u64) -> Vec<usize> {
    let len = (word >> 56) as usize;
    (0..len)
        .map(|i| ((word >> (8 * i)) & 0xff) as usize)
        .collect()
}

/// What a meeting in the middle for the pieces `placed` and `group` needs: the
/// labels it keeps (one sticker per piece) and the pieces a word it finds must
/// put home (every sticker, checked by [`Attempt::places`]).
fn meet_targets(pieces: &Pieces, placed: &[usize], group: &[usize]) -> (Vec<u8>, Vec<usize>) {
    let all: Vec<usize> = placed.iter().chain(group).copied().collect();
    let keep = all.iter().map(|&p| pieces.pieces[p][0] as u8).collect();
    (keep, all)
}

/// The position after the moves `w` (indices) from `state`.
fn play_moves(moves: &MoveSet, state: &[u8], w: &[usize]) -> Vec<u8> {
    let mut s = state.to_vec();
    let mut next = vec![0u8; s.len()];
    for &m in w {
        moves.apply(m, &s, &mut next);
        std::mem::swap(&mut s, &mut next);
    }
    s
}

/// Which words a meeting in the middle may join ([`Plan::parity`]): those
/// after which the position's parity vector lies in `span`.
#[derive(Clone, Copy, Default)]
struct WordParity<'a> {
    /// Per move, the orbits it permutes oddly.
    move_parity: &'a [u64],
    /// The span the end's parity vector must lie in (`None`: any).
    span: Option<&'a ParitySpan>,
    /// The parity vector of the start.
    start: u64,
}

impl WordParity<'_> {
    /// The parity vector of the moves `w`.
    fn of(&self, w: &[usize]) -> u64 {
        match self.span {
            Some(_) => w.iter().fold(0, |v, &m| v ^ self.move_parity[m]),
            None => 0,
        }
    }

    /// A second half of parity vector `v` is stored under its key mixed
    /// with this class; a first half of vector `u` looks for the class of
    /// `start + u`, so that the whole word ends in the span.
    fn salt(&self, v: u64) -> u64 {
        self.span
            .map_or(0, |s| s.reduce(v).wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
}

/// What [`meet_in_middle`] looks for: from `state`, a word after which the
/// labels `keep` are home (and the parity vector is in `parity`'s span).
struct Meet<'a> {
    moves: &'a MoveSet,
    state: &'a [u8],
    keep: &'a [u8],
    parity: WordParity<'a>,
}

/// The cheapest word of at most `depth_a + depth_b` moves taking `state` to a
/// position where the labels `keep` are home, by
/// meeting in the middle (bidirectional search, I. Pohl, "Bi-directional
/// search", Machine Intelligence 6, 1971; the split into halves of short words
/// as in Korf's and Rokicki's cube searches): the second halves `B` are stored
/// by where they need the kept labels to be (`B⁻¹` of their homes), sorted,
/// and every first half `A` from `state` is looked up there. `depth_b` is the
/// longest second half with at most `max_entries` words (one kept per key).
/// The word (move indices), or `None` (nothing within the depth, out of time,
/// or too many moves to pack). No word is cheaper than `min_cost` (a bound
/// IDA* has shown): one of that cost ends the search.
fn meet_in_middle(
    m: &Meet,
    depth_a: usize,
    min_cost: u32,
    max_entries: u64,
    deadline: Option<Instant>,
    stop: Option<&AtomicBool>,
) -> Option<Vec<usize>> {
    let moves = m.moves;
    let nm = moves.moves().len();
    if nm >= 256 {
        return None;
    }
    let depth_b = half_depth(moves, max_entries);
    let total: u64 = sequence_counts(moves, depth_b).iter().sum();
    let depth_a = depth_a.min(7);
    let (image, inverse) = move_images(moves);
    let expired = || {
        deadline.is_some_and(|d| Instant::now() >= d)
            || stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
    };
    let keep = m.keep;
    let parity = m.parity;
    let halves = SecondHalves::build(
        moves,
        &inverse,
        keep,
        depth_b,
        total.min(max_entries) as usize,
        &parity,
        &expired,
    )?;
    // B⁻¹ of the labels `ls`
    let b_inverse = |word: u64, ls: &[u8]| -> Vec<u8> {
        let w = unpack(word);
        ls.iter()
            .map(|&l| w.iter().rev().fold(l, |p, &x| inverse[x][p as usize]))
            .collect()
    };
    let cost_of = |w: &[usize]| -> u32 { w.iter().map(|&x| moves.cost(x)).sum() };
    let mut best: Option<(u32, Vec<usize>)> = None;
    // first halves by increasing length, depth first
    let tracked = slice::product(keep, m.state);
    for a in 0..=depth_a {
        if best
            .as_ref()
            .is_some_and(|b| b.0 as usize <= a.max(min_cost as usize))
        {
            break;
        }
        let mut path: Vec<usize> = Vec::new();
        // iterative depth-first enumeration of words of length exactly `a`
        let mut visits = 0u64;
        let mut out_of_time = false;
        let mut check = |u: &[u8], p: &[usize]| -> bool {
            visits += 1;
            if visits & 0xfff == 0 && expired() {
                out_of_time = true;
                return false;
            }
            let wanted = parity.start ^ parity.of(p);
            if let Some(word) = halves.get(key_of(u) ^ parity.salt(wanted)) {
                let second = unpack(word);
                let total = cost_of(p) + cost_of(&second);
                if best.as_ref().is_none_or(|b| total < b.0)
                    && b_inverse(word, keep) == u
                    && parity.salt(wanted) == parity.salt(parity.of(&second))
                {
                    let mut w = p.to_vec();
                    w.extend(unpack(word));
                    best = Some((total, w));
                }
            }
            true
        };
        let mut bufs = vec![tracked.clone(); a + 1];
        walk_first_halves(&mut bufs, &mut path, a, 0, &mut check, moves, &image);
        if out_of_time {
            break;
        }
    }
    best.map(|(_, w)| w)
}

/// Per move, its images of the points, and those of its inverse.
fn move_images(moves: &MoveSet) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let image: Vec<Vec<u8>> = moves
        .moves()
        .iter()
        .map(|mv| {
            (0..moves.degree())
                .map(|x| mv.perm.image(x) as u8)
                .collect()
        })
        .collect();
    let inverse: Vec<Vec<u8>> = image.iter().map(|im| slice::inverse(im)).collect();
    (image, inverse)
}

/// The second halves `B` of [`meet_in_middle`], keyed by a hash of `B⁻¹` of
/// the kept labels, sorted, one word (the shortest) per key.
struct SecondHalves {
    /// (key, packed word), sorted by key.
    table: Vec<(u64, u64)>,
    /// Where each bucket of the top [`SecondHalves::BITS`] bits of the keys starts.
    starts: Vec<u32>,
}

impl SecondHalves {
    /// The bits of the keys that index the buckets.
    const BITS: u32 = 20;

    /// The canonical words of up to `depth_b` moves (`capacity` of them
    /// expected), built from the back: `B' = x·B` has `B'⁻¹ = B⁻¹` then `x⁻¹`
    /// (`inverse` per move), keyed with their parity class
    /// ([`WordParity::salt`]). `None` when `expired` says so.
    fn build(
        moves: &MoveSet,
        inverse: &[Vec<u8>],
        keep: &[u8],
        depth_b: usize,
        capacity: usize,
        parity: &WordParity,
        expired: &impl Fn() -> bool,
    ) -> Option<SecondHalves> {
        let mut table: Vec<(u64, u64)> = Vec::with_capacity(capacity);
        // (B⁻¹ of the kept labels, packed word, parity vector)
        let mut level: Vec<(Vec<u8>, u64, u64)> = vec![(keep.to_vec(), 0, 0)];
        let mut buf = keep.to_vec();
        table.push((key_of(keep) ^ parity.salt(0), 0));
        for d in 1..=depth_b {
            let mut grown = Vec::new();
            for (v, word, odd) in &level {
                let first = (d > 1).then(|| (word & 0xff) as usize);
                for (x, inv) in inverse.iter().enumerate() {
                    if first.is_some_and(|f| !moves.allowed(Some(x), 1, f)) {
                        continue;
                    }
                    slice::compose(v, inv, &mut buf);
                    let w2 = ((d as u64) << 56) | ((word & ((1 << 56) - 1)) << 8) | x as u64;
                    let odd2 = odd ^ parity.of(&[x]);
                    table.push((key_of(&buf) ^ parity.salt(odd2), w2));
                    if d < depth_b {
                        grown.push((buf.clone(), w2, odd2));
                    }
                }
                if expired() {
                    return None;
                }
            }
            level = grown;
        }
        drop(level);
        // one word per key: the shortest (the length is the top byte)
        table.sort_unstable();
        table.dedup_by_key(|e| e.0);
        let mut starts = vec![0u32; (1 << Self::BITS) + 1];
        for e in &table {
            starts[(e.0 >> (64 - Self::BITS)) as usize + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        Some(SecondHalves { table, starts })
    }

    /// The word stored under the key `k`, if any.
    fn get(&self, k: u64) -> Option<u64> {
        let bucket = (k >> (64 - Self::BITS)) as usize;
        let range = &self.table[self.starts[bucket] as usize..self.starts[bucket + 1] as usize];
        let at = range.partition_point(|e| e.0 < k);
        range.get(at).filter(|e| e.0 == k).map(|&(_, word)| word)
    }
}

/// Words of length `a` from the tracked positions `bufs[path.len()]` (one
/// buffer per depth), each passed to `ctx` (which returns whether to go on).
fn walk_first_halves(
    bufs: &mut [Vec<u8>],
    path: &mut Vec<usize>,
    a: usize,
    run: u32,
    ctx: &mut dyn FnMut(&[u8], &[usize]) -> bool,
    moves: &MoveSet,
    image: &[Vec<u8>],
) -> bool {
    let d = path.len();
    if d == a {
        return ctx(&bufs[d], path);
    }
    let last = path.last().copied();
    for x in 0..moves.moves().len() {
        if !moves.allowed(last, run, x) {
            continue;
        }
        let (lo, hi) = bufs.split_at_mut(d + 1);
        for (o, &p) in hi[0].iter_mut().zip(&lo[d]) {
            *o = image[x][p as usize];
        }
        let run2 = if last == Some(x) { run + 1 } else { 1 };
        path.push(x);
        let go_on = walk_first_halves(bufs, path, a, run2, ctx, moves, image);
        path.pop();
        if !go_on {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::ida::{auto_projections, optimal_heuristic, state_of, Outcome};
    use crate::search::moves::Metric;

    /// A deterministic scramble: `len` generators picked by a linear
    /// congruential sequence from `seed`.
    fn scramble(gens: &[Perm], degree: usize, seed: u64, len: usize) -> Perm {
        let mut g = Perm::identity(degree);
        let mut x = seed;
        for _ in 0..len {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            g = &g * &gens[(x >> 33) as usize % gens.len()];
        }
        g
    }

    /// The automatic tables of up to 2^20 entries, one look-up each.
    fn small_heuristic(moves: &MoveSet, stop: &AtomicBool) -> crate::search::ida::Heuristic {
        optimal_heuristic(
            moves,
            auto_projections(moves, 1 << 20),
            1,
            &SearchBudget::unlimited().with_stop(stop),
            None,
        )
        .unwrap()
        .0
    }
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
            phases: false,
            ..StageOptions::default()
        };
        let staged = PieceStages::build(
            &moves,
            &opts,
            &SearchBudget::unlimited(),
            &TableCache::none(),
        )
        .unwrap();
        assert_eq!(staged.plan().stages.len(), 1);
        let h = small_heuristic(&moves, &stop);
        let gens = p.generator_perms();
        for (seed, len) in [(1u64, 6usize), (2, 7), (3, 8)] {
            let g = scramble(&gens, p.degree(), seed, len);
            let s = state_of(&g, p.degree());
            let sol = staged.solve(&s, StageLimits::default()).unwrap().unwrap();
            let mut ida = Ida::new(&moves, &h);
            let Outcome::Solved(opt) = ida.solve(&s, 20, &SearchBudget::unlimited()).unwrap()
            else {
                panic!("IDA* finds a solution");
            };
            assert_eq!(sol.cost as usize, opt.len());
        }
    }

    /// The meeting in the middle, asked to bring every sticker home, finds a
    /// word as short as IDA*'s optimal one, and the word solves the position
    /// (cube2, scrambles of 2 to 7 moves).
    #[test]
    fn meet_in_middle_is_optimal_within_its_depth() {
        let p = Puzzle::builtin("cube2").unwrap();
        let moves = MoveSet::for_puzzle(&p, Metric::Htm).unwrap();
        let stop = AtomicBool::new(false);
        let h = small_heuristic(&moves, &stop);
        let gens = p.generator_perms();
        let keep: Vec<u8> = (0..p.degree() as u8).collect();
        for len in 2..=7usize {
            let g = scramble(&gens, p.degree(), len as u64, len);
            let s = state_of(&g, p.degree());
            let meet = Meet {
                moves: &moves,
                state: &s,
                keep: &keep,
                parity: WordParity::default(),
            };
            let w = meet_in_middle(&meet, 4, 0, 10_000, None, None).expect("within 4 + 4 moves");
            let mut t = s.clone();
            let mut next = t.clone();
            for &m in &w {
                moves.apply(m, &t, &mut next);
                std::mem::swap(&mut t, &mut next);
            }
            assert_eq!(t, keep, "the word solves the position");
            let mut ida = Ida::new(&moves, &h);
            let Outcome::Solved(opt) = ida.solve(&s, 20, &SearchBudget::unlimited()).unwrap()
            else {
                panic!("IDA* finds a solution");
            };
            assert_eq!(w.len(), opt.len(), "scramble of {len}");
        }
    }
}
