//! Near-optimal solutions through a subgroup `H` of the puzzle's group `G`, the
//! two-phase method of H. Kociemba (1992; after M. Thistlethwaite's four-phase
//! method, 1981): phase 1 moves the position into `H` with the puzzle's moves,
//! phase 2 solves it with the moves of `H`, each phase an IDA* search
//! ([`crate::search::ida`]) with exact pruning tables. Phase 1's tables are
//! placements of the orbits of `H` as classes of alike pieces
//! ([`ProjectionKind::Tokens`]): every element of `H` keeps each of its orbits in
//! place, so their distances bound the moves into `H` from below. Phase 2's are
//! [`auto_projections`] of `H`'s moves. Every phase-1 solution of each length in
//! turn is completed by an optimal phase 2, and the shortest total kept, until the
//! phase-1 length reaches the best total or the time runs out.
//!
//! For the 3x3x3 cube with `H = ⟨U, D, R2, L2, F2, B2⟩` this is Kociemba's
//! algorithm without its symmetry-reduced tables.

use super::ida::{
    auto_projections, Flow, Heuristic, Ida, IdaError, Limits, MoveSet, Pass, ProjectionKind,
};
use super::index::Tokens;
use crate::group::PermGroup;
use crate::perm::Perm;
use crate::puzzle::Puzzle;
use std::sync::atomic::AtomicBool;

/// Longest phase searched (in the metric).
const MAX_PHASE: u32 = 60;

/// A two-phase solver for one subgroup (see the module docs).
pub struct TwoPhase {
    full: MoveSet,
    sub: MoveSet,
    subgroup: PermGroup,
    phase1: Heuristic,
    phase2: Heuristic,
    /// Per move of `full`: whether it lies in `H`.
    in_sub: Vec<bool>,
}

/// A solution found by [`TwoPhase::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainSolution {
    /// The moves as (family, power) of the puzzle's move set.
    pub letters: Vec<(usize, u64)>,
    /// The moves' names.
    pub names: Vec<String>,
    /// Its length in the metric.
    pub cost: u32,
    /// The phase-1 length it came from.
    pub phase1: u32,
}

/// Parses a subgroup given as `PUZZLE[m1,m2,…]` (each `mi` a word of the puzzle):
/// the puzzle part must be `puzzle_spec`; returns the moves' texts and
/// permutations.
pub fn parse_subgroup(
    puzzle: &Puzzle,
    puzzle_spec: &str,
    text: &str,
) -> Result<Vec<(String, Perm)>, String> {
    parse_subgroup_option("--chain", puzzle, puzzle_spec, text)
}

/// [`parse_subgroup`], its errors naming the command-line option `option` that gave
/// the text.
pub fn parse_subgroup_option(
    option: &str,
    puzzle: &Puzzle,
    puzzle_spec: &str,
    text: &str,
) -> Result<Vec<(String, Perm)>, String> {
    let text = text.trim();
    let (name, rest) = text
        .split_once('[')
        .ok_or_else(|| format!("{option} {text:?}: expected PUZZLE[move,move,...]"))?;
    let list = rest
        .strip_suffix(']')
        .ok_or_else(|| format!("{option} {text:?}: missing the closing ]"))?;
    if name.trim() != puzzle_spec {
        return Err(format!(
            "{option} {text:?}: the subgroup is of {:?}, the puzzle is {puzzle_spec:?}",
            name.trim()
        ));
    }
    let mut out = Vec::new();
    for (i, m) in list.split(',').enumerate() {
        let m = m.trim();
        if m.is_empty() {
            return Err(format!("{option} {text:?}: move {} is empty", i + 1));
        }
        let w = puzzle
            .parse_word(m)
            .map_err(|e| format!("{option} {text:?}: move {} ({m:?}): {e}", i + 1))?;
        out.push((m.to_string(), puzzle.eval(&w)));
    }
    Ok(out)
}

