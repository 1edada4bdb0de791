//! Breadth-first search of a whole state space over several processes (MPI ranks),
//! each holding one slice of the 2-bit table: the search of [`super::bfs`] for
//! spaces whose table is larger than one machine's memory.
//!
//! The perfect index range `0..size` is cut into one contiguous slice per rank
//! ([`Partition`], slices a multiple of 32 positions so no table word is shared).
//! Each layer, every rank scans its slice for the frontier (entries of code
//! `d mod 3`), expands it with the inverse moves, marks the neighbours it owns
//! itself and sends the others' to their owners in batches of at most
//! [`BATCH`] indices per rank and round (an all-to-all exchange, so the buffers are
//! bounded however large the layer); owners mark and count what they receive. A
//! layer ends when no rank has frontier left, with a sum of the new counts over the
//! ranks. This is the layered, owner-computes scheme of distributed BFS (A. Buluç
//! and K. Madduri, "Parallel breadth-first search on distributed memory systems",
//! SC 2011, §3; for puzzles, R. E. Korf, "Linear-time disk-based implicit graph
//! search", J. ACM 55 (2008)), on the distance-mod-3 table of T. Rokicki's
//! twsearch. Only the forward (expanding) strategy is used: the backward scan of
//! [`super::bfs`] would need a round trip per neighbour look-up.
//!
//! The communication is the [`Ranks`] trait: [`OneRank`] (a single process),
//! [`ThreadRanks`] (ranks as threads of one process, for tests and as a reference)
//! and, with the `mpi` feature, `MpiRanks` over an MPI library (the `mpi` crate,
//! rsmpi). Every rank must call the search with the same space and options.
//!
//! After each layer a rank can write a checkpoint of its slice
//! ([`Checkpoint`]: the table file format of [`super::table`], versioned,
//! checksummed, written atomically), alternating between two files so that a crash
//! while writing leaves the previous layer intact; a resumed search starts from the
//! deepest layer every rank has.
//!
//! ```
//! use permlab::search::distributed::{distributed_bfs, DistributedOptions, ThreadRanks};
//! use permlab::search::space::{GroupSpace, StateSpace};
//! use permlab::Puzzle;
//! use std::sync::atomic::AtomicBool;
//! // three ranks (threads) share the search of the 2x3 board's 120 positions
//! let p = Puzzle::builtin("board:2x3:2").unwrap();
//! let space = GroupSpace::for_puzzle(&p, true).unwrap();
//! let results = ThreadRanks::run(3, |ranks| {
//!     distributed_bfs(&space, ranks, &DistributedOptions::default(), &AtomicBool::new(false))
//!         .unwrap()
//! });
//! assert_eq!(results[0].states, 120);
//! assert!(results.iter().all(|r| r.distribution == results[0].distribution));
//! ```

use super::bfs::{slots, BfsResult, Smallest, Strategy};
use super::space::{Cursor, StateSpace};
use super::table::{check_memory_beside, DistanceTable, TableError};
use crate::progress::Progress;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier, Mutex};
use std::time::Instant;

/// Neighbour indices a rank sends in one exchange round, at most (8 bytes each, so
/// 8 MB of buffers per rank and round).
pub const BATCH: usize = 1 << 20;

/// The collective operations the distributed search needs. Every rank calls each
/// operation in the same order (they are collective, as in MPI).
pub trait Ranks {
    /// This rank's number, `0..size()`.
    fn rank(&self) -> usize;
    /// The number of ranks.
    fn size(&self) -> usize;
    /// All-to-all: sends `outgoing[r]` to rank `r` and returns what every rank sent
    /// to this one (in rank order).
    fn exchange(&self, outgoing: &[Vec<u64>]) -> Vec<u64>;
    /// The sum of `x` over the ranks, on every rank.
    fn sum(&self, x: u64) -> u64;
    /// The maximum of `x` over the ranks, on every rank.
    fn max(&self, x: u64) -> u64;
    /// The minimum of `x` over the ranks, on every rank.
    fn min(&self, x: u64) -> u64;
    /// Every rank's `v`, concatenated in rank order, on rank 0 (empty elsewhere).
    fn gather(&self, v: &[u64]) -> Vec<u64>;
}

