//! The cosets `H·g` of a subgroup `H` of a puzzle's group as a state space, indexed
//! compactly: the projection of M. Reid's optimal solver (1997), which bounds the
//! distance of a position by the distance of its coset of Kociemba's phase-1
//! subgroup `⟨U, D, R2, L2, F2, B2⟩`, looked up along the three axes.
//!
//! **What is kept.** The coset of a position is the labelling of its cells by the
//! orbits of `H` on the labels (an element of `H` keeps every label in its
//! `H`-orbit, and a position is in `H` only if it does too): each cell shows the
//! `H`-orbit of the label on it. Moves act on cells, so the labelling is moved by
//! the moves and its distance to the solved labelling is a lower bound on the
//! position's distance (equal to the moves needed to enter the set-wise
//! stabiliser of the `H`-orbits, which is `H` itself for Kociemba's subgroup).
//!
//! **The index.** Each non-trivial orbit of the puzzle's group is a *system* of
//! pieces (the blocks of [`crate::puzzle::tws`]'s oriented pieces: stickers listed so
//! that every move turns them cyclically, else single points). A piece's *class* is
//! the sequence of `H`-orbits of its stickers in that order, up to rotation;
//! pieces of one class look alike. A system's state is which class lies at each piece position
//! (ranked as a placement of alike tokens, [`Tokens`]) and how it is turned (the
//! slot its reference sticker lies on, modulo the class's period, as `o` digits
//! per position; a piece's reference sticker is the one from which its sequence
//! of orbits reads least, so that pieces whose sequences are rotations of each
//! other are of one class). When every move's twists sum to 0 mod `o` and every
//! class has period `o`, the slots of the reference stickers have a constant sum
//! and the last digit is left out. For
//! the cube and Kociemba's subgroup: corners `3^7 = 2187` (all alike, twist sum
//! invariant), edges `C(12,4)·2^11 = 1,013,760`: the 2,217,093,120 cosets, one
//! entry each.
//!
//! **Move tables.** With [`CosetSpace::with_move_tables`] each system's index
//! gets a table of its neighbours by every move (Kociemba's coordinates), so a
//! search step is one look-up per system instead of a rank computation.

use super::index::Tokens;
use super::memory::huge_page_vec;
use super::space::{Cursor, SpaceError, StateSpace};
use crate::group::PermGroup;
use crate::perm::Perm;

/// The cosets of a subgroup as placements of classes of alike pieces (see the
/// module docs).
#[derive(Clone, Debug)]
pub struct CosetSpace {
    name: String,
    degree: usize,
    names: Vec<String>,
    fwd: Vec<Vec<u8>>,
    inv: Vec<Vec<u8>>,
    closed: bool,
    /// The reference sticker of every piece, system by system, class by class:
    /// the labels whose positions make a state.
    tracked: Vec<u8>,
    /// Point -> (piece position in its system, slot).
    place: Vec<(u8, u8)>,
    systems: Vec<System>,
    size: u64,
    /// The orbits of the subgroup (0-based points), for the key.
    orbits: Vec<Vec<usize>>,
    tables: Option<MoveTables>,
}

/// The pieces of one orbit of the puzzle's group (see the module docs).
#[derive(Clone, Debug)]
struct System {
    /// Offset of its tracked stickers in a state; their number is `pieces`.
    start: usize,
    pieces: usize,
    /// Stickers per piece (orientations).
    o: usize,
    /// `points[P·o + t]`: the sticker of piece position `P` in slot `t`.
    points: Vec<u8>,
    /// The class of each of its tracked stickers.
    class_of: Vec<u8>,
    /// Per class, its period (a divisor of `o`).
    period: Vec<u8>,
    tokens: Tokens,
    /// The last position's twist is left out (determined by the others).
    reduced: bool,
    /// What the reference stickers' slots sum to mod `o` (when `reduced`).
    slot_sum: u8,
    turns: u64,
    size: u64,
}

