//! Moves: turning the stickers in a slab `lo < p·axis < hi` about the axis, found as
//! permutations by matching each turned centroid with the sticker it lands on.

use super::stickers::Sticker;
use super::vec3::{dot, norm, rotate, sub, V3};
use super::{GeometryError, EPS, MATCH_TOLERANCE};
use crate::perm::Perm;

/// A turn: the stickers whose centroid `c` has `lo < c·axis < hi` turn clockwise (seen
/// from outside, looking at the end of `axis`) by `360°/turns`.
#[derive(Clone, Debug)]
pub struct Turn {
    /// Its name.
    pub name: String,
    /// Unit axis.
    pub axis: V3,
    /// Lower bound of the slab.
    pub lo: f64,
    /// Upper bound of the slab.
    pub hi: f64,
    /// The turn is `1/turns` of a revolution; `None`: the largest of 5, 4, 3, 2
    /// for which the turn maps stickers to stickers.
    pub turns: Option<u32>,
    /// The faces whose stickers it turns (a bit mask as
    /// [`Plane::faces`](super::planes::Plane::faces)).
    pub faces: u32,
}

/// The permutation of `stickers` (0-based) a turn by `360°/k` makes, or why it is not
/// one: a sticker on the slab's boundary, or one landing where no sticker is.
pub fn turn_perm(stickers: &[Sticker], turn: &Turn, k: u32) -> Result<Perm, GeometryError> {
    let angle = -2.0 * std::f64::consts::PI / k as f64;
    let mut images = Vec::with_capacity(stickers.len());
    for (i, s) in stickers.iter().enumerate() {
        if !super::planes::has_face(turn.faces, s.face) {
            images.push(i as u32);
            continue;
        }
        let d = dot(s.centroid, turn.axis);
        if (d - turn.lo).abs() < EPS || (d - turn.hi).abs() < EPS {
            return Err(GeometryError::new(format!(
                "move {}: the centre of sticker {} lies on the boundary of the turning slab",
                turn.name,
                i + 1
            )));
        }
        if d <= turn.lo || d >= turn.hi {
            images.push(i as u32);
            continue;
        }
        let q = rotate(s.centroid, turn.axis, angle);
        let j = stickers
            .iter()
            .position(|t| norm(sub(t.centroid, q)) < MATCH_TOLERANCE)
            .ok_or_else(|| {
                GeometryError::new(format!(
                    "move {}: a 1/{k} turn takes sticker {} where no sticker is",
                    turn.name,
                    i + 1
                ))
            })?;
        images.push(j as u32);
    }
    Perm::from_images(images).map_err(|_| {
        GeometryError::new(format!(
            "move {}: a 1/{k} turn is not a bijection of the stickers",
            turn.name
        ))
    })
}

/// The permutation of a turn, with its number of turns per revolution chosen as
/// [`Turn::turns`] says.
pub fn resolve(stickers: &[Sticker], turn: &Turn) -> Result<Perm, GeometryError> {
    match turn.turns {
        Some(k) => turn_perm(stickers, turn, k),
        None => {
            let mut last = None;
            for k in [5, 4, 3, 2] {
                match turn_perm(stickers, turn, k) {
                    Ok(p) => return Ok(p),
                    Err(e) => last = Some(e),
                }
            }
            Err(GeometryError::new(format!(
                "move {}: no turn by 1/5, 1/4, 1/3 or 1/2 of a revolution maps the stickers \
                 to stickers ({})",
                turn.name,
                last.map(|e| e.to_string()).unwrap_or_default()
            )))
        }
    }
}
