//! Three-dimensional vectors as `[f64; 3]`, and rotations about an axis.

/// A point or direction.
pub type V3 = [f64; 3];

/// `a + b`.
pub fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// `a − b`.
pub fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `s·a`.
pub fn scale(a: V3, s: f64) -> V3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

/// The dot product.
pub fn dot(a: V3, b: V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The cross product `a × b`.
pub fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The Euclidean length.
pub fn norm(a: V3) -> f64 {
    dot(a, a).sqrt()
}

/// The reading frame of a face with outward unit normal `n`, seen from outside:
/// `(right, up)`, where `up` is the direction of +y in the face plane (for a face
/// whose normal is ±y: −z on the top face, +z on the bottom one, as a cube net shows
/// them) and `right = up × n`; `right × up = n`.
///
/// ```
/// use permlab::puzzle::geometry::vec3::frame;
/// assert_eq!(frame([0.0, 0.0, 1.0]), ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]));
/// assert_eq!(frame([0.0, 1.0, 0.0]), ([1.0, 0.0, 0.0], [0.0, 0.0, -1.0]));
/// ```
pub fn frame(n: V3) -> (V3, V3) {
    let up = if n[1].abs() > 1.0 - 1e-9 {
        [0.0, 0.0, -n[1].signum()]
    } else {
        let y = [0.0, 1.0, 0.0];
        let p = sub(y, scale(n, dot(y, n)));
        scale(p, 1.0 / norm(p))
    };
    let right = cross(up, n);
    (right, up)
}

/// `p` rotated by `angle` radians about the unit vector `axis`, counter-clockwise
/// seen from the end of the axis (Rodrigues' rotation formula, O. Rodrigues, J. Math.
/// Pures Appl. 5 (1840)).
pub fn rotate(p: V3, axis: V3, angle: f64) -> V3 {
    let (s, c) = angle.sin_cos();
    let k_dot = dot(axis, p);
    add(
        add(scale(p, c), scale(cross(axis, p), s)),
        scale(axis, k_dot * (1.0 - c)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_turn_about_z() {
        let q = rotate(
            [1.0, 0.0, 0.0],
            [0.0, 0.0, 1.0],
            std::f64::consts::FRAC_PI_2,
        );
        assert!(norm(sub(q, [0.0, 1.0, 0.0])) < 1e-12);
    }
}
