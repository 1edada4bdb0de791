//! Symmetries of a move set: relabellings `σ` of the points with `σ⁻¹·M·σ` a move
//! of the same cost for every move `M` (for cube3 the 48 symmetries of the cube,
//! mirror images included, found from the moves rather than listed).
//!
//! Conjugating by such a `σ` maps words of moves to words of moves of the same
//! cost, so a position `s` and its conjugate `σ⁻¹·s·σ` are equally far from
//! solved. IDA* uses this as Korf ("Finding optimal solutions to Rubik's Cube
//! using pattern databases", AAAI 1997) and Kociemba (the "multi-axis" look-ups of
//! his optimal solver, cube20.org / kociemba.org) do: one pruning table gives
//! several lower bounds, one per conjugate, and the search takes their maximum
//! (twsearch of T. Rokicki also derives a puzzle's symmetries from its moves).
//!
//! The search is a backtrack over partial maps. With functions composed right to
//! left, `σ⁻¹∘M∘σ = M'` reads `σ(M'(x)) = M(σ(x))` for every point `x`: once
//! `σ(x)` and the move `M'` conjugate to `M` are fixed, `σ(M'(x))` follows. The
//! backtrack fixes `σ` on one point, then, for each move `M'` moving a point where
//! `σ` is known, tries every move `M` of the same cycle type and cost moving its
//! image, propagating these consequences to a fixed point and dropping the branch
//! at the first contradiction. Relabellings that commute with every move (on
//! cube3 twisting every corner in place, flipping every edge) give no new
//! look-up, so one `σ` is kept per permutation of the moves.

use super::moves::MoveSet;
use crate::perm::slice;
use std::collections::HashMap;

/// One symmetry of a move set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// The relabelling as images: `sigma[x] = σ(x)`.
    pub sigma: Vec<u8>,
    /// `move_map[m]`: the index of the move `σ⁻¹∘M_m∘σ` (same cost as `M_m`).
    pub move_map: Vec<usize>,
}

impl Symmetry {
    /// The conjugate `σ⁻¹∘s∘σ` of a state given as an image list (`s[l]` the
    /// position of label `l`): `t[l] = σ⁻¹(s[σ(l)])`.
    pub fn conjugate(&self, s: &[u8]) -> Vec<u8> {
        let mut t = slice::product(&self.sigma, s);
        slice::compose_in_place(&mut t, &slice::inverse(&self.sigma));
        t
    }

    /// Whether this is the identity relabelling.
    pub fn is_identity(&self) -> bool {
        self.sigma.iter().enumerate().all(|(x, &y)| x == y as usize)
    }
}

/// The symmetries found by [`move_symmetries`].
#[derive(Clone, Debug)]
pub struct Symmetries {
    /// One relabelling per permutation of the moves, the identity first.
    pub list: Vec<Symmetry>,
    /// Whether the backtrack ran to the end (else it stopped at its node limit and
    /// `list` holds the symmetries found so far, each of them checked).
    pub complete: bool,
}

struct Backtrack<'a> {
    n: usize,
    moves: &'a [Vec<u8>],
    /// Per move: sorted cycle lengths and cost, compared for candidates.
    shape: Vec<(Vec<usize>, u32)>,
    /// Per point: the moves moving it.
    movers: Vec<Vec<usize>>,
    sig: Vec<u8>,
    used: Vec<bool>,
    /// `to[M] = M'` with `σ⁻¹∘M∘σ = M'`, `from[M'] = M`.
    to: Vec<usize>,
    from: Vec<usize>,
    trail_sig: Vec<usize>,
    trail_to: Vec<usize>,
    found: HashMap<Vec<usize>, Vec<u8>>,
    order: Vec<Vec<usize>>,
    nodes: u64,
    max_nodes: u64,
}

const UNSET: u8 = u8::MAX;
const NONE: usize = usize::MAX;

