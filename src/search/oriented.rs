//! Where some pieces are and how they are turned, indexed compactly: the state
//! space of the positions of `k` tracked stickers, one on each of `k` distinct
//! pieces (blocks of stickers every move moves whole, [`super::pieces`]), ranked
//! as the arrangement of the `k` pieces among the `n` pieces times the sticker
//! each lies on (`n!/(n-k)! · o^k` entries for pieces of `o` stickers). This is
//! the index of Korf's edge tables (R. E. Korf, "Finding optimal solutions to
//! Rubik's Cube using pattern databases", AAAI 1997: the positions and flips of
//! 6 of the 12 edges, 12!/6!·2⁶ = 42,577,920 entries), where the plain sticker
//! arrangement ([`super::space::PiecesSpace`]) needs 24!/18! = 96,909,120 for
//! the same pieces, and 7 edges 510,935,040 entries instead of 1.7·10⁹.

use super::index::{Arrangements, PerfectIndex};
use super::space::{labels_text, MoveTable, SpaceError, TrackedIndex, TrackedSpace};
use crate::perm::Perm;

/// The placements of tracked stickers on distinct pieces (see the module docs).
pub type OrientedPiecesSpace = TrackedSpace<OrientedPieces>;

/// The index of an [`OrientedPiecesSpace`]: the arrangement of the tracked
/// stickers' pieces times the slot each sticker lies on.
#[derive(Clone, Debug)]
pub struct OrientedPieces {
    /// Point -> its piece (`u8::MAX` outside the pieces).
    piece_of: Vec<u8>,
    /// Point -> its place within its piece.
    slot_of: Vec<u8>,
    /// (piece, slot) -> point, `piece·o + slot`.
    point_of: Vec<u8>,
    orientations: usize,
    /// `o^k`.
    turns: u64,
    /// The arrangements of the `k` tracked stickers' pieces among the pieces.
    index: Arrangements,
}

impl OrientedPiecesSpace {
    /// The placements of the stickers `tracked` (0-based points, on distinct
    /// pieces) on `degree ≤ 255` points under the moves, the pieces being
    /// `pieces` (disjoint blocks of one size `o`, at most 64 of them, that every
    /// move maps onto pieces).
    pub fn new(
        name: &str,
        degree: usize,
        tracked: Vec<usize>,
        pieces: &[Vec<usize>],
        names: Vec<String>,
        perms: Vec<Perm>,
    ) -> Result<OrientedPiecesSpace, SpaceError> {
        let bad = |why: &str| Err(SpaceError::Other(format!("oriented pieces: {why}")));
        if degree > crate::limits::MAX_BYTE_STATE_POINTS || pieces.is_empty() || pieces.len() > 64 {
            return bad("at most 255 points and 1 to 64 pieces");
        }
        let o = pieces[0].len();
        if o == 0 || pieces.iter().any(|p| p.len() != o) {
            return bad("the pieces must have one size");
        }
        let mut piece_of = vec![u8::MAX; degree];
        let mut slot_of = vec![0u8; degree];
        let mut point_of = vec![0u8; pieces.len() * o];
        for (b, piece) in pieces.iter().enumerate() {
            for (t, &p) in piece.iter().enumerate() {
                if p >= degree || piece_of[p] != u8::MAX {
                    return bad("the pieces must be disjoint sets of points");
                }
                piece_of[p] = b as u8;
                slot_of[p] = t as u8;
                point_of[b * o + t] = p as u8;
            }
        }
        let mut seen = vec![false; pieces.len()];
        for &t in &tracked {
            if t >= degree || piece_of[t] == u8::MAX || seen[piece_of[t] as usize] {
                return bad("the tracked stickers must lie on distinct pieces");
            }
            seen[piece_of[t] as usize] = true;
        }
        if tracked.is_empty() {
            return bad("no tracked stickers");
        }
        let moves = MoveTable::new(names, &perms, degree);
        for f in moves.images() {
            for (p, &q) in f.iter().enumerate() {
                if (piece_of[p] == u8::MAX) != (piece_of[q as usize] == u8::MAX) {
                    return bad("a move takes a sticker off the pieces");
                }
            }
        }
        let index = Arrangements::new(pieces.len(), tracked.len())?;
        let turns = (o as u64)
            .checked_pow(tracked.len() as u32)
            .filter(|t| index.size().checked_mul(*t).is_some())
            .ok_or_else(|| SpaceError::Other("oriented pieces: too many entries".into()))?;
        let index = OrientedPieces {
            piece_of,
            slot_of,
            point_of,
            orientations: o,
            turns,
            index,
        };
        Ok(TrackedSpace::from_parts(
            name,
            degree,
            tracked.iter().map(|&t| t as u8).collect(),
            moves,
            index,
        ))
    }