/// A single process: the collective operations are identities.
#[derive(Clone, Copy, Debug, Default)]
pub struct OneRank;

impl Ranks for OneRank {
    fn rank(&self) -> usize {
        0
    }
    fn size(&self) -> usize {
        1
    }
    fn exchange(&self, outgoing: &[Vec<u64>]) -> Vec<u64> {
        outgoing[0].clone()
    }
    fn sum(&self, x: u64) -> u64 {
        x
    }
    fn max(&self, x: u64) -> u64 {
        x
    }
    fn min(&self, x: u64) -> u64 {
        x
    }
    fn gather(&self, v: &[u64]) -> Vec<u64> {
        v.to_vec()
    }
}

/// Ranks as threads of one process, meeting at a barrier for each collective
/// operation: the same search as over MPI, without MPI (for tests, and to compare
/// a distributed run with [`super::bfs`] on one machine).
pub struct ThreadRanks {
    rank: usize,
    shared: Arc<Shared>,
}

struct Shared {
    size: usize,
    barrier: Barrier,
    /// `boxes[from][to]`: what rank `from` sends to rank `to` in this operation.
    boxes: Mutex<Vec<Vec<Vec<u64>>>>,
}

impl ThreadRanks {
    /// Runs `f` on `size` ranks (threads) and returns their results in rank order.
    pub fn run<T: Send>(size: usize, f: impl Fn(&ThreadRanks) -> T + Sync) -> Vec<T> {
        assert!(size > 0, "at least one rank");
        let shared = Arc::new(Shared {
            size,
            barrier: Barrier::new(size),
            boxes: Mutex::new(vec![vec![Vec::new(); size]; size]),
        });
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..size)
                .map(|rank| {
                    let ranks = ThreadRanks {
                        rank,
                        shared: Arc::clone(&shared),
                    };
                    let f = &f;
                    scope.spawn(move || f(&ranks))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a rank panicked"))
                .collect()
        })
    }

    fn boxes(&self) -> std::sync::MutexGuard<'_, Vec<Vec<Vec<u64>>>> {
        self.shared.boxes.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Posts `outgoing`, waits for every rank, takes what was sent to this rank.
    fn all_to_all(&self, outgoing: &[Vec<u64>]) -> Vec<Vec<u64>> {
        self.boxes()[self.rank].clone_from_slice(outgoing);
        self.shared.barrier.wait();
        let got: Vec<Vec<u64>> = {
            let boxes = self.boxes();
            (0..self.shared.size)
                .map(|from| boxes[from][self.rank].clone())
                .collect()
        };
        // nobody posts again before everyone has read
        self.shared.barrier.wait();
        got
    }

    fn all_gather(&self, x: u64) -> Vec<u64> {
        let out = vec![vec![x]; self.shared.size];
        self.all_to_all(&out).into_iter().flatten().collect()
    }
}

impl Ranks for ThreadRanks {
    fn rank(&self) -> usize {
        self.rank
    }
    fn size(&self) -> usize {
        self.shared.size
    }
    fn exchange(&self, outgoing: &[Vec<u64>]) -> Vec<u64> {
        self.all_to_all(outgoing).into_iter().flatten().collect()
    }
    fn sum(&self, x: u64) -> u64 {
        self.all_gather(x).iter().sum()
    }
    fn max(&self, x: u64) -> u64 {
        self.all_gather(x).into_iter().max().unwrap_or(0)
    }
    fn min(&self, x: u64) -> u64 {
        self.all_gather(x).into_iter().min().unwrap_or(0)
    }
    fn gather(&self, v: &[u64]) -> Vec<u64> {
        let mut out = vec![Vec::new(); self.shared.size];
        out[0] = v.to_vec();
        let got = self.all_to_all(&out);
        if self.rank == 0 {
            got.into_iter().flatten().collect()
        } else {
            Vec::new()
        }
    }
}

