//! Macros: short words that move only a few pieces and keep every other piece
//! home, and a beam search that finishes a position with them.
//!
//! **Finding them** ([`Macros::build`]). Short words are enumerated by length
//! (canonical move sequences, one word per distinct effect, the first found being
//! a shortest). For two permutations `a`, `b` whose supports meet in one point the
//! commutator `[a, b] = a b a⁻¹ b⁻¹` is a 3-cycle; on blocks (pieces) the same
//! holds for the induced action, so commutators of short words whose piece
//! supports meet in one piece move at most three pieces (a 3-cycle of pieces, with
//! orientation changes, or a twist of two pieces in place). This is the classical
//! construction of puzzle macros from commutators (D. Singmaster, *Notes on
//! Rubik's Magic Cube*, 1981; D. Joyner, *Adventures in Group Theory*, 2nd ed.,
//! 2008, ch. 5 and 11). Every commutator moving at most `max_pieces` pieces is
//! kept (the shortest word per effect), a second round takes commutators of the
//! macros found with short words, and the library is closed under conjugation
//! `x M x⁻¹` by single moves for a few rounds (conjugates move the same number of
//! pieces elsewhere).
//!
//! **Finishing with them** ([`Macros::finish`]). With a set of pieces allowed to
//! move (the pieces not yet placed), the macros and single moves moving only
//! those are the steps of a beam search (B. T. Lowerre, *The HARPY speech
//! recognition system*, CMU 1976): each level expands every kept position by every
//! step and keeps the `width` positions of smallest `cost + β · unplaced pieces`,
//! `β` being the typical cost of a macro per piece it places. The cheapest
//! position with every piece home ends it. Steps are joined with adjacent moves of
//! one family merged ([`MoveSet::merge`]).

use super::bfs::SearchError;
use super::budget::SearchBudget;
use super::cache::TableCache;
use super::ida::IdaError;
use super::moves::MoveSet;
use super::pieces::Pieces;
use crate::letters::{Letter, Letters};
use crate::perm::slice;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A word with its effect and the pieces it moves.
#[derive(Clone, Debug)]
pub struct Macro {
    /// The moves as (family, power), adjacent moves of a family merged.
    pub letters: Letters,
    /// The cost in the metric of the moves.
    pub cost: u32,
    /// The effect: label `x` goes to `images[x]` (as [`MoveSet::apply`]).
    pub images: Vec<u8>,
    /// The pieces it moves (indices into [`Pieces::pieces`]), ascending.
    pub pieces: Vec<usize>,
}

/// How macros are searched.
#[derive(Clone, Debug)]
pub struct MacroOptions {
    /// Distinct short words enumerated (by increasing length) as the first words
    /// of commutators.
    pub words: usize,
    /// Distinct short words (the shortest of the above) as the second words.
    pub partners: usize,
    /// Largest number of pieces a kept macro moves.
    pub max_pieces: usize,
    /// Largest number of pieces shared by the two words of a commutator.
    pub max_meet: u32,
    /// Commutators moving more pieces than `max_pieces` but at most this many are
    /// cleaned: times the inverse of a kept macro equal to them on one orbit.
    pub raw_pieces: usize,
    /// Rounds of conjugation by single moves.
    pub conjugation_rounds: usize,
    /// Most macros kept (the library stops growing there).
    pub max_macros: usize,
    /// Most commutators computed (a bound on the building time).
    pub max_products: usize,
}

impl Default for MacroOptions {
    fn default() -> MacroOptions {
        MacroOptions {
            words: 30_000,
            partners: 400,
            max_pieces: 3,
            max_meet: 2,
            raw_pieces: 6,
            conjugation_rounds: 6,
            max_macros: 200_000,
            max_products: 3_000_000,
        }
    }
}

/// How [`Macros::finish`] searches.
#[derive(Clone, Copy, Debug)]
pub struct BeamOptions {
    /// Positions kept per level.
    pub width: usize,
    /// Most levels (macros in a row).
    pub max_levels: usize,
    /// Stop at the first level that reaches the goal (else go on while cheaper
    /// positions are kept).
    pub first: bool,
}

