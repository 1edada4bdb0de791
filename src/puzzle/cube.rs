//! The N×N×N cube on `6·N²` stickers, built from geometry.
//!
//! Stickers are numbered face by face in the net order U, L, F, R, B, D (seed 003's
//! reading order), each face row by row as it appears in the net:
//!
//! ```text
//!           U
//!         L F R B
//!           D
//! ```
//!
//! U is seen from above with B at its top edge, D from below with F at its top edge,
//! the side faces from outside with U at their top edge. For the 3×3×3: U = 1..9,
//! L = 10..18, F = 19..27, R = 28..36, B = 37..45, D = 46..54 (centres 5, 14, 23, 32,
//! 41, 50). Every move is the rotation of a layer of cubies, turning stickers with
//! it; a face turn is clockwise as seen looking at that face.

use crate::perm::Perm;
use std::collections::HashMap;

/// Faces in net order.
pub const FACES: [char; 6] = ['U', 'L', 'F', 'R', 'B', 'D'];

type V3 = [i32; 3];

/// Position (doubled, centred coordinates) and outward normal of each sticker.
pub(crate) fn stickers(n: usize) -> Vec<(V3, V3)> {
    let m = n as i32 - 1;
    let mut out = Vec::with_capacity(6 * n * n);
    for face in FACES {
        for r in 0..n as i32 {
            for c in 0..n as i32 {
                let (a, b) = (-m + 2 * c, m - 2 * r); // a: along the row, b: up the column
                let (pos, normal) = match face {
                    'U' => ([-m + 2 * c, m + 1, -m + 2 * r], [0, 1, 0]),
                    'L' => ([-m - 1, b, a], [-1, 0, 0]),
                    'F' => ([a, b, m + 1], [0, 0, 1]),
                    'R' => ([m + 1, b, -a], [1, 0, 0]),
                    'B' => ([-a, b, -m - 1], [0, 0, -1]),
                    _ => ([-m + 2 * c, -m - 1, m - 2 * r], [0, -1, 0]),
                };
                out.push((pos, normal));
            }
        }
    }
    out
}

/// Rotation by 90° about `axis` (0 = x, 1 = y, 2 = z); `clockwise` as seen from the
/// positive end of the axis.
fn rotate(v: V3, axis: usize, clockwise: bool) -> V3 {
    let [x, y, z] = v;
    match (axis, clockwise) {
        (0, true) => [x, z, -y],
        (0, false) => [x, -z, y],
        (1, true) => [-z, y, x],
        (1, false) => [z, y, -x],
        (2, true) => [y, -x, z],
        _ => [-y, x, z],
    }
}

/// The permutation of stickers turning the cubies whose coordinate on `axis` lies in
/// `layers` (doubled centred coordinates of cubie centres), clockwise as seen from the
/// positive end of the axis when `clockwise`.
fn layer_turn(n: usize, axis: usize, layers: &[i32], clockwise: bool) -> Perm {
    let st = stickers(n);
    let index: HashMap<(V3, V3), usize> = st.iter().enumerate().map(|(i, &s)| (s, i)).collect();
    let m = n as i32 - 1;
    let images = st
        .iter()
        .enumerate()
        .map(|(i, &(pos, normal))| {
            // the cubie centre this sticker belongs to
            let centre = [pos[0] - normal[0], pos[1] - normal[1], pos[2] - normal[2]];
            debug_assert!(centre.iter().all(|c| c.abs() <= m));
            if layers.contains(&centre[axis]) {
                index[&(
                    rotate(pos, axis, clockwise),
                    rotate(normal, axis, clockwise),
                )] as u32
            } else {
                i as u32
            }
        })
        .collect();
    Perm::from_images(images).expect("a rotation maps stickers to stickers")
}

/// The face turns U D F B R L (clockwise quarter turns) of the N×N×N cube, in that
/// order, on `6·N²` stickers.
pub fn face_turns(n: usize) -> Vec<(String, Perm)> {
    let m = n as i32 - 1;
    let outer = |s: i32| vec![s * m];
    vec![
        ("U".into(), layer_turn(n, 1, &outer(1), true)),
        ("D".into(), layer_turn(n, 1, &outer(-1), false)),
        ("F".into(), layer_turn(n, 2, &outer(1), true)),
        ("B".into(), layer_turn(n, 2, &outer(-1), false)),
        ("R".into(), layer_turn(n, 0, &outer(1), true)),
        ("L".into(), layer_turn(n, 0, &outer(-1), false)),
    ]
}

/// Slice moves M (as L), E (as D), S (as F) for odd N, and whole-cube rotations
/// x (as R), y (as U), z (as F).
pub fn slices_and_rotations(n: usize) -> Vec<(String, Perm)> {
    let m = n as i32 - 1;
    let all: Vec<i32> = (0..n as i32).map(|k| -m + 2 * k).collect();
    let mut out = Vec::new();
    if n % 2 == 1 {
        out.push(("M".into(), layer_turn(n, 0, &[0], false)));
        out.push(("E".into(), layer_turn(n, 1, &[0], false)));
        out.push(("S".into(), layer_turn(n, 2, &[0], true)));
    }
    out.push(("x".into(), layer_turn(n, 0, &all, true)));
    out.push(("y".into(), layer_turn(n, 1, &all, true)));
    out.push(("z".into(), layer_turn(n, 2, &all, true)));
    out
}