/// How the index range is cut among the ranks: rank `r` owns
/// `r·per .. min((r+1)·per, size)`, with `per` a multiple of 32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    /// Positions of the space.
    pub size: u64,
    /// Positions per rank (the last rank's slice may be shorter or empty).
    pub per: u64,
}

impl Partition {
    /// The partition of `size` positions among `ranks` ranks.
    pub fn new(size: u64, ranks: usize) -> Partition {
        let words = size.div_ceil(32);
        let per = words.div_ceil(ranks.max(1) as u64).max(1) * 32;
        Partition { size, per }
    }
    /// The owner of position `i`.
    #[inline]
    pub fn owner(&self, i: u64) -> usize {
        (i / self.per) as usize
    }
    /// The slice of rank `r`.
    pub fn slice(&self, r: usize) -> std::ops::Range<u64> {
        let lo = (r as u64).saturating_mul(self.per).min(self.size);
        let hi = lo.saturating_add(self.per).min(self.size);
        lo..hi
    }
}

/// Options of a distributed search.
#[derive(Clone)]
pub struct DistributedOptions<'a> {
    /// Progress (positions seen over all ranks, the depth); give it on rank 0 only.
    pub progress: &'a dyn Progress,
    /// How many hardest positions to keep (those of smallest index).
    pub antipode_sample: usize,
    /// Write a checkpoint of each rank's slice into this directory after each layer.
    pub checkpoint: Option<PathBuf>,
    /// Resume from the checkpoint in [`DistributedOptions::checkpoint`].
    pub resume: bool,
    /// Stop (as the stop flag would) once this many layers are complete (and
    /// checkpointed) in this run: for batch jobs with a time limit.
    pub stop_after: Option<usize>,
    /// A bound on the memory of each rank's slice (else the memory available; see
    /// [`super::table::check_memory`]), checked before allocating.
    pub max_memory: Option<u64>,
}

impl Default for DistributedOptions<'_> {
    fn default() -> Self {
        DistributedOptions {
            progress: &(),
            antipode_sample: 10,
            checkpoint: None,
            resume: false,
            stop_after: None,
            max_memory: None,
        }
    }
}

impl std::fmt::Debug for DistributedOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DistributedOptions")
            .field("antipode_sample", &self.antipode_sample)
            .field("checkpoint", &self.checkpoint)
            .field("resume", &self.resume)
            .field("stop_after", &self.stop_after)
            .finish_non_exhaustive()
    }
}

/// Why a distributed search failed. Every rank returns the same error kind (the
/// ranks agree on failures before returning).
#[derive(Debug, thiserror::Error)]
pub enum DistributedError {
    /// This rank's slice would not fit in its memory bound.
    #[error(transparent)]
    Table(#[from] TableError),
    /// Some rank could not write or read its checkpoint.
    #[error("{0}")]
    Checkpoint(String),
    /// Another rank failed (and said why on its own).
    #[error("{0}")]
    OtherRank(String),
}

/// The outcome of a distributed search on one rank: the search's result (the same
/// on every rank except `antipodes`, gathered on rank 0 only) and the rank's slice.
pub struct RankResult {
    /// The distribution, positions seen, antipodes (rank 0), time; `interrupted`
    /// when the stop flag or [`DistributedOptions::stop_after`] ended it early.
    pub result: BfsResult,
    /// This rank's slice of the table (entry `i` is position `slice.start + i`).
    pub table: DistanceTable,
    /// The positions this rank owns.
    pub slice: std::ops::Range<u64>,
    /// The layer the search resumed after, if it resumed from a checkpoint.
    pub resumed_at: Option<usize>,
}

impl std::ops::Deref for RankResult {
    type Target = BfsResult;
    fn deref(&self) -> &BfsResult {
        &self.result
    }
}

/// A rank's checkpoint files: `rank-R-of-N.A` and `.B`, layer parity alternating.
pub struct Checkpoint {
    dir: PathBuf,
    rank: usize,
    ranks: usize,
}

impl Checkpoint {
    /// The checkpoint of rank `rank` of `ranks` in `dir`.
    pub fn new(dir: &Path, rank: usize, ranks: usize) -> Checkpoint {
        Checkpoint {
            dir: dir.to_path_buf(),
            rank,
            ranks,
        }
    }