impl System {
    /// Whether every class has full period, so that where the classes are and how
    /// the positions are turned move independently.
    fn is_split(&self) -> bool {
        self.period.iter().all(|&d| d as usize == self.o)
    }
}

/// A part of a system's index (see [`CosetSpace::part_sizes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    /// Where the classes are (the placement rank).
    Tokens,
    /// How the positions are turned.
    Turns,
    /// The whole index (a system whose parts do not move independently).
    Whole,
}

impl Part {
    /// The part's value in a system index `r`.
    fn of(self, sys: &System, r: u64) -> u64 {
        match self {
            Part::Tokens => r / sys.turns,
            Part::Turns => r % sys.turns,
            Part::Whole => r,
        }
    }

    /// The number of values of the part.
    fn values(self, sys: &System) -> u64 {
        match self {
            Part::Tokens => sys.tokens.size(),
            Part::Turns => sys.turns,
            Part::Whole => sys.size,
        }
    }
}

/// Per system, the neighbours of every index by every move.
#[derive(Clone, Debug)]
struct MoveTables {
    next: Vec<SystemTable>,
    /// The move that undoes each move.
    inverse_of: Vec<usize>,
    /// The product of the sizes of systems `1..`.
    rest: u64,
}

/// The move table of one system.
#[derive(Clone, Debug)]
enum SystemTable {
    /// Indexed by the whole index of the system: `next[r·moves + m]`.
    Whole(Vec<u32>),
    /// When every class has period `o`, a move changes where the classes are
    /// and how the positions are turned independently (Kociemba's separate slice
    /// and flip coordinates): a table for each part, small enough for the caches.
    Split {
        tokens: Vec<u32>,
        turns: Vec<u32>,
        /// Number of turn values (the radix of the turn part).
        radix: u64,
    },
}

impl SystemTable {
    /// The neighbour of index `r` by move `m` (indices are below `2^32`: 32-bit
    /// arithmetic, whose divisions are several times faster than 64-bit ones).
    #[inline(always)]
    fn next(&self, r: u32, moves: usize, m: usize) -> u32 {
        match self {
            SystemTable::Whole(t) => t[r as usize * moves + m],
            SystemTable::Split {
                tokens,
                turns,
                radix,
            } => {
                let radix = *radix as u32;
                let (a, b) = (r / radix, r % radix);
                tokens[a as usize * moves + m] * radix + turns[b as usize * moves + m]
            }
        }
    }
}

/// The error of a space of more than `2^64` cosets.
fn too_many_cosets() -> SpaceError {
    SpaceError::Other("coset space: more than 2^64 cosets (the subgroup is too small)".into())
}

/// The classes of a system's pieces: the `H`-orbits of a piece's stickers in
/// orientation order, up to rotation.
struct PieceClasses {
    /// Each class's sequence of `H`-orbits.
    patterns: Vec<Vec<usize>>,
    /// Each piece's class.
    class_of_piece: Vec<usize>,
    /// Each piece's reference slot: the first rotation giving the least
    /// sequence.
    reference: Vec<usize>,
}

impl PieceClasses {
    /// The classes of `pieces` (of `o` stickers each), each piece read from
    /// its reference slot; `horbit` is each point's `H`-orbit.
    fn new(pieces: &[Vec<usize>], horbit: &[usize], o: usize) -> PieceClasses {
        let n = pieces.len();
        let mut patterns: Vec<Vec<usize>> = Vec::new();
        let mut class_of_piece = Vec::with_capacity(n);
        let mut reference = Vec::with_capacity(n);
        for piece in pieces {
            let read =
                |r: usize| -> Vec<usize> { (0..o).map(|t| horbit[piece[(t + r) % o]]).collect() };
            let r = (0..o)
                .min_by_key(|&r| read(r))
                .expect("pieces have stickers");
            reference.push(r);
            let pat = read(r);
            let c = match patterns.iter().position(|q| *q == pat) {
                Some(c) => c,
                None => {
                    patterns.push(pat);
                    patterns.len() - 1
                }
            };
            class_of_piece.push(c);
        }
        PieceClasses {
            patterns,
            class_of_piece,
            reference,
        }
    }

