//! Larger boards (seed 000, end of Part IV and Part V): a general solver by 3-cycles,
//! or by the stabilizer-chain factorization when no 3-cycle is found, labelled by the
//! method it used.
//!
//! Works on any puzzle (typically `board:RxC:K`: `(n+1) × (n+1)` boards with `n × n`
//! blocks, `m × n` boards with 2×2 or 3×3 blocks). For each orbit of the group on the
//! cells (a colour class) a **specific 3-cycle** is looked for, in this order:
//!
//! 1. `[g, h]` for two letters whose supports meet in one cell (2×2 blocks meeting at
//!    a corner; 3×3 blocks two apart);
//! 2. the seed's construction: `[C, w⁻¹ C w]` with `C = (h' g')^4` — Cycle for the
//!    pair of blocks `g`, `h` (seed 000's `(Y X)^4` read counter-clockwise) — when the
//!    support of `C` is less than half of the board and the belt moved by a word `w`
//!    of length ≤ 4 meets the belt in one cell (`(n+1) × (n+1)` boards: the `n × (n+1)`
//!    sub-board's Cycle);
//! 3. a power `u^m` of a word `u` of length ≤ 5 that is a 3-cycle.
//!
//! The general 3-cycle of cells `x → y → z` is then `S T^{±1} S⁻¹` with an **optimal
//! setup** `S`: a breadth-first search over ordered triples of cells of the orbit,
//! from the six arrangements of `T`'s cells, gives for every triple a shortest word
//! carrying it onto one of them (the seed's Spiral-Cycle does this constructively on
//! `n × (n+1)` boards; here the search is affordable since it runs once per board).
//! If every orbit with at least three cells has a 3-cycle whose setups reach every
//! triple, the group contains the alternating group on every orbit and the solver
//! works as [`crate::nrp::solve()`]: a parity-fixing word first (from a search over the
//! orbits' sign patterns), then one 3-cycle per misplaced cell. Otherwise (e.g.
//! `2 × 3` with 2×2 blocks, `3 × 4` with 3×3 blocks, whose groups hold no 3-cycle) it
//! factors the state with [`PermGroup::factor`] (Minkwitz tables on the Schreier–Sims
//! chain).
//!
//! Solvability is decided by [`PermGroup::contains`], and an unsolvable state is
//! reported with the first restriction it breaks (orbit, then sign pattern).

use super::solve::Unsolvable;
use super::three_cycle::{place_by_three_cycles, three_cycle_exponent};
use crate::group::PermGroup;
use crate::perm::Perm;
use crate::puzzle::Puzzle;
use crate::word::Word;
use std::collections::{HashMap, HashSet, VecDeque};

/// How a state was (or will be) solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Method {
    /// General 3-cycles by conjugation with optimal setups.
    ThreeCycles,
    /// The stabilizer-chain factorization ([`PermGroup::factor`]).
    Factor,
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Method::ThreeCycles => "3-cycles (conjugates of a specific 3-cycle, optimal setups)",
            Method::Factor => "stabilizer-chain factor (Minkwitz tables)",
        })
    }
}

/// How an orbit's specific 3-cycle was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Found {
    /// Commutator of two letters meeting in one cell.
    LetterCommutator,
    /// `[C, w⁻¹ C w]` with a Cycle `C` of two blocks.
    CycleCommutator,
    /// A power of a short word.
    Power,
    /// Given by the caller.
    Given,
}

use crate::letters::{commutator, conjugate, inverse, Letters};

/// The 3-cycle machinery of one orbit.
#[derive(Clone, Debug)]
pub struct OrbitCycler {
    /// The specific 3-cycle's letters.
    pub letters: Letters,
    /// Its cells `p → q → r`.
    pub cells: [usize; 3],
    /// How it was found.
    pub found: Found,
    orbit: Vec<usize>,
    local: HashMap<usize, usize>,
    /// For each ordered triple (index `(a·m + b)·m + c` of local indices): the move
    /// (index into the solver's move list) toward a source, or `u8::MAX`.
    toward: Vec<u8>,
}

