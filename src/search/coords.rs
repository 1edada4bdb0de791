//! Move-table coordinates: a perfect index of a permutation group's elements
//! built from two smaller "coordinates", so that a search step is two table
//! look-ups instead of a rank computation (the idea of Kociemba's coordinates,
//! derived here from the group for any puzzle).
//!
//! The moved points are split into two lists of labels `T₁` and `T₂`. An element
//! `g` (as images: `g[l]` = the position of label `l`) has the coordinates
//! `t₁ = (g[l] : l ∈ T₁)` and `t₂ = (g[l] : l ∈ T₂)`; a move acts on each
//! coordinate on its own (`m` maps each position `p` to `m[p]`), so each
//! coordinate has a move table over its reachable values (the orbits `C₁`, `C₂` of
//! the tuples `T₁`, `T₂` under the group, enumerated breadth-first).
//!
//! Not every pair occurs: the values `t₂` compatible with a given `t₁` (its
//! *fibre*) form a translate of `F₀ = T₂^S`, the orbit of `T₂` under the pointwise
//! stabiliser `S = G_(T₁)`, of size `K = |S| = |G|/|C₁|` (as `S` meets `H = G_(T₂)`
//! only in the identity, because `T₁ ∪ T₂` holds every moved point). When `HS` is a
//! subgroup (checked: `|⟨H, S⟩| = |H|·|S|`), `F₀` is a block of the action on `C₂`
//! (blocks through a point correspond to the subgroups above its stabiliser), so
//! the fibres partition `C₂`. Numbering `C₂` fibre by fibre (`t₂ = class·K + j`),
//! the index of `g` is `t₁·K + j`, a bijection onto `0..|G|`, and a neighbour's
//! index is `next₁[t₁][m]·K + (next₂[t₂][m] mod K)`.
//!
//! For the symmetric group on `n` points and `T₁` = the first `⌈n/2⌉` labels this
//! is the split of a permutation into "where the first labels are" and "the order of
//! the rest"; for a group that is a subdirect product over two orbits (e.g. the
//! corners and edges of ⟨R, U⟩) it is Goursat's lemma, with the fibres the cosets
//! of the kernel. The split `T₁ | T₂` is chosen among the prefixes of the moved
//! points (ordered by orbit, block or piece) to make the tables smallest.
//!
//! A coordinate's values are numbered by a perfect (or nearly perfect) rank
//! through the puzzle's pieces where it can (pieces × orientations,
//! e.g. `7·6·5·3³` for three corners of the 2x2x2 cube), else in the order met
//! through a hash map.

