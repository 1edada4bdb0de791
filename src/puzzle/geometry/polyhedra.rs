//! The regular solids puzzles are cut from: vertices, faces (outward unit normals,
//! vertex polygons) and edges, scaled so that every face plane is at distance 1 from
//! the centre (inradius 1), as in twsearch's PuzzleGeometry descriptions.
//!
//! Face order (the order of the `faces` line of a definition):
//!
//! | shape | faces, by outward normal |
//! |---|---|
//! | `cube` | +y, −x, +z, +x, −z, −y (U L F R B D of [`crate::puzzle::cube`]) |
//! | `tetrahedron` | −(1,1,1), −(1,−1,−1), −(−1,1,−1), −(−1,−1,1) (each opposite a vertex) |
//! | `octahedron` | (±1,±1,±1) with signs + + +, + + −, + − +, + − −, − + +, − + −, − − +, − − − |
//! | `dodecahedron` | (0,±1,±φ), (±1,±φ,0), (±φ,0,±1) with signs + +, + −, − +, − − in each group |

use super::vec3::{add, dot, norm, scale, V3};
use super::GeometryError;

/// One of the four solids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Cube (6 square faces).
    Cube,
    /// Regular tetrahedron (4 triangles).
    Tetrahedron,
    /// Regular octahedron (8 triangles).
    Octahedron,
    /// Regular dodecahedron (12 pentagons).
    Dodecahedron,
}

impl std::str::FromStr for Shape {
    type Err = GeometryError;

    fn from_str(s: &str) -> Result<Shape, GeometryError> {
        match s {
            "cube" => Ok(Shape::Cube),
            "tetrahedron" => Ok(Shape::Tetrahedron),
            "octahedron" => Ok(Shape::Octahedron),
            "dodecahedron" => Ok(Shape::Dodecahedron),
            _ => Err(GeometryError::new(format!(
                "unknown shape {:?} (expected cube, tetrahedron, octahedron or dodecahedron)",
                crate::limits::clip(s)
            ))),
        }
    }
}

/// A solid with inradius 1.
#[derive(Clone, Debug)]
pub struct Polyhedron {
    /// Its vertices.
    pub vertices: Vec<V3>,
    /// Outward unit normals of its faces, in the order of the module docs.
    pub normals: Vec<V3>,
    /// Each face's vertices (indices into `vertices`) in counter-clockwise order
    /// seen from outside.
    pub faces: Vec<Vec<usize>>,
    /// Each edge as a pair of vertex indices, smaller first, sorted.
    pub edges: Vec<(usize, usize)>,
}