    /// The file holding layer `depth` (one of two, by parity).
    pub fn path(&self, depth: usize) -> PathBuf {
        let slot = if depth.is_multiple_of(2) { 'A' } else { 'B' };
        self.dir
            .join(format!("rank-{}-of-{}.{slot}", self.rank, self.ranks))
    }

    fn save(
        &self,
        table: &DistanceTable,
        key: &str,
        depth: usize,
        distribution: &[u64],
        sample: &[u64],
    ) -> Result<(), TableError> {
        table.save(
            &self.path(depth),
            &serde_json::json!({
                "space": key,
                "ranks": self.ranks,
                "rank": self.rank,
                "depth": depth,
                "distribution": distribution,
                "sample": sample,
            }),
        )
    }

    /// The layers this rank's files hold for `key` (read, checked, not kept).
    fn layers(&self, key: &str, len: u64) -> Vec<usize> {
        let mut out = Vec::new();
        for parity in 0..2 {
            if let Some((_, depth, _, _)) = self.read(parity, key, len) {
                out.push(depth);
            }
        }
        out
    }

    /// The file of the given parity, if it is a checkpoint of this rank for `key`
    /// with an entry count `len`: (table, depth, distribution, sample).
    #[allow(clippy::type_complexity)]
    fn read(
        &self,
        parity: usize,
        key: &str,
        len: u64,
    ) -> Option<(DistanceTable, usize, Vec<u64>, Vec<u64>)> {
        let path = self.path(parity);
        if !path.is_file() {
            return None;
        }
        let (table, h) = DistanceTable::load(&path, None).ok()?;
        let depth = h["depth"].as_u64()? as usize;
        let fits = h["space"].as_str() == Some(key)
            && h["ranks"].as_u64() == Some(self.ranks as u64)
            && h["rank"].as_u64() == Some(self.rank as u64)
            && table.len() == len
            && depth % 2 == parity;
        let numbers = |v: &serde_json::Value| -> Option<Vec<u64>> {
            v.as_array()?.iter().map(|x| x.as_u64()).collect()
        };
        let distribution = numbers(&h["distribution"])?;
        let sample = numbers(&h["sample"])?;
        (fits && distribution.len() == depth + 1).then_some((table, depth, distribution, sample))
    }
}

/// Neighbours one position can send (its moves), as a `u64` for the buffer bound.
fn moves_bound<S: StateSpace>(space: &S) -> u64 {
    space.move_count() as u64
}

/// The breadth-first search of `space` by every rank of `ranks` together (see the
/// module docs); each rank calls it with the same arguments. The distribution and
/// positions seen are the same on every rank and equal those of [`super::bfs::bfs`];
/// the antipode sample is gathered on rank 0.
pub fn distributed_bfs<S: StateSpace, R: Ranks>(
    space: &S,
    ranks: &R,
    opts: &DistributedOptions,
    stop: &AtomicBool,
) -> Result<RankResult, DistributedError> {
    let start = Instant::now();
    let size = space.size();
    let (me, n) = (ranks.rank(), ranks.size());
    let part = Partition::new(size, n);
    let slice = part.slice(me);
    let local_len = slice.end - slice.start;
    let key = space.key();
    let checkpoint = opts
        .checkpoint
        .as_deref()
        .map(|d| Checkpoint::new(d, me, n));
    check_slices_fit(space, ranks, local_len, opts.max_memory)?;

    let Start {
        table,
        mut distribution,
        mut last_sample,
        resumed_at,
    } = Start::new(space, ranks, opts, checkpoint.as_ref(), &key, slice.clone())?;

    let progress = opts.progress;
    let mut seen: u64 = distribution.iter().sum();
    progress.set_length(size);
    progress.set_position(seen);
    let mut layer = LayerSearch {
        space,
        ranks,
        me,
        moves: space.move_count(),
        part,
        slice: slice.clone(),
        table: &table,
        stop,
        antipode_sample: opts.antipode_sample,
        cur: Cursor::new(space.width()),
        outbox: vec![Vec::new(); n],
    };
    let mut interrupted = false;
    let mut d = (distribution.len() - 1) as u32;
    let layers_at_start = d as usize;
    loop {
        if seen == size {
            break;
        }
        if opts
            .stop_after
            .is_some_and(|k| d as usize >= layers_at_start + k)
        {
            interrupted = true;
            break;
        }
        progress.set_message(&format!("{} (distributed, {n} ranks)", d + 1));
        let Some((new, sample)) = layer.expand(d) else {
            // the layer is incomplete: do not report it
            interrupted = true;
            break;
        };
        let total = ranks.sum(new);
        progress.inc(total);
        if total == 0 {
            break;
        }
        distribution.push(total);
        seen += total;
        last_sample = sample.into_sorted();
        d += 1;
        if let Some(ck) = &checkpoint {
            let layers = Layers {
                depth: d as usize,
                distribution: &distribution,
                sample: &last_sample,
            };
            ck.save_on_every_rank(ranks, &table, &key, &layers)?;
        }
    }
    progress.finish();
    let antipodes = gather_antipodes(ranks, &last_sample, opts.antipode_sample);
    let strategies = vec![Strategy::Forward; distribution.len() - 1];
    Ok(RankResult {
        result: BfsResult {
            states: seen,
            distribution: distribution.into(),
            antipodes,
            strategies,
            seconds: start.elapsed().as_secs_f64(),
            interrupted,
        },
        table,
        slice,
        resumed_at,
    })
}

/// Where a rank's search starts: its table with the layers done, resumed from
/// a checkpoint or new.
struct Start {
    /// This rank's slice of the table.
    table: DistanceTable,
    /// Positions per depth so far (over all ranks).
    distribution: Vec<u64>,
    /// This rank's smallest positions of the last layer.
    last_sample: Vec<u64>,
    /// The layer resumed from, if any.
    resumed_at: Option<usize>,
}

impl Start {
    /// With [`DistributedOptions::resume`], the deepest layer of `checkpoint`
    /// all ranks have for `key` (an error without a checkpoint directory);
    /// else a new table of this rank's `slice` with the goals.
    fn new<S: StateSpace, R: Ranks>(
        space: &S,
        ranks: &R,
        opts: &DistributedOptions,
        checkpoint: Option<&Checkpoint>,
        key: &str,
        slice: std::ops::Range<u64>,
    ) -> Result<Start, DistributedError> {
        match (checkpoint, opts.resume) {
            (Some(ck), true) => {
                let local_len = slice.end - slice.start;
                let (table, depth, distribution, last_sample) =
                    resume_common_layer(ck, ranks, key, local_len)?;
                Ok(Start {
                    table,
                    distribution,
                    last_sample,
                    resumed_at: Some(depth),
                })
            }
            (None, true) => Err(DistributedError::Checkpoint(
                "resuming needs the checkpoint directory".into(),
            )),
            _ => {
                let (table, distribution, last_sample) =
                    first_layer(space, ranks, slice, opts.antipode_sample);
                Ok(Start {
                    table,
                    distribution,
                    last_sample,
                    resumed_at: None,
                })
            }
        }
    }
}

/// Every rank checks its slice of `local_len` entries (and what the exchange
/// buffers take) against the memory before any allocates; all fail together.
fn check_slices_fit<S: StateSpace, R: Ranks>(
    space: &S,
    ranks: &R,
    local_len: u64,
    max_memory: Option<u64>,
) -> Result<(), DistributedError> {
    let buffers = 3 * 8 * (BATCH as u64 + moves_bound(space)) * ranks.size() as u64;
    let fits = check_memory_beside(
        local_len,
        buffers,
        max_memory,
        super::budget::MEMORY_RESERVE,
    );
    if ranks.max(u64::from(fits.is_err())) != 0 {
        return Err(match fits {
            Err(e) => e.into(),
            Ok(()) => DistributedError::OtherRank(
                "another rank's slice of the table does not fit in its memory".into(),
            ),
        });
    }
    Ok(())
}

/// The deepest checkpointed layer every rank has for `key` (the smallest of
/// the ranks' deepest, else the layer before it, in the other file), read:
/// (table, depth, distribution, sample).
fn resume_common_layer<R: Ranks>(
    ck: &Checkpoint,
    ranks: &R,
    key: &str,
    local_len: u64,
) -> Result<(DistanceTable, usize, Vec<u64>, Vec<u64>), DistributedError> {
    let mine = ck.layers(key, local_len);
    let best = mine.iter().copied().max().map_or(0, |d| d as u64 + 1);
    let mut chosen = None;
    let top = ranks.min(best);
    for cand in [top, top.saturating_sub(1)] {
        if cand == 0 {
            break;
        }
        let have = mine.contains(&(cand as usize - 1)) as u64;
        if ranks.min(have) == 1 {
            chosen = Some(cand as usize - 1);
            break;
        }
    }
    let Some(depth) = chosen else {
        return Err(DistributedError::Checkpoint(format!(
            "{}: no checkpointed layer common to all {} ranks for this search",
            ck.dir.display(),
            ranks.size()
        )));
    };
    Ok(ck
        .read(depth % 2, key, local_len)
        .expect("the file was read just above"))
}

/// A new table of this rank's `slice` with the goals in it at depth 0: the
/// table, the distribution so far (the goals of all ranks) and this rank's
/// smallest goals (at most `antipode_sample`).
fn first_layer<S: StateSpace, R: Ranks>(
    space: &S,
    ranks: &R,
    slice: std::ops::Range<u64>,
    antipode_sample: usize,
) -> (DistanceTable, Vec<u64>, Vec<u64>) {
    let t = DistanceTable::new(slice.end - slice.start);
    let mut first = Smallest::new(antipode_sample);
    let mut mine = 0u64;
    for g in space.goals() {
        let r = space.rank(&g);
        if slice.contains(&r) && t.set_if_unseen(r - slice.start, 0) {
            mine += 1;
            first.push(r);
        }
    }
    let layer0 = ranks.sum(mine);
    (t, vec![layer0], first.into_sorted())
}

/// The hardest positions: each rank's smallest of the last layer (`sample`),
/// merged on rank 0 (at most `antipode_sample`); empty on the other ranks.
fn gather_antipodes<R: Ranks>(ranks: &R, sample: &[u64], antipode_sample: usize) -> Vec<u64> {
    let gathered = ranks.gather(sample);
    if ranks.rank() == 0 {
        let mut all = Smallest::new(antipode_sample);
        for x in gathered {
            all.push(x);
        }
        all.into_sorted()
    } else {
        Vec::new()
    }
}

/// The layers a checkpoint holds after a layer is done.
struct Layers<'a> {
    /// The depth reached.
    depth: usize,
    /// Positions per depth so far (over all ranks).
    distribution: &'a [u64],
    /// This rank's smallest positions of the last layer.
    sample: &'a [u64],
}

