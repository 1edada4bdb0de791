//! Puzzles: generators on numbered positions, names for words, a solved state and a
//! text rendering.
//!
//! Built-in puzzles (the `PUZZLE` argument of the CLI; anything else is read as a path
//! to a [`.gens` file](crate::puzzle::gens)):
//!
//! | spec | what |
//! |---|---|
//! | `cube:N` (also `cube:N:layers`) | the N×N×N cube on 6N² stickers ([`crate::puzzle::cube`]) with every single-layer turn a generator (U D F B R L and the inner slices `kU`, `kF`, `kR`, 2 ≤ k ≤ N−1): the whole N×N×N group, whole-cube rotations included; extra moves the other inner slices `kD`, `kB`, `kL`, M E S (odd N), x y z and the wide turns `Rw` (= `r`), `3Rw`, … ([`cube::block_turns`]) |
//! | `cube3`, `cube2`, `cube:N:outer` | the same cube with only the outer turns U D F B R L as generators (the centres of `cube3` stay fixed); the other layer turns, slices, wide turns and rotations are extra moves |
//! | `megaminx`, `pyraminx`, `pyraminx:notips`, `skewb`, `dino`, `ivy`, `floppy`, `domino` | twisty puzzles from [geometry], defined by the files in `data/puzzles/` |
//! | `hungarian-rings` | two rings of 20 balls crossing at two points (38 balls), turned one ball at a time; the usual four colours as identical pieces (`data/puzzles/hungarian-rings.gens`) |
//! | `turnstyle:N` | seed 002: L = (1,…,N), R = L⁻¹, T = (1,2)(3,4) |
//! | `board:RxC:K` | R rows × C columns, cells row-major from 1; one generator per K×K block position turning the block 90° clockwise |
//! | `nokia-rect` | seed 004's 3x3 mode: 3 rows × 4 columns, frames A (left) and B (right) shift their 8 border cells one step clockwise |
//! | `nokia2x2` | seed 004's 2x2 mode: `board:3x3:2` with the 8 moves A B C D a b c d as generators |
//! | `rotation3` | seed 001's clockwise-only Rotation puzzle: `board:3x3:2` (moves A B C D) |
//!
//! Each puzzle has a [search metric](Metric), the moves `bfs` and `solve` use
//! unless told otherwise: the half-turn metric (every power of a generator is one
//! move) for cubes, boards and `.gens` files without a `metric:` line; the
//! generators as listed for `rotation3` (clockwise only), `turnstyle:N` and
//! `nokia2x2`; the quarter-turn metric (each frame shift and its inverse) for
//! `nokia-rect`.
//!
//! Block naming on boards: blocks are listed row-major (top-left first). With at most
//! 26 blocks they are `A`, `B`, `C`, … and the lowercase letters are their inverses
//! (seed 004's notation). A board with exactly two blocks also has `X` = the left (or
//! lower) block and `Y` = the other (seed 000's notation); a board with three blocks in
//! one row has `X`, `Y`, `Z` from left to right. Larger boards name the block in block
//! row `r` and block column `c` (1-based) `B{r}_{c}`.

pub mod cube;
pub mod export;
pub mod gens;
pub mod geometry;
pub mod identical;
pub mod tws;

use crate::perm::Perm;
use crate::word::{Alphabet, Convention, Word, WordParseError};
use gens::GensError;
use std::path::Path;

pub use crate::limits::MAX_PUZZLE_BYTES;

/// Checks, before any move is built, that `moves` permutations of `points` points fit
/// in [`MAX_PUZZLE_BYTES`] and `points` is at most [`MAX_DEGREE`](crate::limits::MAX_DEGREE);
/// the error says which limit is exceeded.
///
/// ```
/// use permlab::puzzle::check_size;
/// assert!(check_size(90_000, 89_401).is_err()); // board:300x300:2
/// assert!(check_size(54, 18).is_ok());
/// ```
pub fn check_size(points: usize, moves: usize) -> Result<(), String> {
    crate::perm::check_degree(points).map_err(|e| e.to_string())?;
    let bytes = (points as u64)
        .saturating_mul(moves as u64)
        .saturating_mul(4);
    if bytes > MAX_PUZZLE_BYTES {
        return Err(format!(
            "{moves} moves on {points} points take {bytes} bytes, more than the limit of \
             {MAX_PUZZLE_BYTES} bytes"
        ));
    }
    Ok(())
}

/// How a state of the puzzle is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A grid of `rows × cols` cells numbered row-major.
    Grid {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// The N×N×N cube net.
    Cube(usize),
    /// A ring of positions (Turnstyle).
    Ring,
    /// No geometry: the list of labels.
    Plain,
}

