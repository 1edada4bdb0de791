//! A coset space reduced by the symmetries of the moves: Kociemba's
//! symmetry-reduced coordinates (H. Kociemba, "Cube Explorer" and his optimal
//! solver: the flip–slice coordinate reduced by the 16 symmetries that keep the
//! U–D axis, times the corner twist), generic over the coset spaces of
//! [`CosetSpace`] with move tables.
//!
//! **Why.** Conjugating a position `s` by a symmetry `σ` of the moves (a
//! relabelling with `σ⁻¹·M·σ` a move of the same cost for every move `M`,
//! [`crate::search::symmetry`]) keeps its distance. When `σ` also maps every
//! orbit of the subgroup `H` onto an orbit of `H`, conjugation maps the coset
//! labelling of `s` to the one of `σ⁻¹·s·σ` (a cell `c` of the conjugate shows the
//! orbit that `σ` maps onto the one shown at `σ(c)`), so cosets that are
//! conjugate by such symmetries are equally far from the subgroup and one table
//! entry serves all of them: the table is smaller by nearly the number of such
//! symmetries (16 for Kociemba's subgroup of the 3x3x3 cube).
//!
//! **The index.** A coset has the two coordinates of [`CosetSpace::coordinates`]:
//! the first system's index and the other systems' together. The larger one, `r`,
//! is *reduced*: its values fall into classes under the symmetries `S`, each
//! class named by its least value (its representative), and a table gives for
//! every `r` its class and a symmetry `σ` taking `r` to the representative. The
//! other one, `k`, is *kept* and conjugated by `σ` too. The entry of a coset is
//! `class·K + σ(k)`; when the representative is fixed by symmetries `τ` other than
//! the identity (its stabiliser), the least of `τ(σ(k))` is taken, so that every
//! coset of one class of conjugates has the same entry (the index is a function of
//! the class of conjugates, which the breadth-first search of
//! [`crate::search::bfs`] needs: it steps from one representative of each entry).
//!
//! **How conjugation is computed.** Along a spanning tree of each coordinate's
//! values (a breadth-first search from the goal by the move tables): the goal is
//! fixed by `σ`, and if `v` is reached from `u` by move `M` then `σ(v)` is reached
//! from `σ(u)` by the move `σ⁻¹·M·σ`. No state is ever conjugated.

use super::coset::CosetSpace;
use super::mapped::{Plain, Slab};
use super::memory::huge_page_vec;
use super::space::{Cursor, SpaceError, StateSpace};
use super::symmetry::Symmetry;

/// Largest reduced coordinate (values) this reduction handles: its tables take
/// about 22 bytes per value while they are built.
pub const MAX_REDUCED_VALUES: u64 = 1 << 27;

/// Most symmetries kept (one bit each in a class entry and a stabiliser mask).
const MAX_SYMMETRIES: usize = 64;

/// Bits of a class-table entry below the class number: 6 for the symmetry, 1
/// for "the representative has a non-trivial stabiliser".
const CLASS_SHIFT: u32 = 7;
const SELF_SYMMETRIC: u32 = 1 << 6;
const SYMMETRY_MASK: u32 = 63;
const UNREACHED: u32 = u32::MAX;

/// A coset space whose cosets that are conjugate by symmetries of the moves share
/// one index (see the module docs).
#[derive(Clone, Debug)]
pub struct SymCosetSpace {
    coset: CosetSpace,
    /// Whether the first coordinate is the reduced one.
    reduce_first: bool,
    kept_values: u64,
    /// The symmetries kept, the identity first, as permutations of the moves
    /// (which define their action on cosets; for the key).
    move_maps: Vec<Vec<usize>>,
    /// Per reduced value: `class << 7 | self-symmetric << 6 | symmetry`.
    class_of: Slab<u32>,
    /// Per class: its representative (least reduced value).
    representatives: Slab<u32>,
    /// Per class: the symmetries fixing its representative (bit `i`: symmetry `i`).
    stabilisers: Slab<u64>,
    /// `conj_kept[i·K + k]`: symmetry `i` applied to the kept value `k`.
    conj_kept: Slab<u32>,
    size: u64,
}

/// A breadth-first spanning tree of one coordinate's values, in the order
/// reached: the value at each position, the position of its parent and the move
/// from it. Parents come before their children and in increasing positions, so
/// passes over the tree read memory in order.
struct SpanningTree {
    values: Vec<u32>,
    parent: Vec<u32>,
    via: Vec<u8>,
}