/// The general solver of a puzzle.
#[derive(Clone, Debug)]
pub struct GeneralSolver {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its group.
    pub group: PermGroup,
    /// The moves of searches: `(generator, power)` with powers `1, -1` (and `2` for
    /// generators of order 4 or more).
    pub moves: Letters,
    move_perms: Vec<Perm>,
    /// The orbits (colour classes) on the cells, fixed cells included.
    pub orbits: Vec<Vec<usize>>,
    orbit_of: Vec<usize>,
    /// The 3-cycle machinery per orbit (`None` for orbits of fewer than 3 cells or
    /// when none was found).
    pub cyclers: Vec<Option<OrbitCycler>>,
    /// The method [`GeneralSolver::solve`] uses.
    pub method: Method,
}

/// A solution by the general solver.
#[derive(Clone, Debug)]
pub struct GeneralSolution {
    /// Letters, freely reduced with the generator orders.
    pub letters: Letters,
    /// The word.
    pub word: Word,
    /// The method used.
    pub method: Method,
    /// General 3-cycles used (0 for [`Method::Factor`]).
    pub three_cycles: usize,
}

/// Largest orbit for the triple search (`m³` bytes).
pub const MAX_ORBIT: usize = 200;

fn support_set(p: &Perm) -> HashSet<usize> {
    p.support().into_iter().collect()
}

impl GeneralSolver {
    /// Builds the solver: group, orbits, specific 3-cycles and setup tables.
    pub fn new(puzzle: &Puzzle) -> GeneralSolver {
        GeneralSolver::with_three_cycles(puzzle, &[])
    }

    /// As [`GeneralSolver::new`], trying first the given words (letters over the
    /// generators) that are 3-cycles (used with seed 000's specific 3-cycles).
    pub fn with_three_cycles(puzzle: &Puzzle, given: &[Letters]) -> GeneralSolver {
        let group = puzzle.group();
        let gens = puzzle.generator_perms();
        let mut moves = Vec::new();
        for (g, perm) in gens.iter().enumerate() {
            let o = u64::try_from(perm.order()).unwrap_or(u64::MAX);
            if o <= 1 {
                continue;
            }
            moves.push((g, 1));
            if o > 2 {
                moves.push((g, -1));
            }
            if o >= 4 {
                moves.push((g, 2));
            }
        }
        let move_perms: Vec<Perm> = moves.iter().map(|&(g, p)| gens[g].pow(p)).collect();
        let orbits = group.orbits();
        let mut orbit_of = vec![0; puzzle.degree()];
        for (k, o) in orbits.iter().enumerate() {
            for &c in o {
                orbit_of[c] = k;
            }
        }
        let mut s = GeneralSolver {
            puzzle: puzzle.clone(),
            group,
            moves,
            move_perms,
            orbits,
            orbit_of,
            cyclers: Vec::new(),
            method: Method::Factor,
        };
        let found = s.find_three_cycles(given);
        s.cyclers = found
            .into_iter()
            .map(|f| f.and_then(|(letters, cells, how)| s.cycler(letters, cells, how)))
            .collect();
        let all = s
            .orbits
            .iter()
            .zip(&s.cyclers)
            .all(|(o, c)| o.len() < 3 || c.is_some());
        s.method = if all {
            Method::ThreeCycles
        } else {
            Method::Factor
        };
        s
    }

    fn eval(&self, letters: &[(usize, i64)]) -> Perm {
        self.puzzle.eval(&self.word(letters))
    }

    /// Letters as a word of the puzzle.
    pub fn word(&self, letters: &[(usize, i64)]) -> Word {
        Word::from_letters(self.puzzle.alphabet().names().to_vec().into(), letters)
    }

    /// Free reduction with the generator orders.
    pub fn simplify(&self, letters: &[(usize, i64)]) -> Letters {
        let orders: Vec<u64> = self.puzzle.move_orders();
        self.word(letters).simplify(&orders).letters()
    }