use super::index::Arrangements;
use super::memory::huge_page_vec;
use crate::group::PermGroup;
use crate::perm::slice;
use crate::perm::Perm;
use num_traits::ToPrimitive;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A fast multiplicative hasher (as rustc's FxHash) for packed tuples.
#[derive(Default)]
struct TupleHasher(u64);

impl Hasher for TupleHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// The widest coordinate tuple (points per coordinate).
const MAX_WIDTH: usize = 32;

/// A tuple of at most [`MAX_WIDTH`] points packed into integers (zero-padded), so
/// hashing, comparing and sorting tuples are integer operations.
type Key = [u64; MAX_WIDTH / 8];

#[inline]
fn pack(t: &[u8]) -> Key {
    let mut b = [0u8; MAX_WIDTH];
    b[..t.len()].copy_from_slice(t);
    let mut k = [0u64; MAX_WIDTH / 8];
    for (x, c) in k.iter_mut().zip(b.chunks_exact(8)) {
        *x = u64::from_le_bytes(c.try_into().expect("8 bytes"));
    }
    k
}

type TupleMap = HashMap<Key, u32, BuildHasherDefault<TupleHasher>>;

/// The pieces of a puzzle's moves: piece ids of the points (`pieces[p]`), the
/// coarsest partition of the points in which two points of a class are moved by
/// the same moves and every move carries each class onto a class. It is the
/// coarsest stable refinement of the partition by "moved by which moves" (the
/// fixpoint of Hopcroft's partition refinement, as in DFA minimisation; Paige &
/// Tarjan, *Three partition refinement algorithms*, SIAM J. Comput. 16, 1987), so
/// it is a block system of the group the moves generate, possibly across orbits
/// (the two stickers of a Dino cube edge lie in two orbits). On a twisty puzzle
/// its classes are the physical pieces: the stickers of a corner move together.
fn piece_classes(n: usize, moves: &[Vec<u8>]) -> Vec<u32> {
    let renumber = |keys: Vec<Vec<u32>>| -> (Vec<u32>, usize) {
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
        let cls = keys
            .into_iter()
            .map(|k| {
                let next = ids.len() as u32;
                *ids.entry(k).or_insert(next)
            })
            .collect();
        (cls, ids.len())
    };
    let moved_by: Vec<Vec<u32>> = (0..n)
        .map(|p| {
            (0..moves.len() as u32)
                .filter(|&m| moves[m as usize][p] as usize != p)
                .collect()
        })
        .collect();
    let (mut class, mut count) = renumber(moved_by);
    loop {
        let keys: Vec<Vec<u32>> = (0..n)
            .map(|p| {
                std::iter::once(class[p])
                    .chain(moves.iter().map(|m| class[m[p] as usize]))
                    .collect()
            })
            .collect();
        let (next, next_count) = renumber(keys);
        if next_count == count {
            return class;
        }
        (class, count) = (next, next_count);
    }
}

/// The largest sparse rank range, as a multiple of the number of values, for
/// which [`UnitRank`] numbers a coordinate through a look-up array.
const SPARSE_FACTOR: u64 = 8;

/// A rank of coordinate tuples through the pieces ([`piece_classes`]): the tuple's
/// *units* are its first label of each piece; where a unit goes determines (on
/// the values met, checked while enumerating) where the rest of its piece's labels
/// go. The units in one orbit `O` of points go to distinct pieces among the `N`
/// pieces meeting `O`, each with `r = |O ∩ piece|` choices of cell: their
/// arrangement rank (`N!/(N-k)!` values, Lehmer's code) times the base-`r`
/// digits of the cells, the orbits' ranks in mixed radix. For pieces of one point
/// this is the arrangement rank of the tuple; for `k` corners of a cube (3
/// stickers) it is piece × orientation indexing, `N!/(N-k)!·3^k`.
#[derive(Clone, Debug)]
struct UnitRank {
    /// per point: its piece's index among the pieces meeting its orbit, and its
    /// index among the points of its orbit in that piece
    block: Vec<u8>,
    offset: Vec<u8>,
    /// per point: its orbit (`u8::MAX` for a fixed point)
    orbit: Vec<u8>,
    /// per orbit met by the tuple's units
    groups: Vec<UnitGroup>,
    /// the range of the rank, the product of the groups' ranges
    size: u64,
}

/// The units of a tuple in one orbit of points.
#[derive(Clone, Debug)]
struct UnitGroup {
    /// the orbit
    orbit: u8,
    /// the tuple positions of the units
    units: Vec<usize>,
    /// their arrangements on the pieces meeting the orbit
    arr: Arrangements,
    /// `r`: the points of the orbit in one piece
    r: u64,
    /// `r^k` for the `k` units
    r_pow: u64,
    /// the range of the group's rank
    range: u64,
}

impl UnitRank {
    /// The rank for tuples with the labels `t`; `None` when the pieces do not meet
    /// an orbit evenly or the range is above 2^63.
    fn new(t: &[u8], pieces: &[u32], orbits: &[Vec<usize>]) -> Option<UnitRank> {
        let n = pieces.len();
        let (mut block, mut offset) = (vec![0u8; n], vec![0u8; n]);
        let mut orbit_of = vec![usize::MAX; n];
        if orbits.len() >= u8::MAX as usize {
            return None;
        }
        let mut r_of = vec![0u64; orbits.len()];
        for (oi, o) in orbits.iter().enumerate() {
            let mut met: Vec<u32> = o.iter().map(|&p| pieces[p]).collect();
            met.sort_unstable();
            met.dedup();
            let mut filled = vec![0u64; met.len()];
            for &p in o {
                let b = met.binary_search(&pieces[p]).ok()?;
                block[p] = u8::try_from(b).ok()?;
                offset[p] = u8::try_from(filled[b]).ok()?;
                filled[b] += 1;
                orbit_of[p] = oi;
            }
            if filled.iter().any(|&f| f != filled[0]) {
                return None;
            }
            r_of[oi] = filled[0];
        }
        let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
        let mut pieces_seen: Vec<u32> = Vec::new();
        for (i, &l) in t.iter().enumerate() {
            let l = l as usize;
            if pieces_seen.contains(&pieces[l]) {
                continue;
            }
            pieces_seen.push(pieces[l]);
            let oi = orbit_of[l];
            if oi == usize::MAX {
                return None;
            }
            match groups.iter_mut().find(|(o, _)| *o == oi) {
                Some((_, units)) => units.push(i),
                None => groups.push((oi, vec![i])),
            }
        }
        let mut size: u64 = 1;
        let mut out = Vec::new();
        for (oi, units) in groups {
            let pieces_met = orbits[oi].len() as u64 / r_of[oi];
            let arr = Arrangements::new(pieces_met as usize, units.len()).ok()?;
            let range = arr
                .size()
                .checked_mul(r_of[oi].checked_pow(units.len() as u32)?)?;
            size = size.checked_mul(range)?;
            out.push(UnitGroup {
                orbit: oi as u8,
                r_pow: range / arr.size(),
                units,
                arr,
                r: r_of[oi],
                range,
            });
        }
        let orbit = orbit_of.iter().map(|&o| o.min(255) as u8).collect();
        (size < 1 << 63).then_some(UnitRank {
            block,
            offset,
            orbit,
            groups: out,
            size,
        })
    }

    /// The rank of any tuple of cells `t`: `None` when a unit is outside its
    /// orbit or two units of an orbit are in one piece (then `t` is no value).
    fn checked_rank(&self, t: &[u8]) -> Option<u64> {
        for g in &self.groups {
            let mut used = 0u64;
            for &u in &g.units {
                let c = *t.get(u)? as usize;
                let b = *self.block.get(c)?;
                if self.orbit[c] != g.orbit || b as usize >= g.arr.cells() || used >> b & 1 == 1 {
                    return None;
                }
                used |= 1 << b;
            }
        }
        Some(self.rank(t))
    }

    /// The rank of the tuple of cells `t` (cells of distinct pieces per orbit):
    /// per orbit Lehmer's code of the units' pieces (each digit the piece's index
    /// among the pieces not taken by earlier units) and the units' cells in
    /// their pieces.
    #[inline(always)]
    fn rank(&self, t: &[u8]) -> u64 {
        let mut acc = 0u64;
        for g in &self.groups {
            let (mut used, mut arr, mut digits) = (0u64, 0u64, 0u64);
            let n = g.arr.cells() as u64;
            for (i, &u) in g.units.iter().enumerate() {
                let c = t[u] as usize;
                let b = self.block[c] as u64;
                let below = (used & ((1u64 << b) - 1)).count_ones() as u64;
                arr = arr * (n - i as u64) + (b - below);
                used |= 1 << b;
                digits = digits * g.r + self.offset[c] as u64;
            }
            acc = acc * g.range + arr * g.r_pow + digits;
        }
        acc
    }
}

/// A move table's entries, in 16 bits when every entry fits (half the memory
/// and cache the search's look-ups go through).
#[derive(Clone, Debug)]
enum Rows {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl Rows {
    fn new(v: Vec<u32>) -> Rows {
        if v.iter().all(|&x| x <= u16::MAX as u32) {
            Rows::Narrow(v.into_iter().map(|x| x as u16).collect())
        } else {
            Rows::Wide(v)
        }
    }
    fn is_empty(&self) -> bool {
        match self {
            Rows::Narrow(v) => v.is_empty(),
            Rows::Wide(v) => v.is_empty(),
        }
    }
    fn bytes(&self) -> usize {
        match self {
            Rows::Narrow(v) => 2 * v.len(),
            Rows::Wide(v) => 4 * v.len(),
        }
    }
    #[inline(always)]
    fn get(&self, i: usize) -> u32 {
        match self {
            Rows::Narrow(v) => v[i] as u32,
            Rows::Wide(v) => v[i],
        }
    }
}

/// How [`CoordIndex::try_rank`] finds the id of a coordinate's value.
#[derive(Clone, Debug)]
enum Finder {
    /// Binary search in the ids sorted by tuple.
    Sorted(Vec<u32>),
    /// By the [`UnitRank`]: `ids[rank]` (`u32::MAX`: no value), or the rank itself
    /// when `ids` is empty.
    Ranked(UnitRank, Vec<u32>),
}

impl Finder {
    /// Entries of 4 bytes held.
    fn len(&self) -> usize {
        match self {
            Finder::Sorted(v) | Finder::Ranked(_, v) => v.len(),
        }
    }
}

/// How the values of a coordinate are numbered while it is enumerated.
enum Ids {
    /// In the order met, through a hash map.
    Map(TupleMap),
    /// By the [`UnitRank`] of the value: the rank itself when its range is the
    /// number of values (`table` empty), else `table[rank]` (`u32::MAX`: not met
    /// yet) in the order met.
    Rank { rank: UnitRank, table: Vec<u32> },
}

/// What an enumeration knows of a tuple.
enum Slot {
    /// A value met before, with its id.
    Known(u32),
    /// Not met yet (with its rank, when ranked).
    New(u64),
    /// A rank out of range: the rank is not perfect here.
    Clash,
}

/// The reachable values of one coordinate, enumerated breadth-first.
struct Enumerated {
    width: usize,
    /// value id -> tuple, `width` bytes each
    tuples: Vec<u8>,
    /// `next[id * moves + m]` = id of the value after move `m`
    next: Vec<u32>,
    ids: Ids,
    /// per rank (for `Ids::Rank` without a table): whether it is a value
    seen: Vec<bool>,
    /// per value: the companion tuple carried along the breadth-first tree
    companions: Vec<u8>,
    /// number of values
    count: usize,
    /// the number of values there must be
    expected: usize,
}

impl Enumerated {
    fn len(&self) -> usize {
        self.count
    }
    fn tuple(&self, id: usize) -> &[u8] {
        &self.tuples[id * self.width..(id + 1) * self.width]
    }
    /// Whether `t` was met, and its id. A rank is not checked against the tuple
    /// of its id: if the rank were not injective on the orbit, fewer than the
    /// orbit's size of ranks would be met, and the enumeration fails its count.
    #[inline(always)]
    fn slot(&self, t: &[u8]) -> Slot {
        match &self.ids {
            Ids::Map(map) => map
                .get(&pack(t))
                .map_or(Slot::New(0), |&id| Slot::Known(id)),
            Ids::Rank { rank, table } => {
                let r = rank.rank(t);
                if table.is_empty() {
                    match self.seen.get(r as usize) {
                        Some(true) => Slot::Known(r as u32),
                        Some(false) => Slot::New(r),
                        None => Slot::Clash,
                    }
                } else {
                    match table[r as usize] {
                        u32::MAX => Slot::New(r),
                        id => Slot::Known(id),
                    }
                }
            }
        }
    }
    /// The id of a value, if it is one.
    #[inline]
    fn id(&self, t: &[u8]) -> Option<u32> {
        match self.slot(t) {
            Slot::Known(id) => Some(id),
            _ => None,
        }
    }
}

/// An orbit to enumerate: the orbit of the tuple `start` under `moves` (each
/// move's images), carrying `companion` along (the companion of a value is the
/// image of `companion` under the element of the tree path that reached it);
/// `expected` is the orbit's size.
#[derive(Clone, Copy)]
struct Orbit<'a> {
    start: &'a [u8],
    companion: &'a [u8],
    moves: &'a [Vec<u8>],
    expected: usize,
}

/// Breadth-first enumeration of an orbit. Values are numbered through `rank`
/// when given and its range is at most [`SPARSE_FACTOR`] (and at most the number
/// of moves) times the orbit's size (exactly by rank when the range is the
/// size), else in the order met through a hash map.
/// `None` when the orbit does not have the expected size.
fn enumerate(orbit: Orbit<'_>, rank: Option<UnitRank>) -> Option<Enumerated> {
    if let Some(r) = rank {
        // a look-up array no larger than the move table (4 bytes per move per value)
        let factor = SPARSE_FACTOR.min(orbit.moves.len() as u64).max(1);
        if r.size <= factor.saturating_mul(orbit.expected as u64) {
            let e = enumerate_with(orbit, Some(r));
            if e.is_some() {
                return e;
            }
        }
    }
    enumerate_with(orbit, None)
}

/// [`enumerate_body`], compiled with POPCNT when the CPU has it (Lehmer codes
/// count bits; the portable build has no POPCNT instruction).
fn enumerate_with(orbit: Orbit<'_>, rank: Option<UnitRank>) -> Option<Enumerated> {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "popcnt")]
        unsafe fn with_popcnt(orbit: Orbit<'_>, rank: Option<UnitRank>) -> Option<Enumerated> {
            enumerate_body(orbit, rank)
        }
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has POPCNT, checked just above.
            return unsafe { with_popcnt(orbit, rank) };
        }
    }
    enumerate_body(orbit, rank)
}