impl Checkpoint {
    /// Saves this rank's `table` after `layers` on every rank; when any
    /// rank fails, all do.
    fn save_on_every_rank<R: Ranks>(
        &self,
        ranks: &R,
        table: &DistanceTable,
        key: &str,
        layers: &Layers,
    ) -> Result<(), DistributedError> {
        let d = layers.depth;
        let ok = self
            .save(table, key, d, layers.distribution, layers.sample)
            .map_err(|e| e.to_string());
        let failed = ranks.max(u64::from(ok.is_err()));
        if failed != 0 {
            return Err(DistributedError::Checkpoint(match ok {
                Err(e) => format!("checkpoint of layer {d}: {e}"),
                Ok(()) => {
                    format!("checkpoint of layer {d}: another rank could not write its file")
                }
            }));
        }
        Ok(())
    }
}

/// One rank's expansion of the layers: its slice of the table, and the
/// buffers it reuses from layer to layer.
struct LayerSearch<'a, S, R> {
    space: &'a S,
    ranks: &'a R,
    /// This rank.
    me: usize,
    /// The moves of the space.
    moves: usize,
    part: Partition,
    /// This rank's slice of the positions.
    slice: std::ops::Range<u64>,
    /// This rank's slice of the table.
    table: &'a DistanceTable,
    stop: &'a AtomicBool,
    /// The smallest positions kept of a layer.
    antipode_sample: usize,
    cur: Cursor,
    /// The positions to send to each rank.
    outbox: Vec<Vec<u64>>,
}