    /// A 3-cycle per orbit (module docs, steps 1–3).
    #[allow(clippy::type_complexity)]
    fn find_three_cycles(&self, given: &[Letters]) -> Vec<Option<(Letters, [usize; 3], Found)>> {
        let k = self.orbits.len();
        let mut out: Vec<Option<(Letters, [usize; 3], Found)>> = vec![None; k];
        let offer = |out: &mut Vec<Option<_>>, letters: Letters, how: Found| -> bool {
            let p = self.eval(&letters);
            let cycles: Vec<Vec<usize>> = p.cycles().into_iter().filter(|c| c.len() > 1).collect();
            if cycles.len() == 1 && cycles[0].len() == 3 {
                let c = &cycles[0];
                let o = self.orbit_of[c[0]];
                if out[o].is_none() {
                    out[o] = Some((letters, [c[0], c[1], c[2]], how));
                }
            }
            out.iter()
                .zip(&self.orbits)
                .all(|(f, o)| f.is_some() || o.len() < 3)
        };
        for g in given {
            if offer(&mut out, g.clone(), Found::Given) {
                return out;
            }
        }
        let letters = self.moves.clone();
        let words = short_words(self, 5, 100_000);
        // 1. commutators of two letters meeting in one cell
        for &a in &letters {
            for &b in &letters {
                if a.0 >= b.0 {
                    continue;
                }
                let (pa, pb) = (self.eval(&[a]), self.eval(&[b]));
                if support_set(&pa).intersection(&support_set(&pb)).count() == 1
                    && offer(
                        &mut out,
                        vec![a, b, (a.0, -a.1), (b.0, -b.1)],
                        Found::LetterCommutator,
                    )
                {
                    return out;
                }
            }
        }
        // 2. Cycle commutators [C, w⁻¹ C w]
        let ngen = self.puzzle.generators().len();
        for g in 0..ngen {
            for h in 0..ngen {
                if g == h {
                    continue;
                }
                let c: Letters = [(h, -1), (g, -1)].repeat(4);
                let belt = support_set(&self.eval(&c));
                if belt.is_empty() || 2 * belt.len() >= self.puzzle.degree() {
                    continue;
                }
                for (w, pw) in words.iter().filter(|(w, _)| w.len() <= 4) {
                    let meet = belt
                        .iter()
                        .filter(|&&x| belt.contains(&pw.image(x)))
                        .count();
                    if meet != 1 {
                        continue;
                    }
                    let t = commutator(&c, &conjugate(&c, w));
                    if offer(&mut out, t, Found::CycleCommutator) {
                        return out;
                    }
                }
            }
        }
        // 3. powers of short words
        if self.puzzle.degree() <= 64 {
            for (u, pu) in &words {
                if let Some(m) = three_cycle_exponent(&pu.cycle_type()) {
                    if offer(&mut out, u.repeat(m), Found::Power) {
                        return out;
                    }
                }
            }
        }
        out
    }

    /// The setup table of an orbit; `None` if the orbit is too large or some triple
    /// cannot be carried onto the 3-cycle's cells.
    fn cycler(&self, letters: Letters, cells: [usize; 3], found: Found) -> Option<OrbitCycler> {
        let orbit = self.orbits[self.orbit_of[cells[0]]].clone();
        let m = orbit.len();
        if m > MAX_ORBIT || self.moves.len() >= (u8::MAX - 1) as usize {
            return None;
        }
        let local: HashMap<usize, usize> = orbit.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let idx = |a: usize, b: usize, c: usize| (a * m + b) * m + c;
        let mut toward = vec![u8::MAX; m * m * m];
        let mut queue = VecDeque::new();
        let [p, q, r] = cells.map(|c| local[&c]);
        const SOURCE: u8 = u8::MAX - 1;
        for (a, b, c) in [
            (p, q, r),
            (q, r, p),
            (r, p, q),
            (p, r, q),
            (r, q, p),
            (q, p, r),
        ] {
            toward[idx(a, b, c)] = SOURCE;
            queue.push_back((a, b, c));
        }
        // local images of the inverse moves
        let inv: Vec<Vec<usize>> = self
            .move_perms
            .iter()
            .map(|mp| {
                let pi = mp.inverse();
                orbit.iter().map(|&c| local[&pi.image(c)]).collect()
            })
            .collect();
        let mut seen = 6;
        while let Some((a, b, c)) = queue.pop_front() {
            for (k, im) in inv.iter().enumerate() {
                let t = (im[a], im[b], im[c]);
                let i = idx(t.0, t.1, t.2);
                if toward[i] == u8::MAX {
                    toward[i] = k as u8;
                    seen += 1;
                    queue.push_back(t);
                }
            }
        }
        if seen != m * (m - 1) * (m - 2) {
            return None;
        }
        Some(OrbitCycler {
            letters,
            cells,
            found,
            orbit,
            local,
            toward,
        })
    }

