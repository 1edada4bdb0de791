//! The summary of a group that `permlab group` prints and a notebook displays: one
//! home for its facts and their sentences.
//!
//! The cheap facts (order, orbits, parity, Sym/Alt, base) are always computed; each
//! expensive one (structure, derived series, centre, primitivity, solvability,
//! composition series) within a share of one time budget ([`FactValue::NotWithinLimit`]
//! when it did not finish), so a summary of a large group answers at once.
//!
//! ```
//! use permlab::Puzzle;
//! let p = Puzzle::builtin("turnstyle:12").unwrap();
//! let s = p.group().summary();
//! assert!(s.is_symmetric);
//! let rows = s.rows(&p.generator_names());
//! assert_eq!(rows[1], ("order".to_string(), "479001600".to_string()));
//! assert_eq!(rows[2].1, "= 2^10 · 3^5 · 5^2 · 7 · 11");
//! ```

use super::composition::{FactorReason, SeriesError};
use super::limit::{Interrupted, Limit};
use super::PermGroup;
use num_bigint::BigUint;
use num_traits::One;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The time [`PermGroup::summary`] may take (the cheap facts are computed whatever
/// they take; the expensive ones share the rest).
pub const DEFAULT_FACTS_TIME: Duration = Duration::from_secs(1);

/// The number of expensive facts in a summary: structure, composition series, derived
/// series, centre, primitivity, solvability.
const EXPENSIVE_FACTS: u32 = 6;

/// An expensive fact of a summary: its value, or why it is missing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FactValue<T> {
    /// Computed.
    Known(T),
    /// Not finished within its time bound.
    NotWithinLimit,
    /// No method applies (the reason).
    Unsupported(String),
}

impl<T> FactValue<T> {
    /// The value, when computed.
    pub fn known(&self) -> Option<&T> {
        match self {
            FactValue::Known(v) => Some(v),
            _ => None,
        }
    }

    /// The fact's text: `show` of the value, or why it is missing.
    pub fn text(&self, show: impl Fn(&T) -> String) -> String {
        match self {
            FactValue::Known(v) => show(v),
            FactValue::NotWithinLimit => "not computed within the limit".into(),
            FactValue::Unsupported(why) => format!("not computed: {why}"),
        }
    }
}

impl<T> From<Result<T, Interrupted>> for FactValue<T> {
    fn from(r: Result<T, Interrupted>) -> FactValue<T> {
        match r {
            Ok(v) => FactValue::Known(v),
            Err(Interrupted) => FactValue::NotWithinLimit,
        }
    }
}

/// A composition series as the summary shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesSummary {
    /// The orders of the terms, `|G|` first, `1` last.
    pub orders: Vec<BigUint>,
    /// The factors' names, top first.
    pub factors: Vec<String>,
}

/// The facts of a group's summary, computed once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupSummary {
    /// The degree (points `0..degree`).
    pub degree: usize,
    /// `|G|`.
    pub order: BigUint,
    /// `|G|` as prime powers `(p, e)`, increasing.
    pub order_factorization: Vec<(u64, u32)>,
    /// The lengths of the orbits on `0..degree`, fixed points included.
    pub orbit_lengths: Vec<usize>,
    /// The number of moved points.
    pub moved_points: usize,
    /// Whether `G` is transitive on `0..degree`.
    pub is_transitive: bool,
    /// Whether every generator is an even permutation.
    pub all_generators_even: bool,
    /// Whether `G` is the symmetric group on its moved points (true for the trivial
    /// group, as in GAP).
    pub is_symmetric: bool,
    /// Whether `G` is the alternating group on its moved points (true for the trivial
    /// group, as in GAP).
    pub is_alternating: bool,
    /// The order of each generator.
    pub generator_orders: Vec<BigUint>,
    /// The length of the base of the stabilizer chain.
    pub base_length: usize,
    /// Whether the order was proved by recognising the giants (Jordan's theorem)
    /// rather than by a verified Schreier–Sims chain.
    pub giant_proof: bool,
    /// The structure description ([`PermGroup::structure_description`]), as text.
    pub structure: FactValue<String>,
    /// The orders of the derived series' terms.
    pub derived_orders: FactValue<Vec<BigUint>>,
    /// The order of the centre.
    pub center_order: FactValue<BigUint>,
    /// Whether `G` is primitive on `0..degree`.
    pub is_primitive: FactValue<bool>,
    /// Whether `G` is solvable.
    pub is_solvable: FactValue<bool>,
    /// A composition series ([`PermGroup::composition_series`]).
    pub composition: FactValue<SeriesSummary>,
}