#[inline(always)]
fn enumerate_body(orbit: Orbit<'_>, rank: Option<UnitRank>) -> Option<Enumerated> {
    let Orbit {
        start,
        companion,
        moves,
        expected,
    } = orbit;
    let (w, cw, m) = (start.len(), companion.len(), moves.len());
    let (ids, seen) = match rank {
        Some(rank) if rank.size == expected as u64 => (
            Ids::Rank {
                rank,
                table: Vec::new(),
            },
            vec![false; expected],
        ),
        Some(rank) => {
            let table = vec![u32::MAX; rank.size as usize];
            (Ids::Rank { rank, table }, Vec::new())
        }
        None => {
            let mut map = TupleMap::default();
            map.reserve(expected);
            (Ids::Map(map), Vec::new())
        }
    };
    let mut e = Enumerated {
        width: w,
        tuples: vec![0u8; expected * w],
        next: huge_page_vec(expected * m, 0u32),
        ids,
        seen,
        companions: vec![0u8; expected * cw],
        count: 0,
        expected,
    };
    let mut queue: Vec<u32> = Vec::with_capacity(expected);
    let r0 = match e.slot(start) {
        Slot::New(r) => r,
        _ => return None,
    };
    queue.push(register(&mut e, start, companion, r0)?);
    let mut buf = [0u8; MAX_WIDTH];
    let mut cbuf = vec![0u8; cw];
    let buf = &mut buf[..w];
    let mut head = 0usize;
    while head < queue.len() {
        let at = queue[head] as usize;
        head += 1;
        for (mi, mv) in moves.iter().enumerate() {
            for (b, &x) in buf.iter_mut().zip(&e.tuples[at * w..(at + 1) * w]) {
                *b = mv[x as usize];
            }
            let id = match e.slot(buf) {
                Slot::Known(id) => id,
                Slot::Clash => return None,
                Slot::New(r) => {
                    for (b, &x) in cbuf.iter_mut().zip(&e.companions[at * cw..(at + 1) * cw]) {
                        *b = mv[x as usize];
                    }
                    let id = register(&mut e, buf, &cbuf, r)?;
                    queue.push(id);
                    id
                }
            };
            e.next[at * m + mi] = id;
        }
    }
    (e.count == expected).then_some(e)
}

