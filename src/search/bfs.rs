//! Breadth-first search of a whole state space into a 2-bit [`DistanceTable`].
//!
//! The search runs from the goal states with the inverse moves, so the distance of
//! a position is the fewest moves that solve it (for move sets not closed under
//! inverses this differs from the distance from solved). Each layer is built
//! either by expanding the frontier (every entry with code `d mod 3`, including
//! older layers of the same residue, whose neighbours are all seen already) or,
//! when fewer positions are unseen than the frontier would generate, by scanning
//! the unseen positions for a neighbour in the frontier — the switch T. Rokicki's
//! twsearch makes. Both are parallel over chunks of the table with rayon; an
//! indicatif progress bar on stderr shows the depth and positions/s. The search's
//! [`SearchBudget`] bounds its memory (checked before allocating) and ends it cleanly
//! between chunks at its deadline or when its stop flag (Ctrl-C in the CLI) is raised.

use super::budget::SearchBudget;
use super::distribution::DistanceDistribution;
use super::space::{Cursor, StateSpace};
use super::table::{DistanceTable, TableError};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Options of a search.
#[derive(Clone)]
pub struct BfsOptions {
    /// How many hardest positions to keep (the ones of smallest index).
    pub antipode_sample: usize,
    /// Force a strategy (for tests and benchmarks); `None` chooses per layer.
    pub strategy: Option<Strategy>,
}

impl std::fmt::Debug for BfsOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BfsOptions")
            .field("antipode_sample", &self.antipode_sample)
            .field("strategy", &self.strategy)
            .finish()
    }
}

impl Default for BfsOptions {
    fn default() -> Self {
        BfsOptions {
            antipode_sample: 10,
            strategy: None,
        }
    }
}

/// How a layer is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Expand the frontier with the inverse moves.
    Forward,
    /// Scan unseen positions for a neighbour in the frontier.
    Backward,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct BfsResult {
    /// Number of positions reached.
    pub states: u64,
    /// Number of positions at each distance.
    pub distribution: DistanceDistribution,
    /// Indices of (a sample of) the positions at the largest distance, smallest first.
    pub antipodes: Vec<u64>,
    /// Strategy used for each layer after the first.
    pub strategies: Vec<Strategy>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Whether the budget (its stop flag or deadline) ended the search early.
    pub interrupted: bool,
}

impl BfsResult {
    /// God's number: the largest distance.
    pub fn max_distance(&self) -> usize {
        self.distribution.len().saturating_sub(1)
    }
    /// Number of positions at the largest distance.
    pub fn antipode_count(&self) -> u64 {
        self.distribution.last().copied().unwrap_or(0)
    }
}

const CHUNK_WORDS: usize = 1024; // 32768 positions per task

/// A layer is built by scanning the unseen positions when `SCAN_FACTOR` times
/// their number is below the number of neighbours the frontier would generate
/// (a scan reads up to all neighbours of each unseen position, an expansion sets
/// entries atomically; measured with `permlab bench search`, 4 is the best of 2, 4
/// and 6 over its four cases).
const SCAN_FACTOR: u64 = 4;

/// A layer whose work (neighbours to look at: the frontier's, or the unseen
/// positions' for a scan) is below this many runs on the calling thread alone,
/// writing the table with plain stores instead of atomic read-modify-writes: for
/// a few milliseconds of work, threads and locked instructions cost more than they
/// give. (On the 2x2x2 cube's 3.7 M positions, `bench search --peers`: with 2^20,
/// 0.06-0.09 s wall and 0.09-0.13 CPU s; with every layer on one thread (2^23),
/// 0.09-0.12 s of both.)
const SEQUENTIAL_WORK: u64 = 1 << 20;

/// The number of threads the parallel layers run on.
fn thread_count() -> usize {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads()
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

/// `reduce(f(state, 0), f(state, 1), …, f(state, n-1))` over the chunks `0..n`, on all
/// cores with the `parallel` feature (each worker thread with its own `state` from
/// `init`), else in order on this thread.
fn map_reduce_chunks<I, T: Send>(
    n: usize,
    init: impl Fn() -> I + Sync + Send,
    f: impl Fn(&mut I, usize) -> T + Sync + Send,
    identity: impl Fn() -> T + Sync + Send,
    reduce: impl Fn(T, T) -> T + Sync + Send,
) -> T {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..n)
            .into_par_iter()
            .map_init(init, f)
            .reduce(identity, reduce)
    }
    #[cfg(not(feature = "parallel"))]
    {
        let mut state = init();
        (0..n).fold(identity(), |acc, c| reduce(acc, f(&mut state, c)))
    }
}