/// A problem loading or using a puzzle.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    /// Neither a built-in name nor a readable file.
    #[error("unknown puzzle {0:?}: not a built-in (see `permlab puzzles`) and no such file")]
    Unknown(String),
    /// A built-in spec with bad parameters.
    #[error("bad puzzle spec {spec:?}: {why}")]
    BadSpec {
        /// The spec.
        spec: String,
        /// Why.
        why: String,
    },
    /// A `.gens` file error.
    #[error(transparent)]
    Gens(#[from] GensError),
    /// A `.tws` file error.
    #[error(transparent)]
    Tws(#[from] tws::TwsError),
    /// A word that does not parse.
    #[error("word: {0}")]
    Word(#[from] WordParseError),
    /// A puzzle beyond [`MAX_DEGREE`](crate::limits::MAX_DEGREE) points or
    /// [`MAX_PUZZLE_BYTES`] of moves.
    #[error("puzzle {spec:?} is too large: {why}")]
    TooLarge {
        /// The spec.
        spec: String,
        /// Which limit it exceeds.
        why: String,
    },
    /// An alias for a move the puzzle does not have.
    #[error("alias {alias:?}: the puzzle has no move named {target:?}")]
    NoSuchMove {
        /// The alias.
        alias: String,
        /// The missing move.
        target: String,
    },
    /// A state that is not a permutation of the puzzle's labels.
    #[error("state: {0}")]
    State(String),
    /// A subgroup given as `PUZZLE[word,word,…]` that does not parse.
    #[error("subgroup {text:?}: {why}")]
    Subgroup {
        /// The text (clipped).
        text: String,
        /// What is wrong.
        why: String,
    },
}

/// The moves a search of a puzzle uses, and how it counts them: a property of the
/// puzzle ([`Puzzle::metric`]), which `bfs` and `solve` use unless told otherwise.
///
/// Twisty puzzles are searched in the half-turn metric, the usual one (Rokicki,
/// Kociemba, Davidson, Dethridge, "The diameter of the Rubik's Cube group is
/// twenty", SIAM J. Discrete Math. 27 (2013)): every power of a move counts one.
/// Puzzles whose moves are one-way (seed 001's clockwise-only rotations) or whose
/// generators already are the whole move set (seed 002's Turnstyle) say so with
/// [`Metric::Generators`].
///
/// ```
/// use permlab::puzzle::Metric;
/// use permlab::Puzzle;
/// assert_eq!(Puzzle::builtin("cube2").unwrap().metric(), Metric::Htm);
/// assert_eq!(Puzzle::builtin("rotation3").unwrap().metric(), Metric::Generators);
/// assert_eq!("qtm".parse::<Metric>().unwrap(), Metric::Qtm);
/// assert!("ftm".parse::<Metric>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Half-turn metric: every power of a generator is a move and counts one.
    Htm,
    /// Quarter-turn metric: each generator and its inverse are moves and count one.
    Qtm,
    /// The generators as listed, nothing added: each counts one.
    Generators,
}

impl Metric {
    /// Every metric, in the order `htm`, `qtm`, `generators`.
    pub const ALL: [Metric; 3] = [Metric::Htm, Metric::Qtm, Metric::Generators];

    /// `htm`, `qtm` or `generators` (the `"metric"` of `--json` output).
    pub fn name(self) -> &'static str {
        match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
            Metric::Generators => "generators",
        }
    }

    /// The sentence naming a search's metric and its moves (the first line `bfs` and
    /// `solve` print).
    ///
    /// ```
    /// use permlab::puzzle::Metric;
    /// let names = ["A".to_string(), "B".to_string()];
    /// assert_eq!(
    ///     Metric::Generators.moves_line(&names),
    ///     "metric generators (the generators as listed, no inverses or powers added), 2 moves: A B"
    /// );
    /// ```
    pub fn moves_line(self, names: &[String]) -> String {
        format!(
            "metric {} ({}), {} moves: {}",
            self.name(),
            self.describe(),
            names.len(),
            names.join(" ")
        )
    }

    /// What the metric counts, as a phrase.
    pub fn describe(self) -> &'static str {
        match self {
            Metric::Htm => "every power of a generator is one move",
            Metric::Qtm => "each generator and its inverse are one move",
            Metric::Generators => "the generators as listed, no inverses or powers added",
        }
    }
}

impl std::fmt::Display for Metric {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Metric {
    type Err = String;

    fn from_str(s: &str) -> Result<Metric, String> {
        Metric::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown metric {:?} (expected htm, qtm or generators)",
                    crate::limits::clip(s)
                )
            })
    }
}

/// A named move.
#[derive(Clone, Debug)]
pub struct Move {
    /// Its name in words.
    pub name: String,
    /// Its permutation of positions.
    pub perm: Perm,
}

/// A permutation puzzle.
///
/// ```
/// use permlab::Puzzle;
/// let t = Puzzle::builtin("turnstyle:12").unwrap();
/// let w = t.parse_word("L T L (T L L L T R) (R R T L L) (T L L L T R)^3 T L").unwrap();
/// assert_eq!(t.eval(&w).to_string(), "(1,2)");
/// ```
#[derive(Clone, Debug)]
pub struct Puzzle {
    name: String,
    degree: usize,
    generators: Vec<Move>,
    extra_moves: Vec<Move>,
    layout: Layout,
    alphabet: Alphabet,
    metric: Metric,
    identical: Vec<Vec<usize>>,
}

impl Puzzle {
    /// The spec it was loaded from (`cube3`, a path, …).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Number of positions.
    pub fn degree(&self) -> usize {
        self.degree
    }

    /// The generators: they define the group and the moves of a search. Their order
    /// fixes the move indices of words and searches, so it cannot change after
    /// construction.
    pub fn generators(&self) -> &[Move] {
        &self.generators
    }

    /// Further named moves usable in words (slices, rotations), not generators.
    pub fn extra_moves(&self) -> &[Move] {
        &self.extra_moves
    }

    /// How states are drawn.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The moves and metric a search uses unless told otherwise (see
    /// [`Metric`]): [`Metric::Htm`] unless the puzzle declares another.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The puzzle with `metric` as its search metric.
    ///
    /// ```
    /// use permlab::puzzle::Metric;
    /// let p = permlab::Puzzle::builtin("cube2").unwrap().with_metric(Metric::Qtm);
    /// assert_eq!(p.metric(), Metric::Qtm);
    /// ```
    pub fn with_metric(mut self, metric: Metric) -> Puzzle {
        self.metric = metric;
        self
    }

    /// The classes of [identical pieces](identical) (0-based labels), empty when
    /// every piece is distinct.
    pub fn identical(&self) -> &[Vec<usize>] {
        &self.identical
    }

    /// The puzzle with the labels of each class identical (0-based, disjoint, at
    /// least two a class, below the degree); an empty list makes every piece
    /// distinct again.
    ///
    /// ```
    /// let p = permlab::Puzzle::builtin("cube2").unwrap();
    /// assert!(p.clone().with_identical(vec![vec![0, 1, 2, 3]]).is_ok());
    /// assert!(p.with_identical(vec![vec![0, 99]]).is_err());
    /// ```
    pub fn with_identical(mut self, classes: Vec<Vec<usize>>) -> Result<Puzzle, PuzzleError> {
        let text = identical::format_classes(&classes);
        let bad = |why: String| PuzzleError::BadSpec {
            spec: crate::limits::clip(&self.name),
            why: format!("identical pieces: {why}"),
        };
        if classes.iter().flatten().any(|&p| p >= self.degree) {
            return Err(bad(format!("a point beyond the degree {}", self.degree)));
        }
        if !classes.is_empty() {
            identical::parse_classes(&text, self.degree).map_err(bad)?;
        }
        self.identical = classes;
        Ok(self)
    }