impl SpanningTree {
    fn new(values: u64, goal: u32, moves: usize, step: &dyn Fn(u32, usize) -> u32) -> SpanningTree {
        let mut seen = vec![0u64; (values as usize).div_ceil(64)];
        let mut tree = SpanningTree {
            values: vec![goal],
            parent: vec![0],
            via: vec![0],
        };
        seen[goal as usize / 64] |= 1 << (goal % 64);
        let mut i = 0;
        while i < tree.values.len() {
            let u = tree.values[i];
            for m in 0..moves {
                let v = step(u, m);
                let (w, bit) = (v as usize / 64, 1u64 << (v % 64));
                if seen[w] & bit == 0 {
                    seen[w] |= bit;
                    tree.values.push(v);
                    tree.parent.push(i as u32);
                    tree.via.push(m as u8);
                }
            }
            i += 1;
        }
        tree
    }

    /// The images, position by position, of the values under the symmetry with
    /// this move map (the goal fixed).
    fn conjugates(&self, move_map: &[usize], step: &dyn Fn(u32, usize) -> u32) -> Vec<u32> {
        let mut image = Vec::with_capacity(self.values.len());
        image.push(self.values[0]);
        for i in 1..self.values.len() {
            let parent = image[self.parent[i] as usize];
            image.push(step(parent, move_map[self.via[i] as usize]));
        }
        image
    }

    /// A table by value of something known by position (`fill` where not reached).
    fn by_value(&self, size: u64, by_position: &[u32], fill: u32) -> Vec<u32> {
        let mut out = huge_page_vec(size as usize, fill);
        for (&v, &x) in self.values.iter().zip(by_position) {
            out[v as usize] = x;
        }
        out
    }

    /// The coordinate's conjugates by every symmetry of `kept` (the
    /// coordinate of `values` values stepped by `step`): a table by value per
    /// symmetry, in order.
    fn all_conjugates(
        &self,
        values: u64,
        kept: &[Symmetry],
        step: &dyn Fn(u32, usize) -> u32,
    ) -> Vec<u32> {
        let mut conj = Vec::with_capacity(kept.len() * values as usize);
        for s in kept {
            let image = self.conjugates(&s.move_map, step);
            conj.extend(self.by_value(values, &image, UNREACHED));
        }
        conj
    }

    /// Per position of the tree, the least of its conjugates by the
    /// symmetries `kept` (coordinate stepped by `step`) and a symmetry
    /// reaching it; `threads` threads each take
    /// every `threads`-th symmetry, and the least wins.
    fn least_conjugates(
        &self,
        kept: &[Symmetry],
        step: &(dyn Fn(u32, usize) -> u32 + Sync),
        threads: usize,
    ) -> (Vec<u32>, Vec<u8>) {
        let parts: Vec<(Vec<u32>, Vec<u8>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        let mut least = self.values.clone();
                        let mut by = vec![0u8; least.len()];
                        for (i, s) in kept.iter().enumerate().skip(1 + t).step_by(threads) {
                            let image = self.conjugates(&s.move_map, step);
                            for (j, &w) in image.iter().enumerate() {
                                if w < least[j] {
                                    least[j] = w;
                                    by[j] = i as u8;
                                }
                            }
                        }
                        (least, by)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a conjugation thread panicked"))
                .collect()
        });
        let mut parts = parts.into_iter();
        let (mut least, mut by) = parts.next().expect("at least one thread");
        for (l2, b2) in parts {
            for j in 0..least.len() {
                if l2[j] < least[j] {
                    least[j] = l2[j];
                    by[j] = b2[j];
                }
            }
        }
        (least, by)
    }

    /// Per class (its representative in `representatives`, the positions'
    /// least conjugates `least`), the symmetries of `kept` fixing its
    /// representative, as bits (the identity's always set); a thread per
    /// share of the symmetries.
    fn stabilisers(
        &self,
        kept: &[Symmetry],
        step: &(dyn Fn(u32, usize) -> u32 + Sync),
        least: &[u32],
        representatives: &[u32],
        threads: usize,
    ) -> Vec<u64> {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let count = representatives.len();
                    scope.spawn(move || {
                        let mut fixing = vec![0u64; count];
                        for (i, s) in kept.iter().enumerate().skip(1 + t).step_by(threads) {
                            let image = self.conjugates(&s.move_map, step);
                            for (j, &v) in self.values.iter().enumerate() {
                                if least[j] == v && image[j] == v {
                                    fixing[class_number(representatives, v) as usize] |= 1 << i;
                                }
                            }
                        }
                        fixing
                    })
                })
                .collect();
            let mut all = vec![1u64; representatives.len()];
            for h in handles {
                for (a, b) in all
                    .iter_mut()
                    .zip(h.join().expect("a conjugation thread panicked"))
                {
                    *a |= b;
                }
            }
            all
        })
    }
}