/// A bound on the bytes the antipode samples of a search take: each layer keeps at
/// most `min(cap, size)` indices (8 bytes), and while a layer's samples are merged the
/// previous layer's sample, the partial samples and their growing vectors are alive
/// together (a factor 4 covers them).
pub fn sample_bytes(cap: usize, size: u64) -> u64 {
    (cap as u64).min(size).saturating_mul(32)
}

/// Keeps the `cap` smallest values pushed.
pub(crate) struct Smallest {
    cap: usize,
    v: Vec<u64>,
}

impl Smallest {
    pub(crate) fn new(cap: usize) -> Smallest {
        Smallest { cap, v: Vec::new() }
    }
    #[inline(always)]
    pub(crate) fn push(&mut self, x: u64) {
        // the common case, inline: full (or keeping none) and `x` not among the smallest
        if self.v.len() == self.cap && self.v.last().is_none_or(|&last| x >= last) {
            return;
        }
        self.insert(x);
    }
    #[inline(never)]
    fn insert(&mut self, x: u64) {
        if self.v.len() < self.cap {
            self.v.push(x);
            if self.v.len() == self.cap {
                self.v.sort_unstable();
            }
        } else if x < self.v[self.cap - 1] {
            let at = self.v.partition_point(|&y| y < x);
            self.v.insert(at, x);
            self.v.pop();
        }
    }
    fn merge(mut self, other: Smallest) -> Smallest {
        for x in other.v {
            self.push(x);
        }
        self
    }
    pub(crate) fn into_sorted(mut self) -> Vec<u64> {
        self.v.sort_unstable();
        self.v.dedup();
        self.v.truncate(self.cap);
        self.v
    }
}

/// Why [`search_space`] gave no complete table.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// The table would not fit in the memory bound (checked before allocating).
    #[error(transparent)]
    Memory(#[from] TableError),
    /// The stop flag was raised (Ctrl-C) before the search finished.
    #[error("interrupted (Ctrl-C) after depth {depth} with {seen} of {size} positions seen")]
    Interrupted {
        /// The deepest layer reached.
        depth: usize,
        /// Positions seen.
        seen: u64,
        /// Positions of the space.
        size: u64,
    },
    /// The budget's deadline passed before the search finished.
    #[error("time limit reached after depth {depth} with {seen} of {size} positions seen")]
    OutOfTime {
        /// The deepest layer reached.
        depth: usize,
        /// Positions seen.
        seen: u64,
        /// Positions of the space.
        size: u64,
    },
}

/// A complete search of `space`: the memory check against the budget's bound (and
/// the available memory) before allocating, the 2-bit table, then [`bfs`]. A search
/// the budget ended (deadline or stop flag) is an error, so a returned table is
/// always complete.
pub fn search_space<S: StateSpace>(
    space: &S,
    opts: &BfsOptions,
    budget: &SearchBudget,
) -> Result<(DistanceTable, BfsResult), SearchError> {
    budget.check_table(
        space.size(),
        sample_bytes(opts.antipode_sample, space.size()),
    )?;
    complete_search(space, DistanceTable::new(space.size()), opts, budget)
}

/// [`search_space`] with the table in a scratch file in the directory `dir`
/// ([`DistanceTable::on_disk`]): out of core, for spaces whose table is larger than
/// the memory. The memory check covers what stays in memory (the antipode samples
/// and a reserve); the disk check, the table. The frontier is scanned in index
/// order (sequential reads of the file); the neighbours it marks are where the
/// moves lead, so writes are scattered over the file and the search is fast only
/// while the part of the table in use stays in the page cache.
pub fn search_space_on_disk<S: StateSpace>(
    space: &S,
    dir: &std::path::Path,
    opts: &BfsOptions,
    budget: &SearchBudget,
) -> Result<(DistanceTable, BfsResult), SearchError> {
    budget.check_bytes(sample_bytes(opts.antipode_sample, space.size()))?;
    let table = DistanceTable::on_disk(space.size(), dir)?;
    complete_search(space, table, opts, budget)
}

/// [`bfs`] into `table`, a search the budget ended being an error.
fn complete_search<S: StateSpace>(
    space: &S,
    table: DistanceTable,
    opts: &BfsOptions,
    budget: &SearchBudget,
) -> Result<(DistanceTable, BfsResult), SearchError> {
    let r = bfs(space, &table, opts, budget);
    if r.interrupted {
        let (depth, seen, size) = (r.max_distance(), r.states, space.size());
        return Err(if budget.stopped() {
            SearchError::Interrupted { depth, seen, size }
        } else {
            SearchError::OutOfTime { depth, seen, size }
        });
    }
    Ok((table, r))
}