    /// Each class's period: the least rotation of its pattern giving it again.
    fn periods(&self, o: usize) -> Vec<u8> {
        self.patterns
            .iter()
            .map(|pat| {
                (1..=o)
                    .find(|&d| o.is_multiple_of(d) && (0..o).all(|t| pat[(t + d) % o] == pat[t]))
                    .unwrap_or(o) as u8
            })
            .collect()
    }
}

impl System {
    /// The system of the `pieces` of one orbit (of at most 64, as many
    /// stickers each) under the moves' images `fwd`; `horbit` is each point's
    /// `H`-orbit. Each sticker's (piece, slot) is set in `place`, and the
    /// pieces' reference stickers, by class, are appended to `tracked`.
    fn of_pieces(
        pieces: &[Vec<usize>],
        horbit: &[usize],
        fwd: &[Vec<u8>],
        place: &mut [(u8, u8)],
        tracked: &mut Vec<u8>,
    ) -> Result<System, SpaceError> {
        let (n, o) = (pieces.len(), pieces[0].len());
        let mut points = Vec::with_capacity(n * o);
        for (pos, piece) in pieces.iter().enumerate() {
            for (t, &p) in piece.iter().enumerate() {
                place[p] = (pos as u8, t as u8);
                points.push(p as u8);
            }
        }
        let classes = PieceClasses::new(pieces, horbit, o);
        let reference = &classes.reference;
        let period = classes.periods(o);
        let start = tracked.len();
        let mut class_of = Vec::with_capacity(n);
        let mut counts = vec![0usize; classes.patterns.len()];
        for (c, count) in counts.iter_mut().enumerate() {
            for (pos, piece) in pieces.iter().enumerate() {
                if classes.class_of_piece[pos] == c {
                    tracked.push(piece[reference[pos]] as u8);
                    class_of.push(c as u8);
                    *count += 1;
                }
            }
        }
        let tokens = Tokens::new(n, counts)?;
        // every move's twists on this system sum to 0 mod o
        let invariant = fwd.iter().all(|m| {
            pieces
                .iter()
                .map(|piece| place[m[piece[0]] as usize].1 as usize)
                .sum::<usize>()
                % o
                == 0
        });
        let reduced = o > 1 && invariant && period.iter().all(|&d| d as usize == o);
        // the slots of the reference stickers sum to this at the goal, and
        // (twist sums being invariant) everywhere
        let slot_sum = (reference.iter().sum::<usize>() % o) as u8;
        let digits = (n - usize::from(reduced)) as u32;
        let turns = (o as u64).checked_pow(digits).ok_or_else(too_many_cosets)?;
        let size = tokens
            .size()
            .checked_mul(turns)
            .ok_or_else(too_many_cosets)?;
        Ok(System {
            start,
            pieces: n,
            o,
            points,
            class_of,
            period,
            tokens,
            reduced,
            slot_sum,
            turns,
            size,
        })
    }
}

