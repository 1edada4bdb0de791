//! The exact distribution (in f64 arithmetic) of a random walk on a whole state space: after `k`
//! moves, each chosen uniformly at random from the space's moves, the probability
//! of every position (one `f64` per position, on the space's perfect index), and
//! its total-variation distance to the uniform distribution against `k` — the
//! "how many random moves scramble this puzzle" curve (D. Aldous and P. Diaconis,
//! "Shuffling cards and stopping times", Amer. Math. Monthly 93 (1986) 333–348;
//! D. A. Levin, Y. Peres and E. L. Wilmer, *Markov Chains and Mixing Times*, 2nd
//! ed., AMS 2017, ch. 4).
//!
//! A step is the transition operator applied by gathering: the new probability of
//! a position `y` is the mean, over the moves `m`, of the old probability of the
//! position `m` leads from to `y` (`y` with `m` undone). Every position has exactly
//! one such predecessor per move, so the walk is doubly stochastic and the uniform
//! distribution is stationary, also when the moves are not closed under inverses
//! (then the walk is not reversible). It converges to uniform exactly when the walk
//! is aperiodic: the period `d` is found as the gcd, over all moves `x → y`, of
//! `level(x) + 1 − level(y)`, with `level` the breadth-first distance from the start
//! (Levin–Peres–Wilmer §1.3; J. P. Jarvis and D. R. Shier, "Graph-theoretic
//! analysis of finite Markov chains", 1999). Levels are computed alongside the
//! walk; the walk runs on until every level is known, past the steps asked for if
//! needed, so that the period is always determined when every position is
//! reachable. (Every move permutes the positions, so the positions reachable
//! from the start are strongly connected and the gcd is the period.)
//!
//! ```
//! use permlab::search::mixing::{mixing, MixingOptions};
//! use permlab::search::space::GroupSpace;
//! use permlab::{Layout, Move, Puzzle};
//! use std::sync::atomic::AtomicBool;
//! // one 3-cycle: the walk goes round the cyclic group of order 3
//! let a = Move { name: "A".into(), perm: "(1,2,3)".parse().unwrap() };
//! let p = Puzzle::try_new("c3", 3, vec![a], vec![], Layout::Plain).unwrap();
//! let space = GroupSpace::for_puzzle(&p, false).unwrap();
//! let opts = MixingOptions { steps: 3, max_memory: Some(1 << 20), ..Default::default() };
//! let r = mixing(&space, &opts, &AtomicBool::new(false)).unwrap();
//! assert_eq!(r.states, 3);
//! assert_eq!(r.period, Some(3));
//! assert!(r.tv.iter().all(|&t| (t - 2.0 / 3.0).abs() < 1e-12));
//! ```

use super::space::{Cursor, StateSpace};
use super::table::memory_limit;
use crate::progress::Progress;
use std::sync::atomic::{AtomicBool, AtomicU16, Ordering};
use std::time::Instant;

/// A problem running a walk.
#[derive(Debug, thiserror::Error)]
pub enum MixingError {
    /// The vectors would not fit in the memory bound.
    #[error("the random walk needs {needed} bytes (two f64 vectors and a 2-byte level for each of {states} positions); the limit is {limit} bytes ({source_of_limit})")]
    Memory {
        /// Bytes needed.
        needed: u64,
        /// Positions.
        states: u64,
        /// Bytes allowed.
        limit: u64,
        /// Where the limit comes from.
        source_of_limit: String,
    },
    /// No memory bound is known and none was given.
    #[error("the random walk needs {needed} bytes and the memory available is unknown (no MemAvailable in /proc/meminfo, no cgroup limit); give --max-memory")]
    MemoryUnknown {
        /// Bytes needed.
        needed: u64,
    },
    /// A space without moves has no walk.
    #[error("the space has no moves")]
    NoMoves,
}

/// Bytes per position: two `f64` vectors and a `u16` level.
const BYTES_PER_STATE: u64 = 8 + 8 + 2;

/// Level of a position not reached yet.
const UNSEEN: u16 = u16::MAX;

/// Positions per parallel task.
const CHUNK: usize = 1 << 14;

/// Options of [`mixing`].
#[derive(Clone)]
pub struct MixingOptions<'a> {
    /// The largest number of moves `K`: distances are computed for `k = 0..=K`.
    pub steps: usize,
    /// Memory bound in bytes (default: the available memory).
    pub max_memory: Option<u64>,
    /// Receives the number of steps done of `steps`.
    pub progress: &'a dyn Progress,
}

