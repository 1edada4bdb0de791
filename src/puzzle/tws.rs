//! twsearch's puzzle definition format (`.tws`, the format of ksolve): reading a
//! definition as a [`Puzzle`] and writing a puzzle as one, so that a puzzle can go to
//! twsearch (T. Rokicki, <https://github.com/cubing/twsearch>) and come back.
//!
//! ```text
//! Name TwoCorners
//! Set CORNERS 2 3        # a set of 2 pieces with 3 orientations each
//! Solved
//! CORNERS
//! 1 2
//! 0 0
//! End
//! Move A
//! CORNERS
//! 2 1                    # the piece at position 2 comes to position 1, …
//! 1 0                    # … the piece from position 1 is twisted once
//! End
//! ```
//!
//! (`#` comments stand on lines of their own in the format; the ones above are
//! explanations.) A set `NAME n o` holds `n` pieces with `o` orientations; in a
//! block, a set's name is followed by its permutation line and an optional
//! orientation line. A move's permutation line lists, for each position `j`, the
//! position `m[j]` whose piece comes to `j`; its orientation line gives, for each
//! position `k`, the twist added to the piece that leaves `k` (ksolve's convention).
//! A set a move does not list stays in place.
//!
//! As a [`Puzzle`], the point of piece position `i` (0-based) with orientation `t`
//! in a set starting at offset `off` is `off + i·o + t`: a move sends `(k, t)` to
//! `(j, t + twist[k] mod o)` where `m[j] = k`. Sets are numbered in file order.
//! The `Solved` block must give every piece once (pieces that cannot be told apart,
//! a number repeated in `Solved`, and `?` wildcards are not read); other block
//! kinds of twsearch (`MoveSequence`, `Illegal`, …) are refused with their line.
//!
//! Writing ([`Puzzle::to_tws`]) makes one set per orbit of the puzzle's group, leaving
//! out the points every move fixes and the orbits on which the moves act as on an
//! earlier orbit (named in comments: their points are determined, so twsearch's
//! index, the product of its sets' sizes, stays small). Its
//! pieces are the blocks of the first minimal block system of the orbit
//! ([`PermGroup::minimal_block_systems`](crate::PermGroup::minimal_block_systems):
//! the 3 stickers of a corner, the 2 of an edge) on which every move acts as a
//! twist, i.e. shifts the orientations (the stickers of a block, in an order carried
//! from block to block by the moves) cyclically; where there is none, every point is
//! a piece with one orientation. A comment line lists each set's pieces.
//!
//! ```
//! use permlab::Puzzle;
//! let p = Puzzle::builtin("cube2").unwrap();
//! let text = p.to_tws().unwrap();
//! let back = Puzzle::from_tws(&text, "cube2.tws").unwrap();
//! assert_eq!(back.group().order(), p.group().order());
//! assert_eq!(back.generator_names(), p.generator_names());
//! ```

use super::{check_size, Layout, Move, Puzzle, PuzzleError};
use crate::perm::Perm;
use std::path::Path;

/// An error in a `.tws` file, located by file and line (1-based; 0 for the file as
/// a whole).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct TwsError {
    /// The file (or a label for in-memory text).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// A set of pieces: its name, number of pieces and orientations, and first point.
#[derive(Clone, Debug)]
struct Set {
    name: String,
    pieces: usize,
    orientations: usize,
    offset: usize,
}

/// Largest number of pieces or orientations a set may declare here (twsearch
/// itself allows at most 255 pieces and 127 orientations).
const MAX_SET_NUMBER: usize = 1 << 24;

/// The most pieces in a set twsearch reads.
const MAX_TWS_PIECES: usize = 255;

/// The most orientations of a piece twsearch reads.
const MAX_TWS_ORIENTATIONS: usize = 127;

/// Reads a `.tws` file (a regular file of at most
/// [`MAX_PUZZLE_BYTES`](crate::limits::MAX_PUZZLE_BYTES) bytes, read with
/// [`crate::limits::read_input`]) as a puzzle named by its path.
pub fn read_tws_file(path: &Path) -> Result<Puzzle, PuzzleError> {
    let file = path.display().to_string();
    let fail = |message: String| TwsError {
        file: file.clone(),
        line: 0,
        message,
    };
    let text = crate::limits::read_input(path, crate::limits::MAX_PUZZLE_BYTES)
        .map_err(|e| fail(e.to_string()))?;
    Puzzle::from_tws(&text, &file)
}