    /// The number of positions reachable from the solved one: the group's order, or
    /// with [identical pieces](identical) the number of arrangements, `|G| / |S|`.
    ///
    /// ```
    /// let p = permlab::Puzzle::builtin("cube2").unwrap();
    /// assert_eq!(p.position_count(), p.group().order());
    /// ```
    pub fn position_count(&self) -> num_bigint::BigUint {
        let g = self.group();
        identical::position_count(&g, &self.identical)
            .expect("classes are checked to lie below the degree")
    }

    /// A puzzle from its generators and extra moves (each extended to `degree`
    /// points), checked by [`Puzzle::try_new`].
    ///
    /// # Panics
    ///
    /// Where [`Puzzle::try_new`] returns an error; use it for moves from input.
    pub fn new(
        name: &str,
        degree: usize,
        generators: Vec<Move>,
        extra_moves: Vec<Move>,
        layout: Layout,
    ) -> Puzzle {
        Puzzle::try_new(name, degree, generators, extra_moves, layout)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// A puzzle from its generators and extra moves (each extended to `degree`
    /// points). Errors unless the degree is at most [`MAX_DEGREE`](crate::limits::MAX_DEGREE)
    /// and every move fits in it, the move names are non-empty and distinct, and the
    /// layout has `degree` cells.
    ///
    /// ```
    /// use permlab::{Layout, Move, Puzzle};
    /// let m = |name: &str, p: &str| Move { name: name.into(), perm: p.parse().unwrap() };
    /// assert!(Puzzle::try_new("p", 3, vec![m("A", "(1,2,3)")], vec![], Layout::Plain).is_ok());
    /// assert!(Puzzle::try_new("p", 2, vec![m("A", "(1,2,3)")], vec![], Layout::Plain).is_err());
    /// assert!(Puzzle::try_new("p", 3, vec![m("", "(1,2)")], vec![], Layout::Plain).is_err());
    /// let grid = Layout::Grid { rows: 2, cols: 2 };
    /// assert!(Puzzle::try_new("p", 3, vec![m("A", "(1,2)")], vec![], grid).is_err());
    /// ```
    pub fn try_new(
        name: &str,
        degree: usize,
        generators: Vec<Move>,
        extra_moves: Vec<Move>,
        layout: Layout,
    ) -> Result<Puzzle, PuzzleError> {
        let bad = |why: String| PuzzleError::BadSpec {
            spec: crate::limits::clip(name),
            why,
        };
        check_size(degree, generators.len() + extra_moves.len()).map_err(|why| {
            PuzzleError::TooLarge {
                spec: crate::limits::clip(name),
                why,
            }
        })?;
        let mut seen = std::collections::HashSet::new();
        for m in generators.iter().chain(&extra_moves) {
            if m.name.is_empty() {
                return Err(bad("a move has an empty name".into()));
            }
            if !seen.insert(m.name.as_str()) {
                return Err(bad(format!(
                    "two moves are named {:?}",
                    crate::limits::clip(&m.name)
                )));
            }
            if m.perm.largest_moved_point() > degree {
                return Err(bad(format!(
                    "move {:?} moves point {}, beyond the degree {degree}",
                    crate::limits::clip(&m.name),
                    m.perm.largest_moved_point()
                )));
            }
        }
        let cells = match layout {
            Layout::Grid { rows, cols } => rows.checked_mul(cols),
            Layout::Cube(n) => n.checked_mul(n).and_then(|x| x.checked_mul(6)),
            Layout::Ring | Layout::Plain => Some(degree),
        };
        if cells != Some(degree) {
            return Err(bad(format!(
                "the layout {layout:?} does not have {degree} cells"
            )));
        }
        let names: Vec<String> = generators
            .iter()
            .chain(&extra_moves)
            .map(|m| m.name.clone())
            .collect();
        let mut generators = generators;
        let mut extra_moves = extra_moves;
        for m in generators.iter_mut().chain(extra_moves.iter_mut()) {
            m.perm = Perm::from_images_unchecked(
                m.perm.images()[..m.perm.largest_moved_point()].to_vec(),
            )
            .extended(degree);
        }
        Ok(Puzzle {
            name: name.to_string(),
            degree,
            generators,
            extra_moves,
            layout,
            alphabet: Alphabet::new(names),
            metric: Metric::Htm,
            identical: Vec::new(),
        })
    }

    /// Declares `alias` as the word letter for move `target` (a generator or extra
    /// move name) to the power `power`; errors if there is no move `target`.
    ///
    /// ```
    /// use permlab::Puzzle;
    /// let mut p = Puzzle::builtin("cube2").unwrap();
    /// p.add_alias("r", "R", -1).unwrap();
    /// assert_eq!(p.eval(&p.parse_word("r").unwrap()), p.eval(&p.parse_word("R'").unwrap()));
    /// assert!(p.add_alias("q", "Q", 1).is_err());
    /// ```
    pub fn add_alias(&mut self, alias: &str, target: &str, power: i64) -> Result<(), PuzzleError> {
        let g = self
            .alphabet
            .index_of(target)
            .ok_or_else(|| PuzzleError::NoSuchMove {
                alias: crate::limits::clip(alias),
                target: crate::limits::clip(target),
            })?;
        self.alphabet.add_alias(alias, g, power);
        Ok(())
    }

    /// The puzzle's group: generated by its generators (not its extra moves), acting on
    /// its positions.
    ///
    /// ```
    /// use permlab::Puzzle;
    /// let g = Puzzle::builtin("cube2").unwrap().group();
    /// assert_eq!(g.order(), 88_179_840u32.into());
    /// ```
    pub fn group(&self) -> crate::group::PermGroup {
        crate::group::PermGroup::new(self.degree, self.generator_perms())
    }

    /// A built-in puzzle by spec (see the module docs). Sizes are checked with
    /// [`check_size`] before anything is built.
    pub fn builtin(spec: &str) -> Result<Puzzle, PuzzleError> {
        let bad = |why: &str| PuzzleError::BadSpec {
            spec: crate::limits::clip(spec),
            why: why.to_string(),
        };
        let size = |points: usize, moves: usize| {
            check_size(points, moves).map_err(|why| PuzzleError::TooLarge {
                spec: crate::limits::clip(spec),
                why,
            })
        };
        let parts: Vec<&str> = spec.split(':').collect();
        match parts.as_slice() {
            ["cube3"] => Ok(cube_puzzle(spec, 3, false)),
            ["cube2"] => Ok(cube_puzzle(spec, 2, false)),
            ["cube", n] | ["cube", n, "layers" | "outer"] => {
                let n: usize = n.parse().map_err(|_| bad("N must be a number"))?;
                if !(1..=9).contains(&n) {
                    return Err(bad("N must be 1..9"));
                }
                Ok(cube_puzzle(spec, n, parts.get(2) != Some(&"outer")))
            }
            ["turnstyle", n] => {
                let n: usize = n.parse().map_err(|_| bad("N must be a number"))?;
                if n < 4 {
                    return Err(bad("Turnstyle needs N >= 4"));
                }
                size(n, 3)?;
                Ok(turnstyle(spec, n))
            }
            ["board", dims, k] => {
                let (r, c) = dims
                    .split_once('x')
                    .ok_or_else(|| bad("expected board:RxC:K"))?;
                let r: usize = r.parse().map_err(|_| bad("R must be a number"))?;
                let c: usize = c.parse().map_err(|_| bad("C must be a number"))?;
                let k: usize = k.parse().map_err(|_| bad("K must be a number"))?;
                if k < 2 || k > r || k > c {
                    return Err(bad("need 2 <= K <= min(R, C)"));
                }
                let cells = r.checked_mul(c).ok_or_else(|| PuzzleError::TooLarge {
                    spec: crate::limits::clip(spec),
                    why: format!(
                        "{} cells, more than {} points",
                        r as u128 * c as u128,
                        crate::limits::MAX_DEGREE
                    ),
                })?;
                let blocks = (r - k + 1).saturating_mul(c - k + 1);
                size(cells, blocks)?;
                Ok(board(spec, r, c, k))
            }
            ["nokia-rect"] => Ok(nokia_rect()),
            ["nokia2x2"] => Ok(nokia2x2()),
            ["rotation3"] => {
                // seed 001: clockwise turns only
                let mut p = board("rotation3", 3, 3, 2).with_metric(Metric::Generators);
                p.name = "rotation3".into();
                Ok(p)
            }
            ["hungarian-rings"] => Puzzle::from_gens_text(
                "hungarian-rings",
                include_str!("../../data/puzzles/hungarian-rings.gens"),
            ),
            ["psl", _, _] | ["agl", _, _] | ["sym", ..] | ["alt", ..] => group_family(spec, &parts),
            _ => geometry::builtin(spec)
                .unwrap_or_else(|| Err(PuzzleError::Unknown(crate::limits::clip(spec)))),
        }
    }

    /// The puzzle of a parsed `.gens` file, named `name`: its generators, metric
    /// and identical pieces.
    fn from_gens(name: &str, g: gens::GensFile) -> Result<Puzzle, PuzzleError> {
        let p = Puzzle::try_new(name, g.degree, g.moves, Vec::new(), Layout::Plain)?;
        p.with_metric(g.metric.unwrap_or(Metric::Generators))
            .with_identical(g.identical)
    }

    /// The puzzle named `name` defined by the `.gens` text `text` (the format of
    /// [`gens`]; errors name `name`, a line and a column). The built-ins the crate
    /// ships in `data/puzzles/` are read this way.
    ///
    /// ```
    /// let p = permlab::Puzzle::from_gens_text("t", "A: (1,2,3)\nB: (3,4)\n").unwrap();
    /// assert_eq!(p.group().order(), 24u32.into());
    /// ```
    pub fn from_gens_text(name: &str, text: &str) -> Result<Puzzle, PuzzleError> {
        Puzzle::from_gens(name, gens::parse_gens(text, name)?)
    }

    /// Whether `spec` names a file rather than a built-in: it contains `/` or ends
    /// in `.gens`, `.tws` or `.geo`. Other specs are built-ins first ([`Puzzle::load`]).
    ///
    /// ```
    /// use permlab::Puzzle;
    /// assert!(Puzzle::is_file_spec("cube:x.gens"));
    /// assert!(Puzzle::is_file_spec("cube2.tws"));
    /// assert!(Puzzle::is_file_spec("./cube3"));
    /// assert!(!Puzzle::is_file_spec("cube3"));
    /// ```
    pub fn is_file_spec(spec: &str) -> bool {
        spec.contains('/')
            || spec.ends_with(".gens")
            || spec.ends_with(".tws")
            || spec.ends_with(".geo")
    }

    /// Loads a puzzle: a spec that [names a file](Puzzle::is_file_spec) (contains `/`
    /// or ends in `.gens` or `.tws`) is read as a [twsearch definition](tws) if it
    /// ends in `.tws`, as a [geometry definition](geometry) if it ends in `.geo`,
    /// else as a [`.gens` file](gens); any other spec is a
    /// built-in, or else a `.gens` file of that name in the current directory. A
    /// built-in wins over a file of the same name (write `./cube3` for the file).
    /// Either may be followed by a list of words in brackets, `cube3[R2,U]`, to take
    /// the subgroup those words generate (see [`Puzzle::with_generator_words`]).
    ///
    /// ```
    /// use permlab::Puzzle;
    /// let p = Puzzle::load("cube3[U,D,R2,L2,F2,B2]").unwrap();
    /// assert_eq!(p.generator_names(), ["U", "D", "R2", "L2", "F2", "B2"]);
    /// assert_eq!(p.group().order(), 19_508_428_800u64.into());
    /// ```
    pub fn load(spec: &str) -> Result<Puzzle, PuzzleError> {
        if let Some((base, list)) = split_selection(spec) {
            if !Path::new(spec).is_file() {
                let words = split_word_list(list).map_err(|why| PuzzleError::BadSpec {
                    spec: spec.to_string(),
                    why,
                })?;
                let mut p =
                    Puzzle::load(base)?
                        .with_generator_words(&words)
                        .map_err(|e| match e {
                            PuzzleError::BadSpec { why, .. } => PuzzleError::BadSpec {
                                spec: spec.to_string(),
                                why,
                            },
                            e => e,
                        })?;
                p.name = spec.to_string();
                return Ok(p);
            }
        }
        let from_file = || -> Result<Puzzle, PuzzleError> {
            if spec.ends_with(".tws") {
                return tws::read_tws_file(Path::new(spec));
            }
            if spec.ends_with(".geo") {
                return geometry::read_geo_file(Path::new(spec));
            }
            Puzzle::from_gens(spec, gens::read_gens_file(Path::new(spec))?)
        };
        if Puzzle::is_file_spec(spec) {
            return from_file();
        }
        match Puzzle::builtin(spec) {
            Err(PuzzleError::Unknown(_)) if Path::new(spec).exists() => from_file(),
            other => other,
        }
    }

    /// The subgroup written `NAME[w1,w2,…]` (`NAME` this puzzle's name, each `wi` a
    /// word of its moves, as `cube3[U,D,R2,L2,F2,B2]`; `[w1,…]` alone is accepted
    /// too): each word's text with its permutation. Errors name the word.
    ///
    /// ```
    /// let cube = permlab::Puzzle::builtin("cube3").unwrap();
    /// let h = cube.parse_subgroup("cube3[U, D, R2, L2, F2, B2]").unwrap();
    /// assert_eq!(h.len(), 6);
    /// assert_eq!(h[2].0, "R2");
    /// assert!(cube.parse_subgroup("cube2[U]").is_err());
    /// assert!(cube.parse_subgroup("cube3[U,Q]").is_err());
    /// ```
    pub fn parse_subgroup(&self, text: &str) -> Result<Vec<(String, Perm)>, PuzzleError> {
        let text = text.trim();
        let bad = |why: String| PuzzleError::Subgroup {
            text: crate::limits::clip(text),
            why,
        };
        let (name, rest) = text
            .split_once('[')
            .ok_or_else(|| bad("expected PUZZLE[move,move,...]".into()))?;
        let list = rest
            .strip_suffix(']')
            .ok_or_else(|| bad("missing the closing ]".into()))?;
        let name = name.trim();
        if !name.is_empty() && name != self.name {
            return Err(bad(format!(
                "the subgroup is of {:?}, the puzzle is {:?}",
                crate::limits::clip(name),
                crate::limits::clip(&self.name)
            )));
        }
        let mut out = Vec::new();
        for (i, m) in list.split(',').enumerate() {
            let m = m.trim();
            if m.is_empty() {
                return Err(bad(format!("move {} is empty", i + 1)));
            }
            let w = self
                .parse_word(m)
                .map_err(|e| bad(format!("move {} ({m:?}): {e}", i + 1)))?;
            out.push((m.to_string(), self.eval(&w)));
        }
        Ok(out)
    }

    /// The puzzle whose generators are the given words (over this puzzle's moves),
    /// each named by its text: the subgroup they generate, with every move of this
    /// puzzle (and its aliases) still usable in words. An empty list or a word that
    /// does not parse is an error naming the word.
    pub fn with_generator_words(&self, words: &[&str]) -> Result<Puzzle, PuzzleError> {
        if words.is_empty() {
            return Err(PuzzleError::BadSpec {
                spec: self.name.clone(),
                why: "the list of generator words is empty".into(),
            });
        }
        let mut generators = Vec::new();
        for (k, text) in words.iter().enumerate() {
            let text = text.trim();
            let w = self.parse_word(text).map_err(|e| PuzzleError::BadSpec {
                spec: self.name.clone(),
                why: format!("generator word {} ({text:?}): {e}", k + 1),
            })?;
            if text.is_empty() {
                return Err(PuzzleError::BadSpec {
                    spec: self.name.clone(),
                    why: format!("generator word {} is empty", k + 1),
                });
            }
            generators.push(Move {
                name: text.to_string(),
                perm: self.eval(&w),
            });
        }
        let taken = |name: &str| generators.iter().any(|m: &Move| m.name == name);
        let extra: Vec<Move> = self
            .generators
            .iter()
            .chain(&self.extra_moves)
            .filter(|m| !taken(&m.name))
            .cloned()
            .collect();
        let mut p = Puzzle::try_new(
            &self.name,
            self.degree,
            generators.clone(),
            extra,
            self.layout,
        )?;
        let names = self.alphabet.names();
        for (alias, gen, power) in self.alphabet.aliases() {
            if !taken(&alias) {
                p.add_alias(&alias, &names[gen], power)?;
            }
        }
        p.metric = self.metric;
        p.identical = self.identical.clone();
        Ok(p)
    }

    /// The built-in specs, for listings: those of [`catalogue`].
    pub fn builtin_examples() -> Vec<&'static str> {
        catalogue().into_iter().map(|e| e.spec).collect()
    }