    /// The general 3-cycle `x → y → z` (cells of one orbit with a cycler).
    pub fn three_cycle(&self, cells: [usize; 3]) -> Option<Letters> {
        let o = self.orbit_of[cells[0]];
        if cells.iter().any(|&c| self.orbit_of[c] != o) {
            return None;
        }
        let cy = self.cyclers[o].as_ref()?;
        let m = cy.orbit.len();
        let idx = |a: usize, b: usize, c: usize| (a * m + b) * m + c;
        let mut t = cells.map(|c| cy.local[&c]);
        let mut setup = Vec::new();
        loop {
            let k = cy.toward[idx(t[0], t[1], t[2])];
            if k == u8::MAX - 1 {
                break;
            }
            let mv = &self.move_perms[k as usize];
            t = t.map(|a| cy.local[&mv.image(cy.orbit[a])]);
            setup.push(self.moves[k as usize]);
        }
        let [p, q, r] = cy.cells.map(|c| cy.local[&c]);
        let forward = [[p, q, r], [q, r, p], [r, p, q]].contains(&t);
        let mut w = setup.clone();
        if forward {
            w.extend(&cy.letters);
        } else {
            w.extend(inverse(&cy.letters));
        }
        w.extend(inverse(&setup));
        Some(w)
    }

    /// Sign pattern (bit `k` = odd on orbit `k`) of a permutation.
    fn pattern(&self, p: &Perm) -> u64 {
        let mut bits = 0u64;
        for c in p.cycles() {
            if c.len() % 2 == 0 {
                bits ^= 1 << (self.orbit_of[c[0]] % 64);
            }
        }
        bits
    }

    /// Why a state is unsolvable, if it is.
    pub fn check(&self, state: &[u32]) -> Result<Perm, Unsolvable> {
        let bad = |why: String| Unsolvable::BadState {
            rows: 0,
            cols: 0,
            why,
        };
        if state.len() != self.puzzle.degree() {
            return Err(bad(format!(
                "{} entries, need {}",
                state.len(),
                self.puzzle.degree()
            )));
        }
        let g = Perm::from_state(state).map_err(|e| bad(e.to_string()))?;
        if self.group.contains(&g) {
            return Ok(g);
        }
        for (cell, &l) in state.iter().enumerate() {
            if self.orbit_of[cell] != self.orbit_of[l as usize] {
                return Err(Unsolvable::Parity(format!(
                    "number {} is on cell {}, outside its orbit of {} cells: no move sequence \
                     takes it home",
                    l + 1,
                    cell + 1,
                    self.orbits[self.orbit_of[l as usize]].len()
                )));
            }
        }
        if self.method == Method::ThreeCycles {
            return Err(Unsolvable::Parity(format!(
                "the state's sign pattern on the {} orbits is not one the moves produce",
                self.orbits.iter().filter(|o| o.len() > 1).count()
            )));
        }
        Err(Unsolvable::Parity(format!(
            "the state is not in the group of the puzzle (order {})",
            self.group.order()
        )))
    }

    /// A shortest word (in generators) with a given sign pattern.
    fn parity_word(&self, want: u64) -> Option<Letters> {
        let gens = self.puzzle.generator_perms();
        let pats: Vec<u64> = gens.iter().map(|g| self.pattern(g)).collect();
        let mut prev: HashMap<u64, Option<(u64, usize)>> = HashMap::new();
        prev.insert(0, None);
        let mut queue = VecDeque::from([0u64]);
        while let Some(x) = queue.pop_front() {
            if x == want {
                break;
            }
            for (g, &p) in pats.iter().enumerate() {
                let y = x ^ p;
                if let std::collections::hash_map::Entry::Vacant(e) = prev.entry(y) {
                    e.insert(Some((x, g)));
                    queue.push_back(y);
                }
            }
        }
        let mut word = Vec::new();
        let mut x = want;
        while let Some(&Some((px, g))) = prev.get(&x) {
            word.push((g, 1));
            x = px;
        }
        prev.contains_key(&want).then(|| {
            word.reverse();
            word
        })
    }