/// The lines of a definition with their 1-based numbers, split into tokens, without
/// blank lines and comment lines.
fn token_lines(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.split_whitespace().collect::<Vec<_>>()))
        .filter(|(_, t)| !t.is_empty() && !t[0].starts_with('#'))
}

/// One set's lines of a block: a permutation (0-based sources) and twists.
type SetValue = (Vec<usize>, Vec<usize>);

impl Puzzle {
    /// Reads a twsearch definition (see the [module docs](self)); `file` labels
    /// errors and names the puzzle.
    pub fn from_tws(text: &str, file: &str) -> Result<Puzzle, PuzzleError> {
        let err = |line: usize, message: String| TwsError {
            file: file.to_string(),
            line,
            message,
        };
        let mut sets: Vec<Set> = Vec::new();
        let mut points = 0usize;
        let mut solved_seen = false;
        let mut moves: Vec<Move> = Vec::new();
        let mut lines = token_lines(text);
        while let Some((ln, toks)) = lines.next() {
            let expect = |n: usize| -> Result<(), TwsError> {
                if toks.len() == n {
                    Ok(())
                } else {
                    Err(err(
                        ln,
                        format!(
                            "`{}` takes {} word(s) on its line, found {}",
                            toks[0],
                            n,
                            toks.len()
                        ),
                    ))
                }
            };
            match toks[0] {
                "Name" => {
                    expect(2)?;
                    if !sets.is_empty() || solved_seen || !moves.is_empty() {
                        return Err(err(ln, "Name must come first".into()).into());
                    }
                }
                "Set" => {
                    expect(4)?;
                    if solved_seen || !moves.is_empty() {
                        return Err(
                            err(ln, "Set must come before Solved and the moves".into()).into()
                        );
                    }
                    let number = |t: &str, what: &str| -> Result<usize, TwsError> {
                        t.parse::<usize>()
                            .ok()
                            .filter(|&v| (1..=MAX_SET_NUMBER).contains(&v))
                            .ok_or_else(|| {
                                err(
                                    ln,
                                    format!(
                                        "{what} {:?} is not a number 1..{MAX_SET_NUMBER}",
                                        crate::limits::clip(t)
                                    ),
                                )
                            })
                    };
                    let pieces = number(toks[2], "the number of pieces")?;
                    let orientations = number(toks[3], "the number of orientations")?;
                    if sets.iter().any(|s| s.name == toks[1]) {
                        return Err(err(
                            ln,
                            format!("set {:?} defined twice", crate::limits::clip(toks[1])),
                        )
                        .into());
                    }
                    let size = pieces * orientations;
                    check_size(points.saturating_add(size), 1).map_err(|why| err(ln, why))?;
                    sets.push(Set {
                        name: toks[1].to_string(),
                        pieces,
                        orientations,
                        offset: points,
                    });
                    points += size;
                }
                "Solved" => {
                    expect(1)?;
                    if solved_seen || !moves.is_empty() {
                        return Err(
                            err(ln, "Solved must come once, before the moves".into()).into()
                        );
                    }
                    if sets.is_empty() {
                        return Err(err(ln, "no Set before Solved".into()).into());
                    }
                    solved_seen = true;
                    read_block(&mut lines, &sets, &err, ln, true)?;
                }
                "Move" => {
                    expect(2)?;
                    if !solved_seen {
                        return Err(err(ln, "Move before Solved".into()).into());
                    }
                    check_size(points, moves.len() + 1).map_err(|why| err(ln, why))?;
                    let block = read_block(&mut lines, &sets, &err, ln, false)?;
                    let mut images: Vec<u32> = (0..points as u32).collect();
                    for (set, value) in sets.iter().zip(&block) {
                        let Some((sources, twists)) = value else {
                            continue;
                        };
                        let o = set.orientations;
                        for (j, &k) in sources.iter().enumerate() {
                            for t in 0..o {
                                let from = set.offset + k * o + t;
                                let to = set.offset + j * o + (t + twists[k]) % o;
                                images[from] = to as u32;
                            }
                        }
                    }
                    let perm =
                        Perm::from_images(images).expect("a permutation of pieces with twists");
                    moves.push(Move {
                        name: toks[1].to_string(),
                        perm,
                    });
                }
                other => {
                    return Err(err(
                        ln,
                        format!(
                            "{:?}: permlab reads Name, Set, Solved and Move blocks only",
                            crate::limits::clip(other)
                        ),
                    )
                    .into())
                }
            }
        }
        if !solved_seen {
            return Err(err(0, "no Solved block".into()).into());
        }
        if moves.is_empty() {
            return Err(err(0, "no Move blocks".into()).into());
        }
        Puzzle::try_new(file, points, moves, Vec::new(), Layout::Plain)
    }