    /// A permutation group as a puzzle without geometry: its generators are the moves
    /// `g1, g2, …`, searched as listed ([`Metric::Generators`]).
    ///
    /// ```
    /// let g = permlab::group::families::symmetric(4).unwrap();
    /// let p = permlab::Puzzle::from_group("sym:4", &g).unwrap();
    /// assert_eq!(p.generator_names(), ["g1", "g2"]);
    /// assert_eq!(p.group().order(), 24u32.into());
    /// ```
    pub fn from_group(name: &str, group: &crate::group::PermGroup) -> Result<Puzzle, PuzzleError> {
        let moves = group
            .generators()
            .iter()
            .enumerate()
            .map(|(i, g)| Move {
                name: format!("g{}", i + 1),
                perm: g.clone(),
            })
            .collect();
        Puzzle::try_new(name, group.degree(), moves, Vec::new(), Layout::Plain)
            .map(|p| p.with_metric(Metric::Generators))
    }

    /// The generators' permutations.
    pub fn generator_perms(&self) -> Vec<Perm> {
        self.generators.iter().map(|m| m.perm.clone()).collect()
    }

    /// The generators' names.
    pub fn generator_names(&self) -> Vec<String> {
        self.generators.iter().map(|m| m.name.clone()).collect()
    }

    /// All moves a word may name (generators, then extra moves).
    pub fn all_perms(&self) -> Vec<Perm> {
        self.generators
            .iter()
            .chain(&self.extra_moves)
            .map(|m| m.perm.clone())
            .collect()
    }