impl Backtrack<'_> {
    fn set_sig(&mut self, x: usize, y: usize) {
        self.sig[x] = y as u8;
        self.used[y] = true;
        self.trail_sig.push(x);
    }

    fn set_to(&mut self, m: usize, m2: usize) {
        self.to[m] = m2;
        self.from[m2] = m;
        self.trail_to.push(m);
    }

    fn undo(&mut self, sig_mark: usize, to_mark: usize) {
        while self.trail_sig.len() > sig_mark {
            let x = self.trail_sig.pop().expect("trail");
            self.used[self.sig[x] as usize] = false;
            self.sig[x] = UNSET;
        }
        while self.trail_to.len() > to_mark {
            let m = self.trail_to.pop().expect("trail");
            self.from[self.to[m]] = NONE;
            self.to[m] = NONE;
        }
    }

    /// The consequences `σ(M'(x)) = M(σ(x))` to a fixed point; false on a
    /// contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            let mut changed = false;
            for m in 0..self.moves.len() {
                let m2 = self.to[m];
                if m2 == NONE {
                    continue;
                }
                for x in 0..self.n {
                    if self.sig[x] == UNSET {
                        continue;
                    }
                    let x2 = self.moves[m2][x] as usize;
                    let y2 = self.moves[m][self.sig[x] as usize] as usize;
                    if self.sig[x2] == UNSET {
                        if self.used[y2] {
                            return false;
                        }
                        self.set_sig(x2, y2);
                        changed = true;
                    } else if self.sig[x2] as usize != y2 {
                        return false;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    fn search(&mut self) {
        self.nodes += 1;
        if self.nodes > self.max_nodes || !self.propagate() {
            return;
        }
        let (sm, tm) = (self.trail_sig.len(), self.trail_to.len());
        // a move M' moving a point where σ is known, not yet matched
        for x in 0..self.n {
            if self.sig[x] == UNSET {
                continue;
            }
            let y = self.sig[x] as usize;
            let Some(&m2) = self.movers[x].iter().find(|&&m2| self.from[m2] == NONE) else {
                continue;
            };
            for i in 0..self.movers[y].len() {
                let m = self.movers[y][i];
                if self.to[m] != NONE || self.shape[m] != self.shape[m2] {
                    continue;
                }
                self.set_to(m, m2);
                self.search();
                self.undo(sm, tm);
            }
            return;
        }
        // an unmapped moved point
        if let Some(x) = (0..self.n).find(|&x| self.sig[x] == UNSET) {
            for y in 0..self.n {
                if self.used[y] || self.movers[y].len() != self.movers[x].len() {
                    continue;
                }
                self.set_sig(x, y);
                self.search();
                self.undo(sm, tm);
            }
            return;
        }
        // complete: check σ⁻¹∘M∘σ = M' for every move and record
        let inv = slice::inverse(&self.sig);
        let ok = (0..self.moves.len()).all(|m| {
            let m2 = self.to[m];
            m2 != NONE
                && (0..self.n)
                    .all(|x| inv[self.moves[m][self.sig[x] as usize] as usize] == self.moves[m2][x])
        });
        if ok && !self.found.contains_key(&self.to) {
            self.found.insert(self.to.clone(), self.sig.clone());
            self.order.push(self.to.clone());
        }
    }
}

/// The symmetries of a move set (see the module docs): one relabelling `σ` of the
/// points per permutation of the moves it induces, each checked to conjugate
/// every move onto a move of equal cost. The backtrack stops after `max_nodes`
/// nodes (then [`Symmetries::complete`] is false).
///
/// ```
/// use permlab::search::moves::{Metric, MoveSet};
/// use permlab::search::symmetry::move_symmetries;
/// let cube2 = permlab::Puzzle::builtin("cube2").unwrap();
/// let moves = MoveSet::for_puzzle(&cube2, Metric::Htm).unwrap();
/// let s = move_symmetries(&moves, 1_000_000);
/// assert!(s.complete);
/// assert_eq!(s.list.len(), 48);
/// ```
pub fn move_symmetries(moves: &MoveSet, max_nodes: u64) -> Symmetries {
    let n = moves.degree();
    let images: Vec<Vec<u8>> = moves
        .moves()
        .iter()
        .map(|m| (0..n).map(|i| m.perm.image(i) as u8).collect())
        .collect();
    let shape = moves
        .moves()
        .iter()
        .map(|m| {
            let mut c: Vec<usize> = m.perm.cycles().iter().map(|c| c.len()).collect();
            c.sort_unstable();
            (c, m.cost)
        })
        .collect();
    let mut movers = vec![Vec::new(); n];
    for (mi, im) in images.iter().enumerate() {
        for (x, &y) in im.iter().enumerate() {
            if x != y as usize {
                movers[x].push(mi);
            }
        }
    }
    let k = images.len();
    let mut bt = Backtrack {
        n,
        moves: &images,
        shape,
        movers,
        sig: vec![UNSET; n],
        used: vec![false; n],
        to: vec![NONE; k],
        from: vec![NONE; k],
        trail_sig: Vec::new(),
        trail_to: Vec::new(),
        found: HashMap::new(),
        order: Vec::new(),
        nodes: 0,
        max_nodes,
    };
    // points no move moves stay where they are
    for x in 0..n {
        if bt.movers[x].is_empty() {
            bt.set_sig(x, x);
        }
    }
    let mark = (bt.trail_sig.len(), bt.trail_to.len());
    bt.search();
    bt.undo(mark.0, mark.1);
    let complete = bt.nodes <= bt.max_nodes;
    let mut list: Vec<Symmetry> = bt
        .order
        .iter()
        .map(|to| Symmetry {
            sigma: bt.found[to].clone(),
            move_map: to.clone(),
        })
        .collect();
    // the identity permutation of the moves first, represented by the identity
    if let Some(i) = list
        .iter()
        .position(|s| s.move_map.iter().enumerate().all(|(a, &b)| a == b))
    {
        list.remove(i);
    }
    list.insert(
        0,
        Symmetry {
            sigma: (0..n as u8).collect(),
            move_map: (0..k).collect(),
        },
    );
    Symmetries { list, complete }
}
