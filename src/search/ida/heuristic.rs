//! The heuristic of an IDA* search: the projections chosen for a move set
//! ([`auto_projections`]), their tables, and the look-ups at conjugates of a
//! position by the moves' symmetries.

use super::projection::*;
use super::IdaError;
use crate::group::PermGroup;
use crate::search::any_space::AnySpace;
use crate::search::budget::SearchBudget;
use crate::search::index::Arrangements;
use crate::search::moves::MoveSet;
use crate::search::oriented::OrientedPiecesSpace;
use crate::search::space::StateSpace;
use crate::search::symmetry::Symmetry;
use crate::search::table::table_bytes;
use std::path::Path;

use std::sync::Arc;

/// Projections chosen for a move set: for each orbit (largest group first) not
/// yet covered, a [`ProjectionKind::Group`] projection of that orbit merged with
/// every other orbit (smallest group first) that keeps the group order within
/// `budget` entries — merging an orbit whose pieces move with the ones already
/// there costs nothing, and small orbits join several tables (the slice edges in
/// both of Kociemba's phase-2 tables). An orbit whose group alone is larger is
/// covered by [`ProjectionKind::Pieces`] projections of as many of its labels as
/// fit, one sticker per piece (pieces: blocks moved whole; a chunk naming only pieces
/// tracked already is left out).
pub fn auto_projections(moves: &MoveSet, budget: u64) -> Vec<ProjectionKind> {
    let group = moves.group();
    let order_of = |points: &[usize]| {
        projection_size_in(
            &group,
            moves,
            &ProjectionKind::Group(points.to_vec()),
            None,
            &|_| {},
        )
        .unwrap_or(u64::MAX)
    };
    let mut orbits: Vec<(u64, Vec<usize>)> = group
        .orbits()
        .into_iter()
        .filter(|o| o.len() > 1)
        .map(|o| (order_of(&o), o))
        .collect();
    orbits.sort();
    let mut out = Vec::new();
    let mut covered = vec![false; moves.degree()];
    for (n, o) in orbits.iter().rev() {
        if o.iter().all(|&x| covered[x]) {
            continue;
        }
        if *n > budget {
            // oriented pieces of the orbit (one sticker on each of k pieces), as
            // many per table as fit, in overlapping windows covering every piece
            if let Ok(pieces) = crate::search::pieces::orbit_pieces(&group, &moves.perms(), o)
                .ok_or(())
                .and_then(|p| tracked_pieces(&group, moves, &[p[0][0]]).map_err(|_| ()))
            {
                let (np, size) = (pieces.len(), pieces[0].len());
                let mut k = 0;
                while k < np
                    && k < 64
                    && OrientedPiecesSpace::entries(np, k + 1, size).is_some_and(|e| e <= budget)
                {
                    k += 1;
                }
                if k > 0 && size > 1 {
                    let tables = np.div_ceil(k);
                    for t in 0..tables {
                        let first = if tables == 1 {
                            0
                        } else {
                            (t * (np - k) + (tables - 1) / 2) / (tables - 1)
                        };
                        out.push(ProjectionKind::OrientedPieces(
                            pieces[first..first + k].iter().map(|b| b[0]).collect(),
                        ));
                    }
                    continue;
                }
            }
            // pieces of the orbit, as many per table as fit
            let mut k = 0;
            while k < o.len() && Arrangements::new(o.len(), k + 1).is_ok_and(|a| a.size() <= budget)
            {
                k += 1;
            }
            if k > 0 {
                let (order, block_of) = piece_order(&group, moves, o);
                let mut tracked = vec![false; moves.degree()];
                for chunk in order.chunks(k) {
                    if let Some(b) = &block_of {
                        // the pieces of this chunk are tracked already (by another
                        // sticker of each)
                        if chunk.iter().all(|&x| tracked[b[x]]) {
                            continue;
                        }
                        for &x in chunk {
                            tracked[b[x]] = true;
                        }
                    }
                    out.push(ProjectionKind::Pieces(chunk.to_vec()));
                }
            }
            continue;
        }
        let mut points = o.clone();
        for (m, q) in &orbits {
            if q == o || *m > budget {
                continue;
            }
            let mut merged = points.clone();
            merged.extend(q);
            if order_of(&merged) <= budget {
                points = merged;
            }
        }
        for &x in &points {
            covered[x] = true;
        }
        points.sort_unstable();
        out.push(ProjectionKind::Group(points));
    }
    out
}
/// The points of an orbit ordered one per piece first, and the piece of each
/// point (numbered by the first point of its block). The pieces are those of
/// [`crate::search::pieces::orbit_pieces`]: the stickers of one cubie, which move
/// together. The order takes the first point of every
/// block, then the second of every block, and so on, so that a chunk of it names
/// distinct pieces (tracking one sticker of a cubie tracks the cubie and its
/// orientation, as Korf's edge tables do). Without such a system: the orbit as
/// it is and `None`.
fn piece_order(
    group: &PermGroup,
    moves: &MoveSet,
    orbit: &[usize],
) -> (Vec<usize>, Option<Vec<usize>>) {
    let Some(sys) = crate::search::pieces::orbit_pieces(group, &moves.perms(), orbit) else {
        return (orbit.to_vec(), None);
    };
    let mut block_of = vec![usize::MAX; moves.degree()];
    for b in &sys {
        for &x in b {
            block_of[x] = b[0];
        }
    }
    let size = sys[0].len();
    let order = (0..size)
        .flat_map(|i| sys.iter().filter_map(move |b| b.get(i).copied()))
        .collect();
    (order, Some(block_of))
}