impl CosetSpace {
    /// The cosets of the subgroup generated by `subgroup` in the group of the
    /// moves `perms` (named `names`) on `degree ≤ 255` points. The subgroup's
    /// generators should lie in the moves' group (else the projection is the one of
    /// the labelling by its orbits all the same).
    pub fn new(
        name: &str,
        degree: usize,
        subgroup: &[Perm],
        names: Vec<String>,
        perms: Vec<Perm>,
    ) -> Result<CosetSpace, SpaceError> {
        let bad = |why: String| Err(SpaceError::Other(format!("coset space: {why}")));
        if degree > crate::limits::MAX_BYTE_STATE_POINTS {
            return bad("at most 255 points".into());
        }
        if perms.iter().chain(subgroup).any(|p| p.degree() > degree) {
            return bad("a permutation moves points past the degree".into());
        }
        let group = PermGroup::new(degree, perms.clone());
        let sub = PermGroup::new(degree, subgroup.to_vec());
        let mut horbit = vec![0usize; degree];
        let orbits = sub.orbits();
        for (i, o) in orbits.iter().enumerate() {
            for &p in o {
                horbit[p] = i;
            }
        }
        let systems_of_blocks = group.minimal_block_systems();
        let (fwd, inv) = super::space::image_bytes(&perms, degree);
        let closed = inv.iter().all(|i| fwd.contains(i));
        let mut place = vec![(u8::MAX, 0u8); degree];
        let mut tracked = Vec::new();
        let mut systems = Vec::new();
        let mut size: u64 = 1;
        for orbit in group.orbits().into_iter().filter(|o| o.len() > 1) {
            let pieces: Vec<Vec<usize>> = systems_of_blocks
                .iter()
                .filter(|b| orbit.binary_search(&b[0][0]).is_ok())
                .find_map(|blocks| crate::puzzle::tws::oriented_pieces(blocks, &perms, degree))
                .unwrap_or_else(|| orbit.iter().map(|&p| vec![p]).collect());
            let n = pieces.len();
            if n > 64 {
                return bad(format!("an orbit of {n} pieces (at most 64)"));
            }
            let system = System::of_pieces(&pieces, &horbit, &fwd, &mut place, &mut tracked)?;
            size = size.checked_mul(system.size).ok_or_else(too_many_cosets)?;
            systems.push(system);
        }
        if systems.is_empty() {
            return bad("the moves move no point".into());
        }
        Ok(CosetSpace {
            name: name.to_string(),
            degree,
            names,
            fwd,
            inv,
            closed,
            tracked,
            place,
            systems,
            size,
            orbits,
            tables: None,
        })
    }

    /// The same space with move tables per system (Kociemba's coordinates) when
    /// the moves are closed under inverses, every table has at most `max_entries`
    /// rows (a system's index, or each of its two parts when they move
    /// independently), the first system and the others together have fewer
    /// than `2^32` indices; else unchanged (a search then steps through states).
    pub fn with_move_tables(mut self, max_entries: u64) -> CosetSpace {
        let rest = self.systems[1..]
            .iter()
            .try_fold(1u64, |r, s| r.checked_mul(s.size))
            .unwrap_or(u64::MAX);
        let fits = |s: &System| {
            s.size <= max_entries
                || s.is_split() && s.tokens.size() <= max_entries && s.turns <= max_entries
        };
        if !self.closed
            || rest > u32::MAX as u64
            || self.systems[0].size > u32::MAX as u64
            || !self.systems.iter().all(fits)
        {
            return self;
        }
        let inverse_of: Vec<usize> = self
            .inv
            .iter()
            .map(|i| self.fwd.iter().position(|f| f == i).expect("closed"))
            .collect();
        let next = self
            .systems
            .iter()
            .map(|sys| {
                if sys.is_split() {
                    SystemTable::Split {
                        tokens: self.part_table_of(sys, Part::Tokens),
                        turns: self.part_table_of(sys, Part::Turns),
                        radix: sys.turns,
                    }
                } else {
                    SystemTable::Whole(self.part_table_of(sys, Part::Whole))
                }
            })
            .collect();
        self.tables = Some(MoveTables {
            next,
            inverse_of,
            rest,
        });
        self
    }

    /// The move table of one part of a system's index: `t[v·moves + m]` is the
    /// part's value after move `m` from value `v` (the parts of a split system move
    /// independently, so this is well defined).
    fn part_table_of(&self, sys: &System, part: Part) -> Vec<u32> {
        let moves = self.fwd.len();
        let range = sys.start..sys.start + sys.pieces;
        let mut state = vec![0u8; self.tracked.len()];
        let mut next_state = vec![0u8; self.tracked.len()];
        let (count, stride) = match part {
            Part::Tokens => (sys.tokens.size(), sys.turns),
            Part::Turns => (sys.turns, 1),
            Part::Whole => (sys.size, 1),
        };
        let mut t = huge_page_vec(count as usize * moves, 0u32);
        for r in 0..count {
            self.unrank_system(sys, r * stride, &mut state);
            for (m, f) in self.fwd.iter().enumerate() {
                for j in range.clone() {
                    next_state[j] = f[state[j] as usize];
                }
                t[r as usize * moves + m] = part.of(sys, self.rank_system(sys, &next_state)) as u32;
            }
        }
        t
    }