impl SymCosetSpace {
    /// The reduction of `coset` (which must have move tables, see
    /// [`CosetSpace::with_move_tables`]) by the symmetries among `symmetries`
    /// (relabellings of the coset space's own points with their move maps,
    /// the identity first) that map every orbit of the subgroup onto an orbit and
    /// every system of pieces onto itself. An error when the coset space has no
    /// move tables, the reduced coordinate has more than [`MAX_REDUCED_VALUES`]
    /// values, or the symmetries kept do not form a group.
    pub fn new(coset: CosetSpace, symmetries: &[Symmetry]) -> Result<SymCosetSpace, SpaceError> {
        let bad = |why: &str| Err(sym_error(why));
        if !coset.has_move_tables() {
            return bad("the coset space has no move tables");
        }
        let (reduce_first, reduced_values, kept_values) = split_coordinates(&coset);
        if reduced_values > MAX_REDUCED_VALUES {
            return bad(&format!(
                "{reduced_values} values to reduce (at most {MAX_REDUCED_VALUES})"
            ));
        }
        let kept = Self::checked_symmetries(&coset, symmetries)?;
        let moves = coset.move_count();
        if moves > 256 {
            return bad(&format!("{moves} moves (at most 256)"));
        }
        let goal = coset.coordinates(coset.rank(&coset.goals()[0]));
        // one coordinate stepped alone (the systems move independently)
        let step_reduced = |v: u32, m: usize| -> u32 {
            if reduce_first {
                coset.step_first(v, m)
            } else {
                coset.step_rest(v, m)
            }
        };
        let step_kept = |v: u32, m: usize| -> u32 {
            if reduce_first {
                coset.step_rest(v, m)
            } else {
                coset.step_first(v, m)
            }
        };
        let (goal_reduced, goal_kept) = if reduce_first { goal } else { (goal.1, goal.0) };
        let kept_tree = SpanningTree::new(kept_values, goal_kept, moves, &step_kept);
        let conj_kept = kept_tree.all_conjugates(kept_values, &kept, &step_kept);
        drop(kept_tree);
        // the reduced coordinate, position by position in its spanning tree: the
        // least conjugate and a symmetry reaching it
        let tree = SpanningTree::new(reduced_values, goal_reduced, moves, &step_reduced);
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(kept.len());
        let (least, by) = tree.least_conjugates(&kept, &step_reduced, threads);
        // classes numbered by their representatives in increasing order
        let mut representatives: Vec<u32> = tree
            .values
            .iter()
            .zip(&least)
            .filter(|(v, l)| v == l)
            .map(|(&v, _)| v)
            .collect();
        representatives.sort_unstable();
        if representatives.len() as u64 >= 1 << (32 - CLASS_SHIFT) {
            return bad(&format!("{} classes", representatives.len()));
        }
        let stabilisers = tree.stabilisers(&kept, &step_reduced, &least, &representatives, threads);
        let entries = class_entries(&least, &by, &representatives, &stabilisers);
        drop(least);
        drop(by);
        let class_of = tree.by_value(reduced_values, &entries, UNREACHED);
        let size = (representatives.len() as u64)
            .checked_mul(kept_values)
            .ok_or_else(|| SpaceError::Other("symmetry-reduced cosets: too many entries".into()))?;
        Ok(SymCosetSpace {
            coset,
            reduce_first,
            kept_values,
            move_maps: kept.iter().map(|s| s.move_map.clone()).collect(),
            class_of: class_of.into(),
            representatives: representatives.into(),
            stabilisers: stabilisers.into(),
            conj_kept: conj_kept.into(),
            size,
        })
    }

    /// [`SymCosetSpace::new`], its class tables kept in the directory `dir`
    /// (`symclass-HASH.tbl`, HASH the FNV-1a hash of the space's key, in the
    /// checksummed format of [`crate::search::cache::write_blob`]): read in place
    /// from the file mapped into memory when it was saved there before (seconds
    /// of work for the large cube tables, a millisecond to map), else computed and
    /// saved. A damaged file, or one holding other tables, is computed again and
    /// replaced, with a note through `note`; a directory that cannot be written
    /// only costs the saving, with a note.
    pub fn cached(
        coset: CosetSpace,
        symmetries: &[Symmetry],
        dir: &std::path::Path,
        note: &dyn Fn(&str),
    ) -> Result<SymCosetSpace, SpaceError> {
        use crate::search::cache;
        let kept = Self::checked_symmetries(&coset, symmetries)?;
        let key = format!(
            "{}; class tables, format 1",
            Self::key_of(&coset, kept.iter().map(|s| &s.move_map[..]))
        );
        let path = dir.join(format!(
            "symclass-{:016x}.tbl",
            crate::search::table::fnv64(key.as_bytes())
        ));
        let _lock = cache::Lock::take(&path.with_extension("lock"));
        match cache::map_blob(&path) {
            Ok(blob) if blob.key == key => {
                match Self::from_tables(coset.clone(), &kept, &blob.file, blob.payload) {
                    Some(space) => return Ok(space),
                    None => note(&format!(
                        "{}: its class tables do not fit the space; computed again",
                        path.display()
                    )),
                }
            }
            Ok(_) => note(&format!(
                "{}: holds other tables (a hash collision); computed again",
                path.display()
            )),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => note(&format!("{}: {e}; computed again", path.display())),
        }
        let space = SymCosetSpace::new(coset, symmetries)?;
        let mut payload = Vec::new();
        for n in [
            space.class_of.len(),
            space.representatives.len(),
            space.stabilisers.len(),
            space.conj_kept.len(),
        ] {
            (n as u64).put_le(&mut payload);
        }
        space.stabilisers.put_le(&mut payload);
        space.class_of.put_le(&mut payload);
        space.representatives.put_le(&mut payload);
        space.conj_kept.put_le(&mut payload);
        if let Err(e) = cache::write_blob(&path, &key, &payload) {
            note(&format!(
                "{}: {e}; the class tables are not kept",
                path.display()
            ));
        }
        Ok(space)
    }