/// Gives the new value `t` (with its companion, and its rank `r` when ranked) its
/// id; `None` when there are more values than expected.
#[inline(always)]
fn register(e: &mut Enumerated, t: &[u8], comp: &[u8], r: u64) -> Option<u32> {
    let id = match &mut e.ids {
        Ids::Map(map) => {
            let id = map.len() as u32;
            map.insert(pack(t), id);
            id as usize
        }
        Ids::Rank { table, .. } if table.is_empty() => {
            let id = r as usize;
            if id >= e.seen.len() || std::mem::replace(&mut e.seen[id], true) {
                return None;
            }
            id
        }
        Ids::Rank { table, .. } => {
            table[r as usize] = e.count as u32;
            e.count
        }
    };
    if e.count >= e.expected || id >= e.expected {
        return None;
    }
    let (w, cw) = (e.width, comp.len());
    e.tuples[id * w..(id + 1) * w].copy_from_slice(t);
    e.companions[id * cw..(id + 1) * cw].copy_from_slice(comp);
    e.count += 1;
    Some(id as u32)
}

/// The blocks of the smallest non-trivial block system of the (transitive) action
/// on `orbit` (blocks ordered by their smallest point, points ascending), or the
/// whole orbit as one block when the action is primitive. Each candidate block is
/// the smallest block containing the orbit's first point and another one
/// ([`crate::group::giant::minimal_block_classes`], Atkinson's algorithm).
fn smallest_blocks(degree: usize, gens: &[Perm], orbit: &[usize]) -> Vec<Vec<usize>> {
    let mut best: Option<Vec<usize>> = None;
    for b in crate::group::giant::block_candidates(degree, gens, orbit) {
        let cls = crate::group::giant::minimal_block_classes(degree, gens, orbit[0], b);
        let size = orbit.iter().filter(|&&x| cls[x] == cls[orbit[0]]).count();
        let best_size = best.as_ref().map_or(orbit.len(), |c| {
            orbit.iter().filter(|&&x| c[x] == c[orbit[0]]).count()
        });
        if size < best_size {
            best = Some(cls);
        }
    }
    let Some(cls) = best else {
        return vec![orbit.to_vec()];
    };
    let mut blocks: Vec<Vec<usize>> = Vec::new();
    for &x in orbit {
        match blocks.iter_mut().find(|b| cls[b[0]] == cls[x]) {
            Some(b) => b.push(x),
            None => blocks.push(vec![x]),
        }
    }
    for b in &mut blocks {
        b.sort_unstable();
    }
    blocks.sort();
    blocks
}

/// The sizes a split must have: `|G|`, `|C₁|`, `|C₂|`.
#[derive(Clone, Copy, Debug)]
struct Shape {
    order: u64,
    c1: usize,
    c2: usize,
}

/// A perfect index of a permutation group's elements by two move-table
/// coordinates (see the module docs).
///
/// ```
/// use permlab::group::PermGroup;
/// use permlab::search::coords::CoordIndex;
/// use permlab::Perm;
/// // S_4 from a 4-cycle and a transposition
/// let gens: Vec<Perm> = ["(1,2,3,4)", "(1,2)"].iter().map(|s| s.parse().unwrap()).collect();
/// let g = PermGroup::new(4, gens.clone());
/// let idx = CoordIndex::new(&g, &gens, 1 << 20).unwrap();
/// assert_eq!(idx.size(), 24);
/// let mut e = [0u8; 4];
/// let mut seen = std::collections::HashSet::new();
/// for r in 0..24 {
///     idx.unrank(r, &mut e);
///     assert_eq!(idx.rank(&e), r);
///     assert!(seen.insert(e));
/// }
/// ```
#[derive(Clone, Debug)]
pub struct CoordIndex {
    degree: usize,
    t1: Vec<u8>,
    t2: Vec<u8>,
    moves: usize,
    /// fibre size `K`
    k: u64,
    /// `⌊2^64/K⌋ + 1` when every rank is below 2^32 and `K > 1`, else 0
    k_magic: u64,
    size: u64,
    /// `C₁` values by id, `t1.len()` bytes each
    tuples1: Vec<u8>,
    /// `C₂` values by id (numbered fibre by fibre), `t2.len()` bytes each
    tuples2: Vec<u8>,
    /// `|C₂|`
    c2: usize,
    /// how a tuple of `C₁` / `C₂` is looked up
    find1: Finder,
    find2: Finder,
    /// `next1[t₁ * moves + m]`: the `C₁` id after move `m`
    next1: Rows,
    /// `next2[t₂ * moves + m]`: the `C₂` id after move `m`, modulo `K`
    next2: Rows,
    /// the same for the inverse moves (empty when the moves are closed under inverses)
    next1_inv: Rows,
    next2_inv: Rows,
    /// when closed under inverses: the move that is the inverse of move `m`
    inverse_of: Vec<usize>,
    /// `phi[t₁]`: the fibre (class) of `C₂` compatible with `t₁`
    phi: Vec<u32>,
}