    /// The puzzle as a twsearch definition (see the [module docs](self)): one set
    /// per orbit of its group, every generator a move. Errors if a move name
    /// contains white space or `#`, or an orbit has more than 255 points (twsearch's
    /// largest set).
    pub fn to_tws(&self) -> Result<String, PuzzleError> {
        self.check_tws_move_names()?;
        let group = self.group();
        self.check_tws_size(&group)?;
        let gens = self.generator_perms();
        let sets = self.tws_sets(&group, &gens)?;
        let mut out = self.tws_header(&sets);
        self.push_tws_moves(&sets.sets, &mut out);
        Ok(out)
    }

    /// The error of [`Puzzle::to_tws`] when the puzzle cannot be written, saying why.
    fn tws_error(&self, why: String) -> PuzzleError {
        PuzzleError::BadSpec {
            spec: crate::limits::clip(self.name()),
            why: format!("cannot write a .tws file: {why}"),
        }
    }

    /// Checks that no move name holds white space or `#` (a .tws file cannot say it).
    fn check_tws_move_names(&self) -> Result<(), PuzzleError> {
        for m in self.generators() {
            if m.name.contains(|c: char| c.is_whitespace() || c == '#') {
                return Err(self.tws_error(format!(
                    "the move name {:?} contains white space or #",
                    crate::limits::clip(&m.name)
                )));
            }
        }
        Ok(())
    }

    /// Checks, before any work on orbits, that the puzzle has points and no orbit is
    /// larger than a .tws set can hold.
    fn check_tws_size(&self, group: &crate::group::PermGroup) -> Result<(), PuzzleError> {
        // a set holds at most 255 pieces of at most 127 orientations: a larger orbit
        // cannot be written (checked before the quadratic work on orbits below)
        if let Some(orbit) = group
            .orbits()
            .iter()
            .find(|o| o.len() > MAX_TWS_PIECES * MAX_TWS_ORIENTATIONS)
        {
            return Err(self.tws_error(format!(
                "an orbit of {} points (twsearch sets hold at most {MAX_TWS_PIECES} pieces of at most {MAX_TWS_ORIENTATIONS} orientations)",
                orbit.len()
            )));
        }
        if self.degree() == 0 {
            return Err(self.tws_error("the puzzle has no points".into()));
        }
        Ok(())
    }

    /// The sets of the .tws file (one per orbit that is not determined by the others,
    /// as oriented pieces) and the orbits left out.
    fn tws_sets(
        &self,
        group: &crate::group::PermGroup,
        gens: &[Perm],
    ) -> Result<TwsSets, PuzzleError> {
        // each orbit as pieces: pieces[i][t] = the point of piece i in orientation t
        // orbits fixed pointwise, or on which the moves act as on an earlier orbit
        // (the other stickers of the same pieces), are determined: left out
        let mut kept: Vec<Vec<usize>> = Vec::new();
        let mut omitted: Vec<(Vec<usize>, Option<usize>)> = Vec::new();
        for orbit in group.orbits() {
            if orbit.len() == 1 {
                omitted.push((orbit, None));
            } else if let Some(k) = kept
                .iter()
                .position(|a| equivalent_action(a, &orbit, gens, self.degree()))
            {
                omitted.push((orbit, Some(k)));
            } else {
                kept.push(orbit);
            }
        }
        if kept.is_empty() {
            // a trivial group: keep one point so the file has a set
            kept.push(omitted.remove(0).0);
        }
        let systems = group.minimal_block_systems();
        let sets: Vec<Vec<Vec<usize>>> = kept
            .into_iter()
            .map(|orbit| {
                systems
                    .iter()
                    .filter(|b| orbit.binary_search(&b[0][0]).is_ok())
                    .find_map(|blocks| oriented_pieces(blocks, gens, self.degree()))
                    .unwrap_or_else(|| orbit.iter().map(|&p| vec![p]).collect())
            })
            .collect();
        if let Some(set) = sets.iter().find(|set| set.len() > MAX_TWS_PIECES) {
            return Err(self.tws_error(format!(
                "an orbit of {} points (twsearch sets hold at most {MAX_TWS_PIECES} pieces)",
                set.len()
            )));
        }
        Ok(TwsSets { sets, omitted })
    }

