//! Cut planes and turning axes: a plane is `{p : p·n = depth}` for a unit normal `n`;
//! an axis is named in a definition by the faces whose normals it sums.

use super::polyhedra::Polyhedron;
use super::vec3::{add, norm, scale, V3};
use super::GeometryError;

/// Every face: the face set of a plane or turn that is not restricted.
pub const ALL_FACES: u32 = u32::MAX;

/// A plane `{p : p·normal = depth}`, cutting the faces in `faces`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plane {
    /// Unit normal.
    pub normal: V3,
    /// Signed distance from the centre.
    pub depth: f64,
    /// The faces it cuts: bit `f` set for face `f` in face order ([`ALL_FACES`]:
    /// every face). A plane restricted to some faces stands for a curved cut whose
    /// trace on those faces is the plane's and which does not reach the others
    /// (the Ivy cube's cuts).
    pub faces: u32,
}

/// The face set named by `names` (face names of a definition), as a bit mask.
pub fn parse_faces(words: &[&str], names: &[String]) -> Result<u32, GeometryError> {
    if words.is_empty() {
        return Err(GeometryError::new("`on` without face names".into()));
    }
    let mut mask = 0u32;
    for w in words {
        let k = names.iter().position(|n| n == w).ok_or_else(|| {
            GeometryError::new(format!("no face is named {:?}", crate::limits::clip(w)))
        })?;
        mask |= 1 << k;
    }
    Ok(mask)
}

/// Whether face `f` is in the face set `mask`.
pub fn has_face(mask: u32, f: usize) -> bool {
    f >= 32 || mask & (1 << f) != 0
}

/// The kinds of symmetry axes a `cut` line may name for all of them at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AxisKind {
    /// Every face normal.
    Faces,
    /// Every vertex direction.
    Vertices,
    /// Every edge-midpoint direction.
    Edges,
}

/// The unit directions of every axis of `kind`.
pub fn axes_of_kind(p: &Polyhedron, kind: AxisKind) -> Vec<V3> {
    match kind {
        AxisKind::Faces => p.normals.clone(),
        AxisKind::Vertices => p.vertex_directions(),
        AxisKind::Edges => p.edge_directions(),
    }
}

/// An axis by name: face names joined by `+` (the direction of the sum of their
/// normals: `U+R+F` is the URF corner of a cube, `U+R` the UR edge), optionally
/// preceded by `-` for the opposite direction (`-D`: the tetrahedron's vertex
/// opposite face D). `names` are the face names in face order.
pub fn parse_axis(text: &str, p: &Polyhedron, names: &[String]) -> Result<V3, GeometryError> {
    let (sign, body) = match text.strip_prefix('-') {
        Some(rest) => (-1.0, rest),
        None => (1.0, text),
    };
    let mut sum = [0.0; 3];
    for part in body.split('+') {
        let k = names.iter().position(|n| n == part).ok_or_else(|| {
            GeometryError::new(format!(
                "axis {:?}: no face is named {:?}",
                crate::limits::clip(text),
                crate::limits::clip(part)
            ))
        })?;
        sum = add(sum, p.normals[k]);
    }
    let len = norm(sum);
    if len < super::EPS {
        return Err(GeometryError::new(format!(
            "axis {:?}: the face normals sum to zero",
            crate::limits::clip(text)
        )));
    }
    Ok(scale(sum, sign / len))
}

/// A number of a definition: a decimal (`0.7`, `-1e-3`) or a fraction `a/b`.
pub fn parse_number(text: &str) -> Result<f64, GeometryError> {
    let bad = || GeometryError::new(format!("{:?} is not a number", crate::limits::clip(text)));
    let v = match text.split_once('/') {
        Some((a, b)) => {
            let a: f64 = a.parse().map_err(|_| bad())?;
            let b: f64 = b.parse().map_err(|_| bad())?;
            a / b
        }
        None => text.parse().map_err(|_| bad())?,
    };
    if v.is_finite() {
        Ok(v)
    } else {
        Err(bad())
    }
}