impl Default for BeamOptions {
    fn default() -> BeamOptions {
        BeamOptions {
            width: 64,
            max_levels: 40,
            first: false,
        }
    }
}

/// Which steps a finish may take, by their effect (an image list).
pub type StepFilter<'a> = dyn Fn(&[u8]) -> bool + 'a;

/// How many times [`Macros::finish`] widens its beam fourfold after a failure:
/// on the 4x4x4 a finish of 21 pieces (12 of them centres) failed with the
/// default width of 64 and succeeded with 256.
pub const WIDER_BEAMS: usize = 2;

/// What [`Macros::finish`] searches with: the moves, the pieces free to move,
/// those that must come home, which steps it may take, and when to give up.
#[derive(Clone, Copy)]
pub struct FinishTask<'a> {
    /// The moves the macros are words in.
    pub moves: &'a MoveSet,
    /// The pieces allowed to move (`free[p]`); every other piece must be home
    /// at the start.
    pub free: &'a [bool],
    /// The pieces that must come home (`goal[p]`; `None`: every piece).
    pub goal: Option<&'a [bool]>,
    /// The steps (macros and single moves) allowed, by their effect (`None`:
    /// all within `free`).
    pub step_ok: Option<&'a StepFilter<'a>>,
    /// When to give up.
    pub deadline: Option<Instant>,
    /// Gives up when set (Ctrl-C).
    pub stop: Option<&'a AtomicBool>,
}

/// A library of macros for a move set (see the module docs).
#[derive(Clone, Debug)]
pub struct Macros {
    /// The macros, and the single moves (which may move many pieces).
    pub macros: Vec<Macro>,
    /// The pieces of the puzzle.
    pub pieces: Pieces,
    degree: usize,
}

/// Fixed-size bit set of pieces.
fn bits(pieces: &[usize], words: usize) -> Vec<u64> {
    let mut b = vec![0u64; words];
    for &p in pieces {
        b[p / 64] |= 1 << (p % 64);
    }
    b
}

fn meet(a: &[u64], b: &[u64]) -> u32 {
    a.iter().zip(b).map(|(x, y)| (x & y).count_ones()).sum()
}

/// The pieces the effect `im` (an image list) moves, ascending.
fn moved_pieces(pieces: &Pieces, im: &[u8]) -> Vec<usize> {
    (0..pieces.len())
        .filter(|&p| pieces.pieces[p].iter().any(|&x| im[x] as usize != x))
        .collect()
}

/// A short word: its effect (an image list) and its moves (indices).
type ShortWord = (Vec<u8>, Vec<usize>);

/// The macros of [`Macros::build`] while they are found: the library so far,
/// one macro (the cheapest) per effect.
struct MacroBuilder<'a> {
    moves: &'a MoveSet,
    pieces: &'a Pieces,
    opts: &'a MacroOptions,
    budget: &'a SearchBudget<'a>,
    /// Words of a bit set of pieces.
    nw: usize,
    /// The identity image list.
    identity: Vec<u8>,
    /// The macros so far.
    lib: Vec<Macro>,
    /// Each macro's index in `lib` by its effect.
    index: HashMap<Vec<u8>, usize>,
}