    /// The .tws text up to the Solved block: the comments saying what each set is
    /// and what was left out, the Name and the Set lines.
    fn tws_header(&self, sets: &TwsSets) -> String {
        let TwsSets { sets, omitted } = sets;
        let mut out = String::new();
        out.push_str(&format!(
            "# {}: {} points, written by permlab; one set per orbit of its group, its pieces \
             the blocks of a block system on which the moves act as twists (else one piece per \
             point)\n",
            self.name().replace(['\n', '\r'], " "),
            self.degree()
        ));
        out.push_str(&format!(
            "# permlab searches it in the {} metric; twsearch expands each move into its \
             powers (htm)\n",
            self.metric()
        ));
        let name: String = self
            .name()
            .chars()
            .map(|c| if c.is_whitespace() { '_' } else { c })
            .collect();
        out.push_str(&format!("Name {name}\n\n"));
        for (s, set) in sets.iter().enumerate() {
            let pieces: Vec<String> = set
                .iter()
                .map(|piece| {
                    if piece.len() == 1 {
                        (piece[0] + 1).to_string()
                    } else {
                        let pts: Vec<String> = piece.iter().map(|p| (p + 1).to_string()).collect();
                        format!("({})", pts.join(","))
                    }
                })
                .collect();
            out.push_str(&format!(
                "# {}: pieces (points in orientation order) {}\n",
                tws_set_name(s),
                pieces.join(" ")
            ));
        }
        let fixed: Vec<usize> = omitted
            .iter()
            .filter(|(_, k)| k.is_none())
            .map(|(o, _)| o[0])
            .collect();
        if !fixed.is_empty() {
            out.push_str(&format!(
                "# left out, fixed by every move: points {}\n",
                crate::perm::cycles::point_set_text(&fixed)
            ));
        }
        for (orbit, k) in omitted {
            if let Some(k) = k {
                out.push_str(&format!(
                    "# left out, moved as {} is (the other stickers of its pieces): points {}\n",
                    tws_set_name(*k),
                    crate::perm::cycles::point_set_text(orbit)
                ));
            }
        }
        for (s, set) in sets.iter().enumerate() {
            out.push_str(&format!(
                "Set {} {} {}\n",
                tws_set_name(s),
                set.len(),
                set[0].len()
            ));
        }
        out
    }

    /// Appends the Solved block and one Move block per generator: where each set's
    /// pieces go and how they are twisted.
    fn push_tws_moves(&self, sets: &[Vec<Vec<usize>>], out: &mut String) {
        // where each point is: (piece, orientation) in its set
        let mut place = vec![(0usize, 0usize); self.degree()];
        for set in sets {
            for (i, piece) in set.iter().enumerate() {
                for (t, &p) in piece.iter().enumerate() {
                    place[p] = (i, t);
                }
            }
        }
        let numbers = |v: &mut dyn Iterator<Item = usize>| {
            v.map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
        };
        out.push_str("\nSolved\n");
        for (s, set) in sets.iter().enumerate() {
            out.push_str(&format!(
                "{}\n{}\n{}\n",
                tws_set_name(s),
                numbers(&mut (1..=set.len())),
                numbers(&mut set.iter().map(|_| 0))
            ));
        }
        out.push_str("End\n");
        for m in self.generators() {
            out.push_str(&format!("\nMove {}\n", m.name));
            let inv = m.perm.inverse().extended(self.degree());
            for (s, set) in sets.iter().enumerate() {
                if set.iter().flatten().all(|&p| m.perm.image(p) == p) {
                    continue;
                }
                // position j receives the piece from the position of inv(piece j)
                let line = numbers(&mut set.iter().map(|piece| place[inv.image(piece[0])].0 + 1));
                // the piece leaving position k is twisted by t where its orientation 0
                // lands in orientation t
                let twists = numbers(&mut set.iter().map(|piece| place[m.perm.image(piece[0])].1));
                out.push_str(&format!("{}\n{line}\n{twists}\n", tws_set_name(s)));
            }
            out.push_str("End\n");
        }
    }
}