impl<S: StateSpace, R: Ranks> LayerSearch<'_, S, R> {
    /// Expands the layer at depth `d` with every rank, in batches exchanged
    /// between them: the positions of depth `d + 1` this rank found and the
    /// smallest of them; `None` when a rank was stopped (the layer is then
    /// incomplete).
    fn expand(&mut self, d: u32) -> Option<(u64, Smallest)> {
        let (table, lo) = (self.table, self.slice.start);
        let words = table.word_count();
        let mut sample = Smallest::new(self.antipode_sample);
        let mut new = 0u64;
        let mut w = 0usize;
        loop {
            // expand until a batch is full or the slice is done
            let mut queued = 0usize;
            while w < words && queued < BATCH {
                queued += self.expand_word(w, d, &mut new, &mut sample);
                w += 1;
            }
            for r in self.ranks.exchange(&self.outbox) {
                if table.set_if_unseen(r - lo, d + 1) {
                    new += 1;
                    sample.push(r);
                }
            }
            self.outbox.iter_mut().for_each(Vec::clear);
            let flags = u64::from(w < words) | (u64::from(self.stop.load(Ordering::Relaxed)) << 1);
            let all = self.ranks.max(flags);
            if all & 2 != 0 {
                return None;
            }
            if all == 0 {
                return Some((new, sample));
            }
        }
    }

    /// Expands the positions of depth `d` in the table's word `w`: the
    /// neighbours this rank owns are set (counted in `new`, kept in
    /// `sample`), the others queued for their owners; how many were queued.
    #[inline]
    fn expand_word(&mut self, w: usize, d: u32, new: &mut u64, sample: &mut Smallest) -> usize {
        let (table, lo, me) = (self.table, self.slice.start, self.me);
        let code_d = (d % 3 + 1) as u8;
        let base = lo + ((w as u64) << 5);
        let mut queued = 0usize;
        for (_, i) in slots(
            DistanceTable::slots_equal(table.word(w), code_d),
            base,
            self.slice.end,
        ) {
            self.space.seek(i, &mut self.cur);
            for m in 0..self.moves {
                let r = self.space.neighbour(&mut self.cur, m, true);
                let owner = self.part.owner(r);
                if owner == me {
                    if table.set_if_unseen(r - lo, d + 1) {
                        *new += 1;
                        sample.push(r);
                    }
                } else {
                    self.outbox[owner].push(r);
                    queued += 1;
                }
            }
        }
        queued
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::bfs::{bfs, BfsOptions};
    use crate::search::budget::SearchBudget;
    use crate::search::space::GroupSpace;
    use crate::Puzzle;

    fn single(space: &GroupSpace) -> BfsResult {
        let table = DistanceTable::new(space.size());
        bfs(
            space,
            &table,
            &BfsOptions::default(),
            &SearchBudget::unlimited(),
        )
    }

    #[test]
    fn partition_covers_the_range_once() {
        for size in [0u64, 1, 31, 32, 33, 1000, 12345] {
            for n in 1..6 {
                let p = Partition::new(size, n);
                assert_eq!(p.per % 32, 0);
                let mut next = 0;
                for r in 0..n {
                    let s = p.slice(r);
                    assert_eq!(s.start, next);
                    for i in s.clone() {
                        assert_eq!(p.owner(i), r);
                    }
                    next = s.end;
                }
                assert_eq!(next, size);
            }
        }
    }

    #[test]
    fn ranks_agree_with_the_single_process_search_and_the_tables_match() {
        let stop = AtomicBool::new(false);
        for (spec, inverses) in [
            ("nokia2x2", false),
            ("turnstyle:7", true),
            ("rotation3", false),
        ] {
            let p = Puzzle::builtin(spec).unwrap();
            let space = GroupSpace::for_puzzle(&p, inverses).unwrap();
            let want = single(&space);
            let full = DistanceTable::new(space.size());
            bfs(
                &space,
                &full,
                &BfsOptions::default(),
                &SearchBudget::unlimited(),
            );
            for n in 1..=4 {
                let got = ThreadRanks::run(n, |r| {
                    distributed_bfs(&space, r, &DistributedOptions::default(), &stop).unwrap()
                });
                for g in &got {
                    assert_eq!(g.distribution, want.distribution, "{spec} on {n} ranks");
                    assert_eq!(g.states, want.states);
                    for i in 0..g.table.len() {
                        assert_eq!(g.table.code(i), full.code(g.slice.start + i));
                    }
                }
                assert_eq!(got[0].antipodes, want.antipodes, "{spec} on {n} ranks");
            }
        }
    }

    #[test]
    fn stopped_runs_resume_from_their_checkpoints() {
        let p = Puzzle::builtin("nokia2x2").unwrap();
        let space = GroupSpace::for_puzzle(&p, false).unwrap();
        let want = single(&space);
        let dir = std::env::temp_dir().join(format!("permlab-ckpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let stop = AtomicBool::new(false);
        let first = ThreadRanks::run(3, |r| {
            let o = DistributedOptions {
                checkpoint: Some(dir.clone()),
                stop_after: Some(4),
                ..Default::default()
            };
            distributed_bfs(&space, r, &o, &stop).unwrap()
        });
        assert!(first[0].interrupted);
        assert_eq!(first[0].distribution.len(), 5);
        let resumed = ThreadRanks::run(3, |r| {
            let o = DistributedOptions {
                checkpoint: Some(dir.clone()),
                resume: true,
                ..Default::default()
            };
            distributed_bfs(&space, r, &o, &stop).unwrap()
        });
        assert_eq!(resumed[0].resumed_at, Some(4));
        assert!(!resumed[0].interrupted);
        assert_eq!(resumed[0].distribution, want.distribution);
        assert_eq!(resumed[0].antipodes, want.antipodes);
        // another number of ranks finds no checkpoint of its own
        let other = ThreadRanks::run(2, |r| {
            let o = DistributedOptions {
                checkpoint: Some(dir.clone()),
                resume: true,
                ..Default::default()
            };
            distributed_bfs(&space, r, &o, &stop)
                .err()
                .map(|e| e.to_string())
        });
        assert!(other[0]
            .as_deref()
            .unwrap()
            .contains("no checkpointed layer"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