/// The axis (0 = x, 1 = y, 2 = z), side (+1 or −1) and turning direction (clockwise
/// seen from the positive end of the axis) of a face turn, for U D F B R L.
fn face_axis(face: char) -> (usize, i32, bool) {
    match face {
        'U' => (1, 1, true),
        'D' => (1, -1, false),
        'F' => (2, 1, true),
        'B' => (2, -1, false),
        'R' => (0, 1, true),
        _ => (0, -1, false),
    }
}

/// The turn of layers `from..=to` counted from `face` (layer 1 is the face's own),
/// clockwise as seen looking at that face.
pub fn layers_turn(n: usize, face: char, from: usize, to: usize) -> Perm {
    let (axis, side, clockwise) = face_axis(face);
    let m = n as i32 - 1;
    let layers: Vec<i32> = (from..=to)
        .map(|k| side * (m - 2 * (k as i32 - 1)))
        .collect();
    layer_turn(n, axis, &layers, clockwise)
}

/// The block turns of SiGN / WCA notation (WCA Regulations, article 12a) beyond the
/// outer face turns, for each face `X` of U D F B R L: the inner slices `kX`
/// (2 ≤ k ≤ N−1, layer k alone), the wide turns `Xw` (the outer two layers) and
/// `kXw` (the outer k layers, 3 ≤ k ≤ N−1). Words may also write a wide turn
/// `Xw` as its lowercase letter (`r` = `Rw`); see [`wide_aliases`]. Empty for N ≤ 2.
///
/// ```
/// let names: Vec<String> = permlab::puzzle::cube::block_turns(4).into_iter().map(|m| m.0).collect();
/// assert_eq!(&names[..6], ["2U", "3U", "Uw", "3Uw", "2D", "3D"]);
/// assert_eq!(names.len(), 24);
/// ```
pub fn block_turns(n: usize) -> Vec<(String, Perm)> {
    let mut out = Vec::new();
    for face in ['U', 'D', 'F', 'B', 'R', 'L'] {
        for k in 2..n {
            out.push((format!("{k}{face}"), layers_turn(n, face, k, k)));
        }
        for k in 2..n {
            let name = if k == 2 {
                format!("{face}w")
            } else {
                format!("{k}{face}w")
            };
            out.push((name, layers_turn(n, face, 1, k)));
        }
    }
    out
}

/// The lowercase aliases of the wide turns: `(u, "Uw")`, … for N ≥ 3.
pub fn wide_aliases(n: usize) -> Vec<(String, String)> {
    if n < 3 {
        return Vec::new();
    }
    ['U', 'D', 'F', 'B', 'R', 'L']
        .iter()
        .map(|f| (f.to_lowercase().to_string(), format!("{f}w")))
        .collect()
}

/// The face (index into [`FACES`]) of sticker `i` in the solved cube: its colour.
pub fn sticker_face(n: usize, i: usize) -> usize {
    i / (n * n)
}

/// The net of a cube state (labels at positions, 0-based), each sticker shown by the
/// face letter of its colour.
pub fn render_net(n: usize, state: &[u32]) -> String {
    let colour = |face: usize, r: usize, c: usize| -> char {
        FACES[sticker_face(n, state[face * n * n + r * n + c] as usize)]
    };
    let mut s = String::new();
    let pad = " ".repeat(2 * n + 1);
    let row_of = |face: usize, r: usize| -> String {
        (0..n)
            .map(|c| colour(face, r, c).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    for r in 0..n {
        s.push_str(&format!("{pad}{}\n", row_of(0, r)));
    }
    for r in 0..n {
        let parts: Vec<String> = (1..5).map(|f| row_of(f, r)).collect();
        s.push_str(&format!("{}\n", parts.join("  ")));
    }
    for r in 0..n {
        s.push_str(&format!("{pad}{}\n", row_of(5, r)));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn face_turns_have_order_four_and_move_twenty_stickers() {
        for (name, g) in face_turns(3) {
            assert_eq!(g.order(), 4u32.into(), "{name}");
            assert_eq!(g.support().len(), 20, "{name}");
            assert_eq!(g.cycle_type()[..5], [4, 4, 4, 4, 4], "{name}");
        }
    }

    #[test]
    fn u_turn_moves_front_to_left() {
        let u = &face_turns(3)[0].1;
        // F top-left sticker (19) goes to L top-left (10)
        assert_eq!(u.image(18), 9);
        // U corner 9 (front-right) goes to 7 (front-left) when turning clockwise from above
        assert_eq!(u.image(8), 6);
    }

    #[test]
    fn r_turn_moves_front_to_up() {
        let r = &face_turns(3)[4].1;
        // the right column of F moves up: F bottom-right (27) to U front-right (9),
        // F top-right (21) to U back-right (3)
        assert_eq!(r.image(26), 8);
        assert_eq!(r.image(20), 2);
    }
}