impl CoordIndex {
    /// The index of `group` for searching with the moves `moves` (which must
    /// generate `group`), or `None` when no split of the moved points gives tables
    /// within `max_bytes` (or the group has an order above 2^64, or more than 255
    /// points).
    pub fn new(group: &PermGroup, moves: &[Perm], max_bytes: usize) -> Option<CoordIndex> {
        let n = group.degree();
        if n > crate::limits::MAX_BYTE_STATE_POINTS || n == 0 || moves.is_empty() {
            return None;
        }
        let order = group.order().to_u64()?;
        let mv: Vec<Vec<u8>> = moves
            .iter()
            .map(|p| {
                let p = p.extended(n);
                (0..n).map(|i| p.image(i) as u8).collect()
            })
            .collect();
        let m = mv.len();
        let inverse_of: Option<Vec<usize>> = moves
            .iter()
            .map(|p| {
                let inv = p.inverse();
                moves.iter().position(|q| *q == inv)
            })
            .collect();
        let tables = if inverse_of.is_some() { 1 } else { 2 };
        // moved points, orbit by orbit
        let orbits: Vec<Vec<usize>> = group.orbits().into_iter().filter(|o| o.len() > 1).collect();
        let h_max = orbits.iter().map(Vec::len).sum::<usize>();
        if h_max < 2 {
            return None;
        }
        // orders of the moved points, so that prefixes split along orbits, blocks
        // or pieces: the orbits by smallest point and largest first (a puzzle's
        // largest orbit of pieces alone on one side), each orbit's points in
        // order, block by block (the three stickers of a corner together), or
        // piece by piece (pieces may span orbits: a Dino cube's edges)
        let pieces = piece_classes(n, &mv);
        let blocks: Vec<Vec<usize>> = orbits
            .iter()
            .map(|o| smallest_blocks(n, group.generators(), o).concat())
            .collect();
        let mut by_size: Vec<usize> = (0..orbits.len()).collect();
        by_size.sort_by_key(|&i| std::cmp::Reverse(orbits[i].len()));
        let mut orders: Vec<Vec<usize>> = Vec::new();
        for orbit_order in [(0..orbits.len()).collect(), by_size] {
            let plain: Vec<usize> = orbit_order
                .iter()
                .flat_map(|&i| orbits[i].clone())
                .collect();
            let by_blocks: Vec<usize> = orbit_order
                .iter()
                .flat_map(|&i| blocks[i].clone())
                .collect();
            let mut by_pieces: Vec<usize> = Vec::with_capacity(h_max);
            for &p in &plain {
                if !by_pieces.iter().any(|&q| pieces[q] == pieces[p]) {
                    by_pieces.extend(plain.iter().filter(|&&q| pieces[q] == pieces[p]));
                }
            }
            for order in [plain, by_blocks, by_pieces] {
                if !orders.contains(&order) {
                    orders.push(order);
                }
            }
        }
        // |C1(h)| = |G| / |G_(first h points)|, |C2(h)| = |G| / |G_(the rest)|,
        // each point set's once
        let mut sizes: HashMap<Vec<usize>, u64> = HashMap::new();
        let mut orbit_size = |pts: &[usize]| -> u64 {
            if pts.is_empty() {
                return 1;
            }
            let mut key = pts.to_vec();
            key.sort_unstable();
            *sizes.entry(key).or_insert_with(|| {
                let s = group.pointwise_stabilizer(pts).order();
                (num_bigint::BigUint::from(order) / s)
                    .to_u64()
                    .unwrap_or(u64::MAX)
            })
        };
        let bytes_of = |c1: u64, c2: u64, w1: usize, w2: usize| -> u64 {
            let per = (m * 4 * tables) as u64;
            c1.saturating_mul(per + w1 as u64 + 8)
                .saturating_add(c2.saturating_mul(per + w2 as u64 + 4))
        };
        let mut candidates: Vec<(u64, usize, usize, u64, u64)> = Vec::new();
        for (oi, points) in orders.iter().enumerate() {
            for h in 1..=h_max {
                let c1 = orbit_size(&points[..h]);
                let c2 = orbit_size(&points[h..]);
                let bytes = bytes_of(c1, c2, h, h_max - h);
                if bytes <= max_bytes as u64
                    && c1 < u32::MAX as u64
                    && c2 < u32::MAX as u64
                    && h <= MAX_WIDTH
                    && h_max - h <= MAX_WIDTH
                {
                    candidates.push((bytes, oi, h, c1, c2));
                }
            }
        }
        candidates.sort_unstable();
        for (_, oi, h, c1, c2) in candidates {
            let (p1, p2) = orders[oi].split_at(h);
            // the fibres partition C2 iff G_(T2) G_(T1) is a subgroup
            let s = group.pointwise_stabilizer(p1);
            if !p2.is_empty() {
                let hh = group.pointwise_stabilizer(p2);
                let mut both = s.generators().to_vec();
                both.extend_from_slice(hh.generators());
                if PermGroup::new(n, both).order() != s.order() * hh.order() {
                    continue;
                }
            }
            let shape = Shape {
                order,
                c1: c1 as usize,
                c2: c2 as usize,
            };
            let pieces = (&pieces[..], &orbits[..]);
            if let Some(idx) =
                CoordIndex::build(n, shape, (p1, p2), pieces, &mv, &s, inverse_of.clone())
            {
                return Some(idx);
            }
        }
        None
    }

    fn build(
        n: usize,
        shape: Shape,
        (p1, p2): (&[usize], &[usize]),
        (pieces, orbits): (&[u32], &[Vec<usize>]),
        mv: &[Vec<u8>],
        stabilizer: &PermGroup,
        inverse_of: Option<Vec<usize>>,
    ) -> Option<CoordIndex> {
        let m = mv.len();
        let t1: Vec<u8> = p1.iter().map(|&p| p as u8).collect();
        let t2: Vec<u8> = p2.iter().map(|&p| p as u8).collect();
        let order = shape.order;
        let k = (order / shape.c1 as u64) as usize;
        let (rank1, rank2) = (
            UnitRank::new(&t1, pieces, orbits),
            UnitRank::new(&t2, pieces, orbits),
        );
        let orbit = |start, companion, moves, expected| Orbit {
            start,
            companion,
            moves,
            expected,
        };
        let e1 = enumerate(orbit(&t1, &t2, mv, shape.c1), rank1)?;
        let e2 = enumerate(orbit(&t2, &[], mv, shape.c2), rank2.clone())?;
        let (c1, c2) = (e1.len(), e2.len());
        // F0: the orbit of T2 under the stabiliser of T1, breadth-first
        let sgens: Vec<Vec<u8>> = stabilizer
            .generators()
            .iter()
            .map(|p| {
                let p = p.extended(n);
                (0..n).map(|i| p.image(i) as u8).collect()
            })
            .collect();
        let f0 = enumerate(orbit(&t2, &[], &sgens, k), rank2)?;
        if (c1 as u64).checked_mul(k as u64)? != order || c2 % k != 0 {
            return None;
        }
        // number C2 fibre by fibre, in the order the fibres are met from C1
        let mut new2 = vec![u32::MAX; c2];
        let mut phi = vec![0u32; c1];
        let mut classes = 0u32;
        let w2 = t2.len();
        let mut g = vec![0u8; n];
        let mut x = vec![0u8; w2];
        for (a, class) in phi.iter_mut().enumerate() {
            let comp = &e1.companions[a * w2..(a + 1) * w2];
            let at = e2.id(comp)? as usize;
            if new2[at] != u32::MAX {
                *class = new2[at] / k as u32;
                continue;
            }
            // g: the element with T1 -> t1, T2 -> companion
            for (i, o) in g.iter_mut().enumerate() {
                *o = i as u8;
            }
            for (&l, &p) in t1.iter().zip(e1.tuple(a)) {
                g[l as usize] = p;
            }
            for (&l, &p) in t2.iter().zip(comp) {
                g[l as usize] = p;
            }
            for j in 0..k {
                slice::compose(f0.tuple(j), &g, &mut x);
                let id = e2.id(&x)? as usize;
                if new2[id] != u32::MAX {
                    return None; // not a block system after all
                }
                new2[id] = classes * k as u32 + j as u32;
            }
            *class = classes;
            classes += 1;
        }
        if classes as usize * k != c2 {
            return None;
        }
        let mut tuples2 = vec![0u8; c2 * w2];
        for (old, &new) in new2.iter().enumerate() {
            let new = new as usize;
            tuples2[new * w2..(new + 1) * w2].copy_from_slice(e2.tuple(old));
        }
        let mut next2 = vec![0u32; c2 * m];
        for (old, &new) in new2.iter().enumerate() {
            for mm in 0..m {
                next2[new as usize * m + mm] = new2[e2.next[old * m + mm] as usize] % k as u32;
            }
        }
        let (mut next1_inv, mut next2_inv) = (Vec::new(), Vec::new());
        if inverse_of.is_none() {
            next1_inv = vec![0u32; c1 * m];
            for a in 0..c1 {
                for mm in 0..m {
                    next1_inv[e1.next[a * m + mm] as usize * m + mm] = a as u32;
                }
            }
            next2_inv = vec![0u32; c2 * m];
            for (old, &new) in new2.iter().enumerate() {
                for mm in 0..m {
                    let to = new2[e2.next[old * m + mm] as usize] as usize;
                    next2_inv[to * m + mm] = new % k as u32;
                }
            }
        }
        let sort = |tuples: &[u8], w: usize, count: usize| -> Finder {
            let mut ids: Vec<u32> = (0..count as u32).collect();
            ids.sort_unstable_by_key(|&a| pack(&tuples[a as usize * w..(a as usize + 1) * w]));
            Finder::Sorted(ids)
        };
        let find1 = match e1.ids {
            Ids::Map(_) => sort(&e1.tuples, t1.len(), c1),
            Ids::Rank { rank, table } => Finder::Ranked(rank, table),
        };
        let find2 = match e2.ids {
            Ids::Map(_) => sort(&tuples2, w2, c2),
            Ids::Rank { rank, table } if table.is_empty() => Finder::Ranked(rank, new2),
            Ids::Rank { rank, mut table } => {
                for id in table.iter_mut().filter(|id| **id != u32::MAX) {
                    *id = new2[*id as usize];
                }
                Finder::Ranked(rank, table)
            }
        };
        Some(CoordIndex {
            degree: n,
            moves: m,
            k: k as u64,
            k_magic: if order <= u32::MAX as u64 && k > 1 {
                u64::MAX / k as u64 + 1
            } else {
                0
            },
            size: order,
            c2,
            tuples1: e1.tuples,
            tuples2,
            find1,
            find2,
            next1: Rows::new(e1.next),
            next2: Rows::new(next2),
            next1_inv: Rows::new(next1_inv),
            next2_inv: Rows::new(next2_inv),
            inverse_of: inverse_of.unwrap_or_default(),
            phi,
            t1,
            t2,
        })
    }