    /// The alphabet of names and aliases words use.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// Parses a word over this puzzle's moves.
    pub fn parse_word(&self, text: &str) -> Result<Word, WordParseError> {
        self.alphabet.parse(text)
    }

    /// The permutation of a word (default convention).
    pub fn eval(&self, w: &Word) -> Perm {
        w.eval(&self.all_perms()).extended(self.degree)
    }

    /// The permutation of a word under a convention.
    pub fn eval_with(&self, w: &Word, conv: Convention) -> Perm {
        w.eval_with(&self.all_perms(), conv).extended(self.degree)
    }

    /// The orders of all moves (for [`Word::simplify`]).
    pub fn move_orders(&self) -> Vec<u64> {
        self.generators
            .iter()
            .chain(&self.extra_moves)
            .map(|m| u64::try_from(m.perm.order()).unwrap_or(0))
            .collect()
    }

    /// [`Word::simplify`] with this puzzle's move orders.
    pub fn simplify(&self, w: &Word) -> Word {
        w.simplify(&self.move_orders())
    }

    /// The solved state: label `i` at position `i` (0-based).
    pub fn solved(&self) -> Vec<u32> {
        (0..self.degree as u32).collect()
    }

    /// The state reached from `state` by a word (default convention).
    ///
    /// # Panics
    ///
    /// If `state` is shorter than the puzzle's degree (states from
    /// [`Puzzle::parse_state`] never are).
    pub fn apply(&self, state: &[u32], w: &Word) -> Vec<u32> {
        self.eval(w).apply_to_state(state)
    }

