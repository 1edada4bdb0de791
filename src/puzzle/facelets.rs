//! Kociemba's facelet string of a cube state, and back: the notation of the
//! dedicated 3x3x3 solvers (H. Kociemba's Cube Explorer and `kociemba`, Chen
//! Shuang's min2phase, rob-twophase).
//!
//! The string has one letter per sticker, the face letter of its colour (the
//! face whose centre has that colour when solved), face by face in the order
//! U, R, F, D, L, B, each face row by row:
//!
//! ```text
//!              U1 U2 U3
//!              U4 U5 U6
//!              U7 U8 U9
//!    L1 L2 L3  F1 F2 F3  R1 R2 R3  B1 B2 B3
//!    L4 L5 L6  F4 F5 F6  R4 R5 R6  B4 B5 B6
//!    L7 L8 L9  F7 F8 F9  R7 R8 R9  B7 B8 B9
//!              D1 D2 D3
//!              D4 D5 D6
//!              D7 D8 D9
//! ```
//!
//! Each face is read as in permlab's net ([`super::cube`]): U from above with B at
//! its top edge, D from below with F at its top edge, the side faces from outside
//! with U at their top edge. So the string is permlab's stickers in another face
//! order: the `j`-th sticker of face `X` in the string is the `j`-th sticker of
//! face `X` in permlab's numbering (U = 1..9, L = 10..18, F = 19..27, R = 28..36,
//! B = 37..45, D = 46..54 on the 3x3x3). The solved cube is
//! `UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB`.
//!
//! ```
//! use permlab::puzzle::facelets::{from_facelets, to_facelets};
//! let cube3 = permlab::Puzzle::builtin("cube3").unwrap();
//! let r = cube3.apply(&cube3.solved(), &cube3.parse_word("R").unwrap());
//! let text = to_facelets(&cube3, &r).unwrap();
//! assert_eq!(text, "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB");
//! assert_eq!(from_facelets(&cube3, &text).unwrap(), r);
//! ```

use super::cube::{stickers, FACES};
use super::{Layout, Puzzle, PuzzleError};
use std::collections::HashMap;

/// The faces in the order of the facelet string.
pub const FACELET_ORDER: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];

/// The side `n` of the N×N×N cube `puzzle` is, with its `6·n²` stickers; an error
/// for any other puzzle.
fn cube_side(puzzle: &Puzzle) -> Result<usize, PuzzleError> {
    match puzzle.layout() {
        Layout::Cube(n) if puzzle.degree() == 6 * n * n => Ok(n),
        _ => Err(PuzzleError::State(format!(
            "facelet strings are for N×N×N cubes; {} is not one",
            puzzle.name()
        ))),
    }
}

/// permlab's sticker (0-based position) at each place of the facelet string of
/// the n×n×n cube.
fn string_order(n: usize) -> Vec<usize> {
    FACELET_ORDER
        .iter()
        .flat_map(|f| {
            let face = FACES.iter().position(|g| g == f).expect("a face letter");
            (0..n * n).map(move |j| face * n * n + j)
        })
        .collect()
}

/// The facelet string (54 letters on the 3x3x3) of `state` (0-based labels in
/// position order, as [`Puzzle::solved`] and [`Puzzle::apply`] give) of the
/// N×N×N cube `puzzle`: the letter of each position is the face of the label on
/// it. An error when `puzzle` is not an N×N×N cube or `state` has another length.
pub fn to_facelets(puzzle: &Puzzle, state: &[u32]) -> Result<String, PuzzleError> {
    let n = cube_side(puzzle)?;
    if state.len() != 6 * n * n {
        return Err(PuzzleError::State(format!(
            "{} labels for {}'s {} stickers",
            state.len(),
            puzzle.name(),
            6 * n * n
        )));
    }
    string_order(n)
        .into_iter()
        .map(|p| {
            let label = state[p] as usize;
            FACES.get(label / (n * n)).copied().ok_or_else(|| {
                PuzzleError::State(format!(
                    "label {} at position {} is beyond {} stickers",
                    label + 1,
                    p + 1,
                    6 * n * n
                ))
            })
        })
        .collect()
}