impl MacroBuilder<'_> {
    /// The pieces the effect `im` moves.
    fn moved(&self, im: &[u8]) -> Vec<usize> {
        moved_pieces(self.pieces, im)
    }

    /// The macro of the moves `letters` with effect `images` moving `pieces`.
    fn macro_of(&self, letters: Letters, images: Vec<u8>, pieces: Vec<usize>) -> Macro {
        Macro {
            cost: letters
                .iter()
                .map(|&(f, k)| self.moves.power_cost(f, k))
                .sum(),
            letters,
            images,
            pieces,
        }
    }

    /// The error of a build out of time or stopped.
    fn interrupted(&self) -> IdaError {
        let (depth, seen, size) = (0, 0, 0);
        IdaError::Search(if self.budget.stopped() {
            SearchError::Interrupted { depth, seen, size }
        } else {
            SearchError::OutOfTime { depth, seen, size }
        })
    }

    /// Keeps `m` unless a macro of its effect costs no more (one it replaces
    /// otherwise): whether it was kept.
    fn add(&mut self, m: Macro) -> bool {
        match self.index.get(&m.images) {
            Some(&i) if self.lib[i].cost <= m.cost => false,
            Some(&i) => {
                self.lib[i] = m;
                true
            }
            None => {
                self.index.insert(m.images.clone(), self.lib.len());
                self.lib.push(m);
                true
            }
        }
    }

    /// The commutator `[a, b]` of the words `a` and `b` with effects `a_im`
    /// and `b_im`: its effect and (merged) moves.
    fn commutator(
        &self,
        a_im: &[u8],
        a: &[Letter],
        b_im: &[u8],
        b: &[Letter],
    ) -> (Vec<u8>, Letters) {
        let im = slice::product(
            &slice::product(&slice::product(a_im, b_im), &slice::inverse(a_im)),
            &slice::inverse(b_im),
        );
        let mut letters = a.to_vec();
        letters.extend_from_slice(b);
        letters.extend(self.moves.inverse(a));
        letters.extend(self.moves.inverse(b));
        (im, self.moves.merge(&letters))
    }

    /// Short words by length, one per effect, at most
    /// [`MacroOptions::words`] of them.
    fn short_words(&self) -> Result<Vec<ShortWord>, IdaError> {
        let moves = self.moves;
        let mut seen: HashSet<Vec<u8>> = HashSet::from([self.identity.clone()]);
        let mut words: Vec<ShortWord> = Vec::new();
        let mut frontier: Vec<ShortWord> = vec![(self.identity.clone(), Vec::new())];
        let mut next = vec![0u8; moves.degree()];
        'grow: while !frontier.is_empty() && words.len() < self.opts.words {
            let mut grown = Vec::new();
            for (s, w) in &frontier {
                for m in 0..moves.moves().len() {
                    if !moves.allowed(w.last().copied(), 1, m) {
                        continue;
                    }
                    moves.apply(m, s, &mut next);
                    if seen.insert(next.clone()) {
                        let mut w2 = w.clone();
                        w2.push(m);
                        words.push((next.clone(), w2.clone()));
                        grown.push((next.clone(), w2));
                        if words.len() >= self.opts.words {
                            break 'grow;
                        }
                    }
                }
            }
            if self.budget.expired() {
                return Err(self.interrupted());
            }
            frontier = grown;
        }
        Ok(words)
    }

    /// Adds the single moves.
    fn add_single_moves(&mut self) {
        let moves = self.moves;
        for m in 0..moves.moves().len() {
            let letters = moves.letters(&[m]);
            let mut im = self.identity.clone();
            moves.apply(m, &self.identity, &mut im);
            let ps = self.moved(&im);
            self.add(self.macro_of(letters, im, ps));
        }
    }

    /// Adds the commutators `[a, b]` of short `words` whose `supports` meet:
    /// first those meeting in at most [`MacroOptions::max_meet`] pieces; when
    /// that finds nothing beyond the `singles` (moves of large support), any. The ones moving more than
    /// [`MacroOptions::max_pieces`] (raw, to be cleaned) are returned.
    fn add_commutators(
        &mut self,
        words: &[ShortWord],
        supports: &[Vec<u64>],
        singles: usize,
    ) -> Result<Vec<Macro>, IdaError> {
        let (moves, opts) = (self.moves, self.opts);
        let partners = opts.partners.min(words.len());
        let mut raw: Vec<Macro> = Vec::new();
        for max_meet in [opts.max_meet, u32::MAX] {
            if self.lib.len() > singles {
                break;
            }
            let mut products = 0;
            for (i, (a_im, a)) in words.iter().enumerate() {
                if products >= opts.max_products {
                    break;
                }
                let a_letters = moves.letters(a);
                for j in 0..partners {
                    let common = meet(&supports[i], &supports[j]);
                    if common == 0 || common > max_meet {
                        continue;
                    }
                    products += 1;
                    let (b_im, b) = &words[j];
                    let (im, letters) = self.commutator(a_im, &a_letters, b_im, &moves.letters(b));
                    let ps = self.moved(&im);
                    if ps.is_empty() {
                        continue;
                    }
                    if ps.len() > opts.max_pieces {
                        if ps.len() <= opts.raw_pieces && raw.len() < opts.max_macros {
                            raw.push(self.macro_of(letters, im, ps));
                        }
                        continue;
                    }
                    self.add(self.macro_of(letters, im, ps));
                }
                if i % 256 == 0 && self.budget.expired() {
                    return Err(self.interrupted());
                }
            }
        }
        Ok(raw)
    }

    /// A second round: adds the commutators of the macros found after the
    /// `singles` (and the `raw` ones) with short `words` whose supports meet
    /// theirs in one piece.
    fn add_second_commutators(
        &mut self,
        words: &[ShortWord],
        supports: &[Vec<u64>],
        singles: usize,
        raw: &[Macro],
    ) -> Result<(), IdaError> {
        let (moves, opts) = (self.moves, self.opts);
        let partners = opts.partners.min(words.len());
        let mut products = 0;
        let mut first: Vec<Macro> = self.lib[singles..].to_vec();
        first.extend(raw.iter().cloned());
        for m in &first {
            let ms = bits(&m.pieces, self.nw);
            for j in 0..partners {
                if products >= opts.max_products {
                    break;
                }
                if meet(&ms, &supports[j]) != 1 {
                    continue;
                }
                products += 1;
                let (b_im, b) = &words[j];
                let (im, letters) = self.commutator(&m.images, &m.letters, b_im, &moves.letters(b));
                let ps = self.moved(&im);
                if ps.is_empty() || ps.len() > opts.max_pieces {
                    continue;
                }
                self.add(self.macro_of(letters, im, ps));
            }
            if self.budget.expired() {
                return Err(self.interrupted());
            }
        }
        Ok(())
    }

    /// Cleaning: a `raw` macro whose restriction to one orbit's pieces is the
    /// effect of a kept macro, times that macro's inverse, moves only the
    /// other pieces; those moving at most [`MacroOptions::max_pieces`] are
    /// added.
    fn add_cleaned(&mut self, raw: &[Macro]) {
        let pieces = self.pieces;
        let identity = &self.identity;
        let orbit_count = pieces.orbit.iter().max().map_or(0, |&o| o + 1);
        let mut cleaned = Vec::new();
        for r in raw {
            for o in 0..orbit_count {
                let mut part = identity.clone();
                for &p in r.pieces.iter().filter(|&&p| pieces.orbit[p] == o) {
                    for &x in &pieces.pieces[p] {
                        part[x] = r.images[x];
                    }
                }
                if part == *identity || part == r.images {
                    continue;
                }
                let Some(&k) = self.index.get(&slice::inverse(&part)) else {
                    continue;
                };
                let im = slice::product(&r.images, &self.lib[k].images);
                let ps = self.moved(&im);
                if ps.is_empty() || ps.len() > self.opts.max_pieces {
                    continue;
                }
                let mut letters = r.letters.clone();
                letters.extend_from_slice(&self.lib[k].letters);
                let letters = self.moves.merge(&letters);
                cleaned.push(self.macro_of(letters, im, ps));
            }
        }
        for m in cleaned {
            self.add(m);
        }
    }

    /// Adds the conjugates `x M x⁻¹` of the macros after the `singles` by
    /// single moves `x`, for [`MacroOptions::conjugation_rounds`] rounds
    /// (each conjugating those the last one added).
    fn add_conjugates(&mut self, singles: usize) -> Result<(), IdaError> {
        let opts = self.opts;
        let mut fresh: Vec<usize> = (singles..self.lib.len()).collect();
        for _ in 0..opts.conjugation_rounds {
            let mut grown = Vec::new();
            for &i in &fresh {
                for x in 0..singles {
                    if self.lib.len() >= opts.max_macros {
                        break;
                    }
                    let (x_im, x_letters) =
                        (self.lib[x].images.clone(), self.lib[x].letters.clone());
                    let m = &self.lib[i];
                    let im =
                        slice::product(&slice::product(&x_im, &m.images), &slice::inverse(&x_im));
                    if self.index.contains_key(&im) {
                        continue;
                    }
                    let mut letters = x_letters.clone();
                    letters.extend_from_slice(&m.letters);
                    letters.extend(self.moves.inverse(&x_letters));
                    let letters = self.moves.merge(&letters);
                    let ps = self.moved(&im);
                    if self.add(self.macro_of(letters, im, ps)) {
                        grown.push(self.lib.len() - 1);
                    }
                }
            }
            if self.budget.expired() {
                return Err(self.interrupted());
            }
            fresh = grown;
        }
        Ok(())
    }
}

