//! Distance distributions: how many positions lie at each distance.
//!
//! ```
//! use permlab::search::DistanceDistribution;
//! let d = DistanceDistribution::from_distances([0, 1, 1, 2, 2, 2]);
//! assert_eq!(d, vec![1, 2, 3]);
//! assert_eq!(d.total(), 6);
//! assert_eq!(d.max_distance(), Some(2));
//! assert_eq!(d.mean(), Some(8.0 / 6.0));
//! ```

use std::fmt;

/// How many items lie at each distance: `counts[d]` for `d = 0, 1, …`.
///
/// It is the result type of every whole-space search ([`BfsResult`](super::bfs::BfsResult)'s
/// `distribution`), of solver comparisons and of figure input. It reads as the slice of
/// its counts (`d.len()`, `d[3]`, `d.iter()`), and serialises as that list.
#[derive(Clone, Default, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct DistanceDistribution {
    /// `counts[d]` = number of items at distance `d`.
    pub counts: Vec<u64>,
}

impl DistanceDistribution {
    /// A distribution from its counts.
    pub fn new(counts: Vec<u64>) -> DistanceDistribution {
        DistanceDistribution { counts }
    }

    /// The distribution of a list of distances (e.g. solution lengths).
    pub fn from_distances<I: IntoIterator<Item = usize>>(items: I) -> DistanceDistribution {
        let mut counts = Vec::new();
        for d in items {
            if counts.len() <= d {
                counts.resize(d + 1, 0);
            }
            counts[d] += 1;
        }
        DistanceDistribution { counts }
    }

    /// Parses counts written as `1,2,9,…` (commas or whitespace).
    pub fn parse(text: &str) -> Result<DistanceDistribution, String> {
        let mut counts = Vec::new();
        for (k, part) in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .enumerate()
        {
            counts.push(part.parse::<u64>().map_err(|_| {
                format!("count {} ({part:?}) is not a non-negative integer", k + 1)
            })?);
        }
        if counts.is_empty() {
            return Err("no counts given".into());
        }
        Ok(DistanceDistribution { counts })
    }

    /// The number of items (saturating at `u64::MAX`).
    pub fn total(&self) -> u64 {
        self.counts.iter().fold(0u64, |a, &c| a.saturating_add(c))
    }

    /// The largest distance with a nonzero count (`None` when empty).
    pub fn max_distance(&self) -> Option<usize> {
        self.counts.iter().rposition(|&c| c > 0)
    }

    /// The mean distance (`None` when empty).
    pub fn mean(&self) -> Option<f64> {
        let total = self.total();
        (total > 0).then(|| {
            self.counts
                .iter()
                .enumerate()
                .map(|(d, &c)| d as f64 * c as f64)
                .sum::<f64>()
                / total as f64
        })
    }
}

impl DistanceDistribution {
    /// Whether the distribution is best drawn on a log scale: its nonzero counts span
    /// more than three decades.
    ///
    /// ```
    /// use permlab::search::DistanceDistribution;
    /// assert!(DistanceDistribution::new(vec![1, 8, 5000]).wants_log_scale());
    /// assert!(!DistanceDistribution::new(vec![1, 8, 500, 0]).wants_log_scale());
    /// assert!(!DistanceDistribution::default().wants_log_scale());
    /// ```
    pub fn wants_log_scale(&self) -> bool {
        let nonzero = self.counts.iter().filter(|&&c| c > 0);
        let (lo, hi) = nonzero.fold((u64::MAX, 0), |(lo, hi), &c| (lo.min(c), hi.max(c)));
        hi > 0 && hi / lo.max(1) > 1000
    }
}

impl fmt::Debug for DistanceDistribution {
    /// The counts as a list, `[1, 8, 52, …]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.counts).finish()
    }
}

impl std::ops::Deref for DistanceDistribution {
    type Target = [u64];
    /// The counts by distance.
    fn deref(&self) -> &[u64] {
        &self.counts
    }
}

impl From<Vec<u64>> for DistanceDistribution {
    fn from(counts: Vec<u64>) -> DistanceDistribution {
        DistanceDistribution { counts }
    }
}

impl PartialEq<Vec<u64>> for DistanceDistribution {
    fn eq(&self, other: &Vec<u64>) -> bool {
        &self.counts == other
    }
}

impl PartialEq<[u64]> for DistanceDistribution {
    fn eq(&self, other: &[u64]) -> bool {
        self.counts == other
    }
}

impl fmt::Display for DistanceDistribution {
    /// A table `distance count`, one line per distance, then the total.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.total().to_string().len().max(5);
        writeln!(f, "distance {:>width$}", "count")?;
        for (d, c) in self.counts.iter().enumerate() {
            writeln!(f, "{d:>8} {c:>width$}")?;
        }
        write!(f, "{:>8} {:>width$}", "total", self.total())
    }
}
