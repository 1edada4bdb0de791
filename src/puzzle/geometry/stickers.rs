//! Stickers: the pieces of the faces of a solid cut by planes, each a convex polygon
//! represented by its centroid.
//!
//! Every face polygon is split by every plane that crosses it (Sutherland–Hodgman
//! clipping: I. E. Sutherland, G. W. Hodgman, "Reentrant polygon clipping", Comm. ACM
//! 17 (1974)); a plane that only touches a polygon (all its vertices within
//! [`EPS`] of one side) leaves it whole. The stickers are numbered face by
//! face in face order, and within a face in reading order (rows from the top, each row
//! from the left, in the face's [`frame`]).

use super::planes::Plane;
use super::polyhedra::Polyhedron;
use super::vec3::{add, cross, dot, frame, norm, scale, sub, V3};
use super::EPS;

/// One sticker.
#[derive(Clone, Debug)]
pub struct Sticker {
    /// The face it lies on (index in face order).
    pub face: usize,
    /// The centroid of its polygon: the point moves are matched by.
    pub centroid: V3,
    /// Its polygon's vertices.
    pub polygon: Vec<V3>,
}

/// The part of `poly` with `p·n − d` of sign `side` (or within `EPS` of 0).
fn clip(poly: &[V3], plane: &Plane, side: f64) -> Vec<V3> {
    let s = |p: V3| side * (dot(p, plane.normal) - plane.depth);
    let mut out = Vec::new();
    for k in 0..poly.len() {
        let (a, b) = (poly[k], poly[(k + 1) % poly.len()]);
        let (sa, sb) = (s(a), s(b));
        if sa >= -EPS {
            out.push(a);
        }
        if (sa < -EPS && sb > EPS) || (sa > EPS && sb < -EPS) {
            let t = sa / (sa - sb);
            out.push(add(a, scale(sub(b, a), t)));
        }
    }
    out
}

/// The area-weighted centroid of a convex polygon.
fn centroid(poly: &[V3]) -> V3 {
    let mut total = 0.0;
    let mut c = [0.0; 3];
    for k in 1..poly.len() - 1 {
        let (a, b, d) = (poly[0], poly[k], poly[k + 1]);
        let area = norm(cross(sub(b, a), sub(d, a)));
        total += area;
        c = add(c, scale(add(add(a, b), d), area / 3.0));
    }
    scale(c, 1.0 / total)
}

/// The stickers of `solid` cut by `planes`, numbered as the module docs say (more
/// than [`MAX_STICKERS`](super::MAX_STICKERS) pieces: the cutting stops there and
/// the list is longer than the limit, unsorted).
pub fn stickers(solid: &Polyhedron, planes: &[Plane]) -> Vec<Sticker> {
    let mut out = Vec::new();
    for (f, face) in solid.faces.iter().enumerate() {
        let mut pieces: Vec<Vec<V3>> = vec![face.iter().map(|&v| solid.vertices[v]).collect()];
        for plane in planes
            .iter()
            .filter(|p| super::planes::has_face(p.faces, f))
        {
            let mut next = Vec::new();
            for poly in pieces {
                let signs: Vec<f64> = poly
                    .iter()
                    .map(|&p| dot(p, plane.normal) - plane.depth)
                    .collect();
                let crosses = signs.iter().any(|&x| x > EPS) && signs.iter().any(|&x| x < -EPS);
                if crosses {
                    next.push(clip(&poly, plane, 1.0));
                    next.push(clip(&poly, plane, -1.0));
                } else {
                    next.push(poly);
                }
            }
            pieces = next;
            if out.len() + pieces.len() > super::MAX_STICKERS {
                // too many already: the caller reports it, no need to cut further
                out.extend(pieces.into_iter().map(|polygon| Sticker {
                    face: f,
                    centroid: centroid(&polygon),
                    polygon,
                }));
                return out;
            }
        }
        let (right, up) = frame(solid.normals[f]);
        let mut face_stickers: Vec<Sticker> = pieces
            .into_iter()
            .map(|polygon| Sticker {
                face: f,
                centroid: centroid(&polygon),
                polygon,
            })
            .collect();
        face_stickers.sort_by(|a, b| {
            let (ha, hb) = (dot(a.centroid, up), dot(b.centroid, up));
            if (ha - hb).abs() > EPS {
                hb.total_cmp(&ha)
            } else {
                dot(a.centroid, right).total_cmp(&dot(b.centroid, right))
            }
        });
        out.extend(face_stickers);
    }
    out
}