impl Polyhedron {
    /// The solid `shape` with inradius 1.
    pub fn new(shape: Shape) -> Polyhedron {
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let signs = [[1.0, 1.0], [1.0, -1.0], [-1.0, 1.0], [-1.0, -1.0]];
        let (vertices, normals): (Vec<V3>, Vec<V3>) = match shape {
            Shape::Cube => {
                let mut v = Vec::new();
                for x in [1.0, -1.0] {
                    for y in [1.0, -1.0] {
                        for z in [1.0, -1.0] {
                            v.push([x, y, z]);
                        }
                    }
                }
                let n = vec![
                    [0.0, 1.0, 0.0],
                    [-1.0, 0.0, 0.0],
                    [0.0, 0.0, 1.0],
                    [1.0, 0.0, 0.0],
                    [0.0, 0.0, -1.0],
                    [0.0, -1.0, 0.0],
                ];
                (v, n)
            }
            Shape::Tetrahedron => {
                let v = vec![
                    [1.0, 1.0, 1.0],
                    [1.0, -1.0, -1.0],
                    [-1.0, 1.0, -1.0],
                    [-1.0, -1.0, 1.0],
                ];
                let n = v.iter().map(|&p| scale(p, -1.0)).collect();
                (v, n)
            }
            Shape::Octahedron => {
                let v = vec![
                    [1.0, 0.0, 0.0],
                    [-1.0, 0.0, 0.0],
                    [0.0, 1.0, 0.0],
                    [0.0, -1.0, 0.0],
                    [0.0, 0.0, 1.0],
                    [0.0, 0.0, -1.0],
                ];
                let mut n = Vec::new();
                for x in [1.0, -1.0] {
                    for y in [1.0, -1.0] {
                        for z in [1.0, -1.0] {
                            n.push([x, y, z]);
                        }
                    }
                }
                (v, n)
            }
            Shape::Dodecahedron => {
                let mut v = Vec::new();
                for x in [1.0, -1.0] {
                    for y in [1.0, -1.0] {
                        for z in [1.0, -1.0] {
                            v.push([x, y, z]);
                        }
                    }
                }
                for [a, b] in signs {
                    v.push([a / phi, 0.0, b * phi]);
                }
                for [a, b] in signs {
                    v.push([0.0, a * phi, b / phi]);
                }
                for [a, b] in signs {
                    v.push([a * phi, b / phi, 0.0]);
                }
                let mut n = Vec::new();
                for [a, b] in signs {
                    n.push([0.0, a, b * phi]);
                }
                for [a, b] in signs {
                    n.push([a, b * phi, 0.0]);
                }
                for [a, b] in signs {
                    n.push([a * phi, 0.0, b]);
                }
                (v, n)
            }
        };
        let normals: Vec<V3> = normals.iter().map(|&n| scale(n, 1.0 / norm(n))).collect();
        // inradius: the largest distance of a vertex along a face normal
        let r = vertices
            .iter()
            .map(|&v| dot(v, normals[0]))
            .fold(f64::MIN, f64::max);
        let vertices: Vec<V3> = vertices.iter().map(|&v| scale(v, 1.0 / r)).collect();
        let faces: Vec<Vec<usize>> = normals
            .iter()
            .map(|&n| {
                let mut on: Vec<usize> = (0..vertices.len())
                    .filter(|&i| (dot(vertices[i], n) - 1.0).abs() < super::EPS)
                    .collect();
                // counter-clockwise seen from outside: sort by angle in the face frame
                let (u, w) = super::vec3::frame(n);
                let centre = scale(n, 1.0);
                on.sort_by(|&a, &b| {
                    let ang = |i: usize| {
                        let d = super::vec3::sub(vertices[i], centre);
                        dot(d, w).atan2(dot(d, u))
                    };
                    ang(a).total_cmp(&ang(b))
                });
                on
            })
            .collect();
        let mut edges = Vec::new();
        for f in &faces {
            for k in 0..f.len() {
                let (a, b) = (f[k], f[(k + 1) % f.len()]);
                edges.push((a.min(b), a.max(b)));
            }
        }
        edges.sort_unstable();
        edges.dedup();
        Polyhedron {
            vertices,
            normals,
            faces,
            edges,
        }
    }

    /// Unit directions of the vertices, in vertex order.
    pub fn vertex_directions(&self) -> Vec<V3> {
        self.vertices
            .iter()
            .map(|&v| scale(v, 1.0 / norm(v)))
            .collect()
    }

    /// Unit directions of the edge midpoints, in edge order.
    pub fn edge_directions(&self) -> Vec<V3> {
        self.edges
            .iter()
            .map(|&(a, b)| {
                let m = add(self.vertices[a], self.vertices[b]);
                scale(m, 1.0 / norm(m))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_euler() {
        for (shape, v, f, e, sides) in [
            (Shape::Cube, 8, 6, 12, 4),
            (Shape::Tetrahedron, 4, 4, 6, 3),
            (Shape::Octahedron, 6, 8, 12, 3),
            (Shape::Dodecahedron, 20, 12, 30, 5),
        ] {
            let p = Polyhedron::new(shape);
            assert_eq!(p.vertices.len(), v, "{shape:?}");
            assert_eq!(p.faces.len(), f, "{shape:?}");
            assert_eq!(p.edges.len(), e, "{shape:?}");
            assert!(p.faces.iter().all(|f| f.len() == sides), "{shape:?}");
            // every vertex lies on or inside every face plane
            for &n in &p.normals {
                for &x in &p.vertices {
                    assert!(dot(x, n) < 1.0 + super::super::EPS);
                }
            }
        }
    }
}