/// The pruning tables of a search, built together after one memory check, and
/// the look-ups made of them (each table at the position itself, and with
/// [`Heuristic::add_symmetric_views`] also at conjugates of it).
#[derive(Debug)]
pub struct Heuristic {
    pub(super) projections: Vec<Arc<Projection>>,
    pub(super) views: Vec<View>,
    pub(super) local_width: usize,
}

/// The key of a look-up: the sets a projection names, mapped by `σ` and sorted.
fn view_key(sets: &[Vec<usize>], sigma: Option<&[u8]>) -> Vec<Vec<usize>> {
    let mut key: Vec<Vec<usize>> = sets
        .iter()
        .map(|s| {
            let mut v: Vec<usize> = s
                .iter()
                .map(|&x| sigma.map_or(x, |g| g[x] as usize))
                .collect();
            v.sort_unstable();
            v
        })
        .collect();
    key.sort();
    key
}

impl Heuristic {
    /// Total table bytes the projections need (2 bits per entry), computed before
    /// building anything (the class tables of symmetry-reduced coset tables are
    /// kept in the directory `cache` when one is given, see
    /// [`crate::search::sym_coset::SymCosetSpace::cached`]).
    pub fn planned_bytes(
        moves: &MoveSet,
        kinds: &[ProjectionKind],
        cache: Option<&Path>,
    ) -> Result<u64, IdaError> {
        let group = moves.group();
        let mut bytes = 0u64;
        for k in kinds {
            bytes += table_bytes(projection_size_in(&group, moves, k, cache, &|_| {})?);
        }
        Ok(bytes)
    }