impl Macros {
    /// Finds the macros of `moves` for its `pieces` (see the module docs); gives up
    /// with an error at the budget's deadline or when its stop flag is raised.
    pub fn build(
        moves: &MoveSet,
        pieces: &Pieces,
        opts: &MacroOptions,
        budget: &SearchBudget,
    ) -> Result<Macros, IdaError> {
        let mut b = MacroBuilder {
            moves,
            pieces,
            opts,
            budget,
            nw: pieces.len().div_ceil(64).max(1),
            identity: (0..moves.degree() as u8).collect(),
            lib: Vec::new(),
            index: HashMap::new(),
        };
        let words = b.short_words()?;
        let supports: Vec<Vec<u64>> = words
            .iter()
            .map(|(im, _)| bits(&b.moved(im), b.nw))
            .collect();
        b.add_single_moves();
        let singles = b.lib.len();
        let raw = b.add_commutators(&words, &supports, singles)?;
        b.add_second_commutators(&words, &supports, singles, &raw)?;
        b.add_cleaned(&raw);
        b.add_conjugates(singles)?;
        Ok(Macros {
            macros: b.lib,
            pieces: pieces.clone(),
            degree: moves.degree(),
        })
    }

    /// [`Macros::build`] through the table cache: loaded from `cache` when kept
    /// there before (the library is the same: it is a function of the moves, the
    /// pieces and the options, which the cache key names), else built and kept.
    pub fn cached(
        moves: &MoveSet,
        pieces: &Pieces,
        opts: &MacroOptions,
        budget: &SearchBudget,
        cache: &TableCache,
    ) -> Result<Macros, IdaError> {
        if cache.dir().is_none() {
            return Macros::build(moves, pieces, opts, budget);
        }
        let key = format!(
            "macros v1; {}; pieces {:016x}; {opts:?}",
            moves.key(),
            super::table::fnv64(format!("{:?}", pieces.pieces).as_bytes())
        );
        let note = |n: &str| budget.progress.note(n);
        let payload = cache.get_or_build_noted("macros", &key, &note, |_| {
            Macros::build(moves, pieces, opts, budget).map(|m| m.encode())
        })?;
        Macros::decode(moves, pieces, &payload).ok_or_else(|| {
            IdaError::Other(format!(
                "table cache: the macros of key \"{key}\" are malformed; `permlab cache clear` removes them"
            ))
        })
    }