    /// Number of elements, `|G|`.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The sizes of the two coordinates `|C₁|`, `|C₂|` and the fibre size `K`.
    pub fn shape(&self) -> (usize, usize, u64) {
        (self.phi.len(), self.c2, self.k)
    }

    /// A one-line description: the coordinates, their sizes and the tables' memory.
    pub fn describe(&self) -> String {
        let (c1, c2, k) = self.shape();
        let bytes = self.table_bytes();
        let size = if bytes < 1 << 20 {
            format!("{} kB", bytes.div_ceil(1000))
        } else {
            format!("{:.1} MB", bytes as f64 / 1e6)
        };
        format!(
            "move-table coordinates: {} labels ({c1} values) x {} labels ({c2} values, fibres of {k}), {size} of tables",
            self.t1.len(),
            self.t2.len(),
        )
    }

    /// Bytes held by the tables.
    pub fn table_bytes(&self) -> usize {
        self.next1.bytes()
            + self.next2.bytes()
            + self.next1_inv.bytes()
            + self.next2_inv.bytes()
            + 4 * (self.find1.len() + self.find2.len() + self.phi.len())
            + self.tuples1.len()
            + self.tuples2.len()
    }

    fn lookup(tuples: &[u8], finder: &Finder, w: usize, key: &[u8]) -> Option<u32> {
        if w == 0 {
            return Some(0);
        }
        let id = match finder {
            Finder::Sorted(sorted) => {
                let key = pack(key);
                return sorted
                    .binary_search_by_key(&key, |&id| {
                        pack(&tuples[id as usize * w..(id as usize + 1) * w])
                    })
                    .ok()
                    .map(|i| sorted[i]);
            }
            Finder::Ranked(rank, ids) => {
                let r = rank.checked_rank(key)?;
                if ids.is_empty() {
                    u32::try_from(r).ok()?
                } else {
                    *ids.get(r as usize)?
                }
            }
        } as usize;
        let at = tuples.get(id * w..(id + 1) * w)?;
        (at == key).then_some(id as u32)
    }

    /// The rank of an element given by its images, or `None` when its coordinates
    /// are not reachable (then it is not an element; a `Some` does not prove
    /// membership on its own).
    pub fn try_rank(&self, g: &[u8]) -> Option<u64> {
        let (a, b) = (slice::product(&self.t1, g), slice::product(&self.t2, g));
        let t1 = CoordIndex::lookup(&self.tuples1, &self.find1, self.t1.len(), &a)?;
        let t2 = CoordIndex::lookup(&self.tuples2, &self.find2, self.t2.len(), &b)? as u64;
        if t2 / self.k != self.phi[t1 as usize] as u64 {
            return None;
        }
        Some(t1 as u64 * self.k + t2 % self.k)
    }

    /// The rank of an element of the group given by its images.
    ///
    /// # Panics
    /// If `g` is not an element (use [`CoordIndex::try_rank`]).
    pub fn rank(&self, g: &[u8]) -> u64 {
        self.try_rank(g).expect("an element of the group")
    }

    /// The coordinates `(t₁, t₂)` of rank `r`.
    #[inline]
    pub fn coordinates(&self, r: u64) -> (u32, u32) {
        if self.k_magic != 0 {
            // ranks below 2^32: the quotient by a multiplication (Lemire, Kaser &
            // Kurz, "Faster remainder by direct computation", 2019: for 32-bit
            // numerators and M = ⌊2^64/K⌋ + 1 the high word of M·r is ⌊r/K⌋)
            let (r, k) = (r as u32, self.k as u32);
            let t1 = ((self.k_magic as u128 * r as u128) >> 64) as u32;
            return (t1, self.phi[t1 as usize] * k + (r - t1 * k));
        }
        let t1 = r / self.k;
        let j = r - t1 * self.k;
        let t2 = self.phi[t1 as usize] as u64 * self.k + j;
        (t1 as u32, t2 as u32)
    }

    /// The rank of the neighbour of the element with coordinates `(t1, t2)` by
    /// move `m` (its inverse when `inverse`): `g·m` or `g·m⁻¹`.
    #[inline(always)]
    pub fn neighbour(&self, (t1, t2): (u32, u32), m: usize, inverse: bool) -> u64 {
        let (a, b) = (t1 as usize * self.moves, t2 as usize * self.moves);
        let (x, y) = if !inverse {
            (self.next1.get(a + m), self.next2.get(b + m))
        } else if self.next1_inv.is_empty() {
            let mi = self.inverse_of[m];
            (self.next1.get(a + mi), self.next2.get(b + mi))
        } else {
            (self.next1_inv.get(a + m), self.next2_inv.get(b + m))
        };
        x as u64 * self.k + y as u64
    }