    /// Parses a state in text form: the labels in position order, 1-based,
    /// comma-separated (`7,2,1,4,5,6,9,8,3`), checked to be a permutation of
    /// `1..=degree`. Returns 0-based labels.
    pub fn parse_state(&self, text: &str) -> Result<Vec<u32>, PuzzleError> {
        parse_state(text, self.degree)
    }

    /// Draws a state (0-based labels at positions) as text: a grid of numbers for
    /// boards, the colour net for cubes, a line otherwise.
    ///
    /// # Panics
    ///
    /// If `state` is shorter than the puzzle's degree (states from
    /// [`Puzzle::parse_state`] never are).
    pub fn render(&self, state: &[u32]) -> String {
        match self.layout {
            Layout::Grid { rows, cols } => render_grid(rows, cols, state),
            Layout::Cube(n) => cube::render_net(n, state),
            Layout::Ring | Layout::Plain => format!("{}\n", format_state(state)),
        }
    }
}

/// One built-in of the catalogue (`data/puzzles.tsv`, shipped with the crate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CatalogueEntry {
    /// Its spec for [`Puzzle::builtin`].
    pub spec: &'static str,
    /// Where it comes from, one line.
    pub source: &'static str,
}

/// The built-ins `permlab puzzles` lists, with where each comes from, read from
/// `data/puzzles.tsv` (lines `SPEC<TAB>SOURCE`; `#` starts a comment line).
///
/// ```
/// let c = permlab::puzzle::catalogue();
/// assert_eq!(c[0].spec, "cube3");
/// assert!(c.iter().any(|e| e.spec == "rotation3" && e.source.contains("seed 001")));
/// ```
pub fn catalogue() -> Vec<CatalogueEntry> {
    include_str!("../../data/puzzles.tsv")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (spec, source) = l.split_once('\t').unwrap_or((l, ""));
            CatalogueEntry {
                spec: spec.trim(),
                source: source.trim(),
            }
        })
        .collect()
}

/// `base[list]` split into `base` and `list` (the brackets must end the spec).
fn split_selection(spec: &str) -> Option<(&str, &str)> {
    let (base, rest) = spec.split_once('[')?;
    let list = rest.strip_suffix(']')?;
    (!base.is_empty()).then_some((base, list))
}

/// Splits a word list at the commas outside brackets and parentheses (so commutators
/// `[R,U]` stay whole); the words keep their spaces.
///
/// ```
/// assert_eq!(permlab::puzzle::split_word_list("x,[R,U] y").unwrap(), ["x", "[R,U] y"]);
/// ```
pub fn split_word_list(list: &str) -> Result<Vec<&str>, String> {
    let mut out = Vec::new();
    let mut depth: i64 = 0;
    let mut start = 0;
    for (i, c) in list.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        if depth < 0 {
            return Err(format!(
                "unbalanced brackets at character {} of the word list",
                i + 1
            ));
        }
    }
    if depth != 0 {
        return Err("unbalanced brackets in the word list".into());
    }
    out.push(&list[start..]);
    if out.iter().all(|w| w.trim().is_empty()) {
        return Err("the list of generator words is empty".into());
    }
    Ok(out)
}

/// Parses a 1-based comma-separated state of `degree` labels into 0-based labels.
pub fn parse_state(text: &str, degree: usize) -> Result<Vec<u32>, PuzzleError> {
    let err = |m: String| PuzzleError::State(m);
    let trimmed = text.trim().trim_start_matches('[').trim_end_matches(']');
    let mut labels = Vec::new();
    for (k, part) in trimmed.split(',').enumerate() {
        let part = part.trim();
        let v: u64 = part.parse().map_err(|_| {
            err(format!(
                "entry {} ({part:?}) is not a positive integer",
                k + 1
            ))
        })?;
        labels.push(v);
    }
    if labels.len() != degree {
        return Err(err(format!(
            "{} entries, but the puzzle has {degree} positions",
            labels.len()
        )));
    }
    let p = Perm::from_images_one_based(&labels).map_err(|e| err(e.to_string()))?;
    Ok(p.images().to_vec())
}