    /// The parts of a coset's index, system by system: a system whose classes all
    /// have full period gives two (where its classes are, Kociemba's slice
    /// coordinate, and how its positions are turned, his twist and flip), any other
    /// its whole index. Parts with one value (all pieces alike, no turns) are left
    /// out. Each is (system, part, number of values).
    fn part_list(&self) -> Vec<(usize, Part, u64)> {
        let mut out = Vec::new();
        for (i, sys) in self.systems.iter().enumerate() {
            let parts: &[Part] = if sys.is_split() {
                &[Part::Tokens, Part::Turns]
            } else {
                &[Part::Whole]
            };
            for &p in parts {
                let n = p.values(sys);
                if n > 1 {
                    out.push((i, p, n));
                }
            }
        }
        out
    }

    /// The number of values of each part of a coset's index (see
    /// [`CosetSpace::parts_of`]): for the cube and Kociemba's subgroup the twist
    /// (2187), the edges' slice placement (495) and their flip (2048).
    pub fn part_sizes(&self) -> Vec<u64> {
        self.part_list().into_iter().map(|(_, _, n)| n).collect()
    }

    /// The parts of the coset of state `s` (positions of the tracked labels), in
    /// the order of [`CosetSpace::part_sizes`]: together they determine the coset,
    /// and each moves on its own ([`CosetSpace::part_move_table`]).
    pub fn parts_of(&self, s: &[u8], out: &mut Vec<u32>) {
        out.clear();
        for (i, p, _) in self.part_list() {
            let sys = &self.systems[i];
            out.push(p.of(sys, self.rank_system(sys, s)) as u32);
        }
    }

    /// The move table of part `k` (in the order of [`CosetSpace::part_sizes`]):
    /// entry `v·moves + m` is the part's value after move `m` from value `v`.
    pub fn part_move_table(&self, k: usize) -> Vec<u32> {
        let (i, p, _) = self.part_list()[k];
        self.part_table_of(&self.systems[i], p)
    }

    /// Whether [`CosetSpace::with_move_tables`] built the tables.
    pub fn has_move_tables(&self) -> bool {
        self.tables.is_some()
    }

    /// The number of values of the two coordinates of
    /// [`CosetSpace::coordinates`]: the first system's indices and the other
    /// systems' together.
    pub fn coordinate_values(&self) -> (u64, u64) {
        let rest = self.systems[1..].iter().map(|s| s.size).product();
        (self.systems[0].size, rest)
    }

    /// The index of the coset with these coordinates (the inverse of
    /// [`CosetSpace::coordinates`]).
    #[inline]
    pub fn index_of_coordinates(&self, (a, b): (u32, u32)) -> u64 {
        a as u64 * self.coordinate_values().1 + b as u64
    }

    /// The number of points.
    pub fn degree(&self) -> usize {
        self.degree
    }

    /// The system of pieces of every point (`usize::MAX` for points no move
    /// moves).
    pub fn system_of_points(&self) -> Vec<usize> {
        let mut of = vec![usize::MAX; self.degree];
        for (i, sys) in self.systems.iter().enumerate() {
            for &p in &sys.points {
                of[p as usize] = i;
            }
        }
        of
    }

    /// The orbits of the subgroup (0-based points).
    pub fn subgroup_orbits(&self) -> &[Vec<usize>] {
        &self.orbits
    }

    /// The labels whose positions make a state (the reference sticker of every
    /// piece).
    pub fn tracked(&self) -> &[u8] {
        &self.tracked
    }

    /// The coordinates of index `r` for [`CosetSpace::neighbour_of`] (with move
    /// tables: the first system's index and the others' together).
    #[inline]
    pub fn coordinates(&self, r: u64) -> (u32, u32) {
        match &self.tables {
            Some(t) => ((r / t.rest) as u32, (r % t.rest) as u32),
            None => (0, 0),
        }
    }