    /// The ranks of the neighbours of the element with coordinates `(t1, t2)` by
    /// every move (`g·m`), or by every inverse move when `inverse` (`g·m⁻¹`), into
    /// `out[..moves]`. When the moves are closed under inverses the neighbours by
    /// the inverse moves are those by the moves, and they are given in the order
    /// of the moves, not of their inverses.
    #[inline(always)]
    pub fn neighbours(&self, (t1, t2): (u32, u32), inverse: bool, out: &mut [u64]) {
        let m = self.moves;
        let (a, b) = (t1 as usize * m, t2 as usize * m);
        let (n1, n2) = if inverse && !self.next1_inv.is_empty() {
            (&self.next1_inv, &self.next2_inv)
        } else {
            (&self.next1, &self.next2)
        };
        #[inline(always)]
        fn fill<A: Copy + Into<u64>, B: Copy + Into<u64>>(
            n1: &[A],
            n2: &[B],
            k: u64,
            out: &mut [u64],
        ) {
            for ((o, &x), &y) in out.iter_mut().zip(n1).zip(n2) {
                *o = x.into() * k + y.into();
            }
        }
        let (r1, r2, k, out) = (a..a + m, b..b + m, self.k, &mut out[..m]);
        match (n1, n2) {
            (Rows::Narrow(x), Rows::Narrow(y)) => fill(&x[r1], &y[r2], k, out),
            (Rows::Narrow(x), Rows::Wide(y)) => fill(&x[r1], &y[r2], k, out),
            (Rows::Wide(x), Rows::Narrow(y)) => fill(&x[r1], &y[r2], k, out),
            (Rows::Wide(x), Rows::Wide(y)) => fill(&x[r1], &y[r2], k, out),
        }
    }