impl Default for MixingOptions<'_> {
    fn default() -> Self {
        MixingOptions {
            steps: 0,
            max_memory: None,
            progress: &(),
        }
    }
}

impl std::fmt::Debug for MixingOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MixingOptions")
            .field("steps", &self.steps)
            .field("max_memory", &self.max_memory)
            .finish_non_exhaustive()
    }
}

/// The mixing curve of a walk.
#[derive(Clone, Debug, PartialEq)]
pub struct Mixing {
    /// Number of positions `N`.
    pub states: u64,
    /// Number of moves (each taken with probability `1/moves`).
    pub moves: usize,
    /// Total-variation distance to uniform after `k` moves, for `k = 0..=steps`
    /// (fewer when interrupted).
    pub tv: Vec<f64>,
    /// Positions reachable from the start (all `N` for the Cayley graph of a group).
    pub reachable: u64,
    /// The walk's period: `Some(1)` aperiodic (it converges to uniform), `Some(d)`
    /// for `d > 1` periodic (the positions fall in `d` classes visited in turn, so
    /// the distance never falls below `1 − 1/d`); `None` when unknown (some
    /// positions unreachable, or the walk interrupted before every level was
    /// known).
    pub period: Option<u64>,
    /// Whether the stop flag ended the walk early.
    pub interrupted: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// A random walk in progress: the distribution after [`Walk::k`] moves.
pub struct Walk<'s, S: StateSpace> {
    space: &'s S,
    k: usize,
    p: Vec<f64>,
    next: Vec<f64>,
    level: Vec<AtomicU16>,
    reached: u64,
    /// gcd of `level(x) + 1 − level(y)` over the moves seen with both levels known.
    gcd: u64,
    /// Whether every level is known and every move has been counted in `gcd`.
    levels_done: bool,
}

