//! State spaces for exhaustive search: a perfect index (state ↔ `0..size`), the
//! moves acting on states, and the goal states.
//!
//! States are small byte vectors. For a permutation group (the Cayley graph of the
//! puzzle's moves) the state of an element `g` is its image list `g[l]` = the
//! position of the piece labelled `l` (so `g.to_state()` is its inverse, the labels
//! at positions); a move `m` after it gives `g·m`, i.e. `out[l] = m[g[l]]`.

use super::coords::CoordIndex;
use super::index::{Arrangements, ChainIndex, IndexError, PerfectIndex, ProductIndex, Tokens};
use crate::group::PermGroup;
use crate::perm::slice;
use crate::perm::Perm;
use crate::puzzle::{Metric, Puzzle, PuzzleError};
use num_traits::ToPrimitive;

/// A problem building a state space or reading a state of it.
#[derive(Debug, thiserror::Error)]
pub enum SpaceError {
    /// An indexing limit.
    #[error(transparent)]
    Index(#[from] IndexError),
    /// A bad state.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// Something else, explained.
    #[error("{0}")]
    Other(String),
}

/// A position being visited by a search: working memory (one per thread) for
/// [`StateSpace::seek`] and [`StateSpace::neighbour`].
#[derive(Clone, Debug, Default)]
pub struct Cursor {
    /// The position's state (spaces that step by states).
    pub state: Vec<u8>,
    /// A scratch state.
    pub next: Vec<u8>,
    /// The position's coordinates (spaces that step by move tables).
    pub coords: (u32, u32),
}

impl Cursor {
    /// A cursor for states of `width` bytes.
    pub fn new(width: usize) -> Cursor {
        Cursor {
            state: vec![0; width],
            next: vec![0; width],
            coords: (0, 0),
        }
    }
}

/// A finite state space with a perfect index, searched by [`crate::search::bfs`].
pub trait StateSpace: Sync {
    /// Number of states (the table size).
    fn size(&self) -> u64;
    /// Length of the state vectors.
    fn width(&self) -> usize;
    /// Number of moves.
    fn move_count(&self) -> usize;
    /// Name of move `m`.
    fn move_name(&self, m: usize) -> &str;
    /// The state after move `m` (or its inverse when `inverse`) from `s`, into `out`.
    fn apply(&self, m: usize, inverse: bool, s: &[u8], out: &mut [u8]);
    /// The index of a state.
    fn rank(&self, s: &[u8]) -> u64;
    /// The state of an index, into `out[..width]`.
    fn unrank(&self, r: u64, out: &mut [u8]);
    /// The goal states (the solved state, or several).
    fn goals(&self) -> Vec<Vec<u8>>;
    /// Loads the position of index `r` into the cursor (by default its state).
    #[inline]
    fn seek(&self, r: u64, c: &mut Cursor) {
        self.unrank(r, &mut c.state);
    }
    /// The index of the neighbour of the cursor's position by move `m` (or its
    /// inverse when `inverse`); by default through the states.
    #[inline]
    fn neighbour(&self, c: &mut Cursor, m: usize, inverse: bool) -> u64 {
        self.apply(m, inverse, &c.state, &mut c.next);
        self.rank(&c.next)
    }
    /// The indices of the neighbours of the cursor's position by every move (by
    /// every inverse move when `inverse`) into `out[..move_count]`, in an order
    /// that is not specified (a search needs only the set); by default through
    /// [`StateSpace::neighbour`].
    #[inline]
    fn neighbours(&self, c: &mut Cursor, inverse: bool, out: &mut [u64]) {
        for (m, o) in out[..self.move_count()].iter_mut().enumerate() {
            *o = self.neighbour(c, m, inverse);
        }
    }
    /// Whether the inverse of every move is a move (then a neighbour of a position
    /// at distance `d` is at distance `d-1`, `d` or `d+1`).
    fn inverse_closed(&self) -> bool;
    /// A description identifying the space (kept in saved tables).
    fn key(&self) -> String;
    /// The state as cell contents: 0-based labels at positions, `u32::MAX` for a
    /// cell whose label is not tracked.
    fn to_cells(&self, s: &[u8]) -> Vec<u32>;
    /// The state of cell contents (0-based labels at positions, a permutation of
    /// the puzzle's labels), or an error if it is not in the space.
    fn state_of_cells(&self, cells: &[u32]) -> Result<Vec<u8>, SpaceError>;
}

/// Moves as image arrays with their inverses.
#[derive(Clone, Debug)]
pub(crate) struct MoveTable {
    names: Vec<String>,
    fwd: Vec<Vec<u8>>,
    inv: Vec<Vec<u8>>,
    closed: bool,
}

/// Moves as `name=cycles`, separated by spaces (part of a state space's key).
pub(crate) fn describe_moves(names: &[String], fwd: &[Vec<u8>]) -> String {
    fwd.iter()
        .zip(names)
        .map(|(f, n)| {
            let p = Perm::from_images(f.iter().map(|&x| x as u32).collect())
                .expect("moves are permutations");
            format!("{n}={p}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The positions `s` (of tracked labels) after the move with image array `mv`,
/// into `out[..s.len()]`.
#[inline(always)]
pub(crate) fn move_positions(mv: &[u8], s: &[u8], out: &mut [u8]) {
    slice::compose(s, mv, &mut out[..s.len()]);
}

/// The image arrays of `perms` and of their inverses on `degree` points, one byte
/// per point (the form move tables and state spaces apply).
pub(crate) fn image_bytes(perms: &[Perm], degree: usize) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let to_u8 = |p: &Perm| -> Vec<u8> {
        let p = p.extended(degree);
        (0..degree).map(|i| p.image(i) as u8).collect()
    };
    let fwd = perms.iter().map(to_u8).collect();
    let inv = perms.iter().map(|p| to_u8(&p.inverse())).collect();
    (fwd, inv)
}

impl MoveTable {
    /// The moves `perms`, named `names`, on `degree` points.
    pub(crate) fn new(names: Vec<String>, perms: &[Perm], degree: usize) -> MoveTable {
        let (fwd, inv) = image_bytes(perms, degree);
        let closed = inv.iter().all(|i| fwd.contains(i));
        MoveTable {
            names,
            fwd,
            inv,
            closed,
        }
    }

    #[inline]
    fn get(&self, m: usize, inverse: bool) -> &[u8] {
        if inverse {
            &self.inv[m]
        } else {
            &self.fwd[m]
        }
    }

    /// Move `m` (or its inverse) on the positions `s` (a state or part of one).
    #[inline(always)]
    fn apply(&self, m: usize, inverse: bool, s: &[u8], out: &mut [u8]) {
        slice::compose(s, self.get(m, inverse), out);
    }

    fn describe(&self) -> String {
        describe_moves(&self.names, &self.fwd)
    }

    /// The image arrays of the moves.
    pub(crate) fn images(&self) -> &[Vec<u8>] {
        &self.fwd
    }
}

/// The moves of a puzzle for a search: its generators, and with `with_inverses`
/// also the inverse of each generator not already listed (named `X'`).
pub fn puzzle_moves(puzzle: &Puzzle, with_inverses: bool) -> (Vec<String>, Vec<Perm>) {
    let mut names = puzzle.generator_names();
    let mut perms = puzzle.generator_perms();
    if with_inverses {
        let n = perms.len();
        for i in 0..n {
            let inv = perms[i].inverse();
            if !perms.contains(&inv) {
                names.push(format!("{}'", names[i]));
                perms.push(inv);
            }
        }
    }
    (names, perms)
}

/// The moves of a puzzle for a search in `metric` ([`Metric`]): the
/// generators as listed ([`Metric::Generators`]), with their inverses
/// ([`Metric::Qtm`], as [`puzzle_moves`] with inverses), or every power of each
/// generator ([`Metric::Htm`], the moves of
/// [`MoveSet`](super::moves::MoveSet) in the half-turn metric: `R R2 R'`, a generator
/// that is a power of another merged into its family). The half-turn moves need at
/// most 255 points.
///
/// ```
/// use permlab::puzzle::Metric;
/// use permlab::search::space::metric_moves;
/// let cube2 = permlab::Puzzle::builtin("cube2").unwrap();
/// let (names, _) = metric_moves(&cube2, Metric::Htm).unwrap();
/// assert_eq!(names.len(), 18);
/// assert_eq!(&names[..3], ["U", "U2", "U'"]);
/// let (names, _) = metric_moves(&cube2, Metric::Qtm).unwrap();
/// assert_eq!(names.len(), 12);
/// ```
pub fn metric_moves(
    puzzle: &Puzzle,
    metric: Metric,
) -> Result<(Vec<String>, Vec<Perm>), SpaceError> {
    match metric {
        Metric::Generators => {
            // a listed move equal to an earlier one is the same move: searched once
            let (names, perms) = puzzle_moves(puzzle, false);
            let mut kept: (Vec<String>, Vec<Perm>) = (Vec::new(), Vec::new());
            for (n, p) in names.into_iter().zip(perms) {
                if !kept.1.contains(&p) {
                    kept.0.push(n);
                    kept.1.push(p);
                }
            }
            Ok(kept)
        }
        Metric::Qtm => Ok(puzzle_moves(puzzle, true)),
        Metric::Htm => {
            let set = super::moves::MoveSet::for_puzzle(puzzle, super::moves::Metric::Htm)
                .map_err(|e| SpaceError::Other(format!("the half-turn metric: {e}")))?;
            let names = set.moves().iter().map(|m| m.name.clone()).collect();
            Ok((names, set.perms()))
        }
    }
}

/// What a search in `metric` makes of the listed moves that are not new moves, one
/// sentence each: a move equal to an earlier listed one (searched once), and in the
/// `htm` and `qtm` metrics a move that is a power of an earlier one (both are moves
/// of one family). Empty when every listed move is a move of its own.
///
/// ```
/// use permlab::puzzle::Metric;
/// use permlab::search::space::move_notes;
/// let p = permlab::Puzzle::from_gens_text("t", "A: (1,2,3,4)\nB: (1,4,3,2)\nC: (1,2,3,4)\n").unwrap();
/// assert_eq!(move_notes(&p, Metric::Generators), ["move C equals move A: searched once"]);
/// assert_eq!(
///     move_notes(&p, Metric::Htm),
///     ["move B is A^3 and move C equals move A: one move family, its powers A A2 A'"]
/// );
/// ```
pub fn move_notes(puzzle: &Puzzle, metric: Metric) -> Vec<String> {
    let names = puzzle.generator_names();
    let perms = puzzle.generator_perms();
    let mut notes = Vec::new();
    match metric {
        Metric::Generators => {
            for (j, p) in perms.iter().enumerate() {
                if let Some(i) = perms[..j].iter().position(|q| q == p) {
                    notes.push(format!(
                        "move {} equals move {}: searched once",
                        names[j], names[i]
                    ));
                }
            }
        }
        Metric::Htm | Metric::Qtm => {
            // per family (the first listed move it contains), the later moves in it
            let mut family_of: Vec<Option<(usize, u64)>> = vec![None; perms.len()];
            for j in 0..perms.len() {
                for i in 0..j {
                    if family_of[i].is_some() || perms[i].is_identity() {
                        continue;
                    }
                    let order = perms[i].order().to_u64().unwrap_or(u64::MAX);
                    let mut q = perms[i].clone();
                    let mut k = 1;
                    while k < order.min(1 << 10) {
                        if q == perms[j] {
                            family_of[j] = Some((i, k));
                            break;
                        }
                        q = &q * &perms[i];
                        k += 1;
                    }
                    if family_of[j].is_some() {
                        break;
                    }
                }
            }
            for i in 0..perms.len() {
                let members: Vec<String> = (0..perms.len())
                    .filter_map(|j| match family_of[j] {
                        Some((f, 1)) if f == i => {
                            Some(format!("move {} equals move {}", names[j], names[i]))
                        }
                        Some((f, k)) if f == i => {
                            Some(format!("move {} is {}^{k}", names[j], names[i]))
                        }
                        _ => None,
                    })
                    .collect();
                if members.is_empty() {
                    continue;
                }
                let powers = super::moves::MoveSet::new(
                    puzzle.degree(),
                    &[(names[i].clone(), perms[i].clone())],
                    std::slice::from_ref(&perms[i]),
                    match metric {
                        Metric::Qtm => super::moves::Metric::Qtm,
                        _ => super::moves::Metric::Htm,
                    },
                )
                .map(|s| {
                    s.moves()
                        .iter()
                        .map(|m| m.name.clone())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default();
                notes.push(format!(
                    "{}: one move family, its powers {powers}",
                    members.join(" and ")
                ));
            }
        }
    }
    notes
}

/// How the elements of a permutation group are indexed.
#[derive(Clone, Debug)]
pub enum GroupIndexing {
    /// Two move-table coordinates ([`CoordIndex`]): a search step is two table
    /// look-ups.
    Coords(Box<CoordIndex>, Box<PermGroup>),
    /// The product of symmetric groups on the orbits (or its even part):
    /// Lehmer ranks, no group computation per state.
    Product(ProductIndex),
    /// The stabiliser chain of a general group, as byte tables.
    Chain(Box<ChainIndex>, Box<PermGroup>),
    /// The stabiliser chain through `PermGroup::rank` (when the byte tables would
    /// be too large).
    Group(Box<PermGroup>),
}

/// The largest move tables a [`CoordIndex`] may have: 512 MB, or an eighth of
/// the available memory when that is less (the distance table needs the rest).
pub fn coord_table_budget() -> usize {
    let cap = 512usize << 20;
    super::table::available_memory().map_or(cap, |a| cap.min((a / 8) as usize))
}

/// The Cayley graph of the group generated by some moves: the positions are the
/// group elements, indexed by [`GroupIndexing`].
#[derive(Clone, Debug)]
pub struct GroupSpace {
    name: String,
    degree: usize,
    moves: MoveTable,
    indexing: GroupIndexing,
    size: u64,
}

impl GroupSpace {
    /// The Cayley graph of `⟨perms⟩` on `degree ≤ 255` points. The indexing is
    /// chosen from the group: the product of the symmetric groups on its orbits
    /// (or the even part of it) when the group is exactly that, else the
    /// stabiliser chain.
    pub fn new(
        name: &str,
        degree: usize,
        names: Vec<String>,
        perms: Vec<Perm>,
    ) -> Result<GroupSpace, SpaceError> {
        if degree > crate::limits::MAX_BYTE_STATE_POINTS {
            return Err(IndexError::TooManyCells(degree).into());
        }
        let group = PermGroup::new(degree, perms.clone());
        let order = group.order();
        let too_large = || SpaceError::from(IndexError::TooLarge);
        let size = order.to_u64().ok_or_else(too_large)?;
        let orbits: Vec<Vec<usize>> = group.orbits().into_iter().filter(|o| o.len() > 1).collect();
        let mut product = num_bigint::BigUint::from(1u32);
        for o in &orbits {
            for k in 2..=o.len() {
                product *= k as u32;
            }
        }
        let indexing = if let Some(c) = CoordIndex::new(&group, &perms, coord_table_budget()) {
            GroupIndexing::Coords(Box::new(c), Box::new(group))
        } else if product == order {
            GroupIndexing::Product(ProductIndex::new(degree, orbits, false)?)
        } else if product == order.clone() * 2u32 && group.all_generators_even() {
            GroupIndexing::Product(ProductIndex::new(degree, orbits, true)?)
        } else {
            match ChainIndex::new(&group, 256 << 20) {
                Some(c) => GroupIndexing::Chain(Box::new(c), Box::new(group)),
                None => GroupIndexing::Group(Box::new(group)),
            }
        };
        Ok(GroupSpace {
            name: name.to_string(),
            degree,
            moves: MoveTable::new(names, &perms, degree),
            indexing,
            size,
        })
    }

    /// The space of a puzzle's generators (plus their inverses if asked).
    pub fn for_puzzle(puzzle: &Puzzle, with_inverses: bool) -> Result<GroupSpace, SpaceError> {
        let (names, perms) = puzzle_moves(puzzle, with_inverses);
        GroupSpace::new(puzzle.name(), puzzle.degree(), names, perms)
    }

    /// The indexing in use.
    pub fn indexing(&self) -> &GroupIndexing {
        &self.indexing
    }

    /// A one-line description of the indexing.
    pub fn describe_indexing(&self) -> String {
        match &self.indexing {
            GroupIndexing::Coords(c, _) => c.describe(),
            GroupIndexing::Product(_) => "Lehmer ranks on the orbits".into(),
            GroupIndexing::Chain(..) => "stabiliser chain ranks, byte tables".into(),
            GroupIndexing::Group(_) => "stabiliser chain ranks (PermGroup::rank)".into(),
        }
    }

    /// The element of a state.
    pub fn element(&self, s: &[u8]) -> Perm {
        Perm::from_images(s.iter().map(|&x| x as u32).collect()).expect("states are permutations")
    }

    /// The state of an element.
    pub fn state_of(&self, g: &Perm) -> Vec<u8> {
        (0..self.degree)
            .map(|i| g.extended(self.degree).image(i) as u8)
            .collect()
    }
}

impl StateSpace for GroupSpace {
    fn size(&self) -> u64 {
        self.size
    }
    fn width(&self) -> usize {
        self.degree
    }
    fn move_count(&self) -> usize {
        self.moves.fwd.len()
    }
    fn move_name(&self, m: usize) -> &str {
        &self.moves.names[m]
    }
    #[inline]
    fn apply(&self, m: usize, inverse: bool, s: &[u8], out: &mut [u8]) {
        let n = self.degree;
        self.moves.apply(m, inverse, &s[..n], &mut out[..n]);
    }
    #[inline]
    fn rank(&self, s: &[u8]) -> u64 {
        match &self.indexing {
            GroupIndexing::Coords(c, _) => c.rank(s),
            GroupIndexing::Product(p) => p.rank(s),
            GroupIndexing::Chain(c, _) => c.rank(s),
            GroupIndexing::Group(g) => {
                g.rank(&self.element(s))
                    .expect("states of the space are group elements") as u64
            }
        }
    }
    #[inline]
    fn unrank(&self, r: u64, out: &mut [u8]) {
        match &self.indexing {
            GroupIndexing::Coords(c, _) => c.unrank(r, out),
            GroupIndexing::Product(p) => p.unrank(r, out),
            GroupIndexing::Chain(c, _) => c.unrank(r, out),
            GroupIndexing::Group(g) => {
                let e = g
                    .unrank(r as u128)
                    .expect("a rank of the space is below its size |G|")
                    .extended(self.degree);
                for (i, o) in out[..self.degree].iter_mut().enumerate() {
                    *o = e.image(i) as u8;
                }
            }
        }
    }
    #[inline(always)]
    fn seek(&self, r: u64, c: &mut Cursor) {
        match &self.indexing {
            GroupIndexing::Coords(idx, _) => c.coords = idx.coordinates(r),
            _ => self.unrank(r, &mut c.state),
        }
    }
    #[inline(always)]
    fn neighbour(&self, c: &mut Cursor, m: usize, inverse: bool) -> u64 {
        match &self.indexing {
            GroupIndexing::Coords(idx, _) => idx.neighbour(c.coords, m, inverse),
            _ => {
                self.apply(m, inverse, &c.state, &mut c.next);
                self.rank(&c.next)
            }
        }
    }
    #[inline(always)]
    fn neighbours(&self, c: &mut Cursor, inverse: bool, out: &mut [u64]) {
        match &self.indexing {
            GroupIndexing::Coords(idx, _) => idx.neighbours(c.coords, inverse, out),
            _ => {
                for (m, o) in out[..self.move_count()].iter_mut().enumerate() {
                    self.apply(m, inverse, &c.state, &mut c.next);
                    *o = self.rank(&c.next);
                }
            }
        }
    }
    fn goals(&self) -> Vec<Vec<u8>> {
        vec![(0..self.degree as u8).collect()]
    }
    fn inverse_closed(&self) -> bool {
        self.moves.closed
    }
    fn key(&self) -> String {
        format!(
            "group {} on {} points: {}; index: {}",
            self.name,
            self.degree,
            self.moves.describe(),
            self.describe_indexing()
        )
    }
    fn to_cells(&self, s: &[u8]) -> Vec<u32> {
        let mut cells = vec![0u32; self.degree];
        for (l, &p) in s[..self.degree].iter().enumerate() {
            cells[p as usize] = l as u32;
        }
        cells
    }
    fn state_of_cells(&self, cells: &[u32]) -> Result<Vec<u8>, SpaceError> {
        let g = Perm::from_state(cells).map_err(|e| SpaceError::Other(format!("state: {e}")))?;
        let s = self.state_of(&g);
        let member = match &self.indexing {
            GroupIndexing::Product(p) => p.contains(&s),
            GroupIndexing::Coords(_, grp)
            | GroupIndexing::Chain(_, grp)
            | GroupIndexing::Group(grp) => grp.contains(&g),
        };
        if !member {
            return Err(SpaceError::Other(
                "state: not reachable from the solved state with these moves (not in the group)"
                    .into(),
            ));
        }
        Ok(s)
    }
}

/// Positions on a ring up to rotation (seed 002's Turnstyle): states are
/// arrangements of `0..n` on a circle with label 0 normalised to position 0; the
/// moves are the puzzle's non-rotation generators at every offset (rotating is
/// free). On such states a move followed by the rotation that brings label 0 back
/// is the position map `p ↦ m(p) − m(0) (mod n)`, which fixes 0; these maps
/// generate a group on the other `n − 1` cells whose elements are exactly the
/// positions, so the space is the [`GroupSpace`] of that group (for Turnstyle-12
/// all 11! arrangements; for odd `n` the even ones; for `n = 6` only 20).
#[derive(Clone, Debug)]
pub struct RingSpace {
    n: usize,
    group: GroupSpace,
}

impl RingSpace {
    /// The ring space of a puzzle whose generators include the rotation
    /// `(1,2,…,n)`: every other generator (other than the rotation's inverse) is
    /// taken at each offset `k` (conjugated by the `k`-th power of the rotation,
    /// so it acts on positions shifted by `k`), named `NAME+k`.
    pub fn for_puzzle(puzzle: &Puzzle) -> Result<RingSpace, SpaceError> {
        let n = puzzle.degree();
        if n > 64 {
            return Err(IndexError::TooManyCells(n).into());
        }
        let rot = Perm::from_cycles(n, &[(0..n).collect()])
            .map_err(|e| SpaceError::Other(e.to_string()))?;
        let gens = puzzle.generator_perms();
        if !gens.contains(&rot) {
            return Err(SpaceError::Other(format!(
                "positions up to rotation need a generator rotating the ring (1,2,...,{n}); {} has none",
                puzzle.name()
            )));
        }
        let rot_inv = rot.inverse();
        let mut names = Vec::new();
        let mut perms = Vec::new();
        for m in puzzle.generators() {
            if m.perm == rot || m.perm == rot_inv {
                continue;
            }
            for k in 0..n {
                // rot^-k * m * rot^k acts as m on positions shifted by k, and is
                // then followed by the rotation bringing label 0 back to 0
                let p = &(&rot.pow(-(k as i64)) * &m.perm) * &rot.pow(k as i64);
                let p0 = p.extended(n).image(0);
                let normalised = (0..n)
                    .map(|x| ((p.extended(n).image(x) + n - p0) % n) as u32)
                    .collect();
                names.push(format!("{}+{k}", m.name));
                perms.push(Perm::from_images(normalised).expect("a rotated permutation"));
            }
        }
        if perms.is_empty() {
            return Err(SpaceError::Other("no moves besides the rotation".into()));
        }
        let name = format!("{} up to rotation", puzzle.name());
        Ok(RingSpace {
            n,
            group: GroupSpace::new(&name, n, names, perms)?,
        })
    }

    /// The group space of the normalised moves.
    pub fn group_space(&self) -> &GroupSpace {
        &self.group
    }
}

impl StateSpace for RingSpace {
    fn size(&self) -> u64 {
        self.group.size()
    }
    fn width(&self) -> usize {
        self.n
    }
    fn move_count(&self) -> usize {
        self.group.move_count()
    }
    fn move_name(&self, m: usize) -> &str {
        self.group.move_name(m)
    }
    #[inline(always)]
    fn apply(&self, m: usize, inverse: bool, s: &[u8], out: &mut [u8]) {
        self.group.apply(m, inverse, s, out)
    }
    #[inline(always)]
    fn rank(&self, s: &[u8]) -> u64 {
        self.group.rank(s)
    }
    #[inline(always)]
    fn unrank(&self, r: u64, out: &mut [u8]) {
        self.group.unrank(r, out)
    }
    #[inline(always)]
    fn seek(&self, r: u64, c: &mut Cursor) {
        self.group.seek(r, c)
    }
    #[inline(always)]
    fn neighbour(&self, c: &mut Cursor, m: usize, inverse: bool) -> u64 {
        self.group.neighbour(c, m, inverse)
    }
    #[inline(always)]
    fn neighbours(&self, c: &mut Cursor, inverse: bool, out: &mut [u64]) {
        self.group.neighbours(c, inverse, out)
    }
    fn goals(&self) -> Vec<Vec<u8>> {
        self.group.goals()
    }
    fn inverse_closed(&self) -> bool {
        self.group.inverse_closed()
    }
    fn key(&self) -> String {
        format!("ring: {}", self.group.key())
    }
    fn to_cells(&self, s: &[u8]) -> Vec<u32> {
        self.group.to_cells(s)
    }
    fn state_of_cells(&self, cells: &[u32]) -> Result<Vec<u8>, SpaceError> {
        // rotate so that label 0 (1 in text) is in front
        let front = cells.iter().position(|&c| c == 0).unwrap_or(0);
        let mut rotated = cells.to_vec();
        rotated.rotate_left(front);
        self.group.state_of_cells(&rotated)
    }
}

/// A state space of where some labels are: a state lists the positions of the
/// `tracked` labels (`s[j]` is the position of `tracked[j]`), the moves act on
/// those positions, and the goal is every tracked label home. Such spaces differ
/// in how they index the positions, `I` ([`PiecesSpace`], [`TokensSpace`],
/// [`OrientedPiecesSpace`](super::oriented::OrientedPiecesSpace)).
#[derive(Clone, Debug)]
pub struct TrackedSpace<I> {
    name: String,
    degree: usize,
    tracked: Vec<u8>,
    moves: MoveTable,
    index: I,
}

/// How a [`TrackedSpace`] indexes the positions of its tracked labels (a
/// [`PerfectIndex`] of them), and how its key names them.
pub trait TrackedIndex: PerfectIndex + Sync {
    /// What the space is, as its key begins (`pieces 3,1`), from the tracked labels.
    fn kind(&self, tracked: &[u8]) -> String;
    /// What the key says after the number of points (`, pieces (1,2)(3,4)`);
    /// nothing by default.
    fn details(&self) -> String {
        String::new()
    }
    /// The state `s` as cell contents ([`StateSpace::to_cells`]); by default
    /// each tracked label at its position, the other cells `u32::MAX`.
    fn to_cells(&self, degree: usize, tracked: &[u8], s: &[u8]) -> Vec<u32> {
        tracked_cells(degree, tracked, s)
    }
}

impl<I> TrackedSpace<I> {
    /// The space of the labels `tracked` under `moves` on `degree` points,
    /// indexed by `index` (the caller has checked that they fit together).
    pub(crate) fn from_parts(
        name: &str,
        degree: usize,
        tracked: Vec<u8>,
        moves: MoveTable,
        index: I,
    ) -> TrackedSpace<I> {
        TrackedSpace {
            name: name.to_string(),
            degree,
            tracked,
            moves,
            index,
        }
    }

    /// The tracked labels (0-based), in the order of a state's entries.
    pub fn tracked(&self) -> Vec<usize> {
        self.tracked.iter().map(|&t| t as usize).collect()
    }

    /// The indexing of the positions.
    pub fn index(&self) -> &I {
        &self.index
    }
}

/// Where some pieces are, ignoring the others: the states are the placements of
/// the tracked labels on the puzzle's cells (`n!/(n-k)!` of them, [`Arrangements`]),
/// the goal is "tracked pieces home". A search of it gives every position's
/// distance to the nearest position with the tracked pieces home (a multi-goal
/// search).
pub type PiecesSpace = TrackedSpace<Arrangements>;

impl PiecesSpace {
    /// The placements of the labels `tracked` (0-based) under the given moves.
    pub fn new(
        name: &str,
        degree: usize,
        tracked: Vec<usize>,
        names: Vec<String>,
        perms: Vec<Perm>,
    ) -> Result<PiecesSpace, SpaceError> {
        if tracked.iter().any(|&t| t >= degree) {
            return Err(SpaceError::Other(format!(
                "tracked labels must be 1..{degree}"
            )));
        }
        let mut sorted = tracked.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != tracked.len() || tracked.is_empty() {
            return Err(SpaceError::Other(
                "tracked labels must be distinct and not empty".into(),
            ));
        }
        Ok(TrackedSpace::from_parts(
            name,
            degree,
            tracked.iter().map(|&t| t as u8).collect(),
            MoveTable::new(names, &perms, degree),
            Arrangements::new(degree, tracked.len())?,
        ))
    }
}

/// Labels (0-based) as their 1-based numbers separated by commas (`3,1`).
pub(crate) fn labels_text(labels: &[u8]) -> String {
    let t: Vec<String> = labels.iter().map(|t| (t + 1).to_string()).collect();
    t.join(",")
}

impl TrackedIndex for Arrangements {
    fn kind(&self, tracked: &[u8]) -> String {
        format!("pieces {}", labels_text(tracked))
    }
}

/// The cells of a state that records where the points `tracked` are (`s[j]` is the
/// position of `tracked[j]`): the cell at each such position holds its point, the
/// others `u32::MAX` (the convention of [`StateSpace::to_cells`]).
pub(crate) fn tracked_cells(degree: usize, tracked: &[u8], s: &[u8]) -> Vec<u32> {
    let mut cells = vec![u32::MAX; degree];
    for (j, &p) in s[..tracked.len()].iter().enumerate() {
        cells[p as usize] = tracked[j] as u32;
    }
    cells
}

/// The positions of the points `tracked` in the arrangement `cells` (the inverse of
/// [`tracked_cells`] on whole arrangements).
pub(crate) fn tracked_state_of_cells(
    degree: usize,
    tracked: &[u8],
    cells: &[u32],
) -> Result<Vec<u8>, SpaceError> {
    let g = Perm::from_state(cells).map_err(|e| SpaceError::Other(format!("state: {e}")))?;
    let g = g.extended(degree);
    Ok(tracked.iter().map(|&t| g.image(t as usize) as u8).collect())
}

impl<I: TrackedIndex> StateSpace for TrackedSpace<I> {
    #[inline]
    fn size(&self) -> u64 {
        self.index.size()
    }
    fn width(&self) -> usize {
        self.tracked.len()
    }
    #[inline]
    fn apply(&self, m: usize, inverse: bool, s: &[u8], out: &mut [u8]) {
        let k = self.tracked.len();
        self.moves.apply(m, inverse, &s[..k], &mut out[..k]);
    }
    #[inline]
    fn rank(&self, s: &[u8]) -> u64 {
        self.index.rank(s)
    }
    #[inline]
    fn unrank(&self, r: u64, out: &mut [u8]) {
        self.index.unrank(r, out)
    }
    fn move_count(&self) -> usize {
        self.moves.fwd.len()
    }
    fn move_name(&self, m: usize) -> &str {
        &self.moves.names[m]
    }
    fn goals(&self) -> Vec<Vec<u8>> {
        vec![self.tracked.clone()]
    }
    fn inverse_closed(&self) -> bool {
        self.moves.closed
    }
    fn key(&self) -> String {
        format!(
            "{} of {} on {} points{}: {}",
            self.index.kind(&self.tracked),
            self.name,
            self.degree,
            self.index.details(),
            self.moves.describe()
        )
    }
    fn to_cells(&self, s: &[u8]) -> Vec<u32> {
        self.index.to_cells(self.degree, &self.tracked, s)
    }
    fn state_of_cells(&self, cells: &[u32]) -> Result<Vec<u8>, SpaceError> {
        tracked_state_of_cells(self.degree, &self.tracked, cells)
    }
}

/// Where some classes of pieces are, pieces of a class being alike: the states
/// are the placements of coloured tokens on the cells ([`Tokens`]), a token of
/// class `i` for each label of `classes[i]`; the goal is every class on its own
/// cells. When the classes are the orbits of a subgroup `H` on the labels, every
/// element of `H` reaches the goal, so a search gives a lower bound on the moves
/// into `H` (the coset space of `H`, coarsened; the phase-1 tables of
/// Thistlethwaite's and Kociemba's methods are of this kind). The tracked labels
/// are the classes' labels, concatenated (class by class).
pub type TokensSpace = TrackedSpace<Tokens>;

impl TokensSpace {
    /// The placements of the classes of labels `classes` (0-based, disjoint) under
    /// the given moves on `degree ≤ 64` cells.
    pub fn new(
        name: &str,
        degree: usize,
        classes: Vec<Vec<usize>>,
        names: Vec<String>,
        perms: Vec<Perm>,
    ) -> Result<TokensSpace, SpaceError> {
        let mut class_of = vec![usize::MAX; degree];
        for (i, c) in classes.iter().enumerate() {
            if c.is_empty() || i >= 255 {
                return Err(SpaceError::Other(
                    "token classes must be non-empty and fewer than 255".into(),
                ));
            }
            for &l in c {
                if l >= degree || class_of[l] != usize::MAX {
                    return Err(SpaceError::Other(format!(
                        "token classes must be disjoint labels 1..{degree}"
                    )));
                }
                class_of[l] = i;
            }
        }
        let index = Tokens::new(degree, classes.iter().map(|c| c.len()).collect())?;
        Ok(TrackedSpace::from_parts(
            name,
            degree,
            classes.iter().flatten().map(|&l| l as u8).collect(),
            MoveTable::new(names, &perms, degree),
            index,
        ))
    }

    /// The labels of the classes, concatenated: the order of a state's entries.
    pub fn labels(&self) -> Vec<usize> {
        self.tracked()
    }
}

impl TrackedIndex for Tokens {
    fn kind(&self, tracked: &[u8]) -> String {
        let mut classes: Vec<String> = Vec::new();
        let mut at = 0;
        for &k in self.counts() {
            classes.push(format!("{{{}}}", labels_text(&tracked[at..at + k])));
            at += k;
        }
        format!("tokens {}", classes.join(" "))
    }
    /// The cells with the smallest label of the class there (`u32::MAX` if empty).
    fn to_cells(&self, degree: usize, tracked: &[u8], s: &[u8]) -> Vec<u32> {
        let mut cells = vec![u32::MAX; degree];
        let mut at = 0;
        for &k in self.counts() {
            let rep = tracked[at..at + k].iter().min().copied().unwrap_or(0);
            for &p in &s[at..at + k] {
                cells[p as usize] = rep as u32;
            }
            at += k;
        }
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::oriented::OrientedPiecesSpace;

    /// Two pieces of two stickers and a fixed pair: `a` swaps the pieces and turns one.
    fn moves() -> (Vec<String>, Vec<Perm>) {
        let a = Perm::from_images(vec![2, 3, 1, 0, 4, 5]).unwrap();
        let b = Perm::from_images(vec![0, 1, 2, 3, 5, 4]).unwrap();
        (vec!["a".into(), "b".into()], vec![a, b])
    }

    /// The keys name the kind of space, its labels, the puzzle and the moves, as
    /// saved tables have them.
    #[test]
    fn keys_of_the_tracked_spaces() {
        let (names, perms) = moves();
        let p = PiecesSpace::new("t", 6, vec![2, 0], names.clone(), perms.clone()).unwrap();
        let t = TokensSpace::new(
            "t",
            6,
            vec![vec![3, 1], vec![4]],
            names.clone(),
            perms.clone(),
        )
        .unwrap();
        let pieces = vec![vec![0, 1], vec![2, 3]];
        let o = OrientedPiecesSpace::new("t", 6, vec![0], &pieces, names, perms).unwrap();
        let moves = "a=(1,3,2,4) b=(5,6)";
        assert_eq!(p.key(), format!("pieces 3,1 of t on 6 points: {moves}"));
        assert_eq!(
            t.key(),
            format!("tokens {{4,2}} {{5}} of t on 6 points: {moves}")
        );
        assert_eq!(
            o.key(),
            format!("oriented pieces 1 of t on 6 points, pieces (1,2)(3,4): {moves}")
        );
        let none = u32::MAX;
        // the smallest label of a class stands for it
        assert_eq!(t.to_cells(&[0, 5, 4]), [1, none, none, none, 4, 1]);
        assert_eq!(p.to_cells(&[0, 5]), [2, none, none, none, none, 0]);
        assert_eq!(p.state_of_cells(&[2, 1, 0, 3, 5, 4]).unwrap(), [0, 2]);
        assert_eq!(t.state_of_cells(&[2, 1, 0, 3, 5, 4]).unwrap(), [3, 1, 5]);
    }
}