    /// The space of `coset` reduced by `kept` (checked) with the class tables
    /// saved by [`SymCosetSpace::cached`] at `payload` (offset, length) of `file`;
    /// `None` when they do not have the sizes the space needs.
    fn from_tables(
        coset: CosetSpace,
        kept: &[Symmetry],
        file: &std::sync::Arc<super::mapped::MappedFile>,
        (at, len): (usize, usize),
    ) -> Option<SymCosetSpace> {
        let counts = Slab::<u64>::of_file(file, at, 4)?;
        let n = counts
            .iter()
            .map(|&c| usize::try_from(c).ok())
            .collect::<Option<Vec<usize>>>()?;
        let bytes = 32 + 8 * n[2] + 4 * (n[0] + n[1] + n[3]);
        if bytes != len {
            return None;
        }
        let (reduce_first, reduced_values, kept_values) = split_coordinates(&coset);
        if n[0] as u64 != reduced_values
            || n[1] != n[2]
            || n[3] as u64 != kept.len() as u64 * kept_values
        {
            return None;
        }
        let stabilisers = Slab::<u64>::of_file(file, at + 32, n[2])?;
        let class_of = Slab::<u32>::of_file(file, at + 32 + 8 * n[2], n[0])?;
        let representatives = Slab::<u32>::of_file(file, at + 32 + 8 * n[2] + 4 * n[0], n[1])?;
        let conj_kept = Slab::<u32>::of_file(file, at + 32 + 8 * n[2] + 4 * (n[0] + n[1]), n[3])?;
        Some(SymCosetSpace {
            coset,
            reduce_first,
            kept_values,
            move_maps: kept.iter().map(|s| s.move_map.clone()).collect(),
            size: n[1] as u64 * kept_values,
            class_of,
            representatives,
            stabilisers,
            conj_kept,
        })
    }

    /// The symmetries among `symmetries` that [`SymCosetSpace::preserving`]
    /// keeps, checked: at most [`MAX_SYMMETRIES`], the identity first, a group.
    fn checked_symmetries(
        coset: &CosetSpace,
        symmetries: &[Symmetry],
    ) -> Result<Vec<Symmetry>, SpaceError> {
        let kept = Self::preserving(coset, symmetries);
        if kept.len() > MAX_SYMMETRIES {
            return Err(sym_error(&format!(
                "{} symmetries (at most {MAX_SYMMETRIES})",
                kept.len()
            )));
        }
        if kept
            .first()
            .is_none_or(|s| s.move_map.iter().enumerate().any(|(a, &b)| a != b))
        {
            return Err(sym_error("the symmetries must start with the identity"));
        }
        if !is_group(&kept) {
            return Err(sym_error(
                "the symmetries that keep the subgroup's orbits do not form a group",
            ));
        }
        Ok(kept)
    }

    /// The symmetries (in the given order) that map every orbit of the subgroup
    /// onto an orbit and each system of pieces onto itself.
    fn preserving(coset: &CosetSpace, symmetries: &[Symmetry]) -> Vec<Symmetry> {
        let degree = coset.degree();
        let mut orbit_of = vec![usize::MAX; degree];
        for (i, o) in coset.subgroup_orbits().iter().enumerate() {
            for &p in o {
                orbit_of[p] = i;
            }
        }
        let system_of = coset.system_of_points();
        symmetries
            .iter()
            .filter(|s| {
                s.sigma.len() == degree
                    && coset.subgroup_orbits().iter().all(|o| {
                        let target = orbit_of[s.sigma[o[0]] as usize];
                        target != usize::MAX
                            && coset.subgroup_orbits()[target].len() == o.len()
                            && o.iter().all(|&p| orbit_of[s.sigma[p] as usize] == target)
                    })
                    && (0..degree).all(|p| system_of[s.sigma[p] as usize] == system_of[p])
            })
            .cloned()
            .collect()
    }

    /// Whether the class tables are read in place from a mapped file
    /// ([`SymCosetSpace::cached`]).
    pub fn is_mapped_from_file(&self) -> bool {
        matches!(self.class_of, Slab::Mapped { .. })
    }