/// Formats 0-based labels as the 1-based comma-separated text form.
pub fn format_state(state: &[u32]) -> String {
    state
        .iter()
        .map(|x| (x + 1).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn render_grid(rows: usize, cols: usize, state: &[u32]) -> String {
    let width = (rows * cols).to_string().len();
    let mut s = String::new();
    for r in 0..rows {
        let line: Vec<String> = (0..cols)
            .map(|c| format!("{:>width$}", state[r * cols + c] + 1))
            .collect();
        s.push_str(&line.join(" "));
        s.push('\n');
    }
    s
}

/// The N×N×N cube: generators the outer face turns (and with `all_layers` the inner
/// slices `kU`, `kF`, `kR`, 2 ≤ k ≤ N−1); every other block turn, the slices M E S
/// and the rotations x y z are extra moves, wide turns also written `r` for `Rw`.
fn cube_puzzle(spec: &str, n: usize, all_layers: bool) -> Puzzle {
    let to_moves = |v: Vec<(String, Perm)>| -> Vec<Move> {
        v.into_iter()
            .map(|(name, perm)| Move { name, perm })
            .collect()
    };
    let mut generators = to_moves(cube::face_turns(n));
    let mut extra = to_moves(cube::slices_and_rotations(n));
    for m in to_moves(cube::block_turns(n)) {
        let inner_ufr = m.name.len() == 2
            && m.name.as_bytes()[0].is_ascii_digit()
            && matches!(m.name.as_bytes()[1], b'U' | b'F' | b'R');
        if all_layers && inner_ufr {
            generators.push(m);
        } else {
            extra.push(m);
        }
    }
    let mut p = Puzzle::new(spec, 6 * n * n, generators, extra, Layout::Cube(n));
    for (alias, target) in cube::wide_aliases(n) {
        p.add_alias(&alias, &target, 1)
            .expect("every wide turn is a move");
    }
    p
}

fn turnstyle(spec: &str, n: usize) -> Puzzle {
    let l = Perm::from_cycles(n, &[(0..n).collect()]).expect("points in range");
    let t = Perm::from_cycles(n, &[vec![0, 1], vec![2, 3]]).expect("n >= 4");
    let moves = vec![
        Move {
            name: "L".into(),
            perm: l.clone(),
        },
        Move {
            name: "R".into(),
            perm: l.inverse(),
        },
        Move {
            name: "T".into(),
            perm: t,
        },
    ];
    // seed 002's moves are L, R = L^-1 and T: powers of L are not moves
    Puzzle::new(spec, n, moves, Vec::new(), Layout::Ring).with_metric(Metric::Generators)
}

/// A group of [`crate::group::families`] as a puzzle whose moves are its generators
/// `g1, g2, …`: `psl:D:P` (PSL(D, P) on projective points), `agl:D:P` (AGL(D, P) on
/// vectors), `sym:N` / `alt:N` (natural action) and `sym:N:K` / `alt:N:K` (on the
/// K-subsets of 1..N).
fn group_family(spec: &str, parts: &[&str]) -> Result<Puzzle, PuzzleError> {
    use crate::group::families;
    let bad = |why: String| PuzzleError::BadSpec {
        spec: crate::limits::clip(spec),
        why,
    };
    let number = |text: &str, what: &str| -> Result<usize, PuzzleError> {
        text.parse()
            .map_err(|_| bad(format!("{what} must be a number, not {text:?}")))
    };
    let group = match parts {
        ["psl", d, p] => {
            families::projective_special_linear(number(d, "D")?, number(p, "P")? as u64)
        }
        ["agl", d, p] => families::affine_general_linear(number(d, "D")?, number(p, "P")? as u64),
        [family @ ("sym" | "alt"), n, rest @ ..] if rest.len() <= 1 => {
            let n = number(n, "N")?;
            let natural = if *family == "sym" {
                families::symmetric(n)
            } else {
                families::alternating(n)
            };
            match rest {
                [k] => {
                    let k = number(k, "K")?;
                    if k == 0 || k >= n {
                        return Err(bad(format!("need 1 <= K < N, not K = {k}")));
                    }
                    natural.and_then(|g| families::on_subsets(&g, k))
                }
                _ => natural,
            }
        }
        _ => {
            return Err(bad(
                "expected psl:D:P, agl:D:P, sym:N[:K] or alt:N[:K]".into()
            ))
        }
    }
    .map_err(|e| match e {
        crate::group::GroupError::TooLarge(why) => PuzzleError::TooLarge {
            spec: crate::limits::clip(spec),
            why,
        },
        other => bad(other.to_string()),
    })?;
    Puzzle::from_group(spec, &group)
}

/// The permutation turning the `k×k` block with top-left cell `(r0, c0)` of a board
/// with `cols` columns 90° clockwise: cell `(r0+i, c0+j)` goes to `(r0+j, c0+k-1-i)`.
pub fn block_turn(rows: usize, cols: usize, r0: usize, c0: usize, k: usize) -> Perm {
    let mut images: Vec<u32> = (0..(rows * cols) as u32).collect();
    for i in 0..k {
        for j in 0..k {
            let from = (r0 + i) * cols + c0 + j;
            let to = (r0 + j) * cols + c0 + k - 1 - i;
            images[from] = to as u32;
        }
    }
    Perm::from_images(images).expect("a rotation of a block is a bijection")
}

/// The moves of `board:RxC:K` with the naming of the module docs.
fn board(spec: &str, rows: usize, cols: usize, k: usize) -> Puzzle {
    let (br, bc) = (rows - k + 1, cols - k + 1);
    let count = br * bc;
    let mut moves = Vec::new();
    for r in 0..br {
        for c in 0..bc {
            let name = if count <= 26 {
                ((b'A' + (r * bc + c) as u8) as char).to_string()
            } else {
                format!("B{}_{}", r + 1, c + 1)
            };
            moves.push(Move {
                name,
                perm: block_turn(rows, cols, r, c, k),
            });
        }
    }
    let names: Vec<String> = moves.iter().map(|m| m.name.clone()).collect();
    let mut p = Puzzle::new(
        spec,
        rows * cols,
        moves,
        Vec::new(),
        Layout::Grid { rows, cols },
    );
    if count <= 26 {
        for n in &names {
            p.add_alias(&n.to_lowercase(), n, -1)
                .expect("a block's own name");
        }
    }
    if count == 2 {
        // X is the left block (or the lower one on a tall board), Y the other.
        let (x, y) = if bc == 2 { ("A", "B") } else { ("B", "A") };
        p.add_alias("X", x, 1).expect("blocks A and B");
        p.add_alias("Y", y, 1).expect("blocks A and B");
    } else if count == 3 && br == 1 {
        for (alias, n) in ["X", "Y", "Z"].iter().zip(&names) {
            p.add_alias(alias, n, 1).expect("a block's own name");
        }
    }
    p
}

/// The 8 border cells of a 3×3 frame with top-left `(r0, c0)` in clockwise order.
fn ring_cells(cols: usize, r0: usize, c0: usize) -> [usize; 8] {
    let at = |r: usize, c: usize| (r0 + r) * cols + c0 + c;
    [
        at(0, 0),
        at(0, 1),
        at(0, 2),
        at(1, 2),
        at(2, 2),
        at(2, 1),
        at(2, 0),
        at(1, 0),
    ]
}

/// Seed 004's 3x3 mode on the 3-row × 4-column rectangle holding 1..12: a frame move
/// shifts the 8 border cells of its 3×3 frame one step clockwise (the centre stays).
fn nokia_rect() -> Puzzle {
    let (rows, cols) = (3, 4);
    let frame = |c0: usize| {
        let ring = ring_cells(cols, 0, c0);
        let mut images: Vec<u32> = (0..(rows * cols) as u32).collect();
        for k in 0..8 {
            images[ring[k]] = ring[(k + 1) % 8] as u32;
        }
        Perm::from_images(images).expect("a ring shift is a bijection")
    };
    let moves = vec![
        Move {
            name: "A".into(),
            perm: frame(0),
        },
        Move {
            name: "B".into(),
            perm: frame(1),
        },
    ];
    let mut p = Puzzle::new(
        "nokia-rect",
        12,
        moves,
        Vec::new(),
        Layout::Grid { rows, cols },
    );
    p.add_alias("a", "A", -1).expect("frame A");
    p.add_alias("b", "B", -1).expect("frame B");
    // seed 004: a frame shifts one step either way (A, B, a, b)
    p.with_metric(Metric::Qtm)
}

/// Seed 004's 2x2 mode: the 3×3 board with its 8 moves A B C D a b c d as generators.
fn nokia2x2() -> Puzzle {
    let base = board("board:3x3:2", 3, 3, 2);
    let mut moves = base.generators.clone();
    for m in &base.generators {
        moves.push(Move {
            name: m.name.to_lowercase(),
            perm: m.perm.inverse(),
        });
    }
    Puzzle::new(
        "nokia2x2",
        9,
        moves,
        Vec::new(),
        Layout::Grid { rows: 3, cols: 3 },
    )
    .with_metric(Metric::Generators)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_turn_is_clockwise() {
        // 3x3 board, top-left 2x2 block: 1 2 / 4 5 -> cell 1 goes to 2, 2 to 5, 5 to 4
        let a = block_turn(3, 3, 0, 0, 2);
        assert_eq!(a.to_string(), "(1,2,5,4)");
    }

    #[test]
    fn board_names() {
        let p = Puzzle::builtin("board:3x3:2").unwrap();
        assert_eq!(p.generator_names(), ["A", "B", "C", "D"]);
        let w = p.parse_word("a").unwrap();
        assert_eq!(p.eval(&w), p.generators[0].perm.inverse());
        let big = Puzzle::builtin("board:10x10:3").unwrap();
        assert_eq!(big.generators.len(), 64);
        assert_eq!(big.generators[9].name, "B2_2");
        let two = Puzzle::builtin("board:4x5:4").unwrap();
        assert_eq!(
            two.eval(&two.parse_word("X").unwrap()),
            two.generators[0].perm
        );
        let tall = Puzzle::builtin("board:5x4:4").unwrap();
        assert_eq!(
            tall.eval(&tall.parse_word("X").unwrap()),
            tall.generators[1].perm
        );
    }

    #[test]
    fn nokia_frames_shift_rings() {
        let p = Puzzle::builtin("nokia-rect").unwrap();
        assert_eq!(p.generators[0].perm.to_string(), "(1,2,3,7,11,10,9,5)");
        assert_eq!(p.generators[1].perm.to_string(), "(2,3,4,8,12,11,10,6)");
    }

    #[test]
    fn catalogue_specs_load_and_have_sources() {
        let c = catalogue();
        assert!(c.len() >= 9);
        for e in &c {
            assert!(Puzzle::builtin(e.spec).is_ok(), "{}", e.spec);
            assert!(!e.source.is_empty(), "{}", e.spec);
        }
        let mut specs: Vec<_> = c.iter().map(|e| e.spec).collect();
        specs.sort_unstable();
        specs.dedup();
        assert_eq!(specs.len(), c.len(), "a spec is listed twice");
    }

    #[test]
    fn bad_specs() {
        assert!(matches!(
            Puzzle::builtin("board:3x3:4"),
            Err(PuzzleError::BadSpec { .. })
        ));
        assert!(matches!(
            Puzzle::load("no-such-puzzle"),
            Err(PuzzleError::Unknown(_))
        ));
    }

    #[test]
    fn selected_moves_generate_the_subgroup() {
        let p = Puzzle::load("cube3[R2,U]").unwrap();
        assert_eq!(p.name, "cube3[R2,U]");
        assert_eq!(p.generator_names(), ["R2", "U"]);
        let base = Puzzle::builtin("cube3").unwrap();
        let r = &base.generators[4].perm;
        assert_eq!(base.generators[4].name, "R");
        assert_eq!(p.generators[0].perm, r * r);
        // the other moves still parse, and commutators stay one word
        assert!(p.parse_word("F M x").is_ok());
        let c = Puzzle::load("cube3[[R,U],F]").unwrap();
        assert_eq!(c.generator_names(), ["[R,U]", "F"]);
        // board aliases survive
        let b = Puzzle::load("board:3x3:2[A,B]").unwrap();
        assert_eq!(
            b.eval(&b.parse_word("a").unwrap()),
            b.generators[0].perm.inverse()
        );
        for bad in ["cube3[]", "cube3[R,Q]", "cube3[R,]", "cube3[[R,U]"] {
            let e = Puzzle::load(bad).unwrap_err();
            assert!(matches!(e, PuzzleError::BadSpec { .. }), "{bad}: {e}");
        }
        assert!(matches!(
            Puzzle::load("nothing[R]"),
            Err(PuzzleError::Unknown(_))
        ));
    }

    #[test]
    fn states_parse_and_render() {
        let p = Puzzle::builtin("board:3x3:2").unwrap();
        let s = p.parse_state("7,2,1,4,5,6,9,8,3").unwrap();
        assert_eq!(format_state(&s), "7,2,1,4,5,6,9,8,3");
        assert_eq!(p.render(&s), "7 2 1\n4 5 6\n9 8 3\n");
        assert_eq!(
            p.parse_state("1,2,3").unwrap_err().to_string(),
            "state: 3 entries, but the puzzle has 9 positions"
        );
        assert_eq!(
            p.parse_state("1,1,3,4,5,6,7,8,9").unwrap_err().to_string(),
            "state: image 1 is repeated at positions 1 and 2"
        );
        assert_eq!(
            p.parse_state("1,x,3,4,5,6,7,8,9").unwrap_err().to_string(),
            "state: entry 2 (\"x\") is not a positive integer"
        );
    }
}