/// The sets a .tws file is written with: each as its pieces (`sets[s][i][t]` = the
/// point of piece `i` in orientation `t`), and the orbits left out with the set each
/// moves as (`None`: fixed by every move).
struct TwsSets {
    sets: Vec<Vec<Vec<usize>>>,
    omitted: Vec<(Vec<usize>, Option<usize>)>,
}

/// The name of the `s`th set (0-based) in a written .tws file.
fn tws_set_name(s: usize) -> String {
    format!("ORBIT{}", s + 1)
}

/// Whether the moves act on the orbit `b` as on the orbit `a`: a bijection `f: a → b`
/// with `f(x^g) = f(x)^g` for every generator `g` (then the points of `b` are where
/// the points of `a` are, e.g. the second stickers of edges that never flip).
fn equivalent_action(a: &[usize], b: &[usize], gens: &[Perm], degree: usize) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut f = vec![usize::MAX; degree];
    let mut used = vec![false; degree];
    'candidate: for &b0 in b {
        // clear what the last candidate set (its images lie in `b`, its points in `a`)
        for &x in a {
            f[x] = usize::MAX;
        }
        for &y in b {
            used[y] = false;
        }
        f[a[0]] = b0;
        used[b0] = true;
        let mut queue = std::collections::VecDeque::from([a[0]]);
        while let Some(x) = queue.pop_front() {
            for g in gens {
                let (y, z) = (g.image(x), g.image(f[x]));
                if f[y] == usize::MAX {
                    if used[z] {
                        continue 'candidate;
                    }
                    f[y] = z;
                    used[z] = true;
                    queue.push_back(y);
                } else if f[y] != z {
                    continue 'candidate;
                }
            }
        }
        return true;
    }
    false
}

/// The blocks of a block system as pieces with orientations, when the moves act on
/// them as twists: the stickers of the first block in increasing order, those of
/// every other block the image of that order under the first product of
/// generators (in breadth-first order) reaching it; `None` unless every generator
/// takes orientation `t` of a piece to orientation `t + c (mod k)` of its image
/// for one `c` per piece, and at most 127 orientations (twsearch's limit).
pub(crate) fn oriented_pieces(
    blocks: &[Vec<usize>],
    gens: &[Perm],
    degree: usize,
) -> Option<Vec<Vec<usize>>> {
    let k = blocks[0].len();
    if k > MAX_TWS_ORIENTATIONS {
        return None;
    }
    let mut block_of = vec![usize::MAX; degree];
    for (b, block) in blocks.iter().enumerate() {
        for &p in block {
            block_of[p] = b;
        }
    }
    let mut labels: Vec<Option<Vec<usize>>> = vec![None; blocks.len()];
    labels[0] = Some(blocks[0].clone());
    let mut queue = std::collections::VecDeque::from([0usize]);
    while let Some(b) = queue.pop_front() {
        let label = labels[b].clone().expect("queued blocks are labelled");
        for g in gens {
            let image: Vec<usize> = label.iter().map(|&p| g.image(p)).collect();
            let c = block_of[image[0]];
            if labels[c].is_none() {
                labels[c] = Some(image);
                queue.push_back(c);
            }
        }
    }
    let pieces: Vec<Vec<usize>> = labels.into_iter().collect::<Option<_>>()?;
    let mut orientation = vec![0usize; degree];
    for piece in &pieces {
        for (t, &p) in piece.iter().enumerate() {
            orientation[p] = t;
        }
    }
    for g in gens {
        for piece in &pieces {
            let c = orientation[g.image(piece[0])];
            let target = &pieces[block_of[g.image(piece[0])]];
            for (t, &p) in piece.iter().enumerate() {
                if g.image(p) != target[(t + c) % k] {
                    return None;
                }
            }
        }
    }
    Some(pieces)
}