    /// The element of rank `r < size` as images into `out[..degree]`.
    pub fn unrank(&self, r: u64, out: &mut [u8]) {
        let (t1, t2) = self.coordinates(r);
        for (i, o) in out[..self.degree].iter_mut().enumerate() {
            *o = i as u8;
        }
        let (w1, w2) = (self.t1.len(), self.t2.len());
        let a = &self.tuples1[t1 as usize * w1..(t1 as usize + 1) * w1];
        for (&l, &p) in self.t1.iter().zip(a) {
            out[l as usize] = p;
        }
        let b = &self.tuples2[t2 as usize * w2..(t2 as usize + 1) * w2];
        for (&l, &p) in self.t2.iter().zip(b) {
            out[l as usize] = p;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Puzzle;

    /// The index is a bijection and agrees with the moves: the neighbour ranks from
    /// the tables equal the ranks of the moved elements.
    fn check(spec: &str) {
        let p = Puzzle::builtin(spec).unwrap();
        let gens = p.generator_perms();
        let g = PermGroup::new(p.degree(), gens.clone());
        let idx = CoordIndex::new(&g, &gens, 1 << 26).unwrap();
        check_index(spec, &g, &gens, &idx, 1);
    }

    /// Checks ranks `0, step, 2·step, …`: unrank gives a group element that ranks
    /// back, and the tables' neighbours are the ranks of the moved elements.
    fn check_index(spec: &str, g: &PermGroup, gens: &[Perm], idx: &CoordIndex, step: u64) {
        assert_eq!(idx.size() as u128, g.order_u128().unwrap());
        let n = g.degree();
        let mut e = vec![0u8; n];
        let mut seen = vec![false; if step == 1 { idx.size() as usize } else { 0 }];
        for r in (0..idx.size()).step_by(step as usize) {
            idx.unrank(r, &mut e);
            assert_eq!(idx.rank(&e), r, "{spec}");
            if step == 1 {
                assert!(!std::mem::replace(&mut seen[r as usize], true));
            }
            let elt = Perm::from_images(e.iter().map(|&x| x as u32).collect()).unwrap();
            assert!(g.contains(&elt), "{spec}: rank {r} is not an element");
            for (mi, mv) in gens.iter().enumerate() {
                for inverse in [false, true] {
                    let step = if inverse { mv.inverse() } else { mv.clone() };
                    let next = &elt * &step;
                    let images: Vec<u8> = (0..n).map(|i| next.extended(n).image(i) as u8).collect();
                    assert_eq!(
                        idx.neighbour(idx.coordinates(r), mi, inverse),
                        idx.rank(&images),
                        "{spec}: rank {r} move {mi} inverse {inverse}"
                    );
                }
            }
        }
    }

    #[test]
    fn bijection_and_move_tables_on_small_puzzles() {
        // S_6 (one orbit), the 2x3 board's group of order 120 (not a full
        // symmetric group), two orbits with a parity link, a clockwise-only set
        for spec in [
            "board:2x3:2",
            "board:3x3:2",
            "nokia2x2",
            "rotation3",
            "board:2x4:2",
        ] {
            check(spec);
        }
    }

    /// Random groups of small degree: whenever a split is found, the index is a
    /// bijection onto the group (checked against sifting) and its tables agree
    /// with the moves; for every group here some split exists (a single
    /// coordinate at worst).
    #[test]
    fn random_small_groups() {
        use rand::seq::SliceRandom;
        use rand::{rngs::StdRng, Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(2026);
        for case in 0..40 {
            let n = rng.random_range(3..=7usize);
            let count = rng.random_range(1..=3usize);
            let gens: Vec<Perm> = (0..count)
                .map(|_| {
                    let mut v: Vec<u32> = (0..n as u32).collect();
                    // sparse permutations make intransitive groups and small orders
                    let k = rng.random_range(2..=n);
                    v[..k].shuffle(&mut rng);
                    let mut w: Vec<u32> = (0..n as u32).collect();
                    w.shuffle(&mut rng);
                    let p = Perm::from_images(v).unwrap();
                    let c = Perm::from_images(w).unwrap();
                    p.conjugate(&c)
                })
                .filter(|p| !p.is_identity())
                .collect();
            if gens.is_empty() {
                continue;
            }
            let g = PermGroup::new(n, gens.clone());
            if g.moved_points().len() < 2 {
                continue;
            }
            let idx = CoordIndex::new(&g, &gens, 1 << 24)
                .unwrap_or_else(|| panic!("case {case}: no split for {gens:?}"));
            check_index(&format!("case {case}"), &g, &gens, &idx, 1);
        }
    }

    /// The benchmark's large groups, on a sample of ranks and of random elements:
    /// S_12 split six and six, the 4x4 board's two colour classes with a parity
    /// link, and <R,U> on the 3x3x3 (corners and edges, Goursat).
    #[test]
    fn large_groups_on_samples() {
        use rand::{rngs::StdRng, SeedableRng};
        let cube = Puzzle::builtin("cube3").unwrap();
        let ru: Vec<Perm> = ["R", "U"]
            .iter()
            .map(|w| cube.eval(&cube.parse_word(w).unwrap()))
            .collect();
        let board = |spec: &str| Puzzle::builtin(spec).unwrap().generator_perms();
        let mut rng = StdRng::seed_from_u64(7);
        for (name, degree, gens) in [
            ("board:3x4:2", 12, board("board:3x4:2")),
            ("board:4x4:3", 16, board("board:4x4:3")),
            ("cube3 <R,U>", cube.degree(), ru),
        ] {
            let g = PermGroup::new(degree, gens.clone());
            let idx = CoordIndex::new(&g, &gens, 1 << 28).unwrap();
            check_index(name, &g, &gens, &idx, idx.size() / 2000 + 1);
            let mut e = vec![0u8; degree];
            for _ in 0..2000 {
                let x = g.random_element(&mut rng).extended(degree);
                let images: Vec<u8> = (0..degree).map(|i| x.image(i) as u8).collect();
                let r = idx.rank(&images);
                assert!(r < idx.size());
                idx.unrank(r, &mut e);
                assert_eq!(e, images, "{name}");
            }
        }
    }

    /// The pieces of twisty puzzles are their physical pieces: the 2x2x2 cube's
    /// corners (three stickers), the Dino cube's edges (two stickers in two orbits).
    #[test]
    fn pieces_are_the_physical_pieces() {
        for (spec, pieces, size) in [("cube2", 8, 3), ("dino", 12, 2), ("skewb", 14, 0)] {
            let p = Puzzle::builtin(spec).unwrap();
            let n = p.degree();
            let mv: Vec<Vec<u8>> = p
                .generator_perms()
                .iter()
                .map(|g| (0..n).map(|i| g.extended(n).image(i) as u8).collect())
                .collect();
            let cls = piece_classes(n, &mv);
            let mut counts: HashMap<u32, usize> = HashMap::new();
            for &c in &cls {
                *counts.entry(c).or_default() += 1;
            }
            assert_eq!(counts.len(), pieces, "{spec}");
            if size > 0 {
                assert!(counts.values().all(|&c| c == size), "{spec}: {counts:?}");
            }
            // every move carries each piece onto a piece
            for m in &mv {
                for a in 0..n {
                    for b in 0..n {
                        if cls[a] == cls[b] {
                            assert_eq!(cls[m[a] as usize], cls[m[b] as usize], "{spec}");
                        }
                    }
                }
            }
        }
    }

    /// Piece × orientation ranks are perfect on corners of the 2x2x2 cube and
    /// number the orbit of a tuple bijectively (checked against a hash map).
    #[test]
    fn unit_ranks_of_corners_are_perfect() {
        let p = Puzzle::builtin("cube2").unwrap();
        let n = p.degree();
        let gens = p.generator_perms();
        let g = PermGroup::new(n, gens.clone());
        let mv: Vec<Vec<u8>> = gens
            .iter()
            .map(|x| (0..n).map(|i| x.extended(n).image(i) as u8).collect())
            .collect();
        let pieces = piece_classes(n, &mv);
        let orbits: Vec<Vec<usize>> = g.orbits().into_iter().filter(|o| o.len() > 1).collect();
        // two whole corners: the stickers of the pieces of points 0 and 1
        let mut t: Vec<u8> = Vec::new();
        for first in [0usize, 1] {
            let piece = pieces[first];
            if t.iter().any(|&x| pieces[x as usize] == piece) {
                continue;
            }
            t.extend((0..n as u8).filter(|&x| pieces[x as usize] == piece));
        }
        let k = t.len() / 3;
        let expected = (0..k).map(|i| 8 - i).product::<usize>() * 3usize.pow(k as u32);
        let rank = UnitRank::new(&t, &pieces, &orbits).unwrap();
        assert_eq!(rank.size, expected as u64);
        let orbit = Orbit {
            start: &t,
            companion: &[],
            moves: &mv,
            expected,
        };
        let ranked = enumerate_with(orbit, Some(rank.clone())).unwrap();
        let mapped = enumerate_with(orbit, None).unwrap();
        assert_eq!(ranked.len(), expected);
        let mut seen = vec![false; expected];
        for id in 0..mapped.len() {
            let r = rank.checked_rank(mapped.tuple(id)).unwrap() as usize;
            assert!(!std::mem::replace(&mut seen[r], true));
            assert_eq!(ranked.tuple(r), mapped.tuple(id));
        }
        // a tuple with two stickers of one corner in distinct units is no value
        let mut bad = ranked.tuple(0).to_vec();
        bad[3] = bad[0];
        assert_eq!(rank.checked_rank(&bad), None);
    }

    /// The Dino cube (A12 on two orbits of 12 stickers, its edges across them)
    /// is indexed by move-table coordinates through its pieces; the index agrees
    /// with the moves on a sample.
    #[test]
    fn dino_is_indexed_by_pieces() {
        let p = Puzzle::builtin("dino").unwrap();
        let gens = p.generator_perms();
        let g = PermGroup::new(p.degree(), gens.clone());
        let idx = CoordIndex::new(&g, &gens, 1 << 28).unwrap();
        assert_eq!(idx.size(), 239_500_800);
        check_index("dino", &g, &gens, &idx, idx.size() / 500 + 1);
    }

    /// All neighbours at once are the neighbours one by one (as sets, since with
    /// inverse-closed moves the inverse neighbours come in the moves' order).
    #[test]
    fn neighbours_at_once_are_the_neighbours() {
        for spec in ["cube2", "rotation3", "board:2x4:2"] {
            let p = Puzzle::builtin(spec).unwrap();
            let gens = p.generator_perms();
            let g = PermGroup::new(p.degree(), gens.clone());
            let idx = CoordIndex::new(&g, &gens, 1 << 26).unwrap();
            let mut all = vec![0u64; gens.len()];
            for r in (0..idx.size()).step_by(97) {
                let c = idx.coordinates(r);
                for inverse in [false, true] {
                    idx.neighbours(c, inverse, &mut all);
                    let mut one: Vec<u64> = (0..gens.len())
                        .map(|m| idx.neighbour(c, m, inverse))
                        .collect();
                    let mut at_once = all.clone();
                    one.sort_unstable();
                    at_once.sort_unstable();
                    assert_eq!(one, at_once, "{spec} rank {r}");
                }
            }
        }
    }

    #[test]
    fn non_inverse_closed_moves_have_inverse_tables() {
        let p = Puzzle::builtin("rotation3").unwrap();
        let gens = p.generator_perms();
        let g = PermGroup::new(p.degree(), gens.clone());
        let idx = CoordIndex::new(&g, &gens, 1 << 26).unwrap();
        assert!(!idx.next1_inv.is_empty());
    }
}
