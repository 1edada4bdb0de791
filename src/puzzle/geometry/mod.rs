//! Twisty puzzles from geometry: a regular solid cut by planes into stickers, and
//! moves that turn the stickers on one side of a cut (or between two cuts) about an
//! axis. A puzzle is a few lines of text (a `.geo` file); the built-ins `megaminx`,
//! `pyraminx`, `pyraminx:notips`, `skewb`, `dino`, `floppy` and `domino` are
//! such files shipped in `data/puzzles/`.
//!
//! The idea follows the puzzle descriptions of twsearch's PuzzleGeometry (T. Rokicki,
//! cubing.js, `c f 0.333` = a cube cut by planes parallel to its faces at depth 1/3):
//! the solid has inradius 1 ([`polyhedra`]), planes are given by an axis and a depth
//! ([`planes`]), stickers are the face pieces ([`stickers`]), moves are rotations
//! ([`moves`]).
//!
//! # The `.geo` format
//!
//! One statement a line; `#` starts a comment; numbers are decimals or fractions
//! `a/b`.
//!
//! ```text
//! shape cube                  # cube, tetrahedron, octahedron or dodecahedron
//! faces U L F R B D           # names of the faces, in the shape's face order
//! cut faces 1/3               # planes at depth 1/3 on every face axis
//! cut U+R+F 0                 # one plane: axis, depth(s)
//! move R R 1/3 inf            # generator R: stickers with 1/3 < c·axis < inf
//! move 2R R -1/3 1/3 4        # … turning 1/4 of a revolution (else found)
//! cut U+R+F 0.2 on U R F      # a plane cutting only faces U, R and F
//! move URF U+R+F 0.2 inf on U R F  # … and a move turning only their stickers
//! extra x R -inf inf          # a move words may use that is not a generator
//! metric htm                  # htm (default), qtm or generators
//! ```
//!
//! * `cut KIND D…` with KIND `faces`, `vertices` or `edges` adds a plane
//!   perpendicular to every axis of that kind at each depth D; `cut AXIS D…` adds
//!   one plane per depth. An axis is face names joined by `+` (the direction of the
//!   sum of their normals: `U+R+F` is a cube's corner, `U+R` an edge), optionally
//!   preceded by `-` (the opposite direction).
//! * `on F…` at the end of a `cut`, `move` or `extra` line restricts it to the
//!   faces named: the plane cuts only those faces, the move turns only stickers on
//!   them. This describes a curved cut by its trace on the faces it reaches (the Ivy
//!   cube's cut around a corner is a curve through the three neighbouring corners on
//!   the corner's three faces and reaches no other face; a flat plane through those
//!   corners would be the Dino cube's).
//! * `move NAME AXIS LO HI [K]` turns the stickers whose centroid `c` has
//!   `LO < c·axis < HI` clockwise, seen from outside at the axis' end, by 1/K of a
//!   revolution; without K the largest of 5, 4, 3, 2 that maps stickers to stickers.
//!   LO and HI may be `-inf` and `inf`. A move whose turn takes a sticker where no
//!   sticker is, or whose slab boundary passes through a sticker's centroid, is an
//!   error naming the move.
//!
//! Stickers are numbered from 1, face by face in face order, each face in reading
//! order (see [`stickers`]). Points are compared with a tolerance of
//! [`EPS`] (planes) and [`MATCH_TOLERANCE`] (centroids).

pub mod moves;
pub mod planes;
pub mod polyhedra;
pub mod stickers;
pub mod vec3;

use crate::perm::Perm;
use crate::puzzle::{Layout, Metric, Move, Puzzle, PuzzleError};
use moves::Turn;
use planes::{axes_of_kind, parse_axis, parse_number, AxisKind, Plane};
use polyhedra::{Polyhedron, Shape};
use std::path::Path;

/// Two plane offsets closer than this are equal; a point within it of a plane lies
/// on the plane.
pub const EPS: f64 = 1e-7;