/// Breadth-first search of the whole space from its goals (see the module docs):
/// fills `table`, which must be new and of the space's size; the budget's deadline
/// and stop flag are polled between chunks, and it receives the progress.
///
/// ```
/// use permlab::search::bfs::{bfs, BfsOptions};
/// use permlab::search::space::{GroupSpace, StateSpace};
/// use permlab::search::table::DistanceTable;
/// use permlab::Puzzle;
/// use permlab::search::budget::SearchBudget;
///
/// // every element of the group of Turnstyle-6 is reached, each once
/// let puzzle = Puzzle::load("turnstyle:6").unwrap();
/// let space = GroupSpace::for_puzzle(&puzzle, true).unwrap();
/// let table = DistanceTable::new(space.size());
/// let r = bfs(&space, &table, &BfsOptions::default(), &SearchBudget::unlimited());
/// assert_eq!(u128::from(r.distribution.total()), puzzle.group().order_u128().unwrap());
/// assert_eq!(r.distribution[0], 1);
/// ```
pub fn bfs<S: StateSpace>(
    space: &S,
    table: &DistanceTable,
    opts: &BfsOptions,
    budget: &SearchBudget,
) -> BfsResult {
    let progress = budget.progress;
    let start = Instant::now();
    let size = space.size();
    assert_eq!(table.len(), size, "table size must equal the space size");
    let width = space.width();
    let moves = space.move_count();
    let mut layer0 = 0u64;
    let mut first = Smallest::new(opts.antipode_sample);
    for g in space.goals() {
        let r = space.rank(&g);
        if table.set_if_unseen(r, 0) {
            layer0 += 1;
            first.push(r);
        }
    }
    let mut distribution = vec![layer0];
    let mut last_sample = first.into_sorted();
    let mut strategies = Vec::new();
    let mut seen = layer0;
    progress.set_length(size);
    progress.set_position(seen);
    let words = table.word_count();
    let mut interrupted = false;
    let mut d: u32 = 0;
    loop {
        if budget.expired() {
            interrupted = true;
            break;
        }
        let unseen = size - seen;
        if unseen == 0 {
            break;
        }
        // entries with code d mod 3: layers d, d-3, d-6, ...
        let matching: u64 = distribution.iter().rev().step_by(3).sum();
        let strategy = opts.strategy.unwrap_or(
            if unseen.saturating_mul(SCAN_FACTOR) < matching.saturating_mul(moves as u64) {
                Strategy::Backward
            } else {
                Strategy::Forward
            },
        );
        progress.set_message(&format!("{} ({:?})", d + 1, strategy));
        let code_d = (d % 3 + 1) as u8;
        let found = AtomicU64::new(0);
        let n_chunks = words.div_ceil(CHUNK_WORDS);
        let work = match strategy {
            Strategy::Forward => matching,
            Strategy::Backward => unseen,
        }
        .saturating_mul(moves as u64);
        let exclusive = thread_count() == 1 || work < SEQUENTIAL_WORK;
        let init = || (Cursor::new(width), vec![0u64; moves]);
        let chunk = |(cur, ranks): &mut (Cursor, Vec<u64>), c: usize| {
            if budget.expired() {
                return Smallest::new(opts.antipode_sample);
            }
            let lo = c * CHUNK_WORDS;
            let job = Layer {
                words: lo..(lo + CHUNK_WORDS).min(words),
                space,
                table,
                strategy,
                code_d,
                d,
                size,
                cap: opts.antipode_sample,
                exclusive,
            };
            let (new, smallest) = job.run_dispatch(cur, ranks);
            found.fetch_add(new, Ordering::Relaxed);
            progress.inc(new);
            smallest
        };
        let sample = if exclusive {
            let mut state = init();
            (0..n_chunks).fold(Smallest::new(opts.antipode_sample), |acc, c| {
                acc.merge(chunk(&mut state, c))
            })
        } else {
            map_reduce_chunks(
                n_chunks,
                init,
                chunk,
                || Smallest::new(opts.antipode_sample),
                Smallest::merge,
            )
        };
        if budget.expired() {
            interrupted = true;
            // the layer is incomplete: do not report it
            break;
        }
        let new = found.load(Ordering::Relaxed);
        if new == 0 {
            break;
        }
        strategies.push(strategy);
        distribution.push(new);
        seen += new;
        last_sample = sample.into_sorted();
        d += 1;
    }
    progress.finish();
    BfsResult {
        states: seen,
        distribution: distribution.into(),
        antipodes: last_sample,
        strategies,
        seconds: start.elapsed().as_secs_f64(),
        interrupted,
    }
}