    /// The macros as bytes (little-endian): their count, then each macro's
    /// letter count, letters (family `u32`, power `i64` in `1..order`) and images.
    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(&(self.macros.len() as u64).to_le_bytes());
        for m in &self.macros {
            out.extend_from_slice(&(m.letters.len() as u32).to_le_bytes());
            for &(f, k) in &m.letters {
                out.extend_from_slice(&(f as u32).to_le_bytes());
                out.extend_from_slice(&k.to_le_bytes());
            }
            out.extend_from_slice(&m.images);
        }
        out
    }

    /// The macros of [`Macros::encode`]'s bytes (their costs and pieces
    /// recomputed), or `None` when the bytes do not hold macros of `moves`.
    fn decode(moves: &MoveSet, pieces: &Pieces, bytes: &[u8]) -> Option<Macros> {
        let mut rest = bytes;
        let mut take = |n: usize| -> Option<&[u8]> {
            let (a, b) = rest.split_at_checked(n)?;
            rest = b;
            Some(a)
        };
        let count = u64::from_le_bytes(take(8)?.try_into().ok()?);
        let degree = moves.degree();
        let mut macros = Vec::new();
        for _ in 0..count {
            let len = u32::from_le_bytes(take(4)?.try_into().ok()?) as usize;
            let mut letters = Vec::with_capacity(len.min(1 << 16));
            for _ in 0..len {
                let f = u32::from_le_bytes(take(4)?.try_into().ok()?) as usize;
                let k = u64::from_le_bytes(take(8)?.try_into().ok()?);
                if f >= moves.families() || k == 0 || k >= moves.family_order(f) {
                    return None;
                }
                letters.push((f, k as i64));
            }
            let images = take(degree)?.to_vec();
            if images.iter().any(|&x| x as usize >= degree) {
                return None;
            }
            let moved = moved_pieces(pieces, &images);
            macros.push(Macro {
                cost: letters.iter().map(|&(f, k)| moves.power_cost(f, k)).sum(),
                letters,
                images,
                pieces: moved,
            });
        }
        rest.is_empty().then_some(Macros {
            macros,
            pieces: pieces.clone(),
            degree,
        })
    }

    /// The macros (and single moves) that move only pieces with `free[p]`.
    pub fn within(&self, free: &[bool]) -> Vec<&Macro> {
        self.macros
            .iter()
            .filter(|m| m.pieces.iter().all(|&p| free[p]))
            .collect()
    }

    /// The steps of a task: the macros within its free pieces that it allows.
    fn steps(&self, task: &FinishTask) -> Vec<&Macro> {
        let mut steps = self.within(task.free);
        if let Some(ok) = task.step_ok {
            steps.retain(|m| ok(&m.images));
        }
        steps
    }

    /// Finishes the position `start` (an image list) by a beam search over the
    /// macros of `task` (those moving only its free pieces, and allowed by its
    /// `step_ok`; see the module docs): the moves as (family, power), merged,
    /// or `None` when the search ends (no steps, its levels, the deadline or
    /// stop) without every piece of its goal home.
    ///
    /// When the beam search fails, it is run again after each single move that
    /// moves only free pieces (a position the macros, all even on some
    /// orbit, cannot reach may need an odd move first), and the shortest answer
    /// is taken; when that fails too, all of it again with a beam four times
    /// as wide, [`WIDER_BEAMS`] times at most, while the deadline allows.
    pub fn finish(&self, task: &FinishTask, start: &[u8], opts: BeamOptions) -> Option<Letters> {
        let mut opts = opts;
        for _ in 0..=WIDER_BEAMS {
            if let Some(w) = self.finish_with_width(task, start, opts) {
                return Some(w);
            }
            if task.deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            opts.width = opts.width.saturating_mul(4);
        }
        None
    }

    /// [`Macros::finish`] with the beam's width of `opts`.
    fn finish_with_width(
        &self,
        task: &FinishTask,
        start: &[u8],
        opts: BeamOptions,
    ) -> Option<Letters> {
        let moves = task.moves;
        if let Some(w) = self.beam(task, start, opts) {
            return Some(w);
        }
        let mut best: Option<(u32, Letters)> = None;
        for m in self.steps(task).iter().filter(|m| m.letters.len() == 1) {
            if task.deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let s = slice::product(start, &m.images);
            let quick = BeamOptions {
                first: true,
                ..opts
            };
            if let Some(w) = self.beam(task, &s, quick) {
                let mut letters = m.letters.clone();
                letters.extend(w);
                let letters = moves.merge(&letters);
                let c: u32 = letters.iter().map(|&(f, k)| moves.power_cost(f, k)).sum();
                if best.as_ref().is_none_or(|(b, _)| c < *b) {
                    best = Some((c, letters));
                }
            }
        }
        best.map(|(_, w)| w)
    }

    /// The beam search of [`Macros::finish`] from `start`.
    fn beam(&self, task: &FinishTask, start: &[u8], opts: BeamOptions) -> Option<Letters> {
        let FinishTask {
            moves,
            goal,
            deadline,
            stop,
            ..
        } = *task;
        let steps = self.steps(task);
        let pieces = &self.pieces;
        let wanted: Vec<usize> = (0..pieces.len())
            .filter(|&p| goal.is_none_or(|g| g[p]))
            .collect();
        let unplaced = |s: &[u8]| -> u32 {
            wanted
                .iter()
                .filter(|&&p| pieces.pieces[p].iter().any(|&x| s[x] as usize != x))
                .count() as u32
        };
        let solved = |s: &[u8]| {
            unplaced(s) == 0
                && (goal.is_some() || s.iter().enumerate().all(|(i, &x)| x as usize == i))
        };
        if solved(start) {
            return Some(Vec::new());
        }
        // beta: the median cost per piece of the macros moving more than one piece
        let mut per: Vec<u32> = steps
            .iter()
            .filter(|m| m.pieces.len() > 1 && m.pieces.len() <= 3)
            .map(|m| 2 * m.cost / m.pieces.len() as u32)
            .collect();
        if per.is_empty() {
            return None;
        }
        per.sort_unstable();
        let beta = per[per.len() / 2].max(1); // in half moves per piece
                                              // arena of (parent, step)
        let mut arena: Vec<(usize, usize)> = Vec::new();
        let mut beam: Vec<(Vec<u8>, u32, usize)> = vec![(start.to_vec(), 0, usize::MAX)];
        let mut best: Option<(u32, usize)> = None;
        // the cheapest cost each position (by a 64-bit hash) was reached at
        let mut seen: HashMap<u64, u32> = HashMap::new();
        let mut s2 = start.to_vec();
        for _ in 0..opts.max_levels {
            // (score, cost, beam index, step): positions are made again for
            // the `width` kept, so a level holds no position it drops
            let mut cands: Vec<(u32, u32, u32, u32)> = Vec::new();
            for (bi, (s, c, node)) in beam.iter().enumerate() {
                // the positions of the unplaced pieces' stickers: a step must
                // move one of them
                let at: Vec<usize> = wanted
                    .iter()
                    .filter(|&&p| pieces.pieces[p].iter().any(|&x| s[x] as usize != x))
                    .map(|&p| s[pieces.pieces[p][0]] as usize)
                    .collect();
                for (k, m) in steps.iter().enumerate() {
                    if !at.iter().any(|&q| m.images[q] as usize != q) {
                        continue;
                    }
                    let c2 = c + m.cost;
                    if best.is_some_and(|(b, _)| c2 >= b) {
                        continue;
                    }
                    slice::compose(s, &m.images, &mut s2);
                    let h = super::table::fnv64(&s2);
                    if seen.get(&h).is_some_and(|&old| old <= c2) {
                        continue;
                    }
                    seen.insert(h, c2);
                    if solved(&s2) {
                        arena.push((*node, k));
                        best = Some((c2, arena.len() - 1));
                        continue;
                    }
                    cands.push((2 * c2 + beta * unplaced(&s2), c2, bi as u32, k as u32));
                }
                if deadline.is_some_and(|d| Instant::now() >= d)
                    || stop.is_some_and(|f| f.load(Ordering::Relaxed))
                {
                    return best.map(|(_, node)| self.path(moves, &arena, node, &steps));
                }
            }
            if cands.is_empty() || (opts.first && best.is_some()) {
                break;
            }
            if let Some((b, _)) = best {
                cands.retain(|c| c.1 < b);
            }
            if cands.len() > opts.width {
                cands.select_nth_unstable(opts.width);
                cands.truncate(opts.width);
            }
            cands.sort_unstable();
            let mut next = Vec::with_capacity(cands.len());
            for (_, c2, bi, k) in cands {
                let (s, _, node) = &beam[bi as usize];
                arena.push((*node, k as usize));
                next.push((
                    slice::product(s, &steps[k as usize].images),
                    c2,
                    arena.len() - 1,
                ));
            }
            if next.is_empty() {
                break;
            }
            beam = next;
        }
        best.map(|(_, node)| self.path(moves, &arena, node, &steps))
    }

    fn path(
        &self,
        moves: &MoveSet,
        arena: &[(usize, usize)],
        mut node: usize,
        steps: &[&Macro],
    ) -> Letters {
        let mut parts = Vec::new();
        while node != usize::MAX {
            let (parent, k) = arena[node];
            parts.push(k);
            node = parent;
        }
        let mut letters = Vec::new();
        for &k in parts.iter().rev() {
            letters.extend_from_slice(&steps[k].letters);
        }
        debug_assert!(self.degree == moves.degree());
        moves.merge(&letters)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::moves::Metric;
    use crate::{Perm, Puzzle};

    /// Every macro's word, evaluated as a permutation, has the macro's effect and
    /// moves exactly the pieces it claims.
    #[test]
    fn macros_move_only_their_pieces() {
        for name in ["cube3", "turnstyle:8"] {
            let p = Puzzle::builtin(name).unwrap();
            let moves = MoveSet::for_puzzle(&p, Metric::Htm).unwrap();
            let pieces = Pieces::new(p.degree(), &moves.perms());
            let opts = MacroOptions {
                words: 2000,
                partners: 100,
                max_macros: 20_000,
                ..MacroOptions::default()
            };
            let lib = Macros::build(&moves, &pieces, &opts, &SearchBudget::unlimited()).unwrap();
            let small = lib.macros.iter().filter(|m| m.pieces.len() <= 3).count();
            assert!(small > 100, "{name}: {small} macros");
            for m in &lib.macros {
                let mut g = Perm::identity(p.degree());
                for &(f, k) in &m.letters {
                    g = &g * &moves.family_perm(f).pow(k);
                }
                let im: Vec<u8> = (0..p.degree()).map(|x| g.image(x) as u8).collect();
                assert_eq!(im, m.images, "{name}: {:?}", m.letters);
                let claimed = pieces.moved_by(&g);
                assert_eq!(claimed, m.pieces);
                assert_eq!(m.cost, m.letters.len() as u32, "htm: one per move, merged");
            }
        }
    }

    /// The macros kept in the table cache are the macros built: the second
    /// call loads them (the build closure is not run) and every field agrees;
    /// damaged bytes are refused.
    #[test]
    fn cached_macros_are_the_built_ones() {
        let p = Puzzle::builtin("cube2").unwrap();
        let moves = MoveSet::for_puzzle(&p, Metric::Qtm).unwrap();
        let pieces = Pieces::new(p.degree(), &moves.perms());
        let opts = MacroOptions {
            words: 500,
            partners: 50,
            max_macros: 2_000,
            ..MacroOptions::default()
        };
        let budget = SearchBudget::unlimited();
        let built = Macros::build(&moves, &pieces, &opts, &budget).unwrap();
        let dir = std::env::temp_dir().join(format!("permlab-macros-{}", std::process::id()));
        let cache = TableCache::at(dir.clone());
        for _ in 0..2 {
            let got = Macros::cached(&moves, &pieces, &opts, &budget, &cache).unwrap();
            assert_eq!(got.macros.len(), built.macros.len());
            for (a, b) in got.macros.iter().zip(&built.macros) {
                assert_eq!(
                    (&a.letters, a.cost, &a.images, &a.pieces),
                    (&b.letters, b.cost, &b.images, &b.pieces)
                );
            }
        }
        assert_eq!(cache.entries().len(), 1);
        let bytes = built.encode();
        assert!(Macros::decode(&moves, &pieces, &bytes[..bytes.len() - 1]).is_none());
        let mut bad = bytes.clone();
        bad[12] = 99; // the first letter's family
        assert!(Macros::decode(&moves, &pieces, &bad).is_none());
        std::fs::remove_dir_all(&dir).ok();
    }
}
