//! Identical pieces: classes of labels that cannot be told apart (the four centre
//! stickers of one colour on a 4x4x4, seed 004's "only 1..8 matter"). A position is
//! then an arrangement of a multiset: where each class's labels are, not which is
//! which (every label outside the classes stays distinct). Two elements `g`, `h` of
//! the group `G` give the same arrangement exactly when `g⁻¹h` maps every class onto
//! itself and fixes every other label, so the positions reachable from the solved
//! one are the cosets of the stabiliser `S` of that ordered partition, `|G| / |S|`
//! of them (the orbit–stabiliser theorem); `S` is the pointwise stabiliser of the
//! other labels intersected with the setwise stabilisers of the classes
//! ([`PermGroup::setwise_stabilizer`], a backtrack search: Butler 1982; Seress,
//! *Permutation Group Algorithms*, §9.1).
//!
//! Classes are written as point lists separated by `|`, points 1-based, numbers and
//! ranges `a-b` separated by commas: `1-4 | 5-8`, `1,3,5 | 2,4`.

use crate::group::{GroupError, PermGroup};
use crate::perm::cycles::parse_point_list;
use num_bigint::BigUint;

/// Parses classes of identical labels, `1-4 | 5-8` (see the module docs), into
/// 0-based disjoint classes of labels in `0..n`, each of at least two labels.
///
/// ```
/// use permlab::puzzle::identical::parse_classes;
/// assert_eq!(parse_classes("1-2 | 4,6", 6).unwrap(), [vec![0, 1], vec![3, 5]]);
/// assert_eq!(
///     parse_classes("1-2 | 2,3", 6).unwrap_err(),
///     "class 2: point 2 is already in class 1"
/// );
/// ```
pub fn parse_classes(text: &str, n: usize) -> Result<Vec<Vec<usize>>, String> {
    let mut owner = vec![0usize; n];
    let mut classes = Vec::new();
    for (k, part) in text.split('|').enumerate() {
        let class = parse_point_list(part, n).map_err(|e| format!("class {}: {e}", k + 1))?;
        if class.len() < 2 {
            return Err(format!(
                "class {} ({:?}) has fewer than two points",
                k + 1,
                crate::limits::clip(part.trim())
            ));
        }
        for &p in &class {
            if owner[p] != 0 {
                return Err(format!(
                    "class {}: point {} is already in class {}",
                    k + 1,
                    p + 1,
                    owner[p]
                ));
            }
            owner[p] = k + 1;
        }
        classes.push(class);
    }
    Ok(classes)
}

/// Formats classes as [`parse_classes`] reads them (ranges of consecutive points
/// joined).
///
/// ```
/// use permlab::puzzle::identical::format_classes;
/// assert_eq!(format_classes(&[vec![0, 1, 2, 3], vec![5, 7]]), "1-4 | 6,8");
/// ```
pub fn format_classes(classes: &[Vec<usize>]) -> String {
    classes
        .iter()
        .map(|c| {
            let mut sorted = c.clone();
            sorted.sort_unstable();
            let mut parts: Vec<String> = Vec::new();
            let mut i = 0;
            while i < sorted.len() {
                let mut j = i;
                while j + 1 < sorted.len() && sorted[j + 1] == sorted[j] + 1 {
                    j += 1;
                }
                parts.push(if j > i {
                    format!("{}-{}", sorted[i] + 1, sorted[j] + 1)
                } else {
                    (sorted[i] + 1).to_string()
                });
                i = j + 1;
            }
            parts.join(",")
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The subgroup of `group` mapping every class onto itself and fixing every other
/// point: the stabiliser of the ordered partition into the classes and the
/// singletons of the other points, as a pointwise stabiliser followed by successive
/// setwise stabilisers.
pub fn partition_stabilizer(
    group: &PermGroup,
    classes: &[Vec<usize>],
) -> Result<PermGroup, GroupError> {
    let mut in_class = vec![false; group.degree()];
    for &p in classes.iter().flatten() {
        if p >= in_class.len() {
            return Err(GroupError::Points(format!(
                "point {} is beyond the degree {}",
                p + 1,
                in_class.len()
            )));
        }
        in_class[p] = true;
    }
    let others: Vec<usize> = (0..group.degree()).filter(|&p| !in_class[p]).collect();
    let mut s = group.pointwise_stabilizer(&others);
    for c in classes {
        s = s.setwise_stabilizer(c)?;
    }
    Ok(s)
}

/// The number of arrangements of the classes reachable from the solved one:
/// `|G| / |S|` for the [`partition_stabilizer`] `S` (see the module docs).
///
/// ```
/// use permlab::PermGroup;
/// use permlab::puzzle::identical::position_count;
/// // S_4 on 4 points with 1 and 2 alike: 4!/2! = 12 arrangements
/// let s4 = PermGroup::new(4, vec!["(1,2,3,4)".parse().unwrap(), "(1,2)".parse().unwrap()]);
/// assert_eq!(position_count(&s4, &[vec![0, 1]]).unwrap(), 12u32.into());
/// ```
pub fn position_count(group: &PermGroup, classes: &[Vec<usize>]) -> Result<BigUint, GroupError> {
    Ok(group.order() / partition_stabilizer(group, classes)?.order())
}

/// The token classes of a search over arrangements: the given classes, then every
/// other point in `moved` (the points the moves move) as a class of its own.
pub fn token_classes(classes: &[Vec<usize>], moved: &[usize]) -> Vec<Vec<usize>> {
    let mut out = classes.to_vec();
    for &p in moved {
        if !classes.iter().any(|c| c.contains(&p)) {
            out.push(vec![p]);
        }
    }
    out
}