    /// Builds the tables (or loads them from the directory `cache`, see
    /// [`cached_table`]); refuses before allocating when all of them together would
    /// not fit in the budget (or the available memory). Each table is looked up
    /// at the position itself.
    pub fn build(
        moves: &MoveSet,
        kinds: Vec<ProjectionKind>,
        budget: &SearchBudget,
        cache: Option<&Path>,
    ) -> Result<Heuristic, IdaError> {
        let bytes = Heuristic::planned_bytes(moves, &kinds, cache)?;
        budget.check_bytes(bytes)?;
        let projections = kinds
            .into_iter()
            .map(|k| Projection::build(moves, k, budget, cache).map(Arc::new))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Heuristic::from_projections(moves, projections))
    }

    /// Whether some table is read in place from a mapped file of the table cache
    /// (see [`crate::search::mapped`]).
    pub fn is_mapped_from_file(&self) -> bool {
        self.projections.iter().any(|p| p.is_mapped_from_file())
    }

    /// Copies the tables read in place from mapped files into the process's
    /// memory ([`Projection::copy_into_memory`]; what it costs and gains:
    /// [`crate::search::table::DistanceTable::copy_into_memory`]). Tables shared with another
    /// heuristic are left as they are.
    pub fn copy_into_memory(&mut self) {
        for p in &mut self.projections {
            if let Some(p) = Arc::get_mut(p) {
                p.copy_into_memory();
            }
        }
    }

    /// The heuristic of tables built before (for the same moves), shared with the
    /// other heuristics holding them; each is looked up at the position itself.
    pub fn from_projections(moves: &MoveSet, projections: Vec<Arc<Projection>>) -> Heuristic {
        let identity: Vec<u16> = (0..moves.moves().len() as u16).collect();
        let mut h = Heuristic {
            projections,
            views: Vec::new(),
            local_width: 0,
        };
        for p in 0..h.projections.len() {
            h.push_view(p, None, identity.clone());
        }
        h.order_views();
        h
    }

    pub(super) fn push_view(&mut self, proj: usize, sym: Option<Symmetry>, move_map: Vec<u16>) {
        let width = self.projections[proj].gather.len();
        let by_coordinates = self.projections[proj].coord_index().is_some();
        self.views.push(View {
            proj,
            sym,
            move_map,
            offset: self.local_width,
            width,
            by_coordinates,
        });
        self.local_width += width;
    }

    /// Adds look-ups of every table at conjugates `σ⁻¹·s·σ` of the position by
    /// symmetries of the moves (from [`crate::search::symmetry::move_symmetries`]
    /// for the same move set), up to `per_table` look-ups per table in all: only
    /// symmetries mapping the table's pieces to other pieces give new bounds (the
    /// corners' table of cube3 maps onto itself), and among those the ones
    /// covering the points least covered so far are taken first. Returns the
    /// number of look-ups per node.
    pub fn add_symmetric_views(&mut self, symmetries: &[Symmetry], per_table: usize) -> usize {
        for p in 0..self.projections.len() {
            let sets = self.projections[p].named_sets();
            let mut seen: Vec<Vec<Vec<usize>>> = self
                .views
                .iter()
                .filter(|v| v.proj == p)
                .map(|v| view_key(&sets, v.sym.as_ref().map(|s| &s.sigma[..])))
                .collect();
            let mut candidates: Vec<(Vec<Vec<usize>>, &Symmetry)> = Vec::new();
            for s in symmetries {
                let key = view_key(&sets, Some(&s.sigma));
                if !seen.contains(&key) && !candidates.iter().any(|(k, _)| *k == key) {
                    candidates.push((key, s));
                }
            }
            let mut covered = vec![0u32; 256];
            for k in &seen {
                for &x in k.iter().flatten() {
                    covered[x] += 1;
                }
            }
            let mut chosen = Vec::new();
            while seen.len() < per_table && !candidates.is_empty() {
                let best = (0..candidates.len())
                    .min_by_key(|&i| {
                        candidates[i]
                            .0
                            .iter()
                            .flatten()
                            .map(|&x| covered[x])
                            .sum::<u32>()
                    })
                    .expect("candidates");
                let (key, s) = candidates.remove(best);
                for &x in key.iter().flatten() {
                    covered[x] += 1;
                }
                seen.push(key);
                chosen.push(s.clone());
            }
            for s in chosen {
                let map = s.move_map.iter().map(|&m| m as u16).collect();
                self.push_view(p, Some(s), map);
            }
        }
        self.order_views();
        self.views.len()
    }

    /// Orders the look-ups largest table first (a stable sort): a larger table
    /// usually bounds higher, and a child is dropped at the first look-up over
    /// the bound, so the strong look-ups go first.
    pub(super) fn order_views(&mut self) {
        let projections = &self.projections;
        self.views
            .sort_by_key(|v| std::cmp::Reverse(projections[v.proj].entries()));
    }

    /// The projections.
    pub fn projections(&self) -> &[Arc<Projection>] {
        &self.projections
    }

    /// The number of table look-ups per node (tables and their conjugates).
    pub fn look_ups(&self) -> usize {
        self.views.len()
    }

    /// Total table entries.
    pub fn entries(&self) -> u64 {
        self.projections.iter().map(|p| p.entries()).sum()
    }

    /// Total table bytes.
    pub fn bytes(&self) -> u64 {
        self.projections
            .iter()
            .map(|p| table_bytes(p.entries()))
            .sum()
    }

    /// The heuristic value of a position: the largest distance over the look-ups.
    pub fn estimate(&self, s: &[u8]) -> Result<u32, IdaError> {
        let mut local = vec![0u8; self.local_width];
        let mut h = 0;
        for v in &self.views {
            h = h.max(self.view_root(v, s, &mut local)?.0 as u32);
        }
        Ok(h)
    }

    /// A look-up's distance at a position, its projection state (into `local`)
    /// and, for coordinate projections, its coordinates.
    pub(super) fn view_root(
        &self,
        v: &View,
        s: &[u8],
        local: &mut [u8],
    ) -> Result<(u8, (u32, u32)), IdaError> {
        let p = &self.projections[v.proj];
        let conj;
        let t = match &v.sym {
            Some(sym) => {
                conj = sym.conjugate(s);
                &conj[..]
            }
            None => s,
        };
        let buf = &mut local[v.offset..v.offset + v.width];
        p.project(t, buf);
        let h = p.local_distance(buf)?.min(255) as u8;
        let coords = match p.coord_index() {
            Some(c) => c.coordinates(match &p.space {
                AnySpace::SymCoset(sp) => sp.coset().rank(buf),
                space => crate::with_space!(space, sp => sp.rank(buf)),
            }),
            None => (0, 0),
        };
        Ok((h, coords))
    }
}