    /// Copies class tables read in place from a mapped file into the process's
    /// memory (the table of classes, read at random by every look-up, backed by
    /// huge pages), as [`crate::search::table::DistanceTable::copy_into_memory`]
    /// does for the distances.
    pub fn copy_into_memory(&mut self) {
        if !self.is_mapped_from_file() {
            return;
        }
        let mut class_of = Vec::with_capacity(self.class_of.len());
        super::memory::advise_huge_pages(class_of.as_ptr() as *const u8, self.class_of.len() * 4);
        class_of.extend_from_slice(&self.class_of);
        self.class_of = class_of.into();
        self.representatives = self.representatives.to_vec().into();
        self.stabilisers = self.stabilisers.to_vec().into();
        self.conj_kept = self.conj_kept.to_vec().into();
    }

    /// The key of `coset` reduced by the symmetries with these move maps (see
    /// [`StateSpace::key`]).
    fn key_of<'a>(coset: &CosetSpace, move_maps: impl Iterator<Item = &'a [usize]>) -> String {
        let maps: Vec<String> = move_maps
            .map(|s| {
                let images: Vec<String> = s.iter().map(|m| m.to_string()).collect();
                format!("[{}]", images.join(","))
            })
            .collect();
        format!(
            "{}, reduced by the symmetries permuting the moves as {}",
            coset.key(),
            maps.join("")
        )
    }

    /// The coset space reduced.
    pub fn coset(&self) -> &CosetSpace {
        &self.coset
    }

    /// The number of symmetries the cosets are reduced by (the identity included).
    pub fn symmetries(&self) -> usize {
        self.move_maps.len()
    }

    /// The number of classes of the reduced coordinate.
    pub fn classes(&self) -> u64 {
        self.representatives.len() as u64
    }

    /// The entry of the coset with these coordinates ([`CosetSpace::coordinates`]):
    /// the same for every coset conjugate to it by the symmetries kept.
    #[inline(always)]
    pub fn index_of_coordinates(&self, (a, b): (u32, u32)) -> u64 {
        let (r, k) = if self.reduce_first { (a, b) } else { (b, a) };
        let c = self.class_of[r as usize];
        let class = c >> CLASS_SHIFT;
        let kv = self.kept_values as usize;
        let s = (c & SYMMETRY_MASK) as usize;
        let mut kk = self.conj_kept[s * kv + k as usize];
        if c & SELF_SYMMETRIC != 0 {
            kk = self.least_in_stabiliser(class, kk);
        }
        class as u64 * self.kept_values + kk as u64
    }

    /// Brings the class-table entry that [`SymCosetSpace::index_of_coordinates`]
    /// reads for these coordinates into the cache (a hint).
    #[inline(always)]
    pub fn prefetch_class(&self, (a, b): (u32, u32)) {
        let r = if self.reduce_first { a } else { b };
        super::table::prefetch_item(&self.class_of, r as usize);
    }

    /// The least image of the kept value `k` under the stabiliser of a class's
    /// representative.
    #[cold]
    fn least_in_stabiliser(&self, class: u32, k: u32) -> u32 {
        let kv = self.kept_values as usize;
        let mut mask = self.stabilisers[class as usize];
        let mut least = k;
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            least = least.min(self.conj_kept[i * kv + k as usize]);
        }
        least
    }

    /// The coordinates of a representative coset of entry `r`.
    fn representative(&self, r: u64) -> (u32, u32) {
        let class = (r / self.kept_values) as usize;
        let k = (r % self.kept_values) as u32;
        let v = self.representatives[class];
        if self.reduce_first {
            (v, k)
        } else {
            (k, v)
        }
    }
}

/// Which of the coset space's two coordinates is reduced (the one with more
/// values: whether it is the first) and the numbers of values of the reduced
/// and the kept one.
fn split_coordinates(coset: &CosetSpace) -> (bool, u64, u64) {
    let (first, rest) = coset.coordinate_values();
    if first >= rest {
        (true, first, rest)
    } else {
        (false, rest, first)
    }
}

/// The error of a symmetry reduction that cannot be made, saying why.
fn sym_error(why: &str) -> SpaceError {
    SpaceError::Other(format!("symmetry-reduced cosets: {why}"))
}

/// Per position, its entry of the reduced table: the class of its least
/// conjugate (`least`), flagged [`SELF_SYMMETRIC`] when a symmetry other than
/// the identity fixes the class's representative (`stabilisers`), and the
/// symmetry reaching it (`by`).
fn class_entries(
    least: &[u32],
    by: &[u8],
    representatives: &[u32],
    stabilisers: &[u64],
) -> Vec<u32> {
    least
        .iter()
        .zip(by)
        .map(|(&l, &s)| {
            let c = class_number(representatives, l);
            let flag = if stabilisers[c as usize] != 1 {
                SELF_SYMMETRIC
            } else {
                0
            };
            c << CLASS_SHIFT | flag | s as u32
        })
        .collect()
}