/// The slots set in `mask` (bit `2j` for slot `j`, as from
/// [`DistanceTable::slots_equal`]) of the word starting at index `base`: pairs
/// `(j, base + j)` below `size`.
#[inline(always)]
pub(crate) fn slots(mut mask: u64, base: u64, size: u64) -> impl Iterator<Item = (u64, u64)> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let j = mask.trailing_zeros() as u64 / 2;
        mask &= mask - 1;
        (base + j < size).then_some((j, base + j))
    })
}

/// One layer's work on a range of table words.
struct Layer<'a, S> {
    /// The table words to expand.
    words: std::ops::Range<usize>,
    space: &'a S,
    table: &'a DistanceTable,
    strategy: Strategy,
    code_d: u8,
    d: u32,
    size: u64,
    cap: usize,
    /// whether this thread is the only one writing the table in this layer
    exclusive: bool,
}

impl<S: StateSpace> Layer<'_, S> {
    /// Runs [`Layer::run`] compiled with POPCNT/BMI when the CPU has them (ranks
    /// count bits; the portable build has no POPCNT instruction).
    fn run_dispatch(&self, cur: &mut Cursor, ranks: &mut [u64]) -> (u64, Smallest) {
        #[cfg(target_arch = "x86_64")]
        {
            static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
            let fast = *FAST.get_or_init(|| {
                std::arch::is_x86_feature_detected!("popcnt")
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
            });
            if fast {
                // SAFETY: the CPU has the features, checked just above.
                return unsafe { self.run_popcnt(cur, ranks) };
            }
        }
        self.run(cur, ranks)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    unsafe fn run_popcnt(&self, cur: &mut Cursor, ranks: &mut [u64]) -> (u64, Smallest) {
        self.run(cur, ranks)
    }

    /// The layer on the table words `self.words`; `ranks` (of the number of
    /// moves) receives a position's neighbours.
    #[inline(always)]
    fn run(&self, cur: &mut Cursor, ranks: &mut [u64]) -> (u64, Smallest) {
        let (space, table, size, d, code_d) =
            (self.space, self.table, self.size, self.d, self.code_d);
        let mut smallest = Smallest::new(self.cap);
        let mut new = 0u64;
        let code_next = (d + 1) % 3 + 1;
        for w in self.words.clone() {
            let word = table.word(w);
            let base = (w as u64) << 5;
            match self.strategy {
                Strategy::Forward => {
                    for (_, i) in slots(DistanceTable::slots_equal(word, code_d), base, size) {
                        space.seek(i, cur);
                        space.neighbours(cur, true, ranks);
                        for &r in ranks.iter() {
                            let fresh = if self.exclusive {
                                table.set_if_unseen_exclusive(r, d + 1)
                            } else {
                                table.set_if_unseen(r, d + 1)
                            };
                            if fresh {
                                new += 1;
                                smallest.push(r);
                            }
                        }
                    }
                }
                Strategy::Backward => {
                    // this thread owns word w: collect its new entries and write them
                    // once (other threads only read it, and an entry set now reads
                    // as neither unseen-in-frontier nor frontier)
                    let mut found: u64 = 0;
                    for (j, i) in slots(DistanceTable::slots_equal(word, 0), base, size) {
                        space.seek(i, cur);
                        space.neighbours(cur, false, ranks);
                        if ranks.iter().any(|&r| table.code(r) == code_d) {
                            found |= (code_next as u64) << (2 * j);
                            new += 1;
                            smallest.push(i);
                        }
                    }
                    if found != 0 {
                        table.or_word(w, found);
                    }
                }
            }
        }
        (new, smallest)
    }
}

/// Exact distances of every position (one byte each, `u8::MAX` = unreached): a
/// plain layered BFS with frontier lists, for small spaces and as an independent
/// check of [`bfs`]. Distances above 254 are not supported (the search stops).
pub fn exact_distances<S: StateSpace>(space: &S) -> Vec<u8> {
    let size = space.size() as usize;
    let mut dist = vec![u8::MAX; size];
    let mut frontier = Vec::new();
    for g in space.goals() {
        let r = space.rank(&g) as usize;
        if dist[r] == u8::MAX {
            dist[r] = 0;
            frontier.push(r as u64);
        }
    }
    let width = space.width();
    let (mut s, mut t) = (vec![0u8; width], vec![0u8; width]);
    let mut d = 0u8;
    while !frontier.is_empty() && d < 254 {
        let mut next = Vec::new();
        for &i in &frontier {
            space.unrank(i, &mut s);
            for m in 0..space.move_count() {
                space.apply(m, true, &s, &mut t);
                let r = space.rank(&t) as usize;
                if dist[r] == u8::MAX {
                    dist[r] = d + 1;
                    next.push(r as u64);
                }
            }
        }
        frontier = next;
        d += 1;
    }
    dist
}