/// How the tables of an optimal search were set up by [`optimal_heuristic`].
#[derive(Clone, Debug)]
pub struct OptimalSetup {
    /// The symmetries of the moves found (identity included).
    pub symmetries: usize,
    /// Whether the symmetry search ran to the end.
    pub symmetries_complete: bool,
    /// Table look-ups per node.
    pub look_ups: usize,
}

/// Which of the tables of [`auto_projections`] an optimal search keeps beside
/// tables given explicitly (such as a coset table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutoTables {
    /// Every one.
    All,
    /// Only the [`ProjectionKind::Group`] ones (whole orbits, e.g. the cube's
    /// corners): with cube3's coset table the edge tables cut the nodes of a
    /// depth-15 pass by 20% but double its look-ups per node.
    Groups,
    /// None.
    None,
}

impl AutoTables {
    /// The kinds of `kinds` this keeps.
    pub fn select(self, mut kinds: Vec<ProjectionKind>) -> Vec<ProjectionKind> {
        match self {
            AutoTables::All => {}
            AutoTables::Groups => kinds.retain(|k| matches!(k, ProjectionKind::Group(_))),
            AutoTables::None => kinds.clear(),
        }
        kinds
    }
}

/// The heuristic of an optimal search (Korf 1997 with the multi-axis look-ups of
/// Kociemba's optimal solver, M. Reid's coset tables): the tables `kinds` (e.g.
/// those of [`auto_projections`] and a [`ProjectionKind::Coset`]), built by
/// [`Heuristic::build`] (memory checked before allocating, `cache` as there),
/// each looked up at up to `look_ups_per_table` conjugates of the position by the
/// symmetries of the moves ([`crate::search::symmetry::move_symmetries`],
/// [`Heuristic::add_symmetric_views`]).
pub fn optimal_heuristic(
    moves: &MoveSet,
    kinds: Vec<ProjectionKind>,
    look_ups_per_table: usize,
    budget: &SearchBudget,
    cache: Option<&Path>,
) -> Result<(Heuristic, OptimalSetup), IdaError> {
    let mut h = Heuristic::build(moves, kinds, budget, cache)?;
    let syms = crate::search::symmetry::move_symmetries(moves, super::SYMMETRY_NODES);
    let look_ups = h.add_symmetric_views(&syms.list, look_ups_per_table);
    Ok((
        h,
        OptimalSetup {
            symmetries: syms.list.len(),
            symmetries_complete: syms.complete,
            look_ups,
        },
    ))
}