/// What one chunk of a step found.
#[derive(Clone, Copy, Default)]
struct Part {
    tv: f64,
    sum: f64,
    reached: u64,
    gcd: u64,
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl<'s, S: StateSpace> Walk<'s, S> {
    /// The walk at its start: probability 1 on the space's (first) goal state.
    /// The memory (18 bytes per position) is checked against `max_memory` and the
    /// available memory before anything is allocated.
    pub fn new(space: &'s S, max_memory: Option<u64>) -> Result<Walk<'s, S>, MixingError> {
        if space.move_count() == 0 {
            return Err(MixingError::NoMoves);
        }
        let states = space.size();
        let needed = states.saturating_mul(BYTES_PER_STATE);
        let system = super::memory::smallest_bound();
        let Some((limit, source)) = memory_limit(max_memory, super::budget::MEMORY_RESERVE, system)
        else {
            return Err(MixingError::MemoryUnknown { needed });
        };
        if needed > limit || usize::try_from(states).is_err() {
            return Err(MixingError::Memory {
                needed,
                states,
                limit,
                source_of_limit: source,
            });
        }
        let n = states as usize;
        let mut p = vec![0.0; n];
        let next = vec![0.0; n];
        let level: Vec<AtomicU16> = (0..n).map(|_| AtomicU16::new(UNSEEN)).collect();
        let start = space.rank(&space.goals()[0]) as usize;
        p[start] = 1.0;
        level[start].store(0, Ordering::Relaxed);
        Ok(Walk {
            space,
            k: 0,
            p,
            next,
            level,
            reached: 1,
            gcd: 0,
            levels_done: false,
        })
    }

    /// Moves made so far.
    pub fn k(&self) -> usize {
        self.k
    }

    /// The probability of each position (by index) after [`Walk::k`] moves.
    pub fn distribution(&self) -> &[f64] {
        &self.p
    }

    /// The total-variation distance to uniform, `½ Σ |p(x) − 1/N|`.
    pub fn tv(&self) -> f64 {
        let u = 1.0 / self.p.len() as f64;
        self.p.iter().map(|&x| (x - u).abs()).sum::<f64>() / 2.0
    }

    /// Positions reached so far (at some step `≤ k`).
    pub fn reached(&self) -> u64 {
        self.reached
    }

    /// The period, once known (see [`Mixing::period`]).
    pub fn period(&self) -> Option<u64> {
        (self.levels_done && self.reached == self.p.len() as u64).then_some(self.gcd)
    }

    /// Whether the levels are complete: every reachable position has its level
    /// and every move between them has been counted.
    pub fn levels_done(&self) -> bool {
        self.levels_done
    }

    /// One more random move; returns the new total-variation distance to uniform.
    pub fn step(&mut self) -> f64 {
        let k = self.k + 1;
        let track = !self.levels_done && k < UNSEEN as usize;
        let space = self.space;
        let moves = space.move_count();
        let scale = 1.0 / moves as f64;
        let u = 1.0 / self.p.len() as f64;
        let prev = &self.p;
        let level = &self.level;
        let kernel = |c: &mut Cursor, start: usize, out: &mut [f64]| -> Part {
            let mut part = Part::default();
            for (i, o) in out.iter_mut().enumerate() {
                let y = start + i;
                space.seek(y as u64, c);
                let mut s = 0.0;
                let mut ly = if track {
                    level[y].load(Ordering::Relaxed)
                } else {
                    UNSEEN
                };
                for m in 0..moves {
                    let x = space.neighbour(c, m, true) as usize;
                    s += prev[x];
                    if track {
                        let lx = level[x].load(Ordering::Relaxed);
                        // levels below k are final; k is being set in this step
                        if lx < k as u16 {
                            if ly == UNSEEN && lx + 1 == k as u16 {
                                ly = k as u16;
                                level[y].store(ly, Ordering::Relaxed);
                                part.reached += 1;
                            }
                            if ly != UNSEEN {
                                let diff = (lx as i64 + 1 - ly as i64).unsigned_abs();
                                part.gcd = gcd(part.gcd, diff);
                            }
                        }
                    }
                }
                let v = s * scale;
                *o = v;
                part.sum += v;
                part.tv += (v - u).abs();
            }
            part
        };
        let join = |a: Part, b: Part| Part {
            tv: a.tv + b.tv,
            sum: a.sum + b.sum,
            reached: a.reached + b.reached,
            gcd: gcd(a.gcd, b.gcd),
        };
        let width = space.width();
        #[cfg(feature = "parallel")]
        let part = {
            use rayon::prelude::*;
            self.next
                .par_chunks_mut(CHUNK)
                .enumerate()
                .map_init(
                    || Cursor::new(width),
                    |c, (i, out)| kernel(c, i * CHUNK, out),
                )
                .reduce(Part::default, join)
        };
        #[cfg(not(feature = "parallel"))]
        let part = {
            let mut c = Cursor::new(width);
            self.next
                .chunks_mut(CHUNK)
                .enumerate()
                .map(|(i, out)| kernel(&mut c, i * CHUNK, out))
                .fold(Part::default(), join)
        };
        std::mem::swap(&mut self.p, &mut self.next);
        self.k = k;
        if track {
            // a step reaching nothing new: every reachable level was known before
            // it, so it counted every move between reachable positions
            if part.reached == 0 {
                self.levels_done = true;
            }
            self.reached += part.reached;
            self.gcd = gcd(self.gcd, part.gcd);
        }
        debug_assert!((part.sum - 1.0).abs() < 1e-9);
        part.tv / 2.0
    }
}

/// The mixing curve of the uniformly random walk from the space's goal state:
/// the total-variation distance to uniform after `k = 0..=opts.steps` moves, with
/// the walk's period (the walk runs past `opts.steps` until the period is known).
/// The stop flag ends the walk between steps.
pub fn mixing<S: StateSpace>(
    space: &S,
    opts: &MixingOptions,
    stop: &AtomicBool,
) -> Result<Mixing, MixingError> {
    let t0 = Instant::now();
    let mut walk = Walk::new(space, opts.max_memory)?;
    let mut tv = vec![walk.tv()];
    opts.progress.set_length(opts.steps as u64);
    let mut interrupted = false;
    while walk.k() < opts.steps || (!walk.levels_done() && walk.k() + 1 < UNSEEN as usize) {
        if stop.load(Ordering::Relaxed) {
            interrupted = true;
            break;
        }
        let t = walk.step();
        if walk.k() <= opts.steps {
            tv.push(t);
            opts.progress.set_position(walk.k() as u64);
        }
    }
    opts.progress.finish();
    Ok(Mixing {
        states: space.size(),
        moves: space.move_count(),
        tv,
        reachable: walk.reached(),
        period: walk.period(),
        interrupted,
        seconds: t0.elapsed().as_secs_f64(),
    })
}