    /// The index of the neighbour by move `m` (its inverse when `inverse`) of the
    /// position with these coordinates; needs the move tables.
    #[inline]
    pub fn neighbour_of(&self, (a, b): (u32, u32), m: usize, inverse: bool) -> u64 {
        let t = self.tables.as_ref().expect("move tables");
        let m = if inverse { t.inverse_of[m] } else { m };
        self.step_first(a, m) as u64 * t.rest + self.step_rest(b, m) as u64
    }

    /// The first coordinate of the neighbour by move `m` of a coset whose first
    /// coordinate is `a` (the systems move independently); needs the move tables.
    #[inline(always)]
    pub fn step_first(&self, a: u32, m: usize) -> u32 {
        let t = self.tables.as_ref().expect("move tables");
        t.next[0].next(a, self.fwd.len(), m)
    }

    /// The second coordinate (the other systems together) of the neighbour by
    /// move `m` of a coset whose second coordinate is `b`; needs the move tables.
    #[inline(always)]
    pub fn step_rest(&self, b: u32, m: usize) -> u32 {
        let t = self.tables.as_ref().expect("move tables");
        let moves = self.fwd.len();
        if let [_, only] = &t.next[..] {
            return only.next(b, moves, m);
        }
        let (mut rest, mut value, mut radix) = (b, 0u32, 1u32);
        for (i, sys) in self.systems.iter().enumerate().skip(1).rev() {
            // the product of the sizes is below 2^32 (see `with_move_tables`)
            let size = sys.size as u32;
            let digit = rest % size;
            rest /= size;
            value += t.next[i].next(digit, moves, m) * radix;
            radix = radix.wrapping_mul(size);
        }
        value
    }

    /// The coordinates of the neighbour by move `m` of the coset with
    /// coordinates `(a, b)`; needs the move tables.
    #[inline(always)]
    pub fn step(&self, (a, b): (u32, u32), m: usize) -> (u32, u32) {
        (self.step_first(a, m), self.step_rest(b, m))
    }

    #[inline]
    fn rank_system(&self, sys: &System, s: &[u8]) -> u64 {
        let mut pos = [0u8; 64];
        let mut turn = [0u8; 64];
        for j in 0..sys.pieces {
            let (p, t) = self.place[s[sys.start + j] as usize];
            pos[j] = p;
            turn[p as usize] = t % sys.period[sys.class_of[j] as usize];
        }
        let digits = sys.pieces - usize::from(sys.reduced);
        let mut r = 0u64;
        for &t in &turn[..digits] {
            r = r * sys.o as u64 + t as u64;
        }
        sys.tokens.rank(&pos[..sys.pieces]) * sys.turns + r
    }

    fn unrank_system(&self, sys: &System, r: u64, out: &mut [u8]) {
        let mut pos = [0u8; 64];
        let mut turn = [0u8; 64];
        sys.tokens.unrank(r / sys.turns, &mut pos[..sys.pieces]);
        let digits = sys.pieces - usize::from(sys.reduced);
        let mut rest = r % sys.turns;
        let o = sys.o as u64;
        for t in turn[..digits].iter_mut().rev() {
            *t = (rest % o) as u8;
            rest /= o;
        }
        if sys.reduced {
            let sum: usize = turn[..digits].iter().map(|&t| t as usize).sum();
            turn[sys.pieces - 1] = ((sys.slot_sum as usize + sys.o - sum % sys.o) % sys.o) as u8;
        }
        for j in 0..sys.pieces {
            let p = pos[j] as usize;
            out[sys.start + j] = sys.points[p * sys.o + turn[p] as usize];
        }
    }
}

