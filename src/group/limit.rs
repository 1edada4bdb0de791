//! A bound on the work of a group computation: a deadline and a stop flag, checked
//! inside the algorithms (Schreier–Sims, normal closures, block searches, series), so
//! that a computation that does not finish in time returns [`Interrupted`] instead of
//! running on.
//!
//! ```
//! use permlab::group::limit::{Interrupted, Limit};
//! use permlab::Puzzle;
//! use std::time::Duration;
//! let g = Puzzle::builtin("cube3").unwrap().group();
//! // with no time at all, an expensive fact is not computed…
//! assert_eq!(g.derived_series_within(&Limit::within(Duration::ZERO)).err(), Some(Interrupted));
//! // …and without a limit it is: G > G' = G'' (the cube group's commutator
//! // subgroup, of index 2, is perfect)
//! let series = g.derived_series_within(&Limit::NONE).unwrap();
//! assert_eq!(series.len(), 2);
//! assert_eq!(series[0].order(), 2u32 * series[1].order());
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A computation stopped by its [`Limit`] before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not computed within the limit")]
pub struct Interrupted;

/// A deadline and a stop flag (either may be absent); see the module docs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limit<'a> {
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
}

impl Limit<'static> {
    /// No limit: the computation always finishes.
    pub const NONE: Limit<'static> = Limit {
        deadline: None,
        stop: None,
    };

    /// A limit of `time` from now (a `time` too large to add to the clock is no
    /// limit).
    pub fn within(time: Duration) -> Limit<'static> {
        Limit {
            deadline: Instant::now().checked_add(time),
            stop: None,
        }
    }
}

impl<'a> Limit<'a> {
    /// This limit, also stopped when `flag` is set (e.g. by Ctrl-C).
    pub fn with_stop(self, flag: &'a AtomicBool) -> Limit<'a> {
        Limit {
            stop: Some(flag),
            ..self
        }
    }

    /// `Err(Interrupted)` once the deadline has passed or the stop flag is set.
    #[inline]
    pub fn check(&self) -> Result<(), Interrupted> {
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(Interrupted);
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => Err(Interrupted),
            _ => Ok(()),
        }
    }

    /// Whether the limit can ever stop a computation.
    pub fn is_unbounded(&self) -> bool {
        self.deadline.is_none() && self.stop.is_none()
    }
}

/// The value of a computation that cannot be interrupted (its limit is
/// [`Limit::NONE`]).
pub(crate) fn unlimited<T>(r: Result<T, Interrupted>) -> T {
    r.expect("a computation without a limit is never interrupted")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passed_deadline_and_a_set_flag_interrupt() {
        assert!(Limit::NONE.check().is_ok());
        assert!(Limit::NONE.is_unbounded());
        assert_eq!(Limit::within(Duration::ZERO).check(), Err(Interrupted));
        assert!(Limit::within(Duration::from_secs(3600)).check().is_ok());
        assert!(Limit::within(Duration::MAX).check().is_ok());
        let flag = AtomicBool::new(false);
        let l = Limit::NONE.with_stop(&flag);
        assert!(l.check().is_ok());
        flag.store(true, Ordering::Relaxed);
        assert_eq!(l.check(), Err(Interrupted));
    }
}
