//! Seed 001: the staged solver of the Rotation puzzle.

use super::seed002::pending_search;
use super::Check;

pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "s001-cases",
            heavy: false,
            run: pending_search,
        },
        Check {
            id: "s001-staged-solves",
            heavy: false,
            run: pending_search,
        },
        Check {
            id: "s001-53",
            heavy: false,
            run: pending_search,
        },
        Check {
            id: "s001-optimal",
            heavy: false,
            run: pending_search,
        },
    ]
}