/// Phase-1 projections: in each orbit of `G` (of at most 64 points), the orbits of
/// `H` as token classes. All of them in one table (the largest class left as the
/// empty cells) when it has at most `budget` entries; else every pair of classes
/// whose table fits, and alone every class in no such pair.
pub fn phase1_projections(
    full: &MoveSet,
    subgroup: &PermGroup,
    budget: u64,
) -> Vec<ProjectionKind> {
    let sub_orbits = subgroup.orbits();
    let mut out = Vec::new();
    for o in full.group().orbits() {
        if o.len() < 2 || o.len() > 64 {
            continue;
        }
        let mut classes: Vec<Vec<usize>> = sub_orbits
            .iter()
            .filter(|c| o.contains(&c[0]))
            .cloned()
            .collect();
        if classes.len() < 2 {
            continue;
        }
        classes.sort_by_key(|c| std::cmp::Reverse(c.len()));
        let size = |cs: &[&Vec<usize>]| {
            Tokens::new(o.len(), cs.iter().map(|c| c.len()).collect())
                .map_or(u64::MAX, |t| t.size())
        };
        let rest: Vec<&Vec<usize>> = classes[1..].iter().collect();
        if size(&rest) <= budget {
            out.push(ProjectionKind::Tokens(rest.into_iter().cloned().collect()));
            continue;
        }
        let mut paired = vec![false; classes.len()];
        for i in 0..classes.len() {
            for j in i + 1..classes.len() {
                if size(&[&classes[i], &classes[j]]) <= budget {
                    out.push(ProjectionKind::Tokens(vec![
                        classes[i].clone(),
                        classes[j].clone(),
                    ]));
                    paired[i] = true;
                    paired[j] = true;
                }
            }
        }
        for (i, c) in classes.iter().enumerate() {
            if !paired[i] && size(&[c]) <= budget {
                out.push(ProjectionKind::Tokens(vec![c.clone()]));
            }
        }
    }
    out
}

impl TwoPhase {
    /// A solver for the puzzle's moves in `metric` (`full`) through the subgroup
    /// generated by `sub_moves` (each a power of one puzzle move), with tables of
    /// at most `budget` entries each, all within `max_memory` (loaded from and saved
    /// to the directory `cache` when given: [`super::ida::cached_table`]).
    pub fn new(
        full: MoveSet,
        bases: &[(String, Perm)],
        sub_moves: &[Perm],
        budget: u64,
        max_memory: Option<u64>,
        stop: &AtomicBool,
        cache: Option<&std::path::Path>,
    ) -> Result<TwoPhase, IdaError> {
        let sub = MoveSet::new(full.degree(), bases, sub_moves, full.metric())?;
        let subgroup = sub.group();
        let group = full.group();
        if subgroup.order() == group.order() {
            return Err(IdaError::Other(
                "the subgroup is the whole group: nothing for phase 1 to do".into(),
            ));
        }
        let in_sub = full
            .moves()
            .iter()
            .map(|m| subgroup.contains(&m.perm))
            .collect();
        let kinds1 = phase1_projections(&full, &subgroup, budget);
        let kinds2 = auto_projections(&sub, budget);
        let mut all = Heuristic::planned_bytes(&full, &kinds1)?;
        all += Heuristic::planned_bytes(&sub, &kinds2)?;
        super::table::check_memory(all / 8 * 32, max_memory, 64 << 20)?;
        let phase1 = Heuristic::build(&full, kinds1, max_memory, stop, cache)?;
        let phase2 = Heuristic::build(&sub, kinds2, max_memory, stop, cache)?;
        Ok(TwoPhase {
            full,
            sub,
            subgroup,
            phase1,
            phase2,
            in_sub,
        })
    }

    /// The pruning tables' entries (phase 1, phase 2).
    pub fn entries(&self) -> (u64, u64) {
        (self.phase1.entries(), self.phase2.entries())
    }