/// The class of the least conjugate `v`: its index among the sorted
/// `representatives`.
fn class_number(representatives: &[u32], v: u32) -> u32 {
    representatives
        .binary_search(&v)
        .expect("a least conjugate is a representative") as u32
}

/// Whether the symmetries' actions on the moves (which alone define their action
/// on the coordinates) are closed under composition.
fn is_group(symmetries: &[Symmetry]) -> bool {
    let set: std::collections::HashSet<&[usize]> =
        symmetries.iter().map(|s| &s.move_map[..]).collect();
    symmetries.iter().all(|a| {
        symmetries.iter().all(|b| {
            let ab: Vec<usize> = a.move_map.iter().map(|&m| b.move_map[m]).collect();
            set.contains(&ab[..])
        })
    })
}

impl StateSpace for SymCosetSpace {
    fn size(&self) -> u64 {
        self.size
    }
    fn width(&self) -> usize {
        self.coset.width()
    }
    fn move_count(&self) -> usize {
        self.coset.move_count()
    }
    fn move_name(&self, m: usize) -> &str {
        self.coset.move_name(m)
    }
    #[inline]
    fn apply(&self, m: usize, inverse: bool, s: &[u8], out: &mut [u8]) {
        self.coset.apply(m, inverse, s, out)
    }
    #[inline]
    fn rank(&self, s: &[u8]) -> u64 {
        self.index_of_coordinates(self.coset.coordinates(self.coset.rank(s)))
    }
    fn unrank(&self, r: u64, out: &mut [u8]) {
        let coords = self.representative(r);
        self.coset
            .unrank(self.coset.index_of_coordinates(coords), out)
    }
    fn goals(&self) -> Vec<Vec<u8>> {
        self.coset.goals()
    }
    #[inline]
    fn seek(&self, r: u64, c: &mut Cursor) {
        c.coords = self.representative(r);
    }
    #[inline]
    fn neighbour(&self, c: &mut Cursor, m: usize, inverse: bool) -> u64 {
        self.index_of_coordinates(
            self.coset
                .coordinates(self.coset.neighbour_of(c.coords, m, inverse)),
        )
    }
    fn inverse_closed(&self) -> bool {
        self.coset.inverse_closed()
    }
    fn key(&self) -> String {
        SymCosetSpace::key_of(&self.coset, self.move_maps.iter().map(|m| &m[..]))
    }
    fn to_cells(&self, s: &[u8]) -> Vec<u32> {
        self.coset.to_cells(s)
    }
    fn state_of_cells(&self, cells: &[u32]) -> Result<Vec<u8>, SpaceError> {
        self.coset.state_of_cells(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use crate::search::moves::{Metric, MoveSet};
    use crate::search::symmetry::move_symmetries;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    /// A cube3 position (image list) after 30 random moves.
    fn random_position(rng: &mut StdRng, moves: &[crate::perm::Perm]) -> Vec<u8> {
        let mut s: Vec<u8> = (0..54).collect();
        for _ in 0..30 {
            let m = &moves[rng.random_range(0..moves.len())];
            s = s.iter().map(|&x| m.image(x as usize) as u8).collect();
        }
        s
    }

    /// The exact distance of every index of a space, by a plain breadth-first
    /// search from the goals stepping through [`StateSpace::neighbour`]
    /// (`u8::MAX`: not reached).
    fn distances<S: StateSpace>(space: &S) -> Vec<u8> {
        let mut d = vec![u8::MAX; space.size() as usize];
        let mut cursor = Cursor::new(space.width());
        let mut frontier: Vec<u64> = space.goals().iter().map(|g| space.rank(g)).collect();
        for &r in &frontier {
            d[r as usize] = 0;
        }
        let mut depth = 0u8;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &r in &frontier {
                space.seek(r, &mut cursor);
                for m in 0..space.move_count() {
                    let x = space.neighbour(&mut cursor, m, false);
                    if d[x as usize] == u8::MAX {
                        d[x as usize] = depth + 1;
                        next.push(x);
                    }
                }
            }
            frontier = next;
            depth += 1;
        }
        d
    }

    /// On cube3 coset spaces of three subgroups (the edge flips and slice with
    /// the corners free, the corner twists with the edges free, both
    /// orientations): the reduced table's distance of every coset equals the
    /// unreduced one (two breadth-first searches, one over every coset, one over
    /// the classes); conjugating a random position by every symmetry kept leaves
    /// its entry unchanged; and the table is smaller by nearly the number of
    /// symmetries, which keep the U–D axis (16) or also the F–B one (8).
    #[test]
    fn reduced_distances_are_the_coset_distances() {
        let u_perm = "R2 U R U R' U' R' U' R' U R'";
        let twist = "R' D' R D R' D' R D U R' D' R D R' D' R D R' D' R D R' D' R D U'";
        let cases = [
            (format!("cube3[U,D,R2,L2,F2,B2,{twist}]"), 16, 1_013_760),
            (
                format!("cube3[U,D,R2,L2,F2,B2,F {u_perm} F',R {u_perm} R']"),
                16,
                2187,
            ),
            (
                format!("cube3[U,D,R2,L2,F2,B2,F {u_perm} F']"),
                8,
                2187 * 2048,
            ),
        ];
        let puzzle = Puzzle::builtin("cube3").unwrap();
        let moves = MoveSet::for_puzzle(&puzzle, Metric::Htm).unwrap();
        let perms = moves.perms();
        let names: Vec<String> = moves.moves().iter().map(|m| m.name.clone()).collect();
        let symmetries = move_symmetries(&moves, 1_000_000).list;
        assert_eq!(symmetries.len(), 48);
        let mut rng = StdRng::seed_from_u64(5);
        for (spec, kept, cosets) in cases {
            let sub = Puzzle::load(&spec).unwrap().generator_perms();
            let coset = CosetSpace::new("t", 54, &sub, names.clone(), perms.clone())
                .unwrap()
                .with_move_tables(1 << 22);
            let reduced = SymCosetSpace::new(coset.clone(), &symmetries).unwrap();
            assert_eq!(reduced.symmetries(), kept, "{spec}");
            let full = distances(&coset);
            let reached = full.iter().filter(|&&d| d != u8::MAX).count() as u64;
            assert_eq!(reached, cosets, "{spec}");
            let classes = distances(&reduced);
            let entries = classes.iter().filter(|&&d| d != u8::MAX).count() as u64;
            assert!(entries * kept as u64 >= cosets, "{spec}");
            assert!(entries < cosets, "{spec}");
            let mut images = vec![false; reduced.size() as usize];
            for (r, &d) in full.iter().enumerate() {
                if d == u8::MAX {
                    // an index no coset has (a piece class of period 1 still
                    // counts its turns)
                    continue;
                }
                let e = reduced.index_of_coordinates(coset.coordinates(r as u64));
                assert_eq!(classes[e as usize], d, "{spec}: coset {r}");
                images[e as usize] = true;
            }
            // the search over classes reaches exactly the entries of cosets
            for (e, &d) in classes.iter().enumerate() {
                assert_eq!(d != u8::MAX, images[e], "{spec}: entry {e}");
            }
            // conjugation by a symmetry kept keeps the entry
            let kept_syms = SymCosetSpace::preserving(&coset, &symmetries);
            let project = |s: &[u8]| crate::perm::slice::product(coset.tracked(), s);
            for _ in 0..50 {
                let s = random_position(&mut rng, &perms);
                let e = reduced.rank(&project(&s));
                for sym in &kept_syms {
                    assert_eq!(reduced.rank(&project(&sym.conjugate(&s))), e, "{spec}");
                }
            }
        }
    }

    /// Class tables kept in a directory ([`SymCosetSpace::cached`]): the first
    /// call computes and saves them, the second reads them in place from the
    /// mapped file, and both give every coset the entry [`SymCosetSpace::new`]
    /// gives it; a damaged file is computed again with a note and replaced.
    #[test]
    fn cached_class_tables_are_read_in_place_and_index_as_computed() {
        let twist = "R' D' R D R' D' R D U R' D' R D R' D' R D R' D' R D R' D' R D U'";
        let spec = format!("cube3[U,D,R2,L2,F2,B2,{twist}]");
        let puzzle = Puzzle::builtin("cube3").unwrap();
        let moves = MoveSet::for_puzzle(&puzzle, Metric::Htm).unwrap();
        let names: Vec<String> = moves.moves().iter().map(|m| m.name.clone()).collect();
        let symmetries = move_symmetries(&moves, 1_000_000).list;
        let sub = Puzzle::load(&spec).unwrap().generator_perms();
        let coset = CosetSpace::new("t", 54, &sub, names, moves.perms())
            .unwrap()
            .with_move_tables(1 << 22);
        let dir = std::env::temp_dir().join(format!("permlab-symclass-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let notes = std::cell::RefCell::new(Vec::<String>::new());
        let note = |n: &str| notes.borrow_mut().push(n.to_string());
        let computed = SymCosetSpace::new(coset.clone(), &symmetries).unwrap();
        let first = SymCosetSpace::cached(coset.clone(), &symmetries, &dir, &note).unwrap();
        assert!(matches!(first.class_of, Slab::Owned(_)));
        let second = SymCosetSpace::cached(coset.clone(), &symmetries, &dir, &note).unwrap();
        assert!(matches!(second.class_of, Slab::Mapped { .. }));
        assert!(matches!(second.stabilisers, Slab::Mapped { .. }));
        assert!(notes.borrow().is_empty(), "{:?}", notes.borrow());
        let mut copied = second.clone();
        copied.copy_into_memory();
        assert!(second.is_mapped_from_file() && !copied.is_mapped_from_file());
        for space in [&first, &second, &copied] {
            assert_eq!(space.class_of[..], computed.class_of[..]);
            assert_eq!(space.representatives[..], computed.representatives[..]);
            assert_eq!(space.stabilisers[..], computed.stabilisers[..]);
            assert_eq!(space.conj_kept[..], computed.conj_kept[..]);
        }
        let mut rng = StdRng::seed_from_u64(3);
        let project = |s: &[u8]| crate::perm::slice::product(coset.tracked(), s);
        for _ in 0..200 {
            let s = project(&random_position(&mut rng, &moves.perms()));
            assert_eq!(second.rank(&s), computed.rank(&s));
        }
        assert_eq!(
            (second.size(), second.key()),
            (computed.size(), computed.key())
        );
        // one byte of the class tables changed: computed again, with a note
        let file = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|x| x == "tbl"))
            .unwrap();
        let mut bytes = std::fs::read(&file).unwrap();
        let at = bytes.len() - 100;
        bytes[at] ^= 1;
        std::fs::write(&file, bytes).unwrap();
        let third = SymCosetSpace::cached(coset, &symmetries, &dir, &note).unwrap();
        assert!(matches!(third.class_of, Slab::Owned(_)));
        assert_eq!(notes.borrow().len(), 1);
        assert!(
            notes.borrow()[0].contains("checksum mismatch"),
            "{:?}",
            notes.borrow()
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    /// Kociemba's published class counts (`tests/data/kociemba_sym_classes.txt`).
    fn published(name: &str) -> u64 {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/kociemba_sym_classes.txt"),
        )
        .unwrap();
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .find_map(|l| l.strip_prefix(name)?.trim().parse().ok())
            .unwrap()
    }

    /// The flip–sorted-slice coordinate of Kociemba's optimal solver (the cosets
    /// of the subgroup fixing the four slice edges in ⟨U, D, R2, L2, F2, B2⟩,
    /// 2048·11880 edge values): conjugation along the spanning tree agrees with
    /// conjugating random positions, its classes under the 16 symmetries kept
    /// number `(1/16)·Σ fixed points` (Burnside, from the same conjugations) and
    /// equal Kociemba's published count, as the flip–slice classes of phase 1 do.
    #[test]
    fn sorted_slice_classes_are_kociembas() {
        let puzzle = Puzzle::builtin("cube3").unwrap();
        let moves = MoveSet::for_puzzle(&puzzle, Metric::Htm).unwrap();
        let perms = moves.perms();
        let names: Vec<String> = moves.moves().iter().map(|m| m.name.clone()).collect();
        let symmetries = move_symmetries(&moves, 1_000_000).list;
        let mut rng = StdRng::seed_from_u64(8);
        for (spec, name) in [
            (
                "cube3[U,D,R2 U R2,L2 U L2,F2 U F2,B2 U B2]",
                "N_FLIPSLICESORTED_CLASS",
            ),
            ("cube3[U,D,R2,L2,F2,B2]", "N_FLIPSLICE_CLASS"),
        ] {
            let sub = Puzzle::load(spec).unwrap().generator_perms();
            let coset = CosetSpace::new("t", 54, &sub, names.clone(), perms.clone())
                .unwrap()
                .with_move_tables(1 << 22);
            let (first, edges) = coset.coordinate_values();
            assert_eq!(first, 2187, "{spec}: the corner twists come first");
            let kept = SymCosetSpace::preserving(&coset, &symmetries);
            assert_eq!(kept.len(), 16, "{spec}");
            let goal = coset.coordinates(coset.rank(&coset.goals()[0]));
            let step = |v: u32, m: usize| coset.step_rest(v, m);
            let tree = SpanningTree::new(edges, goal.1, moves.moves().len(), &step);
            assert_eq!(tree.values.len() as u64, edges, "{spec}");
            let project = |s: &[u8]| crate::perm::slice::product(coset.tracked(), s);
            let mut fixed = 0u64;
            for sym in &kept {
                let image = tree.conjugates(&sym.move_map, &step);
                let map = tree.by_value(edges, &image, UNREACHED);
                fixed += map
                    .iter()
                    .enumerate()
                    .filter(|&(v, &w)| v as u32 == w)
                    .count() as u64;
                for _ in 0..100 {
                    let s = random_position(&mut rng, &perms);
                    let at = coset.coordinates(coset.rank(&project(&s))).1;
                    let conjugate = coset
                        .coordinates(coset.rank(&project(&sym.conjugate(&s))))
                        .1;
                    assert_eq!(map[at as usize], conjugate, "{spec}");
                }
            }
            let reduced = SymCosetSpace::new(coset, &symmetries).unwrap();
            assert_eq!(reduced.classes() * 16, fixed, "{spec}");
            assert_eq!(reduced.classes(), published(name), "{spec}");
            assert_eq!(reduced.size(), published(name) * 2187, "{spec}");
        }
    }
}