/// A turned centroid matches a sticker within this distance.
pub const MATCH_TOLERANCE: f64 = 1e-5;

/// At most this many planes in a definition.
pub const MAX_PLANES: usize = 256;

/// At most this many stickers.
pub const MAX_STICKERS: usize = 4096;

/// A problem in a geometry definition, with the line it is on when there is one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct GeometryError(String);

impl GeometryError {
    /// An error with this message.
    pub fn new(message: String) -> GeometryError {
        GeometryError(message)
    }

    fn at(self, source: &str, line: usize) -> GeometryError {
        GeometryError(format!("{source}, line {line}: {}", self.0))
    }
}

/// A parsed definition: the solid, its cuts and its turns.
#[derive(Clone, Debug)]
pub struct Definition {
    /// The solid.
    pub shape: Shape,
    /// The face names, in face order.
    pub face_names: Vec<String>,
    /// The cut planes.
    pub planes: Vec<Plane>,
    /// The generators.
    pub moves: Vec<Turn>,
    /// Moves for words that are not generators.
    pub extra: Vec<Turn>,
    /// The search metric, if declared.
    pub metric: Option<Metric>,
}

fn parse_bound(text: &str) -> Result<f64, GeometryError> {
    match text {
        "inf" => Ok(f64::INFINITY),
        "-inf" => Ok(f64::NEG_INFINITY),
        _ => parse_number(text),
    }
}