    /// The subgroup.
    pub fn subgroup(&self) -> &PermGroup {
        &self.subgroup
    }

    /// The shortest solution of `start` (an image list) found within the limits
    /// (see the module docs), or `None` if none was found in time.
    pub fn solve(&self, start: &[u8], limits: Limits) -> Result<Option<ChainSolution>, IdaError> {
        let in_h = |s: &[u8]| {
            let g = Perm::from_images(s.iter().map(|&x| x as u32).collect())
                .expect("states are permutations");
            self.subgroup.contains(&g)
        };
        let mut best: Option<ChainSolution> = None;
        let mut out_of_time = false;
        let mut error: Option<IdaError> = None;
        let first = self.phase1.estimate(start)?;
        let mut slack = 3;
        let mut ida1 = Ida::new(&self.full, &self.phase1);
        for b1 in first..=MAX_PHASE {
            if best.as_ref().is_some_and(|b| b.cost <= b1) || out_of_time {
                break;
            }
            let pass = ida1.search_bound(start, b1, &in_h, limits, &mut |path1, state1| {
                if path1.last().is_some_and(|&m| self.in_sub[m]) {
                    // the position before the last move was in H already
                    return Flow::Continue;
                }
                // before the first solution, phase 2 is tried only a little beyond
                // its estimate (widened after each phase-1 length without one)
                let cap = match &best {
                    Some(b) => b.cost.saturating_sub(b1 + 1),
                    None => match self.phase2.estimate(state1) {
                        Ok(h) => (h + slack).min(MAX_PHASE),
                        Err(e) => {
                            error = Some(e);
                            return Flow::Stop;
                        }
                    },
                };
                let r2 = self.phase2(state1, cap, limits);
                match r2 {
                    Err(e) => {
                        error = Some(e);
                        return Flow::Stop;
                    }
                    Ok(Phase2::OutOfTime) => {
                        out_of_time = true;
                        return Flow::Stop;
                    }
                    Ok(Phase2::None) => {}
                    Ok(Phase2::Found(path2)) => {
                        let mut letters = self.full.letters(path1);
                        letters.extend(self.sub.letters(&path2));
                        let letters = self.full.merge(&letters);
                        let cost = letters
                            .iter()
                            .map(|&(f, k)| self.full.power_cost(f, k))
                            .sum();
                        if best.as_ref().is_none_or(|b| cost < b.cost) {
                            best = Some(ChainSolution {
                                names: letters
                                    .iter()
                                    .map(|&(f, k)| self.full.power_name(f, k))
                                    .collect(),
                                letters,
                                cost,
                                phase1: b1,
                            });
                        }
                    }
                }
                if limits.expired() {
                    out_of_time = true;
                    return Flow::Stop;
                }
                Flow::Continue
            })?;
            if let Some(e) = error {
                return Err(e);
            }
            if best.is_none() {
                slack += 1;
            }
            if pass == Pass::OutOfTime {
                break;
            }
        }
        Ok(best)
    }

    /// An optimal phase-2 solution of cost at most `cap`.
    fn phase2(&self, start: &[u8], cap: u32, limits: Limits) -> Result<Phase2, IdaError> {
        let identity = |s: &[u8]| s.iter().enumerate().all(|(i, &x)| x as usize == i);
        let mut ida = Ida::new(&self.sub, &self.phase2);
        let mut bound = self.phase2.estimate(start)?;
        while bound <= cap {
            let mut found = None;
            let pass = ida.search_bound(start, bound, &identity, limits, &mut |p, _| {
                found = Some(p.to_vec());
                Flow::Stop
            })?;
            match pass {
                Pass::Stopped => return Ok(Phase2::Found(found.expect("reported"))),
                Pass::OutOfTime => return Ok(Phase2::OutOfTime),
                Pass::Exhausted => bound += 1,
            }
        }
        Ok(Phase2::None)
    }
}

enum Phase2 {
    Found(Vec<usize>),
    None,
    OutOfTime,
}