impl PermGroup {
    /// The group's summary (see [`GroupSummary::rows`] for its text) within
    /// [`DEFAULT_FACTS_TIME`]: the cheap facts always, the expensive ones in the time
    /// they leave.
    pub fn summary(&self) -> GroupSummary {
        self.summary_within(Some(DEFAULT_FACTS_TIME), None)
    }

    /// The group's summary with every fact computed, however long it takes.
    pub fn summary_all(&self) -> GroupSummary {
        self.summary_within(None, None)
    }

    /// The group's summary within `budget` (none: no bound) and until `stop` is set:
    /// the cheap facts always, the expensive ones in the time they leave.
    ///
    /// The facts are computed from the cheapest kind to the dearest (primitivity,
    /// centre, derived series, composition series, solvability, structure); each may
    /// take an equal share of the time left, so time a fact leaves unused goes to the
    /// later ones. Solvability is read off
    /// the derived series or the composition series when one of them is known.
    pub fn summary_within(
        &self,
        budget: Option<Duration>,
        stop: Option<&AtomicBool>,
    ) -> GroupSummary {
        let deadline = budget.map(|b| Instant::now().checked_add(b));
        // the cheap facts first (they build the chain every other fact needs)
        let cheap = CheapFacts::of(self);
        let mut facts_left = EXPENSIVE_FACTS;
        let mut limit = || {
            let l = match deadline {
                Some(Some(end)) => {
                    let left = end.saturating_duration_since(Instant::now());
                    Limit::within(left / facts_left)
                }
                // a budget too large to add to the clock: no bound
                Some(None) | None => Limit::NONE,
            };
            facts_left = (facts_left - 1).max(1);
            match stop {
                Some(flag) => l.with_stop(flag),
                None => l,
            }
        };
        let is_primitive = self.is_primitive_within(&limit()).into();
        let center_order = self.center_within(&limit()).map(|z| z.order()).into();
        let derived_orders: FactValue<Vec<BigUint>> = self
            .derived_series_within(&limit())
            .map(|d| d.iter().map(PermGroup::order).collect())
            .into();
        // a group is solvable iff its composition factors have prime order
        let mut all_factors_prime = None;
        let composition = match self.composition_series_within(&limit()) {
            Ok(s) => {
                all_factors_prime = Some(
                    s.factors
                        .iter()
                        .all(|f| f.reason == FactorReason::PrimeOrder),
                );
                FactValue::Known(SeriesSummary {
                    orders: s.orders(),
                    factors: s.factor_names(),
                })
            }
            Err(SeriesError::Interrupted(_)) => FactValue::NotWithinLimit,
            Err(SeriesError::Unsupported(why)) => FactValue::Unsupported(why),
        };
        // (its share is taken here, after the composition series, whether or not it
        // is needed: an unused share goes to the structure)
        let solvable_limit = limit();
        // … and iff its derived series ends in the trivial group
        let is_solvable = match (derived_orders.known(), all_factors_prime) {
            (Some(d), _) => FactValue::Known(d.last().is_some_and(One::is_one)),
            (None, Some(prime)) => FactValue::Known(prime),
            (None, None) => self.is_solvable_within(&solvable_limit).into(),
        };
        let structure = self
            .structure_description_within(&limit())
            .map(|s| s.to_string())
            .into();
        let CheapFacts {
            order,
            order_factorization,
            base_length,
        } = cheap;
        GroupSummary {
            degree: self.degree(),
            order,
            order_factorization,
            orbit_lengths: self.orbit_lengths(),
            moved_points: self.moved_points().len(),
            is_transitive: self.is_transitive(),
            all_generators_even: self.all_generators_even(),
            is_symmetric: self.is_symmetric(),
            is_alternating: self.is_alternating(),
            generator_orders: self.generator_orders(),
            base_length,
            giant_proof: self.giants().is_some(),
            structure,
            derived_orders,
            center_order,
            is_primitive,
            is_solvable,
            composition,
        }
    }
}

/// The facts of a summary that need the stabilizer chain but no more.
struct CheapFacts {
    order: BigUint,
    order_factorization: Vec<(u64, u32)>,
    base_length: usize,
}

impl CheapFacts {
    fn of(g: &PermGroup) -> CheapFacts {
        CheapFacts {
            order: g.order(),
            order_factorization: g.order_factorization(),
            base_length: g.base_length(),
        }
    }
}

impl GroupSummary {
    /// `|G|` as a product of prime powers: `2^10 · 3^5 · 5^2 · 7 · 11` (`1` for the
    /// trivial group).
    pub fn factorization_text(&self) -> String {
        if self.order_factorization.is_empty() {
            return "1".into();
        }
        self.order_factorization
            .iter()
            .map(|&(p, e)| {
                if e == 1 {
                    p.to_string()
                } else {
                    format!("{p}^{e}")
                }
            })
            .collect::<Vec<_>>()
            .join(" · ")
    }