/// Reads a `Solved` or `Move` block up to its `End`: for each set, its permutation
/// (0-based sources) and twists, or `None` where the block does not list it.
fn read_block<'a>(
    lines: &mut impl Iterator<Item = (usize, Vec<&'a str>)>,
    sets: &[Set],
    err: &dyn Fn(usize, String) -> TwsError,
    start: usize,
    solved: bool,
) -> Result<Vec<Option<SetValue>>, TwsError> {
    let mut value: Vec<Option<SetValue>> = vec![None; sets.len()];
    let mut current: Option<usize> = None;
    let mut rows = 0;
    loop {
        let Some((ln, toks)) = lines.next() else {
            return Err(err(start, "the block has no End".into()));
        };
        let is_number = toks[0].starts_with(|c: char| c.is_ascii_digit() || c == '?');
        if toks[0] == "End" {
            if toks.len() != 1 {
                return Err(err(ln, "End takes no words".into()));
            }
            if let (Some(s), 0) = (current, rows) {
                return Err(err(ln, format!("set {} has no numbers", sets[s].name)));
            }
            return Ok(value);
        }
        if !is_number {
            if let (Some(s), 0) = (current, rows) {
                return Err(err(ln, format!("set {} has no numbers", sets[s].name)));
            }
            if toks.len() != 1 {
                return Err(err(ln, "expected a set name alone on its line".into()));
            }
            let s = sets.iter().position(|s| s.name == toks[0]).ok_or_else(|| {
                err(
                    ln,
                    format!("no set named {:?}", crate::limits::clip(toks[0])),
                )
            })?;
            if value[s].is_some() {
                return Err(err(
                    ln,
                    format!("set {} given twice in the block", sets[s].name),
                ));
            }
            value[s] = Some((Vec::new(), vec![0; sets[s].pieces]));
            current = Some(s);
            rows = 0;
            continue;
        }
        let Some(s) = current else {
            return Err(err(ln, "numbers before a set name".into()));
        };
        let set = &sets[s];
        if rows == 2 {
            return Err(err(
                ln,
                format!("set {}: more than two lines of numbers", set.name),
            ));
        }
        if toks.len() != set.pieces {
            return Err(err(
                ln,
                format!(
                    "set {} has {} pieces, the line has {} numbers",
                    set.name,
                    set.pieces,
                    toks.len()
                ),
            ));
        }
        let limit = if rows == 0 {
            set.pieces
        } else {
            set.orientations - 1
        };
        let lowest = if rows == 0 { 1 } else { 0 };
        let mut nums = Vec::with_capacity(toks.len());
        for t in &toks {
            let v = t
                .parse::<usize>()
                .ok()
                .filter(|v| (lowest..=limit).contains(v))
                .ok_or_else(|| {
                    let what = if *t == "?" {
                        "a ? wildcard (not read by permlab)".to_string()
                    } else {
                        format!("not a number {lowest}..{limit}")
                    };
                    err(
                        ln,
                        format!("set {}: {:?} is {what}", set.name, crate::limits::clip(t)),
                    )
                })?;
            nums.push(v);
        }
        let entry = value[s].as_mut().expect("the current set has a value");
        if rows == 0 {
            let mut seen = vec![false; set.pieces];
            for &v in &nums {
                if std::mem::replace(&mut seen[v - 1], true) {
                    return Err(err(
                        ln,
                        if solved {
                            format!(
                                "set {}: piece {v} appears twice (pieces that cannot be told \
                                 apart are not read by permlab)",
                                set.name
                            )
                        } else {
                            format!("set {}: position {v} appears twice", set.name)
                        },
                    ));
                }
            }
            entry.0 = nums.iter().map(|v| v - 1).collect();
        } else {
            entry.1 = nums;
        }
        rows += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twists_follow_the_piece() {
        // two corners swapped, the one leaving position 1 twisted: order 6
        let text = "Name T\nSet C 2 3\nSolved\nC\n1 2\nEnd\nMove A\nC\n2 1\n1 0\nEnd\n";
        let p = Puzzle::from_tws(text, "t.tws").unwrap();
        assert_eq!(p.degree(), 6);
        let a = &p.generators()[0].perm;
        // (position 1, twist t) = point t+1 goes to (position 2, t+1)
        assert_eq!(a.image(0), 4);
        assert_eq!(a.image(3), 0);
        assert_eq!(a.order(), 6u32.into());
        assert_eq!(p.group().order(), 6u32.into());
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            (
                "Set C 2 1\nSolved\nC\n1 1\nEnd\nMove A\nC\n2 1\nEnd\n",
                4,
                "appears twice",
            ),
            (
                "Set C 2 1\nSolved\nC\n1 2\nEnd\nMove A\nD\n2 1\nEnd\n",
                7,
                "no set named",
            ),
            (
                "Set C 2 1\nSolved\nC\n1 2\nEnd\nMove A\nC\n2 1 3\nEnd\n",
                8,
                "2 pieces",
            ),
            (
                "Set C 2 3\nSolved\nC\n1 2\nEnd\nMove A\nC\n2 1\n3 0\nEnd\n",
                9,
                "0..2",
            ),
            (
                "Set C 2 1\nSolved\nC\n1 2\nEnd\nMoveSequence X\n",
                6,
                "Name, Set",
            ),
            (
                "Set C 2 1\nSolved\nC\n1 2\nEnd\nMove A\nC\n2 1\n",
                6,
                "no End",
            ),
            ("Set C 2 1\nSolved\nC\n1 2\nEnd\n", 0, "no Move"),
            ("Set C x 1\n", 1, "number of pieces"),
            ("Set C 2 1\nSolved\nC\n? 2\nEnd\n", 4, "wildcard"),
        ];
        for (text, line, want) in cases {
            let e = Puzzle::from_tws(text, "f.tws").unwrap_err().to_string();
            assert!(e.starts_with(&format!("f.tws:{line}: ")), "{text:?}: {e}");
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }

    #[test]
    fn export_lists_each_orbit() {
        // turnstyle:5 is primitive (A5): one piece per point
        let p = Puzzle::builtin("turnstyle:5").unwrap();
        let text = p.to_tws().unwrap();
        assert!(text.contains("Set ORBIT1 5 1\n"), "{text}");
        // L = (1,2,3,4,5): position 1 receives the piece from position 5
        assert!(
            text.contains("Move L\nORBIT1\n5 1 2 3 4\n0 0 0 0 0\nEnd\n"),
            "{text}"
        );
        let back = Puzzle::from_tws(&text, "t.tws").unwrap();
        for (a, b) in p.generators().iter().zip(back.generators()) {
            assert_eq!(a.perm, b.perm);
        }
    }

    #[test]
    fn cube_stickers_become_corners_and_edges() {
        let p = Puzzle::builtin("cube3").unwrap();
        let text = p.to_tws().unwrap();
        assert!(text.contains("Set ORBIT1 8 3\n"), "{text}");
        assert!(text.contains("Set ORBIT2 12 2\n"), "{text}");
        // the 6 centres are fixed by every move: left out of the file
        let sets = text.lines().filter(|l| l.starts_with("Set ")).count();
        assert_eq!(sets, 2, "{text}");
        assert!(text.contains("# left out, fixed by every move: points {5,14,23,32,41,50}"));
        let back = Puzzle::from_tws(&text, "c.tws").unwrap();
        assert_eq!(back.group().order(), p.group().order());
        // the points of a piece are consecutive after the round trip: each move maps
        // the 3 points of a corner onto the 3 points of a corner
        let u = &back.generators()[0].perm;
        for c in 0..8 {
            let img: Vec<usize> = (0..3).map(|t| u.image(3 * c + t) / 3).collect();
            assert!(img.iter().all(|&b| b == img[0]), "{img:?}");
        }
    }
}
