//! Positions of cube3 handed to the dedicated optimal solvers (twsearch,
//! nissy-core, vcube) and their solutions read back: a position goes out as a
//! scramble, the moves that make it from solved in standard (Singmaster) face-turn
//! notation (`U`, `U2`, `U'`: permlab's own move names of cube3), and a solution
//! comes back in the tool's spelling of that notation (`U3` or `U'`, `U1` or `U`,
//! with or without spaces: vcube's compact `U3L3U2F1`), which is read into
//! permlab's names and then replayed in permlab by the caller. Nothing here runs a
//! tool, so the round trips are tested without them.

use crate::cli::CliError;
use permlab::search::moves::MoveSet;
use permlab::{Perm, Puzzle};

/// The faces of the standard notation, in the order the tools list them.
const FACES: [char; 6] = ['U', 'D', 'R', 'L', 'F', 'B'];

/// The moves that make the position of `g` from solved, as a scramble in the
/// move set's names (`U`, `U2`, `U'`): the factorisation of `g` through the
/// stabiliser chain (or its inverse, whichever gives `g`'s state; the word is
/// checked by applying it).
pub(super) fn scramble_of(puzzle: &Puzzle, moves: &MoveSet, g: &Perm) -> Result<String, CliError> {
    let gens = puzzle.generators();
    let family_of: Vec<usize> = gens
        .iter()
        .map(|m| {
            let p = m.perm.extended(moves.degree());
            (0..moves.families())
                .find(|&f| moves.family_perm(f) == &p)
                .ok_or_else(|| format!("bench: the move {} is not a family of its own", m.name))
        })
        .collect::<Result<_, _>>()?;
    let letters = puzzle
        .group()
        .factor(g)
        .ok_or("bench: the position has no factorisation")?;
    let text = |letters: &[(usize, i64)]| -> String {
        letters
            .iter()
            .filter_map(|&(i, p)| {
                let f = family_of[i];
                let o = moves.family_order(f) as i64;
                (p.rem_euclid(o) != 0).then(|| moves.power_name(f, p))
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let inverse: Vec<(usize, i64)> = letters.iter().rev().map(|&(i, p)| (i, -p)).collect();
    let target = g.to_state();
    for cand in [text(&letters), text(&inverse)] {
        let w = puzzle.parse_word(&cand)?;
        if puzzle.apply(&puzzle.solved(), &w) == target {
            return Ok(cand);
        }
    }
    Err("internal error: no scramble word reaches the position".into())
}

/// A face turn in standard notation, read as permlab's name of it: the face
/// letter then the quarter turns clockwise, `1` or nothing (`U`), `2` or `2'`
/// (`U2`), `3` or `'` (`U'`). An error names the token.
pub fn standard_move(token: &str) -> Result<String, String> {
    let mut chars = token.chars();
    let face = chars
        .next()
        .filter(|c| FACES.contains(c))
        .ok_or_else(|| format!("`{token}` is not a face turn (U, D, R, L, F or B first)"))?;
    let turns = match chars.as_str() {
        "" | "1" => 1,
        "2" | "2'" => 2,
        "3" | "'" => 3,
        _ => {
            return Err(format!(
                "`{token}` is not a face turn (U, U2, U' or U1, U3)"
            ))
        }
    };
    Ok(match turns {
        1 => face.to_string(),
        2 => format!("{face}2"),
        _ => format!("{face}'"),
    })
}

/// A move sequence in standard notation, spaced or compact (`U3L3U2F1`, `R U2 F'`),
/// as permlab's move names; an error names the first token it cannot read.
pub fn standard_moves(text: &str) -> Result<Vec<String>, String> {
    // split before every face letter, so the compact form reads as the spaced one
    let mut tokens: Vec<String> = Vec::new();
    for c in text.chars() {
        if c.is_whitespace() {
            continue;
        }
        if FACES.contains(&c) || tokens.is_empty() {
            tokens.push(c.to_string());
        } else if let Some(t) = tokens.last_mut() {
            t.push(c);
        }
    }
    tokens.iter().map(|t| standard_move(t)).collect()
}

/// The inverse of a move sequence in permlab's names of face turns (reversed,
/// each turn inverted): a solution's inverse is a scramble of its position.
pub fn inverse_moves(moves: &[String]) -> Result<Vec<String>, String> {
    moves
        .iter()
        .rev()
        .map(|m| {
            let s = standard_move(m)?;
            let face = &s[..1];
            Ok(match &s[1..] {
                "" => format!("{face}'"),
                "'" => face.to_string(),
                _ => s.clone(),
            })
        })
        .collect()
}

/// nissy-core's answer to `run solve_scramble … -n 1`: the first line it prints
/// on stdout is the solution (empty for the solved cube); `None` when it printed
/// nothing (no solution within its bounds, or it failed).
pub fn nissy_solution(stdout: &str) -> Option<Result<Vec<String>, String>> {
    let line = stdout.lines().next()?;
    Some(standard_moves(line))
}

/// One line of vcube's `vc-optimal` output, `SEQ SECONDS LENGTH MOVES…` (its
/// own search time for that cube): the seconds and the solution, the printed
/// length checked against the moves.
pub fn vcube_solution(line: &str) -> Result<(f64, Vec<String>), String> {
    let mut w = line.split_whitespace();
    let bad = || format!("vcube printed `{line}`, not `SEQ SECONDS LENGTH MOVES`");
    let _seq: u64 = w.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
    let seconds: f64 = w.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
    let length: usize = w.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
    let moves = standard_moves(&w.collect::<Vec<_>>().join(" "))?;
    if moves.len() != length {
        return Err(format!(
            "vcube printed length {length} beside {} moves: `{line}`",
            moves.len()
        ));
    }
    Ok((seconds, moves))
}

#[cfg(test)]
mod tests {
    use super::*;
    use permlab::search::moves::Metric;
    use rand::{Rng, SeedableRng};

    fn cube3() -> (Puzzle, MoveSet) {
        let p = Puzzle::builtin("cube3").unwrap();
        let m = MoveSet::for_puzzle(&p, Metric::Htm).unwrap();
        (p, m)
    }

    /// A random word of `n` face turns of cube3 in permlab's names.
    fn random_word(rng: &mut impl Rng, n: usize) -> Vec<String> {
        (0..n)
            .map(|_| {
                let f = FACES[rng.random_range(0..6)];
                format!("{f}{}", ["", "2", "'"][rng.random_range(0..3)])
            })
            .collect()
    }

    #[test]
    fn standard_tokens_read_as_permlab_names() {
        let cases = [
            ("U", "U"),
            ("U1", "U"),
            ("D2", "D2"),
            ("R2'", "R2"),
            ("L3", "L'"),
            ("B'", "B'"),
        ];
        for (t, n) in cases {
            assert_eq!(standard_move(t).unwrap(), n, "{t}");
        }
        for bad in ["X", "u", "U4", "U''", "", "R2x"] {
            assert!(standard_move(bad).is_err(), "{bad}");
        }
        assert_eq!(
            standard_moves("U3L3U2F1").unwrap(),
            ["U'", "L'", "U2", "F"].map(String::from)
        );
        assert_eq!(
            standard_moves(" R  U2 F' \n").unwrap(),
            ["R", "U2", "F'"].map(String::from)
        );
        assert!(standard_moves("").unwrap().is_empty());
        assert!(standard_moves("R x2").is_err());
    }

    /// Every name `standard_move` gives is one of permlab's cube3 moves, and the
    /// names of the move set read back as themselves.
    #[test]
    fn permlab_names_are_standard_names() {
        let (p, m) = cube3();
        assert_eq!(m.moves().len(), 18);
        for mv in m.moves() {
            assert_eq!(standard_move(&mv.name).unwrap(), mv.name);
            assert!(p.parse_word(&mv.name).is_ok());
        }
    }

    /// The scramble of a position, read back as standard notation (spaced and
    /// compact, vcube's `U3` spelling), makes that position in permlab; the
    /// inverse of a word undoes it.
    #[test]
    fn scrambles_and_inverses_round_trip() {
        let (p, m) = cube3();
        let mut rng = rand::rngs::StdRng::seed_from_u64(41);
        for n in [0, 1, 7, 25] {
            let word = random_word(&mut rng, n);
            let g = p.eval(&p.parse_word(&word.join(" ")).unwrap());
            let scramble = scramble_of(&p, &m, &g).unwrap();
            let read = standard_moves(&scramble).unwrap();
            let compact: String = read
                .iter()
                .map(|t| t.replace('\'', "3"))
                .collect::<Vec<_>>()
                .concat();
            assert_eq!(standard_moves(&compact).unwrap(), read);
            let state = p.apply(&p.solved(), &p.parse_word(&read.join(" ")).unwrap());
            assert_eq!(state, g.to_state(), "scramble of {}", word.join(" "));
            // the word then its inverse is the identity; the inverse twice is the word
            let inv = inverse_moves(&word).unwrap();
            assert_eq!(inv.len(), word.len());
            let both = p
                .parse_word(&[word.join(" "), inv.join(" ")].join(" "))
                .unwrap();
            assert!(p.eval(&both).is_identity());
            assert_eq!(inverse_moves(&inv).unwrap(), word);
            // the inverse of the word solves its position (as a peer's solution would)
            assert!(super::super::solves(&p, &g, &inv));
        }
    }

    #[test]
    fn reads_nissy_and_vcube_answers() {
        assert_eq!(
            nissy_solution("F' U R\n").unwrap().unwrap(),
            ["F'", "U", "R"].map(String::from)
        );
        assert!(nissy_solution("\n").unwrap().unwrap().is_empty());
        assert!(nissy_solution("").is_none());
        let (s, m) =
            vcube_solution("5 0.086163387 17 R2 F  D2 R' B' U  B  U' B' U2 F  B  R' B2 U2 F2 U2")
                .unwrap();
        assert_eq!(s, 0.086163387);
        assert_eq!(m.len(), 17);
        assert_eq!(&m[..3], ["R2", "F", "D2"].map(String::from));
        let (_, c) = vcube_solution("7 68.9 4 U3L3U2F1").unwrap();
        assert_eq!(c, ["U'", "L'", "U2", "F"].map(String::from));
        assert!(vcube_solution("7 68.9 5 U3L3U2F1").is_err());
        assert!(vcube_solution("Total time: 5.29 real").is_err());
    }
}
