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
    let mut def = DefinitionReader::default();
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
        def.statement(words, on)
            .map_err(|m| GeometryError::new(m).at(source, k + 1))?;
    }
    def.finish(source)
}

/// A definition being read line by line: what its statements have declared so far.
/// Each statement's error is its message, without the line.
#[derive(Default)]
struct DefinitionReader {
    shape: Option<(Shape, Polyhedron)>,
    face_names: Vec<String>,
    planes: Vec<Plane>,
    moves: Vec<Turn>,
    extra: Vec<Turn>,
    metric: Option<Metric>,
}

impl DefinitionReader {
    /// Reads one statement: its words, and the faces of a trailing `on F...`.
    fn statement(&mut self, words: &[&str], on: Option<&[&str]>) -> Result<(), String> {
        if on.is_some() && !matches!(words.first(), Some(&"cut" | &"move" | &"extra")) {
            return Err("`on FACES` is allowed only on cut, move and extra lines".into());
        }
        if words.is_empty() {
            return Err("`on` at the start of a line".into());
        }
        match words[0] {
            "shape" => self.shape_line(words),
            "faces" => self.faces_line(words),
            "cut" => self.cut_line(words, on),
            "move" | "extra" => self.turn_line(words, on),
            "metric" => {
                if words.len() != 2 {
                    return Err("expected `metric htm|qtm|generators`".into());
                }
                self.metric = Some(words[1].parse()?);
                Ok(())
            }
            w => Err(format!(
                "unknown statement {:?} (expected shape, faces, cut, move, extra or metric)",
                crate::limits::clip(w)
            )),
        }
    }

    /// `shape NAME`.
    fn shape_line(&mut self, words: &[&str]) -> Result<(), String> {
        if words.len() != 2 {
            return Err("expected `shape NAME`".into());
        }
        if self.shape.is_some() {
            return Err("a second shape line".into());
        }
        let s: Shape = words[1].parse().map_err(|e: GeometryError| e.0)?;
        self.shape = Some((s, Polyhedron::new(s)));
        Ok(())
    }

    /// `faces NAME...`: one distinct name per face of the shape.
    fn faces_line(&mut self, words: &[&str]) -> Result<(), String> {
        let (_, solid) = self
            .shape
            .as_ref()
            .ok_or_else(|| "faces before the shape line".to_string())?;
        let names: Vec<String> = words[1..].iter().map(|s| s.to_string()).collect();
        if names.len() != solid.faces.len() {
            return Err(format!(
                "{} face names, but the shape has {} faces",
                names.len(),
                solid.faces.len()
            ));
        }
        for (i, n) in names.iter().enumerate() {
            if names[..i].contains(n) {
                return Err(format!("face name {n:?} is used twice"));
            }
            if n.starts_with('-') || n.contains('+') {
                return Err(format!("face name {n:?} contains '-' or '+'"));
            }
        }
        self.face_names = names;
        Ok(())
    }

    /// The solid, for a statement (`what`) that needs the faces line before it.
    fn solid(&self, what: &str) -> Result<&Polyhedron, String> {
        if self.face_names.is_empty() {
            return Err(format!("{what} before the faces line"));
        }
        Ok(&self.shape.as_ref().expect("faces need a shape").1)
    }

    /// The faces a trailing `on F...` names, as a mask (all faces without one).
    fn on_faces(&self, on: Option<&[&str]>) -> Result<u32, String> {
        match on {
            None => Ok(planes::ALL_FACES),
            Some(list) => planes::parse_faces(list, &self.face_names).map_err(|e| e.0),
        }
    }

    /// `cut KIND-OR-AXIS DEPTH...`: a cut plane per axis and depth.
    fn cut_line(&mut self, words: &[&str], on: Option<&[&str]>) -> Result<(), String> {
        let solid = self.solid("a cut")?;
        if words.len() < 3 {
            return Err("expected `cut KIND-OR-AXIS DEPTH...`".into());
        }
        let axes = match words[1] {
            "faces" => axes_of_kind(solid, AxisKind::Faces),
            "vertices" => axes_of_kind(solid, AxisKind::Vertices),
            "edges" => axes_of_kind(solid, AxisKind::Edges),
            a => vec![parse_axis(a, solid, &self.face_names).map_err(|e| e.0)?],
        };
        let faces = self.on_faces(on)?;
        for d in &words[2..] {
            let depth = parse_number(d).map_err(|e| e.0)?;
            for &normal in &axes {
                self.planes.push(Plane {
                    normal,
                    depth,
                    faces,
                });
            }
        }
        if self.planes.len() > MAX_PLANES {
            return Err(format!("more than {MAX_PLANES} cut planes"));
        }
        Ok(())
    }

    /// `move NAME AXIS LO HI [K]` (a generator) or `extra …` (a move for words only).
    fn turn_line(&mut self, words: &[&str], on: Option<&[&str]>) -> Result<(), String> {
        let solid = self.solid("a move")?;
        if !(5..=6).contains(&words.len()) {
            return Err(format!("expected `{} NAME AXIS LO HI [K]`", words[0]));
        }
        let axis = parse_axis(words[2], solid, &self.face_names).map_err(|e| e.0)?;
        let lo = parse_bound(words[3]).map_err(|e| e.0)?;
        let hi = parse_bound(words[4]).map_err(|e| e.0)?;
        if lo >= hi {
            return Err(format!("empty slab: {} >= {}", words[3], words[4]));
        }
        let turns = match words.get(5) {
            None => None,
            Some(t) => match t.parse::<u32>() {
                Ok(k) if (2..=12).contains(&k) => Some(k),
                _ => return Err(format!("K = {t:?}: expected a number 2..12")),
            },
        };
        let turn = Turn {
            name: words[1].to_string(),
            axis,
            lo,
            hi,
            turns,
            faces: self.on_faces(on)?,
        };
        if words[0] == "move" {
            self.moves.push(turn);
        } else {
            self.extra.push(turn);
        }
        Ok(())
    }

    /// The definition read, once the text has a shape, faces and moves.
    fn finish(self, source: &str) -> Result<Definition, GeometryError> {
        let (shape, _) = self
            .shape
            .ok_or_else(|| GeometryError::new(format!("{source}: no shape line")))?;
        if self.face_names.is_empty() {
            return Err(GeometryError::new(format!("{source}: no faces line")));
        }
        if self.moves.is_empty() {
            return Err(GeometryError::new(format!("{source}: no move lines")));
        }
        Ok(Definition {
            shape,
            face_names: self.face_names,
            planes: self.planes,
            moves: self.moves,
            extra: self.extra,
            metric: self.metric,
        })
    }
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

/// Reads a `.geo` file (a regular file of at most
/// [`MAX_PUZZLE_BYTES`](crate::limits::MAX_PUZZLE_BYTES) bytes, read with
/// [`crate::limits::read_input`]) and builds its puzzle, named by the path.
pub fn read_geo_file(path: &Path) -> Result<Puzzle, PuzzleError> {
    let name = path.display().to_string();
    let bad = |why: String| PuzzleError::BadSpec {
        spec: crate::limits::clip(&name),
        why,
    };
    let text = crate::limits::read_input(path, crate::limits::MAX_PUZZLE_BYTES)
        .map_err(|e| bad(e.to_string()))?;
    let d = parse(&text, &name).map_err(|e| bad(e.to_string()))?;
    d.build(&name)
}