impl StateSpace for CosetSpace {
    fn size(&self) -> u64 {
        self.size
    }
    fn width(&self) -> usize {
        self.tracked.len()
    }
    fn move_count(&self) -> usize {
        self.fwd.len()
    }
    fn move_name(&self, m: usize) -> &str {
        &self.names[m]
    }
    #[inline]
    fn apply(&self, m: usize, inverse: bool, s: &[u8], out: &mut [u8]) {
        let mv = if inverse { &self.inv[m] } else { &self.fwd[m] };
        super::space::move_positions(mv, &s[..self.tracked.len()], out);
    }
    #[inline]
    fn rank(&self, s: &[u8]) -> u64 {
        self.systems
            .iter()
            .fold(0, |r, sys| r * sys.size + self.rank_system(sys, s))
    }
    fn unrank(&self, mut r: u64, out: &mut [u8]) {
        for sys in self.systems.iter().rev() {
            self.unrank_system(sys, r % sys.size, out);
            r /= sys.size;
        }
    }
    fn goals(&self) -> Vec<Vec<u8>> {
        vec![self.tracked.clone()]
    }
    #[inline]
    fn seek(&self, r: u64, c: &mut Cursor) {
        match &self.tables {
            Some(_) => c.coords = self.coordinates(r),
            None => self.unrank(r, &mut c.state),
        }
    }
    #[inline]
    fn neighbour(&self, c: &mut Cursor, m: usize, inverse: bool) -> u64 {
        match &self.tables {
            Some(_) => self.neighbour_of(c.coords, m, inverse),
            None => {
                self.apply(m, inverse, &c.state, &mut c.next);
                self.rank(&c.next)
            }
        }
    }
    fn inverse_closed(&self) -> bool {
        self.closed
    }
    fn key(&self) -> String {
        let orbits: Vec<String> = self
            .orbits
            .iter()
            .map(|o| {
                let pts: Vec<String> = o.iter().map(|p| (p + 1).to_string()).collect();
                format!("{{{}}}", pts.join(","))
            })
            .collect();
        let pieces: Vec<String> = self
            .systems
            .iter()
            .map(|sys| {
                sys.points
                    .chunks(sys.o)
                    .map(|c| {
                        let pts: Vec<String> = c.iter().map(|p| (p + 1).to_string()).collect();
                        format!("({})", pts.join(","))
                    })
                    .collect::<String>()
            })
            .collect();
        format!(
            "cosets of the subgroup with orbits {} of {} on {} points, pieces {}: {}",
            orbits.join(""),
            self.name,
            self.degree,
            pieces.join(" "),
            super::space::describe_moves(&self.names, &self.fwd)
        )
    }
    fn to_cells(&self, s: &[u8]) -> Vec<u32> {
        super::space::tracked_cells(self.degree, &self.tracked, s)
    }
    fn state_of_cells(&self, cells: &[u32]) -> Result<Vec<u8>, SpaceError> {
        super::space::tracked_state_of_cells(self.degree, &self.tracked, cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use std::collections::{HashMap, HashSet, VecDeque};

    /// The coset labelling of a state (image list): each cell's subgroup orbit.
    fn labelling(space: &CosetSpace, g: &[usize]) -> Vec<usize> {
        let mut orbit_of = vec![usize::MAX; space.degree];
        for (i, o) in space.orbits.iter().enumerate() {
            for &p in o {
                orbit_of[p] = i;
            }
        }
        let mut cells = vec![usize::MAX; space.degree];
        for (l, &p) in g.iter().enumerate() {
            cells[p] = orbit_of[l];
        }
        cells
    }

    /// Checked against a breadth-first search over the labellings themselves: the
    /// ranks agree exactly when the labellings do, unranking inverts ranking, the
    /// move tables agree with stepping through states, and for Kociemba's subgroup
    /// of the 2x2x2 cube (twists only) every entry is one coset: `|G|/|H|` of them.
    #[test]
    fn ranks_are_the_labellings_of_cosets() {
        for (spec, sub) in [
            ("cube2", "cube2[U,R2,F2]"),
            ("cube2", "cube2[U,D]"),
            ("cube3[R,U]", "cube3[R,U]"),
            ("cube2", "cube2[U,D,R2,L2,F2,B2]"),
        ] {
            let puzzle = Puzzle::load(spec).unwrap();
            let subp = Puzzle::load(sub).unwrap();
            // every power of every generator: moves closed under inverses
            let perms = crate::search::moves::MoveSet::for_puzzle(
                &puzzle,
                crate::search::moves::Metric::Htm,
            )
            .unwrap()
            .perms();
            let names: Vec<String> = (0..perms.len()).map(|i| format!("m{i}")).collect();
            let n = puzzle.degree();
            let space = CosetSpace::new("t", n, &subp.generator_perms(), names, perms.clone())
                .unwrap()
                .with_move_tables(1 << 22);
            assert!(space.has_move_tables());
            // breadth-first over labellings, by permutations
            let identity: Vec<usize> = (0..n).collect();
            let mut seen: HashMap<Vec<usize>, u64> = HashMap::new();
            let mut ranks = HashSet::new();
            let mut queue = VecDeque::from([identity.clone()]);
            let track = |g: &[usize]| -> Vec<u8> {
                space.tracked.iter().map(|&l| g[l as usize] as u8).collect()
            };
            seen.insert(labelling(&space, &identity), space.rank(&track(&identity)));
            ranks.insert(space.rank(&track(&identity)));
            let mut cursor = Cursor::new(space.width());
            while let Some(g) = queue.pop_front() {
                let r = space.rank(&track(&g));
                let mut buf = vec![0u8; space.width()];
                space.unrank(r, &mut buf);
                assert_eq!(space.rank(&buf), r);
                for (m, p) in perms.iter().enumerate() {
                    let h: Vec<usize> = g.iter().map(|&x| p.image(x)).collect();
                    let rh = space.rank(&track(&h));
                    space.seek(r, &mut cursor);
                    assert_eq!(space.neighbour(&mut cursor, m, false), rh);
                    let lab = labelling(&space, &h);
                    match seen.get(&lab) {
                        Some(&r2) => assert_eq!(r2, rh, "{spec} {sub}"),
                        None => {
                            assert!(ranks.insert(rh), "two labellings share a rank");
                            seen.insert(lab, rh);
                            queue.push_back(h);
                        }
                    }
                }
            }
            assert!(seen.len() as u64 <= space.size());
            if sub == "cube2[U,D,R2,L2,F2,B2]" {
                let index = puzzle.group().order() / subp.group().order();
                assert_eq!(index, num_bigint::BigUint::from(space.size()));
                assert_eq!(seen.len() as u64, space.size());
            }
        }
    }

    /// Kociemba's phase-1 coordinates: the cube's cosets of ⟨U, D, R2, L2, F2, B2⟩
    /// have one entry each (`|G|/|H|` = 2,217,093,120, from the two group orders),
    /// and so do those of its subgroups ⟨U, D, R2, L2⟩ of index 6 (the slice
    /// edges in two pairs) and of index 24 fixing the slice edges (generated by
    /// U, D and the conjugates of U by R2, L2, F2, B2), whose table reduced by
    /// symmetry is `bench solve --optimal`'s default.
    #[test]
    fn kociemba_cosets_have_one_entry_each() {
        let puzzle = Puzzle::load("cube3").unwrap();
        for (subgroup, size) in [
            ("cube3[U,D,R2,L2,F2,B2]", 2_217_093_120u64),
            ("cube3[U,D,R2,L2]", 13_302_558_720),
            ("cube3[U,D,R2 U R2,L2 U L2,F2 U F2,B2 U B2]", 53_210_234_880),
        ] {
            let sub = Puzzle::load(subgroup).unwrap();
            let perms = puzzle.generator_perms();
            let names: Vec<String> = (0..perms.len()).map(|i| format!("m{i}")).collect();
            let space = CosetSpace::new("t", puzzle.degree(), &sub.generator_perms(), names, perms)
                .unwrap();
            let index = puzzle.group().order() / sub.group().order();
            assert_eq!(index, num_bigint::BigUint::from(space.size()), "{subgroup}");
            assert_eq!(space.size(), size, "{subgroup}");
        }
    }
}
