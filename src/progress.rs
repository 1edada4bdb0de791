//! Progress reports of long computations, with no terminal dependency.
//!
//! Long library computations (whole-space searches) report how far they are through a
//! [`Progress`] observer; the library draws nothing itself. `()` ignores every report;
//! the `permlab` command implements the trait with a progress bar on stderr, and a
//! notebook can implement it with a counter:
//!
//! ```
//! use permlab::progress::Progress;
//! use std::sync::atomic::{AtomicU64, Ordering};
//! struct Count(AtomicU64);
//! impl Progress for Count {
//!     fn inc(&self, delta: u64) {
//!         self.0.fetch_add(delta, Ordering::Relaxed);
//!     }
//! }
//! let c = Count(AtomicU64::new(0));
//! c.inc(3);
//! c.set_message("depth 1"); // default: ignored
//! assert_eq!(c.0.load(Ordering::Relaxed), 3);
//! ```

/// An observer of a computation that does a known amount of work in units (positions,
/// claims, boards). Methods may be called from several worker threads at once.
pub trait Progress: Sync {
    /// The whole computation is `total` units.
    fn set_length(&self, _total: u64) {}
    /// `done` units are done.
    fn set_position(&self, _done: u64) {}
    /// `delta` more units are done.
    fn inc(&self, _delta: u64) {}
    /// A short description of the current phase (e.g. the search depth).
    fn set_message(&self, _message: &str) {}
    /// The computation has ended (completed or stopped).
    fn finish(&self) {}
    /// A finished step worth telling, as one line (the `permlab` command prints it
    /// on stderr unless `--quiet`): which tables were built, how long they took.
    fn note(&self, _line: &str) {}
}

/// No reports.
impl Progress for () {}
