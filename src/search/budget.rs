//! What a search may spend: memory, time, a stop flag (Ctrl-C) and where it reports
//! progress, in one value passed to every long computation of [`crate::search`].
//!
//! ```
//! use permlab::search::budget::SearchBudget;
//! let b = SearchBudget::unlimited();
//! assert!(!b.expired());
//! let b = SearchBudget::unlimited().with_time_limit(0.5).unwrap();
//! assert!(b.deadline.is_some());
//! // a limit too far away to be a deadline is no deadline
//! assert!(SearchBudget::unlimited().with_time_limit(1e300).unwrap().deadline.is_none());
//! assert!(SearchBudget::unlimited().with_time_limit(-1.0).is_err());
//! ```

use super::table::TableError;
use crate::progress::Progress;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Bytes left aside for everything but a search's tables when its tables are
/// checked against the memory bound (the process's code, stacks, small buffers).
pub const MEMORY_RESERVE: u64 = 64 << 20;

/// The memory, time, stop flag and progress observer of a search (see the module
/// docs). Cheap to copy; the stop flag and the observer are borrowed.
#[derive(Clone, Copy)]
pub struct SearchBudget<'a> {
    /// Bytes the search's tables may take (`None`: the system's bound only, see
    /// [`crate::search::memory`]).
    pub max_memory: Option<u64>,
    /// The search gives up at this instant.
    pub deadline: Option<Instant>,
    /// The search gives up when this is raised (Ctrl-C in the CLI); an interrupted
    /// search is an error, not an answer.
    pub stop: Option<&'a AtomicBool>,
    /// Where the search reports its progress.
    pub progress: &'a dyn Progress,
}

impl std::fmt::Debug for SearchBudget<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchBudget")
            .field("max_memory", &self.max_memory)
            .field("deadline", &self.deadline)
            .field("stop", &self.stop.map(|s| s.load(Ordering::Relaxed)))
            .finish()
    }
}

impl Default for SearchBudget<'_> {
    fn default() -> Self {
        SearchBudget::unlimited()
    }
}

/// A time limit that is not a positive number of seconds.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("time limit {0}: must be a positive number of seconds")]
pub struct BadTimeLimit(pub f64);

impl<'a> SearchBudget<'a> {
    /// No bound but the system's memory; no deadline, no stop flag, no reports.
    pub fn unlimited() -> SearchBudget<'static> {
        SearchBudget {
            max_memory: None,
            deadline: None,
            stop: None,
            progress: &(),
        }
    }

    /// The same budget with a deadline `seconds` from now (none when that is too far
    /// ahead to be represented: centuries). Errors unless `seconds` is positive.
    pub fn with_time_limit(self, seconds: f64) -> Result<SearchBudget<'a>, BadTimeLimit> {
        if seconds.is_nan() || seconds <= 0.0 {
            return Err(BadTimeLimit(seconds));
        }
        let deadline = Duration::try_from_secs_f64(seconds)
            .ok()
            .and_then(|d| Instant::now().checked_add(d));
        Ok(SearchBudget { deadline, ..self })
    }

    /// The same budget ending at `deadline` (or the earlier of the two).
    pub fn with_deadline(self, deadline: Instant) -> SearchBudget<'a> {
        let deadline = Some(self.deadline.map_or(deadline, |d| d.min(deadline)));
        SearchBudget { deadline, ..self }
    }

    /// The same budget with a memory bound for its tables.
    pub fn with_max_memory(self, max_memory: Option<u64>) -> SearchBudget<'a> {
        SearchBudget { max_memory, ..self }
    }

    /// The same budget stopping when `stop` is raised.
    pub fn with_stop<'b>(self, stop: &'b AtomicBool) -> SearchBudget<'b>
    where
        'a: 'b,
    {
        SearchBudget {
            stop: Some(stop),
            ..self
        }
    }

    /// The same budget reporting to `progress`.
    pub fn with_progress<'b>(self, progress: &'b dyn Progress) -> SearchBudget<'b>
    where
        'a: 'b,
    {
        SearchBudget { progress, ..self }
    }

    /// Whether the stop flag is raised (an interruption, not a timeout).
    pub fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Whether the deadline has passed or the stop flag is raised.
    pub fn expired(&self) -> bool {
        self.stopped() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The time left before the deadline (`None`: no deadline).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// The one memory check of a search: `entries` 2-bit positions and `extra`
    /// further bytes fit in the budget's bound and the system's, with
    /// [`MEMORY_RESERVE`] left aside.
    pub fn check_table(&self, entries: u64, extra: u64) -> Result<(), TableError> {
        super::table::check_memory_beside(entries, extra, self.max_memory, MEMORY_RESERVE)
    }

    /// [`SearchBudget::check_table`] for `bytes` bytes of anything.
    pub fn check_bytes(&self, bytes: u64) -> Result<(), TableError> {
        self.check_table(0, bytes)
    }

    /// Runs `f` with a flag raised at the deadline or when the stop flag is, for
    /// computations that poll one flag (a whole-space search): a watching thread
    /// checks every 10 ms while `f` runs.
    pub fn watched<R>(&self, f: impl FnOnce(&AtomicBool) -> R) -> R {
        let flag = AtomicBool::new(false);
        if self.deadline.is_none() && self.stop.is_none() {
            return f(&flag);
        }
        let done = AtomicBool::new(false);
        /// Ends the watching thread however `f` ends (a panic included).
        struct Done<'d>(&'d AtomicBool);
        impl Drop for Done<'_> {
            fn drop(&mut self) {
                self.0.store(true, Ordering::Relaxed);
            }
        }
        let (deadline, stop) = (self.deadline, self.stop);
        std::thread::scope(|s| {
            s.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    if stop.is_some_and(|s| s.load(Ordering::Relaxed))
                        || deadline.is_some_and(|t| Instant::now() >= t)
                    {
                        flag.store(true, Ordering::Relaxed);
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
            });
            let _done = Done(&done);
            f(&flag)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_watched_flag_is_raised_at_the_deadline_and_on_stop() {
        let b = SearchBudget::unlimited().with_time_limit(0.03).unwrap();
        b.watched(|flag| {
            assert!(!flag.load(Ordering::Relaxed));
            std::thread::sleep(Duration::from_millis(100));
            assert!(flag.load(Ordering::Relaxed));
        });
        let stop = AtomicBool::new(false);
        let b = SearchBudget::unlimited().with_stop(&stop);
        b.watched(|flag| {
            stop.store(true, Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(50));
            assert!(flag.load(Ordering::Relaxed));
        });
        assert!(b.stopped() && b.expired());
        // no watching thread is left waiting after a panic
        let r = std::panic::catch_unwind(|| {
            SearchBudget::unlimited()
                .with_time_limit(100.0)
                .unwrap()
                .watched(|_| panic!("inside"))
        });
        assert!(r.is_err());
    }

    #[test]
    fn time_limits_are_positive_and_huge_ones_are_no_deadline() {
        for bad in [0.0, -1.0, f64::NAN, f64::NEG_INFINITY] {
            assert!(SearchBudget::unlimited().with_time_limit(bad).is_err());
        }
        for huge in [1e300, f64::INFINITY, 18446744073709551615.0] {
            let b = SearchBudget::unlimited().with_time_limit(huge).unwrap();
            assert!(b.deadline.is_none());
        }
    }
}