/// Parses a definition; `source` names it in errors (a path or a built-in name).
///
/// ```
/// use permlab::puzzle::geometry::parse;
/// let d = parse("shape cube\nfaces U L F R B D\ncut faces 0\nmove U U 0 inf\n", "2x2").unwrap();
/// assert_eq!(d.planes.len(), 6);
/// let e = parse("shape cube\nfaces U L F R B D\nmove U Q 0 inf\n", "bad.geo").unwrap_err();
/// assert_eq!(e.to_string(), "bad.geo, line 3: axis \"Q\": no face is named \"Q\"");
/// ```
pub fn parse(text: &str, source: &str) -> Result<Definition, GeometryError> {
    let mut shape: Option<(Shape, Polyhedron)> = None;
    let mut face_names: Vec<String> = Vec::new();
    let mut planes = Vec::new();
    let mut moves = Vec::new();
    let mut extra = Vec::new();
    let mut metric = None;
    for (k, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let all: Vec<&str> = line.split_whitespace().collect();
        // a trailing `on F...` restricts a cut or move to some faces
        let (words, on) = match all.iter().position(|w| *w == "on") {
            Some(i) => (&all[..i], Some(&all[i + 1..])),
            None => (&all[..], None),
        };
        let err = |m: String| GeometryError::new(m).at(source, k + 1);
        if on.is_some() && !matches!(words.first(), Some(&"cut" | &"move" | &"extra")) {
            return Err(err(
                "`on FACES` is allowed only on cut, move and extra lines".into(),
            ));
        }
        if words.is_empty() {
            return Err(err("`on` at the start of a line".into()));
        }
        let faces = |names: &[String]| -> Result<u32, GeometryError> {
            match on {
                None => Ok(planes::ALL_FACES),
                Some(list) => planes::parse_faces(list, names).map_err(|e| err(e.0)),
            }
        };
        let need_faces = |what: &str| -> Result<(), GeometryError> {
            if face_names.is_empty() {
                Err(err(format!("{what} before the faces line")))
            } else {
                Ok(())
            }
        };
        match words[0] {
            "shape" => {
                if words.len() != 2 {
                    return Err(err("expected `shape NAME`".into()));
                }
                if shape.is_some() {
                    return Err(err("a second shape line".into()));
                }
                let s: Shape = words[1].parse().map_err(|e: GeometryError| err(e.0))?;
                shape = Some((s, Polyhedron::new(s)));
            }
            "faces" => {
                let (_, solid) = shape
                    .as_ref()
                    .ok_or_else(|| err("faces before the shape line".into()))?;
                let names: Vec<String> = words[1..].iter().map(|s| s.to_string()).collect();
                if names.len() != solid.faces.len() {
                    return Err(err(format!(
                        "{} face names, but the shape has {} faces",
                        names.len(),
                        solid.faces.len()
                    )));
                }
                for (i, n) in names.iter().enumerate() {
                    if names[..i].contains(n) {
                        return Err(err(format!("face name {n:?} is used twice")));
                    }
                    if n.starts_with('-') || n.contains('+') {
                        return Err(err(format!("face name {n:?} contains '-' or '+'")));
                    }
                }
                face_names = names;
            }
            "cut" => {
                need_faces("a cut")?;
                let (_, solid) = shape.as_ref().expect("faces need a shape");
                if words.len() < 3 {
                    return Err(err("expected `cut KIND-OR-AXIS DEPTH...`".into()));
                }
                let axes = match words[1] {
                    "faces" => axes_of_kind(solid, AxisKind::Faces),
                    "vertices" => axes_of_kind(solid, AxisKind::Vertices),
                    "edges" => axes_of_kind(solid, AxisKind::Edges),
                    a => vec![parse_axis(a, solid, &face_names).map_err(|e| err(e.0))?],
                };
                let faces = faces(&face_names)?;
                for d in &words[2..] {
                    let depth = parse_number(d).map_err(|e| err(e.0))?;
                    for &normal in &axes {
                        planes.push(Plane {
                            normal,
                            depth,
                            faces,
                        });
                    }
                }
                if planes.len() > MAX_PLANES {
                    return Err(err(format!("more than {MAX_PLANES} cut planes")));
                }
            }
            "move" | "extra" => {
                need_faces("a move")?;
                let (_, solid) = shape.as_ref().expect("faces need a shape");
                if !(5..=6).contains(&words.len()) {
                    return Err(err(format!("expected `{} NAME AXIS LO HI [K]`", words[0])));
                }
                let axis = parse_axis(words[2], solid, &face_names).map_err(|e| err(e.0))?;
                let lo = parse_bound(words[3]).map_err(|e| err(e.0))?;
                let hi = parse_bound(words[4]).map_err(|e| err(e.0))?;
                if lo >= hi {
                    return Err(err(format!("empty slab: {} >= {}", words[3], words[4])));
                }
                let turns = match words.get(5) {
                    None => None,
                    Some(t) => match t.parse::<u32>() {
                        Ok(k) if (2..=12).contains(&k) => Some(k),
                        _ => return Err(err(format!("K = {t:?}: expected a number 2..12"))),
                    },
                };
                let turn = Turn {
                    name: words[1].to_string(),
                    axis,
                    lo,
                    hi,
                    turns,
                    faces: faces(&face_names)?,
                };
                if words[0] == "move" {
                    moves.push(turn);
                } else {
                    extra.push(turn);
                }
            }
            "metric" => {
                if words.len() != 2 {
                    return Err(err("expected `metric htm|qtm|generators`".into()));
                }
                metric = Some(words[1].parse().map_err(err)?);
            }
            w => {
                return Err(err(format!(
                    "unknown statement {:?} (expected shape, faces, cut, move, extra or metric)",
                    crate::limits::clip(w)
                )))
            }
        }
    }
    let (shape, _) = shape.ok_or_else(|| GeometryError::new(format!("{source}: no shape line")))?;
    if face_names.is_empty() {
        return Err(GeometryError::new(format!("{source}: no faces line")));
    }
    if moves.is_empty() {
        return Err(GeometryError::new(format!("{source}: no move lines")));
    }
    Ok(Definition {
        shape,
        face_names,
        planes,
        moves,
        extra,
        metric,
    })
}