/// The state (0-based labels in position order) of the N×N×N cube `puzzle` whose
/// facelet string is `text`: on each cubie, the colours say which cubie it is and
/// how it is turned. For the 2x2x2 and 3x3x3, where the colours of a cubie name
/// it; larger cubes have cubies of equal colours (an error). The state is a
/// permutation of the stickers with every cubie in one place; whether the
/// puzzle's moves reach it (twists, flips, parity) is not checked here.
///
/// Errors name the problem: a length other than `6·n²`, a letter not in
/// URFDLB, a cubie whose colours are no cubie's, a cubie found twice.
pub fn from_facelets(puzzle: &Puzzle, text: &str) -> Result<Vec<u32>, PuzzleError> {
    let n = cube_side(puzzle)?;
    let bad = |why: String| PuzzleError::State(format!("facelet string: {why}"));
    let letters: Vec<char> = text.trim().chars().collect();
    if letters.len() != 6 * n * n {
        return Err(bad(format!(
            "{} letters; {} has {} stickers",
            letters.len(),
            puzzle.name(),
            6 * n * n
        )));
    }
    // the colour (index into FACES) at each permlab position
    let mut colour = vec![0usize; 6 * n * n];
    for (i, (&c, p)) in letters.iter().zip(string_order(n)).enumerate() {
        colour[p] = FACES.iter().position(|&f| f == c).ok_or_else(|| {
            bad(format!(
                "letter {} is {c:?}; give one of {}",
                i + 1,
                FACELET_ORDER.iter().collect::<String>()
            ))
        })?;
    }
    let face_of = |sticker: usize| sticker / (n * n);
    // the stickers of each cubie (those whose cubie centre is the same point)
    let mut cubies: HashMap<[i32; 3], Vec<usize>> = HashMap::new();
    for (i, (pos, normal)) in stickers(n).into_iter().enumerate() {
        let centre = [pos[0] - normal[0], pos[1] - normal[1], pos[2] - normal[2]];
        cubies.entry(centre).or_default().push(i);
    }
    // each solved cubie by its colours
    let key = |colours: &mut Vec<usize>| -> Vec<usize> {
        colours.sort_unstable();
        colours.clone()
    };
    let mut by_colours: HashMap<Vec<usize>, &Vec<usize>> = HashMap::new();
    for home in cubies.values() {
        let k = key(&mut home.iter().map(|&s| face_of(s)).collect());
        if by_colours.insert(k, home).is_some() {
            return Err(bad(format!(
                "the cubies of the {n}x{n}x{n} cube are not named by their colours"
            )));
        }
    }
    let mut state = vec![u32::MAX; 6 * n * n];
    let mut used: HashMap<Vec<usize>, usize> = HashMap::new();
    for place in cubies.values() {
        let here: Vec<usize> = place.iter().map(|&p| colour[p]).collect();
        let k = key(&mut here.clone());
        let name = |s: &[usize]| -> String {
            s.iter()
                .map(|&p| (p + 1).to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let Some(home) = by_colours.get(&k) else {
            return Err(bad(format!(
                "the cubie at stickers {} has the colours {}, which no cubie has",
                name(place),
                here.iter().map(|&c| FACES[c]).collect::<String>()
            )));
        };
        if let Some(before) = used.insert(k, place[0]) {
            return Err(bad(format!(
                "the cubie of colours {} is both at sticker {} and at sticker {}",
                here.iter().map(|&c| FACES[c]).collect::<String>(),
                before + 1,
                place[0] + 1
            )));
        }
        // on a cubie the colours are distinct, so each place takes the label of
        // its colour
        for (&p, &c) in place.iter().zip(&here) {
            let label = home
                .iter()
                .find(|&&s| face_of(s) == c)
                .expect("the cubie has this colour");
            state[p] = *label as u32;
        }
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_string_order_is_a_reordering_of_the_faces() {
        let order = string_order(3);
        assert_eq!(&order[..9], &(0..9).collect::<Vec<_>>()[..]);
        // R, the second face of the string, is permlab's fourth (28..36)
        assert_eq!(order[9], 27);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..54).collect::<Vec<_>>());
    }

    #[test]
    fn solved_is_nine_of_each_letter_in_string_order() {
        for (spec, n) in [("cube2", 2), ("cube3", 3)] {
            let p = Puzzle::builtin(spec).unwrap();
            let text = to_facelets(&p, &p.solved()).unwrap();
            let expect: String = FACELET_ORDER
                .iter()
                .flat_map(|&c| std::iter::repeat_n(c, n * n))
                .collect();
            assert_eq!(text, expect);
            assert_eq!(from_facelets(&p, &text).unwrap(), p.solved());
        }
    }

    #[test]
    fn cubes_beyond_three_are_refused_back() {
        let p = Puzzle::builtin("cube:4").unwrap();
        let text = to_facelets(&p, &p.solved()).unwrap();
        assert_eq!(text.len(), 96);
        let e = from_facelets(&p, &text).unwrap_err().to_string();
        assert!(e.contains("not named by their colours"), "{e}");
    }
}