    /// What the group is on its moved points, as a sentence.
    pub fn kind_text(&self) -> String {
        let m = self.moved_points;
        if m == 0 {
            "the trivial group: S_0 = A_0, symmetric and alternating on no moved points".into()
        } else if self.is_symmetric {
            format!("symmetric group S_{m} on the {m} moved points")
        } else if self.is_alternating {
            format!("alternating group A_{m} on the {m} moved points")
        } else {
            "neither the symmetric nor the alternating group on the moved points".into()
        }
    }

    /// The summary as (field, value) rows, in the order `permlab group` prints them:
    /// degree, order, its factorization (field `""`), orbits, parity, type, structure
    /// description, composition factors, derived series, centre, primitivity,
    /// solvability, generator orders (named by `generator_names`), base length and the
    /// method that proved the order.
    pub fn rows(&self, generator_names: &[String]) -> Vec<(String, String)> {
        let row = |k: &str, v: String| (k.to_string(), v);
        let orders: Vec<String> = generator_names
            .iter()
            .zip(&self.generator_orders)
            .map(|(n, o)| format!("{n}:{o}"))
            .collect();
        vec![
            row("degree", self.degree.to_string()),
            row("order", self.order.to_string()),
            row("", format!("= {}", self.factorization_text())),
            row(
                "orbits",
                format!(
                    "{} (lengths {})",
                    self.orbit_lengths.len(),
                    lengths_text(&self.orbit_lengths)
                ),
            ),
            row(
                "parity",
                if self.all_generators_even {
                    "all generators even (group inside the alternating group)".into()
                } else {
                    "some generator is odd".into()
                },
            ),
            row("type", self.kind_text()),
            row("structure", self.structure.text(String::clone)),
            row(
                "composition",
                self.composition.text(|c| {
                    if c.factors.is_empty() {
                        "trivial group (no factors)".into()
                    } else {
                        format!("factors {}", c.factors.join(", "))
                    }
                }),
            ),
            row(
                "derived series",
                self.derived_orders.text(|d| {
                    d.iter()
                        .map(BigUint::to_string)
                        .collect::<Vec<_>>()
                        .join(" > ")
                }),
            ),
            row("centre", self.center_order.text(|o| format!("order {o}"))),
            row("primitive", self.is_primitive.text(|&b| yes_no(b).into())),
            row("solvable", self.is_solvable.text(|&b| yes_no(b).into())),
            row("generator orders", orders.join(" ")),
            row("base length", self.base_length.to_string()),
            row(
                "method",
                if self.giant_proof {
                    "giant recognition (Jordan's theorem), see `permlab claim`".into()
                } else {
                    "Schreier–Sims, verified".into()
                },
            ),
        ]
    }
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

impl GroupSummary {
    /// Whether some expensive fact was stopped by its time bound.
    pub fn has_unfinished_facts(&self) -> bool {
        self.structure == FactValue::NotWithinLimit
            || self.derived_orders == FactValue::NotWithinLimit
            || self.center_order == FactValue::NotWithinLimit
            || self.is_primitive == FactValue::NotWithinLimit
            || self.is_solvable == FactValue::NotWithinLimit
            || self.composition == FactValue::NotWithinLimit
    }
}

/// A list of lengths with runs of more than two equal values compressed:
/// `24, 24, 1 x6`.
pub fn lengths_text(v: &[usize]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j < v.len() && v[j] == v[i] {
            j += 1;
        }
        if j - i > 2 {
            out.push(format!("{} x{}", v[i], j - i));
        } else {
            out.extend(v[i..j].iter().map(|x| x.to_string()));
        }
        i = j;
    }
    out.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perm::Perm;

    #[test]
    fn summary_of_small_groups() {
        let d8 = PermGroup::new(
            4,
            vec![
                "(1,2,3,4)".parse::<Perm>().unwrap(),
                "(1,3)".parse().unwrap(),
            ],
        );
        let s = d8.summary();
        assert_eq!(s.order, 8u32.into());
        assert_eq!(s.factorization_text(), "2^3");
        assert_eq!(
            s.kind_text(),
            "neither the symmetric nor the alternating group on the moved points"
        );
        let trivial = PermGroup::new(3, vec![]).summary();
        assert!(trivial.is_symmetric && trivial.is_alternating);
        assert_eq!(trivial.factorization_text(), "1");
        assert_eq!(lengths_text(&[24, 24, 1, 1, 1, 1, 1, 1]), "24, 24, 1 x6");
        assert_eq!(lengths_text(&[3, 3, 2]), "3, 3, 2");
    }
}