impl Definition {
    /// The stickers of the cut solid.
    pub fn stickers(&self) -> Result<Vec<stickers::Sticker>, GeometryError> {
        let s = stickers::stickers(&Polyhedron::new(self.shape), &self.planes);
        if s.len() > MAX_STICKERS {
            return Err(GeometryError::new(format!(
                "{} stickers, more than {MAX_STICKERS}",
                s.len()
            )));
        }
        Ok(s)
    }

    /// The puzzle named `name`: its stickers (numbered as the module docs say) and
    /// the permutations of its moves.
    pub fn build(&self, name: &str) -> Result<Puzzle, PuzzleError> {
        let geo = |e: GeometryError| PuzzleError::BadSpec {
            spec: crate::limits::clip(name),
            why: e.to_string(),
        };
        let st = self.stickers().map_err(geo)?;
        let perms = |turns: &[Turn]| -> Result<Vec<Move>, PuzzleError> {
            turns
                .iter()
                .map(|t| {
                    let perm: Perm = moves::resolve(&st, t).map_err(geo)?;
                    Ok(Move {
                        name: t.name.clone(),
                        perm,
                    })
                })
                .collect()
        };
        let p = Puzzle::try_new(
            name,
            st.len(),
            perms(&self.moves)?,
            perms(&self.extra)?,
            Layout::Plain,
        )?;
        Ok(p.with_metric(self.metric.unwrap_or(Metric::Htm)))
    }
}

/// The built-in definitions: `(spec, file text)`.
pub const BUILTINS: [(&str, &str); 8] = [
    (
        "megaminx",
        include_str!("../../../data/puzzles/megaminx.geo"),
    ),
    (
        "pyraminx",
        include_str!("../../../data/puzzles/pyraminx.geo"),
    ),
    (
        "pyraminx:notips",
        include_str!("../../../data/puzzles/pyraminx-notips.geo"),
    ),
    ("skewb", include_str!("../../../data/puzzles/skewb.geo")),
    ("dino", include_str!("../../../data/puzzles/dino.geo")),
    ("ivy", include_str!("../../../data/puzzles/ivy.geo")),
    ("floppy", include_str!("../../../data/puzzles/floppy.geo")),
    ("domino", include_str!("../../../data/puzzles/domino.geo")),
];

/// The built-in geometric puzzle `spec`, if there is one.
///
/// ```
/// let p = permlab::puzzle::geometry::builtin("skewb").unwrap().unwrap();
/// assert_eq!(p.degree(), 30);
/// ```
pub fn builtin(spec: &str) -> Option<Result<Puzzle, PuzzleError>> {
    let (_, text) = BUILTINS.iter().find(|(s, _)| *s == spec)?;
    Some(
        parse(text, spec)
            .map_err(|e| PuzzleError::BadSpec {
                spec: spec.to_string(),
                why: e.to_string(),
            })
            .and_then(|d| d.build(spec)),
    )
}

/// Reads a `.geo` file (at most [`MAX_PUZZLE_BYTES`](crate::limits::MAX_PUZZLE_BYTES)
/// bytes) and builds its puzzle, named by the path.
pub fn read_geo_file(path: &Path) -> Result<Puzzle, PuzzleError> {
    let name = path.display().to_string();
    let bad = |why: String| PuzzleError::BadSpec {
        spec: crate::limits::clip(&name),
        why,
    };
    let meta = std::fs::metadata(path).map_err(|e| bad(format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(bad("not a regular file".into()));
    }
    if meta.len() > crate::limits::MAX_PUZZLE_BYTES {
        return Err(bad(format!(
            "{} bytes, more than the limit of {} bytes",
            meta.len(),
            crate::limits::MAX_PUZZLE_BYTES
        )));
    }
    let text = std::fs::read_to_string(path).map_err(|e| bad(format!("cannot read: {e}")))?;
    let d = parse(&text, &name).map_err(|e| bad(e.to_string()))?;
    d.build(&name)
}