    /// Solves a state (0-based labels in cell order).
    pub fn solve(&self, state: &[u32]) -> Result<GeneralSolution, Unsolvable> {
        let g = self.check(state)?;
        if self.method == Method::Factor {
            let letters = self.group.factor(&g.inverse()).ok_or_else(|| {
                Unsolvable::TooLarge("the group is too large to factor".to_string())
            })?;
            let letters = self.simplify(&letters);
            return Ok(GeneralSolution {
                word: self.word(&letters),
                letters,
                method: Method::Factor,
                three_cycles: 0,
            });
        }
        let fix = self
            .parity_word(self.pattern(&g))
            .expect("a member's sign pattern is reachable");
        let mut cur = self.eval(&fix).apply_to_state(state);
        let mut pos = vec![0usize; cur.len()];
        for (c, &l) in cur.iter().enumerate() {
            pos[l as usize] = c;
        }
        let mut letters = fix;
        let mut count = 0;
        for orbit in &self.orbits {
            let (w, k) = place_by_three_cycles(&mut cur, &mut pos, orbit, |c| {
                self.three_cycle(c).expect("cycler exists")
            });
            letters.extend(w);
            count += k;
        }
        let letters = self.simplify(&letters);
        Ok(GeneralSolution {
            word: self.word(&letters),
            letters,
            method: Method::ThreeCycles,
            three_cycles: count,
        })
    }

    /// A uniformly random solvable state.
    pub fn random_state<R: rand::Rng>(&self, rng: &mut R) -> Vec<u32> {
        self.group.random_element(rng).to_state()
    }
}

/// Words over the moves of length `1..=max_len`, without two adjacent letters of one
/// generator, by length then move order, with their permutations; stops before a
/// length whose words would exceed `max_count` in all.
fn short_words(solver: &GeneralSolver, max_len: usize, max_count: usize) -> Vec<(Letters, Perm)> {
    let mut all: Vec<(Letters, Perm)> = Vec::new();
    let mut frontier: Vec<(Letters, Perm)> =
        vec![(Vec::new(), Perm::identity(solver.puzzle.degree()))];
    for _ in 0..max_len {
        let mut next = Vec::new();
        for (w, p) in &frontier {
            for (k, &l) in solver.moves.iter().enumerate() {
                if w.last().is_some_and(|&(g, _)| g == l.0) {
                    continue;
                }
                let mut w2 = w.clone();
                w2.push(l);
                next.push((w2, p * &solver.move_perms[k]));
            }
            if all.len() + next.len() > max_count {
                return all;
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all
}

/// Optimal solutions by breadth-first search over the whole state space, for groups
/// of at most `limit` elements (`None` above): a table of distances from solved.
#[derive(Clone, Debug)]
pub struct OptimalTable {
    moves: Letters,
    move_perms: Vec<Perm>,
    dist: HashMap<Vec<u32>, u8>,
}

impl OptimalTable {
    /// Builds the table (moves as in [`GeneralSolver::moves`]).
    pub fn new(solver: &GeneralSolver, limit: u128) -> Option<OptimalTable> {
        let order = solver.group.order_u128()?;
        if order > limit {
            return None;
        }
        let solved = solver.puzzle.solved();
        let mut dist = HashMap::new();
        dist.insert(solved.clone(), 0u8);
        let mut queue = VecDeque::from([solved]);
        while let Some(s) = queue.pop_front() {
            let d = dist[&s];
            for mp in &solver.move_perms {
                let t = mp.apply_to_state(&s);
                if !dist.contains_key(&t) {
                    dist.insert(t.clone(), d + 1);
                    queue.push_back(t);
                }
            }
        }
        Some(OptimalTable {
            moves: solver.moves.clone(),
            move_perms: solver.move_perms.clone(),
            dist,
        })
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.dist.len()
    }

    /// Whether the table is empty (never: it holds the solved state).
    pub fn is_empty(&self) -> bool {
        self.dist.is_empty()
    }

    /// The largest distance (God's number in this metric).
    pub fn diameter(&self) -> u8 {
        self.dist.values().copied().max().unwrap_or(0)
    }

    /// An optimal solution of a state, or `None` if unreachable.
    pub fn solve(&self, state: &[u32]) -> Option<Letters> {
        let mut d = *self.dist.get(state)?;
        let mut s = state.to_vec();
        let mut out = Vec::new();
        while d > 0 {
            let (k, t) = self
                .move_perms
                .iter()
                .enumerate()
                .map(|(k, mp)| (k, mp.apply_to_state(&s)))
                .find(|(_, t)| self.dist.get(t) == Some(&(d - 1)))
                .expect("a neighbour is one closer");
            out.push(self.moves[k]);
            s = t;
            d -= 1;
        }
        Some(out)
    }
}