    /// The number of entries of the space of `k` tracked stickers on `pieces`
    /// pieces of `o` stickers each (`None` past `u64`).
    pub fn entries(pieces: usize, k: usize, o: usize) -> Option<u64> {
        let a = Arrangements::new(pieces, k).ok()?.size();
        (o as u64).checked_pow(k as u32)?.checked_mul(a)
    }
}

impl PerfectIndex for OrientedPieces {
    fn size(&self) -> u64 {
        self.index.size() * self.turns
    }
    #[inline]
    fn rank(&self, s: &[u8]) -> u64 {
        let k = self.index.pieces();
        let mut pieces = [0u8; 64];
        let mut turn = 0u64;
        for (j, &p) in s[..k].iter().enumerate() {
            pieces[j] = self.piece_of[p as usize];
            turn = turn * self.orientations as u64 + self.slot_of[p as usize] as u64;
        }
        self.index.rank(&pieces[..k]) * self.turns + turn
    }
    #[inline]
    fn unrank(&self, r: u64, out: &mut [u8]) {
        let k = self.index.pieces();
        let mut pieces = [0u8; 64];
        self.index.unrank(r / self.turns, &mut pieces[..k]);
        let mut turn = r % self.turns;
        let o = self.orientations as u64;
        for j in (0..k).rev() {
            let t = (turn % o) as usize;
            turn /= o;
            out[j] = self.point_of[pieces[j] as usize * self.orientations + t];
        }
    }
}

impl TrackedIndex for OrientedPieces {
    fn kind(&self, tracked: &[u8]) -> String {
        format!("oriented pieces {}", labels_text(tracked))
    }
    fn details(&self) -> String {
        let pieces: Vec<String> = self
            .point_of
            .chunks(self.orientations)
            .map(|piece| format!("({})", labels_text(piece)))
            .collect();
        format!(", pieces {}", pieces.join(""))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::space::StateSpace;

    /// Two pieces of two stickers (points 0,1 and 2,3); a move swaps the pieces
    /// and turns one: the rank is a bijection on the reachable placements.
    #[test]
    fn rank_and_unrank_are_inverse() {
        let pieces = vec![vec![0, 1], vec![2, 3], vec![4, 5]];
        let a = Perm::from_images(vec![2, 3, 1, 0, 4, 5]).unwrap();
        let b = Perm::from_images(vec![0, 1, 4, 5, 2, 3]).unwrap();
        let s = OrientedPiecesSpace::new(
            "t",
            6,
            vec![0, 2],
            &pieces,
            vec!["a".into(), "b".into()],
            vec![a, b],
        )
        .unwrap();
        assert_eq!(s.size(), 3 * 2 * 4);
        assert_eq!(OrientedPiecesSpace::entries(3, 2, 2), Some(24));
        let mut seen = std::collections::HashSet::new();
        let mut out = [0u8; 2];
        for r in 0..s.size() {
            s.unrank(r, &mut out);
            let piece_of = &s.index().piece_of;
            assert_ne!(piece_of[out[0] as usize], piece_of[out[1] as usize]);
            assert_eq!(s.rank(&out), r);
            assert!(seen.insert(out));
        }
        assert_eq!(s.rank(&[0, 2]), s.rank(&s.goals()[0]));
        assert!(OrientedPiecesSpace::new("t", 6, vec![0, 1], &pieces, vec![], vec![]).is_err());
    }
}
